//! Replay files (nanoserde JSON): format version, game id, options, seats, seed, moves in order.
//! The same structure is the save file. See docs/replay-format.md.

use super::strict_json::{self, shown, ReadResult, Reader};
use super::{Fact, Launch, Move, Outcome, Refusal, RuleResult, Seat, SeatKind};
use crate::core::{LaunchKind, Level};
use nanoserde::SerJson;

pub const REPLAY_FORMAT: u32 = 1;

#[derive(Clone, Debug, PartialEq, SerJson)]
pub struct Replay {
    pub format: u32,
    pub game: String,
    pub options: Vec<String>,
    pub seats: Vec<Seat>,
    pub seed: u64,
    /// An online room's commitment to its seed (`online::deal`), published before the first
    /// move: absent (and not written) for a local game and in files from before commitments.
    pub commitment: Option<String>,
    /// The salt that opens the commitment, revealed with the game's last move.
    pub salt: Option<String>,
    pub moves: Vec<Move>,
}

impl Replay {
    pub fn new(game: &str, options: &[String], seats: Vec<Seat>, seed: u64) -> Self {
        Replay {
            format: REPLAY_FORMAT,
            game: game.to_string(),
            options: options.to_vec(),
            seats,
            seed,
            commitment: None,
            salt: None,
            moves: Vec::new(),
        }
    }

    /// Parses a replay from untrusted text (a file, a save, a link) with the strict reader,
    /// refusing with the line and column, or the first inconsistent field.
    pub fn parse(text: &str) -> RuleResult<Replay> {
        strict_json::check_size(text.len(), "the replay")
            .map_err(|e| Refusal(format!("not a valid replay file: {e}")))?;
        let r = read_replay(text).map_err(|e| Refusal(format!("not a valid replay file: {e}")))?;
        if r.format != REPLAY_FORMAT {
            return Err(Refusal(format!(
                "replay format {} is not supported (this build reads format {REPLAY_FORMAT})",
                r.format
            )));
        }
        for (what, text, len) in [("commitment", &r.commitment, 64), ("salt", &r.salt, 32)] {
            if let Some(t) = text {
                if t.len() != len || !t.chars().all(|c| c.is_ascii_hexdigit()) {
                    return Err(Refusal(format!(
                        "the {what} {} is not {len} hex digits",
                        shown(t)
                    )));
                }
            }
        }
        for (i, m) in r.moves.iter().enumerate() {
            if m.seat as usize >= r.seats.len() {
                return Err(Refusal(format!(
                    "move {i}: seat {} does not exist ({} seats)",
                    m.seat,
                    r.seats.len()
                )));
            }
            if m.is_shot() && m.launch.is_none() && m.outcome.is_none() {
                return Err(Refusal(format!(
                    "move {i}: a shot needs launch parameters, an outcome, or both"
                )));
            }
            if !m.is_shot() && (m.launch.is_some() || m.outcome.is_some()) {
                return Err(Refusal(format!(
                    "move {i}: only a shot carries a launch or an outcome (this is {})",
                    shown(&m.action)
                )));
            }
            if let Some(o) = &m.outcome {
                if !o.hash.is_empty()
                    && (o.hash.len() != 16 || !o.hash.chars().all(|c| c.is_ascii_hexdigit()))
                {
                    return Err(Refusal(format!(
                        "move {i}: hash {} is not 16 hex digits",
                        shown(&o.hash)
                    )));
                }
            }
        }
        Ok(r)
    }

    pub fn to_json(&self) -> String {
        self.serialize_json()
    }
}

/// Limits of the strict reading (each is far above what a real game writes).
pub const MAX_ARGS: usize = 16;
pub const MAX_FACTS: usize = 4096;
pub const MAX_OPTIONS: usize = 16;
pub(crate) const MAX_NAME: usize = 64;

fn read_replay(text: &str) -> ReadResult<Replay> {
    let mut r = Reader::new(text);
    let mut out = Replay::new("", &[], Vec::new(), 0);
    const KEYS: [&str; 8] = [
        "format",
        "game",
        "options",
        "seats",
        "seed",
        "moves",
        "commitment",
        "salt",
    ];
    let seen = r.object("the replay", &KEYS, |r, k| {
        match k {
            0 => out.format = r.u32("format")?,
            1 => out.game = r.string("the game id", MAX_NAME)?,
            2 => r.array("options", MAX_OPTIONS, |r, _| {
                out.options.push(r.string("an option", MAX_NAME)?);
                Ok(())
            })?,
            3 => r.array("seats", super::seat::MAX_SEATS, |r, i| {
                out.seats.push(read_seat(r, i)?);
                Ok(())
            })?,
            4 => out.seed = r.u64("seed")?,
            6 => out.commitment = Some(r.string("a commitment", 64)?),
            7 => out.salt = Some(r.string("a salt", 32)?),
            _ => r.array("moves", usize::MAX, |r, i| {
                out.moves.push(read_move(r, i)?);
                Ok(())
            })?,
        }
        Ok(())
    })?;
    r.require("the replay", &KEYS, &seen, &[0, 1, 3, 4])?;
    r.end()?;
    Ok(out)
}

fn read_seat(r: &mut Reader, i: usize) -> ReadResult<Seat> {
    let what = format!("seat {i}");
    let mut seat = Seat {
        name: String::new(),
        kind: SeatKind::Human,
        colour: 0,
        level: Level::Normal,
    };
    const KEYS: [&str; 4] = ["name", "kind", "colour", "level"];
    let seen = r.object(&what, &KEYS, |r, k| {
        match k {
            0 => seat.name = r.string("a seat's name", MAX_NAME)?,
            1 => {
                seat.kind = match r.string("a seat's kind", MAX_NAME)?.as_str() {
                    "Human" => SeatKind::Human,
                    "Bot" => SeatKind::Bot,
                    other => {
                        return Err(r.error(format!(
                            "a seat's kind is `Human` or `Bot`, not {}",
                            shown(other)
                        )))
                    }
                }
            }
            2 => seat.colour = r.u32("a seat's colour")?,
            _ => {
                let name = r.string("a seat's level", MAX_NAME)?;
                seat.level = Level::from_name(&name).ok_or_else(|| {
                    r.error(format!(
                        "a seat's level is `easy`, `normal` or `hard`, not {}",
                        shown(&name)
                    ))
                })?;
            }
        }
        Ok(())
    })?;
    r.require(&what, &KEYS, &seen, &[0, 1, 2])?;
    Ok(seat)
}

fn read_ints(r: &mut Reader, what: &str, out: &mut Vec<i64>) -> ReadResult<()> {
    r.array(what, MAX_ARGS, |r, _| {
        out.push(r.i64("an argument")?);
        Ok(())
    })
}

pub(crate) fn read_move(r: &mut Reader, i: usize) -> ReadResult<Move> {
    let what = format!("move {i}");
    let mut mv = Move::decide(0, "", &[]);
    const KEYS: [&str; 5] = ["seat", "action", "args", "launch", "outcome"];
    let seen = r.object(&what, &KEYS, |r, k| {
        match k {
            0 => mv.seat = r.u32("a move's seat")?,
            1 => mv.action = r.string("a move's action", MAX_NAME)?,
            2 => read_ints(r, "a move's args", &mut mv.args)?,
            3 if r.null() => {}
            3 => mv.launch = Some(read_launch(r)?),
            _ if r.null() => {}
            _ => mv.outcome = Some(read_outcome(r)?),
        }
        Ok(())
    })?;
    r.require(&what, &KEYS, &seen, &[0, 1])?;
    Ok(mv)
}

fn read_launch(r: &mut Reader) -> ReadResult<Launch> {
    let mut l = Launch::default();
    const KEYS: [&str; 6] = ["kind", "angle", "power", "spin", "x", "y"];
    let seen = r.object("a launch", &KEYS, |r, k| {
        match k {
            0 => {
                let name = r.string("a launch's kind", MAX_NAME)?;
                l.kind = LaunchKind::from_name(&name).ok_or_else(|| {
                    r.error(format!(
                        "a launch's kind is `catapult`, `toss`, `flick`, `wrist` or `release`, \
                         not {}",
                        shown(&name)
                    ))
                })?;
            }
            1 => l.angle = r.i32("angle")?,
            2 => l.power = r.i32("power")?,
            3 => l.spin = r.i32("spin")?,
            4 => l.x = r.i32("x")?,
            _ => l.y = r.i32("y")?,
        }
        Ok(())
    })?;
    r.require("a launch", &KEYS, &seen, &[0, 1, 2])?;
    Ok(l)
}

fn read_outcome(r: &mut Reader) -> ReadResult<Outcome> {
    let mut o = Outcome::default();
    const KEYS: [&str; 3] = ["facts", "steps", "hash"];
    let seen = r.object("an outcome", &KEYS, |r, k| {
        match k {
            0 => r.array("facts", MAX_FACTS, |r, _| {
                o.facts.push(read_fact(r)?);
                Ok(())
            })?,
            1 => o.steps = r.int("steps", 0, u32::MAX as i128)? as u64,
            _ => o.hash = r.string("a hash", 16)?,
        }
        Ok(())
    })?;
    r.require("an outcome", &KEYS, &seen, &[0])?;
    Ok(o)
}

fn read_fact(r: &mut Reader) -> ReadResult<Fact> {
    let mut f = Fact::new("", &[]);
    const KEYS: [&str; 2] = ["what", "args"];
    let seen = r.object("a fact", &KEYS, |r, k| {
        match k {
            0 => f.what = r.string("a fact's name", MAX_NAME)?,
            _ => read_ints(r, "a fact's args", &mut f.args)?,
        }
        Ok(())
    })?;
    r.require("a fact", &KEYS, &seen, &[0])?;
    Ok(f)
}

/// FNV-1a over bytes: the hash used for summaries (stable across platforms).
pub fn fnv1a(h: u64, bytes: &[u8]) -> u64 {
    let mut h = h;
    for b in bytes {
        h ^= *b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

pub const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::seat::{default_seats, SeatKind};

    #[test]
    fn round_trips_and_refuses_malformed_files() {
        let mut r = Replay::new("castle", &[], default_seats(2, SeatKind::Bot), 9);
        r.moves.push(Move::decide(1, "place", &[3]));
        let text = r.to_json();
        assert_eq!(Replay::parse(&text), Ok(r));
        assert!(Replay::parse("{not json").is_err());
        let bad_seat = text.replace("\"seat\":1", "\"seat\":7");
        let err = Replay::parse(&bad_seat)
            .err()
            .map(|e| e.0)
            .unwrap_or_default();
        assert!(err.contains("move 0") && err.contains("seat 7"), "{err}");
        let bad_format = text.replace("\"format\":1", "\"format\":99");
        assert!(Replay::parse(&bad_format).is_err());
    }

    #[test]
    fn a_commitment_and_its_salt_round_trip_and_old_files_read_as_before() {
        let mut r = Replay::new("castle", &[], default_seats(2, SeatKind::Bot), 9);
        let old = r.to_json();
        assert!(
            !old.contains("commitment") && !old.contains("salt"),
            "{old}"
        );
        r.commitment = Some("ab".repeat(32));
        r.salt = Some("0f".repeat(16));
        let text = r.to_json();
        assert_eq!(Replay::parse(&text), Ok(r.clone()));
        let short = text.replace(&"0f".repeat(16), "0f0f");
        let err = Replay::parse(&short).err().map(|e| e.0).unwrap_or_default();
        assert!(
            err.contains("salt") && err.contains("32 hex digits"),
            "{err}"
        );
        let unhex = text.replace(&"ab".repeat(32), &"zz".repeat(32));
        assert!(Replay::parse(&unhex).is_err());
    }

    #[test]
    fn a_seat_keeps_its_level_and_a_seat_without_one_plays_at_normal() {
        let mut seats = default_seats(3, SeatKind::Bot);
        seats[0].level = Level::Hard;
        seats[2].level = Level::Easy;
        let r = Replay::new("castle", &[], seats, 9);
        let text = r.to_json();
        assert!(text.contains("\"colour\":0,\"level\":\"hard\"}"), "{text}");
        assert!(
            text.contains("\"colour\":1}"),
            "Normal is not written: {text}"
        );
        let back = Replay::parse(&text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(back, r);
        let levels: Vec<Level> = back.seats.iter().map(|s| s.level).collect();
        assert_eq!(levels, [Level::Hard, Level::Normal, Level::Easy]);
        // Written out explicitly, Normal reads the same as no level.
        let explicit = text.replace("\"colour\":1}", "\"colour\":1,\"level\":\"normal\"}");
        assert_eq!(Replay::parse(&explicit), Ok(r));
    }

    #[test]
    fn a_seat_with_an_unknown_level_is_refused_by_name() {
        let r = Replay::new("castle", &[], default_seats(2, SeatKind::Bot), 9);
        let text = r
            .to_json()
            .replace("\"colour\":1}", "\"colour\":1,\"level\":\"expert\"}");
        let err = Replay::parse(&text).err().map(|e| e.0).unwrap_or_default();
        assert!(
            err.contains("seat's level") && err.contains("expert") && err.contains("`hard`"),
            "{err}"
        );
    }
}
