//! Where the ratings are kept: the `RatingStore` trait, with `DIR/ratings.sqlite` for a server
//! on its own (`SqliteRatings`) and the shared PostgreSQL database for servers sharing one
//! (`PgRatings`), each with its numbered migrations (`ratings_migrations`). The ratings own
//! their tables: `ratings`, `rated_rooms` and `rated_pairs` (the rated games each pair played
//! together a day, kept two days).

use super::{updated, Pairs, Placed, Recorded, ALREADY_RATED, PAIR_LIMIT};
use crate::db::{self, Migrations, Pg};
use rusqlite::{params, Connection};
use std::collections::HashMap;
use std::sync::Mutex;

const WHAT: &str = "the ratings";

/// Where the migrations run are recorded, in the ratings' file or the shared database.
const MIGRATIONS_TABLE: &str = "ratings_migrations";

/// SQLite's steps. The first is the schema the ratings' file had before migrations were
/// recorded (`IF NOT EXISTS`: such a file is taken as it is).
const SQLITE: Migrations = &[
    (
        1,
        "CREATE TABLE IF NOT EXISTS ratings (
         game TEXT NOT NULL,
         device TEXT NOT NULL,
         name TEXT NOT NULL,
         rating REAL NOT NULL,
         deviation REAL NOT NULL,
         volatility REAL NOT NULL,
         games INTEGER NOT NULL,
         updated INTEGER NOT NULL,
         PRIMARY KEY (game, device)
     );
     CREATE INDEX IF NOT EXISTS ratings_rank ON ratings(game, rating DESC);
     CREATE TABLE IF NOT EXISTS rated_rooms (
         code TEXT PRIMARY KEY,
         game TEXT NOT NULL,
         at INTEGER NOT NULL
     );",
    ),
    (2, RATED_PAIRS),
];

/// PostgreSQL's steps. The first is what the rooms' migrations 3 and 4 made before each
/// feature owned its tables (`IF NOT EXISTS`: a database made then is taken as it is).
const POSTGRES: Migrations = &[
    (
        1,
        "CREATE TABLE IF NOT EXISTS ratings (
         game TEXT NOT NULL,
         device TEXT NOT NULL,
         name TEXT NOT NULL,
         rating DOUBLE PRECISION NOT NULL,
         deviation DOUBLE PRECISION NOT NULL,
         volatility DOUBLE PRECISION NOT NULL,
         games BIGINT NOT NULL,
         updated BIGINT NOT NULL,
         PRIMARY KEY (game, device)
     );
     CREATE INDEX IF NOT EXISTS ratings_rank ON ratings(game, rating DESC);
     CREATE TABLE IF NOT EXISTS rated_rooms (
         code TEXT PRIMARY KEY,
         game TEXT NOT NULL,
         at BIGINT NOT NULL
     );",
    ),
    (2, RATED_PAIRS),
];

/// The second step, the same in both: the rated games a pair of players (`pair`: two devices,
/// or one address's hash) played together in a game on a UTC day (days since 1970).
const RATED_PAIRS: &str = "CREATE TABLE IF NOT EXISTS rated_pairs (
         day BIGINT NOT NULL,
         game TEXT NOT NULL,
         pair TEXT NOT NULL,
         games BIGINT NOT NULL,
         PRIMARY KEY (day, game, pair)
     );";

/// A rating as stored: rating, deviation, volatility, games.
pub type Stored = (f64, f64, f64, i64);

/// The ratings' store (blocking calls: `Ratings` makes them off the async threads).
pub trait RatingStore: Send + Sync + 'static {
    /// A device's rating in a game, if it has played a rated game of it.
    fn rating_of(&self, game: &str, device: &str) -> Result<Option<f64>, String>;
    /// Rates the finished game of `room` in one transaction with the room's record and its
    /// pairs' counts for the day: not rated when the room was already counted
    /// (`ALREADY_RATED`) or a pair has played `pairs.most` rated games today (`PAIR_LIMIT`;
    /// the room is then counted, unrated).
    fn record(
        &self,
        room: &str,
        game: &str,
        seats: &[Placed],
        pairs: &Pairs,
        now: i64,
    ) -> Result<Recorded, String>;
    /// The game's table, best first (equal ratings: more games first): device, name, the
    /// rating as stored.
    fn table(&self, game: &str) -> Result<Vec<(String, String, Stored)>, String>;
}

const ORDER: &str = "ORDER BY rating DESC, games DESC, device ASC";

fn sqlite_err(e: rusqlite::Error) -> String {
    format!("{WHAT} failed: {e}")
}

pub struct SqliteRatings(Mutex<Connection>);

impl SqliteRatings {
    /// `DIR/ratings.sqlite`, its tables brought up to date.
    pub fn open(dir: &std::path::Path) -> Result<SqliteRatings, String> {
        let mut conn = db::sqlite_file(dir, "ratings.sqlite")?;
        db::migrate_sqlite(&mut conn, MIGRATIONS_TABLE, WHAT, SQLITE)?;
        Ok(SqliteRatings(Mutex::new(conn)))
    }

    fn with<T>(&self, f: impl FnOnce(&mut Connection) -> Result<T, String>) -> Result<T, String> {
        let mut conn = self
            .0
            .lock()
            .map_err(|_| format!("{WHAT} are unavailable"))?;
        f(&mut conn)
    }
}

impl RatingStore for SqliteRatings {
    fn rating_of(&self, game: &str, device: &str) -> Result<Option<f64>, String> {
        self.with(|conn| {
            conn.query_row(
                "SELECT rating FROM ratings WHERE game=?1 AND device=?2 AND games > 0",
                params![game, device],
                |r| r.get(0),
            )
            .map(Some)
            .or_else(|e| match e {
                rusqlite::Error::QueryReturnedNoRows => Ok(None),
                e => Err(sqlite_err(e)),
            })
        })
    }

    fn record(
        &self,
        room: &str,
        game: &str,
        seats: &[Placed],
        pairs: &Pairs,
        now: i64,
    ) -> Result<Recorded, String> {
        let db = sqlite_err;
        self.with(|conn| {
            let tx = conn.transaction().map_err(db)?;
            let new = tx
                .execute(
                    "INSERT INTO rated_rooms (code, game, at) VALUES (?1, ?2, ?3)
                     ON CONFLICT (code) DO NOTHING",
                    params![room, game, now],
                )
                .map_err(db)?;
            if new == 0 {
                return Ok(Err(ALREADY_RATED));
            }
            tx.execute(
                "DELETE FROM rated_pairs WHERE day < ?1",
                params![pairs.day - 1],
            )
            .map_err(db)?;
            let mut most_played = 0i64;
            for key in &pairs.keys {
                let n: Option<i64> = tx
                    .query_row(
                        "SELECT games FROM rated_pairs WHERE day=?1 AND game=?2 AND pair=?3",
                        params![pairs.day, game, key],
                        |r| r.get(0),
                    )
                    .map(Some)
                    .or_else(|e| match e {
                        rusqlite::Error::QueryReturnedNoRows => Ok(None),
                        e => Err(e),
                    })
                    .map_err(db)?;
                most_played = most_played.max(n.unwrap_or(0));
            }
            if most_played >= pairs.most {
                tx.commit().map_err(db)?;
                return Ok(Err(PAIR_LIMIT));
            }
            for key in &pairs.keys {
                tx.execute(
                    "INSERT INTO rated_pairs (day, game, pair, games) VALUES (?1, ?2, ?3, 1)
                     ON CONFLICT (day, game, pair) DO UPDATE SET games = games + 1",
                    params![pairs.day, game, key],
                )
                .map_err(db)?;
            }
            let mut before = Vec::new();
            for s in seats {
                let had = tx
                    .query_row(
                        "SELECT rating, deviation, volatility, games FROM ratings
                         WHERE game=?1 AND device=?2",
                        params![game, s.device],
                        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
                    )
                    .map(Some)
                    .or_else(|e| match e {
                        rusqlite::Error::QueryReturnedNoRows => Ok(None),
                        e => Err(e),
                    })
                    .map_err(db)?;
                before.push(had);
            }
            let after = updated(seats, &before);
            for r in &after {
                tx.execute(
                    "INSERT INTO ratings
                         (game, device, name, rating, deviation, volatility, games, updated)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
                     ON CONFLICT (game, device) DO UPDATE SET name=excluded.name,
                         rating=excluded.rating, deviation=excluded.deviation,
                         volatility=excluded.volatility, games=excluded.games,
                         updated=excluded.updated",
                    params![
                        game,
                        r.device,
                        r.name,
                        r.rating.rating,
                        r.rating.deviation,
                        r.rating.volatility,
                        r.games,
                        now
                    ],
                )
                .map_err(db)?;
            }
            tx.commit().map_err(db)?;
            Ok(Ok(after))
        })
    }

    fn table(&self, game: &str) -> Result<Vec<(String, String, Stored)>, String> {
        let db = sqlite_err;
        self.with(|conn| {
            let mut q = conn
                .prepare_cached(&format!(
                    "SELECT device, name, rating, deviation, volatility, games
                     FROM ratings WHERE game=?1 AND games > 0 {ORDER}"
                ))
                .map_err(db)?;
            let rows = q
                .query_map(params![game], |r| {
                    Ok((
                        r.get(0)?,
                        r.get(1)?,
                        (r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?),
                    ))
                })
                .map_err(db)?;
            rows.collect::<Result<Vec<_>, _>>().map_err(db)
        })
    }
}

pub struct PgRatings(Pg);

impl PgRatings {
    /// The ratings in the shared database, their tables brought up to date.
    pub async fn open(pool: deadpool_postgres::Pool) -> Result<PgRatings, String> {
        Ok(PgRatings(
            Pg::open(pool, WHAT, MIGRATIONS_TABLE, POSTGRES).await?,
        ))
    }
}

impl RatingStore for PgRatings {
    fn rating_of(&self, game: &str, device: &str) -> Result<Option<f64>, String> {
        let pg = |e| self.0.err(e);
        self.0.run(async {
            let c = self.0.client().await?;
            let row = c
                .query_opt(
                    "SELECT rating FROM ratings WHERE game=$1 AND device=$2 AND games > 0",
                    &[&game, &device],
                )
                .await
                .map_err(pg)?;
            row.map(|r| r.try_get(0).map_err(pg)).transpose()
        })
    }

    fn record(
        &self,
        room: &str,
        game: &str,
        seats: &[Placed],
        pairs: &Pairs,
        now: i64,
    ) -> Result<Recorded, String> {
        let pg = |e| self.0.err(e);
        self.0.run(async {
            let mut c = self.0.client().await?;
            let tx = c.transaction().await.map_err(pg)?;
            let new = tx
                .execute(
                    "INSERT INTO rated_rooms (code, game, at) VALUES ($1, $2, $3)
                     ON CONFLICT (code) DO NOTHING",
                    &[&room, &game, &now],
                )
                .await
                .map_err(pg)?;
            if new == 0 {
                return Ok(Err(ALREADY_RATED));
            }
            tx.execute(
                "DELETE FROM rated_pairs WHERE day < $1",
                &[&(pairs.day - 1)],
            )
            .await
            .map_err(pg)?;
            // The pairs' rows made and locked in one order (keys are sorted), as the ratings'
            // below: two games of one pair ending at once on two servers count one after the
            // other.
            let mut most_played = 0i64;
            for key in &pairs.keys {
                tx.execute(
                    "INSERT INTO rated_pairs (day, game, pair, games) VALUES ($1, $2, $3, 0)
                     ON CONFLICT (day, game, pair) DO NOTHING",
                    &[&pairs.day, &game, key],
                )
                .await
                .map_err(pg)?;
                let row = tx
                    .query_one(
                        "SELECT games FROM rated_pairs WHERE day=$1 AND game=$2 AND pair=$3
                         FOR UPDATE",
                        &[&pairs.day, &game, key],
                    )
                    .await
                    .map_err(pg)?;
                let n: i64 = row.try_get(0).map_err(pg)?;
                most_played = most_played.max(n);
            }
            if most_played >= pairs.most {
                tx.commit().await.map_err(pg)?;
                return Ok(Err(PAIR_LIMIT));
            }
            for key in &pairs.keys {
                tx.execute(
                    "UPDATE rated_pairs SET games = games + 1 WHERE day=$1 AND game=$2 AND pair=$3",
                    &[&pairs.day, &game, key],
                )
                .await
                .map_err(pg)?;
            }
            // Rows first, in one order on every server, then locked: no deadlock, no lost
            // update.
            let mut devices: Vec<&str> = seats.iter().map(|s| s.device.as_str()).collect();
            devices.sort_unstable();
            for d in &devices {
                tx.execute(
                    "INSERT INTO ratings
                         (game, device, name, rating, deviation, volatility, games, updated)
                     VALUES ($1, $2, '', 1500, 350, 0.06, 0, $3)
                     ON CONFLICT (game, device) DO NOTHING",
                    &[&game, d, &now],
                )
                .await
                .map_err(pg)?;
            }
            let rows = tx
                .query(
                    "SELECT device, rating, deviation, volatility, games FROM ratings
                     WHERE game=$1 AND device = ANY($2) ORDER BY device FOR UPDATE",
                    &[&game, &devices],
                )
                .await
                .map_err(pg)?;
            let mut had: HashMap<String, Stored> = HashMap::new();
            for r in &rows {
                let device: String = r.try_get(0).map_err(pg)?;
                let games: i64 = r.try_get(4).map_err(pg)?;
                had.insert(
                    device,
                    (
                        r.try_get(1).map_err(pg)?,
                        r.try_get(2).map_err(pg)?,
                        r.try_get(3).map_err(pg)?,
                        games,
                    ),
                );
            }
            let before: Vec<_> = seats
                .iter()
                .map(|s| had.get(&s.device).copied().filter(|h| h.3 > 0))
                .collect();
            let after = updated(seats, &before);
            for r in &after {
                tx.execute(
                    "UPDATE ratings SET name=$3, rating=$4, deviation=$5, volatility=$6,
                         games=$7, updated=$8 WHERE game=$1 AND device=$2",
                    &[
                        &game,
                        &r.device,
                        &r.name,
                        &r.rating.rating,
                        &r.rating.deviation,
                        &r.rating.volatility,
                        &r.games,
                        &now,
                    ],
                )
                .await
                .map_err(pg)?;
            }
            tx.commit().await.map_err(pg)?;
            Ok(Ok(after))
        })
    }

    fn table(&self, game: &str) -> Result<Vec<(String, String, Stored)>, String> {
        let pg = |e| self.0.err(e);
        self.0.run(async {
            let c = self.0.client().await?;
            let rows = c
                .query(
                    &format!(
                        "SELECT device, name, rating, deviation, volatility, games
                         FROM ratings WHERE game=$1 AND games > 0 {ORDER}"
                    ),
                    &[&game],
                )
                .await
                .map_err(pg)?;
            rows.iter()
                .map(|r| {
                    Ok((
                        r.try_get(0).map_err(pg)?,
                        r.try_get(1).map_err(pg)?,
                        (
                            r.try_get(2).map_err(pg)?,
                            r.try_get(3).map_err(pg)?,
                            r.try_get(4).map_err(pg)?,
                            r.try_get(5).map_err(pg)?,
                        ),
                    ))
                })
                .collect()
        })
    }
}
