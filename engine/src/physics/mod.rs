//! The step-locked physics table: a rapier world stepped at a fixed dt, launchers that turn integer
//! launch parameters into impulses with `libm` only, settling, the kill zone and the state hash.
//! No window code here.

pub mod clock;
pub mod launch;
pub mod preview;
pub mod shot;
pub mod synthetic;
pub mod table;

pub use clock::FixedClock;
pub use shot::{rest_view, table_of, ShotRun, ShotStages};
pub use table::{floor_specs, insert_spec, new_world, BodyId, BodySpec, Part, Table, TableConfig};

/// One display/logic frame: the table always advances in whole frames of 1/60 s.
pub const FRAME_DT: f32 = 1.0 / 60.0;

/// The tables' gravity, m/s² downwards (every game's `TableConfig` uses it).
pub const GRAVITY: f32 = 9.81;
