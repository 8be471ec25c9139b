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
        k: i64,
        events: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let Some(d) = usize::try_from(k)
            .ok()
            .and_then(|k| self.designs.get(k))
            .cloned()
        else {
            crate::refuse!("there is no ready-made castle {k}");
        };
        if !self.fitting_designs(seat, bastion).contains(&(k as usize)) {
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
        all.sort_unstable();
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
            &[k],
            format!("builds `{}`", d.name),
        ));
        Ok(())
    }

    pub(super) fn place(
        &mut self,
        seat: usize,
        card: i64,
        pose: Pose,
        events: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let p = &self.players[seat];
        let Some(h) = p.hand.iter().position(|&c| c as i64 == card) else {
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
        let (c0, c1) = (hand[0] as i64, hand[1] as i64);
        let [l, r] = geometry::aframe(x, base);
        let others = self.players[seat].poses();
        geometry::check_place(&others, l)?;
        let mut with = others.clone();
        with.push((c0 as u32, l));
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
            if self
                .place(seat, card as i64, Pose::new(x, y, 0), events)
                .is_err()
            {
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
            let (px, _) = geometry::pivot(s);
            if a < px + geometry::ARM_ZONE && b > px - geometry::ARM_ZONE {
                crate::refuse!(
                    "the Great Tower cannot stand where seat {s} rests their throwing arm"
                );
            }
        }
        Ok(())
    }

    /// Good places for the Great Tower next to a seat's own mat.
    pub fn tower_spots(&self, seat: usize) -> Vec<i32> {
        let l = geometry::mat_left(seat);
        let r = l + geometry::MAT_W;
        [
            l - 800,
            r + geometry::PIVOT_DX + geometry::ARM_ZONE + geometry::TOWER_HW + 300,
        ]
        .into_iter()
        .filter(|&x| self.check_tower(x).is_ok())
        .collect()
    }

    // ----- shots ---------------------------------------------------------------------------
}
