//! The determinism tools themselves: the bench's bare rapier world really holds the table's
//! bodies (bit for bit), the synthetic scenes repeat, and for every available game a selfplay
//! replay traces cleanly, re-simulates from its launches alone to the same game, and a tampered
//! recording is caught at the move that was changed. Cross-platform (native = wasm) comparison is
//! scripts/determinism.sh; see docs/determinism.md.

use engine::core::replay::Replay;
use engine::games;
use engine::physics::synthetic;
use tools::bench::Bare;
use tools::referee;

#[test]
fn the_benchmarks_bare_world_is_the_table_bit_for_bit() {
    for (name, mut table) in [
        ("cups", synthetic::cups_and_balls()),
        ("cards", synthetic::card_houses()),
    ] {
        let mut bare = Bare::of(&table);
        assert!(bare.same_as(&table), "{name}: differs before stepping");
        let mut frames = 0;
        while !table.step_frame() && table.fallen().is_empty() && frames < 90 {
            bare.step(table.config().substeps as u64);
            frames += 1;
            assert!(bare.same_as(&table), "{name}: differs after frame {frames}");
        }
        assert!(frames >= 30, "{name}: only {frames} frames compared");
        // And the check can fail: a nudged body is noticed.
        if let Some(h) = bare.handles.iter().flatten().nth(5).copied() {
            if let Some(rb) = bare.world.bodies.get_mut(h) {
                let v = rb.linvel();
                rb.set_linvel(rapier2d::prelude::Vector::new(v.x + 1e-3, v.y), true);
            }
        }
        assert!(
            !bare.same_as(&table),
            "{name}: a nudged body went unnoticed"
        );
    }
}

#[test]
fn a_snapshot_of_the_tables_world_continues_bit_for_bit() {
    // The benchmark resynchronises its bare world with a copy of the table's world when a game
    // acts mid-shot; the copy (fresh pipelines) must then step exactly like the table.
    let mut table = synthetic::card_houses();
    for _ in 0..20 {
        table.step_frame();
    }
    let mut bare = Bare::snapshot(&table);
    assert!(bare.same_as(&table));
    for frame in 0..30 {
        if table.step_frame() {
            break;
        }
        bare.step(table.config().substeps as u64);
        assert!(
            bare.same_as(&table),
            "differs {frame} frames after the copy"
        );
    }
}

#[test]
fn synthetic_scenes_repeat_frame_by_frame() {
    let a = synthetic::synthetic_trace();
    let b = synthetic::synthetic_trace();
    assert!(a.len() > 100, "{} trace lines", a.len());
    assert_eq!(a, b);
}

fn strip_outcomes(r: &Replay) -> Replay {
    let mut r = r.clone();
    for m in &mut r.moves {
        if m.launch.is_some() {
            m.outcome = None;
        }
    }
    r
}

#[test]
fn every_available_game_traces_replays_and_catches_tampering() {
    for g in games::GAMES.iter().filter(|g| g.available) {
        let session = referee::selfplay(g.id, g.min_seats, 7, &[])
            .unwrap_or_else(|e| panic!("{}: selfplay failed: {e:?}", g.id));
        let json = session.replay.to_json();
        let (lines, result) = referee::trace(&json);
        assert!(result.is_ok(), "{}: {result:?}", g.id);
        let n = lines.len();
        assert_eq!(lines[n - 2], session.summary(), "{}: trace summary", g.id);
        assert!(lines[n - 1].starts_with("simhash "), "{}", g.id);
        assert_eq!(
            n - 2,
            session.replay.moves.len(),
            "{}: a line per move",
            g.id
        );

        // From the launches alone, the whole game comes out the same.
        let bare = strip_outcomes(&session.replay).to_json();
        let (fresh, result) = referee::trace(&bare);
        assert!(result.is_ok(), "{}: launch-only replay: {result:?}", g.id);
        assert_eq!(fresh[fresh.len() - 2], session.summary(), "{}", g.id);
        assert_eq!(fresh[fresh.len() - 1], lines[n - 1], "{}: simhash", g.id);

        // A recording whose hash was changed is caught at that move.
        let Some(i) = session.replay.moves.iter().position(|m| m.launch.is_some()) else {
            continue;
        };
        let mut bad = session.replay.clone();
        if let Some(o) = bad.moves[i].outcome.as_mut() {
            o.hash = "0123456789abcdef".into();
        }
        let (lines, result) = referee::trace(&bad.to_json());
        let err = result.err().map(|e| e.0).unwrap_or_default();
        assert!(err.contains(&format!("move {i}")), "{}: {err}", g.id);
        assert!(
            lines[i].contains("recorded DIFFERENT"),
            "{}: {}",
            g.id,
            lines[i]
        );
    }
}

fn run(args: &[&str]) -> referee::RunResult {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    referee::run(&args)
}

#[test]
fn referee_games_trace_and_bench_commands() {
    let listed = run(&["games"]);
    assert_eq!(listed.code, 0);
    let available: Vec<_> = games::GAMES.iter().filter(|g| g.available).collect();
    assert_eq!(listed.out.len(), available.len(), "{:?}", listed.out);
    for (line, g) in listed.out.iter().zip(&available) {
        assert_eq!(line, &format!("{} {} {}", g.id, g.min_seats, g.max_seats));
    }

    let missing = run(&["trace", "/nonexistent/replay.json"]);
    assert_eq!(missing.code, 2);
    assert!(missing
        .err
        .iter()
        .any(|e| e.contains("/nonexistent/replay.json")));
    assert_eq!(run(&["trace"]).code, 2);
    assert_eq!(run(&["bench", "--reps", "many"]).code, 2);

    let synthetic = run(&["trace", "--synthetic"]);
    assert_eq!(synthetic.code, 0);
    assert_eq!(synthetic.out, synthetic::synthetic_trace());

    // The cheapest game, if it exists: one scene row and one game row, bare = table bits.
    if available.iter().any(|g| g.id == "castle") {
        let b = run(&["bench", "--tsv", "--reps", "1", "--game", "castle"]);
        assert_eq!(b.code, 0, "{:?}", b.err);
        let scenes: Vec<&String> = b.out.iter().filter(|l| l.starts_with("scene\t")).collect();
        let played: Vec<&String> = b.out.iter().filter(|l| l.starts_with("game\t")).collect();
        assert_eq!((scenes.len(), played.len()), (1, 1), "{:?}", b.out);
        let fields: Vec<&str> = scenes[0].split('\t').collect();
        assert_eq!(fields.len(), 13, "{fields:?}");
        assert!(fields[12].contains("yes"), "{fields:?}");
    }
}
