//! Drawing a `TableView` (any game's) through a `Frame`: each body as what it is (`Look`), shaded
//! so wood, stone, cards and figures read at a glance, with its owner's mark where it has one.

use super::frame::Frame;
use super::paint::{shade, with_alpha};
use super::ui::{rgb, Ui};
use engine::core::{BodyShape, BodyView, Look, TableView};
use macroquad::prelude::*;

mod labels;

/// What moves in the view alone this frame: a catapult's arm swinging after it fired.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Motion {
    /// The catapult nearest this world x swings its arm forward by this many radians.
    pub swing: Option<(f32, f32)>,
}

/// How a body is drawn besides its pose: faded (0..1), and which way its catapult throws.
#[derive(Clone, Copy)]
struct Style {
    alpha: f32,
    /// +1 when the table's middle is to the right of the body, else -1.
    forward: f32,
    /// Extra forward turn of a catapult's arm, radians.
    arm: f32,
}

pub fn table(ui: &Ui, view: &TableView, f: &Frame) {
    table_in(ui, view, f, Motion::default());
}

/// The table with the view's own motion (`Motion`).
pub fn table_in(ui: &Ui, view: &TableView, f: &Frame, motion: Motion) {
    bodies_in(view, f, motion);
    // Labels last, on small plates: never hidden behind the table's edge or a piece.
    labels::draw(ui, view, f);
}

/// The table's bodies without their labels (the target view's second look at the table).
/// Not inlined: its two callers share one copy (the web build's size budget).
#[inline(never)]
pub fn bodies_in(view: &TableView, f: &Frame, motion: Motion) {
    let mid = (view.bounds[0] + view.bounds[2]) * 0.5;
    // Cups of stone (a floor and its walls) first get their inside: the far wall, in shadow.
    for b in &view.bodies {
        if let Some(back) = cup_back(b, &view.bodies) {
            stone_back(&back, f, rgb(b.rgb));
        }
    }
    for b in &view.bodies {
        let forward = if mid >= b.x { 1.0 } else { -1.0 };
        let arm = match motion.swing {
            Some((x, a)) if b.look == Look::Catapult && (b.x - x).abs() < 0.2 => a,
            _ => 0.0,
        };
        body_styled(
            b,
            f,
            Style {
                alpha: 1.0,
                forward,
                arm,
            },
        );
    }
}

/// One body faded to `alpha` (a fallen figure carried off the table).
pub fn body_faded(b: &BodyView, f: &Frame, alpha: f32) {
    body_styled(
        b,
        f,
        Style {
            alpha: alpha.clamp(0.0, 1.0),
            forward: 1.0,
            arm: 0.0,
        },
    );
}

/// One body: a rectangle turned about its centre, or a circle.
fn body_styled(b: &BodyView, f: &Frame, st: Style) {
    let (sx, sy) = f.to_screen(b.x, b.y);
    let c = with_alpha(rgb(b.rgb), st.alpha);
    match b.shape {
        BodyShape::Rect { hw, hh } => {
            // Thin pieces (a card edge-on, a cup's wall) keep a width a player can see; a card
            // is drawn a little thicker than it is, so its face and back read.
            let long = hw.max(hh) * f.scale;
            let min = match b.look {
                Look::Card => (long * 0.06).clamp(2.0, 8.0),
                Look::Stone => 2.2,
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
            if b.look == Look::Catapult {
                catapult(&r, c, st);
            } else {
                rect_look(&r, b.look, c);
            }
            if let Some(seat) = b.owner {
                let m = r.hw.min(r.hh);
                if m >= 5.0 && matches!(b.look, Look::Cube | Look::Figure | Look::Wood) {
                    let (mx, my) = if b.look == Look::Figure && r.hh > r.hw {
                        r.at(0.0, 0.25)
                    } else if b.look == Look::Figure {
                        r.at(-0.1, 0.0)
                    } else {
                        (r.cx, r.cy)
                    };
                    let mc = mark_colour(c);
                    seat_mark(
                        seat as usize,
                        mx,
                        my,
                        m * 0.5,
                        with_alpha(mc, mc.a * st.alpha),
                    );
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
#[derive(Clone, Copy)]
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

    fn p(&self, u: f32, v: f32) -> Vec2 {
        let (x, y) = self.at(u, v);
        vec2(x, y)
    }

    /// The same box grown by `px` pixels on every side.
    fn grown(&self, px: f32) -> Box2 {
        Box2 {
            hw: self.hw + px,
            hh: self.hh + px,
            ..*self
        }
    }

    /// The same box moved by (dx, dy) screen pixels.
    fn moved(&self, dx: f32, dy: f32) -> Box2 {
        Box2 {
            cx: self.cx + dx,
            cy: self.cy + dy,
            ..*self
        }
    }

    /// Fills the part of the box between local u0..u1 and v0..v1.
    fn fill(&self, u0: f32, v0: f32, u1: f32, v1: f32, col: Color) {
        self.quad([(u0, v0), (u1, v0), (u1, v1), (u0, v1)], col);
    }

    /// Fills a four-cornered shape given in local coordinates.
    fn quad(&self, q: [(f32, f32); 4], col: Color) {
        let [a, b, c, d] = q.map(|(u, v)| self.p(u, v));
        draw_triangle(a, b, c, col);
        draw_triangle(a, c, d, col);
    }

    /// An ellipse in local coordinates (centre u, v; radii in half extents), as a fan.
    fn blob(&self, u: f32, v: f32, ru: f32, rv: f32, col: Color) {
        const N: usize = 12;
        let c = self.p(u, v);
        let mut prev = self.p(u + ru, v);
        for i in 1..=N {
            let t = i as f32 / N as f32 * std::f32::consts::TAU;
            let q = self.p(u + ru * t.cos(), v + rv * t.sin());
            draw_triangle(c, prev, q, col);
            prev = q;
        }
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

/// Bevels: a lit top edge and a shadowed bottom edge `edge` pixels deep.
fn bevel(r: &Box2, c: Color, edge: f32) {
    let ev = (edge / r.hh).min(0.5);
    let eu = (edge / r.hw).min(0.5);
    r.fill(-1.0, 1.0 - 2.0 * ev, 1.0, 1.0, shade(c, 0.28));
    r.fill(-1.0, -1.0, 1.0, -1.0 + 2.0 * ev, shade(c, -0.3));
    r.fill(-1.0, -1.0, -1.0 + 2.0 * eu, 1.0, shade(c, 0.12));
    r.fill(1.0 - 2.0 * eu, -1.0, 1.0, 1.0, shade(c, -0.18));
}

/// Depth: the piece's side face, seen a little from the right and above, `d` pixels deep.
fn side_face(r: &Box2, c: Color, d: f32) {
    r.moved(d, -d).fill(-1.0, -1.0, 1.0, 1.0, shade(c, -0.42));
}

/// The inside of a stone cup (a floor part whose walls stand on its ends), as a box in world
/// terms (centre, half extents, turn): from the floor's underside to the top of its walls.
fn cup_back(floor: &BodyView, all: &[BodyView]) -> Option<(f32, f32, f32, f32, f32)> {
    let BodyShape::Rect { hw, hh } = floor.shape else {
        return None;
    };
    if floor.look != Look::Stone || hw < 4.0 * hh {
        return None;
    }
    let (s, c) = floor.angle.sin_cos();
    let mut top: Option<f32> = None;
    for w in all {
        let BodyShape::Rect { hw: ww, hh: wh } = w.shape else {
            continue;
        };
        if w.look != Look::Stone || wh < 4.0 * ww || w.tag != floor.tag {
            continue;
        }
        // The wall's centre in the floor's own frame.
        let (dx, dy) = (w.x - floor.x, w.y - floor.y);
        let (lx, ly) = (dx * c + dy * s, -dx * s + dy * c);
        let at_end = (lx.abs() - (hw - ww)).abs() < 3.0 * ww + 1e-4;
        let standing = (ly - wh).abs() < 2.0 * hh + 2.0 * ww + 1e-4;
        if at_end && standing {
            top = Some(top.map_or(ly + wh, |t: f32| t.max(ly + wh)));
        }
    }
    let top = top?;
    let (lo, hi) = (-hh, top);
    let mid = (lo + hi) * 0.5;
    Some((
        floor.x - s * mid,
        floor.y + c * mid,
        hw,
        (hi - lo) * 0.5,
        floor.angle,
    ))
}

/// A tower's inside: its far wall of dark stone with courses of mortar.
fn stone_back(back: &(f32, f32, f32, f32, f32), f: &Frame, c: Color) {
    let &(x, y, hw, hh, a) = back;
    let (sx, sy) = f.to_screen(x, y);
    let r = Box2 {
        cx: sx,
        cy: sy,
        hw: hw * f.scale,
        hh: hh * f.scale,
        angle: -a,
    };
    let d = (r.hw * 0.12).clamp(1.0, 5.0);
    side_face(&r, c, d);
    let back = shade(c, -0.5);
    r.fill(-1.0, -1.0, 1.0, 1.0, back);
    bricks(&r, shade(c, -0.68), 1.0);
}

/// Courses of stone blocks over the box, joints staggered from course to course.
fn bricks(r: &Box2, mortar: Color, w: f32) {
    let rows = ((r.hh * 2.0 / 7.0) as usize).clamp(1, 16);
    let cols = ((r.hw * 2.0 / 12.0) as usize).clamp(1, 12);
    if rows < 2 && cols < 2 {
        return;
    }
    for k in 1..rows {
        let v = -1.0 + 2.0 * k as f32 / rows as f32;
        r.line(-1.0, v, 1.0, v, w, mortar);
    }
    for k in 0..rows {
        let v0 = -1.0 + 2.0 * k as f32 / rows as f32;
        let v1 = v0 + 2.0 / rows as f32;
        let off = if k % 2 == 0 { 0.0 } else { 1.0 / cols as f32 };
        for j in 1..=cols {
            let u = -1.0 + 2.0 * j as f32 / cols as f32 - off;
            if u > -0.98 && u < 0.98 {
                r.line(u, v0, u, v1, w, mortar);
            }
        }
    }
}

fn rect_look(r: &Box2, look: Look, c: Color) {
    let small = r.hw.min(r.hh);
    let line = (small * 0.12).clamp(0.8, 2.5);
    match look {
        Look::Plain => {
            // Scenery (a box lid, a scoring tile): flat, with a lit top and a darker rim.
            r.fill(-1.0, -1.0, 1.0, 1.0, c);
            if small > 2.0 {
                let top = (1.5 / r.hh).min(0.4);
                r.fill(-1.0, 1.0 - top, 1.0, 1.0, shade(c, 0.3));
                r.outline(1.0, shade(c, -0.45));
            }
        }
        Look::Table => {
            // Every table in the one palette, so it runs on into the near tabletop behind it:
            // wood with the top's lit edge and a few faint grain lines.
            let wood = with_alpha(super::backdrop::WOOD, c.a);
            r.fill(-1.0, -1.0, 1.0, 1.0, wood);
            let top = (2.0 / r.hh).min(0.4);
            r.fill(-1.0, 1.0 - top, 1.0, 1.0, shade(wood, 0.35));
            if r.hh > 6.0 {
                let g = with_alpha(super::backdrop::GRAIN, 0.28 * c.a);
                for (k, v) in [0.55f32, 0.1, -0.4].iter().enumerate() {
                    let u0 = -1.0 + 0.17 * k as f32;
                    r.line(u0, *v, 1.0 - 0.11 * k as f32, *v, 1.0, g);
                }
            }
        }
        Look::Wood | Look::Cube => {
            if small > 3.0 {
                side_face(r, c, (small * 0.18).clamp(1.0, 4.0));
            }
            r.fill(-1.0, -1.0, 1.0, 1.0, c);
            bevel(r, c, (small * 0.25).clamp(1.0, 4.0));
            let long = r.hw.max(r.hh);
            if look == Look::Wood && long > 14.0 && small > 3.0 {
                // Grain along the long side, and the rings of the end grain at one end.
                let along_u = r.hw >= r.hh;
                let g = with_alpha(shade(c, -0.35), 0.45 * c.a);
                for k in [-0.45f32, 0.05, 0.5] {
                    if along_u {
                        r.line(-0.9, k, 0.9, k + 0.08, 1.0, g);
                    } else {
                        r.line(k, -0.9, k + 0.08, 0.9, 1.0, g);
                    }
                }
                if small > 6.0 {
                    let (u, v, ru, rv) = if along_u {
                        (0.85, 0.0, 0.1 * r.hh / r.hw, 0.6)
                    } else {
                        (0.0, 0.85, 0.6, 0.1 * r.hw / r.hh)
                    };
                    r.blob(u, v, ru, rv, shade(c, -0.15));
                    r.blob(u, v, ru * 0.5, rv * 0.5, shade(c, 0.1));
                }
            }
            r.outline(line, shade(c, -0.55));
        }
        Look::Catapult => {}
        Look::Stone => {
            let base = shade(c, -0.08);
            let tall = r.hh > 3.0 * r.hw;
            if !tall && small > 3.0 {
                side_face(r, base, (small * 0.15).clamp(1.0, 5.0));
            }
            r.fill(-1.0, -1.0, 1.0, 1.0, base);
            bevel(r, base, (small * 0.3).clamp(1.0, 3.0));
            let mortar = with_alpha(shade(c, -0.5), 0.6 * c.a);
            if tall {
                // A cup's wall: courses along it and a lighter capstone wider than the wall.
                let courses = ((r.hh / 4.5) as usize).clamp(1, 12);
                for k in 1..courses {
                    let t = -1.0 + 2.0 * k as f32 / courses as f32;
                    r.line(-1.0, t, 1.0, t, 1.0, mortar);
                }
                r.outline(line, shade(c, -0.6));
                let cap = (2.0 / r.hh).clamp(0.04, 0.2);
                let g = r.grown(0.0);
                g.fill(-1.6, 1.0 - cap, 1.6, 1.0 + cap, shade(c, 0.35));
            } else {
                bricks(r, mortar, 1.0);
                // The lit rim along the top.
                let rim = (2.0 / r.hh).min(0.3);
                r.fill(-1.0, 1.0 - rim, 1.0, 1.0, shade(c, 0.4));
                r.outline(line, shade(c, -0.6));
            }
        }
        Look::Card => card(r, c),
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

/// A card seen almost edge-on: a white face with rounded ends, its back in the card's colour
/// with a light diamond pattern (the owner's colour, a siege card's, a roof's).
fn card(r: &Box2, c: Color) {
    let along_u = r.hw >= r.hh;
    let (long, thin) = if along_u { (r.hw, r.hh) } else { (r.hh, r.hw) };
    let edge = Color::new(0.25, 0.22, 0.2, c.a);
    r.grown(0.8).fill(-1.0, -1.0, 1.0, 1.0, edge);
    let face = Color::new(0.96, 0.94, 0.88, c.a);
    r.fill(-1.0, -1.0, 1.0, 1.0, face);
    // The back: the upper (or left) two thirds in the card's colour.
    let back = if along_u {
        [(-0.97, -0.1), (0.97, -0.1), (0.97, 0.85), (-0.97, 0.85)]
    } else {
        [(-0.85, -0.97), (0.1, -0.97), (0.1, 0.97), (-0.85, 0.97)]
    };
    r.quad(back, c);
    if thin >= 2.5 && long > 12.0 {
        // A row of light diamonds along the back.
        let n = ((long / (thin * 2.0)) as usize).clamp(2, 14);
        let mark = shade(c, 0.45);
        for i in 0..n {
            let t = -0.9 + 1.8 * (i as f32 + 0.5) / n as f32;
            let d = 0.8 / n as f32;
            let q = if along_u {
                [(t - d, 0.37), (t, 0.75), (t + d, 0.37), (t, 0.0)]
            } else {
                [(-0.37, t - d), (-0.75, t), (-0.37, t + d), (0.0, t)]
            };
            r.quad(q, mark);
        }
    }
}

/// A catapult on its box: a wooden base frame with feet, an upright, and a throwing arm from a
/// pivot at the back up to a cup under the shot; the arm turns forward by `st.arm` after firing.
/// A tall thin part (a catapult's post) is the arm alone, standing in its frame.
fn catapult(r: &Box2, c: Color, st: Style) {
    let wood = c;
    let dark = shade(c, -0.5);
    let line = (r.hw.min(r.hh) * 0.1).clamp(0.8, 2.0);
    let fw = st.forward;
    if r.hh > 3.0 * r.hw {
        // The post: the arm itself, turning about its foot.
        let w = (r.hw * 2.0).max(2.0);
        let a = r.angle + st.arm * fw;
        let foot = r.at(0.0, -1.0);
        let len = 2.0 * r.hh;
        let tip = (foot.0 + a.sin() * len, foot.1 - a.cos() * len);
        draw_line(foot.0, foot.1, tip.0, tip.1, w + 2.0 * line, dark);
        draw_line(foot.0, foot.1, tip.0, tip.1, w, wood);
        cup(tip.0, tip.1, (w * 2.2).max(4.0), wood, dark);
        return;
    }
    // The base: a beam along the bottom third, with two feet (a long low chassis is all base).
    let sledge = r.hw > 2.0 * r.hh;
    let base_top = if sledge {
        1.0
    } else {
        -1.0 + 0.55 * (r.hw / r.hh).min(1.2)
    };
    r.grown(line).fill(-1.0, -1.0, 1.0, base_top, dark);
    r.fill(-1.0, -1.0, 1.0, base_top, wood);
    r.fill(-1.0, base_top - 0.12, 1.0, base_top, shade(wood, 0.25));
    for u in [-0.75f32, 0.75] {
        let rp = r.hw.min(r.hh) * 0.22;
        r.blob(u, -1.0, rp / r.hw.max(1.0), rp / r.hh.max(1.0), dark);
    }
    if sledge {
        r.line(-0.9, -0.3, 0.9, -0.3, 1.0, dark);
        return;
    }
    // The upright: an A-frame from the base to the top, behind the arm.
    let up = shade(wood, -0.2);
    r.quad(
        [
            (-0.55, base_top),
            (-0.35, base_top),
            (0.05, 0.65),
            (-0.1, 0.65),
        ],
        up,
    );
    r.quad(
        [
            (0.35, base_top),
            (0.55, base_top),
            (0.1, 0.65),
            (-0.05, 0.65),
        ],
        up,
    );
    // The arm: from the pivot low at the back to the cup at the top middle.
    let pivot = r.p(-0.75 * fw, base_top + 0.1);
    let rest = r.p(0.0, 0.92);
    let (dx, dy) = (rest.x - pivot.x, rest.y - pivot.y);
    let turn = st.arm * fw;
    let (s, co) = turn.sin_cos();
    let tip = vec2(pivot.x + dx * co - dy * s, pivot.y + dx * s + dy * co);
    let w = (r.hw * 0.22).max(2.0);
    draw_line(pivot.x, pivot.y, tip.x, tip.y, w + 2.0 * line, dark);
    draw_line(pivot.x, pivot.y, tip.x, tip.y, w, shade(wood, 0.15));
    draw_circle(pivot.x, pivot.y, w * 0.8, dark);
    cup(tip.x, tip.y, (r.hw * 0.5).max(4.0), shade(wood, 0.1), dark);
}

/// A cup `w` pixels across, its rim at (x, y).
fn cup(x: f32, y: f32, w: f32, c: Color, dark: Color) {
    let h = w * 0.45;
    draw_triangle(
        vec2(x - w * 0.5, y),
        vec2(x + w * 0.5, y),
        vec2(x, y + h * 1.2),
        dark,
    );
    draw_rectangle(x - w * 0.5, y - 0.5, w, h * 0.6, c);
    draw_line(x - w * 0.55, y, x + w * 0.55, y, 1.5, dark);
}

/// A standing figure: a soldier (tall: head over shoulders and a body widening to its base) or
/// a meeple (squat: head, arms spread, two legs); lying down it is the same, turned.
fn figure(r: &Box2, c: Color, line: f32) {
    let outline = shade(c, -0.6);
    let soldier = r.hh > r.hw * 1.6;
    if soldier {
        for (b, col) in [(r.grown(line), outline), (*r, c)] {
            soldier_shape(&b, col);
        }
        // Shoulders lit on one side, shadowed on the other.
        let head_v = 1.0 - 1.24 * r.hw / r.hh;
        r.quad(
            [
                (-0.5, head_v - 0.2),
                (-0.05, head_v - 0.2),
                (-0.2, -0.95),
                (-0.85, -0.95),
            ],
            shade(c, 0.18),
        );
        r.blob(
            -0.2,
            1.0 - 0.8 * r.hw / r.hh,
            0.22,
            0.22 * r.hw / r.hh,
            shade(c, 0.35),
        );
        return;
    }
    // A meeple: its up is the box's long side (standing or lying).
    let m = if r.hh >= r.hw {
        *r
    } else {
        Box2 {
            hw: r.hh,
            hh: r.hw,
            angle: r.angle + std::f32::consts::FRAC_PI_2,
            ..*r
        }
    };
    for (b, col) in [(m.grown(line), outline), (m, c)] {
        meeple_shape(&b, col);
    }
    m.blob(-0.12, 0.68, 0.12, 0.1, shade(c, 0.4));
}

fn soldier_shape(r: &Box2, c: Color) {
    let head_r = r.hw * 0.62;
    let head_v = 1.0 - head_r / r.hh;
    let neck_v = 1.0 - 2.0 * head_r / r.hh;
    r.quad(
        [(-0.55, neck_v), (0.55, neck_v), (1.0, -1.0), (-1.0, -1.0)],
        c,
    );
    r.blob(0.0, head_v, 0.62, head_r / r.hh, c);
}

fn meeple_shape(r: &Box2, c: Color) {
    r.blob(0.0, 0.62, 0.36, 0.36 * r.hw / r.hh, c);
    r.quad(
        [(-0.38, 0.4), (0.38, 0.4), (0.55, -0.25), (-0.55, -0.25)],
        c,
    );
    for s in [-1.0f32, 1.0] {
        r.quad(
            [
                (0.3 * s, 0.38),
                (1.0 * s, 0.16),
                (0.95 * s, -0.08),
                (0.3 * s, 0.05),
            ],
            c,
        );
        r.quad(
            [
                (0.55 * s, -0.25),
                (0.08 * s, -0.25),
                (0.25 * s, -1.0),
                (0.9 * s, -1.0),
            ],
            c,
        );
    }
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
            Color::new(0.0, 0.0, 0.0, 0.3 * c.a),
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

/// Each seat's own shape (`marks::of`: so a seat is told by shape as well as by colour).
pub fn seat_mark(seat: usize, x: f32, y: f32, r: f32, col: Color) {
    use super::marks::Mark;
    let w = (r * 0.3).max(1.0);
    match super::marks::of(seat) {
        Mark::Circle => draw_circle(x, y, r * 0.8, col),
        Mark::Triangle => draw_triangle(
            vec2(x, y - r),
            vec2(x + r * 0.95, y + r * 0.7),
            vec2(x - r * 0.95, y + r * 0.7),
            col,
        ),
        Mark::Square => draw_rectangle(x - r * 0.75, y - r * 0.75, r * 1.5, r * 1.5, col),
        Mark::Diamond => {
            draw_triangle(vec2(x, y - r), vec2(x + r, y), vec2(x, y + r), col);
            draw_triangle(vec2(x, y - r), vec2(x - r, y), vec2(x, y + r), col);
        }
        Mark::Cross => {
            draw_line(x - r, y - r, x + r, y + r, w, col);
            draw_line(x - r, y + r, x + r, y - r, w, col);
        }
        Mark::Bar => draw_rectangle(x - r, y - r * 0.35, r * 2.0, r * 0.7, col),
        Mark::Ring => draw_circle_lines(x, y, r * 0.8, w, col),
        Mark::Chevron => {
            draw_line(x - r, y + r * 0.5, x, y - r * 0.5, w, col);
            draw_line(x, y - r * 0.5, x + r, y + r * 0.5, w, col);
        }
        Mark::DotPair => {
            draw_circle(x - r * 0.5, y, r * 0.4, col);
            draw_circle(x + r * 0.5, y, r * 0.4, col);
        }
        Mark::Star => {
            draw_line(x - r, y, x + r, y, w, col);
            draw_line(x, y - r, x, y + r, w, col);
            draw_line(x - r * 0.7, y - r * 0.7, x + r * 0.7, y + r * 0.7, w, col);
            draw_line(x - r * 0.7, y + r * 0.7, x + r * 0.7, y - r * 0.7, w, col);
        }
    }
}

/// The previous shot's path, faint: small ink dots that read on the daylight sky and on wood.
pub fn ghost(path: &[[f32; 2]], f: &Frame, u: f32) {
    let step = (path.len() / 60).max(1);
    for p in path.iter().step_by(step) {
        let (x, y) = f.to_screen(p[0], p[1]);
        draw_circle(x, y, (u * 0.35).max(1.5), Color::new(0.12, 0.14, 0.2, 0.35));
    }
}
