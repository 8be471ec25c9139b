//! Starting, restarting and saving a game; the move log line.

use crate::app::context::{Ctx, Request};
use crate::app::frame::Area;
use crate::app::online::client::Heard;
use crate::app::online::link::RoomLink;
use crate::app::online::token_key;
use crate::app::online::wire::{self, WireState};
use crate::app::online::*;
use crate::app::play::Play;
use crate::app::screen::{Screen, ScreenId};
use crate::app::screens::pause::PauseScreen;
use crate::app::screens::viewer::*;
use crate::app::share::*;
use crate::app::ui::*;
use crate::app::viewer::Viewer;
use crate::app::{log, save, sound, App, Command};
use engine::core::design;
use engine::core::Refusal;
use engine::games::designs::{self as game_designs, kind_of};
use engine::online::protocol::Phase;
use macroquad::prelude::*;

impl App {
    /// The links in the address bar: a game's (`#g=`), then a room's (`#room=`).
    pub(super) fn open_links(&mut self) {
        self.open_incoming_link();
        crate::app::screens::room::open_room_link(&mut self.cx);
    }

    /// What the pause menu or the results asked of the game they show.
    pub(super) fn answer(&mut self, r: Request) {
        let cx = &mut self.cx;
        match r {
            Request::Quit => {
                // The game stays saved: the title screen offers to resume it (a room's game is
                // not saved here: the room is the save, its link comes back to it).
                if let Some(p) = self.screens.take_game() {
                    if !p.is_over() && !p.online {
                        let line = save::describe(&p);
                        cx.saved = Some((Box::new(p), line));
                    }
                }
                cx.command(Command::Home);
            }
            Request::Restart => match self.screens.game() {
                // Online, never a local game: the rematch once over, else the room is left.
                Some(p) if p.online && p.is_over() => crate::app::screens::results::ask_rematch(cx),
                Some(p) if p.online => {
                    log("online-leave from the pause menu");
                    crate::app::screens::room::leave_room(cx);
                    cx.command(Command::Home);
                }
                Some(p) => crate::app::screens::play::restart(cx, p),
                None => {}
            },
            Request::Share => {
                if let Some(p) = self.screens.game() {
                    crate::app::share::share(cx, p);
                }
            }
            Request::Watch => crate::app::screens::viewer::watch(cx, self.screens.game()),
            Request::Challenge(c) => crate::app::screens::challenge::start_challenge(cx, &c),
            Request::Rules => {
                if let Some(p) = self.screens.game() {
                    let rules = crate::app::screens::rules::RulesScreen::new(p.info);
                    cx.command(Command::Push(Box::new(rules)));
                }
            }
        }
    }

    /// Today's board between frames: the result sent, the board fetched (`board`).
    pub(super) fn board_frame(&mut self) {
        crate::app::screens::daily_result::board_frame(&mut self.cx);
    }

    /// Starts opening the link the page came with, if there is one (at start, and when one is
    /// pasted into the address bar); `continue_opening` plays it over the next frames.
    pub(super) fn open_incoming_link(&mut self) {
        let Some(text) = incoming() else {
            return;
        };
        if engine::core::design::is_design_link(&text) {
            self.open_design_link(&text);
            return;
        }
        match Pending::new(&text) {
            Ok(p) => self.opening = Some(p),
            Err(e) => self.link_refused(e),
        }
    }

    fn link_refused(&mut self, e: Refusal) {
        log(&format!("link-refused {e}"));
        if self.shown == ScreenId::Title {
            self.cx.notice = Some(format!("{e} Your saved game is untouched."));
        } else {
            // Pasted while playing: the game on screen carries on.
            self.cx.say(e.0, false);
        }
    }

    /// While a link is being opened: re-simulates its moves for about 30 ms a frame and shows
    /// how far it got. Returns false when nothing is being opened.
    pub(super) fn continue_opening(&mut self) -> bool {
        let Some(mut pending) = self.opening.take() else {
            return false;
        };
        let t0 = get_time();
        match pending.advance(|| get_time() - t0 < 0.03) {
            Ok(None) => {
                let (done, all) = pending.progress();
                let (w, h) = (self.cx.ui.w, self.cx.ui.h);
                let size = self.cx.ui.size(4.2);
                self.cx.ui.text_centred(
                    &format!("Opening the game from the link: move {done} of {all}"),
                    Area::new(0.0, h * 0.4, w, size),
                    size,
                    ACCENT,
                );
                let u = self.cx.ui.u;
                let bar = Area::new(w * 0.2, h * 0.4 + size + 3.0 * u, w * 0.6, 2.0 * u);
                draw_rectangle(bar.x, bar.y, bar.w, bar.h, BUTTON_OFF);
                let k = if all == 0 {
                    1.0
                } else {
                    done as f32 / all as f32
                };
                draw_rectangle(bar.x, bar.y, bar.w * k, bar.h, ACCENT);
                self.opening = Some(pending);
            }
            Ok(Some(play)) => self.link_opened(play),
            Err(e) => self.link_refused(e),
        }
        true
    }

    fn link_opened(&mut self, play: Play) {
        log(&format!(
            "link-opened {} moves={} turn={}",
            play.info.id,
            play.driver.session.replay.moves.len(),
            play.game().turn().map(|t| t as i64).unwrap_or(-1)
        ));
        // The game in progress is kept aside, not overwritten.
        if let Some(old) = self.cx.store.get(save::SAVE_KEY) {
            if old != play.driver.session.replay.to_json() {
                let _ = self.cx.store.set(BEFORE_LINK_KEY, &old);
            }
        }
        self.cx.saved = None;
        self.cx.notice = None;
        let over = play.is_over();
        if over {
            crate::app::screens::daily_result::link_not_mine(
                &mut self.cx,
                &play.driver.session.replay.to_json(),
            );
        }
        let who = play
            .game()
            .turn()
            .and_then(|t| play.names().get(t).cloned())
            .unwrap_or_default();
        self.cx.save_play(&play);
        crate::app::screens::play::start(&mut self.cx, play);
        if over {
            self.cx
                .say("This game is over: here is how it ended.", false);
        } else {
            self.cx
                .say(format!("Game opened from the link: {who} to play."), false);
        }
    }

    /// One frame of the room followed, after the screens (their commands applied).
    pub(super) fn online_frame(&mut self) {
        // Back on the title, or a game of this device's own started (Play again, Restart): the
        // room is left (its token stays for coming back by the link).
        let home = self.shown == ScreenId::Title && !self.cx.has_commands();
        let local_game = matches!(
            self.shown,
            ScreenId::Play | ScreenId::Pause | ScreenId::Results
        ) && self.screens.game().is_some_and(|p| !p.online);
        if (home || local_game) && (self.cx.net.client.is_some() || !self.cx.net.link.is_empty()) {
            crate::app::screens::room::leave_room(&mut self.cx);
        }
        let Some(c) = self.cx.net.client.as_mut() else {
            title(TITLE);
            if let Ok(mut g) = PROBE.lock() {
                *g = Probe {
                    phase: -1,
                    resyncs: g.resyncs,
                    ..Probe::default()
                };
            }
            return;
        };
        let play = self.screens.game_mut().filter(|p| p.online);
        let heard = c.pump(play);
        for h in heard {
            self.heard(h);
        }
        // The player's rating around a quick-match game (`online::rating`).
        let quick = self.cx.net.quick.map(|(g, _)| g.id);
        if let (Some(c), Some(game)) = (self.cx.net.client.as_mut(), quick) {
            let rated = self.cx.net.rating.rated && self.cx.net.rating.room == c.code;
            if c.welcomed
                && c.game == game
                && self.cx.net.rating.want_ask(c.phase(), rated, get_time())
            {
                c.ask_ratings(game, &self.cx.daily.diary.token);
            }
        }
        let Some(c) = self.cx.net.client.as_ref() else {
            return;
        };
        let state = c.wire_state();
        let mine = c.mine.iter().fold(0i32, |m, s| m | (1 << s));
        let p = Probe {
            state: match state {
                WireState::Closed => 0,
                WireState::Connecting => 1,
                WireState::Open => 2,
                WireState::Reconnecting => 3,
            },
            phase: match c.phase() {
                Phase::Waiting => 0,
                Phase::Playing => 1,
                Phase::Over => 2,
            },
            resyncs: c.resyncs,
            welcomed: c.welcomed as i32,
            mine,
        };
        let before = probe();
        if before.state != p.state {
            log(&format!(
                "online-connection {}",
                ["closed", "connecting", "open", "reconnecting"][p.state as usize]
            ));
        }
        if let Ok(mut g) = PROBE.lock() {
            *g = p;
        }
        let my_turn = self
            .screens
            .game()
            .filter(|p| p.online && !p.is_over())
            .and_then(|p| p.human_turn())
            .is_some();
        title(if my_turn {
            "Your turn - Catapult Table"
        } else {
            TITLE
        });
        if my_turn && !self.cx.net.my_turn {
            crate::app::a11y::say("Your turn".to_string());
        }
        self.cx.net.my_turn = my_turn;
    }

    fn heard(&mut self, h: Heard) {
        match h {
            Heard::Welcomed => {
                let Some(c) = self.cx.net.client.as_ref() else {
                    return;
                };
                let code = c.code.clone();
                let link = RoomLink {
                    code: code.clone(),
                    watch: c.watching(),
                };
                log(&format!(
                    "online-welcome code={code} seats={} host={} phase={:?} watching={}",
                    engine::core::moves::list(&c.mine),
                    c.host,
                    c.phase(),
                    c.watching()
                ));
                let rated = !c.watching()
                    && c.mine.len() == 1
                    && !c
                        .seats
                        .iter()
                        .any(|s| matches!(s.plan, engine::online::protocol::SeatPlan::Bot(_)))
                    && !c.aids().is_some_and(|a| {
                        a.contains(&Some(engine::online::protocol::Aid::Learning))
                    });
                // Every seat hears each seat's aim aid (a room that set them).
                if let Some(said) = crate::app::online::aids_said(c) {
                    log(&format!("online-aids {said}"));
                    crate::app::a11y::say(said);
                }
                if let Some(t) = c.token().map(str::to_string) {
                    if let Err(e) = self.cx.store.set(&token_key(&code), &t) {
                        self.cx
                            .say(format!("Your seat could not be remembered: {e}"), true);
                    }
                    // A quick match's room is remembered as one (a reload still knows it).
                    if let Some((g, n)) = self.cx.net.quick {
                        let kept = self.cx.store.set(&quick_key(&code), &quick_value(g, n));
                        if let Err(e) = kept {
                            log(&format!("online-quick-not-kept {e}"));
                        }
                    }
                }
                self.cx.net.rating.follow(&code, rated);
                self.cx.net.rematch.clear();
                // The room in the address bar: a reload (or the link kept) comes back to it.
                self.cx.net.link = link.fragment();
                wire::show_fragment(&self.cx.net.link);
            }
            Heard::Game(p) => {
                log(&format!(
                    "online-game {} moves={} turn={}",
                    p.info.id,
                    p.driver.session.replay.moves.len(),
                    p.game().turn().map(|t| t as i64).unwrap_or(-1)
                ));
                // The hot-seat save stays offered on the title: a room's game is not saved here.
                crate::app::screens::play::start(&mut self.cx, *p);
            }
            Heard::Played(ev) => {
                self.cx.sfx_for_events(&ev);
                if let Some(p) = self.screens.game() {
                    crate::app::journal::log_move(p);
                }
            }
            Heard::Launched => self.cx.sfx(sound::Effect::Launch),
            Heard::Seats => {
                let Some(c) = self.cx.net.client.as_ref() else {
                    return;
                };
                let taken = c.seats.iter().filter(|s| s.taken).count();
                let online = c.seats.iter().filter(|s| s.online).count();
                log(&format!(
                    "online-seats taken={taken}/{} online={online}",
                    c.seats.len()
                ));
                // Who left or came back, shown and said while the game is played.
                let news =
                    crate::app::online::presence_news(&self.cx.net.present, &c.seats, &c.mine);
                self.cx.net.present = c.seats.iter().map(|s| s.online).collect();
                if self.screens.game().is_some_and(|p| p.online) {
                    for n in news {
                        log(&format!("online-presence {n}"));
                        self.cx.say(n, false);
                    }
                }
            }
            Heard::Refused(why) => {
                log(&format!("online-refused {why}"));
                self.cx.say(crate::app::online::plain(&why), true);
            }
            Heard::Deal(check) => {
                log(&format!("online-deal {check:?}"));
                self.cx
                    .say(crate::app::online::deal_line(&check, false), check.is_err());
            }
            Heard::OutOfStep(why) => {
                let n = self.cx.net.client.as_ref().map(|c| c.resyncs).unwrap_or(0);
                log(&format!("online-resync n={n} {why}"));
                self.cx.say(
                    "This device fell out of step with the room: loading the game again.",
                    false,
                );
            }
            Heard::Clock(seat) => {
                let Some(c) = self.cx.net.client.as_ref() else {
                    return;
                };
                if let Some(n) = clock_news(seat, &c.seats, &c.mine) {
                    log(&format!("online-clock {n}"));
                    self.cx.say(n, false);
                }
            }
            Heard::Rematch(asked) => {
                let Some(c) = self.cx.net.client.as_ref() else {
                    return;
                };
                let news = rematch_news(&self.cx.net.rematch, &asked, &c.seats, &c.mine);
                log(&format!(
                    "online-rematch asked={}",
                    engine::core::moves::list(&asked)
                ));
                self.cx.net.rematch = asked;
                for n in news {
                    self.cx.say(n, false);
                }
            }
            Heard::Ratings => {
                let Some(c) = self.cx.net.client.as_ref() else {
                    return;
                };
                let Some(t) = c.ratings() else { return };
                log(&format!(
                    "online-ratings {} players={} mine={:?}",
                    t.game,
                    t.players,
                    t.mine().map(|e| (e.rating, e.games))
                ));
                let quick = self.cx.net.quick.is_some_and(|(g, _)| g.id == t.game);
                if quick && self.cx.net.rating.room == c.code {
                    let phase = c.phase();
                    self.cx.net.rating.heard(t, phase);
                }
            }
            Heard::TokenUnknown => {
                if let Some(c) = self.cx.net.client.as_ref() {
                    let key = token_key(&c.code);
                    self.cx.store.remove(&key);
                }
            }
        }
    }

    /// The calm banner while the connection is lost and opened again.
    pub(super) fn draw_online_banner(&mut self) {
        let Some(c) = self.cx.net.client.as_ref() else {
            return;
        };
        if c.wire_state() != WireState::Reconnecting {
            return;
        }
        let (w, u) = (self.cx.ui.w, self.cx.ui.u);
        let size = self.cx.ui.size(3.4);
        let text = "Reconnecting…";
        let tw = self.cx.ui.measure(text, size);
        let a = Area::new(
            (w - tw) * 0.5 - 3.0 * u,
            11.0 * u,
            tw + 6.0 * u,
            size + 2.5 * u,
        );
        self.cx.ui.panel(a, Color::new(0.05, 0.05, 0.07, 0.92));
        self.cx.ui.cover(a);
        draw_rectangle_lines(a.x, a.y, a.w, a.h, (u * 0.3).max(1.0), DIM);
        self.cx
            .ui
            .text(text, a.x + 3.0 * u, a.y + 1.25 * u, size, TEXT);
    }

    /// A replay file dropped on the window (or picked on the web) opens in the viewer; one
    /// that is not a replay is refused in a sentence and changes nothing (the game in play and
    /// the save stay as they were).
    pub(crate) fn take_dropped_file(&mut self) {
        let Some(file) = get_dropped_files().into_iter().next() else {
            return;
        };
        let name = file
            .path
            .as_ref()
            .and_then(|p| p.file_name())
            .map(|n| n.to_string_lossy().into_owned())
            .filter(|n| !n.is_empty())
            .unwrap_or_else(|| "The file".to_string());
        let bytes = file.bytes.unwrap_or_default();
        if self.opening.is_some() {
            self.cx
                .say("Wait until the game from the link is open.", true);
            return;
        }
        match Viewer::from_file(&name, &bytes) {
            Ok(v) => {
                log(&format!("file-opened bytes={}", bytes.len()));
                let how: fn(Box<dyn Screen<Ctx>>) -> Command = match self.shown {
                    // The game in play waits under the pause menu.
                    ScreenId::Play => {
                        self.cx.command(Command::Push(Box::new(PauseScreen)));
                        Command::Push
                    }
                    // One viewer in the place of another.
                    ScreenId::Viewer => Command::Replace,
                    ScreenId::Rules => Command::Fresh,
                    _ => Command::Push,
                };
                open_viewer(&mut self.cx, v, how);
            }
            Err(e) => {
                log(&format!("file-refused {e}"));
                self.cx.say(e.0, true);
            }
        }
    }

    /// Opens a design link in the designer: a new game of its game, at the player's build, with
    /// the design built by the rules. A link that does not decode or build is refused in words
    /// and the game in progress is kept.
    pub(super) fn open_design_link(&mut self, text: &str) {
        let opened = design::decode(text)
            .and_then(|d| game_designs::check(&d))
            .and_then(|d| {
                let info = crate::app::play::find(&d.game)?;
                let seats = game_designs::designer_seats(&d.game);
                let mut play = Play::new(
                    info,
                    &[],
                    seats,
                    crate::app::journal::seed_now(self.cx.frames),
                )?;
                for mv in play.game().design_moves(&d)? {
                    play.decide(mv)?;
                }
                Ok((d, play))
            });
        let (d, play) = match opened {
            Ok(x) => x,
            Err(e) => {
                log(&format!("design-refused {e}"));
                if self.shown == crate::app::ScreenId::Title {
                    self.cx.notice = Some(format!("{e} Your saved game is untouched."));
                } else {
                    self.cx.say(e.0, true);
                }
                return;
            }
        };
        if let Some(old) = self.cx.store.get(save::SAVE_KEY) {
            let _ = self.cx.store.set(crate::app::share::BEFORE_LINK_KEY, &old);
        }
        let kind = kind_of(&d.game).unwrap_or("design");
        log(&format!(
            "design-opened game={} name={} digest={:08x} moves={}",
            d.game,
            d.name,
            d.digest(),
            play.driver.session.replay.moves.len()
        ));
        self.cx.saved = None;
        self.cx.notice = None;
        self.cx.save_play(&play);
        crate::app::screens::play::start(&mut self.cx, play);
        self.cx.say(
            format!(
                "The {kind} {} is built: look, change it, save it, or carry on to play with it.",
                d.name
            ),
            false,
        );
    }
}

impl Ctx {
    /// Saves `p`, the game in play (also while it is taken out of `self.play`).
    pub(super) fn save_play(&mut self, p: &Play) {
        if p.online {
            // A room's game lives on the server: the save on this device stays the hot-seat one.
            return;
        }
        match save::write(self.store.as_mut(), p) {
            Ok(()) => log(&format!(
                "saved moves={}",
                p.driver.session.replay.moves.len()
            )),
            Err(e) => self.say(format!("The game could not be saved: {e}"), true),
        }
    }
}
