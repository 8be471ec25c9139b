//! Carcassonne rules: the state of the map as integers and `apply`, which turns a player's action
//! into typed events. Pure: no window, no physics. Split by concern: `tiles` (data, rotation),
//! `map` (cells, placement legality), `features` (cities, roads, cloisters, fields merged across
//! tiles), `followers`, `scoring` (completed features, final scoring), `turn` (actions, the turn
//! flow, the replay codec) and `events`. Decisions the rulebook leaves open are explained in
//! docs/rules/carcassonne.md.

pub mod catapult;
pub mod events;
pub mod features;
pub mod followers;
pub mod map;
pub mod scoring;
pub mod tiles;
pub mod tokens;
pub mod turn;

pub use catapult::{Round, RoundAction, Step};
pub use events::{Event, EventKind};
pub use features::{Feature, Features};
pub use followers::{Follower, Spot, FOLLOWERS};
pub use map::{Map, PlaceError, Placed};
pub use tiles::{Catalog, EdgeKind, FeatureKind, TileKind, TileSet};
pub use tokens::{CatchOutcome, Token};
pub use turn::{Action, MoveError};

use crate::core::game::RulesState;
use crate::core::hidden::Seen;
use crate::core::{Deck, Refusal, Rng, RuleResult};
use std::sync::Arc;

pub const MIN_SEATS: usize = 2;
pub const MAX_SEATS: usize = 6;

/// How the farmers score at the end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FarmRule {
    /// Each field on its own: its majority scores 3 per completed city it borders (a city next
    /// to two fields pays both). The rule printed in the base game since its third scoring
    /// revision, kept by every later edition.
    #[default]
    FieldByField,
    /// Each completed city once: the majority of all farmers on every field touching it scores
    /// 4 (the first printing's rule).
    CityByCity,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    pub farms: FarmRule,
    /// Shuffle the 12 fair tiles of The Catapult into the pile.
    pub fair_tiles: bool,
    /// Play a catapult round after every fair tile's turn (The Catapult). Without it a fair
    /// is only scenery: it scores nothing and holds no follower.
    pub catapult: bool,
    /// A short game (house option `short`): `SHORT_BASE` base tiles and `SHORT_FAIRS` fair
    /// tiles, each drawn at random from their shuffled sets, then shuffled together.
    pub short: bool,
}

/// The short game's pile: 30 base tiles and 6 fair tiles (6 without the catapult: none).
pub const SHORT_BASE: usize = 30;
pub const SHORT_FAIRS: usize = 6;

impl Options {
    /// The Catapult: the fair tiles in the pile and their rounds (the default game).
    pub fn catapult() -> Options {
        Options {
            fair_tiles: true,
            catapult: true,
            ..Options::default()
        }
    }
}

/// A hand-built position (see `State::with_layout`).
#[derive(Clone, Copy, Default)]
struct Layout<'a> {
    tiles: &'a [(u8, i32, i32, u8)],
    followers: &'a [(usize, u16, u8)],
}

/// Where the turn stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The player whose turn it is holds tile `kind` and must lay it.
    Place {
        kind: u8,
    },
    /// Tile `tile` (a number on the map) was just laid: a follower on it, or none.
    Follower {
        tile: u16,
    },
    /// A catapult round after a fair tile (`State::round` says who acts and how).
    Catapult,
    Over,
}

#[derive(Clone, Debug)]
pub struct State {
    catalog: Arc<Catalog>,
    pub seats: usize,
    pub options: Options,
    pub map: Map,
    pub features: Features,
    /// Followers on the map, in the order they were placed.
    pub followers: Vec<Follower>,
    /// Followers each player still holds.
    pub supply: Vec<u8>,
    pub scores: Vec<i64>,
    /// Points per player by feature kind (road, city, cloister, field).
    pub breakdown: Vec<[i64; 4]>,
    /// Points each player won in catapult rounds (Target hurling, Catch).
    pub catapult_points: Vec<i64>,
    /// The catapult round under way, if any.
    pub round: Option<catapult::Round>,
    /// Scores after each turn (the first entry is the start, the last the final scoring).
    pub history: Vec<Vec<i64>>,
    /// The draw pile (tile kinds). Its order is hidden: bots see only `remaining()`.
    pile: Deck<u8>,
    /// Tiles that fit nowhere when drawn; out of the game.
    pub set_aside: Vec<u8>,
    rng: Rng,
    /// The seat whose turn it is.
    pub current: usize,
    /// Turns completed so far.
    pub turns: u32,
    pub phase: Phase,
}

impl State {
    /// A new game: the pile shuffled from `seed`, the start tile laid, the first tile drawn.
    pub fn new(seats: usize, seed: u64, options: Options) -> RuleResult<(State, Vec<Event>)> {
        let catalog = Arc::new(Catalog::embedded()?);
        let mut rng = Rng::new(seed);
        let mut cards = catalog.pile(options.fair_tiles);
        if options.short {
            let (mut fairs, mut base): (Vec<u8>, Vec<u8>) =
                cards.iter().partition(|&&k| catalog.kind(k).fair);
            rng.shuffle_hidden(&mut base);
            rng.shuffle_hidden(&mut fairs);
            base.truncate(SHORT_BASE);
            fairs.truncate(SHORT_FAIRS);
            cards = base;
            cards.extend(fairs);
        }
        let pile = Deck::new(cards, &mut rng);
        State::start(catalog, seats, options, pile, rng, Layout::default())
    }

    /// A game with a stacked pile (first element drawn first), for scenarios and tests.
    pub fn with_pile(
        seats: usize,
        options: Options,
        draw_order: &[u8],
    ) -> RuleResult<(State, Vec<Event>)> {
        State::with_layout(seats, options, &[], &[], draw_order)
    }

    /// A hand-built position: `tiles` (kind, x, y, rot) laid after the start tile, in order
    /// (tile numbers 1, 2, …; the start tile is 0), each checked for legality; then `followers`
    /// (seat, tile number, spot), each checked like a player's; nothing is scored. Then the pile
    /// is stacked (first element drawn first) and player 1 draws.
    pub fn with_layout(
        seats: usize,
        options: Options,
        tiles: &[(u8, i32, i32, u8)],
        followers: &[(usize, u16, u8)],
        draw_order: &[u8],
    ) -> RuleResult<(State, Vec<Event>)> {
        let catalog = Arc::new(Catalog::embedded()?);
        let n = catalog.kinds.len();
        if let Some(k) = draw_order
            .iter()
            .chain(tiles.iter().map(|t| &t.0))
            .find(|&&k| k as usize >= n)
        {
            return Err(Refusal::new(format!("no tile kind {k}")));
        }
        let mut cards = draw_order.to_vec();
        cards.reverse();
        let pile = Deck {
            cards,
            discard: Vec::new(),
        };
        let layout = Layout { tiles, followers };
        State::start(catalog, seats, options, pile, Rng::new(0), layout)
    }

    fn start(
        catalog: Arc<Catalog>,
        seats: usize,
        options: Options,
        pile: Deck<u8>,
        rng: Rng,
        layout: Layout,
    ) -> RuleResult<(State, Vec<Event>)> {
        if !(MIN_SEATS..=MAX_SEATS).contains(&seats) {
            return Err(Refusal::new(format!(
                "Carcassonne is for {MIN_SEATS} to {MAX_SEATS} players, not {seats}"
            )));
        }
        let start = catalog
            .start()
            .ok_or_else(|| Refusal::new("tiles.json names no start tile"))?;
        let mut s = State {
            catalog,
            seats,
            options,
            map: Map::default(),
            features: Features::default(),
            followers: Vec::new(),
            supply: vec![FOLLOWERS; seats],
            scores: vec![0; seats],
            breakdown: vec![[0; 4]; seats],
            catapult_points: vec![0; seats],
            round: None,
            history: vec![vec![0; seats]],
            pile,
            set_aside: Vec::new(),
            rng,
            current: 0,
            turns: 0,
            phase: Phase::Over,
        };
        s.lay(start, 0, 0, 0);
        for &(kind, x, y, rot) in layout.tiles {
            s.map
                .check(&s.catalog, kind, x, y, rot)
                .map_err(|e| Refusal::new(format!("layout tile at ({x}, {y}): {e}")))?;
            s.lay(kind, x, y, rot);
        }
        for &(seat, tile, spot) in layout.followers {
            let spots = s.spots_of(tile);
            let free = spots.get(spot as usize).map(|p| p.free);
            if seat >= seats || free != Some(true) || s.supply[seat] == 0 {
                return Err(Refusal::new(format!(
                    "layout follower of seat {seat} on tile {tile} spot {spot} cannot stand there"
                )));
            }
            s.followers.push(Follower {
                seat: seat as u8,
                tile,
                spot,
            });
            s.supply[seat] -= 1;
        }
        let mut events = vec![Event::new(None, EventKind::StartTile { kind: start })];
        s.begin_turn(&mut events);
        Ok((s, events))
    }

    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    pub fn catalog_arc(&self) -> Arc<Catalog> {
        Arc::clone(&self.catalog)
    }

    /// Puts a tile on the map and joins its features (no checks).
    pub(crate) fn lay(&mut self, kind: u8, x: i32, y: i32, rot: u8) -> u16 {
        let p = Placed {
            x,
            y,
            kind,
            rot,
            first_seg: self.features.len() as u32,
        };
        let t = self.map.insert(p);
        self.features.add_tile(&self.catalog, &self.map, t);
        t
    }

    /// Tiles still in the pile.
    pub fn pile_len(&self) -> usize {
        self.pile.len()
    }

    /// How many of each tile kind are still in the pile (the order stays hidden).
    pub fn remaining(&self) -> Vec<u32> {
        let mut n = vec![0u32; self.catalog.kinds.len()];
        for &k in &self.pile.cards {
            if let Some(c) = n.get_mut(k as usize) {
                *c += 1;
            }
        }
        n
    }

    /// Shuffles the pile again from `seed`: a bot's copy of the state uses this so that its
    /// look-ahead never depends on the real order.
    pub fn reshuffle_pile(&mut self, seed: u64) {
        let mut rng = Rng::new(seed);
        rng.shuffle(&mut self.pile.cards);
    }

    /// The seat to act, None when the game is over.
    pub fn turn(&self) -> Option<usize> {
        if self.is_over() {
            return None;
        }
        Some(self.round.as_ref().map_or(self.current, |r| r.actor()))
    }

    /// The tile in hand, if a tile is to be laid.
    pub fn in_hand(&self) -> Option<u8> {
        match self.phase {
            Phase::Place { kind } => Some(kind),
            _ => None,
        }
    }

    /// Every legal (x, y, rotation) for the tile in hand.
    pub fn legal_placements(&self) -> Vec<(i32, i32, u8)> {
        match self.phase {
            Phase::Place { kind } => self.map.legal(&self.catalog, kind),
            _ => Vec::new(),
        }
    }

    /// The spots of the tile just laid (empty outside the follower step).
    pub fn open_spots(&self) -> Vec<Spot> {
        match self.phase {
            Phase::Follower { tile } => self.spots_of(tile),
            _ => Vec::new(),
        }
    }

    /// Draws until a tile fits somewhere, or ends the game when the pile is empty.
    fn begin_turn(&mut self, out: &mut Vec<Event>) {
        loop {
            let Some((kind, _)) = self.pile.draw(Seen::All, &mut self.rng, &mut []) else {
                out.push(Event::new(None, EventKind::PileEmpty));
                self.score_end(out);
                self.history.push(self.scores.clone());
                self.phase = Phase::Over;
                out.push(Event::new(None, EventKind::GameOver));
                return;
            };
            if self.map.fits_anywhere(&self.catalog, kind) {
                out.push(Event::new(
                    Some(self.current),
                    EventKind::TileDrawn { kind },
                ));
                self.phase = Phase::Place { kind };
                return;
            }
            self.set_aside.push(kind);
            out.push(Event::new(
                Some(self.current),
                EventKind::TileSetAside { kind },
            ));
        }
    }
}
