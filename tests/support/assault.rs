//! Shared Assault fixtures for the integration tests (`#[path]`-included, not a test target).
#![allow(dead_code)]

use catapult_table::core::{Game, Launch, LaunchKind, Move, Outcome};
use catapult_table::games::assault::rules::{Siege, Task};
use catapult_table::games::assault::Assault;

pub fn play(g: &mut Assault, mv: Move) {
    if let Err(e) = g.apply(&mv) {
        panic!("{mv:?} refused in {}: {e}", g.phase());
    }
}

pub fn let_go() -> Launch {
    Launch {
        kind: LaunchKind::Release,
        ..Launch::default()
    }
}

pub fn simulate(g: &Assault, l: &Launch) -> Outcome {
    match g.start_shot(l) {
        Ok(mut s) => s.run_to_rest(),
        Err(e) => panic!("{l:?} refused: {e}"),
    }
}

/// Every seat builds `design` through the real let-go (simulated); the siege deck is stacked with
/// `deck` before the last castle stands.
pub fn build_all(g: &mut Assault, design: i64, deck: &[Siege]) {
    while let Some(Task::Build { seat, .. }) = g.state.task() {
        play(g, Move::decide(seat, "design", &[design]));
        play(g, Move::decide(seat, "done", &[]));
        if !g
            .state
            .tasks
            .iter()
            .any(|t| matches!(t, Task::Build { .. }))
        {
            for c in deck.iter().rev() {
                g.state.siege.cards.push(*c);
            }
        }
        let o = simulate(g, &let_go());
        play(
            g,
            Move {
                outcome: Some(o),
                ..Move::shot(seat, let_go())
            },
        );
        assert!(
            g.state.players[seat].built,
            "design {design} did not stand for seat {seat}"
        );
    }
}
