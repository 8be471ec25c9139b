//! Catapult Table's game server: online rooms over WebSocket at `/ws`, refereed by the engine
//! (every move played through the rules, every shot re-simulated), stored before they are
//! acknowledged, today's challenge boards at `/challenge/…` (docs/challenge.md), and the web
//! game's files (`dist/`, precompressed where present) at `/`.
//! See docs/online.md.

pub mod answer;
pub mod board;
pub mod conn;
pub mod db;
pub mod gate;
pub mod hub;
pub mod limits;
pub mod pg;
pub mod pg_cluster;
pub mod precompress;
pub mod ratings;
pub mod room;
pub mod store;

use axum::extract::{ConnectInfo, State, WebSocketUpgrade};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Extension;
use axum::Router;
use hub::{Hub, Limits};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use tower_http::services::ServeDir;

/// The largest WebSocket message the transport reads at all (the protocol's own cap,
/// `MAX_FRAME`, is smaller and answered with a refusal; past this the connection is closed).
pub const TRANSPORT_CAP: usize = 1 << 20;

/// Each connection's read buffer. tungstenite's default, 128 KiB, is zero-filled when it is
/// first read into, so it stays resident: two players made a room cost 330 KB. A client's
/// frames are a few hundred bytes; a longer one is still read whole (the buffer grows to it).
pub const READ_BUFFER: usize = 1024;

/// How the server is run.
#[derive(Clone, Debug)]
pub struct Config {
    pub addr: SocketAddr,
    pub data: PathBuf,
    pub dist: PathBuf,
    /// `postgres://…`: rooms in this PostgreSQL database, shared with other servers given the
    /// same; none: in `data`'s SQLite file.
    pub database_url: Option<String>,
    pub limits: Limits,
}

pub const USAGE: &str =
    "usage: catapult-table-server [--addr HOST:PORT] [--data DIR] [--dist DIR] \
[--database-url postgres://…] [--allow-origin ORIGIN]... [--rooms-per-address N] \
[--frames-per-second N] [--room-days N] [--idle-after SECS] [--quick-per-address N] [--queued-per-address N] \
[--quick-bots-after SECS] [--decision-clock SECS] [--shot-clock SECS] [--clock-strikes N] \
[--rated-pairs-per-day N] [--upgrade-limit SECS] [--first-frame-limit SECS] [--connections-per-address N] [--connections N]
       catapult-table-server --precompress DIR   (write .br files beside the web build's files)
  --addr     where to listen (default 127.0.0.1:8080; put a TLS reverse proxy in front to serve \
others)
  --data     where rooms are kept (default ./server-data)
  --database-url  keep rooms in this PostgreSQL database instead, shared by every server given \
it (default: the DATABASE_URL environment variable; none: the SQLite file in --data)
  --dist     the web game's files (default ./dist)
  --idle-after  a room with no move and no visitor for this long is let go from memory when \
nobody follows it, or keeps only its move count when connections still follow it, and is \
rebuilt from its stored log when next asked for (default 60 seconds)
  --quick-bots-after  a player waiting this long for a quick match without enough others is \
offered a room with bots (default 20 seconds)
  --decision-clock, --shot-clock  a quick-match seat that takes longer than this to decide (default \
60 seconds) or to shoot (default 45) has its move played by the server's normal bot
  --clock-strikes  a seat that runs out of time this many turns in a row is handed to the bot for \
the rest of the game (default 3)
  --rated-pairs-per-day  rated games two players (two devices, or two seats from one address) \
may play together in a game per UTC day; later ones are not rated (default 3)
  --upgrade-limit, --first-frame-limit  a connection that takes longer than this to send its \
request (default 10 seconds) or, upgraded, its first message (default 20) is closed
  --connections-per-address, --connections  connections one address (default 64) and the server \
(default: the open-file limit less 128 kept for the stores and a fresh player) may hold at once; \
past either a new connection is closed at once";

impl Config {
    pub fn parse(args: &[String]) -> Result<Config, String> {
        let mut c = Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            data: PathBuf::from("server-data"),
            dist: PathBuf::from("dist"),
            database_url: None,
            limits: Limits::default(),
        };
        let mut it = args.iter();
        while let Some(flag) = it.next() {
            let mut value = || {
                it.next()
                    .cloned()
                    .ok_or_else(|| format!("{flag} needs a value\n{USAGE}"))
            };
            let number = |v: String| {
                v.parse::<u64>()
                    .map_err(|_| format!("{flag} takes a whole number, not {v}"))
            };
            match flag.as_str() {
                "--addr" => {
                    let v = value()?;
                    c.addr = v.parse().map_err(|_| {
                        format!("--addr takes HOST:PORT (like 127.0.0.1:8080), not {v}")
                    })?
                }
                "--data" => c.data = PathBuf::from(value()?),
                "--dist" => c.dist = PathBuf::from(value()?),
                "--database-url" => c.database_url = Some(value()?),
                "--allow-origin" => c.limits.allowed_origins.push(value()?),
                "--rooms-per-address" => c.limits.rooms_per_address = number(value()?)? as usize,
                "--frames-per-second" => {
                    c.limits.frames_per_second = number(value()?)?.clamp(1, 100_000) as u32
                }
                "--room-days" => c.limits.room_days = number(value()?)?,
                "--idle-after" => {
                    c.limits.idle_after =
                        std::time::Duration::from_secs(number(value()?)?.clamp(1, 86_400))
                }
                "--quick-per-address" => c.limits.quick_per_address = number(value()?)? as usize,
                "--queued-per-address" => c.limits.queued_per_address = number(value()?)? as usize,
                "--quick-bots-after" => {
                    c.limits.quick_bots_after =
                        std::time::Duration::from_secs(number(value()?)?.min(86_400))
                }
                "--decision-clock" => {
                    c.limits.decision_clock =
                        std::time::Duration::from_secs(number(value()?)?.clamp(1, 86_400))
                }
                "--shot-clock" => {
                    c.limits.shot_clock =
                        std::time::Duration::from_secs(number(value()?)?.clamp(1, 86_400))
                }
                "--clock-strikes" => {
                    c.limits.clock_strikes = number(value()?)?.clamp(1, 1000) as u32
                }
                "--rated-pairs-per-day" => {
                    c.limits.rated_pairs_per_day = number(value()?)?.min(100_000) as u32
                }
                "--upgrade-limit" => {
                    c.limits.upgrade_limit =
                        std::time::Duration::from_secs(number(value()?)?.clamp(1, 3600))
                }
                "--first-frame-limit" => {
                    c.limits.first_frame_limit =
                        std::time::Duration::from_secs(number(value()?)?.clamp(1, 3600))
                }
                "--connections-per-address" => {
                    c.limits.connections_per_address = number(value()?)?.max(1) as usize
                }
                "--connections" => c.limits.connections = number(value()?)?.max(1) as usize,
                "--help" | "-h" => return Err(USAGE.to_string()),
                other => return Err(format!("unknown option {other}\n{USAGE}")),
            }
        }
        Ok(c)
    }
}

/// The routes: `/ws` for rooms, `/challenge/…` for today's challenge boards, `/ratings/…` for
/// the players' ratings, everything else from `dist`.
pub fn router(
    hub: Arc<Hub>,
    board: Arc<board::Board>,
    ratings: Arc<ratings::Ratings>,
    dist: PathBuf,
) -> Router {
    let files = ServeDir::new(dist)
        .precompressed_br()
        .precompressed_gzip()
        .append_index_html_on_directories(true);
    Router::new()
        .route("/ws", get(upgrade))
        .with_state(hub)
        .merge(board::router(board))
        .merge(ratings::router(ratings))
        .fallback_service(files)
}

/// Whether a browser page at `origin` may use this server's rooms: pages the server itself
/// serves (the same host) and the origins named with `--allow-origin`. A client that sends no
/// origin is not a browser page, and no page can act through it.
pub fn origin_allowed(origin: Option<&str>, host: Option<&str>, allowed: &[String]) -> bool {
    let Some(origin) = origin else { return true };
    if allowed.iter().any(|a| a == origin) {
        return true;
    }
    let authority = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"));
    matches!((authority, host), (Some(a), Some(h)) if a.eq_ignore_ascii_case(h))
}

async fn upgrade(
    ws: WebSocketUpgrade,
    State(hub): State<Arc<Hub>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    pass: Option<Extension<Arc<gate::Pass>>>,
    headers: HeaderMap,
) -> Response {
    let text = |h| {
        headers
            .get(h)
            .and_then(|v: &header::HeaderValue| v.to_str().ok())
    };
    let origin = text(header::ORIGIN);
    if !origin_allowed(origin, text(header::HOST), &hub.limits.allowed_origins) {
        let why = format!(
            "this server does not host rooms for pages from {} (start it with --allow-origin to \
             allow them)",
            engine::online::protocol::shown_text(origin.unwrap_or(""))
        );
        return (StatusCode::FORBIDDEN, why).into_response();
    }
    ws.max_message_size(TRANSPORT_CAP)
        .max_frame_size(TRANSPORT_CAP)
        .read_buffer_size(READ_BUFFER)
        .on_upgrade(move |socket| async move {
            // Counted against the address's and the server's ceilings until it closes.
            let _pass = pass;
            conn::serve(socket, hub, peer.ip()).await
        })
}

/// Runs the server until it is stopped; `ready` is told the address it listens on.
pub async fn run(config: Config, ready: impl FnOnce(SocketAddr)) -> Result<(), String> {
    let server = hub::server_id()?;
    let (hub, board, ratings) = match config.database_url.as_deref().filter(|u| !u.is_empty()) {
        None => (
            Arc::new(Hub::new(
                Arc::new(store::Sqlite::open(&config.data)?),
                config.limits.clone(),
                server,
            )),
            board::Board::open(&config.data)?,
            ratings::Ratings::sqlite(&config.data)?,
        ),
        Some(url) => {
            let store = pg::Postgres::open(url, server.clone()).await?;
            eprintln!(
                "rooms in PostgreSQL at {} (this server: {server})",
                store.shown()
            );
            let mut heard = store.listen();
            // Serve once the other servers are heard (a room held before that is brought up to
            // the database when listening starts anyway).
            match tokio::time::timeout(std::time::Duration::from_secs(10), heard.recv()).await {
                Ok(Some(pg::Heard::Listening)) => {}
                _ => eprintln!("room store: not hearing the other servers yet; serving anyway"),
            }
            let board = board::Board::shared(store.pool()).await?;
            let ratings = ratings::Ratings::postgres(store.pool()).await?;
            let hub = Arc::new(Hub::new(Arc::new(store), config.limits.clone(), server));
            tokio::spawn(hub.clone().hear(heard));
            tokio::spawn(hub.clone().keep_alive());
            (hub, board, ratings)
        }
    };
    let (board, ratings) = (Arc::new(board), Arc::new(ratings));
    hub.use_ratings(ratings.clone());
    let expired = hub.expire_old().await?;
    if expired > 0 {
        eprintln!(
            "forgot {expired} rooms untouched for {} days",
            config.limits.room_days
        );
    }
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", config.addr))?;
    let addr = listener
        .local_addr()
        .map_err(|e| format!("cannot read the address listened on: {e}"))?;
    // Rooms not asked for in --idle-after are let go (nobody follows them) or put to sleep
    // (connections still follow them): looked for twice in that time (at most every minute).
    let sweeper = hub.clone();
    let idle = config.limits.idle_after;
    tokio::spawn(async move {
        let every = (idle / 2).clamp(
            std::time::Duration::from_millis(250),
            std::time::Duration::from_secs(60),
        );
        let mut every = tokio::time::interval(every);
        loop {
            every.tick().await;
            // Each room's owner decides for itself (and drops its own tables).
            sweeper.sweep(idle).await;
        }
    });
    ready(addr);
    let limits = &config.limits;
    let gate = gate::Gate::new(limits.connections_per_address, limits.connections);
    gate::serve(
        listener,
        router(hub.clone(), board, ratings, config.dist.clone()),
        gate,
        limits.upgrade_limit,
    )
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_servers_own_pages_and_allowed_origins_may_use_rooms() {
        let allowed = vec!["https://games.example".to_string()];
        let host = Some("127.0.0.1:8080");
        assert!(origin_allowed(None, host, &allowed));
        assert!(origin_allowed(
            Some("http://127.0.0.1:8080"),
            host,
            &allowed
        ));
        assert!(origin_allowed(
            Some("https://games.example"),
            host,
            &allowed
        ));
        assert!(!origin_allowed(Some("http://evil.example"), host, &allowed));
        assert!(!origin_allowed(
            Some("http://127.0.0.1:8081"),
            host,
            &allowed
        ));
        assert!(!origin_allowed(Some("null"), host, &allowed));
        assert!(!origin_allowed(Some("http://127.0.0.1:8080"), None, &[]));
    }

    #[test]
    fn the_command_line_is_read_and_mistakes_are_named() {
        let args = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let c = Config::parse(&args(&[])).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(c.addr.to_string(), "127.0.0.1:8080");
        let c = Config::parse(&args(&[
            "--addr",
            "127.0.0.1:0",
            "--data",
            "d",
            "--rooms-per-address",
            "3",
            "--quick-bots-after",
            "2",
            "--queued-per-address",
            "5",
            "--decision-clock",
            "2",
            "--shot-clock",
            "0",
            "--clock-strikes",
            "4",
            "--rated-pairs-per-day",
            "7",
            "--idle-after",
            "0",
            "--upgrade-limit",
            "3",
            "--first-frame-limit",
            "0",
            "--connections-per-address",
            "5",
            "--connections",
            "100",
        ]))
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((c.addr.port(), c.limits.rooms_per_address), (0, 3));
        assert_eq!(c.limits.quick_bots_after.as_secs(), 2);
        assert_eq!(c.limits.queued_per_address, 5);
        assert_eq!(c.limits.decision_clock.as_secs(), 2);
        // A clock of no time would take every move from the players: one second at least.
        assert_eq!(c.limits.shot_clock.as_secs(), 1);
        assert_eq!(c.limits.clock_strikes, 4);
        assert_eq!(c.limits.rated_pairs_per_day, 7);
        // A room asleep the moment it is left would be rebuilt for every move: one second at
        // least.
        assert_eq!(c.limits.idle_after.as_secs(), 1);
        assert_eq!(c.limits.upgrade_limit.as_secs(), 3);
        // A connection must have a moment to speak: one second at least.
        assert_eq!(c.limits.first_frame_limit.as_secs(), 1);
        assert_eq!(
            (c.limits.connections_per_address, c.limits.connections),
            (5, 100)
        );
        let e = Config::parse(&args(&["--quick-bots-after", "soon"]))
            .err()
            .unwrap_or_default();
        assert!(e.contains("--quick-bots-after takes a whole number"), "{e}");
        let e = Config::parse(&args(&["--addr", "nowhere"]))
            .err()
            .unwrap_or_default();
        assert!(e.contains("HOST:PORT"), "{e}");
        let e = Config::parse(&args(&["--fast"])).err().unwrap_or_default();
        assert!(e.contains("unknown option --fast"), "{e}");
        let c = Config::parse(&args(&["--database-url", "postgres://db/rooms"]))
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(c.database_url.as_deref(), Some("postgres://db/rooms"));
        let e = Config::parse(&args(&["--data"])).err().unwrap_or_default();
        assert!(e.contains("--data needs a value"), "{e}");
    }
}
