//! Drawing a `TableView` (any game's) through a `Frame`.

use super::frame::Area;
use super::frame::Frame;
use super::ui::{overlap, plain, rgb, Ui};
use crate::core::{BodyShape, TableView};
use macroquad::prelude::*;

pub fn table(ui: &Ui, view: &TableView, f: &Frame) {
    for b in &view.bodies {
        let (sx, sy) = f.to_screen(b.x, b.y);
        let c = rgb(b.rgb);
        match b.shape {
            BodyShape::Rect { hw, hh } => {
                let w = (2.0 * hw * f.scale).max(1.0);
                let h = (2.0 * hh * f.scale).max(1.0);
                draw_rectangle_ex(
                    sx,
                    sy,
                    w,
                    h,
                    DrawRectangleParams {
                        offset: vec2(0.5, 0.5),
                        rotation: -b.angle,
                        color: c,
                    },
                );
            }
            BodyShape::Circle { r } => {
                let rr = (r * f.scale).max(1.5);
                draw_circle(sx, sy, rr, c);
                // A spoke shows rotation.
                let (s, co) = (b.angle.sin(), b.angle.cos());
                draw_line(
                    sx,
                    sy,
                    sx + co * rr,
                    sy - s * rr,
                    (rr * 0.25).max(1.0),
                    Color::new(0.0, 0.0, 0.0, 0.35),
                );
            }
        }
    }
    // Labels last, on small plates: never hidden behind the table's edge or a piece.
    for (x, y, t, size) in place_labels(ui, view, f) {
        let w = ui.measure(&t, size);
        let pad = size * 0.2;
        draw_rectangle(
            x - pad,
            y - pad * 0.5,
            w + 2.0 * pad,
            size + pad,
            Color::new(0.0, 0.0, 0.0, 0.45),
        );
        ui.text(&t, x, y, size, LABEL);
    }
}

/// Label text on the table: light, to read on its plate.
const LABEL: Color = Color::new(0.86, 0.87, 0.9, 1.0);

/// Where the table's labels go: each at its marker, else just below or above it, else shortened
/// (its last " | " parts dropped); a label that still meets one placed before it is left out.
/// Short labels are placed first (numbers on pieces stay; a long caption gives way).
fn place_labels(ui: &Ui, view: &TableView, f: &Frame) -> Vec<(f32, f32, String, f32)> {
    let size = ui.size(2.2);
    let mut order: Vec<&(f32, f32, String)> = view.labels.iter().collect();
    order.sort_by_key(|l| l.2.chars().count());
    let mut placed: Vec<(f32, f32, String, f32)> = Vec::new();
    let free = |a: Area, placed: &[(f32, f32, String, f32)]| {
        placed
            .iter()
            .all(|(x, y, t, s)| !overlap(a, Area::new(*x, *y, ui.measure(t, *s), *s)))
    };
    for (x, y, text) in order {
        let (sx, sy) = f.to_screen(*x, *y);
        let full = plain(text);
        let parts: Vec<&str> = full.split(" | ").collect();
        'label: for n in (1..=parts.len()).rev() {
            let t = parts[..n].join(" | ");
            let w = ui.measure(&t, size);
            for dy in [0.0, 1.2, -1.2] {
                let a = Area::new(sx - w * 0.5, sy - size * 0.5 + dy * size, w, size);
                if free(a, &placed) {
                    placed.push((a.x, a.y, t, size));
                    break 'label;
                }
            }
        }
    }
    placed
}

/// The previous shot's path, faint.
pub fn ghost(path: &[[f32; 2]], f: &Frame, u: f32) {
    let step = (path.len() / 60).max(1);
    for p in path.iter().step_by(step) {
        let (x, y) = f.to_screen(p[0], p[1]);
        draw_circle(x, y, (u * 0.35).max(1.5), Color::new(1.0, 1.0, 1.0, 0.22));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view(labels: &[(f32, f32, &str)]) -> TableView {
        TableView {
            bodies: Vec::new(),
            bounds: [0.0, 0.0, 1.0, 1.0],
            labels: labels
                .iter()
                .map(|(x, y, t)| (*x, *y, t.to_string()))
                .collect(),
        }
    }

    /// Castle's mat captions printed over the tower numbers in phone portrait (issue 15).
    #[test]
    fn regression_table_labels_never_overlap() {
        let ui = Ui::new();
        let f = Frame {
            scale: 100.0,
            ox: 0.0,
            oy: 500.0,
        };
        let v = view(&[
            (0.5, 0.5, "Mat 1 · Player 1 · King"),
            (0.5, 0.5, "1"),
            (0.5, 0.5, "Mat 2 · Player 2 · Queen"),
            (0.5, 0.5, "Mat 3 · Player 3 · Prince"),
            (0.5, 0.5, "Mat 4 · Player 4 · Princess"),
        ]);
        let placed = place_labels(&ui, &v, &f);
        for (i, a) in placed.iter().enumerate() {
            for b in &placed[i + 1..] {
                let ra = Area::new(a.0, a.1, ui.measure(&a.2, a.3), a.3);
                let rb = Area::new(b.0, b.1, ui.measure(&b.2, b.3), b.3);
                assert!(!overlap(ra, rb), "{:?} and {:?} overlap", a.2, b.2);
            }
        }
        // The short number keeps its place; captions move below and above, then give way.
        assert_eq!(placed[0].2, "1");
        assert!(placed.len() >= 3, "{placed:?}");
        assert!(placed.iter().any(|p| p.2 == "Mat 1 | Player 1 | King"));
    }
}
