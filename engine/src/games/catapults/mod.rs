//! Catapults (Green Box of Games): flick cubes off a tile lever into the scoring tiles of the box.
//!
//! `rules` is pure (cubes, rounds, scoring), `layout` holds the table's measurements (shared by
//! the rules and the physics), `table` builds the physics table and fires the finger strike,
//! `bot` gives the built-in bot its aim.

pub mod bot;
pub mod layout;
pub mod rules;
pub mod table;
pub mod view;

use crate::core::event::cues_of;
use crate::core::game::prelude::*;
use crate::core::registry::{DailyFormat, GameInfo, RulesPicture, RulesSection};
use crate::core::{
    rank, Choice, Event, Game, Launch, LaunchKind, LaunchPrompt, Move, Outcome, Ranking, Refusal,
    RuleResult, Seat, Shot, TableView,
};
use rules::{RoundResult, State};

/// The registry entry (`games::GAMES`).
pub const INFO: GameInfo = GameInfo {
    id: "catapults",
    name: "Catapults",
    min_seats: 2,
    max_seats: 4,
    available: true,
    blurb: "Flick cubes off a tile lever into the scoring zones of the box.",
    options: &[],
    rules: "The open box lid lies in the middle: a yellow start tile (5 points) inside a ring of \
eight tiles (1 point). Each side has a row of tiles against the box (2 points for the players of \
that side), a rulebook's length of empty table, a second row of tiles, and behind it the catapult: \
a meeple lying on its side with a tile across it. Put a cube on the near end of the tile and flick \
the far end with your finger: the harder the strike, the farther the cube flies. In turn, everyone \
flicks one cube until all have flicked four. Cubes stay where they land and may be knocked by later \
cubes. A cube scores the best tile any part of it touches. At the end of a round every player \
scores the difference between their tile points and the worst player's; then the cubes come back. \
From round two the leader flicks first and the last-placed player last. The first to 21 points \
with a lead of at least 2 wins. The side view has two ends: with three or four players, players \
share them and who shares changes every round. The view turns so the shooter's catapult is always \
on the left.",
    event_cues: cues_of::<rules::events::Ev>,
    new,
    timed_seats: Some(4),
    short_rules: &[
        RulesSection {
            heading: "Goal",
            picture: RulesPicture::Goal,
            words: "Flick cubes into the scoring tiles of the box. The first to 21 points with a lead of at least 2 wins.",
        },
        RulesSection {
            heading: "The table",
            picture: RulesPicture::Map,
            words: "The yellow tile in the middle of the box is worth 5, the ring of tiles round it 1, and the row against the box on your side 2.",
        },
        RulesSection {
            heading: "Your turn",
            picture: RulesPicture::Shoot,
            words: "Put a cube on the near end of the lever and flick the far end: the harder the strike, the farther it flies. Everyone flicks one cube in turn until all have flicked four.",
        },
        RulesSection {
            heading: "Scoring",
            picture: RulesPicture::Score,
            words: "A cube scores the best tile any part of it touches. At the end of a round each player scores the difference between their points and the lowest player's.",
        },
        RulesSection {
            heading: "Winning",
            picture: RulesPicture::Win,
            words: "The first to 21 points with a lead of at least 2 wins.",
        },
    ],
    daily: Some(DailyFormat::Duel),
    ..GameInfo::BASE
};

#[derive(Clone)]
pub struct Catapults {
    /// Moves played so far (`Game::count_played`): the move cap reads it.
    played: u32,
    pub state: State,
    seats: Vec<Seat>,
    built: Built,
}

/// The tables built and stepped to the strike (`table::build`) for the last setup, one per
/// fulcrum (`table::FULCRUM` allows eleven): a bot's candidate flicks share them instead of
/// stepping the same frames again. A copy steps on exactly as a fresh build would
/// (`Table: Clone`), so every shot is the same.
type Struck = (i32, crate::physics::Table, table::Pieces);

#[derive(Default)]
struct Built(std::sync::Mutex<Option<(table::Setup, Vec<Struck>)>>);

impl Clone for Built {
    fn clone(&self) -> Self {
        Built::default()
    }
}

impl Built {
    fn fire(&self, setup: &table::Setup, launch: &Launch, names: &[String]) -> table::FlickShot {
        let Ok(mut last) = self.0.lock() else {
            return table::FlickShot::fire(setup, launch, names);
        };
        if last.as_ref().is_none_or(|(s, _)| s != setup) {
            *last = Some((setup.clone(), Vec::new()));
        }
        let Some((_, built)) = last.as_mut() else {
            return table::FlickShot::fire(setup, launch, names);
        };
        let (table, pieces) = match built.iter().find(|b| b.0 == launch.y) {
            Some((_, t, p)) => (t.clone(), p.clone()),
            None => {
                let (t, p) = table::build(setup, launch.y);
                built.push((launch.y, t.clone(), p.clone()));
                (t, p)
            }
        };
        let frame = table::frame(pieces.mirror, names, &setup.ends);
        table::FlickShot::struck(table, pieces, launch, frame)
    }
}

/// Creates a game (no options; the seed is unused: nothing in Catapults is random but the flick).
pub fn new(options: &[String], seats: Vec<Seat>, seed: u64) -> RuleResult<Box<dyn Game>> {
    if let Some(o) = options.first() {
        return Err(Refusal(format!("Catapults has no option `{o}`")));
    }
    let _ = seed;
    Ok(Box::new(Catapults::new(seats)?))
}

impl Catapults {
    pub fn new(seats: Vec<Seat>) -> RuleResult<Catapults> {
        Ok(Catapults {
            played: 0,
            state: State::new(seats.len())?,
            seats,
            built: Built::default(),
        })
    }

    /// Game totals after each round, round by round (the results screen charts these).
    pub fn history(&self) -> &[RoundResult] {
        &self.state.history
    }

    fn names(&self) -> Vec<String> {
        self.seats.iter().map(|s| s.name.clone()).collect()
    }

    fn name(&self, seat: usize) -> String {
        self.seats
            .get(seat)
            .map(|s| s.name.clone())
            .unwrap_or_else(|| format!("Seat {}", seat + 1))
    }

    fn setup(&self, shooter: usize, cube: Option<usize>) -> table::Setup {
        let resting = self
            .state
            .on_table()
            .into_iter()
            .map(|(owner, index, x, y, angle)| table::Placed {
                owner,
                index,
                x,
                y,
                angle,
            })
            .collect();
        table::Setup {
            resting,
            shooter,
            cube,
            colours: self.seats.iter().map(|s| s.rgb()).collect(),
            ends: self.state.ends(),
        }
    }

    /// The seat whose side of the table is drawn on the left: the one to act (the last winner
    /// once the game is over).
    fn viewer(&self) -> usize {
        self.state
            .turn()
            .or_else(|| rules::winner(&self.state.totals))
            .unwrap_or(0)
    }
}

/// The close-up while a player aims (the shooter is always drawn on the left): from just behind
/// the lever to past the far wall of the box lid, the table top to a hand's height (the
/// view is wider than tall, so this mostly keeps the table top low on the screen, under the HUD). The lever, the meeple
/// and the cube are a few millimetres: on the whole 1.2 m table they are a few pixels.
pub fn aim_bounds() -> [f32; 4] {
    let mm = |v: i32| v as f32 / 1000.0;
    [
        mm(-layout::LEVER_NEAR - 25),
        mm(-20),
        mm(layout::LID_OUTER_HALF + 10),
        mm(160),
    ]
}

use crate::core::status::{self, Icon, StatusItem};

impl Game for Catapults {
    fn drop_caches(&mut self) {
        self.built = Built::default();
    }
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
        Vec::new()
    }

    fn launch_prompt(&self) -> Option<LaunchPrompt> {
        self.state.turn()?;
        let tip = -((layout::OUT_LINE + layout::CATAPULT_GAP) as f32) / 1000.0;
        let mut p = LaunchPrompt::new(LaunchKind::Flick, [tip, 0.012]);
        p.angle = table::STRIKE_ANGLE;
        p.power = (0, 1000);
        p.spin = (0, 0);
        p.x = table::CONTACT;
        p.y = table::FULCRUM;
        Some(p)
    }

    fn no_shot_now(&self) -> Refusal {
        Refusal::new("the game is over: nobody flicks")
    }

    fn fire(&self, launch: &Launch) -> RuleResult<Box<dyn Shot>> {
        let (Some(seat), Some(cube)) = (self.state.turn(), self.state.cube_to_flick()) else {
            return Err(Refusal::new("no cube is left to flick"));
        };
        let setup = self.setup(seat, Some(cube));
        Ok(Box::new(self.built.fire(&setup, launch, &self.names())))
    }

    fn play(&mut self, mv: &Move) -> RuleResult<Vec<Event>> {
        if !mv.is_shot() {
            match rules::codec::Action::decode(mv)? {}
        }
        let outcome = mv.outcome.as_ref().ok_or_else(|| {
            Refusal::new("a flick needs its outcome (where the cubes came to rest)")
        })?;
        self.state.apply_shot(mv.seat as usize, &outcome.facts)
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

impl Designs for Catapults {}

impl crate::core::game::RulesState for State {
    fn acting(&self) -> Option<usize> {
        self.turn()
    }

    fn phase_label(&self, _seats: &[Seat]) -> String {
        match (self.turn(), self.cube_to_flick()) {
            (Some(_), Some(c)) => format!("Flick cube {} of {}", c + 1, rules::CUBES),
            _ => "Game over".to_string(),
        }
    }

    fn is_over(&self) -> bool {
        self.over
    }

    fn scores(&self) -> Vec<i64> {
        self.totals.clone()
    }

    fn ranking(&self) -> Ranking {
        let keys: Vec<Vec<i64>> = (0..self.players)
            .map(|s| {
                let best = self.history.iter().map(|r| r.awarded[s]).max().unwrap_or(0);
                vec![self.totals[s], best]
            })
            .collect();
        rank(&["points", "best round"], &keys)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::seat::{default_seats, SeatKind};

    #[test]
    fn a_flick_from_a_shared_built_table_ends_exactly_as_one_from_a_fresh_build() {
        let g = Catapults::new(default_seats(2, SeatKind::Bot)).unwrap_or_else(|e| panic!("{e}"));
        let (Some(seat), Some(cube)) = (g.state.turn(), g.state.cube_to_flick()) else {
            panic!("a fresh game has a cube to flick");
        };
        let setup = g.setup(seat, Some(cube));
        for (power, y) in [(520, 44), (610, 44), (700, 40)] {
            let l = Launch {
                kind: LaunchKind::Flick,
                angle: table::STRIKE_ANGLE.0,
                power,
                spin: 0,
                x: table::CONTACT.0,
                y,
            };
            let fresh = table::FlickShot::fire(&setup, &l, &g.names()).run_to_rest();
            for _ in 0..2 {
                let shared = g
                    .start_shot(&l)
                    .unwrap_or_else(|e| panic!("{e}"))
                    .run_to_rest();
                assert_eq!(shared, fresh, "power {power}, fulcrum {y}");
            }
        }
    }

    #[test]
    fn the_status_line_shows_the_round_the_cube_and_the_flickers_points() {
        use crate::core::status::unplayerly;
        let g = Catapults::new(default_seats(2, SeatKind::Human)).unwrap_or_else(|e| panic!("{e}"));
        let items = crate::core::status::pairs(g.status());
        assert_eq!(
            items,
            vec![
                (Icon::Round, "Round 1".to_string()),
                (Icon::Cube, "1 of 4".to_string()),
                (Icon::Points, "0".to_string()),
                (Icon::None, "First to 21".to_string()),
            ]
        );
        assert!(items.iter().all(|(_, t)| unplayerly(t).is_none()));
        // Seat 0's cube on the centre tile, seat 1's off the tiles: seat 0's second cube, with
        // 5 on the tiles.
        let mut g = g;
        for (seat, x) in [(0, 0), (1, -250)] {
            assert_eq!(g.state.turn(), Some(seat));
            let fact = crate::core::Fact::new("cube", &[seat as i64, 0, x, 9, 0]);
            g.apply(&Move::outcome_only(seat, vec![fact]))
                .unwrap_or_else(|e| panic!("{e}"));
        }
        let texts: Vec<String> = g.status().into_iter().map(|i| i.text).collect();
        assert_eq!(g.state.turn(), Some(0));
        assert_eq!(texts[1], "2 of 4");
        assert!(
            texts.contains(&"5 on the tiles now".to_string()),
            "{texts:?}"
        );
    }
}
