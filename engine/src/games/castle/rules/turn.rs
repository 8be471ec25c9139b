//! The decisions open now (`choices`), `apply` (which hands each move to its rule), and the end
//! of a turn.

use super::codec::{Action, Square, StackCard};
use super::*;
use crate::core::game::RulesState;
use crate::games::castle::rules::events::Ev;

impl State {
    // ---- choices ---------------------------------------------------------------------------

    pub fn choices(&self) -> Vec<Choice> {
        let mut out = Vec::new();
        let Some(seat) = self.acting() else {
            return out;
        };
        let mut add = |label: String, action: Action| {
            out.push(Choice {
                label,
                mv: action.encode(seat),
            })
        };
        match &self.phase {
            Phase::Over => {}
            Phase::Aim => {
                // First, so the app's bottom bar (a few rows of buttons) always shows it.
                if self.solo && self.rearrangements_left > 0 {
                    add(
                        format!("Rearrange the towers ({} left)", self.rearrangements_left),
                        Action::Rearrange,
                    );
                }
                if self.effects_allowed() && self.turn.shots_taken == 0 {
                    for (i, c) in self.hands[seat].iter().enumerate() {
                        match c.effect {
                            Effect::ReinforcedRoof => {
                                for (m, mat) in self.mats.iter().enumerate() {
                                    for (s, sq) in mat.squares.iter().enumerate() {
                                        if !sq.stack.is_empty() && sq.roof.is_none() {
                                            add(
                                                format!(
                                                    "Reinforced Roof on mat {} square {}",
                                                    m + 1,
                                                    s + 1
                                                ),
                                                Action::Play {
                                                    card: i,
                                                    roof: Some(Square { mat: m, square: s }),
                                                },
                                            );
                                        }
                                    }
                                }
                            }
                            Effect::MagicToss if self.turn.toss => {}
                            Effect::StrongAmmo if self.turn.strong => {}
                            e => add(
                                format!("Play {}", e.name()),
                                Action::Play {
                                    card: i,
                                    roof: None,
                                },
                            ),
                        }
                    }
                }
                let on = self.stand.get(seat).copied().unwrap_or(false);
                add(
                    if on {
                        "Shoot from the table again".into()
                    } else {
                        "Shoot from higher up".into()
                    },
                    Action::Stand(!on),
                );
                let current = self.corner.get(seat).copied().unwrap_or(0);
                let may_move = self.solo || self.turn.shots_taken == 0;
                for (i, c) in self.corners(seat).iter().enumerate() {
                    if i != current && may_move {
                        let side = if c.end == 0 { "left" } else { "right" };
                        add(
                            format!("Catapult to the {side} corner of mat {}", c.mat + 1),
                            Action::Corner(i),
                        );
                    }
                }
                if self.turn.shots_taken > 0 {
                    add("End the turn (skip the extra shot)".into(), Action::EndTurn);
                }
            }
            Phase::Rearrange => {
                add("Done rearranging".into(), Action::Done);
                for (fm, fmat) in self.mats.iter().enumerate() {
                    for (fs, fsq) in fmat.squares.iter().enumerate() {
                        if fsq.stack.is_empty() {
                            continue;
                        }
                        for (tm, tmat) in self.mats.iter().enumerate() {
                            for (ts, tsq) in tmat.squares.iter().enumerate() {
                                if (tm, ts) != (fm, fs) && tsq.stack.len() < SOLO_MAX_STACK {
                                    add(
                                        format!("Move the tower from mat {} square {} to mat {} square {}", fm + 1, fs + 1, tm + 1, ts + 1),
                                        Action::MoveTower {
                                            from: Square { mat: fm, square: fs },
                                            to: Square { mat: tm, square: ts },
                                        },
                                    );
                                }
                            }
                        }
                    }
                }
            }
            Phase::Place { .. } => {
                let Some(m) = self.mat_of(seat) else {
                    return out;
                };
                let mat = &self.mats[m];
                let empty: Vec<usize> = (0..mat.squares.len())
                    .filter(|&s| mat.squares[s].stack.is_empty())
                    .collect();
                if !empty.is_empty() {
                    for s in empty {
                        add(
                            format!("Place the tower on square {}", s + 1),
                            Action::Place(s),
                        );
                    }
                } else {
                    let deck = &self.decks[mat.deck];
                    let hand = &self.hands[seat];
                    for (s, sq) in mat.squares.iter().enumerate() {
                        if sq.roof.is_some() || sq.stack.len() >= MAX_STACK {
                            continue;
                        }
                        if !deck.is_empty() || (hand.is_empty() && deck.available() > 0) {
                            add(
                                format!(
                                    "Stack the tower on square {} (card from your deck)",
                                    s + 1
                                ),
                                Action::Stack {
                                    square: s,
                                    card: StackCard::Deck,
                                },
                            );
                        } else {
                            for (i, c) in hand.iter().enumerate() {
                                add(
                                    format!(
                                        "Stack the tower on square {} (give up {})",
                                        s + 1,
                                        c.effect.name()
                                    ),
                                    Action::Stack {
                                        square: s,
                                        card: StackCard::Hand(i),
                                    },
                                );
                            }
                        }
                    }
                }
            }
            Phase::Draw { .. } => {
                add("Draw a card".into(), Action::Draw);
                add("Do not draw".into(), Action::Decline);
            }
        }
        out
    }

    // ---- apply ------------------------------------------------------------------------------

    pub fn apply(&mut self, mv: &Move) -> RuleResult<Vec<Event>> {
        let Some(acting) = self.acting() else {
            crate::refuse!("the game is over");
        };
        let seat = mv.seat as usize;
        if seat != acting {
            crate::refuse!("it is seat {}'s move, not seat {}'s", acting + 1, seat + 1);
        }
        if mv.is_shot() {
            return match self.phase {
                Phase::Aim => self.apply_shot(seat, mv),
                ref p => crate::refuse!("`shot` is not possible now (phase: {})", phase_name(p)),
            };
        }
        let action = Action::decode(mv)?;
        let phase = self.phase.clone();
        match (&phase, action) {
            (Phase::Aim, Action::Play { card, roof }) => self.play_card(seat, card, roof),
            (Phase::Aim, Action::Stand(on)) => {
                if self.stand[seat] == on {
                    crate::refuse!(
                        "the catapult is already {}",
                        if on { "on the box" } else { "off the box" }
                    );
                }
                self.stand[seat] = on;
                Ok(vec![ev(
                    Ev::Stand,
                    Some(seat),
                    &[on as i64],
                    if on {
                        "stands the catapult on the game box"
                    } else {
                        "stands the catapult on the table"
                    },
                )])
            }
            (Phase::Aim, Action::Corner(i)) => {
                let cs = self.corners(seat);
                if i >= cs.len() {
                    crate::refuse!(
                        "corner {i} does not exist: this catapult has {} corner(s)",
                        cs.len()
                    );
                }
                if self.turn.shots_taken > 0 && !self.solo {
                    crate::refuse!("the catapult stays where it is for the rest of the turn");
                }
                self.corner[seat] = i;
                let c = cs[i];
                Ok(vec![ev(
                    Ev::Corner,
                    Some(seat),
                    &[c.mat as i64, c.end as i64],
                    format!(
                        "moves the catapult to the {} corner of mat {}",
                        if c.end == 0 { "left" } else { "right" },
                        c.mat + 1
                    ),
                )])
            }
            (Phase::Aim, Action::Rearrange) => {
                if !self.solo {
                    crate::refuse!("rearranging the towers is only allowed in the solo game");
                }
                if self.rearrangements_left == 0 {
                    crate::refuse!("both rearrangements have been used");
                }
                self.rearrangements_left -= 1;
                self.phase = Phase::Rearrange;
                Ok(vec![ev(
                    Ev::RearrangeStart,
                    Some(seat),
                    &[self.rearrangements_left as i64],
                    format!(
                        "Rearranging the towers ({} rearrangement(s) left after this)",
                        self.rearrangements_left
                    ),
                )])
            }
            (Phase::Aim, Action::EndTurn) => {
                if self.turn.shots_taken == 0 {
                    crate::refuse!("take your shot first: only an extra shot may be skipped");
                }
                Ok(self.end_turn())
            }
            (Phase::Rearrange, Action::MoveTower { from, to }) => self.move_tower(from, to),
            (Phase::Rearrange, Action::Done) => {
                self.phase = Phase::Aim;
                Ok(vec![ev(
                    Ev::RearrangeDone,
                    Some(seat),
                    &[],
                    "The towers are rearranged",
                )])
            }
            (Phase::Place { .. }, Action::Place(square)) => self.place_tower(seat, square, None),
            (Phase::Place { .. }, Action::Stack { square, card }) => {
                self.place_tower(seat, square, Some(card))
            }
            (&Phase::Draw { victim, left }, a @ (Action::Draw | Action::Decline)) => {
                let mut events = if a == Action::Draw {
                    let e = self.draw_card(victim);
                    if e.is_empty() {
                        crate::refuse!(
                            "your deck and discard pile are empty: there is no card to draw"
                        );
                    }
                    e
                } else {
                    vec![ev(
                        Ev::DrawDeclined,
                        Some(victim),
                        &[],
                        "does not draw a card",
                    )]
                };
                let left = left.saturating_sub(1);
                let can_draw = self
                    .mat_of(victim)
                    .map(|m| self.decks[self.mats[m].deck].available() > 0)
                    .unwrap_or(false);
                if left > 0 && can_draw {
                    self.phase = Phase::Draw { victim, left };
                } else {
                    events.extend(self.after_shot());
                }
                Ok(events)
            }
            (p, a) => crate::refuse!(
                "`{}` is not possible now (phase: {})",
                a.name(),
                phase_name(p)
            ),
        }
    }

    pub(super) fn end_turn(&mut self) -> Vec<Event> {
        let seat = self.turn.seat;
        self.turns_played += 1;
        let mut events = vec![ev(
            Ev::TurnEnd,
            Some(seat),
            &[self.turns_played as i64],
            format!("Player {}'s turn ends", seat + 1),
        )];
        let over = if self.solo {
            self.supply == 0 || self.towers_on_mats() == 0
        } else {
            self.supply == 0 || (0..self.seats).any(|s| self.towers_of(s) == 0)
        };
        if over {
            self.phase = Phase::Over;
            let scores = self.scores();
            let text = if self.solo {
                format!(
                    "Game over: {} towers removed + {} ammo left = {} points: {}",
                    self.removed.len(),
                    self.supply,
                    self.solo_score(),
                    solo_title(self.solo_score())
                )
            } else if self.supply == 0 {
                "Game over: all the ammo is inside towers".to_string()
            } else {
                "Game over: a player has no towers left".to_string()
            };
            events.push(ev(Ev::GameOver, None, &scores, text));
            return events;
        }
        self.order.advance();
        let next = self.order.current();
        self.turn = TurnState::new(next);
        self.phase = Phase::Aim;
        events.push(ev(
            Ev::TurnStart,
            Some(next),
            &[],
            format!("Seat {}'s turn", next + 1),
        ));
        events
    }
}
