//! Catapult Table's tools, on the engine alone (no window, no sound): the `referee` command line,
//! the `bench` benchmark and bot tournaments. Each binary in `src/bin/` is a thin shell over one
//! of these modules.

pub mod bench;
pub mod challenge;
pub mod cli;
pub mod referee;
pub mod tournament;
