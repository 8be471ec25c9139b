//! Catapult Feud rules: the table as integers (every block, gate and soldier keeps its pose in
//! tenths of a millimetre between shots) and `apply`, which turns typed actions and shot facts
//! into events. Pure: no physics, no window. Decisions the rulebook leaves open:
//! docs/rules/feud.md.
//!
//! By concern: `geometry` (shapes, drops, overlaps), `codec` (typed actions and facts to and
//! from `Move`/`Fact`), `setup` (building, catapults, soldiers), `turn` (tactics, cards,
//! aiming, shots, the update).

pub mod codec;
mod conservation;
pub mod events;
pub mod geometry;
pub mod setup;
mod turn;

pub use codec::{Action, ShotFact};
pub use events::Ev;
pub use geometry::{Pose, Shape};

use crate::core::game::RulesState;
use crate::core::{rank, Deck, Event, Move, Ranking, Refusal, Rng, RuleResult};
use nanoserde::DeJson;

/// Ready-made fortresses, embedded so the web build reads no file.
pub const DESIGNS_JSON: &str = include_str!("../../../../assets/feud/fortresses.json");

/// Blocks per player (ids 0..16) and the gate (id 16).
pub const BLOCKS: usize = 16;
pub const GATE: usize = 16;
pub const PIECES: usize = 17;
pub const SOLDIERS: usize = 5;
pub const AMMO: u32 = 4;
pub const HAND_START: usize = 3;
/// Repair and March move at most this many pieces.
pub const MOVE_LIMIT: usize = 3;
/// A fortress stands after letting go when no piece moved more than this (dmm, tenths of a
/// degree): 3 mm, 3°.
pub const STAND_MOVE: i32 = 30;
/// A repair "changes the position" of another piece when it moves it more than this: 2 mm, 2°.
pub const DISTURB_MOVE: i32 = 20;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Card {
    Repair,
    Volley,
    Thief,
    Traitor,
    March,
    DoubleManeuver,
}

impl crate::core::hidden::Code for Card {
    fn code(&self) -> u32 {
        self.index() as u32
    }
    fn from_code(code: u32) -> Option<Self> {
        Card::from_index(code as i64)
    }
}

impl Card {
    pub const ALL: [Card; 6] = [
        Card::Repair,
        Card::Volley,
        Card::Thief,
        Card::Traitor,
        Card::March,
        Card::DoubleManeuver,
    ];

    pub fn index(self) -> i64 {
        Card::ALL.iter().position(|&c| c == self).unwrap_or(0) as i64
    }

    pub fn from_index(i: i64) -> Option<Card> {
        usize::try_from(i)
            .ok()
            .and_then(|i| Card::ALL.get(i).copied())
    }

    pub fn name(self) -> &'static str {
        match self {
            Card::Repair => "Repair",
            Card::Volley => "Volley",
            Card::Thief => "Thief",
            Card::Traitor => "Traitor",
            Card::March => "March",
            Card::DoubleManeuver => "Double Maneuver",
        }
    }
}

/// Where a piece is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Loc {
    /// Not yet built (the building phase).
    Hand,
    Table(Pose),
    /// Back in the box.
    Boxed,
}

impl Loc {
    pub fn pose(self) -> Option<Pose> {
        match self {
            Loc::Table(p) => Some(p),
            _ => None,
        }
    }
}

/// Which side edge of its board a catapult stands beside.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The edge away from the enemy.
    Outer,
    /// The edge facing the enemy.
    Inner,
}

/// A catapult's place: the side edge, the gap from that edge to its nearer ("front") axle
/// (dmm, `AXLE_INSET..=D2`: the chassis never stands over the board), and which way it throws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Catapult {
    pub side: Side,
    pub gap: i32,
    /// +1 throws to the right, -1 to the left.
    pub facing: i32,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    /// Blocks 0..16 and the gate (16).
    pub pieces: Vec<Loc>,
    pub soldiers: Vec<Loc>,
    pub deck: Deck<Card>,
    pub hand: Vec<Card>,
    pub catapult: Catapult,
    pub ammo: u32,
}

impl Player {
    pub fn upright_soldiers(&self) -> usize {
        self.soldiers.iter().filter(|l| l.pose().is_some()).count()
    }

    pub fn blocks_on_table(&self) -> usize {
        self.pieces.iter().filter(|l| l.pose().is_some()).count()
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Phase {
    /// Putting the fortress on the board.
    Build {
        seat: usize,
    },
    /// The fortress is let go: it must stand on its own (a release shot).
    LetGo {
        seat: usize,
    },
    /// Placing the catapult before the first turn.
    Deploy {
        seat: usize,
    },
    Soldiers {
        seat: usize,
    },
    Tactics,
    /// Repair: the blocks moved so far and the pieces as they were before.
    Repair {
        moved: Vec<usize>,
        before: Vec<Loc>,
    },
    /// The repaired fortress is let go: nothing else may move.
    RepairSettle {
        moved: Vec<usize>,
        before: Vec<Loc>,
    },
    March {
        moved: Vec<usize>,
    },
    Aiming,
    Shot,
    Over {
        winner: usize,
    },
}

/// What the acting seat does this turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnState {
    pub seat: usize,
    /// Shots still to fire (2 after a Volley).
    pub shots_left: u32,
    pub shots_fired: u32,
    /// The opponent's catapult fires this turn.
    pub traitor: bool,
    /// The card played in this Tactics phase (for Double Maneuver, the copied effect).
    pub played: Option<Card>,
    /// Repairs taken back this turn because they would have moved another piece.
    pub repairs_refused: u32,
}

impl TurnState {
    pub fn new(seat: usize) -> Self {
        TurnState {
            seat,
            shots_left: 1,
            shots_fired: 0,
            traitor: false,
            played: None,
            repairs_refused: 0,
        }
    }
}

/// A ready-made fortress: pieces dropped in order at board-local x (0 = the outer edge).
#[derive(Clone, Debug, PartialEq, DeJson)]
pub struct Design {
    pub name: String,
    pub pieces: Vec<DesignPiece>,
}

#[derive(Clone, Debug, PartialEq, DeJson)]
pub struct DesignPiece {
    /// `block` or `gate`.
    pub kind: String,
    /// Centre, dmm from the board's outer edge.
    pub x: i32,
    /// 0 (lying) or 900 (standing).
    pub a: i32,
}

#[derive(Clone, Debug, DeJson)]
struct DesignFile {
    designs: Vec<Design>,
}

pub fn designs() -> RuleResult<Vec<Design>> {
    let f = DesignFile::deserialize_json(DESIGNS_JSON)
        .map_err(|e| Refusal(format!("assets/feud/fortresses.json: {e}")))?;
    for d in &f.designs {
        let gates = d.pieces.iter().filter(|p| p.kind == "gate").count();
        let blocks = d.pieces.iter().filter(|p| p.kind == "block").count();
        if gates != 1 || blocks != BLOCKS || d.pieces.len() != PIECES {
            crate::refuse!(
                "assets/feud/fortresses.json: design `{}` needs 16 blocks and 1 gate",
                d.name
            );
        }
    }
    Ok(f.designs)
}

/// Which rules a game is played by (docs/rules/feud.md, "Rules versions"); a recorded game keeps
/// the version it was made with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RulesVersion {
    /// A soldier's middle must be over one block (games recorded before issue #29).
    V1,
    /// Touching blocks whose tops meet at one height carry a soldier together.
    #[default]
    V2,
}

#[derive(Clone, Debug)]
pub struct State {
    /// The rules version this game is played by.
    pub rules: RulesVersion,
    pub players: Vec<Player>,
    /// Played cards, in the box (whose they were, which card).
    pub box_cards: Vec<(usize, Card)>,
    pub phase: Phase,
    pub turn: TurnState,
    pub rng: Rng,
    pub designs: Vec<Design>,
    pub turns: u32,
    /// Soldiers each seat lost off the table during this turn's shots (counted at the Update).
    pub lost_in_turn: [u32; 2],
}

pub(crate) fn ev(kind: Ev, seat: Option<usize>, args: &[i64], text: impl Into<String>) -> Event {
    Event::of(kind, seat, args, text)
}

pub fn piece_shape(k: usize) -> Shape {
    if k == GATE {
        Shape::Gate
    } else {
        Shape::Block
    }
}

/// A piece's name for a player (pieces have no numbers on the table).
pub fn piece_name(k: usize) -> String {
    if k == GATE {
        "the gate".into()
    } else {
        "the block".into()
    }
}

/// "1 soldier", "3 soldiers": a count in words a player reads.
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

impl State {
    pub fn new(seed: u64) -> RuleResult<State> {
        let mut rng = Rng::new(seed);
        let designs = designs()?;
        let mut players = Vec::new();
        for seat in 0..2 {
            let mut deck = Deck::new(Card::ALL.to_vec(), &mut rng);
            let mut hand = Vec::new();
            for _ in 0..HAND_START {
                let seen = crate::core::hidden::Seen::Seat(seat);
                if let Some((c, _)) = deck.draw(seen, &mut rng, &mut []) {
                    hand.push(c);
                }
            }
            players.push(Player {
                pieces: vec![Loc::Hand; PIECES],
                soldiers: vec![Loc::Hand; SOLDIERS],
                deck,
                hand,
                catapult: Catapult {
                    side: Side::Inner,
                    gap: (geometry::AXLE_INSET + geometry::D2) / 2,
                    facing: geometry::toward_enemy(seat),
                },
                ammo: AMMO,
            });
        }
        Ok(State {
            rules: RulesVersion::default(),
            players,
            box_cards: Vec::new(),
            phase: Phase::Build { seat: 0 },
            turn: TurnState::new(0),
            rng,
            designs,
            turns: 0,
            lost_in_turn: [0, 0],
        })
    }

    pub fn winner(&self) -> Option<usize> {
        match self.phase {
            Phase::Over { winner } => Some(winner),
            _ => None,
        }
    }

    pub fn opponent(seat: usize) -> usize {
        1 - seat.min(1)
    }

    /// Whose catapult fires this turn.
    pub fn firing_seat(&self) -> usize {
        if self.turn.traitor {
            State::opponent(self.turn.seat)
        } else {
            self.turn.seat
        }
    }

    /// Every piece on the table except the listed ones of `seat`: shapes and poses, for drops
    /// and overlaps, with who they are (seat, true = soldier, index).
    pub fn table_pieces(
        &self,
        skip: &[(usize, bool, usize)],
    ) -> Vec<(Shape, Pose, (usize, bool, usize))> {
        let mut out = Vec::new();
        for (s, p) in self.players.iter().enumerate() {
            for (k, l) in p.pieces.iter().enumerate() {
                if let (Some(pose), false) = (l.pose(), skip.contains(&(s, false, k))) {
                    out.push((piece_shape(k), pose, (s, false, k)));
                }
            }
            for (k, l) in p.soldiers.iter().enumerate() {
                if let (Some(pose), false) = (l.pose(), skip.contains(&(s, true, k))) {
                    out.push((Shape::Soldier, pose, (s, true, k)));
                }
            }
        }
        out
    }

    /// Applies a move (a decision or a shot's outcome) for the acting seat. A refused move leaves
    /// the game exactly as it was, even one that did part of its work first (placing every soldier
    /// until no room is left).
    pub fn apply(&mut self, mv: &Move) -> RuleResult<Vec<Event>> {
        // The designs never change in play: kept aside, the copy is a few small vectors.
        let designs = std::mem::take(&mut self.designs);
        let saved = self.clone();
        self.designs = designs;
        let result = self.apply_in_place(mv);
        if result.is_err() {
            let designs = std::mem::take(&mut self.designs);
            *self = saved;
            self.designs = designs;
        }
        result
    }

    fn apply_in_place(&mut self, mv: &Move) -> RuleResult<Vec<Event>> {
        let Some(actor) = self.acting() else {
            crate::refuse!("the game is over");
        };
        if mv.seat as usize != actor {
            crate::refuse!("it is the other player's move ({})", self.phase_words());
        }
        let mut events = Vec::new();
        if mv.is_shot() {
            let Some(outcome) = &mv.outcome else {
                crate::refuse!("a shot must carry its outcome");
            };
            let facts = codec::read_facts(&outcome.facts)?;
            match self.phase.clone() {
                Phase::LetGo { seat } => self.let_go(seat, &facts, &mut events)?,
                Phase::RepairSettle { moved, before } => {
                    self.repair_settled(moved, before, &facts, &mut events)?
                }
                Phase::Shot => self.shot(&facts, &mut events)?,
                _ => crate::refuse!("no shot is expected now ({})", self.phase_words()),
            }
        } else {
            let action = Action::decode(mv)?;
            self.act(actor, action, &mut events)?;
        }
        Ok(events)
    }

    fn act(&mut self, seat: usize, action: Action, events: &mut Vec<Event>) -> RuleResult<()> {
        match (self.phase.clone(), action) {
            (Phase::Build { .. }, Action::Place { x, y, a }) => {
                self.place_next_piece(seat, x, y, a, None, events)
            }
            (Phase::Build { .. }, Action::PlacePiece { k, x, y, a }) => {
                self.place_next_piece(seat, x, y, a, Some(k), events)
            }
            (Phase::Build { .. }, Action::Design(k)) => self.build_design(seat, k, events),
            (Phase::Build { .. }, Action::AutoBuild) => {
                if self.players[seat].blocks_on_table() > 0 {
                    return self.build_rest(seat, events);
                }
                let k = self.rng.below(self.designs.len().max(1) as u32) as usize;
                self.build_design(seat, k, events)
            }
            (Phase::Build { .. }, Action::Clear) => {
                self.clear_board(seat, events);
                Ok(())
            }
            (Phase::Build { .. }, Action::Done) => self.finish_build(seat, events),
            (Phase::Deploy { .. }, Action::Catapult { side, gap, facing }) => {
                self.move_catapult(seat, Catapult { side, gap, facing }, events)
            }
            (Phase::Deploy { .. }, Action::Turn) => self.turn_catapult(seat, events),
            (Phase::Deploy { .. }, Action::Done) => {
                self.finish_deploy(seat, events);
                Ok(())
            }
            (Phase::Soldiers { .. }, Action::Soldier { x, y, a }) => {
                self.place_soldier(seat, x, y, a, events)
            }
            (Phase::Soldiers { .. }, Action::AutoSoldiers) => self.auto_soldiers(seat, events),
            (Phase::Tactics, Action::Play { card, copy }) => {
                self.play_card(seat, card, copy, events)
            }
            (Phase::Tactics, Action::Skip) => {
                events.push(ev(Ev::NoCard, Some(seat), &[], "plays no card"));
                self.phase = Phase::Aiming;
                Ok(())
            }
            (Phase::Repair { moved, before }, Action::Repair { block, x, y, a }) => {
                self.repair_block(seat, moved, before, block, x, y, a, events)
            }
            (Phase::Repair { moved, before }, Action::Done) => {
                self.finish_repair(seat, moved, before, events);
                Ok(())
            }
            (Phase::March { moved }, Action::March { soldier, x, y, a }) => {
                self.march_soldier(seat, moved, soldier, x, y, a, events)
            }
            (Phase::March { .. }, Action::Done) => {
                self.phase = Phase::Aiming;
                Ok(())
            }
            (Phase::Aiming, Action::Catapult { side, gap, facing }) => {
                if self.turn.traitor {
                    crate::refuse!(
                        "Traitor: you may turn your opponent's catapult, but not move it"
                    );
                }
                self.move_catapult(seat, Catapult { side, gap, facing }, events)
            }
            (Phase::Aiming, Action::Turn) => {
                let s = self.firing_seat();
                self.turn_catapult(s, events)
            }
            (Phase::Aiming, Action::Done) => {
                self.phase = Phase::Shot;
                Ok(())
            }
            (_, _) => Err(Refusal(format!(
                "that cannot be done now ({})",
                self.phase_words()
            ))),
        }
    }

    pub fn phase_words(&self) -> String {
        match &self.phase {
            Phase::Build { .. } => "Building".into(),
            Phase::LetGo { .. } => "Let go of the fortress".into(),
            Phase::Deploy { .. } => "Place the catapult".into(),
            Phase::Soldiers { .. } => "Place soldiers".into(),
            Phase::Tactics => "Tactics".into(),
            Phase::Repair { moved, .. } => format!("Repair ({} of 3 moved)", moved.len()),
            Phase::RepairSettle { .. } => "Repair: let go".into(),
            Phase::March { moved } => format!("March ({} of 3 moved)", moved.len()),
            Phase::Aiming if self.turn.traitor => "Aiming (Traitor: turn only)".into(),
            Phase::Aiming => "Aiming".into(),
            Phase::Shot if self.turn.shots_fired > 0 => "Shot (Volley)".into(),
            Phase::Shot => "Shot".into(),
            Phase::Over { .. } => "Game over".into(),
        }
    }
}

impl crate::core::game::RulesState for State {
    /// The seat expected to act now.
    fn acting(&self) -> Option<usize> {
        match &self.phase {
            Phase::Over { .. } => None,
            Phase::Build { seat }
            | Phase::LetGo { seat }
            | Phase::Deploy { seat }
            | Phase::Soldiers { seat } => Some(*seat),
            _ => Some(self.turn.seat),
        }
    }

    fn phase_label(&self, _seats: &[crate::core::Seat]) -> String {
        self.phase_words()
    }

    fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over { .. })
    }

    fn scores(&self) -> Vec<i64> {
        self.players
            .iter()
            .map(|p| p.upright_soldiers() as i64)
            .collect()
    }

    /// The winner first; then upright soldiers; then blocks still on the table.
    fn ranking(&self) -> Ranking {
        let keys: Vec<Vec<i64>> = (0..2)
            .map(|s| {
                vec![
                    (self.winner() == Some(s)) as i64,
                    self.players[s].upright_soldiers() as i64,
                    self.players[s].blocks_on_table() as i64,
                ]
            })
            .collect();
        rank(&["winner", "soldiers standing", "blocks standing"], &keys)
    }
}
