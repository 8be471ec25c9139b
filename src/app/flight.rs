//! A shot being animated, without a window: the driver's flight stepped in fixed 1/60 s frames
//! from a clock and drawn interpolated between the last two, the paths for the ghost of the
//! previous shot, and the strikes and knocks the effects show.

use engine::core::driver;
use engine::core::{Launch, TableView};
use engine::physics::FixedClock;

/// How much faster than real time a shot plays at the quick pace: the same physics frames,
/// fewer screen frames.
pub const QUICK_FLIGHT_SPEED: f32 = 3.0;

/// What one frame of a shot did that the effects show: where (world metres), how hard
/// (metres a second of velocity change) and in what colour.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hit {
    pub x: f32,
    pub y: f32,
    pub strength: f32,
    pub rgb: [u8; 3],
    /// The body was at rest and is now moving (a piece knocked), not a moving body striking.
    pub knocked: bool,
}

/// Hits reported per frame at most (a collapse of many pieces does not flood the effects).
pub(super) const HITS_PER_FRAME: usize = 8;

/// A shot being animated: the driver's flight, stepped by a clock and drawn interpolated.
pub struct Flight {
    pub(super) shot: driver::Flight,
    prev: TableView,
    cur: TableView,
    clock: FixedClock,
    /// Each body's centre per frame (bodies in view order), for the ghost path.
    paths: Vec<Vec<[f32; 2]>>,
    /// Velocities at the previous frame, to hear impacts.
    vel: Vec<[f32; 2]>,
    /// Strikes and knocks since the app last took them.
    hits: Vec<Hit>,
}

impl Flight {
    pub(super) fn new(shot: driver::Flight) -> Self {
        let v = shot.view();
        let paths = v.bodies.iter().map(|b| vec![[b.x, b.y]]).collect();
        let vel = vec![[0.0, 0.0]; v.bodies.len()];
        Flight {
            shot,
            prev: v.clone(),
            cur: v,
            clock: FixedClock::default(),
            paths,
            vel,
            hits: Vec::new(),
        }
    }

    pub fn launch(&self) -> &Launch {
        &self.shot.launch
    }

    pub fn seat(&self) -> usize {
        self.shot.seat
    }

    /// Advances by real time; returns (settled, impacts heard this call).
    pub(super) fn advance(&mut self, real_dt: f32) -> (bool, u32) {
        let speed = if super::platform::quick_pace() {
            QUICK_FLIGHT_SPEED
        } else {
            1.0
        };
        let n = self.clock.advance(real_dt * speed);
        let mut impacts = 0;
        for _ in 0..n {
            if self.shot.settled() {
                break;
            }
            self.shot.step_frame();
            self.prev = std::mem::take(&mut self.cur);
            self.cur = self.shot.view();
            impacts += self.record();
        }
        (self.shot.settled(), impacts)
    }

    /// Records positions; counts bodies whose velocity changed sharply (an impact).
    fn record(&mut self) -> u32 {
        if self.prev.bodies.len() != self.cur.bodies.len() {
            return 0;
        }
        let mut hits = 0;
        let dt = engine::physics::FRAME_DT;
        for (i, (a, b)) in self.prev.bodies.iter().zip(&self.cur.bodies).enumerate() {
            let v = [(b.x - a.x) / dt, (b.y - a.y) / dt];
            if let (Some(p), Some(old)) = (self.paths.get_mut(i), self.vel.get_mut(i)) {
                if p.len() < 2000 {
                    p.push([b.x, b.y]);
                }
                let dv = ((v[0] - old[0]).powi(2) + (v[1] - old[1]).powi(2)).sqrt();
                if dv > 1.5 {
                    hits += 1;
                }
                let (was, now) = (old[0].hypot(old[1]), v[0].hypot(v[1]));
                // The first frames are the launch itself, not a knock.
                let knocked = p.len() > 4 && was < 0.2 && now > 0.6;
                let struck = dv > 1.5 && was > 1.0;
                if (knocked || struck) && self.hits.len() < HITS_PER_FRAME * 4 {
                    self.hits.push(Hit {
                        x: b.x,
                        y: b.y,
                        strength: dv,
                        rgb: b.rgb,
                        knocked,
                    });
                }
                *old = v;
            }
        }
        hits.min(1)
    }

    /// The path of the body that travelled furthest (the projectile).
    pub(super) fn longest_path(&self) -> Vec<[f32; 2]> {
        let len = |p: &Vec<[f32; 2]>| -> f32 {
            p.windows(2)
                .map(|w| ((w[1][0] - w[0][0]).powi(2) + (w[1][1] - w[0][1]).powi(2)).sqrt())
                .sum()
        };
        let mut best: Option<(f32, &Vec<[f32; 2]>)> = None;
        for p in &self.paths {
            let l = len(p);
            if best.map(|b| l > b.0).unwrap_or(true) {
                best = Some((l, p));
            }
        }
        best.map(|b| b.1.clone()).unwrap_or_default()
    }

    pub fn view(&self) -> TableView {
        lerp_view(&self.prev, &self.cur, self.clock.alpha())
    }

    pub fn frames(&self) -> u64 {
        self.shot.shot.steps()
    }

    /// The strikes and knocks since the last call, at most `HITS_PER_FRAME`.
    pub fn take_hits(&mut self, out: &mut Vec<Hit>) {
        let n = self.hits.len().min(HITS_PER_FRAME);
        out.extend(self.hits.drain(..).take(n));
    }

    /// The box around the bodies moving now (the action the camera follows), if any.
    pub fn moving_box(&self) -> Option<[f32; 4]> {
        super::follow::moving_box(&self.prev, &self.cur, engine::physics::FRAME_DT)
    }
}

/// Interpolates bodies between two frames (same bodies in the same order), else the later one.
pub fn lerp_view(prev: &TableView, cur: &TableView, alpha: f32) -> TableView {
    let a = if alpha.is_finite() {
        alpha.clamp(0.0, 1.0)
    } else {
        1.0
    };
    if prev.bodies.len() != cur.bodies.len() {
        return cur.clone();
    }
    let mut out = cur.clone();
    for (o, p) in out.bodies.iter_mut().zip(&prev.bodies) {
        o.x = p.x + (o.x - p.x) * a;
        o.y = p.y + (o.y - p.y) * a;
        let tau = core::f32::consts::TAU;
        let mut d = (o.angle - p.angle) % tau;
        if d > core::f32::consts::PI {
            d -= tau;
        } else if d < -core::f32::consts::PI {
            d += tau;
        }
        o.angle = p.angle + d * a;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::core::{BodyShape, BodyView};

    #[test]
    fn interpolation_is_between_frames_and_takes_the_short_way_round() {
        let body = |x: f32, angle: f32| BodyView {
            shape: BodyShape::Circle { r: 0.1 },
            x,
            y: 0.0,
            angle,
            rgb: [0, 0, 0],
            tag: 0,
            look: engine::core::Look::Plain,
            owner: None,
            piece: 0,
        };
        let a = TableView {
            bodies: vec![body(0.0, 3.0)],
            ..TableView::default()
        };
        let b = TableView {
            bodies: vec![body(1.0, -3.0)],
            ..TableView::default()
        };
        let m = lerp_view(&a, &b, 0.5);
        assert!((m.bodies[0].x - 0.5).abs() < 1e-6);
        // 3.0 to -3.0 rad is 0.28 rad through pi, not 6 rad back through 0.
        assert!(m.bodies[0].angle > 3.0, "{}", m.bodies[0].angle);
        let c = TableView::default();
        assert_eq!(lerp_view(&a, &c, 0.5), c);
    }
}
