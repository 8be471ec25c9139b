//! A game in progress: the game, its move log (which is its replay and its save), the events so
//! far, and undo of the last decisions that were not shots.

use super::game::check_move;
use super::hidden::{self, Told};
use super::replay::{fnv1a, Replay, FNV_OFFSET};
use super::{Event, Game, Move, Refusal, RuleResult};

pub struct Session {
    pub game: Box<dyn Game>,
    pub replay: Replay,
    pub events: Vec<Event>,
    /// Physics steps simulated over the whole game.
    pub steps: u64,
    undo: Undo,
    /// Set by `keep_only_log`: no undo copy is taken and no event kept.
    only_log: bool,
    /// A room's game followed without its seed (`core::hidden`).
    sealed: Option<Sealed>,
}

/// What a device following a room without its seed has been told: each move's draws, by the
/// move's place in the log, and the seats this device holds.
struct Sealed {
    seats: Vec<usize>,
    tapes: std::collections::BTreeMap<u64, Vec<Told>>,
}

/// What undo needs, and no more: the game as it stood before the first decision since the last
/// shot (one copy, taken when that decision is played), and where each later decision began in
/// the log. Undo rebuilds from the copy by re-applying the decisions that stay. Memory is one
/// game plus two numbers per decision, however long the game (it used to be a copy of the
/// game per decision).
#[derive(Default)]
struct Undo {
    base: Option<Box<dyn Game>>,
    /// Log length at the copy.
    base_moves: usize,
    /// (log length, events length) before each decision since the copy.
    marks: Vec<(usize, usize)>,
}

impl Session {
    pub fn new(game: Box<dyn Game>, replay: Replay) -> Self {
        Session {
            game,
            replay,
            events: Vec::new(),
            steps: 0,
            undo: Undo::default(),
            only_log: false,
            sealed: None,
        }
    }

    /// This session keeps its game and its log, nothing more: no copy of the game for undo and
    /// no history of events (a server's room: a move sent is played, and each move's events go
    /// to whoever played it). A 40-move Castle room held 20 KB of events.
    pub fn keep_only_log(&mut self) {
        self.only_log = true;
        self.undo = Undo::default();
        self.events = Vec::new();
    }

    /// From now on each move is played told its tape (`tell`): the game was made from a decoy
    /// seed by a device holding `seats`.
    pub fn seal(&mut self, seats: &[usize]) {
        self.sealed = Some(Sealed {
            seats: seats.to_vec(),
            tapes: Default::default(),
        });
    }

    /// Whether this game is followed without its seed.
    pub fn is_sealed(&self) -> bool {
        self.sealed.is_some()
    }

    /// The room's draws for move `seq` (kept until that move is played here).
    pub fn tell(&mut self, seq: u64, tape: Vec<Told>) {
        if let Some(s) = &mut self.sealed {
            s.tapes.insert(seq, tape);
        }
    }

    /// The seed came with the last move: the replay file is whole (`referee replay` reads it).
    /// The game stays followed as it was: the draws still come told.
    pub fn reveal_seed(&mut self, seed: u64) {
        self.replay.seed = seed;
    }

    /// Whether `mv`, played here now, would draw what only the room knows (a card, a tile): it
    /// is then sent and played when the room's answer tells the draw.
    pub fn needs_room(&self, mv: &Move) -> bool {
        let Some(s) = &self.sealed else {
            return false;
        };
        let seq = self.replay.moves.len() as u64;
        if s.tapes.contains_key(&seq) {
            return false;
        }
        let mut game = self.game.clone_game();
        let (_, fit) = hidden::told(Vec::new(), &s.seats, || game.play(mv));
        fit.is_err()
    }

    /// Plays a move for the seat whose turn it is. A shot that carries launch parameters but no
    /// outcome is simulated here; one that carries both is applied as recorded (see `verify`).
    pub fn play(&mut self, mv: Move) -> RuleResult<Vec<Event>> {
        let Some(s) = &mut self.sealed else {
            return self.play_open(mv);
        };
        let seq = self.replay.moves.len() as u64;
        let seats = s.seats.clone();
        let tape = match s.tapes.remove(&seq) {
            Some(t) => t,
            None if self.needs_room(&mv) => {
                return Err(Refusal::new("this move waits for the room's answer"))
            }
            None => Vec::new(),
        };
        let (played, fit) = hidden::told(tape, &seats, || self.play_open(mv));
        let events = played?;
        fit.map_err(Refusal)?;
        Ok(events)
    }

    fn play_open(&mut self, mut mv: Move) -> RuleResult<Vec<Event>> {
        // The one check of seat and launch prompt; the game's own `fire` and `play` follow it.
        check_move(self.game.as_ref(), &mv)?;
        if mv.is_shot() && mv.outcome.is_none() {
            let launch = mv
                .launch
                .clone()
                .ok_or_else(|| Refusal::new("a shot needs launch parameters or an outcome"))?;
            let mut shot = self.game.fire(&launch)?;
            mv.outcome = Some(shot.run_to_rest());
        }
        let undoable = !mv.is_shot() && !self.only_log;
        if undoable && self.undo.base.is_none() {
            self.undo.base = Some(self.game.clone_game());
            self.undo.base_moves = self.replay.moves.len();
        }
        let events = self.game.play(&mv)?;
        // Counted as `Game::apply` counts: the move cap reads it.
        self.game.count_played();
        if let Some(o) = &mv.outcome {
            self.steps = self.steps.saturating_add(o.steps);
        }
        if mv.is_shot() {
            self.undo.base = None;
            self.undo.marks.clear();
        } else if undoable {
            self.undo
                .marks
                .push((self.replay.moves.len(), self.events.len()));
        }
        self.replay.moves.push(mv);
        if !self.only_log {
            self.events.extend(events.iter().cloned());
        }
        Ok(events)
    }

    /// Re-simulates a recorded shot and checks it reproduces its recorded outcome.
    pub fn verify(&self, mv: &Move) -> RuleResult<()> {
        let (Some(launch), Some(recorded)) = (&mv.launch, &mv.outcome) else {
            return Ok(());
        };
        let mut shot = self.game.start_shot(launch)?;
        let got = shot.run_to_rest();
        if got.facts != recorded.facts {
            return Err(Refusal(format!(
                "the shot re-simulates to different facts: recorded {}, got {}",
                facts_text(&recorded.facts),
                facts_text(&got.facts)
            )));
        }
        if !recorded.hash.is_empty() && got.hash != recorded.hash {
            return Err(Refusal(format!(
                "the shot re-simulates to hash {} instead of the recorded {}",
                got.hash, recorded.hash
            )));
        }
        if (!recorded.hash.is_empty() || recorded.steps != 0) && got.steps != recorded.steps {
            return Err(Refusal(format!(
                "the shot re-simulates in {} steps instead of the recorded {}",
                got.steps, recorded.steps
            )));
        }
        Ok(())
    }

    pub fn can_undo(&self) -> bool {
        // A room's moves are sent as they are made: none is taken back.
        !self.undo.marks.is_empty() && self.sealed.is_none()
    }

    /// Takes back the last decision that was not a shot (shots cannot be taken back).
    pub fn undo(&mut self) -> RuleResult<()> {
        let (Some(&(moves, events)), Some(base)) = (self.undo.marks.last(), &self.undo.base) else {
            return Err(Refusal::new("nothing to undo since the last shot"));
        };
        let mut game = base.clone_game();
        for mv in &self.replay.moves[self.undo.base_moves..moves] {
            // These decisions were accepted from this very state before: they apply again.
            game.apply(mv)?;
        }
        self.undo.marks.pop();
        self.game = game;
        self.replay.moves.truncate(moves);
        self.events.truncate(events);
        Ok(())
    }

    /// A hash over every move and outcome so far, 16 hex digits.
    pub fn hash(&self) -> String {
        let mut h = FNV_OFFSET;
        for m in &self.replay.moves {
            h = fnv1a(h, nanoserde::SerJson::serialize_json(m).as_bytes());
        }
        format!("{h:016x}")
    }

    /// The referee's summary line (one JSON object). `winner` is -1 until the game has ended
    /// (whoever leads is no winner yet) and for a shared first place.
    pub fn summary(&self) -> String {
        let winner = match self.game.is_over() {
            true => self.game.ranking().winner().map_or(-1, |w| w as i64),
            false => -1,
        };
        let scores: Vec<String> = self.game.scores().iter().map(|s| s.to_string()).collect();
        format!(
            "{{\"game\":\"{}\",\"players\":{},\"seed\":{},\"moves\":{},\"steps\":{},\"hash\":\"{}\",\"winner\":{},\"scores\":[{}]}}",
            self.replay.game,
            self.replay.seats.len(),
            self.replay.seed,
            self.replay.moves.len(),
            self.steps,
            self.hash(),
            winner,
            scores.join(",")
        )
    }
}

fn facts_text(facts: &[super::Fact]) -> String {
    let parts: Vec<String> = facts
        .iter()
        .map(|f| format!("{}{}", f.what, super::moves::list(&f.args)))
        .collect();
    format!("[{}]", parts.join(" "))
}
