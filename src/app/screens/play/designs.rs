//! Saved designs on the table: the bar, the list, naming, sharing and building one.

use super::Table;
use crate::app::context::Ctx;
use crate::app::designs::*;
use crate::app::frame::Area;
use crate::app::keyqueue;
use crate::app::play::Play;
use crate::app::ui::*;
use crate::app::{log, platform};
use engine::core::design::{self, clean_name, Design};
use engine::games::designs::{self as game_designs, kind_of};
use macroquad::prelude::*;
use std::sync::atomic::Ordering;

impl Table {
    pub(crate) fn designs(&mut self, cx: &mut Ctx) -> &mut Vec<Design> {
        let store = cx.store.as_ref();
        self.designs.list.get_or_insert_with(|| load(store))
    }

    pub(crate) fn write_designs(&mut self, cx: &mut Ctx) -> bool {
        let list = self.designs(cx).clone();
        match write(cx.store.as_mut(), &list) {
            Ok(()) => true,
            Err(e) => {
                cx.say(format!("The designs could not be saved: {e}"), true);
                false
            }
        }
    }

    /// The designs strip at the top right of the table while a human builds: Save, Share and
    /// the player's saved designs for this game. Buttons over the table keep their taps (a press
    /// on a button is nobody's on the table: `route::owner_at`).
    pub(crate) fn design_bar(&mut self, cx: &mut Ctx, p: &mut Play, human: Option<usize>) {
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
            self.designs.open = false;
            return;
        }
        let mine: Vec<usize> = (0..self.designs(cx).len())
            .filter(|&i| self.designs(cx)[i].game == game)
            .collect();
        if now.is_none() && (mine.is_empty() || !self.can_build_any(cx, p, &mine)) {
            self.designs.open = false;
            return;
        }
        let u = cx.ui.u;
        let ta = self.area;
        let bh = 8.0 * u;
        let mut buttons: Vec<(DesignButton, String)> = Vec::new();
        if now.is_some() {
            buttons.push((DesignButton::Save, format!("Save this {kind}")));
            buttons.push((DesignButton::Share, format!("Share {kind}")));
        }
        // Before anything is built, the player's own designs that fit are offered right here,
        // next to the shipped ones in the bottom bar.
        let list = self.designs(cx).clone();
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
        let size = cx.ui.size_at_most(4.0, bh * 0.5);
        let mut x = ta.x + ta.w - 2.0 * u;
        let y = ta.y + 1.5 * u;
        let mut tapped = None;
        for (button, label) in buttons.iter().rev() {
            let bw = cx.ui.measure(&plain(label), size) + 5.0 * u;
            x -= bw;
            if cx
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
                    self.save_design(cx, d, kind);
                }
            }
            Some(DesignButton::Share) => {
                if let Some(mut d) = now.clone() {
                    d.name = self.name_on_table(cx, &d, kind);
                    self.share_design(cx, &d);
                }
            }
            Some(DesignButton::Quick(k)) => {
                if let Some(&i) = quick.get(k) {
                    self.build_design(cx, p, &list[i]);
                }
            }
            Some(DesignButton::List) => {
                self.designs.open = !self.designs.open;
                self.designs.renaming = None;
            }
            _ => {}
        }
        if self.designs.open {
            self.design_list(cx, p, &mine, y + bh + 1.5 * u);
        }
    }

    pub(crate) fn can_build_any(&mut self, cx: &mut Ctx, p: &Play, mine: &[usize]) -> bool {
        let list = self.designs(cx).clone();
        mine.iter()
            .any(|&i| p.game().design_moves(&list[i]).is_ok())
    }

    /// The name of a saved design identical to the one on the table, else a new one.
    pub(crate) fn name_on_table(&mut self, cx: &mut Ctx, d: &Design, kind: &str) -> String {
        let list = self.designs(cx).clone();
        list.iter()
            .find(|s| s.game == d.game && s.rows == d.rows)
            .map(|s| s.name.clone())
            .unwrap_or_else(|| free_name(&list, &d.game, &format!("My {kind}"), None))
    }

    pub(crate) fn save_design(&mut self, cx: &mut Ctx, mut d: Design, kind: &str) {
        let list = self.designs(cx).clone();
        if let Some(same) = list.iter().find(|s| s.game == d.game && s.rows == d.rows) {
            cx.say(
                format!("This {kind} is already saved as {}.", same.name),
                false,
            );
            return;
        }
        if list.len() >= MAX_SAVED {
            cx.say(
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
        self.designs(cx).push(d);
        if self.write_designs(cx) {
            cx.say(
                format!("Saved as {name}: it is offered in your next games."),
                false,
            );
        }
    }

    pub(crate) fn share_design(&mut self, cx: &mut Ctx, d: &Design) {
        let payload = match design::encode(d) {
            Ok(t) => t,
            Err(e) => {
                cx.say(format!("This design cannot be sent by link: {e}."), true);
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
        match crate::app::share::send(&fragment, &title) {
            Ok(crate::app::share::Shared::Sheet) => cx.say("Design link ready to send.", false),
            Ok(crate::app::share::Shared::Clipboard) => cx.say(
                "Design link copied: whoever opens it can build with it.",
                false,
            ),
            Ok(crate::app::share::Shared::Shown) => {
                cx.say("Copy the design link from the box and send it.", false)
            }
            Ok(crate::app::share::Shared::File(path)) => {
                cx.say(format!("The design link was written to {path}."), false)
            }
            Err(e) => cx.say(format!("The design link could not be shared: {e}."), true),
        }
    }

    /// The "My designs" panel: build one now, share, rename or delete it.
    pub(crate) fn design_list(&mut self, cx: &mut Ctx, p: &mut Play, mine: &[usize], top: f32) {
        let u = cx.ui.u;
        let ta = self.area;
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
        cx.ui.block(panel);
        cx.ui.panel(panel, Color::new(0.08, 0.09, 0.12, 0.96));
        let size = cx.ui.size(3.4);
        let list = self.designs(cx).clone();
        let mut act: Option<(DesignButton, usize)> = None;
        let bw = 17.0 * u;
        for (r, &i) in mine.iter().enumerate() {
            let y = panel.y + 1.5 * u + r as f32 * row;
            if y + row > panel.y + panel.h {
                break;
            }
            let d = &list[i];
            let typing = self.designs.renaming.as_ref().filter(|t| t.0 == i);
            let label = match typing {
                Some((_, t)) => format!("{t}_"),
                None => d.name.clone(),
            };
            cx.ui
                .text(&plain(&label), panel.x + 2.0 * u, y + 2.0 * u, size, TEXT);
            let fits = p.game().design_moves(d);
            let mut bx = panel.x + panel.w - 4.0 * (bw + 1.5 * u);
            for (button, text, enabled) in [
                (DesignButton::Use(r), "Build", fits.is_ok()),
                (DesignButton::ShareRow(r), "Share", true),
                (DesignButton::Rename(r), "Rename", true),
                (DesignButton::Delete(r), "Delete", true),
            ] {
                if cx.ui.button(
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
        if cx
            .ui
            .button(&DesignButton::Close.key(), close, "Close", true)
        {
            self.designs.open = false;
            self.designs.renaming = None;
        }
        self.type_rename(cx);
        match act {
            Some((DesignButton::Use(_), i)) => self.build_design(cx, p, &list[i]),
            Some((DesignButton::ShareRow(_), i)) => self.share_design(cx, &list[i]),
            Some((DesignButton::Rename(_), i)) => self.rename_design(cx, i),
            Some((DesignButton::Delete(_), i)) => {
                let d = self.designs(cx).remove(i);
                self.designs.renaming = None;
                if self.write_designs(cx) {
                    log(&format!("design-deleted game={} name={}", d.game, d.name));
                    cx.say(format!("{} deleted.", d.name), false);
                }
            }
            _ => {}
        }
    }

    pub(crate) fn rename_design(&mut self, cx: &mut Ctx, i: usize) {
        let Some(current) = self.designs(cx).get(i).map(|d| d.name.clone()) else {
            return;
        };
        match platform::ask_text("A new name for this design", &current) {
            platform::Asked::Text(t) => self.set_design_name(cx, i, &t),
            platform::Asked::Cancelled => {}
            platform::Asked::Unsupported => self.designs.renaming = Some((i, current)),
        }
    }

    /// Typing a new name in place (the desktop): Enter keeps it, Backspace deletes.
    pub(crate) fn type_rename(&mut self, cx: &mut Ctx) {
        let Some((i, mut text)) = self.designs.renaming.take() else {
            return;
        };
        if let Some(c) = keyqueue::typed() {
            if text.chars().count() < design::MAX_NAME_CHARS {
                text.push(c);
            }
        }
        if keyqueue::pressed(KeyCode::Backspace) {
            text.pop();
        }
        if keyqueue::pressed_any(&[KeyCode::Enter, KeyCode::KpEnter]) {
            self.set_design_name(cx, i, &text);
        } else {
            self.designs.renaming = Some((i, text));
        }
    }

    pub(crate) fn set_design_name(&mut self, cx: &mut Ctx, i: usize, wanted: &str) {
        let list = self.designs(cx).clone();
        let Some(game) = list.get(i).map(|d| d.game.clone()) else {
            return;
        };
        if clean_name(wanted).is_empty() {
            cx.say("A design needs a name.", true);
            return;
        }
        let name = free_name(&list, &game, wanted, Some(i));
        if let Some(d) = self.designs(cx).get_mut(i) {
            d.name = name.clone();
        }
        if self.write_designs(cx) {
            log(&format!("design-renamed game={game} name={name}"));
        }
    }

    /// Builds a saved design for the acting player now: checked on a copy of the game first,
    /// so a design that does not fit changes nothing.
    pub(crate) fn build_design(&mut self, cx: &mut Ctx, p: &mut Play, d: &Design) {
        let mut copy = p.game().clone_game();
        let moves = match game_designs::build_into(copy.as_mut(), d) {
            Ok(m) => m,
            Err(e) => {
                cx.say(format!("{} cannot be built here: {e}", d.name), true);
                return;
            }
        };
        for mv in moves {
            if let Err(e) = p.decide(mv) {
                cx.say(format!("{} cannot be built here: {e}", d.name), true);
                return;
            }
            crate::app::journal::log_move(p);
        }
        cx.save_play(p);
        self.designs.open = false;
        log(&format!(
            "design-built game={} name={} digest={:08x}",
            d.game,
            d.name,
            d.digest()
        ));
        cx.say(format!("{} is built.", d.name), false);
    }
}
