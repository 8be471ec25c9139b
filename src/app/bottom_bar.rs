//! What the in-game bottom bar's buttons do, and sending a human's decision.

use super::frame::{Area, Camera};
use super::gesture;
use super::play::Play;
use super::play_screen::Offer;
use super::session::log_move;
use super::ui;
use super::{log, App};
use engine::core::{Choice, GridStep, LaunchKind, Move, PlacementPrompt, Scene};

/// The bottom bar laid out: rows of buttons (key, label, width).
pub(super) struct BottomBar {
    rows: Vec<Vec<(String, String, f32)>>,
    /// Button height.
    button_h: f32,
    /// The bar's height (0 when it has no buttons).
    pub(super) height: f32,
}

impl App {
    /// Lays out the bottom bar: the buttons that act on the table come first (they are never
    /// pushed off the bar), then the game's choices.
    pub(super) fn bottom_bar(&self, p: &Play, offer: &Offer, active: bool) -> BottomBar {
        let (w, h, u) = (self.ui.w, self.ui.h, self.ui.u);
        let placement = offer.placement.as_ref();
        let kind = offer.kind;
        let mut labels: Vec<(String, String)> = Vec::new();
        // A prompt with sources commits on release: no Place button.
        if placement.is_some_and(|pp| pp.sources.is_empty()) {
            labels.push(("place".into(), "Place".into()));
        }
        if offer
            .grid
            .as_ref()
            .is_some_and(|g| g.step == GridStep::Place)
        {
            labels.push(("grid:place".into(), "Place".into()));
            labels.push(("grid:turn".into(), "Turn".into()));
        }
        if let Some(lp) = offer.launch.as_ref().filter(|lp| lp.kinds.len() > 1) {
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
        } else if offer.close_up.is_some() {
            let l = if self.whole_table {
                "Close-up"
            } else {
                "Whole table"
            };
            labels.push(("view:whole".into(), l.into()));
        }
        labels.extend(
            offer
                .choices
                .iter()
                .enumerate()
                .map(|(i, c)| (format!("choice:{i}"), c.label.clone())),
        );
        let bh = 9.0 * u;
        let bsize = self.ui.size_at_most(4.0, bh * 0.5);
        let mut rows: Vec<Vec<(String, String, f32)>> = vec![Vec::new()];
        let mut rx = 0.0;
        for (k, l) in labels {
            let bw = (self.ui.measure(&ui::plain(&l), bsize) + 6.0 * u)
                .max(20.0 * u)
                .min(w - 4.0 * u);
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
        let max_rows = if placement.is_some_and(|pp| !pp.sources.is_empty()) {
            1
        } else if h > w {
            5
        } else {
            4
        };
        rows.truncate(max_rows);
        let height = if rows.is_empty() {
            0.0
        } else {
            rows.len() as f32 * (bh + 1.5 * u) + 1.5 * u
        };
        BottomBar {
            rows,
            button_h: bh,
            height,
        }
    }

    /// Draws the bottom bar and acts on a tapped button.
    pub(super) fn draw_bottom_bar(&mut self, p: &mut Play, bar: &BottomBar, offer: &Offer) {
        if bar.rows.is_empty() {
            return;
        }
        let (w, h, u) = (self.ui.w, self.ui.h, self.ui.u);
        let bh = bar.button_h;
        let by0 = h - bar.height;
        // The bar's panel is the screen's clear colour (`ui::BAR`, `App::frame`): not drawn.
        let mut tapped: Option<String> = None;
        for (ri, row) in bar.rows.iter().enumerate() {
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
            self.bottom_action(p, &k, &offer.choices, offer.placement.as_ref());
        }
    }

    pub(super) fn bottom_action(
        &mut self,
        p: &mut Play,
        key: &str,
        choices: &[Choice],
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
                    log(&format!(
                        "undo moves={}",
                        p.driver.session.replay.moves.len()
                    ));
                    self.save_play(p);
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
        if let Some(what) = key.strip_prefix("grid:") {
            let (Some(g), Some(seat), Scene::Map(map)) =
                (p.game().grid_prompt(), p.human_turn(), p.scene())
            else {
                return;
            };
            if what == "turn" {
                match self.grid.turn(&map, false) {
                    Some(_) => {
                        let (c, r) = self.grid.ghost.unwrap_or(([0, 0], 0));
                        log(&format!("grid ghost x={} y={} r={r}", c[0], c[1]));
                    }
                    None => self.say("Tap a lit square to put the tile there first", false),
                }
                return;
            }
            match self.grid.confirm(&map, &g, seat) {
                Ok(mv) => {
                    log(&format!("grid send {} {:?}", mv.action, mv.args));
                    self.decide(p, mv);
                }
                Err(hint) => self.say(hint, false),
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

    pub(super) fn decide(&mut self, p: &mut Play, mv: Move) {
        match p.decide(mv) {
            Ok(ev) => {
                self.sfx_for_events(&ev);
                log_move(p);
                self.place = None;
                self.grid = super::grid::GridInput::default();
                self.save_play(p);
            }
            Err(e) => self.say(e.0, true),
        }
    }
}
