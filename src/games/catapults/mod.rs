//! Catapults (Green Box of Games): flick cubes off a tile lever into the scoring tiles of the box.

pub mod layout;
pub mod table;
