//! The headless referee: selfplay with the built-in bots, replay (re-simulating every launch),
//! and check (validate without simulating). The `referee` binary is a thin shell over this.

use crate::core::bot::{self, BotBudget};
use crate::core::replay::Replay;
use crate::core::seat::{default_seats, SeatKind};
use crate::core::strict_json::{escaped, shown};
use crate::core::{Refusal, RuleResult, Session};
use crate::games;

/// Upper bound on moves in a selfplay game: reaching it is a bug (exit 1), not a result.
pub const MOVE_CAP: usize = 5000;

/// What a referee run produced: the exit code, its stdout lines and its stderr lines.
#[derive(Debug, Default)]
pub struct RunResult {
    pub code: i32,
    pub out: Vec<String>,
    pub err: Vec<String>,
}

/// Starts a session for a replay header (no moves played yet).
pub fn session_for(header: &Replay) -> RuleResult<Session> {
    let game = games::new_game(
        &header.game,
        &header.options,
        header.seats.clone(),
        header.seed,
    )?;
    let mut fresh = header.clone();
    fresh.moves.clear();
    Ok(Session::new(game, fresh))
}

/// Plays a whole game with bots. Errors: bad arguments (Refusal) or the move cap (Err with cap).
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
    let header = Replay::new(game, options, default_seats(players, SeatKind::Bot), seed);
    let mut session = session_for(&header).map_err(SelfplayError::Refused)?;
    let mut bot_rng = crate::core::Rng::new(seed ^ 0xB07_5EED);
    while !session.game.is_over() {
        if session.replay.moves.len() >= MOVE_CAP {
            return Err(SelfplayError::MoveCap(MOVE_CAP));
        }
        let Some(mv) = bot::choose(session.game.as_ref(), &mut bot_rng, BotBudget::default())
        else {
            return Err(SelfplayError::Stuck(format!(
                "no legal move for seat {:?} in phase {}",
                session.game.turn(),
                session.game.phase()
            )));
        };
        session
            .play(mv)
            .map_err(|e| SelfplayError::Stuck(format!("the bot's move was refused: {e}")))?;
    }
    Ok(session)
}

#[derive(Debug)]
pub enum SelfplayError {
    Refused(Refusal),
    MoveCap(usize),
    Stuck(String),
}

/// Where a file comes from. A player's file (a replay, a save, a link) records every launch and
/// is re-simulated; only a rule scenario may have outcome-only shots.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    Player,
    Scenario,
}

/// Replays a player's file: re-simulates every launch and checks it reproduces its recorded
/// outcome (`simulate` = true), or only checks legality applying the recorded outcomes (`check`).
pub fn replay(text: &str, simulate: bool) -> RuleResult<Session> {
    replay_as(text, simulate, Origin::Player)
}

/// Replays (or checks) a file from `origin`. Refuses, naming the move: a shot without a launch
/// in a player's file, a launch outside the prompt (also in `check`), an outcome that does not
/// re-simulate (facts, hash, steps), a decision with more arguments than its action takes.
pub fn replay_as(text: &str, simulate: bool, origin: Origin) -> RuleResult<Session> {
    let header = Replay::parse(text)?;
    let mut session = session_for(&header)?;
    play_moves(&mut session, header.moves, simulate, origin)?;
    Ok(session)
}

/// Plays a file's moves into a session with the checks of `replay_as` (the app resumes saves
/// through this too). The log keeps each move as the file has it.
pub fn play_moves(
    session: &mut Session,
    moves: Vec<crate::core::Move>,
    simulate: bool,
    origin: Origin,
) -> RuleResult<()> {
    // Taken from the back of a reversed list, whose buffer shrinks as it empties: the file's
    // moves and the session's log are not both held in full at the end.
    let mut moves = moves;
    moves.reverse();
    let mut next = 0usize;
    while let Some(mut mv) = moves.pop() {
        if moves.len() < moves.capacity() / 2 && moves.capacity() > 4096 {
            moves.shrink_to_fit();
        }
        let i = next;
        next += 1;
        let at = |mv: &crate::core::Move, e: Refusal| {
            Refusal(format!(
                "move {i} (seat {}, {}): {e}",
                mv.seat,
                escaped(&mv.action)
            ))
        };
        if session.game.is_over() {
            return Err(Refusal(format!("move {i}: the game was already over")));
        }
        if session.game.turn() != Some(mv.seat as usize) {
            // Session::play names whose turn it is.
            session.play(mv.clone()).map_err(|e| at(&mv, e))?;
        }
        let mut launch_kept = None;
        if mv.is_shot() {
            check_shot(session, &mv, simulate, origin).map_err(|e| at(&mv, e))?;
            if !simulate {
                // check: never simulate; the recorded outcome is applied as written.
                launch_kept = mv.launch.take();
            }
            session.play(mv.clone()).map_err(|e| at(&mv, e))?;
        } else {
            let (played, read) = crate::core::moves::count_args_read(|| session.play(mv.clone()));
            played.map_err(|e| at(&mv, e))?;
            if mv.args.len() > read {
                return Err(at(
                    &mv,
                    Refusal(format!(
                        "this move takes {read} argument(s), not {}",
                        mv.args.len()
                    )),
                ));
            }
        }
        if launch_kept.is_some() {
            // Keep the file's own move (with its launch) in the log.
            if let Some(last) = session.replay.moves.last_mut() {
                last.launch = launch_kept;
            }
        }
    }
    Ok(())
}

/// The checks a shot passes before it is played (see `replay_as`).
fn check_shot(
    session: &Session,
    mv: &crate::core::Move,
    simulate: bool,
    origin: Origin,
) -> RuleResult<()> {
    let Some(launch) = &mv.launch else {
        if origin == Origin::Player {
            return Err(Refusal::new(
                "a shot without launch parameters is only accepted in a rule scenario \
                 (--scenario); a player's file records every launch",
            ));
        }
        return Ok(());
    };
    let Some(prompt) = session.game.launch_prompt() else {
        return Err(Refusal::new("no shot is expected now"));
    };
    prompt.check(launch)?;
    match &mv.outcome {
        None if !simulate => Err(Refusal::new(
            "a launch without an outcome can only be replayed, not checked",
        )),
        None => Ok(()),
        Some(o) if origin == Origin::Player && o.hash.is_empty() => Err(Refusal::new(
            "the shot's outcome has no hash (a player's file records the table's hash)",
        )),
        Some(_) if simulate => session.verify(mv),
        Some(_) => Ok(()),
    }
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
    let mut session = match session_for(&header) {
        Ok(s) => s,
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
            let sim = match session.game.start_shot(l) {
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
        if let Err(e) = session.play(mv) {
            out.push(line);
            return (out, Err(Refusal(format!("move {i}: {e}"))));
        }
        let mut state = FNV_OFFSET;
        let turn = session.game.turn().map(|t| t as i64).unwrap_or(-1);
        state = fnv1a(state, &turn.to_le_bytes());
        state = fnv1a(state, session.game.phase().as_bytes());
        for s in session.game.scores() {
            state = fnv1a(state, &s.to_le_bytes());
        }
        line.push_str(&format!(" state {state:016x}"));
        out.push(line);
    }
    out.push(session.summary());
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

/// Writes a file whole or not at all (see `files::write_atomically`).
pub fn write_atomically(path: &str, text: &str) -> Result<(), String> {
    crate::files::write_atomically(path, text)
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
  referee selfplay --game ID --players N [--seed S] [--option NAME]... [--out FILE]
  referee replay [--scenario] FILE
  referee check [--scenario] FILE
      (--scenario: a rule scenario, whose shots may be outcome-only; files from players may not)
  referee trace FILE...   (one line per move with re-simulated hashes: for determinism checks)
  referee trace --synthetic   (the benchmark's synthetic scenes, one hash per frame)
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
            let flags = match Flags::parse(
                "selfplay",
                &args[1..],
                &["--game", "--players", "--seed", "--option", "--out"],
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
            match selfplay(&game, players, seed, &options) {
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
                r.out.push(format!("== {}", escaped(path)));
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
        Some(other) => usage(&mut r, format!("unknown command {}", shown(other))),
        None => usage(&mut r, "a command is required".into()),
    }
    r
}
