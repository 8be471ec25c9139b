//! The shared store: rooms in a PostgreSQL database that several game servers use at once
//! (`DATABASE_URL=postgres://…` or `--database-url`). Through tokio-postgres and a
//! deadpool-postgres pool.
//!
//! - A move is one statement (one transaction, one round trip): it is inserted at its sequence
//!   number only when the move before it is stored, the primary key (room, seq) lets exactly one
//!   of two servers racing for the same place win, and the same statement sends a NOTIFY on
//!   [`CHANNEL`] that PostgreSQL delivers to the other servers once it is committed.
//! - A setup change (a join, the start) is stored only over the setup it was made from (two
//!   servers changing one room at once: the second is refused and reloads), with its NOTIFY.
//! - Each server LISTENs on one connection of its own (`listen`) and follows the rooms it holds:
//!   see `Hub::hear`.

use crate::store::{Notice, Store, StoredRoom};
use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod, Runtime};
use futures_util::StreamExt;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio_postgres::error::SqlState;
use tokio_postgres::{AsyncMessage, NoTls};

/// The channel every server LISTENs on (payloads: `Notice::to_payload`).
pub const CHANNEL: &str = "catapult_rooms";

/// Connections a server keeps to the database (moves of many rooms commit in parallel;
/// PostgreSQL writes concurrent commits to its log together).
const POOL: usize = 16;

/// The schema, in numbered steps; `schema_migrations` records those run.
const MIGRATIONS: &[(i64, &str)] = &[
    (
        1,
        "CREATE TABLE rooms (
         code TEXT PRIMARY KEY,
         meta TEXT NOT NULL,
         updated BIGINT NOT NULL
     );
     CREATE TABLE moves (
         code TEXT NOT NULL REFERENCES rooms(code) ON DELETE CASCADE,
         seq BIGINT NOT NULL,
         mv TEXT NOT NULL,
         PRIMARY KEY (code, seq)
     );
     CREATE INDEX rooms_updated ON rooms(updated);",
    ),
    // Steps 2 to 4 made the challenge boards' and the ratings' tables before each feature
    // owned its tables and migrations (`board::results`, `ratings::store`): nothing now, kept so
    // that a database made then is at this server's version.
    (2, "SELECT 1"),
    (3, "SELECT 1"),
    (4, "SELECT 1"),
];

/// One statement: the move at `seq` when move `seq - 1` is stored, the room touched, and the
/// notice sent on commit. No row back: the move before is missing (or the room is gone).
const APPEND: &str = "WITH ins AS (
        INSERT INTO moves (code, seq, mv)
        SELECT $1::text, $2::bigint, $3::text
        WHERE $2::bigint = 0
           OR EXISTS (SELECT 1 FROM moves WHERE code = $1::text AND seq = $2::bigint - 1)
        RETURNING seq
    ), up AS (
        UPDATE rooms SET updated = $4::bigint
        WHERE code = $1::text AND EXISTS (SELECT 1 FROM ins)
    )
    SELECT pg_notify('catapult_rooms', $5::text) FROM ins";

/// The room's setup replaced when it is still the one the change was made from.
const UPDATE_META: &str = "WITH up AS (
        UPDATE rooms SET meta = $3::text, updated = $4::bigint
        WHERE code = $1::text AND meta = $2::text
        RETURNING code
    )
    SELECT pg_notify('catapult_rooms', $5::text) FROM up";

pub struct Postgres {
    pool: Pool,
    config: tokio_postgres::Config,
    rt: tokio::runtime::Handle,
    /// This server's id in notices.
    pub server: String,
}

fn pg(e: tokio_postgres::Error) -> String {
    match e.as_db_error() {
        Some(d) => format!("the room store (PostgreSQL) failed: {}", d.message()),
        None => format!("the room store (PostgreSQL) failed: {e}"),
    }
}

fn pool_err(e: deadpool_postgres::PoolError) -> String {
    match e {
        deadpool_postgres::PoolError::Backend(e) => pg(e),
        e => format!("the room store (PostgreSQL) cannot be reached: {e}"),
    }
}

/// The address without its password, for the logs.
pub fn shown_url(config: &tokio_postgres::Config) -> String {
    let hosts: Vec<String> = config
        .get_hosts()
        .iter()
        .map(|h| match h {
            tokio_postgres::config::Host::Tcp(name) => name.clone(),
            tokio_postgres::config::Host::Unix(path) => path.display().to_string(),
        })
        .collect();
    let ports: Vec<String> = config.get_ports().iter().map(|p| p.to_string()).collect();
    format!(
        "{} port {} database {}",
        hosts.join(","),
        if ports.is_empty() {
            "5432".to_string()
        } else {
            ports.join(",")
        },
        config.get_dbname().unwrap_or("(the user's)")
    )
}

impl Postgres {
    /// Connects, and brings the schema up to date (one server at a time: an advisory lock).
    pub async fn open(url: &str, server: String) -> Result<Postgres, String> {
        let config: tokio_postgres::Config = url
            .parse()
            .map_err(|e| format!("the database address is not a PostgreSQL one: {e}"))?;
        let manager = Manager::from_config(
            config.clone(),
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(POOL)
            .runtime(Runtime::Tokio1)
            .create_timeout(Some(Duration::from_secs(10)))
            .wait_timeout(Some(Duration::from_secs(30)))
            .build()
            .map_err(|e| format!("cannot set up the database connections: {e}"))?;
        let mut client = pool
            .get()
            .await
            .map_err(|e| format!("at {}: {}", shown_url(&config), pool_err(e)))?;
        migrate(&mut client).await?;
        drop(client);
        Ok(Postgres {
            pool,
            config,
            rt: tokio::runtime::Handle::current(),
            server,
        })
    }

    /// The connections, for what else lives in the shared database (the challenge boards).
    pub fn pool(&self) -> Pool {
        self.pool.clone()
    }

    pub fn shown(&self) -> String {
        shown_url(&self.config)
    }

    /// Runs a database call to its end from a blocking thread (the trait's calls are blocking;
    /// the hub makes them off the async threads).
    fn run<T>(&self, f: impl std::future::Future<Output = Result<T, String>>) -> Result<T, String> {
        self.rt.block_on(f)
    }

    /// What the other servers tell, as they tell it; `Heard::Listening` each time the listening
    /// connection is (re)made, after which notices may have been missed (the hub then brings
    /// every room it holds up to the store). Reconnects by itself, every second, until the
    /// receiver is dropped.
    pub fn listen(&self) -> mpsc::UnboundedReceiver<Heard> {
        let (tx, rx) = mpsc::unbounded_channel();
        let (config, server) = (self.config.clone(), self.server.clone());
        tokio::spawn(async move {
            let mut said_lost = false;
            loop {
                let lost = listen_once(&config, &server, &tx).await;
                if tx.is_closed() {
                    break;
                }
                if !said_lost {
                    eprintln!("room store: not hearing the other servers ({lost}); retrying");
                    said_lost = true;
                }
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        });
        rx
    }
}

#[derive(Debug)]
pub enum Heard {
    Listening,
    Notice(Notice),
}

async fn listen_once(
    config: &tokio_postgres::Config,
    server: &str,
    tx: &mpsc::UnboundedSender<Heard>,
) -> String {
    let (client, mut connection) = match config.connect(NoTls).await {
        Ok(c) => c,
        Err(e) => return pg(e),
    };
    let (ntx, mut nrx) = mpsc::unbounded_channel::<String>();
    let driver = tokio::spawn(async move {
        let mut messages = futures_util::stream::poll_fn(move |cx| connection.poll_message(cx));
        while let Some(m) = messages.next().await {
            match m {
                Ok(AsyncMessage::Notification(n)) => {
                    if ntx.send(n.payload().to_string()).is_err() {
                        break;
                    }
                }
                Ok(_) => {}
                Err(_) => break,
            }
        }
    });
    if let Err(e) = client.batch_execute(&format!("LISTEN {CHANNEL}")).await {
        driver.abort();
        return pg(e);
    }
    if tx.send(Heard::Listening).is_err() {
        driver.abort();
        return "stopped".into();
    }
    while let Some(payload) = nrx.recv().await {
        let Some(notice) = Notice::parse(&payload) else {
            continue;
        };
        if notice.server() != server && tx.send(Heard::Notice(notice)).is_err() {
            break;
        }
    }
    driver.abort();
    drop(client);
    "the listening connection closed".into()
}

async fn migrate(client: &mut deadpool_postgres::Client) -> Result<i64, String> {
    crate::db::migrate_pg(client, "schema_migrations", "the room store", MIGRATIONS).await
}

impl Store for Postgres {
    fn create_room(&self, code: &str, meta: &str, now: u64) -> Result<(), String> {
        self.run(async {
            let c = self.pool.get().await.map_err(pool_err)?;
            let st = c
                .prepare_cached("INSERT INTO rooms (code, meta, updated) VALUES ($1, $2, $3)")
                .await
                .map_err(pg)?;
            c.execute(&st, &[&code, &meta, &(now as i64)])
                .await
                .map_err(pg)?;
            Ok(())
        })
    }

    fn update_meta(&self, code: &str, before: &str, meta: &str, now: u64) -> Result<(), String> {
        let notice = Notice::Setup {
            server: self.server.clone(),
            code: code.to_string(),
        }
        .to_payload();
        self.run(async {
            let c = self.pool.get().await.map_err(pool_err)?;
            let st = c.prepare_cached(UPDATE_META).await.map_err(pg)?;
            let rows = c
                .query(&st, &[&code, &before, &meta, &(now as i64), &notice])
                .await
                .map_err(pg)?;
            if rows.is_empty() {
                return Err(
                    "the room changed on another server meanwhile: it has been reloaded, try again"
                        .to_string(),
                );
            }
            Ok(())
        })
    }

    fn append_move(&self, code: &str, seq: u64, mv: &str, now: u64) -> Result<(), String> {
        let notice = Notice::Moved {
            server: self.server.clone(),
            code: code.to_string(),
            seq,
        }
        .to_payload();
        self.run(async {
            let c = self.pool.get().await.map_err(pool_err)?;
            let st = c.prepare_cached(APPEND).await.map_err(pg)?;
            let rows = c
                .query(&st, &[&code, &(seq as i64), &mv, &(now as i64), &notice])
                .await
                .map_err(|e| {
                    if e.code() == Some(&SqlState::UNIQUE_VIOLATION) {
                        format!(
                            "another move {seq} was played in this room first (through another \
                             server): reload the room"
                        )
                    } else {
                        pg(e)
                    }
                })?;
            if rows.is_empty() {
                return Err(format!(
                    "move {seq} of room {code} does not follow the moves stored"
                ));
            }
            Ok(())
        })
    }

    fn load(&self, code: &str) -> Result<Option<StoredRoom>, String> {
        self.run(async {
            let c = self.pool.get().await.map_err(pool_err)?;
            let st = c
                .prepare_cached("SELECT meta FROM rooms WHERE code = $1")
                .await
                .map_err(pg)?;
            let Some(row) = c.query_opt(&st, &[&code]).await.map_err(pg)? else {
                return Ok(None);
            };
            let meta: String = row.get(0);
            let st = c
                .prepare_cached("SELECT mv FROM moves WHERE code = $1 ORDER BY seq")
                .await
                .map_err(pg)?;
            let moves = c
                .query(&st, &[&code])
                .await
                .map_err(pg)?
                .iter()
                .map(|r| r.get::<_, String>(0))
                .collect();
            Ok(Some(StoredRoom {
                code: code.to_string(),
                meta,
                moves,
            }))
        })
    }

    fn moves_since(&self, code: &str, from: u64) -> Result<Vec<String>, String> {
        self.run(async {
            let c = self.pool.get().await.map_err(pool_err)?;
            let st = c
                .prepare_cached("SELECT mv FROM moves WHERE code = $1 AND seq >= $2 ORDER BY seq")
                .await
                .map_err(pg)?;
            Ok(c.query(&st, &[&code, &(from as i64)])
                .await
                .map_err(pg)?
                .iter()
                .map(|r| r.get::<_, String>(0))
                .collect())
        })
    }

    fn expire(&self, before: u64) -> Result<usize, String> {
        self.run(async {
            let c = self.pool.get().await.map_err(pool_err)?;
            let n = c
                .execute("DELETE FROM rooms WHERE updated < $1", &[&(before as i64)])
                .await
                .map_err(pg)?;
            Ok(n as usize)
        })
    }

    fn tell(&self, notice: &Notice) -> Result<(), String> {
        let payload = notice.to_payload();
        self.run(async {
            let c = self.pool.get().await.map_err(pool_err)?;
            c.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &payload])
                .await
                .map_err(pg)?;
            Ok(())
        })
    }

    fn shared(&self) -> bool {
        true
    }
}
