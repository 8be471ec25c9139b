//! The target view on the table (`frame::target`): while a person aims and the turn's target
//! is small on screen, the scene drawn a second time, through a second frame, into an inset in
//! the empty sky over the target, with the predicted dots and the last shot's path. Gone in
//! flight (the camera follows the ball), with the whole table or the player's own zoom, while
//! the first-game hint is up, and where the sky has no room (`frame::target::target_view`).

use super::Table;
use crate::app::aim::draw_dots;
use crate::app::backdrop;
use crate::app::context::Ctx;
use crate::app::draw;
use crate::app::frame::target::{target_view, Sky};
use crate::app::frame::{pieces_top, Frame};
use crate::app::play::Play;
use engine::core::TableView;
use macroquad::prelude::*;

impl Table {
    /// Draws the target view over the main view `f` of `view` when there is one to draw.
    #[inline(never)]
    pub(super) fn draw_target_view(&mut self, cx: &mut Ctx, p: &Play, view: &TableView, f: &Frame) {
        let aiming = p.flight.is_none()
            && p.human_turn().is_some()
            && self.probe.input >= 1
            && self.probe.input <= 4
            && !self.whole_table
            && self.camera.is_fit()
            && !self.round.showing()
            && self.hint_up.is_none();
        if !aiming {
            return;
        }
        let Some(place) = p.game().aim_places().into_iter().next() else {
            return;
        };
        let b = view.bounds;
        let (x0, x1) = (place.x - place.half_width, place.x + place.half_width);
        let top = pieces_top(view, [x0, b[1], x1, b[3]]);
        if top.is_nan() || top <= 0.0 {
            return;
        }
        let (u, t) = (cx.ui.u, self.area);
        // The tallest piece in sight: the inset stays above it.
        let (sx0, _) = f.to_world(t.x, 0.0);
        let (sx1, _) = f.to_world(t.x + t.w, 0.0);
        let seen = pieces_top(view, [sx0.max(b[0]), b[1], sx1.min(b[2]), b[3]]);
        let (_, floor) = f.to_screen(0.0, seen);
        // The launcher, a full pull round it and the words over it stay clear.
        let reach = crate::app::gesture::FULL_PULL_SHARE * cx.ui.w.min(cx.ui.h) + 2.0 * u;
        let lx = self.probe.anchor.0;
        let (tx0, _) = f.to_screen(x0, 0.0);
        let (tx1, _) = f.to_screen(x1, 0.0);
        let sky = Sky {
            table: t,
            floor,
            clear: [lx - reach, lx + reach],
            margin: u,
            out_of_view: tx1 < t.x || tx0 > t.x + t.w,
        };
        let Some(tv) = target_view([x0, 0.0, x1, top], f, sky) else {
            return;
        };
        let a = tv.area;
        let (wx0, wy1) = tv.frame.to_world(a.x, a.y);
        let (wx1, wy0) = tv.frame.to_world(a.x + a.w, a.y + a.h);
        crate::app::probe::target_view([a.x, a.y, a.w, a.h], tv.target_px, [wx0, wy0, wx1, wy1]);
        // A soft shadow under it, then the scene through the inset's own frame, cut to it.
        let shadow = (0.6 * u).max(2.0);
        draw_rectangle(
            a.x + shadow,
            a.y + shadow,
            a.w,
            a.h,
            Color::new(0.0, 0.0, 0.0, 0.22),
        );
        let dpi = screen_dpi_scale().max(0.01);
        let clip = (
            (a.x * dpi) as i32,
            (a.y * dpi) as i32,
            (a.w * dpi).ceil() as i32,
            (a.h * dpi).ceil() as i32,
        );
        // SAFETY: macroquad's internal GL context is borrowed on the main thread for this one
        // call and not kept across frames (the scissor rectangle is in physical pixels).
        unsafe { get_internal_gl() }.quad_gl.scissor(Some(clip));
        backdrop::draw(a, &tv.frame);
        if let Some(ghost) = p.ghost_now() {
            draw::ghost(ghost, &tv.frame, u);
        }
        draw::bodies_in(view, &tv.frame, draw::Motion::default());
        draw_dots(&self.dots, &tv.frame, u);
        // SAFETY: as above.
        unsafe { get_internal_gl() }.quad_gl.scissor(None);
        let line = (0.5 * u).max(2.0);
        draw_rectangle_lines(
            a.x - line,
            a.y - line,
            a.w + 2.0 * line,
            a.h + 2.0 * line,
            line,
            Color::new(0.1, 0.12, 0.16, 0.8),
        );
        let white = Color::new(1.0, 1.0, 1.0, 0.9);
        draw_rectangle_lines(a.x, a.y, a.w, a.h, line, white);
        // A pointer from its bottom edge down towards the target it shows.
        let (tx, _) = f.to_screen(place.x, 0.0);
        let tx = tx.clamp(a.x + 2.0 * u, a.x + a.w - 2.0 * u);
        let (y0, y1) = (a.y + a.h + line, a.y + a.h + 1.6 * u);
        draw_triangle(
            vec2(tx - 1.2 * u, y0),
            vec2(tx + 1.2 * u, y0),
            vec2(tx, y1),
            white,
        );
    }
}
