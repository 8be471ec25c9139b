//! The door every connection comes through (issue #54 item 4): one address cannot starve the
//! others. A connection is admitted only while its address holds fewer than
//! `--connections-per-address` and the server fewer than `--connections` (by default the
//! process's open-file limit less a reserve of `FILE_RESERVE` for the stores, the listener and a
//! fresh player); a connection refused is closed at once. An admitted connection has
//! `--upgrade-limit` to send its request's headers (hyper's `header_read_timeout`), and an
//! upgraded WebSocket `--first-frame-limit` to send its first frame (`conn::serve`), or it is
//! closed. Its pass travels with it into the WebSocket, so the counts are of live connections.
//! See docs/online.md, "Connections".

use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Open files kept back from connections: the stores' files, the listener, the logs, and room
/// for a fresh player's connection to be accepted (and answered) when the rest are taken.
pub const FILE_RESERVE: usize = 128;

/// Connections allowed when the open-file limit cannot be read.
const FALLBACK_CONNECTIONS: usize = 896;

/// The process's open-file limit (its soft limit), if it can be read.
pub fn open_file_limit() -> Option<usize> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: `getrlimit` writes into the struct given, which lives for the call.
    let read = unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) };
    (read == 0 && limit.rlim_cur != libc::RLIM_INFINITY).then_some(limit.rlim_cur as usize)
}

/// Connections the server holds at most by default: the open-file limit less the reserve.
pub fn default_connections() -> usize {
    open_file_limit()
        .map(|n| n.saturating_sub(FILE_RESERVE).max(16))
        .unwrap_or(FALLBACK_CONNECTIONS)
}

/// The connections held, per address and in all.
pub struct Gate {
    per_address: usize,
    most: usize,
    open: Mutex<(HashMap<IpAddr, usize>, usize)>,
}

/// One admitted connection: counted until dropped.
pub struct Pass {
    gate: Arc<Gate>,
    ip: IpAddr,
}

impl Gate {
    pub fn new(per_address: usize, most: usize) -> Arc<Gate> {
        Arc::new(Gate {
            per_address: per_address.max(1),
            most: most.max(1),
            open: Mutex::new((HashMap::new(), 0)),
        })
    }

    /// A pass for a connection from `ip`, or None past either ceiling.
    pub fn admit(self: &Arc<Self>, ip: IpAddr) -> Option<Pass> {
        let mut open = self.open.lock().ok()?;
        let (by, total) = &mut *open;
        let n = by.entry(ip).or_insert(0);
        if *n >= self.per_address || *total >= self.most {
            if *n == 0 {
                by.remove(&ip);
            }
            return None;
        }
        *n += 1;
        *total += 1;
        Some(Pass {
            gate: self.clone(),
            ip,
        })
    }

    /// Connections held now (all, and of one address).
    pub fn held(&self, ip: IpAddr) -> (usize, usize) {
        self.open
            .lock()
            .map(|o| (o.1, o.0.get(&ip).copied().unwrap_or(0)))
            .unwrap_or((0, 0))
    }
}

impl Drop for Pass {
    fn drop(&mut self) {
        if let Ok(mut open) = self.gate.open.lock() {
            let (by, total) = &mut *open;
            *total = total.saturating_sub(1);
            if let Some(n) = by.get_mut(&self.ip) {
                *n = n.saturating_sub(1);
                if *n == 0 {
                    by.remove(&self.ip);
                }
            }
        }
    }
}

/// Serves `app` on `listener` until it fails: each connection admitted by `gate` (or closed at
/// once), its request's headers read within `upgrade_limit`, its address and its pass given to
/// the handlers (`ConnectInfo`, `Arc<Pass>` in the request's extensions).
pub async fn serve(
    listener: tokio::net::TcpListener,
    app: Router,
    gate: Arc<Gate>,
    upgrade_limit: Duration,
) -> Result<(), String> {
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of open files (or a connection reset before it was taken): the ones held
                // close by their limits; try again shortly rather than spin.
                eprintln!("could not accept a connection: {e}");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let Some(pass) = gate.admit(peer.ip()) else {
            drop(stream);
            continue;
        };
        let app = app.clone();
        tokio::spawn(async move {
            let pass = Arc::new(pass);
            let service = hyper::service::service_fn(move |mut req: hyper::Request<Incoming>| {
                req.extensions_mut().insert(ConnectInfo::<SocketAddr>(peer));
                req.extensions_mut().insert(pass.clone());
                let mut app = app.clone();
                async move {
                    <Router as tower_service::Service<hyper::Request<Incoming>>>::call(
                        &mut app, req,
                    )
                    .await
                }
            });
            let _ = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(upgrade_limit)
                .serve_connection(TokioIo::new(stream), service)
                .with_upgrades()
                .await;
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_and_the_server_are_each_held_to_their_ceiling() {
        let gate = Gate::new(2, 3);
        let (a, b) = (IpAddr::from([10, 0, 0, 1]), IpAddr::from([10, 0, 0, 2]));
        let a1 = gate.admit(a);
        let a2 = gate.admit(a);
        assert!(a1.is_some() && a2.is_some());
        assert!(gate.admit(a).is_none(), "a's ceiling");
        let b1 = gate.admit(b);
        assert!(b1.is_some());
        assert!(gate.admit(b).is_none(), "the server's ceiling");
        assert_eq!(gate.held(a), (3, 2));
        drop(a1);
        assert_eq!(gate.held(a), (2, 1));
        assert!(gate.admit(b).is_some(), "a place freed");
        drop((a2, b1));
        assert_eq!(gate.held(a), (0, 0));
        assert!(default_connections() >= 16);
    }
}
