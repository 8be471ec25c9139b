//! A room as a server holds it: its lock, its broadcast channel, who is connected to it here and
//! on the other servers sharing the store, and its turn clock.

use engine::online::protocol::ServerFrame;
use engine::online::room::Room;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::{broadcast, Mutex as AsyncMutex, OwnedMappedMutexGuard};

/// Servers sharing the store, by id, with when each was last heard.
pub(super) type Peers = Mutex<HashMap<String, Instant>>;

/// A server not heard for this long is taken for gone (it says it is alive every few seconds).
pub const PEER_SILENCE: Duration = Duration::from_secs(15);

/// Frames a room's connections may fall behind before one is closed to reconnect (it resumes
/// from the log). Each slot costs about 40 bytes a room whether used or not: 64 rather than
/// tokio's usual 256 saves 7.5 KB in every room held.
const FOLLOW_QUEUE: usize = 64;

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

/// A room's game as a server holds it: the whole room (its rules and its table), or, for a
/// started room with no move and no visitor for a while (`Hub::sleep_idle`), only the number of
/// moves its connections have been sent: the rest is in the store, and the room is rebuilt from
/// its recorded outcomes when it is next asked for (`Hub::lock`).
pub enum Held {
    Live(Box<Room>),
    Asleep { seq: u64 },
}

/// A room taken under its lock (`Hub::lock`), awake.
pub type RoomGuard = OwnedMappedMutexGuard<Held, Room>;

/// The time since the server started, in milliseconds: when a room was last asked for.
pub(super) fn clock_ms() -> u64 {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_millis() as u64
}

pub struct RoomCell {
    pub code: String,
    /// Taken through `Hub::lock`, which wakes a room that sleeps.
    pub(super) room: Arc<AsyncMutex<Held>>,
    /// When the room was last taken (`clock_ms`).
    pub(super) touched: AtomicU64,
    pub tx: broadcast::Sender<Arc<Outgoing>>,
    /// Connections per player (index into the room's players).
    pub(super) online: Mutex<HashMap<usize, usize>>,
    /// Connections per player held by other servers sharing the store, as they told.
    pub(super) remote: Mutex<HashMap<(String, usize), usize>>,
    pub(super) peers: Arc<Peers>,
    pub(super) bot_busy: AtomicBool,
    /// The room's turn clock (quick-match rooms: `clock`).
    pub(super) clock: Mutex<super::clock::Clock>,
    pub(super) clock_on: AtomicBool,
    /// Who asked for a rematch of the finished game (`after`).
    pub(super) rematch: Mutex<super::after::Rematch>,
}

impl RoomCell {
    pub(super) fn new(room: Room, peers: Arc<Peers>) -> Arc<RoomCell> {
        let (tx, _) = broadcast::channel(FOLLOW_QUEUE);
        Arc::new(RoomCell {
            code: room.code.clone(),
            room: Arc::new(AsyncMutex::new(Held::Live(Box::new(room)))),
            touched: AtomicU64::new(clock_ms()),
            tx,
            online: Mutex::new(HashMap::new()),
            remote: Mutex::new(HashMap::new()),
            peers,
            bot_busy: AtomicBool::new(false),
            clock: Mutex::new(super::clock::Clock::default()),
            clock_on: AtomicBool::new(false),
            rematch: Mutex::new(super::after::Rematch::default()),
        })
    }

    /// The room was asked for now.
    pub(super) fn touch(&self) {
        self.touched.store(clock_ms(), Ordering::Relaxed);
    }

    /// How long since the room was last asked for.
    pub(super) fn untouched(&self) -> Duration {
        Duration::from_millis(clock_ms().saturating_sub(self.touched.load(Ordering::Relaxed)))
    }

    /// Connections this server holds for a player.
    pub fn here(&self, player: usize) -> usize {
        self.online
            .lock()
            .map(|m| m.get(&player).copied().unwrap_or(0))
            .unwrap_or(0)
    }

    pub fn is_online(&self, player: usize) -> bool {
        if self.here(player) > 0 {
            return true;
        }
        let alive = |server: &str| {
            self.peers
                .lock()
                .map(|p| p.get(server).is_some_and(|t| t.elapsed() < PEER_SILENCE))
                .unwrap_or(false)
        };
        self.remote
            .lock()
            .map(|m| {
                m.iter()
                    .any(|((s, p), n)| *p == player && *n > 0 && alive(s))
            })
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

    /// What another server told of its connections; whether anything changed.
    pub(super) fn set_remote(&self, server: &str, player: usize, count: usize) -> bool {
        self.remote
            .lock()
            .map(|mut m| m.insert((server.to_string(), player), count) != Some(count))
            .unwrap_or(false)
    }

    /// Forgets what gone servers told; whether anything was forgotten.
    pub(super) fn forget_servers(&self, gone: &[String]) -> bool {
        self.remote
            .lock()
            .map(|mut m| {
                let before = m.len();
                m.retain(|(s, _), _| !gone.contains(s));
                m.len() != before
            })
            .unwrap_or(false)
    }

    /// Sends a frame to every connection following the room.
    pub fn broadcast(&self, frame: &ServerFrame) {
        let _ = self.tx.send(Arc::new(Outgoing::All(frame.to_json())));
    }

    /// Sends each player of the room (and the watchers) its own version of a frame.
    pub fn broadcast_each(&self, room: &Room, frame: impl Fn(Option<usize>) -> ServerFrame) {
        let players = (0..room.players())
            .map(|p| frame(Some(p)).to_json())
            .collect();
        let watchers = frame(None).to_json();
        let _ = self.tx.send(Arc::new(Outgoing::Each { players, watchers }));
    }

    /// The game started: each told the setup's draws it may see.
    pub fn broadcast_started(&self, room: &Room) {
        self.broadcast_each(room, |player| ServerFrame::Started {
            hash: room.hash(),
            told: room.setup_tape(player),
        });
    }

    pub fn seats_frame(&self, room: &Room) -> ServerFrame {
        let mut seats = room.seat_infos(&|p| self.is_online(p));
        self.mark_handed(&mut seats);
        ServerFrame::Seats { seats }
    }
}
