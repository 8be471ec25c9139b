//! Where rooms are kept: one small trait (a database server shared by several servers can
//! implement it later) and the embedded default, one SQLite file in WAL mode. A call returns only
//! once its transaction is committed: the server acknowledges a move after `append_move`.

use rusqlite::{params, Connection, OptionalExtension};
use std::path::Path;
use std::sync::Mutex;

/// A room as stored: its setup (`Room::meta_json`) and its moves in order (replay JSON).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredRoom {
    pub code: String,
    pub meta: String,
    pub moves: Vec<String>,
}

/// The rooms' store. Every call is blocking (the server calls it off the async threads).
pub trait Store: Send + Sync + 'static {
    fn create_room(&self, code: &str, meta: &str, now: u64) -> Result<(), String>;
    fn update_meta(&self, code: &str, meta: &str, now: u64) -> Result<(), String>;
    /// Stores move `seq` of a room; refused when that place is already taken.
    fn append_move(&self, code: &str, seq: u64, mv: &str, now: u64) -> Result<(), String>;
    fn load(&self, code: &str) -> Result<Option<StoredRoom>, String>;
    /// Forgets rooms untouched since `before` (seconds since 1970); returns how many.
    fn expire(&self, before: u64) -> Result<usize, String>;
}

pub struct Sqlite {
    conn: Mutex<Connection>,
}

fn db(e: rusqlite::Error) -> String {
    format!("the room store failed: {e}")
}

impl Sqlite {
    /// Opens (or makes) `rooms.sqlite` in `dir`.
    pub fn open(dir: &Path) -> Result<Sqlite, String> {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot make the data folder {}: {e}", dir.display()))?;
        let conn = Connection::open(dir.join("rooms.sqlite")).map_err(db)?;
        // WAL: readers never wait for the writer; FULL: a commit is on disk when it returns.
        conn.pragma_update(None, "journal_mode", "WAL")
            .map_err(db)?;
        conn.pragma_update(None, "synchronous", "FULL")
            .map_err(db)?;
        conn.pragma_update(None, "foreign_keys", "ON").map_err(db)?;
        conn.execute_batch(
            "CREATE TABLE IF NOT EXISTS rooms (
                 code TEXT PRIMARY KEY,
                 meta TEXT NOT NULL,
                 updated INTEGER NOT NULL
             );
             CREATE TABLE IF NOT EXISTS moves (
                 code TEXT NOT NULL REFERENCES rooms(code) ON DELETE CASCADE,
                 seq INTEGER NOT NULL,
                 mv TEXT NOT NULL,
                 PRIMARY KEY (code, seq)
             );
             CREATE INDEX IF NOT EXISTS rooms_updated ON rooms(updated);",
        )
        .map_err(db)?;
        Ok(Sqlite {
            conn: Mutex::new(conn),
        })
    }

    fn with<T>(&self, f: impl FnOnce(&mut Connection) -> rusqlite::Result<T>) -> Result<T, String> {
        let mut conn = self
            .conn
            .lock()
            .map_err(|_| "the room store is unusable after an earlier failure".to_string())?;
        f(&mut conn).map_err(db)
    }
}

impl Store for Sqlite {
    fn create_room(&self, code: &str, meta: &str, now: u64) -> Result<(), String> {
        self.with(|c| {
            c.execute(
                "INSERT INTO rooms (code, meta, updated) VALUES (?1, ?2, ?3)",
                params![code, meta, now as i64],
            )
            .map(|_| ())
        })
    }

    fn update_meta(&self, code: &str, meta: &str, now: u64) -> Result<(), String> {
        let n = self.with(|c| {
            c.execute(
                "UPDATE rooms SET meta = ?2, updated = ?3 WHERE code = ?1",
                params![code, meta, now as i64],
            )
        })?;
        if n != 1 {
            return Err(format!("room {code} is not in the store"));
        }
        Ok(())
    }

    fn append_move(&self, code: &str, seq: u64, mv: &str, now: u64) -> Result<(), String> {
        self.with(|c| {
            let tx = c.transaction()?;
            let next: i64 = tx.query_row(
                "SELECT COUNT(*) FROM moves WHERE code = ?1",
                params![code],
                |r| r.get(0),
            )?;
            if next != seq as i64 {
                // Rolled back on drop.
                return Err(rusqlite::Error::InvalidParameterName(format!(
                    "move {seq} of room {code} does not follow the {next} stored"
                )));
            }
            tx.execute(
                "INSERT INTO moves (code, seq, mv) VALUES (?1, ?2, ?3)",
                params![code, seq as i64, mv],
            )?;
            tx.execute(
                "UPDATE rooms SET updated = ?2 WHERE code = ?1",
                params![code, now as i64],
            )?;
            tx.commit()
        })
    }

    fn load(&self, code: &str) -> Result<Option<StoredRoom>, String> {
        self.with(|c| {
            let meta: Option<String> = c
                .query_row(
                    "SELECT meta FROM rooms WHERE code = ?1",
                    params![code],
                    |r| r.get(0),
                )
                .optional()?;
            let Some(meta) = meta else {
                return Ok(None);
            };
            let mut q = c.prepare("SELECT mv FROM moves WHERE code = ?1 ORDER BY seq")?;
            let moves = q
                .query_map(params![code], |r| r.get::<_, String>(0))?
                .collect::<rusqlite::Result<Vec<String>>>()?;
            Ok(Some(StoredRoom {
                code: code.to_string(),
                meta,
                moves,
            }))
        })
    }

    fn expire(&self, before: u64) -> Result<usize, String> {
        self.with(|c| {
            c.execute(
                "DELETE FROM rooms WHERE updated < ?1",
                params![before as i64],
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_kept_in_order_and_a_gap_or_a_repeat_is_refused() {
        let dir = std::env::temp_dir().join(format!("ct-store-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let s = Sqlite::open(&dir).unwrap_or_else(|e| panic!("{e}"));
        s.create_room("r1", "{}", 10)
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(s.create_room("r1", "{}", 10).is_err(), "a code is unique");
        s.append_move("r1", 0, "a", 11)
            .unwrap_or_else(|e| panic!("{e}"));
        s.append_move("r1", 1, "b", 12)
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(s.append_move("r1", 1, "c", 12).is_err(), "a repeat");
        assert!(s.append_move("r1", 3, "c", 12).is_err(), "a gap");
        s.update_meta("r1", "{\"x\":1}", 13)
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(s.update_meta("nope", "{}", 13).is_err());
        drop(s);
        let s = Sqlite::open(&dir).unwrap_or_else(|e| panic!("{e}"));
        let r = s.load("r1").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            r,
            Some(StoredRoom {
                code: "r1".into(),
                meta: "{\"x\":1}".into(),
                moves: vec!["a".into(), "b".into()],
            })
        );
        assert_eq!(s.load("r2"), Ok(None));
        assert_eq!(s.expire(13), Ok(0));
        assert_eq!(s.expire(14), Ok(1));
        assert_eq!(s.load("r1"), Ok(None));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
