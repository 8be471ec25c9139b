//! The frames of an online room, one JSON object per WebSocket text message, each with a
//! `"type"`. Client frames are read with the strict reader (`core::strict_json`): a key the frame
//! does not take, a missing key, a value out of range or a frame over `MAX_FRAME` bytes is refused
//! with the place and the reason. Server frames are read the same way by clients (the tests, the
//! benchmark and later the app). Moves travel in the replay codec (`core::replay`). See
//! docs/online.md.

use super::codec::{self, Field, Frames, Keyed, Record};
use super::deal::{COMMITMENT_HEX, SALT_LEN};
pub use super::values::{
    Aid, Phase, RatingEntry, RoomView, SeatInfo, SeatPlan, SeatRequest, You, CODE_ALPHABET,
    MAX_DEVICE, MAX_PLAYER_NAME, MAX_RATING_ENTRIES, ROOM_CODE_LEN, TOKEN_LEN,
};
use crate::core::replay::MAX_NAME;
use crate::core::strict_json::{self, shown};
use crate::core::{Move, Refusal, RuleResult};

/// The longest list of the seats' aim aids (`RoomView::aids`): a level's key and a comma a seat.
pub const MAX_AIDS: usize = crate::core::seat::MAX_SEATS * 9;

/// The largest frame a client may send (bytes): a move is a few hundred bytes.
pub const MAX_FRAME: usize = 16 * 1024;
/// The largest frame a client reads from the server (a welcome carries the whole log).
pub const MAX_SERVER_FRAME: usize = 16 << 20;

/// What a client sends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClientFrame {
    /// Makes a room; the sender becomes its host and holds its `here` seats.
    Create {
        game: String,
        options: Vec<String>,
        seats: Vec<SeatRequest>,
    },
    /// Takes a free invited seat of a room with a name.
    Join {
        room: String,
        name: String,
    },
    /// Comes back to one's seats with the token the room gave.
    Resume {
        room: String,
        token: String,
    },
    /// Watches a room without a seat.
    Watch {
        room: String,
    },
    /// The host starts the game once every invited seat is taken.
    Start,
    /// A move for one of the sender's seats, answering the room at move `seq` (the number of
    /// moves the sender has seen).
    Move {
        seq: u64,
        mv: Move,
    },
    Ping,
    /// Quick match: waits for other players of `game` (`players` seats, 2 when absent) and is
    /// seated with them in a new started room. `device` is the player's device token, the
    /// identity their rating is kept under (without one the game is not rated). `aid`: the aim
    /// aid the player chose (`Aid`'s key): only Learning (the room is then not rated) or Expert
    /// change the room's Standard.
    Quick {
        game: String,
        name: String,
        players: Option<u64>,
        device: Option<String>,
        aid: Option<String>,
    },
    /// Leaves the quick-match queue.
    Unqueue,
    /// Takes the server's offer (`offer_bots`): a room now with the players waiting and bots
    /// in the other seats.
    Bots,
    /// A seated player of a finished room asks for (or accepts) a rematch: a new room with the
    /// same players.
    Rematch,
    /// Asks for a game's ratings table (`device`: the asker's own entry is marked, and added
    /// after the best when it is further down).
    Ratings {
        game: String,
        device: Option<String>,
    },
}

/// What the server sends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ServerFrame {
    /// The answer to create, join, resume and watch: the room as it stands.
    Welcome {
        you: You,
        room: RoomView,
    },
    /// Someone joined, left or came back (the phase changes with `started`).
    Seats {
        seats: Vec<SeatInfo>,
    },
    /// The host started the game.
    Started {
        hash: String,
        /// What the setup drew that this device may see (`core::hidden`).
        told: Option<String>,
    },
    /// A move was stored: its place in the log, the move as logged (a shot with the outcome the
    /// server simulated) and the state hash after it. `clock`: the turn clock played it for a
    /// seat whose time ran out (written only then).
    Moved {
        seq: u64,
        mv: Move,
        hash: String,
        over: bool,
        /// What the move drew that this device may see (`core::hidden`).
        told: Option<String>,
        /// The game's seed, with the move that ended it: the replay is whole.
        seed: Option<u64>,
        /// The salt that opens the commitment to the seed (`deal`), with the move that ended
        /// the game (None from a room made before commitments).
        salt: Option<String>,
        clock: bool,
    },
    /// The last frame was refused; nothing changed.
    Refused {
        why: String,
    },
    Pong,
    /// The sender waits for a quick match: `waiting` players (the sender among them) wait for
    /// this game and number of players. Sent on queueing and whenever the count changes.
    Queued {
        game: String,
        players: u64,
        waiting: u64,
    },
    /// The sender has waited a while without enough players: `bots` takes a room with bots
    /// in the empty seats now; otherwise the wait goes on.
    OfferBots {
        game: String,
        players: u64,
        waiting: u64,
    },
    /// The sender left the quick-match queue.
    Unqueued,
    /// The players of these seats asked for a rematch of the finished game (sent to the room
    /// each time one more asks).
    Rematch {
        asked: Vec<usize>,
    },
    /// A game's ratings table, best first (the asker's own entry marked `you`, after the best
    /// when further down); `players`: how many are rated in it.
    Ratings {
        game: String,
        players: u64,
        entries: Vec<RatingEntry>,
    },
}

fn room_code(code: &mut String) -> Field<'_> {
    Field::Text(code, "a room code", ROOM_CODE_LEN)
}

fn hash(hash: &mut String) -> Field<'_> {
    Field::Text(hash, "a hash", 16)
}

/// The keys of a frame about the quick-match queue.
fn queue_fields<'a>(
    game: &'a mut String,
    players: &'a mut u64,
    waiting: &'a mut u64,
) -> Vec<Keyed<'a>> {
    vec![
        ("game", Field::Text(game, "the game id", MAX_NAME)),
        ("players", Field::U64(players, "players")),
        ("waiting", Field::U64(waiting, "waiting")),
    ]
}

/// The client's frames and their keys: the one list `to_json` and `parse` go by.
impl Frames for ClientFrame {
    const WHAT: &'static str = "the message";

    fn blanks() -> Vec<Self> {
        let text = String::new;
        vec![
            ClientFrame::Create {
                game: text(),
                options: Vec::new(),
                seats: Vec::new(),
            },
            ClientFrame::Join {
                room: text(),
                name: text(),
            },
            ClientFrame::Resume {
                room: text(),
                token: text(),
            },
            ClientFrame::Watch { room: text() },
            ClientFrame::Start,
            ClientFrame::Move {
                seq: 0,
                mv: Move::decide(0, "", &[]),
            },
            ClientFrame::Ping,
            ClientFrame::Quick {
                game: text(),
                name: text(),
                players: None,
                device: None,
                aid: None,
            },
            ClientFrame::Unqueue,
            ClientFrame::Bots,
            ClientFrame::Rematch,
            ClientFrame::Ratings {
                game: text(),
                device: None,
            },
        ]
    }

    fn fields(&mut self) -> (&'static str, Vec<Keyed<'_>>) {
        match self {
            ClientFrame::Create {
                game,
                options,
                seats,
            } => (
                "create",
                vec![
                    ("game", Field::Text(game, "the game id", MAX_NAME)),
                    ("options", Field::Options(options)),
                    ("seats", Field::SeatRequests(seats)),
                ],
            ),
            ClientFrame::Join { room, name } => (
                "join",
                vec![
                    ("room", room_code(room)),
                    ("name", Field::Text(name, "a name", MAX_PLAYER_NAME)),
                ],
            ),
            ClientFrame::Resume { room, token } => (
                "resume",
                vec![
                    ("room", room_code(room)),
                    ("token", Field::Text(token, "a seat token", TOKEN_LEN)),
                ],
            ),
            ClientFrame::Watch { room } => ("watch", vec![("room", room_code(room))]),
            ClientFrame::Start => ("start", vec![]),
            ClientFrame::Move { seq, mv } => (
                "move",
                vec![("seq", Field::U64(seq, "seq")), ("move", Field::Move(mv))],
            ),
            ClientFrame::Ping => ("ping", vec![]),
            ClientFrame::Quick {
                game,
                name,
                players,
                device,
                aid,
            } => (
                "quick",
                vec![
                    ("game", Field::Text(game, "the game id", MAX_NAME)),
                    ("name", Field::Text(name, "a name", MAX_PLAYER_NAME)),
                    ("players", Field::MaybeU64(players, "players")),
                    (
                        "device",
                        Field::MaybeText(device, "a device token", MAX_DEVICE),
                    ),
                    ("aid", Field::MaybeText(aid, "an aim aid", MAX_NAME)),
                ],
            ),
            ClientFrame::Unqueue => ("unqueue", vec![]),
            ClientFrame::Bots => ("bots", vec![]),
            ClientFrame::Rematch => ("rematch", vec![]),
            ClientFrame::Ratings { game, device } => (
                "ratings",
                vec![
                    ("game", Field::Text(game, "the game id", MAX_NAME)),
                    (
                        "device",
                        Field::MaybeText(device, "a device token", MAX_DEVICE),
                    ),
                ],
            ),
        }
    }

    fn unknown(kind: &str, had_type: bool, types: &[&str]) -> String {
        if had_type {
            format!(
                "unknown message type {} (the types are: {})",
                shown(kind),
                types.join(", ")
            )
        } else {
            "the message lacks the key `type`".into()
        }
    }
}

impl ClientFrame {
    pub fn to_json(&self) -> String {
        codec::encode(self)
    }

    /// Reads a client's frame, refusing anything else with the place and the reason.
    pub fn parse(text: &str) -> RuleResult<ClientFrame> {
        if text.len() > MAX_FRAME {
            return Err(Refusal(format!(
                "a message may be at most {MAX_FRAME} bytes; this one has {}",
                text.len()
            )));
        }
        codec::decode(text).map_err(|e| Refusal(format!("not a valid message: {e}")))
    }
}

impl Record for You {
    fn fields(&mut self) -> Vec<Keyed<'_>> {
        vec![
            ("seats", Field::SeatNumbers(&mut self.seats)),
            ("host", Field::Bool(&mut self.host, "host")),
            ("token", Field::Token(&mut self.token)),
        ]
    }
}

impl Record for RoomView {
    fn fields(&mut self) -> Vec<Keyed<'_>> {
        vec![
            ("code", room_code(&mut self.room)),
            ("game", Field::Text(&mut self.game, "the game id", MAX_NAME)),
            ("options", Field::Options(&mut self.options)),
            ("seed", Field::U64(&mut self.seed, "seed")),
            (
                "commitment",
                Field::MaybeText(&mut self.commitment, "the commitment", COMMITMENT_HEX),
            ),
            (
                "salt",
                Field::MaybeText(&mut self.salt, "the salt", 2 * SALT_LEN),
            ),
            ("seats", Field::Seats(&mut self.seats)),
            ("phase", Field::Phase(&mut self.phase)),
            ("moves", Field::Moves(&mut self.moves)),
            ("hash", hash(&mut self.hash)),
            ("told", Field::Tapes(&mut self.told)),
            (
                "aids",
                Field::MaybeText(&mut self.aids, "the seats' aim aids", MAX_AIDS),
            ),
        ]
    }
}

/// The server's frames and their keys: the one list `to_json` and `parse` go by.
impl Frames for ServerFrame {
    const WHAT: &'static str = "the server's message";

    fn blanks() -> Vec<Self> {
        let text = String::new;
        vec![
            ServerFrame::Welcome {
                you: You {
                    seats: Vec::new(),
                    host: false,
                    token: None,
                },
                room: RoomView {
                    room: text(),
                    game: text(),
                    options: Vec::new(),
                    seed: 0,
                    commitment: None,
                    salt: None,
                    told: None,
                    seats: Vec::new(),
                    phase: Phase::Waiting,
                    moves: Vec::new(),
                    hash: text(),
                    aids: None,
                },
            },
            ServerFrame::Seats { seats: Vec::new() },
            ServerFrame::Started {
                hash: text(),
                told: None,
            },
            ServerFrame::Moved {
                seq: 0,
                mv: Move::decide(0, "", &[]),
                hash: text(),
                over: false,
                told: None,
                seed: None,
                salt: None,
                clock: false,
            },
            ServerFrame::Refused { why: text() },
            ServerFrame::Pong,
            ServerFrame::Queued {
                game: text(),
                players: 0,
                waiting: 0,
            },
            ServerFrame::OfferBots {
                game: text(),
                players: 0,
                waiting: 0,
            },
            ServerFrame::Unqueued,
            ServerFrame::Rematch { asked: Vec::new() },
            ServerFrame::Ratings {
                game: text(),
                players: 0,
                entries: Vec::new(),
            },
        ]
    }

    fn fields(&mut self) -> (&'static str, Vec<Keyed<'_>>) {
        match self {
            ServerFrame::Welcome { you, room } => (
                "welcome",
                vec![
                    ("you", Field::Record(you, "you")),
                    ("room", Field::Record(room, "the room")),
                ],
            ),
            ServerFrame::Seats { seats } => ("seats", vec![("seats", Field::Seats(seats))]),
            ServerFrame::Started { hash: h, told } => (
                "started",
                vec![("hash", hash(h)), ("told", Field::Tape(told))],
            ),
            ServerFrame::Moved {
                seq,
                mv,
                hash: h,
                over,
                told,
                seed,
                salt,
                clock,
            } => (
                "moved",
                vec![
                    ("seq", Field::U64(seq, "seq")),
                    ("move", Field::Move(mv)),
                    ("hash", hash(h)),
                    ("over", Field::Bool(over, "over")),
                    ("told", Field::Tape(told)),
                    ("seed", Field::MaybeU64(seed, "seed")),
                    ("salt", Field::MaybeText(salt, "the salt", 2 * SALT_LEN)),
                    ("clock", Field::Flag(clock, "clock")),
                ],
            ),
            ServerFrame::Refused { why } => {
                ("refused", vec![("why", Field::Text(why, "a reason", 4096))])
            }
            ServerFrame::Pong => ("pong", vec![]),
            ServerFrame::Queued {
                game,
                players,
                waiting,
            } => ("queued", queue_fields(game, players, waiting)),
            ServerFrame::OfferBots {
                game,
                players,
                waiting,
            } => ("offer_bots", queue_fields(game, players, waiting)),
            ServerFrame::Unqueued => ("unqueued", vec![]),
            ServerFrame::Rematch { asked } => {
                ("rematch", vec![("asked", Field::SeatNumbers(asked))])
            }
            ServerFrame::Ratings {
                game,
                players,
                entries,
            } => (
                "ratings",
                vec![
                    ("game", Field::Text(game, "the game id", MAX_NAME)),
                    ("players", Field::U64(players, "players")),
                    ("entries", Field::Ratings(entries)),
                ],
            ),
        }
    }

    fn unknown(kind: &str, _: bool, _: &[&str]) -> String {
        format!("unknown server message {}", shown(kind))
    }
}

impl ServerFrame {
    pub fn to_json(&self) -> String {
        codec::encode(self)
    }

    /// Reads a server's frame (a client does this), with the same strictness.
    pub fn parse(text: &str) -> RuleResult<ServerFrame> {
        if text.len() > MAX_SERVER_FRAME {
            return Err(Refusal(format!(
                "a server message may be at most {MAX_SERVER_FRAME} bytes; this one has {}",
                text.len()
            )));
        }
        codec::decode(text).map_err(|e| Refusal(format!("not a valid server message: {e}")))
    }
}

/// Whether a text is a well-formed room code or token of `len` characters (checked before
/// anything is looked up with it).
pub fn is_code(text: &str, len: usize) -> bool {
    text.len() == len && text.bytes().all(|b| CODE_ALPHABET.contains(&b))
}

/// Writes random bytes as a code of `len` characters (5 bits each).
pub fn code_from(bytes: &[u8], len: usize) -> String {
    (0..len)
        .map(|i| {
            let bit = i * 5;
            let word = u16::from(bytes.get(bit / 8).copied().unwrap_or(0)) << 8
                | u16::from(bytes.get(bit / 8 + 1).copied().unwrap_or(0));
            let v = (word >> (11 - bit % 8)) & 31;
            char::from(CODE_ALPHABET[v as usize])
        })
        .collect()
}

/// A text a message repeats, escaped and shortened (`strict_json::shown`).
pub fn shown_text(s: &str) -> String {
    strict_json::shown(s)
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_after_games;
