//! The rematch of a finished room. A seated player sends `rematch`; every client of the room is
//! sent `rematch` with the seats whose players asked. As soon as every player still connected
//! has asked, the room's owner makes the rematch (`Room::rematch`: the same game, options,
//! names and bots, the seats moved round by one so that who begins takes turns, a new seed),
//! gives it an owner of its own, and sends each asker's connection its seat and token, as quick
//! match does. A player not connected then (they left) does not hold the others back: their
//! seats are played by the normal bot. The asks live in this server's memory, like the turn
//! clock.

use super::owner::broadcast;
use super::*;
use engine::online::protocol::Phase;

/// The rematch asked for in a finished room.
#[derive(Default)]
pub struct Rematch {
    /// The players who asked, each with the channel its connection hears news by.
    asked: Vec<(usize, mpsc::UnboundedSender<News>)>,
    /// The rematch's room once made (or being made: "").
    made: Option<String>,
}

impl Owner {
    /// A seated player of a finished room asks for (or accepts) a rematch.
    pub(super) async fn ask_rematch(
        &mut self,
        player: usize,
        news: mpsc::UnboundedSender<News>,
    ) -> Result<(), String> {
        self.wake().await?;
        self.note_ask(player, news)?;
        self.rematch_if_ready().await;
        Ok(())
    }

    /// Notes a player's ask and tells every client who has asked.
    fn note_ask(&mut self, player: usize, news: mpsc::UnboundedSender<News>) -> Result<(), String> {
        let room = self.room.as_deref().ok_or_else(|| unwell(()))?;
        if room.phase() != Phase::Over {
            return Err("a rematch is asked for once the game is over".into());
        }
        let r = &mut self.rematch;
        if r.made.is_some() {
            return Err(
                "the rematch has already begun in a new room, with the players who were here then"
                    .into(),
            );
        }
        r.asked.retain(|(p, n)| *p != player && !n.is_closed());
        r.asked.push((player, news));
        let players: Vec<usize> = r.asked.iter().map(|a| a.0).collect();
        broadcast(
            &self.tx,
            &ServerFrame::Rematch {
                asked: room.seats_of_players(&players),
            },
        );
        Ok(())
    }

    /// A player's connection closed: its ask no longer counts, and those still here may now be
    /// everyone.
    pub(super) async fn rematch_left(&mut self) {
        let r = &mut self.rematch;
        r.asked.retain(|(_, n)| !n.is_closed());
        if r.made.is_none() && !r.asked.is_empty() {
            self.rematch_if_ready().await;
        }
    }

    /// Makes the rematch when every player still connected has asked; when it cannot be made,
    /// the askers are told why.
    async fn rematch_if_ready(&mut self) {
        let Some((askers, made)) = self.rematch_made() else {
            return;
        };
        let made = match made {
            Ok((new, tokens)) => self.rooms.create(new, true).await.map(|c| (c, tokens)),
            Err(e) => Err(e),
        };
        match made {
            Ok((code, tokens)) => {
                self.rematch.made = Some(code.clone());
                for (p, news) in &askers {
                    if let Some(Some(token)) = tokens.get(*p) {
                        let _ = news.send(News::Seated {
                            code: code.clone(),
                            token: token.clone(),
                        });
                    }
                }
            }
            Err(e) => {
                self.rematch.made = None;
                let why = format!("the rematch could not be made: {e}");
                for (_, news) in &askers {
                    let _ = news.send(News::frame(ServerFrame::Refused { why: why.clone() }));
                }
            }
        }
    }
}

type Askers = Vec<(usize, mpsc::UnboundedSender<News>)>;

/// The rematch's room with each old player's new token, or why it could not be made.
type Made = Result<(Room, Vec<Option<String>>), String>;

impl Owner {
    /// When every player still connected has asked: the askers, taken, and the rematch's room
    /// with their tokens.
    fn rematch_made(&mut self) -> Option<(Askers, Made)> {
        let room = self.room.as_deref()?;
        let r = &self.rematch;
        if r.made.is_some() || r.asked.is_empty() {
            return None;
        }
        let asked: Vec<usize> = r.asked.iter().map(|a| a.0).collect();
        if !(0..room.players()).all(|p| asked.contains(&p) || !self.is_online(p)) {
            return None;
        }
        let askers = std::mem::take(&mut self.rematch.asked);
        self.rematch.made = Some(String::new());
        let made = rematch_room(room, &askers);
        Some((askers, made))
    }
}

/// The rematch's room and each old player's new token (none for those who did not ask).
fn rematch_room(room: &Room, askers: &[(usize, mpsc::UnboundedSender<News>)]) -> Made {
    let mut tokens = Vec::new();
    for p in 0..room.players() {
        tokens.push(match askers.iter().any(|a| a.0 == p) {
            true => Some(new_token()?),
            false => None,
        });
    }
    let new = room
        .rematch(&new_code()?, new_seed()?, &tokens)
        .map_err(|e| e.0)?
        .committed(super::random_bytes::<16>()?);
    Ok((new, tokens))
}
