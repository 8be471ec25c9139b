//! A Castle solo arrangement as a design: one row `[mat, square, towers, 0]` per square, mat by
//! mat, for every square of the four mats. Built in a rearrangement (the rulebook's "any legal
//! configuration, stacking up to 3 towers high"), through the ordinary `move_tower` moves, so
//! the rules check every tower moved. docs/rules/castle.md says why a design holds all 16 towers.

use super::rules::codec::{Action, Square};
use super::rules::{Phase, State, SOLO_MAX_STACK, TOWERS};
use crate::core::design::Design;
use crate::core::game::RulesState;
use crate::core::{Move, Refusal, RuleResult};

pub const ID: &str = "castle";

/// The arrangement on the mats while rearranging, with all the towers on them.
pub fn design_of(st: &State) -> Option<Design> {
    if !st.solo || st.phase != Phase::Rearrange || st.towers_on_mats() != TOWERS as usize {
        return None;
    }
    let mut rows = Vec::new();
    for (m, mat) in st.mats.iter().enumerate() {
        for (s, sq) in mat.squares.iter().enumerate() {
            rows.push([m as i32, s as i32, sq.stack.len() as i32, 0]);
        }
    }
    Some(Design {
        game: ID.into(),
        name: String::new(),
        rows,
    })
}

/// The tower count a design wants on each square (mat-major), or why it is no arrangement.
fn heights(st: &State, d: &Design) -> RuleResult<Vec<usize>> {
    if d.game != ID {
        crate::refuse!("this design is not a Catapult Castle arrangement");
    }
    let (mats, squares) = (st.mats.len(), st.squares_per_mat());
    if d.rows.len() != mats * squares {
        crate::refuse!(
            "an arrangement names all {} squares of the {mats} mats, this one {}",
            mats * squares,
            d.rows.len()
        );
    }
    let mut out = Vec::with_capacity(d.rows.len());
    for (i, r) in d.rows.iter().enumerate() {
        let (m, s) = ((i / squares) as i32, (i % squares) as i32);
        if r[0] != m || r[1] != s || r[3] != 0 {
            crate::refuse!("the squares of this arrangement are out of order");
        }
        match usize::try_from(r[2]) {
            Ok(h) if h <= SOLO_MAX_STACK => out.push(h),
            _ => crate::refuse!(
                "square {} of mat {} would hold {} towers: stacks are at most {SOLO_MAX_STACK} high",
                s + 1,
                m + 1,
                r[2]
            ),
        }
    }
    let total: usize = out.iter().sum();
    if total != TOWERS as usize {
        crate::refuse!("an arrangement places all {TOWERS} towers, this one {total}");
    }
    Ok(out)
}

/// `rearrange` (when not rearranging yet) and the tower moves from the arrangement on the mats
/// to the design's: always the first square with too many towers onto the first with too few.
pub fn design_moves(st: &State, d: &Design) -> RuleResult<Vec<Move>> {
    let want = heights(st, d)?;
    if !st.solo {
        crate::refuse!("arrangements are for the solo game");
    }
    let seat = st.acting().unwrap_or(0);
    let mut out = Vec::new();
    match st.phase {
        Phase::Rearrange => {}
        Phase::Aim if st.rearrangements_left > 0 => out.push(Action::Rearrange.encode(seat)),
        Phase::Aim => crate::refuse!("both rearrangements have been used"),
        _ => crate::refuse!("the towers can only be rearranged before a shot"),
    }
    if st.towers_on_mats() != TOWERS as usize {
        return Err(Refusal(format!(
            "an arrangement places all {TOWERS} towers and {} are left on the mats",
            st.towers_on_mats()
        )));
    }
    let q = st.squares_per_mat();
    let mut have: Vec<usize> = st
        .mats
        .iter()
        .flat_map(|m| m.squares.iter().map(|s| s.stack.len()))
        .collect();
    let at = |i: usize| Square {
        mat: i / q,
        square: i % q,
    };
    while let Some(from) = (0..have.len()).find(|&i| have[i] > want[i]) {
        let Some(to) = (0..have.len()).find(|&i| have[i] < want[i]) else {
            break;
        };
        out.push(
            Action::MoveTower {
                from: at(from),
                to: at(to),
            }
            .encode(seat),
        );
        have[from] -= 1;
        have[to] += 1;
    }
    Ok(out)
}
