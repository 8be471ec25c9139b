//! Today's challenge: one table a day for everyone, per game, seeded from the UTC date alone, with
//! a goal and a score (docs/challenge.md). A day's challenge is a replay header: the game, its
//! options, its seats and the day's seed. `verify` re-simulates a player's whole replay of it and
//! scores only what replays; `line` writes the spoiler-free result to share.

pub mod line;
pub mod play;
pub mod verify;

use crate::core::replay::{fnv1a, Replay};
use crate::core::seat::{Seat, SeatKind};
use crate::core::{Level, Refusal, RuleResult};
use crate::games;

/// The first day there was a challenge: day number 1.
pub const FIRST_DAY: Day = Day {
    year: 2026,
    month: 12,
    day: 1,
};

/// A calendar day (UTC), written `YYYY-MM-DD`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Day {
    pub year: i32,
    pub month: u32,
    pub day: u32,
}

impl Day {
    /// Reads `YYYY-MM-DD` strictly: four, two and two digits, a real date, not before the first
    /// challenge.
    pub fn parse(text: &str) -> RuleResult<Day> {
        let bad = || {
            Refusal(format!(
                "{} is not a date: write it as year-month-day, like 2026-12-03",
                crate::core::strict_json::shown(text)
            ))
        };
        let b = text.as_bytes();
        if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
            return Err(bad());
        }
        let digits = |r: std::ops::Range<usize>| -> RuleResult<u32> {
            let s = &text[r];
            if !s.bytes().all(|c| c.is_ascii_digit()) {
                return Err(bad());
            }
            s.parse().map_err(|_| bad())
        };
        let (year, month, day) = (digits(0..4)? as i32, digits(5..7)?, digits(8..10)?);
        if !(1..=12).contains(&month) || day == 0 || day > days_in_month(year, month) {
            return Err(bad());
        }
        let d = Day { year, month, day };
        if d < FIRST_DAY {
            return Err(Refusal(format!(
                "the first challenge was on {FIRST_DAY}; there is none for {d}"
            )));
        }
        Ok(d)
    }

    /// The day `days` after 1970-01-01 (the Unix epoch; a clock's seconds / 86,400).
    pub fn from_unix_days(days: i64) -> Day {
        // Howard Hinnant's civil-from-days.
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = (yoe + era * 400 + i64::from(month <= 2)) as i32;
        Day { year, month, day }
    }

    /// Days since 1970-01-01.
    pub fn unix_days(self) -> i64 {
        let y = i64::from(self.year) - i64::from(self.month <= 2);
        let era = y.div_euclid(400);
        let yoe = y.rem_euclid(400);
        let m = i64::from(self.month);
        let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(self.day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// The challenge's number: 1 on `FIRST_DAY`.
    pub fn number(self) -> i64 {
        self.unix_days() - FIRST_DAY.unix_days() + 1
    }
}

impl std::fmt::Display for Day {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

fn days_in_month(year: i32, month: u32) -> u32 {
    match month {
        2 if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// How a game's challenge is played and scored: its registry entry's `daily`.
pub use crate::core::registry::DailyFormat as Format;

/// A win in a duel scores this less the shots it took.
pub const DUEL_BASE: i64 = 1000;

/// The name of the day's bot seat in a duel.
pub const BOT_NAME: &str = "Today's bot";

/// The games that have a challenge and how each is played: the entries with a `daily` format
/// (Carcassonne has none: its long tile game is not a morning's puzzle; docs/challenge.md).
pub fn formats() -> impl Iterator<Item = (&'static str, Format)> {
    games::GAMES
        .iter()
        .filter(|g| g.available && !g.fixture)
        .filter_map(|g| g.daily.map(|f| (g.id, f)))
}

/// One game's challenge on one day.
#[derive(Clone, Debug, PartialEq)]
pub struct Challenge {
    pub game: &'static str,
    pub day: Day,
    pub format: Format,
    /// The game as it is set up: options (with the table versions of this build), seats, seed.
    /// Seat 0 is the player's, named "You" here: a player's replay may name it as they like.
    pub header: Replay,
}

impl Challenge {
    /// The goal in a player's words.
    pub fn goal(&self) -> String {
        let name = games::info(self.game).map_or(self.game, |g| g.name);
        match self.format {
            Format::Solo => format!(
                "{name}, solo: today's towers for everyone. Score as many points as you can \
                 (towers taken plus ammo left)."
            ),
            Format::Duel => format!(
                "{name} against today's bot: beat it in as few shots as you can (a win scores \
                 {DUEL_BASE} less your shots)."
            ),
        }
    }

    /// The seat the player plays.
    pub const PLAYER: usize = 0;
}

/// The seed of a game's challenge on a day: the same on every device, different per game and day.
pub fn seed_of(game: &str, day: Day) -> u64 {
    let h = fnv1a(
        0xcbf2_9ce4_8422_2325,
        format!("challenge {game} {day}").as_bytes(),
    );
    // Kept within JavaScript's exact integers, so a link or a page can carry it unchanged.
    h & ((1 << 53) - 1)
}

/// The challenge of `game` on `day`; refused for a game without one.
pub fn challenge_for(game: &str, day: Day) -> RuleResult<Challenge> {
    let info = games::info(game)?;
    let Some((id, format)) = formats().find(|(id, _)| *id == info.id) else {
        let ids: Vec<&str> = formats().map(|(id, _)| id).collect();
        return Err(Refusal(format!(
            "{} has no daily challenge (these do: {})",
            info.name,
            ids.join(", ")
        )));
    };
    let mut seats = vec![Seat::new(0, SeatKind::Human)];
    seats[0].name = "You".into();
    if format == Format::Duel {
        let mut bot = Seat::new(1, SeatKind::Bot);
        bot.name = BOT_NAME.into();
        bot.level = Level::Normal;
        seats.push(bot);
    }
    let header = Replay::new(
        id,
        &games::new_game_options(id, &[]),
        seats,
        seed_of(id, day),
    );
    Ok(Challenge {
        game: id,
        day,
        format,
        header,
    })
}

/// Every challenge of a day, in the registry's order.
pub fn challenges_of(day: Day) -> Vec<Challenge> {
    formats()
        .filter_map(|(id, _)| challenge_for(id, day).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_date_is_read_strictly_and_counts_from_the_first_day() {
        let d = Day::parse("2026-12-03").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(d.number(), 3);
        assert_eq!(d.to_string(), "2026-12-03");
        assert_eq!(Day::parse("2026-12-01").map(Day::number).ok(), Some(1));
        assert_eq!(Day::parse("2027-12-01").map(Day::number).ok(), Some(366));
        for bad in [
            "2026-13-01",
            "2026-02-29",
            "2026-12-32",
            "2026-1-03",
            "26-12-03",
            "2026/12/03",
            "2026-12-0x",
            "+026-12-03",
            "",
        ] {
            assert!(Day::parse(bad).is_err(), "{bad}");
        }
        assert!(Day::parse("2028-02-29").is_ok());
        let early = Day::parse("2026-11-30")
            .err()
            .map(|e| e.0)
            .unwrap_or_default();
        assert!(early.contains("first challenge"), "{early}");
    }

    #[test]
    fn unix_days_round_trip_over_centuries() {
        for days in (-1_000_000..3_000_000).step_by(997) {
            assert_eq!(Day::from_unix_days(days).unix_days(), days);
        }
        assert_eq!(Day::from_unix_days(0).to_string(), "1970-01-01");
        assert_eq!(Day::from_unix_days(20_790).to_string(), "2026-12-03");
    }

    #[test]
    fn two_dates_give_different_challenges_and_one_date_the_same_everywhere() {
        let a = Day::parse("2026-12-03").unwrap_or_else(|e| panic!("{e}"));
        let b = Day::parse("2026-12-04").unwrap_or_else(|e| panic!("{e}"));
        for (id, _) in formats() {
            let ca = challenge_for(id, a).unwrap_or_else(|e| panic!("{e}"));
            let cb = challenge_for(id, b).unwrap_or_else(|e| panic!("{e}"));
            assert_ne!(ca.header.seed, cb.header.seed, "{id}");
            assert_eq!(ca, challenge_for(id, a).unwrap_or_else(|e| panic!("{e}")));
        }
        // The seed is a pure function of the text "challenge <game> <date>" (fnv1a): pinned, so a
        // change to it (which would change every day's table) fails here.
        assert_eq!(seed_of("castle", a), seed_of("castle", a));
        assert_ne!(seed_of("castle", a), seed_of("feud", a));
        let pinned = fnv1a(0xcbf2_9ce4_8422_2325, b"challenge castle 2026-12-03") & ((1 << 53) - 1);
        assert_eq!(seed_of("castle", a), pinned);
    }

    #[test]
    fn a_game_without_a_challenge_says_which_have_one() {
        let d = Day::parse("2026-12-03").unwrap_or_else(|e| panic!("{e}"));
        let why = challenge_for("carcassonne", d)
            .err()
            .map(|e| e.0)
            .unwrap_or_default();
        assert!(
            why.contains("no daily challenge") && why.contains("castle"),
            "{why}"
        );
        assert!(challenge_for("nope", d).is_err());
        assert_eq!(challenges_of(d).len(), formats().count());
    }
}
