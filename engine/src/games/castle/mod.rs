//! Catapult Castle: shoot ammo into the other players' towers (cups) and take them home.
//! `rules.rs` is the pure game, `table.rs` the physics, `bot.rs` the bot's aim, `view.rs` the
//! table for the renderer. Rule decisions: docs/rules/castle.md.

pub mod bot;
pub mod design;
pub mod geometry;
pub mod rules;
pub mod table;
pub mod view;

pub use table::{
    TAG_AMMO, TAG_CARD, TAG_CATAPULT, TAG_MAT, TAG_ROOF, TAG_SHOT, TAG_STAND, TAG_TABLE, TAG_TOWER,
};

use crate::core::event::cues_of;
use crate::core::game::prelude::*;
use crate::core::registry::{DailyFormat, DesignInfo, GameInfo, RulesPicture, RulesSection};
use crate::core::seat::SeatKind;
use crate::core::status::{self, Icon, StatusItem};
use crate::core::Rng;
use crate::core::{
    Choice, Event, Game, Launch, LaunchKind, LaunchPrompt, Move, Outcome, PlacementPrompt, Refusal,
    RuleResult, Seat, Shot, TableView,
};
use geometry::*;
use rules::codec::{Action, Square, StackCard};
use rules::{Phase, State};

/// The registry entry (`games::GAMES`).
pub const INFO: GameInfo = GameInfo {
    id: "castle",
    name: "Catapult Castle",
    min_seats: 1,
    max_seats: 4,
    available: true,
    blurb: "Shoot ammo into your rivals' tower cups and take the towers home.",
    options: &[
        (
            "beginners",
            "Beginners' game",
            "Cards are only used to stack towers: no card effects.",
        ),
        (
            "experts",
            "Experts' game",
            "Mats with 3 squares: the extra tower is stacked at setup and everyone draws a card.",
        ),
    ],
    rules: "Each player has a mat of towers (cups). On your turn, stand the catapult at the outside corner of your mat (on the game box if you like), play cards, then shoot one ammo. If it comes to rest inside another player's tower (or an unassigned one), take that tower: put it on an empty square of your mat, or, with no square free, stack it on a face-down card from your deck. Only the top tower of a stack is taken; the player you took it from may draw a card. A miss returns the ammo to the supply; ammo that hit stays in its tower. Cards: Extra Shot (one more shot), Magic Toss (throw from your hand, low, from the same corner), Strong Ammo (take a whole stack), Reinforced Roof (put on a tower: the next shot at it does not count and the roof comes off; nothing may be stacked on it). The game ends after a turn in which all ammo is inside towers or a player has no towers. Most towers wins; ties: most ammo in your towers, then most cards in hand, then later in turn order. Solo: 18 ammo, 1 Magic Toss and 2 Strong Ammo, shoot from any corner, two rearrangements (stacks up to 3 high); a tower hit on another mat than the one you fired from leaves play; score towers removed + ammo left.",
    event_cues: cues_of::<rules::events::Ev>,
    new,
    hidden_hands: true,
    hit_fact: Some(rules::FACT_IN_TOWER),
    design: Some(DesignInfo {
        kind: "solo arrangement",
        solo: true,
        check_rows: None,
    }),
    short_rules: &[
        RulesSection {
            heading: "Goal",
            picture: RulesPicture::Goal,
            words: "Shoot ammo into the other players' towers to take them. Whoever holds the most towers at the end wins.",
        },
        RulesSection {
            heading: "Your turn",
            picture: RulesPicture::Turn,
            words: "Stand the catapult at the outside corner of your mat (on the game box if you like), play cards, then shoot one ammo.",
        },
        RulesSection {
            heading: "Shooting",
            picture: RulesPicture::Shoot,
            words: "Drag back from the catapult and let go. Ammo that comes to rest inside another player's tower takes it: put it on an empty square of your mat, or stack it. A miss gives the ammo back to the supply.",
        },
        RulesSection {
            heading: "Cards",
            picture: RulesPicture::Cards,
            words: "Extra Shot: one more shot. Magic Toss: throw from your hand. Strong Ammo: take a whole stack. Reinforced Roof: the next shot at that tower does not count.",
        },
        RulesSection {
            heading: "Winning",
            picture: RulesPicture::Win,
            words: "The game ends when all the ammo lies in towers or a player has no towers. Most towers wins; on a tie, most ammo in your towers, then most cards in hand.",
        },
    ],
    daily: Some(DailyFormat::Solo),
    ..GameInfo::BASE
};

#[derive(Clone)]
pub struct Castle {
    /// Moves played so far (`Game::count_played`): the move cap reads it.
    played: u32,
    pub state: State,
    seats: Vec<Seat>,
    /// The setup's events (for the log; `apply` returns the later ones).
    pub setup_events: Vec<Event>,
}

impl Castle {
    pub fn create(options: &[String], seats: Vec<Seat>, seed: u64) -> RuleResult<Castle> {
        let (state, setup_events) = State::new(seats.len(), options, seed)?;
        Ok(Castle {
            played: 0,
            state,
            seats,
            setup_events,
        })
    }
}

impl Castle {
    /// Where a captured tower may be dropped by dragging: the `place`/`stack` moves on offer (a
    /// stack that needs a card from the hand is chosen with a button instead), with the spot
    /// (metres) the tower would stand on.
    pub fn drop_targets(&self) -> Vec<(Move, [f32; 2])> {
        if !matches!(self.state.phase, Phase::Place { .. }) {
            return Vec::new();
        }
        let layout = table::layout_of(&self.state);
        let Some(m) = self.state.mat_of(self.state.turn.seat) else {
            return Vec::new();
        };
        self.state
            .choices()
            .into_iter()
            .filter_map(|c| {
                let s = match Action::decode(&c.mv).ok()? {
                    Action::Place(s)
                    | Action::Stack {
                        square: s,
                        card: StackCard::Deck,
                    } => s,
                    _ => return None,
                };
                let h = self.state.mats[m].squares.get(s)?.stack.len();
                let y = if h == 0 {
                    MAT_THICK
                } else {
                    tower_top_y(h - 1) + CARD_THICK
                };
                Some((c.mv, [layout.square_x(m, s), y + TOWER_H / 2.0]))
            })
            .collect()
    }

    /// Turns a `drop [x_mm, y_mm, angle]` gesture into the `place`/`stack` move at the nearest
    /// square it was dropped on.
    fn resolve_drop(&self, seat: u32, x_mm: i64) -> RuleResult<Move> {
        let x = x_mm as f32 / 1000.0;
        let targets = self.drop_targets();
        if targets.is_empty() {
            return Err(Refusal::new("there is no tower to drop on a square now"));
        }
        let best = targets
            .into_iter()
            .map(|(m, p)| ((p[0] - x).abs(), m))
            .min_by(|a, b| a.0.total_cmp(&b.0));
        match best {
            Some((dx, m)) if dx <= SQUARE / 2.0 => Ok(Move { seat, ..m }),
            _ => Err(Refusal::new(
                "drop the tower on one of the highlighted squares of your mat",
            )),
        }
    }
}

/// The solo rearranging drag: `drag_tower [source, x_mm, y_mm, angle]` (the core's placement
/// prompt with sources) becomes `move_tower` from the source's square to the square under x.
pub use rules::codec::{DRAG_ACTION, DROP_ACTION};

impl Castle {
    /// Solo rearranging by dragging: every square with a tower, mat by mat and square by square
    /// (its top tower is the one that moves), with that tower's centre in metres.
    pub fn drag_sources(&self) -> Vec<((usize, usize), [f32; 2])> {
        if !matches!(self.state.phase, Phase::Rearrange) {
            return Vec::new();
        }
        let layout = table::layout_of(&self.state);
        let mut out = Vec::new();
        for (m, mat) in self.state.mats.iter().enumerate() {
            for (s, sq) in mat.squares.iter().enumerate() {
                if let Some(level) = sq.stack.len().checked_sub(1) {
                    let y = tower_base_y(level) + TOWER_H / 2.0;
                    out.push(((m, s), [layout.square_x(m, s), y]));
                }
            }
        }
        out
    }

    /// Solo rearranging by dragging: every square, with where a tower dropped on it would stand
    /// (on the mat, or on top of its stack). Full stacks are included: a drop there is refused
    /// with the reason.
    pub fn drag_snaps(&self) -> Vec<((usize, usize), [f32; 2])> {
        if !matches!(self.state.phase, Phase::Rearrange) {
            return Vec::new();
        }
        let layout = table::layout_of(&self.state);
        let mut out = Vec::new();
        for (m, mat) in self.state.mats.iter().enumerate() {
            for (s, sq) in mat.squares.iter().enumerate() {
                let y = tower_base_y(sq.stack.len()) + TOWER_H / 2.0;
                out.push(((m, s), [layout.square_x(m, s), y]));
            }
        }
        out
    }

    /// Turns `drag_tower [source, x_mm, y_mm, angle]` into `move_tower FROM_MAT FROM_SQUARE
    /// TO_MAT TO_SQUARE`: the source names the square picked up from, the square dropped on is
    /// the one under x (a side view has one column above each square). The rules then refuse an
    /// illegal stack.
    fn resolve_drag(&self, seat: usize, src: i64, x_mm: i64, angle: i64) -> RuleResult<Move> {
        if !matches!(self.state.phase, Phase::Rearrange) {
            return Err(Refusal::new(
                "towers are dragged only while rearranging (solo: tap Rearrange first)",
            ));
        }
        let sources = self.drag_sources();
        let Some(&((fm, fs), _)) = usize::try_from(src).ok().and_then(|i| sources.get(i)) else {
            return Err(Refusal(format!(
                "there is no tower number {src} to pick up ({} towers stand on the mats)",
                sources.len()
            )));
        };
        if angle != 0 {
            return Err(Refusal::new("a tower stands upright: it cannot be turned"));
        }
        let x = x_mm as f32 / 1000.0;
        let best = self
            .drag_snaps()
            .into_iter()
            .map(|(ms, p)| ((p[0] - x).abs(), ms))
            .min_by(|a, b| a.0.total_cmp(&b.0));
        match best {
            Some((dx, (tm, ts))) if dx <= SQUARE / 2.0 => Ok(Action::MoveTower {
                from: Square {
                    mat: fm,
                    square: fs,
                },
                to: Square {
                    mat: tm,
                    square: ts,
                },
            }
            .encode(seat)),
            _ => Err(Refusal::new(
                "that is not on a square: drop the tower on a square of a mat",
            )),
        }
    }
}

pub fn new(options: &[String], seats: Vec<Seat>, seed: u64) -> RuleResult<Box<dyn Game>> {
    Ok(Box::new(Castle::create(options, seats, seed)?))
}

impl Game for Castle {
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
        self.state.choices()
    }

    fn launch_prompt(&self) -> Option<LaunchPrompt> {
        let s = &self.state;
        if !s.expects_shot() {
            return None;
        }
        let origin = table::catapult_origin(s)?;
        let mut p = LaunchPrompt::new(LaunchKind::Catapult, origin);
        p.angle = (0, 1800);
        // A full pull lands at the far end of the table (the catapult's own speeds).
        let (x0, x1) = table::layout_of(s).table_span();
        let far = (origin[0] - x0).max(x1 - origin[0]);
        let (lo, hi) = CATAPULT_SPEED;
        let mut p = p.useful_up_to(crate::physics::launch::power_to_reach(
            far,
            -origin[1],
            lo,
            hi,
            crate::physics::GRAVITY,
        ));
        if s.turn.toss {
            p.kinds.push(LaunchKind::Toss);
            p.spin = (-1000, 1000);
            p.x = TOSS_X_MM;
            p.y = TOSS_Y_MM;
        }
        Some(p)
    }

    fn placement_prompt(&self) -> Option<PlacementPrompt> {
        if matches!(self.state.phase, Phase::Rearrange) {
            let sources = self.drag_sources();
            if sources.is_empty() {
                return None;
            }
            let layout = table::layout_of(&self.state);
            let x0 = layout.mat_x0(0);
            return Some(PlacementPrompt {
                action: DRAG_ACTION.into(),
                label: format!(
                    "Drag a tower to another square (stacks at most {} high)",
                    rules::SOLO_MAX_STACK
                ),
                half_extents: [TOWER_HW, TOWER_H / 2.0],
                region: [
                    x0,
                    0.0,
                    x0 + layout.row_len(),
                    tower_top_y(rules::SOLO_MAX_STACK),
                ],
                angle: (0, 0),
                snaps: self.drag_snaps().into_iter().map(|t| t.1).collect(),
                sources: sources.into_iter().map(|t| t.1).collect(),
            });
        }
        let targets = self.drop_targets();
        let m = self.state.mat_of(self.state.turn.seat)?;
        if targets.is_empty() {
            return None;
        }
        let layout = table::layout_of(&self.state);
        let x0 = layout.mat_x0(m);
        Some(PlacementPrompt {
            action: DROP_ACTION.into(),
            label: "Drop the tower you took on a square of your mat".into(),
            half_extents: [TOWER_HW, TOWER_H / 2.0],
            region: [x0, 0.0, x0 + layout.mat_len(), 0.6],
            angle: (0, 0),
            snaps: targets.iter().map(|t| t.1).collect(),
            sources: Vec::new(),
        })
    }

    fn fire(&self, launch: &Launch) -> RuleResult<Box<dyn Shot>> {
        let frame = TableView {
            bodies: Vec::new(),
            bounds: table::layout_of(&self.state).view_bounds(),
            labels: view::labels(&self.state, &self.seats),
        };
        match table::CastleShot::fire(&self.state, &self.seats, launch, frame) {
            Some(shot) => Ok(Box::new(shot)),
            None => Err(Refusal::new("the catapult has no corner to stand at")),
        }
    }

    fn play(&mut self, mv: &Move) -> RuleResult<Vec<Event>> {
        // The app's drags are read here and become the rules' own moves.
        if mv.action == DROP_ACTION || mv.action == DRAG_ACTION {
            let gesture = Action::decode(mv)?;
            let resolved = match gesture {
                Action::Drop { x, .. } => self.resolve_drop(mv.seat, x)?,
                Action::DragTower {
                    source, x, angle, ..
                } => self.resolve_drag(mv.seat as usize, source, x, angle)?,
                _ => return self.state.apply(mv),
            };
            return self.state.apply(&resolved);
        }
        self.state.apply(mv)
    }

    /// Before the shot only the cards worth playing; otherwise every choice (`decide`).
    fn candidates(&self) -> Vec<Move> {
        bot::decide::candidates(&self.state)
    }

    fn invariant_violations(&self) -> Vec<String> {
        self.state.conservation()
    }

    fn sample_outcome(&self, rng: &mut crate::core::Rng) -> Option<Outcome> {
        let facts = self.state.sample_facts(rng)?;
        Some(Outcome {
            facts,
            ..Outcome::default()
        })
    }
}

impl Designs for Castle {
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

#[cfg(test)]
mod status_tests {
    use super::*;
    use crate::core::seat::default_seats;
    use crate::core::status::unplayerly;

    fn castle(n: usize, options: &[&str]) -> Castle {
        let options: Vec<String> = options.iter().map(|o| o.to_string()).collect();
        Castle::create(&options, default_seats(n, SeatKind::Human), 7)
            .unwrap_or_else(|e| panic!("{e}"))
    }

    fn texts(items: &[StatusItem]) -> Vec<(Icon, String)> {
        items.iter().map(|i| (i.icon, i.text.clone())).collect()
    }

    #[test]
    fn the_status_line_shows_the_supply_the_shooters_towers_and_hand() {
        let g = castle(2, &[]);
        let items = g.status();
        assert_eq!(
            texts(&items),
            vec![
                (Icon::Next, "Aim at a tower".to_string()),
                (Icon::Ammo, "36".to_string()),
                (Icon::Tower, "4".to_string()),
                (Icon::Card, "0".to_string()),
            ]
        );
        assert!(items.iter().all(|i| unplayerly(&i.text).is_none()));
    }

    #[test]
    fn after_a_hit_the_status_asks_to_place_the_tower_and_counts_the_ammo_in_it() {
        use crate::core::Fact;
        let mut g = castle(2, &[]);
        // Seat 0 hits the tower on the unassigned mat 2, square 1.
        let tower = g.state.mats[1].squares[0]
            .stack
            .last()
            .map(|t| t.id)
            .unwrap_or_else(|| panic!("a tower there"));
        let hit = Move::outcome_only(
            0,
            vec![
                Fact::new(rules::FACT_IN_TOWER, &[tower as i64]),
                Fact::new(rules::FACT_REST, &[0, 14]),
            ],
        );
        g.apply(&hit).unwrap_or_else(|e| panic!("{e}"));
        let items = texts(&g.status());
        assert_eq!(
            items[0],
            (Icon::Next, "Place the tower you took".to_string())
        );
        assert_eq!(
            items[1],
            (Icon::Ammo, "35".to_string()),
            "one ball is in the tower"
        );
        assert_eq!(
            items[2],
            (Icon::Tower, "4".to_string()),
            "the tower taken is not on the mat yet"
        );
    }

    #[test]
    fn a_solo_status_counts_the_ammo_left_of_the_solo_supply_and_the_score() {
        let g = castle(1, &[]);
        let items = texts(&g.status());
        assert!(
            items.contains(&(
                Icon::Ammo,
                format!("{} of {}", rules::SOLO_AMMO, rules::SOLO_AMMO)
            )),
            "{items:?}"
        );
        assert!(items.iter().any(|(i, _)| *i == Icon::Points), "{items:?}");
        assert!(!items.iter().any(|(i, _)| *i == Icon::Tower), "{items:?}");
    }
}
