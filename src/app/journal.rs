//! The app's log lines about the game in play, and the seed a new game takes from the clock.

use super::log;
use super::play::Play;
use engine::core::moves::list;
use macroquad::miniquad;

/// A seed from the clock (and the frame count), for a new game.
pub(crate) fn seed_now(frames: u32) -> u64 {
    let ms = (miniquad::date::now() * 1000.0) as u64;
    ms ^ ((frames as u64) << 40) ^ 0x5EED
}

pub(crate) fn log_move(p: &Play) {
    let n = p.driver.session.replay.moves.len();
    let Some(m) = p.driver.session.replay.moves.last() else {
        return;
    };
    if m.is_shot() {
        let facts: Vec<String> = m
            .outcome
            .as_ref()
            .map(|o| {
                o.facts
                    .iter()
                    .map(|f| format!("{}{}", f.what, list(&f.args)))
                    .collect()
            })
            .unwrap_or_default();
        log(&format!(
            "move {n} seat {} shot facts={} {}",
            m.seat,
            facts.len(),
            facts.join(" ")
        ));
    } else {
        log(&format!(
            "move {n} seat {} {} {}",
            m.seat,
            m.action,
            list(&m.args)
        ));
    }
}
