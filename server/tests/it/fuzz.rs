//! A frame fuzzer: over 10^5 malformed frames (mutations of real frames of a live room: bytes
//! flipped, cut, doubled, numbers blown up, deep nesting, stray Unicode) sent on four
//! connections. Every frame is answered, none makes the server panic, and it stays up and keeps
//! its room playable. Bounded: a fixed count of frames, sent in batches answered in order.

use crate::common;

use common::*;
use engine::online::protocol::SeatPlan::{Here, Invited};
use engine::online::protocol::{ClientFrame, ServerFrame};

/// Malformed frames in all (the parser refuses each one locally too).
const MALFORMED: usize = 100_000;
const CONNECTIONS: usize = 4;
const BATCH: usize = 250;

struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const STRAYS: [&str; 14] = [
    "{",
    "}",
    "[",
    "]",
    ":",
    ",",
    "\"",
    "\\",
    "\\u0000",
    "\u{202e}",
    "null",
    "-",
    "1e999",
    "99999999999999999999999",
];

fn mutate(rng: &mut XorShift, seed: &str) -> String {
    let mut b = seed.as_bytes().to_vec();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(b.len() + 1);
        match rng.below(8) {
            0 if !b.is_empty() => {
                let i = rng.below(b.len());
                b[i] ^= 1 << rng.below(8);
            }
            1 => b.truncate(at),
            2 => {
                let end = (at + rng.below(12)).min(b.len());
                b.drain(at..end);
            }
            3 => {
                let s = STRAYS[rng.below(STRAYS.len())];
                b.splice(at..at, s.bytes());
            }
            4 => {
                let end = (at + rng.below(40)).min(b.len());
                let chunk = b[at..end].to_vec();
                b.splice(at..at, chunk);
            }
            5 => {
                let depth = 1 + rng.below(5000);
                b.splice(at..at, std::iter::repeat_n(b'[', depth));
            }
            6 => {
                let n = format!("{}", rng.next() as i128 * 1_000_000_007);
                b.splice(at..at, n.bytes());
            }
            _ => {
                if let Some(i) = b.iter().position(|&c| c == b':') {
                    b.insert(i, b' ');
                    b.splice(i..i, b"\"x\"".iter().copied());
                }
            }
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hundred_thousand_malformed_frames_find_no_panic() {
    let dir = TempDir::new("fuzz");
    let server = Server::start(&dir.0, &["--frames-per-second", "1000000"]);
    let mut players = start_room(&server, "castle", &[Here, Invited]).await;
    play_on(&mut players, 2).await;
    let code = players[0].code();
    let token = players[0].token.clone().unwrap_or_default();
    let seq = players[0].seq();
    let mv = players[0].choose(1);
    let seeds: Vec<String> = vec![
        ClientFrame::Move { seq, mv }.to_json(),
        ClientFrame::Resume {
            room: code.clone(),
            token: token.clone(),
        }
        .to_json(),
        ClientFrame::Join {
            room: code.clone(),
            name: "Eve".into(),
        }
        .to_json(),
        ClientFrame::Watch { room: code.clone() }.to_json(),
        ClientFrame::Create {
            game: "assault".into(),
            options: vec![],
            seats: seats(&[Here, Invited]),
        }
        .to_json(),
        ClientFrame::Start.to_json(),
        ClientFrame::Ping.to_json(),
        ClientFrame::Rematch.to_json(),
        ClientFrame::Ratings {
            game: "castle".into(),
            device: Some("device-of-eve-00001".into()),
        }
        .to_json(),
    ];
    let mut tasks = Vec::new();
    for c in 0..CONNECTIONS {
        let mut ws = connect(&server).await;
        if c % 2 == 0 {
            // Half of them inside the room, with a seat: moves reach the rules.
            send(
                &mut ws,
                &ClientFrame::Resume {
                    room: code.clone(),
                    token: token.clone(),
                },
            )
            .await;
            assert!(matches!(
                next_news(&mut ws).await,
                ServerFrame::Welcome { .. }
            ));
        }
        let seeds = seeds.clone();
        tasks.push(tokio::spawn(async move {
            let mut rng = XorShift(0x9e37_79b9_7f4a_7c15 ^ ((c as u64 + 1) * 0x1234_5678));
            let mut malformed = 0;
            while malformed < MALFORMED / CONNECTIONS {
                let mut pings = 1;
                for _ in 0..BATCH {
                    let pick = rng.below(seeds.len());
                    let text = mutate(&mut rng, &seeds[pick]);
                    match ClientFrame::parse(&text) {
                        Err(_) => malformed += 1,
                        Ok(ClientFrame::Ping) => pings += 1,
                        Ok(_) => {}
                    }
                    send_text(&mut ws, &text).await;
                }
                send(&mut ws, &ClientFrame::Ping).await;
                // Frames are answered in order: the last pong closes the batch.
                while pings > 0 {
                    match next(&mut ws).await {
                        Some(ServerFrame::Pong) => pings -= 1,
                        Some(_) => {}
                        None => panic!("connection {c} was closed"),
                    }
                }
            }
            malformed
        }));
    }
    let mut total = 0;
    for t in tasks {
        total += t.await.unwrap_or_else(|e| panic!("{e}"));
    }
    assert!(total >= MALFORMED, "{total}");
    let mut ws = connect(&server).await;
    send(&mut ws, &ClientFrame::Ping).await;
    assert_eq!(next(&mut ws).await, Some(ServerFrame::Pong), "still up");
    let errors = server.errors();
    assert!(!errors.contains("panicked"), "{errors}");
    // The room still replays to what its players see.
    let w = watched_log(&server, &code).await;
    engine::referee::replay(&w.replay_text(), true).unwrap_or_else(|e| panic!("{e}"));
}
