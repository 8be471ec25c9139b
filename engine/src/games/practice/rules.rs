//! The practice game's pure rules: its replay codec, its events and the tile round.

pub mod codec;
pub mod events;
pub mod tiles;
