//! Bots never read hidden information: in every game with a hidden part (Feud's hands and decks,
//! Assault's siege and building decks, Carcassonne's tile pile; Castle's is in bot_levels.rs), a
//! position whose hidden part is changed gets the same bot decision at every level.

use engine::core::bot::{self, BotBudget};
use engine::core::seat::{default_seats, SeatKind};
use engine::core::{Game, Level, Move, Rng};
use engine::games::assault::Assault;
use engine::games::carcassonne::rules::{Catalog, Options, State as CarcState};
use engine::games::carcassonne::Carcassonne;
use engine::games::feud::Feud;

/// A small search keeps the debug-build test quick.
fn budget() -> BotBudget {
    BotBudget {
        samples: 3,
        refinements: 2,
        ..BotBudget::default()
    }
}

/// Plays `game` with Normal bots for up to `steps` moves; at every decision (no shot on offer)
/// compares the bots' choice at every level with the one on `hide_otherwise(game, seat)`.
/// Returns how many decisions were compared.
fn compare_decisions<G: Game + Clone>(
    mut g: G,
    steps: u64,
    hide_otherwise: impl Fn(&G, usize) -> G,
    hidden: impl Fn(&G) -> String,
) -> usize {
    let mut compared = 0;
    for step in 0..steps {
        let Some(me) = g.turn() else { break };
        if g.launch_prompt().is_none() {
            let other = hide_otherwise(&g, me);
            assert_ne!(
                hidden(&other),
                hidden(&g),
                "step {step}: the hidden part changed"
            );
            for level in Level::ALL {
                let a = bot::choose_at(&g, level, &mut Rng::new(step), budget());
                let b = bot::choose_at(&other, level, &mut Rng::new(step), budget());
                assert_eq!(a, b, "step {step} at {level}");
            }
            compared += 1;
        }
        let mv: Move = bot::choose_at(&g, Level::Normal, &mut Rng::new(step + 100), budget())
            .unwrap_or_else(|| panic!("no move at step {step}"));
        g.apply(&mv).unwrap_or_else(|e| panic!("step {step}: {e}"));
    }
    compared
}

#[test]
fn a_feud_bot_decision_does_not_depend_on_the_other_hand_or_the_decks() {
    let g = Feud::create(default_seats(2, SeatKind::Bot), 7).unwrap_or_else(|e| panic!("{e}"));
    let compared = compare_decisions(
        g,
        40,
        |g, me| {
            let mut h = g.clone();
            for (s, p) in h.state.players.iter_mut().enumerate() {
                p.deck.cards.reverse();
                if s != me {
                    // Each card of the other hand swapped for one from the bottom of its deck.
                    for c in p.hand.iter_mut() {
                        if !p.deck.cards.is_empty() {
                            let bottom = p.deck.cards.remove(0);
                            p.deck.cards.push(std::mem::replace(c, bottom));
                        }
                    }
                }
            }
            h
        },
        |g| {
            let p = &g.state.players;
            format!(
                "{:?}{:?}{:?}{:?}",
                p[0].deck, p[1].deck, p[0].hand, p[1].hand
            )
        },
    );
    assert!(compared >= 5, "only {compared} decisions compared");
}

#[test]
fn an_assault_bot_decision_does_not_depend_on_the_order_of_the_decks() {
    let g = Assault::new(&[], default_seats(2, SeatKind::Bot), 3).unwrap_or_else(|e| panic!("{e}"));
    let compared = compare_decisions(
        g,
        30,
        |g, _| {
            let mut h = g.clone();
            h.state.siege.cards.reverse();
            h.state.building.cards.reverse();
            h
        },
        |g| format!("{:?}{:?}", g.state.siege.cards, g.state.building.cards),
    );
    assert!(compared >= 5, "only {compared} decisions compared");
}

#[test]
fn a_carcassonne_bot_decision_does_not_depend_on_the_order_of_the_pile() {
    let pile = Catalog::embedded()
        .unwrap_or_else(|e| panic!("{e}"))
        .pile(true);
    // The same tile drawn first, the rest of the pile in another order.
    let mut other = pile.clone();
    other[1..].reverse();
    assert_ne!(pile, other);
    let game = |order: &[u8]| {
        let (state, _) =
            CarcState::with_pile(2, Options::default(), order).unwrap_or_else(|e| panic!("{e}"));
        Carcassonne::from_state(state, default_seats(2, SeatKind::Bot), 5)
    };
    let (a, b) = (game(&pile), game(&other));
    for level in Level::ALL {
        for seed in 0..3 {
            let x = bot::choose_at(&a, level, &mut Rng::new(seed), budget());
            let y = bot::choose_at(&b, level, &mut Rng::new(seed), budget());
            assert!(x.is_some(), "{level}: no move");
            assert_eq!(x, y, "{level}, seed {seed}");
        }
    }
}
