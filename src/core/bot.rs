//! The built-in bot: chooses through the same `Game` API a player uses. The game supplies the
//! candidates and the ratings (`Game::candidates` and `rate_decision` for decisions, `aim_hints`
//! and `rate_outcome` for shots); the search is here. It aims by simulating candidate launches on
//! the current table (the game's hints, random samples, then a local refinement around the best)
//! and keeps the best-rated outcome; it takes the best-rated decision, or one at random when the
//! game rates none.
//!
//! Every bot seat plays at a `Level`. The level sets how a bot misses (`AimNoise`: the search
//! finds the launch the bot means, then its hand shakes by a seeded amount, larger at lower
//! levels, and the shot actually fired is the shaken one) and how it decides (`decide_at`:
//! Easy mostly at random, Normal by the game's ratings, Hard by the game's ratings at Hard,
//! `Game::rate_decision_at`). A game with its own bot answers `Game::bot_move` first.

use super::{Game, Launch, LaunchKind, LaunchPrompt, Move, Rng};

/// How well a bot seat plays. Written in a replay's seat as its name (`"easy"`…); a seat without
/// one plays at Normal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    Easy,
    #[default]
    Normal,
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    /// The level's name in files and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == name)
    }

    /// The level in plain words for players.
    pub fn label(self) -> &'static str {
        match self {
            Level::Easy => "Easy",
            Level::Normal => "Normal",
            Level::Hard => "Hard",
        }
    }

    /// The next level (Hard wraps to Easy): a setup button cycles through them.
    pub fn next(self) -> Level {
        match self {
            Level::Easy => Level::Normal,
            Level::Normal => Level::Hard,
            Level::Hard => Level::Easy,
        }
    }

    /// How much this level's hand shakes when it fires. Calibrated on 2-seat Catapult Castle
    /// (`referee aim` and `referee tournament`; the bands are in docs/balance.md).
    pub fn aim_noise(self) -> AimNoise {
        match self {
            Level::Easy => AimNoise {
                angle: 100,
                power: 130,
            },
            Level::Normal => AimNoise {
                angle: 30,
                power: 38,
            },
            // Hard aims exactly until each game's spread is calibrated (docs/balance.md).
            Level::Hard => AimNoise { angle: 0, power: 0 },
        }
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A person's aiming error in gesture space, as standard deviations: the direction of the pull
/// (or throw) in tenths of a degree, and its length (or, for flicks and wrist throws, the
/// release timing's effect on speed) in thousandths of the launcher's power range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AimNoise {
    pub angle: i32,
    pub power: i32,
}

/// A bell-shaped integer error with standard deviation `sd` (the sum of three uniform draws in
/// `-sd..=sd`), from the bots' seeded generator only.
fn shake(rng: &mut Rng, sd: i32) -> i32 {
    if sd <= 0 {
        return 0;
    }
    (0..3).map(|_| rng.range(-sd, sd)).sum()
}

/// The launch a hand actually fires when it means `meant`: angle and power shaken by `noise`,
/// kept inside the prompt (a pull cannot go past the launcher's stops). A `Release` has nothing to
/// aim and is fired as meant. Same generator state, same shot.
pub fn with_noise(meant: &Launch, prompt: &LaunchPrompt, noise: AimNoise, rng: &mut Rng) -> Launch {
    let mut l = meant.clone();
    if l.kind == LaunchKind::Release {
        return l;
    }
    let da = shake(rng, noise.angle);
    let span = (prompt.power.1 - prompt.power.0).max(0);
    let dp = shake(rng, noise.power) * span / 1000;
    let angle = (l.angle + da).rem_euclid(3600);
    if prompt.angle_ok(angle) {
        l.angle = angle;
    } else if prompt.angle.0 <= prompt.angle.1 {
        l.angle = (l.angle + da).clamp(prompt.angle.0, prompt.angle.1);
    }
    l.power = (l.power + dp).clamp(prompt.power.0, prompt.power.1);
    l
}

/// How many shots the bot simulates before choosing.
#[derive(Clone, Copy, Debug)]
pub struct BotBudget {
    pub samples: usize,
    pub refinements: usize,
}

impl Default for BotBudget {
    fn default() -> Self {
        BotBudget {
            samples: 10,
            refinements: 10,
        }
    }
}

/// The Normal bot's move for the seat whose turn it is (see `choose_at`).
pub fn choose(game: &dyn Game, rng: &mut Rng, budget: BotBudget) -> Option<Move> {
    choose_at(game, Level::Normal, rng, budget)
}

/// The move of a bot at `level` for the seat whose turn it is, or None when the game is over.
/// A shot comes back with its simulated outcome already attached: the search finds the launch
/// the bot means, and the launch fired is that one shaken by the level's `AimNoise`.
pub fn choose_at(game: &dyn Game, level: Level, rng: &mut Rng, budget: BotBudget) -> Option<Move> {
    game.turn()?;
    if let Some(mv) = game.bot_move(level, rng) {
        return Some(mv);
    }
    search_at(game, level, rng, budget)
}

/// The shared search alone, without asking the game's own bot first (`Game::bot_move`): what a
/// game's own bot calls for the parts it leaves to the shared one (calling `choose_at` there
/// would ask it again, without end).
pub fn search_at(game: &dyn Game, level: Level, rng: &mut Rng, budget: BotBudget) -> Option<Move> {
    let seat = game.turn()?;
    let mut candidates = super::scene::grid_moves(game);
    candidates.extend(game.candidates());
    if let Some(prompt) = game.launch_prompt() {
        // Decisions offered beside a shot (play a card…) are taken now and then.
        if !candidates.is_empty() && rng.below(3) == 0 {
            return decide_at(game, level, &candidates, rng);
        }
        // Hard looks twice as long for the launch it means.
        let budget = match level {
            Level::Hard => BotBudget {
                samples: budget.samples * 2,
                refinements: budget.refinements * 2,
            },
            _ => budget,
        };
        let (meant, outcome) = aim(game, &prompt, rng, budget)?;
        let (fired, outcome) = fire(game, &prompt, (meant, outcome), level, rng)?;
        return Some(Move {
            outcome: Some(outcome),
            ..Move::shot(seat, fired)
        });
    }
    decide_at(game, level, &candidates, rng)
}

/// The shot a hand at `level` fires when it means `meant` (a launch and the outcome the search
/// simulated for it): the shaken launch and its own outcome.
pub fn fire(
    game: &dyn Game,
    prompt: &LaunchPrompt,
    meant: (Launch, super::Outcome),
    level: Level,
    rng: &mut Rng,
) -> Option<(Launch, super::Outcome)> {
    let fired = with_noise(&meant.0, prompt, game.aim_noise(level), rng);
    if fired == meant.0 {
        return Some(meant);
    }
    let outcome = game.start_shot(&fired).ok()?.run_to_rest();
    Some((fired, outcome))
}

/// A decision at `level`: Easy takes a random candidate two times in three (otherwise as
/// Normal); Normal the best by `Game::rate_decision_at(_, Normal)`, Hard the best by
/// `rate_decision_at(_, Hard)` (a game may search deeper there).
pub fn decide_at(
    game: &dyn Game,
    level: Level,
    candidates: &[Move],
    rng: &mut Rng,
) -> Option<Move> {
    if level == Level::Easy && rng.below(3) != 0 {
        return rng.pick(candidates).cloned();
    }
    best_rated(candidates, rng, |mv| game.rate_decision_at(mv, level))
}

/// The best-rated decision (the first of equals), or one at random when the game rates none.
pub fn decide(game: &dyn Game, candidates: &[Move], rng: &mut Rng) -> Option<Move> {
    best_rated(candidates, rng, |mv| game.rate_decision(mv))
}

fn best_rated(
    candidates: &[Move],
    rng: &mut Rng,
    rate: impl Fn(&Move) -> Option<i64>,
) -> Option<Move> {
    let rated: Vec<(i64, &Move)> = candidates
        .iter()
        .filter_map(|mv| rate(mv).map(|r| (r, mv)))
        .collect();
    let mut best: Option<(i64, &Move)> = None;
    for (r, mv) in rated {
        if best.map(|b| r > b.0).unwrap_or(true) {
            best = Some((r, mv));
        }
    }
    match best {
        Some((_, mv)) => Some(mv.clone()),
        None => rng.pick(candidates).cloned(),
    }
}

/// A short rollout for `Game::rate_decision`: plays `mv` on a copy of the game and rates the
/// position it leads to for the seat that made it (its score minus the best other score), or None
/// when the move is refused.
pub fn rollout(game: &dyn Game, mv: &Move) -> Option<i64> {
    let seat = mv.seat as usize;
    let mut copy = game.clone_game();
    copy.apply(mv).ok()?;
    let scores = copy.scores();
    let mine = scores.get(seat).copied().unwrap_or(0);
    let best_other = scores
        .iter()
        .enumerate()
        .filter(|(s, _)| *s != seat)
        .map(|(_, &v)| v)
        .max()
        .unwrap_or(0);
    Some(mine - best_other)
}

fn random_launch(p: &LaunchPrompt, rng: &mut Rng) -> Launch {
    let kind = rng.pick(&p.kinds).copied().unwrap_or_default();
    let angle = if p.angle.0 <= p.angle.1 {
        rng.range(p.angle.0, p.angle.1)
    } else {
        (rng.range(p.angle.0, p.angle.1 + 3600)) % 3600
    };
    Launch {
        kind,
        angle,
        power: rng.range(p.power.0, p.power.1),
        spin: rng.range(p.spin.0, p.spin.1),
        x: rng.range(p.x.0, p.x.1),
        y: rng.range(p.y.0, p.y.1),
    }
}

fn nudge(l: &Launch, p: &LaunchPrompt, rng: &mut Rng, scale: i32) -> Launch {
    let mut n = l.clone();
    n.angle = (n.angle + rng.range(-30, 30) * scale / 4).rem_euclid(3600);
    if !p.angle_ok(n.angle) {
        n.angle = l.angle;
    }
    n.power = (n.power + rng.range(-40, 40) * scale / 4).clamp(p.power.0, p.power.1);
    n.spin = (n.spin + rng.range(-100, 100) * scale / 4).clamp(p.spin.0, p.spin.1);
    n.x = (n.x + rng.range(-5, 5)).clamp(p.x.0, p.x.1);
    n.y = (n.y + rng.range(-5, 5)).clamp(p.y.0, p.y.1);
    n
}

/// Searches for the best launch; returns it with the outcome it produced.
pub fn aim(
    game: &dyn Game,
    prompt: &LaunchPrompt,
    rng: &mut Rng,
    budget: BotBudget,
) -> Option<(Launch, super::Outcome)> {
    let mut best: Option<(i64, Launch, super::Outcome)> = None;
    // A launch already simulated gives the same outcome again: never simulate it twice.
    let mut seen: Vec<Launch> = Vec::new();
    let mut consider = |launch: Launch, best: &mut Option<(i64, Launch, super::Outcome)>| {
        if prompt.check(&launch).is_err() || seen.contains(&launch) {
            return;
        }
        seen.push(launch.clone());
        let Ok(mut shot) = game.start_shot(&launch) else {
            return;
        };
        let outcome = shot.run_to_rest();
        let score = game.rate_outcome(&outcome);
        if best.as_ref().map(|b| score > b.0).unwrap_or(true) {
            *best = Some((score, launch, outcome));
        }
    };
    let mut tried = 0;
    for hint in game.aim_hints().into_iter().take(budget.samples) {
        consider(hint, &mut best);
        tried += 1;
    }
    while tried < budget.samples {
        consider(random_launch(prompt, rng), &mut best);
        tried += 1;
    }
    for i in 0..budget.refinements {
        let Some((_, base, _)) = best.as_ref() else {
            break;
        };
        let scale = 4 - (3 * i as i32) / budget.refinements.max(1) as i32;
        let candidate = nudge(base, prompt, rng, scale.max(1));
        consider(candidate, &mut best);
    }
    best.map(|(_, l, o)| (l, o))
}
