//! The in-game screen: advancing the game each frame (flights, bot turns, the end) and
//! laying out the bars, the table and the input over it.

use super::frame::{Area, Camera};
use super::gesture::{self, Feel};
use super::play::Play;
use super::session::log_move;
use super::ui::{self, *};
use super::{draw, log, sound, App, Screen};
use crate::core::LaunchKind;
use macroquad::prelude::*;

impl App {
    pub(super) fn play_screen(&mut self, active: bool) {
        let Some(mut p) = self.play.take() else {
            self.go(Screen::Title);
            return;
        };
        if active {
            let was_thinking = p.thinking;
            let t0 = get_time();
            let tick = p.update(get_frame_time());
            if was_thinking && !p.thinking {
                log(&format!("bot-think ms={:.0}", (get_time() - t0) * 1000.0));
            }
            if tick.launched {
                self.sfx(sound::Effect::Launch);
            }
            if tick.impacts > 0 {
                self.sfx(sound::Effect::Impact);
            }
            let mut effect = None;
            for e in &tick.events {
                if let Some(fx) = sound::for_event(&e.kind) {
                    effect = Some(fx);
                }
            }
            if let Some(fx) = effect {
                self.sfx(fx);
            }
            if let Some(err) = tick.error {
                self.say(err, true);
            }
            if tick.moved {
                log_move(&p);
                self.play = Some(p);
                self.autosave();
                p = match self.play.take() {
                    Some(p) => p,
                    None => return,
                };
            }
        }
        self.draw_play(&mut p, active);
        let over = p.is_over() && p.flight.is_none();
        self.play = Some(p);
        if over && active {
            let now = get_time();
            match self.over_since {
                None => {
                    self.over_since = Some(now);
                    self.sfx(sound::Effect::Win);
                }
                Some(t) if now - t > 1.2 => {
                    if let Some(p) = self.play.as_ref() {
                        let lines = p.game().ranking().explain(&p.names());
                        log(&format!("results {}", lines.join(" | ")));
                        let rounds = p.game().score_history().len();
                        if rounds > 0 {
                            log(&format!("results-chart rounds={rounds}"));
                        }
                    }
                    self.go(Screen::Results);
                }
                _ => {}
            }
        }
    }

    fn draw_play(&mut self, p: &mut Play, active: bool) {
        let (w, h, u) = (self.ui.w, self.ui.h, self.ui.u);
        let ts = self.ui.size(3.6);
        let small = self.ui.size(2.8);
        // Top bar: whose turn, phase, scores, pause and sound.
        let names = p.names();
        let seats = p.session.replay.seats.clone();
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
                return;
            }
            self.mute_button(Area::new(w - 2.0 * btn_w - 4.0 * u, u, btn_w, 8.0 * u));
        }
        // Bottom bar: choices, placement commit, undo.
        let human = if active { p.human_turn() } else { None };
        let choices = if human.is_some() {
            p.game().choices()
        } else {
            Vec::new()
        };
        let placement = human.and(p.game().placement_prompt());
        let launch = human.and(p.game().launch_prompt());
        // While a human aims, a game may ask for a close-up of its launcher.
        let close_up = launch.as_ref().and(p.game().aim_bounds());
        let kind = launch.as_ref().and_then(|lp| {
            self.kind_pick
                .filter(|k| lp.kinds.contains(k))
                .or_else(|| lp.kinds.first().copied())
        });
        // The buttons that act on the table come first (they are never pushed off the bar),
        // then the game's choices.
        let mut labels: Vec<(String, String)> = Vec::new();
        // A prompt with sources commits on release: no Place button.
        if placement.as_ref().is_some_and(|pp| pp.sources.is_empty()) {
            labels.push(("place".into(), "Place".into()));
        }
        if let Some(lp) = launch.as_ref().filter(|lp| lp.kinds.len() > 1) {
            for k in &lp.kinds {
                let mark = if Some(*k) == kind { "> " } else { "" };
                labels.push((
                    format!("kind:{}", k.name()),
                    format!("{mark}{}", gesture::kind_label(*k)),
                ));
            }
        }
        if kind == Some(LaunchKind::Release) {
            labels.push(("release".into(), "Let go".into()));
        }
        if active && p.can_undo() {
            labels.push(("undo".into(), "Undo".into()));
        }
        if active && !self.camera.is_fit() {
            labels.push(("view:fit".into(), "Fit".into()));
        } else if close_up.is_some() {
            let l = if self.whole_table {
                "Close-up"
            } else {
                "Whole table"
            };
            labels.push(("view:whole".into(), l.into()));
        }
        labels.extend(
            choices
                .iter()
                .enumerate()
                .map(|(i, c)| (format!("choice:{i}"), c.label.clone())),
        );
        let bh = 9.0 * u;
        let bsize = self.ui.size_at_most(4.0, bh * 0.5);
        let mut rows: Vec<Vec<(String, String, f32)>> = vec![Vec::new()];
        let mut rx = 0.0;
        for (k, l) in labels {
            let bw = (self.ui.measure(&ui::plain(&l), bsize) + 6.0 * u).max(20.0 * u);
            if rx + bw > w - 4.0 * u && rx > 0.0 {
                rows.push(Vec::new());
                rx = 0.0;
            }
            rx += bw + 2.0 * u;
            if let Some(r) = rows.last_mut() {
                r.push((k, l, bw));
            }
        }
        rows.retain(|r| !r.is_empty());
        // A drag editor (a placement with sources) keeps one row: the table needs the room, and
        // the moves it offers as buttons are the ones the drag makes.
        let max_rows = if placement.as_ref().is_some_and(|pp| !pp.sources.is_empty()) {
            1
        } else if h > w {
            5
        } else {
            4
        };
        rows.truncate(max_rows);
        let bottom_h = if rows.is_empty() {
            0.0
        } else {
            rows.len() as f32 * (bh + 1.5 * u) + 1.5 * u
        };
        let table_area = Area::new(0.0, top_h, w, (h - top_h - bottom_h).max(10.0));
        self.table_area = table_area;
        // The table.
        draw_rectangle(
            table_area.x,
            table_area.y,
            table_area.w,
            table_area.h,
            TABLE_BG,
        );
        let view = p.view();
        let bounds = match close_up {
            Some(b) if !self.whole_table => b,
            _ => view.bounds,
        };
        if bounds != self.camera_bounds {
            self.camera = Camera::default();
            self.camera_bounds = bounds;
        }
        let framed = table_area.inset(2.0 * u);
        let (_, wheel) = mouse_wheel();
        let (mx, my) = mouse_position();
        if active && wheel != 0.0 && table_area.contains(mx, my) {
            // One notch zooms by 1.25 whatever the platform's wheel units.
            let factor = if wheel > 0.0 { 1.25 } else { 0.8 };
            self.camera.zoom_at(factor, mx, my, bounds, framed);
        }
        let f = self.camera.frame(bounds, framed);
        self.frame = Some(f);
        // Zoomed in, the table must not spill over the bars.
        let dpi = screen_dpi_scale().max(0.01);
        let clip = (
            (table_area.x * dpi) as i32,
            (table_area.y * dpi) as i32,
            (table_area.w * dpi).ceil() as i32,
            (table_area.h * dpi).ceil() as i32,
        );
        // SAFETY: macroquad's internal GL context is borrowed on the main thread for this one
        // call and not kept across frames (the scissor rectangle is in physical pixels).
        unsafe { get_internal_gl() }.quad_gl.scissor(Some(clip));
        draw::ghost(&p.ghost, &f, u);
        draw::table(&self.ui, &view, &f);
        // SAFETY: as above.
        unsafe { get_internal_gl() }.quad_gl.scissor(None);
        // Launcher, aim, placement ghost.
        let feel = Feel::for_screen(f.metres(w.min(h)));
        if let Some(lp) = &launch {
            self.launch_input(p, lp, kind.unwrap_or(LaunchKind::Catapult), &f, &feel);
        } else {
            self.aim = None;
        }
        if let Some(pp) = &placement {
            if let Some(seat) = human {
                if pp.sources.is_empty() {
                    self.placement_input(pp, &f, seat);
                } else {
                    self.carry_input(p, pp, &f, seat);
                }
            }
        } else {
            self.place = None;
        }
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
        if h > w * 1.2 {
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
                .and_then(|t| names.get(t).cloned())
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
        // Bottom buttons.
        if !rows.is_empty() {
            let by0 = h - bottom_h;
            self.ui.panel(Area::new(0.0, by0, w, bottom_h), PANEL);
            let mut tapped: Option<String> = None;
            for (ri, row) in rows.iter().enumerate() {
                let total: f32 =
                    row.iter().map(|b| b.2).sum::<f32>() + 2.0 * u * (row.len() as f32 - 1.0);
                let mut x = ((w - total) * 0.5).max(2.0 * u);
                let y = by0 + 1.5 * u + ri as f32 * (bh + 1.5 * u);
                for (k, l, bw) in row {
                    if self.ui.button(k, Area::new(x, y, *bw, bh), l, true) {
                        tapped = Some(k.clone());
                    }
                    x += bw + 2.0 * u;
                }
            }
            if let Some(k) = tapped {
                self.bottom_action(p, &k, &choices, placement.as_ref());
            }
        }
    }
}
