//! The hub's own tests: rooms let go and loaded again, a race between two servers.

use super::*;
use engine::online::protocol::{SeatPlan, SeatRequest};

/// A room's seats, each named Ann.
fn seats(plans: &[SeatPlan]) -> Vec<SeatRequest> {
    plans
        .iter()
        .map(|&plan| SeatRequest {
            plan,
            name: "Ann".into(),
        })
        .collect()
}

#[tokio::test]
async fn a_room_nobody_follows_is_let_go_and_loads_again_from_the_store() {
    let dir = std::env::temp_dir().join(format!("ct-hub-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let store = crate::store::Sqlite::open(&dir).unwrap_or_else(|e| panic!("{e}"));
    let hub = Hub::new(Arc::new(store), Limits::default(), "test".into());
    let seats = seats(&[SeatPlan::Here, SeatPlan::Invited]);
    let ip = IpAddr::from([127, 0, 0, 1]);
    let (cell, token) = hub
        .create(ip, "feud", &[], &seats)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    let code = hub
        .lock(&cell)
        .await
        .unwrap_or_else(|e| panic!("{e}"))
        .code
        .clone();
    assert_eq!(hub.evict_idle(), 0, "followed");
    drop(cell);
    assert_eq!(hub.evict_idle(), 1);
    assert_eq!(hub.rooms_held(), 0);
    let back = hub.room(&code).await.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        hub.lock(&back)
            .await
            .unwrap_or_else(|e| panic!("{e}"))
            .player(&token),
        Some(0)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Two servers race for one place in a room's log: the other server's move is stored and
/// this one hears of it (and sends it to its clients) before its own player's move for the
/// same place gets the room. The room refuses that move, and nothing more is sent: before,
/// the refusal rebuilt the room and sent the other server's move a second time (seen as
/// "moves arrive in order, none missed" in `two_servers_racing_for_one_move_store_exactly_one`
/// on a busy machine).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn regress_a_move_heard_before_a_losing_race_is_sent_once() {
    use engine::core::bot::{self, BotBudget};
    use engine::core::{Level, Rng};
    let dir = std::env::temp_dir().join(format!("ct-hub-race-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let open = || Arc::new(crate::store::Sqlite::open(&dir).unwrap_or_else(|e| panic!("{e}")));
    let a = Hub::new(open(), Limits::default(), "a".into());
    let b = Hub::new(open(), Limits::default(), "b".into());
    let seats = seats(&[SeatPlan::Here, SeatPlan::Here]);
    let ip = IpAddr::from([127, 0, 0, 1]);
    let (cell_a, _) = a
        .create(ip, "castle", &[], &seats)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    let code = {
        let mut g = a.lock(&cell_a).await.unwrap_or_else(|e| panic!("{e}"));
        let before = g.meta_json();
        g.start(0).unwrap_or_else(|e| panic!("{e}"));
        a.save_meta(&cell_a, &mut g, before)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        g.code.clone()
    };
    let cell_b = b.room(&code).await.unwrap_or_else(|e| panic!("{e}"));
    // Two different moves for the first place in the log.
    let (won, lost) = {
        let g = a.lock(&cell_a).await.unwrap_or_else(|e| panic!("{e}"));
        let game = g
            .session()
            .unwrap_or_else(|| panic!("started"))
            .game
            .as_ref();
        // Two different decisions, or the bot's shot aimed two ways (Easy's hand shakes).
        let mut moves: Vec<engine::core::Move> = game.candidates();
        moves.extend((1..20).filter_map(|n| {
            bot::choose_at(game, Level::Easy, &mut Rng::new(n), BotBudget::default())
        }));
        let pick = |n: u64| moves[(n as usize - 1) % moves.len()].clone();
        let won = pick(1);
        let lost = (2..60).map(pick).find(|m| *m != won);
        (won, lost.unwrap_or_else(|| panic!("a second move")))
    };
    let mut sent = cell_a.tx.subscribe();
    b.play(&cell_b, 0, 0, won)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    {
        // What hearing the other server's notice does.
        let mut g = a.lock(&cell_a).await.unwrap_or_else(|e| panic!("{e}"));
        let at = g.seq();
        a.resync(&cell_a, &mut g, at).await;
    }
    assert!(a.play(&cell_a, 0, 0, lost).await.is_err());
    let mut moved = 0;
    while let Ok(frame) = sent.try_recv() {
        let frame = frame.text_for(None);
        if frame.contains("\"type\":\"moved\"") || frame.starts_with("{\"type\":\"moved\"") {
            moved += 1;
        }
    }
    assert_eq!(moved, 1, "the stored move is sent once");
    assert_eq!(
        a.lock(&cell_a)
            .await
            .unwrap_or_else(|e| panic!("{e}"))
            .seq(),
        1
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_queue_seats_the_closest_in_rating_and_never_one_device_twice() {
    use super::queue::pick;
    assert_eq!(pick(&[(1500.0, None)], 2), None, "one is not enough");
    let who = [
        (1900.0, None),
        (1500.0, None),
        (1200.0, None),
        (1480.0, None),
    ];
    assert_eq!(pick(&who, 2), Some(vec![1, 3]));
    assert_eq!(pick(&who, 3), Some(vec![1, 2, 3]));
    // Equal spreads: the group with the longest waiter.
    assert_eq!(
        pick(&[(1.0, None), (2.0, None), (3.0, None)], 2),
        Some(vec![0, 1])
    );
    let same = [(1500.0, Some("dev-a")), (1500.0, Some("dev-a"))];
    assert_eq!(pick(&same, 2), None);
    let three = [
        (1500.0, Some("dev-a")),
        (1501.0, Some("dev-a")),
        (1700.0, Some("dev-b")),
    ];
    assert_eq!(pick(&three, 2), Some(vec![1, 2]));
}

fn quick_hub(name: &str, limits: Limits) -> (Arc<Hub>, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("ct-hub-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let store = crate::store::Sqlite::open(&dir).unwrap_or_else(|e| panic!("{e}"));
    let hub = Arc::new(Hub::new(Arc::new(store), limits, name.into()));
    let ratings = crate::ratings::Ratings::sqlite(&dir).unwrap_or_else(|e| panic!("{e}"));
    hub.use_ratings(Arc::new(ratings));
    (hub, dir)
}

fn ask(game: &str, name: &str, players: Option<u64>, device: Option<&str>) -> QuickAsk {
    QuickAsk {
        game: game.into(),
        name: name.into(),
        players,
        device: device.map(String::from),
        aid: None,
    }
}

type News = tokio::sync::mpsc::UnboundedReceiver<QueueNews>;

async fn news(rx: &mut News) -> QueueNews {
    tokio::time::timeout(Duration::from_secs(120), rx.recv())
        .await
        .ok()
        .flatten()
        .unwrap_or_else(|| panic!("no news from the queue"))
}

async fn frame(rx: &mut News) -> ServerFrame {
    match news(rx).await {
        QueueNews::Frame(f) => *f,
        QueueNews::Seated { .. } => panic!("seated, expected a frame"),
    }
}

async fn seated(rx: &mut News) -> (Arc<RoomCell>, String) {
    loop {
        match news(rx).await {
            QueueNews::Seated { cell, token } => return (cell, token),
            QueueNews::Frame(f) if matches!(*f, ServerFrame::Queued { .. }) => continue,
            QueueNews::Frame(f) => panic!("expected a seat, got {f:?}"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_waiting_are_seated_in_a_started_rated_room_and_its_result_is_rated_once() {
    let (hub, dir) = quick_hub("quick-two", Limits::default());
    let ip = IpAddr::from([127, 0, 0, 1]);
    let (tx_a, mut rx_a) = tokio::sync::mpsc::unbounded_channel();
    let (tx_b, mut rx_b) = tokio::sync::mpsc::unbounded_channel();
    let (a, b) = (hub.connection_id(), hub.connection_id());
    let dev_a = Some("device-of-ann-0001");
    hub.quick(a, ip, ask("feud", "Ann", None, dev_a), &tx_a)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    let queued = ServerFrame::Queued {
        game: "feud".into(),
        players: 2,
        waiting: 1,
    };
    assert_eq!(frame(&mut rx_a).await, queued);
    assert!(hub.is_queued(a));
    let again = hub
        .quick(a, ip, ask("feud", "Ann", None, dev_a), &tx_a)
        .await;
    assert!(again.is_err_and(|e| e.contains("already waits")));
    let dev_b = Some("device-of-ben-0001");
    hub.quick(b, ip, ask("feud", "Ben", Some(2), dev_b), &tx_b)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    let (cell_a, tok_a) = seated(&mut rx_a).await;
    let (cell_b, tok_b) = seated(&mut rx_b).await;
    assert!(Arc::ptr_eq(&cell_a, &cell_b));
    assert!(!hub.is_queued(a) && !hub.is_queued(b));
    let cell = cell_a;
    let (pa, pb) = {
        let room = hub.lock(&cell).await.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(room.phase(), Phase::Playing);
        assert!(room.rated());
        let (pa, pb) = (room.player(&tok_a), room.player(&tok_b));
        let (Some(pa), Some(pb)) = (pa, pb) else {
            panic!("both seated")
        };
        assert_ne!(room.seats_of(pa), room.seats_of(pb));
        match Hub::welcome(&cell, &room, Some(pa), Some(tok_a.clone())) {
            ServerFrame::Welcome { you, .. } => assert!(!you.host && you.seats.len() == 1),
            other => panic!("{other:?}"),
        }
        (pa, pb)
    };
    // Played to its end through the hub, as the players' clients would.
    let mut n = 0;
    loop {
        let (seq, mv, player) = {
            let room = hub.lock(&cell).await.unwrap_or_else(|e| panic!("{e}"));
            let Some(s) = room.session().filter(|_| room.phase() == Phase::Playing) else {
                break;
            };
            let seat = s.game.turn().unwrap_or(0);
            let player = if room.seats_of(pa).contains(&seat) {
                pa
            } else {
                pb
            };
            let mut rng = engine::core::Rng::new(n);
            let mut mv = engine::core::bot::choose_at(
                s.game.as_ref(),
                engine::core::Level::Easy,
                &mut rng,
                engine::core::bot::BotBudget::default(),
            )
            .unwrap_or_else(|| panic!("stuck"));
            mv.outcome = None;
            (room.seq(), mv, player)
        };
        n += 1;
        assert!(n < 3000, "no end");
        hub.play(&cell, player, seq, mv)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
    }
    let Some(ratings) = hub.ratings.get().cloned() else {
        panic!("ratings")
    };
    // The result is recorded off the move's path: wait for it (not a timing check).
    let mut table = Vec::new();
    for _ in 0..2400 {
        table = ratings.table("feud").await.unwrap_or_default();
        if table.len() == 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(table.len(), 2, "{table:?}");
    assert!(table.iter().all(|r| r.games == 1));
    let code = cell.code.clone();
    let again = ratings.record(&code, "feud", &[], 1).await;
    assert!(matches!(again, Ok(Err(_))));
    let seats: Vec<crate::ratings::Placed> = table
        .iter()
        .map(|r| crate::ratings::Placed {
            device: r.device.clone(),
            name: r.name.clone(),
            place: 0,
        })
        .collect();
    let again = ratings.record(&code, "feud", &seats, 1).await;
    assert_eq!(again, Ok(Err(crate::ratings::ALREADY_RATED)));
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_quick_requests_are_refused_in_words_and_nothing_changes() {
    let limits = Limits {
        queued_per_address: 2,
        quick_per_address: 3,
        ..Limits::default()
    };
    let (hub, dir) = quick_hub("quick-bad", limits);
    let ip = IpAddr::from([127, 0, 0, 2]);
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    let c = hub.connection_id();
    for (asked, says) in [
        (ask("nosuch", "Ann", None, None), "unknown game"),
        (
            ask("feud", "Ann", Some(3), None),
            "takes 2 to 2 players, not 3",
        ),
        (
            ask("castle", "Ann", Some(1), None),
            "takes 2 to 4 players, not 1",
        ),
        (ask("castle", "Ann", Some(5), None), "not 5"),
        (ask("feud", "   ", None, None), "1 to 24 characters"),
        (
            ask("feud", "Ann", None, Some("short")),
            "device token is malformed",
        ),
    ] {
        let e = hub.quick(c, ip, asked, &tx).await.err().unwrap_or_default();
        assert!(e.contains(says), "{e}");
        assert!(!hub.is_queued(c));
    }
    assert!(rx.try_recv().is_err(), "nothing was sent");
    assert!(!hub.unqueue(c), "not waiting");
    assert!(hub.bots(c).await.is_err_and(|e| e.contains("not waiting")));
    // At most two waiting from one address; three requests an hour.
    let (d, e, f) = (
        hub.connection_id(),
        hub.connection_id(),
        hub.connection_id(),
    );
    for (conn, game) in [(c, "castle"), (d, "catapults")] {
        hub.quick(conn, ip, ask(game, "Ann", Some(3), None), &tx)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
    }
    let third = hub
        .quick(e, ip, ask("assault", "Ann", Some(3), None), &tx)
        .await;
    assert!(third.is_err_and(|e| e.contains("already wait for a quick match")));
    assert!(!hub.is_queued(e));
    assert!(hub
        .bots(c)
        .await
        .is_err_and(|e| e.contains("no room with bots")));
    assert!(hub.unqueue(d));
    hub.quick(e, ip, ask("assault", "Ann", Some(3), None), &tx)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(hub.unqueue(e));
    let fifth = hub
        .quick(f, ip, ask("assault", "Ann", Some(3), None), &tx)
        .await;
    assert!(fifth.is_err_and(|e| e.contains("in the last hour")));
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lone_waiter_is_offered_bots_and_taking_them_starts_a_room_with_a_bot() {
    let limits = Limits {
        quick_bots_after: Duration::ZERO,
        ..Limits::default()
    };
    let (hub, dir) = quick_hub("quick-bots", limits);
    let ip = IpAddr::from([127, 0, 0, 3]);
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    let c = hub.connection_id();
    hub.quick(c, ip, ask("castle", "Ann", Some(3), None), &tx)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(matches!(
        frame(&mut rx).await,
        ServerFrame::Queued { waiting: 1, .. }
    ));
    assert_eq!(
        frame(&mut rx).await,
        ServerFrame::OfferBots {
            game: "castle".into(),
            players: 3,
            waiting: 1
        }
    );
    hub.bots(c).await.unwrap_or_else(|e| panic!("{e}"));
    let (cell, token) = seated(&mut rx).await;
    let room = hub.lock(&cell).await.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(room.phase(), Phase::Playing);
    assert!(!room.rated(), "one player and bots: unrated");
    let infos = room.seat_infos(&|_| true);
    let bots = infos
        .iter()
        .filter(|s| matches!(s.plan, SeatPlan::Bot(engine::core::Level::Normal)))
        .count();
    assert_eq!((infos.len(), bots), (3, 2));
    assert!(room.player(&token).is_some());
    drop(room);
    assert!(!hub.is_queued(c));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A started room followed by a connection and not asked for a while is put to sleep (its game
/// dropped, only its move count kept) and rebuilt from the store when next asked for: the same
/// state hash, the same log, and the game plays on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_followed_room_put_to_sleep_wakes_with_the_same_hash_and_plays_on() {
    use engine::core::bot::{self, BotBudget};
    use engine::core::{Level, Rng};
    let dir = std::env::temp_dir().join(format!("ct-hub-sleep-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let store = crate::store::Sqlite::open(&dir).unwrap_or_else(|e| panic!("{e}"));
    let hub = Hub::new(Arc::new(store), Limits::default(), "test".into());
    let seats = seats(&[SeatPlan::Here, SeatPlan::Here]);
    let ip = IpAddr::from([127, 0, 0, 1]);
    let (cell, _) = hub
        .create(ip, "castle", &[], &seats)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    {
        let mut g = hub.lock(&cell).await.unwrap_or_else(|e| panic!("{e}"));
        let before = g.meta_json();
        g.start(0).unwrap_or_else(|e| panic!("{e}"));
        hub.save_meta(&cell, &mut g, before)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
    }
    let play = |n: u64| {
        let (hub, cell) = (&hub, &cell);
        async move {
            let (seq, mv) = {
                let g = hub.lock(cell).await.unwrap_or_else(|e| panic!("{e}"));
                let game = g
                    .session()
                    .unwrap_or_else(|| panic!("started"))
                    .game
                    .as_ref();
                let mv = bot::choose_at(game, Level::Easy, &mut Rng::new(n), BotBudget::default());
                (g.seq(), mv.unwrap_or_else(|| panic!("a move")))
            };
            hub.play(cell, 0, seq, mv)
                .await
                .unwrap_or_else(|e| panic!("{e}"));
        }
    };
    for n in 1..=4 {
        play(n).await;
    }
    let (hash, log) = {
        let g = hub.lock(&cell).await.unwrap_or_else(|e| panic!("{e}"));
        (g.hash(), g.replay_text())
    };
    // Asked for just now: not idle yet.
    assert_eq!(hub.sweep(Duration::from_secs(60)), Swept::default());
    assert_eq!(
        hub.sweep(Duration::ZERO),
        Swept {
            let_go: 0,
            slept: 1
        },
        "followed (this test holds the room), so put to sleep, not let go"
    );
    assert!(matches!(
        *cell.room.try_lock().unwrap_or_else(|_| panic!("free")),
        Held::Asleep { seq: 4 }
    ));
    {
        let g = hub.lock(&cell).await.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((g.hash(), g.replay_text()), (hash, log));
    }
    assert_eq!(hub.stats.rebuilds.load(Ordering::Relaxed), 1);
    // Asleep again, then a move wakes it and is played on the rebuilt game.
    assert_eq!(hub.sweep(Duration::ZERO).slept, 1);
    play(5).await;
    assert_eq!(hub.stats.rebuilds.load(Ordering::Relaxed), 2);
    assert_eq!(
        hub.lock(&cell)
            .await
            .unwrap_or_else(|e| panic!("{e}"))
            .seq(),
        5
    );
    let _ = std::fs::remove_dir_all(&dir);
}
