//! The replay viewer's screen: the table at the position (or the shot re-simulating), a line
//! about the move, a slider to scrub with a tick per shot (red when its re-simulation did not
//! match its record), and the buttons: previous shot, back a move, play/pause, forward a move,
//! next shot, speed, back to where the viewer was opened from.

use crate::app::context::Ctx;
use crate::app::frame::{Area, Camera};
use crate::app::keyqueue;
use crate::app::play::Play;
use crate::app::probe::TableFigures;
use crate::app::screen::{Screen, ScreenId};
use crate::app::screens::play::Table;
use crate::app::ui::*;
use crate::app::viewer::{Verdict, Viewer, SPEEDS};
use crate::app::{draw, log, Command};
use engine::core::Scene;
use macroquad::prelude::*;

#[cfg(target_arch = "wasm32")]
mod web {
    extern "C" {
        /// `web/ct_file.js`: shows the browser's file picker.
        pub fn ct_pick_file();
    }
}

/// The replay viewer's screen owns the viewer and the position it last logged.
pub(crate) struct ViewerScreen {
    viewer: Viewer,
    logged: Option<(usize, usize)>,
    /// The table the replay is drawn on (the probe reads its frame).
    table: Table,
}

/// The viewer's buttons, left to right (their probe keys are what the browser tests press).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ViewerButton {
    PreviousShot,
    Back,
    Play,
    Forward,
    NextShot,
    Speed,
    Close,
}

impl ViewerButton {
    const ALL: [ViewerButton; 7] = [
        ViewerButton::PreviousShot,
        ViewerButton::Back,
        ViewerButton::Play,
        ViewerButton::Forward,
        ViewerButton::NextShot,
        ViewerButton::Speed,
        ViewerButton::Close,
    ];

    fn key(self) -> &'static str {
        match self {
            ViewerButton::PreviousShot => "viewer:prev-shot",
            ViewerButton::Back => "viewer:back",
            ViewerButton::Play => "viewer:play",
            ViewerButton::Forward => "viewer:forward",
            ViewerButton::NextShot => "viewer:next-shot",
            ViewerButton::Speed => "viewer:speed",
            ViewerButton::Close => "viewer:close",
        }
    }

    fn label(self, v: &Viewer) -> &'static str {
        match self {
            ViewerButton::PreviousShot => "< Shot",
            ViewerButton::Back => "< Move",
            ViewerButton::Play if v.playing => "Pause",
            ViewerButton::Play => "Play",
            ViewerButton::Forward => "Move >",
            ViewerButton::NextShot => "Shot >",
            ViewerButton::Speed => SPEEDS[v.speed.min(SPEEDS.len() - 1)].1,
            ViewerButton::Close => "Back",
        }
    }
}

impl Screen<Ctx> for ViewerScreen {
    fn table_figures(&self) -> Option<TableFigures> {
        Some(self.table.figures())
    }
    fn id(&self) -> ScreenId {
        ScreenId::Viewer
    }
    fn frame(&mut self, cx: &mut Ctx, _active: bool) -> Command {
        self.draw(cx)
    }
}

/// Opens the viewer over the game in play (or just finished); Back returns to this screen.
pub(crate) fn watch(cx: &mut Ctx, play: Option<&Play>) {
    let Some(p) = play else {
        return;
    };
    if p.flight.is_some() {
        cx.say("Wait until the shot has landed.", true);
        return;
    }
    let replay = p.driver.session.replay.clone();
    watch_replay(cx, &replay);
}

/// Opens the viewer over a replay (the saved game on the title screen).
pub(crate) fn watch_replay(cx: &mut Ctx, replay: &engine::core::replay::Replay) {
    match Viewer::new(replay) {
        Ok(v) => open_viewer(cx, v, Command::Push),
        Err(e) => cx.say(format!("This game cannot be watched: {e}."), true),
    }
}

/// Opens the viewer, `how` it goes on the stack (over this screen, in its place…).
pub(crate) fn open_viewer(cx: &mut Ctx, v: Viewer, how: fn(Box<dyn Screen<Ctx>>) -> Command) {
    log(&format!("viewer-open {} moves={}", v.info.id, v.len()));
    cx.command(how(Box::new(ViewerScreen {
        table: Table::default(),
        viewer: v,
        logged: None,
    })));
}

/// "Open a replay file": the browser's file picker (the file arrives as if dropped); the
/// desktop has none, so it says how to drop one.
pub(crate) fn pick_replay_file(cx: &mut Ctx) {
    #[cfg(target_arch = "wasm32")]
    {
        // SAFETY: the plugin takes no arguments and only opens the picker.
        unsafe { web::ct_pick_file() };
        let _ = cx;
    }
    #[cfg(not(target_arch = "wasm32"))]
    cx.say("Drop a replay file onto this window to watch it.", false);
}

impl ViewerScreen {
    fn draw(&mut self, cx: &mut Ctx) -> Command {
        let v = &mut self.viewer;
        let moved = v.update(get_frame_time());
        if !moved && !v.flying() {
            // A spare frame: judge one more shot in the background.
            v.check_one();
        }
        let close = Self::draw_viewer(cx, &mut self.table, v);
        if v.flying() {
            // The position after a shot is logged again, even if it was shown before.
            self.logged = None;
        } else {
            let key = (v.at, v.flagged().len());
            if self.logged != Some(key) {
                self.logged = Some(key);
                log(&format!(
                    "viewer at={} of={} state={:016x} flagged={}",
                    v.at,
                    v.len(),
                    v.state(),
                    v.flagged().len()
                ));
            }
        }
        if close {
            Command::Pop
        } else {
            Command::Stay
        }
    }

    /// Draws the viewer and handles its input; true when Back was pressed.
    fn draw_viewer(cx: &mut Ctx, table: &mut Table, v: &mut Viewer) -> bool {
        let (w, h, u) = (cx.ui.w, cx.ui.h, cx.ui.u);
        let ts = cx.ui.size(3.6);
        let small = cx.ui.size(2.8);
        let names: Vec<String> = v.replay.seats.iter().map(|s| s.name.clone()).collect();
        // Top bar: what is shown.
        let top_h = 3.0 * u + ts * 1.3 + small * 2.9;
        cx.ui.panel(Area::new(0.0, 0.0, w, top_h), PANEL);
        let title = format!("Replay of {} - move {} of {}", v.info.name, v.at, v.len());
        let title = cx.ui.fit(&title, ts, w - 4.0 * u);
        cx.ui.text(&title, 2.0 * u, u, ts, ACCENT);
        let about = match v.next_move() {
            Some(m) if v.flying() => format!(
                "{} shoots (re-simulated from the launch)",
                names.get(m.seat as usize).cloned().unwrap_or_default()
            ),
            _ => match v.game().turn() {
                Some(t) => format!(
                    "{}'s turn - {}",
                    names.get(t).cloned().unwrap_or_default(),
                    v.game().phase()
                ),
                None => "Game over".to_string(),
            },
        };
        let about = cx.ui.fit(&about, small, w - 4.0 * u);
        cx.ui.text(&about, 2.0 * u, u + ts * 1.3, small, TEXT);
        Self::score_chips(cx, v, 2.0 * u + ts * 1.3 + small * 1.4, small);
        // Bottom: the slider over a row of buttons.
        // The buttons in one row, or two where one row would cut their words (a phone).
        let bh = cx.ui.tap(9.0);
        let slider_h = cx.ui.tap(7.0);
        let n = ViewerButton::ALL.len();
        let one_row = Area::new(0.0, 0.0, (w - 4.0 * u) / n as f32 - u, bh);
        let per_row = if ViewerButton::ALL
            .iter()
            .all(|b| cx.ui.label_fits(b.label(v), one_row))
        {
            n
        } else {
            n.div_ceil(2)
        };
        let rows = n.div_ceil(per_row) as f32;
        let bottom_h = rows * (bh + u) + slider_h + 3.0 * u;
        let table_area = Area::new(0.0, top_h, w, (h - top_h - bottom_h).max(10.0));
        cx.ui.panel(table_area, TABLE_BG);
        table.show(table_area, None);
        match v.scene() {
            Scene::Map(map) => {
                table.draw_map_still(cx, &map);
            }
            Scene::Side(view) => {
                let f = Camera::default().frame(view.bounds, table_area.inset(2.0 * u));
                table.show(table_area, Some(f));
                cx.ui.set_clip(Some(table_area));
                draw::table(&cx.ui, &view, &f);
                cx.ui.set_clip(None);
            }
        }
        // A flagged shot is said over the table.
        let flagged = v.flagged();
        let shown_flag = if v.flying() {
            None
        } else {
            v.at.checked_sub(1)
        }
        .filter(|i| v.verdicts.get(*i) == Some(&Verdict::Different));
        if let Some(first) = shown_flag.or(flagged.first().copied()) {
            let msg = if shown_flag.is_some() {
                format!(
                    "The shot at move {} landed differently from its record when re-simulated.",
                    first + 1
                )
            } else {
                format!(
                    "{} shot(s) landed differently from their record when re-simulated (first at move {}).",
                    flagged.len(),
                    first + 1
                )
            };
            let a = Area::new(u, top_h + u, w - 2.0 * u, small * 1.6);
            cx.ui.panel(a, Color::new(0.35, 0.1, 0.1, 0.9));
            let msg = cx.ui.fit(&msg, small, a.w - 2.0 * u);
            cx.ui.text(&msg, a.x + u, a.y + small * 0.3, small, TEXT);
        }
        let sy = h - bottom_h + u;
        let track = Area::new(4.0 * u, sy, w - 8.0 * u, slider_h);
        Self::slider(cx, v, track);
        // Buttons.
        let by = sy + slider_h + u;
        let gap = u;
        let k = per_row as f32;
        let bw = (w - 4.0 * u - gap * (k - 1.0)) / k;
        let mut close = false;
        for (i, button) in ViewerButton::ALL.iter().enumerate() {
            let (r, c) = ((i / per_row) as f32, (i % per_row) as f32);
            let a = Area::new(2.0 * u + c * (bw + gap), by + r * (bh + u), bw, bh);
            if cx.ui.button(button.key(), a, button.label(v), true) {
                match button {
                    ViewerButton::PreviousShot => v.previous_shot(),
                    ViewerButton::Back => v.step_back(),
                    ViewerButton::Play => v.toggle_play(),
                    ViewerButton::Forward => v.step_forward(),
                    ViewerButton::NextShot => v.next_shot(),
                    ViewerButton::Speed => v.speed = (v.speed + 1) % SPEEDS.len(),
                    ViewerButton::Close => close = true,
                }
            }
        }
        if keyqueue::pressed(KeyCode::Space) {
            v.toggle_play();
        } else if keyqueue::pressed(KeyCode::Right) {
            v.step_forward();
        } else if keyqueue::pressed(KeyCode::Left) {
            v.step_back();
        }
        close
    }

    /// Each seat's name and score at the position, in its colour, on one line from `y`.
    fn score_chips(cx: &mut Ctx, v: &Viewer, y: f32, size: f32) {
        let u = cx.ui.u;
        let mut x = 2.0 * u;
        for (name, colour, score) in v.scores() {
            let t = format!("{name} {score}");
            let tw = cx.ui.measure(&t, size);
            if x + 1.5 * u + tw > cx.ui.w {
                break;
            }
            draw_rectangle(x, y + size * 0.15, u, size, rgb(colour));
            cx.ui.text(&t, x + 1.5 * u, y, size, TEXT);
            x += 1.5 * u + tw + 2.0 * u;
        }
    }

    /// The scrub bar: press or drag anywhere on it to go to that move.
    fn slider(cx: &mut Ctx, v: &mut Viewer, a: Area) {
        let u = cx.ui.u;
        let n = v.len().max(1) as f32;
        let x_of = |i: usize| a.x + a.w * i as f32 / n;
        let mid = a.y + a.h * 0.5;
        draw_rectangle(a.x, mid - 0.5 * u, a.w, u, BUTTON_OFF);
        for i in 0..v.len() {
            if !v.is_shot(i) {
                continue;
            }
            let c = match v.verdicts[i] {
                Verdict::Different => BAD,
                Verdict::Same => GOOD,
                _ => DIM,
            };
            let x = x_of(i) + a.w / n * 0.5;
            draw_line(x, mid - 1.6 * u, x, mid + 1.6 * u, (0.4 * u).max(1.0), c);
        }
        draw_circle(x_of(v.at), mid, 1.8 * u, ACCENT);
        // Registered like a button (it takes the press, the probe can find it).
        cx.ui.target("viewer:slider", a);
        let len = v.len();
        let pick = |x: f32| (((x - a.x) / a.w * n).round().max(0.0) as usize).min(len);
        if let Some(((dx, dy), (px, _))) = cx.ui.drag() {
            if a.contains(dx, dy) {
                let i = pick(px);
                if i != v.at || v.flying() {
                    v.playing = false;
                    v.seek(i);
                }
            }
        }
        if let Some((ux, _)) = cx.ui.take_release_in(a) {
            v.seek(pick(ux));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn viewer_buttons_keep_the_keys_the_browser_tests_press() {
        let keys: Vec<&str> = ViewerButton::ALL.iter().map(|b| b.key()).collect();
        assert_eq!(
            keys,
            [
                "viewer:prev-shot",
                "viewer:back",
                "viewer:play",
                "viewer:forward",
                "viewer:next-shot",
                "viewer:speed",
                "viewer:close"
            ]
        );
    }
}
