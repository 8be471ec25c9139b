//! The first-game hint and the first-sight tips over the table.

use super::Table;
use crate::app::context::Ctx;
use crate::app::frame::Area;
use crate::app::hints::*;
use crate::app::platform;
use crate::app::ui::*;
use macroquad::prelude::*;

impl Table {
    /// Shows `hint` at the launcher (screen point `anchor`) unless it is done. `towards`: +1
    /// when the target is to the right.
    pub(crate) fn show_hint(&mut self, cx: &mut Ctx, hint: Hint, anchor: (f32, f32), towards: f32) {
        if platform::hints_off() || done(cx.store.as_ref()).iter().any(|k| k == hint.key()) {
            return;
        }
        self.hint_up = Some(hint);
        let (u, ta) = (cx.ui.u, self.area);
        // The ghost finger, looping once a second and a half.
        let t = ((get_time() % 1.5) / 1.2) as f32;
        let (dx, dy) = hint.finger(t, towards);
        let (fx, fy) = (anchor.0 + dx * u, anchor.1 + dy * u);
        let fade = if t > 1.0 { 0.0 } else { 0.55 };
        draw_circle(fx, fy, 2.2 * u, Color::new(1.0, 1.0, 1.0, fade));
        draw_circle_lines(fx, fy, 2.2 * u, 2.0, Color::new(1.0, 1.0, 1.0, fade + 0.2));
        // The caption beside the aim area (the launcher, a full pull round it and the sky
        // over it, where the predicted path goes), never over it.
        let reach = crate::app::gesture::FULL_PULL_SHARE * cx.ui.w.min(cx.ui.h) + 2.0 * u;
        let aim = keep_clear(hint, anchor, reach, ta.y);
        let size = cx.ui.size(3.0);
        let beside = (aim.x - ta.x).max(ta.x + ta.w - aim.x - aim.w) - 2.0 * u;
        let width = if beside >= 45.0 * u {
            beside.min(110.0 * u)
        } else {
            (ta.w - 4.0 * u).min(110.0 * u)
        };
        let lines = cx.ui.wrap_at_most(hint.caption(), size, width - 4.0 * u, 3);
        // Sized to its text (issue #55: a plate two lines tall held one line).
        let text_w = lines
            .iter()
            .map(|l| cx.ui.measure(l, size))
            .fold(0.0f32, f32::max);
        let (pw, ph) = (
            (text_w + 4.0 * u).min(width),
            lines.len() as f32 * size * 1.3 + 2.0 * u,
        );
        // On the band of table in front of the pieces when it is tall enough: never over the
        // arc, the target or a result (they are all above the table's edge); else beside the aim.
        let band = self
            .frame
            .map(|f| {
                let edge = f.to_screen(0.0, 0.0).1 + 0.5 * u;
                Area::new(ta.x, edge, ta.w, ta.y + ta.h - edge)
            })
            .filter(|b| b.h >= ph && b.y > ta.y);
        let a = caption_place(band.unwrap_or(ta), aim, pw, ph, u);
        cx.ui.panel(a, Color::new(0.05, 0.06, 0.08, 0.9));
        cx.ui.cover(a);
        for (i, l) in lines.iter().enumerate() {
            cx.ui.text(
                l,
                a.x + 2.0 * u,
                a.y + u + i as f32 * size * 1.3,
                size,
                ACCENT,
            );
        }
    }

    /// The first time buttons a new player cannot guess are on screen (this frame's buttons,
    /// drawn already), one line each on a plate just above them, until the player's next move.
    pub(crate) fn first_sight_tips(&mut self, cx: &mut Ctx) {
        self.tips_up.clear();
        // One hint at a time: the first-game hint first.
        if platform::hints_off() || self.hint_up.is_some() {
            return;
        }
        let seen = done(cx.store.as_ref());
        let mut shown: Vec<(&'static Tip, Area)> = Vec::new();
        for ((_, a), label) in cx.ui.buttons().iter().zip(cx.ui.labels().iter()) {
            if let Some(t) = tip_for(label) {
                if !seen.contains(&tip_key(t)) && !shown.iter().any(|s| s.0 == t) {
                    shown.push((t, *a));
                }
            }
        }
        let Some(first) = shown.first().map(|s| s.1) else {
            return;
        };
        let u = cx.ui.u;
        let over = shown.iter().fold(first, |b, (_, a)| {
            let (x0, y0) = (b.x.min(a.x), b.y.min(a.y));
            let (x1, y1) = ((b.x + b.w).max(a.x + a.w), (b.y + b.h).max(a.y + a.h));
            Area::new(x0, y0, x1 - x0, y1 - y0)
        });
        // Above the log line too: the plate stands on the table's bottom edge at the lowest.
        let floor = self.area.y + self.area.h;
        let over = Area::new(over.x, over.y.min(floor), over.w, over.h);
        let size = cx.ui.size(2.8);
        let width = (cx.ui.w - 4.0 * u).min(120.0 * u);
        let lines: Vec<String> = shown
            .iter()
            .flat_map(|(t, _)| cx.ui.wrap_at_most(t.line, size, width - 3.0 * u, 2))
            .collect();
        let text_w = lines
            .iter()
            .map(|l| cx.ui.measure(l, size))
            .fold(0.0f32, f32::max);
        let h = lines.len() as f32 * size * 1.35 + 1.6 * u;
        let a = tip_box(over, text_w + 3.0 * u, h, cx.ui.w, u);
        cx.ui.panel(a, Color::new(0.05, 0.06, 0.08, 0.92));
        draw_rectangle_lines(a.x, a.y, a.w, a.h, (0.3 * u).max(1.0), ACCENT);
        cx.ui.cover(a);
        for (i, l) in lines.iter().enumerate() {
            cx.ui.text(
                l,
                a.x + 1.5 * u,
                a.y + 0.8 * u + i as f32 * size * 1.35,
                size,
                TEXT,
            );
        }
        self.tips_up = shown.iter().map(|(t, _)| tip_key(t)).collect();
    }

    /// The player made a move with tips up: they are done for good.
    pub(crate) fn tips_done(&mut self, cx: &mut Ctx) {
        for k in std::mem::take(&mut self.tips_up) {
            if let Err(e) = mark_key(cx.store.as_mut(), &k) {
                cx.say(format!("Could not remember the hint: {e}"), true);
                return;
            }
        }
    }

    /// The player has made the move: the hint goes for good.
    pub(crate) fn hint_done(&mut self, cx: &mut Ctx, hint: Hint) {
        self.hint_up = None;
        if let Err(e) = mark_done(cx.store.as_mut(), hint) {
            cx.say(format!("Could not remember the hint: {e}"), true);
        }
    }
}
