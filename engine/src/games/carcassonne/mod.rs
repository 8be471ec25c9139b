//! Carcassonne with The Catapult. `rules/` is the pure engine, `table` the catapult's hurls in
//! physics, `bot` chooses moves through the same actions a player uses, `art` draws tile kinds
//! as primitives in tile-local coordinates. This file is the `core::Game` face of it: a
//! tile-map scene (lay a tile, a follower spot, aim the catapult), the side view of a hurl, the
//! choices (no follower, the token kind, a seduction), and the catcher's hand.

pub mod art;
pub mod bot;
pub mod rules;
pub mod table;
pub mod view;

use crate::core::game::prelude::*;
use crate::core::registry::{GameInfo, RulesPicture, RulesSection};
use crate::core::scene::{LegalCell, MapPiece, MapSpot, PieceKind, PlacedTile};
use crate::core::{
    rank, Choice, Event, Game, GridPrompt, Launch, LaunchPrompt, Move, Outcome, PlacementPrompt,
    Ranking, Refusal, RuleResult, Scene, Seat, Shot, TableView, TileArt, TileMapView,
};
use rules::catapult::{HAND_ALONG_MM, HAND_HEIGHT_MM};
use rules::{Action, FarmRule, FeatureKind, Options, Phase, RoundAction, State, Step, Token};
use std::sync::{Arc, OnceLock};

pub const INFO: GameInfo = GameInfo {
    id: "carcassonne",
    name: "Carcassonne: The Catapult",
    min_seats: 2,
    max_seats: 6,
    available: true,
    blurb: "Lay tiles, claim cities and roads, hurl tokens at fairs.",
    options: &[
        (
            "no_catapult",
            "Without the catapult",
            "The 72 base tiles alone, no catapult rounds.",
        ),
        (
            "farms_by_city",
            "Farmers by city",
            "First-printing farmers: each completed city scores 4 once, for the most farmers around it.",
        ),
        (
            "short",
            "Short game",
            "30 base tiles and 6 fair tiles, drawn at random.",
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
tile that fits nowhere leaves the game and you draw another. Most points wins. \
The Catapult: 12 of the tiles show a fair. Whoever lays one finishes the turn, then chooses one \
of four catapult tokens, and everyone, starting with them and going round the table, hurls that \
token once with the catapult beside the map: aim at a tile, then pull back and let go. Knock \
out: every follower the token touches, or that is knocked into another, goes home (yours too). \
Seduction: if the token stays on the map, you may swap the opponent's follower nearest to it for \
one of yours, from your hand or from the map. Target hurling: whoever lands closest to the \
fair's centre scores 5 (ties all score). Catch: hurl past the measuring board while your left \
neighbour holds out a hand: a catch, or a hurl that stops short of the board, scores 5 for the \
catcher; a hurl past the board that is missed or dropped scores 5 for the hurler; then the \
catcher hurls to their own neighbour. The tokens come back after every round.",
    event_cues,
    new,
    // A whole 2-seat game, as it was timed before its catapult rounds (docs/benchmarks.md).
    bench_seats: 2,
    short_rules: &[
        RulesSection {
            heading: "Goal",
            picture: RulesPicture::Goal,
            words: "Lay tiles to build roads, cities, cloisters and fields, and score them with your followers. Most points wins.",
        },
        RulesSection {
            heading: "Your turn",
            picture: RulesPicture::Map,
            words: "Lay the tile you draw so that every side it touches matches. Then you may stand one of your 7 followers on a road, city, cloister or field of that tile, if nobody stands on it yet.",
        },
        RulesSection {
            heading: "Scoring",
            picture: RulesPicture::Score,
            words: "A closed road scores 1 a tile, a closed city 2 a tile and 2 a pennant, a cloister with all 8 neighbours 9; the followers come back. When the last tile is laid, open ones and fields score too.",
        },
        RulesSection {
            heading: "The catapult",
            picture: RulesPicture::Shoot,
            words: "12 tiles show a fair. Whoever lays one chooses a catapult token, and everyone hurls it once: aim at a tile, then pull back and let go.",
        },
        RulesSection {
            heading: "The tokens",
            picture: RulesPicture::Cards,
            words: "Knock out: followers the token touches go home. Seduction: swap the nearest follower for one of yours. Target hurling: closest to the fair scores 5. Catch: your neighbour tries to catch it.",
        },
    ],
    ..GameInfo::BASE
};

/// Every event kind of the game with its cue.
fn event_cues() -> Vec<(&'static str, crate::core::event::Cue)> {
    rules::events::one_of_each()
        .iter()
        .map(|e| (e.name(), e.cue()))
        .collect()
}

pub const ACTION_PLACE: &str = rules::turn::ACTION_PLACE;
pub const ACTION_FOLLOWER: &str = rules::turn::ACTION_FOLLOWER;
pub const ACTION_SKIP: &str = rules::turn::ACTION_SKIP;
pub const ACTION_AIM: &str = rules::turn::ACTION_AIM;
pub const ACTION_HAND: &str = rules::turn::ACTION_HAND;

#[derive(Clone)]
pub struct Carcassonne {
    /// Moves played so far (`Game::count_played`): the move cap reads it.
    played: u32,
    seats: Vec<Seat>,
    state: State,
    /// How the tiles look (`looks`): made when the map is first shown and shared by copies,
    /// so a server's room, which never shows it, does not hold it (38 KB).
    looks: OnceLock<Arc<Looks>>,
    seed: u64,
}

/// The look of every tile kind of the game's catalog.
struct Looks {
    /// The art of every tile kind (index = kind).
    arts: Vec<TileArt>,
    /// Follower spots of every tile kind (index = kind, then spot).
    spots: Vec<Vec<[f32; 2]>>,
}

pub fn new(options: &[String], seats: Vec<Seat>, seed: u64) -> RuleResult<Box<dyn Game>> {
    Ok(Box::new(Carcassonne::new(options, seats, seed)?))
}

impl Carcassonne {
    pub fn new(options: &[String], seats: Vec<Seat>, seed: u64) -> RuleResult<Self> {
        crate::core::seat::check_seats(&seats, INFO.min_seats, INFO.max_seats)?;
        // The default is The Catapult (since rules version 2; docs/rules/carcassonne.md).
        let mut o = Options::catapult();
        for opt in options {
            match opt.as_str() {
                "farms_by_city" => o.farms = FarmRule::CityByCity,
                "short" => o.short = true,
                "no_catapult" => {
                    o.fair_tiles = false;
                    o.catapult = false;
                }
                other => return Err(Refusal::new(format!("Carcassonne has no option `{other}`"))),
            }
        }
        let (state, _) = State::new(seats.len(), seed, o)?;
        Ok(Carcassonne::from_state(state, seats, seed))
    }

    /// A game from a hand-built rules state (scenarios and physics tests).
    pub fn from_state(state: State, seats: Vec<Seat>, seed: u64) -> Self {
        Carcassonne {
            played: 0,
            seats,
            state,
            looks: OnceLock::new(),
            seed,
        }
    }

    fn looks(&self) -> &Looks {
        self.looks.get_or_init(|| {
            let kinds = &self.state.catalog().kinds;
            Arc::new(Looks {
                arts: kinds.iter().map(art::art).collect(),
                spots: kinds.iter().map(art::spots).collect(),
            })
        })
    }

    pub fn state(&self) -> &State {
        &self.state
    }

    fn name(&self, seat: usize) -> String {
        crate::core::seat::seat_name(&self.seats, seat)
    }

    fn names(&self) -> Vec<String> {
        (0..self.seats.len()).map(|s| self.name(s)).collect()
    }

    fn spot_at(&self, kind: u8, spot: u8) -> [f32; 2] {
        self.looks()
            .spots
            .get(kind as usize)
            .and_then(|s| s.get(spot as usize))
            .copied()
            .unwrap_or([0.5, 0.5])
    }

    fn round_choices(&self, seat: usize) -> Vec<Choice> {
        let s = &self.state;
        s.round_actions()
            .into_iter()
            .filter_map(|a| {
                let label = match a {
                    Action::Round(RoundAction::Choose(t)) => t.word().to_string(),
                    Action::Round(RoundAction::Exchange { from: None }) => {
                        "Swap in a follower from your hand".into()
                    }
                    Action::Round(RoundAction::Exchange { from: Some(i) }) => {
                        let f = s.followers.get(i)?;
                        let p = s.map.tiles.get(f.tile as usize)?;
                        let kind = s.catalog().kind(p.kind).segments.get(f.spot as usize)?.kind;
                        let k = s.own_on_map(seat).iter().position(|&j| j == i)? + 1;
                        format!("Swap in your {} (follower {k} on the map)", kind.role())
                    }
                    Action::Round(RoundAction::Decline) => "No swap".into(),
                    _ => return None,
                };
                Some(Choice {
                    label,
                    mv: s.encode(seat, a),
                })
            })
            .collect()
    }

    /// The bot's move at `level` for the seat to act (a replay move).
    pub fn bot_move(&self, level: bot::Level, seed: u64) -> Option<Move> {
        let seat = self.state.turn()?;
        if self.state.round().is_some() {
            // The round goes to the shared search at the seat's level, as in every other game:
            // its decisions rated by `bot::round` (Easy's mostly at random), its hurls aimed with
            // the level's budget (`BotBudget::at`) and fired with the level's hand.
            let mut rng = crate::core::Rng::new(seed ^ self.seed);
            return crate::core::bot::search_at(
                self,
                core_level(level),
                &mut rng,
                crate::core::bot::BotBudget::default(),
            );
        }
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
                        words: format!("Follower on {}", self.spot_words(p, spot)),
                    });
                }
            }
        }
        if s.round().map(|r| r.step) == Some(Step::Aim) {
            for (t, p) in s.map.tiles.iter().enumerate() {
                let fair = Some(t as u16) == s.round().map(|r| r.fair_tile);
                let at = crate::core::scene::cell_words([p.x, p.y]);
                spots.push(MapSpot {
                    cell: [p.x, p.y],
                    at: [0.5, 0.5],
                    label: if fair {
                        "aim at the fair".into()
                    } else {
                        "aim here".into()
                    },
                    words: if fair {
                        format!("Aim at the fair, {at}")
                    } else {
                        format!("Aim at the tile {at}")
                    },
                });
            }
        }
        TileMapView {
            bounds: TileMapView::frame_cells(&tiles, &legal, 0.5),
            last: (tiles.len() > 1)
                .then(|| tiles.last().map(|t| t.cell))
                .flatten(),
            tiles,
            arts: self.looks().arts.clone(),
            legal,
            in_hand: s.in_hand().map(|k| k as usize),
            pieces,
            spots,
        }
    }
}

fn token_word(t: Option<Token>) -> &'static str {
    t.map_or("Catapult", Token::word)
}

use crate::core::status::{self, Icon, StatusItem};

impl Game for Carcassonne {
    fn header(&self) -> Header<'_> {
        Header {
            info: &INFO,
            seats: &self.seats,
            state: &self.state,
            played: self.played,
        }
    }

    fn count_played(&mut self) {
        self.played += 1;
    }

    fn choices(&self) -> Vec<Choice> {
        let Some(seat) = self.state.turn() else {
            return Vec::new();
        };
        match self.state.phase {
            Phase::Follower { .. } => vec![Choice {
                label: "No follower".into(),
                mv: self.state.encode(seat, Action::Skip),
            }],
            Phase::Catapult => self.round_choices(seat),
            _ => Vec::new(),
        }
    }

    fn candidates(&self) -> Vec<Move> {
        let mut out: Vec<Move> = self.choices().into_iter().map(|c| c.mv).collect();
        if let Some(seat) = self.state.turn() {
            if self.state.round().map(|r| r.step) == Some(Step::Hand) {
                out.extend(
                    bot::round::hand_candidates()
                        .into_iter()
                        .map(|(along, height)| {
                            self.state
                                .encode(seat, Action::Round(RoundAction::Hand { along, height }))
                        }),
                );
            }
        }
        out
    }

    fn launch_prompt(&self) -> Option<LaunchPrompt> {
        table::prompt(&self.state)
    }

    fn placement_prompt(&self) -> Option<PlacementPrompt> {
        if self.state.round().map(|r| r.step) != Some(Step::Hand) {
            return None;
        }
        let mm = |v: i64| v as f32 / 1000.0;
        Some(PlacementPrompt {
            action: ACTION_HAND.into(),
            label: "your hand".into(),
            half_extents: [table::HAND_HW, 0.01],
            region: [
                mm(HAND_ALONG_MM.0),
                mm(HAND_HEIGHT_MM.0),
                mm(HAND_ALONG_MM.1),
                mm(HAND_HEIGHT_MM.1),
            ],
            angle: (0, 0),
            snaps: Vec::new(),
            sources: Vec::new(),
        })
    }

    fn grid_prompt(&self) -> Option<GridPrompt> {
        match self.state.phase {
            Phase::Place { .. } => Some(GridPrompt::place(ACTION_PLACE, "tile")),
            Phase::Follower { .. } if !self.state.free_spots().is_empty() => {
                Some(GridPrompt::spot(ACTION_FOLLOWER, "follower"))
            }
            Phase::Catapult if self.state.round().map(|r| r.step) == Some(Step::Aim) => {
                Some(GridPrompt::spot(ACTION_AIM, "aim"))
            }
            _ => None,
        }
    }

    fn no_shot_now(&self) -> Refusal {
        Refusal::new("no hurl is expected now")
    }

    fn fire(&self, launch: &Launch) -> RuleResult<Box<dyn Shot>> {
        match table::fire(&self.state, &self.seats, launch) {
            Some(shot) => Ok(Box::new(shot)),
            None => Err(Refusal::new("the catapult is not aimed yet")),
        }
    }

    fn play(&mut self, mv: &Move) -> RuleResult<Vec<Event>> {
        if mv.action == ACTION_HAND && !mv.is_shot() && mv.args.len() == 3 {
            // The placement prompt's answer: [along mm, height mm, angle]; the angle is 0.
            if mv.args.get(2) != Some(&0) {
                return Err(Refusal::new("a hand is not turned"));
            }
            let mut m = mv.clone();
            m.args.truncate(2);
            return self.play(&m);
        }
        let names = self.names();
        let events = self.state.apply_move(mv)?;
        Ok(events.iter().map(|e| e.to_core_named(&names)).collect())
    }

    /// Every player's 7 followers are in supply or on the map, never on a spot twice.
    fn sample_outcome(&self, rng: &mut crate::core::Rng) -> Option<Outcome> {
        self.state.sample_hurl(rng)
    }

    fn invariant_violations(&self) -> Vec<String> {
        let s = &self.state;
        let mut out = Vec::new();
        for seat in 0..s.seats {
            let n = s.supply.get(seat).copied().unwrap_or(0) as usize + s.on_map(seat);
            if n != rules::FOLLOWERS as usize {
                out.push(format!("seat {seat} has {n} followers, not 7"));
            }
        }
        for (i, f) in s.followers.iter().enumerate() {
            if s.followers[..i]
                .iter()
                .any(|g| g.tile == f.tile && g.spot == f.spot)
            {
                out.push(format!("two followers on tile {} spot {}", f.tile, f.spot));
            }
        }
        out
    }
}

impl BotAdvice for Carcassonne {
    fn rate_outcome(&self, outcome: &Outcome) -> i64 {
        bot::round::rate_hurl(&self.state, outcome)
    }

    fn aim_hints(&self) -> Vec<Launch> {
        bot::round::hurl_hints(&self.state)
    }

    /// The Normal bot's rating (in thousandths of a point), so the generic bot plays as Normal.
    /// Carcassonne's own bot at the seat's level (its seed from the bots' generator).
    fn bot_move(&self, level: crate::core::Level, rng: &mut crate::core::Rng) -> Option<Move> {
        Carcassonne::bot_move(self, bot_level(level), rng.next_u32() as u64)
    }

    /// The round's turns go to the shared search (so it runs in slices); the rest are
    /// `bot_move`'s choice thought a step at a time (one placement rated, or one play-out, a
    /// step: a tile's every position takes a few hundred milliseconds in a browser).
    fn bot_plan(
        &self,
        level: crate::core::Level,
        rng: &mut crate::core::Rng,
    ) -> Option<crate::core::bot::BotPlan> {
        if self.state.round().is_none() {
            let seed = rng.next_u32() as u64;
            let seat = self.state.turn()?;
            return Some(crate::core::bot::BotPlan::Steps(Box::new(Choosing {
                choosing: bot::Choosing::new(
                    &self.state,
                    bot_level(level),
                    bot::Budget::default(),
                    seed ^ self.seed,
                ),
                state: self.state.clone(),
                seat,
            })));
        }
        self.state.turn()?;
        let seed = rng.next_u32() as u64;
        // The seat's own level: the search gives Hard its budget and every level its hand
        // (until December 2026 every seat's round was played at Normal, docs/balance.md).
        Some(crate::core::bot::BotPlan::Search {
            level,
            rng: crate::core::Rng::new(seed ^ self.seed),
            budget: crate::core::bot::BotBudget::default(),
        })
    }

    fn rate_decision(&self, mv: &Move) -> Option<i64> {
        if self.state.turn() != Some(mv.seat as usize) {
            return None;
        }
        let action = self.state.decode(mv).ok()?;
        bot::rate(&self.state, action).map(|v| (v * 1000.0).round() as i64)
    }
}

impl Designs for Carcassonne {}

fn core_level(level: bot::Level) -> crate::core::Level {
    match level {
        bot::Level::Easy => crate::core::Level::Easy,
        bot::Level::Normal => crate::core::Level::Normal,
        bot::Level::Hard => crate::core::Level::Hard,
    }
}

fn bot_level(level: crate::core::Level) -> bot::Level {
    match level {
        crate::core::Level::Easy => bot::Level::Easy,
        crate::core::Level::Normal => bot::Level::Normal,
        crate::core::Level::Hard => bot::Level::Hard,
    }
}

/// Carcassonne's own bot choosing a step at a time (`Game::bot_plan`), for the seat to act.
struct Choosing {
    choosing: bot::Choosing,
    state: State,
    seat: usize,
}

impl crate::core::bot::Steps<Option<Move>> for Choosing {
    fn step(&mut self) -> Option<Option<Move>> {
        if !self.choosing.step() {
            return None;
        }
        Some(
            self.choosing
                .chosen()
                .map(|a| self.state.encode(self.seat, a)),
        )
    }
}

/// The HUD's phase during a catapult round.
fn round_phase(state: &State, seats: &[Seat]) -> String {
    let Some(r) = state.round() else {
        return "Catapult".into();
    };
    match r.step {
        Step::Choose => "Choose a catapult token".into(),
        Step::Aim => format!("{}: aim at a tile", token_word(r.token)),
        Step::Hurl => format!("{}: hurl", token_word(r.token)),
        Step::Seduce { .. } => "Seduction: swap a follower?".into(),
        Step::Hand => format!(
            "Catch: {} holds out a hand",
            crate::core::seat::seat_name(seats, r.catcher())
        ),
    }
}

impl crate::core::game::RulesState for State {
    fn acting(&self) -> Option<usize> {
        self.turn()
    }

    fn phase_label(&self, seats: &[Seat]) -> String {
        match self.phase {
            Phase::Place { .. } => "Lay the tile".into(),
            Phase::Follower { .. } => "Place a follower".into(),
            Phase::Catapult => round_phase(self, seats),
            Phase::Over => "Final scores".into(),
        }
    }

    fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    fn scores(&self) -> Vec<i64> {
        self.scores.clone()
    }

    /// Ranked by points alone (tied players share the place); each line then shows the points
    /// of each kind, and of the catapult rounds.
    fn ranking(&self) -> Ranking {
        let keys: Vec<Vec<i64>> = self.scores.iter().map(|&p| vec![p]).collect();
        let mut r = rank(&["points"], &keys);
        r.key_names
            .extend(["roads", "cities", "cloisters", "fields"].map(String::from));
        let catapult = self.options.catapult;
        if catapult {
            r.key_names.push("catapult".into());
        }
        for s in &mut r.standings {
            let b = self.breakdown.get(s.seat).copied().unwrap_or([0; 4]);
            s.keys.extend(b);
            if catapult {
                s.keys
                    .push(self.catapult_points.get(s.seat).copied().unwrap_or(0));
            }
        }
        r
    }
}

#[cfg(test)]
mod status_tests {
    use super::*;
    use crate::core::seat::{default_seats, SeatKind};
    use crate::core::status::unplayerly;

    #[test]
    fn the_status_line_shows_the_step_the_tiles_left_the_followers_and_the_points() {
        let g = Carcassonne::new(&[], default_seats(2, SeatKind::Human), 7)
            .unwrap_or_else(|e| panic!("{e}"));
        let items = crate::core::status::pairs(g.status());
        assert_eq!(
            items,
            vec![
                (Icon::Next, "Lay the tile".to_string()),
                (Icon::Tile, g.state.pile_len().to_string()),
                (Icon::Follower, "7".to_string()),
                (Icon::Points, "0".to_string()),
            ]
        );
        assert!(
            g.state.pile_len() > 70,
            "the whole pile but the start tile and the one drawn"
        );
        assert!(items.iter().all(|(_, t)| unplayerly(t).is_none()));
    }
}
