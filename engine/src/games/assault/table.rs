//! The physics of Assault on the Castle: a fresh rapier table built from the rules state for every
//! shot (castles as thin rounded cards, mats as slabs, the Great Tower as a heavy box), the wrist
//! throw, and the facts read back once everything settles.
//!
//! A shot runs in two stages: the throw flies and everything settles; then the thrown siege cards
//! are lifted off (they go to the discards) and the table settles again, so a card that was resting
//! on a thrown card falls now, inside the same shot.

use super::geometry as geo;
use super::geometry::TableVersion;
use super::rules::codec::ShotFact;
use super::rules::{State, Task};
use crate::core::{BodyShape, BodyView, Fact, Launch, Look, TableView};
use crate::physics::{
    floor_specs, launch, rest_view, table_of, BodyId, BodySpec, Part, ShotRun, ShotStages, Table,
    TableConfig,
};

/// dmm (tenths of a millimetre) to metres.
pub const DMM: f32 = 1.0 / 10_000.0;
/// Wrist flick speeds (m/s) for power 0 and 1000, and the spin at ±1000 (rad/s).
pub const MIN_SPEED: f32 = 1.0;
pub const MAX_SPEED: f32 = 8.0;
pub const MAX_SPIN: f32 = 30.0;
/// The card leaves the hand this far from the wrist, along the throw (m).
pub const HAND: f32 = 0.06;
/// Physics steps per 1/60 s frame: 480 Hz (thin cards collapse at 240 Hz).
pub const SUBSTEPS: u32 = 8;
pub const CARD_FRICTION: f32 = 0.6;
/// The Great Tower's mass (kg).
pub const TOWER_MASS: f32 = 0.5;
/// Hard stop for one stage, frames (12 s).
pub const MAX_FRAMES: u32 = 720;

pub const TAG_TABLE: u32 = 1;
pub const TAG_MAT: u32 = 2;
pub const TAG_CARD: u32 = 3;
pub const TAG_SIEGE: u32 = 4;
pub const TAG_TOWER: u32 = 5;
pub const TAG_PIVOT: u32 = 6;

pub const TABLE_RGB: [u8; 3] = [139, 107, 72];
pub const MAT_RGB: [u8; 3] = [96, 84, 70];
pub const FLIPPED_RGB: [u8; 3] = [236, 236, 230];
pub const SIEGE_RGB: [u8; 3] = [40, 40, 40];
pub const TOWER_RGB: [u8; 3] = [180, 150, 90];

/// Card body spec: a rounded cuboid (border 0.4 × thickness), 1.8 g, no bounce.
/// The view's name of seat `s`'s building card `id` on its mat (`BodyView::piece`; never 0).
pub fn card_piece(s: usize, id: u32) -> u32 {
    1 + s as u32 * 256 + id
}

pub fn card_spec(x: f32, y: f32, angle: f32) -> BodySpec {
    let hw = geo::CARD_LEN as f32 * DMM / 2.0;
    let hh = geo::CARD_THICK as f32 * DMM / 2.0;
    let area = 4.0 * hw * hh;
    BodySpec::dynamic(vec![Part::rect(hw, hh).rounded(0.8 * hh)], x, y)
        .angle(angle)
        .density(geo::CARD_MASS_G / 1000.0 / area)
        .friction(CARD_FRICTION)
        .restitution(0.0)
}

fn rad(tenths: i32) -> f32 {
    tenths as f32 * (core::f32::consts::PI / 1800.0)
}

/// Which building card a body is: (body, card id, owner seat).
#[derive(Clone, Copy, Debug)]
pub struct CardBody {
    pub body: BodyId,
    pub id: u32,
    pub seat: usize,
}

/// A table built from the rules state.
pub struct World {
    pub table: Table,
    pub cards: Vec<CardBody>,
    pub projectiles: Vec<BodyId>,
    pub tower: Option<BodyId>,
}

pub fn config(n: usize) -> TableConfig {
    let (t0, t1) = geo::table_extent(n);
    TableConfig {
        substeps: SUBSTEPS,
        bounds: [t0 as f32 * DMM - 0.2, -0.3, t1 as f32 * DMM + 0.2, 3.0],
        max_frames: MAX_FRAMES,
        ..TableConfig::default()
    }
}

/// The bodies of the table at rest, in insertion order: floor tiles, every mat, the Great Tower,
/// then the cards of `mats` in seat order and castle order (always the same order for the same
/// state), with which body is which (ids are indices into the specs).
pub struct RestSpecs {
    pub specs: Vec<BodySpec>,
    pub cards: Vec<CardBody>,
    pub tower: Option<BodyId>,
}

pub fn rest_specs(state: &State, mats: &[usize]) -> RestSpecs {
    let (t0, t1) = geo::table_extent(state.n);
    let mut specs = floor_specs(t0 as f32 * DMM, t1 as f32 * DMM, 0.0, TABLE_RGB, TAG_TABLE);
    for s in 0..state.n {
        let hw = geo::MAT_W as f32 * DMM / 2.0;
        let hh = geo::MAT_T as f32 * DMM / 2.0;
        let x = geo::mat_left(s) as f32 * DMM + hw;
        let rgb = if state.players[s].defeated {
            FLIPPED_RGB
        } else {
            MAT_RGB
        };
        specs.push(
            BodySpec::fixed(vec![Part::rect(hw, hh)], x, hh)
                .friction(0.6)
                .rgb(rgb)
                .tag(TAG_MAT)
                .look(Look::Mat),
        );
    }
    let tower = state.tower.map(|t| {
        let hw = geo::TOWER_HW as f32 * DMM;
        let hh = geo::TOWER_HH as f32 * DMM;
        specs.push(
            BodySpec::dynamic(vec![Part::rect(hw, hh)], t.x as f32 * DMM, t.y as f32 * DMM)
                .angle(rad(t.a))
                .density(TOWER_MASS / (4.0 * hw * hh))
                .friction(0.6)
                .rgb(TOWER_RGB)
                .tag(TAG_TOWER)
                .look(Look::Stone),
        );
        specs.len() - 1
    });
    let mut mats: Vec<usize> = mats.to_vec();
    crate::core::order::sort(&mut mats);
    mats.dedup();
    let mut cards = Vec::new();
    for s in mats {
        let Some(p) = state.players.get(s) else {
            continue;
        };
        let left = geo::mat_left(s);
        let rgb = crate::core::seat::SEAT_COLOURS[s % crate::core::seat::SEAT_COLOURS.len()];
        for c in &p.castle {
            let x = (left + c.pose.x) as f32 * DMM;
            let y = (geo::MAT_T + c.pose.y) as f32 * DMM;
            specs.push(
                card_spec(x, y, rad(c.pose.a))
                    .owner(s)
                    .rgb(rgb)
                    .tag(TAG_CARD)
                    .piece(card_piece(s, c.id))
                    .look(Look::Card),
            );
            cards.push(CardBody {
                body: specs.len() - 1,
                id: c.id,
                seat: s,
            });
        }
    }
    RestSpecs {
        specs,
        cards,
        tower,
    }
}

/// Whether a shot of this task starts the castles asleep: on table 2, a throw (every castle on
/// the table stood when its last shot ended: a castle is let go after every change). A let-go
/// starts awake, as on table 1: it is the settling of a changed castle.
pub fn starts_asleep(state: &State) -> bool {
    state.table == TableVersion::V2 && matches!(state.task(), Some(Task::Aim { .. }))
}

/// Builds the table of `rest_specs` (nothing fired yet); on table 2 a throw's castles and
/// Great Tower start asleep (`starts_asleep`).
pub fn build_world(state: &State, mats: &[usize], cfg: TableConfig) -> World {
    let RestSpecs {
        specs,
        cards,
        tower,
    } = rest_specs(state, mats);
    let mut table = table_of(cfg, specs);
    if starts_asleep(state) {
        let ids: Vec<BodyId> = cards.iter().map(|c| c.body).chain(tower).collect();
        table.fall_asleep(&ids);
    }
    World {
        table,
        cards,
        projectiles: Vec::new(),
        tower,
    }
}

/// Where a wrist throw releases its card: the wrist pivot plus the hand, along the throw (m).
pub fn release_point(state: &State, seat: usize, angle: i32) -> (f32, f32) {
    let (px, py) = state.pivot(seat);
    let (dx, dy) = launch::direction(angle);
    (px as f32 * DMM + HAND * dx, py as f32 * DMM + HAND * dy)
}

/// Adds the thrown siege card(s) and releases them with the launch's speed, direction and spin.
pub fn throw(world: &mut World, state: &State, seat: usize, l: &Launch, munitions: usize) {
    let (rx, ry) = release_point(state, seat, l.angle);
    let (dx, dy) = launch::direction(l.angle);
    let (vx, vy) = launch::velocity(l.angle, l.power, MIN_SPEED, MAX_SPEED);
    let w = launch::spin(l.spin, MAX_SPIN);
    let a = rad(l.angle);
    let gap = (geo::CARD_THICK + 2) as f32 * DMM;
    for k in 0..munitions.max(1) {
        // A second card sits on top of the first (perpendicular to the throw).
        let off = k as f32 * gap;
        let spec = card_spec(rx - dy * off, ry + dx * off, a)
            .ccd()
            .fast_rotation()
            .rgb(SIEGE_RGB)
            .tag(TAG_SIEGE)
            .look(Look::Card);
        let id = world.table.add(spec);
        world.table.set_velocity(id, vx, vy, w);
        world.projectiles.push(id);
    }
}

fn q(v: f32) -> i64 {
    libm::roundf(v) as i64
}

/// The facts of a settled table: every card's pose on its owner's mat (or `off` it), the tower.
pub fn read_facts(world: &World, rest: &[(i64, i64)]) -> Vec<Fact> {
    facts_of(&world.table, &world.cards, world.tower, rest)
}

fn facts_of(
    table: &Table,
    cards: &[CardBody],
    tower: Option<BodyId>,
    rest: &[(i64, i64)],
) -> Vec<Fact> {
    let mut facts = Vec::new();
    for c in cards {
        let pose = if table.is_removed(c.body) {
            None
        } else {
            table.pose(c.body)
        };
        let Some((x, y, a)) = pose else {
            facts.push(ShotFact::Off(c.id).encode());
            continue;
        };
        let lx = q(x / DMM) - geo::mat_left(c.seat) as i64;
        let ly = q(y / DMM) - geo::MAT_T as i64;
        if lx < 0 || lx > geo::MAT_W as i64 {
            facts.push(ShotFact::Off(c.id).encode());
            continue;
        }
        let angle = launch::to_tenths(a) as i64;
        facts.push(ShotFact::measured_card(c.id, lx, ly, angle));
    }
    if let Some(t) = tower {
        match table.pose(t).filter(|_| !table.is_removed(t)) {
            Some((x, y, a)) => facts.push(ShotFact::measured_tower(
                q(x / DMM),
                q(y / DMM),
                launch::to_tenths(a) as i64,
            )),
            None => facts.push(ShotFact::TowerOff.encode()),
        }
    }
    for &(x, y) in rest {
        facts.push(ShotFact::SiegeRest { x, y }.encode());
    }
    facts
}

/// A shot of this game (a throw, or a let-go with no projectile): the one shot runner, with the
/// second stage once the table first settles — the thrown cards are lifted off and the table
/// settles again.
pub type AssaultShot = ShotRun<Siege>;

pub struct Siege {
    pub cards: Vec<CardBody>,
    pub projectiles: Vec<BodyId>,
    pub tower: Option<BodyId>,
    lifted: bool,
    /// Where each thrown card came to rest before it was lifted (dmm).
    rest: Vec<(i64, i64)>,
    /// The table this shot runs on (`TableVersion`).
    version: TableVersion,
}

impl AssaultShot {
    /// A shot of a world built (and thrown into) already; `frame` holds what is drawn beneath.
    pub fn of(world: World, frame: TableView, version: TableVersion) -> AssaultShot {
        let World {
            table,
            cards,
            projectiles,
            tower,
        } = world;
        let siege = Siege {
            cards,
            projectiles,
            tower,
            lifted: false,
            rest: Vec::new(),
            version,
        };
        ShotRun::new(table, frame, siege)
    }
}

impl Siege {
    fn lift_projectiles(&mut self, t: &mut Table) {
        let ids: Vec<BodyId> = self
            .cards
            .iter()
            .map(|c| c.body)
            .chain(self.tower)
            .filter(|&id| !t.is_removed(id))
            .collect();
        // Table 2: only what a thrown card props is woken (the physics wakes the rest as it
        // moves), read before the thrown cards go.
        let propped: Vec<BodyId> = match self.version {
            TableVersion::V1 => Vec::new(),
            TableVersion::V2 => ids
                .iter()
                .copied()
                .filter(|&id| {
                    self.projectiles
                        .iter()
                        .any(|&p| t.touching_within(id, p, PROPPED))
                })
                .collect(),
        };
        for &p in &self.projectiles {
            if let Some((x, y, _)) = t.pose(p).filter(|_| !t.is_removed(p)) {
                self.rest.push((q(x / DMM), q(y / DMM)));
            }
            t.remove(p);
        }
        match self.version {
            // Wake everything left so that what rested on a thrown card may fall now.
            TableVersion::V1 => {
                for id in ids {
                    let (vx, vy, w) = t.velocity(id).unwrap_or_default();
                    t.set_velocity(id, vx, vy, w);
                }
            }
            TableVersion::V2 => {
                for id in propped {
                    t.wake(id);
                }
            }
        }
    }
}

/// Table 2: a body with a contact point this close to a thrown card (m) rests against it and is
/// woken when the thrown card is lifted off.
pub const PROPPED: f32 = 0.002;

impl ShotStages for Siege {
    fn after_frame(&mut self, table: &mut Table, settled: bool) -> bool {
        // Table 2: once every body sleeps nothing can move any more: the stage is over without
        // waiting out the calm frames (the poses, and so the facts, are what they would be).
        let settled = settled || (self.version == TableVersion::V2 && table.all_asleep());
        if !settled {
            return false;
        }
        if self.lifted || self.projectiles.is_empty() {
            return true;
        }
        self.lift_projectiles(table);
        self.lifted = true;
        false
    }

    fn facts(&self, table: &Table) -> Vec<Fact> {
        facts_of(table, &self.cards, self.tower, &self.rest)
    }

    /// The table, mats and pivots are the frame's own bodies; the table draws what moves.
    fn drawn(&self, tag: u32) -> bool {
        tag == TAG_CARD || tag == TAG_SIEGE || tag == TAG_TOWER
    }
}

/// The static part of the view: the fixed bodies of `rest_specs` (table, mats), the wrist pivots
/// (drawn only), and the bounds and labels.
pub fn static_view(state: &State, names: &[String]) -> TableView {
    let (t0, t1) = geo::table_extent(state.n);
    let rest = rest_specs(state, &[]);
    let mut bodies = rest_view(rest.specs.iter().filter(|s| !s.dynamic));
    let mut labels = Vec::new();
    for s in 0..state.n {
        let p = &state.players[s];
        let x = geo::mat_left(s) as f32 * DMM + geo::MAT_W as f32 * DMM / 2.0;
        let (px, py) = state.pivot(s);
        bodies.push(BodyView {
            shape: BodyShape::Circle { r: 0.008 },
            x: px as f32 * DMM,
            y: py as f32 * DMM,
            angle: 0.0,
            rgb: crate::core::seat::SEAT_COLOURS[s % crate::core::seat::SEAT_COLOURS.len()],
            tag: TAG_PIVOT,
            look: Look::Ammo,
            owner: u8::try_from(s).ok(),
            piece: 0,
        });
        bodies.push(BodyView {
            shape: BodyShape::Rect {
                hw: 0.004,
                hh: py as f32 * DMM / 2.0,
            },
            x: px as f32 * DMM,
            y: py as f32 * DMM / 2.0,
            angle: 0.0,
            rgb: [200, 170, 150],
            tag: TAG_PIVOT,
            look: Look::Plain,
            owner: None,
            piece: 0,
        });
        let name = names
            .get(s)
            .cloned()
            .unwrap_or_else(|| format!("Seat {}", s + 1));
        // The mat's owner and how many cards of the castle stand (the score bar counts wins).
        let status = if p.eliminated {
            " is out".to_string()
        } else if p.defeated {
            format!(": last bastion, {} standing", p.standing())
        } else {
            format!(
                ": {} standing",
                crate::core::status::plural(p.standing(), "card", "cards")
            )
        };
        labels.push((x, 0.30, format!("{name}{status}")));
    }
    TableView {
        bodies,
        bounds: [t0 as f32 * DMM, -0.05, t1 as f32 * DMM, 0.45],
        labels,
    }
}

/// The cards (of every mat) and the tower at rest, from the same specs a shot's table is built of.
pub fn state_bodies(state: &State) -> Vec<BodyView> {
    let every: Vec<usize> = (0..state.n).collect();
    let rest = rest_specs(state, &every);
    rest_view(rest.specs.iter().filter(|s| s.dynamic))
}
