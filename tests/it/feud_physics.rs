//! Catapult Feud physics: every ready-made fortress stands on its own, a shot knocks blocks, what
//! leaves the table goes back to the box (nothing is ever lost), blocks never pass through each
//! other.

use engine::core::seat::{default_seats, SeatKind};
use engine::core::{event::kinds, Game, Launch, Move};
use engine::games::feud::rules::geometry::{self as geo, Pose};
use engine::games::feud::rules::{self, piece_shape, Action, Loc, Phase, PIECES, SOLDIERS};
use engine::games::feud::{bot, table, Feud};
use engine::physics::TableConfig;

fn seats() -> Vec<engine::core::Seat> {
    default_seats(2, SeatKind::Human)
}

fn ok(g: &mut Feud, mv: Move) -> Vec<engine::core::Event> {
    match g.apply(&mv) {
        Ok(e) => e,
        Err(e) => panic!("{} {:?} refused: {e}", mv.action, mv.args),
    }
}

/// Lets go through the real table (a release shot) and applies what it reports.
fn release(g: &mut Feud, seat: usize) -> Vec<engine::core::Event> {
    let l = Launch {
        kind: engine::core::LaunchKind::Release,
        ..Launch::default()
    };
    let mut shot = g.start_shot(&l).unwrap_or_else(|e| panic!("{e}"));
    let outcome = shot.run_to_rest();
    ok(
        g,
        Move {
            outcome: Some(outcome),
            ..Move::shot(seat, l)
        },
    )
}

/// Both sides built from `design` through real let-gos, soldiers placed: seat 0 to play.
fn game_with(design: usize) -> Feud {
    let mut g = Feud::create(seats(), 3).unwrap_or_else(|e| panic!("{e}"));
    for seat in 0..2 {
        ok(&mut g, Action::Design(design).encode(seat));
        ok(&mut g, Action::Done.encode(seat));
        let ev = release(&mut g, seat);
        assert!(
            kinds(&ev).contains(&"fortress_stands"),
            "design {design} seat {seat}: {:?}",
            kinds(&ev)
        );
    }
    ok(&mut g, Action::Done.encode(0));
    ok(&mut g, Action::Done.encode(1));
    ok(&mut g, Action::AutoSoldiers.encode(0));
    ok(&mut g, Action::AutoSoldiers.encode(1));
    assert_eq!(g.state.phase, Phase::Tactics);
    g
}

fn poses(g: &Feud) -> Vec<Option<Pose>> {
    g.state
        .players
        .iter()
        .flat_map(|p| p.pieces.iter().chain(p.soldiers.iter()).map(|l| l.pose()))
        .collect()
}

#[test]
fn every_design_stands_ten_seconds_with_under_a_millimetre_of_drift() {
    let n = g_designs();
    for d in 0..n {
        let g = game_with(d);
        let cfg = TableConfig {
            calm_frames: u32::MAX,
            max_frames: u32::MAX,
            ..table::config()
        };
        let mut w = table::build_with(&g.state, g.seats(), g.table, cfg);
        let start: Vec<(f32, f32)> = w
            .pieces
            .iter()
            .map(|p| w.table.pose(p.body).map(|q| (q.0, q.1)).unwrap_or_default())
            .collect();
        for _ in 0..600 {
            w.table.step_frame();
        }
        let mut worst = 0.0f32;
        for (p, s) in w.pieces.iter().zip(&start) {
            let q = w
                .table
                .pose(p.body)
                .map(|q| (q.0, q.1))
                .unwrap_or((9.0, 9.0));
            worst = worst.max(libm::sqrtf((q.0 - s.0).powi(2) + (q.1 - s.1).powi(2)));
        }
        eprintln!("design {d}: worst drift over 10 s {:.3} mm", worst * 1000.0);
        assert!(worst < 0.001, "design {d} drifted {:.3} mm", worst * 1000.0);
    }
}

fn g_designs() -> usize {
    engine::games::feud::rules::designs()
        .map(|d| d.len())
        .unwrap_or(0)
}

/// Seat 0's shot with this launch, simulated and applied.
fn fire(g: &mut Feud, launch: Launch) {
    let mut shot = g.start_shot(&launch).unwrap_or_else(|e| panic!("{e}"));
    let outcome = shot.run_to_rest();
    let seat = g.state.turn.seat;
    ok(
        g,
        Move {
            outcome: Some(outcome),
            ..Move::shot(seat, launch)
        },
    );
}

fn aim(g: &mut Feud) {
    let seat = g.state.turn.seat;
    ok(g, Action::Skip.encode(seat));
    ok(g, Action::Done.encode(seat));
}

#[test]
fn a_shot_at_the_fortress_moves_blocks() {
    let mut g = game_with(0);
    aim(&mut g);
    let hints = bot::aim_hints(&g.state);
    assert!(!hints.is_empty(), "the bot has first guesses at the enemy");
    let before = poses(&g);
    let mut moved_any = false;
    for h in hints.iter().take(4) {
        let mut probe = g.clone();
        fire(&mut probe, h.clone());
        let after = poses(&probe);
        let moved = before
            .iter()
            .zip(&after)
            .take(PIECES + SOLDIERS + PIECES)
            .skip(PIECES + SOLDIERS)
            .filter(|(a, b)| match (a, b) {
                (Some(a), Some(b)) => (a.x - b.x).abs() > 20 || (a.y - b.y).abs() > 20,
                (Some(_), None) => true,
                _ => false,
            })
            .count();
        moved_any |= moved > 0;
    }
    assert!(
        moved_any,
        "no shot of the first four guesses moved an enemy block"
    );
}

#[test]
fn pieces_that_leave_the_table_go_to_the_box_and_none_is_ever_lost() {
    let mut g = game_with(1);
    // An enemy block hangs over the far end of the table: it must fall off, to the box.
    let (_, t1) = geo::table_span();
    g.state.players[1].pieces[0] = Loc::Table(Pose::new(t1 + 200, 2000, 0));
    aim(&mut g);
    fire(
        &mut g,
        Launch {
            kind: engine::core::LaunchKind::Catapult,
            angle: 450,
            power: 1000,
            ..Launch::default()
        },
    );
    assert_eq!(g.state.players[1].pieces[0], Loc::Boxed);
    for p in &g.state.players {
        assert_eq!(p.pieces.len(), PIECES);
        assert_eq!(p.soldiers.len(), SOLDIERS);
        assert!(p
            .pieces
            .iter()
            .chain(p.soldiers.iter())
            .all(|l| matches!(l, Loc::Table(_) | Loc::Boxed)));
    }
}

#[test]
fn blocks_never_pass_through_each_other() {
    let mut g = game_with(2);
    aim(&mut g);
    let hints = bot::aim_hints(&g.state);
    let before = poses(&g);
    let mut moved = 0;
    for h in hints.iter().take(3) {
        let mut probe = g.clone();
        fire(&mut probe, h.clone());
        moved += before
            .iter()
            .zip(poses(&probe))
            .filter(|(a, b)| **a != *b)
            .count();
        let all: Vec<(geo::Shape, Pose)> = probe
            .state
            .players
            .iter()
            .flat_map(|p| {
                p.pieces
                    .iter()
                    .enumerate()
                    .filter_map(|(k, l)| l.pose().map(|q| (piece_shape(k), q)))
            })
            .collect();
        for (i, (s, p)) in all.iter().enumerate() {
            for (t, q) in all.iter().skip(i + 1) {
                let a = geo::obbs(*s, *p);
                let b = geo::obbs(*t, *q);
                let deep = a.iter().any(|x| b.iter().any(|y| x.overlaps(y, 20.0)));
                assert!(
                    !deep,
                    "two blocks overlap by more than 2 mm: {p:?} and {q:?}"
                );
            }
        }
    }
    assert!(
        moved > 0,
        "the shots hit nothing: the test would prove nothing"
    );
}

#[test]
fn the_table_refuses_a_repair_that_moves_another_piece() {
    let mut g = game_with(0);
    g.state.players[0].hand = vec![engine::games::feud::rules::Card::Repair];
    ok(
        &mut g,
        Action::Play {
            card: engine::games::feud::rules::Card::Repair,
            copy: None,
        }
        .encode(0),
    );
    // Block 3 is the floor of the outer tower's upper storey: pulling it out drops what it carries.
    let carried = g.state.players[0].pieces[6].pose();
    let spots: Vec<Pose> = g
        .drop_spots(geo::Shape::Block)
        .into_iter()
        .map(|s| Pose::new(table::to_dmm_i(s[0]), table::to_dmm_i(s[1]), 0))
        .collect();
    let spot = spots
        .iter()
        .copied()
        .find(|p| (p.x - geo::board_span(0).0).abs() > 1000)
        .unwrap_or_else(|| panic!("no spot for the block away from the outer tower: {spots:?}"));
    ok(
        &mut g,
        Action::Repair {
            block: 2,
            x: spot.x,
            y: spot.y,
            a: 0,
        }
        .encode(0),
    );
    ok(&mut g, Action::Done.encode(0));
    let ev = release(&mut g, 0);
    assert!(kinds(&ev).contains(&"repair_refused"), "{:?}", kinds(&ev));
    assert_eq!(
        g.state.players[0].pieces[6].pose(),
        carried,
        "nothing moved"
    );
    // Taking a block that carries nothing disturbs nothing: accepted (all soldiers but one stand
    // down first, so that a spot clear of them is left).
    for l in g.state.players[0].soldiers.iter_mut().skip(1) {
        *l = Loc::Boxed;
    }
    let all: Vec<(geo::Shape, Pose)> = g
        .state
        .table_pieces(&[])
        .into_iter()
        .map(|t| (t.0, t.1))
        .collect();
    let free = (0..PIECES)
        .find(|&k| {
            let Some(p) = g.state.players[0].pieces[k].pose() else {
                return false;
            };
            let (x0, _, x1, y1) = geo::bounds(piece_shape(k), p);
            !all.iter().any(|(s, q)| {
                let (a0, b0, a1, _) = geo::bounds(*s, *q);
                (b0 - y1).abs() < 10.0 && a1.min(x1) - a0.max(x0) > 1.0
            })
        })
        .unwrap_or_else(|| panic!("every block carries something"));
    let top = g.state.players[0].pieces[free].pose();
    let clear = g
        .drop_spots(geo::Shape::Block)
        .into_iter()
        .map(|s| Pose::new(table::to_dmm_i(s[0]), table::to_dmm_i(s[1]), 0))
        .find(|p| {
            top.map(|t| (t.x - p.x).abs() > 800).unwrap_or(true)
                && g.state.players[0]
                    .soldiers
                    .iter()
                    .filter_map(|l| l.pose())
                    .all(|q| (q.x - p.x).abs() > 700)
        })
        .unwrap_or_else(|| panic!("no spot clear of the soldiers"));
    ok(
        &mut g,
        Action::Repair {
            block: free,
            x: clear.x,
            y: clear.y,
            a: 0,
        }
        .encode(0),
    );
    ok(&mut g, Action::Done.encode(0));
    let ev = release(&mut g, 0);
    assert!(
        kinds(&ev).contains(&"repaired"),
        "moving block {free}: {:?}",
        ev.iter().map(|e| e.text.clone()).collect::<Vec<_>>()
    );
    assert_ne!(g.state.players[0].pieces[free].pose(), top);
}

/// A fortress begun by hand (the gate and two blocks, one stood upright) and finished with
/// "Build the rest for me" keeps the hand-built pieces and stands when let go.
#[test]
fn a_fortress_begun_by_hand_and_finished_for_me_stands() {
    for hand in [
        [(2400, 0), (1200, 900), (400, 0)],
        [(1500, 0), (300, 900), (2600, 0)],
        [(700, 0), (2000, 0), (2860, 900)],
    ] {
        begun_by_hand_and_finished_for_me(&hand);
    }
}

fn begun_by_hand_and_finished_for_me(hand: &[(i32, i32)]) {
    let mut g = Feud::create(seats(), 3).unwrap_or_else(|e| panic!("{e}"));
    let x = |lx: i32| geo::local_to_table_x(0, lx);
    for &(lx, a) in hand {
        ok(
            &mut g,
            Action::Place {
                x: x(lx),
                y: 20_000,
                a,
            }
            .encode(0),
        );
    }
    let by_hand: Vec<_> = g.state.players[0].pieces.clone();
    let labels: Vec<String> = g.choices().into_iter().map(|c| c.label).collect();
    assert!(
        labels.iter().any(|l| l == "Build the rest for me"),
        "{labels:?}"
    );
    ok(&mut g, Action::AutoBuild.encode(0));
    let p = &g.state.players[0];
    assert!(
        p.pieces.iter().all(|l| l.pose().is_some()),
        "all on the board"
    );
    for (k, l) in by_hand.iter().enumerate() {
        if l.pose().is_some() {
            assert_eq!(p.pieces[k], *l, "piece {k} stays where the hand put it");
        }
    }
    assert_eq!(p.pieces[rules::GATE].pose().map(|q| q.a), Some(0));
    ok(&mut g, Action::Done.encode(0));
    let ev = release(&mut g, 0);
    assert!(
        kinds(&ev).contains(&"fortress_stands"),
        "{hand:?}: {:?}",
        kinds(&ev)
    );
}

/// How deep (dmm) the lowest corner of any block lies under the table top between the boards
/// (a block at rest never lies lower than the top).
fn deepest_under_the_top(g: &Feud) -> i32 {
    let (_, gap_l) = geo::board_span(0);
    let (gap_r, _) = geo::board_span(1);
    let mut worst = 0;
    for p in &g.state.players {
        for (k, l) in p.pieces.iter().enumerate() {
            let Some(q) = l.pose().filter(|_| piece_shape(k) == geo::Shape::Block) else {
                continue;
            };
            let a = q.a as f64 * std::f64::consts::PI / 1800.0;
            let (c, s) = (libm::cos(a), libm::sin(a));
            let (hw, hh) = (geo::BLOCK_L as f64 / 2.0, geo::BLOCK_T as f64 / 2.0);
            for (dx, dy) in [(-hw, -hh), (hw, -hh), (-hw, hh), (hw, hh)] {
                let x = q.x as f64 + c * dx - s * dy;
                let y = q.y as f64 + s * dx + c * dy;
                if x > gap_l as f64 && x < gap_r as f64 {
                    worst = worst.max(-y as i32);
                }
            }
        }
    }
    worst
}

#[test]
fn regress_a_feud_block_never_rests_under_the_table_top() {
    // Found by the random shots (tests/it/fuzz_shots.rs, shot 674 of the Feud run, game seed
    // 2922274172): seat 2 had just put its catapult down on one of its blocks lying off the board;
    // the first table pushed the block out of the chassis the shortest way, down into the table
    // top, where it came to rest 32 mm deep. The file is that game up to and including the shot.
    use engine::core::replay::Replay;
    use engine::games::feud::table::TableVersion;
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/compat/feud/feud-2p-s2922274172-wedge.json"
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let r = Replay::parse(&text).unwrap_or_else(|e| panic!("{e}"));
    assert!(r.options.is_empty(), "recorded on the first table");
    let Some((last, before)) = r.moves.split_last() else {
        panic!("the file holds the shot");
    };
    let launch = last
        .launch
        .clone()
        .unwrap_or_else(|| panic!("the last move is the shot"));
    let mut depths = Vec::new();
    for version in [TableVersion::V1, TableVersion::V2] {
        let mut g = Feud::create(r.seats.clone(), r.seed).unwrap_or_else(|e| panic!("{e}"));
        g.table = TableVersion::V1;
        for mv in before {
            ok(&mut g, mv.clone());
        }
        let under_catapult = deepest_under_the_top(&g);
        assert!(
            under_catapult <= 10,
            "no block is in the table yet ({under_catapult} dmm)"
        );
        g.table = version;
        fire(&mut g, launch.clone());
        depths.push(deepest_under_the_top(&g));
    }
    assert!(
        depths[0] > 200,
        "the first table wedges the block: {depths:?}"
    );
    assert!(depths[1] <= 10, "the second table does not: {depths:?}");
}

#[test]
fn a_new_feud_game_is_recorded_on_the_second_table_and_an_old_file_replays_on_the_first() {
    use engine::core::link;
    use engine::core::replay::Replay;
    use engine::games::{self, feud::RULES_V2, feud::TABLE_V2};
    let options = games::new_game_options("feud", &[]);
    assert_eq!(options, vec![TABLE_V2.to_string(), RULES_V2.to_string()]);
    // Twice is once.
    assert_eq!(games::new_game_options("feud", &options), options);
    assert!(games::new_game_options("castle", &[]).is_empty());
    assert!(games::new_game("feud", &options, seats(), 1).is_ok());
    // A new bot game's header carries it, and so does its link.
    let d = engine::headless::bot_game("feud", 2, 1, &[]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(d.session.replay.options, options);
    let mut r = Replay::new("feud", &options, seats(), 5);
    r.moves.push(Action::Design(0).encode(0));
    let text = link::encode(&r).unwrap_or_else(|e| panic!("{e}"));
    let back = link::decode(&text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back.replay.options, options);
    // The two tables differ where it matters: the boards and catapults reach under the top on
    // the second only, and both are drawn the same.
    let g = Feud::create(seats(), 3).unwrap_or_else(|e| panic!("{e}"));
    let lowest = |v| {
        let (specs, _) = table::specs(&g.state, g.seats(), v);
        specs
            .iter()
            .filter(|s| s.tag == table::TAG_BOARD || s.tag == table::TAG_CATAPULT)
            .map(|s| {
                s.parts
                    .iter()
                    .map(|p| match p.shape {
                        engine::core::BodyShape::Rect { hh, .. } => s.y + p.dy - hh,
                        engine::core::BodyShape::Circle { r } => s.y + p.dy - r,
                    })
                    .fold(f32::MAX, f32::min)
            })
            .fold(f32::MAX, f32::min)
    };
    use engine::games::feud::table::TableVersion;
    assert!(lowest(TableVersion::V1) > -1e-6);
    assert!(lowest(TableVersion::V2) < -0.05);
    let drawn = |v| {
        let mut b: Vec<_> = table::view(&g.state, g.seats(), v)
            .bodies
            .into_iter()
            .map(|b| format!("{:?} {:.5} {:.5} {:?}", b.tag, b.x, b.y, b.shape))
            .collect();
        b.sort();
        b
    };
    assert_eq!(drawn(TableVersion::V1), drawn(TableVersion::V2));
}
