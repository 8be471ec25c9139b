//! What the in-game bottom bar's buttons do, and sending a human's decision.

use super::Table;
use crate::app::context::Ctx;
use crate::app::frame::{Area, Camera};
use crate::app::gesture;
use crate::app::journal::log_move;
use crate::app::log;
use crate::app::play::Play;
use crate::app::screens::play::Offer;
use crate::app::ui;
use engine::core::moves::list;
use engine::core::{Choice, GridStep, LaunchKind, Move, PlacementPrompt, Scene};

/// A button of the in-game bottom bar: what it does, typed. Its probe key (what the browser
/// tests press) is derived from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum BarButton {
    /// Put the piece in hand down where its ghost is.
    Place,
    /// Lay the tile in hand on the map, or turn it.
    GridPlace,
    GridTurn,
    /// Pick one of the launchers the prompt offers.
    Kind(LaunchKind),
    /// Let go (a launch without a gesture).
    Release,
    Undo,
    /// The side view fitted again, or the whole table instead of the close-up.
    ViewFit,
    ViewWhole,
    /// The game's choice at this index.
    Choice(usize),
}

impl BarButton {
    pub(super) fn key(self) -> String {
        match self {
            BarButton::Place => "place".into(),
            BarButton::GridPlace => "grid:place".into(),
            BarButton::GridTurn => "grid:turn".into(),
            BarButton::Kind(k) => format!("kind:{}", k.name()),
            BarButton::Release => "release".into(),
            BarButton::Undo => "undo".into(),
            BarButton::ViewFit => "view:fit".into(),
            BarButton::ViewWhole => "view:whole".into(),
            BarButton::Choice(i) => format!("choice:{i}"),
        }
    }
}

/// The bottom bar laid out: rows of buttons (what, label, width).
pub(super) struct BottomBar {
    rows: Vec<Vec<(BarButton, String, f32)>>,
    /// Button height.
    button_h: f32,
    /// The bar's height (0 when it has no buttons).
    pub(super) height: f32,
}

impl Table {
    /// Lays out the bottom bar: the buttons that act on the table come first (they are never
    /// pushed off the bar), then the game's choices.
    pub(super) fn bottom_bar(
        &self,
        cx: &mut Ctx,
        p: &Play,
        offer: &Offer,
        active: bool,
    ) -> BottomBar {
        let (w, h, u) = (cx.ui.w, cx.ui.h, cx.ui.u);
        let placement = offer.placement.as_ref();
        let kind = offer.kind;
        let mut labels: Vec<(BarButton, String)> = Vec::new();
        // A prompt with sources commits on release: no Place button.
        if placement.is_some_and(|pp| pp.sources.is_empty()) {
            // "here": where the ghost is (the game's own choices may name a square).
            labels.push((BarButton::Place, "Place here".into()));
        }
        if offer
            .grid
            .as_ref()
            .is_some_and(|g| g.step == GridStep::Place)
        {
            labels.push((BarButton::GridPlace, "Place".into()));
            labels.push((BarButton::GridTurn, "Turn".into()));
        }
        if let Some(lp) = offer.launch.as_ref().filter(|lp| lp.kinds.len() > 1) {
            for k in &lp.kinds {
                let mark = if Some(*k) == kind { "> " } else { "" };
                labels.push((
                    BarButton::Kind(*k),
                    format!("{mark}{}", gesture::kind_label(*k)),
                ));
            }
        }
        if kind == Some(LaunchKind::Release) {
            labels.push((BarButton::Release, "Let go".into()));
        }
        if active && p.can_undo() {
            labels.push((BarButton::Undo, "Undo".into()));
        }
        if active && !self.camera.is_fit() {
            labels.push((BarButton::ViewFit, "Fit".into()));
        } else if offer.close_up.is_some() || framed_turn(offer) {
            let l = if self.whole_table {
                "Close-up"
            } else {
                "Whole table"
            };
            labels.push((BarButton::ViewWhole, l.into()));
        }
        labels.extend(
            offer
                .choices
                .iter()
                .enumerate()
                .map(|(i, c)| (BarButton::Choice(i), c.label.clone())),
        );
        let bh = cx.ui.tap(9.0);
        let bsize = cx.ui.size_at_most(4.0, bh * 0.5);
        let mut rows: Vec<Vec<(BarButton, String, f32)>> = vec![Vec::new()];
        let mut rx = 0.0;
        for (k, l) in labels {
            let bw = (cx.ui.measure(&ui::plain(&l), bsize) + 6.0 * u)
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
    pub(super) fn draw_bottom_bar(
        &mut self,
        cx: &mut Ctx,
        p: &mut Play,
        bar: &BottomBar,
        offer: &Offer,
    ) {
        if bar.rows.is_empty() {
            return;
        }
        let (w, h, u) = (cx.ui.w, cx.ui.h, cx.ui.u);
        let bh = bar.button_h;
        let by0 = h - bar.height;
        // The bar's panel is the screen's clear colour (`ui::BAR`, `App::frame`): not drawn.
        let mut tapped: Option<BarButton> = None;
        for (ri, row) in bar.rows.iter().enumerate() {
            let total: f32 =
                row.iter().map(|b| b.2).sum::<f32>() + 2.0 * u * (row.len() as f32 - 1.0);
            let mut x = ((w - total) * 0.5).max(2.0 * u);
            let y = by0 + 1.5 * u + ri as f32 * (bh + 1.5 * u);
            for (k, l, bw) in row {
                if cx.ui.button(&k.key(), Area::new(x, y, *bw, bh), l, true) {
                    tapped = Some(*k);
                }
                x += bw + 2.0 * u;
            }
        }
        if let Some(k) = tapped {
            self.bottom_action(cx, p, k, &offer.choices, offer.placement.as_ref());
        }
    }

    pub(super) fn bottom_action(
        &mut self,
        cx: &mut Ctx,
        p: &mut Play,
        button: BarButton,
        choices: &[Choice],
        placement: Option<&PlacementPrompt>,
    ) {
        match button {
            BarButton::ViewFit => {
                self.camera = Camera::default();
                log("view fit");
            }
            BarButton::ViewWhole => {
                self.whole_table = !self.whole_table;
                log(&format!("view whole={}", self.whole_table));
            }
            BarButton::Undo => match p.undo() {
                Ok(()) => {
                    log(&format!(
                        "undo moves={}",
                        p.driver.session.replay.moves.len()
                    ));
                    cx.save_play(p);
                }
                Err(e) => cx.say(e.0, true),
            },
            BarButton::Kind(kind) => {
                let offered = p
                    .game()
                    .launch_prompt()
                    .is_some_and(|lp| lp.kinds.contains(&kind));
                if offered {
                    self.kind_pick = Some(kind);
                    self.aim = None;
                }
            }
            BarButton::Release => {
                let Some(lp) = p.game().launch_prompt() else {
                    return;
                };
                match gesture::release_launch(&lp) {
                    Ok(launch) => match p.fire(launch) {
                        Ok(()) => log("fire release"),
                        Err(e) => cx.say(format!("Refused: {e}"), true),
                    },
                    Err(r) => cx.say(r.message, true),
                }
            }
            BarButton::GridTurn | BarButton::GridPlace => {
                let (Some(g), Some(seat), Scene::Map(map)) =
                    (p.game().grid_prompt(), p.human_turn(), p.scene())
                else {
                    return;
                };
                if button == BarButton::GridTurn {
                    match self.grid.turn(&map, false) {
                        Some(_) => {
                            let (c, r) = self.grid.ghost.unwrap_or(([0, 0], 0));
                            log(&format!("grid ghost x={} y={} r={r}", c[0], c[1]));
                        }
                        None => cx.say("Tap a lit square to put the tile there first", false),
                    }
                    return;
                }
                match self.grid.confirm(&map, &g, seat) {
                    Ok(mv) => {
                        log(&format!("grid send {} {}", mv.action, list(&mv.args)));
                        self.decide(cx, p, mv);
                    }
                    Err(hint) => cx.say(hint, false),
                }
            }
            BarButton::Place => {
                let (Some(pp), Some(pl), Some(seat)) =
                    (placement, self.place.as_ref(), p.human_turn())
                else {
                    return;
                };
                let args = pl.args(pp);
                let mv = Move::decide(seat, &pp.action, &args);
                self.decide(cx, p, mv);
            }
            BarButton::Choice(i) => {
                if let Some(c) = choices.get(i) {
                    self.decide(cx, p, c.mv.clone());
                }
            }
        }
    }

    pub(super) fn decide(&mut self, cx: &mut Ctx, p: &mut Play, mv: Move) {
        match p.decide(mv) {
            Ok(ev) => {
                cx.sfx_for_events(&ev);
                log_move(p);
                self.place = None;
                self.grid = crate::app::grid::GridInput::default();
                cx.save_play(p);
            }
            Err(e) => cx.say(e.0, true),
        }
    }
}

/// A human's shot is framed on what it aims at (`frame::aim_focus`): the whole table is a tap away.
fn framed_turn(offer: &Offer) -> bool {
    offer
        .launch
        .as_ref()
        .is_some_and(|lp| lp.kinds.iter().any(|k| *k != LaunchKind::Release))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bar_buttons_keep_the_keys_the_browser_tests_press() {
        use BarButton::*;
        let keys: Vec<String> = [
            Place,
            GridPlace,
            GridTurn,
            Kind(LaunchKind::Flick),
            Release,
            Undo,
            ViewFit,
            ViewWhole,
            Choice(5),
        ]
        .iter()
        .map(|b| b.key())
        .collect();
        assert_eq!(
            keys,
            [
                "place",
                "grid:place",
                "grid:turn",
                "kind:flick",
                "release",
                "undo",
                "view:fit",
                "view:whole",
                "choice:5"
            ]
        );
    }
}
