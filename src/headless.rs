//! Headless play for the tools (the referee, the benchmark, tests): a driver for a replay header,
//! bot-only games and replays, all through `core::driver`.

use crate::core::driver::{DriveError, Driver, Recorded};
use crate::core::replay::Replay;
use crate::core::seat::{default_seats, SeatKind};
use crate::core::{Refusal, RuleResult};
use crate::games;

/// What a command-line run produced: the exit code, its stdout lines and its stderr lines.
#[derive(Debug, Default)]
pub struct RunResult {
    pub code: i32,
    pub out: Vec<String>,
    pub err: Vec<String>,
}

/// A driver for a replay header's game (no moves played yet).
pub fn driver_for(header: &Replay) -> RuleResult<Driver> {
    let game = games::new_game(
        &header.game,
        &header.options,
        header.seats.clone(),
        header.seed,
    )?;
    Ok(Driver::new(game, header))
}

/// Why a bot-only game did not produce a result.
#[derive(Debug)]
pub enum SelfplayError {
    /// Bad arguments (unknown game, seat count, option).
    Refused(Refusal),
    MoveCap(usize),
    Stuck(String),
}

impl From<DriveError> for SelfplayError {
    fn from(e: DriveError) -> Self {
        match e {
            DriveError::MoveCap(cap) => SelfplayError::MoveCap(cap),
            DriveError::Stuck(why) => SelfplayError::Stuck(why),
        }
    }
}

/// The driver of a new bot-only game, nothing played yet.
pub fn bot_game(game: &str, players: usize, seed: u64, options: &[String]) -> RuleResult<Driver> {
    driver_for(&Replay::new(
        game,
        options,
        default_seats(players, SeatKind::Bot),
        seed,
    ))
}

/// Plays a whole game with bots.
pub fn selfplay(
    game: &str,
    players: usize,
    seed: u64,
    options: &[String],
) -> Result<Driver, SelfplayError> {
    let mut d = bot_game(game, players, seed, options).map_err(SelfplayError::Refused)?;
    d.play_out()?;
    Ok(d)
}

/// A replay file played to its end as `mode` says.
pub fn replay(text: &str, mode: Recorded) -> RuleResult<Driver> {
    let header = Replay::parse(text)?;
    let game = games::new_game(
        &header.game,
        &header.options,
        header.seats.clone(),
        header.seed,
    )?;
    Driver::replay(game, &header, mode)
}

/// Writes a file whole or not at all (see `files::write_atomically`: an exclusive temporary file
/// with an unpredictable name beside the target, synced and renamed; nothing left on an error).
pub fn write_atomically(path: &str, text: &str) -> Result<(), String> {
    crate::files::write_atomically(path, text)
}
