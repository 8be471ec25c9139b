//! Assault on the Castle: card castles on bedrock mats, knocked down with wrist-thrown siege
//! cards. `rules` is pure, `table` is the physics, `geometry` the shared card maths.

pub mod bot;
pub mod design;
pub mod geometry;
pub mod rules;
pub mod table;
pub mod view;

use crate::core::event::cues_of;
use crate::core::game::prelude::*;
use crate::core::registry::{DailyFormat, DesignInfo, GameInfo, RulesPicture, RulesSection};
use crate::core::{
    rank, Choice, Event, Game, Launch, LaunchKind, LaunchPrompt, Move, Outcome, PlacementPrompt,
    Ranking, Refusal, RuleResult, Seat, Shot, TableView,
};
use geometry as geo;
use rules::codec::{Action, PUT_ACTION, TOWER_PUT_ACTION};
use rules::{State, Task};

/// The registry entry (`games::GAMES`).
pub const INFO: GameInfo = GameInfo {
    id: "assault",
    name: "Assault on the Castle",
    min_seats: 2,
    max_seats: 10,
    available: true,
    blurb: "Build a card castle, then topple the others with siege cards.",
    options: &[(
        "as_high_as_gods",
        "As high as the gods",
        "Stand a two-storey castle and the gods reward you: move the Great Tower, or every Catapult becomes a Trebuchet while the upper floor stands.",
    )],
    rules: "Every player builds a castle of 8 building cards on their bedrock mat: lean cards into A-frames, \
lay floors across them, even build two storeys or two castles; no card may leave the mat or lie flat on it. \
When every castle stands, the quickest builder starts and play goes clockwise. On your turn draw a siege card: \
Catapult - throw it with a flick of the wrist from beside your mat; Trebuchet - draw another and throw both at once; \
Crusade - every opponent gives you a card from their castle to build with; God's Favour - put the Great Tower \
anywhere off the mats to shield a castle; Black Plague - lose the turn; Restoration - draw 2 building cards and \
repair; Taxes - take 2 cards out of your castle; Peace Treaty - everyone draws 2 and reinforces. \
A castle whose cards all lie flat has fallen: its owner keeps 2 cards, flips the mat and builds a last bastion; \
every opponent, from the one who caused the fall, draws 2 cards and reinforces; then the defeated player takes two \
turns in a row. Knock your own castle down while attacking and it is your defeat. A second fall eliminates. \
The last castle standing wins.",
    event_cues: cues_of::<rules::events::Ev>,
    new,
    table_versions: &[rules::TABLE_V2],
    design: Some(DesignInfo {
        kind: "card castle",
        solo: false,
        check_rows: Some(design::check_design),
    }),
    timed_seats: Some(10),
    short_rules: &[
        RulesSection {
            heading: "Goal",
            picture: RulesPicture::Goal,
            words: "Build a castle of cards and knock down the others. The last castle standing wins.",
        },
        RulesSection {
            heading: "Building",
            picture: RulesPicture::Build,
            words: "Lean cards into A-frames and lay floors across them on your mat. No card may leave the mat or lie flat on it.",
        },
        RulesSection {
            heading: "Your turn",
            picture: RulesPicture::Turn,
            words: "Draw a siege card. Catapult: throw it with a flick of the wrist from beside your mat. Trebuchet: throw two at once. Other cards let you build, repair or shield a castle with the Great Tower.",
        },
        RulesSection {
            heading: "A castle falls",
            picture: RulesPicture::Score,
            words: "A castle whose cards all lie flat has fallen: its owner builds a last bastion and then takes two turns in a row. A second fall puts a player out. Knock your own castle down and you lose it.",
        },
        RulesSection {
            heading: "Winning",
            picture: RulesPicture::Win,
            words: "The last castle standing wins.",
        },
    ],
    daily: Some(DailyFormat::Duel),
    ..GameInfo::BASE
};

pub const ID: &str = "assault";

#[derive(Clone)]
pub struct Assault {
    /// Moves played so far (`Game::count_played`): the move cap reads it.
    played: u32,
    pub state: State,
    seats: Vec<Seat>,
}

/// Creates a game (seat count and options are checked by `games::new_game`).
/// The card offered to give or pay, in the order the rules rank them (safest first).
const SAFEST: [&str; 3] = ["safest", "next safest", "third safest"];

/// Where on a player's mat a spot is, in words (x in tenths of a millimetre from its left edge).
fn where_on_mat(x: i32) -> &'static str {
    if x < geometry::MAT_W / 3 {
        "on the left"
    } else if x < 2 * geometry::MAT_W / 3 {
        "in the middle"
    } else {
        "on the right"
    }
}

pub fn new(options: &[String], seats: Vec<Seat>, seed: u64) -> RuleResult<Box<dyn Game>> {
    Ok(Box::new(Assault::new(options, seats, seed)?))
}

impl Assault {
    pub fn new(options: &[String], seats: Vec<Seat>, seed: u64) -> RuleResult<Assault> {
        let mut state = State::new(seats.len(), options, seed)?;
        let mut events = Vec::new();
        state.run(&mut events);
        Ok(Assault {
            state,
            seats,
            played: 0,
        })
    }

    fn names(&self) -> Vec<String> {
        self.seats.iter().map(|s| s.name.clone()).collect()
    }

    /// A physics table for the current task, without firing anything (tests use it too).
    pub fn world(&self) -> table::World {
        table::build_world(
            &self.state,
            &self.state.shot_mats(),
            table::config(self.state.n),
        )
    }

    /// The static view; the camera frames the acting player's mat while they build, reinforce or
    /// let go, and the whole table otherwise (a throw can reach any mat).
    fn frame(&self) -> TableView {
        let mut v = table::static_view(&self.state, &self.names());
        let focus = match self.state.task() {
            Some(
                Task::Build { seat, .. }
                | Task::Place { seat, .. }
                | Task::LetGo { seat, .. }
                | Task::Tax { seat, .. }
                | Task::Ruins { seat },
            ) => Some(seat),
            Some(Task::Give { from, .. }) => Some(from),
            _ => None,
        };
        if let Some(seat) = focus {
            let x0 = geo::mat_left(seat) as f32 * table::DMM;
            let x1 = x0 + geo::MAT_W as f32 * table::DMM;
            v.bounds = [x0 - 0.08, -0.02, x1 + 0.12, 0.32];
        }
        v
    }
}

/// Launch parameters that send a card from `seat`'s wrist to (tx, ty) metres at elevation
/// `elev` tenths of a degree above the horizontal, or None when no legal power does it.
pub fn ballistic(st: &State, seat: usize, tx: f32, ty: f32, elev: i32) -> Option<Launch> {
    let (px, _) = st.pivot(seat);
    let right = tx >= px as f32 * table::DMM;
    let angle = if right {
        elev.rem_euclid(3600)
    } else {
        (1800 - elev).rem_euclid(3600)
    };
    let (rx, ry) = table::release_point(st, seat, angle);
    let dx = (tx - rx).abs();
    let e = elev as f32 * (core::f32::consts::PI / 1800.0);
    let (c, s) = (libm::cosf(e), libm::sinf(e));
    let denom = 2.0 * c * c * (dx * s / c + (ry - ty));
    if denom <= 0.0 || c <= 0.0 {
        return None;
    }
    let v = libm::sqrtf(9.81 * dx * dx / denom);
    let power =
        libm::roundf((v - table::MIN_SPEED) / (table::MAX_SPEED - table::MIN_SPEED) * 1000.0)
            as i32;
    if !(0..=1000).contains(&power) {
        return None;
    }
    Some(Launch {
        kind: LaunchKind::Wrist,
        angle,
        power,
        spin: 0,
        x: 0,
        y: 0,
    })
}

use crate::core::status::{self, Icon, StatusItem};

impl Game for Assault {
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
        let st = &self.state;
        let mut out = Vec::new();
        let mut add = |label: String, seat: usize, action: Action| {
            out.push(Choice {
                label,
                mv: action.encode(seat),
            });
        };
        match st.task() {
            Some(Task::Build { seat, bastion }) => {
                let p = &st.players[seat];
                if !p.hand.is_empty() || p.castle.is_empty() {
                    for k in st.fitting_designs(seat, bastion) {
                        add(
                            format!("Build {}", st.designs[k].name),
                            seat,
                            Action::Design(k),
                        );
                    }
                    if !st.fitting_designs(seat, bastion).is_empty() {
                        add("Build for me".into(), seat, Action::Auto);
                    }
                }
                if p.hand.is_empty() && !p.castle.is_empty() {
                    add("Done: let go of the castle".into(), seat, Action::Done);
                }
            }
            Some(Task::Place { seat, .. }) => {
                let p = &st.players[seat];
                let poses = p.poses();
                if p.hand.len() >= 2 {
                    for (x, base) in geo::pair_slots(&poses).into_iter().take(3) {
                        let level = if base == 0 {
                            "on the mat"
                        } else {
                            "on a floor"
                        };
                        add(
                            format!("Lean a pair {} {level}", where_on_mat(x)),
                            seat,
                            Action::Pair { x, base },
                        );
                    }
                }
                if !p.hand.is_empty() {
                    for (x, y) in geo::floor_slots(&poses).into_iter().take(2) {
                        add(
                            format!("Lay a floor {}", where_on_mat(x)),
                            seat,
                            Action::Floor { x, y },
                        );
                    }
                    let mut probe = st.clone();
                    if probe.auto_reinforce(seat, &mut Vec::new()) > 0 {
                        add("Reinforce for me".into(), seat, Action::Auto);
                    }
                }
                add(
                    "Done (unplaced cards go back to the deck)".into(),
                    seat,
                    Action::Done,
                );
            }
            Some(Task::Give { from, to }) => {
                let to_name = self
                    .seats
                    .get(to)
                    .map(|s| s.name.clone())
                    .unwrap_or_default();
                for (i, c) in st.safest_cards(from).into_iter().take(3).enumerate() {
                    add(
                        format!("Give {to_name} your {} card", SAFEST[i.min(2)]),
                        from,
                        Action::Give(c),
                    );
                }
            }
            Some(Task::Tax { seat, .. }) => {
                for (i, c) in st.safest_cards(seat).into_iter().take(3).enumerate() {
                    add(
                        format!("Pay your {} card", SAFEST[i.min(2)]),
                        seat,
                        Action::Tax(c),
                    );
                }
            }
            Some(Task::Tower { seat }) => {
                let left = geometry::mat_left(seat);
                for x in st.tower_spots(seat) {
                    let side = if x < left { "left" } else { "right" };
                    add(
                        format!("Great Tower to the {side} of the castle"),
                        seat,
                        Action::Tower(x),
                    );
                }
                if st.tower.is_some() {
                    add(
                        "Leave the Great Tower where it is".into(),
                        seat,
                        Action::TowerStay,
                    );
                }
            }
            Some(Task::Ruins { seat }) => {
                add("Leave the ruins".into(), seat, Action::RuinsKeep);
                add("Clear the fallen cards".into(), seat, Action::RuinsClear);
            }
            Some(Task::Gods { seat }) => {
                add(
                    "As High as Gods: move the Great Tower".into(),
                    seat,
                    Action::GodsTower,
                );
                add(
                    "As High as Gods: Catapults become Trebuchets".into(),
                    seat,
                    Action::GodsTrebuchet,
                );
            }
            _ => {}
        }
        out
    }

    fn launch_prompt(&self) -> Option<LaunchPrompt> {
        let p = self.state.launch_prompt()?;
        let Some(Task::Aim { seat }) = self.state.task() else {
            return Some(p);
        };
        // A full throw lands on the far edge of the farthest other castle's mat (the hand's own
        // speeds): the table's bare margins beyond are never worth a throw.
        let far = (0..self.state.n)
            .filter(|&s| s != seat)
            .flat_map(|s| {
                [
                    geometry::mat_left(s),
                    geometry::mat_left(s) + geometry::MAT_W,
                ]
            })
            .map(|x| (x as f32 / 10_000.0 - p.origin[0]).abs())
            .fold(0.0f32, f32::max);
        let dy = -p.origin[1];
        Some(p.useful_up_to(crate::physics::launch::power_to_reach(
            far,
            dy,
            table::MIN_SPEED,
            table::MAX_SPEED,
            crate::physics::GRAVITY,
        )))
    }

    /// Building and reinforcing by drag: the next card of the hand goes anywhere on the acting
    /// player's mat at any angle (`put [x mm, y mm, angle]`, table coordinates); the Great Tower
    /// goes anywhere off the mats (`tower_put`).
    fn placement_prompt(&self) -> Option<PlacementPrompt> {
        let st = &self.state;
        match st.task()? {
            Task::Build { seat, .. } | Task::Place { seat, .. } => {
                if st.players[seat].hand.is_empty() {
                    return None;
                }
                let x0 = geo::mat_left(seat) as f32 * table::DMM;
                Some(PlacementPrompt {
                    action: PUT_ACTION.into(),
                    label: "Put a building card on your mat (twist to lean it)".to_string(),
                    half_extents: [
                        geo::CARD_LEN as f32 * table::DMM / 2.0,
                        geo::CARD_THICK as f32 * table::DMM / 2.0,
                    ],
                    region: [
                        x0,
                        geo::MAT_T as f32 * table::DMM,
                        x0 + geo::MAT_W as f32 * table::DMM,
                        0.4,
                    ],
                    angle: (0, 3599),
                    snaps: Vec::new(),
                    sources: Vec::new(),
                })
            }
            Task::Tower { .. } => {
                let (t0, t1) = geo::table_extent(st.n);
                Some(PlacementPrompt {
                    action: TOWER_PUT_ACTION.into(),
                    label: "Put the Great Tower anywhere off the mats".into(),
                    half_extents: [
                        geo::TOWER_HW as f32 * table::DMM,
                        geo::TOWER_HH as f32 * table::DMM,
                    ],
                    region: [t0 as f32 * table::DMM, 0.0, t1 as f32 * table::DMM, 0.2],
                    angle: (0, 0),
                    snaps: Vec::new(),
                    sources: Vec::new(),
                })
            }
            _ => None,
        }
    }

    fn no_shot_now(&self) -> Refusal {
        Refusal(format!("no throw is expected now ({})", self.state.phase()))
    }

    fn fire(&self, launch: &Launch) -> RuleResult<Box<dyn Shot>> {
        let mut world = self.world();
        if let Some(Task::Aim { seat }) = self.state.task() {
            table::throw(
                &mut world,
                &self.state,
                seat,
                launch,
                self.state.munition_count(),
            );
        }
        Ok(Box::new(table::AssaultShot::of(
            world,
            self.frame(),
            self.state.table,
        )))
    }

    fn play(&mut self, mv: &Move) -> RuleResult<Vec<Event>> {
        self.state.apply(mv)
    }

    fn invariant_violations(&self) -> Vec<String> {
        self.state.conservation()
    }

    fn sample_outcome(&self, rng: &mut crate::core::Rng) -> Option<Outcome> {
        let prompt = self.launch_prompt()?;
        let only = prompt
            .kinds
            .contains(&LaunchKind::Release)
            .then(|| self.turn())
            .flatten();
        Some(Outcome {
            facts: self.state.sample_facts(only, rng),
            ..Outcome::default()
        })
    }
}

impl Designs for Assault {
    fn design(&self) -> Option<crate::core::design::Design> {
        design::design_of(&self.state)
    }

    fn design_moves(
        &self,
        d: &crate::core::design::Design,
    ) -> crate::core::RuleResult<Vec<crate::core::Move>> {
        design::design_moves(&self.state, d)
    }
}

impl crate::core::game::RulesState for State {
    fn acting(&self) -> Option<usize> {
        self.turn()
    }

    fn phase_label(&self, _seats: &[Seat]) -> String {
        self.phase()
    }

    fn is_over(&self) -> bool {
        self.winner.is_some()
    }

    /// 1 for the winner's seat, 0 for everyone else (placings are in `ranking`).
    fn scores(&self) -> Vec<i64> {
        (0..self.n)
            .map(|s| (self.winner == Some(s)) as i64)
            .collect()
    }

    fn ranking(&self) -> Ranking {
        let keys: Vec<Vec<i64>> = self
            .players
            .iter()
            .enumerate()
            .map(|(s, p)| {
                vec![
                    (self.winner == Some(s)) as i64,
                    if p.eliminated {
                        p.out_order as i64
                    } else {
                        1000 - p.defeated as i64
                    },
                    p.standing() as i64,
                ]
            })
            .collect();
        rank(&["winner", "outlasted", "standing cards"], &keys)
    }
}

#[cfg(test)]
mod status_tests {
    use super::*;
    use crate::core::seat::{default_seats, SeatKind};
    use crate::core::status::unplayerly;

    #[test]
    fn the_status_line_shows_the_task_the_hand_the_castle_and_both_decks() {
        let g = Assault::new(&[], default_seats(2, SeatKind::Human), 7)
            .unwrap_or_else(|e| panic!("{e}"));
        let items = crate::core::status::pairs(g.status());
        assert_eq!(
            items,
            vec![
                (Icon::Next, "Building".to_string()),
                (Icon::Card, "8".to_string()),
                (Icon::Castle, "0".to_string()),
                (Icon::Deck, "39".to_string()),
                (Icon::Deck, "Siege 55".to_string()),
            ]
        );
        assert!(items.iter().all(|(_, t)| unplayerly(t).is_none()));
        let hud = g.hud().join("\n");
        assert!(
            hud.contains("Hand: 8 building cards; castle: 0 cards"),
            "{hud}"
        );
        assert!(!hud.contains("(s)"), "{hud}");
    }
}
