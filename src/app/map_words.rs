//! The tile map in words, window-free (docs/ui.md, "Playing without sight"): the tile in hand by
//! its four sides ("Tile: city on top, road left and right, field below"), each lit square with
//! where it is and what the tile would touch there, and each follower spot by its feature (the
//! game's own words, `MapSpot::words`). The screen reader hears them as the ring lands.

use engine::core::scene::{cell_words, Cell, TileArt, TileMapView};

/// Sides in reading order, top, left, right, bottom: (edge number, as the tile's side, as the
/// neighbour's direction). Edges are numbered north 0, east 1, south 2, west 3; a quarter turn
/// clockwise takes edge e to e + 1.
const SIDES: [(usize, &str, &str); 4] = [
    (0, "on top", "above"),
    (3, "left", "to the left"),
    (1, "right", "to the right"),
    (2, "below", "below"),
];

/// What side `edge` (of the map: north 0 … west 3) of `art` turned `rotation` is.
fn edge_of(art: &TileArt, rotation: u8, edge: usize) -> Option<&str> {
    if art.edges.len() != 4 {
        return None;
    }
    let unturned = (edge + 4 - rotation as usize % 4) % 4;
    art.edges.get(unturned).map(String::as_str)
}

fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The tile turned `rotation` by its sides, each kind once with its sides ("city on top, road
/// left and right, field below"), and what stands in its middle. None when the game does not
/// say what its tiles' sides are.
pub fn tile_words(art: &TileArt, rotation: u8) -> Option<String> {
    let mut kinds: Vec<(String, Vec<&str>)> = Vec::new();
    for (edge, side, _) in SIDES {
        let kind = edge_of(art, rotation, edge)?;
        match kinds.iter_mut().find(|(k, _)| k == kind) {
            Some((_, sides)) => sides.push(side),
            None => kinds.push((kind.to_string(), vec![side])),
        }
    }
    let mut parts: Vec<String> = kinds
        .iter()
        .map(|(kind, sides)| {
            if sides.len() == 4 {
                format!("{kind} all round")
            } else {
                let sides: Vec<String> = sides.iter().map(|s| s.to_string()).collect();
                format!("{kind} {}", and_list(&sides))
            }
        })
        .collect();
    if !art.middle.is_empty() {
        parts.push(format!("{} in the middle", art.middle));
    }
    Some(parts.join(", "))
}

/// What the tile in hand would touch on `cell`: the side of each tile next to it ("a city above
/// and a road to the left"), and the sides left open ("nothing yet to the right or below").
pub fn touches_words(map: &TileMapView, cell: Cell) -> String {
    let mut touching = Vec::new();
    let mut open = Vec::new();
    for (edge, _, way) in SIDES {
        let step = [[0, 1], [1, 0], [0, -1], [-1, 0]][edge];
        let next = [cell[0] + step[0], cell[1] + step[1]];
        match map.tile_at(next) {
            Some(t) => {
                let kind = map
                    .arts
                    .get(t.art)
                    .and_then(|a| edge_of(a, t.rotation, (edge + 2) % 4))
                    .unwrap_or("tile");
                touching.push(format!("a {kind} {way}"));
            }
            None => open.push(way.to_string()),
        }
    }
    let mut out = format!("Touches {}", and_list(&touching));
    if touching.is_empty() {
        out = "Touches nothing".to_string();
    }
    match open.len() {
        0 => {}
        4 => out.push_str("; nothing round it yet"),
        _ => out.push_str(&format!(
            "; nothing yet {}",
            and_list(&open).replace(" and ", " or ")
        )),
    }
    out
}

/// A lit square as the ring lands on it, with the tile in hand turned `rotation` there: which
/// square of how many, where it is, the tile as it lies there and what it touches. `turned`:
/// only the turn changed (the square was said already), so the tile and its turns are said.
pub fn square_words(map: &TileMapView, cell: Cell, rotation: u8, turned: bool) -> String {
    let art = map.in_hand.and_then(|a| map.arts.get(a));
    let tile = art
        .and_then(|a| tile_words(a, rotation))
        .map(|t| format!("Tile: {t}"));
    let fits = map.rotations_at(cell);
    let turns = match (fits.iter().position(|r| *r == rotation), fits.len()) {
        (_, 0 | 1) => String::new(),
        (Some(i), n) => format!(" (turn {} of {n} that fit)", i + 1),
        (None, n) => format!(" ({n} turns fit)"),
    };
    if turned {
        return format!("{}{turns}", tile.unwrap_or_else(|| "Turned".to_string()));
    }
    let at = map.legal.iter().position(|l| l.cell == cell);
    let which = match at {
        Some(i) => format!("Square {} of {}, ", i + 1, map.legal.len()),
        None => String::new(),
    };
    let mut out = format!("{which}{}.", cell_words(cell));
    if let Some(t) = tile {
        out.push_str(&format!(" {t}{turns}."));
    }
    out.push_str(&format!(" {}.", touches_words(map, cell)));
    out
}

/// The tile in hand as a turn begins: its sides, and how many lit squares it may go on.
pub fn hand_words(map: &TileMapView) -> Option<String> {
    let art = map.in_hand.and_then(|a| map.arts.get(a))?;
    let tile = tile_words(art, 0)?;
    let n = map.legal.len();
    Some(format!(
        "Your tile: {tile}. {n} lit square{} to lay it on: the arrows go through them",
        if n == 1 { "" } else { "s" }
    ))
}

/// Offered spot `i` as the ring lands on it ("Follower on the road at the left and right (2
/// tiles, open), 1 of 3"), or going without when `i` is just past the spots.
pub fn spot_words(map: &TileMapView, i: usize) -> String {
    let n = map.spots.len();
    match map.spots.get(i) {
        Some(s) => {
            let words = if s.words.is_empty() {
                format!("The {} spot", s.label)
            } else {
                s.words.clone()
            };
            format!("{words}, {} of {n}", i + 1)
        }
        None => "Go without a follower".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::core::scene::{LegalCell, MapSpot, PlacedTile};

    /// City north, road east and west, field south (Carcassonne's "D"-like tile).
    fn art() -> TileArt {
        TileArt {
            shapes: Vec::new(),
            edges: ["city", "road", "field", "road"].map(String::from).to_vec(),
            middle: String::new(),
        }
    }

    fn map() -> TileMapView {
        TileMapView {
            tiles: vec![PlacedTile {
                cell: [0, 0],
                art: 0,
                rotation: 0,
            }],
            arts: vec![art()],
            legal: vec![
                LegalCell {
                    cell: [0, 1],
                    rotations: vec![2],
                },
                LegalCell {
                    cell: [1, 0],
                    rotations: vec![0, 2],
                },
            ],
            in_hand: Some(0),
            ..TileMapView::default()
        }
    }

    #[test]
    fn the_tile_is_said_by_its_sides_as_it_is_turned() {
        assert_eq!(
            tile_words(&art(), 0).as_deref(),
            Some("city on top, road left and right, field below")
        );
        assert_eq!(
            tile_words(&art(), 1).as_deref(),
            Some("road on top and below, field left, city right")
        );
        let mut cloister = art();
        cloister.edges = vec!["field".to_string(); 4];
        cloister.middle = "a cloister".into();
        assert_eq!(
            tile_words(&cloister, 3).as_deref(),
            Some("field all round, a cloister in the middle")
        );
        assert_eq!(
            tile_words(&TileArt::default(), 0),
            None,
            "a game that does not say"
        );
    }

    #[test]
    fn a_lit_square_is_said_with_where_it_is_and_what_it_touches() {
        let m = map();
        assert_eq!(
            square_words(&m, [0, 1], 2, false),
            "Square 1 of 2, just above the start tile. Tile: field on top, road left and right, \
             city below. Touches a city below; nothing yet above, to the left or to the right."
        );
        assert_eq!(
            square_words(&m, [1, 0], 2, false),
            "Square 2 of 2, just right of the start tile. Tile: field on top, road left and \
             right, city below (turn 2 of 2 that fit). Touches a road to the left; nothing yet \
             above, to the right or below."
        );
        assert_eq!(
            square_words(&m, [1, 0], 0, true),
            "Tile: city on top, road left and right, field below (turn 1 of 2 that fit)"
        );
        assert_eq!(
            hand_words(&m).as_deref(),
            Some(
                "Your tile: city on top, road left and right, field below. 2 lit squares to lay \
                 it on: the arrows go through them"
            )
        );
    }

    #[test]
    fn each_spot_is_said_by_its_feature_and_going_without_after_them() {
        let mut m = map();
        m.spots = vec![
            MapSpot {
                cell: [0, 0],
                at: [0.5, 0.8],
                label: "city".into(),
                words: "Follower on the city at the top (2 tiles, open)".into(),
            },
            MapSpot {
                cell: [0, 0],
                at: [0.5, 0.5],
                label: "road".into(),
                words: String::new(),
            },
        ];
        assert_eq!(
            spot_words(&m, 0),
            "Follower on the city at the top (2 tiles, open), 1 of 2"
        );
        assert_eq!(spot_words(&m, 1), "The road spot, 2 of 2");
        assert_eq!(spot_words(&m, 2), "Go without a follower");
    }
}
