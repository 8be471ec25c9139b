//! What a game shows: a side view of a physics table, or a top-down map of square tiles. The
//! app draws either from data alone (it knows no game), and a game switches scene from one phase
//! to the next by returning the other variant.
//!
//! Map coordinates: cell `(x, y)` is the unit square `[x, x+1] × [y, y+1]`, y grows north (up
//! the screen). A tile's art is drawn in tile-local unit-square coordinates (`[0, 0]` the
//! south-west corner, `[1, 1]` the north-east one) and turned about the tile's centre by its
//! rotation, in quarter turns clockwise. Positions on a tile (pieces, spots) are given in the same
//! local coordinates of the *unrotated* art, so a game names "the city on this tile" once and the
//! rotation of the placed tile carries it round.

use super::{Game, Move, Refusal, RuleResult, TableView};

/// The two kinds of scene.
#[derive(Clone, Debug, PartialEq)]
pub enum Scene {
    /// A physics table seen from the side (every shot is seen this way).
    Side(TableView),
    /// A top-down map of square tiles.
    Map(TileMapView),
}

/// A grid cell: x east, y north.
pub type Cell = [i32; 2];

/// One drawing primitive of a tile's art, in tile-local unit-square coordinates.
#[derive(Clone, Debug, PartialEq)]
pub enum ArtShape {
    /// A filled polygon (corners in order, either winding).
    Polygon { points: Vec<[f32; 2]>, rgb: [u8; 3] },
    /// An open line through the points, `width` in tile units.
    Polyline {
        points: Vec<[f32; 2]>,
        width: f32,
        rgb: [u8; 3],
    },
    /// A filled circle.
    Circle {
        centre: [f32; 2],
        r: f32,
        rgb: [u8; 3],
    },
}

/// How one kind of tile looks: its shapes, drawn in order (the first is usually the background),
/// and the same in words for a player who cannot see it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TileArt {
    pub shapes: Vec<ArtShape>,
    /// What each side of the unrotated art is, in the player's words ("city", "road",
    /// "field"): north, east, south, west. Empty when the game does not say.
    pub edges: Vec<String>,
    /// What stands in the middle, if anything ("a cloister"); empty when nothing does.
    pub middle: String,
}

/// A tile lying on the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacedTile {
    pub cell: Cell,
    /// Index into `TileMapView::arts`.
    pub art: usize,
    /// Quarter turns clockwise, 0..=3.
    pub rotation: u8,
}

/// A cell where the piece in hand may go, and the rotations that fit there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegalCell {
    pub cell: Cell,
    /// Quarter turns clockwise (each 0..=3, ascending, never empty).
    pub rotations: Vec<u8>,
}

/// What a piece standing on a tile looks like.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceKind {
    /// A standing figure (a follower).
    Meeple,
    /// A figure lying down (a farmer).
    Lying,
    /// A small flat marker (a score or a token).
    Marker,
}

/// A piece standing on a placed tile.
#[derive(Clone, Debug, PartialEq)]
pub struct MapPiece {
    pub cell: Cell,
    /// Tile-local position in the unrotated art.
    pub at: [f32; 2],
    /// The seat it belongs to (the app writes the seat number on the piece beside its colour).
    pub seat: usize,
    pub rgb: [u8; 3],
    pub kind: PieceKind,
    /// A short word drawn beside it, if any.
    pub label: Option<String>,
}

/// A place where a piece may be put now (answered by the spot prompt with its index).
#[derive(Clone, Debug, PartialEq)]
pub struct MapSpot {
    pub cell: Cell,
    /// Tile-local position in the unrotated art.
    pub at: [f32; 2],
    /// What the spot is, for the player ("city", "road"…).
    pub label: String,
    /// The spot in a whole phrase for a player who cannot see the map ("Follower on the city
    /// at the top (2 tiles, open)"); empty when the label says it all.
    pub words: String,
}

/// Everything the app needs to draw and play a tile map.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TileMapView {
    pub tiles: Vec<PlacedTile>,
    pub arts: Vec<TileArt>,
    /// Where the piece in hand may go (empty when no tile is being placed).
    pub legal: Vec<LegalCell>,
    /// The art of the piece in hand, if a tile is being placed.
    pub in_hand: Option<usize>,
    pub pieces: Vec<MapPiece>,
    /// Where a piece may be put now (the spot prompt's answers, in order).
    pub spots: Vec<MapSpot>,
    /// The cell placed last (highlighted).
    pub last: Option<Cell>,
    /// Min x, min y, max x, max y in map units: what the camera should frame (placed tiles and
    /// legal cells); the player may pan and zoom beyond it.
    pub bounds: [f32; 4],
}

impl TileMapView {
    /// The tile on `cell`, if any.
    pub fn tile_at(&self, cell: Cell) -> Option<&PlacedTile> {
        self.tiles.iter().find(|t| t.cell == cell)
    }

    /// The rotations the piece in hand may take on `cell` (empty: not a legal cell).
    pub fn rotations_at(&self, cell: Cell) -> &[u8] {
        self.legal
            .iter()
            .find(|l| l.cell == cell)
            .map(|l| l.rotations.as_slice())
            .unwrap_or(&[])
    }

    /// The map position of a tile-local point on `cell`, turned with the tile lying there.
    pub fn on_map(&self, cell: Cell, local: [f32; 2]) -> [f32; 2] {
        let rotation = self.tile_at(cell).map(|t| t.rotation).unwrap_or(0);
        cell_point(cell, local, rotation)
    }

    /// Bounds around the tiles and the legal cells (what `bounds` should usually be), with a
    /// margin of `pad` map units; a unit square round the origin for an empty map.
    pub fn frame_cells(tiles: &[PlacedTile], legal: &[LegalCell], pad: f32) -> [f32; 4] {
        let cells = tiles
            .iter()
            .map(|t| t.cell)
            .chain(legal.iter().map(|l| l.cell));
        let mut b: Option<[i32; 4]> = None;
        for [x, y] in cells {
            b = Some(match b {
                None => [x, y, x, y],
                Some([a, c, d, e]) => [a.min(x), c.min(y), d.max(x), e.max(y)],
            });
        }
        let [x0, y0, x1, y1] = b.unwrap_or([0, 0, 0, 0]);
        [
            x0 as f32 - pad,
            y0 as f32 - pad,
            x1 as f32 + 1.0 + pad,
            y1 as f32 + 1.0 + pad,
        ]
    }
}

/// A side view's line across a tile map seen from above (Carcassonne's catapult round): the
/// side view's x axis (metres from the launcher) lies along a line on the map, so the app can
/// draw the map with the line aimed, the token over it and where it came to rest. View data
/// only: nothing reads it back.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LineOnMap {
    /// The map as it lies (no spots, no tile in hand).
    pub map: TileMapView,
    /// Where the side view's x = 0 lies (map units) and the unit direction x grows along.
    pub from: [f32; 2],
    pub dir: [f32; 2],
    /// Map units in a metre of the side view.
    pub per_metre: f32,
    /// The point aimed at (map units).
    pub aim: [f32; 2],
    /// Where this round's earlier tokens came to rest (map units).
    pub rests: Vec<[f32; 2]>,
    /// The point the round's tokens try to land nearest, if it has one (map units).
    pub target: Option<[f32; 2]>,
    /// The side view's tag of the body that flies over the map (the token).
    pub flier_tag: u32,
}

impl LineOnMap {
    /// The map point under side-view x (metres).
    pub fn at(&self, x: f32) -> [f32; 2] {
        let k = x * self.per_metre;
        [
            self.from[0] + self.dir[0] * k,
            self.from[1] + self.dir[1] * k,
        ]
    }
}

/// Which answer a grid prompt asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GridStep {
    /// Lay the piece in hand on one of the scene's legal cells, turned by one of the rotations
    /// that fit there: `Move::decide(seat, action, [x, y, rotation])`.
    Place,
    /// Put a piece on one of the scene's spots: `Move::decide(seat, action, [spot_index])`. Not
    /// putting one is an ordinary `Choice` offered beside the prompt.
    Spot,
}

/// A decision made on the tile map (`Game::grid_prompt`). The legal cells and the spots are in
/// the map scene; the rules still validate the move and refuse a bad one with the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridPrompt {
    pub step: GridStep,
    /// The move's action name.
    pub action: String,
    /// What is being put down, in the player's words ("tile", "follower").
    pub label: String,
}

impl GridPrompt {
    pub fn place(action: &str, label: &str) -> Self {
        GridPrompt {
            step: GridStep::Place,
            action: action.into(),
            label: label.into(),
        }
    }

    pub fn spot(action: &str, label: &str) -> Self {
        GridPrompt {
            step: GridStep::Spot,
            action: action.into(),
            label: label.into(),
        }
    }

    /// The move laying the piece in hand on `cell` turned by `rotation`.
    pub fn place_move(&self, seat: usize, cell: Cell, rotation: u8) -> Move {
        Move::decide(
            seat,
            &self.action,
            &[cell[0] as i64, cell[1] as i64, rotation as i64],
        )
    }

    /// The move putting a piece on spot `index` of the scene.
    pub fn spot_move(&self, seat: usize, index: usize) -> Move {
        Move::decide(seat, &self.action, &[index as i64])
    }
}

/// Reads a place move's `[x, y, rotation]`, refusing a missing or out-of-range argument.
pub fn place_args(mv: &Move) -> RuleResult<(Cell, u8)> {
    if mv.args.len() != 3 {
        return Err(Refusal(format!(
            "move `{}` needs 3 arguments (x, y, rotation), got {}",
            mv.action,
            mv.args.len()
        )));
    }
    let coord = |i: usize| -> RuleResult<i32> {
        let v = mv.arg(i)?;
        i32::try_from(v).map_err(|_| Refusal(format!("cell coordinate {v} is out of range")))
    };
    let (x, y, r) = (coord(0)?, coord(1)?, mv.arg(2)?);
    if !(0..=3).contains(&r) {
        crate::refuse!("rotation {r} is not 0, 1, 2 or 3 quarter turns");
    }
    Ok(([x, y], r as u8))
}

/// Reads a spot move's `[spot_index]` against the number of spots open.
pub fn spot_arg(mv: &Move, spots: usize) -> RuleResult<usize> {
    if mv.args.len() != 1 {
        return Err(Refusal(format!(
            "move `{}` needs 1 argument (the spot), got {}",
            mv.action,
            mv.args.len()
        )));
    }
    let i = mv.arg(0)?;
    match usize::try_from(i) {
        Ok(i) if i < spots => Ok(i),
        _ => Err(Refusal(format!(
            "there is no spot {i} (spots open: {spots})"
        ))),
    }
}

/// Every move the grid prompt allows now (the candidates of a bot, or a test): each legal cell
/// with each rotation that fits, or each open spot. Empty when no grid decision is open.
pub fn grid_moves(game: &dyn Game) -> Vec<Move> {
    // The scene last: a side view is costly to build and is not needed without a grid prompt.
    let (Some(seat), Some(prompt)) = (game.turn(), game.grid_prompt()) else {
        return Vec::new();
    };
    let Scene::Map(map) = game.scene() else {
        return Vec::new();
    };
    match prompt.step {
        GridStep::Place => map
            .legal
            .iter()
            .flat_map(|l| {
                l.rotations
                    .iter()
                    .map(|&r| prompt.place_move(seat, l.cell, r))
            })
            .collect(),
        GridStep::Spot => (0..map.spots.len())
            .map(|i| prompt.spot_move(seat, i))
            .collect(),
    }
}

/// Turns a tile-local point `rotation` quarter turns clockwise about the tile's centre.
pub fn rotate_local(p: [f32; 2], rotation: u8) -> [f32; 2] {
    let (mut dx, mut dy) = (p[0] - 0.5, p[1] - 0.5);
    for _ in 0..rotation % 4 {
        // Clockwise with y up: north (0, 1) goes to east (1, 0).
        (dx, dy) = (dy, -dx);
    }
    [0.5 + dx, 0.5 + dy]
}

/// The map position of a tile-local point of a tile on `cell` turned by `rotation`.
pub fn cell_point(cell: Cell, local: [f32; 2], rotation: u8) -> [f32; 2] {
    let r = rotate_local(local, rotation);
    [cell[0] as f32 + r[0], cell[1] as f32 + r[1]]
}

/// Where `cell` is, in the player's words, from the first tile laid (at cell 0, 0): "the start
/// tile", "just above the start tile", "2 right and 1 down from the start tile".
pub fn cell_words(cell: Cell) -> String {
    let [x, y] = cell;
    match (x, y) {
        (0, 0) => "the start tile".to_string(),
        (0, 1) => "just above the start tile".to_string(),
        (0, -1) => "just below the start tile".to_string(),
        (1, 0) => "just right of the start tile".to_string(),
        (-1, 0) => "just left of the start tile".to_string(),
        _ => {
            let across = match x {
                0 => String::new(),
                x if x > 0 => format!("{x} right"),
                x => format!("{} left", -x),
            };
            let up = match y {
                0 => String::new(),
                y if y > 0 => format!("{y} up"),
                y => format!("{} down", -y),
            };
            let both = match (across.is_empty(), up.is_empty()) {
                (false, false) => format!("{across} and {up}"),
                (true, _) => up,
                (_, true) => across,
            };
            let of = if y == 0 { "of" } else { "from" };
            format!("{both} {of} the start tile")
        }
    }
}

/// The cell containing a map point.
pub fn cell_of(p: [f32; 2]) -> Cell {
    [p[0].floor() as i32, p[1].floor() as i32]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn near(a: [f32; 2], b: [f32; 2]) -> bool {
        (a[0] - b[0]).abs() < 1e-6 && (a[1] - b[1]).abs() < 1e-6
    }

    #[test]
    fn a_quarter_turn_clockwise_takes_north_to_east_then_south_then_west() {
        let north = [0.5, 1.0];
        assert!(near(rotate_local(north, 0), north));
        assert!(near(rotate_local(north, 1), [1.0, 0.5]));
        assert!(near(rotate_local(north, 2), [0.5, 0.0]));
        assert!(near(rotate_local(north, 3), [0.0, 0.5]));
        assert!(near(rotate_local(north, 4), north), "four turns are none");
        // The south-west corner goes to the north-west one.
        assert!(near(rotate_local([0.0, 0.0], 1), [0.0, 1.0]));
    }

    #[test]
    fn points_on_a_placed_tile_turn_with_it_and_cells_hold_their_points() {
        let map = TileMapView {
            tiles: vec![PlacedTile {
                cell: [-2, 3],
                art: 0,
                rotation: 1,
            }],
            ..TileMapView::default()
        };
        assert!(near(map.on_map([-2, 3], [0.5, 0.9]), [-1.1, 3.5]));
        // A cell without a tile: unrotated.
        assert!(near(map.on_map([0, 0], [0.5, 0.9]), [0.5, 0.9]));
        assert_eq!(cell_of([-1.1, 3.5]), [-2, 3]);
        assert_eq!(cell_of([0.0, -0.01]), [0, -1]);
    }

    #[test]
    fn cells_are_said_from_the_start_tile() {
        assert_eq!(cell_words([0, 0]), "the start tile");
        assert_eq!(cell_words([0, 1]), "just above the start tile");
        assert_eq!(cell_words([-1, 0]), "just left of the start tile");
        assert_eq!(cell_words([3, 0]), "3 right of the start tile");
        assert_eq!(cell_words([0, -2]), "2 down from the start tile");
        assert_eq!(cell_words([2, 1]), "2 right and 1 up from the start tile");
        assert_eq!(
            cell_words([-1, -1]),
            "1 left and 1 down from the start tile"
        );
    }

    #[test]
    fn rotations_are_listed_per_legal_cell_and_other_cells_have_none() {
        let map = TileMapView {
            legal: vec![LegalCell {
                cell: [1, 0],
                rotations: vec![0, 2],
            }],
            ..TileMapView::default()
        };
        assert_eq!(map.rotations_at([1, 0]), &[0, 2]);
        assert!(map.rotations_at([0, 1]).is_empty());
    }

    #[test]
    fn grid_moves_encode_cell_and_rotation_and_read_back() {
        let p = GridPrompt::place("lay", "tile");
        let mv = p.place_move(1, [-3, 4], 2);
        assert_eq!(mv, Move::decide(1, "lay", &[-3, 4, 2]));
        assert_eq!(place_args(&mv), Ok(([-3, 4], 2)));
        let s = GridPrompt::spot("meeple", "follower");
        assert_eq!(s.step, GridStep::Spot);
        assert_eq!(spot_arg(&s.spot_move(0, 2), 3), Ok(2));
    }

    #[test]
    fn malformed_grid_moves_are_refused_with_the_reason() {
        let why = |r: RuleResult<(Cell, u8)>| r.err().map(|e| e.0).unwrap_or_default();
        assert!(why(place_args(&Move::decide(0, "lay", &[0, 0, 4]))).contains("rotation 4"));
        assert!(why(place_args(&Move::decide(0, "lay", &[0, 0, -1]))).contains("rotation -1"));
        assert!(why(place_args(&Move::decide(0, "lay", &[0, 0]))).contains("3 arguments"));
        let huge = i64::from(i32::MAX) + 1;
        assert!(why(place_args(&Move::decide(0, "lay", &[huge, 0, 0]))).contains("out of range"));
        let e = spot_arg(&Move::decide(0, "meeple", &[3]), 3);
        assert!(e
            .err()
            .map(|e| e.0)
            .unwrap_or_default()
            .contains("no spot 3"));
        assert!(spot_arg(&Move::decide(0, "meeple", &[-1]), 3).is_err());
        assert!(spot_arg(&Move::decide(0, "meeple", &[]), 3).is_err());
    }

    #[test]
    fn the_frame_holds_every_tile_and_legal_cell_with_its_margin() {
        let tiles = [PlacedTile {
            cell: [0, 0],
            art: 0,
            rotation: 0,
        }];
        let legal = [LegalCell {
            cell: [-1, 2],
            rotations: vec![0],
        }];
        assert_eq!(
            TileMapView::frame_cells(&tiles, &legal, 0.5),
            [-1.5, -0.5, 1.5, 3.5]
        );
        assert_eq!(
            TileMapView::frame_cells(&[], &[], 0.0),
            [0.0, 0.0, 1.0, 1.0]
        );
    }
}
