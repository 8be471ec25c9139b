//! The practice range's typed moves and shot facts, and the one codec between them and the
//! replay's `Move{action,args}` / `Fact{what,args}`. The rules (`mod.rs`) match on these enums;
//! names and argument positions are read here, once. A new game copies this shape.

use crate::core::scene::{place_args, Cell};
use crate::core::{Fact, Move, Refusal, RuleResult};

/// Every decision of the practice range (a shot is a `Move` with an outcome, not an action).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// `lay [x, y, rotation]`: the tile in hand on a cell of the map (the grid prompt's place).
    Lay { cell: Cell, rotation: u8 },
    /// `mark [spot]`: a marker on a spot of the tile just laid (the grid prompt's spot).
    Mark(usize),
    /// `no_marker`: keep the marker.
    NoMarker,
    /// `aside`: set aside a tile that fits nowhere.
    Aside,
    /// `place [x_mm, y_mm, angle]`: the marker of option `place` (the placement prompt).
    Place { x: i64, y: i64, a: i64 },
    /// `pass`: give up a shot.
    Pass,
}

pub const LAY: &str = "lay";
pub const MARK: &str = "mark";
pub const PLACE: &str = "place";

impl Action {
    pub fn name(&self) -> &'static str {
        match self {
            Action::Lay { .. } => LAY,
            Action::Mark(_) => MARK,
            Action::NoMarker => "no_marker",
            Action::Aside => "aside",
            Action::Place { .. } => PLACE,
            Action::Pass => "pass",
        }
    }

    /// Reads a decision: an unknown name or a wrong number of arguments is refused here.
    pub fn decode(mv: &Move) -> RuleResult<Action> {
        let action = match mv.action.as_str() {
            LAY => {
                let (cell, rotation) = place_args(mv)?;
                Action::Lay { cell, rotation }
            }
            MARK => {
                let i = mv.arg(0)?;
                Action::Mark(
                    usize::try_from(i).map_err(|_| Refusal(format!("there is no spot {i}")))?,
                )
            }
            "no_marker" => Action::NoMarker,
            "aside" => Action::Aside,
            PLACE => Action::Place {
                x: mv.arg(0)?,
                y: mv.arg(1)?,
                a: mv.arg(2)?,
            },
            "pass" => Action::Pass,
            other => crate::refuse!("`{other}` is not a move of the practice range"),
        };
        mv.takes(action.args().len())?;
        Ok(action)
    }

    fn args(&self) -> Vec<i64> {
        match *self {
            Action::Lay { cell, rotation } => {
                vec![cell[0] as i64, cell[1] as i64, rotation as i64]
            }
            Action::Mark(i) => vec![i as i64],
            Action::Place { x, y, a } => vec![x, y, a],
            Action::NoMarker | Action::Aside | Action::Pass => Vec::new(),
        }
    }

    /// The move for `seat`, as a replay writes it.
    pub fn encode(&self, seat: usize) -> Move {
        Move::decide(seat, self.name(), &self.args())
    }
}

/// What the practice table reports when the ball comes to rest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShotFact {
    /// `ball_at [x_mm, y_mm]`: where the ball came to rest.
    BallAt { x: i64, y: i64 },
    /// `in_cup`: it rests in the cup.
    InCup,
    /// `ball_fell`: it left the table.
    BallFell,
}

impl ShotFact {
    pub fn encode(&self) -> Fact {
        match *self {
            ShotFact::BallAt { x, y } => Fact::new("ball_at", &[x, y]),
            ShotFact::InCup => Fact::new("in_cup", &[]),
            ShotFact::BallFell => Fact::new("ball_fell", &[]),
        }
    }

    pub fn decode(f: &Fact) -> RuleResult<ShotFact> {
        let (fact, takes) = match f.what.as_str() {
            "ball_at" => (
                ShotFact::BallAt {
                    x: f.arg(0)?,
                    y: f.arg(1)?,
                },
                2,
            ),
            "in_cup" => (ShotFact::InCup, 0),
            "ball_fell" => (ShotFact::BallFell, 0),
            other => crate::refuse!("unknown fact `{other}`"),
        };
        f.takes(takes)?;
        Ok(fact)
    }

    /// Every fact of a shot, or the first that cannot be read.
    pub fn read(facts: &[Fact]) -> RuleResult<Vec<ShotFact>> {
        facts.iter().map(ShotFact::decode).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_and_fact_round_trips() {
        let actions = [
            Action::Lay {
                cell: [-1, 2],
                rotation: 3,
            },
            Action::Mark(1),
            Action::NoMarker,
            Action::Aside,
            Action::Place {
                x: 10,
                y: 0,
                a: 450,
            },
            Action::Pass,
        ];
        for a in actions {
            assert_eq!(Action::decode(&a.encode(1)), Ok(a));
        }
        let facts = [
            ShotFact::BallAt { x: 312, y: 20 },
            ShotFact::InCup,
            ShotFact::BallFell,
        ];
        for f in facts {
            assert_eq!(ShotFact::decode(&f.encode()), Ok(f));
        }
    }

    #[test]
    fn unknown_moves_facts_and_wrong_arities_are_refused_with_the_reason() {
        let err = |mv: Move| Action::decode(&mv).err().map(|e| e.0).unwrap_or_default();
        assert!(err(Move::decide(0, "fly", &[])).contains("not a move"));
        assert!(err(Move::decide(0, "pass", &[1])).contains("takes 0 argument(s), not 1"));
        assert!(err(Move::decide(0, "lay", &[0, 1])).contains("needs 3 arguments"));
        assert!(err(Move::decide(0, "mark", &[-1])).contains("no spot -1"));
        let fact = |what: &str, args: &[i64]| {
            ShotFact::decode(&Fact::new(what, args))
                .err()
                .map(|e| e.0)
                .unwrap_or_default()
        };
        assert!(fact("ball_gone", &[]).contains("unknown fact"));
        assert!(fact("in_cup", &[1]).contains("takes 0"));
        assert!(fact("ball_at", &[1]).contains("lacks argument"));
    }
}
