//! Hostile clients get nowhere: every refusal is a clear message, the room is untouched, the
//! server stays up. Plus SIGKILL mid-game: every acknowledged move survives the restart and the
//! players resume their seats with their tokens.

use crate::common;

use common::*;
use engine::core::{Launch, Level, Move};
use engine::online::protocol::SeatPlan::{Bot, Here, Invited};
use engine::online::protocol::{ClientFrame, ServerFrame};
use futures_util::SinkExt;
use tokio_tungstenite::tungstenite::Message;

/// The room as a fresh watcher sees it: its hash and move count.
async fn room_state(server: &Server, code: &str) -> (String, usize) {
    let w = watched_log(server, code).await;
    (w.view.hash.clone(), w.view.moves.len())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_frames_and_wrong_moves_are_refused_and_change_nothing() {
    let dir = TempDir::new("hostile");
    let server = Server::start(&dir.0, &[]);
    let mut players = start_room(&server, "castle", &[Here, Invited]).await;
    play_on(&mut players, 3).await;
    let code = players[0].code();
    let before = room_state(&server, &code).await;
    let turn = players[0].turn().unwrap_or(0);
    let (mover, other) = if players[0].seats.contains(&turn) {
        (0, 1)
    } else {
        (1, 0)
    };
    let seq = players[0].seq();
    let ws = &mut players[other].ws;

    // Over the size cap.
    let big = format!("{{\"type\":\"ping\",\"pad\":\"{}\"}}", "x".repeat(20_000));
    send_text(ws, &big).await;
    let why = refusal(ws).await;
    assert!(why.contains("at most 16384 bytes"), "{why}");
    // Malformed.
    send_text(ws, "{\"type\":\"move\",\"seq\":").await;
    let why = refusal(ws).await;
    assert!(
        why.starts_with("not a valid message: line 1, column"),
        "{why}"
    );
    send_text(ws, "{\"type\":\"teleport\"}").await;
    assert!(refusal(ws)
        .await
        .contains("unknown message type `teleport`"));
    // Binary.
    ws.send(Message::Binary(vec![0u8, 159, 146, 150].into()))
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(refusal(ws).await.contains("not binary"));
    // A move for the other player's seat.
    let launch = Launch {
        angle: 450,
        power: 500,
        ..Launch::default()
    };
    let mv = Move::shot(turn, launch.clone());
    send(ws, &ClientFrame::Move { seq, mv }).await;
    let why = refusal(ws).await;
    assert!(why.contains("is not yours"), "{why}");
    // A move out of turn, for one's own seat: the rules' own reason.
    let own = players[other].seats[0];
    let ws = &mut players[other].ws;
    send(
        ws,
        &ClientFrame::Move {
            seq,
            mv: Move::shot(own, launch.clone()),
        },
    )
    .await;
    let why = refusal(ws).await;
    assert!(
        why.contains(&format!("it is seat {turn}'s turn, not seat {own}'s")),
        "{why}"
    );
    // The mover: an outcome-only shot, a stale move, an illegal launch, a made-up decision.
    let ws = &mut players[mover].ws;
    let bare = Move::outcome_only(turn, vec![]);
    send(ws, &ClientFrame::Move { seq, mv: bare }).await;
    assert!(refusal(ws)
        .await
        .contains("an outcome alone is not accepted"));
    send(
        ws,
        &ClientFrame::Move {
            seq: seq + 5,
            mv: Move::shot(turn, launch.clone()),
        },
    )
    .await;
    assert!(refusal(ws).await.contains("another move came first"));
    let prompt = players[mover].driver().game().launch_prompt();
    let ws = &mut players[mover].ws;
    let wild = match &prompt {
        Some(p) => Launch {
            kind: p.kinds[0],
            angle: p.angle.0,
            power: p.power.1 + 1,
            ..launch.clone()
        },
        None => launch.clone(),
    };
    send(
        ws,
        &ClientFrame::Move {
            seq,
            mv: Move::shot(turn, wild),
        },
    )
    .await;
    let why = refusal(ws).await;
    match &prompt {
        Some(p) => assert!(
            why.contains(&format!("power {} is outside", p.power.1 + 1)),
            "{why}"
        ),
        None => assert!(why.contains("no shot is expected now"), "{why}"),
    }
    send(
        ws,
        &ClientFrame::Move {
            seq,
            mv: Move::decide(turn, "win_now", &[]),
        },
    )
    .await;
    assert!(!refusal(ws).await.is_empty());
    // Entering a second room on the same connection; starting again; bad codes and tokens.
    send(ws, &ClientFrame::Watch { room: code.clone() }).await;
    assert!(refusal(ws).await.contains("already follows a room"));
    send(ws, &ClientFrame::Start).await;
    let why = refusal(ws).await;
    assert!(
        why.contains("already started") || why.contains("only the player who made"),
        "{why}"
    );
    let mut stranger = connect(&server).await;
    send(
        &mut stranger,
        &ClientFrame::Resume {
            room: code.clone(),
            token: "0".repeat(26),
        },
    )
    .await;
    assert!(refusal(&mut stranger)
        .await
        .contains("does not belong to this room"));
    send(
        &mut stranger,
        &ClientFrame::Join {
            room: "0".repeat(16),
            name: "Eve".into(),
        },
    )
    .await;
    assert!(refusal(&mut stranger)
        .await
        .contains("no room with this code"));
    send(
        &mut stranger,
        &ClientFrame::Join {
            room: "../etc".into(),
            name: "Eve".into(),
        },
    )
    .await;
    assert!(refusal(&mut stranger).await.contains("not a room code"));
    send(
        &mut stranger,
        &ClientFrame::Join {
            room: code.clone(),
            name: "Eve".into(),
        },
    )
    .await;
    assert!(refusal(&mut stranger).await.contains("has started"));
    send(
        &mut stranger,
        &ClientFrame::Move {
            seq,
            mv: Move::shot(turn, launch.clone()),
        },
    )
    .await;
    assert!(refusal(&mut stranger).await.contains("join or resume"));
    // The transport's own cap: the connection is closed, the server goes on.
    // The server may close while the 2 MB are still being written: then the send itself fails
    // (a broken pipe), which is that close.
    let sent = stranger
        .send(Message::Text("y".repeat(2 << 20).into()))
        .await;
    assert!(
        sent.is_err() || next(&mut stranger).await.is_none(),
        "closed"
    );

    assert_eq!(
        room_state(&server, &code).await,
        before,
        "the room is untouched"
    );
    // And the game goes on.
    play_on(&mut players, 2).await;
    assert_eq!(room_state(&server, &code).await.1, before.1 + 2);
    assert!(!server.errors().contains("panicked"), "{}", server.errors());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_is_refused_then_cut_off() {
    let dir = TempDir::new("flood");
    let server = Server::start(&dir.0, &["--frames-per-second", "5"]);
    let mut ws = connect(&server).await;
    for _ in 0..40 {
        send(&mut ws, &ClientFrame::Ping).await;
    }
    let (mut pongs, mut slow_down) = (0, 0);
    while pongs + slow_down < 11 {
        match next(&mut ws).await {
            Some(ServerFrame::Pong) => pongs += 1,
            Some(ServerFrame::Refused { why }) => {
                assert!(
                    why.contains("too many messages: at most 5 a second"),
                    "{why}"
                );
                slow_down += 1;
            }
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(slow_down, 1, "one warning, not one per dropped frame");
    assert!(
        pongs <= 11,
        "the burst is twice the rate, with a little refill"
    );
    // Keep flooding: the connection is closed.
    let mut closed = false;
    for _ in 0..400 {
        if ws
            .send(Message::Text("{\"type\":\"ping\"}".into()))
            .await
            .is_err()
        {
            closed = true;
            break;
        }
    }
    while !closed {
        closed = next(&mut ws).await.is_none();
    }
    // Others are served as before.
    let mut other = connect(&server).await;
    send(&mut other, &ClientFrame::Ping).await;
    assert_eq!(next(&mut other).await, Some(ServerFrame::Pong));
}

/// Names that lie (a right-to-left override, zero widths, private or unassigned characters) are
/// refused in words wherever a name enters: making a room, joining one, quick match. The seat
/// stays free and an honest name then takes it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_that_hide_or_turn_text_are_refused_and_take_no_seat() {
    let dir = TempDir::new("names");
    let server = Server::start(&dir.0, &[]);
    let hostile = [
        ("Ada\u{202e}nimda", "turns the text around"),
        ("\u{2067}Ben", "turns the text around"),
        ("Ca\u{200d}rl", "invisible"),
        ("Dee\u{200b}", "invisible"),
        ("Eve\u{e000}", "private"),
        ("Fay\u{378}", "not in Unicode"),
    ];
    let mut bad_seats = seats(&[Here, Invited]);
    bad_seats[0].name = hostile[0].0.to_string();
    let mut ws = connect(&server).await;
    send(
        &mut ws,
        &ClientFrame::Create {
            game: "feud".into(),
            options: vec![],
            seats: bad_seats,
        },
    )
    .await;
    let why = refusal(&mut ws).await;
    assert!(why.contains(hostile[0].1), "{why}");

    let host = Player::enter(
        connect(&server).await,
        ClientFrame::Create {
            game: "feud".into(),
            options: vec![],
            seats: seats(&[Here, Invited]),
        },
    )
    .await;
    let code = host.code();
    let mut guest = connect(&server).await;
    for (name, why_want) in hostile {
        send(
            &mut guest,
            &ClientFrame::Join {
                room: code.clone(),
                name: name.to_string(),
            },
        )
        .await;
        let why = refusal(&mut guest).await;
        assert!(why.contains(why_want), "{name:?}: {why}");
        assert!(!why.contains("U+") && !why.contains("\\u"), "{why}");
    }
    let seen = watched_log(&server, &code).await;
    assert!(
        seen.view.seats.iter().all(|s| s.name != "Ada\u{202e}nimda") && !seen.view.seats[1].taken,
        "{:?}",
        seen.view.seats
    );
    let friend = Player::enter(
        guest,
        ClientFrame::Join {
            room: code.clone(),
            name: "Friend".into(),
        },
    )
    .await;
    assert_eq!(friend.seats, vec![1]);

    let mut ws = connect(&server).await;
    send(
        &mut ws,
        &ClientFrame::Quick {
            game: "feud".into(),
            name: "Mallory\u{202e}".into(),
            players: None,
            device: None,
            aid: None,
        },
    )
    .await;
    let why = refusal(&mut ws).await;
    assert!(why.contains("turns the text around"), "{why}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn too_many_rooms_from_one_address_are_refused() {
    let dir = TempDir::new("rooms");
    let server = Server::start(&dir.0, &["--rooms-per-address", "2"]);
    let create = ClientFrame::Create {
        game: "feud".into(),
        options: vec![],
        seats: seats(&[Here, Invited]),
    };
    for _ in 0..2 {
        Player::enter(connect(&server).await, create.clone()).await;
    }
    let mut ws = connect(&server).await;
    send(&mut ws, &create).await;
    let why = refusal(&mut ws).await;
    assert!(why.contains("made 2 rooms in the last hour"), "{why}");
    // A refused setup does not count.
    let mut ws = connect(&server).await;
    let bad = ClientFrame::Create {
        game: "feud".into(),
        options: vec![],
        seats: seats(&[Here]),
    };
    send(&mut ws, &bad).await;
    assert!(refusal(&mut ws).await.contains("2 to 2 players, not 1"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_from_another_origin_is_refused() {
    let dir = TempDir::new("origin");
    let server = Server::start(&dir.0, &["--allow-origin", "https://games.example"]);
    match connect_from(&server, Some("http://evil.example")).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(resp)) => {
            assert_eq!(resp.status(), 403);
            let body =
                String::from_utf8_lossy(resp.body().as_deref().unwrap_or_default()).to_string();
            assert!(
                body.contains("does not host rooms for pages from `http://evil.example`"),
                "{body}"
            );
        }
        Err(e) => panic!("expected a 403, got {e}"),
        Ok(_) => panic!("a foreign page was let in"),
    }
    let own = format!("http://{}", server.addr);
    for origin in [own.as_str(), "https://games.example"] {
        let mut ws = connect_from(&server, Some(origin))
            .await
            .unwrap_or_else(|e| panic!("{origin}: {e}"));
        send(&mut ws, &ClientFrame::Ping).await;
        assert_eq!(next(&mut ws).await, Some(ServerFrame::Pong));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_mid_game_loses_no_acknowledged_move_and_players_resume_their_seats() {
    let dir = TempDir::new("kill");
    let mut server = Server::start(&dir.0, &[]);
    let mut players = start_room(&server, "castle", &[Here, Invited, Bot(Level::Easy)]).await;
    play_on(&mut players, 8).await;
    let code = players[0].code();
    let acknowledged = players[0].seq();
    let summary_before = players[0].driver().session.hash();
    // A move in flight when the server dies may or may not be stored; only acknowledged ones
    // must be.
    server.kill();
    server.restart();
    let mut back = Vec::new();
    for p in &players {
        let token = p
            .token
            .clone()
            .unwrap_or_else(|| panic!("a player has a token"));
        let me = Player::enter(
            connect(&server).await,
            ClientFrame::Resume {
                room: code.clone(),
                token,
            },
        )
        .await;
        assert_eq!(me.seats, p.seats, "the same seats");
        assert!(me.seq() >= acknowledged, "no acknowledged move lost");
        back.push(me);
    }
    let prefix: Vec<Move> = back[0].view.moves[..acknowledged as usize].to_vec();
    assert_eq!(
        prefix, players[0].view.moves,
        "the acknowledged moves, as acknowledged"
    );
    let _ = summary_before;
    // Both clients must be at the same move to go on. The bot may have moved between two
    // resumes (the first resume sets it thinking): a client welcomed before that move is sent it.
    let at = back.iter().map(|p| p.seq()).max().unwrap_or(0);
    for p in back.iter_mut() {
        while p.seq() < at {
            p.take_news().await;
        }
    }
    play_on(&mut back, engine::referee::MOVE_CAP).await;
    assert!(back[0].is_over());
    let log = watched_log(&server, &code).await.replay_text();
    let replayed = engine::referee::replay(&log, true).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(replayed.summary(), back[0].summary());
    assert_eq!(back[0].summary(), back[1].summary());
}
