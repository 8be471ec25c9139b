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

/// Every golden recording, cut short after `keep(n)` of its n moves.
fn cut_goldens(keep: impl Fn(usize) -> usize) -> Vec<(String, engine::core::replay::Replay)> {
    use engine::core::replay::Replay;
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let mut out = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(&root)
        .into_iter()
        .flatten()
        .flatten()
        .flat_map(|d| std::fs::read_dir(d.path()).into_iter().flatten().flatten())
        .map(|f| f.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap_or_default();
        let mut r = Replay::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let n = r.moves.len();
        r.moves.truncate(keep(n));
        let name = f.file_name().map(|s| s.to_string_lossy().to_string());
        out.push((name.unwrap_or_default(), r));
    }
    out
}

#[test]
fn regress_the_summary_of_an_unfinished_game_names_no_winner() {
    let mut cuts = 0;
    let keeps: [fn(usize) -> usize; 3] = [|_| 0, |n| n / 2, |n| n.saturating_sub(1)];
    for keep in keeps {
        for (name, r) in cut_goldens(keep) {
            let file = tmp(
                &format!("unfinished-{}-{name}", r.moves.len()),
                &r.to_json(),
            );
            let session = tools::referee::replay(&r.to_json(), false)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            let out = run(&args(&["replay", &file]));
            assert_eq!(out.code, 0, "{name}: {:?}", out.err);
            let line = out.out.last().cloned().unwrap_or_default();
            assert_eq!(line, session.summary(), "{name}");
            if !session.game.is_over() {
                cuts += 1;
                assert!(
                    line.contains("\"winner\":-1,"),
                    "{name} cut at {}: {line}",
                    r.moves.len()
                );
            }
        }
    }
    assert!(cuts >= 10, "only {cuts} unfinished games were looked at");
}

#[test]
fn a_committed_deal_is_checked_in_words_and_a_changed_salt_or_seed_is_refused() {
    use engine::online::deal;
    let salt = [7u8; deal::SALT_LEN];
    let (name, mut r) = cut_goldens(|n| n)
        .into_iter()
        .next()
        .unwrap_or_else(|| panic!("no golden recording"));
    let plain = run(&args(&["replay", &tmp("plain.json", &r.to_json())]));
    assert_eq!(plain.code, 0, "{name}: {:?}", plain.err);
    assert_eq!(
        plain.out.len(),
        1,
        "a file without a commitment: the summary alone"
    );
    r.commitment = Some(deal::commitment(&salt, r.seed));
    r.salt = Some(deal::salt_text(&salt));
    let good = run(&args(&["replay", &tmp("committed.json", &r.to_json())]));
    assert_eq!(good.code, 0, "{name}: {:?}", good.err);
    assert_eq!(
        good.out,
        [deal::CHECKED.to_string(), plain.out[0].clone()],
        "the check, then the same summary"
    );
    let mut sealed = r.clone();
    sealed.salt = None;
    let open = run(&args(&["check", &tmp("sealed.json", &sealed.to_json())]));
    assert_eq!(open.code, 0, "{:?}", open.err);
    assert!(open.out[0].contains("not checked"), "{:?}", open.out);
    let mut other_salt = r.clone();
    other_salt.salt = Some(deal::salt_text(&[8u8; deal::SALT_LEN]));
    let mut other_seed = r.clone();
    other_seed.seed ^= 1;
    for (what, bad) in [("salt", other_salt), ("seed", other_seed)] {
        let out = run(&args(&[
            "replay",
            &tmp(&format!("{what}.json"), &bad.to_json()),
        ]));
        assert_eq!(out.code, 2, "a changed {what}: {:?}", out.out);
        assert!(out.out.is_empty(), "{:?}", out.out);
        assert!(
            out.err[0].contains("the deal does not match the commitment"),
            "{:?}",
            out.err
        );
    }
}
