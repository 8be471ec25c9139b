//! What a server's room holds between moves, counted by a global allocator (exact bytes, not
//! timing: the same on every machine). A room keeps its rules and its log, not the tables its
//! shots were simulated on, nor an undo copy or events nobody reads (docs/benchmarks.md, "Rooms
//! at 39 KB").

use engine::core::bot::{self, BotBudget};
use engine::core::{Level, Rng};
use engine::games::{assault, carcassonne, castle, catapults, feud};
use engine::online::protocol::{Phase, SeatPlan, SeatRequest};
use engine::online::room::{Room, HOST};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicIsize, Ordering};

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

/// The bytes `value` holds on the heap: what dropping it gives back. Only this test's thread
/// allocates while it runs (the harness runs it alone: one test in this file).
fn held<T>(value: T) -> isize {
    let before = LIVE.load(Ordering::Relaxed);
    drop(value);
    before - LIVE.load(Ordering::Relaxed)
}

/// A two-player room of `game` after `moves` moves, each sent as a client sends it (a shot by its
/// launch alone, simulated by the room).
fn room_after(game: &str, moves: usize) -> Room {
    let seat = |name: &str, plan| SeatRequest {
        plan,
        name: name.into(),
    };
    let seats = [seat("Ann", SeatPlan::Here), seat("Ben", SeatPlan::Invited)];
    let mut room =
        Room::create("code", game, &[], &seats, 3, "ann").unwrap_or_else(|e| panic!("{game}: {e}"));
    room.join("Ben", "ben").unwrap_or_else(|e| panic!("{e}"));
    room.start(HOST).unwrap_or_else(|e| panic!("{e}"));
    for n in 0..moves {
        if room.phase() != Phase::Playing {
            break;
        }
        let Some(session) = room.session() else {
            panic!("{game}: started");
        };
        let seat = session.game.turn().unwrap_or(0);
        let mut rng = Rng::new(n as u64);
        let choice = bot::choose_at(
            session.game.as_ref(),
            Level::Easy,
            &mut rng,
            BotBudget::default(),
        );
        let mut mv = choice.unwrap_or_else(|| panic!("{game}: stuck"));
        mv.outcome = None;
        let seq = room.seq();
        let player = if room.seats_of(1).contains(&seat) {
            1
        } else {
            HOST
        };
        room.play(player, seq, &mv)
            .unwrap_or_else(|e| panic!("{game}: {e}"));
    }
    room
}

#[test]
fn a_room_between_moves_holds_its_rules_and_log_not_its_tables() {
    let mut report = Vec::new();
    for game in [
        castle::INFO.id,
        feud::INFO.id,
        catapults::INFO.id,
        assault::INFO.id,
        carcassonne::INFO.id,
    ] {
        let room = room_after(game, 8);
        let moves = room.seq();
        let bytes = held(room);
        report.push(format!(
            "{game}: {:.1} KB after {moves} moves",
            bytes as f64 / 1024.0
        ));
        // Catapults held 120 KB here while its struck tables stayed in the room; Carcassonne
        // 49 KB with its undo copy and its tiles' art (24 KB without: its catalog and map).
        assert!(
            bytes <= 32 * 1024,
            "{game}: the room holds {bytes} bytes after {moves} moves"
        );
    }
    println!("{}", report.join("\n"));
}
