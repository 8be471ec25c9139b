//! The bots' search budgets per level (`BotBudget::at`): on a heavy table (a Catapults flick
//! costs 800–2,300 units of work) Normal stops at its work cap, before its candidates run out,
//! where its shaking hand makes a longer search moot, and Hard searches on.

use catapult_table::core::bot::{Aim, BotBudget};
use catapult_table::core::seat::{default_seats, SeatKind};
use catapult_table::core::{Game, Level, Rng};
use catapult_table::games::catapults::Catapults;

fn candidates(g: &dyn Game, level: Level) -> (usize, u64) {
    let Some(prompt) = g.launch_prompt() else {
        panic!("the first move is a flick");
    };
    let mut aim = Aim::new(g, prompt, BotBudget::default().at(level));
    let mut rng = Rng::new(1);
    while !aim.step(g, &mut rng, &mut || true) {}
    (aim.candidates(), aim.work())
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
