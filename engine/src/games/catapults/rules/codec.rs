//! The typed moves and shot facts of Catapults, and the one codec between them and the replay's
//! `Move{action,args}` / `Fact{what,args}` (replay format 1, unchanged). The rules see only
//! these enums: names and argument positions are read here, once.

use crate::core::{Fact, Move, Refusal, RuleResult};

/// Catapults has no decisions: every turn is a flick (a shot). The empty enum says so to the
/// type checker; [`Action::decode`] refuses every decision with the reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {}

impl Action {
    pub fn decode(mv: &Move) -> RuleResult<Action> {
        Err(Refusal(format!(
            "Catapults has no decision `{}`: every turn is a flick",
            mv.action
        )))
    }
}

pub const FACT_CUBE: &str = "cube";
pub const FACT_OUT: &str = "out";
pub const FACT_FALLEN: &str = "fallen";

/// One cube of one seat (both 0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CubeId {
    pub owner: usize,
    pub index: usize,
}

/// What a settled table reports about one cube, in the canonical frame (mm, tenths of a degree).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShotFact {
    /// `cube [owner, index, x, y, angle]`: in play at (x, y) turned `angle`.
    Cube {
        cube: CubeId,
        x: i64,
        y: i64,
        angle: i64,
    },
    /// `out [owner, index, x, y]`: at rest behind a tile line, among the catapults.
    Out { cube: CubeId, x: i64, y: i64 },
    /// `fallen [owner, index]`: it left the table.
    Fallen { cube: CubeId },
}

impl ShotFact {
    pub fn cube(&self) -> CubeId {
        match *self {
            ShotFact::Cube { cube, .. }
            | ShotFact::Out { cube, .. }
            | ShotFact::Fallen { cube } => cube,
        }
    }

    pub fn encode(&self) -> Fact {
        let id = |c: CubeId| [c.owner as i64, c.index as i64];
        match *self {
            ShotFact::Cube { cube, x, y, angle } => {
                Fact::new(FACT_CUBE, &[&id(cube)[..], &[x, y, angle]].concat())
            }
            ShotFact::Out { cube, x, y } => Fact::new(FACT_OUT, &[&id(cube)[..], &[x, y]].concat()),
            ShotFact::Fallen { cube } => Fact::new(FACT_FALLEN, &id(cube)),
        }
    }

    /// Reads a fact. Refused: an unknown fact, a wrong number of arguments, a negative seat or
    /// cube. Whether that cube exists in this game is for the rules to say.
    pub fn decode(f: &Fact) -> RuleResult<ShotFact> {
        let takes = match f.what.as_str() {
            FACT_CUBE => 5,
            FACT_OUT => 4,
            FACT_FALLEN => 2,
            other => crate::refuse!("unknown fact `{other}` in a Catapults shot"),
        };
        let (owner, index) = (f.arg(0)?, f.arg(1)?);
        let (Ok(o), Ok(i)) = (usize::try_from(owner), usize::try_from(index)) else {
            crate::refuse!(
                "fact `{}` names cube {index} of seat {owner}, which does not exist",
                f.what
            );
        };
        let cube = CubeId { owner: o, index: i };
        let fact = match takes {
            5 => ShotFact::Cube {
                cube,
                x: f.arg(2)?,
                y: f.arg(3)?,
                angle: f.arg(4)?,
            },
            4 => ShotFact::Out {
                cube,
                x: f.arg(2)?,
                y: f.arg(3)?,
            },
            _ => ShotFact::Fallen { cube },
        };
        f.takes(takes)?;
        Ok(fact)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_fact_round_trips_through_its_replay_form() {
        let cube = CubeId { owner: 3, index: 2 };
        let facts = [
            ShotFact::Cube {
                cube,
                x: -120,
                y: 30,
                angle: 899,
            },
            ShotFact::Out { cube, x: 700, y: 4 },
            ShotFact::Fallen { cube },
        ];
        for f in facts {
            assert_eq!(ShotFact::decode(&f.encode()), Ok(f));
        }
        let out = ShotFact::Out { cube, x: 700, y: 4 }.encode();
        assert_eq!(
            (out.what.as_str(), out.args.as_slice()),
            ("out", &[3, 2, 700, 4][..])
        );
    }

    #[test]
    fn unknown_facts_wrong_arities_and_decisions_are_refused_with_the_reason() {
        let err = |what: &str, args: &[i64]| {
            ShotFact::decode(&Fact::new(what, args))
                .err()
                .map(|e| e.0)
                .unwrap_or_default()
        };
        assert!(err("teleported", &[0, 0]).contains("unknown fact `teleported`"));
        assert!(err("cube", &[1, 0, 0]).contains("lacks argument"));
        assert!(err("fallen", &[1, 0, 5]).contains("takes 2 argument(s), not 3"));
        assert!(err("out", &[-1, 0, 700, 0]).contains("does not exist"));
        let refused = Action::decode(&Move::decide(0, "pass", &[]));
        assert!(refused.is_err_and(|e| e.0.contains("no decision `pass`")));
    }
}
