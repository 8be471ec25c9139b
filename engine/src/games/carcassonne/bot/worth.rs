//! What a Carcassonne position is worth to each player: the score plus what followers on open
//! features should still bring in and the followers in hand. Both bots weigh positions by it
//! (the tile turn in `bot.rs`, the catapult round in `bot/round.rs`).

use crate::core::game::RulesState;
use crate::games::carcassonne::rules::{FeatureKind, State};

/// What the position is worth to `me`: my worth minus the best rival's.
pub fn value(s: &State, me: usize) -> f32 {
    let w = worth(s);
    let mine = w.get(me).copied().unwrap_or(0.0);
    let rival = w
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != me)
        .map(|(_, &v)| v)
        .fold(f32::MIN, f32::max);
    if rival == f32::MIN {
        mine
    } else {
        mine - rival
    }
}

/// Each player's score plus what their followers on open features should still bring in,
/// plus the worth of the followers in hand.
pub fn worth(s: &State) -> Vec<f32> {
    let mut w: Vec<f32> = s.scores.iter().map(|&p| p as f32).collect();
    if s.is_over() {
        return w;
    }
    let left = s.pile_len() as f32;
    let late = (left / 71.0).min(1.0);
    let mut roots: Vec<u32> = s
        .followers
        .iter()
        .map(|f| s.features.find(s.follower_seg(f)))
        .collect();
    crate::core::order::sort(&mut roots);
    roots.dedup();
    for r in roots {
        let f = s.features.feature(r);
        if f.scored {
            continue;
        }
        let tiles = f.tiles.len() as f32;
        let expected = match f.kind {
            FeatureKind::Road => tiles + 0.5 * late,
            FeatureKind::City => {
                let base = tiles + f.pennants as f32;
                base * (1.0 + completion_chance(f.open, left))
            }
            FeatureKind::Cloister => {
                let n = s.features.cloister_neighbours(&s.map, r) as f32;
                let q = (left / 30.0).min(1.0) * 0.8;
                1.0 + n + (8.0 - n) * q
            }
            FeatureKind::Field => {
                let mut cities: Vec<u32> = f.cities.iter().map(|&c| s.features.find(c)).collect();
                crate::core::order::sort(&mut cities);
                cities.dedup();
                cities
                    .iter()
                    .map(|&c| {
                        if s.features.is_complete(&s.map, c) {
                            3.0
                        } else {
                            3.0 * completion_chance(s.features.feature(c).open, left)
                        }
                    })
                    .sum()
            }
        };
        for seat in s.majority(r) {
            if let Some(v) = w.get_mut(seat) {
                *v += expected;
            }
        }
    }
    for (seat, v) in w.iter_mut().enumerate() {
        let hand = s.supply.get(seat).copied().unwrap_or(0) as f32;
        // The last two followers are worth more: without them a player cannot take chances.
        *v += late * (1.5 * hand + 1.5 * hand.min(2.0));
    }
    w
}

/// A guess at the chance a city with `open` unmatched edges is completed before the end.
fn completion_chance(open: u32, left: f32) -> f32 {
    if open == 0 {
        return 1.0;
    }
    let mut p = 0.85;
    for _ in 1..open.min(12) {
        p *= 0.7;
    }
    p * (left / (6.0 * open as f32)).min(1.0)
}
