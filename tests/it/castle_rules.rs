//! Catapult Castle rules, scenario by scenario (outcome-only shots with facts).
//! Over 800 lines on purpose: one scenario per rule, each short and independent.

use engine::core::game::prelude::*;

use engine::core::event::kinds;
use engine::core::seat::{default_seats, SeatKind};
use engine::core::LaunchKind;
use engine::core::{Event, Fact, Game, Launch, Move};
use engine::games::castle::rules::{
    load_decks, solo_title, Effect, Phase, DECKS_JSON, FACT_FELL, FACT_IN_TOWER, FACT_REST,
    FACT_ROOF,
};
use engine::games::castle::{Castle, TAG_MAT, TAG_TOWER};

fn game(n: usize, options: &[&str]) -> Castle {
    let opts: Vec<String> = options.iter().map(|s| s.to_string()).collect();
    match Castle::create(&opts, default_seats(n, SeatKind::Human), 7) {
        Ok(c) => c,
        Err(e) => panic!("setup refused: {e}"),
    }
}

fn ok(c: &mut Castle, mv: Move) -> Vec<Event> {
    match c.apply(&mv) {
        Ok(e) => e,
        Err(e) => panic!("{} {:?} refused: {e}", mv.action, mv.args),
    }
}

fn refused(c: &mut Castle, mv: Move) -> String {
    match c.apply(&mv) {
        Ok(e) => panic!(
            "{} {:?} should be refused, gave {:?}",
            mv.action,
            mv.args,
            kinds(&e)
        ),
        Err(e) => e.0,
    }
}

fn d(seat: usize, action: &str, args: &[i64]) -> Move {
    Move::decide(seat, action, args)
}

fn hit(seat: usize, tower: u32) -> Move {
    Move::outcome_only(
        seat,
        vec![
            Fact::new(FACT_IN_TOWER, &[tower as i64]),
            Fact::new(FACT_REST, &[0, 14]),
        ],
    )
}

fn miss(seat: usize) -> Move {
    Move::outcome_only(seat, vec![Fact::new(FACT_REST, &[0, 9])])
}

fn hit_top(c: &mut Castle, seat: usize, m: usize, s: usize) -> Vec<Event> {
    let t = top(c, m, s);
    ok(c, hit(seat, t))
}

fn top(c: &Castle, m: usize, s: usize) -> u32 {
    match c.state.mats[m].squares[s].stack.last() {
        Some(t) => t.id,
        None => panic!("no tower on mat {m} square {s}"),
    }
}

/// Puts a card with this effect from the seat's own deck (or any deck) into its hand; returns its
/// hand index.
fn give(c: &mut Castle, seat: usize, effect: Effect) -> i64 {
    let own = c.state.mat_of(seat).unwrap_or(0);
    let order: Vec<usize> = std::iter::once(own).chain(0..4).collect();
    for dk in order {
        if let Some(p) = c.state.decks[dk]
            .cards
            .iter()
            .position(|k| k.effect == effect)
        {
            let card = c.state.decks[dk].cards.remove(p);
            c.state.hands[seat].push(card);
            return c.state.hands[seat].len() as i64 - 1;
        }
    }
    panic!("no {effect:?} card left in any deck");
}

fn has(events: &[Event], kind: &str) -> bool {
    events.iter().any(|e| e.kind == kind)
}

// ---- setup --------------------------------------------------------------------------------

#[test]
fn two_players_sit_at_the_ends_with_two_unassigned_mats_between() {
    let c = game(2, &[]);
    let s = &c.state;
    assert_eq!(s.mats.len(), 4);
    assert!(s
        .mats
        .iter()
        .all(|m| m.squares.len() == 4 && m.towers() == 4));
    let owners: Vec<Option<usize>> = s.mats.iter().map(|m| m.owner).collect();
    assert_eq!(owners, vec![Some(0), None, None, Some(1)]);
    assert_eq!(s.towers_on_mats(), 16);
    assert_eq!(s.supply, 36);
    assert_eq!(c.turn(), Some(0), "seat 1 is the Start Player");
    assert_eq!(s.hands[0].len(), 0);
    assert_eq!(
        s.hands[1].len(),
        1,
        "the player to the start player's right draws a bonus card"
    );
    assert_eq!(s.decks[3].len(), 7);
    assert_eq!(s.decks[0].len(), 8);
    assert_eq!(s.deck_in_play, vec![true, false, false, true]);
    assert_eq!(s.corners(0).len(), 1);
    assert_eq!((s.corners(0)[0].mat, s.corners(0)[0].end), (0, 0));
    assert_eq!((s.corners(1)[0].mat, s.corners(1)[0].end), (3, 1));
    assert_eq!(c.scores(), vec![4, 4]);
    let v = c.view();
    assert_eq!(
        v.bodies.iter().filter(|b| b.tag == TAG_TOWER).count(),
        16 * 3,
        "three walls per cup"
    );
    assert_eq!(v.bodies.iter().filter(|b| b.tag == TAG_MAT).count(), 4);
    assert!(v
        .labels
        .iter()
        .any(|l| l.2.starts_with("Mat 2 (") && !l.2.contains(&c.seats()[0].name)));
    let seat1_rgb = c.seats()[1].rgb();
    assert!(
        v.bodies
            .iter()
            .any(|b| b.tag == TAG_TOWER && b.rgb == seat1_rgb),
        "towers in their owner's colour"
    );
}

#[test]
fn four_players_each_have_a_mat_of_four_towers() {
    let c = game(4, &[]);
    let s = &c.state;
    assert_eq!(
        (0..4).map(|i| s.towers_of(i)).collect::<Vec<_>>(),
        vec![4, 4, 4, 4]
    );
    let hands: Vec<usize> = s.hands.iter().map(|h| h.len()).collect();
    assert_eq!(hands, vec![0, 0, 0, 1]);
    let decks: Vec<usize> = s.decks.iter().map(|k| k.len()).collect();
    assert_eq!(decks, vec![8, 8, 8, 7]);
    // Outside corners: the two left mats shoot from their left end, the right ones from the right.
    let ends: Vec<(usize, usize)> = (0..4)
        .map(|i| (s.corners(i)[0].mat, s.corners(i)[0].end))
        .collect();
    assert_eq!(ends, vec![(0, 0), (1, 0), (2, 1), (3, 1)]);
}

#[test]
fn three_players_use_three_mats_with_a_fifth_tower_stacked_on_a_card() {
    let mut c = game(3, &[]);
    let s = &c.state;
    assert_eq!(s.mats.len(), 3);
    assert!(s
        .mats
        .iter()
        .all(|m| m.squares.len() == 4 && m.towers() == 5));
    assert_eq!(s.towers_on_mats(), 15);
    assert_eq!(
        s.boxed_towers.len(),
        1,
        "the spare tower goes back to the box"
    );
    // The innermost square of each mat carries the stack, on a card of that mat's deck.
    for (m, sq) in [(0usize, 3usize), (1, 1), (2, 0)] {
        let stack = &s.mats[m].squares[sq].stack;
        assert_eq!(stack.len(), 2, "mat {m} square {sq}");
        assert_eq!(stack[1].card_below.map(|k| k.deck), Some(m));
        assert!(stack[0].card_below.is_none());
    }
    let decks: Vec<usize> = s.decks.iter().map(|k| k.len()).collect();
    assert_eq!(
        decks,
        vec![7, 7, 6, 8],
        "one card under each stack; seat 3's bonus card; deck 4 boxed"
    );
    assert_eq!(s.hands[2].len(), 1);
    assert_eq!(s.deck_in_play, vec![true, true, true, false]);
    // The middle mat's two ends are equally far from the centre: both are its corners.
    assert_eq!(s.corners(1).len(), 2);
    ok(&mut c, miss(0));
    let before = c.launch_prompt().map(|p| p.origin[0]).unwrap_or_default();
    let ev = ok(&mut c, d(1, "corner", &[1]));
    assert!(has(&ev, "corner"));
    let after = c.launch_prompt().map(|p| p.origin[0]).unwrap_or_default();
    assert!(
        after > before + 0.3,
        "the catapult moved to the right end: {before} -> {after}"
    );
    assert!(refused(&mut c, d(1, "corner", &[2])).contains("corner"));
}

#[test]
fn the_deck_file_holds_four_decks_of_eight_two_of_each_effect() {
    let decks = match load_decks(DECKS_JSON) {
        Ok(dk) => dk,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(decks.len(), 4);
    for (name, cards) in &decks {
        assert_eq!(cards.len(), 8, "{name}");
        for e in [
            Effect::ExtraShot,
            Effect::MagicToss,
            Effect::StrongAmmo,
            Effect::ReinforcedRoof,
        ] {
            assert_eq!(
                cards.iter().filter(|k| k.effect == e).count(),
                2,
                "{name} {e:?}"
            );
        }
    }
    let three =
        r#"{"decks":[{"name":"a","cards":[]},{"name":"b","cards":[]},{"name":"c","cards":[]}]}"#;
    assert!(load_decks(three).is_err());
    let bad = DECKS_JSON.replacen("extra_shot", "mega_shot", 1);
    let err = load_decks(&bad).err().map(|e| e.0).unwrap_or_default();
    assert!(err.contains("mega_shot"), "{err}");
    assert!(load_decks("{not json").is_err());
}

#[test]
fn bad_setups_are_refused() {
    let seats = |n| default_seats(n, SeatKind::Human);
    assert!(Castle::create(&[], seats(5), 1).is_err());
    assert!(Castle::create(&["turbo".to_string()], seats(2), 1).is_err());
    assert!(Castle::create(&["experts".to_string()], seats(1), 1).is_err());
    assert!(engine::games::new_game("castle", &[], seats(4), 1).is_ok());
}

// ---- hits, misses, placing ----------------------------------------------------------------

#[test]
fn a_hit_takes_the_tower_and_the_victim_may_draw_both_placing_paths() {
    let mut c = game(2, &[]);
    ok(&mut c, miss(0));
    // Seat 1 hits seat 0's tower on square 2: no empty square on seat 1's mat, so it stacks.
    let t = top(&c, 0, 2);
    let ev = ok(&mut c, hit(1, t));
    assert_eq!(kinds(&ev), vec!["shot", "hit", "tower_taken"]);
    assert_eq!(c.turn(), Some(1));
    assert!(refused(&mut c, d(1, "place", &[1])).contains("not empty"));
    let deck_before = c.state.decks[3].len();
    let ev = ok(&mut c, d(1, "stack", &[1, -1]));
    assert!(has(&ev, "tower_stacked"));
    assert_eq!(
        c.state.decks[3].len(),
        deck_before - 1,
        "the card comes from the top of the deck"
    );
    let stack = &c.state.mats[3].squares[1].stack;
    assert_eq!(stack.len(), 2);
    assert_eq!(stack[1].id, t);
    assert_eq!(stack[1].ammo, 1, "the ammo stays inside the tower");
    assert!(stack[1].card_below.is_some());
    // Seat 0 may draw.
    assert_eq!(c.turn(), Some(0));
    assert!(matches!(c.state.phase, Phase::Draw { victim: 0, .. }));
    let ev = ok(&mut c, d(0, "draw", &[]));
    assert!(has(&ev, "card_drawn"));
    assert_eq!(c.state.hands[0].len(), 1);
    assert_eq!(c.state.supply, 35);
    // Seat 0 now has an empty square (2): a tower it takes must go there.
    assert_eq!(c.turn(), Some(0));
    let t2 = top(&c, 3, 0);
    ok(&mut c, hit(0, t2));
    assert!(refused(&mut c, d(0, "stack", &[0, -1])).contains("empty square"));
    assert!(refused(&mut c, d(0, "place", &[0])).contains("not empty"));
    let choices = c.choices();
    assert_eq!(choices.len(), 1, "only the empty square is offered");
    let ev = ok(&mut c, d(0, "place", &[2]));
    assert!(has(&ev, "tower_placed"));
    assert_eq!(c.state.mats[0].squares[2].stack[0].id, t2);
    assert!(matches!(c.state.phase, Phase::Draw { victim: 1, .. }));
    let ev = ok(&mut c, d(1, "decline", &[]));
    assert!(has(&ev, "draw_declined") && has(&ev, "turn_start"));
    assert_eq!(c.state.hands[1].len(), 1);
    assert_eq!(c.turn(), Some(1));
    assert_eq!(c.scores(), vec![4, 4]);
    assert_eq!(c.state.supply, 34);
}

#[test]
fn with_an_empty_deck_the_card_under_a_stacked_tower_comes_from_the_hand() {
    let mut c = game(2, &[]);
    let cards: Vec<_> = c.state.decks[0].cards.drain(..).collect();
    c.state.decks[0]
        .discard
        .extend(cards.iter().skip(2).copied());
    c.state.hands[0].extend(cards.iter().take(2).copied());
    let given = c.state.hands[0][1];
    hit_top(&mut c, 0, 3, 0);
    assert!(refused(&mut c, d(0, "stack", &[0, -1])).contains("hand"));
    ok(&mut c, d(0, "stack", &[0, 1]));
    assert_eq!(c.state.mats[0].squares[0].stack[1].card_below, Some(given));
    assert_eq!(c.state.hands[0].len(), 1);
}

#[test]
fn a_hit_on_a_stack_takes_only_the_top_and_its_card_goes_face_up_to_its_discard() {
    let mut c = game(3, &[]);
    ok(&mut c, miss(0));
    let stack = c.state.mats[0].squares[3].stack.clone();
    let card = stack[1].card_below;
    let ev = ok(&mut c, hit(1, stack[1].id));
    assert!(has(&ev, "card_discarded"));
    assert_eq!(c.state.mats[0].squares[3].stack.len(), 1);
    assert_eq!(c.state.mats[0].squares[3].stack[0].id, stack[0].id);
    assert_eq!(c.state.decks[0].discard.last().copied(), card);
    // A tower under another cannot be hit.
    let mut c2 = game(3, &[]);
    let under = c2.state.mats[1].squares[1].stack[0].id;
    let err = refused(&mut c2, hit(0, under));
    assert!(err.contains("on top of it"), "{err}");
}

#[test]
fn hitting_your_own_tower_is_a_miss_and_the_ammo_returns() {
    let mut c = game(2, &[]);
    let t = top(&c, 0, 1);
    let ev = ok(&mut c, hit(0, t));
    assert!(has(&ev, "miss") && has(&ev, "ammo_returned"));
    assert_eq!(c.state.supply, 36);
    assert_eq!(c.state.mats[0].squares[1].stack[0].ammo, 0);
    assert_eq!(c.turn(), Some(1));
}

#[test]
fn an_unassigned_mats_tower_can_be_taken_and_nobody_draws() {
    let mut c = game(2, &[]);
    hit_top(&mut c, 0, 1, 0);
    let ev = ok(&mut c, d(0, "stack", &[3, -1]));
    assert!(has(&ev, "turn_start"), "no draw phase: {:?}", kinds(&ev));
    assert_eq!(c.turn(), Some(1));
    assert_eq!(c.scores(), vec![5, 4]);
}

#[test]
fn a_miss_or_a_fall_returns_the_ammo_to_the_supply() {
    let mut c = game(4, &[]);
    let ev = ok(&mut c, miss(0));
    assert_eq!(
        kinds(&ev),
        vec!["shot", "miss", "ammo_returned", "turn_end", "turn_start"]
    );
    assert_eq!(c.state.supply, 36);
    let ev = ok(
        &mut c,
        Move::outcome_only(1, vec![Fact::new(FACT_FELL, &[])]),
    );
    assert!(has(&ev, "ammo_returned"));
    assert_eq!(c.state.supply, 36);
    assert_eq!(c.turn(), Some(2), "play passes to the left");
}

// ---- cards --------------------------------------------------------------------------------

#[test]
fn extra_shot_gives_a_second_shot_that_may_be_skipped() {
    let mut c = game(2, &[]);
    assert!(refused(&mut c, d(0, "end_turn", &[])).contains("shot first"));
    let i = give(&mut c, 0, Effect::ExtraShot);
    let ev = ok(&mut c, d(0, "play", &[i]));
    assert!(has(&ev, "card_played"));
    assert_eq!(
        c.state.decks[0].discard.last().map(|k| k.effect),
        Some(Effect::ExtraShot)
    );
    let ev = ok(&mut c, miss(0));
    assert!(has(&ev, "extra_shot"));
    assert_eq!(c.turn(), Some(0));
    assert!(c.launch_prompt().is_some());
    // Cards are played before the turn's first shot only.
    let j = give(&mut c, 0, Effect::ExtraShot);
    assert!(refused(&mut c, d(0, "play", &[j])).contains("before"));
    ok(&mut c, miss(0));
    assert_eq!(c.turn(), Some(1), "two shots, then the turn ends");
    // Seat 1 plays it and skips the extra shot.
    let k = give(&mut c, 1, Effect::ExtraShot);
    ok(&mut c, d(1, "play", &[k]));
    ok(&mut c, miss(1));
    let ev = ok(&mut c, d(1, "end_turn", &[]));
    assert!(has(&ev, "turn_start"));
    assert_eq!(c.turn(), Some(0));
}

#[test]
fn extra_shot_follows_a_hit_too() {
    let mut c = game(2, &[]);
    let i = give(&mut c, 0, Effect::ExtraShot);
    ok(&mut c, d(0, "play", &[i]));
    hit_top(&mut c, 0, 3, 3);
    ok(&mut c, d(0, "stack", &[0, -1]));
    let ev = ok(&mut c, d(1, "draw", &[]));
    assert!(has(&ev, "extra_shot"));
    assert_eq!(c.turn(), Some(0));
    ok(&mut c, miss(0));
    assert_eq!(c.turn(), Some(1));
}

#[test]
fn magic_toss_allows_the_hand_toss_for_the_turn() {
    let mut c = game(2, &[]);
    let toss = Launch {
        kind: LaunchKind::Toss,
        angle: 500,
        power: 300,
        ..Launch::default()
    };
    let with_launch = |facts: Vec<Fact>| Move {
        launch: Some(toss.clone()),
        ..Move::outcome_only(0, facts)
    };
    let err = refused(&mut c, with_launch(vec![Fact::new(FACT_REST, &[0, 9])]));
    assert!(err.contains("toss"), "{err}");
    assert!(c.launch_prompt().map(|p| p.kinds.len()) == Some(1));
    let i = give(&mut c, 0, Effect::MagicToss);
    ok(&mut c, d(0, "play", &[i]));
    assert!(c.state.turn.toss);
    assert_eq!(c.launch_prompt().map(|p| p.kinds.len()), Some(2));
    let j = give(&mut c, 0, Effect::MagicToss);
    assert!(refused(&mut c, d(0, "play", &[j])).contains("already"));
    ok(&mut c, with_launch(vec![Fact::new(FACT_REST, &[0, 9])]));
    assert_eq!(c.turn(), Some(1));
    assert!(!c.state.turn.toss, "the effect lasts one turn");
}

#[test]
fn strong_ammo_takes_the_whole_stack() {
    let mut c = game(3, &[]);
    ok(&mut c, miss(0));
    let i = give(&mut c, 1, Effect::StrongAmmo);
    ok(&mut c, d(1, "play", &[i]));
    let stack = c.state.mats[0].squares[3].stack.clone();
    let ev = ok(&mut c, hit(1, stack[1].id));
    assert_eq!(ev.iter().filter(|e| e.kind == "tower_taken").count(), 2);
    assert!(c.state.mats[0].squares[3].stack.is_empty());
    assert_eq!(
        c.state.decks[0].discard.last().copied(),
        stack[1].card_below
    );
    // Seat 1 has no empty square: both towers are stacked, one by one.
    ok(&mut c, d(1, "stack", &[0, -1]));
    assert!(matches!(c.state.phase, Phase::Place { .. }));
    ok(&mut c, d(1, "stack", &[2, -1]));
    assert!(matches!(c.state.phase, Phase::Draw { victim: 0, left: 2 }));
    ok(&mut c, d(0, "draw", &[]));
    ok(&mut c, d(0, "draw", &[]));
    assert_eq!(c.state.hands[0].len(), 2, "a card for each tower taken");
    assert_eq!(c.scores(), vec![3, 7, 5]);
    // Without Strong Ammo, only the top tower of a stack is taken.
    let mut c2 = game(3, &[]);
    ok(&mut c2, miss(0));
    let s2 = c2.state.mats[2].squares[0].stack.clone();
    let ev = ok(&mut c2, hit(1, s2[1].id));
    assert_eq!(ev.iter().filter(|e| e.kind == "tower_taken").count(), 1);
}

#[test]
fn a_reinforced_roof_turns_away_the_next_shot_even_strong_ammo() {
    let mut c = game(3, &[]);
    // Seat 0 roofs its own stack; nothing may be played on a roofed or an empty square.
    let i = give(&mut c, 0, Effect::ReinforcedRoof);
    let ev = ok(&mut c, d(0, "play", &[i, 0, 3]));
    assert!(has(&ev, "roof_placed"));
    let j = give(&mut c, 0, Effect::ReinforcedRoof);
    assert!(refused(&mut c, d(0, "play", &[j, 0, 3])).contains("already"));
    c.state.mats[1].squares[0].stack.clear();
    assert!(refused(&mut c, d(0, "play", &[j, 1, 0])).contains("empty"));
    ok(&mut c, miss(0));
    // Seat 1 plays Strong Ammo and lands in the roofed stack: a miss, the roof comes off.
    let k = give(&mut c, 1, Effect::StrongAmmo);
    ok(&mut c, d(1, "play", &[k]));
    let stack = c.state.mats[0].squares[3].stack.clone();
    let roof = c.state.mats[0].squares[3].roof;
    let ev = ok(&mut c, hit(1, stack[1].id));
    assert!(
        has(&ev, "roof_removed") && has(&ev, "miss") && !has(&ev, "tower_taken"),
        "{:?}",
        kinds(&ev)
    );
    assert_eq!(
        c.state.mats[0].squares[3].stack, stack,
        "the whole stack is protected"
    );
    assert!(c.state.mats[0].squares[3].roof.is_none());
    assert_eq!(
        c.state.decks[0].discard.last().copied(),
        roof,
        "the roof goes to its discard pile"
    );
    assert_eq!(c.state.supply, 36);
    // The next shot into it counts.
    ok(&mut c, miss(2));
    ok(&mut c, miss(0));
    let ev = ok(&mut c, hit(1, stack[1].id));
    assert!(has(&ev, "tower_taken"));
}

#[test]
fn ammo_bouncing_off_a_roof_removes_it() {
    let mut c = game(2, &[]);
    let i = give(&mut c, 0, Effect::ReinforcedRoof);
    ok(&mut c, d(0, "play", &[i, 3, 1]));
    let t = top(&c, 3, 1);
    ok(&mut c, miss(0));
    ok(&mut c, miss(1));
    // It bounced off the roof and came to rest in another tower: the roof comes off, the hit counts.
    let other = top(&c, 3, 2);
    let ev = ok(
        &mut c,
        Move::outcome_only(
            0,
            vec![
                Fact::new(FACT_ROOF, &[t as i64]),
                Fact::new(FACT_IN_TOWER, &[other as i64]),
            ],
        ),
    );
    assert!(
        has(&ev, "roof_removed") && has(&ev, "tower_taken"),
        "{:?}",
        kinds(&ev)
    );
    assert!(c.state.mats[3].squares[1].roof.is_none());
}

#[test]
fn nothing_may_be_stacked_on_a_reinforced_roof() {
    let mut c = game(2, &[]);
    let i = give(&mut c, 0, Effect::ReinforcedRoof);
    ok(&mut c, d(0, "play", &[i, 0, 0]));
    hit_top(&mut c, 0, 3, 0);
    assert!(refused(&mut c, d(0, "stack", &[0, -1])).contains("Reinforced Roof"));
    assert!(c.choices().iter().all(|ch| ch.mv.args.first() != Some(&0)));
    ok(&mut c, d(0, "stack", &[1, -1]));
}

#[test]
fn an_empty_deck_reshuffles_its_discard_pile_when_drawing() {
    let mut c = game(2, &[]);
    let cards: Vec<_> = c.state.decks[0].cards.drain(..).collect();
    c.state.decks[0].discard.extend(cards);
    ok(&mut c, miss(0));
    hit_top(&mut c, 1, 0, 0);
    ok(&mut c, d(1, "stack", &[0, -1]));
    let ev = ok(&mut c, d(0, "draw", &[]));
    assert_eq!(kinds(&ev)[..2], ["reshuffled", "card_drawn"]);
    assert_eq!(c.state.decks[0].len(), 7);
    assert!(c.state.decks[0].discard.is_empty());
    // With no card in deck or discard there is nothing to draw: no draw is offered.
    let mut c2 = game(2, &[]);
    c2.state.decks[0].cards.clear();
    ok(&mut c2, miss(0));
    hit_top(&mut c2, 1, 0, 0);
    let ev = ok(&mut c2, d(1, "stack", &[0, -1]));
    assert!(has(&ev, "turn_start"), "{:?}", kinds(&ev));
    assert_eq!(c2.turn(), Some(0));
}

#[test]
fn beginners_use_cards_only_for_stacking() {
    let mut c = game(2, &["beginners"]);
    assert_eq!(c.state.hands[1].len(), 1, "the bonus card is still dealt");
    let i = give(&mut c, 0, Effect::ExtraShot);
    assert!(c.choices().iter().all(|ch| ch.mv.action != "play"));
    assert!(refused(&mut c, d(0, "play", &[i])).contains("beginners"));
    hit_top(&mut c, 0, 3, 0);
    ok(&mut c, d(0, "stack", &[0, -1]));
    assert!(
        c.state.mats[0].squares[0].stack[1].card_below.is_some(),
        "cards still stack towers"
    );
}

#[test]
fn experts_play_on_three_squares_with_the_extra_tower_stacked_and_a_card_each() {
    let c = game(4, &["experts"]);
    let s = &c.state;
    assert!(s
        .mats
        .iter()
        .all(|m| m.squares.len() == 3 && m.towers() == 4));
    assert_eq!(
        s.mats[0].squares[2].stack.len(),
        2,
        "stacked on the innermost square"
    );
    assert_eq!(s.mats[3].squares[0].stack.len(), 2);
    let hands: Vec<usize> = s.hands.iter().map(|h| h.len()).collect();
    assert_eq!(hands, vec![1, 1, 1, 2]);
    let c3 = game(3, &["experts"]);
    assert!(c3
        .state
        .mats
        .iter()
        .all(|m| m.squares.len() == 3 && m.towers() == 5));
    assert_eq!(c3.state.boxed_towers.len(), 1);
}

// ---- the end ------------------------------------------------------------------------------

#[test]
fn the_game_ends_after_the_turn_in_which_the_last_ammo_went_into_a_tower() {
    let mut c = game(2, &[]);
    c.state.supply = 1;
    hit_top(&mut c, 0, 3, 3);
    assert!(!c.is_over(), "not before the turn has ended");
    ok(&mut c, d(0, "stack", &[0, -1]));
    let ev = ok(&mut c, d(1, "decline", &[]));
    assert!(has(&ev, "game_over"), "{:?}", kinds(&ev));
    assert!(c.is_over());
    assert_eq!(c.turn(), None);
    assert!(c.launch_prompt().is_none());
    assert!(refused(&mut c, miss(1)).contains("over"));
    assert_eq!(c.scores(), vec![5, 3]);
    assert_eq!(c.ranking().winner(), Some(0));
}

#[test]
fn the_game_ends_after_the_turn_in_which_a_player_lost_the_last_tower() {
    let mut c = game(4, &[]);
    for s in 1..4 {
        let t = c.state.mats[2].squares[s].stack.pop();
        c.state.boxed_towers.extend(t);
    }
    let i = give(&mut c, 0, Effect::ExtraShot);
    ok(&mut c, d(0, "play", &[i]));
    hit_top(&mut c, 0, 2, 0);
    ok(&mut c, d(0, "stack", &[1, -1]));
    ok(&mut c, d(2, "draw", &[]));
    assert_eq!(c.state.towers_of(2), 0);
    assert!(
        !c.is_over(),
        "the check comes at the end of the turn: the extra shot is still taken"
    );
    let ev = ok(&mut c, miss(0));
    assert!(has(&ev, "game_over"));
    assert!(ev.iter().any(|e| e.text.contains("no towers")));
    assert_eq!(c.ranking().standings.last().map(|s| s.seat), Some(2));
}

#[test]
fn ties_are_broken_by_ammo_then_cards_then_later_turn_order() {
    let mut c = game(2, &[]);
    c.state.hands[1].clear();
    // Everything equal: the later player in turn order wins.
    let r = c.ranking();
    assert_eq!(r.winner(), Some(1));
    assert_eq!(r.standings[0].decided_by, "later in turn order");
    // More cards in hand beat turn order.
    let i = give(&mut c, 0, Effect::ExtraShot);
    assert_eq!(i, 0);
    let r = c.ranking();
    assert_eq!(r.winner(), Some(0));
    assert_eq!(r.standings[0].decided_by, "cards in hand");
    // More ammo inside your towers beats cards.
    c.state.mats[3].squares[2].stack[0].ammo = 2;
    let r = c.ranking();
    assert_eq!(r.winner(), Some(1));
    assert_eq!(r.standings[0].decided_by, "ammo in towers");
    // More towers beat ammo.
    let t = c.state.mats[1].squares[0].stack.pop();
    c.state.mats[0].squares[0].stack.extend(t);
    let r = c.ranking();
    assert_eq!(r.winner(), Some(0));
    assert_eq!(r.standings[0].decided_by, "towers");
    assert_eq!(c.scores(), vec![5, 4]);
}

// ---- solo ---------------------------------------------------------------------------------

#[test]
fn solo_setup_four_mats_all_towers_eighteen_ammo_and_three_cards() {
    let c = game(1, &[]);
    let s = &c.state;
    assert!(s.solo);
    assert_eq!(s.mats.len(), 4);
    assert_eq!(s.towers_on_mats(), 16);
    assert!(s.mats.iter().all(|m| m.owner.is_none()));
    assert_eq!(s.supply, 18);
    let effects: Vec<Effect> = s.hands[0].iter().map(|k| k.effect).collect();
    assert_eq!(
        effects,
        vec![Effect::MagicToss, Effect::StrongAmmo, Effect::StrongAmmo]
    );
    assert_eq!(s.rearrangements_left, 2);
    assert_eq!(
        s.corners(0).len(),
        8,
        "each shot may be taken from any corner"
    );
    assert_eq!(c.scores(), vec![18]);
}

#[test]
fn solo_hits_on_other_mats_leave_play_misses_are_spent() {
    let mut c = game(1, &[]);
    // From mat 1's left corner (the default), a hit on mat 3 removes the tower.
    let ev = hit_top(&mut c, 0, 2, 1);
    assert!(has(&ev, "tower_removed"));
    assert_eq!(c.state.removed.len(), 1);
    assert!(c.state.mats[2].squares[1].stack.is_empty());
    assert_eq!((c.state.supply, c.scores()), (17, vec![18]));
    // A miss: the ammo is gone.
    let ev = ok(&mut c, miss(0));
    assert!(!has(&ev, "ammo_returned"));
    assert_eq!(c.state.supply, 16);
    // A tower on the mat fired from stays, with the ammo inside.
    let t = top(&c, 0, 0);
    let ev = ok(&mut c, hit(0, t));
    assert!(has(&ev, "same_mat"));
    assert_eq!(c.state.mats[0].squares[0].stack[0].ammo, 1);
    assert_eq!(c.state.removed.len(), 1);
    // Move the catapult to mat 1's right corner... still mat 1; mat 2's left corner counts as mat 2.
    ok(&mut c, d(0, "corner", &[2]));
    let ev = ok(&mut c, hit(0, t));
    assert!(
        has(&ev, "tower_removed"),
        "fired from mat 2, the tower on mat 1 leaves play"
    );
    assert_eq!(c.scores(), vec![2 + 14]);
}

#[test]
fn solo_rearrangements_stack_up_to_three_and_strong_ammo_clears_a_stack() {
    let mut c = game(1, &[]);
    assert!(refused(&mut c, d(0, "move_tower", &[0, 0, 0, 1])).contains("not possible"));
    ok(&mut c, d(0, "rearrange", &[]));
    assert_eq!(c.state.rearrangements_left, 1);
    assert!(c.launch_prompt().is_none(), "no shooting while rearranging");
    ok(&mut c, d(0, "move_tower", &[3, 0, 3, 1]));
    ok(&mut c, d(0, "move_tower", &[3, 2, 3, 1]));
    assert_eq!(c.state.mats[3].squares[1].stack.len(), 3);
    assert!(
        c.state.mats[3].squares[1].stack[2].card_below.is_some(),
        "stacked on a card"
    );
    assert!(refused(&mut c, d(0, "move_tower", &[3, 3, 3, 1])).contains("at most 3"));
    assert!(refused(&mut c, d(0, "move_tower", &[3, 0, 3, 2])).contains("no tower"));
    assert!(refused(&mut c, d(0, "move_tower", &[3, 3, 3, 3])).contains("another square"));
    assert!(refused(&mut c, d(0, "move_tower", &[3, 3, 9, 0])).contains("no square"));
    // Across mats too.
    ok(&mut c, d(0, "move_tower", &[0, 3, 2, 0]));
    assert_eq!(c.state.mats[2].squares[0].stack.len(), 2);
    ok(&mut c, d(0, "done", &[]));
    assert_eq!(c.state.towers_on_mats(), 16);
    let i = c.state.hands[0]
        .iter()
        .position(|k| k.effect == Effect::StrongAmmo)
        .unwrap_or(9) as i64;
    ok(&mut c, d(0, "play", &[i]));
    let ev = hit_top(&mut c, 0, 3, 1);
    assert_eq!(ev.iter().filter(|e| e.kind == "tower_removed").count(), 3);
    assert_eq!(c.state.removed.len(), 3);
    ok(&mut c, d(0, "rearrange", &[]));
    ok(&mut c, d(0, "done", &[]));
    assert!(refused(&mut c, d(0, "rearrange", &[])).contains("both"));
    let mut multi = game(2, &[]);
    assert!(refused(&mut multi, d(0, "rearrange", &[])).contains("solo"));
}

/// Which source of the rearranging drag picks up the top tower of mat `m` square `s`.
fn source(c: &Castle, m: usize, s: usize) -> i64 {
    match c.drag_sources().iter().position(|t| t.0 == (m, s)) {
        Some(i) => i as i64,
        None => panic!("mat {} square {} offers no tower to pick up", m + 1, s + 1),
    }
}

/// Where the drag would drop a tower on mat `m` square `s` (mm), as the app sends it.
fn snap(c: &Castle, m: usize, s: usize) -> [i64; 2] {
    match c.drag_snaps().iter().find(|t| t.0 == (m, s)) {
        Some(t) => [
            (t.1[0] * 1000.0).round() as i64,
            (t.1[1] * 1000.0).round() as i64,
        ],
        None => panic!("mat {} square {} has no snap", m + 1, s + 1),
    }
}

/// Drags the top tower of square `from` and drops it at `to` (mm): the events, or the refusal.
fn drag_at(c: &mut Castle, from: (usize, usize), to: [i64; 2]) -> Result<Vec<Event>, String> {
    let mv = d(
        0,
        "drag_tower",
        &[source(c, from.0, from.1), to[0], to[1], 0],
    );
    c.apply(&mv).map_err(|e| e.0)
}

/// Drags the top tower of square `from` onto square `to` (mat, square).
fn drag_to(c: &mut Castle, from: (usize, usize), to: (usize, usize)) -> Result<Vec<Event>, String> {
    let at = snap(c, to.0, to.1);
    drag_at(c, from, at)
}

#[test]
fn solo_rearranging_by_drag_moves_towers_and_refuses_illegal_stacks() {
    let mut c = game(1, &[]);
    assert!(
        c.placement_prompt().is_none(),
        "no dragging before Rearrange"
    );
    assert!(refused(&mut c, d(0, "drag_tower", &[0, 0, 0, 0])).contains("rearranging"));
    ok(&mut c, d(0, "rearrange", &[]));
    let Some(p) = c.placement_prompt() else {
        panic!("rearranging offers the drag-and-drop prompt");
    };
    assert_eq!(p.action, "drag_tower");
    assert_eq!((p.sources.len(), p.snaps.len()), (16, 16));
    // A legal drag: mat 4 square 1 onto the tower on square 2 (stacked on a spare card).
    let t = top(&c, 3, 0);
    let y_before = snap(&c, 3, 1)[1];
    let ev = drag_to(&mut c, (3, 0), (3, 1)).expect("a legal drag");
    assert!(has(&ev, "tower_moved"));
    assert!(c.state.mats[3].squares[0].stack.is_empty());
    assert_eq!(c.state.mats[3].squares[1].stack.len(), 2);
    assert_eq!(top(&c, 3, 1), t, "the dragged tower is on top");
    assert!(c.state.mats[3].squares[1].stack[1].card_below.is_some());
    assert_eq!(
        c.drag_sources().len(),
        15,
        "the emptied square has nothing to pick up"
    );
    assert!(
        snap(&c, 3, 1)[1] > y_before,
        "the drop spot rises with the stack"
    );
    // A third level is legal, a fourth is refused with the reason and nothing moves.
    drag_to(&mut c, (3, 2), (3, 1)).expect("a legal drag");
    let why = drag_to(&mut c, (3, 3), (3, 1)).expect_err("an illegal drag");
    assert!(why.contains("at most 3"), "{why}");
    assert_eq!(c.state.mats[3].squares[3].stack.len(), 1);
    assert_eq!(c.state.mats[3].squares[1].stack.len(), 3);
    // Nothing goes on a Reinforced Roof.
    let roof = c.state.boxed_cards[0];
    c.state.mats[2].squares[0].roof = Some(roof);
    let why = drag_to(&mut c, (2, 1), (2, 0)).expect_err("an illegal drag");
    assert!(why.contains("Reinforced Roof"), "{why}");
    c.state.mats[2].squares[0].roof = None;
    // Off every square: the gap between mats 1 and 2, beyond the row, refused.
    let gap = (snap(&c, 0, 3)[0] + snap(&c, 1, 0)[0]) / 2;
    for x in [gap, 5000, -5000] {
        let why = drag_at(&mut c, (0, 0), [x, 40]).expect_err("off every square");
        assert!(why.contains("not on a square"), "x {x}: {why}");
    }
    // Back onto its own square, an unknown source, a turned tower: refused.
    assert!(drag_to(&mut c, (0, 0), (0, 0))
        .expect_err("an illegal drag")
        .contains("another square"));
    let [x, y] = snap(&c, 0, 1);
    assert!(refused(&mut c, d(0, "drag_tower", &[15, x, y, 0])).contains("no tower number"));
    assert!(refused(&mut c, d(0, "drag_tower", &[0, x, y, 900])).contains("upright"));
    assert_eq!(c.state.towers_on_mats(), 16, "no refused drag lost a tower");
    // Across mats, and the move_tower buttons still work beside the drag.
    drag_to(&mut c, (0, 0), (1, 2)).expect("a legal drag");
    assert_eq!(c.state.mats[1].squares[2].stack.len(), 2);
    ok(&mut c, d(0, "move_tower", &[0, 1, 0, 0]));
    ok(&mut c, d(0, "done", &[]));
    assert!(
        c.placement_prompt().is_none(),
        "the editor closes with Done"
    );
    assert_eq!(c.state.towers_on_mats(), 16);
}

#[test]
fn solo_ends_after_eighteen_shots_scoring_towers_removed() {
    let mut c = game(1, &[]);
    for k in 0..17 {
        ok(&mut c, miss(0));
        assert!(!c.is_over(), "shot {k}");
    }
    hit_top(&mut c, 0, 1, 0);
    assert!(c.is_over());
    assert_eq!(c.scores(), vec![1]);
    assert!(c.hud().iter().any(|l| l.contains("Need more practice!")));
}

#[test]
fn solo_ends_when_every_tower_is_removed_and_leftover_ammo_scores() {
    let mut c = game(1, &[]);
    // Leave two towers on mat 2 only.
    for m in [0usize, 2, 3] {
        for s in 0..4 {
            let t = c.state.mats[m].squares[s].stack.pop();
            c.state.removed.extend(t);
        }
    }
    for s in 2..4 {
        let t = c.state.mats[1].squares[s].stack.pop();
        c.state.removed.extend(t);
    }
    assert_eq!(c.state.towers_on_mats(), 2);
    hit_top(&mut c, 0, 1, 0);
    assert!(!c.is_over());
    let ev = hit_top(&mut c, 0, 1, 1);
    assert!(has(&ev, "game_over"));
    assert_eq!(c.scores(), vec![16 + 16]);
    assert!(ev.iter().any(|e| e.text.contains("Catapult WIZARD!")));
}

#[test]
fn solo_rank_titles_follow_the_rulebook_table() {
    let table = [
        (0, "Need more practice!"),
        (1, "Need more practice!"),
        (4, "Need more practice!"),
        (5, "Beginner catapulter"),
        (8, "Beginner catapulter"),
        (9, "Experienced catapulter"),
        (12, "Experienced catapulter"),
        (13, "Expert catapulter"),
        (14, "Expert catapulter"),
        (15, "Master catapulter!"),
        (16, "Master catapulter!"),
        (17, "Catapult commander!"),
        (19, "Catapult commander!"),
        (20, "Catapult WIZARD!"),
        (34, "Catapult WIZARD!"),
    ];
    for (score, title) in table {
        assert_eq!(solo_title(score), title, "score {score}");
    }
}

// ---- refusals -----------------------------------------------------------------------------

#[test]
fn moves_out_of_turn_or_malformed_are_refused() {
    let mut c = game(2, &[]);
    assert!(refused(&mut c, miss(1)).contains("seat 1"));
    assert!(refused(&mut c, d(0, "fly", &[])).contains("not possible"));
    assert!(refused(&mut c, d(0, "play", &[5])).contains("no card"));
    assert!(refused(&mut c, d(0, "stand", &[3])).contains("stand"));
    assert!(refused(&mut c, d(0, "stand", &[0])).contains("already"));
    assert!(refused(&mut c, d(0, "place", &[0])).contains("not possible"));
    assert!(refused(
        &mut c,
        Move::outcome_only(0, vec![Fact::new("ammo_teleported", &[])])
    )
    .contains("unknown fact"));
    assert!(refused(
        &mut c,
        Move::outcome_only(0, vec![Fact::new(FACT_IN_TOWER, &[99])])
    )
    .contains("no tower"));
    let both = vec![Fact::new(FACT_IN_TOWER, &[12]), Fact::new(FACT_FELL, &[])];
    assert!(refused(&mut c, Move::outcome_only(0, both)).contains("both"));
    assert!(refused(&mut c, Move::decide(0, "shot", &[])).contains("outcome"));
    assert_eq!(c.state.supply, 36, "refused moves change nothing");
}

#[test]
fn every_offered_choice_is_accepted() {
    use engine::core::Rng;
    for (players, opts) in [
        (1, vec![]),
        (2, vec![]),
        (3, vec![]),
        (4, vec!["experts"]),
        (2, vec!["beginners"]),
    ] {
        let mut c = game(players, &opts);
        let mut rng = Rng::new(players as u64);
        let mut towers: Vec<u32> = (0..16).collect();
        for _ in 0..400 {
            if c.is_over() {
                break;
            }
            for ch in c.choices() {
                let mut probe = c.clone();
                if let Err(e) = probe.apply(&ch.mv) {
                    panic!(
                        "offered `{}` ({} {:?}) was refused: {e}",
                        ch.label, ch.mv.action, ch.mv.args
                    );
                }
            }
            let Some(seat) = c.turn() else { break };
            let choices = c.choices();
            let shoot = c.launch_prompt().is_some() && (choices.is_empty() || rng.below(3) > 0);
            let mv = if shoot {
                rng.shuffle(&mut towers);
                let target = towers.iter().copied().find(|&t| {
                    c.state
                        .find_tower(t)
                        .map(|(m, s, l)| l + 1 == c.state.mats[m].squares[s].stack.len())
                        .unwrap_or(false)
                });
                match target {
                    Some(t) if rng.below(2) == 0 => hit(seat, t),
                    _ => miss(seat),
                }
            } else {
                match rng.pick(&choices) {
                    Some(ch) => ch.mv.clone(),
                    None => panic!("no move in phase {}", c.phase()),
                }
            };
            ok(&mut c, mv);
        }
    }
}

#[test]
fn a_captured_tower_can_be_dropped_on_a_square_by_dragging() {
    let mut c = game(2, &[]);
    assert!(c.placement_prompt().is_none());
    ok(&mut c, miss(0));
    // Seat 1's mat is full: the drop stacks on a card from its deck, on any of its four stacks.
    hit_top(&mut c, 1, 0, 2);
    let Some(p) = c.placement_prompt() else {
        panic!("no placement prompt")
    };
    assert_eq!(p.action, "drop");
    assert_eq!(p.snaps.len(), 4, "every stack of the full mat");
    let x_mm = (p.snaps[3][0] * 1000.0).round() as i64;
    // Refused by the contract's one seat check (`core::game::check_move`), before the drop is read.
    assert!(refused(&mut c, d(0, "drop", &[x_mm, 120, 0])).contains("seat 1's turn, not seat 0's"));
    let ev = ok(&mut c, d(1, "drop", &[x_mm, 120, 0]));
    assert!(has(&ev, "tower_stacked"));
    assert_eq!(c.state.mats[3].squares[3].stack.len(), 2);
    ok(&mut c, d(0, "draw", &[]));
    // Seat 0 has one empty square (3): the prompt offers exactly that spot.
    hit_top(&mut c, 0, 3, 0);
    let Some(p) = c.placement_prompt() else {
        panic!("no placement prompt")
    };
    assert_eq!(p.snaps.len(), 1);
    let x_mm = (p.snaps[0][0] * 1000.0).round() as i64;
    assert!(refused(&mut c, d(0, "drop", &[x_mm - 90, 40, 0])).contains("highlighted"));
    let ev = ok(&mut c, d(0, "drop", &[x_mm + 20, 40, 0]));
    assert!(has(&ev, "tower_placed"));
    assert_eq!(c.state.mats[0].squares[2].stack.len(), 1);
}

/// Regression: a saved game in which a captured tower was dropped by dragging (`drop [x, y,
/// angle]`) was refused on resume ("this move takes 1 argument(s), not 3"): the rules read only
/// x. The codec now reads the whole gesture.
#[test]
fn a_replay_with_a_dragged_tower_drop_replays() {
    use engine::core::driver::{Driver, Origin, Recorded};
    use engine::core::replay::Replay;
    let mut c = game(2, &[]);
    let mut moves = vec![miss(0)];
    ok(&mut c, miss(0));
    let t = top(&c, 0, 2);
    moves.push(hit(1, t));
    ok(&mut c, hit(1, t));
    let Some(p) = c.placement_prompt() else {
        panic!("no placement prompt")
    };
    let drop = d(
        1,
        "drop",
        &[(p.snaps[0][0] * 1000.0).round() as i64, 120, 0],
    );
    ok(&mut c, drop.clone());
    moves.push(drop);
    let mut header = Replay::new("castle", &[], default_seats(2, SeatKind::Human), 7);
    header.moves = moves;
    let replayed = Driver::replay_as(
        Box::new(game(2, &[])),
        &header,
        Recorded::Trust,
        Origin::Scenario,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(replayed.session.replay.moves, header.moves);
    assert_eq!(replayed.game().scores(), c.scores());
}
