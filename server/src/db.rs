//! What every store shares. Each feature that keeps something (the rooms: `store`/`pg`; the
//! challenge boards: `board::results`; the ratings: `ratings::store`) has one trait of its own
//! with a SQLite and a PostgreSQL implementation, and its own numbered migrations on both,
//! recorded in a table of its own (the rooms' in `schema_migrations`, the boards' in
//! `board_migrations`, the ratings' in `ratings_migrations`): each feature owns its tables. A
//! server on its own keeps each feature in a SQLite file of its own in the data folder; servers
//! sharing one PostgreSQL database keep them all there.

use rusqlite::Connection;

/// A feature's migrations, in order: number, then the SQL bringing its tables from the step
/// before. A first step written with `IF NOT EXISTS` takes tables made before migrations were
/// recorded as they are.
pub type Migrations = &'static [(i64, &'static str)];

/// The time now in seconds since 1970.
fn now() -> i64 {
    crate::store::now() as i64
}

/// `DIR/FILE`, opened (or made) for one feature: WAL (readers never wait for the writer) and
/// FULL (a commit is on disk when it returns).
pub fn sqlite_file(dir: &std::path::Path, file: &str) -> Result<Connection, String> {
    std::fs::create_dir_all(dir)
        .map_err(|e| format!("cannot make the data folder {}: {e}", dir.display()))?;
    let fail = |e: rusqlite::Error| format!("{file} failed: {e}");
    let conn = Connection::open(dir.join(file)).map_err(fail)?;
    conn.pragma_update(None, "journal_mode", "WAL")
        .map_err(fail)?;
    conn.pragma_update(None, "synchronous", "FULL")
        .map_err(fail)?;
    Ok(conn)
}

/// Runs the migrations not yet recorded in `table`, each in a transaction with its record;
/// returns the version the tables are at. Tables from a newer server (a version this one does
/// not know) are refused, naming `what`.
pub fn migrate_sqlite(
    conn: &mut Connection,
    table: &str,
    what: &str,
    steps: Migrations,
) -> Result<i64, String> {
    let fail = |e: rusqlite::Error| format!("{what} failed: {e}");
    conn.execute_batch(&format!(
        "CREATE TABLE IF NOT EXISTS {table} (
             version INTEGER PRIMARY KEY,
             applied INTEGER NOT NULL
         );"
    ))
    .map_err(fail)?;
    let at: i64 = conn
        .query_row(
            &format!("SELECT COALESCE(MAX(version), 0) FROM {table}"),
            [],
            |r| r.get(0),
        )
        .map_err(fail)?;
    let newest = steps.last().map(|m| m.0).unwrap_or(0);
    if at > newest {
        return Err(too_new(what, at, newest));
    }
    for (version, sql) in steps.iter().filter(|m| m.0 > at) {
        let tx = conn.transaction().map_err(fail)?;
        tx.execute_batch(sql).map_err(fail)?;
        tx.execute(
            &format!("INSERT INTO {table} (version, applied) VALUES (?1, ?2)"),
            rusqlite::params![version, now()],
        )
        .map_err(fail)?;
        tx.commit().map_err(fail)?;
    }
    Ok(newest.max(at))
}

fn too_new(what: &str, at: i64, newest: i64) -> String {
    format!(
        "{what} is at schema version {at}, newer than this server's {newest}: run a newer server"
    )
}

/// PostgreSQL's migrations for one feature, as `migrate_sqlite` (servers starting together
/// take turns: an advisory lock).
pub async fn migrate_pg(
    client: &mut deadpool_postgres::Client,
    table: &str,
    what: &str,
    steps: Migrations,
) -> Result<i64, String> {
    let pg = |e| pg_error(what, e);
    let tx = client.transaction().await.map_err(pg)?;
    tx.execute("SELECT pg_advisory_xact_lock(7316001)", &[])
        .await
        .map_err(pg)?;
    tx.batch_execute(&format!(
        "CREATE TABLE IF NOT EXISTS {table} (
             version BIGINT PRIMARY KEY,
             applied BIGINT NOT NULL
         )"
    ))
    .await
    .map_err(pg)?;
    let at: i64 = tx
        .query_one(
            &format!("SELECT COALESCE(MAX(version), 0)::BIGINT FROM {table}"),
            &[],
        )
        .await
        .map_err(pg)?
        .get(0);
    let newest = steps.last().map(|m| m.0).unwrap_or(0);
    if at > newest {
        return Err(too_new(what, at, newest));
    }
    for (version, sql) in steps.iter().filter(|m| m.0 > at) {
        tx.batch_execute(sql).await.map_err(pg)?;
        tx.execute(
            &format!("INSERT INTO {table} (version, applied) VALUES ($1, $2)"),
            &[version, &now()],
        )
        .await
        .map_err(pg)?;
    }
    tx.commit().await.map_err(pg)?;
    Ok(newest.max(at))
}

/// A PostgreSQL error in words, naming what failed.
pub fn pg_error(what: &str, e: tokio_postgres::Error) -> String {
    match e.as_db_error() {
        Some(d) => format!("{what} (PostgreSQL) failed: {}", d.message()),
        None => format!("{what} (PostgreSQL) failed: {e}"),
    }
}

/// A feature's connections to the shared PostgreSQL database, used from blocking threads as
/// the stores' traits are (`run`).
pub struct Pg {
    pool: deadpool_postgres::Pool,
    rt: tokio::runtime::Handle,
    what: &'static str,
}

impl Pg {
    /// The pool's connections for `what`, its tables brought up to date by `steps` (recorded
    /// in `table`).
    pub async fn open(
        pool: deadpool_postgres::Pool,
        what: &'static str,
        table: &str,
        steps: Migrations,
    ) -> Result<Pg, String> {
        let mut client = pool
            .get()
            .await
            .map_err(|e| format!("{what} cannot reach its database: {e}"))?;
        migrate_pg(&mut client, table, what, steps).await?;
        Ok(Pg {
            pool,
            rt: tokio::runtime::Handle::current(),
            what,
        })
    }

    /// Runs a database call to its end from a blocking thread.
    pub fn run<T>(
        &self,
        f: impl std::future::Future<Output = Result<T, String>>,
    ) -> Result<T, String> {
        self.rt.block_on(f)
    }

    /// A connection of the pool.
    pub async fn client(&self) -> Result<deadpool_postgres::Object, String> {
        self.pool
            .get()
            .await
            .map_err(|e| format!("{} cannot reach its database: {e}", self.what))
    }

    /// An error of this feature's database in words.
    pub fn err(&self, e: tokio_postgres::Error) -> String {
        pg_error(self.what, e)
    }
}

#[cfg(test)]
mod tests {
    /// Files made by the build before each feature recorded its migrations (the schemas
    /// exactly as it made them, with a row each) keep working: read, written on, and each
    /// feature's migrations recorded.
    #[tokio::test]
    async fn files_from_before_each_feature_owned_its_migrations_keep_working() {
        use crate::board::{results::Results, Entry};
        use crate::ratings::{Placed, Ratings};
        let dir = std::env::temp_dir().join(format!("ct-db-before-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
        let old = |file: &str, sql: &str| {
            let conn = rusqlite::Connection::open(dir.join(file)).unwrap_or_else(|e| panic!("{e}"));
            conn.execute_batch(sql).unwrap_or_else(|e| panic!("{e}"));
        };
        old(
            "ratings.sqlite",
            "CREATE TABLE IF NOT EXISTS ratings (game TEXT NOT NULL, device TEXT NOT NULL,
                 name TEXT NOT NULL, rating REAL NOT NULL, deviation REAL NOT NULL,
                 volatility REAL NOT NULL, games INTEGER NOT NULL, updated INTEGER NOT NULL,
                 PRIMARY KEY (game, device));
             CREATE INDEX IF NOT EXISTS ratings_rank ON ratings(game, rating DESC);
             CREATE TABLE IF NOT EXISTS rated_rooms (code TEXT PRIMARY KEY, game TEXT NOT NULL,
                 at INTEGER NOT NULL);
             INSERT INTO ratings VALUES ('feud', 'device-old', 'Old', 1600.0, 200.0, 0.06, 2, 1);
             INSERT INTO rated_rooms VALUES ('OLDRATED', 'feud', 1);",
        );
        old(
            "board.sqlite",
            "CREATE TABLE IF NOT EXISTS results (game TEXT NOT NULL, day TEXT NOT NULL,
                 device TEXT NOT NULL, name TEXT NOT NULL, score INTEGER NOT NULL,
                 line TEXT NOT NULL, replay TEXT NOT NULL, at INTEGER NOT NULL,
                 tries INTEGER NOT NULL, PRIMARY KEY (game, day, device));
             CREATE INDEX IF NOT EXISTS results_rank ON results(game, day, score DESC, at);
             INSERT INTO results VALUES ('feud', '2026-12-01', 'device-old', 'Old', 9, 'nine',
                 'replay', 1, 1);",
        );
        let ratings = Ratings::sqlite(&dir).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            ratings.rating_of("feud", "device-old").await,
            Ok(Some(1600.0))
        );
        let seat = |device: &str, place| Placed {
            device: device.into(),
            name: device.into(),
            place,
        };
        let seats = [seat("device-old", 0), seat("device-new", 1)];
        let again = ratings.record("OLDRATED", "feud", &seats, 2).await;
        assert!(matches!(again, Ok(Err(_))), "counted once: {again:?}");
        let new = ratings.record("NEWROOM", "feud", &seats, 2).await;
        assert!(matches!(new, Ok(Ok(_))), "{new:?}");
        let table = ratings.table("feud").await.unwrap_or_default();
        assert_eq!(table.iter().map(|r| r.games).sum::<i64>(), 4, "{table:?}");
        let board = Results::sqlite(&dir).unwrap_or_else(|e| panic!("{e}"));
        let day = board
            .standings("feud", "2026-12-01")
            .await
            .unwrap_or_default();
        assert_eq!((day.len(), day[0].score), (1, 9));
        let better = Entry {
            game: "feud".into(),
            day: "2026-12-01".into(),
            device: "device-old".into(),
            name: "Old".into(),
            score: 12,
            line: "twelve".into(),
        };
        assert!(board.keep(&better, "replay".into(), 3).await.is_ok());
        let day = board
            .standings("feud", "2026-12-01")
            .await
            .unwrap_or_default();
        assert_eq!((day.len(), day[0].score), (1, 12));
        for (file, table) in [
            ("ratings.sqlite", "ratings_migrations"),
            ("board.sqlite", "board_migrations"),
        ] {
            let conn = rusqlite::Connection::open(dir.join(file)).unwrap_or_else(|e| panic!("{e}"));
            let v: i64 = conn
                .query_row(&format!("SELECT MAX(version) FROM {table}"), [], |r| {
                    r.get(0)
                })
                .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(v, 1, "{file}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
