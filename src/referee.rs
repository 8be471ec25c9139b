//! The headless referee: selfplay with the built-in bots, replay (re-simulating every launch),
//! and check (validate without simulating). The `referee` binary is a thin shell over this.

pub use crate::core::driver::Origin;
use crate::core::driver::Recorded;
use crate::core::replay::Replay;
use crate::core::strict_json::{escaped_whole, shown};
use crate::core::{Refusal, RuleResult, Session};
use crate::games;
pub use crate::headless::{write_atomically, RunResult, SelfplayError};

pub use crate::core::driver::MOVE_CAP;

/// Plays a whole game with bots. Errors: bad arguments (Refusal), the move cap, a stuck bot.
pub fn selfplay(
    game: &str,
    players: usize,
    seed: u64,
    options: &[String],
) -> Result<Session, SelfplayError> {
    // The seat count is checked before any seat is made (a huge count must not allocate).
    let info = games::info(game).map_err(SelfplayError::Refused)?;
    if players < info.min_seats || players > info.max_seats {
        return Err(SelfplayError::Refused(Refusal(format!(
            "{} takes {} to {} players, not {players}",
            info.name, info.min_seats, info.max_seats
        ))));
    }
    crate::headless::selfplay(game, players, seed, options).map(|d| d.session)
}

/// Plays a whole game with one bot per entry of `levels`, each at its level.
pub fn selfplay_at(
    game: &str,
    levels: &[crate::core::Level],
    seed: u64,
    options: &[String],
) -> Result<Session, SelfplayError> {
    let players = levels.len();
    let info = games::info(game).map_err(SelfplayError::Refused)?;
    if players < info.min_seats || players > info.max_seats {
        return Err(SelfplayError::Refused(Refusal(format!(
            "{} takes {} to {} players, not {players}",
            info.name, info.min_seats, info.max_seats
        ))));
    }
    crate::headless::selfplay_at(game, levels, seed, options).map(|d| d.session)
}

/// Replays a file: re-simulates every launch and checks it reproduces its recorded outcome
/// (`simulate` = true), or only checks legality applying the recorded outcomes (`check`).
pub fn replay(text: &str, simulate: bool) -> RuleResult<Session> {
    let mode = if simulate {
        Recorded::Verify
    } else {
        Recorded::Check
    };
    crate::headless::replay(text, mode).map(|d| d.session)
}

/// Replays (`simulate`) or checks a file from `origin` (see `Driver::apply_recorded_as`).
pub fn replay_as(text: &str, simulate: bool, origin: Origin) -> RuleResult<Session> {
    let mode = if simulate {
        Recorded::Verify
    } else {
        Recorded::Check
    };
    let header = Replay::parse(text)?;
    let game = games::new_game(
        &header.game,
        &header.options,
        header.seats.clone(),
        header.seed,
    )?;
    crate::core::driver::Driver::replay_as(game, &header, mode, origin).map(|d| d.session)
}

/// The determinism trace of a replay: one line per move, so two platforms' traces can be compared
/// line by line and the first differing line names the move whose outcome diverged.
///
/// Every launch is re-simulated on this platform and its hash, steps and facts digest printed with
/// whether they match the recorded outcome. The recorded outcome (when there is one) is what gets
/// applied, so every platform follows the file's path and each shot is compared on its own; a
/// launch without an outcome applies the fresh one. After each move comes a digest of the rules
/// state (turn, phase, scores). The last lines are the summary (as `replay` prints it) and
/// `simhash`, a hash over every re-simulated outcome. Errors: the first refused move; a shot that
/// re-simulates differently from its recording is reported in its line and in the error.
pub fn trace(text: &str) -> (Vec<String>, Result<(), Refusal>) {
    use crate::core::replay::{fnv1a, FNV_OFFSET};
    use nanoserde::SerJson;
    let mut out = Vec::new();
    let header = match Replay::parse(text) {
        Ok(h) => h,
        Err(e) => return (out, Err(e)),
    };
    let mut driver = match crate::headless::driver_for(&header) {
        Ok(d) => d,
        Err(e) => return (out, Err(e)),
    };
    let mut sim_hash = FNV_OFFSET;
    let mut first_mismatch: Option<usize> = None;
    for (i, mv) in header.moves.iter().enumerate() {
        let mut mv = mv.clone();
        let mut line = format!("move {i} seat {} {}", mv.seat, mv.action);
        if !mv.args.is_empty() {
            line.push_str(&format!(" {:?}", mv.args));
        }
        if let Some(l) = &mv.launch {
            line.push_str(&format!(
                " launch {}/{}/{}/{}/{}/{}",
                l.kind, l.angle, l.power, l.spin, l.x, l.y
            ));
            let sim = match driver.game().start_shot(l) {
                Ok(mut shot) => shot.run_to_rest(),
                Err(e) => {
                    out.push(line);
                    return (out, Err(Refusal(format!("move {i}: launch refused: {e}"))));
                }
            };
            let facts = fnv1a(FNV_OFFSET, sim.facts.serialize_json().as_bytes());
            sim_hash = fnv1a(sim_hash, sim.hash.as_bytes());
            sim_hash = fnv1a(sim_hash, &facts.to_le_bytes());
            let verdict = match &mv.outcome {
                None => "fresh",
                Some(rec)
                    if rec.facts == sim.facts && (rec.hash.is_empty() || rec.hash == sim.hash) =>
                {
                    "same"
                }
                Some(_) => {
                    first_mismatch.get_or_insert(i);
                    "DIFFERENT"
                }
            };
            line.push_str(&format!(
                " sim {} steps {} facts {facts:016x} recorded {verdict}",
                sim.hash, sim.steps
            ));
            if mv.outcome.is_none() {
                mv.outcome = Some(sim);
            }
        } else if mv.outcome.is_some() {
            line.push_str(" outcome-only");
        }
        if let Err(e) = driver.play(mv) {
            out.push(line);
            return (out, Err(Refusal(format!("move {i}: {e}"))));
        }
        let mut state = FNV_OFFSET;
        let turn = driver.game().turn().map(|t| t as i64).unwrap_or(-1);
        state = fnv1a(state, &turn.to_le_bytes());
        state = fnv1a(state, driver.game().phase().as_bytes());
        for s in driver.game().scores() {
            state = fnv1a(state, &s.to_le_bytes());
        }
        line.push_str(&format!(" state {state:016x}"));
        out.push(line);
    }
    out.push(driver.session.summary());
    out.push(format!("simhash {sim_hash:016x}"));
    match first_mismatch {
        Some(i) => (
            out,
            Err(Refusal(format!(
                "move {i}: the shot re-simulates differently from its recorded outcome"
            ))),
        ),
        None => (out, Ok(())),
    }
}

/// A command's flags and files, read strictly: unknown flags, a flag without its value, a flag
/// given twice and extra arguments are refused (usage, exit 2).
#[derive(Debug, Default)]
pub struct Flags {
    values: Vec<(&'static str, String)>,
    switches: Vec<&'static str>,
    pub files: Vec<String>,
}

impl Flags {
    pub fn parse(
        cmd: &str,
        args: &[String],
        with_value: &[&'static str],
        repeatable: &[&'static str],
        switches: &[&'static str],
        max_files: usize,
    ) -> Result<Flags, String> {
        let mut f = Flags::default();
        let mut it = args.iter();
        while let Some(a) = it.next() {
            if let Some(&name) = with_value.iter().find(|n| **n == a) {
                let Some(v) = it.next().filter(|v| !v.starts_with("--")) else {
                    return Err(format!("{cmd}: {name} needs a value"));
                };
                if f.value(name).is_some() && !repeatable.contains(&name) {
                    return Err(format!("{cmd}: {name} is given twice"));
                }
                f.values.push((name, v.clone()));
            } else if let Some(&name) = switches.iter().find(|n| **n == a) {
                if f.switches.contains(&name) {
                    return Err(format!("{cmd}: {name} is given twice"));
                }
                f.switches.push(name);
            } else if a.starts_with('-') && a.len() > 1 {
                return Err(format!("{cmd}: unknown flag {}", shown(a)));
            } else if f.files.len() < max_files {
                f.files.push(a.clone());
            } else {
                return Err(format!("{cmd}: unexpected argument {}", shown(a)));
            }
        }
        Ok(f)
    }

    pub fn value(&self, name: &str) -> Option<&str> {
        self.values
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn all(&self, name: &str) -> Vec<String> {
        self.values
            .iter()
            .filter(|(n, _)| *n == name)
            .map(|(_, v)| v.clone())
            .collect()
    }

    pub fn switch(&self, name: &str) -> bool {
        self.switches.contains(&name)
    }

    fn num<T: std::str::FromStr>(&self, name: &str, default: Option<T>) -> Result<T, String> {
        match self.value(name) {
            Some(v) => v
                .parse()
                .map_err(|_| format!("{name} expects a number, not {}", shown(v))),
            None => default.ok_or_else(|| format!("{name} is required")),
        }
    }
}

/// Reads a replay file from outside (see `files::read_text`: regular files only, size cap).
pub fn read_file(path: &str) -> Result<String, String> {
    crate::files::read_text(path)
}

pub const USAGE: &str = "usage:
  referee selfplay --game ID --players N [--levels L,L...] [--seed S] [--option NAME]... [--out FILE]
      (levels: easy, normal or hard, one per seat; default normal)
  referee tournament --game ID --seats L,L... [--games N] [--seed S] [--option NAME]... [--tsv FILE]
      (N games, seats rotating; win rates, start seat, length; last line JSON; default N 200)
  referee aim --game ID [--players N] [--positions P] [--tries T] [--seed S]
      (how each level's shots come off on the same positions)
  referee replay [--scenario] FILE
  referee check [--scenario] FILE
      (--scenario: a rule scenario, whose shots may be outcome-only; files from players may not)
  referee trace FILE...   (one line per move with re-simulated hashes: for determinism checks)
  referee trace --synthetic   (the benchmark's synthetic scenes, one hash per frame)
  referee link FILE   (the game as a link fragment, #g=...: every shot re-simulated first)
  referee unlink LINK --out FILE   (a link back into a replay file, every shot re-simulated)
  referee games   (available games: id, min seats, max seats)
  referee bench [--game ID]... [--reps N] [--replays DIR] [--tsv] [--no-selfplay]
  referee bench --bots [--game ID]... [--seed S] [--no-baseline]   (Hard decision wall and CPU times, whole-game times)
game ids: castle, feud, carcassonne, assault, catapults";

/// Runs the referee with command-line arguments (without the program name).
pub fn run(args: &[String]) -> RunResult {
    let mut r = RunResult::default();
    let usage = |r: &mut RunResult, msg: String| {
        r.code = 2;
        r.err.push(msg);
        r.err.push(USAGE.to_string());
    };
    match args.first().map(|s| s.as_str()) {
        Some("selfplay") => {
            let flags = match Flags::parse(
                "selfplay",
                &args[1..],
                &[
                    "--game",
                    "--players",
                    "--levels",
                    "--seed",
                    "--option",
                    "--out",
                ],
                &["--option"],
                &[],
                0,
            ) {
                Ok(f) => f,
                Err(e) => {
                    usage(&mut r, e);
                    return r;
                }
            };
            let Some(game) = flags.value("--game").map(str::to_string) else {
                usage(&mut r, "selfplay: --game is required".into());
                return r;
            };
            let players = match flags.num::<usize>("--players", None) {
                Ok(p) => p,
                Err(e) => {
                    usage(&mut r, format!("selfplay: {e}"));
                    return r;
                }
            };
            let seed = match flags.num::<u64>("--seed", Some(1)) {
                Ok(s) => s,
                Err(e) => {
                    usage(&mut r, format!("selfplay: {e}"));
                    return r;
                }
            };
            let options = flags.all("--option");
            let played = match flags.value("--levels").map(crate::tournament::parse_levels) {
                None => selfplay(&game, players, seed, &options),
                Some(Ok(l)) if l.len() == players => selfplay_at(&game, &l, seed, &options),
                Some(Ok(l)) => {
                    usage(
                        &mut r,
                        format!(
                            "selfplay: --levels names {} level(s) for {players} players \
                             (one per seat)",
                            l.len()
                        ),
                    );
                    return r;
                }
                Some(Err(e)) => {
                    usage(&mut r, format!("selfplay: --levels: {e}"));
                    return r;
                }
            };
            match played {
                Ok(session) => {
                    if let Some(out) = flags.value("--out") {
                        if let Err(e) = write_atomically(out, &session.replay.to_json()) {
                            r.code = 2;
                            r.err.push(e);
                            return r;
                        }
                    }
                    r.out.push(session.summary());
                }
                Err(SelfplayError::Refused(e)) => {
                    r.code = 2;
                    r.err.push(format!("selfplay: {e}"));
                }
                Err(SelfplayError::MoveCap(cap)) => {
                    r.code = 1;
                    r.err
                        .push(format!("selfplay: the game did not end within {cap} moves"));
                }
                Err(SelfplayError::Stuck(e)) => {
                    r.code = 1;
                    r.err.push(format!("selfplay: {e}"));
                }
            }
        }
        Some(cmd @ ("replay" | "check")) => {
            let flags = match Flags::parse(cmd, &args[1..], &[], &[], &["--scenario"], 1) {
                Ok(f) => f,
                Err(e) => {
                    usage(&mut r, e);
                    return r;
                }
            };
            let Some(path) = flags.files.first() else {
                usage(&mut r, format!("{cmd}: a replay FILE is required"));
                return r;
            };
            let text = match read_file(path) {
                Ok(t) => t,
                Err(e) => {
                    r.code = 2;
                    r.err.push(format!("{cmd}: {e}"));
                    return r;
                }
            };
            let origin = if flags.switch("--scenario") {
                Origin::Scenario
            } else {
                Origin::Player
            };
            match replay_as(&text, cmd == "replay", origin) {
                Ok(session) => {
                    if cmd == "check" {
                        r.out.push(format!(
                            "{}: valid {} replay, {} moves, game over: {}",
                            shown(path),
                            session.replay.game,
                            session.replay.moves.len(),
                            session.game.is_over()
                        ));
                    }
                    r.out.push(session.summary());
                }
                Err(e) => {
                    r.code = 2;
                    r.err.push(format!("{cmd} {}: {e}", shown(path)));
                }
            }
        }
        Some("games") if args.len() > 1 => {
            usage(
                &mut r,
                format!("games: unexpected argument {}", shown(&args[1])),
            );
        }
        Some("games") => {
            for g in games::GAMES.iter().filter(|g| g.available) {
                r.out
                    .push(format!("{} {} {}", g.id, g.min_seats, g.max_seats));
            }
        }
        Some("trace") if args.len() == 2 && args[1] == "--synthetic" => {
            r.out.extend(crate::bench::synthetic_trace());
        }
        Some("trace") => {
            if args.len() < 2 {
                usage(&mut r, "trace: at least one replay FILE is required".into());
                return r;
            }
            if let Some(a) = args[1..].iter().find(|a| a.starts_with('-')) {
                usage(&mut r, format!("trace: unknown flag {}", shown(a)));
                return r;
            }
            for path in &args[1..] {
                r.out.push(format!("== {}", escaped_whole(path)));
                let (lines, result) = match read_file(path) {
                    Ok(text) => trace(&text),
                    Err(e) => (Vec::new(), Err(Refusal(e))),
                };
                r.out.extend(lines);
                if let Err(e) = result {
                    r.code = 2;
                    r.out.push(format!("error: {e}"));
                    r.err.push(format!("trace {}: {e}", shown(path)));
                }
            }
        }
        Some("bench") => return crate::bench::run(&args[1..]),
        Some("tournament") => return crate::tournament::tournament_command(&args[1..]),
        Some("aim") => return crate::tournament::aim_command(&args[1..]),
        Some("link") => return link_command(&args[1..]),
        Some("unlink") => return unlink_command(&args[1..]),
        Some(other) => usage(&mut r, format!("unknown command {}", shown(other))),
        None => usage(&mut r, "a command is required".into()),
    }
    r
}

/// Entry points for tracing replays inside the shipped web build (`wasm32-unknown-unknown`), in
/// Node or in a browser page (`tests/wasm/web-trace.mjs`): write a replay into memory obtained
/// from `ct_det_alloc`, call `ct_det_trace`, read the trace text (the lines of `referee trace`)
/// at `ct_det_out_ptr` / `ct_det_out_len`. `ct_det_synthetic` traces the synthetic scenes.
/// Nothing calls them in normal play.
pub mod web_probe {
    use std::sync::Mutex;

    static OUT: Mutex<Vec<u8>> = Mutex::new(Vec::new());

    fn publish(lines: &[String]) -> u32 {
        let text = lines.join("\n");
        let len = text.len() as u32;
        if let Ok(mut out) = OUT.lock() {
            *out = text.into_bytes();
        }
        len
    }

    /// A zeroed buffer of `len` bytes for the caller to fill; `ct_det_trace` takes it back.
    #[no_mangle]
    pub extern "C" fn ct_det_alloc(len: u32) -> *mut u8 {
        Box::into_raw(vec![0u8; len as usize].into_boxed_slice()) as *mut u8
    }

    /// Traces the replay in the buffer and frees it; returns the trace's length in bytes.
    ///
    /// # Safety
    /// `ptr` and `len` must come from one `ct_det_alloc(len)` call, and the buffer must not be
    /// used afterwards.
    #[no_mangle]
    pub unsafe extern "C" fn ct_det_trace(ptr: *mut u8, len: u32) -> u32 {
        if ptr.is_null() {
            return publish(&["error: no replay given".to_string()]);
        }
        let bytes = Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, len as usize));
        let text = String::from_utf8_lossy(&bytes);
        let (mut lines, result) = super::trace(&text);
        if let Err(e) = result {
            lines.push(format!("error: {e}"));
        }
        publish(&lines)
    }

    /// Traces the synthetic scenes (as `referee trace --synthetic`); returns the length.
    #[no_mangle]
    pub extern "C" fn ct_det_synthetic() -> u32 {
        publish(&crate::bench::synthetic_trace())
    }

    #[no_mangle]
    pub extern "C" fn ct_det_out_ptr() -> *const u8 {
        OUT.lock().map(|o| o.as_ptr()).unwrap_or(std::ptr::null())
    }

    #[no_mangle]
    pub extern "C" fn ct_det_out_len() -> u32 {
        OUT.lock().map(|o| o.len() as u32).unwrap_or(0)
    }
}
/// `referee link FILE`: replays the file (re-simulating every launch, as the receiver will) and
/// prints its link fragment; the length goes to stderr.
pub fn link_command(args: &[String]) -> RunResult {
    let mut r = RunResult::default();
    let fail = |mut r: RunResult, msg: String| {
        r.code = 2;
        r.err.push(msg);
        r
    };
    let [path] = args else {
        return fail(r, format!("link: one replay FILE is required\n{USAGE}"));
    };
    let text = match read_file(path) {
        Ok(t) => t,
        Err(e) => return fail(r, format!("link: {e}")),
    };
    let session = match replay(&text, true) {
        Ok(s) => s,
        Err(e) => return fail(r, format!("link {path}: {e}")),
    };
    match crate::core::link::encode(&session.replay) {
        Ok(payload) => {
            let fragment = format!("{}{payload}", crate::core::link::FRAGMENT);
            r.err.push(format!(
                "link {path}: {} moves, {} characters",
                session.replay.moves.len(),
                fragment.len()
            ));
            r.out.push(fragment);
            r
        }
        Err(e) => fail(r, format!("link {path}: {e}")),
    }
}

/// `referee unlink LINK --out FILE`: opens a link (a URL, `#g=…` or the payload), re-simulates
/// every shot and checks it against the sender's, and writes the replay. Exit 2 on a bad link.
pub fn unlink_command(args: &[String]) -> RunResult {
    let mut r = RunResult::default();
    let fail = |mut r: RunResult, msg: String| {
        r.code = 2;
        r.err.push(msg);
        r
    };
    let (link, out) = match args {
        [link, flag, out] if flag == "--out" => (link, out),
        [flag, out, link] if flag == "--out" => (link, out),
        _ => {
            return fail(
                r,
                format!("unlink: LINK and --out FILE are required\n{USAGE}"),
            )
        }
    };
    let game = match crate::core::link::decode(link) {
        Ok(g) => g,
        Err(e) => return fail(r, format!("unlink: {e}")),
    };
    let mut session = match crate::headless::driver_for(&game.replay) {
        Ok(d) => d.session,
        Err(e) => return fail(r, format!("unlink: This game link cannot be opened: {e}.")),
    };
    if let Err(e) = crate::core::link::play_into(&mut session, &game) {
        return fail(r, format!("unlink: {e}"));
    }
    if let Err(e) = write_atomically(out, &session.replay.to_json()) {
        return fail(r, format!("unlink: {e}"));
    }
    r.out.push(session.summary());
    r
}
