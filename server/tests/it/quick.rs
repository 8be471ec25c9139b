//! Quick match against the real server: two players queued for a game are seated together in a
//! started room and play it through (its result rated), a lone player is offered bots and takes
//! them, and hostile quick-match frames are refused in words with nothing changed.

use crate::common;

use common::*;
use engine::online::protocol::{ClientFrame, Phase, SeatPlan, ServerFrame};

fn quick(game: &str, name: &str, players: Option<u64>, device: Option<&str>) -> ClientFrame {
    ClientFrame::Quick {
        game: game.into(),
        name: name.into(),
        players,
        device: device.map(String::from),
        aid: None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_quick_matched_into_one_room_play_it_through_and_are_rated() {
    let dir = TempDir::new("quick-two");
    let server = Server::start(&dir.0, &[]);
    let mut ann = connect(&server).await;
    send(
        &mut ann,
        &quick("feud", "Ann", None, Some("device-of-ann-0001")),
    )
    .await;
    assert_eq!(
        next_news(&mut ann).await,
        ServerFrame::Queued {
            game: "feud".into(),
            players: 2,
            waiting: 1
        }
    );
    let ben = Player::quick(
        connect(&server).await,
        quick("feud", "Ben", Some(2), Some("device-of-ben-0001")),
    )
    .await;
    // Ann, already waiting, is seated too: her welcome comes unasked.
    let ann = loop {
        match next_news(&mut ann).await {
            ServerFrame::Queued { waiting: 2, .. } => continue,
            ServerFrame::Welcome { you, room } => break Player::welcomed(ann, you, room),
            other => panic!("expected a welcome, got {other:?}"),
        }
    };
    let mut players = vec![ann, ben];
    assert_eq!(players[0].code(), players[1].code(), "one room");
    assert_eq!(players[0].view.phase, Phase::Playing);
    assert_eq!(players[0].seats.len(), 1);
    assert_ne!(players[0].seats, players[1].seats);
    assert!(players.iter().all(|p| p.token.is_some()));
    let names: Vec<&str> = players[0]
        .view
        .seats
        .iter()
        .map(|s| s.name.as_str())
        .collect();
    assert!(
        names.contains(&"Ann") && names.contains(&"Ben"),
        "{names:?}"
    );
    play_on(&mut players, 5000).await;
    assert!(players[0].is_over(), "the game ends");
    assert_eq!(players[0].summary(), players[1].summary());
    // The result is rated by the server off the move's path: wait for it (not a timing check).
    let mut body = String::new();
    for _ in 0..2400 {
        body = http(&server.addr, "GET", "/ratings/feud", "").1;
        if body.contains("\"players\":2") {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(body.contains("\"players\":2"), "{body}");
    assert!(body.contains("\"games\":1"), "{body}");
    assert!(!server.errors().contains("panicked"), "{}", server.errors());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lone_player_is_offered_bots_and_taking_them_starts_a_room_with_a_bot() {
    let dir = TempDir::new("quick-bots");
    let server = Server::start(&dir.0, &["--quick-bots-after", "0"]);
    let mut ws = connect(&server).await;
    send(&mut ws, &quick("castle", "Ann", None, None)).await;
    assert!(matches!(
        next_news(&mut ws).await,
        ServerFrame::Queued { waiting: 1, .. }
    ));
    assert_eq!(
        next_news(&mut ws).await,
        ServerFrame::OfferBots {
            game: "castle".into(),
            players: 2,
            waiting: 1
        }
    );
    let ann = Player::enter(ws, ClientFrame::Bots).await;
    assert_eq!(ann.view.phase, Phase::Playing);
    let bots = ann
        .view
        .seats
        .iter()
        .filter(|s| matches!(s.plan, SeatPlan::Bot(_)))
        .count();
    assert_eq!((ann.view.seats.len(), bots), (2, 1));
    let mut players = vec![ann];
    play_on(&mut players, 6).await;
    assert!(!server.errors().contains("panicked"), "{}", server.errors());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_quick_frames_are_refused_in_words_and_change_nothing() {
    let dir = TempDir::new("quick-hostile");
    let server = Server::start(&dir.0, &["--queued-per-address", "2"]);
    let mut ws = connect(&server).await;
    for (text, says) in [
        (
            r#"{"type":"quick","game":"chess","name":"Ann"}"#,
            "unknown game",
        ),
        (
            r#"{"type":"quick","game":"feud","name":"Ann","players":3}"#,
            "takes 2 to 2 players, not 3",
        ),
        (
            r#"{"type":"quick","game":"castle","name":"Ann","players":11}"#,
            "not 11",
        ),
        (
            r#"{"type":"quick","game":"castle","name":"Ann","players":-1}"#,
            "not a valid message",
        ),
        (r#"{"type":"quick","game":"feud","name":" "}"#, "1 to 24"),
        (
            r#"{"type":"quick","game":"feud","name":"Ann","device":"x/y"}"#,
            "device token is malformed",
        ),
        (
            r#"{"type":"quick","game":"feud","name":"Ann","name":"Eve"}"#,
            "given twice",
        ),
        (
            r#"{"type":"quick","game":"feud","name":"Ann","room":"r"}"#,
            "takes no key `room`",
        ),
        (r#"{"type":"quick","game":"feud"}"#, "lacks the key `name`"),
        (r#"{"type":"unqueue"}"#, "not waiting for a quick match"),
        (r#"{"type":"bots"}"#, "not waiting for a quick match"),
    ] {
        send_text(&mut ws, text).await;
        let why = refusal(&mut ws).await;
        assert!(why.contains(says), "{text}: {why}");
    }
    // Nothing was queued: the first good request waits alone.
    send(&mut ws, &quick("catapults", "Ann", Some(4), None)).await;
    assert!(matches!(
        next_news(&mut ws).await,
        ServerFrame::Queued { waiting: 1, .. }
    ));
    send(&mut ws, &quick("catapults", "Ann", Some(4), None)).await;
    assert!(refusal(&mut ws).await.contains("already waits"));
    send(
        &mut ws,
        &ClientFrame::Watch {
            room: "0".repeat(16),
        },
    )
    .await;
    assert!(refusal(&mut ws).await.contains("send unqueue first"));
    send(&mut ws, &ClientFrame::Bots).await;
    assert!(refusal(&mut ws).await.contains("no room with bots"));
    // A second connection of this address joins the wait; a third is one too many.
    let mut two = connect(&server).await;
    send(&mut two, &quick("catapults", "Ben", Some(4), None)).await;
    for ws in [&mut ws, &mut two] {
        assert!(matches!(
            next_news(ws).await,
            ServerFrame::Queued { waiting: 2, .. }
        ));
    }
    let mut three = connect(&server).await;
    send(&mut three, &quick("catapults", "Cy", Some(4), None)).await;
    assert!(refusal(&mut three).await.contains("already wait"));
    // Leaving is a frame; the others hear the count; a closed connection leaves too.
    send(&mut ws, &ClientFrame::Unqueue).await;
    assert_eq!(next_news(&mut ws).await, ServerFrame::Unqueued);
    assert!(matches!(
        next_news(&mut two).await,
        ServerFrame::Queued { waiting: 1, .. }
    ));
    drop(two);
    send(&mut three, &quick("catapults", "Cy", Some(4), None)).await;
    // `two` may still be leaving: the count is 1 or 2, and goes down to 1.
    loop {
        match next_news(&mut three).await {
            ServerFrame::Queued { waiting: 1, .. } => break,
            ServerFrame::Queued { waiting: 2, .. } => continue,
            other => panic!("{other:?}"),
        }
    }
    send(&mut ws, &ClientFrame::Ping).await;
    assert_eq!(next_news(&mut ws).await, ServerFrame::Pong, "still up");
    assert!(!server.errors().contains("panicked"), "{}", server.errors());
}

/// Quick match with the aim aid a player asked for (`aid`: an `Aid` key).
fn quick_at(game: &str, name: &str, device: &str, aid: Option<&str>) -> ClientFrame {
    ClientFrame::Quick {
        game: game.into(),
        name: name.into(),
        players: Some(2),
        device: Some(device.into()),
        aid: aid.map(String::from),
    }
}

/// Two players quick-matched; their welcomes (Ann queued first).
async fn matched(server: &Server, ann: ClientFrame, ben: ClientFrame) -> Vec<Player> {
    let mut ws = connect(server).await;
    send(&mut ws, &ann).await;
    assert!(matches!(
        next_news(&mut ws).await,
        ServerFrame::Queued { waiting: 1, .. }
    ));
    let ben = Player::quick(connect(server).await, ben).await;
    let ann = loop {
        match next_news(&mut ws).await {
            ServerFrame::Queued { .. } => continue,
            ServerFrame::Welcome { you, room } => break Player::welcomed(ws, you, room),
            other => panic!("expected a welcome, got {other:?}"),
        }
    };
    vec![ann, ben]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_quick_room_where_a_seat_plays_at_learning_shows_it_and_is_not_rated() {
    let dir = TempDir::new("quick-learning");
    let server = Server::start(&dir.0, &[]);
    // Ben asks for the Learning aid (an old client's Ann asks nothing: Standard).
    let mut players = matched(
        &server,
        quick_at("feud", "Ann", "device-of-ann-0001", None),
        quick_at("feud", "Ben", "device-of-ben-0001", Some("learning")),
    )
    .await;
    assert_eq!(players[0].code(), players[1].code(), "one room");
    // Every seat sees each seat's level, in seat order.
    let levels: Vec<String> = players[0]
        .view
        .seats
        .iter()
        .map(|s| {
            if s.name == "Ben" {
                "learning"
            } else {
                "standard"
            }
            .to_string()
        })
        .collect();
    for p in &players {
        assert_eq!(p.view.aids.as_deref(), Some(levels.join(",").as_str()));
    }
    play_on(&mut players, 5000).await;
    assert!(players[0].is_over(), "the game ends");
    // Then the same two at Standard (the room's level whatever a client might claim): that
    // game is rated, and it is their only rated game.
    let mut again = matched(
        &server,
        quick_at("feud", "Ann", "device-of-ann-0001", Some("standard")),
        quick_at("feud", "Ben", "device-of-ben-0001", Some("no-such-level")),
    )
    .await;
    for p in &again {
        assert_eq!(p.view.aids.as_deref(), Some("standard,standard"));
    }
    play_on(&mut again, 5000).await;
    assert!(again[0].is_over(), "the second game ends");
    let mut body = String::new();
    for _ in 0..2400 {
        body = http(&server.addr, "GET", "/ratings/feud", "").1;
        if body.contains("\"players\":2") {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(body.contains("\"players\":2"), "{body}");
    assert!(
        body.contains("\"games\":1") && !body.contains("\"games\":2"),
        "the Learning game was rated too: {body}"
    );
    assert!(!server.errors().contains("panicked"), "{}", server.errors());
}
