//! `bench` (also `referee bench`; see docs/benchmarks.md): for two synthetic scenes and for the heaviest scene
//! of every available game, milliseconds per physics step on the step-locked `physics::Table`
//! and on a bare rapier world holding the same bodies (built by the same `insert_spec`, with the
//! same integration parameters, in the same order, with the same velocities), stepped the same
//! number of times in the same run; then, per game, a full headless bot-vs-bot game: selfplay
//! time, the bots' time to choose a shot, and the time to replay it (every shot re-simulated).
//!
//! Ratios and measurements only, never timed assertions. The same binary runs natively and in
//! wasm (wasm32-wasip1 under Node), so scripts/bench.sh can put the two side by side.

use std::time::Instant;

use engine::core::bot::{self, BotBudget};
use engine::core::driver::bot_seed;
use engine::core::driver::{Recorded, MOVE_CAP};
use engine::core::replay::Replay;
use engine::core::{Game, Launch, LaunchKind, Level, Rng, Shot, TableView};
use engine::games;
use engine::headless::{self, write_atomically, RunResult};
use engine::physics::synthetic::{card_houses, cups_and_balls};
use engine::physics::{insert_spec, new_world, ShotRun, Table};
use rapier2d::prelude::{PhysicsWorld, RigidBody, RigidBodyHandle, Vector};

/// A scene to benchmark: makes a fresh shot (already launched, not yet stepped) on demand.
pub struct Scene {
    pub name: String,
    make: Box<dyn Fn() -> Option<Box<dyn Shot>>>,
}

impl Scene {
    pub fn new(name: &str, make: impl Fn() -> Option<Box<dyn Shot>> + 'static) -> Self {
        Scene {
            name: name.to_string(),
            make: Box::new(make),
        }
    }

    pub fn shot(&self) -> Option<Box<dyn Shot>> {
        (self.make)()
    }
}

fn table_of(shot: &dyn Shot) -> Option<&Table> {
    shot.physics_table()?.downcast_ref::<Table>()
}

fn shot_of(table: Table) -> Box<dyn Shot> {
    Box::new(ShotRun::new(table, TableView::default(), |_: &Table| {
        Vec::new()
    }))
}

/// A bare rapier world holding the same bodies as a table, in the same insertion order.
pub struct Bare {
    pub world: PhysicsWorld,
    /// For each table body id: its handle here (None if it was already off the table).
    pub handles: Vec<Option<RigidBodyHandle>>,
}

use engine::physics::table::clone_world;

impl Bare {
    /// Builds a table's bodies from their specs into a new world with the table's integration
    /// parameters: every body still on it, in order, with its current pose (exactly the spec's
    /// while the table has not stepped) and velocity.
    pub fn of(table: &Table) -> Bare {
        let mut world = new_world(table.config());
        world.integration_parameters = table.world().integration_parameters;
        world.gravity = table.world().gravity;
        let fresh = table.steps() == 0;
        let mut handles = Vec::with_capacity(table.len());
        for id in 0..table.len() {
            let (Some(spec), false) = (table.spec(id), table.is_removed(id)) else {
                handles.push(None);
                continue;
            };
            let mut spec = spec.clone();
            if !fresh {
                if let Some((x, y, a)) = table.pose(id) {
                    spec.x = x;
                    spec.y = y;
                    spec.angle = a;
                }
            }
            let (handle, _) = insert_spec(&mut world, &spec);
            if let (Some((vx, vy, w)), Some(rb)) =
                (table.velocity(id), world.bodies.get_mut(handle))
            {
                if spec.dynamic {
                    rb.set_linvel(Vector::new(vx, vy), true);
                    rb.set_angvel(w, true);
                }
            }
            handles.push(Some(handle));
        }
        Bare { world, handles }
    }

    /// A bare copy of the table's rapier world as it stands (used to follow a game that acts on
    /// its table mid-shot, and the kill zone).
    pub fn snapshot(table: &Table) -> Bare {
        Bare {
            world: clone_world(table.world()),
            handles: (0..table.len()).map(|id| table.handle(id)).collect(),
        }
    }

    pub fn copy(&self) -> Bare {
        Bare {
            world: clone_world(&self.world),
            handles: self.handles.clone(),
        }
    }

    pub fn step(&mut self, n: u64) {
        for _ in 0..n {
            self.world.step();
        }
    }

    /// Whether every body still on the table has bit-identical position, rotation and
    /// velocities here.
    pub fn same_as(&self, table: &Table) -> bool {
        (0..table.len()).all(|id| {
            let Some(theirs) = table.handle(id).and_then(|h| table.world().bodies.get(h)) else {
                return true; // off the table
            };
            let Some(ours) = self
                .handles
                .get(id)
                .copied()
                .flatten()
                .and_then(|h| self.world.bodies.get(h))
            else {
                return false;
            };
            let bits = |rb: &RigidBody| {
                let (t, r, v) = (rb.translation(), rb.rotation(), rb.linvel());
                [t.x, t.y, r.re, r.im, v.x, v.y, rb.angvel()].map(f32::to_bits)
            };
            bits(ours) == bits(theirs)
        })
    }
}

/// One scene's measurement.
#[derive(Clone, Debug, Default)]
pub struct SceneResult {
    pub name: String,
    pub dynamic: usize,
    pub bodies: usize,
    pub substeps: u32,
    pub steps: u64,
    /// Best of the repetitions, milliseconds per physics step on the table.
    pub ms_step: f64,
    pub bare_ms_step: f64,
    pub frames: u32,
    /// Best of the repetitions, milliseconds per 1/60 s frame (all its substeps + kill zone +
    /// settle check): what the app spends per displayed frame.
    pub ms_frame: f64,
    /// Slowest single frame, best of the reps.
    pub worst_frame_ms: f64,
    /// How closely the bare world followed the table: "yes (N frames)" when bit-identical
    /// throughout; otherwise the frames where it had to be re-synchronised (see `Follow`).
    pub identical: String,
}

/// How the bare world follows a table through a shot: per frame, the physics steps the table
/// took and the dt it used (a game may change its substeps mid-shot), and the frames after which
/// the bare world is replaced by a snapshot of the table's world because the two differ — the
/// game acted on its table (a finger's impulse, a card lifted away) or the kill zone removed a
/// body. Between those frames the bare world steps the same bodies on its own, bit-identically.
pub struct Follow {
    pub schedule: Vec<(u64, f32)>,
    /// (frame index after which to resync, the table's world after that frame).
    pub resyncs: Vec<(usize, Bare)>,
    pub start: Bare,
    /// False when the shot's table had been stepped before the launch: the bare world then
    /// starts as a copy of its rapier world rather than from the specs.
    pub from_specs: bool,
}

impl Follow {
    /// Runs the scene once, comparing the bare world with the table after every frame.
    pub fn record(scene: &Scene) -> Option<Follow> {
        let mut shot = scene.shot()?;
        // Built from the specs; a table the game already stepped before the launch (to let a
        // lever settle, say) cannot be rebuilt bit for bit from poses: copy its world instead.
        let table = table_of(shot.as_ref())?;
        let mut start = Bare::of(table);
        let from_specs = start.same_as(table);
        if !from_specs {
            start = Bare::snapshot(table);
        }
        let mut bare = start.copy();
        let mut schedule = Vec::new();
        let mut resyncs = Vec::new();
        let mut fallen = 0;
        loop {
            let before = shot.steps();
            let done = shot.step_frame();
            let table = table_of(shot.as_ref())?;
            let n = shot.steps() - before;
            let dt = table.world().integration_parameters.dt;
            bare.world.integration_parameters.dt = dt;
            bare.step(n);
            let frame = schedule.len();
            schedule.push((n, dt));
            if table.fallen().len() != fallen || !bare.same_as(table) {
                fallen = table.fallen().len();
                bare = Bare::snapshot(table);
                resyncs.push((frame, bare.copy()));
            }
            if done {
                return Some(Follow {
                    schedule,
                    resyncs,
                    start,
                    from_specs,
                });
            }
        }
    }

    pub fn verdict(&self) -> String {
        let frames = self.schedule.len();
        let start = if self.from_specs {
            ""
        } else {
            "copied at launch; "
        };
        match self.resyncs.first() {
            None => format!("{start}yes ({frames} frames)"),
            Some((f, _)) => format!(
                "{start}yes to frame {}, then {} resyncs in {frames} frames",
                f + 1,
                self.resyncs.len()
            ),
        }
    }

    /// Steps a bare world through the whole shot; returns the milliseconds spent stepping (the
    /// copies made at resyncs are not timed).
    pub fn time_bare(&self) -> f64 {
        let mut bare = self.start.copy();
        let mut next = self.resyncs.iter().peekable();
        let mut ms = 0.0;
        for (frame, &(n, dt)) in self.schedule.iter().enumerate() {
            bare.world.integration_parameters.dt = dt;
            let t0 = Instant::now();
            bare.step(n);
            ms += t0.elapsed().as_secs_f64() * 1e3;
            if let Some((_, snap)) = next.next_if(|(f, _)| *f == frame) {
                bare = snap.copy();
            }
        }
        ms
    }
}

/// Measures a scene: `reps` alternating runs of the table to rest and of the bare world through
/// the same frames; keeps the best of each (least disturbed by other processes).
pub fn measure(scene: &Scene, reps: usize) -> Option<SceneResult> {
    let follow = Follow::record(scene)?;
    let probe = scene.shot()?;
    let table = table_of(probe.as_ref())?;
    let steps: u64 = follow.schedule.iter().map(|f| f.0).sum();
    let mut r = SceneResult {
        name: scene.name.clone(),
        dynamic: (0..table.len())
            .filter(|&i| !table.is_removed(i) && table.spec(i).map(|s| s.dynamic) == Some(true))
            .count(),
        bodies: (0..table.len()).filter(|&i| !table.is_removed(i)).count(),
        substeps: table.config().substeps.max(1),
        steps,
        frames: follow.schedule.len() as u32,
        ms_step: f64::INFINITY,
        bare_ms_step: f64::INFINITY,
        worst_frame_ms: f64::INFINITY,
        ms_frame: f64::INFINITY,
        identical: follow.verdict(),
    };
    for rep in 0..reps.max(1) {
        let run_table = |r: &mut SceneResult| -> Option<()> {
            let mut shot = scene.shot()?;
            let mut worst = 0.0f64;
            let mut ms = 0.0;
            loop {
                let f0 = Instant::now();
                let done = shot.step_frame();
                let dt = f0.elapsed().as_secs_f64() * 1e3;
                ms += dt;
                worst = worst.max(dt);
                if done {
                    break;
                }
            }
            r.ms_step = r.ms_step.min(ms / r.steps.max(1) as f64);
            r.ms_frame = r.ms_frame.min(ms / r.frames.max(1) as f64);
            r.worst_frame_ms = r.worst_frame_ms.min(worst);
            Some(())
        };
        let run_bare = |r: &mut SceneResult| {
            let ms = follow.time_bare();
            r.bare_ms_step = r.bare_ms_step.min(ms / r.steps.max(1) as f64);
        };
        if rep % 2 == 0 {
            run_table(&mut r)?;
            run_bare(&mut r);
        } else {
            run_bare(&mut r);
            run_table(&mut r)?;
        }
    }
    Some(r)
}

/// The synthetic scenes (they exist before any game does).
pub fn synthetic_scenes() -> Vec<Scene> {
    vec![
        Scene::new("synthetic: 16 cups + 36 balls", || {
            Some(shot_of(cups_and_balls()))
        }),
        Scene::new("synthetic: 70 cards in 10 houses + 10 thrown", || {
            Some(shot_of(card_houses()))
        }),
    ]
}

/// The heaviest shot of a replay: the launch whose table holds the most dynamic bodies, then the
/// most bodies, then takes the most steps to rest (the earliest on ties), with the game as it
/// stood before it.
pub fn heaviest_scene(replay: &Replay) -> Option<(usize, Box<dyn Game>, Launch)> {
    let mut driver = headless::driver_for(replay).ok()?;
    type Candidate = ((usize, usize, u64), usize, Box<dyn Game>, Launch);
    let mut best: Option<Candidate> = None;
    for (i, mv) in replay.moves.iter().enumerate() {
        if let Some(l) = &mv.launch {
            if let Ok(mut shot) = driver.game().start_shot(l) {
                let size = table_of(shot.as_ref()).map(|t| {
                    let on = |i: &usize| !t.is_removed(*i);
                    let dynamic = (0..t.len())
                        .filter(on)
                        .filter(|&i| t.spec(i).map(|s| s.dynamic) == Some(true))
                        .count();
                    (dynamic, (0..t.len()).filter(on).count())
                });
                if let Some((dynamic, bodies)) = size {
                    let weight = (dynamic, bodies, shot.run_to_rest().steps);
                    if best.as_ref().map(|b| weight > b.0).unwrap_or(true) {
                        best = Some((weight, i, driver.game().clone_game(), l.clone()));
                    }
                }
            }
        }
        // Applied as recorded: no need to simulate here.
        driver.apply_recorded(i, mv, Recorded::Trust).ok()?;
    }
    best.map(|(_, i, g, l)| (i, g, l))
}

/// One full headless game.
#[derive(Clone, Debug, Default)]
pub struct GameResult {
    pub game: String,
    pub seats: usize,
    pub seed: u64,
    pub moves: usize,
    pub shots: usize,
    /// Selfplay wall time (bots included), None when the replay was loaded from a file.
    pub selfplay_ms: Option<f64>,
    pub bot_ms_per_shot: Option<f64>,
    /// Replay with every shot re-simulated once: the game's own cost without the bots' search
    /// (best of up to 3 runs).
    pub replay_ms: f64,
    pub steps: u64,
}

/// Plays a bot-vs-bot game like `referee selfplay` (same seeds), timing the bots' choices.
pub fn timed_selfplay(game: &str, seats: usize, seed: u64) -> Result<(Replay, f64, f64), String> {
    let mut driver = headless::bot_game(game, seats, seed, &[]).map_err(|e| e.0)?;
    let (mut bot_ms, mut shots) = (0.0, 0usize);
    let t0 = Instant::now();
    while !driver.game().is_over() {
        driver
            .within_cap()
            .map_err(|_| format!("{game}: no end within {MOVE_CAP} moves"))?;
        let b0 = Instant::now();
        let mv = driver.bot_turn().map_err(|e| format!("{game}: {e}"))?;
        if mv.is_shot() {
            bot_ms += b0.elapsed().as_secs_f64() * 1e3;
            shots += 1;
        }
    }
    let total = t0.elapsed().as_secs_f64() * 1e3;
    Ok((driver.session.replay, total, bot_ms / shots.max(1) as f64))
}

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
fn bots_section(only: &[String], seed: u64, baseline: bool, r: &mut RunResult) {
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
        bots_section(
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
