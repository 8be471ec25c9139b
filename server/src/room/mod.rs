//! A live room has one owner: a tokio task (`owner::Owner::run`) that holds the room's game,
//! stores every change before it is sent, sends it (a `broadcast` channel the room's
//! connections follow), and runs the room's bots, turn clock, sleep and rematch. Everything
//! else talks to it through its inbox (an `mpsc` channel of `Ask`s, each answered on a
//! `oneshot` where an answer is due): a connection parses a frame and hands it to its room
//! (`Rooms::ask`), the hub's quick-match queue makes rooms through `Rooms::create`, and what
//! the other servers sharing a store tell reaches the room as an `Ask::Heard`. One message at a
//! time: a room's moves are played one by one, rooms in parallel (docs/online.md, "One owner
//! per room").
//!
//! `Rooms` is the map of live rooms' inboxes the hub keeps, with what every room shares (the
//! store, the limits, the ratings, the other servers heard).

mod after;
mod clock;
mod owner;
mod sync;

pub use clock::clocked;

use after::Rematch;
use clock::Clock;

use crate::limits::Limits;
use crate::ratings::{Placed, Ratings};
use crate::store::{now, Notice, Store};
use engine::core::Move;
use engine::online::protocol::{code_from, ServerFrame, ROOM_CODE_LEN, TOKEN_LEN};
use engine::online::room::{Played, Room};
use nanoserde::{DeJson, SerJson};
use std::collections::{HashMap, HashSet};
use std::net::IpAddr;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};
use tokio::sync::{broadcast, mpsc, oneshot};

/// A server not heard for this long is taken for gone (it says it is alive every few seconds).
pub const PEER_SILENCE: Duration = Duration::from_secs(15);

/// Asks a room's inbox holds before a sender waits. Each slot of a block is one pointer
/// (`Ask`s are boxed): the inbox's first block of 32 costs 0.3 KB a room.
const INBOX: usize = 32;

/// Frames a room's connections may fall behind before one is closed to reconnect (it resumes
/// from the log). Each slot costs about 40 bytes a room whether used or not: 64 rather than
/// tokio's usual 256 saves 7.5 KB in every room held.
const FOLLOW_QUEUE: usize = 64;

/// A live room's owner (`owner::spawn` starts its task; `owner`, `sync`, `clock` and `after` its
/// behaviour).
struct Owner {
    rooms: Arc<Rooms>,
    code: String,
    /// The room's game; None while it sleeps (its rules and table dropped, only `asleep`, the
    /// moves its connections have been sent, kept: it is rebuilt from the store when next
    /// asked for).
    room: Option<Box<Room>>,
    asleep: u64,
    tx: broadcast::Sender<Arc<Outgoing>>,
    /// Connections per player here (index into the room's players).
    online: HashMap<usize, usize>,
    /// Connections per player held by other servers sharing the store, as they told.
    remote: HashMap<(String, usize), usize>,
    /// Connections that entered and have not left (players and watchers).
    followers: usize,
    /// A bot's move is being thought out.
    thinking: bool,
    clock: Clock,
    rematch: Rematch,
    /// When the room was last asked for.
    touched: Instant,
    /// The owner's own inbox, for the moves its bots think out off its task.
    me: mpsc::WeakSender<Box<Ask>>,
    /// Players who made a move of their own while this owner held the room (not the clock's).
    moved: HashSet<usize>,
    /// The address each player last entered from on this server.
    from: HashMap<usize, IpAddr>,
}

/// Servers sharing the store, by id, with when each was last heard.
pub type Peers = Mutex<HashMap<String, Instant>>;

/// What the server has done, for the benchmark and the logs.
#[derive(Default)]
pub struct Stats {
    pub shots: AtomicU64,
    pub moves: AtomicU64,
    /// Rooms woken from sleep (rebuilt from the store), and the time that took in all (µs).
    pub rebuilds: AtomicU64,
    pub rebuild_us: AtomicU64,
}

/// What a sweep did (`Rooms::sweep`).
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Swept {
    /// Rooms nobody follows, let go (they load again from the store).
    pub let_go: usize,
    /// Rooms still followed, put to sleep (their game dropped until the next move or visitor).
    pub slept: usize,
}

/// What one room did in a sweep.
#[derive(Debug, PartialEq, Eq)]
enum Sweep {
    Kept,
    Slept,
    LetGo,
}

/// A frame as sent to the connections following a room: the same for all, or one for each
/// player (the draws its seats may see, `core::hidden`) and one for the watchers.
pub enum Outgoing {
    All(String),
    Each {
        players: Vec<String>,
        watchers: String,
    },
}

impl Outgoing {
    /// The text for a connection of `player` (None: a watcher).
    pub fn text_for(&self, player: Option<usize>) -> &str {
        match self {
            Outgoing::All(t) => t,
            Outgoing::Each { players, watchers } => {
                player.and_then(|p| players.get(p)).unwrap_or(watchers)
            }
        }
    }
}

/// What a room (or the queue) tells a connection outside its answers, through the channel the
/// connection gave.
pub enum News {
    /// Boxed: every connection's news channel holds a block of 32 of these from the start.
    Frame(Box<ServerFrame>),
    /// Seated in a new room (a quick match, a rematch) with this seat token: the connection
    /// enters it (its welcome).
    Seated { code: String, token: String },
}

impl News {
    pub fn frame(frame: ServerFrame) -> News {
        News::Frame(Box::new(frame))
    }
}

/// A connection that entered a room: who it is there, its welcome, and the room's frames from
/// then on (subscribed by the owner as it made the welcome, so none is missed or doubled).
pub struct Entered {
    pub player: Option<usize>,
    pub welcome: ServerFrame,
    pub frames: broadcast::Receiver<Arc<Outgoing>>,
}

type Reply<T> = oneshot::Sender<Result<T, String>>;

/// What a room's owner is asked to do.
enum Ask {
    /// A new player takes the room's open seat, then enters.
    Join {
        name: String,
        reply: Reply<Entered>,
    },
    /// Enters as the token's player (`resume`: the token must be one of the room's), or as a
    /// watcher with none.
    Enter {
        token: Option<String>,
        resume: bool,
        from: Option<IpAddr>,
        reply: Reply<Entered>,
    },
    Start {
        player: usize,
        reply: Reply<()>,
    },
    Move {
        player: usize,
        seq: u64,
        mv: Move,
        reply: Reply<()>,
    },
    Rematch {
        player: usize,
        news: mpsc::UnboundedSender<News>,
        reply: Reply<()>,
    },
    /// A connection that entered stops following the room (`player`: as that player).
    Leave {
        player: Option<usize>,
    },
    /// What another server sharing the store told of this room.
    Heard(Notice),
    /// Notices may have been missed: the room is brought up to the store.
    Resync,
    /// These servers are taken for gone.
    Forget(Vec<String>),
    Sweep {
        idle: Duration,
        reply: Reply<Sweep>,
    },
    /// The bot thought out its move for move `seq` (None: it has none).
    BotMoved {
        seq: u64,
        mv: Option<Move>,
    },
    /// The clock's bot thought out the move of `seat` (played as `holder`'s) for move `seq`.
    ClockMoved {
        seq: u64,
        seat: usize,
        holder: usize,
        mv: Option<Move>,
    },
    /// Reads the room as it stands (the tests).
    #[cfg(test)]
    Look(Box<dyn FnOnce(&Room) + Send>),
}

/// A live room's inbox.
#[derive(Clone)]
struct Inbox(mpsc::Sender<Box<Ask>>);

/// The live rooms' inboxes by code, and what every room shares.
pub struct Rooms {
    map: Mutex<HashMap<String, Inbox>>,
    pub store: Arc<dyn Store>,
    pub limits: Limits,
    pub stats: Stats,
    /// This server's id in the notices of a shared store.
    pub server: String,
    pub peers: Peers,
    /// Where rated rooms' results go (set once at start; none in the hub's own tests).
    pub ratings: OnceLock<Arc<Ratings>>,
}

fn unwell<T>(_: T) -> String {
    "the server is unwell".to_string()
}

/// Said when a room's owner stopped while asked (it was let go meanwhile, three times).
const NOT_REACHED: &str = "the server could not reach this room just now: try again";

impl Rooms {
    pub fn new(store: Arc<dyn Store>, limits: Limits, server: String) -> Rooms {
        Rooms {
            map: Mutex::new(HashMap::new()),
            store,
            limits,
            stats: Stats::default(),
            server,
            peers: Mutex::new(HashMap::new()),
            ratings: OnceLock::new(),
        }
    }

    /// Rooms held in memory now.
    pub fn held(&self) -> usize {
        self.map.lock().map(|m| m.len()).unwrap_or(0)
    }

    fn inbox(&self, code: &str) -> Option<Inbox> {
        self.map
            .lock()
            .ok()?
            .get(code)
            .filter(|i| !i.0.is_closed())
            .cloned()
    }

    fn all(&self) -> Vec<Inbox> {
        self.map
            .lock()
            .map(|m| m.values().cloned().collect())
            .unwrap_or_default()
    }

    /// Stores a room just made (a friends' room, a quick match, a rematch) and gives it its
    /// owner; `bots`: its bots (and clock) start at once (a room made started).
    pub async fn create(self: &Arc<Self>, room: Room, bots: bool) -> Result<String, String> {
        let (store, code, meta) = (self.store.clone(), room.code.clone(), room.meta_json());
        let c = code.clone();
        blocking(move || store.create_room(&c, &meta, now())).await??;
        let inbox = owner::spawn(self.clone(), room, bots);
        self.map.lock().map_err(unwell)?.insert(code.clone(), inbox);
        Ok(code)
    }

    /// The room's inbox: held here, or loaded from the store and given an owner.
    async fn open(self: &Arc<Self>, code: &str) -> Result<Inbox, String> {
        if let Some(inbox) = self.inbox(code) {
            return Ok(inbox);
        }
        let gone = || "there is no room with this code (it may have expired)".to_string();
        let store = self.store.clone();
        let c = code.to_string();
        let stored = blocking(move || store.load(&c)).await??.ok_or_else(gone)?;
        let room = blocking(move || restore(stored)).await??;
        // A result a server stopped before recording is recorded now (once: `rate_if_over`),
        // as it stands: who left is not known any more.
        self.rate_if_over(&room, &[], &[]);
        let mut map = self.map.lock().map_err(unwell)?;
        // Another connection may have loaded it meanwhile: keep theirs.
        if let Some(inbox) = map.get(code).filter(|i| !i.0.is_closed()) {
            return Ok(inbox.clone());
        }
        let inbox = owner::spawn(self.clone(), room, false);
        map.insert(code.to_string(), inbox.clone());
        drop(map);
        // Who is connected to the other servers holding it.
        self.tell(Notice::Ask {
            server: self.server.clone(),
            code: code.to_string(),
        });
        Ok(inbox)
    }

    /// Asks the room with this code (loading it when it is not held) and waits for the answer.
    /// A room let go as it was asked is loaded again and asked again.
    async fn ask<T>(
        self: &Arc<Self>,
        code: &str,
        ask: impl Fn(Reply<T>) -> Ask,
    ) -> Result<T, String> {
        for _ in 0..3 {
            let inbox = self.open(code).await?;
            let (reply, answer) = oneshot::channel();
            if inbox.0.send(Box::new(ask(reply))).await.is_err() {
                continue;
            }
            if let Ok(answer) = answer.await {
                return answer;
            }
        }
        Err(NOT_REACHED.into())
    }

    /// Tells a room held here, without loading it; false when it is not held.
    async fn tell_room(&self, code: &str, ask: Ask) -> bool {
        match self.inbox(code) {
            Some(inbox) => inbox.0.send(Box::new(ask)).await.is_ok(),
            None => false,
        }
    }

    pub async fn join(self: &Arc<Self>, code: &str, name: &str) -> Result<Entered, String> {
        self.ask(code, |reply| Ask::Join {
            name: name.to_string(),
            reply,
        })
        .await
    }

    /// Enters as the token's player (or as a watcher without one); `resume`: the token must be
    /// one of the room's, and the room's bots and clock go on.
    pub async fn enter(
        self: &Arc<Self>,
        code: &str,
        token: Option<&str>,
        resume: bool,
    ) -> Result<Entered, String> {
        self.enter_from(code, token, resume, None).await
    }

    /// Enters as `enter` does, from this address (kept for the rating's pair limit).
    pub async fn enter_from(
        self: &Arc<Self>,
        code: &str,
        token: Option<&str>,
        resume: bool,
        from: Option<IpAddr>,
    ) -> Result<Entered, String> {
        self.ask(code, |reply| Ask::Enter {
            token: token.map(str::to_string),
            resume,
            from,
            reply,
        })
        .await
    }

    pub async fn start(self: &Arc<Self>, code: &str, player: usize) -> Result<(), String> {
        self.ask(code, |reply| Ask::Start { player, reply }).await
    }

    /// Plays a player's move: checked and simulated by the rules, stored, then sent.
    pub async fn play(
        self: &Arc<Self>,
        code: &str,
        player: usize,
        seq: u64,
        mv: Move,
    ) -> Result<(), String> {
        self.ask(code, |reply| Ask::Move {
            player,
            seq,
            mv: mv.clone(),
            reply,
        })
        .await
    }

    /// A seated player of a finished room asks for (or accepts) a rematch.
    pub async fn rematch(
        self: &Arc<Self>,
        code: &str,
        player: usize,
        news: &mpsc::UnboundedSender<News>,
    ) -> Result<(), String> {
        self.ask(code, |reply| Ask::Rematch {
            player,
            news: news.clone(),
            reply,
        })
        .await
    }

    /// A connection that entered the room stops following it.
    pub async fn leave(&self, code: &str, player: Option<usize>) {
        self.tell_room(code, Ask::Leave { player }).await;
    }

    /// What another server told of a room held here (a room not held is not loaded for it).
    pub async fn heard(&self, notice: Notice) {
        let code = match &notice {
            Notice::Moved { code, .. }
            | Notice::Setup { code, .. }
            | Notice::Online { code, .. }
            | Notice::Ask { code, .. } => code.clone(),
            Notice::Alive { .. } => return,
        };
        self.tell_room(&code, Ask::Heard(notice)).await;
    }

    /// Every room held here is brought up to the store (notices may have been missed).
    pub async fn resync_all(&self) {
        for inbox in self.all() {
            let _ = inbox.0.send(Box::new(Ask::Resync)).await;
        }
    }

    /// Every room held here forgets what these servers told.
    pub async fn forget(&self, gone: &[String]) {
        for inbox in self.all() {
            let _ = inbox.0.send(Box::new(Ask::Forget(gone.to_vec()))).await;
        }
    }

    /// Rooms not asked for in `idle` (no move, no visitor): those nobody follows (no
    /// connection, no bot thinking, no clock running) are let go: they are in the store and load
    /// again when asked for. Those still followed (a connection left open) are put to sleep:
    /// their game (rules and table) is dropped, only their move count kept; the owner rebuilds
    /// it from the store's log, with its recorded outcomes, when next asked. Each room's owner
    /// decides for itself.
    pub async fn sweep(&self, idle: Duration) -> Swept {
        let mut answers = Vec::new();
        for inbox in self.all() {
            let (reply, answer) = oneshot::channel();
            let ask = Box::new(Ask::Sweep { idle, reply });
            if inbox.0.send(ask).await.is_ok() {
                answers.push(answer);
            }
        }
        // Asked all first, then answered: the rooms decide in parallel.
        let mut swept = Swept::default();
        for answer in answers {
            match answer.await {
                Ok(Ok(Sweep::LetGo)) => swept.let_go += 1,
                Ok(Ok(Sweep::Slept)) => swept.slept += 1,
                _ => {}
            }
        }
        swept
    }

    /// Takes a room out of the map as its owner lets it go (only this owner's entry: the room
    /// may have been loaded again meanwhile).
    fn let_go(&self, code: &str, inbox: &mpsc::WeakSender<Box<Ask>>) {
        if let Ok(mut map) = self.map.lock() {
            let ours = map.get(code).is_some_and(|i| {
                inbox
                    .upgrade()
                    .is_none_or(|mine| mine.same_channel(&i.0) || i.0.is_closed())
            });
            if ours {
                map.remove(code);
            }
        }
    }

    /// Tells the other servers sharing the store, off the async threads, without waiting.
    pub fn tell(&self, notice: Notice) {
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

    /// Records a rated room's result once its game is over (off the caller's path; recording
    /// is keyed by the room's code, so a second try, here or on another server, counts nothing).
    /// `left` and `from`, by player: who left the game (they take the loss) and the address
    /// each played from (for the pair limit), as far as the room's owner knows.
    fn rate_if_over(&self, room: &Room, left: &[bool], from: &[Option<IpAddr>]) {
        let (Some(result), Some(ratings)) = (room.rated_result(), self.ratings.get()) else {
            return;
        };
        let (ratings, code, game) = (ratings.clone(), room.code.clone(), room.game().to_string());
        let placed: Vec<Placed> = result
            .into_iter()
            .map(|s| Placed {
                left: left.get(s.player).copied().unwrap_or(false),
                address: from
                    .get(s.player)
                    .copied()
                    .flatten()
                    .map(crate::ratings::address_key),
                device: s.device,
                name: s.name,
                place: s.place,
            })
            .collect();
        tokio::spawn(async move {
            match ratings.record(&code, &game, &placed, now() as i64).await {
                Err(e) => eprintln!("room {code}: its result was not rated: {e}"),
                Ok(Err(why)) if why != crate::ratings::ALREADY_RATED => {
                    eprintln!("room {code}: not rated: {why}")
                }
                Ok(_) => {}
            }
        });
    }

    /// Reads a room held here as it stands (the tests).
    #[cfg(test)]
    pub async fn look<T: Send + 'static>(
        self: &Arc<Self>,
        code: &str,
        f: impl FnOnce(&Room) -> T + Send + 'static,
    ) -> Result<T, String> {
        let inbox = self.open(code).await?;
        let (tx, rx) = oneshot::channel();
        let ask = Ask::Look(Box::new(move |room: &Room| {
            let _ = tx.send(f(room));
        }));
        inbox.0.send(Box::new(ask)).await.map_err(unwell)?;
        rx.await.map_err(unwell)
    }
}

/// `n` bytes from the operating system's generator.
pub fn random_bytes<const N: usize>() -> Result<[u8; N], String> {
    let mut b = [0u8; N];
    getrandom::fill(&mut b).map_err(|e| format!("no random numbers from the system: {e}"))?;
    Ok(b)
}

/// A new room's code.
pub fn new_code() -> Result<String, String> {
    Ok(code_from(&random_bytes::<10>()?, ROOM_CODE_LEN))
}

/// A new room's seed.
pub fn new_seed() -> Result<u64, String> {
    Ok(u64::from_le_bytes(random_bytes::<8>()?))
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
mod tests;
