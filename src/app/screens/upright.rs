//! "Turn your phone": over a side-view game on a phone held upright, a drawn phone turning on
//! its side, one line, and a button to play upright anyway. The game under it waits (it is
//! drawn inactive, like under the pause menu); turning the phone takes the screen away at once.
//! Shown once per visit unless the player turned the phone: a player who chose to play upright
//! is not asked again until the page is loaded anew.

use crate::app::context::Ctx;
use crate::app::frame::Area;
use crate::app::screen::{Screen, ScreenId};
use crate::app::ui::*;
use crate::app::{log, Command};
use macroquad::prelude::*;

/// The button's probe key (the browser tests press it).
pub(crate) const UPRIGHT_KEY: &str = "upright";
/// The one line said.
pub(crate) const TURN_LINE: &str = "Turn your phone sideways for a bigger table";
/// The button's words.
pub(crate) const UPRIGHT_LABEL: &str = "Play upright anyway";

/// A screen held upright: taller than it is wide by a fifth (a square-ish tablet is not asked).
pub(crate) fn is_portrait(w: f32, h: f32) -> bool {
    h > w * 1.2
}

pub(crate) struct UprightScreen;

impl Screen<Ctx> for UprightScreen {
    fn id(&self) -> ScreenId {
        ScreenId::Upright
    }
    fn overlay(&self) -> bool {
        true
    }
    /// Escape or the system's back: the same as the button.
    fn back(&mut self, cx: &mut Ctx) -> Command {
        play_upright(cx);
        Command::Pop
    }
    fn frame(&mut self, cx: &mut Ctx, _active: bool) -> Command {
        self.draw(cx)
    }
}

/// Where the picture, the line and the button go on a `w`x`h` screen (`u`: 1% of the shorter
/// side): the picture square above the middle, the line under it, the button under that.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct UprightLayout {
    pub(crate) picture: Area,
    pub(crate) line: Area,
    pub(crate) button: Area,
}

pub(crate) fn layout(w: f32, h: f32, u: f32, line_h: f32) -> UprightLayout {
    let side = (w * 0.55).min(h * 0.32);
    let bw = (w - 8.0 * u).min(70.0 * u);
    let bh = 12.0 * u;
    let block = side + 4.0 * u + line_h + 6.0 * u + bh;
    let y0 = ((h - block) * 0.5).max(2.0 * u);
    let picture = Area::new((w - side) * 0.5, y0, side, side);
    let line = Area::new(4.0 * u, y0 + side + 4.0 * u, w - 8.0 * u, line_h);
    let button = Area::new((w - bw) * 0.5, line.y + line_h + 6.0 * u, bw, bh);
    UprightLayout {
        picture,
        line,
        button,
    }
}

/// The phone's turn at `t` seconds into the loop: upright (0) for a moment, a quarter turn
/// clockwise, held on its side (pi/2), then back. Radians.
pub(crate) fn turn_angle(t: f32) -> f32 {
    let period = 3.2;
    let p = (t.rem_euclid(period)) / period;
    let ease = |x: f32| {
        let x = x.clamp(0.0, 1.0);
        x * x * (3.0 - 2.0 * x)
    };
    let k = if p < 0.2 {
        0.0
    } else if p < 0.45 {
        ease((p - 0.2) / 0.25)
    } else if p < 0.9 {
        1.0
    } else {
        1.0 - ease((p - 0.9) / 0.1)
    };
    k * std::f32::consts::FRAC_PI_2
}

/// A point (x, y) turned by `a` about (cx, cy), screen y down (positive is clockwise).
fn turned(x: f32, y: f32, cx: f32, cy: f32, a: f32) -> Vec2 {
    let (s, c) = a.sin_cos();
    let (dx, dy) = (x - cx, y - cy);
    vec2(cx + dx * c - dy * s, cy + dx * s + dy * c)
}

/// The phone's picture turned by `a` radians about (cx, cy).
struct Turned {
    cx: f32,
    cy: f32,
    a: f32,
}

impl Turned {
    /// A rectangle `w` x `h` centred `ox`, `oy` from the middle (before the turn), turned.
    fn quad(&self, ox: f32, oy: f32, w: f32, h: f32, colour: Color) {
        let (cx, cy, a) = (self.cx, self.cy, self.a);
        let (x0, y0, x1, y1) = (
            cx + ox - w * 0.5,
            cy + oy - h * 0.5,
            cx + ox + w * 0.5,
            cy + oy + h * 0.5,
        );
        let p = [
            turned(x0, y0, cx, cy, a),
            turned(x1, y0, cx, cy, a),
            turned(x1, y1, cx, cy, a),
            turned(x0, y1, cx, cy, a),
        ];
        draw_triangle(p[0], p[1], p[2], colour);
        draw_triangle(p[0], p[2], p[3], colour);
    }
}

/// The drawn phone in `a`, turned by `angle`, its screen showing a tiny table (sky, the
/// tabletop, a catapult and a tower), and a curved arrow around it saying which way to turn.
fn draw_phone(a: Area, angle: f32) {
    let (cx, cy) = a.centre();
    let s = a.w.min(a.h);
    let (pw, ph) = (s * 0.34, s * 0.62);
    // The arrow: three quarters of a ring from the top round to the right, ending in a head.
    let r = s * 0.47;
    let arrow = Color::new(0.95, 0.68, 0.22, 0.9);
    let steps = 24;
    let (from, to) = (-2.3f32, -0.35f32);
    for i in 0..steps {
        let (t0, t1) = (
            from + (to - from) * i as f32 / steps as f32,
            from + (to - from) * (i + 1) as f32 / steps as f32,
        );
        draw_line(
            cx + r * t0.cos(),
            cy + r * t0.sin(),
            cx + r * t1.cos(),
            cy + r * t1.sin(),
            s * 0.025,
            arrow,
        );
    }
    let tip = vec2(cx + r * to.cos(), cy + r * to.sin());
    let along = vec2(-to.sin(), to.cos());
    let out = vec2(to.cos(), to.sin());
    let hs = s * 0.07;
    draw_triangle(
        tip + along * hs,
        tip - along * hs * 0.3 + out * hs * 0.8,
        tip - along * hs * 0.3 - out * hs * 0.8,
        arrow,
    );
    let phone = Turned { cx, cy, a: angle };
    // The phone: a dark body, a lighter rim, its screen and a small button.
    phone.quad(0.0, 0.0, pw + s * 0.02, ph + s * 0.02, TEXT);
    phone.quad(0.0, 0.0, pw, ph, Color::new(0.1, 0.11, 0.14, 1.0));
    let (sw, sh) = (pw * 0.86, ph * 0.8);
    phone.quad(0.0, 0.0, sw, sh, Color::new(0.42, 0.66, 0.86, 1.0));
    phone.quad(
        0.0,
        ph * 0.45,
        pw * 0.2,
        ph * 0.03,
        Color::new(0.5, 0.52, 0.56, 1.0),
    );
    // On the screen, the tiny table drawn the way the phone is held once turned: its
    // right edge becomes the bottom, so the tabletop runs along it and "up" is to the left.
    let wood = Color::new(0.47, 0.31, 0.19, 1.0);
    phone.quad(sw * 0.3, 0.0, sw * 0.4, sh, wood);
    // A catapult near the bottom end (the left once turned) and a tower near the top end.
    let blue = Color::new(0.0, 0.45, 0.7, 1.0);
    let orange = Color::new(0.9, 0.62, 0.0, 1.0);
    phone.quad(sw * 0.04, sh * 0.28, sw * 0.12, sh * 0.12, blue);
    phone.quad(-sw * 0.02, -sh * 0.25, sw * 0.24, sh * 0.1, orange);
    phone.quad(-sw * 0.17, -sh * 0.25, sw * 0.06, sh * 0.14, orange);
}

/// The player chose to play upright: not asked again on this visit.
pub(crate) fn play_upright(cx: &mut Ctx) {
    cx.settings.upright_ok = true;
    log("upright anyway");
}

impl UprightScreen {
    fn draw(&mut self, cx: &mut Ctx) -> Command {
        let (w, h, u) = (cx.ui.w, cx.ui.h, cx.ui.u);
        if !is_portrait(w, h) {
            log("upright turned");
            return Command::Pop;
        }
        // Through the widgets, so the veil is what the contrast check finds behind the words.
        cx.ui.panel(
            Area::new(0.0, 0.0, w, h),
            Color::new(0.07, 0.08, 0.11, 0.94),
        );
        cx.ui.cover(Area::new(0.0, 0.0, w, h));
        let size = cx.ui.size(4.2);
        let lines = cx.ui.wrap_at_most(TURN_LINE, size, w - 8.0 * u, 3);
        let lh = size * 1.3;
        let l = layout(w, h, u, lines.len() as f32 * lh);
        draw_phone(l.picture, turn_angle(get_time() as f32));
        for (i, line) in lines.iter().enumerate() {
            let a = Area::new(l.line.x, l.line.y + i as f32 * lh, l.line.w, size);
            cx.ui.text_centred(line, a, size, TEXT);
        }
        if cx.ui.button(UPRIGHT_KEY, l.button, UPRIGHT_LABEL, true) {
            play_upright(cx);
            return Command::Pop;
        }
        Command::Stay
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_phone_held_upright_is_asked_and_a_tablet_is_not() {
        assert!(is_portrait(390.0, 844.0));
        assert!(!is_portrait(844.0, 390.0));
        assert!(!is_portrait(1180.0, 820.0));
        assert!(
            !is_portrait(820.0, 900.0),
            "a square-ish tablet is left alone"
        );
    }

    #[test]
    fn the_picture_line_and_button_stand_apart_on_the_screen() {
        for (w, h) in [
            (390.0f32, 844.0f32),
            (360.0, 640.0),
            (768.0, 1024.0),
            (320.0, 420.0),
        ] {
            let u = w.min(h) * 0.01;
            let l = layout(w, h, u, 2.0 * 4.2 * u * 1.3);
            for a in [l.picture, l.line, l.button] {
                assert!(
                    a.x >= 0.0 && a.y >= 0.0 && a.x + a.w <= w && a.y + a.h <= h,
                    "{w}x{h}: {a:?} off screen"
                );
            }
            assert!(l.picture.y + l.picture.h <= l.line.y, "{w}x{h}");
            assert!(l.line.y + l.line.h <= l.button.y, "{w}x{h}");
            assert!(l.button.h >= 40.0 || l.button.h >= 12.0 * u - 0.01);
        }
    }

    #[test]
    fn the_phone_turns_a_quarter_and_back() {
        let q = std::f32::consts::FRAC_PI_2;
        assert_eq!(turn_angle(0.0), 0.0);
        assert!((turn_angle(2.0) - q).abs() < 1e-4);
        let mut last = 0.0;
        for i in 0..=32 {
            let a = turn_angle(i as f32 * 0.1);
            assert!((0.0..=q + 1e-4).contains(&a));
            last = a;
        }
        assert!(last < q, "it comes back before the loop starts again");
    }
}
