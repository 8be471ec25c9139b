//! The figures of a `rooms-bench` run, printed alone and side by side.

use super::{mix, proc_usage};
use std::collections::BTreeMap;
use std::time::Duration;

/// The figures of one run.
#[derive(Default)]
pub struct Figures {
    pub label: String,
    pub rooms: usize,
    pub opened: f64,
    pub moves: u64,
    pub wall: f64,
    pub shots: u64,
    pub refused: u64,
    pub p50: f64,
    pub p99: f64,
    pub max: f64,
    pub other_p50: f64,
    pub other_p99: f64,
    pub cpu: f64,
    /// The benchmark's own process (every room's clients and their games).
    pub client_cpu: f64,
    pub db_cpu: Option<f64>,
    pub rss_empty: u64,
    /// After the idle rooms were opened, left and let go (`rss_empty` without idle rooms).
    pub rss_idle: u64,
    pub idle: usize,
    pub rss_full: u64,
    /// Mean over the load, sampled every second.
    pub rss_load: u64,
    pub rss_end: u64,
    pub by_game: BTreeMap<(String, usize), Vec<u32>>,
}

impl Figures {
    fn per_shot_ms(&self) -> f64 {
        self.cpu * 1000.0 / self.shots.max(1) as f64
    }
    fn per_room_kb(&self) -> f64 {
        self.rss_full.saturating_sub(self.rss_idle) as f64 / 1e3 / self.rooms.max(1) as f64
    }
    fn per_room_load_kb(&self) -> f64 {
        self.rss_load.saturating_sub(self.rss_idle) as f64 / 1e3 / self.rooms.max(1) as f64
    }
    fn per_idle_kb(&self) -> f64 {
        self.rss_idle.saturating_sub(self.rss_empty) as f64 / 1e3 / self.idle.max(1) as f64
    }
    pub fn print(&self) {
        println!("rooms held: {}", self.rooms);
        println!(
            "moves: {} in {:.1} s = {:.1} moves/s ({} shots re-simulated, {} refused)",
            self.moves,
            self.wall,
            self.moves as f64 / self.wall,
            self.shots,
            self.refused
        );
        println!(
            "round trip: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms (target p99 <= 100 ms: {})",
            self.p50,
            self.p99,
            self.max,
            if self.p99 <= 100.0 { "met" } else { "missed" }
        );
        println!(
            "the other seat has the move: p50 {:.2} ms, p99 {:.2} ms after it was sent",
            self.other_p50, self.other_p99
        );
        println!(
            "server CPU: {:.2} s in all = {:.2} ms per re-simulated shot (all server work / \
             shots), {:.0}% of one core",
            self.cpu,
            self.per_shot_ms(),
            self.cpu * 100.0 / self.wall
        );
        println!(
            "the benchmark's clients' CPU (this process, every room's two clients and the game \
             they follow): {:.2} s, {:.0}% of one core",
            self.client_cpu,
            self.client_cpu * 100.0 / self.wall
        );
        if let Some(db) = self.db_cpu {
            println!(
                "database CPU (PostgreSQL's processes): {db:.2} s, {:.0}% of one core",
                db * 100.0 / self.wall
            );
        }
        if self.idle > 0 {
            println!(
                "idle rooms: {} held, {:.1} KB per idle room ({:.1} MB with no room, {:.1} MB \
                 once they were let go)",
                self.idle,
                self.per_idle_kb(),
                self.rss_empty as f64 / 1e6,
                self.rss_idle as f64 / 1e6
            );
        }
        println!(
            "memory: {:.1} MB before the active rooms, {:.1} MB with {} rooms = {:.1} KB per \
             room; {:.1} KB per room during the load (mean of 1-s samples); {:.1} MB at the end",
            self.rss_idle as f64 / 1e6,
            self.rss_full as f64 / 1e6,
            self.rooms,
            self.per_room_kb(),
            self.per_room_load_kb(),
            self.rss_end as f64 / 1e6
        );
        if self.by_game.len() > 1 {
            println!("round trips per game:");
            mix::per_game(&self.by_game);
        }
    }
}

/// CPU time of PostgreSQL's processes: the postmaster (first line of postmaster.pid) and its
/// children, from /proc.
pub fn db_cpu(postmaster: Option<u32>) -> Option<Duration> {
    let pm = postmaster?;
    let mut total = proc_usage(pm).0;
    for e in std::fs::read_dir("/proc").ok()?.flatten() {
        let Some(pid) = e.file_name().to_str().and_then(|n| n.parse::<u32>().ok()) else {
            continue;
        };
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        let after = stat.rsplit_once(')').map(|(_, r)| r).unwrap_or("");
        // Field 4 (ppid) is the second after the name.
        if after
            .split_whitespace()
            .nth(1)
            .and_then(|v| v.parse::<u32>().ok())
            == Some(pm)
        {
            total += proc_usage(pid).0;
        }
    }
    Some(total)
}

pub fn finish(all: &[Figures]) -> Result<(), String> {
    if all.len() < 2 {
        return Ok(());
    }
    println!("\n== side by side");
    let row = |what: &str, f: &dyn Fn(&Figures) -> String| {
        let cells: Vec<String> = all.iter().map(|x| format!("{:>28}", f(x))).collect();
        println!("{what:<28}{}", cells.join(""));
    };
    row("", &|x| x.label.clone());
    row("rooms held", &|x| {
        format!("{} (opened in {:.1} s)", x.rooms, x.opened)
    });
    row("moves per second", &|x| {
        format!("{:.1}", x.moves as f64 / x.wall)
    });
    row("refused", &|x| x.refused.to_string());
    row("round trip p50 / p99", &|x| {
        format!("{:.1} / {:.1} ms", x.p50, x.p99)
    });
    row("round trip max", &|x| format!("{:.1} ms", x.max));
    row("other seat has it p50/p99", &|x| {
        format!("{:.1} / {:.1} ms", x.other_p50, x.other_p99)
    });
    row("server CPU per shot", &|x| {
        format!("{:.2} ms", x.per_shot_ms())
    });
    row("server CPU", &|x| {
        format!("{:.0}% of a core", x.cpu * 100.0 / x.wall)
    });
    row("database CPU", &|x| match x.db_cpu {
        Some(d) => format!("{:.0}% of a core", d * 100.0 / x.wall),
        None => "(in the server)".into(),
    });
    row("memory per room", &|x| format!("{:.1} KB", x.per_room_kb()));
    row("memory per room, load", &|x| {
        format!("{:.1} KB", x.per_room_load_kb())
    });
    row("memory per idle room", &|x| {
        format!("{:.1} KB", x.per_idle_kb())
    });
    Ok(())
}
