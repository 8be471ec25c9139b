//! Setting the table up: the deck file, which mat each seat gets, the towers and the cards.

use super::*;
use crate::games::castle::rules::events::Ev;

#[derive(DeJson)]
struct DeckFile {
    decks: Vec<DeckEntry>,
}

#[derive(DeJson)]
struct DeckEntry {
    name: String,
    cards: Vec<String>,
}

/// Reads the deck file: exactly 4 decks of 8 cards with known effects.
pub fn load_decks(text: &str) -> RuleResult<Vec<(String, Vec<Card>)>> {
    let file = DeckFile::deserialize_json(text)
        .map_err(|e| Refusal(format!("assets/castle/decks.json: {e}")))?;
    if file.decks.len() != 4 {
        crate::refuse!(
            "assets/castle/decks.json: 4 decks expected, found {}",
            file.decks.len()
        );
    }
    let mut out = Vec::new();
    for (d, entry) in file.decks.iter().enumerate() {
        if entry.cards.len() != 8 {
            crate::refuse!(
                "assets/castle/decks.json: deck {} ({}) has {} cards, 8 expected",
                d,
                entry.name,
                entry.cards.len()
            );
        }
        let mut cards = Vec::new();
        for (i, name) in entry.cards.iter().enumerate() {
            let Some(effect) = Effect::parse(name) else {
                crate::refuse!(
                    "assets/castle/decks.json: deck {} card {}: unknown effect `{name}`",
                    d,
                    i
                );
            };
            cards.push(Card {
                id: (d * 8 + i) as u32,
                deck: d,
                effect,
            });
        }
        out.push((entry.name.clone(), cards));
    }
    Ok(out)
}

/// Which mat each seat plays at: 2 players sit at the two ends of the row with the two unassigned
/// mats between them; otherwise seat i has mat i.
pub fn seat_mats(seats: usize) -> Vec<usize> {
    match seats {
        2 => vec![0, 3],
        n => (0..n).collect(),
    }
}

impl State {
    /// Sets the table up for `seats` players (1 = solo) as the rulebook describes.
    pub fn new(seats: usize, options: &[String], seed: u64) -> RuleResult<(State, Vec<Event>)> {
        if !(1..=4).contains(&seats) {
            crate::refuse!("Catapult Castle takes 1 to 4 players, not {seats}");
        }
        let solo = seats == 1;
        let options = Options::parse(options, solo)?;
        let decks_data = load_decks(DECKS_JSON)?;
        let mut rng = Rng::new(seed);
        let mut events = Vec::new();
        let n_mats = if seats == 3 { 3 } else { 4 };
        let squares = if options.experts { 3 } else { 4 };
        let owners = seat_mats(seats);
        let deck_names: Vec<String> = decks_data.iter().map(|(n, _)| n.clone()).collect();

        let mut decks = Vec::new();
        let mut boxed_cards = Vec::new();
        let mut solo_hand = Vec::new();
        if solo {
            // Solo: exactly 1 Magic Toss and 2 Strong Ammo in hand; every other card stays in
            // the box and is only used under stacked towers.
            let mut all: Vec<Card> = decks_data
                .iter()
                .flat_map(|(_, c)| c.iter().copied())
                .collect();
            for want in [Effect::MagicToss, Effect::StrongAmmo, Effect::StrongAmmo] {
                let Some(p) = all.iter().position(|c| c.effect == want) else {
                    crate::refuse!(
                        "the deck file lacks a {} card for the solo game",
                        want.name()
                    );
                };
                solo_hand.push(all.remove(p));
            }
            boxed_cards = all;
            for _ in 0..4 {
                decks.push(Deck {
                    cards: Vec::new(),
                    discard: Vec::new(),
                });
            }
        } else {
            for (_, cards) in &decks_data {
                decks.push(Deck::new(cards.clone(), &mut rng));
            }
        }
        let mut deck_in_play = vec![false; 4];
        let mut mats = Vec::new();
        for (m, in_play) in deck_in_play.iter_mut().enumerate().take(n_mats) {
            let owner = owners.iter().position(|&om| om == m).filter(|_| !solo);
            *in_play = owner.is_some();
            mats.push(Mat {
                owner,
                deck: m,
                squares: vec![Square::default(); squares],
            });
        }
        // Towers: one per square, then the extra ones stacked on the innermost squares.
        let per_mat: usize = if seats == 3 { 5 } else { 4 };
        let mut next_tower = 0u32;
        for mat in mats.iter_mut() {
            for sq in mat.squares.iter_mut() {
                sq.stack.push(Tower::new(next_tower));
                next_tower += 1;
            }
        }
        let inner = |m: usize| innermost_squares(n_mats, squares, m);
        for m in 0..n_mats {
            let extra = per_mat.saturating_sub(squares);
            if solo {
                break;
            }
            for k in 0..extra {
                let sq = inner(m)[k % squares];
                let Some((card, _)) =
                    decks[m].draw(crate::core::hidden::Seen::Nobody, &mut rng, &mut [])
                else {
                    crate::refuse!("deck {} is empty at setup", deck_names[m]);
                };
                let mut t = Tower::new(next_tower);
                next_tower += 1;
                t.card_below = Some(card);
                mats[m].squares[sq].stack.push(t);
                events.push(ev(
                    Ev::SetupStack,
                    mats[m].owner,
                    &[m as i64, sq as i64, (next_tower - 1) as i64],
                    format!(
                        "A {} card goes on square {} of mat {}, a tower on top of it",
                        deck_names[m],
                        sq + 1,
                        m + 1
                    ),
                ));
            }
        }
        let boxed_towers: Vec<Tower> = (next_tower..TOWERS).map(Tower::new).collect();
        // Unassigned mats' decks go back to the box (their setup cards, if any, stay on the mat).
        let mut hands = vec![Vec::new(); seats];
        if solo {
            hands[0] = solo_hand;
        }
        let mut state = State {
            seats,
            solo,
            options,
            deck_names,
            mats,
            decks,
            deck_in_play,
            hands,
            supply: if solo { SOLO_AMMO } else { AMMO },
            spent: 0,
            boxed_towers,
            boxed_cards,
            removed: Vec::new(),
            rearrangements_left: if solo { SOLO_REARRANGEMENTS } else { 0 },
            stand: vec![false; seats],
            corner: vec![0; seats],
            turn: TurnState::new(0),
            phase: Phase::Aim,
            order: TurnOrder::clockwise(seats, 0),
            rng,
            turns_played: 0,
        };
        if !solo {
            if options.experts {
                for s in 0..seats {
                    events.extend(state.draw_card(s));
                }
            }
            let last = TurnOrder::right_of(0, seats);
            events.extend(state.draw_card(last));
        }
        events.push(ev(
            Ev::Setup,
            None,
            &[
                seats as i64,
                n_mats as i64,
                squares as i64,
                state.supply as i64,
            ],
            format!(
                "{} mats of {} squares, {} towers, {} ammo; {} starts",
                n_mats,
                squares,
                state.towers_on_mats(),
                state.supply,
                if solo { "you" } else { "seat 1" }
            ),
        ));
        Ok((state, events))
    }
}

/// The innermost squares of mat `m` (nearest the middle of the row), innermost first; on equal
/// distance the lower index comes first.
pub fn innermost_squares(mats: usize, squares: usize, m: usize) -> Vec<usize> {
    // Square centres in half-square units from the row's centre, with mats `squares + gap` apart;
    // only the order matters, so integer units suffice (gap counted as 2 squares).
    let pitch = 2 * squares as i64 + 4;
    let row = mats as i64 * pitch - 4;
    let mut idx: Vec<usize> = (0..squares).collect();
    crate::core::order::sort_by_key(&mut idx, |&s| {
        let x = m as i64 * pitch + 2 * s as i64 + 1;
        ((2 * x - row).abs(), s)
    });
    idx
}
