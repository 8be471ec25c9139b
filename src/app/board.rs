//! Today's challenge board, from the app: the diary's waiting results sent one at a time to the
//! page's own server (`POST /challenge/GAME/DATE?name=&device=&claim=` with the replay), the
//! day's board fetched after (`GET /challenge/GAME/DATE?device=`), both through `web/ct_net.js`.
//! Everything the server says is untrusted text: a reply that does not read is a refusal in
//! words, never a crash. The desktop build is offline: its results stay in the diary.
//!
//! A result that cannot be sent now (no connection, a server error, a page without a board)
//! stays queued and is tried again later; one the board refuses (a limit, a replay it does not
//! accept) leaves the queue with the board's reason.

use super::diary::{Diary, Outgoing};
use nanoserde::DeJson;

#[cfg(target_arch = "wasm32")]
mod web {
    extern "C" {
        pub fn ct_http_start(
            mp: *const u8,
            mn: usize,
            up: *const u8,
            un: usize,
            bp: *const u8,
            bn: usize,
        ) -> i32;
        pub fn ct_http_status(id: i32) -> i32;
        pub fn ct_http_len(id: i32) -> i32;
        pub fn ct_http_take(id: i32, buf: *mut u8, cap: usize) -> i32;
    }
}

/// The longest reply read (a board of 50 entries is about 8 KB).
#[cfg(target_arch = "wasm32")]
const MAX_REPLY: usize = 64 * 1024;
/// Seconds before a result that could not be sent is tried again.
const RETRY_OFFLINE: f64 = 20.0;
const RETRY_NO_BOARD: f64 = 300.0;

/// A request under way.
pub struct Request {
    #[cfg(target_arch = "wasm32")]
    id: i32,
}

/// A request's answer: the HTTP status (0: no connection) and the body.
#[derive(Clone, Debug, PartialEq)]
pub struct Reply {
    pub status: u16,
    pub body: String,
}

impl Request {
    /// Starts a request to this page's own server; None where there is no server (the desktop).
    pub fn start(method: &str, path: &str, body: &str) -> Option<Request> {
        #[cfg(target_arch = "wasm32")]
        {
            // SAFETY: pointers and lengths describe live UTF-8 buffers for the call.
            let id = unsafe {
                web::ct_http_start(
                    method.as_ptr(),
                    method.len(),
                    path.as_ptr(),
                    path.len(),
                    body.as_ptr(),
                    body.len(),
                )
            };
            Some(Request { id })
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            let _ = (method, path, body);
            None
        }
    }

    /// Whether this build can reach a board (the web build).
    pub fn can_send() -> bool {
        cfg!(target_arch = "wasm32")
    }

    /// The answer once it has come.
    pub fn poll(&self) -> Option<Reply> {
        #[cfg(target_arch = "wasm32")]
        {
            // SAFETY: plain calls; the plugin writes at most `cap` bytes into the live buffer.
            unsafe {
                let status = web::ct_http_status(self.id);
                if status == -1 {
                    return None;
                }
                let n = web::ct_http_len(self.id);
                if status < 0 || n < 0 || n as usize > MAX_REPLY {
                    let mut dump = [0u8; 1];
                    web::ct_http_take(self.id, dump.as_mut_ptr(), 0);
                    return Some(Reply {
                        status: if status < 0 { 0 } else { status as u16 },
                        body: String::new(),
                    });
                }
                let mut buf = vec![0u8; n as usize];
                let got = web::ct_http_take(self.id, buf.as_mut_ptr(), buf.len());
                buf.truncate(got.max(0) as usize);
                Some(Reply {
                    status: status.clamp(0, 999) as u16,
                    body: String::from_utf8_lossy(&buf).into_owned(),
                })
            }
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            None
        }
    }
}

/// What the board said of a result sent to it.
#[derive(Clone, Debug, PartialEq, DeJson)]
pub struct Ranked {
    pub rank: u32,
    pub players: u32,
    pub score: i64,
}

/// One entry of a day's board.
#[derive(Clone, Debug, PartialEq, DeJson)]
pub struct Entry {
    pub rank: u32,
    pub name: String,
    pub score: i64,
    #[nserde(default)]
    pub you: bool,
}

/// A day's board, best first.
#[derive(Clone, Debug, PartialEq, DeJson)]
pub struct Standings {
    pub game: String,
    pub day: String,
    pub players: u32,
    pub entries: Vec<Entry>,
}

/// Where a result stands with the board, for the results screen.
#[derive(Clone, Debug, PartialEq)]
pub enum Status {
    /// Waiting to be sent, or on its way.
    Sending,
    Ranked {
        rank: u32,
        players: u32,
    },
    /// Not sent yet: no connection (tried again later).
    Offline,
    /// This page has no board (served without the game's server): kept on the device.
    NoBoard,
    /// The board would not take it, in its words.
    Refused(String),
    /// The desktop build has no board.
    OfflineBuild,
}

/// `application/x-www-form-urlencoded`-safe text for a query value.
pub fn encode_query(text: &str) -> String {
    let mut out = String::new();
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

pub fn submit_path(o: &Outgoing, name: &str, token: &str) -> String {
    format!(
        "/challenge/{}/{}?name={}&device={}&claim={}",
        encode_query(&o.game),
        encode_query(&o.day),
        encode_query(name),
        encode_query(token),
        o.claim
    )
}

pub fn board_path(game: &str, day: &str, token: &str) -> String {
    format!(
        "/challenge/{}/{}?device={}",
        encode_query(game),
        encode_query(day),
        encode_query(token)
    )
}

/// What an answer to a sent result means: (status, whether it leaves the queue).
pub fn read_submit(reply: &Reply) -> (Status, bool) {
    match reply.status {
        200 => match Ranked::deserialize_json(&reply.body) {
            Ok(r) => (
                Status::Ranked {
                    rank: r.rank,
                    players: r.players,
                },
                true,
            ),
            Err(_) => (
                Status::Refused("the board's answer could not be read".into()),
                false,
            ),
        },
        0 => (Status::Offline, false),
        404 | 405 => (Status::NoBoard, false),
        400..=499 => (Status::Refused(plain_reason(&reply.body)), true),
        _ => (Status::Offline, false),
    }
}

/// The board's reason as a short plain sentence (it is untrusted text).
pub fn plain_reason(body: &str) -> String {
    let t: String = body.chars().filter(|c| !c.is_control()).take(160).collect();
    let t = t.trim();
    if t.is_empty() {
        "the board did not say why".into()
    } else {
        t.to_string()
    }
}

/// The app's challenge state: the device's diary and the courier that sends it to the board.
pub struct Daily {
    pub diary: Diary,
    pub courier: Courier,
}

/// Sends the diary's waiting results one at a time and fetches the board of the last one sent.
#[derive(Default)]
pub struct Courier {
    sending: Option<(Request, String, String)>,
    fetching: Option<(Request, String, String)>,
    next_try: f64,
    /// Each (game, day) this session sent or tried: where it stands.
    pub status: Vec<((String, String), Status)>,
    /// The last board fetched.
    pub board: Option<Standings>,
}

/// What a frame of the courier did, for the log and the diary's save.
#[derive(Debug, PartialEq)]
pub enum Done {
    Nothing,
    /// The diary changed (a result sent or refused): save it.
    Changed(String),
}

impl Courier {
    pub fn status_of(&self, game: &str, day: &str) -> Option<&Status> {
        self.status
            .iter()
            .find(|((g, d), _)| g == game && d == day)
            .map(|(_, s)| s)
    }

    fn set(&mut self, game: &str, day: &str, s: Status) {
        match self
            .status
            .iter_mut()
            .find(|((g, d), _)| g == game && d == day)
        {
            Some(slot) => slot.1 = s,
            None => self.status.push(((game.into(), day.into()), s)),
        }
    }

    /// Whether this frame's `tick` starts sending a result (it then needs the player's name).
    pub fn will_send(&self, now: f64, diary: &Diary) -> bool {
        self.sending.is_none() && now >= self.next_try && !diary.outbox.is_empty()
    }

    /// Try a waiting result now (the results screen of a challenge just opened).
    pub fn hurry(&mut self) {
        self.next_try = 0.0;
    }

    /// One frame: polls what is under way and starts the next send when it is time.
    pub fn tick(&mut self, now: f64, diary: &mut Diary, name: &str) -> Done {
        let mut done = Done::Nothing;
        if let Some((req, game, day)) = self.sending.take() {
            match req.poll() {
                None => self.sending = Some((req, game, day)),
                Some(reply) => {
                    let (status, leaves) = read_submit(&reply);
                    match &status {
                        Status::Ranked { rank, players } => {
                            diary.sent(&game, &day, *rank, *players);
                            self.fetching =
                                Request::start("GET", &board_path(&game, &day, &diary.token), "")
                                    .map(|r| (r, game.clone(), day.clone()));
                        }
                        Status::Offline => self.next_try = now + RETRY_OFFLINE,
                        Status::NoBoard => self.next_try = now + RETRY_NO_BOARD,
                        _ if leaves => diary.refused(&game, &day),
                        _ => self.next_try = now + RETRY_OFFLINE,
                    }
                    done = Done::Changed(format!(
                        "board-sent {game} {day} status={} {status:?}",
                        reply.status
                    ));
                    self.set(&game, &day, status);
                }
            }
        }
        if let Some((req, game, day)) = self.fetching.take() {
            match req.poll() {
                None => self.fetching = Some((req, game, day)),
                Some(reply) if reply.status == 200 => {
                    if let Ok(s) = Standings::deserialize_json(&reply.body) {
                        if s.game == game && s.day == day {
                            self.board = Some(s);
                        }
                    }
                }
                Some(_) => {}
            }
        }
        if self.sending.is_none() && now >= self.next_try {
            if let Some(o) = diary.outbox.first().cloned() {
                match Request::start("POST", &submit_path(&o, name, &diary.token), &o.replay) {
                    Some(r) => {
                        self.set(&o.game, &o.day, Status::Sending);
                        self.sending = Some((r, o.game, o.day));
                    }
                    None => {
                        self.set(&o.game, &o.day, Status::OfflineBuild);
                        self.next_try = f64::INFINITY;
                    }
                }
            }
        }
        done
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::games::castle::INFO as CASTLE;

    fn reply(status: u16, body: &str) -> Reply {
        Reply {
            status,
            body: body.into(),
        }
    }

    #[test]
    fn a_query_value_is_encoded() {
        assert_eq!(encode_query("Ada Lovelace&x=1"), "Ada%20Lovelace%26x%3D1");
        assert_eq!(encode_query("Zoë"), "Zo%C3%AB");
        let o = Outgoing {
            game: CASTLE.id.into(),
            day: "2026-12-04".into(),
            claim: 24,
            replay: String::new(),
        };
        assert_eq!(
            submit_path(&o, "A B", "tok"),
            "/challenge/castle/2026-12-04?name=A%20B&device=tok&claim=24"
        );
    }

    #[test]
    fn every_answer_to_a_sent_result_means_something() {
        let ok = reply(
            200,
            "{\"rank\":2,\"players\":5,\"score\":24,\"line\":\"x\"}",
        );
        assert_eq!(
            read_submit(&ok),
            (
                Status::Ranked {
                    rank: 2,
                    players: 5
                },
                true
            )
        );
        assert_eq!(read_submit(&reply(0, "")), (Status::Offline, false));
        assert_eq!(read_submit(&reply(503, "busy")), (Status::Offline, false));
        assert_eq!(read_submit(&reply(404, "<html>")), (Status::NoBoard, false));
        let (s, leaves) = read_submit(&reply(422, "not ranked: move 3: changed\n"));
        assert_eq!(s, Status::Refused("not ranked: move 3: changed".into()));
        assert!(leaves);
        // A garbled 200 is not a place on the board, and stays queued.
        let (s, leaves) = read_submit(&reply(200, "{\"rank\":"));
        assert!(matches!(s, Status::Refused(_)) && !leaves);
        assert_eq!(plain_reason(""), "the board did not say why");
        assert_eq!(plain_reason(&"x".repeat(500)).len(), 160);
    }

    #[test]
    fn a_board_reads_and_hostile_ones_do_not() {
        let text = "{\"game\":\"castle\",\"day\":\"2026-12-04\",\"number\":4,\"goal\":\"g\",\
                    \"players\":2,\"entries\":[{\"rank\":1,\"name\":\"Ada\",\"score\":30,\
                    \"line\":\"l\",\"you\":false},{\"rank\":2,\"name\":\"Bo\",\"score\":24,\
                    \"line\":\"l\",\"you\":true}]}";
        let s = Standings::deserialize_json(text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((s.players, s.entries.len(), s.entries[1].you), (2, 2, true));
        for bad in ["", "[]", "{\"game\":1}", "{\"entries\":[{}]}"] {
            assert!(Standings::deserialize_json(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_desktop_keeps_results_on_the_device() {
        let mut d = Diary::default();
        let day = engine::challenge::Day::parse("2026-12-04").unwrap_or_else(|e| panic!("{e}"));
        d.record(CASTLE.id, day, 5, "l", "h", "r");
        let mut c = Courier::default();
        assert_eq!(c.tick(0.0, &mut d, "Ada"), Done::Nothing);
        assert_eq!(
            c.status_of(CASTLE.id, "2026-12-04"),
            Some(&Status::OfflineBuild)
        );
        assert_eq!(d.outbox.len(), 1, "kept, not dropped");
    }
}
