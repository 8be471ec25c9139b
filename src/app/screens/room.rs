//! The online room's screen (the web build only): joining a room from its link (a name, then
//! Join, or Watch), and the waiting room: the invite link to send, who is there (each seat taken
//! or free, online or away), and the host's Start once every invited seat is taken. When the game
//! starts the play screen takes its place (`online` hears it and starts the game). Also where a
//! room is made (the setup screen's *Play online*) and where a room link is opened.

use crate::app::context::Ctx;
use crate::app::frame::Area;
use crate::app::online::client::{offers_watching, Client};
use crate::app::online::link::RoomLink;
use crate::app::online::token_key;
use crate::app::online::wire::{self, WireState};
use crate::app::online::NAME_KEY;
use crate::app::screen::{Screen, ScreenId};
use crate::app::share;
use crate::app::ui::*;
use crate::app::{log, platform, Command};
use engine::core::Seat;
use engine::games::GameInfo;
use engine::online::protocol::SeatRequest;
use engine::online::protocol::{ClientFrame, Phase, SeatPlan};
use macroquad::prelude::*;

/// The room screen: asking a name to join with, or following the room.
pub(crate) struct RoomScreen {
    /// Joining from a link: the room's code and the name typed so far.
    ask: Option<(String, String)>,
}

impl RoomScreen {
    pub(crate) fn following() -> Self {
        RoomScreen { ask: None }
    }
    pub(crate) fn joining(code: String, name: String) -> Self {
        RoomScreen {
            ask: Some((code, name)),
        }
    }
}

impl Screen<Ctx> for RoomScreen {
    fn id(&self) -> ScreenId {
        ScreenId::Room
    }
    fn back(&mut self, _cx: &mut Ctx) -> Command {
        Command::Home
    }
    fn frame(&mut self, cx: &mut Ctx, active: bool) -> Command {
        self.draw(cx, active)
    }
}

/// The room screen's buttons (their probe keys are what the browser tests press).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RoomButton {
    Name,
    Join,
    Watch,
    Invite,
    Start,
    Back,
}

impl RoomButton {
    fn key(self) -> &'static str {
        match self {
            RoomButton::Name => "room:name",
            RoomButton::Join => "room:join",
            RoomButton::Watch => "room:watch",
            RoomButton::Invite => "room:invite",
            RoomButton::Start => "room:start",
            RoomButton::Back => "back",
        }
    }
}

/// A name as a room takes it, by the rooms' own check (`engine::online::names`, the server
/// calls the same): trimmed, 1 to 24 characters, none invisible or turning the text around.
/// The refusal in words, ready for a toast.
pub(crate) fn checked_name(name: &str) -> Result<String, String> {
    engine::online::names::check_name(name).map_err(|e| format!("That name cannot be used: {e}."))
}

impl RoomScreen {
    fn draw(&mut self, cx: &mut Ctx, active: bool) -> Command {
        let (w, h, u) = (cx.ui.w, cx.ui.h, cx.ui.u);
        let big = cx.ui.size(6.0);
        let ts = cx.ui.size(3.6);
        let small = cx.ui.size(3.0);
        let col_w = (w - 6.0 * u).min(130.0 * u);
        let x0 = (w - col_w) * 0.5;
        let row = cx.ui.tap(8.0) + u;
        let game_name = cx
            .net
            .client
            .as_ref()
            .and_then(|c| engine::games::info(&c.game).ok())
            .map(|g| g.name)
            .unwrap_or("Online game");
        cx.ui
            .text_centred(game_name, Area::new(0.0, 2.0 * u, w, big), big, ACCENT);
        let mut y = 4.0 * u + big;
        let bh = cx.ui.tap(10.0);
        let by = h - bh - 2.0 * u;
        let bw = (col_w - 2.0 * u) / 2.0;
        if let Some((code, name)) = self.ask.as_mut() {
            y += cx.ui.paragraph(
                "You are invited to an online game. Your name for the other players:",
                x0,
                y,
                col_w,
                ts,
                TEXT,
            );
            y += u;
            let shown = if name.is_empty() {
                "Tap to type your name".to_string()
            } else {
                name.clone()
            };
            if active
                && cx.ui.button(
                    RoomButton::Name.key(),
                    Area::new(x0, y, col_w, row - u),
                    &shown,
                    true,
                )
            {
                if let platform::Asked::Text(t) = platform::ask_text("Your name", name) {
                    match checked_name(&t) {
                        Ok(n) => *name = n,
                        Err(why) => cx.say(why, true),
                    }
                }
            }
            y += row + u;
            cx.ui.paragraph(
                "Or just watch the game without a seat.",
                x0,
                y,
                col_w,
                small,
                DIM,
            );
            let join_w = (col_w - 4.0 * u) / 3.0;
            let back = active
                && cx.ui.button(
                    RoomButton::Back.key(),
                    Area::new(x0, by, join_w, bh),
                    "Back",
                    true,
                );
            let watch = active
                && cx.ui.button(
                    RoomButton::Watch.key(),
                    Area::new(x0 + join_w + 2.0 * u, by, join_w, bh),
                    "Watch",
                    true,
                );
            let join = active
                && cx.ui.button(
                    RoomButton::Join.key(),
                    Area::new(x0 + 2.0 * (join_w + 2.0 * u), by, join_w, bh),
                    "Join",
                    !name.is_empty(),
                );
            if back {
                return Command::Home;
            }
            let entry = if join {
                if let Err(e) = cx.store.set(NAME_KEY, name) {
                    log(&format!("online-name-not-kept {e}"));
                }
                Some(ClientFrame::Join {
                    room: code.clone(),
                    name: name.clone(),
                })
            } else if watch {
                Some(ClientFrame::Watch { room: code.clone() })
            } else {
                None
            };
            if let (Some(entry), Some(w)) = (entry, wire::platform_wire()) {
                log(&format!(
                    "online-enter {}",
                    if join { "join" } else { "watch" }
                ));
                cx.net.client = Some(Client::new(w, entry));
                self.ask = None;
            }
            return Command::Stay;
        }
        let Some(c) = cx.net.client.as_ref() else {
            cx.ui
                .paragraph("Not connected to a room.", x0, y, col_w, ts, TEXT);
            if active
                && cx.ui.button(
                    RoomButton::Back.key(),
                    Area::new(x0, by, bw, bh),
                    "Back",
                    true,
                )
            {
                return Command::Home;
            }
            return Command::Stay;
        };
        let mut watch_offered = false;
        let status = if let Some(why) = c.refusal() {
            watch_offered = offers_watching(why);
            crate::app::online::plain(why)
        } else if !c.welcomed {
            match c.wire_state() {
                WireState::Reconnecting => "Reconnecting…".to_string(),
                _ => "Connecting to the game server…".to_string(),
            }
        } else if c.phase() != Phase::Waiting {
            "The game is starting…".to_string()
        } else if c.watching() {
            "You are watching: the game shows here once the host starts it.".to_string()
        } else if c.host && c.all_taken() {
            "Everyone is here: start the game when you are ready.".to_string()
        } else if c.host {
            "Send the invite link to your friends. Start once every invited seat is taken."
                .to_string()
        } else {
            "Waiting for the host to start the game.".to_string()
        };
        y += cx.ui.paragraph(&status, x0, y, col_w, ts, TEXT);
        y += 2.0 * u;
        let welcomed = c.welcomed && c.refusal().is_none();
        let code = c.code.clone();
        let (host, all_taken) = (c.host, c.all_taken());
        let seats = c.seats.clone();
        let mine = c.mine.clone();
        if welcomed {
            for (i, seat) in seats.iter().enumerate() {
                if y + row > by - u {
                    break;
                }
                draw_rectangle(
                    x0,
                    y + u,
                    2.0 * u,
                    row - 3.0 * u,
                    rgb(Seat::new(i, engine::core::SeatKind::Human).rgb()),
                );
                let what = match seat.plan {
                    SeatPlan::Bot(l) => format!("bot, {}", l.label().to_lowercase()),
                    _ if mine.contains(&i) => "you".to_string(),
                    SeatPlan::Invited if !seat.taken => "waiting for a friend".to_string(),
                    _ if seat.online => "here".to_string(),
                    _ => "away".to_string(),
                };
                let name = if seat.plan == SeatPlan::Invited && !seat.taken {
                    "Invited".to_string()
                } else {
                    seat.name.clone()
                };
                let line = cx.ui.fit(&format!("{name} - {what}"), ts, col_w - 4.0 * u);
                let colour = if seat.taken { TEXT } else { DIM };
                cx.ui
                    .text(&line, x0 + 3.5 * u, y + (row - ts) * 0.5, ts, colour);
                y += row;
            }
        }
        let back = active
            && cx.ui.button(
                RoomButton::Back.key(),
                Area::new(x0, by, bw * 0.6, bh),
                "Leave",
                true,
            );
        let right = Area::new(x0 + bw * 0.6 + 2.0 * u, by, col_w - bw * 0.6 - 2.0 * u, bh);
        let mut invite = false;
        let mut start = false;
        let mut watch = false;
        if watch_offered {
            watch = active && cx.ui.button(RoomButton::Watch.key(), right, "Watch", true);
        } else if welcomed && host {
            let half = (right.w - 2.0 * u) / 2.0;
            invite = active
                && cx.ui.button(
                    RoomButton::Invite.key(),
                    Area::new(right.x, right.y, half, right.h),
                    "Send invite link",
                    true,
                );
            start = active
                && cx.ui.button(
                    RoomButton::Start.key(),
                    Area::new(right.x + half + 2.0 * u, right.y, half, right.h),
                    "Start",
                    all_taken,
                );
        } else if welcomed && !c.watching() {
            invite = active
                && cx
                    .ui
                    .button(RoomButton::Invite.key(), right, "Send invite link", true);
        }
        if back {
            return Command::Home;
        }
        if invite {
            send_invite(cx, &code);
        }
        if start {
            if let Some(c) = cx.net.client.as_mut() {
                if !c.start() {
                    cx.say(
                        "Not connected to the game server just now: try again in a moment.",
                        true,
                    );
                } else {
                    log("online-start");
                }
            }
        }
        if watch {
            if let Some(c) = cx.net.client.as_mut() {
                c.enter_as(ClientFrame::Watch { room: code });
            }
        }
        Command::Stay
    }
}

/// Leaves the room followed: the connection closed, the address bar cleared.
pub(crate) fn leave_room(cx: &mut Ctx) {
    if let Some(mut c) = cx.net.client.take() {
        c.close();
        log(&format!("online-left code={}", c.code));
    }
    cx.net.present.clear();
    cx.net.my_turn = false;
    if !cx.net.link.is_empty() {
        cx.net.link.clear();
        wire::show_fragment("");
    }
}

/// The setup screen's *Play online*: a room made with these seats (`invited[i]` for a seat
/// kept for a friend), and the waiting room.
pub(crate) fn create_room(
    cx: &mut Ctx,
    game: &'static GameInfo,
    options: Vec<String>,
    seats: &[Seat],
    invited: &[bool],
) -> Command {
    let Some(w) = wire::platform_wire() else {
        cx.say("This version plays offline only.", true);
        return Command::Stay;
    };
    let seats: Vec<SeatRequest> = seats
        .iter()
        .enumerate()
        .map(|(i, s)| SeatRequest {
            plan: if invited.get(i).copied().unwrap_or(false) {
                SeatPlan::Invited
            } else if s.is_bot() {
                SeatPlan::Bot(s.level)
            } else {
                SeatPlan::Here
            },
            name: checked_name(&s.name).unwrap_or_else(|_| s.name.trim().to_string()),
        })
        .collect();
    log(&format!(
        "online-create {} seats={}",
        game.id,
        seats
            .iter()
            .map(|s| s.plan.name())
            .collect::<Vec<_>>()
            .join(",")
    ));
    leave_room(cx);
    cx.net.quick = None;
    cx.net.client = Some(Client::new(
        w,
        ClientFrame::Create {
            game: game.id.to_string(),
            options,
            seats,
        },
    ));
    Command::Push(Box::new(RoomScreen::following()))
}

/// Opens the room link in the address bar, if there is one not yet opened (at the start,
/// and when one is pasted while the game runs). A link that is not one is refused in words;
/// the saved game is untouched.
pub(crate) fn open_room_link(cx: &mut Ctx) {
    let Some(fragment) = wire::room_fragment() else {
        return;
    };
    if fragment == cx.net.link {
        return;
    }
    cx.net.link = fragment.clone();
    let link = match RoomLink::parse(&fragment) {
        Ok(l) => l,
        Err(msg) => {
            log(&format!("room-link-refused {msg}"));
            cx.net.link.clear();
            wire::show_fragment("");
            cx.notice = Some(format!("{msg} Your saved game is untouched."));
            cx.command(Command::Home);
            return;
        }
    };
    if cx.net.client.as_ref().is_some_and(|c| c.code == link.code) {
        return;
    }
    let Some(w) = wire::platform_wire() else {
        return;
    };
    leave_room(cx);
    cx.net.quick = None;
    cx.net.link = fragment;
    log(&format!(
        "room-link code={} watch={}",
        link.code, link.watch
    ));
    if link.watch {
        cx.net.client = Some(Client::new(w, ClientFrame::Watch { room: link.code }));
        cx.command(Command::Fresh(Box::new(RoomScreen::following())));
    } else if let Some(token) = cx.store.get(&token_key(&link.code)) {
        // Back to one's own seat, also when it is not one's turn; a quick match's room is
        // known as one again (Find another game, the rating).
        cx.net.quick = cx
            .store
            .get(&crate::app::online::quick_key(&link.code))
            .and_then(|v| crate::app::online::quick_from(&v));
        cx.net.client = Some(Client::new(
            w,
            ClientFrame::Resume {
                room: link.code,
                token,
            },
        ));
        cx.command(Command::Fresh(Box::new(RoomScreen::following())));
    } else {
        let name = cx.store.get(NAME_KEY).unwrap_or_default();
        cx.command(Command::Fresh(Box::new(RoomScreen::joining(
            link.code, name,
        ))));
    }
}

/// The invite link, through the system share sheet or the clipboard (as game links go).
pub(crate) fn send_invite(cx: &mut Ctx, code: &str) {
    let link = RoomLink {
        code: code.to_string(),
        watch: false,
    };
    log(&format!("online-invite {}", link.fragment()));
    match share::send(&link.fragment(), "Play Catapult Table with me") {
        Ok(share::Shared::Sheet) => cx.say("Invite link ready to send.", false),
        Ok(share::Shared::Clipboard) => cx.say(
            "Invite link copied. Send it: whoever opens it takes a seat.",
            false,
        ),
        Ok(share::Shared::Shown) => cx.say("Copy the link from the box and send it.", false),
        Ok(share::Shared::File(path)) => cx.say(format!("The link was written to {path}."), false),
        Err(e) => cx.say(format!("The link could not be shared: {e}."), true),
    }
}

#[cfg(test)]
mod tests {
    use super::checked_name;

    #[test]
    fn the_app_refuses_a_hostile_name_in_the_server_s_words_before_sending_it() {
        assert_eq!(checked_name("  Ada "), Ok("Ada".to_string()));
        for (name, why) in [
            ("Ada\u{202e}nimda", "turns the text around"),
            ("A\u{200d}da", "invisible"),
            ("Ada\u{e000}", "private"),
            ("", "1 to 24 characters"),
        ] {
            let said = checked_name(name).err().unwrap_or_default();
            assert!(
                said.starts_with("That name cannot be used: ") && said.contains(why),
                "{name:?}: {said}"
            );
        }
    }
}
