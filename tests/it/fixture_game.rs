//! The practice game (engine/src/games/practice, feature `fixture-game`, which the root package's
//! tests always have) is the worked example of adding a game: a folder and one registry line,
//! and the tools list it with no other change (docs/architecture.md, "Adding a game").

use engine::games;
use tools::{bench, referee};

fn run_referee(args: &[&str]) -> engine::headless::RunResult {
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    referee::run(&args)
}

#[test]
fn the_practice_game_is_in_the_registry_as_a_fixture() {
    let info = games::info("practice").unwrap_or_else(|e| panic!("{e}"));
    assert!(info.available && info.fixture);
    assert_eq!(games::GAMES.iter().filter(|g| g.fixture).count(), 1);
}

#[test]
fn the_referee_lists_plays_and_replays_the_practice_game_by_its_registry_line_alone() {
    let listed = run_referee(&["games"]);
    assert_eq!(listed.code, 0, "{:?}", listed.err);
    // `scripts/determinism.sh` builds its corpus from exactly these lines.
    assert!(
        listed.out.iter().any(|l| l == "practice 1 4"),
        "{:?}",
        listed.out
    );
    let session = referee::selfplay("practice", 2, 3, &[]).unwrap_or_else(|e| panic!("{e:?}"));
    let again = referee::replay(&session.replay.to_json(), true).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(again.summary(), session.summary());
}

#[test]
fn the_bench_times_the_practice_game_by_its_registry_line_alone() {
    let args: Vec<String> = ["--tsv", "--reps", "1", "--game", "practice"]
        .iter()
        .map(|a| a.to_string())
        .collect();
    let b = bench::run(&args);
    assert_eq!(b.code, 0, "{:?}", b.err);
    let played: Vec<&String> = b
        .out
        .iter()
        .filter(|l| l.starts_with("game\t") && l.split('\t').nth(2) == Some("practice"))
        .collect();
    assert_eq!(played.len(), 1, "{:?}", b.out);
}
