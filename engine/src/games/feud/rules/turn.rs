//! A turn: Tactics (at most one card), the cards' effects (Repair, Volley, Thief, Traitor, March,
//! Double Maneuver), Aiming, the Shot(s) and the Update (pieces to the box, cards drawn, ammo back,
//! the end).

use super::geometry::{self as geo};
use super::{
    ev, piece_name, piece_shape, Card, Ev, Loc, Phase, ShotFact, State, TurnState, AMMO,
    MOVE_LIMIT, PIECES, SOLDIERS,
};
use crate::core::hidden::{self, Seen};
use crate::core::{Event, RuleResult};

impl State {
    pub(super) fn start_turn(&mut self, seat: usize, events: &mut Vec<Event>) {
        self.turn = TurnState::new(seat);
        self.turns += 1;
        self.phase = Phase::Tactics;
        events.push(ev(
            Ev::Turn,
            Some(seat),
            &[self.turns as i64],
            format!("turn {}", self.turns),
        ));
    }

    /// Card kinds in the box that Double Maneuver may copy.
    pub fn copyable(&self) -> Vec<Card> {
        let mut out: Vec<Card> = self
            .box_cards
            .iter()
            .map(|c| c.1)
            .filter(|&c| c != Card::DoubleManeuver)
            .collect();
        crate::core::order::sort(&mut out);
        out.dedup();
        out
    }

    pub(super) fn play_card(
        &mut self,
        seat: usize,
        card: Card,
        copy: Option<Card>,
        events: &mut Vec<Event>,
    ) -> RuleResult<()> {
        // Named by the move: a device that cannot see this hand takes it for one of its cards.
        let told = self.rng.is_told();
        let p = &mut self.players[seat];
        let mut pool: Vec<_> = p.deck.cards.iter_mut().map(|c| (None, c)).collect();
        hidden::name(seat, &mut p.hand, card, told, &mut pool);
        let Some(i) = self.players[seat].hand.iter().position(|&c| c == card) else {
            crate::refuse!("you have no {} card in your hand", card.name());
        };
        let effect = if card == Card::DoubleManeuver {
            let can = self.copyable();
            if can.is_empty() {
                crate::refuse!(
                    "Double Maneuver copies a card in the box, and no card has been played yet: keep it for later"
                );
            }
            match copy {
                Some(c) if can.contains(&c) => c,
                Some(c) => crate::refuse!(
                    "Double Maneuver can copy only a card in the box, and there is no {} there",
                    c.name()
                ),
                None => crate::refuse!("Double Maneuver: say which card in the box it copies"),
            }
        } else {
            card
        };
        self.players[seat].hand.remove(i);
        self.box_cards.push((seat, card));
        self.turn.played = Some(effect);
        events.push(ev(
            Ev::CardPlayed,
            Some(seat),
            &[card.index(), effect.index()],
            if card == effect {
                format!("plays {}", card.name())
            } else {
                format!("plays Double Maneuver as {}", effect.name())
            },
        ));
        let opp = State::opponent(seat);
        match effect {
            Card::Repair => {
                self.phase = Phase::Repair {
                    moved: Vec::new(),
                    before: self.players[seat].pieces.clone(),
                }
            }
            Card::Volley => {
                self.turn.shots_left = 2.min(self.players[seat].ammo);
                self.phase = Phase::Aiming;
            }
            Card::Thief => {
                let n = self.players[opp].hand.len();
                if n == 0 {
                    events.push(ev(
                        Ev::ThiefEmpty,
                        Some(seat),
                        &[],
                        "the Thief finds the enemy's hand empty",
                    ));
                } else {
                    let k = self.rng.below(n as u32) as usize;
                    let mut c = self.players[opp].hand.remove(k);
                    // The thief sees what it took; the others do not.
                    let told = self.rng.is_told();
                    let o = &mut self.players[opp];
                    let mut pool: Vec<_> = o.hand.iter_mut().map(|c| (Some(opp), c)).collect();
                    pool.extend(o.deck.cards.iter_mut().map(|c| (None, c)));
                    hidden::show(&mut c, Some(opp), Seen::Seat(seat), told, &mut pool);
                    self.players[seat].hand.push(c);
                    events.push(ev(
                        Ev::ThiefStole,
                        Some(seat),
                        &[],
                        "the Thief takes a card at random from the enemy's hand",
                    ));
                }
                self.phase = Phase::Aiming;
            }
            Card::Traitor => {
                self.turn.traitor = true;
                self.phase = Phase::Aiming;
            }
            Card::March => self.phase = Phase::March { moved: Vec::new() },
            Card::DoubleManeuver => self.phase = Phase::Aiming,
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn repair_block(
        &mut self,
        seat: usize,
        mut moved: Vec<usize>,
        before: Vec<Loc>,
        block: usize,
        x: i32,
        y: i32,
        a: i32,
        events: &mut Vec<Event>,
    ) -> RuleResult<()> {
        if block >= PIECES {
            crate::refuse!("there is no such block");
        }
        if !moved.contains(&block) && moved.len() >= MOVE_LIMIT {
            crate::refuse!("Repair moves at most {MOVE_LIMIT} blocks: tap Done");
        }
        let from_box = self.players[seat].pieces[block] == Loc::Boxed;
        let pose = self.check_block_spot(seat, block, x, y, a, &[(seat, false, block)])?;
        self.players[seat].pieces[block] = Loc::Table(pose);
        if !moved.contains(&block) {
            moved.push(block);
        }
        events.push(ev(
            Ev::BlockRepaired,
            Some(seat),
            &[block as i64, pose.x as i64, pose.y as i64, pose.a as i64],
            format!(
                "{} {}",
                if from_box { "takes back" } else { "moves" },
                piece_name(block)
            ),
        ));
        self.phase = Phase::Repair { moved, before };
        Ok(())
    }

    pub(super) fn finish_repair(
        &mut self,
        seat: usize,
        moved: Vec<usize>,
        before: Vec<Loc>,
        events: &mut Vec<Event>,
    ) {
        if moved.is_empty() {
            events.push(ev(Ev::RepairNone, Some(seat), &[], "repairs nothing"));
            self.phase = Phase::Aiming;
        } else {
            self.phase = Phase::RepairSettle { moved, before };
        }
    }

    /// The repaired fortress was let go: if anything but the moved blocks moved, the repair is
    /// taken back (the player may arrange it again); otherwise it stands.
    pub(super) fn repair_settled(
        &mut self,
        moved: Vec<usize>,
        before: Vec<Loc>,
        facts: &[ShotFact],
        events: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let seat = self.turn.seat;
        let disturbed = self.disturbed(seat, &moved, facts);
        if let Some(&first) = disturbed.first() {
            let name = self.who(first);
            self.players[seat].pieces = before.clone();
            self.turn.repairs_refused += 1;
            events.push(ev(
                Ev::RepairRefused,
                Some(seat),
                &[disturbed.len() as i64],
                format!("the repair would move {name}: it is taken back, arrange it again"),
            ));
            self.phase = Phase::Repair {
                moved: Vec::new(),
                before,
            };
            return Ok(());
        }
        self.commit_poses(facts, &mut [0, 0]);
        events.push(ev(
            Ev::Repaired,
            Some(seat),
            &[moved.len() as i64],
            format!("repairs {}", super::count(moved.len(), "block", "blocks")),
        ));
        self.phase = Phase::Aiming;
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn march_soldier(
        &mut self,
        seat: usize,
        mut moved: Vec<usize>,
        soldier: usize,
        x: i32,
        y: i32,
        a: i32,
        events: &mut Vec<Event>,
    ) -> RuleResult<()> {
        if soldier >= SOLDIERS {
            crate::refuse!("there is no such soldier");
        }
        if self.players[seat].soldiers[soldier].pose().is_none() {
            crate::refuse!("that soldier is in the box: March moves only soldiers on the table");
        }
        if !moved.contains(&soldier) && moved.len() >= MOVE_LIMIT {
            crate::refuse!("March moves at most {MOVE_LIMIT} soldiers: tap Done");
        }
        let pose = self.check_soldier_spot(seat, soldier, x, y, a, &[(seat, true, soldier)])?;
        self.players[seat].soldiers[soldier] = Loc::Table(pose);
        if !moved.contains(&soldier) {
            moved.push(soldier);
        }
        events.push(ev(
            Ev::SoldierMarched,
            Some(seat),
            &[soldier as i64, pose.x as i64, pose.y as i64],
            "marches a soldier",
        ));
        self.phase = Phase::March { moved };
        Ok(())
    }

    /// Writes settled poses into the state; pieces that left the table go to the box (soldiers
    /// counted in `lost`).
    fn commit_poses(&mut self, facts: &[ShotFact], lost: &mut [u32; 2]) {
        for f in facts {
            match *f {
                ShotFact::Block { seat, k, pose } => {
                    if self.players[seat].pieces[k] != Loc::Boxed {
                        self.players[seat].pieces[k] = Loc::Table(pose)
                    }
                }
                ShotFact::BlockOff { seat, k } => self.players[seat].pieces[k] = Loc::Boxed,
                ShotFact::Soldier { seat, k, pose } => {
                    if self.players[seat].soldiers[k] != Loc::Boxed {
                        self.players[seat].soldiers[k] = Loc::Table(pose)
                    }
                }
                ShotFact::SoldierOff { seat, k } => {
                    if self.players[seat].soldiers[k] != Loc::Boxed {
                        self.players[seat].soldiers[k] = Loc::Boxed;
                        lost[seat] += 1;
                    }
                }
                ShotFact::Ammo { .. } | ShotFact::AmmoOff => {}
            }
        }
    }

    pub(super) fn shot(&mut self, facts: &[ShotFact], events: &mut Vec<Event>) -> RuleResult<()> {
        let seat = self.turn.seat;
        if self.players[seat].ammo == 0 {
            crate::refuse!("there is no ammo left to load");
        }
        let mut lost = [0u32; 2];
        self.commit_poses(facts, &mut lost);
        self.lost_in_turn[0] += lost[0];
        self.lost_in_turn[1] += lost[1];
        self.players[seat].ammo -= 1;
        self.turn.shots_fired += 1;
        self.turn.shots_left = self.turn.shots_left.saturating_sub(1);
        let rest = facts.iter().find_map(|f| match f {
            ShotFact::Ammo { x, y } => Some((*x, *y)),
            _ => None,
        });
        events.push(ev(
            Ev::Shot,
            Some(seat),
            &rest
                .map(|(x, y)| vec![x as i64, y as i64])
                .unwrap_or_default(),
            match rest {
                Some(_) => "the boulder flies and comes to rest".to_string(),
                None => "the boulder flies off the table".to_string(),
            },
        ));
        if self.turn.shots_left > 0 && self.players[seat].ammo > 0 {
            self.phase = Phase::Shot;
            return Ok(());
        }
        self.update(events);
        Ok(())
    }

    /// The Update phase: blocks and soldiers completely off their board and soldiers no longer
    /// upright go to the box; each player draws a card per soldier lost; the ammo comes back; the
    /// game ends when a player has no soldier standing.
    fn update(&mut self, events: &mut Vec<Event>) {
        let seat = self.turn.seat;
        let mut lost = std::mem::take(&mut self.lost_in_turn);
        #[allow(clippy::needless_range_loop)]
        for s in 0..2 {
            for k in 0..PIECES {
                if let Some(p) = self.players[s].pieces[k].pose() {
                    if !geo::over_board(s, piece_shape(k), p) {
                        self.players[s].pieces[k] = Loc::Boxed;
                        events.push(ev(
                            Ev::BlockBoxed,
                            Some(s),
                            &[k as i64],
                            format!("{} was knocked off the board: to the box", piece_name(k)),
                        ));
                    }
                }
            }
            for k in 0..SOLDIERS {
                if let Some(p) = self.players[s].soldiers[k].pose() {
                    let off = !geo::over_board(s, geo::Shape::Soldier, p);
                    if off || !geo::upright(p.a) {
                        self.players[s].soldiers[k] = Loc::Boxed;
                        lost[s] += 1;
                        events.push(ev(
                            Ev::SoldierLost,
                            Some(s),
                            &[k as i64],
                            format!(
                                "a soldier {}: to the box",
                                if off {
                                    "was knocked off the board"
                                } else {
                                    "no longer stands upright"
                                }
                            ),
                        ));
                    }
                }
            }
        }
        #[allow(clippy::needless_range_loop)]
        for s in 0..2 {
            let mut drawn = 0;
            for _ in 0..lost[s] {
                match self.players[s]
                    .deck
                    .draw(Seen::Seat(s), &mut self.rng, &mut [])
                {
                    Some((c, _)) => {
                        self.players[s].hand.push(c);
                        drawn += 1;
                    }
                    None => break,
                }
            }
            if lost[s] > 0 {
                events.push(ev(
                    Ev::CardsDrawn,
                    Some(s),
                    &[drawn, lost[s] as i64],
                    format!(
                        "draws {} for {} lost",
                        super::count(drawn as usize, "card", "cards"),
                        super::count(lost[s] as usize, "soldier", "soldiers")
                    ),
                ));
            }
        }
        self.players[seat].ammo = AMMO;
        let opp = State::opponent(seat);
        let winner = if self.players[opp].upright_soldiers() == 0 {
            Some(seat)
        } else if self.players[seat].upright_soldiers() == 0 {
            Some(opp)
        } else {
            None
        };
        match winner {
            Some(w) => {
                events.push(ev(
                    Ev::GameOver,
                    Some(w),
                    &[w as i64],
                    "wins: the enemy has no soldier left standing",
                ));
                self.phase = Phase::Over { winner: w };
            }
            None => self.start_turn(opp, events),
        }
    }
}
