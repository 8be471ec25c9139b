//! A game's ratings table (the web build only): rank, name, rating and games of the best players
//! of quick matches, this device's own line marked (and added after the best when further
//! down). Asked for over the connection already open (the quick-match wait), or over one of its
//! own (`ratings` as the connection's first frame) closed when the screen is left.

use crate::app::context::Ctx;
use crate::app::frame::Area;
use crate::app::online::client::Client;
use crate::app::online::wire::{self, WireState};
use crate::app::online::{plain, rating_text};
use crate::app::screen::{Screen, ScreenId};
use crate::app::ui::*;
use crate::app::{a11y, log, Command};
use engine::games::GameInfo;
use engine::online::protocol::ClientFrame;

pub(crate) struct RatingsScreen {
    game: &'static GameInfo,
    /// The connection was opened for this screen (closed when it is left).
    own: bool,
    asked: bool,
    said: bool,
}

impl Screen<Ctx> for RatingsScreen {
    fn id(&self) -> ScreenId {
        ScreenId::Room
    }
    fn back(&mut self, cx: &mut Ctx) -> Command {
        self.leave(cx)
    }
    fn frame(&mut self, cx: &mut Ctx, active: bool) -> Command {
        self.draw(cx, active)
    }
}

/// The table of `game`, over the screen the player is on.
pub(crate) fn show_ratings(cx: &mut Ctx, game: &'static GameInfo) -> Command {
    let own = cx.net.client.is_none();
    if own {
        let Some(w) = wire::platform_wire() else {
            cx.say("This version plays offline only.", true);
            return Command::Stay;
        };
        cx.net.client = Some(Client::new(
            w,
            ClientFrame::Ratings {
                game: game.id.to_string(),
                device: Some(cx.daily.diary.token.clone()),
            },
        ));
    } else if let Some(c) = cx.net.client.as_mut() {
        c.forget_ratings();
    }
    log(&format!("ratings-show {}", game.id));
    Command::Push(Box::new(RatingsScreen {
        game,
        own,
        asked: own,
        said: false,
    }))
}

/// One line of the table as shown and said: "3. Ada 1,512 (12 games)".
pub(crate) fn entry_line(e: &engine::online::protocol::RatingEntry) -> String {
    let games = if e.games == 1 { "game" } else { "games" };
    let unsure = if e.provisional { "?" } else { "" };
    format!(
        "{}. {} {}{unsure} ({} {games})",
        e.rank,
        e.name,
        rating_text(e.rating),
        e.games
    )
}

impl RatingsScreen {
    fn leave(&mut self, cx: &mut Ctx) -> Command {
        if self.own {
            crate::app::screens::room::leave_room(cx);
        }
        Command::Pop
    }

    fn draw(&mut self, cx: &mut Ctx, active: bool) -> Command {
        let (w, h, u) = (cx.ui.w, cx.ui.h, cx.ui.u);
        let big = cx.ui.size(5.0);
        let ts = cx.ui.size(3.2);
        let col_w = (w - 6.0 * u).min(120.0 * u);
        let x0 = (w - col_w) * 0.5;
        let title = format!("{}: ratings", self.game.name);
        cx.ui
            .text_centred(&title, Area::new(0.0, 2.0 * u, w, big), big, ACCENT);
        if !self.asked {
            if let Some(c) = cx.net.client.as_mut() {
                if c.wire_state() == WireState::Open {
                    self.asked = c.ask_ratings(self.game.id, &cx.daily.diary.token);
                }
            }
        }
        let bh = cx.ui.tap(10.0);
        let mut y = 4.0 * u + big;
        let bottom = h - bh - 4.0 * u;
        let c = cx.net.client.as_ref();
        let table = c
            .and_then(|c| c.ratings())
            .filter(|t| t.game == self.game.id);
        match (table, c.and_then(|c| c.refusal())) {
            (Some(t), _) if t.entries.is_empty() => {
                let words = format!(
                    "Nobody is rated in {} yet: play online with anyone to be the first.",
                    self.game.name
                );
                self.say_once(&words);
                cx.ui.paragraph(&words, x0, y, col_w, ts, TEXT);
            }
            (Some(t), _) => {
                let head = format!(
                    "{} rated {}. Ratings start at 1,500; ? marks one still settling.",
                    t.players,
                    if t.players == 1 { "player" } else { "players" }
                );
                cx.ui.paragraph(&head, x0, y, col_w, ts * 0.9, DIM);
                y += ts * 2.6;
                let row = ts * 1.5;
                for e in &t.entries {
                    if y + row > bottom {
                        break;
                    }
                    let colour = if e.you { ACCENT } else { TEXT };
                    let line = cx.ui.fit(&entry_line(e), ts, col_w);
                    cx.ui.text(&line, x0, y, ts, colour);
                    y += row;
                }
                let mine = t.mine().map(|e| format!(" You: {}.", entry_line(e)));
                self.say_once(&format!("{head}{}", mine.unwrap_or_default()));
            }
            (None, Some(why)) => {
                let words = plain(why);
                cx.ui.paragraph(&words, x0, y, col_w, ts, TEXT);
            }
            (None, None) => {
                cx.ui
                    .paragraph("Asking the game server…", x0, y, col_w, ts, DIM);
            }
        }
        if !active {
            return Command::Stay;
        }
        let bw = (col_w * 0.4).max(30.0 * u).min(col_w);
        if cx.ui.button(
            "ratings:back",
            Area::new(x0, h - bh - 2.0 * u, bw, bh),
            "Back",
            true,
        ) {
            return self.leave(cx);
        }
        Command::Stay
    }

    fn say_once(&mut self, words: &str) {
        if !self.said {
            self.said = true;
            a11y::say(words.to_string());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_of_the_table_reads_as_said() {
        let mut e = engine::online::protocol::RatingEntry {
            rank: 3,
            name: "Ada".into(),
            rating: 1512,
            games: 12,
            provisional: false,
            you: true,
        };
        assert_eq!(entry_line(&e), "3. Ada 1,512 (12 games)");
        e.games = 1;
        e.provisional = true;
        assert_eq!(entry_line(&e), "3. Ada 1,512? (1 game)");
    }
}
