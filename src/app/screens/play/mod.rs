//! The in-game screen: advancing the game each frame (flights, bot turns, the end) and
//! laying out the bars, the table and the input over it.

mod aim;
mod bottom_bar;
mod camera;
mod cover;
mod designs;
mod hints;
pub(crate) mod hud;
mod map;
mod placement;
mod round_map;
mod target_view;

use super::pause::PauseScreen;
use super::results::ResultsScreen;
use super::upright::UprightScreen;
use crate::app::aim::{self as aim_state, Aim};
use crate::app::context::Ctx;
use crate::app::follow;
use crate::app::frame::Area;
use crate::app::frame::{Camera, Frame};
use crate::app::gesture::Feel;
use crate::app::hints::Hint as Hints;
use crate::app::journal::log_move;
use crate::app::play::Play;
use crate::app::pointer::PointerEvent;
use crate::app::probe::{self, TableFigures};
use crate::app::route::TableTouch;
use crate::app::screen::{Screen, ScreenId};
use crate::app::{a11y, keyqueue, log, sound, Command};
use crate::app::{designs as design_state, effects, grid, nav, route, scene};
use crate::app::{map as map_state, round_map as round_state};
use engine::core::{
    Choice, GridPrompt, Icon, LaunchKind, LaunchPrompt, PlacementPrompt, Scene, TableView,
};
use macroquad::prelude::*;
use placement::Place;

/// The keys that aim and ask about the aim: pressed while they can do nothing, they are answered
/// in words (`hud::waiting_words`, `hud::choose_words`) instead of nothing. Space too, on another
/// seat's turn, when it presses no button and is not the one switch.
const AIM_KEYS: [KeyCode; 7] = [
    KeyCode::T,
    KeyCode::W,
    KeyCode::P,
    KeyCode::Left,
    KeyCode::Right,
    KeyCode::Up,
    KeyCode::Down,
];

/// The game being played, and its table on screen (made fresh for each game). It owns the
/// turn's clocks, the pieces travelling and the frame's pointer events, which it routes to the
/// table's gestures (`Table::route_presses`). The shell reads the game through the stack
/// (`Screen::game`); the pause menu over it asks the shell (`Request`), and the results take
/// the game over when it ends.
pub(crate) struct PlayScreen {
    /// The game (out of its place only while a frame works on it).
    play: Option<Play>,
    table: Table,
    /// When the game was first seen over and at rest (the results follow a moment later).
    over_since: Option<f64>,
    /// When the bot now thinking started (for the log line when it moves).
    thinking_since: Option<f64>,
    /// The longest slice and unit of the turn now thought (seconds) and where that unit was.
    turn_longest: (f64, f64, u32),
    /// The side view drawn last frame, and the pieces the rules moved travelling from it.
    shown_view: Option<TableView>,
    travel: Option<Travel>,
    /// Reduce motion as last seen: turned on (in the pause menu), the effects under way go.
    reduce_motion: bool,
    /// A side view was drawn on a phone held upright: "turn your phone" goes over it.
    ask_to_turn: bool,
    /// This frame's pointer events (the screen is on top), routed to the table's gestures
    /// once the frame's layout is known (`App::route_presses`).
    events: Vec<PointerEvent>,
}

/// The table on screen and the hands over it: the camera and its framing, the gestures under
/// way (aim, placement, the tile map, pan and pinch), the effects and the scene's own motion,
/// and the tips shown over it. One `Table` a game: starting a game makes a fresh one, so
/// nothing of the last game's view or gestures leaks into the next.
#[derive(Default)]
pub(crate) struct Table {
    /// Who the press under way belongs to, and this frame's events routed to their owners.
    press: route::Router,
    /// The pointer's aim under way.
    aim: Option<Aim>,
    /// The predicted dots drawn this frame (world metres), drawn again in the target view.
    dots: Vec<[f32; 2]>,
    /// The keyboard's aim (arrow keys, Space fires) and the one switch's.
    keys: aim_state::Keys,
    /// A piece being placed or moved.
    place: Option<Place>,
    /// The side view's frame drawn last, and the area the table is drawn in.
    frame: Option<Frame>,
    area: Area,
    /// The player's zoom (mouse wheel) on the framed bounds, and the bounds it applies to: a new
    /// framing (aiming close-up, the whole table for a flight) starts fitted.
    camera: Camera,
    camera_bounds: [f32; 4],
    /// The camera frames a tile map (a zoomed view survives the map growing) rather than a
    /// side view (a new framing starts fitted).
    camera_map: bool,
    /// While aiming, show the whole table instead of the game's close-up of the launcher.
    whole_table: bool,
    /// The launcher the player picked when the prompt offers several.
    kind_pick: Option<LaunchKind>,
    /// The tile map's input, and the prompt it belongs to.
    grid: grid::GridInput,
    grid_tag: String,
    tile_layer: map_state::TileLayer,
    mouse_last: Option<(f32, f32)>,
    /// Saved designs and their panel.
    designs: design_state::DesignUi,
    /// The in-game details panel is open.
    details: bool,
    /// The portrait hint was shown in this game.
    portrait_told: bool,
    /// A hurl over a tile map: the map's band over the side view and where the token landed.
    round: round_state::RoundMap,
    /// Pass-and-play: the human seat the device was last handed to (its hand may be shown).
    handed_to: Option<usize>,
    /// The first-game hint shown this frame, if any, and the first-sight tips (their keys).
    hint_up: Option<Hints>,
    tips_up: Vec<String>,
    /// Pan and pinch on the side view, and the mouse's right or middle button dragging it.
    nav: nav::TableNav,
    mouse_pan: Option<(f32, f32)>,
    /// The press under way began off the launcher's ring (told on release unless it panned).
    off_ring: bool,
    /// The side view on screen easing towards the action of a shot and back.
    ease: follow::Ease,
    /// The box the shot's moving bodies have filled since the launch: the arc the camera keeps
    /// in view (`frame::shot::arc_view`).
    follow_action: Option<[f32; 4]>,
    /// The last shot's framing (the shooter, the landing): kept while a card is chosen or a
    /// bot decides, so the view does not jump to the whole table in between.
    held_bounds: Option<[f32; 4]>,
    /// The camera's shares, said once each framing is reached (for the look test).
    said: camera::Said,
    /// Dust, chips and the shake of a collapse.
    effects: effects::Effects,
    /// The side view's own motion: a catapult's swing, fallen figures carried off.
    scene: scene::Scene,
    /// What the table showed this frame, for the browser tests.
    pub(crate) probe: probe::TableProbe,
}

impl Table {
    /// What the shell's probe reads of this table this frame.
    pub(crate) fn figures(&self) -> TableFigures {
        TableFigures {
            probe: self.probe,
            scale: self.frame.map_or(0.0, |f| f.scale),
            particles: self.effects.alive() as i32,
        }
    }

    /// The viewer's table: the replay's view drawn in `area`, framed by `frame` (a map: none).
    pub(crate) fn show(&mut self, area: Area, frame: Option<Frame>) {
        self.area = area;
        self.frame = frame;
    }
}

/// Pieces the rules moved (`Draw::moved`), on their way from where the last frame drew them.
struct Travel {
    from: TableView,
    pieces: Vec<u32>,
    /// 0..1 of `follow::TRAVEL_SECONDS`.
    t: f32,
}

impl Screen<Ctx> for PlayScreen {
    fn id(&self) -> ScreenId {
        ScreenId::Play
    }
    fn game(&self) -> Option<&Play> {
        self.play.as_ref()
    }
    fn game_mut(&mut self) -> Option<&mut Play> {
        self.play.as_mut()
    }
    fn take_game(&mut self) -> Option<Play> {
        self.play.take()
    }
    fn table_figures(&self) -> Option<TableFigures> {
        Some(self.table.figures())
    }
    fn new_frame(&mut self) {
        self.table.probe.new_frame();
    }
    fn pointer_lost(&mut self) {
        self.table.aim = None;
        self.table.press = crate::app::route::Router::default();
    }
    fn input(&mut self, _cx: &mut Ctx, events: &[PointerEvent]) -> Command {
        self.events = events.to_vec();
        Command::Stay
    }
    fn back(&mut self, _cx: &mut Ctx) -> Command {
        Command::Push(Box::new(PauseScreen))
    }
    fn frame(&mut self, cx: &mut Ctx, active: bool) -> Command {
        self.draw(cx, active)
    }
}

/// Starts playing `p`: the play screen over the title, whatever was up.
pub(crate) fn start(cx: &mut Ctx, p: Play) {
    cx.warm_all();
    cx.command(Command::Fresh(Box::new(PlayScreen::new(p))));
}

/// Play again: the same seats and options, a new seed.
pub(crate) fn restart(cx: &mut Ctx, p: &Play) {
    match p.restart(crate::app::journal::seed_now(cx.frames)) {
        Ok(np) => {
            log(&format!(
                "start {} seats={} restart",
                np.info.id,
                np.names().len()
            ));
            cx.save_play(&np);
            start(cx, np);
        }
        Err(e) => cx.say(format!("Cannot restart: {e}"), true),
    }
}

impl PlayScreen {
    pub(crate) fn new(play: Play) -> PlayScreen {
        PlayScreen {
            play: Some(play),
            table: Table::default(),
            over_since: None,
            thinking_since: None,
            turn_longest: (0.0, 0.0, 0),
            shown_view: None,
            travel: None,
            ask_to_turn: false,
            reduce_motion: false,
            events: Vec::new(),
        }
    }

    fn draw(&mut self, cx: &mut Ctx, active: bool) -> Command {
        if cx.settings.reduce_motion && !self.reduce_motion {
            self.table.effects.clear();
        }
        self.reduce_motion = cx.settings.reduce_motion;
        let Some(mut p) = self.play.take() else {
            return Command::Home;
        };
        if active {
            self.advance(cx, &mut p);
        }
        self.draw_play(cx, &mut p, active);
        let over = p.is_over() && p.flight.is_none();
        self.play = Some(p);
        if over && active {
            return self.finish(cx);
        }
        if std::mem::take(&mut self.ask_to_turn) && active {
            log("upright asked");
            return Command::Push(Box::new(UprightScreen));
        }
        Command::Stay
    }

    /// One frame of the game: the shot in flight steps, a bot thinks or moves; the sounds,
    /// refusals and saves that follow.
    fn advance(&mut self, cx: &mut Ctx, p: &mut Play) {
        let was_thinking = p.thinking;
        let t0 = get_time();
        let until = t0 + crate::app::play::think_slice();
        // The longest stretch between two questions of `more` (or before the first, or after
        // the last): what a shorter slice cannot cut.
        let (mut last, mut unit, mut asked) = (t0, (0.0f64, 0u32), false);
        // A collapse plays slowly for a moment (view only: the same frames, shown slower).
        let dt = get_frame_time() * self.table.effects.time_scale();
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
            cx.sfx(sound::Effect::Launch);
        }
        if tick.impacts > 0 {
            cx.sfx(sound::Effect::Impact);
        }
        if !cx.settings.reduce_motion {
            for h in &tick.hits {
                if self.table.effects.hit(*h) {
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
                self.table.round_landed(at);
                let gain = l.gain.as_ref().map(|(n, k)| (*n, k.as_str()));
                self.table.effects.landed(
                    at,
                    l.hit == Some(true),
                    gain,
                    !cx.settings.reduce_motion,
                );
            }
        }
        cx.sfx_for_events(&tick.events);
        // What the rules took off the table is carried off where it was last drawn.
        let off: Vec<u32> = tick
            .events
            .iter()
            .filter_map(|e| p.game().taken_off(e))
            .collect();
        if !off.is_empty() {
            log(&format!("taken off {}", off.len()));
            self.table.scene.take_off(&off, cx.settings.reduce_motion);
        }
        let moved: Vec<u32> = tick
            .events
            .iter()
            .filter_map(|e| p.game().moved(e))
            .collect();
        if !moved.is_empty() && !cx.settings.reduce_motion {
            log(&format!("moved {}", moved.len()));
            self.travel = self.shown_view.as_ref().map(|shown| Travel {
                from: self.table.scene.travel_from(shown, &moved),
                pieces: moved,
                t: 0.0,
            });
        }
        if let Some(err) = tick.error {
            cx.say(err, true);
        }
        // The hint drawn last frame was followed (the player's shot flies, a piece was put
        // down): it goes for good.
        let flying = p.flight.is_some() && !tick.launched;
        if let Some(h) = self
            .table
            .hint_up
            .filter(|h| crate::app::hints::followed(*h, flying, tick.moved))
        {
            self.table.hint_done(cx, h);
        }
        if tick.moved {
            if !self.table.tips_up.is_empty() {
                self.table.tips_done(cx);
            }
            log_move(p);
            cx.save_play(p);
        }
    }

    /// The game is over and at rest: the win sound, then the results a moment later.
    fn finish(&mut self, cx: &mut Ctx) -> Command {
        let now = get_time();
        match self.over_since {
            None => {
                self.over_since = Some(now);
                cx.sfx(sound::Effect::Win);
            }
            Some(t) if now - t > 1.2 => {
                if let Some(p) = self.play.as_ref() {
                    let lines = p.game().ranking().explain(&p.names());
                    log(&format!("results {}", lines.join(" | ")));
                    let rounds = p.game().score_history().len();
                    if rounds > 0 {
                        log(&format!("results-chart rounds={rounds}"));
                    }
                }
                return match self.play.take() {
                    Some(p) => Command::Replace(Box::new(ResultsScreen::new(p))),
                    None => Command::Home,
                };
            }
            _ => {}
        }
        Command::Stay
    }

    fn draw_play(&mut self, cx: &mut Ctx, p: &mut Play, active: bool) {
        let (w, h) = (cx.ui.w, cx.ui.h);
        // Set again below while a hint is drawn (`advance` reads last frame's).
        self.table.hint_up = None;
        if self.table.cover_screen(cx, p, active) {
            return;
        }
        let Some(top_h) = self.table.top_bar(cx, p, active) else {
            return;
        };
        let offer = self.table.offer(p, active);
        let aim_keys = keyqueue::pressed_any(&AIM_KEYS);
        let space = keyqueue::pressed(KeyCode::Space)
            && !cx.ui.focused()
            && !crate::app::save::one_switch(cx.store.as_ref()).on();
        if active && (aim_keys || space) {
            let choosing =
                offer.launch.is_none() && offer.placement.is_none() && offer.grid.is_none();
            let words = match offer.human {
                None => hud::waiting_words(p),
                Some(_) if choosing && aim_keys => {
                    let labels: Vec<&str> =
                        offer.choices.iter().map(|c| c.label.as_str()).collect();
                    let status = p.game().status();
                    let step = status.iter().find(|i| i.icon == Icon::Next);
                    let step = step.map_or_else(|| p.game().phase(), |i| i.text.clone());
                    Some(hud::choose_words(&step, &labels))
                }
                Some(_) => None,
            };
            if let Some(words) = words {
                a11y::say(words);
            }
        }
        let bar = self.table.bottom_bar(cx, p, &offer, active);
        let strips = self.table.strips(cx, p);
        let table_y = top_h + strips.status_h;
        self.table.area = Area::new(
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
        self.table
            .route_presses(cx, &events, matches!(scene, Scene::Map(_)), touch);
        let view = match scene {
            Scene::Side(view) => view,
            Scene::Map(map) => {
                // A tile map: its own input (launch and placement prompts are side-view ones).
                self.shown_view = None;
                self.table.aim = None;
                self.table.place = None;
                self.table
                    .draw_map(cx, p, &map, offer.grid.as_ref(), offer.human, active);
                self.table.draw_strips(cx, p, &strips, top_h, active);
                self.table.draw_bottom_bar(cx, p, &bar, &offer);
                self.table.first_sight_tips(cx);
                return;
            }
        };
        let view = self.travelled(cx, p, view, active);
        // A hurl over a tile map: the map from above in a band over the side view.
        let band = self
            .table
            .round_band(p.game().line_on_map(), p.flight.is_some());
        let f = self.table.draw_table(cx, p, &view, offer.close_up, active);
        if let Some(b) = band {
            self.table.draw_round_map(cx, &view, &f, b);
        }
        // Launcher, aim, placement ghost.
        let feel = Feel::for_screen(f.metres(w.min(h)));
        self.table.dots.clear();
        if let Some(lp) = &offer.launch {
            let kind = offer.kind.unwrap_or(LaunchKind::Catapult);
            // A steep shot's dots stay on the table, off the bars.
            self.table.clip_to_table(cx, true);
            self.table.launch_input(cx, p, lp, kind, &f, &feel);
            self.table.clip_to_table(cx, false);
        } else {
            self.table.aim = None;
            self.table.keys.drop_aim();
        }
        if let Some(pp) = &offer.placement {
            if let Some(seat) = offer.human {
                if pp.sources.is_empty() {
                    self.table.placement_input(cx, p, pp, &f, seat);
                } else {
                    self.table.carry_input(cx, p, pp, &f, seat);
                }
            }
        } else {
            self.table.place = None;
        }
        self.table.first_game_hint(cx, &offer, &f);
        self.table.draw_target_view(cx, p, &view, &f);
        self.ask_to_turn = self.table.portrait_hint(cx, true);
        self.table.draw_strips(cx, p, &strips, top_h, active);
        self.table.draw_bottom_bar(cx, p, &bar, &offer);
        self.table.first_sight_tips(cx);
        self.table.design_bar(cx, p, offer.human);
    }

    /// The table at rest, with the pieces the rules just moved (a captured tower going to its
    /// new mat: `PlayScreen::travel`) travelling there over half a second rather than jumping.
    fn travelled(&mut self, cx: &mut Ctx, p: &Play, view: TableView, active: bool) -> TableView {
        if p.flight.is_some() || cx.settings.reduce_motion {
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
