//! How good an outcome is for the acting seat (the bot's rating) and which cards are safest.

use super::codec::ShotFact;
use super::*;

impl State {
    /// Castle cards ordered safest to take away first: ruins, then the highest.
    pub fn safest_cards(&self, seat: usize) -> Vec<u32> {
        let mut cards: Vec<(i64, u32)> = self.players[seat]
            .castle
            .iter()
            .map(|c| {
                let key = if geometry::is_ruin(c.pose) {
                    -1_000_000
                } else {
                    -(geometry::lowest(c.pose) as i64)
                };
                (key, c.id)
            })
            .collect();
        crate::core::order::sort(&mut cards);
        cards.into_iter().map(|(_, id)| id).collect()
    }

    /// How good a throw's facts are for the thrower (the bot maximises this). Shaped: knocked
    /// cards and fallen castles count most, then a landing nearer an opponent's castle.
    pub fn rate(&self, facts: &[Fact]) -> i64 {
        let Some(Task::Aim { seat }) = self.task() else {
            return 0;
        };
        let Ok((players, _, _, damage)) = self.read_facts(facts, None) else {
            return i64::MIN / 2;
        };
        let mut score = 0i64;
        for (s, &d) in damage.iter().enumerate() {
            let p = &self.players[s];
            if !p.alive() || !p.built {
                continue;
            }
            let toppled = (d.standing_before as i64 - d.standing_after as i64).max(0);
            if s == seat {
                score -= 600 * toppled + 40 * d.moved as i64;
                if d.fell {
                    score -= 50_000;
                }
            } else {
                score += 500 * toppled + 40 * d.moved as i64;
                if d.fell {
                    score += if p.defeated { 30_000 } else { 20_000 };
                }
                // Weaker castles are better targets.
                if toppled > 0 {
                    score += 200 / (d.standing_before as i64).max(1);
                }
            }
        }
        // Landing distance to the nearest opponent castle still standing; a card that left the
        // table counts as 5 m away.
        let rest = facts.iter().find_map(|f| match ShotFact::decode(f) {
            Ok(ShotFact::SiegeRest { x, .. }) => Some(x),
            _ => None,
        });
        if rest.is_none() {
            score -= 5_000;
        }
        if let Some(x) = rest {
            let mut best = i64::MAX;
            for (s, p) in players.iter().enumerate() {
                if s == seat || !p.alive() || p.castle.is_empty() {
                    continue;
                }
                let (a, b) = castle_span(s, p);
                let d = if x < a {
                    a - x
                } else if x > b {
                    x - b
                } else {
                    0
                };
                best = best.min(d);
            }
            if best < i64::MAX {
                score -= best / 10;
            }
        }
        score
    }
}
