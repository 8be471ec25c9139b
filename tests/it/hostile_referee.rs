//! Issue #16's reproducers against the referee, one regression test each: hostile files and
//! command lines are refused at once with exit 2 and a message in plain words that names the
//! place — never a panic, a hang, a wrap-around or a silent acceptance.

use engine::core::replay::Replay;
use engine::core::Move;
use std::sync::mpsc;
use std::time::Duration;
use tools::referee::{run, selfplay, RunResult};

fn dir() -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("ct-hostile-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&d);
    d
}

fn file(name: &str, text: &[u8]) -> String {
    let path = dir().join(name);
    std::fs::write(&path, text).unwrap_or_else(|e| panic!("write {path:?}: {e}"));
    path.to_string_lossy().to_string()
}

/// Runs the referee in a thread: it must answer within a few seconds (a hang fails the test).
fn referee(args: &[&str]) -> RunResult {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    let (tx, rx) = mpsc::channel();
    let shown = format!("{args:?}");
    std::thread::spawn(move || {
        let _ = tx.send(run(&args));
    });
    rx.recv_timeout(Duration::from_secs(20))
        .unwrap_or_else(|_| panic!("the referee did not answer {shown} at once"))
}

fn refused(args: &[&str], needle: &str) -> String {
    let r = referee(args);
    assert_eq!(r.code, 2, "{args:?}: {r:?}");
    assert!(r.out.is_empty(), "{args:?}: {:?}", r.out);
    let msg = r.err.join("\n");
    assert!(
        msg.contains(needle),
        "{args:?}: expected `{needle}` in {msg:?}"
    );
    assert!(!msg.contains('\u{1b}'), "a raw escape was echoed: {msg:?}");
    msg
}

fn castle_json() -> String {
    let s = selfplay("castle", 2, 3, &[]).unwrap_or_else(|e| panic!("{e:?}"));
    s.replay.to_json()
}

fn castle_replay() -> Replay {
    Replay::parse(&castle_json()).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn regress_tiny_files_that_panicked_or_hung_nanoserde_exit_2_at_once() {
    let cases: &[&[u8]] = &[
        b"{\"x\":}",
        b"{\"x\":]",
        b"{\"x\":,",
        b"{\"x\"::",
        b"{\"x\":",
        b"{\"x\":[",
        b"{\"x\":{",
        b"{\"format\":[",
        b"{\"format\":{",
        b"{\"moves\":[{\"x\":[",
        b"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[",
        b"",
        b"\"",
        b"{",
        b"nul",
    ];
    for (i, text) in cases.iter().enumerate() {
        let path = file(&format!("tiny{i}.json"), text);
        for cmd in ["replay", "check"] {
            let msg = refused(&[cmd, &path], "not a valid replay file: line 1, column");
            assert!(!msg.contains("Unexpected token"), "{msg}");
        }
    }
}

#[test]
fn regress_a_stray_character_is_named_in_plain_words() {
    let path = file("stray.json", b"{\"format\":1,@}");
    let msg = refused(&["check", &path], "line 1, column 13");
    assert!(msg.contains("found `@`"), "{msg}");
}

#[test]
fn regress_non_utf8_files_fifos_and_devices_are_refused_without_reading_them() {
    let path = file("bytes.json", b"{\"format\":1,\"game\":\"\xff\xfe\"}");
    refused(&["check", &path], "not UTF-8");
    refused(&["check", "/dev/urandom"], "not a regular file");
    refused(&["replay", "/dev/zero"], "not a regular file");
    let fifo = dir().join("fifo.json");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if made.map(|s| s.success()).unwrap_or(false) {
        refused(&["check", &fifo.to_string_lossy()], "not a regular file");
    }
}

#[test]
fn regress_integers_beyond_64_bits_are_refused_not_wrapped() {
    let json = castle_json();
    let at = json
        .find("\"angle\":")
        .unwrap_or_else(|| panic!("a launch"));
    let end = at + json[at..].find(',').unwrap_or(0);
    let forged = format!(
        "{}\"angle\":9223372036854776308{}",
        &json[..at],
        &json[end..]
    );
    let msg = refused(
        &["check", &file("wrap.json", forged.as_bytes())],
        "out of range",
    );
    assert!(
        msg.contains("angle") && msg.contains("line 1, column"),
        "{msg}"
    );
    let forged = json.replacen("\"seed\":3", "\"seed\":18446744073709551616", 1);
    refused(
        &["check", &file("seed.json", forged.as_bytes())],
        "out of range",
    );
}

#[test]
fn regress_misspelled_keys_duplicates_comments_and_trailing_data_are_refused() {
    let json = castle_json();
    let misspelled = json.replacen("\"launch\"", "\"lAunch\"", 1);
    refused(
        &["replay", &file("misspelled.json", misspelled.as_bytes())],
        "unknown key `lAunch` in move",
    );
    let twice = json.replacen("\"seed\":3", "\"seed\":3,\"seed\":4", 1);
    refused(
        &["check", &file("twice.json", twice.as_bytes())],
        "given twice",
    );
    let trailing = format!("{json} garbage");
    refused(
        &["check", &file("trailing.json", trailing.as_bytes())],
        "after the end",
    );
    let comment = format!("{json}\n// a comment");
    refused(
        &["check", &file("comment.json", comment.as_bytes())],
        "comment",
    );
    let two = format!("{json}{json}");
    refused(
        &["check", &file("two.json", two.as_bytes())],
        "after the end",
    );
}

#[test]
fn regress_removing_every_launch_no_longer_makes_a_forged_hit_pass() {
    let mut r = castle_replay();
    for m in &mut r.moves {
        m.launch = None;
    }
    let path = file("nolaunch.json", r.to_json().as_bytes());
    for cmd in ["replay", "check"] {
        refused(&[cmd, &path], "only accepted in a rule scenario");
    }
    // As a rule scenario (outcome-only shots are how scenarios are written) it is accepted.
    for cmd in ["replay", "check"] {
        let ok = referee(&[cmd, "--scenario", &path]);
        assert_eq!(ok.code, 0, "{cmd} --scenario: {:?}", ok.err);
    }
}

#[test]
fn regress_steps_are_verified() {
    let mut r = castle_replay();
    let i = r
        .moves
        .iter()
        .position(|m| m.outcome.is_some())
        .unwrap_or(0);
    if let Some(o) = r.moves[i].outcome.as_mut() {
        o.steps += 1;
    }
    let msg = refused(
        &["replay", &file("steps.json", r.to_json().as_bytes())],
        "steps instead of the recorded",
    );
    assert!(msg.contains(&format!("move {i}")), "{msg}");
}

#[test]
fn regress_check_reports_an_out_of_range_launch_even_with_an_outcome() {
    let mut r = castle_replay();
    let i = r.moves.iter().position(|m| m.launch.is_some()).unwrap_or(0);
    if let Some(l) = r.moves[i].launch.as_mut() {
        l.power = 5000;
    }
    let path = file("power.json", r.to_json().as_bytes());
    for cmd in ["check", "replay"] {
        let msg = refused(&[cmd, &path], "launch power 5000 is outside");
        assert!(msg.contains(&format!("move {i}")), "{msg}");
    }
}

#[test]
fn regress_extra_args_are_refused() {
    let mut r = castle_replay();
    let i = r
        .moves
        .iter()
        // Not `play`: a card played with a second argument names a roof's square (3 arguments).
        .position(|m| !m.is_shot() && !m.args.is_empty() && m.action != "play")
        .unwrap_or_else(|| panic!("a decision with arguments"));
    r.moves[i].args.push(7);
    let msg = refused(
        &["check", &file("extra.json", r.to_json().as_bytes())],
        "argument(s), not",
    );
    assert!(msg.contains(&format!("move {i}")), "{msg}");
}

#[test]
fn regress_a_decision_with_a_launch_or_a_shot_with_args_is_refused() {
    let mut r = castle_replay();
    let i = r.moves.iter().position(|m| !m.is_shot()).unwrap_or(0);
    let launch = r.moves.iter().find_map(|m| m.launch.clone());
    r.moves[i].launch = launch;
    refused(
        &["check", &file("declaunch.json", r.to_json().as_bytes())],
        "only a shot carries a launch",
    );
}

#[test]
fn regress_echoed_text_is_escaped() {
    let mut r = castle_replay();
    r.game = "\u{1b}[2J\u{1b}[31mcastle".into();
    let msg = refused(
        &["check", &file("ansi.json", r.to_json().as_bytes())],
        "control character",
    );
    assert!(msg.contains("\\u{1b}"), "{msg}");
    r.game = "\u{202e}elstac".into();
    let msg = refused(
        &["check", &file("bidi.json", r.to_json().as_bytes())],
        "unknown game",
    );
    assert!(msg.contains("\\u{202e}elstac"), "{msg}");
    let mut r = castle_replay();
    r.moves[0].action = "bell\u{202e}".into();
    let msg = refused(
        &["check", &file("bell.json", r.to_json().as_bytes())],
        "move 0",
    );
    assert!(
        !msg.contains('\u{7}') && !msg.contains('\u{202e}'),
        "{msg:?}"
    );
    refused(&["fly\u{1b}[2J"], "unknown command");
}

#[test]
fn regress_huge_seat_counts_are_refused_before_anything_is_allocated() {
    for n in ["18446744073709551615", "99999999999", "0", "11"] {
        refused(&["selfplay", "--game", "castle", "--players", n], "players");
    }
    refused(
        &[
            "selfplay",
            "--game",
            "castle",
            "--players",
            "18446744073709551616",
        ],
        "expects a number",
    );
}

#[test]
fn regress_flags_without_values_and_unknown_flags_are_refused_with_usage() {
    for (args, needle) in [
        (
            vec!["selfplay", "--game", "castle", "--players", "2", "--out"],
            "--out needs a value",
        ),
        (
            vec!["selfplay", "--game", "castle", "--players", "2", "--option"],
            "--option needs a value",
        ),
        (
            vec![
                "selfplay",
                "--game",
                "castle",
                "--players",
                "2",
                "--out",
                "--seed",
                "3",
            ],
            "--out needs a value",
        ),
        (
            vec!["selfplay", "--game", "castle", "--players", "2", "--fast"],
            "unknown flag `--fast`",
        ),
        (
            vec![
                "selfplay",
                "--game",
                "castle",
                "--game",
                "assault",
                "--players",
                "2",
            ],
            "given twice",
        ),
        (
            vec!["selfplay", "--game", "castle", "--players", "2", "extra"],
            "unexpected argument",
        ),
        (vec!["check", "a.json", "b.json"], "unexpected argument"),
        (vec!["check", "--strict", "a.json"], "unknown flag"),
        (vec!["games", "now"], "unexpected argument"),
        (vec!["trace", "--fast"], "unknown flag"),
    ] {
        let msg = refused(&args, needle);
        assert!(msg.contains("usage:"), "{msg}");
    }
}

#[test]
fn regress_out_never_replaces_a_device_or_follows_a_symlink() {
    let r = referee(&[
        "selfplay",
        "--game",
        "castle",
        "--players",
        "1",
        "--out",
        "/dev/null",
    ]);
    assert_eq!(r.code, 2, "{r:?}");
    assert!(
        r.err.join(" ").contains("not a regular file"),
        "{:?}",
        r.err
    );
    #[cfg(unix)]
    {
        let victim = dir().join("victim.txt");
        let _ = std::fs::write(&victim, "precious");
        let link = dir().join("link.json");
        let _ = std::fs::remove_file(&link);
        let _ = std::os::unix::fs::symlink(&victim, &link);
        let r = referee(&[
            "selfplay",
            "--game",
            "castle",
            "--players",
            "1",
            "--out",
            &link.to_string_lossy(),
        ]);
        assert_eq!(r.code, 2, "{r:?}");
        assert_eq!(
            std::fs::read_to_string(&victim).ok().as_deref(),
            Some("precious")
        );
    }
}

#[test]
fn a_toggled_decision_log_replays_and_undo_still_works() {
    // Many legal decisions and no shot: the session keeps one copy of the game, not one per move.
    let r = castle_replay();
    let seat = r.moves[0].seat as usize;
    let mut file = Replay::new(&r.game, &r.options, r.seats.clone(), r.seed);
    for k in 0..2000 {
        file.moves.push(Move::decide(seat, "stand", &[1 - (k % 2)]));
    }
    let path = file_text("toggles.json", &file.to_json());
    let ok = referee(&["check", &path]);
    assert_eq!(ok.code, 0, "{:?}", ok.err);
    let mut s = tools::referee::replay(&file.to_json(), false).unwrap_or_else(|e| panic!("{e}"));
    let hud = |s: &engine::core::Session| s.game.hud();
    for _ in 0..3 {
        s.undo().unwrap_or_else(|e| panic!("{e}"));
    }
    assert_eq!(s.replay.moves.len(), 1997);
    let mut fresh = tools::referee::replay(
        &{
            let mut f = file.clone();
            f.moves.truncate(1997);
            f.to_json()
        },
        false,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(hud(&s), hud(&fresh));
    assert_eq!(s.events, fresh.events);
    assert!(fresh.undo().is_ok());
}

fn file_text(name: &str, text: &str) -> String {
    file(name, text.as_bytes())
}

#[test]
fn regress_a_huge_args_array_is_refused_at_its_seventeenth_item() {
    let r = castle_replay();
    let json = r.to_json();
    let huge: Vec<String> = (0..200_000).map(|k| (k % 10).to_string()).collect();
    let forged = json.replacen(
        "\"args\":[3,-1]",
        &format!("\"args\":[{}]", huge.join(",")),
        1,
    );
    assert_ne!(forged, json, "the selfplay has a stack move");
    refused(
        &["check", &file("hugeargs.json", forged.as_bytes())],
        "has more than 16 items",
    );
}

#[test]
fn regress_a_hand_index_below_minus_one_is_refused_and_squares_do_not_overflow() {
    let r = castle_replay();
    let i = r
        .moves
        .iter()
        .position(|m| m.action == "stack")
        .unwrap_or_else(|| panic!("a stack move"));
    let mut below = r.clone();
    below.moves[i].args[1] = -2;
    let msg = refused(
        &["check", &file("hand.json", below.to_json().as_bytes())],
        "no card -2 in your hand",
    );
    assert!(msg.contains(&format!("move {i}")), "{msg}");
    let mut far = r.clone();
    far.moves[i].args[0] = i64::MAX;
    let msg = refused(
        &["check", &file("square.json", far.to_json().as_bytes())],
        "there is no square",
    );
    assert!(!msg.contains("-9223372036854775808"), "{msg}");
}
