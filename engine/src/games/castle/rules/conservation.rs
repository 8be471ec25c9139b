//! Pieces are neither made nor lost: every tower, card and ammo ball is in exactly one place.

use super::*;

impl State {
    /// Each broken conservation rule, in words (empty when all hold); the fuzzers check it
    /// after every move.
    pub fn conservation(&self) -> Vec<String> {
        let mut out = Vec::new();
        let taken: &[Tower] = match &self.phase {
            Phase::Place { towers, .. } => towers,
            _ => &[],
        };
        let on_mats = self
            .mats
            .iter()
            .flat_map(|m| m.squares.iter())
            .flat_map(|s| s.stack.iter());
        let towers: Vec<&Tower> = on_mats
            .chain(&self.boxed_towers)
            .chain(&self.removed)
            .chain(taken)
            .collect();
        out.extend(crate::core::conserve::each_once(
            "towers",
            towers.iter().map(|t| t.id as usize),
            TOWERS as usize,
        ));
        let in_towers: u32 = towers.iter().map(|t| t.ammo).sum();
        let (ammo, total) = if self.solo {
            (self.supply + self.spent, SOLO_AMMO)
        } else {
            (self.supply + in_towers, AMMO)
        };
        if ammo != total {
            out.push(format!(
                "ammo: {ammo} of {total} (supply {}, in towers {in_towers}, spent {})",
                self.supply, self.spent
            ));
        }
        let total_cards = load_decks(DECKS_JSON)
            .map(|d| d.iter().map(|(_, c)| c.len()).sum::<usize>())
            .unwrap_or(0);
        let mut cards: Vec<(usize, u32)> = self
            .decks
            .iter()
            .flat_map(|d| d.cards.iter().chain(&d.discard))
            .chain(self.hands.iter().flatten())
            .chain(&self.boxed_cards)
            .chain(towers.iter().filter_map(|t| t.card_below.as_ref()))
            .chain(
                self.mats
                    .iter()
                    .flat_map(|m| m.squares.iter())
                    .filter_map(|s| s.roof.as_ref()),
            )
            .map(|c| (c.deck, c.id))
            .collect();
        let placed = cards.len();
        crate::core::order::sort(&mut cards);
        cards.dedup();
        if placed != total_cards || cards.len() != placed {
            out.push(format!(
                "cards: {placed} in play of {total_cards}, {} in two places",
                placed - cards.len()
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fresh(seats: usize) -> State {
        State::new(seats, &[], 5)
            .map(|(s, _)| s)
            .unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn a_fresh_table_conserves_everything_and_each_loss_is_named() {
        for seats in 1..=4 {
            assert_eq!(
                fresh(seats).conservation(),
                Vec::<String>::new(),
                "{seats} seats"
            );
        }
        let mut s = fresh(2);
        s.mats[0].squares[0].stack.pop();
        assert!(
            s.conservation()[0].starts_with("towers: 1 lost"),
            "{:?}",
            s.conservation()
        );
        let mut s = fresh(2);
        s.supply -= 1;
        assert!(
            s.conservation()[0].starts_with("ammo: 35 of 36"),
            "{:?}",
            s.conservation()
        );
        let mut s = fresh(2);
        let card = s.decks[0].cards[0];
        s.hands[0].push(card);
        assert!(
            s.conservation()[0].contains("1 in two places"),
            "{:?}",
            s.conservation()
        );
    }
}
