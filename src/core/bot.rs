//! The built-in bot: chooses through the same `Game` API a player uses. The game supplies the
//! candidates and the ratings (`Game::candidates` and `rate_decision` for decisions, `aim_hints`
//! and `rate_outcome` for shots); the search is here. It aims by simulating candidate launches on
//! the current table (the game's hints, random samples, then a local refinement around the best)
//! and keeps the best-rated outcome; it takes the best-rated decision, or one at random when the
//! game rates none.

use super::{Game, Launch, LaunchPrompt, Move, Rng};

/// How many shots the bot simulates before choosing.
#[derive(Clone, Copy, Debug)]
pub struct BotBudget {
    pub samples: usize,
    pub refinements: usize,
}

impl Default for BotBudget {
    fn default() -> Self {
        BotBudget {
            samples: 10,
            refinements: 10,
        }
    }
}

/// The bot's move for the seat whose turn it is, or None when the game is over.
/// A shot comes back with its simulated outcome already attached.
pub fn choose(game: &dyn Game, rng: &mut Rng, budget: BotBudget) -> Option<Move> {
    let seat = game.turn()?;
    let mut candidates = super::scene::grid_moves(game);
    candidates.extend(game.candidates());
    if let Some(prompt) = game.launch_prompt() {
        // Decisions offered beside a shot (play a card…) are taken now and then.
        if !candidates.is_empty() && rng.below(3) == 0 {
            return decide(game, &candidates, rng);
        }
        return aim(game, &prompt, rng, budget).map(|(launch, outcome)| Move {
            outcome: Some(outcome),
            ..Move::shot(seat, launch)
        });
    }
    decide(game, &candidates, rng)
}

/// The best-rated decision (the first of equals), or one at random when the game rates none.
pub fn decide(game: &dyn Game, candidates: &[Move], rng: &mut Rng) -> Option<Move> {
    let rated: Vec<(i64, &Move)> = candidates
        .iter()
        .filter_map(|mv| game.rate_decision(mv).map(|r| (r, mv)))
        .collect();
    let mut best: Option<(i64, &Move)> = None;
    for (r, mv) in rated {
        if best.map(|b| r > b.0).unwrap_or(true) {
            best = Some((r, mv));
        }
    }
    match best {
        Some((_, mv)) => Some(mv.clone()),
        None => rng.pick(candidates).cloned(),
    }
}

/// A short rollout for `Game::rate_decision`: plays `mv` on a copy of the game and rates the
/// position it leads to for the seat that made it (its score minus the best other score), or None
/// when the move is refused.
pub fn rollout(game: &dyn Game, mv: &Move) -> Option<i64> {
    let seat = mv.seat as usize;
    let mut copy = game.clone_game();
    copy.apply(mv).ok()?;
    let scores = copy.scores();
    let mine = scores.get(seat).copied().unwrap_or(0);
    let best_other = scores
        .iter()
        .enumerate()
        .filter(|(s, _)| *s != seat)
        .map(|(_, &v)| v)
        .max()
        .unwrap_or(0);
    Some(mine - best_other)
}

fn random_launch(p: &LaunchPrompt, rng: &mut Rng) -> Launch {
    let kind = rng.pick(&p.kinds).copied().unwrap_or_default();
    let angle = if p.angle.0 <= p.angle.1 {
        rng.range(p.angle.0, p.angle.1)
    } else {
        (rng.range(p.angle.0, p.angle.1 + 3600)) % 3600
    };
    Launch {
        kind,
        angle,
        power: rng.range(p.power.0, p.power.1),
        spin: rng.range(p.spin.0, p.spin.1),
        x: rng.range(p.x.0, p.x.1),
        y: rng.range(p.y.0, p.y.1),
    }
}

fn nudge(l: &Launch, p: &LaunchPrompt, rng: &mut Rng, scale: i32) -> Launch {
    let mut n = l.clone();
    n.angle = (n.angle + rng.range(-30, 30) * scale / 4).rem_euclid(3600);
    if !p.angle_ok(n.angle) {
        n.angle = l.angle;
    }
    n.power = (n.power + rng.range(-40, 40) * scale / 4).clamp(p.power.0, p.power.1);
    n.spin = (n.spin + rng.range(-100, 100) * scale / 4).clamp(p.spin.0, p.spin.1);
    n.x = (n.x + rng.range(-5, 5)).clamp(p.x.0, p.x.1);
    n.y = (n.y + rng.range(-5, 5)).clamp(p.y.0, p.y.1);
    n
}

/// Searches for the best launch; returns it with the outcome it produced.
pub fn aim(
    game: &dyn Game,
    prompt: &LaunchPrompt,
    rng: &mut Rng,
    budget: BotBudget,
) -> Option<(Launch, super::Outcome)> {
    let mut best: Option<(i64, Launch, super::Outcome)> = None;
    // A launch already simulated gives the same outcome again: never simulate it twice.
    let mut seen: Vec<Launch> = Vec::new();
    let mut consider = |launch: Launch, best: &mut Option<(i64, Launch, super::Outcome)>| {
        if prompt.check(&launch).is_err() || seen.contains(&launch) {
            return;
        }
        seen.push(launch.clone());
        let Ok(mut shot) = game.start_shot(&launch) else {
            return;
        };
        let outcome = shot.run_to_rest();
        let score = game.rate_outcome(&outcome);
        if best.as_ref().map(|b| score > b.0).unwrap_or(true) {
            *best = Some((score, launch, outcome));
        }
    };
    let mut tried = 0;
    for hint in game.aim_hints().into_iter().take(budget.samples) {
        consider(hint, &mut best);
        tried += 1;
    }
    while tried < budget.samples {
        consider(random_launch(prompt, rng), &mut best);
        tried += 1;
    }
    for i in 0..budget.refinements {
        let Some((_, base, _)) = best.as_ref() else {
            break;
        };
        let scale = 4 - (3 * i as i32) / budget.refinements.max(1) as i32;
        let candidate = nudge(base, prompt, rng, scale.max(1));
        consider(candidate, &mut best);
    }
    best.map(|(_, l, o)| (l, o))
}
