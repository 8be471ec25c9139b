//! A seeded mutator for the untrusted-bytes path: the golden replays and a few tiny hostile
//! files, mutated (byte flips, JSON punctuation inserted, ranges deleted, duplicated and
//! spliced, numbers made huge, nesting opened and never closed) and fed to `Replay::parse`;
//! whatever parses is then checked move by move (`referee check`, no simulation). Every input
//! must be answered — accepted or refused with a message — without a panic, and quickly.
//!
//! The short run is part of `cargo test`; the long run:
//! `CT_FUZZ_PARSER=1000000 cargo test --release --test it fuzz_parser:: -- --ignored --nocapture`
//! (`./build.sh fuzz`).

use engine::core::replay::Replay;
use engine::core::Rng;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};
use tools::referee::{replay_as, Origin};

fn env(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn corpus(small_only: bool) -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = [
        &b"{\"x\":}"[..],
        b"{\"x\":[",
        b"{\"format\":1,\"game\":\"castle\",\"seats\":[{\"name\":\"A\",\"kind\":\"Bot\",\"colour\":0}],\"seed\":1,\"moves\":[]}",
        b"[]",
        b"",
    ]
    .iter()
    .map(|b| b.to_vec())
    .collect();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    for game in ["castle", "assault", "catapults"] {
        let Ok(entries) = std::fs::read_dir(root.join(game)) else {
            continue;
        };
        let mut paths: Vec<_> = entries.filter_map(|e| e.ok()).map(|e| e.path()).collect();
        paths.sort();
        for p in paths
            .iter()
            .filter(|p| p.extension().is_some_and(|e| e == "json"))
        {
            if let Ok(b) = std::fs::read(p) {
                if !small_only || b.len() < 20_000 {
                    out.push(b);
                }
            }
        }
    }
    out
}

const PIECES: &[&[u8]] = &[
    b"{",
    b"}",
    b"[",
    b"]",
    b":",
    b",",
    b"\"",
    b"\\",
    b"\\u",
    b"\\ud800",
    b"null",
    b"true",
    b"-",
    b"0",
    b"1e9",
    b".5",
    b"9223372036854775808",
    b"18446744073709551616",
    b"-9223372036854775809",
    b"99999999999999999999999999999999999999",
    b"//",
    b"/*",
    b"\xff",
    b"\xc3",
    b"\x00",
    b"\x1b[2J",
    b"\"lAunch\":",
    b"\"seat\":",
    b"\"args\":[",
    b"\"launch\":{",
    b"\"outcome\":{\"facts\":[",
    b"[[[[[[[[[[[[[[[[",
    b"{\"a\":{\"a\":{\"a\":",
    b" ",
    b"\n",
];

fn mutate(rng: &mut Rng, corpus: &[Vec<u8>]) -> Vec<u8> {
    let mut b = corpus[rng.below(corpus.len() as u32) as usize].clone();
    let edits = 1 + rng.below(4);
    for _ in 0..edits {
        let len = b.len() as u32;
        let at = rng.below(len + 1) as usize;
        match rng.below(9) {
            0 if !b.is_empty() => {
                let i = rng.below(len) as usize;
                b[i] ^= 1 << rng.below(8);
            }
            1 | 2 => {
                let p = PIECES[rng.below(PIECES.len() as u32) as usize];
                b.splice(at..at, p.iter().copied());
            }
            3 if !b.is_empty() => {
                let end = (at + 1 + rng.below(64) as usize).min(b.len());
                b.drain(at.min(end)..end);
            }
            4 => b.truncate(at),
            5 if !b.is_empty() => {
                let end = (at + 1 + rng.below(200) as usize).min(b.len());
                let piece: Vec<u8> = b[at.min(end)..end].to_vec();
                b.splice(at..at, piece);
            }
            6 => {
                let other = &corpus[rng.below(corpus.len() as u32) as usize];
                let from = rng.below(other.len() as u32 + 1) as usize;
                b.truncate(at);
                b.extend_from_slice(&other[from..]);
            }
            7 => {
                // A number made huge or negative.
                if let Some(i) = (at..b.len()).find(|&i| b[i].is_ascii_digit()) {
                    let p = PIECES[16 + rng.below(4) as usize];
                    b.splice(i..i + 1, p.iter().copied());
                }
            }
            _ => {
                if let Some(i) = (at..b.len()).find(|&i| b[i] == b'"') {
                    b.insert(i + 1, b"abcxyz_"[rng.below(7) as usize]);
                }
            }
        }
    }
    b
}

struct Stats {
    inputs: usize,
    parsed: usize,
    checked_ok: usize,
    panics: usize,
    slowest: Duration,
}

fn run(n: usize, small_only: bool) -> Stats {
    let corpus = corpus(small_only);
    let mut rng = Rng::new(0x5EED_F022);
    let mut st = Stats {
        inputs: 0,
        parsed: 0,
        checked_ok: 0,
        panics: 0,
        slowest: Duration::ZERO,
    };
    let mut first_panic = None;
    for _ in 0..n {
        let input = mutate(&mut rng, &corpus);
        st.inputs += 1;
        let t = Instant::now();
        let result = catch_unwind(AssertUnwindSafe(|| {
            let Ok(text) = std::str::from_utf8(&input) else {
                return (false, false);
            };
            match Replay::parse(text) {
                Err(e) => {
                    assert!(!e.0.is_empty());
                    (false, false)
                }
                Ok(_) => (true, replay_as(text, false, Origin::Scenario).is_ok()),
            }
        }));
        st.slowest = st.slowest.max(t.elapsed());
        match result {
            Ok((parsed, ok)) => {
                st.parsed += parsed as usize;
                st.checked_ok += ok as usize;
            }
            Err(_) => {
                st.panics += 1;
                first_panic.get_or_insert_with(|| String::from_utf8_lossy(&input).to_string());
            }
        }
    }
    println!(
        "parser fuzz: {} inputs, {} parsed, {} checked legal, {} panics, slowest {:.1} ms",
        st.inputs,
        st.parsed,
        st.checked_ok,
        st.panics,
        st.slowest.as_secs_f64() * 1e3
    );
    assert_eq!(st.panics, 0, "first input that panicked: {first_panic:?}");
    st
}

#[test]
fn mutated_replays_are_answered_without_a_panic() {
    let st = run(env("CT_FUZZ_PARSER_SHORT", 3000), true);
    assert!(
        st.parsed > 0,
        "the mutator should leave some files readable"
    );
}

#[test]
#[ignore = "long run: ./build.sh fuzz"]
fn long_parser_fuzz() {
    run(env("CT_FUZZ_PARSER", 1_000_000), false);
}
