//! Today's challenge, the window-free part: which UTC day it is by the device's clock and the
//! day in a player's words (the engine's `challenge` module has the challenges themselves, so
//! they need no server). The wording lives here only: the screen and the tests read it.

use engine::challenge::{Challenge, Day, FIRST_DAY};

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
