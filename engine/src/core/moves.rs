//! Moves as they are logged in replays. A decision is an `action` with integer `args`; a shot is
//! the action `shot` with its integer `launch` parameters and the `outcome` facts the table
//! reported. A shot may carry only an outcome: it is then applied without simulating (that is how
//! rule scenarios are written).

// nanoserde's DeJson derive for `Option` fields trips clippy::question_mark in generated code.
#![allow(clippy::question_mark)]

use nanoserde::{DeJson, SerJson};

/// Integer launch parameters: the whole input of a shot. Units are fixed for every game so that
/// a replay reads the same everywhere; each game's `LaunchPrompt` says which ranges it accepts.
#[derive(Clone, Debug, Default, PartialEq, Eq, SerJson, DeJson)]
pub struct Launch {
    /// Which launcher: written `catapult`, `toss`, `flick`, `wrist` or `release`.
    pub kind: super::LaunchKind,
    /// Direction in tenths of a degree, counter-clockwise from +x (right), 0..3600.
    pub angle: i32,
    /// Strength in thousandths of the launcher's maximum, 0..=1000.
    pub power: i32,
    /// Spin in thousandths of the launcher's maximum, -1000..=1000 (positive = counter-clockwise).
    #[nserde(default)]
    pub spin: i32,
    /// Launcher-specific offsets in millimetres (release point, fulcrum position…).
    #[nserde(default)]
    pub x: i32,
    #[nserde(default)]
    pub y: i32,
}

/// One fact the table reports after a shot settles, e.g. `{"what":"ammo_in_tower","args":[7,3]}`.
#[derive(Clone, Debug, PartialEq, Eq, SerJson, DeJson)]
pub struct Fact {
    pub what: String,
    #[nserde(default)]
    pub args: Vec<i64>,
}

impl Fact {
    pub fn new(what: &str, args: &[i64]) -> Self {
        Fact {
            what: what.to_string(),
            args: args.to_vec(),
        }
    }

    /// Argument `i`, or a refusal naming the fact.
    pub fn arg(&self, i: usize) -> super::RuleResult<i64> {
        self.args
            .get(i)
            .copied()
            .ok_or_else(|| super::Refusal(format!("fact `{}` lacks argument {}", self.what, i)))
    }

    /// Refuses a fact that does not carry exactly `n` arguments (a game's codec, once read).
    pub fn takes(&self, n: usize) -> super::RuleResult<()> {
        if self.args.len() == n {
            return Ok(());
        }
        Err(super::Refusal(format!(
            "fact `{}` takes {n} argument(s), not {}",
            self.what,
            self.args.len()
        )))
    }
}

/// What a shot produced once everything settled.
#[derive(Clone, Debug, Default, PartialEq, Eq, SerJson, DeJson)]
pub struct Outcome {
    pub facts: Vec<Fact>,
    /// Physics steps simulated (0 for an outcome written by hand).
    #[nserde(default)]
    pub steps: u64,
    /// The table's state hash when it settled, 16 hex digits ("" when written by hand).
    #[nserde(default)]
    pub hash: String,
}

impl Outcome {
    pub fn has(&self, what: &str) -> bool {
        self.facts.iter().any(|f| f.what == what)
    }

    pub fn all<'a>(&'a self, what: &'a str) -> impl Iterator<Item = &'a Fact> + 'a {
        self.facts.iter().filter(move |f| f.what == what)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, SerJson, DeJson)]
pub struct Move {
    /// The seat making the move (0-based).
    pub seat: u32,
    /// `shot` for a launch, otherwise the game's decision name (`place`, `play_card`, `pass`…).
    pub action: String,
    #[nserde(default)]
    pub args: Vec<i64>,
    #[nserde(default)]
    pub launch: Option<Launch>,
    #[nserde(default)]
    pub outcome: Option<Outcome>,
}

impl Move {
    pub fn decide(seat: usize, action: &str, args: &[i64]) -> Self {
        Move {
            seat: seat as u32,
            action: action.to_string(),
            args: args.to_vec(),
            launch: None,
            outcome: None,
        }
    }

    pub fn shot(seat: usize, launch: Launch) -> Self {
        Move {
            seat: seat as u32,
            action: "shot".to_string(),
            args: Vec::new(),
            launch: Some(launch),
            outcome: None,
        }
    }

    /// A scenario move: a shot whose outcome is given, not simulated.
    pub fn outcome_only(seat: usize, facts: Vec<Fact>) -> Self {
        Move {
            seat: seat as u32,
            action: "shot".to_string(),
            args: Vec::new(),
            launch: None,
            outcome: Some(Outcome {
                facts,
                steps: 0,
                hash: String::new(),
            }),
        }
    }

    pub fn is_shot(&self) -> bool {
        self.action == "shot"
    }

    /// Argument `i` of a decision, or a refusal naming the action. Rules read arguments only
    /// through this, so that a file's move with more arguments than its action reads is refused
    /// (see [`count_args_read`]).
    pub fn arg(&self, i: usize) -> super::RuleResult<i64> {
        ARGS_READ.with(|c| c.set(c.get().max(i + 1)));
        self.args.get(i).copied().ok_or_else(|| {
            super::Refusal(format!("move `{}` needs argument {}", self.action, i + 1))
        })
    }
}

impl Move {
    /// Refuses a decision that does not carry exactly `n` arguments (a game's codec, once read).
    pub fn takes(&self, n: usize) -> super::RuleResult<()> {
        if self.args.len() == n {
            return Ok(());
        }
        Err(super::Refusal(format!(
            "move `{}` takes {n} argument(s), not {}",
            self.action,
            self.args.len()
        )))
    }
}

thread_local! {
    static ARGS_READ: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// A list as the logs and summaries write it, `[1, -2, 3]`: the text `{:?}` writes for a list of
/// numbers, kept as it was when the summaries were first recorded.
pub fn list<T: std::fmt::Display>(items: &[T]) -> String {
    let parts: Vec<String> = items.iter().map(|x| x.to_string()).collect();
    format!("[{}]", parts.join(", "))
}

/// Runs `f` (applying one decision) and returns its result with how many of the move's
/// arguments the rules read: a decision that carries more than that is malformed.
pub fn count_args_read<T>(f: impl FnOnce() -> T) -> (T, usize) {
    ARGS_READ.with(|c| c.set(0));
    let out = f();
    (out, ARGS_READ.with(|c| c.get()))
}

#[cfg(test)]
mod list_tests {
    use super::list;

    #[test]
    fn a_list_is_written_as_debug_writes_it_so_no_summary_changes() {
        for v in [vec![], vec![7i64], vec![1, -2, 3000]] {
            assert_eq!(list(&v), format!("{v:?}"));
        }
        assert_eq!(list(&[0u8, 3]), format!("{:?}", [0u8, 3]));
    }
}
