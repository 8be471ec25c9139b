//! The turn clock of quick-match rooms (started, two or more players): a seat to decide has
//! `decision_clock`, a seat to shoot `shot_clock`, counted from the move before. A seat that runs
//! out has its move chosen by the normal bot, from the game as it stands with the generator seeded
//! from the room's seed and the move count (`bot_seed`, as the room's own bots), and played as
//! that seat's player would play it: re-simulated, stored and broadcast as any move. A seat that
//! runs out `clock_strikes` turns in a row is handed to the bot for the rest of the game (shown
//! as a bot seat in the seats frames and the welcome); one whose player moves in time plays on.
//! A turn is a seat's run of moves (a decision and its shot are one turn): it counts once
//! however many of its moves the clock played. The clock stands still while no player follows
//! the room (`Owner::followed`): a room everyone left is not played out by the bot.
//! The clock lives in the room's owner, in memory: a server that restarts (or loads the room
//! again) starts the turn being played afresh, and a seat's count of turns run out starts again
//! from none. Friends' rooms have no clock.

use super::*;
use engine::core::bot::{self, BotBudget};
use engine::core::driver::bot_seed;
use engine::core::{Level, Rng};
use engine::online::protocol::{Phase, SeatInfo, SeatPlan};
use engine::online::room::HOST;

pub struct Clock {
    /// Turns run out in a row, per seat.
    strikes: HashMap<usize, u32>,
    /// The turn each seat's last strike was counted for (the move count its turn began at).
    struck: HashMap<usize, u64>,
    /// The seat whose turn is being played, and the move count its turn began at.
    run: (Option<usize>, u64),
    /// Seats the clock has played a move for.
    played: Vec<usize>,
    /// Seats handed to the bot for the rest of the game.
    handed: Vec<usize>,
    /// The move count when the turn being played began, and when.
    since: (u64, Instant),
    /// The clock's bot is thinking out a move (or found none for this turn).
    pub(super) busy: bool,
}

impl Default for Clock {
    fn default() -> Self {
        Clock {
            strikes: HashMap::new(),
            struck: HashMap::new(),
            run: (None, 0),
            played: Vec::new(),
            handed: Vec::new(),
            since: (u64::MAX, Instant::now()),
            busy: false,
        }
    }
}

/// Whether a room's turns are timed: a started quick-match room with two or more players
/// (nobody is the host of a quick-match room).
pub fn clocked(room: &Room) -> bool {
    room.phase() == Phase::Playing && !room.is_host(HOST) && room.players() >= 2
}

impl Clock {
    /// Whether the clock handed this seat to the bot.
    pub(super) fn handed(&self, seat: usize) -> bool {
        self.handed.contains(&seat)
    }

    /// The seat's player moved in time: its run of turns run out is over.
    pub(super) fn player_moved(&mut self, seat: usize) {
        self.strikes.remove(&seat);
    }

    /// Whether the clock has played a move for this seat.
    pub(super) fn played(&self, seat: usize) -> bool {
        self.played.contains(&seat)
    }

    /// Move `seq` is to be played from now, by `next` (None: nobody's turn); a seat other than
    /// the one playing begins a turn.
    pub(super) fn turn_began(&mut self, seq: u64, next: Option<usize>) {
        self.since = (seq, Instant::now());
        self.busy = false;
        if next != self.run.0 {
            self.run = (next, seq);
        }
    }

    /// The turn move `seq` of `seat` is part of (the move count it began at; a turn the clock
    /// did not see begin, in a room loaded again, begins at `seq`).
    fn turn_of(&mut self, seat: usize, seq: u64) -> u64 {
        if self.run.0 != Some(seat) {
            self.run = (Some(seat), seq);
        }
        self.run.1
    }

    /// The turn being played starts afresh (a player came back to a room nobody followed).
    pub(super) fn restart(&mut self) {
        self.since = (u64::MAX, Instant::now());
    }

    /// When the turn at move `seq` began (a turn the clock did not see begin begins now: a room
    /// loaded again).
    fn began(&mut self, seq: u64) -> Instant {
        if self.since.0 != seq {
            self.since = (seq, Instant::now());
        }
        self.since.1
    }

    /// The clock played a move of the seat's turn `turn`: one more turn run out for the seat
    /// (once a turn, however many of its moves the clock played); whether it is now handed
    /// to the bot.
    fn ran_out(&mut self, seat: usize, turn: u64, strikes: u32) -> bool {
        if !self.played.contains(&seat) {
            self.played.push(seat);
        }
        if self.struck.insert(seat, turn) == Some(turn) {
            return false;
        }
        let n = self.strikes.entry(seat).or_insert(0);
        *n += 1;
        if *n >= strikes && !self.handed.contains(&seat) {
            self.handed.push(seat);
            return true;
        }
        false
    }

    /// Seats handed to the bot are shown as the normal bot's.
    pub(super) fn mark_handed(&self, seats: &mut [SeatInfo]) {
        for (i, s) in seats.iter_mut().enumerate() {
            if self.handed(i) {
                s.plan = SeatPlan::Bot(Level::Normal);
                s.online = true;
            }
        }
    }
}

/// The seat to act, its player, and the time it has.
struct Turn {
    seq: u64,
    seat: usize,
    holder: usize,
    limit: Duration,
}

impl Owner {
    /// The turn the clock times now: none when the room's turns are not timed, the room
    /// sleeps, the clock's bot is thinking, or the seat to act is a bot's (`run_bots` plays it).
    fn timed_turn(&self) -> Option<Turn> {
        let room = self.room.as_deref().filter(|r| clocked(r))?;
        if self.clock.busy || !self.followed() {
            return None;
        }
        let session = room.session()?;
        let seat = session.game.turn()?;
        let holder = (0..room.players()).find(|&p| room.seats_of(p).contains(&seat))?;
        let limits = &self.rooms.limits;
        let limit = if self.clock.handed(seat) {
            Duration::ZERO
        } else if session.game.launch_prompt().is_some() {
            limits.shot_clock
        } else {
            limits.decision_clock
        };
        Some(Turn {
            seq: room.seq(),
            seat,
            holder,
            limit,
        })
    }

    /// When the seat to act runs out of time, if the room's turns are timed.
    pub(super) fn clock_due_at(&mut self) -> Option<Instant> {
        let turn = self.timed_turn()?;
        Some(self.clock.began(turn.seq) + turn.limit)
    }

    /// The seat to act ran out of time: the normal bot thinks out its move off the room's
    /// task (it comes back as `Ask::ClockMoved`; a player's move that comes first wins).
    pub(super) async fn clock_ran_out(&mut self) {
        let Some(turn) = self.timed_turn() else {
            return;
        };
        if self.clock.began(turn.seq).elapsed() < turn.limit {
            return;
        }
        let (Some(room), Some(me)) = (self.room.as_deref(), self.me.upgrade()) else {
            return;
        };
        let Some(session) = room.session() else {
            return;
        };
        let game = session.game.clone_game();
        let seed = bot_seed(session.replay.seed, turn.seq as usize);
        self.clock.busy = true;
        let Turn {
            seq, seat, holder, ..
        } = turn;
        tokio::spawn(async move {
            let mv = blocking(move || {
                let mut rng = Rng::new(seed);
                bot::choose_at(game.as_ref(), Level::Normal, &mut rng, BotBudget::default())
            })
            .await
            .ok()
            .flatten();
            let _ = me
                .send(Box::new(Ask::ClockMoved {
                    seq,
                    seat,
                    holder,
                    mv,
                }))
                .await;
        });
    }

    /// The clock's move for a seat that ran out: played as its player's (refused when the
    /// player's own move came first: the clock looks again); a seat out of time
    /// `clock_strikes` turns in a row is handed to the bot and the seats sent.
    pub(super) async fn clock_moved(
        &mut self,
        seq: u64,
        seat: usize,
        holder: usize,
        mv: Option<Move>,
    ) {
        // No move found: the clock waits for this turn to end some other way.
        let Some(mv) = mv else { return };
        self.clock.busy = false;
        let turn = self.clock.turn_of(seat, seq);
        if self.play_move(holder, seq, mv, true).await.is_ok() {
            if self
                .clock
                .ran_out(seat, turn, self.rooms.limits.clock_strikes)
            {
                self.broadcast_seats();
            }
            self.run_bots();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Clock;

    #[test]
    fn a_turn_run_out_counts_once_however_many_of_its_moves_the_clock_played() {
        let mut c = Clock::default();
        // Seat 1's turn begins at move 4: a decision and a shot, both the clock's.
        c.turn_began(4, Some(1));
        let turn = c.turn_of(1, 4);
        assert!(!c.ran_out(1, turn, 2));
        c.turn_began(5, Some(1));
        assert_eq!(c.turn_of(1, 5), turn, "the shot is the same turn");
        assert!(!c.ran_out(1, turn, 2), "one turn, one strike");
        assert!(c.played(1) && !c.handed(1));
        // Seat 0 plays, then seat 1's next turn runs out: handed over.
        c.turn_began(6, Some(0));
        c.turn_began(7, Some(1));
        let next = c.turn_of(1, 7);
        assert_ne!(next, turn);
        assert!(c.ran_out(1, next, 2));
        assert!(c.handed(1));
        // A move of the player's own ends the run: seat 0 starts again from none.
        c.turn_began(9, Some(0));
        let t = c.turn_of(0, 9);
        assert!(!c.ran_out(0, t, 2));
        c.player_moved(0);
        c.turn_began(11, Some(0));
        let t = c.turn_of(0, 11);
        assert!(!c.ran_out(0, t, 2), "the run began again");
    }
}
