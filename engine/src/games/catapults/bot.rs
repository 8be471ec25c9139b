//! How the built-in bot aims at Catapults: a small table of flicks that reach each zone of an
//! empty table (measured by simulation, `assets/catapults/aim.json`, checked by a physics test)
//! and a shaped rating of outcomes.

use super::layout::{self, ZoneKind};
use super::rules::State;
use super::table;
use super::*;
use crate::core::game::prelude::*;
use crate::core::LaunchKind;
use crate::core::{Launch, Outcome, Shot};
use nanoserde::{DeJson, SerJson};

/// Hard's work cap over Normal's here (`Game::hard_work_factor`; the shared default is 5): a flick
/// costs 800–2,300 units of work and ~2 µs a unit natively, so 50,000 took a Hard decision to
/// 110 ms of CPU late in a game (330–410 ms wall on a loaded machine, over the 0.3 s target),
/// while Hard's best is nearly always among its first candidates, the measured flicks (the best of
/// the first 4 was within a twentieth of a point of the best of 10–15 in 92 of 96 shots,
/// docs/benchmarks.md). 30,000 still tries 13–35 flicks.
pub const HARD_WORK_FACTOR: u64 = 3;

/// One measured flick: the zone it reaches on an empty table and its launch parameters.
#[derive(Clone, Debug, PartialEq, Eq, DeJson, SerJson)]
pub struct AimHint {
    /// `centre`, `ring_near`, `ring_far` or `side`.
    pub zone: String,
    pub power: i32,
    pub angle: i32,
    /// Contact point, mm from the lever's far tip.
    pub x: i32,
    /// Fulcrum, mm from the lever's near end.
    pub y: i32,
}

#[derive(Clone, Debug, DeJson, SerJson)]
pub struct AimTable {
    pub hints: Vec<AimHint>,
}

pub const AIM_JSON: &str = include_str!("../../../../assets/catapults/aim.json");

/// The aim table, or an empty one if the embedded file does not parse (the bot then samples).
pub fn aim_table() -> AimTable {
    AimTable::deserialize_json(AIM_JSON).unwrap_or(AimTable { hints: Vec::new() })
}

/// The measured flicks as launches, best zones first.
pub fn hints() -> Vec<Launch> {
    aim_table()
        .hints
        .into_iter()
        .map(|h| Launch {
            kind: LaunchKind::Flick,
            angle: h.angle,
            power: h.power,
            spin: 0,
            x: h.x,
            y: h.y,
        })
        .collect()
}

/// How good a flick's outcome is for `seat`: a thousand per point of lead in tile points over the
/// best other player, then (shaping, so near misses rate higher) how close the flicked cube came to
/// the middle of the start tile.
pub fn rate(state: &State, seat: usize, outcome: &Outcome) -> i64 {
    let Ok(zone) = state.preview(seat, &outcome.facts) else {
        return -1_000_000;
    };
    let mine = zone.get(seat).copied().unwrap_or(0);
    let best_other = zone
        .iter()
        .enumerate()
        .filter(|(s, _)| *s != seat)
        .map(|(_, &p)| p)
        .max()
        .unwrap_or(0);
    let flicked = state.cube_to_flick().unwrap_or(0) as i64;
    let shaping = outcome
        .facts
        .iter()
        .find(|f| f.args.first() == Some(&(seat as i64)) && f.args.get(1) == Some(&flicked))
        .map(|f| match f.what.as_str() {
            "cube" => -f.args.get(2).copied().unwrap_or(600).saturating_abs(),
            "out" => -400 - f.args.get(2).copied().unwrap_or(600).saturating_abs() / 2,
            _ => -800,
        })
        .unwrap_or(-800);
    1000 * (mine - best_other) + shaping
}

/// Where a flick from the left end's catapult sends a cube on an empty table: `centre`, `side`
/// (the shooter's own tiles), `ring_near`, `ring_far`, `side_far` (the other end's tiles),
/// `table` (in play but on no tile), `out` or `fallen`.
pub fn zone_reached(launch: &Launch) -> &'static str {
    let setup = table::Setup {
        resting: Vec::new(),
        shooter: 0,
        cube: Some(0),
        colours: vec![[200, 60, 60], [60, 60, 200]],
        ends: vec![0, 1],
    };
    let mut shot = table::FlickShot::fire(&setup, launch, &[]);
    let outcome = shot.run_to_rest();
    let Some(f) = outcome.facts.first() else {
        return "fallen";
    };
    match (f.what.as_str(), f.args.as_slice()) {
        ("cube", &[_, _, x, y, a]) => {
            let (x, y, a) = (x as i32, y as i32, a as i32);
            let touched: Vec<ZoneKind> = layout::ZONES
                .iter()
                .filter(|z| layout::touches(z, x, y, a))
                .map(|z| z.kind)
                .collect();
            if touched.contains(&ZoneKind::Centre) {
                "centre"
            } else if touched.contains(&ZoneKind::Side(0)) {
                "side"
            } else if touched.contains(&ZoneKind::Ring) {
                if x < 0 {
                    "ring_near"
                } else {
                    "ring_far"
                }
            } else if touched.contains(&ZoneKind::Side(1)) {
                "side_far"
            } else {
                "table"
            }
        }
        ("out", _) => "out",
        _ => "fallen",
    }
}

/// Measures the aim table: for each fulcrum, sweeps the strike power in steps of `step` and keeps,
/// for every zone worth points, the power whose neighbourhood (±2 steps) lands there most often.
pub fn generate(fulcrums: &[i32], step: i32) -> AimTable {
    let mut hints = Vec::new();
    for &y in fulcrums {
        let launch = |power: i32| Launch {
            kind: LaunchKind::Flick,
            angle: 2700,
            power,
            spin: 0,
            x: 2,
            y,
        };
        let powers: Vec<i32> = (0..=1000 / step.max(1)).map(|i| i * step.max(1)).collect();
        let zones: Vec<&str> = powers.iter().map(|&p| zone_reached(&launch(p))).collect();
        for zone in ["centre", "side", "ring_near", "ring_far"] {
            let best = (0..powers.len())
                .filter(|&i| zones[i] == zone)
                .max_by_key(|&i| {
                    let lo = i.saturating_sub(2);
                    let hi = (i + 2).min(powers.len() - 1);
                    // Prefer a steady neighbourhood, then the lower power.
                    ((lo..=hi).filter(|&j| zones[j] == zone).count(), -(i as i64))
                });
            if let Some(i) = best {
                let l = launch(powers[i]);
                hints.push(AimHint {
                    zone: zone.to_string(),
                    power: l.power,
                    angle: l.angle,
                    x: l.x,
                    y: l.y,
                });
            }
        }
    }
    let rank = |z: &str| match z {
        "centre" => 0,
        "side" => 1,
        _ => 2,
    };
    crate::core::order::sort_by_key(&mut hints, |h| rank(&h.zone));
    AimTable { hints }
}

impl BotAdvice for Catapults {
    /// A flick whose cube comes to rest on a scoring tile (the box's middle, its ring or the
    /// tiles on the shooter's side).
    fn shot_hit(&self, outcome: &Outcome) -> Option<bool> {
        let (seat, cube) = (self.state.turn()?, self.state.cube_to_flick()?);
        let end = self.state.end(seat);
        Some(outcome.facts.iter().any(|f| match f.args[..] {
            [owner, index, x, y, angle] if f.what == "cube" => {
                owner == seat as i64
                    && index == cube as i64
                    && layout::cube_points(end, x as i32, y as i32, angle as i32) > 0
            }
            _ => false,
        }))
    }

    fn rate_outcome(&self, outcome: &Outcome) -> i64 {
        let Some(seat) = self.state.turn() else {
            return 0;
        };
        bot::rate(&self.state, seat, outcome)
    }

    fn aim_hints(&self) -> Vec<Launch> {
        bot::hints()
    }

    fn hard_work_factor(&self) -> u64 {
        bot::HARD_WORK_FACTOR
    }
}
