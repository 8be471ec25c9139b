//! How a server is run: the command line's limits on rooms, connections and quick match.

use std::time::Duration;

/// How a server is run (the command line's options).
#[derive(Clone, Debug)]
pub struct Limits {
    /// Rooms one address may make per hour: friends' rooms, and the quick-match rooms it is
    /// seated in (each address in a quick room counts it once).
    pub rooms_per_address: usize,
    /// Frames a connection may send per second (a burst of twice as many is let through).
    pub frames_per_second: u32,
    /// Origins allowed besides the server's own (`http://host:port`).
    pub allowed_origins: Vec<String>,
    /// Rooms untouched for this long are forgotten.
    pub room_days: u64,
    /// A room not asked for this long (no move, no visitor) is let go when nobody follows it,
    /// and put to sleep (only its move count kept, rebuilt from the store when next asked for)
    /// when connections still follow it (`Hub::sweep`, the room's owner decides).
    pub idle_after: Duration,
    /// Quick-match requests one address may make per hour.
    pub quick_per_address: usize,
    /// Connections of one address that may wait for a quick match at once.
    pub queued_per_address: usize,
    /// A player waiting this long without enough others is offered a room with bots.
    pub quick_bots_after: Duration,
    /// A quick-match seat to decide has this long before the server's bot decides for it
    /// (`room::clock`).
    pub decision_clock: Duration,
    /// A quick-match seat to shoot has this long before the server's bot shoots for it.
    pub shot_clock: Duration,
    /// A seat that runs out of time this many turns in a row is handed to the bot for good.
    pub clock_strikes: u32,
    /// Rated games a pair of players (two devices, or two seats from one address) may play
    /// together in a game per UTC day (`ratings::PAIR_GAMES_PER_DAY`).
    pub rated_pairs_per_day: u32,
    /// A connection has this long to send its request's headers (the WebSocket upgrade).
    pub upgrade_limit: Duration,
    /// An upgraded connection has this long to send its first frame.
    pub first_frame_limit: Duration,
    /// Connections one address may hold at once.
    pub connections_per_address: usize,
    /// Connections the server holds at once (default: its open-file limit less a reserve,
    /// `gate::FILE_RESERVE`).
    pub connections: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            rooms_per_address: 30,
            frames_per_second: 20,
            allowed_origins: Vec::new(),
            room_days: 14,
            idle_after: Duration::from_secs(60),
            quick_per_address: 120,
            queued_per_address: 8,
            quick_bots_after: Duration::from_secs(20),
            decision_clock: Duration::from_secs(60),
            shot_clock: Duration::from_secs(45),
            clock_strikes: 3,
            rated_pairs_per_day: crate::ratings::PAIR_GAMES_PER_DAY,
            upgrade_limit: Duration::from_secs(10),
            first_frame_limit: Duration::from_secs(20),
            connections_per_address: 64,
            connections: crate::gate::default_connections(),
        }
    }
}
