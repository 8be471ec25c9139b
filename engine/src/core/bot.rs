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

mod aim;
mod think;

pub use aim::{aim, Aim};
pub use think::{decide, decide_at, fire, rollout, Think};

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

    /// How much this level's hand shakes when it fires: the default a game keeps unless it
    /// calibrates its own (`Game::aim_noise`; Castle does). The bands are in docs/balance.md.
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
            // Hard aims exactly where a game has not calibrated its own hand (docs/balance.md).
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

/// Frames a bot's preview of a candidate shot waits for the table to stay calm (the game's own
/// settle rule waits 20–30): the outcome is plain by then, and the launch actually fired is
/// always simulated in full (`Shot::hurry`).
pub const PREVIEW_CALM_FRAMES: u32 = 3;

/// How many shots the bot simulates before choosing: `samples` first guesses (the game's hints
/// first, then random launches) and `refinements` around the best of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BotBudget {
    pub samples: usize,
    pub refinements: usize,
    /// Candidates are hurried previews (`Shot::hurry`); off, each runs to the game's own rest
    /// (the search as it was before, kept for the benchmark's baseline).
    pub preview: bool,
    /// No new candidate is started once the candidates so far have cost this much
    /// (`Shot::work`: physics steps × moving bodies), the first one excepted: a heavy table
    /// (ten castles of cards) gets fewer candidates than a light one (one ball among cups).
    /// The default is Normal's and Easy's; Hard's is `HARD_WORK_FACTOR` times it.
    pub work: u64,
    /// The search stops once this many candidates rate within `ENOUGH_MARGIN` of the best while
    /// another rated clearly worse (the best is then a plateau, not luck); 0 never stops early.
    pub enough: usize,
}

/// Rating units within which candidates count as equally good for `BotBudget::enough`: a
/// twentieth of the 1,000 a game rates one point (a tower, a knocked card) at.
pub const ENOUGH_MARGIN: i64 = 50;

/// Hard's work cap over Normal's. Normal's (10,000) is about four Catapults flicks or two Feud
/// shots: its hand shakes by 3° and 4% of the power, which moves a shot further than the gap
/// between the best of the game's first hints and the best of a longer search (measured on 96
/// Catapults shots, docs/benchmarks.md); Hard's exact hand keeps the 50,000 it had.
pub const HARD_WORK_FACTOR: u64 = 5;

/// A Hard hand that shakes (a game's own calibration, `Game::aim_noise`; Castle's does) tries
/// its best `STEADY_PICKS` candidates `STEADY_TRIALS` times each with its own shake before it
/// chooses (`Aim::steady`): of launches that rate alike when fired exactly (three hits in the
/// same cup), it means the one that still rates best when shaken. Without it Hard took the
/// first of equals, and its hand turned a third of the hits it meant into misses (Castle,
/// docs/balance.md). An exact hand has nothing to try: the search is then as before.
pub const STEADY_PICKS: usize = 4;
pub const STEADY_TRIALS: usize = 6;

impl Default for BotBudget {
    fn default() -> Self {
        BotBudget {
            samples: 10,
            refinements: 5,
            preview: true,
            work: 10_000,
            enough: 3,
        }
    }
}

impl BotBudget {
    /// The budget a bot at `level` searches with: Hard looks twice as long for the launch it
    /// means, refines four times as long and may spend `HARD_WORK_FACTOR` times the work (a
    /// shaking hand gains little from a fine search; Hard's exact one does).
    pub fn at(self, level: Level) -> BotBudget {
        self.at_factor(level, HARD_WORK_FACTOR)
    }

    /// `at` with Hard's work cap `factor` times Normal's: the game's own factor
    /// (`Game::hard_work_factor`; by default `HARD_WORK_FACTOR`).
    pub fn at_factor(self, level: Level, factor: u64) -> BotBudget {
        match level {
            Level::Hard => BotBudget {
                samples: self.samples * 2,
                refinements: self.refinements * 4,
                work: self.work.saturating_mul(factor),
                ..self
            },
            _ => self,
        }
    }
}

/// What a game's own bot (`Game::bot_plan`) answers: its move, its own thinking a step at a
/// time, or "the shared search, at this level, drawing from this generator" (so the search can
/// run in slices like any other).
pub enum BotPlan {
    Move(Move),
    /// A game's own bot whose thinking is long (every placement of a tile, play-outs): the app
    /// thinks it a few steps a frame, the referee at once; the move is the same.
    Steps(Box<BotSteps>),
    Search {
        level: Level,
        rng: Rng,
        budget: BotBudget,
    },
}

/// Long work done one short step at a time: a game's own bot (`BotPlan::Steps`, whose answer
/// is its move, None when it found none) or a game's candidates (`Game::candidate_steps`). It
/// never looks at a clock, so however its steps are spread over frames the answer is the same.
pub trait Steps<T>: Send {
    /// One step: None while still working; once done, the answer.
    fn step(&mut self) -> Option<T>;
}

/// A game's own bot thinking in steps.
pub type BotSteps = dyn Steps<Option<Move>>;

/// The Normal bot's move for the seat whose turn it is (see `choose_at`).
pub fn choose(game: &dyn Game, rng: &mut Rng, budget: BotBudget) -> Option<Move> {
    choose_at(game, Level::Normal, rng, budget)
}

/// The move of a bot at `level` for the seat whose turn it is, or None when the game is over.
/// A shot comes back with its outcome attached: the search finds the launch the bot means, the
/// launch fired is that one shaken by the level's `AimNoise`, simulated in full.
pub fn choose_at(game: &dyn Game, level: Level, rng: &mut Rng, budget: BotBudget) -> Option<Move> {
    Think::new(game, level, rng, budget).run(game, rng)
}

/// The shared search alone, without asking the game's own bot first (`Game::bot_move`): what a
/// game's own bot calls for the parts it leaves to the shared one (calling `choose_at` there
/// would ask it again, without end).
pub fn search_at(game: &dyn Game, level: Level, rng: &mut Rng, budget: BotBudget) -> Option<Move> {
    Think::search(game, level, rng, budget).run(game, rng)
}

#[cfg(test)]
mod tests {
    use super::{BotBudget, Level};

    #[test]
    fn normal_and_easy_spend_a_fifth_of_hards_work_and_hard_keeps_its_budget() {
        let base = BotBudget::default();
        for level in [Level::Easy, Level::Normal] {
            let b = base.at(level);
            assert_eq!(
                (b.samples, b.refinements, b.work),
                (10, 5, 10_000),
                "{level}"
            );
        }
        let hard = base.at(Level::Hard);
        assert_eq!(
            (hard.samples, hard.refinements, hard.work),
            (20, 20, 50_000)
        );
        // A game's own factor (`Game::hard_work_factor`) changes Hard's cap only.
        let own = base.at_factor(Level::Hard, 3);
        assert_eq!((own.samples, own.refinements, own.work), (20, 20, 30_000));
        assert_eq!(base.at_factor(Level::Normal, 3), base.at(Level::Normal));
    }
}
