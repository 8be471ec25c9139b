//! The typed actions and shot facts of Catapult Feud and their small codec to and from the
//! replay's `Move{action,args}` and `Fact{what,args}`. Placement coordinates in moves are
//! table millimetres (as the app sends them); inside the rules they are tenths of a millimetre.

use super::geometry::Pose;
use super::{Card, Side};
use crate::core::{Fact, Move, Refusal, RuleResult};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// `place [x_mm, y_mm, angle]`: the next piece of the fortress, let go at (x, y).
    Place { x: i32, y: i32, a: i32 },
    /// `place_piece [piece, x_dmm, y_dmm, angle]`: a named piece still in hand, let go at (x, y)
    /// in tenths of a millimetre (a saved design is rebuilt bottom-up, exactly where it stood,
    /// so the gate may come after the blocks under it).
    PlacePiece { k: usize, x: i32, y: i32, a: i32 },
    /// `design [k]`: build a ready-made fortress.
    Design(usize),
    /// `auto_build`: build for me.
    AutoBuild,
    /// `clear`: take every piece back off the board.
    Clear,
    /// `done`: finish building, placing the catapult, repairing, marching or aiming.
    Done,
    /// `catapult [side (0 outer, 1 inner), gap_mm, facing (+1 right, -1 left)]`.
    Catapult { side: Side, gap: i32, facing: i32 },
    /// `turn`: turn the catapult to throw the other way.
    Turn,
    /// `soldier [x_mm, y_mm, angle]`: the next soldier.
    Soldier { x: i32, y: i32, a: i32 },
    /// `auto_soldiers`: place the soldiers for me.
    AutoSoldiers,
    /// `play [card, copied card]` (the copy only for Double Maneuver).
    Play { card: Card, copy: Option<Card> },
    /// `skip`: play no card.
    Skip,
    /// `repair [block, x_mm, y_mm, angle]`: move a block (or take it back from the box).
    Repair {
        block: usize,
        x: i32,
        y: i32,
        a: i32,
    },
    /// `march [soldier, x_mm, y_mm, angle]`.
    March {
        soldier: usize,
        x: i32,
        y: i32,
        a: i32,
    },
}

fn mm(v: i64) -> RuleResult<i32> {
    i32::try_from(v.clamp(-1_000_000, 1_000_000) * 10)
        .map_err(|_| Refusal::new("a coordinate is out of range"))
}

fn small(v: i64) -> i32 {
    v.clamp(-100_000, 100_000) as i32
}

fn index(v: i64, what: &str) -> RuleResult<usize> {
    usize::try_from(v).map_err(|_| Refusal(format!("there is no {what} number {v}")))
}

impl Action {
    pub fn name(&self) -> &'static str {
        match self {
            Action::Place { .. } => "place",
            Action::PlacePiece { .. } => "place_piece",
            Action::Design(_) => "design",
            Action::AutoBuild => "auto_build",
            Action::Clear => "clear",
            Action::Done => "done",
            Action::Catapult { .. } => "catapult",
            Action::Turn => "turn",
            Action::Soldier { .. } => "soldier",
            Action::AutoSoldiers => "auto_soldiers",
            Action::Play { .. } => "play",
            Action::Skip => "skip",
            Action::Repair { .. } => "repair",
            Action::March { .. } => "march",
        }
    }

    pub fn decode(mv: &Move) -> RuleResult<Action> {
        let a = |i: usize| mv.arg(i);
        Ok(match mv.action.as_str() {
            "place" => Action::Place {
                x: mm(a(0)?)?,
                y: mm(a(1)?)?,
                a: small(a(2)?),
            },
            "place_piece" => Action::PlacePiece {
                k: index(a(0)?, "piece")?,
                x: a(1)?.clamp(-10_000_000, 10_000_000) as i32,
                y: a(2)?.clamp(-10_000_000, 10_000_000) as i32,
                a: small(a(3)?),
            },
            "design" => Action::Design(index(a(0)?, "design")?),
            "auto_build" => Action::AutoBuild,
            "clear" => Action::Clear,
            "done" => Action::Done,
            "catapult" => Action::Catapult {
                side: if a(0)? == 0 { Side::Outer } else { Side::Inner },
                gap: mm(a(1)?)?,
                facing: if a(2)? < 0 { -1 } else { 1 },
            },
            "turn" => Action::Turn,
            "soldier" => Action::Soldier {
                x: mm(a(0)?)?,
                y: mm(a(1)?)?,
                a: small(a(2)?),
            },
            "auto_soldiers" => Action::AutoSoldiers,
            "play" => Action::Play {
                card: Card::from_index(a(0)?)
                    .ok_or_else(|| Refusal(format!("there is no card number {}", mv.args[0])))?,
                // Double Maneuver names the discarded card it copies; read through `arg` so
                // the replay's arity check counts it.
                copy: match mv.args.len() {
                    0 | 1 => None,
                    _ => Some(Card::from_index(a(1)?).ok_or_else(|| {
                        Refusal(format!("there is no card number {} to copy", mv.args[1]))
                    })?),
                },
            },
            "skip" => Action::Skip,
            "repair" => Action::Repair {
                block: index(a(0)?, "block")?,
                x: mm(a(1)?)?,
                y: mm(a(2)?)?,
                a: small(a(3)?),
            },
            "march" => Action::March {
                soldier: index(a(0)?, "soldier")?,
                x: mm(a(1)?)?,
                y: mm(a(2)?)?,
                a: small(a(3)?),
            },
            other => crate::refuse!("Catapult Feud has no move `{other}`"),
        })
    }

    /// The move for `seat` (coordinates given in dmm are written in mm).
    pub fn encode(&self, seat: usize) -> Move {
        let m = |v: i32| (v as i64 + 5).div_euclid(10);
        let args: Vec<i64> = match *self {
            Action::Place { x, y, a } | Action::Soldier { x, y, a } => vec![m(x), m(y), a as i64],
            Action::Design(k) => vec![k as i64],
            Action::Catapult { side, gap, facing } => {
                vec![(side == Side::Inner) as i64, m(gap), facing as i64]
            }
            Action::Play { card, copy } => {
                let mut v = vec![card.index()];
                if let Some(c) = copy {
                    v.push(c.index());
                }
                v
            }
            Action::PlacePiece { k, x, y, a } => vec![k as i64, x as i64, y as i64, a as i64],
            Action::Repair { block, x, y, a } => vec![block as i64, m(x), m(y), a as i64],
            Action::March { soldier, x, y, a } => vec![soldier as i64, m(x), m(y), a as i64],
            Action::AutoBuild
            | Action::Clear
            | Action::Done
            | Action::Turn
            | Action::AutoSoldiers
            | Action::Skip => Vec::new(),
        };
        Move::decide(seat, self.name(), &args)
    }
}

pub const FACT_BLOCK: &str = "block";
pub const FACT_BLOCK_OFF: &str = "block_off";
pub const FACT_SOLDIER: &str = "soldier";
pub const FACT_SOLDIER_OFF: &str = "soldier_off";
pub const FACT_AMMO: &str = "ammo";
pub const FACT_AMMO_OFF: &str = "ammo_off";

/// What a settled table reports. Pieces a shot does not mention stay where they were.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShotFact {
    /// `block [seat, piece, x, y, angle]` (dmm, tenths of a degree).
    Block {
        seat: usize,
        k: usize,
        pose: Pose,
    },
    /// `block_off [seat, piece]`: it left the table.
    BlockOff {
        seat: usize,
        k: usize,
    },
    Soldier {
        seat: usize,
        k: usize,
        pose: Pose,
    },
    SoldierOff {
        seat: usize,
        k: usize,
    },
    /// `ammo [x, y]`: where the boulder came to rest (dmm).
    Ammo {
        x: i32,
        y: i32,
    },
    AmmoOff,
}

impl ShotFact {
    pub fn encode(&self) -> Fact {
        let p =
            |s: usize, k: usize, q: Pose| [s as i64, k as i64, q.x as i64, q.y as i64, q.a as i64];
        match *self {
            ShotFact::Block { seat, k, pose } => Fact::new(FACT_BLOCK, &p(seat, k, pose)),
            ShotFact::BlockOff { seat, k } => Fact::new(FACT_BLOCK_OFF, &[seat as i64, k as i64]),
            ShotFact::Soldier { seat, k, pose } => Fact::new(FACT_SOLDIER, &p(seat, k, pose)),
            ShotFact::SoldierOff { seat, k } => {
                Fact::new(FACT_SOLDIER_OFF, &[seat as i64, k as i64])
            }
            ShotFact::Ammo { x, y } => Fact::new(FACT_AMMO, &[x as i64, y as i64]),
            ShotFact::AmmoOff => Fact::new(FACT_AMMO_OFF, &[]),
        }
    }

    pub fn decode(f: &Fact) -> RuleResult<ShotFact> {
        let seat = || -> RuleResult<usize> {
            let s = f.arg(0)?;
            if s == 0 || s == 1 {
                Ok(s as usize)
            } else {
                Err(Refusal(format!("fact `{}` names seat {s}", f.what)))
            }
        };
        let k = |limit: usize| -> RuleResult<usize> {
            let k = f.arg(1)?;
            usize::try_from(k)
                .ok()
                .filter(|&k| k < limit)
                .ok_or_else(|| Refusal(format!("fact `{}` names piece {k}", f.what)))
        };
        let pose = || -> RuleResult<Pose> {
            Ok(Pose::new(
                f.arg(2)?.clamp(-100_000, 100_000) as i32,
                f.arg(3)?.clamp(-100_000, 100_000) as i32,
                f.arg(4)?.rem_euclid(3600) as i32,
            ))
        };
        Ok(match f.what.as_str() {
            FACT_BLOCK => ShotFact::Block {
                seat: seat()?,
                k: k(super::PIECES)?,
                pose: pose()?,
            },
            FACT_BLOCK_OFF => ShotFact::BlockOff {
                seat: seat()?,
                k: k(super::PIECES)?,
            },
            FACT_SOLDIER => ShotFact::Soldier {
                seat: seat()?,
                k: k(super::SOLDIERS)?,
                pose: pose()?,
            },
            FACT_SOLDIER_OFF => ShotFact::SoldierOff {
                seat: seat()?,
                k: k(super::SOLDIERS)?,
            },
            FACT_AMMO => ShotFact::Ammo {
                x: f.arg(0)?.clamp(-100_000, 100_000) as i32,
                y: f.arg(1)?.clamp(-100_000, 100_000) as i32,
            },
            FACT_AMMO_OFF => ShotFact::AmmoOff,
            other => crate::refuse!("Catapult Feud tables report no fact `{other}`"),
        })
    }
}

pub fn read_facts(facts: &[Fact]) -> RuleResult<Vec<ShotFact>> {
    facts.iter().map(ShotFact::decode).collect()
}
