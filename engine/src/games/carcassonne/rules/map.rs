//! The map: placed tiles on a grid of cells, and whether a tile may go on a cell.
//! Cells are (x, y) with x growing to the east and y to the north (as in `core::scene`); the
//! start tile is at (0, 0).

use super::tiles::{edge_word, opposite, step, Catalog, EdgeKind};
use std::collections::{BTreeSet, HashMap};

/// A tile on the map. `first_seg` is the global number of its first segment (features.rs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    pub x: i32,
    pub y: i32,
    pub kind: u8,
    pub rot: u8,
    pub first_seg: u32,
}

/// Why a tile may not go where it was asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlaceError {
    BadRotation(i64),
    OutOfRange {
        x: i64,
        y: i64,
    },
    Occupied {
        x: i32,
        y: i32,
    },
    NotAdjacent {
        x: i32,
        y: i32,
    },
    /// The tile's `edge` (after rotation) is `mine`, the neighbour's touching edge is `theirs`.
    Mismatch {
        edge: u8,
        mine: EdgeKind,
        theirs: EdgeKind,
    },
}

impl std::fmt::Display for PlaceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlaceError::BadRotation(r) => {
                write!(f, "a tile turns only in quarter turns 0 to 3, not {r}")
            }
            PlaceError::OutOfRange { x, y } => write!(f, "({x}, {y}) is far off the map"),
            PlaceError::Occupied { .. } => write!(f, "that spot already has a tile"),
            PlaceError::NotAdjacent { .. } => {
                write!(f, "a tile must touch the map along at least one side")
            }
            PlaceError::Mismatch { edge, mine, theirs } => write!(
                f,
                "the {} side is {} but the tile next to it has {} there",
                edge_word(*edge),
                article(mine.word()),
                article(theirs.word())
            ),
        }
    }
}

fn article(w: &str) -> String {
    format!("a {w}")
}

/// The farthest a cell may be from the start tile (more than the tiles could ever reach).
pub const MAX_COORD: i64 = 200;

#[derive(Clone, Debug, Default)]
pub struct Map {
    /// In placement order; the start tile is number 0.
    pub tiles: Vec<Placed>,
    index: HashMap<(i32, i32), u16>,
    /// Empty cells next to at least one tile, in (x, y) order.
    frontier: BTreeSet<(i32, i32)>,
}

impl Map {
    pub fn at(&self, x: i32, y: i32) -> Option<&Placed> {
        self.index
            .get(&(x, y))
            .and_then(|&i| self.tiles.get(i as usize))
    }

    pub fn index_at(&self, x: i32, y: i32) -> Option<u16> {
        self.index.get(&(x, y)).copied()
    }

    pub fn len(&self) -> usize {
        self.tiles.len()
    }

    pub fn is_empty(&self) -> bool {
        self.tiles.is_empty()
    }

    /// Empty cells touching the map, in (x, y) order.
    pub fn frontier(&self) -> impl Iterator<Item = (i32, i32)> + '_ {
        self.frontier.iter().copied()
    }

    /// Whether `kind` turned `rot` may go on (x, y).
    pub fn check(
        &self,
        cat: &Catalog,
        kind: u8,
        x: i32,
        y: i32,
        rot: u8,
    ) -> Result<(), PlaceError> {
        if rot > 3 {
            return Err(PlaceError::BadRotation(rot as i64));
        }
        if self.index.contains_key(&(x, y)) {
            return Err(PlaceError::Occupied { x, y });
        }
        let me = cat.oriented(kind, rot);
        let mut touching = false;
        for e in 0..4u8 {
            let (dx, dy) = step(e);
            if let Some(n) = self.at(x + dx, y + dy) {
                touching = true;
                let theirs = cat.oriented(n.kind, n.rot).edges[opposite(e) as usize];
                let mine = me.edges[e as usize];
                if mine != theirs {
                    return Err(PlaceError::Mismatch {
                        edge: e,
                        mine,
                        theirs,
                    });
                }
            }
        }
        if !touching {
            return Err(PlaceError::NotAdjacent { x, y });
        }
        Ok(())
    }

    /// Every legal (x, y, rotation) for `kind`, in a fixed order.
    pub fn legal(&self, cat: &Catalog, kind: u8) -> Vec<(i32, i32, u8)> {
        let mut out = Vec::new();
        for (x, y) in self.frontier() {
            for rot in 0..4u8 {
                if self.check(cat, kind, x, y, rot).is_ok() {
                    out.push((x, y, rot));
                }
            }
        }
        out
    }

    pub fn fits_anywhere(&self, cat: &Catalog, kind: u8) -> bool {
        self.frontier()
            .any(|(x, y)| (0..4u8).any(|rot| self.check(cat, kind, x, y, rot).is_ok()))
    }

    /// How many of the 8 cells around (x, y) hold a tile.
    pub fn neighbours8(&self, x: i32, y: i32) -> u32 {
        let mut n = 0;
        for dy in -1..=1 {
            for dx in -1..=1 {
                if (dx, dy) != (0, 0) && self.index.contains_key(&(x + dx, y + dy)) {
                    n += 1;
                }
            }
        }
        n
    }

    /// Puts a tile down without any check (the caller checked); returns its number.
    pub fn insert(&mut self, p: Placed) -> u16 {
        let i = self.tiles.len() as u16;
        self.tiles.push(p);
        self.index.insert((p.x, p.y), i);
        self.frontier.remove(&(p.x, p.y));
        for e in 0..4u8 {
            let (dx, dy) = step(e);
            let c = (p.x + dx, p.y + dy);
            if !self.index.contains_key(&c) {
                self.frontier.insert(c);
            }
        }
        i
    }
}
