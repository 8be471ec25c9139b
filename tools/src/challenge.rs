//! `referee challenge`: a day's challenge, a stand-in player's replay of it, and the check a
//! leaderboard makes of a player's replay (docs/challenge.md).
//!
//!   referee challenge --game G --date YYYY-MM-DD                 the day's challenge
//!   referee challenge --game G --date D --play LEVEL --out FILE  a bot plays it (a real replay)
//!   referee challenge --game G --date D --verify FILE [--claim N]  re-simulate and score it

use crate::cli::{read_file, usage, Flags};
use engine::challenge::line::result_line;
use engine::challenge::play::play_out;
use engine::challenge::verify::{verify, verify_claim};
use engine::challenge::{challenge_for, Day};
use engine::core::strict_json::shown;
use engine::core::Level;
use engine::referee::{write_atomically, RunResult};

pub fn challenge_command(args: &[String]) -> RunResult {
    let mut r = RunResult::default();
    let fail = |mut r: RunResult, code: i32, msg: String| {
        r.code = code;
        r.err.push(msg);
        if code == 2 {
            r.err.push(usage());
        }
        r
    };
    let flags = match Flags::parse(
        "challenge",
        args,
        &[
            "--game", "--date", "--play", "--out", "--verify", "--claim", "--seed",
        ],
        &[],
        &[],
        0,
    ) {
        Ok(f) => f,
        Err(e) => return fail(r, 2, e),
    };
    let (Some(game), Some(date)) = (flags.value("--game"), flags.value("--date")) else {
        return fail(r, 2, "challenge: --game and --date are required".into());
    };
    let challenge = match Day::parse(date).and_then(|d| challenge_for(game, d)) {
        Ok(c) => c,
        Err(e) => return fail(r, 2, format!("challenge: {e}")),
    };
    if let Some(level) = flags.value("--play") {
        let Some(level) = Level::from_name(level) else {
            return fail(
                r,
                2,
                format!(
                    "challenge: --play takes easy, normal or hard, not {}",
                    shown(level)
                ),
            );
        };
        let Some(out) = flags.value("--out") else {
            return fail(r, 2, "challenge: --play needs --out FILE".into());
        };
        let seed = match flags.num::<u64>("--seed", Some(1)) {
            Ok(s) => s,
            Err(e) => return fail(r, 2, format!("challenge: {e}")),
        };
        let replay = match play_out(&challenge, level, seed) {
            Ok(replay) => replay,
            Err(e) => return fail(r, 1, format!("challenge: {e}")),
        };
        if let Err(e) = write_atomically(out, &replay.to_json()) {
            return fail(r, 2, e);
        }
        r.out.push(format!(
            "{} moves written to {}",
            replay.moves.len(),
            shown(out)
        ));
        return r;
    }
    if let Some(path) = flags.value("--verify") {
        let text = match read_file(path) {
            Ok(t) => t,
            Err(e) => return fail(r, 2, format!("challenge: {e}")),
        };
        let checked = match flags.value("--claim") {
            Some(_) => match flags.num::<i64>("--claim", None) {
                Ok(claim) => verify_claim(&challenge, &text, claim),
                Err(e) => return fail(r, 2, format!("challenge: {e}")),
            },
            None => verify(&challenge, &text),
        };
        return match checked {
            Ok(v) => {
                r.out.push(format!("score {}", v.score));
                r.out
                    .extend(result_line(&challenge, &v).lines().map(str::to_string));
                r.out.push(v.summary);
                r
            }
            Err(e) => fail(r, 1, format!("challenge {}: refused: {e}", shown(path))),
        };
    }
    r.out.push(format!(
        "Catapult Table #{} ({}): {}",
        challenge.day.number(),
        challenge.day,
        challenge.goal()
    ));
    r.out.push(challenge.header.to_json());
    r
}
