//! Randomized shots for every game: launches drawn uniformly from the game's own launch prompt,
//! simulated to rest, games played on with them (decisions picked at random). After every shot:
//! no NaN or infinite pose; no body tunnelled (a dynamic body at rest with its centre under the
//! table top); no piece lost (every body the table removed is reported fallen, and once the
//! outcome is applied the game's conservation invariants hold, so what left the table went back
//! to its supply). Prints a table.
//!
//! Short run in `cargo test`; the long run (10⁴ shots per game, release):
//! `CT_FUZZ_SHOTS=10000 cargo test --release --test it fuzz_shots:: -- --ignored --nocapture`
//! (`./build.sh fuzz`).

use engine::core::scene::grid_moves;
use engine::core::seat::{default_seats, SeatKind};
use engine::core::{BodyShape, Choice, Launch, LaunchPrompt, Move, Rng};
use engine::games;
use engine::physics::Table;

/// `CT_FUZZ_ONLY=castle,assault` limits a run to those games.
fn only(id: &str) -> bool {
    std::env::var("CT_FUZZ_ONLY")
        .map(|v| v.split(',').any(|g| g == id))
        .unwrap_or(true)
}

fn env(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn pick(rng: &mut Rng, (lo, hi): (i32, i32)) -> i32 {
    if hi <= lo {
        return lo;
    }
    lo + rng.below((hi - lo + 1) as u32) as i32
}

fn random_launch(p: &LaunchPrompt, rng: &mut Rng) -> Launch {
    let (lo, hi) = p.angle;
    let angle = if lo <= hi {
        pick(rng, (lo, hi))
    } else {
        (lo + rng.below((3600 - lo + hi + 1) as u32) as i32) % 3600
    };
    Launch {
        kind: p.kinds[rng.below(p.kinds.len() as u32) as usize],
        angle,
        power: pick(rng, p.power),
        spin: pick(rng, p.spin),
        x: pick(rng, p.x),
        y: pick(rng, p.y),
    }
}

#[derive(Default)]
struct Row {
    shots: usize,
    steps: u64,
    non_finite: usize,
    tunnelled: usize,
    lost: usize,
    fallen: usize,
    problems: Vec<String>,
}

/// Bodies a table removes on purpose: Catapults lifts its fingertip (a tool) away; Assault lifts
/// the thrown siege cards once they rest (the rules discard them, and the conservation check
/// counts every siege card).
fn is_tool(game: &str, t: &Table, id: usize) -> bool {
    match game {
        "catapults" => t.tag(id) == engine::games::catapults::table::TAG_FINGER,
        "assault" => t.tag(id) == engine::games::assault::table::TAG_SIEGE,
        _ => false,
    }
}

/// The solids a piece must never end up inside: every fixed, unrotated box (the table top's
/// tiles, walls, cups), as min x, min y, max x, max y in metres.
fn solids(t: &Table) -> Vec<[f32; 4]> {
    let mut out = Vec::new();
    for id in 0..t.len() {
        let Some(spec) = t.spec(id) else { continue };
        if spec.dynamic || t.is_removed(id) || spec.angle != 0.0 {
            continue;
        }
        for p in &spec.parts {
            if let (BodyShape::Rect { hw, hh }, 0.0) = (p.shape, p.angle) {
                let (x, y) = (spec.x + p.dx, spec.y + p.dy);
                out.push([x - hw, y - hh, x + hw, y + hh]);
            }
        }
    }
    out
}

/// The centres of a body's parts at its pose (a gate's posts and lintel, a soldier's base and
/// body): a gate lying over a catapult's post holds the post in its arch, its centre "inside" it.
fn part_centres(t: &Table, id: usize, (x, y, a): (f32, f32, f32)) -> Vec<(f32, f32)> {
    let (s, c) = (a.sin(), a.cos());
    t.spec(id)
        .map(|spec| {
            spec.parts
                .iter()
                .map(|p| (x + c * p.dx - s * p.dy, y + s * p.dx + c * p.dy))
                .collect()
        })
        .unwrap_or_default()
}

/// Checks the table a shot settled on; returns (non-finite, tunnelled, lost, fallen).
/// Tunnelled: a piece at rest with the centre of one of its parts inside a solid, or under the
/// table top within the top's footprint (it went through the top).
fn inspect(game: &str, t: &Table) -> (usize, usize, usize, usize) {
    let solid = solids(t);
    let tops: Vec<[f32; 4]> = solid
        .iter()
        .copied()
        .filter(|b| b[3].abs() < 0.001)
        .collect();
    let (mut bad, mut under, mut lost) = (0, 0, 0);
    for id in 0..t.len() {
        if t.is_removed(id) {
            if !t.fallen().contains(&id) && !is_tool(game, t, id) {
                lost += 1;
            }
            continue;
        }
        let Some((x, y, a)) = t.pose(id) else {
            lost += 1;
            continue;
        };
        if !(x.is_finite() && y.is_finite() && a.is_finite()) {
            bad += 1;
            continue;
        }
        if !t.spec(id).is_some_and(|s| s.dynamic) {
            continue;
        }
        let m = 0.001;
        let centres = part_centres(t, id, (x, y, a));
        let within = |b: &[f32; 4]| {
            centres
                .iter()
                .any(|&(x, y)| x > b[0] + m && x < b[2] - m && y > b[1] + m && y < b[3] - m)
        };
        let inside = solid.iter().any(within);
        let below_top = centres
            .iter()
            .any(|&(x, y)| y < -0.002 && tops.iter().any(|b| x > b[0] && x < b[2]));
        if inside || below_top {
            if std::env::var_os("CT_FUZZ_DEBUG").is_some() {
                let hit: Vec<_> = solid.iter().filter(|b| within(b)).collect();
                eprintln!(
                    "{game}: body {id} tag {} at ({x:.4}, {y:.4}) angle {a:.3}: inside {hit:?}, below the top {below_top}",
                    t.tag(id)
                );
            }
            under += 1;
        }
    }
    (bad, under, lost, t.fallen().len())
}

fn shots_for(id: &str, n: usize, seed: u64) -> Row {
    let mut row = Row::default();
    let mut rng = Rng::new(seed);
    let Ok(info) = games::info(id) else {
        return row;
    };
    let mut restarts = 0;
    while row.shots < n && restarts < n + 100 {
        restarts += 1;
        let span = (info.max_seats - info.min_seats + 1) as u32;
        let seats = info.min_seats + rng.below(span) as usize;
        let Ok(mut g) = games::new_game(
            id,
            &games::new_game_options(id, &[]),
            default_seats(seats, SeatKind::Bot),
            rng.below(u32::MAX) as u64,
        ) else {
            continue;
        };
        for _ in 0..2_000 {
            if row.shots >= n || g.is_over() {
                break;
            }
            let Some(seat) = g.turn() else { break };
            let mut choices = g.choices();
            // Decisions on the tile map (Carcassonne lays tiles before its catapult rounds).
            choices.extend(grid_moves(g.as_ref()).into_iter().map(|mv| Choice {
                label: String::new(),
                mv,
            }));
            let Some(prompt) = g.launch_prompt() else {
                if choices.is_empty() {
                    break;
                }
                let c = &choices[rng.below(choices.len() as u32) as usize];
                if g.apply(&c.mv).is_err() {
                    break;
                }
                continue;
            };
            if !choices.is_empty() && rng.below(4) == 0 {
                let c = &choices[rng.below(choices.len() as u32) as usize];
                let _ = g.apply(&c.mv);
                continue;
            }
            let launch = random_launch(&prompt, &mut rng);
            let mut shot = match g.start_shot(&launch) {
                Ok(s) => s,
                Err(e) => {
                    row.problems
                        .push(format!("{id}: a launch inside the prompt was refused: {e}"));
                    break;
                }
            };
            let outcome = shot.run_to_rest();
            row.shots += 1;
            row.steps += outcome.steps;
            if let Some(t) = shot.physics_table().and_then(|a| a.downcast_ref::<Table>()) {
                let (bad, under, lost, fallen) = inspect(id, t);
                row.non_finite += bad;
                row.tunnelled += under;
                row.lost += lost;
                row.fallen += fallen;
            }
            for b in shot.view().bodies {
                if !(b.x.is_finite() && b.y.is_finite() && b.angle.is_finite()) {
                    row.non_finite += 1;
                }
            }
            let mut mv = Move::shot(seat, launch);
            mv.outcome = Some(outcome);
            if let Err(e) = g.apply(&mv) {
                row.problems
                    .push(format!("{id}: a simulated outcome was refused: {e}"));
                break;
            }
            let broken = g.invariant_violations();
            if !broken.is_empty() {
                row.lost += 1;
                row.problems.push(format!("{id}: {}", broken.join("; ")));
                break;
            }
        }
    }
    row
}

fn run(n: usize) {
    println!("game        shots     steps  non-finite  tunnelled  lost  fell off (returned)");
    let mut problems = Vec::new();
    let mut bad = 0;
    for info in games::GAMES.iter().filter(|g| g.available && only(g.id)) {
        let t = std::time::Instant::now();
        let r = shots_for(info.id, n, 0x5407 ^ info.id.len() as u64);
        println!(
            "{:<10} {:>6} {:>9} {:>11} {:>10} {:>5} {:>10}   ({:.1} s)",
            info.id,
            r.shots,
            r.steps,
            r.non_finite,
            r.tunnelled,
            r.lost,
            r.fallen,
            t.elapsed().as_secs_f64()
        );
        bad += r.non_finite + r.tunnelled + r.lost;
        problems.extend(r.problems);
    }
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(bad, 0, "non-finite poses, tunnelled or lost pieces");
}

#[test]
fn random_shots_stay_finite_on_the_table_and_lose_nothing() {
    run(env("CT_FUZZ_SHOTS_SHORT", 6));
}

#[test]
#[ignore = "long run: ./build.sh fuzz"]
fn ten_thousand_random_shots_per_game() {
    run(env("CT_FUZZ_SHOTS", 10_000));
}
