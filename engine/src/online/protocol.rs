//! The frames of an online room, one JSON object per WebSocket text message, each with a
//! `"type"`. Client frames are read with the strict reader (`core::strict_json`): a key the frame
//! does not take, a missing key, a value out of range or a frame over `MAX_FRAME` bytes is refused
//! with the place and the reason. Server frames are read the same way by clients (the tests, the
//! benchmark and later the app). Moves travel in the replay codec (`core::replay`). See
//! docs/online.md.

use crate::core::replay::{read_move, MAX_NAME, MAX_OPTIONS};
use crate::core::strict_json::{self, shown, ReadResult, Reader};
use crate::core::{Level, Move, Refusal, RuleResult};
use nanoserde::SerJson;

/// The largest frame a client may send (bytes): a move is a few hundred bytes.
pub const MAX_FRAME: usize = 16 * 1024;
/// The largest frame a client reads from the server (a welcome carries the whole log).
pub const MAX_SERVER_FRAME: usize = 16 << 20;
/// A player's name, as on a seat (`core::seat::check_seats`).
pub const MAX_PLAYER_NAME: usize = 24;
/// Room codes and seat tokens are written in this alphabet (Crockford's base 32, lower case).
pub const CODE_ALPHABET: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";
/// A room code: 16 characters of base 32, 80 random bits.
pub const ROOM_CODE_LEN: usize = 16;
/// A seat token: 26 characters of base 32, 130 random bits.
pub const TOKEN_LEN: usize = 26;

/// How a seat of a new room is filled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatPlan {
    /// Played on the host's device (hot seat).
    Here,
    /// Kept for a friend who opens the invite link.
    Invited,
    /// Played by the server's bot at this level.
    Bot(Level),
}

impl SeatPlan {
    pub fn name(self) -> &'static str {
        match self {
            SeatPlan::Here => "here",
            SeatPlan::Invited => "invited",
            SeatPlan::Bot(_) => "bot",
        }
    }
}

/// One seat as the host asks for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRequest {
    pub plan: SeatPlan,
    /// The seat's name (an invited seat takes its player's name when they join).
    pub name: String,
}

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
}

/// A seat as every client sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatInfo {
    pub plan: SeatPlan,
    pub name: String,
    /// An invited seat someone has joined (a here or bot seat is always taken).
    pub taken: bool,
    /// Someone holding this seat is connected now (a bot seat: always).
    pub online: bool,
}

/// Where a room is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Waiting,
    Playing,
    Over,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Waiting => "waiting",
            Phase::Playing => "playing",
            Phase::Over => "over",
        }
    }
}

/// Everything a client needs to follow a room: its setup, its seats and its whole log (the
/// replay's moves, as the referee would read them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomView {
    pub room: String,
    pub game: String,
    pub options: Vec<String>,
    pub seed: u64,
    pub seats: Vec<SeatInfo>,
    pub phase: Phase,
    pub moves: Vec<Move>,
    /// `state_hash` after the last move ("" before the game starts).
    pub hash: String,
}

/// Who a welcomed client is in the room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct You {
    /// The seats this client may move for (none for a watcher).
    pub seats: Vec<usize>,
    pub host: bool,
    /// The seat token, to keep and `resume` with (none for a watcher).
    pub token: Option<String>,
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
    },
    /// A move was stored: its place in the log, the move as logged (a shot with the outcome the
    /// server simulated) and the state hash after it.
    Moved {
        seq: u64,
        mv: Move,
        hash: String,
        over: bool,
    },
    /// The last frame was refused; nothing changed.
    Refused {
        why: String,
    },
    Pong,
}

fn quoted(s: &str) -> String {
    s.to_string().serialize_json()
}

fn list_of(items: impl Iterator<Item = String>) -> String {
    format!("[{}]", items.collect::<Vec<_>>().join(","))
}

impl ClientFrame {
    pub fn to_json(&self) -> String {
        match self {
            ClientFrame::Create {
                game,
                options,
                seats,
            } => {
                let seats = list_of(seats.iter().map(|s| {
                    let level = match s.plan {
                        SeatPlan::Bot(l) => format!(",\"level\":{}", quoted(l.name())),
                        _ => String::new(),
                    };
                    format!(
                        "{{\"kind\":{},\"name\":{}{level}}}",
                        quoted(s.plan.name()),
                        quoted(&s.name)
                    )
                }));
                format!(
                    "{{\"type\":\"create\",\"game\":{},\"options\":{},\"seats\":{seats}}}",
                    quoted(game),
                    list_of(options.iter().map(|o| quoted(o)))
                )
            }
            ClientFrame::Join { room, name } => format!(
                "{{\"type\":\"join\",\"room\":{},\"name\":{}}}",
                quoted(room),
                quoted(name)
            ),
            ClientFrame::Resume { room, token } => format!(
                "{{\"type\":\"resume\",\"room\":{},\"token\":{}}}",
                quoted(room),
                quoted(token)
            ),
            ClientFrame::Watch { room } => {
                format!("{{\"type\":\"watch\",\"room\":{}}}", quoted(room))
            }
            ClientFrame::Start => "{\"type\":\"start\"}".into(),
            ClientFrame::Move { seq, mv } => format!(
                "{{\"type\":\"move\",\"seq\":{seq},\"move\":{}}}",
                mv.serialize_json()
            ),
            ClientFrame::Ping => "{\"type\":\"ping\"}".into(),
        }
    }

    /// Reads a client's frame, refusing anything else with the place and the reason.
    pub fn parse(text: &str) -> RuleResult<ClientFrame> {
        if text.len() > MAX_FRAME {
            return Err(Refusal(format!(
                "a message may be at most {MAX_FRAME} bytes; this one has {}",
                text.len()
            )));
        }
        read_client(text).map_err(|e| Refusal(format!("not a valid message: {e}")))
    }
}

const CLIENT_KEYS: [&str; 9] = [
    "type", "game", "options", "seats", "room", "name", "token", "seq", "move",
];

/// Which keys (indices into `CLIENT_KEYS`) each type of client frame takes, all required.
fn client_keys(kind: &str) -> Option<&'static [usize]> {
    Some(match kind {
        "create" => &[0, 1, 2, 3],
        "join" => &[0, 4, 5],
        "resume" => &[0, 4, 6],
        "watch" => &[0, 4],
        "start" | "ping" => &[0],
        "move" => &[0, 7, 8],
        _ => return None,
    })
}

fn read_client(text: &str) -> ReadResult<ClientFrame> {
    let mut r = Reader::new(text);
    let mut kind = String::new();
    let (mut game, mut room, mut name, mut token) =
        (String::new(), String::new(), String::new(), String::new());
    let mut options = Vec::new();
    let mut seats = Vec::new();
    let mut seq = 0u64;
    let mut mv = None;
    let seen = r.object("the message", &CLIENT_KEYS, |r, k| {
        match k {
            0 => kind = r.string("the message's type", MAX_NAME)?,
            1 => game = r.string("the game id", MAX_NAME)?,
            2 => r.array("options", MAX_OPTIONS, |r, _| {
                options.push(r.string("an option", MAX_NAME)?);
                Ok(())
            })?,
            3 => r.array("seats", crate::core::seat::MAX_SEATS, |r, i| {
                seats.push(read_seat_request(r, i)?);
                Ok(())
            })?,
            4 => room = r.string("a room code", ROOM_CODE_LEN)?,
            5 => name = r.string("a name", MAX_PLAYER_NAME)?,
            6 => token = r.string("a seat token", TOKEN_LEN)?,
            7 => seq = r.u64("seq")?,
            _ => mv = Some(read_move(r, 0)?),
        }
        Ok(())
    })?;
    r.end()?;
    let Some(keys) = client_keys(&kind) else {
        return Err(r.error(if seen[0] {
            format!(
                "unknown message type {} (the types are: create, join, resume, watch, start, \
                 move, ping)",
                shown(&kind)
            )
        } else {
            "the message lacks the key `type`".into()
        }));
    };
    r.require(&format!("a `{kind}` message"), &CLIENT_KEYS, &seen, keys)?;
    if let Some(extra) = (0..CLIENT_KEYS.len()).find(|k| seen[*k] && !keys.contains(k)) {
        return Err(r.error(format!(
            "a `{kind}` message takes no key `{}`",
            CLIENT_KEYS[extra]
        )));
    }
    Ok(match kind.as_str() {
        "create" => ClientFrame::Create {
            game,
            options,
            seats,
        },
        "join" => ClientFrame::Join { room, name },
        "resume" => ClientFrame::Resume { room, token },
        "watch" => ClientFrame::Watch { room },
        "start" => ClientFrame::Start,
        "ping" => ClientFrame::Ping,
        _ => ClientFrame::Move {
            seq,
            mv: mv.unwrap_or_else(|| Move::decide(0, "", &[])),
        },
    })
}

fn read_seat_request(r: &mut Reader, i: usize) -> ReadResult<SeatRequest> {
    let what = format!("seat {i}");
    const KEYS: [&str; 3] = ["kind", "name", "level"];
    let (mut kind, mut name, mut level) = (String::new(), String::new(), None);
    let seen = r.object(&what, &KEYS, |r, k| {
        match k {
            0 => kind = r.string("a seat's kind", MAX_NAME)?,
            1 => name = r.string("a seat's name", MAX_PLAYER_NAME)?,
            _ => level = Some(read_level(r)?),
        }
        Ok(())
    })?;
    r.require(&what, &KEYS, &seen, &[0, 1])?;
    let plan = match kind.as_str() {
        "here" if level.is_none() => SeatPlan::Here,
        "invited" if level.is_none() => SeatPlan::Invited,
        "bot" => SeatPlan::Bot(level.unwrap_or_default()),
        "here" | "invited" => {
            return Err(r.error(format!("{what}: only a bot seat has a level")));
        }
        other => {
            return Err(r.error(format!(
                "{what}: a seat is `here`, `invited` or `bot`, not {}",
                shown(other)
            )))
        }
    };
    Ok(SeatRequest { plan, name })
}

fn read_level(r: &mut Reader) -> ReadResult<Level> {
    let name = r.string("a bot's level", MAX_NAME)?;
    Level::from_name(&name).ok_or_else(|| {
        r.error(format!(
            "a bot's level is `easy`, `normal` or `hard`, not {}",
            shown(&name)
        ))
    })
}

fn seats_json(seats: &[SeatInfo]) -> String {
    list_of(seats.iter().map(|s| {
        let level = match s.plan {
            SeatPlan::Bot(l) => format!(",\"level\":{}", quoted(l.name())),
            _ => String::new(),
        };
        format!(
            "{{\"kind\":{},\"name\":{}{level},\"taken\":{},\"online\":{}}}",
            quoted(s.plan.name()),
            quoted(&s.name),
            s.taken,
            s.online
        )
    }))
}

impl ServerFrame {
    pub fn to_json(&self) -> String {
        match self {
            ServerFrame::Welcome { you, room } => {
                let token = match &you.token {
                    Some(t) => format!(",\"token\":{}", quoted(t)),
                    None => String::new(),
                };
                format!(
                    "{{\"type\":\"welcome\",\"you\":{{\"seats\":{},\"host\":{}{token}}},\
                     \"room\":{{\"code\":{},\"game\":{},\"options\":{},\"seed\":{},\"seats\":{},\
                     \"phase\":{},\"moves\":{},\"hash\":{}}}}}",
                    list_of(you.seats.iter().map(|s| s.to_string())),
                    you.host,
                    quoted(&room.room),
                    quoted(&room.game),
                    list_of(room.options.iter().map(|o| quoted(o))),
                    room.seed,
                    seats_json(&room.seats),
                    quoted(room.phase.name()),
                    list_of(room.moves.iter().map(|m| m.serialize_json())),
                    quoted(&room.hash)
                )
            }
            ServerFrame::Seats { seats } => {
                format!("{{\"type\":\"seats\",\"seats\":{}}}", seats_json(seats))
            }
            ServerFrame::Started { hash } => {
                format!("{{\"type\":\"started\",\"hash\":{}}}", quoted(hash))
            }
            ServerFrame::Moved {
                seq,
                mv,
                hash,
                over,
            } => format!(
                "{{\"type\":\"moved\",\"seq\":{seq},\"move\":{},\"hash\":{},\"over\":{over}}}",
                mv.serialize_json(),
                quoted(hash)
            ),
            ServerFrame::Refused { why } => {
                format!("{{\"type\":\"refused\",\"why\":{}}}", quoted(why))
            }
            ServerFrame::Pong => "{\"type\":\"pong\"}".into(),
        }
    }

    /// Reads a server's frame (a client does this), with the same strictness.
    pub fn parse(text: &str) -> RuleResult<ServerFrame> {
        if text.len() > MAX_SERVER_FRAME {
            return Err(Refusal(format!(
                "a server message may be at most {MAX_SERVER_FRAME} bytes; this one has {}",
                text.len()
            )));
        }
        read_server(text).map_err(|e| Refusal(format!("not a valid server message: {e}")))
    }
}

const SERVER_KEYS: [&str; 10] = [
    "type", "you", "room", "seats", "hash", "seq", "move", "over", "why", "code",
];

fn read_server(text: &str) -> ReadResult<ServerFrame> {
    let mut r = Reader::new(text);
    let mut kind = String::new();
    let mut you = You {
        seats: Vec::new(),
        host: false,
        token: None,
    };
    let mut room = None;
    let mut seats = Vec::new();
    let (mut hash, mut why) = (String::new(), String::new());
    let (mut seq, mut over, mut mv) = (0u64, false, None);
    let seen = r.object("the server's message", &SERVER_KEYS, |r, k| {
        match k {
            0 => kind = r.string("the message's type", MAX_NAME)?,
            1 => you = read_you(r)?,
            2 => room = Some(read_room(r)?),
            3 => seats = read_seats(r)?,
            4 => hash = r.string("a hash", 16)?,
            5 => seq = r.u64("seq")?,
            6 => mv = Some(read_move(r, 0)?),
            7 => over = r.bool("over")?,
            8 => why = r.string("a reason", 4096)?,
            _ => return Err(r.error("`code` belongs in a room".into())),
        }
        Ok(())
    })?;
    r.end()?;
    let need: &[usize] = match kind.as_str() {
        "welcome" => &[1, 2],
        "seats" => &[3],
        "started" => &[4],
        "moved" => &[4, 5, 6, 7],
        "refused" => &[8],
        "pong" => &[],
        other => return Err(r.error(format!("unknown server message {}", shown(other)))),
    };
    r.require(&format!("a `{kind}` message"), &SERVER_KEYS, &seen, need)?;
    Ok(match kind.as_str() {
        "welcome" => match room {
            Some(room) => ServerFrame::Welcome { you, room },
            None => return Err(r.error("a welcome lacks its room".into())),
        },
        "seats" => ServerFrame::Seats { seats },
        "started" => ServerFrame::Started { hash },
        "moved" => ServerFrame::Moved {
            seq,
            mv: mv.unwrap_or_else(|| Move::decide(0, "", &[])),
            hash,
            over,
        },
        "refused" => ServerFrame::Refused { why },
        _ => ServerFrame::Pong,
    })
}

fn read_you(r: &mut Reader) -> ReadResult<You> {
    const KEYS: [&str; 3] = ["seats", "host", "token"];
    let mut you = You {
        seats: Vec::new(),
        host: false,
        token: None,
    };
    let seen = r.object("you", &KEYS, |r, k| {
        match k {
            0 => r.array("your seats", crate::core::seat::MAX_SEATS, |r, _| {
                you.seats.push(r.int("a seat", 0, 9)? as usize);
                Ok(())
            })?,
            1 => you.host = r.bool("host")?,
            _ => you.token = Some(r.string("a seat token", TOKEN_LEN)?),
        }
        Ok(())
    })?;
    r.require("you", &KEYS, &seen, &[0, 1])?;
    Ok(you)
}

fn read_seats(r: &mut Reader) -> ReadResult<Vec<SeatInfo>> {
    let mut out = Vec::new();
    r.array("seats", crate::core::seat::MAX_SEATS, |r, i| {
        let what = format!("seat {i}");
        const KEYS: [&str; 5] = ["kind", "name", "level", "taken", "online"];
        let mut s = SeatInfo {
            plan: SeatPlan::Here,
            name: String::new(),
            taken: false,
            online: false,
        };
        let (mut kind, mut level) = (String::new(), None);
        let seen = r.object(&what, &KEYS, |r, k| {
            match k {
                0 => kind = r.string("a seat's kind", MAX_NAME)?,
                1 => s.name = r.string("a seat's name", MAX_PLAYER_NAME)?,
                2 => level = Some(read_level(r)?),
                3 => s.taken = r.bool("taken")?,
                _ => s.online = r.bool("online")?,
            }
            Ok(())
        })?;
        r.require(&what, &KEYS, &seen, &[0, 1, 3, 4])?;
        s.plan = match kind.as_str() {
            "here" => SeatPlan::Here,
            "invited" => SeatPlan::Invited,
            "bot" => SeatPlan::Bot(level.unwrap_or_default()),
            other => return Err(r.error(format!("{what}: unknown kind {}", shown(other)))),
        };
        out.push(s);
        Ok(())
    })?;
    Ok(out)
}

fn read_room(r: &mut Reader) -> ReadResult<RoomView> {
    const KEYS: [&str; 8] = [
        "code", "game", "options", "seed", "seats", "phase", "moves", "hash",
    ];
    let mut v = RoomView {
        room: String::new(),
        game: String::new(),
        options: Vec::new(),
        seed: 0,
        seats: Vec::new(),
        phase: Phase::Waiting,
        moves: Vec::new(),
        hash: String::new(),
    };
    let seen = r.object("the room", &KEYS, |r, k| {
        match k {
            0 => v.room = r.string("a room code", ROOM_CODE_LEN)?,
            1 => v.game = r.string("the game id", MAX_NAME)?,
            2 => r.array("options", MAX_OPTIONS, |r, _| {
                v.options.push(r.string("an option", MAX_NAME)?);
                Ok(())
            })?,
            3 => v.seed = r.u64("seed")?,
            4 => v.seats = read_seats(r)?,
            5 => {
                v.phase = match r.string("the phase", MAX_NAME)?.as_str() {
                    "waiting" => Phase::Waiting,
                    "playing" => Phase::Playing,
                    "over" => Phase::Over,
                    other => return Err(r.error(format!("unknown phase {}", shown(other)))),
                }
            }
            6 => r.array("moves", usize::MAX, |r, i| {
                v.moves.push(read_move(r, i)?);
                Ok(())
            })?,
            _ => v.hash = r.string("a hash", 16)?,
        }
        Ok(())
    })?;
    r.require("the room", &KEYS, &seen, &[0, 1, 2, 3, 4, 5, 6, 7])?;
    Ok(v)
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
mod tests {
    use super::*;
    use crate::core::{Launch, LaunchKind, Outcome};

    fn shot() -> Move {
        Move {
            outcome: Some(Outcome {
                facts: vec![crate::core::Fact::new("ammo_in_tower", &[1, 2])],
                steps: 310,
                hash: "00112233445566aa".into(),
            }),
            ..Move::shot(
                1,
                Launch {
                    kind: LaunchKind::Catapult,
                    angle: 450,
                    power: 700,
                    ..Launch::default()
                },
            )
        }
    }

    #[test]
    fn every_client_frame_round_trips() {
        let frames = [
            ClientFrame::Create {
                game: "castle".into(),
                options: vec!["beginners".into()],
                seats: vec![
                    SeatRequest {
                        plan: SeatPlan::Here,
                        name: "Ann \"the\" bold".into(),
                    },
                    SeatRequest {
                        plan: SeatPlan::Invited,
                        name: "Friend".into(),
                    },
                    SeatRequest {
                        plan: SeatPlan::Bot(Level::Hard),
                        name: "Bot".into(),
                    },
                ],
            },
            ClientFrame::Join {
                room: "0123456789abcdef".into(),
                name: "Ben".into(),
            },
            ClientFrame::Resume {
                room: "0123456789abcdef".into(),
                token: "t".repeat(TOKEN_LEN),
            },
            ClientFrame::Watch {
                room: "0123456789abcdef".into(),
            },
            ClientFrame::Start,
            ClientFrame::Move {
                seq: 7,
                mv: Move::decide(0, "place", &[3, -4]),
            },
            ClientFrame::Move { seq: 8, mv: shot() },
            ClientFrame::Ping,
        ];
        for f in frames {
            assert_eq!(ClientFrame::parse(&f.to_json()), Ok(f.clone()), "{f:?}");
        }
    }

    #[test]
    fn every_server_frame_round_trips() {
        let seats = vec![
            SeatInfo {
                plan: SeatPlan::Here,
                name: "Ann".into(),
                taken: true,
                online: true,
            },
            SeatInfo {
                plan: SeatPlan::Bot(Level::Easy),
                name: "Bot 2".into(),
                taken: true,
                online: true,
            },
        ];
        let frames = [
            ServerFrame::Welcome {
                you: You {
                    seats: vec![0],
                    host: true,
                    token: Some("a".repeat(TOKEN_LEN)),
                },
                room: RoomView {
                    room: "0123456789abcdef".into(),
                    game: "castle".into(),
                    options: vec![],
                    seed: u64::MAX,
                    seats: seats.clone(),
                    phase: Phase::Playing,
                    moves: vec![Move::decide(0, "pass", &[]), shot()],
                    hash: "0011223344556677".into(),
                },
            },
            ServerFrame::Seats { seats },
            ServerFrame::Started {
                hash: "0011223344556677".into(),
            },
            ServerFrame::Moved {
                seq: 3,
                mv: shot(),
                hash: "0011223344556677".into(),
                over: true,
            },
            ServerFrame::Refused {
                why: "it is seat 0's turn, not seat 1's".into(),
            },
            ServerFrame::Pong,
        ];
        for f in frames {
            assert_eq!(ServerFrame::parse(&f.to_json()), Ok(f.clone()), "{f:?}");
        }
    }

    fn refusal(text: &str) -> String {
        ClientFrame::parse(text)
            .err()
            .map(|e| e.0)
            .unwrap_or_default()
    }

    #[test]
    fn malformed_client_frames_are_refused_with_the_reason() {
        for (text, says) in [
            ("", "expected the message"),
            ("{", "a key in quotes"),
            ("[]", "an object in braces"),
            ("{}", "lacks the key `type`"),
            ("{\"type\":\"fly\"}", "unknown message type `fly`"),
            ("{\"type\":\"join\",\"room\":\"abc\"}", "lacks the key `name`"),
            ("{\"type\":\"start\",\"seq\":1}", "takes no key `seq`"),
            ("{\"type\":\"start\"} {}", "after the end"),
            ("{\"type\":\"start\",\"type\":\"ping\"}", "given twice"),
            ("{\"type\":\"move\",\"seq\":-1,\"move\":{}}", "seq"),
            ("{\"type\":\"move\",\"seq\":1,\"move\":{\"seat\":0}}", "lacks the key `action`"),
            ("{\"type\":\"hack\",\"x\":1}", "unknown key `x`"),
            (
                "{\"type\":\"create\",\"game\":\"castle\",\"options\":[],\"seats\":[{\"kind\":\"robot\",\"name\":\"a\"}]}",
                "not `robot`",
            ),
            (
                "{\"type\":\"create\",\"game\":\"castle\",\"options\":[],\"seats\":[{\"kind\":\"here\",\"name\":\"a\",\"level\":\"hard\"}]}",
                "only a bot seat has a level",
            ),
        ] {
            let got = refusal(text);
            assert!(got.contains(says), "{text}: {got}");
        }
        let big = format!(
            "{{\"type\":\"join\",\"room\":\"{}\"}}",
            "a".repeat(MAX_FRAME)
        );
        assert!(refusal(&big).contains("at most 16384 bytes"));
    }

    #[test]
    fn codes_use_every_bit_and_only_the_alphabet() {
        let code = code_from(&[0xff; 10], ROOM_CODE_LEN);
        assert_eq!(code, "z".repeat(16));
        assert_eq!(code_from(&[0; 10], ROOM_CODE_LEN), "0".repeat(16));
        let code = code_from(&[0x08, 0x42, 0x10, 0x84, 0x21], 8);
        assert_eq!(code, "11111111");
        assert!(is_code(&code_from(&[7; 17], TOKEN_LEN), TOKEN_LEN));
        assert!(!is_code("0123456789ABCDEF", ROOM_CODE_LEN), "upper case");
        assert!(!is_code("0123456789abcde", ROOM_CODE_LEN), "too short");
    }
}
