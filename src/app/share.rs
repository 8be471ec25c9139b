//! Sending a game by link and opening one. On the web the link lives in the page's fragment
//! (`#g=…`, which no server sees) and is shared through `web/ct_link.js` (the system share
//! sheet where there is one, else the clipboard); on the desktop it is written to a text file
//! beside the saves, and a link given as the first command-line argument is opened.
//!
//! Opening a link re-simulates every shot (`core::link::play_into`); a link that does not hold
//! is refused with the reason on the title screen and the game in progress is kept.

use super::context::Ctx;
use super::play::Play;
use super::{log, save};
use engine::core::link;
use engine::core::{Refusal, RuleResult, Session};
use macroquad::prelude::*;

#[cfg(target_arch = "wasm32")]
mod web {
    extern "C" {
        pub fn ct_link_len() -> i32;
        pub fn ct_link_get(buf: *mut u8, cap: usize) -> i32;
        pub fn ct_link_taken();
        pub fn ct_share(pp: *const u8, pn: usize, tp: *const u8, tn: usize) -> i32;
        pub fn ct_share_text(xp: *const u8, xn: usize, tp: *const u8, tn: usize) -> i32;
    }
}

/// Where a game that a link replaced is kept.
pub const BEFORE_LINK_KEY: &str = "catapult-table.save.before-link";

/// The link the page was opened with (or pasted into the address bar since), if any.
pub fn incoming() -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        // SAFETY: the plugin writes at most `cap` bytes into the live buffer.
        unsafe {
            let n = web::ct_link_len();
            if n < 0 {
                return None;
            }
            if n as usize > link::MAX_LINK_CHARS + link::FRAGMENT.len() {
                web::ct_link_taken();
                // Refused by the decoder as too long, before anything is copied.
                return Some(format!(
                    "{}{}",
                    link::FRAGMENT,
                    "A".repeat(link::MAX_LINK_CHARS + 1)
                ));
            }
            let mut buf = vec![0u8; n as usize];
            let got = web::ct_link_get(buf.as_mut_ptr(), buf.len());
            web::ct_link_taken();
            if got < 0 {
                return None;
            }
            buf.truncate(got as usize);
            Some(String::from_utf8_lossy(&buf).into_owned())
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::env::args()
            .nth(1)
            .filter(|a| a.contains("g=") || engine::core::design::is_design_link(a))
    }
}

/// A link being opened: its session so far and the moves left to play.
pub struct Pending {
    opening: link::Opening,
    session: Session,
}

impl Pending {
    /// Decodes a link and starts its game (nothing re-simulated yet).
    pub fn new(text: &str) -> RuleResult<Pending> {
        let game = link::decode(text)?;
        let info = super::play::find(&game.replay.game).map_err(|_| {
            Refusal::new("This game link is for a game this version does not have.")
        })?;
        if !info.available {
            return Err(Refusal(format!(
                "This game link is for {}, which is not built in this version.",
                info.name
            )));
        }
        let r = &game.replay;
        let fresh = engine::games::game_for(r)
            .map_err(|e| Refusal(format!("This game link cannot be opened: {e}.")))?;
        let mut header = r.clone();
        header.moves.clear();
        Ok(Pending {
            opening: link::Opening::new(game),
            session: Session::new(fresh, header),
        })
    }

    /// Plays moves until `more()` says stop; the game once every move is played.
    pub fn advance(&mut self, mut more: impl FnMut() -> bool) -> RuleResult<Option<Play>> {
        while !self.opening.done() {
            self.opening.step(&mut self.session)?;
            if !more() {
                break;
            }
        }
        if self.opening.done() {
            Play::resume(&self.session.replay.to_json()).map(Some)
        } else {
            Ok(None)
        }
    }

    pub fn progress(&self) -> (usize, usize) {
        self.opening.progress()
    }
}

/// The game a link holds, re-simulated shot by shot and ready to continue.
/// The Share button: the game so far as a link.
pub(crate) fn share(cx: &mut Ctx, p: &Play) {
    let payload = match link::encode(&p.driver.session.replay) {
        Ok(t) => t,
        Err(e) => {
            cx.say(format!("This game cannot be sent by link: {e}."), true);
            return;
        }
    };
    let title = format!("{} - {}", p.info.name, save::describe(p));
    log(&format!(
        "share moves={} chars={}",
        p.driver.session.replay.moves.len(),
        payload.len() + link::FRAGMENT.len()
    ));
    match send(&payload, &title) {
        Ok(Shared::Sheet) => cx.say("Link ready to send.", false),
        Ok(Shared::Clipboard) => cx.say(
            "Link copied. Send it: whoever opens it continues this game.",
            false,
        ),
        Ok(Shared::Shown) => cx.say("Copy the link from the box and send it.", false),
        Ok(Shared::File(path)) => cx.say(format!("The link was written to {path}."), false),
        Err(e) => cx.say(format!("The link could not be shared: {e}."), true),
    }
}

#[cfg(test)]
pub fn open(text: &str) -> RuleResult<Play> {
    let mut p = Pending::new(text)?;
    loop {
        if let Some(play) = p.advance(|| true)? {
            return Ok(play);
        }
    }
}

/// What sharing did, for the toast (the desktop only ever writes a file, the web never does).
#[allow(dead_code)]
pub enum Shared {
    /// The system share sheet was opened.
    Sheet,
    /// Copied to the clipboard.
    Clipboard,
    /// The browser showed it in a box to copy by hand.
    Shown,
    /// Written to this file (the desktop).
    File(String),
}

/// What the page's share call returned.
#[cfg(target_arch = "wasm32")]
pub(crate) fn shared_by(r: i32) -> Result<Shared, String> {
    match r {
        1 => Ok(Shared::Sheet),
        2 => Ok(Shared::Clipboard),
        3 => Ok(Shared::Shown),
        _ => Err("this browser can neither share nor copy".into()),
    }
}

/// Writes what is shared to a file beside the saves (the desktop).
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn write_shared(file: &str, text: &str) -> Result<Shared, String> {
    let path = super::platform::data_dir().join(file);
    std::fs::create_dir_all(super::platform::data_dir())
        .and_then(|_| std::fs::write(&path, text))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(Shared::File(path.display().to_string()))
}

/// Hands a link to the platform: a game link's payload, or a whole fragment (`#design=…`).
pub(crate) fn send(payload: &str, title: &str) -> Result<Shared, String> {
    #[cfg(target_arch = "wasm32")]
    {
        // SAFETY: pointers and lengths describe live UTF-8 buffers for the call.
        shared_by(unsafe {
            web::ct_share(payload.as_ptr(), payload.len(), title.as_ptr(), title.len())
        })
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let design = payload.starts_with('#');
        let (file, what, fragment) = if design {
            ("shared-design.txt", "it opens the design", "")
        } else {
            (
                "shared-link.txt",
                "it opens the game at this move",
                link::FRAGMENT,
            )
        };
        write_shared(
            file,
            &format!(
                "{title}\nPaste this after the game's web address ({what}):\n{fragment}{payload}\n"
            ),
        )
    }
}

/// Hands a line of text to the platform (today's challenge result).
pub(crate) fn send_text(text: &str, title: &str) -> Result<Shared, String> {
    #[cfg(target_arch = "wasm32")]
    {
        // SAFETY: pointers and lengths describe live UTF-8 buffers for the call.
        shared_by(unsafe {
            web::ct_share_text(text.as_ptr(), text.len(), title.as_ptr(), title.len())
        })
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = title;
        write_shared("shared-result.txt", &format!("{text}\n"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::core::seat::{default_seats, SeatKind};
    use engine::core::{Launch, Move};

    #[test]
    fn a_shared_game_opens_at_the_same_move_with_the_same_outcomes() {
        let info = engine::games::info("practice").unwrap_or_else(|e| panic!("{e}"));
        let mut p = Play::new(info, &[], default_seats(2, SeatKind::Human), 3)
            .unwrap_or_else(|e| panic!("{e}"));
        let launch = Launch {
            kind: engine::core::LaunchKind::Catapult,
            angle: 450,
            power: 500,
            ..Launch::default()
        };
        let mut shot = Move::shot(0, launch.clone());
        let mut s = p
            .game()
            .start_shot(&launch)
            .unwrap_or_else(|e| panic!("{e}"));
        shot.outcome = Some(s.run_to_rest());
        assert!(p.driver.session.play(shot).is_ok());
        let payload = link::encode(&p.driver.session.replay).unwrap_or_else(|e| panic!("{e}"));
        let q =
            open(&format!("http://127.0.0.1:8080/#g={payload}")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(q.driver.session.replay, p.driver.session.replay);
        assert_eq!(q.game().turn(), Some(1));
        // A damaged one is refused in words.
        let e = open(&format!("#g={}", &payload[..payload.len() - 5]))
            .err()
            .map(|e| e.0)
            .unwrap_or_default();
        assert!(e.starts_with("This game link cannot be opened"), "{e}");
    }
}
