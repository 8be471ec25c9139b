//! `rooms-bench --games mixed` and `--idle N`: the five games in a fixed mix with their usual
//! seat counts, rooms started and left idle (a few moves, then every player gone), and how long
//! a visitor waits for such a room once the server has let it go (loaded from the store and
//! rebuilt from its recorded outcomes).

use super::{connect, next_news, open_room, percentile, send, step, Step, Ws};
use engine::core::Rng;
use engine::games::{assault, carcassonne, castle, catapults, feud};
use engine::online::protocol::{ClientFrame, ServerFrame};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// One room in ten of each: game and seats. Two-seat rooms of every game, and the larger tables
/// each is played at: Castle 4, Catapults 4, Carcassonne 6 (with its catapult rounds), Assault 10.
pub const MIX: [(&str, usize); 10] = [
    (castle::INFO.id, 2),
    (castle::INFO.id, 4),
    (feud::INFO.id, 2),
    (feud::INFO.id, 2),
    (catapults::INFO.id, 2),
    (catapults::INFO.id, 4),
    (carcassonne::INFO.id, 2),
    (carcassonne::INFO.id, 6),
    (assault::INFO.id, 2),
    (assault::INFO.id, 10),
];

/// The game and seats of room `i`: from the mix, or `game` with two seats.
pub fn kind(mixed: bool, game: &str, i: usize) -> (String, usize) {
    if mixed {
        let (g, n) = MIX[i % MIX.len()];
        (g.to_string(), n)
    } else {
        (game.to_string(), 2)
    }
}

/// Which of a room's two clients plays `seat`: the guest plays seat 1, the host every other
/// (a host playing several seats on one device, as at a table).
pub fn client_of(seat: usize) -> usize {
    usize::from(seat == 1)
}

/// A room left idle: its code, game and seats, and the moves played before its players left.
pub struct IdleRoom {
    pub code: String,
    pub game: String,
    pub seats: usize,
    pub moves: usize,
    /// Its two clients, held (unread) only to stay connected (`--idle-followed`).
    pub _connected: Option<[Ws; 2]>,
}

/// Opens `n` rooms (64 at a time), plays `moves` moves in each, then closes both clients
/// (`followed`: keeps them connected, silent).
pub async fn open_idle(
    urls: &[String; 2],
    n: usize,
    (mixed, game): (bool, &str),
    moves: usize,
    followed: bool,
) -> Result<Vec<IdleRoom>, String> {
    let sem = Arc::new(tokio::sync::Semaphore::new(64));
    let mut tasks = Vec::with_capacity(n);
    for i in 0..n {
        let (urls, sem) = (urls.clone(), sem.clone());
        let (game, seats) = kind(mixed, game, i);
        tasks.push(tokio::spawn(async move {
            let _permit = sem.acquire().await;
            let (host, guest, mut d, code) = open_room(&urls, &game, seats).await?;
            let mut socks: [Ws; 2] = [host, guest];
            let mut rng = Rng::new(1_000_000 + i as u64);
            let mut played = 0;
            while played < moves {
                match step(&mut socks, &mut d, &mut rng).await {
                    Step::Moved { .. } => played += 1,
                    Step::Refused => {}
                    Step::Stop(why) => {
                        if !why.contains("over") {
                            eprintln!("idle room {code}: stopped after {played} moves: {why}");
                        }
                        break;
                    }
                }
            }
            if !followed {
                for s in &mut socks {
                    let _ = s.close(None).await;
                }
            }
            Ok::<_, String>(IdleRoom {
                code,
                game,
                seats,
                moves: played,
                _connected: followed.then_some(socks),
            })
        }));
    }
    let mut rooms = Vec::with_capacity(n);
    for t in tasks {
        rooms.push(t.await.map_err(|e| e.to_string())??);
    }
    Ok(rooms)
}

/// A visitor (a watcher) to an idle room: the time from asking until its welcome.
async fn visit(url: &str, code: &str) -> Result<Duration, String> {
    let mut ws = connect(url).await?;
    let asked = Instant::now();
    send(
        &mut ws,
        &ClientFrame::Watch {
            room: code.to_string(),
        },
    )
    .await?;
    match next_news(&mut ws).await? {
        ServerFrame::Welcome { .. } => {}
        other => return Err(format!("expected a welcome, got {other:?}")),
    }
    let took = asked.elapsed();
    let _ = ws.close(None).await;
    Ok(took)
}

/// Visits up to `per_game` idle rooms of each game, one at a time, and prints, per game and
/// seat count, how long the welcome took (the room loaded from the store and rebuilt from its
/// moves' recorded outcomes, then sent).
pub async fn rebuilds(url: &str, idle: &[IdleRoom], per_game: usize) -> Result<(), String> {
    let mut by: BTreeMap<(String, usize), (Vec<u32>, usize)> = BTreeMap::new();
    for r in idle {
        let e = by.entry((r.game.clone(), r.seats)).or_default();
        if e.0.len() >= per_game {
            continue;
        }
        let took = visit(url, &r.code).await?;
        e.0.push(took.as_micros().min(u32::MAX as u128) as u32);
        e.1 += r.moves;
    }
    for ((game, seats), (mut v, moves)) in by {
        v.sort_unstable();
        println!(
            "rebuild {game:>11} {seats:>2} seats: a visitor's welcome p50 {:.2} ms, max {:.2} ms \
             ({} rooms of {:.1} moves, loaded from the store and rebuilt)",
            percentile(&v, 0.5),
            percentile(&v, 1.0),
            v.len(),
            moves as f64 / v.len().max(1) as f64
        );
    }
    Ok(())
}

/// Round trips per game and seat count: p50 / p99 / max (µs in, ms out).
pub fn per_game(by: &BTreeMap<(String, usize), Vec<u32>>) {
    for ((game, seats), v) in by {
        let mut v = v.clone();
        v.sort_unstable();
        println!(
            "  {game:>11} {seats:>2} seats: {:>6} moves, round trip p50 {:.2} ms, p99 {:.2} ms, \
             max {:.2} ms",
            v.len(),
            percentile(&v, 0.5),
            percentile(&v, 0.99),
            percentile(&v, 1.0)
        );
    }
}
