//! Events: every state change a rule makes is reported as one. The view animates them, the HUD
//! logs them, tests assert them.

use nanoserde::{DeJson, SerJson};

/// What an event sounds like in the app; each game's event kinds say which (`EventKind::cue`).
/// When one move reports several events the app plays the one that matters most: the order of
/// `Cue::BY_WEIGHT`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Cue {
    /// No sound: only an untyped event (`Event::new`); every game's kind names a cue.
    #[default]
    Quiet,
    /// A turn, a round or a step begins or ends.
    Turn,
    /// A piece put down: a tower, a card on a mat, a block, a tile, a follower.
    Place,
    /// A card drawn, played, given or shuffled; a tile drawn.
    Card,
    /// A shot that took nothing.
    Miss,
    /// A shot that struck something.
    Hit,
    /// Something fell: a castle collapsed, a cube left the table.
    Fall,
    /// Points scored.
    Score,
    /// A tower taken, a soldier lost, a follower seduced.
    Capture,
    /// The game is won.
    Win,
}

impl Cue {
    /// Every cue that makes a sound, the one that matters most first.
    pub const BY_WEIGHT: [Cue; 9] = [
        Cue::Win,
        Cue::Capture,
        Cue::Score,
        Cue::Fall,
        Cue::Hit,
        Cue::Miss,
        Cue::Card,
        Cue::Place,
        Cue::Turn,
    ];

    /// How much this cue matters beside others of the same move (higher first; Quiet is 0).
    pub fn weight(self) -> usize {
        Cue::BY_WEIGHT
            .iter()
            .position(|c| *c == self)
            .map_or(0, |i| Cue::BY_WEIGHT.len() - i)
    }
}

/// A game's own enum of event kinds: its machine name (as logged and tested) and its cue.
pub trait EventKind: Copy + 'static {
    fn name(self) -> &'static str;
    fn cue(self) -> Cue;
    /// Every kind, in declaration order.
    fn all() -> &'static [Self];
}

/// Every kind of a game's event enum with its cue (a registry entry's `event_cues`).
pub fn cues_of<K: EventKind>() -> Vec<(&'static str, Cue)> {
    K::all().iter().map(|k| (k.name(), k.cue())).collect()
}

/// Declares a game's event kinds, each with its cue: `event_kinds! { pub enum Ev { TowerTaken =
/// "tower_taken" => Capture, Miss = "miss" => Miss, } }` gives the enum, its `EventKind` impl
/// and `Ev::ALL` (every kind, for tests). A kind without a cue does not compile.
#[macro_export]
macro_rules! event_kinds {
    ($(#[$m:meta])* $vis:vis enum $name:ident { $($variant:ident = $text:literal => $cue:ident,)* }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        $vis enum $name { $($variant,)* }
        impl $name {
            /// Every kind, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant,)*];
        }
        impl $crate::core::event::EventKind for $name {
            fn name(self) -> &'static str {
                match self { $($name::$variant => $text,)* }
            }
            fn cue(self) -> $crate::core::event::Cue {
                match self {
                    $($name::$variant => $crate::core::event::Cue::$cue,)*
                }
            }
            fn all() -> &'static [$name] {
                $name::ALL
            }
        }
    };
}

#[derive(Clone, Debug, PartialEq, Eq, SerJson, DeJson)]
pub struct Event {
    /// Machine name, e.g. `tower_captured`.
    pub kind: String,
    /// How the app voices it (not part of any file).
    #[nserde(skip)]
    pub cue: Cue,
    /// The seat it concerns, or -1.
    pub seat: i32,
    /// Numbers that go with it (tower id, square, points…), documented where it is emitted.
    pub args: Vec<i64>,
    /// One line for a person.
    pub text: String,
}

impl Event {
    pub fn new(kind: &str, seat: Option<usize>, args: &[i64], text: impl Into<String>) -> Self {
        Event {
            kind: kind.to_string(),
            cue: Cue::Quiet,
            seat: seat.map(|s| s as i32).unwrap_or(-1),
            args: args.to_vec(),
            text: text.into(),
        }
    }

    /// An event of a game's typed kind (named and voiced by it).
    pub fn of(
        kind: impl EventKind,
        seat: Option<usize>,
        args: &[i64],
        text: impl Into<String>,
    ) -> Self {
        Event {
            cue: kind.cue(),
            ..Event::new(kind.name(), seat, args, text)
        }
    }
}

/// The kinds of a list of events, for compact assertions in tests.
pub fn kinds(events: &[Event]) -> Vec<&str> {
    events.iter().map(|e| e.kind.as_str()).collect()
}
