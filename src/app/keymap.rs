//! The tile map by keys, without a window: the arrows move the tile in hand to the nearest lit
//! cell that way, R (or Q/E) turns it through the turns that fit, Place (Space or Enter) lays
//! it; then the arrows pick one of the offered spots and Place puts the follower there. The
//! moves are the ones a tap makes (`GridPrompt::place_move`, `GridPrompt::spot_move`).

use super::grid::{next_rotation, GridInput};
use super::keyplace::nearest_in_direction;
use super::switch::lit_at;
use engine::core::scene::{Cell, GridPrompt, GridStep, TileMapView};
use engine::core::Move;

/// A key on the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapKey {
    Left,
    Right,
    Up,
    Down,
    /// Turn the tile clockwise (R, E) or back (Q).
    Turn,
    TurnBack,
    /// Lay the tile or put the follower on the picked spot (Space, Enter).
    Place,
}

/// What a key asks of the map.
#[derive(Clone, Debug, PartialEq)]
pub enum MapStep {
    /// The tile in hand now lies here (not laid yet).
    Ghost(Cell, u8),
    /// This spot is picked (not sent yet).
    Spot(usize),
    /// Send this move (the tile laid, or the follower put).
    Send(Move),
    /// Go without a follower (the screen's own button).
    Skip,
    /// Nothing moved (nothing lit that way).
    Nothing,
}

fn centre(c: Cell) -> [f32; 2] {
    [c[0] as f32 + 0.5, c[1] as f32 + 0.5]
}

/// The lit cell to start from: the one nearest the middle of the map.
fn first_cell(map: &TileMapView) -> Option<Cell> {
    let mid = [
        (map.bounds[0] + map.bounds[2]) * 0.5,
        (map.bounds[1] + map.bounds[3]) * 0.5,
    ];
    let centres: Vec<[f32; 2]> = map.legal.iter().map(|l| centre(l.cell)).collect();
    super::keyplace::nearest(&centres, mid).map(|i| map.legal[i].cell)
}

/// Where each offered spot is on the map (map units).
fn spot_points(map: &TileMapView) -> Vec<[f32; 2]> {
    map.spots.iter().map(|s| map.on_map(s.cell, s.at)).collect()
}

/// One key on the map for `seat` at this prompt step; updates the ghost or the picked spot.
pub fn key(
    g: &mut GridInput,
    map: &TileMapView,
    prompt: &GridPrompt,
    seat: usize,
    key: MapKey,
) -> MapStep {
    match prompt.step {
        GridStep::Place => place_key(g, map, prompt, seat, key),
        GridStep::Spot => spot_key(g, map, prompt, seat, key),
    }
}

fn direction(key: MapKey) -> Option<(f32, f32)> {
    // Map y grows upward on the screen, as the side view's y does.
    match key {
        MapKey::Left => Some((-1.0, 0.0)),
        MapKey::Right => Some((1.0, 0.0)),
        MapKey::Up => Some((0.0, 1.0)),
        MapKey::Down => Some((0.0, -1.0)),
        _ => None,
    }
}

fn place_key(
    g: &mut GridInput,
    map: &TileMapView,
    prompt: &GridPrompt,
    seat: usize,
    key: MapKey,
) -> MapStep {
    let Some((cell, r)) = g.ghost.filter(|(c, _)| !map.rotations_at(*c).is_empty()) else {
        // Any key first puts the tile on a lit cell, turned the first way that fits.
        let Some(c) = first_cell(map) else {
            return MapStep::Nothing;
        };
        let r = map.rotations_at(c).first().copied().unwrap_or(0);
        g.ghost = Some((c, r));
        return MapStep::Ghost(c, r);
    };
    let fits = map.rotations_at(cell);
    match key {
        MapKey::Place => MapStep::Send(prompt.place_move(seat, cell, r)),
        MapKey::Turn | MapKey::TurnBack => {
            let n = next_rotation(fits, r, key == MapKey::TurnBack).unwrap_or(r);
            g.ghost = Some((cell, n));
            MapStep::Ghost(cell, n)
        }
        arrow => {
            let Some(dir) = direction(arrow) else {
                return MapStep::Nothing;
            };
            let centres: Vec<[f32; 2]> = map.legal.iter().map(|l| centre(l.cell)).collect();
            let Some(i) = nearest_in_direction(&centres, centre(cell), dir) else {
                return MapStep::Nothing;
            };
            let to = map.legal[i].cell;
            let fits = map.rotations_at(to);
            let n = if fits.contains(&r) {
                r
            } else {
                fits.first().copied().unwrap_or(0)
            };
            g.ghost = Some((to, n));
            MapStep::Ghost(to, n)
        }
    }
}

fn spot_key(
    g: &mut GridInput,
    map: &TileMapView,
    prompt: &GridPrompt,
    seat: usize,
    key: MapKey,
) -> MapStep {
    let points = spot_points(map);
    let Some(at) = g.spot.filter(|&i| i < points.len()) else {
        if points.is_empty() {
            return MapStep::Nothing;
        }
        g.spot = Some(0);
        return MapStep::Spot(0);
    };
    match key {
        MapKey::Place => MapStep::Send(prompt.spot_move(seat, at)),
        MapKey::Turn => {
            g.spot = Some((at + 1) % points.len());
            MapStep::Spot((at + 1) % points.len())
        }
        MapKey::TurnBack => {
            let n = (at + points.len() - 1) % points.len();
            g.spot = Some(n);
            MapStep::Spot(n)
        }
        arrow => {
            let Some(dir) = direction(arrow) else {
                return MapStep::Nothing;
            };
            match nearest_in_direction(&points, points[at], dir) {
                Some(i) => {
                    g.spot = Some(i);
                    MapStep::Spot(i)
                }
                None => MapStep::Nothing,
            }
        }
    }
}

/// One-switch scanning on the map, one frame of `dt` seconds, each item lit `dwell` seconds:
/// the lit cells one after another (the tile shown there), then, once a cell is kept, the turns
/// that fit there; at the spot step the spots and then going without (when `skip` is offered).
/// Returns what is lit now when it changed.
pub fn switch_tick(
    g: &mut GridInput,
    map: &TileMapView,
    prompt: &GridPrompt,
    (dt, dwell): (f32, f32),
    skip: bool,
) -> Option<MapStep> {
    if dt.is_finite() && dt > 0.0 {
        g.scan_t += dt.min(0.25);
    }
    match prompt.step {
        GridStep::Place => {
            let (cell, r) = if g.cell_kept {
                let (cell, r) = g.ghost?;
                let fits = map.rotations_at(cell);
                let i = lit_at(fits.len(), g.scan_t, dwell)?;
                (cell, fits.get(i).copied().unwrap_or(r))
            } else {
                let i = lit_at(map.legal.len(), g.scan_t, dwell)?;
                let l = &map.legal[i];
                (l.cell, l.rotations.first().copied().unwrap_or(0))
            };
            if g.ghost == Some((cell, r)) {
                return None;
            }
            g.ghost = Some((cell, r));
            Some(MapStep::Ghost(cell, r))
        }
        GridStep::Spot => {
            let i = lit_at(map.spots.len() + skip as usize, g.scan_t, dwell)?;
            if g.spot == Some(i) {
                return None;
            }
            g.spot = Some(i);
            Some(MapStep::Spot(i))
        }
    }
}

/// The one switch pressed on the map: keep the lit cell (its turns are scanned next), lay the
/// tile turned the lit way, put the follower on the lit spot, or go without (`Skip`).
pub fn switch_press(
    g: &mut GridInput,
    map: &TileMapView,
    prompt: &GridPrompt,
    seat: usize,
) -> MapStep {
    match prompt.step {
        GridStep::Place => match g.ghost {
            Some((cell, r)) if map.rotations_at(cell).contains(&r) => {
                if g.cell_kept {
                    MapStep::Send(prompt.place_move(seat, cell, r))
                } else {
                    g.cell_kept = true;
                    // The turn scan starts at the turn shown.
                    let fits = map.rotations_at(cell);
                    let at = fits.iter().position(|f| *f == r).unwrap_or(0);
                    g.scan_t = 0.0;
                    g.ghost = Some((cell, fits[(at) % fits.len()]));
                    MapStep::Ghost(cell, r)
                }
            }
            _ => MapStep::Nothing,
        },
        GridStep::Spot => match g.spot {
            Some(i) if i < map.spots.len() => MapStep::Send(prompt.spot_move(seat, i)),
            Some(_) => MapStep::Skip,
            None => MapStep::Nothing,
        },
    }
}

/// A second switch (Backspace): back from scanning the turns to scanning the cells.
pub fn switch_back(g: &mut GridInput) {
    g.cell_kept = false;
    g.scan_t = 0.0;
}

/// How far to move the view (screen pixels, as `Camera::pan_by` takes them) so that the point
/// (sx, sy) lies inside `area` with `margin` to spare; (0, 0) when it is already inside.
pub fn pan_to_show(
    (sx, sy): (f32, f32),
    (x, y, w, h): (f32, f32, f32, f32),
    margin: f32,
) -> (f32, f32) {
    let m = margin.min(w * 0.5).min(h * 0.5).max(0.0);
    let dx = if sx < x + m {
        x + m - sx
    } else if sx > x + w - m {
        x + w - m - sx
    } else {
        0.0
    };
    let dy = if sy < y + m {
        y + m - sy
    } else if sy > y + h - m {
        y + h - m - sy
    } else {
        0.0
    };
    (dx, dy)
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::core::scene::{LegalCell, MapSpot};

    fn map() -> TileMapView {
        TileMapView {
            tiles: Vec::new(),
            arts: Vec::new(),
            legal: vec![
                LegalCell {
                    cell: [0, 0],
                    rotations: vec![0, 2],
                },
                LegalCell {
                    cell: [2, 0],
                    rotations: vec![1],
                },
                LegalCell {
                    cell: [0, 1],
                    rotations: vec![0, 1, 2, 3],
                },
            ],
            in_hand: None,
            pieces: Vec::new(),
            spots: Vec::new(),
            last: None,
            bounds: [0.0, 0.0, 1.0, 1.0],
        }
    }

    #[test]
    fn arrows_go_to_the_nearest_lit_cell_that_way_keeping_a_turn_that_fits() {
        let m = map();
        let p = GridPrompt::place("place", "tile");
        let mut g = GridInput::default();
        assert_eq!(
            key(&mut g, &m, &p, 0, MapKey::Right),
            MapStep::Ghost([0, 0], 0)
        );
        assert_eq!(
            key(&mut g, &m, &p, 0, MapKey::Turn),
            MapStep::Ghost([0, 0], 2)
        );
        assert_eq!(
            key(&mut g, &m, &p, 0, MapKey::Up),
            MapStep::Ghost([0, 1], 2)
        );
        assert_eq!(key(&mut g, &m, &p, 0, MapKey::Up), MapStep::Nothing);
        assert_eq!(
            key(&mut g, &m, &p, 0, MapKey::Down),
            MapStep::Ghost([0, 0], 2)
        );
        assert_eq!(
            key(&mut g, &m, &p, 0, MapKey::Right),
            MapStep::Ghost([2, 0], 1),
            "the first turn that fits when the old one does not"
        );
        assert_eq!(
            key(&mut g, &m, &p, 0, MapKey::TurnBack),
            MapStep::Ghost([2, 0], 1)
        );
        assert_eq!(
            key(&mut g, &m, &p, 1, MapKey::Place),
            MapStep::Send(p.place_move(1, [2, 0], 1)),
            "the tap's own move"
        );
    }

    #[test]
    fn spots_are_picked_by_arrows_or_in_turn_and_sent_as_a_tap_sends_them() {
        let mut m = map();
        m.spots = vec![
            MapSpot {
                cell: [0, 0],
                at: [0.5, 0.5],
                label: "city".into(),
                words: String::new(),
            },
            MapSpot {
                cell: [0, 0],
                at: [0.9, 0.5],
                label: "road".into(),
                words: String::new(),
            },
        ];
        let p = GridPrompt::spot("follower", "follower");
        let mut g = GridInput::default();
        assert_eq!(key(&mut g, &m, &p, 0, MapKey::Place), MapStep::Spot(0));
        assert_eq!(key(&mut g, &m, &p, 0, MapKey::Right), MapStep::Spot(1));
        assert_eq!(key(&mut g, &m, &p, 0, MapKey::Right), MapStep::Nothing);
        assert_eq!(key(&mut g, &m, &p, 0, MapKey::Turn), MapStep::Spot(0));
        assert_eq!(key(&mut g, &m, &p, 0, MapKey::TurnBack), MapStep::Spot(1));
        assert_eq!(
            key(&mut g, &m, &p, 0, MapKey::Place),
            MapStep::Send(p.spot_move(0, 1))
        );
    }

    #[test]
    fn one_switch_scans_cells_then_turns_then_lays_with_the_taps_move() {
        let m = map();
        let p = GridPrompt::place("place", "tile");
        let mut g = GridInput::default();
        assert_eq!(
            switch_tick(&mut g, &m, &p, (0.1, 1.0), true),
            Some(MapStep::Ghost([0, 0], 0))
        );
        assert_eq!(switch_tick(&mut g, &m, &p, (0.1, 1.0), true), None);
        for _ in 0..10 {
            switch_tick(&mut g, &m, &p, (0.1, 1.0), true);
        }
        assert_eq!(
            g.ghost,
            Some(([2, 0], 1)),
            "the second lit cell after a second"
        );
        for _ in 0..10 {
            switch_tick(&mut g, &m, &p, (0.1, 1.0), true);
        }
        assert_eq!(g.ghost, Some(([0, 1], 0)));
        assert_eq!(switch_press(&mut g, &m, &p, 0), MapStep::Ghost([0, 1], 0));
        for _ in 0..25 {
            switch_tick(&mut g, &m, &p, (0.1, 1.0), true);
        }
        assert_eq!(
            g.ghost,
            Some(([0, 1], 2)),
            "the turns that fit, one a second"
        );
        assert_eq!(
            switch_press(&mut g, &m, &p, 3),
            MapStep::Send(p.place_move(3, [0, 1], 2))
        );
        switch_back(&mut g);
        assert!(!g.cell_kept);
    }

    #[test]
    fn one_switch_scans_the_spots_and_then_going_without() {
        let mut m = map();
        m.spots = vec![MapSpot {
            cell: [0, 0],
            at: [0.5, 0.5],
            label: "city".into(),
            words: String::new(),
        }];
        let p = GridPrompt::spot("follower", "follower");
        let mut g = GridInput::default();
        switch_tick(&mut g, &m, &p, (0.1, 1.0), true);
        assert_eq!(
            switch_press(&mut g, &m, &p, 0),
            MapStep::Send(p.spot_move(0, 0))
        );
        for _ in 0..10 {
            switch_tick(&mut g, &m, &p, (0.1, 1.0), true);
        }
        assert_eq!(switch_press(&mut g, &m, &p, 0), MapStep::Skip);
    }

    #[test]
    fn the_view_moves_just_enough_to_show_the_picked_cell() {
        let area = (0.0, 0.0, 100.0, 50.0);
        assert_eq!(pan_to_show((50.0, 25.0), area, 10.0), (0.0, 0.0));
        assert_eq!(pan_to_show((120.0, 25.0), area, 10.0), (-30.0, 0.0));
        assert_eq!(pan_to_show((50.0, -5.0), area, 10.0), (0.0, 15.0));
    }
}
