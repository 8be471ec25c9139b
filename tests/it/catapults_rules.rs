//! Catapults rules, scenario by scenario (outcomes written by hand, no physics): which tile a cube
//! touches, difference scoring with the rulebook's examples, turn order, knocked and lost cubes,
//! the end at 21 with a 2-point lead, and refusals.

use engine::core::game::prelude::*;

use engine::core::event::kinds;
use engine::core::seat::{default_seats, SeatKind};
use engine::core::LaunchKind;
use engine::core::{Event, Fact, Game, Launch, Move};
use engine::games;
use engine::games::catapults::layout::{self, cube_points, end_of};
use engine::games::catapults::rules::{self, next_order, round_points, winner, CubeAt};
use engine::games::catapults::Catapults;

// Resting places (canonical frame, mm): a cube lying flat on…
const CENTRE: (i32, i32) = (0, 9);
const RING_L: (i32, i32) = (-60, 9);
const RING_R: (i32, i32) = (60, 9);
const SIDE_L: (i32, i32) = (-126, 7);
const SIDE_R: (i32, i32) = (126, 7);
const TABLE: (i32, i32) = (-250, 5);

fn game(n: usize) -> Catapults {
    Catapults::new(default_seats(n, SeatKind::Bot)).unwrap_or_else(|e| panic!("{e}"))
}

fn cube(owner: usize, index: usize, at: (i32, i32)) -> Fact {
    Fact::new(
        "cube",
        &[owner as i64, index as i64, at.0 as i64, at.1 as i64, 0],
    )
}

/// The acting seat's next cube comes to rest at `at`.
fn flick_to(g: &mut Catapults, at: (i32, i32)) -> Vec<Event> {
    let seat = g.turn().unwrap_or_else(|| panic!("nobody to flick"));
    let idx = g.state.cube_to_flick().unwrap_or_else(|| panic!("no cube"));
    g.apply(&Move::outcome_only(seat, vec![cube(seat, idx, at)]))
        .unwrap_or_else(|e| panic!("{e}"))
}

/// Plays a whole round: `plan[seat][k]` is where that seat's k-th cube lands.
fn play_round(g: &mut Catapults, plan: &[[(i32, i32); 4]]) -> Vec<Event> {
    let round = g.state.round;
    let mut events = Vec::new();
    while g.state.round == round && !g.is_over() {
        let seat = g.turn().unwrap_or(0);
        let idx = g.state.cube_to_flick().unwrap_or(0);
        events.extend(flick_to(g, plan[seat][idx]));
    }
    events
}

#[test]
fn a_cube_scores_the_tile_any_part_of_it_touches() {
    // Flat on a tile.
    assert_eq!(cube_points(0, CENTRE.0, CENTRE.1, 0), 5);
    assert_eq!(cube_points(0, RING_L.0, RING_L.1, 0), 1);
    assert_eq!(cube_points(1, RING_R.0, RING_R.1, 0), 1);
    // The own-side tiles score 2 for the players of that end only.
    assert_eq!(cube_points(0, SIDE_L.0, SIDE_L.1, 0), 2);
    assert_eq!(cube_points(1, SIDE_L.0, SIDE_L.1, 0), 0);
    assert_eq!(cube_points(1, SIDE_R.0, SIDE_R.1, 0), 2);
    // The table, the outer tile row: nothing.
    assert_eq!(cube_points(0, TABLE.0, TABLE.1, 0), 0);
    assert_eq!(cube_points(0, -336, 7, 0), 0);
    // Lying on the table beside the own-side tile, touching its edge: it touches the tile.
    let edge = -layout::INNER_ROW.1 - layout::CUBE / 2;
    assert_eq!(cube_points(0, edge, 5, 0), 2);
    // One millimetre away it does not.
    assert_eq!(cube_points(0, edge - 1, 5, 0), 0);
    // Overhanging the tile's edge by a little: still touching.
    assert_eq!(cube_points(0, -layout::INNER_ROW.1 - 3, 7, 0), 2);
    // Tilted 45°, standing on one corner on the tile: it touches; lifted 2 mm it does not.
    assert_eq!(cube_points(0, -layout::INNER_ROW.1 + 6, 9, 450), 2);
    assert_eq!(cube_points(0, -layout::INNER_ROW.1 + 6, 11, 450), 0);
    // Stacked on another cube: it touches the cube, not the tile.
    assert_eq!(cube_points(0, CENTRE.0, CENTRE.1 + 10, 0), 0);
}

#[test]
fn a_cube_touching_two_tiles_scores_the_better_one() {
    // Straddling the start tile and the ring: 5, not 1 and not 6.
    assert_eq!(cube_points(0, 30, 9, 0), 5);
    assert_eq!(cube_points(0, -32, 9, 0), 5);
    // Well inside the ring, clear of the start tile: 1.
    assert_eq!(cube_points(0, -40, 9, 0), 1);
}

#[test]
fn round_points_are_the_difference_to_the_worst_player() {
    // The rulebook's examples.
    assert_eq!(round_points(&[10, 2]), vec![8, 0]);
    assert_eq!(round_points(&[10, 6, 2]), vec![8, 4, 0]);
    assert_eq!(round_points(&[3, 3, 3, 3]), vec![0, 0, 0, 0]);

    // Two players, played out: 10 tile points against 2.
    let mut g = game(2);
    let ev = play_round(
        &mut g,
        &[
            [CENTRE, CENTRE, TABLE, TABLE],
            [RING_L, RING_R, TABLE, TABLE],
        ],
    );
    assert_eq!(g.scores(), vec![8, 0]);
    let scored: Vec<&Event> = ev.iter().filter(|e| e.kind == "round_scored").collect();
    assert_eq!(scored[0].args, vec![1, 10, 8, 8]);
    assert_eq!(scored[1].args, vec![1, 2, 0, 0]);

    // Three players, played out: 10, 6, 2.
    let mut g = game(3);
    play_round(
        &mut g,
        &[
            [CENTRE, CENTRE, TABLE, TABLE],
            [CENTRE, RING_R, TABLE, TABLE],
            [RING_L, RING_R, TABLE, TABLE],
        ],
    );
    assert_eq!(g.scores(), vec![8, 4, 0]);
    assert_eq!(g.state.history[0].zone_points, vec![10, 6, 2]);
}

#[test]
fn everyone_flicks_four_cubes_one_at_a_time_in_turn_order() {
    let mut g = game(3);
    let mut seen = Vec::new();
    while g.state.round == 1 {
        seen.push((g.turn().unwrap_or(9), g.state.cube_to_flick().unwrap_or(9)));
        flick_to(&mut g, TABLE);
    }
    let expected: Vec<(usize, usize)> = (0..4).flat_map(|k| (0..3).map(move |s| (s, k))).collect();
    assert_eq!(seen, expected);
    // The cubes come back for round 2.
    assert_eq!(g.state.supply(0), (4, 0, 0));
}

#[test]
fn from_round_two_the_leader_starts_and_the_last_placed_goes_last() {
    let mut g = game(3);
    play_round(
        &mut g,
        &[
            [SIDE_L, TABLE, TABLE, TABLE],  // 2
            [CENTRE, CENTRE, TABLE, TABLE], // 10
            [CENTRE, RING_L, TABLE, TABLE], // 6
        ],
    );
    assert_eq!(g.scores(), vec![0, 8, 4]);
    assert_eq!(g.state.round, 2);
    assert_eq!(g.state.order, vec![1, 2, 0]);
    let mut seen = Vec::new();
    while g.state.round == 2 {
        seen.push(g.turn().unwrap_or(9));
        flick_to(&mut g, TABLE);
    }
    assert_eq!(seen, [1, 2, 0].repeat(4));
    // Round 2 was a draw (0 each): the order stands, the leader still first.
    assert_eq!(g.state.order, vec![1, 2, 0]);

    // Four players: ordered by total, most first.
    assert_eq!(next_order(&[3, 9, 0, 5], &[0, 1, 2, 3]), vec![1, 3, 0, 2]);
}

#[test]
fn tied_players_swap_their_order_so_the_last_word_alternates() {
    let mut g = game(2);
    play_round(
        &mut g,
        &[[CENTRE, TABLE, TABLE, TABLE], [CENTRE, TABLE, TABLE, TABLE]],
    );
    assert_eq!(g.scores(), vec![0, 0]);
    assert_eq!(
        g.state.order,
        vec![1, 0],
        "tied: seat 1 went last in round 1, so it starts"
    );
    play_round(&mut g, &[[TABLE; 4], [TABLE; 4]]);
    assert_eq!(g.state.order, vec![0, 1]);
    // Only the tied players swap; the others keep their places by points.
    assert_eq!(next_order(&[5, 2, 5, 0], &[0, 1, 2, 3]), vec![2, 0, 1, 3]);
}

#[test]
fn the_game_ends_at_21_with_a_two_point_lead() {
    assert_eq!(winner(&[21, 19]), Some(0));
    assert_eq!(winner(&[21, 20]), None);
    assert_eq!(winner(&[20, 0]), None);
    assert_eq!(winner(&[22, 21]), None);
    assert_eq!(winner(&[23, 21]), Some(0));
    assert_eq!(winner(&[10, 25, 23, 0]), Some(1));
    assert_eq!(winner(&[24, 24, 0]), None);

    let mut g = game(2);
    g.state.totals = vec![16, 15];
    let ev = play_round(&mut g, &[[CENTRE, TABLE, TABLE, TABLE], [TABLE; 4]]);
    assert!(g.is_over());
    assert_eq!(g.scores(), vec![21, 15]);
    assert_eq!(g.turn(), None);
    assert!(kinds(&ev).contains(&"game_over"));
    assert_eq!(g.ranking().winner(), Some(0));
    assert!(g.launch_prompt().is_none());
    let refused = g.apply(&Move::outcome_only(0, vec![cube(0, 0, CENTRE)]));
    assert!(refused.is_err(), "no flick after the end");
}

#[test]
fn twenty_one_against_twenty_does_not_end_the_game() {
    let mut g = game(2);
    g.state.totals = vec![16, 20];
    let ev = play_round(&mut g, &[[CENTRE, TABLE, TABLE, TABLE], [TABLE; 4]]);
    assert_eq!(g.scores(), vec![21, 20]);
    assert!(!g.is_over(), "21 against 20 plays on");
    assert!(!kinds(&ev).contains(&"game_over"));
    assert_eq!(g.state.round, 2);
    assert_eq!(g.state.order, vec![0, 1], "the leader starts");
    // Seat 1 comes back to 22 against 21: a one-point lead plays on.
    play_round(&mut g, &[[TABLE; 4], [SIDE_R, TABLE, TABLE, TABLE]]);
    assert_eq!(g.scores(), vec![21, 22]);
    assert!(!g.is_over(), "22 against 21 plays on");
    assert_eq!(g.state.order, vec![1, 0]);
    // …and to 25 against 21: over, seat 1 wins.
    play_round(&mut g, &[[TABLE; 4], [SIDE_R, RING_R, TABLE, TABLE]]);
    assert_eq!(g.scores(), vec![21, 25]);
    assert!(g.is_over());
    assert_eq!(g.ranking().winner(), Some(1));
}

#[test]
fn cubes_stay_where_they_land_and_can_be_knocked_out_of_a_zone() {
    let mut g = game(2);
    flick_to(&mut g, CENTRE); // seat 0, cube 0
    assert_eq!(g.state.zone_points(), vec![5, 0]);
    // Seat 1's cube lands in the ring and knocks seat 0's cube off the start tile onto the table.
    let ev = g
        .apply(&Move::outcome_only(
            1,
            vec![cube(1, 0, RING_L), cube(0, 0, TABLE)],
        ))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(kinds(&ev), vec!["cube_landed", "cube_knocked"]);
    assert_eq!(
        g.state.cubes[0][0],
        CubeAt::Table {
            x: TABLE.0,
            y: TABLE.1,
            angle: 0
        }
    );
    assert_eq!(g.state.zone_points(), vec![0, 1]);
    // A cube nobody mentions stays where it is.
    flick_to(&mut g, SIDE_L);
    assert_eq!(
        g.state.cubes[1][0],
        CubeAt::Table {
            x: RING_L.0,
            y: RING_L.1,
            angle: 0
        }
    );
    assert_eq!(g.state.zone_points(), vec![2, 1]);
}

#[test]
fn a_cube_out_of_play_goes_back_to_its_owners_supply_and_scores_nothing() {
    let mut g = game(2);
    flick_to(&mut g, CENTRE);
    // Seat 1's cube flies off the table and knocks seat 0's over the far tile line.
    let ev = g
        .apply(&Move::outcome_only(
            1,
            vec![
                Fact::new("fallen", &[1, 0]),
                Fact::new("out", &[0, 0, 420, 5]),
            ],
        ))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(kinds(&ev), vec!["cube_returned", "cube_returned"]);
    assert_eq!(g.state.cubes[0][0], CubeAt::Returned);
    assert_eq!(g.state.cubes[1][0], CubeAt::Returned);
    assert_eq!(g.state.supply(0), (3, 0, 1));
    // They are not flicked again this round: the next cube is cube 1.
    assert_eq!(g.turn(), Some(0));
    assert_eq!(g.state.cube_to_flick(), Some(1));
    // Finish the round: the lost cubes score nothing; next round all four are back in hand.
    play_round(&mut g, &[[CENTRE; 4], [RING_R; 4]]);
    assert_eq!(g.state.history[0].zone_points, vec![15, 3]);
    assert_eq!(g.state.supply(0), (4, 0, 0));
    assert_eq!(g.state.supply(1), (4, 0, 0));
}

#[test]
fn players_of_the_same_end_share_its_tiles() {
    let ends =
        |round: u32, n: usize| -> Vec<usize> { (0..n).map(|s| end_of(s, round, n)).collect() };
    assert_eq!(ends(1, 4), vec![0, 1, 0, 1]);
    let mut g = game(4);
    play_round(
        &mut g,
        &[
            [SIDE_L, TABLE, TABLE, TABLE],
            [SIDE_L, TABLE, TABLE, TABLE],
            [SIDE_L, TABLE, TABLE, TABLE],
            [SIDE_R, TABLE, TABLE, TABLE],
        ],
    );
    assert_eq!(g.state.history[0].zone_points, vec![2, 0, 2, 2]);
    assert_eq!(g.scores(), vec![2, 0, 2, 2]);
}

#[test]
fn who_shares_an_end_changes_every_round() {
    let ends =
        |round: u32, n: usize| -> Vec<usize> { (0..n).map(|s| end_of(s, round, n)).collect() };
    // Two players always face each other.
    for r in 1..=5 {
        assert_eq!(ends(r, 2), vec![0, 1]);
    }
    // Three players: the one alone at an end changes every round, everyone once in three.
    assert_eq!(ends(1, 3), vec![0, 1, 0]);
    assert_eq!(ends(2, 3), vec![0, 0, 1]);
    assert_eq!(ends(3, 3), vec![1, 0, 0]);
    assert_eq!(ends(4, 3), ends(1, 3));
    // Four players: two at each end, and everyone partners everyone once in three rounds.
    assert_eq!(ends(1, 4), vec![0, 1, 0, 1]);
    assert_eq!(ends(2, 4), vec![0, 0, 1, 1]);
    assert_eq!(ends(3, 4), vec![0, 1, 1, 0]);
    for a in 0..4 {
        for b in (a + 1)..4 {
            let together = (1..=3)
                .filter(|&r| end_of(a, r, 4) == end_of(b, r, 4))
                .count();
            assert_eq!(
                together, 1,
                "seats {a} and {b} share an end once in three rounds"
            );
        }
    }
    // The scoring follows: in round 2 of a three-player game seat 2 is alone at the right end,
    // and its cube on the right side tiles scores 2 (in round 1 it would have scored 0).
    let mut g = game(3);
    play_round(&mut g, &[[TABLE; 4], [TABLE; 4], [TABLE; 4]]);
    assert_eq!(g.state.round, 2);
    assert_eq!(g.state.ends(), vec![0, 0, 1]);
    play_round(
        &mut g,
        &[
            [SIDE_R, TABLE, TABLE, TABLE],
            [SIDE_L, TABLE, TABLE, TABLE],
            [SIDE_R, TABLE, TABLE, TABLE],
        ],
    );
    assert_eq!(g.state.history[1].zone_points, vec![0, 2, 2]);
    assert_eq!(g.state.history[1].ends, vec![0, 0, 1]);
}

#[test]
fn illegal_moves_are_refused_and_change_nothing() {
    let mut g = game(2);
    flick_to(&mut g, CENTRE);
    let before = g.state.clone();
    let p = g
        .launch_prompt()
        .unwrap_or_else(|| panic!("a flick is expected"));
    let flick = Launch {
        kind: LaunchKind::Flick,
        angle: p.angle.0,
        power: 500,
        x: p.x.0,
        y: p.y.0,
        ..Launch::default()
    };
    let bad: Vec<(Move, &str)> = vec![
        (Move::outcome_only(0, vec![cube(0, 1, CENTRE)]), "turn"),
        (Move::decide(1, "pass", &[]), "no decision"),
        (Move::shot(1, flick), "outcome"),
        // The contract's one check of the launch prompt (`core::game::check_move`).
        (Move::shot(1, Launch::default()), "cannot be used now"),
        (Move::outcome_only(1, vec![]), "does not say"),
        (
            Move::outcome_only(1, vec![Fact::new("bounced", &[1, 0])]),
            "unknown fact",
        ),
        (
            Move::outcome_only(1, vec![cube(1, 0, CENTRE), cube(5, 0, CENTRE)]),
            "does not exist",
        ),
        (
            Move::outcome_only(1, vec![cube(1, 0, CENTRE), cube(1, 2, CENTRE)]),
            "neither on the table",
        ),
        (
            Move::outcome_only(1, vec![cube(1, 0, CENTRE), cube(1, 0, RING_L)]),
            "twice",
        ),
        (
            Move::outcome_only(1, vec![cube(1, 0, (420, 5))]),
            "behind a tile line",
        ),
        (
            Move::outcome_only(1, vec![Fact::new("out", &[1, 0, 100, 5])]),
            "behind a tile line",
        ),
        (
            Move::outcome_only(1, vec![Fact::new("cube", &[1, 0, 0])]),
            "lacks argument",
        ),
    ];
    for (mv, why) in bad {
        let err = g.apply(&mv).err().map(|e| e.0).unwrap_or_default();
        assert!(
            err.contains(why),
            "{mv:?} is refused because of `{why}`: got `{err}`"
        );
        assert_eq!(g.state, before, "a refused move changes nothing");
    }
    // Launches outside the prompt are refused, never simulated.
    let ok = Launch {
        kind: LaunchKind::Flick,
        angle: 2700,
        power: 500,
        spin: 0,
        x: 2,
        y: 45,
    };
    assert!(g.start_shot(&ok).is_ok());
    for l in [
        Launch {
            power: 1001,
            ..ok.clone()
        },
        Launch {
            angle: 900,
            ..ok.clone()
        },
        Launch {
            y: 60,
            ..ok.clone()
        },
        Launch {
            x: -1,
            ..ok.clone()
        },
        Launch {
            kind: LaunchKind::Catapult,
            ..ok.clone()
        },
    ] {
        assert!(g.start_shot(&l).is_err(), "{l:?} is refused");
    }
}

#[test]
fn the_history_keeps_the_totals_round_by_round() {
    let mut g = game(2);
    play_round(&mut g, &[[CENTRE, TABLE, TABLE, TABLE], [TABLE; 4]]);
    play_round(&mut g, &[[TABLE; 4], [RING_L, RING_R, TABLE, TABLE]]);
    let totals: Vec<Vec<i64>> = g.history().iter().map(|r| r.totals.clone()).collect();
    assert_eq!(totals, vec![vec![5, 0], vec![5, 2]]);
    assert_eq!(g.history()[1].order, vec![0, 1]);
    let hud = g.hud().join("\n");
    assert!(
        hud.contains("Totals after round 1: 5, 0 · after round 2: 5, 2"),
        "{hud}"
    );
}

#[test]
fn the_results_chart_gets_the_running_totals_through_the_game_trait() {
    let mut g = game(2);
    let dg: &dyn Game = &g;
    assert!(dg.score_history().is_empty(), "no round played: no chart");
    assert_eq!(dg.score_goal(), Some(21));
    play_round(&mut g, &[[CENTRE, TABLE, TABLE, TABLE], [TABLE; 4]]);
    play_round(&mut g, &[[TABLE; 4], [RING_L, RING_R, TABLE, TABLE]]);
    let dg: &dyn Game = &g;
    assert_eq!(dg.score_history(), vec![vec![5, 0], vec![5, 2]]);
    // A game without rounds keeps the default: nothing to chart.
    let castle = games::new_game("castle", &[], default_seats(2, SeatKind::Human), 3)
        .unwrap_or_else(|e| panic!("castle: {e}"));
    assert!(castle.score_history().is_empty());
    assert_eq!(castle.score_goal(), None);
}

#[test]
fn the_registry_builds_catapults_for_two_to_four_seats() {
    for n in 2..=4 {
        let g = games::new_game("catapults", &[], default_seats(n, SeatKind::Human), 3)
            .unwrap_or_else(|e| panic!("{n} seats: {e}"));
        assert_eq!(g.turn(), Some(0));
        assert_eq!(g.scores(), vec![0; n]);
    }
    assert!(games::new_game("catapults", &[], default_seats(1, SeatKind::Human), 3).is_err());
    assert!(games::new_game("catapults", &[], default_seats(5, SeatKind::Human), 3).is_err());
    assert!(games::new_game(
        "catapults",
        &["fast".into()],
        default_seats(2, SeatKind::Human),
        3
    )
    .is_err());
    assert_eq!(rules::CUBES, 4);
}

#[test]
fn aiming_frames_the_lever_and_the_box_closer_than_the_whole_table() {
    let g = game(2);
    let dg: &dyn Game = &g;
    let b = dg.aim_bounds().expect("a close-up while someone aims");
    let whole = dg.view().bounds;
    let lp = dg.launch_prompt().expect("a flick is expected");
    let inside = |x: f32, y: f32| x >= b[0] && x <= b[2] && y >= b[1] && y <= b[3];
    // The strike point, the lever's near end and the whole box lid are in the close-up.
    assert!(inside(lp.origin[0], lp.origin[1]), "{b:?} {:?}", lp.origin);
    assert!(inside(-(layout::LEVER_NEAR as f32) / 1000.0, 0.0), "{b:?}");
    let lid = layout::LID_OUTER_HALF as f32 / 1000.0;
    assert!(inside(-lid, 0.0) && inside(lid, layout::LID_WALL_H as f32 / 1000.0));
    // At most half the whole table's width: the pieces are drawn at least twice as big.
    assert!(
        (b[2] - b[0]) * 2.0 <= whole[2] - whole[0],
        "{b:?} vs {whole:?}"
    );
    // Once the game is over nobody aims: no close-up.
    let mut over = game(2);
    over.state.over = true;
    over.state.totals = vec![21, 0];
    let dg: &dyn Game = &over;
    assert_eq!(dg.turn(), None);
    assert!(dg.aim_bounds().is_none());
}

/// The house rule "Every game ends" (docs/rules/catapults.md): two seats that mirror each other's
/// flicks tie every round, so nobody ever leads by 2 at 21; the game ends at the move cap
/// (`GameInfo::max_moves`, 625 rounds of 8 flicks) as a draw, ranked as the table stands.
#[test]
fn mirrored_flicks_tie_every_round_and_the_game_ends_at_the_move_cap_as_a_draw() {
    let cap = games::catapults::INFO.max_moves;
    assert_eq!(cap, engine::core::registry::MAX_MOVES);
    let mut g = game(2);
    let same = [CENTRE, CENTRE, TABLE, TABLE];
    let mut moves = 0u32;
    while !g.is_over() {
        let before = g.state.round;
        play_round(&mut g, &[same, same]);
        moves += 8;
        assert_eq!(
            g.state.totals[0], g.state.totals[1],
            "a tie, round {before}"
        );
        assert!(moves <= cap, "no end at the cap");
    }
    assert_eq!(moves, cap, "the game ends exactly at the cap");
    assert!(g.capped(), "over by the cap, not by the rules");
    assert_eq!(g.turn(), None);
    assert_eq!(g.phase(), "Move limit reached");
    let r = g.ranking();
    assert_eq!(r.winner(), None, "a draw: {r:?}");
    assert!(r.standings.iter().all(|s| s.place == 1), "{r:?}");
    // A flick after the end is refused in words and changes nothing.
    let fact = cube(0, 0, CENTRE);
    let err = g
        .apply(&Move::outcome_only(0, vec![fact]))
        .err()
        .map(|e| e.0)
        .unwrap_or_default();
    assert_eq!(err, "the game is over");
}

/// The same house rule with a leader: seat 0 wins the first round, then both mirror each other;
/// at the cap the leader on points wins.
#[test]
fn at_the_move_cap_the_leader_on_points_wins() {
    let mut g = game(2);
    play_round(
        &mut g,
        &[[CENTRE, TABLE, TABLE, TABLE], [TABLE, TABLE, TABLE, TABLE]],
    );
    let lead = g.state.totals[0] - g.state.totals[1];
    assert!(lead > 0 && !g.is_over(), "{:?}", g.state.totals);
    let same = [TABLE, TABLE, TABLE, TABLE];
    while !g.is_over() {
        play_round(&mut g, &[same, same]);
    }
    assert!(g.capped());
    assert_eq!(g.state.totals[0] - g.state.totals[1], lead);
    assert_eq!(g.ranking().winner(), Some(0));
}
