//! Playing a tile map without a window: pointer events on a `Scene::Map` turned into what the app
//! does (move the ghost of the piece in hand, turn it, send a move, pan, zoom, show a refusal).
//! `map.rs` draws the map and runs this each frame; tests drive it with synthetic events.
//!
//! Place step: tap a lit cell to put the ghost there (turned the way it was if that fits there,
//! else the first way that fits); tap it again, press Turn, or twist two fingers to cycle through
//! the rotations that fit; drag the ghost (or the tile in the hand box) to another cell; the
//! Place button sends it. Spot step: tap a lit spot. Any step: drag the empty map to pan, pinch
//! to zoom (two fingers also pan), the wheel zooms.

use super::frame::{Area, Frame};
use super::gesture::twist_tenths;
use super::nav::{pinch_step, NavAction};
use super::pointer::PointerEvent;
use engine::core::scene::{cell_of, Cell, GridPrompt, GridStep, TileMapView};
use engine::core::{Game, Move};

/// What the app should do after the events of a frame.
#[derive(Clone, Debug, PartialEq)]
pub enum GridAction {
    /// The ghost now lies on this cell with this rotation.
    Ghost(Cell, u8),
    /// Send this move (a spot tapped).
    Send(Move),
    /// The cell is not open for the piece in hand: show the game's reason.
    Refused(Cell, u8),
    /// A hint for the player (not an error).
    Hint(&'static str),
    /// Move the view by a screen distance.
    Pan(f32, f32),
    /// Zoom by a factor about a screen point.
    Zoom(f32, f32, f32),
}

/// What the primary pointer is doing.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Press {
    /// Down and not moved beyond the slop yet; `on_ghost`: on the ghost or the hand box.
    Tap { at: (f32, f32), on_ghost: bool },
    /// Dragging the empty map.
    Pan { last: (f32, f32) },
    /// Carrying the ghost under the finger.
    Drag,
    /// Two fingers: pinch, pan and twist. `turned`: tenths of a degree already spent on turns.
    Pinch {
        a: (f32, f32),
        b: (f32, f32),
        a0: (f32, f32),
        b0: (f32, f32),
        turned: i32,
    },
    /// A two-finger gesture ended: the rest of this press does nothing.
    Spent,
}

/// The map's input state for one grid prompt.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GridInput {
    /// Where the piece in hand lies (cell, rotation) before it is confirmed.
    pub ghost: Option<(Cell, u8)>,
    /// The primary pointer while it is down (screen pixels).
    pub pointer: Option<(f32, f32)>,
    /// The mouse over the map with no button down (the ghost follows it until it is put down).
    pub hover: Option<(f32, f32)>,
    /// The spot picked by keys (`keymap`), before it is sent (one past the last spot: going
    /// without a follower, lit by one-switch scanning).
    pub spot: Option<usize>,
    /// One-switch scanning (`keymap::switch_tick`): seconds into the scan, and whether the
    /// cell is kept (the turns are scanned then).
    pub scan_t: f32,
    pub cell_kept: bool,
    /// A key moved the tile or picked a spot (the hint then speaks of keys).
    pub by_keys: bool,
    press: Option<Press>,
}

/// A twist of this many tenths of a degree turns the piece a quarter.
pub const TWIST_STEP: i32 = 450;

/// The rotation after `r` among those that fit (cycling), or before it when `back`.
pub fn next_rotation(fits: &[u8], r: u8, back: bool) -> Option<u8> {
    if fits.is_empty() {
        return None;
    }
    let mut sorted = fits.to_vec();
    engine::core::order::sort(&mut sorted);
    let n = if back {
        sorted.iter().rev().find(|&&f| f < r).or(sorted.last())
    } else {
        sorted.iter().find(|&&f| f > r).or(sorted.first())
    };
    n.copied()
}

/// The spot (index into `map.spots`) within `radius` screen pixels of (x, y), nearest first.
pub fn spot_at(map: &TileMapView, f: &Frame, x: f32, y: f32, radius: f32) -> Option<usize> {
    let mut best: Option<(usize, f32)> = None;
    for (i, s) in map.spots.iter().enumerate() {
        let p = map.on_map(s.cell, s.at);
        let (sx, sy) = f.to_screen(p[0], p[1]);
        let d = (sx - x).hypot(sy - y);
        if d <= radius && best.map(|b| d < b.1).unwrap_or(true) {
            best = Some((i, d));
        }
    }
    best.map(|b| b.0)
}

/// The game's own reason why the piece in hand may not lie on `cell` turned by `rotation`,
/// found by trying the move on a copy of the game (the game itself is untouched).
pub fn refusal(game: &dyn Game, prompt: &GridPrompt, cell: Cell, rotation: u8) -> String {
    let Some(seat) = game.turn() else {
        return "The game is over".into();
    };
    let mut copy = game.clone_game();
    match copy.apply(&prompt.place_move(seat, cell, rotation)) {
        Err(e) => e.0,
        Ok(_) => "That square is not open for this tile".into(),
    }
}

impl GridInput {
    /// The cell under a screen point.
    fn cell(f: &Frame, x: f32, y: f32) -> Cell {
        let (wx, wy) = f.to_world(x, y);
        cell_of([wx, wy])
    }

    /// Whether a screen point is on the ghost's cell.
    fn on_ghost(&self, f: &Frame, x: f32, y: f32) -> bool {
        self.ghost.map(|(c, _)| c) == Some(Self::cell(f, x, y))
    }

    /// Whether the ghost is being carried under the finger (drawn there, not on its cell).
    pub fn dragging(&self) -> bool {
        self.press == Some(Press::Drag)
    }

    /// Whether two fingers are on the map.
    pub fn pinching(&self) -> bool {
        matches!(self.press, Some(Press::Pinch { .. }))
    }

    /// Puts the ghost on `cell` if it is open (keeping its turn when that fits there).
    fn put(&mut self, map: &TileMapView, cell: Cell) -> GridAction {
        let fits = map.rotations_at(cell);
        let current = self.ghost.map(|g| g.1).unwrap_or(0);
        if fits.is_empty() {
            return GridAction::Refused(cell, current);
        }
        let r = match self.ghost {
            Some((c, r)) if c == cell => next_rotation(fits, r, false).unwrap_or(r),
            Some((_, r)) if fits.contains(&r) => r,
            _ => fits[0],
        };
        self.ghost = Some((cell, r));
        GridAction::Ghost(cell, r)
    }

    /// Turns the ghost to the next rotation that fits its cell (the Turn button, a twist).
    pub fn turn(&mut self, map: &TileMapView, back: bool) -> Option<GridAction> {
        let (cell, r) = self.ghost?;
        let n = next_rotation(map.rotations_at(cell), r, back)?;
        self.ghost = Some((cell, n));
        Some(GridAction::Ghost(cell, n))
    }

    /// The move the Place button sends, or the hint when the ghost is not on an open cell.
    pub fn confirm(
        &self,
        map: &TileMapView,
        prompt: &GridPrompt,
        seat: usize,
    ) -> Result<Move, &'static str> {
        match self.ghost {
            Some((cell, r)) if map.rotations_at(cell).contains(&r) => {
                Ok(prompt.place_move(seat, cell, r))
            }
            _ => Err("Tap a lit square to put the tile there first"),
        }
    }

    /// One pointer event on the map. `hand`: the hand box (where the piece in hand waits), `slop`:
    /// how far a press may move and still be a tap, `spot_radius`: how near a spot a tap must be
    /// (screen pixels). Events from presses that began off the map must not be passed in.
    #[allow(clippy::too_many_arguments)]
    pub fn event(
        &mut self,
        e: PointerEvent,
        map: &TileMapView,
        prompt: Option<&GridPrompt>,
        seat: Option<usize>,
        f: &Frame,
        hand: Option<Area>,
        slop: f32,
        spot_radius: f32,
    ) -> Vec<GridAction> {
        let placing = prompt.map(|p| p.step == GridStep::Place).unwrap_or(false);
        let mut out = Vec::new();
        match e {
            PointerEvent::Down { x, y } => {
                let on_hand = placing && hand.map(|h| h.contains(x, y)).unwrap_or(false);
                let on_ghost = placing && (on_hand || self.on_ghost(f, x, y));
                self.press = Some(Press::Tap {
                    at: (x, y),
                    on_ghost,
                });
                self.pointer = Some((x, y));
            }
            PointerEvent::Move { x, y } => {
                self.pointer = Some((x, y));
                match self.press {
                    Some(Press::Tap { at, on_ghost }) if (x - at.0).hypot(y - at.1) > slop => {
                        if on_ghost {
                            self.press = Some(Press::Drag);
                        } else {
                            self.press = Some(Press::Pan { last: (x, y) });
                            out.push(GridAction::Pan(x - at.0, y - at.1));
                        }
                    }
                    Some(Press::Pan { last }) => {
                        self.press = Some(Press::Pan { last: (x, y) });
                        out.push(GridAction::Pan(x - last.0, y - last.1));
                    }
                    Some(Press::Pinch { b, .. }) => {
                        out.extend(self.pinch((x, y), b, map));
                    }
                    _ => {}
                }
            }
            PointerEvent::Up { x, y } => {
                let press = self.press.take();
                self.pointer = None;
                match press {
                    Some(Press::Tap { on_ghost, .. }) => match prompt.map(|p| p.step) {
                        Some(GridStep::Place) => {
                            let on_hand = hand.map(|h| h.contains(x, y)).unwrap_or(false);
                            if on_ghost && on_hand {
                                out.push(GridAction::Hint(
                                    "Tap a lit square (or drag the tile there)",
                                ));
                            } else {
                                out.push(self.put(map, Self::cell(f, x, y)));
                            }
                        }
                        Some(GridStep::Spot) => {
                            let (Some(p), Some(seat)) = (prompt, seat) else {
                                return out;
                            };
                            match spot_at(map, f, x, y, spot_radius) {
                                Some(i) => out.push(GridAction::Send(p.spot_move(seat, i))),
                                None => out.push(GridAction::Hint(
                                    "Tap one of the lit spots, or the button to go without",
                                )),
                            }
                        }
                        None => {}
                    },
                    Some(Press::Drag) => {
                        let cell = Self::cell(f, x, y);
                        if let Some((c, r)) = self.ghost.filter(|g| g.0 == cell) {
                            // Dropped back where it lay: unchanged.
                            out.push(GridAction::Ghost(c, r));
                        } else if !map.rotations_at(cell).is_empty() {
                            // Dropped on an open cell: there, turned the way it was if it fits.
                            out.push(self.put(map, cell));
                        } else if hand.map(|h| !h.contains(x, y)).unwrap_or(true) {
                            let r = self.ghost.map(|g| g.1).unwrap_or(0);
                            out.push(GridAction::Refused(cell, r));
                        }
                    }
                    _ => {}
                }
            }
            PointerEvent::Cancel => {
                self.press = None;
                self.pointer = None;
            }
            PointerEvent::SecondDown { x, y } => {
                if let (Some(a), Some(press)) = (self.pointer, self.press) {
                    if press != Press::Spent {
                        self.press = Some(Press::Pinch {
                            a,
                            b: (x, y),
                            a0: a,
                            b0: (x, y),
                            turned: 0,
                        });
                    }
                }
            }
            PointerEvent::SecondMove { x, y } => {
                if let (Some(Press::Pinch { a, .. }), Some(_)) = (self.press, self.pointer) {
                    out.extend(self.pinch(a, (x, y), map));
                }
            }
            PointerEvent::SecondUp => {
                if self.pinching() {
                    self.press = Some(Press::Spent);
                }
            }
        }
        out
    }

    /// The two fingers moved to (a1, b1): pan by the midpoint's move, zoom by the spread, turn
    /// the ghost a quarter each time the twist passes another 45°.
    fn pinch(&mut self, a1: (f32, f32), b1: (f32, f32), map: &TileMapView) -> Vec<GridAction> {
        let Some(Press::Pinch {
            a,
            b,
            a0,
            b0,
            turned,
        }) = self.press
        else {
            return Vec::new();
        };
        let mut out: Vec<GridAction> = pinch_step(a, b, a1, b1)
            .into_iter()
            .map(|n| match n {
                NavAction::Pan(dx, dy) => GridAction::Pan(dx, dy),
                NavAction::Zoom(k, x, y) => GridAction::Zoom(k, x, y),
            })
            .collect();
        // Screen y points down: a positive twist in y-up terms is anticlockwise on the screen.
        let twist = -twist_tenths((a0.0, -a0.1), (b0.0, -b0.1), (a1.0, -a1.1), (b1.0, -b1.1));
        let mut turned = turned;
        while twist - turned >= TWIST_STEP {
            turned += 2 * TWIST_STEP;
            out.extend(self.turn(map, false));
        }
        while twist - turned <= -TWIST_STEP {
            turned -= 2 * TWIST_STEP;
            out.extend(self.turn(map, true));
        }
        self.press = Some(Press::Pinch {
            a: a1,
            b: b1,
            a0,
            b0,
            turned,
        });
        self.pointer = Some(a1);
        out
    }
}

/// Triangles filling a simple polygon (either winding) by ear clipping; a degenerate polygon
/// gives none. Tile art polygons may be concave (a city's outline), so a fan is not enough.
pub fn triangulate(points: &[[f32; 2]]) -> Vec<[[f32; 2]; 3]> {
    let n = points.len();
    if n < 3 {
        return Vec::new();
    }
    let area2: f32 = (0..n)
        .map(|i| {
            let (p, q) = (points[i], points[(i + 1) % n]);
            p[0] * q[1] - q[0] * p[1]
        })
        .sum();
    if !area2.is_finite() || area2.abs() < 1e-9 {
        return Vec::new();
    }
    let ccw = area2 > 0.0;
    let mut idx: Vec<usize> = (0..n).collect();
    let mut out = Vec::with_capacity(n - 2);
    let cross = |a: [f32; 2], b: [f32; 2], c: [f32; 2]| {
        (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    };
    let mut guard = 0;
    while idx.len() > 3 && guard < n * n {
        guard += 1;
        let m = idx.len();
        let mut clipped = false;
        for i in 0..m {
            let (ia, ib, ic) = (idx[(i + m - 1) % m], idx[i], idx[(i + 1) % m]);
            let (a, b, c) = (points[ia], points[ib], points[ic]);
            let turn = cross(a, b, c);
            let convex = if ccw { turn > 1e-12 } else { turn < -1e-12 };
            if !convex {
                continue;
            }
            let inside = idx.iter().any(|&j| {
                if j == ia || j == ib || j == ic {
                    return false;
                }
                let p = points[j];
                let (d1, d2, d3) = (cross(a, b, p), cross(b, c, p), cross(c, a, p));
                if ccw {
                    d1 >= 0.0 && d2 >= 0.0 && d3 >= 0.0
                } else {
                    d1 <= 0.0 && d2 <= 0.0 && d3 <= 0.0
                }
            });
            if inside {
                continue;
            }
            out.push([a, b, c]);
            idx.remove(i);
            clipped = true;
            break;
        }
        if !clipped {
            // Collinear leftovers or a self-touching outline: drop a flat vertex and go on.
            let m = idx.len();
            let flat = (0..m).find(|&i| {
                let (a, b, c) = (idx[(i + m - 1) % m], idx[i], idx[(i + 1) % m]);
                cross(points[a], points[b], points[c]).abs() <= 1e-12
            });
            match flat {
                Some(i) => {
                    idx.remove(i);
                }
                None => break,
            }
        }
    }
    if idx.len() == 3 {
        let (a, b, c) = (points[idx[0]], points[idx[1]], points[idx[2]]);
        if cross(a, b, c).abs() > 1e-12 {
            out.push([a, b, c]);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::core::scene::{LegalCell, MapSpot};

    /// A map with the start tile at (0, 0) and two open cells.
    fn map() -> TileMapView {
        TileMapView {
            legal: vec![
                LegalCell {
                    cell: [1, 0],
                    rotations: vec![1, 2],
                },
                LegalCell {
                    cell: [0, 1],
                    rotations: vec![0, 1, 2, 3],
                },
            ],
            in_hand: Some(0),
            bounds: [-1.0, -1.0, 2.0, 2.0],
            ..TileMapView::default()
        }
    }

    /// 100 pixels per cell, cell (0, 0) from (100, 200) to (200, 100) on screen.
    fn frame() -> Frame {
        Frame {
            scale: 100.0,
            ox: 100.0,
            oy: 200.0,
        }
    }

    fn centre(c: Cell) -> (f32, f32) {
        frame().to_screen(c[0] as f32 + 0.5, c[1] as f32 + 0.5)
    }

    fn tap(g: &mut GridInput, m: &TileMapView, p: &GridPrompt, at: (f32, f32)) -> Vec<GridAction> {
        let f = frame();
        let mut out = g.event(
            PointerEvent::Down { x: at.0, y: at.1 },
            m,
            Some(p),
            Some(0),
            &f,
            None,
            8.0,
            20.0,
        );
        out.extend(g.event(
            PointerEvent::Up { x: at.0, y: at.1 },
            m,
            Some(p),
            Some(0),
            &f,
            None,
            8.0,
            20.0,
        ));
        out
    }

    #[test]
    fn rotations_cycle_through_those_that_fit_both_ways() {
        assert_eq!(next_rotation(&[1, 2], 1, false), Some(2));
        assert_eq!(next_rotation(&[1, 2], 2, false), Some(1));
        assert_eq!(next_rotation(&[1, 2], 0, false), Some(1));
        assert_eq!(next_rotation(&[3, 0, 2], 0, true), Some(3));
        assert_eq!(next_rotation(&[0, 2], 2, true), Some(0));
        assert_eq!(next_rotation(&[], 0, false), None);
    }

    #[test]
    fn a_tap_puts_the_ghost_on_an_open_cell_and_a_second_tap_turns_it() {
        let (m, p) = (map(), GridPrompt::place("lay", "tile"));
        let mut g = GridInput::default();
        assert_eq!(
            tap(&mut g, &m, &p, centre([1, 0])),
            [GridAction::Ghost([1, 0], 1)]
        );
        assert_eq!(
            tap(&mut g, &m, &p, centre([1, 0])),
            [GridAction::Ghost([1, 0], 2)]
        );
        assert_eq!(
            tap(&mut g, &m, &p, centre([1, 0])),
            [GridAction::Ghost([1, 0], 1)]
        );
        // Moved to a cell where its turn fits too, it keeps it.
        assert_eq!(
            tap(&mut g, &m, &p, centre([0, 1])),
            [GridAction::Ghost([0, 1], 1)]
        );
        assert_eq!(g.confirm(&m, &p, 0), Ok(Move::decide(0, "lay", &[0, 1, 1])));
        // The Turn button cycles too.
        assert_eq!(g.turn(&m, false), Some(GridAction::Ghost([0, 1], 2)));
        assert_eq!(g.turn(&m, true), Some(GridAction::Ghost([0, 1], 1)));
    }

    #[test]
    fn a_tap_on_a_closed_cell_asks_for_the_reason_and_leaves_the_ghost() {
        let (m, p) = (map(), GridPrompt::place("lay", "tile"));
        let mut g = GridInput::default();
        assert!(g.confirm(&m, &p, 0).is_err(), "nothing to place yet");
        assert_eq!(
            tap(&mut g, &m, &p, centre([0, 0])),
            [GridAction::Refused([0, 0], 0)]
        );
        tap(&mut g, &m, &p, centre([1, 0]));
        assert_eq!(
            tap(&mut g, &m, &p, centre([5, 5])),
            [GridAction::Refused([5, 5], 1)]
        );
        assert_eq!(g.ghost, Some(([1, 0], 1)));
    }

    #[test]
    fn dragging_the_empty_map_pans_and_never_taps() {
        let (m, p) = (map(), GridPrompt::place("lay", "tile"));
        let f = frame();
        let mut g = GridInput::default();
        let mut all = Vec::new();
        for e in [
            PointerEvent::Down { x: 150.0, y: 150.0 },
            PointerEvent::Move { x: 155.0, y: 150.0 },
            PointerEvent::Move { x: 170.0, y: 140.0 },
            PointerEvent::Move { x: 190.0, y: 140.0 },
            PointerEvent::Up { x: 190.0, y: 140.0 },
        ] {
            all.extend(g.event(e, &m, Some(&p), Some(0), &f, None, 8.0, 20.0));
        }
        assert_eq!(
            all,
            [GridAction::Pan(20.0, -10.0), GridAction::Pan(20.0, 0.0)]
        );
        assert_eq!(g.ghost, None);
    }

    #[test]
    fn the_ghost_is_dragged_from_the_hand_box_onto_a_cell() {
        let (m, p) = (map(), GridPrompt::place("lay", "tile"));
        let f = frame();
        let hand = Some(Area::new(400.0, 300.0, 80.0, 80.0));
        let mut g = GridInput::default();
        let (tx, ty) = centre([0, 1]);
        let mut all = Vec::new();
        for e in [
            PointerEvent::Down { x: 440.0, y: 340.0 },
            PointerEvent::Move { x: 300.0, y: 200.0 },
            PointerEvent::Move { x: tx, y: ty },
        ] {
            all.extend(g.event(e, &m, Some(&p), Some(0), &f, hand, 8.0, 20.0));
        }
        assert!(g.dragging());
        assert_eq!(g.pointer, Some((tx, ty)));
        all.extend(g.event(
            PointerEvent::Up { x: tx, y: ty },
            &m,
            Some(&p),
            Some(0),
            &f,
            hand,
            8.0,
            20.0,
        ));
        assert_eq!(all, [GridAction::Ghost([0, 1], 0)]);
        // Dragged from its cell and dropped on a closed one: refused, it stays.
        let (gx, gy) = centre([0, 1]);
        let mut all = Vec::new();
        for e in [
            PointerEvent::Down { x: gx, y: gy },
            PointerEvent::Move {
                x: gx + 150.0,
                y: gy + 150.0,
            },
            PointerEvent::Up {
                x: gx + 150.0,
                y: gy + 150.0,
            },
        ] {
            all.extend(g.event(e, &m, Some(&p), Some(0), &f, hand, 8.0, 20.0));
        }
        assert_eq!(all, [GridAction::Refused([2, 0], 0)]);
        assert_eq!(g.ghost, Some(([0, 1], 0)));
    }

    #[test]
    fn two_fingers_zoom_pan_and_twist_the_ghost_a_quarter_at_a_time() {
        let (m, p) = (map(), GridPrompt::place("lay", "tile"));
        let f = frame();
        let mut g = GridInput::default();
        tap(&mut g, &m, &p, centre([0, 1]));
        let ev = |g: &mut GridInput, e| g.event(e, &m, Some(&p), Some(0), &f, None, 8.0, 20.0);
        ev(&mut g, PointerEvent::Down { x: 100.0, y: 300.0 });
        ev(&mut g, PointerEvent::SecondDown { x: 200.0, y: 300.0 });
        assert!(g.pinching());
        // One finger moves out: the spread grows by half and the midpoint follows it.
        let out = ev(&mut g, PointerEvent::SecondMove { x: 250.0, y: 300.0 });
        assert_eq!(
            out,
            [
                GridAction::Pan(25.0, 0.0),
                GridAction::Zoom(1.5, 175.0, 300.0)
            ]
        );
        // Turn the pair clockwise on the screen by 60 degrees: one quarter clockwise.
        let (cx, cy) = (175.0, 300.0);
        let r = 75.0;
        let (s, c) = (60f32.to_radians().sin(), 60f32.to_radians().cos());
        let a1 = (cx - r * c, cy - r * s);
        let b1 = (cx + r * c, cy + r * s);
        ev(&mut g, PointerEvent::Move { x: a1.0, y: a1.1 });
        let out = ev(&mut g, PointerEvent::SecondMove { x: b1.0, y: b1.1 });
        assert!(out.contains(&GridAction::Ghost([0, 1], 1)), "{out:?}");
        // The second finger lifts: lifting the first is not a tap.
        ev(&mut g, PointerEvent::SecondUp);
        let out = ev(&mut g, PointerEvent::Up { x: a1.0, y: a1.1 });
        assert!(out.is_empty(), "{out:?}");
        assert_eq!(g.ghost, Some(([0, 1], 1)));
    }

    #[test]
    fn a_tap_on_a_spot_sends_it_and_a_tap_elsewhere_hints() {
        let mut m = map();
        m.legal.clear();
        m.spots = vec![
            MapSpot {
                cell: [0, 0],
                at: [0.5, 0.5],
                label: "road".into(),
                words: String::new(),
            },
            MapSpot {
                cell: [0, 0],
                at: [0.2, 0.8],
                label: "field".into(),
                words: String::new(),
            },
        ];
        let p = GridPrompt::spot("mark", "marker");
        let mut g = GridInput::default();
        let f = frame();
        let (sx, sy) = f.to_screen(0.21, 0.78);
        assert_eq!(
            tap(&mut g, &m, &p, (sx, sy)),
            [GridAction::Send(Move::decide(0, "mark", &[1]))]
        );
        assert!(matches!(
            tap(&mut g, &m, &p, (400.0, 400.0))[..],
            [GridAction::Hint(_)]
        ));
    }

    fn shoelace(points: &[[f32; 2]]) -> f32 {
        let n = points.len();
        (0..n)
            .map(|i| {
                let (p, q) = (points[i], points[(i + 1) % n]);
                p[0] * q[1] - q[0] * p[1]
            })
            .sum::<f32>()
            .abs()
            * 0.5
    }

    fn tri_area(t: &[[[f32; 2]; 3]]) -> f32 {
        t.iter()
            .map(|[a, b, c]| {
                ((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])).abs() * 0.5
            })
            .sum()
    }

    /// The app draws Carcassonne from its data alone: every polygon of every tile art (cities
    /// are concave) fills exactly, and the first tile is laid through the map's input.
    #[test]
    fn carcassonne_arts_fill_exactly_and_its_first_tile_is_laid_through_the_map() {
        use engine::core::seat::{default_seats, SeatKind};
        use engine::core::{ArtShape, Scene};
        let mut game = engine::games::carcassonne::new(&[], default_seats(2, SeatKind::Human), 5)
            .unwrap_or_else(|e| panic!("{e}"));
        let Scene::Map(m) = game.scene() else {
            panic!("Carcassonne starts on its map");
        };
        let mut polygons = 0;
        for (i, art) in m.arts.iter().enumerate() {
            for shape in &art.shapes {
                if let ArtShape::Polygon { points, .. } = shape {
                    let want = shoelace(points);
                    let got = tri_area(&triangulate(points));
                    assert!((want - got).abs() < 1e-4, "art {i}: {want} vs {got}");
                    polygons += 1;
                }
            }
        }
        assert!(polygons > 0);
        let p = game
            .grid_prompt()
            .unwrap_or_else(|| panic!("a place prompt first"));
        let open = m.legal.first().unwrap_or_else(|| panic!("an open cell"));
        let f = Frame::fit(m.bounds, Area::new(0.0, 0.0, 800.0, 600.0));
        let (x, y) = f.to_screen(open.cell[0] as f32 + 0.5, open.cell[1] as f32 + 0.5);
        let mut g = GridInput::default();
        let seat = game.turn();
        for e in [PointerEvent::Down { x, y }, PointerEvent::Up { x, y }] {
            g.event(e, &m, Some(&p), seat, &f, None, 8.0, 20.0);
        }
        let mv = g
            .confirm(&m, &p, seat.unwrap_or(0))
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(game.apply(&mv).is_ok(), "{mv:?}");
        let Scene::Map(after) = game.scene() else {
            panic!("still the map");
        };
        assert_eq!(after.tiles.len(), m.tiles.len() + 1);
    }

    #[test]
    fn polygons_are_filled_by_triangles_of_the_same_area_concave_ones_too() {
        let area = |t: &[[[f32; 2]; 3]]| -> f32 {
            t.iter()
                .map(|[a, b, c]| {
                    ((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])).abs() * 0.5
                })
                .sum()
        };
        let square = [[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]];
        let t = triangulate(&square);
        assert_eq!(t.len(), 2);
        assert!((area(&t) - 1.0).abs() < 1e-5);
        // An L, clockwise: area 3 of 4 unit squares.
        let l = [
            [0.0, 0.0],
            [0.0, 2.0],
            [1.0, 2.0],
            [1.0, 1.0],
            [2.0, 1.0],
            [2.0, 0.0],
        ];
        let t = triangulate(&l);
        assert_eq!(t.len(), 4);
        assert!((area(&t) - 3.0).abs() < 1e-5, "{}", area(&t));
        assert!(triangulate(&[[0.0, 0.0], [1.0, 1.0], [2.0, 2.0]]).is_empty());
        assert!(triangulate(&[[0.0, 0.0], [1.0, 1.0]]).is_empty());
    }
}
