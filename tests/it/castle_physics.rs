//! Catapult Castle physics: hits are decided by where the ball comes to rest.

use engine::core::game::prelude::*;

use engine::core::seat::{default_seats, SeatKind};
use engine::core::{Game, Launch, LaunchKind, Move, Outcome, Rng, Seat, Shot, TableView};
use engine::games::castle::bot::ballistic_speed;
use engine::games::castle::geometry::*;
use engine::games::castle::rules::{Phase, FACT_FELL, FACT_IN_TOWER, FACT_REST, FACT_ROOF};
use engine::games::castle::table::{catapult_origin, layout_of, CastleShot};
use engine::games::castle::Castle;

fn seats(n: usize) -> Vec<Seat> {
    default_seats(n, SeatKind::Human)
}

fn castle(n: usize, options: &[&str], seed: u64) -> Castle {
    let opts: Vec<String> = options.iter().map(|s| s.to_string()).collect();
    match Castle::create(&opts, seats(n), seed) {
        Ok(c) => c,
        Err(e) => panic!("setup refused: {e}"),
    }
}

/// Fires a launch and returns its outcome and the ball's centre after every frame.
fn fire(c: &Castle, l: &Launch) -> (Outcome, Vec<(f32, f32)>) {
    let Some(mut shot) = CastleShot::fire(&c.state, c.seats(), l, TableView::default()) else {
        panic!("no shot for {l:?}");
    };
    let mut path = Vec::new();
    if let Some(p) = shot.ball_pos() {
        path.push(p);
    }
    while !shot.step_frame() {
        if let Some(p) = shot.ball_pos() {
            path.push(p);
        }
    }
    if let Some(p) = shot.ball_pos() {
        path.push(p);
    }
    (shot.outcome(), path)
}

fn in_tower(o: &Outcome) -> Option<i64> {
    o.all(FACT_IN_TOWER).next().map(|f| f.args[0])
}

/// (mat, square) of the top tower with this id.
fn tower_xy(c: &Castle, id: u32) -> (f32, f32) {
    let Some((m, s, l)) = c.state.find_tower(id) else {
        panic!("tower {id} is not on the table");
    };
    (layout_of(&c.state).square_x(m, s), tower_top_y(l))
}

/// A catapult launch whose ideal arc passes just above the middle of the tower's mouth.
fn aim_at(c: &Castle, id: u32, theta: i32) -> Launch {
    let Some(origin) = catapult_origin(&c.state) else {
        panic!("no catapult origin");
    };
    let (x, top) = tower_xy(c, id);
    let v = ballistic_speed(origin, [x, top + 0.012], theta).unwrap_or(0.0);
    let power =
        ((v - CATAPULT_SPEED.0) / (CATAPULT_SPEED.1 - CATAPULT_SPEED.0) * 1000.0).round() as i32;
    assert!(
        (0..=1000).contains(&power),
        "tower {id} is out of reach at {theta}: v = {v}"
    );
    Launch {
        kind: LaunchKind::Catapult,
        angle: if x < origin[0] { 1800 - theta } else { theta },
        power,
        ..Launch::default()
    }
}

fn top_id(c: &Castle, m: usize, s: usize) -> u32 {
    match c.state.mats[m].squares[s].stack.last() {
        Some(t) => t.id,
        None => panic!("no tower on mat {m} square {s}"),
    }
}

fn shot_move(seat: usize, l: &Launch, o: Outcome) -> Move {
    Move {
        outcome: Some(o),
        ..Move::shot(seat, l.clone())
    }
}

#[test]
fn a_launch_that_comes_to_rest_in_a_cup_takes_the_tower() {
    let mut c = castle(2, &[], 1);
    let target = top_id(&c, 3, 1); // seat 1's tower
    let l = aim_at(&c, target, 500);
    let (o, path) = fire(&c, &l);
    assert_eq!(in_tower(&o), Some(target as i64), "facts: {:?}", o.facts);
    let (x, y) = path.last().copied().unwrap_or_default();
    let (tx, _) = tower_xy(&c, target);
    assert!(
        inside_cup(x, y, tx, tower_base_y(0)),
        "ball rests at {x},{y}"
    );
    let ev = c.apply(&shot_move(0, &l, o)).unwrap_or_default();
    assert!(ev.iter().any(|e| e.kind == "tower_taken"), "{ev:?}");
    assert!(matches!(c.state.phase, Phase::Place { .. }));
    assert_eq!(c.state.supply, 35, "the ammo stays inside the tower");
}

#[test]
fn a_ball_that_goes_in_and_bounces_out_is_a_miss() {
    let mut c = castle(2, &[], 5);
    let layout = layout_of(&c.state);
    let mut found = None;
    'search: for angle in [600, 700] {
        for power in (300..1000).step_by(7) {
            let l = Launch {
                kind: LaunchKind::Catapult,
                angle,
                power,
                ..Launch::default()
            };
            let (o, path) = fire(&c, &l);
            let went_in = path.iter().any(|&(x, y)| {
                (0..4).any(|m| {
                    (0..4).any(|s| inside_cup(x, y, layout.square_x(m, s), tower_base_y(0)))
                })
            });
            if went_in && in_tower(&o).is_none() {
                found = Some((l, o));
                break 'search;
            }
        }
    }
    let Some((l, o)) = found else {
        panic!("no launch went into a cup and bounced out: the cups are too dead");
    };
    assert!(o.has(FACT_REST) || o.has(FACT_FELL));
    let towers: Vec<usize> = (0..2).map(|s| c.state.towers_of(s)).collect();
    let ev = c.apply(&shot_move(0, &l, o)).unwrap_or_default();
    assert!(ev.iter().any(|e| e.kind == "miss"), "{ev:?}");
    assert_eq!(c.state.supply, 36, "a miss returns the ammo");
    assert_eq!(towers, vec![c.state.towers_of(0), c.state.towers_of(1)]);
}

/// Does the segment p→q cross the rectangle [x0,x1]×[y0,y1]?
fn segment_hits_rect(p: (f32, f32), q: (f32, f32), r: [f32; 4]) -> bool {
    let (mut t0, mut t1) = (0.0f32, 1.0f32);
    for (o, d, lo, hi) in [(p.0, q.0 - p.0, r[0], r[2]), (p.1, q.1 - p.1, r[1], r[3])] {
        if d.abs() < 1e-9 {
            if o < lo || o > hi {
                return false;
            }
        } else {
            let (a, b) = ((lo - o) / d, (hi - o) / d);
            t0 = t0.max(a.min(b));
            t1 = t1.min(a.max(b));
            if t0 > t1 {
                return false;
            }
        }
    }
    true
}

#[test]
fn ammo_never_passes_through_a_tower_wall() {
    // The crossing check itself must see a crossing.
    assert!(segment_hits_rect(
        (0.0, 0.0),
        (1.0, 0.0),
        [0.5, -0.1, 0.503, 0.1]
    ));
    assert!(!segment_hits_rect(
        (0.0, 0.2),
        (1.0, 0.2),
        [0.5, -0.1, 0.503, 0.1]
    ));
    // Three tables: 2 players, 3 players (stacks), and a 4-player table with ammo inside towers.
    let mut tables = vec![castle(2, &[], 11), castle(3, &[], 12), castle(4, &[], 13)];
    for (k, t) in tables[2].state.mats[1].squares.iter_mut().enumerate() {
        if let Some(top) = t.stack.last_mut() {
            top.ammo = 1 + k as u32 * 3;
        }
    }
    let mut rng = Rng::new(77);
    let (mut launches, mut hits) = (0, 0);
    for c in &tables {
        let layout = layout_of(&c.state);
        let mut walls = Vec::new();
        for (m, mat) in c.state.mats.iter().enumerate() {
            for (s, sq) in mat.squares.iter().enumerate() {
                let cx = layout.square_x(m, s);
                for l in 0..sq.stack.len() {
                    let b = tower_base_y(l);
                    for side in [-1.0f32, 1.0] {
                        let wx = cx + side * (TOWER_HW - WALL / 2.0);
                        walls.push([wx - WALL / 2.0, b, wx + WALL / 2.0, b + TOWER_H]);
                    }
                }
            }
        }
        let targets: Vec<u32> = c
            .state
            .mats
            .iter()
            .enumerate()
            .filter(|(m, _)| Some(*m) != c.state.mat_of(0))
            .flat_map(|(_, mat)| {
                mat.squares
                    .iter()
                    .filter_map(|s| s.stack.last().map(|t| t.id))
            })
            .collect();
        for _ in 0..100 {
            let Some(&t) = rng.pick(&targets) else {
                panic!("no targets");
            };
            let theta = rng.range(350, 700);
            let mut l = aim_at(c, t, theta);
            l.angle = (l.angle + rng.range(-25, 25)).clamp(0, 1800);
            l.power = (l.power + rng.range(-40, 40)).clamp(0, 1000);
            let (o, path) = fire(c, &l);
            launches += 1;
            hits += in_tower(&o).is_some() as i32;
            for w in path.windows(2) {
                for r in &walls {
                    assert!(
                        !segment_hits_rect(w[0], w[1], *r),
                        "launch {l:?}: the ball's centre crossed a wall {r:?} between {:?} and {:?}",
                        w[0],
                        w[1]
                    );
                }
            }
        }
    }
    assert!(
        hits > launches / 5,
        "the launches must test the cups: {hits} hits of {launches}"
    );
}

#[test]
fn nothing_is_lost_off_the_table() {
    let mut c = castle(2, &[], 3);
    // Straight off the left end of the table, as hard as the catapult can.
    let l = Launch {
        kind: LaunchKind::Catapult,
        angle: 1650,
        power: 1000,
        ..Launch::default()
    };
    let (o, _) = fire(&c, &l);
    assert!(o.has(FACT_FELL), "the ball left the table: {:?}", o.facts);
    let ev = c.apply(&shot_move(0, &l, o)).unwrap_or_default();
    assert!(ev.iter().any(|e| e.kind == "ammo_returned"), "{ev:?}");
    assert_eq!(c.state.supply, 36);

    // Random shots in play: every ball ends in a tower or back in the supply.
    let mut rng = Rng::new(9);
    let mut g = castle(4, &[], 4);
    for _ in 0..30 {
        if g.is_over() {
            break;
        }
        if let Some(p) = g.launch_prompt() {
            let l = Launch {
                kind: LaunchKind::Catapult,
                angle: rng.range(p.angle.0, p.angle.1),
                power: rng.range(0, 1000),
                ..Launch::default()
            };
            let Ok(mut shot) = g.start_shot(&l) else {
                panic!("a legal launch was refused");
            };
            let o = shot.run_to_rest();
            let Some(seat) = g.turn() else { break };
            if let Err(e) = g.apply(&shot_move(seat, &l, o)) {
                panic!("shot refused: {e}");
            }
        } else {
            let choices = g.choices();
            let Some(ch) = choices.first() else {
                panic!("stuck in {}", g.phase());
            };
            if let Err(e) = g.apply(&ch.mv) {
                panic!("choice refused: {e}");
            }
        }
        assert_eq!(
            g.state.supply + g.state.ammo_in_towers(),
            36,
            "ammo must never vanish"
        );
    }
}

#[test]
fn a_reinforced_roof_is_a_body_the_ball_bounces_off() {
    let mut c = castle(2, &[], 21);
    // Give seat 0 a Reinforced Roof and put it on seat 1's tower.
    let roof = c.state.decks[0]
        .cards
        .iter()
        .position(|k| k.effect == engine::games::castle::rules::Effect::ReinforcedRoof);
    let Some(p) = roof else {
        panic!("no roof in deck 0")
    };
    let card = c.state.decks[0].cards.remove(p);
    c.state.hands[0].push(card);
    let target = top_id(&c, 3, 2);
    let i = c.state.hands[0].len() as i64 - 1;
    if let Err(e) = c.apply(&Move::decide(0, "play", &[i, 3, 2])) {
        panic!("{e}");
    }
    assert!(c
        .view()
        .bodies
        .iter()
        .any(|b| b.tag == engine::games::castle::TAG_ROOF));
    let l = aim_at(&c, target, 500);
    let (o, _) = fire(&c, &l);
    assert!(
        in_tower(&o).is_none(),
        "the roof covers the cup: {:?}",
        o.facts
    );
    assert_eq!(
        o.all(FACT_ROOF).next().map(|f| f.args[0]),
        Some(target as i64),
        "{:?}",
        o.facts
    );
    let ev = c.apply(&shot_move(0, &l, o)).unwrap_or_default();
    assert!(ev.iter().any(|e| e.kind == "roof_removed"), "{ev:?}");
    assert!(c.state.mats[3].squares[2].roof.is_none());
    assert!(c.state.decks[0].discard.iter().any(|k| k.id == card.id));
    assert_eq!(c.state.supply, 36);
    // Without the roof, the same launch goes in.
    let mut c2 = castle(2, &[], 21);
    c2.state.turn = c.state.turn.clone();
    c2.state.turn.seat = 0;
    c2.state.turn.shots_taken = 0;
    let (o2, _) = fire(&c2, &l);
    assert_eq!(in_tower(&o2), Some(target as i64), "{:?}", o2.facts);
}

#[test]
fn a_stacked_tower_stands_on_a_card_and_its_own_cup_is_the_target() {
    let c = castle(3, &[], 2);
    // Seat 0's innermost square (3) holds two towers; seat 2 shoots at the stack's top.
    let mut c = c;
    c.state.turn.seat = 2;
    c.state.order.set_current(2);
    let stack = &c.state.mats[0].squares[3].stack;
    assert_eq!(stack.len(), 2);
    let top = top_id(&c, 0, 3);
    let bottom = stack[0].id;
    assert!(c
        .view()
        .bodies
        .iter()
        .any(|b| b.tag == engine::games::castle::TAG_CARD));
    let l = aim_at(&c, top, 500);
    let (o, _) = fire(&c, &l);
    assert_eq!(in_tower(&o), Some(top as i64), "{:?}", o.facts);
    assert_ne!(in_tower(&o), Some(bottom as i64));
}

#[test]
fn the_same_launch_gives_the_same_facts_and_hash() {
    let c = castle(4, &[], 8);
    let l = aim_at(&c, top_id(&c, 2, 0), 600);
    let (a, _) = fire(&c, &l);
    let (b, _) = fire(&c, &l);
    assert_eq!(a, b);
    assert_eq!(a.hash.len(), 16);
}

#[test]
fn the_game_box_raises_the_catapult() {
    let mut c = castle(2, &[], 1);
    let low = c.launch_prompt().map(|p| p.origin).unwrap_or_default();
    if let Err(e) = c.apply(&Move::decide(0, "stand", &[1])) {
        panic!("{e}");
    }
    let high = c.launch_prompt().map(|p| p.origin).unwrap_or_default();
    assert!(
        (high[1] - low[1] - STAND_H).abs() < 1e-6,
        "{low:?} {high:?}"
    );
    assert_eq!(high[0], low[0]);
    let l = Launch {
        kind: LaunchKind::Catapult,
        angle: 450,
        power: 500,
        ..Launch::default()
    };
    let (_, path) = fire(&c, &l);
    assert!(
        (path[0].1 - high[1]).abs() < 1e-6,
        "the ball leaves from the raised arm"
    );
    assert!(c
        .view()
        .bodies
        .iter()
        .any(|b| b.tag == engine::games::castle::TAG_STAND));
}

#[test]
fn magic_toss_throws_from_the_hand_below_the_catapult() {
    let mut c = castle(2, &[], 1);
    let toss = c.state.decks[0]
        .cards
        .iter()
        .position(|k| k.effect == engine::games::castle::rules::Effect::MagicToss);
    let Some(p) = toss else {
        panic!("no Magic Toss in deck 0")
    };
    let card = c.state.decks[0].cards.remove(p);
    c.state.hands[0].push(card);
    let l = Launch {
        kind: LaunchKind::Toss,
        angle: 600,
        power: 500,
        x: 20,
        y: 5,
        ..Launch::default()
    };
    assert!(c.start_shot(&l).is_err(), "no toss without the card");
    let i = c.state.hands[0].len() as i64 - 1;
    if let Err(e) = c.apply(&Move::decide(0, "play", &[i])) {
        panic!("{e}");
    }
    let Some(prompt) = c.launch_prompt() else {
        panic!("no prompt")
    };
    assert!(
        prompt.kinds.contains(&LaunchKind::Toss) && prompt.kinds.contains(&LaunchKind::Catapult)
    );
    assert_eq!((prompt.x, prompt.y), (TOSS_X_MM, TOSS_Y_MM));
    assert!(
        c.start_shot(&Launch { y: 99, ..l.clone() }).is_err(),
        "release too high"
    );
    let (_, path) = fire(&c, &l);
    let origin = prompt.origin;
    assert!((path[0].0 - (origin[0] + 0.020)).abs() < 1e-6);
    assert!(
        path[0].1 < MAT_THICK + AMMO_R + 0.02,
        "released at the table top, y = {}",
        path[0].1
    );
    // A hand toss aimed at a neutral tower lands in it.
    let target = top_id(&c, 1, 1);
    let (tx, top) = tower_xy(&c, target);
    let from = [origin[0], AMMO_R + 0.001];
    let v = ballistic_speed(from, [tx, top + 0.012], 500).unwrap_or(0.0);
    let power = ((v - TOSS_SPEED.0) / (TOSS_SPEED.1 - TOSS_SPEED.0) * 1000.0).round() as i32;
    let tl = Launch {
        kind: LaunchKind::Toss,
        angle: 500,
        power,
        ..Launch::default()
    };
    let (o, _) = fire(&c, &tl);
    assert_eq!(in_tower(&o), Some(target as i64), "{:?}", o.facts);
}
