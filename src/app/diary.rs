//! The device's challenge diary, window-free: each day's best result per game (kept on the
//! device, so streaks and past days need no server), the results waiting to be sent to the
//! board (a game played offline is sent later), the device's token and the name the board shows.
//! Stored as one JSON value under `DIARY_KEY`; a value this build cannot read is kept aside
//! under `DIARY_ASIDE_KEY`, never dropped.

use super::store::Store;
use engine::challenge::{Day, FIRST_DAY};
use nanoserde::{DeJson, SerJson};

pub const DIARY_KEY: &str = "catapult-table.challenge";
pub const DIARY_ASIDE_KEY: &str = "catapult-table.challenge.unreadable";
/// Days kept (a few months of mornings; the oldest go first).
pub const MAX_DAYS: usize = 400;
/// Results waiting to be sent (the board takes a result up to a week late, so a few games a day
/// for a week).
pub const MAX_OUTBOX: usize = 32;
/// The board takes results this many days late (the server's `LATE_DAYS`).
pub const LATE_DAYS: i64 = 7;

/// One game's result on one day.
#[derive(Clone, Debug, PartialEq, SerJson, DeJson)]
pub struct Kept {
    pub game: String,
    /// `YYYY-MM-DD`.
    pub day: String,
    pub score: i64,
    /// The line shared for it.
    pub line: String,
    /// Games of it finished on that day.
    pub plays: u32,
    /// The board's place once it was sent: (rank, players), 0 when not yet known.
    #[nserde(default)]
    pub rank: u32,
    #[nserde(default)]
    pub players: u32,
}

/// A result waiting for the board: the replay as played and the score it claims.
#[derive(Clone, Debug, PartialEq, SerJson, DeJson)]
pub struct Outgoing {
    pub game: String,
    pub day: String,
    pub claim: i64,
    pub replay: String,
}

#[derive(Clone, Debug, Default, PartialEq, SerJson, DeJson)]
pub struct Diary {
    /// The device's token for the board (no account): letters and digits.
    #[nserde(default)]
    pub token: String,
    #[nserde(default)]
    pub days: Vec<Kept>,
    #[nserde(default)]
    pub outbox: Vec<Outgoing>,
    /// Replays already counted (their hashes), so a result seen again is not counted twice.
    #[nserde(default)]
    pub seen: Vec<String>,
    /// The challenges (`game day`) started on this device: only those count as the player's (a
    /// friend's game opened from a link is theirs).
    #[nserde(default)]
    pub started: Vec<String>,
}

impl Diary {
    /// The stored diary; a fresh one (with a new token from `seed`) when there is none or it
    /// cannot be read (that text kept aside).
    pub fn load(store: &mut dyn Store, seed: u64) -> Diary {
        let mut d = match store.get(DIARY_KEY) {
            None => Diary::default(),
            Some(text) => match Diary::deserialize_json(&text) {
                Ok(d) => d,
                Err(_) => {
                    let _ = store.set(DIARY_ASIDE_KEY, &text);
                    Diary::default()
                }
            },
        };
        if !is_token(&d.token) {
            d.token = new_token(seed);
        }
        d
    }

    /// A challenge was started on this device.
    pub fn start(&mut self, game: &str, day: Day) {
        let key = format!("{game} {day}");
        if !self.started.contains(&key) {
            self.started.push(key);
            if self.started.len() > MAX_DAYS {
                self.started.remove(0);
            }
        }
    }

    pub fn was_started(&self, game: &str, day: Day) -> bool {
        self.started.contains(&format!("{game} {day}"))
    }

    /// A replay that is not the player's (a finished game opened from a link): never counted.
    pub fn not_mine(&mut self, replay_hash: &str) {
        if !self.seen.iter().any(|h| h == replay_hash) {
            self.seen.push(replay_hash.to_string());
        }
    }

    pub fn save(&self, store: &mut dyn Store) -> Result<(), String> {
        store.set(DIARY_KEY, &self.serialize_json())
    }

    /// Counts a finished challenge game: the day's best kept, the result queued for the board.
    /// False (nothing changed) when this replay was counted before.
    pub fn record(
        &mut self,
        game: &str,
        day: Day,
        score: i64,
        line: &str,
        replay_hash: &str,
        replay: &str,
    ) -> bool {
        if self.seen.iter().any(|h| h == replay_hash) {
            return false;
        }
        self.seen.push(replay_hash.to_string());
        if self.seen.len() > MAX_DAYS {
            self.seen.remove(0);
        }
        let date = day.to_string();
        let better = match self
            .days
            .iter_mut()
            .find(|k| k.game == game && k.day == date)
        {
            Some(k) => {
                k.plays = k.plays.saturating_add(1);
                let better = score > k.score;
                if better {
                    k.score = score;
                    k.line = line.to_string();
                }
                better
            }
            None => {
                self.days.push(Kept {
                    game: game.to_string(),
                    day: date.clone(),
                    score,
                    line: line.to_string(),
                    plays: 1,
                    rank: 0,
                    players: 0,
                });
                true
            }
        };
        if self.days.len() > MAX_DAYS {
            self.days.remove(0);
        }
        // The board keeps a device's best; a result no better than one already queued or sent
        // is not sent (it would only spend one of the day's tries).
        let queued = self
            .outbox
            .iter()
            .position(|o| o.game == game && o.day == date);
        match queued {
            Some(i) if self.outbox[i].claim < score => {
                self.outbox.remove(i);
            }
            Some(_) => return true,
            None if !better => return true,
            None => {}
        }
        self.outbox.push(Outgoing {
            game: game.to_string(),
            day: date,
            claim: score,
            replay: replay.to_string(),
        });
        while self.outbox.len() > MAX_OUTBOX {
            self.outbox.remove(0);
        }
        true
    }

    /// Drops results the board no longer takes (more than `LATE_DAYS` old).
    pub fn expire(&mut self, today: Day) {
        self.outbox.retain(|o| {
            Day::parse(&o.day).is_ok_and(|d| d.unix_days() >= today.unix_days() - LATE_DAYS)
        });
    }

    pub fn best(&self, game: &str, day: Day) -> Option<&Kept> {
        let date = day.to_string();
        self.days.iter().find(|k| k.game == game && k.day == date)
    }

    /// The board answered for a sent result: its place is kept and it leaves the outbox.
    pub fn sent(&mut self, game: &str, day: &str, rank: u32, players: u32) {
        self.outbox.retain(|o| !(o.game == game && o.day == day));
        if let Some(k) = self
            .days
            .iter_mut()
            .find(|k| k.game == game && k.day == day)
        {
            k.rank = rank;
            k.players = players;
        }
    }

    /// The board refused a result: it is not sent again.
    pub fn refused(&mut self, game: &str, day: &str) {
        self.outbox.retain(|o| !(o.game == game && o.day == day));
    }

    /// Days in a row with a challenge played, up to today (a streak still counts until today's
    /// is played: it ends only when a whole day passes without one).
    pub fn streak(&self, today: Day) -> u32 {
        let played = |n: i64| {
            let d = Day::from_unix_days(n).to_string();
            self.days.iter().any(|k| k.day == d)
        };
        let mut n = today.unix_days();
        if !played(n) {
            n -= 1;
        }
        let mut count = 0;
        while n >= FIRST_DAY.unix_days() && played(n) {
            count += 1;
            n -= 1;
        }
        count
    }

    /// A game's last `n` days played, newest first.
    pub fn past(&self, game: &str, n: usize) -> Vec<&Kept> {
        let mut all: Vec<&Kept> = self.days.iter().filter(|k| k.game == game).collect();
        engine::core::order::sort_by(&mut all, |a, b| b.day.cmp(&a.day));
        all.truncate(n);
        all
    }
}

/// A board token: 24 letters and digits.
pub fn is_token(t: &str) -> bool {
    t.len() == 24 && t.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// A new device token from a seed (the clock and the device's own entropy).
pub fn new_token(seed: u64) -> String {
    const ABC: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
    let mut x = seed ^ 0x9e37_79b9_7f4a_7c15;
    (0..24)
        .map(|_| {
            // splitmix64
            x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^= z >> 31;
            ABC[(z % ABC.len() as u64) as usize] as char
        })
        .collect()
}

/// The name the board shows when the player has not given one: "Player" and four letters of the
/// token, so two devices rarely look alike.
pub fn default_name(token: &str) -> String {
    format!("Player {}", token.get(..4).unwrap_or("1"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::store::MemStore;

    fn day(s: &str) -> Day {
        Day::parse(s).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn a_result_is_kept_once_and_the_best_of_a_day_is_queued() {
        let mut d = Diary::default();
        let today = day("2026-12-04");
        assert!(d.record("castle", today, 20, "line 20", "h1", "r1"));
        assert!(
            !d.record("castle", today, 20, "line 20", "h1", "r1"),
            "seen"
        );
        assert_eq!(d.outbox.len(), 1);
        // A worse game: counted, not queued; a better one replaces the queued one.
        assert!(d.record("castle", today, 10, "line 10", "h2", "r2"));
        assert_eq!((d.outbox.len(), d.outbox[0].claim), (1, 20));
        assert!(d.record("castle", today, 30, "line 30", "h3", "r3"));
        assert_eq!(d.outbox.len(), 1);
        assert_eq!((d.outbox[0].claim, d.outbox[0].replay.as_str()), (30, "r3"));
        let k = d.best("castle", today).cloned().unwrap_or_else(|| panic!());
        assert_eq!((k.score, k.plays, k.line.as_str()), (30, 3, "line 30"));
        d.sent("castle", "2026-12-04", 2, 5);
        assert!(d.outbox.is_empty());
        assert_eq!(
            d.best("castle", today).map(|k| (k.rank, k.players)),
            Some((2, 5))
        );
        // After it was sent, only a better one goes again.
        assert!(d.record("castle", today, 25, "l", "h4", "r4"));
        assert!(d.outbox.is_empty());
        assert!(d.record("castle", today, 31, "l", "h5", "r5"));
        assert_eq!(d.outbox.len(), 1);
    }

    #[test]
    fn only_challenges_started_here_and_not_seen_in_a_link_count() {
        let mut d = Diary::default();
        let today = day("2026-12-04");
        assert!(!d.was_started("castle", today));
        d.start("castle", today);
        d.start("castle", today);
        assert!(d.was_started("castle", today) && !d.was_started("feud", today));
        assert_eq!(d.started.len(), 1);
        d.not_mine("friend");
        assert!(!d.record("castle", today, 40, "l", "friend", "r"));
        assert!(d.outbox.is_empty());
    }

    #[test]
    fn a_streak_counts_days_in_a_row_and_waits_for_today() {
        let mut d = Diary::default();
        for (i, date) in ["2026-12-01", "2026-12-02", "2026-12-03"]
            .iter()
            .enumerate()
        {
            d.record("castle", day(date), 5, "l", &format!("h{i}"), "r");
        }
        assert_eq!(d.streak(day("2026-12-03")), 3);
        assert_eq!(d.streak(day("2026-12-04")), 3, "today not played yet");
        assert_eq!(d.streak(day("2026-12-05")), 0, "a whole day missed");
        d.record("feud", day("2026-12-04"), 990, "l", "h9", "r");
        assert_eq!(d.streak(day("2026-12-04")), 4, "any game counts");
        let past: Vec<&str> = d.past("castle", 2).iter().map(|k| k.day.as_str()).collect();
        assert_eq!(past, ["2026-12-03", "2026-12-02"]);
    }

    #[test]
    fn the_outbox_drops_what_the_board_no_longer_takes() {
        let mut d = Diary::default();
        d.record("castle", day("2026-12-01"), 5, "l", "a", "r");
        d.record("castle", day("2026-12-08"), 5, "l", "b", "r");
        d.expire(day("2026-12-09"));
        let days: Vec<&str> = d.outbox.iter().map(|o| o.day.as_str()).collect();
        assert_eq!(days, ["2026-12-08"]);
    }

    #[test]
    fn an_unreadable_diary_is_kept_aside_and_a_new_one_started() {
        let mut store = MemStore::default();
        assert!(store.set(DIARY_KEY, "{\"days\":[{\"game\":").is_ok());
        let d = Diary::load(&mut store, 7);
        assert!(is_token(&d.token));
        assert!(d.days.is_empty());
        assert_eq!(
            store.get(DIARY_ASIDE_KEY).as_deref(),
            Some("{\"days\":[{\"game\":")
        );
        // A stored one comes back as it was, token and all.
        let mut d = d;
        d.record("castle", day("2026-12-04"), 9, "l", "h", "r");
        assert!(d.save(&mut store).is_ok());
        assert_eq!(Diary::load(&mut store, 99), d);
    }

    #[test]
    fn tokens_are_the_boards_shape_and_differ_by_seed() {
        let (a, b) = (new_token(1), new_token(2));
        assert!(is_token(&a) && is_token(&b));
        assert_ne!(a, b);
        assert!(!is_token("short"));
        assert_eq!(default_name("Abcdxyz"), "Player Abcd");
    }
}
