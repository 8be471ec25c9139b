//! The seat setup screen: seat count, names, human or bot, game options, then Start.

use super::room::clean_name;
use super::rules::RulesScreen;
use crate::app::context::Ctx;
use crate::app::frame::Area;
use crate::app::journal::seed_now;
use crate::app::online::wire::ONLINE;
use crate::app::play::Play;
use crate::app::screen::{Screen, ScreenId};
use crate::app::ui::*;
use crate::app::{log, platform, Command};
use engine::core::{Seat, SeatKind};
use engine::games::GameInfo;
use macroquad::prelude::*;

pub(crate) struct SetupScreen {
    game: &'static GameInfo,
    seats: Vec<Seat>,
    options: Vec<bool>,
    editing: Option<usize>,
    /// Seats kept for a friend who opens the invite link (the web build only).
    invited: Vec<bool>,
}

impl SetupScreen {
    pub(crate) fn new(game: &'static GameInfo) -> Self {
        let n = 2usize.clamp(game.min_seats, game.max_seats);
        let seats = (0..n)
            .map(|i| {
                Seat::new(
                    i,
                    if i == 0 {
                        SeatKind::Human
                    } else {
                        SeatKind::Bot
                    },
                )
            })
            .collect();
        SetupScreen {
            game,
            seats,
            options: vec![false; game.options.len()],
            editing: None,
            invited: vec![false; n],
        }
    }

    /// Changes the seat count; new seats are bots (bots fill the empty seats).
    fn resize(&mut self, n: usize) {
        let n = n.clamp(self.game.min_seats, self.game.max_seats);
        while self.seats.len() < n {
            let i = self.seats.len();
            self.seats.push(Seat::new(i, SeatKind::Bot));
        }
        self.seats.truncate(n);
        self.invited.resize(n, false);
        if self.editing.map(|e| e >= n).unwrap_or(false) {
            self.editing = None;
        }
    }

    fn chosen_options(&self) -> Vec<String> {
        self.game
            .options
            .iter()
            .zip(&self.options)
            .filter(|(_, on)| **on)
            .map(|((name, _), _)| name.to_string())
            .collect()
    }
}

/// The setup screen owns the seats and options being chosen.
impl Screen<Ctx> for SetupScreen {
    fn id(&self) -> ScreenId {
        ScreenId::Setup
    }
    fn frame(&mut self, cx: &mut Ctx, _active: bool) -> Command {
        self.draw(cx)
    }
}

/// The setup screen's bottom buttons (their probe keys are what the browser tests press).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SetupButton {
    FewerSeats,
    MoreSeats,
    Level(usize),
    Name(usize),
    Kind(usize),
    Option(usize),
    Back,
    Rules,
    Start,
}

impl SetupButton {
    fn key(self) -> String {
        match self {
            SetupButton::FewerSeats => "seats-".into(),
            SetupButton::MoreSeats => "seats+".into(),
            SetupButton::Level(i) => format!("seat:{i}:level"),
            SetupButton::Name(i) => format!("seat:{i}:name"),
            SetupButton::Kind(i) => format!("seat:{i}:kind"),
            SetupButton::Option(i) => format!("opt:{i}"),
            SetupButton::Back => "back".into(),
            SetupButton::Rules => "rules".into(),
            SetupButton::Start => "start".into(),
        }
    }
}

impl SetupScreen {
    fn draw(&mut self, cx: &mut Ctx) -> Command {
        let (w, h, u) = (cx.ui.w, cx.ui.h, cx.ui.u);
        let big = cx.ui.size(6.0);
        cx.ui
            .text_centred(self.game.name, Area::new(0.0, 2.0 * u, w, big), big, ACCENT);
        let col_w = (w - 6.0 * u).min(150.0 * u);
        let x0 = (w - col_w) * 0.5;
        let mut y = 4.0 * u + big;
        let row = cx.ui.tap(8.0) + u;
        let ts = cx.ui.size(3.8);
        // Seat count.
        cx.ui.text(
            &format!("Players: {}", self.seats.len()),
            x0,
            y + (row - ts) * 0.5,
            ts,
            TEXT,
        );
        let n = self.seats.len();
        if cx.ui.button(
            &SetupButton::FewerSeats.key(),
            Area::new(x0 + col_w - 26.0 * u, y, 12.0 * u, row - u),
            "-",
            n > self.game.min_seats,
        ) {
            self.resize(n - 1);
        }
        cx.ui.speak_as("One player fewer");
        if cx.ui.button(
            &SetupButton::MoreSeats.key(),
            Area::new(x0 + col_w - 12.0 * u, y, 12.0 * u, row - u),
            "+",
            n < self.game.max_seats,
        ) {
            self.resize(n + 1);
        }
        cx.ui.speak_as("One player more");
        y += row + u;
        // Seats: one or two columns.
        let bh = cx.ui.tap(10.0);
        let bottom_bar = bh + 2.0 * u;
        let opt_h = self.game.options.len() as f32 * row;
        let room = ((h - y - bottom_bar - opt_h - 2.0 * u) / row)
            .floor()
            .max(1.0) as usize;
        let cols = if self.seats.len() > room { 2 } else { 1 };
        let cw = (col_w - 2.0 * u * (cols as f32 - 1.0)) / cols as f32;
        let per_col = self.seats.len().div_ceil(cols);
        let mut editing = self.editing;
        let mut renamed: Option<(usize, String)> = None;
        for i in 0..self.seats.len() {
            let (c, r) = (i / per_col, i % per_col);
            let rx = x0 + c as f32 * (cw + 2.0 * u);
            let ry = y + r as f32 * row;
            let seat = &self.seats[i];
            draw_rectangle(rx, ry + u, 2.0 * u, row - 3.0 * u, rgb(seat.rgb()));
            let name = if editing == Some(i) {
                format!("{}_", seat.name)
            } else {
                seat.name.clone()
            };
            let kind_w = 18.0 * u;
            // A bot seat shows its level beside Bot: pressing it cycles Easy, Normal, Hard.
            let level_w = if seat.is_bot() { 18.0 * u } else { 0.0 };
            let level = seat.level;
            if seat.is_bot()
                && cx.ui.button(
                    &SetupButton::Level(i).key(),
                    Area::new(rx + cw - kind_w - level_w - u, ry, level_w, row - u),
                    level.label(),
                    true,
                )
            {
                self.seats[i].level = level.next();
            }
            let seat = &self.seats[i];
            if cx.ui.button(
                &SetupButton::Name(i).key(),
                Area::new(
                    rx + 3.0 * u,
                    ry,
                    cw - kind_w - level_w - 4.0 * u - if level_w > 0.0 { u } else { 0.0 },
                    row - u,
                ),
                &name,
                true,
            ) {
                // In a browser the page asks (a touch screen has no keyboard for the canvas);
                // on the desktop the name is typed in place.
                match platform::ask_text(&format!("Name for seat {}", i + 1), &seat.name) {
                    platform::Asked::Text(t) => {
                        let t: String = t.trim().chars().take(24).collect();
                        if !t.is_empty() {
                            renamed = Some((i, t));
                        }
                        editing = None;
                    }
                    platform::Asked::Cancelled => editing = None,
                    platform::Asked::Unsupported => {
                        editing = if editing == Some(i) { None } else { Some(i) };
                    }
                }
            }
            let invited = self.invited.get(i).copied().unwrap_or(false);
            let kind = if invited {
                "Invited"
            } else if seat.is_bot() {
                "Bot"
            } else {
                "Human"
            };
            if cx.ui.button(
                &SetupButton::Kind(i).key(),
                Area::new(rx + cw - kind_w, ry, kind_w, row - u),
                kind,
                true,
            ) {
                // Human, Bot, then (the web build) Invited: a seat kept for a friend.
                let s2 = &mut self.seats[i];
                let was_default =
                    s2.name == Seat::new(i, s2.kind).name || (invited && s2.name == friend(i));
                let (kind, now_invited) = match (s2.kind, invited) {
                    (SeatKind::Human, false) => (SeatKind::Bot, false),
                    (SeatKind::Bot, _) if ONLINE => (SeatKind::Human, true),
                    _ => (SeatKind::Human, false),
                };
                s2.kind = kind;
                if let Some(v) = self.invited.get_mut(i) {
                    *v = now_invited;
                }
                if was_default {
                    s2.name = if now_invited {
                        friend(i)
                    } else {
                        Seat::new(i, s2.kind).name
                    };
                }
            }
        }
        self.editing = editing;
        if let Some((i, name)) = renamed {
            if let Some(seat) = self.seats.get_mut(i) {
                seat.name = name;
            }
        }
        if let Some(i) = self.editing {
            if let Some(seat) = self.seats.get_mut(i) {
                while let Some(c) = get_char_pressed() {
                    if !c.is_control() && seat.name.chars().count() < 24 {
                        seat.name.push(c);
                    }
                }
                if is_key_pressed(KeyCode::Backspace) {
                    seat.name.pop();
                }
                if is_key_pressed(KeyCode::Enter) {
                    self.editing = None;
                }
            }
        }
        y += per_col as f32 * row + u;
        // Options.
        for (i, (name, desc)) in self.game.options.iter().enumerate() {
            let on = self.options[i];
            let mark = if on { "x" } else { " " };
            let label = format!("[{mark}] {name}: {desc}");
            // Where the whole line does not fit (a phone), the option's name alone, not a cut
            // sentence, and what it does under it where there is room; the screen-reader
            // layer says it whole.
            let a = Area::new(x0, y, col_w, row - u);
            let whole = cx.ui.label_fits(&label, a);
            let shown = if whole {
                label.clone()
            } else {
                format!("[{mark}] {name}")
            };
            if cx.ui.button(&SetupButton::Option(i).key(), a, &shown, true) {
                self.options[i] = !on;
            }
            cx.ui.speak_as(&label);
            y += row;
            let small = cx.ui.size(3.0);
            let lines = cx.ui.wrap(desc, small, col_w - 4.0 * u).len() as f32;
            if !whole && y + lines * small * 1.3 + u < h - bottom_bar {
                y += cx
                    .ui
                    .paragraph(desc, x0 + 2.0 * u, y, col_w - 4.0 * u, small, DIM)
                    + u;
            }
        }
        // Bottom bar.
        let by = h - bottom_bar;
        let bw = (col_w - 4.0 * u) / 3.0;
        let back = cx.ui.button(
            &SetupButton::Back.key(),
            Area::new(x0, by, bw, bh),
            "Back",
            true,
        );
        let rules = cx.ui.button(
            &SetupButton::Rules.key(),
            Area::new(x0 + bw + 2.0 * u, by, bw, bh),
            "Rules",
            true,
        );
        let online = self.invited.iter().any(|v| *v);
        let start = cx.ui.button(
            &SetupButton::Start.key(),
            Area::new(x0 + 2.0 * (bw + 2.0 * u), by, bw, bh),
            if online { "Play online" } else { "Start" },
            true,
        );
        let game = self.game;
        let seats = self.seats.clone();
        let options = self.chosen_options();
        if back {
            return Command::Pop;
        } else if rules {
            return Command::Push(Box::new(RulesScreen::new(game)));
        } else if start {
            for (i, seat) in seats.iter().enumerate() {
                if seat.name.trim().is_empty() {
                    cx.say(format!("Seat {} needs a name.", i + 1), true);
                    return Command::Stay;
                }
            }
            if online {
                let seats: Vec<Seat> = seats
                    .into_iter()
                    .map(|mut seat| {
                        seat.name = clean_name(&seat.name);
                        seat
                    })
                    .collect();
                return crate::app::screens::room::create_room(
                    cx,
                    game,
                    options,
                    &seats,
                    &self.invited,
                );
            }
            let seed = platform::fixed_seed().unwrap_or_else(|| seed_now(cx.frames));
            match Play::new(game, &options, seats.clone(), seed) {
                Ok(p) => {
                    let names: Vec<&str> = seats.iter().map(|st| st.name.as_str()).collect();
                    let levels: Vec<&str> = seats.iter().map(|st| st.level.name()).collect();
                    log(&format!(
                        "start {} seats={} humans={} seed={} names={} levels={}",
                        game.id,
                        seats.len(),
                        seats.iter().filter(|st| !st.is_bot()).count(),
                        seed,
                        names.join(","),
                        levels.join(",")
                    ));
                    cx.saved = None;
                    cx.save_play(&p);
                    crate::app::screens::play::start(cx, p);
                }
                Err(e) => cx.say(format!("Cannot start: {e}"), true),
            }
        }
        Command::Stay
    }
}

/// The name an invited seat shows until its friend joins with theirs.
fn friend(i: usize) -> String {
    format!("Friend {}", i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setup_buttons_keep_the_keys_the_browser_tests_press() {
        use SetupButton::*;
        let keys: Vec<String> = [
            FewerSeats,
            MoreSeats,
            Level(1),
            Name(0),
            Kind(2),
            Option(4),
            Back,
            Rules,
            Start,
        ]
        .iter()
        .map(|b| b.key())
        .collect();
        assert_eq!(
            keys,
            [
                "seats-",
                "seats+",
                "seat:1:level",
                "seat:0:name",
                "seat:2:kind",
                "opt:4",
                "back",
                "rules",
                "start"
            ]
        );
    }
}
