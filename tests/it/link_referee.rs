//! `referee link FILE` and `referee unlink LINK --out FILE`: a golden replay goes out as a link
//! and comes back as a replay file of the same game; a bad link exits 2 with a message and
//! writes nothing.

use tools::referee::run;

fn args(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

fn tmp(name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("ct-link-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    dir.join(name).to_string_lossy().to_string()
}

const GOLDEN: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/golden/castle/castle-2p-s2.json"
);

#[test]
fn link_then_unlink_gives_back_the_same_game() {
    let l = run(&args(&["link", GOLDEN]));
    assert_eq!(l.code, 0, "{:?}", l.err);
    assert_eq!(l.out.len(), 1);
    let fragment = &l.out[0];
    assert!(fragment.starts_with("#g="), "{fragment}");
    assert!(l.err[0].contains("121 moves"), "{:?}", l.err);
    let out = tmp("back.json");
    let u = run(&args(&[
        "unlink",
        &format!("https://example.org/{fragment}"),
        "--out",
        &out,
    ]));
    assert_eq!(u.code, 0, "{:?}", u.err);
    let original = run(&args(&["replay", GOLDEN]));
    let again = run(&args(&["replay", &out]));
    assert_eq!(again.code, 0, "{:?}", again.err);
    assert_eq!(again.out, original.out, "the same summary, hash included");
    assert_eq!(u.out, original.out);
    let before = std::fs::read_to_string(GOLDEN).unwrap_or_default();
    let after = std::fs::read_to_string(&out).unwrap_or_default();
    assert_eq!(
        engine::core::replay::Replay::parse(&after),
        engine::core::replay::Replay::parse(&before)
    );
}

#[test]
fn a_bad_link_exits_2_with_a_plain_message_and_writes_nothing() {
    let out = tmp("never.json");
    let _ = std::fs::remove_file(&out);
    let l = run(&args(&["link", GOLDEN]));
    let fragment = l.out.first().cloned().unwrap_or_default();
    let cut = &fragment[..fragment.len() - 10];
    for (bad, words) in [
        (cut, "cut short"),
        ("#g=!!!", "characters"),
        ("#g=", "holds no game"),
    ] {
        let u = run(&args(&["unlink", bad, "--out", &out]));
        assert_eq!(u.code, 2, "{bad}");
        assert!(u.err[0].contains(words), "{bad}: {:?}", u.err);
        assert!(
            std::fs::metadata(&out).is_err(),
            "nothing written for {bad}"
        );
    }
    for a in [vec!["unlink"], vec!["unlink", "#g=x"], vec!["link"]] {
        let r = run(&args(&a));
        assert_eq!(r.code, 2, "{a:?}");
        assert!(r.out.is_empty());
    }
}
