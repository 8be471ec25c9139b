//! Followers: 7 per player, in supply or standing on a segment of a placed tile. A feature is
//! occupied when any follower stands anywhere along it.

use super::features::Features;
use super::tiles::FeatureKind;
use super::State;

pub const FOLLOWERS: u8 = 7;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Follower {
    pub seat: u8,
    /// The placed tile and the spot (segment index of its kind) it stands on.
    pub tile: u16,
    pub spot: u8,
}

/// A spot on the tile just placed, as offered to the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spot {
    pub spot: u8,
    pub kind: FeatureKind,
    /// False when the feature (after joining this tile) already holds a follower.
    pub free: bool,
}

impl State {
    /// The global segment a follower stands on.
    pub fn follower_seg(&self, f: &Follower) -> u32 {
        self.map
            .tiles
            .get(f.tile as usize)
            .map(|p| Features::seg_of(p, f.spot))
            .unwrap_or(0)
    }

    /// Indices (into `followers`) of the followers on the feature of segment `s`.
    pub fn followers_on(&self, s: u32) -> Vec<usize> {
        let root = self.features.find(s);
        self.followers
            .iter()
            .enumerate()
            .filter(|(_, f)| self.features.find(self.follower_seg(f)) == root)
            .map(|(i, _)| i)
            .collect()
    }

    /// The seats with the most followers on the feature of segment `s` (none if empty).
    pub fn majority(&self, s: u32) -> Vec<usize> {
        let mut count = vec![0u32; self.seats];
        for i in self.followers_on(s) {
            if let Some(c) = self
                .followers
                .get(i)
                .and_then(|f| count.get_mut(f.seat as usize))
            {
                *c += 1;
            }
        }
        majority_of(&count)
    }

    /// The spots of placed tile `t`, with whether each is free.
    pub fn spots_of(&self, t: u16) -> Vec<Spot> {
        let Some(p) = self.map.tiles.get(t as usize) else {
            return Vec::new();
        };
        self.catalog()
            .kind(p.kind)
            .segments
            .iter()
            .enumerate()
            .map(|(i, s)| Spot {
                spot: i as u8,
                kind: s.kind,
                free: self.followers_on(Features::seg_of(p, i as u8)).is_empty(),
            })
            .collect()
    }

    /// Followers of `seat` on the map.
    pub fn on_map(&self, seat: usize) -> usize {
        self.followers
            .iter()
            .filter(|f| f.seat as usize == seat)
            .count()
    }

    /// Takes follower `i` off the map back to its owner's supply (a completed feature; later
    /// also a follower knocked off by a catapult token).
    pub fn return_follower(&mut self, i: usize) -> Option<Follower> {
        if i >= self.followers.len() {
            return None;
        }
        let f = self.followers.remove(i);
        if let Some(s) = self.supply.get_mut(f.seat as usize) {
            *s += 1;
        }
        Some(f)
    }
}

/// The indices with the highest positive count; everyone tied at the top.
pub fn majority_of(count: &[u32]) -> Vec<usize> {
    let best = count.iter().copied().max().unwrap_or(0);
    if best == 0 {
        return Vec::new();
    }
    (0..count.len()).filter(|&i| count[i] == best).collect()
}
