//! Named designs: a card castle, a fortress or a solo arrangement saved under a name, built
//! again in a later game's build phase, renamed, deleted, and shared as a link that opens in
//! the designer (the game's own build phase with the design built, ready to look at, adjust,
//! save and play).
//!
//! The list lives in storage under one key (localStorage on the web, a file in the desktop's
//! save folder): each design as its link payload, so a stored design goes through the same
//! decoder and the same rules check as one from a link. A name is plain text, capped
//! (`core::design::clean_name`), and stored inside JSON (escaped by the writer).

use super::frame::Area;
use super::play::Play;
use super::ui::*;
use super::{log, platform, save, store, App};
use engine::core::design::{self, clean_name, Design};
use engine::games::designs::{self as game_designs, kind_of};
use macroquad::prelude::*;
use nanoserde::{DeJson, SerJson};
use std::sync::atomic::{AtomicU32, Ordering};

/// Storage key of the saved designs.
pub const DESIGNS_KEY: &str = "catapult-table.designs";
/// Most designs kept (all games together).
pub const MAX_SAVED: usize = 40;

#[derive(Clone, Debug, PartialEq, SerJson, DeJson)]
struct Stored {
    game: String,
    name: String,
    link: String,
}

/// Reads the saved designs; one that no longer decodes or builds is left out (and stays in
/// storage until the list is next written, so nothing is lost by an older build reading it).
pub fn load(store: &dyn store::Store) -> Vec<Design> {
    let Some(text) = store.get(DESIGNS_KEY) else {
        return Vec::new();
    };
    let Ok(list) = Vec::<Stored>::deserialize_json(&text) else {
        log("designs-unreadable");
        return Vec::new();
    };
    list.iter()
        .take(MAX_SAVED)
        .filter_map(|s| {
            let d = design::decode(&s.link).ok()?;
            (d.game == s.game).then_some(())?;
            game_designs::check(&d).ok()
        })
        .collect()
}

/// Writes the list (each design as its link payload).
pub fn write(store: &mut dyn store::Store, list: &[Design]) -> Result<(), String> {
    let stored: Vec<Stored> = list
        .iter()
        .filter_map(|d| {
            Some(Stored {
                game: d.game.clone(),
                name: d.name.clone(),
                link: design::encode(d).ok()?,
            })
        })
        .collect();
    store.set(DESIGNS_KEY, &stored.serialize_json())
}

/// A name not yet used for this game's designs: `wanted` made plain (or "<Kind> N"), with " 2",
/// " 3"… added when taken.
pub fn free_name(list: &[Design], game: &str, wanted: &str, skip: Option<usize>) -> String {
    let kind = kind_of(game).unwrap_or("design");
    let mut base = clean_name(wanted);
    if base.is_empty() {
        let mut k = kind.chars();
        base = k
            .next()
            .map(|c| c.to_uppercase().chain(k).collect())
            .unwrap_or_default();
    }
    let taken = |n: &str| {
        list.iter()
            .enumerate()
            .any(|(i, d)| Some(i) != skip && d.game == game && d.name == n)
    };
    if !taken(&base) {
        return base;
    }
    (2..)
        .map(|i| {
            let tail = format!(" {i}");
            let keep = design::MAX_NAME_CHARS - tail.len();
            format!("{}{tail}", base.chars().take(keep).collect::<String>())
        })
        .find(|n| !taken(n))
        .unwrap_or(base)
}

/// The digest of the design on the table now (0: none), for browser tests (`ct_design`).
static ON_TABLE: AtomicU32 = AtomicU32::new(0);

/// The digest of the acting seat's design on the table (its pieces' poses), or 0.
#[no_mangle]
pub extern "C" fn ct_design() -> u32 {
    ON_TABLE.load(Ordering::Relaxed)
}

/// The designs panel's state.
#[derive(Default)]
pub(super) struct DesignUi {
    /// Loaded from storage on first use.
    list: Option<Vec<Design>>,
    /// The "My designs" list is open.
    open: bool,
    /// A design being renamed by typing (the desktop), and the text so far.
    renaming: Option<(usize, String)>,
}

/// The designs' buttons (their probe keys are what the browser tests press): the bar over the
/// table, and the list's rows (by row on screen) and its panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DesignButton {
    Save,
    Share,
    /// One of the player's own designs that fit, offered before anything is built.
    Quick(usize),
    List,
    Use(usize),
    ShareRow(usize),
    Rename(usize),
    Delete(usize),
    Close,
}

impl DesignButton {
    fn key(self) -> String {
        match self {
            DesignButton::Save => "design:save".into(),
            DesignButton::Share => "design:share".into(),
            DesignButton::Quick(k) => format!("design:quick:{k}"),
            DesignButton::List => "design:list".into(),
            DesignButton::Use(r) => format!("design:use:{r}"),
            DesignButton::ShareRow(r) => format!("design:share:{r}"),
            DesignButton::Rename(r) => format!("design:rename:{r}"),
            DesignButton::Delete(r) => format!("design:delete:{r}"),
            DesignButton::Close => "design:close".into(),
        }
    }
}

impl App {
    fn designs(&mut self) -> &mut Vec<Design> {
        let store = self.cx.store.as_ref();
        self.table.designs.list.get_or_insert_with(|| load(store))
    }

    fn write_designs(&mut self) -> bool {
        let list = self.designs().clone();
        match write(self.cx.store.as_mut(), &list) {
            Ok(()) => true,
            Err(e) => {
                self.cx
                    .say(format!("The designs could not be saved: {e}"), true);
                false
            }
        }
    }

    /// The designs strip at the top right of the table while a human builds: Save, Share and
    /// the player's saved designs for this game. Buttons over the table keep their taps (a press
    /// on a button is nobody's on the table: `route::owner_at`).
    pub(super) fn design_bar(&mut self, p: &mut Play, human: Option<usize>) {
        let game = p.info.id;
        let now = if human.is_some() {
            p.game().design()
        } else {
            None
        };
        ON_TABLE.store(
            now.as_ref().map(|d| d.digest()).unwrap_or(0),
            Ordering::Relaxed,
        );
        let Some(kind) = kind_of(game) else {
            return;
        };
        if human.is_none() {
            self.table.designs.open = false;
            return;
        }
        let mine: Vec<usize> = (0..self.designs().len())
            .filter(|&i| self.designs()[i].game == game)
            .collect();
        if now.is_none() && (mine.is_empty() || !self.can_build_any(p, &mine)) {
            self.table.designs.open = false;
            return;
        }
        let u = self.cx.ui.u;
        let ta = self.table.area;
        let bh = 8.0 * u;
        let mut buttons: Vec<(DesignButton, String)> = Vec::new();
        if now.is_some() {
            buttons.push((DesignButton::Save, format!("Save this {kind}")));
            buttons.push((DesignButton::Share, format!("Share {kind}")));
        }
        // Before anything is built, the player's own designs that fit are offered right here,
        // next to the shipped ones in the bottom bar.
        let list = self.designs().clone();
        let quick: Vec<usize> = if now.is_none() {
            mine.iter()
                .copied()
                .filter(|&i| p.game().design_moves(&list[i]).is_ok())
                .take(2)
                .collect()
        } else {
            Vec::new()
        };
        for (k, &i) in quick.iter().enumerate() {
            buttons.push((DesignButton::Quick(k), format!("Build {}", list[i].name)));
        }
        if !mine.is_empty() {
            buttons.push((DesignButton::List, format!("My designs ({})", mine.len())));
        }
        let size = self.cx.ui.size_at_most(4.0, bh * 0.5);
        let mut x = ta.x + ta.w - 2.0 * u;
        let y = ta.y + 1.5 * u;
        let mut tapped = None;
        for (button, label) in buttons.iter().rev() {
            let bw = self.cx.ui.measure(&plain(label), size) + 5.0 * u;
            x -= bw;
            if self
                .cx
                .ui
                .button(&button.key(), Area::new(x, y, bw, bh), label, true)
            {
                tapped = Some(*button);
            }
            x -= 1.5 * u;
        }
        match tapped {
            Some(DesignButton::Save) => {
                if let Some(d) = now.clone() {
                    self.save_design(d, kind);
                }
            }
            Some(DesignButton::Share) => {
                if let Some(mut d) = now.clone() {
                    d.name = self.name_on_table(&d, kind);
                    self.share_design(&d);
                }
            }
            Some(DesignButton::Quick(k)) => {
                if let Some(&i) = quick.get(k) {
                    self.build_design(p, &list[i]);
                }
            }
            Some(DesignButton::List) => {
                self.table.designs.open = !self.table.designs.open;
                self.table.designs.renaming = None;
            }
            _ => {}
        }
        if self.table.designs.open {
            self.design_list(p, &mine, y + bh + 1.5 * u);
        }
    }

    fn can_build_any(&mut self, p: &Play, mine: &[usize]) -> bool {
        let list = self.designs().clone();
        mine.iter()
            .any(|&i| p.game().design_moves(&list[i]).is_ok())
    }

    /// The name of a saved design identical to the one on the table, else a new one.
    fn name_on_table(&mut self, d: &Design, kind: &str) -> String {
        let list = self.designs().clone();
        list.iter()
            .find(|s| s.game == d.game && s.rows == d.rows)
            .map(|s| s.name.clone())
            .unwrap_or_else(|| free_name(&list, &d.game, &format!("My {kind}"), None))
    }

    fn save_design(&mut self, mut d: Design, kind: &str) {
        let list = self.designs().clone();
        if let Some(same) = list.iter().find(|s| s.game == d.game && s.rows == d.rows) {
            self.cx.say(
                format!("This {kind} is already saved as {}.", same.name),
                false,
            );
            return;
        }
        if list.len() >= MAX_SAVED {
            self.cx.say(
                format!("{MAX_SAVED} designs are saved already: delete one first."),
                true,
            );
            return;
        }
        let default = free_name(&list, &d.game, "", None);
        let wanted = match platform::ask_text(&format!("A name for this {kind}"), &default) {
            platform::Asked::Text(t) => t,
            platform::Asked::Cancelled => return,
            platform::Asked::Unsupported => default,
        };
        d.name = free_name(&list, &d.game, &wanted, None);
        let name = d.name.clone();
        log(&format!(
            "design-saved game={} name={} digest={:08x}",
            d.game,
            name,
            d.digest()
        ));
        self.designs().push(d);
        if self.write_designs() {
            self.cx.say(
                format!("Saved as {name}: it is offered in your next games."),
                false,
            );
        }
    }

    fn share_design(&mut self, d: &Design) {
        let payload = match design::encode(d) {
            Ok(t) => t,
            Err(e) => {
                self.cx
                    .say(format!("This design cannot be sent by link: {e}."), true);
                return;
            }
        };
        let fragment = format!("{}{payload}", design::FRAGMENT);
        log(&format!(
            "design-shared game={} chars={} digest={:08x}",
            d.game,
            fragment.len(),
            d.digest()
        ));
        let title = format!("{} - {}", d.name, kind_of(&d.game).unwrap_or("design"));
        match super::share::send(&fragment, &title) {
            Ok(super::share::Shared::Sheet) => self.cx.say("Design link ready to send.", false),
            Ok(super::share::Shared::Clipboard) => self.cx.say(
                "Design link copied: whoever opens it can build with it.",
                false,
            ),
            Ok(super::share::Shared::Shown) => self
                .cx
                .say("Copy the design link from the box and send it.", false),
            Ok(super::share::Shared::File(path)) => self
                .cx
                .say(format!("The design link was written to {path}."), false),
            Err(e) => self
                .cx
                .say(format!("The design link could not be shared: {e}."), true),
        }
    }

    /// The "My designs" panel: build one now, share, rename or delete it.
    fn design_list(&mut self, p: &mut Play, mine: &[usize], top: f32) {
        let u = self.cx.ui.u;
        let ta = self.table.area;
        let row = 9.5 * u;
        let w = (ta.w - 4.0 * u).min(130.0 * u);
        let h = (mine.len() as f32 + 1.0) * row + 3.0 * u;
        let panel = Area::new(
            ta.x + ta.w - w - 2.0 * u,
            top,
            w,
            h.min(ta.h - (top - ta.y)),
        );
        // Taps on the panel never reach the table; the panel is no button of its own.
        self.cx.ui.block(panel);
        self.cx.ui.panel(panel, Color::new(0.08, 0.09, 0.12, 0.96));
        let size = self.cx.ui.size(3.4);
        let list = self.designs().clone();
        let mut act: Option<(DesignButton, usize)> = None;
        let bw = 17.0 * u;
        for (r, &i) in mine.iter().enumerate() {
            let y = panel.y + 1.5 * u + r as f32 * row;
            if y + row > panel.y + panel.h {
                break;
            }
            let d = &list[i];
            let typing = self.table.designs.renaming.as_ref().filter(|t| t.0 == i);
            let label = match typing {
                Some((_, t)) => format!("{t}_"),
                None => d.name.clone(),
            };
            self.cx
                .ui
                .text(&plain(&label), panel.x + 2.0 * u, y + 2.0 * u, size, TEXT);
            let fits = p.game().design_moves(d);
            let mut bx = panel.x + panel.w - 4.0 * (bw + 1.5 * u);
            for (button, text, enabled) in [
                (DesignButton::Use(r), "Build", fits.is_ok()),
                (DesignButton::ShareRow(r), "Share", true),
                (DesignButton::Rename(r), "Rename", true),
                (DesignButton::Delete(r), "Delete", true),
            ] {
                if self.cx.ui.button(
                    &button.key(),
                    Area::new(bx, y, bw, row - 1.5 * u),
                    text,
                    enabled,
                ) {
                    act = Some((button, i));
                }
                bx += bw + 1.5 * u;
            }
        }
        let close = Area::new(
            panel.x + panel.w - bw - 2.0 * u,
            panel.y + panel.h - row,
            bw,
            row - 1.5 * u,
        );
        if self
            .cx
            .ui
            .button(&DesignButton::Close.key(), close, "Close", true)
        {
            self.table.designs.open = false;
            self.table.designs.renaming = None;
        }
        self.type_rename();
        match act {
            Some((DesignButton::Use(_), i)) => self.build_design(p, &list[i]),
            Some((DesignButton::ShareRow(_), i)) => self.share_design(&list[i]),
            Some((DesignButton::Rename(_), i)) => self.rename_design(i),
            Some((DesignButton::Delete(_), i)) => {
                let d = self.designs().remove(i);
                self.table.designs.renaming = None;
                if self.write_designs() {
                    log(&format!("design-deleted game={} name={}", d.game, d.name));
                    self.cx.say(format!("{} deleted.", d.name), false);
                }
            }
            _ => {}
        }
    }

    fn rename_design(&mut self, i: usize) {
        let Some(current) = self.designs().get(i).map(|d| d.name.clone()) else {
            return;
        };
        match platform::ask_text("A new name for this design", &current) {
            platform::Asked::Text(t) => self.set_design_name(i, &t),
            platform::Asked::Cancelled => {}
            platform::Asked::Unsupported => self.table.designs.renaming = Some((i, current)),
        }
    }

    /// Typing a new name in place (the desktop): Enter keeps it, Backspace deletes.
    fn type_rename(&mut self) {
        let Some((i, mut text)) = self.table.designs.renaming.take() else {
            return;
        };
        while let Some(c) = get_char_pressed() {
            if !c.is_control() && text.chars().count() < design::MAX_NAME_CHARS {
                text.push(c);
            }
        }
        if is_key_pressed(KeyCode::Backspace) {
            text.pop();
        }
        if is_key_pressed(KeyCode::Enter) || is_key_pressed(KeyCode::KpEnter) {
            self.set_design_name(i, &text);
        } else {
            self.table.designs.renaming = Some((i, text));
        }
    }

    fn set_design_name(&mut self, i: usize, wanted: &str) {
        let list = self.designs().clone();
        let Some(game) = list.get(i).map(|d| d.game.clone()) else {
            return;
        };
        if clean_name(wanted).is_empty() {
            self.cx.say("A design needs a name.", true);
            return;
        }
        let name = free_name(&list, &game, wanted, Some(i));
        if let Some(d) = self.designs().get_mut(i) {
            d.name = name.clone();
        }
        if self.write_designs() {
            log(&format!("design-renamed game={game} name={name}"));
        }
    }

    /// Builds a saved design for the acting player now: checked on a copy of the game first,
    /// so a design that does not fit changes nothing.
    fn build_design(&mut self, p: &mut Play, d: &Design) {
        let mut copy = p.game().clone_game();
        let moves = match game_designs::build_into(copy.as_mut(), d) {
            Ok(m) => m,
            Err(e) => {
                self.cx
                    .say(format!("{} cannot be built here: {e}", d.name), true);
                return;
            }
        };
        for mv in moves {
            if let Err(e) = p.decide(mv) {
                self.cx
                    .say(format!("{} cannot be built here: {e}", d.name), true);
                return;
            }
            super::session::log_move(p);
        }
        self.cx.save_play(p);
        self.table.designs.open = false;
        log(&format!(
            "design-built game={} name={} digest={:08x}",
            d.game,
            d.name,
            d.digest()
        ));
        self.cx.say(format!("{} is built.", d.name), false);
    }

    /// Opens a design link in the designer: a new game of its game, at the player's build, with
    /// the design built by the rules. A link that does not decode or build is refused in words
    /// and the game in progress is kept.
    pub(super) fn open_design_link(&mut self, text: &str) {
        let opened = design::decode(text)
            .and_then(|d| game_designs::check(&d))
            .and_then(|d| {
                let info = super::play::find(&d.game)?;
                let seats = game_designs::designer_seats(&d.game);
                let mut play = Play::new(info, &[], seats, super::session::seed_now(self.frames))?;
                for mv in play.game().design_moves(&d)? {
                    play.decide(mv)?;
                }
                Ok((d, play))
            });
        let (d, play) = match opened {
            Ok(x) => x,
            Err(e) => {
                log(&format!("design-refused {e}"));
                if self.shown == super::ScreenId::Title {
                    self.cx.notice = Some(format!("{e} Your saved game is untouched."));
                } else {
                    self.cx.say(e.0, true);
                }
                return;
            }
        };
        if let Some(old) = self.cx.store.get(save::SAVE_KEY) {
            let _ = self.cx.store.set(super::share::BEFORE_LINK_KEY, &old);
        }
        let kind = kind_of(&d.game).unwrap_or("design");
        log(&format!(
            "design-opened game={} name={} digest={:08x} moves={}",
            d.game,
            d.name,
            d.digest(),
            play.driver.session.replay.moves.len()
        ));
        self.saved = None;
        self.cx.notice = None;
        self.start(play);
        self.autosave();
        self.cx.say(
            format!(
                "The {kind} {} is built: look, change it, save it, or carry on to play with it.",
                d.name
            ),
            false,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn design_buttons_keep_the_keys_the_browser_tests_press() {
        use DesignButton::*;
        let keys: Vec<String> = [
            Save,
            Share,
            Quick(1),
            List,
            Use(0),
            ShareRow(2),
            Rename(0),
            Delete(3),
            Close,
        ]
        .iter()
        .map(|b| b.key())
        .collect();
        assert_eq!(
            keys,
            [
                "design:save",
                "design:share",
                "design:quick:1",
                "design:list",
                "design:use:0",
                "design:share:2",
                "design:rename:0",
                "design:delete:3",
                "design:close"
            ]
        );
    }
    use crate::app::store::Store;

    fn fortress(name: &str) -> Design {
        let mut g = game_designs::designer_game("feud", 3).unwrap_or_else(|e| panic!("{e}"));
        let c = g
            .choices()
            .into_iter()
            .find(|c| c.label == "Build the Keep")
            .unwrap_or_else(|| panic!("no Keep"));
        g.apply(&c.mv).unwrap_or_else(|e| panic!("{e}"));
        let mut d = g.design().unwrap_or_else(|| panic!("no design"));
        d.name = name.into();
        d
    }

    #[test]
    fn saved_designs_come_back_from_storage_checked() {
        let mut store = store::MemStore::default();
        assert!(load(&store).is_empty());
        let list = vec![fortress("Keep \"one\" <b>"), fortress("Two")];
        assert!(write(&mut store, &list).is_ok());
        assert_eq!(load(&store), list);
        // A stored design someone edited so it cannot be built is left out, not a panic.
        let text = store.get(DESIGNS_KEY).unwrap_or_default();
        let mut bad = fortress("Bad");
        bad.rows[0][1] = 99_000;
        let forged = Stored {
            game: "feud".into(),
            name: "Bad".into(),
            link: design::encode(&bad).unwrap_or_default(),
        };
        let mut v = Vec::<Stored>::deserialize_json(&text).unwrap_or_default();
        v.push(forged);
        let _ = store.set(DESIGNS_KEY, &v.serialize_json());
        assert_eq!(load(&store), list);
        let _ = store.set(DESIGNS_KEY, "[{\"game\":");
        assert!(load(&store).is_empty());
    }

    #[test]
    fn names_are_unique_per_game_and_capped() {
        let list = vec![fortress("Fortress"), fortress("Keep")];
        assert_eq!(free_name(&list, "feud", "", None), "Fortress 2");
        assert_eq!(free_name(&list, "feud", "  Keep ", None), "Keep 2");
        assert_eq!(free_name(&list, "feud", "Keep", Some(1)), "Keep");
        assert_eq!(free_name(&list, "assault", "Keep", None), "Keep");
        assert_eq!(free_name(&[], "castle", "", None), "Solo arrangement");
        let long = free_name(&list, "feud", &"Fortress".repeat(9), None);
        assert_eq!(long.chars().count(), design::MAX_NAME_CHARS);
    }
}
