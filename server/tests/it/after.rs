//! What follows a game, against the real server: the turn clock's moves marked `"clock":true`
//! (and only those), the rematch (asked, accepted, a new started room with the same players; a
//! player who left played by the bot), the ratings table over the WebSocket, and hostile versions
//! of these frames refused in words with nothing changed.

use crate::common;

use common::*;
use engine::online::protocol::{ClientFrame, Phase, SeatPlan, ServerFrame};
use std::time::Duration;

/// The next frame about the rematch or the new room: `rematch` (its seats) or the welcome.
async fn rematch_news(p: &mut Player) -> ServerFrame {
    match next_news(&mut p.ws).await {
        f @ (ServerFrame::Rematch { .. } | ServerFrame::Welcome { .. }) => f,
        other => panic!("expected rematch news, got {other:?}"),
    }
}

/// Waits for the welcome to the rematch's room (skipping `rematch` news).
async fn rematch_welcome(mut p: Player) -> Player {
    loop {
        if let ServerFrame::Welcome { you, room } = rematch_news(&mut p).await {
            return Player::welcomed(p.ws, you, room);
        }
    }
}

/// The ratings table of `game` as a fresh connection asking with `device` sees it, once it
/// has `players` rated players (the result is recorded off the move's path).
async fn ratings_with(server: &Server, game: &str, device: &str, players: u64) -> ServerFrame {
    let mut ws = connect(server).await;
    let mut last = None;
    for _ in 0..600 {
        send(
            &mut ws,
            &ClientFrame::Ratings {
                game: game.into(),
                device: Some(device.into()),
            },
        )
        .await;
        let f = next_news(&mut ws).await;
        if matches!(f, ServerFrame::Ratings { players: p, .. } if p == players) {
            return f;
        }
        last = Some(f);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the table never had {players} players: {last:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_clocks_moves_are_marked_and_the_players_own_are_not() {
    let dir = TempDir::new("after-clock");
    let server = Server::start(&dir.0, &one_second_clocks("9"));
    let (mut ann, ben) = quick_pair(&server, "castle", ANN, BEN).await;
    let ben_seat = ben.seats[0];
    // Ben stays connected and silent: each of his turns is played by the clock.
    let mut clocked = 0;
    let mut n = 0;
    while clocked < 2 && !ann.is_over() {
        if ann.my_turn() {
            ann.play(n).await;
            n += 1;
        }
        match ann.take_news().await {
            ServerFrame::Moved { mv, clock, .. } => {
                assert_eq!(
                    clock,
                    mv.seat as usize == ben_seat,
                    "marked exactly: {mv:?}"
                );
                clocked += usize::from(clock);
            }
            other => panic!("expected a move, got {other:?}"),
        }
    }
    assert_eq!(clocked, 2, "two of Ben's moves came from the clock");
    drop(ben);
    assert!(!server.errors().contains("panicked"), "{}", server.errors());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_asked_and_accepted_seats_the_same_players_in_a_new_rated_room() {
    let dir = TempDir::new("after-rematch");
    let server = Server::start(&dir.0, &[]);
    let (ann, ben) = quick_pair(&server, "feud", ANN, BEN).await;
    let (old, ann_seat, ben_seat) = (ann.code(), ann.seats[0], ben.seats[0]);
    let mut players = vec![ann, ben];
    // Asked before the end: refused in words, nothing changed.
    send(&mut players[0].ws, &ClientFrame::Rematch).await;
    assert!(refusal(&mut players[0].ws)
        .await
        .contains("once the game is over"));
    play_on(&mut players, 5000).await;
    assert!(players[0].is_over());
    let first = ratings_with(&server, "feud", ANN, 2).await;
    let ServerFrame::Ratings { entries, .. } = first else {
        unreachable!()
    };
    assert_eq!(entries.len(), 2);
    assert!(entries.iter().all(|e| e.games == 1));
    let mine: Vec<&str> = entries
        .iter()
        .filter(|e| e.you)
        .map(|e| e.name.as_str())
        .collect();
    assert_eq!(mine, ["Ann"], "the asker's own entry is marked");
    // Ann asks: both are told her seat asked; Ben accepts: both are welcomed to a new room.
    send(&mut players[0].ws, &ClientFrame::Rematch).await;
    for p in players.iter_mut() {
        assert_eq!(
            rematch_news(p).await,
            ServerFrame::Rematch {
                asked: vec![ann_seat]
            }
        );
    }
    send(&mut players[1].ws, &ClientFrame::Rematch).await;
    let mut again = Vec::new();
    for p in players {
        again.push(rematch_welcome(p).await);
    }
    assert_eq!(again[0].code(), again[1].code(), "one new room");
    assert_ne!(again[0].code(), old);
    assert_eq!(again[0].view.phase, Phase::Playing);
    assert_eq!(again[0].seq(), 0);
    // The seats moved round: who began now plays second.
    assert_eq!(again[0].seats, vec![ben_seat]);
    assert_eq!(again[1].seats, vec![ann_seat]);
    assert_eq!(again[0].view.seats[ben_seat].name, "Ann");
    assert!(again.iter().all(|p| p.token.is_some()));
    // Played to the end, it is rated too: two games each.
    play_on(&mut again, 5000).await;
    assert!(again[0].is_over());
    assert_eq!(again[0].summary(), again[1].summary());
    let mut ws = connect(&server).await;
    for _ in 0..600 {
        let f = ratings_with(&server, "feud", BEN, 2).await;
        if let ServerFrame::Ratings { entries, .. } = &f {
            if entries.iter().all(|e| e.games == 2) {
                break;
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    send(
        &mut ws,
        &ClientFrame::Ratings {
            game: "feud".into(),
            device: None,
        },
    )
    .await;
    match next_news(&mut ws).await {
        ServerFrame::Ratings { entries, .. } => {
            assert!(
                entries.iter().all(|e| e.games == 2 && !e.you),
                "{entries:?}"
            )
        }
        other => panic!("{other:?}"),
    }
    assert!(!server.errors().contains("panicked"), "{}", server.errors());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_left_is_played_by_the_bot_in_the_rematch_and_is_told_it_began() {
    let dir = TempDir::new("after-left");
    let server = Server::start(&dir.0, &[]);
    let (ann, ben) = quick_pair(&server, "feud", ANN, BEN).await;
    let (old, ben_seat) = (ann.code(), ben.seats[0]);
    let ben_token = ben.token.clone().unwrap_or_default();
    let mut players = vec![ann, ben];
    play_on(&mut players, 5000).await;
    let Some(ben) = players.pop() else {
        unreachable!()
    };
    let Some(mut ann) = players.pop() else {
        unreachable!()
    };
    drop(ben);
    // Ann sees Ben leave, then asks: nobody else is here, so the rematch begins at once.
    loop {
        match next(&mut ann.ws).await {
            Some(ServerFrame::Seats { seats }) if !seats[ben_seat].online => break,
            Some(_) => continue,
            None => panic!("closed"),
        }
    }
    send(&mut ann.ws, &ClientFrame::Rematch).await;
    let ann = rematch_welcome(ann).await;
    assert_ne!(ann.code(), old);
    let ben_new = 1 - ben_seat;
    assert_eq!(
        ann.view.seats[ben_new].plan,
        SeatPlan::Bot(engine::core::Level::Normal)
    );
    assert_eq!(ann.view.seats[ben_new].name, "Ben");
    // Ben comes back to the finished room: the rematch began without him, he is told so.
    let mut ben = Player::enter(
        connect(&server).await,
        ClientFrame::Resume {
            room: old.clone(),
            token: ben_token,
        },
    )
    .await;
    assert_eq!(ben.view.phase, Phase::Over);
    send(&mut ben.ws, &ClientFrame::Rematch).await;
    assert!(refusal(&mut ben.ws).await.contains("already begun"));
    // A watcher cannot ask; hostile ratings frames are refused in words.
    let mut watcher = watched_log(&server, &old).await;
    send(&mut watcher.ws, &ClientFrame::Rematch).await;
    assert!(refusal(&mut watcher.ws)
        .await
        .contains("only a player seated"));
    let mut ws = connect(&server).await;
    send(&mut ws, &ClientFrame::Rematch).await;
    assert!(refusal(&mut ws).await.contains("only a player seated"));
    for (text, says) in [
        (r#"{"type":"ratings","game":"chess"}"#, "unknown game"),
        (
            r#"{"type":"ratings","game":"feud","device":"x/y"}"#,
            "device token is malformed",
        ),
        (
            r#"{"type":"ratings","game":"feud","room":"r"}"#,
            "takes no key `room`",
        ),
        (r#"{"type":"rematch","seats":[1]}"#, "not a valid message"),
    ] {
        send_text(&mut ws, text).await;
        let why = refusal(&mut ws).await;
        assert!(why.contains(says), "{text}: {why}");
    }
    send(&mut ws, &ClientFrame::Ping).await;
    assert_eq!(next_news(&mut ws).await, ServerFrame::Pong, "still up");
    assert!(!server.errors().contains("panicked"), "{}", server.errors());
}
