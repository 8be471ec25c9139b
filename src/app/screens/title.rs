//! The title screen: the game tiles, the saved game to resume, the save-problem notice.

use super::challenge::ChallengeScreen;
use super::setup::SetupScreen;
use crate::app::context::Ctx;
use crate::app::frame::Area;
use crate::app::frame::{
    aim_focus, close_up_bounds, pieces_box, pieces_top, side_bounds, turn_bounds, Frame, TurnShot,
};
use crate::app::gesture::mid_angle;
use crate::app::screen::{Screen, ScreenId};
use crate::app::switch::OneSwitch;
use crate::app::ui::{self, *};
use crate::app::{backdrop, draw};
use crate::app::{log, platform, play, save, Command};
use engine::core::{LaunchKind, Scene, TableView};
use engine::games::GameInfo;
use macroquad::prelude::*;
use std::cell::RefCell;

/// The title's button that opens a replay file.
const OPEN_REPLAY: &str = "Open a replay";

/// The title screen, the bottom of the stack (its state is the shell's: the saved game and
/// the notice belong to every screen that quits to it).
#[derive(Default)]
pub(crate) struct TitleScreen {
    /// Since when the switch (Space) has been held down here, if it is.
    switch_held: Option<f64>,
    /// The notice last read out (a refused link or save), so it is said once, not each frame.
    said_notice: Option<String>,
}

/// Holding the switch this long on the title turns one-switch play on (seconds).
pub(crate) const SWITCH_HOLD: f64 = 2.0;

impl Screen<Ctx> for TitleScreen {
    fn id(&self) -> ScreenId {
        ScreenId::Title
    }
    fn back(&mut self, _cx: &mut Ctx) -> Command {
        Command::Stay
    }
    fn frame(&mut self, cx: &mut Ctx, active: bool) -> Command {
        if active {
            self.switch_on_by_holding(cx);
        }
        self.draw(cx)
    }
}

impl TitleScreen {
    /// One switch from the very start: the switch (Space) held down turns one-switch play on,
    /// so a player with one switch never needs another key to reach the setting.
    fn switch_on_by_holding(&mut self, cx: &mut Ctx) {
        if !is_key_down(KeyCode::Space) {
            self.switch_held = None;
            return;
        }
        let since = *self.switch_held.get_or_insert(get_time());
        if get_time() - since < SWITCH_HOLD || save::one_switch(cx.store.as_ref()).on() {
            return;
        }
        if let Err(e) = save::set_one_switch(cx.store.as_mut(), OneSwitch::Normal) {
            cx.say(
                format!("Could not remember the one-switch setting: {e}"),
                true,
            );
            return;
        }
        log("one-switch normal");
        cx.say(
            "One-switch play is on: the ring moves round the buttons by itself. Press the switch \
             when it is on what you want.",
            false,
        );
    }
}

/// The title screen's buttons (their probe keys are what the browser tests press).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TitleButton {
    OpenFile,
    Dismiss,
    WatchSave,
    ResumeSave,
    Challenge,
    Game(&'static str),
}

impl TitleButton {
    pub(crate) fn key(self) -> String {
        match self {
            TitleButton::OpenFile => "open-file".into(),
            TitleButton::Dismiss => "dismiss".into(),
            TitleButton::WatchSave => "watch-save".into(),
            TitleButton::ResumeSave => "resume-save".into(),
            TitleButton::Challenge => "challenge".into(),
            TitleButton::Game(id) => format!("game:{id}"),
        }
    }
}

impl TitleScreen {
    fn draw(&mut self, cx: &mut Ctx) -> Command {
        // The miniatures (a bot plays a few moves for each, ~50 ms a game in the browser) wait
        // for the first frame: until then the tiles show their sky (docs/web.md, "Cold load").
        if platform::first_frame_shown() {
            prepare_miniature();
        }
        let (w, h, u) = (cx.ui.w, cx.ui.h, cx.ui.u);
        let big = cx.ui.size(8.0);
        cx.ui.text_centred(
            "Catapult Table",
            Area::new(0.0, 3.0 * u, w, big),
            big,
            ACCENT,
        );
        let sub = cx.ui.size(3.4);
        cx.ui.text_centred(
            "Tabletop catapult games in side view. Pick a game:",
            Area::new(0.0, 4.0 * u + big, w, sub),
            sub,
            DIM,
        );
        let mut y = 8.0 * u + big + sub;
        let open_file = if w >= h {
            let bh = cx.ui.tap(8.0);
            crate::app::screens::play::hud::mute_button(
                cx,
                Area::new(w - 24.0 * u, 2.0 * u, 22.0 * u, bh),
            );
            // Wide enough for its label whole (a phone on its side cut it to "Open a rep...").
            let mut bw = 26.0 * u;
            while bw < 34.0 * u && !cx.ui.label_fits(OPEN_REPLAY, Area::new(0.0, 0.0, bw, bh)) {
                bw += u;
            }
            Area::new(2.0 * u, 2.0 * u, bw, bh)
        } else {
            // Portrait: the title takes the whole width; the toggle sits under the subtitle.
            let bh = cx.ui.tap(9.0);
            crate::app::screens::play::hud::mute_button(
                cx,
                Area::new(w - 27.0 * u, y - 2.0 * u, 24.0 * u, bh),
            );
            let a = Area::new(3.0 * u, y - 2.0 * u, 28.0 * u, bh);
            y += bh;
            a
        };
        if cx
            .ui
            .button(&TitleButton::OpenFile.key(), open_file, OPEN_REPLAY, true)
        {
            crate::app::screens::viewer::pick_replay_file(cx);
        }
        let col_w = (w - 6.0 * u).min(150.0 * u);
        let x0 = (w - col_w) * 0.5;
        if cx.notice != self.said_notice {
            // A screen reader hears the message, not a lone "OK".
            if let Some(msg) = cx.notice.as_ref() {
                crate::app::a11y::say(msg.clone());
            }
            self.said_notice = cx.notice.clone();
        }
        if let Some(msg) = cx.notice.clone() {
            let size = cx.ui.size(3.2);
            let lines = cx.ui.wrap(&msg, size, col_w - 24.0 * u);
            let ph = (lines.len() as f32 * size * 1.3 + 3.0 * u).max(cx.ui.tap(8.0) + 2.0 * u);
            let a = Area::new(x0, y, col_w, ph);
            cx.ui.panel(a, Color::new(0.35, 0.1, 0.1, 0.9));
            cx.ui.paragraph(
                &msg,
                a.x + 2.0 * u,
                a.y + 1.5 * u,
                col_w - 24.0 * u,
                size,
                TEXT,
            );
            if cx.ui.button(
                &TitleButton::Dismiss.key(),
                Area::new(
                    a.x + a.w - 20.0 * u,
                    a.y + 1.0 * u,
                    18.0 * u,
                    cx.ui.tap(8.0),
                ),
                "OK",
                true,
            ) {
                cx.notice = None;
            }
            y += ph + 2.0 * u;
        }
        if let Some((_, line)) = cx.saved.as_ref() {
            let line = format!("Resume {line}");
            let watch_w = 26.0 * u;
            if cx.ui.button(
                &TitleButton::WatchSave.key(),
                Area::new(x0 + col_w - watch_w, y, watch_w, cx.ui.tap(10.0)),
                "Watch replay",
                true,
            ) {
                if let Some(r) = cx
                    .saved
                    .as_ref()
                    .map(|(p, _)| p.driver.session.replay.clone())
                {
                    crate::app::screens::viewer::watch_replay(cx, &r);
                }
                return Command::Stay;
            }
            if cx.ui.button(
                &TitleButton::ResumeSave.key(),
                Area::new(x0, y, col_w - watch_w - 2.0 * u, cx.ui.tap(10.0)),
                &line,
                true,
            ) {
                if let Some((p, _)) = cx.saved.take() {
                    log(&format!(
                        "resume {} moves={}",
                        p.info.id,
                        p.driver.session.replay.moves.len()
                    ));
                    crate::app::screens::play::start(cx, *p);
                }
                return Command::Stay;
            }
            y += cx.ui.tap(10.0) + 2.0 * u;
        }
        // Today's challenge, a row over the game tiles.
        if cx.ui.button(
            &TitleButton::Challenge.key(),
            Area::new(x0, y, col_w.min(60.0 * u), cx.ui.tap(10.0)),
            crate::app::daily::TITLE_BUTTON,
            true,
        ) {
            return Command::Push(Box::new(ChallengeScreen::new()));
        }
        y += cx.ui.tap(10.0) + 2.0 * u;
        let games = play::catalog();
        let cols = if w > h * 1.3 { 2 } else { 1 };
        let gap = 2.0 * u;
        let tile_w = (col_w - gap * (cols as f32 - 1.0)) / cols as f32;
        let rows = games.len().div_ceil(cols);
        let tile_h = ((h - y - 2.0 * u) / rows as f32 - gap).clamp(9.0 * u, 24.0 * u);
        for (i, g) in games.iter().enumerate() {
            let (c, r) = (i % cols, i / cols);
            let a = Area::new(
                x0 + c as f32 * (tile_w + gap),
                y + r as f32 * (tile_h + gap),
                tile_w,
                tile_h,
            );
            if Self::tile(cx, &TitleButton::Game(g.id).key(), a, g) {
                if g.available {
                    return Command::Push(Box::new(SetupScreen::new(g)));
                } else {
                    cx.say(
                        format!("{} is not built yet: it cannot be started.", g.name),
                        true,
                    );
                }
            }
        }
        Command::Stay
    }

    fn tile(cx: &mut Ctx, key: &str, a: Area, g: &GameInfo) -> bool {
        let u = cx.ui.u;
        let tapped = cx.ui.button_look(key, a, "", true, !g.available);
        cx.ui.speak_as(g.name);
        // The game's own table at its start, in miniature, at the tile's left; the words beside it.
        // A wide picture (a side view is wide), centred in the tile's height.
        let pic_w = (a.h * 1.8).min(a.w * 0.36);
        let pic_h = (a.h - 2.0 * u).min(pic_w * 0.62);
        // The words come first: where the name and the description do not fit whole beside the
        // picture, the name goes across the top with the picture under it (`under_name`); where
        // that does not fit either, the tile is all words.
        let beside = Area::new(a.x + pic_w, a.y, a.w - pic_w, a.h);
        let pictured = g.available && pic_w > 12.0 * u;
        if pictured && words_fit_in(&cx.ui, g, beside) {
            let pic = Area::new(a.x + u, a.y + (a.h - pic_h) * 0.5, pic_w - u, pic_h);
            miniature(&cx.ui, g.id, pic);
            Self::words(cx, beside, g);
        } else if let Some(l) = pictured.then(|| under_name(&cx.ui, g, a)).flatten() {
            // A long name: across the top, the picture under it with the description beside.
            let x = a.x + 2.5 * u;
            cx.ui.text(g.name, x, a.y + 1.5 * u, l.name_size, TEXT);
            let count = seat_range(g.min_seats, g.max_seats);
            cx.ui
                .text(&count, l.count_at.0, l.count_at.1, cx.ui.size(2.8), GOOD);
            miniature(&cx.ui, g.id, l.picture);
            for (i, line) in l.lines.iter().enumerate() {
                let y = l.picture.y + i as f32 * l.size * 1.25;
                cx.ui.text(line, l.words_x, y, l.size, TEXT);
            }
        } else {
            Self::words(cx, a, g);
        }
        tapped
    }

    /// A tile's name, player count and description in `a` (all of the tile, or beside its
    /// picture).
    fn words(cx: &mut Ctx, a: Area, g: &GameInfo) {
        let u = cx.ui.u;
        // The name in the largest of a few sizes that fits, never cut when one does.
        // ... and leaves the description room to be whole at the smallest size.
        let mut ts = cx.ui.size(4.2);
        let (least, width) = (cx.ui.size(2.2), a.w - 5.0 * u);
        let needed = cx.ui.wrap(g.blurb, least, width).len() as f32;
        for k in [4.2, 4.0, 3.8, 3.6, 3.4, 3.2, 3.0, 2.8] {
            ts = cx.ui.size(k);
            let room = (a.h - ts - 2.5 * u) / (least * 1.25);
            if cx.ui.measure(g.name, ts) <= width && room >= needed {
                break;
            }
        }
        let name = cx.ui.fit(g.name, ts, a.w - 5.0 * u);
        let bs = cx.ui.size(2.8);
        let colour = if g.available { TEXT } else { DIM };
        cx.ui.text(&name, a.x + 2.5 * u, a.y + 1.5 * u, ts, colour);
        let status = if g.available {
            seat_range(g.min_seats, g.max_seats)
        } else {
            "Not built yet".to_string()
        };
        let sw = cx.ui.measure(&status, bs);
        let nw = cx.ui.measure(&ui::plain(g.name), ts);
        // Beside the name when it fits, else in the bottom-right corner.
        let sy = if nw + sw + 7.0 * u <= a.w {
            a.y + 1.5 * u
        } else {
            a.y + a.h - bs - 1.2 * u
        };
        cx.ui.text(
            &status,
            a.x + a.w - sw - 2.5 * u,
            sy,
            bs,
            if g.available { GOOD } else { ACCENT },
        );
        // The blurb whole in the largest of a few sizes it fits at; else, at the smallest, up to
        // the last clause that fits (never cut mid-sentence).
        let room_at = |size: f32| {
            let room = ((a.h - ts - 2.5 * u) / (size * 1.25)).floor().max(0.0) as usize;
            if sy > a.y + 1.5 * u {
                // The player count took the bottom corner: the blurb stops above it.
                let above = ((sy - a.y - 2.0 * u - ts) / (size * 1.25)).floor().max(0.0) as usize;
                room.min(above)
            } else {
                room
            }
        };
        // With the player count in the bottom corner, a short last line shares its row.
        let status_x = a.x + a.w - sw - 2.5 * u;
        let beside_status = |lines: &[String], size: f32| {
            lines.iter().enumerate().all(|(i, l)| {
                let y = a.y + 2.0 * u + ts + i as f32 * size * 1.25;
                y + size <= sy || a.x + 4.0 * u + cx.ui.measure(l, size) <= status_x
            })
        };
        let mut ds = bs;
        let mut lines = Vec::new();
        for k in [2.8, 2.6, 2.4, 2.2] {
            ds = cx.ui.size(k);
            let full = ((a.h - ts - 2.5 * u) / (ds * 1.25)).floor().max(0.0) as usize;
            let whole = cx.ui.wrap(g.blurb, ds, a.w - 5.0 * u);
            lines = if whole.len() <= full && beside_status(&whole, ds) {
                whole
            } else {
                blurb_lines(&cx.ui, g.blurb, ds, a.w - 5.0 * u, room_at(ds))
            };
            let words: usize = lines.iter().map(|l| l.split_whitespace().count()).sum();
            if words == g.blurb.split_whitespace().count() {
                break;
            }
        }
        for (i, l) in lines.iter().enumerate() {
            cx.ui.text(
                l,
                a.x + 2.5 * u,
                a.y + 2.0 * u + ts + i as f32 * ds * 1.25,
                ds,
                colour,
            );
        }
    }
}

/// A tile laid out with its name across the top (the player count beside it, or in the bottom
/// corner where the name needs the row) and its picture under the name, the description beside
/// the picture (a name too long to share a row with a picture).
struct UnderName {
    name_size: f32,
    count_at: (f32, f32),
    picture: Area,
    words_x: f32,
    size: f32,
    lines: Vec<String>,
}

/// That layout for `g` in the tile `a`, when the name fits its row and the whole description
/// fits beside a picture at least a fifth of the tile wide; None otherwise.
fn under_name(ui: &Ui, g: &GameInfo, a: Area) -> Option<UnderName> {
    let u = ui.u;
    let bs = ui.size(2.8);
    let count = ui.measure(&seat_range(g.min_seats, g.max_seats), bs);
    // The count beside the name when both fit at the title's size (bold), else in the corner.
    let beside = ui.measure(g.name, ui.size(scale::TITLE)) + count + 7.0 * u <= a.w;
    // The largest size the name fits its row at (the title's size where the count shares it).
    let name_size = [scale::TITLE, 4.0, 3.8, 3.6, 3.4, 3.2, 3.0, 2.8]
        .into_iter()
        .map(|k| ui.size(k))
        .find(|ts| ui.measure(g.name, *ts) + 5.0 * u <= a.w)?;
    let count_x = a.x + a.w - count - 2.5 * u;
    let (count_at, bottom) = if beside {
        ((count_x, a.y + 1.5 * u), a.y + a.h - 1.2 * u)
    } else {
        let y = a.y + a.h - bs - 1.2 * u;
        ((count_x, y), y - 0.5 * u)
    };
    let top = a.y + 2.0 * u + name_size;
    let h = a.y + a.h - 1.2 * u - top;
    let pic_w = (h * 1.6).min(a.w * 0.36);
    if h < 6.0 * u || pic_w < a.w * 0.2 {
        return None;
    }
    let picture = Area::new(a.x + 2.5 * u, top, pic_w, h);
    let words_x = picture.x + pic_w + 2.0 * u;
    let width = a.x + a.w - 2.5 * u - words_x;
    [2.8, 2.6, 2.4, 2.2].into_iter().find_map(|k| {
        let size = ui.size(k);
        let lines = ui.wrap(g.blurb, size, width);
        (top + lines.len() as f32 * size * 1.25 <= bottom).then_some(UnderName {
            name_size,
            count_at,
            picture,
            words_x,
            size,
            lines,
        })
    })
}

/// Whether a tile's words fit whole in `a`: its name on a line at the smallest size the tile
/// uses, and its description in the lines left under it at the smallest size.
fn words_fit_in(ui: &Ui, g: &GameInfo, a: Area) -> bool {
    let u = ui.u;
    let (ts, ds) = (ui.size(2.8), ui.size(2.2));
    let room = ((a.h - ts - 2.5 * u) / (ds * 1.25)).floor().max(0.0) as usize;
    let status = ui.measure(&seat_range(g.min_seats, g.max_seats), ui.size(2.8));
    ui.measure(g.name, ts) + status + 7.0 * u <= a.w
        && ui.wrap(g.blurb, ds, a.w - 5.0 * u).len() <= room
}

/// `blurb` wrapped to `width` in at most `room` lines: whole, else its longest run of clauses
/// that fits, cut at a semicolon if one does, else at a comma, and ended with a full stop;
/// nothing when none does.
fn blurb_lines(ui: &Ui, blurb: &str, size: f32, width: f32, room: usize) -> Vec<String> {
    let whole = ui.wrap(blurb, size, width);
    if whole.len() <= room {
        return whole;
    }
    // A semicolon ends a whole clause: those cuts first, then the commas, the longest first.
    let at = |mark: char| -> Vec<usize> {
        let mut v: Vec<usize> = blurb
            .char_indices()
            .filter(|(_, c)| *c == mark)
            .map(|(i, _)| i)
            .collect();
        v.reverse();
        v
    };
    let cuts: Vec<usize> = at(';').into_iter().chain(at(',')).collect();
    for &i in &cuts {
        let text = format!("{}.", blurb[..i].trim_end());
        let lines = ui.wrap(&text, size, width);
        if lines.len() <= room {
            return lines;
        }
    }
    Vec::new()
}

/// A game's table in miniature: the side view at its first aimed shot (bots played the
/// decisions before it: the castles built), labels left out, and what frames it there.
struct Miniature {
    view: TableView,
    /// The game's own close-up, else the launcher and the way it faces (the turn's framing).
    close_up: Option<[f32; 4]>,
    shot: Option<TurnShot>,
    /// What the turn aims at first (`frame::aim_focus`).
    focus: [f32; 4],
}

thread_local! {
    /// The miniatures worked out so far, one game a frame (a bot plays a few moves for each).
    static MINIATURES: RefCell<Vec<(&'static str, Option<Miniature>)>> =
        const { RefCell::new(Vec::new()) };
}

/// Works out the next game's miniature, if one is missing (called once a title frame).
fn prepare_miniature() {
    MINIATURES.with(|m| {
        let mut m = m.borrow_mut();
        let games = play::catalog();
        let next = games
            .iter()
            .find(|g| g.available && !m.iter().any(|(id, _)| *id == g.id));
        if let Some(g) = next {
            m.push((g.id, miniature_of(g.id)));
        }
    });
}

fn miniature_of(id: &str) -> Option<Miniature> {
    let mut d = engine::headless::bot_game(id, 2, 1, &[]).ok()?;
    for _ in 0..60 {
        let g = d.game();
        let aims = g
            .launch_prompt()
            .is_some_and(|p| p.kinds.iter().any(|k| *k != LaunchKind::Release));
        // A tile map (Carcassonne) is drawn from its catapult round's side view as it is.
        if aims || g.is_over() || matches!(g.scene(), Scene::Map(_)) {
            break;
        }
        d.bot_turn().ok()?;
    }
    let g = d.game();
    let mut view = match g.scene() {
        Scene::Side(v) => v,
        // A tile map (Carcassonne): its catapult round's side view.
        Scene::Map(_) => g.view(),
    };
    view.labels.clear();
    let shot = g.launch_prompt().map(|lp| {
        let cos = engine::physics::launch::direction(mid_angle(lp.angle)).0;
        TurnShot {
            launcher: lp.origin,
            facing: if cos > 0.2 {
                1
            } else if cos < -0.2 {
                -1
            } else {
                0
            },
            pull: 0.05,
        }
    });
    let focus = match shot {
        Some(s) => aim_focus(view.bounds, &g.aim_places(), s.launcher[0]),
        None => view.bounds,
    };
    Some(Miniature {
        close_up: g.aim_bounds(),
        view,
        shot,
        focus,
    })
}

/// The miniature of a game's table in `pic`, framed as its turn is framed in play (clipped to
/// the picture); the sky alone until it is worked out.
fn miniature(ui: &Ui, id: &str, pic: Area) {
    MINIATURES.with(|m| {
        let m = m.borrow();
        let found = m
            .iter()
            .find(|(g, _)| *g == id)
            .and_then(|(_, v)| v.as_ref());
        let framed = pic.inset(pic.h * 0.04);
        let bounds = match found {
            Some(Miniature {
                close_up: Some(b),
                view,
                ..
            }) => close_up_bounds(*b, pieces_top(view, *b), framed),
            Some(Miniature {
                view,
                shot: Some(shot),
                focus,
                ..
            }) => turn_bounds(view, *focus, *shot, framed),
            Some(Miniature { view, .. }) => {
                side_bounds(pieces_only(view).unwrap_or(view.bounds), framed)
            }
            None => [-1.0, -0.2, 1.0, 0.6],
        };
        let bounds = found.map_or(bounds, |mini| picture_bounds(mini, bounds, framed));
        let f = Frame::fit(bounds, framed);
        let dpi = screen_dpi_scale().max(0.01);
        // SAFETY: macroquad's internal GL context is borrowed on the main thread for this one
        // call and not kept across frames (the scissor rectangle is in physical pixels).
        unsafe { get_internal_gl() }.quad_gl.scissor(Some((
            (pic.x * dpi) as i32,
            (pic.y * dpi) as i32,
            (pic.w * dpi).ceil() as i32,
            (pic.h * dpi).ceil() as i32,
        )));
        backdrop::draw(pic, &f);
        if let Some(mini) = found {
            draw::table(ui, &mini.view, &f);
        }
        // SAFETY: as above.
        unsafe { get_internal_gl() }.quad_gl.scissor(None);
    });
    draw_rectangle_lines(
        pic.x,
        pic.y,
        pic.w,
        pic.h,
        2.0,
        Color::new(0.0, 0.0, 0.0, 0.35),
    );
}

/// A picture's pieces stand at least this share of its height (at the turn's framing), else it
/// shows the shooter and the pieces nearest it instead (`picture_bounds`).
const PICTURE_PIECES: f32 = 0.22;
/// How far (metres) the shooter's picture reaches the way the launcher faces.
const PICTURE_REACH: f32 = 0.42;

/// The bounds of a game's picture on the title: the turn's framing (`bounds`) where its pieces
/// read, else the launcher and the pieces within `PICTURE_REACH` of it the way it faces, framed
/// as a close-up (Castle's catapult and its own towers, Catapults' lever, cube and meeple: at
/// the turn's framing, a metre to the target, they were specks in a 190-pixel picture).
fn picture_bounds(mini: &Miniature, bounds: [f32; 4], framed: Area) -> [f32; 4] {
    let h = bounds[3] - bounds[1];
    let top = pieces_top(&mini.view, bounds);
    let Some(shot) = mini.shot else {
        return bounds;
    };
    if h.is_nan() || h <= 0.0 || !top.is_finite() || top / h >= PICTURE_PIECES {
        return bounds;
    }
    let lx = shot.launcher[0];
    let (x0, x1) = match shot.facing {
        1 => (lx - 0.1, lx + PICTURE_REACH),
        -1 => (lx - PICTURE_REACH, lx + 0.1),
        _ => (lx - PICTURE_REACH * 0.5, lx + PICTURE_REACH * 0.5),
    };
    let near = pieces_box(&mini.view, [x0, bounds[1], x1, bounds[3]], shot.launcher);
    let (n0, n1) = (near[0].max(x0 - 0.1), near[2].min(x1 + 0.1));
    let top = near[3];
    let ok = [n0, n1, top].iter().all(|v| v.is_finite()) && n1 > n0 && top > 0.0;
    if !ok {
        return bounds;
    }
    let m = (n1 - n0) * 0.04;
    close_up_bounds([n0 - m, -0.01, n1 + m, top * 1.12], top, framed)
}

/// The box around a table's pieces (not the table itself), a little room around it.
fn pieces_only(view: &TableView) -> Option<[f32; 4]> {
    let mut b: Option<[f32; 4]> = None;
    for body in view
        .bodies
        .iter()
        .filter(|b| b.look != engine::core::Look::Table && b.x.is_finite() && b.y.is_finite())
    {
        let r = match body.shape {
            engine::core::BodyShape::Rect { hw, hh } => hw.max(hh),
            engine::core::BodyShape::Circle { r } => r,
        }
        .clamp(0.0, 1.0);
        let (x0, y0, x1, y1) = (body.x - r, (body.y - r).min(0.0), body.x + r, body.y + r);
        b = Some(match b {
            None => [x0, y0, x1, y1],
            Some(o) => [o[0].min(x0), o[1].min(y0), o[2].max(x1), o[3].max(y1)],
        });
    }
    b.map(|[x0, y0, x1, y1]| {
        let m = (x1 - x0).max(y1 - y0) * 0.06;
        [x0 - m, y0 - m * 0.5, x1 + m, y1 + m]
    })
}

/// A game's seat counts in words: "2 players", "1–4 players".
fn seat_range(min: usize, max: usize) -> String {
    if min == max {
        format!("{min} players")
    } else {
        format!("{min}\u{2013}{max} players")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_counts_read_as_a_family_says_them() {
        assert_eq!(seat_range(2, 2), "2 players");
        assert_eq!(seat_range(1, 4), "1\u{2013}4 players");
        assert_eq!(seat_range(2, 10), "2\u{2013}10 players");
    }

    #[test]
    fn title_buttons_keep_the_keys_the_browser_tests_press() {
        let keys: Vec<String> = [
            TitleButton::OpenFile,
            TitleButton::Dismiss,
            TitleButton::WatchSave,
            TitleButton::ResumeSave,
            TitleButton::Challenge,
            TitleButton::Game("castle"),
        ]
        .iter()
        .map(|b| b.key())
        .collect();
        assert_eq!(
            keys,
            [
                "open-file",
                "dismiss",
                "watch-save",
                "resume-save",
                "challenge",
                "game:castle"
            ]
        );
    }
}
