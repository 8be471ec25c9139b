//! The headless referee: selfplay with the built-in bots, replay (re-simulating every launch),
//! and check (validate without simulating). The `referee` binary is a thin shell over this.

pub use crate::core::driver::Origin;
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
    crate::headless::replay_as(text, mode, origin).map(|d| d.session)
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
            line.push_str(&format!(" {}", crate::core::moves::list(&mv.args)));
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
