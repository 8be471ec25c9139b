//! The Catapults table in physics: the box lid with its tiles, both sides' tile rows, the cubes
//! where they lie, and the shooter's catapult — a meeple lying on its side (the fulcrum) under a
//! tile (the lever) with the cube on the near end. The finger strike is a fingertip body driven
//! into the far end of the lever at the strike speed; the cube flies only because the lever
//! throws it.
//!
//! A shot is simulated in the shooter's frame: the shooter's end is always on the left (the scene
//! is mirrored for end 1). Facts are reported back in the canonical frame, in whole millimetres.

use super::layout::*;
use super::rules::codec::{CubeId, ShotFact};
use crate::core::{Fact, Launch, Look, TableView};
use crate::physics::{
    floor_specs, launch, table_of, BodyId, BodySpec, Part, ShotRun, ShotStages, Table, TableConfig,
};

/// mm → m.
const MM: f32 = 0.001;

/// Masses (kg) of the pieces as the real ones weigh: a 60 × 60 × 2 mm cardboard tile ≈ 5 g, a
/// 10 mm wooden cube ≈ 0.7 g, a meeple ≈ 2 g.
const TILE_MASS: f32 = 0.005;
const CUBE_MASS: f32 = 0.0007;
const MEEPLE_MASS: f32 = 0.002;
/// Rounded corners (m) of the lever, the cube and the meeple.
const LEVER_ROUND: f32 = 0.0005;
const CUBE_ROUND: f32 = 0.0005;
const MEEPLE_ROUND: f32 = 0.003;

/// The 2D density (kg/m²) that gives a rounded rectangle this mass: rapier weighs a rounded shape
/// by its inner rectangle only.
fn density_for(mass: f32, hw: f32, hh: f32, round: f32) -> f32 {
    let area = 4.0 * (hw - round).max(1e-4) * (hh - round).max(1e-4);
    mass / area
}

/// Frames the catapult is left to settle under the cube before the finger strikes.
pub const PRE_FRAMES: u32 = 10;
/// The flick needs 480 Hz (8 steps a frame) for this many frames after the strike; then the
/// cubes land, slide and settle at `COARSE_SUBSTEPS` a frame.
pub const FINE_FRAMES: u32 = 12;
pub const COARSE_SUBSTEPS: u32 = 4;

/// Legal ranges of the flick (the launch prompt offers exactly these).
/// Strike direction: straight down (2700) ± 20°.
pub const STRIKE_ANGLE: (i32, i32) = (2500, 2900);
/// Contact point: mm from the far tip of the lever.
pub const CONTACT: (i32, i32) = (0, 8);
/// Fulcrum: where the meeple lies under the lever, mm from its near end.
pub const FULCRUM: (i32, i32) = (38, 48);
/// What a player who does not choose gets.
pub const DEFAULT_FULCRUM: i32 = 45;

pub const TAG_TABLE: u32 = 1;
pub const TAG_LID: u32 = 2;
pub const TAG_CENTRE: u32 = 3;
pub const TAG_RING: u32 = 4;
pub const TAG_SIDE: u32 = 5;
pub const TAG_OUTER: u32 = 6;
pub const TAG_MEEPLE: u32 = 7;
pub const TAG_LEVER: u32 = 8;
pub const TAG_FINGER: u32 = 9;
/// Cubes: `TAG_CUBE + 10 * owner + index`.
pub const TAG_CUBE: u32 = 100;

const TABLE_RGB: [u8; 3] = [150, 111, 70];
const LID_RGB: [u8; 3] = [46, 125, 50];
const CENTRE_RGB: [u8; 3] = [247, 208, 60];
const RING_RGB: [u8; 3] = [170, 200, 140];
const OUTER_RGB: [u8; 3] = [196, 180, 150];
const LEVER_RGB: [u8; 3] = [222, 205, 170];

/// A cube lying on the table, canonical frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    pub owner: usize,
    pub index: usize,
    pub x: i32,
    pub y: i32,
    pub angle: i32,
}

/// Everything a shot's table is built from.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    /// Cubes already on the table, in a fixed order (seat, then cube index).
    pub resting: Vec<Placed>,
    pub shooter: usize,
    /// Which of the shooter's cubes is on the lever (None: an empty catapult, for the view).
    pub cube: Option<usize>,
    /// Colours of every seat's cubes and meeple.
    pub colours: Vec<[u8; 3]>,
    /// The end (0 = left, 1 = right) each seat sits at this round.
    pub ends: Vec<usize>,
}

impl Setup {
    /// The end a seat sits at (end 0 for a seat the setup does not know).
    pub fn end(&self, seat: usize) -> usize {
        self.ends.get(seat).copied().unwrap_or(0)
    }

    /// The colour of the first seat at an end (its tiles and catapult are drawn in it).
    fn end_colour(&self, end: usize) -> [u8; 3] {
        (0..self.colours.len())
            .find(|&s| self.end(s) == end)
            .and_then(|s| self.colours.get(s).copied())
            .unwrap_or(LEVER_RGB)
    }
}

/// Which body of a shot's table is which.
#[derive(Clone, Debug)]
pub struct Pieces {
    /// Every cube body: owner, index, body.
    pub cubes: Vec<(usize, usize, BodyId)>,
    pub lever: BodyId,
    pub meeple: BodyId,
    /// 1.0, or -1.0 when the shooter sits at end 1 (the scene is mirrored).
    pub mirror: f32,
}

/// The table as it stands (nothing stepped): every body in its fixed insertion order, and which is
/// which. The view draws these specs; a shot builds its table from them.
pub struct Scene {
    pub specs: Vec<BodySpec>,
    pub pieces: Pieces,
}

fn rect_mm(x0: i32, x1: i32, y0: i32, y1: i32) -> (Part, f32, f32) {
    let hw = (x1 - x0) as f32 * MM / 2.0;
    let hh = (y1 - y0) as f32 * MM / 2.0;
    (
        Part::rect(hw, hh),
        (x0 + x1) as f32 * MM / 2.0,
        (y0 + y1) as f32 * MM / 2.0,
    )
}

fn fixed_rect(t: &mut Vec<BodySpec>, x0: i32, x1: i32, y0: i32, y1: i32, rgb: [u8; 3], tag: u32) {
    let (p, x, y) = rect_mm(x0, x1, y0, y1);
    t.push(
        BodySpec::fixed(vec![p], x, y)
            .friction(0.7)
            .rgb(rgb)
            .tag(tag),
    );
}

/// A lever at rest: its centre and tilt, and the unit vectors along it and across it (up).
struct LeverRest {
    centre: (f32, f32),
    tilt: f32,
    u: (f32, f32),
    n: (f32, f32),
}

/// The pose of a lever resting with its near end on the table and its underside on a fulcrum
/// `fulcrum` mm from that end, its near end at `near_x` (m) pointing to +x.
fn lever_rest(near_x: f32, fulcrum: i32) -> LeverRest {
    let h = MEEPLE_H as f32 * MM;
    let d = fulcrum as f32 * MM;
    let tilt = libm::asinf((h / d).min(0.9));
    let u = (libm::cosf(tilt), libm::sinf(tilt));
    let n = (-u.1, u.0);
    let half = TILE as f32 * MM / 2.0;
    let th = TILE_T as f32 * MM / 2.0;
    LeverRest {
        centre: (near_x + u.0 * half + n.0 * th, u.1 * half + n.1 * th),
        tilt,
        u,
        n,
    }
}

/// The catapult parts for a lever whose near end sits at `near_x` (m), facing +x: the specs of
/// the meeple and of the lever, at rest.
fn catapult_specs(near_x: f32, fulcrum: i32, rgb: [u8; 3], dynamic: bool) -> (BodySpec, BodySpec) {
    let rest = lever_rest(near_x, fulcrum);
    let ((cx, cy), tilt, u) = (rest.centre, rest.tilt, rest.u);
    let d = fulcrum as f32 * MM;
    let mw = MEEPLE_W as f32 * MM / 2.0;
    let mh = MEEPLE_H as f32 * MM / 2.0;
    let lw = TILE as f32 * MM / 2.0;
    let lh = TILE_T as f32 * MM / 2.0;
    let meeple_parts = vec![Part::rect(mw, mh).rounded(MEEPLE_ROUND)];
    let lever_parts = vec![Part::rect(lw, lh).rounded(LEVER_ROUND)];
    let mx = near_x + u.0 * d;
    let lever_cx = cx;
    if dynamic {
        (
            BodySpec::dynamic(meeple_parts, mx, mh)
                .density(density_for(MEEPLE_MASS, mw, mh, MEEPLE_ROUND))
                .friction(0.8)
                .rgb(rgb)
                .tag(TAG_MEEPLE)
                .look(Look::Figure),
            BodySpec::dynamic(lever_parts, lever_cx, cy)
                .angle(tilt)
                .density(density_for(TILE_MASS, lw, lh, LEVER_ROUND))
                .friction(0.6)
                .fast_rotation()
                .rgb(LEVER_RGB)
                .tag(TAG_LEVER)
                .look(Look::Wood),
        )
    } else {
        (
            BodySpec::fixed(meeple_parts, mx, mh)
                .rgb(rgb)
                .tag(TAG_MEEPLE)
                .look(Look::Figure),
            BodySpec::fixed(lever_parts, lever_cx, cy)
                .angle(tilt)
                .rgb(LEVER_RGB)
                .tag(TAG_LEVER)
                .look(Look::Wood),
        )
    }
}

fn cube_spec(x: f32, y: f32, angle: f32, rgb: [u8; 3], tag: u32) -> BodySpec {
    let h = CUBE as f32 * MM / 2.0;
    BodySpec::dynamic(vec![Part::rect(h, h).rounded(CUBE_ROUND)], x, y)
        .angle(angle)
        .density(density_for(CUBE_MASS, h, h, CUBE_ROUND))
        .friction(0.7)
        .restitution(0.1)
        .ccd()
        .rgb(rgb)
        .tag(tag)
        .piece(tag)
        .look(Look::Cube)
}

/// The view's name of `owner`'s cube `index` (`BodyView::piece`): its tag.
pub fn cube_piece(owner: usize, index: usize) -> u32 {
    TAG_CUBE + 10 * owner as u32 + index as u32
}

fn table_config() -> TableConfig {
    let half = TABLE_HALF as f32 * MM;
    TableConfig {
        substeps: 8,
        bounds: [-half - 0.05, -0.05, half + 0.05, 3.0],
        calm_speed: 0.005,
        calm_frames: 20,
        max_frames: 360,
        gravity: -9.81,
    }
}

/// Where the cube's centre sits on the lever, mm from its near end.
pub const CUBE_AT: i32 = 15;

/// Builds the table for a shot (the shooter's end on the left), the cube on the lever, settled
/// for `PRE_FRAMES` and ready to be struck.
pub fn build(setup: &Setup, fulcrum: i32) -> (Table, Pieces) {
    let Scene { specs, pieces } = scene(setup, fulcrum);
    let mut table = table_of(table_config(), specs);
    for _ in 0..PRE_FRAMES {
        table.step_frame();
    }
    (table, pieces)
}

/// The table as it stands (nothing stepped): every body in its fixed insertion order.
pub fn scene(setup: &Setup, fulcrum: i32) -> Scene {
    let mirror = if setup.end(setup.shooter) == 1 {
        -1.0
    } else {
        1.0
    };
    let half = TABLE_HALF as f32 * MM;
    let mut t = floor_specs(-half, half, 0.0, TABLE_RGB, TAG_TABLE);
    // The lid: floor plate and two walls.
    fixed_rect(
        &mut t,
        -LID_OUTER_HALF,
        LID_OUTER_HALF,
        0,
        LID_FLOOR,
        LID_RGB,
        TAG_LID,
    );
    fixed_rect(
        &mut t,
        -LID_OUTER_HALF,
        -LID_INNER_HALF,
        LID_FLOOR,
        LID_WALL_H,
        LID_RGB,
        TAG_LID,
    );
    fixed_rect(
        &mut t,
        LID_INNER_HALF,
        LID_OUTER_HALF,
        LID_FLOOR,
        LID_WALL_H,
        LID_RGB,
        TAG_LID,
    );
    // Scoring tiles, mirrored into the shooter's frame (left to right there).
    let mut zones: Vec<Zone> = ZONES.to_vec();
    if mirror < 0.0 {
        zones.reverse();
    }
    for z in &zones {
        let (x0, x1) = if mirror < 0.0 {
            (-z.x1, -z.x0)
        } else {
            (z.x0, z.x1)
        };
        let (rgb, tag) = match z.kind {
            ZoneKind::Centre => (CENTRE_RGB, TAG_CENTRE),
            ZoneKind::Ring => (RING_RGB, TAG_RING),
            ZoneKind::Side(e) => (side_rgb(setup, e), TAG_SIDE),
        };
        fixed_rect(&mut t, x0, x1, z.y0, z.y1, rgb, tag);
    }
    for (x0, x1) in OUTER_TILES {
        fixed_rect(&mut t, x0, x1, 0, TILE_T, OUTER_RGB, TAG_OUTER);
    }
    // The other end's catapult stands at rest (fixed) where the opposite players shoot from.
    let other_rgb = setup.end_colour(1 - setup.end(setup.shooter));
    let (om, ol) = catapult_specs(-(LEVER_NEAR as f32) * MM, DEFAULT_FULCRUM, other_rgb, false);
    for spec in [om, ol] {
        let mut s = spec;
        s.x = -s.x;
        s.angle = -s.angle;
        t.push(s);
    }
    // Cubes already on the table.
    let mut cubes = Vec::new();
    for c in &setup.resting {
        let rgb = setup.colours.get(c.owner).copied().unwrap_or([0, 0, 0]);
        let angle = (c.angle as f32 * core::f32::consts::PI / 1800.0) * mirror;
        let id = t.len();
        t.push(
            cube_spec(
                c.x as f32 * MM * mirror,
                c.y as f32 * MM,
                angle,
                rgb,
                TAG_CUBE + 10 * c.owner as u32 + c.index as u32,
            )
            .owner(c.owner),
        );
        cubes.push((c.owner, c.index, id));
    }
    // The shooter's catapult and the cube on its near end.
    let rgb = setup
        .colours
        .get(setup.shooter)
        .copied()
        .unwrap_or([0, 0, 0]);
    let near_x = -(LEVER_NEAR as f32) * MM;
    let (ms, ls) = catapult_specs(near_x, fulcrum, rgb, true);
    let meeple = t.len();
    t.push(ms);
    let lever = t.len();
    t.push(ls);
    if let Some(index) = setup.cube {
        let LeverRest { tilt, u, n, .. } = lever_rest(near_x, fulcrum);
        let h = CUBE as f32 * MM / 2.0;
        let along = CUBE_AT as f32 * MM;
        let up = TILE_T as f32 * MM + h;
        let cx = near_x + u.0 * along + n.0 * up;
        let cy = u.1 * along + n.1 * up;
        let id = t.len();
        t.push(
            cube_spec(
                cx,
                cy,
                tilt,
                rgb,
                TAG_CUBE + 10 * setup.shooter as u32 + index as u32,
            )
            .owner(setup.shooter),
        );
        cubes.push((setup.shooter, index, id));
    }
    Scene {
        specs: t,
        pieces: Pieces {
            cubes,
            lever,
            meeple,
            mirror,
        },
    }
}

fn side_rgb(setup: &Setup, end: usize) -> [u8; 3] {
    let c = setup.end_colour(end);
    // A light tint of the end's colour.
    [
        ((c[0] as u32 + 2 * 235) / 3) as u8,
        ((c[1] as u32 + 2 * 235) / 3) as u8,
        ((c[2] as u32 + 2 * 235) / 3) as u8,
    ]
}

/// The finger: a fingertip of this radius and effective mass (kg) that strikes the lever's far end
/// at the strike speed. Power 0 and power 1000 stand for these speeds (m/s).
pub const FINGER_MASS: f32 = 0.01;
pub const STRIKE_MIN: f32 = 0.3;
pub const STRIKE_MAX: f32 = 3.0;
const FINGER_R: f32 = 0.004;
/// Frames after the strike when the finger is lifted off the table again.
pub const FINGER_LIFT: u32 = 6;

/// The finger strike: `power` = strike speed, `x` = contact point (mm from the far tip), `angle` =
/// strike direction. A fingertip body set moving at the lever's top surface at that point.
pub fn strike(table: &mut Table, pieces: &Pieces, l: &Launch) -> Option<(BodyId, u32)> {
    let (m, vmin, vmax) = (FINGER_MASS, STRIKE_MIN, STRIKE_MAX);
    let p = l.power.clamp(0, 1000) as f32 / 1000.0;
    let speed = vmin + (vmax - vmin) * p;
    let (dx, dy) = launch::direction(l.angle);
    let lx = TILE as f32 * MM / 2.0 - l.x as f32 * MM;
    let ly = TILE_T as f32 * MM / 2.0;
    let (px, py) = table.world_point(pieces.lever, lx, ly)?;
    {
        let gap = FINGER_R + 0.0005;
        let (fx, fy) = (px - dx * gap, py - dy * gap);
        let area = core::f32::consts::PI * FINGER_R * FINGER_R;
        let f = table.add(
            BodySpec::dynamic(vec![Part::circle(FINGER_R)], fx, fy)
                .density(m / area)
                .friction(0.6)
                .ccd()
                .rgb([240, 190, 160])
                .tag(TAG_FINGER),
        );
        table.set_velocity(f, dx * speed, dy * speed, 0.0);
        Some((f, table.frames() + FINGER_LIFT))
    }
}

/// Integer facts once the table has settled, canonical frame: `cube [owner, index, x, y, angle]`
/// for a cube in play, `out [owner, index, x, y]` for one at rest behind a tile line (among the
/// catapults), `fallen [owner, index]` for one the kill zone took off the table (or that is still
/// dropping past the table's edge when the table stops).
pub fn facts(table: &Table, pieces: &Pieces) -> Vec<Fact> {
    let mut out = Vec::new();
    for &(owner, index, id) in &pieces.cubes {
        let cube = CubeId { owner, index };
        let Some((x, y, a)) = table.pose(id).filter(|_| !table.is_removed(id)) else {
            out.push(ShotFact::Fallen { cube }.encode());
            continue;
        };
        let xm = libm::roundf(x * pieces.mirror / MM) as i64;
        let ym = libm::roundf(y / MM) as i64;
        // A cube is a square: its angle is kept in 0..90°.
        let am = (launch::to_tenths(a * pieces.mirror) % 900) as i64;
        if ym < 0 || xm.abs() > TABLE_HALF as i64 {
            // Below the table top or past its edge: on its way to the floor.
            out.push(ShotFact::Fallen { cube }.encode());
        } else if xm.abs() > OUT_LINE as i64 {
            out.push(ShotFact::Out { cube, x: xm, y: ym }.encode());
        } else {
            let (x, y, angle) = (xm, ym, am);
            out.push(ShotFact::Cube { cube, x, y, angle }.encode());
        }
    }
    out
}

/// The frame for drawing a shot: the whole table and what each tile scores (the side tiles
/// with the names of the players they score for), in the shooter's frame.
pub fn frame(mirror: f32, names: &[String], ends: &[usize]) -> TableView {
    let half = TABLE_HALF as f32 * MM;
    let mut labels = Vec::new();
    for z in ZONES {
        let x = (z.x0 + z.x1) as f32 * MM / 2.0 * mirror;
        let text = match z.kind {
            ZoneKind::Centre => "5".to_string(),
            ZoneKind::Ring => "1".to_string(),
            ZoneKind::Side(e) => {
                let who: Vec<&str> = names
                    .iter()
                    .enumerate()
                    .filter(|(s, _)| ends.get(*s) == Some(&e))
                    .map(|(_, n)| n.as_str())
                    .collect();
                format!("2 ({})", who.join(", "))
            }
        };
        labels.push((x, -0.012, text));
    }
    TableView {
        bodies: Vec::new(),
        bounds: [-half, -0.05, half, 0.35],
        labels,
    }
}

/// A flick in flight: the one shot runner with the finger lifted after its strike and the step
/// rate coarsened once the cube has left the lever.
pub type FlickShot = ShotRun<Flick>;

pub struct Flick {
    pub pieces: Pieces,
    /// The fingertip once it has struck, and the frame when it is lifted away.
    finger: Option<(BodyId, u32)>,
}

impl FlickShot {
    /// Builds the table for `setup`, lets the catapult settle, and strikes.
    pub fn fire(setup: &Setup, launch: &Launch, names: &[String]) -> FlickShot {
        let (table, pieces) = build(setup, launch.y);
        let frame = frame(pieces.mirror, names, &setup.ends);
        FlickShot::struck(table, pieces, launch, frame)
    }

    /// Strikes a table already built (and settled for `PRE_FRAMES`) by `build`.
    pub fn struck(
        mut table: Table,
        pieces: Pieces,
        launch: &Launch,
        frame: TableView,
    ) -> FlickShot {
        let finger = strike(&mut table, &pieces, launch);
        ShotRun::new(table, frame, Flick { pieces, finger })
    }
}

impl ShotStages for Flick {
    fn before_frame(&mut self, table: &mut Table) {
        if let Some((f, at)) = self.finger {
            if table.frames() >= at {
                table.remove(f);
                self.finger = None;
            }
        }
        if table.frames() == PRE_FRAMES + FINE_FRAMES {
            table.set_substeps(COARSE_SUBSTEPS);
        }
    }

    fn facts(&self, table: &Table) -> Vec<Fact> {
        facts(table, &self.pieces)
    }
}
