//! Carcassonne (base game; The Catapult's rounds are a later issue). `rules/` is the pure engine,
//! `bot` chooses moves through the same actions a player uses, `art` draws tile kinds as
//! primitives in tile-local coordinates. This file is the `core::Game` face of it: a tile-map
//! scene, the grid prompt (lay a tile, then a follower spot), the "no follower" choice.

pub mod art;
pub mod bot;
pub mod rules;

use crate::core::scene::{LegalCell, MapPiece, MapSpot, PieceKind, PlacedTile};
use crate::core::{
    rank, Choice, Event, Game, GridPrompt, Launch, LaunchPrompt, Move, Outcome, Ranking, Refusal,
    RuleResult, Scene, Seat, Shot, TableView, TileArt, TileMapView,
};
use crate::games::GameInfo;
use rules::{Action, FarmRule, FeatureKind, Options, Phase, State};

pub const INFO: GameInfo = GameInfo {
    id: "carcassonne",
    name: "Carcassonne: The Catapult",
    min_seats: 2,
    max_seats: 6,
    available: true,
    blurb: "Lay tiles into roads, cities and cloisters and claim them with your followers. The catapult rounds come later.",
    options: &[
        (
            "no_catapult",
            "The 72 base tiles alone, no catapult rounds.",
        ),
        (
            "farms_by_city",
            "First-printing farmers: each completed city scores 4 once, for the most farmers around it.",
        ),
    ],
    rules: "Lay the tile you draw next to the map so that every side it touches matches: city to \
city, road to road, field to field; turn it as you like. Then you may stand one of your 7 \
followers on a road, city, cloister or field of that tile, unless that road, city or field already \
has a follower somewhere along it. A road closed at both ends scores 1 per tile, a closed city 2 per \
tile and 2 per pennant, a cloister with all 8 neighbours 9: the player with the most followers on it \
scores (tied players all do) and the followers come back. Farmers stay until the end. When the last \
tile is laid, open roads score 1 per tile, open cities 1 per tile and pennant, cloisters 1 plus 1 per \
neighbour, and each field 3 per completed city it touches for the player with most farmers in it. A \
tile that fits nowhere leaves the game and you draw another. Most points wins. The catapult \
rounds of The Catapult are not built yet: the game is played with the 72 base tiles.",
    new,
};

pub const ACTION_PLACE: &str = rules::turn::ACTION_PLACE;
pub const ACTION_FOLLOWER: &str = rules::turn::ACTION_FOLLOWER;
pub const ACTION_SKIP: &str = rules::turn::ACTION_SKIP;

#[derive(Clone)]
pub struct Carcassonne {
    seats: Vec<Seat>,
    state: State,
    /// The art of every tile kind (index = kind).
    arts: Vec<TileArt>,
    /// Follower spots of every tile kind (index = kind, then spot).
    spots: Vec<Vec<[f32; 2]>>,
    seed: u64,
}

pub fn new(options: &[String], seats: Vec<Seat>, seed: u64) -> RuleResult<Box<dyn Game>> {
    Ok(Box::new(Carcassonne::new(options, seats, seed)?))
}

impl Carcassonne {
    pub fn new(options: &[String], seats: Vec<Seat>, seed: u64) -> RuleResult<Self> {
        crate::core::seat::check_seats(&seats, INFO.min_seats, INFO.max_seats)?;
        let mut o = Options::default();
        for opt in options {
            match opt.as_str() {
                "farms_by_city" => o.farms = FarmRule::CityByCity,
                // Today the default game is the base game too; the catapult rounds will change
                // the default, not this option.
                "no_catapult" => o.fair_tiles = false,
                other => return Err(Refusal::new(format!("Carcassonne has no option `{other}`"))),
            }
        }
        let (state, _) = State::new(seats.len(), seed, o)?;
        let arts = state.catalog().kinds.iter().map(art::art).collect();
        let spots = state.catalog().kinds.iter().map(art::spots).collect();
        Ok(Carcassonne {
            seats,
            state,
            arts,
            spots,
            seed,
        })
    }

    pub fn state(&self) -> &State {
        &self.state
    }

    fn name(&self, seat: usize) -> String {
        self.seats
            .get(seat)
            .map(|s| s.name.clone())
            .unwrap_or_else(|| format!("Player {}", seat + 1))
    }

    fn names(&self) -> Vec<String> {
        (0..self.seats.len()).map(|s| self.name(s)).collect()
    }

    fn spot_at(&self, kind: u8, spot: u8) -> [f32; 2] {
        self.spots
            .get(kind as usize)
            .and_then(|s| s.get(spot as usize))
            .copied()
            .unwrap_or([0.5, 0.5])
    }

    /// The bot's move at `level` for the seat to act (a replay move).
    pub fn bot_move(&self, level: bot::Level, seed: u64) -> Option<Move> {
        let seat = self.state.turn()?;
        let a = bot::choose(&self.state, level, seed ^ self.seed)?;
        Some(self.state.encode(seat, a))
    }

    fn map(&self) -> TileMapView {
        let s = &self.state;
        let tiles: Vec<PlacedTile> = s
            .map
            .tiles
            .iter()
            .map(|p| PlacedTile {
                cell: [p.x, p.y],
                art: p.kind as usize,
                rotation: p.rot,
            })
            .collect();
        let mut legal: Vec<LegalCell> = Vec::new();
        for (x, y, rot) in s.legal_placements() {
            match legal.last_mut() {
                Some(l) if l.cell == [x, y] => l.rotations.push(rot),
                _ => legal.push(LegalCell {
                    cell: [x, y],
                    rotations: vec![rot],
                }),
            }
        }
        let pieces = s
            .followers
            .iter()
            .filter_map(|f| {
                let p = s.map.tiles.get(f.tile as usize)?;
                let kind = s.catalog().kind(p.kind).segments.get(f.spot as usize)?.kind;
                Some(MapPiece {
                    cell: [p.x, p.y],
                    at: self.spot_at(p.kind, f.spot),
                    seat: f.seat as usize,
                    rgb: self
                        .seats
                        .get(f.seat as usize)
                        .map(|s| s.rgb())
                        .unwrap_or([0, 0, 0]),
                    kind: if kind == FeatureKind::Field {
                        PieceKind::Lying
                    } else {
                        PieceKind::Meeple
                    },
                    label: None,
                })
            })
            .collect();
        let mut spots = Vec::new();
        if let Phase::Follower { tile } = s.phase {
            if let Some(p) = s.map.tiles.get(tile as usize) {
                let kinds = &s.catalog().kind(p.kind).segments;
                for spot in s.free_spots() {
                    let label = kinds
                        .get(spot as usize)
                        .map(|seg| seg.kind.word())
                        .unwrap_or("field");
                    spots.push(MapSpot {
                        cell: [p.x, p.y],
                        at: self.spot_at(p.kind, spot),
                        label: label.to_string(),
                    });
                }
            }
        }
        TileMapView {
            bounds: TileMapView::frame_cells(&tiles, &legal, 0.5),
            last: (tiles.len() > 1)
                .then(|| tiles.last().map(|t| t.cell))
                .flatten(),
            tiles,
            arts: self.arts.clone(),
            legal,
            in_hand: s.in_hand().map(|k| k as usize),
            pieces,
            spots,
        }
    }
}

impl Game for Carcassonne {
    fn id(&self) -> &'static str {
        INFO.id
    }

    fn seats(&self) -> &[Seat] {
        &self.seats
    }

    fn turn(&self) -> Option<usize> {
        self.state.turn()
    }

    fn phase(&self) -> String {
        match self.state.phase {
            Phase::Place { .. } => "Lay the tile".into(),
            Phase::Follower { .. } => "Place a follower".into(),
            Phase::Over => "Final scores".into(),
        }
    }

    fn choices(&self) -> Vec<Choice> {
        match (self.state.phase, self.state.turn()) {
            (Phase::Follower { .. }, Some(seat)) => vec![Choice {
                label: "No follower".into(),
                mv: self.state.encode(seat, Action::Skip),
            }],
            _ => Vec::new(),
        }
    }

    fn launch_prompt(&self) -> Option<LaunchPrompt> {
        None
    }

    fn grid_prompt(&self) -> Option<GridPrompt> {
        match self.state.phase {
            Phase::Place { .. } => Some(GridPrompt::place(ACTION_PLACE, "tile")),
            Phase::Follower { .. } if !self.state.free_spots().is_empty() => {
                Some(GridPrompt::spot(ACTION_FOLLOWER, "follower"))
            }
            _ => None,
        }
    }

    fn start_shot(&self, _launch: &Launch) -> RuleResult<Box<dyn Shot>> {
        Err(Refusal::new("Carcassonne has no shots yet"))
    }

    fn apply(&mut self, mv: &Move) -> RuleResult<Vec<Event>> {
        let names = self.names();
        let events = self.state.apply_move(mv)?;
        Ok(events.iter().map(|e| e.to_core_named(&names)).collect())
    }

    fn is_over(&self) -> bool {
        self.state.is_over()
    }

    fn scores(&self) -> Vec<i64> {
        self.state.scores.clone()
    }

    /// Ranked by points alone (tied players share the place); each line then shows the points
    /// by kind, so the results screen carries the breakdown.
    fn ranking(&self) -> Ranking {
        let keys: Vec<Vec<i64>> = self.state.scores.iter().map(|&p| vec![p]).collect();
        let mut r = rank(&["points"], &keys);
        r.key_names
            .extend(["roads", "cities", "cloisters", "fields"].map(String::from));
        for s in &mut r.standings {
            let b = self.state.breakdown.get(s.seat).copied().unwrap_or([0; 4]);
            s.keys.extend(b);
        }
        r
    }

    fn view(&self) -> TableView {
        TableView {
            bodies: Vec::new(),
            bounds: [-1.0, -0.1, 1.0, 1.0],
            labels: Vec::new(),
        }
    }

    fn scene(&self) -> Scene {
        Scene::Map(self.map())
    }

    fn hud(&self) -> Vec<String> {
        let s = &self.state;
        let mut lines = vec![format!("Tiles left: {}", s.pile_len())];
        if let Some(seat) = s.turn() {
            let n = s.supply.get(seat).copied().unwrap_or(0);
            lines.push(format!(
                "{}: {} point{}, {} follower{} in hand",
                self.name(seat),
                s.scores.get(seat).copied().unwrap_or(0),
                if s.scores.get(seat) == Some(&1) {
                    ""
                } else {
                    "s"
                },
                n,
                if n == 1 { "" } else { "s" }
            ));
        } else {
            for seat in 0..s.seats {
                let b = s.breakdown.get(seat).copied().unwrap_or([0; 4]);
                lines.push(format!(
                    "{}: roads {}, cities {}, cloisters {}, fields {}",
                    self.name(seat),
                    b[0],
                    b[1],
                    b[2],
                    b[3]
                ));
            }
        }
        lines
    }

    fn rate_outcome(&self, _outcome: &Outcome) -> i64 {
        0
    }

    /// The scores after each completed round (every player laid a tile), and the final scores.
    fn score_history(&self) -> Vec<Vec<i64>> {
        let s = &self.state;
        let mut rows: Vec<Vec<i64>> = s
            .history
            .iter()
            .enumerate()
            .skip(1)
            .filter(|(i, _)| i % s.seats == 0)
            .map(|(_, r)| r.clone())
            .collect();
        if s.is_over() {
            if let Some(last) = s.history.last() {
                if rows.last() != Some(last) {
                    rows.push(last.clone());
                }
            }
        }
        rows
    }

    /// The Normal bot's rating (in thousandths of a point), so the generic bot plays as Normal.
    /// Carcassonne's own bot at the seat's level (its seed from the bots' generator).
    fn bot_move(&self, level: crate::core::Level, rng: &mut crate::core::Rng) -> Option<Move> {
        let level = match level {
            crate::core::Level::Easy => bot::Level::Easy,
            crate::core::Level::Normal => bot::Level::Normal,
            crate::core::Level::Hard => bot::Level::Hard,
        };
        Carcassonne::bot_move(self, level, rng.next_u32() as u64)
    }

    fn rate_decision(&self, mv: &Move) -> Option<i64> {
        if self.state.turn() != Some(mv.seat as usize) {
            return None;
        }
        let action = self.state.decode(mv).ok()?;
        bot::rate(&self.state, action).map(|v| (v * 1000.0).round() as i64)
    }

    fn clone_game(&self) -> Box<dyn Game> {
        Box::new(self.clone())
    }
}
