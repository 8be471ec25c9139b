//! The rules of Catapults, pure: cubes, turns, rounds, scoring and the end of the game. They never
//! see a body: a shot reaches them as integer facts (where each cube came to rest, in mm).
//!
//! Facts a shot reports (canonical frame, see `layout`):
//! - `cube [owner, index, x, y, angle]` — the cube is in play at (x, y) mm, turned `angle` tenths
//!   of a degree;
//! - `out [owner, index, x, y]` — it came to rest behind a tile line, among the catapults;
//! - `fallen [owner, index]` — it left the table.
//!
//! The cube on the lever must be reported; a cube already on the table that is not mentioned
//! stays where it was.

use super::layout::{cube_points, end_of, OUT_LINE, TABLE_HALF};
use crate::core::{Event, Fact, Refusal, RuleResult};
use crate::games::catapults::rules::events::Ev;
use codec::{CubeId, ShotFact};

pub mod codec;
pub mod events;

/// Cubes each player flicks per round.
pub const CUBES: usize = 4;
/// The game ends when a player has at least this many points…
pub const WIN_POINTS: i64 = 21;
/// …and leads the second by at least this many.
pub const WIN_LEAD: i64 = 2;

/// Where one cube is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CubeAt {
    /// In its owner's hand, still to be flicked this round.
    Ready,
    /// On the table, in play, at (x, y) mm turned `angle` tenths of a degree.
    Table { x: i32, y: i32, angle: i32 },
    /// Flicked this round but out of play (off the table or behind a tile line): back in its
    /// owner's supply, scoring nothing; it is flicked again next round.
    Returned,
}

/// One scored round, for the history chart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundResult {
    pub round: u32,
    /// The turn order the round was played in.
    pub order: Vec<usize>,
    /// The end each seat sat at.
    pub ends: Vec<usize>,
    /// Tile points each player had on the table when the round ended.
    pub zone_points: Vec<i64>,
    /// Round points: zone points minus the worst player's.
    pub awarded: Vec<i64>,
    /// Game totals after the round.
    pub totals: Vec<i64>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub players: usize,
    /// `cubes[seat][index]`.
    pub cubes: Vec<[CubeAt; CUBES]>,
    /// This round's turn order (each player flicks one cube per pass, four passes).
    pub order: Vec<usize>,
    /// Shots taken this round (0 .. 4 × players).
    pub shot: usize,
    /// 1-based round number.
    pub round: u32,
    pub totals: Vec<i64>,
    pub history: Vec<RoundResult>,
    pub over: bool,
}

/// Round points: each player's tile points minus the worst player's.
pub fn round_points(zone_points: &[i64]) -> Vec<i64> {
    let worst = zone_points.iter().copied().min().unwrap_or(0);
    zone_points.iter().map(|p| p - worst).collect()
}

/// The winner if the game ends with these totals: 21 or more and a lead of at least 2.
pub fn winner(totals: &[i64]) -> Option<usize> {
    let (best, &top) = totals
        .iter()
        .enumerate()
        .max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(&a.0)))?;
    let second = totals
        .iter()
        .enumerate()
        .filter(|(s, _)| *s != best)
        .map(|(_, &t)| t)
        .max()
        .unwrap_or(i64::MIN / 2);
    (top >= WIN_POINTS && top - second >= WIN_LEAD).then_some(best)
}

/// The next round's order: most points first, fewest last. Tied players swap the order they
/// had among themselves last round, so going late (the last word) alternates between them.
pub fn next_order(totals: &[i64], previous: &[usize]) -> Vec<usize> {
    let pos = |s: usize| previous.iter().position(|&p| p == s).unwrap_or(s);
    let mut order: Vec<usize> = (0..totals.len()).collect();
    crate::core::order::sort_by(&mut order, |&a, &b| {
        totals[b].cmp(&totals[a]).then(pos(b).cmp(&pos(a)))
    });
    order
}

impl State {
    /// A new game: seat 0 (the youngest player) starts, then clockwise (increasing seats).
    pub fn new(players: usize) -> RuleResult<State> {
        if !(2..=4).contains(&players) {
            return Err(Refusal(format!(
                "Catapults takes 2 to 4 players, not {players}"
            )));
        }
        Ok(State {
            players,
            cubes: vec![[CubeAt::Ready; CUBES]; players],
            order: (0..players).collect(),
            shot: 0,
            round: 1,
            totals: vec![0; players],
            history: Vec::new(),
            over: false,
        })
    }

    /// The end (0 = left, 1 = right) a seat sits at this round.
    pub fn end(&self, seat: usize) -> usize {
        end_of(seat, self.round, self.players)
    }

    /// Every seat's end this round.
    pub fn ends(&self) -> Vec<usize> {
        (0..self.players).map(|s| self.end(s)).collect()
    }

    /// The seat to flick now.
    pub fn turn(&self) -> Option<usize> {
        if self.over {
            return None;
        }
        self.order.get(self.shot % self.players.max(1)).copied()
    }

    /// Which of the acting seat's cubes goes on the lever now (its first one still in hand).
    pub fn cube_to_flick(&self) -> Option<usize> {
        let seat = self.turn()?;
        self.cubes
            .get(seat)?
            .iter()
            .position(|c| *c == CubeAt::Ready)
    }

    /// Cubes in play, in a fixed order (seat, then index).
    pub fn on_table(&self) -> Vec<(usize, usize, i32, i32, i32)> {
        let mut out = Vec::new();
        for (s, cubes) in self.cubes.iter().enumerate() {
            for (i, c) in cubes.iter().enumerate() {
                if let CubeAt::Table { x, y, angle } = *c {
                    out.push((s, i, x, y, angle));
                }
            }
        }
        out
    }

    /// Tile points each player has on the table right now.
    pub fn zone_points(&self) -> Vec<i64> {
        let mut pts = vec![0; self.players];
        for (s, _, x, y, a) in self.on_table() {
            pts[s] += cube_points(self.end(s), x, y, a);
        }
        pts
    }

    /// Each broken conservation rule, in words (empty when all hold): every seat has its four
    /// cubes, as many still in hand as it has not flicked yet this round, a permutation for the
    /// order, and totals that are the sum of the rounds scored. The fuzzers check it.
    pub fn conservation(&self) -> Vec<String> {
        let mut out = Vec::new();
        let n = self.players;
        if self.cubes.len() != n || self.totals.len() != n {
            out.push(format!(
                "cubes for {} seats and totals for {} of {n}",
                self.cubes.len(),
                self.totals.len()
            ));
            return out;
        }
        let mut order = self.order.clone();
        crate::core::order::sort(&mut order);
        if order != (0..n).collect::<Vec<_>>() {
            out.push(format!(
                "the order {} is not every seat once",
                crate::core::moves::list(&self.order)
            ));
            return out;
        }
        if !self.over {
            for (p, &seat) in self.order.iter().enumerate() {
                let flicked = self.shot / n + usize::from(p < self.shot % n);
                let (ready, _, _) = self.supply(seat);
                if ready + flicked != CUBES {
                    out.push(format!(
                        "seat {seat}: {ready} cubes in hand after {flicked} flicks of {CUBES}"
                    ));
                }
            }
        }
        for seat in 0..n {
            let scored: i64 = self
                .history
                .iter()
                .map(|r| r.awarded.get(seat).copied().unwrap_or(0))
                .sum();
            if scored != self.totals[seat] {
                out.push(format!(
                    "seat {seat}: total {} but the rounds scored {scored}",
                    self.totals[seat]
                ));
            }
        }
        out
    }

    /// Counts of a seat's cubes: (ready, on the table, returned).
    pub fn supply(&self, seat: usize) -> (usize, usize, usize) {
        let Some(cubes) = self.cubes.get(seat) else {
            return (0, 0, 0);
        };
        let n = |f: fn(&CubeAt) -> bool| cubes.iter().filter(|c| f(c)).count();
        (
            n(|c| *c == CubeAt::Ready),
            n(|c| matches!(c, CubeAt::Table { .. })),
            n(|c| *c == CubeAt::Returned),
        )
    }

    /// Applies a shot's outcome for `seat`: moves the cubes the facts mention, then ends the turn
    /// (and the round, with its scoring, after the last cube).
    pub fn apply_shot(&mut self, seat: usize, facts: &[Fact]) -> RuleResult<Vec<Event>> {
        let Some(turn) = self.turn() else {
            return Err(Refusal::new("the game is over"));
        };
        if seat != turn {
            return Err(Refusal(format!(
                "it is seat {turn}'s turn to flick, not seat {seat}'s"
            )));
        }
        let Some(flicked) = self.cube_to_flick() else {
            return Err(Refusal(format!("seat {seat} has no cube left to flick")));
        };
        let updates = self.read_facts(seat, flicked, facts)?;
        let mut events = Vec::new();
        for (owner, index, to) in updates {
            let from = self.cubes[owner][index];
            self.cubes[owner][index] = to;
            let (o, i) = (owner as i64, index as i64);
            let shot = owner == seat && index == flicked;
            match to {
                CubeAt::Table { x, y, angle } => {
                    let pts = cube_points(self.end(owner), x, y, angle);
                    if shot {
                        events.push(Event::of(
                            Ev::CubeLanded,
                            Some(owner),
                            &[o, i, x as i64, y as i64, pts],
                            format!("seat {owner}'s cube lands on the table ({pts} points)"),
                        ));
                    } else if from != to {
                        events.push(Event::of(
                            Ev::CubeKnocked,
                            Some(owner),
                            &[o, i, x as i64, y as i64, pts],
                            format!("seat {owner}'s cube is knocked aside ({pts} points)"),
                        ));
                    }
                }
                CubeAt::Returned => events.push(Event::of(
                    Ev::CubeReturned,
                    Some(owner),
                    &[o, i],
                    format!(
                        "seat {owner}'s cube {} is out of play and goes back to the supply",
                        index + 1
                    ),
                )),
                CubeAt::Ready => {}
            }
        }
        self.shot += 1;
        if self.shot >= CUBES * self.players {
            events.extend(self.end_round());
        }
        Ok(events)
    }

    /// Facts the flick expected now could plausibly report, drawn from `rng` (the rules fuzzer's
    /// stand-in for a simulated flick): the flicked cube in play, out or fallen, and now and then
    /// a cube already in play knocked to another place or off the table.
    pub fn sample_facts(&self, rng: &mut crate::core::Rng) -> Option<Vec<Fact>> {
        let seat = self.turn()?;
        let flicked = self.cube_to_flick()?;
        let at = |rng: &mut crate::core::Rng, cube: CubeId| match rng.below(6) {
            0 => ShotFact::Fallen { cube },
            1 => ShotFact::Out {
                cube,
                x: rng.range(OUT_LINE + 1, TABLE_HALF) as i64
                    * if rng.below(2) == 0 { 1 } else { -1 },
                y: rng.range(0, 40) as i64,
            },
            _ => ShotFact::Cube {
                cube,
                x: rng.range(-OUT_LINE, OUT_LINE) as i64,
                y: rng.range(0, 40) as i64,
                angle: rng.range(0, 3599) as i64,
            },
        };
        let mut facts = vec![at(
            rng,
            CubeId {
                owner: seat,
                index: flicked,
            },
        )
        .encode()];
        let in_play = self.on_table();
        if !in_play.is_empty() && rng.below(3) == 0 {
            let (owner, index, ..) = in_play[rng.below(in_play.len() as u32) as usize];
            facts.push(at(rng, CubeId { owner, index }).encode());
        }
        Some(facts)
    }

    /// Tile points each player would have if these facts were applied for `seat`'s flick now
    /// (before the round is scored): what the bot weighs its candidate flicks by.
    pub fn preview(&self, seat: usize, facts: &[Fact]) -> RuleResult<Vec<i64>> {
        let flicked = self
            .cube_to_flick()
            .ok_or_else(|| Refusal::new("no cube is left to flick"))?;
        let mut next = self.clone();
        for (owner, index, to) in self.read_facts(seat, flicked, facts)? {
            next.cubes[owner][index] = to;
        }
        Ok(next.zone_points())
    }

    /// Checks every fact against the state and turns it into a cube move.
    fn read_facts(
        &self,
        seat: usize,
        flicked: usize,
        facts: &[Fact],
    ) -> RuleResult<Vec<(usize, usize, CubeAt)>> {
        let mut updates: Vec<(usize, usize, CubeAt)> = Vec::new();
        for f in facts {
            let fact = ShotFact::decode(f)?;
            let CubeId { owner, index } = fact.cube();
            if owner >= self.players || index >= CUBES {
                return Err(Refusal(format!(
                    "fact `{}` names cube {index} of seat {owner}, which does not exist",
                    f.what
                )));
            }
            let is_shot = owner == seat && index == flicked;
            if !is_shot && !matches!(self.cubes[owner][index], CubeAt::Table { .. }) {
                return Err(Refusal(format!(
                    "fact `{}`: seat {owner}'s cube {index} is neither on the table nor on the lever",
                    f.what
                )));
            }
            if updates.iter().any(|u| u.0 == owner && u.1 == index) {
                return Err(Refusal(format!(
                    "seat {owner}'s cube {index} is reported twice"
                )));
            }
            let to = match fact {
                ShotFact::Cube { x, y, angle, .. } => {
                    if x.unsigned_abs() > OUT_LINE as u64 {
                        return Err(Refusal(format!(
                            "a cube at x = {x} mm lies behind a tile line: it is `out`, not in play"
                        )));
                    }
                    if !(0..=3000).contains(&y) || !(0..3600).contains(&angle) {
                        return Err(Refusal(format!(
                            "cube pose y = {y} mm, angle = {angle} is not on the table"
                        )));
                    }
                    CubeAt::Table {
                        x: x as i32,
                        y: y as i32,
                        angle: angle as i32,
                    }
                }
                ShotFact::Out { x, .. } => {
                    if x.unsigned_abs() <= OUT_LINE as u64 || x.unsigned_abs() > TABLE_HALF as u64 {
                        return Err(Refusal(format!(
                            "`out` needs a resting place behind a tile line ({OUT_LINE} < |x| <= {TABLE_HALF} mm), not x = {x}"
                        )));
                    }
                    CubeAt::Returned
                }
                ShotFact::Fallen { .. } => CubeAt::Returned,
            };
            updates.push((owner, index, to));
        }
        if !updates.iter().any(|u| u.0 == seat && u.1 == flicked) {
            return Err(Refusal(format!(
                "the outcome does not say where seat {seat}'s flicked cube {flicked} went"
            )));
        }
        Ok(updates)
    }

    /// Scores the round, checks the end of the game, and starts the next round.
    fn end_round(&mut self) -> Vec<Event> {
        let mut events = Vec::new();
        let zone = self.zone_points();
        let awarded = round_points(&zone);
        for s in 0..self.players {
            self.totals[s] += awarded[s];
            events.push(Event::of(
                Ev::RoundScored,
                Some(s),
                &[self.round as i64, zone[s], awarded[s], self.totals[s]],
                format!(
                    "round {}: seat {s} has {} on the tiles, scores {} (total {})",
                    self.round, zone[s], awarded[s], self.totals[s]
                ),
            ));
        }
        self.history.push(RoundResult {
            round: self.round,
            order: self.order.clone(),
            ends: self.ends(),
            zone_points: zone,
            awarded,
            totals: self.totals.clone(),
        });
        if let Some(w) = winner(&self.totals) {
            self.over = true;
            events.push(Event::of(
                Ev::GameOver,
                Some(w),
                &[w as i64, self.totals[w]],
                format!("seat {w} wins with {} points", self.totals[w]),
            ));
            return events;
        }
        self.order = next_order(&self.totals, &self.order);
        self.round += 1;
        self.shot = 0;
        for cubes in &mut self.cubes {
            *cubes = [CubeAt::Ready; CUBES];
        }
        let mut args = vec![self.round as i64];
        args.extend(self.order.iter().map(|&s| s as i64));
        events.push(Event::of(
            Ev::RoundStarted,
            self.order.first().copied(),
            &args,
            format!(
                "round {} starts; order {}",
                self.round,
                crate::core::moves::list(&self.order)
            ),
        ));
        events
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The most negative coordinate once overflowed `x.abs()` (a panic in a debug build; a
    /// wrapped check that let the cube into play in a release build).
    #[test]
    fn regress_a_cube_at_the_most_negative_coordinate_is_refused_not_a_panic() {
        let s = State::new(2).unwrap_or_else(|e| panic!("{e}"));
        let cube = CubeId { owner: 0, index: 0 };
        for fact in [
            ShotFact::Cube {
                cube,
                x: i64::MIN,
                y: 10,
                angle: 0,
            },
            ShotFact::Out {
                cube,
                x: i64::MIN,
                y: 10,
            },
        ] {
            let refused = s.read_facts(0, 0, &[fact.encode()]);
            assert!(refused.is_err(), "{fact:?} is not on the table");
        }
    }

    #[test]
    fn conservation_holds_on_a_fresh_table_and_names_each_break() {
        let mut s = State::new(3).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(s.conservation(), Vec::<String>::new());
        s.shot = 1;
        assert_eq!(
            s.conservation().len(),
            1,
            "a flick without a cube leaving the hand"
        );
        s.cubes[0][0] = CubeAt::Returned;
        assert_eq!(s.conservation(), Vec::<String>::new());
        s.totals[2] = 5;
        assert!(s.conservation()[0].contains("the rounds scored 0"));
        s.totals[2] = 0;
        s.order = vec![0, 0, 1];
        assert!(s.conservation()[0].contains("not every seat once"));
    }
}
