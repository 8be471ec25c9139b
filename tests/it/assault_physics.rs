//! Assault on the Castle: the card physics. Ready-made castles stand, rebuilt castles stay up,
//! strong throws knock cards down, fallen cards read as horizontal, nothing sinks into a mat, and
//! shots are deterministic.

use engine::core::seat::{default_seats, SeatKind};
use engine::core::LaunchKind;
use engine::core::{Fact, Game, Launch};
use engine::games::assault::geometry::{self as geo, Pose};
use engine::games::assault::rules::{self, Siege, Task};
use engine::games::assault::{ballistic, table, Assault};
use engine::physics::TableConfig;

use crate::support::assault as support;
use support::{build_all, design, simulate};

fn new_game(n: usize, seed: u64) -> Assault {
    let g = Assault::new(&[], default_seats(n, SeatKind::Bot), seed);
    assert!(g.is_ok(), "{:?}", g.as_ref().err());
    g.unwrap_or_else(|_| unreachable!())
}

fn max_drift(a: &[(u32, Pose)], b: &[(u32, Pose)]) -> (f64, i32) {
    let mut d = 0.0f64;
    let mut t = 0;
    for (id, p) in a {
        let Some((_, q)) = b.iter().find(|(j, _)| j == id) else {
            return (f64::INFINITY, 3600);
        };
        let dx = (p.x - q.x) as f64;
        let dy = (p.y - q.y) as f64;
        d = d.max((dx * dx + dy * dy).sqrt());
        let da = (p.a - q.a).rem_euclid(3600);
        t = t.max(da.min(3600 - da));
    }
    (d / 10.0, t)
}

fn poses_from(facts: &[Fact]) -> Vec<(u32, Pose)> {
    facts
        .iter()
        .filter(|f| f.what == "card")
        .map(|f| {
            (
                f.args[0] as u32,
                Pose::new(f.args[1] as i32, f.args[2] as i32, f.args[3] as i32),
            )
        })
        .collect()
}

#[test]
fn every_ready_made_castle_stands_ten_seconds_untouched() {
    let designs = rules::designs().unwrap_or_default();
    assert!(designs.len() >= 4);
    for (k, d) in designs.iter().enumerate() {
        let mut g = new_game(2, 1);
        // Put the design's cards straight into seat 0's castle (the bastion has only two cards).
        g.state.players[0].hand = (0..d.cards.len() as u32).collect();
        g.state.players[0].castle.clear();
        let poses = rules::design_poses(d);
        for (i, p) in poses.iter().enumerate() {
            let others = g.state.players[0].poses();
            assert!(
                geo::check_place(&others, *p).is_ok(),
                "design {} card {i} is not a legal placement",
                d.name
            );
            g.state.players[0].castle.push(rules::Card {
                id: i as u32,
                pose: *p,
            });
        }
        let two = g.state.players[0].two_storeys();
        assert_eq!(two, d.storeys == 2, "design {}: storeys", d.name);
        let cfg = TableConfig {
            calm_frames: u32::MAX,
            max_frames: 660,
            ..table::config(2)
        };
        let mut w = table::build_world(&g.state, &[0], cfg);
        // One second to settle in (gaps of a few tenths of a millimetre close), then ten seconds.
        for _ in 0..60 {
            w.table.step_frame();
        }
        let settled = poses_from(&table::read_facts(&w, &[]));
        let (settle_in, _) = max_drift(&g.state.players[0].poses(), &settled);
        let mut frames = 0;
        while !w.table.step_frame() {
            frames += 1;
        }
        assert!(frames >= 599, "ran {frames} frames");
        let after = poses_from(&table::read_facts(&w, &[]));
        let (drift, turn) = max_drift(&settled, &after);
        println!(
            "design {k} `{}`: settles in by {settle_in:.2} mm, then drifts {drift:.2} mm and turns {:.1} deg over 10 s",
            d.name,
            turn as f64 / 10.0
        );
        assert!(
            settle_in < 3.0,
            "design {} settled in by {settle_in} mm",
            d.name
        );
        assert!(drift < 0.5, "design {} drifted {drift} mm", d.name);
        assert!(turn < 10, "design {} turned {turn} tenths", d.name);
        assert!(
            after.iter().all(|(_, p)| !geo::is_ruin(*p)),
            "design {}: a card fell",
            d.name
        );
    }
}

#[test]
fn castles_rebuilt_from_their_integer_poses_stay_up() {
    let designs = rules::designs().unwrap_or_default();
    for d in designs.iter().take(3) {
        let mut g = new_game(2, 2);
        g.state.players[0].castle = rules::design_poses(d)
            .into_iter()
            .enumerate()
            .map(|(i, pose)| rules::Card { id: i as u32, pose })
            .collect();
        let start = g.state.players[0].poses();
        for _ in 0..8 {
            let mut w = table::build_world(&g.state, &[0], table::config(2));
            w.table.run_to_rest();
            let facts = table::read_facts(&w, &[]);
            let now = poses_from(&facts);
            assert_eq!(now.len(), start.len(), "{}: a card left the mat", d.name);
            for c in g.state.players[0].castle.iter_mut() {
                if let Some((_, p)) = now.iter().find(|(id, _)| *id == c.id) {
                    c.pose = *p;
                }
            }
        }
        let (drift, turn) = max_drift(&start, &g.state.players[0].poses());
        println!(
            "`{}` after 8 rebuilds: drift {drift:.2} mm, turn {:.1} deg",
            d.name,
            turn as f64 / 10.0
        );
        assert!(
            drift < 3.0 && turn < 30,
            "`{}` moved {drift} mm / {turn} tenths over 8 rebuilds",
            d.name
        );
    }
}

#[test]
fn a_strong_direct_hit_knocks_cards_down() {
    let mut g = new_game(2, 3);
    build_all(&mut g, design("Keep and Tower"), &[Siege::Catapult]);
    let Some(Task::Aim { seat: a }) = g.state.task() else {
        panic!("expected a throw, got {:?}", g.state.task());
    };
    let b = 1 - a;
    let (x0, x1) = rules::castle_span(b, &g.state.players[b]);
    let tx = (x0 + x1) as f32 / 2.0 * table::DMM;
    let mut hits = 0;
    let mut tried = 0;
    for ty in [0.08, 0.12] {
        for elev in [-180, -150, -120, -90] {
            let Some(l) = ballistic(&g.state, a, tx, ty, elev) else {
                continue;
            };
            if l.power < 300 {
                continue;
            }
            tried += 1;
            let o = simulate(&g, &l);
            let (_, _, _, damage) = g.state.read_facts(&o.facts, None).unwrap_or_default();
            let toppled = damage[b].standing_before - damage[b].standing_after;
            println!(
                "aim {ty} m, elevation {elev}: power {} ({:.1} m/s) toppled {toppled} of {}",
                l.power,
                1.0 + 7.0 * l.power as f64 / 1000.0,
                damage[b].standing_before
            );
            if toppled >= 2 {
                hits += 1;
            }
            assert_eq!(damage[a].moved, 0, "the thrower's own castle is untouched");
        }
    }
    assert!(tried >= 3, "only {tried} strong direct throws found");
    assert_eq!(hits, tried, "every strong direct hit knocks cards down");
    // A weak lob that falls short knocks nothing.
    let l = Launch {
        kind: LaunchKind::Wrist,
        angle: if b > a { 800 } else { 1000 },
        power: 0,
        ..Launch::default()
    };
    let o = simulate(&g, &l);
    let (_, _, _, damage) = g.state.read_facts(&o.facts, None).unwrap_or_default();
    assert_eq!(damage[b].moved, 0);
}

#[test]
fn a_knocked_over_frame_lies_horizontal_by_the_threshold_and_the_castle_has_fallen() {
    let mut g = new_game(2, 4);
    let [l, r] = geo::aframe(1800, 0);
    g.state.players[0].castle = vec![
        rules::Card { id: 0, pose: l },
        rules::Card { id: 1, pose: r },
    ];
    g.state.players[0].built = true;
    let mut w = table::build_world(&g.state, &[0], table::config(2));
    let apex = w.cards[0].body;
    let (ax, ay) = w.table.world_point(apex, 0.044, 0.0).unwrap_or((0.0, 0.0));
    // A gentle push at the apex (0.1 m/s for a 1.8 g card): the frame topples over on its mat.
    w.table.apply_impulse_at(apex, 0.0002, 0.0, ax, ay);
    w.table.run_to_rest();
    let facts = table::read_facts(&w, &[]);
    let poses = poses_from(&facts);
    for (id, p) in &poses {
        println!(
            "card {id}: tilt {:.1} deg, lowest {:.1} mm",
            geo::tilt(p.a) as f64 / 10.0,
            geo::lowest(*p) / 10.0
        );
    }
    assert_eq!(poses.len(), 2, "both cards lie on the mat: {facts:?}");
    assert!(
        poses
            .iter()
            .all(|(_, p)| geo::tilt(p.a) <= geo::HORIZONTAL_TILT),
        "{poses:?}"
    );
    g.state.tasks.push_front(Task::LetGo {
        seat: 0,
        build: false,
    });
    let (_, _, _, damage) = g.state.read_facts(&facts, Some(0)).unwrap_or_default();
    assert!(
        damage[0].fell,
        "every card horizontal: the castle has fallen"
    );
}

/// How low a card may reach (dmm, mat-local) without having sunk: 0.5 mm into the mat when it
/// lies over the mat, down to the table when it hangs over the mat's edge.
fn surface_under(p: Pose) -> f64 {
    let (x0, x1) = geo::x_span(p);
    if x0 >= 0.0 && x1 <= geo::MAT_W as f64 {
        -5.0
    } else {
        -(geo::MAT_T as f64) - 5.0
    }
}

#[test]
fn nothing_falls_through_a_mat_or_the_table() {
    let mut g = new_game(3, 5);
    build_all(
        &mut g,
        design("Four Gates"),
        &[Siege::Trebuchet, Siege::Catapult],
    );
    let Some(Task::Aim { .. }) = g.state.task() else {
        panic!("expected a throw");
    };
    assert_eq!(g.state.munition_count(), 2);
    let mut shots = 0;
    let mut landed = 0;
    let mut cards = 0;
    for angle in [3420, 3500, 3550, 1950, 1880, 1850] {
        for power in [150, 400, 1000] {
            for spin in [-1000, 0, 1000] {
                let l = Launch {
                    kind: LaunchKind::Wrist,
                    angle,
                    power,
                    spin,
                    ..Launch::default()
                };
                let o = simulate(&g, &l);
                shots += 1;
                for f in o.facts.iter().filter(|f| f.what == "card") {
                    let p = Pose::new(f.args[1] as i32, f.args[2] as i32, f.args[3] as i32);
                    assert!(
                        geo::lowest(p) > surface_under(p),
                        "card {} sank into its mat: {p:?} (launch {l:?})",
                        f.args[0]
                    );
                }
                let rests: Vec<&Fact> = o.facts.iter().filter(|f| f.what == "siege_rest").collect();
                landed += rests.len();
                cards += o.facts.iter().filter(|f| f.what == "card").count();
                for r in &rests {
                    assert!(
                        r.args[1] > 0,
                        "a siege card sank below the table top: {:?} (launch {l:?})",
                        r.args
                    );
                }
            }
        }
    }
    assert_eq!(shots, 54);
    println!("{landed} thrown cards came to rest on the table, {cards} castle cards checked");
    assert!(
        landed >= 54,
        "most throws land on the table (two cards each): {landed}"
    );
    assert!(cards >= 54 * 20, "the castle cards were checked: {cards}");
    // Straight down at 8 m/s onto an empty mat, flat, edge first and tumbling.
    let mut g = new_game(2, 9);
    g.state.players[0].castle.clear();
    let mut w = table::build_world(&g.state, &[0], table::config(2));
    let mat_x = geo::mat_left(0) as f32 * table::DMM;
    let mut ids = Vec::new();
    for k in 0..12 {
        let x = mat_x + 0.03 + 0.027 * k as f32;
        let id = w
            .table
            .add(table::card_spec(x, 0.3 + 0.01 * k as f32, 0.13 * k as f32).ccd());
        w.table
            .set_velocity(id, 0.0, -8.0, if k % 2 == 0 { 0.0 } else { 20.0 });
        ids.push(id);
    }
    w.table.run_to_rest();
    for id in ids {
        let pose = w.table.pose(id).filter(|_| !w.table.is_removed(id));
        let Some((x, y, a)) = pose else {
            panic!("card {id} left the table");
        };
        let p = Pose::new(
            (x / table::DMM) as i32 - geo::mat_left(0),
            (y / table::DMM) as i32 - geo::MAT_T,
            engine::physics::launch::to_tenths(a),
        );
        assert!(
            geo::lowest(p) > surface_under(p),
            "a card dropped at 8 m/s sank: {p:?}"
        );
    }
}

#[test]
fn a_shot_re_simulates_to_the_same_facts_and_hash() {
    let mut g = new_game(2, 6);
    build_all(&mut g, design("Hall and Gate"), &[Siege::Catapult]);
    let l = Launch {
        kind: LaunchKind::Wrist,
        angle: 3500,
        power: 300,
        spin: 200,
        ..Launch::default()
    };
    let a = simulate(&g, &l);
    let b = simulate(&g, &l);
    assert_eq!(a, b);
    assert!(a.steps > 0 && a.hash.len() == 16);
    let c = simulate(
        &g,
        &Launch {
            power: 301,
            ..l.clone()
        },
    );
    assert_ne!(a.hash, c.hash, "a different launch gives a different table");
}

#[test]
fn the_thrown_cards_are_lifted_off_after_the_throw() {
    let mut g = new_game(2, 7);
    build_all(&mut g, design("Four Gates"), &[Siege::Catapult]);
    let Some(Task::Aim { seat }) = g.state.task() else {
        panic!("expected a throw");
    };
    let l = Launch {
        kind: LaunchKind::Wrist,
        angle: if seat == 0 { 400 } else { 1400 },
        power: 300,
        ..Launch::default()
    };
    let s = g.start_shot(&l);
    assert!(s.is_ok());
    let mut s = s.unwrap_or_else(|_| unreachable!());
    let before = s
        .view()
        .bodies
        .iter()
        .filter(|b| b.tag == table::TAG_SIEGE)
        .count();
    let o = s.run_to_rest();
    let after = s
        .view()
        .bodies
        .iter()
        .filter(|b| b.tag == table::TAG_SIEGE)
        .count();
    assert_eq!((before, after), (1, 0));
    assert_eq!(o.facts.iter().filter(|f| f.what == "siege_rest").count(), 1);
}

#[test]
fn helper_reinforcements_stand_up() {
    for name in ["Four Gates", "Keep and Tower", "Hall and Gate"] {
        let mut g = new_game(2, 8);
        build_all(&mut g, design(name), &[Siege::Catapult]);
        let seat = 0;
        let mut placed_total = 0;
        for round in 0..3 {
            let before = g.state.players[seat].castle.len();
            g.state.players[seat].hand = g.state.building.cards.drain(..2).collect();
            let mut ev = Vec::new();
            let n = g.state.auto_reinforce(seat, &mut ev);
            placed_total += n;
            g.state.players[seat].hand.clear();
            // Let go of the reinforced castle only.
            let mut w = table::build_world(&g.state, &[seat], table::config(2));
            w.table.run_to_rest();
            let facts = table::read_facts(&w, &[]);
            let after = poses_from(&facts);
            let (drift, turn) = max_drift(&g.state.players[seat].poses(), &after);
            println!("`{name}` round {round}: placed {n} (castle {before} -> {}), drift {drift:.2} mm, turn {:.1} deg", before + n, turn as f64 / 10.0);
            assert!(
                drift < 3.0 && turn < 30,
                "`{name}` round {round}: the reinforced castle moved {drift} mm / {turn}"
            );
            for c in g.state.players[seat].castle.iter_mut() {
                if let Some((_, p)) = after.iter().find(|(id, _)| *id == c.id) {
                    c.pose = *p;
                }
            }
        }
        assert!(placed_total >= 2, "`{name}`: the helper found room");
    }
}
