//! Catapult Castle rules: the state of the table as integers and `apply`, which turns decisions
//! and shot facts into events. Pure: no physics, no window. Every decision that the rulebook
//! leaves open is explained in docs/rules/castle.md.

use crate::core::{
    rank, Choice, Deck, Event, Move, Outcome, Ranking, Refusal, Rng, RuleResult, TurnOrder,
};
use nanoserde::DeJson;

/// The deck mix (ours; the rulebook does not give it), embedded so the web build reads no file.
pub const DECKS_JSON: &str = include_str!("../../../assets/castle/decks.json");

/// Ammo in the game, and in the solo game.
pub const AMMO: u32 = 36;
pub const SOLO_AMMO: u32 = 18;
pub const TOWERS: u32 = 16;
/// Solo: rearrangements allowed, and the highest stack they may build.
pub const SOLO_REARRANGEMENTS: u32 = 2;
pub const SOLO_MAX_STACK: usize = 3;
/// Towers stand on at most this many levels (a stack higher than this cannot be built).
pub const MAX_STACK: usize = 8;

/// Facts a shot reports (see table.rs).
pub const FACT_IN_TOWER: &str = "ammo_in_tower";
pub const FACT_ROOF: &str = "ammo_touched_roof";
pub const FACT_FELL: &str = "ammo_fell";
pub const FACT_REST: &str = "ammo_rest";
pub const FACT_FIRST_CONTACT: &str = "ammo_first_contact";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    ExtraShot,
    MagicToss,
    StrongAmmo,
    ReinforcedRoof,
}

impl Effect {
    pub fn parse(name: &str) -> Option<Effect> {
        match name {
            "extra_shot" => Some(Effect::ExtraShot),
            "magic_toss" => Some(Effect::MagicToss),
            "strong_ammo" => Some(Effect::StrongAmmo),
            "reinforced_roof" => Some(Effect::ReinforcedRoof),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Effect::ExtraShot => "Extra Shot",
            Effect::MagicToss => "Magic Toss",
            Effect::StrongAmmo => "Strong Ammo",
            Effect::ReinforcedRoof => "Reinforced Roof",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Card {
    /// 0..32: deck × 8 + position in the deck file.
    pub id: u32,
    /// Which deck (royalty on the back) it belongs to: its discard pile.
    pub deck: usize,
    pub effect: Effect,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tower {
    pub id: u32,
    /// Balls resting inside it (they stay for the rest of the game).
    pub ammo: u32,
    /// The face-down card it stands on when it is stacked on another tower.
    pub card_below: Option<Card>,
}

impl Tower {
    pub fn new(id: u32) -> Self {
        Tower {
            id,
            ammo: 0,
            card_below: None,
        }
    }
}

/// One square of a mat: a stack of towers (bottom first) and an optional Reinforced Roof on top.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Square {
    pub stack: Vec<Tower>,
    pub roof: Option<Card>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mat {
    /// The seat it is assigned to (None: an unassigned mat in the 2-player and solo games).
    pub owner: Option<usize>,
    /// Its deck (the royalty of its colour).
    pub deck: usize,
    pub squares: Vec<Square>,
}

impl Mat {
    pub fn towers(&self) -> usize {
        self.squares.iter().map(|s| s.stack.len()).sum()
    }

    pub fn ammo(&self) -> u32 {
        self.squares
            .iter()
            .flat_map(|s| s.stack.iter())
            .map(|t| t.ammo)
            .sum()
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Cards only stack towers; their effects are not used.
    pub beginners: bool,
    /// Mats with 3 squares, the extra tower stacked at setup, everyone draws a card.
    pub experts: bool,
}

impl Options {
    pub fn parse(options: &[String], solo: bool) -> RuleResult<Options> {
        let mut o = Options::default();
        for name in options {
            match name.as_str() {
                "beginners" => o.beginners = true,
                "experts" => o.experts = true,
                other => crate::refuse!("Catapult Castle has no option `{other}`"),
            }
        }
        if solo && (o.beginners || o.experts) {
            crate::refuse!("the solo game has its own rules: the beginners and experts options need 2 to 4 players");
        }
        Ok(o)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The acting seat plays cards, places its catapult and shoots.
    Aim,
    /// Solo: the towers are being rearranged (`move_tower` … `done`).
    Rearrange,
    /// The shooter puts the towers it took on its mat, one by one (first in the list first).
    Place {
        towers: Vec<Tower>,
        victim: Option<usize>,
        /// How many towers this shot took (the victim may draw that many cards).
        taken: u32,
    },
    /// The player whose towers were taken may draw, once per tower taken.
    Draw {
        victim: usize,
        left: u32,
    },
    Over,
}

/// What the acting seat has done and may still do this turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnState {
    pub seat: usize,
    pub shots_allowed: u32,
    pub shots_taken: u32,
    pub toss: bool,
    pub strong: bool,
    /// Solo: the mat the catapult fired from on the last shot.
    pub fired_from: Option<usize>,
}

impl TurnState {
    fn new(seat: usize) -> Self {
        TurnState {
            seat,
            shots_allowed: 1,
            shots_taken: 0,
            toss: false,
            strong: false,
            fired_from: None,
        }
    }
}

/// A corner where the catapult may stand: a mat and its end (0 = left, 1 = right).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Corner {
    pub mat: usize,
    pub end: usize,
}

#[derive(Clone, Debug)]
pub struct State {
    pub seats: usize,
    pub solo: bool,
    pub options: Options,
    pub deck_names: Vec<String>,
    pub mats: Vec<Mat>,
    /// One deck per colour (4), indexed like `deck_names`; `deck_in_play` is false for a deck
    /// that went back to the box.
    pub decks: Vec<Deck<Card>>,
    pub deck_in_play: Vec<bool>,
    pub hands: Vec<Vec<Card>>,
    /// Ammo in the supply piles.
    pub supply: u32,
    /// Solo: shots fired so far (missed ammo is gone).
    pub spent: u32,
    /// Towers returned to the box at setup (3 players).
    pub boxed_towers: Vec<Tower>,
    /// Cards not used in the solo game: they go under stacked towers.
    pub boxed_cards: Vec<Card>,
    /// Solo: towers removed from play.
    pub removed: Vec<Tower>,
    pub rearrangements_left: u32,
    /// Per seat: the catapult stands on the game box.
    pub stand: Vec<bool>,
    /// Per seat: index into `corners(seat)`.
    pub corner: Vec<usize>,
    pub turn: TurnState,
    pub phase: Phase,
    pub order: TurnOrder,
    pub rng: Rng,
    pub turns_played: u32,
}

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

/// The solo rank for a score, word for word from the rulebook (0 counts as "1-4").
pub fn solo_title(score: i64) -> &'static str {
    match score {
        i64::MIN..=4 => "Need more practice!",
        5..=8 => "Beginner catapulter",
        9..=12 => "Experienced catapulter",
        13..=14 => "Expert catapulter",
        15..=16 => "Master catapulter!",
        17..=19 => "Catapult commander!",
        _ => "Catapult WIZARD!",
    }
}

/// Which mat each seat plays at: 2 players sit at the two ends of the row with the two unassigned
/// mats between them; otherwise seat i has mat i.
pub fn seat_mats(seats: usize) -> Vec<usize> {
    match seats {
        2 => vec![0, 3],
        n => (0..n).collect(),
    }
}

fn ev(kind: &str, seat: Option<usize>, args: &[i64], text: impl Into<String>) -> Event {
    Event::new(kind, seat, args, text)
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
                let Some((card, _)) = decks[m].draw(&mut rng) else {
                    crate::refuse!("deck {} is empty at setup", deck_names[m]);
                };
                let mut t = Tower::new(next_tower);
                next_tower += 1;
                t.card_below = Some(card);
                mats[m].squares[sq].stack.push(t);
                events.push(ev(
                    "setup_stack",
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
            "setup",
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

    // ---- queries -------------------------------------------------------------------------

    pub fn squares_per_mat(&self) -> usize {
        self.mats.first().map(|m| m.squares.len()).unwrap_or(0)
    }

    pub fn mat_of(&self, seat: usize) -> Option<usize> {
        self.mats.iter().position(|m| m.owner == Some(seat))
    }

    pub fn towers_of(&self, seat: usize) -> usize {
        self.mat_of(seat)
            .map(|m| self.mats[m].towers())
            .unwrap_or(0)
    }

    pub fn ammo_of(&self, seat: usize) -> u32 {
        self.mat_of(seat).map(|m| self.mats[m].ammo()).unwrap_or(0)
    }

    pub fn towers_on_mats(&self) -> usize {
        self.mats.iter().map(|m| m.towers()).sum()
    }

    /// Ammo inside towers: on the mats, and in towers just taken and not yet placed.
    pub fn ammo_in_towers(&self) -> u32 {
        let pending: u32 = match &self.phase {
            Phase::Place { towers, .. } => towers.iter().map(|t| t.ammo).sum(),
            _ => 0,
        };
        self.mats.iter().map(|m| m.ammo()).sum::<u32>() + pending
    }

    /// (mat, square, level) of a tower on the table.
    pub fn find_tower(&self, id: u32) -> Option<(usize, usize, usize)> {
        for (m, mat) in self.mats.iter().enumerate() {
            for (s, sq) in mat.squares.iter().enumerate() {
                if let Some(l) = sq.stack.iter().position(|t| t.id == id) {
                    return Some((m, s, l));
                }
            }
        }
        None
    }

    /// The corners the seat's catapult may stand at: the outside corner of its mat (both ends for
    /// the middle mat of three, which are equally far from the centre), every corner in solo.
    pub fn corners(&self, seat: usize) -> Vec<Corner> {
        let n = self.mats.len();
        if self.solo {
            return (0..n)
                .flat_map(|mat| [Corner { mat, end: 0 }, Corner { mat, end: 1 }])
                .collect();
        }
        let Some(mat) = self.mat_of(seat) else {
            return Vec::new();
        };
        let twice = 2 * mat;
        if twice + 1 < n {
            vec![Corner { mat, end: 0 }]
        } else if twice + 1 > n {
            vec![Corner { mat, end: 1 }]
        } else {
            vec![Corner { mat, end: 0 }, Corner { mat, end: 1 }]
        }
    }

    pub fn current_corner(&self) -> Option<Corner> {
        let seat = self.turn.seat;
        let cs = self.corners(seat);
        cs.get(self.corner.get(seat).copied().unwrap_or(0))
            .or(cs.first())
            .copied()
    }

    /// The seat expected to act, or None when the game is over.
    pub fn acting(&self) -> Option<usize> {
        match &self.phase {
            Phase::Over => None,
            Phase::Draw { victim, .. } => Some(*victim),
            _ => Some(self.turn.seat),
        }
    }

    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// A shot is expected now (the acting seat is aiming and there is ammo to load).
    pub fn expects_shot(&self) -> bool {
        self.phase == Phase::Aim
            && self.supply > 0
            && self.turn.shots_taken < self.turn.shots_allowed
    }

    pub fn effects_allowed(&self) -> bool {
        !self.options.beginners
    }

    /// The solo score: towers removed plus ammo left.
    pub fn solo_score(&self) -> i64 {
        self.removed.len() as i64 + self.supply as i64
    }

    /// Towers held per seat (solo: the solo score).
    pub fn scores(&self) -> Vec<i64> {
        if self.solo {
            return vec![self.solo_score()];
        }
        (0..self.seats).map(|s| self.towers_of(s) as i64).collect()
    }

    /// Most towers; then most ammo inside your towers; then most cards in hand; then later in
    /// turn order.
    pub fn ranking(&self) -> Ranking {
        if self.solo {
            return rank(&["score"], &[vec![self.solo_score()]]);
        }
        let keys: Vec<Vec<i64>> = (0..self.seats)
            .map(|s| {
                let position = self.order.order().iter().position(|&o| o == s).unwrap_or(0);
                vec![
                    self.towers_of(s) as i64,
                    self.ammo_of(s) as i64,
                    self.hands[s].len() as i64,
                    position as i64,
                ]
            })
            .collect();
        rank(
            &[
                "towers",
                "ammo in towers",
                "cards in hand",
                "later in turn order",
            ],
            &keys,
        )
    }

    /// Can `tower_count` captured towers all find a place on `seat`'s mat?
    fn capacity(&self, seat: usize) -> usize {
        let Some(m) = self.mat_of(seat) else {
            return 0;
        };
        let mat = &self.mats[m];
        let empty = mat.squares.iter().filter(|s| s.stack.is_empty()).count();
        let stackable = mat.squares.iter().filter(|s| s.roof.is_none()).count();
        let cards = self.decks[mat.deck].available() + self.hands[seat].len();
        if stackable == 0 {
            empty
        } else {
            empty + cards
        }
    }

    // ---- choices ---------------------------------------------------------------------------

    pub fn choices(&self) -> Vec<Choice> {
        let mut out = Vec::new();
        let Some(seat) = self.acting() else {
            return out;
        };
        let mut add = |label: String, action: &str, args: &[i64]| {
            out.push(Choice {
                label,
                mv: Move::decide(seat, action, args),
            })
        };
        match &self.phase {
            Phase::Over => {}
            Phase::Aim => {
                if self.effects_allowed() && self.turn.shots_taken == 0 {
                    for (i, c) in self.hands[seat].iter().enumerate() {
                        match c.effect {
                            Effect::ReinforcedRoof => {
                                for (m, mat) in self.mats.iter().enumerate() {
                                    for (s, sq) in mat.squares.iter().enumerate() {
                                        if !sq.stack.is_empty() && sq.roof.is_none() {
                                            add(
                                                format!(
                                                    "Reinforced Roof on mat {} square {}",
                                                    m + 1,
                                                    s + 1
                                                ),
                                                "play",
                                                &[i as i64, m as i64, s as i64],
                                            );
                                        }
                                    }
                                }
                            }
                            Effect::MagicToss if self.turn.toss => {}
                            Effect::StrongAmmo if self.turn.strong => {}
                            e => add(format!("Play {}", e.name()), "play", &[i as i64]),
                        }
                    }
                }
                let on = self.stand.get(seat).copied().unwrap_or(false);
                add(
                    if on {
                        "Take the catapult off the box".into()
                    } else {
                        "Stand the catapult on the box".into()
                    },
                    "stand",
                    &[if on { 0 } else { 1 }],
                );
                let current = self.corner.get(seat).copied().unwrap_or(0);
                let may_move = self.solo || self.turn.shots_taken == 0;
                for (i, c) in self.corners(seat).iter().enumerate() {
                    if i != current && may_move {
                        let side = if c.end == 0 { "left" } else { "right" };
                        add(
                            format!("Catapult to the {side} corner of mat {}", c.mat + 1),
                            "corner",
                            &[i as i64],
                        );
                    }
                }
                if self.solo && self.rearrangements_left > 0 {
                    add(
                        format!("Rearrange the towers ({} left)", self.rearrangements_left),
                        "rearrange",
                        &[],
                    );
                }
                if self.turn.shots_taken > 0 {
                    add("End the turn (skip the extra shot)".into(), "end_turn", &[]);
                }
            }
            Phase::Rearrange => {
                add("Done rearranging".into(), "done", &[]);
                for (fm, fmat) in self.mats.iter().enumerate() {
                    for (fs, fsq) in fmat.squares.iter().enumerate() {
                        if fsq.stack.is_empty() {
                            continue;
                        }
                        for (tm, tmat) in self.mats.iter().enumerate() {
                            for (ts, tsq) in tmat.squares.iter().enumerate() {
                                if (tm, ts) != (fm, fs) && tsq.stack.len() < SOLO_MAX_STACK {
                                    add(
                                        format!("Move the tower from mat {} square {} to mat {} square {}", fm + 1, fs + 1, tm + 1, ts + 1),
                                        "move_tower",
                                        &[fm as i64, fs as i64, tm as i64, ts as i64],
                                    );
                                }
                            }
                        }
                    }
                }
            }
            Phase::Place { .. } => {
                let Some(m) = self.mat_of(seat) else {
                    return out;
                };
                let mat = &self.mats[m];
                let empty: Vec<usize> = (0..mat.squares.len())
                    .filter(|&s| mat.squares[s].stack.is_empty())
                    .collect();
                if !empty.is_empty() {
                    for s in empty {
                        add(
                            format!("Place the tower on square {}", s + 1),
                            "place",
                            &[s as i64],
                        );
                    }
                } else {
                    let deck = &self.decks[mat.deck];
                    let hand = &self.hands[seat];
                    for (s, sq) in mat.squares.iter().enumerate() {
                        if sq.roof.is_some() || sq.stack.len() >= MAX_STACK {
                            continue;
                        }
                        if !deck.is_empty() || (hand.is_empty() && deck.available() > 0) {
                            add(
                                format!(
                                    "Stack the tower on square {} (card from your deck)",
                                    s + 1
                                ),
                                "stack",
                                &[s as i64, -1],
                            );
                        } else {
                            for (i, c) in hand.iter().enumerate() {
                                add(
                                    format!(
                                        "Stack the tower on square {} (give up {})",
                                        s + 1,
                                        c.effect.name()
                                    ),
                                    "stack",
                                    &[s as i64, i as i64],
                                );
                            }
                        }
                    }
                }
            }
            Phase::Draw { .. } => {
                add("Draw a card".into(), "draw", &[]);
                add("Do not draw".into(), "decline", &[]);
            }
        }
        out
    }

    // ---- apply ------------------------------------------------------------------------------

    pub fn apply(&mut self, mv: &Move) -> RuleResult<Vec<Event>> {
        let Some(acting) = self.acting() else {
            crate::refuse!("the game is over");
        };
        let seat = mv.seat as usize;
        if seat != acting {
            crate::refuse!("it is seat {}'s move, not seat {}'s", acting + 1, seat + 1);
        }
        let phase = self.phase.clone();
        match (&phase, mv.action.as_str()) {
            (Phase::Aim, "shot") => self.apply_shot(seat, mv),
            (Phase::Aim, "play") => self.play_card(seat, mv),
            (Phase::Aim, "stand") => {
                let on = match mv.arg(0)? {
                    0 => false,
                    1 => true,
                    v => crate::refuse!("stand takes 1 (on the box) or 0 (off it), not {v}"),
                };
                if self.stand[seat] == on {
                    crate::refuse!(
                        "the catapult is already {}",
                        if on { "on the box" } else { "off the box" }
                    );
                }
                self.stand[seat] = on;
                Ok(vec![ev(
                    "stand",
                    Some(seat),
                    &[on as i64],
                    if on {
                        "The catapult stands on the game box"
                    } else {
                        "The catapult stands on the table"
                    },
                )])
            }
            (Phase::Aim, "corner") => {
                let i = mv.arg(0)?;
                let cs = self.corners(seat);
                if i < 0 || i as usize >= cs.len() {
                    crate::refuse!(
                        "corner {i} does not exist: this catapult has {} corner(s)",
                        cs.len()
                    );
                }
                if self.turn.shots_taken > 0 && !self.solo {
                    crate::refuse!("the catapult stays where it is for the rest of the turn");
                }
                self.corner[seat] = i as usize;
                let c = cs[i as usize];
                Ok(vec![ev(
                    "corner",
                    Some(seat),
                    &[c.mat as i64, c.end as i64],
                    format!(
                        "The catapult moves to the {} corner of mat {}",
                        if c.end == 0 { "left" } else { "right" },
                        c.mat + 1
                    ),
                )])
            }
            (Phase::Aim, "rearrange") => {
                if !self.solo {
                    crate::refuse!("rearranging the towers is only allowed in the solo game");
                }
                if self.rearrangements_left == 0 {
                    crate::refuse!("both rearrangements have been used");
                }
                self.rearrangements_left -= 1;
                self.phase = Phase::Rearrange;
                Ok(vec![ev(
                    "rearrange_start",
                    Some(seat),
                    &[self.rearrangements_left as i64],
                    format!(
                        "Rearranging the towers ({} rearrangement(s) left after this)",
                        self.rearrangements_left
                    ),
                )])
            }
            (Phase::Aim, "end_turn") => {
                if self.turn.shots_taken == 0 {
                    crate::refuse!("take your shot first: only an extra shot may be skipped");
                }
                Ok(self.end_turn())
            }
            (Phase::Rearrange, "move_tower") => self.move_tower(mv),
            (Phase::Rearrange, "done") => {
                self.phase = Phase::Aim;
                Ok(vec![ev(
                    "rearrange_done",
                    Some(seat),
                    &[],
                    "The towers are rearranged",
                )])
            }
            (Phase::Place { .. }, "place") | (Phase::Place { .. }, "stack") => {
                self.place_tower(seat, mv)
            }
            (Phase::Draw { .. }, "draw") | (Phase::Draw { .. }, "decline") => {
                let Phase::Draw { victim, left } = phase else {
                    crate::refuse!("no card to draw now");
                };
                let mut events = if mv.action == "draw" {
                    let e = self.draw_card(victim);
                    if e.is_empty() {
                        crate::refuse!(
                            "your deck and discard pile are empty: there is no card to draw"
                        );
                    }
                    e
                } else {
                    vec![ev(
                        "draw_declined",
                        Some(victim),
                        &[],
                        "Does not draw a card",
                    )]
                };
                let left = left.saturating_sub(1);
                let can_draw = self
                    .mat_of(victim)
                    .map(|m| self.decks[self.mats[m].deck].available() > 0)
                    .unwrap_or(false);
                if left > 0 && can_draw {
                    self.phase = Phase::Draw { victim, left };
                } else {
                    events.extend(self.after_shot());
                }
                Ok(events)
            }
            (p, a) => crate::refuse!("`{a}` is not possible now (phase: {})", phase_name(p)),
        }
    }

    /// Draws the top card of the seat's deck (reshuffling its discard pile if needed) into hand.
    fn draw_card(&mut self, seat: usize) -> Vec<Event> {
        let Some(m) = self.mat_of(seat) else {
            return Vec::new();
        };
        let d = self.mats[m].deck;
        let mut events = Vec::new();
        if let Some((card, reshuffled)) = self.decks[d].draw(&mut self.rng) {
            if reshuffled {
                events.push(ev(
                    "reshuffled",
                    Some(seat),
                    &[d as i64],
                    format!(
                        "The {} discard pile is shuffled into a new deck",
                        self.deck_names[d]
                    ),
                ));
            }
            self.hands[seat].push(card);
            events.push(ev(
                "card_drawn",
                Some(seat),
                &[card.id as i64],
                "Draws a card",
            ));
        }
        events
    }

    fn play_card(&mut self, seat: usize, mv: &Move) -> RuleResult<Vec<Event>> {
        if !self.effects_allowed() {
            crate::refuse!("the beginners' rules use cards only to stack towers");
        }
        if self.turn.shots_taken > 0 {
            crate::refuse!("cards are played before the turn's first shot");
        }
        let i = mv.arg(0)?;
        if i < 0 || i as usize >= self.hands[seat].len() {
            crate::refuse!(
                "there is no card {} in your hand ({} cards)",
                i,
                self.hands[seat].len()
            );
        }
        let card = self.hands[seat][i as usize];
        let mut events = Vec::new();
        match card.effect {
            Effect::ExtraShot => {
                self.turn.shots_allowed += 1;
            }
            Effect::MagicToss => {
                if self.turn.toss {
                    crate::refuse!("Magic Toss is already in effect this turn");
                }
                self.turn.toss = true;
            }
            Effect::StrongAmmo => {
                if self.turn.strong {
                    crate::refuse!("Strong Ammo is already in effect this turn");
                }
                self.turn.strong = true;
            }
            Effect::ReinforcedRoof => {
                let (m, s) = (mv.arg(1)?, mv.arg(2)?);
                if m < 0
                    || m as usize >= self.mats.len()
                    || s < 0
                    || s as usize >= self.squares_per_mat()
                {
                    crate::refuse!("there is no square {} on mat {}", s + 1, m + 1);
                }
                let sq = &mut self.mats[m as usize].squares[s as usize];
                if sq.stack.is_empty() {
                    crate::refuse!(
                        "a Reinforced Roof goes on a tower: square {} of mat {} is empty",
                        s + 1,
                        m + 1
                    );
                }
                if sq.roof.is_some() {
                    crate::refuse!("that tower already has a Reinforced Roof");
                }
                sq.roof = Some(card);
                self.hands[seat].remove(i as usize);
                events.push(ev(
                    "roof_placed",
                    Some(seat),
                    &[m, s],
                    format!(
                        "A Reinforced Roof goes on the tower on square {} of mat {}",
                        s + 1,
                        m + 1
                    ),
                ));
                return Ok(events);
            }
        }
        self.hands[seat].remove(i as usize);
        if !self.solo {
            self.decks[card.deck].put_discard(card);
        } else {
            self.boxed_cards.push(card);
        }
        events.push(ev(
            "card_played",
            Some(seat),
            &[card.id as i64],
            format!("Plays {}", card.effect.name()),
        ));
        Ok(events)
    }

    fn move_tower(&mut self, mv: &Move) -> RuleResult<Vec<Event>> {
        let (fm, fs, tm, ts) = (mv.arg(0)?, mv.arg(1)?, mv.arg(2)?, mv.arg(3)?);
        let n = self.mats.len() as i64;
        let q = self.squares_per_mat() as i64;
        for (m, s) in [(fm, fs), (tm, ts)] {
            if m < 0 || m >= n || s < 0 || s >= q {
                crate::refuse!("there is no square {} on mat {}", s + 1, m + 1);
            }
        }
        if (fm, fs) == (tm, ts) {
            crate::refuse!("a tower must move to another square");
        }
        let (fm, fs, tm, ts) = (fm as usize, fs as usize, tm as usize, ts as usize);
        if self.mats[fm].squares[fs].stack.is_empty() {
            crate::refuse!("square {} of mat {} has no tower", fs + 1, fm + 1);
        }
        if self.mats[tm].squares[ts].stack.len() >= SOLO_MAX_STACK {
            crate::refuse!("towers stack at most {} high", SOLO_MAX_STACK);
        }
        if self.mats[tm].squares[ts].roof.is_some() {
            crate::refuse!("nothing may be stacked on a Reinforced Roof");
        }
        let stacking = !self.mats[tm].squares[ts].stack.is_empty();
        let frees_card = self.mats[fm].squares[fs]
            .stack
            .last()
            .is_some_and(|t| t.card_below.is_some());
        if stacking && self.boxed_cards.is_empty() && !frees_card {
            crate::refuse!("no spare card is left to put under a stacked tower");
        }
        // Every check is done: nothing below can fail half-way.
        let Some(mut tower) = self.mats[fm].squares[fs].stack.pop() else {
            crate::refuse!("square {} of mat {} has no tower", fs + 1, fm + 1);
        };
        if let Some(c) = tower.card_below.take() {
            self.boxed_cards.push(c);
        }
        if stacking && !self.boxed_cards.is_empty() {
            tower.card_below = Some(self.boxed_cards.remove(0));
        }
        let id = tower.id;
        self.mats[tm].squares[ts].stack.push(tower);
        Ok(vec![ev(
            "tower_moved",
            Some(0),
            &[id as i64, fm as i64, fs as i64, tm as i64, ts as i64],
            format!(
                "Tower moves from mat {} square {} to mat {} square {}",
                fm + 1,
                fs + 1,
                tm + 1,
                ts + 1
            ),
        )])
    }

    fn apply_shot(&mut self, seat: usize, mv: &Move) -> RuleResult<Vec<Event>> {
        if !self.expects_shot() {
            if self.supply == 0 {
                crate::refuse!("there is no ammo left in the supply");
            }
            crate::refuse!("no shot is left this turn");
        }
        let Some(outcome) = &mv.outcome else {
            crate::refuse!("a shot must carry its outcome");
        };
        let facts = ShotFacts::read(outcome)?;
        if let Some(l) = &mv.launch {
            if l.kind == "toss" && !self.turn.toss {
                crate::refuse!("a hand toss needs a Magic Toss card played this turn");
            }
        }
        let Some(corner) = self.current_corner() else {
            crate::refuse!("seat {} has no corner to shoot from", seat + 1);
        };
        let mut events = Vec::new();
        self.supply -= 1;
        self.turn.shots_taken += 1;
        self.turn.fired_from = Some(corner.mat);
        if self.solo {
            self.spent += 1;
        }
        events.push(ev(
            "shot",
            Some(seat),
            &[corner.mat as i64, corner.end as i64, self.supply as i64],
            format!(
                "Shoots from mat {} ({} ammo left in the supply)",
                corner.mat + 1,
                self.supply
            ),
        ));
        // Which squares had a roof when the ammo flew (a roofed tower cannot be taken this shot).
        let roofed_before: Vec<(usize, usize)> = self
            .mats
            .iter()
            .enumerate()
            .flat_map(|(m, mat)| {
                mat.squares
                    .iter()
                    .enumerate()
                    .filter(|(_, sq)| sq.roof.is_some())
                    .map(move |(s, _)| (m, s))
            })
            .collect();
        for &tid in &facts.roofs {
            let Some((m, s, _)) = self.find_tower(tid) else {
                crate::refuse!("fact {FACT_ROOF}: tower {tid} is not on the table");
            };
            events.extend(self.remove_roof(
                m,
                s,
                "The ammo bounces off the Reinforced Roof: the roof comes off",
            ));
        }
        let hit = match facts.in_tower {
            None => None,
            Some(tid) => {
                let Some((m, s, level)) = self.find_tower(tid) else {
                    crate::refuse!("fact {FACT_IN_TOWER}: tower {tid} is not on the table");
                };
                if level + 1 != self.mats[m].squares[s].stack.len() {
                    crate::refuse!(
                        "fact {FACT_IN_TOWER}: tower {tid} has another tower on top of it"
                    );
                }
                Some((tid, m, s))
            }
        };
        let Some((tid, m, s)) = hit else {
            events.extend(self.miss(
                seat,
                if facts.fell {
                    "The ammo falls off the table"
                } else {
                    "Miss"
                },
            ));
            return Ok(self.finish_shot(events));
        };
        if roofed_before.contains(&(m, s)) {
            events.extend(self.remove_roof(
                m,
                s,
                "The Reinforced Roof holds: the shot does not count and the roof comes off",
            ));
            events.extend(self.miss(seat, "The roof turned the shot away"));
            return Ok(self.finish_shot(events));
        }
        if self.solo {
            return Ok(self.solo_hit(seat, tid, m, s, corner.mat, events));
        }
        let owner = self.mats[m].owner;
        if owner == Some(seat) {
            events.extend(self.miss(seat, "The ammo landed in your own tower: that is a miss"));
            return Ok(self.finish_shot(events));
        }
        // A hit: the ammo stays in the tower; take the top tower (the whole stack with Strong Ammo).
        let stack_len = self.mats[m].squares[s].stack.len();
        let want = if self.turn.strong && self.effects_allowed() {
            stack_len
        } else {
            1
        };
        let can = self.capacity(seat).min(want);
        if let Some(t) = self.mats[m].squares[s].stack.last_mut() {
            t.ammo += 1;
        }
        events.push(ev(
            "hit",
            Some(seat),
            &[tid as i64, m as i64, s as i64],
            format!(
                "Hit! The ammo rests inside the tower on square {} of mat {}",
                s + 1,
                m + 1
            ),
        ));
        if can == 0 {
            events.push(ev(
                "cannot_take",
                Some(seat),
                &[tid as i64],
                "No empty square and no card to stack with: the tower stays where it is",
            ));
            return Ok(self.finish_shot(events));
        }
        let mut taken = Vec::new();
        for _ in 0..can {
            let Some(mut t) = self.mats[m].squares[s].stack.pop() else {
                break;
            };
            if let Some(card) = t.card_below.take() {
                self.decks[card.deck].put_discard(card);
                events.push(ev(
                    "card_discarded",
                    owner,
                    &[card.id as i64, card.deck as i64],
                    format!(
                        "The card under it goes face-up to the {} discard pile",
                        self.deck_names[card.deck]
                    ),
                ));
            }
            events.push(ev(
                "tower_taken",
                Some(seat),
                &[
                    t.id as i64,
                    m as i64,
                    s as i64,
                    owner.map(|o| o as i64).unwrap_or(-1),
                ],
                format!("Takes the tower from square {} of mat {}", s + 1, m + 1),
            ));
            taken.push(t);
        }
        self.phase = Phase::Place {
            taken: taken.len() as u32,
            towers: taken,
            victim: owner,
        };
        Ok(events)
    }

    fn solo_hit(
        &mut self,
        seat: usize,
        tid: u32,
        m: usize,
        s: usize,
        fired: usize,
        mut events: Vec<Event>,
    ) -> Vec<Event> {
        if m == fired {
            if let Some(t) = self.mats[m].squares[s].stack.last_mut() {
                t.ammo += 1;
            }
            events.push(ev(
                "same_mat",
                Some(seat),
                &[tid as i64, m as i64],
                "The ammo landed in a tower on the mat you fired from: it stays there, the tower stays in play",
            ));
            return self.finish_shot(events);
        }
        let stack_len = self.mats[m].squares[s].stack.len();
        let n = if self.turn.strong { stack_len } else { 1 };
        for _ in 0..n {
            let Some(mut t) = self.mats[m].squares[s].stack.pop() else {
                break;
            };
            if let Some(c) = t.card_below.take() {
                self.boxed_cards.push(c);
            }
            events.push(ev(
                "tower_removed",
                Some(seat),
                &[t.id as i64, m as i64, s as i64],
                format!("The tower on square {} of mat {} leaves play", s + 1, m + 1),
            ));
            self.removed.push(t);
        }
        self.finish_shot(events)
    }

    fn miss(&mut self, seat: usize, why: &str) -> Vec<Event> {
        if self.solo {
            return vec![ev(
                "miss",
                Some(seat),
                &[],
                format!("{why}: the ammo is spent"),
            )];
        }
        self.supply += 1;
        vec![
            ev("miss", Some(seat), &[], why.to_string()),
            ev(
                "ammo_returned",
                Some(seat),
                &[self.supply as i64],
                format!("The ammo goes back to the supply ({})", self.supply),
            ),
        ]
    }

    fn remove_roof(&mut self, m: usize, s: usize, text: &str) -> Vec<Event> {
        let Some(card) = self.mats[m].squares[s].roof.take() else {
            return Vec::new();
        };
        self.decks[card.deck].put_discard(card);
        vec![ev(
            "roof_removed",
            self.mats[m].owner,
            &[m as i64, s as i64, card.id as i64],
            text.to_string(),
        )]
    }

    /// After a shot without towers to place.
    fn finish_shot(&mut self, mut events: Vec<Event>) -> Vec<Event> {
        events.extend(self.after_shot());
        events
    }

    /// Another shot this turn if one is left (Extra Shot) and there is ammo, else the turn ends.
    fn after_shot(&mut self) -> Vec<Event> {
        if !self.solo && self.turn.shots_taken < self.turn.shots_allowed && self.supply > 0 {
            self.phase = Phase::Aim;
            return vec![ev(
                "extra_shot",
                Some(self.turn.seat),
                &[(self.turn.shots_allowed - self.turn.shots_taken) as i64],
                "Extra Shot: one more shot this turn",
            )];
        }
        self.end_turn()
    }

    fn place_tower(&mut self, seat: usize, mv: &Move) -> RuleResult<Vec<Event>> {
        let Phase::Place {
            towers,
            victim,
            taken,
        } = self.phase.clone()
        else {
            crate::refuse!("there is no tower to place");
        };
        let Some(m) = self.mat_of(seat) else {
            crate::refuse!("seat {} has no mat", seat + 1);
        };
        let sq = mv.arg(0)?;
        if sq < 0 || sq as usize >= self.mats[m].squares.len() {
            crate::refuse!("there is no square {} on your mat", sq + 1);
        }
        let sq = sq as usize;
        let Some((first, rest)) = towers.split_first() else {
            crate::refuse!("there is no tower to place");
        };
        let mut tower = first.clone();
        let empty = self.mats[m].squares.iter().any(|s| s.stack.is_empty());
        let mut events = Vec::new();
        if mv.action == "place" {
            if !self.mats[m].squares[sq].stack.is_empty() {
                crate::refuse!(
                    "square {} is not empty: place the tower on an empty square",
                    sq + 1
                );
            }
            events.push(ev(
                "tower_placed",
                Some(seat),
                &[tower.id as i64, m as i64, sq as i64],
                format!("Places the tower on square {}", sq + 1),
            ));
        } else {
            if empty {
                crate::refuse!("you have an empty square: the tower must be placed there");
            }
            if self.mats[m].squares[sq].roof.is_some() {
                crate::refuse!("nothing may be stacked on a Reinforced Roof");
            }
            if self.mats[m].squares[sq].stack.len() >= MAX_STACK {
                crate::refuse!("that stack is as high as it can go");
            }
            let from = mv.arg(1)?;
            let d = self.mats[m].deck;
            let card = if from < 0 {
                let deck_ok = !self.decks[d].is_empty()
                    || (self.hands[seat].is_empty() && self.decks[d].available() > 0);
                if !deck_ok {
                    crate::refuse!("your deck is empty: give up a card from your hand (stack SQUARE HAND_INDEX)");
                }
                let Some((card, reshuffled)) = self.decks[d].draw(&mut self.rng) else {
                    crate::refuse!("no card is left to stack with");
                };
                if reshuffled {
                    events.push(ev(
                        "reshuffled",
                        Some(seat),
                        &[d as i64],
                        format!(
                            "The {} discard pile is shuffled into a new deck",
                            self.deck_names[d]
                        ),
                    ));
                }
                card
            } else {
                if !self.decks[d].is_empty() {
                    crate::refuse!(
                        "the card comes from the top of your deck while it has cards (use -1)"
                    );
                }
                if from as usize >= self.hands[seat].len() {
                    crate::refuse!("there is no card {} in your hand", from);
                }
                self.hands[seat].remove(from as usize)
            };
            tower.card_below = Some(card);
            events.push(ev(
                "tower_stacked",
                Some(seat),
                &[tower.id as i64, m as i64, sq as i64, card.id as i64],
                format!("Stacks the tower on square {} on a face-down card", sq + 1),
            ));
        }
        self.mats[m].squares[sq].stack.push(tower);
        if !rest.is_empty() {
            self.phase = Phase::Place {
                towers: rest.to_vec(),
                victim,
                taken,
            };
            return Ok(events);
        }
        match victim {
            Some(v)
                if v != seat
                    && self
                        .mat_of(v)
                        .map(|vm| self.decks[self.mats[vm].deck].available() > 0)
                        .unwrap_or(false) =>
            {
                self.phase = Phase::Draw {
                    victim: v,
                    left: taken,
                };
            }
            _ => events.extend(self.after_shot()),
        }
        Ok(events)
    }

    fn end_turn(&mut self) -> Vec<Event> {
        let seat = self.turn.seat;
        self.turns_played += 1;
        let mut events = vec![ev(
            "turn_end",
            Some(seat),
            &[self.turns_played as i64],
            "The turn ends",
        )];
        let over = if self.solo {
            self.supply == 0 || self.towers_on_mats() == 0
        } else {
            self.supply == 0 || (0..self.seats).any(|s| self.towers_of(s) == 0)
        };
        if over {
            self.phase = Phase::Over;
            let scores = self.scores();
            let text = if self.solo {
                format!(
                    "Game over: {} towers removed + {} ammo left = {} points: {}",
                    self.removed.len(),
                    self.supply,
                    self.solo_score(),
                    solo_title(self.solo_score())
                )
            } else if self.supply == 0 {
                "Game over: all the ammo is inside towers".to_string()
            } else {
                "Game over: a player has no towers left".to_string()
            };
            events.push(ev("game_over", None, &scores, text));
            return events;
        }
        self.order.advance();
        let next = self.order.current();
        self.turn = TurnState::new(next);
        self.phase = Phase::Aim;
        events.push(ev(
            "turn_start",
            Some(next),
            &[],
            format!("Seat {}'s turn", next + 1),
        ));
        events
    }
}

fn phase_name(p: &Phase) -> &'static str {
    match p {
        Phase::Aim => "aim",
        Phase::Rearrange => "rearrange",
        Phase::Place { .. } => "place the tower",
        Phase::Draw { .. } => "draw",
        Phase::Over => "game over",
    }
}

pub fn phase_label(p: &Phase) -> &'static str {
    match p {
        Phase::Aim => "Aim",
        Phase::Rearrange => "Rearrange",
        Phase::Place { .. } => "Place tower",
        Phase::Draw { .. } => "Draw?",
        Phase::Over => "Game over",
    }
}

/// The facts of one shot, checked for consistency.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ShotFacts {
    pub in_tower: Option<u32>,
    pub roofs: Vec<u32>,
    pub fell: bool,
    pub rest: Option<(i64, i64)>,
    pub first_contact: Option<(i64, i64)>,
}

impl ShotFacts {
    pub fn read(o: &Outcome) -> RuleResult<ShotFacts> {
        let mut f = ShotFacts::default();
        for fact in &o.facts {
            match fact.what.as_str() {
                FACT_IN_TOWER => {
                    if f.in_tower.is_some() {
                        crate::refuse!("one ball cannot rest in two towers");
                    }
                    let id = fact.arg(0)?;
                    if !(0..TOWERS as i64).contains(&id) {
                        crate::refuse!("fact {FACT_IN_TOWER}: there is no tower {id}");
                    }
                    f.in_tower = Some(id as u32);
                }
                FACT_ROOF => {
                    let id = fact.arg(0)?;
                    if !(0..TOWERS as i64).contains(&id) {
                        crate::refuse!("fact {FACT_ROOF}: there is no tower {id}");
                    }
                    if !f.roofs.contains(&(id as u32)) {
                        f.roofs.push(id as u32);
                    }
                }
                FACT_FELL => f.fell = true,
                FACT_REST => f.rest = Some((fact.arg(0)?, fact.arg(1)?)),
                FACT_FIRST_CONTACT => f.first_contact = Some((fact.arg(0)?, fact.arg(1)?)),
                other => crate::refuse!("unknown fact `{other}`"),
            }
        }
        if f.fell && f.in_tower.is_some() {
            crate::refuse!("the ammo cannot both fall off the table and rest in a tower");
        }
        Ok(f)
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
    idx.sort_by_key(|&s| {
        let x = m as i64 * pitch + 2 * s as i64 + 1;
        ((2 * x - row).abs(), s)
    });
    idx
}
