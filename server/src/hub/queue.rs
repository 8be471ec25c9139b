//! Quick match: connections waiting for a game with a number of players, seated together in a
//! new started room as soon as enough wait (when more than enough wait, those closest in rating;
//! two connections of one device never together). A player waiting `quick_bots_after` without
//! enough others is offered a room with bots in the empty seats (`bots` takes it; otherwise the
//! wait goes on). The queue is this server's own (in memory): a restart or a closed connection
//! empties it of those waiters; a room it made is stored like any other.

use super::*;
use engine::online::protocol::ServerFrame;
use engine::online::room::{check_name, QuickSeat};
use tokio::sync::mpsc;

struct Waiter {
    conn: u64,
    ip: IpAddr,
    name: String,
    device: Option<String>,
    /// The aim aid the player asked for (`protocol::Aid::in_quick_room` decides).
    aid: Option<String>,
    rating: f64,
    /// When it queued (also tells this wait from a later one of the same connection).
    since: Instant,
    offered: bool,
    news: mpsc::UnboundedSender<QueueNews>,
}

/// A game's id and its number of players.
type Key = (String, usize);

#[derive(Default)]
pub struct Queue {
    waiting: HashMap<Key, Vec<Waiter>>,
}

impl Queue {
    fn key_of(&self, conn: u64) -> Option<Key> {
        self.waiting
            .iter()
            .find(|(_, list)| list.iter().any(|w| w.conn == conn))
            .map(|(k, _)| k.clone())
    }

    fn remove(&mut self, conn: u64) -> Option<Key> {
        let key = self.key_of(conn)?;
        if let Some(list) = self.waiting.get_mut(&key) {
            list.retain(|w| w.conn != conn);
            if list.is_empty() {
                self.waiting.remove(&key);
            }
        }
        Some(key)
    }

    /// Takes these waiters (indices into the key's list) out of the queue.
    fn take(&mut self, key: &Key, mut chosen: Vec<usize>) -> Vec<Waiter> {
        let Some(list) = self.waiting.get_mut(key) else {
            return Vec::new();
        };
        chosen.sort_unstable();
        chosen.dedup();
        let mut out = Vec::new();
        for i in chosen.into_iter().rev() {
            if i < list.len() {
                out.push(list.remove(i));
            }
        }
        out.reverse();
        if list.is_empty() {
            self.waiting.remove(key);
        }
        out
    }

    fn waiting_of(&self, ip: IpAddr) -> usize {
        self.waiting
            .values()
            .flatten()
            .filter(|w| w.ip == ip)
            .count()
    }

    /// Tells every waiter of `key` how many wait.
    fn tell_count(&self, key: &Key) {
        let Some(list) = self.waiting.get(key) else {
            return;
        };
        for w in list {
            let _ = w.news.send(QueueNews::frame(ServerFrame::Queued {
                game: key.0.clone(),
                players: key.1 as u64,
                waiting: list.len() as u64,
            }));
        }
    }
}

/// Which waiters (ratings and devices, in the order they queued) sit together: `players` of
/// them with different devices, the closest in rating (the smallest spread from the lowest to
/// the highest; equal spreads: the group with the one who has waited longest). None when no
/// such group waits.
pub(super) fn pick(waiters: &[(f64, Option<&str>)], players: usize) -> Option<Vec<usize>> {
    if players == 0 || waiters.len() < players {
        return None;
    }
    let mut order: Vec<usize> = (0..waiters.len()).collect();
    order.sort_by(|&a, &b| waiters[a].0.total_cmp(&waiters[b].0).then(a.cmp(&b)));
    let mut best: Option<(f64, usize, Vec<usize>)> = None;
    for start in 0..order.len() {
        let mut group = vec![order[start]];
        for &i in &order[start + 1..] {
            if group.len() == players {
                break;
            }
            let d = waiters[i].1;
            if d.is_some() && group.iter().any(|&g| waiters[g].1 == d) {
                continue;
            }
            group.push(i);
        }
        if group.len() < players {
            continue;
        }
        let (low, high) = (group[0], group[group.len() - 1]);
        let spread = waiters[high].0 - waiters[low].0;
        let oldest = group.iter().copied().min().unwrap_or(usize::MAX);
        let better = match &best {
            None => true,
            Some((s, o, _)) => spread < *s || (spread == *s && oldest < *o),
        };
        if better {
            best = Some((spread, oldest, group));
        }
    }
    best.map(|(_, _, mut g)| {
        g.sort_unstable();
        g
    })
}

/// A quick-match request as the frame gave it.
pub struct QuickAsk {
    pub game: String,
    pub name: String,
    pub players: Option<u64>,
    pub device: Option<String>,
    pub aid: Option<String>,
}

impl Hub {
    /// Whether this connection waits for a quick match.
    pub fn is_queued(&self, conn: u64) -> bool {
        self.queue
            .lock()
            .map(|q| q.key_of(conn).is_some())
            .unwrap_or(false)
    }

    /// Puts a connection in the queue (refused in words, nothing changed, when the request is
    /// bad or past a limit), then seats whoever can be seated.
    pub async fn quick(
        self: &Arc<Self>,
        conn: u64,
        ip: IpAddr,
        ask: QuickAsk,
        news: &mpsc::UnboundedSender<QueueNews>,
    ) -> Result<(), String> {
        let info = engine::games::info(&ask.game).map_err(|e| e.0)?;
        if !info.available {
            return Err(format!("{} cannot be played yet", info.name));
        }
        let (low, high) = (info.min_seats.max(2), info.max_seats);
        let players = ask.players.unwrap_or(2);
        if players < low as u64 || players > high as u64 {
            return Err(format!(
                "{} takes {low} to {high} players, not {players}",
                info.name
            ));
        }
        let key: Key = (info.id.to_string(), players as usize);
        let name = check_name(&ask.name).map_err(|e| e.0)?;
        if let Some(d) = &ask.device {
            crate::board::check_device(d)?;
        }
        if self.is_queued(conn) {
            return Err(
                "this connection already waits for a quick match (send unqueue to leave it)".into(),
            );
        }
        let rating = match (&ask.device, self.rooms.ratings.get()) {
            (Some(d), Some(r)) => r.rating_of(&key.0, d).await.ok().flatten(),
            _ => None,
        };
        let since = Instant::now();
        {
            let mut q = self
                .queue
                .lock()
                .map_err(|_| "the server is unwell".to_string())?;
            if q.key_of(conn).is_some() {
                return Err("this connection already waits for a quick match".into());
            }
            if q.waiting_of(ip) >= self.limits.queued_per_address {
                return Err(format!(
                    "{} connections of this address already wait for a quick match, the most \
                     allowed",
                    self.limits.queued_per_address
                ));
            }
            self.may_ask_quick(ip)?;
            q.waiting.entry(key.clone()).or_default().push(Waiter {
                conn,
                ip,
                name,
                device: ask.device,
                aid: ask.aid,
                rating: rating.unwrap_or(1500.0),
                since,
                offered: false,
                news: news.clone(),
            });
            q.tell_count(&key);
        }
        let (hub, after) = (self.clone(), self.limits.quick_bots_after);
        tokio::spawn(async move {
            tokio::time::sleep(after).await;
            hub.offer_bots(conn, since);
        });
        self.seat_who_can(&key).await;
        Ok(())
    }

    /// Counts a quick-match request from `ip`, refusing past the hourly limit, or when the
    /// address has made as many rooms this hour as it may (a quick room counts as one).
    fn may_ask_quick(&self, ip: IpAddr) -> Result<(), String> {
        let most = self.limits.rooms_per_address;
        super::hourly(&self.made_by, ip, most, false, super::rooms_refusal)?;
        super::count_hourly(&self.quick_by, ip, self.limits.quick_per_address, |n| {
            format!(
                "this address has asked for {n} quick matches in the last hour, the most \
                 allowed: try again later"
            )
        })
    }

    /// Takes a connection out of the queue; whether it was waiting.
    pub fn unqueue(&self, conn: u64) -> bool {
        let Ok(mut q) = self.queue.lock() else {
            return false;
        };
        let Some(key) = q.remove(conn) else {
            return false;
        };
        q.tell_count(&key);
        true
    }

    /// After the wait, offers a room with bots to a waiter still without enough others.
    fn offer_bots(&self, conn: u64, since: Instant) {
        let Ok(mut q) = self.queue.lock() else { return };
        let Some(key) = q.key_of(conn) else { return };
        let Some(list) = q.waiting.get_mut(&key) else {
            return;
        };
        let waiting = list.len() as u64;
        if let Some(w) = list.iter_mut().find(|w| w.conn == conn && w.since == since) {
            w.offered = true;
            let _ = w.news.send(QueueNews::frame(ServerFrame::OfferBots {
                game: key.0.clone(),
                players: key.1 as u64,
                waiting,
            }));
        }
    }

    /// Takes the offer: a room now with this waiter, the others waiting for the same game (as
    /// many as fit beside a bot) and bots in the other seats.
    pub async fn bots(self: &Arc<Self>, conn: u64) -> Result<(), String> {
        let (key, group) = {
            let mut q = self
                .queue
                .lock()
                .map_err(|_| "the server is unwell".to_string())?;
            let Some(key) = q.key_of(conn) else {
                return Err("this connection is not waiting for a quick match".into());
            };
            let list = q.waiting.get(&key).map(Vec::as_slice).unwrap_or_default();
            let Some(me) = list.iter().position(|w| w.conn == conn) else {
                return Err("this connection is not waiting for a quick match".into());
            };
            if !list[me].offered {
                return Err("no room with bots has been offered yet: wait for the offer".into());
            }
            let mut chosen = vec![me];
            for (i, w) in list.iter().enumerate() {
                if chosen.len() + 1 >= key.1 {
                    break;
                }
                let clash =
                    w.device.is_some() && chosen.iter().any(|&c| list[c].device == w.device);
                if i != me && !clash {
                    chosen.push(i);
                }
            }
            let group = q.take(&key, chosen);
            q.tell_count(&key);
            (key, group)
        };
        self.seat(&key, group).await;
        Ok(())
    }

    /// Seats every group of the key that can sit together.
    async fn seat_who_can(self: &Arc<Self>, key: &Key) {
        loop {
            let group = {
                let Ok(mut q) = self.queue.lock() else { return };
                let Some(list) = q.waiting.get(key) else {
                    return;
                };
                let who: Vec<(f64, Option<&str>)> = list
                    .iter()
                    .map(|w| (w.rating, w.device.as_deref()))
                    .collect();
                let Some(chosen) = pick(&who, key.1) else {
                    return;
                };
                let group = q.take(key, chosen);
                q.tell_count(key);
                group
            };
            self.seat(key, group).await;
        }
    }

    /// A new started room for a group taken out of the queue (bots in the seats left): each
    /// waiter is sent its seat; when the room cannot be made, each is told why and is out of the
    /// queue.
    async fn seat(self: &Arc<Self>, key: &Key, group: Vec<Waiter>) {
        match self.quick_room(key, &group).await {
            Ok((code, tokens)) => {
                for (w, token) in group.iter().zip(tokens) {
                    let _ = w.news.send(QueueNews::Seated {
                        code: code.clone(),
                        token,
                    });
                }
            }
            Err(e) => {
                for w in &group {
                    let why = format!("the quick-match room could not be made: {e}");
                    let _ = w.news.send(QueueNews::frame(ServerFrame::Refused { why }));
                    let _ = w.news.send(QueueNews::frame(ServerFrame::Unqueued));
                }
            }
        }
    }

    async fn quick_room(
        &self,
        key: &Key,
        group: &[Waiter],
    ) -> Result<(String, Vec<String>), String> {
        let code = crate::room::new_code()?;
        let seed = crate::room::new_seed()?;
        let tokens = group
            .iter()
            .map(|_| new_token())
            .collect::<Result<Vec<_>, _>>()?;
        let mut seats: Vec<QuickSeat> = group
            .iter()
            .zip(&tokens)
            .map(|(w, token)| QuickSeat::Player {
                name: w.name.clone(),
                token: token.clone(),
                device: w.device.clone(),
                aid: w.aid.clone(),
            })
            .collect();
        seats.resize(key.1.max(seats.len()), QuickSeat::Bot);
        // Who sits where (and so who begins) is drawn.
        let draw = crate::room::random_bytes::<16>()?;
        for i in (1..seats.len()).rev() {
            seats.swap(i, usize::from(draw[i % 16]) % (i + 1));
        }
        let room = Room::quick(&code, &key.0, &seats, seed).map_err(|e| e.0)?;
        let room = room.committed(crate::room::random_bytes::<16>()?);
        // The room counts once against each address seated in it (the per-address limit on
        // rooms made): looked at for all, then counted.
        let mut ips: Vec<IpAddr> = group.iter().map(|w| w.ip).collect();
        ips.sort_unstable();
        ips.dedup();
        let most = self.limits.rooms_per_address;
        for count in [false, true] {
            for &ip in &ips {
                super::hourly(&self.made_by, ip, most, count, super::rooms_refusal)?;
            }
        }
        // Made started: its bots and clock go at once.
        Ok((self.rooms.create(room, true).await?, tokens))
    }
}
