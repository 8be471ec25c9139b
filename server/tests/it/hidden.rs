//! Hidden information through the real server (docs/online.md, "What a client cannot do"):
//! two real WebSocket clients play a Carcassonne and a Castle room, each following with its own
//! engine from everything it received. No frame before the end carries the seed; each client,
//! reading its own game just before it is told a card (the next tile, a card drawn, a card the
//! other player plays), holds that card there no more often than chance; the seed comes with
//! the last move and the log then replays whole with the referee.

use crate::common;

use common::*;
use engine::core::hidden;
use engine::online::protocol::SeatPlan::{self, Here, Invited};

async fn guesses(game: &str, plans: &[SeatPlan], moves: usize) -> (u32, u32, Vec<Player>) {
    let dir = TempDir::new(game);
    let server = Server::start(&dir.0, &["--frames-per-second", "1000"]);
    let _ = hidden::take_guesses();
    let mut players = start_room(&server, game, plans).await;
    for p in &players {
        assert_eq!(
            p.view.seed, 0,
            "{game}: a welcome before the end has no seed"
        );
        assert!(p.view.told.is_some(), "{game}: the draws are told instead");
    }
    play_on(&mut players, moves).await;
    let (right, told) = hidden::take_guesses();
    println!("{game}: the clients' own games held {right} of the {told} cards they were told");
    assert!(!server.errors().contains("panicked"), "{}", server.errors());
    (right, told, players)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_carcassonne_client_cannot_predict_the_next_tile() {
    let (right, told, players) = guesses("carcassonne", &[Invited, Here], 120).await;
    assert!(told >= 40, "tiles were drawn and told: {told}");
    assert!(
        right * 3 < told,
        "the next tile was guessed {right} times of {told}"
    );
    assert!(!players[0].is_over());
    assert_eq!(players[0].driver().session.replay.seed, 0, "no seed yet");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_castle_client_cannot_read_the_other_hand_and_gets_the_seed_at_the_end() {
    let (right, told, players) =
        guesses("castle", &[Here, Invited], engine::referee::MOVE_CAP).await;
    assert!(told >= 6, "cards were drawn and played: {told}");
    assert!(
        // Castle's decks are 8 cards: chance is high near a deck's end (about 30% here).
        right * 5 < told * 3,
        "hidden cards were guessed {right} times of {told}"
    );
    assert!(players[0].is_over(), "the game ended");
    let log = players[1].replay_text();
    let replay = engine::core::replay::Replay::parse(&log).unwrap_or_else(|e| panic!("{e}"));
    assert_ne!(replay.seed, 0, "the seed came with the last move");
    let replayed = engine::referee::replay(&log, true).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        replayed.summary(),
        players[0].summary(),
        "the log replays whole"
    );
}
