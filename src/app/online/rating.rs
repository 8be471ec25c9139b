//! The player's own rating around a quick-match game: asked for (`ratings`) when the game starts
//! and again once it is over, until the server has counted it, so the results can say "Your
//! rating: 1,512 (+14)". Pure: the shell gives the time, the phase and the tables heard.

use super::client::Table;
use super::rating_text;
use engine::online::protocol::{Phase, RatingEntry};

/// Asks once the game is over, at most this often (seconds) and this many times.
const EVERY: f64 = 1.0;
const TRIES: u32 = 15;

/// What the results say of a rated room's game the server never counted: not rated, with the
/// likeliest reason as a rule, not a claim (docs/online.md, "Ratings": the same players are
/// rated together three times a day; a game no one played is not rated).
const NOT_COUNTED: &str = "Not rated: this game was not counted. The same players are rated \
                           together three times a day at most.";

/// The rating watched for the quick-match game being played.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct RatingWatch {
    /// The room watched (a new room starts afresh), and whether its result looks rated (no
    /// bot seat, one seat on this device) when it was first seen.
    pub(crate) room: String,
    pub(crate) rated: bool,
    /// The player's entry before the game (None inside: not rated yet), once heard.
    pub(crate) before: Option<Option<RatingEntry>>,
    /// The entry with this game counted.
    pub(crate) after: Option<RatingEntry>,
    tries: u32,
    last: f64,
}

impl RatingWatch {
    /// Starts afresh for another room.
    pub(crate) fn follow(&mut self, room: &str, rated: bool) {
        if self.room != room {
            *self = RatingWatch {
                room: room.to_string(),
                rated,
                ..RatingWatch::default()
            };
        }
    }

    /// Whether to ask the server for the table now (a rated game only).
    pub(crate) fn want_ask(&mut self, phase: Phase, rated: bool, now: f64) -> bool {
        let soon = self.tries > 0 && now - self.last < EVERY;
        if !rated || self.after.is_some() || self.tries >= TRIES || soon {
            return false;
        }
        let ask = match phase {
            Phase::Waiting => false,
            Phase::Playing => self.before.is_none() && self.tries == 0,
            Phase::Over => true,
        };
        if ask {
            self.tries += 1;
            self.last = now;
        }
        ask
    }

    /// A table heard for this game.
    pub(crate) fn heard(&mut self, table: &Table, phase: Phase) {
        let mine = table.mine().cloned();
        match phase {
            Phase::Over => {
                let counted = match (&self.before, &mine) {
                    (Some(b), Some(m)) => m.games > b.as_ref().map_or(0, |b| b.games),
                    // Before unknown (the page was loaded after the game): as it stands now.
                    (None, Some(_)) => true,
                    (_, None) => false,
                };
                if counted {
                    self.after = mine;
                }
            }
            _ => {
                if self.before.is_none() {
                    self.before = Some(mine);
                    // Asked again from the start once the game is over.
                    self.tries = 0;
                    self.last = f64::MIN;
                }
            }
        }
    }

    /// The results' line: "Your rating: 1,512 (+14)" (a first game counts from 1,500), with a
    /// "?" while the rating is provisional (a new player's, which still moves fast); "Not rated:
    /// bots played in this game." for a quick game with bots; once the server has been asked
    /// every time and never counted the game, that it was not rated and why it can be so.
    pub(crate) fn line(&self, rated: bool) -> Option<String> {
        if !rated {
            return Some("Not rated: bots played in this game.".into());
        }
        if self.after.is_none() && self.tries >= TRIES {
            return Some(NOT_COUNTED.into());
        }
        let after = self.after.as_ref()?;
        let was = match &self.before {
            Some(Some(b)) => Some(b.rating),
            Some(None) => Some(1500),
            None => None,
        };
        let change = match was.map(|w| after.rating - w) {
            Some(d) if d >= 0 => format!(" (+{d})"),
            Some(d) => format!(" (-{})", -d),
            None => String::new(),
        };
        let unsure = if after.provisional { "?" } else { "" };
        Some(format!(
            "Your rating: {}{unsure}{change}",
            rating_text(after.rating)
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(rating: i64, games: u64) -> Table {
        Table {
            game: engine::games::feud::INFO.id.into(),
            players: 2,
            entries: vec![RatingEntry {
                rank: 1,
                name: "Ann".into(),
                rating,
                games,
                provisional: true,
                you: true,
            }],
        }
    }

    #[test]
    fn the_rating_is_asked_at_the_start_and_after_until_the_game_is_counted() {
        let mut w = RatingWatch::default();
        w.follow("room-1", true);
        assert!(!w.want_ask(Phase::Playing, false, 0.0), "unrated: never");
        assert!(w.want_ask(Phase::Playing, true, 0.0));
        assert!(!w.want_ask(Phase::Playing, true, 5.0), "once while playing");
        w.heard(&table(1498, 2), Phase::Playing);
        assert!(w.want_ask(Phase::Over, true, 6.0));
        assert!(!w.want_ask(Phase::Over, true, 6.5), "at most once a second");
        // Not counted yet: the same number of games.
        w.heard(&table(1498, 2), Phase::Over);
        assert_eq!(w.line(true), None);
        assert!(w.want_ask(Phase::Over, true, 7.5));
        w.heard(&table(1512, 3), Phase::Over);
        assert_eq!(w.line(true).as_deref(), Some("Your rating: 1,512? (+14)"));
        assert!(!w.want_ask(Phase::Over, true, 20.0), "done");
        assert_eq!(
            w.line(false).as_deref(),
            Some("Not rated: bots played in this game.")
        );
        // A first game counts from 1,500; a loss says minus; a new room starts afresh.
        w.follow("room-2", true);
        assert_eq!(w.after, None);
        w.heard(
            &Table {
                entries: Vec::new(),
                ..table(0, 0)
            },
            Phase::Playing,
        );
        let mut settled = table(1431, 1);
        settled.entries[0].provisional = false;
        w.heard(&settled, Phase::Over);
        assert_eq!(w.line(true).as_deref(), Some("Your rating: 1,431 (-69)"));
        // Tried a few times at most.
        let mut w = RatingWatch::default();
        let asks = (0..100)
            .filter(|i| w.want_ask(Phase::Over, true, *i as f64 * 2.0))
            .count();
        assert_eq!(asks, TRIES as usize);
        assert_eq!(
            w.line(true).as_deref(),
            Some(NOT_COUNTED),
            "never counted: said"
        );
        assert_eq!(rating_text(1512), "1,512");
        assert_eq!(rating_text(987), "987");
        assert_eq!(rating_text(-1234567), "-1,234,567");
    }
}
