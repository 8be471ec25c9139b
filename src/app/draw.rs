//! Drawing a `TableView` (any game's) through a `Frame`: each body as what it is (`Look`), shaded
//! so wood, stone, cards and figures read at a glance, with its owner's mark where it has one.

use super::frame::Frame;
use super::paint::{shade, with_alpha};
use super::ui::{rgb, Ui};
use engine::core::{BodyShape, BodyView, Look, TableView};
use macroquad::prelude::*;

mod catapult;
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
                catapult::catapult(&r, c, st);
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

    /// The part of the box between local u0..u1 and v0..v1, as a box of its own.
    fn part(&self, u0: f32, v0: f32, u1: f32, v1: f32) -> Box2 {
        let (cx, cy) = self.at((u0 + u1) * 0.5, (v0 + v1) * 0.5);
        Box2 {
            cx,
            cy,
            hw: self.hw * (u1 - u0).abs() * 0.5,
            hh: self.hh * (v1 - v0).abs() * 0.5,
            angle: self.angle,
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

/// The one shading every solid piece shares (blocks, cubes, stone, a catapult's beams): a lit
/// top and left edge and a shadowed bottom and right edge, `edge` pixels deep, mitred at the
/// corners like a bevelled block. All of it inside the piece's outline.
fn bevel(r: &Box2, c: Color, edge: f32) {
    let ev = (edge / r.hh.max(1e-3)).min(0.5) * 2.0;
    let eu = (edge / r.hw.max(1e-3)).min(0.5) * 2.0;
    let (u0, u1, v0, v1) = (-1.0 + eu, 1.0 - eu, -1.0 + ev, 1.0 - ev);
    r.quad(
        [(-1.0, 1.0), (1.0, 1.0), (u1, v1), (u0, v1)],
        shade(c, 0.28),
    );
    r.quad(
        [(-1.0, -1.0), (u0, v0), (u1, v0), (1.0, -1.0)],
        shade(c, -0.3),
    );
    r.quad(
        [(-1.0, -1.0), (-1.0, 1.0), (u0, v1), (u0, v0)],
        shade(c, 0.12),
    );
    r.quad(
        [(1.0, -1.0), (u1, v0), (u1, v1), (1.0, 1.0)],
        shade(c, -0.18),
    );
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

/// A tower's inside: its far wall of dark stone with courses of mortar, its top cut into
/// merlons with the sky showing between them (a castle's crenellations; the cup's outline is its
/// floor and walls, so the gaps take nothing from what a ball can hit).
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
    let (n, band) = crenels(&r);
    crenellated(&r.moved(d, -d), n, band, shade(c, -0.42));
    let back = shade(c, -0.5);
    crenellated(&r, n, band, back);
    bricks(&r.part(-1.0, -1.0, 1.0, 1.0 - band), shade(c, -0.68), 1.0);
    // A lit capstone on each merlon.
    let cap = (1.5 / r.hh).min(band * 0.4);
    for k in (0..n).step_by(2) {
        let u0 = -1.0 + 2.0 * k as f32 / n as f32;
        r.fill(u0, 1.0 - cap, u0 + 2.0 / n as f32, 1.0, shade(c, -0.2));
    }
}

/// How a wall's top is cut into merlons: their count with the gaps between them (odd, so both
/// ends are merlons) and the band's depth in the box's local units (0: too small to cut).
fn crenels(r: &Box2) -> (usize, f32) {
    let n = ((r.hw * 2.0 / 9.0) as usize).clamp(3, 9) | 1;
    let band_px = (r.hw * 2.0 / n as f32 * 0.7).min(r.hh * 0.3);
    if r.hw < 10.0 || band_px < 2.5 {
        return (1, 0.0);
    }
    (n, band_px / r.hh)
}

/// Fills the box, its top `band` (local units) cut into `n` merlons and gaps.
fn crenellated(r: &Box2, n: usize, band: f32, col: Color) {
    r.fill(-1.0, -1.0, 1.0, 1.0 - band, col);
    for k in (0..n).step_by(2) {
        let u0 = -1.0 + 2.0 * k as f32 / n as f32;
        r.fill(u0, 1.0 - band, u0 + 2.0 / n as f32, 1.0, col);
    }
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
                bevel(r, c, (small * 0.25).clamp(1.0, 3.0));
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
            // A cube's bevel is deeper: its edge reads as a die's, not a block's.
            let k = if look == Look::Cube { 0.32 } else { 0.25 };
            bevel(r, c, (small * k).clamp(1.0, 5.0));
            let long = r.hw.max(r.hh);
            if look == Look::Wood && long > 14.0 && small > 4.5 {
                // Grain along the long side, and the rings of the end grain at one end.
                let along_u = r.hw >= r.hh;
                let g = with_alpha(shade(c, -0.35), 0.45 * c.a);
                // Each grain line bends once, as wood's does.
                for (k, bend) in [(-0.45f32, 0.12f32), (0.05, -0.1), (0.5, 0.08)] {
                    let pts = [(-0.9, k), (-0.1, k + bend), (0.9, k + 0.08)];
                    for w in pts.windows(2) {
                        let ((a, b), (c2, d)) = (w[0], w[1]);
                        if along_u {
                            r.line(a, b, c2, d, 1.0, g);
                        } else {
                            r.line(b, a, d, c2, 1.0, g);
                        }
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
                // The lit rim along the top, and the crenels of its parapet set in below it
                // (inside the outline: the top a piece lands on is where it is drawn).
                let rim = (2.0 / r.hh).min(0.3);
                r.fill(-1.0, 1.0 - rim, 1.0, 1.0, shade(c, 0.4));
                let (n, band) = crenels(r);
                for k in (1..n).step_by(2) {
                    let u0 = -1.0 + 2.0 * k as f32 / n as f32;
                    let slot = r.part(u0, 1.0 - band, u0 + 2.0 / n as f32, 1.0);
                    slot.fill(-1.0, -1.0, 1.0, 1.0, shade(base, -0.35));
                    slot.fill(-1.0, -1.0, 1.0, -0.6, shade(base, 0.25));
                }
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

/// A card seen almost edge-on: a white face with a dark edge, its back in the card's colour
/// (the owner's, a siege card's, a roof's) printed as a card back is: a light border and an
/// emblem in the middle (a diamond with the back's colour at its heart).
fn card(r: &Box2, c: Color) {
    let along_u = r.hw >= r.hh;
    let (long, thin) = if along_u { (r.hw, r.hh) } else { (r.hh, r.hw) };
    let edge = Color::new(0.25, 0.22, 0.2, c.a);
    r.grown(0.8).fill(-1.0, -1.0, 1.0, 1.0, edge);
    let face = Color::new(0.96, 0.94, 0.88, c.a);
    r.fill(-1.0, -1.0, 1.0, 1.0, face);
    // The back: the upper (or left) part in the card's colour, as a box of its own along the
    // card (its u along the card's length, its v across: 1 the outer side).
    let back = if along_u {
        r.part(-0.97, -0.3, 0.97, 0.88)
    } else {
        let p = r.part(-0.88, -0.97, 0.3, 0.97);
        Box2 {
            hw: p.hh,
            hh: p.hw,
            angle: p.angle + std::f32::consts::FRAC_PI_2,
            ..p
        }
    };
    back.fill(-1.0, -1.0, 1.0, 1.0, c);
    if thin >= 2.5 && long > 12.0 {
        let light = shade(c, 0.55);
        // A border where the back is thick enough to keep its colour inside it.
        if back.hh >= 4.0 {
            let inset = 1.0 / back.hh;
            let end = (1.5 / back.hw).min(0.2);
            back.part(-1.0 + end, -1.0 + inset, 1.0 - end, 1.0 - inset)
                .outline(1.0, light);
        }
        // The emblem: a diamond in the middle with the back's colour at its heart, and a
        // smaller one each side of it.
        let d = (back.hh / back.hw * 1.4).min(0.3);
        for (u, k) in [(0.0f32, 1.0f32), (-0.55, 0.6), (0.55, 0.6)] {
            let q = [
                (u - d * k, 0.0),
                (u, 0.8 * k),
                (u + d * k, 0.0),
                (u, -0.8 * k),
            ];
            back.quad(q, light);
        }
        let heart = [(-d * 0.4, 0.0), (0.0, 0.32), (d * 0.4, 0.0), (0.0, -0.32)];
        back.quad(heart, c);
    }
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
