//! The one driver of a session: human moves, bot turns (with the one bot seed mix), shots run
//! headless or frame by frame (the app steps frames to draw them), replays applied with their
//! recorded outcomes verified or trusted, and resuming a save. The app, the referee, the benchmark
//! and the tests all play through it. Pure: no window, no physics (a shot is a `core::Shot`).

use super::bot::{self, BotBudget, Think};
use super::replay::Replay;
use super::{
    Event, Game, Launch, Move, Outcome, Refusal, Rng, RuleResult, Session, Shot, TableView,
};

/// Mixed into a game's seed for its bots' own generator (so a bot never draws the rules' dice).
const BOT_SEED_MIX: u64 = 0xB07_5EED;

/// The seed of the bots' generator for a game with this seed after `moves` moves: a game played
/// from the start and one resumed from a save draw different, but reproducible, numbers.
pub fn bot_seed(seed: u64, moves: usize) -> u64 {
    seed ^ moves as u64 ^ BOT_SEED_MIX
}

/// Upper bound on moves a driver plays out: the games' own cap (`registry::MAX_MOVES`, each
/// game's `GameInfo::max_moves`) ends every game there first, so reaching it is a bug.
pub const MOVE_CAP: usize = super::registry::MAX_MOVES as usize;

/// What to do with a recorded move's outcome when a replay or a save is applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recorded {
    /// Re-simulate every launch that has an outcome and refuse one that comes out different; a
    /// launch without an outcome is simulated (`referee replay`).
    Verify,
    /// Apply recorded outcomes as written; a launch without one is simulated (resuming a save).
    Trust,
    /// Never simulate: apply recorded outcomes as written and refuse a launch without one
    /// (`referee check`).
    Check,
}

/// Where a recorded file comes from. A player's file (a replay, a save, a link) records every
/// launch with its outcome's hash; only a rule scenario may have outcome-only shots
/// (`referee replay --scenario`, `referee check --scenario`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    Player,
    Scenario,
}

/// Why a bot-only game stopped before its end.
#[derive(Debug)]
pub enum DriveError {
    /// No end within `MOVE_CAP` moves.
    MoveCap(usize),
    /// The bot found no move, or its move was refused.
    Stuck(String),
}

impl std::fmt::Display for DriveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DriveError::MoveCap(cap) => write!(f, "the game did not end within {cap} moves"),
            DriveError::Stuck(why) => f.write_str(why),
        }
    }
}

/// A shot started frame by frame: stepped by its owner (the app, to draw it), then landed.
pub struct Flight {
    pub seat: usize,
    pub launch: Launch,
    pub shot: Box<dyn Shot>,
    /// The outcome a bot already simulated for this launch (a human's shot uses the stepped one).
    recorded: Option<Outcome>,
}

impl Flight {
    /// Advances one 1/60 s frame; true once settled.
    pub fn step_frame(&mut self) -> bool {
        self.shot.step_frame()
    }

    pub fn settled(&self) -> bool {
        self.shot.settled()
    }

    pub fn view(&self) -> TableView {
        self.shot.view()
    }

    /// The move this shot makes once settled.
    /// What the shot did: the bot's recorded outcome, or the stepped one.
    pub fn outcome(&self) -> Outcome {
        self.recorded.clone().unwrap_or_else(|| self.shot.outcome())
    }

    pub fn into_move(self) -> Move {
        let outcome = self.recorded.unwrap_or_else(|| self.shot.outcome());
        Move {
            outcome: Some(outcome),
            ..Move::shot(self.seat, self.launch)
        }
    }
}

/// What a bot's turn asks of its driver's owner.
pub enum BotTurn {
    /// A decision, already played: its events.
    Played(Vec<Event>),
    /// A shot to animate (its outcome already known to the bot); land it when it settles.
    Shot(Flight),
}

pub struct Driver {
    pub session: Session,
    bot_rng: Rng,
    pub budget: BotBudget,
    /// A bot's turn being thought out in slices (`bot_turn_sliced`), and the move count it is for.
    thinking: Option<(usize, Think)>,
}

impl Driver {
    /// Drives a fresh game; `header` names it (its moves are ignored).
    pub fn new(game: Box<dyn Game>, header: &Replay) -> Driver {
        let mut fresh = header.clone();
        fresh.moves.clear();
        Driver::of(Session::new(game, fresh))
    }

    /// Drives a session as it stands (the bots' generator follows from its seed and length).
    pub fn of(session: Session) -> Driver {
        let rng = Rng::new(bot_seed(session.replay.seed, session.replay.moves.len()));
        Driver {
            session,
            bot_rng: rng,
            budget: BotBudget::default(),
            thinking: None,
        }
    }

    /// A game rebuilt from a player's replay or save: every move of `header` applied in order.
    pub fn replay(game: Box<dyn Game>, header: &Replay, mode: Recorded) -> RuleResult<Driver> {
        Driver::replay_as(game, header, mode, Origin::Player)
    }

    /// A game rebuilt from a file of `origin` (see `apply_recorded_as`).
    pub fn replay_as(
        game: Box<dyn Game>,
        header: &Replay,
        mode: Recorded,
        origin: Origin,
    ) -> RuleResult<Driver> {
        let mut d = Driver::new(game, header);
        for (i, mv) in header.moves.iter().enumerate() {
            d.apply_recorded_as(i, mv, mode, origin)?;
        }
        d.bot_rng = Rng::new(bot_seed(header.seed, header.moves.len()));
        d.thinking = None;
        Ok(d)
    }

    pub fn game(&self) -> &dyn Game {
        self.session.game.as_ref()
    }

    /// Whether the seat to act now is a bot.
    pub fn bot_to_act(&self) -> bool {
        self.game()
            .turn()
            .and_then(|t| self.session.replay.seats.get(t))
            .is_some_and(|s| s.is_bot())
    }

    /// Plays a move for the seat to act (a shot without an outcome is simulated headless).
    pub fn play(&mut self, mv: Move) -> RuleResult<Vec<Event>> {
        self.session.play(mv)
    }

    /// Applies move `i` of a player's replay as `mode` says, keeping the file's own move in the
    /// log.
    pub fn apply_recorded(
        &mut self,
        i: usize,
        mv: &Move,
        mode: Recorded,
    ) -> RuleResult<Vec<Event>> {
        self.apply_recorded_as(i, mv, mode, Origin::Player)
    }

    /// Applies move `i` of a file from `origin`. Refused, naming the move: a shot without a
    /// launch in a player's file (or with an outcome that lacks its hash), a launch outside the
    /// launch prompt (in every mode), an outcome that does not re-simulate (facts, hash, steps:
    /// `Verify`), and a decision that carries more arguments than its rules read.
    pub fn apply_recorded_as(
        &mut self,
        i: usize,
        mv: &Move,
        mode: Recorded,
        origin: Origin,
    ) -> RuleResult<Vec<Event>> {
        if self.game().is_over() {
            return Err(Refusal(format!("move {i}: the game was already over")));
        }
        let at = |e: Refusal| {
            Refusal(format!(
                "move {i} (seat {}, {}): {e}",
                mv.seat,
                super::strict_json::escaped(&mv.action)
            ))
        };
        if mv.is_shot() && self.game().turn() == Some(mv.seat as usize) {
            self.check_recorded_shot(mv, origin).map_err(at)?;
        }
        let mut play = mv.clone();
        match mode {
            Recorded::Verify if mv.launch.is_some() && mv.outcome.is_some() => self
                .session
                .verify(mv)
                .map_err(|e| Refusal(format!("move {i} (seat {}): {e}", mv.seat)))?,
            Recorded::Check if mv.launch.is_some() && mv.outcome.is_none() => {
                return Err(Refusal(format!(
                    "move {i}: a launch without an outcome can only be replayed, not checked"
                )))
            }
            // Never simulated: the recorded outcome is applied as written.
            Recorded::Check => play.launch = None,
            _ => {}
        }
        let (played, read) = super::moves::count_args_read(|| self.session.play(play));
        let events = played.map_err(at)?;
        if !mv.is_shot() && mv.args.len() > read {
            // The session is being rebuilt from a file that is refused: nothing to roll back.
            return Err(at(Refusal(format!(
                "this move takes {read} argument(s), not {}",
                mv.args.len()
            ))));
        }
        // Keep the move exactly as recorded (a shot keeps its launch and its outcome).
        if let Some(last) = self.session.replay.moves.last_mut() {
            *last = mv.clone();
        }
        Ok(events)
    }

    fn check_recorded_shot(&self, mv: &Move, origin: Origin) -> RuleResult<()> {
        let Some(launch) = &mv.launch else {
            if origin == Origin::Player {
                return Err(Refusal::new(
                    "a shot without launch parameters is only accepted in a rule scenario \
                     (--scenario); a player's file records every launch",
                ));
            }
            return Ok(());
        };
        let Some(prompt) = self.game().launch_prompt() else {
            return Err(Refusal::new("no shot is expected now"));
        };
        prompt.check(launch)?;
        if origin == Origin::Player && mv.outcome.as_ref().is_some_and(|o| o.hash.is_empty()) {
            return Err(Refusal::new(
                "the shot's outcome has no hash (a player's file records the table's hash)",
            ));
        }
        Ok(())
    }

    /// Starts a launch for the seat to act, to be stepped frame by frame and then `land`ed.
    pub fn launch(&self, launch: Launch) -> RuleResult<Flight> {
        let seat = self
            .game()
            .turn()
            .ok_or_else(|| Refusal::new("the game is over"))?;
        let shot = self.game().start_shot(&launch)?;
        Ok(Flight {
            seat,
            launch,
            shot,
            recorded: None,
        })
    }

    /// Plays a settled (or abandoned) flight's shot.
    pub fn land(&mut self, flight: Flight) -> RuleResult<Vec<Event>> {
        self.session.play(flight.into_move())
    }

    /// The level of the bot in the seat to act (Normal when it names none).
    pub fn level_to_act(&self) -> bot::Level {
        self.game()
            .turn()
            .and_then(|t| self.session.replay.seats.get(t))
            .map(|s| s.level)
            .unwrap_or_default()
    }

    /// The bot's move for the seat to act, at that seat's level (a shot carries the outcome of
    /// the launch it fired).
    pub fn bot_move(&mut self) -> Option<Move> {
        let level = self.level_to_act();
        bot::choose_at(
            self.session.game.as_ref(),
            level,
            &mut self.bot_rng,
            self.budget,
        )
    }

    /// A bot's turn for the app (a decision is played now, a shot is handed back to animate),
    /// thought out a slice at a time: `more` is asked after the turn's start, every simulated
    /// frame, every rated decision and the last step, and when it says no the bot stops and goes on
    /// from there at the next call (None: still thinking). The move is the one `bot_turn` makes,
    /// however the thinking was sliced.
    pub fn bot_turn_sliced(
        &mut self,
        more: &mut dyn FnMut() -> bool,
    ) -> Result<Option<BotTurn>, DriveError> {
        let at = self.session.replay.moves.len();
        let mut think = match self.thinking.take() {
            Some((n, t)) if n == at => t,
            _ => {
                let level = self.level_to_act();
                let think = Think::new(
                    self.session.game.as_ref(),
                    level,
                    &mut self.bot_rng,
                    self.budget,
                );
                // The turn's start (the candidates gathered, a game's own bot planning) is a
                // unit of its own, and so is its end (the move played, or the shot built).
                if !more() {
                    self.thinking = Some((at, think));
                    return Ok(None);
                }
                think
            }
        };
        let was_done = think.is_done();
        if !think.step(self.session.game.as_ref(), &mut self.bot_rng, more)
            || (!was_done && !more())
        {
            self.thinking = Some((at, think));
            return Ok(None);
        }
        let mv = think.into_move().ok_or_else(|| self.stuck())?;
        self.animated(mv).map(Some)
    }

    /// Whether a bot's turn is being thought out in slices.
    pub fn is_thinking(&self) -> bool {
        self.thinking.is_some()
    }

    fn animated(&mut self, mv: Move) -> Result<BotTurn, DriveError> {
        if let (true, Some(launch)) = (mv.is_shot(), mv.launch.clone()) {
            let shot = self
                .game()
                .start_shot(&launch)
                .map_err(|e| DriveError::Stuck(format!("the bot's shot was refused: {e}")))?;
            return Ok(BotTurn::Shot(Flight {
                seat: mv.seat as usize,
                launch,
                shot,
                recorded: mv.outcome,
            }));
        }
        self.session
            .play(mv)
            .map(BotTurn::Played)
            .map_err(|e| DriveError::Stuck(format!("the bot's move was refused: {e}")))
    }

    /// A bot's turn played headless; returns the move it made.
    pub fn bot_turn(&mut self) -> Result<Move, DriveError> {
        let mv = self.chosen()?;
        self.session
            .play(mv.clone())
            .map_err(|e| DriveError::Stuck(format!("the bot's move was refused: {e}")))?;
        Ok(mv)
    }

    fn chosen(&mut self) -> Result<Move, DriveError> {
        self.thinking = None;
        self.bot_move().ok_or_else(|| self.stuck())
    }

    fn stuck(&self) -> DriveError {
        DriveError::Stuck(format!(
            "no legal move for seat {:?} in phase {}",
            self.game().turn(),
            self.game().phase()
        ))
    }

    /// Refuses to go on past `MOVE_CAP` moves.
    pub fn within_cap(&self) -> Result<(), DriveError> {
        if self.session.replay.moves.len() >= MOVE_CAP {
            return Err(DriveError::MoveCap(MOVE_CAP));
        }
        Ok(())
    }

    /// Bots play every seat until the game ends.
    pub fn play_out(&mut self) -> Result<(), DriveError> {
        while !self.game().is_over() {
            self.within_cap()?;
            self.bot_turn()?;
        }
        Ok(())
    }
}
