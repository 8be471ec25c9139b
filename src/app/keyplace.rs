//! Placing by keys, without a window: the arrows move the ghost of a piece being placed (to the
//! next snap in that direction, or by a step inside the region), Q/E twist it, R turns it a
//! quarter; with a placement that moves a piece already on the table (sources) the arrows pick
//! the piece, then the spot. The move sent is the one a drag sends (`gesture::placement_args`,
//! `gesture::Carry::release`), so the rules check it the same way.

use super::gesture::{self, clamp_angle, Carry};
use engine::core::PlacementPrompt;

/// A placement key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlaceKey {
    Left,
    Right,
    Up,
    Down,
    /// Twist anticlockwise (Q) or clockwise (E).
    TwistLeft,
    TwistRight,
    /// A quarter turn (R).
    Quarter,
    /// Place it (Space, or Enter while no button has the focus ring).
    Place,
    /// Put a carried piece back (Backspace).
    Back,
}

/// Twists by this many tenths of a degree a press (a fifth of it with Shift).
pub const TWIST_STEP: i32 = 150;
const FINE: f32 = 5.0;

/// The screen direction of an arrow in world terms (x right, y up).
fn direction(key: PlaceKey) -> Option<(f32, f32)> {
    match key {
        PlaceKey::Left => Some((-1.0, 0.0)),
        PlaceKey::Right => Some((1.0, 0.0)),
        PlaceKey::Up => Some((0.0, 1.0)),
        PlaceKey::Down => Some((0.0, -1.0)),
        _ => None,
    }
}

/// The point of `points` nearest to `from` in direction `dir` (within 60° of it), points off to
/// the side counting double; None when nothing lies that way.
pub fn nearest_in_direction(points: &[[f32; 2]], from: [f32; 2], dir: (f32, f32)) -> Option<usize> {
    let mut best: Option<(usize, f32)> = None;
    for (i, p) in points.iter().enumerate() {
        let (dx, dy) = (p[0] - from[0], p[1] - from[1]);
        let along = dx * dir.0 + dy * dir.1;
        let side = (dx * dir.1 - dy * dir.0).abs();
        // Ahead, and no more than about 60° off the direction.
        if along <= 1e-6 || side > along * 1.8 {
            continue;
        }
        let score = along + 2.0 * side;
        if best.is_none_or(|b| score < b.1) {
            best = Some((i, score));
        }
    }
    best.map(|b| b.0)
}

/// The index of the point of `points` nearest to `at`.
pub fn nearest(points: &[[f32; 2]], at: [f32; 2]) -> Option<usize> {
    let mut best: Option<(usize, f32)> = None;
    for (i, p) in points.iter().enumerate() {
        let d = (p[0] - at[0]).hypot(p[1] - at[1]);
        if best.is_none_or(|b| d < b.1) {
            best = Some((i, d));
        }
    }
    best.map(|b| b.0)
}

/// Turns `angle` by `by` within `range` (tenths of a degree): a turn that would leave the range
/// stops at its end; a piece that may not turn stays at 0.
pub fn turn_within(angle: i32, by: i32, range: (i32, i32)) -> i32 {
    if range == (0, 0) {
        return 0;
    }
    let next = (angle + by).rem_euclid(3600);
    let clamped = clamp_angle(next, range);
    if clamped == next {
        next
    } else if by > 0 {
        range.1.rem_euclid(3600)
    } else {
        range.0.rem_euclid(3600)
    }
}

/// How far one arrow press moves a free piece (metres): half the piece's longer side, at least
/// 5 mm, never more than a quarter of the region; a fifth of that with `fine`.
pub fn step(pp: &PlacementPrompt, fine: bool) -> f32 {
    let w = (pp.region[2] - pp.region[0]).abs();
    let h = (pp.region[3] - pp.region[1]).abs();
    let quarter = (w.max(h) * 0.25).max(0.005);
    let s = pp.half_extents[0]
        .max(pp.half_extents[1])
        .clamp(0.005, quarter);
    if fine {
        s / FINE
    } else {
        s
    }
}

/// A fresh piece's ghost moved or turned by one key: (x, y) in metres, angle in tenths. With
/// snaps the arrows go to the nearest snap that way (the ghost stays when there is none); else
/// they move a step inside the region.
pub fn nudge(
    pp: &PlacementPrompt,
    (x, y, angle): (f32, f32, i32),
    key: PlaceKey,
    fine: bool,
) -> (f32, f32, i32) {
    let div = if fine { FINE as i32 } else { 1 };
    match key {
        PlaceKey::TwistLeft => return (x, y, turn_within(angle, TWIST_STEP / div, pp.angle)),
        PlaceKey::TwistRight => return (x, y, turn_within(angle, -TWIST_STEP / div, pp.angle)),
        PlaceKey::Quarter => return (x, y, turn_within(angle, 900, pp.angle)),
        _ => {}
    }
    let Some(dir) = direction(key) else {
        return (x, y, angle);
    };
    if !pp.snaps.is_empty() {
        let here = gesture::placement_args(pp, x, y, angle);
        let from = [here[0] as f32 / 1000.0, here[1] as f32 / 1000.0];
        return match nearest_in_direction(&pp.snaps, from, dir) {
            Some(i) => (pp.snaps[i][0], pp.snaps[i][1], angle),
            None => (from[0], from[1], angle),
        };
    }
    let s = step(pp, fine);
    let (x0, x1) = (
        pp.region[0].min(pp.region[2]),
        pp.region[0].max(pp.region[2]),
    );
    let (y0, y1) = (
        pp.region[1].min(pp.region[3]),
        pp.region[1].max(pp.region[3]),
    );
    let nx = (x + dir.0 * s).clamp(x0, x1);
    let ny = (y + dir.1 * s).clamp(y0, y1);
    (nx, ny, angle)
}

/// Moving a piece already on the table by keys: the arrows pick one of the highlighted pieces,
/// Place picks it up, the arrows pick a ringed spot, Place drops it there (Back puts it back).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KeyCarry {
    /// The highlighted piece picked by the arrows.
    pub source: usize,
    /// The spot picked for the carried piece (Some while it is carried).
    pub snap: Option<usize>,
}

/// What a key did to a `KeyCarry`.
#[derive(Clone, Debug, PartialEq)]
pub enum CarryStep {
    Moved,
    /// Send the move with these arguments (the drag's own).
    Send([i64; 4]),
    /// Nothing to do (no piece or spot that way).
    Nothing,
}

impl KeyCarry {
    pub fn key(&mut self, pp: &PlacementPrompt, key: PlaceKey) -> CarryStep {
        if pp.sources.is_empty() {
            return CarryStep::Nothing;
        }
        self.source = self.source.min(pp.sources.len() - 1);
        match (self.snap, key) {
            (None, PlaceKey::Place) => {
                let from = pp.sources[self.source];
                match nearest(&pp.snaps, from) {
                    Some(i) => {
                        self.snap = Some(i);
                        CarryStep::Moved
                    }
                    None => CarryStep::Nothing,
                }
            }
            (Some(i), PlaceKey::Place) => {
                let Some(s) = pp.snaps.get(i) else {
                    self.snap = None;
                    return CarryStep::Nothing;
                };
                let c = Carry {
                    source: self.source,
                    dx: 0.0,
                    dy: 0.0,
                };
                match c.release(pp, s[0], s[1], 0.0) {
                    Some(args) => {
                        self.snap = None;
                        CarryStep::Send(args)
                    }
                    None => CarryStep::Nothing,
                }
            }
            (Some(_), PlaceKey::Back) => {
                self.snap = None;
                CarryStep::Moved
            }
            (snap, k) => {
                let Some(dir) = direction(k) else {
                    return CarryStep::Nothing;
                };
                let (points, at) = match snap {
                    Some(i) => (&pp.snaps, i),
                    None => (&pp.sources, self.source),
                };
                let Some(from) = points.get(at).copied() else {
                    return CarryStep::Nothing;
                };
                match nearest_in_direction(points, from, dir) {
                    Some(i) if snap.is_some() => {
                        self.snap = Some(i);
                        CarryStep::Moved
                    }
                    Some(i) => {
                        self.source = i;
                        CarryStep::Moved
                    }
                    None => CarryStep::Nothing,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn free() -> PlacementPrompt {
        PlacementPrompt {
            action: "place".into(),
            label: "Tower".into(),
            half_extents: [0.02, 0.04],
            region: [0.0, 0.0, 0.4, 0.2],
            angle: (3300, 300),
            snaps: Vec::new(),
            sources: Vec::new(),
        }
    }

    #[test]
    fn arrows_move_a_free_piece_a_step_and_stop_at_the_region_edge() {
        let p = free();
        let (x, y, a) = nudge(&p, (0.2, 0.1, 0), PlaceKey::Right, false);
        assert!((x - 0.24).abs() < 1e-6 && (y - 0.1).abs() < 1e-6 && a == 0);
        let (x, _, _) = nudge(&p, (x, y, a), PlaceKey::Left, true);
        assert!((x - 0.232).abs() < 1e-6, "{x}");
        let mut g = (0.2, 0.1, 0);
        for _ in 0..50 {
            g = nudge(&p, g, PlaceKey::Up, false);
        }
        assert!((g.1 - 0.2).abs() < 1e-6, "stops at the top: {g:?}");
        let args = gesture::placement_args(&p, g.0, g.1, g.2);
        assert_eq!(args, [200, 200, 0]);
    }

    #[test]
    fn twisting_stays_within_the_angles_and_a_fixed_piece_never_turns() {
        let p = free();
        let mut g = (0.2, 0.1, 0);
        g = nudge(&p, g, PlaceKey::TwistLeft, false);
        assert_eq!(g.2, 150);
        g = nudge(&p, g, PlaceKey::TwistRight, true);
        assert_eq!(g.2, 120);
        for _ in 0..10 {
            g = nudge(&p, g, PlaceKey::TwistRight, false);
        }
        assert_eq!(g.2, 3300, "through zero to the end of the range");
        g = nudge(&p, g, PlaceKey::Quarter, false);
        assert_eq!(g.2, 300, "a quarter turn stops at the range's end");
        let mut fixed = free();
        fixed.angle = (0, 0);
        assert_eq!(nudge(&fixed, g, PlaceKey::Quarter, false).2, 0);
    }

    #[test]
    fn arrows_go_to_the_next_snap_that_way() {
        let mut p = free();
        p.snaps = vec![[0.1, 0.1], [0.2, 0.1], [0.3, 0.1], [0.2, 0.2]];
        let g = nudge(&p, (0.1, 0.1, 0), PlaceKey::Right, false);
        assert_eq!((g.0, g.1), (0.2, 0.1));
        let g = nudge(&p, g, PlaceKey::Up, false);
        assert_eq!((g.0, g.1), (0.2, 0.2));
        let g = nudge(&p, g, PlaceKey::Up, false);
        assert_eq!((g.0, g.1), (0.2, 0.2), "nothing further up");
        // From a ghost between snaps: from the snap it would land on.
        let g = nudge(&p, (0.29, 0.11, 0), PlaceKey::Left, false);
        assert_eq!((g.0, g.1), (0.2, 0.1));
    }

    #[test]
    fn a_carried_piece_is_picked_then_dropped_on_a_spot_with_the_drags_own_move() {
        let mut p = free();
        p.sources = vec![[0.1, 0.0], [0.3, 0.0]];
        p.snaps = vec![[0.1, 0.1], [0.3, 0.1]];
        let mut k = KeyCarry::default();
        assert_eq!(k.key(&p, PlaceKey::Right), CarryStep::Moved);
        assert_eq!(k.source, 1);
        assert_eq!(k.key(&p, PlaceKey::Right), CarryStep::Nothing);
        assert_eq!(k.key(&p, PlaceKey::Place), CarryStep::Moved);
        assert_eq!(k.snap, Some(1), "the spot nearest the piece first");
        k.key(&p, PlaceKey::Left);
        assert_eq!(k.snap, Some(0));
        let drag = Carry {
            source: 1,
            dx: 0.0,
            dy: 0.0,
        }
        .release(&p, 0.1, 0.1, 0.01);
        match k.key(&p, PlaceKey::Place) {
            CarryStep::Send(args) => {
                assert_eq!(Some(args), drag);
                assert_eq!(args[0], 1);
            }
            other => panic!("expected a move, got {other:?}"),
        }
        assert_eq!(k.snap, None);
        k.key(&p, PlaceKey::Place);
        assert_eq!(k.key(&p, PlaceKey::Back), CarryStep::Moved);
        assert_eq!(k.snap, None);
    }

    #[test]
    fn nearest_in_direction_ignores_points_behind_and_far_off_to_the_side() {
        let pts = [[-1.0, 0.0], [0.1, 1.0], [1.0, 0.2], [2.0, 0.0]];
        assert_eq!(nearest_in_direction(&pts, [0.0, 0.0], (1.0, 0.0)), Some(2));
        assert_eq!(nearest_in_direction(&pts, [0.0, 0.0], (0.0, -1.0)), None);
        assert_eq!(nearest(&pts, [1.9, 0.1]), Some(3));
    }
}
