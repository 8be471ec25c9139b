//! Assault on the Castle: bots play whole games through the referee, ending by the last castle
//! standing within the move cap, and the replay re-simulates every shot identically.

use tools::referee::{self, MOVE_CAP};

fn selfplay_and_replay(players: usize, seed: u64) {
    let session = referee::selfplay("assault", players, seed, &[]);
    assert!(
        session.is_ok(),
        "{players} players, seed {seed}: {:?}",
        session.as_ref().err()
    );
    let Ok(session) = session else { return };
    assert!(session.game.is_over(), "the game ended");
    assert!(session.replay.moves.len() < MOVE_CAP);
    let scores = session.game.scores();
    assert_eq!(scores.iter().sum::<i64>(), 1, "one winner: {scores:?}");
    let winner = session.game.ranking().winner();
    assert!(winner.is_some());
    let eliminated = session
        .events
        .iter()
        .filter(|e| e.kind == "eliminated")
        .count();
    assert_eq!(
        eliminated,
        players - 1,
        "everyone but the winner was eliminated"
    );
    check_no_card_is_lost_or_duplicated(&session, players, seed);
    let summary = session.summary();
    let text = session.replay.to_json();
    let again = referee::replay(&text, true);
    assert!(again.is_ok(), "replay: {:?}", again.as_ref().err());
    assert_eq!(
        again.map(|s| s.summary()).unwrap_or_default(),
        summary,
        "replay re-simulates identically"
    );
    let checked = referee::replay(&text, false);
    assert_eq!(checked.map(|s| s.summary()).unwrap_or_default(), summary);
    println!("{summary}");
}

#[test]
fn two_players_play_to_the_end_and_replay_identically() {
    selfplay_and_replay(2, 1);
}

#[test]
fn four_players_play_to_the_end_and_replay_identically() {
    selfplay_and_replay(4, 2);
}

#[test]
fn ten_players_with_two_copies_play_to_the_end_and_replay_identically() {
    selfplay_and_replay(10, 3);
}

#[test]
fn as_high_as_gods_games_end_too() {
    let s = referee::selfplay("assault", 3, 4, &["as_high_as_gods".to_string()]);
    assert!(s.is_ok(), "{:?}", s.as_ref().err());
    assert!(s.map(|s| s.game.is_over()).unwrap_or(false));
}

/// Pieces never vanish: after every move of the game, every building card is in exactly one place
/// (a hand, a castle or the deck) and every siege card is in the deck, the discards or in flight.
fn check_no_card_is_lost_or_duplicated(session: &engine::core::Session, players: usize, seed: u64) {
    use engine::core::seat::{default_seats, SeatKind};
    use engine::core::Game;
    use engine::games::assault::Assault;
    let total: u32 = if players >= 6 { 110 } else { 55 };
    // The game's own options: a new game is played on table 2 (`table_v2`), whose elbows and
    // Great Tower spots differ from table 1's.
    let g = Assault::new(
        &session.replay.options,
        default_seats(players, SeatKind::Bot),
        seed,
    );
    let Ok(mut g) = g else {
        panic!("new game");
    };
    for (i, mv) in session.replay.moves.iter().enumerate() {
        let r = g.apply(mv);
        assert!(r.is_ok(), "move {i}: {:?}", r.err());
        let st = &g.state;
        let mut cards: Vec<u32> = st.building.cards.clone();
        for p in &st.players {
            cards.extend(p.hand.iter().copied());
            cards.extend(p.castle.iter().map(|c| c.id));
        }
        cards.sort_unstable();
        assert_eq!(
            cards,
            (0..total).collect::<Vec<_>>(),
            "building cards after move {i}"
        );
        let siege = st.siege.cards.len() + st.siege.discard.len() + st.munitions.len();
        assert_eq!(siege, total as usize, "siege cards after move {i}");
    }
    assert!(g.is_over());
}
