//! A room's owner and the store: a room put to sleep is rebuilt from it, and, with a store that
//! several servers share (PostgreSQL), a room held by more than one server at once is brought up
//! to the store when another server tells of a change (`heard`) or before a client enters or
//! changes it (`freshen`), every move its own clients have not been sent broadcast in order.

use super::owner::broadcast_started;
use super::*;
use engine::online::protocol::Phase;

impl Owner {
    /// Rebuilds a room put to sleep from the store with the moves its connections have been
    /// sent (applied with their recorded outcomes, as a room loaded from the store is), then
    /// applies and sends the moves stored after those (another server's, with a shared store).
    pub(super) async fn rebuild(&mut self) -> Result<(), String> {
        let began = Instant::now();
        let (store, code, seq) = (self.rooms.store.clone(), self.code.clone(), self.asleep);
        let woken = async {
            let mut stored = blocking(move || store.load(&code))
                .await??
                .ok_or_else(|| "it is no longer in the store".to_string())?;
            let after = stored
                .moves
                .split_off((seq as usize).min(stored.moves.len()));
            let room = blocking(move || restore(stored)).await??;
            Ok::<_, String>((room, after))
        }
        .await;
        let (room, after) = woken.map_err(|e| {
            eprintln!("room {}: not woken: {e}", self.code);
            "the server could not load this room just now: try again".to_string()
        })?;
        self.room = Some(Box::new(room));
        let stats = &self.rooms.stats;
        stats.rebuilds.fetch_add(1, Ordering::Relaxed);
        stats
            .rebuild_us
            .fetch_add(began.elapsed().as_micros() as u64, Ordering::Relaxed);
        if !after.is_empty() && !self.follow_moves(after).await {
            self.resync(seq).await;
        }
        Ok(())
    }

    /// What another server sharing the store told of this room.
    pub(super) async fn heard(&mut self, notice: Notice) {
        match notice {
            Notice::Moved { seq, .. } => {
                if self.wake().await.is_err() {
                    return;
                }
                let at = self.room.as_deref().map_or(0, Room::seq);
                if at <= seq {
                    self.resync(at).await;
                }
            }
            Notice::Setup { .. } => self.follow_setup().await,
            Notice::Online {
                server,
                player,
                count,
                ..
            } => {
                let changed = self.remote.insert((server, player), count) != Some(count);
                if changed && self.wake().await.is_ok() {
                    self.broadcast_seats();
                }
            }
            Notice::Ask { code, .. } => {
                let mut here: Vec<(usize, usize)> = self
                    .online
                    .iter()
                    .map(|(p, n)| (*p, *n))
                    .filter(|x| x.1 > 0)
                    .collect();
                here.sort_unstable();
                for (player, count) in here {
                    self.rooms.tell(Notice::Online {
                        server: self.rooms.server.clone(),
                        code: code.clone(),
                        player,
                        count,
                    });
                }
            }
            Notice::Alive { .. } => {}
        }
    }

    /// Forgets what gone servers told, and sends the seats when that changed them.
    pub(super) fn forget_servers(&mut self, gone: &[String]) {
        let before = self.remote.len();
        self.remote.retain(|(s, _), _| !gone.contains(s));
        if self.remote.len() != before {
            self.broadcast_seats();
        }
    }

    /// Brings the room up to the store after its setup may have changed elsewhere (or notices
    /// were missed): a waiting room is rebuilt from the stored setup (its start, if it started,
    /// sent to its clients), then every stored move they have not been sent.
    pub(super) async fn follow_setup(&mut self) {
        if self.wake().await.is_err() {
            return;
        }
        let at = self.room.as_deref().map(|r| (r.phase(), r.seq()));
        match at {
            Some((Phase::Waiting, _)) => self.setup_from_store().await,
            Some((_, at)) => self.resync(at).await,
            None => {}
        }
    }

    /// With a shared store, brings the room up to the store before a client enters it or
    /// changes it: another server may have stored a change whose notice is still on its way.
    pub(super) async fn freshen(&mut self) {
        if self.rooms.store.shared() {
            self.follow_setup().await;
        }
    }

    /// Rebuilds a room whose clients know it as waiting from the store: its seats sent, its
    /// start if it started, then its moves.
    pub(super) async fn setup_from_store(&mut self) {
        let before = self.room.as_deref().map(Room::meta_json);
        let Some(rest) = self.restore_to(0).await else {
            return;
        };
        self.send_setup_if_changed(before);
        self.follow_moves(rest).await;
    }

    /// Sends the seats (and the start) when the setup is no longer `before`.
    fn send_setup_if_changed(&self, before: Option<String>) {
        let Some(room) = self.room.as_deref() else {
            return;
        };
        if Some(room.meta_json()) != before {
            self.broadcast_seats();
            if room.phase() != Phase::Waiting {
                broadcast_started(&self.tx, room);
            }
        }
    }

    /// Brings the room up to the store when its clients have been sent its first `known` moves:
    /// the moves stored after those are applied and broadcast, in order. A room that is not at
    /// `known` (a move played here but refused by the store) is first rebuilt to it.
    pub(super) async fn resync(&mut self, known: u64) {
        let at = self.room.as_deref().map(|r| (r.seq(), r.phase()));
        if at.is_some_and(|(seq, phase)| seq == known && phase != Phase::Waiting) {
            let (store, code) = (self.rooms.store.clone(), self.code.clone());
            if let Ok(Ok(rest)) = blocking(move || store.moves_since(&code, known)).await {
                if self.follow_moves(rest).await {
                    return;
                }
            }
        }
        if let Some(rest) = self.restore_to(known).await {
            self.follow_moves(rest).await;
        }
    }

    /// Rebuilds the room from the store with its first `known` moves (fewer if fewer are
    /// stored); returns the stored moves after those.
    async fn restore_to(&mut self, known: u64) -> Option<Vec<String>> {
        let (store, code) = (self.rooms.store.clone(), self.code.clone());
        let mut stored = blocking(move || store.load(&code)).await.ok()?.ok()??;
        let rest = stored
            .moves
            .split_off((known as usize).min(stored.moves.len()));
        match blocking(move || restore(stored)).await {
            Ok(Ok(room)) => {
                self.room = Some(Box::new(room));
                Some(rest)
            }
            Ok(Err(e)) | Err(e) => {
                eprintln!("{e}");
                None
            }
        }
    }

    /// Applies stored moves that follow the room as it stands and broadcasts each; false when
    /// one does not follow (the room is then rebuilt by the caller).
    async fn follow_moves(&mut self, rest: Vec<String>) -> bool {
        for text in rest {
            let Ok(mv) = Move::deserialize_json(&text) else {
                eprintln!("room {}: a stored move is damaged", self.code);
                return false;
            };
            let Some(room) = self.room.as_deref_mut() else {
                return false;
            };
            let seq = room.seq();
            let seat = mv.seat as usize;
            // A move another server stored counts as its player's own (its notice does not say
            // whether that server's clock played it): across servers a player who left is
            // known by the clock handing their seat over, or by having no connection.
            let holder = (0..room.players()).find(|&p| room.seats_of(p).contains(&seat));
            match room.apply_logged(seq, mv) {
                Ok(played) => {
                    if let Some(p) = holder {
                        self.moved.insert(p);
                    }
                    self.announce(played, false)
                }
                Err(_) => return false,
            }
        }
        true
    }
}

use std::sync::atomic::Ordering;
