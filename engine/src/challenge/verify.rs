//! A player's replay of a challenge, checked the only way that cannot be fooled: every move played
//! again through the rules, every shot re-simulated from its integer launch, every move of the
//! day's bot thought out again and compared. Only then is it scored.

use super::{Challenge, Format, DUEL_BASE};
use crate::core::driver::{Driver, Origin, Recorded};
use crate::core::replay::Replay;
use crate::core::seat::SeatKind;
use crate::core::{Move, Refusal, RuleResult};
use crate::games;

/// What one of the player's shots did, as the result line shows it (no positions).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    Hit,
    Miss,
    /// A shot in a game without one simple meaning of a hit.
    Shot,
}

/// A replay that replays: the challenge's score and how the player got it.
#[derive(Clone, Debug, PartialEq)]
pub struct Verified {
    /// The player's name as their replay gives it.
    pub player: String,
    pub score: i64,
    /// For a duel: whether the player beat the bot.
    pub won: Option<bool>,
    /// The player's shots in order.
    pub marks: Vec<Mark>,
    /// `referee replay`'s summary of the file.
    pub summary: String,
}

/// Checks a player's replay (untrusted text) against `challenge` and scores it. Refused, saying
/// why: not a replay; another game, day or options; seats that are not the challenge's; a shot
/// without its launch or its outcome; a shot that re-simulates differently; a move the rules
/// refuse; a bot move the day's bot would not have played; a game not finished.
pub fn verify(challenge: &Challenge, text: &str) -> RuleResult<Verified> {
    let replay = Replay::parse(text)?;
    check_header(challenge, &replay)?;
    walk(challenge, &replay, Recorded::Verify)
}

/// The score of a challenge this device played itself, read from its own replay: the same
/// scoring as `verify`, with the recorded outcomes and bot moves taken as played (nothing thought
/// out or simulated again, so the results screen shows it at once). Only `verify` ranks.
pub fn score_played(challenge: &Challenge, replay: &Replay) -> RuleResult<Verified> {
    check_header(challenge, replay)?;
    walk(challenge, replay, Recorded::Trust)
}

/// Plays `replay` through the rules and scores it; `Recorded::Verify` also thinks out every bot
/// move again and re-simulates every shot.
fn walk(challenge: &Challenge, replay: &Replay, mode: Recorded) -> RuleResult<Verified> {
    let mut d = Driver::new(games::game_for(replay)?, replay);
    let mut marks = Vec::new();
    for (i, mv) in replay.moves.iter().enumerate() {
        let seat = mv.seat as usize;
        if d.game().is_over() {
            return Err(Refusal(format!("move {i}: the game was already over")));
        }
        if replay.seats[seat].kind == SeatKind::Bot {
            if mode == Recorded::Verify {
                let meant =
                    super::play::bot_move_at(d.game(), replay.seats[seat].level, replay.seed, i);
                if !meant.as_ref().is_some_and(|m| same_move(m, mv)) {
                    return Err(Refusal(format!(
                        "move {i}: today's bot would not have played that"
                    )));
                }
            }
        } else if mv.is_shot() {
            let Some(outcome) = &mv.outcome else {
                return Err(Refusal(format!(
                    "move {i}: a shot is ranked with the outcome the player saw, and this one has none"
                )));
            };
            if mv.launch.is_none() {
                return Err(Refusal(format!(
                    "move {i}: a shot without its launch is never ranked: only a launch can be re-simulated"
                )));
            }
            marks.push(match d.game().shot_hit(outcome) {
                Some(true) => Mark::Hit,
                Some(false) => Mark::Miss,
                None => Mark::Shot,
            });
        }
        d.apply_recorded_as(i, mv, mode, Origin::Player)?;
    }
    let game = d.game();
    if !game.is_over() {
        return Err(Refusal::new(
            "the game is not finished: a challenge is ranked once it is played to its end",
        ));
    }
    let (score, won) = match challenge.format {
        Format::Solo => (
            game.scores().get(Challenge::PLAYER).copied().unwrap_or(0),
            None,
        ),
        Format::Duel => {
            let won = game.ranking().winner() == Some(Challenge::PLAYER);
            let shots = marks.len() as i64;
            (if won { (DUEL_BASE - shots).max(1) } else { 0 }, Some(won))
        }
    };
    Ok(Verified {
        player: replay.seats[Challenge::PLAYER].name.clone(),
        score,
        won,
        marks,
        summary: d.session.summary(),
    })
}

/// `verify`, and the score the player claims must be the one it replays to.
pub fn verify_claim(challenge: &Challenge, text: &str, claimed: i64) -> RuleResult<Verified> {
    let v = verify(challenge, text)?;
    if v.score != claimed {
        return Err(Refusal(format!(
            "the replay scores {}, not the {claimed} it claims",
            v.score
        )));
    }
    Ok(v)
}

/// Whether a replay's header is the challenge's: its game, day (seed), options and seats.
pub fn check_header(c: &Challenge, r: &Replay) -> RuleResult<()> {
    let name = games::info(c.game).map_or(c.game, |g| g.name);
    if r.game != c.game {
        return Err(Refusal(format!(
            "this is a replay of another game, not of the {name} challenge"
        )));
    }
    if r.seed != c.header.seed {
        return Err(Refusal(format!(
            "this replay is not of the {name} challenge of {}: its table is another day's",
            c.day
        )));
    }
    if r.options != c.header.options {
        return Err(Refusal(format!(
            "this replay was played with other options than the {name} challenge"
        )));
    }
    if r.seats.len() != c.header.seats.len() {
        return Err(Refusal(format!(
            "the {name} challenge has {} seat(s), not {}",
            c.header.seats.len(),
            r.seats.len()
        )));
    }
    for (i, (got, want)) in r.seats.iter().zip(&c.header.seats).enumerate() {
        let same = if i == Challenge::PLAYER {
            got.kind == SeatKind::Human
        } else {
            got.kind == want.kind && got.level == want.level && got.name == want.name
        };
        if !same {
            return Err(Refusal(format!(
                "seat {} is not the challenge's: the player plays seat 1, today's bot the other",
                i + 1
            )));
        }
    }
    Ok(())
}

/// The same move as the bot means it: seat, action, arguments and launch (the outcome is checked
/// by re-simulating the launch).
fn same_move(a: &Move, b: &Move) -> bool {
    a.seat == b.seat && a.action == b.action && a.args == b.args && a.launch == b.launch
}
