//! Where rooms are kept: one small trait and two stores behind it. The embedded default is one
//! SQLite file in WAL mode (one server); `DATABASE_URL=postgres://…` puts rooms in a PostgreSQL
//! database that several servers share (`crate::pg`). A call returns only once its transaction is
//! committed: the server acknowledges a move after `append_move`. Both stores bring their schema
//! up to date at start from one list of numbered migrations each, recorded in a
//! `schema_migrations` table.

use rusqlite::{params, Connection, OptionalExtension};
use std::path::Path;
use std::sync::{mpsc, Arc, Mutex};
use std::time::{SystemTime, UNIX_EPOCH};

/// Seconds since 1970.
pub fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

/// A room as stored: its setup (`Room::meta_json`) and its moves in order (replay JSON).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredRoom {
    pub code: String,
    pub meta: String,
    pub moves: Vec<String>,
}

/// What one server tells the others sharing its store (PostgreSQL's NOTIFY). `server` is the
/// teller's id: a server ignores its own notices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// Move `seq` of a room was stored.
    Moved {
        server: String,
        code: String,
        seq: u64,
    },
    /// A room's setup changed (a player joined, the game started).
    Setup { server: String, code: String },
    /// `server` holds `count` connections for `player` of a room.
    Online {
        server: String,
        code: String,
        player: usize,
        count: usize,
    },
    /// `server` has just loaded a room: the others holding it tell who is connected to them.
    Ask { server: String, code: String },
    /// `server` is up (sent every few seconds; a server not heard for a while is taken for gone
    /// and its players for offline).
    Alive { server: String },
}

impl Notice {
    pub fn server(&self) -> &str {
        match self {
            Notice::Moved { server, .. }
            | Notice::Setup { server, .. }
            | Notice::Online { server, .. }
            | Notice::Ask { server, .. }
            | Notice::Alive { server } => server,
        }
    }

    /// The NOTIFY payload: words separated by spaces (ids and room codes have none).
    pub fn to_payload(&self) -> String {
        match self {
            Notice::Moved { server, code, seq } => format!("m {server} {code} {seq}"),
            Notice::Setup { server, code } => format!("s {server} {code}"),
            Notice::Online {
                server,
                code,
                player,
                count,
            } => format!("o {server} {code} {player} {count}"),
            Notice::Ask { server, code } => format!("q {server} {code}"),
            Notice::Alive { server } => format!("h {server}"),
        }
    }

    pub fn parse(payload: &str) -> Option<Notice> {
        let w: Vec<&str> = payload.split(' ').collect();
        let n = |i: usize| w.get(i).and_then(|v| v.parse::<u64>().ok());
        let s = |i: usize| w.get(i).map(|v| v.to_string());
        Some(match (w.first().copied()?, w.len()) {
            ("m", 4) => Notice::Moved {
                server: s(1)?,
                code: s(2)?,
                seq: n(3)?,
            },
            ("s", 3) => Notice::Setup {
                server: s(1)?,
                code: s(2)?,
            },
            ("o", 5) => Notice::Online {
                server: s(1)?,
                code: s(2)?,
                player: n(3)? as usize,
                count: n(4)? as usize,
            },
            ("q", 3) => Notice::Ask {
                server: s(1)?,
                code: s(2)?,
            },
            ("h", 2) => Notice::Alive { server: s(1)? },
            _ => return None,
        })
    }
}

/// The rooms' store. Every call is blocking (the server calls it off the async threads).
pub trait Store: Send + Sync + 'static {
    fn create_room(&self, code: &str, meta: &str, now: u64) -> Result<(), String>;
    /// Replaces a room's setup with `meta` when it is still `before` (the setup the change was
    /// made from); refused otherwise (another server sharing the store changed it meanwhile).
    fn update_meta(&self, code: &str, before: &str, meta: &str, now: u64) -> Result<(), String>;
    /// Stores move `seq` of a room; refused when that place is already taken (another server
    /// sharing the store came first) or the move before it is missing.
    fn append_move(&self, code: &str, seq: u64, mv: &str, now: u64) -> Result<(), String>;
    fn load(&self, code: &str) -> Result<Option<StoredRoom>, String>;
    /// The moves of a room from move `from` on, in order.
    fn moves_since(&self, code: &str, from: u64) -> Result<Vec<String>, String> {
        Ok(self
            .load(code)?
            .map(|r| r.moves.into_iter().skip(from as usize).collect())
            .unwrap_or_default())
    }
    /// Forgets rooms untouched since `before` (seconds since 1970); returns how many.
    fn expire(&self, before: u64) -> Result<usize, String>;
    /// Tells the other servers sharing this store (nobody, for a store of one server).
    fn tell(&self, _notice: &Notice) -> Result<(), String> {
        Ok(())
    }
    /// Whether other servers may share this store (and so rooms held here can change under it).
    fn shared(&self) -> bool {
        false
    }
}

/// The SQLite store's migrations, in order: number, then the SQL bringing the schema from the
/// one before. The first is what the rooms issue's store made (`IF NOT EXISTS`: a data folder
/// made before migrations were recorded takes it as it is).
const SQLITE_MIGRATIONS: crate::db::Migrations = &[(
    1,
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
)];

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
    /// Loads read through a connection of their own: in WAL mode they never wait for a commit
    /// (nor a commit for them).
    reader: Mutex<Connection>,
    /// Cleared when the store is dropped: the checkpointer then stops.
    open: Arc<std::sync::atomic::AtomicBool>,
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
        let mut conn = Connection::open(dir.join("rooms.sqlite")).map_err(db)?;
        // WAL: readers never wait for the writer; FULL: a commit is on disk when it returns.
        conn.pragma_update(None, "journal_mode", "WAL")
            .map_err(db)?;
        conn.pragma_update(None, "synchronous", "FULL")
            .map_err(db)?;
        conn.pragma_update(None, "foreign_keys", "ON").map_err(db)?;
        crate::db::migrate_sqlite(
            &mut conn,
            "schema_migrations",
            "the room store",
            SQLITE_MIGRATIONS,
        )?;
        // The log is copied into the database file by a thread of its own (below), not by the
        // commit that happens to fill it: a move never waits for a checkpoint.
        conn.pragma_update(None, "wal_autocheckpoint", 0)
            .map_err(db)?;
        let path = dir.join("rooms.sqlite");
        let reader = Connection::open(&path).map_err(db)?;
        reader
            .busy_timeout(std::time::Duration::from_secs(10))
            .map_err(db)?;
        let checkpointer = Connection::open(&path).map_err(db)?;
        checkpointer
            .pragma_update(None, "synchronous", "FULL")
            .map_err(db)?;
        let open = Arc::new(std::sync::atomic::AtomicBool::new(true));
        let still = open.clone();
        std::thread::Builder::new()
            .name("room-store-checkpoint".into())
            .spawn(move || checkpoints(&checkpointer, &still))
            .map_err(|e| format!("cannot start the store's checkpointer: {e}"))?;
        let conn = Arc::new(Mutex::new(conn));
        let (tx, rx) = mpsc::channel::<Append>();
        let shared = conn.clone();
        std::thread::Builder::new()
            .name("room-store-writer".into())
            .spawn(move || write_batches(&shared, &rx))
            .map_err(|e| format!("cannot start the store's writer: {e}"))?;
        Ok(Sqlite {
            conn,
            reader: Mutex::new(reader),
            open,
            writer: Mutex::new(tx),
        })
    }

    fn with<T>(&self, f: impl FnOnce(&mut Connection) -> rusqlite::Result<T>) -> Result<T, String> {
        let mut conn = self.conn.lock().map_err(|_| unusable())?;
        f(&mut conn).map_err(db)
    }

    fn read<T>(&self, f: impl FnOnce(&Connection) -> rusqlite::Result<T>) -> Result<T, String> {
        let conn = self.reader.lock().map_err(|_| unusable())?;
        f(&conn).map_err(db)
    }
}

/// Copies the write-ahead log into the database file every half second (PASSIVE: never waits
/// for, nor blocks, the writer; pages a reader still needs wait for the next round). Ends when
/// the store is dropped.
fn checkpoints(conn: &Connection, open: &std::sync::atomic::AtomicBool) {
    loop {
        std::thread::sleep(std::time::Duration::from_millis(500));
        if !open.load(std::sync::atomic::Ordering::Relaxed) {
            return;
        }
        if let Err(e) = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(())) {
            if !matches!(
                e.sqlite_error_code(),
                Some(rusqlite::ErrorCode::DatabaseBusy)
            ) {
                eprintln!("room store checkpoint: {e}");
                return;
            }
        }
    }
}

impl Drop for Sqlite {
    fn drop(&mut self) {
        self.open.store(false, std::sync::atomic::Ordering::Relaxed);
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

    fn update_meta(&self, code: &str, before: &str, meta: &str, now: u64) -> Result<(), String> {
        let n = self.with(|c| {
            c.execute(
                "UPDATE rooms SET meta = ?3, updated = ?4 WHERE code = ?1 AND meta = ?2",
                params![code, before, meta, now as i64],
            )
        })?;
        if n != 1 {
            return Err(format!(
                "room {code} is not in the store, or its setup changed meanwhile"
            ));
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
        self.read(|c| {
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

    fn moves_since(&self, code: &str, from: u64) -> Result<Vec<String>, String> {
        self.read(|c| {
            let mut q =
                c.prepare("SELECT mv FROM moves WHERE code = ?1 AND seq >= ?2 ORDER BY seq")?;
            let moves = q
                .query_map(params![code, from as i64], |r| r.get::<_, String>(0))?
                .collect::<rusqlite::Result<Vec<String>>>()?;
            Ok(moves)
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
        s.update_meta("r1", "{}", "{\"x\":1}", 13)
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(
            s.update_meta("r1", "{}", "{\"x\":2}", 13).is_err(),
            "a change made from a setup that is no longer the room's"
        );
        assert!(s.update_meta("nope", "{}", "{}", 13).is_err());
        assert_eq!(s.moves_since("r1", 1), Ok(vec!["b".to_string()]));
        drop(s);
        let s = Sqlite::open(&dir).unwrap_or_else(|e| panic!("{e}"));
        let versions: i64 = s
            .with(|c| c.query_row("SELECT COUNT(*) FROM schema_migrations", [], |r| r.get(0)))
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(versions, 1, "a migration runs once, and is recorded");
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

    #[test]
    fn notices_read_back_as_written_and_anything_else_is_ignored() {
        let all = [
            Notice::Moved {
                server: "a1".into(),
                code: "ROOM".into(),
                seq: 7,
            },
            Notice::Setup {
                server: "a1".into(),
                code: "ROOM".into(),
            },
            Notice::Online {
                server: "b2".into(),
                code: "ROOM".into(),
                player: 1,
                count: 2,
            },
            Notice::Ask {
                server: "b2".into(),
                code: "ROOM".into(),
            },
            Notice::Alive {
                server: "b2".into(),
            },
        ];
        for n in all {
            assert_eq!(Notice::parse(&n.to_payload()), Some(n));
        }
        for bad in ["", "m", "m a ROOM", "m a ROOM x", "z a", "h a b", "o a R 1"] {
            assert_eq!(Notice::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn a_store_from_before_migrations_were_recorded_takes_the_first_as_done() {
        let dir = std::env::temp_dir().join(format!("ct-store-old-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
        {
            let c = Connection::open(dir.join("rooms.sqlite")).unwrap_or_else(|e| panic!("{e}"));
            c.execute_batch(
                "CREATE TABLE rooms (code TEXT PRIMARY KEY, meta TEXT NOT NULL, updated INTEGER NOT NULL);
                 CREATE TABLE moves (code TEXT NOT NULL REFERENCES rooms(code) ON DELETE CASCADE,
                     seq INTEGER NOT NULL, mv TEXT NOT NULL, PRIMARY KEY (code, seq));
                 INSERT INTO rooms VALUES ('old', '{}', 1);
                 INSERT INTO moves VALUES ('old', 0, 'a');",
            )
            .unwrap_or_else(|e| panic!("{e}"));
        }
        let s = Sqlite::open(&dir).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            s.load("old").ok().flatten().map(|r| r.moves),
            Some(vec!["a".to_string()])
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
