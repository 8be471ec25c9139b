//! Test support: the real server binary on a free loopback port with a data folder of its own,
//! and real WebSocket clients that follow a room with their own engine (lockstep), as the app
//! will.
#![allow(dead_code)]

use engine::core::bot::{self, BotBudget};
use engine::core::driver::{Driver, Origin, Recorded};
use engine::core::hidden;
use engine::core::{Level, Move, Rng};
use engine::games;
use engine::online::deal;
use engine::online::protocol::{ClientFrame, Phase, RoomView, SeatPlan, SeatRequest, ServerFrame};
use engine::online::room::{replay_of, state_hash};
use futures_util::{SinkExt, StreamExt};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

pub type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// How long a test waits for one frame before it calls the server stuck (not a timing check:
/// a frame normally comes in milliseconds).
pub const PATIENCE: Duration = Duration::from_secs(120);

static NEXT: AtomicUsize = AtomicUsize::new(0);

/// A folder of its own under the system's temporary folder, removed when dropped.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(what: &str) -> TempDir {
        let n = NEXT.fetch_add(1, Ordering::SeqCst);
        let p = std::env::temp_dir().join(format!("ct-{what}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap_or_else(|e| panic!("temp dir: {e}"));
        TempDir(p)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub struct Server {
    child: Child,
    pub addr: String,
    pub data: PathBuf,
    pub stderr: PathBuf,
    args: Vec<String>,
}

impl Server {
    /// Starts the binary on 127.0.0.1 port 0 (the system picks a free one) with `data`.
    pub fn start(data: &std::path::Path, args: &[&str]) -> Server {
        let stderr = data.join(format!(
            "stderr-{}.txt",
            NEXT.fetch_add(1, Ordering::SeqCst)
        ));
        let err = std::fs::File::create(&stderr).unwrap_or_else(|e| panic!("{e}"));
        let dist = data.join("dist");
        let _ = std::fs::create_dir_all(&dist);
        let mut child = Command::new(env!("CARGO_BIN_EXE_catapult-table-server"))
            .args(["--addr", "127.0.0.1:0", "--data"])
            .arg(data.join("rooms"))
            .arg("--dist")
            .arg(&dist)
            .args(args)
            .stdout(Stdio::piped())
            .stderr(err)
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start the server: {e}"));
        let out = child.stdout.take().unwrap_or_else(|| panic!("no stdout"));
        let mut line = String::new();
        BufReader::new(out)
            .read_line(&mut line)
            .unwrap_or_else(|e| panic!("{e}"));
        let addr = line
            .split("http://")
            .nth(1)
            .and_then(|s| s.split('/').next())
            .unwrap_or_else(|| {
                panic!(
                    "the server said {line:?}; its errors: {}",
                    std::fs::read_to_string(&stderr).unwrap_or_default()
                )
            })
            .to_string();
        Server {
            child,
            addr,
            data: data.to_path_buf(),
            stderr,
            args: args.iter().map(|s| s.to_string()).collect(),
        }
    }

    /// SIGKILL: no chance to flush or say goodbye.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Starts the binary again on the same data folder (a new port).
    pub fn restart(&mut self) {
        self.kill();
        let args: Vec<&str> = self.args.iter().map(|s| s.as_str()).collect();
        let again = Server::start(&self.data, &args);
        *self = again;
    }

    pub fn is_running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// What the server wrote to stderr (a panic would be there).
    pub fn errors(&self) -> String {
        std::fs::read_to_string(&self.stderr).unwrap_or_default()
    }

    pub fn url(&self) -> String {
        format!("ws://{}/ws", self.addr)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

pub async fn connect(server: &Server) -> Ws {
    connect_from(server, None)
        .await
        .unwrap_or_else(|e| panic!("connect: {e}"))
}

pub async fn connect_from(
    server: &Server,
    origin: Option<&str>,
) -> Result<Ws, tokio_tungstenite::tungstenite::Error> {
    let mut req = server
        .url()
        .into_client_request()
        .unwrap_or_else(|e| panic!("{e}"));
    if let Some(o) = origin {
        req.headers_mut()
            .insert("origin", o.parse().unwrap_or_else(|e| panic!("{e}")));
    }
    tokio_tungstenite::connect_async(req)
        .await
        .map(|(ws, _)| ws)
}

pub async fn send(ws: &mut Ws, frame: &ClientFrame) {
    send_text(ws, &frame.to_json()).await;
}

pub async fn send_text(ws: &mut Ws, text: &str) {
    ws.send(Message::Text(text.into()))
        .await
        .unwrap_or_else(|e| panic!("send: {e}"));
}

/// The next server frame (None once the connection is closed).
pub async fn next(ws: &mut Ws) -> Option<ServerFrame> {
    loop {
        let msg = tokio::time::timeout(PATIENCE, ws.next())
            .await
            .unwrap_or_else(|_| panic!("no frame from the server in {PATIENCE:?}"));
        match msg {
            Some(Ok(Message::Text(t))) => {
                return Some(ServerFrame::parse(t.as_str()).unwrap_or_else(|e| panic!("{e}: {t}")))
            }
            Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return None,
            Some(Ok(_)) => continue,
        }
    }
}

/// The next frame that is not a seats update.
pub async fn next_news(ws: &mut Ws) -> ServerFrame {
    loop {
        match next(ws).await {
            Some(ServerFrame::Seats { .. }) => continue,
            Some(f) => return f,
            None => panic!("the server closed the connection"),
        }
    }
}

pub async fn refusal(ws: &mut Ws) -> String {
    match next_news(ws).await {
        ServerFrame::Refused { why } => why,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

pub fn seats(plans: &[SeatPlan]) -> Vec<SeatRequest> {
    plans
        .iter()
        .enumerate()
        .map(|(i, &plan)| SeatRequest {
            plan,
            name: format!("Seat {}", i + 1),
        })
        .collect()
}

/// Server arguments for one-second turn clocks: a silent seat is played by the clock at once and
/// handed to the bot after `strikes` turns run out in a row.
pub fn one_second_clocks(strikes: &'static str) -> [&'static str; 6] {
    [
        "--decision-clock",
        "1",
        "--shot-clock",
        "1",
        "--clock-strikes",
        strikes,
    ]
}

/// The device tokens Ann and Ben play quick matches with.
pub const ANN: &str = "device-of-ann-0001";
pub const BEN: &str = "device-of-ben-0001";

/// A two-seat quick-match request for `game` by `name` from the device token `device`.
pub fn quick_request(game: &str, name: &str, device: &str) -> ClientFrame {
    ClientFrame::Quick {
        game: game.into(),
        name: name.into(),
        players: Some(2),
        device: Some(device.into()),
        aid: None,
    }
}

/// Ann and Ben (device tokens `ann`, `ben`) seated together by quick match: (Ann, who queued
/// first; Ben).
pub async fn quick_pair(server: &Server, game: &str, ann: &str, ben: &str) -> (Player, Player) {
    let mut ws = connect(server).await;
    send(&mut ws, &quick_request(game, "Ann", ann)).await;
    assert!(matches!(
        next_news(&mut ws).await,
        ServerFrame::Queued { waiting: 1, .. }
    ));
    let ben = Player::quick(connect(server).await, quick_request(game, "Ben", ben)).await;
    let ann = loop {
        match next_news(&mut ws).await {
            ServerFrame::Queued { .. } => continue,
            ServerFrame::Welcome { you, room } => break Player::welcomed(ws, you, room),
            other => panic!("expected a welcome, got {other:?}"),
        }
    };
    assert_eq!(ann.code(), ben.code());
    (ann, ben)
}

/// A client in a room, following the game with its own engine.
pub struct Player {
    pub ws: Ws,
    pub view: RoomView,
    pub seats: Vec<usize>,
    pub token: Option<String>,
    pub driver: Option<Driver>,
}

impl Player {
    /// Sends an entering frame (create, join, resume, watch) and takes the welcome.
    pub async fn enter(mut ws: Ws, frame: ClientFrame) -> Player {
        send(&mut ws, &frame).await;
        match next_news(&mut ws).await {
            ServerFrame::Welcome { you, room } => Player::welcomed(ws, you, room),
            other => panic!("expected a welcome, got {other:?}"),
        }
    }

    /// Sends a quick-match request and waits, through the queue's news (`queued`), for the
    /// welcome to the room the server seats it in.
    pub async fn quick(mut ws: Ws, frame: ClientFrame) -> Player {
        send(&mut ws, &frame).await;
        loop {
            match next_news(&mut ws).await {
                ServerFrame::Queued { .. } => continue,
                ServerFrame::Welcome { you, room } => return Player::welcomed(ws, you, room),
                other => panic!("expected a welcome, got {other:?}"),
            }
        }
    }

    /// A player welcomed to a room (following its game when it has started).
    pub fn welcomed(ws: Ws, you: engine::online::protocol::You, room: RoomView) -> Player {
        let mut p = Player {
            ws,
            view: room,
            seats: you.seats,
            token: you.token,
            driver: None,
        };
        if p.view.phase != Phase::Waiting {
            p.follow();
        }
        p
    }

    /// Builds the local game from the room's log, re-simulating every shot (as a lockstep
    /// client does when it loads a room).
    fn follow(&mut self) {
        let replay = replay_of(&self.view);
        let new_game = || {
            games::new_game(
                &replay.game,
                &replay.options,
                replay.seats.clone(),
                replay.seed,
            )
        };
        let d = match &self.view.told {
            None => {
                let game = new_game().unwrap_or_else(|e| panic!("{e}"));
                Driver::replay_as(game, &replay, Recorded::Verify, Origin::Player)
                    .unwrap_or_else(|e| panic!("the room's log does not replay here: {e}"))
            }
            Some(tapes) => {
                // The room keeps its seed: the game is made from a decoy, told the draws.
                assert_eq!(replay.seed, 0, "no seed before the end");
                let tape = |i: usize| {
                    let text = tapes.get(i).unwrap_or_else(|| panic!("no tape {i}"));
                    hidden::parse_tape(text).unwrap_or_else(|e| panic!("{e}"))
                };
                let (game, fit) = hidden::told(tape(0), &self.seats, new_game);
                fit.unwrap_or_else(|e| panic!("the setup's draws: {e}"));
                let mut d = Driver::new(game.unwrap_or_else(|e| panic!("{e}")), &replay);
                d.session.seal(&self.seats);
                for (i, mv) in replay.moves.iter().enumerate() {
                    d.session.tell(i as u64, tape(i + 1));
                    d.apply_recorded_as(i, mv, Recorded::Verify, Origin::Player)
                        .unwrap_or_else(|e| panic!("the room's log does not replay here: {e}"));
                }
                d
            }
        };
        if !self.view.hash.is_empty() {
            assert_eq!(
                state_hash(&d.session),
                self.view.hash,
                "state after loading"
            );
        }
        self.driver = Some(d);
    }

    pub fn code(&self) -> String {
        self.view.room.clone()
    }

    pub fn driver(&self) -> &Driver {
        self.driver
            .as_ref()
            .unwrap_or_else(|| panic!("the game has not started"))
    }

    pub fn seq(&self) -> u64 {
        self.driver
            .as_ref()
            .map(|d| d.session.replay.moves.len() as u64)
            .unwrap_or(0)
    }

    pub fn is_over(&self) -> bool {
        self.driver.as_ref().is_some_and(|d| d.game().is_over())
    }

    pub fn turn(&self) -> Option<usize> {
        self.driver.as_ref().and_then(|d| d.game().turn())
    }

    pub fn my_turn(&self) -> bool {
        self.turn().is_some_and(|t| self.seats.contains(&t))
    }

    /// Applies the server's frames until a move (or the start) has been applied; returns the
    /// frame applied.
    pub async fn take_news(&mut self) -> ServerFrame {
        loop {
            let f = next(&mut self.ws)
                .await
                .unwrap_or_else(|| panic!("the server closed the connection"));
            if let ServerFrame::Seats { seats } = f {
                self.view.seats = seats;
                continue;
            }
            self.apply(&f);
            return f;
        }
    }

    pub fn apply(&mut self, f: &ServerFrame) {
        match f {
            ServerFrame::Started { hash, told } => {
                self.view.phase = Phase::Playing;
                self.view.told = told.clone().map(|t| vec![t]);
                self.follow();
                assert_eq!(&state_hash(&self.driver().session), hash);
            }
            ServerFrame::Moved {
                seq,
                mv,
                hash,
                over,
                told,
                seed,
                salt,
                ..
            } => {
                assert_eq!(*seq, self.seq(), "moves arrive in order, none missed");
                assert_eq!(seed.is_some(), *over, "the seed comes with the last move");
                assert_eq!(salt.is_some(), *over, "the salt comes with the last move");
                if let (Some(seed), Some(salt)) = (seed, salt) {
                    // The deal opens the commitment every welcome carried (`online::deal`).
                    let promised = self.view.commitment.as_deref();
                    let promised =
                        promised.unwrap_or_else(|| panic!("no commitment was published"));
                    assert_eq!(deal::check(promised, salt, *seed), Ok(deal::CHECKED));
                }
                let d = self
                    .driver
                    .as_mut()
                    .unwrap_or_else(|| panic!("a move before the start"));
                if let Some(t) = told {
                    let tape = hidden::parse_tape(t).unwrap_or_else(|e| panic!("{e}"));
                    d.session.tell(*seq, tape);
                }
                // The lockstep check: the shot re-simulates here to the server's outcome.
                d.apply_recorded_as(*seq as usize, mv, Recorded::Verify, Origin::Player)
                    .unwrap_or_else(|e| panic!("the server's move does not play here: {e}"));
                assert_eq!(&state_hash(&d.session), hash, "state hash after move {seq}");
                assert_eq!(*over, d.game().is_over());
                if let Some(seed) = seed {
                    d.session.reveal_seed(*seed);
                }
                if salt.is_some() {
                    d.session.replay.salt = salt.clone();
                }
                self.view.moves.push(mv.clone());
            }
            ServerFrame::Refused { why } => panic!("refused: {why}"),
            _ => {}
        }
    }

    /// A move for the seat to act, chosen by the engine's bot; a shot is sent as its launch
    /// alone (every other one also with the outcome simulated here, which the server checks).
    pub fn choose(&self, n: u64) -> Move {
        let d = self.driver();
        let mut rng = Rng::new(n ^ 0x5eed);
        let mut mv = bot::choose_at(d.game(), Level::Easy, &mut rng, BotBudget::default())
            .unwrap_or_else(|| panic!("no move for the seat to act"));
        if mv.is_shot() && n.is_multiple_of(2) {
            mv.outcome = None;
        }
        mv
    }

    pub async fn play(&mut self, n: u64) {
        let mv = self.choose(n);
        let seq = self.seq();
        send(&mut self.ws, &ClientFrame::Move { seq, mv }).await;
    }

    pub fn summary(&self) -> String {
        self.driver().session.summary()
    }

    pub fn replay_text(&self) -> String {
        self.driver().session.replay.to_json()
    }
}

/// Plays a room until the game is over or `moves` more moves have been applied: whoever holds
/// the seat to act sends its move; every client applies every move.
pub async fn play_on(players: &mut [Player], moves: usize) {
    for n in 0..moves {
        if players[0].is_over() {
            return;
        }
        let seq = players[0].seq();
        if let Some(actor) = players.iter_mut().find(|p| p.my_turn()) {
            actor.play(seq).await;
        }
        // A bot seat is played by the server: everyone waits for the move.
        for p in players.iter_mut() {
            match p.take_news().await {
                ServerFrame::Moved { .. } => {}
                other => panic!("expected move {seq} (step {n}), got {other:?}"),
            }
        }
    }
}

/// Makes a room with `plans`, fills its invited seats and starts it: the host first, then one
/// player per invited seat.
pub async fn start_room(server: &Server, game: &str, plans: &[SeatPlan]) -> Vec<Player> {
    let host = Player::enter(
        connect(server).await,
        ClientFrame::Create {
            game: game.into(),
            options: vec![],
            seats: seats(plans),
        },
    )
    .await;
    let code = host.code();
    let mut players = vec![host];
    for i in 0..plans.iter().filter(|p| **p == SeatPlan::Invited).count() {
        let p = Player::enter(
            connect(server).await,
            ClientFrame::Join {
                room: code.clone(),
                name: format!("Friend {}", i + 1),
            },
        )
        .await;
        players.push(p);
    }
    send(&mut players[0].ws, &ClientFrame::Start).await;
    for p in players.iter_mut() {
        match p.take_news().await {
            ServerFrame::Started { .. } => {}
            other => panic!("expected the start, got {other:?}"),
        }
    }
    players
}

/// The room's log as a late watcher receives it.
pub async fn watched_log(server: &Server, code: &str) -> Player {
    Player::enter(
        connect(server).await,
        ClientFrame::Watch {
            room: code.to_string(),
        },
    )
    .await
}

/// One plain HTTP/1.1 request over loopback: the status and the body.
pub fn http(addr: &str, method: &str, path: &str, body: &str) -> (u16, String) {
    let mut s = std::net::TcpStream::connect(addr).unwrap_or_else(|e| panic!("{e}"));
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes())
        .unwrap_or_else(|e| panic!("{e}"));
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    let text = String::from_utf8_lossy(&out).into_owned();
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = text.split("\r\n\r\n").nth(1).unwrap_or("").to_string();
    (status, body)
}
