//! A whole game of every game through the real server between real WebSocket clients (one
//! game with a bot seat played by the server): every client follows with its own engine, and
//! the room's log, as a late watcher receives it, replays with the referee to the same summary.

use crate::common;

use common::*;
use engine::core::Level;
use engine::online::protocol::Phase;
use engine::online::protocol::SeatPlan::{self, Bot, Here, Invited};

async fn whole_game(game: &str, plans: &[SeatPlan]) {
    let dir = TempDir::new(game);
    // These clients answer at once (a Carcassonne turn's tile and meeple in a millisecond), far
    // faster than a person: the per-connection frame limit (tested in hostile.rs) would drop
    // their moves on a fast machine, so it is raised here.
    let server = Server::start(&dir.0, &["--frames-per-second", "1000"]);
    let mut players = start_room(&server, game, plans).await;
    play_on(&mut players, engine::referee::MOVE_CAP).await;
    assert!(players[0].is_over(), "{game}: the game ended");
    let summary = players[0].summary();
    for p in &players {
        assert_eq!(p.summary(), summary, "{game}: every client ends alike");
    }
    let watcher = watched_log(&server, &players[0].code()).await;
    assert_eq!(watcher.view.phase, Phase::Over);
    let log = watcher.replay_text();
    assert_eq!(
        log,
        players[0].replay_text(),
        "{game}: the watcher's log is the game"
    );
    let replayed = engine::referee::replay(&log, true).unwrap_or_else(|e| panic!("{game}: {e}"));
    assert_eq!(replayed.summary(), summary, "{game}: the referee agrees");
    // The referee tool itself, on the log written to a file.
    let file = dir.0.join("room.json");
    std::fs::write(&file, &log).unwrap_or_else(|e| panic!("{e}"));
    let run = tools::referee::run(&["replay".into(), file.display().to_string()]);
    assert_eq!(run.code, 0, "{game}: {:?}", run.err);
    assert_eq!(run.out.last(), Some(&summary), "{game}");
    // The deal was committed to in the first welcome and opened with the last move.
    let checked = engine::online::deal::CHECKED.to_string();
    assert_eq!(run.out.first(), Some(&checked), "{game}: {:?}", run.out);
    assert!(!server.errors().contains("panicked"), "{}", server.errors());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn castle_with_a_bot_seat() {
    whole_game("castle", &[Here, Invited, Bot(Level::Easy)]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn feud_between_two_clients() {
    whole_game("feud", &[Here, Invited]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn carcassonne_between_two_clients() {
    whole_game("carcassonne", &[Invited, Here]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn assault_between_two_clients() {
    whole_game("assault", &[Here, Invited]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn catapults_between_two_clients() {
    whole_game("catapults", &[Here, Invited]).await;
}
