//! Hidden information in online rooms (`engine::core::hidden`): every golden replay is played
//! the server's way (with its seed, noting each draw) and followed by every seat and a watcher
//! without the seed, told only the draws each may see. Each follower's public table is the
//! server's after every move, its own hand is true, and what it cannot see it cannot predict:
//! Carcassonne's next tile and the other seats' Castle and Feud hands.

use std::fs;
use std::path::{Path, PathBuf};

use engine::core::driver::{Driver, Origin, Recorded};
use engine::core::hidden::{self, Noted, Told};
use engine::core::replay::Replay;
use engine::core::Game;
use engine::games;
use engine::online::room::state_hash;

/// The seed a device without the room's seed makes its game from (as the app does: 0).
const DECOY: u64 = 0;

fn golden() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let mut out = Vec::new();
    for dir in fs::read_dir(&root).into_iter().flatten().flatten() {
        for f in fs::read_dir(dir.path()).into_iter().flatten().flatten() {
            if f.path().extension().is_some_and(|x| x == "json") {
                out.push(f.path());
            }
        }
    }
    out.sort();
    assert!(out.len() >= 15, "the golden replays are there");
    out
}

/// The server's side: the game with its seed, each move noted. Returns the notes (setup first)
/// and the state hash after each move.
fn serve(r: &Replay) -> (Vec<Vec<Noted>>, Vec<String>, Driver) {
    let (game, setup) = hidden::record(|| games::game_for(r));
    let game = game.unwrap_or_else(|e| panic!("{}: {e}", r.game));
    let mut d = Driver::new(game, r);
    let mut notes = vec![setup];
    let mut hashes = Vec::new();
    for (i, mv) in r.moves.iter().enumerate() {
        let (played, n) =
            hidden::record(|| d.apply_recorded_as(i, mv, Recorded::Trust, Origin::Player));
        played.unwrap_or_else(|e| panic!("{}: {e}", r.game));
        notes.push(n);
        hashes.push(state_hash(&d.session));
    }
    (notes, hashes, d)
}

fn tape(notes: &[Noted], seats: &[usize]) -> Vec<Told> {
    // Through the wire's text, as a device receives it.
    let text = hidden::tape_text(&notes.iter().map(|n| n.for_seats(seats)).collect::<Vec<_>>());
    hidden::parse_tape(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// A device holding `seats` follows the game without the seed; `each` sees it before each move.
fn follow(
    r: &Replay,
    notes: &[Vec<Noted>],
    seats: &[usize],
    each: impl FnMut(usize, &dyn Game),
) -> (Vec<String>, Driver) {
    follow_from(r, notes, seats, DECOY, each)
}

fn choices_text(g: &dyn Game) -> Vec<String> {
    g.choices().iter().map(|c| format!("{c:?}")).collect()
}

#[test]
fn every_seat_and_a_watcher_follow_every_golden_replay_without_the_seed() {
    for path in golden() {
        let text = fs::read_to_string(&path).unwrap_or_default();
        let r = Replay::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let (notes, truth, server) = serve(&r);
        let mut viewers: Vec<Vec<usize>> = (0..r.seats.len()).map(|s| vec![s]).collect();
        viewers.push(Vec::new());
        for seats in viewers {
            // The real game at each move, to hold the follower's own choices against.
            let mut real = Driver::new(
                games::game_for(&Replay {
                    moves: Vec::new(),
                    ..r.clone()
                })
                .unwrap_or_else(|e| panic!("{e}")),
                &r,
            );
            let mut differ = None;
            let (hashes, _) = follow(&r, &notes, &seats, |i, g| {
                if let Some(t) = g.turn().filter(|t| seats.contains(t)) {
                    if differ.is_none() && choices_text(g) != choices_text(real.game()) {
                        differ = Some((i, t));
                    }
                }
                let _ = real.apply_recorded(i, &r.moves[i], Recorded::Trust);
            });
            assert_eq!(
                differ,
                None,
                "{}: seat's own choices (its hand) differ from the real ones",
                path.display()
            );
            assert_eq!(
                hashes,
                truth,
                "{} followed by seats {seats:?}: the table differs",
                path.display()
            );
        }
        assert!(server.game().is_over() || !r.moves.is_empty());
    }
}

fn golden_of(game: &str) -> Vec<Replay> {
    golden()
        .into_iter()
        .filter(|p| p.to_string_lossy().contains(&format!("/{game}/")))
        .map(|p| {
            Replay::parse(&fs::read_to_string(&p).unwrap_or_default())
                .unwrap_or_else(|e| panic!("{e}"))
        })
        .collect()
}

/// Follows every golden replay of `game` as seat 0, with the room's seed or from the decoy,
/// and counts the cards it was told and how many its own game already held where each was told.
fn guessed(game: &str, with_seed: bool) -> (u32, u32) {
    let _ = hidden::take_guesses();
    for r in golden_of(game) {
        let (notes, truth, _) = serve(&r);
        let seed = if with_seed { r.seed } else { DECOY };
        let (hashes, _) = follow_from(&r, &notes, &[0], seed, |_, _| {});
        assert_eq!(hashes, truth, "{game}");
    }
    hidden::take_guesses()
}

fn follow_from(
    r: &Replay,
    notes: &[Vec<Noted>],
    seats: &[usize],
    seed: u64,
    mut each: impl FnMut(usize, &dyn Game),
) -> (Vec<String>, Driver) {
    let mut header = r.clone();
    header.moves.clear();
    header.seed = seed;
    let (game, fit) = hidden::told(tape(&notes[0], seats), seats, || games::game_for(&header));
    fit.unwrap_or_else(|e| panic!("{} setup: {e}", r.game));
    let mut d = Driver::new(game.unwrap_or_else(|e| panic!("{e}")), &header);
    d.session.seal(seats);
    let mut hashes = Vec::new();
    for (i, mv) in r.moves.iter().enumerate() {
        each(i, d.game());
        d.session.tell(i as u64, tape(&notes[i + 1], seats));
        d.apply_recorded(i, mv, Recorded::Trust)
            .unwrap_or_else(|e| panic!("{} seats {seats:?} move {i}: {e}", r.game));
        hashes.push(state_hash(&d.session));
    }
    (hashes, d)
}

#[test]
fn a_device_cannot_predict_the_next_tile_or_the_cards_it_cannot_see() {
    for game in ["carcassonne", "castle", "feud"] {
        // The old way, every device had the seed: its own game held every card before it was
        // told. That is what this test would catch.
        let (right, told) = guessed(game, true);
        assert!(
            told > 0 && right == told,
            "{game} with the seed: {right} of {told}"
        );
        let (right, told) = guessed(game, false);
        println!("{game}: the device's own game held {right} of the {told} cards told");
        assert!(told >= 20, "{game}: cards were drawn and told ({told})");
        assert!(
            right * 2 < told,
            "{game}: a device guessed {right} of {told} hidden cards from what it received"
        );
    }
}
