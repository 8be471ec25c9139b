//! Headless play for the tools (the referee, the benchmark, tests): a driver for a replay header,
//! bot-only games and replays, all through `core::driver`.

use crate::core::bot;
use crate::core::driver::{bot_seed, DriveError, Driver, Origin, Recorded};
use crate::core::replay::Replay;
use crate::core::seat::{default_seats, SeatKind};
use crate::core::{Level, Refusal, Rng, RuleResult};
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
    Ok(Driver::new(games::game_for(header)?, header))
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
        &games::new_game_options(game, options),
        default_seats(players, SeatKind::Bot),
        seed,
    ))
}

/// Plays a whole game with one bot per entry of `levels`, each at its level.
pub fn selfplay_at(
    game: &str,
    levels: &[Level],
    seed: u64,
    options: &[String],
) -> Result<Driver, SelfplayError> {
    let seats = default_seats(levels.len(), SeatKind::Bot)
        .into_iter()
        .zip(levels)
        .map(|(s, &l)| s.at(l))
        .collect();
    let options = games::new_game_options(game, options);
    let mut d =
        driver_for(&Replay::new(game, &options, seats, seed)).map_err(SelfplayError::Refused)?;
    d.play_out()?;
    Ok(d)
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
    replay_as(text, mode, Origin::Player)
}

/// A file from `origin` played to its end as `mode` says (see `Driver::apply_recorded_as`).
pub fn replay_as(text: &str, mode: Recorded, origin: Origin) -> RuleResult<Driver> {
    let header = Replay::parse(text)?;
    Driver::replay_as(games::game_for(&header)?, &header, mode, origin)
}

/// Writes a file whole or not at all (see `files::write_atomically`: an exclusive temporary file
/// with an unpredictable name beside the target, synced and renamed; nothing left on an error).
pub fn write_atomically(path: &str, text: &str) -> Result<(), String> {
    crate::files::write_atomically(path, text)
}

/// How a bot level's shots come off, surveyed on the same positions and the same meant launches
/// for every level (`aim_survey`).
#[derive(Clone, Debug, PartialEq)]
pub struct AimSurvey {
    pub level: Level,
    pub shots: usize,
    /// Shots that rate within `CAME_OFF` of the launch the bot meant (the game's own rating).
    pub came_off: usize,
    /// Shots that produced the game's hit fact (`hit_fact`: a ball inside any tower in Castle).
    pub hits: usize,
    /// Shots the game calls a hit (`Game::shot_hit`: in Castle, inside a tower worth taking);
    /// None when the game has no such notion.
    pub target_hits: Option<usize>,
}

impl AimSurvey {
    pub fn came_off_share(&self) -> f64 {
        self.came_off as f64 / self.shots.max(1) as f64
    }

    pub fn hit_share(&self) -> f64 {
        self.hits as f64 / self.shots.max(1) as f64
    }

    pub fn target_hit_share(&self) -> Option<f64> {
        self.target_hits
            .map(|h| h as f64 / self.shots.max(1) as f64)
    }
}

/// A shot "came off" when it rates no more than this below the one meant (well under one
/// tower, one tile point or one knocked card in every game's rating).
pub const CAME_OFF: i64 = 400;

/// The fact that marks a shot as a hit in a game, where the game has one simple hit (its
/// registry entry's `hit_fact`).
pub fn hit_fact(game: &str) -> Option<&'static str> {
    games::info(game).ok().and_then(|g| g.hit_fact)
}

/// Surveys aim: plays Normal bot-only games of `game` from `seed` on, and at each of the first
/// `positions` shots a bot is to fire, finds the launch a bot means (the Normal search) and
/// fires it `tries` times at every level of `levels`, each from its own seeded generator.
pub fn aim_survey(
    game: &str,
    players: usize,
    seed: u64,
    positions: usize,
    tries: usize,
    levels: &[Level],
) -> RuleResult<Vec<AimSurvey>> {
    aim_survey_after(game, players, seed, 0, positions, tries, levels)
}

/// `aim_survey` over later positions: the first `skip` shots of each game are played but not
/// surveyed (early in a Castle game the towers cover so much of the table that a wild throw
/// lands in one anyway; later positions are the ones games are decided in).
pub fn aim_survey_after(
    game: &str,
    players: usize,
    seed: u64,
    skip: usize,
    positions: usize,
    tries: usize,
    levels: &[Level],
) -> RuleResult<Vec<AimSurvey>> {
    let mut out: Vec<AimSurvey> = levels
        .iter()
        .map(|&level| AimSurvey {
            level,
            shots: 0,
            came_off: 0,
            hits: 0,
            target_hits: None,
        })
        .collect();
    let fact = hit_fact(game);
    let mut seen = 0;
    let mut game_seed = seed;
    // A game may offer no shot at all: give up after as many games as positions asked for.
    while seen < positions && game_seed - seed <= positions as u64 {
        let mut d = bot_game(game, players, game_seed, &[])?;
        game_seed += 1;
        let mut shots_before = 0;
        while seen < positions && !d.game().is_over() && d.within_cap().is_ok() {
            let prompt = d.game().launch_prompt();
            if prompt.is_some() {
                shots_before += 1;
            }
            if let Some(prompt) = prompt.filter(|_| shots_before > skip) {
                let g = d.game();
                let mut rng = Rng::new(bot_seed(game_seed, 1000 + seen));
                if let Some(meant) = bot::aim(g, &prompt, &mut rng, d.budget) {
                    let meant_rating = g.rate_outcome(&meant.1);
                    for s in out.iter_mut() {
                        for t in 0..tries {
                            let mut rng = Rng::new(bot_seed(game_seed ^ (t as u64) << 20, seen));
                            let Some((_, o)) =
                                bot::fire(g, &prompt, meant.clone(), s.level, &mut rng)
                            else {
                                continue;
                            };
                            s.shots += 1;
                            if g.rate_outcome(&o) >= meant_rating - CAME_OFF {
                                s.came_off += 1;
                            }
                            if fact.is_some_and(|f| o.facts.iter().any(|x| x.what == f)) {
                                s.hits += 1;
                            }
                            if let Some(hit) = g.shot_hit(&o) {
                                *s.target_hits.get_or_insert(0) += usize::from(hit);
                            }
                        }
                    }
                    seen += 1;
                }
            }
            if d.bot_turn().is_err() {
                break;
            }
        }
    }
    Ok(out)
}
