//! The turn clock of quick-match rooms (started, two or more players): a seat to decide has
//! `decision_clock`, a seat to shoot `shot_clock`, counted from the move before. A seat that runs
//! out has its move chosen by the normal bot, from the game as it stands with the generator seeded
//! from the room's seed and the move count (`bot_seed`, as the room's own bots), and played as
//! that seat's player would play it: re-simulated, stored and broadcast as any move. A seat that
//! runs out `clock_strikes` turns in a row is handed to the bot for the rest of the game (shown
//! as a bot seat in the seats frames and the welcome); one whose player moves in time plays on.
//! The clock lives in memory: a server that restarts (or loads the room again) starts the turn
//! being played afresh, and a seat's count of turns run out starts again from none. Friends'
//! rooms have no clock.

use super::*;
use engine::core::bot::{self, BotBudget};
use engine::core::driver::bot_seed;
use engine::core::{Level, Rng};
use engine::online::protocol::{SeatInfo, SeatPlan};
use engine::online::room::HOST;

pub struct Clock {
    /// Turns run out in a row, per seat.
    strikes: HashMap<usize, u32>,
    /// Seats handed to the bot for the rest of the game.
    handed: Vec<usize>,
    /// The move count when the turn being played began, and when.
    since: (u64, Instant),
}

impl Default for Clock {
    fn default() -> Self {
        Clock {
            strikes: HashMap::new(),
            handed: Vec::new(),
            since: (u64::MAX, Instant::now()),
        }
    }
}

/// Whether a room's turns are timed: a started quick-match room with two or more players
/// (nobody is the host of a quick-match room).
pub fn clocked(room: &Room) -> bool {
    room.phase() == Phase::Playing && !room.is_host(HOST) && room.players() >= 2
}

/// The bot's move for a seat whose time ran out (a pure function of the room's log).
struct ClockJob {
    seq: u64,
    seat: usize,
    holder: usize,
    game: Box<dyn engine::core::Game>,
    seed: u64,
}

impl RoomCell {
    /// Whether the clock handed this seat to the bot.
    pub fn handed(&self, seat: usize) -> bool {
        self.clock
            .lock()
            .map(|c| c.handed.contains(&seat))
            .unwrap_or(false)
    }

    /// The seat's player moved in time: its run of turns run out is over.
    pub fn player_moved(&self, seat: usize) {
        if let Ok(mut c) = self.clock.lock() {
            c.strikes.remove(&seat);
        }
    }

    /// Move `seq` is to be played from now.
    pub fn turn_began(&self, seq: u64) {
        if let Ok(mut c) = self.clock.lock() {
            c.since = (seq, Instant::now());
        }
    }

    /// How long the turn at move `seq` has lasted (a turn the clock did not see begin begins
    /// now: a room loaded again).
    fn turn_lasted(&self, seq: u64) -> Duration {
        let Ok(mut c) = self.clock.lock() else {
            return Duration::ZERO;
        };
        if c.since.0 != seq {
            c.since = (seq, Instant::now());
        }
        c.since.1.elapsed()
    }

    /// One more turn run out for a seat; whether it is now handed to the bot.
    fn ran_out(&self, seat: usize, strikes: u32) -> bool {
        let Ok(mut c) = self.clock.lock() else {
            return false;
        };
        let n = c.strikes.entry(seat).or_insert(0);
        *n += 1;
        if *n >= strikes && !c.handed.contains(&seat) {
            c.handed.push(seat);
            return true;
        }
        false
    }

    /// Seats handed to the bot are shown as the normal bot's.
    pub fn mark_handed(&self, seats: &mut [SeatInfo]) {
        for (i, s) in seats.iter_mut().enumerate() {
            if self.handed(i) {
                s.plan = SeatPlan::Bot(Level::Normal);
                s.online = true;
            }
        }
    }
}

impl Hub {
    /// Runs the room's turn clock while its game is played, when it has one (one task per
    /// room). The seats the bots play are `run_bots`'.
    pub fn run_clock(self: &Arc<Self>, cell: &Arc<RoomCell>) {
        if cell.clock_on.swap(true, Ordering::AcqRel) {
            return;
        }
        let (hub, cell) = (self.clone(), cell.clone());
        tokio::spawn(async move {
            loop {
                let due = {
                    let Ok(room) = hub.lock(&cell).await else {
                        break;
                    };
                    hub.clock_due(&cell, &room)
                };
                let job = match due {
                    None => break,
                    Some(Err(wait)) => {
                        tokio::time::sleep(wait.min(Duration::from_millis(500))).await;
                        continue;
                    }
                    Some(Ok(job)) => job,
                };
                let (seq, seat, holder) = (job.seq, job.seat, job.holder);
                let Ok(Some(mv)) = blocking(move || {
                    let mut rng = Rng::new(job.seed);
                    bot::choose_at(
                        job.game.as_ref(),
                        Level::Normal,
                        &mut rng,
                        BotBudget::default(),
                    )
                })
                .await
                else {
                    break;
                };
                // Refused when the player's own move came first: the clock looks again.
                if hub.play_move(&cell, holder, seq, mv, true).await.is_ok()
                    && cell.ran_out(seat, hub.limits.clock_strikes)
                {
                    if let Ok(room) = hub.lock(&cell).await {
                        cell.broadcast(&cell.seats_frame(&room));
                    }
                }
            }
            cell.clock_on.store(false, Ordering::Release);
        });
    }

    /// None when the room's turns are not timed (now); the time left to the seat to act; or
    /// the move to think out for it.
    fn clock_due(&self, cell: &RoomCell, room: &Room) -> Option<Result<ClockJob, Duration>> {
        if !clocked(room) {
            return None;
        }
        let session = room.session()?;
        let seat = session.game.turn()?;
        let seq = room.seq();
        let lasted = cell.turn_lasted(seq);
        let Some(holder) = (0..room.players()).find(|&p| room.seats_of(p).contains(&seat)) else {
            // A bot's seat: `run_bots` plays it.
            return Some(Err(Duration::from_millis(250)));
        };
        let limit = if cell.handed(seat) {
            Duration::ZERO
        } else if session.game.launch_prompt().is_some() {
            self.limits.shot_clock
        } else {
            self.limits.decision_clock
        };
        if lasted < limit {
            return Some(Err(limit - lasted));
        }
        Some(Ok(ClockJob {
            seq,
            seat,
            holder,
            game: session.game.clone_game(),
            seed: bot_seed(session.replay.seed, seq as usize),
        }))
    }
}
