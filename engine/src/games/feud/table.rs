//! The Catapult Feud table in physics: built fresh from the rules state for every shot, in a fixed
//! order (floor tiles, the two boards, the two catapults, seat 0's blocks and gate, its soldiers,
//! then seat 1's, then the boulder), fired with the shared catapult launcher, stepped to rest and
//! read back as integer poses. A "let go" (the fortress must stand, a repair must disturb
//! nothing) is the same table with no boulder.
//!
//! Two versions of the table (`TableVersion`): a game recorded on the first replays on it exactly.

use super::rules::geometry::{self as geo, Pose, Shape};
use super::rules::setup::{catapult_x, cup};
use super::rules::{piece_shape, Loc, ShotFact, State};
use crate::core::{BodyView, Fact, Launch, Look, Seat, TableView};
use crate::physics::launch::{to_tenths, velocity};
use crate::physics::{BodyId, BodySpec, Part, ShotRun, ShotStages, Table, TableConfig};

/// dmm to metres.
pub const DMM: f32 = 1.0 / 10_000.0;
/// Catapult launch speeds (m/s) at power 0 and 1000.
pub const CATAPULT_SPEED: (f32, f32) = (1.0, 6.0);
/// Masses: a pine block 15 g, a soldier 8 g (a weighted base), a boulder 12 g (the gate has a block's density).
pub const BLOCK_MASS: f32 = 0.015;
pub const SOLDIER_MASS: f32 = 0.008;
pub const AMMO_MASS: f32 = 0.012;
pub const WOOD_FRICTION: f32 = 0.6;
/// Physics steps per 1/60 s frame.
pub const SUBSTEPS: u32 = 2;

/// Which table physics a game is played with (docs/rules/feud.md, "Table versions").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TableVersion {
    /// The first table: boards and catapults are boxes standing on the table top. A piece that
    /// overlaps one (a block lying where a catapult is put down) is pushed out of it the shortest
    /// way, which can be down through its underside into the table top, where it stays wedged
    /// (issue #16). Games recorded before the fix.
    V1,
    /// Boards, catapults and the catapults' posts reach down through the table top (drawn as
    /// before): a piece that overlaps one is pushed up or aside, never into the table top or into
    /// the chassis under a post.
    #[default]
    V2,
}

/// How far boards and catapults reach under the table top on the second table (the top's depth).
const ROOT: i32 = 1000;

pub const TAG_TABLE: u32 = 1;
pub const TAG_BOARD: u32 = 2;
pub const TAG_CATAPULT: u32 = 3;
pub const TAG_BLOCK: u32 = 4;
pub const TAG_GATE: u32 = 5;
pub const TAG_SOLDIER: u32 = 6;
pub const TAG_AMMO: u32 = 7;

pub const RGB_TABLE: [u8; 3] = [139, 94, 60];
pub const RGB_BOARD: [u8; 3] = [200, 190, 160];
pub const RGB_CATAPULT: [u8; 3] = [101, 67, 33];
pub const RGB_AMMO: [u8; 3] = [70, 70, 74];
/// Chaufort's light wood and Cunningfields' dark wood.
pub const RGB_BLOCKS: [[u8; 3]; 2] = [[226, 196, 140], [122, 84, 52]];

fn m(v: i32) -> f32 {
    v as f32 * DMM
}

fn rad(tenths: i32) -> f32 {
    tenths as f32 * (core::f32::consts::PI / 1800.0)
}

fn block_density() -> f32 {
    BLOCK_MASS / (m(geo::BLOCK_L) * m(geo::BLOCK_T))
}

/// A piece's body at a pose (metres from dmm).
pub fn piece_spec(shape: Shape, pose: Pose, rgb: [u8; 3]) -> BodySpec {
    let parts: Vec<Part> = geo::parts(shape)
        .into_iter()
        .map(|r| Part::rect(m(r.hw), m(r.hh)).at(m(r.cx), m(r.cy)))
        .collect();
    let (density, tag) = match shape {
        Shape::Block => (block_density(), TAG_BLOCK),
        Shape::Gate => (block_density(), TAG_GATE),
        Shape::Soldier => (
            SOLDIER_MASS
                / (m(geo::SOLDIER_W) * m(geo::SOLDIER_BASE_H)
                    + m(geo::SOLDIER_BODY_W) * m(geo::SOLDIER_H - geo::SOLDIER_BASE_H)),
            TAG_SOLDIER,
        ),
    };
    BodySpec::dynamic(parts, m(pose.x), m(pose.y))
        .angle(rad(pose.a))
        .density(density)
        .friction(WOOD_FRICTION)
        .restitution(0.1)
        .rgb(rgb)
        .tag(tag)
        .look(if tag == TAG_SOLDIER {
            Look::Figure
        } else {
            Look::Wood
        })
}

/// The view's name of seat `s`'s block `k` or soldier `k` (`BodyView::piece`; never 0).
pub fn piece_id(s: usize, soldier: bool, k: usize) -> u32 {
    1 + (s as u32 * 2 + soldier as u32) * 256 + k as u32
}

/// Which rules piece a body is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceBody {
    pub body: BodyId,
    pub seat: usize,
    pub soldier: bool,
    pub k: usize,
}

/// Seat `s`'s board as the table collides with it, and as it is drawn (the board itself).
fn board_spec(s: usize, version: TableVersion) -> BodySpec {
    let (l, _) = geo::board_span(s);
    let (bottom, top) = match version {
        TableVersion::V1 => (0, geo::BOARD_T),
        TableVersion::V2 => (-ROOT, geo::BOARD_T),
    };
    BodySpec::fixed(
        vec![Part::rect(m(geo::BOARD_W) / 2.0, m(top - bottom) / 2.0)],
        m(l + geo::BOARD_W / 2),
        // The first table's expression, kept to the bit: its board is centred at half its thickness.
        match version {
            TableVersion::V1 => m(geo::BOARD_T) / 2.0,
            TableVersion::V2 => m(top + bottom) / 2.0,
        },
    )
    .friction(0.6)
    .rgb(RGB_BOARD)
    .tag(TAG_BOARD)
    .look(Look::Mat)
}

/// Seat `s`'s catapult: its chassis and the post that holds the cup.
fn catapult_spec(state: &State, s: usize, version: TableVersion) -> BodySpec {
    let c = state.players[s].catapult;
    let cx = catapult_x(s, c);
    let (ux, _) = cup(s, c);
    let hh = m(geo::CATAPULT_H) / 2.0;
    let post = m(geo::CUP_Y - geo::AMMO_R - 150 - geo::CATAPULT_H) / 2.0;
    let chassis = match version {
        TableVersion::V1 => Part::rect(m(geo::CATAPULT_L) / 2.0, hh).at(0.0, hh),
        TableVersion::V2 => Part::rect(m(geo::CATAPULT_L) / 2.0, m(geo::CATAPULT_H + ROOT) / 2.0)
            .at(0.0, m(geo::CATAPULT_H - ROOT) / 2.0),
    };
    let post = match version {
        TableVersion::V1 => Part::rect(0.006, post).at(m(ux - cx), 2.0 * hh + post),
        // From under the table top to its top: nothing is pushed out of it into the chassis.
        TableVersion::V2 => {
            let top = 2.0 * hh + 2.0 * post;
            let bottom = -m(ROOT);
            Part::rect(0.006, (top - bottom) / 2.0).at(m(ux - cx), (top + bottom) / 2.0)
        }
    };
    BodySpec::fixed(vec![chassis, post], m(cx), 0.0)
        .rgb(RGB_CATAPULT)
        .tag(TAG_CATAPULT)
        .look(Look::Catapult)
}

/// The fixed bodies drawn under the table's: on the second table the boards and catapults as
/// they look (their colliders reach under the table top and are not drawn); none on the first.
pub fn fixed_views(state: &State, version: TableVersion) -> Vec<BodyView> {
    let mut out = Vec::new();
    if version == TableVersion::V2 {
        for s in 0..2 {
            for b in [
                board_spec(s, TableVersion::V1),
                catapult_spec(state, s, TableVersion::V1),
            ] {
                crate::physics::table::spec_views(&b, b.x, b.y, b.angle, &mut out);
            }
        }
    }
    out
}

/// The fixed bodies (floor, boards, catapults) and every piece on the table, in insertion order.
pub fn specs(
    state: &State,
    seats: &[Seat],
    version: TableVersion,
) -> (Vec<BodySpec>, Vec<(usize, bool, usize)>) {
    let mut out = Vec::new();
    let (t0, t1) = geo::table_span();
    let mut x = m(t0);
    while x < m(t1) - 1e-4 {
        let w = (m(t1) - x).min(2.0);
        out.push(
            BodySpec::fixed(vec![Part::rect(w / 2.0, 0.05)], x + w / 2.0, -0.05)
                .friction(0.6)
                .rgb(RGB_TABLE)
                .tag(TAG_TABLE)
                .look(Look::Table),
        );
        x += w;
    }
    for s in 0..2 {
        out.push(board_spec(s, version));
    }
    for s in 0..2 {
        out.push(catapult_spec(state, s, version));
    }
    let mut ids = Vec::new();
    for (s, p) in state.players.iter().enumerate() {
        let rgb = RGB_BLOCKS[s % 2];
        for (k, l) in p.pieces.iter().enumerate() {
            if let Loc::Table(pose) = l {
                out.push(
                    piece_spec(piece_shape(k), *pose, rgb)
                        .owner(s)
                        .piece(piece_id(s, false, k)),
                );
                ids.push((s, false, k));
            }
        }
        let colour = seats.get(s).map(|x| x.rgb()).unwrap_or([200, 40, 40]);
        for (k, l) in p.soldiers.iter().enumerate() {
            if let Loc::Table(pose) = l {
                out.push(
                    piece_spec(Shape::Soldier, *pose, colour)
                        .owner(s)
                        .piece(piece_id(s, true, k)),
                );
                ids.push((s, true, k));
            }
        }
    }
    (out, ids)
}

pub fn config() -> TableConfig {
    let (t0, t1) = geo::table_span();
    TableConfig {
        substeps: SUBSTEPS,
        bounds: [m(t0) - 0.5, -0.3, m(t1) + 0.5, 4.0],
        ..TableConfig::default()
    }
}

/// A table built from the state, with its pieces and (once fired) the boulder.
pub struct World {
    pub table: Table,
    pub pieces: Vec<PieceBody>,
    pub ammo: Option<BodyId>,
}

pub fn build(state: &State, seats: &[Seat], version: TableVersion) -> World {
    build_with(state, seats, version, config())
}

/// `build` with another table configuration (tests step a table far past its settling).
pub fn build_with(state: &State, seats: &[Seat], version: TableVersion, cfg: TableConfig) -> World {
    let mut table = Table::new(cfg);
    let (specs, ids) = specs(state, seats, version);
    let fixed = specs.len() - ids.len();
    let mut pieces = Vec::new();
    for (i, spec) in specs.into_iter().enumerate() {
        let body = table.add(spec);
        if i >= fixed {
            let (seat, soldier, k) = ids[i - fixed];
            pieces.push(PieceBody {
                body,
                seat,
                soldier,
                k,
            });
        }
    }
    World {
        table,
        pieces,
        ammo: None,
    }
}

/// Loads a boulder into `seat`'s catapult cup and fires it (the launch passed the prompt).
pub fn fire(world: &mut World, state: &State, seat: usize, launch: &Launch) {
    let (x, y) = cup(seat, state.players[seat].catapult);
    let r = m(geo::AMMO_R);
    let area = core::f32::consts::PI * r * r;
    let id = world.table.add(
        BodySpec::dynamic(vec![Part::circle(r)], m(x), m(y))
            .density(AMMO_MASS / area)
            .friction(0.5)
            .restitution(0.3)
            .ccd()
            .rgb(RGB_AMMO)
            .tag(TAG_AMMO)
            .look(Look::Ammo),
    );
    let (vx, vy) = velocity(
        launch.angle,
        launch.power,
        CATAPULT_SPEED.0,
        CATAPULT_SPEED.1,
    );
    world.table.set_velocity(id, vx, vy, 0.0);
    world.ammo = Some(id);
}

fn q(v: f32) -> i32 {
    libm::roundf(v / DMM) as i32
}

/// The facts of a settled table: every piece's pose (or that it left the table), the boulder.
pub fn read(table: &Table, pieces: &[PieceBody], ammo: Option<BodyId>) -> Vec<Fact> {
    let mut facts = Vec::new();
    for p in pieces {
        let pose = table
            .pose(p.body)
            .filter(|_| !table.is_removed(p.body))
            .map(|(x, y, a)| Pose::new(q(x), q(y), to_tenths(a)));
        let f = match (pose, p.soldier) {
            (Some(pose), false) => ShotFact::Block {
                seat: p.seat,
                k: p.k,
                pose,
            },
            (None, false) => ShotFact::BlockOff {
                seat: p.seat,
                k: p.k,
            },
            (Some(pose), true) => ShotFact::Soldier {
                seat: p.seat,
                k: p.k,
                pose,
            },
            (None, true) => ShotFact::SoldierOff {
                seat: p.seat,
                k: p.k,
            },
        };
        facts.push(f.encode());
    }
    if let Some(a) = ammo {
        let f = match table.pose(a).filter(|_| !table.is_removed(a)) {
            Some((x, y, _)) => ShotFact::Ammo { x: q(x), y: q(y) },
            None => ShotFact::AmmoOff,
        };
        facts.push(f.encode());
    }
    facts
}

/// A Feud shot: decided when the table settles; on the second table the colliders of boards and
/// catapults are not drawn (`fixed_views` draws them).
pub struct Stages {
    pieces: Vec<PieceBody>,
    ammo: Option<BodyId>,
    version: TableVersion,
}

impl ShotStages for Stages {
    fn facts(&self, table: &Table) -> Vec<Fact> {
        read(table, &self.pieces, self.ammo)
    }

    fn drawn(&self, tag: u32) -> bool {
        !(self.version == TableVersion::V2 && (tag == TAG_BOARD || tag == TAG_CATAPULT))
    }
}

/// Builds, fires (or only lets go, when `launch` is None) and returns the shot to step. `frame`
/// should carry `fixed_views(state, version)`.
pub fn shot(
    state: &State,
    seats: &[Seat],
    version: TableVersion,
    firing: Option<(usize, &Launch)>,
    frame: TableView,
) -> ShotRun<Stages> {
    let mut world = build(state, seats, version);
    if let Some((seat, launch)) = firing {
        fire(&mut world, state, seat, launch);
    }
    let stages = Stages {
        pieces: world.pieces.clone(),
        ammo: world.ammo,
        version,
    };
    ShotRun::new(world.table, frame, stages)
}

/// The table at rest, straight from the state (no simulation).
pub fn view(state: &State, seats: &[Seat], version: TableVersion) -> TableView {
    let (specs, _) = specs(state, seats, version);
    let mut bodies = fixed_views(state, version);
    let stages = Stages {
        pieces: Vec::new(),
        ammo: None,
        version,
    };
    for spec in specs.iter().filter(|s| stages.drawn(s.tag)) {
        crate::physics::table::spec_views(spec, spec.x, spec.y, spec.angle, &mut bodies);
    }
    frame(seats, bodies)
}

/// Bounds and labels (each board's owner) of the table (bodies given).
pub fn frame(seats: &[Seat], bodies: Vec<BodyView>) -> TableView {
    let (t0, t1) = geo::table_span();
    let mut labels = Vec::new();
    for s in 0..2 {
        let (l, r) = geo::board_span(s);
        let name = seats
            .get(s)
            .map(|x| x.name.clone())
            .unwrap_or_else(|| format!("Player {}", s + 1));
        // On the table's front edge under the board, a name plate clear of the pieces above.
        // Soldiers standing are on the score bar and the status line.
        labels.push((m((l + r) / 2), -0.05, name));
    }
    TableView {
        bodies,
        // Room under the table top for the prompts the app writes above the table's bottom edge.
        bounds: [m(t0), -0.3, m(t1), 0.45],
        labels,
    }
}

/// Metres to dmm (the rules' unit), rounded.
pub fn to_dmm_i(metres: f32) -> i32 {
    libm::roundf(metres / DMM) as i32
}
