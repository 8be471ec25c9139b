//! The aim search: the game's hints, random samples within the prompt, then a local refinement
//! around the best, each candidate simulated on a copy of the table (hurried to a preview) and
//! rated by the game (`BotAdvice::rate_outcome`); it stops at its work cap or on a plateau.

use super::*;
use crate::core::Shot;

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

/// The best candidate so far.
pub(super) struct Best {
    score: i64,
    pub(super) launch: Launch,
    pub(super) outcome: crate::core::Outcome,
}

/// The aim search, resumable: the game's hints, random samples, then nudges around the best,
/// each candidate simulated on a copy of the table (hurried: a preview, `Shot::hurry`) and
/// rated by the game. A launch is never simulated twice.
pub struct Aim {
    pub(super) prompt: LaunchPrompt,
    budget: BotBudget,
    hints: std::vec::IntoIter<Launch>,
    sampled: usize,
    refined: usize,
    seen: Vec<Launch>,
    pub(super) best: Option<Best>,
    current: Option<(Launch, Box<dyn Shot>)>,
    /// What the candidates finished so far have cost (`Shot::work`).
    work: u64,
    /// The ratings of the candidates finished so far, in order.
    scores: Vec<i64>,
    /// Candidates are previews (false when there is nothing to aim: one launch, in full).
    pub(super) hurried: bool,
    /// The candidates finished so far: rating and launch, in order.
    rated: Vec<(i64, Launch)>,
    /// The hand the steadiness check shakes with (`Aim::steady`), its picks and trials each.
    hand: Option<(AimNoise, usize, usize)>,
    /// The steadiness check, once the search is over.
    steady: Option<Steady>,
}

/// The steadiness check under way (`Aim::steady`).
struct Steady {
    picks: Vec<Pick>,
    /// (pick, launch fired) still to simulate, in order.
    trials: std::vec::IntoIter<(usize, Launch)>,
    /// The pick the trial being simulated belongs to.
    current: Option<usize>,
}

struct Pick {
    score: i64,
    launch: Launch,
    /// The sum of its shaken trials' ratings.
    shaken: i64,
}

impl Aim {
    pub fn new(game: &dyn Game, prompt: LaunchPrompt, budget: BotBudget) -> Aim {
        let hurried = budget.preview && prompt.kinds.iter().any(|k| *k != LaunchKind::Release);
        let hints: Vec<Launch> = game.aim_hints().into_iter().take(budget.samples).collect();
        Aim {
            prompt,
            budget,
            hints: hints.into_iter(),
            sampled: 0,
            refined: 0,
            seen: Vec::new(),
            best: None,
            current: None,
            work: 0,
            scores: Vec::new(),
            hurried,
            rated: Vec::new(),
            hand: None,
            steady: None,
        }
    }

    /// Before choosing, tries the `picks` best candidates `trials` times each as this hand
    /// fires them (`with_noise`) and means the one whose shaken shots rate best on average (the
    /// first of equals, in the order of their exact ratings). Nothing is tried, and nothing
    /// drawn, for an exact hand, zero picks or trials, or when nothing is aimed (`Release`).
    pub fn steady(mut self, noise: AimNoise, picks: usize, trials: usize) -> Aim {
        let shakes = noise.angle > 0 || noise.power > 0;
        if shakes && picks > 0 && trials > 0 && self.hurried {
            self.hand = Some((noise, picks, trials));
        }
        self
    }

    /// The next launch to try, or None when the budget is spent.
    fn next_launch(&mut self, rng: &mut Rng) -> Option<Launch> {
        if self.work >= self.budget.work || self.good_enough() {
            return None;
        }
        if self.sampled < self.budget.samples {
            self.sampled += 1;
            return Some(match self.hints.next() {
                Some(hint) => hint,
                None => random_launch(&self.prompt, rng),
            });
        }
        if self.refined < self.budget.refinements {
            let base = &self.best.as_ref()?.launch;
            let i = self.refined as i32;
            let scale = 4 - (3 * i) / self.budget.refinements.max(1) as i32;
            self.refined += 1;
            return Some(nudge(base, &self.prompt, rng, scale.max(1)));
        }
        None
    }

    /// How many candidates have been simulated to their end so far.
    pub fn candidates(&self) -> usize {
        self.scores.len()
    }

    /// What those candidates have cost (`Shot::work`).
    pub fn work(&self) -> u64 {
        self.work
    }

    /// The launch the search means so far (after the steadiness check, the pick it kept).
    pub fn meant(&self) -> Option<&Launch> {
        self.best.as_ref().map(|b| &b.launch)
    }

    /// Whether `budget.enough` candidates rate within `ENOUGH_MARGIN` of the best and another
    /// rated clearly below it.
    fn good_enough(&self) -> bool {
        plateau(&self.scores, self.budget.enough)
    }

    /// Once the search is over: draws the steadiness check's shaken launches (`Aim::steady`),
    /// all at once and in a fixed order. False when there is nothing to check.
    fn start_steady(&mut self, rng: &mut Rng) -> bool {
        let Some((noise, picks, trials)) = self.hand else {
            return false;
        };
        if self.steady.is_some() || self.rated.len() < 2 {
            return false;
        }
        // The best candidates, best first (the first of equals first): the one the search
        // would mean heads the list.
        let mut order: Vec<usize> = (0..self.rated.len()).collect();
        crate::core::order::sort_by_key(&mut order, |&i| (std::cmp::Reverse(self.rated[i].0), i));
        order.truncate(picks);
        let mut chosen = Vec::new();
        let mut fired = Vec::new();
        for (k, &i) in order.iter().enumerate() {
            let (score, launch) = self.rated[i].clone();
            for _ in 0..trials {
                fired.push((k, with_noise(&launch, &self.prompt, noise, rng)));
            }
            chosen.push(Pick {
                score,
                launch,
                shaken: 0,
            });
        }
        self.steady = Some(Steady {
            picks: chosen,
            trials: fired.into_iter(),
            current: None,
        });
        true
    }

    /// Starts the steadiness check's next shaken launch; once none is left, means the pick
    /// whose trials rated best in sum (the first of equals) and returns false.
    fn next_trial(&mut self, game: &dyn Game) -> bool {
        let Some(steady) = self.steady.as_mut() else {
            return false;
        };
        for (k, launch) in steady.trials.by_ref() {
            let Ok(mut shot) = game.start_shot(&launch) else {
                continue;
            };
            shot.hurry(PREVIEW_CALM_FRAMES);
            steady.current = Some(k);
            self.current = Some((launch, shot));
            return true;
        }
        let mut top: Option<&Pick> = None;
        for p in &steady.picks {
            if top.map(|t| p.shaken > t.shaken).unwrap_or(true) {
                top = Some(p);
            }
        }
        if let Some(p) = top {
            if self
                .best
                .as_ref()
                .map(|b| b.launch != p.launch)
                .unwrap_or(true)
            {
                // Only the launch is kept: a hurried search simulates the launch fired in full
                // (`Think::fire_stage`, `aim`).
                self.best = Some(Best {
                    score: p.score,
                    launch: p.launch.clone(),
                    outcome: crate::core::Outcome::default(),
                });
            }
        }
        false
    }

    /// Simulates candidates while `more()` says so (asked after every frame); true when the
    /// search is over.
    pub fn step(&mut self, game: &dyn Game, rng: &mut Rng, more: &mut dyn FnMut() -> bool) -> bool {
        loop {
            if let Some((_, shot)) = self.current.as_mut() {
                if shot.step_frame() {
                    if let Some((launch, shot)) = self.current.take() {
                        let outcome = shot.outcome();
                        let score = game.rate_outcome(&outcome);
                        if let Some(steady) = self.steady.as_mut() {
                            let pick = steady.current.take();
                            if let Some(p) = pick.and_then(|i| steady.picks.get_mut(i)) {
                                p.shaken = p.shaken.saturating_add(score);
                            }
                        } else {
                            self.work = self.work.saturating_add(shot.work());
                            self.scores.push(score);
                            self.rated.push((score, launch.clone()));
                            if self.best.as_ref().map(|b| score > b.score).unwrap_or(true) {
                                self.best = Some(Best {
                                    score,
                                    launch,
                                    outcome,
                                });
                            }
                        }
                    }
                }
            } else if self.steady.is_some() {
                if !self.next_trial(game) {
                    return true;
                }
            } else {
                let Some(launch) = self.next_launch(rng) else {
                    if self.start_steady(rng) {
                        continue;
                    }
                    return true;
                };
                if self.prompt.check(&launch).is_err() || self.seen.contains(&launch) {
                    continue;
                }
                self.seen.push(launch.clone());
                let Ok(mut shot) = game.start_shot(&launch) else {
                    continue;
                };
                if self.hurried {
                    shot.hurry(PREVIEW_CALM_FRAMES);
                }
                self.current = Some((launch, shot));
            }
            if !more() {
                return false;
            }
        }
    }
}

/// Whether `enough` (> 0) of these ratings lie within `ENOUGH_MARGIN` of the best and one lies
/// clearly below it (a table where every launch does the same tells nothing).
fn plateau(scores: &[i64], enough: usize) -> bool {
    let Some(&best) = scores.iter().max() else {
        return false;
    };
    enough > 0
        && scores
            .iter()
            .filter(|&&s| s >= best - ENOUGH_MARGIN)
            .count()
            >= enough
        && scores.iter().any(|&s| s < best - ENOUGH_MARGIN)
}

/// Searches for the best launch in one go; returns it with its outcome simulated in full.
pub fn aim(
    game: &dyn Game,
    prompt: &LaunchPrompt,
    rng: &mut Rng,
    budget: BotBudget,
) -> Option<(Launch, crate::core::Outcome)> {
    let mut search = Aim::new(game, prompt.clone(), budget);
    while !search.step(game, rng, &mut || true) {}
    let best = search.best?;
    if !search.hurried {
        return Some((best.launch, best.outcome));
    }
    let outcome = game.start_shot(&best.launch).ok()?.run_to_rest();
    Some((best.launch, outcome))
}

#[cfg(test)]
mod tests {
    use super::plateau;

    #[test]
    fn the_search_stops_on_a_plateau_of_three_near_the_best_beside_a_worse_one() {
        assert!(plateau(&[4968, 4987, 1878, 4988], 3));
        assert!(!plateau(&[4968, 4987, 1878], 3), "two near the best");
        assert!(
            !plateau(&[12000, 12000, 12000, 12000], 3),
            "nothing worse seen"
        );
        assert!(
            !plateau(&[4968, 4900, 4987, 1878], 3),
            "4900 is not within 50 of 4987"
        );
        assert!(!plateau(&[4968, 4987, 4988, 1878], 0), "0 never stops");
        assert!(!plateau(&[], 3));
    }
}
