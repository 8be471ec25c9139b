//! The typed moves and shot facts of Catapult Castle, and the one codec between them and the
//! replay's `Move{action,args}` / `Fact{what,args}` (replay format 1, unchanged). The rules see
//! only these enums: names and argument positions are read here, once.

use super::{FACT_FELL, FACT_FIRST_CONTACT, FACT_IN_TOWER, FACT_REST, FACT_ROOF, TOWERS};
use crate::core::{Fact, Move, Refusal, RuleResult};

/// A square of a mat, both 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Square {
    pub mat: usize,
    pub square: usize,
}

/// Where the card under a stacked tower comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StackCard {
    /// `-1`: the top of the player's deck.
    Deck,
    /// A card given up from the hand (its index there).
    Hand(usize),
}

/// Every decision of Catapult Castle (a shot is a `Move` with a launch and an outcome, not an
/// action).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// `play [hand index]`, or `play [hand index, mat, square]` for a Reinforced Roof.
    Play { card: usize, roof: Option<Square> },
    /// `stand [1 | 0]`: stand the catapult on the game box, or take it off.
    Stand(bool),
    /// `corner [i]`: move the catapult to another of its corners.
    Corner(usize),
    /// `rearrange`: solo, start rearranging the towers.
    Rearrange,
    /// `end_turn`: skip the extra shot.
    EndTurn,
    /// `move_tower [from mat, from square, to mat, to square]`: solo rearranging.
    MoveTower { from: Square, to: Square },
    /// `done`: finish rearranging.
    Done,
    /// `place [square]`: a captured tower on an empty square of the player's mat.
    Place(usize),
    /// `stack [square, -1 | hand index]`: a captured tower stacked on a face-down card.
    Stack { square: usize, card: StackCard },
    /// `draw`: the victim draws a card.
    Draw,
    /// `decline`: the victim draws none.
    Decline,
    /// `drop [x_mm, y_mm, angle]`: the app's drag of a captured tower (becomes `place`/`stack`).
    Drop { x: i64, y: i64, angle: i64 },
    /// `drag_tower [source, x_mm, y_mm, angle]`: the solo rearranging drag (becomes
    /// `move_tower`).
    DragTower {
        source: i64,
        x: i64,
        y: i64,
        angle: i64,
    },
}

/// The action names, as a replay writes them.
pub const DRAG_ACTION: &str = "drag_tower";
pub const DROP_ACTION: &str = "drop";

fn index(v: i64, what: &str) -> RuleResult<usize> {
    usize::try_from(v).map_err(|_| Refusal(format!("there is no {what} {v}")))
}

fn square(mat: i64, square: i64) -> RuleResult<Square> {
    match (usize::try_from(mat), usize::try_from(square)) {
        (Ok(mat), Ok(square)) => Ok(Square { mat, square }),
        _ => Err(Refusal(format!(
            "there is no square {} on mat {}",
            square.saturating_add(1),
            mat.saturating_add(1)
        ))),
    }
}

fn own_square(s: i64) -> RuleResult<usize> {
    usize::try_from(s).map_err(|_| {
        Refusal(format!(
            "there is no square {} on your mat",
            s.saturating_add(1)
        ))
    })
}

impl Action {
    pub fn name(&self) -> &'static str {
        match self {
            Action::Play { .. } => "play",
            Action::Stand(_) => "stand",
            Action::Corner(_) => "corner",
            Action::Rearrange => "rearrange",
            Action::EndTurn => "end_turn",
            Action::MoveTower { .. } => "move_tower",
            Action::Done => "done",
            Action::Place(_) => "place",
            Action::Stack { .. } => "stack",
            Action::Draw => "draw",
            Action::Decline => "decline",
            Action::Drop { .. } => DROP_ACTION,
            Action::DragTower { .. } => DRAG_ACTION,
        }
    }

    /// Reads a decision. Refused: a name that is no Castle move, a wrong number of arguments, an
    /// argument that cannot mean anything (a negative index). Whether it is legal now is for
    /// the rules to say.
    pub fn decode(mv: &Move) -> RuleResult<Action> {
        let a = |i: usize| mv.arg(i);
        let action = match mv.action.as_str() {
            "play" => {
                let c = a(0)?;
                let card = usize::try_from(c)
                    .map_err(|_| Refusal(format!("there is no card {c} in your hand")))?;
                // A Reinforced Roof names its tower's square too.
                let roof = if mv.args.len() > 1 {
                    Some(square(a(1)?, a(2)?)?)
                } else {
                    None
                };
                Action::Play { card, roof }
            }
            "stand" => Action::Stand(match a(0)? {
                0 => false,
                1 => true,
                v => crate::refuse!("stand takes 1 (on the box) or 0 (off it), not {v}"),
            }),
            "corner" => Action::Corner(index(a(0)?, "corner")?),
            "rearrange" => Action::Rearrange,
            "end_turn" => Action::EndTurn,
            "move_tower" => Action::MoveTower {
                from: square(a(0)?, a(1)?)?,
                to: square(a(2)?, a(3)?)?,
            },
            "done" => Action::Done,
            "place" => Action::Place(own_square(a(0)?)?),
            "stack" => {
                let square = own_square(a(0)?)?;
                let card = match a(1)? {
                    -1 => StackCard::Deck,
                    from => StackCard::Hand(usize::try_from(from).map_err(|_| {
                        Refusal(format!(
                            "there is no card {from} in your hand (-1 takes the top of your deck)"
                        ))
                    })?),
                };
                Action::Stack { square, card }
            }
            "draw" => Action::Draw,
            "decline" => Action::Decline,
            DROP_ACTION => Action::Drop {
                x: a(0)?,
                y: a(1)?,
                angle: a(2)?,
            },
            DRAG_ACTION => Action::DragTower {
                source: a(0)?,
                x: a(1)?,
                y: a(2)?,
                angle: a(3)?,
            },
            other => crate::refuse!("`{other}` is not possible: Catapult Castle has no such move"),
        };
        mv.takes(action.args().len())?;
        Ok(action)
    }

    fn args(&self) -> Vec<i64> {
        let sq = |s: Square| [s.mat as i64, s.square as i64];
        match *self {
            Action::Play { card, roof: None } => vec![card as i64],
            Action::Play {
                card,
                roof: Some(r),
            } => vec![card as i64, r.mat as i64, r.square as i64],
            Action::Stand(on) => vec![on as i64],
            Action::Corner(i) => vec![i as i64],
            Action::MoveTower { from, to } => [sq(from), sq(to)].concat(),
            Action::Place(s) => vec![s as i64],
            Action::Stack { square, card } => vec![
                square as i64,
                match card {
                    StackCard::Deck => -1,
                    StackCard::Hand(i) => i as i64,
                },
            ],
            Action::Drop { x, y, angle } => vec![x, y, angle],
            Action::DragTower {
                source,
                x,
                y,
                angle,
            } => vec![source, x, y, angle],
            Action::Rearrange | Action::EndTurn | Action::Done | Action::Draw | Action::Decline => {
                Vec::new()
            }
        }
    }

    /// The move for `seat`, as a replay writes it.
    pub fn encode(&self, seat: usize) -> Move {
        Move::decide(seat, self.name(), &self.args())
    }
}

/// What a shot reports (table.rs), all in mm and tower ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShotFact {
    /// `ammo_in_tower [tower]`: the ammo came to rest inside that tower.
    InTower(u32),
    /// `ammo_touched_roof [tower]`: it touched that tower's Reinforced Roof.
    Roof(u32),
    /// `ammo_fell`: it left the table.
    Fell,
    /// `ammo_rest [x, y]`: where it came to rest.
    Rest { x: i64, y: i64 },
    /// `ammo_first_contact [x, y]`: where it first touched something.
    FirstContact { x: i64, y: i64 },
}

impl ShotFact {
    pub fn encode(&self) -> Fact {
        match *self {
            ShotFact::InTower(t) => Fact::new(FACT_IN_TOWER, &[t as i64]),
            ShotFact::Roof(t) => Fact::new(FACT_ROOF, &[t as i64]),
            ShotFact::Fell => Fact::new(FACT_FELL, &[]),
            ShotFact::Rest { x, y } => Fact::new(FACT_REST, &[x, y]),
            ShotFact::FirstContact { x, y } => Fact::new(FACT_FIRST_CONTACT, &[x, y]),
        }
    }

    pub fn decode(f: &Fact) -> RuleResult<ShotFact> {
        let tower = |what: &str| -> RuleResult<u32> {
            let id = f.arg(0)?;
            if !(0..TOWERS as i64).contains(&id) {
                crate::refuse!("fact {what}: there is no tower {id}");
            }
            Ok(id as u32)
        };
        let (fact, takes) = match f.what.as_str() {
            FACT_IN_TOWER => (ShotFact::InTower(tower(FACT_IN_TOWER)?), 1),
            FACT_ROOF => (ShotFact::Roof(tower(FACT_ROOF)?), 1),
            FACT_FELL => (ShotFact::Fell, 0),
            FACT_REST => (
                ShotFact::Rest {
                    x: f.arg(0)?,
                    y: f.arg(1)?,
                },
                2,
            ),
            FACT_FIRST_CONTACT => (
                ShotFact::FirstContact {
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
        let sq = |mat, square| Square { mat, square };
        vec![
            Action::Play {
                card: 2,
                roof: None,
            },
            Action::Play {
                card: 0,
                roof: Some(sq(1, 3)),
            },
            Action::Stand(true),
            Action::Stand(false),
            Action::Corner(1),
            Action::Rearrange,
            Action::EndTurn,
            Action::MoveTower {
                from: sq(0, 1),
                to: sq(3, 2),
            },
            Action::Done,
            Action::Place(3),
            Action::Stack {
                square: 1,
                card: StackCard::Deck,
            },
            Action::Stack {
                square: 0,
                card: StackCard::Hand(2),
            },
            Action::Draw,
            Action::Decline,
            Action::Drop {
                x: -420,
                y: 120,
                angle: 0,
            },
            Action::DragTower {
                source: 4,
                x: 300,
                y: 40,
                angle: 0,
            },
        ]
    }

    #[test]
    fn every_action_round_trips_through_its_move() {
        for a in every_action() {
            let mv = a.encode(1);
            assert_eq!(mv.seat, 1);
            assert_eq!(Action::decode(&mv), Ok(a), "{mv:?}");
        }
    }

    #[test]
    fn the_moves_keep_their_replay_names_and_arguments() {
        let mv = Action::Stack {
            square: 2,
            card: StackCard::Deck,
        }
        .encode(0);
        assert_eq!(
            (mv.action.as_str(), mv.args.as_slice()),
            ("stack", &[2, -1][..])
        );
        let mv = Action::Stand(true).encode(0);
        assert_eq!(
            (mv.action.as_str(), mv.args.as_slice()),
            ("stand", &[1][..])
        );
    }

    #[test]
    fn unknown_moves_and_wrong_arities_are_refused_with_the_reason() {
        let err = |action: &str, args: &[i64]| {
            Action::decode(&Move::decide(0, action, args))
                .err()
                .map(|e| e.0)
                .unwrap_or_default()
        };
        assert!(err("fly", &[]).contains("no such move"));
        assert!(err("done", &[1]).contains("takes 0 argument(s), not 1"));
        assert!(err("place", &[]).contains("needs argument 1"));
        assert!(err("place", &[1, 2]).contains("takes 1 argument(s), not 2"));
        assert!(err("play", &[0, 1]).contains("needs argument 3"));
        assert!(err("play", &[0, 1, 2, 3]).contains("takes 3 argument(s), not 4"));
        assert!(err("drop", &[100]).contains("needs argument 2"));
        assert!(err("stand", &[3]).contains("not 3"));
        assert!(err("stack", &[0, -2]).contains("no card -2"));
        assert!(err("corner", &[-1]).contains("no corner -1"));
        assert!(err("move_tower", &[0, -1, 0, 0]).contains("no square 0 on mat 1"));
    }

    #[test]
    fn every_fact_round_trips_and_unknown_or_malformed_facts_are_refused() {
        let facts = [
            ShotFact::InTower(15),
            ShotFact::Roof(0),
            ShotFact::Fell,
            ShotFact::Rest { x: -12, y: 30 },
            ShotFact::FirstContact { x: 400, y: 0 },
        ];
        for f in facts {
            assert_eq!(ShotFact::decode(&f.encode()), Ok(f));
        }
        let err = |what: &str, args: &[i64]| {
            ShotFact::decode(&Fact::new(what, args))
                .err()
                .map(|e| e.0)
                .unwrap_or_default()
        };
        assert!(err("ammo_teleported", &[]).contains("unknown fact"));
        assert!(err(FACT_IN_TOWER, &[16]).contains("no tower 16"));
        assert!(err(FACT_REST, &[1]).contains("lacks argument"));
        assert!(err(FACT_FELL, &[1]).contains("takes 0"));
    }
}
