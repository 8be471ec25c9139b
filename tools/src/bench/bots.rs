//! `bench --bots`: the bots' thinking (a Hard decision's wall and CPU time beside the baseline
//! search) and the whole games the bots' speed is judged by.

use super::*;

/// The search before its candidates were previews (`BotBudget::preview`): the baseline the
/// bots' timings are compared with in the same run.
pub const BASELINE_BUDGET: BotBudget = BotBudget {
    samples: 10,
    refinements: 10,
    preview: false,
    work: u64::MAX,
    enough: 0,
};

/// Positions of a bot-vs-bot game (Normal bots, `referee selfplay`'s seeds) where a bot is to
/// act: up to `per_kind` where it shoots (a launch to aim) and as many where it decides.
pub fn bot_positions(
    game: &str,
    seats: usize,
    seed: u64,
    per_kind: usize,
) -> Result<[Vec<Box<dyn Game>>; 2], String> {
    let mut driver = headless::bot_game(game, seats, seed, &[]).map_err(|e| e.0)?;
    let mut found: [Vec<Box<dyn Game>>; 2] = [Vec::new(), Vec::new()];
    while !driver.game().is_over() && found.iter().any(|f| f.len() < per_kind) {
        driver
            .within_cap()
            .map_err(|_| format!("{game}: no end within {MOVE_CAP} moves"))?;
        let g = driver.game();
        let aims = g
            .launch_prompt()
            .is_some_and(|p| p.kinds.iter().any(|k| *k != LaunchKind::Release));
        let kind = usize::from(!aims);
        if found[kind].len() < per_kind {
            found[kind].push(g.clone_game());
        }
        driver.bot_turn().map_err(|e| format!("{game}: {e}"))?;
    }
    Ok(found)
}

/// CPU time this thread has spent so far, in nanoseconds: the first field of
/// `/proc/thread-self/schedstat` (the scheduler's `sum_exec_runtime`: time on a CPU, user and
/// system, not time waiting for one). `None` where there is no such file (another OS, wasm).
/// The kernel brings the figure up to date at each scheduler tick and context switch, so a
/// difference of two readings is exact to about one tick (4 ms at 250 Hz).
pub fn thread_cpu_ns() -> Option<u64> {
    if cfg!(target_os = "linux") {
        let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
        text.split_whitespace().next()?.parse().ok()
    } else {
        None
    }
}

/// The Hard target of issue #14: a decision costs at most this much (docs/benchmarks.md).
pub const DECISION_TARGET_MS: f64 = 300.0;

/// Times of a bot's decisions in several positions, milliseconds: wall clock, and the CPU time
/// the deciding thread spent (`thread_cpu_ns`; `None` where it cannot be read). Wall time on a
/// loaded machine includes the time spent waiting for a core; CPU time does not.
#[derive(Clone, Copy, Debug)]
pub struct Timing {
    pub mean: f64,
    pub max: f64,
    /// (mean, max) CPU milliseconds.
    pub cpu: Option<(f64, f64)>,
}

impl Timing {
    /// Nothing measured (`-` in every column).
    pub const NONE: Timing = Timing {
        mean: f64::NAN,
        max: f64::NAN,
        cpu: None,
    };
}

/// A bot at `level` choosing in each position: mean and max milliseconds, wall and CPU.
pub fn time_choices(positions: &[Box<dyn Game>], level: Level, budget: BotBudget) -> Timing {
    let (mut sum, mut max) = (0.0, 0.0f64);
    let (mut cpu_sum, mut cpu_max) = (0.0, 0.0f64);
    let mut cpu_known = true;
    for (i, g) in positions.iter().enumerate() {
        let mut rng = Rng::new(bot_seed(1, i));
        let c0 = thread_cpu_ns();
        let t0 = Instant::now();
        let _ = bot::choose_at(g.as_ref(), level, &mut rng, budget);
        let ms = t0.elapsed().as_secs_f64() * 1e3;
        match (c0, thread_cpu_ns()) {
            (Some(a), Some(b)) => {
                let cpu = b.saturating_sub(a) as f64 / 1e6;
                cpu_sum += cpu;
                cpu_max = cpu_max.max(cpu);
            }
            _ => cpu_known = false,
        }
        sum += ms;
        max = max.max(ms);
    }
    let n = positions.len().max(1) as f64;
    Timing {
        mean: sum / n,
        max,
        cpu: cpu_known.then_some((cpu_sum / n, cpu_max)),
    }
}

/// A whole bot-vs-bot game at Normal with this search budget: milliseconds and moves.
pub fn time_game(
    game: &str,
    seats: usize,
    seed: u64,
    budget: BotBudget,
) -> Result<(f64, usize), String> {
    let mut driver = headless::bot_game(game, seats, seed, &[]).map_err(|e| e.0)?;
    driver.budget = budget;
    let t0 = Instant::now();
    driver.play_out().map_err(|e| format!("{game}: {e}"))?;
    Ok((
        t0.elapsed().as_secs_f64() * 1e3,
        driver.session.replay.moves.len(),
    ))
}

/// A whole bot-vs-bot game at Normal on the game's first table (a recording without a table
/// version: in Assault every castle awake in every throw) or on its current one (`latest`: in
/// Assault's table 2 castles that stood start a throw asleep): milliseconds and moves
/// (docs/benchmarks.md, "Assault's tables").
pub fn time_table(
    game: &str,
    seats: usize,
    seed: u64,
    latest: bool,
) -> Result<(f64, usize), String> {
    let options: Vec<String> = if latest {
        games::table_versions(game)
            .iter()
            .map(|v| v.to_string())
            .collect()
    } else {
        Vec::new()
    };
    let header = Replay::new(
        game,
        &options,
        engine::core::seat::default_seats(seats, engine::core::seat::SeatKind::Bot),
        seed,
    );
    let mut driver = headless::driver_for(&header).map_err(|e| e.0)?;
    let t0 = Instant::now();
    driver.play_out().map_err(|e| format!("{game}: {e}"))?;
    Ok((
        t0.elapsed().as_secs_f64() * 1e3,
        driver.session.replay.moves.len(),
    ))
}

/// The whole games the bots' speed is judged by (docs/benchmarks.md): every game whose registry
/// entry names `timed_seats`, with that many seats.
pub fn timed_games() -> impl Iterator<Item = (&'static str, usize)> {
    games::GAMES
        .iter()
        .filter(|g| g.available)
        .filter_map(|g| g.timed_seats.map(|n| (g.id, n)))
}

/// `bench --bots`: Hard decision times per game and whole Normal games, each beside the
/// baseline search in the same run.
pub(super) fn bots_section(only: &[String], seed: u64, baseline: bool, r: &mut RunResult) {
    let platform = if cfg!(target_arch = "wasm32") {
        "wasm32"
    } else {
        "native"
    };
    r.out.push(format!(
        "bots' thinking ({platform}; a Hard bot's decision, ms; base = the search before previews \
         (BASELINE_BUDGET), same positions, same run; ratio = base / now; cpu = the deciding \
         thread's CPU time, /proc/thread-self/schedstat, n/a where unavailable)"
    ));
    r.out.push(format!(
        "{:<12} {:<9} {:>5} {:>9} {:>9} {:>9} {:>9} {:>6} {:>9} {:>9} {:>13} {:>12}",
        "game",
        "turn",
        "seen",
        "mean",
        "max",
        "base mean",
        "base max",
        "ratio",
        "cpu mean",
        "cpu max",
        "base cpu mean",
        "base cpu max"
    ));
    // Per game, the longest Hard decision's CPU time (and wall time), for the target lines.
    let mut longest: Vec<(&str, Option<f64>, f64)> = Vec::new();
    for info in games::GAMES.iter().filter(|g| g.available) {
        if !only.is_empty() && !only.iter().any(|g| g == info.id) {
            continue;
        }
        let seats = 2usize.clamp(info.min_seats, info.max_seats);
        let found = match bot_positions(info.id, seats, seed, 6) {
            Ok(f) => f,
            Err(e) => {
                r.code = 1;
                r.err.push(format!("bench: {e}"));
                continue;
            }
        };
        let mut game_cpu: Option<f64> = Some(0.0);
        let mut game_wall = 0.0f64;
        for (kind, positions) in ["shot", "decision"].iter().zip(&found) {
            if positions.is_empty() {
                continue;
            }
            let now = time_choices(positions, Level::Hard, BotBudget::default());
            let base = if baseline {
                time_choices(positions, Level::Hard, BASELINE_BUDGET)
            } else {
                Timing::NONE
            };
            game_wall = game_wall.max(now.max);
            game_cpu = match (game_cpu, now.cpu) {
                (Some(a), Some((_, b))) => Some(a.max(b)),
                _ => None,
            };
            // CPU columns: "n/a" where the thread's CPU time cannot be read, "-" when not run.
            let cpu = |t: &Timing, run: bool, max: bool| match (run, t.cpu) {
                (false, _) => "-".to_string(),
                (true, Some((mean, most))) => fmt_ms(if max { most } else { mean }),
                (true, None) => "n/a".to_string(),
            };
            r.out.push(format!(
                "{:<12} {:<9} {:>5} {:>9} {:>9} {:>9} {:>9} {:>6} {:>9} {:>9} {:>13} {:>12}",
                info.id,
                kind,
                positions.len(),
                fmt_ms(now.mean),
                fmt_ms(now.max),
                fmt_ms(base.mean),
                fmt_ms(base.max),
                if baseline {
                    format!("{:.1}", base.mean / now.mean)
                } else {
                    "-".into()
                },
                cpu(&now, true, false),
                cpu(&now, true, true),
                cpu(&base, baseline, false),
                cpu(&base, baseline, true)
            ));
        }
        if found.iter().any(|f| !f.is_empty()) {
            longest.push((info.id, game_cpu, game_wall));
        }
    }
    for (id, cpu, wall) in longest {
        r.out.push(match cpu {
            Some(cpu) => format!(
                "target {id}: Hard max CPU {} ms (wall {} ms) <= {DECISION_TARGET_MS:.0} ms: {}",
                fmt_ms(cpu),
                fmt_ms(wall),
                if cpu <= DECISION_TARGET_MS {
                    "met"
                } else {
                    "NOT met"
                }
            ),
            None => format!(
                "target {id}: Hard max CPU n/a (wall {} ms) <= {DECISION_TARGET_MS:.0} ms: n/a",
                fmt_ms(wall)
            ),
        });
    }
    r.out.push(String::new());
    r.out.push(format!(
        "whole games, Normal bots ({platform}; ms; seed {seed}; ratio = base / now, whole game \
         and per move: the two searches play different games)"
    ));
    r.out.push(format!(
        "{:<12} {:>5} {:>6} {:>10} {:>8} {:>20} {:>6} {:>8}",
        "game", "seats", "moves", "now", "/move", "base", "ratio", "per move"
    ));
    for (id, seats) in timed_games() {
        if !only.is_empty() && !only.iter().any(|g| g == id) {
            continue;
        }
        let now = time_game(id, seats, seed, BotBudget::default());
        let base = if baseline {
            time_game(id, seats, seed, BASELINE_BUDGET).map(Some)
        } else {
            Ok(None)
        };
        match (now, base) {
            (Ok((ms, moves)), Ok(base)) => {
                let per_move = |ms: f64, moves: usize| ms / moves.max(1) as f64;
                r.out.push(format!(
                    "{:<12} {:>5} {:>6} {:>10} {:>8} {:>20} {:>6} {:>8}",
                    id,
                    seats,
                    moves,
                    fmt_ms(ms),
                    fmt_ms(per_move(ms, moves)),
                    base.map(|b| format!("{} ({} moves)", fmt_ms(b.0), b.1))
                        .unwrap_or_else(|| "-".into()),
                    base.map(|b| format!("{:.1}", b.0 / ms))
                        .unwrap_or_else(|| "-".into()),
                    base.map(|b| format!("{:.1}", per_move(b.0, b.1) / per_move(ms, moves)))
                        .unwrap_or_else(|| "-".into())
                ));
            }
            (Err(e), _) | (_, Err(e)) => {
                r.code = 1;
                r.err.push(format!("bench: {e}"));
            }
        }
    }
    // A timed game whose table changed: a whole game on its first table beside its current one.
    for (id, seats) in timed_games().filter(|(id, _)| !games::table_versions(id).is_empty()) {
        if !only.is_empty() && !only.iter().any(|g| g == id) {
            continue;
        }
        let name = games::info(id).map(|g| g.name).unwrap_or(id);
        r.out.push(String::new());
        r.out.push(format!(
            "{name}'s tables: a whole {seats}-seat game, Normal bots ({platform}; ms; seed {seed}; \
             ratio = table 1 / table 2, whole game and per move: the tables play different games)"
        ));
        r.out.push(format!(
            "{:<12} {:>5} {:>20} {:>20} {:>6} {:>8}",
            "game", "seats", "table 1", "table 2", "ratio", "per move"
        ));
        match (
            time_table(id, seats, seed, false),
            time_table(id, seats, seed, true),
        ) {
            (Ok((ms1, m1)), Ok((ms2, m2))) => {
                let per_move = |ms: f64, moves: usize| ms / moves.max(1) as f64;
                r.out.push(format!(
                    "{:<12} {:>5} {:>20} {:>20} {:>6} {:>8}",
                    id,
                    seats,
                    format!("{} ({m1} moves)", fmt_ms(ms1)),
                    format!("{} ({m2} moves)", fmt_ms(ms2)),
                    format!("{:.1}", ms1 / ms2),
                    format!("{:.1}", per_move(ms1, m1) / per_move(ms2, m2))
                ));
            }
            (Err(e), _) | (_, Err(e)) => {
                r.code = 1;
                r.err.push(format!("bench: {e}"));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::thread_cpu_ns;
    use std::time::{Duration, Instant};

    /// The CPU-time reader: present on Linux, never going back, counting a busy loop and not a
    /// sleep (so it is the thread's CPU time, not the wall clock).
    #[test]
    #[cfg(target_os = "linux")]
    fn thread_cpu_time_counts_work_and_not_sleep() {
        let Some(first) = thread_cpu_ns() else {
            panic!("/proc/thread-self/schedstat unreadable on Linux");
        };
        // Monotonic and nonnegative (an unsigned count that never decreases).
        let mut last = first;
        for _ in 0..1000 {
            let Some(now) = thread_cpu_ns() else {
                panic!("the reader failed between two readings");
            };
            assert!(now >= last, "CPU time went back: {last} -> {now}");
            last = now;
        }
        // A busy loop registers time: spin until 30 ms of CPU are counted (a wall deadline in
        // case they never are), and the count may not outrun the wall clock by more than the
        // kernel's update granularity (a tick, at most 10 ms).
        let (c0, t0) = (last, Instant::now());
        let mut x = 0u64;
        let spent = loop {
            for i in 0..10_000u64 {
                x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(i));
            }
            let Some(c) = thread_cpu_ns() else {
                panic!("the reader failed in the busy loop");
            };
            if c.saturating_sub(c0) >= 30_000_000 || t0.elapsed() > Duration::from_secs(20) {
                break c.saturating_sub(c0);
            }
        };
        let wall = t0.elapsed().as_nanos() as u64;
        assert!(
            spent >= 30_000_000,
            "busy loop: only {spent} ns of CPU in {wall} ns"
        );
        assert!(
            spent <= wall + 10_000_000,
            "{spent} ns of CPU in {wall} ns of wall"
        );
        // Sleeping costs (almost) no CPU: a wall clock would count the full 200 ms.
        let Some(before) = thread_cpu_ns() else {
            panic!("the reader failed");
        };
        std::thread::sleep(Duration::from_millis(200));
        let Some(after) = thread_cpu_ns() else {
            panic!("the reader failed");
        };
        assert!(after >= before);
        assert!(
            after - before < 50_000_000,
            "a 200 ms sleep cost {} ns",
            after - before
        );
    }

    #[test]
    #[cfg(not(target_os = "linux"))]
    fn thread_cpu_time_is_unknown_off_linux() {
        assert_eq!(thread_cpu_ns(), None);
    }
}
