//! The physics scenes: the step-locked table beside a bare rapier world holding the same bodies
//! (`Bare`), stepped the same number of times (`measure`); the synthetic scenes and each game's
//! heaviest shot.

use super::*;

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
