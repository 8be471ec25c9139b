//! `bench` (also `referee bench`; see docs/benchmarks.md): for two synthetic scenes and for the heaviest scene
//! of every available game, milliseconds per physics step on the step-locked `physics::Table`
//! and on a bare rapier world holding the same bodies (built by the same `insert_spec`, with the
//! same integration parameters, in the same order, with the same velocities), stepped the same
//! number of times in the same run; then, per game, a full headless bot-vs-bot game: selfplay
//! time, the bots' time to choose a shot, and the time to replay it (every shot re-simulated).
//!
//! Ratios and measurements only, never timed assertions. The same binary runs natively and in
//! wasm (wasm32-wasip1 under Node), so scripts/bench.sh can put the two side by side.

mod bots;
mod scenes;
mod selfplay;

pub use bots::*;
pub use scenes::*;
pub use selfplay::*;

use std::time::Instant;

use engine::core::bot::{self, BotBudget};
use engine::core::driver::bot_seed;
use engine::core::driver::{Recorded, MOVE_CAP};
use engine::core::replay::Replay;
use engine::core::{Game, Launch, LaunchKind, Level, Rng, Shot, TableView};
use engine::games;
use engine::headless::{self, write_atomically, RunResult};
use engine::physics::synthetic::{card_houses, cups_and_balls};
use engine::physics::table::clone_world;
use engine::physics::{insert_spec, new_world, ShotRun, Table};
use rapier2d::prelude::{PhysicsWorld, RigidBody, RigidBodyHandle, Vector};

fn fmt_ms(v: f64) -> String {
    if !v.is_finite() {
        "-".into()
    } else if v < 1.0 {
        format!("{v:.4}")
    } else if v < 100.0 {
        format!("{v:.2}")
    } else {
        format!("{v:.0}")
    }
}

fn opt_ms(v: Option<f64>) -> String {
    v.map(fmt_ms).unwrap_or_else(|| "-".into())
}

/// `referee bench [--bots [--no-baseline]] [--game ID]... [--players N] [--seed S] [--reps N] [--replays DIR] [--tsv]
/// [--no-synthetic]`. With `--replays DIR`, each game's replay is read from DIR when present
/// (no selfplay; bot columns show `-`) and written there otherwise, so a second platform can
/// time the same games.
pub fn run(args: &[String]) -> RunResult {
    let mut r = RunResult::default();
    let values = |name: &str| -> Vec<String> {
        args.windows(2)
            .filter(|w| w[0] == name)
            .map(|w| w[1].clone())
            .collect()
    };
    let num = |name: &str, default: u64| -> Result<u64, String> {
        match values(name).last() {
            Some(v) => v
                .parse()
                .map_err(|_| format!("bench: {name} expects a number, not `{v}`")),
            None => Ok(default),
        }
    };
    let (reps, seed, players) = match (num("--reps", 5), num("--seed", 1), num("--players", 0)) {
        (Ok(a), Ok(b), Ok(c)) => (a as usize, b, c as usize),
        (Err(e), _, _) | (_, Err(e), _) | (_, _, Err(e)) => {
            r.code = 2;
            r.err.push(e);
            return r;
        }
    };
    let only = values("--game");
    if args.iter().any(|a| a == "--bots") {
        bots::bots_section(
            &only,
            seed,
            !args.iter().any(|a| a == "--no-baseline"),
            &mut r,
        );
        return r;
    }
    let dir = values("--replays").last().cloned();
    let tsv = args.iter().any(|a| a == "--tsv");
    let platform = if cfg!(target_arch = "wasm32") {
        "wasm32"
    } else {
        "native"
    };

    let mut scenes: Vec<SceneResult> = Vec::new();
    if !args.iter().any(|a| a == "--no-synthetic") && only.is_empty() {
        for s in synthetic_scenes() {
            if let Some(m) = measure(&s, reps) {
                scenes.push(m);
            }
        }
    }
    let mut played: Vec<GameResult> = Vec::new();
    for info in games::GAMES.iter().filter(|g| g.available) {
        if !only.is_empty() && !only.iter().any(|g| g == info.id) {
            continue;
        }
        let seats = if players > 0 {
            players
        } else {
            info.bench_seats()
        };
        let path = dir
            .as_ref()
            .map(|d| format!("{d}/{}-{seats}p-s{seed}.json", info.id));
        let loaded = path
            .as_ref()
            .and_then(|p| std::fs::read_to_string(p).ok())
            .and_then(|t| Replay::parse(&t).ok());
        let (replay, selfplay_ms, bot_ms) = match loaded {
            Some(rep) => (rep, None, None),
            None => match timed_selfplay(info.id, seats, seed) {
                Ok((rep, ms, bot)) => {
                    if let Some(p) = &path {
                        if let Err(e) = write_atomically(p, &rep.to_json()) {
                            r.err.push(format!("bench: {e}"));
                        }
                    }
                    (rep, Some(ms), Some(bot))
                }
                Err(e) => {
                    r.code = 1;
                    r.err.push(format!("bench: selfplay {}: {e}", info.id));
                    continue;
                }
            },
        };
        let json = replay.to_json();
        let (mut replay_ms, mut steps) = (f64::INFINITY, 0);
        for _ in 0..reps.clamp(1, 3) {
            let t0 = Instant::now();
            let replayed = headless::replay(&json, Recorded::Verify);
            replay_ms = replay_ms.min(t0.elapsed().as_secs_f64() * 1e3);
            match replayed {
                Ok(d) => steps = d.session.steps,
                Err(e) => {
                    r.code = 1;
                    r.err.push(format!("bench: replay {}: {e}", info.id));
                    break;
                }
            }
        }
        played.push(GameResult {
            game: info.id.to_string(),
            seats,
            seed,
            moves: replay.moves.len(),
            shots: replay.moves.iter().filter(|m| m.launch.is_some()).count(),
            selfplay_ms,
            bot_ms_per_shot: bot_ms,
            replay_ms,
            steps,
        });
        if let Some((i, game, launch)) = heaviest_scene(&replay) {
            let name = format!("{} ({seats} seats, seed {seed}, move {i})", info.id);
            let scene = Scene::new(&name, move || game.start_shot(&launch).ok());
            match measure(&scene, reps) {
                Some(m) => scenes.push(m),
                None => r.err.push(format!(
                    "bench: {}: its shots expose no physics::Table; no step timing",
                    info.id
                )),
            }
        }
    }

    if tsv {
        for s in &scenes {
            r.out.push(format!(
                "scene\t{platform}\t{}\t{}\t{}\t{}\t{}\t{:.6}\t{:.6}\t{:.6}\t{}\t{:.6}\t{}",
                s.name,
                s.dynamic,
                s.bodies,
                s.substeps,
                s.steps,
                s.ms_step,
                s.bare_ms_step,
                s.worst_frame_ms,
                s.frames,
                s.ms_frame,
                s.identical
            ));
        }
        for g in &played {
            r.out.push(format!(
                "game\t{platform}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{:.3}\t{}",
                g.game,
                g.seats,
                g.seed,
                g.moves,
                g.shots,
                g.selfplay_ms
                    .map(|v| format!("{v:.3}"))
                    .unwrap_or("-".into()),
                g.bot_ms_per_shot
                    .map(|v| format!("{v:.3}"))
                    .unwrap_or("-".into()),
                g.replay_ms,
                g.steps
            ));
        }
        return r;
    }
    r.out.push(format!(
        "physics step ({platform}; best of {reps} runs; ratio = table / bare rapier, same bodies, same run)"
    ));
    r.out.push(format!(
        "{:<52} {:>9} {:>4} {:>6} {:>9} {:>9} {:>6} {:>9} {:>9}  bit-identical",
        "scene", "dyn/all", "sub", "steps", "ms/step", "bare", "ratio", "ms/frame", "worst"
    ));
    for s in &scenes {
        r.out.push(format!(
            "{:<52} {:>9} {:>4} {:>6} {:>9} {:>9} {:>6.3} {:>9} {:>9}  {}",
            s.name,
            format!("{}/{}", s.dynamic, s.bodies),
            s.substeps,
            s.steps,
            fmt_ms(s.ms_step),
            fmt_ms(s.bare_ms_step),
            s.ms_step / s.bare_ms_step,
            fmt_ms(s.ms_frame),
            fmt_ms(s.worst_frame_ms),
            s.identical
        ));
    }
    r.out.push(String::new());
    r.out.push(format!(
        "headless games, bot vs bot ({platform}; milliseconds)"
    ));
    r.out.push(format!(
        "{:<12} {:>5} {:>5} {:>6} {:>6} {:>10} {:>10} {:>10} {:>8}",
        "game", "seats", "seed", "moves", "shots", "selfplay", "bot/shot", "replay", "steps"
    ));
    for g in &played {
        r.out.push(format!(
            "{:<12} {:>5} {:>5} {:>6} {:>6} {:>10} {:>10} {:>10} {:>8}",
            g.game,
            g.seats,
            g.seed,
            g.moves,
            g.shots,
            opt_ms(g.selfplay_ms),
            opt_ms(g.bot_ms_per_shot),
            fmt_ms(g.replay_ms),
            g.steps
        ));
    }
    if played.is_empty() {
        r.out
            .push("(no game is available yet: only the synthetic scenes were measured)".into());
    }
    r
}
