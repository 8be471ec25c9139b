//! How Castle's bots decide (the aim is `bot.rs`): which card to play before the shot, which
//! square takes a captured tower, which card to give up under it, whether to draw. Every
//! decision is rated from what the acting player can see: the table, the supply, its own hand
//! and the number of cards in a deck (never another hand or a deck's order).
//!
//! Normal and Hard rate the same cards as worth playing; Hard looks one turn ahead for where
//! the other players will aim (their bots' own first targets, and whether their catapult can
//! reach a square at all) when it chooses a tower to roof or a square to fill.

use super::{aim_hints, ballistic_speed, targets, Target};
use crate::core::{Level, Move};
use crate::games::castle::geometry::*;
use crate::games::castle::rules::codec::{Action, Square, StackCard};
use crate::games::castle::rules::{Effect, Phase, State, TurnState};
use crate::games::castle::table::{catapult_origin, layout_of};

/// How much a decision is worth to the acting seat, or None for a move that is not a decision
/// of this game (a shot). Card plays rated 0 or below are not worth their card now.
pub fn rate(state: &State, mv: &Move, level: Level) -> Option<i64> {
    let action = Action::decode(mv).ok()?;
    let seat = state.turn.seat;
    Some(match action {
        Action::Play { card, roof } => {
            let effect = state.hands.get(seat)?.get(card)?.effect;
            match (effect, roof) {
                (Effect::ReinforcedRoof, Some(sq)) => roof_worth(state, sq, level),
                (e, _) => card_worth(state, e),
            }
        }
        Action::Place(s) => square_safety(state, s, level),
        // A lower stack is a smaller prize for Strong Ammo; the card given up is the one the bot
        // would miss least.
        Action::Stack { square, card } => {
            let height = state
                .mat_of(seat)
                .and_then(|m| state.mats[m].squares.get(square))
                .map(|sq| sq.stack.len() as i64)
                .unwrap_or(0);
            let given = match card {
                StackCard::Deck => 0,
                StackCard::Hand(i) => state.hands[seat]
                    .get(i)
                    .map(|c| keep_value(c.effect))
                    .unwrap_or(0),
            };
            square_safety(state, square, level) - 3000 * height - given
        }
        // A card in hand is never worse than none: it breaks ties and may become a roof.
        Action::Draw => 1,
        Action::Decline => 0,
        // Skipping an extra shot throws a chance away; the box and the corner change nothing
        // the aim search cannot reach from where the catapult stands.
        Action::EndTurn => -1000,
        Action::Stand(_) | Action::Corner(_) => -100,
        // The bot does not rearrange (solo): its aim search looks at the towers as they stand.
        Action::Rearrange | Action::MoveTower { .. } => -100,
        Action::Done => 0,
        Action::Drop { .. } | Action::DragTower { .. } => return None,
    })
}

/// The decisions a bot weighs now: before the shot only the card plays worth their card (so the
/// shared search never spends a card for nothing); in every other phase every choice.
pub fn candidates(state: &State) -> Vec<Move> {
    let all = state.choices().into_iter().map(|c| c.mv);
    if matches!(state.phase, Phase::Aim) {
        all.filter(|mv| is_card_play(mv) && rate(state, mv, Level::Normal).unwrap_or(0) > 0)
            .collect()
    } else {
        all.collect()
    }
}

/// Every level first moves its catapult (another corner, on or off the box: `free_line`) when
/// no arc from where it stands reaches a tower worth taking: a person at any level moves when
/// they cannot hit anything. Then Normal and Hard play the card worth most before the shot, if
/// any is worth its card (Easy leaves cards to chance through the shared search).
pub fn card_to_play(state: &State, level: Level) -> Option<Move> {
    if !matches!(state.phase, Phase::Aim) {
        return None;
    }
    if let Some(mv) = free_line(state) {
        return Some(mv);
    }
    if level == Level::Easy {
        return None;
    }
    let mut best: Option<(i64, Move)> = None;
    for mv in candidates(state) {
        let r = rate(state, &mv, level).unwrap_or(0);
        if r > 0 && best.as_ref().map(|b| r > b.0).unwrap_or(true) {
            best = Some((r, mv));
        }
    }
    best.map(|b| b.1)
}

/// Every level, before its first shot of a turn: when no arc from where its catapult stands
/// clears the stacks to a tower worth taking (`bot::aim_hints` has none: typically its own tall
/// stack right in front of it), the move towards the corner and box setting from which the most
/// such arcs do, if any does. Without it a bot walled in by its own captured towers fired
/// hundreds of shots into them (Hard vs Easy, seed 42: 928 shots, lost 4–12; Normal and Easy
/// likewise until December 2026); the rules let any player move the catapult or stand it on
/// the box before the turn's first shot.
fn free_line(state: &State) -> Option<Move> {
    let seat = state.turn.seat;
    if state.turn.shots_taken > 0 || targets(state).is_empty() || !aim_hints(state).is_empty() {
        return None;
    }
    let current = state.corner.get(seat).copied()?;
    let on = state.stand.get(seat).copied()?;
    let mut best: Option<(usize, usize, bool)> = None;
    for corner in 0..state.corners(seat).len() {
        for stand in [on, !on] {
            let mut view = state.clone();
            view.corner[seat] = corner;
            view.stand[seat] = stand;
            let arcs = aim_hints(&view).len();
            if arcs > 0 && best.is_none_or(|b| arcs > b.0) {
                best = Some((arcs, corner, stand));
            }
        }
    }
    let (_, corner, stand) = best?;
    if corner != current {
        Some(Action::Corner(corner).encode(seat))
    } else if stand != on {
        Some(Action::Stand(stand).encode(seat))
    } else {
        None
    }
}

fn is_card_play(mv: &Move) -> bool {
    matches!(Action::decode(mv), Ok(Action::Play { .. }))
}

/// The worth of playing a card with no target square now.
fn card_worth(state: &State, effect: Effect) -> i64 {
    let ts = targets(state);
    if ts.is_empty() {
        // Nothing worth taking: no card helps a shot that cannot gain.
        return 0;
    }
    match effect {
        // Another chance to hit, as long as the supply can feed it.
        Effect::ExtraShot => {
            if state.supply > state.turn.shots_allowed {
                500
            } else {
                0
            }
        }
        // Worth it when a stack is there to take whole; more the taller it is.
        Effect::StrongAmmo => {
            let tallest = ts.iter().map(|t| stack_height(state, t)).max().unwrap_or(1);
            if tallest >= 2 {
                300 * (tallest as i64 - 1)
            } else {
                0
            }
        }
        // The hand reaches where the catapult's power range cannot (near towers): only then.
        Effect::MagicToss => {
            if catapult_reaches_any(state, &ts) {
                0
            } else {
                200
            }
        }
        Effect::ReinforcedRoof => 0,
    }
}

/// How much a card in hand is worth keeping (the card given up under a stacked tower is the one
/// worth least): a roof protects, Strong Ammo and Extra Shot win towers, a toss is rarely needed.
fn keep_value(effect: Effect) -> i64 {
    match effect {
        Effect::ReinforcedRoof => 400,
        Effect::StrongAmmo => 300,
        Effect::ExtraShot => 200,
        Effect::MagicToss => 100,
    }
}

/// A roof is worth playing on one's own tower (never on another player's: it would protect it),
/// one at a time (a second roof only sends the next shot elsewhere again), and on the tower the
/// others are most likely to shoot at: Normal takes the tallest stack (the biggest loss),
/// Hard the tower the other players' own aim would go for first.
fn roof_worth(state: &State, sq: Square, level: Level) -> i64 {
    let seat = state.turn.seat;
    let Some(mine) = state.mat_of(seat) else {
        return 0;
    };
    if sq.mat != mine {
        return 0;
    }
    let mat = &state.mats[mine];
    if mat.squares.iter().any(|s| s.roof.is_some()) {
        return 0;
    }
    let Some(square) = mat.squares.get(sq.square) else {
        return 0;
    };
    let height = square.stack.len() as i64;
    match level {
        Level::Hard => {
            let threatened = first_threats(state, seat);
            let top = square.stack.last().map(|t| t.id);
            let hits = threatened.iter().filter(|&&t| Some(t) == top).count() as i64;
            100 + 400 * hits + 50 * height
        }
        _ => 100 + 100 * height,
    }
}

/// The tower each other player's bot would aim at first on its next turn (its best target that
/// stands on `seat`'s mat), as tower ids.
fn first_threats(state: &State, seat: usize) -> Vec<u32> {
    let mine = state.mat_of(seat);
    (0..state.seats)
        .filter(|&s| s != seat)
        .filter_map(|s| {
            let view = as_seen_by(state, s);
            targets(&view)
                .into_iter()
                .find(|t| view.find_tower(t.tower).map(|f| f.0) == mine)
                .map(|t| t.tower)
        })
        .collect()
}

/// The table as it would be at the start of `seat`'s turn (nothing else changed).
fn as_seen_by(state: &State, seat: usize) -> State {
    let mut view = state.clone();
    view.turn = TurnState::new(seat);
    view
}

/// How safe a square of the acting seat's mat is for a captured tower: the further from the
/// nearest other player's catapult the harder to hit (in mm). Hard also asks whether that
/// catapult can reach the square at all with the arcs its aim uses.
fn square_safety(state: &State, square: usize, level: Level) -> i64 {
    let seat = state.turn.seat;
    let Some(m) = state.mat_of(seat) else {
        return 0;
    };
    let x = layout_of(state).square_x(m, square);
    let mut nearest = f32::INFINITY;
    let mut reachable_by = 0;
    for s in (0..state.seats).filter(|&s| s != seat) {
        let Some(origin) = catapult_origin(&as_seen_by(state, s)) else {
            continue;
        };
        nearest = nearest.min((x - origin[0]).abs());
        let height = state.mats[m]
            .squares
            .get(square)
            .map(|q| q.stack.len())
            .unwrap_or(0);
        let rim = [x, tower_top_y(height) + 0.012];
        if [450, 500, 560].iter().any(|&theta| {
            ballistic_speed(origin, rim, theta)
                .is_some_and(|v| v >= CATAPULT_SPEED.0 && v <= CATAPULT_SPEED.1)
        }) {
            reachable_by += 1;
        }
    }
    let distance = if nearest.is_finite() {
        libm::roundf(nearest * 1000.0) as i64
    } else {
        0
    };
    match level {
        Level::Hard => distance - 2000 * reachable_by,
        _ => distance,
    }
}

fn stack_height(state: &State, t: &Target) -> usize {
    state
        .find_tower(t.tower)
        .and_then(|(m, s, _)| state.mats.get(m)?.squares.get(s))
        .map(|sq| sq.stack.len())
        .unwrap_or(1)
}

/// Whether the catapult can send a ball into some target's mouth on the arcs its aim uses.
fn catapult_reaches_any(state: &State, ts: &[Target]) -> bool {
    let Some(origin) = catapult_origin(state) else {
        return false;
    };
    ts.iter().any(|t| {
        [450, 500, 560].iter().any(|&theta| {
            ballistic_speed(origin, [t.x, t.top + 0.012], theta)
                .is_some_and(|v| v >= CATAPULT_SPEED.0 && v <= CATAPULT_SPEED.1)
        })
    })
}
