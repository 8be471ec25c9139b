//! One address cannot starve the others (issue #54 item 4): a flood of half-open connections
//! from 127.0.0.1 — some that never finish their request, some that upgrade and never send a
//! frame, more than the address may hold — while a fresh player from another loopback address
//! (127.0.0.2) is answered within a second, and the server closes the silent ones by their time
//! limits. A bounded number of connections; the test stops by itself.

use crate::common;

use common::*;
use engine::online::protocol::{ClientFrame, ServerFrame};
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::io::AsyncReadExt;
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// Connections the flood holds open from one address (past its ceiling of `PER_ADDRESS`).
const HALF_OPEN: usize = 150;
const UPGRADED: usize = 20;
const PER_ADDRESS: usize = 60;

/// A TCP connection to the server from `from`.
async fn tcp_from(from: [u8; 4], server: &Server) -> TcpStream {
    let to: SocketAddr = server.addr.parse().unwrap_or_else(|e| panic!("{e}"));
    let socket = TcpSocket::new_v4().unwrap_or_else(|e| panic!("{e}"));
    socket
        .bind(SocketAddr::from((from, 0)))
        .unwrap_or_else(|e| panic!("{e}"));
    socket.connect(to).await.unwrap_or_else(|e| panic!("{e}"))
}

/// Whether the server has closed this connection (its read ends) within `wait`.
async fn closed_within(stream: &mut TcpStream, wait: Duration) -> bool {
    let mut buf = [0u8; 512];
    let deadline = Instant::now() + wait;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, stream.read(&mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) => return true,
            Ok(Ok(_)) => continue,
            Err(_) => return false,
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_from_one_address_leaves_a_fresh_player_answered_within_a_second() {
    let dir = TempDir::new("flood");
    let per = PER_ADDRESS.to_string();
    let server = Server::start(
        &dir.0,
        &[
            "--upgrade-limit",
            "2",
            "--first-frame-limit",
            "2",
            "--connections-per-address",
            &per,
        ],
    );
    // Upgraded and silent.
    let mut upgraded = Vec::new();
    for _ in 0..UPGRADED {
        let ws = connect(&server).await;
        upgraded.push(ws);
    }
    // Half-open: connected, a request begun and never finished.
    let mut half = Vec::new();
    for _ in 0..HALF_OPEN {
        let s = tcp_from([127, 0, 0, 1], &server).await;
        let _ = s.try_write(b"GET /ws HTTP/1.1\r\nHost: x\r\n");
        half.push(s);
    }
    // A fresh player from another address: answered at once.
    let began = Instant::now();
    let stream = tcp_from([127, 0, 0, 2], &server).await;
    let request = server
        .url()
        .into_client_request()
        .unwrap_or_else(|e| panic!("{e}"));
    let fresh = tokio::time::timeout(
        Duration::from_secs(1),
        tokio_tungstenite::client_async(request, tokio_tungstenite::MaybeTlsStream::Plain(stream)),
    )
    .await;
    let Ok(Ok((mut ws, _))) = fresh else {
        panic!("the fresh player was not let in within a second: {fresh:?}");
    };
    send(&mut ws, &ClientFrame::Ping).await;
    let pong = tokio::time::timeout(Duration::from_secs(1), next(&mut ws)).await;
    assert!(
        matches!(pong, Ok(Some(ServerFrame::Pong))),
        "the fresh player was not answered: {pong:?}"
    );
    let answered = began.elapsed();
    assert!(
        answered < Duration::from_secs(1),
        "answered in {answered:?}"
    );
    // Past the address's ceiling, connections were closed at once; the rest by their limits.
    let mut closed = 0;
    for s in half.iter_mut() {
        if closed_within(s, Duration::from_secs(5)).await {
            closed += 1;
        }
    }
    assert_eq!(
        closed, HALF_OPEN,
        "every half-open connection closed by the server"
    );
    let mut silent_closed = 0;
    for ws in upgraded.iter_mut() {
        let end = tokio::time::timeout(Duration::from_secs(5), async {
            use futures_util::StreamExt;
            loop {
                match ws.next().await {
                    Some(Ok(_)) => continue,
                    _ => return,
                }
            }
        })
        .await;
        if end.is_ok() {
            silent_closed += 1;
        }
    }
    assert_eq!(silent_closed, UPGRADED, "every silent WebSocket closed");
    // The fresh player spoke, so it stays.
    send(&mut ws, &ClientFrame::Ping).await;
    assert!(matches!(next(&mut ws).await, Some(ServerFrame::Pong)));
    println!(
        "{HALF_OPEN} half-open and {UPGRADED} silent connections from one address: a fresh player \
         answered in {} ms",
        answered.as_millis()
    );
    assert!(!server.errors().contains("panicked"), "{}", server.errors());
}
