//! Catapult Table: five tabletop catapult and flicking games in side-view 2D physics.
//!
//! Layers, each calling only downwards: `app` (macroquad) → `games` → `physics` (rapier) → `core`.

pub mod bench;
pub mod core;
pub mod files;
pub mod games;
pub mod headless;
pub mod physics;
pub mod referee;
pub mod tournament;

pub mod app;
