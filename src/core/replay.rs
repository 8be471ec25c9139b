//! Replay files (nanoserde JSON): format version, game id, options, seats, seed, moves in order.
//! The same structure is the save file. See docs/replay-format.md.

use super::{Move, Refusal, RuleResult, Seat};
use nanoserde::{DeJson, SerJson};

pub const REPLAY_FORMAT: u32 = 1;

#[derive(Clone, Debug, PartialEq, SerJson, DeJson)]
pub struct Replay {
    pub format: u32,
    pub game: String,
    #[nserde(default)]
    pub options: Vec<String>,
    pub seats: Vec<Seat>,
    pub seed: u64,
    #[nserde(default)]
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
            moves: Vec::new(),
        }
    }

    /// Parses a replay, refusing with the parser's position or the first inconsistent field.
    pub fn parse(text: &str) -> RuleResult<Replay> {
        let r = Replay::deserialize_json(text)
            .map_err(|e| Refusal(format!("not a valid replay file: {e}")))?;
        if r.format != REPLAY_FORMAT {
            return Err(Refusal(format!(
                "replay format {} is not supported (this build reads format {REPLAY_FORMAT})",
                r.format
            )));
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
            if let Some(o) = &m.outcome {
                if !o.hash.is_empty()
                    && (o.hash.len() != 16 || !o.hash.chars().all(|c| c.is_ascii_hexdigit()))
                {
                    return Err(Refusal(format!(
                        "move {i}: hash `{}` is not 16 hex digits",
                        o.hash
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
}
