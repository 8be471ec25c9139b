//! What the online frames carry besides moves: the seats, the room as a client sees it, the phase,
//! and the limits of their texts. The frames themselves are in `protocol`, their codec in `codec`.

use crate::core::{Level, Move};

/// A player's name, as on a seat (`core::seat::check_seats`).
pub const MAX_PLAYER_NAME: usize = 24;
/// A device token (the identity a player's rating is kept under): 16 to 64 letters, digits,
/// `-` or `_`, as the challenge boards take it.
pub const MAX_DEVICE: usize = 64;
/// Room codes and seat tokens are written in this alphabet (Crockford's base 32, lower case).
pub const CODE_ALPHABET: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";
/// A room code: 16 characters of base 32, 80 random bits.
pub const ROOM_CODE_LEN: usize = 16;
/// A seat token: 26 characters of base 32, 130 random bits.
pub const TOKEN_LEN: usize = 26;

/// The aim aid a seat plays with (the app's `aim::AidLevel`; docs/ui.md, "Aid levels"): a
/// view on the player's device, never part of a move. A quick-match room sets every player's
/// seat to Standard unless the player asked for Learning (the room is then not rated) or for
/// Expert (less aid is no advantage); every seat sees each seat's level (`RoomView::aids`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aid {
    Learning,
    Standard,
    Expert,
}

impl Aid {
    pub const ALL: [Aid; 3] = [Aid::Learning, Aid::Standard, Aid::Expert];

    pub fn key(self) -> &'static str {
        match self {
            Aid::Learning => "learning",
            Aid::Standard => "standard",
            Aid::Expert => "expert",
        }
    }

    pub fn from_key(key: &str) -> Option<Aid> {
        Aid::ALL.into_iter().find(|a| a.key() == key)
    }

    /// The level a quick-match room gives a player who asked for `asked` (None: Standard; an
    /// unknown word: Standard).
    pub fn in_quick_room(asked: Option<&str>) -> Aid {
        match asked.and_then(Aid::from_key) {
            Some(Aid::Learning) => Aid::Learning,
            Some(Aid::Expert) => Aid::Expert,
            _ => Aid::Standard,
        }
    }

    /// The seats' levels as `RoomView::aids` carries them: each seat's key, "" for a seat
    /// without one (a bot), joined by commas.
    pub fn join(aids: &[Option<Aid>]) -> String {
        aids.iter()
            .map(|a| a.map_or("", |a| a.key()))
            .collect::<Vec<_>>()
            .join(",")
    }

    /// `join`'s words read back: None for a seat without a level or an unknown word.
    pub fn split(text: &str) -> Vec<Option<Aid>> {
        text.split(',').map(Aid::from_key).collect()
    }
}

/// How a seat of a new room is filled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatPlan {
    /// Played on the host's device (hot seat).
    Here,
    /// Kept for a friend who opens the invite link.
    Invited,
    /// Played by the server's bot at this level.
    Bot(Level),
}

impl SeatPlan {
    pub fn name(self) -> &'static str {
        match self {
            SeatPlan::Here => "here",
            SeatPlan::Invited => "invited",
            SeatPlan::Bot(_) => "bot",
        }
    }
}

/// One seat as the host asks for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRequest {
    pub plan: SeatPlan,
    /// The seat's name (an invited seat takes its player's name when they join).
    pub name: String,
}

/// A seat as every client sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatInfo {
    pub plan: SeatPlan,
    pub name: String,
    /// An invited seat someone has joined (a here or bot seat is always taken).
    pub taken: bool,
    /// Someone holding this seat is connected now (a bot seat: always).
    pub online: bool,
}

/// Where a room is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Waiting,
    Playing,
    Over,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Waiting => "waiting",
            Phase::Playing => "playing",
            Phase::Over => "over",
        }
    }
}

/// Everything a client needs to follow a room: its setup, its seats and its whole log (the
/// replay's moves, as the referee would read them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomView {
    pub room: String,
    pub game: String,
    pub options: Vec<String>,
    /// The game's seed once it is over; 0 before, when `told` carries the draws instead.
    pub seed: u64,
    /// The commitment to the seed (`deal`), from the first welcome on; None from a room made
    /// before commitments.
    pub commitment: Option<String>,
    /// The salt that opens the commitment, once the game is over (None before).
    pub salt: Option<String>,
    /// What this device was told of the setup's draws and of each move's (`core::hidden`): one
    /// tape for the setup, then one per move. None once the game is over (the seed says all).
    pub told: Option<Vec<String>>,
    pub seats: Vec<SeatInfo>,
    pub phase: Phase,
    pub moves: Vec<Move>,
    /// `state_hash` after the last move ("" before the game starts).
    pub hash: String,
    /// Each seat's aim aid (`Aid::join`) in a room that set them (a quick-match room); None
    /// elsewhere (each device plays at its own setting).
    pub aids: Option<String>,
}

/// Who a welcomed client is in the room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct You {
    /// The seats this client may move for (none for a watcher).
    pub seats: Vec<usize>,
    pub host: bool,
    /// The seat token, to keep and `resume` with (none for a watcher).
    pub token: Option<String>,
}

/// One line of a game's ratings table (`ratings`), as `GET /ratings/GAME` writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatingEntry {
    /// 1 for the best.
    pub rank: u64,
    pub name: String,
    /// Rounded, on Glicko-2's scale (1500 to start).
    pub rating: i64,
    pub games: u64,
    /// Few games yet: the rating may still move a lot.
    pub provisional: bool,
    /// The asking device's own entry.
    pub you: bool,
}

/// The most entries a `ratings` frame carries (the best 50 and the asker's own).
pub const MAX_RATING_ENTRIES: usize = 51;
