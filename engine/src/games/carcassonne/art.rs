//! Tile art as drawing primitives, and where a follower stands on each feature. Pure functions of
//! a tile kind, in tile-local unit-square coordinates of the unrotated tile (`[0, 0]` south-west,
//! `[1, 1]` north-east, north = edge 0 at the top), as `core::scene` wants them. No pictures:
//! fields are a green square, cities tan polygons with a wall line, roads pale lines, a cloister
//! a small red-roofed house, a pennant a blue shield, a fair a yellow disc with a tent.

use super::rules::tiles::{FeatureKind, Segment, TileKind};
use crate::core::scene::{rotate_local, ArtShape, TileArt};

const FIELD: [u8; 3] = [118, 168, 74];
const CITY: [u8; 3] = [204, 170, 112];
const WALL: [u8; 3] = [120, 88, 52];
const ROAD: [u8; 3] = [238, 232, 214];
const ROAD_EDGE: [u8; 3] = [92, 82, 70];
const CLOISTER: [u8; 3] = [236, 226, 204];
const ROOF: [u8; 3] = [186, 58, 46];
const PENNANT: [u8; 3] = [46, 78, 170];
const FAIR: [u8; 3] = [240, 206, 64];
const TENT: [u8; 3] = [200, 60, 60];
const JUNCTION: [u8; 3] = [84, 74, 64];

/// A quarter circle of radius 0.5 about the south-west corner, from the south edge's middle to
/// the west edge's middle (cos/sin of 0°, 22.5°, 45°, 67.5°, 90° as constants: no trig).
const ARC: [[f32; 2]; 5] = [
    [0.5, 0.0],
    [0.461_94, 0.191_34],
    [0.353_55, 0.353_55],
    [0.191_34, 0.461_94],
    [0.0, 0.5],
];

fn turn(points: &[[f32; 2]], r: u8) -> Vec<[f32; 2]> {
    points.iter().map(|&p| rotate_local(p, r)).collect()
}

fn edges_of(mask: u8) -> Vec<u8> {
    (0..4u8).filter(|e| mask & (1 << e) != 0).collect()
}

/// The middle of edge `e`.
fn edge_mid(e: u8) -> [f32; 2] {
    rotate_local([0.5, 1.0], e)
}

/// A city's outline and the spot inside it.
fn city_shape(mask: u8) -> (Vec<[f32; 2]>, [f32; 2]) {
    let edges = edges_of(mask);
    match edges.len() {
        1 => {
            let cap = [[0.0, 1.0], [1.0, 1.0], [0.8, 0.78], [0.5, 0.7], [0.2, 0.78]];
            (turn(&cap, edges[0]), rotate_local([0.5, 0.86], edges[0]))
        }
        2 if (edges[1] - edges[0]) == 2 => {
            // Opposite sides (canonical E + W): a band across the middle.
            let band = [
                [0.0, 0.0],
                [0.3, 0.28],
                [0.7, 0.28],
                [1.0, 0.0],
                [1.0, 1.0],
                [0.7, 0.72],
                [0.3, 0.72],
                [0.0, 1.0],
            ];
            let r = if edges[0] == 1 { 0 } else { 1 };
            (turn(&band, r), [0.5, 0.5])
        }
        2 => {
            // Neighbouring sides (canonical W + N): a diagonal city.
            let first = if edges == [0, 3] { 3 } else { edges[0] };
            let r = (first + 1) % 4;
            let diag = [
                [0.0, 0.0],
                [0.0, 1.0],
                [1.0, 1.0],
                [0.68, 0.62],
                [0.38, 0.32],
            ];
            (turn(&diag, r), rotate_local([0.28, 0.72], r))
        }
        3 => {
            let missing = (0..4u8).find(|e| mask & (1 << e) == 0).unwrap_or(2);
            let r = (missing + 2) % 4;
            let three = [
                [0.0, 0.0],
                [0.0, 1.0],
                [1.0, 1.0],
                [1.0, 0.0],
                [0.72, 0.3],
                [0.5, 0.36],
                [0.28, 0.3],
            ];
            (turn(&three, r), rotate_local([0.5, 0.66], r))
        }
        _ => (
            vec![[0.0, 0.0], [0.0, 1.0], [1.0, 1.0], [1.0, 0.0]],
            [0.5, 0.5],
        ),
    }
}

/// A road's centre line and the spot on it.
fn road_shape(mask: u8) -> (Vec<Vec<[f32; 2]>>, [f32; 2]) {
    let edges = edges_of(mask);
    match edges.len() {
        1 => {
            let e = edges[0];
            let line = turn(&[[0.5, 1.0], [0.5, 0.62]], e);
            (vec![line], rotate_local([0.5, 0.8], e))
        }
        2 if edges[1] - edges[0] == 2 => {
            let line = vec![edge_mid(edges[0]), edge_mid(edges[1])];
            (vec![line], [0.5, 0.5])
        }
        2 => {
            // Neighbouring sides: the arc about their shared corner (canonical S + W).
            let first = if edges == [0, 3] { 3 } else { edges[0] };
            let r = (first + 2) % 4;
            (vec![turn(&ARC, r)], rotate_local(ARC[2], r))
        }
        _ => {
            // The ring road round a fair: a loop with a spoke to every side it reaches.
            let ring = vec![
                [0.5, 0.78],
                [0.7, 0.7],
                [0.78, 0.5],
                [0.7, 0.3],
                [0.5, 0.22],
                [0.3, 0.3],
                [0.22, 0.5],
                [0.3, 0.7],
                [0.5, 0.78],
            ];
            let mut lines = vec![ring];
            for e in edges {
                lines.push(turn(&[[0.5, 1.0], [0.5, 0.78]], e));
            }
            (lines, [0.5, 0.78])
        }
    }
}

/// Where each half-edge's field is, a little inside the tile (NL NR EL ER SL SR WL WR).
const HALF_ANCHOR: [[f32; 2]; 8] = [
    [0.3, 0.86],
    [0.7, 0.86],
    [0.86, 0.7],
    [0.86, 0.3],
    [0.7, 0.14],
    [0.3, 0.14],
    [0.14, 0.3],
    [0.14, 0.7],
];

fn dist2(a: [f32; 2], b: [f32; 2]) -> f32 {
    (a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1])
}

/// Where a fair stands on a tile (from the tile pictures; centre unless noted in the data).
fn fair_at(kind: &TileKind) -> [f32; 2] {
    match kind.id.as_str() {
        "C01" | "C11" => [0.5, 0.34],
        // Inside its city, which opens to the east.
        "C02" => [0.84, 0.24],
        "C03" => [0.68, 0.32],
        "C07" => [0.22, 0.5],
        "C10" => [0.36, 0.62],
        _ => [0.5, 0.5],
    }
}

fn cloister_at(kind: &TileKind) -> [f32; 2] {
    if kind.fair {
        [0.62, 0.5]
    } else {
        [0.5, 0.48]
    }
}

/// The follower spot of every segment of `kind` (same order as `kind.segments`).
pub fn spots(kind: &TileKind) -> Vec<[f32; 2]> {
    let mut out: Vec<[f32; 2]> = kind
        .segments
        .iter()
        .map(|s| match s.kind {
            FeatureKind::City => city_shape(s.edges).1,
            FeatureKind::Road => road_shape(s.edges).1,
            FeatureKind::Cloister => cloister_at(kind),
            FeatureKind::Field => [0.5, 0.5],
        })
        .collect();
    // A field's spot: the anchor of its half-edges farthest from every other spot.
    let others: Vec<[f32; 2]> = kind
        .segments
        .iter()
        .zip(&out)
        .filter(|(s, _)| s.kind != FeatureKind::Field)
        .map(|(_, &p)| p)
        .collect();
    for (s, spot) in kind.segments.iter().zip(out.iter_mut()) {
        if s.kind == FeatureKind::Field {
            *spot = field_spot(s, &others);
        }
    }
    out
}

fn field_spot(s: &Segment, others: &[[f32; 2]]) -> [f32; 2] {
    let mut best = [0.5, 0.5];
    let mut best_d = f32::MIN;
    for (h, &a) in HALF_ANCHOR.iter().enumerate() {
        if s.edges & (1 << h) == 0 {
            continue;
        }
        let d = others.iter().map(|&o| dist2(a, o)).fold(f32::MAX, f32::min);
        if d > best_d {
            best_d = d;
            best = a;
        }
    }
    best
}

fn shield(at: [f32; 2]) -> ArtShape {
    let [x, y] = at;
    ArtShape::Polygon {
        points: vec![
            [x - 0.06, y + 0.06],
            [x + 0.06, y + 0.06],
            [x + 0.06, y - 0.01],
            [x, y - 0.07],
            [x - 0.06, y - 0.01],
        ],
        rgb: PENNANT,
    }
}

/// The drawing of one tile kind.
pub fn art(kind: &TileKind) -> TileArt {
    let mut shapes = vec![ArtShape::Polygon {
        points: vec![[0.0, 0.0], [0.0, 1.0], [1.0, 1.0], [1.0, 0.0]],
        rgb: FIELD,
    }];
    let mut ending_roads = 0;
    for s in &kind.segments {
        if s.kind == FeatureKind::Road {
            let (lines, _) = road_shape(s.edges);
            if s.edges.count_ones() == 1 {
                ending_roads += 1;
            }
            for points in lines {
                shapes.push(ArtShape::Polyline {
                    points: points.clone(),
                    width: 0.16,
                    rgb: ROAD_EDGE,
                });
                shapes.push(ArtShape::Polyline {
                    points,
                    width: 0.11,
                    rgb: ROAD,
                });
            }
        }
    }
    for s in &kind.segments {
        if s.kind == FeatureKind::City {
            let (points, spot) = city_shape(s.edges);
            let mut wall = points.clone();
            if let Some(&p) = points.first() {
                wall.push(p);
            }
            shapes.push(ArtShape::Polygon { points, rgb: CITY });
            shapes.push(ArtShape::Polyline {
                points: wall,
                width: 0.035,
                rgb: WALL,
            });
            if s.pennants > 0 {
                let at = [spot[0] + (0.5 - spot[0]) * 0.3 + 0.12, spot[1]];
                shapes.push(shield([at[0].min(0.88), at[1]]));
            }
        }
    }
    if kind.has_cloister() {
        let [x, y] = cloister_at(kind);
        shapes.push(ArtShape::Polygon {
            points: vec![
                [x - 0.13, y - 0.14],
                [x + 0.13, y - 0.14],
                [x + 0.13, y + 0.06],
                [x - 0.13, y + 0.06],
            ],
            rgb: CLOISTER,
        });
        shapes.push(ArtShape::Polygon {
            points: vec![[x - 0.17, y + 0.06], [x + 0.17, y + 0.06], [x, y + 0.2]],
            rgb: ROOF,
        });
    }
    if kind.fair {
        let [x, y] = fair_at(kind);
        shapes.push(ArtShape::Circle {
            centre: [x, y],
            r: 0.14,
            rgb: FAIR,
        });
        shapes.push(ArtShape::Polygon {
            points: vec![[x - 0.08, y - 0.06], [x + 0.08, y - 0.06], [x, y + 0.08]],
            rgb: TENT,
        });
    } else if ending_roads >= 3 {
        shapes.push(ArtShape::Polygon {
            points: vec![[0.4, 0.4], [0.6, 0.4], [0.6, 0.6], [0.4, 0.6]],
            rgb: JUNCTION,
        });
    }
    let edges = kind
        .oriented(0)
        .edges
        .iter()
        .map(|e| e.word().to_string())
        .collect();
    let middle = if kind.fair {
        "the fair"
    } else if kind.has_cloister() {
        "a cloister"
    } else {
        ""
    };
    TileArt {
        shapes,
        edges,
        middle: middle.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::carcassonne::rules::Catalog;

    fn inside(p: [f32; 2]) -> bool {
        (0.0..=1.0).contains(&p[0]) && (0.0..=1.0).contains(&p[1])
    }

    #[test]
    fn every_tile_has_art_inside_its_square_and_one_spot_per_feature() {
        let Ok(cat) = Catalog::embedded() else {
            panic!("tiles");
        };
        for k in &cat.kinds {
            let a = art(k);
            assert!(a.shapes.len() > 1, "{}: only a background", k.id);
            for s in &a.shapes {
                let pts: Vec<[f32; 2]> = match s {
                    ArtShape::Polygon { points, .. } | ArtShape::Polyline { points, .. } => {
                        points.clone()
                    }
                    ArtShape::Circle { centre, .. } => vec![*centre],
                };
                assert!(pts.iter().all(|&p| inside(p)), "{}: {s:?}", k.id);
            }
            let sp = spots(k);
            assert_eq!(sp.len(), k.segments.len());
            assert!(sp.iter().all(|&p| inside(p)), "{}", k.id);
            // No two spots of a tile on the same point.
            for i in 0..sp.len() {
                for j in i + 1..sp.len() {
                    assert!(dist2(sp[i], sp[j]) > 0.01, "{}: spots {i} and {j}", k.id);
                }
            }
        }
    }

    #[test]
    fn a_city_cap_sits_on_its_edge_and_a_road_spot_on_its_road() {
        // A cap on the east edge: its spot is near the east side.
        let (_, spot) = city_shape(0b0010);
        assert!(spot[0] > 0.8 && (spot[1] - 0.5).abs() < 0.01, "{spot:?}");
        // A road ending south: spot below the centre.
        let (_, spot) = road_shape(0b0100);
        assert!(spot[1] < 0.3, "{spot:?}");
        // The curve S-W: its spot is nearer the south-west corner than the centre.
        let (_, spot) = road_shape(0b1100);
        assert!(spot[0] < 0.4 && spot[1] < 0.4, "{spot:?}");
        // The curve N-W (edges 0 and 3) bends round the north-west corner.
        let (_, spot) = road_shape(0b1001);
        assert!(spot[0] < 0.4 && spot[1] > 0.6, "{spot:?}");
    }
}
