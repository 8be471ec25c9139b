//! Online rooms in the app (the web build only; the desktop build stays offline): the client
//! that follows a room (`client`), the connection (`wire`, `web/ct_net.js`), room links
//! (`link`), and the shell's part here: the client pumped every frame, what it heard turned into
//! games started, sounds, log lines and messages, the seat token kept per room, the calm
//! "Reconnecting…" banner and the page title ("Your turn"). The waiting room is
//! `screens::room`. docs/online.md describes the protocol.

pub mod client;
pub mod link;
pub mod wire;

use super::frame::Area;
use super::session::log_move;
use super::ui::*;
use super::{log, sound, App, ScreenId};
use client::Heard;
use engine::online::protocol::Phase;
use macroquad::prelude::*;
use std::sync::Mutex;
use wire::WireState;

/// Where a room's seat token is kept on this device (browser storage), one key per room.
pub fn token_key(code: &str) -> String {
    format!("catapult-table.room.{code}")
}

/// The name this device last joined a room with.
pub const NAME_KEY: &str = "catapult-table.online.name";

/// The page's own title.
pub const TITLE: &str = "Catapult Table";

/// What the browser tests read: the connection (0 none, 1 connecting, 2 open, 3 reconnecting),
/// the room's phase (-1 none, 0 waiting, 1 playing, 2 over), times the game here went out of
/// step with the room, and whether the room has welcomed this device.
#[derive(Clone, Copy, Default)]
struct Probe {
    state: i32,
    phase: i32,
    resyncs: u32,
    welcomed: i32,
    mine: i32,
}

static PROBE: Mutex<Probe> = Mutex::new(Probe {
    state: 0,
    phase: -1,
    resyncs: 0,
    welcomed: 0,
    mine: 0,
});

fn probe() -> Probe {
    PROBE.lock().map(|p| *p).unwrap_or_default()
}

#[no_mangle]
pub extern "C" fn ct_online_state() -> i32 {
    probe().state
}
#[no_mangle]
pub extern "C" fn ct_online_phase() -> i32 {
    probe().phase
}
/// Times the game on this device went out of step with its room and was loaded again.
#[no_mangle]
pub extern "C" fn ct_online_resyncs() -> u32 {
    probe().resyncs
}
#[no_mangle]
pub extern "C" fn ct_online_welcomed() -> i32 {
    probe().welcomed
}
/// This device's seats in the room, one bit each.
#[no_mangle]
pub extern "C" fn ct_online_mine() -> i32 {
    probe().mine
}

/// The title last given to the page.
static SHOWN_TITLE: Mutex<String> = Mutex::new(String::new());

fn title(t: &str) {
    if let Ok(mut g) = SHOWN_TITLE.lock() {
        if *g != t {
            *g = t.to_string();
            wire::set_title(t);
        }
    }
}

/// A server's refusal as a message: its own words, starting with a capital.
pub fn plain(why: &str) -> String {
    let mut c = why.trim().chars();
    let mut out: String = match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => "The server refused that.".into(),
    };
    if !out.ends_with('.') && !out.ends_with('?') && !out.ends_with('!') {
        out.push('.');
    }
    out
}

/// The room followed (the web build only), and the room link last opened or shown.
#[derive(Default)]
pub(super) struct Net {
    pub(super) client: Option<client::Client>,
    pub(super) link: String,
}

impl App {
    /// One frame of the room followed, after the screens (their commands applied).
    pub(super) fn online_frame(&mut self) {
        // Back on the title, or a game of this device's own started (Play again, Restart): the
        // room is left (its token stays for coming back by the link).
        let home = self.shown == ScreenId::Title && !self.cx.has_commands();
        let local_game = matches!(
            self.shown,
            ScreenId::Play | ScreenId::Pause | ScreenId::Results
        ) && self.play.as_ref().is_some_and(|p| !p.online);
        if (home || local_game) && (self.online.client.is_some() || !self.online.link.is_empty()) {
            self.leave_room();
        }
        let Some(c) = self.online.client.as_mut() else {
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
        let play = self.play.as_mut().filter(|p| p.online);
        let heard = c.pump(play);
        for h in heard {
            self.heard(h);
        }
        let Some(c) = self.online.client.as_ref() else {
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
            phase: match c.phase {
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
            .play
            .as_ref()
            .filter(|p| p.online && !p.is_over())
            .and_then(|p| p.human_turn())
            .is_some();
        title(if my_turn {
            "Your turn - Catapult Table"
        } else {
            TITLE
        });
    }

    fn heard(&mut self, h: Heard) {
        match h {
            Heard::Welcomed => {
                let Some(c) = self.online.client.as_ref() else {
                    return;
                };
                let code = c.code.clone();
                let link = link::RoomLink {
                    code: code.clone(),
                    watch: c.watching(),
                };
                log(&format!(
                    "online-welcome code={code} seats={:?} host={} phase={:?} watching={}",
                    c.mine,
                    c.host,
                    c.phase,
                    c.watching()
                ));
                if let Some(t) = c.token.clone() {
                    if let Err(e) = self.cx.store.set(&token_key(&code), &t) {
                        self.cx
                            .say(format!("Your seat could not be remembered: {e}"), true);
                    }
                }
                // The room in the address bar: a reload (or the link kept) comes back to it.
                self.online.link = link.fragment();
                wire::show_fragment(&self.online.link);
            }
            Heard::Game(p) => {
                log(&format!(
                    "online-game {} moves={} turn={}",
                    p.info.id,
                    p.driver.session.replay.moves.len(),
                    p.game().turn().map(|t| t as i64).unwrap_or(-1)
                ));
                // The hot-seat save stays offered on the title: a room's game is not saved here.
                self.start(*p);
            }
            Heard::Played(ev) => {
                self.cx.sfx_for_events(&ev);
                if let Some(p) = self.play.as_ref() {
                    log_move(p);
                }
            }
            Heard::Launched => self.cx.sfx(sound::Effect::Launch),
            Heard::Seats => {
                if let Some(c) = self.online.client.as_ref() {
                    let taken = c.seats.iter().filter(|s| s.taken).count();
                    let online = c.seats.iter().filter(|s| s.online).count();
                    log(&format!(
                        "online-seats taken={taken}/{} online={online}",
                        c.seats.len()
                    ));
                }
            }
            Heard::Refused(why) => {
                log(&format!("online-refused {why}"));
                self.cx.say(plain(&why), true);
            }
            Heard::OutOfStep(why) => {
                let n = self.online.client.as_ref().map(|c| c.resyncs).unwrap_or(0);
                log(&format!("online-resync n={n} {why}"));
                self.cx.say(
                    "This device fell out of step with the room: loading the game again.",
                    false,
                );
            }
            Heard::TokenUnknown => {
                if let Some(c) = self.online.client.as_ref() {
                    let key = token_key(&c.code);
                    self.cx.store.remove(&key);
                }
            }
        }
    }

    /// Leaves the room followed: the connection closed, the address bar cleared.
    pub(super) fn leave_room(&mut self) {
        if let Some(mut c) = self.online.client.take() {
            c.close();
            log(&format!("online-left code={}", c.code));
        }
        if self.play.as_ref().is_some_and(|p| p.online) {
            self.play = None;
        }
        if !self.online.link.is_empty() {
            self.online.link.clear();
            wire::show_fragment("");
        }
    }

    /// The calm banner while the connection is lost and opened again.
    pub(super) fn draw_online_banner(&mut self) {
        let Some(c) = self.online.client.as_ref() else {
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
}

#[cfg(test)]
mod tests;
