//! Shared Assault fixtures for the integration tests (`crate::support::assault`).
#![allow(dead_code)]

use engine::core::{Event, Game, Launch, LaunchKind, Move, Outcome};
use engine::games::assault::rules::{self, Siege, Task};
use engine::games::assault::Assault;

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

/// A ready-made design's number by its name (-1, which the rules refuse, when there is none).
pub fn design(name: &str) -> i64 {
    rules::designs()
        .unwrap_or_default()
        .iter()
        .position(|d| d.name == name)
        .map(|k| k as i64)
        .unwrap_or(-1)
}

/// Stacks the siege deck so that `cards[0]` is drawn first.
pub fn stack(g: &mut Assault, cards: &[Siege]) {
    for c in cards.iter().rev() {
        g.state.siege.cards.push(*c);
    }
}

/// Every seat builds `design` and lets go as `let_go` plays it (the seat's events returned); the
/// siege deck is stacked with `deck` before the last castle stands.
pub fn build_every_castle(
    g: &mut Assault,
    design: i64,
    deck: &[Siege],
    mut let_go: impl FnMut(&mut Assault, usize) -> Vec<Event>,
) -> Vec<Event> {
    let mut events = Vec::new();
    while let Some(Task::Build { seat, .. }) = g.state.task() {
        play(g, Move::decide(seat, "design", &[design]));
        play(g, Move::decide(seat, "done", &[]));
        if !g
            .state
            .tasks
            .iter()
            .any(|t| matches!(t, Task::Build { .. }))
        {
            stack(g, deck);
        }
        events.extend(let_go(g, seat));
    }
    events
}

/// Every seat builds `design` through the real let-go (simulated), which must stand.
pub fn build_all(g: &mut Assault, design: i64, deck: &[Siege]) {
    build_every_castle(g, design, deck, |g, seat| {
        let o = simulate(g, &let_go());
        let mv = Move {
            outcome: Some(o),
            ..Move::shot(seat, let_go())
        };
        let events = g
            .apply(&mv)
            .unwrap_or_else(|e| panic!("{mv:?} refused in {}: {e}", g.phase()));
        assert!(
            g.state.players[seat].built,
            "design {design} did not stand for seat {seat}"
        );
        events
    });
}
