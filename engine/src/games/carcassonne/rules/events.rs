//! What the rules report: typed events, turned into `core::Event` (kind name, seat, numbers and
//! a line for players) at the boundary.

use super::tiles::FeatureKind;
use super::tokens::{CatchOutcome, Token};
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
    /// A fair tile's turn is over: the catapult round begins (the drawer chooses a token).
    RoundBegins,
    TokenChosen {
        token: Token,
    },
    /// The hurler aims at the centre of this tile.
    Aimed {
        tile: u16,
    },
    /// Catch: the catcher holds a hand out (mm along the lane, mm above the table).
    HandOut {
        along: i64,
        height: i64,
    },
    /// The hurled token came to rest at (x, y) mm (Catch: x mm along the lane).
    TokenRests {
        x: i64,
        y: i64,
        on_map: bool,
    },
    /// The hurled token left the table.
    TokenLost,
    /// Knock out: this follower goes back to its owner (the event's seat).
    KnockedOut {
        tile: u16,
        spot: u8,
        chained: bool,
    },
    /// Seduction: the follower of `owner` on (tile, spot) is now the hurler's.
    Seduced {
        tile: u16,
        spot: u8,
        owner: usize,
        from_map: bool,
    },
    /// Seduction: the hurler's follower left (tile, spot) to take the seduced one's place.
    FollowerMoved {
        tile: u16,
        spot: u8,
    },
    /// Seduction: the token rested off the map, or no opponent's follower stands on the map.
    SeductionMissed,
    SeductionDeclined,
    /// Target hurling: the event's seat was closest (`mm` from the fair tile's centre).
    TargetScored {
        points: i64,
        mm: i64,
    },
    /// Catch: the outcome and who scored (the event's seat).
    CatchResult {
        outcome: CatchOutcome,
        hurler: usize,
        catcher: usize,
        points: i64,
    },
    /// Everyone has hurled: the tokens come back, the next player's turn begins.
    RoundOver,
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
            EventKind::RoundBegins => "catapult_round",
            EventKind::TokenChosen { .. } => "token_chosen",
            EventKind::Aimed { .. } => "aimed",
            EventKind::HandOut { .. } => "hand_out",
            EventKind::TokenRests { .. } => "token_rests",
            EventKind::TokenLost => "token_lost",
            EventKind::KnockedOut { .. } => "knocked_out",
            EventKind::Seduced { .. } => "seduced",
            EventKind::FollowerMoved { .. } => "follower_moved",
            EventKind::SeductionMissed => "seduction_missed",
            EventKind::SeductionDeclined => "seduction_declined",
            EventKind::TargetScored { .. } => "target_scored",
            EventKind::CatchResult { .. } => "catch_result",
            EventKind::RoundOver => "round_over",
        }
    }

    /// How the app voices it (every kind has its sound).
    pub fn cue(&self) -> core::event::Cue {
        use core::event::Cue;
        match self.kind {
            EventKind::StartTile { .. }
            | EventKind::TilePlaced { .. }
            | EventKind::FollowerPlaced { .. }
            | EventKind::FollowerReturned { .. }
            | EventKind::HandOut { .. }
            | EventKind::TokenRests { .. }
            | EventKind::FollowerMoved { .. } => Cue::Place,
            EventKind::TokenChosen { .. } => Cue::Card,
            EventKind::TileSetAside { .. } | EventKind::SeductionMissed => Cue::Miss,
            // The next turn's tile is drawn with the move that ends a turn: the turn's sound.
            EventKind::TileDrawn { .. }
            | EventKind::FollowerSkipped
            | EventKind::PileEmpty
            | EventKind::RoundBegins
            | EventKind::Aimed { .. }
            | EventKind::SeductionDeclined
            | EventKind::RoundOver => Cue::Turn,
            EventKind::Scored { .. }
            | EventKind::TargetScored { .. }
            | EventKind::CatchResult { .. } => Cue::Score,
            EventKind::TokenLost => Cue::Fall,
            EventKind::KnockedOut { .. } => Cue::Hit,
            EventKind::Seduced { .. } => Cue::Capture,
            EventKind::GameOver => Cue::Win,
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
            EventKind::TokenChosen { token } => vec![token.index() as i64],
            EventKind::Aimed { tile } => vec![*tile as i64],
            EventKind::HandOut { along, height } => vec![*along, *height],
            EventKind::TokenRests { x, y, on_map } => vec![*x, *y, *on_map as i64],
            EventKind::KnockedOut {
                tile,
                spot,
                chained,
            } => vec![*tile as i64, *spot as i64, *chained as i64],
            EventKind::Seduced {
                tile,
                spot,
                owner,
                from_map,
            } => vec![*tile as i64, *spot as i64, *owner as i64, *from_map as i64],
            EventKind::FollowerMoved { tile, spot } => vec![*tile as i64, *spot as i64],
            EventKind::TargetScored { points, mm } => vec![*points, *mm],
            EventKind::CatchResult {
                outcome,
                hurler,
                catcher,
                points,
            } => vec![
                outcome.index() as i64,
                *hurler as i64,
                *catcher as i64,
                *points,
            ],
            EventKind::FollowerSkipped
            | EventKind::PileEmpty
            | EventKind::GameOver
            | EventKind::RoundBegins
            | EventKind::TokenLost
            | EventKind::SeductionMissed
            | EventKind::SeductionDeclined
            | EventKind::RoundOver => Vec::new(),
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
            EventKind::RoundBegins => {
                format!("A fair! {who} chooses a catapult token for everyone to hurl")
            }
            EventKind::TokenChosen { token } => {
                format!("{who} chooses {}: everyone hurls it in turn", token.word())
            }
            EventKind::Aimed { .. } => format!("{who} aims the catapult"),
            EventKind::HandOut { .. } => format!("{who} holds out a hand to catch"),
            EventKind::TokenRests { on_map: true, .. } => {
                format!("{who}'s token lands on the map")
            }
            EventKind::TokenRests { on_map: false, .. } => {
                format!("{who}'s token lands beside the map")
            }
            EventKind::TokenLost => format!("{who}'s token flies off the table"),
            EventKind::KnockedOut { chained: false, .. } => {
                format!("A follower of {who} is knocked out and goes home")
            }
            EventKind::KnockedOut { chained: true, .. } => {
                format!("A follower of {who} is knocked over by another and goes home")
            }
            EventKind::Seduced { owner, .. } => format!(
                "{who} seduces a follower of {}, who gets it back",
                name(*owner)
            ),
            EventKind::FollowerMoved { .. } => {
                format!("{who} moves a follower across the map for it")
            }
            EventKind::SeductionMissed => format!("{who}'s seduction finds nobody"),
            EventKind::SeductionDeclined => format!("{who} seduces nobody"),
            EventKind::TargetScored { points, .. } => {
                format!("{who} lands closest to the fair and scores {points} points")
            }
            EventKind::CatchResult {
                outcome,
                hurler,
                catcher,
                points,
            } => format!(
                "{} hurls to {}: {}. {who} scores {points} points",
                name(*hurler),
                name(*catcher),
                outcome.words()
            ),
            EventKind::RoundOver => {
                String::from("The catapult round is over: everyone takes their tokens back")
            }
        }
    }

    pub fn to_core(&self) -> core::Event {
        core::Event {
            cue: self.cue(),
            ..core::Event::new(self.name(), self.seat, &self.args(), self.text())
        }
    }

    /// As `to_core`, with the players' names in the text.
    pub fn to_core_named(&self, names: &[String]) -> core::Event {
        let name = |s: usize| {
            names
                .get(s)
                .cloned()
                .unwrap_or_else(|| format!("Player {}", s + 1))
        };
        core::Event {
            cue: self.cue(),
            ..core::Event::new(self.name(), self.seat, &self.args(), self.text_with(&name))
        }
    }
}

/// One event of every kind (for the registry's `event_cues` and tests that go over all of them).
pub fn one_of_each() -> Vec<Event> {
    let f = FeatureKind::Road;
    let kinds = vec![
        EventKind::StartTile { kind: 0 },
        EventKind::TileDrawn { kind: 0 },
        EventKind::TileSetAside { kind: 0 },
        EventKind::TilePlaced {
            tile: 0,
            kind: 0,
            x: 0,
            y: 0,
            rot: 0,
        },
        EventKind::FollowerPlaced {
            tile: 0,
            spot: 0,
            feature: f,
        },
        EventKind::FollowerSkipped,
        EventKind::Scored {
            feature: f,
            points: 1,
            size: 1,
            pennants: 0,
            end: false,
        },
        EventKind::Scored {
            feature: f,
            points: 1,
            size: 1,
            pennants: 0,
            end: true,
        },
        EventKind::FollowerReturned { tile: 0, spot: 0 },
        EventKind::PileEmpty,
        EventKind::GameOver,
        EventKind::RoundBegins,
        EventKind::TokenChosen {
            token: Token::KnockOut,
        },
        EventKind::Aimed { tile: 0 },
        EventKind::HandOut {
            along: 0,
            height: 0,
        },
        EventKind::TokenRests {
            x: 0,
            y: 0,
            on_map: true,
        },
        EventKind::TokenLost,
        EventKind::KnockedOut {
            tile: 0,
            spot: 0,
            chained: false,
        },
        EventKind::Seduced {
            tile: 0,
            spot: 0,
            owner: 1,
            from_map: true,
        },
        EventKind::FollowerMoved { tile: 0, spot: 0 },
        EventKind::SeductionMissed,
        EventKind::SeductionDeclined,
        EventKind::TargetScored { points: 5, mm: 0 },
        EventKind::CatchResult {
            outcome: CatchOutcome::Caught,
            hurler: 0,
            catcher: 1,
            points: 3,
        },
        EventKind::RoundOver,
    ];
    kinds.into_iter().map(|k| Event::new(Some(0), k)).collect()
}
