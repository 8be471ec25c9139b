//! The task queue: drawing siege cards, starting and ending turns, resolving automatic tasks.

use super::*;
use crate::core::game::RulesState;
use crate::core::hidden::Seen;

impl State {
    /// Resolves automatic tasks until a seat must act (or the game ends).
    pub fn run(&mut self, events: &mut Vec<Event>) {
        let mut guard = 0;
        while let Some(task) = self.tasks.front().copied() {
            guard += 1;
            if self.is_over() || guard > 10_000 {
                break;
            }
            if let Some(a) = task.actor() {
                if !self.players[a].alive() {
                    self.tasks.pop_front();
                    continue;
                }
            }
            match task {
                Task::Draw { seat, n } => {
                    self.tasks.pop_front();
                    // A player whose castle fell in the same throw raids nobody: their bastion
                    // is not built yet.
                    if !self.players[seat].alive() || !self.players[seat].built {
                        continue;
                    }
                    let mut drawn = Vec::new();
                    for _ in 0..n {
                        match self.building.draw(Seen::All, &mut self.rng, &mut []) {
                            Some((c, _)) => drawn.push(c),
                            None => break,
                        }
                    }
                    events.push(ev(
                        Ev::BuildingDrawn,
                        Some(seat),
                        &[drawn.len() as i64],
                        if drawn.is_empty() {
                            "the building deck is empty: nothing to draw".to_string()
                        } else {
                            format!("draws {} building card(s)", drawn.len())
                        },
                    ));
                    self.players[seat].hand.extend(drawn);
                }
                Task::Place { seat, .. } if !self.players[seat].built => {
                    self.tasks.pop_front();
                }
                Task::Place { seat, .. } if self.players[seat].hand.is_empty() => {
                    // Everything in hand is placed (or nothing was drawn): the task is over.
                    self.tasks.pop_front();
                    let p = &mut self.players[seat];
                    if !p.placed_now.is_empty() {
                        self.dirty[seat] = true;
                        p.placed_now.clear();
                    }
                }
                Task::LetGo { seat, build: false }
                    if !self.dirty[seat] || !self.players[seat].built =>
                {
                    self.dirty[seat] = false;
                    self.tasks.pop_front();
                }
                Task::Give { from, .. } if self.players[from].castle.is_empty() => {
                    self.tasks.pop_front();
                }
                Task::Tax { seat, .. } if self.players[seat].castle.is_empty() => {
                    self.tasks.pop_front();
                }
                Task::Ruins { seat }
                    if self.players[seat].ruins().is_empty() || !self.players[seat].built =>
                {
                    self.tasks.pop_front();
                }
                Task::BeginPlay => {
                    self.tasks.pop_front();
                    let start = (0..self.n)
                        .min_by_key(|&s| {
                            (
                                self.players[s].effort,
                                self.tie_order.iter().position(|&t| t == s).unwrap_or(s),
                            )
                        })
                        .unwrap_or(0);
                    events.push(ev(
                        Ev::PlayBegins,
                        Some(start),
                        &[self.players[start].effort as i64],
                        format!(
                            "every castle stands; seat {start} finished building first and begins"
                        ),
                    ));
                    self.tasks.push_back(Task::StartTurn { seat: start });
                }
                Task::StartTurn { seat } => {
                    self.tasks.pop_front();
                    self.start_turn(seat, events);
                }
                Task::EndTurn { seat } => {
                    self.tasks.pop_front();
                    self.end_turn(seat, events);
                }
                _ => break,
            }
        }
    }

    pub(super) fn draw_siege(&mut self, events: &mut Vec<Event>) -> Option<Siege> {
        let (k, reshuffled) = self.siege.draw(Seen::All, &mut self.rng, &mut [])?;
        if reshuffled {
            events.push(ev(
                Ev::SiegeReshuffled,
                None,
                &[],
                "the siege deck ran out: the discards are shuffled into a new deck",
            ));
        }
        Some(k)
    }

    pub(super) fn start_turn(&mut self, seat: usize, events: &mut Vec<Event>) {
        self.turn_seat = Some(seat);
        self.turns += 1;
        let Some(card) = self.draw_siege(events) else {
            events.push(ev(
                Ev::NoSiegeCard,
                Some(seat),
                &[],
                "no siege card left anywhere: the turn passes",
            ));
            self.tasks.push_front(Task::EndTurn { seat });
            return;
        };
        events.push(ev(
            Ev::SiegeDrawn,
            Some(seat),
            &[card.index()],
            format!("seat {seat} draws {}", card.title()),
        ));
        self.munitions.push(card);
        let mut t: Vec<Task> = Vec::new();
        let p = &self.players[seat];
        let as_trebuchet =
            card == Siege::Catapult && p.gods_trebuchet && p.two_storeys() && p.standing() > 0;
        match card {
            Siege::Catapult | Siege::Trebuchet => {
                if card == Siege::Trebuchet || as_trebuchet {
                    if as_trebuchet {
                        events.push(ev(
                            Ev::GodsTrebuchet,
                            Some(seat),
                            &[],
                            "As High as Gods: the Catapult counts as a Trebuchet",
                        ));
                    }
                    if let Some(second) = self.draw_siege(events) {
                        events.push(ev(
                            Ev::SiegeDrawn,
                            Some(seat),
                            &[second.index()],
                            format!("seat {seat} draws {} as a second munition", second.title()),
                        ));
                        self.munitions.push(second);
                    }
                }
                t.push(Task::Aim { seat });
            }
            Siege::Crusade => {
                for o in self.clockwise_from(seat) {
                    if o != seat {
                        t.push(Task::Give { from: o, to: seat });
                        t.push(Task::LetGo {
                            seat: o,
                            build: false,
                        });
                    }
                }
                t.push(Task::Place {
                    seat,
                    why: Why::Crusade,
                });
                t.push(Task::LetGo { seat, build: false });
            }
            Siege::GodsFavour => t.push(Task::Tower { seat }),
            Siege::BlackPlague => {
                events.push(ev(
                    Ev::TurnLost,
                    Some(seat),
                    &[],
                    format!("Black Plague: Player {} loses this turn", seat + 1),
                ));
            }
            Siege::Restoration => t.extend(Task::draw_and_reinforce(seat, Why::Restoration)),
            Siege::Taxes => {
                t.push(Task::Tax { seat, left: 2 });
                t.push(Task::LetGo { seat, build: false });
            }
            Siege::PeaceTreaty => {
                for o in self.clockwise_from(seat) {
                    t.extend(Task::draw_and_reinforce(o, Why::PeaceTreaty));
                }
            }
        }
        t.push(Task::EndTurn { seat });
        for task in t.into_iter().rev() {
            self.tasks.push_front(task);
        }
    }

    pub(super) fn end_turn(&mut self, seat: usize, events: &mut Vec<Event>) {
        for k in std::mem::take(&mut self.munitions) {
            self.siege.put_discard(k);
        }
        if self.is_over() {
            return;
        }
        let next = match self.resume_with.take().filter(|&r| self.players[r].alive()) {
            Some(r) => r,
            None if self.players[seat].alive() && self.players[seat].extra_turn => {
                self.players[seat].extra_turn = false;
                events.push(ev(
                    Ev::SecondTurn,
                    Some(seat),
                    &[],
                    "takes a second turn in a row",
                ));
                seat
            }
            None => self.next_alive(seat),
        };
        self.tasks.push_back(Task::StartTurn { seat: next });
    }

    // ----- choices and the bot's rating --------------------------------------------------------

    // ----- the moves siege cards ask for -------------------------------------------------------

    /// `give`: Crusade, a card of `from`'s castle goes into `to`'s hand.
    pub(super) fn give_card(
        &mut self,
        from: usize,
        to: usize,
        card: u32,
        events: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let c = self.take_from_castle(from, card)?;
        self.dirty[from] = true;
        self.players[to].hand.push(c.id);
        self.tasks.pop_front();
        events.push(ev(
            Ev::CardGiven,
            Some(from),
            &[c.id as i64, to as i64],
            format!("gives building card {} to seat {to}", c.id),
        ));
        Ok(())
    }

    /// `tax`: Taxes, a card of the castle to the bottom of the building deck (`left` to pay).
    pub(super) fn pay_tax(
        &mut self,
        seat: usize,
        left: u32,
        card: u32,
        events: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let c = self.take_from_castle(seat, card)?;
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
        Ok(())
    }
}
