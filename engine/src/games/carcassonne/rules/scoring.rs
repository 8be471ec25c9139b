//! Scoring: features completed during play (scored at once, followers come home) and the final
//! scoring of everything left open, fields included. The player(s) with the most followers on a
//! feature score it in full; tied players all do.

use super::events::{Event, EventKind};
use super::tiles::FeatureKind;
use super::{FarmRule, State};

/// Points for a completed city, road or cloister.
pub fn completed_points(kind: FeatureKind, tiles: u32, pennants: u32) -> i64 {
    match kind {
        FeatureKind::Road => tiles as i64,
        FeatureKind::City => 2 * (tiles as i64 + pennants as i64),
        FeatureKind::Cloister => 9,
        FeatureKind::Field => 0,
    }
}

/// Points at the end for a feature still open (cloister: `tiles` is 1 + its neighbours).
pub fn open_points(kind: FeatureKind, tiles: u32, pennants: u32) -> i64 {
    match kind {
        FeatureKind::Road | FeatureKind::Cloister => tiles as i64,
        FeatureKind::City => tiles as i64 + pennants as i64,
        FeatureKind::Field => 0,
    }
}

/// Points per completed city for the farmers.
pub fn farm_points(rule: FarmRule) -> i64 {
    match rule {
        FarmRule::FieldByField => 3,
        FarmRule::CityByCity => 4,
    }
}

impl State {
    pub(super) fn add_points(&mut self, seat: usize, kind: FeatureKind, points: i64) {
        if let Some(s) = self.scores.get_mut(seat) {
            *s += points;
        }
        if let Some(b) = self.breakdown.get_mut(seat) {
            b[kind.index()] += points;
        }
    }

    /// Scores feature `s` for its majority; returns the events.
    fn award(&mut self, s: u32, points: i64, end: bool, out: &mut Vec<Event>) {
        let f = self.features.feature(s);
        let (kind, tiles, pennants) = (f.kind, f.tiles.len() as u32, f.pennants);
        let tiles = if kind == FeatureKind::Cloister {
            1 + self.features.cloister_neighbours(&self.map, s)
        } else {
            tiles
        };
        for seat in self.majority(s) {
            self.add_points(seat, kind, points);
            out.push(Event::new(
                Some(seat),
                EventKind::Scored {
                    feature: kind,
                    points,
                    size: tiles,
                    pennants,
                    end,
                },
            ));
        }
    }

    /// Scores every feature that tile `t` completed, returns their followers.
    pub(super) fn score_completed(&mut self, t: u16, out: &mut Vec<Event>) {
        let Some(p) = self.map.tiles.get(t as usize).copied() else {
            return;
        };
        let mut segs: Vec<u32> = Vec::new();
        let n = self.catalog().kind(p.kind).segments.len() as u32;
        for i in 0..n {
            let s = p.first_seg + i;
            let k = self.features.feature(s).kind;
            if matches!(k, FeatureKind::City | FeatureKind::Road) {
                segs.push(s);
            }
        }
        // Cloisters on this tile and the 8 around it.
        for dy in -1..=1 {
            for dx in -1..=1 {
                let Some(q) = self.map.at(p.x + dx, p.y + dy).copied() else {
                    continue;
                };
                for (i, seg) in self.catalog().kind(q.kind).segments.iter().enumerate() {
                    if seg.kind == FeatureKind::Cloister {
                        segs.push(q.first_seg + i as u32);
                    }
                }
            }
        }
        let mut done_roots = Vec::new();
        for s in segs {
            let root = self.features.find(s);
            if done_roots.contains(&root)
                || self.features.feature(s).scored
                || !self.features.is_complete(&self.map, s)
            {
                continue;
            }
            done_roots.push(root);
            let f = self.features.feature(s);
            let points = completed_points(f.kind, f.tiles.len() as u32, f.pennants);
            self.award(s, points, false, out);
            self.features.mark_scored(s);
            self.return_all(s, out);
        }
    }

    /// Sends every follower on the feature of segment `s` home.
    fn return_all(&mut self, s: u32, out: &mut Vec<Event>) {
        let mut on = self.followers_on(s);
        crate::core::order::sort(&mut on);
        for i in on.into_iter().rev() {
            if let Some(f) = self.return_follower(i) {
                out.push(Event::new(
                    Some(f.seat as usize),
                    EventKind::FollowerReturned {
                        tile: f.tile,
                        spot: f.spot,
                    },
                ));
            }
        }
    }

    /// The final scoring: open roads, cities and cloisters with followers, then the fields.
    pub(super) fn score_end(&mut self, out: &mut Vec<Event>) {
        let mut roots: Vec<u32> = Vec::new();
        for f in &self.followers {
            let r = self.features.find(self.follower_seg(f));
            if !roots.contains(&r) {
                roots.push(r);
            }
        }
        crate::core::order::sort(&mut roots);
        for &r in &roots {
            let f = self.features.feature(r);
            if f.scored || f.kind == FeatureKind::Field {
                continue;
            }
            let points = match f.kind {
                FeatureKind::Cloister => 1 + self.features.cloister_neighbours(&self.map, r) as i64,
                k => open_points(k, f.tiles.len() as u32, f.pennants),
            };
            self.award(r, points, true, out);
        }
        match self.options.farms {
            FarmRule::FieldByField => {
                for &r in &roots {
                    if self.features.feature(r).kind != FeatureKind::Field {
                        continue;
                    }
                    let cities = self.completed_cities_of(r);
                    if cities.is_empty() {
                        continue;
                    }
                    let points = farm_points(self.options.farms) * cities.len() as i64;
                    self.award_field(r, points, cities.len() as u32, out);
                }
            }
            FarmRule::CityByCity => {
                let mut cities: Vec<u32> = Vec::new();
                for &r in &roots {
                    if self.features.feature(r).kind == FeatureKind::Field {
                        for c in self.completed_cities_of(r) {
                            if !cities.contains(&c) {
                                cities.push(c);
                            }
                        }
                    }
                }
                crate::core::order::sort(&mut cities);
                for c in cities {
                    let mut count = vec![0u32; self.seats];
                    for &r in &roots {
                        if self.features.feature(r).kind == FeatureKind::Field
                            && self.completed_cities_of(r).contains(&c)
                        {
                            for i in self.followers_on(r) {
                                if let Some(n) = self
                                    .followers
                                    .get(i)
                                    .and_then(|f| count.get_mut(f.seat as usize))
                                {
                                    *n += 1;
                                }
                            }
                        }
                    }
                    let points = farm_points(self.options.farms);
                    for seat in super::followers::majority_of(&count) {
                        self.add_points(seat, FeatureKind::Field, points);
                        out.push(Event::new(
                            Some(seat),
                            EventKind::Scored {
                                feature: FeatureKind::Field,
                                points,
                                size: 1,
                                pennants: 0,
                                end: true,
                            },
                        ));
                    }
                }
            }
        }
    }

    fn award_field(&mut self, r: u32, points: i64, cities: u32, out: &mut Vec<Event>) {
        for seat in self.majority(r) {
            self.add_points(seat, FeatureKind::Field, points);
            out.push(Event::new(
                Some(seat),
                EventKind::Scored {
                    feature: FeatureKind::Field,
                    points,
                    size: cities,
                    pennants: 0,
                    end: true,
                },
            ));
        }
    }

    /// The completed cities (their roots, sorted, each once) that the field of `s` borders.
    pub fn completed_cities_of(&self, s: u32) -> Vec<u32> {
        let mut out: Vec<u32> = self
            .features
            .feature(s)
            .cities
            .iter()
            .filter(|&&c| self.features.is_complete(&self.map, c))
            .map(|&c| self.features.find(c))
            .collect();
        crate::core::order::sort(&mut out);
        out.dedup();
        out
    }
}
