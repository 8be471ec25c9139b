//! What follows a game: the rematch and the ratings table asked for over the connection.
//!
//! **Rematch.** A seated player of a finished room sends `rematch`; every client of the room is
//! sent `rematch` with the seats whose players asked. As soon as every player still connected
//! has asked, the server makes the rematch (`Room::rematch`: the same game, options, names and
//! bots, the seats moved round by one so that who begins takes turns, a new seed) and sends
//! each asker's connection its `welcome` with its seat and token, as quick match does. A player
//! not connected then (they left) does not hold the others back: their seats are played by the
//! normal bot. The asks live in this server's memory, like the turn clock.
//!
//! **Ratings.** `ratings` answers a game's table, best first, with the asker's own entry marked
//! (and added after the best when further down), as `GET /ratings/GAME` does.

use super::queue::QueueNews;
use super::*;
use crate::ratings::{Rated, PROVISIONAL_DEVIATION, TABLE_SIZE};
use engine::online::protocol::RatingEntry;
use tokio::sync::mpsc;

/// The rematch asked for in a finished room.
#[derive(Default)]
pub struct Rematch {
    /// The players who asked, each with the channel its connection hears news by.
    asked: Vec<(usize, mpsc::UnboundedSender<QueueNews>)>,
    /// The rematch's room once made (or being made: "").
    made: Option<String>,
}

fn unwell<T>(_: T) -> String {
    "the server is unwell".to_string()
}

impl Hub {
    /// A seated player of a finished room asks for (or accepts) a rematch.
    pub async fn rematch(
        self: &Arc<Self>,
        cell: &Arc<RoomCell>,
        player: usize,
        news: &mpsc::UnboundedSender<QueueNews>,
    ) -> Result<(), String> {
        {
            let room = self.lock(cell).await?;
            if room.phase() != Phase::Over {
                return Err("a rematch is asked for once the game is over".into());
            }
            let mut r = cell.rematch.lock().map_err(unwell)?;
            if r.made.is_some() {
                return Err(
                    "the rematch has already begun in a new room, with the players who were \
                     here then"
                        .into(),
                );
            }
            r.asked.retain(|(p, n)| *p != player && !n.is_closed());
            r.asked.push((player, news.clone()));
            let players: Vec<usize> = r.asked.iter().map(|a| a.0).collect();
            cell.broadcast(&ServerFrame::Rematch {
                asked: room.seats_of_players(&players),
            });
        }
        self.rematch_if_ready(cell).await
    }

    /// A player's connection to a finished room closed: its ask no longer counts, and those
    /// still here may now be everyone.
    pub async fn rematch_left(self: &Arc<Self>, cell: &Arc<RoomCell>) {
        let waiting = cell
            .rematch
            .lock()
            .map(|mut r| {
                r.asked.retain(|(_, n)| !n.is_closed());
                r.made.is_none() && !r.asked.is_empty()
            })
            .unwrap_or(false);
        if waiting {
            if let Err(e) = self.rematch_if_ready(cell).await {
                eprintln!("room {}: the rematch could not be made: {e}", cell.code);
            }
        }
    }

    /// Makes the rematch when every player still connected has asked.
    async fn rematch_if_ready(self: &Arc<Self>, cell: &Arc<RoomCell>) -> Result<(), String> {
        let room = self.lock(cell).await?;
        let askers = {
            let mut r = cell.rematch.lock().map_err(unwell)?;
            if r.made.is_some() || r.asked.is_empty() {
                return Ok(());
            }
            let asked: Vec<usize> = r.asked.iter().map(|a| a.0).collect();
            if !(0..room.players()).all(|p| asked.contains(&p) || !cell.is_online(p)) {
                return Ok(());
            }
            r.made = Some(String::new());
            std::mem::take(&mut r.asked)
        };
        let made = rematch_room(&room, &askers);
        drop(room);
        let made = match made {
            Ok((new, tokens)) => self.store_new(new).await.map(|cell| (cell, tokens)),
            Err(e) => Err(e),
        };
        match made {
            Ok((new, tokens)) => {
                if let Ok(mut r) = cell.rematch.lock() {
                    r.made = Some(new.code.clone());
                }
                for (p, news) in &askers {
                    if let Some(Some(token)) = tokens.get(*p) {
                        let _ = news.send(QueueNews::Seated {
                            cell: new.clone(),
                            token: token.clone(),
                        });
                    }
                }
                self.run_bots(&new);
                Ok(())
            }
            Err(e) => {
                if let Ok(mut r) = cell.rematch.lock() {
                    r.made = None;
                }
                let why = format!("the rematch could not be made: {e}");
                for (_, news) in &askers {
                    let _ = news.send(QueueNews::frame(ServerFrame::Refused { why: why.clone() }));
                }
                Ok(())
            }
        }
    }

    /// A game's ratings table as the `ratings` frame carries it: the best, and the device's
    /// own entry (marked `you`) after them when it is further down.
    pub async fn ratings_table(
        &self,
        game: &str,
        device: Option<&str>,
    ) -> Result<ServerFrame, String> {
        let info = engine::games::info(game).map_err(|e| e.0)?;
        if !info.available {
            return Err(format!("{} cannot be played yet", info.name));
        }
        if let Some(d) = device {
            crate::board::check_device(d)?;
        }
        let Some(ratings) = self.ratings.get() else {
            return Err("this server keeps no ratings".into());
        };
        let all = ratings.table(info.id).await?;
        Ok(ServerFrame::Ratings {
            game: info.id.to_string(),
            players: all.len() as u64,
            entries: table_entries(&all, device),
        })
    }
}

/// The rematch's room and each old player's new token (none for those who did not ask).
fn rematch_room(
    room: &Room,
    askers: &[(usize, mpsc::UnboundedSender<QueueNews>)],
) -> Result<(Room, Vec<Option<String>>), String> {
    let code = code_from(&random_bytes::<10>()?, ROOM_CODE_LEN);
    let seed = u64::from_le_bytes(random_bytes::<8>()?);
    let mut tokens = Vec::new();
    for p in 0..room.players() {
        tokens.push(match askers.iter().any(|a| a.0 == p) {
            true => Some(new_token()?),
            false => None,
        });
    }
    let new = room.rematch(&code, seed, &tokens).map_err(|e| e.0)?;
    let new = new.committed(random_bytes::<16>()?);
    Ok((new, tokens))
}

/// The best `TABLE_SIZE` of a table (ranked best first), and the device's own entry after them.
fn table_entries(all: &[Rated], device: Option<&str>) -> Vec<RatingEntry> {
    let mine = |r: &Rated| device == Some(r.device.as_str());
    let entry = |i: usize, r: &Rated| RatingEntry {
        rank: i as u64 + 1,
        name: r.name.clone(),
        rating: r.rating.rating.round() as i64,
        games: r.games.max(0) as u64,
        provisional: r.rating.deviation > PROVISIONAL_DEVIATION,
        you: mine(r),
    };
    let mut out: Vec<RatingEntry> = all
        .iter()
        .take(TABLE_SIZE)
        .enumerate()
        .map(|(i, r)| entry(i, r))
        .collect();
    if let Some((i, r)) = all
        .iter()
        .enumerate()
        .skip(TABLE_SIZE)
        .find(|(_, r)| mine(r))
    {
        out.push(entry(i, r));
    }
    out
}
