//! Today's challenge (docs/challenge.md): a real replay of a day is accepted and ranked, every
//! forged kind is refused with its reason, and a shared result line reads back to its score.

use engine::challenge::line::{read_line, result_line};
use engine::challenge::play::play_out;
use engine::challenge::verify::{score_played, verify, verify_claim, Mark};
use engine::challenge::{challenge_for, Challenge, Day, Format, DUEL_BASE};
use engine::core::replay::Replay;
use engine::core::Level;

fn day(s: &str) -> Day {
    Day::parse(s).unwrap_or_else(|e| panic!("{e}"))
}

fn played(game: &str, date: &str) -> (Challenge, Replay) {
    let c = challenge_for(game, day(date)).unwrap_or_else(|e| panic!("{e}"));
    let r = play_out(&c, Level::Easy, 7).unwrap_or_else(|e| panic!("{game}: {e}"));
    (c, r)
}

fn refusal(c: &Challenge, text: &str) -> String {
    match verify(c, text) {
        Ok(v) => panic!("accepted a forged replay: {v:?}"),
        Err(e) => e.0,
    }
}

/// The first move of `seat` that is a shot with a launch.
fn first_shot(r: &Replay, seat: u32) -> usize {
    r.moves
        .iter()
        .position(|m| m.seat == seat && m.launch.is_some())
        .unwrap_or_else(|| panic!("no shot by seat {seat}"))
}

#[test]
fn a_real_castle_solo_replay_is_accepted_scored_and_its_line_reads_back() {
    let (c, r) = played("castle", "2026-12-03");
    assert_eq!(c.format, Format::Solo);
    let mut text = r.to_json();
    // The player names their own seat.
    text = text.replacen("\"You\"", "\"Ada\"", 1);
    let v = verify(&c, &text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(v.player, "Ada");
    assert!(!v.marks.is_empty());
    assert!(
        v.marks.iter().all(|m| *m != Mark::Shot),
        "Castle knows a hit"
    );
    let session = engine::referee::replay(&text, true).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(v.score, session.game.scores()[0]);
    assert_eq!(v.summary, session.summary());
    assert!(verify_claim(&c, &text, v.score).is_ok());
    let claim = verify_claim(&c, &text, v.score + 1).err().map(|e| e.0);
    assert!(
        claim.is_some_and(|w| w.contains("not the")),
        "a wrong claim"
    );
    let line = result_line(&c, &v);
    assert!(
        line.starts_with("Catapult Table #3 · Catapult Castle · "),
        "{line}"
    );
    let back = read_line(&line).unwrap_or_else(|e| panic!("{e}: {line}"));
    assert_eq!((back.number, back.game, back.score), (3, "castle", v.score));
    // Spoiler-free: no numbers but the day's and the score, no positions.
    let digits: String = line
        .lines()
        .nth(1)
        .unwrap_or("")
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    assert!(digits.len() <= 3, "{line}");
}

#[test]
fn a_real_duel_is_accepted_and_a_win_scores_by_its_shots() {
    let (c, r) = played("assault", "2026-12-03");
    assert_eq!(c.format, Format::Duel);
    let v = verify(&c, &r.to_json()).unwrap_or_else(|e| panic!("{e}"));
    let shots = r
        .moves
        .iter()
        .filter(|m| m.seat == 0 && m.is_shot())
        .count() as i64;
    assert_eq!(v.marks.len() as i64, shots);
    match v.won {
        Some(true) => assert_eq!(v.score, DUEL_BASE - shots),
        _ => assert_eq!(v.score, 0),
    }
    let back = read_line(&result_line(&c, &v)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back.score, v.score);
}

#[test]
fn the_devices_own_reading_of_a_played_challenge_scores_as_the_server_does() {
    for game in ["castle", "assault"] {
        let (c, r) = played(game, "2026-12-03");
        let server = verify(&c, &r.to_json()).unwrap_or_else(|e| panic!("{game}: {e}"));
        let device = score_played(&c, &r).unwrap_or_else(|e| panic!("{game}: {e}"));
        assert_eq!(device, server, "{game}");
        // Another day's challenge is not this game's.
        let other = challenge_for(game, day("2026-12-04")).unwrap_or_else(|e| panic!("{e}"));
        assert!(score_played(&other, &r).is_err(), "{game}");
        // Unfinished, it has no score yet.
        let mut half = r.clone();
        half.moves.truncate(half.moves.len() / 2);
        assert!(score_played(&c, &half).is_err(), "{game}");
    }
}

#[test]
fn each_forged_kind_is_refused_with_its_reason() {
    let (c, r) = played("castle", "2026-12-03");
    // Another day's challenge: the same game, another table.
    let tomorrow = challenge_for("castle", day("2026-12-04")).unwrap_or_else(|e| panic!("{e}"));
    assert!(refusal(&tomorrow, &r.to_json()).contains("another day"));
    // A changed launch: the recorded outcome no longer re-simulates.
    let i = first_shot(&r, 0);
    let mut changed = r.clone();
    if let Some(l) = changed.moves[i].launch.as_mut() {
        l.power = if l.power > 100 {
            l.power - 37
        } else {
            l.power + 37
        };
    }
    let why = refusal(&c, &changed.to_json());
    assert!(why.contains(&format!("move {i}")), "{why}");
    // Outcome-only: the launch removed, the outcome kept.
    let mut outcome_only = r.clone();
    outcome_only.moves[i].launch = None;
    assert!(refusal(&c, &outcome_only.to_json()).contains("launch"));
    // Launch-only: the outcome removed.
    let mut launch_only = r.clone();
    launch_only.moves[i].outcome = None;
    assert!(refusal(&c, &launch_only.to_json()).contains("outcome"));
    // Unfinished.
    let mut cut = r.clone();
    cut.moves.truncate(i + 1);
    assert!(refusal(&c, &cut.to_json()).contains("not finished"));
    // Another game's replay, other options, another seat plan, and not a replay at all.
    let (_, feud) = played("feud", "2026-12-03");
    assert!(refusal(&c, &feud.to_json()).contains("another game"));
    let mut opts = r.clone();
    opts.options.push("beginners".into());
    assert!(refusal(&c, &opts.to_json()).contains("options"));
    assert!(refusal(&c, "{\"format\":1").contains("not a valid replay"));
}

#[test]
fn a_duel_whose_bot_moves_were_changed_is_refused() {
    let (c, r) = played("assault", "2026-12-04");
    let i = first_shot(&r, 1);
    let mut forged = r.clone();
    if let Some(l) = forged.moves[i].launch.as_mut() {
        l.power = if l.power > 100 {
            l.power - 50
        } else {
            l.power + 50
        };
    }
    let why = refusal(&c, &forged.to_json());
    assert!(why.contains("today's bot would not have played"), "{why}");
    // The bot seat made easier: refused before any move.
    let mut weaker = r.clone();
    weaker.seats[1].level = Level::Easy;
    assert!(refusal(&c, &weaker.to_json()).contains("seat 2"));
}

/// `referee challenge`: the day's challenge, a bot's replay of it, its check; bad dates and games
/// are usage errors, a forged file a refusal (exit 1).
#[test]
fn the_referee_prints_plays_and_checks_a_day() {
    let run =
        |a: &[&str]| tools::referee::run(&a.iter().map(|s| s.to_string()).collect::<Vec<_>>());
    let r = run(&["challenge", "--game", "castle", "--date", "2026-12-03"]);
    assert_eq!(r.code, 0, "{:?}", r.err);
    assert!(r.out[0].starts_with("Catapult Table #3 (2026-12-03): Catapult Castle, solo"));
    assert!(Replay::parse(&r.out[1]).is_ok_and(|h| h.moves.is_empty()));
    let out = std::env::temp_dir().join(format!("challenge-{}.json", std::process::id()));
    let out = out.to_string_lossy().to_string();
    let r = run(&[
        "challenge",
        "--game",
        "castle",
        "--date",
        "2026-12-03",
        "--play",
        "easy",
        "--out",
        &out,
    ]);
    assert_eq!(r.code, 0, "{:?}", r.err);
    let r = run(&[
        "challenge",
        "--game",
        "castle",
        "--date",
        "2026-12-03",
        "--verify",
        &out,
    ]);
    assert_eq!(r.code, 0, "{:?}", r.err);
    let score = r.out[0].strip_prefix("score ").unwrap_or("?").to_string();
    assert!(r.out[1].starts_with("Catapult Table #3 · Catapult Castle · "));
    let claim = run(&[
        "challenge",
        "--game",
        "castle",
        "--date",
        "2026-12-03",
        "--verify",
        &out,
        "--claim",
        &score,
    ]);
    assert_eq!(claim.code, 0, "{:?}", claim.err);
    let other_day = run(&[
        "challenge",
        "--game",
        "castle",
        "--date",
        "2026-12-05",
        "--verify",
        &out,
    ]);
    assert_eq!(other_day.code, 1);
    assert!(
        other_day.err[0].contains("another day"),
        "{:?}",
        other_day.err
    );
    let _ = std::fs::remove_file(&out);
    for bad in [
        vec!["challenge", "--game", "castle", "--date", "2026-02-30"],
        vec!["challenge", "--game", "carcassonne", "--date", "2026-12-03"],
        vec!["challenge", "--date", "2026-12-03"],
        vec![
            "challenge",
            "--game",
            "castle",
            "--date",
            "2026-12-03",
            "--play",
            "superb",
            "--out",
            "x",
        ],
    ] {
        let r = run(&bad);
        assert_eq!(r.code, 2, "{bad:?}");
        assert!(!r.err.is_empty());
    }
}
