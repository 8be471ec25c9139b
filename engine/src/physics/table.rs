//! The physics table: a rapier world built from plain body specs, stepped at a fixed dt, with
//! settling, a kill zone and a 64-bit state hash. Bodies are kept in insertion order (never a
//! HashMap) so that the same specs always give the same world.
//! Over 800 lines on purpose: the world, its stepping, settling and hash are one invariant (the
//! same specs give the same bits), kept in one file so no part of it is changed without the rest.

use crate::core::replay::{fnv1a, FNV_OFFSET};
use crate::core::{BodyShape, BodyView, Look};
use rapier2d::prelude::*;

/// Two bodies closer than this (metres) count as touching.
pub const TOUCH_TOLERANCE: f32 = 0.0005;

/// Index of a body in insertion order.
pub type BodyId = usize;

/// One collider of a body, offset from the body's origin (metres, radians).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Part {
    pub shape: BodyShape,
    pub dx: f32,
    pub dy: f32,
    pub angle: f32,
    /// Rounded corners (cards): border radius in metres, inside the half extents.
    pub round: f32,
}

impl Part {
    pub fn rect(hw: f32, hh: f32) -> Self {
        Part {
            shape: BodyShape::Rect { hw, hh },
            dx: 0.0,
            dy: 0.0,
            angle: 0.0,
            round: 0.0,
        }
    }

    pub fn circle(r: f32) -> Self {
        Part {
            shape: BodyShape::Circle { r },
            dx: 0.0,
            dy: 0.0,
            angle: 0.0,
            round: 0.0,
        }
    }

    pub fn at(mut self, dx: f32, dy: f32) -> Self {
        self.dx = dx;
        self.dy = dy;
        self
    }

    pub fn rounded(mut self, r: f32) -> Self {
        self.round = r;
        self
    }

    fn radius(&self) -> f32 {
        let r = match self.shape {
            BodyShape::Rect { hw, hh } => libm::sqrtf(hw * hw + hh * hh),
            BodyShape::Circle { r } => r,
        };
        libm::sqrtf(self.dx * self.dx + self.dy * self.dy) + r
    }
}

/// Everything needed to put a body on the table.
#[derive(Clone, Debug, PartialEq)]
pub struct BodySpec {
    pub parts: Vec<Part>,
    pub x: f32,
    pub y: f32,
    pub angle: f32,
    pub dynamic: bool,
    /// kg per m² (2D).
    pub density: f32,
    pub friction: f32,
    pub restitution: f32,
    /// Continuous collision detection: on for projectiles.
    pub ccd: bool,
    pub fast_rotation: bool,
    pub rgb: [u8; 3],
    pub tag: u32,
    /// How the view draws it (never seen by the physics).
    pub look: Look,
    pub owner: Option<u8>,
    /// Which rules piece it is, in its game's own numbering (0: none); never seen by the
    /// physics. The view names it so an event that takes the piece off can animate it.
    pub piece: u32,
}

impl BodySpec {
    pub fn fixed(parts: Vec<Part>, x: f32, y: f32) -> Self {
        BodySpec {
            parts,
            x,
            y,
            angle: 0.0,
            dynamic: false,
            density: 1000.0,
            friction: 0.6,
            restitution: 0.0,
            ccd: false,
            fast_rotation: false,
            rgb: [120, 100, 80],
            tag: 0,
            look: Look::Plain,
            owner: None,
            piece: 0,
        }
    }

    pub fn dynamic(parts: Vec<Part>, x: f32, y: f32) -> Self {
        BodySpec {
            dynamic: true,
            ..BodySpec::fixed(parts, x, y)
        }
    }

    pub fn angle(mut self, a: f32) -> Self {
        self.angle = a;
        self
    }
    pub fn density(mut self, d: f32) -> Self {
        self.density = d;
        self
    }
    pub fn friction(mut self, f: f32) -> Self {
        self.friction = f;
        self
    }
    pub fn restitution(mut self, r: f32) -> Self {
        self.restitution = r;
        self
    }
    pub fn ccd(mut self) -> Self {
        self.ccd = true;
        self
    }
    pub fn fast_rotation(mut self) -> Self {
        self.fast_rotation = true;
        self
    }
    pub fn rgb(mut self, rgb: [u8; 3]) -> Self {
        self.rgb = rgb;
        self
    }
    pub fn tag(mut self, tag: u32) -> Self {
        self.tag = tag;
        self
    }
    pub fn look(mut self, look: Look) -> Self {
        self.look = look;
        self
    }
    /// The seat this piece belongs to (its mark is drawn on it).
    pub fn owner(mut self, seat: impl Into<Option<usize>>) -> Self {
        self.owner = seat.into().and_then(|s| u8::try_from(s).ok());
        self
    }
    /// The rules piece this body is (`Draw::taken_off` names it when a rule takes it off).
    pub fn piece(mut self, id: u32) -> Self {
        self.piece = id;
        self
    }
}

/// Table-wide settings; the defaults are the ones measured in docs/physics.md.
#[derive(Clone, Debug, PartialEq)]
pub struct TableConfig {
    /// Physics steps per 1/60 s frame (1 = 60 Hz; the lever flick wants 8 = 480 Hz).
    pub substeps: u32,
    /// Kill zone: a body whose centre leaves [min x, min y, max x, max y] is taken off the table.
    pub bounds: [f32; 4],
    /// Settled when every dynamic body moves slower than this (m/s at its rim)…
    pub calm_speed: f32,
    /// …for this many consecutive frames.
    pub calm_frames: u32,
    /// Hard stop, in frames.
    pub max_frames: u32,
    pub gravity: f32,
}

impl Default for TableConfig {
    fn default() -> Self {
        TableConfig {
            substeps: 1,
            bounds: [-3.0, -1.0, 3.0, 4.0],
            calm_speed: 0.005,
            calm_frames: 30,
            max_frames: 360,
            gravity: -9.81,
        }
    }
}

#[derive(Clone)]
struct Body {
    handle: RigidBodyHandle,
    colliders: Vec<ColliderHandle>,
    spec: BodySpec,
    radius: f32,
    /// Taken off the table by the kill zone (or by a game) — its piece goes back to supply.
    removed: bool,
}

pub struct Table {
    world: PhysicsWorld,
    bodies: Vec<Body>,
    config: TableConfig,
    steps: u64,
    frames: u32,
    calm: u32,
    settled: bool,
    fallen: Vec<BodyId>,
    /// Physics steps × dynamic bodies awake at each step: what this table has cost so far.
    work: u64,
}

/// A copy of a rapier world's state (bodies, colliders, contacts, islands, broad phase, joints)
/// with fresh pipelines: `PhysicsWorld` itself is not `Clone`, but all its state is.
///
/// The soft-body set is made new, not cloned: no table ever inserts a soft body, and a set that
/// never held one is in the state `SoftBodySet::new()` makes (its only other fields follow its
/// bodies), so the copy steps on exactly as a clone would. Cloning it pulled rapier's soft-body
/// types' `Clone` into the wasm (issue #45, docs/web.md "The budget").
pub fn clone_world(w: &PhysicsWorld) -> PhysicsWorld {
    debug_assert!(w.soft_bodies.is_empty(), "tables hold no soft bodies");
    PhysicsWorld {
        gravity: w.gravity,
        integration_parameters: w.integration_parameters,
        physics_pipeline: PhysicsPipeline::new(),
        collision_pipeline: CollisionPipeline::new(),
        islands: w.islands.clone(),
        broad_phase: w.broad_phase.clone(),
        narrow_phase: w.narrow_phase.clone(),
        bodies: w.bodies.clone(),
        colliders: w.colliders.clone(),
        impulse_joints: w.impulse_joints.clone(),
        multibody_joints: w.multibody_joints.clone(),
        soft_bodies: SoftBodySet::new(),
        ccd_solver: w.ccd_solver.clone(),
    }
}

/// A copy of a table that steps on exactly as the original would: every body, collider,
/// contact and island is copied; the pipelines hold only per-step scratch space.
impl Clone for Table {
    fn clone(&self) -> Self {
        Table {
            world: clone_world(&self.world),
            bodies: self.bodies.clone(),
            config: self.config.clone(),
            steps: self.steps,
            frames: self.frames,
            calm: self.calm,
            settled: self.settled,
            fallen: self.fallen.clone(),
            work: self.work,
        }
    }
}

/// A rapier world with the table's integration parameters for `config` (shared with tools that
/// build a bare world from the same specs, e.g. the benchmark).
pub fn new_world(config: &TableConfig) -> PhysicsWorld {
    let mut world = PhysicsWorld::new();
    world.gravity = Vector::new(0.0, config.gravity);
    let p = &mut world.integration_parameters;
    p.dt = super::FRAME_DT / config.substeps.max(1) as f32;
    p.length_unit = 0.01;
    p.num_solver_iterations = 8;
    p.contact_softness = SpringCoefficients::new(120.0, 10.0);
    p.static_contact_softness = SpringCoefficients::new(120.0, 10.0);
    p.normalized_prediction_distance = 1.0;
    p.normalized_max_linear_velocity = 3000.0;
    world
}

/// Inserts one body and its colliders into a rapier world exactly as `Table::add` does.
pub fn insert_spec(
    world: &mut PhysicsWorld,
    spec: &BodySpec,
) -> (RigidBodyHandle, Vec<ColliderHandle>) {
    let rb = if spec.dynamic {
        RigidBodyBuilder::dynamic()
    } else {
        RigidBodyBuilder::fixed()
    }
    .translation(Vector::new(spec.x, spec.y))
    .rotation(spec.angle)
    .ccd_enabled(spec.ccd)
    .build();
    let handle = world.insert_body(rb);
    if spec.fast_rotation {
        if let Some(b) = world.bodies.get_mut(handle) {
            b.set_allow_fast_rotation(true);
        }
    }
    let mut colliders = Vec::with_capacity(spec.parts.len());
    for part in &spec.parts {
        let builder = match part.shape {
            BodyShape::Rect { hw, hh } if part.round > 0.0 => ColliderBuilder::round_cuboid(
                (hw - part.round).max(1e-4),
                (hh - part.round).max(1e-4),
                part.round,
            ),
            BodyShape::Rect { hw, hh } => ColliderBuilder::cuboid(hw, hh),
            BodyShape::Circle { r } => ColliderBuilder::ball(r),
        };
        let c = builder
            .translation(Vector::new(part.dx, part.dy))
            .rotation(part.angle)
            .density(spec.density)
            .friction(spec.friction)
            .restitution(spec.restitution)
            .build();
        colliders.push(world.insert_collider(c, Some(handle)));
    }
    (handle, colliders)
}

impl Table {
    pub fn new(config: TableConfig) -> Self {
        Table {
            world: new_world(&config),
            bodies: Vec::new(),
            config,
            steps: 0,
            frames: 0,
            calm: 0,
            settled: false,
            fallen: Vec::new(),
            work: 0,
        }
    }

    /// The rapier world (read-only): for tools that compare against bare rapier.
    pub fn world(&self) -> &PhysicsWorld {
        &self.world
    }

    /// The rapier handle of a body still on the table (for tools reading `world()`).
    pub fn handle(&self, id: BodyId) -> Option<RigidBodyHandle> {
        self.bodies.get(id).filter(|b| !b.removed).map(|b| b.handle)
    }

    pub fn config(&self) -> &TableConfig {
        &self.config
    }

    /// Changes the physics steps per frame from the next frame on (e.g. fine steps only while a
    /// lever flicks, coarser ones while the pieces come to rest).
    pub fn set_substeps(&mut self, substeps: u32) {
        self.config.substeps = substeps.max(1);
        self.world.integration_parameters.dt = super::FRAME_DT / self.config.substeps as f32;
    }

    /// A bot's preview of a shot: from now on the table counts as settled once it has been calm
    /// for `frames` frames (never more than its own rule). Never used on a shot that is played.
    pub fn hurry(&mut self, frames: u32) {
        self.config.calm_frames = self.config.calm_frames.min(frames.max(1));
    }

    /// Adds a body; ids are given in insertion order.
    pub fn add(&mut self, spec: BodySpec) -> BodyId {
        let (handle, colliders) = insert_spec(&mut self.world, &spec);
        let radius = spec.parts.iter().map(Part::radius).fold(0.0, f32::max);
        self.bodies.push(Body {
            handle,
            colliders,
            spec,
            radius,
            removed: false,
        });
        self.settled = false;
        self.calm = 0;
        self.bodies.len() - 1
    }

    /// A floor of fixed tiles no wider than 2 m (one long cuboid lets thin fast bodies through).
    pub fn add_floor(&mut self, x0: f32, x1: f32, top: f32, rgb: [u8; 3], tag: u32) {
        for spec in floor_specs(x0, x1, top, rgb, tag) {
            self.add(spec);
        }
    }

    pub fn len(&self) -> usize {
        self.bodies.len()
    }

    pub fn is_empty(&self) -> bool {
        self.bodies.is_empty()
    }

    pub fn spec(&self, id: BodyId) -> Option<&BodySpec> {
        self.bodies.get(id).map(|b| &b.spec)
    }

    pub fn tag(&self, id: BodyId) -> u32 {
        self.bodies.get(id).map(|b| b.spec.tag).unwrap_or(0)
    }

    /// Ids of every body with this tag, in insertion order.
    pub fn with_tag(&self, tag: u32) -> Vec<BodyId> {
        (0..self.bodies.len())
            .filter(|&i| self.bodies[i].spec.tag == tag)
            .collect()
    }

    /// Position (m) and angle (rad, libm) of a body.
    pub fn pose(&self, id: BodyId) -> Option<(f32, f32, f32)> {
        let body = self.bodies.get(id)?;
        let rb = self.world.bodies.get(body.handle)?;
        let t = rb.translation();
        let r = rb.rotation();
        Some((t.x, t.y, super::launch::angle_of(r.re, r.im)))
    }

    /// World position of a point given in the body's own frame.
    pub fn world_point(&self, id: BodyId, lx: f32, ly: f32) -> Option<(f32, f32)> {
        let body = self.bodies.get(id)?;
        let rb = self.world.bodies.get(body.handle)?;
        let t = rb.translation();
        let r = rb.rotation();
        Some((t.x + r.re * lx - r.im * ly, t.y + r.im * lx + r.re * ly))
    }

    pub fn velocity(&self, id: BodyId) -> Option<(f32, f32, f32)> {
        let body = self.bodies.get(id)?;
        let rb = self.world.bodies.get(body.handle)?;
        let v = rb.linvel();
        Some((v.x, v.y, rb.angvel()))
    }

    pub fn is_removed(&self, id: BodyId) -> bool {
        self.bodies.get(id).map(|b| b.removed).unwrap_or(true)
    }

    /// Sets a body's velocity (a launcher's release).
    pub fn set_velocity(&mut self, id: BodyId, vx: f32, vy: f32, w: f32) {
        if let Some(rb) = self
            .bodies
            .get(id)
            .and_then(|b| self.world.bodies.get_mut(b.handle))
        {
            rb.set_linvel(Vector::new(vx, vy), true);
            rb.set_angvel(w, true);
        }
        self.settled = false;
        self.calm = 0;
    }

    /// Applies an impulse (N·s) at a world point (a finger striking a lever).
    pub fn apply_impulse_at(&mut self, id: BodyId, ix: f32, iy: f32, px: f32, py: f32) {
        if let Some(rb) = self
            .bodies
            .get(id)
            .and_then(|b| self.world.bodies.get_mut(b.handle))
        {
            rb.apply_impulse_at_point(Vector::new(ix, iy), Vector::new(px, py), true);
        }
        self.settled = false;
        self.calm = 0;
    }

    /// Mass of a body in kg.
    pub fn mass(&self, id: BodyId) -> f32 {
        self.bodies
            .get(id)
            .and_then(|b| self.world.bodies.get(b.handle))
            .map(|rb| rb.mass())
            .unwrap_or(0.0)
    }

    /// Whether any collider of `a` is in contact with any collider of `b`.
    pub fn touching(&self, a: BodyId, b: BodyId) -> bool {
        self.touching_within(a, b, TOUCH_TOLERANCE)
    }

    /// Whether a contact point of `a` and `b` lies within `tolerance` metres (the contact
    /// manifolds hold points up to the prediction distance, ~1 cm here).
    pub fn touching_within(&self, a: BodyId, b: BodyId, tolerance: f32) -> bool {
        let (Some(ba), Some(bb)) = (self.bodies.get(a), self.bodies.get(b)) else {
            return false;
        };
        if ba.removed || bb.removed {
            return false;
        }
        ba.colliders.iter().any(|&ca| {
            bb.colliders.iter().any(|&cb| {
                self.world
                    .narrow_phase
                    .contact_pair(ca, cb)
                    .map(|p| {
                        // Manifolds also hold speculative points up to the prediction distance
                        // (~1 cm here): only points actually within TOUCH_TOLERANCE count.
                        p.manifolds()
                            .iter()
                            .any(|m| m.points.iter().any(|pt| pt.dist <= tolerance))
                    })
                    .unwrap_or(false)
            })
        })
    }

    /// Wakes a body (and, through the physics, whatever rests against it).
    pub fn wake(&mut self, id: BodyId) {
        if let Some(rb) = self
            .bodies
            .get(id)
            .filter(|b| !b.removed)
            .and_then(|b| self.world.bodies.get_mut(b.handle))
        {
            rb.wake_up(true);
        }
        self.settled = false;
        self.calm = 0;
    }

    /// Bodies built where they stood at rest go to sleep: one physics step finds their contacts
    /// (a contact that *starts* wakes a sleeping body, so they cannot be put on the table
    /// asleep), then they sleep until something moving touches them or what they rest on.
    /// The step counts in `steps` and `work`; call it before anything is fired.
    pub fn fall_asleep(&mut self, ids: &[BodyId]) {
        let dynamic = self
            .bodies
            .iter()
            .filter(|b| b.spec.dynamic && !b.removed)
            .count() as u64;
        self.world.step();
        self.steps += 1;
        self.work += dynamic.max(1);
        for &id in ids {
            if let Some(rb) = self
                .bodies
                .get(id)
                .filter(|b| !b.removed && b.spec.dynamic)
                .and_then(|b| self.world.bodies.get_mut(b.handle))
            {
                rb.sleep();
            }
        }
    }

    /// Whether every dynamic body still on the table is asleep: nothing can move any more
    /// until something outside the physics acts.
    pub fn all_asleep(&self) -> bool {
        self.bodies
            .iter()
            .filter(|b| b.spec.dynamic && !b.removed)
            .all(|b| {
                self.world
                    .bodies
                    .get(b.handle)
                    .is_none_or(|rb| rb.is_sleeping())
            })
    }

    /// Takes a body off the table (its piece goes back to its supply); it stays in the id list.
    pub fn remove(&mut self, id: BodyId) {
        if let Some(b) = self.bodies.get_mut(id) {
            if !b.removed {
                b.removed = true;
                self.world.remove_body(b.handle);
            }
        }
    }

    /// Bodies the kill zone has taken off the table since it was built, in the order they left.
    pub fn fallen(&self) -> &[BodyId] {
        &self.fallen
    }

    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// Physics steps × dynamic bodies awake at each step, so far: a measure of the time spent
    /// on this table that does not depend on the machine.
    pub fn work(&self) -> u64 {
        self.work
    }

    pub fn frames(&self) -> u32 {
        self.frames
    }

    pub fn settled(&self) -> bool {
        self.settled
    }

    /// Advances one 1/60 s frame (`substeps` physics steps), applies the kill zone, and updates
    /// the settle detector. Returns true once settled (or at the hard cap).
    pub fn step_frame(&mut self) -> bool {
        if self.settled {
            return true;
        }
        let awake = self
            .bodies
            .iter()
            .filter(|b| b.spec.dynamic && !b.removed)
            .filter(|b| {
                self.world
                    .bodies
                    .get(b.handle)
                    .is_some_and(|rb| !rb.is_sleeping())
            })
            .count() as u64;
        for _ in 0..self.config.substeps.max(1) {
            self.world.step();
            self.steps += 1;
        }
        self.work += awake.max(1) * self.config.substeps.max(1) as u64;
        self.frames += 1;
        self.apply_kill_zone();
        if self.is_calm() {
            self.calm += 1;
        } else {
            self.calm = 0;
        }
        if self.calm >= self.config.calm_frames || self.frames >= self.config.max_frames {
            self.settled = true;
        }
        self.settled
    }

    /// Steps frames until settled; returns frames taken.
    pub fn run_to_rest(&mut self) -> u32 {
        let start = self.frames;
        while !self.step_frame() {}
        self.frames - start
    }

    fn apply_kill_zone(&mut self) {
        let [x0, y0, x1, y1] = self.config.bounds;
        for id in 0..self.bodies.len() {
            let b = &self.bodies[id];
            if b.removed || !b.spec.dynamic {
                continue;
            }
            let Some(rb) = self.world.bodies.get(b.handle) else {
                continue;
            };
            let t = rb.translation();
            if t.x < x0 || t.x > x1 || t.y < y0 || t.y > y1 || !t.x.is_finite() || !t.y.is_finite()
            {
                self.remove(id);
                self.fallen.push(id);
            }
        }
    }

    fn is_calm(&self) -> bool {
        self.bodies.iter().all(|b| {
            if b.removed || !b.spec.dynamic {
                return true;
            }
            match self.world.bodies.get(b.handle) {
                Some(rb) if rb.is_sleeping() => true,
                Some(rb) => {
                    let v = rb.linvel();
                    let speed = libm::sqrtf(v.x * v.x + v.y * v.y) + rb.angvel().abs() * b.radius;
                    speed < self.config.calm_speed
                }
                None => true,
            }
        })
    }

    /// 64-bit hash over the bits of every body's position, rotation and velocities, in insertion
    /// order (removed bodies hash as a marker).
    pub fn hash(&self) -> u64 {
        let mut h = FNV_OFFSET;
        for b in &self.bodies {
            match self.world.bodies.get(b.handle).filter(|_| !b.removed) {
                Some(rb) => {
                    let t = rb.translation();
                    let r = rb.rotation();
                    let v = rb.linvel();
                    for f in [t.x, t.y, r.re, r.im, v.x, v.y, rb.angvel()] {
                        h = fnv1a(h, &f.to_bits().to_le_bytes());
                    }
                }
                None => h = fnv1a(h, b"gone"),
            }
        }
        h
    }

    /// Every part of every body still on the table, for drawing.
    pub fn views(&self) -> Vec<BodyView> {
        let mut out = Vec::new();
        for (id, b) in self.bodies.iter().enumerate() {
            if b.removed {
                continue;
            }
            let Some((x, y, a)) = self.pose(id) else {
                continue;
            };
            spec_views(&b.spec, x, y, a, &mut out);
        }
        out
    }
}

/// The floor tiles `Table::add_floor` inserts, in order.
pub fn floor_specs(x0: f32, x1: f32, top: f32, rgb: [u8; 3], tag: u32) -> Vec<BodySpec> {
    let thickness = 0.1;
    let mut out = Vec::new();
    let mut x = x0;
    while x < x1 - 1e-4 {
        let w = (x1 - x).min(2.0);
        out.push(
            BodySpec::fixed(
                vec![Part::rect(w / 2.0, thickness / 2.0)],
                x + w / 2.0,
                top - thickness / 2.0,
            )
            .friction(0.6)
            .rgb(rgb)
            .tag(tag)
            .look(Look::Table),
        );
        x += w;
    }
    out
}

/// Appends the parts of a body posed at (x, y, angle) as the view draws them.
pub fn spec_views(spec: &BodySpec, x: f32, y: f32, a: f32, out: &mut Vec<BodyView>) {
    let (s, c) = (libm::sinf(a), libm::cosf(a));
    for p in &spec.parts {
        out.push(BodyView {
            shape: p.shape,
            x: x + c * p.dx - s * p.dy,
            y: y + s * p.dx + c * p.dy,
            angle: a + p.angle,
            rgb: spec.rgb,
            tag: spec.tag,
            look: spec.look,
            owner: spec.owner,
            piece: spec.piece,
        });
    }
}

#[cfg(test)]
mod tests;
