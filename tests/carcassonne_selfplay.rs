//! Carcassonne played whole through the referee by the generic bot (the game rates its own
//! decisions), then replayed: the game ends when the tiles run out and the summary line is
//! identical. Quick in debug: one game of 2, one of 6 seats and one with `no_catapult`.

use catapult_table::referee;

fn selfplay_and_replay(players: usize, seed: u64, options: &[String]) -> String {
    let session = referee::selfplay("carcassonne", players, seed, options)
        .unwrap_or_else(|e| panic!("{players} players: selfplay failed: {e:?}"));
    assert!(session.game.is_over(), "the game ended by the rules");
    // Every tile is laid (or set aside): two moves a turn (tile, then follower or none).
    let n_moves = session.replay.moves.len();
    assert_eq!(n_moves % 2, 0, "whole turns of two moves: {n_moves}");
    assert!(
        n_moves >= 2 * 60,
        "most of the 71 tiles laid: {n_moves} moves"
    );
    let scores = session.game.scores();
    assert_eq!(scores.len(), players);
    assert!(
        scores.iter().sum::<i64>() > 0,
        "somebody scored: {scores:?}"
    );
    let summary = session.summary();
    let replayed = referee::replay(&session.replay.to_json(), true)
        .unwrap_or_else(|e| panic!("{players} players: replay failed: {e}"));
    assert_eq!(replayed.summary(), summary);
    let checked = referee::replay(&session.replay.to_json(), false)
        .unwrap_or_else(|e| panic!("{players} players: check failed: {e}"));
    assert_eq!(checked.summary(), summary);
    println!("{summary}");
    summary
}

#[test]
fn two_players_selfplay_and_replay_identically() {
    selfplay_and_replay(2, 1, &[]);
}

#[test]
fn six_players_selfplay_and_replay_identically() {
    selfplay_and_replay(6, 3, &[]);
}

#[test]
fn no_catapult_is_today_the_default_game() {
    let plain = selfplay_and_replay(3, 7, &[]);
    let base = selfplay_and_replay(3, 7, &["no_catapult".to_string()]);
    // Same tiles, same moves, same scores; only the recorded options differ.
    let strip = |s: &str| s.split("\"moves\"").nth(1).map(str::to_string);
    assert_eq!(strip(&plain), strip(&base));
}
