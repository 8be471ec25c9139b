//! Events: every state change a rule makes is reported as one. The view animates them, the HUD
//! logs them, tests assert them.

use nanoserde::{DeJson, SerJson};

#[derive(Clone, Debug, PartialEq, Eq, SerJson, DeJson)]
pub struct Event {
    /// Machine name, e.g. `tower_captured`.
    pub kind: String,
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
            seat: seat.map(|s| s as i32).unwrap_or(-1),
            args: args.to_vec(),
            text: text.into(),
        }
    }
}

/// The kinds of a list of events, for compact assertions in tests.
pub fn kinds(events: &[Event]) -> Vec<&str> {
    events.iter().map(|e| e.kind.as_str()).collect()
}
