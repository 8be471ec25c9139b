//! Playing a challenge: the day's bot and a stand-in player (the tools' and the tests' way to
//! make a real replay of a day).

use super::Challenge;
use crate::core::bot::{self, BotBudget};
use crate::core::driver::{bot_seed, Driver, MOVE_CAP};
use crate::core::replay::Replay;
use crate::core::{Game, Level, Move, Refusal, Rng, RuleResult};
use crate::games;

/// The move of the day's bot at move `seq` of a challenge with this seed: a pure function of the
/// game as it stands (its generator seeded from the seed and the move count, as an online room's
/// bots are), so the server thinks out the very move the player's device played.
pub fn bot_move_at(game: &dyn Game, level: Level, seed: u64, seq: usize) -> Option<Move> {
    let mut rng = Rng::new(bot_seed(seed, seq));
    bot::choose_at(game, level, &mut rng, BotBudget::default())
}

/// A whole challenge played by a bot at `level` in the player's seat (its own generator from
/// `player_seed`) against the day's bot: a replay as the app would record it.
pub fn play_out(challenge: &Challenge, level: Level, player_seed: u64) -> RuleResult<Replay> {
    let header = &challenge.header;
    let mut d = Driver::new(games::game_for(header)?, header);
    let mut player = Rng::new(player_seed);
    while !d.game().is_over() {
        let seq = d.session.replay.moves.len();
        if seq >= MOVE_CAP {
            return Err(Refusal(format!(
                "the challenge did not end within {MOVE_CAP} moves"
            )));
        }
        let Some(turn) = d.game().turn() else { break };
        let mv = if header.seats[turn].is_bot() {
            bot_move_at(d.game(), header.seats[turn].level, header.seed, seq)
        } else {
            bot::choose_at(d.game(), level, &mut player, BotBudget::default())
        }
        .ok_or_else(|| Refusal(format!("no move found at move {seq}")))?;
        d.play(mv)?;
    }
    Ok(d.session.replay.clone())
}
