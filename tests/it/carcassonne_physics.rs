//! The catapult's hurls in physics: the side view along the aimed line maps back onto the map,
//! a follower in the token's path is reported touched, nothing is lost off the table, and the
//! same launch always gives the same facts and hash. Catch: the hand and the board.

use engine::core::seat::{default_seats, SeatKind};
use engine::core::{Game, Launch, LaunchKind, Move, Outcome};
use engine::games::carcassonne::rules::catapult::{Hurl, FACT_LOST, FACT_REST, FACT_TOUCHED};
use engine::games::carcassonne::rules::tokens::CatchOutcome;
use engine::games::carcassonne::rules::{
    Action, Catalog, FeatureKind, Options, RoundAction, State, Token,
};
use engine::games::carcassonne::table::Line;
use engine::games::carcassonne::Carcassonne;

fn kind(id: &str) -> u8 {
    Catalog::embedded()
        .ok()
        .and_then(|c| c.find(id))
        .unwrap_or_else(|| panic!("no tile {id}"))
}

/// Cloisters in a row south of the start (x = -2..=2, y = -1) and a second row (y = -2, x = -2,
/// -1, 1, 2), monks of seat 1 on the tiles `monks` (tile numbers); the fair tile C06 fills
/// (0, -2). The round has begun with `token` chosen and, for the map kinds, the hurler aims at
/// tile `aim`.
fn game(token: Token, monks: &[u16], aim: u16) -> Carcassonne {
    let b01 = kind("B01");
    let mut tiles: Vec<(u8, i32, i32, u8)> =
        [0, -1, 1, -2, 2].iter().map(|&x| (b01, x, -1, 0)).collect();
    tiles.extend([-2, -1, 1, 2].iter().map(|&x| (b01, x, -2, 0)));
    let monk = Catalog::embedded()
        .ok()
        .and_then(|c| {
            c.kind(b01)
                .segments
                .iter()
                .position(|s| s.kind == FeatureKind::Cloister)
        })
        .unwrap_or(0) as u8;
    let followers: Vec<(usize, u16, u8)> = monks.iter().map(|&t| (1, t, monk)).collect();
    let (mut s, _) = State::with_layout(
        2,
        Options::catapult(),
        &tiles,
        &followers,
        &[kind("C06"), kind("B24")],
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let act = |s: &mut State, a: Action| {
        let seat = s.turn().unwrap_or(0);
        s.apply(seat, a).unwrap_or_else(|e| panic!("{e}"));
    };
    act(
        &mut s,
        Action::Place {
            x: 0,
            y: -2,
            rot: 0,
        },
    );
    act(&mut s, Action::Skip);
    act(&mut s, Action::Round(RoundAction::Choose(token)));
    if token != Token::Catch {
        act(&mut s, Action::Round(RoundAction::Aim { tile: aim }));
    }
    Carcassonne::from_state(s, default_seats(2, SeatKind::Bot), 1)
}

fn launch(angle: i32, power: i32) -> Launch {
    Launch {
        kind: LaunchKind::Catapult,
        angle,
        power,
        ..Launch::default()
    }
}

fn shoot(g: &Carcassonne, l: &Launch) -> Outcome {
    g.start_shot(l)
        .unwrap_or_else(|e| panic!("{e}"))
        .run_to_rest()
}

fn rest_of(o: &Outcome) -> Option<[i64; 2]> {
    o.all(FACT_REST).next().map(|f| [f.args[0], f.args[1]])
}

#[test]
fn a_token_aimed_along_a_line_lands_on_that_line_and_farther_with_more_power() {
    // Aim at the cloister at (2, -1), tile 5: a line to the north-east.
    let g = game(Token::KnockOut, &[], 5);
    let r = g
        .state()
        .round()
        .cloned()
        .unwrap_or_else(|| panic!("a round"));
    let aim = r.aim.unwrap_or_else(|| panic!("aimed"));
    let line = Line::new(r.catapult, aim);
    let mut last = 0.0f32;
    for power in [0, 40, 80, 120, 160] {
        let o = shoot(&g, &launch(450, power));
        let p = rest_of(&o).unwrap_or_else(|| panic!("power {power}: {o:?}"));
        let (along, across) = line.local([p[0] as f32, p[1] as f32]);
        assert!(
            across.abs() <= 1.0,
            "power {power}: {across} mm off the line"
        );
        assert!(along > last, "power {power}: {along} mm, not beyond {last}");
        last = along;
    }
}

#[test]
fn a_follower_in_the_tokens_path_is_touched_and_knocked_out() {
    // Seat 1's monk on tile 1 (0, -1); aim straight at it from the catapult south of the map.
    let g = game(Token::KnockOut, &[1], 1);
    let hit = (0..=400).step_by(10).find_map(|power| {
        let o = shoot(&g, &launch(300, power));
        o.has(FACT_TOUCHED).then_some((power, o))
    });
    let (power, o) = hit.unwrap_or_else(|| panic!("no power touches the monk on the line"));
    assert_eq!(
        o.all(FACT_TOUCHED).next().map(|f| f.args.clone()),
        Some(vec![0])
    );
    let mut after = g.clone();
    after
        .apply(&Move {
            outcome: Some(o),
            ..Move::shot(0, launch(300, power))
        })
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(after.state().followers.is_empty(), "the monk went home");
    assert_eq!(after.state().supply[1], 7);
}

#[test]
fn nothing_is_lost_off_the_table() {
    // Every follower near the line and the token stay on the table for a sweep of hurls.
    let g = game(Token::KnockOut, &[1, 6, 7], 1);
    for angle in [100, 300, 450, 700] {
        for power in [0, 100, 250, 500] {
            let mut shot = g
                .start_shot(&launch(angle, power))
                .unwrap_or_else(|e| panic!("{e}"));
            let o = shot.run_to_rest();
            assert!(!o.has(FACT_LOST), "{angle} {power}: {o:?}");
            let table = shot
                .physics_table()
                .and_then(|t| t.downcast_ref::<engine::physics::Table>())
                .unwrap_or_else(|| panic!("a physics table"));
            assert!(table.fallen().is_empty(), "{angle} {power}: a body fell");
        }
    }
}

#[test]
fn the_same_launch_gives_the_same_facts_and_hash() {
    let g = game(Token::KnockOut, &[1, 6], 1);
    for l in [launch(300, 120), launch(450, 60), launch(600, 300)] {
        let a = shoot(&g, &l);
        let b = shoot(&g.clone(), &l);
        assert_eq!(a, b);
        assert_eq!(a.hash.len(), 16);
    }
}

#[test]
fn catch_hurls_give_each_of_the_four_outcomes_by_physics() {
    let g = game(Token::Catch, &[], 0);
    let mut g = g;
    // The catcher (seat 1) holds a hand 600 mm down the lane, on the table.
    g.apply(&Move::decide(1, "hand", &[600, 0, 0]))
        .unwrap_or_else(|e| panic!("{e}"));
    let mut seen = Vec::new();
    for power in (0..=1000).step_by(25) {
        let o = shoot(&g, &launch(450, power));
        let h = Hurl::read(&o, 0).unwrap_or_else(|e| panic!("{e}"));
        let c = h.catch_outcome();
        if !seen.contains(&c) {
            seen.push(c);
        }
    }
    for c in [
        CatchOutcome::NotFarEnough,
        CatchOutcome::FarEnough,
        CatchOutcome::Caught,
    ] {
        assert!(seen.contains(&c), "{c:?} never happened: {seen:?}");
    }
}
