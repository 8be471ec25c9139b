//! A game being played in the app, without a window: the session, the shot in flight (stepped in
//! fixed 1/60 s frames from a clock and drawn interpolated), bot turns, the ghost of the previous
//! shot, resuming from a save. The screens draw it and feed it gestures.

use super::flight::{Flight, Hit};
#[cfg(test)]
use engine::core::bot::BotBudget;
use engine::core::driver::{BotTurn, Driver, Recorded};
use engine::core::replay::Replay;
use engine::core::{Event, Game, Launch, Move, Refusal, RuleResult, Scene, Seat, TableView};
use engine::games::{self, GameInfo};

/// Every game the title screen lists (the practice game only in test and fixture builds).
pub fn catalog() -> Vec<&'static GameInfo> {
    games::GAMES.iter().collect()
}

pub fn find(id: &str) -> RuleResult<&'static GameInfo> {
    games::info(id)
}

/// Pause between moves so a person can follow the bots, seconds.
pub const BOT_PAUSE: f32 = 0.6;
/// The pause at the quick pace (`platform::quick_pace`).
pub const QUICK_BOT_PAUSE: f32 = 0.1;

/// How long a bot may think in one screen frame, seconds (its thinking goes on in the next
/// frame). The last unit of thinking runs past it (a few milliseconds in a browser), so a frame
/// stays near 25 ms and under 50 ms on a loaded machine, while a slow screen (a few frames a
/// second) still lets a bot decide in seconds rather than tens of seconds.
pub const THINK_SLICE: f64 = 0.020;

/// The slice at the quick pace (`platform::quick_pace`: the browser tests, impatient players):
/// on a slow screen (a software renderer's few frames a second) 20 ms a frame stretches a bot's
/// decision many times over in wall time; the quick pace trades smoothness for that time.
pub const QUICK_THINK_SLICE: f64 = 0.100;

/// How long a bot may think in this frame, seconds.
pub fn think_slice() -> f64 {
    if super::platform::quick_pace() {
        QUICK_THINK_SLICE
    } else {
        THINK_SLICE
    }
}

/// How long a bot waits before its move, seconds.
fn bot_pause() -> f32 {
    if super::platform::quick_pace() {
        QUICK_BOT_PAUSE
    } else {
        BOT_PAUSE
    }
}

/// What one update did, for sounds and the log.
#[derive(Debug, Default)]
pub struct Tick {
    pub events: Vec<Event>,
    pub launched: bool,
    pub impacts: u32,
    /// Where bodies struck or were knocked this update (for dust and chips).
    pub hits: Vec<Hit>,
    /// A move was played (save now).
    pub moved: bool,
    /// The shot that just landed hit what it aimed at (`Game::shot_hit`, asked before it is
    /// applied), and where its projectile came to rest (world metres): the payoff's place.
    pub landed: Option<Landed>,
    pub error: Option<String>,
}

/// A shot that came to rest this update.
#[derive(Clone, Debug, PartialEq)]
pub struct Landed {
    pub seat: usize,
    /// `Some(true)`: it hit (a tower worth taking, a card toppled, a cube on a scoring tile).
    pub hit: Option<bool>,
    /// The end of its projectile's path (world metres), if it had one.
    pub at: Option<[f32; 2]>,
    /// What the shot scored for its seat, in the count its game ranks by ("points"), if that
    /// count went up.
    pub gain: Option<(i64, String)>,
}

/// Which of a ranking's keys is a count a player knows ("points", "soldiers standing"): the
/// first that is not "winner" or "outlasted" (who won: the places say it).
pub fn shown_key(r: &engine::core::Ranking) -> usize {
    r.key_names
        .iter()
        .position(|k| k != "winner" && k != "outlasted")
        .unwrap_or(0)
}

/// `seat`'s value of the ranking's shown key.
fn shown_value(g: &dyn Game, seat: usize) -> Option<(i64, String)> {
    let r = g.ranking();
    let k = shown_key(&r);
    let v = r.standings.iter().find(|s| s.seat == seat)?.keys.get(k)?;
    Some((*v, r.key_names.get(k)?.clone()))
}

pub struct Play {
    pub info: &'static GameInfo,
    /// The session and its bots.
    pub driver: Driver,
    pub flight: Option<Flight>,
    /// Each seat's last shot: its projectile's path (drawn faint on that seat's next turn).
    pub ghosts: Vec<Vec<[f32; 2]>>,
    /// Seconds before a bot acts.
    pub wait: f32,
    /// A bot is thinking (the screen shows "thinking…" for a frame before it starts, and while
    /// its thinking is sliced across frames).
    pub thinking: bool,
    /// Recent event lines, newest last.
    pub log: Vec<String>,
    /// Following an online room (`super::online`): only this device's seats are human here, the
    /// other seats move on the server (no bot thinks here), nothing is undone or saved locally.
    pub online: bool,
    /// This device's moves for the room, each with the move count it answers, not yet sent.
    pub outbox: Vec<(u64, Move)>,
}

impl Play {
    pub fn new(
        info: &'static GameInfo,
        options: &[String],
        seats: Vec<Seat>,
        seed: u64,
    ) -> RuleResult<Play> {
        let options = games::new_game_options(info.id, options);
        let game = games::new_game(info.id, &options, seats.clone(), seed)?;
        let header = Replay::new(info.id, &options, seats, seed);
        Ok(Play::with(info, Driver::new(game, &header)))
    }

    fn with(info: &'static GameInfo, driver: Driver) -> Play {
        Play {
            info,
            driver,
            flight: None,
            ghosts: Vec::new(),
            wait: bot_pause(),
            thinking: false,
            log: Vec::new(),
            online: false,
            outbox: Vec::new(),
        }
    }

    /// A game following an online room: the driver holds the room's log so far.
    pub fn following(info: &'static GameInfo, driver: Driver) -> Play {
        Play {
            online: true,
            ..Play::with(info, driver)
        }
    }

    /// Plays a move that came from the room (another device's, or the server's bot's).
    pub fn apply_remote(&mut self, mv: Move) -> RuleResult<Vec<Event>> {
        let ev = self.driver.play(mv)?;
        self.note(&ev);
        Ok(ev)
    }

    /// Rebuilds a game from its save (a replay): every launch re-simulated and checked against
    /// its recorded outcome (the referee's `replay`).
    pub fn resume(text: &str) -> RuleResult<Play> {
        let header = Replay::parse(text)?;
        let info = find(&header.game)?;
        if !info.available {
            return Err(Refusal(format!(
                "{} is not available in this build",
                info.name
            )));
        }
        let game = games::game_for(&header)?;
        // A save is a player's file: every shot carries its launch and is re-simulated.
        let driver = Driver::replay(game, &header, Recorded::Verify)?;
        Ok(Play::with(info, driver))
    }

    pub fn restart(&self, seed: u64) -> RuleResult<Play> {
        let r = &self.driver.session.replay;
        Play::new(self.info, &r.options, r.seats.clone(), seed)
    }

    pub fn game(&self) -> &dyn Game {
        self.driver.game()
    }

    pub fn names(&self) -> Vec<String> {
        self.driver
            .session
            .replay
            .seats
            .iter()
            .map(|s| s.name.clone())
            .collect()
    }

    pub fn is_over(&self) -> bool {
        self.game().is_over()
    }

    /// The acting seat, if it is a human's turn and nothing is animating.
    pub fn human_turn(&self) -> Option<usize> {
        if self.flight.is_some() {
            return None;
        }
        let t = self.game().turn()?;
        let seat = self.driver.session.replay.seats.get(t)?;
        (!seat.is_bot()).then_some(t)
    }

    pub fn bot_turn(&self) -> bool {
        self.driver.bot_to_act()
    }

    /// Undo is offered for a human's own last decision since the last shot.
    pub fn can_undo(&self) -> bool {
        !self.online
            && self.flight.is_none()
            && self.driver.session.can_undo()
            && self
                .driver
                .session
                .replay
                .moves
                .last()
                .and_then(|m| self.driver.session.replay.seats.get(m.seat as usize))
                .map(|s| !s.is_bot())
                .unwrap_or(false)
    }

    pub fn undo(&mut self) -> RuleResult<()> {
        if !self.can_undo() {
            return Err(Refusal::new("nothing to undo"));
        }
        self.driver.session.undo()?;
        self.log.push("Undone.".into());
        self.wait = bot_pause();
        Ok(())
    }

    /// Fires a human's launch: validated by the game, then animated.
    pub fn fire(&mut self, launch: Launch) -> RuleResult<()> {
        let Some(seat) = self.human_turn() else {
            return Err(Refusal::new("it is not a player's turn to shoot"));
        };
        let shot = self.driver.launch(launch.clone())?;
        debug_assert_eq!(shot.seat, seat);
        self.flight = Some(Flight::new(shot));
        if self.online {
            let seq = self.driver.session.replay.moves.len() as u64;
            self.outbox.push((seq, Move::shot(seat, launch)));
        }
        Ok(())
    }

    /// Plays a human's decision (a choice button, a placement).
    pub fn decide(&mut self, mv: Move) -> RuleResult<Vec<Event>> {
        if self.human_turn() != Some(mv.seat as usize) {
            return Err(Refusal::new("it is not that player's turn"));
        }
        let seq = self.driver.session.replay.moves.len() as u64;
        let sent = self.online.then(|| mv.clone());
        let ev = self.driver.play(mv)?;
        if let Some(mv) = sent {
            self.outbox.push((seq, mv));
        }
        self.note(&ev);
        self.wait = bot_pause();
        Ok(ev)
    }

    fn note(&mut self, ev: &[Event]) {
        let names = self.names();
        for e in ev {
            self.log.push(super::wording::for_players(
                &e.text,
                usize::try_from(e.seat).ok(),
                &names,
            ));
        }
        let n = self.log.len();
        if n > 40 {
            self.log.drain(0..n - 40);
        }
    }

    /// Advances animation and bots by `dt` seconds of real time; a bot thinks its turn through
    /// at once.
    pub fn update(&mut self, dt: f32) -> Tick {
        self.update_within(dt, &mut || true)
    }

    /// `update`, with a bot's thinking cut into slices: `more` is asked after every frame the
    /// bot simulates (and every decision it rates) whether it may think on in this frame; when
    /// it may not, the bot goes on from there at the next update (`thinking` stays true). The
    /// move does not depend on how the thinking was sliced.
    pub fn update_within(&mut self, dt: f32, more: &mut dyn FnMut() -> bool) -> Tick {
        let mut tick = Tick::default();
        if let Some(f) = self.flight.as_mut() {
            let (settled, impacts) = f.advance(dt);
            tick.impacts = impacts;
            f.take_hits(&mut tick.hits);
            if settled {
                if let Some(f) = self.flight.take() {
                    let seat = f.seat();
                    if self.ghosts.len() <= seat {
                        self.ghosts.resize(seat + 1, Vec::new());
                    }
                    self.ghosts[seat] = f.longest_path();
                    let mv = f.shot.into_move();
                    let before = shown_value(self.game(), seat);
                    tick.landed = Some(Landed {
                        seat,
                        hit: mv.outcome.as_ref().and_then(|o| self.game().shot_hit(o)),
                        at: self.ghosts[seat].last().copied(),
                        gain: None,
                    });
                    match self.driver.session.play(mv) {
                        Ok(ev) => {
                            if let (Some(l), Some((b, _)), Some((a, key))) =
                                (tick.landed.as_mut(), before, shown_value(self.game(), seat))
                            {
                                l.gain = (a > b).then_some((a - b, key));
                            }
                            self.note(&ev);
                            tick.events = ev;
                            tick.moved = true;
                        }
                        Err(e) => tick.error = Some(format!("the shot could not be applied: {e}")),
                    }
                    self.wait = bot_pause();
                }
            }
            return tick;
        }
        if self.is_over() || !self.bot_turn() || self.online {
            self.thinking = false;
            return tick;
        }
        if self.wait > 0.0 {
            self.wait -= dt.clamp(0.0, 0.25);
            return tick;
        }
        if !self.thinking {
            self.thinking = true;
            return tick;
        }
        let turn = match self.driver.bot_turn_sliced(more) {
            Ok(None) => return tick,
            Ok(Some(turn)) => Ok(turn),
            Err(e) => Err(e),
        };
        self.thinking = false;
        match turn {
            Ok(BotTurn::Shot(shot)) => {
                self.flight = Some(Flight::new(shot));
                tick.launched = true;
                return tick;
            }
            Ok(BotTurn::Played(ev)) => {
                self.note(&ev);
                tick.events = ev;
                tick.moved = true;
            }
            Err(e) => {
                tick.error = Some(e.to_string());
                self.wait = 5.0;
                return tick;
            }
        }
        self.wait = bot_pause();
        tick
    }

    /// The ghost to draw now: the last shot of the seat that aims or whose shot flies.
    pub fn ghost_now(&self) -> Option<&[[f32; 2]]> {
        let seat = match &self.flight {
            Some(f) => f.seat(),
            None => self.game().turn()?,
        };
        self.ghosts
            .get(seat)
            .map(|g| g.as_slice())
            .filter(|g| !g.is_empty())
    }

    /// What to draw now: the shot in flight (interpolated) or the table at rest.
    pub fn view(&self) -> TableView {
        match &self.flight {
            Some(f) => f.view(),
            None => self.game().view(),
        }
    }

    /// The scene to draw now: a shot in flight is always a side view; otherwise the game's.
    pub fn scene(&self) -> Scene {
        match &self.flight {
            Some(f) => Scene::Side(f.view()),
            None => self.game().scene(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::flight::HITS_PER_FRAME;
    use super::*;
    use engine::core::seat::{default_seats, SeatKind};
    use engine::core::{GridPrompt, LaunchKind, TileMapView};

    fn practice(seats: Vec<Seat>, options: &[&str]) -> Play {
        let opts: Vec<String> = options.iter().map(|s| s.to_string()).collect();
        let info = find("practice").unwrap_or_else(|e| panic!("{e}"));
        let p = Play::new(info, &opts, seats, 7);
        assert!(p.is_ok(), "the fixture starts");
        p.unwrap_or_else(|_| unreachable!())
    }

    fn run_flight(p: &mut Play) -> Tick {
        for _ in 0..2000 {
            let t = p.update(1.0 / 30.0);
            if p.flight.is_none() {
                return t;
            }
        }
        panic!("the shot never settled");
    }

    #[test]
    fn the_catalog_lists_the_five_games_and_unbuilt_ones_cannot_start() {
        let ids: Vec<&str> = catalog().iter().map(|g| g.id).collect();
        for id in ["castle", "feud", "carcassonne", "assault", "catapults"] {
            assert!(ids.contains(&id), "{id} listed");
        }
        for g in catalog().into_iter().filter(|g| !g.available) {
            let r = Play::new(
                g,
                &[],
                default_seats(g.min_seats.max(2), SeatKind::Human),
                1,
            );
            assert!(r.is_err(), "{} must not start", g.id);
        }
    }

    #[test]
    fn a_human_shot_animates_then_plays_its_own_outcome_once() {
        let mut p = practice(default_seats(2, SeatKind::Human), &[]);
        let launch = Launch {
            kind: LaunchKind::Catapult,
            angle: 450,
            power: 500,
            ..Launch::default()
        };
        assert!(p.fire(launch.clone()).is_ok());
        assert!(p.human_turn().is_none(), "no input while the shot flies");
        let before = p.view();
        let t = run_flight(&mut p);
        assert!(t.moved && t.error.is_none(), "{t:?}");
        let mv = &p.driver.session.replay.moves[0];
        assert_eq!(mv.launch.as_ref(), Some(&launch));
        // The outcome applied is exactly what re-simulating the launch gives.
        let mut fresh = practice(default_seats(2, SeatKind::Human), &[]);
        let mut shot = fresh
            .driver
            .session
            .game
            .start_shot(&launch)
            .map_err(|e| e.0)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(mv.outcome.as_ref(), Some(&shot.run_to_rest()));
        assert!(fresh.driver.session.play(mv.clone()).is_ok());
        assert_eq!(p.game().turn(), Some(1));
        let ghost = p.ghosts.first().cloned().unwrap_or_default();
        assert!(ghost.len() > 10, "the ghost path was recorded");
        let moved = ghost.last().copied().unwrap_or_default();
        assert!(moved[0] > -0.7, "the ghost is the ball's flight: {moved:?}");
        // Seat 1 aims next: it has no shot of its own yet, so no ghost is drawn for it.
        assert!(p.ghost_now().is_none(), "seat 0's ghost is not seat 1's");
        assert!(p.fire(launch.clone()).is_ok());
        run_flight(&mut p);
        if p.game().turn() == Some(0) {
            assert_eq!(
                p.ghost_now(),
                Some(ghost.as_slice()),
                "seat 0 sees its own shot"
            );
        }
        assert!(!before.bodies.is_empty());
    }

    #[test]
    fn a_shot_reports_where_it_strikes_and_not_its_launch_as_a_knock() {
        let mut p = practice(default_seats(2, SeatKind::Human), &[]);
        let launch = Launch {
            kind: LaunchKind::Catapult,
            angle: 450,
            power: 500,
            ..Launch::default()
        };
        assert!(p.fire(launch).is_ok());
        let mut hits = Vec::new();
        let mut first = Vec::new();
        for i in 0..4000 {
            let t = p.update(1.0 / 60.0);
            if i < 3 {
                first.extend(t.hits.iter().copied());
            }
            assert!(t.hits.len() <= HITS_PER_FRAME);
            hits.extend(t.hits);
            if p.flight.is_none() {
                break;
            }
        }
        assert!(
            first.iter().all(|h| !h.knocked),
            "the launch is no knock: {first:?}"
        );
        let strike = hits.iter().find(|h| !h.knocked);
        let strike = strike.unwrap_or_else(|| panic!("the ball lands somewhere: {hits:?}"));
        let b = p.game().view().bounds;
        assert!(
            strike.x >= b[0] - 0.5 && strike.x <= b[2] + 0.5,
            "{strike:?} in {b:?}"
        );
        assert!(strike.strength > 1.5);
    }

    #[test]
    fn out_of_range_launches_are_refused_not_fired() {
        let mut p = practice(default_seats(1, SeatKind::Human), &[]);
        let bad = Launch {
            kind: LaunchKind::Catapult,
            angle: 2000,
            power: 500,
            ..Launch::default()
        };
        assert!(p.fire(bad).is_err());
        assert!(p.flight.is_none());
    }

    #[test]
    fn bots_think_for_a_frame_then_shoot_and_the_game_ends_with_a_ranking() {
        let mut p = practice(default_seats(2, SeatKind::Bot), &[]);
        p.driver.budget = BotBudget {
            samples: 3,
            refinements: 2,
            ..BotBudget::default()
        };
        let mut saw_thinking = false;
        for _ in 0..20_000 {
            p.update(1.0 / 20.0);
            saw_thinking |= p.thinking;
            if p.is_over() && p.flight.is_none() {
                break;
            }
        }
        assert!(p.is_over(), "bots finish the game");
        assert!(saw_thinking);
        assert_eq!(p.driver.session.replay.moves.len(), 4);
        let lines = p.game().ranking().explain(&p.names());
        assert_eq!(lines.len(), 2);
        assert!(lines[0].starts_with("1."), "{lines:?}");
    }

    #[test]
    fn bots_lay_their_tiles_on_the_map_then_shoot_to_the_end() {
        let mut p = practice(default_seats(3, SeatKind::Bot), &["tiles"]);
        p.driver.budget = BotBudget {
            samples: 2,
            refinements: 0,
            ..BotBudget::default()
        };
        for _ in 0..20_000 {
            let t = p.update(1.0 / 10.0);
            assert!(t.error.is_none(), "{:?}", t.error);
            if p.is_over() && p.flight.is_none() {
                break;
            }
        }
        assert!(p.is_over());
        let moves = &p.driver.session.replay.moves;
        assert_eq!(moves.iter().filter(|m| m.action == "lay").count(), 3);
        let turns = moves.iter().filter(|m| m.is_shot() || m.action == "pass");
        assert_eq!(
            turns.count(),
            6,
            "two shots (or passes) each after the tiles"
        );
    }

    /// A tile laid the way the map screen lays it: taps on the map (screen pixels through the
    /// map's frame) move and turn the ghost, Place sends it, a tap on a spot marks it; then the
    /// game turns to the side view for the shots.
    #[test]
    fn a_tile_is_laid_turned_and_marked_through_the_grid_prompt() {
        use crate::app::frame::{Area, Frame};
        use crate::app::grid::{self, GridAction, GridInput};
        use crate::app::pointer::PointerEvent;
        let mut p = practice(default_seats(2, SeatKind::Human), &["tiles"]);
        let Scene::Map(map) = p.scene() else {
            panic!("the tile round is a map");
        };
        let prompt = p
            .game()
            .grid_prompt()
            .unwrap_or_else(|| panic!("a grid prompt"));
        assert!(p.game().launch_prompt().is_none());
        let f = Frame::fit(map.bounds, Area::new(0.0, 60.0, 800.0, 500.0));
        let mut input = GridInput::default();
        let tap = |input: &mut GridInput, map: &TileMapView, g: &GridPrompt, cell: [i32; 2]| {
            let (x, y) = f.to_screen(cell[0] as f32 + 0.5, cell[1] as f32 + 0.5);
            let mut out = Vec::new();
            for e in [PointerEvent::Down { x, y }, PointerEvent::Up { x, y }] {
                out.extend(input.event(e, map, Some(g), Some(0), &f, None, 8.0, 30.0));
            }
            out
        };
        // A tap on the start tile: the game's reason, and no ghost.
        let out = tap(&mut input, &map, &prompt, [0, 0]);
        assert_eq!(out, [GridAction::Refused([0, 0], 0)]);
        assert_eq!(
            grid::refusal(p.game(), &prompt, [0, 0], 0),
            "a tile already lies there"
        );
        assert_eq!(
            grid::refusal(p.game(), &prompt, [1, 1], 0),
            "a tile must touch one already on the map"
        );
        assert!(input.confirm(&map, &prompt, 0).is_err());
        // The open cell with the most rotations: tap it, tap again to turn.
        let open = map
            .legal
            .iter()
            .max_by_key(|l| l.rotations.len())
            .cloned()
            .unwrap_or_else(|| panic!("an open cell"));
        let out = tap(&mut input, &map, &prompt, open.cell);
        assert_eq!(out, [GridAction::Ghost(open.cell, open.rotations[0])]);
        let turned = *open.rotations.get(1).unwrap_or(&open.rotations[0]);
        let out = tap(&mut input, &map, &prompt, open.cell);
        assert_eq!(out, [GridAction::Ghost(open.cell, turned)]);
        let mv = input
            .confirm(&map, &prompt, 0)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            mv.args,
            vec![open.cell[0] as i64, open.cell[1] as i64, turned as i64]
        );
        assert!(p.decide(mv).is_ok());
        // The spots light up: a tap on the first marks it.
        let Scene::Map(map) = p.scene() else {
            panic!("still the map while marking");
        };
        assert_eq!(map.tile_at(open.cell).map(|t| t.rotation), Some(turned));
        let spot = p
            .game()
            .grid_prompt()
            .unwrap_or_else(|| panic!("a spot prompt"));
        assert_eq!(spot.step, engine::core::GridStep::Spot);
        let s = map.on_map(map.spots[0].cell, map.spots[0].at);
        let (x, y) = f.to_screen(s[0], s[1]);
        let mut input = GridInput::default();
        let mut out = Vec::new();
        for e in [PointerEvent::Down { x, y }, PointerEvent::Up { x, y }] {
            out.extend(input.event(e, &map, Some(&spot), Some(0), &f, None, 8.0, 30.0));
        }
        let [GridAction::Send(mark)] = &out[..] else {
            panic!("a tap on a spot sends it: {out:?}");
        };
        assert!(p.decide(mark.clone()).is_ok());
        // Seat 1 goes without a marker (the bottom bar's choice).
        let Scene::Map(map) = p.scene() else {
            panic!("seat 1 lays next");
        };
        let l = &map.legal[0];
        let lay = prompt.place_move(1, l.cell, l.rotations[0]);
        assert!(p.decide(lay).is_ok());
        let skip = p.game().choices()[0].clone();
        assert_eq!(skip.label, "No marker");
        assert!(p.decide(skip.mv).is_ok());
        assert!(
            matches!(p.scene(), Scene::Side(_)),
            "the shots are side view"
        );
        assert!(p.game().launch_prompt().is_some());
        // The save resumes to the same map and marker.
        let r = Play::resume(&p.driver.session.replay.to_json()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.game().scores(), p.game().scores());
        assert_eq!(r.driver.session.replay, p.driver.session.replay);
    }

    #[test]
    fn undo_takes_back_a_human_decision_but_not_a_bots() {
        let mut seats = default_seats(2, SeatKind::Human);
        seats[1] = Seat::new(1, SeatKind::Bot);
        let mut p = practice(seats, &[]);
        assert!(!p.can_undo());
        let pass = p.game().choices()[0].mv.clone();
        assert!(p.decide(pass).is_ok());
        assert!(p.can_undo());
        assert!(p.undo().is_ok());
        assert_eq!(p.driver.session.replay.moves.len(), 0);
        assert_eq!(p.game().turn(), Some(0));
        // A decision for the wrong seat is refused.
        assert!(p.decide(Move::decide(1, "pass", &[])).is_err());
    }

    #[test]
    fn placement_then_resume_from_the_save_text() {
        let mut p = practice(default_seats(2, SeatKind::Human), &["place", "wrist"]);
        let prompt = p.game().placement_prompt();
        assert!(prompt.is_some());
        let prompt = prompt.unwrap_or_else(|| unreachable!());
        let args = crate::app::gesture::placement_args(&prompt, 0.1, 0.05, 100);
        assert!(p.decide(Move::decide(0, &prompt.action, &args)).is_ok());
        let lp = p.game().launch_prompt();
        assert_eq!(lp.map(|l| l.kinds), Some(vec![LaunchKind::Wrist]));
        let launch = Launch {
            kind: LaunchKind::Wrist,
            angle: 600,
            power: 400,
            spin: 300,
            ..Launch::default()
        };
        assert!(p.fire(launch).is_ok());
        run_flight(&mut p);
        let text = p.driver.session.replay.to_json();
        let r = Play::resume(&text);
        assert!(r.is_ok(), "{:?}", r.err());
        let r = r.unwrap_or_else(|_| unreachable!());
        assert_eq!(r.driver.session.replay, p.driver.session.replay);
        assert_eq!(r.game().turn(), p.game().turn());
        assert_eq!(r.game().view(), p.game().view());
        // Damaged saves are refused with a reason.
        assert!(Play::resume("{\"format\":1").is_err());
        let wrong_game = text.replace("\"practice\"", "\"nosuch\"");
        let e = Play::resume(&wrong_game)
            .err()
            .map(|e| e.0)
            .unwrap_or_default();
        assert!(e.contains("nosuch"), "{e}");
        let bad_move = text.replace("\"action\":\"place\"", "\"action\":\"jump\"");
        let e = Play::resume(&bad_move)
            .err()
            .map(|e| e.0)
            .unwrap_or_default();
        assert!(e.contains("move 0"), "{e}");
    }

    /// Every available game, driven the way the app drives it: a synthetic gesture for the
    /// launcher its prompt asks for gives a launch the game accepts, the shot animates to rest
    /// and is played; decisions and placements go through `decide`; bots take turns.
    #[test]
    fn every_available_game_plays_through_the_app_generically() {
        use crate::app::gesture::{self, Feel, Sample};
        for info in catalog().into_iter().filter(|g| g.available) {
            let n = 2usize.clamp(info.min_seats, info.max_seats);
            let mut seats = default_seats(n, SeatKind::Bot);
            seats[0] = Seat::new(0, SeatKind::Human);
            let mut p = Play::new(info, &[], seats, 11).unwrap_or_else(|e| panic!("{e}"));
            p.driver.budget = BotBudget {
                samples: 2,
                refinements: 0,
                ..BotBudget::default()
            };
            let mut human_shots = 0;
            // A game on a tile map has no shots: two grid moves by the human stand for one.
            let mut human_grid = 0;
            let mut steps = 0;
            while human_shots < 1 && human_grid < 2 && !p.is_over() && steps < 400 {
                steps += 1;
                let Some(seat) = p.human_turn() else {
                    let t = p.update(1.0 / 10.0);
                    assert!(t.error.is_none(), "{}: {:?}", info.id, t.error);
                    continue;
                };
                let g = p.game();
                if let Some(lp) = g.launch_prompt() {
                    let kind = lp.kinds[0];
                    let launch = if kind == LaunchKind::Release {
                        gesture::release_launch(&lp)
                    } else {
                        let feel = Feel::for_screen(1.0);
                        let [ox, oy] = lp.origin;
                        // Pull back down-left / swipe: whichever the kind wants.
                        let path = match kind {
                            LaunchKind::Flick => {
                                vec![Sample::new(0.0, ox, oy), Sample::new(0.1, ox, oy - 0.2)]
                            }
                            LaunchKind::Wrist => {
                                let a = engine::physics::launch::direction(gesture::mid_angle(
                                    lp.angle,
                                ));
                                vec![
                                    Sample::new(0.0, ox, oy),
                                    Sample::new(0.1, ox + a.0 * 0.2, oy + a.1 * 0.2),
                                ]
                            }
                            _ => {
                                let a = engine::physics::launch::direction(gesture::mid_angle(
                                    lp.angle,
                                ));
                                vec![
                                    Sample::new(0.0, ox, oy),
                                    Sample::new(0.5, ox - a.0 * 0.15, oy - a.1 * 0.15),
                                ]
                            }
                        };
                        gesture::launch_for(&lp, kind, &path, &feel)
                    };
                    let launch = launch.unwrap_or_else(|r| panic!("{}: {}", info.id, r.message));
                    assert!(lp.check(&launch).is_ok(), "{}: {launch:?}", info.id);
                    let before = p.driver.session.replay.moves.len();
                    p.fire(launch)
                        .unwrap_or_else(|e| panic!("{}: {e}", info.id));
                    for _ in 0..5000 {
                        if p.flight.is_none() {
                            break;
                        }
                        p.update(0.25);
                    }
                    assert!(p.flight.is_none(), "{}: the shot settles", info.id);
                    assert_eq!(
                        p.driver.session.replay.moves.len(),
                        before + 1,
                        "{}",
                        info.id
                    );
                    if kind != LaunchKind::Release {
                        human_shots += 1;
                    }
                } else if let Some(c) = g.choices().first() {
                    let mv = c.mv.clone();
                    p.decide(mv).unwrap_or_else(|e| panic!("{}: {e}", info.id));
                } else if let Some(pp) = g.placement_prompt() {
                    let x = (pp.region[0] + pp.region[2]) / 2.0;
                    let y = (pp.region[1] + pp.region[3]) / 2.0;
                    let args = gesture::placement_args(&pp, x, y, 0);
                    let mv = Move::decide(seat, &pp.action, &args);
                    p.decide(mv).unwrap_or_else(|e| panic!("{}: {e}", info.id));
                } else if g.grid_prompt().is_some() {
                    let mv = engine::core::scene::grid_moves(g).into_iter().next();
                    let mv = mv.unwrap_or_else(|| panic!("{}: a grid prompt, no move", info.id));
                    p.decide(mv).unwrap_or_else(|e| panic!("{}: {e}", info.id));
                    human_grid += 1;
                } else {
                    panic!("{}: a human turn with nothing to do", info.id);
                }
            }
            eprintln!(
                "{}: {} moves, {human_shots} human shot(s), {steps} steps",
                info.id,
                p.driver.session.replay.moves.len()
            );
            assert!(
                human_shots == 1 || human_grid >= 2 || p.is_over(),
                "{}: reached a shot",
                info.id
            );
            // The save resumes to the same place.
            let r =
                Play::resume(&p.driver.session.replay.to_json()).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(r.game().turn(), p.game().turn(), "{}", info.id);
            assert_eq!(r.game().scores(), p.game().scores(), "{}", info.id);
        }
    }
}
