//! The online client, without a window: it enters a room (create, join, resume, watch), or waits
//! for a quick match (`quick`: the server's `queued` and `offer_bots` kept for the waiting screen
//! until its `welcome`), on every opening of the connection, keeps the room's seats and phase for the waiting room, and follows
//! the game with its own engine. A welcome rebuilds (or catches up) the game from the room's log
//! (`online::room::replay_of` and its moves, outcomes trusted: the server simulated them); each
//! `moved` is then applied in order (a shot animated from its launch and re-simulated here) and
//! its hash compared with `online::room::state_hash`. A move made on this device is played here at
//! once (the shooter sees the shot fly) and sent; its echo is compared with what was played. On
//! any difference the client loads the room again (a new connection, `resume`) and counts it.
//!
//! In the game followed here only this device's seats are human: every other seat is a "bot"
//! that never thinks here (`Play::online`): its moves come from the room. So the games' status
//! shows the hands of this device's seats only, and the hot-seat cover comes up only between this
//! device's own seats.

use super::wire::{Wire, WireState};
use crate::app::flight::Flight;
use crate::app::play::{self, Play};
use engine::core::driver::{Driver, Recorded};
use engine::core::hidden::{self, Told};
use engine::core::{Event, Move, Refusal, RuleResult, SeatKind};
use engine::online::protocol::{
    Aid, ClientFrame, Phase, RatingEntry, RoomView, SeatInfo, SeatPlan, ServerFrame,
};
use engine::online::room::{replay_of, state_hash};
use std::collections::VecDeque;

/// What the app hears from the client after a frame.
pub enum Heard {
    /// Welcomed into the room (a token to keep, the room's code for the address bar).
    Welcomed,
    /// The room's game to show now: it started, or it was (re)loaded from the log.
    Game(Box<Play>),
    /// A decision made elsewhere was played here: its events.
    Played(Vec<Event>),
    /// A shot made elsewhere is flying here.
    Launched,
    /// Someone joined, left or came back.
    Seats,
    /// The server refused the last frame, in its words.
    Refused(String),
    /// The game here went out of step with the room: it is loaded again.
    OutOfStep(String),
    /// The room does not know the token kept for it: forget it.
    TokenUnknown,
    /// The turn clock played this seat's move (its time ran out).
    Clock(usize),
    /// The players of these seats asked for a rematch (all who have, so far).
    Rematch(Vec<usize>),
    /// A game's ratings table came (`Client::ratings`).
    Ratings,
    /// The game ended and its deal was checked against the room's commitment (`Client::deal`):
    /// what the check said, or why it failed.
    Deal(Result<&'static str, String>),
}

/// A game's ratings table as the server sent it: its game, how many are rated, the best (and
/// this device's own entry, marked).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    pub game: String,
    pub players: u64,
    pub entries: Vec<RatingEntry>,
}

impl Table {
    /// This device's own entry, if it is rated.
    pub fn mine(&self) -> Option<&RatingEntry> {
        self.entries.iter().find(|e| e.you)
    }
}

/// A move of the room's log not yet played here: its place, the move, and the state hash after
/// it when the server said it (a catch-up from a welcome knows only the last one).
#[derive(Clone, Debug, PartialEq)]
struct Logged {
    seq: u64,
    mv: Move,
    hash: Option<String>,
    /// What the room told this device of the move's draws (a game followed without its seed).
    told: Option<Vec<Told>>,
}

pub struct Client {
    wire: Box<dyn Wire>,
    /// The wire's opening the room was last entered on.
    entered_on: u32,
    /// What is sent on each opening: create or join at first, then resume (or watch).
    entry: ClientFrame,
    /// The room's code ("" until the first welcome of a room being made).
    pub code: String,
    token: Option<String>,
    /// This device's seats.
    pub mine: Vec<usize>,
    pub host: bool,
    /// A welcome has come on this connection.
    pub welcomed: bool,
    pub game: String,
    options: Vec<String>,
    /// The game's seed: 0 until the game is over in a room that keeps it (`told` instead).
    seed: u64,
    /// The room's commitment to its seed (`online::deal`) and, once the game is over, the
    /// salt that opens it.
    commitment: Option<String>,
    salt: Option<String>,
    /// The draws this device was told: the setup's, then each move's (`core::hidden`).
    told: Option<Vec<String>>,
    pub seats: Vec<SeatInfo>,
    phase: Phase,
    pending: VecDeque<Logged>,
    /// Moves made here and sent, not yet echoed by the room.
    unacked: VecDeque<(u64, Move)>,
    /// A room move being animated here (a shot made elsewhere).
    animating: Option<Logged>,
    /// The next welcome rebuilds the game from the log.
    reload: bool,
    /// Times the game here went out of step with the room (it should never happen).
    pub resyncs: u32,
    /// Why entering the room was refused (the waiting room says it).
    refusal: Option<String>,
    /// Waiting for a quick match: the players waiting (this device among them), and whether
    /// the server offered a room with bots.
    queue: Option<(u64, bool)>,
    /// The seats whose players asked for a rematch of the finished game.
    rematch: Vec<usize>,
    /// The ratings table last sent.
    ratings: Option<Table>,
    /// Each seat's aim aid when the room set them (`RoomView::aids`).
    aids: Option<Vec<Option<Aid>>>,
}

/// The words a server uses when every invited seat is taken (the room offers to watch).
pub fn offers_watching(why: &str) -> bool {
    why.contains("you can watch it")
}

impl Client {
    /// Each seat's aim aid when the room set them (a quick-match room).
    pub fn aids(&self) -> Option<&[Option<Aid>]> {
        self.aids.as_deref()
    }

    /// The room's phase as last heard.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// This device's seat token in the room, once welcomed.
    pub fn token(&self) -> Option<&str> {
        self.token.as_deref()
    }

    /// The quick match waited for: the players waiting, and whether bots were offered.
    pub fn queue(&self) -> Option<(u64, bool)> {
        self.queue
    }

    /// Why the room refused this device, if it did.
    pub fn refusal(&self) -> Option<&str> {
        self.refusal.as_deref()
    }

    /// A client that enters a room with `entry` (create, join, resume or watch) as soon as the
    /// connection opens, and again with `resume` (or `watch`) on every opening after.
    pub fn new(mut wire: Box<dyn Wire>, entry: ClientFrame) -> Client {
        let entered_on = wire.opens();
        let code = match &entry {
            ClientFrame::Join { room, .. }
            | ClientFrame::Resume { room, .. }
            | ClientFrame::Watch { room } => room.clone(),
            _ => String::new(),
        };
        let token = match &entry {
            ClientFrame::Resume { token, .. } => Some(token.clone()),
            _ => None,
        };
        wire.open();
        Client {
            wire,
            entered_on,
            entry,
            code,
            token,
            mine: Vec::new(),
            host: false,
            welcomed: false,
            game: String::new(),
            options: Vec::new(),
            seed: 0,
            commitment: None,
            salt: None,
            told: None,
            seats: Vec::new(),
            phase: Phase::Waiting,
            pending: VecDeque::new(),
            unacked: VecDeque::new(),
            animating: None,
            reload: false,
            resyncs: 0,
            refusal: None,
            queue: None,
            rematch: Vec::new(),
            ratings: None,
            aids: None,
        }
    }

    /// The check of the room's deal once its seed and salt are revealed (`online::deal`):
    /// None before the end and for a room that published no commitment.
    pub fn deal(&self) -> Option<RuleResult<&'static str>> {
        if self.phase != Phase::Over {
            return None;
        }
        let commitment = self.commitment.as_deref()?;
        let Some(salt) = self.salt.as_deref() else {
            return Some(Err(Refusal::new(
                "the server did not reveal the salt of its commitment to the deal",
            )));
        };
        Some(engine::online::deal::check(commitment, salt, self.seed))
    }

    /// The seats whose players asked for a rematch of the finished game.
    pub fn rematch(&self) -> &[usize] {
        &self.rematch
    }

    /// The ratings table last sent, if any.
    pub fn ratings(&self) -> Option<&Table> {
        self.ratings.as_ref()
    }

    /// Forgets the ratings table (another is asked for).
    pub fn forget_ratings(&mut self) {
        self.ratings = None;
    }

    /// Asks for (or accepts) a rematch of the finished game.
    pub fn ask_rematch(&mut self) -> bool {
        self.send(&ClientFrame::Rematch)
    }

    /// Whether this device asked for the rematch already.
    pub fn asked_rematch(&self) -> bool {
        self.mine.iter().any(|s| self.rematch.contains(s))
    }

    /// Asks for a game's ratings table (this device's own entry marked).
    pub fn ask_ratings(&mut self, game: &str, device: &str) -> bool {
        self.send(&ClientFrame::Ratings {
            game: game.to_string(),
            device: Some(device.to_string()),
        })
    }

    pub fn wire_state(&self) -> WireState {
        self.wire.state()
    }

    /// Watching, not playing: no seat here.
    pub fn watching(&self) -> bool {
        self.welcomed && self.token.is_none()
    }

    /// Every invited seat is taken (the host may start).
    pub fn all_taken(&self) -> bool {
        self.seats
            .iter()
            .all(|s| s.plan != SeatPlan::Invited || s.taken)
    }

    /// Asks the host's server to start the game.
    pub fn start(&mut self) -> bool {
        self.send(&ClientFrame::Start)
    }

    /// Sends a frame (false when not connected).
    pub fn send(&mut self, f: &ClientFrame) -> bool {
        self.wire.send(&f.to_json())
    }

    /// Enters the room another way (watch it after a refusal) on a new connection.
    pub fn enter_as(&mut self, entry: ClientFrame) {
        self.entry = entry;
        self.refusal = None;
        self.welcomed = false;
        self.wire.open();
    }

    pub fn close(&mut self) {
        self.wire.close();
    }

    /// One frame: enters the room on a new opening, takes the frames received and follows the
    /// game `play` (this room's, when there is one), then sends this device's new moves.
    pub fn pump(&mut self, mut play: Option<&mut Play>) -> Vec<Heard> {
        let mut heard = Vec::new();
        let opens = self.wire.opens();
        if opens != self.entered_on && self.wire.state() == WireState::Open {
            self.entered_on = opens;
            self.welcomed = false;
            self.queue = None;
            let entry = self.entry.to_json();
            self.wire.send(&entry);
        }
        let mut rebuilt = false;
        while let Some(text) = self.wire.recv() {
            match ServerFrame::parse(&text) {
                Ok(frame) => self.take(frame, play.as_deref_mut(), &mut heard),
                Err(e) => self.out_of_step(
                    format!("a message from the server was damaged: {e}"),
                    &mut heard,
                ),
            }
            // A new game (or a reload under way) waits for the app before anything more.
            rebuilt = heard
                .iter()
                .any(|h| matches!(h, Heard::Game(_) | Heard::OutOfStep(_)));
            if rebuilt {
                break;
            }
        }
        if !rebuilt {
            if let Some(p) = play {
                self.follow(p, &mut heard);
                self.send_moves(p);
            }
        }
        heard
    }

    fn take(&mut self, frame: ServerFrame, play: Option<&mut Play>, heard: &mut Vec<Heard>) {
        match frame {
            ServerFrame::Welcome { you, room } => {
                if !self.code.is_empty() && self.code != room.room {
                    // Another room on this connection (a rematch): its game is built afresh.
                    self.reload = true;
                    self.unacked.clear();
                    self.animating = None;
                    self.rematch.clear();
                }
                self.welcomed = true;
                self.refusal = None;
                self.queue = None;
                self.code = room.room.clone();
                if you.token.is_some() {
                    self.token = you.token;
                }
                self.mine = you.seats;
                self.host = you.host;
                self.entry = match &self.token {
                    Some(t) => ClientFrame::Resume {
                        room: self.code.clone(),
                        token: t.clone(),
                    },
                    None => ClientFrame::Watch {
                        room: self.code.clone(),
                    },
                };
                self.game = room.game.clone();
                self.options = room.options.clone();
                self.seed = room.seed;
                self.commitment = room.commitment.clone();
                self.salt = room.salt.clone();
                self.told = room.told.clone();
                self.seats = room.seats.clone();
                self.phase = room.phase;
                self.aids = room.aids.as_deref().map(Aid::split);
                heard.push(Heard::Welcomed);
                if room.phase != Phase::Waiting {
                    self.catch_up(room, play, heard);
                }
            }
            ServerFrame::Seats { seats } => {
                self.seats = seats;
                heard.push(Heard::Seats);
            }
            ServerFrame::Started { hash, told } => {
                self.phase = Phase::Playing;
                self.told = told.map(|t| vec![t]);
                self.rebuild(Vec::new(), &hash, heard);
            }
            ServerFrame::Moved {
                seq,
                mv,
                hash,
                over,
                told,
                seed,
                salt,
                clock,
            } => {
                if over {
                    self.phase = Phase::Over;
                }
                if salt.is_some() {
                    self.salt = salt;
                }
                if let Some(seed) = seed {
                    self.seed = seed;
                    if let Some(p) = play {
                        p.driver.session.reveal_seed(seed);
                        // The replay kept here opens the deal as the room's log does.
                        p.driver.session.replay.salt = self.salt.clone();
                    }
                }
                let told = match told.as_deref().map(hidden::parse_tape).transpose() {
                    Ok(t) => t,
                    Err(e) => {
                        self.out_of_step(format!("a move's draws were damaged: {e}"), heard);
                        return;
                    }
                };
                if clock {
                    heard.push(Heard::Clock(mv.seat as usize));
                }
                if over {
                    if let Some(d) = self.deal() {
                        heard.push(Heard::Deal(d.map_err(|e| e.0)));
                    }
                }
                self.pending.push_back(Logged {
                    seq,
                    mv,
                    hash: Some(hash),
                    told,
                });
            }
            ServerFrame::Refused { why } => {
                if self.queue.is_some() {
                    // While waiting for a quick match (the wait goes on unless `unqueued` comes).
                    self.refusal = Some(why.clone());
                    heard.push(Heard::Refused(why));
                } else if !self.welcomed {
                    // Entering was refused: say why and stop knocking.
                    if matches!(self.entry, ClientFrame::Resume { .. })
                        && why.contains("token does not belong")
                    {
                        self.token = None;
                        heard.push(Heard::TokenUnknown);
                    }
                    self.refusal = Some(why.clone());
                    self.wire.close();
                    heard.push(Heard::Refused(why));
                } else if !self.unacked.is_empty() {
                    // A move made here was refused: the game here is ahead of the room.
                    heard.push(Heard::Refused(why.clone()));
                    self.reload_room();
                } else {
                    heard.push(Heard::Refused(why));
                }
            }
            ServerFrame::Queued { waiting, .. } => {
                self.refusal = None;
                let offered = self.queue.is_some_and(|q| q.1);
                self.queue = Some((waiting, offered));
            }
            ServerFrame::OfferBots { waiting, .. } => self.queue = Some((waiting, true)),
            ServerFrame::Unqueued => {
                // Out of the queue (the room could not be made): said, and no more knocking.
                self.queue = None;
                self.refusal
                    .get_or_insert_with(|| "you are no longer waiting for a game".into());
                self.wire.close();
            }
            ServerFrame::Pong => {}
            ServerFrame::Rematch { asked } => {
                self.rematch = asked.clone();
                heard.push(Heard::Rematch(asked));
            }
            ServerFrame::Ratings {
                game,
                players,
                entries,
            } => {
                self.ratings = Some(Table {
                    game,
                    players,
                    entries,
                });
                heard.push(Heard::Ratings);
            }
        }
    }

    /// A welcome to a room under way: the game here catches up with its log, or is rebuilt.
    fn catch_up(&mut self, room: RoomView, play: Option<&mut Play>, heard: &mut Vec<Heard>) {
        self.pending.clear();
        let Some(p) = play.filter(|p| p.online && !self.reload) else {
            self.rebuild(room.moves, &room.hash, heard);
            return;
        };
        let here = &p.driver.session.replay.moves;
        let w = &room.moves;
        let n = here.len();
        if w.len() >= n && w[..n] == here[..] {
            // Behind or level: what flies here must be the room's next move (or this device's
            // own shot, sent and perhaps not stored).
            if let Some(f) = &p.flight {
                let same = match w.get(n) {
                    Some(m) => m.launch.as_ref() == Some(f.launch()) && m.seat as usize == f.seat(),
                    None => self.unacked.iter().any(|(s, _)| *s == n as u64),
                };
                if !same {
                    self.rebuild(room.moves, &room.hash, heard);
                    return;
                }
            }
            let from = if self.animating.is_some() { n + 1 } else { n };
            let last = w.len();
            for (i, mv) in w.iter().enumerate().skip(from) {
                self.pending.push_back(Logged {
                    seq: i as u64,
                    mv: mv.clone(),
                    hash: (i + 1 == last).then(|| room.hash.clone()),
                    told: self.tape(i + 1).ok(),
                });
            }
            if from >= last && p.flight.is_none() && state_hash(&p.driver.session) != room.hash {
                self.out_of_step("the table here differs from the room's".into(), heard);
                return;
            }
            // This device's moves the room has not stored (the server went down first): again.
            self.unacked.retain(|(s, _)| *s >= last as u64);
            self.resend();
            return;
        }
        let ahead = here.len() > w.len()
            && here[..w.len()] == w[..]
            && (w.len()..here.len()).all(|i| {
                self.unacked
                    .iter()
                    .any(|(s, m)| *s == i as u64 && same_move(m, &here[i]))
            });
        if ahead {
            self.unacked.retain(|(s, _)| *s >= w.len() as u64);
            self.resend();
            return;
        }
        self.rebuild(room.moves, &room.hash, heard);
    }

    /// Sends again the moves made here that the room has not stored, in order.
    fn resend(&mut self) {
        for (seq, mv) in self.unacked.clone() {
            let f = ClientFrame::Move { seq, mv };
            self.wire.send(&f.to_json());
        }
    }

    /// The room's game rebuilt from its log (`moves`), checked against `hash`.
    fn rebuild(&mut self, moves: Vec<Move>, hash: &str, heard: &mut Vec<Heard>) {
        self.pending.clear();
        self.unacked.clear();
        self.animating = None;
        self.reload = false;
        match self.build(moves) {
            Ok(p) => {
                if !hash.is_empty() && state_hash(&p.driver.session) != hash {
                    // Loading again would give the same: say so once and go on with the log.
                    self.resyncs += 1;
                    heard.push(Heard::OutOfStep(
                        "this device's rules differ from the server's".into(),
                    ));
                }
                heard.push(Heard::Game(Box::new(p)));
            }
            Err(e) => heard.push(Heard::Refused(format!(
                "this room's game cannot be played here: {e}"
            ))),
        }
    }

    /// Tape `i` of what this device was told (0 the setup's, then each move's).
    fn tape(&self, i: usize) -> RuleResult<Vec<Told>> {
        let text = self
            .told
            .as_ref()
            .and_then(|t| t.get(i))
            .ok_or_else(|| Refusal(format!("the room did not tell the draws of move {i}")))?;
        hidden::parse_tape(text).map_err(Refusal)
    }

    /// Whether the game is followed without its seed (the room keeps it until the end).
    fn sealed(&self) -> bool {
        self.told.is_some() && self.seed == 0
    }

    /// The game of this room with these moves, only this device's seats human.
    pub fn build(&self, moves: Vec<Move>) -> RuleResult<Play> {
        let view = RoomView {
            room: self.code.clone(),
            game: self.game.clone(),
            options: self.options.clone(),
            seed: self.seed,
            commitment: self.commitment.clone(),
            salt: self.salt.clone(),
            told: None,
            seats: self.seats.clone(),
            phase: self.phase,
            moves,
            hash: String::new(),
            aids: None,
        };
        let mut replay = replay_of(&view);
        for (i, s) in replay.seats.iter_mut().enumerate() {
            s.kind = if self.mine.contains(&i) {
                SeatKind::Human
            } else {
                SeatKind::Bot
            };
        }
        let info = play::find(&replay.game)?;
        if !info.available {
            return Err(Refusal(format!(
                "{} is not available in this version",
                info.name
            )));
        }
        if !self.sealed() {
            let game = engine::games::game_for(&replay)?;
            let driver = Driver::replay(game, &replay, Recorded::Trust)?;
            return Ok(Play::following(info, driver));
        }
        // Made from a decoy seed, told what the room's draws gave where this device may see.
        let (game, fit) = hidden::told(self.tape(0)?, &self.mine, || {
            engine::games::game_for(&replay)
        });
        fit.map_err(Refusal)?;
        let mut driver = Driver::new(game?, &replay);
        driver.session.seal(&self.mine);
        for (i, mv) in replay.moves.iter().enumerate() {
            driver.session.tell(i as u64, self.tape(i + 1)?);
            driver.apply_recorded(i, mv, Recorded::Trust)?;
        }
        Ok(Play::following(info, driver))
    }

    /// Plays the room's moves here in order: an echo of a move made here is compared, a move
    /// made elsewhere is played (a shot animated). Waits while a shot flies.
    fn follow(&mut self, p: &mut Play, heard: &mut Vec<Heard>) {
        // The draws are told as soon as they come: a shot made here may land before its echo.
        for l in &self.pending {
            if let Some(t) = &l.told {
                p.driver.session.tell(l.seq, t.clone());
            }
        }
        self.follow_moves(p, heard);
        if self.seed != 0 {
            // The seed came with the last move: the replay here is whole.
            p.driver.session.reveal_seed(self.seed);
            p.driver.session.replay.salt = self.salt.clone();
        }
    }

    fn follow_moves(&mut self, p: &mut Play, heard: &mut Vec<Heard>) {
        loop {
            if p.flight.is_some() {
                return;
            }
            if p.held().is_some() && p.driver.session.is_sealed() {
                // A move made here that waited for the room's draws: played now if they came.
                if let Some(ev) = p.play_held() {
                    heard.push(Heard::Played(ev));
                }
            }
            if let Some(a) = self.animating.take() {
                // Checked by its place: a move may already have been made here after it.
                let moves = &p.driver.session.replay.moves;
                if moves.get(a.seq as usize) != Some(&a.mv) {
                    self.out_of_step(
                        format!("a shot came out differently here (move {})", a.seq + 1),
                        heard,
                    );
                    return;
                }
                if moves.len() as u64 == a.seq + 1 && !self.hash_matches(p, &a) {
                    self.out_of_step(format!("the table differs after move {}", a.seq + 1), heard);
                    return;
                }
            }
            let Some(next) = self.pending.pop_front() else {
                return;
            };
            let n = p.driver.session.replay.moves.len() as u64;
            if next.seq < n {
                // The echo of a move made here.
                self.unacked.retain(|(s, _)| *s != next.seq);
                let here = &p.driver.session.replay.moves[next.seq as usize];
                if *here != next.mv {
                    self.out_of_step(
                        format!(
                            "move {} was stored differently: {here:?} / {:?}",
                            next.seq + 1,
                            next.mv
                        ),
                        heard,
                    );
                    return;
                }
                if next.seq + 1 == n && !self.hash_matches(p, &next) {
                    self.out_of_step(format!("the table differs after move {n}"), heard);
                    return;
                }
                continue;
            }
            if next.seq > n {
                self.out_of_step(format!("move {} never came", n + 1), heard);
                return;
            }
            // This device's own move, held for its draws: the room's version is played here.
            let held = p.held().is_some_and(|h| same_move(h, &next.mv));
            if held {
                p.drop_held();
                self.unacked.retain(|(s, _)| *s != next.seq);
            }
            if next.mv.is_shot() && !held {
                let Some(launch) = next.mv.launch.clone() else {
                    self.out_of_step("a shot came without its launch".into(), heard);
                    return;
                };
                match p.driver.launch(launch) {
                    Ok(f) => {
                        p.flight = Some(Flight::new(f));
                        self.animating = Some(next);
                        heard.push(Heard::Launched);
                    }
                    Err(e) => self.out_of_step(format!("a shot was refused here: {e}"), heard),
                }
                return;
            }
            match p.apply_remote(next.mv.clone()) {
                Ok(ev) => heard.push(Heard::Played(ev)),
                Err(e) => {
                    self.out_of_step(format!("a move was refused here: {e}"), heard);
                    return;
                }
            }
            if !self.hash_matches(p, &next) {
                self.out_of_step(
                    format!("the table differs after move {}", next.seq + 1),
                    heard,
                );
                return;
            }
        }
    }

    fn hash_matches(&self, p: &Play, l: &Logged) -> bool {
        l.hash
            .as_ref()
            .is_none_or(|h| *h == state_hash(&p.driver.session))
    }

    /// Sends the moves made here since the last frame.
    fn send_moves(&mut self, p: &mut Play) {
        for (seq, mv) in std::mem::take(&mut p.outbox) {
            self.unacked.push_back((seq, mv.clone()));
            // Not connected: sent again once the room is entered again (`catch_up`).
            let f = ClientFrame::Move { seq, mv };
            self.wire.send(&f.to_json());
        }
    }

    /// The game here is out of step: counted, said, and loaded again from the room.
    fn out_of_step(&mut self, why: String, heard: &mut Vec<Heard>) {
        self.resyncs += 1;
        heard.push(Heard::OutOfStep(why));
        self.reload_room();
    }

    /// A new connection and `resume`: the welcome's log rebuilds the game.
    fn reload_room(&mut self) {
        self.reload = true;
        self.pending.clear();
        self.animating = None;
        self.welcomed = false;
        self.wire.open();
    }
}

/// A move sent (a shot without its outcome) is the move played here.
fn same_move(sent: &Move, played: &Move) -> bool {
    if sent.is_shot() {
        sent.seat == played.seat && sent.launch == played.launch
    } else {
        sent == played
    }
}
