//! The referee refuses bad input with a clear message and exit code 2, never a panic.

use tools::referee::run;

fn args(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

fn tmp(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("ct-referee-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join(name);
    let _ = std::fs::write(&path, text);
    path.to_string_lossy().to_string()
}

#[test]
fn usage_errors_exit_2_with_a_message() {
    for a in [
        vec![],
        vec!["fly"],
        vec!["selfplay"],
        vec!["selfplay", "--game", "castle"],
        vec!["replay"],
    ] {
        let r = run(&args(&a));
        assert_eq!(r.code, 2, "{a:?}");
        assert!(!r.err.is_empty() && r.out.is_empty(), "{a:?}: {:?}", r.err);
    }
    let r = run(&args(&["selfplay", "--game", "castle", "--players", "two"]));
    assert_eq!(r.code, 2);
    assert!(
        r.err[0].contains("--players expects a number"),
        "{:?}",
        r.err
    );
}

#[test]
fn unknown_game_is_named() {
    let r = run(&args(&["selfplay", "--game", "chess", "--players", "2"]));
    assert_eq!(r.code, 2);
    assert!(r.err[0].contains("unknown game `chess`"), "{:?}", r.err);
}

#[test]
fn malformed_and_missing_files_are_refused() {
    let bad = tmp("bad.json", "{\"format\":1,\"game\":");
    for cmd in ["replay", "check"] {
        let r = run(&args(&[cmd, &bad]));
        assert_eq!(r.code, 2);
        assert!(r.err[0].contains("not a valid replay file"), "{:?}", r.err);
    }
    let r = run(&args(&["replay", "/nonexistent/replay.json"]));
    assert_eq!(r.code, 2);
    assert!(r.err[0].contains("cannot read"), "{:?}", r.err);
    let wrong_version = tmp(
        "v9.json",
        "{\"format\":9,\"game\":\"castle\",\"options\":[],\"seats\":[],\"seed\":1,\"moves\":[]}",
    );
    let r = run(&args(&["check", &wrong_version]));
    assert_eq!(r.code, 2);
    assert!(r.err[0].contains("format 9"), "{:?}", r.err);
    let unknown_game = tmp(
        "chess.json",
        "{\"format\":1,\"game\":\"chess\",\"options\":[],\"seats\":[],\"seed\":1,\"moves\":[]}",
    );
    let r = run(&args(&["check", &unknown_game]));
    assert_eq!(r.code, 2);
    assert!(r.err[0].contains("unknown game"), "{:?}", r.err);
}

#[test]
fn out_file_is_not_written_when_selfplay_is_refused() {
    let out = tmp("never.json", "");
    let _ = std::fs::remove_file(&out);
    let r = run(&args(&[
        "selfplay",
        "--game",
        "chess",
        "--players",
        "2",
        "--out",
        &out,
    ]));
    assert_eq!(r.code, 2);
    assert!(!std::path::Path::new(&out).exists());
}

/// The determinism check compares the referee's trace with the browser's, which heads each
/// replay with its full file name: the referee's heading must not be cut short.
#[test]
fn regress_trace_heading_keeps_a_long_file_name_whole() {
    let long = "a-replay-file-name-longer-than-forty-characters-s1010.json";
    let path = tmp(long, "{}");
    let r = run(&args(&["trace", &path]));
    assert_eq!(r.out.first(), Some(&format!("== {path}")), "{:?}", r.out);
}
