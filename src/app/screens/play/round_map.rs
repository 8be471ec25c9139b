//! A hurl over a tile map: the map's band over the side view, and where the token landed.

use super::Table;
use crate::app::context::Ctx;
use crate::app::frame::{Area, Frame};
use crate::app::map::{draw_art, draw_piece};
use crate::app::round_map::*;
use crate::app::ui::*;
use engine::core::scene::{cell_point, LineOnMap};
use engine::core::TableView;
use macroquad::prelude::*;

impl Table {
    /// Before the side view is drawn: when the game hurls over a map, the table area keeps the
    /// side view's part and the map's band is returned.
    pub(crate) fn round_band(&mut self, line: Option<LineOnMap>, flying: bool) -> Option<Area> {
        if !flying {
            self.round.trail.clear();
        }
        self.round.showing = line.is_some();
        let line = line?;
        self.round.line = Some(line);
        let (band, side) = split(self.area);
        self.area = side;
        Some(band)
    }

    /// The map's band over the side view drawn with frame `f`.
    pub(crate) fn draw_round_map(&mut self, cx: &mut Ctx, view: &TableView, f: &Frame, band: Area) {
        let Some(line) = self.round.line.clone() else {
            return;
        };
        let u = cx.ui.u;
        let mid = band.y + band.h * 0.5;
        let f = &band_frame(&line, f, band);
        let at = |p: [f32; 2]| aligned(&line, f, mid, p);
        draw_rectangle(band.x, band.y, band.w, band.h, TABLE_BG);
        let dpi = screen_dpi_scale().max(0.01);
        // SAFETY: macroquad's internal GL context is borrowed on the main thread for this one
        // call and not kept across frames (the scissor rectangle is in physical pixels).
        unsafe { get_internal_gl() }.quad_gl.scissor(Some((
            (band.x * dpi) as i32,
            (band.y * dpi) as i32,
            (band.w * dpi).ceil() as i32,
            (band.h * dpi).ceil() as i32,
        )));
        cx.ui.set_clip(Some(band));
        let map = &line.map;
        let side = f.scale / line.per_metre.max(1e-6);
        for t in &map.tiles {
            if let Some(art) = map.arts.get(t.art) {
                draw_art(art, |q| at(cell_point(t.cell, q, t.rotation)), side, 1.0);
            }
            let c = [t.cell[0] as f32, t.cell[1] as f32];
            let k = [
                at(c),
                at([c[0] + 1.0, c[1]]),
                at([c[0] + 1.0, c[1] + 1.0]),
                at([c[0], c[1] + 1.0]),
            ];
            for i in 0..4 {
                let (a, b) = (k[i], k[(i + 1) % 4]);
                draw_line(a.x, a.y, b.x, b.y, 1.0, Color::new(0.0, 0.0, 0.0, 0.3));
            }
        }
        if let Some(t) = line.target {
            let c = [t[0].floor(), t[1].floor()];
            let k = [
                at(c),
                at([c[0] + 1.0, c[1]]),
                at([c[0] + 1.0, c[1] + 1.0]),
                at([c[0], c[1] + 1.0]),
            ];
            for i in 0..4 {
                let (a, b) = (k[i], k[(i + 1) % 4]);
                draw_line(a.x, a.y, b.x, b.y, (0.5 * u).max(2.0), ACCENT);
            }
        }
        for piece in &map.pieces {
            let q = at(map.on_map(piece.cell, piece.at));
            draw_piece(
                piece.kind,
                q.x,
                q.y,
                (0.3 * side).max(2.2 * u),
                rgb(piece.rgb),
            );
        }
        // The hurl's line, dashed, from the catapult on past the far tiles.
        let (x0, _) = f.to_screen(0.0, 0.0);
        let x1 = band.x + band.w;
        let dash = 2.0 * u;
        let mut x = x0;
        while x < x1 {
            draw_line(
                x,
                mid,
                (x + dash * 0.6).min(x1),
                mid,
                (0.35 * u).max(1.5),
                Color::new(1.0, 1.0, 1.0, 0.75),
            );
            x += dash;
        }
        // The catapult from above: a wooden frame, its arm along the line, the cup at its tip.
        let cs = (0.6 * side).clamp(3.0 * u, 9.0 * u);
        let wood = Color::new(0.45, 0.29, 0.15, 1.0);
        let dark = Color::new(0.15, 0.1, 0.05, 1.0);
        draw_rectangle(x0 - cs, mid - cs * 0.45, cs, cs * 0.9, wood);
        draw_rectangle_lines(x0 - cs, mid - cs * 0.45, cs, cs * 0.9, 1.5, dark);
        draw_line(x0 - cs * 0.8, mid, x0 + cs * 0.1, mid, cs * 0.18, dark);
        draw_circle(x0 + cs * 0.1, mid, cs * 0.16, dark);
        // The point aimed at: a ring and a cross.
        let a = at(line.aim);
        let r = (0.25 * side).max(1.8 * u);
        draw_circle_lines(a.x, a.y, r, (0.4 * u).max(1.5), TEXT);
        draw_line(a.x - r * 1.4, a.y, a.x + r * 1.4, a.y, 1.5, TEXT);
        draw_line(a.x, a.y - r * 1.4, a.x, a.y + r * 1.4, 1.5, TEXT);
        let token = view
            .bodies
            .iter()
            .find(|b| b.tag == line.flier_tag && b.x.is_finite());
        // While aiming, the predicted path's shadow on the map: where it passes over.
        if token.is_none() {
            if let Some(dots) = crate::app::probe::aim_path_now() {
                let n = dots.len().max(1) as f32;
                for (i, d) in dots.iter().enumerate().step_by(2) {
                    let q = at(line.at(d[0]));
                    let fade = 1.0 - i as f32 / n;
                    draw_circle(
                        q.x,
                        q.y,
                        (0.8 * u).max(3.0),
                        Color::new(1.0, 1.0, 1.0, 0.95 * fade),
                    );
                    draw_circle_lines(
                        q.x,
                        q.y,
                        (0.8 * u).max(3.0),
                        1.5,
                        Color::new(0.0, 0.0, 0.0, 0.7 * fade),
                    );
                }
            }
        }
        // Earlier tokens of this round, where they lie.
        let tr = (0.25 * side).max(1.2 * u);
        for p in &line.rests {
            let q = at(*p);
            draw_circle(q.x, q.y, tr, Color::new(0.85, 0.78, 0.4, 0.9));
            draw_circle_lines(q.x, q.y, tr, 1.5, Color::new(0.2, 0.15, 0.05, 1.0));
        }
        // The token: its shadow on the map while it flies, its trail, then where it lies.
        if let Some(b) = token {
            if self.round.trail.len() < 2000 {
                self.round.trail.push(b.x);
            }
            for w in self.round.trail.windows(2) {
                let (p, q) = (at(line.at(w[0])), at(line.at(w[1])));
                draw_line(
                    p.x,
                    p.y,
                    q.x,
                    q.y,
                    (0.4 * u).max(1.5),
                    Color::new(0.95, 0.8, 0.2, 0.6),
                );
            }
            let q = at(line.at(b.x));
            let lift = (b.y.max(0.0) * f.scale * 0.15).min(band.h * 0.2);
            draw_circle(q.x, q.y, tr, Color::new(0.0, 0.0, 0.0, 0.35));
            draw_circle(q.x, q.y - lift, tr, Color::new(0.9, 0.78, 0.16, 1.0));
            draw_circle_lines(q.x, q.y - lift, tr, 1.5, Color::new(0.3, 0.22, 0.0, 1.0));
            if at_rest(&self.round.trail) && b.y < 0.02 {
                self.landing_mark(cx, q, tr, "Landed here");
            }
        }
        // The last hurl's landing, for a few seconds, while the next one is aimed.
        if let Some((p, t)) = self.round.rest {
            if get_time() - t <= REST_SHOWN && token.is_none_or(|b| b.x.abs() < 1e-3) {
                let q = at(p);
                draw_circle(q.x, q.y, tr, Color::new(0.9, 0.78, 0.16, 1.0));
                self.landing_mark(cx, q, tr, "The token landed here");
            }
        }
        let cap = cx.ui.size(2.6);
        cx.ui.text_on_plate(
            "The map from above: the catapult's line",
            band.x + 2.0 * u,
            band.y + 1.2 * u,
            cap,
            TEXT,
        );
        cx.ui.set_clip(None);
        // SAFETY: as above.
        unsafe { get_internal_gl() }.quad_gl.scissor(None);
        draw_line(
            band.x,
            band.y + band.h,
            band.x + band.w,
            band.y + band.h,
            (0.4 * u).max(2.0),
            Color::new(0.0, 0.0, 0.0, 0.5),
        );
    }

    /// A gold ring pulsing round a landing and its words beside it.
    fn landing_mark(&self, cx: &mut Ctx, q: Vec2, r: f32, words: &str) {
        let u = cx.ui.u;
        let pulse = 0.6 + 0.4 * (get_time() as f32 * 5.0).sin();
        let ring = r * 2.2 + pulse * u;
        draw_circle_lines(q.x, q.y, ring, (0.6 * u).max(2.0), ACCENT);
        let cap = cx.ui.size(2.6);
        cx.ui
            .text_on_plate(words, q.x + ring + u, q.y - cap * 0.6, cap, ACCENT);
    }

    /// A shot landed at `at` (side-view metres): kept as a map point when it flew over a map.
    pub(crate) fn round_landed(&mut self, at: [f32; 2]) {
        if let Some(line) = self.round.line.as_ref() {
            self.round.rest = Some((line.at(at[0]), get_time()));
            crate::app::log(&format!(
                "round landed map {:.2},{:.2}",
                line.at(at[0])[0],
                line.at(at[0])[1]
            ));
        }
    }

    /// On the map after a hurl: where the token landed, for a few seconds.
    pub(crate) fn draw_round_rest(&mut self, cx: &mut Ctx, f: &Frame) {
        let Some((p, t)) = self.round.rest else {
            return;
        };
        if get_time() - t > REST_SHOWN {
            self.round.rest = None;
            self.round.line = None;
            return;
        }
        let (x, y) = f.to_screen(p[0], p[1]);
        let r = (0.25 * f.scale / 1.0).clamp(1.2 * cx.ui.u, 4.0 * cx.ui.u) * 0.5;
        draw_circle(x, y, r, Color::new(0.9, 0.78, 0.16, 1.0));
        draw_circle_lines(x, y, r, 1.5, Color::new(0.3, 0.22, 0.0, 1.0));
        self.landing_mark(cx, vec2(x, y), r, "The token landed here");
    }
}
