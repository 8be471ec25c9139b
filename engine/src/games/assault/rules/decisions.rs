//! Moves: a shot or a decision for the task at the front of the queue, checked and applied.

use super::codec::Action;
use super::*;

impl State {
    pub fn apply(&mut self, mv: &Move) -> RuleResult<Vec<Event>> {
        let Some(task) = self.task() else {
            crate::refuse!("the game is over");
        };
        let Some(actor) = task.actor() else {
            crate::refuse!("no decision is expected now");
        };
        if mv.seat as usize != actor {
            crate::refuse!(
                "it is seat {actor}'s move ({}), not seat {}'s",
                self.phase(),
                mv.seat
            );
        }
        let mut events = Vec::new();
        if mv.is_shot() {
            let Some(prompt) = self.launch_prompt() else {
                crate::refuse!("no throw is expected now ({})", self.phase());
            };
            if let Some(l) = &mv.launch {
                prompt.check(l)?;
            }
            let Some(outcome) = &mv.outcome else {
                crate::refuse!("a shot must carry its outcome");
            };
            match task {
                Task::Aim { seat } => self.apply_throw(seat, &outcome.facts, &mut events)?,
                Task::LetGo { seat, build } => {
                    self.apply_let_go(seat, build, &outcome.facts, &mut events)?
                }
                _ => crate::refuse!("no throw is expected now"),
            }
        } else {
            self.apply_decision(task, mv, &mut events)?;
        }
        self.run(&mut events);
        Ok(events)
    }

    /// Reads the decision once and hands it to its rule: building and the Great Tower in
    /// `building`, Crusade and Taxes in `flow`, ruins and rewards in `throws`.
    pub(super) fn apply_decision(
        &mut self,
        task: Task,
        mv: &Move,
        events: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let action = Action::decode(mv)?;
        let building = matches!(task, Task::Build { .. });
        match (task, action) {
            (Task::Build { seat, .. } | Task::Place { seat, .. }, Action::Place { card, pose }) => {
                self.place_card(seat, card, pose, building, events)
            }
            (Task::Build { seat, .. } | Task::Place { seat, .. }, Action::Put { x, y, a }) => {
                self.put_card(seat, x, y, a, building, events)
            }
            (Task::Build { seat, .. }, Action::Remove(card)) => {
                self.take_back_built(seat, card, events)
            }
            (Task::Place { seat, .. }, Action::Remove(card)) => {
                self.take_back_placed(seat, card, events)
            }
            (Task::Build { seat, bastion }, Action::Design(k)) => {
                self.use_design(seat, bastion, k, events)
            }
            (Task::Build { seat, bastion }, Action::Auto) => {
                self.build_for_me(seat, bastion, events)
            }
            (Task::Build { seat, bastion }, Action::Done) => {
                self.finish_building(seat, bastion, events)
            }
            (Task::Place { seat, .. }, Action::Pair { x, base }) => {
                self.place_pair(seat, x, base, events)
            }
            (Task::Place { seat, .. }, Action::Floor { x, y }) => {
                self.lay_floor(seat, x, y, events)
            }
            (Task::Place { seat, .. }, Action::Auto) => self.reinforce_for_me(seat, events),
            (Task::Place { seat, .. }, Action::Done) => self.finish_reinforcing(seat, events),
            (Task::Give { from, to }, Action::Give(card)) => self.give_card(from, to, card, events),
            (Task::Tax { seat, left }, Action::Tax(card)) => self.pay_tax(seat, left, card, events),
            (Task::Tower { seat }, Action::Tower(x)) => self.place_tower(seat, x, events),
            (Task::Tower { seat }, Action::TowerPut { x, .. }) => self.put_tower(seat, x, events),
            (Task::Tower { seat }, Action::TowerStay) => self.tower_stays(seat, events),
            (Task::Ruins { seat }, Action::RuinsKeep) => self.keep_ruins(seat, events),
            (Task::Ruins { seat }, Action::RuinsClear) => self.clear_ruins(seat, events),
            (Task::Gods { seat }, Action::GodsTower) => self.gods_tower(seat, events),
            (Task::Gods { seat }, Action::GodsTrebuchet) => self.gods_trebuchet(seat, events),
            (_, a) => crate::refuse!("`{}` is not a legal move now ({})", a.name(), self.phase()),
        }
    }
}
