//! The typed moves and shot facts of Assault on the Castle, and the one codec between them and
//! the replay's `Move{action,args}` / `Fact{what,args}` (replay format 1, unchanged). The rules
//! see only these enums: names and argument positions are read here, once.

use super::geometry::Pose;
use crate::core::{Fact, Move, Refusal, RuleResult};

/// Every decision of Assault on the Castle (a throw or a let-go is a shot, not an action).
/// Building-card positions in `place`, `pair` and `floor` are dmm on the seat's mat; `put` and
/// `tower_put` are the app's drags in table millimetres; `tower` is table dmm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// `place [card, x, y, angle]`.
    Place { card: u32, pose: Pose },
    /// `put [x_mm, y_mm, angle]`: the next card of the hand, dragged onto the table.
    Put { x: i32, y: i32, a: i32 },
    /// `remove [card]`: take a card back into the hand.
    Remove(u32),
    /// `design [k]`: build ready-made castle `k`.
    Design(usize),
    /// `auto`: build (or reinforce) for me.
    Auto,
    /// `pair [x, base]`: lean the next two cards of the hand together.
    Pair { x: i32, base: i32 },
    /// `floor [x, y]`: lay the next card flat.
    Floor { x: i32, y: i32 },
    /// `done`: let go of the castle, or finish reinforcing.
    Done,
    /// `give [card]`: Crusade, give a card of the castle away.
    Give(u32),
    /// `tax [card]`: Taxes, pay a card of the castle.
    Tax(u32),
    /// `tower [x]`: place the Great Tower at x (table dmm).
    Tower(i32),
    /// `tower_put [x_mm, y_mm, angle]`: the Great Tower dragged; it stands upright on the table,
    /// so only x counts.
    TowerPut { x: i32, y: i32, a: i32 },
    /// `tower_stay`: leave the Great Tower where it is.
    TowerStay,
    /// `ruins_keep`: leave the ruins standing.
    RuinsKeep,
    /// `ruins_clear`: clear the fallen cards.
    RuinsClear,
    /// `gods_tower`: As High as Gods, take the Great Tower.
    GodsTower,
    /// `gods_trebuchet`: As High as Gods, Catapults become Trebuchets.
    GodsTrebuchet,
}

/// The app's drags (the placement prompts' actions).
pub const PUT_ACTION: &str = "put";
pub const TOWER_PUT_ACTION: &str = "tower_put";

fn card(mv: &Move, i: usize) -> RuleResult<u32> {
    let v = mv.arg(i)?;
    u32::try_from(v).map_err(|_| Refusal(format!("there is no building card {v}")))
}

fn int(mv: &Move, i: usize) -> RuleResult<i32> {
    let v = mv.arg(i)?;
    i32::try_from(v).map_err(|_| {
        Refusal(format!(
            "move `{}`: argument {} is out of range",
            mv.action,
            i + 1
        ))
    })
}

impl Action {
    pub fn name(&self) -> &'static str {
        match self {
            Action::Place { .. } => "place",
            Action::Put { .. } => PUT_ACTION,
            Action::Remove(_) => "remove",
            Action::Design(_) => "design",
            Action::Auto => "auto",
            Action::Pair { .. } => "pair",
            Action::Floor { .. } => "floor",
            Action::Done => "done",
            Action::Give(_) => "give",
            Action::Tax(_) => "tax",
            Action::Tower(_) => "tower",
            Action::TowerPut { .. } => TOWER_PUT_ACTION,
            Action::TowerStay => "tower_stay",
            Action::RuinsKeep => "ruins_keep",
            Action::RuinsClear => "ruins_clear",
            Action::GodsTower => "gods_tower",
            Action::GodsTrebuchet => "gods_trebuchet",
        }
    }

    /// Reads a decision. Refused: a name that is no Assault move, a wrong number of arguments, a
    /// number out of range. Whether it is legal now is for the rules to say.
    pub fn decode(mv: &Move) -> RuleResult<Action> {
        let action = match mv.action.as_str() {
            "place" => Action::Place {
                card: card(mv, 0)?,
                pose: Pose::new(int(mv, 1)?, int(mv, 2)?, int(mv, 3)?),
            },
            PUT_ACTION => Action::Put {
                x: int(mv, 0)?,
                y: int(mv, 1)?,
                a: int(mv, 2)?,
            },
            "remove" => Action::Remove(card(mv, 0)?),
            "design" => {
                let k = mv.arg(0)?;
                Action::Design(
                    usize::try_from(k)
                        .map_err(|_| Refusal(format!("there is no ready-made castle {k}")))?,
                )
            }
            "auto" => Action::Auto,
            "pair" => Action::Pair {
                x: int(mv, 0)?,
                base: int(mv, 1)?,
            },
            "floor" => Action::Floor {
                x: int(mv, 0)?,
                y: int(mv, 1)?,
            },
            "done" => Action::Done,
            "give" => Action::Give(card(mv, 0)?),
            "tax" => Action::Tax(card(mv, 0)?),
            "tower" => Action::Tower(int(mv, 0)?),
            TOWER_PUT_ACTION => Action::TowerPut {
                x: int(mv, 0)?,
                y: int(mv, 1)?,
                a: int(mv, 2)?,
            },
            "tower_stay" => Action::TowerStay,
            "ruins_keep" => Action::RuinsKeep,
            "ruins_clear" => Action::RuinsClear,
            "gods_tower" => Action::GodsTower,
            "gods_trebuchet" => Action::GodsTrebuchet,
            other => crate::refuse!("Assault on the Castle has no move `{other}`"),
        };
        mv.takes(action.args().len())?;
        Ok(action)
    }

    fn args(&self) -> Vec<i64> {
        let n = |v: i32| v as i64;
        match *self {
            Action::Place { card, pose } => vec![card as i64, n(pose.x), n(pose.y), n(pose.a)],
            Action::Put { x, y, a } | Action::TowerPut { x, y, a } => vec![n(x), n(y), n(a)],
            Action::Remove(c) | Action::Give(c) | Action::Tax(c) => vec![c as i64],
            Action::Design(k) => vec![k as i64],
            Action::Pair { x, base } => vec![n(x), n(base)],
            Action::Floor { x, y } => vec![n(x), n(y)],
            Action::Tower(x) => vec![n(x)],
            Action::Auto
            | Action::Done
            | Action::TowerStay
            | Action::RuinsKeep
            | Action::RuinsClear
            | Action::GodsTower
            | Action::GodsTrebuchet => Vec::new(),
        }
    }

    /// The move for `seat`, as a replay writes it.
    pub fn encode(&self, seat: usize) -> Move {
        Move::decide(seat, self.name(), &self.args())
    }
}

pub const FACT_CARD: &str = "card";
pub const FACT_OFF: &str = "off";
pub const FACT_TOWER: &str = "tower";
pub const FACT_TOWER_OFF: &str = "tower_off";
pub const FACT_SIEGE_REST: &str = "siege_rest";

/// What a settled table reports. Cards a shot does not mention stay where they were.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShotFact {
    /// `card [id, x, y, angle]`: a building card at rest on its mat (dmm, mat-relative).
    Card { id: u32, pose: Pose },
    /// `off [id]`: it left its mat.
    Off(u32),
    /// `tower [x, y, angle]`: the Great Tower at rest (table dmm).
    Tower(Pose),
    /// `tower_off`: the Great Tower left the table.
    TowerOff,
    /// `siege_rest [x, y]`: where a thrown siege card came to rest (table dmm).
    SiegeRest { x: i64, y: i64 },
}

impl ShotFact {
    pub fn encode(&self) -> Fact {
        let p = |q: Pose| [q.x as i64, q.y as i64, q.a as i64];
        match *self {
            ShotFact::Card { id, pose } => {
                Fact::new(FACT_CARD, &[&[id as i64][..], &p(pose)].concat())
            }
            ShotFact::Off(id) => Fact::new(FACT_OFF, &[id as i64]),
            ShotFact::Tower(pose) => Fact::new(FACT_TOWER, &p(pose)),
            ShotFact::TowerOff => Fact::new(FACT_TOWER_OFF, &[]),
            ShotFact::SiegeRest { x, y } => Fact::new(FACT_SIEGE_REST, &[x, y]),
        }
    }

    /// `card [id, x, y, angle]` exactly as the table measured it (dmm, tenths of a degree): a
    /// replay re-simulates to these very numbers, so they are not brought into range here.
    pub fn measured_card(id: u32, x: i64, y: i64, angle: i64) -> Fact {
        Fact::new(FACT_CARD, &[id as i64, x, y, angle])
    }

    /// `tower [x, y, angle]` exactly as measured (see [`ShotFact::measured_card`]).
    pub fn measured_tower(x: i64, y: i64, angle: i64) -> Fact {
        Fact::new(FACT_TOWER, &[x, y, angle])
    }

    /// Reads a fact (a pose is brought into range: a coordinate clamped, the angle in 0..3600).
    /// Refused: an unknown fact, a wrong number of arguments, a card id no card can have.
    pub fn decode(f: &Fact) -> RuleResult<ShotFact> {
        let id = || -> RuleResult<u32> {
            let id = f.arg(0)?;
            u32::try_from(id).map_err(|_| {
                Refusal(format!(
                    "fact `{}`: building card {id} is on no mat",
                    f.what
                ))
            })
        };
        let pose = |from: usize, limit: i64| -> RuleResult<Pose> {
            Ok(Pose::new(
                f.arg(from)?.clamp(-limit, limit) as i32,
                f.arg(from + 1)?.clamp(-limit, limit) as i32,
                f.arg(from + 2)?.rem_euclid(3600) as i32,
            ))
        };
        let (fact, takes) = match f.what.as_str() {
            FACT_CARD => (
                ShotFact::Card {
                    id: id()?,
                    pose: pose(1, 100_000)?,
                },
                4,
            ),
            FACT_OFF => (ShotFact::Off(id()?), 1),
            FACT_TOWER => (ShotFact::Tower(pose(0, 1_000_000)?), 3),
            FACT_TOWER_OFF => (ShotFact::TowerOff, 0),
            FACT_SIEGE_REST => (
                ShotFact::SiegeRest {
                    x: f.arg(0)?,
                    y: f.arg(1)?,
                },
                2,
            ),
            other => crate::refuse!("unknown fact `{other}`"),
        };
        f.takes(takes)?;
        Ok(fact)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn every_action() -> Vec<Action> {
        vec![
            Action::Place {
                card: 7,
                pose: Pose::new(1200, 40, 900),
            },
            Action::Put {
                x: -310,
                y: 12,
                a: 450,
            },
            Action::Remove(3),
            Action::Design(2),
            Action::Auto,
            Action::Pair { x: 900, base: 0 },
            Action::Floor { x: 700, y: 880 },
            Action::Done,
            Action::Give(11),
            Action::Tax(0),
            Action::Tower(-4200),
            Action::TowerPut { x: 250, y: 0, a: 0 },
            Action::TowerStay,
            Action::RuinsKeep,
            Action::RuinsClear,
            Action::GodsTower,
            Action::GodsTrebuchet,
        ]
    }

    #[test]
    fn every_action_round_trips_through_its_move() {
        for a in every_action() {
            let mv = a.encode(2);
            assert_eq!(Action::decode(&mv), Ok(a), "{mv:?}");
        }
        let mv = Action::Pair { x: 900, base: 40 }.encode(0);
        assert_eq!(
            (mv.action.as_str(), mv.args.as_slice()),
            ("pair", &[900, 40][..])
        );
    }

    #[test]
    fn unknown_moves_wrong_arities_and_wild_numbers_are_refused_with_the_reason() {
        let err = |action: &str, args: &[i64]| {
            Action::decode(&Move::decide(0, action, args))
                .err()
                .map(|e| e.0)
                .unwrap_or_default()
        };
        assert!(err("fly", &[]).contains("no move `fly`"));
        assert!(err("done", &[1]).contains("takes 0 argument(s), not 1"));
        assert!(err("tower_put", &[100]).contains("needs argument 2"));
        assert!(err("tower", &[1, 2]).contains("takes 1 argument(s), not 2"));
        assert!(err("tower", &[i64::MAX]).contains("out of range"));
        assert!(err("give", &[-1]).contains("no building card -1"));
        assert!(err("design", &[-2]).contains("no ready-made castle -2"));
    }

    #[test]
    fn every_fact_round_trips_and_unknown_or_malformed_facts_are_refused() {
        let facts = [
            ShotFact::Card {
                id: 5,
                pose: Pose::new(300, 20, 3599),
            },
            ShotFact::Off(9),
            ShotFact::Tower(Pose::new(-52_000, 1100, 0)),
            ShotFact::TowerOff,
            ShotFact::SiegeRest { x: 4000, y: 30 },
        ];
        for f in facts {
            assert_eq!(ShotFact::decode(&f.encode()), Ok(f));
        }
        assert_eq!(
            ShotFact::decode(&ShotFact::measured_card(5, 300, 20, 3599)),
            Ok(facts[0])
        );
        assert_eq!(
            ShotFact::decode(&ShotFact::measured_tower(-52_000, 1100, 3600)),
            Ok(facts[2])
        );
        let err = |what: &str, args: &[i64]| {
            ShotFact::decode(&Fact::new(what, args))
                .err()
                .map(|e| e.0)
                .unwrap_or_default()
        };
        assert!(err("teleport", &[]).contains("unknown fact"));
        assert!(err("card", &[1]).contains("lacks argument"));
        assert!(err("off", &[1 << 32]).contains("on no mat"));
        assert!(err("tower_off", &[0]).contains("takes 0"));
        // A pose out of range is brought back onto the table, never refused.
        let wide = ShotFact::decode(&Fact::new("card", &[1, 9_000_000, 0, -10]));
        assert_eq!(
            wide,
            Ok(ShotFact::Card {
                id: 1,
                pose: Pose::new(100_000, 0, 3590)
            })
        );
    }
}
