//! The hub: the map of the rooms held here (`room::Rooms`, each room's inbox by its code) and
//! the quick-match queue (`queue`). It runs no room's transaction: a room's owner does
//! (`room`). It also passes on what the other servers sharing a store tell (`hear`), says this
//! server is alive (`keep_alive`), and counts what each address makes.

use crate::pg::Heard;
use crate::ratings::Ratings;
use crate::room::{Rooms, Swept};
use crate::store::{now, Notice, Store};
use engine::online::protocol::code_from;
use engine::online::room::Room;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub use crate::limits::Limits;
pub use crate::room::{blocking, new_token, News as QueueNews, PEER_SILENCE};
pub use queue::QuickAsk;

pub struct Hub {
    /// The rooms held here, and what they share (the store, the limits, the ratings).
    pub rooms: Arc<Rooms>,
    pub limits: Limits,
    /// Rooms made per address in the last hour.
    made_by: Mutex<HashMap<IpAddr, Vec<Instant>>>,
    /// The quick-match queue (`queue`).
    queue: Mutex<queue::Queue>,
    /// Quick-match requests per address in the last hour.
    quick_by: Mutex<HashMap<IpAddr, Vec<Instant>>>,
    /// Connections numbered as they come (the queue knows them by it).
    next_conn: AtomicU64,
}

/// A server's id in the notices of a shared store (random: a restarted server is a new one).
pub fn server_id() -> Result<String, String> {
    Ok(code_from(&crate::room::random_bytes::<8>()?, 10))
}

/// Counts one more request from `ip` in `by`, refusing (in the words `refusal` gives for the
/// count) when `most` were made in the last hour: the rooms made, the quick matches asked for.
fn count_hourly(
    by: &Mutex<HashMap<IpAddr, Vec<Instant>>>,
    ip: IpAddr,
    most: usize,
    refusal: impl FnOnce(usize) -> String,
) -> Result<(), String> {
    hourly(by, ip, most, true, refusal)
}

/// Refuses as `count_hourly` does; counts one more only when `count` (otherwise only looks).
fn hourly(
    by: &Mutex<HashMap<IpAddr, Vec<Instant>>>,
    ip: IpAddr,
    most: usize,
    count: bool,
    refusal: impl FnOnce(usize) -> String,
) -> Result<(), String> {
    let mut by = by.lock().map_err(|_| "the server is unwell".to_string())?;
    let list = by.entry(ip).or_default();
    list.retain(|t| t.elapsed() < Duration::from_secs(3600));
    if list.len() >= most {
        return Err(refusal(list.len()));
    }
    if count {
        list.push(Instant::now());
    }
    Ok(())
}

/// Why an address may make no more rooms this hour (friends' rooms and quick rooms alike).
fn rooms_refusal(n: usize) -> String {
    format!(
        "this address has made {n} rooms in the last hour (quick-match rooms count too), the \
         most allowed: try again later"
    )
}

impl Hub {
    pub fn new(store: Arc<dyn Store>, limits: Limits, server: String) -> Hub {
        Hub {
            rooms: Arc::new(Rooms::new(store, limits.clone(), server)),
            limits,
            made_by: Mutex::new(HashMap::new()),
            queue: Mutex::new(queue::Queue::default()),
            quick_by: Mutex::new(HashMap::new()),
            next_conn: AtomicU64::new(0),
        }
    }

    /// Rated rooms' results are recorded in `ratings` from now on.
    pub fn use_ratings(&self, ratings: Arc<Ratings>) {
        ratings.limit_pairs(self.limits.rated_pairs_per_day);
        let _ = self.rooms.ratings.set(ratings);
    }

    /// A number for a new connection.
    pub fn connection_id(&self) -> u64 {
        self.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    /// Rooms held in memory now.
    pub fn rooms_held(&self) -> usize {
        self.rooms.held()
    }

    /// A friends' room made from `ip` (refused past the hourly limit): its code and the
    /// maker's seat token.
    pub async fn create(
        &self,
        ip: IpAddr,
        game: &str,
        options: &[String],
        seats: &[engine::online::protocol::SeatRequest],
    ) -> Result<(String, String), String> {
        let code = crate::room::new_code()?;
        let token = new_token()?;
        let seed = crate::room::new_seed()?;
        let room = Room::create(&code, game, options, seats, seed, &token).map_err(|e| e.0)?;
        let room = room.committed(crate::room::random_bytes::<16>()?);
        count_hourly(
            &self.made_by,
            ip,
            self.limits.rooms_per_address,
            rooms_refusal,
        )?;
        Ok((self.rooms.create(room, false).await?, token))
    }

    /// Follows what the other servers sharing the store tell, until the store stops listening:
    /// each notice goes to the room it is about, when it is held here.
    pub async fn hear(self: Arc<Self>, mut heard: tokio::sync::mpsc::UnboundedReceiver<Heard>) {
        while let Some(h) = heard.recv().await {
            match h {
                // Notices may have been missed while not listening: every room held here is
                // brought up to the store.
                Heard::Listening => self.rooms.resync_all().await,
                Heard::Notice(n) => {
                    if let Ok(mut p) = self.rooms.peers.lock() {
                        p.insert(n.server().to_string(), Instant::now());
                    }
                    self.rooms.heard(n).await;
                }
            }
        }
    }

    /// Says this server is alive, and takes servers not heard for `PEER_SILENCE` for gone:
    /// their players are shown offline in the rooms held here. Every few seconds.
    pub async fn keep_alive(self: Arc<Self>) {
        let mut every = tokio::time::interval(PEER_SILENCE / 3);
        loop {
            every.tick().await;
            self.rooms.tell(Notice::Alive {
                server: self.rooms.server.clone(),
            });
            let gone: Vec<String> = match self.rooms.peers.lock() {
                Ok(mut p) => {
                    let gone = p
                        .iter()
                        .filter(|(_, t)| t.elapsed() >= PEER_SILENCE)
                        .map(|(s, _)| s.clone())
                        .collect::<Vec<_>>();
                    p.retain(|s, _| !gone.contains(s));
                    gone
                }
                Err(_) => Vec::new(),
            };
            if !gone.is_empty() {
                eprintln!(
                    "not heard from server {} for a while: taken for gone",
                    gone.join(", ")
                );
                self.rooms.forget(&gone).await;
            }
        }
    }

    /// Forgets rooms untouched for `room_days` (in the store and here).
    pub async fn expire_old(&self) -> Result<usize, String> {
        let before = now().saturating_sub(self.limits.room_days * 86_400);
        let store = self.rooms.store.clone();
        blocking(move || store.expire(before)).await?
    }

    /// Rooms not asked for in `idle`: let go or put to sleep, each room's owner deciding
    /// (`Rooms::sweep`).
    pub async fn sweep(&self, idle: Duration) -> Swept {
        self.rooms.sweep(idle).await
    }

    /// Lets go of every room nobody follows now (`sweep` with no wait).
    pub async fn evict_idle(&self) -> usize {
        self.sweep(Duration::ZERO).await.let_go
    }
}

mod queue;

#[cfg(test)]
mod tests;
