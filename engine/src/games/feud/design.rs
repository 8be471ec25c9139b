//! A Feud fortress as a design: one row `[gate (1) or block (0), x, y, angle]` per piece, the
//! piece's centre in tenths of a millimetre, x from the board's outer edge (so it builds on
//! either board), y above the table, bottom-up: each piece comes after the pieces it rests on
//! and is let go where it rests.
//! Built through the ordinary `clear` and `place_piece` moves, so every piece meets the
//! rules' placement checks (on the board, upright or flat, not inside another piece).

use super::rules::codec::Action;
use super::rules::geometry::{self as geo};
use super::rules::{piece_shape, Loc, Phase, State, GATE, PIECES};
use crate::core::design::Design;
use crate::core::{Move, RuleResult};

pub const ID: &str = "feud";

/// The acting seat's fortress while it builds, once every piece is on the board.
pub fn design_of(st: &State) -> Option<Design> {
    let Phase::Build { seat } = st.phase else {
        return None;
    };
    let (l, r) = geo::board_span(seat);
    let mut pieces = Vec::with_capacity(PIECES);
    for (k, loc) in st.players.get(seat)?.pieces.iter().enumerate() {
        let Loc::Table(p) = *loc else {
            return None;
        };
        let bottom = p.y - geo::half_height(piece_shape(k), p.a);
        let lx = if seat == 0 { p.x - l } else { r - p.x };
        let row = [i32::from(k == GATE), lx, p.y, p.a];
        pieces.push((bottom, row));
    }
    crate::core::order::sort_by_key(&mut pieces, |&(bottom, row)| {
        (bottom, row[1], row[0], row[3])
    });
    Some(Design {
        game: ID.into(),
        name: String::new(),
        rows: pieces.into_iter().map(|(_, row)| row).collect(),
    })
}

/// `clear` (when anything is on the board) and one `place_piece` per row.
pub fn design_moves(st: &State, d: &Design) -> RuleResult<Vec<Move>> {
    if d.game != ID {
        crate::refuse!("this design is not a Catapult Feud fortress");
    }
    let Phase::Build { seat } = st.phase else {
        crate::refuse!("a fortress can only be built before the battle");
    };
    if d.rows.len() != PIECES {
        crate::refuse!(
            "a fortress has all 16 blocks and the gate, this one {} pieces",
            d.rows.len()
        );
    }
    let gates = d.rows.iter().filter(|r| r[0] == 1).count();
    if gates != 1 || d.rows.iter().any(|r| r[0] != 0 && r[0] != 1) {
        crate::refuse!("a fortress has exactly one gate, this one {gates}");
    }
    let mut out = Vec::with_capacity(PIECES + 1);
    if st.players[seat].blocks_on_table() > 0 {
        out.push(Action::Clear.encode(seat));
    }
    let mut blocks = 0..GATE;
    for r in &d.rows {
        let k = if r[0] == 1 {
            GATE
        } else {
            blocks.next().unwrap_or(0)
        };
        if !(0..=geo::BOARD_W).contains(&r[1]) || !(0..=100_000).contains(&r[2]) {
            crate::refuse!("a piece of this fortress is off the board");
        }
        out.push(
            Action::PlacePiece {
                k,
                x: geo::local_to_table_x(seat, r[1]),
                y: r[2],
                a: r[3],
            }
            .encode(seat),
        );
    }
    Ok(out)
}
