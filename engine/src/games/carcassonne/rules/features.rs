//! Features merged across tiles: every segment of every placed tile (a city, road, cloister or
//! field part) is a node of a union-find; a feature is one set. Its root keeps the feature's
//! tiles, open edges (cities and roads: complete when none is left), pennants and, for fields,
//! the city segments it borders.

use super::map::{Map, Placed};
use super::tiles::{facing_half, opposite, step, Catalog, FeatureKind};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Feature {
    pub kind: FeatureKind,
    /// Tiles it covers, sorted, each once.
    pub tiles: Vec<u16>,
    /// City/road edges not yet matched by a neighbour.
    pub open: u32,
    pub pennants: u32,
    /// Fields: the city segments they border (any member of each city).
    pub cities: Vec<u32>,
    /// Scored when completed (cities, roads, cloisters): it never scores again.
    pub scored: bool,
}

#[derive(Clone, Debug, Default)]
pub struct Features {
    parent: Vec<u32>,
    size: Vec<u32>,
    data: Vec<Feature>,
    /// For each segment: the tile it is on and its spot (segment index on the tile).
    pub seg_tile: Vec<u16>,
    pub seg_spot: Vec<u8>,
}

impl Features {
    pub fn len(&self) -> usize {
        self.parent.len()
    }

    pub fn is_empty(&self) -> bool {
        self.parent.is_empty()
    }

    pub fn find(&self, mut s: u32) -> u32 {
        while let Some(&p) = self.parent.get(s as usize) {
            if p == s {
                break;
            }
            s = p;
        }
        s
    }

    /// The feature that segment `s` belongs to.
    pub fn feature(&self, s: u32) -> &Feature {
        &self.data[self.find(s) as usize]
    }

    pub fn mark_scored(&mut self, s: u32) {
        let r = self.find(s) as usize;
        self.data[r].scored = true;
    }

    fn union(&mut self, a: u32, b: u32) -> u32 {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            return ra;
        }
        let (big, small) = if self.size[ra as usize] >= self.size[rb as usize] {
            (ra, rb)
        } else {
            (rb, ra)
        };
        self.parent[small as usize] = big;
        self.size[big as usize] += self.size[small as usize];
        let moved = std::mem::replace(
            &mut self.data[small as usize],
            Feature {
                kind: FeatureKind::Field,
                tiles: Vec::new(),
                open: 0,
                pennants: 0,
                cities: Vec::new(),
                scored: false,
            },
        );
        let d = &mut self.data[big as usize];
        d.tiles.extend(moved.tiles);
        crate::core::order::sort(&mut d.tiles);
        d.tiles.dedup();
        d.open += moved.open;
        d.pennants += moved.pennants;
        d.cities.extend(moved.cities);
        d.scored |= moved.scored;
        big
    }

    /// Adds the segments of tile `t` (already inserted in `map`) and joins them with the
    /// segments of its neighbours across every shared edge.
    pub fn add_tile(&mut self, cat: &Catalog, map: &Map, t: u16) {
        let Some(&p) = map.tiles.get(t as usize) else {
            return;
        };
        let kind = cat.kind(p.kind);
        for (i, s) in kind.segments.iter().enumerate() {
            let id = self.parent.len() as u32;
            self.parent.push(id);
            self.size.push(1);
            self.seg_tile.push(t);
            self.seg_spot.push(i as u8);
            self.data.push(Feature {
                kind: s.kind,
                tiles: vec![t],
                open: match s.kind {
                    FeatureKind::City | FeatureKind::Road => s.edges.count_ones(),
                    _ => 0,
                },
                pennants: s.pennants as u32,
                cities: s.cities.iter().map(|&c| p.first_seg + c as u32).collect(),
                scored: false,
            });
        }
        let me = cat.oriented(p.kind, p.rot);
        for e in 0..4u8 {
            let (dx, dy) = step(e);
            let Some(n) = map.at(p.x + dx, p.y + dy).copied() else {
                continue;
            };
            let them = cat.oriented(n.kind, n.rot);
            let o = opposite(e);
            if let (Some(a), Some(b)) = (me.edge_seg[e as usize], them.edge_seg[o as usize]) {
                let r = self.union(p.first_seg + a as u32, n.first_seg + b as u32);
                let d = &mut self.data[r as usize];
                d.open = d.open.saturating_sub(2);
            }
            for h in [e * 2, e * 2 + 1] {
                let f = facing_half(h);
                if let (Some(a), Some(b)) = (me.half_seg[h as usize], them.half_seg[f as usize]) {
                    self.union(p.first_seg + a as u32, n.first_seg + b as u32);
                }
            }
        }
    }

    /// The global segment of spot `spot` on placed tile `p`.
    pub fn seg_of(p: &Placed, spot: u8) -> u32 {
        p.first_seg + spot as u32
    }

    /// Whether the feature of segment `s` is complete. Cloisters need the map (8 neighbours).
    pub fn is_complete(&self, map: &Map, s: u32) -> bool {
        let f = self.feature(s);
        match f.kind {
            FeatureKind::City | FeatureKind::Road => f.open == 0,
            FeatureKind::Cloister => self.cloister_neighbours(map, s) == 8,
            FeatureKind::Field => false,
        }
    }

    /// Tiles around the cloister of segment `s`.
    pub fn cloister_neighbours(&self, map: &Map, s: u32) -> u32 {
        let t = self.seg_tile.get(s as usize).copied().unwrap_or(0);
        map.tiles
            .get(t as usize)
            .map(|p| map.neighbours8(p.x, p.y))
            .unwrap_or(0)
    }

    /// The roots of every feature, in segment order.
    pub fn roots(&self) -> impl Iterator<Item = u32> + '_ {
        (0..self.parent.len() as u32).filter(move |&s| self.parent[s as usize] == s)
    }
}
