//! What a room's owner costs beside the engine's room (issue #56: "an actor's task and channel
//! count"), counted by a global allocator: giving a room its owner (its task, its inbox, its
//! broadcast channel of 64 slots, its counters, its place in the map) takes at most
//! `OWNER_MOST` bytes besides the engine's room, and one connection following it (the receiver)
//! a few hundred more. The engine's room itself is `engine/tests/room_memory.rs`'s (at most 32 KB
//! after 8 moves).
//!
//! The store here keeps nothing (the rooms' SQLite and PostgreSQL stores hold their own caches,
//! shared by every room: not a room's cost).

use catapult_table_server::limits::Limits;
use catapult_table_server::room::Rooms;
use catapult_table_server::store::{Store, StoredRoom};
use engine::online::protocol::{SeatPlan, SeatRequest};
use engine::online::room::{Room, HOST};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicIsize, Ordering};
use std::sync::Arc;

struct Counting;

static LIVE: AtomicIsize = AtomicIsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size() as isize, Ordering::Relaxed);
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size() as isize, Ordering::Relaxed);
        System.dealloc(ptr, layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, size: usize) -> *mut u8 {
        LIVE.fetch_add(size as isize - layout.size() as isize, Ordering::Relaxed);
        System.realloc(ptr, layout, size)
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// Most bytes a room's owner may hold beside the engine's room (the broadcast channel's 64
/// slots are 2.5 KB of it, as before the owner).
const OWNER_MOST: isize = 6 * 1024;

/// A store that keeps nothing and has nothing.
struct Nothing;

impl Store for Nothing {
    fn create_room(&self, _: &str, _: &str, _: u64) -> Result<(), String> {
        Ok(())
    }
    fn update_meta(&self, _: &str, _: &str, _: &str, _: u64) -> Result<(), String> {
        Ok(())
    }
    fn append_move(&self, _: &str, _: u64, _: &str, _: u64) -> Result<(), String> {
        Ok(())
    }
    fn load(&self, _: &str) -> Result<Option<StoredRoom>, String> {
        Ok(None)
    }
    fn expire(&self, _: u64) -> Result<usize, String> {
        Ok(0)
    }
}

/// A started two-player Castle room.
fn room(code: &str) -> Room {
    let seat = |name: &str, plan| SeatRequest {
        plan,
        name: name.into(),
    };
    let seats = [seat("Ann", SeatPlan::Here), seat("Ben", SeatPlan::Invited)];
    let mut room = Room::create(code, "castle", &[], &seats, 3, "ann-token-0000000")
        .unwrap_or_else(|e| panic!("{e}"));
    room.join("Ben", "ben-token-0000000")
        .unwrap_or_else(|e| panic!("{e}"));
    room.start(HOST).unwrap_or_else(|e| panic!("{e}"));
    room
}

/// Lets the runtime's other work (the owner's first turn) run.
async fn settle() {
    for _ in 0..20 {
        tokio::task::yield_now().await;
    }
    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_rooms_owner_costs_little_beside_its_room() {
    let rooms = Arc::new(Rooms::new(
        Arc::new(Nothing),
        Limits::default(),
        "cost".into(),
    ));
    // Warm up: the runtime's and the map's first allocations are not a room's.
    for i in 0..3 {
        let code = format!("WARM{i}");
        rooms
            .create(room(&code), false)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
    }
    settle().await;
    let mut costs = Vec::new();
    for i in 0..8 {
        let code = format!("ROOM{i}");
        let made = room(&code);
        settle().await;
        // The room is made before counting: what is counted is its owner.
        let before = LIVE.load(Ordering::Relaxed);
        rooms
            .create(made, false)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        settle().await;
        let owner = LIVE.load(Ordering::Relaxed) - before;
        // The engine's room alone, for scale.
        let alone = {
            let r = room(&code);
            let at = LIVE.load(Ordering::Relaxed);
            drop(r);
            at - LIVE.load(Ordering::Relaxed)
        };
        let follower = {
            let at = LIVE.load(Ordering::Relaxed);
            let entered = rooms
                .enter(&code, None, false)
                .await
                .unwrap_or_else(|e| panic!("{e}"));
            settle().await;
            let with = LIVE.load(Ordering::Relaxed) - at;
            // The welcome is sent and dropped by a connection; the receiver stays.
            drop(entered.welcome);
            with
        };
        costs.push((owner, alone, follower));
    }
    costs.sort();
    let (owner, alone, follower) = costs[costs.len() / 2];
    println!(
        "a room's owner: {owner} B beside its room ({alone} B); a connection following it: \
         {follower} B with its welcome (median of 8)"
    );
    assert!(
        owner <= OWNER_MOST,
        "a room's owner holds {owner} bytes beside its room (at most {OWNER_MOST})"
    );
}
