//! The table's labels (tower numbers, mat captions, seats' names): each beside the piece it
//! names, never over another, never cut by the table's edge, and none for a piece off it.

use crate::app::frame::{Area, Frame};
use crate::app::seen::inside;
use crate::app::ui::{overlap, plain, Ui};
use engine::core::TableView;
use macroquad::prelude::*;

/// The table's labels on small plates, each by its piece (`place_labels`).
pub(super) fn draw(ui: &Ui, view: &TableView, f: &Frame) {
    for ((x, y, t, size), (mx, my)) in place_labels_at(ui, view, f) {
        let w = ui.measure(&t, size);
        let pad = size * 0.2;
        ui.panel(
            Area::new(x - pad, y - pad * 0.5, w + 2.0 * pad, size + pad),
            crate::app::ui::PLATE,
        );
        ui.text(&t, x, y, size, LABEL);
        crate::app::seen::marker_of_last(&t, (mx, my));
    }
}

/// Label text on the table: light, to read on its plate.
const LABEL: Color = Color::new(0.86, 0.87, 0.9, 1.0);

/// Where the table's labels go: each at its marker, else just below or above it, else shortened
/// (its last " | " parts dropped); a label that still meets one placed before it is left out.
/// Short labels are placed first (numbers on pieces stay; a long caption gives way). A label
/// whose marker is off the table's area (its piece beyond the screen's edge) is not drawn: it
/// would stand at the edge, away from its piece.
#[cfg(test)]
fn place_labels(ui: &Ui, view: &TableView, f: &Frame) -> Vec<(f32, f32, String, f32)> {
    place_labels_at(ui, view, f)
        .into_iter()
        .map(|(l, _)| l)
        .collect()
}

/// `place_labels` with each label's marker on screen.
#[allow(clippy::type_complexity)]
fn place_labels_at(
    ui: &Ui,
    view: &TableView,
    f: &Frame,
) -> Vec<((f32, f32, String, f32), (f32, f32))> {
    let size = ui.size(2.2);
    let mut order: Vec<&(f32, f32, String)> = view.labels.iter().collect();
    engine::core::order::sort_by_key(&mut order, |l| l.2.chars().count());
    let mut placed: Vec<((f32, f32, String, f32), (f32, f32))> = Vec::new();
    let free = |a: Area, placed: &[((f32, f32, String, f32), (f32, f32))]| {
        placed
            .iter()
            .all(|((x, y, t, s), _)| !overlap(a, Area::new(*x, *y, ui.measure(t, *s), *s)))
    };
    let clip = ui.clip_area();
    for (x, y, text) in order {
        let (sx, sy) = f.to_screen(*x, *y);
        if clip.is_some_and(|c| !c.contains(sx, sy)) {
            continue;
        }
        let full = plain(text);
        let parts: Vec<&str> = full.split(" | ").collect();
        'label: for n in (1..=parts.len()).rev() {
            let t = parts[..n].join(" | ");
            let w = ui.measure(&t, size);
            for dy in [0.0, 1.2, -1.2] {
                let a = Area::new(sx - w * 0.5, sy - size * 0.5 + dy * size, w, size);
                // Moved inside the table's area: not cut by its edge.
                let a = ui.clip_area().map_or(a, |c| inside(a, c, size * 0.3));
                if free(a, &placed) {
                    placed.push(((a.x, a.y, t, size), (sx, sy)));
                    break 'label;
                }
            }
        }
    }
    placed
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

    /// At Castle's start (1180x820) Mat 3's tower numbers "3 1 2" stood stacked at the right
    /// edge over its caption "Mat 3 (Prince)": the labels of pieces beyond the edge were moved
    /// inside the table's area instead of left out.
    #[test]
    fn regression_labels_of_pieces_beyond_the_screen_edge_are_not_clamped_to_it() {
        let ui = Ui::new();
        // The table's area: 1180 px across; the frame puts world x 1.0 at the right edge.
        ui.set_clip(Some(Area::new(0.0, 160.0, 1180.0, 560.0)));
        let f = Frame {
            scale: 1180.0,
            ox: 0.0,
            oy: 470.0,
        };
        let v = view(&[
            (0.70, -0.04, "1"),
            (0.78, -0.04, "2"),
            (0.75, -0.07, "Mat 2 (Queen)"),
            // Mat 3, beyond the right edge, and a caption whose mat is below the area.
            (1.05, -0.04, "1"),
            (1.13, -0.04, "2"),
            (1.21, -0.04, "3"),
            (1.29, -0.04, "4"),
            (1.17, -0.07, "Mat 3 (Prince)"),
            (0.3, -0.5, "Mat 0 (King)"),
        ]);
        let placed = place_labels_at(&ui, &v, &f);
        ui.set_clip(None);
        let words: Vec<&str> = placed.iter().map(|(l, _)| l.2.as_str()).collect();
        assert_eq!(words.len(), 3, "{words:?}");
        assert!(words.contains(&"Mat 2 (Queen)"), "{words:?}");
        for ((x, y, t, size), (mx, my)) in &placed {
            let w = ui.measure(t, *size);
            assert!(
                *mx >= 0.0 && *mx <= 1180.0,
                "{t:?}'s marker is off the table"
            );
            // Each beside its own marker: across within its width, up or down within 2 lines.
            assert!(
                *mx >= x - size && *mx <= x + w + size,
                "{t:?} at {x} for {mx}"
            );
            assert!(
                (my - (y + size * 0.5)).abs() <= 2.0 * size,
                "{t:?} at {y} for {my}"
            );
        }
        // A marker at the edge still gets its label, moved inside rather than cut.
        let v = view(&[(0.999, -0.04, "Mat 2 (Queen)")]);
        ui.set_clip(Some(Area::new(0.0, 160.0, 1180.0, 560.0)));
        let placed = place_labels(&ui, &v, &f);
        ui.set_clip(None);
        assert_eq!(placed.len(), 1);
        assert!(placed[0].0 + ui.measure(&placed[0].2, placed[0].3) <= 1180.0);
    }
}
