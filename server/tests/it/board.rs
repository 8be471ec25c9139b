//! Today's challenge boards on a real server over loopback: a real replay is verified and ranked,
//! every forged kind is refused with its reason, hostile requests get a clear answer, and the
//! board survives a restart.

use crate::common;

use catapult_table_server::board::today;
use common::*;
use engine::challenge::challenge_for;
use engine::challenge::play::play_out;
use engine::challenge::verify::verify;
use engine::core::Level;

const ADA: &str = "device-ada-0123456789";
const BEN: &str = "device-ben-0123456789";

#[test]
fn a_real_replay_is_ranked_forgeries_refused_and_the_board_kept() {
    let dir = TempDir::new("board");
    let mut server = Server::start(&dir.0, &[]);
    let day = today();
    let c = challenge_for("castle", day).unwrap_or_else(|e| panic!("{e}"));
    let replay = play_out(&c, Level::Normal, 3).unwrap_or_else(|e| panic!("{e}"));
    let text = replay.to_json();
    let score = verify(&c, &text).unwrap_or_else(|e| panic!("{e}")).score;
    let url = |device: &str, claim: i64| {
        format!("/challenge/castle/{day}?name=Ada&device={device}&claim={claim}")
    };
    let (status, body) = http(&server.addr, "POST", &url(ADA, score), &text);
    assert_eq!(status, 200, "{body}");
    assert!(
        body.contains("\"rank\":1") && body.contains(&format!("\"score\":{score}")),
        "{body}"
    );
    assert!(body.contains("Catapult Table #"), "{body}");

    // Each forged kind: refused with its reason, and the board does not change.
    let wrong_claim = http(&server.addr, "POST", &url(BEN, score + 5), &text);
    assert_eq!(wrong_claim.0, 422, "{wrong_claim:?}");
    assert!(wrong_claim.1.contains("not the"), "{wrong_claim:?}");
    let mut changed = replay.clone();
    let i = changed
        .moves
        .iter()
        .position(|m| m.launch.is_some())
        .unwrap_or(0);
    if let Some(l) = changed.moves[i].launch.as_mut() {
        l.power = if l.power > 100 {
            l.power - 41
        } else {
            l.power + 41
        };
    }
    let forged = http(&server.addr, "POST", &url(BEN, score), &changed.to_json());
    assert_eq!(forged.0, 422, "{forged:?}");
    let mut outcome_only = replay.clone();
    outcome_only.moves[i].launch = None;
    let oo = http(
        &server.addr,
        "POST",
        &url(BEN, score),
        &outcome_only.to_json(),
    );
    assert!(oo.0 == 422 && oo.1.contains("launch"), "{oo:?}");
    let yesterday = engine::challenge::Day::from_unix_days(day.unix_days() - 1);
    let wrong_day = http(
        &server.addr,
        "POST",
        &format!("/challenge/castle/{yesterday}?name=Ben&device={BEN}&claim={score}"),
        &text,
    );
    assert!(
        (wrong_day.0 == 422 && wrong_day.1.contains("another day")) || wrong_day.0 == 400,
        "{wrong_day:?}"
    );

    // Hostile requests: a clear answer, never a crash.
    for (path, body, want) in [
        (
            format!("/challenge/castle/{day}?name=&device={BEN}&claim=1"),
            "x".to_string(),
            400,
        ),
        (
            format!("/challenge/castle/{day}?name=Ben&device=bad&claim=1"),
            "x".to_string(),
            400,
        ),
        (
            format!("/challenge/castle/{day}?name=Ben&device={BEN}&claim=lots"),
            "x".to_string(),
            400,
        ),
        (
            format!("/challenge/castle/{day}?name=Ben&device={BEN}&claim=1"),
            "{\"format\":1".to_string(),
            422,
        ),
        (
            format!("/challenge/carcassonne/{day}?name=Ben&device={BEN}&claim=1"),
            "x".to_string(),
            404,
        ),
        (
            format!("/challenge/castle/2099-01-01?name=Ben&device={BEN}&claim=1"),
            "x".to_string(),
            400,
        ),
        (
            format!("/challenge/castle/2026-02-30?name=Ben&device={BEN}&claim=1"),
            "x".to_string(),
            400,
        ),
        (
            format!("/challenge/castle/{day}?name=Ben&device={BEN}&claim=1"),
            "x".repeat(300_000),
            413,
        ),
    ] {
        let (status, answer) = http(&server.addr, "POST", &path, &body);
        assert_eq!(status, want, "{path}: {answer}");
        assert!(!answer.is_empty(), "{path}: a reason");
    }

    // The board: Ada alone, marked as "you" for her device; kept over a SIGKILL and restart.
    server.kill();
    server.restart();
    let (status, board) = http(
        &server.addr,
        "GET",
        &format!("/challenge/castle/{day}?device={ADA}"),
        "",
    );
    assert_eq!(status, 200, "{board}");
    assert!(
        board.contains("\"players\":1") && board.contains("\"name\":\"Ada\""),
        "{board}"
    );
    assert!(board.contains("\"you\":true"), "{board}");
    assert!(server.is_running(), "{}", server.errors());
}

/// A replay of tomorrow's challenge, played out for real, is refused in words before any check
/// and tomorrow's board stays empty: a day not yet begun (UTC) takes no results.
#[test]
fn tomorrow_s_challenge_is_refused_until_its_day_begins() {
    let dir = TempDir::new("board-tomorrow");
    let mut server = Server::start(&dir.0, &[]);
    let tomorrow = engine::challenge::Day::from_unix_days(today().unix_days() + 1);
    let c = challenge_for("castle", tomorrow).unwrap_or_else(|e| panic!("{e}"));
    let replay = play_out(&c, Level::Normal, 3).unwrap_or_else(|e| panic!("{e}"));
    let text = replay.to_json();
    let score = verify(&c, &text).unwrap_or_else(|e| panic!("{e}")).score;
    let (status, body) = http(
        &server.addr,
        "POST",
        &format!("/challenge/castle/{tomorrow}?name=Ada&device={ADA}&claim={score}"),
        &text,
    );
    assert_eq!(status, 400, "{body}");
    assert!(
        body.contains("has not begun yet") && body.contains("midnight UTC"),
        "{body}"
    );
    let (status, board) = http(
        &server.addr,
        "GET",
        &format!("/challenge/castle/{tomorrow}?device={ADA}"),
        "",
    );
    assert_eq!(status, 200, "{board}");
    assert!(board.contains("\"players\":0"), "{board}");
    assert!(server.is_running(), "{}", server.errors());
}

/// `/ratings/GAME` on a real server: a known game's table (empty before any rated game), an
/// unknown or hostile game name refused in words.
#[test]
fn the_ratings_table_answers_for_known_games_only() {
    let dir = TempDir::new("ratings");
    let server = Server::start(&dir.0, &[]);
    let game = engine::games::GAMES
        .iter()
        .find(|g| g.available)
        .map(|g| g.id)
        .unwrap_or_else(|| panic!("a game"));
    let (status, body) = http(&server.addr, "GET", &format!("/ratings/{game}"), "");
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body,
        format!("{{\"game\":\"{game}\",\"players\":0,\"entries\":[]}}")
    );
    for bad in ["nope", "%22%3E%3Cscript%3E", "castle%00"] {
        let (status, body) = http(&server.addr, "GET", &format!("/ratings/{bad}"), "");
        assert_eq!(status, 404, "{bad}: {body}");
        assert!(body.starts_with("no game called"), "{body}");
    }
    assert!(server.data.join("rooms").join("ratings.sqlite").exists());
}
