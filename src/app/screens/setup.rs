//! The seat setup screen: seat count, names, human or bot, game options, then Start (and in
//! the web build *Play online with anyone*: a quick match with this many players).

use super::room::checked_name;
use super::rules::RulesScreen;
use crate::app::context::Ctx;
use crate::app::frame::Area;
use crate::app::journal::seed_now;
use crate::app::keyqueue;
use crate::app::online::wire::ONLINE;
use crate::app::play::Play;
use crate::app::screen::{Screen, ScreenId};
use crate::app::ui::*;
use crate::app::{log, platform, Command};
use engine::core::bot::Level;
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
    /// Where the seats are folded to a line each (many on a small screen), the one shown whole.
    opened: usize,
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
            opened: 0,
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

    /// Who plays seat `i` now.
    fn who(&self, i: usize) -> Who {
        match self.seats.get(i) {
            _ if self.invited.get(i).copied().unwrap_or(false) => Who::Invited,
            Some(seat) if seat.is_bot() => Who::Bot(seat.level),
            _ => Who::Human,
        }
    }

    /// Seat `i` played by `who`; a name it had by default follows (Player 2, Bot 2, Friend 2).
    fn set_who(&mut self, i: usize, who: Who) {
        let was = self.who(i);
        let Some(seat) = self.seats.get_mut(i) else {
            return;
        };
        let was_default = seat.name == default_name(i, was);
        seat.kind = match who {
            Who::Bot(level) => {
                seat.level = level;
                SeatKind::Bot
            }
            Who::Human | Who::Invited => SeatKind::Human,
        };
        if let Some(v) = self.invited.get_mut(i) {
            *v = who == Who::Invited;
        }
        if was_default {
            seat.name = default_name(i, who);
        }
    }

    fn chosen_options(&self) -> Vec<String> {
        self.game
            .options
            .iter()
            .zip(&self.options)
            .filter(|(_, on)| **on)
            .map(|((id, _, _), _)| id.to_string())
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
    Name(usize),
    Open(usize),
    Who(usize, Who),
    Option(usize),
    Back,
    Rules,
    Start,
    Quick,
    Ratings,
    /// The aim aid level (`aim::AidLevel`), cycled.
    Aid,
}

impl SetupButton {
    fn key(self) -> String {
        match self {
            SetupButton::FewerSeats => "seats-".into(),
            SetupButton::MoreSeats => "seats+".into(),
            SetupButton::Name(i) => format!("seat:{i}:name"),
            SetupButton::Open(i) => format!("seat:{i}:open"),
            SetupButton::Who(i, who) => format!("seat:{i}:{}", who.key()),
            SetupButton::Option(i) => format!("opt:{i}"),
            SetupButton::Back => "back".into(),
            SetupButton::Rules => "rules".into(),
            SetupButton::Start => "start".into(),
            SetupButton::Quick => "quick".into(),
            SetupButton::Ratings => "ratings".into(),
            SetupButton::Aid => "aid".into(),
        }
    }
}

impl SetupScreen {
    fn draw(&mut self, cx: &mut Ctx) -> Command {
        let (w, h, u) = (cx.ui.w, cx.ui.h, cx.ui.u);
        let big = cx.ui.size(6.0);
        cx.ui
            .text_centred(self.game.name, Area::new(0.0, 2.0 * u, w, big), big, ACCENT);
        // On its side the whole width (a phone on its side is short), else a column.
        let col_w = (w - 6.0 * u).min(if w > h { 240.0 * u } else { 150.0 * u });
        let x0 = (w - col_w) * 0.5;
        let mut y = 4.0 * u + big;
        let row = cx.ui.tap(8.0) + u;
        let ts = cx.ui.size(3.8);
        // Seat count.
        let n = self.seats.len();
        cx.ui.text(
            &if n == 1 {
                "1 player".to_string()
            } else {
                format!("{n} players")
            },
            x0,
            y + (row - ts) * 0.5,
            ts,
            TEXT,
        );
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
        // The web build: Play online with anyone, in the seat count's row where it fits, else
        // in a row of its own over the bottom buttons.
        let bh = cx.ui.tap(10.0);
        let players = self.seats.len().max(2);
        let quick_label = if self.game.max_seats > 2 {
            format!("Play online with anyone, {players} players")
        } else {
            "Play online with anyone".to_string()
        };
        // Its Ratings (the game's table) beside it.
        let ratings_w = cx.ui.measure("Ratings", cx.ui.size(4.0)) + 6.0 * u;
        let beside = Area::new(x0 + 24.0 * u, y, col_w - 54.0 * u - ratings_w, row - u);
        let quick_beside = cx.ui.label_fits(&quick_label, beside);
        let quick_at = match (ONLINE, quick_beside) {
            (false, _) => None,
            (true, true) => Some(beside),
            (true, false) => Some(Area::new(
                x0,
                h - 2.0 * bh - 4.0 * u,
                col_w - ratings_w - 2.0 * u,
                bh,
            )),
        };
        if let Some(a) = quick_at {
            if cx
                .ui
                .button(&SetupButton::Quick.key(), a, &quick_label, true)
            {
                return crate::app::screens::quick::find_game(cx, self.game, players);
            }
            let at = Area::new(a.x + a.w + 2.0 * u, a.y, ratings_w, a.h);
            if cx
                .ui
                .button(&SetupButton::Ratings.key(), at, "Ratings", true)
            {
                return crate::app::screens::ratings::show_ratings(cx, self.game);
            }
        }
        y += row + u;
        let own_row = ONLINE && !quick_beside;
        let bottom_bar = bh + 2.0 * u + if own_row { bh + 2.0 * u } else { 0.0 };
        // Options first worked out (their cards' heights), so the seats know their room.
        // Side by side where the width allows (a card at least 56 wide).
        let small = cx.ui.size(3.0);
        let n_opts = self.game.options.len();
        let opt_cols = n_opts.min(((col_w + u) / (56.0 * u)).floor().max(1.0) as usize);
        let opt_w = (col_w - u * (opt_cols as f32 - 1.0)) / opt_cols.max(1) as f32;
        let option_lines: Vec<Vec<String>> = self
            .game
            .options
            .iter()
            .map(|(_, _, about)| cx.ui.wrap(about, small, opt_w - 5.0 * u))
            .collect();
        let opt_rows: Vec<f32> = option_lines
            .chunks(opt_cols.max(1))
            .map(|r| {
                let most = r.iter().map(Vec::len).max().unwrap_or(0);
                option_height(row, ts, small, most)
            })
            .collect();
        let opt_h: f32 = opt_rows.iter().map(|h| h + u).sum();
        // Seats: a card each, the name beside who plays it where the width allows, else over
        // it; in two columns where the height needs it; where nothing fits (many seats on a
        // small screen), one line each and the seat opened last shown whole.
        let kinds = seat_kinds();
        let seg_min = (11.0 * u).max(MIN_TAP);
        let avail = h - y - bottom_bar - opt_h - 2.0 * u;
        let n = self.seats.len();
        let layout = seat_layout(n, col_w, u, seg_min * kinds.len() as f32, row, avail);
        let cols = layout.cols;
        let cw = (col_w - 2.0 * u * (cols as f32 - 1.0)) / cols as f32;
        let per_col = n.div_ceil(cols);
        let opened = self.opened.min(n.saturating_sub(1));
        let mut editing = self.editing;
        let mut renamed: Option<(usize, String)> = None;
        let mut col_y = vec![y; cols];
        for i in 0..n {
            let c = i / per_col;
            let rx = x0 + c as f32 * (cw + 2.0 * u);
            let ry = col_y[c];
            let whole = !layout.compact || opened == i;
            let lines = if whole { layout.lines } else { 1.0 };
            col_y[c] += row * lines;
            let card = Area::new(rx, ry, cw, row * lines - u);
            cx.ui.panel(card, TABLE_BG);
            // The seat's colour with its shape mark in it.
            let seat = &self.seats[i];
            let colour = rgb(seat.rgb());
            let sw = Area::new(rx + u, ry + u, 6.0 * u, row - 3.0 * u);
            draw_rectangle(sw.x, sw.y, sw.w, sw.h, colour);
            let (mx, my) = sw.centre();
            crate::app::draw::seat_mark(i, mx, my, sw.w.min(sw.h) * 0.3, ink_on(colour));
            let now = self.who(i);
            if !whole {
                // Folded: who plays it in words; a tap shows the seat whole.
                let (_, words) = now.labels(false);
                let label = format!("{} \u{2013} {words}", seat.name);
                let a = Area::new(rx + 8.0 * u, ry, cw - 9.0 * u, row - u);
                if cx.ui.button(&SetupButton::Open(i).key(), a, &label, true) {
                    self.opened = i;
                }
                continue;
            }
            let name = if editing == Some(i) {
                format!("{}_", seat.name)
            } else {
                seat.name.clone()
            };
            let one_line = layout.lines < 1.5;
            let segs_w = if one_line {
                (cw - 40.0 * u).min((17.0 * u).max(1.6 * MIN_TAP) * kinds.len() as f32)
            } else {
                cw - 2.0 * u
            };
            let name_w = if one_line {
                cw - segs_w - 10.0 * u
            } else {
                cw - 9.0 * u
            };
            if cx.ui.button(
                &SetupButton::Name(i).key(),
                Area::new(rx + 8.0 * u, ry, name_w, row - u),
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
            // Who plays it: a segmented control.
            let (sx, sy) = if one_line {
                (rx + cw - segs_w - u, ry)
            } else {
                (rx + u, ry + row)
            };
            let each = segs_w / kinds.len() as f32;
            let seg = |k: usize| Area::new(sx + k as f32 * each, sy, each - 0.5 * u, row - 2.0 * u);
            // The long words ("Easy bot") where all of them fit, else all the short ones.
            let long = kinds
                .iter()
                .all(|w| cx.ui.label_fits(w.labels(false).0, seg(0)));
            for (k, who) in kinds.iter().enumerate() {
                let a = seg(k);
                let (label, words) = who.labels(!long);
                if cx
                    .ui
                    .segment(&SetupButton::Who(i, *who).key(), a, label, now == *who)
                {
                    self.set_who(i, *who);
                }
                let state = if now == *who { "chosen" } else { "not chosen" };
                cx.ui.speak_as(&format!("Seat {}: {words}, {state}", i + 1));
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
                if let Some(c) = keyqueue::typed() {
                    if seat.name.chars().count() < 24 {
                        seat.name.push(c);
                    }
                }
                if keyqueue::pressed(KeyCode::Backspace) {
                    seat.name.pop();
                }
                if keyqueue::pressed_any(&[KeyCode::Enter, KeyCode::KpEnter]) {
                    self.editing = None;
                }
            }
        }
        y = col_y.iter().fold(y, |a, b| a.max(*b)) + u;
        // Options: a card each with its name, a switch beside it, and what it does.
        for (i, ((_, name, about), lines)) in
            self.game.options.iter().zip(&option_lines).enumerate()
        {
            let (c, r) = (i % opt_cols.max(1), i / opt_cols.max(1));
            let oy = y + opt_rows[..r].iter().map(|h| h + u).sum::<f32>();
            let oh = opt_rows.get(r).copied().unwrap_or(row);
            let a = Area::new(x0 + c as f32 * (opt_w + u), oy, opt_w, oh);
            let on = self.options[i];
            if cx.ui.button(&SetupButton::Option(i).key(), a, "", true) {
                self.options[i] = !on;
            }
            let state = if on { "on" } else { "off" };
            cx.ui.speak_as(&format!("{name}: {about} Switch {state}"));
            // The name whole in the largest of a few sizes it fits at.
            let room = a.w - 19.0 * u;
            let ns = [3.8, 3.4, 3.0]
                .map(|k| cx.ui.size(k))
                .into_iter()
                .find(|s| cx.ui.measure(name, *s) <= room)
                .unwrap_or(small);
            let name_shown = cx.ui.fit(name, ns, room);
            cx.ui
                .text(&name_shown, a.x + 2.5 * u, a.y + 1.5 * u, ns, TEXT);
            let mut ly = a.y + 2.0 * u + ts * 1.2;
            for l in lines {
                cx.ui.text(l, a.x + 2.5 * u, ly, small, TEXT);
                ly += small * 1.3;
            }
            let knob = ts.min(6.0 * u);
            let sw = Area::new(
                a.x + a.w - 2.0 * knob - 2.5 * u,
                a.y + 1.5 * u,
                2.0 * knob,
                knob,
            );
            switch(sw, on);
        }
        // Bottom bar.
        let by = h - bh - 2.0 * u;
        let bw = (col_w - 6.0 * u) / 4.0;
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
        // The aim aid, one switch for the dots, words and tones (docs/ui.md, "Aid levels").
        let aid = crate::app::save::aid_level(cx.store.as_ref());
        let aid_area = Area::new(x0 + 2.0 * (bw + 2.0 * u), by, bw, bh);
        // "Aid: Learning" where it fits whole; the level's name alone on a narrow phone.
        let full = format!("Aid: {}", aid.name());
        let aid_label = if cx.ui.label_fits(&full, aid_area) {
            full
        } else {
            aid.name().to_string()
        };
        if cx
            .ui
            .button(&SetupButton::Aid.key(), aid_area, &aid_label, true)
        {
            let next = aid.next();
            if let Err(e) = crate::app::save::set_aid_level(cx.store.as_mut(), next) {
                cx.say(format!("Could not remember the aim aid: {e}"), true);
            }
            crate::app::log(&format!("aid {}", next.key()));
            cx.say(format!("Aim aid: {}. {}", next.name(), next.about()), false);
        }
        cx.ui
            .speak_as(&format!("Aim aid: {}. {}", aid.name(), aid.about()));
        let online = self.invited.iter().any(|v| *v);
        let start = cx.ui.button(
            &SetupButton::Start.key(),
            Area::new(x0 + 3.0 * (bw + 2.0 * u), by, bw, bh),
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
                let mut named = Vec::with_capacity(seats.len());
                for (i, mut seat) in seats.into_iter().enumerate() {
                    match checked_name(&seat.name) {
                        Ok(n) => seat.name = n,
                        Err(why) => {
                            cx.say(format!("Seat {}: {why}", i + 1), true);
                            return Command::Stay;
                        }
                    }
                    named.push(seat);
                }
                let seats = named;
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

/// Who plays a seat: someone at this device, a bot of a level, or (the web build) a friend
/// who opens the invite link.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Who {
    Human,
    Bot(Level),
    Invited,
}

impl Who {
    fn key(self) -> &'static str {
        match self {
            Who::Human => "human",
            Who::Bot(Level::Easy) => "easy",
            Who::Bot(Level::Normal) => "normal",
            Who::Bot(Level::Hard) => "hard",
            Who::Invited => "invited",
        }
    }

    /// Its segment's label (`short` where the segments are narrow) and its words.
    fn labels(self, short: bool) -> (&'static str, &'static str) {
        match self {
            Who::Human => ("Human", "Human"),
            Who::Bot(Level::Easy) => (if short { "Easy" } else { "Easy bot" }, "Easy bot"),
            Who::Bot(Level::Normal) => (if short { "Normal" } else { "Normal bot" }, "Normal bot"),
            Who::Bot(Level::Hard) => (if short { "Hard" } else { "Hard bot" }, "Hard bot"),
            Who::Invited => ("Friend", "A friend invited online"),
        }
    }
}

/// The segments a seat offers: human, the three bots, and online a friend.
fn seat_kinds() -> Vec<Who> {
    let mut all = vec![Who::Human];
    all.extend(Level::ALL.map(Who::Bot));
    if ONLINE {
        all.push(Who::Invited);
    }
    all
}

/// The name seat `i` has by default when `who` plays it.
fn default_name(i: usize, who: Who) -> String {
    match who {
        Who::Invited => format!("Friend {}", i + 1),
        Who::Bot(_) => Seat::new(i, SeatKind::Bot).name,
        Who::Human => Seat::new(i, SeatKind::Human).name,
    }
}

/// How the seats' cards are laid out: in `cols` columns, `lines` rows of buttons a card (1: the
/// name beside who plays it, 2: over it), `compact` when folded to a line each but one.
#[derive(Clone, Copy, Debug, PartialEq)]
struct SeatLayout {
    cols: usize,
    lines: f32,
    compact: bool,
}

/// The first layout of `n` seats' cards that fits a column `col_w` wide and `avail` high (rows
/// `row` high; who plays a seat takes `segs` across): one column of one-line cards, two, one of
/// two-line cards, two; else folded cards, in two columns where two-line cards fit across.
fn seat_layout(n: usize, col_w: f32, u: f32, segs: f32, row: f32, avail: f32) -> SeatLayout {
    let card_w = |cols: usize| (col_w - 2.0 * u * (cols as f32 - 1.0)) / cols as f32;
    let fits_across = |cols: usize, lines: f32| {
        let need = if lines < 1.5 {
            40.0 * u + segs
        } else {
            2.0 * u + segs
        };
        card_w(cols) >= need
    };
    for (cols, lines) in [(1, 1.0), (2, 1.0), (1, 2.0), (2, 2.0)] {
        let high = n.div_ceil(cols) as f32 * lines * row;
        if fits_across(cols, lines) && high <= avail {
            return SeatLayout {
                cols,
                lines,
                compact: false,
            };
        }
    }
    let (cols, lines) = if n > 3 && fits_across(2, 2.0) {
        (2, 2.0)
    } else if fits_across(1, 1.0) {
        (1, 1.0)
    } else {
        (1, 2.0)
    };
    SeatLayout {
        cols,
        lines,
        compact: lines > 1.5,
    }
}

/// An option card's height: its name and `lines` of what it does.
fn option_height(row: f32, name: f32, small: f32, lines: usize) -> f32 {
    (name * 1.2 + lines as f32 * small * 1.3 + small * 1.2).max(row)
}

/// A switch, on (a light knob to the right on green) or off (to the left on grey).
fn switch(a: Area, on: bool) {
    let r = a.h * 0.5;
    let track = if on { GOOD } else { BUTTON_OFF };
    draw_rectangle(a.x + r, a.y, a.w - 2.0 * r, a.h, track);
    draw_circle(a.x + r, a.y + r, r, track);
    draw_circle(a.x + a.w - r, a.y + r, r, track);
    let kx = if on { a.x + a.w - r } else { a.x + r };
    draw_circle(kx, a.y + r, r * 0.8, TEXT);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_take_one_line_each_where_the_width_allows_and_fold_where_nothing_fits() {
        let (u, row) = (8.0, 74.0);
        let segs = 5.0 * 88.0;
        // A tablet: one column of one-line cards.
        let l = seat_layout(4, 1130.0, u, segs, row, 400.0);
        assert_eq!((l.cols, l.lines, l.compact), (1, 1.0, false));
        // Too many for one column: two, if the width allows two one-line cards.
        let l = seat_layout(6, 2000.0, u, segs, row, 300.0);
        assert_eq!((l.cols, l.lines, l.compact), (2, 1.0, false));
        // A phone upright: the name over who plays it.
        let l = seat_layout(3, 360.0, 3.9, 5.0 * 44.0, 48.0, 400.0);
        assert_eq!((l.cols, l.lines, l.compact), (1, 2.0, false));
        // Six on it: folded, one shown whole.
        let l = seat_layout(6, 360.0, 3.9, 5.0 * 44.0, 48.0, 480.0);
        assert!(l.compact && l.cols == 1, "{l:?}");
        let folded = (6.0 + 1.0) * 48.0;
        assert!(folded <= 480.0);
    }

    #[test]
    fn setup_buttons_keep_the_keys_the_browser_tests_press() {
        use SetupButton::*;
        let keys: Vec<String> = [
            FewerSeats,
            MoreSeats,
            Who(1, super::Who::Bot(Level::Hard)),
            Name(0),
            Who(2, super::Who::Invited),
            Who(0, super::Who::Human),
            Open(3),
            Option(4),
            Back,
            Rules,
            Start,
            Quick,
            Ratings,
        ]
        .iter()
        .map(|b| b.key())
        .collect();
        assert_eq!(
            keys,
            [
                "seats-",
                "seats+",
                "seat:1:hard",
                "seat:0:name",
                "seat:2:invited",
                "seat:0:human",
                "seat:3:open",
                "opt:4",
                "back",
                "rules",
                "start",
                "quick",
                "ratings"
            ]
        );
    }
}
