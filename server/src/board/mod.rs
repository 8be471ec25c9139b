//! Today's challenge boards (docs/challenge.md): a player's replay is ranked only after the engine
//! has re-simulated it (`engine::challenge::verify`). Each device's best result per game and day,
//! kept beside the rooms behind the board's own store (`results`: SQLite on its own, the shared
//! PostgreSQL database when servers share one).
//!
//! `POST /challenge/GAME/DATE?name=NAME&device=TOKEN&claim=SCORE` with the replay as the body:
//! 200 with the entry's rank (JSON), or 4xx with the reason in words. `GET /challenge/GAME/DATE`
//! (optionally `?device=TOKEN`): the day's board as JSON, best first.

use crate::answer::{js, json, refuse, top_with_mine};
use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use engine::challenge::line::result_line;
use engine::challenge::verify::verify_claim;
use engine::challenge::{challenge_for, Day};
use std::collections::{HashMap, VecDeque};
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

pub mod results;

/// The largest replay a submission may carry (a whole Catapults game is ~30 KB).
pub const MAX_REPLAY: usize = 256 * 1024;
/// Submissions one device may make per game and day (its best counts).
pub const PER_DEVICE_DAY: i64 = 20;
/// Submissions one address may make per hour.
pub const PER_ADDRESS_HOUR: usize = 120;
/// A day's board takes results this many days late (a game played offline is sent later).
pub const LATE_DAYS: i64 = 7;
/// Entries a board shows.
pub const BOARD_SIZE: usize = 50;
/// Replays checked at once (each re-simulates a whole game on a blocking thread).
const CHECKS_AT_ONCE: usize = 2;

pub struct Board {
    results: results::Results,
    recent: Mutex<HashMap<IpAddr, VecDeque<Instant>>>,
    checks: tokio::sync::Semaphore,
}

/// Today (UTC) by the system clock.
pub fn today() -> Day {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    Day::from_unix_days((secs / 86_400) as i64)
}

impl Board {
    /// The board of a server on its own, beside its rooms: `DIR/board.sqlite`.
    pub fn open(dir: &std::path::Path) -> Result<Board, String> {
        Ok(Board::over(results::Results::sqlite(dir)?))
    }

    /// The board in the shared PostgreSQL database (its table made by its own migrations).
    pub async fn shared(pool: deadpool_postgres::Pool) -> Result<Board, String> {
        Ok(Board::over(results::Results::postgres(pool).await?))
    }

    fn over(results: results::Results) -> Board {
        Board {
            results,
            recent: Mutex::new(HashMap::new()),
            checks: tokio::sync::Semaphore::new(CHECKS_AT_ONCE),
        }
    }

    /// Counts a submission from `ip`; refused past the hourly limit (counted by each server).
    fn admit(&self, ip: IpAddr) -> Result<(), String> {
        let mut recent = self
            .recent
            .lock()
            .map_err(|_| "the challenge board is unavailable".to_string())?;
        let now = Instant::now();
        let list = recent.entry(ip).or_default();
        while list
            .front()
            .is_some_and(|t| now.duration_since(*t) > Duration::from_secs(3600))
        {
            list.pop_front();
        }
        if list.len() >= PER_ADDRESS_HOUR {
            return Err(format!(
                "this address has sent {PER_ADDRESS_HOUR} results in the last hour, the most \
                 allowed: try again later"
            ));
        }
        list.push_back(now);
        Ok(())
    }

    /// Keeps a device's result if it is its best of the day; refused past the device's tries.
    async fn keep(&self, e: &Entry, replay: String) -> Result<(), String> {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs()) as i64;
        self.results.keep(e, replay, now).await
    }

    /// The day's board, best first (ties: the earlier result first).
    pub async fn standings(&self, game: &str, day: &str) -> Result<Vec<Entry>, String> {
        self.results.standings(game, day).await
    }
}

/// One device's result on a board.
#[derive(Clone, Debug)]
pub struct Entry {
    pub game: String,
    pub day: String,
    pub device: String,
    pub name: String,
    pub score: i64,
    pub line: String,
}

/// A player's name as boards show it: the rooms' own check (`engine::online::names`): 1 to 24
/// characters, none invisible, turning the text around, private or unassigned.
pub fn check_name(name: &str) -> Result<String, String> {
    engine::online::names::check_name(name).map_err(|e| e.0)
}

/// A device token: 16 to 64 letters, digits, `-` or `_` (the app makes a random one).
pub fn check_device(token: &str) -> Result<(), String> {
    let ok = (16..=64).contains(&token.len())
        && token
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if ok {
        Ok(())
    } else {
        Err("the device token is malformed".into())
    }
}

/// The day a result is for, if its board takes results: a day that has begun (UTC) and is at
/// most `LATE_DAYS` past. A day not yet begun is refused, however close its midnight.
fn open_day(date: &str) -> Result<Day, String> {
    let day = Day::parse(date).map_err(|e| e.0)?;
    let today = today().unix_days();
    if day.unix_days() > today {
        return Err(format!(
            "the challenge of {day} has not begun yet: it opens at midnight UTC"
        ));
    }
    if day.unix_days() < today - LATE_DAYS {
        return Err(format!(
            "the board of {day} is closed: results are taken up to {LATE_DAYS} days late"
        ));
    }
    Ok(day)
}

pub fn router(board: Arc<Board>) -> Router {
    Router::new()
        .route("/challenge/{game}/{date}", get(show).post(submit))
        .with_state(board)
}

fn entry_json(rank: usize, e: &Entry, mine: bool) -> String {
    format!(
        "{{\"rank\":{rank},\"name\":{},\"score\":{},\"line\":{},\"you\":{mine}}}",
        js(&e.name),
        e.score,
        js(&e.line)
    )
}

async fn show(
    State(board): State<Arc<Board>>,
    Path((game, date)): Path<(String, String)>,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    let challenge = match Day::parse(&date).and_then(|d| challenge_for(&game, d)) {
        Ok(c) => c,
        Err(e) => return refuse(StatusCode::NOT_FOUND, e.0),
    };
    let device = q.get("device").map(String::as_str).unwrap_or("");
    let day = challenge.day.to_string();
    let all = match board.standings(challenge.game, &day).await {
        Ok(all) => all,
        Err(e) => return refuse(StatusCode::SERVICE_UNAVAILABLE, e),
    };
    let shown = top_with_mine(&all, BOARD_SIZE, |e| e.device == device, entry_json);
    json(format!(
        "{{\"game\":{},\"day\":{},\"number\":{},\"goal\":{},\"players\":{},\"entries\":[{}]}}",
        js(challenge.game),
        js(&day),
        challenge.day.number(),
        js(&challenge.goal()),
        all.len(),
        shown.join(",")
    ))
}

async fn submit(
    State(board): State<Arc<Board>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path((game, date)): Path<(String, String)>,
    Query(q): Query<HashMap<String, String>>,
    body: Bytes,
) -> Response {
    let bad = |why: String| refuse(StatusCode::BAD_REQUEST, why);
    let day = match open_day(&date) {
        Ok(d) => d,
        Err(e) => return bad(e),
    };
    let challenge = match challenge_for(&game, day) {
        Ok(c) => c,
        Err(e) => return refuse(StatusCode::NOT_FOUND, e.0),
    };
    let name = match check_name(q.get("name").map(String::as_str).unwrap_or("")) {
        Ok(n) => n,
        Err(e) => return bad(e),
    };
    let device = q.get("device").cloned().unwrap_or_default();
    if let Err(e) = check_device(&device) {
        return bad(e);
    }
    let Some(claim) = q.get("claim").and_then(|c| c.parse::<i64>().ok()) else {
        return bad("the claimed score is missing or not a number".into());
    };
    if body.len() > MAX_REPLAY {
        return refuse(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("a replay is at most {MAX_REPLAY} bytes"),
        );
    }
    let Ok(text) = String::from_utf8(body.to_vec()) else {
        return bad("the replay is not text".into());
    };
    if let Err(e) = board.admit(peer.ip()) {
        return refuse(StatusCode::TOO_MANY_REQUESTS, e);
    }
    let Ok(_permit) = board.checks.acquire().await else {
        return refuse(StatusCode::SERVICE_UNAVAILABLE, "the server is stopping");
    };
    let c = challenge.clone();
    let checked = tokio::task::spawn_blocking(move || {
        let v = verify_claim(&c, &text, claim)?;
        let line = result_line(&c, &v);
        Ok::<_, engine::core::Refusal>((v, line, text))
    })
    .await;
    let (v, line, text) = match checked {
        Ok(Ok(done)) => done,
        Ok(Err(e)) => return refuse(StatusCode::UNPROCESSABLE_ENTITY, format!("not ranked: {e}")),
        Err(_) => return refuse(StatusCode::INTERNAL_SERVER_ERROR, "the check failed"),
    };
    let entry = Entry {
        game: challenge.game.to_string(),
        day: day.to_string(),
        device: device.clone(),
        name,
        score: v.score,
        line,
    };
    let kept = match board.keep(&entry, text).await {
        Ok(()) => board.standings(&entry.game, &entry.day).await,
        Err(e) => Err(e),
    };
    match kept {
        Ok(all) => {
            let rank = all
                .iter()
                .position(|e| e.device == device)
                .map_or(0, |i| i + 1);
            json(format!(
                "{{\"rank\":{rank},\"players\":{},\"score\":{},\"line\":{}}}",
                all.len(),
                v.score,
                js(&entry.line)
            ))
        }
        Err(e) => refuse(StatusCode::TOO_MANY_REQUESTS, e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_device_tokens_are_checked() {
        assert_eq!(check_name("  Ada ").ok().as_deref(), Some("Ada"));
        assert!(check_name("").is_err());
        assert!(check_name("a\u{7}b").is_err());
        assert!(check_name(&"x".repeat(25)).is_err());
        assert!(check_name("Ada\u{202e}nimda").is_err_and(|e| e.contains("turns the text")));
        assert!(check_name("A\u{200d}da").is_err_and(|e| e.contains("invisible")));
        assert!(check_device("abcdefghijklmnop").is_ok());
        assert!(check_device("short").is_err());
        assert!(check_device("abcdefghijklmnop/").is_err());
    }

    #[test]
    fn a_board_takes_today_and_a_week_late_but_not_tomorrow() {
        let t = today().unix_days();
        let d = |n: i64| Day::from_unix_days(t + n).to_string();
        assert!(open_day(&d(0)).is_ok());
        assert!(open_day(&d(-LATE_DAYS)).is_ok() || Day::parse(&d(-LATE_DAYS)).is_err());
        assert!(open_day(&d(1)).is_err_and(|e| e.contains("not begun")));
        assert!(open_day(&d(2)).is_err_and(|e| e.contains("not begun")));
        assert!(open_day(&d(-LATE_DAYS - 1)).is_err());
    }
}
