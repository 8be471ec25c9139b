//! Short messages over any screen: `say` queues one (a refusal is logged), `draw_toast` shows it.

use super::context::Ctx;
use super::frame::Area;
use super::log;
use super::ui::*;
use macroquad::prelude::*;

impl Ctx {
    pub(super) fn say(&mut self, msg: impl Into<String>, bad: bool) {
        let m = msg.into();
        if bad {
            log(&format!("refused {m}"));
        }
        // Every message and refusal is read out too (the screen reader's log).
        super::a11y::say(m.clone());
        self.toast = Some((m, get_time() + 3.0, bad));
    }

    /// Messages this frame go at the top of the table that starts at screen height `top`.
    pub(crate) fn toast_at(&mut self, top: f32) {
        self.toast_top = Some(top);
    }

    pub(super) fn draw_toast(&mut self) {
        let Some((msg, until, bad)) = self.toast.clone() else {
            self.toast_top = None;
            return;
        };
        if get_time() > until {
            self.toast = None;
            return;
        }
        let u = self.ui.u;
        let size = self.ui.size(3.6);
        // As wide as its words (a short message is a short pill), at most most of the screen.
        let most = (self.ui.w - 8.0 * u).min(110.0 * u);
        let lines = self.ui.wrap(&msg, size, most - 4.0 * u);
        let widest = lines
            .iter()
            .map(|l| self.ui.measure(l, size))
            .fold(0.0, f32::max);
        let width = (widest + 4.0 * u).min(most);
        let h = lines.len() as f32 * size * 1.3 + 3.0 * u;
        // At the top of a table (its sky: the pieces stand low), else above the bottom.
        let y = match self.toast_top.take() {
            Some(top) => top + u,
            None => self.ui.h - h - 16.0 * u,
        };
        let a = Area::new((self.ui.w - width) * 0.5, y, width, h);
        self.ui.panel(a, Color::new(0.05, 0.05, 0.07, 0.96));
        self.ui.cover(a);
        let colour = if bad { BAD } else { ACCENT };
        draw_rectangle_lines(a.x, a.y, a.w, a.h, (u * 0.4).max(1.0), colour);
        for (i, l) in lines.iter().enumerate() {
            self.ui.text(
                l,
                a.x + 2.0 * u,
                a.y + 1.5 * u + i as f32 * size * 1.3,
                size,
                TEXT,
            );
        }
    }
}
