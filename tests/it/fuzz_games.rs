//! Move-sequence fuzzing for every available game: random legal decisions, mutated and illegal
//! moves (wrong seat, extra, missing, negative and huge arguments, unknown actions) and
//! outcome-only shots (a miss, or a real outcome from the golden replays, perturbed). After every
//! move: no panic; a refused move changed nothing; the game's conservation invariants hold
//! (`Game::invariant_violations`, each game adds its own).
//!
//! Shots are outcome-only (not simulated) so that many whole games fit in a run; the physics is
//! fuzzed separately (`tests/it/fuzz_shots.rs`). The short run is part of `cargo test`; the long run:
//! `CT_FUZZ_GAMES=100000 cargo test --release --test it fuzz_games:: -- --ignored --nocapture`
//! (`./build.sh fuzz`).

use catapult_table::app::gesture::placement_args;
use engine::core::replay::Replay;
use engine::core::scene::grid_moves;
use engine::core::seat::{default_seats, SeatKind};
use engine::core::{Fact, Game, Move, Outcome, Rng};
use engine::games;
use std::panic::{catch_unwind, AssertUnwindSafe};

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

/// Real outcomes of this game, from its golden replays.
fn outcomes(id: &str) -> Vec<Outcome> {
    let mut out = Vec::new();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(id);
    let Ok(entries) = std::fs::read_dir(dir) else {
        return out;
    };
    let mut paths: Vec<_> = entries.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    paths.sort();
    for p in paths
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
    {
        if let Ok(r) = std::fs::read_to_string(p)
            .map_err(|e| e.to_string())
            .and_then(|t| Replay::parse(&t).map_err(|e| e.0))
        {
            out.extend(r.moves.into_iter().filter_map(|m| m.outcome));
        }
    }
    out
}

/// What must not change when a move is refused, hashed field by field (floats by their bits:
/// formatting every pose with `{:?}` cost a third of the run).
fn fingerprint(g: &dyn Game) -> u64 {
    use engine::core::game::BodyShape;
    struct Fnv(u64);
    impl Fnv {
        fn bytes(&mut self, b: &[u8]) {
            for &x in b {
                self.0 = (self.0 ^ x as u64).wrapping_mul(0x100_0000_01b3);
            }
            self.0 = (self.0 ^ 0xff).wrapping_mul(0x100_0000_01b3);
        }
        fn n(&mut self, x: u64) {
            self.bytes(&x.to_le_bytes());
        }
        fn f(&mut self, x: f32) {
            self.n(x.to_bits() as u64);
        }
    }
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    h.n(g.turn().map_or(u64::MAX, |t| t as u64));
    h.bytes(g.phase().as_bytes());
    for s in g.scores() {
        h.n(s as u64);
    }
    for line in g.hud() {
        h.bytes(line.as_bytes());
    }
    for c in g.choices() {
        h.bytes(c.label.as_bytes());
    }
    let view = g.view();
    for b in &view.bodies {
        match b.shape {
            BodyShape::Rect { hw, hh } => {
                h.f(hw);
                h.f(hh);
            }
            BodyShape::Circle { r } => h.f(r),
        }
        for x in [b.x, b.y, b.angle] {
            h.f(x);
        }
        h.bytes(&b.rgb);
        h.n(b.tag as u64);
        h.n(b.look as u64);
        h.n(b.owner.map_or(u64::MAX, |o| o as u64));
    }
    for x in view.bounds {
        h.f(x);
    }
    for (x, y, text) in &view.labels {
        h.f(*x);
        h.f(*y);
        h.bytes(text.as_bytes());
    }
    h.0
}

fn wild(rng: &mut Rng) -> i64 {
    match rng.below(8) {
        0 => i64::MAX,
        1 => i64::MIN,
        2 => -1,
        3 => rng.below(5) as i64,
        4 => -(rng.below(100) as i64),
        5 => i32::MAX as i64 + 1,
        _ => rng.below(4000) as i64 - 500,
    }
}

fn perturb(o: &Outcome, rng: &mut Rng) -> Outcome {
    let mut o = o.clone();
    o.steps = 0;
    o.hash.clear();
    for f in &mut o.facts {
        for a in &mut f.args {
            if rng.below(4) == 0 {
                *a = wild(rng);
            }
        }
    }
    if rng.below(5) == 0 && !o.facts.is_empty() {
        let k = rng.below(o.facts.len() as u32) as usize;
        o.facts.remove(k);
    }
    if rng.below(10) == 0 {
        o.facts.push(Fact::new("no_such_fact", &[wild(rng)]));
    }
    o
}

#[derive(Default)]
struct Stats {
    games: usize,
    moves: usize,
    accepted: usize,
    refused: usize,
    finished: usize,
    stuck: usize,
    problems: Vec<String>,
}

fn next_move(g: &dyn Game, seat: usize, catalogue: &[Outcome], rng: &mut Rng) -> Move {
    let mut choices = g.choices();
    // Decisions on a tile map (lay a tile, put a follower on it) are legal moves too.
    choices.extend(grid_moves(g).into_iter().map(|mv| engine::core::Choice {
        label: String::new(),
        mv,
    }));
    let roll = rng.below(100);
    let shot = || {
        let mut m = Move::outcome_only(seat, Vec::new());
        m.outcome = Some(Outcome::default());
        m
    };
    // A shot where one is expected (mostly), and now and then where none is.
    let shoot = if g.launch_prompt().is_some() {
        roll < 70 || choices.is_empty() && roll < 90
    } else {
        roll < 8
    };
    if !shoot && roll < 80 && !choices.is_empty() {
        return choices[rng.below(choices.len() as u32) as usize].mv.clone();
    }
    if shoot {
        let mut m = shot();
        // The game's own plausible outcome where it has one (a simulated shot's stand-in).
        if rng.below(4) != 0 {
            if let Some(o) = g.sample_outcome(rng) {
                m.outcome = Some(if rng.below(5) == 0 {
                    perturb(&o, rng)
                } else {
                    o
                });
                return m;
            }
        }
        if !catalogue.is_empty() && rng.below(2) == 0 {
            let o = &catalogue[rng.below(catalogue.len() as u32) as usize];
            m.outcome = Some(if rng.below(3) == 0 {
                perturb(o, rng)
            } else {
                o.clone()
            });
        }
        return m;
    }
    if let Some(p) = g.placement_prompt() {
        if p.sources.is_empty() && roll < 86 {
            // A placement inside the prompt's region and angle range, as a finger would make.
            let t = |rng: &mut Rng| rng.below(1001) as f32 / 1000.0;
            let x = p.region[0] + (p.region[2] - p.region[0]) * t(rng);
            let y = p.region[1] + (p.region[3] - p.region[1]) * t(rng);
            let angle = p.angle.0 + rng.range(0, (p.angle.1 - p.angle.0).max(0));
            let args = placement_args(&p, x, y, angle);
            return Move::decide(seat, &p.action, &args);
        }
        if roll < 88 {
            let n = if p.sources.is_empty() { 3 } else { 4 };
            let args: Vec<i64> = (0..n).map(|_| wild(rng)).collect();
            return Move::decide(seat, &p.action, &args);
        }
    }
    // Mutated or illegal.
    let mut m = if choices.is_empty() {
        Move::decide(seat, "pass", &[])
    } else {
        choices[rng.below(choices.len() as u32) as usize].mv.clone()
    };
    match rng.below(6) {
        0 => m.args.push(wild(rng)),
        1 => {
            m.args.pop();
        }
        2 => {
            for a in &mut m.args {
                *a = wild(rng);
            }
        }
        3 => m.seat = (m.seat + 1 + rng.below(3)) % 12,
        4 => {
            m.action = ["shot", "done", "zzz", "", "place", "remove"][rng.below(6) as usize].into()
        }
        _ => {
            m.action = "shot".into();
            m.outcome = Some(Outcome {
                facts: vec![Fact::new(
                    "card",
                    &[wild(rng), wild(rng), wild(rng), wild(rng)],
                )],
                ..Outcome::default()
            });
        }
    }
    m
}

fn fuzz(id: &str, games_n: usize, move_cap: usize, seed: u64) -> Stats {
    let mut st = Stats::default();
    let catalogue = outcomes(id);
    let Ok(info) = games::info(id) else {
        st.problems.push(format!("{id}: no such game"));
        return st;
    };
    let mut seeds = Rng::new(seed);
    // `CT_FUZZ_GAME_SEED=S` plays only the game a problem line names (each game draws its seat
    // count and every move from its own seed, so it replays alone).
    let one: Option<u64> = std::env::var("CT_FUZZ_GAME_SEED")
        .ok()
        .and_then(|v| v.parse().ok());
    for _ in 0..if one.is_some() { 1 } else { games_n } {
        let game_seed = one.unwrap_or_else(|| seeds.below(u32::MAX) as u64);
        let mut rng = Rng::new(game_seed);
        let span = (info.max_seats - info.min_seats + 1) as u32;
        let n = info.min_seats + rng.below(span) as usize;
        let mut g = match games::new_game(id, &[], default_seats(n, SeatKind::Bot), game_seed) {
            Ok(g) => g,
            Err(e) => {
                st.problems.push(format!("{id} {n} seats: {e}"));
                continue;
            }
        };
        st.games += 1;
        for _ in 0..move_cap {
            let Some(seat) = g.turn() else {
                break;
            };
            let mv = next_move(g.as_ref(), seat, &catalogue, &mut rng);
            // A copy to compare with if the move is refused (cheaper than a fingerprint per move).
            let before = g.clone_game();
            st.moves += 1;
            match catch_unwind(AssertUnwindSafe(|| g.apply(&mv))) {
                Err(_) => {
                    st.problems
                        .push(format!("{id} seed {game_seed}: panic on {mv:?}"));
                    break;
                }
                Ok(Ok(_)) => {
                    if std::env::var_os("CT_FUZZ_DEBUG").is_some() {
                        eprintln!("accepted {} {:?}", mv.action, mv.args);
                    }
                    st.accepted += 1
                }
                Ok(Err(e)) => {
                    if std::env::var_os("CT_FUZZ_DEBUG").is_some() {
                        eprintln!("refused {} {:?}: {}", mv.action, mv.args, e.0);
                    }
                    st.refused += 1;
                    if fingerprint(g.as_ref()) != fingerprint(before.as_ref()) {
                        st.problems.push(format!(
                            "{id} seed {game_seed}: the refused move {mv:?} changed the game"
                        ));
                        break;
                    }
                }
            }
            let broken = g.invariant_violations();
            if !broken.is_empty() {
                st.problems.push(format!(
                    "{id} seed {game_seed} after {mv:?}: {}",
                    broken.join("; ")
                ));
                break;
            }
        }
        if g.is_over() {
            st.finished += 1;
        } else if g.choices().is_empty() && g.launch_prompt().is_none() {
            st.stuck += 1;
        } else if std::env::var_os("CT_FUZZ_DEBUG").is_some() {
            eprintln!("{id} seed {game_seed}: not over after {move_cap} moves");
        }
    }
    st
}

fn run_all(games_n: usize, move_cap: usize) {
    let mut problems = Vec::new();
    println!("game        games    moves  accepted  refused  finished  at cap  stuck  problems");
    for g in games::GAMES.iter().filter(|g| g.available && only(g.id)) {
        let t = std::time::Instant::now();
        let st = fuzz(g.id, games_n, move_cap, 0xF022 ^ g.id.len() as u64);
        println!(
            "{:<10} {:>6} {:>8} {:>9} {:>8} {:>9} {:>7} {:>6} {:>9}   ({:.1} s)",
            g.id,
            st.games,
            st.moves,
            st.accepted,
            st.refused,
            st.finished,
            st.games - st.finished - st.stuck,
            st.stuck,
            st.problems.len(),
            t.elapsed().as_secs_f64()
        );
        problems.extend(st.problems);
    }
    assert!(
        problems.is_empty(),
        "{} problem(s), first: {:?}",
        problems.len(),
        problems.iter().take(5).collect::<Vec<_>>()
    );
}

#[test]
fn random_move_sequences_never_panic_and_conserve_pieces() {
    run_all(env("CT_FUZZ_GAMES_SHORT", 12), 400);
}

#[test]
#[ignore = "long run: ./build.sh fuzz"]
fn long_random_move_sequences() {
    run_all(env("CT_FUZZ_GAMES", 100_000), 2_000);
}
