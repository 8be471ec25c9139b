//! The pause menu drawn over the frozen game: resume, restart, share by link, watch the replay,
//! rules, reduce motion (camera follow, shake and particles off), the aim path (long, short, or
//! off for table experts), quit to title.

use super::frame::Area;
use super::ui::*;
use super::{log, save, App, Screen};
use macroquad::prelude::*;

impl App {
    pub(super) fn pause(&mut self) {
        let (w, h, u) = (self.ui.w, self.ui.h, self.ui.u);
        // A veil dark enough that the game's text under it does not compete with the menu's.
        draw_rectangle(0.0, 0.0, w, h, Color::new(0.0, 0.0, 0.0, 0.82));
        self.ui.cover(Area::new(0.0, 0.0, w, h));
        let bw = (w - 8.0 * u).min(60.0 * u);
        let x = (w - bw) * 0.5;
        let big = self.ui.size(6.0);
        // Eight rows and the title fit any height: the buttons shrink a little on short screens.
        let rows = 8.0;
        let bh = ((h - big - 7.0 * u) / rows - 2.0 * u).clamp(6.0 * u, 11.0 * u);
        let block = big + 3.0 * u + rows * (bh + 2.0 * u);
        let y0 = ((h - block) * 0.5).max(u) + big + 3.0 * u;
        self.ui.text_centred(
            "Paused",
            Area::new(0.0, y0 - big - 3.0 * u, w, big),
            big,
            ACCENT,
        );
        let b = |i: usize| Area::new(x, y0 + i as f32 * (bh + 2.0 * u), bw, bh);
        if self.ui.button("resume", b(0), "Resume", true) {
            self.go(Screen::Play);
        } else if self.ui.button("restart", b(1), "Restart", true) {
            self.restart();
        } else if self.ui.button("share", b(2), "Share game link", true) {
            self.share();
        } else if self.ui.button("watch", b(3), "Watch replay", true) {
            self.watch(Screen::Pause);
        } else if self.ui.button("rules", b(4), "Rules", true) {
            if let Some(g) = self.play.as_ref().map(|p| p.info) {
                self.show_rules(g, Screen::Pause);
            }
        } else if self
            .ui
            .button("motion", b(5), motion_label(self.reduce_motion), true)
        {
            self.reduce_motion = !self.reduce_motion;
            if self.reduce_motion {
                self.effects.clear();
            }
            if let Err(e) = save::set_reduce_motion(self.store.as_mut(), self.reduce_motion) {
                self.say(format!("Could not remember the motion setting: {e}"), true);
            }
            log(&format!("reduce-motion {}", self.reduce_motion as i32));
        } else if self.ui.button(
            "aim-path",
            b(6),
            save::aim_path(self.store.as_ref()).label(),
            true,
        ) {
            let next = save::aim_path(self.store.as_ref()).next();
            if let Err(e) = save::set_aim_path(self.store.as_mut(), next) {
                self.say(
                    format!("Could not remember the aim path setting: {e}"),
                    true,
                );
            }
            log(&format!("aim-path {}", next.key()));
        } else if self.ui.button("quit", b(7), "Quit to title", true) {
            // The game stays saved: the title screen offers to resume it.
            if let Some(p) = self.play.take() {
                if !p.is_over() {
                    let line = save::describe(&p);
                    self.saved = Some((Box::new(p), line));
                }
            }
            self.go(Screen::Title);
        }
    }
}

/// The Reduce motion button says what it is now.
fn motion_label(reduced: bool) -> &'static str {
    if reduced {
        "Reduce motion: on"
    } else {
        "Reduce motion: off"
    }
}
