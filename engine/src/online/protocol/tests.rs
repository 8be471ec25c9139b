//! The frames' own tests: every frame round-trips and is written byte for byte; malformed frames
//! are refused with the place and the reason.

use super::*;
use crate::core::{Launch, LaunchKind, Level, Outcome};
use nanoserde::SerJson;

fn shot() -> Move {
    Move {
        outcome: Some(Outcome {
            facts: vec![crate::core::Fact::new("ammo_in_tower", &[1, 2])],
            steps: 310,
            hash: "00112233445566aa".into(),
        }),
        ..Move::shot(
            1,
            Launch {
                kind: LaunchKind::Catapult,
                angle: 450,
                power: 700,
                ..Launch::default()
            },
        )
    }
}

#[test]
fn every_client_frame_round_trips() {
    let frames = [
        ClientFrame::Create {
            game: "castle".into(),
            options: vec!["beginners".into()],
            seats: vec![
                SeatRequest {
                    plan: SeatPlan::Here,
                    name: "Ann \"the\" bold".into(),
                },
                SeatRequest {
                    plan: SeatPlan::Invited,
                    name: "Friend".into(),
                },
                SeatRequest {
                    plan: SeatPlan::Bot(Level::Hard),
                    name: "Bot".into(),
                },
            ],
        },
        ClientFrame::Join {
            room: "0123456789abcdef".into(),
            name: "Ben".into(),
        },
        ClientFrame::Resume {
            room: "0123456789abcdef".into(),
            token: "t".repeat(TOKEN_LEN),
        },
        ClientFrame::Watch {
            room: "0123456789abcdef".into(),
        },
        ClientFrame::Start,
        ClientFrame::Move {
            seq: 7,
            mv: Move::decide(0, "place", &[3, -4]),
        },
        ClientFrame::Move { seq: 8, mv: shot() },
        ClientFrame::Ping,
        ClientFrame::Quick {
            game: "feud".into(),
            name: "Ann".into(),
            players: None,
            device: None,
            aid: None,
        },
        ClientFrame::Quick {
            game: "castle".into(),
            name: "Ann".into(),
            players: Some(3),
            device: Some("d".repeat(MAX_DEVICE)),
            aid: Some("learning".into()),
        },
        ClientFrame::Unqueue,
        ClientFrame::Bots,
    ];
    for f in frames {
        assert_eq!(ClientFrame::parse(&f.to_json()), Ok(f.clone()), "{f:?}");
    }
}

#[test]
fn every_server_frame_round_trips() {
    let seats = vec![
        SeatInfo {
            plan: SeatPlan::Here,
            name: "Ann".into(),
            taken: true,
            online: true,
        },
        SeatInfo {
            plan: SeatPlan::Bot(Level::Easy),
            name: "Bot 2".into(),
            taken: true,
            online: true,
        },
    ];
    let frames = [
        ServerFrame::Welcome {
            you: You {
                seats: vec![0],
                host: true,
                token: Some("a".repeat(TOKEN_LEN)),
            },
            room: RoomView {
                room: "0123456789abcdef".into(),
                game: "castle".into(),
                options: vec![],
                seed: u64::MAX,
                commitment: Some("ab".repeat(32)),
                salt: Some("0f".repeat(16)),
                told: Some(vec!["n3 c12 c s4 s".into(), String::new()]),
                seats: seats.clone(),
                phase: Phase::Playing,
                moves: vec![Move::decide(0, "pass", &[]), shot()],
                hash: "0011223344556677".into(),
                aids: Some("standard,learning,".into()),
            },
        },
        ServerFrame::Seats { seats },
        ServerFrame::Started {
            hash: "0011223344556677".into(),
            told: Some("c7 c".into()),
        },
        ServerFrame::Moved {
            seq: 3,
            mv: shot(),
            hash: "0011223344556677".into(),
            over: true,
            told: Some("s9".into()),
            seed: Some(u64::MAX),
            salt: Some("0f".repeat(16)),
            clock: false,
        },
        ServerFrame::Refused {
            why: "it is seat 0's turn, not seat 1's".into(),
        },
        ServerFrame::Pong,
        ServerFrame::Queued {
            game: "castle".into(),
            players: 3,
            waiting: 2,
        },
        ServerFrame::OfferBots {
            game: "feud".into(),
            players: 2,
            waiting: 1,
        },
        ServerFrame::Unqueued,
    ];
    for f in frames {
        assert_eq!(ServerFrame::parse(&f.to_json()), Ok(f.clone()), "{f:?}");
    }
}

fn refusal(text: &str) -> String {
    ClientFrame::parse(text)
        .err()
        .map(|e| e.0)
        .unwrap_or_default()
}

#[test]
fn malformed_client_frames_are_refused_with_the_reason() {
    for (text, says) in [
        ("", "expected the message"),
        ("{", "a key in quotes"),
        ("[]", "an object in braces"),
        ("{}", "lacks the key `type`"),
        ("{\"type\":\"fly\"}", "unknown message type `fly`"),
        ("{\"type\":\"join\",\"room\":\"abc\"}", "lacks the key `name`"),
        ("{\"type\":\"start\",\"seq\":1}", "takes no key `seq`"),
        ("{\"type\":\"start\"} {}", "after the end"),
        ("{\"type\":\"start\",\"type\":\"ping\"}", "given twice"),
        ("{\"type\":\"move\",\"seq\":-1,\"move\":{}}", "seq"),
        ("{\"type\":\"move\",\"seq\":1,\"move\":{\"seat\":0}}", "lacks the key `action`"),
        ("{\"type\":\"hack\",\"x\":1}", "unknown key `x`"),
        (
            "{\"type\":\"create\",\"game\":\"castle\",\"options\":[],\"seats\":[{\"kind\":\"robot\",\"name\":\"a\"}]}",
            "not `robot`",
        ),
        (
            "{\"type\":\"create\",\"game\":\"castle\",\"options\":[],\"seats\":[{\"kind\":\"here\",\"name\":\"a\",\"level\":\"hard\"}]}",
            "only a bot seat has a level",
        ),
        ("{\"type\":\"quick\",\"name\":\"a\"}", "lacks the key `game`"),
        ("{\"type\":\"quick\",\"game\":\"feud\",\"name\":\"a\",\"players\":-2}", "players"),
        ("{\"type\":\"quick\",\"game\":\"feud\",\"name\":\"a\",\"game\":\"castle\"}", "given twice"),
        ("{\"type\":\"quick\",\"game\":\"feud\",\"name\":\"a\",\"seats\":[]}", "a `quick` message takes no key `seats`"),
        ("{\"type\":\"unqueue\",\"game\":\"feud\"}", "takes no key `game`"),
    ] {
        let got = refusal(text);
        assert!(got.contains(says), "{text}: {got}");
    }
    let big = format!(
        "{{\"type\":\"join\",\"room\":\"{}\"}}",
        "a".repeat(MAX_FRAME)
    );
    assert!(refusal(&big).contains("at most 16384 bytes"));
}

#[test]
fn frames_are_written_byte_for_byte_as_the_browser_and_the_tests_read_them() {
    let pass = Move::decide(1, "pass", &[]).serialize_json();
    let create = ClientFrame::Create {
        game: "castle".into(),
        options: vec!["a".into(), "b".into()],
        seats: vec![
            SeatRequest {
                plan: SeatPlan::Here,
                name: "Ann".into(),
            },
            SeatRequest {
                plan: SeatPlan::Bot(Level::Hard),
                name: "Bot".into(),
            },
        ],
    };
    let seat = SeatInfo {
        plan: SeatPlan::Bot(Level::Easy),
        name: "B".into(),
        taken: true,
        online: false,
    };
    let room = RoomView {
        room: "0123456789abcdef".into(),
        game: "castle".into(),
        options: vec![],
        seed: 9,
        commitment: None,
        salt: None,
        told: None,
        seats: vec![seat.clone()],
        phase: Phase::Over,
        moves: vec![Move::decide(1, "pass", &[])],
        hash: "h".into(),
        aids: None,
    };
    let welcome = |token: Option<String>| ServerFrame::Welcome {
        you: You {
            seats: vec![0, 2],
            host: false,
            token,
        },
        room: room.clone(),
    };
    let seat_json = r#"{"kind":"bot","name":"B","level":"easy","taken":true,"online":false}"#;
    let room_json = format!(
        r#"{{"code":"0123456789abcdef","game":"castle","options":[],"seed":9,"seats":[{seat_json}],"phase":"over","moves":[{pass}],"hash":"h"}}"#
    );
    for (text, want) in [
        (
            create.to_json(),
            r#"{"type":"create","game":"castle","options":["a","b"],"seats":[{"kind":"here","name":"Ann"},{"kind":"bot","name":"Bot","level":"hard"}]}"#.to_string(),
        ),
        (
            ClientFrame::Join {
                room: "r".into(),
                name: "N \"q\"".into(),
            }
            .to_json(),
            r#"{"type":"join","room":"r","name":"N \"q\""}"#.into(),
        ),
        (
            ClientFrame::Resume {
                room: "r".into(),
                token: "t".into(),
            }
            .to_json(),
            r#"{"type":"resume","room":"r","token":"t"}"#.into(),
        ),
        (
            ClientFrame::Watch { room: "r".into() }.to_json(),
            r#"{"type":"watch","room":"r"}"#.into(),
        ),
        (ClientFrame::Start.to_json(), r#"{"type":"start"}"#.into()),
        (ClientFrame::Ping.to_json(), r#"{"type":"ping"}"#.into()),
        (
            ClientFrame::Move {
                seq: 4,
                mv: Move::decide(1, "pass", &[]),
            }
            .to_json(),
            format!(r#"{{"type":"move","seq":4,"move":{pass}}}"#),
        ),
        (
            welcome(Some("tok".into())).to_json(),
            format!(
                r#"{{"type":"welcome","you":{{"seats":[0,2],"host":false,"token":"tok"}},"room":{room_json}}}"#
            ),
        ),
        (
            welcome(None).to_json(),
            format!(r#"{{"type":"welcome","you":{{"seats":[0,2],"host":false}},"room":{room_json}}}"#),
        ),
        (
            ServerFrame::Seats { seats: vec![seat] }.to_json(),
            format!(r#"{{"type":"seats","seats":[{seat_json}]}}"#),
        ),
        (
            ServerFrame::Started {
                hash: "h".into(),
                told: None,
            }
            .to_json(),
            r#"{"type":"started","hash":"h"}"#.into(),
        ),
        (
            ServerFrame::Moved {
                seq: 2,
                mv: Move::decide(1, "pass", &[]),
                hash: "h".into(),
                over: true,
                told: None,
                seed: None,
                salt: None,
                clock: false,
            }
            .to_json(),
            format!(r#"{{"type":"moved","seq":2,"move":{pass},"hash":"h","over":true}}"#),
        ),
        (
            ServerFrame::Refused { why: "no".into() }.to_json(),
            r#"{"type":"refused","why":"no"}"#.into(),
        ),
        (ServerFrame::Pong.to_json(), r#"{"type":"pong"}"#.into()),
        (
            ClientFrame::Quick {
                game: "feud".into(),
                name: "Ann".into(),
                players: None,
                device: None,
                aid: None,
            }
            .to_json(),
            r#"{"type":"quick","game":"feud","name":"Ann"}"#.into(),
        ),
        (
            ClientFrame::Quick {
                game: "castle".into(),
                name: "Ann".into(),
                players: Some(3),
                device: Some("dev".into()),
                aid: None,
            }
            .to_json(),
            r#"{"type":"quick","game":"castle","name":"Ann","players":3,"device":"dev"}"#
                .into(),
        ),
        (ClientFrame::Unqueue.to_json(), r#"{"type":"unqueue"}"#.into()),
        (ClientFrame::Bots.to_json(), r#"{"type":"bots"}"#.into()),
        (
            ServerFrame::Queued {
                game: "feud".into(),
                players: 2,
                waiting: 1,
            }
            .to_json(),
            r#"{"type":"queued","game":"feud","players":2,"waiting":1}"#.into(),
        ),
        (
            ServerFrame::OfferBots {
                game: "feud".into(),
                players: 2,
                waiting: 1,
            }
            .to_json(),
            r#"{"type":"offer_bots","game":"feud","players":2,"waiting":1}"#.into(),
        ),
        (
            ServerFrame::Unqueued.to_json(),
            r#"{"type":"unqueued"}"#.into(),
        ),
    ] {
        assert_eq!(text, want);
    }
}

#[test]
fn the_blanks_name_every_type_once_and_each_blank_round_trips() {
    for (types, round_trips) in [
        (
            ClientFrame::blanks()
                .iter_mut()
                .map(|b| b.fields().0)
                .collect::<Vec<_>>(),
            ClientFrame::blanks()
                .into_iter()
                .all(|b| ClientFrame::parse(&b.to_json()) == Ok(b)),
        ),
        (
            ServerFrame::blanks()
                .iter_mut()
                .map(|b| b.fields().0)
                .collect::<Vec<_>>(),
            ServerFrame::blanks()
                .into_iter()
                .all(|b| ServerFrame::parse(&b.to_json()) == Ok(b)),
        ),
    ] {
        let mut unique = types.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), types.len(), "{types:?}");
        assert!(round_trips, "{types:?}");
    }
    assert_eq!(ClientFrame::blanks().len(), 12);
    assert_eq!(ServerFrame::blanks().len(), 11);
}

#[test]
fn a_frame_whose_type_comes_last_is_read_the_same() {
    assert_eq!(
        ClientFrame::parse(r#"{"name":"Ben","room":"r","type":"join"}"#),
        Ok(ClientFrame::Join {
            room: "r".into(),
            name: "Ben".into(),
        })
    );
    assert_eq!(
        ServerFrame::parse(
            r#"{"over":false,"hash":"h","move":{"seat":0,"action":"pass"},"seq":1,"type":"moved"}"#
        ),
        Ok(ServerFrame::Moved {
            seq: 1,
            mv: Move::decide(0, "pass", &[]),
            hash: "h".into(),
            over: false,
            told: None,
            seed: None,
            salt: None,
            clock: false,
        })
    );
    // Limits are the named type's, also when it comes last.
    assert!(refusal(&format!(
        r#"{{"name":"{}","room":"r","type":"join"}}"#,
        "n".repeat(25)
    ))
    .contains("longer than 24 characters"));
    assert!(refusal(r#"{"seq":1,"type":"join","room":"r","name":"n"}"#)
        .contains("a `join` message takes no key `seq`"));
}

#[test]
fn refusals_name_the_line_the_column_and_the_reason() {
    for (text, says) in [
        ("{\n \"type\": \"ping\",\n \"x\": 1}", "line 3, column 2: unknown key `x` in the message (the keys are: type, game, options, seats, room, name, token, seq, move, players, device, aid)"),
        ("{\"type\":\"ping\",\"type\":\"ping\"}", "line 1, column 16: key `type` is given twice in the message"),
        ("{\"type\":\"move\",\"seq\":18446744073709551616,\"move\":{\"seat\":0,\"action\":\"a\"}}", "line 1, column 22: seq"),
        ("{\"type\":\"move\",\"seq\":1.5,\"move\":{\"seat\":0,\"action\":\"a\"}}", "line 1, column"),
        ("{\"type\":\"move\",\"seq\":1,\"move\":{\"seat\":0,\"action\":\"a\"},\"move\":{}}", "given twice"),
        ("{\"type\":\"flyaway\"}", "unknown message type `flyaway` (the types are: create, join, resume, watch, start, move, ping, quick, unqueue, bots, rematch, ratings)"),
        ("{\"room\":\"r\"}", "the message lacks the key `type`"),
        ("{\"type\":\"watch\",\"room\":\"0123456789abcdefg\"}", "text longer than 16 characters"),
        ("{\"type\":\"create\",\"game\":\"castle\",\"options\":[],\"seats\":[{\"kind\":\"bot\",\"name\":\"b\",\"level\":\"godlike\"}]}", "a bot's level is `easy`, `normal` or `hard`, not `godlike`"),
    ] {
        let got = refusal(text);
        assert!(got.starts_with("not a valid message: "), "{text}: {got}");
        assert!(got.contains(says), "{text}: {got}");
    }
}

#[test]
fn malformed_server_frames_are_refused_with_the_reason() {
    let seat = r#"{"kind":"here","name":"A","taken":true,"online":true}"#;
    let room = format!(
        r#"{{"code":"0123456789abcdef","game":"castle","options":[],"seed":1,"seats":[{seat}],"phase":"waiting","moves":[],"hash":""}}"#
    );
    let good = format!(r#"{{"type":"welcome","you":{{"seats":[0],"host":true}},"room":{room}}}"#);
    assert!(ServerFrame::parse(&good).is_ok());
    for (text, says) in [
        (
            r#"{"type":"boom"}"#.to_string(),
            "unknown server message `boom`",
        ),
        (
            r#"{"type":"moved","seq":1}"#.into(),
            "a `moved` message lacks the key `move`",
        ),
        (
            r#"{"type":"pong","why":"x"}"#.into(),
            "a `pong` message takes no key `why`",
        ),
        (
            r#"{"type":"pong","code":"x"}"#.into(),
            "unknown key `code` in the server's message",
        ),
        (
            r#"{"type":"welcome","you":{"seats":[0],"host":true}}"#.into(),
            "lacks the key `room`",
        ),
        (
            good.replace("\"host\":true", "\"host\":1"),
            "host (true or false)",
        ),
        (
            good.replace("\"host\":true", "\"host\":true,\"extra\":1"),
            "unknown key `extra` in you",
        ),
        (good.replace("\"seats\":[0]", "\"seats\":[10]"), "a seat"),
        (
            good.replace("\"waiting\"", "\"paused\""),
            "unknown phase `paused`",
        ),
        (
            good.replace(",\"hash\":\"\"", ""),
            "the room lacks the key `hash`",
        ),
        (
            good.replace("\"here\"", "\"alien\""),
            "seat 0: unknown kind `alien`",
        ),
        (
            good.replace(",\"online\":true", ""),
            "seat 0 lacks the key `online`",
        ),
        (good.replace("\"seed\":1", "\"seed\":-1"), "seed"),
    ] {
        let got = ServerFrame::parse(&text)
            .err()
            .map(|e| e.0)
            .unwrap_or_default();
        assert!(
            got.starts_with("not a valid server message: line 1, column "),
            "{text}: {got}"
        );
        assert!(got.contains(says), "{text}: {got}");
    }
    let big = "x".repeat(MAX_SERVER_FRAME + 1);
    assert!(ServerFrame::parse(&big)
        .err()
        .is_some_and(|e| e.0.contains("at most 16777216 bytes")));
}

#[test]
fn codes_use_every_bit_and_only_the_alphabet() {
    let code = code_from(&[0xff; 10], ROOM_CODE_LEN);
    assert_eq!(code, "z".repeat(16));
    assert_eq!(code_from(&[0; 10], ROOM_CODE_LEN), "0".repeat(16));
    let code = code_from(&[0x08, 0x42, 0x10, 0x84, 0x21], 8);
    assert_eq!(code, "11111111");
    assert!(is_code(&code_from(&[7; 17], TOKEN_LEN), TOKEN_LEN));
    assert!(!is_code("0123456789ABCDEF", ROOM_CODE_LEN), "upper case");
    assert!(!is_code("0123456789abcde", ROOM_CODE_LEN), "too short");
}
