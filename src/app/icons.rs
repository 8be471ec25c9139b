//! The status line's small pictures, drawn from shapes (no image files): a ball, a tower, a card,
//! a deck, a soldier, a block, a tile, a meeple, a cube, a star…

use super::ui::TEXT;
use engine::core::Icon;
use macroquad::prelude::*;

const WOOD: Color = Color::new(0.72, 0.52, 0.32, 1.0);
const WOOD_DARK: Color = Color::new(0.45, 0.31, 0.18, 1.0);
const STONE: Color = Color::new(0.70, 0.70, 0.74, 1.0);
const STONE_DARK: Color = Color::new(0.42, 0.43, 0.48, 1.0);
const PAPER: Color = Color::new(0.95, 0.93, 0.86, 1.0);
const INK: Color = Color::new(0.25, 0.27, 0.33, 1.0);
const GOLD: Color = Color::new(0.98, 0.78, 0.25, 1.0);
const GRASS: Color = Color::new(0.42, 0.66, 0.32, 1.0);
const ROAD: Color = Color::new(0.93, 0.90, 0.78, 1.0);
const RED: Color = Color::new(0.86, 0.30, 0.26, 1.0);

/// Whether `icon` draws a picture (every icon but `None`).
pub fn drawn(icon: Icon) -> bool {
    icon != Icon::None
}

/// Draws `icon` in the square of side `s` whose top-left corner is (x, y); `seat` is the
/// acting seat's colour (the soldier, the meeple and the cube wear it).
pub fn draw(icon: Icon, x: f32, y: f32, s: f32, seat: Color) {
    // Unit coordinates inside the square: (0, 0) top-left, (1, 1) bottom-right.
    let p = |u: f32, v: f32| vec2(x + u * s, y + v * s);
    let rect = |u: f32, v: f32, w: f32, h: f32, c: Color| {
        draw_rectangle(x + u * s, y + v * s, w * s, h * s, c)
    };
    let line = |a: Vec2, b: Vec2, t: f32, c: Color| draw_line(a.x, a.y, b.x, b.y, t * s, c);
    match icon {
        Icon::None => {}
        Icon::Next => {
            draw_triangle(p(0.25, 0.15), p(0.25, 0.85), p(0.85, 0.5), GOLD);
        }
        Icon::Round => {
            let c = p(0.5, 0.5);
            draw_circle_lines(c.x, c.y, 0.36 * s, 0.12 * s, TEXT);
            draw_triangle(p(0.62, 0.02), p(0.62, 0.34), p(0.9, 0.18), TEXT);
        }
        Icon::Ammo => {
            let c = p(0.5, 0.55);
            draw_circle(c.x, c.y, 0.38 * s, STONE_DARK);
            draw_circle(c.x, c.y, 0.32 * s, STONE);
            draw_circle(c.x - 0.12 * s, c.y - 0.12 * s, 0.09 * s, PAPER);
        }
        Icon::Tower => {
            rect(0.25, 0.3, 0.5, 0.65, STONE);
            for k in 0..3 {
                rect(0.25 + k as f32 * 0.2, 0.12, 0.1, 0.2, STONE);
            }
            rect(0.42, 0.62, 0.16, 0.33, STONE_DARK);
        }
        Icon::Card => card(x + 0.2 * s, y + 0.08 * s, s),
        Icon::Deck => {
            // A deck lies face down: the top cards show their printed backs.
            for k in 0..3 {
                let d = k as f32 * 0.09;
                card_back(x + (0.08 + d) * s, y + (0.2 - d) * s, s * 0.9);
            }
        }
        Icon::Soldier => {
            let c = p(0.5, 0.2);
            draw_circle(c.x, c.y, 0.14 * s, seat);
            draw_triangle(p(0.22, 0.95), p(0.78, 0.95), p(0.5, 0.32), seat);
            line(p(0.8, 0.05), p(0.8, 0.95), 0.07, WOOD_DARK);
        }
        Icon::Block => {
            rect(0.08, 0.3, 0.84, 0.45, WOOD);
            line(p(0.08, 0.3), p(0.92, 0.3), 0.06, WOOD_DARK);
            line(p(0.08, 0.75), p(0.92, 0.75), 0.06, WOOD_DARK);
            line(p(0.3, 0.45), p(0.7, 0.45), 0.04, WOOD_DARK);
        }
        Icon::Tile => {
            rect(0.08, 0.08, 0.84, 0.84, GRASS);
            line(p(0.08, 0.55), p(0.92, 0.55), 0.14, ROAD);
            draw_rectangle_lines(
                x + 0.08 * s,
                y + 0.08 * s,
                0.84 * s,
                0.84 * s,
                0.06 * s,
                INK,
            );
        }
        Icon::Follower => {
            // A meeple: head, arms out, legs apart.
            let c = p(0.5, 0.2);
            draw_circle(c.x, c.y, 0.16 * s, seat);
            rect(0.1, 0.36, 0.8, 0.18, seat);
            draw_triangle(p(0.3, 0.34), p(0.7, 0.34), p(0.5, 0.7), seat);
            draw_triangle(p(0.15, 0.95), p(0.45, 0.95), p(0.5, 0.5), seat);
            draw_triangle(p(0.55, 0.95), p(0.85, 0.95), p(0.5, 0.5), seat);
        }
        Icon::Cube => {
            let k = 0.22;
            // Front face, then the top and the side in lighter and darker shades.
            rect(0.1, 0.1 + k, 0.68, 0.68, seat);
            let light = Color::new(
                (seat.r + 0.25).min(1.0),
                (seat.g + 0.25).min(1.0),
                (seat.b + 0.25).min(1.0),
                1.0,
            );
            let dark = Color::new(seat.r * 0.6, seat.g * 0.6, seat.b * 0.6, 1.0);
            draw_triangle(p(0.1, 0.1 + k), p(0.78, 0.1 + k), p(0.1 + k, 0.1), light);
            draw_triangle(p(0.78, 0.1 + k), p(0.1 + k, 0.1), p(0.78 + k, 0.1), light);
            draw_triangle(p(0.78, 0.1 + k), p(0.78 + k, 0.1), p(0.78, 0.78 + k), dark);
            draw_triangle(p(0.78 + k, 0.1), p(0.78 + k, 0.78), p(0.78, 0.78 + k), dark);
        }
        Icon::Points => star(p(0.5, 0.53), 0.46 * s, GOLD),
        Icon::Castle => {
            rect(0.08, 0.4, 0.84, 0.55, STONE);
            for k in 0..4 {
                rect(0.08 + k as f32 * 0.24, 0.25, 0.12, 0.17, STONE);
            }
            rect(0.4, 0.62, 0.2, 0.33, WOOD_DARK);
            rect(0.46, 0.05, 0.04, 0.22, INK);
            draw_triangle(p(0.5, 0.05), p(0.5, 0.17), p(0.68, 0.11), RED);
        }
    }
}

/// A playing card standing upright, `s` the icon's size.
fn card(x: f32, y: f32, s: f32) {
    let (w, h) = (0.56 * s, 0.8 * s);
    draw_rectangle(x, y, w, h, PAPER);
    draw_rectangle_lines(x, y, w, h, 0.06 * s, INK);
    draw_circle(x + w * 0.5, y + h * 0.5, 0.1 * s, RED);
}

/// A playing card face down, `s` the icon's size: a printed back (a red field, a light border
/// and a diamond in the middle), as the table's cards have.
fn card_back(x: f32, y: f32, s: f32) {
    let (w, h) = (0.56 * s, 0.8 * s);
    draw_rectangle(x, y, w, h, PAPER);
    let m = 0.07 * s;
    draw_rectangle(x + m, y + m, w - 2.0 * m, h - 2.0 * m, RED);
    draw_rectangle_lines(x, y, w, h, 0.06 * s, INK);
    let (cx, cy, r) = (x + w * 0.5, y + h * 0.5, 0.13 * s);
    draw_triangle(
        vec2(cx, cy - r * 1.3),
        vec2(cx + r, cy),
        vec2(cx, cy + r * 1.3),
        PAPER,
    );
    draw_triangle(
        vec2(cx, cy - r * 1.3),
        vec2(cx - r, cy),
        vec2(cx, cy + r * 1.3),
        PAPER,
    );
}

/// A five-pointed star centred on `c` with outer radius `r`.
fn star(c: Vec2, r: f32, colour: Color) {
    let inner = r * 0.45;
    let at = |k: usize, rad: f32| {
        let a = -std::f32::consts::FRAC_PI_2 + k as f32 * std::f32::consts::PI / 5.0;
        vec2(c.x + rad * a.cos(), c.y + rad * a.sin())
    };
    for k in 0..10 {
        let rad = if k % 2 == 0 { r } else { inner };
        let next = if k % 2 == 0 { inner } else { r };
        draw_triangle(c, at(k, rad), at(k + 1, next), colour);
    }
}
