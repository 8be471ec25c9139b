//! The rules core shared by every game: seats, turn order, decks, the seeded RNG, moves, events,
//! rankings, the `Game` trait, sessions (undo + log) and replay files. Pure: no window, no physics.

pub mod aim_place;
pub mod bot;
pub mod conserve;
pub mod deck;
pub mod design;
pub mod driver;
pub mod event;
pub mod game;
pub mod hidden;
pub mod link;
pub mod moves;
pub mod order;
pub mod pose;
pub mod ranking;
pub mod registry;
pub mod replay;
pub mod rng;
pub mod scene;
pub mod seat;
pub mod session;
pub mod status;
pub mod strict_json;
pub mod turn;

pub use aim_place::AimPlace;
pub use bot::Level;
pub use deck::Deck;
pub use driver::{Driver, Recorded};
pub use event::Event;
pub use game::{
    BodyShape, BodyView, BotAdvice, Choice, Designs, Draw, Game, LaunchKind, LaunchPrompt, Look,
    PlacementPrompt, Shot, StatusText, TableView,
};
pub use moves::{Fact, Launch, Move, Outcome};
pub use pose::Pose;
pub use ranking::{rank, Ranking, Standing};
pub use rng::Rng;
pub use scene::{
    ArtShape, Cell, GridPrompt, GridStep, LegalCell, MapPiece, MapSpot, PieceKind, PlacedTile,
    Scene, TileArt, TileMapView,
};
pub use seat::{Seat, SeatKind};
pub use session::Session;
pub use status::{Icon, StatusItem};
pub use turn::TurnOrder;

/// Why a move, a file or a setting was refused. Always says what was wrong and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal(pub String);

impl Refusal {
    pub fn new(msg: impl Into<String>) -> Self {
        Refusal(msg.into())
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Refusal {}

/// Shorthand for rule results.
pub type RuleResult<T> = Result<T, Refusal>;

/// Refuse with a formatted reason: `refuse!("no tower on square {}", sq)`.
#[macro_export]
macro_rules! refuse {
    ($($arg:tt)*) => { return Err($crate::core::Refusal(format!($($arg)*))) };
}
