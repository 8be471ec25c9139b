//! Pure geometry of the Catapult Feud table (side view, y up, table top y = 0). Lengths are
//! integers in tenths of a millimetre ("dmm"), angles in tenths of a degree counter-clockwise.
//! Pieces are unions of rectangles ("parts"); overlap is a separating-axis test, and a dropped
//! piece falls straight down onto the highest part beneath it. `libm` only.

/// The player board: 300 mm wide, 3 mm thick.
pub const BOARD_W: i32 = 3000;
pub const BOARD_T: i32 = 30;
/// Between the two boards' inner edges (the players sit about 1.5 m apart).
pub const BOARD_GAP: i32 = 12_000;
/// The table runs this far beyond each board's outer edge; past it pieces fall to the floor.
pub const TABLE_MARGIN: i32 = 2_000;
/// A fortress block: 75 × 25 mm in the side view (25 mm deep, pine: 23 g).
pub const BLOCK_L: i32 = 750;
pub const BLOCK_T: i32 = 250;
/// The gate: 100 × 75 mm, two 25 mm posts and a 25 mm lintel over a 50 × 50 mm arch.
pub const GATE_W: i32 = 1000;
pub const GATE_H: i32 = 750;
pub const GATE_POST: i32 = 250;
/// A soldier: 40 mm tall on a 22 × 5 mm base, its body 14 mm wide.
pub const SOLDIER_W: i32 = 220;
pub const SOLDIER_H: i32 = 400;
pub const SOLDIER_BASE_H: i32 = 50;
pub const SOLDIER_BODY_W: i32 = 140;
/// Distance 1 (the marker's width) and Distance 2 (its length): 40 mm and 100 mm.
pub const D1: i32 = 400;
pub const D2: i32 = 1000;
/// The catapult: a 140 mm chassis, 30 mm high; its axles 20 mm in from each end; the cup
/// releases 100 mm above the table, 20 mm in from its rear end.
pub const CATAPULT_L: i32 = 1400;
pub const CATAPULT_H: i32 = 300;
pub const AXLE_INSET: i32 = 200;
pub const CUP_INSET: i32 = 200;
pub const CUP_Y: i32 = 1000;
/// Boulder radius (10 mm).
pub const AMMO_R: i32 = 100;
/// A soldier tilted more than this (tenths of a degree, 5°) no longer stands upright.
pub const UPRIGHT_TOL: i32 = 50;
/// A placement angle this close to 0° or 90° counts as exactly that (a hand is not a protractor).
pub const ANGLE_SNAP: i32 = 50;

pub use crate::core::Pose;

/// What a piece is, for its shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    Block,
    Gate,
    Soldier,
}

/// At most three items kept inline: a piece's parts, without a heap allocation (placement checks
/// ask for them thousands of times a decision).
#[derive(Clone, Copy, Debug)]
pub struct Few<T: Copy> {
    items: [Option<T>; 3],
}

impl<T: Copy> Few<T> {
    fn of(list: &[T]) -> Few<T> {
        let mut items = [None; 3];
        for (slot, v) in items.iter_mut().zip(list) {
            *slot = Some(*v);
        }
        debug_assert!(list.len() <= 3);
        Few { items }
    }

    pub fn map<U: Copy>(self, f: impl Fn(T) -> U) -> Few<U> {
        Few {
            items: self.items.map(|v| v.map(&f)),
        }
    }

    pub fn iter(&self) -> impl Iterator<Item = &T> + '_ {
        self.items.iter().flatten()
    }
}

impl<T: Copy> IntoIterator for Few<T> {
    type Item = T;
    type IntoIter = core::iter::Flatten<core::array::IntoIter<Option<T>, 3>>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter().flatten()
    }
}

/// A rectangle of a piece in the piece's own frame: centre offset and half extents (dmm).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect {
    pub cx: i32,
    pub cy: i32,
    pub hw: i32,
    pub hh: i32,
}

pub fn parts(shape: Shape) -> Few<Rect> {
    match shape {
        Shape::Block => Few::of(&[Rect {
            cx: 0,
            cy: 0,
            hw: BLOCK_L / 2,
            hh: BLOCK_T / 2,
        }]),
        Shape::Soldier => Few::of(&[
            Rect {
                cx: 0,
                cy: -(SOLDIER_H - SOLDIER_BASE_H) / 2,
                hw: SOLDIER_W / 2,
                hh: SOLDIER_BASE_H / 2,
            },
            Rect {
                cx: 0,
                cy: SOLDIER_BASE_H / 2,
                hw: SOLDIER_BODY_W / 2,
                hh: (SOLDIER_H - SOLDIER_BASE_H) / 2,
            },
        ]),
        Shape::Gate => {
            let post = Rect {
                cx: 0,
                cy: 0,
                hw: GATE_POST / 2,
                hh: GATE_H / 2,
            };
            Few::of(&[
                Rect {
                    cx: -(GATE_W - GATE_POST) / 2,
                    ..post
                },
                Rect {
                    cx: (GATE_W - GATE_POST) / 2,
                    ..post
                },
                Rect {
                    cx: 0,
                    cy: (GATE_H - GATE_POST) / 2,
                    hw: (GATE_W - 2 * GATE_POST) / 2,
                    hh: GATE_POST / 2,
                },
            ])
        }
    }
}

/// Tilt from upright (0°), 0..=1800 tenths of a degree.
pub fn tilt(a: i32) -> i32 {
    let m = a.rem_euclid(3600);
    m.min(3600 - m)
}

/// A soldier at this angle still stands strictly upright.
pub fn upright(a: i32) -> bool {
    tilt(a) <= UPRIGHT_TOL
}

/// A block angle snapped to 0 or 90° (180 and 270 are the same shapes), or None for a diagonal.
pub fn square_angle(a: i32) -> Option<i32> {
    let m = a.rem_euclid(1800);
    if m <= ANGLE_SNAP || m >= 1800 - ANGLE_SNAP {
        Some(0)
    } else if (m - 900).abs() <= ANGLE_SNAP {
        Some(900)
    } else {
        None
    }
}

/// An oriented rectangle in table coordinates (f64 dmm).
#[derive(Clone, Copy, Debug)]
pub struct Obb {
    pub cx: f64,
    pub cy: f64,
    pub hw: f64,
    pub hh: f64,
    pub c: f64,
    pub s: f64,
}

fn rot(a: i32) -> (f64, f64) {
    let r = a.rem_euclid(3600) as f64 * (core::f64::consts::PI / 1800.0);
    // Exact for the right angles that placement uses.
    match a.rem_euclid(3600) {
        0 => (1.0, 0.0),
        900 => (0.0, 1.0),
        1800 => (-1.0, 0.0),
        2700 => (0.0, -1.0),
        _ => (libm::cos(r), libm::sin(r)),
    }
}

pub fn obbs(shape: Shape, p: Pose) -> Few<Obb> {
    let (c, s) = rot(p.a);
    parts(shape).map(|r| Obb {
        cx: p.x as f64 + c * r.cx as f64 - s * r.cy as f64,
        cy: p.y as f64 + s * r.cx as f64 + c * r.cy as f64,
        hw: r.hw as f64,
        hh: r.hh as f64,
        c,
        s,
    })
}

impl Obb {
    /// Axis-aligned bounds: min x, min y, max x, max y.
    pub fn aabb(&self) -> (f64, f64, f64, f64) {
        let ex = self.hw * self.c.abs() + self.hh * self.s.abs();
        let ey = self.hw * self.s.abs() + self.hh * self.c.abs();
        (self.cx - ex, self.cy - ey, self.cx + ex, self.cy + ey)
    }

    fn project(&self, ax: f64, ay: f64) -> (f64, f64) {
        let centre = self.cx * ax + self.cy * ay;
        let r = self.hw * (self.c * ax + self.s * ay).abs()
            + self.hh * (-self.s * ax + self.c * ay).abs();
        (centre - r, centre + r)
    }

    /// Whether two rectangles overlap by more than `slack` dmm on every axis.
    pub fn overlaps(&self, o: &Obb, slack: f64) -> bool {
        let axes = [(self.c, self.s), (-self.s, self.c), (o.c, o.s), (-o.s, o.c)];
        axes.iter().all(|&(ax, ay)| {
            let (a0, a1) = self.project(ax, ay);
            let (b0, b1) = o.project(ax, ay);
            a1.min(b1) - a0.max(b0) > slack
        })
    }
}

/// Bounds of a whole piece: min x, min y, max x, max y.
pub fn bounds(shape: Shape, p: Pose) -> (f64, f64, f64, f64) {
    obbs(shape, p)
        .iter()
        .map(|o| o.aabb())
        .fold((f64::MAX, f64::MAX, f64::MIN, f64::MIN), |a, b| {
            (a.0.min(b.0), a.1.min(b.1), a.2.max(b.2), a.3.max(b.3))
        })
}

/// Distance between two axis-aligned boxes (0 when they touch or overlap).
pub fn box_distance(a: (f64, f64, f64, f64), b: (f64, f64, f64, f64)) -> f64 {
    let dx = (b.0 - a.2).max(a.0 - b.2).max(0.0);
    let dy = (b.1 - a.3).max(a.1 - b.3).max(0.0);
    libm::sqrt(dx * dx + dy * dy)
}

/// Left edge of a seat's board (seat 0 on the left, seat 1 on the right).
pub fn board_left(seat: usize) -> i32 {
    if seat == 0 {
        -BOARD_GAP / 2 - BOARD_W
    } else {
        BOARD_GAP / 2
    }
}

pub fn board_span(seat: usize) -> (i32, i32) {
    let l = board_left(seat);
    (l, l + BOARD_W)
}

/// +1 when the enemy is to the right of this seat, -1 when to the left.
pub fn toward_enemy(seat: usize) -> i32 {
    if seat == 0 {
        1
    } else {
        -1
    }
}

/// The table's extent (dmm).
pub fn table_span() -> (i32, i32) {
    (
        board_left(0) - TABLE_MARGIN,
        board_left(1) + BOARD_W + TABLE_MARGIN,
    )
}

/// Mirrors a board-local x (0 = the seat's outer edge) into table x: designs are written from
/// the outer edge towards the enemy.
pub fn local_to_table_x(seat: usize, lx: i32) -> i32 {
    let (l, r) = board_span(seat);
    if seat == 0 {
        l + lx
    } else {
        r - lx
    }
}

/// Whether any part of a piece lies over its board (the rulebook's "not completely off").
pub fn over_board(seat: usize, shape: Shape, p: Pose) -> bool {
    let (x0, _, x1, _) = bounds(shape, p);
    let (l, r) = board_span(seat);
    x1 > l as f64 + 1.0 && x0 < r as f64 - 1.0
}

/// Whether a piece lies entirely within its board's span.
pub fn within_board(seat: usize, shape: Shape, p: Pose) -> bool {
    let (x0, _, x1, _) = bounds(shape, p);
    let (l, r) = board_span(seat);
    x0 >= l as f64 - 0.5 && x1 <= r as f64 + 0.5
}

/// Where a piece dropped straight down lands, and on what.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Support {
    Board,
    /// Index into the `others` slice given to `drop_onto`.
    Piece(usize),
}

/// A piece lying on the table with its parts and their bounds worked out once, for checks that
/// test many spots against the same pieces.
#[derive(Clone, Copy, Debug)]
pub struct Solid {
    pub shape: Shape,
    pub pose: Pose,
    parts: Few<(Obb, (f64, f64, f64, f64))>,
}

impl Solid {
    pub fn new(shape: Shape, pose: Pose) -> Solid {
        Solid {
            shape,
            pose,
            parts: obbs(shape, pose).map(|o| (o, o.aabb())),
        }
    }
}

/// The pieces as solids, in the same order.
pub fn solids(pieces: impl IntoIterator<Item = (Shape, Pose)>) -> Vec<Solid> {
    pieces.into_iter().map(|(s, p)| Solid::new(s, p)).collect()
}

/// Drops a piece (`shape` at x, angle `a`, its lowest point starting at `from_bottom`) onto the
/// board at height `BOARD_T` or the highest part beneath it among `others`; returns the resting
/// centre y and what carries it.
pub fn drop_onto(
    shape: Shape,
    x: i32,
    a: i32,
    from_bottom: i32,
    others: &[Solid],
) -> (i32, Support) {
    let probe = obbs(shape, Pose::new(x, 0, a));
    let mut best = (f64::MIN, Support::Board);
    for o in probe.iter() {
        let (x0, y0, x1, _) = o.aabb();
        // Resting on the board: the piece's lowest point at the board top.
        let y = BOARD_T as f64 - y0;
        if y > best.0 {
            best = (y, Support::Board);
        }
        for (i, solid) in others.iter().enumerate() {
            for (_, (qx0, _, qx1, qy1)) in solid.parts {
                if qx1.min(x1) - qx0.max(x0) <= 1.0 {
                    continue;
                }
                // Only what is below where the piece is let go can catch it.
                if qy1 > from_bottom as f64 + 5.0 {
                    continue;
                }
                let y = qy1 - y0;
                if y > best.0 + 0.01 {
                    best = (y, Support::Piece(i));
                }
            }
        }
    }
    (libm::ceil(best.0) as i32, best.1)
}

/// Whether something at height `y` (the top of the board, or of a part of `others`) carries the
/// point `x` with `margin` dmm to spare on both sides: a soldier's centre must be carried.
pub fn carried(x: i32, y: i32, margin: i32, others: &[Solid]) -> bool {
    if y <= BOARD_T + 1 {
        return true;
    }
    others.iter().any(|solid| {
        solid.parts.iter().any(|&(_, (qx0, _, qx1, qy1))| {
            (qy1 - y as f64).abs() <= 3.0
                && qx0 <= (x - margin) as f64
                && qx1 >= (x + margin) as f64
        })
    })
}

/// Two tops at the same height this close (dmm) or closer side by side are one surface: blocks
/// pushed together by hand, or settled a hair apart.
pub const JOINT_GAP: f64 = 10.0;

/// `carried` by the tops of blocks (and the gate) at height `y` taken together where they meet
/// (`JOINT_GAP`): a soldier's middle over the joint of two touching blocks is carried.
/// Soldiers' heads are left out (soldiers do not carry soldiers).
pub fn carried_by_joined_tops(x: i32, y: i32, margin: i32, others: &[Solid]) -> bool {
    if y <= BOARD_T + 1 {
        return true;
    }
    let mut tops: Vec<(f64, f64)> = others
        .iter()
        .filter(|solid| solid.shape != Shape::Soldier)
        .flat_map(|solid| solid.parts.iter())
        .filter(|&&(_, (_, _, _, qy1))| (qy1 - y as f64).abs() <= 3.0)
        .map(|&(_, (qx0, _, qx1, _))| (qx0, qx1))
        .collect();
    crate::core::order::sort_by(&mut tops, |a, b| a.0.total_cmp(&b.0));
    let (lo, hi) = ((x - margin) as f64, (x + margin) as f64);
    let mut run: Option<(f64, f64)> = None;
    for (x0, x1) in tops {
        run = match run {
            Some((r0, r1)) if x0 <= r1 + JOINT_GAP => Some((r0, r1.max(x1))),
            _ => Some((x0, x1)),
        };
        if let Some((r0, r1)) = run {
            if r0 <= lo && r1 >= hi {
                return true;
            }
        }
    }
    false
}

/// The first piece among `others` that a piece at `pose` would overlap, if any.
pub fn first_overlap(shape: Shape, pose: Pose, others: &[Solid]) -> Option<usize> {
    let mine = obbs(shape, pose);
    others.iter().position(|solid| {
        solid
            .parts
            .iter()
            .any(|(q, _)| mine.iter().any(|m| m.overlaps(q, 2.0)))
    })
}

/// The highest point of a piece (dmm).
pub fn top(shape: Shape, p: Pose) -> i32 {
    libm::ceil(bounds(shape, p).3) as i32
}

/// Half the height of a piece at this angle (how high its centre sits above what carries it).
pub fn half_height(shape: Shape, a: i32) -> i32 {
    let (_, y0, _, y1) = bounds(shape, Pose::new(0, 0, a));
    libm::round((y1 - y0) / 2.0) as i32
}

pub fn half_width(shape: Shape, a: i32) -> i32 {
    let (x0, _, x1, _) = bounds(shape, Pose::new(0, 0, a));
    libm::round((x1 - x0) / 2.0) as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drop_lands_on_the_board_and_on_a_block() {
        let (y, s) = drop_onto(Shape::Block, 0, 0, 10_000, &[]);
        assert_eq!((y, s), (BOARD_T + BLOCK_T / 2, Support::Board));
        let under = [Solid::new(
            Shape::Block,
            Pose::new(0, BOARD_T + BLOCK_T / 2, 0),
        )];
        let (y, s) = drop_onto(Shape::Block, 300, 900, 10_000, &under);
        assert_eq!(s, Support::Piece(0));
        assert_eq!(y, BOARD_T + BLOCK_T + BLOCK_L / 2);
        assert!(first_overlap(Shape::Block, Pose::new(300, y, 900), &under).is_none());
        assert_eq!(
            first_overlap(Shape::Block, Pose::new(300, y - 10, 900), &under),
            Some(0)
        );
    }

    #[test]
    fn angles_snap_to_right_angles_or_are_diagonal() {
        assert_eq!(square_angle(0), Some(0));
        assert_eq!(square_angle(3580), Some(0));
        assert_eq!(square_angle(930), Some(900));
        assert_eq!(square_angle(2700), Some(900));
        assert_eq!(square_angle(450), None);
        assert!(upright(30) && upright(3560) && !upright(60));
    }
}
