//! The rules screen: a game's rules in short sections (Goal, Your turn, Shooting…), each a card
//! with a small drawn picture, the whole text last (`rules_text`), scrolled by drag or wheel.

use crate::app::a11y;
use crate::app::context::Ctx;
use crate::app::frame::Area;
use crate::app::pointer::PointerEvent;
use crate::app::rules_text::{sections, Picture, Section};
use crate::app::screen::{Screen, ScreenId};
use crate::app::ui::*;
use crate::app::Command;
use engine::games::GameInfo;
use macroquad::prelude::*;

/// The rules of one game, and how far they are scrolled.
pub(crate) struct RulesScreen {
    game: &'static GameInfo,
    scroll: f32,
    /// A drag scrolling them: where it went down and the scroll then.
    scroll_from: Option<(f32, f32)>,
    /// The text's band on screen (drags start inside it), from the last frame.
    band: (f32, f32),
}

impl RulesScreen {
    pub(crate) fn new(game: &'static GameInfo) -> Self {
        RulesScreen {
            game,
            scroll: 0.0,
            scroll_from: None,
            band: (0.0, 0.0),
        }
    }
}

impl Screen<Ctx> for RulesScreen {
    fn id(&self) -> ScreenId {
        ScreenId::Rules
    }

    /// Drag to scroll.
    fn input(&mut self, _cx: &mut Ctx, events: &[PointerEvent]) -> Command {
        let (top, bottom) = self.band;
        for e in events {
            match *e {
                PointerEvent::Down { y, .. } if y > top && y < bottom => {
                    self.scroll_from = Some((y, self.scroll))
                }
                PointerEvent::Move { y, .. } => {
                    if let Some((y0, s0)) = self.scroll_from {
                        self.scroll = (s0 + y0 - y).max(0.0);
                    }
                }
                PointerEvent::Up { .. } | PointerEvent::Cancel => self.scroll_from = None,
                _ => {}
            }
        }
        Command::Stay
    }

    fn frame(&mut self, cx: &mut Ctx, active: bool) -> Command {
        if active {
            // The screen-reader layer holds the same sections, to be read under their headings.
            let page = sections(self.game).into_iter().fold(
                a11y::Page::new(format!("Rules: {}", self.game.name)),
                |page, sec| page.section(sec.heading, &[sec.words]),
            );
            a11y::show(page);
        }
        self.draw(cx)
    }
}

impl RulesScreen {
    fn draw(&mut self, cx: &mut Ctx) -> Command {
        let g = self.game;
        let (w, h, u) = (cx.ui.w, cx.ui.h, cx.ui.u);
        let big = cx.ui.size(6.0);
        let hs = cx.ui.size(4.2);
        let ts = cx.ui.size(3.2);
        let col_w = (w - 6.0 * u).min(140.0 * u);
        let x0 = (w - col_w) * 0.5;
        let top = 4.0 * u + big;
        let bottom = h - 13.0 * u;
        self.band = (top, bottom);
        let (_, wheel) = mouse_wheel();
        self.scroll = (self.scroll - wheel * 0.5).max(0.0);
        // Each section a card: its picture on the left, the heading and the words beside it.
        let pic = 14.0 * u;
        let pad = 2.0 * u;
        let text_w = col_w - pic - 3.0 * pad;
        let lh = ts * 1.35;
        let cards: Vec<(Section, Vec<String>, f32)> = sections(g)
            .into_iter()
            .map(|sec| {
                let lines = cx.ui.wrap(&sec.words, ts, text_w);
                let ch = (hs * 1.4 + lines.len() as f32 * lh + 2.0 * pad).max(pic + 2.0 * pad);
                (sec, lines, ch)
            })
            .collect();
        let gap = 2.0 * u;
        let total: f32 = cards.iter().map(|c| c.2 + gap).sum();
        self.scroll =
            (self.scroll + crate::app::keys_help::scroll_keys(lh, bottom - top, total)).max(0.0);
        self.scroll = self.scroll.min((total - (bottom - top)).max(0.0));
        let mut y = top - self.scroll;
        for (sec, lines, ch) in &cards {
            if y + ch > top - u && y < bottom {
                Self::card(cx, sec, lines, Area::new(x0, y, col_w, *ch), (top, bottom));
            }
            y += ch + gap;
        }
        draw_rectangle(0.0, 0.0, w, top - u, BG);
        draw_rectangle(0.0, bottom, w, h - bottom, BG);
        // The title whole: set smaller on a narrow screen rather than cut.
        let title = format!("Rules: {}", g.name);
        let fit = [6.0, 4.2, 3.6]
            .iter()
            .map(|k| cx.ui.size(*k))
            .find(|sz| cx.ui.measure(&title, *sz) <= w - 4.0 * u)
            .unwrap_or(cx.ui.size(3.6));
        cx.ui
            .text_centred(&title, Area::new(0.0, 2.0 * u, w, big), fit, ACCENT);
        if cx.ui.button(
            "back",
            Area::new((w - 40.0 * u) * 0.5, h - 12.0 * u, 40.0 * u, 10.0 * u),
            "Back",
            true,
        ) {
            return Command::Pop;
        }
        Command::Stay
    }

    /// One section's card in `a`, its lines shown only inside the scrolled band.
    fn card(cx: &mut Ctx, sec: &Section, lines: &[String], a: Area, band: (f32, f32)) {
        let u = cx.ui.u;
        let (hs, ts) = (cx.ui.size(4.2), cx.ui.size(3.2));
        let (pad, pic, lh) = (2.0 * u, 14.0 * u, ts * 1.35);
        let (top, bottom) = band;
        let y0 = a.y.max(top - u);
        let y1 = (a.y + a.h).min(bottom);
        if y1 > y0 {
            cx.ui.panel(
                Area::new(a.x, y0, a.w, y1 - y0),
                Color::new(1.0, 1.0, 1.0, 0.05),
            );
        }
        let (px, py) = (a.x + pad, a.y + pad);
        if py >= top - u && py + pic <= bottom {
            draw_picture(sec.picture, px, py, pic);
        }
        let tx = px + pic + pad;
        if a.y + pad >= top - u && a.y + pad + hs <= bottom {
            cx.ui.text(&sec.heading, tx, a.y + pad, hs, ACCENT);
        }
        for (i, l) in lines.iter().enumerate() {
            let ly = a.y + pad + hs * 1.4 + i as f32 * lh;
            if ly >= top - u * 0.5 && ly + ts <= bottom {
                cx.ui.text(l, tx, ly, ts, TEXT);
            }
        }
    }
}

/// A section's small picture, `s` pixels square at (x, y), from plain shapes.
fn draw_picture(kind: Picture, x: f32, y: f32, s: f32) {
    let gold = Color::new(0.95, 0.72, 0.2, 1.0);
    let wood = Color::new(0.55, 0.36, 0.2, 1.0);
    let light = Color::new(0.94, 0.94, 0.92, 1.0);
    let blue = Color::new(0.0, 0.45, 0.7, 1.0);
    let orange = Color::new(0.9, 0.62, 0.0, 1.0);
    let green = Color::new(0.45, 0.66, 0.29, 1.0);
    draw_circle(
        x + s * 0.5,
        y + s * 0.5,
        s * 0.5,
        Color::new(1.0, 1.0, 1.0, 0.08),
    );
    let (cx, cy) = (x + s * 0.5, y + s * 0.5);
    match kind {
        Picture::Goal => {
            // A trophy: a cup, two handles, a stem and a base.
            draw_rectangle(cx - s * 0.2, y + s * 0.2, s * 0.4, s * 0.25, gold);
            draw_circle(cx, y + s * 0.45, s * 0.2, gold);
            draw_circle_lines(cx - s * 0.22, y + s * 0.32, s * 0.08, s * 0.04, gold);
            draw_circle_lines(cx + s * 0.22, y + s * 0.32, s * 0.08, s * 0.04, gold);
            draw_rectangle(cx - s * 0.04, y + s * 0.6, s * 0.08, s * 0.14, gold);
            draw_rectangle(cx - s * 0.16, y + s * 0.74, s * 0.32, s * 0.07, wood);
        }
        Picture::Turn => {
            // A round arrow.
            let r = s * 0.28;
            for i in 0..20 {
                let (a0, a1) = (0.4 + i as f32 * 0.25, 0.4 + (i + 1) as f32 * 0.25);
                draw_line(
                    cx + r * a0.cos(),
                    cy + r * a0.sin(),
                    cx + r * a1.cos(),
                    cy + r * a1.sin(),
                    s * 0.07,
                    light,
                );
            }
            let a = 0.4f32 + 20.0 * 0.25;
            let tip = vec2(cx + r * a.cos(), cy + r * a.sin());
            let along = vec2(-a.sin(), a.cos());
            let out = vec2(a.cos(), a.sin());
            draw_triangle(
                tip + along * s * 0.12,
                tip + out * s * 0.1,
                tip - out * s * 0.1,
                light,
            );
        }
        Picture::Shoot => {
            // A catapult on the left and the dotted arc of its shot.
            draw_rectangle(x + s * 0.1, y + s * 0.72, s * 0.28, s * 0.06, wood);
            draw_line(
                x + s * 0.16,
                y + s * 0.72,
                x + s * 0.34,
                y + s * 0.48,
                s * 0.05,
                wood,
            );
            for i in 0..7 {
                let t = i as f32 / 6.0;
                let px = x + s * (0.36 + 0.5 * t);
                let py = y + s * (0.46 - 0.9 * t * (1.0 - t) * 1.2 + 0.3 * t);
                draw_circle(px, py, s * 0.035, light);
            }
            draw_rectangle(x + s * 0.78, y + s * 0.58, s * 0.12, s * 0.2, orange);
        }
        Picture::Build => {
            for (i, (bx, by, bw)) in [
                (0.18, 0.66, 0.64),
                (0.24, 0.5, 0.2),
                (0.56, 0.5, 0.2),
                (0.2, 0.38, 0.6),
            ]
            .iter()
            .enumerate()
            {
                let c = if i % 2 == 0 { wood } else { blue };
                draw_rectangle(x + s * bx, y + s * by, s * bw, s * 0.12, c);
            }
        }
        Picture::Cards => {
            for (i, c) in [blue, orange, light].iter().enumerate() {
                let dx = (i as f32 - 1.0) * s * 0.16;
                draw_rectangle(
                    cx - s * 0.14 + dx,
                    y + s * 0.24 + (i as f32 - 1.0).abs() * s * 0.04,
                    s * 0.28,
                    s * 0.44,
                    *c,
                );
                draw_rectangle_lines(
                    cx - s * 0.14 + dx,
                    y + s * 0.24 + (i as f32 - 1.0).abs() * s * 0.04,
                    s * 0.28,
                    s * 0.44,
                    1.5,
                    Color::new(0.1, 0.1, 0.1, 0.8),
                );
            }
        }
        Picture::Score => {
            // A five-pointed star.
            let point = |k: usize, r: f32| {
                let a = -std::f32::consts::FRAC_PI_2 + k as f32 * std::f32::consts::PI / 5.0;
                vec2(cx + r * a.cos(), cy + r * a.sin())
            };
            for k in 0..10 {
                let (r0, r1) = if k % 2 == 0 {
                    (0.34, 0.14)
                } else {
                    (0.14, 0.34)
                };
                draw_triangle(vec2(cx, cy), point(k, s * r0), point(k + 1, s * r1), gold);
            }
        }
        Picture::Win => {
            // A crown.
            let (l, r, b, t) = (x + s * 0.2, x + s * 0.8, y + s * 0.7, y + s * 0.3);
            draw_rectangle(l, y + s * 0.55, r - l, b - (y + s * 0.55), gold);
            for k in 0..3 {
                let px = l + (r - l) * (k as f32 * 0.5);
                draw_triangle(
                    vec2(px - s * 0.1, y + s * 0.56),
                    vec2(px + s * 0.1, y + s * 0.56),
                    vec2(px, t),
                    gold,
                );
            }
        }
        Picture::Map => {
            for (i, j) in [(0, 0), (1, 0), (1, 1), (2, 1)] {
                let (tx, ty) = (
                    x + s * (0.12 + 0.25 * i as f32),
                    y + s * (0.3 + 0.25 * j as f32),
                );
                draw_rectangle(tx, ty, s * 0.24, s * 0.24, green);
                draw_rectangle_lines(
                    tx,
                    ty,
                    s * 0.24,
                    s * 0.24,
                    1.0,
                    Color::new(0.0, 0.0, 0.0, 0.4),
                );
            }
            draw_line(
                x + s * 0.12,
                y + s * 0.42,
                x + s * 0.62,
                y + s * 0.42,
                s * 0.04,
                light,
            );
        }
        Picture::Keys => {
            // A keyboard: a row of keys and the space bar.
            for k in 0..4 {
                draw_rectangle(
                    x + s * (0.18 + 0.17 * k as f32),
                    y + s * 0.36,
                    s * 0.13,
                    s * 0.12,
                    light,
                );
            }
            draw_rectangle(x + s * 0.3, y + s * 0.54, s * 0.4, s * 0.1, light);
        }
        Picture::Text => {
            for k in 0..4 {
                let lw = if k == 3 { 0.35 } else { 0.6 };
                draw_rectangle(
                    x + s * 0.2,
                    y + s * (0.28 + 0.13 * k as f32),
                    s * lw,
                    s * 0.06,
                    light,
                );
            }
        }
    }
}
