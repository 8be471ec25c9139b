//! The database of what outlives a room: today's challenge boards (`board`) and the players'
//! ratings (`ratings`). A server on its own keeps each in a SQLite file beside its rooms; servers
//! sharing one PostgreSQL database (`DATABASE_URL`) keep them there, in tables made by the rooms'
//! migrations (`pg::MIGRATIONS`), so every server shows the same ones.

use rusqlite::Connection;
use std::sync::{Arc, Mutex};

pub enum SharedDb {
    Sqlite(Arc<Mutex<Connection>>),
    Postgres(deadpool_postgres::Pool),
}

impl SharedDb {
    /// `DIR/FILE`, made with `schema` where it is new (`what` names it in errors).
    pub fn sqlite(dir: &std::path::Path, file: &str, schema: &str) -> Result<SharedDb, String> {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot make the data folder {}: {e}", dir.display()))?;
        let fail = |e: rusqlite::Error| format!("{file} failed: {e}");
        let conn = Connection::open(dir.join(file)).map_err(fail)?;
        conn.pragma_update(None, "journal_mode", "WAL")
            .map_err(fail)?;
        conn.pragma_update(None, "synchronous", "FULL")
            .map_err(fail)?;
        conn.execute_batch(schema).map_err(fail)?;
        Ok(SharedDb::Sqlite(Arc::new(Mutex::new(conn))))
    }

    /// Runs `f` on the SQLite connection from a blocking thread.
    pub async fn blocking<T: Send + 'static>(
        conn: &Arc<Mutex<Connection>>,
        what: &'static str,
        f: impl FnOnce(&mut Connection) -> Result<T, String> + Send + 'static,
    ) -> Result<T, String> {
        let conn = conn.clone();
        tokio::task::spawn_blocking(move || {
            let mut conn = conn.lock().map_err(|_| format!("{what} is unavailable"))?;
            f(&mut conn)
        })
        .await
        .map_err(|_| format!("{what} failed"))?
    }

    /// A connection of the pool.
    pub async fn client(
        pool: &deadpool_postgres::Pool,
        what: &str,
    ) -> Result<deadpool_postgres::Object, String> {
        pool.get()
            .await
            .map_err(|e| format!("{what} cannot reach its database: {e}"))
    }
}

/// A PostgreSQL error in words, naming what failed.
pub fn pg_error(what: &str, e: tokio_postgres::Error) -> String {
    match e.as_db_error() {
        Some(d) => format!("{what} (PostgreSQL) failed: {}", d.message()),
        None => format!("{what} (PostgreSQL) failed: {e}"),
    }
}
