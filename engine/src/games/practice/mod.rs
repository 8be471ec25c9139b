//! The practice range: a tiny game that is never shipped (compiled for unit tests and for the
//! `fixture-game` development feature only) and exercises every part of the `Game` contract the
//! app uses: a launch prompt of any kind, a placement prompt, a choice that can be undone, a
//! physics shot with facts, scores and a ranking, and (option `tiles`) a tile map with a grid
//! prompt before the side-view shots. It is also the worked example of how to add a game
//! (docs/architecture.md): `tiles.rs` holds pure rules, this file the `Game` impl and the table.

pub mod rules;
pub mod view;

use crate::core::game::prelude::*;
use crate::core::game::RulesState;
use crate::core::registry::GameInfo;
use crate::core::scene::{Cell, MapPiece, MapSpot, PieceKind};
use crate::core::{
    rank, BodyShape, BodyView, Choice, Event, Game, GridPrompt, Launch, LaunchKind, LaunchPrompt,
    Move, Outcome, PlacementPrompt, Ranking, Rng, RuleResult, Scene, Seat, Shot, TableView,
    TileMapView,
};
use crate::physics::{launch, BodySpec, Part, ShotRun, Table, TableConfig};
use rules::codec::{self, Action, ShotFact};
use rules::events::Ev;
use rules::tiles::{self, TileMap};

pub const INFO: GameInfo = GameInfo {
    id: "practice",
    name: "Practice Range (test fixture)",
    min_seats: 1,
    max_seats: 4,
    available: true,
    blurb: "A development fixture: lob a ball into the cup.",
    options: &[
        ("toss", "Toss", "Throw from the hand."),
        ("flick", "Flick", "Flick a lever."),
        (
            "wrist",
            "Wrist throw",
            "Throw a card with a turn of the wrist.",
        ),
        (
            "place",
            "Place first",
            "Place a marker before the first shot.",
        ),
        (
            "tiles",
            "Tiles first",
            "Lay a tile on a small map before the shots.",
        ),
    ],
    rules: "Each seat has two shots. A ball that rests in the cup scores a hit. Most hits wins. \
With tiles, each player first lays their tile next to the map so that every edge it touches \
matches (road to road, grass to grass), turning it as needed, and may then stand a marker on its \
road (1 point) or its field; points are hits plus road markers.",
    event_cues: crate::core::event::cues_of::<Ev>,
    new,
    fixture: true,
    ..GameInfo::BASE
};

const ORIGIN: [f32; 2] = [-0.8, 0.1];
const SHOTS: i64 = 2;

#[derive(Clone)]
pub struct Practice {
    /// Moves played so far (`Game::count_played`): the move cap reads it.
    played: u32,
    seats: Vec<Seat>,
    kind: LaunchKind,
    hits: Vec<i64>,
    left: Vec<i64>,
    turn: usize,
    cup_x_mm: i64,
    placing: bool,
    markers: Vec<[i64; 3]>,
    /// The tile round (option `tiles`), played before the shots.
    tiling: Option<Tiling>,
}

/// The tile round: each seat in turn lays the tile dealt to it, then marks it or not.
#[derive(Clone, Debug, PartialEq)]
struct Tiling {
    map: TileMap,
    /// The tile kind each seat lays, dealt from the seed.
    hands: Vec<usize>,
    /// The seat laying now (the round is over at `hands.len()`).
    seat: usize,
    /// The tile just laid, waiting for its marker.
    marking: Option<Cell>,
    /// Markers: seat, cell, tile-local position, on a road.
    markers: Vec<(usize, Cell, [f32; 2], bool)>,
}

impl Tiling {
    fn deal(seats: usize, seed: u64) -> Self {
        let mut rng = Rng::new(seed ^ 0x7115_0F7A);
        Tiling {
            map: TileMap::default(),
            hands: (0..seats)
                .map(|_| rng.below(tiles::KINDS.len() as u32) as usize)
                .collect(),
            seat: 0,
            marking: None,
            markers: Vec::new(),
        }
    }

    fn open(&self) -> bool {
        self.seat < self.hands.len()
    }

    fn hand(&self) -> usize {
        self.hands.get(self.seat).copied().unwrap_or(0)
    }

    fn kind_at(&self, cell: Cell) -> usize {
        self.map
            .tiles
            .iter()
            .find(|t| t.cell == cell)
            .map(|t| t.art)
            .unwrap_or(0)
    }

    fn road_markers(&self, seat: usize) -> i64 {
        self.markers.iter().filter(|m| m.0 == seat && m.3).count() as i64
    }
}

pub fn new(options: &[String], seats: Vec<Seat>, seed: u64) -> RuleResult<Box<dyn Game>> {
    crate::core::seat::check_seats(&seats, INFO.min_seats, INFO.max_seats)?;
    let has = |o: &str| options.iter().any(|x| x == o);
    let kind = if has("toss") {
        LaunchKind::Toss
    } else if has("flick") {
        LaunchKind::Flick
    } else if has("wrist") {
        LaunchKind::Wrist
    } else {
        LaunchKind::Catapult
    };
    let n = seats.len();
    Ok(Box::new(Practice {
        played: 0,
        seats,
        kind,
        hits: vec![0; n],
        left: vec![SHOTS; n],
        turn: 0,
        cup_x_mm: 300 + crate::core::hidden::public_num((seed % 300) as u32) as i64,
        placing: has("place"),
        markers: Vec::new(),
        tiling: has("tiles").then(|| Tiling::deal(n, seed)),
    }))
}

impl Practice {
    /// The tile round, while it is being played.
    fn tiling(&self) -> Option<&Tiling> {
        self.tiling.as_ref().filter(|t| t.open())
    }

    fn name(&self, seat: usize) -> String {
        self.seats
            .get(seat)
            .map(|s| s.name.clone())
            .unwrap_or_default()
    }

    /// A tile-round move: lay, mark, no marker, set aside.
    fn apply_tile(&mut self, seat: usize, mv: &Move) -> RuleResult<Vec<Event>> {
        let name = self.name(seat);
        let Some(t) = self.tiling.as_mut().filter(|t| t.open()) else {
            crate::refuse!("the tiles are all laid");
        };
        if mv.is_shot() {
            crate::refuse!("`shot` is not a move while tiles are laid");
        }
        let legal_now = t.marking.is_none() && !t.map.legal(t.hand()).is_empty();
        let ev = match (Action::decode(mv)?, t.marking) {
            (Action::Lay { cell, rotation }, None) => {
                let kind = t.hand();
                t.map.lay(kind, cell, rotation)?;
                t.marking = Some(cell);
                return Ok(vec![Event::of(
                    Ev::TileLaid,
                    Some(seat),
                    &[cell[0] as i64, cell[1] as i64, rotation as i64],
                    format!("{name} laid a {}", tiles::KINDS[kind].name),
                )]);
            }
            (Action::Aside, None) if !legal_now => Event::of(
                Ev::TileSetAside,
                Some(seat),
                &[],
                format!("{name}'s tile fits nowhere and is set aside"),
            ),
            (Action::Mark(i), Some(cell)) => {
                let spots = tiles::spots(t.kind_at(cell));
                let Some(&(at, road, label)) = spots.get(i) else {
                    crate::refuse!("there is no spot {i} (spots open: {})", spots.len());
                };
                t.markers.push((seat, cell, at, road));
                Event::of(
                    Ev::MarkerPlaced,
                    Some(seat),
                    &[i as i64],
                    format!("{name} put a marker on the {label}"),
                )
            }
            (Action::NoMarker, Some(_)) => Event::of(
                Ev::MarkerKept,
                Some(seat),
                &[],
                format!("{name} kept the marker"),
            ),
            (Action::Lay { .. }, Some(_)) => {
                crate::refuse!("the tile is laid: mark it or say no marker")
            }
            (Action::Mark(_) | Action::NoMarker, None) => crate::refuse!("lay the tile first"),
            (Action::Aside, None) => crate::refuse!("the tile fits on the map: lay it"),
            (other, _) => crate::refuse!("`{}` is not a move while tiles are laid", other.name()),
        };
        t.marking = None;
        t.seat += 1;
        Ok(vec![ev])
    }

    fn map(&self, t: &Tiling) -> TileMapView {
        let placing = t.marking.is_none();
        let legal = if placing {
            t.map.legal(t.hand())
        } else {
            Vec::new()
        };
        let spots = t
            .marking
            .map(|cell| {
                tiles::spots(t.kind_at(cell))
                    .into_iter()
                    .map(|(at, _, label)| MapSpot {
                        cell,
                        at,
                        label: label.into(),
                        words: String::new(),
                    })
                    .collect()
            })
            .unwrap_or_default();
        let pieces = t
            .markers
            .iter()
            .map(|&(seat, cell, at, _)| MapPiece {
                cell,
                at,
                seat,
                rgb: self.seats.get(seat).map(|s| s.rgb()).unwrap_or([0, 0, 0]),
                kind: PieceKind::Marker,
                label: None,
            })
            .collect();
        TileMapView {
            // The tiles and a ring of cells round them: the same frame while laying and marking.
            bounds: TileMapView::frame_cells(&t.map.tiles, &[], 1.25),
            tiles: t.map.tiles.clone(),
            arts: tiles::arts(),
            legal,
            in_hand: placing.then(|| t.hand()),
            pieces,
            spots,
            last: (t.map.tiles.len() > 1)
                .then(|| t.map.tiles.last().map(|p| p.cell))
                .flatten(),
        }
    }

    fn advance(&mut self) {
        let n = self.seats.len();
        for k in 1..=n {
            let s = (self.turn + k) % n;
            if self.left[s] > 0 {
                self.turn = s;
                return;
            }
        }
    }

    fn cup_x(&self) -> f32 {
        self.cup_x_mm as f32 / 1000.0
    }

    fn build(&self) -> (Table, usize) {
        let mut t = Table::new(TableConfig {
            bounds: [-2.0, -0.5, 2.0, 3.0],
            ..TableConfig::default()
        });
        t.add_floor(-1.2, 1.2, 0.0, [110, 90, 60], 1);
        let cx = self.cup_x();
        for (dx, dy, hw, hh) in [(-0.06, 0.05, 0.004, 0.05), (0.06, 0.05, 0.004, 0.05)] {
            t.add(
                BodySpec::fixed(vec![Part::rect(hw, hh)], cx + dx, dy)
                    .rgb([200, 60, 60])
                    .tag(2),
            );
        }
        let ball = t.add(
            BodySpec::dynamic(vec![Part::circle(0.02)], ORIGIN[0], ORIGIN[1])
                .ccd()
                .friction(0.9)
                .rgb([240, 240, 240])
                .tag(3),
        );
        (t, ball)
    }

    fn frame(&self) -> TableView {
        let mut labels = vec![(self.cup_x(), 0.14, "cup".to_string())];
        for (i, m) in self.markers.iter().enumerate() {
            labels.push((
                m[0] as f32 / 1000.0,
                m[1] as f32 / 1000.0 + 0.05,
                format!("marker {}", i + 1),
            ));
        }
        TableView {
            bodies: Vec::new(),
            bounds: [-1.2, -0.1, 1.2, 0.8],
            labels,
        }
    }
}

impl Game for Practice {
    fn header(&self) -> Header<'_> {
        Header {
            info: &INFO,
            seats: &self.seats,
            state: self,
            played: self.played,
        }
    }

    fn count_played(&mut self) {
        self.played += 1;
    }

    fn choices(&self) -> Vec<Choice> {
        if let Some(t) = self.tiling() {
            return if t.marking.is_some() {
                vec![Choice {
                    label: "No marker".into(),
                    mv: Action::NoMarker.encode(t.seat),
                }]
            } else if t.map.legal(t.hand()).is_empty() {
                vec![Choice {
                    label: "Set the tile aside".into(),
                    mv: Action::Aside.encode(t.seat),
                }]
            } else {
                Vec::new()
            };
        }
        if Game::is_over(self) || self.placing {
            return Vec::new();
        }
        vec![Choice {
            label: "Pass".into(),
            mv: Action::Pass.encode(self.turn),
        }]
    }

    fn launch_prompt(&self) -> Option<LaunchPrompt> {
        if Game::is_over(self) || self.placing || self.tiling().is_some() {
            return None;
        }
        let mut p = LaunchPrompt::new(self.kind, ORIGIN);
        p.angle = (50, 850);
        if self.kind == LaunchKind::Wrist {
            p.spin = (-1000, 1000);
        }
        if self.kind == LaunchKind::Flick {
            p.angle = (450, 450);
            p.x = (-30, 30);
        }
        Some(p)
    }

    fn placement_prompt(&self) -> Option<PlacementPrompt> {
        if !self.placing || Game::is_over(self) || self.tiling().is_some() {
            return None;
        }
        Some(PlacementPrompt {
            action: codec::PLACE.into(),
            label: "marker".into(),
            half_extents: [0.03, 0.01],
            region: [-0.5, 0.0, 0.2, 0.3],
            angle: (3300, 300),
            snaps: Vec::new(),
            sources: Vec::new(),
        })
    }

    fn grid_prompt(&self) -> Option<GridPrompt> {
        let t = self.tiling()?;
        if t.marking.is_some() {
            Some(GridPrompt::spot(codec::MARK, "marker"))
        } else if t.map.legal(t.hand()).is_empty() {
            None
        } else {
            Some(GridPrompt::place(codec::LAY, "tile"))
        }
    }

    fn fire(&self, l: &Launch) -> RuleResult<Box<dyn Shot>> {
        let (mut t, ball) = self.build();
        let (vx, vy) = launch::velocity(l.angle, l.power, 0.5, 5.0);
        t.set_velocity(ball, vx, vy, launch::spin(l.spin, 20.0));
        let cx = self.cup_x();
        let read = move |t: &Table| {
            if t.is_removed(ball) {
                return vec![ShotFact::BallFell.encode()];
            }
            let (x, y, _) = t.pose(ball).unwrap_or((0.0, 0.0, 0.0));
            let mut f = vec![ShotFact::BallAt {
                x: libm::roundf(x * 1000.0) as i64,
                y: libm::roundf(y * 1000.0) as i64,
            }];
            if (x - cx).abs() < 0.056 && y < 0.1 {
                f.push(ShotFact::InCup);
            }
            f.iter().map(ShotFact::encode).collect()
        };
        Ok(Box::new(ShotRun::new(t, self.frame(), read)))
    }

    fn play(&mut self, mv: &Move) -> RuleResult<Vec<Event>> {
        let turn = mv.seat as usize;
        if self.tiling().is_some() {
            return self.apply_tile(turn, mv);
        }
        let mut ev = Vec::new();
        if mv.is_shot() {
            if self.placing {
                crate::refuse!("`shot` is not a move now");
            }
            let Some(o) = &mv.outcome else {
                crate::refuse!("a shot needs its outcome");
            };
            let facts = ShotFact::read(&o.facts)?;
            if facts.contains(&ShotFact::InCup) {
                self.hits[turn] += 1;
                ev.push(Event::of(Ev::CupHit, Some(turn), &[], "hit the cup"));
            } else if facts.contains(&ShotFact::BallFell) {
                ev.push(Event::of(Ev::BallFell, Some(turn), &[], "off the table"));
            } else {
                ev.push(Event::of(Ev::Missed, Some(turn), &[], "missed"));
            }
        } else {
            match Action::decode(mv)? {
                Action::Place { x, y, a } if self.placing => {
                    self.markers.push([x, y, a]);
                    self.placing = false;
                    ev.push(Event::of(
                        Ev::Placed,
                        Some(turn),
                        &[x, y, a],
                        "marker placed",
                    ));
                    return Ok(ev);
                }
                Action::Pass if !self.placing => {
                    ev.push(Event::of(Ev::Passed, Some(turn), &[], "passed"));
                }
                other => crate::refuse!("`{}` is not a move now", other.name()),
            }
        }
        self.left[turn] -= 1;
        self.advance();
        if Game::is_over(self) {
            ev.push(Event::of(Ev::GameOver, None, &[], "game over"));
        }
        Ok(ev)
    }
}

impl BotAdvice for Practice {
    fn rate_outcome(&self, o: &Outcome) -> i64 {
        let facts = ShotFact::read(&o.facts).unwrap_or_default();
        if facts.contains(&ShotFact::InCup) {
            return 10_000;
        }
        match facts.iter().find_map(|f| match *f {
            ShotFact::BallAt { x, .. } => Some(x),
            _ => None,
        }) {
            Some(x) => -(x - self.cup_x_mm).abs(),
            None => -100_000,
        }
    }
}

impl Designs for Practice {}

impl RulesState for Practice {
    fn acting(&self) -> Option<usize> {
        if Game::is_over(self) {
            None
        } else if let Some(t) = self.tiling() {
            Some(t.seat)
        } else {
            Some(self.turn)
        }
    }

    fn phase_label(&self, _seats: &[Seat]) -> String {
        if let Some(t) = self.tiling() {
            return if t.marking.is_some() {
                "Marker".into()
            } else {
                "Lay tile".into()
            };
        }
        if self.placing {
            "Place marker".into()
        } else {
            "Aim".into()
        }
    }

    fn is_over(&self) -> bool {
        self.left.iter().all(|&l| l <= 0)
    }

    fn scores(&self) -> Vec<i64> {
        let bonus = |s: usize| self.tiling.as_ref().map(|t| t.road_markers(s)).unwrap_or(0);
        (0..self.hits.len())
            .map(|s| self.hits[s] + bonus(s))
            .collect()
    }

    fn ranking(&self) -> Ranking {
        let keys: Vec<Vec<i64>> = Game::scores(self).into_iter().map(|h| vec![h]).collect();
        let key = if self.tiling.is_some() {
            "points"
        } else {
            "hits"
        };
        rank(&[key], &keys)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::event::kinds;
    use crate::core::scene::grid_moves;
    use crate::core::seat::{default_seats, SeatKind};
    use crate::core::GridStep;

    fn tiled(n: usize, hands: &[usize]) -> Practice {
        let mut g = Practice {
            played: 0,
            seats: default_seats(n, SeatKind::Human),
            kind: LaunchKind::Catapult,
            hits: vec![0; n],
            left: vec![SHOTS; n],
            turn: 0,
            cup_x_mm: 400,
            placing: false,
            markers: Vec::new(),
            tiling: Some(Tiling::deal(n, 1)),
        };
        if let Some(t) = g.tiling.as_mut() {
            t.hands = hands.to_vec();
        }
        g
    }

    fn map(g: &Practice) -> TileMapView {
        match g.scene() {
            Scene::Map(m) => m,
            Scene::Side(_) => panic!("expected the tile map"),
        }
    }

    fn why(r: RuleResult<Vec<Event>>) -> String {
        r.err().map(|e| e.0).unwrap_or_default()
    }

    const STRAIGHT: usize = 0;
    const BEND: usize = 1;
    const FIELD: usize = 3;
    const CROSS: usize = 4;

    #[test]
    fn the_option_deals_one_tile_per_seat_from_the_seed() {
        let seats = default_seats(3, SeatKind::Human);
        let a = new(&["tiles".into()], seats.clone(), 9).unwrap_or_else(|e| panic!("{e}"));
        let b = new(&["tiles".into()], seats.clone(), 9).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(a.scene(), b.scene(), "the same seed deals the same tiles");
        assert!(matches!(a.scene(), Scene::Map(_)));
        assert_eq!(a.phase(), "Lay tile");
        let plain = new(&[], seats, 9).unwrap_or_else(|e| panic!("{e}"));
        assert!(matches!(plain.scene(), Scene::Side(_)));
        assert!(plain.grid_prompt().is_none());
    }

    #[test]
    fn each_seat_lays_then_marks_then_the_scene_turns_to_the_side_view_for_the_shots() {
        let mut g = tiled(2, &[BEND, FIELD]);
        assert_eq!(g.turn(), Some(0));
        assert!(g.launch_prompt().is_none(), "no shot during the tiles");
        let m = map(&g);
        assert_eq!(m.in_hand, Some(BEND));
        assert_eq!(m.rotations_at([1, 0]), &[1, 2]);
        assert_eq!(m.tiles.len(), 1);
        assert_eq!(m.last, None);
        let p = g.grid_prompt().unwrap_or_else(|| panic!("a place prompt"));
        assert_eq!(p.step, GridStep::Place);
        let ev = g.apply(&p.place_move(0, [1, 0], 2));
        assert_eq!(ev.as_ref().map(|e| kinds(e)), Ok(vec!["tile_laid"]));
        // Now the spots on the bend: its road and its field.
        let m = map(&g);
        assert_eq!(m.last, Some([1, 0]));
        assert!(m.legal.is_empty() && m.in_hand.is_none());
        let labels: Vec<&str> = m.spots.iter().map(|s| s.label.as_str()).collect();
        assert_eq!(labels, ["road", "field"]);
        let p = g.grid_prompt().unwrap_or_else(|| panic!("a spot prompt"));
        assert_eq!(p.step, GridStep::Spot);
        assert_eq!(
            g.choices().first().map(|c| c.label.as_str()),
            Some("No marker")
        );
        assert_eq!(g.turn(), Some(0), "the same seat marks its tile");
        assert!(g.apply(&p.spot_move(0, 0)).is_ok());
        let m = map(&g);
        assert_eq!(m.pieces.len(), 1);
        assert_eq!(m.pieces[0].cell, [1, 0]);
        assert_eq!(m.pieces[0].rgb, g.seats[0].rgb());
        // The marker stands where the bend's road is, turned with the tile.
        let at = m.on_map([1, 0], m.pieces[0].at);
        assert!(at[0] > 1.0 && at[0] < 2.0 && at[1] > 0.0 && at[1] < 1.0);
        assert_eq!(Game::scores(&g), vec![1, 0], "a road marker is a point");
        // Seat 1 lays the field north of the start and keeps its marker.
        assert_eq!(g.turn(), Some(1));
        assert!(g.apply(&Move::decide(1, "lay", &[0, 1, 3])).is_ok());
        let skip = g.choices()[0].mv.clone();
        assert!(g.apply(&skip).is_ok());
        // The tiles are laid: a side view and a shot for seat 0.
        assert!(matches!(g.scene(), Scene::Side(_)));
        assert!(g.grid_prompt().is_none());
        assert_eq!(g.turn(), Some(0));
        assert!(g.launch_prompt().is_some());
        assert_eq!(g.phase(), "Aim");
        assert!(g.apply(&Move::decide(0, "lay", &[0, -1, 0])).is_err());
    }

    #[test]
    fn a_tile_that_does_not_match_is_refused_with_the_reason_and_changes_nothing() {
        let mut g = tiled(2, &[FIELD, FIELD]);
        let before = map(&g);
        let e = why(g.apply(&Move::decide(0, "lay", &[1, 0, 0])));
        assert_eq!(
            e,
            "the west edge is grass but the tile to the west has a road there"
        );
        assert!(why(g.apply(&Move::decide(0, "lay", &[1, 1, 0]))).contains("must touch"));
        assert!(why(g.apply(&Move::decide(0, "lay", &[0, 1, 4]))).contains("rotation 4"));
        assert!(why(g.apply(&Move::decide(0, "mark", &[0]))).contains("lay the tile first"));
        assert!(why(g.apply(&Move::decide(1, "lay", &[0, 1, 0]))).contains("turn"));
        assert_eq!(map(&g), before);
        assert_eq!(g.turn(), Some(0));
    }

    #[test]
    fn only_the_rotations_that_fit_are_accepted() {
        let g = tiled(1, &[BEND]);
        for r in 0..4u8 {
            let mut c = g.clone();
            let ok = c.apply(&Move::decide(0, "lay", &[1, 0, r as i64])).is_ok();
            assert_eq!(
                ok,
                map(&g).rotations_at([1, 0]).contains(&r),
                "rotation {r}"
            );
        }
        // Every candidate the grid offers is accepted.
        let moves = grid_moves(&g);
        assert!(!moves.is_empty());
        for mv in moves {
            let mut c = g.clone();
            assert!(c.apply(&mv).is_ok(), "{mv:?}");
        }
    }

    #[test]
    fn a_spot_outside_the_list_is_refused_and_a_field_marker_scores_nothing() {
        let mut g = tiled(1, &[FIELD]);
        assert!(g.apply(&Move::decide(0, "lay", &[0, -1, 0])).is_ok());
        assert_eq!(map(&g).spots.len(), 1, "a field has no road");
        assert!(why(g.apply(&Move::decide(0, "mark", &[1]))).contains("no spot 1"));
        assert!(why(g.apply(&Move::decide(0, "lay", &[0, 1, 0]))).contains("is laid"));
        assert_eq!(grid_moves(&g), vec![Move::decide(0, "mark", &[0])]);
        assert!(g.apply(&Move::decide(0, "mark", &[0])).is_ok());
        assert_eq!(Game::scores(&g), vec![0]);
    }

    #[test]
    fn a_tile_that_fits_nowhere_is_set_aside_by_choice() {
        let mut g = tiled(2, &[CROSS, STRAIGHT]);
        if let Some(t) = g.tiling.as_mut() {
            // A field in the middle: grass on every side, so a crossroads fits nowhere.
            t.map.tiles[0].art = FIELD;
        }
        assert!(map(&g).legal.is_empty());
        assert!(g.grid_prompt().is_none());
        let c = g.choices();
        assert_eq!(c.len(), 1);
        assert_eq!(c[0].label, "Set the tile aside");
        let ev = g.apply(&c[0].mv).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(kinds(&ev), ["tile_set_aside"]);
        assert_eq!(g.turn(), Some(1));
        // A tile that fits may not be set aside.
        assert!(why(g.apply(&Move::decide(1, "aside", &[]))).contains("fits"));
    }

    #[test]
    fn a_cup_hit_a_fall_and_the_end_carry_their_typed_cues() {
        use crate::core::event::Cue;
        let mut g = tiled(1, &[]);
        g.tiling = None;
        let shot = |facts: &[ShotFact]| {
            Move::outcome_only(0, facts.iter().map(ShotFact::encode).collect())
        };
        let hit = g.apply(&shot(&[
            ShotFact::BallAt { x: 400, y: 20 },
            ShotFact::InCup,
        ]));
        let cues: Vec<Cue> = hit.iter().flatten().map(|e| e.cue).collect();
        assert_eq!(cues, [Cue::Capture]);
        let fell = g.apply(&shot(&[ShotFact::BallFell]));
        let cues: Vec<(&str, Cue)> = fell
            .iter()
            .flatten()
            .map(|e| (e.kind.as_str(), e.cue))
            .collect();
        assert_eq!(cues, [("ball_fell", Cue::Fall), ("game_over", Cue::Win)]);
        assert_eq!(Game::scores(&g), vec![1]);
    }
}
