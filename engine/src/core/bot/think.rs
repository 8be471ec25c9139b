//! A bot's turn thought out in slices (`Think`): the game's own bot first, else gathering the
//! candidates, rating decisions one at a time, the aim search and the simulation of the launch
//! fired; and the decision helpers (`decide_at`, `rollout`).

use super::aim::Aim;
use super::*;
use crate::core::Shot;

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
        let mut candidates = crate::core::scene::grid_moves(game);
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
    meant: (Launch, crate::core::Outcome),
    level: Level,
    rng: &mut Rng,
) -> Option<(Launch, crate::core::Outcome)> {
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
