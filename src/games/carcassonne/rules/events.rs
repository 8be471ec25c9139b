//! What the rules report: typed events, turned into `core::Event` (kind name, seat, numbers and
//! a line for players) at the boundary.

use super::tiles::FeatureKind;
use crate::core;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EventKind {
    /// The start tile was laid at (0, 0).
    StartTile {
        kind: u8,
    },
    /// The player whose turn it is drew this tile.
    TileDrawn {
        kind: u8,
    },
    /// The drawn tile fits nowhere: it leaves the game and another is drawn.
    TileSetAside {
        kind: u8,
    },
    TilePlaced {
        tile: u16,
        kind: u8,
        x: i32,
        y: i32,
        rot: u8,
    },
    FollowerPlaced {
        tile: u16,
        spot: u8,
        feature: FeatureKind,
    },
    FollowerSkipped,
    /// `size`: tiles (road, city), 1 + neighbours (cloister), completed cities (field).
    Scored {
        feature: FeatureKind,
        points: i64,
        size: u32,
        pennants: u32,
        end: bool,
    },
    FollowerReturned {
        tile: u16,
        spot: u8,
    },
    /// The pile is empty: the final scoring follows.
    PileEmpty,
    GameOver,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    pub seat: Option<usize>,
    pub kind: EventKind,
}

impl Event {
    pub fn new(seat: Option<usize>, kind: EventKind) -> Self {
        Event { seat, kind }
    }

    pub fn name(&self) -> &'static str {
        match self.kind {
            EventKind::StartTile { .. } => "start_tile",
            EventKind::TileDrawn { .. } => "tile_drawn",
            EventKind::TileSetAside { .. } => "tile_set_aside",
            EventKind::TilePlaced { .. } => "tile_placed",
            EventKind::FollowerPlaced { .. } => "follower_placed",
            EventKind::FollowerSkipped => "follower_skipped",
            EventKind::Scored { end: false, .. } => "feature_scored",
            EventKind::Scored { end: true, .. } => "final_scored",
            EventKind::FollowerReturned { .. } => "follower_returned",
            EventKind::PileEmpty => "pile_empty",
            EventKind::GameOver => "game_over",
        }
    }

    /// The numbers that go with the event (documented in docs/rules/carcassonne.md).
    pub fn args(&self) -> Vec<i64> {
        match &self.kind {
            EventKind::StartTile { kind }
            | EventKind::TileDrawn { kind }
            | EventKind::TileSetAside { kind } => vec![*kind as i64],
            EventKind::TilePlaced {
                tile,
                kind,
                x,
                y,
                rot,
            } => vec![
                *tile as i64,
                *kind as i64,
                *x as i64,
                *y as i64,
                *rot as i64,
            ],
            EventKind::FollowerPlaced {
                tile,
                spot,
                feature,
            } => vec![*tile as i64, *spot as i64, feature.index() as i64],
            EventKind::Scored {
                feature,
                points,
                size,
                pennants,
                ..
            } => vec![
                feature.index() as i64,
                *points,
                *size as i64,
                *pennants as i64,
            ],
            EventKind::FollowerReturned { tile, spot } => vec![*tile as i64, *spot as i64],
            EventKind::FollowerSkipped | EventKind::PileEmpty | EventKind::GameOver => Vec::new(),
        }
    }

    /// One line for the players (players called "Player 1"…).
    pub fn text(&self) -> String {
        self.text_with(&|s| format!("Player {}", s + 1))
    }

    /// One line for the players, naming seat `s` by `name(s)`.
    pub fn text_with(&self, name: &dyn Fn(usize) -> String) -> String {
        let who = match self.seat {
            Some(s) => name(s),
            None => String::from("Everyone"),
        };
        match &self.kind {
            EventKind::StartTile { .. } => String::from("The start tile is laid"),
            EventKind::TileDrawn { .. } => format!("{who} draws a tile"),
            EventKind::TileSetAside { .. } => {
                String::from("The tile fits nowhere and leaves the game; another is drawn")
            }
            EventKind::TilePlaced { .. } => format!("{who} lays a tile"),
            EventKind::FollowerPlaced { feature, .. } => {
                format!("{who} places a {}", feature.role())
            }
            EventKind::FollowerSkipped => format!("{who} places no follower"),
            EventKind::Scored {
                feature,
                points,
                end,
                ..
            } => {
                let when = if *end { "at the end" } else { "completed" };
                let s = if *points == 1 { "" } else { "s" };
                format!(
                    "{who} scores {points} point{s} for a {} ({when})",
                    feature.word()
                )
            }
            EventKind::FollowerReturned { .. } => format!("A follower returns to {who}"),
            EventKind::PileEmpty => String::from("The last tile is laid: final scoring"),
            EventKind::GameOver => String::from("The game is over"),
        }
    }

    pub fn to_core(&self) -> core::Event {
        core::Event::new(self.name(), self.seat, &self.args(), self.text())
    }

    /// As `to_core`, with the players' names in the text.
    pub fn to_core_named(&self, names: &[String]) -> core::Event {
        let name = |s: usize| {
            names
                .get(s)
                .cloned()
                .unwrap_or_else(|| format!("Player {}", s + 1))
        };
        core::Event::new(self.name(), self.seat, &self.args(), self.text_with(&name))
    }
}
