//! A turn: lay the tile in hand (a legal cell and rotation), then put a follower on one of its
//! free spots or none; completed features score; the next player draws. Every action is checked
//! whole before anything changes, so a refused action leaves the state as it was.

use super::catapult::{RoundAction, RoundError, Step};
use super::events::{Event, EventKind};
use super::followers::Follower;
use super::map::{PlaceError, MAX_COORD};
use super::tiles::FeatureKind;
use super::tokens::Token;
use super::{Phase, State};
use crate::core::game::RulesState;
use crate::core::scene::{place_args, spot_arg};
use crate::core::{Move, Refusal, RuleResult};

/// A player's decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Lay the tile in hand on (x, y), turned `rot` quarter turns clockwise.
    Place { x: i32, y: i32, rot: u8 },
    /// Put a follower on spot `spot` of the tile just laid.
    Follower { spot: u8 },
    /// Put no follower on the tile just laid.
    Skip,
    /// A decision of the catapult round.
    Round(RoundAction),
}

pub const ACTION_PLACE: &str = "place";
pub const ACTION_FOLLOWER: &str = "follower";
pub const ACTION_SKIP: &str = "skip";
pub const ACTION_TOKEN: &str = "token";
pub const ACTION_AIM: &str = "aim";
pub const ACTION_SEDUCE: &str = "seduce";
pub const ACTION_DECLINE: &str = "decline";
pub const ACTION_HAND: &str = "hand";

impl State {
    /// The free spots of the tile just laid, in spot order: what a follower move's index
    /// counts (none when the player has no follower left).
    pub fn free_spots(&self) -> Vec<u8> {
        if self.supply.get(self.current).copied().unwrap_or(0) == 0 {
            return Vec::new();
        }
        self.open_spots()
            .into_iter()
            .filter(|s| s.free)
            .map(|s| s.spot)
            .collect()
    }

    /// The replay form of an action: `place [x, y, rot]`, `follower [k]` (k counts the free
    /// spots of the tile just laid, as the map shows them), `skip []`.
    pub fn encode(&self, seat: usize, action: Action) -> Move {
        match action {
            Action::Place { x, y, rot } => {
                Move::decide(seat, ACTION_PLACE, &[x as i64, y as i64, rot as i64])
            }
            Action::Follower { spot } => {
                let k = self
                    .free_spots()
                    .iter()
                    .position(|&s| s == spot)
                    .map_or(-1, |k| k as i64);
                Move::decide(seat, ACTION_FOLLOWER, &[k])
            }
            Action::Skip => Move::decide(seat, ACTION_SKIP, &[]),
            Action::Round(r) => match r {
                RoundAction::Choose(t) => Move::decide(seat, ACTION_TOKEN, &[t.index() as i64]),
                RoundAction::Aim { tile } => Move::decide(seat, ACTION_AIM, &[tile as i64]),
                RoundAction::Exchange { from } => {
                    let k = match from {
                        None => 0,
                        Some(i) => self
                            .own_on_map(seat)
                            .iter()
                            .position(|&j| j == i)
                            .map_or(-1, |k| k as i64 + 1),
                    };
                    Move::decide(seat, ACTION_SEDUCE, &[k])
                }
                RoundAction::Decline => Move::decide(seat, ACTION_DECLINE, &[]),
                RoundAction::Hand { along, height } => {
                    Move::decide(seat, ACTION_HAND, &[along, height])
                }
            },
        }
    }

    /// Indices (into `followers`) of `seat`'s followers on the map, in placing order: what a
    /// `seduce [k]` move counts from 1 (0 = a follower from supply).
    pub fn own_on_map(&self, seat: usize) -> Vec<usize> {
        self.followers
            .iter()
            .enumerate()
            .filter(|(_, f)| f.seat as usize == seat)
            .map(|(i, _)| i)
            .collect()
    }

    /// Reads a replay move back into an action (refusing malformed arguments).
    pub fn decode(&self, mv: &Move) -> RuleResult<Action> {
        match mv.action.as_str() {
            ACTION_PLACE => {
                let ([x, y], rot) = place_args(mv)?;
                if x.unsigned_abs() as i64 > MAX_COORD || y.unsigned_abs() as i64 > MAX_COORD {
                    let (x, y) = (x as i64, y as i64);
                    return Err(Refusal::new(PlaceError::OutOfRange { x, y }.to_string()));
                }
                Ok(Action::Place { x, y, rot })
            }
            ACTION_FOLLOWER => {
                // Out of turn, game over or no tile laid yet: that reason first.
                self.check(mv.seat as usize, Action::Skip)?;
                let free = self.free_spots();
                if free.is_empty() && self.supply.get(self.current).copied() == Some(0) {
                    return Err(MoveError::NoFollowersLeft.into());
                }
                let k = spot_arg(mv, free.len())?;
                Ok(Action::Follower { spot: free[k] })
            }
            ACTION_SKIP => Ok(Action::Skip),
            ACTION_TOKEN => {
                let k = one_arg(mv, 1)?[0];
                Token::from_index(k)
                    .map(|t| Action::Round(RoundAction::Choose(t)))
                    .ok_or_else(|| Refusal(format!("there is no token {k} (0 to 3)")))
            }
            ACTION_AIM => {
                let k = one_arg(mv, 1)?[0];
                let tile = u16::try_from(k)
                    .map_err(|_| Refusal::from(RoundError::NoSuchTile(u16::MAX)))?;
                Ok(Action::Round(RoundAction::Aim { tile }))
            }
            ACTION_SEDUCE => {
                let k = one_arg(mv, 1)?[0];
                // Game over, out of turn or no seduction to decide: that reason first.
                self.check(mv.seat as usize, Action::Round(RoundAction::Decline))?;
                let from = match k {
                    0 => None,
                    k => {
                        let own = self.own_on_map(mv.seat as usize);
                        let i = usize::try_from(k - 1)
                            .ok()
                            .and_then(|j| own.get(j).copied())
                            .ok_or(RoundError::NoSuchOwnFollower {
                                k,
                                on_map: own.len(),
                            })?;
                        Some(i)
                    }
                };
                Ok(Action::Round(RoundAction::Exchange { from }))
            }
            ACTION_DECLINE => Ok(Action::Round(RoundAction::Decline)),
            ACTION_HAND => {
                let a = one_arg(mv, 2)?;
                Ok(Action::Round(RoundAction::Hand {
                    along: a[0],
                    height: a[1],
                }))
            }
            other => Err(Refusal::new(format!(
                "Carcassonne has no move `{other}` (place, follower, skip, token, aim, seduce, decline, hand)"
            ))),
        }
    }
}

/// A move's arguments, exactly `n` of them.
fn one_arg(mv: &Move, n: usize) -> RuleResult<Vec<i64>> {
    if mv.args.len() != n {
        return Err(Refusal(format!(
            "move `{}` needs {n} argument{}, got {}",
            mv.action,
            if n == 1 { "" } else { "s" },
            mv.args.len()
        )));
    }
    (0..n).map(|i| mv.arg(i)).collect()
}

impl From<RoundError> for Refusal {
    fn from(e: RoundError) -> Refusal {
        Refusal::new(e.to_string())
    }
}

/// Why an action was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    GameOver,
    OutOfTurn {
        seat: usize,
        turn: usize,
    },
    /// A follower decision while a tile is to be laid.
    LayTileFirst,
    /// A tile while the follower decision is open.
    FollowerFirst,
    Place(PlaceError),
    NoSuchSpot {
        spot: u8,
        spots: usize,
    },
    Occupied {
        feature: FeatureKind,
    },
    NoFollowersLeft,
    /// A tile or follower move during a catapult round.
    CatapultRound,
    Round(RoundError),
}

impl std::fmt::Display for MoveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MoveError::GameOver => write!(f, "the game is over"),
            MoveError::OutOfTurn { seat, turn } => write!(
                f,
                "it is Player {}'s turn, not Player {}'s",
                turn + 1,
                seat + 1
            ),
            MoveError::LayTileFirst => write!(f, "lay the tile first"),
            MoveError::FollowerFirst => {
                write!(f, "the tile is laid: place a follower on it or skip")
            }
            MoveError::Place(e) => write!(f, "{e}"),
            MoveError::NoSuchSpot { spot, spots } => write!(
                f,
                "this tile has {spots} places for a follower; there is no place {}",
                *spot as usize + 1
            ),
            MoveError::Occupied { feature } => {
                write!(f, "that {} already has a follower on it", feature.word())
            }
            MoveError::NoFollowersLeft => write!(f, "you have no followers left"),
            MoveError::CatapultRound => write!(f, "a catapult round is under way"),
            MoveError::Round(e) => write!(f, "{e}"),
        }
    }
}

impl From<MoveError> for Refusal {
    fn from(e: MoveError) -> Refusal {
        Refusal::new(e.to_string())
    }
}

impl State {
    /// Checks an action without changing anything.
    pub fn check(&self, seat: usize, action: Action) -> Result<(), MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        let turn = self.turn().unwrap_or(self.current);
        if seat != turn {
            return Err(MoveError::OutOfTurn { seat, turn });
        }
        if let Action::Round(a) = action {
            return self.check_round(seat, a).map_err(MoveError::Round);
        }
        match (self.phase, action) {
            (_, Action::Round(_)) => Err(MoveError::Round(RoundError::NotNow)),
            (Phase::Place { kind }, Action::Place { x, y, rot }) => self
                .map
                .check(self.catalog(), kind, x, y, rot)
                .map_err(MoveError::Place),
            (Phase::Place { .. }, _) => Err(MoveError::LayTileFirst),
            (Phase::Follower { .. }, Action::Place { .. }) => Err(MoveError::FollowerFirst),
            (Phase::Follower { .. }, Action::Skip) => Ok(()),
            (Phase::Follower { tile }, Action::Follower { spot }) => {
                let spots = self.spots_of(tile);
                let Some(s) = spots.get(spot as usize) else {
                    return Err(MoveError::NoSuchSpot {
                        spot,
                        spots: spots.len(),
                    });
                };
                if self.supply.get(seat).copied().unwrap_or(0) == 0 {
                    return Err(MoveError::NoFollowersLeft);
                }
                if !s.free {
                    return Err(MoveError::Occupied { feature: s.kind });
                }
                Ok(())
            }
            (Phase::Catapult, _) => Err(MoveError::CatapultRound),
            (Phase::Over, _) => Err(MoveError::GameOver),
        }
    }

    /// Applies an action for `seat`; refused actions change nothing.
    pub fn apply(&mut self, seat: usize, action: Action) -> Result<Vec<Event>, MoveError> {
        self.check(seat, action)?;
        if let Action::Round(a) = action {
            return self.apply_round(seat, a).map_err(MoveError::Round);
        }
        let mut out = Vec::new();
        match (self.phase, action) {
            (Phase::Place { kind }, Action::Place { x, y, rot }) => {
                let tile = self.lay(kind, x, y, rot);
                out.push(Event::new(
                    Some(seat),
                    EventKind::TilePlaced {
                        tile,
                        kind,
                        x,
                        y,
                        rot,
                    },
                ));
                self.phase = Phase::Follower { tile };
            }
            (Phase::Follower { tile }, a) => {
                if let Action::Follower { spot } = a {
                    let feature = self
                        .spots_of(tile)
                        .get(spot as usize)
                        .map(|s| s.kind)
                        .unwrap_or(FeatureKind::Field);
                    self.followers.push(Follower {
                        seat: seat as u8,
                        tile,
                        spot,
                    });
                    if let Some(s) = self.supply.get_mut(seat) {
                        *s = s.saturating_sub(1);
                    }
                    out.push(Event::new(
                        Some(seat),
                        EventKind::FollowerPlaced {
                            tile,
                            spot,
                            feature,
                        },
                    ));
                } else {
                    out.push(Event::new(Some(seat), EventKind::FollowerSkipped));
                }
                self.score_completed(tile, &mut out);
                let fair = self
                    .map
                    .tiles
                    .get(tile as usize)
                    .is_some_and(|p| self.catalog().kind(p.kind).fair);
                if fair && self.options.catapult {
                    self.phase = Phase::Catapult;
                    self.begin_round(tile, &mut out);
                } else {
                    self.end_turn(&mut out);
                }
            }
            _ => {}
        }
        Ok(out)
    }

    /// Applies a replay move (the codec, then `apply`).
    pub fn apply_move(&mut self, mv: &Move) -> RuleResult<Vec<Event>> {
        if mv.is_shot() {
            let outcome = mv
                .outcome
                .as_ref()
                .ok_or_else(|| Refusal::new("a shot needs its outcome"))?;
            let seat = mv.seat as usize;
            if self.is_over() {
                return Err(MoveError::GameOver.into());
            }
            return Ok(self.apply_hurl(seat, outcome)?);
        }
        let action = self.decode(mv)?;
        Ok(self.apply(mv.seat as usize, action)?)
    }

    /// The turn (and its catapult round, if any) is over: record the scores, pass to the next
    /// player, who draws.
    pub(super) fn end_turn(&mut self, out: &mut Vec<Event>) {
        self.turns += 1;
        self.history.push(self.scores.clone());
        self.current = (self.current + 1) % self.seats;
        self.begin_turn(out);
    }

    /// Every action open now, in a fixed order (placements, then follower spots, then skip).
    pub fn actions(&self) -> Vec<Action> {
        match self.phase {
            Phase::Place { .. } => self
                .legal_placements()
                .into_iter()
                .map(|(x, y, rot)| Action::Place { x, y, rot })
                .collect(),
            Phase::Follower { .. } => {
                let mut v: Vec<Action> = Vec::new();
                if self.supply.get(self.current).copied().unwrap_or(0) > 0 {
                    v.extend(
                        self.open_spots()
                            .into_iter()
                            .filter(|s| s.free)
                            .map(|s| Action::Follower { spot: s.spot }),
                    );
                }
                v.push(Action::Skip);
                v
            }
            Phase::Catapult => self.round_actions(),
            Phase::Over => Vec::new(),
        }
    }

    /// The catapult decisions open now (the hurl itself is a shot, not listed).
    pub fn round_actions(&self) -> Vec<Action> {
        let Some(r) = self.round() else {
            return Vec::new();
        };
        let seat = r.actor();
        let list: Vec<RoundAction> = match r.step {
            Step::Choose => Token::ALL.into_iter().map(RoundAction::Choose).collect(),
            Step::Aim => (0..self.map.tiles.len() as u16)
                .map(|tile| RoundAction::Aim { tile })
                .collect(),
            Step::Seduce { .. } => {
                let mut v = Vec::new();
                if self.supply.get(seat).copied().unwrap_or(0) > 0 {
                    v.push(RoundAction::Exchange { from: None });
                }
                v.extend(
                    self.own_on_map(seat)
                        .into_iter()
                        .map(|i| RoundAction::Exchange { from: Some(i) }),
                );
                v.push(RoundAction::Decline);
                v
            }
            Step::Hand | Step::Hurl => Vec::new(),
        };
        list.into_iter().map(Action::Round).collect()
    }
}
