//! Drawing a `TableView` (any game's) through a `Frame`: each body as what it is (`Look`), shaded
//! so wood, stone, cards and figures read at a glance, with its owner's mark where it has one.

use super::frame::Frame;
use super::ui::{plain, rgb, Ui, DIM};
use crate::core::{BodyShape, BodyView, Look, TableView};
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
        body(b, f);
    }
}

/// A calm backdrop behind a table: dusk blue at the top fading to a warm light at the horizon.
pub fn backdrop(x: f32, y: f32, w: f32, h: f32) {
    let top = Color::new(0.13, 0.16, 0.23, 1.0);
    let low = Color::new(0.27, 0.28, 0.32, 1.0);
    let v = |px: f32, py: f32, c: Color| Vertex::new(px, py, 0.0, 0.0, 0.0, c);
    let mesh = Mesh {
        vertices: vec![
            v(x, y, top),
            v(x + w, y, top),
            v(x + w, y + h, low),
            v(x, y + h, low),
        ],
        indices: vec![0, 1, 2, 0, 2, 3],
        texture: None,
    };
    draw_mesh(&mesh);
}

/// One body: a rectangle turned about its centre, or a circle.
pub fn body(b: &BodyView, f: &Frame) {
    let (sx, sy) = f.to_screen(b.x, b.y);
    let c = rgb(b.rgb);
    match b.shape {
        BodyShape::Rect { hw, hh } => {
            // Thin pieces (a card edge-on, a cup's wall) keep a width a player can see.
            let min = match b.look {
                Look::Card => 2.0,
                Look::Stone => 1.6,
                _ => 0.5,
            };
            let r = Box2 {
                cx: sx,
                cy: sy,
                hw: (hw * f.scale).max(min),
                hh: (hh * f.scale).max(min),
                // Screen y grows down: a body turned anticlockwise turns clockwise on screen.
                angle: -b.angle,
            };
            rect_look(&r, b.look, c);
            if let Some(seat) = b.owner {
                let m = r.hw.min(r.hh);
                if m >= 5.0 && matches!(b.look, Look::Cube | Look::Figure | Look::Wood) {
                    let (mx, my) = if b.look == Look::Figure && r.hh > r.hw {
                        r.at(0.0, 0.25)
                    } else {
                        (r.cx, r.cy)
                    };
                    seat_mark(seat as usize, mx, my, m * 0.55, mark_colour(c));
                }
            }
        }
        BodyShape::Circle { r } => {
            let rr = (r * f.scale).max(1.5);
            ball(sx, sy, rr, c, b.angle);
        }
    }
}

/// A rectangle on screen: centre, half extents (pixels) and the turn (radians, screen sense).
struct Box2 {
    cx: f32,
    cy: f32,
    hw: f32,
    hh: f32,
    angle: f32,
}

impl Box2 {
    /// The screen point at local (u, v), each in -1..1 of the half extents (v = 1 is the top).
    fn at(&self, u: f32, v: f32) -> (f32, f32) {
        let (s, c) = self.angle.sin_cos();
        let (lx, ly) = (u * self.hw, -v * self.hh);
        (self.cx + lx * c - ly * s, self.cy + lx * s + ly * c)
    }

    /// Fills the part of the box between local u0..u1 and v0..v1.
    fn fill(&self, u0: f32, v0: f32, u1: f32, v1: f32, col: Color) {
        let a = self.at(u0, v0);
        let b = self.at(u1, v0);
        let c = self.at(u1, v1);
        let d = self.at(u0, v1);
        draw_triangle(vec2(a.0, a.1), vec2(b.0, b.1), vec2(c.0, c.1), col);
        draw_triangle(vec2(a.0, a.1), vec2(c.0, c.1), vec2(d.0, d.1), col);
    }

    fn line(&self, u0: f32, v0: f32, u1: f32, v1: f32, w: f32, col: Color) {
        let a = self.at(u0, v0);
        let b = self.at(u1, v1);
        draw_line(a.0, a.1, b.0, b.1, w, col);
    }

    fn outline(&self, w: f32, col: Color) {
        let corners = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)];
        for i in 0..4 {
            let (p, q) = (corners[i], corners[(i + 1) % 4]);
            self.line(p.0, p.1, q.0, q.1, w, col);
        }
    }
}

fn shade(c: Color, k: f32) -> Color {
    if k >= 0.0 {
        Color::new(
            c.r + (1.0 - c.r) * k,
            c.g + (1.0 - c.g) * k,
            c.b + (1.0 - c.b) * k,
            c.a,
        )
    } else {
        Color::new(c.r * (1.0 + k), c.g * (1.0 + k), c.b * (1.0 + k), c.a)
    }
}

fn with_alpha(c: Color, a: f32) -> Color {
    Color::new(c.r, c.g, c.b, a)
}

/// Bevels: a lit top edge and a shadowed bottom edge `edge` pixels deep.
fn bevel(r: &Box2, c: Color, edge: f32) {
    let ev = (edge / r.hh).min(0.5);
    let eu = (edge / r.hw).min(0.5);
    r.fill(-1.0, 1.0 - 2.0 * ev, 1.0, 1.0, shade(c, 0.28));
    r.fill(-1.0, -1.0, 1.0, -1.0 + 2.0 * ev, shade(c, -0.3));
    r.fill(-1.0, -1.0, -1.0 + 2.0 * eu, 1.0, shade(c, 0.12));
    r.fill(1.0 - 2.0 * eu, -1.0, 1.0, 1.0, shade(c, -0.18));
}

fn rect_look(r: &Box2, look: Look, c: Color) {
    let small = r.hw.min(r.hh);
    let line = (small * 0.12).clamp(0.8, 2.5);
    match look {
        Look::Plain => r.fill(-1.0, -1.0, 1.0, 1.0, c),
        Look::Table => {
            r.fill(-1.0, -1.0, 1.0, 1.0, c);
            // The top's lit edge, the front's shadow, a few long grain lines.
            let top = (3.0 / r.hh).min(0.4);
            r.fill(-1.0, 1.0 - top, 1.0, 1.0, shade(c, 0.3));
            r.fill(-1.0, -1.0, 1.0, -0.55, shade(c, -0.18));
            if r.hh > 6.0 {
                for (k, v) in [0.35f32, -0.05, -0.3].iter().enumerate() {
                    let u0 = -1.0 + 0.13 * k as f32;
                    r.line(u0, *v, 1.0, *v, 1.0, with_alpha(shade(c, -0.3), 0.35));
                }
            }
        }
        Look::Wood | Look::Catapult | Look::Cube => {
            r.fill(-1.0, -1.0, 1.0, 1.0, c);
            bevel(r, c, (small * 0.25).clamp(1.0, 4.0));
            if look == Look::Wood && r.hw.max(r.hh) > 14.0 && small > 3.0 {
                // Grain along the long side.
                let along_u = r.hw >= r.hh;
                for k in [-0.35f32, 0.2] {
                    let g = with_alpha(shade(c, -0.35), 0.4);
                    if along_u {
                        r.line(-0.85, k, 0.85, k + 0.1, 1.0, g);
                    } else {
                        r.line(k, -0.85, k + 0.1, 0.85, 1.0, g);
                    }
                }
            }
            if look == Look::Catapult && small > 3.0 {
                let (bx, by) = r.at(0.0, 0.0);
                draw_circle(bx, by, small * 0.3, shade(c, -0.45));
            }
            r.outline(line, shade(c, -0.55));
        }
        Look::Stone => {
            let base = shade(c, -0.08);
            r.fill(-1.0, -1.0, 1.0, 1.0, base);
            bevel(r, base, (small * 0.3).clamp(1.0, 3.0));
            // Courses of stone along the long side.
            let long = r.hw.max(r.hh);
            let courses = ((long / 9.0) as usize).clamp(1, 12);
            let mortar = with_alpha(shade(c, -0.5), 0.55);
            for k in 1..courses {
                let t = -1.0 + 2.0 * k as f32 / courses as f32;
                if r.hh >= r.hw {
                    r.line(-1.0, t, 1.0, t, 1.0, mortar);
                } else {
                    r.line(t, -1.0, t, 1.0, 1.0, mortar);
                }
            }
            r.outline(line, shade(c, -0.6));
        }
        Look::Card => {
            // A card's face (light) with its owner's colour at the rim.
            r.fill(-1.0, -1.0, 1.0, 1.0, shade(c, -0.35));
            if small > 2.0 {
                let inset = (1.2 / small).min(0.45);
                let face = shade(c, 0.72);
                if r.hw >= r.hh {
                    r.fill(
                        -1.0 + inset * 0.2,
                        -1.0 + 2.0 * inset,
                        1.0 - inset * 0.2,
                        1.0 - 2.0 * inset,
                        face,
                    );
                } else {
                    r.fill(
                        -1.0 + 2.0 * inset,
                        -1.0 + inset * 0.2,
                        1.0 - 2.0 * inset,
                        1.0 - inset * 0.2,
                        face,
                    );
                }
            }
        }
        Look::Figure => figure(r, c, line),
        Look::Ammo => {
            r.fill(-1.0, -1.0, 1.0, 1.0, c);
            bevel(r, c, (small * 0.4).clamp(1.0, 4.0));
        }
        Look::Mat => {
            r.fill(-1.0, -1.0, 1.0, 1.0, c);
            let top = (2.0 / r.hh).min(0.5);
            r.fill(-1.0, 1.0 - top, 1.0, 1.0, shade(c, 0.35));
            r.fill(-1.0, -1.0, 1.0, -1.0 + top, shade(c, -0.3));
        }
    }
}

/// A standing figure (soldier, meeple): a head over shoulders and a body; lying down, or a
/// plinth wider than it is tall, it is a rounded block.
fn figure(r: &Box2, c: Color, line: f32) {
    let outline = shade(c, -0.55);
    if r.hh <= r.hw * 1.15 {
        r.fill(-1.0, -1.0, 1.0, 1.0, c);
        bevel(r, c, (r.hw.min(r.hh) * 0.3).clamp(1.0, 3.0));
        r.outline(line, outline);
        return;
    }
    // Head: a circle at the top; body: a trapezoid widening to the base.
    let head_r = r.hw * 0.62;
    let head_v = 1.0 - head_r / r.hh;
    let (hx, hy) = r.at(0.0, head_v);
    let neck_v = 1.0 - 2.0 * head_r / r.hh;
    let p = |u: f32, v: f32| {
        let (x, y) = r.at(u, v);
        vec2(x, y)
    };
    let (a, b, cc, d) = (
        p(-0.55, neck_v),
        p(0.55, neck_v),
        p(1.0, -1.0),
        p(-1.0, -1.0),
    );
    draw_triangle(a, b, cc, c);
    draw_triangle(a, cc, d, c);
    // Shoulders lit, the far side shadowed.
    draw_triangle(a, p(0.0, neck_v), p(-0.2, -1.0), shade(c, 0.18));
    draw_triangle(b, cc, p(0.45, -1.0), shade(c, -0.2));
    for (s, e) in [(a, b), (b, cc), (cc, d), (d, a)] {
        draw_line(s.x, s.y, e.x, e.y, line, outline);
    }
    draw_circle(hx, hy, head_r, c);
    draw_circle(
        hx - head_r * 0.3,
        hy - head_r * 0.3,
        head_r * 0.35,
        shade(c, 0.35),
    );
    draw_circle_lines(hx, hy, head_r, line, outline);
}

/// A ball or boulder: shaded, lit from the top left, with a spot that shows its spin.
fn ball(x: f32, y: f32, r: f32, c: Color, angle: f32) {
    draw_circle(x, y, r, shade(c, -0.35));
    draw_circle(x - r * 0.1, y - r * 0.1, r * 0.85, c);
    draw_circle(x - r * 0.35, y - r * 0.35, r * 0.3, shade(c, 0.5));
    if r >= 4.0 {
        let (s, co) = angle.sin_cos();
        draw_circle(
            x + co * r * 0.55,
            y - s * r * 0.55,
            r * 0.14,
            Color::new(0.0, 0.0, 0.0, 0.3),
        );
    }
}

/// Dark or light, whichever stands out on `c`.
fn mark_colour(c: Color) -> Color {
    let luma = 0.299 * c.r + 0.587 * c.g + 0.114 * c.b;
    if luma > 0.55 {
        Color::new(0.08, 0.08, 0.1, 0.8)
    } else {
        Color::new(1.0, 1.0, 1.0, 0.85)
    }
}

/// Each seat's own shape (so a seat is told by shape as well as by colour): circle, triangle,
/// square, diamond, cross, bar, ring, chevron, dot pair, star; ten seats, ten marks.
pub fn seat_mark(seat: usize, x: f32, y: f32, r: f32, col: Color) {
    let w = (r * 0.3).max(1.0);
    match seat % 10 {
        0 => draw_circle(x, y, r * 0.8, col),
        1 => draw_triangle(
            vec2(x, y - r),
            vec2(x + r * 0.95, y + r * 0.7),
            vec2(x - r * 0.95, y + r * 0.7),
            col,
        ),
        2 => draw_rectangle(x - r * 0.75, y - r * 0.75, r * 1.5, r * 1.5, col),
        3 => {
            draw_triangle(vec2(x, y - r), vec2(x + r, y), vec2(x, y + r), col);
            draw_triangle(vec2(x, y - r), vec2(x - r, y), vec2(x, y + r), col);
        }
        4 => {
            draw_line(x - r, y - r, x + r, y + r, w, col);
            draw_line(x - r, y + r, x + r, y - r, w, col);
        }
        5 => draw_rectangle(x - r, y - r * 0.35, r * 2.0, r * 0.7, col),
        6 => draw_circle_lines(x, y, r * 0.8, w, col),
        7 => {
            draw_line(x - r, y + r * 0.5, x, y - r * 0.5, w, col);
            draw_line(x, y - r * 0.5, x + r, y + r * 0.5, w, col);
        }
        8 => {
            draw_circle(x - r * 0.5, y, r * 0.4, col);
            draw_circle(x + r * 0.5, y, r * 0.4, col);
        }
        _ => {
            draw_line(x - r, y, x + r, y, w, col);
            draw_line(x, y - r, x, y + r, w, col);
            draw_line(x - r * 0.7, y - r * 0.7, x + r * 0.7, y + r * 0.7, w, col);
            draw_line(x - r * 0.7, y + r * 0.7, x + r * 0.7, y - r * 0.7, w, col);
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
