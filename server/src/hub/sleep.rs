//! Rooms not asked for a while: let go when nobody follows them, put to sleep (their game
//! dropped, only their move count kept) when a connection still follows them; woken (rebuilt
//! from the store's log with its recorded outcomes) under their lock when next asked for.

use super::*;

impl Hub {
    /// Lets go of every room nobody follows now (`sweep` with no wait).
    pub fn evict_idle(&self) -> usize {
        self.sweep(Duration::ZERO).let_go
    }

    /// Rooms not asked for in `idle` (no move, no visitor): those nobody follows (no
    /// connection, no bot thinking, no clock) are let go: they are in the store and load again
    /// when asked for. Checked under the rooms' lock, where `room` hands out its copies, so a
    /// room is never held twice. Those still followed (a connection left open) are put to
    /// sleep: their game (rules and table) is dropped, only their move count kept; `lock`
    /// rebuilds them from the store's log, with its recorded outcomes, when next asked for.
    pub fn sweep(&self, idle: Duration) -> Swept {
        let (let_go, idle_followed) = {
            let Ok(mut rooms) = self.rooms.lock() else {
                return Swept::default();
            };
            let before = rooms.len();
            rooms.retain(|_, cell| Arc::strong_count(cell) > 1 || cell.untouched() < idle);
            let idle_followed: Vec<Arc<RoomCell>> = rooms
                .values()
                .filter(|c| c.untouched() >= idle && !c.bot_busy.load(Ordering::Acquire))
                .cloned()
                .collect();
            (before - rooms.len(), idle_followed)
        };
        let mut slept = 0;
        for cell in idle_followed {
            // A room in use now is not idle; one waiting for its players holds no game.
            let Ok(mut held) = cell.room.try_lock() else {
                continue;
            };
            if let Held::Live(room) = &*held {
                if room.phase() != Phase::Waiting {
                    *held = Held::Asleep { seq: room.seq() };
                    slept += 1;
                }
            }
        }
        Swept { let_go, slept }
    }

    /// The room under its lock, awake: a room put to sleep (`sweep`) is rebuilt from the store
    /// with the moves its connections have been sent (applied with their recorded outcomes, as
    /// a room loaded from the store is), then the moves stored after those (another server's,
    /// with a shared store) are applied and sent. Marks the room as asked for.
    pub async fn lock(&self, cell: &RoomCell) -> Result<Guard, String> {
        let mut held = cell.room.clone().lock_owned().await;
        cell.touch();
        let mut rest = None;
        if let Held::Asleep { seq } = *held {
            let began = Instant::now();
            let (store, code) = (self.store.clone(), cell.code.clone());
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
                eprintln!("room {}: not woken: {e}", cell.code);
                "the server could not load this room just now: try again".to_string()
            })?;
            *held = Held::Live(Box::new(room));
            self.stats.rebuilds.fetch_add(1, Ordering::Relaxed);
            self.stats
                .rebuild_us
                .fetch_add(began.elapsed().as_micros() as u64, Ordering::Relaxed);
            rest = Some((seq, after));
        }
        let mut guard = OwnedMutexGuard::try_map(held, |h| match h {
            Held::Live(room) => Some(&mut **room),
            Held::Asleep { .. } => None,
        })
        .map_err(|_| "the server is unwell".to_string())?;
        if let Some((seq, after)) = rest {
            if !after.is_empty() && !self.follow_moves(cell, &mut guard, after).await {
                self.resync(cell, &mut guard, seq).await;
            }
        }
        Ok(guard)
    }
}
