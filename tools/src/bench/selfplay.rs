//! Whole headless bot-vs-bot games: the selfplay time and the time to replay it.

use super::*;

/// One full headless game.
#[derive(Clone, Debug, Default)]
pub struct GameResult {
    pub game: String,
    pub seats: usize,
    pub seed: u64,
    pub moves: usize,
    pub shots: usize,
    /// Selfplay wall time (bots included), None when the replay was loaded from a file.
    pub selfplay_ms: Option<f64>,
    pub bot_ms_per_shot: Option<f64>,
    /// Replay with every shot re-simulated once: the game's own cost without the bots' search
    /// (best of up to 3 runs).
    pub replay_ms: f64,
    pub steps: u64,
}

/// Plays a bot-vs-bot game like `referee selfplay` (same seeds), timing the bots' choices.
pub fn timed_selfplay(game: &str, seats: usize, seed: u64) -> Result<(Replay, f64, f64), String> {
    let mut driver = headless::bot_game(game, seats, seed, &[]).map_err(|e| e.0)?;
    let (mut bot_ms, mut shots) = (0.0, 0usize);
    let t0 = Instant::now();
    while !driver.game().is_over() {
        driver
            .within_cap()
            .map_err(|_| format!("{game}: no end within {MOVE_CAP} moves"))?;
        let b0 = Instant::now();
        let mv = driver.bot_turn().map_err(|e| format!("{game}: {e}"))?;
        if mv.is_shot() {
            bot_ms += b0.elapsed().as_secs_f64() * 1e3;
            shots += 1;
        }
    }
    let total = t0.elapsed().as_secs_f64() * 1e3;
    Ok((driver.session.replay, total, bot_ms / shots.max(1) as f64))
}
