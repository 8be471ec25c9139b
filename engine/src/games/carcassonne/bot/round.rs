//! The bots' catapult round: which token the drawer picks and why, where each kind is aimed,
//! how a hurl's outcome is rated for the aim search (`core::bot::aim` simulates the candidates),
//! and where a catcher holds its hand.

use super::worth::value;
use crate::core::{Launch, LaunchKind, Outcome};
use crate::games::carcassonne::rules::catapult::{
    Step as RoundStep, BOARD_MM, FACT_ALONG, FACT_LOST,
};
use crate::games::carcassonne::rules::{Action, RoundAction, State, Token};

/// Followers of others minus the bot's own: how much the bot gains when followers go home.
fn follower_balance(state: &State, me: usize) -> i64 {
    state
        .followers
        .iter()
        .map(|f| if f.seat as usize == me { -1 } else { 1 })
        .sum()
}

/// The token the drawer picks, and why (the bot's HUD and tests read the reason).
/// - Knock out when the others have at least two more followers on the map than the bot: each
///   follower knocked home is worth more to it than to them.
/// - Seduction when the others have one follower more on the map than the bot, it has one to
///   give, and it is not behind (a swap changes little when points are what it lacks).
/// - Catch when the bot is behind: it hurls first, and a hurl past the board that is not caught
///   is 5 points it can count on more than a Target win against everyone.
/// - Otherwise Target hurling (ahead, with no more followers out than the others): 5 points for
///   the best shot.
pub fn token_choice(state: &State, me: usize) -> (Token, &'static str) {
    if follower_balance(state, me) >= 2 {
        return (
            Token::KnockOut,
            "the others have more followers on the map to lose",
        );
    }
    let theirs = state.followers.iter().any(|f| f.seat as usize != me);
    let mine = state.supply.get(me).copied().unwrap_or(0) > 0 || state.on_map(me) > 0;
    let score = state.scores.get(me).copied().unwrap_or(0);
    let best_other = (0..state.seats)
        .filter(|&s| s != me)
        .filter_map(|s| state.scores.get(s).copied())
        .max()
        .unwrap_or(0);
    if theirs && mine && score >= best_other && follower_balance(state, me) >= 1 {
        return (Token::Seduction, "an opponent's follower is there to take");
    }
    if score < best_other {
        return (
            Token::Catch,
            "behind: every hurl past the board is 5 points, and everyone hurls and catches once",
        );
    }
    (
        Token::Target,
        "nothing to knock out or seduce: aim for 5 points",
    )
}

/// How the bot rates a catapult decision (None leaves it to chance: the catcher's hand).
pub fn rate_round(state: &State, me: usize, a: RoundAction) -> Option<f32> {
    match a {
        RoundAction::Choose(t) => Some(if t == token_choice(state, me).0 {
            1.0
        } else {
            0.0
        }),
        RoundAction::Aim { tile } => Some(aim_worth(state, me, tile)),
        RoundAction::Hand { .. } => None,
        RoundAction::Exchange { .. } | RoundAction::Decline => {
            let mut s = state.clone();
            s.apply(me, Action::Round(a)).ok()?;
            Some(
                value(&s, me)
                    + if a == RoundAction::Decline {
                        -0.01
                    } else {
                        0.0
                    },
            )
        }
    }
}

/// The worth of aiming at `tile` for the token of this round.
fn aim_worth(state: &State, me: usize, tile: u16) -> f32 {
    let Some(r) = state.round() else {
        return 0.0;
    };
    let Some(target) = state.tile_centre_mm(tile) else {
        return 0.0;
    };
    match r.token {
        Some(Token::Target) => {
            -(crate::games::carcassonne::rules::catapult::dist2(
                target,
                state.tile_centre_mm(r.fair_tile).unwrap_or(target),
            ) as f32)
        }
        Some(Token::Seduction) => {
            // Land on an opponent's follower: the nearest one to the aim is the one to take.
            let best = (0..state.followers.len())
                .filter(|&i| {
                    state
                        .followers
                        .get(i)
                        .is_some_and(|f| f.seat as usize != me)
                })
                .filter_map(|i| state.follower_mm(i))
                .map(|p| crate::games::carcassonne::rules::catapult::dist2(p, target))
                .min();
            best.map_or(-1e9, |d| -(d as f32))
        }
        _ => {
            // Knock out: followers the line passes on its way, theirs count, the bot's own cost.
            let line = crate::games::carcassonne::table::Line::new(r.catapult, target);
            let reach = (crate::games::carcassonne::table::FOLLOWER_HW
                + crate::games::carcassonne::table::TOKEN_R)
                * 1000.0;
            let (end, _) = line.local([target[0] as f32, target[1] as f32]);
            let mut w = 0.0;
            for (i, f) in state.followers.iter().enumerate() {
                let Some(p) = state.follower_mm(i) else {
                    continue;
                };
                let (along, across) = line.local([p[0] as f32, p[1] as f32]);
                if along > 0.0 && along < end + 30.0 && across.abs() < reach {
                    w += if f.seat as usize == me { -1.0 } else { 1.0 };
                }
            }
            // Equal lines: the nearer the better (an easier shot).
            w - end / 100_000.0
        }
    }
}

/// Where a bot catcher may hold its hand: just past the board, where hurls aimed at a safe
/// landing come down (mm along, mm high).
pub fn hand_candidates() -> Vec<(i64, i64)> {
    let mut v = Vec::new();
    for along in [480, 540, 600, 660] {
        for height in [0, 40] {
            v.push((along, height));
        }
    }
    v
}

/// A Catch hurler aims here (mm along the lane): safely past the board.
pub const CATCH_AIM_MM: i64 = BOARD_MM + 150;

/// How good a hurl's outcome is for the hurler (the aim search keeps the best).
pub fn rate_hurl(state: &State, outcome: &Outcome) -> i64 {
    let Some(r) = state.round() else {
        return 0;
    };
    let me = r.hurler();
    if outcome.has(FACT_LOST) {
        return -1_000_000;
    }
    let Ok(h) =
        crate::games::carcassonne::rules::catapult::Hurl::read(outcome, state.followers.len())
    else {
        return -1_000_000;
    };
    let Some(rest) = h.rest else {
        return -1_000_000;
    };
    match r.token {
        Some(Token::KnockOut) => {
            h.touched
                .iter()
                .chain(&h.chained)
                .map(|&i| match state.followers.get(i) {
                    Some(f) if f.seat as usize == me => -1000,
                    _ => 1000,
                })
                .sum::<i64>()
                - r.aim.map_or(0, |a| {
                    crate::games::carcassonne::rules::catapult::isqrt(
                        crate::games::carcassonne::rules::catapult::dist2(a, rest),
                    )
                })
        }
        Some(Token::Seduction) => {
            if !state.point_on_map(rest) {
                return -100_000;
            }
            match state.closest_opponent(me, rest) {
                Some(_) => {
                    let aim = r.aim.unwrap_or(rest);
                    -crate::games::carcassonne::rules::catapult::isqrt(
                        crate::games::carcassonne::rules::catapult::dist2(aim, rest),
                    )
                }
                None => -50_000,
            }
        }
        Some(Token::Target) => {
            let c = state.tile_centre_mm(r.fair_tile).unwrap_or([0, 0]);
            -crate::games::carcassonne::rules::catapult::isqrt(
                crate::games::carcassonne::rules::catapult::dist2(c, rest),
            )
        }
        // The hurler aims at a landing past the board and does not dodge the hand: a catch is
        // the catcher's skill, not a hurl the bot can see coming (docs/rules/carcassonne.md).
        Some(Token::Catch) | None => {
            let along = outcome
                .all(FACT_ALONG)
                .next()
                .and_then(|f| f.args.first().copied())
                .unwrap_or(0);
            -(along - CATCH_AIM_MM).abs()
        }
    }
}

/// First guesses for a hurl: 45° and a few powers around the ballistic estimate of the distance.
pub fn hurl_hints(state: &State) -> Vec<Launch> {
    let Some(r) = state.round() else {
        return Vec::new();
    };
    if r.step != RoundStep::Hurl {
        return Vec::new();
    }
    let dist_mm = match (r.token, r.aim) {
        (Some(Token::Catch), _) => CATCH_AIM_MM,
        (_, Some(a)) => crate::games::carcassonne::rules::catapult::isqrt(
            crate::games::carcassonne::rules::catapult::dist2(a, r.catapult),
        ),
        _ => 300,
    };
    let (lo, hi) = crate::games::carcassonne::table::SPEED;
    let mut out = Vec::new();
    for (angle, k) in [(450, 100), (450, 90), (450, 110), (300, 100), (600, 100)] {
        // Range on flat ground R = v² sin 2θ / g (the 45 mm release height and the slide after
        // landing roughly cancel); sin 2θ is 1, 0.87, 0.87 for 45°, 30°, 60°.
        let s2 = if angle == 450 { 1.0 } else { 0.866 };
        let v = libm::sqrtf(dist_mm as f32 / 1000.0 * 9.81 / s2) * k as f32 / 100.0;
        let power = ((v - lo) / (hi - lo) * 1000.0).clamp(0.0, 1000.0) as i32;
        out.push(Launch {
            kind: LaunchKind::Catapult,
            angle,
            power,
            ..Launch::default()
        });
    }
    out
}
