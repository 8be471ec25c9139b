//! A bot's turn thought out in slices (the app thinks a few milliseconds a frame) makes the same
//! move as one thought out at once (the referee), however the thinking is sliced.

use engine::core::bot::BotBudget;
use engine::core::driver::{BotTurn, Driver};
use engine::core::replay::Replay;
use engine::core::seat::{default_seats, SeatKind};
use engine::core::{Level, Move};
use engine::{games, headless};

fn driver(game: &str, seats: usize, level: Level, seed: u64) -> Driver {
    let seats = default_seats(seats, SeatKind::Bot)
        .into_iter()
        .map(|s| s.at(level))
        .collect();
    let mut d = headless::driver_for(&Replay::new(game, &[], seats, seed))
        .unwrap_or_else(|e| panic!("{game}: {e}"));
    // A small search keeps the debug-build test quick; slicing is the same at any budget.
    d.budget = BotBudget {
        samples: 3,
        refinements: 2,
        ..BotBudget::default()
    };
    d
}

/// One bot turn in slices: `more` says yes `every - 1` times in `every`. Returns the move and
/// how many calls it took.
fn sliced_turn(d: &mut Driver, every: u32) -> (Move, u32) {
    let mut asked = 0u32;
    let mut calls = 0;
    loop {
        calls += 1;
        assert!(calls < 1_000_000, "the thinking never ends");
        let mut more = || {
            asked += 1;
            !asked.is_multiple_of(every)
        };
        match d.bot_turn_sliced(&mut more) {
            Ok(None) => assert!(d.is_thinking()),
            Ok(Some(BotTurn::Played(_))) => break,
            Ok(Some(BotTurn::Shot(flight))) => {
                d.land(flight).unwrap_or_else(|e| panic!("{e}"));
                break;
            }
            Err(e) => panic!("{e}"),
        }
    }
    assert!(!d.is_thinking());
    let mv = d.session.replay.moves.last().cloned();
    (mv.unwrap_or_else(|| panic!("no move played")), calls)
}

#[test]
fn a_sliced_bot_turn_makes_the_same_move_as_one_thought_at_once() {
    for info in games::GAMES.iter().filter(|g| g.available) {
        let seats = 2usize.clamp(info.min_seats, info.max_seats);
        for (i, level) in Level::ALL.into_iter().enumerate() {
            let seed = 5 + i as u64;
            let mut at_once = driver(info.id, seats, level, seed);
            let mut by_frame = driver(info.id, seats, level, seed);
            let mut in_fives = driver(info.id, seats, level, seed);
            let mut sliced_calls = 0;
            let mut shots = 0;
            for turn in 0..5 {
                if at_once.game().is_over() {
                    break;
                }
                let expected = at_once.bot_turn().unwrap_or_else(|e| panic!("{e}"));
                let (one, calls) = sliced_turn(&mut by_frame, 1);
                let (five, _) = sliced_turn(&mut in_fives, 5);
                let at = format!("{} at {level}, turn {turn}", info.id);
                assert_eq!(one, expected, "{at}: one frame a slice");
                assert_eq!(five, expected, "{at}: five frames a slice");
                if expected.is_shot() {
                    shots += 1;
                    sliced_calls += calls;
                }
            }
            assert_eq!(
                by_frame.session.replay, at_once.session.replay,
                "{}",
                info.id
            );
            // A shot's search spans many frames, so a sliced shot takes many calls.
            assert!(
                shots == 0 || sliced_calls > 10 * shots,
                "{}: {sliced_calls} calls for {shots} shots",
                info.id
            );
        }
    }
}

/// Carcassonne's own bot rates every position of a tile (and Hard plays the best forward): that
/// thinking comes in many short steps, not in one piece at the turn's start.
#[test]
fn a_carcassonne_tile_turn_is_thought_in_many_steps() {
    for level in Level::ALL {
        let mut at_once = driver("carcassonne", 2, level, 9);
        let mut by_step = driver("carcassonne", 2, level, 9);
        let expected = at_once.bot_turn().unwrap_or_else(|e| panic!("{e}"));
        let (mv, calls) = sliced_turn(&mut by_step, 1);
        assert_eq!(mv, expected, "{level}");
        assert_eq!(mv.action, "place", "{level}: the first move lays a tile");
        // In one piece it would be two calls: the turn's start, then the whole choice.
        assert!(calls > 5, "{level}: a tile thought in {calls} steps");
    }
}

/// Feud's bot weighs every ready-made fortress before it builds one: a design a step, not all
/// of them at the turn's start.
#[test]
fn a_feud_fortress_is_chosen_a_design_at_a_time() {
    for level in Level::ALL {
        let mut at_once = driver("feud", 2, level, 4);
        let mut by_step = driver("feud", 2, level, 4);
        assert!(at_once.game().phase().starts_with("Build"), "{level}");
        let expected = at_once.bot_turn().unwrap_or_else(|e| panic!("{e}"));
        let (mv, calls) = sliced_turn(&mut by_step, 1);
        assert_eq!(mv, expected, "{level}");
        // In one piece it would be three calls: the turn's start, the choice, the move played.
        assert!(calls > 5, "{level}: a fortress chosen in {calls} steps");
    }
}
