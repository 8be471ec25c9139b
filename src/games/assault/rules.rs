//! Assault on the Castle: the pure rules. The state holds every card's pose as integers; a shot
//! (a throw or a "let go" after building) comes back as facts that move, topple or remove cards,
//! and the rules turn those facts into falls, defeats, raids and turns. No physics here.
//!
//! Flow is a queue of tasks: the front task names the seat that must act (or is resolved
//! automatically: drawing, starting and ending turns). Consequences (ruins, falls, raids, rewards)
//! are pushed to the front of the queue.

use crate::games::assault::events::Ev;
use std::collections::VecDeque;

use nanoserde::DeJson;

use super::geometry::{self, Pose};
use crate::core::{Deck, Event, Fact, LaunchKind, LaunchPrompt, Move, Refusal, Rng, RuleResult};

pub const OPTION_GODS: &str = "as_high_as_gods";
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

const SIEGE_JSON: &str = include_str!("../../../assets/assault/siege.json");
const DESIGNS_JSON: &str = include_str!("../../../assets/assault/designs.json");

/// One copy of the game: the siege cards by kind and the number of building cards.
pub fn siege_distribution() -> RuleResult<(Vec<(Siege, u32)>, u32)> {
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

fn arg_i32(mv: &Move, i: usize) -> RuleResult<i32> {
    let v = mv.arg(i)?;
    i32::try_from(v).map_err(|_| {
        Refusal(format!(
            "move `{}`: argument {} is out of range",
            mv.action,
            i + 1
        ))
    })
}

impl State {
    pub fn new(n: usize, options: &[String], seed: u64) -> RuleResult<State> {
        if !(2..=10).contains(&n) {
            crate::refuse!("Assault on the Castle takes 2 to 10 players, not {n}");
        }
        let gods_rule = options.iter().any(|o| o == OPTION_GODS);
        let copies = if n >= 6 { 2 } else { 1 };
        let (kinds, building_count) = siege_distribution()?;
        let mut rng = Rng::new(seed);
        let mut siege_cards = Vec::new();
        for _ in 0..copies {
            for &(k, c) in &kinds {
                for _ in 0..c {
                    siege_cards.push(k);
                }
            }
        }
        let building_cards: Vec<u32> = (0..building_count * copies).collect();
        if building_cards.len() < n * CARDS_PER_PLAYER {
            crate::refuse!("not enough building cards for {n} players");
        }
        let mut building = Deck::new(building_cards, &mut rng);
        let siege = Deck::new(siege_cards, &mut rng);
        let mut players = vec![Player::default(); n];
        for p in players.iter_mut() {
            for _ in 0..CARDS_PER_PLAYER {
                if let Some((c, _)) = building.draw(&mut rng) {
                    p.hand.push(c);
                }
            }
            p.hand.sort_unstable();
        }
        let mut tie_order: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut tie_order);
        let mut tasks = VecDeque::new();
        for seat in 0..n {
            tasks.push_back(Task::Build {
                seat,
                bastion: false,
            });
        }
        tasks.push_back(Task::BeginPlay);
        Ok(State {
            n,
            gods_rule,
            players,
            building,
            siege,
            rng,
            tasks,
            munitions: Vec::new(),
            turn_seat: None,
            resume_with: None,
            dirty: vec![false; n],
            tower: None,
            winner: None,
            eliminated_count: 0,
            tie_order,
            turns: 0,
            designs: designs()?,
        })
    }

    pub fn is_over(&self) -> bool {
        self.winner.is_some()
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
                let (px, py) = geometry::pivot(seat);
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

    pub fn apply(&mut self, mv: &Move) -> RuleResult<Vec<Event>> {
        let Some(task) = self.task() else {
            crate::refuse!("the game is over");
        };
        let Some(actor) = task.actor() else {
            crate::refuse!("no decision is expected now");
        };
        if mv.seat as usize != actor {
            crate::refuse!(
                "it is seat {actor}'s move ({}), not seat {}'s",
                self.phase(),
                mv.seat
            );
        }
        let mut events = Vec::new();
        if mv.is_shot() {
            let Some(prompt) = self.launch_prompt() else {
                crate::refuse!("no throw is expected now ({})", self.phase());
            };
            if let Some(l) = &mv.launch {
                prompt.check(l)?;
            }
            let Some(outcome) = &mv.outcome else {
                crate::refuse!("a shot must carry its outcome");
            };
            match task {
                Task::Aim { seat } => self.apply_throw(seat, &outcome.facts, &mut events)?,
                Task::LetGo { seat, build } => {
                    self.apply_let_go(seat, build, &outcome.facts, &mut events)?
                }
                _ => crate::refuse!("no throw is expected now"),
            }
        } else {
            self.apply_decision(task, mv, &mut events)?;
        }
        self.run(&mut events);
        Ok(events)
    }

    fn apply_decision(&mut self, task: Task, mv: &Move, events: &mut Vec<Event>) -> RuleResult<()> {
        let a = mv.action.as_str();
        match (task, a) {
            (Task::Build { seat, .. } | Task::Place { seat, .. }, "place") => {
                let card = mv.arg(0)?;
                let pose = Pose::new(arg_i32(mv, 1)?, arg_i32(mv, 2)?, arg_i32(mv, 3)?);
                self.place(seat, card, pose, events)?;
                if matches!(task, Task::Build { .. }) {
                    self.players[seat].effort += 1;
                }
            }
            (Task::Build { seat, .. } | Task::Place { seat, .. }, "put") => {
                // A card dragged onto the table by the app: [x mm, y mm, angle] in table
                // coordinates. A card put down slightly inside another is lifted until it clears
                // (up to 2 mm), as a hand would.
                let (xm, ym) = (arg_i32(mv, 0)?, arg_i32(mv, 1)?);
                if !(-100_000..=100_000).contains(&xm) || !(-100_000..=100_000).contains(&ym) {
                    crate::refuse!("({xm}, {ym}) mm is not on the table");
                }
                let x = xm * 10 - geometry::mat_left(seat);
                let y = ym * 10 - geometry::MAT_T;
                let a = arg_i32(mv, 2)?;
                let Some(&card) = self.players[seat].hand.first() else {
                    crate::refuse!("no building card in hand");
                };
                let others = self.players[seat].poses();
                let lift = (0..=20)
                    .find(|dy| geometry::check_place(&others, Pose::new(x, y + dy, a)).is_ok());
                let pose = Pose::new(x, y + lift.unwrap_or(0), a);
                self.place(seat, card as i64, pose, events)?;
                if matches!(task, Task::Build { .. }) {
                    self.players[seat].effort += 1;
                }
            }
            (Task::Tower { seat }, "tower_put") => {
                // The app's drag: [x mm, y mm, angle]; the tower always stands upright on the table.
                let xm = arg_i32(mv, 0)?;
                if !(-100_000..=100_000).contains(&xm) {
                    crate::refuse!("x {xm} mm is not on the table");
                }
                let x = xm * 10;
                self.check_tower(x)?;
                self.tower = Some(Pose::new(x, geometry::TOWER_HH, 0));
                self.tasks.pop_front();
                events.push(ev(
                    Ev::TowerPlaced,
                    Some(seat),
                    &[x as i64],
                    format!("places the Great Tower at x {xm} mm"),
                ));
            }
            (Task::Build { seat, .. }, "remove") => {
                let card = mv.arg(0)?;
                let p = &mut self.players[seat];
                let Some(i) = p.castle.iter().position(|c| c.id as i64 == card) else {
                    crate::refuse!("building card {card} is not in your castle");
                };
                let card = p.castle.remove(i).id;
                p.hand.push(card);
                p.placed_now.retain(|&c| c != card);
                p.effort += 1;
                events.push(ev(
                    Ev::CardTakenBack,
                    Some(seat),
                    &[card as i64],
                    format!("took building card {card} back"),
                ));
            }
            (Task::Place { seat, .. }, "remove") => {
                let card = mv.arg(0)?;
                let p = &mut self.players[seat];
                let Some(k) = p.placed_now.iter().position(|&c| c as i64 == card) else {
                    crate::refuse!(
                        "only cards put down in this reinforcement can be taken back (not {card})"
                    );
                };
                let id = p.placed_now.remove(k);
                p.castle.retain(|c| c.id != id);
                p.hand.push(id);
                events.push(ev(
                    Ev::CardTakenBack,
                    Some(seat),
                    &[id as i64],
                    format!("took building card {id} back"),
                ));
            }
            (Task::Build { seat, bastion }, "design") => {
                let k = mv.arg(0)?;
                self.use_design(seat, bastion, k, events)?;
            }
            (Task::Build { seat, bastion }, "auto") => {
                let fitting: Vec<usize> = self.fitting_designs(seat, bastion);
                let Some(&k) = self.rng.pick(&fitting) else {
                    crate::refuse!("no ready-made castle fits {} cards", self.card_total(seat));
                };
                self.use_design(seat, bastion, k as i64, events)?;
            }
            (Task::Place { seat, .. }, "pair") => {
                let (x, base) = (arg_i32(mv, 0)?, arg_i32(mv, 1)?);
                self.place_pair(seat, x, base, events)?;
            }
            (Task::Place { seat, .. }, "floor") => {
                let (x, y) = (arg_i32(mv, 0)?, arg_i32(mv, 1)?);
                let Some(&card) = self.players[seat].hand.first() else {
                    crate::refuse!("no building card in hand");
                };
                self.place(seat, card as i64, Pose::new(x, y, 0), events)?;
            }
            (Task::Place { seat, .. }, "auto") => {
                let placed = self.auto_reinforce(seat, events);
                if placed == 0 {
                    crate::refuse!(
                        "there is no free place for a leaning pair or a floor on your mat"
                    );
                }
            }
            (Task::Build { seat, bastion }, "done") => {
                let p = &self.players[seat];
                if !p.hand.is_empty() {
                    crate::refuse!(
                        "a {} uses every building card you hold ({} still in hand)",
                        if bastion { "last bastion" } else { "castle" },
                        p.hand.len()
                    );
                }
                if p.castle.is_empty() {
                    crate::refuse!("there is nothing built yet");
                }
                self.tasks.pop_front();
                self.dirty[seat] = true;
                self.tasks.push_front(Task::LetGo { seat, build: true });
                events.push(ev(
                    Ev::BuildingDone,
                    Some(seat),
                    &[],
                    "lets go of the castle",
                ));
            }
            (Task::Place { seat, .. }, "done") => {
                self.tasks.pop_front();
                let p = &mut self.players[seat];
                let back: Vec<u32> = std::mem::take(&mut p.hand);
                if !p.placed_now.is_empty() {
                    self.dirty[seat] = true;
                }
                p.placed_now.clear();
                for c in &back {
                    self.building.put_bottom(*c);
                }
                events.push(ev(
                    Ev::Reinforced,
                    Some(seat),
                    &[back.len() as i64],
                    format!(
                        "finished reinforcing; {} unplaced card(s) back to the deck",
                        back.len()
                    ),
                ));
            }
            (Task::Give { from, to }, "give") => {
                let card = mv.arg(0)?;
                let p = &mut self.players[from];
                let Some(i) = p.castle.iter().position(|c| c.id as i64 == card) else {
                    crate::refuse!("building card {card} is not in your castle");
                };
                let c = p.castle.remove(i);
                self.dirty[from] = true;
                self.players[to].hand.push(c.id);
                self.tasks.pop_front();
                events.push(ev(
                    Ev::CardGiven,
                    Some(from),
                    &[c.id as i64, to as i64],
                    format!("gives building card {} to seat {to}", c.id),
                ));
            }
            (Task::Tax { seat, left }, "tax") => {
                let card = mv.arg(0)?;
                let p = &mut self.players[seat];
                let Some(i) = p.castle.iter().position(|c| c.id as i64 == card) else {
                    crate::refuse!("building card {card} is not in your castle");
                };
                let c = p.castle.remove(i);
                self.building.put_bottom(c.id);
                self.dirty[seat] = true;
                self.tasks.pop_front();
                if left > 1 {
                    self.tasks.push_front(Task::Tax {
                        seat,
                        left: left - 1,
                    });
                }
                events.push(ev(
                    Ev::Taxed,
                    Some(seat),
                    &[c.id as i64],
                    format!("pays building card {} in taxes", c.id),
                ));
            }
            (Task::Tower { seat }, "tower") => {
                let x = arg_i32(mv, 0)?;
                self.check_tower(x)?;
                self.tower = Some(Pose::new(x, geometry::TOWER_HH, 0));
                self.tasks.pop_front();
                events.push(ev(
                    Ev::TowerPlaced,
                    Some(seat),
                    &[x as i64],
                    format!("places the Great Tower at x {} mm", x / 10),
                ));
            }
            (Task::Tower { seat }, "tower_stay") => {
                if self.tower.is_none() {
                    crate::refuse!("the Great Tower is not on the table yet: place it");
                }
                self.tasks.pop_front();
                events.push(ev(
                    Ev::TowerStays,
                    Some(seat),
                    &[],
                    "leaves the Great Tower where it is",
                ));
            }
            (Task::Ruins { seat }, "ruins_keep") => {
                self.tasks.pop_front();
                events.push(ev(
                    Ev::RuinsKept,
                    Some(seat),
                    &[],
                    "leaves the ruins standing in the castle",
                ));
            }
            (Task::Ruins { seat }, "ruins_clear") => {
                let ruins = self.players[seat].ruins();
                self.players[seat].castle.retain(|c| !ruins.contains(&c.id));
                for &c in &ruins {
                    self.building.put_bottom(c);
                }
                self.tasks.pop_front();
                if !ruins.is_empty() {
                    self.dirty[seat] = true;
                    self.tasks.push_front(Task::LetGo { seat, build: false });
                }
                events.push(ev(
                    Ev::RuinsCleared,
                    Some(seat),
                    &[ruins.len() as i64],
                    format!(
                        "clears {} fallen card(s) back to the building deck",
                        ruins.len()
                    ),
                ));
            }
            (Task::Gods { seat }, "gods_tower") => {
                self.tasks.pop_front();
                self.tasks.push_front(Task::Tower { seat });
                events.push(ev(
                    Ev::GodsReward,
                    Some(seat),
                    &[0],
                    "As High as Gods: takes the Great Tower",
                ));
            }
            (Task::Gods { seat }, "gods_trebuchet") => {
                self.tasks.pop_front();
                self.players[seat].gods_trebuchet = true;
                events.push(ev(
                    Ev::GodsReward,
                    Some(seat),
                    &[1],
                    "As High as Gods: every Catapult is a Trebuchet while the second floor stands",
                ));
            }
            _ => crate::refuse!("`{a}` is not a legal move now ({})", self.phase()),
        }
        Ok(())
    }

    fn card_total(&self, seat: usize) -> usize {
        self.players[seat].hand.len() + self.players[seat].castle.len()
    }

    pub fn fitting_designs(&self, seat: usize, bastion: bool) -> Vec<usize> {
        let total = self.card_total(seat);
        (0..self.designs.len())
            .filter(|&k| {
                let d = &self.designs[k];
                d.cards.len() == total && (d.cards.len() == 2) == bastion
            })
            .collect()
    }

    fn use_design(
        &mut self,
        seat: usize,
        bastion: bool,
        k: i64,
        events: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let Some(d) = usize::try_from(k)
            .ok()
            .and_then(|k| self.designs.get(k))
            .cloned()
        else {
            crate::refuse!("there is no ready-made castle {k}");
        };
        if !self.fitting_designs(seat, bastion).contains(&(k as usize)) {
            crate::refuse!(
                "`{}` needs {} cards; you have {}",
                d.name,
                d.cards.len(),
                self.card_total(seat)
            );
        }
        let p = &mut self.players[seat];
        let mut all: Vec<u32> = p.castle.drain(..).map(|c| c.id).collect();
        all.append(&mut p.hand);
        all.sort_unstable();
        p.placed_now.clear();
        for (id, pose) in all.iter().zip(design_poses(&d)) {
            let others = p.poses();
            geometry::check_place(&others, pose)
                .map_err(|e| Refusal(format!("design `{}` is not buildable: {e}", d.name)))?;
            p.castle.push(Card { id: *id, pose });
            p.placed_now.push(*id);
        }
        p.effort += d.cards.len() as u32;
        events.push(ev(
            Ev::DesignBuilt,
            Some(seat),
            &[k],
            format!("builds `{}`", d.name),
        ));
        Ok(())
    }

    fn place(
        &mut self,
        seat: usize,
        card: i64,
        pose: Pose,
        events: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let p = &self.players[seat];
        let Some(h) = p.hand.iter().position(|&c| c as i64 == card) else {
            crate::refuse!("building card {card} is not in your hand");
        };
        geometry::check_place(&p.poses(), pose)?;
        let p = &mut self.players[seat];
        let id = p.hand.remove(h);
        p.castle.push(Card { id, pose });
        p.placed_now.push(id);
        events.push(ev(
            Ev::CardPlaced,
            Some(seat),
            &[id as i64, pose.x as i64, pose.y as i64, pose.a as i64],
            format!("places building card {id}"),
        ));
        Ok(())
    }

    fn place_pair(
        &mut self,
        seat: usize,
        x: i32,
        base: i32,
        events: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let hand = &self.players[seat].hand;
        if hand.len() < 2 {
            crate::refuse!("a leaning pair needs two building cards in hand");
        }
        let (c0, c1) = (hand[0] as i64, hand[1] as i64);
        let [l, r] = geometry::aframe(x, base);
        let others = self.players[seat].poses();
        geometry::check_place(&others, l)?;
        let mut with = others.clone();
        with.push((c0 as u32, l));
        geometry::check_place(&with, r)?;
        self.place(seat, c0, l, events)?;
        self.place(seat, c1, r, events)
    }

    /// "Reinforce for me": leaning pairs where they fit, then floors across neighbouring apexes.
    pub fn auto_reinforce(&mut self, seat: usize, events: &mut Vec<Event>) -> usize {
        let mut placed = 0;
        while self.players[seat].hand.len() >= 2 {
            let Some(&(x, base)) = geometry::pair_slots(&self.players[seat].poses()).first() else {
                break;
            };
            if self.place_pair(seat, x, base, events).is_err() {
                break;
            }
            placed += 2;
        }
        while let Some(&card) = self.players[seat].hand.first() {
            let Some(&(x, y)) = geometry::floor_slots(&self.players[seat].poses()).first() else {
                break;
            };
            if self
                .place(seat, card as i64, Pose::new(x, y, 0), events)
                .is_err()
            {
                break;
            }
            placed += 1;
        }
        placed
    }

    pub fn check_tower(&self, x: i32) -> RuleResult<()> {
        let (t0, t1) = geometry::table_extent(self.n);
        if x < t0 || x > t1 {
            crate::refuse!(
                "the Great Tower must stay on the table ({}..{} mm)",
                t0 / 10,
                t1 / 10
            );
        }
        let (a, b) = (x - geometry::TOWER_HW, x + geometry::TOWER_HW);
        if a < t0 || b > t1 {
            crate::refuse!(
                "the Great Tower must stay on the table ({}..{} mm)",
                t0 / 10,
                t1 / 10
            );
        }
        for s in 0..self.n {
            let (m0, m1) = (
                geometry::mat_left(s) - 20,
                geometry::mat_left(s) + geometry::MAT_W + 20,
            );
            if a < m1 && b > m0 {
                crate::refuse!("the Great Tower cannot stand on a Bedrock mat (seat {s}'s)");
            }
            let (px, _) = geometry::pivot(s);
            if a < px + geometry::ARM_ZONE && b > px - geometry::ARM_ZONE {
                crate::refuse!(
                    "the Great Tower cannot stand where seat {s} rests their throwing arm"
                );
            }
        }
        Ok(())
    }

    /// Good places for the Great Tower next to a seat's own mat.
    pub fn tower_spots(&self, seat: usize) -> Vec<i32> {
        let l = geometry::mat_left(seat);
        let r = l + geometry::MAT_W;
        [
            l - 800,
            r + geometry::PIVOT_DX + geometry::ARM_ZONE + geometry::TOWER_HW + 300,
        ]
        .into_iter()
        .filter(|&x| self.check_tower(x).is_ok())
        .collect()
    }

    // ----- shots ---------------------------------------------------------------------------

    /// Applies a shot's facts to a copy of the players (and the tower) without consequences.
    /// Returns the new players, the tower, the cards that left their mats, and per-seat damage.
    #[allow(clippy::type_complexity)]
    pub fn read_facts(
        &self,
        facts: &[Fact],
        only: Option<usize>,
    ) -> RuleResult<(Vec<Player>, Option<Pose>, Vec<(usize, u32)>, Vec<Damage>)> {
        let mut players = self.players.clone();
        let mut tower = self.tower;
        let mut off = Vec::new();
        for f in facts {
            match f.what.as_str() {
                "card" => {
                    let id = f.arg(0)?;
                    let pose = Pose::new(
                        f.arg(1)?.clamp(-100_000, 100_000) as i32,
                        f.arg(2)?.clamp(-100_000, 100_000) as i32,
                        f.arg(3)?.rem_euclid(3600) as i32,
                    );
                    let Some((s, i)) = u32::try_from(id).ok().and_then(|i| find_card(&players, i))
                    else {
                        crate::refuse!("fact `card`: building card {id} is on no mat");
                    };
                    if only.is_some_and(|o| o != s) {
                        crate::refuse!(
                            "fact `card`: building card {id} is not on the mat being let go"
                        );
                    }
                    players[s].castle[i].pose = pose;
                }
                "off" => {
                    let id = f.arg(0)?;
                    let Some((s, i)) = u32::try_from(id).ok().and_then(|i| find_card(&players, i))
                    else {
                        crate::refuse!("fact `off`: building card {id} is on no mat");
                    };
                    if only.is_some_and(|o| o != s) {
                        crate::refuse!(
                            "fact `off`: building card {id} is not on the mat being let go"
                        );
                    }
                    let c = players[s].castle.remove(i);
                    off.push((s, c.id));
                }
                "tower" => {
                    if tower.is_none() {
                        crate::refuse!("fact `tower`: the Great Tower is not on the table");
                    }
                    tower = Some(Pose::new(
                        f.arg(0)?.clamp(-1_000_000, 1_000_000) as i32,
                        f.arg(1)?.clamp(-1_000_000, 1_000_000) as i32,
                        f.arg(2)?.rem_euclid(3600) as i32,
                    ));
                }
                "tower_off" => tower = None,
                "siege_rest" => {}
                other => crate::refuse!("unknown fact `{other}`"),
            }
        }
        let mut damage = vec![Damage::default(); self.n];
        for s in 0..self.n {
            let before = &self.players[s];
            let after = &players[s];
            let old_ruins = before.ruins();
            let d = &mut damage[s];
            d.standing_before = before.standing();
            d.standing_after = after.standing();
            d.off = off.iter().filter(|(o, _)| *o == s).count();
            d.moved = after
                .castle
                .iter()
                .filter(|c| {
                    before
                        .castle
                        .iter()
                        .find(|b| b.id == c.id)
                        .map(|b| geometry::moved(b.pose, c.pose))
                        .unwrap_or(false)
                })
                .count()
                + d.off;
            d.new_ruins = after
                .ruins()
                .iter()
                .filter(|r| !old_ruins.contains(r))
                .count();
            d.fell = before.built && after.standing() == 0;
        }
        Ok((players, tower, off, damage))
    }

    fn apply_throw(
        &mut self,
        seat: usize,
        facts: &[Fact],
        events: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let (players, tower, off, damage) = self.read_facts(facts, None)?;
        self.tasks.pop_front();
        let thrown: Vec<Siege> = std::mem::take(&mut self.munitions);
        let names: Vec<&str> = thrown.iter().map(|k| k.title()).collect();
        events.push(ev(
            Ev::Thrown,
            Some(seat),
            &[thrown.len() as i64],
            format!("throws {}", names.join(" + ")),
        ));
        for k in thrown {
            self.siege.put_discard(k);
        }
        self.commit_facts(players, tower, &off, events);
        self.consequences(Some(seat), seat, &damage, false, events);
        Ok(())
    }

    fn apply_let_go(
        &mut self,
        seat: usize,
        build: bool,
        facts: &[Fact],
        events: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let (players, tower, off, damage) = self.read_facts(facts, Some(seat))?;
        self.tasks.pop_front();
        self.dirty[seat] = false;
        if build {
            let before = self.players[seat].clone();
            let stood = off.is_empty()
                && players[seat].castle.iter().all(|c| {
                    before
                        .castle
                        .iter()
                        .find(|b| b.id == c.id)
                        .map(|b| !geometry::moved(b.pose, c.pose))
                        .unwrap_or(false)
                });
            self.players[seat].castle = players[seat].castle.clone();
            self.tower = tower;
            for &(_, c) in &off {
                self.players[seat].hand.push(c);
            }
            if stood {
                let p = &mut self.players[seat];
                p.built = true;
                p.placed_now.clear();
                events.push(ev(
                    Ev::CastleStands,
                    Some(seat),
                    &[p.castle.len() as i64],
                    if p.defeated {
                        "the last bastion stands".to_string()
                    } else {
                        format!("the castle stands ({} cards)", p.castle.len())
                    },
                ));
                self.offer_gods(seat);
            } else {
                events.push(ev(
                    Ev::CastleDidNotStand,
                    Some(seat),
                    &[damage[seat].moved as i64],
                    format!(
                        "the castle did not stand ({} card(s) moved): build again",
                        damage[seat].moved
                    ),
                ));
                // Build again from scratch: the settled mess comes back to the hand, so a
                // collapse can never be accepted by letting go of it a second time.
                let p = &mut self.players[seat];
                let back: Vec<u32> = p.castle.drain(..).map(|c| c.id).collect();
                let off_cards = std::mem::take(&mut p.hand);
                p.hand = back.into_iter().chain(off_cards).collect();
                p.placed_now.clear();
                let bastion = p.defeated;
                self.tasks.push_front(Task::Build { seat, bastion });
            }
            return Ok(());
        }
        self.commit_facts(players, tower, &off, events);
        self.consequences(None, seat, &damage, true, events);
        Ok(())
    }

    fn commit_facts(
        &mut self,
        players: Vec<Player>,
        tower: Option<Pose>,
        off: &[(usize, u32)],
        events: &mut Vec<Event>,
    ) {
        for (s, p) in players.into_iter().enumerate() {
            self.players[s].castle = p.castle;
        }
        if let (Some(a), Some(b)) = (self.tower, tower) {
            if geometry::moved(a, b) {
                events.push(ev(
                    Ev::TowerMoved,
                    None,
                    &[b.x as i64, b.y as i64, b.a as i64],
                    "the Great Tower was knocked",
                ));
            }
        }
        if self.tower.is_some() && tower.is_none() {
            events.push(ev(
                Ev::TowerOff,
                None,
                &[],
                "the Great Tower fell off the table: back in the box",
            ));
        }
        self.tower = tower;
        for &(s, c) in off {
            self.building.put_bottom(c);
            events.push(ev(
                Ev::CardOffMat,
                Some(s),
                &[c as i64],
                format!("building card {c} left its mat: back to the building deck"),
            ));
        }
    }

    fn offer_gods(&mut self, seat: usize) {
        let p = &self.players[seat];
        if self.gods_rule && !p.gods_claimed && p.alive() && p.two_storeys() {
            self.players[seat].gods_claimed = true;
            self.tasks.push_front(Task::Gods { seat });
        }
    }

    /// Falls, ruins and rewards after a shot. `causer` is the thrower (None after a let-go);
    /// `first` is where the clockwise processing starts.
    fn consequences(
        &mut self,
        causer: Option<usize>,
        first: usize,
        damage: &[Damage],
        let_go: bool,
        events: &mut Vec<Event>,
    ) {
        let order: Vec<usize> = (0..self.n).map(|k| (first + k) % self.n).collect();
        for &s in &order {
            let d = damage[s];
            if d.moved > 0 && !d.fell && self.players[s].alive() {
                events.push(ev(
                    Ev::CastleHit,
                    Some(s),
                    &[
                        d.moved as i64,
                        (d.standing_before as i64 - d.standing_after as i64).max(0),
                    ],
                    format!(
                        "seat {s}'s castle: {} card(s) moved, {} standing",
                        d.moved, d.standing_after
                    ),
                ));
            }
        }
        let mut front: Vec<Task> = Vec::new();
        if let_go {
            // A let-go can raise a second storey.
            let p = &self.players[first];
            if self.gods_rule
                && !p.gods_claimed
                && p.alive()
                && p.built
                && p.standing() > 0
                && p.two_storeys()
            {
                self.players[first].gods_claimed = true;
                front.push(Task::Gods { seat: first });
            }
        }
        for &s in &order {
            let d = damage[s];
            let p = &self.players[s];
            if !d.fell && p.alive() && p.built && d.new_ruins > 0 {
                front.push(Task::Ruins { seat: s });
            }
        }
        for t in front.into_iter().rev() {
            self.tasks.push_front(t);
        }
        let fallen: Vec<usize> = order
            .iter()
            .copied()
            .filter(|&s| damage[s].fell && self.players[s].alive() && self.players[s].built)
            .collect();
        // Falls are queued after the ruins decisions, before the rest of the turn.
        let mut fall_tasks: Vec<Task> = Vec::new();
        for s in fallen {
            if self.is_over() {
                break;
            }
            fall_tasks.extend(self.fall(s, causer, events));
        }
        if self.is_over() {
            self.tasks.clear();
            return;
        }
        let ruins_len = self
            .tasks
            .iter()
            .take_while(|t| matches!(t, Task::Ruins { .. } | Task::Gods { .. }))
            .count();
        for (k, t) in fall_tasks.into_iter().enumerate() {
            self.tasks.insert(ruins_len + k, t);
        }
    }

    /// A castle has fallen: defeat (last bastion, raid, double turn) or elimination.
    /// Returns the tasks that follow.
    pub fn fall(&mut self, s: usize, causer: Option<usize>, events: &mut Vec<Event>) -> Vec<Task> {
        let caused_by = causer.map(|c| c as i64).unwrap_or(-1);
        let mut cards: Vec<u32> = self.players[s].castle.drain(..).map(|c| c.id).collect();
        cards.append(&mut self.players[s].hand);
        cards.sort_unstable();
        self.players[s].placed_now.clear();
        self.players[s].built = false;
        let own = causer == Some(s);
        if self.players[s].defeated {
            for c in cards {
                self.building.put_bottom(c);
            }
            self.eliminate(s, events, caused_by, own);
            if self.alive_count() <= 1 {
                return Vec::new();
            }
            return self.raid_tasks(s, causer);
        }
        // Defeat: keep two cards, the rest back to the deck; flip the mat; last bastion.
        let keep: Vec<u32> = cards.iter().copied().take(2).collect();
        for &c in cards.iter().skip(2) {
            self.building.put_bottom(c);
        }
        let p = &mut self.players[s];
        p.hand = keep;
        while self.players[s].hand.len() < 2 {
            match self.building.draw(&mut self.rng) {
                Some((c, _)) => self.players[s].hand.push(c),
                None => break,
            }
        }
        events.push(ev(
            Ev::Defeated,
            Some(s),
            &[caused_by, own as i64],
            if own {
                format!(
                    "seat {s}'s castle fell during their own attack: defeated, the mat is flipped"
                )
            } else {
                format!("seat {s}'s castle fell: defeated, the mat is flipped")
            },
        ));
        if self.players[s].hand.len() < 2 {
            // Not even two cards left anywhere: no last bastion can be built.
            let hand = std::mem::take(&mut self.players[s].hand);
            for c in hand {
                self.building.put_bottom(c);
            }
            self.eliminate(s, events, caused_by, own);
            if self.alive_count() <= 1 {
                return Vec::new();
            }
            return self.raid_tasks(s, causer);
        }
        let p = &mut self.players[s];
        p.defeated = true;
        p.extra_turn = true;
        if self.resume_with.is_none() {
            self.resume_with = Some(s);
        }
        let mut tasks = vec![Task::Build {
            seat: s,
            bastion: true,
        }];
        tasks.extend(self.raid_tasks(s, causer));
        tasks
    }

    fn eliminate(&mut self, s: usize, events: &mut Vec<Event>, caused_by: i64, own: bool) {
        self.eliminated_count += 1;
        let p = &mut self.players[s];
        p.eliminated = true;
        p.extra_turn = false;
        p.out_order = self.eliminated_count;
        self.dirty[s] = false;
        if self.resume_with == Some(s) {
            self.resume_with = None;
        }
        events.push(ev(
            Ev::Eliminated,
            Some(s),
            &[caused_by, own as i64],
            format!("seat {s}'s last bastion fell: eliminated"),
        ));
        if self.alive_count() == 1 {
            let w = (0..self.n).find(|&k| self.players[k].alive()).unwrap_or(0);
            self.winner = Some(w);
            self.tasks.clear();
            events.push(ev(
                Ev::Winner,
                Some(w),
                &[],
                format!("seat {w} holds the last castle standing and wins"),
            ));
        }
    }

    /// After a fall, every opponent draws 2 and reinforces: from the player who caused the fall,
    /// or from the fallen player's left neighbour when nobody did (or they brought it down themselves).
    pub fn raid_order(&self, fallen: usize, causer: Option<usize>) -> Vec<usize> {
        let start = match causer {
            Some(c) if c != fallen && self.players[c].alive() => c,
            _ => self.next_alive(fallen),
        };
        self.clockwise_from(start)
            .into_iter()
            .filter(|&s| s != fallen)
            .collect()
    }

    fn raid_tasks(&self, fallen: usize, causer: Option<usize>) -> Vec<Task> {
        let mut out = Vec::new();
        for r in self.raid_order(fallen, causer) {
            out.push(Task::Draw { seat: r, n: 2 });
            out.push(Task::Place {
                seat: r,
                why: Why::Raid,
            });
            out.push(Task::LetGo {
                seat: r,
                build: false,
            });
        }
        out
    }

    // ----- automatic tasks -------------------------------------------------------------------

    /// Resolves automatic tasks until a seat must act (or the game ends).
    pub fn run(&mut self, events: &mut Vec<Event>) {
        let mut guard = 0;
        while let Some(task) = self.tasks.front().copied() {
            guard += 1;
            if self.is_over() || guard > 10_000 {
                break;
            }
            if let Some(a) = task.actor() {
                if !self.players[a].alive() {
                    self.tasks.pop_front();
                    continue;
                }
            }
            match task {
                Task::Draw { seat, n } => {
                    self.tasks.pop_front();
                    // A player whose castle fell in the same throw raids nobody: their bastion
                    // is not built yet.
                    if !self.players[seat].alive() || !self.players[seat].built {
                        continue;
                    }
                    let mut drawn = Vec::new();
                    for _ in 0..n {
                        match self.building.draw(&mut self.rng) {
                            Some((c, _)) => drawn.push(c),
                            None => break,
                        }
                    }
                    events.push(ev(
                        Ev::BuildingDrawn,
                        Some(seat),
                        &[drawn.len() as i64],
                        if drawn.is_empty() {
                            "the building deck is empty: nothing to draw".to_string()
                        } else {
                            format!("draws {} building card(s)", drawn.len())
                        },
                    ));
                    self.players[seat].hand.extend(drawn);
                }
                Task::Place { seat, .. } if !self.players[seat].built => {
                    self.tasks.pop_front();
                }
                Task::Place { seat, .. } if self.players[seat].hand.is_empty() => {
                    // Everything in hand is placed (or nothing was drawn): the task is over.
                    self.tasks.pop_front();
                    let p = &mut self.players[seat];
                    if !p.placed_now.is_empty() {
                        self.dirty[seat] = true;
                        p.placed_now.clear();
                    }
                }
                Task::LetGo { seat, build: false }
                    if !self.dirty[seat] || !self.players[seat].built =>
                {
                    self.dirty[seat] = false;
                    self.tasks.pop_front();
                }
                Task::Give { from, .. } if self.players[from].castle.is_empty() => {
                    self.tasks.pop_front();
                }
                Task::Tax { seat, .. } if self.players[seat].castle.is_empty() => {
                    self.tasks.pop_front();
                }
                Task::Ruins { seat }
                    if self.players[seat].ruins().is_empty() || !self.players[seat].built =>
                {
                    self.tasks.pop_front();
                }
                Task::BeginPlay => {
                    self.tasks.pop_front();
                    let start = (0..self.n)
                        .min_by_key(|&s| {
                            (
                                self.players[s].effort,
                                self.tie_order.iter().position(|&t| t == s).unwrap_or(s),
                            )
                        })
                        .unwrap_or(0);
                    events.push(ev(
                        Ev::PlayBegins,
                        Some(start),
                        &[self.players[start].effort as i64],
                        format!(
                            "every castle stands; seat {start} finished building first and begins"
                        ),
                    ));
                    self.tasks.push_back(Task::StartTurn { seat: start });
                }
                Task::StartTurn { seat } => {
                    self.tasks.pop_front();
                    self.start_turn(seat, events);
                }
                Task::EndTurn { seat } => {
                    self.tasks.pop_front();
                    self.end_turn(seat, events);
                }
                _ => break,
            }
        }
    }

    fn draw_siege(&mut self, events: &mut Vec<Event>) -> Option<Siege> {
        let (k, reshuffled) = self.siege.draw(&mut self.rng)?;
        if reshuffled {
            events.push(ev(
                Ev::SiegeReshuffled,
                None,
                &[],
                "the siege deck ran out: the discards are shuffled into a new deck",
            ));
        }
        Some(k)
    }

    fn start_turn(&mut self, seat: usize, events: &mut Vec<Event>) {
        self.turn_seat = Some(seat);
        self.turns += 1;
        let Some(card) = self.draw_siege(events) else {
            events.push(ev(
                Ev::NoSiegeCard,
                Some(seat),
                &[],
                "no siege card left anywhere: the turn passes",
            ));
            self.tasks.push_front(Task::EndTurn { seat });
            return;
        };
        events.push(ev(
            Ev::SiegeDrawn,
            Some(seat),
            &[card.index()],
            format!("seat {seat} draws {}", card.title()),
        ));
        self.munitions.push(card);
        let mut t: Vec<Task> = Vec::new();
        let p = &self.players[seat];
        let as_trebuchet =
            card == Siege::Catapult && p.gods_trebuchet && p.two_storeys() && p.standing() > 0;
        match card {
            Siege::Catapult | Siege::Trebuchet => {
                if card == Siege::Trebuchet || as_trebuchet {
                    if as_trebuchet {
                        events.push(ev(
                            Ev::GodsTrebuchet,
                            Some(seat),
                            &[],
                            "As High as Gods: the Catapult counts as a Trebuchet",
                        ));
                    }
                    if let Some(second) = self.draw_siege(events) {
                        events.push(ev(
                            Ev::SiegeDrawn,
                            Some(seat),
                            &[second.index()],
                            format!("seat {seat} draws {} as a second munition", second.title()),
                        ));
                        self.munitions.push(second);
                    }
                }
                t.push(Task::Aim { seat });
            }
            Siege::Crusade => {
                for o in self.clockwise_from(seat) {
                    if o != seat {
                        t.push(Task::Give { from: o, to: seat });
                        t.push(Task::LetGo {
                            seat: o,
                            build: false,
                        });
                    }
                }
                t.push(Task::Place {
                    seat,
                    why: Why::Crusade,
                });
                t.push(Task::LetGo { seat, build: false });
            }
            Siege::GodsFavour => t.push(Task::Tower { seat }),
            Siege::BlackPlague => {
                events.push(ev(
                    Ev::TurnLost,
                    Some(seat),
                    &[],
                    "Black Plague: seat loses this turn",
                ));
            }
            Siege::Restoration => {
                t.push(Task::Draw { seat, n: 2 });
                t.push(Task::Place {
                    seat,
                    why: Why::Restoration,
                });
                t.push(Task::LetGo { seat, build: false });
            }
            Siege::Taxes => {
                t.push(Task::Tax { seat, left: 2 });
                t.push(Task::LetGo { seat, build: false });
            }
            Siege::PeaceTreaty => {
                for o in self.clockwise_from(seat) {
                    t.push(Task::Draw { seat: o, n: 2 });
                    t.push(Task::Place {
                        seat: o,
                        why: Why::PeaceTreaty,
                    });
                    t.push(Task::LetGo {
                        seat: o,
                        build: false,
                    });
                }
            }
        }
        t.push(Task::EndTurn { seat });
        for task in t.into_iter().rev() {
            self.tasks.push_front(task);
        }
    }

    fn end_turn(&mut self, seat: usize, events: &mut Vec<Event>) {
        for k in std::mem::take(&mut self.munitions) {
            self.siege.put_discard(k);
        }
        if self.is_over() {
            return;
        }
        let next = match self.resume_with.take().filter(|&r| self.players[r].alive()) {
            Some(r) => r,
            None if self.players[seat].alive() && self.players[seat].extra_turn => {
                self.players[seat].extra_turn = false;
                events.push(ev(
                    Ev::SecondTurn,
                    Some(seat),
                    &[],
                    "takes a second turn in a row",
                ));
                seat
            }
            None => self.next_alive(seat),
        };
        self.tasks.push_back(Task::StartTurn { seat: next });
    }

    // ----- choices and the bot's rating --------------------------------------------------------

    /// Castle cards ordered safest to take away first: ruins, then the highest.
    pub fn safest_cards(&self, seat: usize) -> Vec<u32> {
        let mut cards: Vec<(i64, u32)> = self.players[seat]
            .castle
            .iter()
            .map(|c| {
                let key = if geometry::is_ruin(c.pose) {
                    -1_000_000
                } else {
                    -(geometry::lowest(c.pose) as i64)
                };
                (key, c.id)
            })
            .collect();
        cards.sort_unstable();
        cards.into_iter().map(|(_, id)| id).collect()
    }

    /// How good a throw's facts are for the thrower (the bot maximises this). Shaped: knocked
    /// cards and fallen castles count most, then a landing nearer an opponent's castle.
    pub fn rate(&self, facts: &[Fact]) -> i64 {
        let Some(Task::Aim { seat }) = self.task() else {
            return 0;
        };
        let Ok((players, _, _, damage)) = self.read_facts(facts, None) else {
            return i64::MIN / 2;
        };
        let mut score = 0i64;
        for (s, &d) in damage.iter().enumerate() {
            let p = &self.players[s];
            if !p.alive() || !p.built {
                continue;
            }
            let toppled = (d.standing_before as i64 - d.standing_after as i64).max(0);
            if s == seat {
                score -= 600 * toppled + 40 * d.moved as i64;
                if d.fell {
                    score -= 50_000;
                }
            } else {
                score += 500 * toppled + 40 * d.moved as i64;
                if d.fell {
                    score += if p.defeated { 30_000 } else { 20_000 };
                }
                // Weaker castles are better targets.
                if toppled > 0 {
                    score += 200 / (d.standing_before as i64).max(1);
                }
            }
        }
        // Landing distance to the nearest opponent castle still standing; a card that left the
        // table counts as 5 m away.
        if !facts.iter().any(|f| f.what == "siege_rest") {
            score -= 5_000;
        }
        if let Some(rest) = facts.iter().find(|f| f.what == "siege_rest") {
            let x = rest.args.first().copied().unwrap_or(0);
            let mut best = i64::MAX;
            for (s, p) in players.iter().enumerate() {
                if s == seat || !p.alive() || p.castle.is_empty() {
                    continue;
                }
                let (a, b) = castle_span(s, p);
                let d = if x < a {
                    a - x
                } else if x > b {
                    x - b
                } else {
                    0
                };
                best = best.min(d);
            }
            if best < i64::MAX {
                score -= best / 10;
            }
        }
        score
    }
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
