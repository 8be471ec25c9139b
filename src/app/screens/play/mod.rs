//! The in-game screen: advancing the game each frame (flights, bot turns, the end) and
//! laying out the bars, the table and the input over it.

mod aim;
mod designs;
mod hints;
mod map;
mod placement;
mod round_map;

use super::pause::PauseScreen;
use super::results::ResultsScreen;
use super::upright::UprightScreen;
use crate::app::context::Ctx;
use crate::app::follow;
use crate::app::frame::Area;
use crate::app::gesture::Feel;
use crate::app::hints::Hint as Hints;
use crate::app::journal::log_move;
use crate::app::play::Play;
use crate::app::pointer::PointerEvent;
use crate::app::route::TableTouch;
use crate::app::screen::{Screen, ScreenId};
use crate::app::table::Table;
use crate::app::{log, sound, App, Command};
use engine::core::{
    Choice, GridPrompt, LaunchKind, LaunchPrompt, PlacementPrompt, Scene, TableView,
};
use macroquad::prelude::*;

/// The game being played. It owns the turn's clocks, the pieces travelling and the frame's
/// pointer events, which it routes to the table's gestures (`App::route_presses`). The game
/// itself is the shell's (`App::play`: the pause menu, the results and the viewer read it
/// too), and so is the table on screen (`App::table`, made fresh for each game), which the
/// viewer draws into as well.
#[derive(Default)]
pub(crate) struct PlayScreen {
    /// When the game was first seen over and at rest (the results follow a moment later).
    over_since: Option<f64>,
    /// When the bot now thinking started (for the log line when it moves).
    thinking_since: Option<f64>,
    /// The longest slice and unit of the turn now thought (seconds) and where that unit was.
    turn_longest: (f64, f64, u32),
    /// The side view drawn last frame, and the pieces the rules moved travelling from it.
    shown_view: Option<TableView>,
    travel: Option<Travel>,
    /// A side view was drawn on a phone held upright: "turn your phone" goes over it.
    ask_to_turn: bool,
    /// This frame's pointer events (the screen is on top), routed to the table's gestures
    /// once the frame's layout is known (`App::route_presses`).
    events: Vec<PointerEvent>,
}

/// Pieces the rules moved (`Draw::moved`), on their way from where the last frame drew them.
struct Travel {
    from: TableView,
    pieces: Vec<u32>,
    /// 0..1 of `follow::TRAVEL_SECONDS`.
    t: f32,
}

impl Screen<App> for PlayScreen {
    fn id(&self) -> ScreenId {
        ScreenId::Play
    }
    fn input(&mut self, _app: &mut App, events: &[PointerEvent]) -> Command {
        self.events = events.to_vec();
        Command::Stay
    }
    fn back(&mut self, _app: &mut App) -> Command {
        Command::Push(Box::new(PauseScreen))
    }
    fn frame(&mut self, app: &mut App, active: bool) -> Command {
        self.draw(app, active)
    }
}

impl PlayScreen {
    fn draw(&mut self, app: &mut App, active: bool) -> Command {
        let Some(mut p) = app.play.take() else {
            return Command::Home;
        };
        if active {
            self.advance(app, &mut p);
        }
        self.draw_play(app, &mut p, active);
        let over = p.is_over() && p.flight.is_none();
        app.play = Some(p);
        if over && active {
            return self.finish(app);
        }
        if std::mem::take(&mut self.ask_to_turn) && active {
            log("upright asked");
            return Command::Push(Box::new(UprightScreen));
        }
        Command::Stay
    }

    /// One frame of the game: the shot in flight steps, a bot thinks or moves; the sounds,
    /// refusals and saves that follow.
    fn advance(&mut self, app: &mut App, p: &mut Play) {
        let was_thinking = p.thinking;
        let t0 = get_time();
        let until = t0 + crate::app::play::think_slice();
        // The longest stretch between two questions of `more` (or before the first, or after
        // the last): what a shorter slice cannot cut.
        let (mut last, mut unit, mut asked) = (t0, (0.0f64, 0u32), false);
        // A collapse plays slowly for a moment (view only: the same frames, shown slower).
        let dt = get_frame_time() * app.table.effects.time_scale();
        let tick = p.update_within(dt, &mut || {
            let now = get_time();
            if now - last > unit.0 {
                unit = (now - last, u32::from(asked));
            }
            (last, asked) = (now, true);
            now < until
        });
        if was_thinking {
            let end = get_time();
            if end - last > unit.0 {
                unit = (end - last, 2);
            }
            if self.thinking_since.is_none() {
                self.thinking_since = Some(t0);
                self.turn_longest = (0.0, 0.0, 0);
            }
            let started = self.thinking_since.unwrap_or(t0);
            crate::app::probe::bot_slice(end - t0);
            crate::app::probe::bot_unit(unit.0, unit.1);
            let l = &mut self.turn_longest;
            l.0 = l.0.max(end - t0);
            if unit.0 > l.1 {
                (l.1, l.2) = unit;
            }
            if !p.thinking {
                self.thinking_since = None;
                // This turn's longest slice and unit (the probe's figures are the page's).
                let (slice, unit, at) = self.turn_longest;
                log(&format!(
                    "bot-think ms={:.0} longest-slice ms={:.1} longest-unit ms={:.1} at={}",
                    (end - started) * 1000.0,
                    slice * 1000.0,
                    unit * 1000.0,
                    ["start", "step", "end"].get(at as usize).unwrap_or(&"?")
                ));
            }
        }
        if tick.launched {
            app.cx.sfx(sound::Effect::Launch);
        }
        if tick.impacts > 0 {
            app.cx.sfx(sound::Effect::Impact);
        }
        if !app.cx.settings.reduce_motion {
            for h in &tick.hits {
                if app.table.effects.hit(*h) {
                    log("collapse");
                }
            }
        }
        if let Some(l) = tick.landed.as_ref() {
            let hit = match l.hit {
                Some(true) => "yes",
                Some(false) => "no",
                None => "none",
            };
            log(&format!("landed seat {} hit {hit}", l.seat));
            if let Some(at) = l.at {
                app.table.round_landed(at);
                let gain = l.gain.as_ref().map(|(n, k)| (*n, k.as_str()));
                app.table.effects.landed(
                    at,
                    l.hit == Some(true),
                    gain,
                    !app.cx.settings.reduce_motion,
                );
            }
        }
        app.cx.sfx_for_events(&tick.events);
        // What the rules took off the table is carried off where it was last drawn.
        let off: Vec<u32> = tick
            .events
            .iter()
            .filter_map(|e| p.game().taken_off(e))
            .collect();
        if !off.is_empty() {
            log(&format!("taken off {}", off.len()));
            app.table
                .scene
                .take_off(&off, app.cx.settings.reduce_motion);
        }
        let moved: Vec<u32> = tick
            .events
            .iter()
            .filter_map(|e| p.game().moved(e))
            .collect();
        if !moved.is_empty() && !app.cx.settings.reduce_motion {
            log(&format!("moved {}", moved.len()));
            self.travel = self.shown_view.as_ref().map(|shown| Travel {
                from: app.table.scene.travel_from(shown, &moved),
                pieces: moved,
                t: 0.0,
            });
        }
        if let Some(err) = tick.error {
            app.cx.say(err, true);
        }
        if tick.moved {
            // A move made while a hint was up: the player has found the gesture.
            if let Some(h) = app
                .table
                .hint_up
                .filter(|h| crate::app::hints::counts_for(*h, tick.launched))
            {
                app.table.hint_done(&mut app.cx, h);
            }
            if !app.table.tips_up.is_empty() {
                app.table.tips_done(&mut app.cx);
            }
            log_move(p);
            app.cx.save_play(p);
        }
    }

    /// The game is over and at rest: the win sound, then the results a moment later.
    fn finish(&mut self, app: &mut App) -> Command {
        let now = get_time();
        match self.over_since {
            None => {
                self.over_since = Some(now);
                app.cx.sfx(sound::Effect::Win);
            }
            Some(t) if now - t > 1.2 => {
                if let Some(p) = app.play.as_ref() {
                    let lines = p.game().ranking().explain(&p.names());
                    log(&format!("results {}", lines.join(" | ")));
                    let rounds = p.game().score_history().len();
                    if rounds > 0 {
                        log(&format!("results-chart rounds={rounds}"));
                    }
                }
                return Command::Replace(Box::new(ResultsScreen::default()));
            }
            _ => {}
        }
        Command::Stay
    }

    fn draw_play(&mut self, app: &mut App, p: &mut Play, active: bool) {
        let (w, h) = (app.cx.ui.w, app.cx.ui.h);
        // Set again below while a hint is drawn (`advance` reads last frame's).
        app.table.hint_up = None;
        if app.table.cover_screen(&mut app.cx, p, active) {
            return;
        }
        let Some(top_h) = app.table.top_bar(&mut app.cx, p, active) else {
            return;
        };
        let offer = app.table.offer(p, active);
        let bar = app.table.bottom_bar(&mut app.cx, p, &offer, active);
        let strips = app.table.strips(&mut app.cx, p);
        let table_y = top_h + strips.status_h;
        app.table.area = Area::new(
            0.0,
            table_y,
            w,
            (h - table_y - bar.height - strips.log_h).max(10.0),
        );
        let touch = match (&offer.launch, offer.kind, &offer.placement) {
            (_, _, Some(_)) => TableTouch::Placing,
            (Some(lp), Some(k), None) if k != LaunchKind::Release => {
                TableTouch::Launcher(lp.origin)
            }
            _ => TableTouch::Free,
        };
        let scene = p.scene();
        // Inactive (under an overlay, or going), the table takes no input.
        let events = std::mem::take(&mut self.events);
        let events = if active { events } else { Vec::new() };
        app.table
            .route_presses(&mut app.cx, &events, matches!(scene, Scene::Map(_)), touch);
        let view = match scene {
            Scene::Side(view) => view,
            Scene::Map(map) => {
                // A tile map: its own input (launch and placement prompts are side-view ones).
                self.shown_view = None;
                app.table.aim = None;
                app.table.place = None;
                app.table.draw_map(
                    &mut app.cx,
                    p,
                    &map,
                    offer.grid.as_ref(),
                    offer.human,
                    active,
                );
                app.table
                    .draw_strips(&mut app.cx, p, &strips, top_h, active);
                app.table.draw_bottom_bar(&mut app.cx, p, &bar, &offer);
                app.table.first_sight_tips(&mut app.cx);
                return;
            }
        };
        let view = self.travelled(app, p, view, active);
        // A hurl over a tile map: the map from above in a band over the side view.
        let band = app
            .table
            .round_band(p.game().line_on_map(), p.flight.is_some());
        let f = app
            .table
            .draw_table(&mut app.cx, p, &view, offer.close_up, active);
        if let Some(b) = band {
            app.table.draw_round_map(&mut app.cx, &view, &f, b);
        }
        // Launcher, aim, placement ghost.
        let feel = Feel::for_screen(f.metres(w.min(h)));
        if let Some(lp) = &offer.launch {
            let kind = offer.kind.unwrap_or(LaunchKind::Catapult);
            app.table.launch_input(&mut app.cx, p, lp, kind, &f, &feel);
        } else {
            app.table.aim = None;
            app.table.keys.drop_aim();
        }
        if let Some(pp) = &offer.placement {
            if let Some(seat) = offer.human {
                if pp.sources.is_empty() {
                    app.table.placement_input(&mut app.cx, p, pp, &f, seat);
                } else {
                    app.table.carry_input(&mut app.cx, p, pp, &f, seat);
                }
            }
        } else {
            app.table.place = None;
        }
        app.table.first_game_hint(&mut app.cx, &offer, &f);
        self.ask_to_turn = app.table.portrait_hint(&mut app.cx, true);
        app.table
            .draw_strips(&mut app.cx, p, &strips, top_h, active);
        app.table.draw_bottom_bar(&mut app.cx, p, &bar, &offer);
        app.table.first_sight_tips(&mut app.cx);
        app.table.design_bar(&mut app.cx, p, offer.human);
    }

    /// The table at rest, with the pieces the rules just moved (a captured tower going to its
    /// new mat: `PlayScreen::travel`) travelling there over half a second rather than jumping.
    fn travelled(&mut self, app: &mut App, p: &Play, view: TableView, active: bool) -> TableView {
        if p.flight.is_some() || app.cx.settings.reduce_motion {
            self.travel = None;
        }
        let dt = if active { get_frame_time() } else { 0.0 };
        let out = match self.travel.as_mut() {
            Some(tr) => {
                tr.t += dt.clamp(0.0, 0.1) / follow::TRAVEL_SECONDS;
                let v = follow::travel_view(&tr.from, &view, &tr.pieces, follow::smoothstep(tr.t));
                if tr.t >= 1.0 {
                    self.travel = None;
                }
                v
            }
            None => view,
        };
        self.shown_view = Some(out.clone());
        out
    }
}

impl Table {
    /// The hint for the gesture the human meets now, if any.
    fn first_game_hint(&mut self, cx: &mut Ctx, offer: &Offer, f: &crate::app::frame::Frame) {
        let hint = match self.probe.input {
            1 | 2 => Hints::Fire,
            3 => Hints::Flick,
            4 => Hints::Wrist,
            5 | 7 => Hints::Place,
            _ => return,
        };
        if offer.human.is_none() {
            return;
        }
        let (centre_x, _) = f.to_screen(0.0, 0.0);
        let towards = if self.probe.anchor.0 < centre_x {
            1.0
        } else {
            -1.0
        };
        self.show_hint(cx, hint, self.probe.anchor, towards);
    }

    /// What the acting human may do now (nothing on a bot's turn or under the pause menu).
    fn offer(&self, p: &Play, active: bool) -> Offer {
        let human = if active { p.human_turn() } else { None };
        let choices = if human.is_some() {
            p.game().choices()
        } else {
            Vec::new()
        };
        let placement = human.and(p.game().placement_prompt());
        let grid = human.and(p.game().grid_prompt());
        let launch = human.and(p.game().launch_prompt());
        // While a human aims, a game may ask for a close-up of its launcher.
        let close_up = launch.as_ref().and(p.game().aim_bounds());
        let kind = launch.as_ref().and_then(|lp| {
            self.kind_pick
                .filter(|k| lp.kinds.contains(k))
                .or_else(|| lp.kinds.first().copied())
        });
        Offer {
            human,
            choices,
            placement,
            grid,
            launch,
            close_up,
            kind,
        }
    }
}

/// What the acting human may do this frame.
pub(crate) struct Offer {
    /// The human seat to act, if any.
    pub(crate) human: Option<usize>,
    /// The game's decisions open now (bottom-bar buttons).
    pub(crate) choices: Vec<Choice>,
    pub(crate) placement: Option<PlacementPrompt>,
    /// A decision on the tile map.
    pub(crate) grid: Option<GridPrompt>,
    pub(crate) launch: Option<LaunchPrompt>,
    /// The game's close-up of the launcher while aiming.
    pub(crate) close_up: Option<[f32; 4]>,
    /// The launcher in use: the player's pick, else the prompt's first.
    pub(crate) kind: Option<LaunchKind>,
}
