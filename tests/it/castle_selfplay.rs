//! Catapult Castle through the referee: bots play whole games to the rulebook's end, and the
//! replays re-simulate to the identical summary.

use engine::core::game::RulesState;
use engine::core::seat::{default_seats, SeatKind};
use engine::core::Game;
use engine::games::castle::Castle;
use tools::referee::{replay, selfplay, MOVE_CAP};

/// Plays the recorded moves (outcomes as recorded) on a fresh game to inspect the final state.
fn final_state(text: &str, players: usize, seed: u64, options: &[String]) -> Castle {
    let parsed = match engine::core::replay::Replay::parse(text) {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    };
    let mut c = match Castle::create(options, default_seats(players, SeatKind::Bot), seed) {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    };
    for (i, mv) in parsed.moves.iter().enumerate() {
        if let Err(e) = c.apply(mv) {
            panic!("move {i}: {e}");
        }
    }
    c
}

fn play_and_replay(players: usize, seed: u64, options: &[&str]) {
    let options: Vec<String> = options.iter().map(|s| s.to_string()).collect();
    let session = match selfplay("castle", players, seed, &options) {
        Ok(s) => s,
        Err(e) => panic!("selfplay {players} players: {e:?}"),
    };
    assert!(session.game.is_over());
    assert!(session.replay.moves.len() < MOVE_CAP);
    let text = session.replay.to_json();
    let again = match replay(&text, true) {
        Ok(s) => s,
        Err(e) => panic!("replay {players} players: {e}"),
    };
    assert_eq!(
        session.summary(),
        again.summary(),
        "the replay re-simulates identically"
    );
    // It ended the rulebook's way.
    let c = final_state(&text, players, seed, &options);
    let s = &c.state;
    assert!(s.is_over());
    if s.solo {
        assert!(s.supply == 0 || s.towers_on_mats() == 0);
        assert_eq!(c.scores(), vec![s.removed.len() as i64 + s.supply as i64]);
    } else {
        assert!(
            s.supply == 0 || (0..players).any(|p| s.towers_of(p) == 0),
            "ended early"
        );
        assert_eq!(s.supply + s.ammo_in_towers(), 36, "no ammo lost");
        let towers: Vec<i64> = (0..players).map(|p| s.towers_of(p) as i64).collect();
        assert_eq!(c.scores(), towers);
        assert!(s.ammo_in_towers() > 0, "the bots must hit towers");
    }
    assert_eq!(c.scores(), session.game.scores());
}

#[test]
fn two_players_selfplay_replays_identically() {
    play_and_replay(2, 1, &[]);
}

#[test]
fn solo_selfplay_replays_identically() {
    play_and_replay(1, 2, &[]);
}

#[test]
fn three_and_four_players_selfplay_replay_identically() {
    play_and_replay(3, 3, &[]);
    play_and_replay(4, 4, &[]);
}

#[test]
fn optional_rules_selfplay_to_the_end() {
    play_and_replay(4, 5, &["experts"]);
    play_and_replay(2, 6, &["beginners"]);
}
