//! The side view's own motion, without a window: a catapult's arm swinging once when it fires,
//! and a piece the rules took off the table (their events say which: a soldier lost, a block
//! boxed, a cube back to the supply) carried off towards its side, fading. View only:
//! nothing here is read by the physics or the rules. Skipped under Reduce motion.

use engine::core::{BodyView, TableView};

/// Seconds the arm takes to swing forward and settle back.
pub const SWING_SECONDS: f32 = 0.55;
/// The arm's greatest forward turn, radians.
pub const SWING_MAX: f32 = 0.9;
/// Seconds a fallen figure takes to be carried off.
pub const CARRY_SECONDS: f32 = 1.1;

/// The arm's forward turn `t` seconds after firing: a fast throw to `SWING_MAX` in the first
/// fifth, then an easy return to rest; 0 before, after and for a time that is not a number.
pub fn swing_angle(t: f32) -> f32 {
    if !t.is_finite() || t <= 0.0 || t >= SWING_SECONDS {
        return 0.0;
    }
    let k = t / SWING_SECONDS;
    let peak = 0.2;
    if k < peak {
        let s = k / peak;
        SWING_MAX * s * (2.0 - s)
    } else {
        let s = (k - peak) / (1.0 - peak);
        SWING_MAX * (1.0 - s * s * (3.0 - 2.0 * s))
    }
}

/// Where a carried figure is `t` seconds after the shot rested: it rises 6 cm and turns upright
/// in the first third, then slides `dir` (±1) 40 cm towards its side while it fades. Returns
/// (x, y, angle, alpha) from its resting pose (x, y, angle).
pub fn carry_pose(x: f32, y: f32, angle: f32, dir: f32, t: f32) -> (f32, f32, f32, f32) {
    let k = if t.is_finite() {
        (t / CARRY_SECONDS).clamp(0.0, 1.0)
    } else {
        1.0
    };
    let lift = smooth((k / 0.35).min(1.0));
    let slide = smooth(((k - 0.3) / 0.7).clamp(0.0, 1.0));
    let dir = if dir < 0.0 { -1.0 } else { 1.0 };
    let alpha = 1.0 - smooth(((k - 0.45) / 0.55).clamp(0.0, 1.0));
    (
        x + dir * 0.4 * slide,
        y + 0.06 * lift,
        angle * (1.0 - lift),
        alpha,
    )
}

fn smooth(t: f32) -> f32 {
    t * t * (3.0 - 2.0 * t)
}

/// One piece (one of its parts) on its way off the table.
#[derive(Clone, Debug, PartialEq)]
pub struct Carry {
    pub body: BodyView,
    pub dir: f32,
    pub t: f32,
}

impl Carry {
    /// The body where it is now, and how opaque.
    pub fn now(&self) -> (BodyView, f32) {
        let (x, y, angle, alpha) =
            carry_pose(self.body.x, self.body.y, self.body.angle, self.dir, self.t);
        (
            BodyView {
                x,
                y,
                angle,
                ..self.body
            },
            alpha,
        )
    }
}

/// The view's motion from frame to frame.
#[derive(Clone, Debug, Default)]
pub struct Scene {
    flying: bool,
    /// The world x of the catapult that fired, once the shot's first body moved; and seconds since.
    swing: Option<(Option<f32>, f32)>,
    /// The bodies of the last frame drawn that are rules pieces (`BodyView::piece`), and the
    /// middle of its table: where a piece a rule takes off is carried from, and to which side.
    drawn: Vec<BodyView>,
    mid: f32,
    /// The parts of the pieces taken off lately, as last drawn: a piece placed again later (a
    /// captured tower) travels from there.
    gone: Vec<BodyView>,
    pub carries: Vec<Carry>,
}

/// How many parts of pieces taken off are remembered.
const GONE_PARTS: usize = 64;

impl Scene {
    /// One frame: `view` is what is drawn, `flying` whether a shot is in flight, `moving` the box
    /// around its moving bodies (if any), `dt` seconds since the last frame.
    pub fn update(
        &mut self,
        view: &TableView,
        flying: bool,
        moving: Option<[f32; 4]>,
        dt: f32,
        reduce_motion: bool,
    ) {
        let dt = if dt.is_finite() {
            dt.clamp(0.0, 0.1)
        } else {
            0.0
        };
        if reduce_motion {
            self.swing = None;
            self.carries.clear();
        }
        if flying && !self.flying && !reduce_motion {
            self.swing = Some((None, 0.0));
        }
        if let Some((x, t)) = self.swing.as_mut() {
            if x.is_none() {
                *x = moving.map(|b| (b[0] + b[2]) * 0.5);
            }
            if x.is_some() {
                *t += dt;
            }
            if *t >= SWING_SECONDS || (!flying && x.is_none()) {
                self.swing = None;
            }
        }
        self.drawn.clear();
        self.drawn
            .extend(view.bodies.iter().filter(|b| b.piece != 0).copied());
        self.mid = (view.bounds[0] + view.bounds[2]) * 0.5;
        for c in &mut self.carries {
            c.t += dt;
        }
        self.carries.retain(|c| c.t < CARRY_SECONDS);
        self.flying = flying;
    }

    /// The rules took these pieces off the table (`Draw::taken_off` of a move's events): each
    /// is carried off from where the last frame drew it, towards its side of the table. A piece
    /// not drawn in the last frame (the table seen from elsewhere) is not animated.
    pub fn take_off(&mut self, pieces: &[u32], reduce_motion: bool) {
        if reduce_motion {
            return;
        }
        for &piece in pieces {
            let parts: Vec<BodyView> = self
                .drawn
                .iter()
                .filter(|b| b.piece == piece)
                .copied()
                .collect();
            let Some(first) = parts.first() else {
                continue;
            };
            // All parts of one piece go the same way, with the piece.
            let dir = if first.x >= self.mid { 1.0 } else { -1.0 };
            self.drawn.retain(|b| b.piece != piece);
            self.gone.retain(|b| b.piece != piece);
            self.gone.extend(parts.iter().copied());
            let extra = self.gone.len().saturating_sub(GONE_PARTS);
            self.gone.drain(..extra);
            self.carries
                .extend(parts.into_iter().map(|body| Carry { body, dir, t: 0.0 }));
        }
    }

    /// Where the rules' moved `pieces` start their travel: the view drawn last frame, with the
    /// pieces it did not draw where they were last seen before being taken off.
    pub fn travel_from(&self, shown: &TableView, pieces: &[u32]) -> TableView {
        let mut from = shown.clone();
        for &piece in pieces {
            if !from.bodies.iter().any(|b| b.piece == piece) {
                from.bodies
                    .extend(self.gone.iter().filter(|b| b.piece == piece).copied());
            }
        }
        from
    }

    /// The catapult swinging now: (its world x, the arm's forward turn).
    pub fn swing(&self) -> Option<(f32, f32)> {
        match self.swing {
            Some((Some(x), t)) => Some((x, swing_angle(t))),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::core::{BodyShape, Look};

    fn figure(x: f32, angle: f32, piece: u32) -> BodyView {
        BodyView {
            shape: BodyShape::Rect { hw: 0.01, hh: 0.02 },
            x,
            y: 0.02,
            angle,
            rgb: [200, 40, 40],
            tag: 3,
            look: Look::Figure,
            owner: Some(0),
            piece,
        }
    }

    fn view(bodies: Vec<BodyView>) -> TableView {
        TableView {
            bodies,
            bounds: [-1.0, 0.0, 1.0, 0.5],
            labels: Vec::new(),
        }
    }

    #[test]
    fn the_arm_swings_forward_once_and_comes_back_to_rest() {
        assert_eq!(swing_angle(0.0), 0.0);
        assert_eq!(swing_angle(f32::NAN), 0.0);
        assert_eq!(swing_angle(SWING_SECONDS), 0.0);
        assert_eq!(swing_angle(5.0), 0.0);
        let peak = swing_angle(SWING_SECONDS * 0.2);
        assert!((peak - SWING_MAX).abs() < 1e-4, "{peak}");
        // Rising to the peak, falling after it, never past it.
        let mut last = 0.0;
        for i in 1..=20 {
            let a = swing_angle(SWING_SECONDS * 0.2 * i as f32 / 20.0);
            assert!(a >= last && a <= SWING_MAX + 1e-4, "{i} {a}");
            last = a;
        }
        for i in 1..20 {
            let a = swing_angle(SWING_SECONDS * (0.2 + 0.8 * i as f32 / 20.0));
            assert!(a <= last + 1e-6, "{i} {a}");
            last = a;
        }
    }

    #[test]
    fn a_carried_figure_rises_stands_up_moves_to_its_side_and_fades() {
        let (x, y, a, alpha) = carry_pose(0.3, 0.01, 1.5, 1.0, 0.0);
        assert_eq!((x, y, a, alpha), (0.3, 0.01, 1.5, 1.0));
        let (x, y, a, alpha) = carry_pose(0.3, 0.01, 1.5, 1.0, CARRY_SECONDS * 0.35);
        assert!(
            (y - 0.07).abs() < 1e-4 && a.abs() < 1e-4 && alpha > 0.9,
            "{x} {y} {a}"
        );
        let (x, _, _, alpha) = carry_pose(0.3, 0.01, 1.5, 1.0, CARRY_SECONDS);
        assert!((x - 0.7).abs() < 1e-4 && alpha == 0.0, "{x} {alpha}");
        let (x, ..) = carry_pose(0.3, 0.01, 1.5, -1.0, CARRY_SECONDS);
        assert!((x + 0.1).abs() < 1e-4, "to the left: {x}");
        let (_, _, _, alpha) = carry_pose(0.3, 0.01, 1.5, 1.0, f32::NAN);
        assert_eq!(alpha, 0.0, "a broken clock ends it");
    }

    #[test]
    fn a_piece_a_rule_takes_off_is_carried_off_to_its_side_from_where_it_was_drawn() {
        let mut s = Scene::default();
        let standing = figure(-0.5, 0.0, 7);
        let down = figure(0.4, 1.4, 9);
        let flight = view(vec![standing, down]);
        s.update(&flight, true, Some([0.0, 0.0, 0.1, 0.1]), 1.0 / 60.0, false);
        s.update(&flight, true, None, 1.0 / 60.0, false);
        // The shot rests; the rules' events name piece 9 as taken off.
        s.take_off(&[9], false);
        assert_eq!(s.carries.len(), 1);
        assert_eq!(s.carries[0].body.x, down.x);
        assert_eq!(
            s.carries[0].dir, 1.0,
            "right of the middle: off to the right"
        );
        // Named twice (two events) it is still carried once.
        s.take_off(&[9], false);
        assert_eq!(s.carries.len(), 1);
        for _ in 0..120 {
            s.update(&view(vec![standing]), false, None, 1.0 / 60.0, false);
        }
        assert!(s.carries.is_empty(), "gone after its time");
        // A piece that only vanished from the view (a table rebuilt elsewhere, a figure that
        // lies fallen but stays) is not carried: only the rules' word moves it.
        let mut s = Scene::default();
        s.update(&flight, true, None, 1.0 / 60.0, false);
        s.update(
            &view(vec![figure(-0.6, 0.0, 7)]),
            false,
            None,
            1.0 / 60.0,
            false,
        );
        assert!(s.carries.is_empty());
        // A piece the last frame did not draw is not animated.
        s.take_off(&[9, 0, 42], false);
        assert!(s.carries.is_empty());
        // Reduce motion: nothing is carried, nothing swings.
        let mut s = Scene::default();
        s.update(&flight, true, Some([0.0, 0.0, 0.1, 0.1]), 1.0 / 60.0, true);
        s.take_off(&[9], true);
        s.update(&view(vec![standing]), false, None, 1.0 / 60.0, true);
        assert!(s.carries.is_empty() && s.swing().is_none());
    }

    #[test]
    fn a_piece_taken_off_and_placed_again_travels_from_where_it_was_last_drawn() {
        let mut s = Scene::default();
        let tower = figure(-0.5, 0.0, 12);
        s.update(
            &view(vec![tower, figure(0.3, 0.0, 4)]),
            false,
            None,
            0.016,
            false,
        );
        s.take_off(&[12], false);
        // Drawn elsewhere now: the view of the last frame has no tower 12.
        let shown = view(vec![figure(0.3, 0.0, 4)]);
        let from = s.travel_from(&shown, &[12]);
        assert_eq!(from.bodies.len(), 2);
        assert_eq!(from.bodies[1].x, -0.5);
        // A piece the last frame drew starts there; a piece never seen adds nothing.
        assert_eq!(s.travel_from(&shown, &[4, 99]), shown);
    }

    #[test]
    fn every_part_of_a_piece_taken_off_goes_the_same_way() {
        let mut s = Scene::default();
        // A soldier's base and body left of the middle, the base's centre right of it.
        let mut base = figure(0.01, 0.0, 5);
        base.y = 0.005;
        let body = figure(-0.01, 0.0, 5);
        s.update(&view(vec![base, body]), false, None, 1.0 / 60.0, false);
        s.take_off(&[5], false);
        assert_eq!(s.carries.len(), 2);
        assert_eq!(s.carries[0].dir, s.carries[1].dir);
    }

    #[test]
    fn the_catapult_that_fired_swings_once() {
        let mut s = Scene::default();
        let v = view(vec![]);
        s.update(&v, true, None, 1.0 / 60.0, false);
        assert_eq!(s.swing(), None, "not before the shot moves");
        s.update(&v, true, Some([0.2, 0.0, 0.4, 0.1]), 1.0 / 60.0, false);
        let (x, _) = s.swing().unwrap_or((f32::NAN, 0.0));
        assert!((x - 0.3).abs() < 1e-6, "{x}");
        s.update(&v, true, Some([0.5, 0.0, 0.6, 0.1]), 0.1, false);
        let (x, a) = s.swing().unwrap_or((f32::NAN, 0.0));
        assert!((x - 0.3).abs() < 1e-6 && a > 0.0, "{x} {a}");
        for _ in 0..10 {
            s.update(&v, true, None, 0.1, false);
        }
        assert_eq!(s.swing(), None, "once");
    }
}
