//! The frames of an online room, one JSON object per WebSocket text message, each with a
//! `"type"`. Client frames are read with the strict reader (`core::strict_json`): a key the frame
//! does not take, a missing key, a value out of range or a frame over `MAX_FRAME` bytes is refused
//! with the place and the reason. Server frames are read the same way by clients (the tests, the
//! benchmark and later the app). Moves travel in the replay codec (`core::replay`). See
//! docs/online.md.

use super::codec::{self, Field, Frames, Keyed, Record};
pub use super::values::{
    Phase, RoomView, SeatInfo, SeatPlan, SeatRequest, You, CODE_ALPHABET, MAX_DEVICE,
    MAX_PLAYER_NAME, ROOM_CODE_LEN, TOKEN_LEN,
};
use crate::core::replay::MAX_NAME;
use crate::core::strict_json::{self, shown};
use crate::core::{Move, Refusal, RuleResult};

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
    /// identity their rating is kept under (without one the game is not rated).
    Quick {
        game: String,
        name: String,
        players: Option<u64>,
        device: Option<String>,
    },
    /// Leaves the quick-match queue.
    Unqueue,
    /// Takes the server's offer (`offer_bots`): a room now with the players waiting and bots
    /// in the other seats.
    Bots,
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
            },
            ClientFrame::Unqueue,
            ClientFrame::Bots,
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
                ],
            ),
            ClientFrame::Unqueue => ("unqueue", vec![]),
            ClientFrame::Bots => ("bots", vec![]),
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
            ("seats", Field::Seats(&mut self.seats)),
            ("phase", Field::Phase(&mut self.phase)),
            ("moves", Field::Moves(&mut self.moves)),
            ("hash", hash(&mut self.hash)),
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
                    seats: Vec::new(),
                    phase: Phase::Waiting,
                    moves: Vec::new(),
                    hash: text(),
                },
            },
            ServerFrame::Seats { seats: Vec::new() },
            ServerFrame::Started { hash: text() },
            ServerFrame::Moved {
                seq: 0,
                mv: Move::decide(0, "", &[]),
                hash: text(),
                over: false,
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
            ServerFrame::Started { hash: h } => ("started", vec![("hash", hash(h))]),
            ServerFrame::Moved {
                seq,
                mv,
                hash: h,
                over,
            } => (
                "moved",
                vec![
                    ("seq", Field::U64(seq, "seq")),
                    ("move", Field::Move(mv)),
                    ("hash", hash(h)),
                    ("over", Field::Bool(over, "over")),
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
mod tests {
    use super::*;
    use crate::core::{Launch, LaunchKind, Level, Outcome};
    use nanoserde::SerJson;

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
            ClientFrame::Quick {
                game: "feud".into(),
                name: "Ann".into(),
                players: None,
                device: None,
            },
            ClientFrame::Quick {
                game: "castle".into(),
                name: "Ann".into(),
                players: Some(3),
                device: Some("d".repeat(MAX_DEVICE)),
            },
            ClientFrame::Unqueue,
            ClientFrame::Bots,
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
            ServerFrame::Queued {
                game: "castle".into(),
                players: 3,
                waiting: 2,
            },
            ServerFrame::OfferBots {
                game: "feud".into(),
                players: 2,
                waiting: 1,
            },
            ServerFrame::Unqueued,
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
            ("{\"type\":\"quick\",\"name\":\"a\"}", "lacks the key `game`"),
            ("{\"type\":\"quick\",\"game\":\"feud\",\"name\":\"a\",\"players\":-2}", "players"),
            ("{\"type\":\"quick\",\"game\":\"feud\",\"name\":\"a\",\"game\":\"castle\"}", "given twice"),
            ("{\"type\":\"quick\",\"game\":\"feud\",\"name\":\"a\",\"seats\":[]}", "a `quick` message takes no key `seats`"),
            ("{\"type\":\"unqueue\",\"game\":\"feud\"}", "takes no key `game`"),
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
    fn frames_are_written_byte_for_byte_as_the_browser_and_the_tests_read_them() {
        let pass = Move::decide(1, "pass", &[]).serialize_json();
        let create = ClientFrame::Create {
            game: "castle".into(),
            options: vec!["a".into(), "b".into()],
            seats: vec![
                SeatRequest {
                    plan: SeatPlan::Here,
                    name: "Ann".into(),
                },
                SeatRequest {
                    plan: SeatPlan::Bot(Level::Hard),
                    name: "Bot".into(),
                },
            ],
        };
        let seat = SeatInfo {
            plan: SeatPlan::Bot(Level::Easy),
            name: "B".into(),
            taken: true,
            online: false,
        };
        let room = RoomView {
            room: "0123456789abcdef".into(),
            game: "castle".into(),
            options: vec![],
            seed: 9,
            seats: vec![seat.clone()],
            phase: Phase::Over,
            moves: vec![Move::decide(1, "pass", &[])],
            hash: "h".into(),
        };
        let welcome = |token: Option<String>| ServerFrame::Welcome {
            you: You {
                seats: vec![0, 2],
                host: false,
                token,
            },
            room: room.clone(),
        };
        let seat_json = r#"{"kind":"bot","name":"B","level":"easy","taken":true,"online":false}"#;
        let room_json = format!(
            r#"{{"code":"0123456789abcdef","game":"castle","options":[],"seed":9,"seats":[{seat_json}],"phase":"over","moves":[{pass}],"hash":"h"}}"#
        );
        for (text, want) in [
            (
                create.to_json(),
                r#"{"type":"create","game":"castle","options":["a","b"],"seats":[{"kind":"here","name":"Ann"},{"kind":"bot","name":"Bot","level":"hard"}]}"#.to_string(),
            ),
            (
                ClientFrame::Join {
                    room: "r".into(),
                    name: "N \"q\"".into(),
                }
                .to_json(),
                r#"{"type":"join","room":"r","name":"N \"q\""}"#.into(),
            ),
            (
                ClientFrame::Resume {
                    room: "r".into(),
                    token: "t".into(),
                }
                .to_json(),
                r#"{"type":"resume","room":"r","token":"t"}"#.into(),
            ),
            (
                ClientFrame::Watch { room: "r".into() }.to_json(),
                r#"{"type":"watch","room":"r"}"#.into(),
            ),
            (ClientFrame::Start.to_json(), r#"{"type":"start"}"#.into()),
            (ClientFrame::Ping.to_json(), r#"{"type":"ping"}"#.into()),
            (
                ClientFrame::Move {
                    seq: 4,
                    mv: Move::decide(1, "pass", &[]),
                }
                .to_json(),
                format!(r#"{{"type":"move","seq":4,"move":{pass}}}"#),
            ),
            (
                welcome(Some("tok".into())).to_json(),
                format!(
                    r#"{{"type":"welcome","you":{{"seats":[0,2],"host":false,"token":"tok"}},"room":{room_json}}}"#
                ),
            ),
            (
                welcome(None).to_json(),
                format!(r#"{{"type":"welcome","you":{{"seats":[0,2],"host":false}},"room":{room_json}}}"#),
            ),
            (
                ServerFrame::Seats { seats: vec![seat] }.to_json(),
                format!(r#"{{"type":"seats","seats":[{seat_json}]}}"#),
            ),
            (
                ServerFrame::Started { hash: "h".into() }.to_json(),
                r#"{"type":"started","hash":"h"}"#.into(),
            ),
            (
                ServerFrame::Moved {
                    seq: 2,
                    mv: Move::decide(1, "pass", &[]),
                    hash: "h".into(),
                    over: true,
                }
                .to_json(),
                format!(r#"{{"type":"moved","seq":2,"move":{pass},"hash":"h","over":true}}"#),
            ),
            (
                ServerFrame::Refused { why: "no".into() }.to_json(),
                r#"{"type":"refused","why":"no"}"#.into(),
            ),
            (ServerFrame::Pong.to_json(), r#"{"type":"pong"}"#.into()),
            (
                ClientFrame::Quick {
                    game: "feud".into(),
                    name: "Ann".into(),
                    players: None,
                    device: None,
                }
                .to_json(),
                r#"{"type":"quick","game":"feud","name":"Ann"}"#.into(),
            ),
            (
                ClientFrame::Quick {
                    game: "castle".into(),
                    name: "Ann".into(),
                    players: Some(3),
                    device: Some("dev".into()),
                }
                .to_json(),
                r#"{"type":"quick","game":"castle","name":"Ann","players":3,"device":"dev"}"#
                    .into(),
            ),
            (ClientFrame::Unqueue.to_json(), r#"{"type":"unqueue"}"#.into()),
            (ClientFrame::Bots.to_json(), r#"{"type":"bots"}"#.into()),
            (
                ServerFrame::Queued {
                    game: "feud".into(),
                    players: 2,
                    waiting: 1,
                }
                .to_json(),
                r#"{"type":"queued","game":"feud","players":2,"waiting":1}"#.into(),
            ),
            (
                ServerFrame::OfferBots {
                    game: "feud".into(),
                    players: 2,
                    waiting: 1,
                }
                .to_json(),
                r#"{"type":"offer_bots","game":"feud","players":2,"waiting":1}"#.into(),
            ),
            (
                ServerFrame::Unqueued.to_json(),
                r#"{"type":"unqueued"}"#.into(),
            ),
        ] {
            assert_eq!(text, want);
        }
    }

    #[test]
    fn the_blanks_name_every_type_once_and_each_blank_round_trips() {
        for (types, round_trips) in [
            (
                ClientFrame::blanks()
                    .iter_mut()
                    .map(|b| b.fields().0)
                    .collect::<Vec<_>>(),
                ClientFrame::blanks()
                    .into_iter()
                    .all(|b| ClientFrame::parse(&b.to_json()) == Ok(b)),
            ),
            (
                ServerFrame::blanks()
                    .iter_mut()
                    .map(|b| b.fields().0)
                    .collect::<Vec<_>>(),
                ServerFrame::blanks()
                    .into_iter()
                    .all(|b| ServerFrame::parse(&b.to_json()) == Ok(b)),
            ),
        ] {
            let mut unique = types.clone();
            unique.sort();
            unique.dedup();
            assert_eq!(unique.len(), types.len(), "{types:?}");
            assert!(round_trips, "{types:?}");
        }
        assert_eq!(ClientFrame::blanks().len(), 10);
        assert_eq!(ServerFrame::blanks().len(), 9);
    }

    #[test]
    fn a_frame_whose_type_comes_last_is_read_the_same() {
        assert_eq!(
            ClientFrame::parse(r#"{"name":"Ben","room":"r","type":"join"}"#),
            Ok(ClientFrame::Join {
                room: "r".into(),
                name: "Ben".into(),
            })
        );
        assert_eq!(
            ServerFrame::parse(
                r#"{"over":false,"hash":"h","move":{"seat":0,"action":"pass"},"seq":1,"type":"moved"}"#
            ),
            Ok(ServerFrame::Moved {
                seq: 1,
                mv: Move::decide(0, "pass", &[]),
                hash: "h".into(),
                over: false,
            })
        );
        // Limits are the named type's, also when it comes last.
        assert!(refusal(&format!(
            r#"{{"name":"{}","room":"r","type":"join"}}"#,
            "n".repeat(25)
        ))
        .contains("longer than 24 characters"));
        assert!(refusal(r#"{"seq":1,"type":"join","room":"r","name":"n"}"#)
            .contains("a `join` message takes no key `seq`"));
    }

    #[test]
    fn refusals_name_the_line_the_column_and_the_reason() {
        for (text, says) in [
            ("{\n \"type\": \"ping\",\n \"x\": 1}", "line 3, column 2: unknown key `x` in the message (the keys are: type, game, options, seats, room, name, token, seq, move, players, device)"),
            ("{\"type\":\"ping\",\"type\":\"ping\"}", "line 1, column 16: key `type` is given twice in the message"),
            ("{\"type\":\"move\",\"seq\":18446744073709551616,\"move\":{\"seat\":0,\"action\":\"a\"}}", "line 1, column 22: seq"),
            ("{\"type\":\"move\",\"seq\":1.5,\"move\":{\"seat\":0,\"action\":\"a\"}}", "line 1, column"),
            ("{\"type\":\"move\",\"seq\":1,\"move\":{\"seat\":0,\"action\":\"a\"},\"move\":{}}", "given twice"),
            ("{\"type\":\"flyaway\"}", "unknown message type `flyaway` (the types are: create, join, resume, watch, start, move, ping, quick, unqueue, bots)"),
            ("{\"room\":\"r\"}", "the message lacks the key `type`"),
            ("{\"type\":\"watch\",\"room\":\"0123456789abcdefg\"}", "text longer than 16 characters"),
            ("{\"type\":\"create\",\"game\":\"castle\",\"options\":[],\"seats\":[{\"kind\":\"bot\",\"name\":\"b\",\"level\":\"godlike\"}]}", "a bot's level is `easy`, `normal` or `hard`, not `godlike`"),
        ] {
            let got = refusal(text);
            assert!(got.starts_with("not a valid message: "), "{text}: {got}");
            assert!(got.contains(says), "{text}: {got}");
        }
    }

    #[test]
    fn malformed_server_frames_are_refused_with_the_reason() {
        let seat = r#"{"kind":"here","name":"A","taken":true,"online":true}"#;
        let room = format!(
            r#"{{"code":"0123456789abcdef","game":"castle","options":[],"seed":1,"seats":[{seat}],"phase":"waiting","moves":[],"hash":""}}"#
        );
        let good =
            format!(r#"{{"type":"welcome","you":{{"seats":[0],"host":true}},"room":{room}}}"#);
        assert!(ServerFrame::parse(&good).is_ok());
        for (text, says) in [
            (
                r#"{"type":"boom"}"#.to_string(),
                "unknown server message `boom`",
            ),
            (
                r#"{"type":"moved","seq":1}"#.into(),
                "a `moved` message lacks the key `move`",
            ),
            (
                r#"{"type":"pong","why":"x"}"#.into(),
                "a `pong` message takes no key `why`",
            ),
            (
                r#"{"type":"pong","code":"x"}"#.into(),
                "unknown key `code` in the server's message",
            ),
            (
                r#"{"type":"welcome","you":{"seats":[0],"host":true}}"#.into(),
                "lacks the key `room`",
            ),
            (
                good.replace("\"host\":true", "\"host\":1"),
                "host (true or false)",
            ),
            (
                good.replace("\"host\":true", "\"host\":true,\"extra\":1"),
                "unknown key `extra` in you",
            ),
            (good.replace("\"seats\":[0]", "\"seats\":[10]"), "a seat"),
            (
                good.replace("\"waiting\"", "\"paused\""),
                "unknown phase `paused`",
            ),
            (
                good.replace(",\"hash\":\"\"", ""),
                "the room lacks the key `hash`",
            ),
            (
                good.replace("\"here\"", "\"alien\""),
                "seat 0: unknown kind `alien`",
            ),
            (
                good.replace(",\"online\":true", ""),
                "seat 0 lacks the key `online`",
            ),
            (good.replace("\"seed\":1", "\"seed\":-1"), "seed"),
        ] {
            let got = ServerFrame::parse(&text)
                .err()
                .map(|e| e.0)
                .unwrap_or_default();
            assert!(
                got.starts_with("not a valid server message: line 1, column "),
                "{text}: {got}"
            );
            assert!(got.contains(says), "{text}: {got}");
        }
        let big = "x".repeat(MAX_SERVER_FRAME + 1);
        assert!(ServerFrame::parse(&big)
            .err()
            .is_some_and(|e| e.0.contains("at most 16777216 bytes")));
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
