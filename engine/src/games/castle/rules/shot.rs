//! Resolving a shot: its facts, hits and misses, roofs, and placing a captured tower.

use super::codec::{ShotFact, StackCard};
use super::*;
use crate::core::hidden::Seen;
use crate::core::LaunchKind;
use crate::games::castle::rules::events::Ev;

impl State {
    pub(super) fn apply_shot(&mut self, seat: usize, mv: &Move) -> RuleResult<Vec<Event>> {
        if !self.expects_shot() {
            if self.supply == 0 {
                crate::refuse!("there is no ammo left in the supply");
            }
            crate::refuse!("no shot is left this turn");
        }
        let Some(outcome) = &mv.outcome else {
            crate::refuse!("a shot must carry its outcome");
        };
        let facts = ShotFacts::read(outcome)?;
        if let Some(l) = &mv.launch {
            if l.kind == LaunchKind::Toss && !self.turn.toss {
                crate::refuse!("a hand toss needs a Magic Toss card played this turn");
            }
        }
        let Some(corner) = self.current_corner() else {
            crate::refuse!("seat {} has no corner to shoot from", seat + 1);
        };
        // Every fact is checked before anything changes: a refused shot changes nothing.
        for &tid in &facts.roofs {
            if self.find_tower(tid).is_none() {
                crate::refuse!("fact {FACT_ROOF}: tower {tid} is not on the table");
            }
        }
        if let Some(tid) = facts.in_tower {
            let Some((m, s, level)) = self.find_tower(tid) else {
                crate::refuse!("fact {FACT_IN_TOWER}: tower {tid} is not on the table");
            };
            if level + 1 != self.mats[m].squares[s].stack.len() {
                crate::refuse!("fact {FACT_IN_TOWER}: tower {tid} has another tower on top of it");
            }
        }
        let mut events = Vec::new();
        self.supply -= 1;
        self.turn.shots_taken += 1;
        self.turn.fired_from = Some(corner.mat);
        if self.solo {
            self.spent += 1;
        }
        events.push(ev(
            Ev::Shot,
            Some(seat),
            &[corner.mat as i64, corner.end as i64, self.supply as i64],
            format!(
                "shoots from mat {} ({} ammo left in the supply)",
                corner.mat + 1,
                self.supply
            ),
        ));
        // Which squares had a roof when the ammo flew (a roofed tower cannot be taken this shot).
        let roofed_before: Vec<(usize, usize)> = self
            .mats
            .iter()
            .enumerate()
            .flat_map(|(m, mat)| {
                mat.squares
                    .iter()
                    .enumerate()
                    .filter(|(_, sq)| sq.roof.is_some())
                    .map(move |(s, _)| (m, s))
            })
            .collect();
        for &tid in &facts.roofs {
            let Some((m, s, _)) = self.find_tower(tid) else {
                crate::refuse!("fact {FACT_ROOF}: tower {tid} is not on the table");
            };
            events.extend(self.remove_roof(
                m,
                s,
                "The ammo bounces off the Reinforced Roof: the roof comes off",
            ));
        }
        let hit = match facts.in_tower {
            None => None,
            Some(tid) => {
                let Some((m, s, level)) = self.find_tower(tid) else {
                    crate::refuse!("fact {FACT_IN_TOWER}: tower {tid} is not on the table");
                };
                if level + 1 != self.mats[m].squares[s].stack.len() {
                    crate::refuse!(
                        "fact {FACT_IN_TOWER}: tower {tid} has another tower on top of it"
                    );
                }
                Some((tid, m, s))
            }
        };
        let Some((tid, m, s)) = hit else {
            events.extend(self.miss(
                seat,
                if facts.fell {
                    "The ammo falls off the table"
                } else {
                    "Miss"
                },
            ));
            return Ok(self.finish_shot(events));
        };
        if roofed_before.contains(&(m, s)) {
            events.extend(self.remove_roof(
                m,
                s,
                "The Reinforced Roof holds: the shot does not count and the roof comes off",
            ));
            events.extend(self.miss(seat, "The roof turned the shot away"));
            return Ok(self.finish_shot(events));
        }
        if self.solo {
            return Ok(self.solo_hit(seat, tid, m, s, corner.mat, events));
        }
        let owner = self.mats[m].owner;
        if owner == Some(seat) {
            events.extend(self.miss(seat, "The ammo landed in your own tower: that is a miss"));
            return Ok(self.finish_shot(events));
        }
        // A hit: the ammo stays in the tower; take the top tower (the whole stack with Strong Ammo).
        let stack_len = self.mats[m].squares[s].stack.len();
        let want = if self.turn.strong && self.effects_allowed() {
            stack_len
        } else {
            1
        };
        let can = self.capacity(seat).min(want);
        if let Some(t) = self.mats[m].squares[s].stack.last_mut() {
            t.ammo += 1;
        }
        events.push(ev(
            Ev::Hit,
            Some(seat),
            &[tid as i64, m as i64, s as i64],
            format!(
                "Hit! Player {}'s ammo rests inside the tower on square {} of mat {}",
                seat + 1,
                s + 1,
                m + 1
            ),
        ));
        if can == 0 {
            events.push(ev(
                Ev::CannotTake,
                Some(seat),
                &[tid as i64],
                "No empty square and no card to stack with: the tower stays where it is",
            ));
            return Ok(self.finish_shot(events));
        }
        let mut taken = Vec::new();
        for _ in 0..can {
            let Some(mut t) = self.mats[m].squares[s].stack.pop() else {
                break;
            };
            if let Some(mut card) = t.card_below.take() {
                self.turn_up(&mut card, None, Seen::All);
                self.decks[card.deck].put_discard(card);
                events.push(ev(
                    Ev::CardDiscarded,
                    owner,
                    &[card.id as i64, card.deck as i64],
                    format!(
                        "The card under it goes face-up to the {} discard pile",
                        self.deck_names[card.deck]
                    ),
                ));
            }
            events.push(ev(
                Ev::TowerTaken,
                Some(seat),
                &[
                    t.id as i64,
                    m as i64,
                    s as i64,
                    owner.map(|o| o as i64).unwrap_or(-1),
                ],
                format!("takes the tower from square {} of mat {}", s + 1, m + 1),
            ));
            taken.push(t);
        }
        self.phase = Phase::Place {
            taken: taken.len() as u32,
            towers: taken,
            victim: owner,
        };
        Ok(events)
    }

    pub(super) fn miss(&mut self, seat: usize, why: &str) -> Vec<Event> {
        if self.solo {
            return vec![ev(
                Ev::Miss,
                Some(seat),
                &[],
                format!("{why}: the ammo is spent"),
            )];
        }
        self.supply += 1;
        vec![
            ev(Ev::Miss, Some(seat), &[], why.to_string()),
            ev(
                Ev::AmmoReturned,
                Some(seat),
                &[self.supply as i64],
                format!("The ammo goes back to the supply ({})", self.supply),
            ),
        ]
    }

    pub(super) fn remove_roof(&mut self, m: usize, s: usize, text: &str) -> Vec<Event> {
        let Some(card) = self.mats[m].squares[s].roof.take() else {
            return Vec::new();
        };
        self.decks[card.deck].put_discard(card);
        vec![ev(
            Ev::RoofRemoved,
            self.mats[m].owner,
            &[m as i64, s as i64, card.id as i64],
            text.to_string(),
        )]
    }

    /// After a shot without towers to place.
    pub(super) fn finish_shot(&mut self, mut events: Vec<Event>) -> Vec<Event> {
        events.extend(self.after_shot());
        events
    }

    /// Another shot this turn if one is left (Extra Shot) and there is ammo, else the turn ends.
    pub(super) fn after_shot(&mut self) -> Vec<Event> {
        if !self.solo && self.turn.shots_taken < self.turn.shots_allowed && self.supply > 0 {
            self.phase = Phase::Aim;
            return vec![ev(
                Ev::ExtraShot,
                Some(self.turn.seat),
                &[(self.turn.shots_allowed - self.turn.shots_taken) as i64],
                format!(
                    "Extra Shot: Player {} shoots once more this turn",
                    self.turn.seat + 1
                ),
            )];
        }
        self.end_turn()
    }

    /// A captured tower put down: on an empty square (`stack` None), or stacked on a face-down
    /// card from the deck or the hand.
    pub(super) fn place_tower(
        &mut self,
        seat: usize,
        sq: usize,
        stack: Option<StackCard>,
    ) -> RuleResult<Vec<Event>> {
        let Phase::Place {
            towers,
            victim,
            taken,
        } = self.phase.clone()
        else {
            crate::refuse!("there is no tower to place");
        };
        let Some(m) = self.mat_of(seat) else {
            crate::refuse!("seat {} has no mat", seat + 1);
        };
        if sq >= self.mats[m].squares.len() {
            crate::refuse!("there is no square {} on your mat", sq.saturating_add(1));
        }
        let Some((first, rest)) = towers.split_first() else {
            crate::refuse!("there is no tower to place");
        };
        let mut tower = first.clone();
        let empty = self.mats[m].squares.iter().any(|s| s.stack.is_empty());
        let mut events = Vec::new();
        if let Some(from) = stack {
            if empty {
                crate::refuse!("you have an empty square: the tower must be placed there");
            }
            if self.mats[m].squares[sq].roof.is_some() {
                crate::refuse!("nothing may be stacked on a Reinforced Roof");
            }
            if self.mats[m].squares[sq].stack.len() >= MAX_STACK {
                crate::refuse!("that stack is as high as it can go");
            }
            let d = self.mats[m].deck;
            let card = if let StackCard::Hand(from) = from {
                if !self.decks[d].is_empty() {
                    crate::refuse!(
                        "the card comes from the top of your deck while it has cards (use -1)"
                    );
                }
                if from >= self.hands[seat].len() {
                    crate::refuse!("there is no card {} in your hand", from);
                }
                self.hands[seat].remove(from)
            } else {
                let deck_ok = !self.decks[d].is_empty()
                    || (self.hands[seat].is_empty() && self.decks[d].available() > 0);
                if !deck_ok {
                    crate::refuse!("your deck is empty: give up a card from your hand (stack SQUARE HAND_INDEX)");
                }
                let Some(card) = self.draw_from(d, seat, Seen::Nobody, &mut events) else {
                    crate::refuse!("no card is left to stack with");
                };
                card
            };
            tower.card_below = Some(card);
            events.push(ev(
                Ev::TowerStacked,
                Some(seat),
                &[tower.id as i64, m as i64, sq as i64, card.id as i64],
                format!("stacks the tower on square {} on a face-down card", sq + 1),
            ));
        } else {
            if !self.mats[m].squares[sq].stack.is_empty() {
                crate::refuse!(
                    "square {} is not empty: place the tower on an empty square",
                    sq + 1
                );
            }
            events.push(ev(
                Ev::TowerPlaced,
                Some(seat),
                &[tower.id as i64, m as i64, sq as i64],
                format!("places the tower on square {}", sq + 1),
            ));
        }
        self.mats[m].squares[sq].stack.push(tower);
        if !rest.is_empty() {
            self.phase = Phase::Place {
                towers: rest.to_vec(),
                victim,
                taken,
            };
            return Ok(events);
        }
        match victim {
            Some(v)
                if v != seat
                    && self
                        .mat_of(v)
                        .map(|vm| self.decks[self.mats[vm].deck].available() > 0)
                        .unwrap_or(false) =>
            {
                self.phase = Phase::Draw {
                    victim: v,
                    left: taken,
                };
            }
            _ => events.extend(self.after_shot()),
        }
        Ok(events)
    }
}

impl State {
    /// Facts the shot expected now could plausibly report, drawn from `rng` (the rules fuzzer's
    /// stand-in for a simulated shot): the ball in a top tower, off the table, or at rest
    /// somewhere, now and then touching a tower's roof on the way.
    pub fn sample_facts(&self, rng: &mut crate::core::Rng) -> Option<Vec<crate::core::Fact>> {
        if !self.expects_shot() {
            return None;
        }
        let tops: Vec<u32> = self
            .mats
            .iter()
            .flat_map(|m| {
                m.squares
                    .iter()
                    .filter_map(|sq| sq.stack.last().map(|t| t.id))
            })
            .collect();
        let mut facts = Vec::new();
        if !tops.is_empty() && rng.below(3) == 0 {
            let id = tops[rng.below(tops.len() as u32) as usize];
            facts.push(ShotFact::Roof(id).encode());
        }
        match rng.below(4) {
            0 if !tops.is_empty() => {
                let id = tops[rng.below(tops.len() as u32) as usize];
                facts.push(ShotFact::InTower(id).encode());
            }
            1 => facts.push(ShotFact::Fell.encode()),
            _ => facts.push(
                ShotFact::Rest {
                    x: rng.range(-1_500, 1_500) as i64,
                    y: rng.range(0, 300) as i64,
                }
                .encode(),
            ),
        }
        Some(facts)
    }
}

/// The facts of one shot, checked for consistency.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ShotFacts {
    pub in_tower: Option<u32>,
    pub roofs: Vec<u32>,
    pub fell: bool,
    pub rest: Option<(i64, i64)>,
    pub first_contact: Option<(i64, i64)>,
}

impl ShotFacts {
    pub fn read(o: &Outcome) -> RuleResult<ShotFacts> {
        let mut f = ShotFacts::default();
        for fact in &o.facts {
            match ShotFact::decode(fact)? {
                ShotFact::InTower(id) => {
                    if f.in_tower.is_some() {
                        crate::refuse!("one ball cannot rest in two towers");
                    }
                    f.in_tower = Some(id);
                }
                ShotFact::Roof(id) => {
                    if !f.roofs.contains(&id) {
                        f.roofs.push(id);
                    }
                }
                ShotFact::Fell => f.fell = true,
                ShotFact::Rest { x, y } => f.rest = Some((x, y)),
                ShotFact::FirstContact { x, y } => f.first_contact = Some((x, y)),
            }
        }
        if f.fell && f.in_tower.is_some() {
            crate::refuse!("the ammo cannot both fall off the table and rest in a tower");
        }
        Ok(f)
    }
}
