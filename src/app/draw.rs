//! Drawing a `TableView` (any game's) through a `Frame`.

use super::frame::Frame;
use super::ui::{plain, rgb, Ui, DIM};
use crate::core::{BodyShape, TableView};
use macroquad::prelude::*;

pub fn table(ui: &Ui, view: &TableView, f: &Frame) {
    let size = ui.size(2.2);
    for (x, y, text) in &view.labels {
        let (sx, sy) = f.to_screen(*x, *y);
        let t = plain(text);
        let w = ui.measure(&t, size);
        ui.text(&t, sx - w * 0.5, sy - size * 0.5, size, DIM);
    }
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
}

/// The previous shot's path, faint.
pub fn ghost(path: &[[f32; 2]], f: &Frame, u: f32) {
    let step = (path.len() / 60).max(1);
    for p in path.iter().step_by(step) {
        let (x, y) = f.to_screen(p[0], p[1]);
        draw_circle(x, y, (u * 0.35).max(1.5), Color::new(1.0, 1.0, 1.0, 0.22));
    }
}
