//! One WebSocket connection: its frames read (size cap, strict parsing, rate limit), each handed
//! to its room's owner (`room::Rooms`) or to the hub's quick-match queue, the answer sent, and
//! the room it follows forwarded to it. It runs no room's transaction itself. A refused frame
//! gets a `refused` answer with the reason and changes nothing; a connection that keeps
//! flooding is closed.

use crate::hub::{Hub, QueueNews};
use crate::room::Entered;
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
/// and its room's rematch send its news by.
struct Line {
    id: u64,
    ip: IpAddr,
    news: (
        mpsc::UnboundedSender<QueueNews>,
        mpsc::UnboundedReceiver<QueueNews>,
    ),
}

/// Where a connection stands: the room it follows (by code) and, unless it only watches, its
/// player there, with the task forwarding the room's frames to it.
struct Seated {
    code: String,
    player: Option<usize>,
    forward: tokio::task::JoinHandle<()>,
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
    let mut line = Line {
        id: hub.connection_id(),
        ip,
        news: mpsc::unbounded_channel(),
    };
    // A connection that says nothing within the limit is closed (it holds an open file).
    let mut first = Some(tokio::time::Instant::now() + hub.limits.first_frame_limit);
    loop {
        let silent_until = first.unwrap_or_else(tokio::time::Instant::now);
        let msg = tokio::select! {
            msg = stream.next() => match msg {
                Some(Ok(msg)) => {
                    first = None;
                    msg
                }
                _ => break,
            },
            _ = tokio::time::sleep_until(silent_until), if first.is_some() => break,
            Some(news) = line.news.1.recv() => {
                let answer = match news {
                    QueueNews::Frame(f) => Some(*f),
                    QueueNews::Seated { code, token } => {
                        // A rematch: this connection leaves the finished room for the new one.
                        Box::pin(leave(&hub, seated.take())).await;
                        let entered = hub
                            .rooms
                            .enter_from(&code, Some(&token), false, Some(line.ip))
                            .await;
                        Box::pin(follow(entered, code, &out, &mut seated))
                            .await
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
            // Boxed, as are `follow` and `leave`: a waiting connection's task then holds only
            // this loop's state, not the largest of the futures it may await (5 KB).
            Ok(frame) => Box::pin(handle(&hub, &line, frame, &mut seated, &out)).await,
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
    Box::pin(leave(&hub, seated)).await;
    drop(out);
    let _ = writer.await;
}

/// The connection stops following its room (its owner shows its player gone, and makes a
/// rematch the others asked for if they are now everyone connected).
async fn leave(hub: &Hub, seated: Option<Seated>) {
    if let Some(s) = seated {
        s.forward.abort();
        hub.rooms.leave(&s.code, s.player).await;
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

/// Follows the room entered: its welcome is sent, then every frame broadcast after it (the
/// owner subscribed as it made the welcome, so none is missed or doubled).
async fn follow(
    entered: Result<Entered, String>,
    code: String,
    out: &mpsc::Sender<Message>,
    seated: &mut Option<Seated>,
) -> Option<ServerFrame> {
    let Entered {
        player,
        welcome,
        frames: mut rx,
    } = match entered {
        Ok(e) => e,
        Err(e) => return Some(refused(&e)),
    };
    let sent = out
        .try_send(Message::Text(welcome.to_json().into()))
        .is_ok();
    let forwarding = out.clone();
    let forward = tokio::spawn(async move {
        if !sent {
            return;
        }
        let out = forwarding;
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
    });
    *seated = Some(Seated {
        code,
        player,
        forward,
    });
    None
}

async fn handle(
    hub: &Arc<Hub>,
    line: &Line,
    frame: ClientFrame,
    seated: &mut Option<Seated>,
    out: &mpsc::Sender<Message>,
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
    let rooms = &hub.rooms;
    // The seated player's room, or the refusal in these words.
    let mine = |why: &str| match seated.as_ref() {
        Some(Seated {
            code,
            player: Some(p),
            ..
        }) => Ok((code.clone(), *p)),
        _ => Err(Some(Box::new(refused(why)))),
    };
    let done = |r: Result<(), String>| r.err().map(|e| refused(&e));
    match frame {
        ClientFrame::Ping => Some(ServerFrame::Pong),
        ClientFrame::Create {
            game,
            options,
            seats,
        } => {
            let (code, token) = match hub.create(ip, &game, &options, &seats).await {
                Ok(made) => made,
                Err(e) => return Some(refused(&e)),
            };
            let entered = rooms.enter(&code, Some(&token), false).await;
            follow(entered, code, out, seated).await
        }
        ClientFrame::Join { room, name } => {
            if bad_code(&room) {
                return Some(refused("this is not a room code"));
            }
            let entered = rooms.join(&room, &name).await;
            follow(entered, room, out, seated).await
        }
        ClientFrame::Resume { room, token } => {
            if bad_code(&room) || !is_code(&token, TOKEN_LEN) {
                return Some(refused("this is not a room code and seat token"));
            }
            let entered = rooms.enter_from(&room, Some(&token), true, Some(ip)).await;
            follow(entered, room, out, seated).await
        }
        ClientFrame::Watch { room } => {
            if bad_code(&room) {
                return Some(refused("this is not a room code"));
            }
            let entered = rooms.enter(&room, None, false).await;
            follow(entered, room, out, seated).await
        }
        ClientFrame::Start => {
            let (code, p) = match mine("only the player who made the room can start it") {
                Ok(m) => m,
                Err(answer) => return answer.map(|a| *a),
            };
            done(rooms.start(&code, p).await)
        }
        ClientFrame::Move { seq, mv } => {
            let (code, p) = match mine("join or resume a room with a seat before moving") {
                Ok(m) => m,
                Err(answer) => return answer.map(|a| *a),
            };
            done(rooms.play(&code, p, seq, mv).await)
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
            done(hub.quick(line.id, ip, ask, &line.news.0).await)
        }
        ClientFrame::Unqueue => {
            if hub.unqueue(line.id) {
                Some(ServerFrame::Unqueued)
            } else {
                Some(refused("this connection is not waiting for a quick match"))
            }
        }
        ClientFrame::Bots => done(hub.bots(line.id).await),
        ClientFrame::Rematch => {
            let (code, p) =
                match mine("only a player seated in a finished room can ask for a rematch") {
                    Ok(m) => m,
                    Err(answer) => return answer.map(|a| *a),
                };
            done(rooms.rematch(&code, p, &line.news.0).await)
        }
        ClientFrame::Ratings { game, device } => {
            let ratings = rooms.ratings.get().map(|r| r.as_ref());
            match crate::ratings::table_frame(ratings, &game, device.as_deref()).await {
                Ok(frame) => Some(frame),
                Err(e) => Some(refused(&e)),
            }
        }
    }
}
