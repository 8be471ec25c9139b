//! A refused Feud move changes nothing, even one that does several things at once ("place my
//! soldiers", "build the rest"): found by the long move fuzzer (`feud seed 3539354444: the refused
//! move auto_soldiers changed the game`), after 92,211 of 10⁵ games.

use engine::core::seat::{default_seats, SeatKind};
use engine::core::{Game, Move, Rng};
use engine::games::feud::rules::geometry as geo;
use engine::games::feud::rules::setup::FROM_ABOVE;
use engine::games::feud::rules::{Action, Phase};
use engine::games::feud::Feud;

fn try_act(g: &mut Feud, seat: usize, a: Action) -> bool {
    g.apply(&a.encode(seat)).is_ok()
}

/// A game whose first fortress is dropped piece by piece at random spots (the rest built by
/// "build the rest"), standing, catapults placed, and a few soldiers posted at random: crowded
/// boards where the automatic soldiers can run out of room. None when the seed's fortress could
/// not be finished.
fn crowded(seed: u64) -> Option<Feud> {
    let mut rng = Rng::new(seed);
    let mut g = Feud::create(default_seats(2, SeatKind::Human), seed).ok()?;
    for seat in 0..2 {
        let (l, r) = geo::board_span(seat);
        for _ in 0..rng.below(40) {
            let x = rng.range(l, r);
            let a = [0, 900][rng.below(2) as usize];
            try_act(
                &mut g,
                seat,
                Action::Place {
                    x,
                    y: FROM_ABOVE,
                    a,
                },
            );
        }
        if g.state.players[seat].blocks_on_table() < 17 {
            let before = format!("{:?}", g.state);
            if !try_act(&mut g, seat, Action::AutoBuild) {
                assert!(
                    format!("{:?}", g.state) == before,
                    "seed {seed}: a refused \"build the rest\" changed the game"
                );
                return None;
            }
        }
        if !try_act(&mut g, seat, Action::Done) {
            return None;
        }
        g.apply(&Move::outcome_only(seat, Vec::new())).ok()?;
    }
    try_act(&mut g, 0, Action::Done);
    try_act(&mut g, 1, Action::Done);
    if g.state.phase != (Phase::Soldiers { seat: 0 }) {
        return None;
    }
    let (l, r) = geo::board_span(0);
    // Soldiers at random, leaving two or more in hand.
    for _ in 0..rng.below(60) {
        if g.state.players[0]
            .soldiers
            .iter()
            .filter(|s| s.pose().is_none())
            .count()
            <= 2
        {
            break;
        }
        let x = rng.range(l, r);
        try_act(
            &mut g,
            0,
            Action::Soldier {
                x,
                y: FROM_ABOVE,
                a: 0,
            },
        );
    }
    Some(g)
}

#[test]
fn regress_a_refused_auto_soldiers_leaves_the_game_as_it_was() {
    // Seeds 577, 1025, 1245 and 1251 run out of room after placing a soldier or two (found by
    // trying the first 5,000); the first 200 add boards that refuse at once or not at all.
    let mut refusals = 0;
    for seed in (0..200).chain([577, 1025, 1245, 1251]) {
        let Some(mut g) = crowded(seed) else {
            continue;
        };
        let in_hand = g.state.players[0]
            .soldiers
            .iter()
            .filter(|s| s.pose().is_none());
        let several = in_hand.count() >= 2;
        let before = format!("{:?}", g.state);
        if g.apply(&Action::AutoSoldiers.encode(0)).is_err() && several {
            refusals += 1;
            assert!(
                format!("{:?}", g.state) == before,
                "seed {seed}: a refused auto_soldiers changed the game"
            );
        }
    }
    assert!(
        refusals >= 4,
        "only {refusals} crowded boards refused the automatic soldiers"
    );
}
