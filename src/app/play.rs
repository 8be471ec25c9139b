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

/// `seat`'s value of the ranking's shown key.
fn shown_value(g: &dyn Game, seat: usize) -> Option<(i64, String)> {
    let r = g.ranking();
    let k = r.shown_key();
    let v = r.standings.iter().find(|s| s.seat == seat)?.keys.get(k)?;
    Some((*v, r.key_names.get(k)?.clone()))
}

pub struct Play {
    pub info: &'static GameInfo,
    /// The session and its bots.
    pub driver: Driver,
    pub flight: Option<Flight>,
    /// Each seat's last shot: its projectile's path (drawn faint on that seat's next turn).
    ghosts: Vec<Vec<[f32; 2]>>,
    /// Seconds before a bot acts.
    wait: f32,
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
    /// A move made here (and sent) that draws what only the room knows: played when the room's
    /// answer tells the draws (`core::hidden`).
    held: Option<Move>,
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
            held: None,
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

    /// The move made here that waits for the room's draws, if any.
    pub fn held(&self) -> Option<&Move> {
        self.held.as_ref()
    }

    /// Forgets the held move: the room's own version of it is played instead.
    pub fn drop_held(&mut self) {
        self.held = None;
    }

    /// Plays the move held for the room's draws, once they are told (None until then).
    pub fn play_held(&mut self) -> Option<Vec<Event>> {
        let mv = self.held.as_ref()?;
        if self.driver.session.needs_room(mv) {
            return None;
        }
        let mv = self.held.take()?;
        match self.driver.play(mv) {
            Ok(ev) => {
                self.note(&ev);
                Some(ev)
            }
            Err(e) => {
                self.log.push(format!("A move could not be played: {e}"));
                None
            }
        }
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

    /// The acting seat, if it is a human's turn and nothing is animating (or waiting for the
    /// room's draws).
    pub fn human_turn(&self) -> Option<usize> {
        if self.flight.is_some() || self.held.is_some() {
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
        if self.online && self.driver.session.needs_room(&mv) {
            self.outbox.push((seq, mv.clone()));
            self.held = Some(mv);
            return Ok(Vec::new());
        }
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
                    let shot = f.shot;
                    let before = shown_value(self.game(), seat);
                    tick.landed = Some(Landed {
                        seat,
                        hit: self.game().shot_hit(&shot.outcome()),
                        at: self.ghosts[seat].last().copied(),
                        gain: None,
                    });
                    let mv = shot.into_move();
                    if self.online && self.driver.session.needs_room(&mv) {
                        // Its draws come with the room's answer (`play_held`).
                        self.held = Some(mv);
                        self.wait = bot_pause();
                        return tick;
                    }
                    match self.driver.play(mv) {
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
mod tests;
