//! Catapult Feud: two fortresses of blocks face each other across the table; knock the enemy's
//! soldiers off their board or over with boulders from your catapult. `rules` is pure, `table`
//! the physics, `bot` the bot's decisions and aim. Rule decisions: docs/rules/feud.md.

pub mod bot;
pub mod design;
pub mod rules;
pub mod table;
pub mod view;

use crate::core::event::cues_of;
use crate::core::game::prelude::*;
use crate::core::game::RulesState;
use crate::core::registry::{DailyFormat, DesignInfo, GameInfo, RulesPicture, RulesSection};
use crate::core::seat::SeatKind;
use crate::core::{
    Choice, Event, Game, Launch, LaunchKind, LaunchPrompt, Move, PlacementPrompt, Refusal,
    RuleResult, Seat, Shot, TableView,
};
use rules::geometry::{self as geo, Shape};
use rules::setup::{catapult_x, check_catapult, cup, FROM_ABOVE};
use rules::{piece_shape, Action, Card, Catapult, Loc, Phase, Side, State};

/// The registry entry (`games::GAMES`).
pub const INFO: GameInfo = GameInfo {
    id: "feud",
    name: "Catapult Feud",
    min_seats: 2,
    max_seats: 2,
    available: true,
    blurb: "Two kingdoms, two catapults, one fortress of blocks each.",
    options: &[],
    rules: "Each player builds a fortress on their own board from 16 blocks and a gate: every piece lies flat or stands upright, none reaches beyond the board, and the fortress must stand on its own when you let go (or you build again). Put your catapult beside the inner or outer end of your board, its front axle no farther from the edge than Distance 2 (as far as the gate is wide: the rings show where it may stand). Shuffle your six action cards and draw three. Post your five soldiers entirely on your board, on blocks or on the board itself, but a soldier on the board keeps Distance 1 (a soldier's height) from every block. On your turn: Tactics - play at most one card; Aiming - move your catapult (within Distance 2 of the edge) or turn it round; Shot - drag back and let go to throw a boulder; Update - blocks and soldiers knocked completely off their board go to the box, and so does every soldier no longer standing upright; a player draws a card for each soldier they lost (while their deck lasts). Cards: Repair - move up to three of your blocks or take them back from the box, without moving anything else; Volley - a second shot from the same place; Thief - take a random card from your enemy's hand, to play on a later turn; Traitor - fire your enemy's catapult at their own fortress (turn it, but do not move it); March - move up to three of your soldiers; Double Maneuver - the effect of any card already in the box. When a player has no soldier left standing after an Update, the other player wins.",
    event_cues: cues_of::<rules::events::Ev>,
    new,
    hidden_hands: true,
    table_versions: &[TABLE_V2, RULES_V2],
    design: Some(DesignInfo {
        kind: "fortress",
        solo: false,
        check_rows: None,
    }),
    short_rules: &[
        RulesSection {
            heading: "Goal",
            picture: RulesPicture::Goal,
            words: "Knock down your enemy's soldiers. When a player has no soldier left standing, the other player wins.",
        },
        RulesSection {
            heading: "Building",
            picture: RulesPicture::Build,
            words: "Build a fortress of 16 blocks and a gate on your board: it must stand on its own when you let go. Put your catapult beside your board and post your five soldiers.",
        },
        RulesSection {
            heading: "Your turn",
            picture: RulesPicture::Turn,
            words: "Play at most one card, move or turn your catapult, then shoot. Blocks and soldiers knocked off their board, and soldiers no longer upright, are lost; you draw a card for each soldier you lost.",
        },
        RulesSection {
            heading: "Shooting",
            picture: RulesPicture::Shoot,
            words: "Drag back from the catapult and let go to throw a boulder.",
        },
        RulesSection {
            heading: "Cards",
            picture: RulesPicture::Cards,
            words: "Repair: move or bring back three blocks. Volley: a second shot. Thief: take a card. Traitor: fire your enemy's catapult at their own fortress. March: move three soldiers. Double Maneuver: copy a played card.",
        },
    ],
    daily: Some(DailyFormat::Duel),
    ..GameInfo::BASE
};

pub const ID: &str = "feud";
/// Drag moves the app sends (a source index and where it was dropped), resolved here into the
/// rules' `catapult`, `repair` and `march`.
pub const DRAG_CATAPULT: &str = "drag_catapult";
pub const DRAG_BLOCK: &str = "drag_block";
pub const DRAG_SOLDIER: &str = "drag_soldier";
/// A Repair choice the app sends: the next block dragged stands upright (or lies flat again).
pub const REPAIR_TURN: &str = "repair_turn";
/// Where blocks in the box are shown to be picked up during a Repair (above the board, dmm).
pub const BOX_Y: i32 = 3300;
/// The option every new game is recorded with: it is played on the second table
/// (`table::TableVersion::V2`). A recording without it was made on the first and replays on it.
pub const TABLE_V2: &str = "table_v2";
/// The option every new game is recorded with: it is played by the second rules
/// (`rules::RulesVersion::V2`, touching blocks carry a soldier together). A recording without it
/// was made under the first and replays under them.
pub const RULES_V2: &str = "rules_v2";

#[derive(Clone)]
pub struct Feud {
    /// Moves played so far (`Game::count_played`): the move cap reads it.
    played: u32,
    pub state: State,
    seats: Vec<Seat>,
    /// Repair by drag: blocks are put down standing upright (else lying flat). A choice of the
    /// player's hand, not a rule: it changes only the drop spots offered and the angle sent.
    pub repair_upright: bool,
    /// The table physics this game is played (and was recorded) with.
    pub table: table::TableVersion,
}

pub fn new(options: &[String], seats: Vec<Seat>, seed: u64) -> RuleResult<Box<dyn Game>> {
    Ok(Box::new(Feud::with_options(options, seats, seed)?))
}

fn m(v: i32) -> f32 {
    v as f32 * table::DMM
}

fn dmm(metres: f32) -> i32 {
    libm::roundf(metres / table::DMM) as i32
}

impl Feud {
    /// A new game on the current table.
    pub fn create(seats: Vec<Seat>, seed: u64) -> RuleResult<Feud> {
        if seats.len() != 2 {
            crate::refuse!("Catapult Feud is a game for exactly 2 players");
        }
        Ok(Feud {
            played: 0,
            state: State::new(seed)?,
            seats,
            repair_upright: false,
            table: table::TableVersion::default(),
        })
    }

    /// A game with a recording's options: the table and the rules versions it was made with
    /// (a version option missing: the first).
    pub fn with_options(options: &[String], seats: Vec<Seat>, seed: u64) -> RuleResult<Feud> {
        let mut g = Feud::create(seats, seed)?;
        if !options.iter().any(|o| o == TABLE_V2) {
            g.table = table::TableVersion::V1;
        }
        if !options.iter().any(|o| o == RULES_V2) {
            g.state.rules = rules::RulesVersion::V1;
        }
        Ok(g)
    }

    fn name(&self, seat: usize) -> String {
        crate::core::seat::seat_name(&self.seats, seat)
    }

    /// The catapult being placed now (setup or aiming) and whose it is, unless it is fixed.
    fn movable_catapult(&self) -> Option<usize> {
        match self.state.phase {
            Phase::Deploy { seat } => Some(seat),
            Phase::Aiming if !self.state.turn.traitor => Some(self.state.turn.seat),
            _ => None,
        }
    }

    /// Every legal catapult place for `seat` keeping its facing, 10 mm apart: (place, centre).
    pub fn catapult_spots(&self, seat: usize) -> Vec<(Catapult, [f32; 2])> {
        let facing = self.state.players[seat].catapult.facing;
        let mut out = Vec::new();
        for side in [Side::Outer, Side::Inner] {
            let mut gap = geo::AXLE_INSET;
            while gap <= geo::D2 {
                let c = Catapult { side, gap, facing };
                if check_catapult(c).is_ok() {
                    out.push((c, [m(catapult_x(seat, c)), m(geo::CATAPULT_H / 2)]));
                }
                gap += 100;
            }
        }
        out
    }

    /// Repair: the blocks that may be picked up (own blocks on the table, then those in the box,
    /// shown above the board), with their centres.
    pub fn repair_sources(&self) -> Vec<(usize, [f32; 2])> {
        let seat = self.state.turn.seat;
        let p = &self.state.players[seat];
        let (l, r) = geo::board_span(seat);
        let mut out: Vec<(usize, [f32; 2])> = p
            .pieces
            .iter()
            .enumerate()
            .filter_map(|(k, loc)| loc.pose().map(|q| (k, [m(q.x), m(q.y)])))
            .collect();
        for (k, loc) in p.pieces.iter().enumerate() {
            if *loc == Loc::Boxed {
                out.push((k, [m((l + r) / 2), m(BOX_Y)]));
            }
        }
        out
    }

    /// Legal resting places for a flat block (Repair drags) or a soldier (March drags), 10 mm
    /// apart along the board, each on the highest surface there.
    pub fn drop_spots(&self, shape: Shape) -> Vec<[f32; 2]> {
        self.drop_spots_at(shape, 0)
    }

    /// `drop_spots` for a block put down at angle `a` (0 flat, 900 upright).
    pub fn drop_spots_at(&self, shape: Shape, a: i32) -> Vec<[f32; 2]> {
        let seat = self.state.turn.seat;
        let (l, r) = geo::board_span(seat);
        let hw = geo::half_width(shape, a);
        let mut out = Vec::new();
        // Moves carry millimetres: spots on a whole-millimetre grid.
        let mut x = (l + hw + 9).div_euclid(10) * 10;
        while x <= r - hw {
            let spot = match shape {
                Shape::Soldier => self
                    .state
                    .check_soldier_spot(seat, 0, x, FROM_ABOVE, 0, &[]),
                _ => self.state.check_block_spot(seat, 0, x, FROM_ABOVE, a, &[]),
            };
            if let Ok(p) = spot {
                out.push([m(p.x), m(p.y)]);
            }
            x += 100;
        }
        out
    }

    /// The angle a Repair drag puts a block down at: 0 lying flat, 900 standing upright.
    pub fn repair_angle(&self) -> i32 {
        if self.repair_upright {
            900
        } else {
            0
        }
    }

    /// Turns a drag gesture into the rules' action.
    fn resolve_drag(&self, mv: &Move) -> RuleResult<Action> {
        let src = mv.arg(0)?;
        // Millimetres; clamped so that a hostile number cannot overflow on the way to dmm.
        let n = |v: i64| v.clamp(-1_000_000, 1_000_000) as i32;
        let (x, y, a) = (n(mv.arg(1)?), n(mv.arg(2)?), n(mv.arg(3)?));
        let seat = mv.seat as usize;
        match mv.action.as_str() {
            DRAG_CATAPULT => {
                let Some(s) = self.movable_catapult() else {
                    crate::refuse!("the catapult cannot be moved now");
                };
                let xm = x as f32 / 1000.0;
                let best = self
                    .catapult_spots(s)
                    .into_iter()
                    .min_by(|p, q| (p.1[0] - xm).abs().total_cmp(&(q.1[0] - xm).abs()));
                match best {
                    Some((c, at)) if (at[0] - xm).abs() < 0.02 => Ok(Action::Catapult {
                        side: c.side,
                        gap: c.gap,
                        facing: c.facing,
                    }),
                    _ => Err(Refusal::new(
                        "the catapult stands beside your board, on one of the ringed spots",
                    )),
                }
            }
            DRAG_BLOCK => {
                let sources = self.repair_sources();
                let Some(&(block, _)) = usize::try_from(src).ok().and_then(|i| sources.get(i))
                else {
                    crate::refuse!("there is no block there to pick up");
                };
                Ok(Action::Repair {
                    block,
                    x: x * 10,
                    y: y * 10,
                    a,
                })
            }
            DRAG_SOLDIER => {
                let ids: Vec<usize> = (0..rules::SOLDIERS)
                    .filter(|&k| self.state.players[seat].soldiers[k].pose().is_some())
                    .collect();
                let Some(&soldier) = usize::try_from(src).ok().and_then(|i| ids.get(i)) else {
                    crate::refuse!("there is no soldier there to pick up");
                };
                Ok(Action::March {
                    soldier,
                    x: x * 10,
                    y: y * 10,
                    a,
                })
            }
            _ => Err(Refusal(format!(
                "Catapult Feud has no drag `{}`",
                mv.action
            ))),
        }
    }

    /// Labelled actions open now for the acting seat.
    pub fn actions(&self) -> Vec<(String, Action)> {
        let st = &self.state;
        let Some(seat) = st.acting() else {
            return Vec::new();
        };
        let mut out = Vec::new();
        match &st.phase {
            Phase::Build { .. } => {
                // The step forward comes first (a button bar shows it first).
                if st.next_piece(seat).is_none() {
                    out.push(("Done: let go of the fortress".into(), Action::Done));
                }
                // The designs with rooms for soldiers (the last ones) first.
                for (k, d) in st.designs.iter().enumerate().rev() {
                    out.push((format!("Build the {}", d.name), Action::Design(k)));
                }
                let placed = st.players[seat].blocks_on_table();
                if st.next_piece(seat).is_some() {
                    let label = if placed > 0 {
                        "Build the rest for me"
                    } else {
                        "Build for me"
                    };
                    out.push((label.into(), Action::AutoBuild));
                }
                if placed > 0 {
                    out.push(("Clear the board".into(), Action::Clear));
                }
            }
            Phase::Deploy { .. } | Phase::Aiming => {
                let s = st.firing_seat();
                let c = st.players[s].catapult;
                let whose = if s == seat { "the" } else { "the enemy's" };
                let done = if matches!(st.phase, Phase::Deploy { .. }) {
                    "Done: the catapult stands here"
                } else {
                    "Shoot from here"
                };
                out.push((done.into(), Action::Done));
                out.push((format!("Turn {whose} catapult around"), Action::Turn));
                if self.movable_catapult().is_some() {
                    let other = if c.side == Side::Inner {
                        Side::Outer
                    } else {
                        Side::Inner
                    };
                    out.push((
                        "Move it to the other side of the board".into(),
                        Action::Catapult {
                            side: other,
                            gap: c.gap,
                            facing: c.facing,
                        },
                    ));
                }
            }
            Phase::Soldiers { .. } => {
                out.push(("Place the soldiers for me".into(), Action::AutoSoldiers))
            }
            Phase::Tactics => {
                let mut hand = st.players[seat].hand.clone();
                crate::core::order::sort(&mut hand);
                hand.dedup();
                for c in hand {
                    if c == Card::DoubleManeuver {
                        for copy in st.copyable() {
                            out.push((
                                format!("Play Double Maneuver as {}", copy.name()),
                                Action::Play {
                                    card: c,
                                    copy: Some(copy),
                                },
                            ));
                        }
                    } else {
                        out.push((
                            format!("Play {}", c.name()),
                            Action::Play {
                                card: c,
                                copy: None,
                            },
                        ));
                    }
                }
                out.push(("Play no card".into(), Action::Skip));
            }
            Phase::Repair { .. } => out.push(("Done repairing".into(), Action::Done)),
            Phase::March { .. } => out.push(("Done marching".into(), Action::Done)),
            _ => {}
        }
        out
    }
}

use crate::core::status::{self, Icon, StatusItem};

impl Game for Feud {
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
        let Some(seat) = self.state.acting() else {
            return Vec::new();
        };
        let mut out: Vec<Choice> = self
            .actions()
            .into_iter()
            .map(|(label, a)| Choice {
                label,
                mv: a.encode(seat),
            })
            .collect();
        if matches!(self.state.phase, Phase::Repair { .. }) {
            let label = if self.repair_upright {
                "Lay the blocks flat"
            } else {
                "Stand the blocks upright"
            };
            out.push(Choice {
                label: label.into(),
                mv: Move::decide(seat, REPAIR_TURN, &[]),
            });
        }
        out
    }

    fn launch_prompt(&self) -> Option<LaunchPrompt> {
        let st = &self.state;
        match st.phase {
            Phase::LetGo { seat } => Some(release_prompt(seat)),
            Phase::RepairSettle { .. } => Some(release_prompt(st.turn.seat)),
            Phase::Shot => {
                let s = st.firing_seat();
                let c = st.players[s].catapult;
                let (x, y) = cup(s, c);
                let mut p = LaunchPrompt::new(LaunchKind::Catapult, [m(x), m(y)]);
                p.angle = if c.facing > 0 { (0, 900) } else { (900, 1800) };
                // A full pull lands at the far end of the table ahead of the catapult.
                let (t0, t1) = geo::table_span();
                let far = if c.facing > 0 { t1 - x } else { x - t0 };
                let (lo, hi) = table::CATAPULT_SPEED;
                Some(p.useful_up_to(crate::physics::launch::power_to_reach(
                    m(far),
                    -m(y),
                    lo,
                    hi,
                    crate::physics::GRAVITY,
                )))
            }
            _ => None,
        }
    }

    fn placement_prompt(&self) -> Option<PlacementPrompt> {
        let st = &self.state;
        let seat = st.acting()?;
        let (l, r) = geo::board_span(seat);
        let half = |s: Shape| [m(geo::half_width(s, 0)), m(geo::half_height(s, 0))];
        let region = [m(l), 0.0, m(r), 0.4];
        match &st.phase {
            Phase::Build { .. } => {
                let k = st.next_piece(seat)?;
                let shape = piece_shape(k);
                Some(PlacementPrompt {
                    action: "place".into(),
                    label: if k == rules::GATE {
                        "Put the gate on your board".to_string()
                    } else {
                        let left = st.players[seat]
                            .pieces
                            .iter()
                            .filter(|l| **l == Loc::Hand)
                            .count();
                        format!(
                            "Put a block on your board, lying flat or standing upright ({} to go)",
                            left
                        )
                    },
                    half_extents: half(shape),
                    region,
                    angle: (0, 900),
                    snaps: Vec::new(),
                    sources: Vec::new(),
                })
            }
            Phase::Soldiers { .. } => Some(PlacementPrompt {
                action: "soldier".into(),
                label: "Post a soldier on a block, or on the board a soldier's height clear of every block"
                    .into(),
                half_extents: half(Shape::Soldier),
                region,
                angle: (0, 0),
                snaps: Vec::new(),
                sources: Vec::new(),
            }),
            Phase::Deploy { .. } | Phase::Aiming => {
                let s = self.movable_catapult()?;
                let c = st.players[s].catapult;
                let spots = self.catapult_spots(s);
                Some(PlacementPrompt {
                    action: DRAG_CATAPULT.into(),
                    label: "Move the catapult to a ringed spot beside your board".into(),
                    half_extents: [m(geo::CATAPULT_L / 2), m(geo::CATAPULT_H / 2)],
                    region: [m(l - 2 * geo::D2), 0.0, m(r + 2 * geo::D2), 0.1],
                    angle: (0, 0),
                    snaps: spots.into_iter().map(|t| t.1).collect(),
                    sources: vec![[m(catapult_x(s, c)), m(geo::CATAPULT_H / 2)]],
                })
            }
            Phase::Repair { .. } => {
                let sources = self.repair_sources();
                let a = self.repair_angle();
                Some(PlacementPrompt {
                    action: DRAG_BLOCK.into(),
                    label: format!(
                        "Repair: move a block or take one back from the box (up to 3), {}",
                        if a == 0 { "lying flat" } else { "standing upright" }
                    ),
                    half_extents: [
                        m(geo::half_width(Shape::Block, a)),
                        m(geo::half_height(Shape::Block, a)),
                    ],
                    region,
                    angle: (a, a),
                    snaps: self.drop_spots_at(Shape::Block, a),
                    sources: sources.into_iter().map(|t| t.1).collect(),
                })
            }
            Phase::March { .. } => {
                let sources: Vec<[f32; 2]> = st.players[seat]
                    .soldiers
                    .iter()
                    .filter_map(|l| l.pose().map(|p| [m(p.x), m(p.y)]))
                    .collect();
                Some(PlacementPrompt {
                    action: DRAG_SOLDIER.into(),
                    label: "March: move a soldier (up to 3)".into(),
                    half_extents: half(Shape::Soldier),
                    region,
                    angle: (0, 0),
                    snaps: self.drop_spots(Shape::Soldier),
                    sources,
                })
            }
            _ => None,
        }
    }

    fn no_shot_now(&self) -> Refusal {
        Refusal(format!(
            "no shot is expected now ({})",
            self.state.phase_words()
        ))
    }

    fn fire(&self, launch: &Launch) -> RuleResult<Box<dyn Shot>> {
        let frame = table::frame(&self.seats, table::fixed_views(&self.state, self.table));
        let firing = match self.state.phase {
            Phase::Shot => Some((self.state.firing_seat(), launch)),
            _ => None,
        };
        Ok(Box::new(table::shot(
            &self.state,
            &self.seats,
            self.table,
            firing,
            frame,
        )))
    }

    fn play(&mut self, mv: &Move) -> RuleResult<Vec<Event>> {
        if !mv.is_shot() && mv.action == REPAIR_TURN {
            if !matches!(self.state.phase, Phase::Repair { .. }) {
                crate::refuse!("blocks are turned for a Repair, during your Repair");
            }
            self.repair_upright = !self.repair_upright;
            return Ok(Vec::new());
        }
        if !mv.is_shot()
            && matches!(
                mv.action.as_str(),
                DRAG_CATAPULT | DRAG_BLOCK | DRAG_SOLDIER
            )
        {
            let action = self.resolve_drag(mv)?;
            return self.state.apply(&action.encode(mv.seat as usize));
        }
        self.state.apply(mv)
    }

    /// The bot weighs one decision: the reasoned one (`bot::decide`); none while it aims.
    fn candidates(&self) -> Vec<Move> {
        bot::decide(self).into_iter().collect()
    }

    fn invariant_violations(&self) -> Vec<String> {
        self.state.conservation()
    }
}

impl Designs for Feud {
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

fn release_prompt(seat: usize) -> LaunchPrompt {
    let (l, r) = geo::board_span(seat);
    let mut p = LaunchPrompt::new(LaunchKind::Release, [m((l + r) / 2), 0.0]);
    p.angle = (0, 0);
    p.power = (0, 0);
    p
}

/// Metres to dmm for tools and bots.
pub fn to_dmm(metres: f32) -> i32 {
    dmm(metres)
}

#[cfg(test)]
mod status_tests {
    use super::*;
    use crate::core::seat::default_seats;
    use crate::core::status::unplayerly;

    #[test]
    fn the_status_line_shows_the_blocks_to_place_the_ammo_the_hand_and_the_deck() {
        let g =
            Feud::create(default_seats(2, SeatKind::Human), 7).unwrap_or_else(|e| panic!("{e}"));
        let items = crate::core::status::pairs(g.status());
        assert_eq!(
            items,
            vec![
                (Icon::Next, "Building".to_string()),
                (Icon::Block, "17 to place".to_string()),
                (Icon::Ammo, "4".to_string()),
                (Icon::Card, "3".to_string()),
                (Icon::Deck, "3".to_string()),
            ]
        );
        assert!(items.iter().all(|(_, t)| unplayerly(t).is_none()));
    }
}
