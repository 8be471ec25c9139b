//! The hub's own tests: the quick-match queue.

use super::*;
use engine::online::protocol::{Phase, SeatPlan, ServerFrame};

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

async fn seated(rx: &mut News) -> (String, String) {
    loop {
        match news(rx).await {
            QueueNews::Seated { code, token } => return (code, token),
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
    let (code, tok_a) = seated(&mut rx_a).await;
    let (code_b, tok_b) = seated(&mut rx_b).await;
    assert_eq!(code, code_b);
    assert!(!hub.is_queued(a) && !hub.is_queued(b));
    let (pa, pb) = {
        let (ta, tb) = (tok_a.clone(), tok_b.clone());
        let (pa, pb) = hub
            .rooms
            .look(&code, move |room| {
                assert_eq!(room.phase(), Phase::Playing);
                assert!(room.rated());
                let (pa, pb) = (room.player(&ta), room.player(&tb));
                let (Some(pa), Some(pb)) = (pa, pb) else {
                    panic!("both seated")
                };
                assert_ne!(room.seats_of(pa), room.seats_of(pb));
                (pa, pb)
            })
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        let entered = hub.rooms.enter(&code, Some(&tok_a), true).await;
        match entered.map(|e| e.welcome) {
            Ok(ServerFrame::Welcome { you, .. }) => assert!(!you.host && you.seats.len() == 1),
            Ok(other) => panic!("{other:?}"),
            Err(e) => panic!("{e}"),
        }
        (pa, pb)
    };
    // Played to its end through the room's owner, as the players' clients would.
    let mut n = 0;
    loop {
        let next = hub.rooms.look(&code, move |room| {
            let s = room.session().filter(|_| room.phase() == Phase::Playing)?;
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
            Some((room.seq(), mv, player))
        });
        let Some((seq, mv, player)) = next.await.unwrap_or_else(|e| panic!("{e}")) else {
            break;
        };
        n += 1;
        assert!(n < 3000, "no end");
        hub.rooms
            .play(&code, player, seq, mv)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
    }
    let Some(ratings) = hub.rooms.ratings.get().cloned() else {
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
    let again = ratings.record(&code, "feud", &[], 1).await;
    assert!(matches!(again, Ok(Err(_))));
    let seats: Vec<crate::ratings::Placed> = table
        .iter()
        .map(|r| crate::ratings::Placed {
            device: r.device.clone(),
            name: r.name.clone(),
            place: 0,
            ..Default::default()
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
    let (code, token) = seated(&mut rx).await;
    hub.rooms
        .look(&code, move |room| {
            assert_eq!(room.phase(), Phase::Playing);
            assert!(!room.rated(), "one player and bots: unrated");
            let infos = room.seat_infos(&|_| true);
            let bots = infos
                .iter()
                .filter(|s| matches!(s.plan, SeatPlan::Bot(engine::core::Level::Normal)))
                .count();
            assert_eq!((infos.len(), bots), (3, 2));
            assert!(room.player(&token).is_some());
        })
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(!hub.is_queued(c));
    let _ = std::fs::remove_dir_all(&dir);
}
