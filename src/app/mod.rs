//! The app: the only code that touches the window. Everything that can be decided without a
//! window lives in the pure submodules (`frame`, `gesture`, `pointer`, `play`, `save`, `sound`)
//! and is unit-tested there; the other files wire them to macroquad, one concern each.
//!
//! This file is the shell: the main loop, input, the probe, the screen-reader layer and the
//! screen stack (`screen`) it runs; `session` is what the shell does with the game in play
//! (links, the online room, the pause menu's requests). Where things live:
//! - `context`: `Ctx`, what every screen borrows (storage, sounds, settings, the widgets,
//!   messages, the network, the saved game);
//! - screens, one type each in `screens/`, each drawing itself (`XScreen::draw(&mut self, cx)`):
//!   `title`, `setup` (seats and options), `rules`, `pause`, `results`, `viewer`, `room`,
//!   `challenge`, `upright`, and `play`;
//! - the in-game screen, `screens/play/`: `PlayScreen` (layout and the turn loop) and its
//!   `Table` (the table on screen and the gestures over it, fresh for each game), with what the
//!   table does beside it: `aim` (launch gestures), `placement` (placing and moving pieces),
//!   `map` (the tile map), `round_map`, `hints`, `designs`, `hud` (top bar and the text over the
//!   table), `camera` (framing, zoom, drawing), `bottom_bar` (buttons and the decisions they
//!   send), `cover` (pass and play); `route` (each press to one owner);
//! - `toast` (messages), `audio` (sounds), `journal` (log lines and seeds).

pub mod a11y;
pub mod aim_words;
pub mod backdrop;
pub mod board;
pub mod chart;
pub mod contrast;
pub mod daily;
pub mod diary;
pub mod draw;
pub mod effects;
pub mod flight;
pub mod follow;
pub mod frame;
pub mod gesture;
pub mod grid;
mod journal;
pub mod keyaim;
pub mod keymap;
pub mod keyplace;
pub mod keyqueue;
pub mod keys_help;
pub mod map_words;
pub mod marks;
pub mod nav;
pub mod platform;
pub mod play;
pub mod pointer;
pub mod probe;
pub mod route;
pub mod save;
pub mod scene;
pub mod screen;
pub mod seen;
pub mod sound;
pub mod store;
pub mod subset;
pub mod switch;
pub mod ui;
pub mod viewer;
pub mod warm;
pub mod wording;

pub mod aim;
mod audio;
mod context;
mod designs;
mod hints;
mod icons;
mod map;
mod online;
mod paint;
mod round_map;
mod rules_text;
mod screens;
mod session;
mod share;
mod toast;

use audio::Sounds;
use context::Ctx;

use macroquad::prelude::*;
use pointer::{MouseState, RawPhase, RawTouch};
use save::Found;
use screen::ScreenId;
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

/// The app's screens, one type each, and what they ask of the stack.
type Screens = screen::Stack<Box<dyn screen::Screen<Ctx>>>;
type Command = screen::Command<Box<dyn screen::Screen<Ctx>>>;

/// The shell under the screens: the screen stack and the context it lends them (`Ctx`: storage,
/// sounds, settings, the widgets, messages, the network). A screen's state and its drawing are
/// in its own type: the game in play and its table are the play screen's (then the results'),
/// read here through the stack (`Screens::game`, `Screens::table`).
struct App {
    screens: Screens,
    /// The top screen after the last frame.
    shown: ScreenId,
    cx: Ctx,
    /// What the screen-reader layer was last told.
    a11y: a11y::Mirror,
    /// The window's keys in the order pressed (one a frame for the screens).
    keys: keyqueue::Subscription,
    /// The window's size last frame (a resize drops the gesture under way).
    last_size: (f32, f32),
    /// A game link being opened (its shots re-simulated over a few frames).
    opening: Option<share::Pending>,
    /// One switch: since when the switch is held while the table takes it, and whether that
    /// hold has opened the menu.
    switch_hold: Option<(f64, bool)>,
}

/// One line of the app's log (the browser console on the web; e2e tests read it).
fn log(line: &str) {
    platform::log(&format!("[ct] {line}"));
}

impl App {
    fn new() -> App {
        let mut store = platform::store();
        let muted = save::muted(store.as_ref());
        let reduce_motion =
            save::reduce_motion(store.as_ref()) || platform::prefers_reduced_motion();
        let (saved, notice) = match save::load(store.as_mut()) {
            Found::Nothing => (None, None),
            Found::Resumable(p, line) => (Some((p, line)), None),
            Found::Problem(msg) => {
                log(&format!("save-problem {msg}"));
                (None, Some(msg))
            }
        };
        let mut diary = diary::Diary::load(store.as_mut(), journal::seed_now(0));
        diary.expire(daily::day_at(miniquad::date::now()));
        let games: Vec<String> = play::catalog()
            .iter()
            .map(|g| format!("{}:{}", g.id, if g.available { 1 } else { 0 }))
            .collect();
        log(&format!("ready games={}", games.join(",")));
        if let Some((_, line)) = &saved {
            log(&format!("save-found {line}"));
        }
        log("screen title");
        let settings = save::Settings {
            muted,
            reduce_motion,
            ..save::Settings::default()
        };
        let daily = board::Daily {
            diary,
            courier: board::Courier::default(),
        };
        App {
            screens: screen::Stack::new(Box::<screens::title::TitleScreen>::default()),
            shown: ScreenId::Title,
            cx: Ctx::new(store, settings, notice, daily, saved),
            a11y: a11y::Mirror::default(),
            keys: keyqueue::Subscription::register(),
            last_size: (0.0, 0.0),
            opening: None,
            switch_hold: None,
        }
    }

    /// The top screen changed: a gesture in progress belongs to the old one and ends here
    /// (the new screen never saw its press, so it is told nothing).
    fn screen_changed(&mut self) {
        self.screens.pointer_lost();
        let _ = self.cx.tracker.cancel();
        self.cx.ui.forget_press();
    }

    fn input(&mut self) {
        self.keys.frame();
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
            if let Some(e) = self.cx.tracker.cancel() {
                events.push(e);
            }
            self.last_size = (w, h);
        }
        events.extend(self.cx.tracker.update(&raw, mouse, w, h));
        // One-switch play: the buttons are scanned unless last frame's table took the switch
        // (an aim, a placement, the tile map).
        let switch = save::one_switch(self.cx.store.as_ref());
        self.cx.ui.set_scan(
            (switch.on()
                && matches!(
                    self.screens.table_figures().map_or(0, |t| t.probe.input),
                    0 | 6
                ))
            .then(|| switch.dwell()),
        );
        self.cx
            .ui
            .begin(w, h, events, self.cx.tracker.primary_pos());
    }

    /// One-switch play while the table takes the switch (an aim, a placement, the tile map: the
    /// buttons are not scanned then): the switch held for two seconds opens the menu, as Escape
    /// does from a keyboard. The press itself counts as any press (it kept the sweep's value).
    fn menu_by_holding(&mut self) -> bool {
        let table_takes_it = save::one_switch(self.cx.store.as_ref()).on()
            && self.shown == ScreenId::Play
            && !matches!(
                self.screens.table_figures().map_or(0, |t| t.probe.input),
                0 | 6
            );
        if !table_takes_it || !(is_key_down(KeyCode::Space) || is_key_down(KeyCode::Enter)) {
            self.switch_hold = None;
            return false;
        }
        let (since, opened) = self.switch_hold.get_or_insert((get_time(), false));
        if *opened || get_time() - *since < screens::title::SWITCH_HOLD {
            return false;
        }
        *opened = true;
        log("one-switch menu by holding");
        true
    }

    fn frame(&mut self) {
        self.input();
        // Before the screens' figures are told anew: last frame's say whether the table aims.
        let held_menu = self.menu_by_holding();
        // The in-game screen starts in its bars' colour (they are then not drawn: its table
        // area is wholly drawn over, by the backdrop or the tile map); the others in `BG`.
        let in_game =
            matches!(self.shown, ScreenId::Play | ScreenId::Pause) && self.opening.is_none();
        self.cx.ui.clear(if in_game { BAR } else { BG });
        self.screens.new_frame();
        let escape = keyqueue::pressed(KeyCode::Escape) | held_menu;
        self.take_dropped_file();
        let opening = self.continue_opening();
        let mut screens = std::mem::take(&mut self.screens);
        let before = (screens.len(), screens.top_id());
        if !opening {
            // The frame's pointer events go to the top screen alone.
            let events = self.cx.ui.take_events();
            screens.frame(&mut self.cx, &events, escape);
        }
        self.screens = screens;
        for r in self.cx.take_requests() {
            self.answer(r);
        }
        for c in self.cx.take_commands() {
            self.screens.apply(c);
        }
        let was = self.shown;
        self.shown = self.screens.top_id().unwrap_or(ScreenId::Title);
        if (self.screens.len(), self.screens.top_id()) != before {
            self.screen_changed();
        }
        if self.shown != was {
            log(&format!("screen {}", self.shown.name()));
            // A screen opened by a key (Escape's menu) is said, as a tap shows it.
            a11y::say(self.shown.spoken());
        }
        self.online_frame();
        self.board_frame();
        self.draw_online_banner();
        self.cx.draw_toast();
        self.cx.frames += 1;
        // A link pasted into the address bar of the open page (the start's link is opened
        // before the first frame).
        #[cfg(target_arch = "wasm32")]
        if self.cx.frames.is_multiple_of(30) {
            self.open_links();
        }
        self.publish();
        self.mirror_for_screen_readers();
    }

    /// The screen-reader layer (`a11y`): the status line in words, the new event lines and this
    /// frame's buttons.
    fn mirror_for_screen_readers(&mut self) {
        let empty: &[String] = &[];
        let (status, log) = match (self.screens.game(), self.shown) {
            (Some(p), ScreenId::Play | ScreenId::Pause) => {
                let mut items: Vec<String> = Vec::new();
                let seats = &p.driver.session.replay.seats;
                match p.game().turn().and_then(|t| seats.get(t)) {
                    Some(seat) if !p.is_over() => items.push(format!("{}'s turn", seat.name)),
                    _ if p.is_over() => items.push("The game is over".to_string()),
                    _ => {}
                }
                items.extend(p.game().status().iter().map(screens::play::hud::key_line));
                (a11y::sentences(&items), p.log.as_slice())
            }
            // The results say the ranking, each line with its reasons.
            (Some(p), ScreenId::Results) => {
                let mut items = vec![self.shown.spoken().to_string()];
                items.extend(p.game().ranking().explain(&p.names()));
                (a11y::sentences(&items), empty)
            }
            _ => (self.shown.spoken().to_string(), empty),
        };
        let mut updates = self.a11y.frame(&status, log, self.cx.ui.labels());
        // The rules or the Details panel, when shown: their words under their headings.
        updates.extend(self.a11y.page(a11y::take_shown()));
        a11y::publish(&updates);
    }

    fn publish(&self) {
        let p = self.screens.game();
        let table = self.screens.table_figures().unwrap_or_default();
        let seen = table.probe;
        probe::publish(probe::Probe {
            screen: self.shown.code(),
            frames: self.cx.frames,
            moves: p
                .map(|p| p.driver.session.replay.moves.len() as i32)
                .unwrap_or(-1),
            turn: p
                .and_then(|p| p.game().turn())
                .map(|t| t as i32)
                .unwrap_or(-1),
            busy: p
                .map(|p| (p.flight.is_some() || (p.bot_turn() && !p.is_over())) as i32)
                .unwrap_or(0),
            human: p.map(|p| p.human_turn().is_some() as i32).unwrap_or(0),
            input: seen.input,
            anchor: seen.anchor,
            scale: table.scale,
            buttons: self.cx.ui.probe_buttons(),
            muted: self.cx.settings.muted as i32,
            camera: seen.camera,
            reduce_motion: self.cx.settings.reduce_motion as i32,
            particles: table.particles,
            has_save: self.cx.saved.is_some() as i32,
            map: seen.map,
            ghost: seen.ghost,
            texts: self.cx.ui.probe_texts(),
            targets: self
                .cx
                .ui
                .buttons()
                .iter()
                .map(|(k, a)| (k.clone(), [a.x, a.y, a.w, a.h]))
                .collect(),
            size: (self.cx.ui.w, self.cx.ui.h, screen_dpi_scale()),
            focus: self.cx.ui.focus_index(),
        });
    }
}

/// The app's main loop.
pub async fn run() {
    simulate_mouse_with_touch(false);
    let mut app = App::new();
    app.open_links();
    // The loading indicator stays up until a frame has drawn all its text (the glyphs of the
    // first frame are rasterized at the start of the second).
    let mut announced = false;
    let mut sounds: Option<macroquad::experimental::coroutines::Coroutine<Sounds>> = None;
    loop {
        app.frame();
        next_frame().await;
        if !announced && (app.cx.ui.glyphs_settled() || app.cx.frames > 10) {
            announced = true;
            platform::first_frame();
            log("first-frame");
        } else if announced && !app.cx.warm_step() && app.cx.sounds.is_none() {
            // Sounds load beside the frames (awaited here, the loop would show blank frames
            // while the browser decodes them).
            match &sounds {
                None => {
                    sounds = Some(macroquad::experimental::coroutines::start_coroutine(
                        Sounds::load(),
                    ))
                }
                Some(c) => {
                    app.cx.sounds = c.retrieve();
                    if app.cx.sounds.is_some() {
                        log("sounds-ready");
                    }
                }
            }
        }
    }
}
