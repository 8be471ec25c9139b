//! The in-game heads-up display: the top bar (whose turn, score chips, Menu and sound), the
//! status line under it (what to do now and the numbers that matter, details on a tap), the
//! log line over the bottom bar (the latest event in plain words) and the details panel.
//! Each has its own strip of the screen, so no text lands on another.

use super::Table;
use crate::app::context::Ctx;
use crate::app::frame::Area;
use crate::app::icons;
use crate::app::play::Play;
use crate::app::screens::pause::PauseScreen;
use crate::app::ui::{self, *};
use crate::app::{log, save, Command};
use engine::core::{Icon, StatusItem};
use macroquad::prelude::*;

/// The strips laid out around the table: heights of the status line and of the log line.
pub(super) struct Strips {
    pub(super) status_h: f32,
    pub(super) log_h: f32,
    chips: Vec<Chip>,
    log: Vec<String>,
}

/// One status item laid out: its picture, its text (cut to fit), and where it goes.
struct Chip {
    icon: Icon,
    text: String,
    x: f32,
    row: usize,
    w: f32,
}

/// Lays out the status items as chips, left to right, on at most `rows` lines of `width`: a chip
/// that does not fit on the last line is cut (its text ends in "..."), and the ones after it
/// are left for the Details panel.
fn lay_chips(ui: &Ui, items: &[StatusItem], size: f32, width: f32, rows: usize) -> Vec<Chip> {
    let u = ui.u;
    let (pad, gap, icon_w) = (1.2 * u, 1.5 * u, size * 1.15);
    let mut out: Vec<Chip> = Vec::new();
    let (mut x, mut row) = (0.0f32, 0usize);
    for item in items {
        let text = ui::plain(&item.text);
        let pic = if icons::drawn(item.icon) {
            icon_w + 0.6 * u
        } else {
            0.0
        };
        let mut w = pad * 2.0 + pic + ui.measure(&text, size);
        if x > 0.0 && x + w > width && row + 1 < rows {
            row += 1;
            x = 0.0;
        }
        let room = width - x;
        let text = if w > room {
            let cut = ui.fit(&text, size, room - pad * 2.0 - pic);
            if cut.is_empty() {
                break;
            }
            w = pad * 2.0 + pic + ui.measure(&cut, size);
            cut
        } else {
            text
        };
        out.push(Chip {
            icon: item.icon,
            text,
            x,
            row,
            w,
        });
        x += w + gap;
        if x >= width {
            if row + 1 >= rows {
                break;
            }
            row += 1;
            x = 0.0;
        }
    }
    out
}

/// The in-game buttons outside the bottom bar (their probe keys are what the browser tests
/// press): the menu, the details panel, the sound toggle (also on the title), and the cover
/// screen's "ready" that hands the device over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum GameButton {
    Menu,
    Details,
    Mute,
    Ready,
}

impl GameButton {
    pub(super) fn key(self) -> &'static str {
        match self {
            GameButton::Menu => "pause",
            GameButton::Details => "details",
            GameButton::Mute => "mute",
            GameButton::Ready => "cover:ready",
        }
    }
}

impl Table {
    /// Draws the top bar and returns its height, or `None` when its Menu button was tapped (the
    /// screen changed: the rest of the frame is skipped).
    pub(super) fn top_bar(&mut self, cx: &mut Ctx, p: &Play, active: bool) -> Option<f32> {
        let (w, u) = (cx.ui.w, cx.ui.u);
        let ts = cx.ui.size(3.6);
        let small = cx.ui.size(2.8);
        let names = p.names();
        let seats = p.driver.session.replay.seats.clone();
        let scores = p.game().scores();
        let btn_w = 20.0 * u;
        // Wide enough for "Sound off" whole on a phone.
        let mute_w = btn_w.max(cx.ui.measure("Sound off", cx.ui.size(2.8)) + 5.0 * u);
        let bar_text_w = w - btn_w - mute_w - 8.0 * u;
        let turn_line = match p.game().turn() {
            Some(t) => {
                let who = names.get(t).cloned().unwrap_or_default();
                let mine: Vec<usize> = (0..seats.len())
                    .filter(|&i| p.online && !seats[i].is_bot())
                    .collect();
                if mine.contains(&t) && p.flight.is_none() {
                    // Online: this device's seat is to play (a hot seat here names it).
                    if mine.len() > 1 {
                        format!("Your turn, {who}")
                    } else {
                        "Your turn".to_string()
                    }
                } else if p.thinking {
                    format!("{who} is thinking")
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
        let (mut chip_x, mut chip_y) = (2.0 * u, u + ts * 1.3 + u * 0.5);
        for (t, c) in &chips {
            let t = cx.ui.fit(t, small, bar_text_w - 2.0 * u);
            let cw = cx.ui.measure(&t, small) + 3.0 * u;
            if chip_x + cw > bar_text_w + 2.0 * u && chip_x > 2.0 * u {
                chip_x = 2.0 * u;
                chip_y += small * 1.5;
            }
            placed.push((t, *c, chip_x, chip_y));
            chip_x += cw + chip_pad;
        }
        let bottom = placed.last().map(|c| c.3 + small * 1.5).unwrap_or(0.0);
        let btn_h = cx.ui.tap(8.0);
        let top_h = (bottom + u).max(10.0 * u).max(btn_h + 2.0 * u);
        // The bar's panel is the screen's clear colour (`ui::BAR`, `App::frame`): not drawn.
        if let Some(s) = p.game().turn().and_then(|t| seats.get(t)) {
            draw_rectangle(2.0 * u, u + ts * 0.15, 1.2 * u, ts, rgb(s.rgb()));
        }
        let colour = if p.bot_turn() && !p.is_over() {
            ACCENT
        } else {
            TEXT
        };
        let turn_fit = cx.ui.fit(&turn_line, ts, bar_text_w - 2.0 * u);
        cx.ui.text(&turn_fit, 4.0 * u, u, ts, colour);
        for (t, c, x, y) in &placed {
            draw_rectangle(*x, y + small * 0.15, 1.0 * u, small, *c);
            cx.ui.text(t, x + 1.8 * u, *y, small, TEXT);
        }
        if active {
            if cx.ui.button(
                GameButton::Menu.key(),
                Area::new(w - btn_w - 2.0 * u, u, btn_w, btn_h),
                "Menu",
                true,
            ) {
                cx.command(Command::Push(Box::new(PauseScreen)));
                return None;
            }
            mute_button(
                cx,
                Area::new(w - btn_w - mute_w - 4.0 * u, u, mute_w, btn_h),
            );
        }
        Some(top_h)
    }

    /// Lays out the status line (the game's status items as chips: one line, two on a phone)
    /// and the log line (the latest event, at most two lines).
    pub(super) fn strips(&self, cx: &mut Ctx, p: &Play) -> Strips {
        let (w, h, u) = (cx.ui.w, cx.ui.h, cx.ui.u);
        let small = cx.ui.size(2.8);
        let items = p.game().status();
        let rows = if h > w { 2 } else { 1 };
        let width = w - details_w(u) - 6.0 * u;
        let chips = lay_chips(&cx.ui, &items, small, width, rows);
        let log = match p.log.last() {
            Some(l) => cx.ui.wrap_at_most(l, small, w - 4.0 * u, 2),
            None => Vec::new(),
        };
        let lines = chips.iter().map(|c| c.row + 1).max().unwrap_or(0);
        let status_h = if items.is_empty() {
            0.0
        } else {
            (lines as f32 * chip_h(small, u) + 2.0 * u).max(cx.ui.tap(6.0) + 2.0 * u)
        };
        let log_h = if log.is_empty() {
            0.0
        } else {
            log.len() as f32 * small * 1.3 + 1.5 * u
        };
        Strips {
            status_h,
            log_h,
            chips,
            log,
        }
    }

    /// Draws the status line under the top bar, its Details button, the log line over the
    /// bottom bar and, when open, the details panel over the table.
    pub(super) fn draw_strips(
        &mut self,
        cx: &mut Ctx,
        p: &Play,
        s: &Strips,
        top_h: f32,
        active: bool,
    ) {
        let (w, u) = (cx.ui.w, cx.ui.u);
        let small = cx.ui.size(2.8);
        let ta = self.area;
        if s.status_h > 0.0 {
            let a = Area::new(0.0, top_h, w, s.status_h);
            cx.ui.panel(a, Color::new(0.06, 0.07, 0.1, 0.92));
            let lh = chip_h(small, u);
            let rows = s.chips.iter().map(|c| c.row + 1).max().unwrap_or(0);
            let y0 = top_h + (s.status_h - rows as f32 * lh) * 0.5;
            let seat = acting_colour(p);
            for c in &s.chips {
                let (x, y) = (2.0 * u + c.x, y0 + c.row as f32 * lh);
                let ch = small * 1.5;
                cx.ui.panel(
                    Area::new(x, y + (lh - ch) * 0.5, c.w, ch),
                    Color::new(1.0, 1.0, 1.0, 0.07),
                );
                let mut tx = x + 1.2 * u;
                if icons::drawn(c.icon) {
                    let is = small * 1.15;
                    icons::draw(c.icon, tx, y + (lh - is) * 0.5, is, seat);
                    tx += is + 0.6 * u;
                }
                let colour = if c.icon == Icon::Next { ACCENT } else { TEXT };
                cx.ui
                    .text(&c.text, tx, y + (lh - small) * 0.5, small, colour);
            }
            let bw = details_w(u);
            let b = Area::new(w - bw - 2.0 * u, top_h + u, bw, s.status_h - 2.0 * u);
            let label = if self.details { "Close" } else { "Details" };
            if active && cx.ui.button(GameButton::Details.key(), b, label, true) {
                self.details = !self.details;
            }
        }
        if s.log_h > 0.0 {
            let y = ta.y + ta.h;
            cx.ui.panel(
                Area::new(0.0, y, w, s.log_h),
                Color::new(0.0, 0.0, 0.0, 0.4),
            );
            for (i, l) in s.log.iter().enumerate() {
                cx.ui.text(
                    l,
                    2.0 * u,
                    y + 0.75 * u + i as f32 * small * 1.3,
                    small,
                    Color::new(0.85, 0.87, 0.9, 1.0),
                );
            }
        }
        if self.details && active {
            self.details_panel(cx, p);
        }
    }

    /// Everything the game says about the turn, and the recent events, over the table.
    fn details_panel(&mut self, cx: &mut Ctx, p: &Play) {
        let (w, u) = (cx.ui.w, cx.ui.u);
        let small = cx.ui.size(2.8);
        let ta = self.area;
        let a = Area::new(u, ta.y + u, (w - 2.0 * u).min(120.0 * u), ta.h - 2.0 * u);
        cx.ui.panel(a, Color::new(0.05, 0.06, 0.08, 0.96));
        cx.ui.cover(a);
        let width = a.w - 4.0 * u;
        crate::app::a11y::show(details_page(p));
        // The status line's pictures with what each stands for, then the game's whole story.
        let mut lines: Vec<(Icon, String, Color)> = Vec::new();
        let is = small * 1.15;
        for item in p.game().status() {
            let text = key_line(&item);
            let room = if icons::drawn(item.icon) {
                width - is - u
            } else {
                width
            };
            lines.push((item.icon, cx.ui.fit(&text, small, room), ACCENT));
        }
        for l in p.game().hud() {
            for part in detail_parts(&l) {
                for s in cx.ui.wrap(&part, small, width) {
                    lines.push((Icon::None, cx.ui.fit(&s, small, width), TEXT));
                }
            }
        }
        if !p.log.is_empty() {
            lines.push((Icon::None, "Recent".to_string(), ACCENT));
            for l in p.log.iter().rev().take(8) {
                for s in cx.ui.wrap(l, small, width) {
                    lines.push((Icon::None, cx.ui.fit(&s, small, width), DIM));
                }
            }
        }
        let lh = small * 1.3;
        let fits = ((a.h - 2.0 * u) / lh).floor().max(0.0) as usize;
        let seat = acting_colour(p);
        for (i, (icon, l, c)) in lines.iter().take(fits).enumerate() {
            let (mut x, y) = (a.x + 2.0 * u, a.y + u + i as f32 * lh);
            if icons::drawn(*icon) {
                icons::draw(*icon, x, y + (small - is) * 0.5, is, seat);
                x += is + u;
            }
            cx.ui.text(l, x, y, small, *c);
        }
    }

    /// Side views are wide: on a phone held upright the "turn your phone" screen goes up over
    /// the game (returns true: the caller pushes it) until the player turns the phone or
    /// chooses to play upright. With hints off (the browser tests' layout pages) it is a toast
    /// once per game instead; once the phone is turned, the toast goes away at once.
    pub(super) fn portrait_hint(&mut self, cx: &mut Ctx, side: bool) -> bool {
        let portrait = crate::app::screens::upright::is_portrait(cx.ui.w, cx.ui.h);
        if side && portrait && !cx.settings.upright_ok && !crate::app::platform::hints_off() {
            return true;
        }
        if side && portrait && !self.portrait_told && !cx.settings.upright_ok {
            self.portrait_told = true;
            cx.say(PORTRAIT_HINT, false);
        } else if !portrait && cx.toast.as_ref().is_some_and(|t| t.0 == PORTRAIT_HINT) {
            cx.toast = None;
        }
        false
    }
}

/// What a player holding a phone upright is told about side views.
const PORTRAIT_HINT: &str = "Turn the screen sideways for a bigger table";

/// The Details button's width.
/// The sound's toggle: says whether the sound is on, and remembers the choice.
pub(crate) fn mute_button(cx: &mut Ctx, a: Area) {
    let label = if cx.settings.muted {
        "Sound off"
    } else {
        "Sound on"
    };
    if cx.ui.button(GameButton::Mute.key(), a, label, true) {
        cx.settings.muted = !cx.settings.muted;
        if let Err(e) = save::set_muted(cx.store.as_mut(), cx.settings.muted) {
            cx.say(format!("Could not remember the sound setting: {e}"), true);
        }
        log(&format!("muted {}", cx.settings.muted as i32));
    }
}

/// What a game key pressed while this device may not act is answered with, in words: the shot
/// still moving, or whose turn it is. None when the game is over or the seat is this device's.
pub(crate) fn waiting_words(p: &Play) -> Option<String> {
    if p.is_over() {
        return None;
    }
    if p.flight.is_some() {
        return Some("The shot is still moving: your keys work again when it stops".into());
    }
    let turn = p.game().turn()?;
    let name = p.names().get(turn).cloned()?;
    Some(format!(
        "It is {name}'s turn: your keys work again on your turn"
    ))
}

/// What a game key pressed on this device's turn, when the turn is a choice and not an aim or a
/// placement, is answered with: what the step is and how to choose ("Shoot from here" before
/// Feud's aim, the card to give up in Castle), instead of nothing.
pub(crate) fn choose_words(step: &str, choices: &[&str]) -> String {
    let step = step.trim_end_matches(['.', ':']);
    match choices {
        [] => format!("{step}: nothing to aim now"),
        [one] => format!("{step}: nothing to aim yet. Press Tab to reach {one}, then Enter"),
        [first, rest @ ..] => format!(
            "{step}: nothing to aim yet. Press Tab to go through {} choices, {first} first, and \
             Enter to take one",
            rest.len() + 1
        ),
    }
}

fn details_w(u: f32) -> f32 {
    18.0 * u
}

/// The height of a line of chips.
fn chip_h(size: f32, u: f32) -> f32 {
    size * 1.5 + u
}

/// A status item in the Details panel: what its picture stands for, then its text
/// ("Ammo: 36"); an item without a picture is its text.
pub(crate) fn key_line(item: &StatusItem) -> String {
    let word = item.icon.word();
    let mut chars = word.chars();
    match chars.next() {
        Some(c) => format!("{}{}: {}", c.to_uppercase(), chars.as_str(), item.text),
        None => item.text.clone(),
    }
}

/// The Details panel's words for the screen-reader layer: the status items with what each
/// picture stands for and the game's lines, then the recent events, newest first.
fn details_page(p: &Play) -> crate::app::a11y::Page {
    let mut now: Vec<String> = p.game().status().iter().map(key_line).collect();
    now.extend(p.game().hud().iter().flat_map(|l| detail_parts(l)));
    let recent: Vec<String> = p.log.iter().rev().take(8).cloned().collect();
    let page = crate::app::a11y::Page::new("Details").section("Now", &now);
    if recent.is_empty() {
        page
    } else {
        page.section("Recent", &recent)
    }
}

/// A Details line cut at its " · " separators, one part a line (the default font draws the
/// dot as a bar, which reads as markup).
fn detail_parts(line: &str) -> Vec<String> {
    line.split(" · ")
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(String::from)
        .collect()
}

/// The colour of the seat to act (the icons are drawn in it), or the text colour when none acts.
fn acting_colour(p: &Play) -> Color {
    p.game()
        .turn()
        .and_then(|t| p.driver.session.replay.seats.get(t))
        .map(|s| rgb(s.rgb()))
        .unwrap_or(TEXT)
}

#[cfg(test)]
mod tests {
    #[test]
    fn keys_on_a_choice_step_say_how_to_choose() {
        use super::choose_words;
        assert_eq!(
            choose_words("Choose a soldier to shoot from", &["Shoot from here"]),
            "Choose a soldier to shoot from: nothing to aim yet. Press Tab to reach Shoot from \
             here, then Enter"
        );
        assert_eq!(
            choose_words(
                "Place the tower you took",
                &["Give up Reinforce", "Give up Wind"]
            ),
            "Place the tower you took: nothing to aim yet. Press Tab to go through 2 choices, \
             Give up Reinforce first, and Enter to take one"
        );
        assert_eq!(choose_words("Wait.", &[]), "Wait: nothing to aim now");
    }

    use super::*;

    #[test]
    fn game_buttons_keep_the_keys_the_browser_tests_press() {
        let keys: Vec<&str> = [
            GameButton::Menu,
            GameButton::Details,
            GameButton::Mute,
            GameButton::Ready,
        ]
        .iter()
        .map(|b| b.key())
        .collect();
        assert_eq!(keys, ["pause", "details", "mute", "cover:ready"]);
    }

    #[test]
    fn chips_keep_to_their_width_and_rows_and_cut_what_does_not_fit() {
        let ui = Ui::new();
        let size = 20.0; // 10 px a character without a window
        let items = vec![
            StatusItem::next("Aim at a tower"),
            StatusItem::count(Icon::Ammo, 36),
            StatusItem::count(Icon::Tower, 4),
            StatusItem::new(Icon::None, "a long line of words that cannot fit"),
        ];
        for (width, rows) in [(1000.0, 1), (300.0, 1), (300.0, 2), (120.0, 2)] {
            let chips = lay_chips(&ui, &items, size, width, rows);
            assert!(!chips.is_empty(), "{width} {rows}");
            for c in &chips {
                assert!(
                    c.x + c.w <= width + 0.01,
                    "{width}: {} at {}+{}",
                    c.text,
                    c.x,
                    c.w
                );
                assert!(c.row < rows, "{width}: {} on row {}", c.text, c.row);
            }
            for pair in chips.windows(2) {
                let (a, b) = (&pair[0], &pair[1]);
                assert!(
                    b.row > a.row || b.x >= a.x + a.w,
                    "{} and {} overlap",
                    a.text,
                    b.text
                );
            }
        }
        let wide = lay_chips(&ui, &items, size, 1000.0, 1);
        assert_eq!(wide.len(), 4);
        assert_eq!(wide[1].text, "36");
        let narrow = lay_chips(&ui, &items, size, 300.0, 1);
        assert!(
            narrow.last().is_some_and(|c| c.text.ends_with("...")),
            "cut, not dropped silently"
        );
    }

    #[test]
    fn details_name_what_each_picture_stands_for_and_lose_the_dot_separators() {
        assert_eq!(key_line(&StatusItem::count(Icon::Ammo, 36)), "Ammo: 36");
        assert_eq!(
            key_line(&StatusItem::new(Icon::None, "Magic Toss")),
            "Magic Toss"
        );
        assert_eq!(
            detail_parts("Supply: 36 ammo · in towers: 0"),
            vec!["Supply: 36 ammo".to_string(), "in towers: 0".to_string()]
        );
    }
}
