//! The Catapult Castle table at rest for the generic renderer: bodies (tagged and coloured, see
//! table.rs) and labels naming the mats (their number, owner and royal deck), the squares (the
//! log names them), ammo inside towers and roofs. The supply and what to do are on the status
//! line, not the table.

use super::geometry::*;
use super::rules::State;
use super::table::{layout_of, rest_specs, spec_views};
use crate::core::{Seat, TableView};

/// The labels of the table (drawn under the bodies).
pub fn labels(state: &State, seats: &[Seat]) -> Vec<(f32, f32, String)> {
    let layout = layout_of(state);
    let mut out = Vec::new();
    for (m, mat) in state.mats.iter().enumerate() {
        let cx = layout.mat_x0(m) + layout.mat_len() / 2.0;
        let deck = state.deck_names.get(mat.deck).cloned().unwrap_or_default();
        let text = match mat.owner.and_then(|o| seats.get(o)) {
            Some(s) => format!("Mat {}: {} ({deck})", m + 1, s.name),
            None => format!("Mat {} ({deck})", m + 1),
        };
        out.push((cx, -0.075, text));
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
