//! Building and reinforcing castles: designs, card placement, the Great Tower's spot.

use super::*;

impl State {
    pub(super) fn card_total(&self, seat: usize) -> usize {
        self.players[seat].hand.len() + self.players[seat].castle.len()
    }

    pub fn fitting_designs(&self, seat: usize, bastion: bool) -> Vec<usize> {
        let total = self.card_total(seat);
        (0..self.designs.len())
            .filter(|&k| {
                let d = &self.designs[k];
                d.cards.len() == total && (d.cards.len() == 2) == bastion
            })
            .collect()
    }

    pub(super) fn use_design(
        &mut self,
        seat: usize,
        bastion: bool,
        k: usize,
        events: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let Some(d) = self.designs.get(k).cloned() else {
            crate::refuse!("there is no ready-made castle {k}");
        };
        if !self.fitting_designs(seat, bastion).contains(&k) {
            crate::refuse!(
                "`{}` needs {} cards; you have {}",
                d.name,
                d.cards.len(),
                self.card_total(seat)
            );
        }
        let p = &mut self.players[seat];
        let mut all: Vec<u32> = p.castle.drain(..).map(|c| c.id).collect();
        all.append(&mut p.hand);
        crate::core::order::sort(&mut all);
        p.placed_now.clear();
        for (id, pose) in all.iter().zip(design_poses(&d)) {
            let others = p.poses();
            geometry::check_place(&others, pose)
                .map_err(|e| Refusal(format!("design `{}` is not buildable: {e}", d.name)))?;
            p.castle.push(Card { id: *id, pose });
            p.placed_now.push(*id);
        }
        p.effort += d.cards.len() as u32;
        events.push(ev(
            Ev::DesignBuilt,
            Some(seat),
            &[k as i64],
            format!("builds {}", d.name),
        ));
        Ok(())
    }

    pub(super) fn place(
        &mut self,
        seat: usize,
        card: u32,
        pose: Pose,
        events: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let p = &self.players[seat];
        let Some(h) = p.hand.iter().position(|&c| c == card) else {
            crate::refuse!("building card {card} is not in your hand");
        };
        geometry::check_place(&p.poses(), pose)?;
        let p = &mut self.players[seat];
        let id = p.hand.remove(h);
        p.castle.push(Card { id, pose });
        p.placed_now.push(id);
        events.push(ev(
            Ev::CardPlaced,
            Some(seat),
            &[id as i64, pose.x as i64, pose.y as i64, pose.a as i64],
            format!("places building card {id}"),
        ));
        Ok(())
    }

    pub(super) fn place_pair(
        &mut self,
        seat: usize,
        x: i32,
        base: i32,
        events: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let hand = &self.players[seat].hand;
        if hand.len() < 2 {
            crate::refuse!("a leaning pair needs two building cards in hand");
        }
        let (c0, c1) = (hand[0], hand[1]);
        let [l, r] = geometry::aframe(x, base);
        let others = self.players[seat].poses();
        geometry::check_place(&others, l)?;
        let mut with = others.clone();
        with.push((c0, l));
        geometry::check_place(&with, r)?;
        self.place(seat, c0, l, events)?;
        self.place(seat, c1, r, events)
    }

    /// "Reinforce for me": leaning pairs where they fit, then floors across neighbouring apexes.
    pub fn auto_reinforce(&mut self, seat: usize, events: &mut Vec<Event>) -> usize {
        let mut placed = 0;
        while self.players[seat].hand.len() >= 2 {
            let Some(&(x, base)) = geometry::pair_slots(&self.players[seat].poses()).first() else {
                break;
            };
            if self.place_pair(seat, x, base, events).is_err() {
                break;
            }
            placed += 2;
        }
        while let Some(&card) = self.players[seat].hand.first() {
            let Some(&(x, y)) = geometry::floor_slots(&self.players[seat].poses()).first() else {
                break;
            };
            if self.place(seat, card, Pose::new(x, y, 0), events).is_err() {
                break;
            }
            placed += 1;
        }
        placed
    }

    pub fn check_tower(&self, x: i32) -> RuleResult<()> {
        let (t0, t1) = geometry::table_extent(self.n);
        if x < t0 || x > t1 {
            crate::refuse!(
                "the Great Tower must stay on the table ({}..{} mm)",
                t0 / 10,
                t1 / 10
            );
        }
        let (a, b) = (x - geometry::TOWER_HW, x + geometry::TOWER_HW);
        if a < t0 || b > t1 {
            crate::refuse!(
                "the Great Tower must stay on the table ({}..{} mm)",
                t0 / 10,
                t1 / 10
            );
        }
        for s in 0..self.n {
            let (m0, m1) = (
                geometry::mat_left(s) - 20,
                geometry::mat_left(s) + geometry::MAT_W + 20,
            );
            if a < m1 && b > m0 {
                crate::refuse!("the Great Tower cannot stand on a Bedrock mat (seat {s}'s)");
            }
            let (px, _) = self.pivot(s);
            if a < px + geometry::ARM_ZONE && b > px - geometry::ARM_ZONE {
                crate::refuse!(
                    "the Great Tower cannot stand where seat {s} rests their throwing arm"
                );
            }
        }
        Ok(())
    }

    /// Good places for the Great Tower next to a seat's own mat: 30 mm clear of the mat on the
    /// side away from the elbow, 30 mm clear of the arm on the elbow's side.
    pub fn tower_spots(&self, seat: usize) -> Vec<i32> {
        let l = geometry::mat_left(seat);
        let r = l + geometry::MAT_W;
        let past_arm = geometry::PIVOT_DX + geometry::ARM_ZONE + geometry::TOWER_HW + 300;
        let (left, right) = if geometry::elbow_on_the_left(seat, self.n, self.table) {
            (l - past_arm, r + 800)
        } else {
            (l - 800, r + past_arm)
        };
        [left, right]
            .into_iter()
            .filter(|&x| self.check_tower(x).is_ok())
            .collect()
    }

    // ----- the building and reinforcing moves ------------------------------------------------

    /// `place`: a card of the hand at a pose on the mat (building counts toward the effort).
    pub(super) fn place_card(
        &mut self,
        seat: usize,
        card: u32,
        pose: Pose,
        building: bool,
        events: &mut Vec<Event>,
    ) -> RuleResult<()> {
        self.place(seat, card, pose, events)?;
        if building {
            self.players[seat].effort += 1;
        }
        Ok(())
    }

    /// `put`: the next card of the hand dragged onto the table (table mm). A card put down
    /// slightly inside another is lifted until it clears (up to 2 mm), as a hand would.
    pub(super) fn put_card(
        &mut self,
        seat: usize,
        xm: i32,
        ym: i32,
        a: i32,
        building: bool,
        events: &mut Vec<Event>,
    ) -> RuleResult<()> {
        if !(-100_000..=100_000).contains(&xm) || !(-100_000..=100_000).contains(&ym) {
            crate::refuse!("({xm}, {ym}) mm is not on the table");
        }
        let x = xm * 10 - geometry::mat_left(seat);
        let y = ym * 10 - geometry::MAT_T;
        let Some(&card) = self.players[seat].hand.first() else {
            crate::refuse!("no building card in hand");
        };
        let others = self.players[seat].poses();
        let lift = (0..=20).find(|dy| geometry::fits(&others, Pose::new(x, y + dy, a)));
        let pose = Pose::new(x, y + lift.unwrap_or(0), a);
        self.place_card(seat, card, pose, building, events)
    }

    /// Takes a card out of the seat's castle.
    pub(super) fn take_from_castle(&mut self, seat: usize, card: u32) -> RuleResult<Card> {
        let p = &mut self.players[seat];
        let Some(i) = p.castle.iter().position(|c| c.id == card) else {
            crate::refuse!("building card {card} is not in your castle");
        };
        Ok(p.castle.remove(i))
    }

    /// `remove` while building: any card of the castle goes back into the hand.
    pub(super) fn take_back_built(
        &mut self,
        seat: usize,
        card: u32,
        events: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let card = self.take_from_castle(seat, card)?.id;
        let p = &mut self.players[seat];
        p.hand.push(card);
        p.placed_now.retain(|&c| c != card);
        p.effort += 1;
        events.push(ev(
            Ev::CardTakenBack,
            Some(seat),
            &[card as i64],
            format!("took building card {card} back"),
        ));
        Ok(())
    }

    /// `remove` while reinforcing: only a card put down in this reinforcement.
    pub(super) fn take_back_placed(
        &mut self,
        seat: usize,
        card: u32,
        events: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let p = &mut self.players[seat];
        let Some(k) = p.placed_now.iter().position(|&c| c == card) else {
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
        Ok(())
    }

    /// `auto` while building: a ready-made castle that fits, chosen at random.
    pub(super) fn build_for_me(
        &mut self,
        seat: usize,
        bastion: bool,
        events: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let fitting: Vec<usize> = self.fitting_designs(seat, bastion);
        let Some(&k) = self.rng.pick(&fitting) else {
            crate::refuse!("no ready-made castle fits {} cards", self.card_total(seat));
        };
        self.use_design(seat, bastion, k, events)
    }

    /// `done` while building: every card is used; the castle is let go.
    pub(super) fn finish_building(
        &mut self,
        seat: usize,
        bastion: bool,
        events: &mut Vec<Event>,
    ) -> RuleResult<()> {
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
        Ok(())
    }

    /// `floor`: the next card of the hand laid flat at (x, y) on the mat.
    pub(super) fn lay_floor(
        &mut self,
        seat: usize,
        x: i32,
        y: i32,
        events: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let Some(&card) = self.players[seat].hand.first() else {
            crate::refuse!("no building card in hand");
        };
        self.place(seat, card, Pose::new(x, y, 0), events)
    }

    /// `auto` while reinforcing: leaning pairs and floors wherever they fit.
    pub(super) fn reinforce_for_me(
        &mut self,
        seat: usize,
        events: &mut Vec<Event>,
    ) -> RuleResult<()> {
        if self.auto_reinforce(seat, events) == 0 {
            crate::refuse!("there is no free place for a leaning pair or a floor on your mat");
        }
        Ok(())
    }

    /// `done` while reinforcing: unplaced cards go to the bottom of the building deck.
    pub(super) fn finish_reinforcing(
        &mut self,
        seat: usize,
        events: &mut Vec<Event>,
    ) -> RuleResult<()> {
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
        Ok(())
    }

    // ----- the Great Tower ----------------------------------------------------------------------

    /// `tower`: God's Favour, the Great Tower upright at x (table dmm).
    pub(super) fn place_tower(
        &mut self,
        seat: usize,
        x: i32,
        events: &mut Vec<Event>,
    ) -> RuleResult<()> {
        self.check_tower(x)?;
        self.tower = Some(Pose::new(x, geometry::TOWER_HH, 0));
        self.tasks.pop_front();
        events.push(ev(
            Ev::TowerPlaced,
            Some(seat),
            &[x as i64],
            String::from("places the Great Tower"),
        ));
        Ok(())
    }

    /// `tower_put`: the app's drag of the Great Tower, at x (table mm).
    pub(super) fn put_tower(
        &mut self,
        seat: usize,
        xm: i32,
        events: &mut Vec<Event>,
    ) -> RuleResult<()> {
        if !(-100_000..=100_000).contains(&xm) {
            crate::refuse!("x {xm} mm is not on the table");
        }
        self.place_tower(seat, xm * 10, events)
    }

    /// `tower_stay`: the Great Tower stays where it is (only once it is on the table).
    pub(super) fn tower_stays(&mut self, seat: usize, events: &mut Vec<Event>) -> RuleResult<()> {
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
        Ok(())
    }
}
