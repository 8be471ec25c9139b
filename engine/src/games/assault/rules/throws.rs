//! Throws and falls: the facts of a shot turned into damage, falls, defeats, raids and rewards.

use super::codec::ShotFact;
use super::*;
use crate::core::game::RulesState;
use crate::core::hidden::Seen;

impl State {
    /// Applies a shot's facts to a copy of the players (and the tower) without consequences.
    /// Returns the new players, the tower, the cards that left their mats, and per-seat damage.
    #[allow(clippy::type_complexity)]
    pub fn read_facts(
        &self,
        facts: &[Fact],
        only: Option<usize>,
    ) -> RuleResult<(Vec<Player>, Option<Pose>, Vec<(usize, u32)>, Vec<Damage>)> {
        let mut players = self.players.clone();
        let mut tower = self.tower;
        let mut off = Vec::new();
        for f in facts {
            match ShotFact::decode(f)? {
                ShotFact::Card { id, pose } => {
                    let Some((s, i)) = find_card(&players, id) else {
                        crate::refuse!("fact `card`: building card {id} is on no mat");
                    };
                    if only.is_some_and(|o| o != s) {
                        crate::refuse!(
                            "fact `card`: building card {id} is not on the mat being let go"
                        );
                    }
                    players[s].castle[i].pose = pose;
                }
                ShotFact::Off(id) => {
                    let Some((s, i)) = find_card(&players, id) else {
                        crate::refuse!("fact `off`: building card {id} is on no mat");
                    };
                    if only.is_some_and(|o| o != s) {
                        crate::refuse!(
                            "fact `off`: building card {id} is not on the mat being let go"
                        );
                    }
                    let c = players[s].castle.remove(i);
                    off.push((s, c.id));
                }
                ShotFact::Tower(pose) => {
                    if tower.is_none() {
                        crate::refuse!("fact `tower`: the Great Tower is not on the table");
                    }
                    tower = Some(pose);
                }
                ShotFact::TowerOff => tower = None,
                ShotFact::SiegeRest { .. } => {}
            }
        }
        let mut damage = vec![Damage::default(); self.n];
        for s in 0..self.n {
            let before = &self.players[s];
            let after = &players[s];
            let old_ruins = before.ruins();
            let d = &mut damage[s];
            d.standing_before = before.standing();
            d.standing_after = after.standing();
            d.off = off.iter().filter(|(o, _)| *o == s).count();
            d.moved = after
                .castle
                .iter()
                .filter(|c| {
                    before
                        .castle
                        .iter()
                        .find(|b| b.id == c.id)
                        .map(|b| geometry::moved(b.pose, c.pose))
                        .unwrap_or(false)
                })
                .count()
                + d.off;
            d.new_ruins = after
                .ruins()
                .iter()
                .filter(|r| !old_ruins.contains(r))
                .count();
            d.fell = before.built && after.standing() == 0;
        }
        Ok((players, tower, off, damage))
    }

    /// Facts a throw (or, with `only`, that seat's let-go) could plausibly report, drawn from
    /// `rng` (the rules fuzzer's stand-in for a simulated one): some cards knocked aside or off
    /// their mats, now and then the Great Tower moved or off the table.
    pub fn sample_facts(&self, only: Option<usize>, rng: &mut crate::core::Rng) -> Vec<Fact> {
        let mut facts = Vec::new();
        for (s, p) in self.players.iter().enumerate() {
            if only.is_some_and(|o| o != s) {
                continue;
            }
            for c in &p.castle {
                match rng.below(8) {
                    0 => facts.push(ShotFact::Off(c.id).encode()),
                    1 => {
                        let pose = Pose {
                            x: c.pose.x + rng.range(-300, 300),
                            y: (c.pose.y + rng.range(-300, 100)).max(0),
                            a: rng.range(0, 3599),
                        };
                        facts.push(ShotFact::Card { id: c.id, pose }.encode());
                    }
                    _ => {}
                }
            }
        }
        if only.is_none() {
            if let Some(t) = self.tower {
                match rng.below(20) {
                    0 => facts.push(ShotFact::TowerOff.encode()),
                    1 => facts.push(
                        ShotFact::Tower(Pose {
                            a: rng.range(0, 3599),
                            ..t
                        })
                        .encode(),
                    ),
                    _ => {}
                }
            }
            let (x, y) = (rng.range(-20_000, 20_000) as i64, rng.range(0, 500) as i64);
            facts.push(ShotFact::SiegeRest { x, y }.encode());
        }
        facts
    }

    pub(super) fn apply_throw(
        &mut self,
        seat: usize,
        facts: &[Fact],
        events: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let (players, tower, off, damage) = self.read_facts(facts, None)?;
        self.tasks.pop_front();
        let thrown: Vec<Siege> = std::mem::take(&mut self.munitions);
        let names: Vec<&str> = thrown.iter().map(|k| k.title()).collect();
        events.push(ev(
            Ev::Thrown,
            Some(seat),
            &[thrown.len() as i64],
            format!("throws {}", names.join(" + ")),
        ));
        for k in thrown {
            self.siege.put_discard(k);
        }
        self.commit_facts(players, tower, &off, events);
        self.consequences(Some(seat), seat, &damage, false, events);
        Ok(())
    }

    pub(super) fn apply_let_go(
        &mut self,
        seat: usize,
        build: bool,
        facts: &[Fact],
        events: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let (players, tower, off, damage) = self.read_facts(facts, Some(seat))?;
        self.tasks.pop_front();
        self.dirty[seat] = false;
        if build {
            let before = self.players[seat].clone();
            let stood = off.is_empty()
                && players[seat].castle.iter().all(|c| {
                    before
                        .castle
                        .iter()
                        .find(|b| b.id == c.id)
                        .map(|b| !geometry::moved(b.pose, c.pose))
                        .unwrap_or(false)
                });
            self.players[seat].castle = players[seat].castle.clone();
            self.tower = tower;
            for &(_, c) in &off {
                self.players[seat].hand.push(c);
            }
            if stood {
                let p = &mut self.players[seat];
                p.built = true;
                p.placed_now.clear();
                events.push(ev(
                    Ev::CastleStands,
                    Some(seat),
                    &[p.castle.len() as i64],
                    if p.defeated {
                        "the last bastion stands".to_string()
                    } else {
                        format!("the castle stands ({} cards)", p.castle.len())
                    },
                ));
                self.offer_gods(seat);
            } else {
                events.push(ev(
                    Ev::CastleDidNotStand,
                    Some(seat),
                    &[damage[seat].moved as i64],
                    format!(
                        "the castle did not stand ({} card(s) moved): build again",
                        damage[seat].moved
                    ),
                ));
                // Build again from scratch: the settled mess comes back to the hand, so a
                // collapse can never be accepted by letting go of it a second time.
                let p = &mut self.players[seat];
                let back: Vec<u32> = p.castle.drain(..).map(|c| c.id).collect();
                let off_cards = std::mem::take(&mut p.hand);
                p.hand = back.into_iter().chain(off_cards).collect();
                p.placed_now.clear();
                let bastion = p.defeated;
                self.tasks.push_front(Task::Build { seat, bastion });
            }
            return Ok(());
        }
        self.commit_facts(players, tower, &off, events);
        self.consequences(None, seat, &damage, true, events);
        Ok(())
    }

    pub(super) fn commit_facts(
        &mut self,
        players: Vec<Player>,
        tower: Option<Pose>,
        off: &[(usize, u32)],
        events: &mut Vec<Event>,
    ) {
        for (s, p) in players.into_iter().enumerate() {
            self.players[s].castle = p.castle;
        }
        if let (Some(a), Some(b)) = (self.tower, tower) {
            if geometry::moved(a, b) {
                events.push(ev(
                    Ev::TowerMoved,
                    None,
                    &[b.x as i64, b.y as i64, b.a as i64],
                    "the Great Tower was knocked",
                ));
            }
        }
        if self.tower.is_some() && tower.is_none() {
            events.push(ev(
                Ev::TowerOff,
                None,
                &[],
                "the Great Tower fell off the table: back in the box",
            ));
        }
        self.tower = tower;
        for &(s, c) in off {
            self.building.put_bottom(c);
            events.push(ev(
                Ev::CardOffMat,
                Some(s),
                &[c as i64],
                format!("building card {c} left its mat: back to the building deck"),
            ));
        }
    }

    pub(super) fn offer_gods(&mut self, seat: usize) {
        let p = &self.players[seat];
        if self.gods_rule && !p.gods_claimed && p.alive() && p.two_storeys() {
            self.players[seat].gods_claimed = true;
            self.tasks.push_front(Task::Gods { seat });
        }
    }

    /// Falls, ruins and rewards after a shot. `causer` is the thrower (None after a let-go);
    /// `first` is where the clockwise processing starts.
    pub(super) fn consequences(
        &mut self,
        causer: Option<usize>,
        first: usize,
        damage: &[Damage],
        let_go: bool,
        events: &mut Vec<Event>,
    ) {
        let order: Vec<usize> = (0..self.n).map(|k| (first + k) % self.n).collect();
        for &s in &order {
            let d = damage[s];
            if d.moved > 0 && !d.fell && self.players[s].alive() {
                events.push(ev(
                    Ev::CastleHit,
                    Some(s),
                    &[
                        d.moved as i64,
                        (d.standing_before as i64 - d.standing_after as i64).max(0),
                    ],
                    format!(
                        "seat {s}'s castle: {} card(s) moved, {} standing",
                        d.moved, d.standing_after
                    ),
                ));
            }
        }
        let mut front: Vec<Task> = Vec::new();
        if let_go {
            // A let-go can raise a second storey.
            let p = &self.players[first];
            if self.gods_rule
                && !p.gods_claimed
                && p.alive()
                && p.built
                && p.standing() > 0
                && p.two_storeys()
            {
                self.players[first].gods_claimed = true;
                front.push(Task::Gods { seat: first });
            }
        }
        for &s in &order {
            let d = damage[s];
            let p = &self.players[s];
            if !d.fell && p.alive() && p.built && d.new_ruins > 0 {
                front.push(Task::Ruins { seat: s });
            }
        }
        for t in front.into_iter().rev() {
            self.tasks.push_front(t);
        }
        let fallen: Vec<usize> = order
            .iter()
            .copied()
            .filter(|&s| damage[s].fell && self.players[s].alive() && self.players[s].built)
            .collect();
        // Falls are queued after the ruins decisions, before the rest of the turn.
        let mut fall_tasks: Vec<Task> = Vec::new();
        for s in fallen {
            if self.is_over() {
                break;
            }
            fall_tasks.extend(self.fall(s, causer, events));
        }
        if self.is_over() {
            self.tasks.clear();
            return;
        }
        let ruins_len = self
            .tasks
            .iter()
            .take_while(|t| matches!(t, Task::Ruins { .. } | Task::Gods { .. }))
            .count();
        for (k, t) in fall_tasks.into_iter().enumerate() {
            self.tasks.insert(ruins_len + k, t);
        }
    }

    /// A castle has fallen: defeat (last bastion, raid, double turn) or elimination.
    /// Returns the tasks that follow.
    pub fn fall(&mut self, s: usize, causer: Option<usize>, events: &mut Vec<Event>) -> Vec<Task> {
        let caused_by = causer.map(|c| c as i64).unwrap_or(-1);
        let mut cards: Vec<u32> = self.players[s].castle.drain(..).map(|c| c.id).collect();
        cards.append(&mut self.players[s].hand);
        crate::core::order::sort(&mut cards);
        self.players[s].placed_now.clear();
        self.players[s].built = false;
        let own = causer == Some(s);
        if self.players[s].defeated {
            for c in cards {
                self.building.put_bottom(c);
            }
            self.eliminate(s, events, caused_by, own);
            if self.alive_count() <= 1 {
                return Vec::new();
            }
            return self.raid_tasks(s, causer);
        }
        // Defeat: keep two cards, the rest back to the deck; flip the mat; last bastion.
        let keep: Vec<u32> = cards.iter().copied().take(2).collect();
        for &c in cards.iter().skip(2) {
            self.building.put_bottom(c);
        }
        let p = &mut self.players[s];
        p.hand = keep;
        while self.players[s].hand.len() < 2 {
            match self.building.draw(Seen::All, &mut self.rng, &mut []) {
                Some((c, _)) => self.players[s].hand.push(c),
                None => break,
            }
        }
        events.push(ev(
            Ev::Defeated,
            Some(s),
            &[caused_by, own as i64],
            if own {
                format!(
                    "seat {s}'s castle fell during their own attack: defeated, the mat is flipped"
                )
            } else {
                format!("seat {s}'s castle fell: defeated, the mat is flipped")
            },
        ));
        if self.players[s].hand.len() < 2 {
            // Not even two cards left anywhere: no last bastion can be built.
            let hand = std::mem::take(&mut self.players[s].hand);
            for c in hand {
                self.building.put_bottom(c);
            }
            self.eliminate(s, events, caused_by, own);
            if self.alive_count() <= 1 {
                return Vec::new();
            }
            return self.raid_tasks(s, causer);
        }
        let p = &mut self.players[s];
        p.defeated = true;
        p.extra_turn = true;
        if self.resume_with.is_none() {
            self.resume_with = Some(s);
        }
        let mut tasks = vec![Task::Build {
            seat: s,
            bastion: true,
        }];
        tasks.extend(self.raid_tasks(s, causer));
        tasks
    }

    pub(super) fn eliminate(
        &mut self,
        s: usize,
        events: &mut Vec<Event>,
        caused_by: i64,
        own: bool,
    ) {
        self.eliminated_count += 1;
        let p = &mut self.players[s];
        p.eliminated = true;
        p.extra_turn = false;
        p.out_order = self.eliminated_count;
        self.dirty[s] = false;
        if self.resume_with == Some(s) {
            self.resume_with = None;
        }
        events.push(ev(
            Ev::Eliminated,
            Some(s),
            &[caused_by, own as i64],
            format!("seat {s}'s last bastion fell: eliminated"),
        ));
        if self.alive_count() == 1 {
            let w = (0..self.n).find(|&k| self.players[k].alive()).unwrap_or(0);
            self.winner = Some(w);
            self.tasks.clear();
            events.push(ev(
                Ev::Winner,
                Some(w),
                &[],
                format!("seat {w} holds the last castle standing and wins"),
            ));
        }
    }

    /// After a fall, every opponent draws 2 and reinforces: from the player who caused the fall,
    /// or from the fallen player's left neighbour when nobody did (or they brought it down themselves).
    pub fn raid_order(&self, fallen: usize, causer: Option<usize>) -> Vec<usize> {
        let start = match causer {
            Some(c) if c != fallen && self.players[c].alive() => c,
            _ => self.next_alive(fallen),
        };
        self.clockwise_from(start)
            .into_iter()
            .filter(|&s| s != fallen)
            .collect()
    }

    pub(super) fn raid_tasks(&self, fallen: usize, causer: Option<usize>) -> Vec<Task> {
        let mut out = Vec::new();
        for r in self.raid_order(fallen, causer) {
            out.extend(Task::draw_and_reinforce(r, Why::Raid));
        }
        out
    }

    // ----- automatic tasks -------------------------------------------------------------------

    // ----- the choices a throw leaves ----------------------------------------------------------

    /// `ruins_keep`: the fallen cards stay in the castle as ruins.
    pub(super) fn keep_ruins(&mut self, seat: usize, events: &mut Vec<Event>) -> RuleResult<()> {
        self.tasks.pop_front();
        events.push(ev(
            Ev::RuinsKept,
            Some(seat),
            &[],
            "leaves the ruins standing in the castle",
        ));
        Ok(())
    }

    /// `ruins_clear`: the fallen cards go back to the building deck; the castle is let go.
    pub(super) fn clear_ruins(&mut self, seat: usize, events: &mut Vec<Event>) -> RuleResult<()> {
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
        Ok(())
    }

    /// `gods_tower`: As High as Gods, the reward is placing the Great Tower.
    pub(super) fn gods_tower(&mut self, seat: usize, events: &mut Vec<Event>) -> RuleResult<()> {
        self.tasks.pop_front();
        self.tasks.push_front(Task::Tower { seat });
        events.push(ev(
            Ev::GodsReward,
            Some(seat),
            &[0],
            "As High as Gods: takes the Great Tower",
        ));
        Ok(())
    }

    /// `gods_trebuchet`: As High as Gods, Catapults count as Trebuchets while the second floor
    /// stands.
    pub(super) fn gods_trebuchet(
        &mut self,
        seat: usize,
        events: &mut Vec<Event>,
    ) -> RuleResult<()> {
        self.tasks.pop_front();
        self.players[seat].gods_trebuchet = true;
        events.push(ev(
            Ev::GodsReward,
            Some(seat),
            &[1],
            "As High as Gods: every Catapult is a Trebuchet while the second floor stands",
        ));
        Ok(())
    }
}
