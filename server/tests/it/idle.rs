//! Rooms that go idle, against the real server binary (`--idle-after 1`) with real WebSocket
//! clients that follow every move with their own engine: a room whose players stay connected
//! but do not move is put to sleep (its game dropped) and rebuilt from the store when a visitor
//! or a move comes; a room whose players all left is let go and loaded again when they come
//! back. Each time the state hash is the one before, no acknowledged move is lost, and the game
//! plays on (every move's hash checked by every client). No timing is asserted: the sleeps
//! only give the server's sweep (every half of --idle-after) time to pass.

use crate::common;

use common::*;
use engine::online::protocol::{ClientFrame, SeatPlan};
use engine::online::room::state_hash;
use std::time::Duration;

/// Longer than --idle-after 1 plus a sweep.
const IDLE: Duration = Duration::from_millis(2600);

fn hash_of(p: &Player) -> String {
    state_hash(&p.driver().session)
}

async fn sleeps_and_wakes(game: &str) {
    let dir = TempDir::new(&format!("idle-{game}"));
    let server = Server::start(&dir.0, &["--idle-after", "1"]);
    let mut players = start_room(&server, game, &[SeatPlan::Here, SeatPlan::Invited]).await;
    play_on(&mut players, 4).await;
    let (hash, seq) = (hash_of(&players[0]), players[0].seq());
    // Still followed by both players: put to sleep, then woken by a visitor, who is sent the
    // same room (its hash checked against the log replayed by the visitor's own engine).
    tokio::time::sleep(IDLE).await;
    let watcher = watched_log(&server, &players[0].code()).await;
    assert_eq!(watcher.view.hash, hash, "{game}: the woken room's hash");
    assert_eq!(watcher.seq(), seq, "{game}: no move lost");
    drop(watcher);
    // Asleep again; this time a move wakes it, and the game plays on.
    tokio::time::sleep(IDLE).await;
    play_on(&mut players, 4).await;
    assert!(
        players[0].seq() > seq || players[0].is_over(),
        "{game}: played on"
    );
    assert_eq!(hash_of(&players[0]), hash_of(&players[1]));
    let (hash, seq) = (hash_of(&players[0]), players[0].seq());
    // Every player gone: the room is let go; they come back with their seat tokens.
    let code = players[0].code();
    let tokens: Vec<String> = players.iter().filter_map(|p| p.token.clone()).collect();
    assert_eq!(tokens.len(), 2);
    drop(players);
    tokio::time::sleep(IDLE).await;
    let mut back = Vec::new();
    for token in tokens {
        let p = Player::enter(
            connect(&server).await,
            ClientFrame::Resume {
                room: code.clone(),
                token,
            },
        )
        .await;
        assert_eq!((hash_of(&p), p.seq()), (hash.clone(), seq), "{game}: back");
        back.push(p);
    }
    play_on(&mut back, 4).await;
    assert_eq!(hash_of(&back[0]), hash_of(&back[1]));
    assert!(server.errors().is_empty(), "{}", server.errors());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_castle_room_sleeps_wakes_with_its_hash_and_plays_on() {
    sleeps_and_wakes("castle").await;
}

/// Carcassonne's tiles are hidden draws: the woken room tells each player the same draws.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_carcassonne_room_sleeps_wakes_with_its_hash_and_plays_on() {
    sleeps_and_wakes("carcassonne").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_assault_room_sleeps_wakes_with_its_hash_and_plays_on() {
    sleeps_and_wakes("assault").await;
}
