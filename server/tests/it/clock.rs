//! The turn clock of quick-match rooms, against the real server with one-second clocks: a silent
//! seat's move is played by the server's bot and reaches every client (a resuming one in its
//! log), re-simulating to the server's hashes; a seat that runs out twice in a row is handed to
//! the bot, shown as a bot seat, and the game finishes; a friends' room has no clock.

use crate::common;

use common::*;
use engine::core::Level;
use engine::online::protocol::{ClientFrame, SeatPlan, ServerFrame};
use std::time::{Duration, Instant};

/// Every client given takes the next move, checking it re-simulates to the server's hash.
async fn all_take_move(players: &mut [&mut Player]) {
    for p in players.iter_mut() {
        match p.take_news().await {
            ServerFrame::Moved { .. } => {}
            other => panic!("expected a move, got {other:?}"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_silent_seat_is_played_by_the_clock_then_handed_to_the_bot_and_the_game_finishes() {
    let dir = TempDir::new("clock-quick");
    let server = Server::start(&dir.0, &one_second_clocks("2"));
    let (mut ann, ben) = quick_pair(&server, "castle", ANN, BEN).await;
    let (code, token) = (ben.code(), ben.token.clone().unwrap_or_default());
    let ben_seat = ben.seats[0];
    // Ben goes away: Ann plays her moves until it is Ben's turn.
    drop(ben);
    let mut n = 0;
    while ann.turn().is_some_and(|t| t != ben_seat) {
        ann.play(n).await;
        n += 1;
        all_take_move(&mut [&mut ann]).await;
    }
    // Ben's move comes from the server's clock, no sooner than the clock allows.
    let asked = Instant::now();
    let seq = ann.seq();
    all_take_move(&mut [&mut ann]).await;
    assert!(
        asked.elapsed() >= Duration::from_millis(900),
        "the clock waited"
    );
    assert_eq!(
        ann.driver().session.replay.moves[seq as usize].seat as usize,
        ben_seat
    );
    // Ben comes back before being handed over: the clock's move is in his log (replayed and
    // checked on arrival), his seat still his.
    let mut ben = Player::enter(
        connect(&server).await,
        ClientFrame::Resume {
            room: code.clone(),
            token: token.clone(),
        },
    )
    .await;
    assert_eq!(ben.seq(), ann.seq());
    assert_eq!(ben.seats, vec![ben_seat]);
    assert!(matches!(ben.view.seats[ben_seat].plan, SeatPlan::Invited));
    // He plays on: his own moves whenever it is his turn, twice (a move of his own breaks
    // his run of turns run out).
    let mut his = 0;
    while !ann.is_over() && his < 2 {
        if ben.my_turn() {
            ben.play(n).await;
            his += 1;
        } else {
            ann.play(n).await;
        }
        n += 1;
        all_take_move(&mut [&mut ann, &mut ben]).await;
    }
    // Then he stays silent (connected): two turns run out in a row hand his seat to the bot,
    // which plays it to the end; every client follows every move.
    let mut handed_at = None;
    while !ann.is_over() {
        if ann.my_turn() {
            ann.play(n).await;
            n += 1;
        }
        all_take_move(&mut [&mut ann, &mut ben]).await;
        if handed_at.is_none() && matches!(ann.view.seats[ben_seat].plan, SeatPlan::Bot(_)) {
            handed_at = Some(ann.seq());
        }
    }
    assert!(handed_at.is_some(), "Ben's seat was handed to the bot");
    assert_eq!(
        ben.view.seats[ben_seat].plan,
        SeatPlan::Bot(Level::Normal),
        "Ben is told too"
    );
    assert_eq!(ann.summary(), ben.summary());
    // His moves for the seat are refused now, and the room's log replays for a late watcher.
    let seq = ben.seq();
    send(
        &mut ben.ws,
        &ClientFrame::Move {
            seq,
            mv: engine::core::Move::decide(ben_seat, "pass", &[]),
        },
    )
    .await;
    let why = refusal(&mut ben.ws).await;
    assert!(
        why.contains("handed") || why.contains("over"),
        "refused in words: {why}"
    );
    let watcher = watched_log(&server, &code).await;
    assert_eq!(watcher.summary(), ann.summary());
    // The same log (its header shows the handed seat as the bot's, as the welcome does).
    assert_eq!(
        watcher.driver().session.replay.moves,
        ann.driver().session.replay.moves
    );
    assert!(!server.errors().contains("panicked"), "{}", server.errors());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_handed_seat_is_refused_and_shown_as_a_bot_to_a_resuming_player() {
    let dir = TempDir::new("clock-handed");
    let server = Server::start(&dir.0, &one_second_clocks("1"));
    let (mut ann, ben) = quick_pair(&server, "castle", ANN, BEN).await;
    let (code, token) = (ben.code(), ben.token.clone().unwrap_or_default());
    let ben_seat = ben.seats[0];
    drop(ben);
    // Ann plays until one of Ben's moves has come from the clock: his seat is then the bot's.
    let mut n = 0;
    loop {
        if ann.my_turn() {
            ann.play(n).await;
            n += 1;
        }
        all_take_move(&mut [&mut ann]).await;
        let last = ann.driver().session.replay.moves.last().map(|m| m.seat);
        if last == Some(ben_seat as u32) || ann.is_over() {
            break;
        }
    }
    let mut ben = Player::enter(
        connect(&server).await,
        ClientFrame::Resume { room: code, token },
    )
    .await;
    assert_eq!(
        ben.view.seats[ben_seat].plan,
        SeatPlan::Bot(Level::Normal),
        "the welcome shows the seat as the bot's"
    );
    assert!(ben.seats.is_empty(), "and not his to move for");
    // The bot may have played on for the seat meanwhile: Ann follows to where Ben came in.
    while ann.seq() < ben.seq() {
        all_take_move(&mut [&mut ann]).await;
    }
    assert_eq!(ben.seq(), ann.seq());
    // A move he sends for it anyway is refused in words.
    let seq = ben.seq();
    send(
        &mut ben.ws,
        &ClientFrame::Move {
            seq,
            mv: engine::core::Move::decide(ben_seat, "draw", &[]),
        },
    )
    .await;
    let why = loop {
        match next_news(&mut ben.ws).await {
            ServerFrame::Moved { .. } => continue,
            ServerFrame::Refused { why } => break why,
            other => panic!("expected a refusal, got {other:?}"),
        }
    };
    assert!(why.contains("handed to the server's bot"), "{why}");
    assert!(!server.errors().contains("panicked"), "{}", server.errors());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_friends_room_has_no_clock() {
    let dir = TempDir::new("clock-friends");
    let server = Server::start(&dir.0, &one_second_clocks("2"));
    let mut players = start_room(&server, "castle", &[SeatPlan::Here, SeatPlan::Invited]).await;
    tokio::time::sleep(Duration::from_millis(2500)).await;
    for p in players.iter_mut() {
        send(&mut p.ws, &ClientFrame::Ping).await;
        assert_eq!(
            next_news(&mut p.ws).await,
            ServerFrame::Pong,
            "no move was played for anyone"
        );
    }
    assert_eq!(players[0].seq(), 0);
    assert!(!server.errors().contains("panicked"), "{}", server.errors());
}
