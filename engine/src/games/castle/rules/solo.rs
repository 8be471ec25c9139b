//! The solo game: its rank titles, rearranging the towers, and what a hit does.

use super::codec::Square;
use super::*;
use crate::games::castle::rules::events::Ev;

/// The solo rank for a score, word for word from the rulebook (0 counts as "1-4").
pub fn solo_title(score: i64) -> &'static str {
    match score {
        i64::MIN..=4 => "Need more practice!",
        5..=8 => "Beginner catapulter",
        9..=12 => "Experienced catapulter",
        13..=14 => "Expert catapulter",
        15..=16 => "Master catapulter!",
        17..=19 => "Catapult commander!",
        _ => "Catapult WIZARD!",
    }
}

impl State {
    /// Solo rearranging: the top tower of one square moves to another (onto a tower it goes on a
    /// spare card from the box). Every check comes before anything moves.
    pub(super) fn move_tower(&mut self, from: Square, to: Square) -> RuleResult<Vec<Event>> {
        let (n, q) = (self.mats.len(), self.squares_per_mat());
        for Square { mat: m, square: s } in [from, to] {
            if m >= n || s >= q {
                crate::refuse!(
                    "there is no square {} on mat {}",
                    s.saturating_add(1),
                    m.saturating_add(1)
                );
            }
        }
        if from == to {
            crate::refuse!("a tower must move to another square");
        }
        let (fm, fs, tm, ts) = (from.mat, from.square, to.mat, to.square);
        if self.mats[fm].squares[fs].stack.is_empty() {
            crate::refuse!("square {} of mat {} has no tower", fs + 1, fm + 1);
        }
        if self.mats[tm].squares[ts].stack.len() >= SOLO_MAX_STACK {
            crate::refuse!("towers stack at most {} high", SOLO_MAX_STACK);
        }
        if self.mats[tm].squares[ts].roof.is_some() {
            crate::refuse!("nothing may be stacked on a Reinforced Roof");
        }
        let stacking = !self.mats[tm].squares[ts].stack.is_empty();
        let frees_card = self.mats[fm].squares[fs]
            .stack
            .last()
            .is_some_and(|t| t.card_below.is_some());
        if stacking && self.boxed_cards.is_empty() && !frees_card {
            crate::refuse!("no spare card is left to put under a stacked tower");
        }
        // Every check is done: nothing below can fail half-way.
        let Some(mut tower) = self.mats[fm].squares[fs].stack.pop() else {
            crate::refuse!("square {} of mat {} has no tower", fs + 1, fm + 1);
        };
        if let Some(c) = tower.card_below.take() {
            self.boxed_cards.push(c);
        }
        if stacking && !self.boxed_cards.is_empty() {
            tower.card_below = Some(self.boxed_cards.remove(0));
        }
        let id = tower.id;
        self.mats[tm].squares[ts].stack.push(tower);
        Ok(vec![ev(
            Ev::TowerMoved,
            Some(0),
            &[id as i64, fm as i64, fs as i64, tm as i64, ts as i64],
            format!(
                "Tower moves from mat {} square {} to mat {} square {}",
                fm + 1,
                fs + 1,
                tm + 1,
                ts + 1
            ),
        )])
    }

    pub(super) fn solo_hit(
        &mut self,
        seat: usize,
        tid: u32,
        m: usize,
        s: usize,
        fired: usize,
        mut events: Vec<Event>,
    ) -> Vec<Event> {
        if m == fired {
            if let Some(t) = self.mats[m].squares[s].stack.last_mut() {
                t.ammo += 1;
            }
            events.push(ev(
                Ev::SameMat,
                Some(seat),
                &[tid as i64, m as i64],
                "The ammo landed in a tower on the mat you fired from: it stays there, the tower stays in play",
            ));
            return self.finish_shot(events);
        }
        let stack_len = self.mats[m].squares[s].stack.len();
        let n = if self.turn.strong { stack_len } else { 1 };
        for _ in 0..n {
            let Some(mut t) = self.mats[m].squares[s].stack.pop() else {
                break;
            };
            if let Some(c) = t.card_below.take() {
                self.boxed_cards.push(c);
            }
            events.push(ev(
                Ev::TowerRemoved,
                Some(seat),
                &[t.id as i64, m as i64, s as i64],
                format!("The tower on square {} of mat {} leaves play", s + 1, m + 1),
            ));
            self.removed.push(t);
        }
        self.finish_shot(events)
    }
}
