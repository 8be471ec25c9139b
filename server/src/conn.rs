//! One WebSocket connection: its frames read (size cap, strict parsing, rate limit), answered,
//! and the room it follows forwarded to it. A refused frame gets a `refused` answer with the
//! reason and changes nothing; a connection that keeps flooding is closed.

use crate::hub::cell::Outgoing;
use crate::hub::{new_token, Hub, QueueNews, RoomCell};
use axum::extract::ws::{CloseFrame, Message, WebSocket};
use engine::online::protocol::{is_code, ClientFrame, ServerFrame, ROOM_CODE_LEN, TOKEN_LEN};
use futures_util::{SinkExt, StreamExt};
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::{broadcast, mpsc};

/// A token bucket: `rate` frames a second, bursts of twice that.
struct Bucket {
    rate: f64,
    level: f64,
    at: Instant,
}

impl Bucket {
    fn new(rate: u32) -> Bucket {
        let rate = f64::from(rate.max(1));
        Bucket {
            rate,
            level: rate * 2.0,
            at: Instant::now(),
        }
    }

    fn take(&mut self) -> bool {
        let now = Instant::now();
        self.level = (self.level + now.duration_since(self.at).as_secs_f64() * self.rate)
            .min(self.rate * 2.0);
        self.at = now;
        if self.level >= 1.0 {
            self.level -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Frames refused in a row for flooding before the connection is closed.
const FLOOD_CLOSE: u32 = 200;

/// The connection itself: its number, its address, and the channel the quick-match queue
/// sends its news by.
struct Line {
    id: u64,
    ip: IpAddr,
    news: (
        mpsc::UnboundedSender<QueueNews>,
        mpsc::UnboundedReceiver<QueueNews>,
    ),
}

/// Where a connection stands: the room it follows and, unless it only watches, its player.
struct Seated {
    cell: Arc<RoomCell>,
    player: Option<usize>,
}

pub async fn serve(socket: WebSocket, hub: Arc<Hub>, ip: IpAddr) {
    let (mut sink, mut stream) = socket.split();
    let (out, mut out_rx) = mpsc::channel::<Message>(512);
    let writer = tokio::spawn(async move {
        while let Some(m) = out_rx.recv().await {
            let close = matches!(m, Message::Close(_));
            if sink.send(m).await.is_err() || close {
                break;
            }
        }
        let _ = sink.close().await;
    });
    let mut bucket = Bucket::new(hub.limits.frames_per_second);
    let mut flooded = 0u32;
    let mut seated: Option<Seated> = None;
    let mut forward: Option<tokio::task::JoinHandle<()>> = None;
    let mut line = Line {
        id: hub.connection_id(),
        ip,
        news: mpsc::unbounded_channel(),
    };
    loop {
        let msg = tokio::select! {
            msg = stream.next() => match msg {
                Some(Ok(msg)) => msg,
                _ => break,
            },
            Some(news) = line.news.1.recv() => {
                let answer = match news {
                    QueueNews::Frame(f) => Some(*f),
                    QueueNews::Seated { cell, token } => {
                        // A rematch: this connection leaves the finished room for the new one.
                        Box::pin(leave(&hub, seated.take(), forward.take())).await;
                        let token = Some(token);
                        Box::pin(enter(&hub, cell, token, &mut seated, &out, &mut forward)).await
                    }
                };
                if let Some(a) = answer {
                    if !say(&out, a).await {
                        break;
                    }
                }
                continue;
            }
        };
        let text = match msg {
            Message::Text(t) => t,
            Message::Binary(_) => {
                if !say(&out, refused("send text messages of JSON, not binary data")).await {
                    break;
                }
                continue;
            }
            Message::Close(_) => break,
            _ => continue,
        };
        if !bucket.take() {
            flooded += 1;
            if flooded >= FLOOD_CLOSE {
                let _ = out
                    .send(Message::Close(Some(CloseFrame {
                        code: 1008,
                        reason: "too many messages".into(),
                    })))
                    .await;
                break;
            }
            if flooded == 1 || flooded.is_multiple_of(50) {
                let why = format!(
                    "too many messages: at most {} a second; this one was dropped",
                    hub.limits.frames_per_second
                );
                let _ = out.try_send(Message::Text(refused(&why).to_json().into()));
            }
            continue;
        }
        flooded = 0;
        // `parse` refuses a frame over `MAX_FRAME` bytes before reading it.
        let answer = match ClientFrame::parse(text.as_str()) {
            Err(e) => Some(refused(&e.0)),
            // Boxed, as are `enter` and `leave`: a waiting connection's task then holds only
            // this loop's state, not the largest of the futures it may await (5 KB).
            Ok(frame) => {
                Box::pin(handle(&hub, &line, frame, &mut seated, &out, &mut forward)).await
            }
        };
        if let Some(a) = answer {
            if !say(&out, a).await {
                break;
            }
        }
    }
    hub.unqueue(line.id);
    // Its news channel closed first: a rematch asked for on it no longer counts.
    drop(line);
    Box::pin(leave(&hub, seated, forward)).await;
    drop(out);
    let _ = writer.await;
}

/// The connection stops following its room: its player shown gone, and a rematch the others
/// asked for made if they are now everyone connected.
async fn leave(
    hub: &Arc<Hub>,
    seated: Option<Seated>,
    forward: Option<tokio::task::JoinHandle<()>>,
) {
    if let Some(f) = forward {
        f.abort();
    }
    if let Some(Seated {
        cell,
        player: Some(p),
    }) = seated
    {
        hub.set_online(&cell, p, false);
        if let Ok(room) = hub.lock(&cell).await {
            cell.broadcast(&cell.seats_frame(&room));
        }
        hub.rematch_left(&cell).await;
    }
}

fn refused(why: &str) -> ServerFrame {
    ServerFrame::Refused {
        why: why.to_string(),
    }
}

async fn say(out: &mpsc::Sender<Message>, frame: ServerFrame) -> bool {
    out.send(Message::Text(frame.to_json().into()))
        .await
        .is_ok()
}

/// Follows a room: its welcome is sent, then every frame broadcast after it (subscribed under
/// the room's lock, so none is missed or doubled).
fn follow(
    out: &mpsc::Sender<Message>,
    mut rx: broadcast::Receiver<Arc<Outgoing>>,
    welcome: ServerFrame,
    player: Option<usize>,
) -> Option<tokio::task::JoinHandle<()>> {
    out.try_send(Message::Text(welcome.to_json().into())).ok()?;
    let out = out.clone();
    Some(tokio::spawn(async move {
        loop {
            match rx.recv().await {
                Ok(frame) => {
                    let text = frame.text_for(player);
                    if out.send(Message::Text(text.into())).await.is_err() {
                        break;
                    }
                }
                Err(broadcast::error::RecvError::Lagged(_)) => {
                    // Too slow to keep up: the client reconnects and resumes from the log.
                    let _ = out
                        .send(Message::Close(Some(CloseFrame {
                            code: 1013,
                            reason: "fell behind: reconnect".into(),
                        })))
                        .await;
                    break;
                }
                Err(broadcast::error::RecvError::Closed) => break,
            }
        }
    }))
}

async fn handle(
    hub: &Arc<Hub>,
    line: &Line,
    frame: ClientFrame,
    seated: &mut Option<Seated>,
    out: &mpsc::Sender<Message>,
    forward: &mut Option<tokio::task::JoinHandle<()>>,
) -> Option<ServerFrame> {
    let entering = matches!(
        frame,
        ClientFrame::Create { .. }
            | ClientFrame::Join { .. }
            | ClientFrame::Resume { .. }
            | ClientFrame::Watch { .. }
            | ClientFrame::Quick { .. }
    );
    if entering && seated.is_some() {
        return Some(refused(
            "this connection already follows a room: open a new one for another",
        ));
    }
    if entering && !matches!(frame, ClientFrame::Quick { .. }) && hub.is_queued(line.id) {
        return Some(refused(
            "this connection waits for a quick match: send unqueue first, or open a new one",
        ));
    }
    let ip = line.ip;
    let bad_code = |room: &str| !is_code(room, ROOM_CODE_LEN);
    match frame {
        ClientFrame::Ping => Some(ServerFrame::Pong),
        ClientFrame::Create {
            game,
            options,
            seats,
        } => {
            let (cell, token) = match hub.create(ip, &game, &options, &seats).await {
                Ok(made) => made,
                Err(e) => return Some(refused(&e)),
            };
            enter(hub, cell, Some(token), seated, out, forward).await
        }
        ClientFrame::Join { room, name } => {
            if bad_code(&room) {
                return Some(refused("this is not a room code"));
            }
            let cell = match hub.room(&room).await {
                Ok(c) => c,
                Err(e) => return Some(refused(&e)),
            };
            let token = match new_token() {
                Ok(t) => t,
                Err(e) => return Some(refused(&e)),
            };
            {
                let mut guard = match hub.lock(&cell).await {
                    Ok(g) => g,
                    Err(e) => return Some(refused(&e)),
                };
                let before = guard.meta_json();
                if let Err(e) = guard.join(&name, &token) {
                    return Some(refused(&e.0));
                }
                if let Err(e) = hub.save_meta(&cell, &mut guard, before).await {
                    return Some(refused(&e));
                }
            }
            enter(hub, cell, Some(token), seated, out, forward).await
        }
        ClientFrame::Resume { room, token } => {
            if bad_code(&room) || !is_code(&token, TOKEN_LEN) {
                return Some(refused("this is not a room code and seat token"));
            }
            let cell = match hub.room(&room).await {
                Ok(c) => c,
                Err(e) => return Some(refused(&e)),
            };
            let known = match hub.lock(&cell).await {
                Ok(room) => room.player(&token).is_some(),
                Err(e) => return Some(refused(&e)),
            };
            if !known {
                return Some(refused("this seat token does not belong to this room"));
            }
            let answer = enter(hub, cell.clone(), Some(token), seated, out, forward).await;
            hub.run_bots(&cell);
            answer
        }
        ClientFrame::Watch { room } => {
            if bad_code(&room) {
                return Some(refused("this is not a room code"));
            }
            let cell = match hub.room(&room).await {
                Ok(c) => c,
                Err(e) => return Some(refused(&e)),
            };
            enter(hub, cell, None, seated, out, forward).await
        }
        ClientFrame::Start => {
            let Some(Seated {
                cell,
                player: Some(p),
            }) = seated.as_ref()
            else {
                return Some(refused("only the player who made the room can start it"));
            };
            let mut guard = match hub.lock(cell).await {
                Ok(g) => g,
                Err(e) => return Some(refused(&e)),
            };
            hub.freshen(cell, &mut guard).await;
            let before = guard.meta_json();
            match guard.start(*p) {
                Ok(_) => {}
                Err(e) => return Some(refused(&e.0)),
            };
            if let Err(e) = hub.save_meta(cell, &mut guard, before).await {
                return Some(refused(&e));
            }
            cell.broadcast_started(&guard);
            drop(guard);
            hub.run_bots(cell);
            None
        }
        ClientFrame::Move { seq, mv } => {
            let Some(Seated {
                cell,
                player: Some(p),
            }) = seated.as_ref()
            else {
                return Some(refused("join or resume a room with a seat before moving"));
            };
            if let Err(e) = hub.play(cell, *p, seq, mv).await {
                return Some(refused(&e));
            }
            hub.run_bots(cell);
            None
        }
        ClientFrame::Quick {
            game,
            name,
            players,
            device,
            aid,
        } => {
            let ask = crate::hub::QuickAsk {
                game,
                name,
                players,
                device,
                aid,
            };
            match hub.quick(line.id, ip, ask, &line.news.0).await {
                Ok(()) => None,
                Err(e) => Some(refused(&e)),
            }
        }
        ClientFrame::Unqueue => {
            if hub.unqueue(line.id) {
                Some(ServerFrame::Unqueued)
            } else {
                Some(refused("this connection is not waiting for a quick match"))
            }
        }
        ClientFrame::Bots => match hub.bots(line.id).await {
            Ok(()) => None,
            Err(e) => Some(refused(&e)),
        },
        ClientFrame::Rematch => {
            let Some(Seated {
                cell,
                player: Some(p),
            }) = seated.as_ref()
            else {
                return Some(refused(
                    "only a player seated in a finished room can ask for a rematch",
                ));
            };
            match hub.rematch(cell, *p, &line.news.0).await {
                Ok(()) => None,
                Err(e) => Some(refused(&e)),
            }
        }
        ClientFrame::Ratings { game, device } => {
            match hub.ratings_table(&game, device.as_deref()).await {
                Ok(frame) => Some(frame),
                Err(e) => Some(refused(&e)),
            }
        }
    }
}

/// Enters a room as the token's player (or as a watcher without one) and sends the welcome.
async fn enter(
    hub: &Hub,
    cell: Arc<RoomCell>,
    token: Option<String>,
    seated: &mut Option<Seated>,
    out: &mpsc::Sender<Message>,
    forward: &mut Option<tokio::task::JoinHandle<()>>,
) -> Option<ServerFrame> {
    let room = match hub.lock(&cell).await {
        Ok(r) => r,
        Err(e) => return Some(refused(&e)),
    };
    let player = token.as_deref().and_then(|t| room.player(t));
    if let Some(p) = player {
        hub.set_online(&cell, p, true);
        cell.broadcast(&cell.seats_frame(&room));
    }
    let rx = cell.tx.subscribe();
    let welcome = Hub::welcome(&cell, &room, player, token);
    *forward = follow(out, rx, welcome, player);
    drop(room);
    *seated = Some(Seated { cell, player });
    None
}
