//! Where everything lies on the Catapults table, in whole millimetres (side view, y up, the table
//! top at y = 0, x = 0 at the middle of the box). Pure numbers: the rules use them to decide which
//! tile a cube touches, the physics table builds its bodies from the very same rectangles.
//!
//! The canonical frame has end 0 on the left and end 1 on the right. A shot is simulated in the
//! shooter's frame (the shooter's end always on the left: the scene is mirrored for end 1).

/// Side of a square tile (mm) and its thickness.
pub const TILE: i32 = 60;
pub const TILE_T: i32 = 2;
/// Edge of a cube (mm).
pub const CUBE: i32 = 10;
/// The open lid of the box: inner half width, wall thickness, wall height (top of the rim above
/// the table) and floor thickness.
pub const LID_INNER_HALF: i32 = 93;
pub const LID_WALL: i32 = 3;
pub const LID_WALL_H: i32 = 25;
pub const LID_FLOOR: i32 = 2;
/// Outer half width of the lid.
pub const LID_OUTER_HALF: i32 = LID_INNER_HALF + LID_WALL;
/// Length of the rulebook laid between the two tile rows of each side (mm).
pub const RULEBOOK: i32 = 150;
/// The own-side tile row, directly against the lid (distance from the middle, near and far edge).
pub const INNER_ROW: (i32, i32) = (LID_OUTER_HALF, LID_OUTER_HALF + TILE);
/// The second tile row, one rulebook further out: it only marks the catapult line.
pub const OUTER_ROW: (i32, i32) = (INNER_ROW.1 + RULEBOOK, INNER_ROW.1 + RULEBOOK + TILE);
/// A cube whose centre lies beyond this distance from the middle lies behind a tile line, among
/// the catapults: it is out of play and goes back to its owner's supply.
pub const OUT_LINE: i32 = OUTER_ROW.1;
/// Gap between the outer tile row and the far tip of a catapult's lever at rest.
pub const CATAPULT_GAP: i32 = 10;
/// Distance from the middle to the near end (the cube's end) of a lever at rest.
pub const LEVER_NEAR: i32 = OUT_LINE + CATAPULT_GAP + TILE;
/// Half the length of the table; past its edges a cube falls to the floor.
pub const TABLE_HALF: i32 = 600;

/// Meeple lying on its side (the fulcrum): width and height in the side view, rounding.
pub const MEEPLE_W: i32 = 10;
pub const MEEPLE_H: i32 = 10;

/// Which tile a zone is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ZoneKind {
    /// The start tile in the middle of the box: 5 points.
    Centre,
    /// A tile of the ring of eight around it: 1 point.
    Ring,
    /// The tiles directly next to the box on one end: 2 points for the players of that end.
    Side(usize),
}

/// A scoring tile: its kind and its rectangle in the canonical frame (mm).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Zone {
    pub kind: ZoneKind,
    pub x0: i32,
    pub x1: i32,
    pub y0: i32,
    pub y1: i32,
}

/// The scoring tiles cut by the side view, left to right. The box's 3 × 3 tiles show as ring,
/// start tile, ring; each side's row of three shows as one tile.
pub const ZONES: [Zone; 5] = [
    Zone {
        kind: ZoneKind::Side(0),
        x0: -INNER_ROW.1,
        x1: -INNER_ROW.0,
        y0: 0,
        y1: TILE_T,
    },
    Zone {
        kind: ZoneKind::Ring,
        x0: -3 * TILE / 2,
        x1: -TILE / 2,
        y0: LID_FLOOR,
        y1: LID_FLOOR + TILE_T,
    },
    Zone {
        kind: ZoneKind::Centre,
        x0: -TILE / 2,
        x1: TILE / 2,
        y0: LID_FLOOR,
        y1: LID_FLOOR + TILE_T,
    },
    Zone {
        kind: ZoneKind::Ring,
        x0: TILE / 2,
        x1: 3 * TILE / 2,
        y0: LID_FLOOR,
        y1: LID_FLOOR + TILE_T,
    },
    Zone {
        kind: ZoneKind::Side(1),
        x0: INNER_ROW.0,
        x1: INNER_ROW.1,
        y0: 0,
        y1: TILE_T,
    },
];

/// The non-scoring outer tile rows (left, right), x0, x1 (mm); they lie on the table (y 0..2).
pub const OUTER_TILES: [(i32, i32); 2] = [(-OUTER_ROW.1, -OUTER_ROW.0), (OUTER_ROW.0, OUTER_ROW.1)];

/// How close (mm) a cube must come to a tile to count as touching it: poses are stored in whole
/// millimetres, so a referee's ruler cannot tell half a millimetre from contact.
pub const TOUCH_TOLERANCE: f64 = 0.75;

/// Points a zone is worth to a cube whose owner sits at `end`.
pub fn zone_points(kind: ZoneKind, end: usize) -> i64 {
    match kind {
        ZoneKind::Centre => 5,
        ZoneKind::Ring => 1,
        ZoneKind::Side(e) if e == end => 2,
        ZoneKind::Side(_) => 0,
    }
}

/// The corners of a cube at (x, y) mm turned by `angle_tenths`, in mm.
pub fn cube_corners(x: i32, y: i32, angle_tenths: i32) -> [(f64, f64); 4] {
    let rad = (angle_tenths.rem_euclid(3600) as f64) * (core::f64::consts::PI / 1800.0);
    let (c, s) = (libm::cos(rad), libm::sin(rad));
    let h = CUBE as f64 / 2.0;
    let mut out = [(0.0, 0.0); 4];
    for (i, (lx, ly)) in [(-h, -h), (h, -h), (h, h), (-h, h)].into_iter().enumerate() {
        out[i] = (x as f64 + c * lx - s * ly, y as f64 + s * lx + c * ly);
    }
    out
}

/// Whether a cube at this pose touches (or comes within `TOUCH_TOLERANCE` of) the zone's tile:
/// separating-axis test of the turned square against the tile rectangle grown by the tolerance.
pub fn touches(zone: &Zone, x: i32, y: i32, angle_tenths: i32) -> bool {
    let t = TOUCH_TOLERANCE;
    let rect = [
        (zone.x0 as f64 - t, zone.y0 as f64 - t),
        (zone.x1 as f64 + t, zone.y0 as f64 - t),
        (zone.x1 as f64 + t, zone.y1 as f64 + t),
        (zone.x0 as f64 - t, zone.y1 as f64 + t),
    ];
    let cube = cube_corners(x, y, angle_tenths);
    let edge = |p: &[(f64, f64); 4]| -> [(f64, f64); 2] {
        [
            (p[1].0 - p[0].0, p[1].1 - p[0].1),
            (p[3].0 - p[0].0, p[3].1 - p[0].1),
        ]
    };
    let axes = [edge(&rect), edge(&cube)].concat();
    for (ax, ay) in axes {
        let proj = |p: &[(f64, f64); 4]| {
            let mut lo = f64::MAX;
            let mut hi = f64::MIN;
            for &(px, py) in p {
                let v = px * ax + py * ay;
                lo = lo.min(v);
                hi = hi.max(v);
            }
            (lo, hi)
        };
        let (a0, a1) = proj(&rect);
        let (b0, b1) = proj(&cube);
        if a1 < b0 || b1 < a0 {
            return false;
        }
    }
    true
}

/// Zone points a cube at this pose earns its owner (sitting at `end`): the best tile it touches.
pub fn cube_points(end: usize, x: i32, y: i32, angle_tenths: i32) -> i64 {
    ZONES
        .iter()
        .filter(|z| touches(z, x, y, angle_tenths))
        .map(|z| zone_points(z.kind, end))
        .max()
        .unwrap_or(0)
}

/// The end (0 = left, 1 = right) where a seat's side of the box lies in a round (1-based). A side
/// view has two ends: two players face each other; with three, one player has an end alone and
/// the lone seat changes every round; with four, players pair up at the ends and the pairs change
/// every round (everyone partners everyone once in three rounds).
pub fn end_of(seat: usize, round: u32, players: usize) -> usize {
    let r = round.max(1) as usize - 1;
    match players {
        3 => usize::from(seat == (r + 1) % 3),
        4 => {
            let partner = [2, 1, 3][r % 3];
            usize::from(!(seat == 0 || seat == partner))
        }
        _ => seat % 2,
    }
}
