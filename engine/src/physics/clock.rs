//! "Fix your timestep": real frame time goes into an accumulator, the table advances in fixed
//! frames, and drawing interpolates between the last two frames by `alpha`.

/// Longest real frame time taken into account (against the spiral of death).
pub const MAX_FRAME_TIME: f32 = 0.25;

#[derive(Clone, Debug, Default)]
pub struct FixedClock {
    acc: f32,
}

impl FixedClock {
    /// Adds real elapsed time (clamped to 0..=0.25 s) and returns how many fixed frames to run.
    pub fn advance(&mut self, real_dt: f32) -> u32 {
        let dt = if real_dt.is_finite() {
            real_dt.clamp(0.0, MAX_FRAME_TIME)
        } else {
            0.0
        };
        self.acc += dt;
        let mut n = 0;
        while self.acc >= super::FRAME_DT {
            self.acc -= super::FRAME_DT;
            n += 1;
        }
        n
    }

    /// How far between the previous and the current frame drawing should be, 0..1.
    pub fn alpha(&self) -> f32 {
        (self.acc / super::FRAME_DT).clamp(0.0, 1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clamps_long_frames_and_keeps_remainder() {
        let mut c = FixedClock::default();
        assert_eq!(c.advance(10.0), 15); // clamped to 0.25 s
        assert!(c.alpha() < 1.0);
        let mut c = FixedClock::default();
        assert_eq!(c.advance(0.01), 0);
        assert_eq!(c.advance(0.01), 1);
        assert!(c.alpha() > 0.1);
        assert_eq!(c.advance(f32::NAN), 0);
    }
}
