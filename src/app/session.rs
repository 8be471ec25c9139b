//! Starting, restarting and saving a game; the move log line.

use super::play::Play;
use super::{log, save, App, Ctx};
use macroquad::miniquad;

pub(super) fn seed_now(frames: u32) -> u64 {
    let ms = (miniquad::date::now() * 1000.0) as u64;
    ms ^ ((frames as u64) << 40) ^ 0x5EED
}

pub(super) fn log_move(p: &Play) {
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
                    .map(|f| format!("{}{:?}", f.what, f.args))
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
            "move {n} seat {} {} {:?}",
            m.seat, m.action, m.args
        ));
    }
}

impl App {
    pub(super) fn restart(&mut self) {
        let Some(p) = self.play.as_ref() else {
            return;
        };
        match p.restart(seed_now(self.frames)) {
            Ok(np) => {
                log(&format!(
                    "start {} seats={} restart",
                    np.info.id,
                    np.names().len()
                ));
                self.start(np);
                self.autosave();
            }
            Err(e) => self.cx.say(format!("Cannot restart: {e}"), true),
        }
    }

    /// Saves the game in play.
    pub(super) fn autosave(&mut self) {
        if let Some(p) = self.play.take() {
            self.cx.save_play(&p);
            self.play = Some(p);
        }
    }
}

impl Ctx {
    /// Saves `p`, the game in play (also while it is taken out of `self.play`).
    pub(super) fn save_play(&mut self, p: &Play) {
        if p.online {
            // A room's game lives on the server: the save on this device stays the hot-seat one.
            return;
        }
        match save::write(self.store.as_mut(), p) {
            Ok(()) => log(&format!(
                "saved moves={}",
                p.driver.session.replay.moves.len()
            )),
            Err(e) => self.say(format!("The game could not be saved: {e}"), true),
        }
    }
}
