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
use std::sync::Arc;

pub mod store;
use store::{PgRatings, RatingStore, SqliteRatings, Stored};

/// Entries a game's table shows.
pub const TABLE_SIZE: usize = 50;
/// A rating whose deviation is above this is shown as provisional (Lichess's threshold).
pub const PROVISIONAL_DEVIATION: f64 = 110.0;
/// Glicko-2 points per Weng-Lin point: 350 / (25/3).
const SCALE: f64 = 42.0;

/// Why a room already counted is not rated again.
pub const ALREADY_RATED: &str = "this room's result is already counted";

/// One human seat of a finished rated game: who, and its place (0 first; equal places tie).
#[derive(Clone, Debug)]
pub struct Placed {
    pub device: String,
    pub name: String,
    pub place: usize,
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
            vec![a2, b2]
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
            weng_lin_multi_team(&ranked, &WengLinConfig::new())
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
                .collect()
        }
    }
}

/// The players' ratings, behind their store (calls made off the async threads).
pub struct Ratings(Arc<dyn RatingStore>);

/// Why a finished game is not rated, if it is not.
fn unrated(game: &[Placed]) -> Option<&'static str> {
    if game.len() < 2 {
        return Some("a rated game has at least two players");
    }
    let mut devices: Vec<&str> = game.iter().map(|p| p.device.as_str()).collect();
    devices.sort_unstable();
    devices.dedup();
    (devices.len() < game.len()).then_some("one device played two seats")
}

impl Ratings {
    /// A server on its own: `DIR/ratings.sqlite`.
    pub fn sqlite(dir: &std::path::Path) -> Result<Ratings, String> {
        Ok(Ratings(Arc::new(SqliteRatings::open(dir)?)))
    }

    /// Servers sharing one PostgreSQL database.
    pub async fn postgres(pool: deadpool_postgres::Pool) -> Result<Ratings, String> {
        Ok(Ratings(Arc::new(PgRatings::open(pool).await?)))
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
    /// order, or why the game is not rated (a room counts once: `rated_rooms`). The read and the
    /// write are one transaction, so two games of one player finishing at once on two servers
    /// both count, and a room's result recorded twice (two servers, a restart) counts once.
    pub async fn record(
        &self,
        room: &str,
        game: &str,
        seats: &[Placed],
        now: i64,
    ) -> Result<Result<Vec<Rated>, &'static str>, String> {
        if let Some(why) = unrated(seats) {
            return Ok(Err(why));
        }
        let (room, game, seats) = (room.to_string(), game.to_string(), seats.to_vec());
        let rated = self
            .call(move |s| s.record(&room, &game, &seats, now))
            .await?;
        Ok(rated.ok_or(ALREADY_RATED))
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
        provisional: r.rating.deviation > PROVISIONAL_DEVIATION,
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
        r.rating.deviation > PROVISIONAL_DEVIATION
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
}
