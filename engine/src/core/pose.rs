//! A piece's resting pose as the rules keep it between shots: integers only, so a replay reads the
//! same everywhere. Each game says what its origin is (a mat's or a board's left edge and top).

/// Centre x, y in tenths of a millimetre and angle in tenths of a degree (0..3600).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pose {
    pub x: i32,
    pub y: i32,
    pub a: i32,
}

impl Pose {
    pub fn new(x: i32, y: i32, a: i32) -> Self {
        Pose {
            x,
            y,
            a: a.rem_euclid(3600),
        }
    }
}
