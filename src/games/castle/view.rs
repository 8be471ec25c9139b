//! The Catapult Castle table at rest for the generic renderer: bodies (tagged and coloured, see
//! table.rs) and labels naming mats, squares, ammo inside towers, roofs, the catapult and the
//! supply.

use super::geometry::*;
use super::rules::{solo_title, State};
use super::table::{layout_of, rest_specs, spec_views};
use crate::core::{Seat, TableView};

/// The labels of the table (drawn under the bodies).
pub fn labels(state: &State, seats: &[Seat]) -> Vec<(f32, f32, String)> {
    let layout = layout_of(state);
    let mut out = Vec::new();
    for (m, mat) in state.mats.iter().enumerate() {
        let cx = layout.mat_x0(m) + layout.mat_len() / 2.0;
        let who = match mat.owner.and_then(|o| seats.get(o)) {
            Some(s) => s.name.clone(),
            None => "unassigned".to_string(),
        };
        let deck = state.deck_names.get(mat.deck).cloned().unwrap_or_default();
        out.push((cx, -0.075, format!("Mat {} · {} · {}", m + 1, who, deck)));
        for (s, sq) in mat.squares.iter().enumerate() {
            let x = layout.square_x(m, s);
            out.push((x, -0.045, format!("{}", s + 1)));
            let ammo: u32 = sq.stack.iter().map(|t| t.ammo).sum();
            let h = sq.stack.len();
            let mut y = if h == 0 {
                MAT_THICK
            } else {
                tower_top_y(h - 1)
            } + 0.015;
            if sq.roof.is_some() {
                out.push((x, y, "Roof".to_string()));
                y += 0.02;
            }
            if ammo > 0 {
                out.push((x, y, format!("{ammo} ammo")));
            }
        }
    }
    if let (super::rules::Phase::Place { towers, .. }, Some(m)) =
        (&state.phase, state.mat_of(state.turn.seat))
    {
        let cx = layout.mat_x0(m) + layout.mat_len() / 2.0;
        out.push((
            cx,
            0.45,
            format!("{} tower(s) to place on this mat", towers.len()),
        ));
    }
    if let (Some(c), false) = (state.current_corner(), state.is_over()) {
        let raised = state.stand.get(state.turn.seat).copied().unwrap_or(false);
        let y = CATAPULT_Y + if raised { STAND_H } else { 0.0 } + 0.03;
        out.push((layout.corner_x(c.mat, c.end), y, "Catapult".to_string()));
    }
    let (x0, _) = layout.table_span();
    let supply = if state.solo {
        format!(
            "Ammo left: {} · towers removed: {} · score {} ({})",
            state.supply,
            state.removed.len(),
            state.solo_score(),
            solo_title(state.solo_score())
        )
    } else {
        format!("Supply: {} ammo", state.supply)
    };
    out.push((x0 + 0.3, 0.6, supply));
    out
}

pub fn table_view(state: &State, seats: &[Seat]) -> TableView {
    let specs = rest_specs(state, seats, true);
    TableView {
        bodies: spec_views(&specs),
        bounds: layout_of(state).view_bounds(),
        labels: labels(state, seats),
    }
}
