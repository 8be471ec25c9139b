//! Where a board's results are kept: the `ResultStore` trait, with `DIR/board.sqlite` for a
//! server on its own (`SqliteResults`) and the shared PostgreSQL database for servers sharing
//! one (`PgResults`), each with the board's own numbered migrations (`board_migrations`). The
//! board owns its table, `results`.
//!
//! A result is kept by one statement in both: insert the device's first result of the day, or
//! count the try and keep the better score, unless the device is out of tries (then no row comes
//! back). Two servers taking the same device's results at once cannot both pass the limit.

use super::{Entry, PER_DEVICE_DAY};
use crate::db::{self, Migrations, Pg};
use rusqlite::{params, Connection};
use std::sync::{Arc, Mutex};

const WHAT: &str = "the challenge board";

/// Where the migrations run are recorded, in the board's file or the shared database.
const MIGRATIONS_TABLE: &str = "board_migrations";

/// SQLite's steps. The first is the schema the board's file had before migrations were
/// recorded (`IF NOT EXISTS`: such a file is taken as it is).
const SQLITE: Migrations = &[(
    1,
    "CREATE TABLE IF NOT EXISTS results (
         game TEXT NOT NULL,
         day TEXT NOT NULL,
         device TEXT NOT NULL,
         name TEXT NOT NULL,
         score INTEGER NOT NULL,
         line TEXT NOT NULL,
         replay TEXT NOT NULL,
         at INTEGER NOT NULL,
         tries INTEGER NOT NULL,
         PRIMARY KEY (game, day, device)
     );
     CREATE INDEX IF NOT EXISTS results_rank ON results(game, day, score DESC, at);",
)];

/// PostgreSQL's steps. The first is what the rooms' migration 2 made before each feature owned
/// its tables (`IF NOT EXISTS`: a database made then is taken as it is).
const POSTGRES: Migrations = &[(
    1,
    "CREATE TABLE IF NOT EXISTS results (
         game TEXT NOT NULL,
         day TEXT NOT NULL,
         device TEXT NOT NULL,
         name TEXT NOT NULL,
         score BIGINT NOT NULL,
         line TEXT NOT NULL,
         replay TEXT NOT NULL,
         at BIGINT NOT NULL,
         tries BIGINT NOT NULL,
         PRIMARY KEY (game, day, device)
     );
     CREATE INDEX IF NOT EXISTS results_rank ON results(game, day, score DESC, at);",
)];

/// The better result replaces the kept one (a tie keeps the earlier); every try is counted.
/// Written for SQLite; `for_postgres` gives PostgreSQL's spelling of the same statement.
const KEEP: &str = "INSERT INTO results (game, day, device, name, score, line, replay, at, tries)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 1)
     ON CONFLICT (game, day, device) DO UPDATE SET
         tries = results.tries + 1,
         name = excluded.name,
         line = CASE WHEN excluded.score > results.score THEN excluded.line ELSE results.line END,
         replay = CASE WHEN excluded.score > results.score THEN excluded.replay ELSE results.replay END,
         at = CASE WHEN excluded.score > results.score THEN excluded.at ELSE results.at END,
         score = MAX(results.score, excluded.score)
     WHERE results.tries < ?9
     RETURNING tries";

const STANDINGS: &str = "SELECT device, name, score, line FROM results
     WHERE game=?1 AND day=?2 ORDER BY score DESC, at ASC, device ASC";

/// A statement written for SQLite as PostgreSQL spells it: `$N` parameters, `GREATEST`.
fn for_postgres(sql: &str) -> String {
    sql.replace('?', "$").replace("MAX(", "GREATEST(")
}

fn out_of_tries() -> String {
    format!(
        "this device has sent {PER_DEVICE_DAY} results for this day's challenge, the most allowed"
    )
}

/// The board's store (blocking calls: `Results` makes them off the async threads).
pub trait ResultStore: Send + Sync + 'static {
    /// Keeps a device's result if it is its best of the day; false when the device is out of
    /// tries.
    fn keep(&self, e: &Entry, replay: &str, now: i64) -> Result<bool, String>;
    /// The day's board, best first (ties: the earlier result first).
    fn standings(&self, game: &str, day: &str) -> Result<Vec<Entry>, String>;
}

pub struct SqliteResults(Mutex<Connection>);

fn sqlite_err(e: rusqlite::Error) -> String {
    format!("{WHAT} failed: {e}")
}

impl SqliteResults {
    /// `DIR/board.sqlite`, its table brought up to date.
    pub fn open(dir: &std::path::Path) -> Result<SqliteResults, String> {
        let mut conn = db::sqlite_file(dir, "board.sqlite")?;
        db::migrate_sqlite(&mut conn, MIGRATIONS_TABLE, WHAT, SQLITE)?;
        Ok(SqliteResults(Mutex::new(conn)))
    }
}

impl ResultStore for SqliteResults {
    fn keep(&self, e: &Entry, replay: &str, now: i64) -> Result<bool, String> {
        let db = sqlite_err;
        let conn = self
            .0
            .lock()
            .map_err(|_| format!("{WHAT} is unavailable"))?;
        let mut q = conn.prepare_cached(KEEP).map_err(db)?;
        let mut rows = q
            .query(params![
                e.game,
                e.day,
                e.device,
                e.name,
                e.score,
                e.line,
                replay,
                now,
                PER_DEVICE_DAY
            ])
            .map_err(db)?;
        Ok(rows.next().map_err(db)?.is_some())
    }

    fn standings(&self, game: &str, day: &str) -> Result<Vec<Entry>, String> {
        let db = sqlite_err;
        let conn = self
            .0
            .lock()
            .map_err(|_| format!("{WHAT} is unavailable"))?;
        let mut q = conn.prepare_cached(STANDINGS).map_err(db)?;
        let rows = q
            .query_map(params![game, day], |r| {
                Ok(Entry {
                    game: game.to_string(),
                    day: day.to_string(),
                    device: r.get(0)?,
                    name: r.get(1)?,
                    score: r.get(2)?,
                    line: r.get(3)?,
                })
            })
            .map_err(db)?;
        rows.collect::<Result<Vec<_>, _>>().map_err(db)
    }
}

pub struct PgResults(Pg);

impl PgResults {
    /// The board in the shared database, its table brought up to date.
    pub async fn open(pool: deadpool_postgres::Pool) -> Result<PgResults, String> {
        Ok(PgResults(
            Pg::open(pool, WHAT, MIGRATIONS_TABLE, POSTGRES).await?,
        ))
    }
}

impl ResultStore for PgResults {
    fn keep(&self, e: &Entry, replay: &str, now: i64) -> Result<bool, String> {
        let pg = |err| self.0.err(err);
        self.0.run(async {
            let c = self.0.client().await?;
            let rows = c
                .query(
                    &for_postgres(KEEP),
                    &[
                        &e.game,
                        &e.day,
                        &e.device,
                        &e.name,
                        &e.score,
                        &e.line,
                        &replay,
                        &now,
                        &PER_DEVICE_DAY,
                    ],
                )
                .await
                .map_err(pg)?;
            Ok(!rows.is_empty())
        })
    }

    fn standings(&self, game: &str, day: &str) -> Result<Vec<Entry>, String> {
        let pg = |err| self.0.err(err);
        self.0.run(async {
            let c = self.0.client().await?;
            let rows = c
                .query(&for_postgres(STANDINGS), &[&game, &day])
                .await
                .map_err(pg)?;
            rows.iter()
                .map(|r| {
                    Ok(Entry {
                        game: game.to_string(),
                        day: day.to_string(),
                        device: r.try_get(0).map_err(pg)?,
                        name: r.try_get(1).map_err(pg)?,
                        score: r.try_get(2).map_err(pg)?,
                        line: r.try_get(3).map_err(pg)?,
                    })
                })
                .collect()
        })
    }
}

/// The board's results behind their store (calls made off the async threads).
pub struct Results(Arc<dyn ResultStore>);

impl Results {
    /// The board of a server on its own: `DIR/board.sqlite`.
    pub fn sqlite(dir: &std::path::Path) -> Result<Results, String> {
        Ok(Results(Arc::new(SqliteResults::open(dir)?)))
    }

    /// The board in the shared PostgreSQL database.
    pub async fn postgres(pool: deadpool_postgres::Pool) -> Result<Results, String> {
        Ok(Results(Arc::new(PgResults::open(pool).await?)))
    }

    /// Keeps a device's result if it is its best of the day; refused past the device's tries.
    pub async fn keep(&self, e: &Entry, replay: String, now: i64) -> Result<(), String> {
        let (store, e) = (self.0.clone(), e.clone());
        let kept = tokio::task::spawn_blocking(move || store.keep(&e, &replay, now))
            .await
            .map_err(|_| format!("{WHAT} failed"))??;
        if kept {
            Ok(())
        } else {
            Err(out_of_tries())
        }
    }

    /// The day's board, best first (ties: the earlier result first).
    pub async fn standings(&self, game: &str, day: &str) -> Result<Vec<Entry>, String> {
        let (store, game, day) = (self.0.clone(), game.to_string(), day.to_string());
        tokio::task::spawn_blocking(move || store.standings(&game, &day))
            .await
            .map_err(|_| format!("{WHAT} failed"))?
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(device: &str, name: &str, score: i64, line: &str) -> Entry {
        Entry {
            game: "g".into(),
            day: "2026-12-05".into(),
            device: device.into(),
            name: name.into(),
            score,
            line: line.into(),
        }
    }

    #[test]
    fn postgres_spells_the_same_statements_its_own_way() {
        let keep = for_postgres(KEEP);
        assert!(keep.contains("VALUES ($1, $2") && keep.contains("tries < $9"));
        assert!(keep.contains("GREATEST(results.score") && !keep.contains('?'));
        assert!(for_postgres(STANDINGS).contains("game=$1 AND day=$2"));
    }

    #[tokio::test]
    async fn the_better_result_is_kept_every_try_counts_and_the_last_try_is_refused() {
        let dir = std::env::temp_dir().join(format!("ct-results-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let results = Results::sqlite(&dir).unwrap_or_else(|e| panic!("{e}"));
        let keep = |e: Entry, at: i64| {
            let results = &results;
            async move { results.keep(&e, "replay".into(), at).await }
        };
        assert!(keep(entry("ada", "Ada", 10, "ten"), 1).await.is_ok());
        assert!(keep(entry("ben", "Ben", 10, "ten too"), 2).await.is_ok());
        // Worse: counted, the name follows the device, the result stays.
        assert!(keep(entry("ada", "Ada L", 4, "four"), 3).await.is_ok());
        // A tie keeps the earlier result (and its place before Ben's).
        assert!(keep(entry("ada", "Ada L", 10, "tie"), 4).await.is_ok());
        let board = results
            .standings("g", "2026-12-05")
            .await
            .unwrap_or_default();
        let shown: Vec<_> = board
            .iter()
            .map(|e| (e.name.as_str(), e.score, e.line.as_str()))
            .collect();
        assert_eq!(shown, [("Ada L", 10, "ten"), ("Ben", 10, "ten too")]);
        // Better: replaces, and so goes on top.
        assert!(keep(entry("ben", "Ben", 12, "twelve"), 5).await.is_ok());
        let board = results
            .standings("g", "2026-12-05")
            .await
            .unwrap_or_default();
        assert_eq!((board[0].device.as_str(), board[0].score), ("ben", 12));
        // Ada has tried 3 times; up to the limit she may, then she is refused, board unchanged.
        for _ in 3..PER_DEVICE_DAY {
            assert!(keep(entry("ada", "Ada", 11, "eleven"), 6).await.is_ok());
        }
        let refused = keep(entry("ada", "Ada", 99, "late"), 7).await;
        assert!(refused.is_err_and(|e| e.contains("the most allowed")));
        let board = results
            .standings("g", "2026-12-05")
            .await
            .unwrap_or_default();
        assert_eq!((board[1].device.as_str(), board[1].score), ("ada", 11));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
