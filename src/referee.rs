//! The headless referee: selfplay with the built-in bots, replay (re-simulating every launch),
//! and check (validate without simulating). The `referee` binary is a thin shell over this.

use crate::core::driver::Recorded;
use crate::core::replay::Replay;
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
    crate::headless::selfplay(game, players, seed, options).map(|d| d.session)
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

fn flag<'a>(args: &'a [String], name: &str) -> Option<&'a str> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .map(|s| s.as_str())
}

fn parse_num<T: std::str::FromStr>(
    args: &[String],
    name: &str,
    default: Option<T>,
) -> RuleResult<T> {
    match flag(args, name) {
        Some(v) => v
            .parse()
            .map_err(|_| Refusal(format!("{name} expects a number, not `{v}`"))),
        None => default.ok_or_else(|| Refusal(format!("{name} is required"))),
    }
}

pub const USAGE: &str = "usage:
  referee selfplay --game ID --players N [--seed S] [--option NAME]... [--out FILE]
  referee replay FILE
  referee check FILE
  referee trace FILE...   (one line per move with re-simulated hashes: for determinism checks)
  referee trace --synthetic   (the benchmark's synthetic scenes, one hash per frame)
  referee link FILE   (the game as a link fragment, #g=...: every shot re-simulated first)
  referee unlink LINK --out FILE   (a link back into a replay file, every shot re-simulated)
  referee games   (available games: id, min seats, max seats)
  referee bench [--game ID]... [--reps N] [--replays DIR] [--tsv] [--no-selfplay]
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
            let game = match flag(args, "--game") {
                Some(g) => g.to_string(),
                None => {
                    usage(&mut r, "selfplay: --game is required".into());
                    return r;
                }
            };
            let players = match parse_num::<usize>(args, "--players", None) {
                Ok(p) => p,
                Err(e) => {
                    usage(&mut r, format!("selfplay: {e}"));
                    return r;
                }
            };
            let seed = match parse_num::<u64>(args, "--seed", Some(1)) {
                Ok(s) => s,
                Err(e) => {
                    usage(&mut r, format!("selfplay: {e}"));
                    return r;
                }
            };
            let options: Vec<String> = args
                .windows(2)
                .filter(|w| w[0] == "--option")
                .map(|w| w[1].clone())
                .collect();
            match selfplay(&game, players, seed, &options) {
                Ok(session) => {
                    if let Some(out) = flag(args, "--out") {
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
            let Some(path) = args.get(1) else {
                usage(&mut r, format!("{cmd}: a replay FILE is required"));
                return r;
            };
            let text = match std::fs::read_to_string(path) {
                Ok(t) => t,
                Err(e) => {
                    r.code = 2;
                    r.err.push(format!("{cmd}: cannot read {path}: {e}"));
                    return r;
                }
            };
            match replay(&text, cmd == "replay") {
                Ok(session) => {
                    if cmd == "check" {
                        r.out.push(format!(
                            "{path}: valid {} replay, {} moves, game over: {}",
                            session.replay.game,
                            session.replay.moves.len(),
                            session.game.is_over()
                        ));
                    }
                    r.out.push(session.summary());
                }
                Err(e) => {
                    r.code = 2;
                    r.err.push(format!("{cmd} {path}: {e}"));
                }
            }
        }
        Some("games") => {
            for g in games::GAMES.iter().filter(|g| g.available) {
                r.out
                    .push(format!("{} {} {}", g.id, g.min_seats, g.max_seats));
            }
        }
        Some("trace") if args.get(1).map(|a| a == "--synthetic").unwrap_or(false) => {
            r.out.extend(crate::bench::synthetic_trace());
        }
        Some("trace") => {
            if args.len() < 2 {
                usage(&mut r, "trace: at least one replay FILE is required".into());
                return r;
            }
            for path in &args[1..] {
                r.out.push(format!("== {path}"));
                let (lines, result) = match std::fs::read_to_string(path) {
                    Ok(text) => trace(&text),
                    Err(e) => (Vec::new(), Err(Refusal(format!("cannot read {path}: {e}")))),
                };
                r.out.extend(lines);
                if let Err(e) = result {
                    r.code = 2;
                    r.out.push(format!("error: {e}"));
                    r.err.push(format!("trace {path}: {e}"));
                }
            }
        }
        Some("bench") => return crate::bench::run(&args[1..]),
        Some("link") => return link_command(&args[1..]),
        Some("unlink") => return unlink_command(&args[1..]),
        Some(other) => usage(&mut r, format!("unknown command `{other}`")),
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
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => return fail(r, format!("link: cannot read {path}: {e}")),
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
