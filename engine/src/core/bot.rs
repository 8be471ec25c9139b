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

use super::{Game, Launch, LaunchKind, LaunchPrompt, Move, Rng, Shot};

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

/// A bot's turn thought out a slice at a time. The app steps it for a few milliseconds a frame
/// (`step` with a clock in `more`), the referee runs it through (`run`); both get the same move,
/// because the search draws from the bots' generator only between candidates, in a fixed order,
/// and never looks at the clock itself.
pub struct Think {
    stage: Stage,
    /// A game's own bot may hand the search a generator of its own (`BotPlan::Search`).
    own_rng: Option<Rng>,
}

enum Stage {
    /// Gathering the game's candidates a step at a time (`Game::candidate_steps`), then
    /// searching as `Think::search` does.
    Gather {
        level: Level,
        budget: BotBudget,
        steps: Box<dyn Steps<Vec<Move>>>,
    },
    /// Rating decisions one at a time; the best so far (the first of equals).
    Decide {
        level: Level,
        candidates: Vec<Move>,
        next: usize,
        best: Option<(i64, usize)>,
    },
    /// Searching for the launch meant.
    Aim {
        seat: usize,
        level: Level,
        aim: Box<Aim>,
    },
    /// A game's own bot thinking in steps.
    Own(Box<BotSteps>),
    /// Simulating the launch fired.
    Fire {
        seat: usize,
        launch: Launch,
        shot: Box<dyn Shot>,
    },
    Done(Option<Move>),
}

impl Think {
    /// The turn of a bot at `level` for the seat to act: the game's own bot first
    /// (`Game::bot_plan`), else the shared search.
    pub fn new(game: &dyn Game, level: Level, rng: &mut Rng, budget: BotBudget) -> Think {
        if game.turn().is_none() {
            return Think::done(None);
        }
        match game.bot_plan(level, rng) {
            Some(BotPlan::Move(mv)) => Think::done(Some(mv)),
            Some(BotPlan::Steps(steps)) => Think {
                stage: Stage::Own(steps),
                own_rng: None,
            },
            Some(BotPlan::Search {
                level,
                mut rng,
                budget,
            }) => {
                let mut t = Think::search(game, level, &mut rng, budget);
                t.own_rng = Some(rng);
                t
            }
            None => Think::search(game, level, rng, budget),
        }
    }

    /// The shared search's turn (never asks the game's own bot).
    pub fn search(game: &dyn Game, level: Level, rng: &mut Rng, budget: BotBudget) -> Think {
        if game.turn().is_none() {
            return Think::done(None);
        }
        match game.candidate_steps() {
            Some(steps) => Think {
                stage: Stage::Gather {
                    level,
                    budget,
                    steps,
                },
                own_rng: None,
            },
            None => Think::searching(game, level, rng, budget, game.candidates()),
        }
    }

    /// The search over the grid's moves and the game's `found` candidates (nothing drawn from
    /// `rng` before this, so gathering them in steps changes no move).
    fn searching(
        game: &dyn Game,
        level: Level,
        rng: &mut Rng,
        budget: BotBudget,
        found: Vec<Move>,
    ) -> Think {
        let Some(seat) = game.turn() else {
            return Think::done(None);
        };
        let mut candidates = super::scene::grid_moves(game);
        candidates.extend(found);
        if let Some(prompt) = game.launch_prompt() {
            // Decisions offered beside a shot (play a card…) are taken now and then.
            if candidates.is_empty() || rng.below(3) != 0 {
                let budget = budget.at_factor(level, game.hard_work_factor());
                let mut aim = Aim::new(game, prompt, budget);
                if level == Level::Hard {
                    aim = aim.steady(game.aim_noise(level), STEADY_PICKS, STEADY_TRIALS);
                }
                let aim = Box::new(aim);
                return Think {
                    stage: Stage::Aim { seat, level, aim },
                    own_rng: None,
                };
            }
        }
        if level == Level::Easy && rng.below(3) != 0 {
            return Think::done(rng.pick(&candidates).cloned());
        }
        Think {
            stage: Stage::Decide {
                level,
                candidates,
                next: 0,
                best: None,
            },
            own_rng: None,
        }
    }

    fn done(mv: Option<Move>) -> Think {
        Think {
            stage: Stage::Done(mv),
            own_rng: None,
        }
    }

    pub fn is_done(&self) -> bool {
        matches!(self.stage, Stage::Done(_))
    }

    /// Thinks on while `more()` says so (asked after every simulated frame, every rated
    /// decision and every step of a game's own bot); true once the move is known.
    pub fn step(&mut self, game: &dyn Game, rng: &mut Rng, more: &mut dyn FnMut() -> bool) -> bool {
        let rng = self.own_rng.as_mut().unwrap_or(rng);
        loop {
            let next = match &mut self.stage {
                Stage::Done(_) => return true,
                Stage::Decide {
                    level,
                    candidates,
                    next,
                    best,
                } => match candidates.get(*next) {
                    Some(mv) => {
                        if let Some(r) = game.rate_decision_at(mv, *level) {
                            if best.map(|b| r > b.0).unwrap_or(true) {
                                *best = Some((r, *next));
                            }
                        }
                        *next += 1;
                        None
                    }
                    None => Some(Stage::Done(match best {
                        Some((_, i)) => candidates.get(*i).cloned(),
                        None => rng.pick(candidates).cloned(),
                    })),
                },
                Stage::Own(steps) => steps.step().map(Stage::Done),
                Stage::Gather {
                    level,
                    budget,
                    steps,
                } => steps
                    .step()
                    .map(|found| Think::searching(game, *level, rng, *budget, found).stage),
                Stage::Aim { seat, level, aim } => {
                    if !aim.step(game, rng, more) {
                        return false;
                    }
                    Some(Self::fire_stage(game, *seat, *level, aim, rng))
                }
                Stage::Fire { seat, launch, shot } => {
                    if shot.step_frame() {
                        Some(Stage::Done(Some(Move {
                            outcome: Some(shot.outcome()),
                            ..Move::shot(*seat, launch.clone())
                        })))
                    } else {
                        None
                    }
                }
            };
            if let Some(stage) = next {
                let done = matches!(stage, Stage::Done(_));
                self.stage = stage;
                if done {
                    return true;
                }
            }
            if !more() {
                return false;
            }
        }
    }

    /// After the search: the meant launch shaken by the level's hand, simulated in full unless
    /// the search already did exactly that.
    fn fire_stage(
        game: &dyn Game,
        seat: usize,
        level: Level,
        aim: &mut Aim,
        rng: &mut Rng,
    ) -> Stage {
        let Some(best) = aim.best.take() else {
            return Stage::Done(None);
        };
        let fired = with_noise(&best.launch, &aim.prompt, game.aim_noise(level), rng);
        if fired == best.launch && !aim.hurried {
            return Stage::Done(Some(Move {
                outcome: Some(best.outcome),
                ..Move::shot(seat, fired)
            }));
        }
        match game.start_shot(&fired) {
            Ok(shot) => Stage::Fire {
                seat,
                launch: fired,
                shot,
            },
            Err(_) => Stage::Done(None),
        }
    }

    /// The move, once thought out (None before, or when the bot found none).
    pub fn into_move(self) -> Option<Move> {
        match self.stage {
            Stage::Done(mv) => mv,
            _ => None,
        }
    }

    /// Thinks the turn through in one go.
    pub fn run(mut self, game: &dyn Game, rng: &mut Rng) -> Option<Move> {
        while !self.step(game, rng, &mut || true) {}
        self.into_move()
    }
}

/// The shot a hand at `level` fires when it means `meant` (a launch and its outcome, simulated
/// in full): the shaken launch and its own outcome.
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

/// The best candidate so far.
struct Best {
    score: i64,
    launch: Launch,
    outcome: super::Outcome,
}

/// The aim search, resumable: the game's hints, random samples, then nudges around the best,
/// each candidate simulated on a copy of the table (hurried: a preview, `Shot::hurry`) and
/// rated by the game. A launch is never simulated twice.
pub struct Aim {
    prompt: LaunchPrompt,
    budget: BotBudget,
    hints: std::vec::IntoIter<Launch>,
    sampled: usize,
    refined: usize,
    seen: Vec<Launch>,
    best: Option<Best>,
    current: Option<(Launch, Box<dyn Shot>)>,
    /// What the candidates finished so far have cost (`Shot::work`).
    work: u64,
    /// The ratings of the candidates finished so far, in order.
    scores: Vec<i64>,
    /// Candidates are previews (false when there is nothing to aim: one launch, in full).
    hurried: bool,
    /// The candidates finished so far: rating and launch, in order.
    rated: Vec<(i64, Launch)>,
    /// The hand the steadiness check shakes with (`Aim::steady`), its picks and trials each.
    hand: Option<(AimNoise, usize, usize)>,
    /// The steadiness check, once the search is over.
    steady: Option<Steady>,
}

/// The steadiness check under way (`Aim::steady`).
struct Steady {
    picks: Vec<Pick>,
    /// (pick, launch fired) still to simulate, in order.
    trials: std::vec::IntoIter<(usize, Launch)>,
    /// The pick the trial being simulated belongs to.
    current: Option<usize>,
}

struct Pick {
    score: i64,
    launch: Launch,
    /// The sum of its shaken trials' ratings.
    shaken: i64,
}

impl Aim {
    pub fn new(game: &dyn Game, prompt: LaunchPrompt, budget: BotBudget) -> Aim {
        let hurried = budget.preview && prompt.kinds.iter().any(|k| *k != LaunchKind::Release);
        let hints: Vec<Launch> = game.aim_hints().into_iter().take(budget.samples).collect();
        Aim {
            prompt,
            budget,
            hints: hints.into_iter(),
            sampled: 0,
            refined: 0,
            seen: Vec::new(),
            best: None,
            current: None,
            work: 0,
            scores: Vec::new(),
            hurried,
            rated: Vec::new(),
            hand: None,
            steady: None,
        }
    }

    /// Before choosing, tries the `picks` best candidates `trials` times each as this hand
    /// fires them (`with_noise`) and means the one whose shaken shots rate best on average (the
    /// first of equals, in the order of their exact ratings). Nothing is tried, and nothing
    /// drawn, for an exact hand, zero picks or trials, or when nothing is aimed (`Release`).
    pub fn steady(mut self, noise: AimNoise, picks: usize, trials: usize) -> Aim {
        let shakes = noise.angle > 0 || noise.power > 0;
        if shakes && picks > 0 && trials > 0 && self.hurried {
            self.hand = Some((noise, picks, trials));
        }
        self
    }

    /// The next launch to try, or None when the budget is spent.
    fn next_launch(&mut self, rng: &mut Rng) -> Option<Launch> {
        if self.work >= self.budget.work || self.good_enough() {
            return None;
        }
        if self.sampled < self.budget.samples {
            self.sampled += 1;
            return Some(match self.hints.next() {
                Some(hint) => hint,
                None => random_launch(&self.prompt, rng),
            });
        }
        if self.refined < self.budget.refinements {
            let base = &self.best.as_ref()?.launch;
            let i = self.refined as i32;
            let scale = 4 - (3 * i) / self.budget.refinements.max(1) as i32;
            self.refined += 1;
            return Some(nudge(base, &self.prompt, rng, scale.max(1)));
        }
        None
    }

    /// How many candidates have been simulated to their end so far.
    pub fn candidates(&self) -> usize {
        self.scores.len()
    }

    /// What those candidates have cost (`Shot::work`).
    pub fn work(&self) -> u64 {
        self.work
    }

    /// The launch the search means so far (after the steadiness check, the pick it kept).
    pub fn meant(&self) -> Option<&Launch> {
        self.best.as_ref().map(|b| &b.launch)
    }

    /// Whether `budget.enough` candidates rate within `ENOUGH_MARGIN` of the best and another
    /// rated clearly below it.
    fn good_enough(&self) -> bool {
        plateau(&self.scores, self.budget.enough)
    }

    /// Once the search is over: draws the steadiness check's shaken launches (`Aim::steady`),
    /// all at once and in a fixed order. False when there is nothing to check.
    fn start_steady(&mut self, rng: &mut Rng) -> bool {
        let Some((noise, picks, trials)) = self.hand else {
            return false;
        };
        if self.steady.is_some() || self.rated.len() < 2 {
            return false;
        }
        // The best candidates, best first (the first of equals first): the one the search
        // would mean heads the list.
        let mut order: Vec<usize> = (0..self.rated.len()).collect();
        order.sort_by_key(|&i| (std::cmp::Reverse(self.rated[i].0), i));
        order.truncate(picks);
        let mut chosen = Vec::new();
        let mut fired = Vec::new();
        for (k, &i) in order.iter().enumerate() {
            let (score, launch) = self.rated[i].clone();
            for _ in 0..trials {
                fired.push((k, with_noise(&launch, &self.prompt, noise, rng)));
            }
            chosen.push(Pick {
                score,
                launch,
                shaken: 0,
            });
        }
        self.steady = Some(Steady {
            picks: chosen,
            trials: fired.into_iter(),
            current: None,
        });
        true
    }

    /// Starts the steadiness check's next shaken launch; once none is left, means the pick
    /// whose trials rated best in sum (the first of equals) and returns false.
    fn next_trial(&mut self, game: &dyn Game) -> bool {
        let Some(steady) = self.steady.as_mut() else {
            return false;
        };
        for (k, launch) in steady.trials.by_ref() {
            let Ok(mut shot) = game.start_shot(&launch) else {
                continue;
            };
            shot.hurry(PREVIEW_CALM_FRAMES);
            steady.current = Some(k);
            self.current = Some((launch, shot));
            return true;
        }
        let mut top: Option<&Pick> = None;
        for p in &steady.picks {
            if top.map(|t| p.shaken > t.shaken).unwrap_or(true) {
                top = Some(p);
            }
        }
        if let Some(p) = top {
            if self
                .best
                .as_ref()
                .map(|b| b.launch != p.launch)
                .unwrap_or(true)
            {
                // Only the launch is kept: a hurried search simulates the launch fired in full
                // (`Think::fire_stage`, `aim`).
                self.best = Some(Best {
                    score: p.score,
                    launch: p.launch.clone(),
                    outcome: super::Outcome::default(),
                });
            }
        }
        false
    }

    /// Simulates candidates while `more()` says so (asked after every frame); true when the
    /// search is over.
    pub fn step(&mut self, game: &dyn Game, rng: &mut Rng, more: &mut dyn FnMut() -> bool) -> bool {
        loop {
            if let Some((_, shot)) = self.current.as_mut() {
                if shot.step_frame() {
                    if let Some((launch, shot)) = self.current.take() {
                        let outcome = shot.outcome();
                        let score = game.rate_outcome(&outcome);
                        if let Some(steady) = self.steady.as_mut() {
                            let pick = steady.current.take();
                            if let Some(p) = pick.and_then(|i| steady.picks.get_mut(i)) {
                                p.shaken = p.shaken.saturating_add(score);
                            }
                        } else {
                            self.work = self.work.saturating_add(shot.work());
                            self.scores.push(score);
                            self.rated.push((score, launch.clone()));
                            if self.best.as_ref().map(|b| score > b.score).unwrap_or(true) {
                                self.best = Some(Best {
                                    score,
                                    launch,
                                    outcome,
                                });
                            }
                        }
                    }
                }
            } else if self.steady.is_some() {
                if !self.next_trial(game) {
                    return true;
                }
            } else {
                let Some(launch) = self.next_launch(rng) else {
                    if self.start_steady(rng) {
                        continue;
                    }
                    return true;
                };
                if self.prompt.check(&launch).is_err() || self.seen.contains(&launch) {
                    continue;
                }
                self.seen.push(launch.clone());
                let Ok(mut shot) = game.start_shot(&launch) else {
                    continue;
                };
                if self.hurried {
                    shot.hurry(PREVIEW_CALM_FRAMES);
                }
                self.current = Some((launch, shot));
            }
            if !more() {
                return false;
            }
        }
    }
}

/// Whether `enough` (> 0) of these ratings lie within `ENOUGH_MARGIN` of the best and one lies
/// clearly below it (a table where every launch does the same tells nothing).
fn plateau(scores: &[i64], enough: usize) -> bool {
    let Some(&best) = scores.iter().max() else {
        return false;
    };
    enough > 0
        && scores
            .iter()
            .filter(|&&s| s >= best - ENOUGH_MARGIN)
            .count()
            >= enough
        && scores.iter().any(|&s| s < best - ENOUGH_MARGIN)
}

/// Searches for the best launch in one go; returns it with its outcome simulated in full.
pub fn aim(
    game: &dyn Game,
    prompt: &LaunchPrompt,
    rng: &mut Rng,
    budget: BotBudget,
) -> Option<(Launch, super::Outcome)> {
    let mut search = Aim::new(game, prompt.clone(), budget);
    while !search.step(game, rng, &mut || true) {}
    let best = search.best?;
    if !search.hurried {
        return Some((best.launch, best.outcome));
    }
    let outcome = game.start_shot(&best.launch).ok()?.run_to_rest();
    Some((best.launch, outcome))
}

#[cfg(test)]
mod tests {
    use super::{plateau, BotBudget, Level};

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

    #[test]
    fn the_search_stops_on_a_plateau_of_three_near_the_best_beside_a_worse_one() {
        assert!(plateau(&[4968, 4987, 1878, 4988], 3));
        assert!(!plateau(&[4968, 4987, 1878], 3), "two near the best");
        assert!(
            !plateau(&[12000, 12000, 12000, 12000], 3),
            "nothing worse seen"
        );
        assert!(
            !plateau(&[4968, 4900, 4987, 1878], 3),
            "4900 is not within 50 of 4987"
        );
        assert!(!plateau(&[4968, 4987, 4988, 1878], 0), "0 never stops");
        assert!(!plateau(&[], 3));
    }
}
