//! The frames of what follows a game (issue 44): the clock's move marked on `moved`, the
//! rematch, and a game's ratings table. Each round-trips, is written byte for byte, and its
//! hostile versions are refused in words.

use super::*;
use nanoserde::SerJson;

fn entry(rank: u64, name: &str, you: bool) -> RatingEntry {
    RatingEntry {
        rank,
        name: name.into(),
        rating: 1512,
        games: 3,
        provisional: true,
        you,
    }
}

#[test]
fn the_new_frames_round_trip_and_are_written_byte_for_byte() {
    let pass = Move::decide(1, "pass", &[]);
    let p = pass.serialize_json();
    let clocked = ServerFrame::Moved {
        seq: 4,
        mv: pass.clone(),
        hash: "h".into(),
        over: false,
        told: None,
        seed: None,
        salt: None,
        clock: true,
    };
    let ratings = ServerFrame::Ratings {
        game: "feud".into(),
        players: 7,
        entries: vec![entry(1, "Ann \"A\"", false), entry(7, "Ben", true)],
    };
    for (frame, text) in [
        (
            clocked.clone(),
            format!(
                r#"{{"type":"moved","seq":4,"move":{p},"hash":"h","over":false,"clock":true}}"#
            ),
        ),
        (
            ServerFrame::Rematch { asked: vec![0, 2] },
            r#"{"type":"rematch","asked":[0,2]}"#.to_string(),
        ),
        (
            ratings.clone(),
            concat!(
                r#"{"type":"ratings","game":"feud","players":7,"entries":["#,
                r#"{"rank":1,"name":"Ann \"A\"","rating":1512,"games":3,"provisional":true,"you":false},"#,
                r#"{"rank":7,"name":"Ben","rating":1512,"games":3,"provisional":true,"you":true}]}"#
            )
            .to_string(),
        ),
    ] {
        assert_eq!(frame.to_json(), text);
        assert_eq!(ServerFrame::parse(&text), Ok(frame));
    }
    // A move not played by the clock is written as before (no `clock` key).
    let own = ServerFrame::Moved {
        seq: 4,
        mv: pass,
        hash: "h".into(),
        over: false,
        told: None,
        seed: None,
        salt: None,
        clock: false,
    };
    assert_eq!(
        own.to_json(),
        format!(r#"{{"type":"moved","seq":4,"move":{p},"hash":"h","over":false}}"#)
    );
    for (frame, text) in [
        (ClientFrame::Rematch, r#"{"type":"rematch"}"#.to_string()),
        (
            ClientFrame::Ratings {
                game: "castle".into(),
                device: Some("device-of-ann-0001".into()),
            },
            r#"{"type":"ratings","game":"castle","device":"device-of-ann-0001"}"#.into(),
        ),
        (
            ClientFrame::Ratings {
                game: "castle".into(),
                device: None,
            },
            r#"{"type":"ratings","game":"castle"}"#.into(),
        ),
    ] {
        assert_eq!(frame.to_json(), text);
        assert_eq!(ClientFrame::parse(&text), Ok(frame));
    }
}

#[test]
fn hostile_versions_of_the_new_frames_are_refused_in_words() {
    for (text, says) in [
        (
            r#"{"type":"rematch","room":"0123456789abcdef"}"#,
            "takes no key `room`",
        ),
        (r#"{"type":"ratings"}"#, "lacks the key `game`"),
        (r#"{"type":"ratings","game":7}"#, "the game id"),
        (
            r#"{"type":"ratings","game":"feud","device":"a","device":"b"}"#,
            "given twice",
        ),
        (
            r#"{"type":"ratings","game":"feud","entries":[]}"#,
            "unknown key `entries`",
        ),
        (
            r#"{"type":"ratings","game":"feud","device":null}"#,
            "a device token",
        ),
    ] {
        let got = ClientFrame::parse(text)
            .err()
            .map(|e| e.0)
            .unwrap_or_default();
        assert!(got.contains(says), "{text}: {got}");
    }
    let mv = Move::decide(0, "pass", &[]).serialize_json();
    let many = format!(
        r#"{{"type":"ratings","game":"feud","players":1,"entries":[{}]}}"#,
        vec![r#"{"rank":1,"name":"a","rating":1,"games":1,"provisional":false,"you":false}"#; 52]
            .join(",")
    );
    for (text, says) in [
        (
            format!(r#"{{"type":"moved","seq":1,"move":{mv},"hash":"h","over":false,"clock":false}}"#),
            "written only when true",
        ),
        (
            format!(r#"{{"type":"moved","seq":1,"move":{mv},"hash":"h","over":false,"clock":1}}"#),
            "clock",
        ),
        (r#"{"type":"rematch","asked":[12]}"#.into(), "out of range"),
        (r#"{"type":"rematch"}"#.into(), "lacks the key `asked`"),
        (
            r#"{"type":"ratings","game":"feud","players":1,"entries":[{"rank":1}]}"#.into(),
            "lacks the key `name`",
        ),
        (
            r#"{"type":"ratings","game":"feud","players":1,"entries":[{"rank":1,"name":"a","rating":1,"games":1,"provisional":false,"you":false,"device":"x"}]}"#.into(),
            "unknown key `device`",
        ),
        (
            r#"{"type":"ratings","game":"feud","players":1,"entries":[{"rank":1,"name":"a","rating":1.5,"games":1,"provisional":false,"you":false}]}"#.into(),
            "whole number",
        ),
        (many, "more than 51 items"),
    ] {
        let got = ServerFrame::parse(&text).err().map(|e| e.0).unwrap_or_default();
        assert!(got.contains(says), "{text}: {got}");
    }
}
