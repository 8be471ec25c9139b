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
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
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
