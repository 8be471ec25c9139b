//! The in-game heads-up display: the top bar (whose turn, score chips, Menu and sound), the
//! status line under it (what to do now and the numbers that matter, details on a tap), the
//! log line over the bottom bar (the latest event in plain words) and the details panel.
//! Each has its own strip of the screen, so no text lands on another.

use super::frame::Area;
use super::play::Play;
use super::ui::*;
use super::{App, Screen};
use macroquad::prelude::*;

/// The strips laid out around the table: heights of the status line and of the log line.
pub(super) struct Strips {
    pub(super) status_h: f32,
    pub(super) log_h: f32,
    status: Vec<String>,
    log: Vec<String>,
}

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
        let bar_text_w = w - 2.0 * btn_w - 8.0 * u;
        let turn_line = match p.game().turn() {
            Some(t) => {
                let who = names.get(t).cloned().unwrap_or_default();
                if p.thinking {
                    format!("{who} is thinking...")
                } else {
                    format!("{who}'s turn")
                }
            }
            None => "Game over".to_string(),
        };
        let chips: Vec<(String, Color)> = seats
            .iter()
            .enumerate()
            .map(|(i, s)| {
                (
                    format!("{} {}", s.name, scores.get(i).copied().unwrap_or(0)),
                    rgb(s.rgb()),
                )
            })
            .collect();
        // Chips in rows, each cut to the row's width.
        let chip_pad = 2.0 * u;
        let mut placed: Vec<(String, Color, f32, f32)> = Vec::new();
        let (mut cx, mut cy) = (2.0 * u, u + ts * 1.3 + u * 0.5);
        for (t, c) in &chips {
            let t = self.ui.fit(t, small, bar_text_w - 2.0 * u);
            let cw = self.ui.measure(&t, small) + 3.0 * u;
            if cx + cw > bar_text_w + 2.0 * u && cx > 2.0 * u {
                cx = 2.0 * u;
                cy += small * 1.5;
            }
            placed.push((t, *c, cx, cy));
            cx += cw + chip_pad;
        }
        let bottom = placed.last().map(|c| c.3 + small * 1.5).unwrap_or(0.0);
        let top_h = (bottom + u).max(10.0 * u);
        self.ui.panel(Area::new(0.0, 0.0, w, top_h), PANEL);
        if let Some(s) = p.game().turn().and_then(|t| seats.get(t)) {
            draw_rectangle(2.0 * u, u + ts * 0.15, 1.2 * u, ts, rgb(s.rgb()));
        }
        let colour = if p.bot_turn() && !p.is_over() {
            ACCENT
        } else {
            TEXT
        };
        let turn_fit = self.ui.fit(&turn_line, ts, bar_text_w - 2.0 * u);
        self.ui.text(&turn_fit, 4.0 * u, u, ts, colour);
        for (t, c, x, y) in &placed {
            draw_rectangle(*x, y + small * 0.15, 1.0 * u, small, *c);
            self.ui.text(t, x + 1.8 * u, *y, small, TEXT);
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

    /// Lays out the status line (the game's HUD lines, at most two screen lines) and the log
    /// line (the latest event, at most two lines).
    pub(super) fn strips(&self, p: &Play) -> Strips {
        let (w, u) = (self.ui.w, self.ui.u);
        let small = self.ui.size(2.8);
        let hud = p.game().hud();
        let status = if hud.is_empty() {
            Vec::new()
        } else {
            let width = w - details_w(u) - 6.0 * u;
            self.ui.wrap_at_most(&hud.join(" | "), small, width, 2)
        };
        let log = match p.log.last() {
            Some(l) => self.ui.wrap_at_most(l, small, w - 4.0 * u, 2),
            None => Vec::new(),
        };
        let status_h = if hud.is_empty() {
            0.0
        } else {
            (status.len() as f32 * small * 1.3 + 2.0 * u).max(8.0 * u)
        };
        let log_h = if log.is_empty() {
            0.0
        } else {
            log.len() as f32 * small * 1.3 + 1.5 * u
        };
        Strips {
            status_h,
            log_h,
            status,
            log,
        }
    }

    /// Draws the status line under the top bar, its Details button, the log line over the
    /// bottom bar and, when open, the details panel over the table.
    pub(super) fn draw_strips(&mut self, p: &Play, s: &Strips, top_h: f32, active: bool) {
        let (w, u) = (self.ui.w, self.ui.u);
        let small = self.ui.size(2.8);
        let ta = self.table_area;
        if s.status_h > 0.0 {
            let a = Area::new(0.0, top_h, w, s.status_h);
            self.ui.panel(a, Color::new(0.06, 0.07, 0.1, 0.92));
            let th = s.status.len() as f32 * small * 1.3;
            let y0 = top_h + (s.status_h - th) * 0.5;
            for (i, l) in s.status.iter().enumerate() {
                self.ui
                    .text(l, 2.0 * u, y0 + i as f32 * small * 1.3, small, TEXT);
            }
            let bw = details_w(u);
            let b = Area::new(w - bw - 2.0 * u, top_h + u, bw, s.status_h - 2.0 * u);
            let label = if self.details { "Close" } else { "Details" };
            if active && self.ui.button("details", b, label, true) {
                self.details = !self.details;
            }
        }
        if s.log_h > 0.0 {
            let y = ta.y + ta.h;
            self.ui.panel(
                Area::new(0.0, y, w, s.log_h),
                Color::new(0.0, 0.0, 0.0, 0.4),
            );
            for (i, l) in s.log.iter().enumerate() {
                self.ui.text(
                    l,
                    2.0 * u,
                    y + 0.75 * u + i as f32 * small * 1.3,
                    small,
                    Color::new(0.85, 0.87, 0.9, 1.0),
                );
            }
        }
        if self.details && active {
            self.details_panel(p);
        }
    }

    /// Everything the game says about the turn, and the recent events, over the table.
    fn details_panel(&mut self, p: &Play) {
        let (w, u) = (self.ui.w, self.ui.u);
        let small = self.ui.size(2.8);
        let ta = self.table_area;
        let a = Area::new(u, ta.y + u, (w - 2.0 * u).min(120.0 * u), ta.h - 2.0 * u);
        self.ui.panel(a, Color::new(0.05, 0.06, 0.08, 0.96));
        self.ui.cover(a);
        let width = a.w - 4.0 * u;
        let mut lines: Vec<(String, Color)> = Vec::new();
        for l in p.game().hud() {
            for s in self.ui.wrap(&l, small, width) {
                lines.push((self.ui.fit(&s, small, width), TEXT));
            }
        }
        if !p.log.is_empty() {
            lines.push(("Recent".to_string(), ACCENT));
            for l in p.log.iter().rev().take(8) {
                for s in self.ui.wrap(l, small, width) {
                    lines.push((self.ui.fit(&s, small, width), DIM));
                }
            }
        }
        let lh = small * 1.3;
        let fits = ((a.h - 2.0 * u) / lh).floor().max(0.0) as usize;
        for (i, (l, c)) in lines.iter().take(fits).enumerate() {
            self.ui
                .text(l, a.x + 2.0 * u, a.y + u + i as f32 * lh, small, *c);
        }
    }

    /// Side views are wide: in portrait, suggest turning the device once per game.
    pub(super) fn portrait_hint(&mut self, side: bool) {
        if side && self.ui.h > self.ui.w * 1.2 && !self.portrait_told {
            self.portrait_told = true;
            self.say("Turn the screen sideways for a bigger table", false);
        }
    }
}

/// The Details button's width.
fn details_w(u: f32) -> f32 {
    18.0 * u
}
