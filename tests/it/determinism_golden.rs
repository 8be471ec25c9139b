//! Golden replays: `tests/golden/<game>/*.json` are committed selfplay replays; next to each, a
//! `.expect` file holds the last two lines of its `referee trace` (the summary line and
//! `simhash`, a hash over every shot re-simulated from its launch). Any change that alters a
//! physics outcome (or the rules' scoring) fails here, naming the replay and the first move.
//! `tests/golden/synthetic.expect` does the same for the benchmark's synthetic scenes.
//!
//! To accept a deliberate change: `scripts/determinism.sh --update-goldens`, and say in the commit
//! why the outcomes changed (docs/determinism.md).

use std::fs;
use std::path::{Path, PathBuf};

use engine::games;
use engine::physics::synthetic;
use tools::referee;

fn golden_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

fn golden_dirs() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = fs::read_dir(golden_root())
        .map(|rd| {
            rd.flatten()
                .map(|e| e.path())
                .filter(|p| p.is_dir())
                .collect()
        })
        .unwrap_or_default();
    dirs.sort();
    dirs
}

fn replays_in(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .map(|rd| {
            rd.flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().map(|x| x == "json").unwrap_or(false))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

#[test]
fn golden_replays_reproduce_their_recorded_hashes() {
    let mut checked = 0;
    for dir in golden_dirs() {
        for file in replays_in(&dir) {
            let text = fs::read_to_string(&file)
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()));
            let expect_path = file.with_extension("expect");
            let expect = fs::read_to_string(&expect_path).unwrap_or_else(|e| {
                panic!(
                    "{} has no {} ({e}): run scripts/determinism.sh --update-goldens",
                    file.display(),
                    expect_path.display()
                )
            });
            let (lines, result) = referee::trace(&text);
            if let Err(e) = result {
                let bad: Vec<&String> = lines.iter().filter(|l| l.contains("DIFFERENT")).collect();
                panic!(
                    "{}: {e}\nfirst differing shot: {:?}\n(if the change is deliberate: \
                     scripts/determinism.sh --update-goldens, and say why in the commit)",
                    file.display(),
                    bad.first()
                );
            }
            let got = lines[lines.len().saturating_sub(2)..].join("\n");
            assert_eq!(
                got.trim(),
                expect.trim(),
                "{}: summary or simhash changed",
                file.display()
            );
            // `referee replay` prints the same summary line.
            let session = referee::replay(&text, true)
                .unwrap_or_else(|e| panic!("{}: replay refused: {e}", file.display()));
            assert_eq!(
                Some(session.summary().as_str()),
                expect.lines().next(),
                "{}: replay summary",
                file.display()
            );
            checked += 1;
        }
    }
    for g in games::GAMES.iter().filter(|g| g.available) {
        if replays_in(&golden_root().join(g.id)).is_empty() {
            eprintln!(
                "note: {} has no golden replays yet (scripts/determinism.sh --update-goldens)",
                g.id
            );
        }
    }
    eprintln!("{checked} golden replays reproduced");
}

#[test]
fn golden_folders_name_available_games() {
    for dir in golden_dirs() {
        let id = dir
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        let info = games::info(&id).unwrap_or_else(|e| panic!("tests/golden/{id}: {e}"));
        assert!(
            info.available,
            "tests/golden/{id}: {} is not available",
            info.name
        );
        for file in replays_in(&dir) {
            assert!(
                file.with_extension("expect").is_file(),
                "{} has no .expect file",
                file.display()
            );
        }
    }
}

/// The last frame of each synthetic scene: `== synthetic NAME` followed by its final frame line.
pub fn synthetic_finals() -> String {
    let lines = synthetic::synthetic_trace();
    let mut out = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        if l.starts_with("== ") {
            out.push(l.clone());
        }
        let next_is_header = lines
            .get(i + 1)
            .map(|n| n.starts_with("== "))
            .unwrap_or(true);
        if l.starts_with("frame ") && next_is_header {
            out.push(l.clone());
        }
    }
    out.join("\n")
}

#[test]
fn synthetic_scenes_end_where_they_always_ended() {
    let path = golden_root().join("synthetic.expect");
    let expect = fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "cannot read {} ({e}): run scripts/determinism.sh --update-goldens",
            path.display()
        )
    });
    assert_eq!(
        synthetic_finals().trim(),
        expect.trim(),
        "the synthetic scenes' final frames changed: rapier, the table parameters or the \
         scenes changed (deliberate? scripts/determinism.sh --update-goldens)"
    );
}
