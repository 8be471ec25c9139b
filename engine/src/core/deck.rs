//! Decks with a discard pile that is reshuffled into a new deck when the deck runs out.

use super::hidden::{self, Code, Owner, Seen};
use super::Rng;

#[derive(Clone, Debug, PartialEq)]
pub struct Deck<T> {
    /// Face-down cards; the top is the end of the vector.
    pub cards: Vec<T>,
    /// Face-up discards; the top is the end of the vector.
    pub discard: Vec<T>,
}

impl<T: Clone + Code> Deck<T> {
    /// The cards shuffled face down (a room's devices never learn the order).
    pub fn new(mut cards: Vec<T>, rng: &mut Rng) -> Self {
        rng.shuffle_hidden(&mut cards);
        Deck {
            cards,
            discard: Vec::new(),
        }
    }

    /// Draws the top card, seen by `seen` only; an empty deck first takes in and shuffles its
    /// discard pile. Returns `(card, reshuffled)`; `None` only when deck and discard are both
    /// empty. There is no default: the rule that draws states who sees the card
    /// (`Seen::All` face up, `Seen::Seat(n)` into a hand, `Seen::Nobody` face down), so a new
    /// rule cannot leak a hand by forgetting to say (fail closed; docs/architecture.md).
    /// `unknown` lists the other places a card may lie unseen (hands, face-down cards): a
    /// device told the room's draws finds the card drawn there when its own decoy deck does not
    /// hold it (`core::hidden`).
    ///
    /// ```
    /// use engine::core::{hidden::Seen, Deck, Rng};
    /// let mut rng = Rng::new(1);
    /// let mut deck = Deck::new(vec![1u32, 2, 3], &mut rng);
    /// assert!(deck.draw(Seen::Seat(0), &mut rng, &mut []).is_some());
    /// ```
    ///
    /// A draw that does not say who sees the card does not compile:
    ///
    /// ```compile_fail
    /// use engine::core::{hidden::Seen, Deck, Rng};
    /// let mut rng = Rng::new(1);
    /// let mut deck = Deck::new(vec![1u32, 2, 3], &mut rng);
    /// assert!(deck.draw(&mut rng, &mut []).is_some());
    /// ```
    pub fn draw(
        &mut self,
        seen: Seen,
        rng: &mut Rng,
        unknown: &mut [(Owner, &mut T)],
    ) -> Option<(T, bool)> {
        let mut reshuffled = false;
        if self.cards.is_empty() && !self.discard.is_empty() {
            self.cards.append(&mut self.discard);
            rng.shuffle_hidden(&mut self.cards);
            reshuffled = true;
        }
        hidden::draw(&mut self.cards, seen, rng.is_told(), unknown).map(|c| (c, reshuffled))
    }

    pub fn put_discard(&mut self, card: T) {
        self.discard.push(card);
    }

    /// Returns a card to the bottom of the deck (e.g. cards going "back to the deck").
    pub fn put_bottom(&mut self, card: T) {
        self.cards.insert(0, card);
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// Cards left in deck and discard together.
    pub fn available(&self) -> usize {
        self.cards.len() + self.discard.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_deck_reshuffles_its_discard_pile() {
        let mut rng = Rng::new(3);
        let mut d = Deck::new(vec![1u32, 2], &mut rng);
        let (a, r1) = d.draw(Seen::All, &mut rng, &mut []).unwrap_or((0, true));
        let (b, r2) = d.draw(Seen::All, &mut rng, &mut []).unwrap_or((0, true));
        assert!(!r1 && !r2);
        assert_eq!(d.draw(Seen::All, &mut rng, &mut []), None);
        d.put_discard(a);
        d.put_discard(b);
        let (_, r3) = d.draw(Seen::All, &mut rng, &mut []).unwrap_or((0, false));
        assert!(r3, "drawing from an empty deck must reshuffle the discards");
        assert_eq!(d.discard.len(), 0);
        assert_eq!(d.available(), 1);
    }
}
