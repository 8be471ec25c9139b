//! The window-free game in play, tested: shots stepped from a clock, bots sliced across frames,
//! ghosts, undo, resuming and following a room.

use super::super::flight::HITS_PER_FRAME;
use super::*;
use engine::core::seat::{default_seats, SeatKind};
use engine::core::{GridPrompt, LaunchKind, TileMapView};

fn practice(seats: Vec<Seat>, options: &[&str]) -> Play {
    let opts: Vec<String> = options.iter().map(|s| s.to_string()).collect();
    let info = find("practice").unwrap_or_else(|e| panic!("{e}"));
    let p = Play::new(info, &opts, seats, 7);
    assert!(p.is_ok(), "the fixture starts");
    p.unwrap_or_else(|_| unreachable!())
}

fn run_flight(p: &mut Play) -> Tick {
    for _ in 0..2000 {
        let t = p.update(1.0 / 30.0);
        if p.flight.is_none() {
            return t;
        }
    }
    panic!("the shot never settled");
}

#[test]
fn the_catalog_lists_the_five_games_and_unbuilt_ones_cannot_start() {
    let ids: Vec<&str> = catalog().iter().map(|g| g.id).collect();
    for id in ["castle", "feud", "carcassonne", "assault", "catapults"] {
        assert!(ids.contains(&id), "{id} listed");
    }
    for g in catalog().into_iter().filter(|g| !g.available) {
        let r = Play::new(
            g,
            &[],
            default_seats(g.min_seats.max(2), SeatKind::Human),
            1,
        );
        assert!(r.is_err(), "{} must not start", g.id);
    }
}

#[test]
fn a_human_shot_animates_then_plays_its_own_outcome_once() {
    let mut p = practice(default_seats(2, SeatKind::Human), &[]);
    let launch = Launch {
        kind: LaunchKind::Catapult,
        angle: 450,
        power: 500,
        ..Launch::default()
    };
    assert!(p.fire(launch.clone()).is_ok());
    assert!(p.human_turn().is_none(), "no input while the shot flies");
    let before = p.view();
    let t = run_flight(&mut p);
    assert!(t.moved && t.error.is_none(), "{t:?}");
    let mv = &p.driver.session.replay.moves[0];
    assert_eq!(mv.launch.as_ref(), Some(&launch));
    // The outcome applied is exactly what re-simulating the launch gives.
    let mut fresh = practice(default_seats(2, SeatKind::Human), &[]);
    let mut shot = fresh
        .driver
        .session
        .game
        .start_shot(&launch)
        .map_err(|e| e.0)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(mv.outcome.as_ref(), Some(&shot.run_to_rest()));
    assert!(fresh.driver.session.play(mv.clone()).is_ok());
    assert_eq!(p.game().turn(), Some(1));
    let ghost = p.ghosts.first().cloned().unwrap_or_default();
    assert!(ghost.len() > 10, "the ghost path was recorded");
    let moved = ghost.last().copied().unwrap_or_default();
    assert!(moved[0] > -0.7, "the ghost is the ball's flight: {moved:?}");
    // Seat 1 aims next: it has no shot of its own yet, so no ghost is drawn for it.
    assert!(p.ghost_now().is_none(), "seat 0's ghost is not seat 1's");
    assert!(p.fire(launch.clone()).is_ok());
    run_flight(&mut p);
    if p.game().turn() == Some(0) {
        assert_eq!(
            p.ghost_now(),
            Some(ghost.as_slice()),
            "seat 0 sees its own shot"
        );
    }
    assert!(!before.bodies.is_empty());
}

#[test]
fn a_shot_reports_where_it_strikes_and_not_its_launch_as_a_knock() {
    let mut p = practice(default_seats(2, SeatKind::Human), &[]);
    let launch = Launch {
        kind: LaunchKind::Catapult,
        angle: 450,
        power: 500,
        ..Launch::default()
    };
    assert!(p.fire(launch).is_ok());
    let mut hits = Vec::new();
    let mut first = Vec::new();
    for i in 0..4000 {
        let t = p.update(1.0 / 60.0);
        if i < 3 {
            first.extend(t.hits.iter().copied());
        }
        assert!(t.hits.len() <= HITS_PER_FRAME);
        hits.extend(t.hits);
        if p.flight.is_none() {
            break;
        }
    }
    assert!(
        first.iter().all(|h| !h.knocked),
        "the launch is no knock: {first:?}"
    );
    let strike = hits.iter().find(|h| !h.knocked);
    let strike = strike.unwrap_or_else(|| panic!("the ball lands somewhere: {hits:?}"));
    let b = p.game().view().bounds;
    assert!(
        strike.x >= b[0] - 0.5 && strike.x <= b[2] + 0.5,
        "{strike:?} in {b:?}"
    );
    assert!(strike.strength > 1.5);
}

#[test]
fn out_of_range_launches_are_refused_not_fired() {
    let mut p = practice(default_seats(1, SeatKind::Human), &[]);
    let bad = Launch {
        kind: LaunchKind::Catapult,
        angle: 2000,
        power: 500,
        ..Launch::default()
    };
    assert!(p.fire(bad).is_err());
    assert!(p.flight.is_none());
}

#[test]
fn bots_think_for_a_frame_then_shoot_and_the_game_ends_with_a_ranking() {
    let mut p = practice(default_seats(2, SeatKind::Bot), &[]);
    p.driver.budget = BotBudget {
        samples: 3,
        refinements: 2,
        ..BotBudget::default()
    };
    let mut saw_thinking = false;
    for _ in 0..20_000 {
        p.update(1.0 / 20.0);
        saw_thinking |= p.thinking;
        if p.is_over() && p.flight.is_none() {
            break;
        }
    }
    assert!(p.is_over(), "bots finish the game");
    assert!(saw_thinking);
    assert_eq!(p.driver.session.replay.moves.len(), 4);
    let lines = p.game().ranking().explain(&p.names());
    assert_eq!(lines.len(), 2);
    assert!(lines[0].starts_with("1."), "{lines:?}");
}

#[test]
fn bots_lay_their_tiles_on_the_map_then_shoot_to_the_end() {
    let mut p = practice(default_seats(3, SeatKind::Bot), &["tiles"]);
    p.driver.budget = BotBudget {
        samples: 2,
        refinements: 0,
        ..BotBudget::default()
    };
    for _ in 0..20_000 {
        let t = p.update(1.0 / 10.0);
        assert!(t.error.is_none(), "{:?}", t.error);
        if p.is_over() && p.flight.is_none() {
            break;
        }
    }
    assert!(p.is_over());
    let moves = &p.driver.session.replay.moves;
    assert_eq!(moves.iter().filter(|m| m.action == "lay").count(), 3);
    let turns = moves.iter().filter(|m| m.is_shot() || m.action == "pass");
    assert_eq!(
        turns.count(),
        6,
        "two shots (or passes) each after the tiles"
    );
}

/// A tile laid the way the map screen lays it: taps on the map (screen pixels through the
/// map's frame) move and turn the ghost, Place sends it, a tap on a spot marks it; then the
/// game turns to the side view for the shots.
#[test]
fn a_tile_is_laid_turned_and_marked_through_the_grid_prompt() {
    use crate::app::frame::{Area, Frame};
    use crate::app::grid::{self, GridAction, GridInput};
    use crate::app::pointer::PointerEvent;
    let mut p = practice(default_seats(2, SeatKind::Human), &["tiles"]);
    let Scene::Map(map) = p.scene() else {
        panic!("the tile round is a map");
    };
    let prompt = p
        .game()
        .grid_prompt()
        .unwrap_or_else(|| panic!("a grid prompt"));
    assert!(p.game().launch_prompt().is_none());
    let f = Frame::fit(map.bounds, Area::new(0.0, 60.0, 800.0, 500.0));
    let mut input = GridInput::default();
    let tap = |input: &mut GridInput, map: &TileMapView, g: &GridPrompt, cell: [i32; 2]| {
        let (x, y) = f.to_screen(cell[0] as f32 + 0.5, cell[1] as f32 + 0.5);
        let mut out = Vec::new();
        for e in [PointerEvent::Down { x, y }, PointerEvent::Up { x, y }] {
            out.extend(input.event(e, map, Some(g), Some(0), &f, None, 8.0, 30.0));
        }
        out
    };
    // A tap on the start tile: the game's reason, and no ghost.
    let out = tap(&mut input, &map, &prompt, [0, 0]);
    assert_eq!(out, [GridAction::Refused([0, 0], 0)]);
    assert_eq!(
        grid::refusal(p.game(), &prompt, [0, 0], 0),
        "a tile already lies there"
    );
    assert_eq!(
        grid::refusal(p.game(), &prompt, [1, 1], 0),
        "a tile must touch one already on the map"
    );
    assert!(input.confirm(&map, &prompt, 0).is_err());
    // The open cell with the most rotations: tap it, tap again to turn.
    let open = map
        .legal
        .iter()
        .max_by_key(|l| l.rotations.len())
        .cloned()
        .unwrap_or_else(|| panic!("an open cell"));
    let out = tap(&mut input, &map, &prompt, open.cell);
    assert_eq!(out, [GridAction::Ghost(open.cell, open.rotations[0])]);
    let turned = *open.rotations.get(1).unwrap_or(&open.rotations[0]);
    let out = tap(&mut input, &map, &prompt, open.cell);
    assert_eq!(out, [GridAction::Ghost(open.cell, turned)]);
    let mv = input
        .confirm(&map, &prompt, 0)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        mv.args,
        vec![open.cell[0] as i64, open.cell[1] as i64, turned as i64]
    );
    assert!(p.decide(mv).is_ok());
    // The spots light up: a tap on the first marks it.
    let Scene::Map(map) = p.scene() else {
        panic!("still the map while marking");
    };
    assert_eq!(map.tile_at(open.cell).map(|t| t.rotation), Some(turned));
    let spot = p
        .game()
        .grid_prompt()
        .unwrap_or_else(|| panic!("a spot prompt"));
    assert_eq!(spot.step, engine::core::GridStep::Spot);
    let s = map.on_map(map.spots[0].cell, map.spots[0].at);
    let (x, y) = f.to_screen(s[0], s[1]);
    let mut input = GridInput::default();
    let mut out = Vec::new();
    for e in [PointerEvent::Down { x, y }, PointerEvent::Up { x, y }] {
        out.extend(input.event(e, &map, Some(&spot), Some(0), &f, None, 8.0, 30.0));
    }
    let [GridAction::Send(mark)] = &out[..] else {
        panic!("a tap on a spot sends it: {out:?}");
    };
    assert!(p.decide(mark.clone()).is_ok());
    // Seat 1 goes without a marker (the bottom bar's choice).
    let Scene::Map(map) = p.scene() else {
        panic!("seat 1 lays next");
    };
    let l = &map.legal[0];
    let lay = prompt.place_move(1, l.cell, l.rotations[0]);
    assert!(p.decide(lay).is_ok());
    let skip = p.game().choices()[0].clone();
    assert_eq!(skip.label, "No marker");
    assert!(p.decide(skip.mv).is_ok());
    assert!(
        matches!(p.scene(), Scene::Side(_)),
        "the shots are side view"
    );
    assert!(p.game().launch_prompt().is_some());
    // The save resumes to the same map and marker.
    let r = Play::resume(&p.driver.session.replay.to_json()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.game().scores(), p.game().scores());
    assert_eq!(r.driver.session.replay, p.driver.session.replay);
}

#[test]
fn undo_takes_back_a_human_decision_but_not_a_bots() {
    let mut seats = default_seats(2, SeatKind::Human);
    seats[1] = Seat::new(1, SeatKind::Bot);
    let mut p = practice(seats, &[]);
    assert!(!p.can_undo());
    let pass = p.game().choices()[0].mv.clone();
    assert!(p.decide(pass).is_ok());
    assert!(p.can_undo());
    assert!(p.undo().is_ok());
    assert_eq!(p.driver.session.replay.moves.len(), 0);
    assert_eq!(p.game().turn(), Some(0));
    // A decision for the wrong seat is refused.
    assert!(p.decide(Move::decide(1, "pass", &[])).is_err());
}

#[test]
fn placement_then_resume_from_the_save_text() {
    let mut p = practice(default_seats(2, SeatKind::Human), &["place", "wrist"]);
    let prompt = p.game().placement_prompt();
    assert!(prompt.is_some());
    let prompt = prompt.unwrap_or_else(|| unreachable!());
    let args = crate::app::gesture::placement_args(&prompt, 0.1, 0.05, 100);
    assert!(p.decide(Move::decide(0, &prompt.action, &args)).is_ok());
    let lp = p.game().launch_prompt();
    assert_eq!(lp.map(|l| l.kinds), Some(vec![LaunchKind::Wrist]));
    let launch = Launch {
        kind: LaunchKind::Wrist,
        angle: 600,
        power: 400,
        spin: 300,
        ..Launch::default()
    };
    assert!(p.fire(launch).is_ok());
    run_flight(&mut p);
    let text = p.driver.session.replay.to_json();
    let r = Play::resume(&text);
    assert!(r.is_ok(), "{:?}", r.err());
    let r = r.unwrap_or_else(|_| unreachable!());
    assert_eq!(r.driver.session.replay, p.driver.session.replay);
    assert_eq!(r.game().turn(), p.game().turn());
    assert_eq!(r.game().view(), p.game().view());
    // Damaged saves are refused with a reason.
    assert!(Play::resume("{\"format\":1").is_err());
    let wrong_game = text.replace("\"practice\"", "\"nosuch\"");
    let e = Play::resume(&wrong_game)
        .err()
        .map(|e| e.0)
        .unwrap_or_default();
    assert!(e.contains("nosuch"), "{e}");
    let bad_move = text.replace("\"action\":\"place\"", "\"action\":\"jump\"");
    let e = Play::resume(&bad_move)
        .err()
        .map(|e| e.0)
        .unwrap_or_default();
    assert!(e.contains("move 0"), "{e}");
}

/// Every available game, driven the way the app drives it: a synthetic gesture for the
/// launcher its prompt asks for gives a launch the game accepts, the shot animates to rest
/// and is played; decisions and placements go through `decide`; bots take turns.
#[test]
fn every_available_game_plays_through_the_app_generically() {
    use crate::app::gesture::{self, Feel, Sample};
    for info in catalog().into_iter().filter(|g| g.available) {
        let n = 2usize.clamp(info.min_seats, info.max_seats);
        let mut seats = default_seats(n, SeatKind::Bot);
        seats[0] = Seat::new(0, SeatKind::Human);
        let mut p = Play::new(info, &[], seats, 11).unwrap_or_else(|e| panic!("{e}"));
        p.driver.budget = BotBudget {
            samples: 2,
            refinements: 0,
            ..BotBudget::default()
        };
        let mut human_shots = 0;
        // A game on a tile map has no shots: two grid moves by the human stand for one.
        let mut human_grid = 0;
        let mut steps = 0;
        while human_shots < 1 && human_grid < 2 && !p.is_over() && steps < 400 {
            steps += 1;
            let Some(seat) = p.human_turn() else {
                let t = p.update(1.0 / 10.0);
                assert!(t.error.is_none(), "{}: {:?}", info.id, t.error);
                continue;
            };
            let g = p.game();
            if let Some(lp) = g.launch_prompt() {
                let kind = lp.kinds[0];
                let launch = if kind == LaunchKind::Release {
                    gesture::release_launch(&lp)
                } else {
                    let feel = Feel::for_screen(1.0);
                    let [ox, oy] = lp.origin;
                    // Pull back down-left / swipe: whichever the kind wants.
                    let path = match kind {
                        LaunchKind::Flick => {
                            vec![Sample::new(0.0, ox, oy), Sample::new(0.1, ox, oy - 0.2)]
                        }
                        LaunchKind::Wrist => {
                            let a =
                                engine::physics::launch::direction(gesture::mid_angle(lp.angle));
                            vec![
                                Sample::new(0.0, ox, oy),
                                Sample::new(0.1, ox + a.0 * 0.2, oy + a.1 * 0.2),
                            ]
                        }
                        _ => {
                            let a =
                                engine::physics::launch::direction(gesture::mid_angle(lp.angle));
                            vec![
                                Sample::new(0.0, ox, oy),
                                Sample::new(0.5, ox - a.0 * 0.15, oy - a.1 * 0.15),
                            ]
                        }
                    };
                    gesture::launch_for(&lp, kind, &path, &feel)
                };
                let launch = launch.unwrap_or_else(|r| panic!("{}: {}", info.id, r.message));
                assert!(lp.check(&launch).is_ok(), "{}: {launch:?}", info.id);
                let before = p.driver.session.replay.moves.len();
                p.fire(launch)
                    .unwrap_or_else(|e| panic!("{}: {e}", info.id));
                for _ in 0..5000 {
                    if p.flight.is_none() {
                        break;
                    }
                    p.update(0.25);
                }
                assert!(p.flight.is_none(), "{}: the shot settles", info.id);
                assert_eq!(
                    p.driver.session.replay.moves.len(),
                    before + 1,
                    "{}",
                    info.id
                );
                if kind != LaunchKind::Release {
                    human_shots += 1;
                }
            } else if let Some(c) = g.choices().first() {
                let mv = c.mv.clone();
                p.decide(mv).unwrap_or_else(|e| panic!("{}: {e}", info.id));
            } else if let Some(pp) = g.placement_prompt() {
                let x = (pp.region[0] + pp.region[2]) / 2.0;
                let y = (pp.region[1] + pp.region[3]) / 2.0;
                let args = gesture::placement_args(&pp, x, y, 0);
                let mv = Move::decide(seat, &pp.action, &args);
                p.decide(mv).unwrap_or_else(|e| panic!("{}: {e}", info.id));
            } else if g.grid_prompt().is_some() {
                let mv = engine::core::scene::grid_moves(g).into_iter().next();
                let mv = mv.unwrap_or_else(|| panic!("{}: a grid prompt, no move", info.id));
                p.decide(mv).unwrap_or_else(|e| panic!("{}: {e}", info.id));
                human_grid += 1;
            } else {
                panic!("{}: a human turn with nothing to do", info.id);
            }
        }
        eprintln!(
            "{}: {} moves, {human_shots} human shot(s), {steps} steps",
            info.id,
            p.driver.session.replay.moves.len()
        );
        assert!(
            human_shots == 1 || human_grid >= 2 || p.is_over(),
            "{}: reached a shot",
            info.id
        );
        // The save resumes to the same place.
        let r = Play::resume(&p.driver.session.replay.to_json()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.game().turn(), p.game().turn(), "{}", info.id);
        assert_eq!(r.game().scores(), p.game().scores(), "{}", info.id);
    }
}

#[test]
fn keys_during_a_bots_turn_say_whose_turn_it_is() {
    use crate::app::screens::play::hud::waiting_words;
    let mut seats = default_seats(2, SeatKind::Human);
    seats[1] = Seat::new(1, SeatKind::Bot);
    let bot = seats[1].name.clone();
    let mut p = practice(seats, &[]);
    let launch = Launch {
        kind: LaunchKind::Catapult,
        angle: 450,
        power: 500,
        ..Launch::default()
    };
    assert!(p.fire(launch).is_ok());
    assert_eq!(
        waiting_words(&p).as_deref(),
        Some("The shot is still moving: your keys work again when it stops")
    );
    run_flight(&mut p);
    assert_eq!(p.game().turn(), Some(1), "the bot's turn");
    assert_eq!(
        waiting_words(&p).as_deref(),
        Some(format!(
            "It is {bot}'s turn: your keys work again on your turn"
        ))
        .as_deref()
    );
}
