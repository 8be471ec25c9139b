//! The table on the in-game screen: which bounds to frame (the game's close-up of the launcher
//! while aiming, or the whole table), the player's wheel zoom on them, and drawing the table
//! clipped to its area.

use super::Table;
use crate::app::backdrop;
use crate::app::context::Ctx;
use crate::app::draw;
use crate::app::follow::shown_rect;
use crate::app::frame::shot::{
    aim_view, arc_view, grounded, landing_range, landing_view, shooter_top,
};
use crate::app::frame::{
    aim_group, pieces_box, pieces_top, side_bounds, Area, Camera, Frame, TurnShot,
};
use crate::app::nav::NavAction;
use crate::app::play::Play;
use crate::app::pointer::PointerEvent;
use crate::app::route::{self, Owner, TableTouch};
use crate::app::{keyqueue, log};
use engine::core::TableView;
use macroquad::prelude::*;

impl Table {
    /// Routes this frame's `events` to the table's gestures (`route`): a press on a button or
    /// off the table is no gesture's; on a tile map, the map's; on the side view, the placing
    /// piece's while one is placed, the aim's on the launcher's ring as the player last saw it,
    /// else the view's.
    pub(super) fn route_presses(
        &mut self,
        cx: &mut Ctx,
        events: &[PointerEvent],
        on_map: bool,
        touch: TableTouch,
    ) {
        let shown = self.frame;
        let screen_min = cx.ui.w.min(cx.ui.h);
        let (ui, area) = (&cx.ui, self.area);
        self.press.route(events, |x, y| {
            let on_table = !ui.on_controls(x, y) && area.contains(x, y);
            route::owner_at((x, y), on_table, on_map, touch, shown.as_ref(), screen_min)
        });
    }

    /// Frames `view` in `self.area` (the close-up when one is asked for and the player has
    /// not chosen the whole table), applies a wheel notch over the table when `active`, draws
    /// the table and returns the frame used.
    pub(super) fn draw_table(
        &mut self,
        cx: &mut Ctx,
        p: &Play,
        view: &TableView,
        close_up: Option<[f32; 4]>,
        active: bool,
    ) -> Frame {
        let u = cx.ui.u;
        let table_area = self.area;
        // Messages go in the sky at the top, not over the pieces low on the table.
        cx.toast_at(table_area.y);
        let asked = match close_up {
            Some(b) if !self.whole_table => b,
            _ => view.bounds,
        };
        if asked != self.camera_bounds || self.camera_map {
            self.camera = Camera::default();
            self.camera_bounds = asked;
            self.camera_map = false;
        }
        // Every side view is framed into the whole area with the table's edge low
        // (`frame::shot`); a tile map's band over it keeps the old inset framing.
        let round = self.round.showing();
        let framed = if round {
            table_area.inset(2.0 * u)
        } else {
            table_area
        };
        let bounds = if round {
            side_bounds(asked, framed)
        } else {
            self.shot_bounds(cx, p, view, close_up, framed)
        };
        let (_, wheel) = mouse_wheel();
        let (mx, my) = mouse_position();
        if active && wheel != 0.0 && table_area.contains(mx, my) {
            // One notch zooms by 1.25 whatever the platform's wheel units.
            let factor = if wheel > 0.0 { 1.25 } else { 0.8 };
            self.camera.zoom_at(factor, mx, my, bounds, framed);
        }
        if active {
            self.nav_input(cx, bounds, framed);
        }
        let moving = p.flight.as_ref().and_then(|fl| fl.moving_box());
        let human_acts = p.flight.is_none() && p.human_turn().is_some();
        let mut f = self.follow_frame(cx, bounds, framed, active, moving, human_acts);
        if active {
            self.effects.update(get_frame_time());
        }
        self.say_shares(p, view, &f);
        // A collapse shakes the view, never under a player's finger.
        if p.human_turn().is_none() {
            let (dx, dy) = self.effects.shake_offset(u);
            f.ox += dx;
            f.oy += dy;
        }
        self.frame = Some(f);
        // For the browser tests' framing check: the turn's pieces on screen, launcher to target.
        // Also the top of what it aims at first and of the tallest piece in sight.
        if let Some(shot) = turn_shot(p).filter(|_| p.flight.is_none()) {
            let b = pieces_box(view, asked, shot.launcher);
            let (x0, y1) = f.to_screen(b[0], b[1]);
            let (x1, y0) = f.to_screen(b[2], b[3]);
            let (_, top) = f.to_screen(0.0, 0.0);
            let across = |x0: f32, x1: f32| [x0, asked[1], x1, asked[3]];
            let aimed = aim_group(&p.game().aim_places(), shot.launcher[0])
                .map_or(0.0, |[g0, g1]| pieces_top(view, across(g0, g1)));
            let (sx0, _) = f.to_world(table_area.x, 0.0);
            let (sx1, _) = f.to_world(table_area.x + table_area.w, 0.0);
            let seen = pieces_top(view, across(sx0.max(asked[0]), sx1.min(asked[2])));
            crate::app::probe::framing(
                [x0, y0, x1, y1],
                [table_area.x, table_area.y, table_area.w, table_area.h],
                [top, f.to_screen(0.0, aimed).1, f.to_screen(0.0, seen).1],
            );
        }
        crate::app::probe::table(view, &f);
        backdrop::draw(table_area, &f);
        if active {
            let moving = p.flight.as_ref().and_then(|fl| fl.moving_box());
            let dt = get_frame_time();
            self.scene.update(
                view,
                p.flight.is_some(),
                moving,
                dt,
                cx.settings.reduce_motion,
            );
        }
        // The zoom the browser tests read: over the whole table, framed the same way.
        let b = view.bounds;
        let fit = Frame::fit(
            grounded(b[0], b[2], pieces_top(view, b), 0.0, framed),
            framed,
        );
        let (wx, wy) = f.to_world(framed.centre().0, framed.centre().1);
        self.probe.camera = (wx, wy, f.scale / fit.scale.max(1e-6));
        // Zoomed in, the table must not spill over the bars.
        let dpi = screen_dpi_scale().max(0.01);
        let clip = (
            (table_area.x * dpi) as i32,
            (table_area.y * dpi) as i32,
            (table_area.w * dpi).ceil() as i32,
            (table_area.h * dpi).ceil() as i32,
        );
        // SAFETY: macroquad's internal GL context is borrowed on the main thread for this one
        // call and not kept across frames (the scissor rectangle is in physical pixels).
        unsafe { get_internal_gl() }.quad_gl.scissor(Some(clip));
        if let Some(ghost) = p.ghost_now() {
            draw::ghost(ghost, &f, u);
        }
        cx.ui.set_clip(Some(table_area));
        let motion = draw::Motion {
            swing: self.scene.swing(),
        };
        draw::table_in(&cx.ui, view, &f, motion);
        for c in &self.scene.carries {
            let (b, alpha) = c.now();
            draw::body_faded(&b, &f, alpha);
        }
        self.effects.draw(&f);
        self.effects.draw_words(&cx.ui, &f);
        cx.ui.set_clip(None);
        // SAFETY: as above.
        unsafe { get_internal_gl() }.quad_gl.scissor(None);
        f
    }

    /// Cuts what is drawn next to the table's area (`on`), or lets it go: the aim's dots and
    /// words of a steep shot never go over the bars.
    pub(super) fn clip_to_table(&self, cx: &Ctx, on: bool) {
        let a = self.area;
        let dpi = screen_dpi_scale().max(0.01);
        let clip = on.then(|| {
            (
                (a.x * dpi) as i32,
                (a.y * dpi) as i32,
                (a.w * dpi).ceil() as i32,
                (a.h * dpi).ceil() as i32,
            )
        });
        // SAFETY: macroquad's internal GL context is borrowed on the main thread for this one
        // call and not kept across frames (the scissor rectangle is in physical pixels).
        unsafe { get_internal_gl() }.quad_gl.scissor(clip);
        cx.ui.set_clip(on.then_some(a));
    }

    /// Pinch and two-finger pan (never while a piece is being placed: its fingers twist the
    /// piece), one finger dragged from off the launcher, the right or middle mouse button.
    fn nav_input(&mut self, cx: &mut Ctx, bounds: [f32; 4], framed: Area) {
        let slop = 1.5 * cx.ui.u;
        for (owner, e) in self.press.routed().to_vec() {
            if !owner.on_side_view() && owner != Owner::Elsewhere {
                continue;
            }
            let on_table = owner.on_side_view();
            let free = owner == Owner::View;
            for a in self.nav.event(e, on_table, free, slop) {
                match a {
                    NavAction::Pan(dx, dy) => self.camera.pan_by(dx, dy, bounds, framed),
                    NavAction::Zoom(k, x, y) => {
                        self.camera.zoom_at(k, x, y, bounds, framed);
                        log(&format!("view zoom={:.2}", self.camera.zoom));
                    }
                }
            }
        }
        self.view_keys(bounds, framed);
        let (mx, my) = mouse_position();
        let held =
            is_mouse_button_down(MouseButton::Right) || is_mouse_button_down(MouseButton::Middle);
        self.mouse_pan = match (held, self.mouse_pan) {
            (true, Some((lx, ly))) => {
                self.camera.pan_by(mx - lx, my - ly, bounds, framed);
                Some((mx, my))
            }
            (true, None) if self.area.contains(mx, my) => Some((mx, my)),
            _ => None,
        };
    }

    /// Looking around by keys: + and - zoom about the table's middle, comma and full stop look
    /// left and right once zoomed in, 0 fits the view again (as the *Fit* button).
    fn view_keys(&mut self, bounds: [f32; 4], framed: Area) {
        let (mx, my) = framed.centre();
        let zoom = if keyqueue::pressed_any(&[KeyCode::Equal, KeyCode::KpAdd]) {
            1.25
        } else if keyqueue::pressed_any(&[KeyCode::Minus, KeyCode::KpSubtract]) {
            0.8
        } else {
            1.0
        };
        if zoom != 1.0 {
            self.camera.zoom_at(zoom, mx, my, bounds, framed);
            log(&format!("view zoom={:.2}", self.camera.zoom));
        }
        let look = framed.w * 0.25;
        if keyqueue::pressed(KeyCode::Comma) {
            self.camera.pan_by(look, 0.0, bounds, framed);
        } else if keyqueue::pressed(KeyCode::Period) {
            self.camera.pan_by(-look, 0.0, bounds, framed);
        } else if keyqueue::pressed_any(&[KeyCode::Key0, KeyCode::Kp0]) {
            self.camera = Camera::default();
            log("view fit");
        }
    }

    /// The bounds the camera goes to now (`frame::shot`): the whole table when the player
    /// asked for it; in flight the whole arc so far (with Reduce motion the whole table, one cut);
    /// for a moment after a landing, the target there (the payoff); while a launch is aimed (a
    /// person's or a bot's), the shooter close; while a piece is placed, the place it may go;
    /// else (a card to choose, a bot deciding) the view stays where it was; the table's pieces
    /// when nothing was shown yet.
    fn shot_bounds(
        &mut self,
        cx: &Ctx,
        p: &Play,
        view: &TableView,
        close_up: Option<[f32; 4]>,
        framed: Area,
    ) -> [f32; 4] {
        let b = view.bounds;
        let whole = grounded(b[0], b[2], pieces_top(view, b), 0.0, framed);
        self.said.phase = Phase::Whole;
        if self.whole_table {
            self.follow_action = None;
            return whole;
        }
        let places = p.game().aim_places();
        let aim = turn_shot(p).map(|mut shot| {
            // A pull is measured on the whole screen (`Feel::for_screen`), the framing in the
            // table's area: a table squeezed by buttons still leaves a full pull's room.
            let area_side = framed.w.min(framed.h).max(1.0);
            shot.pull *= cx.ui.w.min(cx.ui.h) / area_side;
            // A game's own close-up (Catapults' lever to its box) names the way to the target.
            let target = match close_up {
                Some(c) => Some([c[0], c[2]]),
                None => aim_group(&places, shot.launcher[0]),
            };
            aim_view(view, shot, target, framed)
        });
        let close_h = aim.map_or(whole[3] - whole[1], |a| a[3] - a[1]);
        if let Some(fl) = p.flight.as_ref() {
            if self.follow_action.is_none() {
                self.effects.new_shot();
                let seats = &p.driver.session.replay.seats;
                let bot = seats.get(fl.seat()).is_none_or(|s| s.is_bot());
                self.said.who = if bot { "bot" } else { "player" };
            }
            self.said.phase = Phase::Flight;
            self.effects.end_payoff();
            if cx.settings.reduce_motion {
                return whole;
            }
            let arc = match (self.follow_action, fl.moving_box()) {
                (Some(a), Some(m)) => [a[0].min(m[0]), 0.0, a[2].max(m[2]), a[3].max(m[3])],
                (None, Some(m)) => [m[0], 0.0, m[2], m[3]],
                (a, None) => a.unwrap_or(aim.unwrap_or(whole)),
            };
            self.follow_action = Some(arc);
            return arc_view(arc, b, close_h, framed);
        }
        self.follow_action = None;
        if let Some((at, struck)) = self.effects.payoff() {
            // A person to aim now sees their launcher at once: the payoff yields to it (the
            // ring is where they look for it), as it yields to a gesture and to a piece taken in
            // hand. A piece to place (Castle's tower taken) waits out the payoff: the hit is
            // shown where it happened first.
            let person_aims = aim.is_some() && p.human_turn().is_some();
            let placing = self.place.as_ref().is_some_and(|pl| pl.handled());
            if self.aim.is_none() && !placing && !person_aims {
                let l = landing_view(view, at, struck, &places, close_h, framed);
                self.held_bounds = Some(l);
                self.said.phase = Phase::Landing(landing_range(at, struck, &places));
                return l;
            }
            self.effects.end_payoff();
        }
        if let Some(a) = aim {
            self.held_bounds = Some(a);
            self.said.phase = Phase::Aim;
            self.said.who = if p.human_turn().is_some() {
                "player"
            } else {
                "bot"
            };
            return a;
        }
        if let Some(pp) = p.human_turn().and(p.game().placement_prompt()) {
            let r = pp.region;
            let (mut x0, mut x1) = (r[0], r[2]);
            for s in pp.snaps.iter().chain(&pp.sources) {
                x0 = x0.min(s[0]);
                x1 = x1.max(s[0]);
            }
            let (x0, x1) = (x0.max(b[0]), x1.min(b[2]));
            if x1 > x0 {
                let top = pieces_top(view, [x0, b[1], x1, b[3]]) + 2.0 * pp.half_extents[1];
                return grounded(x0, x1, top.min(b[3]), 0.0, framed);
            }
        }
        // Held only while the area keeps its aspect (a rotated phone frames afresh).
        let same_aspect = |h: &[f32; 4]| {
            let (w, t) = (h[2] - h[0], h[3] - h[1]);
            t > 0.0 && ((w / t) - framed.w / framed.h.max(1.0)).abs() < 1e-3
        };
        self.held_bounds.filter(same_aspect).unwrap_or(whole)
    }

    /// The frame to draw with: the player's camera on the bounds; the view glides there
    /// (`follow::Ease`), or cuts with Reduce motion, after the player's own zoom, and while a
    /// finger or the mouse aims or places (the table never moves under it).
    fn follow_frame(
        &mut self,
        cx: &mut Ctx,
        bounds: [f32; 4],
        framed: Area,
        active: bool,
        in_flight: Option<[f32; 4]>,
        human_acts: bool,
    ) -> Frame {
        let player = self.camera.frame(bounds, framed);
        // A person about to aim or place: the view cuts, so that the ring they press is where
        // they saw it (the drag tests read it and press a few frames later).
        let held =
            self.aim.is_some() || self.place.as_ref().is_some_and(|pl| pl.held()) || human_acts;
        let snap = cx.settings.reduce_motion || held || !self.camera.is_fit();
        let target = shown_rect(&player, framed);
        let dt = if active { get_frame_time() } else { 0.0 };
        let mut shown = self.ease.towards(target, dt, snap);
        // The piece in flight never leaves the picture while the view catches up with it.
        if let Some(m) = in_flight {
            let out = m[0] < shown[0] || m[2] > shown[2] || m[3] > shown[3];
            if out && m.iter().all(|v| v.is_finite()) {
                let h = shown[3] - shown[1];
                shown = grounded(
                    shown[0].min(m[0]),
                    shown[2].max(m[2]),
                    m[3].max(shown[3] - h * 0.1),
                    h,
                    framed,
                );
                self.ease.jump(shown);
            }
        }
        self.said.rest = self.ease.near(target, 0.01);
        if self.ease.moving(target) {
            Frame::fit(keep_ground(shown, framed), framed)
        } else {
            player
        }
    }
}

/// `r` (world, y up, the table's edge at 0) given the area's aspect by scaling its height about
/// the table's edge: the bare table keeps its share when the area changes shape under a glide
/// (the bottom bar's buttons come and go as a shot starts and ends).
fn keep_ground(r: [f32; 4], area: Area) -> [f32; 4] {
    let (w, h) = (r[2] - r[0], r[3] - r[1]);
    let want = w * area.h.max(1.0) / area.w.max(1.0);
    if !(w > 0.0 && h > 0.0 && want.is_finite()) {
        return r;
    }
    let k = want / h;
    [r[0], r[1] * k, r[2], r[3] * k]
}

/// What the camera frames now (`Table::shot_bounds`), for the shares it says.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) enum Phase {
    #[default]
    Whole,
    Aim,
    Flight,
    /// The payoff, and the x-range it shows.
    Landing([f32; 2]),
}

/// The camera's figures said once a framing is reached (a console line the look test reads):
/// the phase last said, whether the view is at rest on its bounds, whose shot flies, and the
/// most bare table seen in this flight and how many of its frames had the flying piece in view.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Said {
    phase: Phase,
    last: Option<Phase>,
    rest: bool,
    who: &'static str,
    flight_bare: f32,
    flight_frames: u32,
    flight_seen: u32,
}

impl Table {
    /// Says the drawn frame's shares of the play area's height once a framing is at rest: while
    /// aiming the shooter's and the target's (0 when it is out of sight), at a landing the
    /// target's there; in each the bare table under the pieces and the empty sky over them; in
    /// flight the most bare table and the frames with the piece in view, once it is over.
    fn say_shares(&mut self, p: &Play, view: &TableView, f: &Frame) {
        let a = self.area;
        let share = |px: f32| (px / a.h.max(1.0)).clamp(0.0, 1.0);
        let (_, edge) = f.to_screen(0.0, 0.0);
        let bare = share(a.y + a.h - edge);
        let b = view.bounds;
        let (sx0, _) = f.to_world(a.x, 0.0);
        let (sx1, _) = f.to_world(a.x + a.w, 0.0);
        let seen = pieces_top(view, [sx0.max(b[0]), b[1], sx1.min(b[2]), b[3]]);
        let sky = share(f.to_screen(0.0, seen).1 - a.y);
        let said = &mut self.said;
        if said.phase == Phase::Flight {
            said.last = Some(Phase::Flight);
            said.flight_bare = said.flight_bare.max(bare);
            said.flight_frames += 1;
            let inside = p
                .flight
                .as_ref()
                .and_then(|fl| fl.moving_box())
                .is_none_or(|m| m[0] >= sx0 && m[2] <= sx1 && f.to_screen(0.0, m[3]).1 >= a.y);
            said.flight_seen += u32::from(inside);
        } else if said.last == Some(Phase::Flight) {
            log(&format!(
                "camera flight who={} bare={:.3} in-view={}/{}",
                said.who, said.flight_bare, said.flight_seen, said.flight_frames
            ));
            (said.flight_bare, said.flight_frames, said.flight_seen) = (0.0, 0, 0);
            said.last = None;
        }
        if !said.rest || said.last == Some(said.phase) {
            return;
        }
        said.last = Some(said.phase);
        match said.phase {
            Phase::Aim => {
                let Some(shot) = turn_shot(p) else {
                    return;
                };
                let who = said.who;
                let shooter = shooter_top(view, shot.launcher) * f.scale;
                let target = aim_group(&p.game().aim_places(), shot.launcher[0])
                    .filter(|g| g[1] > sx0 && g[0] < sx1)
                    .map_or(0.0, |g| {
                        pieces_top(view, [g[0], b[1], g[1], b[3]]) * f.scale
                    });
                log(&format!(
                    "camera aim who={who} shooter={:.3} target={:.3} bare={bare:.3} sky={sky:.3}",
                    share(shooter),
                    share(target)
                ));
            }
            Phase::Landing([x0, x1]) => {
                let target = pieces_top(view, [x0, b[1], x1, b[3]]) * f.scale;
                log(&format!(
                    "camera landing who={} target={:.3} bare={bare:.3} sky={sky:.3}",
                    said.who,
                    share(target)
                ));
            }
            Phase::Flight | Phase::Whole => {}
        }
    }
}

/// The launcher a turn is about, if a launch is to be aimed now (not a let-go).
fn turn_shot(p: &Play) -> Option<TurnShot> {
    let lp = p.game().launch_prompt()?;
    if lp
        .kinds
        .iter()
        .all(|k| *k == engine::core::LaunchKind::Release)
    {
        return None;
    }
    let mid = crate::app::gesture::mid_angle(lp.angle);
    let cos = engine::physics::launch::direction(mid).0;
    let facing = if cos > 0.2 {
        1
    } else if cos < -0.2 {
        -1
    } else {
        0
    };
    Some(TurnShot {
        launcher: lp.origin,
        facing,
        pull: crate::app::gesture::FULL_PULL_SHARE,
    })
}
