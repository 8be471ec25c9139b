//! The frozen compatibility corpus (tests/compat/, never regenerated): every replay must replay to
//! its recorded summary line, whether its shots are re-simulated or their recorded outcomes are
//! trusted, and must read and write back to the same bytes (replay format 1).

use std::fs;
use std::path::{Path, PathBuf};

use engine::core::replay::Replay;
use tools::referee;

fn corpus() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/compat");
    let mut files = Vec::new();
    for dir in fs::read_dir(&root).into_iter().flatten().flatten() {
        for f in fs::read_dir(dir.path()).into_iter().flatten().flatten() {
            if f.path().extension().is_some_and(|x| x == "json") {
                files.push(f.path());
            }
        }
    }
    files.sort();
    files
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

fn summary_of(path: &Path) -> String {
    let expect = read(&path.with_extension("expect"));
    expect.lines().next().unwrap_or_default().to_string()
}

#[test]
fn compat_corpus_covers_every_game_with_recordings_from_an_earlier_build() {
    let files = corpus();
    // Every shipped game (Feud's and Assault's first tables among them: tests/compat/README.md).
    for game in engine::games::GAMES
        .iter()
        .filter(|g| g.available && !g.fixture)
        .map(|g| g.id)
    {
        assert!(
            files
                .iter()
                .any(|f| f.to_string_lossy().contains(&format!("/{game}/"))),
            "tests/compat/{game} holds no replay"
        );
    }
}

#[test]
fn compat_replays_resimulate_to_their_recorded_summary() {
    for file in corpus() {
        let session = referee::replay(&read(&file), true)
            .unwrap_or_else(|e| panic!("{}: refused: {e}", file.display()));
        assert_eq!(session.summary(), summary_of(&file), "{}", file.display());
        // The trace re-simulates every shot: its last two lines (summary and the hash over every
        // re-simulated outcome) prove the physics did not change by a bit.
        let (lines, result) = referee::trace(&read(&file));
        assert_eq!(result, Ok(()), "{}", file.display());
        let got = lines[lines.len().saturating_sub(2)..].join("\n");
        assert_eq!(
            got.trim(),
            read(&file.with_extension("expect")).trim(),
            "{}",
            file.display()
        );
    }
}

#[test]
fn compat_replays_with_trusted_outcomes_reach_the_same_summary() {
    for file in corpus() {
        let session = referee::replay(&read(&file), false)
            .unwrap_or_else(|e| panic!("{}: refused: {e}", file.display()));
        assert_eq!(session.summary(), summary_of(&file), "{}", file.display());
    }
}

#[test]
fn compat_replays_read_and_write_back_byte_for_byte() {
    for file in corpus() {
        let text = read(&file);
        let replay = Replay::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        assert_eq!(replay.to_json().trim(), text.trim(), "{}", file.display());
    }
}
