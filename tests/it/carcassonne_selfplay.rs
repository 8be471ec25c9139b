//! Carcassonne played whole through the referee by the generic bot (the game rates its own
//! decisions and aims its hurls by simulating them), then replayed: the game ends when the tiles
//! run out and the summary line is identical, with every hurl re-simulated and with the recorded
//! outcomes trusted. The default game is The Catapult: its rounds of every kind come up across
//! these seeds; `no_catapult` is the base game of two moves a turn.

use engine::core::replay::Replay;
use tools::referee;

fn selfplay_and_replay(players: usize, seed: u64, options: &[String]) -> Replay {
    let session = referee::selfplay("carcassonne", players, seed, options)
        .unwrap_or_else(|e| panic!("{players} players: selfplay failed: {e:?}"));
    assert!(session.game.is_over(), "the game ended by the rules");
    let n_moves = session.replay.moves.len();
    assert!(n_moves >= 2 * 60, "most of the tiles laid: {n_moves} moves");
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
    session.replay.clone()
}

/// The token kinds chosen in a replay (0 Knock out, 1 Seduction, 2 Target, 3 Catch).
fn kinds(r: &Replay) -> Vec<i64> {
    let mut k: Vec<i64> = r
        .moves
        .iter()
        .filter(|m| m.action == "token")
        .filter_map(|m| m.args.first().copied())
        .collect();
    k.sort_unstable();
    k.dedup();
    k
}

#[test]
fn two_and_three_players_play_catapult_rounds_of_every_kind_and_replay_identically() {
    let a = selfplay_and_replay(2, 1, &[]);
    let b = selfplay_and_replay(3, 1, &[]);
    let mut all = kinds(&a);
    all.extend(kinds(&b));
    all.sort_unstable();
    all.dedup();
    assert_eq!(all, vec![0, 1, 2, 3], "every token kind was hurled");
    // A Catch round has the catcher's hand moves; every hurl is a shot with its outcome.
    assert!(a.moves.iter().any(|m| m.action == "hand"));
    assert!(a
        .moves
        .iter()
        .filter(|m| m.is_shot())
        .all(|m| m.launch.is_some() && m.outcome.as_ref().is_some_and(|o| !o.hash.is_empty())));
}

#[test]
fn six_players_selfplay_and_replay_identically() {
    let r = selfplay_and_replay(6, 3, &[]);
    assert!(!kinds(&r).is_empty(), "a catapult round was played");
}

#[test]
fn no_catapult_is_the_base_game_of_two_moves_a_turn() {
    let base = selfplay_and_replay(3, 7, &["no_catapult".to_string()]);
    assert_eq!(base.moves.len() % 2, 0, "whole turns of two moves");
    assert!(base
        .moves
        .iter()
        .all(|m| !m.is_shot() && m.action != "token"));
}
