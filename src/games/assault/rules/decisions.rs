//! Moves: a shot or a decision for the task at the front of the queue, checked and applied.

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

    pub(super) fn apply_decision(
        &mut self,
        task: Task,
        mv: &Move,
        events: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let a = mv.action.as_str();
        match (task, a) {
            (Task::Build { seat, .. } | Task::Place { seat, .. }, "place") => {
                let card = mv.arg(0)?;
                let pose = Pose::new(arg_i32(mv, 1)?, arg_i32(mv, 2)?, arg_i32(mv, 3)?);
                self.place(seat, card, pose, events)?;
                if matches!(task, Task::Build { .. }) {
                    self.players[seat].effort += 1;
                }
            }
            (Task::Build { seat, .. } | Task::Place { seat, .. }, "put") => {
                // A card dragged onto the table by the app: [x mm, y mm, angle] in table
                // coordinates. A card put down slightly inside another is lifted until it clears
                // (up to 2 mm), as a hand would.
                let (xm, ym) = (arg_i32(mv, 0)?, arg_i32(mv, 1)?);
                if !(-100_000..=100_000).contains(&xm) || !(-100_000..=100_000).contains(&ym) {
                    crate::refuse!("({xm}, {ym}) mm is not on the table");
                }
                let x = xm * 10 - geometry::mat_left(seat);
                let y = ym * 10 - geometry::MAT_T;
                let a = arg_i32(mv, 2)?;
                let Some(&card) = self.players[seat].hand.first() else {
                    crate::refuse!("no building card in hand");
                };
                let others = self.players[seat].poses();
                let lift = (0..=20)
                    .find(|dy| geometry::check_place(&others, Pose::new(x, y + dy, a)).is_ok());
                let pose = Pose::new(x, y + lift.unwrap_or(0), a);
                self.place(seat, card as i64, pose, events)?;
                if matches!(task, Task::Build { .. }) {
                    self.players[seat].effort += 1;
                }
            }
            (Task::Tower { seat }, "tower_put") => {
                // The app's drag: [x mm, y mm, angle]; the tower always stands upright on the table.
                let xm = arg_i32(mv, 0)?;
                if !(-100_000..=100_000).contains(&xm) {
                    crate::refuse!("x {xm} mm is not on the table");
                }
                let x = xm * 10;
                self.check_tower(x)?;
                self.tower = Some(Pose::new(x, geometry::TOWER_HH, 0));
                self.tasks.pop_front();
                events.push(ev(
                    Ev::TowerPlaced,
                    Some(seat),
                    &[x as i64],
                    format!("places the Great Tower at x {xm} mm"),
                ));
            }
            (Task::Build { seat, .. }, "remove") => {
                let card = mv.arg(0)?;
                let p = &mut self.players[seat];
                let Some(i) = p.castle.iter().position(|c| c.id as i64 == card) else {
                    crate::refuse!("building card {card} is not in your castle");
                };
                let card = p.castle.remove(i).id;
                p.hand.push(card);
                p.placed_now.retain(|&c| c != card);
                p.effort += 1;
                events.push(ev(
                    Ev::CardTakenBack,
                    Some(seat),
                    &[card as i64],
                    format!("took building card {card} back"),
                ));
            }
            (Task::Place { seat, .. }, "remove") => {
                let card = mv.arg(0)?;
                let p = &mut self.players[seat];
                let Some(k) = p.placed_now.iter().position(|&c| c as i64 == card) else {
                    crate::refuse!(
                        "only cards put down in this reinforcement can be taken back (not {card})"
                    );
                };
                let id = p.placed_now.remove(k);
                p.castle.retain(|c| c.id != id);
                p.hand.push(id);
                events.push(ev(
                    Ev::CardTakenBack,
                    Some(seat),
                    &[id as i64],
                    format!("took building card {id} back"),
                ));
            }
            (Task::Build { seat, bastion }, "design") => {
                let k = mv.arg(0)?;
                self.use_design(seat, bastion, k, events)?;
            }
            (Task::Build { seat, bastion }, "auto") => {
                let fitting: Vec<usize> = self.fitting_designs(seat, bastion);
                let Some(&k) = self.rng.pick(&fitting) else {
                    crate::refuse!("no ready-made castle fits {} cards", self.card_total(seat));
                };
                self.use_design(seat, bastion, k as i64, events)?;
            }
            (Task::Place { seat, .. }, "pair") => {
                let (x, base) = (arg_i32(mv, 0)?, arg_i32(mv, 1)?);
                self.place_pair(seat, x, base, events)?;
            }
            (Task::Place { seat, .. }, "floor") => {
                let (x, y) = (arg_i32(mv, 0)?, arg_i32(mv, 1)?);
                let Some(&card) = self.players[seat].hand.first() else {
                    crate::refuse!("no building card in hand");
                };
                self.place(seat, card as i64, Pose::new(x, y, 0), events)?;
            }
            (Task::Place { seat, .. }, "auto") => {
                let placed = self.auto_reinforce(seat, events);
                if placed == 0 {
                    crate::refuse!(
                        "there is no free place for a leaning pair or a floor on your mat"
                    );
                }
            }
            (Task::Build { seat, bastion }, "done") => {
                let p = &self.players[seat];
                if !p.hand.is_empty() {
                    crate::refuse!(
                        "a {} uses every building card you hold ({} still in hand)",
                        if bastion { "last bastion" } else { "castle" },
                        p.hand.len()
                    );
                }
                if p.castle.is_empty() {
                    crate::refuse!("there is nothing built yet");
                }
                self.tasks.pop_front();
                self.dirty[seat] = true;
                self.tasks.push_front(Task::LetGo { seat, build: true });
                events.push(ev(
                    Ev::BuildingDone,
                    Some(seat),
                    &[],
                    "lets go of the castle",
                ));
            }
            (Task::Place { seat, .. }, "done") => {
                self.tasks.pop_front();
                let p = &mut self.players[seat];
                let back: Vec<u32> = std::mem::take(&mut p.hand);
                if !p.placed_now.is_empty() {
                    self.dirty[seat] = true;
                }
                p.placed_now.clear();
                for c in &back {
                    self.building.put_bottom(*c);
                }
                events.push(ev(
                    Ev::Reinforced,
                    Some(seat),
                    &[back.len() as i64],
                    format!(
                        "finished reinforcing; {} unplaced card(s) back to the deck",
                        back.len()
                    ),
                ));
            }
            (Task::Give { from, to }, "give") => {
                let card = mv.arg(0)?;
                let p = &mut self.players[from];
                let Some(i) = p.castle.iter().position(|c| c.id as i64 == card) else {
                    crate::refuse!("building card {card} is not in your castle");
                };
                let c = p.castle.remove(i);
                self.dirty[from] = true;
                self.players[to].hand.push(c.id);
                self.tasks.pop_front();
                events.push(ev(
                    Ev::CardGiven,
                    Some(from),
                    &[c.id as i64, to as i64],
                    format!("gives building card {} to seat {to}", c.id),
                ));
            }
            (Task::Tax { seat, left }, "tax") => {
                let card = mv.arg(0)?;
                let p = &mut self.players[seat];
                let Some(i) = p.castle.iter().position(|c| c.id as i64 == card) else {
                    crate::refuse!("building card {card} is not in your castle");
                };
                let c = p.castle.remove(i);
                self.building.put_bottom(c.id);
                self.dirty[seat] = true;
                self.tasks.pop_front();
                if left > 1 {
                    self.tasks.push_front(Task::Tax {
                        seat,
                        left: left - 1,
                    });
                }
                events.push(ev(
                    Ev::Taxed,
                    Some(seat),
                    &[c.id as i64],
                    format!("pays building card {} in taxes", c.id),
                ));
            }
            (Task::Tower { seat }, "tower") => {
                let x = arg_i32(mv, 0)?;
                self.check_tower(x)?;
                self.tower = Some(Pose::new(x, geometry::TOWER_HH, 0));
                self.tasks.pop_front();
                events.push(ev(
                    Ev::TowerPlaced,
                    Some(seat),
                    &[x as i64],
                    format!("places the Great Tower at x {} mm", x / 10),
                ));
            }
            (Task::Tower { seat }, "tower_stay") => {
                if self.tower.is_none() {
                    crate::refuse!("the Great Tower is not on the table yet: place it");
                }
                self.tasks.pop_front();
                events.push(ev(
                    Ev::TowerStays,
                    Some(seat),
                    &[],
                    "leaves the Great Tower where it is",
                ));
            }
            (Task::Ruins { seat }, "ruins_keep") => {
                self.tasks.pop_front();
                events.push(ev(
                    Ev::RuinsKept,
                    Some(seat),
                    &[],
                    "leaves the ruins standing in the castle",
                ));
            }
            (Task::Ruins { seat }, "ruins_clear") => {
                let ruins = self.players[seat].ruins();
                self.players[seat].castle.retain(|c| !ruins.contains(&c.id));
                for &c in &ruins {
                    self.building.put_bottom(c);
                }
                self.tasks.pop_front();
                if !ruins.is_empty() {
                    self.dirty[seat] = true;
                    self.tasks.push_front(Task::LetGo { seat, build: false });
                }
                events.push(ev(
                    Ev::RuinsCleared,
                    Some(seat),
                    &[ruins.len() as i64],
                    format!(
                        "clears {} fallen card(s) back to the building deck",
                        ruins.len()
                    ),
                ));
            }
            (Task::Gods { seat }, "gods_tower") => {
                self.tasks.pop_front();
                self.tasks.push_front(Task::Tower { seat });
                events.push(ev(
                    Ev::GodsReward,
                    Some(seat),
                    &[0],
                    "As High as Gods: takes the Great Tower",
                ));
            }
            (Task::Gods { seat }, "gods_trebuchet") => {
                self.tasks.pop_front();
                self.players[seat].gods_trebuchet = true;
                events.push(ev(
                    Ev::GodsReward,
                    Some(seat),
                    &[1],
                    "As High as Gods: every Catapult is a Trebuchet while the second floor stands",
                ));
            }
            _ => crate::refuse!("`{a}` is not a legal move now ({})", self.phase()),
        }
        Ok(())
    }
}
