//! Where rooms are kept: one small trait (a database server shared by several servers can
//! implement it later) and the embedded default, one SQLite file in WAL mode. A call returns only
//! once its transaction is committed: the server acknowledges a move after `append_move`.

use rusqlite::{params, Connection, OptionalExtension};
use std::path::Path;
use std::sync::{mpsc, Arc, Mutex};

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

/// Moves waiting for the writer: each is answered once the transaction holding it is committed.
struct Append {
    code: String,
    seq: u64,
    mv: String,
    now: u64,
    done: mpsc::Sender<Result<(), String>>,
}

/// Most moves one transaction commits together.
const BATCH: usize = 1024;

pub struct Sqlite {
    conn: Arc<Mutex<Connection>>,
    /// The writer thread: moves of every room that arrive while one commit is on its way to the
    /// disk go together in the next (one fsync for all: a commit costs milliseconds on a disk).
    writer: Mutex<mpsc::Sender<Append>>,
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
        let conn = Arc::new(Mutex::new(conn));
        let (tx, rx) = mpsc::channel::<Append>();
        let shared = conn.clone();
        std::thread::Builder::new()
            .name("room-store-writer".into())
            .spawn(move || write_batches(&shared, &rx))
            .map_err(|e| format!("cannot start the store's writer: {e}"))?;
        Ok(Sqlite {
            conn,
            writer: Mutex::new(tx),
        })
    }

    fn with<T>(&self, f: impl FnOnce(&mut Connection) -> rusqlite::Result<T>) -> Result<T, String> {
        let mut conn = self.conn.lock().map_err(|_| unusable())?;
        f(&mut conn).map_err(db)
    }
}

fn unusable() -> String {
    "the room store is unusable after an earlier failure".to_string()
}

/// The writer thread: takes every move waiting, stores them in one transaction (each in a
/// savepoint of its own, so a refused one leaves the others), commits, then answers each.
fn write_batches(conn: &Mutex<Connection>, rx: &mpsc::Receiver<Append>) {
    while let Ok(first) = rx.recv() {
        let mut batch = vec![first];
        while batch.len() < BATCH {
            match rx.try_recv() {
                Ok(more) => batch.push(more),
                Err(_) => break,
            }
        }
        let results = match conn.lock() {
            Ok(mut c) => store_batch(&mut c, &batch),
            Err(_) => batch.iter().map(|_| Err(unusable())).collect(),
        };
        for (a, r) in batch.into_iter().zip(results) {
            let _ = a.done.send(r);
        }
    }
}

fn store_batch(c: &mut Connection, batch: &[Append]) -> Vec<Result<(), String>> {
    let mut tx = match c.transaction() {
        Ok(tx) => tx,
        Err(e) => {
            let why = db(e);
            return batch.iter().map(|_| Err(why.clone())).collect();
        }
    };
    let mut results = Vec::with_capacity(batch.len());
    for a in batch {
        results.push(store_one(&mut tx, a).map_err(db));
    }
    if let Err(e) = tx.commit() {
        let why = db(e);
        return batch.iter().map(|_| Err(why.clone())).collect();
    }
    results
}

fn store_one(tx: &mut rusqlite::Transaction, a: &Append) -> rusqlite::Result<()> {
    let sp = tx.savepoint()?;
    let next: i64 = sp.query_row(
        "SELECT COUNT(*) FROM moves WHERE code = ?1",
        params![a.code],
        |r| r.get(0),
    )?;
    if next != a.seq as i64 {
        // Rolled back on drop.
        return Err(rusqlite::Error::InvalidParameterName(format!(
            "move {} of room {} does not follow the {next} stored",
            a.seq, a.code
        )));
    }
    sp.execute(
        "INSERT INTO moves (code, seq, mv) VALUES (?1, ?2, ?3)",
        params![a.code, a.seq as i64, a.mv],
    )?;
    sp.execute(
        "UPDATE rooms SET updated = ?2 WHERE code = ?1",
        params![a.code, a.now as i64],
    )?;
    sp.commit()
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
        let (done, answer) = mpsc::channel();
        let append = Append {
            code: code.to_string(),
            seq,
            mv: mv.to_string(),
            now,
            done,
        };
        self.writer
            .lock()
            .map_err(|_| unusable())?
            .send(append)
            .map_err(|_| unusable())?;
        answer.recv().map_err(|_| unusable())?
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
