//! The practice game's tile round (option `tiles`), pure rules: square tiles with a road or grass
//! on each edge are laid on a 3 by 3 map round a start tile; every edge that touches a tile must
//! match it. A marker may then go on the new tile's road or its field. Also the tiles' art, drawn
//! by the app from data.

use crate::core::scene::{ArtShape, Cell, LegalCell, PlacedTile, TileArt};
use crate::core::RuleResult;

/// What runs along one edge of a tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edge {
    Grass,
    Road,
}

impl Edge {
    fn word(self) -> &'static str {
        match self {
            Edge::Grass => "grass",
            Edge::Road => "a road",
        }
    }
}

use Edge::{Grass as G, Road as R};

/// One kind of tile.
pub struct Kind {
    pub name: &'static str,
    /// North, east, south, west, unrotated.
    pub edges: [Edge; 4],
    /// Where a marker stands on its road (None: no road).
    pub road: Option<[f32; 2]>,
}

const fn kind(name: &'static str, edges: [Edge; 4], road: Option<[f32; 2]>) -> Kind {
    Kind { name, edges, road }
}

/// The tile kinds (their index is their art's).
pub const KINDS: [Kind; 5] = [
    kind("straight road", [G, R, G, R], Some([0.5, 0.5])),
    kind("bend", [G, R, R, G], Some([0.55, 0.45])),
    kind("dead end", [G, G, R, G], Some([0.5, 0.22])),
    kind("field", [G, G, G, G], None),
    kind("crossroads", [R, R, R, R], Some([0.3, 0.5])),
];

/// The start tile's kind (a straight road, east to west).
pub const START: usize = 0;

/// Where a marker stands on a tile's field (grass on every kind).
pub const FIELD_SPOT: [f32; 2] = [0.2, 0.8];

/// The map reaches this far from the start tile in each direction (3 by 3 cells).
pub const REACH: i32 = 1;

const DIRS: [(&str, Cell); 4] = [
    ("north", [0, 1]),
    ("east", [1, 0]),
    ("south", [0, -1]),
    ("west", [-1, 0]),
];

/// The edge of tile `kind` turned `rotation` quarter turns clockwise that faces direction `d`
/// (0 north, 1 east, 2 south, 3 west).
pub fn edge(kind: usize, rotation: u8, d: usize) -> Edge {
    let edges = KINDS[kind % KINDS.len()].edges;
    edges[(d + 4 - rotation as usize % 4) % 4]
}

/// The tiles on the map.
#[derive(Clone, Debug, PartialEq)]
pub struct TileMap {
    /// Kind (the art index) on each cell, in the order laid; the start tile first.
    pub tiles: Vec<PlacedTile>,
}

impl Default for TileMap {
    fn default() -> Self {
        TileMap {
            tiles: vec![PlacedTile {
                cell: [0, 0],
                art: START,
                rotation: 0,
            }],
        }
    }
}

impl TileMap {
    fn at(&self, cell: Cell) -> Option<&PlacedTile> {
        self.tiles.iter().find(|t| t.cell == cell)
    }

    /// Why tile `kind` cannot lie on `cell` turned by `rotation`, or Ok.
    pub fn check(&self, kind: usize, cell: Cell, rotation: u8) -> RuleResult<()> {
        let [x, y] = cell;
        if x.abs() > REACH || y.abs() > REACH {
            crate::refuse!("the map is only three tiles wide: that square is off it");
        }
        if self.at(cell).is_some() {
            crate::refuse!("a tile already lies there");
        }
        let mut touches = false;
        for (d, (name, [dx, dy])) in DIRS.iter().enumerate() {
            let Some(n) = self.at([x + dx, y + dy]) else {
                continue;
            };
            touches = true;
            let mine = edge(kind, rotation, d);
            let theirs = edge(n.art, n.rotation, (d + 2) % 4);
            if mine != theirs {
                crate::refuse!(
                    "the {name} edge is {} but the tile to the {name} has {} there",
                    mine.word(),
                    theirs.word()
                );
            }
        }
        if !touches {
            crate::refuse!("a tile must touch one already on the map");
        }
        Ok(())
    }

    /// Every cell where tile `kind` fits, with its rotations, west to east then south to north.
    pub fn legal(&self, kind: usize) -> Vec<LegalCell> {
        let mut out = Vec::new();
        for y in -REACH..=REACH {
            for x in -REACH..=REACH {
                let rotations: Vec<u8> = (0..4u8)
                    .filter(|&r| self.check(kind, [x, y], r).is_ok())
                    .collect();
                if !rotations.is_empty() {
                    out.push(LegalCell {
                        cell: [x, y],
                        rotations,
                    });
                }
            }
        }
        out
    }

    pub fn lay(&mut self, kind: usize, cell: Cell, rotation: u8) -> RuleResult<()> {
        self.check(kind, cell, rotation)?;
        self.tiles.push(PlacedTile {
            cell,
            art: kind,
            rotation,
        });
        Ok(())
    }
}

/// Where a marker may go on a tile of `kind`: (tile-local position, is it the road, label).
pub fn spots(kind: usize) -> Vec<([f32; 2], bool, &'static str)> {
    let mut out = Vec::new();
    if let Some(at) = KINDS[kind % KINDS.len()].road {
        out.push((at, true, "road"));
    }
    out.push((FIELD_SPOT, false, "field"));
    out
}

const GRASS: [u8; 3] = [104, 158, 76];
const ROAD: [u8; 3] = [222, 210, 170];
const KERB: [u8; 3] = [120, 104, 80];

fn road(points: &[[f32; 2]]) -> [ArtShape; 2] {
    [
        ArtShape::Polyline {
            points: points.to_vec(),
            width: 0.2,
            rgb: KERB,
        },
        ArtShape::Polyline {
            points: points.to_vec(),
            width: 0.14,
            rgb: ROAD,
        },
    ]
}

/// Each kind's art, in the order of `KINDS`.
pub fn arts() -> Vec<TileArt> {
    let ground = ArtShape::Polygon {
        points: vec![[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]],
        rgb: GRASS,
    };
    let tuft = ArtShape::Circle {
        centre: FIELD_SPOT,
        r: 0.05,
        rgb: [84, 130, 60],
    };
    let mut straight = vec![ground.clone(), tuft.clone()];
    straight.extend(road(&[[0.0, 0.5], [1.0, 0.5]]));
    let mut bend = vec![ground.clone(), tuft.clone()];
    bend.extend(road(&[
        [0.5, 0.0],
        [0.5, 0.25],
        [0.58, 0.42],
        [0.75, 0.5],
        [1.0, 0.5],
    ]));
    let mut dead_end = vec![ground.clone(), tuft.clone()];
    dead_end.extend(road(&[[0.5, 0.0], [0.5, 0.45]]));
    dead_end.push(ArtShape::Polygon {
        points: vec![
            [0.36, 0.45],
            [0.64, 0.45],
            [0.64, 0.64],
            [0.5, 0.76],
            [0.36, 0.64],
        ],
        rgb: [178, 74, 58],
    });
    let field = vec![
        ground.clone(),
        tuft.clone(),
        ArtShape::Circle {
            centre: [0.6, 0.4],
            r: 0.22,
            rgb: [70, 130, 200],
        },
    ];
    let mut cross = vec![ground, tuft];
    cross.extend(road(&[[0.0, 0.5], [1.0, 0.5]]));
    cross.extend(road(&[[0.5, 0.0], [0.5, 1.0]]));
    cross.push(ArtShape::Circle {
        centre: [0.5, 0.5],
        r: 0.09,
        rgb: [150, 150, 150],
    });
    [straight, bend, dead_end, field, cross]
        .into_iter()
        .map(|shapes| TileArt {
            shapes,
            ..TileArt::default()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const STRAIGHT: usize = 0;
    const BEND: usize = 1;
    const DEAD_END: usize = 2;
    const FIELD: usize = 3;
    const CROSS: usize = 4;

    fn why(r: RuleResult<()>) -> String {
        r.err().map(|e| e.0).unwrap_or_default()
    }

    #[test]
    fn a_quarter_turn_clockwise_moves_each_edge_one_side_round() {
        // The straight road runs west-east; turned once it runs north-south.
        assert_eq!(edge(STRAIGHT, 0, 1), Edge::Road);
        assert_eq!(edge(STRAIGHT, 1, 0), Edge::Road);
        assert_eq!(edge(STRAIGHT, 1, 1), Edge::Grass);
        // The dead end's road leaves south; turned once it leaves west, twice north.
        assert_eq!(edge(DEAD_END, 1, 3), Edge::Road);
        assert_eq!(edge(DEAD_END, 2, 0), Edge::Road);
        assert_eq!(edge(DEAD_END, 3, 1), Edge::Road);
        assert_eq!(edge(DEAD_END, 3, 2), Edge::Grass);
    }

    #[test]
    fn an_edge_that_does_not_match_its_neighbour_is_refused_with_the_reason() {
        let map = TileMap::default();
        // East of the start tile its road leaves east: a field's grass does not meet it.
        let e = why(map.check(FIELD, [1, 0], 0));
        assert_eq!(
            e,
            "the west edge is grass but the tile to the west has a road there"
        );
        // North of it there is grass: the dead end turned to point its road south meets grass.
        let e = why(map.check(DEAD_END, [0, 1], 0));
        assert!(e.contains("south edge is a road"), "{e}");
        assert!(map.check(DEAD_END, [0, 1], 2).is_ok(), "road turned north");
        assert!(map.check(FIELD, [0, 1], 0).is_ok());
    }

    #[test]
    fn tiles_must_touch_the_map_stay_on_it_and_not_cover_another() {
        let map = TileMap::default();
        assert!(why(map.check(FIELD, [1, 1], 0)).contains("must touch"));
        assert!(why(map.check(FIELD, [2, 0], 0)).contains("off it"));
        assert!(why(map.check(FIELD, [0, 0], 0)).contains("already lies there"));
    }

    #[test]
    fn legal_cells_list_exactly_the_rotations_that_fit() {
        let map = TileMap::default();
        let legal = map.legal(BEND);
        // East of the start: the bend's west edge must be road (rotations 1 and 2).
        let east = legal.iter().find(|l| l.cell == [1, 0]);
        assert_eq!(east.map(|l| l.rotations.clone()), Some(vec![1, 2]));
        // North of the start: the south edge must be grass (rotations 2 and 3).
        let north = legal.iter().find(|l| l.cell == [0, 1]);
        assert_eq!(north.map(|l| l.rotations.clone()), Some(vec![2, 3]));
        // Cells touching nothing are not legal.
        assert!(legal.iter().all(|l| l.cell != [1, 1]));
        for l in &legal {
            for &r in &l.rotations {
                assert!(map.check(BEND, l.cell, r).is_ok());
            }
        }
    }

    #[test]
    fn a_tile_with_two_neighbours_must_match_both() {
        let mut map = TileMap::default();
        assert!(map.lay(STRAIGHT, [1, 0], 0).is_ok());
        assert!(map.lay(FIELD, [0, 1], 0).is_ok());
        // (1, 1) touches the field to its west and the straight road to its south: grass both.
        let legal = map.legal(CROSS);
        assert!(
            legal.iter().all(|l| l.cell != [1, 1]),
            "a crossroads meets grass"
        );
        let legal = map.legal(FIELD);
        assert!(legal
            .iter()
            .any(|l| l.cell == [1, 1] && l.rotations == [0, 1, 2, 3]));
        // Laying refuses what check refuses, and keeps the map unchanged.
        assert!(map.lay(CROSS, [1, 1], 0).is_err());
        assert_eq!(map.tiles.len(), 3);
    }

    #[test]
    fn every_kind_has_a_field_spot_and_those_with_a_road_a_road_spot() {
        for (i, k) in KINDS.iter().enumerate() {
            let s = spots(i);
            assert_eq!(s.last().map(|s| s.2), Some("field"));
            let has_road = k.edges.contains(&Edge::Road);
            assert_eq!(s.len(), if has_road { 2 } else { 1 }, "{}", k.name);
        }
        assert_eq!(arts().len(), KINDS.len());
    }
}
