//! How Assault's bots decide (the throw is the shared search with `rate_outcome`): which design
//! to build, how to reinforce, which card to give or pay, where the Great Tower goes, ruins and
//! the gods' reward. Rated from the table only (never the order of a deck).
//!
//! Normal rates by heuristics; Hard also plays a reinforcement out on a copy — the placement,
//! the end of reinforcing and the let-go the physics settles — and counts the cards of its own
//! castle still standing (a reinforcement that brings the castle down is a defeat), and rates a
//! design by the cards that stand after its largest group of frames falls like dominoes.

use super::geometry as geo;
use super::rules::codec::Action;
use super::rules::Task;
use super::Assault;
use super::*;
use crate::core::bot::{AimNoise, BotBudget, BotPlan};
use crate::core::game::prelude::*;
use crate::core::{Game, Launch, LaunchKind, Level, Move, Rng};

/// Hard's throw search (before `BotBudget::at` doubles its samples, quadruples its refinements
/// and multiplies its work): the shared default without the stop on a plateau. A throw that
/// knocks no card rates about the same wherever it lands inside a castle, so three such throws
/// made a "plateau" and ended the search before it found a throw that knocks cards down; Hard's
/// exact hand gains from every candidate it simulates. Twice as wide won no more games and took
/// Hard past 0.3 s a throw (docs/balance.md, Assault's findings).
pub const HARD_AIM: BotBudget = BotBudget {
    samples: 10,
    refinements: 5,
    preview: true,
    work: 10_000,
    enough: 0,
};

/// Hard's work cap over Normal's here (`Game::hard_work_factor`; the shared default is 5): a
/// candidate throw among card castles costs ~2,000 units of work at ~4–6 µs a unit, so the
/// shared 50,000 took a Hard throw to 245–305 ms of the deciding thread's CPU time (`referee
/// bench --bots`), at the 0.3 s target. 40,000 still tries ~20 throws where Normal tries ~5, and
/// means the same throw as 50,000 did in 91 of 94 positions (seeds 1–25); Hard vs Easy won the
/// same 161 of 200 games (docs/benchmarks.md, "Issue #14, fifth pass").
pub const HARD_WORK_FACTOR: u64 = 4;

/// Easy's and Normal's throw search: the shared default with a work cap of 3,000 instead of
/// 10,000 — about one throw that reaches a castle (~3,500 work: the castle it hits settles), or
/// several that miss (a miss costs the flying card alone). Their hands shake by 3° and more, which
/// moves a throw further than a longer search would improve it (as measured for Catapults,
/// docs/benchmarks.md); the longer search cost a 10-seat game seconds (docs/benchmarks.md,
/// "Issue #14, sixth pass").
pub const SHAKY_AIM: BotBudget = BotBudget {
    samples: 10,
    refinements: 5,
    preview: true,
    work: 3_000,
    enough: 3,
};

/// How a bot's wrist shakes here (`Game::aim_noise`): Easy's by 20° and a quarter of the power
/// range (standard deviations), where the shared Easy hand shakes by 10° and 13%; Normal and Hard
/// keep the shared hands. A card castle is a wide target that falls easily: with the shared hand
/// Easy's throws toppled cards nearly as often as Normal's and Hard beat it in only 79–80.5% of
/// games; the bands and the tournaments are in docs/balance.md.
pub fn aim_noise(level: Level) -> AimNoise {
    match level {
        Level::Easy => AimNoise {
            angle: 200,
            power: 250,
        },
        _ => level.aim_noise(),
    }
}

/// The game's own plan for a bot's move: a throw searches with `HARD_AIM` at Hard and
/// `SHAKY_AIM` at Easy and Normal, drawing from a generator seeded by the bots' one (so a game
/// stays a function of its seed); None (the shared bot) for every other move.
pub fn plan(g: &Assault, level: Level, rng: &mut Rng) -> Option<BotPlan> {
    if !matches!(g.state.task(), Some(Task::Aim { .. })) {
        return None;
    }
    let budget = match level {
        Level::Hard => HARD_AIM,
        Level::Easy | Level::Normal => SHAKY_AIM,
    };
    let seed = ((rng.next_u32() as u64) << 32) | rng.next_u32() as u64;
    Some(BotPlan::Search {
        level,
        rng: Rng::new(seed),
        budget,
    })
}

/// How much a decision is worth to the acting seat; None for moves that are not decisions.
pub fn rate(g: &Assault, mv: &Move, level: Level) -> Option<i64> {
    let st = &g.state;
    let action = Action::decode(mv).ok()?;
    let seat = mv.seat as usize;
    Some(match (st.task()?, action) {
        (Task::Build { .. }, Action::Design(k)) => {
            let base = design_worth(g, k);
            if level == Level::Hard {
                base + domino_worth(g, k)
            } else {
                base
            }
        }
        // "Build for me" takes a design too, without choosing the sturdiest.
        (Task::Build { .. }, Action::Auto) => 0,
        (Task::Build { .. }, Action::Done) => 0,
        (Task::Place { .. }, a) => {
            let base = reinforce_worth(a);
            if level == Level::Hard && !matches!(a, Action::Done) {
                base + settled_worth(g, mv, seat)?
            } else {
                base
            }
        }
        // Ruins (fallen cards) first, then the highest card: the castle loses least.
        (Task::Give { from, .. }, Action::Give(c)) => safest_rank(g, from, c),
        (Task::Tax { seat, .. }, Action::Tax(c)) => safest_rank(g, seat, c),
        (Task::Tower { seat }, Action::Tower(x)) => -(x - shield_x(g, seat)).abs() as i64,
        (Task::Tower { seat }, Action::TowerStay) => match st.tower {
            Some(p) => -(p.x - shield_x(g, seat)).abs() as i64,
            None => i64::MIN / 4,
        },
        // Fallen cards may still brace the standing ones; clearing only returns them to the deck.
        (Task::Ruins { .. }, Action::RuinsKeep) => 1,
        (Task::Ruins { .. }, Action::RuinsClear) => 0,
        // Two munitions in every Catapult throw for as long as the second storey stands outweigh
        // one placing of the Great Tower.
        (Task::Gods { .. }, Action::GodsTrebuchet) => 1,
        (Task::Gods { .. }, Action::GodsTower) => 0,
        _ => return None,
    })
}

/// A design is sturdier the more A-frames stand on the mat on their own (a castle falls only
/// when every card lies flat); a second storey is fragile (the rulebook warns new players off
/// it), less so when the gods reward it. Frames close together knock each other down
/// (`domino_worth`, Hard only).
fn design_worth(g: &Assault, k: usize) -> i64 {
    let Some(d) = g.state.designs.get(k) else {
        return i64::MIN / 4;
    };
    let on_mat = d.cards.iter().filter(|c| c[1] <= 417 && c[2] != 0).count() as i64;
    let storeys = d.storeys as i64;
    let storey_cost = if g.state.gods_rule { 100 } else { 300 };
    100 * on_mat / 2 + 10 * d.cards.len() as i64 - storey_cost * (storeys - 1)
}

/// How far a falling card reaches beyond the foot it pivots on, as the domino rule counts it
/// (half a card: a frame whose foot is nearer than this to its neighbour's falls onto it).
pub const DOMINO_REACH: f64 = geo::CARD_LEN as f64 / 2.0;

/// The cards of a design in groups that fall together: two cards are in one group when their
/// horizontal extents come within `DOMINO_REACH` of each other (one knocked frame topples its
/// neighbour, as Four Gates' frames, 19 mm apart, all fell from one weak throw). The sizes of
/// the groups, largest first.
pub fn domino_groups(cards: &[Vec<i32>]) -> Vec<usize> {
    let mut spans: Vec<(f64, f64)> = cards
        .iter()
        .filter(|c| c.len() >= 3)
        .map(|c| geo::x_span(geo::Pose::new(c[0], c[1], c[2])))
        .collect();
    crate::core::order::sort_by(&mut spans, |a, b| a.0.total_cmp(&b.0));
    let mut groups: Vec<usize> = Vec::new();
    let mut right = f64::NEG_INFINITY;
    for (lo, hi) in spans {
        match groups.last_mut() {
            Some(n) if lo - right < DOMINO_REACH => *n += 1,
            _ => groups.push(1),
        }
        right = right.max(hi);
    }
    crate::core::order::sort_by(&mut groups, |a, b| b.cmp(a));
    groups
}

/// Hard's measure against dominoes: 100 per card outside the design's largest group (the cards
/// one throw that topples that group leaves standing). Four Gates 0, Hall and Gate 2 (its gate
/// stands 59 mm from the hall), Keep and Tower 0.
fn domino_worth(g: &Assault, k: usize) -> i64 {
    let Some(d) = g.state.designs.get(k) else {
        return 0;
    };
    let groups = domino_groups(&d.cards);
    let largest = groups.first().copied().unwrap_or(0);
    100 * (d.cards.len() - largest) as i64
}

/// A pair leaning on the mat is a new A-frame of its own; on a floor it is a second storey
/// (higher, more fragile); a card laid flat only braces; "for me" places without choosing;
/// finishing early sends the cards in hand back to the deck.
fn reinforce_worth(a: Action) -> i64 {
    match a {
        Action::Pair { base: 0, .. } => 300,
        Action::Pair { .. } => 150,
        Action::Auto => 120,
        Action::Floor { .. } => 80,
        Action::Done => 0,
        _ => -100,
    }
}

/// Hard's look ahead: the reinforcement played out on a copy (the move, then `done` for the rest
/// of the task, then the let-go settled by the physics): 600 per own card that no longer stands
/// afterwards, and a fallen castle worst of all. None when the copy refuses a step.
fn settled_worth(g: &Assault, mv: &Move, seat: usize) -> Option<i64> {
    let before = g.state.players.get(seat)?.standing() as i64;
    let mut copy = g.clone();
    copy.apply(mv).ok()?;
    for _ in 0..4 {
        match copy.state.task() {
            Some(Task::Place { seat: s, .. }) if s == seat => {
                copy.apply(&Action::Done.encode(seat)).ok()?;
            }
            _ => break,
        }
    }
    if let Some(Task::LetGo { seat: s, .. }) = copy.state.task() {
        if s == seat {
            let release = Launch {
                kind: LaunchKind::Release,
                ..Launch::default()
            };
            let outcome = copy.start_shot(&release).ok()?.run_to_rest();
            copy.apply(&Move {
                outcome: Some(outcome),
                ..Move::shot(seat, release)
            })
            .ok()?;
        }
    }
    let p = copy.state.players.get(seat)?;
    let after = p.standing() as i64;
    let fell = p.eliminated || (p.defeated && !g.state.players[seat].defeated);
    let placed = g.state.players[seat].hand.len() as i64 - p.hand.len() as i64;
    let lost = (before + placed.max(0) - after).max(0);
    Some(-600 * lost - if fell { 50_000 } else { 0 })
}

/// The cards of a castle ranked by `State::safest_cards` (ruins, then the highest): the first
/// is rated highest.
fn safest_rank(g: &Assault, seat: usize, card: u32) -> i64 {
    let order = g.state.safest_cards(seat);
    match order.iter().position(|&c| c == card) {
        Some(i) => -(i as i64),
        None => i64::MIN / 4,
    }
}

/// Where the Great Tower shields `seat` best: the spot beside its mat on the side of the nearest
/// living opponent (their throws come from there).
fn shield_x(g: &Assault, seat: usize) -> i32 {
    let st = &g.state;
    let mine = geo::mat_left(seat);
    let nearest = (0..st.n)
        .filter(|&o| o != seat && st.players.get(o).is_some_and(|p| p.alive()))
        .min_by_key(|&o| ((geo::mat_left(o) - mine).abs(), o));
    let right = nearest.is_none_or(|o| geo::mat_left(o) > mine);
    let spots = st.tower_spots(seat);
    let pick = if right {
        spots.iter().max()
    } else {
        spots.iter().min()
    };
    pick.copied().unwrap_or(mine + geo::MAT_W / 2)
}

impl BotAdvice for Assault {
    fn aim_noise(&self, level: crate::core::Level) -> crate::core::bot::AimNoise {
        bot::aim_noise(level)
    }

    /// A throw that topples at least one card of another player's castle (a let-go is no throw).
    fn shot_hit(&self, outcome: &Outcome) -> Option<bool> {
        let Some(Task::Aim { seat }) = self.state.task() else {
            return None;
        };
        let (_, _, _, damage) = self.state.read_facts(&outcome.facts, None).ok()?;
        Some(
            damage
                .iter()
                .enumerate()
                .any(|(s, d)| s != seat && d.standing_after < d.standing_before),
        )
    }

    fn rate_outcome(&self, outcome: &Outcome) -> i64 {
        self.state.rate(&outcome.facts)
    }

    fn aim_hints(&self) -> Vec<Launch> {
        let st = &self.state;
        match st.task() {
            Some(Task::LetGo { .. }) => vec![Launch {
                kind: LaunchKind::Release,
                ..Launch::default()
            }],
            Some(Task::Aim { seat }) => {
                let (px, _) = st.pivot(seat);
                let mut targets: Vec<(i64, usize, f32)> = Vec::new();
                for (s, p) in st.players.iter().enumerate() {
                    if s == seat || !p.alive() || p.standing() == 0 {
                        continue;
                    }
                    let (a, b) = rules::castle_span(s, p);
                    let cx = (a + b) / 2;
                    targets.push(((cx - px as i64).abs(), s, cx as f32 * table::DMM));
                }
                crate::core::order::sort_by_key(&mut targets, |t| (t.0, t.1));
                let mut hints = Vec::new();
                let elevations = [-150, -80, 0, 150, 350, 500];
                for &e in &elevations {
                    for t in targets.iter().take(2) {
                        let ty = (geo::MAT_T + 400) as f32 * table::DMM;
                        if let Some(l) = ballistic(st, seat, t.2, ty, e) {
                            hints.push(l);
                        }
                    }
                }
                // Then at each standing card of the nearest castles (its centre): a search
                // with samples to spare (Hard's) tries every frame, not only the middle.
                for t in targets.iter().take(2) {
                    let left = geo::mat_left(t.1);
                    for c in st.players[t.1].castle.iter() {
                        if !geo::is_standing(c.pose) {
                            continue;
                        }
                        let tx = (left + c.pose.x) as f32 * table::DMM;
                        let ty = (geo::MAT_T + c.pose.y) as f32 * table::DMM;
                        for e in [0, 150, 350] {
                            if let Some(l) = ballistic(st, seat, tx, ty, e) {
                                hints.push(l);
                            }
                        }
                    }
                }
                hints
            }
            _ => Vec::new(),
        }
    }

    fn rate_decision(&self, mv: &Move) -> Option<i64> {
        bot::rate(self, mv, crate::core::Level::Normal)
    }

    fn rate_decision_at(&self, mv: &Move, level: crate::core::Level) -> Option<i64> {
        bot::rate(self, mv, level)
    }

    fn hard_work_factor(&self) -> u64 {
        bot::HARD_WORK_FACTOR
    }

    /// Hard's throw: the shared search with `bot::HARD_AIM` (no stop on a plateau). Every
    /// other move, and every other level, is the shared bot's as before.
    fn bot_plan(
        &self,
        level: crate::core::Level,
        rng: &mut crate::core::Rng,
    ) -> Option<crate::core::bot::BotPlan> {
        bot::plan(self, level, rng)
    }
}
