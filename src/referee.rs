//! The headless referee: selfplay with the built-in bots, replay (re-simulating every launch),
//! and check (validate without simulating). The `referee` binary is a thin shell over this.

use crate::core::bot::{self, BotBudget};
use crate::core::replay::Replay;
use crate::core::seat::{default_seats, SeatKind};
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

/// Replays a file: re-simulates every launch and checks it reproduces its recorded outcome
/// (`simulate` = true), or only checks legality applying the recorded outcomes (`check`).
pub fn replay(text: &str, simulate: bool) -> RuleResult<Session> {
    let header = Replay::parse(text)?;
    let mut session = session_for(&header)?;
    for (i, mv) in header.moves.iter().enumerate() {
        if session.game.is_over() {
            return Err(Refusal(format!("move {i}: the game was already over")));
        }
        let mut mv = mv.clone();
        if simulate && mv.launch.is_some() {
            if mv.outcome.is_some() {
                session
                    .verify(&mv)
                    .map_err(|e| Refusal(format!("move {i} (seat {}): {e}", mv.seat)))?;
            }
        } else if !simulate && mv.launch.is_some() && mv.outcome.is_none() {
            return Err(Refusal(format!(
                "move {i}: a launch without an outcome can only be replayed, not checked"
            )));
        }
        if !simulate {
            // check: never simulate; the recorded outcome is applied as written.
            mv.launch = mv.launch.filter(|_| mv.outcome.is_none());
        }
        session
            .play(mv.clone())
            .map_err(|e| Refusal(format!("move {i} (seat {}, {}): {e}", mv.seat, mv.action)))?;
        if !simulate {
            // Keep the file's own move (with its launch) in the log.
            if let (Some(last), Some(orig)) = (session.replay.moves.last_mut(), header.moves.get(i))
            {
                *last = orig.clone();
            }
        }
    }
    Ok(session)
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

/// Writes a file whole or not at all (temp file, then rename).
pub fn write_atomically(path: &str, text: &str) -> Result<(), String> {
    let tmp = format!("{path}.tmp");
    std::fs::write(&tmp, text).map_err(|e| format!("cannot write {tmp}: {e}"))?;
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        format!("cannot write {path}: {e}")
    })
}

pub const USAGE: &str = "usage:
  referee selfplay --game ID --players N [--seed S] [--option NAME]... [--out FILE]
  referee replay FILE
  referee check FILE
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
        Some(other) => usage(&mut r, format!("unknown command `{other}`")),
        None => usage(&mut r, "a command is required".into()),
    }
    r
}
