//! Carcassonne (base game; The Catapult's fair tiles optional). `rules/` is the pure engine,
//! `bot` chooses moves through the same actions a player uses, `art` draws tile kinds as
//! primitives in tile-local coordinates.

pub mod art;
pub mod bot;
pub mod rules;
