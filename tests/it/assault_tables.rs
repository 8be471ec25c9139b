//! Assault on the Castle's two tables (docs/rules/assault.md, "Table versions"): a new game is
//! recorded on the second, a recording without `table_v2` replays on the first; on the second a
//! castle that stood starts a throw asleep yet falls when it is hit, and every elbow rests on the
//! side of its mat that faces the middle of the row.

use engine::core::game::prelude::*;

use engine::core::replay::Replay;
use engine::core::seat::{default_seats, SeatKind};
use engine::core::{Game, Launch, LaunchKind, Move, Outcome, Shot};
use engine::games;
use engine::games::assault::geometry::{self as geo, TableVersion};
use engine::games::assault::rules::{self, Siege, Task, TABLE_V2};
use engine::games::assault::{ballistic, table, Assault};

use crate::support::assault as support;
use support::{build_all, design, play, simulate};

fn game(n: usize, version: TableVersion, seed: u64) -> Assault {
    let options: Vec<String> = match version {
        TableVersion::V1 => Vec::new(),
        TableVersion::V2 => vec![TABLE_V2.to_string()],
    };
    Assault::new(&options, default_seats(n, SeatKind::Bot), seed).unwrap_or_else(|e| panic!("{e}"))
}

fn thrower(g: &Assault) -> usize {
    match g.state.task() {
        Some(Task::Aim { seat }) => seat,
        t => panic!("expected a throw, got {t:?}"),
    }
}

#[test]
fn a_new_assault_game_is_recorded_on_the_second_table_and_an_old_file_replays_on_the_first() {
    let options = games::new_game_options("assault", &[]);
    assert_eq!(options, vec![TABLE_V2.to_string()]);
    let with_gods = games::new_game_options("assault", &[rules::OPTION_GODS.to_string()]);
    assert_eq!(
        with_gods,
        vec![rules::OPTION_GODS.to_string(), TABLE_V2.to_string()]
    );
    // A bot game started by the tools carries it in its header.
    let d = engine::headless::bot_game("assault", 2, 1, &[]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(d.session.replay.options, options);
    assert_eq!(game(2, TableVersion::V2, 1).state.table, TableVersion::V2);
    // A file recorded before the second table (the frozen corpus) has no such option and is
    // played on the first table.
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/compat/assault/assault-2p-s1.json"
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let old = Replay::parse(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert!(
        old.options.iter().all(|o| o != TABLE_V2),
        "{:?}",
        old.options
    );
    let g =
        Assault::new(&old.options, old.seats.clone(), old.seed).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.state.table, TableVersion::V1);
    // An unknown option is still refused.
    assert!(games::new_game(
        "assault",
        &["table_v9".to_string()],
        default_seats(2, SeatKind::Bot),
        1
    )
    .is_err());
}

#[test]
fn on_the_second_table_every_elbow_rests_beside_its_mat_on_the_side_facing_the_middle() {
    for n in 2..=10 {
        let row_end = geo::mat_left(n - 1) + geo::MAT_W;
        for s in 0..n {
            let right = (geo::mat_left(s) + geo::MAT_W + geo::PIVOT_DX, geo::WRIST_Y);
            let left = (geo::mat_left(s) - geo::PIVOT_DX, geo::WRIST_Y);
            // Table 1: always to the right of the mat.
            assert_eq!(
                geo::pivot(s, n, TableVersion::V1),
                right,
                "{n} seats, seat {s}"
            );
            // Table 2: the seats of the right half rest theirs to the left of the mat.
            let want = if 2 * s > n - 1 { left } else { right };
            assert_eq!(
                geo::pivot(s, n, TableVersion::V2),
                want,
                "{n} seats, seat {s}"
            );
            // An even row is its own mirror image.
            if n % 2 == 0 {
                let mirror = geo::pivot(n - 1 - s, n, TableVersion::V2);
                assert_eq!(
                    geo::pivot(s, n, TableVersion::V2).0,
                    row_end - mirror.0,
                    "{n} seats: seat {s} mirrors seat {}",
                    n - 1 - s
                );
            }
        }
        // The last seat faces its neighbour.
        assert!(
            geo::elbow_on_the_left(n - 1, n, TableVersion::V2),
            "{n} seats"
        );
        assert!(!geo::elbow_on_the_left(0, n, TableVersion::V2), "{n} seats");
    }
    // Two seats: each wrist is as far from the other castle's middle (38 cm) as the other's.
    let mid = |s: usize| geo::mat_left(s) + geo::MAT_W / 2;
    let p = |s: usize| geo::pivot(s, 2, TableVersion::V2).0;
    assert_eq!((mid(1) - p(0)).abs(), 3800);
    assert_eq!((mid(0) - p(1)).abs(), 3800);
    // On the first table seat 1 threw from behind its own castle, 86 cm from seat 0's.
    assert_eq!((mid(0) - geo::pivot(1, 2, TableVersion::V1).0).abs(), 8600);
}

#[test]
fn the_game_throws_from_its_tables_pivot_and_keeps_the_great_tower_off_the_arm() {
    for version in [TableVersion::V1, TableVersion::V2] {
        let mut g = game(2, version, 5);
        build_all(&mut g, design("Four Gates"), &[Siege::GodsFavour]);
        let seat = match g.state.task() {
            Some(Task::Tower { seat }) => seat,
            t => panic!("expected the Great Tower, got {t:?}"),
        };
        let (px, py) = geo::pivot(seat, 2, version);
        assert_eq!(g.state.pivot(seat), (px, py));
        // The tower may not stand on the arm, and the spots offered keep clear of it.
        let e = g.apply(&Move::decide(seat, "tower", &[px as i64]));
        assert!(e.is_err_and(|e| e.0.contains("arm")), "{version:?}");
        let spots = g.state.tower_spots(seat);
        assert!(!spots.is_empty(), "{version:?}");
        for x in spots {
            assert!(g.state.check_tower(x).is_ok(), "{version:?}: {x}");
            assert!(
                (x - px).abs() >= geo::ARM_ZONE + geo::TOWER_HW,
                "{version:?}: {x}"
            );
        }
        // The throw's prompt sits at the thrower's pivot.
        let mut g = game(2, version, 5);
        build_all(&mut g, design("Four Gates"), &[Siege::Catapult]);
        let a = thrower(&g);
        let prompt = g.launch_prompt().unwrap_or_else(|| panic!("no prompt"));
        let (ax, ay) = geo::pivot(a, 2, version);
        assert_eq!(prompt.origin, [ax as f32 / 10_000.0, ay as f32 / 10_000.0]);
    }
}

/// How many cards of the throw's table (nothing thrown) are asleep after `frames` frames, of how
/// many.
fn asleep_after(g: &Assault, frames: u32) -> (usize, usize) {
    let world = g.world();
    let mut t = world.table;
    for _ in 0..frames {
        t.step_frame();
    }
    let asleep = world
        .cards
        .iter()
        .filter(|c| {
            t.handle(c.body)
                .and_then(|h| t.world().bodies.get(h))
                .is_some_and(|rb| rb.is_sleeping())
        })
        .count();
    (asleep, world.cards.len())
}

#[test]
fn a_castle_that_stood_starts_a_throw_asleep_on_the_second_table_only() {
    for (version, want_asleep) in [(TableVersion::V1, false), (TableVersion::V2, true)] {
        let mut g = game(2, version, 3);
        build_all(&mut g, design("Keep and Tower"), &[Siege::Catapult]);
        thrower(&g);
        assert_eq!(table::starts_asleep(&g.state), want_asleep, "{version:?}");
        let (asleep, cards) = asleep_after(&g, 3);
        assert!(cards >= 16, "{cards}");
        if want_asleep {
            assert_eq!(asleep, cards, "{version:?}: every card sleeps");
        } else {
            assert_eq!(asleep, 0, "{version:?}: every card is awake");
        }
    }
    // A let-go settles a changed castle: awake on both tables.
    let mut g = game(2, TableVersion::V2, 3);
    play(
        &mut g,
        Move::decide(0, "design", &[design("Keep and Tower")]),
    );
    play(&mut g, Move::decide(0, "done", &[]));
    assert!(!table::starts_asleep(&g.state));
}

/// A throw straight at the middle of the other castle, hard enough to knock cards down: the
/// facts of the same launch on both tables.
fn hit_and_miss(version: TableVersion) -> (Vec<i64>, Outcome, Assault) {
    let mut g = game(2, version, 3);
    build_all(&mut g, design("Keep and Tower"), &[Siege::Catapult]);
    let a = thrower(&g);
    let b = 1 - a;
    let (x0, x1) = rules::castle_span(b, &g.state.players[b]);
    let tx = (x0 + x1) as f32 / 2.0 * table::DMM;
    let mut toppled = Vec::new();
    for elev in [-150, -120, -90] {
        let l = ballistic(&g.state, a, tx, 0.08, elev)
            .unwrap_or_else(|| panic!("{version:?}: no launch at elevation {elev}"));
        let o = simulate(&g, &l);
        let (_, _, _, damage) = g
            .state
            .read_facts(&o.facts, None)
            .unwrap_or_else(|e| panic!("{e}"));
        toppled.push((damage[b].standing_before - damage[b].standing_after) as i64);
    }
    // A throw away from every castle, off the table's far end.
    let away = Launch {
        kind: LaunchKind::Wrist,
        angle: if a == 0 { 1700 } else { 100 },
        power: 1000,
        ..Launch::default()
    };
    let o = simulate(&g, &away);
    (toppled, o, g)
}

#[test]
fn a_sleeping_castle_wakes_when_hit_and_a_throw_that_touches_nothing_moves_nothing() {
    let (v1, miss1, _) = hit_and_miss(TableVersion::V1);
    let (v2, miss2, g2) = hit_and_miss(TableVersion::V2);
    println!("toppled by the same throws: table 1 {v1:?}, table 2 {v2:?}");
    // A hit still knocks cards down on the second table, about as it does on the first.
    assert!(v2.iter().any(|&t| t > 0), "table 2: {v2:?}");
    assert!(v1.iter().any(|&t| t > 0), "table 1: {v1:?}");
    let (s1, s2): (i64, i64) = (v1.iter().sum(), v2.iter().sum());
    assert!((s1 - s2).abs() <= 4, "table 1 {v1:?}, table 2 {v2:?}");
    // A throw that touches nothing: on the second table every card is reported exactly where the
    // rules hold it, and the shot is cheaper than on the first.
    let (_, _, _, damage) = g2
        .state
        .read_facts(&miss2.facts, None)
        .unwrap_or_else(|e| panic!("{e}"));
    for (s, d) in damage.iter().enumerate() {
        assert_eq!(d.moved, 0, "seat {s}: {d:?}");
        assert_eq!(d.standing_before, d.standing_after, "seat {s}");
    }
    let poses = |g: &Assault| -> Vec<(u32, i64, i64, i64)> {
        g.state
            .players
            .iter()
            .flat_map(|p| p.castle.iter())
            .map(|c| (c.id, c.pose.x as i64, c.pose.y as i64, c.pose.a as i64))
            .collect()
    };
    let mut after = g2.clone();
    let a = thrower(&g2);
    play(
        &mut after,
        Move {
            outcome: Some(miss2.clone()),
            ..Move::shot(
                a,
                Launch {
                    kind: LaunchKind::Wrist,
                    angle: if a == 0 { 1700 } else { 100 },
                    power: 1000,
                    ..Launch::default()
                },
            )
        },
    );
    assert_eq!(poses(&after), poses(&g2));
    assert!(
        miss2.steps * 2 < miss1.steps,
        "a miss costs {} steps on table 2, {} on table 1",
        miss2.steps,
        miss1.steps
    );
}

#[test]
fn each_level_throws_with_its_own_search_budget_and_decisions_are_the_shared_bots() {
    use engine::core::bot::BotPlan;
    use engine::core::{Level, Rng};
    use engine::games::assault::bot::{HARD_AIM, SHAKY_AIM};
    let mut g = game(2, TableVersion::V2, 3);
    // A decision (building): the shared bot at every level, drawing nothing.
    for level in [Level::Easy, Level::Normal, Level::Hard] {
        let mut rng = Rng::new(7);
        assert!(g.bot_plan(level, &mut rng).is_none(), "{level:?}");
        assert_eq!(rng.next_u32(), Rng::new(7).next_u32(), "{level:?}");
    }
    build_all(&mut g, design("Four Gates"), &[Siege::Catapult]);
    thrower(&g);
    // A throw: each level searches with its own generator (seeded by the bots' one). Hard
    // never stops on a plateau; Easy and Normal stop at a fifth of the shared cap's work.
    for (level, want) in [
        (Level::Easy, SHAKY_AIM),
        (Level::Normal, SHAKY_AIM),
        (Level::Hard, HARD_AIM),
    ] {
        match g.bot_plan(level, &mut Rng::new(7)) {
            Some(BotPlan::Search {
                level: l, budget, ..
            }) => {
                assert_eq!(l, level);
                assert!(budget.preview);
                assert_eq!(budget, want, "{level:?}");
            }
            _ => panic!("{level:?}: a throw is the shared search with the level's budget"),
        }
    }
    assert_eq!(HARD_AIM.enough, 0);
    assert!(SHAKY_AIM.work < engine::core::bot::BotBudget::default().work);
}

/// A castle card lying flat on a thrown card, and another lying alone on the table, both
/// settled; the thrown card is lifted off. Returns the two cards' heights above the mat top
/// (dmm, from the shot's facts) and how many physics steps the shot took.
fn lift_from_under(version: TableVersion) -> (i64, i64, u64) {
    use engine::core::TableView;
    use engine::physics::{floor_specs, table_of};
    let th = geo::CARD_THICK as f32 * table::DMM;
    let mut specs = floor_specs(-0.5, 1.0, 0.0, table::TABLE_RGB, table::TAG_TABLE);
    let thrown = specs.len();
    specs.push(table::card_spec(0.10, th / 2.0, 0.0).tag(table::TAG_SIEGE));
    let on_top = specs.len();
    specs.push(table::card_spec(0.10, th * 1.5 + 0.0002, 0.0).owner(0));
    let alone = specs.len();
    specs.push(table::card_spec(0.25, th / 2.0, 0.0).owner(0));
    let world = table::World {
        table: table_of(table::config(2), specs),
        cards: vec![
            table::CardBody {
                body: on_top,
                id: 1,
                seat: 0,
            },
            table::CardBody {
                body: alone,
                id: 2,
                seat: 0,
            },
        ],
        projectiles: vec![thrown],
        tower: None,
    };
    let mut shot = table::AssaultShot::of(world, TableView::default(), version);
    let o = shot.run_to_rest();
    let height = |id: i64| -> i64 {
        let f = o
            .facts
            .iter()
            .find(|f| f.what == "card" && f.args.first() == Some(&id))
            .unwrap_or_else(|| panic!("{version:?}: card {id} in {:?}", o.facts));
        f.args[2]
    };
    (height(1), height(2), o.steps)
}

#[test]
fn a_card_resting_on_a_thrown_card_falls_when_it_is_lifted_on_every_table() {
    let mut steps = Vec::new();
    for version in [TableVersion::V1, TableVersion::V2] {
        let (on_top, alone, n) = lift_from_under(version);
        // Lying flat on the table a card's centre is half a thickness up, minus the mat's top
        // (the facts are measured from it); on the thrown card it was a thickness higher.
        let flat = (geo::CARD_THICK / 2 - geo::MAT_T) as i64;
        assert!(
            (on_top - flat).abs() <= 1,
            "{version:?}: {on_top} vs {flat}"
        );
        assert!((alone - flat).abs() <= 1, "{version:?}: {alone} vs {flat}");
        steps.push(n);
    }
    println!("steps on tables 1, 2: {steps:?}");
}

#[test]
fn easys_wrist_shakes_twice_as_much_as_the_shared_easy_hand_and_the_other_levels_keep_theirs() {
    use engine::core::Level;
    use engine::games::assault::bot;
    let g = game(2, TableVersion::V2, 3);
    let easy = g.aim_noise(Level::Easy);
    assert_eq!(easy, bot::aim_noise(Level::Easy));
    assert!(easy.angle >= 2 * Level::Easy.aim_noise().angle, "{easy:?}");
    assert!(easy.power > Level::Easy.aim_noise().power, "{easy:?}");
    for level in [Level::Normal, Level::Hard] {
        assert_eq!(g.aim_noise(level), level.aim_noise(), "{level:?}");
    }
}

#[test]
fn a_throw_is_a_hit_when_it_topples_another_players_card_and_a_let_go_is_no_throw() {
    let (toppled, miss, g) = hit_and_miss(TableVersion::V2);
    assert_eq!(g.shot_hit(&miss), Some(false));
    let a = thrower(&g);
    let b = 1 - a;
    let (x0, x1) = rules::castle_span(b, &g.state.players[b]);
    let tx = (x0 + x1) as f32 / 2.0 * table::DMM;
    for (elev, t) in [-150, -120, -90].into_iter().zip(toppled) {
        let l = ballistic(&g.state, a, tx, 0.08, elev).unwrap_or_else(|| panic!("{elev}"));
        assert_eq!(
            g.shot_hit(&simulate(&g, &l)),
            Some(t > 0),
            "elevation {elev}"
        );
    }
    // A let-go settles one's own castle: no throw, no hit.
    let mut fresh = game(2, TableVersion::V2, 3);
    play(
        &mut fresh,
        Move::decide(0, "design", &[design("Keep and Tower")]),
    );
    play(&mut fresh, Move::decide(0, "done", &[]));
    let o = simulate(&fresh, &support::let_go());
    assert_eq!(fresh.shot_hit(&o), None);
}
