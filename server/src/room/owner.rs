//! A room's owner (`Owner`, in the folder's `mod.rs`): the task that holds one live room and does
//! everything done to it, one asked thing at a time. Who is connected (here and on the other
//! servers), who watches, which seats are the bot's and which players have moved are all known
//! to it, in one place.

use super::*;
use engine::online::protocol::{Phase, You};

/// Gives a room its owner; `bots`: its bots and clock start at once.
pub(super) fn spawn(rooms: Arc<Rooms>, room: Room, bots: bool) -> Inbox {
    let (inbox, asks) = mpsc::channel(INBOX);
    let (tx, _) = broadcast::channel(FOLLOW_QUEUE);
    let owner = Owner {
        rooms,
        code: room.code.clone(),
        room: Some(Box::new(room)),
        asleep: 0,
        tx,
        online: HashMap::new(),
        remote: HashMap::new(),
        followers: 0,
        thinking: false,
        clock: Default::default(),
        rematch: Default::default(),
        touched: Instant::now(),
        me: inbox.downgrade(),
        moved: HashSet::new(),
        from: HashMap::new(),
    };
    tokio::spawn(owner.run(asks, bots));
    Inbox(inbox)
}

impl Owner {
    async fn run(mut self, mut asks: mpsc::Receiver<Box<Ask>>, bots: bool) {
        if bots {
            self.run_bots();
        }
        loop {
            let due = self.clock_due_at();
            let ask = tokio::select! {
                ask = asks.recv() => match ask {
                    Some(ask) => ask,
                    None => break,
                },
                _ = tokio::time::sleep_until(due.unwrap_or_else(Instant::now).into()),
                    if due.is_some() => {
                    Box::pin(self.clock_ran_out()).await;
                    continue;
                }
            };
            if let Ask::Sweep { idle, reply } = *ask {
                let swept = self.sweep(idle, &asks);
                let gone = swept == Sweep::LetGo;
                let _ = reply.send(Ok(swept));
                if gone {
                    // Asks sent meanwhile are dropped unanswered: their senders load the room
                    // again from the store (`Rooms::ask`).
                    asks.close();
                    while asks.try_recv().is_ok() {}
                    break;
                }
                continue;
            }
            // Boxed: the task holds only this loop's state between asks, not the largest of
            // the futures an ask may await.
            Box::pin(self.handle(*ask)).await;
        }
    }

    async fn handle(&mut self, ask: Ask) {
        match ask {
            Ask::Join { name, reply } => {
                let _ = reply.send(self.join(&name).await);
            }
            Ask::Enter {
                token,
                resume,
                from,
                reply,
            } => {
                let entered = self.enter(token, resume).await;
                let player = entered.as_ref().ok().and_then(|e| e.player);
                let _ = reply.send(entered);
                if let (Some(p), Some(ip)) = (player, from) {
                    self.from.insert(p, ip);
                }
                // A player here: the room's bots go on (a room nobody followed stood still).
                if resume || player.is_some() {
                    self.run_bots();
                }
            }
            Ask::Start { player, reply } => {
                let _ = reply.send(self.start(player).await);
                self.run_bots();
            }
            Ask::Move {
                player,
                seq,
                mv,
                reply,
            } => {
                let played = self.play(player, seq, mv).await;
                let _ = reply.send(played);
                self.run_bots();
            }
            Ask::Rematch {
                player,
                news,
                reply,
            } => {
                let _ = reply.send(self.ask_rematch(player, news).await);
            }
            Ask::Leave { player } => self.leave(player).await,
            Ask::Heard(notice) => self.heard(notice).await,
            Ask::Resync => self.follow_setup().await,
            Ask::Forget(gone) => self.forget_servers(&gone),
            Ask::Sweep { reply, .. } => {
                let _ = reply.send(Ok(Sweep::Kept));
            }
            Ask::BotMoved { seq, mv } => {
                self.thinking = false;
                if let Some(mv) = mv {
                    if self.play_bot(seq, mv).await {
                        self.run_bots();
                    }
                }
            }
            Ask::ClockMoved {
                seq,
                seat,
                holder,
                mv,
            } => self.clock_moved(seq, seat, holder, mv).await,
            #[cfg(test)]
            Ask::Look(f) => {
                if self.wake().await.is_ok() {
                    if let Some(room) = self.room.as_deref() {
                        f(room);
                    }
                }
            }
        }
    }

    /// The room, awake (rebuilt from the store if it slept), marked as asked for.
    pub(super) async fn wake(&mut self) -> Result<(), String> {
        self.touched = Instant::now();
        if self.room.is_some() {
            return Ok(());
        }
        self.rebuild().await
    }

    /// The room as it stands (awake: after `wake`).
    pub(super) fn room(&mut self) -> Result<&mut Room, String> {
        self.room.as_deref_mut().ok_or_else(|| unwell(()))
    }

    async fn join(&mut self, name: &str) -> Result<Entered, String> {
        self.wake().await?;
        self.freshen().await;
        let token = new_token()?;
        let room = self.room()?;
        let before = room.meta_json();
        room.join(name, &token).map_err(|e| e.0)?;
        self.save_meta(before).await?;
        self.enter_now(Some(token), false)
    }

    /// Enters a connection: counted, its player shown online, its welcome made and the room's
    /// frames subscribed to for it.
    async fn enter(&mut self, token: Option<String>, resume: bool) -> Result<Entered, String> {
        self.wake().await?;
        self.freshen().await;
        self.enter_now(token, resume)
    }

    fn enter_now(&mut self, token: Option<String>, resume: bool) -> Result<Entered, String> {
        let room = self.room.as_deref().ok_or_else(|| unwell(()))?;
        let player = token.as_deref().and_then(|t| room.player(t));
        if resume && player.is_none() {
            return Err("this seat token does not belong to this room".into());
        }
        if let Some(p) = player {
            if !self.followed() {
                // Nobody followed the room: its clock stood still, and the turn being played
                // starts afresh now that a player is back.
                self.clock.restart();
            }
            self.set_online(p, true);
            self.broadcast_seats();
        }
        self.followers += 1;
        let frames = self.tx.subscribe();
        let welcome = self.welcome(player, token)?;
        Ok(Entered {
            player,
            welcome,
            frames,
        })
    }

    /// A connection stops following: its player shown gone, and a rematch the others asked for
    /// made if they are now everyone connected.
    async fn leave(&mut self, player: Option<usize>) {
        self.followers = self.followers.saturating_sub(1);
        if let Some(p) = player {
            self.set_online(p, false);
            if self.wake().await.is_ok() {
                self.broadcast_seats();
            }
            self.rematch_left().await;
        }
    }

    async fn start(&mut self, player: usize) -> Result<(), String> {
        self.wake().await?;
        self.freshen().await;
        let room = self.room()?;
        let before = room.meta_json();
        room.start(player).map_err(|e| e.0)?;
        self.save_meta(before).await?;
        let room = self.room.as_deref().ok_or_else(|| unwell(()))?;
        broadcast_started(&self.tx, room);
        Ok(())
    }

    /// Stores the room's setup after a change made from setup `before` (a join or the start, so
    /// the room's clients know it as waiting); when the store refuses, the room is rebuilt from
    /// the store and its clients are sent what changed.
    async fn save_meta(&mut self, before: String) -> Result<(), String> {
        let (store, code) = (self.rooms.store.clone(), self.code.clone());
        let meta = self.room()?.meta_json();
        let saved = blocking(move || store.update_meta(&code, &before, &meta, now())).await?;
        if let Err(e) = saved {
            self.setup_from_store().await;
            return Err(e);
        }
        Ok(())
    }

    /// Plays a player's move. A seat handed to the bot by the clock is the bot's to the end.
    async fn play(&mut self, player: usize, seq: u64, mv: Move) -> Result<(), String> {
        let seat = mv.seat as usize;
        if self.clock.handed(seat) {
            return Err(format!(
                "seat {seat} ran out of time {} turns in a row and was handed to the server's \
                 bot, which plays it to the end",
                self.rooms.limits.clock_strikes
            ));
        }
        self.play_move(player, seq, mv, false).await?;
        self.clock.player_moved(seat);
        self.moved.insert(player);
        Ok(())
    }

    /// Plays a move for a player's seat (theirs, or the clock's for them: `clock`, and so
    /// marked on its `moved`): checked and simulated by the rules, stored, then sent.
    pub(super) async fn play_move(
        &mut self,
        player: usize,
        seq: u64,
        mv: Move,
        clock: bool,
    ) -> Result<(), String> {
        self.wake().await?;
        self.apply(move |room| room.play(player, seq, &mv), clock)
            .await
    }

    /// Plays the bot's move for move `seq`; whether it was played.
    async fn play_bot(&mut self, seq: u64, mv: Move) -> bool {
        if self.wake().await.is_err() {
            return false;
        }
        self.apply(move |room| room.play_bot(seq, mv), false)
            .await
            .is_ok()
    }

    /// Plays a move on the room off the async threads (the rules simulate shots), stores it,
    /// and sends it; a move played but not stored is taken back (and the move stored in its
    /// place by another server, if any, is sent).
    async fn apply(
        &mut self,
        play: impl FnOnce(&mut Room) -> engine::core::RuleResult<Played> + Send + 'static,
        clock: bool,
    ) -> Result<(), String> {
        let Some(mut room) = self.room.take() else {
            return Err(unwell(()));
        };
        let at = room.seq();
        let store = self.rooms.store.clone();
        let done = blocking(move || {
            let result = play(&mut room)
                .map_err(|e| e.0)
                .and_then(|p| commit(store.as_ref(), &room.code, &p).map(|_| p));
            (room, result)
        })
        .await;
        let (room, result) = match done {
            Ok(done) => done,
            Err(e) => {
                // The rules failed mid-move: the room is rebuilt from the store when next asked.
                self.asleep = at;
                return Err(e);
            }
        };
        self.room = Some(room);
        match result {
            Ok(played) => {
                if played.mv.is_shot() {
                    self.rooms.stats.shots.fetch_add(1, Ordering::Relaxed);
                }
                self.announce(played, clock);
                Ok(())
            }
            Err(e) => {
                if self.room.as_ref().is_some_and(|r| r.seq() != at) {
                    // Played here but not stored: take it back, and send the move stored in its
                    // place (another server's), if any. A move the room refused changed nothing:
                    // the room may already hold the other server's move (heard and sent before
                    // this one got the room), and sending that again would send it twice
                    // (regress_a_move_heard_before_a_losing_race_is_sent_once).
                    self.resync(at).await;
                }
                Err(e)
            }
        }
    }

    /// Sends a move to everyone following the room, each told the draws it may see; `clock`:
    /// the turn clock played it. A game that ended is rated.
    pub(super) fn announce(&mut self, p: Played, clock: bool) {
        self.rooms.stats.moves.fetch_add(1, Ordering::Relaxed);
        let next = self
            .room
            .as_deref()
            .and_then(|r| r.session())
            .and_then(|s| s.game.turn());
        self.clock.turn_began(p.seq + 1, next);
        if p.over {
            if let Some(room) = self.room.as_deref() {
                let (left, from) = self.who_left(room);
                self.rooms.rate_if_over(room, &left, &from);
            }
        }
        let Some(room) = self.room.as_deref() else {
            return;
        };
        let seed = room.seed_when_over();
        let salt = room.salt_when_over();
        broadcast_each(&self.tx, room, |player| ServerFrame::Moved {
            seq: p.seq,
            mv: p.mv.clone(),
            hash: p.hash.clone(),
            over: p.over,
            told: Some(room.tape_for(&p.notes, player)),
            seed,
            salt: salt.clone(),
            clock,
        });
    }

    /// By player, as the game ends: who left it, and the address each played from here. A
    /// player **left** when a seat of theirs was handed to the bot (`clock_strikes` turns run
    /// out in a row), when they have no connection to the room at the end (here or on another
    /// server), or when the clock played for them and they never made a move of their own; in
    /// a game where no player made a move of their own, everyone left (docs/online.md,
    /// "Ratings").
    fn who_left(&self, room: &Room) -> (Vec<bool>, Vec<Option<IpAddr>>) {
        let nobody_moved = self.moved.is_empty();
        let left = (0..room.players())
            .map(|p| {
                let seats = room.seats_of(p);
                nobody_moved
                    || seats.iter().any(|&s| self.clock.handed(s))
                    || !self.is_online(p)
                    || (!self.moved.contains(&p) && seats.iter().any(|&s| self.clock.played(s)))
            })
            .collect();
        let from = (0..room.players())
            .map(|p| self.from.get(&p).copied())
            .collect();
        (left, from)
    }

    /// Whether a player of the room has a connection to it (here or on another server heard
    /// lately). Watchers alone do not count: a room no player follows stands still (no bot,
    /// no clock) until one comes back.
    pub(super) fn followed(&self) -> bool {
        self.online.values().any(|n| *n > 0) || {
            let players: HashSet<usize> = self.remote.keys().map(|(_, p)| *p).collect();
            players.into_iter().any(|p| self.is_online(p))
        }
    }

    /// Has the bot think out its move when one of the room's bot seats is to act (off the
    /// room's task; the move comes back as `Ask::BotMoved`, and the next is looked for then).
    /// Not while no player follows the room.
    pub(super) fn run_bots(&mut self) {
        if self.thinking || !self.followed() {
            return;
        }
        let Some(job) = self.room.as_deref().and_then(|r| r.bot_job()) else {
            return;
        };
        let Some(me) = self.me.upgrade() else { return };
        self.thinking = true;
        tokio::spawn(async move {
            let seq = job.seq;
            let mv = blocking(move || job.think()).await.ok().flatten();
            let _ = me.send(Box::new(Ask::BotMoved { seq, mv })).await;
        });
    }

    /// Whether the room is let go (nobody follows it, no bot thinks for it, no clock runs for
    /// it), put to sleep (followed, but not asked for in `idle`), or kept.
    fn sweep(&mut self, idle: Duration, asks: &mpsc::Receiver<Box<Ask>>) -> Sweep {
        if self.touched.elapsed() < idle || self.thinking || self.clock.busy {
            return Sweep::Kept;
        }
        if self.room.as_deref().is_some_and(clocked) && self.followed() {
            // The clock asks for the room while its game is played (and a player follows it).
            return Sweep::Kept;
        }
        if self.followers == 0 && self.tx.receiver_count() == 0 && asks.is_empty() {
            self.rooms.let_go(&self.code, &self.me);
            return Sweep::LetGo;
        }
        match self.room.as_deref() {
            Some(room) if room.phase() != Phase::Waiting => {
                self.asleep = room.seq();
                self.room = None;
                Sweep::Slept
            }
            _ => Sweep::Kept,
        }
    }

    /// Connections for `player` on this server: counted, and told to the other servers.
    fn set_online(&mut self, player: usize, here: bool) {
        let n = self.online.entry(player).or_insert(0);
        if here {
            *n += 1;
        } else {
            *n = n.saturating_sub(1);
        }
        let count = *n;
        self.rooms.tell(Notice::Online {
            server: self.rooms.server.clone(),
            code: self.code.clone(),
            player,
            count,
        });
    }

    /// Whether the player has a connection here or on a server heard lately.
    pub(super) fn is_online(&self, player: usize) -> bool {
        if self.online.get(&player).is_some_and(|n| *n > 0) {
            return true;
        }
        let Ok(peers) = self.rooms.peers.lock() else {
            return false;
        };
        let alive = |s: &str| peers.get(s).is_some_and(|t| t.elapsed() < PEER_SILENCE);
        self.remote
            .iter()
            .any(|((s, p), n)| *p == player && *n > 0 && alive(s))
    }

    /// Sends every connection the seats as they stand (who is connected, who is the bot's).
    pub(super) fn broadcast_seats(&self) {
        let Some(room) = self.room.as_deref() else {
            return;
        };
        let mut seats = room.seat_infos(&|p| self.is_online(p));
        self.clock.mark_handed(&mut seats);
        broadcast(&self.tx, &ServerFrame::Seats { seats });
    }

    /// The welcome for a connection: the room as it stands and who it is.
    fn welcome(&self, player: Option<usize>, token: Option<String>) -> Result<ServerFrame, String> {
        let room = self.room.as_deref().ok_or_else(|| unwell(()))?;
        let mut view = room.view(&|p| self.is_online(p), player);
        self.clock.mark_handed(&mut view.seats);
        let mut seats = player.map(|p| room.seats_of(p)).unwrap_or_default();
        seats.retain(|&s| !self.clock.handed(s));
        Ok(ServerFrame::Welcome {
            you: You {
                seats,
                host: player.is_some_and(|p| room.is_host(p)),
                token,
            },
            room: view,
        })
    }
}

use std::sync::atomic::Ordering;

/// Sends a frame to every connection following the room.
pub(super) fn broadcast(tx: &broadcast::Sender<Arc<Outgoing>>, frame: &ServerFrame) {
    let _ = tx.send(Arc::new(Outgoing::All(frame.to_json())));
}

/// Sends each player of the room (and the watchers) its own version of a frame.
fn broadcast_each(
    tx: &broadcast::Sender<Arc<Outgoing>>,
    room: &Room,
    frame: impl Fn(Option<usize>) -> ServerFrame,
) {
    let players = (0..room.players())
        .map(|p| frame(Some(p)).to_json())
        .collect();
    let watchers = frame(None).to_json();
    let _ = tx.send(Arc::new(Outgoing::Each { players, watchers }));
}

/// The game started: each told the setup's draws it may see.
pub(super) fn broadcast_started(tx: &broadcast::Sender<Arc<Outgoing>>, room: &Room) {
    broadcast_each(tx, room, |player| ServerFrame::Started {
        hash: room.hash(),
        told: room.setup_tape(player),
    });
}
