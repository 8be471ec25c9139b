//! Today's challenge, the window-free part: which UTC day it is by the device's clock and the
//! day in a player's words (the engine's `challenge` module has the challenges themselves, so
//! they need no server). The wording lives here only: the screen and the tests read it.

use super::board::Status;
use super::diary::Diary;
use engine::challenge::line::result_line;
use engine::challenge::verify::{check_header, score_played, Mark, Verified};
use engine::challenge::{challenge_for, Challenge, Day, Format, FIRST_DAY};
use engine::core::replay::Replay;

/// The title screen's button.
pub const TITLE_BUTTON: &str = "Today's challenge";

/// What a game without a challenge shows.
pub fn none_for(name: &str) -> String {
    format!("{name} has no daily challenge: its long tile game is not a morning's puzzle.")
}

/// The UTC day of a clock reading (seconds since 1970-01-01); never before the first day (a
/// clock far off is kept within a few thousand years).
pub fn day_at(unix_seconds: f64) -> Day {
    let days = if unix_seconds.is_finite() {
        (unix_seconds / 86_400.0).floor().clamp(0.0, 3_000_000.0) as i64
    } else {
        0
    };
    let d = Day::from_unix_days(days);
    if d < FIRST_DAY {
        FIRST_DAY
    } else {
        d
    }
}

const WEEKDAYS: [&str; 7] = [
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
];
const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// "Friday 4 December" (1970-01-01 was a Thursday).
pub fn day_words(d: Day) -> String {
    let wd = WEEKDAYS[d.unix_days().rem_euclid(7) as usize];
    let month = MONTHS
        .get((d.month as usize).wrapping_sub(1))
        .copied()
        .unwrap_or("");
    format!("{wd} {} {month}", d.day)
}

/// The challenge's number in words: "Day 4".
pub fn number_words(d: Day) -> String {
    format!("Day {}", d.number())
}

/// The probe key of a challenge's Play button.
pub fn play_key(c: &Challenge) -> String {
    format!("challenge:{}", c.game)
}

/// The goal in a player's words, without the game's name (the row shows it above).
pub fn goal_words(c: &Challenge) -> String {
    match c.format {
        Format::Solo => "The same towers for everyone today: score as many points as you can \
                         (towers taken and ammunition left)."
            .to_string(),
        Format::Duel => "Beat today's bot in as few shots as you can.".to_string(),
    }
}

/// A finished challenge game: its challenge, its score and the line to share.
#[derive(Clone, Debug, PartialEq)]
pub struct Finished {
    pub challenge: Challenge,
    pub verified: Verified,
    pub line: String,
}

/// The challenge a game is, if it is the table of one of the last week's days (a game begun
/// yesterday and finished today counts for yesterday).
pub fn challenge_of(replay: &Replay, today: Day) -> Option<Challenge> {
    (0..=super::diary::LATE_DAYS).find_map(|back| {
        let d = Day::from_unix_days(today.unix_days() - back);
        if d < FIRST_DAY {
            return None;
        }
        let c = challenge_for(&replay.game, d).ok()?;
        check_header(&c, replay).is_ok().then_some(c)
    })
}

/// A finished game's challenge result, if it is a challenge.
pub fn finished(replay: &Replay, today: Day) -> Option<Finished> {
    let challenge = challenge_of(replay, today)?;
    let verified = score_played(&challenge, replay).ok()?;
    let line = result_line(&challenge, &verified);
    Some(Finished {
        challenge,
        verified,
        line,
    })
}

/// The result in words: "24 points", "Won in 7 shots", "Today's bot won".
pub fn result_words(f: &Finished) -> String {
    match (f.challenge.format, f.verified.won) {
        (Format::Duel, Some(true)) => match f.verified.marks.len() {
            1 => "Won in 1 shot".to_string(),
            n => format!("Won in {n} shots"),
        },
        (Format::Duel, _) => "Today's bot won".to_string(),
        (Format::Solo, _) => match f.verified.score {
            1 => "1 point".to_string(),
            n => format!("{n} points"),
        },
    }
}

/// The shots in words, for the screen reader: "3 hits and 2 misses".
pub fn marks_words(marks: &[Mark]) -> String {
    let hits = marks.iter().filter(|m| **m == Mark::Hit).count();
    let misses = marks.iter().filter(|m| **m == Mark::Miss).count();
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    if hits + misses == 0 {
        return plural(marks.len(), "shot", "shots");
    }
    format!(
        "{} and {}",
        plural(hits, "hit", "hits"),
        plural(misses, "miss", "misses")
    )
}

/// "1st", "2nd", "3rd", "11th", "22nd".
pub fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// Where the result stands with the board, in a player's words.
pub fn status_words(s: &Status) -> String {
    match s {
        Status::Sending => "Sending your result to today's board".to_string(),
        Status::Ranked { rank, players } => match players {
            1 => "On today's board: the first to play it!".to_string(),
            _ => format!("On today's board: {} of {players}", ordinal(*rank)),
        },
        Status::Offline => {
            "Not sent yet: no connection. It goes to the board when you are back online."
                .to_string()
        }
        Status::NoBoard => "Kept on this device: this page has no board.".to_string(),
        Status::Refused(why) => format!("Not on the board: {why}"),
        Status::OfflineBuild => {
            "Kept on this device: the board is in the browser version.".to_string()
        }
    }
}

/// A kept score in words: "24 points"; in a duel "won in 7 shots" or "lost".
pub fn score_words(c: &Challenge, score: i64) -> String {
    match c.format {
        Format::Solo if score == 1 => "1 point".to_string(),
        Format::Solo => format!("{score} points"),
        Format::Duel if score <= 0 => "lost to the bot".to_string(),
        Format::Duel => format!("won in {} shots", engine::challenge::DUEL_BASE - score),
    }
}

/// What the device remembers of a game's challenge, for its row: today's best (and its place on
/// the board), else yesterday's.
pub fn past_words(diary: &Diary, c: &Challenge) -> Option<String> {
    if let Some(k) = diary.best(c.game, c.day) {
        let place = if k.rank > 0 && k.players > 1 {
            format!(" · {} of {}", ordinal(k.rank), k.players)
        } else {
            String::new()
        };
        return Some(format!(
            "Your best today: {}{place}",
            score_words(c, k.score)
        ));
    }
    let yesterday = Day::from_unix_days(c.day.unix_days() - 1);
    diary
        .best(c.game, yesterday)
        .map(|k| format!("Yesterday: {}", score_words(c, k.score)))
}

/// "3 days in a row" (nothing for fewer than 2).
pub fn streak_words(days: u32) -> Option<String> {
    (days >= 2).then(|| format!("{days} days in a row"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(s: &str) -> Day {
        Day::parse(s).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn the_clock_gives_the_utc_day_and_never_one_before_the_first() {
        // 2026-12-04 00:00:00 UTC and a second before it.
        let t = day("2026-12-04").unix_days() as f64 * 86_400.0;
        assert_eq!(day_at(t), day("2026-12-04"));
        assert_eq!(day_at(t - 1.0), day("2026-12-03"));
        assert_eq!(day_at(0.0), FIRST_DAY);
        assert_eq!(day_at(f64::NAN), FIRST_DAY);
        assert_eq!(day_at(-1e300), FIRST_DAY);
    }

    #[test]
    fn the_day_reads_in_words() {
        assert_eq!(day_words(day("2026-12-04")), "Friday 4 December");
        assert_eq!(day_words(day("2027-01-01")), "Friday 1 January");
        assert_eq!(day_words(day("2026-12-06")), "Sunday 6 December");
        assert_eq!(number_words(day("2026-12-04")), "Day 4");
    }

    #[test]
    fn a_finished_challenge_is_told_apart_from_another_game_and_scored() {
        let today = day("2026-12-04");
        let c = challenge_for("castle", today).unwrap_or_else(|e| panic!("{e}"));
        let r = engine::challenge::play::play_out(&c, engine::core::Level::Easy, 3)
            .unwrap_or_else(|e| panic!("{e}"));
        let f = finished(&r, today).unwrap_or_else(|| panic!("not seen as a challenge"));
        assert_eq!(f.challenge.day, today);
        assert!(f.line.starts_with("Catapult Table #4 · Catapult Castle · "));
        assert_eq!(result_words(&f), format!("{} points", f.verified.score));
        // Finished the next morning, it still counts for its own day; a week later too.
        let next = Day::from_unix_days(today.unix_days() + 1);
        assert_eq!(finished(&r, next).map(|f| f.challenge.day), Some(today));
        let late = Day::from_unix_days(today.unix_days() + 8);
        assert!(finished(&r, late).is_none());
        // Another seed is an ordinary game.
        let mut other = r.clone();
        other.seed ^= 1;
        assert!(finished(&other, today).is_none());
        // Unfinished, it is no result yet.
        let mut half = r.clone();
        half.moves.truncate(1);
        assert!(finished(&half, today).is_none());
    }

    #[test]
    fn a_games_row_remembers_today_or_yesterday() {
        let today = day("2026-12-04");
        let castle = challenge_for("castle", today).unwrap_or_else(|e| panic!("{e}"));
        let feud = challenge_for("feud", today).unwrap_or_else(|e| panic!("{e}"));
        let mut d = Diary::default();
        assert_eq!(past_words(&d, &castle), None);
        d.record("castle", day("2026-12-03"), 20, "l", "a", "r");
        assert_eq!(
            past_words(&d, &castle).as_deref(),
            Some("Yesterday: 20 points")
        );
        d.record("castle", today, 24, "l", "b", "r");
        d.sent("castle", "2026-12-04", 2, 5);
        assert_eq!(
            past_words(&d, &castle).as_deref(),
            Some("Your best today: 24 points · 2nd of 5")
        );
        d.record("feud", today, 993, "l", "c", "r");
        assert_eq!(
            past_words(&d, &feud).as_deref(),
            Some("Your best today: won in 7 shots")
        );
        assert_eq!(score_words(&feud, 0), "lost to the bot");
    }

    #[test]
    fn results_and_places_read_in_words() {
        assert_eq!(
            [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal),
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd",
                "101st", "111th"
            ]
        );
        assert_eq!(
            marks_words(&[Mark::Hit, Mark::Miss, Mark::Hit]),
            "2 hits and 1 miss"
        );
        assert_eq!(marks_words(&[Mark::Shot]), "1 shot");
        assert_eq!(
            status_words(&Status::Ranked {
                rank: 2,
                players: 5
            }),
            "On today's board: 2nd of 5"
        );
        assert_eq!(streak_words(1), None);
        assert_eq!(streak_words(3).as_deref(), Some("3 days in a row"));
        let c = challenge_for("feud", day("2026-12-04")).unwrap_or_else(|e| panic!("{e}"));
        assert!(!goal_words(&c).contains("Feud"));
    }

    #[test]
    fn a_challenge_started_in_the_app_has_the_challenges_table() {
        for c in engine::challenge::challenges_of(day("2026-12-04")) {
            let h = &c.header;
            let info = crate::app::play::find(c.game).unwrap_or_else(|e| panic!("{e}"));
            let p = crate::app::play::Play::new(info, &h.options, h.seats.clone(), h.seed)
                .unwrap_or_else(|e| panic!("{e}"));
            let r = &p.driver.session.replay;
            assert_eq!(
                (&r.game, &r.options, r.seed, r.seats.len()),
                (&h.game, &h.options, h.seed, h.seats.len()),
                "{}",
                c.game
            );
        }
    }
}
