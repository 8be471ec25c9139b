//! Catapult Castle: shoot ammo into the other players' towers (cups) and take them home.
//! `rules.rs` is the pure game, `table.rs` the physics, `bot.rs` the bot's aim, `view.rs` the
//! table for the renderer. Rule decisions: docs/rules/castle.md.

pub mod bot;
pub mod geometry;
pub mod rules;
pub mod table;
pub mod view;

pub use table::{
    TAG_AMMO, TAG_CARD, TAG_CATAPULT, TAG_MAT, TAG_ROOF, TAG_SHOT, TAG_STAND, TAG_TABLE, TAG_TOWER,
};

use crate::core::{
    Choice, Event, Game, Launch, LaunchKind, LaunchPrompt, Move, Outcome, Ranking, Refusal,
    RuleResult, Seat, Shot, TableView,
};
use geometry::*;
use rules::{Phase, State};

#[derive(Clone)]
pub struct Castle {
    pub state: State,
    seats: Vec<Seat>,
    /// The setup's events (for the log; `apply` returns the later ones).
    pub setup_events: Vec<Event>,
}

impl Castle {
    pub fn create(options: &[String], seats: Vec<Seat>, seed: u64) -> RuleResult<Castle> {
        let (state, setup_events) = State::new(seats.len(), options, seed)?;
        Ok(Castle {
            state,
            seats,
            setup_events,
        })
    }
}

pub fn new(options: &[String], seats: Vec<Seat>, seed: u64) -> RuleResult<Box<dyn Game>> {
    Ok(Box::new(Castle::create(options, seats, seed)?))
}

impl Game for Castle {
    fn id(&self) -> &'static str {
        "castle"
    }

    fn seats(&self) -> &[Seat] {
        &self.seats
    }

    fn turn(&self) -> Option<usize> {
        self.state.acting()
    }

    fn phase(&self) -> String {
        let s = &self.state;
        match &s.phase {
            Phase::Aim if s.turn.shots_taken > 0 => {
                format!("Aim (extra shot {})", s.turn.shots_taken + 1)
            }
            p => rules::phase_label(p).to_string(),
        }
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
        if s.turn.toss {
            p.kinds.push(LaunchKind::Toss);
            p.spin = (-1000, 1000);
            p.x = TOSS_X_MM;
            p.y = TOSS_Y_MM;
        }
        Some(p)
    }

    fn start_shot(&self, launch: &Launch) -> RuleResult<Box<dyn Shot>> {
        let Some(prompt) = self.launch_prompt() else {
            return Err(Refusal::new("no shot is expected now"));
        };
        prompt.check(launch)?;
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

    fn apply(&mut self, mv: &Move) -> RuleResult<Vec<Event>> {
        if let Some(l) = &mv.launch {
            if let Some(p) = self.launch_prompt() {
                p.check(l)?;
            }
        }
        self.state.apply(mv)
    }

    fn is_over(&self) -> bool {
        self.state.is_over()
    }

    fn scores(&self) -> Vec<i64> {
        self.state.scores()
    }

    fn ranking(&self) -> Ranking {
        self.state.ranking()
    }

    fn view(&self) -> TableView {
        view::table_view(&self.state, &self.seats)
    }

    fn hud(&self) -> Vec<String> {
        let s = &self.state;
        let mut out = Vec::new();
        let Some(seat) = s.acting() else {
            out.push("Game over".into());
            let names: Vec<String> = self.seats.iter().map(|x| x.name.clone()).collect();
            out.extend(s.ranking().explain(&names));
            if s.solo {
                out.push(rules::solo_title(s.solo_score()).to_string());
            }
            return out;
        };
        let name = self
            .seats
            .get(seat)
            .map(|x| x.name.clone())
            .unwrap_or_default();
        out.push(format!("{name}: {}", self.phase()));
        let hand: Vec<&str> = s.hands[seat].iter().map(|c| c.effect.name()).collect();
        out.push(format!(
            "Hand: {}",
            if hand.is_empty() {
                "no cards".to_string()
            } else {
                hand.join(", ")
            }
        ));
        if s.solo {
            out.push(format!(
                "Ammo left {} of {} · towers removed {} · score {} ({}) · rearrangements left {}",
                s.supply,
                rules::SOLO_AMMO,
                s.removed.len(),
                s.solo_score(),
                rules::solo_title(s.solo_score()),
                s.rearrangements_left
            ));
        } else {
            out.push(format!(
                "Supply: {} ammo · in towers: {}",
                s.supply,
                s.ammo_in_towers()
            ));
            let towers: Vec<String> = (0..s.seats)
                .map(|i| {
                    let n = self
                        .seats
                        .get(i)
                        .map(|x| x.name.clone())
                        .unwrap_or_default();
                    format!("{n} {} towers ({} ammo)", s.towers_of(i), s.ammo_of(i))
                })
                .collect();
            out.push(towers.join(" · "));
        }
        let mut effects = Vec::new();
        if s.turn.toss {
            effects.push("Magic Toss".to_string());
        }
        if s.turn.strong {
            effects.push("Strong Ammo".to_string());
        }
        if s.turn.shots_allowed > 1 {
            effects.push(format!(
                "shot {} of {}",
                s.turn.shots_taken + 1,
                s.turn.shots_allowed
            ));
        }
        if s.stand.get(s.turn.seat).copied().unwrap_or(false) {
            effects.push("catapult on the box".to_string());
        }
        if !effects.is_empty() {
            out.push(format!("This turn: {}", effects.join(", ")));
        }
        out
    }

    fn rate_outcome(&self, outcome: &Outcome) -> i64 {
        bot::rate(&self.state, outcome)
    }

    fn aim_hints(&self) -> Vec<Launch> {
        bot::aim_hints(&self.state)
    }

    fn clone_game(&self) -> Box<dyn Game> {
        Box::new(self.clone())
    }
}
