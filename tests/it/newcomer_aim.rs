//! A scripted new player aims by the predicted path: at each of their shots they try the gestures
//! a hand makes (a grid of angles and pull lengths or swipe speeds, mapped to launches by the
//! app's own `gesture` code), look at the dots `physics::preview::flight` draws for each, follow
//! the dots on by eye (the same fall continued) and keep the gesture whose path passes nearest the
//! nearest target; the hand then wobbles a little (a few degrees, a few percent of the pull). They
//! must hit something within 3 shots in every side-view game with a catapult, a flick or a throw.
//! Everything runs through the engine (the very launches the gestures produce), no window.
//!
//! Then per aid level (`aim::AidLevel`, docs/ui.md "Aid levels") two newcomers who see only what
//! that level draws: a *dots follower* who puts the end of the visible dots on the target (and
//! one who also continues the dots by eye), and a *trail corrector* who takes a first shot by
//! the dots (a middling one at Expert) and then corrects its strength from where the last
//! shot's trail came down. Their hit shares are in docs/look-and-feel.md ("Aid levels").

use catapult_table::app::aim::{AidLevel, LEARNING_FRAMES};
use catapult_table::app::aim_words;
use catapult_table::app::gesture::{self, Feel, Sample};
use engine::core::{BodyShape, BodyView, Game, Launch, LaunchKind, LaunchPrompt, Look, Move};
use engine::headless::bot_game;
use engine::physics::preview;

/// The shots a newcomer gets to hit something.
const SHOTS: usize = 3;

/// A little seeded wobble (xorshift), the same every run.
struct Hand(u64);

impl Hand {
    fn next(&mut self) -> f32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % 2001) as f32 / 1000.0 - 1.0
    }
}

fn feel() -> Feel {
    Feel::for_screen(1.0)
}

/// One gesture of the newcomer's: a direction (tenths of a degree) and a share of the full
/// pull or swipe, started `offset` metres along x from the launcher.
#[derive(Clone, Copy, Debug)]
struct Try {
    angle: f32,
    share: f32,
    offset: f32,
}

/// The pointer samples of a gesture, in world metres.
fn samples(kind: LaunchKind, p: &LaunchPrompt, t: Try) -> Vec<Sample> {
    let f = feel();
    let rad = t.angle / 1800.0 * std::f32::consts::PI;
    let (dx, dy) = (rad.cos(), rad.sin());
    let (ox, oy) = (p.origin[0] + t.offset, p.origin[1]);
    match kind {
        // Pull back, opposite the way it should fly.
        LaunchKind::Catapult | LaunchKind::Toss => {
            let len = t.share * f.reach;
            vec![
                Sample::new(0.0, ox, oy),
                Sample::new(0.8, ox - dx * len, oy - dy * len),
            ]
        }
        // A quick swipe the way it should go, 0.1 s long.
        _ => {
            let len = t.share * f.full_speed * 0.1;
            vec![
                Sample::new(0.0, ox, oy),
                Sample::new(0.05, ox + dx * len * 0.5, oy + dy * len * 0.5),
                Sample::new(0.1, ox + dx * len, oy + dy * len),
            ]
        }
    }
}

/// The gestures a hand tries for this launcher.
fn tries(kind: LaunchKind, p: &LaunchPrompt) -> Vec<Try> {
    let mut out = Vec::new();
    let (lo, hi) = p.angle;
    let span = (hi - lo).rem_euclid(3600);
    let steps = (span / 50).max(1);
    let offsets: &[f32] = if kind == LaunchKind::Flick {
        &[0.0, 0.004, 0.008]
    } else {
        &[0.0]
    };
    for k in 0..=steps {
        let a = (lo + span * k / steps).rem_euclid(3600);
        // Aim up into the air (catapults and throws); a flick strikes down on its lever.
        let sin = (a as f32 / 1800.0 * std::f32::consts::PI).sin();
        if kind != LaunchKind::Flick && sin < 0.08 {
            continue;
        }
        for s in 1..=20 {
            for &offset in offsets {
                out.push(Try {
                    angle: a as f32,
                    share: s as f32 / 20.0,
                    offset,
                });
            }
        }
    }
    out
}

/// The predicted dots continued by eye: the same fall, from the last two dots on, for 3 s.
fn followed(path: &[[f32; 2]]) -> Vec<[f32; 2]> {
    let mut out = path.to_vec();
    let (Some(&b), Some(&a)) = (
        path.last(),
        path.len().checked_sub(2).and_then(|i| path.get(i)),
    ) else {
        return out;
    };
    let dt = 1.0 / 60.0;
    let (mut x, mut y) = (b[0], b[1]);
    let (vx, mut vy) = ((b[0] - a[0]) / dt, (b[1] - a[1]) / dt);
    for _ in 0..180 {
        vy -= 9.81 * dt;
        x += vx * dt;
        y += vy * dt;
        out.push([x, y]);
        if y < -0.3 {
            break;
        }
    }
    out
}

/// How near the path passes the target (only while falling, when `from_above`).
fn nearest_to(path: &[[f32; 2]], t: [f32; 2], from_above: bool) -> f32 {
    path.windows(2)
        .filter(|w| !from_above || w[1][1] < w[0][1])
        .map(|w| (w[1][0] - t[0]).hypot(w[1][1] - t[1]))
        .fold(f32::MAX, f32::min)
}

/// What the newcomer aims at: the box's middle in Catapults, the top of a tower not their own in
/// Castle (a ball goes in from above), elsewhere the middle of another seat's pieces.
fn targets(game: &dyn Game, seat: usize) -> Vec<[f32; 2]> {
    let bodies = game.view().bodies;
    match game.id() {
        "catapults" => vec![[0.0, 0.005]],
        "castle" => {
            let walls: Vec<&BodyView> = bodies
                .iter()
                .filter(|b| b.look == Look::Stone && b.owner.is_none_or(|o| usize::from(o) != seat))
                .collect();
            walls
                .iter()
                .map(|w| {
                    let top = walls
                        .iter()
                        .filter(|o| (o.x - w.x).abs() < 0.03)
                        .map(|o| o.y + half_height(o))
                        .fold(f32::MIN, f32::max);
                    [w.x, top + 0.01]
                })
                .collect()
        }
        // The middle of each other seat's castle (its pieces on the table).
        _ => {
            let mut out = Vec::new();
            for other in 0..game.seats().len() {
                let mine: Vec<&BodyView> = bodies
                    .iter()
                    .filter(|b| {
                        b.owner.is_some_and(|o| usize::from(o) == other)
                            && other != seat
                            && !matches!(b.look, Look::Table | Look::Mat)
                    })
                    .collect();
                if !mine.is_empty() {
                    let n = mine.len() as f32;
                    let x = mine.iter().map(|b| b.x).sum::<f32>() / n;
                    let y = mine.iter().map(|b| b.y).sum::<f32>() / n;
                    out.push([x, y]);
                }
            }
            out
        }
    }
}

fn half_height(b: &BodyView) -> f32 {
    match b.shape {
        BodyShape::Rect { hw, hh } => hw.max(hh),
        BodyShape::Circle { r } => r,
    }
}

/// Another seat's pieces (owned by someone else), to see whether the shot moved any.
fn others(game: &dyn Game, seat: usize) -> Vec<BodyView> {
    game.view()
        .bodies
        .into_iter()
        .filter(|b| b.owner.is_some_and(|o| usize::from(o) != seat))
        .collect()
}

fn moved_any(before: &[BodyView], after: &[BodyView]) -> bool {
    before.iter().any(|b| {
        !after
            .iter()
            .any(|a| a.owner == b.owner && (a.x - b.x).hypot(a.y - b.y) < 0.005)
    })
}

/// Plays bot turns until seat 0 is to aim a real launch (not a let-go); false if the game ends.
fn to_seat0_aim(d: &mut engine::core::driver::Driver) -> bool {
    for _ in 0..400 {
        let g = d.game();
        if g.is_over() {
            return false;
        }
        if g.turn() == Some(0) {
            if let Some(p) = g.launch_prompt() {
                if p.kinds.iter().any(|k| *k != LaunchKind::Release) {
                    return true;
                }
            }
        }
        if d.bot_turn().is_err() {
            return false;
        }
    }
    false
}

/// The shot (1..=SHOTS) on which the newcomer first hits something, or None.
fn newcomer(game: &str, seed: u64) -> Option<usize> {
    let mut d = bot_game(game, 2, seed, &[]).unwrap_or_else(|e| panic!("{game}: {e}"));
    let mut hand = Hand(seed.wrapping_mul(2_654_435_761).max(1));
    for shot in 1..=SHOTS {
        if !to_seat0_aim(&mut d) {
            return None;
        }
        let g = d.game();
        let p = g.launch_prompt()?;
        let kind = p.kinds[0];
        let target = targets(g, 0).into_iter().min_by(|a, b| {
            let da = (a[0] - p.origin[0]).abs();
            let db = (b[0] - p.origin[0]).abs();
            da.total_cmp(&db)
        })?;
        let launch_of = |t: Try| gesture::launch_for(&p, kind, &samples(kind, &p, t), &feel()).ok();
        // The gesture whose dots (followed on by eye) pass nearest the target.
        let mut best: Option<(f32, Try)> = None;
        for t in tries(kind, &p) {
            let Some(l) = launch_of(t) else {
                continue;
            };
            let dots = preview::flight(g, &l, LEARNING_FRAMES);
            let miss = nearest_to(&followed(&dots), target, game == "castle");
            if best.is_none_or(|(m, _)| miss < m) {
                best = Some((miss, t));
            }
        }
        let (miss, t) = best?;
        if std::env::var("NEWCOMER_DEBUG").is_ok() {
            eprintln!("{game} shot {shot}: origin {:?} target {target:?} miss {miss:.3} try {t:?} useful {:?}", p.origin, p.useful_power);
        }
        // The hand wobbles: up to 2° and 4% of the pull.
        let t = Try {
            angle: t.angle + 20.0 * hand.next(),
            share: (t.share + 0.04 * hand.next()).clamp(0.02, 1.0),
            ..t
        };
        let launch: Launch = launch_of(t)?;
        let before = others(g, 0);
        let outcome = match g.start_shot(&launch) {
            Ok(mut s) => s.run_to_rest(),
            Err(e) => panic!("{game}: the newcomer's launch was refused: {e}"),
        };
        let scored = g.shot_hit(&outcome) == Some(true);
        if std::env::var("NEWCOMER_DEBUG").is_ok() {
            eprintln!(
                "  launch {launch:?} hit {:?} facts {:?}",
                g.shot_hit(&outcome),
                outcome
                    .facts
                    .iter()
                    .map(|f| f.what.clone())
                    .collect::<Vec<_>>()
            );
        }
        let mut mv = Move::shot(0, launch);
        mv.outcome = Some(outcome);
        if let Err(e) = d.play(mv) {
            panic!("{game}: the newcomer's shot was refused: {e}");
        }
        if scored || moved_any(&before, &others(d.game(), 0)) {
            return Some(shot);
        }
    }
    None
}

#[test]
fn a_newcomer_aiming_by_the_predicted_path_hits_within_three_shots() {
    let mut failed = Vec::new();
    for game in ["castle", "feud", "assault", "catapults"] {
        for seed in [1u64, 2, 3] {
            let n = newcomer(game, seed);
            println!(
                "newcomer {game} seed {seed}: first hit on shot {}",
                n.map_or("none".to_string(), |n| n.to_string())
            );
            if n.is_none() {
                failed.push(format!("{game} seed {seed}"));
            }
        }
    }
    assert!(failed.is_empty(), "no hit within {SHOTS} shots: {failed:?}");
}

/// The predicted path starts at the launcher, has one dot a frame, is the same every time it is
/// asked for, and follows the launch's direction at first (a catapult's upward shot climbs).
#[test]
fn the_predicted_path_is_the_first_part_of_the_shots_own_flight() {
    for game in ["castle", "feud", "assault", "catapults", "carcassonne"] {
        let mut d = bot_game(game, 2, 1, &[]).unwrap_or_else(|e| panic!("{game}: {e}"));
        if !to_seat0_aim(&mut d) {
            panic!("{game}: no shot for seat 0");
        }
        let g = d.game();
        let Some(p) = g.launch_prompt() else {
            panic!("{game}: no launch prompt");
        };
        let kind = p.kinds[0];
        let t = Try {
            angle: gesture::mid_angle(p.angle) as f32 + 50.0,
            share: 0.6,
            offset: 0.0,
        };
        let Ok(l) = gesture::launch_for(&p, kind, &samples(kind, &p, t), &feel()) else {
            panic!("{game}: the middle gesture was refused");
        };
        let started = std::time::Instant::now();
        let dots = preview::flight(g, &l, LEARNING_FRAMES);
        let took = started.elapsed();
        assert_eq!(dots, preview::flight(g, &l, LEARNING_FRAMES), "{game}");
        assert_eq!(dots.len() as u32, LEARNING_FRAMES + 1, "{game}");
        assert!(preview::flight(g, &l, 0).len() == 1, "{game}");
        let first = dots[0];
        let gap = (first[0] - p.origin[0]).hypot(first[1] - p.origin[1]);
        assert!(
            gap < 0.12,
            "{game}: the path starts {gap} m from the launcher"
        );
        let moved = dots
            .iter()
            .map(|d| (d[0] - first[0]).hypot(d[1] - first[1]))
            .fold(0.0f32, f32::max);
        assert!(moved > 0.02, "{game}: the path barely moves ({moved} m)");
        if kind == LaunchKind::Catapult {
            assert!(
                dots[5][1] > first[1],
                "{game}: an upward shot climbs at first"
            );
        }
        println!(
            "preview {game}: {} dots over {moved:.2} m, {:.1} ms (debug build)",
            dots.len(),
            took.as_secs_f64() * 1000.0
        );
    }
}

/// The shots a newcomer at an aid level gets.
const LEVEL_SHOTS: usize = 5;
/// Newcomers (seeds) per game and level: 2 in the suite, more with `NEWCOMER_SEEDS` (the
/// shares in docs/look-and-feel.md are from 8, in a release build).
fn level_seeds() -> u64 {
    std::env::var("NEWCOMER_SEEDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(2)
}

/// Who aims, seeing only what the aid level draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Newcomer {
    /// Puts the end of the visible dots on the target.
    DotsEnd,
    /// Continues the visible dots by eye (the same fall) and passes them through the target.
    DotsByEye,
    /// A first shot by the dots' end (a middling one without dots), then the strength corrected
    /// from where the last shot's trail came down.
    Trail,
}

/// The gestures a newcomer looks at: first every 15 degrees and every 20% of the pull, then
/// every 5 degrees and 5% round the best of those (`refine`): the same aim to within a hand's
/// wobble, at a fraction of the flights of the whole grid.
fn coarse_tries(kind: LaunchKind, p: &LaunchPrompt) -> Vec<Try> {
    tries(kind, p)
        .into_iter()
        .filter(|t| {
            let k = ((t.angle - p.angle.0 as f32).rem_euclid(3600.0) / 50.0).round() as i64;
            k % 3 == 0 && (t.share * 20.0).round() as i64 % 4 == 0
        })
        .collect()
}

/// The whole grid's gestures near `best`.
fn refine(kind: LaunchKind, p: &LaunchPrompt, best: Try) -> Vec<Try> {
    tries(kind, p)
        .into_iter()
        .filter(|t| {
            let da = (t.angle - best.angle + 1800.0).rem_euclid(3600.0) - 1800.0;
            da.abs() <= 100.0 && (t.share - best.share).abs() <= 0.15 && t.offset == best.offset
        })
        .collect()
}

/// The gesture a newcomer who sees `aid`'s dots picks for `target`, or None without dots.
fn by_the_dots(
    g: &dyn Game,
    p: &LaunchPrompt,
    kind: LaunchKind,
    target: [f32; 2],
    aid: AidLevel,
    by_eye: bool,
) -> Option<Try> {
    let miss_of = |t: Try| -> Option<f32> {
        let l = gesture::launch_for(p, kind, &samples(kind, p, t), &feel()).ok()?;
        let dots = aid.dots(g, &l);
        dots.last()?;
        // By eye: the dots continued, passing the target from above in Castle. Else the dots
        // as they are, laid on the target (at Standard their top; at Learning often the fall).
        Some(if by_eye {
            nearest_to(&followed(&dots), target, g.id() == "castle")
        } else {
            nearest_to(&dots, target, false)
        })
    };
    let mut best: Option<(f32, Try)> = None;
    for stage in 0..2 {
        let grid = match (stage, best) {
            (0, _) => coarse_tries(kind, p),
            (_, Some((_, b))) => refine(kind, p, b),
            _ => break,
        };
        for t in grid {
            let Some(miss) = miss_of(t) else {
                continue;
            };
            if best.is_none_or(|(m, _)| miss < m) {
                best = Some((miss, t));
            }
        }
    }
    best.map(|(_, t)| t)
}

/// A middling gesture towards `target`: 45 degrees up its way (or the prompt's middle), 60%.
fn middling(p: &LaunchPrompt, kind: LaunchKind, target: [f32; 2]) -> Try {
    let toward = if target[0] >= p.origin[0] { 450 } else { 1350 };
    let angle = if kind == LaunchKind::Flick {
        gesture::mid_angle(p.angle)
    } else {
        gesture::clamp_angle(toward, p.angle)
    };
    Try {
        angle: angle as f32,
        share: 0.6,
        offset: 0.0,
    }
}

/// The trail corrector's first shot: a middling lob its way (`middling`), its strength by what
/// the level shows: at Learning the dots passing the target, at Standard the arc's top half way
/// there (an arc comes down as far past its top as it rose before it), at Expert 60%.
fn first_lob(
    g: &dyn Game,
    p: &LaunchPrompt,
    kind: LaunchKind,
    target: [f32; 2],
    aid: AidLevel,
) -> Try {
    let lob = middling(p, kind, target);
    let half = p.origin[0] + (target[0] - p.origin[0]) * 0.5;
    let mut best: Option<(f32, Try)> = None;
    for s in 1..=20 {
        let t = Try {
            share: s as f32 / 20.0,
            ..lob
        };
        let Ok(l) = gesture::launch_for(p, kind, &samples(kind, p, t), &feel()) else {
            continue;
        };
        let dots = aid.dots(g, &l);
        let miss = match (aid, dots.last()) {
            (AidLevel::Learning, Some(_)) => nearest_to(&dots, target, g.id() == "castle"),
            (AidLevel::Standard, Some(top)) => (top[0] - half).abs(),
            _ => continue,
        };
        if best.is_none_or(|(m, _)| miss < m) {
            best = Some((miss, t));
        }
    }
    best.map_or(lob, |(_, t)| t)
}

/// How far along the table (from the launcher at `from`) a shot's `trail` went, as a player
/// reads it against `target`: where it came down when that is short of the target; where it
/// passed the target's line when it passed below the target's top (it hit the side: short by
/// as much as it was low); where it came down when it passed over.
fn read_trail(trail: &[[f32; 2]], from: [f32; 2], target: [f32; 2]) -> Option<f32> {
    let want = (target[0] - from[0]).abs();
    let dir = (target[0] - from[0]).signum();
    let land = aim_words::landing(trail)?;
    let landed = (land[0] - from[0]) * dir;
    let crossing = trail.windows(2).find(|w| {
        let (a, b) = ((w[0][0] - from[0]) * dir, (w[1][0] - from[0]) * dir);
        a < want && b >= want
    });
    Some(match crossing {
        None => landed.min(want - 0.01),
        Some(w) if w[1][1] < target[1] => want - (target[1] - w[1][1]),
        Some(_) => landed.max(want + 0.01),
    })
}

/// How many of `LEVEL_SHOTS` shots hit, and the first that did, for one newcomer.
fn at_level(game: &str, seed: u64, aid: AidLevel, who: Newcomer) -> (usize, Option<usize>) {
    let mut d = bot_game(game, 2, seed, &[]).unwrap_or_else(|e| panic!("{game}: {e}"));
    let mut hand = Hand(seed.wrapping_mul(2_654_435_761).max(1));
    let (mut hits, mut first) = (0, None);
    // The trail corrector's memory: the gesture, and (pull share, distance it came down at).
    let mut aim: Option<Try> = None;
    let mut trails: Vec<(f32, f32)> = Vec::new();
    for shot in 1..=LEVEL_SHOTS {
        if !to_seat0_aim(&mut d) {
            break;
        }
        let g = d.game();
        let Some(p) = g.launch_prompt() else {
            break;
        };
        let kind = p.kinds[0];
        let Some(target) = targets(g, 0).into_iter().min_by(|a, b| {
            let da = (a[0] - p.origin[0]).abs();
            let db = (b[0] - p.origin[0]).abs();
            da.total_cmp(&db)
        }) else {
            break;
        };
        let want = (target[0] - p.origin[0]).abs();
        let t = match (who, aim) {
            (Newcomer::Trail, Some(a)) if !trails.is_empty() => {
                let (s1, d1) = trails[trails.len() - 1];
                // The last two trails give the strength's slope; one alone, range grows as the
                // square of the speed.
                let share = match trails.len().checked_sub(2).map(|i| trails[i]) {
                    Some((s0, d0)) if (d1 - d0).abs() > 0.01 && (s1 - s0).abs() > 0.005 => {
                        s1 + (want - d1) * (s1 - s0) / (d1 - d0)
                    }
                    _ if d1 > 0.01 => s1 * (want / d1).sqrt(),
                    _ => s1 + 0.2,
                };
                Try {
                    share: share.clamp(0.05, 1.0),
                    ..a
                }
            }
            (Newcomer::Trail, _) => first_lob(g, &p, kind, target, aid),
            (Newcomer::DotsByEye, _) => by_the_dots(g, &p, kind, target, aid, true)
                .unwrap_or_else(|| middling(&p, kind, target)),
            _ => by_the_dots(g, &p, kind, target, aid, false)
                .unwrap_or_else(|| middling(&p, kind, target)),
        };
        aim = Some(t);
        let shaken = Try {
            angle: t.angle + 20.0 * hand.next(),
            share: (t.share + 0.04 * hand.next()).clamp(0.02, 1.0),
            ..t
        };
        let Ok(launch) = gesture::launch_for(&p, kind, &samples(kind, &p, shaken), &feel()) else {
            continue;
        };
        // The trail the shot leaves on the table: the same flight as the shot, read as a player
        // reads it: how far short or past the target it went (`read_trail`).
        let trail = preview::flight(g, &launch, 360);
        if let Some(went) = read_trail(&trail, p.origin, target) {
            trails.push((t.share, went));
        }
        // In Catapults every tile scores: a hit there is the cube stopping on the tile aimed at
        // (the 5-point tile in the middle), as the issue counted T's shots.
        let aimed = g
            .aim_places()
            .into_iter()
            .min_by(|a, b| (a.x - target[0]).abs().total_cmp(&(b.x - target[0]).abs()));
        let on_aimed = match (trail.last(), &aimed) {
            (Some(rest), Some(pl)) => (rest[0] - pl.x).abs() <= pl.half_width,
            _ => false,
        };
        let before = others(g, 0);
        let outcome = match g.start_shot(&launch) {
            Ok(mut s) => s.run_to_rest(),
            Err(e) => panic!("{game}: the newcomer's launch was refused: {e}"),
        };
        let scored = g.shot_hit(&outcome) == Some(true);
        let mut mv = Move::shot(0, launch);
        mv.outcome = Some(outcome);
        if let Err(e) = d.play(mv) {
            panic!("{game}: the newcomer's shot was refused: {e}");
        }
        let hit = if game == "catapults" {
            on_aimed
        } else {
            scored || moved_any(&before, &others(d.game(), 0))
        };
        if hit {
            hits += 1;
            first = first.or(Some(shot));
        }
    }
    (hits, first)
}

/// Hit shares per game, level and newcomer (printed; the table is in docs/look-and-feel.md):
/// at Standard the trail corrector hits within five shots in every side-view game, and the
/// newcomer who only puts the dots' end on the target hits clearly less than at Learning.
#[test]
#[ignore = "a measurement (minutes in a debug build): NEWCOMER_SEEDS=4 cargo test --test newcomer_aim -- --ignored --nocapture; its goals are not all met yet (docs/look-and-feel.md)"]
fn at_each_aid_level_the_trail_corrector_hits_and_the_dots_answer_less_at_standard() {
    let games = ["castle", "feud", "assault", "catapults"];
    let mut failed = Vec::new();
    // (level, newcomer) -> (hits, shots) over every game.
    let mut totals: Vec<((AidLevel, Newcomer), (usize, usize))> = Vec::new();
    for game in games {
        for aid in AidLevel::ALL {
            for who in [Newcomer::DotsEnd, Newcomer::DotsByEye, Newcomer::Trail] {
                if aid == AidLevel::Expert && who != Newcomer::Trail {
                    continue;
                }
                let (mut hits, mut found) = (0, 0);
                for seed in 1..=level_seeds() {
                    let (h, first) = at_level(game, seed, aid, who);
                    hits += h;
                    found += usize::from(first.is_some());
                    if who == Newcomer::Trail && aid == AidLevel::Standard && first.is_none() {
                        failed.push(format!("{game} seed {seed}"));
                    }
                }
                let shots = level_seeds() as usize * LEVEL_SHOTS;
                println!(
                    "aid {game} {} {who:?}: {hits}/{shots} shots hit, {found}/{} newcomers hit within {LEVEL_SHOTS}",
                    aid.name(),
                    level_seeds()
                );
                match totals.iter_mut().find(|(k, _)| *k == (aid, who)) {
                    Some((_, v)) => {
                        v.0 += hits;
                        v.1 += shots;
                    }
                    None => totals.push(((aid, who), (hits, shots))),
                }
            }
        }
    }
    for ((aid, who), (h, n)) in &totals {
        println!("aid all {} {who:?}: {h}/{n}", aid.name());
    }
    let share = |aid, who| {
        totals
            .iter()
            .find(|(k, _)| *k == (aid, who))
            .map_or(0.0, |(_, (h, n))| *h as f32 / (*n).max(1) as f32)
    };
    assert!(
        failed.is_empty(),
        "the Standard trail corrector did not hit within {LEVEL_SHOTS} shots: {failed:?}"
    );
    let (learning, standard) = (
        share(AidLevel::Learning, Newcomer::DotsEnd),
        share(AidLevel::Standard, Newcomer::DotsEnd),
    );
    assert!(
        standard + 0.15 <= learning,
        "the dots' end answers the shot at Standard too: {standard:.2} of shots hit against {learning:.2} at Learning"
    );
}

/// The Standard dots are the rising part of the very flight: its first frames, never past the
/// top of the arc, and no longer than the Learning dots need to reach it.
#[test]
fn the_standard_dots_stop_at_the_top_of_the_arc() {
    for game in ["castle", "feud", "assault", "catapults", "carcassonne"] {
        let mut d = bot_game(game, 2, 1, &[]).unwrap_or_else(|e| panic!("{game}: {e}"));
        if !to_seat0_aim(&mut d) {
            panic!("{game}: no shot for seat 0");
        }
        let g = d.game();
        let Some(p) = g.launch_prompt() else {
            panic!("{game}: no launch prompt");
        };
        let kind = p.kinds[0];
        for t in coarse_tries(kind, &p).into_iter().step_by(3) {
            let Ok(l) = gesture::launch_for(&p, kind, &samples(kind, &p, t), &feel()) else {
                continue;
            };
            let whole = preview::flight(g, &l, preview::RISING_FRAMES);
            let shown = AidLevel::Standard.dots(g, &l);
            assert!(
                whole.starts_with(&shown),
                "{game}: the dots are the flight's own"
            );
            assert!(
                !shown.is_empty() || whole.is_empty(),
                "{game}: no dots at all"
            );
            // The dots end at their highest (nothing of a way down), and a flight that comes
            // down lower than they end is not shown to where it comes down.
            if let Some(last) = shown.last() {
                let high = shown.iter().map(|d| d[1]).fold(f32::MIN, f32::max);
                assert!(
                    last[1] >= high - 0.01,
                    "{game}: the dots go down before they end"
                );
                if whole.last().is_some_and(|e| e[1] < last[1] - 0.05) {
                    assert!(shown.len() < whole.len(), "{game}: the way down is shown");
                }
            }
            assert!(AidLevel::Expert.dots(g, &l).is_empty());
        }
    }
}
