//! A catapult drawn as the toy it is (issue #42, "pieces with craft"): a chassis beam on two
//! wheels, an A-frame with its stop bar, and a throwing arm from its skein (the twisted rope
//! at the pivot) up to a bucket under the shot. Feud's long low chassis is a wagon bed on
//! wheels and its post is the arm, with the bucket at its tip. View only: the body's box is
//! the same, the arm's swing after a shot is `Style::arm`.

use super::super::paint::shade;
use super::{bevel, Box2, Style};
use macroquad::prelude::*;

/// Rope colour of the skein at the arm's pivot.
const ROPE: Color = Color::new(0.86, 0.76, 0.55, 1.0);

pub(super) fn catapult(r: &Box2, c: Color, st: Style) {
    let dark = shade(c, -0.5);
    let line = (r.hw.min(r.hh) * 0.1).clamp(0.8, 2.0);
    let turn = st.arm * st.forward;
    if r.hh > 3.0 * r.hw {
        // The post: the arm itself, turning about its foot, its bucket at the tip.
        let w = (r.hw * 2.0).max(2.0);
        let a = r.angle + turn;
        let (fx, fy) = r.at(0.0, -1.0);
        let len = 2.0 * r.hh;
        let foot = vec2(fx, fy);
        let tip = vec2(fx + a.sin() * len, fy - a.cos() * len);
        arm(foot, tip, w, c, line);
        bucket(tip, a, (w * 1.4).max(2.5), c, dark);
        return;
    }
    if r.hw > 2.0 * r.hh {
        wagon(r, c, dark);
        return;
    }
    let small = r.hw.min(r.hh);
    // The wheels sit under the beam, their bottoms on the box's bottom.
    let wr = (r.hh * 0.28).min(r.hw * 0.34).max(1.0);
    let axle = -1.0 + wr / r.hh;
    let beam_top = (axle + 0.3).min(0.0);
    let beam = r.part(-1.0, axle, 1.0, beam_top);
    beam.grown(line * 0.5).fill(-1.0, -1.0, 1.0, 1.0, dark);
    beam.fill(-1.0, -1.0, 1.0, 1.0, c);
    bevel(&beam, c, (beam.hh * 0.35).clamp(0.6, 2.5));
    // The A-frame (legs in a darker wood, behind the arm) and its stop bar at the apex.
    let fw = st.forward;
    let apex = (0.3 * fw, 0.5);
    let leg = shade(c, -0.22);
    for (a, b) in [(-0.45f32, -0.28f32), (0.28, 0.45)] {
        r.quad(
            [
                (apex.0 + a, beam_top),
                (apex.0 + b, beam_top),
                (apex.0 + 0.07, apex.1),
                (apex.0 - 0.07, apex.1),
            ],
            leg,
        );
    }
    let stop = r.part(apex.0 - 0.14, apex.1 - 0.08, apex.0 + 0.14, apex.1 + 0.14);
    stop.fill(-1.0, -1.0, 1.0, 1.0, c);
    bevel(&stop, c, (stop.hh * 0.4).clamp(0.6, 2.0));
    // The arm: from the skein low at the back to the bucket at the top middle, turned forward
    // by the swing about the skein.
    let pivot = r.p(-0.5 * fw, beam_top + 0.08);
    let br = (r.hw * 0.42).max(2.0);
    let rest = r.p(0.0, 1.0 - 0.9 * br / r.hh);
    let rim = r.p(0.0, 1.0);
    let (s, co) = turn.sin_cos();
    let turned = |q: Vec2| {
        let (dx, dy) = (q.x - pivot.x, q.y - pivot.y);
        vec2(pivot.x + dx * co - dy * s, pivot.y + dx * s + dy * co)
    };
    let w = (r.hw * 0.16).max(1.5);
    arm(pivot, turned(rest), w, c, line);
    bucket(turned(rim), r.angle + turn, br, c, dark);
    if small >= 8.0 {
        draw_circle(pivot.x, pivot.y, w * 1.1, dark);
        draw_circle(pivot.x, pivot.y, w * 0.75, ROPE);
        draw_circle(pivot.x, pivot.y, w * 0.3, dark);
    }
    for u in [-0.58f32, 0.58] {
        let (x, y) = r.at(u, axle);
        wheel(x, y, wr, c, dark);
    }
}

/// Feud's chassis: a wagon bed of planks over its shadowed underside, on two wheels.
fn wagon(r: &Box2, c: Color, dark: Color) {
    r.fill(-1.0, -1.0, 1.0, 1.0, shade(c, -0.35));
    let bed = r.part(-1.0, -0.15, 1.0, 1.0);
    bed.fill(-1.0, -1.0, 1.0, 1.0, c);
    bevel(&bed, c, (bed.hh * 0.3).clamp(0.6, 2.5));
    if r.hw > 12.0 {
        for u in [-0.34f32, 0.34] {
            bed.line(u, -0.7, u, 0.6, 1.0, shade(c, -0.3));
        }
    }
    r.outline(1.0, dark);
    let wr = (r.hh * 0.85).max(1.0);
    for u in [-0.68f32, 0.68] {
        let (x, y) = r.at(u, -1.0 + wr / r.hh);
        wheel(x, y, wr, c, dark);
    }
}

/// A throwing arm from `a` to `b`, `w` pixels wide: a dark edge, the wood, a lit stripe.
fn arm(a: Vec2, b: Vec2, w: f32, c: Color, line: f32) {
    draw_line(a.x, a.y, b.x, b.y, w + 2.0 * line, shade(c, -0.5));
    draw_line(a.x, a.y, b.x, b.y, w, shade(c, 0.12));
    if w >= 3.0 {
        let len = (b - a).length().max(1e-3);
        // A quarter of the width towards the upper left, along the arm.
        let n = vec2(a.y - b.y, b.x - a.x) / len * (w * 0.22);
        let n = if n.x + n.y > 0.0 { -n } else { n };
        draw_line(
            a.x + n.x,
            a.y + n.y,
            b.x + n.x,
            b.y + n.y,
            w * 0.3,
            shade(c, 0.38),
        );
    }
}

/// The bucket: a bowl `r` pixels in radius hanging under its rim at `rim`, turned by `angle`
/// (screen sense), its rim a dark lip.
fn bucket(rim: Vec2, angle: f32, r: f32, c: Color, dark: Color) {
    const N: usize = 7;
    for (rad, col) in [(r, dark), ((r - 1.0).max(r * 0.6), shade(c, 0.05))] {
        let mut prev = rim + vec2(angle.cos(), angle.sin()) * rad;
        for i in 1..=N {
            let t = angle + std::f32::consts::PI * i as f32 / N as f32;
            let q = rim + vec2(t.cos(), t.sin()) * rad;
            draw_triangle(rim, prev, q, col);
            prev = q;
        }
    }
    let d = vec2(angle.cos(), angle.sin()) * (r * 1.15);
    draw_line(
        rim.x - d.x,
        rim.y - d.y,
        rim.x + d.x,
        rim.y + d.y,
        (r * 0.3).max(1.0),
        dark,
    );
}

/// A wheel: a dark tyre, wooden felloe and two spokes round a dark hub.
fn wheel(x: f32, y: f32, r: f32, c: Color, dark: Color) {
    draw_circle(x, y, r, dark);
    draw_circle(x, y, r * 0.74, shade(c, 0.1));
    if r >= 4.0 {
        let k = r * 0.7;
        draw_line(x - k, y, x + k, y, (r * 0.18).max(1.0), dark);
        draw_line(x, y - k, x, y + k, (r * 0.18).max(1.0), dark);
    }
    draw_circle(x, y, (r * 0.26).max(0.8), dark);
}
