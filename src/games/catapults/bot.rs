//! How the built-in bot aims at Catapults: a small table of flicks that reach each zone of an
//! empty table (measured by simulation, `assets/catapults/aim.json`, checked by a physics test)
//! and a shaped rating of outcomes.

use super::rules::State;
use crate::core::{Launch, Outcome};
use nanoserde::DeJson;

/// One measured flick: the zone it reaches on an empty table and its launch parameters.
#[derive(Clone, Debug, PartialEq, Eq, DeJson)]
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

#[derive(Clone, Debug, DeJson)]
pub struct AimTable {
    pub hints: Vec<AimHint>,
}

pub const AIM_JSON: &str = include_str!("../../../assets/catapults/aim.json");

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
            kind: "flick".to_string(),
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
            "cube" => -f.args.get(2).copied().unwrap_or(600).abs(),
            "out" => -400 - f.args.get(2).copied().unwrap_or(600).abs() / 2,
            _ => -800,
        })
        .unwrap_or(-800);
    1000 * (mine - best_other) + shaping
}
