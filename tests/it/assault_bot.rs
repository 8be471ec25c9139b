//! Assault's bots decide with reasons (`games::assault::bot`): positions where one decision
//! is clearly best and Normal and Hard take it every time (a random choice would not).

use engine::core::bot::{self, BotBudget};
use engine::core::seat::{default_seats, SeatKind};
use engine::core::{Game, Level, Move, Rng};
use engine::games::assault::bot as decide;
use engine::games::assault::rules::codec::Action;
use engine::games::assault::rules::Task;
use engine::games::assault::Assault;

/// A small search keeps the debug-build test quick.
fn budget() -> BotBudget {
    BotBudget {
        samples: 3,
        refinements: 2,
        ..BotBudget::default()
    }
}

fn game() -> Assault {
    Assault::new(&[], default_seats(2, SeatKind::Bot), 4).unwrap_or_else(|e| panic!("{e}"))
}

fn decisions(g: &Assault, level: Level) -> Vec<Action> {
    (0..8)
        .map(|s| {
            let mv: Move = bot::choose_at(g, level, &mut Rng::new(s), budget())
                .unwrap_or_else(|| panic!("no move at {level}"));
            Action::decode(&mv).unwrap_or_else(|e| panic!("{mv:?}: {e}"))
        })
        .collect()
}

fn design_named(g: &Assault, name: &str) -> usize {
    g.state
        .designs
        .iter()
        .position(|d| d.name == name)
        .unwrap_or_else(|| panic!("no {name} design"))
}

#[test]
fn normal_builds_four_separate_a_frames_and_hard_the_design_that_survives_dominoes() {
    let g = game();
    assert!(matches!(g.state.task(), Some(Task::Build { .. })));
    assert!(g.choices().len() >= 3, "{:?}", g.choices());
    let four_gates = design_named(&g, "Four Gates");
    let hall = design_named(&g, "Hall and Gate");
    for a in decisions(&g, Level::Normal) {
        assert_eq!(a, Action::Design(four_gates), "normal");
    }
    // Four Gates' frames stand 19 mm apart and fall together; Hall and Gate's gate stands
    // 59 mm from its hall and survives a throw that fells the hall.
    assert_eq!(
        decide::domino_groups(&g.state.designs[four_gates].cards),
        vec![8]
    );
    assert_eq!(
        decide::domino_groups(&g.state.designs[hall].cards),
        vec![6, 2]
    );
    for a in decisions(&g, Level::Hard) {
        assert_eq!(a, Action::Design(hall), "hard");
    }
}

#[test]
fn hard_builds_four_gates_when_the_hall_and_its_gate_would_fall_together() {
    let mut g = game();
    let four_gates = design_named(&g, "Four Gates");
    let hall = design_named(&g, "Hall and Gate");
    // The same Hall and Gate with its gate moved next to the hall (9 mm between their feet):
    // one domino group, so Four Gates' higher rating wins again.
    for c in g.state.designs[hall].cards.iter_mut().skip(6) {
        c[0] -= 500;
    }
    assert_eq!(decide::domino_groups(&g.state.designs[hall].cards), vec![8]);
    for a in decisions(&g, Level::Hard) {
        assert_eq!(a, Action::Design(four_gates), "hard");
    }
}

/// Plays bot moves until every castle stands and the first turn is on.
fn built() -> Assault {
    let mut g = game();
    for s in 0..200 {
        if matches!(
            g.state.task(),
            Some(Task::Aim { .. }) | Some(Task::StartTurn { .. })
        ) {
            return g;
        }
        let mv = bot::choose_at(&g, Level::Normal, &mut Rng::new(s), budget())
            .unwrap_or_else(|| panic!("no move"));
        g.apply(&mv).unwrap_or_else(|e| panic!("{e}"));
    }
    panic!("the castles were never built");
}

#[test]
fn the_great_tower_goes_on_the_side_the_throws_come_from() {
    let mut g = built();
    g.state.tasks.push_front(Task::Tower { seat: 0 });
    let spots = g.state.tower_spots(0);
    assert_eq!(spots.len(), 2, "{spots:?}");
    // Seat 1's mat lies to the right of seat 0's: the right-hand spot shields.
    let right = spots.iter().copied().max().unwrap_or(0);
    for level in [Level::Normal, Level::Hard] {
        for a in decisions(&g, level) {
            assert_eq!(a, Action::Tower(right), "{level}");
        }
    }
}

#[test]
fn ruins_are_kept_and_the_gods_give_trebuchets() {
    let mut g = built();
    g.state.tasks.push_front(Task::Ruins { seat: 0 });
    for level in [Level::Normal, Level::Hard] {
        assert!(decisions(&g, level).iter().all(|a| *a == Action::RuinsKeep));
    }
    let mut g = built();
    g.state.tasks.push_front(Task::Gods { seat: 0 });
    for level in [Level::Normal, Level::Hard] {
        assert!(decisions(&g, level)
            .iter()
            .all(|a| *a == Action::GodsTrebuchet));
    }
}

#[test]
fn a_reinforcement_leans_a_new_pair_and_hard_settles_it_first() {
    let mut g = built();
    // Two building cards in hand to reinforce with (Restoration).
    let cards: Vec<u32> = (0..2)
        .filter_map(|_| g.state.building.cards.pop())
        .collect();
    assert_eq!(cards.len(), 2);
    g.state.players[0].hand = cards;
    g.state.tasks.push_front(Task::LetGo {
        seat: 0,
        build: false,
    });
    g.state.tasks.push_front(Task::Place {
        seat: 0,
        why: engine::games::assault::rules::Why::Restoration,
    });
    let offered: Vec<Action> = g
        .choices()
        .iter()
        .filter_map(|c| Action::decode(&c.mv).ok())
        .collect();
    // (Four Gates fills the mat: the pairs offered lean on the gates' floors.)
    assert!(
        offered.iter().any(|a| matches!(a, Action::Pair { .. })),
        "{offered:?}"
    );
    for a in decisions(&g, Level::Normal) {
        assert!(matches!(a, Action::Pair { .. }), "{a:?}");
    }
    // Hard plays each reinforcement out (the let-go settled) before it chooses, and never
    // sends its cards back unused.
    for a in decisions(&g, Level::Hard).into_iter().take(2) {
        assert!(a != Action::Done, "Hard: {a:?}");
    }
}
