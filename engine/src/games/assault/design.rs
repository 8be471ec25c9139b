//! An Assault card castle as a design: one row `[x, y, angle, 0]` per card (the card's centre
//! on the mat in tenths of a millimetre from its left edge and top surface, the angle in tenths
//! of a degree), in the order the cards went down. Built through the ordinary `remove` and
//! `place` moves, so every card meets the rules' placement checks (on the mat, not lying flat
//! on it, not inside another card); whether it stands is decided, as for any castle, when the
//! player lets go of it.

use super::geometry::{self as geo, Pose};
use super::rules::codec::Action;
use super::rules::{State, Task};
use crate::core::design::Design;
use crate::core::{Move, RuleResult};

pub const ID: &str = "assault";

/// The acting seat's castle while it builds, once every card in hand is on the mat.
pub fn design_of(st: &State) -> Option<Design> {
    let Some(Task::Build { seat, .. }) = st.task() else {
        return None;
    };
    let p = st.players.get(seat)?;
    if !p.hand.is_empty() || p.castle.is_empty() {
        return None;
    }
    Some(Design {
        game: ID.into(),
        name: String::new(),
        rows: p
            .castle
            .iter()
            .map(|c| [c.pose.x, c.pose.y, c.pose.a, 0])
            .collect(),
    })
}

/// The poses of a design's cards, each checked against the ones before it by the rule that
/// checks a card put down by hand.
pub fn check_rows(d: &Design) -> RuleResult<Vec<(u32, Pose)>> {
    if d.rows.len() < 2 {
        crate::refuse!("a card castle has at least two cards");
    }
    let mut placed: Vec<(u32, Pose)> = Vec::with_capacity(d.rows.len());
    for (i, r) in d.rows.iter().enumerate() {
        if r[3] != 0 {
            crate::refuse!("card {} of this castle is damaged", i + 1);
        }
        let pose = Pose::new(r[0], r[1], r[2]);
        geo::check_place(&placed, pose)?;
        placed.push((i as u32, pose));
    }
    Ok(placed)
}

/// `check_rows` as the registry's design check (`games::DesignInfo::check_rows`).
pub fn check_design(d: &Design) -> RuleResult<()> {
    check_rows(d).map(|_| ())
}

/// Every card of the castle back into the hand, then one `place` per row (the cards in order
/// of their numbers, as a ready-made castle takes them). Refused unless the design uses exactly
/// the cards the player holds.
pub fn design_moves(st: &State, d: &Design) -> RuleResult<Vec<Move>> {
    if d.game != ID {
        crate::refuse!("this design is not an Assault on the Castle card castle");
    }
    let Some(Task::Build { seat, .. }) = st.task() else {
        crate::refuse!("a card castle can only be built when it is your turn to build");
    };
    let p = &st.players[seat];
    let total = p.hand.len() + p.castle.len();
    if d.rows.len() != total {
        crate::refuse!(
            "this castle needs {} building cards; you have {total}",
            d.rows.len()
        );
    }
    // Checked here too, so a design that cannot stand on a mat is refused before any move.
    let placed = check_rows(d)?;
    let mut out: Vec<Move> = p
        .castle
        .iter()
        .map(|c| Action::Remove(c.id).encode(seat))
        .collect();
    let mut ids: Vec<u32> = p
        .castle
        .iter()
        .map(|c| c.id)
        .chain(p.hand.iter().copied())
        .collect();
    crate::core::order::sort(&mut ids);
    for (card, (_, pose)) in ids.into_iter().zip(placed) {
        out.push(Action::Place { card, pose }.encode(seat));
    }
    Ok(out)
}
