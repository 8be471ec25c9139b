//! The foundation's promises, checked through a real game (Catapult Castle): determinism,
//! replays that re-simulate to the identical summary, refusals with reasons, and undo.

use engine::core::seat::{default_seats, SeatKind};
use engine::core::{Launch, Move};
use engine::games::new_game;
use tools::referee::{replay, run, selfplay};

fn selfplay_json(players: usize, seed: u64) -> (String, String) {
    let session =
        selfplay("castle", players, seed, &[]).unwrap_or_else(|e| panic!("selfplay: {e:?}"));
    (session.replay.to_json(), session.summary())
}

fn write(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("ct-foundation-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap_or_else(|e| panic!("write {path:?}: {e}"));
    path.to_string_lossy().to_string()
}

fn first_launch(prompt_game: &dyn engine::core::Game) -> Launch {
    let p = prompt_game
        .launch_prompt()
        .unwrap_or_else(|| panic!("castle starts with a shot"));
    Launch {
        kind: p.kinds[0],
        angle: p.angle.0 + 300,
        power: 600,
        ..Launch::default()
    }
}

#[test]
fn the_same_launch_on_two_fresh_tables_gives_the_same_facts_and_hash() {
    let seats = default_seats(2, SeatKind::Human);
    let a = new_game("castle", &[], seats.clone(), 5).unwrap_or_else(|e| panic!("{e}"));
    let b = new_game("castle", &[], seats, 5).unwrap_or_else(|e| panic!("{e}"));
    let launch = first_launch(a.as_ref());
    let oa = a.start_shot(&launch).map(|mut s| s.run_to_rest());
    let ob = b.start_shot(&launch).map(|mut s| s.run_to_rest());
    assert_eq!(oa, ob);
    let o = oa.unwrap_or_default();
    assert_eq!(o.hash.len(), 16);
    assert!(o.steps > 0);
}

#[test]
fn a_selfplay_replay_resimulates_to_the_identical_summary_line() {
    let (json, summary) = selfplay_json(2, 11);
    let path = write("selfplay.json", &json);
    let r = run(&["replay".to_string(), path.clone()]);
    assert_eq!(r.code, 0, "{:?}", r.err);
    assert_eq!(r.out.last(), Some(&summary));
    let r = run(&["check".to_string(), path]);
    assert_eq!(r.code, 0, "{:?}", r.err);
    assert_eq!(r.out.last(), Some(&summary));
}

/// A Castle selfplay file whose first move matching `pick` is changed by `edit`; returns the file
/// and that move's index.
fn tampered(
    pick: impl Fn(&Move) -> bool,
    edit: impl FnOnce(&mut Move),
) -> (engine::core::replay::Replay, usize) {
    let (json, _) = selfplay_json(2, 3);
    let mut file = engine::core::replay::Replay::parse(&json).unwrap_or_else(|e| panic!("{e}"));
    let i = file.moves.iter().position(pick).unwrap_or(0);
    edit(&mut file.moves[i]);
    (file, i)
}

#[test]
fn an_illegal_move_is_refused_naming_the_move() {
    let (file, i) = tampered(
        |m| !m.is_shot(),
        |m| *m = Move::decide(m.seat as usize, "place", &[99]),
    );
    let path = write("illegal.json", &file.to_json());
    for cmd in ["replay", "check"] {
        let r = run(&[cmd.to_string(), path.clone()]);
        assert_eq!(r.code, 2, "{cmd}");
        assert!(
            r.err[0].contains(&format!("move {i}")),
            "{cmd}: {:?}",
            r.err
        );
    }
    assert!(replay(&file.to_json(), true).is_err());
}

#[test]
fn an_out_of_range_launch_is_refused() {
    let (file, _) = tampered(
        |m| m.launch.is_some(),
        |m| {
            if let Some(l) = m.launch.as_mut() {
                l.power = 5000;
            }
        },
    );
    let r = run(&["replay".to_string(), write("range.json", &file.to_json())]);
    assert_eq!(r.code, 2);
    assert!(r.err[0].contains("power 5000"), "{:?}", r.err);
}

#[test]
fn an_outcome_that_does_not_resimulate_is_refused() {
    let (file, i) = tampered(
        |m| m.launch.is_some(),
        |m| {
            if let Some(o) = m.outcome.as_mut() {
                o.hash = "0123456789abcdef".into();
            }
        },
    );
    let r = run(&["replay".to_string(), write("hash.json", &file.to_json())]);
    assert_eq!(r.code, 2);
    assert!(
        r.err[0].contains(&format!("move {i}")) && r.err[0].contains("hash"),
        "{:?}",
        r.err
    );
}

#[test]
fn undo_takes_back_decisions_but_never_a_shot() {
    let seats = default_seats(2, SeatKind::Human);
    let game = new_game("castle", &[], seats.clone(), 5).unwrap_or_else(|e| panic!("{e}"));
    let header = engine::core::replay::Replay::new("castle", &[], seats, 5);
    let mut session = engine::core::Session::new(game, header);
    assert!(!session.can_undo());
    let decision = session
        .game
        .choices()
        .into_iter()
        .next()
        .unwrap_or_else(|| panic!("castle offers a decision before the first shot"));
    let before = session.game.hud();
    session.play(decision.mv).unwrap_or_else(|e| panic!("{e}"));
    assert!(session.can_undo());
    session.undo().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(session.game.hud(), before);
    assert!(session.replay.moves.is_empty());
    let launch = first_launch(session.game.as_ref());
    let seat = session.game.turn().unwrap_or(0);
    session
        .play(Move::shot(seat, launch))
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(!session.can_undo(), "a shot cannot be undone");
    assert!(session.undo().is_err());
    let wrong_seat = Move::decide(1 - session.game.turn().unwrap_or(0), "pass", &[]);
    assert!(
        session.play(wrong_seat).is_err(),
        "moving out of turn is refused"
    );
}

#[test]
fn a_session_that_keeps_only_its_log_plays_the_same_and_takes_nothing_back() {
    let seats = default_seats(2, SeatKind::Human);
    let session = |forgo: bool| {
        let game = new_game("castle", &[], seats.clone(), 5).unwrap_or_else(|e| panic!("{e}"));
        let header = engine::core::replay::Replay::new("castle", &[], seats.clone(), 5);
        let mut s = engine::core::Session::new(game, header);
        if forgo {
            s.keep_only_log();
        }
        s
    };
    let (mut kept, mut forgone) = (session(false), session(true));
    for s in [&mut kept, &mut forgone] {
        let decision = s.game.choices().into_iter().next();
        let decision = decision.unwrap_or_else(|| panic!("castle offers a decision first"));
        s.play(decision.mv).unwrap_or_else(|e| panic!("{e}"));
    }
    assert!(kept.can_undo());
    assert!(!forgone.can_undo(), "a room's session keeps no undo");
    assert!(forgone.undo().is_err());
    for s in [&mut kept, &mut forgone] {
        let launch = first_launch(s.game.as_ref());
        let seat = s.game.turn().unwrap_or(0);
        s.play(Move::shot(seat, launch))
            .unwrap_or_else(|e| panic!("{e}"));
    }
    assert_eq!(forgone.hash(), kept.hash());
    assert!(forgone.events.is_empty() && !kept.events.is_empty());
    assert_eq!(forgone.game.hud(), kept.game.hud());
}
