//! Waiting for a quick match (the web build only). The setup screen's *Play online with anyone*
//! (and *Find another game* on the results of one) queues this device for the game with the
//! server (`quick`, docs/online.md); this screen shows how many are waiting, offers the server's
//! room with bots when it does (or keep waiting), and cancels. Once the server seats the players
//! their room's game starts as a joined room's does (`session`'s `online_frame` hears it).

use super::room::{checked_name, leave_room};
use crate::app::context::Ctx;
use crate::app::frame::Area;
use crate::app::online::client::Client;
use crate::app::online::wire::{self, WireState};
use crate::app::online::{plain, NAME_KEY};
use crate::app::screen::{Screen, ScreenId};
use crate::app::ui::*;
use crate::app::{a11y, log, platform, Command};
use engine::games::GameInfo;
use engine::online::protocol::ClientFrame;

/// The wait for a quick match of `game` with `players` seats.
pub(crate) struct QuickScreen {
    game: &'static GameInfo,
    players: usize,
    /// The wait as last said (players waiting, bots offered): said again when it changes.
    said: Option<(u64, bool)>,
    /// The player answered the offer of bots (keep waiting, or the room is being made).
    answered: bool,
    /// The room this device was in (its code and seat token) when it asked: *Cancel* comes back
    /// to it (its results keep their *Rematch*).
    back_to: Option<(String, String)>,
}

impl Screen<Ctx> for QuickScreen {
    fn id(&self) -> ScreenId {
        // An online game waiting for its players, as a room's is.
        ScreenId::Room
    }
    fn back(&mut self, cx: &mut Ctx) -> Command {
        cancel(cx, self.back_to.take())
    }
    fn frame(&mut self, cx: &mut Ctx, active: bool) -> Command {
        self.draw(cx, active)
    }
}

/// Queues this device for a quick match of `game` with `players` seats (the name kept for
/// online rooms, asked for once), and the waiting screen over the one the player is on.
pub(crate) fn find_game(cx: &mut Ctx, game: &'static GameInfo, players: usize) -> Command {
    let Some(w) = wire::platform_wire() else {
        cx.say("This version plays offline only.", true);
        return Command::Stay;
    };
    let mut name = checked_name(&cx.store.get(NAME_KEY).unwrap_or_default()).unwrap_or_default();
    if name.is_empty() {
        if let platform::Asked::Text(t) = platform::ask_text("Your name", "") {
            match checked_name(&t) {
                Ok(n) => name = n,
                Err(why) if !t.trim().is_empty() => {
                    cx.say(why, true);
                    return Command::Stay;
                }
                Err(_) => {}
            }
        }
        if name.is_empty() {
            cx.say("Type your name first.", true);
            return Command::Stay;
        }
        if let Err(e) = cx.store.set(NAME_KEY, &name) {
            log(&format!("online-name-not-kept {e}"));
        }
    }
    let players = players.max(2);
    let back_to = cx
        .net
        .client
        .as_ref()
        .filter(|c| c.welcomed && !c.code.is_empty())
        .and_then(|c| Some((c.code.clone(), c.token()?.to_string())));
    leave_room(cx);
    log(&format!("quick-find {} players={players}", game.id));
    cx.net.quick = Some((game, players));
    cx.net.client = Some(Client::new(
        w,
        ClientFrame::Quick {
            game: game.id.to_string(),
            name,
            players: Some(players as u64),
            device: Some(cx.daily.diary.token.clone()),
            // Only a level the player chose: the room plays at Standard otherwise.
            aid: crate::app::save::chosen_aid(cx.store.as_ref()).map(|a| a.key().to_string()),
        },
    ));
    Command::Push(Box::new(QuickScreen {
        game,
        players,
        said: None,
        answered: false,
        back_to,
    }))
}

/// Leaves the queue (the server told, the connection closed), back to where the player was
/// (into the room it was in, when it asked from a room's results).
fn cancel(cx: &mut Ctx, back_to: Option<(String, String)>) -> Command {
    if let Some(c) = cx.net.client.as_mut() {
        c.send(&ClientFrame::Unqueue);
    }
    log("quick-cancel");
    leave_room(cx);
    if let (Some((room, token)), Some(w)) = (back_to, wire::platform_wire()) {
        cx.net.client = Some(Client::new(w, ClientFrame::Resume { room, token }));
    }
    Command::Pop
}

impl QuickScreen {
    fn draw(&mut self, cx: &mut Ctx, active: bool) -> Command {
        let (w, h, u) = (cx.ui.w, cx.ui.h, cx.ui.u);
        let big = cx.ui.size(6.0);
        let ts = cx.ui.size(3.6);
        let col_w = (w - 6.0 * u).min(130.0 * u);
        let x0 = (w - col_w) * 0.5;
        cx.ui
            .text_centred(self.game.name, Area::new(0.0, 2.0 * u, w, big), big, ACCENT);
        let players = self.players as u64;
        let mut offer = false;
        let mut refused = false;
        let status = match cx.net.client.as_ref() {
            None => "Connecting to the game server…".to_string(),
            Some(c) => match (c.refusal(), c.queue()) {
                (Some(why), _) => {
                    refused = true;
                    plain(why)
                }
                (None, Some((waiting, offered))) => {
                    let here = format!("{} of {players} players here.", waiting.min(players));
                    if self.said != Some((waiting, offered)) {
                        self.said = Some((waiting, offered));
                        log(&format!("quick-queued waiting={waiting} offered={offered}"));
                        a11y::say(here.clone());
                    }
                    offer = offered && !self.answered;
                    if offer {
                        format!("{here} Nobody else yet: play now with bots, or keep waiting.")
                    } else {
                        format!("Looking for players. {here}")
                    }
                }
                _ if c.welcomed => "The game is starting…".to_string(),
                _ if c.wire_state() == WireState::Reconnecting => "Reconnecting…".to_string(),
                _ => "Connecting to the game server…".to_string(),
            },
        };
        cx.ui.paragraph(&status, x0, 4.0 * u + big, col_w, ts, TEXT);
        if !active {
            return Command::Stay;
        }
        let bh = cx.ui.tap(10.0);
        let by = h - bh - 2.0 * u;
        let bw = (col_w - 4.0 * u) / 3.0;
        let at = |i: f32| Area::new(x0 + i * (bw + 2.0 * u), by, bw, bh);
        if cx.ui.button(
            "quick:cancel",
            at(0.0),
            if refused { "Back" } else { "Cancel" },
            true,
        ) {
            return cancel(cx, self.back_to.take());
        }
        if !offer && cx.ui.button("quick:ratings", at(1.0), "Ratings", true) {
            return crate::app::screens::ratings::show_ratings(cx, self.game);
        }
        if offer && cx.ui.button("quick:wait", at(1.0), "Keep waiting", true) {
            self.answered = true;
            a11y::say("Still waiting for players.");
        }
        if offer
            && cx
                .ui
                .button("quick:bots", at(2.0), "Play now with bots", true)
        {
            self.answered = true;
            if let Some(c) = cx.net.client.as_mut() {
                c.send(&ClientFrame::Bots);
            }
        }
        Command::Stay
    }
}
