//! The catapult round in physics. A hurl on the map is seen from the side along its line: x is
//! the distance from the catapult along the line the hurler aimed, y is height above the table.
//! The tiles the line crosses lie on the table as 2 mm boards; the followers standing within
//! reach of the line (their half width plus the token's) stand on them as bodies. A Catch hurl
//! flies down a lane from the catapult past the measuring board towards the catcher's hand.
//! Bodies go in a fixed order (floor, catapult, tiles in map order, followers in placing order,
//! hand, token); the line is computed with `+ - * / sqrt` only and launch parameters are integers.
//! Sizes are those of the physical game (docs/rules/carcassonne.md).

use super::rules::catapult::{
    Step, BOARD_MM, FACT_ALONG, FACT_CAUGHT, FACT_CHAINED, FACT_HAND_TOUCHED, FACT_LOST, FACT_REST,
    FACT_TOUCHED, TILE_MM,
};
use super::rules::tokens::Token;
use super::rules::{FeatureKind, State};
use crate::core::{Fact, Launch, LaunchKind, LaunchPrompt, Look, Seat, TableView};
use crate::physics::launch::velocity;
use crate::physics::{
    floor_specs, rest_view, BodyId, BodySpec, Part, ShotRun, ShotStages, Table, TableConfig,
};

pub const TAG_FLOOR: u32 = 1;
pub const TAG_TILE: u32 = 2;
pub const TAG_FOLLOWER: u32 = 3;
pub const TAG_TOKEN: u32 = 4;
pub const TAG_CATAPULT: u32 = 5;
pub const TAG_BOARD: u32 = 6;
pub const TAG_HAND: u32 = 7;

/// A tile is 2 mm of cardboard.
pub const TILE_THICK: f32 = 0.002;
/// A follower is about 16 mm wide and 16 mm tall (a farmer lies: 8 mm).
pub const FOLLOWER_HW: f32 = 0.008;
pub const FOLLOWER_H: f32 = 0.016;
/// A catapult token: a cardboard disc 22 mm across, 2 mm thick.
pub const TOKEN_R: f32 = 0.011;
pub const TOKEN_THICK: f32 = 0.002;
/// The token leaves the catapult's spoon 45 mm above the table, at 0.8 to 3.6 m/s.
pub const RELEASE_Y: f32 = 0.045;
pub const SPEED: (f32, f32) = (0.8, 3.6);
/// Elevation range, tenths of a degree.
pub const ANGLE: (i32, i32) = (50, 850);
/// The measuring board lies flat, 150 mm long, its far edge at `BOARD_MM`.
pub const BOARD_LEN: f32 = 0.15;
/// The catcher's cupped hand: a palm 80 mm wide with fingers 30 mm high at either side.
pub const HAND_HW: f32 = 0.04;
pub const FINGER_H: f32 = 0.03;
/// The table reaches this far along the line (the kill zone is just beyond).
pub const TABLE_LEN: f32 = 1.8;

const RGB_FLOOR: [u8; 3] = [139, 94, 60];
const RGB_TILE: [u8; 3] = [118, 168, 74];
const RGB_TOKEN: [u8; 3] = [230, 200, 40];
const RGB_CATAPULT: [u8; 3] = [101, 67, 33];
const RGB_BOARD: [u8; 3] = [214, 190, 140];
const RGB_HAND: [u8; 3] = [236, 188, 160];

/// The line of a hurl on the map (mm): from the catapult towards the aim.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Line {
    pub from: [f32; 2],
    pub dir: [f32; 2],
}

impl Line {
    pub fn new(from: [i64; 2], to: [i64; 2]) -> Line {
        let (dx, dy) = ((to[0] - from[0]) as f32, (to[1] - from[1]) as f32);
        let len = libm::sqrtf(dx * dx + dy * dy);
        let dir = if len > 0.5 {
            [dx / len, dy / len]
        } else {
            [0.0, 1.0]
        };
        Line {
            from: [from[0] as f32, from[1] as f32],
            dir,
        }
    }

    /// (along, across) in mm of a map point: along the line and to its left.
    pub fn local(&self, p: [f32; 2]) -> (f32, f32) {
        let (dx, dy) = (p[0] - self.from[0], p[1] - self.from[1]);
        (
            dx * self.dir[0] + dy * self.dir[1],
            dy * self.dir[0] - dx * self.dir[1],
        )
    }

    /// The map point (whole mm) `along` mm down the line.
    pub fn point(&self, along: f32) -> [i64; 2] {
        [
            libm::roundf(self.from[0] + along * self.dir[0]) as i64,
            libm::roundf(self.from[1] + along * self.dir[1]) as i64,
        ]
    }

    /// Where the line crosses the square [x0, x1] × [y0, y1] (mm along), if it does ahead.
    pub fn crossing(&self, x0: f32, y0: f32, x1: f32, y1: f32) -> Option<(f32, f32)> {
        let (mut lo, mut hi) = (0.0f32, f32::MAX);
        for (o, d, a, b) in [
            (self.from[0], self.dir[0], x0, x1),
            (self.from[1], self.dir[1], y0, y1),
        ] {
            if d.abs() < 1e-6 {
                if o < a || o > b {
                    return None;
                }
            } else {
                let (t0, t1) = ((a - o) / d, (b - o) / d);
                let (t0, t1) = if t0 < t1 { (t0, t1) } else { (t1, t0) };
                lo = lo.max(t0);
                hi = hi.min(t1);
            }
        }
        (hi > lo).then_some((lo, hi))
    }
}

/// What a body is in the rules.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Role {
    Scenery,
    /// Follower number (index into `State::followers`).
    Follower(usize),
    Hand,
}

/// The line of the hurl now (map kinds), if one is aimed.
pub fn line_of(state: &State) -> Option<Line> {
    let r = state.round()?;
    Some(Line::new(r.catapult, r.aim?))
}

fn is_catch(state: &State) -> bool {
    state.round().and_then(|r| r.token) == Some(Token::Catch)
}

/// The bodies of the side view for the hurl now, in insertion order.
fn specs(state: &State, seats: &[Seat]) -> Vec<(BodySpec, Role)> {
    let mut out: Vec<(BodySpec, Role)> = floor_specs(-0.3, TABLE_LEN, 0.0, RGB_FLOOR, TAG_FLOOR)
        .into_iter()
        .map(|s| (s, Role::Scenery))
        .collect();
    out.push((
        BodySpec::fixed(
            vec![Part::rect(0.03, RELEASE_Y / 2.0 - 0.003)],
            -0.045,
            RELEASE_Y / 2.0,
        )
        .rgb(RGB_CATAPULT)
        .tag(TAG_CATAPULT)
        .look(Look::Catapult),
        Role::Scenery,
    ));
    let Some(r) = state.round() else {
        return out;
    };
    if is_catch(state) {
        let board_end = BOARD_MM as f32 / 1000.0;
        out.push((
            BodySpec::fixed(
                vec![Part::rect(BOARD_LEN / 2.0, 0.0015)],
                board_end - BOARD_LEN / 2.0,
                0.0015,
            )
            .friction(0.5)
            .rgb(RGB_BOARD)
            .tag(TAG_BOARD)
            .look(Look::Mat),
            Role::Scenery,
        ));
        if let Some([along, height]) = r.hand {
            let (a, h) = (along as f32 / 1000.0, height as f32 / 1000.0);
            let fx = HAND_HW - 0.004;
            out.push((
                BodySpec::fixed(
                    vec![
                        Part::rect(HAND_HW, 0.005).at(0.0, 0.005),
                        Part::rect(0.004, FINGER_H / 2.0).at(-fx, FINGER_H / 2.0),
                        Part::rect(0.004, FINGER_H / 2.0).at(fx, FINGER_H / 2.0),
                    ],
                    a,
                    h,
                )
                .friction(0.8)
                .rgb(RGB_HAND)
                .tag(TAG_HAND),
                Role::Hand,
            ));
        }
        return out;
    }
    let Some(line) = line_of(state) else {
        return out;
    };
    let t = TILE_MM as f32;
    for p in &state.map.tiles {
        let (x0, y0) = (p.x as f32 * t, p.y as f32 * t);
        if let Some((s0, s1)) = line.crossing(x0, y0, x0 + t, y0 + t) {
            let (s0, s1) = (s0 / 1000.0, s1 / 1000.0);
            if s1 - s0 < 0.0005 || s0 > TABLE_LEN {
                continue;
            }
            out.push((
                BodySpec::fixed(
                    vec![Part::rect((s1 - s0) / 2.0, TILE_THICK / 2.0)],
                    (s0 + s1) / 2.0,
                    TILE_THICK / 2.0,
                )
                .friction(0.5)
                .rgb(RGB_TILE)
                .tag(TAG_TILE)
                .look(Look::Mat),
                Role::Scenery,
            ));
        }
    }
    let reach = (FOLLOWER_HW + TOKEN_R) * 1000.0;
    for i in 0..state.followers.len() {
        let Some(p) = state.follower_mm(i) else {
            continue;
        };
        let (along, across) = line.local([p[0] as f32, p[1] as f32]);
        if along < 0.0 || across.abs() > reach || along / 1000.0 > TABLE_LEN {
            continue;
        }
        let lying = state
            .followers
            .get(i)
            .and_then(|f| {
                let placed = state.map.tiles.get(f.tile as usize)?;
                let seg = state
                    .catalog()
                    .kind(placed.kind)
                    .segments
                    .get(f.spot as usize)?;
                Some(seg.kind == FeatureKind::Field)
            })
            .unwrap_or(false);
        let hh = if lying {
            FOLLOWER_HW / 2.0
        } else {
            FOLLOWER_H / 2.0
        };
        let hw = if lying { FOLLOWER_H / 2.0 } else { FOLLOWER_HW };
        let seat = state.followers.get(i).map(|f| f.seat as usize).unwrap_or(0);
        let piece = state
            .followers
            .get(i)
            .map_or(0, |f| follower_piece(f.tile, f.spot));
        let rgb = seats.get(seat).map(|s| s.rgb()).unwrap_or([0, 0, 0]);
        out.push((
            BodySpec::dynamic(
                vec![Part::rect(hw, hh).rounded(0.002)],
                along / 1000.0,
                TILE_THICK + hh,
            )
            .density(600.0)
            .friction(0.6)
            .rgb(rgb)
            .tag(TAG_FOLLOWER)
            .look(Look::Figure)
            .owner(seat)
            .piece(piece),
            Role::Follower(i),
        ));
    }
    out
}

/// The view's name of the follower standing on `spot` of placed tile `tile`
/// (`BodyView::piece`; never 0).
pub fn follower_piece(tile: u16, spot: u8) -> u32 {
    1 + u32::from(tile) * 32 + u32::from(spot)
}

/// The launch prompt of a hurl: the catapult's elevation and power.
pub fn prompt(state: &State) -> Option<LaunchPrompt> {
    let r = state.round()?;
    if r.step != Step::Hurl {
        return None;
    }
    let mut p = LaunchPrompt::new(LaunchKind::Catapult, [0.0, RELEASE_Y]);
    p.angle = ANGLE;
    // A full pull lands just past the farthest tile the camera frames.
    let far = bounds(state)[2];
    let reach = crate::physics::launch::power_to_reach(
        far,
        -RELEASE_Y,
        SPEED.0,
        SPEED.1,
        crate::physics::GRAVITY,
    );
    Some(p.useful_up_to(reach))
}

/// What the camera frames: the line's tiles (or the lane) and the flight above them.
pub fn bounds(state: &State) -> [f32; 4] {
    let far = if is_catch(state) {
        1.5
    } else {
        let t = TILE_MM as f32;
        line_of(state)
            .map(|line| {
                state
                    .map
                    .tiles
                    .iter()
                    .filter_map(|p| {
                        let (x0, y0) = (p.x as f32 * t, p.y as f32 * t);
                        line.crossing(x0, y0, x0 + t, y0 + t).map(|c| c.1 / 1000.0)
                    })
                    .fold(0.4f32, f32::max)
            })
            .unwrap_or(0.6)
            .min(TABLE_LEN)
            + 0.1
    };
    // Room behind the catapult for the pull of drag-to-fire.
    [-0.3, -0.03, far, ((far + 0.3) * 0.4).max(0.3)]
}

/// The side view at rest before the hurl.
pub fn rest_table(state: &State, seats: &[Seat]) -> TableView {
    let specs = specs(state, seats);
    TableView {
        bodies: rest_view(specs.iter().map(|(s, _)| s)),
        bounds: bounds(state),
        labels: labels(state),
    }
}

fn labels(state: &State) -> Vec<(f32, f32, String)> {
    if is_catch(state) {
        vec![(
            BOARD_MM as f32 / 1000.0 - BOARD_LEN / 2.0,
            -0.015,
            "measuring board".to_string(),
        )]
    } else {
        Vec::new()
    }
}

/// A hurl in flight.
pub type HurlShot = ShotRun<Hurl>;

/// What a hurl watches: the followers the token touches, the ones they knock in turn, the hand.
pub struct Hurl {
    token: BodyId,
    followers: Vec<(BodyId, usize)>,
    hand: Option<BodyId>,
    line: Option<Line>,
    touched: Vec<usize>,
    chained: Vec<usize>,
    hand_touched: bool,
}

/// Builds the side view for the hurl now and fires the token (the launch passed the prompt).
pub fn fire(state: &State, seats: &[Seat], launch: &Launch) -> Option<HurlShot> {
    prompt(state)?;
    let catch = is_catch(state);
    let line = if catch { None } else { Some(line_of(state)?) };
    let mut table = Table::new(TableConfig {
        substeps: 2,
        bounds: [-0.3, -0.2, TABLE_LEN, 2.0],
        max_frames: 480,
        ..TableConfig::default()
    });
    let mut followers = Vec::new();
    let mut hand = None;
    for (spec, role) in specs(state, seats) {
        let id = table.add(spec);
        match role {
            Role::Follower(i) => followers.push((id, i)),
            Role::Hand => hand = Some(id),
            Role::Scenery => {}
        }
    }
    let token = table.add(
        BodySpec::dynamic(
            vec![Part::rect(TOKEN_R, TOKEN_THICK / 2.0).rounded(0.0008)],
            0.0,
            RELEASE_Y,
        )
        .density(700.0)
        .friction(0.5)
        .restitution(0.1)
        .ccd()
        .rgb(RGB_TOKEN)
        .tag(TAG_TOKEN)
        .look(Look::Cube),
    );
    let (vx, vy) = velocity(launch.angle, launch.power, SPEED.0, SPEED.1);
    table.set_velocity(token, vx, vy, 0.0);
    let frame = TableView {
        bodies: Vec::new(),
        bounds: bounds(state),
        labels: labels(state),
    };
    Some(ShotRun::new(
        table,
        frame,
        Hurl {
            token,
            followers,
            hand,
            line,
            touched: Vec::new(),
            chained: Vec::new(),
            hand_touched: false,
        },
    ))
}

impl ShotStages for Hurl {
    fn after_frame(&mut self, table: &mut Table, settled: bool) -> bool {
        for &(id, i) in &self.followers {
            if !self.touched.contains(&i) && table.touching(self.token, id) {
                self.touched.push(i);
                self.chained.retain(|&c| c != i);
            }
        }
        // A chain: a follower touched by one already knocked (in placing order, until no more).
        loop {
            let mut grew = false;
            for &(a, ia) in &self.followers {
                if !self.touched.contains(&ia) && !self.chained.contains(&ia) {
                    continue;
                }
                for &(b, ib) in &self.followers {
                    if ib != ia
                        && !self.touched.contains(&ib)
                        && !self.chained.contains(&ib)
                        && table.touching(a, b)
                    {
                        self.chained.push(ib);
                        grew = true;
                    }
                }
            }
            if !grew {
                break;
            }
        }
        if let Some(h) = self.hand {
            if table.touching(self.token, h) {
                self.hand_touched = true;
            }
        }
        settled
    }

    fn facts(&self, table: &Table) -> Vec<Fact> {
        let mut out = Vec::new();
        let pose = (!table.is_removed(self.token))
            .then(|| table.pose(self.token))
            .flatten();
        match (pose, self.line) {
            (None, _) => out.push(Fact::new(FACT_LOST, &[])),
            (Some((x, _, _)), Some(line)) => {
                let p = line.point(x * 1000.0);
                out.push(Fact::new(FACT_REST, &p));
            }
            (Some((x, _, _)), None) => {
                out.push(Fact::new(FACT_ALONG, &[libm::roundf(x * 1000.0) as i64]));
            }
        }
        let mut touched = self.touched.clone();
        crate::core::order::sort(&mut touched);
        for i in touched {
            out.push(Fact::new(FACT_TOUCHED, &[i as i64]));
        }
        let mut chained = self.chained.clone();
        crate::core::order::sort(&mut chained);
        for i in chained {
            out.push(Fact::new(FACT_CHAINED, &[i as i64]));
        }
        if let Some(h) = self.hand {
            let caught = pose.is_some() && table.touching(self.token, h);
            if caught {
                out.push(Fact::new(FACT_CAUGHT, &[]));
            } else if self.hand_touched {
                out.push(Fact::new(FACT_HAND_TOUCHED, &[]));
            }
        }
        out
    }
}
