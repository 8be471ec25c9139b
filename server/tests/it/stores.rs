//! The stores of the features that outlive a room (the challenge boards, the ratings) on files
//! made by the build before each feature owned its migrations (issue #56 item 2).

use catapult_table_server::board::{results::Results, Entry};
use catapult_table_server::ratings::{Placed, Ratings};

/// Files made by the build before each feature recorded its migrations (the schemas
/// exactly as it made them, with a row each) keep working: read, written on, and each
/// feature's migrations recorded.
#[tokio::test]
async fn files_from_before_each_feature_owned_its_migrations_keep_working() {
    let dir = std::env::temp_dir().join(format!("ct-db-before-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let old = |file: &str, sql: &str| {
        let conn = rusqlite::Connection::open(dir.join(file)).unwrap_or_else(|e| panic!("{e}"));
        conn.execute_batch(sql).unwrap_or_else(|e| panic!("{e}"));
    };
    old(
        "ratings.sqlite",
        "CREATE TABLE IF NOT EXISTS ratings (game TEXT NOT NULL, device TEXT NOT NULL,
             name TEXT NOT NULL, rating REAL NOT NULL, deviation REAL NOT NULL,
             volatility REAL NOT NULL, games INTEGER NOT NULL, updated INTEGER NOT NULL,
             PRIMARY KEY (game, device));
         CREATE INDEX IF NOT EXISTS ratings_rank ON ratings(game, rating DESC);
         CREATE TABLE IF NOT EXISTS rated_rooms (code TEXT PRIMARY KEY, game TEXT NOT NULL,
             at INTEGER NOT NULL);
         INSERT INTO ratings VALUES ('feud', 'device-old', 'Old', 1600.0, 200.0, 0.06, 2, 1);
         INSERT INTO rated_rooms VALUES ('OLDRATED', 'feud', 1);",
    );
    old(
        "board.sqlite",
        "CREATE TABLE IF NOT EXISTS results (game TEXT NOT NULL, day TEXT NOT NULL,
             device TEXT NOT NULL, name TEXT NOT NULL, score INTEGER NOT NULL,
             line TEXT NOT NULL, replay TEXT NOT NULL, at INTEGER NOT NULL,
             tries INTEGER NOT NULL, PRIMARY KEY (game, day, device));
         CREATE INDEX IF NOT EXISTS results_rank ON results(game, day, score DESC, at);
         INSERT INTO results VALUES ('feud', '2026-12-01', 'device-old', 'Old', 9, 'nine',
             'replay', 1, 1);",
    );
    let ratings = Ratings::sqlite(&dir).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        ratings.rating_of("feud", "device-old").await,
        Ok(Some(1600.0))
    );
    let seat = |device: &str, place| Placed {
        device: device.into(),
        name: device.into(),
        place,
        ..Placed::default()
    };
    let seats = [seat("device-old", 0), seat("device-new", 1)];
    let again = ratings.record("OLDRATED", "feud", &seats, 2).await;
    assert!(matches!(again, Ok(Err(_))), "counted once: {again:?}");
    let new = ratings.record("NEWROOM", "feud", &seats, 2).await;
    assert!(matches!(new, Ok(Ok(_))), "{new:?}");
    let table = ratings.table("feud").await.unwrap_or_default();
    assert_eq!(table.iter().map(|r| r.games).sum::<i64>(), 4, "{table:?}");
    // The pairs' daily counts (the ratings' second migration) hold in the old file: the same
    // two are rated three times a day, then not.
    for (room, rated) in [("NEW2", true), ("NEW3", true), ("NEW4", false)] {
        let r = ratings.record(room, "feud", &seats, 2).await;
        assert_eq!(matches!(r, Ok(Ok(_))), rated, "{room}: {r:?}");
    }
    let board = Results::sqlite(&dir).unwrap_or_else(|e| panic!("{e}"));
    let day = board
        .standings("feud", "2026-12-01")
        .await
        .unwrap_or_default();
    assert_eq!((day.len(), day[0].score), (1, 9));
    let better = Entry {
        game: "feud".into(),
        day: "2026-12-01".into(),
        device: "device-old".into(),
        name: "Old".into(),
        score: 12,
        line: "twelve".into(),
    };
    assert!(board.keep(&better, "replay".into(), 3).await.is_ok());
    let day = board
        .standings("feud", "2026-12-01")
        .await
        .unwrap_or_default();
    assert_eq!((day.len(), day[0].score), (1, 12));
    // Each feature's migrations recorded, to its last (the ratings' second: the pairs'
    // daily counts).
    for (file, table, last) in [
        ("ratings.sqlite", "ratings_migrations", 2),
        ("board.sqlite", "board_migrations", 1),
    ] {
        let conn = rusqlite::Connection::open(dir.join(file)).unwrap_or_else(|e| panic!("{e}"));
        let v: i64 = conn
            .query_row(&format!("SELECT MAX(version) FROM {table}"), [], |r| {
                r.get(0)
            })
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(v, last, "{file}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
