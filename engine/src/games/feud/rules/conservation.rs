//! Pieces are neither made nor lost: every block, gate, soldier and card of both players is in
//! exactly one place, and no catapult holds more ammo than it came with.

use super::*;

impl State {
    /// Each broken conservation rule, in words (empty when all hold); the fuzzers check it
    /// after every move.
    pub fn conservation(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.players.len() != 2 {
            out.push(format!("{} players of 2", self.players.len()));
        }
        for (seat, p) in self.players.iter().enumerate() {
            if p.pieces.len() != PIECES {
                out.push(format!(
                    "seat {seat}: {} pieces of {PIECES}",
                    p.pieces.len()
                ));
            }
            if p.soldiers.len() != SOLDIERS {
                out.push(format!(
                    "seat {seat}: {} soldiers of {SOLDIERS}",
                    p.soldiers.len()
                ));
            }
            if p.ammo > AMMO {
                out.push(format!("seat {seat}: {} ammo of {AMMO}", p.ammo));
            }
        }
        // Each player brought one card of each kind; Thief moves cards between hands.
        let mut count = [0usize; 6];
        let cards = self
            .players
            .iter()
            .flat_map(|p| p.hand.iter().chain(&p.deck.cards).chain(&p.deck.discard))
            .chain(self.box_cards.iter().map(|(_, c)| c));
        for c in cards {
            count[c.index() as usize] += 1;
        }
        for (k, n) in count.iter().enumerate() {
            if *n != self.players.len() {
                let name = Card::ALL[k].name();
                out.push(format!("{name}: {n} cards of {}", self.players.len()));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fresh_table_conserves_everything_and_each_loss_is_named() {
        let s = State::new(3).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(s.conservation(), Vec::<String>::new());
        let mut lost = s.clone();
        lost.players[0].soldiers.pop();
        assert_eq!(
            lost.conservation(),
            vec!["seat 0: 4 soldiers of 5".to_string()]
        );
        let mut twice = s.clone();
        let c = twice.players[0].hand[0];
        twice.players[1].hand.push(c);
        assert_eq!(twice.conservation().len(), 1, "{:?}", twice.conservation());
        let mut ammo = s;
        ammo.players[1].ammo = AMMO + 1;
        assert_eq!(ammo.conservation().len(), 1);
    }
}
