//! How the generic bot aims at Catapult Castle: ballistic first guesses at every tower worth
//! taking (libm only, with the physics step's own gravity integration), and a shaped rating that
//! prefers hits, and among misses the ones whose first contact was nearer a worthwhile tower.

pub mod decide;

use super::geometry::*;
use super::rules::{ShotFacts, State};
use super::table::{catapult_origin, layout_of};
use super::*;
use crate::core::game::prelude::*;
use crate::core::LaunchKind;
use crate::core::{bot::AimNoise, Launch, Level, Outcome};

/// A tower the acting seat would gain by hitting: id, mouth centre x and rim y, value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Target {
    pub tower: u32,
    pub x: f32,
    pub top: f32,
    pub value: i64,
}

/// Towers worth hitting now, best first.
pub fn targets(state: &State) -> Vec<Target> {
    let layout = layout_of(state);
    let seat = state.turn.seat;
    let fired = state.current_corner().map(|c| c.mat);
    let fewest = (0..state.seats)
        .filter(|&s| s != seat)
        .map(|s| state.towers_of(s))
        .min()
        .unwrap_or(0);
    let mut out = Vec::new();
    for (m, mat) in state.mats.iter().enumerate() {
        for (s, sq) in mat.squares.iter().enumerate() {
            let Some(top) = sq.stack.last() else {
                continue;
            };
            // A full cup holds no ball below its rim; a roofed one must lose its roof first
            // (`roof_targets`).
            if sq.roof.is_some() || top.ammo >= AMMO_CAPACITY {
                continue;
            }
            // One slot left in the top layer: a ball still fits, but only there.
            let nearly_full = if top.ammo == AMMO_CAPACITY - 1 {
                700
            } else {
                0
            };
            let stack_bonus = if state.turn.strong {
                2000 * (sq.stack.len() as i64 - 1)
            } else {
                0
            };
            let value = if state.solo {
                if Some(m) == fired {
                    continue;
                }
                1000 + stack_bonus
            } else {
                match mat.owner {
                    Some(o) if o == seat => continue,
                    // Taking from the player closest to running out ends the game sooner.
                    Some(o) => {
                        1500 + if state.towers_of(o) == fewest { 500 } else { 0 } + stack_bonus
                    }
                    None => 1000 + stack_bonus,
                }
            };
            out.push(Target {
                tower: top.id,
                x: layout.square_x(m, s),
                top: tower_top_y(sq.stack.len() - 1),
                value: value - nearly_full,
            });
        }
    }
    let origin_x = catapult_origin(state).map(|o| o[0]).unwrap_or(0.0);
    crate::core::order::sort_by(&mut out, |a, b| {
        b.value
            .cmp(&a.value)
            .then(((a.x - origin_x).abs()).total_cmp(&(b.x - origin_x).abs()))
            .then(a.tower.cmp(&b.tower))
    });
    out
}

/// Reinforced Roofs worth knocking off (a ball that touches one removes it, and the tower under
/// it is worth taking again): on other players' and unassigned towers, not one's own. `top` is
/// the roof card's upper face. Without them a table whose every tower left is roofed or full
/// gave the bot nothing to aim at, and such games ran to the move cap (Hard vs Easy, seed 5).
pub fn roof_targets(state: &State) -> Vec<Target> {
    let layout = layout_of(state);
    let seat = state.turn.seat;
    let mut out = Vec::new();
    if state.solo {
        return out;
    }
    for (m, mat) in state.mats.iter().enumerate() {
        if mat.owner == Some(seat) {
            continue;
        }
        for (s, sq) in mat.squares.iter().enumerate() {
            let (Some(top), Some(_)) = (sq.stack.last(), sq.roof) else {
                continue;
            };
            out.push(Target {
                tower: top.id,
                x: layout.square_x(m, s),
                top: tower_top_y(sq.stack.len() - 1) + CARD_THICK,
                value: 400,
            });
        }
    }
    out
}

/// The table integrates gravity semi-implicitly in 8 solver substeps per 1/60 s step (rapier's
/// TGS with `num_solver_iterations = 8`), so a ball drops g/2·(t² + t·dt/8): measured, 1 mm of
/// 1 m after one second of free flight.
const GRAVITY_SUBSTEP: f32 = crate::physics::FRAME_DT / 8.0;

/// Launch speed (m/s) that carries a ball from `from` through `to` at elevation `theta_tenths`
/// (measured from the horizontal towards the target), under the table's gravity integration:
/// y(t) = vy·t − g/2·(t² + t·dt′).
pub fn ballistic_speed(from: [f32; 2], to: [f32; 2], theta_tenths: i32) -> Option<f32> {
    let g = 9.81f32;
    let dt = GRAVITY_SUBSTEP;
    let dx = (to[0] - from[0]).abs();
    let dy = to[1] - from[1];
    let theta = theta_tenths as f32 * core::f32::consts::PI / 1800.0;
    let (s, c) = (libm::sinf(theta), libm::cosf(theta));
    if c <= 1e-3 || dx < 1e-3 {
        return None;
    }
    let k = dx / c;
    let a = 0.5 * g * k * k;
    let b = 0.5 * g * dt * k;
    let rhs = dx * s / c - dy;
    if rhs <= 0.0 {
        return None;
    }
    let u = (-b + libm::sqrtf(b * b + 4.0 * a * rhs)) / (2.0 * a);
    if u <= 0.0 {
        return None;
    }
    Some(1.0 / u)
}

fn power_for(speed: f32, range: (f32, f32)) -> Option<i32> {
    if speed < range.0 || speed > range.1 {
        return None;
    }
    Some(libm::roundf((speed - range.0) / (range.1 - range.0) * 1000.0) as i32)
}

/// First guesses: for the best targets, arcs from 45° to 56° first (steeper ones bounce out of
/// the cup more often), then steeper and flatter ones, from the catapult and from the hand when
/// a Magic Toss is in play; only arcs whose flight clears every other stack and the target's
/// near wall (`clear_path`: in play tall stacks stand between the catapult and its targets).
/// Interleaved so that the bot's first few samples cover several targets.
pub fn aim_hints(state: &State) -> Vec<Launch> {
    let Some(origin) = catapult_origin(state) else {
        return Vec::new();
    };
    let mut per_target: Vec<Vec<Launch>> = Vec::new();
    let mut aims = targets(state);
    aims.truncate(6);
    aims.extend(roof_targets(state).into_iter().take(2));
    for t in aims.iter() {
        let roofed = roof_targets(state).iter().any(|r| r.tower == t.tower);
        // Into a mouth a little above its rim; onto a roof, at the card itself.
        let to = [t.x, t.top + if roofed { AMMO_R } else { 0.012 }];
        let left = t.x < origin[0];
        let mut arcs = Vec::new();
        for theta in [500, 450, 560, 620, 400, 680, 740] {
            let Some(v) = ballistic_speed(origin, to, theta) else {
                continue;
            };
            let Some(power) = power_for(v, CATAPULT_SPEED) else {
                continue;
            };
            if !clear_path(state, t, origin, v, theta) {
                continue;
            }
            arcs.push(Launch {
                kind: LaunchKind::Catapult,
                angle: if left { 1800 - theta } else { theta },
                power,
                spin: 0,
                x: 0,
                y: 0,
            });
            if arcs.len() == 3 {
                break;
            }
        }
        if state.turn.toss {
            let from = [origin[0], AMMO_R + 0.001];
            if let Some(v) = ballistic_speed(from, to, 500) {
                if let Some(power) = power_for(v, TOSS_SPEED) {
                    if clear_path(state, t, from, v, 500) {
                        arcs.push(Launch {
                            kind: LaunchKind::Toss,
                            angle: if left { 1300 } else { 500 },
                            power,
                            spin: 0,
                            x: 0,
                            y: 0,
                        });
                    }
                }
            }
        }
        per_target.push(arcs);
    }
    let mut ordered = Vec::new();
    for k in 0..per_target.iter().map(Vec::len).max().unwrap_or(0) {
        ordered.extend(per_target.iter().filter_map(|a| a.get(k)).cloned());
    }
    ordered
}

/// Whether a ball leaving `from` at `speed` and elevation `theta_tenths` towards `t` reaches its
/// mouth without touching another stack (or roof) or the outside of the target's walls, on the
/// table's own gravity integration (libm only). A coarse check: the search still simulates.
pub fn clear_path(
    state: &State,
    t: &Target,
    from: [f32; 2],
    speed: f32,
    theta_tenths: i32,
) -> bool {
    let layout = layout_of(state);
    let theta = theta_tenths as f32 * core::f32::consts::PI / 1800.0;
    let dir = if t.x < from[0] { -1.0 } else { 1.0 };
    let (vx, vy) = (dir * speed * libm::cosf(theta), speed * libm::sinf(theta));
    let r = AMMO_R;
    // Obstacles as boxes (x0, x1, top): every other stack with its roof, and the target's walls.
    let mut boxes: Vec<(f32, f32, f32)> = Vec::new();
    for (m, mat) in state.mats.iter().enumerate() {
        for (s, sq) in mat.squares.iter().enumerate() {
            let Some(level) = sq.stack.len().checked_sub(1) else {
                continue;
            };
            let x = layout.square_x(m, s);
            let top = tower_top_y(level) + if sq.roof.is_some() { CARD_THICK } else { 0.0 };
            if sq.stack.last().map(|x| x.id) == Some(t.tower) {
                boxes.push((x - TOWER_HW - r, x - TOWER_HW + WALL + r, top));
                boxes.push((x + TOWER_HW - WALL - r, x + TOWER_HW + r, top));
            } else {
                boxes.push((x - TOWER_HW - r, x + TOWER_HW + r, top + r));
            }
        }
    }
    let g = 9.81f32;
    let step = 1.0 / 240.0;
    let mut time = 0.0f32;
    while time < 3.0 {
        time += step;
        let x = from[0] + vx * time;
        let y = from[1] + vy * time - 0.5 * g * (time * time + time * GRAVITY_SUBSTEP);
        if y < t.top && (x - t.x).abs() < TOWER_HW - WALL - r {
            return true;
        }
        if y < 0.0
            || boxes
                .iter()
                .any(|&(x0, x1, top)| x > x0 && x < x1 && y < top)
        {
            return false;
        }
    }
    false
}

/// Whether the ball ended inside a tower worth taking (not one's own, a roofed one, or one on the
/// mat fired from).
pub fn hits_a_target(state: &State, outcome: &Outcome) -> bool {
    ShotFacts::read(outcome)
        .ok()
        .and_then(|f| f.in_tower)
        .is_some_and(|t| targets(state).iter().any(|x| x.tower == t))
}

/// How good a shot's outcome is for the seat aiming: hits on worthwhile towers high, then
/// misses by how near the ball's first contact was to a worthwhile tower's mouth.
pub fn rate(state: &State, outcome: &Outcome) -> i64 {
    let Ok(f) = ShotFacts::read(outcome) else {
        return -100_000;
    };
    let seat = state.turn.seat;
    let ts = targets(state);
    let roofs = roof_targets(state);
    let mut score = 0;
    for &r in &f.roofs {
        if let Some((m, _, _)) = state.find_tower(r) {
            score += if state.mats[m].owner == Some(seat) {
                -800
            } else {
                400
            };
        }
    }
    if let Some(t) = f.in_tower {
        if let Some(target) = ts.iter().find(|x| x.tower == t) {
            return 10_000 + target.value + score;
        }
        // Own tower, a roofed one or one on the mat fired from: not worth a shot.
        return -2000 + score;
    }
    if f.fell {
        return -6000 + score;
    }
    let Some((px, py)) = f.first_contact.or(f.rest) else {
        return -6000 + score;
    };
    let (px, py) = (px as f32 / 1000.0, py as f32 / 1000.0);
    let near = ts
        .iter()
        .chain(roofs.iter())
        .map(|t| {
            let dx = px - t.x;
            let dy = py - t.top;
            libm::sqrtf(dx * dx + dy * dy)
        })
        .fold(f32::INFINITY, f32::min);
    if !near.is_finite() {
        return -5000 + score;
    }
    score - (libm::roundf(near * 1000.0) as i64).min(5000)
}

/// How much a bot's hand shakes in Castle at each level (standard deviations: tenths of a degree
/// and thousandths of the power range). Calibrated in play against the bands in
/// docs/balance.md: a 75 mm cup a metre away leaves very little room, so Castle's hands are
/// steadier than the shared default at every level.
pub fn aim_noise(level: Level) -> AimNoise {
    match level {
        Level::Easy => AimNoise {
            angle: 90,
            power: 112,
        },
        Level::Normal => AimNoise {
            angle: 18,
            power: 22,
        },
        Level::Hard => AimNoise { angle: 3, power: 3 },
    }
}

impl BotAdvice for Castle {
    fn rate_outcome(&self, outcome: &Outcome) -> i64 {
        bot::rate(&self.state, outcome)
    }

    /// None when no tower is worth taking (then no shot can hit).
    fn shot_hit(&self, outcome: &Outcome) -> Option<bool> {
        if bot::targets(&self.state).is_empty() {
            return None;
        }
        Some(bot::hits_a_target(&self.state, outcome))
    }

    fn aim_hints(&self) -> Vec<Launch> {
        bot::aim_hints(&self.state)
    }

    fn rate_decision(&self, mv: &Move) -> Option<i64> {
        bot::decide::rate(&self.state, mv, Level::Normal)
    }

    fn rate_decision_at(&self, mv: &Move, level: Level) -> Option<i64> {
        bot::decide::rate(&self.state, mv, level)
    }

    /// Normal and Hard play the card worth most before they shoot (the rest is the shared
    /// search: the aim, and every other decision through `rate_decision_at`).
    fn bot_move(&self, level: Level, _rng: &mut Rng) -> Option<Move> {
        bot::decide::card_to_play(&self.state, level)
    }

    fn aim_noise(&self, level: Level) -> AimNoise {
        bot::aim_noise(level)
    }
}
