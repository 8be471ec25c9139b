//! Warming the physics code up once, on the title screen, before any bot thinks.
//!
//! In the browser the first call of a wasm function compiles it (V8 compiles lazily), and the
//! physics path is large: the first physics step of a page cost one unit of 90–440 ms of a
//! Hard bot's first search (Castle, Carcassonne's round; a later search in the same page: 10 ms,
//! docs/benchmarks.md). Run here once, in a few pieces over a few frames after the first one,
//! that cost falls on a still title screen instead of a game frame. Nothing here touches a game
//! in play: throwaway tables only.

use engine::core::{Seat, SeatKind};
use engine::games::GAMES;
use engine::physics::{BodySpec, Part, Table, TableConfig};

/// The pieces of the warm-up, one a frame: `piece(i)` for i in 0..PIECES.
pub const PIECES: usize = 2 + GAMES.len();

/// How far the warm-up has gone: pieces done, and their time, ms.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Progress {
    pub done: usize,
    pub ms: f64,
}

/// Runs piece `i` of the warm-up (nothing for an `i` past the last).
pub fn piece(i: usize) {
    match i {
        0 => table(1, false),
        1 => table(8, true),
        _ => {
            if let Some(g) = GAMES.get(i - 2) {
                game_shot(g);
            }
        }
    }
}

/// A small table with every kind of body the games use (a floor, a fixed cup, a ball with CCD,
/// a thin rounded card, a block, a lever on a fulcrum), a throw, stepped for a second.
fn table(substeps: u32, lever: bool) {
    let mut t = Table::new(TableConfig::default());
    t.set_substeps(substeps);
    t.add_floor(-1.0, 1.0, 0.0, [0, 0, 0], 0);
    t.add(BodySpec::fixed(
        vec![
            Part::rect(0.03, 0.0015).at(0.0, 0.0015),
            Part::rect(0.0015, 0.03).at(-0.03, 0.03),
            Part::rect(0.0015, 0.03).at(0.03, 0.03),
        ],
        0.4,
        0.0,
    ));
    let ball = t.add(BodySpec::dynamic(vec![Part::circle(0.01)], -0.4, 0.05).ccd());
    t.add(BodySpec::dynamic(vec![Part::rect(0.03, 0.0004).rounded(0.0002)], 0.1, 0.05).angle(1.2));
    t.add(BodySpec::dynamic(vec![Part::rect(0.01, 0.01)], 0.2, 0.01));
    if lever {
        let tile = t.add(
            BodySpec::dynamic(vec![Part::rect(0.03, 0.003)], -0.2, 0.02)
                .fast_rotation()
                .ccd(),
        );
        t.apply_impulse_at(tile, 0.0, -0.002, -0.23, 0.02);
    }
    t.set_velocity(ball, 2.0, 1.5, 0.0);
    for _ in 0..60 {
        if t.step_frame() {
            break;
        }
    }
}

/// A game's own shot from a fresh two-seat game, when its game opens on a launch: the first of
/// its aim hints, simulated a few frames (the bots' candidate path).
fn game_shot(info: &engine::games::GameInfo) {
    if !info.available {
        return;
    }
    let seats = vec![Seat::new(0, SeatKind::Bot), Seat::new(1, SeatKind::Bot)];
    let Ok(game) = (info.new)(&[], seats, 1) else {
        return;
    };
    if game.launch_prompt().is_none() {
        return;
    }
    let Some(launch) = game.aim_hints().into_iter().next() else {
        return;
    };
    if let Ok(mut shot) = game.start_shot(&launch) {
        shot.hurry(3);
        for _ in 0..20 {
            if shot.step_frame() {
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_piece_runs_without_a_window() {
        for i in 0..PIECES + 1 {
            piece(i);
        }
    }
}
