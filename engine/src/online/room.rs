//! An online room: its seats (here, invited, bot), its players and their tokens, the host, the
//! start, and the game played through the driver exactly as `referee replay` plays a file: a
//! shot is re-simulated from its launch here and logged with the outcome it produced; an
//! outcome-only shot, a move for another player's seat, a move out of turn and an illegal move are
//! refused with the rules' own reason, and nothing changes. The log is a replay file.
//! Pure: the server brings the randomness (seed, code, tokens), the clock and the store.

use super::protocol::{Phase, RoomView, SeatInfo, SeatPlan, SeatRequest, MAX_PLAYER_NAME};
use crate::core::bot::{self, BotBudget};
use crate::core::driver::{bot_seed, Driver, Origin, Recorded};
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
}

/// A move the room accepted: its place in the log, the move as logged and the state after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub seq: u64,
    pub mv: Move,
    pub hash: String,
    pub over: bool,
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
    r.moves = view.moves.clone();
    r
}

fn check_name(name: &str) -> RuleResult<String> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > MAX_PLAYER_NAME {
        return Err(Refusal(format!(
            "a name must have 1 to {MAX_PLAYER_NAME} characters"
        )));
    }
    Ok(name.to_string())
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
            }],
            started: false,
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
        };
        // The game must be one that can be made with these options and seats.
        games::new_game(game, &room.meta.options, room.replay_seats(), seed)?;
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
        };
        if room.meta.started {
            let mut header = room.header();
            header.moves = moves;
            let game = room.new_game()?;
            room.driver = Some(Driver::replay_as(
                game,
                &header,
                Recorded::Trust,
                Origin::Player,
            )?);
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
        Replay::new(
            &self.meta.game,
            &self.meta.options,
            self.replay_seats(),
            self.meta.seed,
        )
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
        let game = self.new_game()?;
        self.driver = Some(Driver::new(game, &self.header()));
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
        let applied = driver.apply_recorded_as(seq, &mv, Recorded::Trust, Origin::Player);
        if applied.is_err() && driver.session.replay.moves.len() > seq {
            // Refused after the rules applied it (a decision with more arguments than it
            // takes): rebuild the room from its log without it.
            let mut header = driver.session.replay.clone();
            header.moves.truncate(seq);
            let game = self.new_game()?;
            self.driver = Some(Driver::replay_as(
                game,
                &header,
                Recorded::Trust,
                Origin::Player,
            )?);
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
        let over = driver.game().is_over();
        Ok(Played {
            seq: seq as u64,
            mv,
            hash: state_hash(&driver.session),
            over,
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

    pub fn view(&self, online: &dyn Fn(usize) -> bool) -> RoomView {
        RoomView {
            room: self.code.clone(),
            game: self.meta.game.clone(),
            options: self.meta.options.clone(),
            seed: self.meta.seed,
            seats: self.seat_infos(online),
            phase: self.phase(),
            moves: self
                .session()
                .map(|s| s.replay.moves.clone())
                .unwrap_or_default(),
            hash: self.hash(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Launch;

    fn seats(plans: &[SeatPlan]) -> Vec<SeatRequest> {
        plans
            .iter()
            .enumerate()
            .map(|(i, &plan)| SeatRequest {
                plan,
                name: format!("P{i}"),
            })
            .collect()
    }

    fn room(game: &str, plans: &[SeatPlan]) -> Room {
        Room::create("code", game, &[], &seats(plans), 7, "host").unwrap_or_else(|e| panic!("{e}"))
    }

    fn why<T>(r: RuleResult<T>) -> String {
        r.err().map(|e| e.0).unwrap_or_default()
    }

    use SeatPlan::{Bot, Here, Invited};

    #[test]
    fn a_room_waits_for_its_invited_players_and_only_the_host_starts_it() {
        let mut r = room("castle", &[Here, Invited, Invited]);
        assert_eq!(r.phase(), Phase::Waiting);
        assert_eq!(r.seats_of(HOST), vec![0]);
        assert!(why(r.start(HOST)).contains("waiting for 2 invited players"));
        assert_eq!(r.join("  Ben ", "t1"), Ok(1));
        assert!(why(r.start(1)).contains("only the player who made the room"));
        assert!(why(r.start(HOST)).contains("waiting for 1 invited player to"));
        assert!(why(r.join("", "t2")).contains("1 to 24 characters"));
        assert_eq!(r.join("Cy", "t2"), Ok(2));
        assert!(why(r.join("Di", "t3")).contains("every invited seat"));
        assert_eq!(r.player("t1"), Some(1));
        assert_eq!(r.player("t9"), None);
        let infos = r.seat_infos(&|p| p == 1);
        assert_eq!(infos[1].name, "Ben");
        assert!(infos[1].taken && infos[1].online && !infos[2].online);
        assert!(r.start(HOST).is_ok());
        assert_eq!(r.phase(), Phase::Playing);
        assert!(why(r.start(HOST)).contains("already started"));
        assert!(why(r.join("Ed", "t4")).contains("has started"));
    }

    #[test]
    fn a_room_refuses_bad_setups_by_name() {
        let bad = |game: &str, options: &[String], plans: &[SeatPlan]| {
            why(Room::create("c", game, options, &seats(plans), 1, "h"))
        };
        assert!(bad("feud", &[], &[Here, Invited, Invited]).contains("2 to 2 players, not 3"));
        assert!(bad("nosuch", &[], &[Here, Here]).contains("unknown game"));
        assert!(bad("castle", &["turbo".into()], &[Here, Here]).contains("no option `turbo`"));
        assert!(bad("castle", &[], &[Bot(Level::Easy), Bot(Level::Hard)]).contains("one seat"));
    }

    /// Plays a whole game through the room, every seat's move chosen by the engine's bot on the
    /// "client" side and sent as a real client sends it (a shot as its launch alone).
    fn play_out(game: &str, plans: &[SeatPlan]) -> Room {
        let mut r = room(game, plans);
        for _ in plans.iter().filter(|p| **p == Invited) {
            let n = r.players();
            r.join("Friend", &format!("t{n}"))
                .unwrap_or_else(|e| panic!("{e}"));
        }
        r.start(HOST).unwrap_or_else(|e| panic!("{e}"));
        let mut n = 0;
        while r.phase() == Phase::Playing {
            n += 1;
            assert!(n < 3000, "{game}: no end");
            if let Some(job) = r.bot_job() {
                let seq = job.seq;
                let mv = job
                    .think()
                    .unwrap_or_else(|| panic!("{game}: the bot is stuck"));
                r.play_bot(seq, mv).unwrap_or_else(|e| panic!("{e}"));
                continue;
            }
            let s = r.session().unwrap_or_else(|| panic!("started"));
            let seat = s.game.turn().unwrap_or(0);
            let mut rng = crate::core::Rng::new(n);
            let mut mv =
                bot::choose_at(s.game.as_ref(), Level::Easy, &mut rng, BotBudget::default())
                    .unwrap_or_else(|| panic!("{game}: stuck"));
            mv.outcome = None;
            let player = r.meta.seats[seat].holder as usize;
            let seq = r.seq();
            r.play(player, seq, &mv)
                .unwrap_or_else(|e| panic!("{game}: {e}"));
        }
        r
    }

    #[test]
    fn a_whole_room_game_replays_to_the_same_summary_and_restores_from_its_log() {
        let r = play_out("castle", &[Here, Invited, Bot(Level::Easy)]);
        assert_eq!(r.phase(), Phase::Over);
        let text = r.replay_text();
        let replayed = crate::referee::replay(&text, true).unwrap_or_else(|e| panic!("{e}"));
        let summary = r.session().map(|s| s.summary()).unwrap_or_default();
        assert_eq!(replayed.summary(), summary);
        assert_eq!(
            replay_of(&r.view(&|_| true)).to_json(),
            text,
            "a client's copy is the log"
        );
        let moves = r
            .session()
            .map(|s| s.replay.moves.clone())
            .unwrap_or_default();
        let back = Room::restore("code", &r.meta_json(), moves).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(back.hash(), r.hash());
        assert_eq!(back.seats_of(1), vec![1]);
        assert_eq!(back.player("t1"), Some(1));
    }

    fn started(game: &str) -> Room {
        let mut r = room(game, &[Here, Invited]);
        r.join("Ben", "t1").unwrap_or_else(|e| panic!("{e}"));
        r.start(HOST).unwrap_or_else(|e| panic!("{e}"));
        r
    }

    #[test]
    fn moves_out_of_turn_for_another_seat_stale_or_outcome_only_are_refused_and_change_nothing() {
        let mut r = started("catapults");
        let before = r.hash();
        let turn = r.session().and_then(|s| s.game.turn()).unwrap_or(0);
        let other = 1 - turn;
        let holder = |seat: usize| if seat == 0 { HOST } else { 1 };
        let prompt = r.session().and_then(|s| s.game.launch_prompt());
        let prompt = prompt.unwrap_or_else(|| panic!("catapults opens with a flick"));
        let launch = Launch {
            kind: prompt.kinds[0],
            angle: prompt.angle.0,
            power: prompt.power.1 / 2,
            spin: prompt.spin.0,
            x: prompt.x.0,
            y: prompt.y.0,
        };
        let shot = Move::shot(turn, launch.clone());
        // Another player's seat.
        assert!(why(r.play(holder(other), 0, &shot)).contains("is not yours"));
        // Out of turn: the rules' own reason.
        let early = Move::shot(other, launch.clone());
        let e = why(r.play(holder(other), 0, &early));
        assert!(
            e.contains(&format!("it is seat {turn}'s turn, not seat {other}'s")),
            "{e}"
        );
        // Stale.
        assert!(why(r.play(holder(turn), 3, &shot)).contains("another move came first"));
        // Outcome only.
        let mut bare = Move::outcome_only(turn, vec![]);
        bare.launch = None;
        assert!(why(r.play(holder(turn), 0, &bare)).contains("an outcome alone"));
        // Outside the launch prompt.
        let wild = Move::shot(
            turn,
            Launch {
                power: 5000,
                ..launch.clone()
            },
        );
        assert!(why(r.play(holder(turn), 0, &wild)).contains("power 5000"));
        // A forged outcome.
        let mut forged = shot.clone();
        forged.outcome = Some(crate::core::Outcome {
            facts: vec![],
            steps: 1,
            hash: "0000000000000000".into(),
        });
        let e = why(r.play(holder(turn), 0, &forged));
        assert!(e.contains("differently on the server"), "{e}");
        // A decision the rules do not know.
        let e = why(r.play(holder(turn), 0, &Move::decide(turn, "win", &[])));
        assert!(!e.is_empty());
        assert_eq!(r.hash(), before, "nothing changed");
        assert_eq!(r.seq(), 0);
        // The real shot is played, logged with the outcome the room simulated.
        let played = r
            .play(holder(turn), 0, &shot)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(played.seq, 0);
        assert!(played
            .mv
            .outcome
            .as_ref()
            .is_some_and(|o| o.hash.len() == 16));
        assert_eq!(played.hash, r.hash());
        assert_ne!(r.hash(), before);
    }

    #[test]
    fn a_decision_with_more_arguments_than_its_rules_read_is_refused_and_taken_back() {
        let mut tried = 0;
        for game in ["castle", "feud", "carcassonne", "assault"] {
            let mut r = started(game);
            let Some(s) = r.session() else { continue };
            let (Some(turn), Some(choice)) = (s.game.turn(), s.game.choices().first().cloned())
            else {
                continue;
            };
            let before = r.hash();
            let mut long = choice.mv.clone();
            long.args.extend([1, 2, 3, 4, 5, 6]);
            let holder = if turn == 0 { HOST } else { 1 };
            let e = why(r.play(holder, 0, &long));
            assert!(e.contains("argument"), "{game}: {e}");
            assert_eq!((r.seq(), r.hash()), (0, before), "{game}: taken back");
            assert!(
                r.play(holder, 0, &choice.mv).is_ok(),
                "{game}: the room still plays"
            );
            tried += 1;
        }
        assert!(tried > 0, "some game opens with a decision");
    }

    #[test]
    fn nothing_is_played_before_the_start() {
        let mut r = room("castle", &[Here, Invited]);
        assert!(why(r.play(HOST, 0, &Move::decide(0, "pass", &[]))).contains("not started"));
        assert!(r.bot_job().is_none());
    }

    #[test]
    fn a_bot_moves_only_on_its_turn_and_for_the_room_it_thought_for() {
        let mut r = room("feud", &[Here, Bot(Level::Easy)]);
        r.start(HOST).unwrap_or_else(|e| panic!("{e}"));
        assert!(why(r.play_bot(0, Move::decide(1, "pass", &[]))).contains("no bot"));
        assert!(why(r.play_bot(5, Move::decide(0, "pass", &[]))).contains("moved on"));
    }
}
