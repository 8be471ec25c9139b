//! The result to share: two short lines with the day's number, the game, the result and the
//! player's shots in symbols (a hit, a miss), nothing that tells where to aim.
//!
//! ```text
//! Catapult Table #3 · Catapult Castle · 24 points
//! 🎯⚪🎯🎯⚪⚪🎯
//! ```

use super::verify::{Mark, Verified};
use super::{Challenge, Format, DUEL_BASE};
use crate::core::{Refusal, RuleResult};
use crate::games;

/// The title every line starts with.
pub const TITLE: &str = "Catapult Table";
/// At most this many shot symbols; more are written "+N".
pub const MAX_MARKS: usize = 30;

/// A day's result as a line to share.
pub fn result_line(challenge: &Challenge, v: &Verified) -> String {
    let name = games::info(challenge.game).map_or(challenge.game, |g| g.name);
    let result = match (challenge.format, v.won) {
        (Format::Duel, Some(true)) => format!("won in {} shots", v.marks.len()),
        (Format::Duel, _) => "lost to today's bot".to_string(),
        (Format::Solo, _) => format!("{} points", v.score),
    };
    let mut marks: String = v
        .marks
        .iter()
        .take(MAX_MARKS)
        .map(|m| match m {
            Mark::Hit => '🎯',
            Mark::Miss => '⚪',
            Mark::Shot => '🔸',
        })
        .collect();
    if v.marks.len() > MAX_MARKS {
        marks.push_str(&format!(" +{}", v.marks.len() - MAX_MARKS));
    }
    format!(
        "{TITLE} #{} · {name} · {result}\n{marks}",
        challenge.day.number()
    )
}

/// What a shared line says: the day's number, the game and the score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SharedResult {
    pub number: i64,
    pub game: &'static str,
    pub score: i64,
}

/// Reads back a shared line (untrusted text): its first line only.
pub fn read_line(text: &str) -> RuleResult<SharedResult> {
    let bad = || Refusal::new("this is not a Catapult Table challenge result");
    let first = text.lines().next().ok_or_else(bad)?;
    let mut parts = first.split(" · ");
    let head = parts.next().ok_or_else(bad)?;
    let number: i64 = head
        .strip_prefix(TITLE)
        .and_then(|r| r.strip_prefix(" #"))
        .and_then(|n| n.parse().ok())
        .filter(|n| *n >= 1)
        .ok_or_else(bad)?;
    let name = parts.next().ok_or_else(bad)?;
    let result = parts.next().ok_or_else(bad)?;
    if parts.next().is_some() {
        return Err(bad());
    }
    let info = games::GAMES
        .iter()
        .find(|g| g.name == name)
        .ok_or_else(bad)?;
    let format = info.daily.ok_or_else(bad)?;
    let score = match format {
        Format::Solo => result
            .strip_suffix(" points")
            .and_then(|n| n.parse().ok())
            .ok_or_else(bad)?,
        Format::Duel if result == "lost to today's bot" => 0,
        Format::Duel => result
            .strip_prefix("won in ")
            .and_then(|r| r.strip_suffix(" shots"))
            .and_then(|n| n.parse::<i64>().ok())
            .map(|shots| (DUEL_BASE - shots).max(1))
            .ok_or_else(bad)?,
    };
    Ok(SharedResult {
        number,
        game: info.id,
        score,
    })
}
