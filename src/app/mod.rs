//! The app: the only code that touches the window. Screens (title, seat setup, play, pause,
//! rules, results), gestures, drawing, sound, saves. Everything that can be decided without a
//! window lives in the pure submodules (`frame`, `gesture`, `pointer`, `play`, `save`, `sound`)
//! and is unit-tested there; this file wires them to macroquad.

pub mod chart;
pub mod draw;
#[cfg(any(test, feature = "fixture-game"))]
pub mod fixture;
pub mod frame;
pub mod gesture;
pub mod platform;
pub mod play;
pub mod pointer;
pub mod probe;
pub mod save;
pub mod sound;
pub mod ui;

use crate::core::{LaunchKind, LaunchPrompt, Move, PlacementPrompt, Seat, SeatKind};
use crate::games::GameInfo;
use frame::{Area, Camera, Frame};
use gesture::{Feel, Sample};
use macroquad::audio::{load_sound_from_bytes, play_sound, PlaySoundParams, Sound};
use macroquad::prelude::*;
use play::Play;
use pointer::{MouseState, PointerEvent, RawPhase, RawTouch, Tracker};
use save::{Found, Store};
use ui::*;

/// Window settings: high-DPI on, resizable.
pub fn window_conf() -> Conf {
    Conf {
        window_title: "Catapult Table".to_owned(),
        window_width: 1280,
        window_height: 800,
        high_dpi: true,
        window_resizable: true,
        ..Default::default()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Screen {
    Title,
    Setup,
    Play,
    Pause,
    Rules,
    Results,
}

impl Screen {
    fn code(self) -> i32 {
        match self {
            Screen::Title => 1,
            Screen::Setup => 2,
            Screen::Play => 3,
            Screen::Pause => 4,
            Screen::Rules => 5,
            Screen::Results => 6,
        }
    }
    fn name(self) -> &'static str {
        match self {
            Screen::Title => "title",
            Screen::Setup => "setup",
            Screen::Play => "play",
            Screen::Pause => "pause",
            Screen::Rules => "rules",
            Screen::Results => "results",
        }
    }
}

struct Setup {
    game: &'static GameInfo,
    seats: Vec<Seat>,
    options: Vec<bool>,
    editing: Option<usize>,
}

impl Setup {
    fn new(game: &'static GameInfo) -> Self {
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
        Setup {
            game,
            seats,
            options: vec![false; game.options.len()],
            editing: None,
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

/// A throw being drawn by the finger.
struct Aim {
    samples: Vec<Sample>,
    t0: f64,
}

enum Grab {
    Move {
        dx: f32,
        dy: f32,
    },
    Rotate,
    Twist {
        base: i32,
        a0: (f32, f32),
        b0: (f32, f32),
    },
}

/// The ghost piece of a placement.
struct Place {
    x: f32,
    y: f32,
    angle: i32,
    grab: Option<Grab>,
    /// A piece picked up from one of the prompt's sources (moving a piece already on the table),
    /// with where the finger pressed (metres).
    carry: Option<(gesture::Carry, (f32, f32))>,
    /// Which prompt it belongs to (reset when the prompt changes).
    tag: String,
}

struct Sounds {
    list: Vec<(sound::Effect, Sound)>,
}

impl Sounds {
    async fn load() -> Sounds {
        let mut list = Vec::new();
        for e in sound::ALL {
            if let Ok(s) = load_sound_from_bytes(&sound::wav(&sound::samples(e))).await {
                list.push((e, s));
            }
        }
        Sounds { list }
    }
}

struct App {
    screen: Screen,
    store: Box<dyn Store>,
    sounds: Option<Sounds>,
    muted: bool,
    tracker: Tracker,
    ui: Ui,
    saved: Option<(Box<Play>, String)>,
    notice: Option<String>,
    toast: Option<(String, f64, bool)>,
    setup: Option<Setup>,
    play: Option<Play>,
    rules_for: Option<&'static GameInfo>,
    rules_back: Screen,
    rules_scroll: f32,
    scroll_from: Option<(f32, f32)>,
    aim: Option<Aim>,
    place: Option<Place>,
    frame: Option<Frame>,
    table_area: Area,
    /// The player's zoom (mouse wheel) on the framed bounds, and the bounds it applies to: a new
    /// framing (aiming close-up, the whole table for a flight) starts fitted.
    camera: Camera,
    camera_bounds: [f32; 4],
    /// While aiming, show the whole table instead of the game's close-up of the launcher.
    whole_table: bool,
    over_since: Option<f64>,
    frames: u32,
    last_size: (f32, f32),
    logged_screen: Option<Screen>,
    probe_input: i32,
    probe_anchor: (f32, f32),
    /// The launcher the player picked when the prompt offers several.
    kind_pick: Option<LaunchKind>,
}

fn log(line: &str) {
    platform::log(&format!("[ct] {line}"));
}

fn seed_now(frames: u32) -> u64 {
    let ms = (miniquad::date::now() * 1000.0) as u64;
    ms ^ ((frames as u64) << 40) ^ 0x5EED
}

impl App {
    fn new() -> App {
        let mut store = platform::store();
        let muted = save::muted(store.as_ref());
        let (saved, notice) = match save::load(store.as_mut()) {
            Found::Nothing => (None, None),
            Found::Resumable(p, line) => (Some((p, line)), None),
            Found::Problem(msg) => {
                log(&format!("save-problem {msg}"));
                (None, Some(msg))
            }
        };
        let games: Vec<String> = play::catalog()
            .iter()
            .map(|g| format!("{}:{}", g.id, if g.available { 1 } else { 0 }))
            .collect();
        log(&format!("ready games={}", games.join(",")));
        if let Some((_, line)) = &saved {
            log(&format!("save-found {line}"));
        }
        App {
            screen: Screen::Title,
            store,
            sounds: None,
            muted,
            tracker: Tracker::default(),
            ui: Ui::new(),
            saved,
            notice,
            toast: None,
            setup: None,
            play: None,
            rules_for: None,
            rules_back: Screen::Title,
            rules_scroll: 0.0,
            scroll_from: None,
            aim: None,
            place: None,
            frame: None,
            table_area: Area::default(),
            camera: Camera::default(),
            camera_bounds: [0.0; 4],
            whole_table: false,
            over_since: None,
            frames: 0,
            last_size: (0.0, 0.0),
            logged_screen: None,
            probe_input: 0,
            probe_anchor: (-1.0, -1.0),
            kind_pick: None,
        }
    }

    fn say(&mut self, msg: impl Into<String>, bad: bool) {
        let m = msg.into();
        if bad {
            log(&format!("refused {m}"));
        }
        self.toast = Some((m, get_time() + 3.0, bad));
    }

    fn sfx(&self, e: sound::Effect) {
        if self.muted {
            return;
        }
        if let Some(s) = &self.sounds {
            if let Some((_, snd)) = s.list.iter().find(|(k, _)| *k == e) {
                play_sound(
                    snd,
                    PlaySoundParams {
                        looped: false,
                        volume: 0.7,
                    },
                );
            }
        }
    }

    fn go(&mut self, s: Screen) {
        self.screen = s;
        self.aim = None;
        self.scroll_from = None;
        if let Some(e) = self.tracker.cancel() {
            self.ui.events.push(e);
        }
        self.ui.down_at = None;
        self.ui.released = None;
    }

    fn input(&mut self) {
        let dpi = screen_dpi_scale().max(0.01);
        let raw: Vec<RawTouch> = touches()
            .into_iter()
            .map(|t| RawTouch {
                id: t.id,
                phase: match t.phase {
                    TouchPhase::Started => RawPhase::Started,
                    TouchPhase::Moved => RawPhase::Moved,
                    TouchPhase::Stationary => RawPhase::Stationary,
                    TouchPhase::Ended => RawPhase::Ended,
                    TouchPhase::Cancelled => RawPhase::Cancelled,
                },
                x: t.position.x / dpi,
                y: t.position.y / dpi,
            })
            .collect();
        let (mx, my) = mouse_position();
        let mouse = MouseState {
            down: is_mouse_button_down(MouseButton::Left),
            pressed: is_mouse_button_pressed(MouseButton::Left),
            released: is_mouse_button_released(MouseButton::Left),
            x: mx,
            y: my,
        };
        let (w, h) = (screen_width(), screen_height());
        let mut events = Vec::new();
        if (w, h) != self.last_size {
            // A resize or a rotation: the state stays, a gesture in progress is dropped.
            if let Some(e) = self.tracker.cancel() {
                events.push(e);
            }
            self.last_size = (w, h);
        }
        events.extend(self.tracker.update(&raw, mouse, w, h));
        self.ui.begin(w, h, events, self.tracker.primary_pos());
    }

    fn frame(&mut self) {
        self.input();
        clear_background(BG);
        self.probe_input = 0;
        self.probe_anchor = (-1.0, -1.0);
        if is_key_pressed(KeyCode::Escape) {
            match self.screen {
                Screen::Play => self.go(Screen::Pause),
                Screen::Pause => self.go(Screen::Play),
                Screen::Rules => {
                    let b = self.rules_back;
                    self.go(b)
                }
                Screen::Setup | Screen::Results => self.go(Screen::Title),
                Screen::Title => {}
            }
        }
        match self.screen {
            Screen::Title => self.title(),
            Screen::Setup => self.setup_screen(),
            Screen::Play => self.play_screen(true),
            Screen::Pause => {
                self.play_screen(false);
                self.pause();
            }
            Screen::Rules => self.rules(),
            Screen::Results => self.results(),
        }
        self.draw_toast();
        if self.logged_screen != Some(self.screen) {
            self.logged_screen = Some(self.screen);
            log(&format!("screen {}", self.screen.name()));
        }
        self.frames += 1;
        self.publish();
    }

    fn publish(&self) {
        let p = self.play.as_ref();
        probe::publish(probe::Probe {
            screen: self.screen.code(),
            frames: self.frames,
            moves: p.map(|p| p.session.replay.moves.len() as i32).unwrap_or(-1),
            turn: p
                .and_then(|p| p.game().turn())
                .map(|t| t as i32)
                .unwrap_or(-1),
            busy: p
                .map(|p| (p.flight.is_some() || (p.bot_turn() && !p.is_over())) as i32)
                .unwrap_or(0),
            human: p.map(|p| p.human_turn().is_some() as i32).unwrap_or(0),
            input: self.probe_input,
            anchor: self.probe_anchor,
            scale: self.frame.map(|f| f.scale).unwrap_or(0.0),
            buttons: self.ui.probe_buttons(),
            muted: self.muted as i32,
            has_save: self.saved.is_some() as i32,
        });
    }

    fn draw_toast(&mut self) {
        let Some((msg, until, bad)) = self.toast.clone() else {
            return;
        };
        if get_time() > until {
            self.toast = None;
            return;
        }
        let u = self.ui.u;
        let size = self.ui.size(3.6);
        let width = (self.ui.w - 8.0 * u).min(110.0 * u);
        let lines = self.ui.wrap(&msg, size, width - 4.0 * u);
        let h = lines.len() as f32 * size * 1.3 + 3.0 * u;
        let a = Area::new(
            (self.ui.w - width) * 0.5,
            self.ui.h - h - 16.0 * u,
            width,
            h,
        );
        self.ui.panel(a, Color::new(0.05, 0.05, 0.07, 0.9));
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

    fn mute_button(&mut self, a: Area) {
        let label = if self.muted { "Sound off" } else { "Sound on" };
        if self.ui.button("mute", a, label, true) {
            self.muted = !self.muted;
            if let Err(e) = save::set_muted(self.store.as_mut(), self.muted) {
                self.say(format!("Could not remember the sound setting: {e}"), true);
            }
            log(&format!("muted {}", self.muted as i32));
        }
    }

    // ---------------------------------------------------------------- title

    fn title(&mut self) {
        let (w, h, u) = (self.ui.w, self.ui.h, self.ui.u);
        let big = self.ui.size(8.0);
        self.ui.text_centred(
            "Catapult Table",
            Area::new(0.0, 3.0 * u, w, big),
            big,
            ACCENT,
        );
        let sub = self.ui.size(3.4);
        self.ui.text_centred(
            "Tabletop catapult games in side view. Pick a game:",
            Area::new(0.0, 4.0 * u + big, w, sub),
            sub,
            DIM,
        );
        let mut y = 8.0 * u + big + sub;
        if w >= h {
            self.mute_button(Area::new(w - 24.0 * u, 2.0 * u, 22.0 * u, 8.0 * u));
        } else {
            // Portrait: the title takes the whole width; the toggle sits under the subtitle.
            self.mute_button(Area::new(w - 27.0 * u, y - 2.0 * u, 24.0 * u, 9.0 * u));
            y += 9.0 * u;
        }
        let col_w = (w - 6.0 * u).min(150.0 * u);
        let x0 = (w - col_w) * 0.5;
        if let Some(msg) = self.notice.clone() {
            let size = self.ui.size(3.2);
            let lines = self.ui.wrap(&msg, size, col_w - 24.0 * u);
            let ph = (lines.len() as f32 * size * 1.3 + 3.0 * u).max(10.0 * u);
            let a = Area::new(x0, y, col_w, ph);
            self.ui.panel(a, Color::new(0.35, 0.1, 0.1, 0.9));
            self.ui.paragraph(
                &msg,
                a.x + 2.0 * u,
                a.y + 1.5 * u,
                col_w - 24.0 * u,
                size,
                TEXT,
            );
            if self.ui.button(
                "dismiss",
                Area::new(a.x + a.w - 20.0 * u, a.y + 1.0 * u, 18.0 * u, 8.0 * u),
                "OK",
                true,
            ) {
                self.notice = None;
            }
            y += ph + 2.0 * u;
        }
        if let Some((_, line)) = self.saved.as_ref() {
            let line = format!("Resume {line}");
            if self.ui.button(
                "resume-save",
                Area::new(x0, y, col_w, 10.0 * u),
                &line,
                true,
            ) {
                if let Some((p, _)) = self.saved.take() {
                    log(&format!(
                        "resume {} moves={}",
                        p.info.id,
                        p.session.replay.moves.len()
                    ));
                    self.start(*p);
                }
                return;
            }
            y += 12.0 * u;
        }
        let games = play::catalog();
        let cols = if w > h * 1.3 { 2 } else { 1 };
        let gap = 2.0 * u;
        let tile_w = (col_w - gap * (cols as f32 - 1.0)) / cols as f32;
        let rows = games.len().div_ceil(cols);
        let tile_h = ((h - y - 2.0 * u) / rows as f32 - gap).clamp(9.0 * u, 16.0 * u);
        for (i, g) in games.iter().enumerate() {
            let (c, r) = (i % cols, i / cols);
            let a = Area::new(
                x0 + c as f32 * (tile_w + gap),
                y + r as f32 * (tile_h + gap),
                tile_w,
                tile_h,
            );
            if self.tile(&format!("game:{}", g.id), a, g) {
                if g.available {
                    self.setup = Some(Setup::new(g));
                    self.go(Screen::Setup);
                } else {
                    self.say(
                        format!("{} is not built yet: it cannot be started.", g.name),
                        true,
                    );
                }
            }
        }
    }

    fn tile(&mut self, key: &str, a: Area, g: &GameInfo) -> bool {
        let u = self.ui.u;
        let tapped = self.ui.button_look(key, a, "", true, !g.available);
        let ts = self.ui.size(4.2);
        let bs = self.ui.size(2.8);
        let colour = if g.available { TEXT } else { DIM };
        self.ui
            .text(g.name, a.x + 2.5 * u, a.y + 1.5 * u, ts, colour);
        let status = if g.available {
            format!("{}-{} players", g.min_seats, g.max_seats)
        } else {
            "Not built yet".to_string()
        };
        let sw = self.ui.measure(&status, bs);
        let nw = self.ui.measure(&ui::plain(g.name), ts);
        // Beside the name when it fits, else in the bottom-right corner.
        let sy = if nw + sw + 7.0 * u <= a.w {
            a.y + 1.5 * u
        } else {
            a.y + a.h - bs - 1.2 * u
        };
        self.ui.text(
            &status,
            a.x + a.w - sw - 2.5 * u,
            sy,
            bs,
            if g.available { GOOD } else { ACCENT },
        );
        let lines = self.ui.wrap(g.blurb, bs, a.w - 5.0 * u);
        let room = ((a.h - ts - 2.5 * u) / (bs * 1.25)).floor().max(0.0) as usize;
        for (i, l) in lines.iter().take(room).enumerate() {
            self.ui.text(
                l,
                a.x + 2.5 * u,
                a.y + 2.0 * u + ts + i as f32 * bs * 1.25,
                bs,
                colour,
            );
        }
        tapped
    }

    // ---------------------------------------------------------------- setup

    fn setup_screen(&mut self) {
        let Some(mut s) = self.setup.take() else {
            self.go(Screen::Title);
            return;
        };
        let (w, h, u) = (self.ui.w, self.ui.h, self.ui.u);
        let big = self.ui.size(6.0);
        self.ui
            .text_centred(s.game.name, Area::new(0.0, 2.0 * u, w, big), big, ACCENT);
        let col_w = (w - 6.0 * u).min(150.0 * u);
        let x0 = (w - col_w) * 0.5;
        let mut y = 4.0 * u + big;
        let row = 9.0 * u;
        let ts = self.ui.size(3.8);
        // Seat count.
        self.ui.text(
            &format!("Players: {}", s.seats.len()),
            x0,
            y + (row - ts) * 0.5,
            ts,
            TEXT,
        );
        let n = s.seats.len();
        if self.ui.button(
            "seats-",
            Area::new(x0 + col_w - 26.0 * u, y, 12.0 * u, row - u),
            "-",
            n > s.game.min_seats,
        ) {
            s.resize(n - 1);
        }
        if self.ui.button(
            "seats+",
            Area::new(x0 + col_w - 12.0 * u, y, 12.0 * u, row - u),
            "+",
            n < s.game.max_seats,
        ) {
            s.resize(n + 1);
        }
        y += row + u;
        // Seats: one or two columns.
        let bottom_bar = 12.0 * u;
        let opt_h = s.game.options.len() as f32 * row;
        let room = ((h - y - bottom_bar - opt_h - 2.0 * u) / row)
            .floor()
            .max(1.0) as usize;
        let cols = if s.seats.len() > room { 2 } else { 1 };
        let cw = (col_w - 2.0 * u * (cols as f32 - 1.0)) / cols as f32;
        let per_col = s.seats.len().div_ceil(cols);
        let mut editing = s.editing;
        let mut renamed: Option<(usize, String)> = None;
        for i in 0..s.seats.len() {
            let (c, r) = (i / per_col, i % per_col);
            let rx = x0 + c as f32 * (cw + 2.0 * u);
            let ry = y + r as f32 * row;
            let seat = &s.seats[i];
            draw_rectangle(rx, ry + u, 2.0 * u, row - 3.0 * u, rgb(seat.rgb()));
            let name = if editing == Some(i) {
                format!("{}_", seat.name)
            } else {
                seat.name.clone()
            };
            let kind_w = 18.0 * u;
            if self.ui.button(
                &format!("seat:{i}:name"),
                Area::new(rx + 3.0 * u, ry, cw - kind_w - 4.0 * u, row - u),
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
            let kind = if seat.is_bot() { "Bot" } else { "Human" };
            if self.ui.button(
                &format!("seat:{i}:kind"),
                Area::new(rx + cw - kind_w, ry, kind_w, row - u),
                kind,
                true,
            ) {
                let s2 = &mut s.seats[i];
                let was_default = s2.name == Seat::new(i, s2.kind).name;
                s2.kind = if s2.is_bot() {
                    SeatKind::Human
                } else {
                    SeatKind::Bot
                };
                if was_default {
                    s2.name = Seat::new(i, s2.kind).name;
                }
            }
        }
        s.editing = editing;
        if let Some((i, name)) = renamed {
            if let Some(seat) = s.seats.get_mut(i) {
                seat.name = name;
            }
        }
        if let Some(i) = s.editing {
            if let Some(seat) = s.seats.get_mut(i) {
                while let Some(c) = get_char_pressed() {
                    if !c.is_control() && seat.name.chars().count() < 24 {
                        seat.name.push(c);
                    }
                }
                if is_key_pressed(KeyCode::Backspace) {
                    seat.name.pop();
                }
                if is_key_pressed(KeyCode::Enter) {
                    s.editing = None;
                }
            }
        }
        y += per_col as f32 * row + u;
        // Options.
        for (i, (name, desc)) in s.game.options.iter().enumerate() {
            let on = s.options[i];
            let label = format!("[{}] {name}: {desc}", if on { "x" } else { " " });
            if self.ui.button(
                &format!("opt:{i}"),
                Area::new(x0, y, col_w, row - u),
                &label,
                true,
            ) {
                s.options[i] = !on;
            }
            y += row;
        }
        // Bottom bar.
        let by = h - bottom_bar;
        let bw = (col_w - 4.0 * u) / 3.0;
        let back = self
            .ui
            .button("back", Area::new(x0, by, bw, 10.0 * u), "Back", true);
        let rules = self.ui.button(
            "rules",
            Area::new(x0 + bw + 2.0 * u, by, bw, 10.0 * u),
            "Rules",
            true,
        );
        let start = self.ui.button(
            "start",
            Area::new(x0 + 2.0 * (bw + 2.0 * u), by, bw, 10.0 * u),
            "Start",
            true,
        );
        let game = s.game;
        let seats = s.seats.clone();
        let options = s.chosen_options();
        self.setup = Some(s);
        if back {
            self.go(Screen::Title);
        } else if rules {
            self.show_rules(game, Screen::Setup);
        } else if start {
            for (i, seat) in seats.iter().enumerate() {
                if seat.name.trim().is_empty() {
                    self.say(format!("Seat {} needs a name.", i + 1), true);
                    return;
                }
            }
            let seed = platform::fixed_seed().unwrap_or_else(|| seed_now(self.frames));
            match Play::new(game, &options, seats.clone(), seed) {
                Ok(p) => {
                    let names: Vec<&str> = seats.iter().map(|s| s.name.as_str()).collect();
                    log(&format!(
                        "start {} seats={} humans={} seed={} names={}",
                        game.id,
                        seats.len(),
                        seats.iter().filter(|s| !s.is_bot()).count(),
                        seed,
                        names.join(",")
                    ));
                    self.saved = None;
                    self.start(p);
                    self.autosave();
                }
                Err(e) => self.say(format!("Cannot start: {e}"), true),
            }
        }
    }

    fn start(&mut self, p: Play) {
        self.play = Some(p);
        self.place = None;
        self.over_since = None;
        self.go(Screen::Play);
    }

    fn show_rules(&mut self, g: &'static GameInfo, back: Screen) {
        self.rules_for = Some(g);
        self.rules_back = back;
        self.rules_scroll = 0.0;
        self.go(Screen::Rules);
    }

    fn autosave(&mut self) {
        let Some(p) = self.play.as_ref() else {
            return;
        };
        match save::write(self.store.as_mut(), p) {
            Ok(()) => log(&format!("saved moves={}", p.session.replay.moves.len())),
            Err(e) => self.say(format!("The game could not be saved: {e}"), true),
        }
    }

    // ---------------------------------------------------------------- rules

    fn rules(&mut self) {
        let Some(g) = self.rules_for else {
            self.go(Screen::Title);
            return;
        };
        let (w, h, u) = (self.ui.w, self.ui.h, self.ui.u);
        let big = self.ui.size(6.0);
        let ts = self.ui.size(3.6);
        let col_w = (w - 8.0 * u).min(140.0 * u);
        let x0 = (w - col_w) * 0.5;
        let top = 4.0 * u + big;
        let bottom = h - 13.0 * u;
        // Drag to scroll.
        for e in self.ui.events.clone() {
            match e {
                PointerEvent::Down { y, .. } if y > top && y < bottom => {
                    self.scroll_from = Some((y, self.rules_scroll))
                }
                PointerEvent::Move { y, .. } => {
                    if let Some((y0, s0)) = self.scroll_from {
                        self.rules_scroll = (s0 + y0 - y).max(0.0);
                    }
                }
                PointerEvent::Up { .. } | PointerEvent::Cancel => self.scroll_from = None,
                _ => {}
            }
        }
        let (_, wheel) = mouse_wheel();
        self.rules_scroll = (self.rules_scroll - wheel * 0.5).max(0.0);
        let lines = self.ui.wrap(g.rules, ts, col_w);
        let lh = ts * 1.35;
        let total = lines.len() as f32 * lh;
        self.rules_scroll = self.rules_scroll.min((total - (bottom - top)).max(0.0));
        for (i, l) in lines.iter().enumerate() {
            let ly = top + i as f32 * lh - self.rules_scroll;
            if ly < top - lh * 0.2 || ly > bottom - lh {
                continue;
            }
            self.ui.text(l, x0, ly, ts, TEXT);
        }
        draw_rectangle(0.0, 0.0, w, top - u, BG);
        self.ui.text_centred(
            &format!("Rules: {}", g.name),
            Area::new(0.0, 2.0 * u, w, big),
            big,
            ACCENT,
        );
        if self.ui.button(
            "back",
            Area::new((w - 40.0 * u) * 0.5, h - 12.0 * u, 40.0 * u, 10.0 * u),
            "Back",
            true,
        ) {
            let b = self.rules_back;
            self.go(b);
        }
    }

    // ---------------------------------------------------------------- results

    fn results(&mut self) {
        let Some(p) = self.play.as_ref() else {
            self.go(Screen::Title);
            return;
        };
        let (w, h, u) = (self.ui.w, self.ui.h, self.ui.u);
        let big = self.ui.size(7.0);
        let ts = self.ui.size(3.8);
        let ranking = p.game().ranking();
        let names = p.names();
        let headline = match ranking.winner() {
            Some(s) => format!("{} wins!", names.get(s).cloned().unwrap_or_default()),
            None => "A shared victory!".to_string(),
        };
        self.ui
            .text_centred(&headline, Area::new(0.0, 4.0 * u, w, big), big, ACCENT);
        let col_w = (w - 8.0 * u).min(140.0 * u);
        let x0 = (w - col_w) * 0.5;
        let mut y = 8.0 * u + big;
        self.ui.text(
            &format!(
                "{} - final ranking (the reason each place is above the next):",
                p.info.name
            ),
            x0,
            y,
            self.ui.size(3.0),
            DIM,
        );
        y += 6.0 * u;
        for line in ranking.explain(&names) {
            let colour = ranking
                .standings
                .iter()
                .find(|s| line.contains(&names.get(s.seat).cloned().unwrap_or_default()))
                .and_then(|s| p.session.replay.seats.get(s.seat))
                .map(|s| rgb(s.rgb()))
                .unwrap_or(TEXT);
            draw_rectangle(x0, y + 0.4 * ts, 1.5 * u, ts * 0.8, colour);
            y += self
                .ui
                .paragraph(&line, x0 + 3.0 * u, y, col_w - 3.0 * u, ts, TEXT);
            y += u;
        }
        // Running totals round by round, for the games that keep them.
        let history = p.game().score_history();
        let chart_top = y + 2.0 * u;
        let chart_bottom = h - 14.0 * u;
        if !history.is_empty() && chart_bottom - chart_top > 24.0 * u {
            let colours: Vec<Color> = p
                .session
                .replay
                .seats
                .iter()
                .map(|s| rgb(s.rgb()))
                .collect();
            let goal = p.game().score_goal();
            self.draw_chart(
                &history,
                goal,
                &colours,
                Area::new(x0, chart_top, col_w, chart_bottom - chart_top),
            );
        }
        let bw = (col_w - 2.0 * u) / 2.0;
        let again = self.ui.button(
            "again",
            Area::new(x0, h - 12.0 * u, bw, 10.0 * u),
            "Play again",
            true,
        );
        let title = self.ui.button(
            "title",
            Area::new(x0 + bw + 2.0 * u, h - 12.0 * u, bw, 10.0 * u),
            "Title",
            true,
        );
        if again {
            self.restart();
        } else if title {
            self.play = None;
            self.go(Screen::Title);
        }
    }

    /// The running totals as a line chart in `area`: axes with round numbers and points, the
    /// goal line, one line per seat in its colour.
    fn draw_chart(&self, history: &[Vec<i64>], goal: Option<i64>, colours: &[Color], area: Area) {
        let u = self.ui.u;
        let small = self.ui.size(2.6);
        let label_w = self.ui.measure("000", small) + 2.0 * u;
        let title_h = small * 1.6;
        let plot = Area::new(
            area.x + label_w,
            area.y + title_h + u,
            (area.w - label_w - 2.0 * u).max(1.0),
            (area.h - title_h - small * 3.2 - 2.0 * u).max(1.0),
        );
        let c = chart::Chart::new(history, goal, plot);
        self.ui
            .text("Points after each round", area.x, area.y, small, DIM);
        let axis = Color::new(0.62, 0.64, 0.68, 0.9);
        let grid = Color::new(1.0, 1.0, 1.0, 0.07);
        let bottom = plot.y + plot.h;
        for (ty, v) in &c.y_ticks {
            draw_line(plot.x, *ty, plot.x + plot.w, *ty, 1.0, grid);
            let t = v.to_string();
            let tw = self.ui.measure(&t, small);
            self.ui
                .text(&t, plot.x - tw - u, ty - small * 0.6, small, DIM);
        }
        for (tx, r) in &c.x_ticks {
            draw_line(*tx, bottom, *tx, bottom + 0.8 * u, 1.0, axis);
            let t = r.to_string();
            let tw = self.ui.measure(&t, small);
            self.ui.text(&t, tx - tw * 0.5, bottom + u, small, DIM);
        }
        let rw = self.ui.measure("round", small);
        self.ui.text(
            "round",
            plot.x + (plot.w - rw) * 0.5,
            bottom + u + small * 1.4,
            small,
            DIM,
        );
        draw_line(plot.x, plot.y, plot.x, bottom, 1.5, axis);
        draw_line(plot.x, bottom, plot.x + plot.w, bottom, 1.5, axis);
        if let Some((gy, g)) = c.goal {
            // A dashed goal line.
            let dash = 2.0 * u;
            let mut x = plot.x;
            while x < plot.x + plot.w {
                let x2 = (x + dash).min(plot.x + plot.w);
                draw_line(x, gy, x2, gy, 2.0, ACCENT);
                x += 2.0 * dash;
            }
            let t = format!("goal {g}");
            let tw = self.ui.measure(&t, small);
            self.ui
                .text(&t, plot.x + plot.w - tw, gy - small * 1.3, small, ACCENT);
        }
        let thick = (0.6 * u).max(2.0);
        for (s, line) in c.lines.iter().enumerate() {
            let col = colours.get(s).copied().unwrap_or(TEXT);
            for pair in line.windows(2) {
                draw_line(pair[0].0, pair[0].1, pair[1].0, pair[1].1, thick, col);
            }
            for &(px, py) in line.iter().skip(1) {
                draw_circle(px, py, thick * 1.2, col);
            }
        }
    }

    fn restart(&mut self) {
        let Some(p) = self.play.as_ref() else {
            return;
        };
        match p.restart(seed_now(self.frames)) {
            Ok(np) => {
                log(&format!(
                    "start {} seats={} restart",
                    np.info.id,
                    np.names().len()
                ));
                self.start(np);
                self.autosave();
            }
            Err(e) => self.say(format!("Cannot restart: {e}"), true),
        }
    }

    // ---------------------------------------------------------------- pause

    fn pause(&mut self) {
        let (w, h, u) = (self.ui.w, self.ui.h, self.ui.u);
        draw_rectangle(0.0, 0.0, w, h, Color::new(0.0, 0.0, 0.0, 0.6));
        let bw = (w - 8.0 * u).min(60.0 * u);
        let x = (w - bw) * 0.5;
        let bh = 11.0 * u;
        let y0 = (h - 4.0 * (bh + 2.0 * u)) * 0.5;
        let big = self.ui.size(6.0);
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
        } else if self.ui.button("rules", b(2), "Rules", true) {
            if let Some(g) = self.play.as_ref().map(|p| p.info) {
                self.show_rules(g, Screen::Pause);
            }
        } else if self.ui.button("quit", b(3), "Quit to title", true) {
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

    // ---------------------------------------------------------------- play

    fn play_screen(&mut self, active: bool) {
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

    fn bottom_action(
        &mut self,
        p: &mut Play,
        key: &str,
        choices: &[crate::core::Choice],
        placement: Option<&PlacementPrompt>,
    ) {
        if key == "view:fit" {
            self.camera = Camera::default();
            log("view fit");
            return;
        }
        if key == "view:whole" {
            self.whole_table = !self.whole_table;
            log(&format!("view whole={}", self.whole_table));
            return;
        }
        if key == "undo" {
            match p.undo() {
                Ok(()) => {
                    log(&format!("undo moves={}", p.session.replay.moves.len()));
                    self.play_later_save(p);
                }
                Err(e) => self.say(e.0, true),
            }
            return;
        }
        if let Some(name) = key.strip_prefix("kind:") {
            let picked = p
                .game()
                .launch_prompt()
                .and_then(|lp| lp.kinds.into_iter().find(|k| k.name() == name));
            if picked.is_some() {
                self.kind_pick = picked;
                self.aim = None;
            }
            return;
        }
        if key == "release" {
            let Some(lp) = p.game().launch_prompt() else {
                return;
            };
            match gesture::release_launch(&lp) {
                Ok(launch) => match p.fire(launch) {
                    Ok(()) => log("fire release"),
                    Err(e) => self.say(format!("Refused: {e}"), true),
                },
                Err(r) => self.say(r.message, true),
            }
            return;
        }
        if key == "place" {
            let (Some(pp), Some(pl), Some(seat)) = (placement, self.place.as_ref(), p.human_turn())
            else {
                return;
            };
            let args = gesture::placement_args(pp, pl.x, pl.y, pl.angle);
            let mv = Move::decide(seat, &pp.action, &args);
            self.decide(p, mv);
            return;
        }
        if let Some(i) = key
            .strip_prefix("choice:")
            .and_then(|s| s.parse::<usize>().ok())
        {
            if let Some(c) = choices.get(i) {
                self.decide(p, c.mv.clone());
            }
        }
    }

    fn decide(&mut self, p: &mut Play, mv: Move) {
        match p.decide(mv) {
            Ok(ev) => {
                let mut effect = None;
                for e in &ev {
                    if let Some(fx) = sound::for_event(&e.kind) {
                        effect = Some(fx);
                    }
                }
                if let Some(fx) = effect {
                    self.sfx(fx);
                }
                log_move(p);
                self.place = None;
                self.play_later_save(p);
            }
            Err(e) => self.say(e.0, true),
        }
    }

    /// Saves a play that is currently taken out of `self.play`.
    fn play_later_save(&mut self, p: &Play) {
        match save::write(self.store.as_mut(), p) {
            Ok(()) => log(&format!("saved moves={}", p.session.replay.moves.len())),
            Err(e) => self.say(format!("The game could not be saved: {e}"), true),
        }
    }

    fn launch_input(
        &mut self,
        p: &mut Play,
        lp: &LaunchPrompt,
        kind: LaunchKind,
        f: &Frame,
        feel: &Feel,
    ) {
        let u = self.ui.u;
        let (ox, oy) = f.to_screen(lp.origin[0], lp.origin[1]);
        self.probe_anchor = (ox, oy);
        self.probe_input = match kind {
            LaunchKind::Catapult => 1,
            LaunchKind::Toss => 2,
            LaunchKind::Flick => 3,
            LaunchKind::Wrist => 4,
            LaunchKind::Release => 6,
        };
        if kind == LaunchKind::Release {
            // Nothing to aim: the bottom bar's Let go button fires.
            self.aim = None;
            return;
        }
        // The ring where a gesture starts.
        let pulse = 0.5 + 0.5 * (get_time() as f32 * 4.0).sin();
        let ring = feel.grab * f.scale;
        draw_circle_lines(
            ox,
            oy,
            ring,
            (u * 0.5).max(1.5),
            Color::new(0.95, 0.68, 0.22, 0.35 + 0.4 * pulse),
        );
        let hint = match kind {
            LaunchKind::Catapult | LaunchKind::Toss => "Drag back from the ring and let go to fire",
            LaunchKind::Flick => "Flick: swipe fast across the ring",
            LaunchKind::Wrist => "Throw: flick out from the ring; curve it for spin",
            LaunchKind::Release => "",
        };
        if self.aim.is_none() {
            let small = self.ui.size(2.8);
            let hw = self.ui.measure(hint, small);
            let hx = (ox - hw * 0.5).clamp(u, (self.ui.w - hw - u).max(u));
            self.ui.text(hint, hx, oy + ring + u, small, DIM);
        }
        let now = get_time();
        for e in self.ui.events.clone() {
            match e {
                PointerEvent::Down { x, y } => {
                    if self.ui.on_button(x, y) || !self.table_area.contains(x, y) {
                        continue;
                    }
                    let (wx, wy) = f.to_world(x, y);
                    if gesture::near_launcher(lp, wx, wy, feel) {
                        self.aim = Some(Aim {
                            samples: vec![Sample::new(0.0, wx, wy)],
                            t0: now,
                        });
                    } else {
                        self.aim = None;
                        self.say("Start on the launcher: the glowing ring.", true);
                    }
                }
                PointerEvent::Move { x, y } => {
                    if let Some(a) = self.aim.as_mut() {
                        let (wx, wy) = f.to_world(x, y);
                        if a.samples.len() < 4000 {
                            a.samples.push(Sample::new((now - a.t0) as f32, wx, wy));
                        }
                    }
                }
                PointerEvent::Up { x, y } => {
                    if let Some(mut a) = self.aim.take() {
                        let (wx, wy) = f.to_world(x, y);
                        a.samples.push(Sample::new((now - a.t0) as f32, wx, wy));
                        match gesture::launch_for(lp, kind, &a.samples, feel) {
                            Ok(launch) => {
                                let text = format!(
                                    "{} angle {} power {} spin {} x {} y {}",
                                    launch.kind,
                                    launch.angle,
                                    launch.power,
                                    launch.spin,
                                    launch.x,
                                    launch.y
                                );
                                match p.fire(launch) {
                                    Ok(()) => {
                                        log(&format!("fire {text}"));
                                        self.sfx(sound::Effect::Launch);
                                    }
                                    Err(e) => self.say(format!("Refused: {e}"), true),
                                }
                            }
                            Err(r) => self.say(r.message, !r.quiet),
                        }
                    }
                }
                PointerEvent::Cancel if self.aim.is_some() => {
                    self.aim = None;
                    log("gesture cancelled");
                    self.say("Gesture cancelled.", false);
                }
                _ => {}
            }
        }
        // Aim feedback.
        if let (Some(a), Some((px, py))) = (self.aim.as_ref(), self.ui.pointer) {
            let (wx, wy) = f.to_world(px, py);
            let mut preview = a.samples.clone();
            preview.push(Sample::new((now - a.t0) as f32, wx, wy));
            let trail: Vec<(f32, f32)> = preview.iter().map(|s| f.to_screen(s.x, s.y)).collect();
            for w2 in trail.windows(2) {
                draw_line(
                    w2[0].0,
                    w2[0].1,
                    w2[1].0,
                    w2[1].1,
                    u * 0.5,
                    Color::new(1.0, 1.0, 1.0, 0.3),
                );
            }
            let drag = matches!(kind, LaunchKind::Catapult | LaunchKind::Toss);
            if drag {
                let small = self.ui.size(3.0);
                match gesture::launch_for(lp, kind, &preview, feel) {
                    Ok(l) => {
                        let len = (l.power as f32 / 1000.0) * feel.reach * 1.4 * f.scale + 4.0 * u;
                        let (dx, dy) = crate::physics::launch::direction(l.angle);
                        let (ex, ey) = (ox + dx * len, oy - dy * len);
                        draw_line(ox, oy, ex, ey, u * 0.8, ACCENT);
                        draw_circle(ex, ey, u * 1.2, ACCENT);
                        draw_line(ox, oy, px, py, u * 0.4, Color::new(0.9, 0.9, 0.9, 0.6));
                        self.ui.text(
                            &format!("{} deg  {}%", l.angle / 10, l.power / 10),
                            ex + 2.0 * u,
                            ey - small,
                            small,
                            TEXT,
                        );
                    }
                    Err(r) => {
                        draw_line(ox, oy, px, py, u * 0.4, BAD);
                        self.ui.text(
                            &r.message,
                            px + 2.0 * u,
                            py,
                            small,
                            if r.quiet { DIM } else { BAD },
                        );
                    }
                }
            }
        }
    }

    /// Moving a piece that is on the table (a placement prompt with sources): press on a
    /// highlighted source to pick it up, the ghost follows the finger, letting go on a snap sends
    /// the move (the rules may still refuse it, with the reason); anywhere else cancels.
    fn carry_input(&mut self, p: &mut Play, pp: &PlacementPrompt, f: &Frame, seat: usize) {
        let u = self.ui.u;
        let tag = format!("{}:{}:{}:carry", pp.action, pp.label, seat);
        if self.place.as_ref().map(|pl| pl.tag != tag).unwrap_or(true) {
            self.place = Some(Place {
                x: 0.0,
                y: 0.0,
                angle: 0,
                grab: None,
                carry: None,
                tag,
            });
        }
        let Some(mut pl) = self.place.take() else {
            return;
        };
        // Room for a finger around a piece, in metres (never wider than half a piece).
        let slop = (3.0 * u / f.scale.max(1e-3)).min(pp.half_extents[0].max(pp.half_extents[1]));
        let mut send: Option<[i64; 4]> = None;
        for e in self.ui.events.clone() {
            match e {
                PointerEvent::Down { x, y } => {
                    if self.ui.on_button(x, y) || !self.table_area.contains(x, y) {
                        continue;
                    }
                    let (wx, wy) = f.to_world(x, y);
                    match gesture::Carry::pick(pp, wx, wy, slop) {
                        Some(c) => {
                            let (gx, gy) = c.ghost(wx, wy);
                            pl.x = gx;
                            pl.y = gy;
                            pl.carry = Some((c, (wx, wy)));
                        }
                        None => {
                            self.say("Press on one of the highlighted pieces to pick it up", true)
                        }
                    }
                }
                PointerEvent::Move { x, y } => {
                    if let Some((c, _)) = &pl.carry {
                        let (wx, wy) = f.to_world(x, y);
                        let (gx, gy) = c.ghost(wx, wy);
                        pl.x = gx;
                        pl.y = gy;
                    }
                }
                PointerEvent::Up { x, y } => {
                    let Some((c, press)) = pl.carry.take() else {
                        continue;
                    };
                    let (wx, wy) = f.to_world(x, y);
                    match c.release(pp, wx, wy, slop) {
                        Some(args) => send = Some(args),
                        None if (wx - press.0).hypot(wy - press.1) < slop => {
                            self.say("Drag the piece onto a ringed spot and let go there", false)
                        }
                        None => {
                            self.say("Not on a ringed spot: the piece stays where it was", true)
                        }
                    }
                }
                PointerEvent::Cancel => {
                    if pl.carry.take().is_some() {
                        self.say("Drag cancelled: the piece stays where it was", false);
                    }
                }
                PointerEvent::SecondDown { .. }
                | PointerEvent::SecondMove { .. }
                | PointerEvent::SecondUp => {}
            }
        }
        // Sources highlighted (the carried one dimmed), snaps ringed (the one under the ghost
        // bright), the ghost under the finger.
        let (pw, ph) = (
            (2.0 * pp.half_extents[0] * f.scale).max(2.0),
            (2.0 * pp.half_extents[1] * f.scale).max(2.0),
        );
        let pulse = 0.55 + 0.35 * (get_time() as f32 * 4.0).sin();
        let carried = pl.carry.map(|(c, _)| c.source);
        for (i, s) in pp.sources.iter().enumerate() {
            let (a, b) = f.to_screen(s[0], s[1]);
            if Some(i) == carried {
                draw_rectangle(
                    a - pw * 0.5,
                    b - ph * 0.5,
                    pw,
                    ph,
                    Color::new(0.0, 0.0, 0.0, 0.45),
                );
            } else if carried.is_none() {
                draw_rectangle(
                    a - pw * 0.5,
                    b - ph * 0.5,
                    pw,
                    ph,
                    Color::new(ACCENT.r, ACCENT.g, ACCENT.b, 0.3 * pulse),
                );
                draw_rectangle_lines(
                    a - pw * 0.5 - 0.4 * u,
                    b - ph * 0.5 - 0.4 * u,
                    pw + 0.8 * u,
                    ph + 0.8 * u,
                    (u * 0.4).max(1.5),
                    Color::new(ACCENT.r, ACCENT.g, ACCENT.b, pulse),
                );
            }
        }
        if let Some((c, _)) = pl.carry {
            let (fx, fy) = (pl.x - c.dx, pl.y - c.dy);
            let under = c.snap_at(pp, fx, fy, slop);
            for (i, s) in pp.snaps.iter().enumerate() {
                let (a, b) = f.to_screen(s[0], s[1]);
                if Some(i) == under {
                    draw_rectangle_lines(
                        a - pw * 0.5,
                        b - ph * 0.5,
                        pw,
                        ph,
                        (u * 0.4).max(1.5),
                        Color::new(0.45, 0.95, 0.5, 0.9),
                    );
                } else {
                    draw_circle_lines(a, b, u, 1.0, Color::new(1.0, 1.0, 1.0, 0.5));
                }
            }
            let (sx, sy) = f.to_screen(pl.x, pl.y);
            draw_rectangle(
                sx - pw * 0.5,
                sy - ph * 0.5,
                pw,
                ph,
                Color::new(0.95, 0.68, 0.22, 0.6),
            );
        }
        let small = self.ui.size(2.8);
        let hint = format!(
            "{}: press on a highlighted piece, drag it onto a ringed spot and let go",
            pp.label
        );
        let lines = self.ui.wrap(&hint, small, self.table_area.w - 4.0 * u);
        let y0 = self.table_area.y + self.table_area.h - (lines.len() as f32 + 3.5) * small * 1.3;
        for (i, l) in lines.iter().enumerate() {
            self.ui
                .text(l, 2.0 * u, y0 + i as f32 * small * 1.3, small, ACCENT);
        }
        self.probe_input = 7;
        self.probe_anchor = pp
            .sources
            .first()
            .map(|s| f.to_screen(s[0], s[1]))
            .unwrap_or((-1.0, -1.0));
        self.place = Some(pl);
        if let Some(args) = send {
            let mv = Move::decide(seat, &pp.action, &args);
            log(&format!("drag {} {:?}", pp.action, args));
            self.decide(p, mv);
        }
    }

    fn placement_input(&mut self, pp: &PlacementPrompt, f: &Frame, seat: usize) {
        let u = self.ui.u;
        let tag = format!("{}:{}:{}", pp.action, pp.label, seat);
        if self.place.as_ref().map(|pl| pl.tag != tag).unwrap_or(true) {
            let (x, y) = match pp.snaps.first() {
                Some(s) => (s[0], s[1]),
                None => (
                    (pp.region[0] + pp.region[2]) * 0.5,
                    (pp.region[1] + pp.region[3]) * 0.5,
                ),
            };
            self.place = Some(Place {
                x,
                y,
                angle: gesture::clamp_angle(0, pp.angle),
                grab: None,
                carry: None,
                tag,
            });
        }
        let Some(mut pl) = self.place.take() else {
            return;
        };
        let rotates = pp.angle != (0, 0);
        let args = gesture::placement_args(pp, pl.x, pl.y, pl.angle);
        let (gx, gy) = (args[0] as f32 / 1000.0, args[1] as f32 / 1000.0);
        let ga = args[2] as f32 * core::f32::consts::PI / 1800.0;
        let (sx, sy) = f.to_screen(gx, gy);
        let reach = pp.half_extents[0] * f.scale + 6.0 * u;
        let (hx, hy) = (sx + ga.cos() * reach, sy - ga.sin() * reach);
        self.probe_input = 5;
        self.probe_anchor = (sx, sy);
        for e in self.ui.events.clone() {
            match e {
                PointerEvent::Down { x, y } => {
                    if self.ui.on_button(x, y) || !self.table_area.contains(x, y) {
                        continue;
                    }
                    let (wx, wy) = f.to_world(x, y);
                    pl.grab = if rotates && (x - hx).hypot(y - hy) < 5.0 * u {
                        Some(Grab::Rotate)
                    } else {
                        Some(Grab::Move {
                            dx: gx - wx,
                            dy: gy - wy,
                        })
                    };
                    if matches!(pl.grab, Some(Grab::Move { .. })) {
                        pl.x = gx;
                        pl.y = gy;
                    }
                }
                PointerEvent::Move { x, y } => {
                    let (wx, wy) = f.to_world(x, y);
                    match pl.grab {
                        Some(Grab::Move { dx, dy }) => {
                            pl.x = wx + dx;
                            pl.y = wy + dy;
                        }
                        Some(Grab::Rotate) => {
                            pl.angle = gesture::clamp_angle(
                                gesture::angle_tenths(wx - gx, wy - gy),
                                pp.angle,
                            );
                        }
                        Some(Grab::Twist { base, a0, b0 }) => {
                            if let Some(b1) = self.tracker.secondary_pos() {
                                let t = gesture::twist_tenths(
                                    (a0.0, -a0.1),
                                    (b0.0, -b0.1),
                                    (x, -y),
                                    (b1.0, -b1.1),
                                );
                                pl.angle = gesture::clamp_angle(base + t, pp.angle);
                            }
                        }
                        None => {}
                    }
                }
                PointerEvent::SecondDown { x, y } => {
                    if let (true, Some(a0)) = (rotates, self.tracker.primary_pos()) {
                        pl.grab = Some(Grab::Twist {
                            base: pl.angle,
                            a0,
                            b0: (x, y),
                        });
                    }
                }
                PointerEvent::SecondMove { x, y } => {
                    if let (Some(Grab::Twist { base, a0, b0 }), Some(a1)) =
                        (&pl.grab, self.tracker.primary_pos())
                    {
                        let t = gesture::twist_tenths(
                            (a0.0, -a0.1),
                            (b0.0, -b0.1),
                            (a1.0, -a1.1),
                            (x, -y),
                        );
                        pl.angle = gesture::clamp_angle(*base + t, pp.angle);
                    }
                }
                PointerEvent::SecondUp => {
                    if matches!(pl.grab, Some(Grab::Twist { .. })) {
                        pl.grab = None;
                    }
                }
                PointerEvent::Up { .. } | PointerEvent::Cancel => pl.grab = None,
            }
        }
        // Draw the ghost where it would land, and the rotate handle.
        let args = gesture::placement_args(pp, pl.x, pl.y, pl.angle);
        let (gx, gy) = (args[0] as f32 / 1000.0, args[1] as f32 / 1000.0);
        let ga = args[2] as f32 * core::f32::consts::PI / 1800.0;
        let (sx, sy) = f.to_screen(gx, gy);
        let (x0, y0) = f.to_screen(pp.region[0], pp.region[3]);
        let (x1, y1) = f.to_screen(pp.region[2], pp.region[1]);
        let ta = self.table_area;
        let (x0, y0) = (x0.max(ta.x), y0.max(ta.y));
        let (x1, y1) = (x1.min(ta.x + ta.w), y1.min(ta.y + ta.h));
        if x1 > x0 && y1 > y0 {
            draw_rectangle_lines(
                x0,
                y0,
                x1 - x0,
                y1 - y0,
                (u * 0.3).max(1.0),
                Color::new(1.0, 1.0, 1.0, 0.25),
            );
        }
        for s in &pp.snaps {
            let (a, b) = f.to_screen(s[0], s[1]);
            draw_circle_lines(a, b, u, 1.0, Color::new(1.0, 1.0, 1.0, 0.4));
        }
        draw_rectangle_ex(
            sx,
            sy,
            (2.0 * pp.half_extents[0] * f.scale).max(2.0),
            (2.0 * pp.half_extents[1] * f.scale).max(2.0),
            DrawRectangleParams {
                offset: vec2(0.5, 0.5),
                rotation: -ga,
                color: Color::new(0.95, 0.68, 0.22, 0.6),
            },
        );
        if rotates {
            let reach = pp.half_extents[0] * f.scale + 6.0 * u;
            let (hx, hy) = (sx + ga.cos() * reach, sy - ga.sin() * reach);
            draw_line(sx, sy, hx, hy, u * 0.3, ACCENT);
            draw_circle(hx, hy, 2.2 * u, ACCENT);
        }
        let small = self.ui.size(2.8);
        let hint = format!(
            "{}: drag it{}, then tap Place",
            pp.label,
            if rotates { ", turn it by the dot" } else { "" }
        );
        let lines = self.ui.wrap(&hint, small, self.table_area.w - 4.0 * u);
        let y0 = self.table_area.y + self.table_area.h - (lines.len() as f32 + 3.5) * small * 1.3;
        for (i, l) in lines.iter().enumerate() {
            self.ui
                .text(l, 2.0 * u, y0 + i as f32 * small * 1.3, small, ACCENT);
        }
        self.probe_anchor = (sx, sy);
        self.place = Some(pl);
    }
}

fn log_move(p: &Play) {
    let n = p.session.replay.moves.len();
    let Some(m) = p.session.replay.moves.last() else {
        return;
    };
    if m.is_shot() {
        let facts: Vec<String> = m
            .outcome
            .as_ref()
            .map(|o| {
                o.facts
                    .iter()
                    .map(|f| format!("{}{:?}", f.what, f.args))
                    .collect()
            })
            .unwrap_or_default();
        log(&format!(
            "move {n} seat {} shot facts={} {}",
            m.seat,
            facts.len(),
            facts.join(" ")
        ));
    } else {
        log(&format!(
            "move {n} seat {} {} {:?}",
            m.seat, m.action, m.args
        ));
    }
}

/// The app's main loop.
pub async fn run() {
    simulate_mouse_with_touch(false);
    let mut app = App::new();
    // The loading indicator stays up until a frame has drawn all its text (the glyphs of the
    // first frame are rasterized at the start of the second).
    let mut announced = false;
    loop {
        app.frame();
        next_frame().await;
        if !announced && (app.ui.glyphs_settled() || app.frames > 10) {
            announced = true;
            platform::first_frame();
            log("first-frame");
            app.sounds = Some(Sounds::load().await);
        }
    }
}
