//! Carcassonne bots. Pure: they read the state and choose an `Action` a player could choose.
//!
//! - **Normal** tries every legal placement × follower choice on a copy of the state and keeps
//!   the one whose position is worth most: points scored plus the expected worth of open
//!   features it holds (by their chance of completion), plus the followers still in hand.
//! - **Easy** is Normal with a few points of noise on every candidate (a good bot that errs).
//! - **Hard** takes Normal's best few candidates and plays each forward: the next player draws a
//!   tile sampled from the unseen ones and answers with its own best placement and follower;
//!   the candidate with the best average over several samples (the same samples for every
//!   candidate) wins.
//!
//! No bot looks at the order of the pile: every copy it simulates on is reshuffled first, so
//! the only thing it knows is how many of each tile remain.

pub mod round;
pub mod worth;

use super::rules::{Action, Phase, State};
use crate::core::Rng;
pub use worth::{value, worth};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Easy,
    Normal,
    Hard,
}

/// How much search the Hard bot does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Normal's best candidates that are searched further.
    pub candidates: usize,
    /// Play-outs per candidate.
    pub rollouts: usize,
    /// Candidates the play-out policy samples per turn.
    pub policy_sample: usize,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            candidates: 5,
            rollouts: 8,
            policy_sample: 200,
        }
    }
}

/// The action `level` chooses now (None when the game is over).
pub fn choose(state: &State, level: Level, seed: u64) -> Option<Action> {
    choose_with(state, level, Budget::default(), seed)
}

pub fn choose_with(state: &State, level: Level, budget: Budget, seed: u64) -> Option<Action> {
    let mut c = Choosing::new(state, level, budget, seed);
    while !c.step() {}
    c.chosen()
}

/// `choose_with` thought out a step at a time (one placement rated, or one play-out, a step), so
/// an app can spread it over frames; the action is the same however it is stepped.
#[derive(Clone, Debug)]
pub struct Choosing {
    state: State,
    base: State,
    me: usize,
    level: Level,
    budget: Budget,
    rng: Rng,
    stage: Choice,
}

#[derive(Clone, Debug)]
enum Choice {
    /// Rating the current step's actions, one a step (`rate_plans`).
    Rate {
        firsts: Vec<Action>,
        next: usize,
        plans: Vec<Plan>,
    },
    /// Hard: playing each of the best plans forward on every sampled pile, one play-out a step.
    Roll {
        plans: Vec<Plan>,
        seeds: Vec<u64>,
        plan: usize,
        seed: usize,
        sum: f32,
    },
    Done(Option<Action>),
}

impl Choosing {
    pub fn new(state: &State, level: Level, budget: Budget, seed: u64) -> Choosing {
        let Some(me) = state.turn() else {
            return Choosing {
                state: state.clone(),
                base: state.clone(),
                me: 0,
                level,
                budget,
                rng: Rng::new(seed),
                stage: Choice::Done(None),
            };
        };
        let seed = seed ^ (state.turns as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let base = blind_copy(state, rating_seed(state));
        let firsts = match base.phase {
            Phase::Over => Vec::new(),
            _ => base.actions(),
        };
        Choosing {
            state: state.clone(),
            base,
            me,
            level,
            budget,
            rng: Rng::new(seed),
            stage: Choice::Rate {
                firsts,
                next: 0,
                plans: Vec::new(),
            },
        }
    }

    /// The action chosen, once `step` has said the choice is made.
    pub fn chosen(&self) -> Option<Action> {
        match self.stage {
            Choice::Done(a) => a,
            _ => None,
        }
    }

    /// Thinks one step; true once the action is chosen.
    pub fn step(&mut self) -> bool {
        let next = match &mut self.stage {
            Choice::Done(_) => return true,
            Choice::Rate {
                firsts,
                next,
                plans,
            } => match firsts.get(*next).copied() {
                Some(first) => {
                    *next += 1;
                    rate_first(&self.base, self.me, first, plans);
                    return false;
                }
                None => {
                    let plans = std::mem::take(plans);
                    self.rated(plans)
                }
            },
            Choice::Roll {
                plans,
                seeds,
                plan,
                seed,
                sum,
            } => {
                if let (Some(p), Some(&sd)) = (plans.get(*plan), seeds.get(*seed)) {
                    *sum += rollout(&self.state, self.me, p, self.budget, sd);
                    *seed += 1;
                }
                if *seed >= seeds.len() {
                    if let Some(p) = plans.get_mut(*plan) {
                        p.value = *sum / seeds.len() as f32;
                    }
                    (*plan, *seed, *sum) = (*plan + 1, 0, -0.0);
                }
                if *plan < plans.len() {
                    return false;
                }
                Choice::Done(best_of(plans))
            }
        };
        let done = matches!(next, Choice::Done(_));
        self.stage = next;
        done
    }

    /// Every plan rated: Easy's noise, or Hard's play-outs, then the best.
    fn rated(&mut self, mut plans: Vec<Plan>) -> Choice {
        if plans.is_empty() {
            return Choice::Done(self.state.actions().first().copied());
        }
        match self.level {
            Level::Normal => {}
            Level::Easy => {
                for p in &mut plans {
                    p.value += (self.rng.range(-400, 400) as f32) / 100.0;
                }
            }
            Level::Hard => {
                crate::core::order::sort_by(&mut plans, |a, b| b.value.total_cmp(&a.value));
                plans.truncate(self.budget.candidates.max(1));
                // The same sampled piles for every candidate, so they are compared on equal luck.
                let seeds: Vec<u64> = (0..self.budget.rollouts.max(1))
                    .map(|_| self.rng.next_u32() as u64)
                    .collect();
                return Choice::Roll {
                    plans,
                    seeds,
                    plan: 0,
                    seed: 0,
                    // The float sum's own start (`Iterator::sum`).
                    sum: -0.0,
                };
            }
        }
        Choice::Done(best_of(&plans))
    }
}

/// Best value; the first in the fixed candidate order on ties.
fn best_of(plans: &[Plan]) -> Option<Action> {
    let mut best = plans.first()?;
    for p in plans.get(1..).unwrap_or(&[]) {
        if p.value > best.value {
            best = p;
        }
    }
    Some(best.first)
}

/// One candidate turn: the action to take now, the follower step after it (when `first` lays
/// a tile) and its value.
#[derive(Clone, Copy, Debug)]
struct Plan {
    first: Action,
    then: Option<Action>,
    value: f32,
}

/// A copy whose pile order the bot cannot know: reshuffled.
fn blind_copy(state: &State, seed: u64) -> State {
    let mut s = state.clone();
    s.reshuffle_pile(seed);
    s
}

/// The pile order a rating assumes: fixed by the position, so that every candidate of one
/// decision is rated on the same (reshuffled, unseen) pile.
fn rating_seed(state: &State) -> u64 {
    0xC0FF_EE00 ^ state.turns as u64 ^ ((state.map.len() as u64) << 32)
}

/// Normal's rating of one action for the seat to act: the value after it (after a placement,
/// with the best follower step that follows). None when the action is refused.
pub fn rate(state: &State, action: Action) -> Option<f32> {
    let me = state.turn()?;
    if let Action::Round(a) = action {
        return round::rate_round(state, me, a);
    }
    let mut s = blind_copy(state, rating_seed(state));
    s.apply(me, action).ok()?;
    if !matches!(action, Action::Place { .. }) {
        return Some(value(&s, me));
    }
    s.actions()
        .into_iter()
        .filter_map(|f| {
            let mut t = s.clone();
            t.apply(me, f).ok()?;
            Some(value(&t, me))
        })
        .reduce(f32::max)
}

/// `place` laid on a copy of `base` by `seat`, then each follower action that may follow, with
/// the state after it, in the order the rules list them (none when the placement is refused).
fn placed_then(base: &State, seat: usize, place: Action) -> Vec<(Action, State)> {
    let mut placed = base.clone();
    if placed.apply(seat, place).is_err() {
        return Vec::new();
    }
    placed
        .actions()
        .into_iter()
        .filter_map(|then| {
            let mut s = placed.clone();
            s.apply(seat, then).is_ok().then_some((then, s))
        })
        .collect()
}

/// Rates one action of the current step on `base` (the blind copy): after a placement, each
/// follower step that follows is a plan of its own.
fn rate_first(base: &State, me: usize, first: Action, out: &mut Vec<Plan>) {
    match base.phase {
        Phase::Place { .. } => {
            for (then, s) in placed_then(base, me, first) {
                out.push(Plan {
                    first,
                    then: Some(then),
                    value: value(&s, me),
                });
            }
        }
        Phase::Follower { .. } | Phase::Catapult => {
            let mut s = base.clone();
            if s.apply(me, first).is_ok() {
                out.push(Plan {
                    first,
                    then: None,
                    value: value(&s, me),
                });
            }
        }
        Phase::Over => {}
    }
}

/// Plays `plan` on a copy whose pile is reshuffled (so the next player's tile is a sample of
/// the unseen ones), lets the next player answer with the best of its sampled placements, and
/// rates the result for `me`.
fn rollout(state: &State, me: usize, plan: &Plan, budget: Budget, seed: u64) -> f32 {
    let mut s = blind_copy(state, seed);
    let mut rng = Rng::new(seed ^ 0x5555);
    if s.apply(me, plan.first).is_err() {
        return f32::MIN;
    }
    if let Some(t) = plan.then {
        if s.apply(me, t).is_err() {
            return f32::MIN;
        }
    }
    if let Some(seat) = s.turn() {
        quick_turn(&mut s, seat, budget.policy_sample, &mut rng);
    }
    value(&s, me)
}

/// The play-out policy: the best of a few sampled placements, each with its best follower.
fn quick_turn(s: &mut State, seat: usize, sample: usize, rng: &mut Rng) -> bool {
    let mut places = s.actions();
    if places.is_empty() {
        return false;
    }
    rng.shuffle(&mut places);
    places.truncate(sample.max(1));
    let mut best: Option<(f32, State)> = None;
    for p in places {
        for (_, t) in placed_then(s, seat, p) {
            let v = value(&t, seat);
            if best.as_ref().is_none_or(|(b, _)| v > *b) {
                best = Some((v, t));
            }
        }
    }
    match best {
        Some((_, t)) => {
            *s = t;
            true
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::carcassonne::rules::Options;

    #[test]
    fn the_normal_bot_closes_a_city_it_can_score() {
        // The start city is open above; a cap closes it for 4 points with a knight.
        let cap = crate::games::carcassonne::rules::Catalog::embedded()
            .ok()
            .and_then(|c| c.find("B18"));
        let cloister = crate::games::carcassonne::rules::Catalog::embedded()
            .ok()
            .and_then(|c| c.find("B01"));
        let (Some(cap), Some(cl)) = (cap, cloister) else {
            panic!("tiles missing");
        };
        let Ok((mut s, _)) = State::with_pile(2, Options::default(), &[cap, cl, cl]) else {
            panic!("setup refused");
        };
        let a = choose(&s, Level::Normal, 1);
        assert_eq!(a, Some(Action::Place { x: 0, y: 1, rot: 2 }));
        let _ = s.apply(0, Action::Place { x: 0, y: 1, rot: 2 });
        assert_eq!(
            choose(&s, Level::Normal, 1),
            Some(Action::Follower { spot: 0 })
        );
    }
}
