//! Catapult Castle rules: the state of the table as integers and `apply`, which turns decisions
//! and shot facts into events. Pure: no physics, no window. Every decision that the rulebook
//! leaves open is explained in docs/rules/castle.md.
//!
//! This file holds the state and its queries; by concern: `codec` (the typed moves and shot
//! facts, read from and written to the replay), `setup` (the table at the start),
//! `turn` (the choices open now, `apply`, the end of a turn), `shot` (a shot's facts, hits,
//! misses, roofs, placing a captured tower), `cards` (drawing, playing) and `solo` (ranks,
//! rearranging, solo hits). All of it is as pure as this file (tests/it/layers.rs checks them).

use crate::core::{
    rank, Choice, Deck, Event, Move, Outcome, Ranking, Refusal, Rng, RuleResult, TurnOrder,
};
use crate::games::castle::rules::events::Ev;
use nanoserde::DeJson;

/// The deck mix (ours; the rulebook does not give it), embedded so the web build reads no file.
pub const DECKS_JSON: &str = include_str!("../../../../assets/castle/decks.json");

/// Ammo in the game, and in the solo game.
pub const AMMO: u32 = 36;
pub const SOLO_AMMO: u32 = 18;
pub const TOWERS: u32 = 16;
/// Solo: rearrangements allowed, and the highest stack they may build.
pub const SOLO_REARRANGEMENTS: u32 = 2;
pub const SOLO_MAX_STACK: usize = 3;
/// Towers stand on at most this many levels (a stack higher than this cannot be built).
pub const MAX_STACK: usize = 8;

/// Facts a shot reports (see table.rs).
pub const FACT_IN_TOWER: &str = "ammo_in_tower";
pub const FACT_ROOF: &str = "ammo_touched_roof";
pub const FACT_FELL: &str = "ammo_fell";
pub const FACT_REST: &str = "ammo_rest";
pub const FACT_FIRST_CONTACT: &str = "ammo_first_contact";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    ExtraShot,
    MagicToss,
    StrongAmmo,
    ReinforcedRoof,
}

impl Effect {
    pub fn parse(name: &str) -> Option<Effect> {
        match name {
            "extra_shot" => Some(Effect::ExtraShot),
            "magic_toss" => Some(Effect::MagicToss),
            "strong_ammo" => Some(Effect::StrongAmmo),
            "reinforced_roof" => Some(Effect::ReinforcedRoof),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Effect::ExtraShot => "Extra Shot",
            Effect::MagicToss => "Magic Toss",
            Effect::StrongAmmo => "Strong Ammo",
            Effect::ReinforcedRoof => "Reinforced Roof",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Card {
    /// 0..32: deck × 8 + position in the deck file.
    pub id: u32,
    /// Which deck (royalty on the back) it belongs to: its discard pile.
    pub deck: usize,
    pub effect: Effect,
}

impl crate::core::hidden::Code for Card {
    fn code(&self) -> u32 {
        self.id
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tower {
    pub id: u32,
    /// Balls resting inside it (they stay for the rest of the game).
    pub ammo: u32,
    /// The face-down card it stands on when it is stacked on another tower.
    pub card_below: Option<Card>,
}

impl Tower {
    pub fn new(id: u32) -> Self {
        Tower {
            id,
            ammo: 0,
            card_below: None,
        }
    }
}

/// One square of a mat: a stack of towers (bottom first) and an optional Reinforced Roof on top.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Square {
    pub stack: Vec<Tower>,
    pub roof: Option<Card>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mat {
    /// The seat it is assigned to (None: an unassigned mat in the 2-player and solo games).
    pub owner: Option<usize>,
    /// Its deck (the royalty of its colour).
    pub deck: usize,
    pub squares: Vec<Square>,
}

impl Mat {
    pub fn towers(&self) -> usize {
        self.squares.iter().map(|s| s.stack.len()).sum()
    }

    pub fn ammo(&self) -> u32 {
        self.squares
            .iter()
            .flat_map(|s| s.stack.iter())
            .map(|t| t.ammo)
            .sum()
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Cards only stack towers; their effects are not used.
    pub beginners: bool,
    /// Mats with 3 squares, the extra tower stacked at setup, everyone draws a card.
    pub experts: bool,
}

impl Options {
    pub fn parse(options: &[String], solo: bool) -> RuleResult<Options> {
        let mut o = Options::default();
        for name in options {
            match name.as_str() {
                "beginners" => o.beginners = true,
                "experts" => o.experts = true,
                other => crate::refuse!("Catapult Castle has no option `{other}`"),
            }
        }
        if solo && (o.beginners || o.experts) {
            crate::refuse!("the solo game has its own rules: the beginners and experts options need 2 to 4 players");
        }
        Ok(o)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The acting seat plays cards, places its catapult and shoots.
    Aim,
    /// Solo: the towers are being rearranged (`move_tower` … `done`).
    Rearrange,
    /// The shooter puts the towers it took on its mat, one by one (first in the list first).
    Place {
        towers: Vec<Tower>,
        victim: Option<usize>,
        /// How many towers this shot took (the victim may draw that many cards).
        taken: u32,
    },
    /// The player whose towers were taken may draw, once per tower taken.
    Draw {
        victim: usize,
        left: u32,
    },
    Over,
}

/// What the acting seat has done and may still do this turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnState {
    pub seat: usize,
    pub shots_allowed: u32,
    pub shots_taken: u32,
    pub toss: bool,
    pub strong: bool,
    /// Solo: the mat the catapult fired from on the last shot.
    pub fired_from: Option<usize>,
}

impl TurnState {
    pub(crate) fn new(seat: usize) -> Self {
        TurnState {
            seat,
            shots_allowed: 1,
            shots_taken: 0,
            toss: false,
            strong: false,
            fired_from: None,
        }
    }
}

/// A corner where the catapult may stand: a mat and its end (0 = left, 1 = right).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Corner {
    pub mat: usize,
    pub end: usize,
}

#[derive(Clone, Debug)]
pub struct State {
    pub seats: usize,
    pub solo: bool,
    pub options: Options,
    pub deck_names: Vec<String>,
    pub mats: Vec<Mat>,
    /// One deck per colour (4), indexed like `deck_names`; `deck_in_play` is false for a deck
    /// that went back to the box.
    pub decks: Vec<Deck<Card>>,
    pub deck_in_play: Vec<bool>,
    pub hands: Vec<Vec<Card>>,
    /// Ammo in the supply piles.
    pub supply: u32,
    /// Solo: shots fired so far (missed ammo is gone).
    pub spent: u32,
    /// Towers returned to the box at setup (3 players).
    pub boxed_towers: Vec<Tower>,
    /// Cards not used in the solo game: they go under stacked towers.
    pub boxed_cards: Vec<Card>,
    /// Solo: towers removed from play.
    pub removed: Vec<Tower>,
    pub rearrangements_left: u32,
    /// Per seat: the catapult stands on the game box.
    pub stand: Vec<bool>,
    /// Per seat: index into `corners(seat)`.
    pub corner: Vec<usize>,
    pub turn: TurnState,
    pub phase: Phase,
    pub order: TurnOrder,
    pub rng: Rng,
    pub turns_played: u32,
}

mod cards;
pub mod codec;
mod conservation;
pub mod events;
mod setup;
mod shot;
mod solo;
mod turn;

pub use setup::{innermost_squares, load_decks, seat_mats};
pub use shot::ShotFacts;
pub use solo::solo_title;

fn ev(kind: Ev, seat: Option<usize>, args: &[i64], text: impl Into<String>) -> Event {
    Event::of(kind, seat, args, text)
}

impl State {
    // ---- queries -------------------------------------------------------------------------

    pub fn squares_per_mat(&self) -> usize {
        self.mats.first().map(|m| m.squares.len()).unwrap_or(0)
    }

    pub fn mat_of(&self, seat: usize) -> Option<usize> {
        self.mats.iter().position(|m| m.owner == Some(seat))
    }

    pub fn towers_of(&self, seat: usize) -> usize {
        self.mat_of(seat)
            .map(|m| self.mats[m].towers())
            .unwrap_or(0)
    }

    pub fn ammo_of(&self, seat: usize) -> u32 {
        self.mat_of(seat).map(|m| self.mats[m].ammo()).unwrap_or(0)
    }

    pub fn towers_on_mats(&self) -> usize {
        self.mats.iter().map(|m| m.towers()).sum()
    }

    /// Ammo inside towers: on the mats, and in towers just taken and not yet placed.
    pub fn ammo_in_towers(&self) -> u32 {
        let pending: u32 = match &self.phase {
            Phase::Place { towers, .. } => towers.iter().map(|t| t.ammo).sum(),
            _ => 0,
        };
        self.mats.iter().map(|m| m.ammo()).sum::<u32>() + pending
    }

    /// (mat, square, level) of a tower on the table.
    pub fn find_tower(&self, id: u32) -> Option<(usize, usize, usize)> {
        for (m, mat) in self.mats.iter().enumerate() {
            for (s, sq) in mat.squares.iter().enumerate() {
                if let Some(l) = sq.stack.iter().position(|t| t.id == id) {
                    return Some((m, s, l));
                }
            }
        }
        None
    }

    /// The corners the seat's catapult may stand at: the outside corner of its mat (both ends for
    /// the middle mat of three, which are equally far from the centre), every corner in solo.
    pub fn corners(&self, seat: usize) -> Vec<Corner> {
        let n = self.mats.len();
        if self.solo {
            return (0..n)
                .flat_map(|mat| [Corner { mat, end: 0 }, Corner { mat, end: 1 }])
                .collect();
        }
        let Some(mat) = self.mat_of(seat) else {
            return Vec::new();
        };
        let twice = 2 * mat;
        if twice + 1 < n {
            vec![Corner { mat, end: 0 }]
        } else if twice + 1 > n {
            vec![Corner { mat, end: 1 }]
        } else {
            vec![Corner { mat, end: 0 }, Corner { mat, end: 1 }]
        }
    }

    pub fn current_corner(&self) -> Option<Corner> {
        let seat = self.turn.seat;
        let cs = self.corners(seat);
        cs.get(self.corner.get(seat).copied().unwrap_or(0))
            .or(cs.first())
            .copied()
    }

    /// A shot is expected now (the acting seat is aiming and there is ammo to load).
    pub fn expects_shot(&self) -> bool {
        self.phase == Phase::Aim
            && self.supply > 0
            && self.turn.shots_taken < self.turn.shots_allowed
    }

    pub fn effects_allowed(&self) -> bool {
        !self.options.beginners
    }

    /// The solo score: towers removed plus ammo left.
    pub fn solo_score(&self) -> i64 {
        self.removed.len() as i64 + self.supply as i64
    }

    /// Can `tower_count` captured towers all find a place on `seat`'s mat?
    fn capacity(&self, seat: usize) -> usize {
        let Some(m) = self.mat_of(seat) else {
            return 0;
        };
        let mat = &self.mats[m];
        let empty = mat.squares.iter().filter(|s| s.stack.is_empty()).count();
        let stackable = mat.squares.iter().filter(|s| s.roof.is_none()).count();
        let cards = self.decks[mat.deck].available() + self.hands[seat].len();
        if stackable == 0 {
            empty
        } else {
            empty + cards
        }
    }
}

impl crate::core::game::RulesState for State {
    /// The seat expected to act, or None when the game is over.
    fn acting(&self) -> Option<usize> {
        match &self.phase {
            Phase::Over => None,
            Phase::Draw { victim, .. } => Some(*victim),
            _ => Some(self.turn.seat),
        }
    }

    fn phase_label(&self, _seats: &[crate::core::Seat]) -> String {
        match &self.phase {
            Phase::Aim if self.turn.shots_taken > 0 => {
                format!("Aim (extra shot {})", self.turn.shots_taken + 1)
            }
            p => phase_label(p).to_string(),
        }
    }

    fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// Towers held per seat (solo: the solo score).
    fn scores(&self) -> Vec<i64> {
        if self.solo {
            return vec![self.solo_score()];
        }
        (0..self.seats).map(|s| self.towers_of(s) as i64).collect()
    }

    /// Most towers; then most ammo inside your towers; then most cards in hand; then later in
    /// turn order.
    fn ranking(&self) -> Ranking {
        if self.solo {
            return rank(&["score"], &[vec![self.solo_score()]]);
        }
        let keys: Vec<Vec<i64>> = (0..self.seats)
            .map(|s| {
                let position = self.order.order().iter().position(|&o| o == s).unwrap_or(0);
                vec![
                    self.towers_of(s) as i64,
                    self.ammo_of(s) as i64,
                    self.hands[s].len() as i64,
                    position as i64,
                ]
            })
            .collect();
        rank(
            &[
                "towers",
                "ammo in towers",
                "cards in hand",
                "later in turn order",
            ],
            &keys,
        )
    }
}

fn phase_name(p: &Phase) -> &'static str {
    match p {
        Phase::Aim => "aim",
        Phase::Rearrange => "rearrange",
        Phase::Place { .. } => "place the tower",
        Phase::Draw { .. } => "draw",
        Phase::Over => "game over",
    }
}

pub fn phase_label(p: &Phase) -> &'static str {
    match p {
        Phase::Aim => "Aim",
        Phase::Rearrange => "Rearrange",
        Phase::Place { .. } => "Place tower",
        Phase::Draw { .. } => "Draw?",
        Phase::Over => "Game over",
    }
}
