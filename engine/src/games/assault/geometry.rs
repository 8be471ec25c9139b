//! Pure card geometry for Assault on the Castle (no physics): units, the table layout, card
//! poses, the placement checks and the A-frame helper. Lengths are integers in tenths of a
//! millimetre ("dmm"), angles in tenths of a degree counter-clockwise from +x. `libm` only.

use crate::core::RuleResult;

/// Card length (88 mm) and thickness (0.8 mm), in dmm.
pub const CARD_LEN: i32 = 880;
pub const CARD_THICK: i32 = 8;
/// Card mass in grams.
pub const CARD_MASS_G: f32 = 1.8;
/// Bedrock mat width (36 cm) and slab thickness (3 mm) in dmm; gap between mats (26 cm).
pub const MAT_W: i32 = 3600;
pub const MAT_T: i32 = 30;
pub const MAT_GAP: i32 = 2600;
/// The thrower's elbow rests on the table this far beside their mat (to the right of its right
/// edge, or on table 2 in the right half of the row left of its left edge); the forearm is
/// upright, so the wrist (the throw's pivot) is this high above the table.
pub const PIVOT_DX: i32 = 600;
pub const WRIST_Y: i32 = 2400;
/// No Great Tower within this distance of a pivot (the thrower's arm is there).
pub const ARM_ZONE: i32 = 300;
/// The Great Tower (the game box standing on end): 10 cm wide, 20 cm tall.
pub const TOWER_HW: i32 = 500;
pub const TOWER_HH: i32 = 1000;
/// Table margin beyond the first mat and after the last pivot gap.
pub const TABLE_MARGIN: i32 = 4000;
/// A card whose long axis is within this many tenths of a degree of the table is "horizontal".
pub const HORIZONTAL_TILT: i32 = 200;
/// A horizontal card whose lowest point is below this height (dmm above the mat) lies on the mat
/// (or on other fallen cards): a ruin. Raised horizontal cards are floors.
pub const RUIN_HEIGHT: i32 = 200;
/// A standing card whose lowest point is at least this high is on a second storey.
pub const STOREY_HEIGHT: i32 = 400;
/// A castle "stands" after letting go when no card moved more than this (dmm / tenths of a degree).
pub const STAND_MOVE: i32 = 30;
pub const STAND_TURN: i32 = 30;
/// A-frames built by the helpers lean at 70 degrees.
pub const LEAN: i32 = 700;
/// Two cards overlap when their centre lines come closer than this (dmm): a touch is 8.
pub const MIN_GAP: f64 = 7.0;

/// A card's pose: centre x, y (dmm, mat-local: from the mat's left edge and top surface) and angle.
pub use crate::core::Pose;

/// Left edge of a seat's mat on the table (dmm).
pub fn mat_left(seat: usize) -> i32 {
    seat as i32 * (MAT_W + MAT_GAP)
}

/// The table a game is played on (docs/rules/assault.md, "Table versions"). A game keeps the one
/// it was started on, so that every recording replays to the same result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TableVersion {
    /// Recordings without the option `table_v2`: every elbow rests to the right of its mat, and
    /// every castle starts a throw awake.
    V1,
    /// Every new game: an elbow rests on the side of its mat that faces the middle of the row
    /// (`elbow_on_the_left`), and castles that stood start a throw asleep (the physics wakes
    /// what a throw touches).
    #[default]
    V2,
}

/// Whether `seat`'s elbow rests to the left of its mat (table 2: the seats in the right half of
/// the row, so that every thrower faces the middle and a row of `n` mats is its own mirror
/// image; a middle seat of an odd row keeps the right). Table 1: never.
pub fn elbow_on_the_left(seat: usize, n: usize, version: TableVersion) -> bool {
    version == TableVersion::V2 && 2 * seat > n.saturating_sub(1)
}

/// The wrist pivot of a seat (absolute dmm) at a table of `n` seats: 6 cm beside its mat, on
/// the side its elbow rests.
pub fn pivot(seat: usize, n: usize, version: TableVersion) -> (i32, i32) {
    if elbow_on_the_left(seat, n, version) {
        (mat_left(seat) - PIVOT_DX, WRIST_Y)
    } else {
        (mat_left(seat) + MAT_W + PIVOT_DX, WRIST_Y)
    }
}

/// Table extent (absolute dmm) for `n` seats.
pub fn table_extent(n: usize) -> (i32, i32) {
    (-TABLE_MARGIN, mat_left(n) + TABLE_MARGIN)
}

/// Tilt from the table, 0..=900 tenths of a degree.
pub fn tilt(a: i32) -> i32 {
    let m = a.rem_euclid(1800);
    m.min(1800 - m)
}

pub fn is_horizontal(a: i32) -> bool {
    tilt(a) <= HORIZONTAL_TILT
}

/// Cosine and sine of an angle in tenths of a degree, from a table worked out once with `libm`
/// (the same values as computing them each time; placement searches ask for them constantly).
fn dir(a: i32) -> (f64, f64) {
    static TABLE: std::sync::OnceLock<Vec<(f64, f64)>> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        (0..3600)
            .map(|t| {
                let r = t as f64 * (core::f64::consts::PI / 1800.0);
                (libm::cos(r), libm::sin(r))
            })
            .collect()
    });
    table[a.rem_euclid(3600) as usize]
}

/// The lowest point of a card (dmm above the mat).
pub fn lowest(p: Pose) -> f64 {
    let (c, s) = dir(p.a);
    p.y as f64 - (CARD_LEN as f64 / 2.0) * s.abs() - (CARD_THICK as f64 / 2.0) * c.abs()
}

/// The highest point of a card (dmm above the mat).
pub fn highest(p: Pose) -> f64 {
    let (c, s) = dir(p.a);
    p.y as f64 + (CARD_LEN as f64 / 2.0) * s.abs() + (CARD_THICK as f64 / 2.0) * c.abs()
}

/// Horizontal extent of a card (min x, max x), dmm.
pub fn x_span(p: Pose) -> (f64, f64) {
    let (c, s) = dir(p.a);
    let hw = (CARD_LEN as f64 / 2.0) * c.abs() + (CARD_THICK as f64 / 2.0) * s.abs();
    (p.x as f64 - hw, p.x as f64 + hw)
}

/// A fallen card lying on the mat (or on other fallen cards).
pub fn is_ruin(p: Pose) -> bool {
    is_horizontal(p.a) && lowest(p) < RUIN_HEIGHT as f64
}

pub fn is_standing(p: Pose) -> bool {
    !is_horizontal(p.a)
}

/// A standing card carried by a lower storey.
pub fn is_upper_storey(p: Pose) -> bool {
    is_standing(p) && lowest(p) >= STOREY_HEIGHT as f64
}

/// Whether a pose moved by more than the "stands" tolerance.
pub fn moved(a: Pose, b: Pose) -> bool {
    let da = (a.a - b.a).rem_euclid(3600);
    let da = da.min(3600 - da);
    (a.x - b.x).abs() > STAND_MOVE || (a.y - b.y).abs() > STAND_MOVE || da > STAND_TURN
}

/// The centre-line segment of a card (a capsule of radius thickness/2 around it).
fn segment(p: Pose) -> ((f64, f64), (f64, f64)) {
    let (c, s) = dir(p.a);
    let h = (CARD_LEN - CARD_THICK) as f64 / 2.0;
    let (x, y) = (p.x as f64, p.y as f64);
    ((x - h * c, y - h * s), (x + h * c, y + h * s))
}

fn point_segment(p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 > 0.0 {
        (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let (qx, qy) = (a.0 + t * dx - p.0, a.1 + t * dy - p.1);
    libm::sqrt(qx * qx + qy * qy)
}

fn cross(o: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
    (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0)
}

/// Distance between the centre lines of two cards (0 when they cross).
pub fn centre_line_distance(p: Pose, q: Pose) -> f64 {
    let (a, b) = segment(p);
    let (c, d) = segment(q);
    let d1 = cross(a, b, c);
    let d2 = cross(a, b, d);
    let d3 = cross(c, d, a);
    let d4 = cross(c, d, b);
    if ((d1 > 0.0 && d2 < 0.0) || (d1 < 0.0 && d2 > 0.0))
        && ((d3 > 0.0 && d4 < 0.0) || (d3 < 0.0 && d4 > 0.0))
    {
        return 0.0;
    }
    point_segment(a, c, d)
        .min(point_segment(b, c, d))
        .min(point_segment(c, a, b))
        .min(point_segment(d, a, b))
}

/// Why a card cannot go where it was put (`misfit`); an index is into its `others`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Misfit {
    PastTheMat,
    Sinks,
    TooHigh,
    FlatOnTheMat,
    Overlaps(usize),
}

/// What keeps a card at `pose` off a mat already holding `others` (off the mat, lying flat on
/// it, inside another card), if anything: `check_place` without its words, for searches that
/// try many spots.
pub fn misfit(others: &[(u32, Pose)], pose: Pose) -> Option<Misfit> {
    let (x0, x1) = x_span(pose);
    if x0 < 0.0 || x1 > MAT_W as f64 {
        return Some(Misfit::PastTheMat);
    }
    let low = lowest(pose);
    if low < -2.0 {
        return Some(Misfit::Sinks);
    }
    if highest(pose) > 4000.0 {
        return Some(Misfit::TooHigh);
    }
    if is_horizontal(pose.a) && low < RUIN_HEIGHT as f64 {
        return Some(Misfit::FlatOnTheMat);
    }
    others
        .iter()
        .position(|&(_, q)| centre_line_distance(pose, q) < MIN_GAP)
        .map(Misfit::Overlaps)
}

/// Whether a card may be put at `pose` on a mat already holding `others`.
pub fn fits(others: &[(u32, Pose)], pose: Pose) -> bool {
    misfit(others, pose).is_none()
}

/// Checks that a card may be put at `pose` on a mat already holding `others`: on the mat, not
/// lying flat on it, not inside another card.
pub fn check_place(others: &[(u32, Pose)], pose: Pose) -> RuleResult<()> {
    match misfit(others, pose) {
        None => Ok(()),
        Some(Misfit::PastTheMat) => crate::refuse!("the card would reach past the mat"),
        Some(Misfit::Sinks) => crate::refuse!("the card would sink into the mat"),
        Some(Misfit::TooHigh) => {
            crate::refuse!("the card would be higher than anything can be built")
        }
        Some(Misfit::FlatOnTheMat) => crate::refuse!(
            "building cards may not lie flat on the mat (a horizontal card must rest at least {} mm up)",
            RUIN_HEIGHT / 10
        ),
        Some(Misfit::Overlaps(i)) => {
            let id = others.get(i).map(|o| o.0).unwrap_or_default();
            crate::refuse!("the card would overlap building card {id}")
        }
    }
}

/// The two poses of a leaning pair whose apex is above `apex_x`, standing on height `base_y`.
pub fn aframe(apex_x: i32, base_y: i32) -> [Pose; 2] {
    let (c, s) = dir(LEAN);
    let h = CARD_LEN as f64 / 2.0;
    let t = CARD_THICK as f64 / 2.0;
    let cy = base_y as f64 + h * s + t * c + 2.0;
    let d = CARD_THICK as f64 / s + 3.0;
    let lx = apex_x as f64 - d / 2.0 - h * c;
    let rx = apex_x as f64 + d / 2.0 + h * c;
    let cy = libm::round(cy) as i32;
    [
        Pose::new(libm::round(lx) as i32, cy, LEAN),
        Pose::new(libm::round(rx) as i32, cy, 1800 - LEAN),
    ]
}

/// Where a leaning pair can stand: free spots on the mat and on raised floors, nearest to the
/// mat's middle first. Returns (apex x, base y).
pub fn pair_slots(others: &[(u32, Pose)]) -> Vec<(i32, i32)> {
    let mut bases: Vec<i32> = vec![0];
    for &(_, p) in others {
        if is_horizontal(p.a) && !is_ruin(p) {
            let top = libm::ceil(highest(p)) as i32 + 2;
            if !bases.contains(&top) {
                bases.push(top);
            }
        }
    }
    let mut out = Vec::new();
    for &base in &bases {
        let mut xs: Vec<i32> = (0..=(MAT_W / 50)).map(|k| k * 50).collect();
        crate::core::order::sort_by_key(&mut xs, |&x| ((x - MAT_W / 2).abs(), x));
        for x in xs {
            let [l, r] = aframe(x, base);
            let ok = fits(others, l) && fits(others, r) && (base == 0 || supported(others, l, r));
            if ok {
                out.push((x, base));
                break;
            }
        }
    }
    for x in [600, MAT_W - 600, 1200, MAT_W - 1200] {
        let [l, r] = aframe(x, 0);
        if fits(others, l) && fits(others, r) && !out.contains(&(x, 0)) {
            out.push((x, 0));
        }
    }
    out
}

/// A raised pair needs a floor card under both feet.
fn supported(others: &[(u32, Pose)], l: Pose, r: Pose) -> bool {
    let feet = [x_span(l).0 + 4.0, x_span(r).1 - 4.0];
    feet.iter().all(|&fx| {
        others.iter().any(|&(_, p)| {
            let (a, b) = x_span(p);
            is_horizontal(p.a) && !is_ruin(p) && fx > a + 20.0 && fx < b - 20.0
        })
    })
}

/// A floor card bridging two standing apexes 50–80 mm apart with nothing above: (x, y) of its centre.
pub fn floor_slots(others: &[(u32, Pose)]) -> Vec<(i32, i32)> {
    // Apex tops: the highest point of each left-leaning card of a pair.
    let mut apexes: Vec<(i32, i32)> = Vec::new();
    for &(_, p) in others {
        if is_standing(p) && p.a.rem_euclid(3600) < 900 {
            let (_, x1) = x_span(p);
            apexes.push((libm::round(x1) as i32, libm::round(highest(p)) as i32));
        }
    }
    crate::core::order::sort(&mut apexes);
    let mut out = Vec::new();
    for w in apexes.windows(2) {
        let (a, b) = (w[0], w[1]);
        if (b.1 - a.1).abs() > 20 || b.0 - a.0 < 500 || b.0 - a.0 > 800 {
            continue;
        }
        let y = a.1.max(b.1) + CARD_THICK / 2 + 4;
        let x = (a.0 + b.0) / 2;
        if fits(others, Pose::new(x, y, 0)) {
            out.push((x, y));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn horizontal_threshold_and_overlap() {
        assert!(
            is_horizontal(0) && is_horizontal(1800) && is_horizontal(200) && is_horizontal(3400)
        );
        assert!(!is_horizontal(201) && !is_horizontal(700) && !is_horizontal(1599));
        let a = Pose::new(1000, 500, 900);
        assert!(centre_line_distance(a, Pose::new(1008, 500, 900)) >= 7.9);
        assert!(centre_line_distance(a, Pose::new(1004, 500, 900)) < 7.0);
        assert!(centre_line_distance(a, Pose::new(1000, 500, 0)) < 1e-9);
    }

    #[test]
    fn aframe_pair_is_legal_and_touches_the_mat() {
        let [l, r] = aframe(1800, 0);
        assert!(check_place(&[], l).is_ok());
        assert!(check_place(&[(0, l)], r).is_ok());
        assert!(lowest(l).abs() < 3.0, "lowest {}", lowest(l));
        assert!(!pair_slots(&[(0, l), (1, r)]).is_empty());
    }
}
