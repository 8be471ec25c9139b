//! The Catapult Feud bot: reasoned decisions (a fortress from the designs, soldiers on covered
//! spots, a card chosen for a reason) and the aim the generic bot (`core::bot`) searches from:
//! ballistic first guesses at the enemy's standing soldiers and a shaped rating of outcomes.

use super::rules::geometry::{self as geo, Shape};
use super::rules::setup::{catapult_x, cup, FROM_ABOVE};
use super::rules::{codec, piece_shape, Action, Card, Catapult, Loc, Phase, ShotFact, Side, State};
use super::table::CATAPULT_SPEED;
use super::Feud;
use super::*;
use crate::core::game::prelude::*;
use crate::core::game::RulesState;
use crate::core::{Launch, Move, Outcome};

/// Hard's work cap over Normal's here (`Game::hard_work_factor`; the shared default is 5): a Feud
/// shot costs ~5,500 units of work, and 50,000 took a Hard decision to ~200 ms of CPU (over
/// 0.3 s wall on a loaded machine). 30,000 still tries 5–6 shots, Normal's cap 2
/// (docs/benchmarks.md).
pub const HARD_WORK_FACTOR: u64 = 3;

/// The catapult place the bot prefers: beside the inner edge, halfway out, facing the enemy.
pub fn preferred_catapult(seat: usize) -> Catapult {
    Catapult {
        side: Side::Inner,
        gap: 600,
        facing: geo::toward_enemy(seat),
    }
}

/// The ready-made fortress that covers its soldiers best: each design is built on a copy of the
/// table and its five soldiers posted on their best spots; the highest total spot value wins.
pub fn best_design(st: &State, seat: usize) -> usize {
    let mut d = Designing::new(st, seat);
    while !d.step() {}
    d.best.1
}

/// `best_design` a design at a time (each is built on a copy with its soldiers posted, a few
/// milliseconds in a browser): the bot's Build turn spread over frames (`Game::candidate_steps`).
pub struct Designing {
    state: State,
    seat: usize,
    next: usize,
    /// The best value so far and its design (the first of equals).
    best: (i64, usize),
}

impl Designing {
    pub fn new(st: &State, seat: usize) -> Designing {
        Designing {
            state: st.clone(),
            seat,
            next: 0,
            best: (i64::MIN, 0),
        }
    }

    /// Weighs the next design; true once every design is weighed.
    fn step(&mut self) -> bool {
        let k = self.next;
        if k >= self.state.designs.len() {
            return true;
        }
        self.next += 1;
        if let Some(value) = design_value(&self.state, self.seat, k) {
            if value > self.best.0 {
                self.best = (value, k);
            }
        }
        self.next >= self.state.designs.len()
    }
}

impl crate::core::bot::Steps<Vec<Move>> for Designing {
    fn step(&mut self) -> Option<Vec<Move>> {
        Designing::step(self).then(|| vec![Action::Design(self.best.1).encode(self.seat)])
    }
}

/// Design `k` built on a copy, its soldiers posted on their best spots: their total spot value
/// (None when the design cannot be built).
fn design_value(st: &State, seat: usize, k: usize) -> Option<i64> {
    let mut copy = st.clone();
    copy.apply(&Action::Design(k).encode(seat)).ok()?;
    let mut value = 0i64;
    for s in 0..super::rules::SOLDIERS {
        let Some(p) = copy.soldier_spots(seat, s, &[]).first().copied() else {
            value -= 10_000;
            continue;
        };
        value += copy.spot_value(seat, p, &[]) as i64;
        copy.players[seat].soldiers[s] = Loc::Table(p);
    }
    Some(value)
}

/// How exposed a soldier is (negative shelter = its head shows above everything in front).
fn exposed(st: &State, seat: usize) -> Option<(usize, i32)> {
    st.players[seat]
        .soldiers
        .iter()
        .enumerate()
        .filter_map(|(k, l)| {
            let p = l.pose()?;
            let head = p.y + geo::SOLDIER_H / 2;
            Some((k, st.shelter(seat, p.x, head)))
        })
        .filter(|t| t.1 < 0)
        .min_by_key(|t| (t.1, t.0))
}

/// The card the bot plays now, with its reason, or None to play no card.
pub fn pick_card(st: &State, seat: usize) -> Option<(Action, &'static str)> {
    let hand = &st.players[seat].hand;
    let has = |c: Card| hand.contains(&c);
    let opp = State::opponent(seat);
    let play = |card: Card| Action::Play { card, copy: None };
    if has(Card::Traitor) && exposed(st, opp).is_some() {
        return Some((
            play(Card::Traitor),
            "an enemy soldier stands exposed to its own catapult",
        ));
    }
    if has(Card::Volley) && st.players[seat].ammo >= 2 {
        return Some((play(Card::Volley), "two boulders hit harder than one"));
    }
    if has(Card::March) && exposed(st, seat).is_some() {
        return Some((play(Card::March), "a soldier stands exposed"));
    }
    if has(Card::Repair) && st.players[seat].pieces.contains(&Loc::Boxed) {
        return Some((play(Card::Repair), "blocks lie in the box"));
    }
    if has(Card::Thief) && !st.players[opp].hand.is_empty() {
        return Some((play(Card::Thief), "the enemy holds cards"));
    }
    if has(Card::DoubleManeuver) {
        let can = st.copyable();
        for want in [Card::Traitor, Card::Volley, Card::Thief] {
            if can.contains(&want) && (want != Card::Thief || !st.players[opp].hand.is_empty()) {
                return Some((
                    Action::Play {
                        card: Card::DoubleManeuver,
                        copy: Some(want),
                    },
                    "a strong card lies in the box",
                ));
            }
        }
    }
    None
}

/// The best repair step: a block from the box stood in front of the most exposed soldier.
fn repair_step(st: &State, seat: usize, moved: &[usize]) -> Option<Action> {
    if moved.len() >= super::rules::MOVE_LIMIT || st.turn.repairs_refused > 0 {
        return None;
    }
    let k = st.players[seat]
        .pieces
        .iter()
        .position(|l| *l == Loc::Boxed)?;
    let (l, r) = geo::board_span(seat);
    let dir = geo::toward_enemy(seat);
    let target = match exposed(st, seat).and_then(|(s, _)| st.players[seat].soldiers[s].pose()) {
        Some(p) => p.x + dir * (geo::SOLDIER_W / 2 + geo::BLOCK_T / 2 + 150),
        None => {
            if dir > 0 {
                r
            } else {
                l
            }
        }
    };
    let mut best: Option<(i32, Action)> = None;
    for a in [900, 0] {
        let hw = geo::half_width(piece_shape(k), a);
        let mut x = (l + hw + 9).div_euclid(10) * 10;
        while x <= r - hw {
            if let Ok(p) = st.check_block_spot(seat, k, x, FROM_ABOVE, a, &[(seat, false, k)]) {
                let cost = (p.x - target).abs() + if a == 0 { 300 } else { 0 };
                if best.as_ref().map(|b| cost < b.0).unwrap_or(true) {
                    best = Some((
                        cost,
                        Action::Repair {
                            block: k,
                            x: p.x,
                            y: p.y,
                            a,
                        },
                    ));
                }
            }
            x += 100;
        }
    }
    best.map(|b| b.1)
}

/// The best march step: the most exposed soldier to the best covered legal spot, if better.
fn march_step(st: &State, seat: usize, moved: &[usize]) -> Option<Action> {
    if moved.len() >= super::rules::MOVE_LIMIT {
        return None;
    }
    let (k, now) = exposed(st, seat)?;
    let spot = st
        .soldier_spots(seat, k, &[(seat, true, k)])
        .into_iter()
        .next()?;
    let better = st.shelter(seat, spot.x, spot.y + geo::SOLDIER_H / 2);
    if better <= now {
        return None;
    }
    Some(Action::March {
        soldier: k,
        x: spot.x,
        y: spot.y,
        a: 0,
    })
}

/// The bot's decision now, or None when it is a shot (the generic bot aims).
pub fn decide(g: &Feud) -> Option<Move> {
    let st = &g.state;
    let seat = st.acting()?;
    let action = match &st.phase {
        Phase::Build { .. } => {
            if st.next_piece(seat).is_none() {
                Action::Done
            } else {
                Action::Design(best_design(st, seat))
            }
        }
        Phase::Deploy { .. } => {
            let want = preferred_catapult(seat);
            if st.players[seat].catapult != want {
                Action::Catapult {
                    side: want.side,
                    gap: want.gap,
                    facing: want.facing,
                }
            } else {
                Action::Done
            }
        }
        Phase::Soldiers { .. } => Action::AutoSoldiers,
        Phase::Tactics => pick_card(st, seat).map(|t| t.0).unwrap_or(Action::Skip),
        Phase::Repair { moved, .. } => repair_step(st, seat, moved).unwrap_or(Action::Done),
        Phase::March { moved } => march_step(st, seat, moved).unwrap_or(Action::Done),
        Phase::Aiming => {
            let s = st.firing_seat();
            let c = st.players[s].catapult;
            let want_facing = if st.turn.traitor {
                // The enemy's catapult must face its own board.
                let (l, r) = geo::board_span(s);
                if (l + r) / 2 > catapult_x(s, c) {
                    1
                } else {
                    -1
                }
            } else {
                geo::toward_enemy(seat)
            };
            if c.facing != want_facing {
                Action::Turn
            } else {
                Action::Done
            }
        }
        Phase::LetGo { .. } | Phase::RepairSettle { .. } | Phase::Shot | Phase::Over { .. } => {
            return None
        }
    };
    Some(action.encode(seat))
}

/// Launch speed (m/s) from `from` through `to` (metres) at elevation `theta` (tenths of a
/// degree), plain projectile motion; the search refines it on the real table.
pub fn ballistic_speed(from: (f32, f32), to: (f32, f32), theta: i32) -> Option<f32> {
    let dx = (to.0 - from.0).abs();
    let dy = to.1 - from.1;
    let t = theta as f32 * core::f32::consts::PI / 1800.0;
    let (s, c) = (libm::sinf(t), libm::cosf(t));
    let denom = 2.0 * c * c * (dx * s / c - dy);
    if denom <= 0.0 || c <= 1e-3 || dx < 1e-3 {
        return None;
    }
    Some(libm::sqrtf(9.81 * dx * dx / denom))
}

/// The enemy's standing soldiers the acting seat aims at (centre x, head y, metres).
fn targets(st: &State) -> Vec<(f32, f32)> {
    let opp = State::opponent(st.turn.seat);
    st.players[opp]
        .soldiers
        .iter()
        .filter_map(|l| l.pose())
        .map(|p| {
            (
                p.x as f32 / 10_000.0,
                (p.y + geo::SOLDIER_H / 4) as f32 / 10_000.0,
            )
        })
        .collect()
}

pub fn aim_hints(st: &State) -> Vec<Launch> {
    if st.phase != Phase::Shot {
        return Vec::new();
    }
    let s = st.firing_seat();
    let c = st.players[s].catapult;
    let (ux, uy) = cup(s, c);
    let from = (ux as f32 / 10_000.0, uy as f32 / 10_000.0);
    let mut out = Vec::new();
    for theta in [450, 300, 600, 200] {
        for &to in &targets(st) {
            if (to.0 - from.0) * c.facing as f32 <= 0.0 {
                continue;
            }
            let Some(v) = ballistic_speed(from, to, theta) else {
                continue;
            };
            if v < CATAPULT_SPEED.0 || v > CATAPULT_SPEED.1 {
                continue;
            }
            let power = libm::roundf(
                (v - CATAPULT_SPEED.0) / (CATAPULT_SPEED.1 - CATAPULT_SPEED.0) * 1000.0,
            ) as i32;
            out.push(Launch {
                kind: crate::core::LaunchKind::Catapult,
                angle: if c.facing > 0 { theta } else { 1800 - theta },
                power,
                spin: 0,
                x: 0,
                y: 0,
            });
        }
    }
    out
}

/// How good a shot's outcome is for the acting seat: a thousand per enemy soldier lost (minus
/// more for its own), a little per block knocked off, and for a miss how near the boulder came
/// to an enemy soldier.
pub fn rate(st: &State, outcome: &Outcome) -> i64 {
    let Ok(facts) = codec::read_facts(&outcome.facts) else {
        return -1_000_000;
    };
    let me = st.turn.seat;
    let mut score = 0i64;
    let mut rest = None;
    for f in &facts {
        match *f {
            ShotFact::Soldier { seat, k, pose } => {
                let was = st.players[seat].soldiers[k];
                let lost = !geo::upright(pose.a) || !geo::over_board(seat, Shape::Soldier, pose);
                if lost && was.pose().is_some() {
                    score += if seat == me { -1200 } else { 1000 };
                }
            }
            ShotFact::SoldierOff { seat, k } => {
                if st.players[seat].soldiers[k].pose().is_some() {
                    score += if seat == me { -1200 } else { 1000 };
                }
            }
            ShotFact::Block { seat, k, pose } => {
                if !geo::over_board(seat, piece_shape(k), pose) {
                    score += if seat == me { -30 } else { 30 };
                }
            }
            ShotFact::BlockOff { seat, .. } => score += if seat == me { -30 } else { 30 },
            ShotFact::Ammo { x, y } => rest = Some((x, y)),
            ShotFact::AmmoOff => {}
        }
    }
    if score > 0 {
        return score;
    }
    let near = match rest {
        Some((x, y)) => targets(st)
            .iter()
            .map(|&(tx, ty)| {
                let dx = x as f32 / 10_000.0 - tx;
                let dy = y as f32 / 10_000.0 - ty;
                libm::sqrtf(dx * dx + dy * dy)
            })
            .fold(f32::INFINITY, f32::min),
        None => 3.0,
    };
    let near = if near.is_finite() { near } else { 3.0 };
    score - (libm::roundf(near * 1000.0) as i64).min(3000)
}

impl BotAdvice for Feud {
    fn rate_outcome(&self, outcome: &Outcome) -> i64 {
        bot::rate(&self.state, outcome)
    }

    fn aim_hints(&self) -> Vec<Launch> {
        bot::aim_hints(&self.state)
    }

    fn hard_work_factor(&self) -> u64 {
        bot::HARD_WORK_FACTOR
    }

    /// A fortress to build is chosen a design at a time (`bot::Designing`), as `candidates`
    /// would choose it.
    fn candidate_steps(&self) -> Option<Box<dyn crate::core::bot::Steps<Vec<Move>>>> {
        let seat = self.state.acting()?;
        match self.state.phase {
            Phase::Build { .. } if self.state.next_piece(seat).is_some() => {
                Some(Box::new(bot::Designing::new(&self.state, seat)))
            }
            _ => None,
        }
    }
}
