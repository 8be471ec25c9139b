//! Game links against real games: every golden replay (and every file in tests/compat/, when
//! there is one) goes into a link and comes back as the same game; opening the link
//! re-simulates every shot and reaches the same result; a link whose launches were changed is
//! refused. Prints each link's length (docs/replay-format.md quotes them).

use engine::core::link::{self, LinkGame};
use engine::core::replay::Replay;
use engine::headless::driver_for;
use std::path::{Path, PathBuf};

fn replays() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut out = Vec::new();
    for dir in ["golden", "compat"] {
        let Ok(games) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        for g in games.flatten() {
            let Ok(files) = std::fs::read_dir(g.path()) else {
                continue;
            };
            for f in files.flatten() {
                if f.path().extension().map(|e| e == "json").unwrap_or(false) {
                    out.push(f.path());
                }
            }
        }
    }
    out.sort();
    // tests/compat/ may hold copies of the goldens: each game once.
    let mut seen = std::collections::BTreeSet::new();
    out.retain(|p| seen.insert(std::fs::read(p).unwrap_or_default()));
    assert!(out.len() >= 9, "the golden replays are there: {out:?}");
    out
}

fn read(p: &Path) -> Replay {
    let text = std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    Replay::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn without_outcomes(r: &Replay) -> Replay {
    let mut r = r.clone();
    for m in &mut r.moves {
        m.outcome = None;
    }
    r
}

#[test]
fn every_golden_replay_round_trips_through_a_link() {
    for p in replays() {
        let r = read(&p);
        let text = link::encode(&r).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        let back = link::decode(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        assert_eq!(back.replay, without_outcomes(&r), "{}", p.display());
        let shots: Vec<u16> = r
            .moves
            .iter()
            .filter_map(|m| m.outcome.as_ref())
            .map(link::shot_check)
            .collect();
        assert_eq!(back.checks, shots, "{}", p.display());
        eprintln!(
            "link {}: {} moves, {} shots, {} URL characters (with #g=), JSON {} bytes",
            p.file_name().and_then(|n| n.to_str()).unwrap_or_default(),
            r.moves.len(),
            shots.len(),
            text.len() + link::FRAGMENT.len(),
            r.to_json().len()
        );
    }
}

/// The first `n` moves of a game (a game in progress, as it is sent).
fn first(r: &Replay, n: usize) -> Replay {
    let mut r = r.clone();
    r.moves.truncate(n);
    r
}

#[test]
fn a_hundred_moves_of_every_built_game_fit_in_2000_url_characters() {
    for p in replays() {
        let r = read(&p);
        let r = first(&r, 100);
        let n = link::encode(&r).map(|t| t.len()).unwrap_or(usize::MAX) + link::FRAGMENT.len();
        eprintln!(
            "100-move link {}: {} moves, {n} characters",
            p.display(),
            r.moves.len()
        );
        assert!(n <= 2000, "{}: {n} characters", p.display());
    }
}

fn open(link: &LinkGame) -> Result<engine::core::Session, String> {
    let mut s = driver_for(&link.replay).map_err(|e| e.0)?.session;
    link::play_into(&mut s, link).map_err(|e| e.0)?;
    Ok(s)
}

#[test]
fn opening_a_link_resimulates_every_shot_to_the_same_game() {
    for p in replays() {
        let r = read(&p);
        let l = link::decode(&link::encode(&r).unwrap_or_default())
            .unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        let s = open(&l).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        // The same moves and the same outcomes as the original: the same game.
        assert_eq!(s.replay.moves, r.moves, "{}", p.display());
    }
}

#[test]
fn a_link_whose_launch_was_changed_is_refused_as_changed() {
    let p = replays()
        .into_iter()
        .find(|p| p.to_string_lossy().contains("castle-2p"))
        .unwrap_or_else(|| panic!("castle-2p golden"));
    let r = read(&p);
    let mut l =
        link::decode(&link::encode(&r).unwrap_or_default()).unwrap_or_else(|e| panic!("{e}"));
    let i = l
        .replay
        .moves
        .iter()
        .position(|m| m.is_shot())
        .unwrap_or_else(|| panic!("a shot"));
    if let Some(launch) = l.replay.moves[i].launch.as_mut() {
        launch.power -= 40;
    }
    let e = open(&l).err().unwrap_or_default();
    assert!(
        e.contains("changed or is from an incompatible version"),
        "{e}"
    );
    assert!(e.contains(&format!("move {}", i + 1)), "{e}");
    // Also when the change goes through a whole link (re-encoded with the old checks).
    let mut tampered = r.clone();
    if let Some(launch) = tampered.moves[i].launch.as_mut() {
        launch.power -= 40;
    }
    let t = link::decode(&link::encode(&tampered).unwrap_or_default())
        .unwrap_or_else(|e| panic!("{e}"));
    let e = open(&t).err().unwrap_or_default();
    assert!(e.contains("changed"), "{e}");
    // A changed decision that the rules refuse is refused in words too.
    let mut l2 =
        link::decode(&link::encode(&r).unwrap_or_default()).unwrap_or_else(|e| panic!("{e}"));
    let d = l2
        .replay
        .moves
        .iter()
        .position(|m| !m.is_shot())
        .unwrap_or_else(|| panic!("a decision"));
    l2.replay.moves[d].action = "jump".into();
    let e = open(&l2).err().unwrap_or_default();
    assert!(e.contains("not a legal move"), "{e}");
}
