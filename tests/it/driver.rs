//! The one driver: shots stepped frame by frame land exactly as headless ones, recorded moves are
//! kept as written, and the bots' generator follows from one seed mix.

use engine::core::driver::{bot_seed, Recorded};
use engine::core::replay::Replay;
use engine::headless;

fn golden(name: &str) -> String {
    let path = format!("{}/tests/compat/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn a_shot_stepped_frame_by_frame_lands_as_the_headless_one() {
    let text = golden("castle/castle-2p-s2.json");
    let header = Replay::parse(&text).unwrap_or_else(|e| panic!("{e}"));
    let Some(i) = header.moves.iter().position(|m| m.launch.is_some()) else {
        panic!("the replay has no shot");
    };
    let mut upto = header.clone();
    upto.moves.truncate(i);
    let start = |h: &Replay| {
        headless::replay(&h.to_json(), Recorded::Trust).unwrap_or_else(|e| panic!("{e}"))
    };
    let launch = header.moves[i].launch.clone().unwrap_or_default();
    let mut animated = start(&upto);
    let mut flight = animated
        .launch(launch.clone())
        .unwrap_or_else(|e| panic!("{e}"));
    let mut frames = 0;
    while !flight.step_frame() {
        frames += 1;
        assert!(frames < 10_000, "the shot never settles");
    }
    animated.land(flight).unwrap_or_else(|e| panic!("{e}"));
    let mut headless = start(&upto);
    let seat = header.moves[i].seat as usize;
    headless
        .play(engine::core::Move::shot(seat, launch))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(animated.session.replay, headless.session.replay);
    assert_eq!(
        animated.session.replay.moves.last(),
        header.moves.get(i),
        "the recorded shot is what the launch gives"
    );
}

#[test]
fn trusted_verified_and_checked_replays_keep_the_files_moves() {
    let text = golden("assault/assault-2p-s1.json");
    let header = Replay::parse(&text).unwrap_or_else(|e| panic!("{e}"));
    for mode in [Recorded::Verify, Recorded::Trust, Recorded::Check] {
        let d = headless::replay(&text, mode).unwrap_or_else(|e| panic!("{mode:?}: {e}"));
        assert_eq!(d.session.replay, header, "{mode:?}");
    }
}

#[test]
fn check_refuses_a_launch_without_its_outcome_and_trust_simulates_it() {
    let text = golden("castle/castle-1p-s1.json");
    let mut header = Replay::parse(&text).unwrap_or_else(|e| panic!("{e}"));
    let Some(shot) = header.moves.iter_mut().find(|m| m.launch.is_some()) else {
        panic!("no shot");
    };
    let recorded = shot.outcome.take();
    let bare = header.to_json();
    let err = headless::replay(&bare, Recorded::Check).err().map(|e| e.0);
    assert!(
        err.as_deref()
            .is_some_and(|e| e.contains("without an outcome")),
        "{err:?}"
    );
    let d = headless::replay(&bare, Recorded::Trust).unwrap_or_else(|e| panic!("{e}"));
    let first = d.session.replay.moves.iter().find(|m| m.launch.is_some());
    assert_eq!(
        first.and_then(|m| m.outcome.clone()),
        None,
        "the file's move is kept"
    );
    let again = headless::replay(&text, Recorded::Trust).unwrap_or_else(|e| panic!("{e}"));
    assert!(recorded.is_some());
    // The simulated shot is the recorded one: the game ends the same.
    assert_eq!(d.game().scores(), again.game().scores());
    assert_eq!(d.session.steps, again.session.steps);
}

#[test]
fn the_bots_seed_is_one_mix_of_the_game_seed_and_its_length() {
    assert_eq!(bot_seed(1, 0), 1 ^ 0xB07_5EED);
    assert_ne!(bot_seed(1, 0), bot_seed(1, 3));
    assert_ne!(bot_seed(1, 0), bot_seed(2, 0));
    let a = headless::selfplay("castle", 2, 5, &[]).unwrap_or_else(|e| panic!("{e:?}"));
    let b = headless::selfplay("castle", 2, 5, &[]).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(a.session.replay, b.session.replay);
}

#[test]
fn a_rollout_rates_a_legal_decision_and_refuses_an_illegal_one() {
    use engine::core::bot;
    let d = headless::bot_game("castle", 2, 3, &[]).unwrap_or_else(|e| panic!("{e}"));
    // (The bot's own candidates before a shot are only the cards worth playing: none yet.)
    let candidates: Vec<_> = d.game().choices().into_iter().map(|c| c.mv).collect();
    let Some(first) = candidates.first() else {
        panic!("castle opens with decisions (the box, corners)");
    };
    assert!(bot::rollout(d.game(), first).is_some());
    let mut wrong = first.clone();
    wrong.action = "no_such_decision".into();
    assert_eq!(bot::rollout(d.game(), &wrong), None);
}

#[test]
fn a_launch_kind_reads_and_writes_as_its_name_and_an_unknown_one_is_refused() {
    use engine::core::LaunchKind;
    let text = golden("castle/castle-1p-s1.json");
    let header = Replay::parse(&text).unwrap_or_else(|e| panic!("{e}"));
    let first = header.moves.iter().find_map(|m| m.launch.clone());
    assert_eq!(first.map(|l| l.kind), Some(LaunchKind::Catapult));
    assert!(header.to_json().contains("\"kind\":\"catapult\""));
    let bad = text.replacen("\"kind\":\"catapult\"", "\"kind\":\"trebuchet\"", 1);
    let err = Replay::parse(&bad).err().map(|e| e.0).unwrap_or_default();
    assert!(err.contains("trebuchet"), "{err}");
}

#[test]
fn each_bot_seat_plays_at_its_own_level() {
    use engine::core::bot::{choose_at, BotBudget};
    use engine::core::{Level, Rng};
    let mut header =
        Replay::parse(&golden("castle/castle-2p-s2.json")).unwrap_or_else(|e| panic!("{e}"));
    header.moves.clear();
    header.seats[0].level = Level::Hard;
    header.seats[1].level = Level::Easy;
    let mut d = headless::driver_for(&header).unwrap_or_else(|e| panic!("{e}"));
    for step in 0..6 {
        let Some(seat) = d.game().turn() else { break };
        let level = header.seats[seat].level;
        assert_eq!(d.level_to_act(), level);
        // A driver rebuilt from the moves so far seeds its bots by the one mix: same draws at
        // the seat's level, same move.
        let mut rebuilt = headless::replay(&d.session.replay.to_json(), Recorded::Trust)
            .unwrap_or_else(|e| panic!("{e}"));
        let mut rng = Rng::new(bot_seed(header.seed, d.session.replay.moves.len()));
        let expected = choose_at(d.game(), level, &mut rng, BotBudget::default());
        let mv = rebuilt.bot_turn().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(Some(mv), expected, "step {step}: seat {seat} at {level}");
        d = rebuilt;
    }
}

/// The contract's one check of seat and launch prompt (`core::game::check_move`), for every game
/// in the registry: a move by a seat whose turn it is not is refused in the same words before the
/// game reads it, a launch outside the prompt is refused naming the parameter, a shot when none is
/// expected in the game's own words (`Game::no_shot_now`), and none of them changes the table.
#[test]
fn every_game_refuses_out_of_turn_moves_and_launches_outside_the_prompt_through_the_one_check() {
    use engine::core::{Launch, Move};
    for g in engine::games::GAMES.iter().filter(|g| g.available) {
        let seats = 2usize.clamp(g.min_seats, g.max_seats);
        let mut d = headless::bot_game(g.id, seats, 3, &[]).unwrap_or_else(|e| panic!("{e}"));
        let (mut out_of_turn, mut no_shot, mut outside) = (false, false, false);
        for _ in 0..60 {
            let Some(turn) = d.game().turn() else { break };
            let mut game = d.game().clone_game();
            let before = game.view();
            if seats > 1 && !out_of_turn {
                let other = (turn + 1) % seats;
                let e = game.apply(&Move::decide(other, "pass", &[])).err();
                assert_eq!(
                    e.map(|e| e.0),
                    Some(format!("it is seat {turn}'s turn, not seat {other}'s")),
                    "{}",
                    g.id
                );
                out_of_turn = true;
            }
            match game.launch_prompt() {
                Some(p) if !outside => {
                    let l = Launch {
                        kind: p.kinds[0],
                        angle: p.angle.0,
                        power: p.power.1 + 1,
                        spin: p.spin.0,
                        x: p.x.0,
                        y: p.y.0,
                    };
                    let e = game.apply(&Move::shot(turn, l.clone())).err();
                    let e = e.map(|e| e.0).unwrap_or_default();
                    assert!(e.contains("launch power"), "{}: {e}", g.id);
                    assert!(game.start_shot(&l).is_err(), "{}", g.id);
                    outside = true;
                }
                None if !no_shot => {
                    let e = game.apply(&Move::shot(turn, Launch::default())).err();
                    assert_eq!(e, Some(game.no_shot_now()), "{}", g.id);
                    no_shot = true;
                }
                _ => {}
            }
            assert_eq!(
                game.view(),
                before,
                "{}: a refused move changed the table",
                g.id
            );
            if out_of_turn && outside && no_shot {
                break;
            }
            if d.bot_turn().is_err() {
                break;
            }
        }
        assert!(outside, "{}: no shot was ever expected", g.id);
    }
}
