//! The Catapult Castle table in physics: built fresh from the rules state for every shot (in a
//! fixed order: floor, mats, towers, cards, roofs, resting ammo, catapult, the shot ball), fired
//! from integer launch parameters, stepped to rest, and read back as integer facts.
//!
//! Towers are cups (floor + two 3 mm walls as one fixed body). Everything but the shot ball is
//! fixed: towers are heavy and the ammo already inside a tower is wedged at its bottom, so the only
//! thing a shot moves is its own ball (docs/rules/castle.md).

use super::geometry::*;
use super::rules::codec::ShotFact;
use super::rules::State;
use crate::core::game::RulesState;
use crate::core::LaunchKind;
use crate::core::{BodyView, Fact, Launch, Look, Seat, TableView};
use crate::physics::launch::{spin, velocity};
use crate::physics::{rest_view, BodyId, BodySpec, Part, ShotRun, ShotStages, Table, TableConfig};

/// Body tags (what a body is), for the view and for highlighting.
pub const TAG_TABLE: u32 = 1;
pub const TAG_MAT: u32 = 2;
pub const TAG_TOWER: u32 = 3;
/// The view's name of the tower with this id, and of the roof and ammo it carries with it
/// (`BodyView::piece`; never 0).
pub fn tower_piece(id: u32) -> u32 {
    1 + id
}

/// A face-down card between two stacked towers.
pub const TAG_CARD: u32 = 4;
pub const TAG_ROOF: u32 = 5;
/// Ammo resting inside a tower.
pub const TAG_AMMO: u32 = 6;
/// The ball of the shot in flight.
pub const TAG_SHOT: u32 = 7;
pub const TAG_CATAPULT: u32 = 8;
/// The game box under a raised catapult.
pub const TAG_STAND: u32 = 9;

pub const RGB_TABLE: [u8; 3] = [139, 94, 60];
pub const RGB_NEUTRAL_TOWER: [u8; 3] = [150, 150, 140];
pub const RGB_CARD: [u8; 3] = [240, 232, 210];
pub const RGB_ROOF: [u8; 3] = [212, 175, 55];
pub const RGB_AMMO: [u8; 3] = [60, 60, 66];
pub const RGB_SHOT: [u8; 3] = [20, 20, 24];
pub const RGB_CATAPULT: [u8; 3] = [101, 67, 33];
pub const RGB_STAND: [u8; 3] = [70, 110, 160];

/// Frames the ball keeps rolling for the eye after its fate is sealed: it touched the table or a
/// mat (from where no ball can climb into a 75 mm cup), or it is inside a cup too slow to climb
/// out again.
const LINGER_FRAMES: u32 = 20;

/// What a body stands for in the rules.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Role {
    Floor,
    Mat(usize),
    /// Tower id, centre x, base y.
    Tower(u32, f32, f32),
    Card,
    /// The roof on the tower with this id.
    Roof(u32),
    Ammo,
    Catapult,
    Stand,
}

fn lighten(rgb: [u8; 3]) -> [u8; 3] {
    [
        ((rgb[0] as u16 + 2 * 235) / 3) as u8,
        ((rgb[1] as u16 + 2 * 225) / 3) as u8,
        ((rgb[2] as u16 + 2 * 205) / 3) as u8,
    ]
}

/// Where the catapult's ball leaves for the seat whose turn it is (before any launch offsets).
pub fn catapult_origin(state: &State) -> Option<[f32; 2]> {
    let layout = layout_of(state);
    let c = state.current_corner()?;
    let raised = state.stand.get(state.turn.seat).copied().unwrap_or(false);
    Some([
        layout.corner_x(c.mat, c.end),
        CATAPULT_Y + if raised { STAND_H } else { 0.0 },
    ])
}

pub fn layout_of(state: &State) -> Layout {
    Layout {
        mats: state.mats.len(),
        squares: state.squares_per_mat(),
    }
}

/// Every fixed body of the table at rest, in insertion order, with its role. `catapult` adds the
/// catapult (and its box) at the acting seat's corner.
pub fn rest_specs(state: &State, seats: &[Seat], catapult: bool) -> Vec<(BodySpec, Role)> {
    let layout = layout_of(state);
    let mut out = Vec::new();
    let (x0, x1) = layout.table_span();
    let mut x = x0;
    while x < x1 - 1e-4 {
        let w = (x1 - x).min(2.0);
        out.push((
            BodySpec::fixed(vec![Part::rect(w / 2.0, 0.015)], x + w / 2.0, -0.015)
                .friction(0.6)
                .rgb(RGB_TABLE)
                .tag(TAG_TABLE)
                .look(Look::Table),
            Role::Floor,
        ));
        x += w;
    }
    // (The table top is 3 cm thick: the labels under it name the squares and mats.)
    let owner_rgb = |m: usize| -> Option<[u8; 3]> {
        state.mats[m]
            .owner
            .and_then(|o| seats.get(o))
            .map(|s| s.rgb())
    };
    for m in 0..state.mats.len() {
        let rgb = owner_rgb(m).map(lighten).unwrap_or([215, 210, 195]);
        out.push((
            BodySpec::fixed(
                vec![Part::rect(layout.mat_len() / 2.0, MAT_THICK / 2.0)],
                layout.mat_x0(m) + layout.mat_len() / 2.0,
                MAT_THICK / 2.0,
            )
            .friction(0.6)
            .rgb(rgb)
            .tag(TAG_MAT)
            .look(Look::Mat),
            Role::Mat(m),
        ));
    }
    let cup = || {
        vec![
            Part::rect(TOWER_HW, WALL / 2.0).at(0.0, WALL / 2.0),
            Part::rect(WALL / 2.0, TOWER_H / 2.0).at(-(TOWER_HW - WALL / 2.0), TOWER_H / 2.0),
            Part::rect(WALL / 2.0, TOWER_H / 2.0).at(TOWER_HW - WALL / 2.0, TOWER_H / 2.0),
        ]
    };
    // Towers, then the cards between stacked towers, then roofs, then resting ammo.
    for (m, mat) in state.mats.iter().enumerate() {
        let rgb = owner_rgb(m).unwrap_or(RGB_NEUTRAL_TOWER);
        let owner = mat.owner;
        for (s, sq) in mat.squares.iter().enumerate() {
            let cx = layout.square_x(m, s);
            for (l, t) in sq.stack.iter().enumerate() {
                let base = tower_base_y(l);
                out.push((
                    BodySpec::fixed(cup(), cx, base)
                        .friction(0.4)
                        .restitution(0.2)
                        .rgb(rgb)
                        .tag(TAG_TOWER)
                        .look(Look::Stone)
                        .owner(owner)
                        .piece(tower_piece(t.id)),
                    Role::Tower(t.id, cx, base),
                ));
            }
        }
    }
    for (m, mat) in state.mats.iter().enumerate() {
        for (s, sq) in mat.squares.iter().enumerate() {
            let cx = layout.square_x(m, s);
            for l in 1..sq.stack.len() {
                out.push((
                    BodySpec::fixed(
                        vec![Part::rect(CARD_HW, CARD_THICK / 2.0)],
                        cx,
                        tower_top_y(l - 1) + CARD_THICK / 2.0,
                    )
                    .friction(0.5)
                    .rgb(RGB_CARD)
                    .tag(TAG_CARD)
                    .look(Look::Card),
                    Role::Card,
                ));
            }
        }
    }
    for (m, mat) in state.mats.iter().enumerate() {
        for (s, sq) in mat.squares.iter().enumerate() {
            let (Some(_), Some(top)) = (sq.roof, sq.stack.last()) else {
                continue;
            };
            let cx = layout.square_x(m, s);
            out.push((
                BodySpec::fixed(
                    vec![Part::rect(CARD_HW, CARD_THICK / 2.0)],
                    cx,
                    tower_top_y(sq.stack.len() - 1) + CARD_THICK / 2.0,
                )
                .friction(0.5)
                .rgb(RGB_ROOF)
                .tag(TAG_ROOF)
                .look(Look::Card)
                .piece(tower_piece(top.id)),
                Role::Roof(top.id),
            ));
        }
    }
    for (m, mat) in state.mats.iter().enumerate() {
        for (s, sq) in mat.squares.iter().enumerate() {
            let cx = layout.square_x(m, s);
            for (l, t) in sq.stack.iter().enumerate() {
                for k in 0..t.ammo.min(AMMO_CAPACITY) {
                    let (dx, dy) = ammo_slot(k);
                    out.push((
                        BodySpec::fixed(vec![Part::circle(AMMO_R)], cx + dx, tower_base_y(l) + dy)
                            .friction(0.5)
                            .restitution(0.2)
                            .rgb(RGB_AMMO)
                            .tag(TAG_AMMO)
                            .look(Look::Ammo)
                            .piece(tower_piece(t.id)),
                        Role::Ammo,
                    ));
                }
            }
        }
    }
    if catapult {
        if let Some(c) = state.current_corner().filter(|_| !state.is_over()) {
            let cx = layout.corner_x(c.mat, c.end);
            let raised = state.stand.get(state.turn.seat).copied().unwrap_or(false);
            let lift = if raised { STAND_H } else { 0.0 };
            if raised {
                out.push((
                    BodySpec::fixed(vec![Part::rect(0.06, STAND_H / 2.0)], cx, STAND_H / 2.0)
                        .rgb(RGB_STAND)
                        .tag(TAG_STAND)
                        .look(Look::Wood),
                    Role::Stand,
                ));
            }
            let hh = (CATAPULT_Y - AMMO_R - 0.004) / 2.0;
            out.push((
                BodySpec::fixed(vec![Part::rect(CATAPULT_HW, hh)], cx, lift + hh)
                    .rgb(RGB_CATAPULT)
                    .tag(TAG_CATAPULT)
                    .look(Look::Catapult),
                Role::Catapult,
            ));
        }
    }
    out
}

/// Bodies as the view draws them, from specs (no physics world needed).
pub fn spec_views(specs: &[(BodySpec, Role)]) -> Vec<BodyView> {
    rest_view(specs.iter().map(|(spec, _)| spec))
}

/// Where the ball leaves and how fast, for a launch already checked against the prompt.
pub fn release(state: &State, launch: &Launch) -> Option<(f32, f32, f32, f32, f32)> {
    let [ox, oy] = catapult_origin(state)?;
    if launch.kind == LaunchKind::Toss {
        let x = ox + launch.x as f32 / 1000.0;
        let y = AMMO_R + 0.001 + launch.y as f32 / 1000.0;
        let (vx, vy) = velocity(launch.angle, launch.power, TOSS_SPEED.0, TOSS_SPEED.1);
        Some((x, y, vx, vy, spin(launch.spin, TOSS_MAX_SPIN)))
    } else {
        let (vx, vy) = velocity(
            launch.angle,
            launch.power,
            CATAPULT_SPEED.0,
            CATAPULT_SPEED.1,
        );
        Some((ox, oy, vx, vy, 0.0))
    }
}

/// A Catapult Castle shot in flight: the one shot runner with the Castle's stop rule.
pub type CastleShot = ShotRun<CastleFlight>;

/// What the Castle watches while its ball flies: the first contact, the roofs it touches, and the
/// moment its fate is sealed (then it lingers `LINGER_FRAMES` for the eye).
pub struct CastleFlight {
    ball: BodyId,
    towers: Vec<(u32, f32, f32)>,
    /// Tower id and centre of each roof.
    roofs: Vec<(u32, f32, f32)>,
    prev_v: (f32, f32),
    touched_roofs: Vec<u32>,
    first_contact: Option<(f32, f32)>,
    sealed_at: Option<u32>,
}

impl CastleShot {
    /// Builds the table from the state and fires the ball. `launch` must have passed the prompt.
    pub fn fire(
        state: &State,
        seats: &[Seat],
        launch: &Launch,
        frame: TableView,
    ) -> Option<CastleShot> {
        let layout = layout_of(state);
        let (x, y, vx, vy, w) = release(state, launch)?;
        let mut table = Table::new(TableConfig {
            substeps: 1,
            bounds: layout.kill_bounds(),
            ..TableConfig::default()
        });
        let specs = rest_specs(state, seats, launch.kind != LaunchKind::Toss);
        let mut towers = Vec::new();
        let mut roofs = Vec::new();
        for (spec, role) in specs {
            let (rx, ry) = (spec.x, spec.y);
            table.add(spec);
            match role {
                Role::Tower(t, cx, base) => towers.push((t, cx, base)),
                Role::Roof(t) => roofs.push((t, rx, ry)),
                _ => {}
            }
        }
        let ball = table.add(
            BodySpec::dynamic(vec![Part::circle(AMMO_R)], x, y)
                .density(1200.0)
                .friction(0.4)
                .restitution(0.5)
                .ccd()
                .rgb(RGB_SHOT)
                .tag(TAG_SHOT)
                .look(Look::Ammo),
        );
        table.set_velocity(ball, vx, vy, w);
        let flight = CastleFlight {
            ball,
            towers,
            roofs,
            prev_v: (vx, vy),
            touched_roofs: Vec::new(),
            first_contact: None,
            sealed_at: None,
        };
        Some(ShotRun::new(table, frame, flight))
    }

    /// The ball's position (m), if it is still on the table.
    pub fn ball_pos(&self) -> Option<(f32, f32)> {
        self.stages.ball_pos(&self.table)
    }
}

impl CastleFlight {
    fn ball_pos(&self, table: &Table) -> Option<(f32, f32)> {
        if table.is_removed(self.ball) {
            return None;
        }
        table.pose(self.ball).map(|(x, y, _)| (x, y))
    }
}

impl ShotStages for CastleFlight {
    fn after_frame(&mut self, table: &mut Table, settled: bool) -> bool {
        if table.is_removed(self.ball) {
            return true;
        }
        let Some((x, y)) = self.ball_pos(table) else {
            return false;
        };
        let (vx, vy, _) = table.velocity(self.ball).unwrap_or_default();
        // A collision is a change of velocity that gravity alone does not explain (the narrow
        // phase's contact flag also fires for speculative contacts a centimetre away).
        let (px, py) = self.prev_v;
        let g = table.config().gravity * crate::physics::FRAME_DT;
        let jolt = (vx - px).abs() + (vy - py - g).abs();
        self.prev_v = (vx, vy);
        if self.first_contact.is_none() && jolt > 0.05 {
            self.first_contact = Some((x, y));
        }
        for &(tower, rx, ry) in &self.roofs {
            let dx = ((x - rx).abs() - CARD_HW).max(0.0);
            let dy = ((y - ry).abs() - CARD_THICK / 2.0).max(0.0);
            if !self.touched_roofs.contains(&tower)
                && libm::sqrtf(dx * dx + dy * dy) < AMMO_R + 0.0015
            {
                self.touched_roofs.push(tower);
            }
        }
        let in_a_cup_column = self
            .towers
            .iter()
            .any(|&(_, cx, _)| (x - cx).abs() < TOWER_HW);
        // A ball inside a cup that cannot climb over the rim any more (kinetic energy, with a
        // margin for its spin, below what the rim's height takes) has found its tower.
        let climb = 1.5 * (vx * vx + vy * vy) / (2.0 * 9.81);
        let trapped = self.towers.iter().any(|&(_, cx, base)| {
            inside_cup(x, y, cx, base) && y + climb < base + TOWER_H - AMMO_R
        });
        let on_ground = y < MAT_THICK + AMMO_R + 0.0015 && !in_a_cup_column;
        if self.sealed_at.is_none() && (on_ground || trapped) {
            self.sealed_at = Some(table.frames());
        }
        let lingered = self
            .sealed_at
            .is_some_and(|f| table.frames() >= f + LINGER_FRAMES);
        lingered || settled
    }

    fn facts(&self, table: &Table) -> Vec<Fact> {
        let mut facts = Vec::new();
        if let Some((x, y)) = self.first_contact {
            facts.push(ShotFact::FirstContact { x: mm(x), y: mm(y) });
        }
        for &t in &self.touched_roofs {
            facts.push(ShotFact::Roof(t));
        }
        match self.ball_pos(table) {
            None => facts.push(ShotFact::Fell),
            Some((x, y)) => {
                if let Some(&(t, _, _)) = self
                    .towers
                    .iter()
                    .find(|&&(_, cx, base)| inside_cup(x, y, cx, base))
                {
                    facts.push(ShotFact::InTower(t));
                }
                facts.push(ShotFact::Rest { x: mm(x), y: mm(y) });
            }
        }
        facts.iter().map(ShotFact::encode).collect()
    }
}
