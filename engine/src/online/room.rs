//! An online room: its seats (here, invited, bot), its players and their tokens, the host, the
//! start, and the game played through the driver exactly as `referee replay` plays a file: a
//! shot is re-simulated from its launch here and logged with the outcome it produced; an
//! outcome-only shot, a move for another player's seat, a move out of turn and an illegal move are
//! refused with the rules' own reason, and nothing changes. The log is a replay file.
//! Pure: the server brings the randomness (seed, code, tokens), the clock and the store.

// nanoserde's DeJson derive for `Option` fields trips clippy::question_mark in generated code.
#![allow(clippy::question_mark)]

use super::deal;
pub use super::names::check_name;
use super::protocol::{Aid, Phase, RoomView, SeatInfo, SeatPlan, SeatRequest};
use crate::core::bot::{self, BotBudget};
use crate::core::driver::{bot_seed, Driver, Origin, Recorded};
use crate::core::hidden::{self, Noted};
use crate::core::replay::{fnv1a, Replay, FNV_OFFSET};
use crate::core::{Game, Level, Move, Refusal, RuleResult, Seat, SeatKind, Session};
use crate::games;
use nanoserde::{DeJson, SerJson};

/// The part of a room that is stored besides its moves (trusted: only the server writes it).
#[derive(Clone, Debug, PartialEq, SerJson, DeJson)]
struct Meta {
    game: String,
    options: Vec<String>,
    seed: u64,
    seats: Vec<MetaSeat>,
    players: Vec<Player>,
    started: bool,
    /// Made by the server's quick-match queue (absent, and not written, for a friends' room:
    /// a room stored before quick match reads and writes the same).
    quick: Option<bool>,
    /// Its result counts for its players' ratings (a quick room of two or more devices, none
    /// of them at the Learning aid: `rated_setup`).
    rated: Option<bool>,
    /// Each seat's aim aid (`Aid::join`), set by the room (a quick-match room); absent, and not
    /// written, elsewhere: a room stored before aid levels reads and writes the same.
    aids: Option<String>,
    /// The secret salt of the commitment to the seed (`deal`), in hex: absent in a room stored
    /// before commitments.
    salt: Option<String>,
}

#[derive(Clone, Debug, PartialEq, SerJson, DeJson)]
struct MetaSeat {
    /// `here`, `invited` or `bot`.
    kind: String,
    name: String,
    level: String,
    /// The player holding it (an index into `players`), -1 for a free invited seat or a bot.
    holder: i64,
}

#[derive(Clone, Debug, PartialEq, SerJson, DeJson)]
struct Player {
    name: String,
    token: String,
    /// The device token a quick-match player gave: the identity their rating is kept under.
    device: Option<String>,
}

/// A move the room accepted: its place in the log, the move as logged and the state after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub seq: u64,
    pub mv: Move,
    pub hash: String,
    pub over: bool,
    /// What the move drew, and who may see each draw (`tape_for` says it to one player).
    pub notes: Vec<Noted>,
}

/// A seat of a quick-match room (`Room::quick`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QuickSeat {
    /// A waiting player, with the token the room will know them by, their device token and
    /// the aim aid they asked for (`Aid::in_quick_room`).
    Player {
        name: String,
        token: String,
        device: Option<String>,
        aid: Option<String>,
    },
    /// A bot at the normal level.
    Bot,
}

/// One player's place in a rated room's finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatedSeat {
    /// The player holding the seat (an index into the room's players).
    pub player: usize,
    pub device: String,
    pub name: String,
    /// 0 first; equal places tie.
    pub place: usize,
}

/// A bot's turn to think out away from the room (it takes a while): the game as it stands.
pub struct BotJob {
    pub seq: u64,
    game: Box<dyn Game>,
    level: Level,
    seed: u64,
}

impl BotJob {
    /// The bot's move: a pure function of the room's log (its generator is seeded from the
    /// game's seed and the move count, like `Driver::of`), so a server restarted mid-game plays
    /// the same move it would have played.
    pub fn think(self) -> Option<Move> {
        let mut rng = crate::core::Rng::new(self.seed);
        bot::choose_at(
            self.game.as_ref(),
            self.level,
            &mut rng,
            BotBudget::default(),
        )
    }
}

pub struct Room {
    pub code: String,
    meta: Meta,
    driver: Option<Driver>,
    /// What each draw gave and who may see it: the setup's, then each move's (`core::hidden`).
    notes: Vec<Vec<Noted>>,
}

/// The host is the player who made the room.
pub const HOST: usize = 0;

/// A digest of the session after a move: the log (`Session::hash`), whose turn, the phase and the
/// scores. Every client computes it with its own engine and compares.
pub fn state_hash(session: &Session) -> String {
    let mut h = FNV_OFFSET;
    h = fnv1a(h, session.hash().as_bytes());
    let turn = session.game.turn().map(|t| t as i64).unwrap_or(-1);
    h = fnv1a(h, &turn.to_le_bytes());
    h = fnv1a(h, session.game.phase().as_bytes());
    for s in session.game.scores() {
        h = fnv1a(h, &s.to_le_bytes());
    }
    format!("{h:016x}")
}

/// Seat `i` of the room's replay file.
fn replay_seat(i: usize, plan: SeatPlan, name: &str) -> Seat {
    let mut seat = match plan {
        SeatPlan::Bot(level) => Seat::new(i, SeatKind::Bot).at(level),
        _ => Seat::new(i, SeatKind::Human),
    };
    seat.name = name.to_string();
    seat
}

/// The replay a client follows for a room it was welcomed to: the room's setup with the moves
/// so far, the same file the server logs (`Room::replay_text`).
pub fn replay_of(view: &RoomView) -> Replay {
    let seats = view
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| replay_seat(i, s.plan, &s.name))
        .collect();
    let mut r = Replay::new(&view.game, &view.options, seats, view.seed);
    r.commitment = view.commitment.clone();
    r.salt = view.salt.clone();
    r.moves = view.moves.clone();
    r
}

/// Compares two tokens in time that does not depend on where they differ.
fn same_token(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

impl Room {
    /// A new room, waiting for its invited players. `host_token` becomes the host's.
    pub fn create(
        code: &str,
        game: &str,
        options: &[String],
        seats: &[SeatRequest],
        seed: u64,
        host_token: &str,
    ) -> RuleResult<Room> {
        let info = games::info(game)?;
        if seats.len() < info.min_seats || seats.len() > info.max_seats {
            return Err(Refusal(format!(
                "{} takes {} to {} players, not {}",
                info.name,
                info.min_seats,
                info.max_seats,
                seats.len()
            )));
        }
        if seats.iter().all(|s| matches!(s.plan, SeatPlan::Bot(_))) {
            return Err(Refusal::new(
                "a room needs at least one seat played here or by an invited friend",
            ));
        }
        let mut meta = Meta {
            game: game.to_string(),
            options: games::new_game_options(game, options),
            seed,
            seats: Vec::new(),
            players: vec![Player {
                name: "Host".into(),
                token: host_token.to_string(),
                device: None,
            }],
            started: false,
            quick: None,
            rated: None,
            aids: None,
            salt: None,
        };
        for s in seats {
            let (level, holder) = match s.plan {
                SeatPlan::Here => (Level::Normal, HOST as i64),
                SeatPlan::Invited => (Level::Normal, -1),
                SeatPlan::Bot(l) => (l, -1),
            };
            meta.seats.push(MetaSeat {
                kind: s.plan.name().into(),
                name: check_name(&s.name)?,
                level: level.name().into(),
                holder,
            });
        }
        if let Some(first) = meta.seats.iter().find(|s| s.holder == HOST as i64) {
            meta.players[HOST].name = first.name.clone();
        }
        let room = Room {
            code: code.to_string(),
            meta,
            driver: None,
            notes: Vec::new(),
        };
        // The game must be one that can be made with these options and seats.
        games::new_game(game, &room.meta.options, room.replay_seats(), seed)?;
        Ok(room)
    }

    /// A quick-match room, started: each waiting player holds one seat (as if invited and
    /// joined), the bots play the others at the normal level. Rated when two or more players
    /// sit, each with a device token of its own.
    pub fn quick(code: &str, game: &str, seats: &[QuickSeat], seed: u64) -> RuleResult<Room> {
        let info = games::info(game)?;
        if seats.len() < info.min_seats.max(2) || seats.len() > info.max_seats {
            return Err(Refusal(format!(
                "{} takes {} to {} players, not {}",
                info.name,
                info.min_seats.max(2),
                info.max_seats,
                seats.len()
            )));
        }
        let mut meta = Meta {
            game: game.to_string(),
            options: games::new_game_options(game, &[]),
            seed,
            seats: Vec::new(),
            players: Vec::new(),
            started: true,
            quick: Some(true),
            rated: None,
            aids: None,
            salt: None,
        };
        let mut bots = 0;
        let mut aids = Vec::new();
        for s in seats {
            match s {
                QuickSeat::Player {
                    name,
                    token,
                    device,
                    aid,
                } => {
                    aids.push(Some(Aid::in_quick_room(aid.as_deref())));
                    let name = check_name(name)?;
                    meta.players.push(Player {
                        name: name.clone(),
                        token: token.clone(),
                        device: device.clone(),
                    });
                    meta.seats.push(MetaSeat {
                        kind: SeatPlan::Invited.name().into(),
                        name,
                        level: Level::Normal.name().into(),
                        holder: (meta.players.len() - 1) as i64,
                    });
                }
                QuickSeat::Bot => {
                    aids.push(None);
                    bots += 1;
                    meta.seats.push(MetaSeat {
                        kind: "bot".into(),
                        name: format!("Bot {bots}"),
                        level: Level::Normal.name().into(),
                        holder: -1,
                    });
                }
            }
        }
        if meta.players.is_empty() {
            return Err(Refusal::new("a quick-match room needs a player"));
        }
        let mut devices: Vec<&str> = meta
            .players
            .iter()
            .filter_map(|p| p.device.as_deref())
            .collect();
        crate::core::order::sort(&mut devices);
        devices.dedup();
        let rated = rated_setup(meta.players.len(), devices.len(), &aids);
        meta.rated = rated.then_some(true);
        meta.aids = Some(Aid::join(&aids));
        let mut room = Room {
            code: code.to_string(),
            meta,
            driver: None,
            notes: Vec::new(),
        };
        room.drive(&[])?;
        Ok(room)
    }

    /// A room as stored: its `meta_json` and its moves, replayed with their recorded outcomes
    /// (each was re-simulated when it was played).
    pub fn restore(code: &str, meta: &str, moves: Vec<Move>) -> RuleResult<Room> {
        let meta = Meta::deserialize_json(meta)
            .map_err(|e| Refusal(format!("room {code}: its stored setup is damaged: {e}")))?;
        let mut room = Room {
            code: code.to_string(),
            meta,
            driver: None,
            notes: Vec::new(),
        };
        if room.meta.started {
            room.drive(&moves)?;
        } else if !moves.is_empty() {
            return Err(Refusal(format!(
                "room {code}: moves are stored for a game that has not started"
            )));
        }
        Ok(room)
    }

    pub fn meta_json(&self) -> String {
        self.meta.serialize_json()
    }

    fn plan(&self, seat: usize) -> SeatPlan {
        let s = &self.meta.seats[seat];
        match s.kind.as_str() {
            "here" => SeatPlan::Here,
            "invited" => SeatPlan::Invited,
            _ => SeatPlan::Bot(Level::from_name(&s.level).unwrap_or_default()),
        }
    }

    fn replay_seats(&self) -> Vec<Seat> {
        (0..self.meta.seats.len())
            .map(|i| replay_seat(i, self.plan(i), &self.meta.seats[i].name))
            .collect()
    }

    fn header(&self) -> Replay {
        let mut r = Replay::new(
            &self.meta.game,
            &self.meta.options,
            self.replay_seats(),
            self.meta.seed,
        );
        r.commitment = self.commitment();
        r.salt = self.meta.salt.clone();
        r
    }

    /// The game made and `moves` played through the rules, noting every draw (outcomes trusted:
    /// each was simulated when it was stored).
    fn drive(&mut self, moves: &[Move]) -> RuleResult<()> {
        let (game, setup) = hidden::record(|| self.new_game());
        let mut driver = Driver::new(game?, &self.header());
        // A room holds its rules and log between moves, no more (docs/benchmarks.md, "Rooms at
        // 39 KB").
        driver.session.keep_only_log();
        let mut notes = vec![setup];
        for (i, mv) in moves.iter().enumerate() {
            let (applied, n) =
                hidden::record(|| driver.apply_recorded_as(i, mv, Recorded::Trust, Origin::Player));
            applied?;
            notes.push(n);
        }
        driver.session.game.drop_caches();
        self.driver = Some(driver);
        self.notes = notes;
        Ok(())
    }

    /// What `player` (None: a watcher) is told of `notes`: the draws its seats may see.
    pub fn tape_for(&self, notes: &[Noted], player: Option<usize>) -> String {
        let seats = player.map(|p| self.seats_of(p)).unwrap_or_default();
        let told: Vec<_> = notes.iter().map(|n| n.for_seats(&seats)).collect();
        hidden::tape_text(&told)
    }

    fn new_game(&self) -> RuleResult<Box<dyn Game>> {
        games::new_game(
            &self.meta.game,
            &self.meta.options,
            self.replay_seats(),
            self.meta.seed,
        )
    }

    pub fn phase(&self) -> Phase {
        match &self.driver {
            None => Phase::Waiting,
            Some(d) if d.game().is_over() => Phase::Over,
            Some(_) => Phase::Playing,
        }
    }

    /// The game's id.
    pub fn game(&self) -> &str {
        &self.meta.game
    }

    /// Whether this player made the room (and may start it): nobody in a quick-match room.
    pub fn is_host(&self, player: usize) -> bool {
        player == HOST && self.meta.quick != Some(true)
    }

    /// Each seat's aim aid, when the room set them (a quick-match room).
    pub fn aids(&self) -> Option<Vec<Option<Aid>>> {
        self.meta.aids.as_deref().map(Aid::split)
    }

    /// Whether the room's result counts for its players' ratings.
    pub fn rated(&self) -> bool {
        self.meta.rated == Some(true)
    }

    /// A rated room's result once its game is over: each player's device, name and place
    /// (0 first, equal places tie; bots' seats are not among them).
    pub fn rated_result(&self) -> Option<Vec<RatedSeat>> {
        if !self.rated() || self.phase() != Phase::Over {
            return None;
        }
        let ranking = self.session()?.game.ranking();
        let mut out = Vec::new();
        for (i, seat) in self.meta.seats.iter().enumerate() {
            let Ok(holder) = usize::try_from(seat.holder) else {
                continue;
            };
            let player = self.meta.players.get(holder)?;
            let place = ranking.standings.iter().find(|s| s.seat == i)?.place;
            out.push(RatedSeat {
                player: holder,
                device: player.device.clone()?,
                name: player.name.clone(),
                place: place.saturating_sub(1),
            });
        }
        Some(out)
    }

    /// The player holding this token, if any.
    pub fn player(&self, token: &str) -> Option<usize> {
        self.meta
            .players
            .iter()
            .position(|p| same_token(&p.token, token))
    }

    pub fn players(&self) -> usize {
        self.meta.players.len()
    }

    /// The seats a player moves for.
    pub fn seats_of(&self, player: usize) -> Vec<usize> {
        (0..self.meta.seats.len())
            .filter(|&i| self.meta.seats[i].holder == player as i64)
            .collect()
    }

    /// Takes the first free invited seat with `name`; the joiner becomes a player with `token`.
    pub fn join(&mut self, name: &str, token: &str) -> RuleResult<usize> {
        let name = check_name(name)?;
        if self.driver.is_some() {
            return Err(Refusal::new(
                "this room's game has started and every seat is taken: you can watch it",
            ));
        }
        let Some(seat) = (0..self.meta.seats.len())
            .find(|&i| self.plan(i) == SeatPlan::Invited && self.meta.seats[i].holder < 0)
        else {
            return Err(Refusal::new(
                "every invited seat of this room is taken: you can watch it",
            ));
        };
        self.meta.players.push(Player {
            name: name.clone(),
            token: token.to_string(),
            device: None,
        });
        self.meta.seats[seat].holder = (self.meta.players.len() - 1) as i64;
        self.meta.seats[seat].name = name;
        Ok(seat)
    }

    /// The host starts the game once every invited seat is taken.
    pub fn start(&mut self, player: usize) -> RuleResult<String> {
        if player != HOST {
            return Err(Refusal::new(
                "only the player who made the room can start it",
            ));
        }
        if self.driver.is_some() {
            return Err(Refusal::new("the game has already started"));
        }
        let free = self.meta.seats.iter().filter(|s| s.holder < 0).count()
            - (0..self.meta.seats.len())
                .filter(|&i| matches!(self.plan(i), SeatPlan::Bot(_)))
                .count();
        if free > 0 {
            return Err(Refusal(format!(
                "waiting for {free} invited player{} to join",
                if free == 1 { "" } else { "s" }
            )));
        }
        self.drive(&[])?;
        self.meta.started = true;
        Ok(self.hash())
    }

    /// The session, once the game has started.
    pub fn session(&self) -> Option<&Session> {
        self.driver.as_ref().map(|d| &d.session)
    }

    /// The number of moves in the log.
    pub fn seq(&self) -> u64 {
        self.session()
            .map(|s| s.replay.moves.len() as u64)
            .unwrap_or(0)
    }

    /// `state_hash` now ("" before the start).
    pub fn hash(&self) -> String {
        self.session().map(state_hash).unwrap_or_default()
    }

    /// The room's log as a replay file (`referee replay` reads it).
    pub fn replay_text(&self) -> String {
        match self.session() {
            Some(s) => s.replay.to_json(),
            None => self.header().to_json(),
        }
    }

    /// A move sent by `player` answering the room at move `seq`.
    pub fn play(&mut self, player: usize, seq: u64, mv: &Move) -> RuleResult<Played> {
        let Some(driver) = self.driver.as_ref() else {
            return Err(Refusal::new("the game has not started yet"));
        };
        if driver.game().is_over() {
            return Err(Refusal::new("the game is over"));
        }
        let at = driver.session.replay.moves.len() as u64;
        if seq != at {
            return Err(Refusal(format!(
                "this move answers move {seq}, but the room is at move {at} (another move came \
                 first)"
            )));
        }
        let seat = mv.seat as usize;
        if seat >= self.meta.seats.len() {
            return Err(Refusal(format!("seat {seat} does not exist")));
        }
        if self.meta.seats[seat].holder != player as i64 {
            return Err(Refusal(format!(
                "seat {seat} ({}) is not yours",
                self.meta.seats[seat].name
            )));
        }
        let mv = self.simulated(mv)?;
        self.apply(mv)
    }

    /// A shot with the outcome this server simulates for its launch. An outcome sent along must
    /// be the one simulated; an outcome without a launch is refused.
    fn simulated(&self, mv: &Move) -> RuleResult<Move> {
        let Some(driver) = self.driver.as_ref() else {
            return Err(Refusal::new("the game has not started yet"));
        };
        if !mv.is_shot() {
            if mv.launch.is_some() || mv.outcome.is_some() {
                return Err(Refusal::new("only a shot carries a launch or an outcome"));
            }
            return Ok(mv.clone());
        }
        let Some(launch) = &mv.launch else {
            return Err(Refusal::new(
                "a shot is sent with its launch and the server simulates it; an outcome alone \
                 is not accepted",
            ));
        };
        let game = driver.game();
        match game.turn() {
            Some(t) if t == mv.seat as usize => {}
            Some(t) => {
                return Err(Refusal(format!(
                    "it is seat {t}'s turn, not seat {}'s",
                    mv.seat
                )))
            }
            None => return Err(Refusal::new("the game is over")),
        }
        let Some(prompt) = game.launch_prompt() else {
            return Err(Refusal::new("no shot is expected now"));
        };
        prompt.check(launch)?;
        let outcome = game.start_shot(launch)?.run_to_rest();
        if let Some(sent) = &mv.outcome {
            if *sent != outcome {
                return Err(Refusal(format!(
                    "the shot comes out differently on the server (hash {} after {} steps, \
                     yours {} after {}): reload the room",
                    outcome.hash, outcome.steps, sent.hash, sent.steps
                )));
            }
        }
        Ok(Move {
            outcome: Some(outcome),
            ..mv.clone()
        })
    }

    /// Applies a move whose shot (if any) carries its simulated outcome.
    fn apply(&mut self, mv: Move) -> RuleResult<Played> {
        let Some(driver) = self.driver.as_mut() else {
            return Err(Refusal::new("the game has not started yet"));
        };
        let seq = driver.session.replay.moves.len();
        let (applied, notes) =
            hidden::record(|| driver.apply_recorded_as(seq, &mv, Recorded::Trust, Origin::Player));
        if applied.is_err() && driver.session.replay.moves.len() > seq {
            // Refused after the rules applied it (a decision with more arguments than it
            // takes): rebuild the room from its log without it.
            let mut moves = driver.session.replay.moves.clone();
            moves.truncate(seq);
            self.drive(&moves)?;
        }
        let Some(driver) = self.driver.as_mut() else {
            return Err(Refusal::new("the game has not started yet"));
        };
        applied.map_err(|e| {
            // The driver names the move; the player knows which one they sent.
            let text = e.0;
            match text.split_once("): ") {
                Some((_, why)) if text.starts_with("move ") => Refusal(why.to_string()),
                _ => Refusal(text),
            }
        })?;
        driver.session.game.drop_caches();
        let over = driver.game().is_over();
        let hash = state_hash(&driver.session);
        self.notes.push(notes.clone());
        Ok(Played {
            seq: seq as u64,
            mv,
            hash,
            over,
            notes,
        })
    }

    /// Applies move `seq` as the room's log has it (already played through the rules and, for a
    /// shot, simulated when it was stored): how a server follows a room whose moves another
    /// server sharing its store played.
    pub fn apply_logged(&mut self, seq: u64, mv: Move) -> RuleResult<Played> {
        if self.seq() != seq {
            return Err(Refusal(format!(
                "stored move {seq} does not follow the room's {} moves",
                self.seq()
            )));
        }
        self.apply(mv)
    }

    /// The bot's turn to think out, when a bot seat is to act.
    pub fn bot_job(&self) -> Option<BotJob> {
        let d = self.driver.as_ref()?;
        let seat = d.game().turn()?;
        let SeatPlan::Bot(level) = self.plan(seat) else {
            return None;
        };
        let seq = d.session.replay.moves.len();
        Some(BotJob {
            seq: seq as u64,
            game: d.game().clone_game(),
            level,
            seed: bot_seed(self.meta.seed, seq),
        })
    }

    /// Plays the move a bot thought out for the room at move `seq`.
    pub fn play_bot(&mut self, seq: u64, mv: Move) -> RuleResult<Played> {
        if self.seq() != seq {
            return Err(Refusal::new("the room moved on while the bot was thinking"));
        }
        match self.driver.as_ref().and_then(|d| d.game().turn()) {
            Some(t) if t == mv.seat as usize && matches!(self.plan(t), SeatPlan::Bot(_)) => {}
            _ => return Err(Refusal::new("no bot is to act now")),
        }
        self.apply(mv)
    }

    /// The seats as every client sees them; `online(player)` says who is connected now.
    pub fn seat_infos(&self, online: &dyn Fn(usize) -> bool) -> Vec<SeatInfo> {
        (0..self.meta.seats.len())
            .map(|i| {
                let s = &self.meta.seats[i];
                let plan = self.plan(i);
                let bot = matches!(plan, SeatPlan::Bot(_));
                SeatInfo {
                    plan,
                    name: s.name.clone(),
                    taken: bot || s.holder >= 0,
                    online: bot || (s.holder >= 0 && online(s.holder as usize)),
                }
            })
            .collect()
    }

    /// What `player` is told of the setup's draws, once the game has started.
    pub fn setup_tape(&self, player: Option<usize>) -> Option<String> {
        self.notes.first().map(|n| self.tape_for(n, player))
    }

    /// The room as `player` (None: a watcher) may see it: before the end, the draws its seats
    /// may see instead of the seed.
    pub fn view(&self, online: &dyn Fn(usize) -> bool, player: Option<usize>) -> RoomView {
        let over = self.phase() == Phase::Over;
        let told = (self.driver.is_some() && !over).then(|| {
            self.notes
                .iter()
                .map(|n| self.tape_for(n, player))
                .collect()
        });
        RoomView {
            room: self.code.clone(),
            game: self.meta.game.clone(),
            options: self.meta.options.clone(),
            seed: if over { self.meta.seed } else { 0 },
            commitment: self.commitment(),
            salt: self.salt_when_over(),
            told,
            seats: self.seat_infos(online),
            phase: self.phase(),
            moves: self
                .session()
                .map(|s| s.replay.moves.clone())
                .unwrap_or_default(),
            hash: self.hash(),
            aids: self.meta.aids.clone(),
        }
    }
}

/// Whether a quick-match room is rated, from its setup: two or more players, each with a device
/// token of its own (`devices`: the distinct tokens), and no seat playing at the Learning aim
/// aid (its dots answer the shot: docs/online.md, "Rated rooms").
pub fn rated_setup(players: usize, devices: usize, aids: &[Option<Aid>]) -> bool {
    players >= 2 && devices == players && !aids.contains(&Some(Aid::Learning))
}

mod deal_reveal;
mod rematch;

#[cfg(test)]
mod tests;
