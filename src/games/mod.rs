//! The five games. Each lives in its own folder: `rules.rs` (pure), `table.rs` (physics),
//! `bot.rs` where it needs more than the generic bot. The app and the referee reach them only
//! through `new_game` and the `core::Game` trait.

pub mod catapults;

use crate::core::seat::check_seats;
use crate::core::{Game, Refusal, RuleResult, Seat};

/// What the title screen and the referee know about a game.
#[derive(Clone, Copy, Debug)]
pub struct GameInfo {
    pub id: &'static str,
    pub name: &'static str,
    pub min_seats: usize,
    pub max_seats: usize,
    /// False for a game not yet built: listed, says so, cannot be started.
    pub available: bool,
    pub blurb: &'static str,
    /// Options the game understands (variants), with a one-line description each.
    pub options: &'static [(&'static str, &'static str)],
    /// The rules in our own words (shown on the rules screen).
    pub rules: &'static str,
}

pub const GAMES: [GameInfo; 5] = [
    GameInfo {
        id: "castle",
        name: "Catapult Castle",
        min_seats: 1,
        max_seats: 4,
        available: false,
        blurb: "Shoot ammo into your rivals' tower cups and take the towers home.",
        options: &[],
        rules: "Not built yet.",
    },
    GameInfo {
        id: "feud",
        name: "Catapult Feud",
        min_seats: 2,
        max_seats: 2,
        available: false,
        blurb: "Two kingdoms, two catapults, one wall of blocks each.",
        options: &[],
        rules: "Not built yet.",
    },
    GameInfo {
        id: "carcassonne",
        name: "Carcassonne: The Catapult",
        min_seats: 2,
        max_seats: 6,
        available: false,
        blurb: "Lay tiles, then fling tokens at the map with one shared catapult.",
        options: &[],
        rules: "Not built yet.",
    },
    GameInfo {
        id: "assault",
        name: "Assault on the Castle",
        min_seats: 2,
        max_seats: 10,
        available: false,
        blurb: "Build a card castle, then knock down the others with thrown siege cards.",
        options: &[],
        rules: "Not built yet.",
    },
    GameInfo {
        id: "catapults",
        name: "Catapults",
        min_seats: 2,
        max_seats: 4,
        available: false,
        blurb: "Flick cubes off a tile lever into the scoring zones of the box.",
        options: &[],
        rules: "Not built yet.",
    },
];

pub fn info(id: &str) -> RuleResult<&'static GameInfo> {
    GAMES.iter().find(|g| g.id == id).ok_or_else(|| {
        let ids: Vec<&str> = GAMES.iter().map(|g| g.id).collect();
        Refusal(format!("unknown game `{id}` (known: {})", ids.join(", ")))
    })
}

/// Creates a game. Refuses unknown ids, games not built yet, bad seat counts and unknown options.
pub fn new_game(
    id: &str,
    options: &[String],
    seats: Vec<Seat>,
    seed: u64,
) -> RuleResult<Box<dyn Game>> {
    let info = info(id)?;
    if !info.available {
        return Err(Refusal(format!("{} is not built yet", info.name)));
    }
    check_seats(&seats, info.min_seats, info.max_seats)?;
    for o in options {
        if !info.options.iter().any(|(name, _)| name == o) {
            return Err(Refusal(format!("{} has no option `{o}`", info.name)));
        }
    }
    let _ = seed;
    Err(Refusal(format!("{} is not built yet", info.name)))
}
