//! The server keeps one owner per room (issue #56): a room's transactions run only in its
//! owner's folder, `server/src/room/`, and the hub stays a map of rooms and a queue.
//!
//! What counts as a room's transaction, checkably: writing a room to the store
//! (`create_room`, `update_meta`, `append_move` called), changing or reading out the engine's
//! room between moves (`play_bot`, `apply_logged`, `bot_job`, `Room::restore`, `meta_json`,
//! `tape_for`, `setup_tape`, `seed_when_over`), sending to a room's followers (a
//! `broadcast::channel` made, an `Outgoing` built), and holding a room under a lock
//! (`Mutex<Room>`, `Mutex<Held>`). Outside `server/src/room/` only the stores themselves
//! (`store.rs`, `pg.rs`: where those store methods are written) may name them.

use crate::support::source;

use source::{root, rust_files};
use std::fs;

/// Tokens that are a room's transaction (see the file's comment).
const ROOM_ONLY: [&str; 15] = [
    ".create_room(",
    ".update_meta(",
    ".append_move(",
    ".play_bot(",
    ".apply_logged(",
    ".bot_job(",
    "Room::restore(",
    ".meta_json(",
    ".tape_for(",
    ".setup_tape(",
    ".seed_when_over(",
    "broadcast::channel",
    "Outgoing::",
    "Mutex<Room",
    "Mutex<Held",
];

/// The store's own files, which write the rooms' tables.
const STORES: [&str; 2] = ["server/src/store.rs", "server/src/pg.rs"];

/// The hub: the map of rooms and the quick-match queue, no more.
const HUB_FILES: [&str; 2] = ["server/src/hub.rs", "server/src/hub/queue.rs"];
const MAX_HUB_LINES: usize = 700;
const MAX_HUB_METHODS: usize = 20;

/// The server's source files (binaries included), by path from the root, with their code
/// (comments left out; test modules left out: a test may build a room by hand).
fn server_sources() -> Vec<(String, String)> {
    let mut files = Vec::new();
    rust_files(&root().join("server/src"), &mut files);
    let mut out = Vec::new();
    for f in files {
        let rel = f
            .strip_prefix(root())
            .map(|p| p.to_string_lossy().replace('\\', "/"))
            .unwrap_or_default();
        if rel.ends_with("/tests.rs") {
            continue;
        }
        let text = fs::read_to_string(&f).unwrap_or_default();
        let text = text.split("#[cfg(test)]\nmod tests {").next().unwrap_or("");
        let code: String = text
            .lines()
            .map(|l| l.split("//").next().unwrap_or(""))
            .collect::<Vec<_>>()
            .join("\n");
        out.push((rel, code));
    }
    out
}

#[test]
fn no_room_transaction_runs_outside_the_rooms_folder() {
    let sources = server_sources();
    assert!(
        sources
            .iter()
            .any(|(p, _)| p.starts_with("server/src/room/")),
        "server/src/room/ is missing"
    );
    let mut wrong = Vec::new();
    for (path, code) in &sources {
        if path.starts_with("server/src/room/") || STORES.contains(&path.as_str()) {
            continue;
        }
        for token in ROOM_ONLY {
            if code.contains(token) {
                wrong.push(format!("{path}: {token}"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "a room's transaction outside server/src/room/ (ask the room's owner instead, through \
         room::Rooms):\n{}",
        wrong.join("\n")
    );
}

#[test]
fn a_connection_hands_frames_on_and_holds_no_room() {
    let sources = server_sources();
    let conn = sources
        .iter()
        .find(|(p, _)| p == "server/src/conn.rs")
        .map(|(_, c)| c.as_str())
        .unwrap_or_default();
    assert!(!conn.is_empty(), "server/src/conn.rs is missing");
    for token in ["engine::online::room", "Room::", ".lock(", "store"] {
        assert!(
            !conn.contains(token),
            "server/src/conn.rs names `{token}`: a connection hands its frame to its room's \
             owner or to the queue, and runs no room transaction"
        );
    }
}

#[test]
fn the_hub_is_small() {
    let sources = server_sources();
    let mut lines = 0;
    let mut methods = 0;
    for file in HUB_FILES {
        let code = sources
            .iter()
            .find(|(p, _)| p == file)
            .map(|(_, c)| c.as_str());
        assert!(code.is_some(), "{file} is missing");
        let code = code.unwrap_or_default();
        lines += code.lines().filter(|l| !l.trim().is_empty()).count();
        let mut in_hub = false;
        for l in code.lines() {
            if l.starts_with("impl Hub {") {
                in_hub = true;
            } else if l.starts_with('}') {
                in_hub = false;
            } else if in_hub {
                let t = l.trim_start();
                let t = t
                    .strip_prefix("pub(super) ")
                    .or_else(|| t.strip_prefix("pub(crate) "))
                    .or_else(|| t.strip_prefix("pub "))
                    .unwrap_or(t);
                let t = t.strip_prefix("async ").unwrap_or(t);
                if l.starts_with("    ") && !l.starts_with("     ") && t.starts_with("fn ") {
                    methods += 1;
                }
            }
        }
    }
    // Every `impl Hub` is in the hub's own files.
    for (path, code) in &sources {
        if !HUB_FILES.contains(&path.as_str()) {
            assert!(
                !code.contains("impl Hub"),
                "{path} has an `impl Hub`: a room's behaviour belongs to its owner in \
                 server/src/room/"
            );
        }
    }
    assert!(
        lines <= MAX_HUB_LINES,
        "the hub has {lines} lines of code (at most {MAX_HUB_LINES}): give the new behaviour to \
         the room's owner or a module of its own"
    );
    assert!(
        methods <= MAX_HUB_METHODS,
        "the hub has {methods} methods (at most {MAX_HUB_METHODS})"
    );
}
