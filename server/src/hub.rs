//! The rooms a server holds: each behind its own lock (one move at a time per room, rooms in
//! parallel), with a broadcast channel to the connections that follow it. Every change is
//! committed to the store before it is broadcast or answered; a change the store refuses is
//! taken back by reloading the room from the store.

use crate::store::Store;
use engine::core::Move;
use engine::online::protocol::{code_from, ServerFrame, You, ROOM_CODE_LEN, TOKEN_LEN};
use engine::online::room::{Played, Room};
use nanoserde::{DeJson, SerJson};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use tokio::sync::{broadcast, Mutex as AsyncMutex, OwnedMutexGuard};

/// How a server is run (the command line's options).
#[derive(Clone, Debug)]
pub struct Limits {
    /// Rooms one address may make per hour.
    pub rooms_per_address: usize,
    /// Frames a connection may send per second (a burst of twice as many is let through).
    pub frames_per_second: u32,
    /// Origins allowed besides the server's own (`http://host:port`).
    pub allowed_origins: Vec<String>,
    /// Rooms untouched for this long are forgotten.
    pub room_days: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            rooms_per_address: 30,
            frames_per_second: 20,
            allowed_origins: Vec::new(),
            room_days: 14,
        }
    }
}

pub struct RoomCell {
    pub room: Arc<AsyncMutex<Room>>,
    pub tx: broadcast::Sender<Arc<str>>,
    /// Connections per player (index into the room's players).
    online: Mutex<HashMap<usize, usize>>,
    bot_busy: AtomicBool,
}

impl RoomCell {
    fn new(room: Room) -> Arc<RoomCell> {
        let (tx, _) = broadcast::channel(256);
        Arc::new(RoomCell {
            room: Arc::new(AsyncMutex::new(room)),
            tx,
            online: Mutex::new(HashMap::new()),
            bot_busy: AtomicBool::new(false),
        })
    }

    pub fn is_online(&self, player: usize) -> bool {
        self.online
            .lock()
            .map(|m| m.get(&player).copied().unwrap_or(0) > 0)
            .unwrap_or(false)
    }

    pub fn set_online(&self, player: usize, here: bool) {
        if let Ok(mut m) = self.online.lock() {
            let n = m.entry(player).or_insert(0);
            if here {
                *n += 1;
            } else {
                *n = n.saturating_sub(1);
            }
        }
    }

    /// Sends a frame to every connection following the room.
    pub fn broadcast(&self, frame: &ServerFrame) {
        let _ = self.tx.send(Arc::from(frame.to_json()));
    }

    pub fn seats_frame(&self, room: &Room) -> ServerFrame {
        ServerFrame::Seats {
            seats: room.seat_infos(&|p| self.is_online(p)),
        }
    }
}

/// What the server has done, for the benchmark and the logs.
#[derive(Default)]
pub struct Stats {
    pub shots: AtomicU64,
    pub moves: AtomicU64,
}

pub struct Hub {
    rooms: Mutex<HashMap<String, Arc<RoomCell>>>,
    store: Arc<dyn Store>,
    made_by: Mutex<HashMap<IpAddr, Vec<Instant>>>,
    pub limits: Limits,
    pub stats: Stats,
}

pub fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

/// `n` bytes from the operating system's generator.
fn random_bytes<const N: usize>() -> Result<[u8; N], String> {
    let mut b = [0u8; N];
    getrandom::fill(&mut b).map_err(|e| format!("no random numbers from the system: {e}"))?;
    Ok(b)
}

pub fn new_token() -> Result<String, String> {
    Ok(code_from(&random_bytes::<17>()?, TOKEN_LEN))
}

/// Runs blocking work (the store, the rules, a bot) off the async threads.
pub async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T, String> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|_| "the server failed while doing this; nothing was changed".to_string())
}

impl Hub {
    pub fn new(store: Arc<dyn Store>, limits: Limits) -> Hub {
        Hub {
            rooms: Mutex::new(HashMap::new()),
            store,
            made_by: Mutex::new(HashMap::new()),
            limits,
            stats: Stats::default(),
        }
    }

    /// Forgets rooms untouched for `room_days` (in the store and here).
    pub async fn expire_old(&self) -> Result<usize, String> {
        let before = now().saturating_sub(self.limits.room_days * 86_400);
        let store = self.store.clone();
        blocking(move || store.expire(before)).await?
    }

    /// Counts a room made from `ip`, refusing past the hourly limit.
    fn may_make_room(&self, ip: IpAddr) -> Result<(), String> {
        let mut made = self
            .made_by
            .lock()
            .map_err(|_| "the server is unwell".to_string())?;
        let list = made.entry(ip).or_default();
        list.retain(|t| t.elapsed() < Duration::from_secs(3600));
        if list.len() >= self.limits.rooms_per_address {
            return Err(format!(
                "this address has made {} rooms in the last hour, the most allowed: try again \
                 later",
                list.len()
            ));
        }
        list.push(Instant::now());
        Ok(())
    }

    pub async fn create(
        &self,
        ip: IpAddr,
        game: &str,
        options: &[String],
        seats: &[engine::online::protocol::SeatRequest],
    ) -> Result<(Arc<RoomCell>, String), String> {
        let code = code_from(&random_bytes::<10>()?, ROOM_CODE_LEN);
        let token = new_token()?;
        let seed = u64::from_le_bytes(random_bytes::<8>()?);
        let room = Room::create(&code, game, options, seats, seed, &token).map_err(|e| e.0)?;
        self.may_make_room(ip)?;
        let (store, c, meta) = (self.store.clone(), code.clone(), room.meta_json());
        blocking(move || store.create_room(&c, &meta, now())).await??;
        let cell = RoomCell::new(room);
        self.rooms
            .lock()
            .map_err(|_| "the server is unwell".to_string())?
            .insert(code, cell.clone());
        Ok((cell, token))
    }

    /// The room with this code: held here, or loaded from the store.
    pub async fn room(&self, code: &str) -> Result<Arc<RoomCell>, String> {
        let gone = || "there is no room with this code (it may have expired)".to_string();
        if let Some(cell) = self
            .rooms
            .lock()
            .map_err(|_| "the server is unwell".to_string())?
            .get(code)
        {
            return Ok(cell.clone());
        }
        let store = self.store.clone();
        let c = code.to_string();
        let stored = blocking(move || store.load(&c)).await??.ok_or_else(gone)?;
        let room = blocking(move || restore(stored)).await??;
        let mut rooms = self
            .rooms
            .lock()
            .map_err(|_| "the server is unwell".to_string())?;
        // Another connection may have loaded it meanwhile: keep theirs.
        Ok(rooms
            .entry(code.to_string())
            .or_insert_with(|| RoomCell::new(room))
            .clone())
    }

    /// Lets go of rooms nobody follows (no connection, no bot thinking): they are in the store
    /// and load again when asked for. Checked under the rooms' lock, where `room` hands out
    /// its copies, so a room is never held twice. Returns how many were let go.
    pub fn evict_idle(&self) -> usize {
        let Ok(mut rooms) = self.rooms.lock() else {
            return 0;
        };
        let before = rooms.len();
        rooms.retain(|_, cell| Arc::strong_count(cell) > 1);
        before - rooms.len()
    }

    /// Rooms held in memory now.
    pub fn rooms_held(&self) -> usize {
        self.rooms.lock().map(|r| r.len()).unwrap_or(0)
    }

    /// Stores a room's setup after a change; when the store refuses, the room is reloaded.
    pub async fn save_meta(&self, room: &mut OwnedMutexGuard<Room>) -> Result<(), String> {
        let (store, code, meta) = (self.store.clone(), room.code.clone(), room.meta_json());
        let saved = blocking(move || store.update_meta(&code, &meta, now())).await?;
        if let Err(e) = saved {
            self.reload(room).await;
            return Err(e);
        }
        Ok(())
    }

    async fn reload(&self, room: &mut OwnedMutexGuard<Room>) {
        let store = self.store.clone();
        let code = room.code.clone();
        let back = blocking(move || store.load(&code).ok().flatten().map(restore)).await;
        if let Ok(Some(Ok(r))) = back {
            **room = r;
        }
    }

    /// Plays a player's move: checked and simulated by the rules, committed, then broadcast.
    pub async fn play(
        &self,
        cell: &Arc<RoomCell>,
        player: usize,
        seq: u64,
        mv: Move,
    ) -> Result<(), String> {
        let guard = cell.room.clone().lock_owned().await;
        let store = self.store.clone();
        let shot = mv.is_shot();
        let (mut guard, result) = blocking(move || {
            let mut guard = guard;
            let result = guard
                .play(player, seq, &mv)
                .map_err(|e| e.0)
                .and_then(|p| commit(store.as_ref(), &guard.code, &p).map(|_| p));
            (guard, result)
        })
        .await?;
        match result {
            Ok(played) => {
                if shot {
                    self.stats.shots.fetch_add(1, Ordering::Relaxed);
                }
                self.announce(cell, played);
                drop(guard);
                Ok(())
            }
            Err(e) => {
                if guard.seq() != seq {
                    // Played but not stored: take it back.
                    self.reload(&mut guard).await;
                }
                Err(e)
            }
        }
    }

    fn announce(&self, cell: &RoomCell, p: Played) {
        self.stats.moves.fetch_add(1, Ordering::Relaxed);
        cell.broadcast(&ServerFrame::Moved {
            seq: p.seq,
            mv: p.mv,
            hash: p.hash,
            over: p.over,
        });
    }

    /// Plays the room's bot seats while one is to act (one task per room at a time).
    pub fn run_bots(self: &Arc<Self>, cell: &Arc<RoomCell>) {
        if cell.bot_busy.swap(true, Ordering::AcqRel) {
            return;
        }
        let (hub, cell) = (self.clone(), cell.clone());
        tokio::spawn(async move {
            loop {
                let job = cell.room.lock().await.bot_job();
                let Some(job) = job else { break };
                let seq = job.seq;
                let Ok(Some(mv)) = blocking(move || job.think()).await else {
                    break;
                };
                let guard = cell.room.clone().lock_owned().await;
                let store = hub.store.clone();
                let shot = mv.is_shot();
                let Ok((mut guard, result)) = blocking(move || {
                    let mut guard = guard;
                    let r = guard
                        .play_bot(seq, mv)
                        .map_err(|e| e.0)
                        .and_then(|p| commit(store.as_ref(), &guard.code, &p).map(|_| p));
                    (guard, r)
                })
                .await
                else {
                    break;
                };
                match result {
                    Ok(played) => {
                        if shot {
                            hub.stats.shots.fetch_add(1, Ordering::Relaxed);
                        }
                        hub.announce(&cell, played);
                    }
                    Err(_) if guard.seq() != seq => hub.reload(&mut guard).await,
                    Err(_) => {}
                }
            }
            cell.bot_busy.store(false, Ordering::Release);
            // A move may have come between the last look and the flag: look once more.
            if cell.room.lock().await.bot_job().is_some() {
                hub.run_bots(&cell);
            }
        });
    }

    /// The welcome for a connection: the room as it stands and who it is.
    pub fn welcome(
        cell: &RoomCell,
        room: &Room,
        player: Option<usize>,
        token: Option<String>,
    ) -> ServerFrame {
        ServerFrame::Welcome {
            you: You {
                seats: player.map(|p| room.seats_of(p)).unwrap_or_default(),
                host: player == Some(engine::online::room::HOST),
                token,
            },
            room: room.view(&|p| cell.is_online(p)),
        }
    }
}

fn commit(store: &dyn Store, code: &str, p: &Played) -> Result<(), String> {
    store.append_move(code, p.seq, &p.mv.serialize_json(), now())
}

fn restore(stored: crate::store::StoredRoom) -> Result<Room, String> {
    let mut moves = Vec::with_capacity(stored.moves.len());
    for (i, m) in stored.moves.iter().enumerate() {
        moves.push(
            Move::deserialize_json(m)
                .map_err(|e| format!("room {}: stored move {i} is damaged: {e}", stored.code))?,
        );
    }
    Room::restore(&stored.code, &stored.meta, moves).map_err(|e| e.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::online::protocol::{SeatPlan, SeatRequest};

    #[tokio::test]
    async fn a_room_nobody_follows_is_let_go_and_loads_again_from_the_store() {
        let dir = std::env::temp_dir().join(format!("ct-hub-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = crate::store::Sqlite::open(&dir).unwrap_or_else(|e| panic!("{e}"));
        let hub = Hub::new(Arc::new(store), Limits::default());
        let seats: Vec<SeatRequest> = [SeatPlan::Here, SeatPlan::Invited]
            .iter()
            .map(|&plan| SeatRequest {
                plan,
                name: "Ann".into(),
            })
            .collect();
        let ip = IpAddr::from([127, 0, 0, 1]);
        let (cell, token) = hub
            .create(ip, "feud", &[], &seats)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        let code = cell.room.lock().await.code.clone();
        assert_eq!(hub.evict_idle(), 0, "followed");
        drop(cell);
        assert_eq!(hub.evict_idle(), 1);
        assert_eq!(hub.rooms_held(), 0);
        let back = hub.room(&code).await.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(back.room.lock().await.player(&token), Some(0));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
