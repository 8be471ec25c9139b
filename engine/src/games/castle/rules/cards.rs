//! Drawing and playing cards.

use super::codec::Square;
use super::*;
use crate::core::hidden::{self, Owner, Seen};
use crate::games::castle::rules::events::Ev;

impl State {
    /// Draws the top card of the seat's deck (reshuffling its discard pile if needed) into hand.
    pub(super) fn draw_card(&mut self, seat: usize) -> Vec<Event> {
        let Some(m) = self.mat_of(seat) else {
            return Vec::new();
        };
        let d = self.mats[m].deck;
        let mut events = Vec::new();
        if let Some(card) = self.draw_from(d, seat, Seen::Seat(seat), &mut events) {
            self.hands[seat].push(card);
            events.push(ev(
                Ev::CardDrawn,
                Some(seat),
                &[card.id as i64],
                "draws a card",
            ));
        }
        events
    }

    /// Takes the top card of deck `d` for `seat` (seen by `seen`), reshuffling its discard pile
    /// when the deck is empty (and saying so in `events`); None when deck and discards are both
    /// empty.
    pub(super) fn draw_from(
        &mut self,
        d: usize,
        seat: usize,
        seen: Seen,
        events: &mut Vec<Event>,
    ) -> Option<Card> {
        let mut pool: Vec<(Owner, &mut Card)> = Vec::new();
        let mut deck = None;
        for (i, k) in self.decks.iter_mut().enumerate() {
            if i == d {
                deck = Some(k);
            } else {
                pool.extend(k.cards.iter_mut().map(|c| (None, c)));
            }
        }
        pool.extend(unseen_in_play(&mut self.hands, &mut self.mats));
        let (card, reshuffled) = deck?.draw(seen, &mut self.rng, &mut pool)?;
        if reshuffled {
            events.push(ev(
                Ev::Reshuffled,
                Some(seat),
                &[d as i64],
                format!(
                    "The {} discard pile is shuffled into a new deck",
                    self.deck_names[d]
                ),
            ));
        }
        Some(card)
    }

    pub(super) fn play_card(
        &mut self,
        seat: usize,
        i: usize,
        roof: Option<Square>,
    ) -> RuleResult<Vec<Event>> {
        if !self.effects_allowed() {
            crate::refuse!("the beginners' rules use cards only to stack towers");
        }
        if self.turn.shots_taken > 0 {
            crate::refuse!("cards are played before the turn's first shot");
        }
        if i >= self.hands[seat].len() {
            crate::refuse!(
                "there is no card {} in your hand ({} cards)",
                i,
                self.hands[seat].len()
            );
        }
        let mut card = self.hands[seat][i];
        self.turn_up(&mut card, Some(seat), Seen::All);
        self.hands[seat][i] = card;
        let mut events = Vec::new();
        if roof.is_some() && card.effect != Effect::ReinforcedRoof {
            crate::refuse!("only a Reinforced Roof is played onto a tower");
        }
        match card.effect {
            Effect::ExtraShot => {
                self.turn.shots_allowed += 1;
            }
            Effect::MagicToss => {
                if self.turn.toss {
                    crate::refuse!("Magic Toss is already in effect this turn");
                }
                self.turn.toss = true;
            }
            Effect::StrongAmmo => {
                if self.turn.strong {
                    crate::refuse!("Strong Ammo is already in effect this turn");
                }
                self.turn.strong = true;
            }
            Effect::ReinforcedRoof => {
                let Some(Square { mat: m, square: s }) = roof else {
                    crate::refuse!("a Reinforced Roof needs the mat and square of its tower");
                };
                if m >= self.mats.len() || s >= self.squares_per_mat() {
                    crate::refuse!(
                        "there is no square {} on mat {}",
                        s.saturating_add(1),
                        m.saturating_add(1)
                    );
                }
                let sq = &mut self.mats[m].squares[s];
                if sq.stack.is_empty() {
                    crate::refuse!(
                        "a Reinforced Roof goes on a tower: square {} of mat {} is empty",
                        s + 1,
                        m + 1
                    );
                }
                if sq.roof.is_some() {
                    crate::refuse!("that tower already has a Reinforced Roof");
                }
                sq.roof = Some(card);
                self.hands[seat].remove(i);
                events.push(ev(
                    Ev::RoofPlaced,
                    Some(seat),
                    &[m as i64, s as i64],
                    format!(
                        "A Reinforced Roof goes on the tower on square {} of mat {}",
                        s + 1,
                        m + 1
                    ),
                ));
                return Ok(events);
            }
        }
        self.hands[seat].remove(i);
        if !self.solo {
            self.decks[card.deck].put_discard(card);
        } else {
            self.boxed_cards.push(card);
        }
        events.push(ev(
            Ev::CardPlayed,
            Some(seat),
            &[card.id as i64],
            format!("plays {}", card.effect.name()),
        ));
        Ok(events)
    }
}

impl State {
    /// A card taken from where it lay unseen (`owner`'s hand, under a tower) turned up for `seen`: a
    /// device told the room's draws learns which it is (`core::hidden::show`).
    pub(super) fn turn_up(&mut self, card: &mut Card, owner: Owner, seen: Seen) {
        let told = self.rng.is_told();
        let mut pool: Vec<(Owner, &mut Card)> = self
            .decks
            .iter_mut()
            .flat_map(|k| k.cards.iter_mut().map(|c| (None, c)))
            .collect();
        pool.extend(unseen_in_play(&mut self.hands, &mut self.mats));
        hidden::show(card, owner, seen, told, &mut pool);
    }
}

/// The cards in play another device may not see: the hands (each its seat's) and the cards face
/// down under towers.
fn unseen_in_play<'a>(
    hands: &'a mut [Vec<Card>],
    mats: &'a mut [Mat],
) -> impl Iterator<Item = (Owner, &'a mut Card)> {
    let in_hands = hands
        .iter_mut()
        .enumerate()
        .flat_map(|(s, h)| h.iter_mut().map(move |c| (Some(s), c)));
    let below = mats
        .iter_mut()
        .flat_map(|m| m.squares.iter_mut())
        .flat_map(|sq| sq.stack.iter_mut())
        .filter_map(|t| t.card_below.as_mut().map(|c| (None, c)));
    in_hands.chain(below)
}
