//! Catapult Table's engine: everything a game is, without a window or a sound card.
//!
//! Layers, each calling only downwards: `games` → `physics` (rapier) → `core`. The app (the
//! `catapult-table` crate), the tools (`tools`) and the server stand on top of this crate and
//! reach the games only through `games::GAMES` and the `core::Game` trait.

pub mod challenge;
pub mod core;
pub mod files;
pub mod games;
pub mod headless;
pub mod online;
pub mod physics;
pub mod referee;
