//! Every event line names who acted: replaying each golden and compatibility replay by its
//! recorded outcomes, each event that concerns a seat, as players read it in the log and the
//! screen-reader layer (`app::wording::for_players`), names one of the players, or is a
//! consequence with a subject of its own ("The tower on square 2 of mat 1 leaves play"). A rule
//! that writes "Draws a card" (a capital, so the app adds no subject) fails here; "draws a card"
//! becomes "Ada draws a card".

use std::fs;
use std::path::Path;

use catapult_table::app::wording::for_players;
use engine::core::replay::Replay;
use engine::headless::driver_for;

#[test]
fn regress_every_event_line_names_who_acted() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut files: Vec<_> = ["golden", "compat"]
        .iter()
        .flat_map(|corpus| fs::read_dir(root.join(corpus)).into_iter().flatten())
        .flatten()
        .flat_map(|game| fs::read_dir(game.path()).into_iter().flatten())
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(files.len() >= 5, "the corpora: {files:?}");
    let mut unnamed: Vec<String> = Vec::new();
    let mut lines = 0;
    for file in &files {
        let text = fs::read_to_string(file).unwrap_or_else(|e| panic!("{e}"));
        let header = Replay::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let names: Vec<String> = header.seats.iter().map(|s| s.name.clone()).collect();
        let mut driver = driver_for(&header).unwrap_or_else(|e| panic!("{e}"));
        for (i, mv) in header.moves.iter().enumerate() {
            let events = driver
                .play(mv.clone())
                .unwrap_or_else(|e| panic!("{} move {i}: {e}", file.display()));
            for e in events.iter().filter(|e| e.seat >= 0) {
                let line = for_players(&e.text, usize::try_from(e.seat).ok(), &names);
                lines += 1;
                let own_subject = ["The ", "A ", "An "].iter().any(|s| e.text.starts_with(s));
                if !own_subject && !names.iter().any(|n| line.contains(n.as_str())) {
                    unnamed.push(format!("{}: {} ({})", driver.game().id(), line, e.kind));
                }
            }
        }
    }
    unnamed.sort();
    unnamed.dedup();
    assert!(lines > 100, "only {lines} event lines read");
    assert!(
        unnamed.is_empty(),
        "{} event lines name nobody:\n{}",
        unnamed.len(),
        unnamed.join("\n")
    );
}
