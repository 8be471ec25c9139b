//! Setting up a game: seats, mats, decks, the first tasks.

use super::*;
use crate::core::hidden::Seen;

impl State {
    pub fn new(n: usize, options: &[String], seed: u64) -> RuleResult<State> {
        if !(2..=10).contains(&n) {
            crate::refuse!("Assault on the Castle takes 2 to 10 players, not {n}");
        }
        let gods_rule = options.iter().any(|o| o == OPTION_GODS);
        let table = if options.iter().any(|o| o == TABLE_V2) {
            geometry::TableVersion::V2
        } else {
            geometry::TableVersion::V1
        };
        let copies = if n >= 6 { 2 } else { 1 };
        let (kinds, building_count) = siege_distribution()?;
        let mut rng = Rng::new(seed);
        let mut siege_cards = Vec::new();
        for _ in 0..copies {
            for &(k, c) in &kinds {
                for _ in 0..c {
                    siege_cards.push(k);
                }
            }
        }
        let building_cards: Vec<u32> = (0..building_count * copies).collect();
        if building_cards.len() < n * CARDS_PER_PLAYER {
            crate::refuse!("not enough building cards for {n} players");
        }
        let mut building = Deck::new(building_cards, &mut rng);
        let siege = Deck::new(siege_cards, &mut rng);
        let mut players = vec![Player::default(); n];
        for p in players.iter_mut() {
            for _ in 0..CARDS_PER_PLAYER {
                if let Some((c, _)) = building.draw(Seen::All, &mut rng, &mut []) {
                    p.hand.push(c);
                }
            }
            crate::core::order::sort(&mut p.hand);
        }
        let mut tie_order: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut tie_order);
        let mut tasks = VecDeque::new();
        for seat in 0..n {
            tasks.push_back(Task::Build {
                seat,
                bastion: false,
            });
        }
        tasks.push_back(Task::BeginPlay);
        Ok(State {
            n,
            gods_rule,
            table,
            players,
            building,
            siege,
            rng,
            tasks,
            munitions: Vec::new(),
            turn_seat: None,
            resume_with: None,
            dirty: vec![false; n],
            tower: None,
            winner: None,
            eliminated_count: 0,
            tie_order,
            turns: 0,
            designs: designs()?,
        })
    }
}
