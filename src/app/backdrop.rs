//! The calm scene behind and under a side-view table: a daylight sky fading to a warm horizon, two
//! distant hill silhouettes, a few soft clouds, and the near part of the wooden tabletop (grain,
//! a darker front edge) filling the screen below the pieces. Static and cheap: a few dozen shapes,
//! no allocation but one small gradient mesh.

use super::frame::{Area, Frame};
use super::paint::shade;
use macroquad::prelude::*;

// The daylight palette of docs/look-and-feel.md.
const SKY_TOP: Color = Color::new(0.42, 0.66, 0.86, 1.0);
const SKY_LOW: Color = Color::new(0.90, 0.88, 0.78, 1.0);
const HILL_FAR: Color = Color::new(0.55, 0.68, 0.62, 1.0);
const HILL_NEAR: Color = Color::new(0.42, 0.58, 0.40, 1.0);
const CLOUD: Color = Color::new(1.0, 1.0, 1.0, 0.55);
pub(super) const WOOD: Color = Color::new(0.47, 0.31, 0.19, 1.0);
const WOOD_FRONT: Color = Color::new(0.30, 0.19, 0.11, 1.0);
pub(super) const GRAIN: Color = Color::new(0.22, 0.13, 0.07, 0.28);

/// Where the table's top meets the sky on screen: world height 0 (every side-view table's top),
/// kept inside the lower part of `area` so some sky and some tabletop always show.
pub fn horizon(area: Area, f: &Frame) -> f32 {
    let (_, y) = f.to_screen(0.0, 0.0);
    let lo = area.y + area.h * 0.35;
    let hi = area.y + area.h;
    if y.is_finite() {
        y.clamp(lo, hi)
    } else {
        area.y + area.h * 0.75
    }
}

/// The height of a hill at `t` (0..1 across the screen), 0..1 of its greatest height: a few
/// slow waves, smooth and the same every frame.
pub fn hill(t: f32, phase: f32) -> f32 {
    let a = (t * 5.1 + phase).sin() * 0.5 + (t * 9.7 + phase * 2.3).sin() * 0.25;
    ((a + 0.75) / 1.5).clamp(0.0, 1.0)
}

/// Draws the sky, hills and clouds over `area`, and the tabletop from `horizon` down.
#[inline(never)]
pub fn draw(area: Area, f: &Frame) {
    let Area { x, y, w, h } = area;
    let y0 = horizon(area, f);
    gradient(x, y, w, y0 - y, SKY_TOP, SKY_LOW);
    noted(Area::new(x, y, w, y0 - y), SKY_TOP, SKY_LOW);
    let sky = (y0 - y).max(1.0);
    // Two hill lines, the far one taller and bluer.
    hills(x, w, y0, sky * 0.22, 0.4, HILL_FAR);
    hills(x, w, y0, sky * 0.12, 2.1, HILL_NEAR);
    // A few clouds at fixed places on the screen.
    let u = (w.min(h) * 0.01).max(1.0);
    for (cx, cy, s) in [
        (0.18f32, 0.22f32, 1.0f32),
        (0.63, 0.12, 1.4),
        (0.86, 0.35, 0.8),
    ] {
        let (px, py) = (x + w * cx, y + sky * cy);
        let r = 3.2 * u * s;
        if py + r > y0 {
            continue;
        }
        draw_ellipse(px, py, r * 2.4, r * 0.8, 0.0, CLOUD);
        draw_circle(px - r * 0.8, py - r * 0.3, r * 0.9, CLOUD);
        draw_circle(px + r * 0.5, py - r * 0.5, r * 1.1, CLOUD);
    }
    // The near tabletop: wood getting darker towards its front edge, a few long grain lines.
    let depth = y + h - y0;
    if depth > 1.0 {
        let front = (depth * 0.18).clamp(2.0, 6.0 * u);
        gradient(x, y0, w, depth - front, WOOD, shade(WOOD, -0.2));
        draw_rectangle(x, y + h - front, w, front, WOOD_FRONT);
        noted(Area::new(x, y0, w, depth - front), WOOD, shade(WOOD, -0.2));
        noted(
            Area::new(x, y + h - front, w, front),
            WOOD_FRONT,
            WOOD_FRONT,
        );
        draw_line(
            x,
            y + h - front,
            x + w,
            y + h - front,
            1.0,
            shade(WOOD, 0.25),
        );
        let lines = ((depth / (3.0 * u)) as usize).clamp(1, 14);
        for k in 1..=lines {
            let t = k as f32 / (lines + 1) as f32;
            let ly = y0 + (depth - front) * t * t.sqrt();
            // Grain lines start and stop at different places, like boards.
            let s = ((k * 37) % 23) as f32 / 23.0;
            draw_line(x + w * s * 0.3, ly, x + w * (0.7 + s * 0.3), ly, 1.0, GRAIN);
        }
    }
}

/// Notes a filled part of the scene as what is behind the labels drawn over it (`seen`).
fn noted(a: Area, top: Color, low: Color) {
    super::seen::fill(a, super::ui::rgba(top), super::ui::rgba(low));
}

fn hills(x: f32, w: f32, base: f32, height: f32, phase: f32, col: Color) {
    const N: usize = 32;
    let mut prev = (x, base - height * hill(0.0, phase));
    for i in 1..=N {
        let t = i as f32 / N as f32;
        let p = (x + w * t, base - height * hill(t, phase));
        draw_triangle(vec2(prev.0, prev.1), vec2(p.0, p.1), vec2(p.0, base), col);
        draw_triangle(
            vec2(prev.0, prev.1),
            vec2(p.0, base),
            vec2(prev.0, base),
            col,
        );
        prev = p;
    }
}

/// A vertical gradient from `top` to `low`.
fn gradient(x: f32, y: f32, w: f32, h: f32, top: Color, low: Color) {
    if h <= 0.0 || w <= 0.0 {
        return;
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_horizon_keeps_some_sky_and_some_table_in_view() {
        let area = Area::new(0.0, 100.0, 400.0, 600.0);
        let level = Frame {
            scale: 100.0,
            ox: 200.0,
            oy: 500.0,
        };
        assert_eq!(horizon(area, &level), 500.0, "the table top where it is");
        let high = Frame { oy: 0.0, ..level };
        assert_eq!(horizon(area, &high), 100.0 + 600.0 * 0.35);
        let low = Frame {
            oy: 5000.0,
            ..level
        };
        assert_eq!(horizon(area, &low), 700.0);
        let broken = Frame {
            oy: f32::NAN,
            ..level
        };
        assert_eq!(horizon(area, &broken), 100.0 + 600.0 * 0.75);
    }

    #[test]
    fn hills_stay_between_the_horizon_and_their_height() {
        for i in 0..=100 {
            let t = i as f32 / 100.0;
            for phase in [0.4, 2.1] {
                let v = hill(t, phase);
                assert!((0.0..=1.0).contains(&v), "{t} {v}");
            }
        }
        assert!(hill(0.1, 0.4) != hill(0.6, 0.4), "a hill line is not flat");
    }
}
