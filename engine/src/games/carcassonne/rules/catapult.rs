//! The Catapult's round: after a fair tile's turn, the drawer chooses a token kind, everyone
//! hurls that kind once in clockwise order (Catch: in pairs, hurler and left neighbour), the
//! tokens come back and play goes on with the next player. The shot itself is physics
//! (`catapult_table.rs`); here only its integer facts are read. Map positions are whole
//! millimetres: cell (x, y) is the square [45x, 45x + 45] × [45y, 45y + 45] (docs/rules/carcassonne.md).

use super::events::{Event, EventKind};
use super::tokens::{CatchOutcome, Token};
use super::State;
use crate::core::{Fact, Outcome};

/// A Carcassonne tile is 45 mm square.
pub const TILE_MM: i64 = 45;
/// The catapult stands this far south of the map's southern edge, centred on it west to east.
pub const CATAPULT_GAP_MM: i64 = 60;
/// Catch: the measuring board's far edge, from the catapult along the lane.
pub const BOARD_MM: i64 = 400;
/// Catch: where the catcher's hand may be (along the lane, height above the table), mm.
pub const HAND_ALONG_MM: (i64, i64) = (460, 1400);
pub const HAND_HEIGHT_MM: (i64, i64) = (0, 300);
/// Points of Target hurling and of Catch.
pub const ROUND_POINTS: i64 = 5;

/// Facts a catapult shot reports.
pub const FACT_REST: &str = "token_rest";
pub const FACT_LOST: &str = "token_lost";
pub const FACT_TOUCHED: &str = "follower_touched";
pub const FACT_CHAINED: &str = "follower_chained";
pub const FACT_ALONG: &str = "token_along";
pub const FACT_HAND_TOUCHED: &str = "hand_touched";
pub const FACT_CAUGHT: &str = "caught";

/// Where a round stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The drawer chooses the token kind.
    Choose,
    /// The hurler aims: a point on the map (the centre of a tile).
    Aim,
    /// The hurler fires (a shot).
    Hurl,
    /// Seduction on the map: the hurler may exchange follower `victim` (index into `followers`).
    Seduce { victim: usize },
    /// Catch: the catcher puts a hand out in the lane.
    Hand,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    /// The fair tile just placed (a number on the map).
    pub fair_tile: u16,
    pub drawer: usize,
    pub token: Option<Token>,
    /// Hurlers in order: the drawer, then clockwise.
    pub order: Vec<usize>,
    /// Index into `order` of the hurler now.
    pub next: usize,
    pub step: Step,
    /// Where the catapult stands (map mm).
    pub catapult: [i64; 2],
    /// The point the hurler aims at (map mm).
    pub aim: Option<[i64; 2]>,
    /// Catch: the catcher's hand (mm along the lane, mm above the table).
    pub hand: Option<[i64; 2]>,
    /// Target hurling: where each hurler's token rests (by `order` index; None = lost).
    pub rests: Vec<Option<[i64; 2]>>,
}

impl Round {
    pub fn hurler(&self) -> usize {
        self.order.get(self.next).copied().unwrap_or(self.drawer)
    }

    /// Catch: the hurler's left neighbour (the next player clockwise).
    pub fn catcher(&self) -> usize {
        let n = self.order.len().max(1);
        self.order
            .get((self.next + 1) % n)
            .copied()
            .unwrap_or(self.drawer)
    }

    /// The seat to act now.
    pub fn actor(&self) -> usize {
        match self.step {
            Step::Hand => self.catcher(),
            _ => self.hurler(),
        }
    }
}

/// A catapult decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundAction {
    Choose(Token),
    /// Aim at the centre of placed tile `tile`.
    Aim {
        tile: u16,
    },
    /// Seduction: exchange with a follower from supply (None) or this follower on the map.
    Exchange {
        from: Option<usize>,
    },
    /// Seduction: let it be.
    Decline,
    /// Catch: the hand at (mm along, mm high).
    Hand {
        along: i64,
        height: i64,
    },
}

/// What a hurl did, read from its facts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hurl {
    /// Rest point on the table (map mm; Catch: mm along the lane, 0); None = off the table.
    pub rest: Option<[i64; 2]>,
    pub touched: Vec<usize>,
    pub chained: Vec<usize>,
    pub hand_touched: bool,
    pub caught: bool,
}

/// Why a catapult move was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoundError {
    NotNow,
    BadFact(String),
    NoSuchTile(u16),
    /// A seduction or its refusal while no seduction is to be decided.
    NoSeduction,
    /// A swap from the hand with none left in it.
    NoFollowerInHand,
    /// A swap naming the hurler's follower `k` on the map (counted from 1, as the choices show
    /// them) while only `on_map` of theirs are there.
    NoSuchOwnFollower {
        k: i64,
        on_map: usize,
    },
    /// A swap naming a follower on the map that is not the hurler's.
    NotYourFollower,
    HandOutOfLane,
}

impl std::fmt::Display for RoundError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RoundError::NotNow => write!(f, "that is not a move of the catapult round now"),
            RoundError::BadFact(s) => write!(f, "the shot's facts are malformed: {s}"),
            RoundError::NoSuchTile(t) => write!(f, "there is no tile {t} to aim at"),
            RoundError::NoSeduction => write!(f, "there is no seduction to decide now"),
            RoundError::NoFollowerInHand => {
                write!(f, "you have no follower left in your hand to swap in")
            }
            RoundError::NoSuchOwnFollower { k, on_map } => match on_map {
                0 => write!(
                    f,
                    "you have no follower {k} on the map: none of yours is on it"
                ),
                1 => write!(
                    f,
                    "you have no follower {k} on the map: yours there is follower 1"
                ),
                n => write!(
                    f,
                    "you have no follower {k} on the map: yours there are followers 1 to {n}"
                ),
            },
            RoundError::NotYourFollower => write!(f, "that follower on the map is not yours"),
            RoundError::HandOutOfLane => write!(
                f,
                "the hand must be past the measuring board and at most 30 cm high"
            ),
        }
    }
}

/// The squared distance between two map points (mm²).
pub fn dist2(a: [i64; 2], b: [i64; 2]) -> i64 {
    let (dx, dy) = (a[0] - b[0], a[1] - b[1]);
    dx * dx + dy * dy
}

impl Hurl {
    /// Reads a shot's facts, refusing anything malformed.
    pub fn read(outcome: &Outcome, followers: usize) -> Result<Hurl, RoundError> {
        let mut h = Hurl {
            rest: None,
            touched: Vec::new(),
            chained: Vec::new(),
            hand_touched: false,
            caught: false,
        };
        let mut rested = false;
        let bad = |f: &Fact| {
            RoundError::BadFact(format!(
                "`{}` {}",
                f.what,
                crate::core::moves::list(&f.args)
            ))
        };
        for f in &outcome.facts {
            match f.what.as_str() {
                FACT_REST | FACT_ALONG => {
                    let (x, y) = match (f.what.as_str(), f.args.as_slice()) {
                        (FACT_REST, [x, y]) => (*x, *y),
                        (FACT_ALONG, [s]) => (*s, 0),
                        _ => return Err(bad(f)),
                    };
                    if rested || x.unsigned_abs() > 100_000 || y.unsigned_abs() > 100_000 {
                        return Err(bad(f));
                    }
                    rested = true;
                    h.rest = Some([x, y]);
                }
                FACT_LOST if f.args.is_empty() && !rested => rested = true,
                FACT_TOUCHED | FACT_CHAINED => {
                    let [i] = f.args.as_slice() else {
                        return Err(bad(f));
                    };
                    let i = usize::try_from(*i).map_err(|_| bad(f))?;
                    if i >= followers || h.touched.contains(&i) || h.chained.contains(&i) {
                        return Err(bad(f));
                    }
                    if f.what == FACT_TOUCHED {
                        h.touched.push(i);
                    } else {
                        h.chained.push(i);
                    }
                }
                FACT_HAND_TOUCHED if f.args.is_empty() => h.hand_touched = true,
                FACT_CAUGHT if f.args.is_empty() => h.caught = true,
                _ => return Err(bad(f)),
            }
        }
        if !rested {
            return Err(RoundError::BadFact(format!(
                "a hurl reports `{FACT_REST}`, `{FACT_ALONG}` or `{FACT_LOST}`"
            )));
        }
        Ok(h)
    }

    pub fn catch_outcome(&self) -> CatchOutcome {
        if self.caught {
            CatchOutcome::Caught
        } else if self.hand_touched {
            CatchOutcome::TouchedNotCaught
        } else if self.rest.is_none_or(|r| r[0] > BOARD_MM) {
            // Off the far end of the table is past the board too.
            CatchOutcome::FarEnough
        } else {
            CatchOutcome::NotFarEnough
        }
    }
}

impl State {
    pub fn round(&self) -> Option<&Round> {
        self.round.as_ref()
    }

    /// The map point (mm) of follower `i` on the map.
    pub fn follower_mm(&self, i: usize) -> Option<[i64; 2]> {
        let f = self.followers.get(i)?;
        let p = self.map.tiles.get(f.tile as usize)?;
        let local = super::super::art::spots(self.catalog().kind(p.kind))
            .get(f.spot as usize)
            .copied()
            .unwrap_or([0.5, 0.5]);
        let r = crate::core::scene::rotate_local(local, p.rot);
        let mm = |c: i32, v: f32| c as i64 * TILE_MM + libm::roundf(v * TILE_MM as f32) as i64;
        Some([mm(p.x, r[0]), mm(p.y, r[1])])
    }

    /// The centre of placed tile `t` (mm).
    pub fn tile_centre_mm(&self, t: u16) -> Option<[i64; 2]> {
        let p = self.map.tiles.get(t as usize)?;
        Some([
            p.x as i64 * TILE_MM + TILE_MM / 2,
            p.y as i64 * TILE_MM + TILE_MM / 2,
        ])
    }

    /// Whether a map point lies on a placed tile.
    pub fn point_on_map(&self, p: [i64; 2]) -> bool {
        let cx = p[0].div_euclid(TILE_MM);
        let cy = p[1].div_euclid(TILE_MM);
        match (i32::try_from(cx), i32::try_from(cy)) {
            (Ok(x), Ok(y)) => self.map.at(x, y).is_some(),
            _ => false,
        }
    }

    /// Where the catapult stands for a round now: south of the map, centred west to east.
    pub fn catapult_mm(&self) -> [i64; 2] {
        let xs = self.map.tiles.iter().map(|p| p.x as i64);
        let (lo, hi) = (xs.clone().min().unwrap_or(0), xs.max().unwrap_or(0));
        let south = self.map.tiles.iter().map(|p| p.y as i64).min().unwrap_or(0);
        [
            (lo + hi + 1) * TILE_MM / 2,
            south * TILE_MM - CATAPULT_GAP_MM,
        ]
    }

    /// A fair tile's turn is over: the round begins with the drawer choosing a token.
    pub(super) fn begin_round(&mut self, fair_tile: u16, out: &mut Vec<Event>) {
        let drawer = self.current;
        let order = (0..self.seats).map(|k| (drawer + k) % self.seats).collect();
        self.round = Some(Round {
            fair_tile,
            drawer,
            token: None,
            order,
            next: 0,
            step: Step::Choose,
            catapult: self.catapult_mm(),
            aim: None,
            hand: None,
            rests: Vec::new(),
        });
        out.push(Event::new(Some(drawer), EventKind::RoundBegins));
    }

    /// Checks a catapult decision of `seat` without changing anything.
    pub fn check_round(&self, seat: usize, a: RoundAction) -> Result<(), RoundError> {
        let not_now = match a {
            RoundAction::Exchange { .. } | RoundAction::Decline => RoundError::NoSeduction,
            _ => RoundError::NotNow,
        };
        let Some(r) = &self.round else {
            return Err(not_now);
        };
        if seat != r.actor() {
            return Err(not_now);
        }
        match (r.step, a) {
            (Step::Choose, RoundAction::Choose(_)) => Ok(()),
            (Step::Aim, RoundAction::Aim { tile }) => {
                if (tile as usize) < self.map.tiles.len() {
                    Ok(())
                } else {
                    Err(RoundError::NoSuchTile(tile))
                }
            }
            (Step::Seduce { .. }, RoundAction::Decline) => Ok(()),
            (Step::Seduce { .. }, RoundAction::Exchange { from: None }) => {
                if self.supply.get(seat).copied().unwrap_or(0) > 0 {
                    Ok(())
                } else {
                    Err(RoundError::NoFollowerInHand)
                }
            }
            (Step::Seduce { .. }, RoundAction::Exchange { from: Some(i) }) => {
                match self.followers.get(i) {
                    Some(f) if f.seat as usize == seat => Ok(()),
                    _ => Err(RoundError::NotYourFollower),
                }
            }
            (_, RoundAction::Exchange { .. } | RoundAction::Decline) => {
                Err(RoundError::NoSeduction)
            }
            (Step::Hand, RoundAction::Hand { along, height }) => {
                let ok = (HAND_ALONG_MM.0..=HAND_ALONG_MM.1).contains(&along)
                    && (HAND_HEIGHT_MM.0..=HAND_HEIGHT_MM.1).contains(&height);
                ok.then_some(()).ok_or(RoundError::HandOutOfLane)
            }
            _ => Err(RoundError::NotNow),
        }
    }

    /// Applies a catapult decision.
    pub fn apply_round(&mut self, seat: usize, a: RoundAction) -> Result<Vec<Event>, RoundError> {
        self.check_round(seat, a)?;
        let mut out = Vec::new();
        let Some(mut r) = self.round.take() else {
            return Err(RoundError::NotNow);
        };
        match (r.step, a) {
            (Step::Choose, RoundAction::Choose(token)) => {
                r.token = Some(token);
                out.push(Event::new(Some(seat), EventKind::TokenChosen { token }));
                r.step = first_step(token);
            }
            (Step::Aim, RoundAction::Aim { tile }) => {
                r.aim = self.tile_centre_mm(tile);
                out.push(Event::new(Some(seat), EventKind::Aimed { tile }));
                r.step = Step::Hurl;
            }
            (Step::Seduce { victim }, RoundAction::Exchange { from }) => {
                self.exchange(seat, victim, from, &mut out);
                self.next_hurler(&mut r, &mut out);
            }
            (Step::Seduce { .. }, RoundAction::Decline) => {
                out.push(Event::new(Some(seat), EventKind::SeductionDeclined));
                self.next_hurler(&mut r, &mut out);
            }
            (Step::Hand, RoundAction::Hand { along, height }) => {
                r.hand = Some([along, height]);
                out.push(Event::new(Some(seat), EventKind::HandOut { along, height }));
                r.step = Step::Hurl;
            }
            _ => {}
        }
        self.finish_or_keep(r, &mut out);
        Ok(out)
    }

    /// A hurl's outcome drawn from `rng` (the rules fuzzer's stand-in for a simulated hurl): the
    /// token rests somewhere or is lost, now and then touching a follower or the catcher's hand.
    pub fn sample_hurl(&self, rng: &mut crate::core::Rng) -> Option<Outcome> {
        let r = self.round.as_ref()?;
        if r.step != Step::Hurl {
            return None;
        }
        let mut facts = Vec::new();
        if rng.below(6) == 0 {
            facts.push(Fact::new(FACT_LOST, &[]));
        } else {
            let (x, y) = (
                rng.range(-2_000, 2_000) as i64,
                rng.range(-2_000, 2_000) as i64,
            );
            facts.push(Fact::new(FACT_REST, &[x, y]));
        }
        if !self.followers.is_empty() && rng.below(3) == 0 {
            let i = rng.below(self.followers.len() as u32) as i64;
            let what = if rng.below(2) == 0 {
                FACT_TOUCHED
            } else {
                FACT_CHAINED
            };
            facts.push(Fact::new(what, &[i]));
        }
        match rng.below(8) {
            0 => facts.push(Fact::new(FACT_HAND_TOUCHED, &[])),
            1 => facts.push(Fact::new(FACT_CAUGHT, &[])),
            _ => {}
        }
        Some(Outcome {
            facts,
            ..Outcome::default()
        })
    }

    /// Applies a hurl's outcome for the hurler now.
    pub fn apply_hurl(&mut self, seat: usize, outcome: &Outcome) -> Result<Vec<Event>, RoundError> {
        let Some(mut r) = self.round.take() else {
            return Err(RoundError::NotNow);
        };
        if r.step != Step::Hurl || seat != r.hurler() {
            self.round = Some(r);
            return Err(RoundError::NotNow);
        }
        let hurl = match Hurl::read(outcome, self.followers.len()) {
            Ok(h) => h,
            Err(e) => {
                self.round = Some(r);
                return Err(e);
            }
        };
        let mut out = Vec::new();
        let token = r.token.unwrap_or(Token::KnockOut);
        let on_map = token != Token::Catch && hurl.rest.is_some_and(|p| self.point_on_map(p));
        match hurl.rest {
            Some(p) => out.push(Event::new(
                Some(seat),
                EventKind::TokenRests {
                    x: p[0],
                    y: p[1],
                    on_map,
                },
            )),
            None => out.push(Event::new(Some(seat), EventKind::TokenLost)),
        }
        match token {
            Token::KnockOut => {
                let mut gone: Vec<usize> = hurl.touched.clone();
                gone.extend(&hurl.chained);
                crate::core::order::sort(&mut gone);
                // Highest index first, so the others keep their numbers while removing.
                for &i in gone.iter().rev() {
                    let chained = hurl.chained.contains(&i);
                    if let Some(f) = self.return_follower(i) {
                        out.push(Event::new(
                            Some(f.seat as usize),
                            EventKind::KnockedOut {
                                tile: f.tile,
                                spot: f.spot,
                                chained,
                            },
                        ));
                    }
                }
                self.next_hurler(&mut r, &mut out);
            }
            Token::Seduction => {
                let victim = hurl
                    .rest
                    .filter(|_| on_map)
                    .and_then(|p| self.closest_opponent(seat, p));
                match victim {
                    Some(v) => r.step = Step::Seduce { victim: v },
                    None => {
                        out.push(Event::new(Some(seat), EventKind::SeductionMissed));
                        self.next_hurler(&mut r, &mut out);
                    }
                }
            }
            Token::Target => {
                r.rests.push(hurl.rest);
                self.next_hurler(&mut r, &mut out);
            }
            Token::Catch => {
                let o = hurl.catch_outcome();
                let catcher = r.catcher();
                let scorer = if o.catcher_scores() { catcher } else { seat };
                self.add_round_points(scorer, ROUND_POINTS);
                out.push(Event::new(
                    Some(scorer),
                    EventKind::CatchResult {
                        outcome: o,
                        hurler: seat,
                        catcher,
                        points: ROUND_POINTS,
                    },
                ));
                r.hand = None;
                self.next_hurler(&mut r, &mut out);
            }
        }
        self.finish_or_keep(r, &mut out);
        Ok(out)
    }

    /// The opponent's follower closest to `p` (the earliest placed of equals).
    pub fn closest_opponent(&self, seat: usize, p: [i64; 2]) -> Option<usize> {
        let mut best: Option<(i64, usize)> = None;
        for (i, f) in self.followers.iter().enumerate() {
            if f.seat as usize == seat {
                continue;
            }
            let Some(q) = self.follower_mm(i) else {
                continue;
            };
            let d = dist2(p, q);
            if best.is_none_or(|b| d < b.0) {
                best = Some((d, i));
            }
        }
        best.map(|b| b.1)
    }

    fn exchange(&mut self, seat: usize, victim: usize, from: Option<usize>, out: &mut Vec<Event>) {
        let Some(v) = self.followers.get(victim).copied() else {
            return;
        };
        if let Some(s) = self.supply.get_mut(v.seat as usize) {
            *s += 1;
        }
        match from {
            None => {
                if let Some(s) = self.supply.get_mut(seat) {
                    *s = s.saturating_sub(1);
                }
            }
            Some(i) => {
                if let Some(f) = self.followers.get(i).copied() {
                    out.push(Event::new(
                        Some(seat),
                        EventKind::FollowerMoved {
                            tile: f.tile,
                            spot: f.spot,
                        },
                    ));
                }
            }
        }
        if let Some(f) = self.followers.get_mut(victim) {
            f.seat = seat as u8;
        }
        out.push(Event::new(
            Some(seat),
            EventKind::Seduced {
                tile: v.tile,
                spot: v.spot,
                owner: v.seat as usize,
                from_map: from.is_some(),
            },
        ));
        if let Some(i) = from {
            // The hurler's own follower left its old place for the seduced one's.
            if i < self.followers.len() && i != victim {
                self.followers.remove(i);
            }
        }
    }

    fn add_round_points(&mut self, seat: usize, points: i64) {
        if let Some(s) = self.scores.get_mut(seat) {
            *s += points;
        }
        if let Some(c) = self.catapult_points.get_mut(seat) {
            *c += points;
        }
    }

    /// The hurler is done: the next one in order, or the round's end.
    fn next_hurler(&mut self, r: &mut Round, _out: &mut [Event]) {
        r.next += 1;
        r.aim = None;
        r.step = r.token.map(first_step).unwrap_or(Step::Choose);
    }

    /// Puts the round back, or ends it when everyone has hurled: Target scores, tokens come
    /// back, the next player's turn begins.
    fn finish_or_keep(&mut self, r: Round, out: &mut Vec<Event>) {
        if r.next < r.order.len() {
            self.round = Some(r);
            return;
        }
        if r.token == Some(Token::Target) {
            let centre = self.tile_centre_mm(r.fair_tile).unwrap_or([0, 0]);
            let ds: Vec<Option<i64>> = r
                .rests
                .iter()
                .map(|p| p.map(|p| dist2(p, centre)))
                .collect();
            if let Some(best) = ds.iter().flatten().min().copied() {
                for (k, d) in ds.iter().enumerate() {
                    if *d == Some(best) {
                        let seat = r.order.get(k).copied().unwrap_or(0);
                        self.add_round_points(seat, ROUND_POINTS);
                        out.push(Event::new(
                            Some(seat),
                            EventKind::TargetScored {
                                points: ROUND_POINTS,
                                mm: isqrt(best),
                            },
                        ));
                    }
                }
            }
        }
        out.push(Event::new(None, EventKind::RoundOver));
        self.round = None;
        self.end_turn(out);
    }
}

fn first_step(token: Token) -> Step {
    match token {
        Token::Catch => Step::Hand,
        _ => Step::Aim,
    }
}

/// Whole millimetres of a distance given squared (for the players' line).
pub fn isqrt(v: i64) -> i64 {
    let mut r = (v.max(0) as f64).sqrt() as i64;
    while r * r > v {
        r -= 1;
    }
    while (r + 1) * (r + 1) <= v {
        r += 1;
    }
    r
}
