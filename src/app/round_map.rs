//! Carcassonne's catapult round seen over the map: while a token is hurled, the table area is
//! split, the map from above in a band on top and the side view under it. The map is turned so
//! the hurl runs left to right at the side view's own scale, each point of the line straight
//! over the same point of the side view: the tiles and followers the line crosses, the
//! catapult, the point aimed at, the token's shadow as it flies and, once it lies still, where
//! it landed. After the hurl the landing stays marked on the map for a few seconds. Drawing
//! only: the rules never read any of it (`Game::line_on_map` is view data).

use super::frame::{Area, Frame};
use super::map::{draw_art, draw_piece};
use super::ui::*;
use super::App;
use engine::core::scene::{cell_point, LineOnMap};
use engine::core::TableView;
use macroquad::prelude::*;

/// How long the landing stays marked on the map after the hurl, seconds.
const REST_SHOWN: f64 = 4.0;

/// The round's drawing state.
#[derive(Default)]
pub(super) struct RoundMap {
    /// The hurl's line on the map, while one is shown (kept to place the landing after it).
    line: Option<LineOnMap>,
    /// The token's last positions along the line (metres) in this flight.
    trail: Vec<f32>,
    /// Where the last token came to rest (map units) and when (seconds).
    rest: Option<([f32; 2], f64)>,
    /// The band is up this frame: the side view under it shows the whole hurl (the catapult,
    /// the tiles along the line and the flight over them), not a turn's close framing.
    showing: bool,
}

impl RoundMap {
    pub(super) fn showing(&self) -> bool {
        self.showing
    }
}

/// The band on top of the table area for the map and the rest for the side view.
pub(super) fn split(ta: Area) -> (Area, Area) {
    let share = if ta.h > ta.w { 0.42 } else { 0.4 };
    let bh = (ta.h * share).floor();
    (
        Area::new(ta.x, ta.y, ta.w, bh),
        Area::new(ta.x, ta.y + bh, ta.w, ta.h - bh),
    )
}

/// A map point on the screen: along the line at the side view's x, across it up the band
/// (left of the hurl is up), at the side view's scale, the line through the band's middle.
pub(super) fn aligned(line: &LineOnMap, f: &Frame, mid_y: f32, p: [f32; 2]) -> Vec2 {
    let (along, across) = along_across(line, p);
    vec2(f.ox + along * f.scale, mid_y - across * f.scale)
}

/// A map point's distance along the line and to its left, metres of the side view.
fn along_across(line: &LineOnMap, p: [f32; 2]) -> (f32, f32) {
    let (dx, dy) = (p[0] - line.from[0], p[1] - line.from[1]);
    let per = line.per_metre.max(1e-6);
    (
        (dx * line.dir[0] + dy * line.dir[1]) / per,
        (dy * line.dir[0] - dx * line.dir[1]) / per,
    )
}

/// The band's own frame (only `ox` and `scale` are used, along the line): the side view's when
/// the map is big enough at its scale, else the line from the catapult to the last tile along
/// it (at least a tile and a half past the point aimed at) fitted across the band (early in a
/// game, or on a phone held upright, the side view's scale left tiles a few pixels wide): the
/// map is then larger than the side view and no longer over it point for point.
pub(super) fn band_frame(line: &LineOnMap, f: &Frame, band: Area) -> Frame {
    let tile = 1.0 / line.per_metre.max(1e-6);
    let (aim, _) = along_across(line, line.aim);
    // As far as the tiles along the line go (a token may land past the point aimed at).
    let tiles = line.map.tiles.iter().filter_map(|t| {
        let (a, c) = along_across(line, [t.cell[0] as f32 + 0.5, t.cell[1] as f32 + 0.5]);
        (c.abs() < 1.2 * tile).then_some(a + 0.8 * tile)
    });
    let far = tiles.fold(aim.max(0.0) + 1.5 * tile, f32::max);
    let behind = 2.0 * tile;
    let fit = band.w * 0.92 / (behind + far);
    if fit > f.scale * 1.3 {
        Frame {
            scale: fit,
            ox: band.x + band.w * 0.04 + behind * fit,
            oy: f.oy,
        }
    } else {
        *f
    }
}

/// The token lies still: its last positions along the line (metres) moved under 2 mm.
pub(super) fn at_rest(trail: &[f32]) -> bool {
    trail.len() >= 6 && {
        let last = &trail[trail.len() - 6..];
        let (lo, hi) = last
            .iter()
            .fold((f32::MAX, f32::MIN), |(a, b), x| (a.min(*x), b.max(*x)));
        hi - lo < 0.002
    }
}

impl App {
    /// Before the side view is drawn: when the game hurls over a map, the table area keeps the
    /// side view's part and the map's band is returned.
    pub(super) fn round_band(&mut self, line: Option<LineOnMap>, flying: bool) -> Option<Area> {
        if !flying {
            self.table.round.trail.clear();
        }
        self.table.round.showing = line.is_some();
        let line = line?;
        self.table.round.line = Some(line);
        let (band, side) = split(self.table.area);
        self.table.area = side;
        Some(band)
    }

    /// The map's band over the side view drawn with frame `f`.
    pub(super) fn draw_round_map(&mut self, view: &TableView, f: &Frame, band: Area) {
        let Some(line) = self.table.round.line.clone() else {
            return;
        };
        let u = self.ui.u;
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
        self.ui.set_clip(Some(band));
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
            if let Some(dots) = super::probe::aim_path_now() {
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
            if self.table.round.trail.len() < 2000 {
                self.table.round.trail.push(b.x);
            }
            for w in self.table.round.trail.windows(2) {
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
            if at_rest(&self.table.round.trail) && b.y < 0.02 {
                self.landing_mark(q, tr, "Landed here");
            }
        }
        // The last hurl's landing, for a few seconds, while the next one is aimed.
        if let Some((p, t)) = self.table.round.rest {
            if get_time() - t <= REST_SHOWN && token.is_none_or(|b| b.x.abs() < 1e-3) {
                let q = at(p);
                draw_circle(q.x, q.y, tr, Color::new(0.9, 0.78, 0.16, 1.0));
                self.landing_mark(q, tr, "The token landed here");
            }
        }
        let cap = self.ui.size(2.6);
        self.ui.text_on_plate(
            "The map from above: the catapult's line",
            band.x + 2.0 * u,
            band.y + 1.2 * u,
            cap,
            TEXT,
        );
        self.ui.set_clip(None);
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
    fn landing_mark(&self, q: Vec2, r: f32, words: &str) {
        let u = self.ui.u;
        let pulse = 0.6 + 0.4 * (get_time() as f32 * 5.0).sin();
        let ring = r * 2.2 + pulse * u;
        draw_circle_lines(q.x, q.y, ring, (0.6 * u).max(2.0), ACCENT);
        let cap = self.ui.size(2.6);
        self.ui
            .text_on_plate(words, q.x + ring + u, q.y - cap * 0.6, cap, ACCENT);
    }

    /// A shot landed at `at` (side-view metres): kept as a map point when it flew over a map.
    pub(super) fn round_landed(&mut self, at: [f32; 2]) {
        if let Some(line) = self.table.round.line.as_ref() {
            self.table.round.rest = Some((line.at(at[0]), get_time()));
            super::log(&format!(
                "round landed map {:.2},{:.2}",
                line.at(at[0])[0],
                line.at(at[0])[1]
            ));
        }
    }

    /// On the map after a hurl: where the token landed, for a few seconds.
    pub(super) fn draw_round_rest(&mut self, f: &Frame) {
        let Some((p, t)) = self.table.round.rest else {
            return;
        };
        if get_time() - t > REST_SHOWN {
            self.table.round.rest = None;
            self.table.round.line = None;
            return;
        }
        let (x, y) = f.to_screen(p[0], p[1]);
        let r = (0.25 * f.scale / 1.0).clamp(1.2 * self.ui.u, 4.0 * self.ui.u) * 0.5;
        draw_circle(x, y, r, Color::new(0.9, 0.78, 0.16, 1.0));
        draw_circle_lines(x, y, r, 1.5, Color::new(0.3, 0.22, 0.0, 1.0));
        self.landing_mark(vec2(x, y), r, "The token landed here");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line() -> LineOnMap {
        LineOnMap {
            from: [2.0, -1.0],
            dir: [0.6, 0.8],
            per_metre: 1000.0 / 45.0,
            ..LineOnMap::default()
        }
    }

    #[test]
    fn the_map_lies_over_the_side_view_point_for_point() {
        let l = line();
        let f = Frame {
            scale: 500.0,
            ox: 100.0,
            oy: 600.0,
        };
        let mid = 150.0;
        // The catapult is over the side view's x = 0, a metre along over x = 1.
        let c = aligned(&l, &f, mid, l.from);
        assert!((c.x - 100.0).abs() < 1e-3 && (c.y - mid).abs() < 1e-3);
        let p = aligned(&l, &f, mid, l.at(1.0));
        assert!(
            (p.x - 600.0).abs() < 1e-2 && (p.y - mid).abs() < 1e-2,
            "{p}"
        );
        // Left of the hurl is up the band, at the same scale.
        let left = [
            l.from[0] - l.dir[1] * l.per_metre * 0.1,
            l.from[1] + l.dir[0] * l.per_metre * 0.1,
        ];
        let q = aligned(&l, &f, mid, left);
        assert!(
            (q.x - 100.0).abs() < 1e-2 && (q.y - (mid - 50.0)).abs() < 1e-2,
            "{q}"
        );
    }

    #[test]
    fn upright_the_band_zooms_on_the_line_and_keeps_it_in_the_band() {
        let mut l = line();
        l.aim = l.at(0.3);
        let band = Area::new(0.0, 100.0, 390.0, 250.0);
        // The side view's scale leaves a tile 14 px wide: the band fits the line instead.
        let side = Frame {
            scale: 320.0,
            ox: 120.0,
            oy: 700.0,
        };
        let b = band_frame(&l, &side, band);
        assert!(b.scale > side.scale * 1.3, "{}", b.scale);
        let (c, a) = (
            aligned(&l, &b, 225.0, l.from),
            aligned(&l, &b, 225.0, l.aim),
        );
        assert!(
            c.x > band.x && a.x < band.x + band.w && a.x > c.x,
            "{c} {a}"
        );
        // At a tablet's scale, aimed far, the band is the side view's, point for point.
        l.aim = l.at(1.2);
        let wide = Frame {
            scale: 1000.0,
            ox: 450.0,
            oy: 700.0,
        };
        assert_eq!(
            band_frame(&l, &wide, Area::new(0.0, 100.0, 1180.0, 220.0)),
            wide
        );
    }

    #[test]
    fn the_band_sits_on_top_and_the_side_view_keeps_the_rest() {
        for ta in [
            Area::new(0.0, 120.0, 1180.0, 560.0),
            Area::new(0.0, 150.0, 390.0, 600.0),
        ] {
            let (band, side) = split(ta);
            assert_eq!(band.y, ta.y);
            assert!((band.h + side.h - ta.h).abs() < 1e-3);
            assert_eq!(side.y, band.y + band.h);
            assert!(side.h > band.h, "the side view keeps the larger part");
        }
    }

    #[test]
    fn a_token_is_at_rest_once_it_stops_moving() {
        assert!(!at_rest(&[0.1, 0.2]));
        assert!(!at_rest(&[0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]));
        assert!(at_rest(&[0.1, 0.9, 1.0, 1.0, 1.001, 1.001, 1.001, 1.001]));
    }
}
