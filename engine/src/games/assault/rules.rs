//! Assault on the Castle: the pure rules. The state holds every card's pose as integers; a shot
//! (a throw or a "let go" after building) comes back as facts that move, topple or remove cards,
//! and the rules turn those facts into falls, defeats, raids and turns. No physics here.
//!
//! Flow is a queue of tasks: the front task names the seat that must act (or is resolved
//! automatically: drawing, starting and ending turns). Consequences (ruins, falls, raids, rewards)
//! are pushed to the front of the queue.
//!
//! Split by concern: `codec` (the typed moves and facts, read from and written to the replay),
//! `setup` (a new game), `decisions` (the dispatch of a move to its rule), `building` (designs,
//! placing cards, the Great Tower), `throws` (facts into damage, falls, raids; ruins and rewards),
//! `flow` (the task queue, turns, siege draws, Crusade and Taxes) and `scoring` (the bot's
//! rating). This file keeps the types and the state's queries.

use crate::core::game::RulesState;
use crate::games::assault::rules::events::Ev;
use std::collections::VecDeque;

use nanoserde::DeJson;

use super::geometry::{self, Pose};
use crate::core::{Deck, Event, Fact, LaunchKind, LaunchPrompt, Move, Refusal, Rng, RuleResult};

pub const OPTION_GODS: &str = "as_high_as_gods";
/// The option every new game is recorded with (written by the build, never offered to players):
/// it is played on the second table (`geometry::TableVersion::V2`). A recording without it was
/// made on the first table and replays on it.
pub const TABLE_V2: &str = "table_v2";
pub const CARDS_PER_PLAYER: usize = 8;

/// The eight kinds of siege card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Siege {
    Catapult,
    Trebuchet,
    Crusade,
    GodsFavour,
    BlackPlague,
    Restoration,
    Taxes,
    PeaceTreaty,
}

impl crate::core::hidden::Code for Siege {
    fn code(&self) -> u32 {
        Siege::ALL.iter().position(|s| s == self).unwrap_or(0) as u32
    }
    fn from_code(code: u32) -> Option<Self> {
        Siege::ALL.get(code as usize).copied()
    }
}

impl Siege {
    pub const ALL: [Siege; 8] = [
        Siege::Catapult,
        Siege::Trebuchet,
        Siege::Crusade,
        Siege::GodsFavour,
        Siege::BlackPlague,
        Siege::Restoration,
        Siege::Taxes,
        Siege::PeaceTreaty,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Siege::Catapult => "catapult",
            Siege::Trebuchet => "trebuchet",
            Siege::Crusade => "crusade",
            Siege::GodsFavour => "gods_favour",
            Siege::BlackPlague => "black_plague",
            Siege::Restoration => "restoration",
            Siege::Taxes => "taxes",
            Siege::PeaceTreaty => "peace_treaty",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Siege::Catapult => "Catapult",
            Siege::Trebuchet => "Trebuchet",
            Siege::Crusade => "Crusade",
            Siege::GodsFavour => "God's Favour",
            Siege::BlackPlague => "Black Plague",
            Siege::Restoration => "Restoration",
            Siege::Taxes => "Taxes",
            Siege::PeaceTreaty => "Peace Treaty",
        }
    }

    pub fn from_id(s: &str) -> Option<Siege> {
        Siege::ALL.iter().copied().find(|k| k.id() == s)
    }

    pub fn index(self) -> i64 {
        Siege::ALL.iter().position(|&k| k == self).unwrap_or(0) as i64
    }
}

#[derive(DeJson)]
struct SiegeKindRow {
    kind: String,
    count: u32,
}

#[derive(DeJson)]
struct SiegeFile {
    kinds: Vec<SiegeKindRow>,
    building_cards: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, DeJson)]
pub struct Design {
    pub name: String,
    pub storeys: u32,
    pub cards: Vec<Vec<i32>>,
}

#[derive(DeJson)]
struct DesignFile {
    designs: Vec<Design>,
}

const SIEGE_JSON: &str = include_str!("../../../../assets/assault/siege.json");
const DESIGNS_JSON: &str = include_str!("../../../../assets/assault/designs.json");

/// One copy of the game: the siege cards by kind with their counts, and the number of
/// building cards.
pub type SiegeDistribution = (Vec<(Siege, u32)>, u32);

pub fn siege_distribution() -> RuleResult<SiegeDistribution> {
    // Read once: setup and the conservation check after every move ask for it.
    static READ: std::sync::OnceLock<RuleResult<SiegeDistribution>> = std::sync::OnceLock::new();
    READ.get_or_init(read_siege_distribution).clone()
}

fn read_siege_distribution() -> RuleResult<SiegeDistribution> {
    let f = SiegeFile::deserialize_json(SIEGE_JSON)
        .map_err(|e| Refusal(format!("assets/assault/siege.json: {e}")))?;
    let mut out = Vec::new();
    for row in f.kinds {
        let kind = Siege::from_id(&row.kind).ok_or_else(|| {
            Refusal(format!(
                "assets/assault/siege.json: unknown siege kind `{}`",
                row.kind
            ))
        })?;
        out.push((kind, row.count));
    }
    Ok((out, f.building_cards))
}

/// The ready-made castles; each card is [x, y, angle] (see the file's `units`).
pub fn designs() -> RuleResult<Vec<Design>> {
    let f = DesignFile::deserialize_json(DESIGNS_JSON)
        .map_err(|e| Refusal(format!("assets/assault/designs.json: {e}")))?;
    for d in &f.designs {
        if d.cards.iter().any(|c| c.len() != 3) {
            return Err(Refusal(format!(
                "assets/assault/designs.json: design `{}` has a card without x, y, angle",
                d.name
            )));
        }
    }
    Ok(f.designs)
}

pub fn design_poses(d: &Design) -> Vec<Pose> {
    d.cards
        .iter()
        .map(|c| Pose::new(c[0], c[1], c[2]))
        .collect()
}

/// A building card on a mat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Card {
    pub id: u32,
    pub pose: Pose,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Player {
    /// Cards on the mat, in the order they were put there.
    pub castle: Vec<Card>,
    /// Building cards in hand, waiting to be placed.
    pub hand: Vec<u32>,
    /// Mat flipped (white side up): the castle fell once; this is the last bastion.
    pub defeated: bool,
    pub eliminated: bool,
    /// 1 for the first seat eliminated, 2 for the next…
    pub out_order: u32,
    /// The castle (or the bastion) has been accepted as standing.
    pub built: bool,
    /// Building moves used in the building phase: the fewest starts the game.
    pub effort: u32,
    pub gods_claimed: bool,
    pub gods_trebuchet: bool,
    /// A second turn in a row is owed (after a defeat).
    pub extra_turn: bool,
    /// Cards put down during the current building or reinforcing task (may be taken back).
    pub placed_now: Vec<u32>,
}

impl Player {
    pub fn standing(&self) -> usize {
        self.castle
            .iter()
            .filter(|c| geometry::is_standing(c.pose))
            .count()
    }

    pub fn ruins(&self) -> Vec<u32> {
        self.castle
            .iter()
            .filter(|c| geometry::is_ruin(c.pose))
            .map(|c| c.id)
            .collect()
    }

    pub fn two_storeys(&self) -> bool {
        self.castle
            .iter()
            .any(|c| geometry::is_upper_storey(c.pose))
    }

    pub fn poses(&self) -> Vec<(u32, Pose)> {
        self.castle.iter().map(|c| (c.id, c.pose)).collect()
    }

    pub fn alive(&self) -> bool {
        !self.eliminated
    }
}

/// Why cards are being placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    Restoration,
    Crusade,
    PeaceTreaty,
    Raid,
}

impl Why {
    pub fn title(self) -> &'static str {
        match self {
            Why::Restoration => "Restoration",
            Why::Crusade => "Crusade",
            Why::PeaceTreaty => "Peace Treaty",
            Why::Raid => "Raid",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    /// Build the castle (or the last bastion) from the cards in hand; `done` leads to a let-go.
    Build {
        seat: usize,
        bastion: bool,
    },
    /// Automatic: draw `n` building cards into the seat's hand.
    Draw {
        seat: usize,
        n: u32,
    },
    /// Place cards from hand to reinforce; unplaced cards go back to the building deck.
    Place {
        seat: usize,
        why: Why,
    },
    /// Hands off: the changed castle settles (a shot with no throw). `build`: retry until it stands.
    LetGo {
        seat: usize,
        build: bool,
    },
    /// Throw the siege card(s) drawn.
    Aim {
        seat: usize,
    },
    /// Crusade: `from` takes one card out of their castle and gives it to `to`.
    Give {
        from: usize,
        to: usize,
    },
    /// Taxes: remove `left` more cards, back to the building deck.
    Tax {
        seat: usize,
        left: u32,
    },
    /// God's Favour: place the Great Tower.
    Tower {
        seat: usize,
    },
    /// Remove fallen cards or leave them as ruins.
    Ruins {
        seat: usize,
    },
    /// As High as Gods: choose a reward.
    Gods {
        seat: usize,
    },
    StartTurn {
        seat: usize,
    },
    EndTurn {
        seat: usize,
    },
    /// Automatic: every castle stands; the first to finish building starts.
    BeginPlay,
}

impl Task {
    /// Draw two building cards, reinforce with them, let the castle go (Restoration, Peace
    /// Treaty, a raid).
    pub fn draw_and_reinforce(seat: usize, why: Why) -> [Task; 3] {
        [
            Task::Draw { seat, n: 2 },
            Task::Place { seat, why },
            Task::LetGo { seat, build: false },
        ]
    }

    /// The seat that must act, or None for automatic tasks.
    pub fn actor(self) -> Option<usize> {
        match self {
            Task::Build { seat, .. }
            | Task::Place { seat, .. }
            | Task::LetGo { seat, .. }
            | Task::Aim { seat }
            | Task::Tax { seat, .. }
            | Task::Tower { seat }
            | Task::Ruins { seat }
            | Task::Gods { seat } => Some(seat),
            Task::Give { from, .. } => Some(from),
            Task::Draw { .. } | Task::StartTurn { .. } | Task::EndTurn { .. } | Task::BeginPlay => {
                None
            }
        }
    }
}

/// What a throw or a let-go did to one castle (for events and for the bot's rating).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Damage {
    pub standing_before: usize,
    pub standing_after: usize,
    pub moved: usize,
    pub off: usize,
    pub fell: bool,
    pub new_ruins: usize,
}

#[derive(Clone, Debug)]
pub struct State {
    pub n: usize,
    pub gods_rule: bool,
    /// The table this game is played (and was recorded) on.
    pub table: geometry::TableVersion,
    pub players: Vec<Player>,
    pub building: Deck<u32>,
    pub siege: Deck<Siege>,
    pub rng: Rng,
    pub tasks: VecDeque<Task>,
    /// Siege cards drawn this turn and not yet discarded (two for a Trebuchet).
    pub munitions: Vec<Siege>,
    /// Whose turn of the round it is (None during the building phase).
    pub turn_seat: Option<usize>,
    /// After a defeat, play restarts from this seat.
    pub resume_with: Option<usize>,
    /// Mats changed since their last let-go.
    pub dirty: Vec<bool>,
    /// The Great Tower: centre (absolute dmm) and angle, once placed.
    pub tower: Option<Pose>,
    pub winner: Option<usize>,
    pub eliminated_count: u32,
    /// Random seat order that breaks ties for the first to finish building.
    pub tie_order: Vec<usize>,
    pub turns: u32,
    pub designs: Vec<Design>,
}

fn ev(kind: Ev, seat: Option<usize>, args: &[i64], text: impl Into<String>) -> Event {
    Event::of(kind, seat, args, text)
}

mod building;
pub mod codec;
mod decisions;
pub mod events;
mod flow;
mod scoring;
mod setup;
mod throws;

impl State {
    /// Every building card is in exactly one place (deck, discards, a mat, a hand) and every
    /// siege card in the deck, its discards or in flight: none made, none lost.
    pub fn conservation(&self) -> Vec<String> {
        let mut out = Vec::new();
        let copies = if self.n >= 6 { 2 } else { 1 };
        let Ok((kinds, building_count)) = siege_distribution() else {
            return vec!["the siege distribution does not load".into()];
        };
        let total = (building_count * copies) as usize;
        let places = self
            .building
            .cards
            .iter()
            .chain(&self.building.discard)
            .chain(
                self.players
                    .iter()
                    .flat_map(|p| p.hand.iter().chain(p.castle.iter().map(|c| &c.id))),
            )
            .map(|&c| c as usize);
        out.extend(crate::core::conserve::each_once(
            "building cards",
            places,
            total,
        ));
        let siege_total: usize =
            kinds.iter().map(|&(_, c)| c as usize).sum::<usize>() * copies as usize;
        let siege_now = self.siege.cards.len() + self.siege.discard.len() + self.munitions.len();
        if siege_now != siege_total {
            out.push(format!("siege cards: {siege_now} of {siege_total}"));
        }
        out
    }

    pub fn task(&self) -> Option<Task> {
        if self.is_over() {
            None
        } else {
            self.tasks.front().copied()
        }
    }

    pub fn turn(&self) -> Option<usize> {
        self.task().and_then(Task::actor)
    }

    pub fn alive_count(&self) -> usize {
        self.players.iter().filter(|p| p.alive()).count()
    }

    /// The next seat clockwise after `seat` that is still in the game.
    pub fn next_alive(&self, seat: usize) -> usize {
        for k in 1..=self.n {
            let s = (seat + k) % self.n;
            if self.players[s].alive() {
                return s;
            }
        }
        seat
    }

    /// Seats still in the game, clockwise starting with `start` (included if alive).
    pub fn clockwise_from(&self, start: usize) -> Vec<usize> {
        (0..self.n)
            .map(|k| (start + k) % self.n)
            .filter(|&s| self.players[s].alive())
            .collect()
    }

    pub fn owner_of(&self, card: u32) -> Option<(usize, usize)> {
        find_card(&self.players, card)
    }

    pub fn phase(&self) -> String {
        match self.task() {
            None => "Game over".into(),
            Some(Task::Build { bastion: false, .. }) => "Building".into(),
            Some(Task::Build { bastion: true, .. }) => "Last bastion".into(),
            Some(Task::Place { why, .. }) => format!("Reinforce ({})", why.title()),
            Some(Task::LetGo { .. }) => "Let go".into(),
            Some(Task::Aim { .. }) => "Aim".into(),
            Some(Task::Give { .. }) => "Crusade: give a card".into(),
            Some(Task::Tax { .. }) => "Taxes".into(),
            Some(Task::Tower { .. }) => "Place the Great Tower".into(),
            Some(Task::Ruins { .. }) => "Ruins".into(),
            Some(Task::Gods { .. }) => "As High as Gods".into(),
            Some(_) => "…".into(),
        }
    }

    /// The launch expected now: a wrist throw (Aim) or the empty "let go" (no throw at all).
    pub fn launch_prompt(&self) -> Option<LaunchPrompt> {
        match self.task()? {
            Task::Aim { seat } => {
                let (px, py) = self.pivot(seat);
                let mut p = LaunchPrompt::new(
                    LaunchKind::Wrist,
                    [px as f32 / 10_000.0, py as f32 / 10_000.0],
                );
                p.angle = (AIM_ANGLE_LO, AIM_ANGLE_HI);
                p.power = (0, 1000);
                p.spin = (-1000, 1000);
                Some(p)
            }
            Task::LetGo { seat, .. } => {
                let x = geometry::mat_left(seat) + geometry::MAT_W / 2;
                let mut p = LaunchPrompt::new(LaunchKind::Release, [x as f32 / 10_000.0, 0.0]);
                p.angle = (0, 0);
                p.power = (0, 0);
                Some(p)
            }
            _ => None,
        }
    }

    /// `seat`'s wrist pivot on this game's table (absolute dmm).
    pub fn pivot(&self, seat: usize) -> (i32, i32) {
        geometry::pivot(seat, self.n, self.table)
    }

    /// Mats a shot includes: the let-go seat's mat, or every castle for a throw.
    pub fn shot_mats(&self) -> Vec<usize> {
        match self.task() {
            Some(Task::LetGo { seat, .. }) => vec![seat],
            Some(Task::Aim { .. }) => (0..self.n)
                .filter(|&s| !self.players[s].castle.is_empty())
                .collect(),
            _ => Vec::new(),
        }
    }

    /// How many siege cards fly in the current throw.
    pub fn munition_count(&self) -> usize {
        self.munitions.len().max(1)
    }

    // ----- applying moves -------------------------------------------------------------------
}

/// Which seat's castle holds a card, and where in it.
fn find_card(players: &[Player], card: u32) -> Option<(usize, usize)> {
    players
        .iter()
        .enumerate()
        .find_map(|(s, p)| p.castle.iter().position(|c| c.id == card).map(|i| (s, i)))
}

/// The absolute x extent (dmm) of a castle's standing cards (all cards if none stands).
pub fn castle_span(seat: usize, p: &Player) -> (i64, i64) {
    let left = geometry::mat_left(seat) as i64;
    let standing: Vec<&Card> = p
        .castle
        .iter()
        .filter(|c| geometry::is_standing(c.pose))
        .collect();
    let cards: Vec<&Card> = if standing.is_empty() {
        p.castle.iter().collect()
    } else {
        standing
    };
    let mut a = i64::MAX;
    let mut b = i64::MIN;
    for c in cards {
        let (x0, x1) = geometry::x_span(c.pose);
        a = a.min(left + x0 as i64);
        b = b.max(left + x1 as i64);
    }
    if a > b {
        (left, left + geometry::MAT_W as i64)
    } else {
        (a, b)
    }
}

/// Legal wrist angles: from 18 degrees below the table to the right, over the top, to 18 degrees
/// below it to the left (tenths of a degree; the range wraps 0).
pub const AIM_ANGLE_LO: i32 = 3420;
pub const AIM_ANGLE_HI: i32 = 1980;
