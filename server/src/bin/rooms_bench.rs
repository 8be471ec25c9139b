//! `rooms-bench`: starts the server (the `catapult-table-server` binary beside this one) on a
//! loopback port with a fresh data folder, fills it with N two-seat rooms (two WebSocket clients
//! each), has every room play one move every few seconds, and prints: rooms held, moves per
//! second, round trip p50/p99 (a move sent until its broadcast comes back), server CPU per
//! re-simulated shot, memory per room. See docs/benchmarks.md.
//!
//! `--store both` (the default where PostgreSQL is installed) runs the same load twice: once on
//! one server with its SQLite file, once on two servers sharing one PostgreSQL database (a
//! throwaway cluster, or `--database-url`), each room's host on the first server and its guest on
//! the second (every move reaches the other seat through LISTEN/NOTIFY), then prints the figures
//! side by side. `--store sqlite` or `--store postgres` runs one.
//!
//! A room's two clients share one copy of the game, applied with the server's outcomes (as a
//! client loading a room does): the machine's cores stay for the server. Shots are random
//! launches within the launch prompt and decisions random choices, so games are long.
//!
//! `--games mixed` plays the five games in a fixed mix of seat counts (`mix::MIX`; a room's guest
//! plays seat 1, its host every other seat); `--idle N` first opens N more rooms, plays a few
//! moves in each and leaves them (the server lets them go after its `--idle-after`), prints
//! their memory, and how long a visitor to one waits while the server rebuilds it.

#[path = "rooms_bench/figures.rs"]
mod figures;
#[path = "rooms_bench/mix.rs"]
mod mix;
use figures::{db_cpu, finish, Figures};

use engine::core::driver::{Driver, Origin, Recorded};
use engine::core::{hidden, Launch, Move, Rng};
use engine::games;
use engine::online::protocol::{ClientFrame, SeatPlan, SeatRequest, ServerFrame};
use engine::online::room::replay_of;
use futures_util::{SinkExt, StreamExt};
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Stores {
    Sqlite,
    Postgres,
    Both,
}

struct Options {
    rooms: usize,
    every: Duration,
    seconds: u64,
    game: String,
    stores: Stores,
    database_url: Option<String>,
    timeline: bool,
    /// `--games mixed`: the five games in `mix::MIX`.
    mixed: bool,
    /// Rooms opened, played a few moves (`idle_moves`) and left before the load.
    idle: usize,
    idle_moves: usize,
    /// The idle rooms' clients stay connected (silent): the rooms are put to sleep, not let go.
    idle_followed: bool,
    /// The servers' `--idle-after` (their default when none).
    idle_after: Option<u64>,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        rooms: 1000,
        every: Duration::from_secs(3),
        seconds: 30,
        // The registry's first game, unless `--game` names another.
        game: games::GAMES
            .iter()
            .find(|g| g.available && !g.fixture)
            .map_or_else(String::new, |g| g.id.to_string()),
        stores: Stores::Both,
        database_url: None,
        timeline: false,
        mixed: false,
        idle: 0,
        idle_moves: 3,
        idle_followed: false,
        idle_after: None,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        if flag == "--timeline" {
            o.timeline = true;
            continue;
        }
        if flag == "--idle-followed" {
            o.idle_followed = true;
            continue;
        }
        let v = it
            .next()
            .ok_or_else(|| format!("{flag} needs a value"))?
            .clone();
        let n = || {
            v.parse::<u64>()
                .map_err(|_| format!("{flag} takes a number, not {v}"))
        };
        match flag.as_str() {
            "--rooms" => o.rooms = n()? as usize,
            "--every-ms" => o.every = Duration::from_millis(n()?),
            "--seconds" => o.seconds = n()?,
            "--game" => o.game = v,
            "--games" if v == "mixed" => o.mixed = true,
            "--games" => o.game = v,
            "--idle" => o.idle = n()? as usize,
            "--idle-moves" => o.idle_moves = n()? as usize,
            "--idle-after" => o.idle_after = Some(n()?),
            "--store" => {
                o.stores = match v.as_str() {
                    "sqlite" => Stores::Sqlite,
                    "postgres" => Stores::Postgres,
                    "both" => Stores::Both,
                    _ => return Err(format!("--store takes sqlite, postgres or both, not {v}")),
                }
            }
            "--database-url" => o.database_url = Some(v),
            _ => {
                return Err(format!(
                    "unknown option {flag}\nusage: rooms-bench [--rooms N] [--every-ms MS] \
                     [--seconds S] [--game ID | --games mixed] [--idle N] [--idle-moves M] [--idle-followed] \
                     [--idle-after SECS] [--store sqlite|postgres|both] \
                     [--database-url postgres://…] [--timeline]"
                ))
            }
        }
    }
    Ok(o)
}

/// The server process's CPU time so far (user + system) and resident memory, from /proc.
fn proc_usage(pid: u32) -> (Duration, u64) {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let after = stat.rsplit_once(')').map(|(_, r)| r).unwrap_or("");
    let f: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| f.get(i).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
    // Fields 14 and 15 (utime, stime) are 12 and 13 after the name; 100 ticks a second.
    let cpu = Duration::from_millis((ticks(11) + ticks(12)) * 10);
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let rss_kb = status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse::<u64>().ok())
        .unwrap_or(0);
    (cpu, rss_kb * 1024)
}

async fn next(ws: &mut Ws) -> Result<ServerFrame, String> {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(60), ws.next())
            .await
            .map_err(|_| "no answer in 60 s".to_string())?;
        match msg {
            Some(Ok(Message::Text(t))) => {
                return ServerFrame::parse(t.as_str()).map_err(|e| e.0);
            }
            Some(Ok(_)) => continue,
            _ => return Err("the connection closed".into()),
        }
    }
}

async fn next_news(ws: &mut Ws) -> Result<ServerFrame, String> {
    loop {
        match next(ws).await? {
            ServerFrame::Seats { .. } => continue,
            ServerFrame::Refused { why } => return Err(why),
            f => return Ok(f),
        }
    }
}

async fn send(ws: &mut Ws, f: &ClientFrame) -> Result<(), String> {
    ws.send(Message::Text(f.to_json().into()))
        .await
        .map_err(|e| e.to_string())
}

struct Tally {
    rtts: Mutex<Vec<u32>>,
    /// A move sent until the room's other client (on the other server, for PostgreSQL) has it.
    others: Mutex<Vec<u32>>,
    /// When each round trip began (ms after the load started) and how long it took (µs).
    timeline: Mutex<Vec<(u32, u32)>>,
    /// Round trips per game and seat count.
    by_game: Mutex<BTreeMap<(String, usize), Vec<u32>>>,
    moves: AtomicU64,
    shots: AtomicU64,
    failures: AtomicU64,
}

/// A random legal-looking move for the seat to act: a launch inside the prompt or one of the
/// choices (the rules still judge it; a refused one is counted and the room goes on).
fn random_move(d: &Driver, rng: &mut Rng) -> Option<Move> {
    let g = d.game();
    let seat = g.turn()?;
    let choices = g.choices();
    let pick = |rng: &mut Rng, (lo, hi): (i32, i32)| if hi <= lo { lo } else { rng.range(lo, hi) };
    if let Some(p) = g.launch_prompt() {
        if choices.is_empty() || rng.below(3) != 0 {
            let (lo, hi) = p.angle;
            let angle = if lo <= hi {
                pick(rng, p.angle)
            } else {
                pick(rng, (lo, hi + 3600)) % 3600
            };
            let launch = Launch {
                kind: p.kinds[0],
                angle,
                power: pick(rng, p.power),
                spin: pick(rng, p.spin),
                x: pick(rng, p.x),
                y: pick(rng, p.y),
            };
            return Some(Move::shot(seat, launch));
        }
    }
    if choices.is_empty() {
        return engine::core::bot::choose_at(
            g,
            engine::core::Level::Easy,
            rng,
            engine::core::bot::BotBudget::default(),
        );
    }
    let i = rng.below(choices.len() as u32) as usize;
    Some(choices[i].mv.clone())
}

/// A client connected to `url`. A server out of file descriptors leaves new connections
/// waiting in its backlog, never answered: after 30 s that is said rather than waited on.
async fn connect(url: &str) -> Result<Ws, String> {
    match tokio::time::timeout(
        Duration::from_secs(30),
        tokio_tungstenite::connect_async(url),
    )
    .await
    {
        Ok(Ok((ws, _))) => Ok(ws),
        Ok(Err(e)) => Err(e.to_string()),
        Err(_) => Err(format!(
            "{url} did not answer in 30 s (each room's two clients are two open files for the \
             server and for this process: is `ulimit -n` below twice the rooms?)"
        )),
    }
}

/// A started room of `game` with `seats` seats: its host's client, its guest's, the game as
/// both follow it, and its code.
async fn open_room(
    urls: &[String; 2],
    game: &str,
    seats: usize,
) -> Result<(Ws, Ws, Driver, String), String> {
    let mut host = connect(&urls[0]).await?;
    let seats = (0..seats)
        .map(|i| SeatRequest {
            plan: if mix::client_of(i) == 1 {
                SeatPlan::Invited
            } else {
                SeatPlan::Here
            },
            name: [
                "Ann", "Ben", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo",
            ][i % 10]
                .into(),
        })
        .collect();
    send(
        &mut host,
        &ClientFrame::Create {
            game: game.into(),
            options: vec![],
            seats,
        },
    )
    .await?;
    let ServerFrame::Welcome { room, .. } = next_news(&mut host).await? else {
        return Err("no welcome".into());
    };
    let mut guest = connect(&urls[1]).await?;
    send(
        &mut guest,
        &ClientFrame::Join {
            room: room.room.clone(),
            name: "Ben".into(),
        },
    )
    .await?;
    let ServerFrame::Welcome { room, .. } = next_news(&mut guest).await? else {
        return Err("no welcome".into());
    };
    send(&mut host, &ClientFrame::Start).await?;
    let started = next_news(&mut host).await?;
    next_news(&mut guest).await?;
    let replay = replay_of(&room);
    let new_game = || {
        games::new_game(
            &replay.game,
            &replay.options,
            replay.seats.clone(),
            replay.seed,
        )
    };
    // The game both clients follow is the host's: with hidden draws (the seed kept by the
    // server), made from a decoy and told the draws the host's seats may see.
    let d = match started {
        ServerFrame::Started {
            told: Some(tape), ..
        } => {
            let tape = hidden::parse_tape(&tape)?;
            let host_seats = host_seats(replay.seats.len());
            let (g, fit) = hidden::told(tape, &host_seats, new_game);
            fit?;
            let mut d = Driver::new(g.map_err(|e| e.0)?, &replay);
            d.session.seal(&host_seats);
            d
        }
        _ => Driver::new(new_game().map_err(|e| e.0)?, &replay),
    };
    Ok((host, guest, d, room.room.clone()))
}

/// The seats a room's host plays (every seat but the guest's).
fn host_seats(seats: usize) -> Vec<usize> {
    (0..seats).filter(|&s| mix::client_of(s) == 0).collect()
}

/// What one move of a room came to.
pub(crate) enum Step {
    /// Its sender had its broadcast back after `rtt`, the room's other client after `other`.
    Moved {
        rtt: Duration,
        other: Duration,
        shot: bool,
        /// When it was sent.
        sent: Instant,
    },
    Refused,
    /// The game is over, or a client was lost: why.
    Stop(String),
}

/// Plays one random move for the seat to act, from the client that plays it, and waits for
/// both clients to have it.
async fn step(socks: &mut [Ws; 2], d: &mut Driver, rng: &mut Rng) -> Step {
    if d.game().is_over() {
        return Step::Stop("the game is over".into());
    }
    let Some(mv) = random_move(d, rng) else {
        return Step::Stop("no move to play".into());
    };
    let by = mix::client_of(mv.seat as usize);
    let seq = d.session.replay.moves.len() as u64;
    let shot = mv.is_shot();
    let sent = Instant::now();
    if let Err(e) = send(&mut socks[by], &ClientFrame::Move { seq, mv }).await {
        return Step::Stop(e);
    }
    let got = loop {
        match next(&mut socks[by]).await {
            Ok(ServerFrame::Seats { .. }) => continue,
            other => break other,
        }
    };
    let rtt = sent.elapsed();
    match got {
        Ok(got @ ServerFrame::Moved { .. }) => {
            // The other client receives the same move.
            let other = match next_news(&mut socks[1 - by]).await {
                Ok(f @ ServerFrame::Moved { .. }) => f,
                other => return Step::Stop(format!("the other client got {other:?}")),
            };
            // Applied as the host's client has it (the draws its seats may see).
            let ServerFrame::Moved { mv, told, .. } = (if by == 0 { got } else { other }) else {
                return Step::Stop("no move".into());
            };
            if let Some(t) = told {
                match hidden::parse_tape(&t) {
                    Ok(tape) => d.session.tell(seq, tape),
                    Err(e) => return Step::Stop(e),
                }
            }
            if let Err(e) = d.apply_recorded_as(seq as usize, &mv, Recorded::Trust, Origin::Player)
            {
                return Step::Stop(format!("the move does not apply here: {e:?}"));
            }
            Step::Moved {
                rtt,
                other: sent.elapsed(),
                shot,
                sent,
            }
        }
        Ok(ServerFrame::Refused { .. }) => Step::Refused,
        other => Step::Stop(format!("its client got {other:?}")),
    }
}

/// One room: a move every `every` (from a staggered start) until `until`.
async fn play_room(
    mut socks: [Ws; 2],
    mut d: Driver,
    (seed, kind): (u64, (String, usize)),
    every: Duration,
    (t0, start, until): (
        tokio::time::Instant,
        tokio::time::Instant,
        tokio::time::Instant,
    ),
    tally: Arc<Tally>,
) {
    let mut rng = Rng::new(seed);
    let begun = t0;
    let mut tick = tokio::time::interval_at(start, every);
    let us = |d: Duration| d.as_micros().min(u32::MAX as u128) as u32;
    loop {
        tick.tick().await;
        if tokio::time::Instant::now() >= until {
            break;
        }
        match step(&mut socks, &mut d, &mut rng).await {
            Step::Moved {
                rtt,
                other,
                shot,
                sent,
            } => {
                if let Ok(mut r) = tally.rtts.lock() {
                    r.push(us(rtt));
                }
                if let Ok(mut g) = tally.by_game.lock() {
                    g.entry(kind.clone()).or_default().push(us(rtt));
                }
                if let Ok(mut t) = tally.timeline.lock() {
                    let at = sent.duration_since(begun.into_std()).as_millis() as u32;
                    t.push((at, us(rtt)));
                }
                tally.moves.fetch_add(1, Ordering::Relaxed);
                if shot {
                    tally.shots.fetch_add(1, Ordering::Relaxed);
                }
                if let Ok(mut r) = tally.others.lock() {
                    r.push(us(other));
                }
            }
            Step::Refused => {
                tally.failures.fetch_add(1, Ordering::Relaxed);
            }
            Step::Stop(why) => {
                if !why.contains("over") {
                    eprintln!("a room stopped playing: {why}");
                }
                break;
            }
        }
    }
}

fn percentile(sorted: &[u32], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)] as f64 / 1000.0
}

#[tokio::main]
async fn main() {
    let o = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    if let Err(e) = run(o).await {
        eprintln!("rooms-bench: {e}");
        std::process::exit(1);
    }
}

/// A server process of the benchmark, killed when dropped.
struct Running {
    child: Child,
    addr: String,
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start_server(
    data: &std::path::Path,
    database_url: Option<&str>,
    idle_after: Option<u64>,
) -> Result<Running, String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let server_exe = exe.with_file_name("catapult-table-server");
    let _ = std::fs::create_dir_all(data);
    let mut cmd = Command::new(&server_exe);
    cmd.args(["--addr", "127.0.0.1:0", "--rooms-per-address", "1000000"])
        .args(["--frames-per-second", "1000"])
        // Every client is on this machine's one address; the server's open-file limit (less
        // its reserve) still bounds them.
        .args(["--connections-per-address", "100000000"])
        .arg("--data")
        .arg(data)
        .arg("--dist")
        .arg(data)
        .env_remove("DATABASE_URL")
        .stdout(Stdio::piped());
    if let Some(url) = database_url {
        cmd.args(["--database-url", url]);
    }
    if let Some(s) = idle_after {
        cmd.args(["--idle-after", &s.to_string()]);
    }
    let mut child = cmd
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", server_exe.display()))?;
    let out = child.stdout.take().ok_or("no server output")?;
    let mut line = String::new();
    BufReader::new(out)
        .read_line(&mut line)
        .map_err(|e| e.to_string())?;
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|s| s.split('/').next())
        .ok_or_else(|| format!("the server said {line:?}"))?
        .to_string();
    Ok(Running { child, addr })
}

async fn run(o: Options) -> Result<(), String> {
    let base = std::env::temp_dir().join(format!("rooms-bench-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    let result = run_in(&o, &base).await;
    // Also when a run failed half way.
    let _ = std::fs::remove_dir_all(&base);
    result
}

async fn run_in(o: &Options, base: &std::path::Path) -> Result<(), String> {
    let mut all = Vec::new();
    if o.stores != Stores::Postgres {
        let server = start_server(&base.join("sqlite"), None, o.idle_after)?;
        let urls = [
            format!("ws://{}/ws", server.addr),
            format!("ws://{}/ws", server.addr),
        ];
        println!("\n== one server, SQLite");
        let pids = [server.child.id()];
        let f = bench(o, &urls, &pids, None, "one server, SQLite").await;
        drop(server);
        all.push(f?);
    }
    if o.stores != Stores::Sqlite {
        let cluster;
        let (url, postmaster) = match &o.database_url {
            Some(u) => (u.clone(), None),
            None => match catapult_table_server::pg_cluster::Cluster::start("bench")? {
                Some(c) => {
                    let pm = std::fs::read_to_string(c.dir().join("data/postmaster.pid"))
                        .ok()
                        .and_then(|t| t.lines().next().and_then(|l| l.trim().parse().ok()));
                    let url = c.url.clone();
                    cluster = c;
                    let _ = &cluster;
                    (url, pm)
                }
                None if o.stores == Stores::Both => {
                    println!("\n{}", catapult_table_server::pg_cluster::NOT_INSTALLED);
                    return finish(&all);
                }
                None => return Err(catapult_table_server::pg_cluster::NOT_INSTALLED.into()),
            },
        };
        let a = start_server(&base.join("a"), Some(&url), o.idle_after)?;
        let b = start_server(&base.join("b"), Some(&url), o.idle_after)?;
        let urls = [format!("ws://{}/ws", a.addr), format!("ws://{}/ws", b.addr)];
        println!(
            "\n== two servers, one PostgreSQL database (each room's seats on different servers)"
        );
        let pids = [a.child.id(), b.child.id()];
        let f = bench(o, &urls, &pids, postmaster, "two servers, PostgreSQL").await;
        drop((a, b));
        all.push(f?);
    }
    finish(&all)
}

/// The load on servers `pids`: each room's host connects to `urls[0]`, its guest to `urls[1]`.
async fn bench(
    o: &Options,
    urls: &[String; 2],
    pids: &[u32],
    postmaster: Option<u32>,
    label: &str,
) -> Result<Figures, String> {
    let usage = || {
        pids.iter().fold((Duration::ZERO, 0u64), |(c, m), &pid| {
            let (c2, m2) = proc_usage(pid);
            (c + c2, m + m2)
        })
    };
    let (_, rss_empty) = usage();
    let mut idle = Vec::new();
    let mut rss_idle = rss_empty;
    let games = if o.mixed { "the mix" } else { &o.game };
    if o.idle > 0 {
        let t = Instant::now();
        idle = mix::open_idle(
            urls,
            o.idle,
            (o.mixed, &o.game),
            o.idle_moves,
            o.idle_followed,
        )
        .await?;
        let wait = Duration::from_secs(o.idle_after.unwrap_or(60)) * 3 / 2 + Duration::from_secs(2);
        println!(
            "opened {} idle rooms of {games} in {:.1} s ({} moves each, then both clients {}; \
             {:.1} MB); waiting {:.0} s for the server to let them go or put them to sleep",
            idle.len(),
            t.elapsed().as_secs_f64(),
            o.idle_moves,
            if o.idle_followed {
                "stayed, silent"
            } else {
                "left"
            },
            usage().1 as f64 / 1e6,
            wait.as_secs_f64()
        );
        tokio::time::sleep(wait).await;
        rss_idle = usage().1;
    }
    println!(
        "rooms-bench: {} rooms of {games} (2 clients each), one move every {} ms per room, {} s",
        o.rooms,
        o.every.as_millis(),
        o.seconds
    );
    let made = Instant::now();
    let mut rooms = Vec::with_capacity(o.rooms);
    let sem = Arc::new(tokio::sync::Semaphore::new(64));
    let mut opening = Vec::new();
    for i in 0..o.rooms {
        let (urls, sem) = (urls.clone(), sem.clone());
        let (game, seats) = mix::kind(o.mixed, &o.game, i);
        opening.push(tokio::spawn(async move {
            let _permit = sem.acquire().await;
            let r = open_room(&urls, &game, seats).await;
            r.map(|(h, g, d, _)| (h, g, d, (game, seats)))
        }));
    }
    for t in opening {
        match t.await {
            Ok(Ok(r)) => rooms.push(r),
            Ok(Err(e)) => return Err(format!("opening a room: {e}")),
            Err(e) => return Err(e.to_string()),
        }
    }
    let (_, rss_full) = usage();
    let opened = made.elapsed().as_secs_f64();
    println!("opened {} rooms in {opened:.1} s", rooms.len());
    let tally = Arc::new(Tally {
        rtts: Mutex::new(Vec::new()),
        others: Mutex::new(Vec::new()),
        timeline: Mutex::new(Vec::new()),
        by_game: Mutex::new(BTreeMap::new()),
        moves: AtomicU64::new(0),
        shots: AtomicU64::new(0),
        failures: AtomicU64::new(0),
    });
    let (cpu0, _) = usage();
    let me0 = proc_usage(std::process::id()).0;
    let db0 = db_cpu(postmaster);
    let t0 = tokio::time::Instant::now();
    let until = t0 + Duration::from_secs(o.seconds);
    let n = rooms.len().max(1) as u32;
    let mut tasks = Vec::new();
    for (i, (host, guest, d, kind)) in rooms.into_iter().enumerate() {
        let start = t0 + o.every * i as u32 / n;
        tasks.push(tokio::spawn(play_room(
            [host, guest],
            d,
            (i as u64 + 1, kind),
            o.every,
            (t0, start, until),
            tally.clone(),
        )));
    }
    let sampling = pids.to_vec();
    let sampler = tokio::spawn(async move {
        let (mut sum, mut n) = (0u64, 0u64);
        let mut every = tokio::time::interval(Duration::from_secs(1));
        loop {
            every.tick().await;
            if tokio::time::Instant::now() >= until {
                return sum / n.max(1);
            }
            sum += sampling.iter().map(|&p| proc_usage(p).1).sum::<u64>();
            n += 1;
        }
    });
    for t in tasks {
        let _ = t.await;
    }
    let wall = t0.elapsed().as_secs_f64();
    let (cpu1, rss_end) = usage();
    let me1 = proc_usage(std::process::id()).0;
    let rss_load = sampler.await.unwrap_or(0);
    let db1 = db_cpu(postmaster);
    let sorted = |m: &Mutex<Vec<u32>>| {
        let mut v = m.lock().map(|r| r.clone()).unwrap_or_default();
        v.sort_unstable();
        v
    };
    let rtts = sorted(&tally.rtts);
    let others = sorted(&tally.others);
    let f = Figures {
        label: label.to_string(),
        rooms: n as usize,
        opened,
        moves: tally.moves.load(Ordering::Relaxed),
        wall,
        shots: tally.shots.load(Ordering::Relaxed),
        refused: tally.failures.load(Ordering::Relaxed),
        p50: percentile(&rtts, 0.50),
        p99: percentile(&rtts, 0.99),
        max: percentile(&rtts, 1.0),
        other_p50: percentile(&others, 0.50),
        other_p99: percentile(&others, 0.99),
        cpu: cpu1.saturating_sub(cpu0).as_secs_f64(),
        client_cpu: me1.saturating_sub(me0).as_secs_f64(),
        db_cpu: match (db0, db1) {
            (Some(a), Some(b)) => Some(b.saturating_sub(a).as_secs_f64()),
            _ => None,
        },
        rss_empty,
        rss_idle,
        idle: idle.len(),
        rss_full,
        rss_load,
        rss_end,
        by_game: tally.by_game.lock().map(|g| g.clone()).unwrap_or_default(),
    };
    f.print();
    if !idle.is_empty() {
        mix::rebuilds(&urls[0], &idle, 10).await?;
    }
    if o.timeline {
        // Where the slow round trips fall: p50 / p99 / max of the moves sent in each window.
        let mut t = tally.timeline.lock().map(|t| t.clone()).unwrap_or_default();
        t.sort_unstable();
        let window = o.every.as_millis().max(1) as u32;
        let mut i = 0;
        while i < t.len() {
            let w = t[i].0 / window;
            let mut v: Vec<u32> = Vec::new();
            while i < t.len() && t[i].0 / window == w {
                v.push(t[i].1);
                i += 1;
            }
            v.sort_unstable();
            println!(
                "  {:>5.1}-{:<5.1} s: {:>5} moves, p50 {:>7.1} ms, p99 {:>7.1} ms, max {:>7.1} ms",
                f64::from(w * window) / 1000.0,
                f64::from((w + 1) * window) / 1000.0,
                v.len(),
                percentile(&v, 0.5),
                percentile(&v, 0.99),
                percentile(&v, 1.0)
            );
        }
    }
    Ok(f)
}
