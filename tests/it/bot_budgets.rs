//! The bots' search budgets per level (`BotBudget::at`): on a heavy table (a Catapults flick
//! costs 800–2,300 units of work) Normal stops at its work cap, before its candidates run out,
//! where its shaking hand makes a longer search moot, and Hard searches on.

use engine::core::bot::{Aim, BotBudget};
use engine::core::seat::{default_seats, SeatKind};
use engine::core::{Game, Level, Rng};
use engine::games::catapults::Catapults;

/// The aim search with `budget` in this position, run through: candidates tried and their work.
fn search(g: &dyn Game, budget: BotBudget) -> (usize, u64) {
    let Some(prompt) = g.launch_prompt() else {
        panic!("the next move is a shot");
    };
    let mut aim = Aim::new(g, prompt, budget);
    let mut rng = Rng::new(1);
    while !aim.step(g, &mut rng, &mut || true) {}
    (aim.candidates(), aim.work())
}

fn candidates(g: &dyn Game, level: Level) -> (usize, u64) {
    search(g, BotBudget::default().at(level))
}

#[test]
fn a_normal_catapults_bot_tries_a_few_flicks_and_a_hard_one_many_more() {
    let g = Catapults::new(default_seats(2, SeatKind::Bot)).unwrap_or_else(|e| panic!("{e}"));
    let (normal, work) = candidates(&g, Level::Normal);
    let (hard, _) = candidates(&g, Level::Hard);
    let b = BotBudget::default();
    assert!(work >= b.work, "Normal stopped at {work} work");
    assert!(
        normal < b.samples + b.refinements,
        "Normal tried all {normal}"
    );
    assert!(hard > normal, "Hard tried {hard}, Normal {normal}");
}

/// Catapults lowers Hard's work cap (`Game::hard_work_factor`, 3 times Normal's rather than the
/// shared 5) to keep a Hard decision within 0.3 s: late in a game, where the shared cap would
/// spend ~48,000 work, Hard stops at 30,000 plus the flick under way, and still tries more
/// flicks than Normal.
#[test]
fn a_hard_catapults_bot_stops_at_its_games_own_cap() {
    use engine::core::bot::HARD_WORK_FACTOR;
    // The bench's sixth Hard shot position (`referee bench --bots`: a Normal game, seed 1, after
    // five flicks), late enough that a flick costs ~2,000 work.
    let mut d =
        engine::headless::bot_game("catapults", 2, 1, &[]).unwrap_or_else(|e| panic!("{e}"));
    for _ in 0..5 {
        d.bot_turn().unwrap_or_else(|e| panic!("{e}"));
    }
    let g = d.game();
    let b = BotBudget::default();
    assert!(g.hard_work_factor() < HARD_WORK_FACTOR);
    let cap = b.work * g.hard_work_factor();
    let (hard, work) = search(g, b.at_factor(Level::Hard, g.hard_work_factor()));
    let (_, shared) = search(g, b.at(Level::Hard));
    let (normal, _) = search(g, b.at(Level::Normal));
    assert!(work >= cap && work < cap + 3_000, "Hard spent {work}");
    assert!(shared > work + 5_000, "the shared cap spent {shared}");
    assert!(hard > normal, "Hard tried {hard}, Normal {normal}");
}

/// Assault lowers Hard's work cap too (`Game::hard_work_factor` 4: 40,000 with `bot::HARD_AIM`)
/// to keep a Hard throw within 0.3 s of CPU: on the bench's Hard throw positions (`referee bench
/// --bots`: a Normal game, seed 1) Hard stops at 40,000 plus the throw under way, where the
/// shared cap spent ~50,000, and still tries several times as many throws as Normal.
#[test]
fn a_hard_assault_bot_stops_at_its_games_own_cap() {
    use engine::core::bot::HARD_WORK_FACTOR;
    use engine::games::assault::bot::{HARD_AIM, SHAKY_AIM};
    let found = tools::bench::bot_positions("assault", 2, 1, 6).unwrap_or_else(|e| panic!("{e}"));
    assert!(!found[0].is_empty(), "no throw position");
    for g in &found[0] {
        let g = g.as_ref();
        assert!(g.hard_work_factor() < HARD_WORK_FACTOR);
        let cap = HARD_AIM.work * g.hard_work_factor();
        let (hard, work) = search(g, HARD_AIM.at_factor(Level::Hard, g.hard_work_factor()));
        let (_, shared) = search(g, HARD_AIM.at(Level::Hard));
        // Normal's throws search with Assault's own smaller budget.
        let (normal, _) = search(g, SHAKY_AIM.at(Level::Normal));
        assert!(work >= cap && work < cap + 5_000, "Hard spent {work}");
        assert!(shared > work + 5_000, "the shared cap spent {shared}");
        assert!(hard >= 3 * normal, "Hard tried {hard}, Normal {normal}");
    }
}
