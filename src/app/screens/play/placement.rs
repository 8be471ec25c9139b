//! Placing and moving pieces on the table, by pointer and by keys.

use super::Table;
use crate::app::context::Ctx;
use crate::app::frame::{Area, Frame};
use crate::app::gesture;
use crate::app::keyplace::{self, CarryStep, KeyCarry, PlaceKey};
use crate::app::keyqueue;
use crate::app::log;
use crate::app::play::Play;
use crate::app::pointer::PointerEvent;
use crate::app::route::Owner;
use crate::app::screens::play::bottom_bar::BarButton;
use crate::app::switch::lit_at;
use crate::app::ui::*;
use engine::core::moves::list;
use engine::core::{Move, PlacementPrompt};
use macroquad::prelude::*;

impl Table {
    /// A piece is being placed for the prompt `tag` names (a new prompt starts afresh).
    pub fn placing(&self, tag: &str) -> bool {
        self.place.as_ref().is_some_and(|pl| pl.tag == tag)
    }

    /// Moving a piece that is on the table (a placement prompt with sources): press on a
    /// highlighted source to pick it up, the ghost follows the finger, letting go on a snap sends
    /// the move (the rules may still refuse it, with the reason); anywhere else cancels.
    pub(crate) fn carry_input(
        &mut self,
        cx: &mut Ctx,
        p: &mut Play,
        pp: &PlacementPrompt,
        f: &Frame,
        seat: usize,
    ) {
        let u = cx.ui.u;
        let tag = format!("{}:{}:{}:carry", pp.action, pp.label, seat);
        if !self.placing(&tag) {
            self.place = Some(Place {
                x: 0.0,
                y: 0.0,
                angle: 0,
                grab: None,
                carry: None,
                keys: None,
                scan_t: 0.0,
                by_keys: false,
                tag,
            });
        }
        let Some(mut pl) = self.place.take() else {
            return;
        };
        // Room for a finger around a piece, in metres (never wider than half a piece).
        let slop = (3.0 * u / f.scale.max(1e-3)).min(pp.half_extents[0].max(pp.half_extents[1]));
        let mut send: Option<[i64; 4]> = None;
        for e in self.press.events_of(Owner::Place) {
            match e {
                PointerEvent::Down { x, y } => {
                    pl.keys = None;
                    let (wx, wy) = f.to_world(x, y);
                    match gesture::Carry::pick(pp, wx, wy, slop) {
                        Some(c) => {
                            let (gx, gy) = c.ghost(wx, wy);
                            pl.x = gx;
                            pl.y = gy;
                            pl.carry = Some((c, (wx, wy)));
                        }
                        None => {
                            cx.say("Press on one of the highlighted pieces to pick it up", true)
                        }
                    }
                }
                PointerEvent::Move { x, y } => {
                    if let Some((c, _)) = &pl.carry {
                        let (wx, wy) = f.to_world(x, y);
                        let (gx, gy) = c.ghost(wx, wy);
                        pl.x = gx;
                        pl.y = gy;
                    }
                }
                PointerEvent::Up { x, y } => {
                    let Some((c, press)) = pl.carry.take() else {
                        continue;
                    };
                    let (wx, wy) = f.to_world(x, y);
                    match c.release(pp, wx, wy, slop) {
                        Some(args) => send = Some(args),
                        None if (wx - press.0).hypot(wy - press.1) < slop => {
                            cx.say("Drag the piece onto a ringed spot and let go there", false)
                        }
                        None => cx.say("Not on a ringed spot: the piece stays where it was", true),
                    }
                }
                PointerEvent::Cancel => {
                    if pl.carry.take().is_some() {
                        cx.say("Drag cancelled: the piece stays where it was", false);
                    }
                }
                PointerEvent::SecondDown { .. }
                | PointerEvent::SecondMove { .. }
                | PointerEvent::SecondUp => {}
            }
        }
        // One switch: the pieces, then the spots, are lit in turn (Space picks the lit one).
        let setting = crate::app::save::one_switch(cx.store.as_ref());
        if setting.on() && pl.carry.is_none() {
            cx.ui.drop_focus();
            pl.scan_t += get_frame_time().clamp(0.0, 0.25);
            let kc = pl.keys.get_or_insert_with(KeyCarry::default);
            match kc.snap {
                None => {
                    kc.source = lit_at(pp.sources.len(), pl.scan_t, setting.dwell()).unwrap_or(0)
                }
                Some(_) => kc.snap = lit_at(pp.snaps.len(), pl.scan_t, setting.dwell()),
            }
        }
        // The keys: the arrows pick a piece, Space picks it up, the arrows pick a spot, Space
        // drops it there (the drag's own move).
        if let Some(k) = place_key(!cx.ui.focused()) {
            pl.scan_t = 0.0;
            if k != PlaceKey::Place {
                cx.ui.drop_focus();
            }
            pl.carry = None;
            let kc = pl.keys.get_or_insert_with(KeyCarry::default);
            match kc.key(pp, k) {
                CarryStep::Send(args) => {
                    log(&format!("key-place {} {}", pp.action, list(&args)));
                    send = send.or(Some(args));
                }
                CarryStep::Moved => log(&format!(
                    "key-carry source={} snap={}",
                    kc.source,
                    kc.snap.map_or(-1, |i| i as i64)
                )),
                CarryStep::Nothing if k == PlaceKey::Place => {
                    cx.say("There is no ringed spot for this piece", true)
                }
                CarryStep::Nothing => {}
            }
        }
        // Sources highlighted (the carried one dimmed), snaps ringed (the one under the ghost
        // bright), the ghost under the finger (or on the spot the keys picked).
        let (pw, ph) = (
            (2.0 * pp.half_extents[0] * f.scale).max(2.0),
            (2.0 * pp.half_extents[1] * f.scale).max(2.0),
        );
        let pulse = 0.55 + 0.35 * (get_time() as f32 * 4.0).sin();
        let key_carry = pl.keys.filter(|k| k.snap.is_some());
        let carried = pl
            .carry
            .map(|(c, _)| c.source)
            .or(key_carry.map(|k| k.source));
        for (i, s) in pp.sources.iter().enumerate() {
            let (a, b) = f.to_screen(s[0], s[1]);
            if Some(i) == carried {
                draw_rectangle(
                    a - pw * 0.5,
                    b - ph * 0.5,
                    pw,
                    ph,
                    Color::new(0.0, 0.0, 0.0, 0.45),
                );
            } else if carried.is_none() {
                draw_rectangle(
                    a - pw * 0.5,
                    b - ph * 0.5,
                    pw,
                    ph,
                    Color::new(ACCENT.r, ACCENT.g, ACCENT.b, 0.3 * pulse),
                );
                draw_rectangle_lines(
                    a - pw * 0.5 - 0.4 * u,
                    b - ph * 0.5 - 0.4 * u,
                    pw + 0.8 * u,
                    ph + 0.8 * u,
                    (u * 0.4).max(1.5),
                    Color::new(ACCENT.r, ACCENT.g, ACCENT.b, pulse),
                );
            }
        }
        if let (Some(k), None) = (pl.keys, carried) {
            if let Some(s) = pp.sources.get(k.source) {
                let (a, b) = f.to_screen(s[0], s[1]);
                let r = 0.9 * u;
                draw_rectangle_lines(
                    a - pw * 0.5 - r,
                    b - ph * 0.5 - r,
                    pw + 2.0 * r,
                    ph + 2.0 * r,
                    (u * 0.5).max(2.0),
                    FOCUS,
                );
            }
        }
        let moving = match (pl.carry, key_carry) {
            (Some((c, _)), _) => {
                Some(((pl.x, pl.y), c.snap_at(pp, pl.x - c.dx, pl.y - c.dy, slop)))
            }
            (None, Some(k)) => k
                .snap
                .and_then(|i| pp.snaps.get(i).map(|s| ((s[0], s[1]), Some(i)))),
            _ => None,
        };
        if let Some(((gx, gy), under)) = moving {
            for (i, s) in pp.snaps.iter().enumerate() {
                let (a, b) = f.to_screen(s[0], s[1]);
                if Some(i) == under {
                    draw_rectangle_lines(
                        a - pw * 0.5,
                        b - ph * 0.5,
                        pw,
                        ph,
                        (u * 0.4).max(1.5),
                        Color::new(0.45, 0.95, 0.5, 0.9),
                    );
                } else {
                    draw_circle_lines(a, b, u, 1.0, Color::new(1.0, 1.0, 1.0, 0.5));
                }
            }
            let (sx, sy) = f.to_screen(gx, gy);
            draw_rectangle(
                sx - pw * 0.5,
                sy - ph * 0.5,
                pw,
                ph,
                Color::new(0.95, 0.68, 0.22, 0.6),
            );
        }
        let hint = match pl.keys {
            Some(KeyCarry { snap: None, .. }) if setting.on() => {
                format!("{}: press Space to pick up the ringed piece", pp.label)
            }
            Some(_) if setting.on() => {
                format!("{}: press Space to put it on the lit spot", pp.label)
            }
            Some(KeyCarry { snap: None, .. }) => format!(
                "{}: the arrows pick a highlighted piece, Space picks it up",
                pp.label
            ),
            Some(_) => format!(
                "{}: the arrows pick a ringed spot, Space puts the piece there, Backspace puts it back",
                pp.label
            ),
            None => format!(
                "{}: press on a highlighted piece, drag it onto a ringed spot and let go",
                pp.label
            ),
        };
        self.placement_hint(cx, &hint);
        self.probe.input = 7;
        self.probe.anchor = pp
            .sources
            .first()
            .map(|s| f.to_screen(s[0], s[1]))
            .unwrap_or((-1.0, -1.0));
        self.place = Some(pl);
        if let Some(args) = send {
            let mv = Move::decide(seat, &pp.action, &args);
            log(&format!("drag {} {}", pp.action, list(&args)));
            self.decide(cx, p, mv);
        }
    }

    pub(crate) fn placement_input(
        &mut self,
        cx: &mut Ctx,
        p: &mut Play,
        pp: &PlacementPrompt,
        f: &Frame,
        seat: usize,
    ) {
        let u = cx.ui.u;
        let tag = format!("{}:{}:{}", pp.action, pp.label, seat);
        if !self.placing(&tag) {
            let (x, y) = match pp.snaps.first() {
                Some(s) => (s[0], s[1]),
                None => (
                    (pp.region[0] + pp.region[2]) * 0.5,
                    (pp.region[1] + pp.region[3]) * 0.5,
                ),
            };
            self.place = Some(Place {
                x,
                y,
                angle: gesture::clamp_angle(0, pp.angle),
                grab: None,
                carry: None,
                keys: None,
                scan_t: 0.0,
                by_keys: false,
                tag,
            });
        }
        let Some(mut pl) = self.place.take() else {
            return;
        };
        let rotates = pp.angle != (0, 0);
        let (gx, gy, ga) = ghost_pose(pp, &pl);
        let (sx, sy) = f.to_screen(gx, gy);
        let (hx, hy) = rotate_handle(pp, f, u, (sx, sy), ga);
        self.probe.input = 5;
        self.probe.anchor = (sx, sy);
        for e in self.press.events_of(Owner::Place) {
            match e {
                PointerEvent::Down { x, y } => {
                    let (wx, wy) = f.to_world(x, y);
                    pl.grab = if rotates && (x - hx).hypot(y - hy) < 5.0 * u {
                        Some(Grab::Rotate)
                    } else {
                        Some(Grab::Move {
                            dx: gx - wx,
                            dy: gy - wy,
                        })
                    };
                    if matches!(pl.grab, Some(Grab::Move { .. })) {
                        pl.x = gx;
                        pl.y = gy;
                    }
                }
                PointerEvent::Move { x, y } => {
                    let (wx, wy) = f.to_world(x, y);
                    match pl.grab {
                        Some(Grab::Move { dx, dy }) => {
                            pl.x = wx + dx;
                            pl.y = wy + dy;
                        }
                        Some(Grab::Rotate) => {
                            pl.angle = gesture::clamp_angle(
                                gesture::angle_tenths(wx - gx, wy - gy),
                                pp.angle,
                            );
                        }
                        Some(Grab::Twist { base, a0, b0 }) => {
                            if let Some(b1) = cx.tracker.secondary_pos() {
                                let t = gesture::twist_tenths(
                                    (a0.0, -a0.1),
                                    (b0.0, -b0.1),
                                    (x, -y),
                                    (b1.0, -b1.1),
                                );
                                pl.angle = gesture::clamp_angle(base + t, pp.angle);
                            }
                        }
                        None => {}
                    }
                }
                PointerEvent::SecondDown { x, y } => {
                    if let (true, Some(a0)) = (rotates, cx.tracker.primary_pos()) {
                        pl.grab = Some(Grab::Twist {
                            base: pl.angle,
                            a0,
                            b0: (x, y),
                        });
                    }
                }
                PointerEvent::SecondMove { x, y } => {
                    if let (Some(Grab::Twist { base, a0, b0 }), Some(a1)) =
                        (&pl.grab, cx.tracker.primary_pos())
                    {
                        let t = gesture::twist_tenths(
                            (a0.0, -a0.1),
                            (b0.0, -b0.1),
                            (a1.0, -a1.1),
                            (x, -y),
                        );
                        pl.angle = gesture::clamp_angle(*base + t, pp.angle);
                    }
                }
                PointerEvent::SecondUp => {
                    if matches!(pl.grab, Some(Grab::Twist { .. })) {
                        pl.grab = None;
                    }
                }
                PointerEvent::Up { .. } | PointerEvent::Cancel => pl.grab = None,
            }
        }
        // One switch: the offered spots are lit in turn (a free piece stays where it starts);
        // Space places it.
        let setting = crate::app::save::one_switch(cx.store.as_ref());
        if setting.on() && pl.grab.is_none() {
            cx.ui.drop_focus();
            pl.scan_t += get_frame_time().clamp(0.0, 0.25);
            if let Some(s) =
                lit_at(pp.snaps.len(), pl.scan_t, setting.dwell()).and_then(|i| pp.snaps.get(i))
            {
                (pl.x, pl.y) = (s[0], s[1]);
            }
        }
        // The keys: arrows move the ghost, Q/E/R turn it, Space places it (as Place does).
        let mut place_now = false;
        if let Some(k) = place_key(!cx.ui.focused()).filter(|_| pl.grab.is_none()) {
            if k != PlaceKey::Place {
                cx.ui.drop_focus();
            }
            match k {
                PlaceKey::Place => place_now = true,
                PlaceKey::Back => {}
                _ => {
                    pl.by_keys = true;
                    let (x, y, a) = keyplace::nudge(pp, (pl.x, pl.y, pl.angle), k, shift_held());
                    (pl.x, pl.y, pl.angle) = (x, y, a);
                    let args = gesture::placement_args(pp, x, y, a);
                    log(&format!("key-place ghost {}", list(&args)));
                }
            }
        }
        // Draw the ghost where it would land, and the rotate handle.
        let (gx, gy, ga) = ghost_pose(pp, &pl);
        let (sx, sy) = f.to_screen(gx, gy);
        let (x0, y0) = f.to_screen(pp.region[0], pp.region[3]);
        let (x1, y1) = f.to_screen(pp.region[2], pp.region[1]);
        let ta = self.area;
        let (x0, y0) = (x0.max(ta.x), y0.max(ta.y));
        let (x1, y1) = (x1.min(ta.x + ta.w), y1.min(ta.y + ta.h));
        if x1 > x0 && y1 > y0 {
            draw_rectangle_lines(
                x0,
                y0,
                x1 - x0,
                y1 - y0,
                (u * 0.3).max(1.0),
                Color::new(1.0, 1.0, 1.0, 0.25),
            );
        }
        for s in &pp.snaps {
            let (a, b) = f.to_screen(s[0], s[1]);
            draw_circle_lines(a, b, u, 1.0, Color::new(1.0, 1.0, 1.0, 0.4));
        }
        draw_rectangle_ex(
            sx,
            sy,
            (2.0 * pp.half_extents[0] * f.scale).max(2.0),
            (2.0 * pp.half_extents[1] * f.scale).max(2.0),
            DrawRectangleParams {
                offset: vec2(0.5, 0.5),
                rotation: -ga,
                color: Color::new(0.95, 0.68, 0.22, 0.6),
            },
        );
        if rotates {
            let (hx, hy) = rotate_handle(pp, f, u, (sx, sy), ga);
            draw_line(sx, sy, hx, hy, u * 0.3, ACCENT);
            draw_circle(hx, hy, 2.2 * u, ACCENT);
        }
        let hint = if setting.on() {
            format!("{}: press Space to place it here", pp.label)
        } else if pl.by_keys {
            format!(
                "{}: the arrows move it{}, Space places it",
                pp.label,
                if rotates { ", Q and E turn it" } else { "" }
            )
        } else {
            format!(
                "{}: drag it{}, then tap Place here",
                pp.label,
                if rotates { ", turn it by the dot" } else { "" }
            )
        };
        self.placement_hint(cx, &hint);
        self.probe.anchor = (sx, sy);
        self.place = Some(pl);
        if place_now {
            log(&format!("key-place {}", pp.action));
            self.bottom_action(cx, p, BarButton::Place, &[], Some(pp));
        }
    }

    /// The placement's hint, in the accent colour above the bottom-left corner of the table.
    pub(crate) fn placement_hint(&mut self, cx: &mut Ctx, hint: &str) {
        let u = cx.ui.u;
        let small = cx.ui.size(2.8);
        let lines = cx.ui.wrap(hint, small, self.area.w - 4.0 * u);
        let width = lines
            .iter()
            .map(|l| cx.ui.measure(l, small))
            .fold(0.0, f32::max);
        // Low on the table, on a plate (sky or wood under it), below the labels drawn there.
        let labels: Vec<Area> = cx
            .ui
            .probe_texts()
            .into_iter()
            .filter(|t| t.world)
            .map(|t| t.area)
            .collect();
        let y0 = crate::app::hints::placing_hint_top(
            self.area,
            2.0 * u,
            width,
            lines.len(),
            small * 1.3,
            &labels,
        );
        for (i, l) in lines.iter().enumerate() {
            cx.ui
                .text_on_plate(l, 2.0 * u, y0 + i as f32 * small * 1.3, small, ACCENT);
        }
    }
}

pub(crate) enum Grab {
    Move {
        dx: f32,
        dy: f32,
    },
    Rotate,
    Twist {
        base: i32,
        a0: (f32, f32),
        b0: (f32, f32),
    },
}

/// The ghost piece of a placement.
pub(crate) struct Place {
    x: f32,
    y: f32,
    angle: i32,
    grab: Option<Grab>,
    /// A piece picked up from one of the prompt's sources (moving a piece already on the table),
    /// with where the finger pressed (metres).
    carry: Option<(gesture::Carry, (f32, f32))>,
    /// Moving a piece on the table by keys (the arrows' pick, the spot picked).
    keys: Option<KeyCarry>,
    /// One-switch scanning: seconds into the scan of the offered spots or pieces.
    scan_t: f32,
    /// A key moved or turned it (the hint then speaks of keys).
    by_keys: bool,
    /// Which prompt it belongs to (reset when the prompt changes).
    tag: String,
}

impl Place {
    /// The player has taken hold of the piece (a finger, the mouse or a key moved it): the
    /// camera then stays on the place it goes, never moving under the hand.
    pub(crate) fn handled(&self) -> bool {
        self.grab.is_some() || self.carry.is_some() || self.keys.is_some() || self.by_keys
    }
}

/// The placement key pressed this frame, if any: arrows move, Q/E twist, R turns a quarter,
/// Space (or Enter while no button has the focus ring) places, Backspace puts a carried piece
/// back.
pub(crate) fn place_key(enter_free: bool) -> Option<PlaceKey> {
    let pairs = [
        (KeyCode::Left, PlaceKey::Left),
        (KeyCode::Right, PlaceKey::Right),
        (KeyCode::Up, PlaceKey::Up),
        (KeyCode::Down, PlaceKey::Down),
        (KeyCode::Q, PlaceKey::TwistLeft),
        (KeyCode::E, PlaceKey::TwistRight),
        (KeyCode::R, PlaceKey::Quarter),
        (KeyCode::Space, PlaceKey::Place),
        (KeyCode::Backspace, PlaceKey::Back),
    ];
    for (code, key) in pairs {
        if keyqueue::pressed(code) {
            return Some(key);
        }
    }
    if enter_free && keyqueue::pressed_any(&[KeyCode::Enter, KeyCode::KpEnter]) {
        return Some(PlaceKey::Place);
    }
    None
}

/// Shift held as this frame's key went down.
pub(crate) fn shift_held() -> bool {
    keyqueue::shift()
}

/// Where the ghost would land, as the move would send it: x, y in metres, angle in radians.
pub(crate) fn ghost_pose(pp: &PlacementPrompt, pl: &Place) -> (f32, f32, f32) {
    let args = pl.args(pp);
    (
        args[0] as f32 / 1000.0,
        args[1] as f32 / 1000.0,
        args[2] as f32 * core::f32::consts::PI / 1800.0,
    )
}

/// The screen point of the rotate handle: out along the piece's angle `ga` from its centre.
pub(crate) fn rotate_handle(
    pp: &PlacementPrompt,
    f: &Frame,
    u: f32,
    centre: (f32, f32),
    ga: f32,
) -> (f32, f32) {
    let reach = pp.half_extents[0] * f.scale + 6.0 * u;
    (centre.0 + ga.cos() * reach, centre.1 - ga.sin() * reach)
}

impl Place {
    /// A finger or the mouse holds the piece now (the camera keeps still under it).
    pub(super) fn held(&self) -> bool {
        self.grab.is_some() || self.carry.is_some()
    }

    /// The move's arguments for putting the piece down where it is, as it is turned.
    pub(super) fn args(&self, pp: &PlacementPrompt) -> [i64; 3] {
        gesture::placement_args(pp, self.x, self.y, self.angle)
    }
}
