//! The game server's integration tests as one test binary (docs/testing.md): each file here was
//! once its own binary, linked on its own. A test's name starts with its file's
//! (`hostile::…`): run one file with `cargo test -p catapult-table-server --test it hostile::`.
//! `common` is the real server binary on a loopback port and real WebSocket clients, shared by all.

mod after;
mod board;
mod clock;
mod common;
mod fair;
mod files;
mod flood;
mod fuzz;
mod games;
mod hidden;
mod hostile;
mod idle;
mod postgres;
mod quick;
mod stores;
