//! The tile kinds as data (assets/carcassonne/tiles.json) and their four rotations.
//!
//! Edges are numbered N 0, E 1, S 2, W 3. Half-edges (the field sides of an edge) are numbered
//! clockwise from the north-west corner: NL 0, NR 1, EL 2, ER 3, SL 4, SR 5, WL 6, WR 7 (L/R as
//! seen from the tile centre facing the edge). A quarter turn clockwise maps edge e to e + 1 and
//! half-edge h to h + 2.

use crate::core::{Refusal, RuleResult};
use nanoserde::DeJson;

/// The tile data, embedded so the web build reads no file.
pub const TILES_JSON: &str = include_str!("../../../../../assets/carcassonne/tiles.json");

pub const EDGE_NAMES: [&str; 4] = ["N", "E", "S", "W"];
pub const HALF_NAMES: [&str; 8] = ["NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"];

/// The edge on the other side of edge `e` (the neighbour's edge that touches it).
pub fn opposite(e: u8) -> u8 {
    (e + 2) % 4
}

/// The neighbour's half-edge that touches half-edge `h` (NL<->SR, NR<->SL, EL<->WR, ER<->WL).
pub fn facing_half(h: u8) -> u8 {
    let edge = h / 2;
    let side = h % 2;
    opposite(edge) * 2 + (1 - side)
}

/// The cell offset of the neighbour across edge `e` (x grows to the east, y to the north, as
/// in `core::scene`).
pub fn step(e: u8) -> (i32, i32) {
    match e % 4 {
        0 => (0, 1),
        1 => (1, 0),
        2 => (0, -1),
        _ => (-1, 0),
    }
}

/// Plain words for an edge, for messages.
pub fn edge_word(e: u8) -> &'static str {
    match e % 4 {
        0 => "top",
        1 => "right",
        2 => "bottom",
        _ => "left",
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EdgeKind {
    City,
    Road,
    Field,
}

impl EdgeKind {
    pub fn word(self) -> &'static str {
        match self {
            EdgeKind::City => "city",
            EdgeKind::Road => "road",
            EdgeKind::Field => "field",
        }
    }
}

/// What a follower stands on; also the kinds of the score breakdown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FeatureKind {
    Road,
    City,
    Cloister,
    Field,
}

impl FeatureKind {
    pub const ALL: [FeatureKind; 4] = [
        FeatureKind::Road,
        FeatureKind::City,
        FeatureKind::Cloister,
        FeatureKind::Field,
    ];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn word(self) -> &'static str {
        match self {
            FeatureKind::Road => "road",
            FeatureKind::City => "city",
            FeatureKind::Cloister => "cloister",
            FeatureKind::Field => "field",
        }
    }

    /// The follower's role on this feature.
    pub fn role(self) -> &'static str {
        match self {
            FeatureKind::Road => "thief",
            FeatureKind::City => "knight",
            FeatureKind::Cloister => "monk",
            FeatureKind::Field => "farmer",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TileSet {
    Base,
    /// The 12 fair tiles of The Catapult.
    Catapult,
}

/// One feature of a tile kind in its reference rotation. `edges` is a bit set of edges (cities,
/// roads) or of half-edges (fields). A field lists the cities of the same tile it borders.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Segment {
    pub kind: FeatureKind,
    pub edges: u8,
    pub pennants: u8,
    pub cities: Vec<u8>,
}

/// A tile kind. Its segments (the follower spots) come in a fixed order: cities, roads, the
/// cloister, fields; a spot index is an index into `segments`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileKind {
    pub id: String,
    pub jcz: String,
    pub letter: String,
    pub count: u32,
    pub set: TileSet,
    pub start: bool,
    pub fair: bool,
    pub segments: Vec<Segment>,
}

/// Rotates a 4-bit edge set `r` quarter turns clockwise.
pub fn rotate_edges(mask: u8, r: u8) -> u8 {
    let r = r % 4;
    ((mask << r) | (mask >> ((4 - r) % 4))) & 0x0F
}

/// Rotates an 8-bit half-edge set `r` quarter turns clockwise.
pub fn rotate_halves(mask: u8, r: u8) -> u8 {
    mask.rotate_left(2 * (r as u32 % 4))
}

impl TileKind {
    pub fn has_cloister(&self) -> bool {
        self.segments
            .iter()
            .any(|s| s.kind == FeatureKind::Cloister)
    }

    pub fn pennants(&self) -> u32 {
        self.segments.iter().map(|s| s.pennants as u32).sum()
    }

    /// The kind of edge `e` in the reference rotation.
    pub fn edge_kind(&self, e: u8) -> EdgeKind {
        for s in &self.segments {
            if s.edges & (1 << e) != 0 {
                match s.kind {
                    FeatureKind::City => return EdgeKind::City,
                    FeatureKind::Road => return EdgeKind::Road,
                    _ => {}
                }
            }
        }
        EdgeKind::Field
    }

    /// The tile turned `rot` quarter turns clockwise.
    pub fn oriented(&self, rot: u8) -> Oriented {
        let mut o = Oriented {
            edges: [EdgeKind::Field; 4],
            edge_seg: [None; 4],
            half_seg: [None; 8],
        };
        for (i, s) in self.segments.iter().enumerate() {
            match s.kind {
                FeatureKind::City | FeatureKind::Road => {
                    let m = rotate_edges(s.edges, rot);
                    for e in 0..4u8 {
                        if m & (1 << e) != 0 {
                            o.edge_seg[e as usize] = Some(i as u8);
                            o.edges[e as usize] = if s.kind == FeatureKind::City {
                                EdgeKind::City
                            } else {
                                EdgeKind::Road
                            };
                        }
                    }
                }
                FeatureKind::Field => {
                    let m = rotate_halves(s.edges, rot);
                    for h in 0..8u8 {
                        if m & (1 << h) != 0 {
                            o.half_seg[h as usize] = Some(i as u8);
                        }
                    }
                }
                FeatureKind::Cloister => {}
            }
        }
        o
    }
}

/// A tile kind in one rotation: what each edge is and which segment owns each edge / half-edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Oriented {
    pub edges: [EdgeKind; 4],
    pub edge_seg: [Option<u8>; 4],
    pub half_seg: [Option<u8>; 8],
}

/// Every tile kind with its four rotations precomputed.
#[derive(Clone, Debug)]
pub struct Catalog {
    pub kinds: Vec<TileKind>,
    oriented: Vec<[Oriented; 4]>,
}

impl Catalog {
    pub fn parse(json: &str) -> RuleResult<Catalog> {
        let file = TilesFile::deserialize_json(json)
            .map_err(|e| Refusal::new(format!("tiles.json: {e}")))?;
        let mut kinds = Vec::new();
        for t in &file.tiles {
            kinds.push(parse_tile(t).map_err(|e| Refusal::new(format!("tile {}: {e}", t.id)))?);
        }
        if kinds.len() > u8::MAX as usize {
            return Err(Refusal::new("tiles.json: too many tile kinds"));
        }
        let oriented = kinds
            .iter()
            .map(|k| [k.oriented(0), k.oriented(1), k.oriented(2), k.oriented(3)])
            .collect();
        Ok(Catalog { kinds, oriented })
    }

    /// The embedded tile data. It is checked by tests, so a failure here is a build defect; it
    /// still comes back as a refusal rather than a panic.
    pub fn embedded() -> RuleResult<Catalog> {
        Catalog::parse(TILES_JSON)
    }

    pub fn kind(&self, k: u8) -> &TileKind {
        &self.kinds[k as usize % self.kinds.len()]
    }

    pub fn oriented(&self, k: u8, rot: u8) -> &Oriented {
        &self.oriented[k as usize % self.oriented.len()][rot as usize % 4]
    }

    pub fn find(&self, id: &str) -> Option<u8> {
        self.kinds.iter().position(|k| k.id == id).map(|i| i as u8)
    }

    /// The start tile kind.
    pub fn start(&self) -> Option<u8> {
        self.kinds.iter().position(|k| k.start).map(|i| i as u8)
    }

    /// The draw pile before shuffling: every tile of the chosen sets, less the start tile.
    pub fn pile(&self, with_catapult: bool) -> Vec<u8> {
        let mut pile = Vec::new();
        let mut start_taken = false;
        for (i, k) in self.kinds.iter().enumerate() {
            if k.set == TileSet::Catapult && !with_catapult {
                continue;
            }
            for _ in 0..k.count {
                if k.start && !start_taken {
                    start_taken = true;
                    continue;
                }
                pile.push(i as u8);
            }
        }
        pile
    }
}

#[derive(DeJson)]
struct TilesFile {
    tiles: Vec<TileJson>,
}

#[derive(DeJson)]
struct TileJson {
    id: String,
    jcz: String,
    letter: String,
    count: u32,
    set: String,
    start: bool,
    cities: Vec<CityJson>,
    roads: Vec<String>,
    cloister: bool,
    fair: bool,
    fields: Vec<FieldJson>,
}

#[derive(DeJson)]
struct CityJson {
    edges: String,
    pennants: u8,
}

#[derive(DeJson)]
struct FieldJson {
    halves: String,
    /// Indices into this tile's `cities` (0-based).
    cities: Vec<u8>,
}

fn parse_set(names: &str, table: &[&str]) -> Result<u8, String> {
    let mut mask = 0u8;
    for w in names.split_whitespace() {
        let i = table
            .iter()
            .position(|n| *n == w)
            .ok_or_else(|| format!("unknown edge `{w}`"))?;
        if mask & (1 << i) != 0 {
            return Err(format!("edge `{w}` given twice"));
        }
        mask |= 1 << i;
    }
    if mask == 0 {
        return Err(format!("empty edge set `{names}`"));
    }
    Ok(mask)
}

fn parse_tile(t: &TileJson) -> Result<TileKind, String> {
    let set = match t.set.as_str() {
        "base" => TileSet::Base,
        "catapult" => TileSet::Catapult,
        other => return Err(format!("unknown set `{other}`")),
    };
    let mut segments = Vec::new();
    for c in &t.cities {
        segments.push(Segment {
            kind: FeatureKind::City,
            edges: parse_set(&c.edges, &EDGE_NAMES)?,
            pennants: c.pennants,
            cities: Vec::new(),
        });
    }
    for r in &t.roads {
        segments.push(Segment {
            kind: FeatureKind::Road,
            edges: parse_set(r, &EDGE_NAMES)?,
            pennants: 0,
            cities: Vec::new(),
        });
    }
    if t.cloister {
        segments.push(Segment {
            kind: FeatureKind::Cloister,
            edges: 0,
            pennants: 0,
            cities: Vec::new(),
        });
    }
    for f in &t.fields {
        for &c in &f.cities {
            if c as usize >= t.cities.len() {
                return Err(format!("a field borders city {c}, which the tile lacks"));
            }
        }
        segments.push(Segment {
            kind: FeatureKind::Field,
            edges: parse_set(&f.halves, &HALF_NAMES)?,
            pennants: 0,
            cities: f.cities.clone(),
        });
    }
    Ok(TileKind {
        id: t.id.clone(),
        jcz: t.jcz.clone(),
        letter: t.letter.clone(),
        count: t.count,
        set,
        start: t.start,
        fair: t.fair,
        segments,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_maps_edges_and_halves_clockwise() {
        assert_eq!(rotate_edges(0b0001, 1), 0b0010); // N -> E
        assert_eq!(rotate_edges(0b1000, 1), 0b0001); // W -> N
        assert_eq!(rotate_halves(0b0000_0001, 1), 0b0000_0100); // NL -> EL
        assert_eq!(rotate_halves(0b1000_0000, 1), 0b0000_0010); // WR -> NR
        assert_eq!(facing_half(0), 5); // NL <-> SR
        assert_eq!(facing_half(1), 4); // NR <-> SL
        assert_eq!(facing_half(2), 7); // EL <-> WR
        assert_eq!(facing_half(3), 6); // ER <-> WL
    }
}
