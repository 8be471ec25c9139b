//! Catapults on the physics table: the lever throws the cube, a stronger flick throws it farther,
//! cubes knock cubes, nothing is lost off the table, the scene is mirrored fairly, shots are
//! deterministic, and the bot's aim table still reaches its zones.

use engine::core::seat::{default_seats, SeatKind};
use engine::core::LaunchKind;
use engine::core::{Fact, Game, Launch, Move, Outcome, Shot};
use engine::games::catapults::rules::CubeAt;
use engine::games::catapults::table::{self, FlickShot, Placed, Setup};
use engine::games::catapults::{bot, layout, Catapults};

fn flick(power: i32, fulcrum: i32) -> Launch {
    Launch {
        kind: LaunchKind::Flick,
        angle: 2700,
        power,
        spin: 0,
        x: 2,
        y: fulcrum,
    }
}

fn setup(shooter: usize, resting: Vec<Placed>) -> Setup {
    Setup {
        resting,
        shooter,
        cube: Some(0),
        colours: vec![[200, 60, 60], [60, 60, 200], [60, 160, 60], [200, 200, 60]],
        ends: vec![0, 1, 0, 1],
    }
}

/// Fires a flick and follows the flicked cube: where it first comes down (mm, shooter's frame)
/// and the outcome.
fn follow(s: &Setup, l: &Launch) -> (Option<i32>, Outcome) {
    let mut shot = FlickShot::fire(s, l, &[]);
    let cube = shot.stages.pieces.cubes.last().map(|c| c.2).unwrap_or(0);
    let mut airborne = false;
    let mut landing = None;
    while !shot.step_frame() {
        if let (Some((x, y, _)), Some((_, vy, _))) =
            (shot.table.pose(cube), shot.table.velocity(cube))
        {
            if y > 0.03 && vy > 0.0 {
                airborne = true;
            }
            if airborne && landing.is_none() && ((vy >= 0.0 && y < 0.03) || y < 0.012) {
                landing = Some((x * 1000.0).round() as i32);
            }
        }
    }
    (landing, shot.outcome())
}

fn fact_of(o: &Outcome, owner: i64, index: i64) -> Option<&Fact> {
    o.facts
        .iter()
        .find(|f| f.args.first() == Some(&owner) && f.args.get(1) == Some(&index))
}

#[test]
fn a_stronger_flick_throws_the_cube_farther() {
    let mut report = Vec::new();
    let mut prev = i32::MIN;
    for power in (100..=800).step_by(50) {
        let (landing, _) = follow(&setup(0, vec![]), &flick(power, 45));
        let x = landing.unwrap_or_else(|| panic!("power {power}: the cube never took off"));
        report.push((power, x));
        assert!(
            x > prev,
            "power {power} lands at {x} mm, not beyond {prev} mm: {report:?}"
        );
        prev = x;
    }
    // The range covers the table: short of the own tiles up to past the box.
    let first = report.first().map(|r| r.1).unwrap_or(0);
    assert!(
        first < -layout::INNER_ROW.1,
        "weak flicks land before the own tiles: {report:?}"
    );
    assert!(
        prev > layout::LID_OUTER_HALF,
        "strong flicks clear the box: {report:?}"
    );
    println!("landing x (mm) by power, fulcrum 45: {report:?}");
}

#[test]
fn the_lever_throws_the_cube_not_a_push_on_the_cube() {
    let s = setup(0, vec![]);
    let (built, pieces) = table::build(&s, 45);
    let cube = pieces.cubes[0].2;
    let (vx, vy, _) = built.velocity(cube).unwrap_or((9.0, 9.0, 9.0));
    assert!(
        vx.abs() < 0.01 && vy.abs() < 0.01,
        "the cube rests on the lever before the strike"
    );
    let mut shot = FlickShot::struck(built, pieces, &flick(500, 45), Default::default());
    let lever = shot.stages.pieces.lever;
    let (vx, vy, _) = shot.table.velocity(cube).unwrap_or((9.0, 9.0, 9.0));
    assert!(
        vx.abs() < 0.01 && vy.abs() < 0.01,
        "the strike itself does not touch the cube: ({vx}, {vy})"
    );
    let (_, _, tilt0) = shot.table.pose(lever).unwrap_or_default();
    let mut max_rise: f32 = 0.0;
    let mut max_turn: f32 = 0.0;
    for _ in 0..8 {
        shot.step_frame();
        let (_, y, _) = shot.table.pose(cube).unwrap_or_default();
        let (_, _, tilt) = shot.table.pose(lever).unwrap_or_default();
        max_rise = max_rise.max(y);
        max_turn = max_turn.max(tilt0 - tilt);
    }
    assert!(
        max_turn > 0.3,
        "the far end went down: the lever turned {max_turn} rad"
    );
    assert!(
        max_rise > 0.05,
        "the lever threw the cube up to {max_rise} m"
    );
}

#[test]
fn a_flying_cube_knocks_a_resting_cube() {
    // Cubes of seat 1 lie in the box; seat 0 flicks at it over a range of strengths. A cube that
    // is hit moves (the rules then see it at its new place); one that is not stays put.
    let mut knocks = Vec::new();
    for tx in [-60, 0, 40] {
        let target = Placed {
            owner: 1,
            index: 0,
            x: tx,
            y: 9,
            angle: 0,
        };
        for power in (380..=600).step_by(20) {
            let (_, o) = follow(&setup(0, vec![target]), &flick(power, 45));
            let f = fact_of(&o, 1, 0).unwrap_or_else(|| panic!("the target is reported: {o:?}"));
            let moved = f.what != "cube"
                || (f.args[2] - tx as i64).abs() >= 5
                || (f.args[3] - 9).abs() >= 3
                || (f.args[4] % 900).min(900 - f.args[4] % 900) >= 20;
            if moved {
                knocks.push((tx, power, f.clone()));
            }
        }
    }
    assert!(
        knocks.len() >= 3,
        "flicks into the box knock resting cubes: {knocks:?}"
    );
    println!("knocks: {knocks:?}");
}

#[test]
fn resting_cubes_stay_put_when_nothing_hits_them() {
    // Cubes stored at whole millimetres come back where they were when the table is rebuilt.
    let resting = vec![
        Placed {
            owner: 1,
            index: 0,
            x: 0,
            y: 9,
            angle: 0,
        },
        Placed {
            owner: 1,
            index: 1,
            x: -120,
            y: 7,
            angle: 0,
        },
        Placed {
            owner: 0,
            index: 1,
            x: 200,
            y: 5,
            angle: 0,
        },
        Placed {
            owner: 1,
            index: 2,
            x: 60,
            y: 9,
            angle: 0,
        },
    ];
    // A weak flick that stays near the catapult.
    let (_, o) = follow(&setup(0, resting.clone()), &flick(100, 45));
    for p in &resting {
        let f = fact_of(&o, p.owner as i64, p.index as i64)
            .unwrap_or_else(|| panic!("cube {p:?} is reported"));
        assert_eq!(f.what, "cube", "{p:?} stays in play");
        assert!(
            (f.args[2] - p.x as i64).abs() <= 1 && (f.args[3] - p.y as i64).abs() <= 1,
            "{p:?} stays put: {f:?}"
        );
    }
}

#[test]
fn nothing_is_lost_off_the_table() {
    // The strongest flick throws the cube off the far end of the table: the kill zone takes it and
    // the outcome says so.
    let (_, o) = follow(&setup(0, vec![]), &flick(1000, 42));
    let f = fact_of(&o, 0, 0).unwrap_or_else(|| panic!("the flicked cube is reported: {o:?}"));
    assert_eq!(
        f.what, "fallen",
        "power 1000 throws the cube off the table: {o:?}"
    );
    // The rules put it back in its owner's supply: it scores nothing and is flicked next round.
    let mut g = Catapults::new(default_seats(2, SeatKind::Bot)).unwrap_or_else(|e| panic!("{e}"));
    let mv = Move {
        outcome: Some(o),
        ..Move::shot(0, flick(1000, 42))
    };
    g.apply(&mv).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.state.cubes[0][0], CubeAt::Returned);
    assert_eq!(g.state.supply(0), (3, 0, 1));
    assert_eq!(g.state.zone_points(), vec![0, 0]);
    // A flick too weak to leave the catapult: the cube is out of play behind the tile line.
    let (_, o) = follow(&setup(0, vec![]), &flick(0, 48));
    let f = fact_of(&o, 0, 0).unwrap_or_else(|| panic!("the flicked cube is reported: {o:?}"));
    assert_eq!(
        f.what, "out",
        "power 0 leaves the cube at the catapult: {o:?}"
    );
    // Every cube on the table is accounted for after a shot that scatters them.
    let resting: Vec<Placed> = (0..3)
        .map(|i| Placed {
            owner: 1,
            index: i,
            x: -200 + 70 * i as i32,
            y: 5,
            angle: 0,
        })
        .collect();
    for power in [300, 600, 900] {
        let (_, o) = follow(&setup(0, resting.clone()), &flick(power, 45));
        assert_eq!(
            o.facts.len(),
            4,
            "power {power}: every cube is reported once: {o:?}"
        );
        for p in &resting {
            assert!(
                fact_of(&o, 1, p.index as i64).is_some(),
                "power {power}: {p:?} reported"
            );
        }
    }
}

#[test]
fn the_scene_is_mirrored_for_the_right_end() {
    let l = flick(420, 45);
    let (_, left) = follow(&setup(0, vec![]), &l);
    let mut s = setup(1, vec![]);
    s.cube = Some(0);
    let (_, right) = follow(&s, &l);
    let (a, b) = (&left.facts[0], &right.facts[0]);
    assert_eq!(a.what, b.what);
    if a.what == "cube" {
        assert_eq!(
            a.args[2], -b.args[2],
            "the same flick from the other end lands mirrored"
        );
        assert_eq!(a.args[3], b.args[3]);
    }
}

#[test]
fn the_same_flick_gives_the_same_outcome_and_hash() {
    let resting = vec![Placed {
        owner: 1,
        index: 0,
        x: -30,
        y: 9,
        angle: 0,
    }];
    let (_, a) = follow(&setup(0, resting.clone()), &flick(430, 44));
    let (_, b) = follow(&setup(0, resting), &flick(430, 44));
    assert_eq!(a, b);
    assert_eq!(a.hash.len(), 16);
}

#[test]
fn the_aim_table_reaches_its_zones() {
    let hints = bot::aim_table().hints;
    assert!(
        hints.len() >= 4,
        "the aim table parses and has hints: {hints:?}"
    );
    for zone in ["centre", "side"] {
        assert!(hints.iter().any(|h| h.zone == zone), "a hint for {zone}");
    }
    for h in &hints {
        let l = flick(h.power, h.y);
        let got = bot::zone_reached(&Launch {
            angle: h.angle,
            x: h.x,
            ..l
        });
        assert_eq!(got, h.zone, "hint {h:?} still reaches its zone");
    }
}

/// Regenerates assets/catapults/aim.json's hints (run by hand after changing the physics):
/// `cargo test --test it catapults_physics::regenerate -- --ignored --nocapture`.
#[test]
#[ignore]
fn regenerate_aim_table() {
    let t = bot::generate(&[42, 45], 10);
    println!("{}", nanoserde::SerJson::serialize_json(&t));
}
