//! The rooms a server holds: each behind its own lock (one move at a time per room, rooms in
//! parallel), with a broadcast channel to the connections that follow it. Every change is
//! committed to the store before it is broadcast or answered; a change the store refuses is
//! taken back by reloading the room from the store.
//!
//! With a store that several servers share (PostgreSQL), a room can be held by more than one
//! server at once: each follows what the others store through the store's notices (`hear`), and
//! brings the room up to the store under the room's lock (`resync`), broadcasting every move its
//! own clients have not been sent, in order.

use crate::pg::Heard;
use crate::ratings::Ratings;
use crate::store::{Notice, Store};
use engine::core::Move;
use engine::online::protocol::{code_from, Phase, ServerFrame, You, ROOM_CODE_LEN, TOKEN_LEN};
use engine::online::room::{Played, Room};
use nanoserde::{DeJson, SerJson};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};
use tokio::sync::OwnedMutexGuard;

/// What a room under its lock is (`Hub::lock`).
type Guard = RoomGuard;

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
    /// A room not asked for this long (no move, no visitor) is let go when nobody follows it,
    /// and put to sleep (only its move count kept, rebuilt from the store when next asked for)
    /// when connections still follow it (`Hub::sweep`).
    pub idle_after: Duration,
    /// Quick-match requests one address may make per hour.
    pub quick_per_address: usize,
    /// Connections of one address that may wait for a quick match at once.
    pub queued_per_address: usize,
    /// A player waiting this long without enough others is offered a room with bots.
    pub quick_bots_after: Duration,
    /// A quick-match seat to decide has this long before the server's bot decides for it
    /// (`clock`).
    pub decision_clock: Duration,
    /// A quick-match seat to shoot has this long before the server's bot shoots for it.
    pub shot_clock: Duration,
    /// A seat that runs out of time this many turns in a row is handed to the bot for good.
    pub clock_strikes: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            rooms_per_address: 30,
            frames_per_second: 20,
            allowed_origins: Vec::new(),
            room_days: 14,
            idle_after: Duration::from_secs(60),
            quick_per_address: 120,
            queued_per_address: 8,
            quick_bots_after: Duration::from_secs(20),
            decision_clock: Duration::from_secs(60),
            shot_clock: Duration::from_secs(45),
            clock_strikes: 3,
        }
    }
}

use cell::Peers;
pub use cell::{Held, RoomCell, RoomGuard, PEER_SILENCE};

/// What the server has done, for the benchmark and the logs.
#[derive(Default)]
pub struct Stats {
    pub shots: AtomicU64,
    pub moves: AtomicU64,
    /// Rooms woken from sleep (rebuilt from the store), and the time that took in all (µs).
    pub rebuilds: AtomicU64,
    pub rebuild_us: AtomicU64,
}

/// What a sweep did (`Hub::sweep`).
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Swept {
    /// Rooms nobody follows, let go (they load again from the store).
    pub let_go: usize,
    /// Rooms still followed, put to sleep (their game dropped until the next move or visitor).
    pub slept: usize,
}

pub struct Hub {
    rooms: Mutex<HashMap<String, Arc<RoomCell>>>,
    store: Arc<dyn Store>,
    made_by: Mutex<HashMap<IpAddr, Vec<Instant>>>,
    pub limits: Limits,
    pub stats: Stats,
    /// This server's id in the notices of a shared store.
    pub server: String,
    peers: Arc<Peers>,
    /// The quick-match queue (`queue`).
    queue: Mutex<queue::Queue>,
    /// Quick-match requests per address in the last hour.
    quick_by: Mutex<HashMap<IpAddr, Vec<Instant>>>,
    /// Connections numbered as they come (the queue knows them by it).
    next_conn: AtomicU64,
    /// Where rated rooms' results go (set once at start; none in the hub's own tests).
    ratings: OnceLock<Arc<Ratings>>,
}

pub use crate::store::now;

/// `n` bytes from the operating system's generator.
fn random_bytes<const N: usize>() -> Result<[u8; N], String> {
    let mut b = [0u8; N];
    getrandom::fill(&mut b).map_err(|e| format!("no random numbers from the system: {e}"))?;
    Ok(b)
}

/// A server's id in the notices of a shared store (random: a restarted server is a new one).
pub fn server_id() -> Result<String, String> {
    Ok(code_from(&random_bytes::<8>()?, 10))
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

/// Counts one more request from `ip` in `by`, refusing (in the words `refusal` gives for the
/// count) when `most` were made in the last hour: the rooms made, the quick matches asked for.
fn count_hourly(
    by: &Mutex<HashMap<IpAddr, Vec<Instant>>>,
    ip: IpAddr,
    most: usize,
    refusal: impl FnOnce(usize) -> String,
) -> Result<(), String> {
    let mut by = by.lock().map_err(|_| "the server is unwell".to_string())?;
    let list = by.entry(ip).or_default();
    list.retain(|t| t.elapsed() < Duration::from_secs(3600));
    if list.len() >= most {
        return Err(refusal(list.len()));
    }
    list.push(Instant::now());
    Ok(())
}

impl Hub {
    pub fn new(store: Arc<dyn Store>, limits: Limits, server: String) -> Hub {
        Hub {
            rooms: Mutex::new(HashMap::new()),
            store,
            made_by: Mutex::new(HashMap::new()),
            limits,
            stats: Stats::default(),
            server,
            peers: Arc::new(Mutex::new(HashMap::new())),
            queue: Mutex::new(queue::Queue::default()),
            quick_by: Mutex::new(HashMap::new()),
            next_conn: AtomicU64::new(0),
            ratings: OnceLock::new(),
        }
    }

    fn held(&self, code: &str) -> Option<Arc<RoomCell>> {
        self.rooms.lock().ok()?.get(code).cloned()
    }

    /// Tells the other servers sharing the store, off the async threads, without waiting.
    fn tell(&self, notice: Notice) {
        if !self.store.shared() {
            return;
        }
        let store = self.store.clone();
        tokio::spawn(blocking(move || {
            if let Err(e) = store.tell(&notice) {
                eprintln!("{e}");
            }
        }));
    }

    /// A connection of this server for `player` came or went: counted, and told to the others.
    pub fn set_online(&self, cell: &RoomCell, player: usize, here: bool) {
        cell.set_online(player, here);
        self.tell(Notice::Online {
            server: self.server.clone(),
            code: cell.code.clone(),
            player,
            count: cell.here(player),
        });
    }

    /// Follows what the other servers sharing the store tell, until the store stops listening.
    pub async fn hear(self: Arc<Self>, mut heard: tokio::sync::mpsc::UnboundedReceiver<Heard>) {
        while let Some(h) = heard.recv().await {
            let notice = match h {
                Heard::Listening => {
                    // Notices may have been missed while not listening: every room held here
                    // is brought up to the store.
                    let cells: Vec<Arc<RoomCell>> = self
                        .rooms
                        .lock()
                        .map(|r| r.values().cloned().collect())
                        .unwrap_or_default();
                    for cell in cells {
                        let hub = self.clone();
                        tokio::spawn(async move { hub.follow_setup(&cell).await });
                    }
                    continue;
                }
                Heard::Notice(n) => n,
            };
            if let Ok(mut p) = self.peers.lock() {
                p.insert(notice.server().to_string(), Instant::now());
            }
            match notice {
                Notice::Moved { code, seq, .. } => {
                    let Some(cell) = self.held(&code) else {
                        continue;
                    };
                    let hub = self.clone();
                    tokio::spawn(async move {
                        let Ok(mut guard) = hub.lock(&cell).await else {
                            return;
                        };
                        let at = guard.seq();
                        if at <= seq {
                            hub.resync(&cell, &mut guard, at).await;
                        }
                    });
                }
                Notice::Setup { code, .. } => {
                    let Some(cell) = self.held(&code) else {
                        continue;
                    };
                    let hub = self.clone();
                    tokio::spawn(async move { hub.follow_setup(&cell).await });
                }
                Notice::Online {
                    server,
                    code,
                    player,
                    count,
                } => {
                    let Some(cell) = self.held(&code) else {
                        continue;
                    };
                    // In the order told (the listener's own task), then the seats sent.
                    if cell.set_remote(&server, player, count) {
                        let hub = self.clone();
                        tokio::spawn(async move {
                            if let Ok(room) = hub.lock(&cell).await {
                                cell.broadcast(&cell.seats_frame(&room));
                            }
                        });
                    }
                }
                Notice::Ask { code, .. } => {
                    let Some(cell) = self.held(&code) else {
                        continue;
                    };
                    let players: Vec<(usize, usize)> = cell
                        .online
                        .lock()
                        .map(|m| {
                            m.iter()
                                .map(|(p, n)| (*p, *n))
                                .filter(|x| x.1 > 0)
                                .collect()
                        })
                        .unwrap_or_default();
                    for (player, count) in players {
                        self.tell(Notice::Online {
                            server: self.server.clone(),
                            code: code.clone(),
                            player,
                            count,
                        });
                    }
                }
                Notice::Alive { .. } => {}
            }
        }
    }

    /// Says this server is alive, and takes servers not heard for `PEER_SILENCE` for gone:
    /// their players are shown offline in the rooms held here. Every few seconds.
    pub async fn keep_alive(self: Arc<Self>) {
        let mut every = tokio::time::interval(PEER_SILENCE / 3);
        loop {
            every.tick().await;
            self.tell(Notice::Alive {
                server: self.server.clone(),
            });
            let gone: Vec<String> = match self.peers.lock() {
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
            if gone.is_empty() {
                continue;
            }
            eprintln!(
                "not heard from server {} for a while: taken for gone",
                gone.join(", ")
            );
            let cells: Vec<Arc<RoomCell>> = self
                .rooms
                .lock()
                .map(|r| r.values().cloned().collect())
                .unwrap_or_default();
            for cell in cells {
                if cell.forget_servers(&gone) {
                    if let Ok(room) = self.lock(&cell).await {
                        cell.broadcast(&cell.seats_frame(&room));
                    }
                }
            }
        }
    }

    /// Brings a room held here up to the store after its setup may have changed elsewhere (or
    /// notices were missed): a waiting room is rebuilt from the stored setup (its start, if it
    /// started, sent to its clients), then every stored move they have not been sent.
    async fn follow_setup(&self, cell: &Arc<RoomCell>) {
        let Ok(mut guard) = self.lock(cell).await else {
            return;
        };
        if guard.phase() != Phase::Waiting {
            let at = guard.seq();
            self.resync(cell, &mut guard, at).await;
            return;
        }
        self.setup_from_store(cell, &mut guard).await;
    }

    /// Rebuilds a room whose clients know it as waiting from the store: its seats sent, its
    /// start if it started, then its moves.
    async fn setup_from_store(&self, cell: &RoomCell, guard: &mut Guard) {
        let before = guard.meta_json();
        let Some(rest) = self.restore_to(guard, 0).await else {
            return;
        };
        if guard.meta_json() != before {
            cell.broadcast(&cell.seats_frame(guard));
            if guard.phase() != Phase::Waiting {
                cell.broadcast_started(guard);
            }
        }
        self.follow_moves(cell, guard, rest).await;
    }

    /// Brings a room held here up to the store when its clients have been sent its first `known`
    /// moves: the moves stored after those are applied and broadcast, in order. A room that is
    /// not at `known` (a move played here but refused by the store) is first rebuilt to it.
    pub async fn resync(&self, cell: &RoomCell, guard: &mut Guard, known: u64) {
        if guard.seq() == known && guard.phase() != Phase::Waiting {
            let (store, code) = (self.store.clone(), guard.code.clone());
            if let Ok(Ok(rest)) = blocking(move || store.moves_since(&code, known)).await {
                if self.follow_moves(cell, guard, rest).await {
                    return;
                }
            }
        }
        if let Some(rest) = self.restore_to(guard, known).await {
            self.follow_moves(cell, guard, rest).await;
        }
    }

    /// Rebuilds the room from the store with its first `known` moves (fewer if fewer are
    /// stored); returns the stored moves after those.
    async fn restore_to(&self, guard: &mut Guard, known: u64) -> Option<Vec<String>> {
        let (store, code) = (self.store.clone(), guard.code.clone());
        let mut stored = blocking(move || store.load(&code)).await.ok()?.ok()??;
        let rest = stored
            .moves
            .split_off((known as usize).min(stored.moves.len()));
        match blocking(move || restore(stored)).await {
            Ok(Ok(room)) => {
                **guard = room;
                Some(rest)
            }
            Ok(Err(e)) | Err(e) => {
                eprintln!("{e}");
                None
            }
        }
    }

    /// Applies stored moves that follow the room as it stands and broadcasts each; false when
    /// one does not follow (the room is then rebuilt by the caller).
    async fn follow_moves(&self, cell: &RoomCell, guard: &mut Guard, rest: Vec<String>) -> bool {
        for text in rest {
            let Ok(mv) = Move::deserialize_json(&text) else {
                eprintln!("room {}: a stored move is damaged", guard.code);
                return false;
            };
            let seq = guard.seq();
            match guard.apply_logged(seq, mv) {
                Ok(played) => {
                    if played.over {
                        self.rate_if_over(guard);
                    }
                    self.announce(cell, guard, played, false)
                }
                Err(_) => return false,
            }
        }
        true
    }

    /// Forgets rooms untouched for `room_days` (in the store and here).
    pub async fn expire_old(&self) -> Result<usize, String> {
        let before = now().saturating_sub(self.limits.room_days * 86_400);
        let store = self.store.clone();
        blocking(move || store.expire(before)).await?
    }

    /// Counts a room made from `ip`, refusing past the hourly limit.
    fn may_make_room(&self, ip: IpAddr) -> Result<(), String> {
        count_hourly(&self.made_by, ip, self.limits.rooms_per_address, |n| {
            format!(
                "this address has made {n} rooms in the last hour, the most allowed: try again \
                 later"
            )
        })
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
        let room = room.committed(random_bytes::<16>()?);
        self.may_make_room(ip)?;
        Ok((self.store_new(room).await?, token))
    }

    /// Stores a room just made (a friends' room or a quick match) and holds it here.
    async fn store_new(&self, room: Room) -> Result<Arc<RoomCell>, String> {
        let (store, code, meta) = (self.store.clone(), room.code.clone(), room.meta_json());
        let c = code.clone();
        blocking(move || store.create_room(&c, &meta, now())).await??;
        let cell = RoomCell::new(room, self.peers.clone());
        self.rooms
            .lock()
            .map_err(|_| "the server is unwell".to_string())?
            .insert(code, cell.clone());
        Ok(cell)
    }

    /// The room with this code: held here, or loaded from the store.
    pub async fn room(&self, code: &str) -> Result<Arc<RoomCell>, String> {
        let gone = || "there is no room with this code (it may have expired)".to_string();
        let held = self
            .rooms
            .lock()
            .map_err(|_| "the server is unwell".to_string())?
            .get(code)
            .cloned();
        if let Some(cell) = held {
            let mut guard = self.lock(&cell).await?;
            self.freshen(&cell, &mut guard).await;
            drop(guard);
            return Ok(cell);
        }
        let store = self.store.clone();
        let c = code.to_string();
        let stored = blocking(move || store.load(&c)).await??.ok_or_else(gone)?;
        let room = blocking(move || restore(stored)).await??;
        // A result a server stopped before recording is recorded now (once: `rate_if_over`).
        self.rate_if_over(&room);
        let mut rooms = self
            .rooms
            .lock()
            .map_err(|_| "the server is unwell".to_string())?;
        // Another connection may have loaded it meanwhile: keep theirs.
        let mut loaded = false;
        let cell = rooms
            .entry(code.to_string())
            .or_insert_with(|| {
                loaded = true;
                RoomCell::new(room, self.peers.clone())
            })
            .clone();
        drop(rooms);
        if loaded {
            // Who is connected to the other servers holding it.
            self.tell(Notice::Ask {
                server: self.server.clone(),
                code: code.to_string(),
            });
        }
        Ok(cell)
    }

    /// With a shared store, brings a room held here up to the store before a client enters it
    /// or changes it: another server may have stored a change whose notice is still on its way.
    pub async fn freshen(&self, cell: &RoomCell, guard: &mut Guard) {
        if !self.store.shared() {
            return;
        }
        if guard.phase() == Phase::Waiting {
            self.setup_from_store(cell, guard).await;
        } else {
            let at = guard.seq();
            self.resync(cell, guard, at).await;
        }
    }

    /// Rooms held in memory now.
    pub fn rooms_held(&self) -> usize {
        self.rooms.lock().map(|r| r.len()).unwrap_or(0)
    }

    /// Stores a room's setup after a change made from setup `before` (a join or the start, so
    /// the room's clients know it as waiting); when the store refuses, the room is rebuilt from
    /// the store and its clients are sent what changed.
    pub async fn save_meta(
        &self,
        cell: &RoomCell,
        room: &mut Guard,
        before: String,
    ) -> Result<(), String> {
        let (store, code, meta) = (self.store.clone(), room.code.clone(), room.meta_json());
        let saved = blocking(move || store.update_meta(&code, &before, &meta, now())).await?;
        if let Err(e) = saved {
            self.setup_from_store(cell, room).await;
            return Err(e);
        }
        Ok(())
    }

    /// Plays a player's move: checked and simulated by the rules, committed, then broadcast.
    /// A seat handed to the bot by the clock is the bot's to the end.
    pub async fn play(
        &self,
        cell: &Arc<RoomCell>,
        player: usize,
        seq: u64,
        mv: Move,
    ) -> Result<(), String> {
        let seat = mv.seat as usize;
        if cell.handed(seat) {
            return Err(format!(
                "seat {seat} ran out of time {} turns in a row and was handed to the server's \
                 bot, which plays it to the end",
                self.limits.clock_strikes
            ));
        }
        self.play_move(cell, player, seq, mv, false).await?;
        cell.player_moved(seat);
        Ok(())
    }

    /// Plays a move for a player's seat (theirs, or the clock's for them: `clock`, and so
    /// marked on its `moved`).
    async fn play_move(
        &self,
        cell: &Arc<RoomCell>,
        player: usize,
        seq: u64,
        mv: Move,
        clock: bool,
    ) -> Result<(), String> {
        let guard = self.lock(cell).await?;
        let store = self.store.clone();
        let shot = mv.is_shot();
        let (mut guard, result, at) = blocking(move || {
            let mut guard = guard;
            let at = guard.seq();
            let result = guard
                .play(player, seq, &mv)
                .map_err(|e| e.0)
                .and_then(|p| commit(store.as_ref(), &guard.code, &p).map(|_| p));
            (guard, result, at)
        })
        .await?;
        match result {
            Ok(played) => {
                if shot {
                    self.stats.shots.fetch_add(1, Ordering::Relaxed);
                }
                if played.over {
                    self.rate_if_over(&guard);
                }
                self.announce(cell, &guard, played, clock);
                drop(guard);
                Ok(())
            }
            Err(e) => {
                if guard.seq() != at {
                    // Played here but not stored: take it back, and send the move stored in its
                    // place (another server's), if any. A move the room refused changed nothing:
                    // the room may already hold the other server's move (heard and sent before
                    // this one got the room), and sending that again would send it twice
                    // (regress_a_move_heard_before_a_losing_race_is_sent_once).
                    self.resync(cell, &mut guard, at).await;
                }
                Err(e)
            }
        }
    }

    /// Sends a move to everyone following the room, each told the draws it may see; `clock`:
    /// the turn clock played it.
    fn announce(&self, cell: &RoomCell, room: &Room, p: Played, clock: bool) {
        self.stats.moves.fetch_add(1, Ordering::Relaxed);
        cell.turn_began(p.seq + 1);
        let seed = room.seed_when_over();
        let salt = room.salt_when_over();
        cell.broadcast_each(room, |player| ServerFrame::Moved {
            seq: p.seq,
            mv: p.mv.clone(),
            hash: p.hash.clone(),
            over: p.over,
            told: Some(room.tape_for(&p.notes, player)),
            seed,
            salt: salt.clone(),
            clock,
        });
    }

    /// Plays the room's bot seats while one is to act (one task per room at a time).
    /// Also sets the room's turn clock going, when it has one (`run_clock`).
    pub fn run_bots(self: &Arc<Self>, cell: &Arc<RoomCell>) {
        self.run_clock(cell);
        if cell.bot_busy.swap(true, Ordering::AcqRel) {
            return;
        }
        let (hub, cell) = (self.clone(), cell.clone());
        tokio::spawn(async move {
            loop {
                let job = hub.lock(&cell).await.ok().and_then(|g| g.bot_job());
                let Some(job) = job else { break };
                let seq = job.seq;
                let Ok(Some(mv)) = blocking(move || job.think()).await else {
                    break;
                };
                let Ok(guard) = hub.lock(&cell).await else {
                    break;
                };
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
                        if played.over {
                            hub.rate_if_over(&guard);
                        }
                        hub.announce(&cell, &guard, played, false);
                    }
                    Err(_) if guard.seq() != seq => hub.resync(&cell, &mut guard, seq).await,
                    Err(_) => {}
                }
            }
            cell.bot_busy.store(false, Ordering::Release);
            // A move may have come between the last look and the flag: look once more.
            if hub.lock(&cell).await.is_ok_and(|g| g.bot_job().is_some()) {
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
        let mut view = room.view(&|p| cell.is_online(p), player);
        cell.mark_handed(&mut view.seats);
        let mut seats = player.map(|p| room.seats_of(p)).unwrap_or_default();
        seats.retain(|&s| !cell.handed(s));
        ServerFrame::Welcome {
            you: You {
                seats,
                host: player.is_some_and(|p| room.is_host(p)),
                token,
            },
            room: view,
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

mod after;
pub mod cell;
mod clock;
mod queue;
mod sleep;

pub use queue::{QueueNews, QuickAsk};

#[cfg(test)]
mod tests;
