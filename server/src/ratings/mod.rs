//! Players' ratings, one per game and device (no accounts: the device's token is the identity,
//! the name the one the player last chose), from the server's own results of rated games
//! (quick-match rooms; bots' games and friends' rooms are unrated). Kept behind the ratings'
//! own store (`store::RatingStore`): `DIR/ratings.sqlite`, or the shared PostgreSQL database,
//! each with the ratings' own migrations.
//!
//! The maths is the `skillratings` crate's: Glicko-2 for a game of two, Weng-Lin (OpenSkill's
//! Bradley-Terry model) for three to ten. A player has one rating per game on Glicko-2's scale
//! (1500 to start, deviation 350); a Weng-Lin update reads it through the linear map that takes
//! Glicko-2's start to Weng-Lin's (mu 25, sigma 25/3): both are a mean and a standard deviation
//! of the same belief in a player's skill, so the map changes units only.
//!
//! `GET /ratings/GAME[?device=TOKEN]`: `{"game","players","entries":[{"rank","name","rating",
//! "games","provisional","you"}]}`, the best 50 and the asking device's own entry after them.

use crate::answer::{js, json, refuse, top_with_mine};
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::{MultiTeamOutcome, Outcomes};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

pub mod store;
use store::{PgRatings, RatingStore, SqliteRatings, Stored};

/// What recording a game gives: the seats' new ratings, or why it is not rated.
pub type Recorded = Result<Vec<Rated>, &'static str>;

/// Entries a game's table shows.
pub const TABLE_SIZE: usize = 50;
/// A rating whose deviation is above this is shown as provisional (Lichess's threshold).
pub const PROVISIONAL_DEVIATION: f64 = 110.0;
/// Glicko-2 points per Weng-Lin point: 350 / (25/3).
const SCALE: f64 = 42.0;

/// How much less a settled rating (not provisional) moves in a game against provisional ones:
/// its change is multiplied by `1 - PROVISIONAL_DAMPING x` the share of its opponents that are
/// provisional (a half against one newcomer).
pub const PROVISIONAL_DAMPING: f64 = 0.5;
/// Rated games a pair of players (two device tokens, or two seats from one address) may play
/// together in a game per UTC day, unless the server is told otherwise
/// (`--rated-pairs-per-day`).
pub const PAIR_GAMES_PER_DAY: u32 = 3;

/// Why a room already counted is not rated again.
pub const ALREADY_RATED: &str = "this room's result is already counted";
/// Why a game whose players all left is not rated.
pub const ALL_LEFT: &str = "every player left the game (no move of their own, or gone)";
/// Why a game of a pair that played enough rated games today is not rated.
pub const PAIR_LIMIT: &str =
    "two of its players (two devices, or one address) played enough rated games together today";

/// One human seat of a finished rated game: who, its place (0 first; equal places tie), whether
/// its player left the game (docs/online.md, "Ratings": they take the loss), and a key for the
/// address it played from, when the server knows it (`address_key`).
#[derive(Clone, Debug, Default)]
pub struct Placed {
    pub device: String,
    pub name: String,
    pub place: usize,
    pub left: bool,
    pub address: Option<String>,
}

/// The key a player's address is counted under for the pair limit: a hash (the address itself
/// is not kept).
pub fn address_key(ip: std::net::IpAddr) -> String {
    let digest = engine::online::sha256(format!("catapult-table address {ip}").as_bytes());
    digest[..12].iter().map(|b| format!("{b:02x}")).collect()
}

/// A player's rating in a game.
#[derive(Clone, Debug, PartialEq)]
pub struct Rated {
    pub device: String,
    pub name: String,
    pub rating: Glicko2Rating,
    pub games: i64,
}

/// The new ratings after one game: `players` are each seat's rating before and its place.
/// Two seats: Glicko-2; three or more: Weng-Lin, each seat a team of one.
pub fn rate(players: &[(Glicko2Rating, usize)]) -> Vec<Glicko2Rating> {
    match players {
        [] | [_] => players.iter().map(|p| p.0).collect(),
        [(a, pa), (b, pb)] => {
            let outcome = match pa.cmp(pb) {
                std::cmp::Ordering::Less => Outcomes::WIN,
                std::cmp::Ordering::Greater => Outcomes::LOSS,
                std::cmp::Ordering::Equal => Outcomes::DRAW,
            };
            let (a2, b2) = glicko2(a, b, &outcome, &Glicko2Config::new());
            damped(players, vec![a2, b2])
        }
        _ => {
            let teams: Vec<[WengLinRating; 1]> = players
                .iter()
                .map(|(r, _)| {
                    [WengLinRating {
                        rating: 25.0 + (r.rating - 1500.0) / SCALE,
                        uncertainty: r.deviation / SCALE,
                    }]
                })
                .collect();
            let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
                .iter()
                .zip(players)
                .map(|(t, (_, place))| (&t[..], MultiTeamOutcome::new(place + 1)))
                .collect();
            let after = weng_lin_multi_team(&ranked, &WengLinConfig::new())
                .iter()
                .zip(players)
                .map(|(team, (before, _))| match team.first() {
                    Some(w) => Glicko2Rating {
                        rating: 1500.0 + (w.rating - 25.0) * SCALE,
                        deviation: w.uncertainty * SCALE,
                        volatility: before.volatility,
                    },
                    None => *before,
                })
                .collect();
            damped(players, after)
        }
    }
}

/// Whether a rating is provisional (shown with "?"): its deviation is over 110.
pub fn provisional(r: &Glicko2Rating) -> bool {
    r.deviation > PROVISIONAL_DEVIATION
}

/// A settled rating's change in a game against provisional ones, damped by
/// `PROVISIONAL_DAMPING` times the share of its opponents that are provisional (a newcomer's
/// rating says little yet, so beating or losing to one says little of the settled player).
/// Provisional ratings move as the maths says: fast.
fn damped(before: &[(Glicko2Rating, usize)], mut after: Vec<Glicko2Rating>) -> Vec<Glicko2Rating> {
    let opponents = before.len().saturating_sub(1).max(1) as f64;
    for (i, new) in after.iter_mut().enumerate() {
        let Some((old, _)) = before.get(i) else {
            continue;
        };
        if provisional(old) {
            continue;
        }
        let newcomers = before
            .iter()
            .enumerate()
            .filter(|(j, (r, _))| *j != i && provisional(r))
            .count() as f64;
        let keep = 1.0 - PROVISIONAL_DAMPING * newcomers / opponents;
        new.rating = old.rating + (new.rating - old.rating) * keep;
    }
    after
}

/// The seats with those who left placed last (tied), below every player who stayed; those who
/// stayed keep their order (their places closed up).
fn leavers_last(seats: &[Placed]) -> Vec<Placed> {
    let mut stayed: Vec<usize> = seats.iter().filter(|s| !s.left).map(|s| s.place).collect();
    stayed.sort_unstable();
    stayed.dedup();
    seats
        .iter()
        .map(|s| Placed {
            place: if s.left {
                stayed.len()
            } else {
                stayed.binary_search(&s.place).unwrap_or(0)
            },
            ..s.clone()
        })
        .collect()
}

/// The pairs of a game counted against the daily limit: each two devices, and each address two
/// seats played from.
fn pair_keys(seats: &[Placed]) -> Vec<String> {
    let mut keys = Vec::new();
    for (i, a) in seats.iter().enumerate() {
        for b in &seats[i + 1..] {
            let (x, y) = if a.device <= b.device {
                (&a.device, &b.device)
            } else {
                (&b.device, &a.device)
            };
            keys.push(format!("devices {x} {y}"));
            if let (Some(p), Some(q)) = (&a.address, &b.address) {
                if p == q {
                    keys.push(format!("address {p}"));
                }
            }
        }
    }
    keys.sort_unstable();
    keys.dedup();
    keys
}

/// The players' ratings, behind their store (calls made off the async threads), with the
/// rated games a pair may play together a day.
pub struct Ratings(Arc<dyn RatingStore>, AtomicU32);

/// Why a finished game is not rated, if it is not.
fn unrated(game: &[Placed]) -> Option<&'static str> {
    if game.len() < 2 {
        return Some("a rated game has at least two players");
    }
    let mut devices: Vec<&str> = game.iter().map(|p| p.device.as_str()).collect();
    devices.sort_unstable();
    devices.dedup();
    if devices.len() < game.len() {
        return Some("one device played two seats");
    }
    game.iter().all(|p| p.left).then_some(ALL_LEFT)
}

impl Ratings {
    /// A server on its own: `DIR/ratings.sqlite`.
    pub fn sqlite(dir: &std::path::Path) -> Result<Ratings, String> {
        Ok(Ratings::over(Arc::new(SqliteRatings::open(dir)?)))
    }

    /// Servers sharing one PostgreSQL database.
    pub async fn postgres(pool: deadpool_postgres::Pool) -> Result<Ratings, String> {
        Ok(Ratings::over(Arc::new(PgRatings::open(pool).await?)))
    }

    fn over(store: Arc<dyn RatingStore>) -> Ratings {
        Ratings(store, AtomicU32::new(PAIR_GAMES_PER_DAY))
    }

    /// Rated games a pair may play together in a game per UTC day from now on.
    pub fn limit_pairs(&self, per_day: u32) {
        self.1.store(per_day, Ordering::Relaxed);
    }

    async fn call<T: Send + 'static>(
        &self,
        f: impl FnOnce(&dyn RatingStore) -> Result<T, String> + Send + 'static,
    ) -> Result<T, String> {
        let store = self.0.clone();
        tokio::task::spawn_blocking(move || f(store.as_ref()))
            .await
            .map_err(|_| "the ratings failed".to_string())?
    }

    /// A device's rating in a game, if it has played a rated game of it.
    pub async fn rating_of(&self, game: &str, device: &str) -> Result<Option<f64>, String> {
        let (game, device) = (game.to_string(), device.to_string());
        self.call(move |s| s.rating_of(&game, &device)).await
    }

    /// Rates the finished game of room `room` (`game`); returns the seats' new ratings in their
    /// order, or why the game is not rated (a room counts once: `rated_rooms`). Those who left
    /// are placed last; a game whose players all left is not rated; nor is one of a pair that
    /// has played `limit_pairs` rated games of this game together today (UTC; `now` in
    /// seconds). The read and the write are one transaction, so two games of one player
    /// finishing at once on two servers both count, and a room's result recorded twice (two
    /// servers, a restart) counts once.
    pub async fn record(
        &self,
        room: &str,
        game: &str,
        seats: &[Placed],
        now: i64,
    ) -> Result<Recorded, String> {
        if let Some(why) = unrated(seats) {
            return Ok(Err(why));
        }
        let seats = leavers_last(seats);
        let pairs = Pairs {
            keys: pair_keys(&seats),
            day: now.div_euclid(86_400),
            most: i64::from(self.1.load(Ordering::Relaxed)),
        };
        let (room, game) = (room.to_string(), game.to_string());
        self.call(move |s| s.record(&room, &game, &seats, &pairs, now))
            .await
    }

    /// The game's table, best first (equal ratings: more games first).
    pub async fn table(&self, game: &str) -> Result<Vec<Rated>, String> {
        let game = game.to_string();
        let rows = self.call(move |s| s.table(&game)).await?;
        Ok(rows
            .into_iter()
            .map(
                |(device, name, (rating, deviation, volatility, games))| Rated {
                    device,
                    name,
                    rating: Glicko2Rating {
                        rating,
                        deviation,
                        volatility,
                    },
                    games,
                },
            )
            .collect())
    }
}

/// A game's pairs as counted against the daily limit: their keys (`pair_keys`), the UTC day
/// (days since 1970), and the most rated games a pair may play a day.
pub struct Pairs {
    pub keys: Vec<String>,
    pub day: i64,
    pub most: i64,
}

/// The seats' ratings after the game, from what was stored (None: a first game).
fn updated(seats: &[Placed], before: &[Option<Stored>]) -> Vec<Rated> {
    let start: Vec<(Glicko2Rating, usize)> = seats
        .iter()
        .zip(before)
        .map(|(s, b)| {
            let r = match b {
                Some((rating, deviation, volatility, _)) => Glicko2Rating {
                    rating: *rating,
                    deviation: *deviation,
                    volatility: *volatility,
                },
                None => Glicko2Rating::new(),
            };
            (r, s.place)
        })
        .collect();
    rate(&start)
        .into_iter()
        .zip(seats.iter().zip(before))
        .map(|(rating, (s, b))| Rated {
            device: s.device.clone(),
            name: s.name.clone(),
            rating,
            games: b.map_or(0, |b| b.3) + 1,
        })
        .collect()
}

/// A game's ratings table as the `ratings` frame over a connection carries it: the best, and
/// the device's own entry (marked `you`) after them when it is further down (as
/// `GET /ratings/GAME` does).
pub async fn table_frame(
    ratings: Option<&Ratings>,
    game: &str,
    device: Option<&str>,
) -> Result<engine::online::protocol::ServerFrame, String> {
    let info = engine::games::info(game).map_err(|e| e.0)?;
    if !info.available {
        return Err(format!("{} cannot be played yet", info.name));
    }
    if let Some(d) = device {
        crate::board::check_device(d)?;
    }
    let Some(ratings) = ratings else {
        return Err("this server keeps no ratings".into());
    };
    let all = ratings.table(info.id).await?;
    Ok(engine::online::protocol::ServerFrame::Ratings {
        game: info.id.to_string(),
        players: all.len() as u64,
        entries: table_entries(&all, device),
    })
}

/// The best `TABLE_SIZE` of a table (ranked best first), and the device's own entry after them.
fn table_entries(
    all: &[Rated],
    device: Option<&str>,
) -> Vec<engine::online::protocol::RatingEntry> {
    let mine = |r: &Rated| device == Some(r.device.as_str());
    let entry = |i: usize, r: &Rated| engine::online::protocol::RatingEntry {
        rank: i as u64 + 1,
        name: r.name.clone(),
        rating: r.rating.rating.round() as i64,
        games: r.games.max(0) as u64,
        provisional: provisional(&r.rating),
        you: mine(r),
    };
    let mut out: Vec<_> = all
        .iter()
        .take(TABLE_SIZE)
        .enumerate()
        .map(|(i, r)| entry(i, r))
        .collect();
    if let Some((i, r)) = all
        .iter()
        .enumerate()
        .skip(TABLE_SIZE)
        .find(|(_, r)| mine(r))
    {
        out.push(entry(i, r));
    }
    out
}

pub fn router(ratings: Arc<Ratings>) -> Router {
    Router::new()
        .route("/ratings/{game}", get(show))
        .with_state(ratings)
}

fn entry_json(rank: usize, r: &Rated, mine: bool) -> String {
    format!(
        "{{\"rank\":{rank},\"name\":{},\"rating\":{},\"games\":{},\"provisional\":{},\"you\":{mine}}}",
        js(&r.name),
        r.rating.rating.round() as i64,
        r.games,
        provisional(&r.rating)
    )
}

async fn show(
    State(ratings): State<Arc<Ratings>>,
    Path(game): Path<String>,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    let info = match engine::games::info(&game) {
        Ok(info) if info.available => info,
        Ok(_) | Err(_) => return refuse(StatusCode::NOT_FOUND, format!("no game called {game:?}")),
    };
    let all = match ratings.table(info.id).await {
        Ok(all) => all,
        Err(e) => return refuse(StatusCode::SERVICE_UNAVAILABLE, e),
    };
    let device = q.get("device").map(String::as_str).unwrap_or("");
    let shown = top_with_mine(&all, TABLE_SIZE, |r| r.device == device, entry_json);
    json(format!(
        "{{\"game\":{},\"players\":{},\"entries\":[{}]}}",
        js(info.id),
        all.len(),
        shown.join(",")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn placed(device: &str, place: usize) -> Placed {
        Placed {
            device: device.into(),
            name: device.to_uppercase(),
            place,
            ..Placed::default()
        }
    }

    #[test]
    fn two_seats_are_rated_by_glicko_2_the_winner_up_the_loser_down() {
        let new = Glicko2Rating::new();
        let after = rate(&[(new, 1), (new, 0)]);
        assert!(
            after[1].rating > 1500.0 && after[0].rating < 1500.0,
            "{after:?}"
        );
        assert!((after[0].rating + after[1].rating - 3000.0).abs() < 1e-6);
        assert!(after.iter().all(|r| r.deviation < 350.0));
        // A draw between equals moves neither; a surprise moves more than the expected.
        let draw = rate(&[(new, 0), (new, 0)]);
        assert!((draw[0].rating - 1500.0).abs() < 1e-6, "{draw:?}");
        let strong = Glicko2Rating {
            rating: 1800.0,
            deviation: 80.0,
            volatility: 0.06,
        };
        let weak = Glicko2Rating {
            rating: 1400.0,
            ..strong
        };
        let expected = rate(&[(strong, 0), (weak, 1)])[0].rating - 1800.0;
        let upset = 1800.0 - rate(&[(strong, 1), (weak, 0)])[0].rating;
        assert!(
            upset > 4.0 * expected && expected > 0.0,
            "{expected} {upset}"
        );
    }

    #[test]
    fn more_seats_are_rated_by_weng_lin_in_order_of_places_ties_equal() {
        let new = Glicko2Rating::new();
        let after = rate(&[(new, 2), (new, 0), (new, 3), (new, 0)]);
        assert!(
            (after[1].rating - after[3].rating).abs() < 1e-9,
            "{after:?}"
        );
        assert!(after[1].rating > after[0].rating && after[0].rating > after[2].rating);
        assert!(after[1].rating > 1500.0 && after[2].rating < 1500.0);
        assert!(after
            .iter()
            .all(|r| r.deviation < 350.0 && r.volatility == 0.06));
        // A game of one is not a game: nothing moves.
        assert_eq!(rate(&[(new, 0)]), vec![new]);
    }

    #[tokio::test]
    async fn a_game_is_recorded_the_table_ranks_and_one_device_twice_is_unrated() {
        let dir = std::env::temp_dir().join(format!("ct-ratings-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let ratings = Ratings::sqlite(&dir).unwrap_or_else(|e| panic!("{e}"));
        for room in ["r1", "r2", "r3"] {
            let r = ratings
                .record(room, "g", &[placed("ada", 0), placed("ben", 1)], 1)
                .await;
            assert!(matches!(r, Ok(Ok(_))), "{r:?}");
        }
        // A room's result counts once (a second server, a restart).
        let again = ratings
            .record("r3", "g", &[placed("ada", 0), placed("ben", 1)], 1)
            .await;
        assert_eq!(again, Ok(Err(ALREADY_RATED)));
        let ada = ratings.rating_of("g", "ada").await.unwrap_or_default();
        assert!(ada.is_some_and(|r| r > 1500.0), "{ada:?}");
        assert_eq!(ratings.rating_of("g", "nobody").await, Ok(None));
        let r = ratings
            .record(
                "r4",
                "g",
                &[placed("cy", 1), placed("ben", 0), placed("dee", 2)],
                2,
            )
            .await;
        assert!(matches!(r, Ok(Ok(ref v)) if v.len() == 3), "{r:?}");
        let twice = ratings
            .record("r5", "g", &[placed("ada", 0), placed("ada", 1)], 3)
            .await;
        assert_eq!(twice, Ok(Err("one device played two seats")));
        let table = ratings.table("g").await.unwrap_or_default();
        let order: Vec<(&str, i64)> = table.iter().map(|r| (r.device.as_str(), r.games)).collect();
        assert_eq!(order[0], ("ada", 3), "{table:?}");
        assert_eq!(table.len(), 4);
        assert!(order.contains(&("ben", 4)) && order.contains(&("cy", 1)));
        assert_eq!(table[0].name, "ADA");
        assert!(ratings.table("other").await.unwrap_or_default().is_empty());
        let _ = std::fs::remove_dir_all(&dir);
    }

    fn settled(rating: f64) -> Glicko2Rating {
        Glicko2Rating {
            rating,
            deviation: 60.0,
            volatility: 0.06,
        }
    }

    #[test]
    fn a_settled_rating_moves_half_as_far_against_a_provisional_one() {
        let (old, new) = (settled(1500.0), Glicko2Rating::new());
        let damped = rate(&[(old, 1), (new, 0)]);
        let plain = glicko2(&old, &new, &Outcomes::LOSS, &Glicko2Config::new()).0;
        let (lost, undamped) = (1500.0 - damped[0].rating, 1500.0 - plain.rating);
        println!(
            "settled 1500/60 loses to a newcomer: -{lost:.2} (undamped -{undamped:.2}); the \
             newcomer +{:.2}",
            damped[1].rating - 1500.0
        );
        assert!(
            lost > 0.0 && (lost - undamped / 2.0).abs() < 1e-9,
            "{lost} {undamped}"
        );
        // The newcomer's rating moves as fast as Glicko-2 says, and far more.
        assert!(damped[1].rating - 1500.0 > 20.0 * lost, "{damped:?}");
        // Between two settled ratings nothing is damped.
        let both = rate(&[(old, 1), (settled(1500.0), 0)]);
        let plain = glicko2(
            &old,
            &settled(1500.0),
            &Outcomes::LOSS,
            &Glicko2Config::new(),
        )
        .0;
        assert_eq!(both[0], plain);
        // Of three: against one newcomer of two opponents, three quarters of the change.
        let three = rate(&[(old, 2), (new, 0), (settled(1500.0), 1)]);
        assert!(
            three[0].rating < 1500.0 && three[0].rating < three[2].rating,
            "{three:?}"
        );
        assert!(provisional(&three[1]) && !provisional(&three[0]));
    }

    #[test]
    fn those_who_left_are_placed_last_below_everyone_who_stayed() {
        let mut seats = vec![placed("ada", 0), placed("ben", 1), placed("cy", 2)];
        seats[0].left = true;
        let places: Vec<usize> = leavers_last(&seats).iter().map(|s| s.place).collect();
        assert_eq!(places, [2, 0, 1]);
        seats[2].left = true;
        let places: Vec<usize> = leavers_last(&seats).iter().map(|s| s.place).collect();
        assert_eq!(places, [1, 0, 1]);
    }

    #[test]
    fn the_pairs_counted_are_each_two_devices_and_each_shared_address() {
        let mut seats = vec![placed("b", 0), placed("a", 1), placed("c", 2)];
        seats[0].address = Some("x".into());
        seats[1].address = Some("x".into());
        seats[2].address = Some("y".into());
        assert_eq!(
            pair_keys(&seats),
            ["address x", "devices a b", "devices a c", "devices b c"]
        );
        assert_ne!(
            address_key(
                "127.0.0.1"
                    .parse()
                    .unwrap_or(std::net::Ipv4Addr::LOCALHOST.into())
            ),
            address_key(std::net::Ipv4Addr::new(127, 0, 0, 2).into())
        );
    }

    #[tokio::test]
    async fn leavers_take_the_loss_all_left_is_unrated_and_a_pair_is_rated_three_times_a_day() {
        let dir = std::env::temp_dir().join(format!("ct-ratings-left-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let ratings = Ratings::sqlite(&dir).unwrap_or_else(|e| panic!("{e}"));
        // Ada's seat won on the table, but she left: she takes the loss.
        let mut seats = vec![placed("ada", 0), placed("ben", 1)];
        seats[0].left = true;
        let r = ratings.record("r1", "g", &seats, 1).await;
        let Ok(Ok(after)) = r else { panic!("{r:?}") };
        assert!(after[0].rating.rating < 1500.0 && after[1].rating.rating > 1500.0);
        // Both left: not rated.
        seats[1].left = true;
        assert_eq!(
            ratings.record("r2", "g", &seats, 1).await,
            Ok(Err(ALL_LEFT))
        );
        // Ada and Ben: two more rated games today (three in all), then not; the next day again.
        let seats = [placed("ada", 0), placed("ben", 1)];
        for room in ["r3", "r4"] {
            let r = ratings.record(room, "g", &seats, 2).await;
            assert!(matches!(r, Ok(Ok(_))), "{r:?}");
        }
        assert_eq!(
            ratings.record("r5", "g", &seats, 3).await,
            Ok(Err(PAIR_LIMIT))
        );
        // Counted once, unrated: not rated later either.
        assert_eq!(
            ratings.record("r5", "g", &seats, 86_400).await,
            Ok(Err(ALREADY_RATED))
        );
        let r = ratings.record("r6", "g", &seats, 86_400).await;
        assert!(matches!(r, Ok(Ok(_))), "the next day: {r:?}");
        // Another game is counted apart; so is another pair.
        let r = ratings.record("r7", "h", &seats, 3).await;
        assert!(matches!(r, Ok(Ok(_))), "{r:?}");
        // Two fresh devices from one address: the address is the pair.
        let from = |device: &str, place| Placed {
            address: Some("same".into()),
            ..placed(device, place)
        };
        for i in 0..3 {
            let seats = [from(&format!("d{i}"), 0), from(&format!("e{i}"), 1)];
            let r = ratings.record(&format!("a{i}"), "g", &seats, 4).await;
            assert!(matches!(r, Ok(Ok(_))), "{r:?}");
        }
        let seats = [from("d9", 0), from("e9", 1)];
        assert_eq!(
            ratings.record("a9", "g", &seats, 4).await,
            Ok(Err(PAIR_LIMIT))
        );
        let table = ratings.table("g").await.unwrap_or_default();
        let ada = table.iter().find(|r| r.device == "ada").map(|r| r.games);
        assert_eq!(ada, Some(4), "{table:?}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
