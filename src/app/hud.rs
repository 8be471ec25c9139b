//! The in-game heads-up display: the top bar (whose turn, phase, score chips, Menu and sound)
//! and the text over the table (the game's HUD lines, the portrait hint, recent events, the
//! bot's banner).

use super::frame::{Area, Frame};
use super::play::Play;
use super::ui::{self, *};
use super::{App, Screen};
use crate::core::TableView;
use macroquad::prelude::*;

impl App {
    /// Draws the top bar and returns its height, or `None` when its Menu button was tapped (the
    /// screen changed: the rest of the frame is skipped).
    pub(super) fn top_bar(&mut self, p: &Play, active: bool) -> Option<f32> {
        let (w, u) = (self.ui.w, self.ui.u);
        let ts = self.ui.size(3.6);
        let small = self.ui.size(2.8);
        let names = p.names();
        let seats = p.driver.session.replay.seats.clone();
        let scores = p.game().scores();
        let btn_w = 20.0 * u;
        let bar_text_w = w - 2.0 * btn_w - 6.0 * u;
        let turn_line = match p.game().turn() {
            Some(t) => format!(
                "{}'s turn - {}",
                names.get(t).cloned().unwrap_or_default(),
                p.game().phase()
            ),
            None => "Game over".to_string(),
        };
        let mut chips: Vec<(String, Color)> = Vec::new();
        for (i, s) in seats.iter().enumerate() {
            chips.push((
                format!("{} {}", s.name, scores.get(i).copied().unwrap_or(0)),
                rgb(s.rgb()),
            ));
        }
        // Lay chips out in rows.
        let mut chip_rows = 1;
        let mut cx = 0.0;
        let chip_pad = 2.0 * u;
        for (t, _) in &chips {
            let cw = self.ui.measure(&ui::plain(t), small) + 3.0 * u;
            if cx + cw > bar_text_w && cx > 0.0 {
                chip_rows += 1;
                cx = 0.0;
            }
            cx += cw + chip_pad;
        }
        let top_h = 2.0 * u + ts * 1.3 + chip_rows as f32 * small * 1.5 + u;
        let top_h = top_h.max(10.0 * u);
        self.ui.panel(Area::new(0.0, 0.0, w, top_h), PANEL);
        if let Some(t) = p.game().turn() {
            if let Some(s) = seats.get(t) {
                draw_rectangle(2.0 * u, u + ts * 0.15, 1.2 * u, ts, rgb(s.rgb()));
            }
        }
        let turn_fit = self.ui.wrap(&turn_line, ts, bar_text_w);
        self.ui.text(
            turn_fit.first().map(|s| s.as_str()).unwrap_or(""),
            4.0 * u,
            u,
            ts,
            TEXT,
        );
        let mut cx = 2.0 * u;
        let mut cy = u + ts * 1.3 + u * 0.5;
        for (t, c) in &chips {
            let cw = self.ui.measure(&ui::plain(t), small) + 3.0 * u;
            if cx + cw > bar_text_w && cx > 2.0 * u {
                cx = 2.0 * u;
                cy += small * 1.5;
            }
            draw_rectangle(cx, cy + small * 0.15, 1.0 * u, small, *c);
            self.ui.text(t, cx + 1.8 * u, cy, small, TEXT);
            cx += cw + chip_pad;
        }
        if active {
            if self.ui.button(
                "pause",
                Area::new(w - btn_w - 2.0 * u, u, btn_w, 8.0 * u),
                "Menu",
                true,
            ) {
                self.go(Screen::Pause);
                return None;
            }
            self.mute_button(Area::new(w - 2.0 * btn_w - 4.0 * u, u, btn_w, 8.0 * u));
        }
        Some(top_h)
    }

    /// The text over the table: the game's HUD lines (top-left), the portrait hint, the recent
    /// events (bottom-left) and, on a bot's turn, who is playing.
    /// `side`: the side view drawn (None for a tile map).
    pub(super) fn table_text(&mut self, p: &Play, side: Option<&TableView>, f: &Frame, top_h: f32) {
        let (w, h, u) = (self.ui.w, self.ui.h, self.ui.u);
        let ts = self.ui.size(3.6);
        let small = self.ui.size(2.8);
        let table_area = self.table_area;
        // HUD lines over the table, top-left.
        let hud = p.game().hud();
        if !hud.is_empty() {
            let lw = hud
                .iter()
                .map(|l| self.ui.measure(&ui::plain(l), small))
                .fold(0.0, f32::max)
                .min(w * 0.6);
            let ph = hud.len() as f32 * small * 1.3 + 2.0 * u;
            self.ui.panel(
                Area::new(u, top_h + u, lw + 3.0 * u, ph),
                Color::new(0.0, 0.0, 0.0, 0.35),
            );
            for (i, l) in hud.iter().enumerate() {
                self.ui.text(
                    l,
                    2.5 * u,
                    top_h + 2.0 * u + i as f32 * small * 1.3,
                    small,
                    TEXT,
                );
            }
        }
        // Side views are wide: in portrait, suggest turning the device (the game carries on).
        if let (true, Some(view)) = (h > w * 1.2, side) {
            let msg = "Turn the screen sideways for a bigger table";
            let sz = self.ui.size(2.8);
            let mw = self.ui.measure(msg, sz);
            self.ui.text(
                msg,
                (w - mw) * 0.5,
                (f.to_screen(0.0, view.bounds[3]).1 - sz - 3.0 * u).max(table_area.y + u),
                sz,
                DIM,
            );
        }
        // Recent events, bottom-left of the table.
        let recent: Vec<&String> = p.log.iter().rev().take(3).collect();
        for (i, l) in recent.iter().enumerate() {
            let ly = table_area.y + table_area.h - (i as f32 + 1.0) * small * 1.3 - u;
            let a = 1.0 - i as f32 * 0.3;
            self.ui
                .text(l, 2.0 * u, ly, small, Color::new(0.85, 0.87, 0.9, a));
        }
        if p.thinking || (p.bot_turn() && p.flight.is_none() && !p.is_over()) {
            let who = p
                .game()
                .turn()
                .and_then(|t| p.names().get(t).cloned())
                .unwrap_or_default();
            let msg = if p.thinking {
                format!("{who} is thinking...")
            } else {
                format!("{who}'s turn")
            };
            let mw = self.ui.measure(&msg, ts) + 4.0 * u;
            let a = Area::new((w - mw) * 0.5, top_h + 2.0 * u, mw, ts + 2.0 * u);
            self.ui.panel(a, PANEL);
            self.ui.text_centred(&msg, a, ts, ACCENT);
        }
    }
}
