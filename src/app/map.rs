//! A tile map on the in-game screen (`Scene::Map`): framing it (it frames itself as it grows,
//! the player pans and zooms), running the map's input (`grid`), and drawing tiles from their
//! art, the open cells, the ghost of the piece in hand, pieces and spots.

use super::frame::{Area, Frame};
use super::grid::{self};
use super::ui::*;
use engine::core::scene::{cell_point, Cell, PieceKind};
use engine::core::{ArtShape, TileArt, TileMapView};
use macroquad::prelude::*;

/// The hand box (when a tile is in hand) and the area the map is framed in: beside the hand
/// box, not under it.
/// Whether the map input starts afresh: a new prompt, seat or tile does; the game seen paused
/// (under the pause menu, on the way to and from the viewer) shows no prompt and must not, or
/// a tile the player had staged would be lost.
pub(crate) fn starts_afresh(active: bool, tag: &str, current: &str) -> bool {
    active && tag != current
}

pub(crate) fn map_framing(ta: Area, u: f32, with_hand: bool) -> (Option<Area>, Area) {
    let hand = with_hand.then(|| hand_box(ta, u));
    let mut framed = ta.inset(2.0 * u);
    if let Some(h) = hand {
        if ta.w >= ta.h {
            framed.w = (h.x - u - framed.x).max(10.0);
        } else {
            framed.h = (h.y - u - framed.y).max(10.0);
        }
    }
    (hand, framed)
}

/// The hand box in the table area: bottom right (landscape or portrait alike).
pub(crate) fn hand_box(ta: Area, u: f32) -> Area {
    let side = (ta.w.min(ta.h) * 0.24).clamp(14.0 * u, 40.0 * u);
    Area::new(
        ta.x + ta.w - side - 2.0 * u,
        ta.y + ta.h - side - 5.0 * u,
        side,
        side + 3.0 * u,
    )
}

/// A tile-local point of a tile on `cell` turned by `rotation`, on the screen.
pub(crate) fn to_screen(f: &Frame, cell: Cell, q: [f32; 2], rotation: u8) -> Vec2 {
    let m = cell_point(cell, q, rotation);
    let (x, y) = f.to_screen(m[0], m[1]);
    vec2(x, y)
}

pub(crate) fn cell_outline(f: &Frame, cell: Cell, c: Color, u: f32) {
    let (x, y) = f.to_screen(cell[0] as f32, cell[1] as f32 + 1.0);
    draw_rectangle_lines(x, y, f.scale, f.scale, (u * 0.5).max(2.0), c);
}

/// The laid tiles and their seams.
pub(crate) fn draw_tiles(map: &TileMapView, f: &Frame) {
    let s = f.scale;
    for t in &map.tiles {
        if let Some(art) = map.arts.get(t.art) {
            draw_art(art, |q| to_screen(f, t.cell, q, t.rotation), s, 1.0);
        }
        // A thin seam between tiles.
        let (x, y) = f.to_screen(t.cell[0] as f32, t.cell[1] as f32 + 1.0);
        draw_rectangle_lines(x, y, s, s, 1.0, Color::new(0.0, 0.0, 0.0, 0.25));
    }
}

/// The laid tiles drawn once into a texture and drawn from it while nothing about them changes
/// (a late-game map is hundreds of shapes; a software-rendered browser drew it at half the
/// frame rate of an early one). While the map pans or zooms it is drawn directly.
#[derive(Default)]
pub(crate) struct TileLayer {
    /// What the texture shows (tiles, arts, framing, size), and what the last frame asked for.
    pub(crate) drawn: Option<u64>,
    pub(crate) asked: Option<u64>,
    pub(crate) target: Option<(RenderTarget, u32, u32)>,
}

impl TileLayer {
    /// Brings the texture up to date when the same map was asked for two frames running;
    /// returns whether it holds this frame's tiles. Call before any scissor is set.
    pub(crate) fn update(&mut self, map: &TileMapView, f: &Frame, area: Area, dpi: f32) -> bool {
        let key = tile_layer_key(map, f, area, dpi);
        let steady = self.asked == Some(key);
        self.asked = Some(key);
        if !steady {
            return false;
        }
        if self.drawn == Some(key) {
            return true;
        }
        let (pw, ph) = (
            (area.w * dpi).ceil().max(1.0) as u32,
            (area.h * dpi).ceil().max(1.0) as u32,
        );
        if !matches!(self.target, Some((_, w, h)) if (w, h) == (pw, ph)) {
            let rt = render_target(pw, ph);
            rt.texture.set_filter(FilterMode::Linear);
            self.target = Some((rt, pw, ph));
        }
        let Some((rt, _, _)) = &self.target else {
            return false;
        };
        let mut cam = Camera2D::from_display_rect(Rect::new(area.x, area.y, area.w, area.h));
        cam.render_target = Some(rt.clone());
        set_camera(&cam);
        clear_background(Color::new(0.0, 0.0, 0.0, 0.0));
        draw_tiles(map, f);
        set_default_camera();
        self.drawn = Some(key);
        true
    }

    pub(crate) fn draw(&self, area: Area) {
        if let Some((rt, _, _)) = &self.target {
            draw_texture_ex(
                &rt.texture,
                area.x,
                area.y,
                WHITE,
                DrawTextureParams {
                    dest_size: Some(vec2(area.w, area.h)),
                    flip_y: true,
                    ..Default::default()
                },
            );
        }
    }
}

/// A digest of everything the tile layer's picture depends on.
pub(crate) fn tile_layer_key(map: &TileMapView, f: &Frame, area: Area, dpi: f32) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut mix = |v: u64| {
        h ^= v;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    };
    for v in [f.scale, f.ox, f.oy, area.x, area.y, area.w, area.h, dpi] {
        mix(v.to_bits() as u64);
    }
    for t in &map.tiles {
        mix(t.cell[0] as u64);
        mix(t.cell[1] as u64);
        mix(((t.art as u64) << 8) | t.rotation as u64);
    }
    for art in &map.arts {
        for shape in &art.shapes {
            match shape {
                ArtShape::Polygon { points, rgb } => {
                    mix(u64::from_le_bytes([rgb[0], rgb[1], rgb[2], 0, 0, 0, 0, 1]));
                    for q in points {
                        mix(((q[0].to_bits() as u64) << 32) | q[1].to_bits() as u64);
                    }
                }
                ArtShape::Polyline { points, width, rgb } => {
                    mix(u64::from_le_bytes([rgb[0], rgb[1], rgb[2], 0, 0, 0, 0, 3]));
                    mix(width.to_bits() as u64);
                    for q in points {
                        mix(((q[0].to_bits() as u64) << 32) | q[1].to_bits() as u64);
                    }
                }
                ArtShape::Circle { centre, r, rgb } => {
                    mix(u64::from_le_bytes([rgb[0], rgb[1], rgb[2], 0, 0, 0, 0, 2]));
                    mix(((centre[0].to_bits() as u64) << 32) | centre[1].to_bits() as u64);
                    mix(r.to_bits() as u64);
                }
            }
        }
    }
    h
}

/// Draws a tile's art through `place` (tile-local point to screen), `side` pixels per tile.
pub(crate) fn draw_art(art: &TileArt, place: impl Fn([f32; 2]) -> Vec2, side: f32, alpha: f32) {
    let colour = |c: [u8; 3]| {
        let mut k = rgb(c);
        k.a = alpha;
        k
    };
    for shape in &art.shapes {
        match shape {
            ArtShape::Polygon { points, rgb } => {
                let c = colour(*rgb);
                for [a, b, d] in grid::triangulate(points) {
                    draw_triangle(place(a), place(b), place(d), c);
                }
            }
            ArtShape::Polyline { points, width, rgb } => {
                let c = colour(*rgb);
                let w = (width * side).max(1.0);
                for pair in points.windows(2) {
                    let (a, b) = (place(pair[0]), place(pair[1]));
                    draw_line(a.x, a.y, b.x, b.y, w, c);
                }
                // Round joints keep thick bends whole (the ends stay square: they meet tile
                // edges). A see-through ghost skips them: overlaps would show as beads.
                let joints = if alpha < 0.99 {
                    0
                } else {
                    points.len().saturating_sub(2)
                };
                for q in points.iter().skip(1).take(joints) {
                    let p = place(*q);
                    draw_circle(p.x, p.y, w * 0.5, c);
                }
            }
            ArtShape::Circle { centre, r, rgb } => {
                let p = place(*centre);
                draw_circle(p.x, p.y, (r * side).max(1.0), colour(*rgb));
            }
        }
    }
}

/// A piece standing on the map, `size` pixels tall, centred on (x, y).
pub(crate) fn draw_piece(kind: PieceKind, x: f32, y: f32, size: f32, c: Color) {
    let edge = Color::new(0.0, 0.0, 0.0, 0.7);
    let line = (size * 0.08).max(1.0);
    match kind {
        PieceKind::Meeple => {
            let h = size * 0.5;
            let body = [
                vec2(x - h, y + h),
                vec2(x + h, y + h),
                vec2(x + h * 0.35, y - h * 0.2),
            ];
            draw_triangle(body[0], body[1], body[2], c);
            draw_triangle(body[0], body[2], vec2(x - h * 0.35, y - h * 0.2), c);
            draw_circle(x, y - h * 0.55, h * 0.42, c);
            draw_line(body[0].x, body[0].y, body[1].x, body[1].y, line, edge);
            draw_circle_lines(x, y - h * 0.55, h * 0.42, line, edge);
        }
        PieceKind::Lying => {
            let (w, h) = (size * 1.1, size * 0.45);
            draw_rectangle(x - w * 0.5, y - h * 0.5, w, h, c);
            draw_rectangle_lines(x - w * 0.5, y - h * 0.5, w, h, line, edge);
            draw_circle(x - w * 0.5, y, h * 0.5, c);
        }
        PieceKind::Marker => {
            draw_poly(x, y, 4, size * 0.5, 45.0, c);
            draw_poly_lines(x, y, 4, size * 0.5, 45.0, line, edge);
        }
    }
}

#[cfg(test)]
mod tests;
