//! Catapults played whole by the built-in bots, then replayed: every flick re-simulates to its
//! recorded facts and hash, and the summary line is identical.

use tools::referee;

fn selfplay_and_replay(players: usize, seed: u64) {
    let session = referee::selfplay("catapults", players, seed, &[])
        .unwrap_or_else(|e| panic!("{players} players: selfplay failed: {e:?}"));
    assert!(session.game.is_over(), "the game ended by the rules");
    let scores = session.game.scores();
    let best = scores.iter().copied().max().unwrap_or(0);
    let second = {
        let mut s = scores.clone();
        s.sort_unstable_by(|a, b| b.cmp(a));
        s.get(1).copied().unwrap_or(0)
    };
    assert!(
        best >= 21 && best - second >= 2,
        "ended at 21+ with a 2-point lead: {scores:?}"
    );
    let n_moves = session.replay.moves.len();
    assert_eq!(n_moves % (4 * players), 0, "whole rounds of 4 cubes each");
    let summary = session.summary();
    let replayed = referee::replay(&session.replay.to_json(), true)
        .unwrap_or_else(|e| panic!("{players} players: replay failed: {e}"));
    assert_eq!(replayed.summary(), summary);
    let checked = referee::replay(&session.replay.to_json(), false)
        .unwrap_or_else(|e| panic!("{players} players: check failed: {e}"));
    assert_eq!(checked.summary(), summary);
    println!("{summary}");
}

#[test]
fn two_players_selfplay_and_replay_identically() {
    selfplay_and_replay(2, 1);
}

#[test]
fn three_players_selfplay_and_replay_identically() {
    selfplay_and_replay(3, 5);
}
