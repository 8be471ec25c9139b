//! The camera following a shot, without a window: which part of the table the moving bodies
//! occupy (the arc the camera keeps in view, `frame::shot::arc_view`), and the shown rectangle
//! easing towards its target (the shooter, the arc, the landing: `frame::shot`). The
//! camera is view only: nothing here is read by the physics or the rules.

use super::frame::{Area, Frame};
use engine::core::{BodyShape, TableView};

/// A body moving faster than this (metres a second) is part of the action.
pub const MOVING: f32 = 0.35;
/// Seconds for the shown view to cover about two thirds of the way to its target.
pub const EASE_SECONDS: f32 = 0.28;

/// The box (min x, min y, max x, max y, metres) around the bodies that moved faster than
/// `MOVING` between two frames `dt` seconds apart (same bodies in the same order), if any did.
pub fn moving_box(prev: &TableView, cur: &TableView, dt: f32) -> Option<[f32; 4]> {
    if prev.bodies.len() != cur.bodies.len() || !dt.is_finite() || dt <= 0.0 {
        return None;
    }
    let mut out: Option<[f32; 4]> = None;
    for (a, b) in prev.bodies.iter().zip(&cur.bodies) {
        let speed = (b.x - a.x).hypot(b.y - a.y) / dt;
        if !speed.is_finite() || speed < MOVING {
            continue;
        }
        let r = match b.shape {
            BodyShape::Circle { r } => r,
            BodyShape::Rect { hw, hh } => hw.max(hh),
        };
        let r = if r.is_finite() {
            r.clamp(0.0, 1.0)
        } else {
            0.0
        };
        let [x0, y0, x1, y1] = out.unwrap_or([f32::MAX, f32::MAX, f32::MIN, f32::MIN]);
        out = Some([
            x0.min(b.x - r),
            y0.min(b.y - r),
            x1.max(b.x + r),
            y1.max(b.y + r),
        ]);
    }
    out.filter(|b| b.iter().all(|v| v.is_finite()))
}

/// The world rectangle a frame shows in `area`.
pub fn shown_rect(f: &Frame, area: Area) -> [f32; 4] {
    let (x0, y1) = f.to_world(area.x, area.y);
    let (x1, y0) = f.to_world(area.x + area.w, area.y + area.h);
    [x0, y0, x1, y1]
}

/// The rectangle on screen, easing towards a target each frame (or jumping there).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Ease {
    shown: Option<[f32; 4]>,
}

impl Ease {
    /// Moves the shown rectangle towards `target` over `dt` seconds; `snap` goes there at
    /// once (the player aims, effects are reduced, or nothing was shown yet). Returns it.
    pub fn towards(&mut self, target: [f32; 4], dt: f32, snap: bool) -> [f32; 4] {
        let k = if dt.is_finite() && dt > 0.0 {
            1.0 - (-dt.min(0.25) / EASE_SECONDS).exp()
        } else {
            0.0
        };
        let next = match self.shown {
            Some(s) if !snap && s.iter().all(|v| v.is_finite()) => {
                let mut n = s;
                for (v, t) in n.iter_mut().zip(target) {
                    *v += (t - *v) * k;
                }
                // Close enough is there: the view comes to rest exactly on its framing.
                let span = (target[2] - target[0]).abs().max(1e-3);
                if n.iter()
                    .zip(target)
                    .all(|(v, t)| (v - t).abs() < span * 1e-3)
                {
                    target
                } else {
                    n
                }
            }
            _ => target,
        };
        self.shown = Some(next);
        next
    }

    /// Shows `r` now and eases on from there (the flying piece pulled the view along).
    pub fn jump(&mut self, r: [f32; 4]) {
        if r.iter().all(|v| v.is_finite()) {
            self.shown = Some(r);
        }
    }

    /// Whether the shown rectangle is within `share` of its size from `target` (there to the
    /// eye: the last hundredths of a glide take as long as the first nine tenths).
    pub fn near(&self, target: [f32; 4], share: f32) -> bool {
        let span = (target[2] - target[0]).abs().max(1e-3);
        self.shown.is_some_and(|s| {
            s.iter()
                .zip(target)
                .all(|(v, t)| (v - t).abs() <= span * share)
        })
    }

    /// Whether the shown rectangle is still on its way to `target`.
    pub fn moving(&self, target: [f32; 4]) -> bool {
        self.shown != Some(target)
    }
}

/// Seconds a piece the rules moved (a captured tower to its new mat) takes to travel there.
pub const TRAVEL_SECONDS: f32 = 0.5;

/// The table at rest `to`, with the pieces the rules just moved (`Draw::moved` of the move's
/// events) `k` (0..1) of the way from where `from` drew them: each part of such a piece is
/// matched with the same part (the same piece, in the same order) drawn in `from`. A part
/// `from` did not draw is at its new place.
pub fn travel_view(from: &TableView, to: &TableView, pieces: &[u32], k: f32) -> TableView {
    let k = if k.is_finite() {
        k.clamp(0.0, 1.0)
    } else {
        1.0
    };
    let mut out = to.clone();
    for &piece in pieces.iter().filter(|&&p| p != 0) {
        let old = from.bodies.iter().filter(|b| b.piece == piece);
        let new = out.bodies.iter_mut().filter(|b| b.piece == piece);
        for (b, a) in new.zip(old) {
            b.x = a.x + (b.x - a.x) * k;
            b.y = a.y + (b.y - a.y) * k;
            b.angle = a.angle + (b.angle - a.angle) * k;
        }
    }
    out
}

/// Smooth start and stop over 0..1.
pub fn smoothstep(t: f32) -> f32 {
    let t = if t.is_finite() {
        t.clamp(0.0, 1.0)
    } else {
        1.0
    };
    t * t * (3.0 - 2.0 * t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::core::{BodyView, Look};

    fn ball(x: f32, y: f32) -> BodyView {
        BodyView {
            shape: BodyShape::Circle { r: 0.02 },
            x,
            y,
            angle: 0.0,
            rgb: [0, 0, 0],
            tag: 0,
            look: Look::Plain,
            owner: None,
            piece: 0,
        }
    }

    fn view(bodies: Vec<BodyView>) -> TableView {
        TableView {
            bodies,
            bounds: [-2.0, 0.0, 2.0, 1.0],
            labels: Vec::new(),
        }
    }

    #[test]
    fn only_the_bodies_that_move_make_the_action() {
        let a = view(vec![ball(0.0, 0.0), ball(1.0, 0.5)]);
        let b = view(vec![ball(0.0, 0.0), ball(1.1, 0.5)]);
        let m = moving_box(&a, &b, 1.0 / 60.0).unwrap_or_else(|| panic!("the ball moves"));
        assert!(
            (m[0] - 1.08).abs() < 1e-4 && (m[2] - 1.12).abs() < 1e-4,
            "{m:?}"
        );
        assert_eq!(moving_box(&a, &a, 1.0 / 60.0), None, "all at rest");
        assert_eq!(moving_box(&a, &view(vec![]), 1.0 / 60.0), None);
        assert_eq!(moving_box(&a, &b, 0.0), None);
    }

    #[test]
    fn a_piece_the_rules_moved_travels_from_where_it_was_drawn_and_nothing_else_moves() {
        let piece = |mut b: BodyView, p: u32| {
            b.piece = p;
            b
        };
        // A tower (two parts, piece 3) on the left, another piece and a plain body.
        let before = view(vec![
            piece(ball(-1.0, 0.0), 3),
            piece(ball(-1.0, 0.1), 3),
            piece(ball(0.5, 0.0), 4),
            ball(0.0, 0.0),
        ]);
        // The rules moved piece 3 to the right; the table was rebuilt (piece 4 moved too, a body
        // more), but only piece 3 travels.
        let after = view(vec![
            ball(0.2, 0.0),
            piece(ball(1.0, 0.0), 3),
            piece(ball(1.0, 0.1), 3),
            piece(ball(0.6, 0.0), 4),
            ball(0.0, 0.0),
        ]);
        let mid = travel_view(&before, &after, &[3], 0.5);
        assert_eq!(mid.bodies.len(), after.bodies.len());
        assert!((mid.bodies[1].x - 0.0).abs() < 1e-6 && (mid.bodies[2].y - 0.1).abs() < 1e-6);
        assert_eq!(
            mid.bodies[3].x, 0.6,
            "another piece is where the rules put it"
        );
        assert_eq!(mid.bodies[0].x, 0.2);
        assert_eq!(travel_view(&before, &after, &[3], 0.0).bodies[1].x, -1.0);
        assert_eq!(travel_view(&before, &after, &[3], 1.0), after);
        assert_eq!(travel_view(&before, &after, &[3], f32::NAN), after);
        // A piece the last frame did not draw appears at its new place.
        assert_eq!(travel_view(&view(vec![]), &after, &[3], 0.5), after);
        assert_eq!(
            (smoothstep(0.0), smoothstep(0.5), smoothstep(2.0)),
            (0.0, 0.5, 1.0)
        );
    }

    #[test]
    fn the_view_eases_to_its_target_and_rests_exactly_there() {
        let mut e = Ease::default();
        let fit = [-2.0, -0.5, 2.0, 1.5];
        assert_eq!(e.towards(fit, 1.0 / 60.0, false), fit, "first frame: there");
        let near = [0.5, 0.0, 1.5, 0.5];
        let first = e.towards(near, 1.0 / 60.0, false);
        assert!(first[0] > fit[0] && first[0] < near[0], "{first:?}");
        for _ in 0..300 {
            e.towards(near, 1.0 / 60.0, false);
        }
        assert!(!e.moving(near));
        assert!(e.near(near, 0.01) && !e.near(fit, 0.01));
        // Snapped (aiming or reduced motion): at once.
        assert_eq!(e.towards(fit, 1.0 / 60.0, true), fit);
        // A stalled frame moves no further than a quarter second would.
        let mut e = Ease::default();
        e.towards(fit, 0.0, false);
        let r = e.towards(near, 10.0, false);
        assert!(r != near, "{r:?}");
    }
}
