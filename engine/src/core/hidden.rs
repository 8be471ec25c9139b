//! Hidden information in an online room. The server alone knows the seed: it plays every move
//! while *recording* what each random draw gave and who may see it (`record`). A device that
//! does not know the seed plays the same moves while being *told* (`told`): its game starts from
//! a decoy seed, so its decks are in an order that means nothing, and each draw takes what the
//! server says it gave when this device may see it (a tile drawn, a card into its own hand, a
//! card played), or the decoy when it may not (another seat's card). The public table is the
//! server's; the hidden parts are unknown here, which is the point. See docs/online.md.
//!
//! The tape is kept per thread, around one move at a time, so no rule needs to know of it:
//! `Rng` and `Deck` consult it.

use std::cell::RefCell;
use std::collections::VecDeque;

/// Who may see a card as it is drawn or shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seen {
    /// Everyone (a tile drawn, a card played face up).
    All,
    /// Only this seat (a card into its hand).
    Seat(usize),
    /// Nobody (a card face down under a tower).
    Nobody,
}

/// One thing the server noted while playing a move, for everyone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Noted {
    kind: Kind,
    value: u32,
    seen: Seen,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A public number (a pick, a public shuffle's step).
    Num,
    /// A card drawn from a deck.
    Card,
    /// A card turned up where it lies.
    Show,
}

/// One thing a device is told: a number, a card drawn, a card shown (`None`: not for it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Told {
    Num(u32),
    Card(Option<u32>),
    Show(Option<u32>),
}

impl Noted {
    /// What a device holding `seats` is told of this (a watcher holds none).
    pub fn for_seats(&self, seats: &[usize]) -> Told {
        let visible = match self.seen {
            Seen::All => true,
            Seen::Seat(s) => seats.contains(&s),
            Seen::Nobody => false,
        };
        let value = visible.then_some(self.value);
        match self.kind {
            Kind::Num => Told::Num(self.value),
            Kind::Card => Told::Card(value),
            Kind::Show => Told::Show(value),
        }
    }
}

/// A tape as it travels: `n5 c12 c s3 s` (a number, a card seen, a card unseen, shown, unseen).
pub fn tape_text(told: &[Told]) -> String {
    let word = |t: &Told| match t {
        Told::Num(v) => format!("n{v}"),
        Told::Card(Some(v)) => format!("c{v}"),
        Told::Card(None) => "c".into(),
        Told::Show(Some(v)) => format!("s{v}"),
        Told::Show(None) => "s".into(),
    };
    told.iter().map(word).collect::<Vec<_>>().join(" ")
}

/// Reads a tape's text; refused in words when a word is not one of `tape_text`'s.
pub fn parse_tape(text: &str) -> Result<Vec<Told>, String> {
    let mut out = Vec::new();
    for (i, w) in text.split_ascii_whitespace().enumerate() {
        let (head, rest) = w.split_at(1.min(w.len()));
        let value = match rest {
            "" => None,
            r if r.bytes().all(|b| b.is_ascii_digit()) && r.len() <= 10 => Some(
                r.parse::<u32>()
                    .map_err(|_| format!("word {} of a tape: {w}", i + 1))?,
            ),
            _ => return Err(format!("word {} of a tape is not a draw: {w}", i + 1)),
        };
        out.push(match (head, value) {
            ("n", Some(v)) => Told::Num(v),
            ("c", v) => Told::Card(v),
            ("s", v) => Told::Show(v),
            _ => return Err(format!("word {} of a tape is not a draw: {w}", i + 1)),
        });
    }
    Ok(out)
}

/// A card's identity on a tape (Castle's card number, a tile's kind, a siege card's kind).
pub trait Code: Sized {
    fn code(&self) -> u32;
    /// The card of a code, where a code alone makes one (kinds); None for cards with more to
    /// them, which are always found among the unknown ones instead.
    fn from_code(_code: u32) -> Option<Self> {
        None
    }
}

impl Code for u8 {
    fn code(&self) -> u32 {
        *self as u32
    }
    fn from_code(code: u32) -> Option<Self> {
        u8::try_from(code).ok()
    }
}

impl Code for u32 {
    fn code(&self) -> u32 {
        *self
    }
    fn from_code(code: u32) -> Option<Self> {
        Some(code)
    }
}

enum Tape {
    Record(Vec<Noted>),
    Told {
        told: VecDeque<Told>,
        /// The seats of the device being told: their hands are known, never swapped.
        seats: Vec<usize>,
        /// Draws the tape had nothing for, and entries that did not fit the draw.
        misses: u32,
        wrong: u32,
    },
}

thread_local! {
    static TAPE: RefCell<Option<Tape>> = const { RefCell::new(None) };
    /// Inside a hidden shuffle: its steps are neither noted nor told.
    static QUIET: RefCell<u32> = const { RefCell::new(0) };
    /// Cards told to this thread's devices, and how many of them its own game already held
    /// where the card was told: what a device reading its own game would have guessed.
    static GUESSES: RefCell<(u32, u32)> = const { RefCell::new((0, 0)) };
}

/// (right, told) since the last call: the cards told to devices on this thread, and how many
/// their own games held already where each was told (a device cannot predict what it cannot
/// see: this stays near chance).
pub fn take_guesses() -> (u32, u32) {
    GUESSES.with(|g| std::mem::take(&mut *g.borrow_mut()))
}

/// Puts a tape in place for a while; the one before comes back at its end, also when a rule
/// panics on the way (a server thread goes on to its next room).
struct Swap {
    before: Option<Tape>,
    ended: bool,
}

impl Swap {
    fn new(tape: Tape) -> Swap {
        Swap {
            before: TAPE.with(|t| t.borrow_mut().replace(tape)),
            ended: false,
        }
    }

    /// The tape as it ended; the one before is back.
    fn end(mut self) -> Option<Tape> {
        self.ended = true;
        let before = self.before.take();
        TAPE.with(|t| std::mem::replace(&mut *t.borrow_mut(), before))
    }
}

impl Drop for Swap {
    fn drop(&mut self) {
        if !self.ended {
            // A rule panicked on the way: the tape before comes back all the same.
            let before = self.before.take();
            TAPE.with(|t| *t.borrow_mut() = before);
        }
    }
}

/// Runs `f` noting every draw (the server's side of a move, or of a game's setup).
pub fn record<R>(f: impl FnOnce() -> R) -> (R, Vec<Noted>) {
    let swap = Swap::new(Tape::Record(Vec::new()));
    let r = f();
    match swap.end() {
        Some(Tape::Record(n)) => (r, n),
        _ => (r, Vec::new()),
    }
}

/// Runs `f` (a device's side of a move, or of a setup) told `tape` by a device holding `seats`.
/// The error says the tape did not fit the move: a draw it had nothing for, an entry of the
/// wrong kind, or entries left over.
pub fn told<R>(tape: Vec<Told>, seats: &[usize], f: impl FnOnce() -> R) -> (R, Result<(), String>) {
    let swap = Swap::new(Tape::Told {
        told: tape.into(),
        seats: seats.to_vec(),
        misses: 0,
        wrong: 0,
    });
    let r = f();
    let fit = match swap.end() {
        Some(Tape::Told {
            told,
            misses,
            wrong,
            ..
        }) => {
            if misses > 0 || wrong > 0 || !told.is_empty() {
                Err(format!(
                    "the room's draws do not fit this move ({misses} missing, {wrong} wrong, {} \
                     left over)",
                    told.len()
                ))
            } else {
                Ok(())
            }
        }
        _ => Ok(()),
    };
    (r, fit)
}

/// Whether a device is being told now (a generator made now plays the decoy).
pub(crate) fn telling() -> bool {
    TAPE.with(|t| matches!(*t.borrow(), Some(Tape::Told { .. })))
}

/// Runs a hidden shuffle: its steps are neither noted nor told.
pub(crate) fn quietly<R>(f: impl FnOnce() -> R) -> R {
    struct Quiet;
    impl Drop for Quiet {
        fn drop(&mut self) {
            QUIET.with(|q| *q.borrow_mut() -= 1);
        }
    }
    QUIET.with(|q| *q.borrow_mut() += 1);
    let _quiet = Quiet;
    f()
}

fn quiet() -> bool {
    QUIET.with(|q| *q.borrow() > 0)
}

/// What the tape holds next for a told generator: a number below `n` from the server, or None
/// (the decoy's own is used, and the miss counted when a tape is being told).
pub(crate) fn told_num(n: u32) -> Option<u32> {
    if quiet() {
        return None;
    }
    TAPE.with(|t| match &mut *t.borrow_mut() {
        Some(Tape::Told {
            told,
            misses,
            wrong,
            ..
        }) => match told.pop_front() {
            Some(Told::Num(v)) if v < n.max(1) => Some(v),
            Some(_) => {
                *wrong += 1;
                None
            }
            None => {
                *misses += 1;
                None
            }
        },
        _ => None,
    })
}

/// Notes a public number the server's generator gave.
pub(crate) fn note_num(v: u32) {
    if quiet() {
        return;
    }
    note(Kind::Num, v, Seen::All);
}

fn note(kind: Kind, value: u32, seen: Seen) {
    TAPE.with(|t| {
        if let Some(Tape::Record(n)) = &mut *t.borrow_mut() {
            n.push(Noted { kind, value, seen });
        }
    });
}

/// The next entry of a told tape for a card (`show`: a card shown, else a card drawn):
/// `Some(Some(code))` seen, `Some(None)` not for this device, None when nothing is told now.
fn told_card(show: bool) -> Option<Option<u32>> {
    TAPE.with(|t| match &mut *t.borrow_mut() {
        Some(Tape::Told {
            told,
            misses,
            wrong,
            ..
        }) => match (told.pop_front(), show) {
            (Some(Told::Card(v)), false) | (Some(Told::Show(v)), true) => Some(v),
            (Some(_), _) => {
                *wrong += 1;
                None
            }
            (None, _) => {
                *misses += 1;
                None
            }
        },
        _ => None,
    })
}

fn count_wrong() {
    TAPE.with(|t| {
        if let Some(Tape::Told { wrong, .. }) = &mut *t.borrow_mut() {
            *wrong += 1;
        }
    });
}

fn told_seats() -> Vec<usize> {
    TAPE.with(|t| match &*t.borrow() {
        Some(Tape::Told { seats, .. }) => seats.clone(),
        _ => Vec::new(),
    })
}

/// Where a card not in sight may lie: a seat's hand (known to that seat), or face down.
pub type Owner = Option<usize>;

/// Makes `slot` hold the card with `code`, swapping it with where that card lies among
/// `unknown` (the hands of the seats being told are known here: never taken from). A card made
/// from its code alone is written when it lies nowhere (a decoy pile of other tiles).
fn make<T: Code>(slot: &mut T, code: u32, owner: Owner, unknown: &mut [(Owner, &mut T)]) {
    let right = slot.code() == code;
    let mine = told_seats();
    if !owner.is_some_and(|o| mine.contains(&o)) {
        // A card this device did not know where it lay: what its own game would have guessed.
        GUESSES.with(|g| {
            let mut g = g.borrow_mut();
            g.0 += right as u32;
            g.1 += 1;
        });
    }
    if right {
        return;
    }
    if let Some((_, other)) = unknown
        .iter_mut()
        .find(|(owner, c)| c.code() == code && !owner.is_some_and(|o| mine.contains(&o)))
    {
        std::mem::swap(slot, *other);
        return;
    }
    match T::from_code(code) {
        Some(card) => *slot = card,
        None => count_wrong(),
    }
}

/// A card drawn from `cards` (its top is the end) by a told device: the card the server drew is
/// put on top first, when this device may see it. The server notes what it draws.
pub(crate) fn draw<T: Code>(
    cards: &mut Vec<T>,
    seen: Seen,
    told_rng: bool,
    unknown: &mut [(Owner, &mut T)],
) -> Option<T> {
    // An empty deck draws nothing, here as on the server: nothing is told.
    let top = cards.len().checked_sub(1)?;
    if told_rng {
        if let Some(Some(code)) = told_card(false) {
            {
                let (rest, last) = cards.split_at_mut(top);
                let mut pool: Vec<(Owner, &mut T)> = rest.iter_mut().map(|c| (None, c)).collect();
                pool.extend(unknown.iter_mut().map(|(o, c)| (*o, &mut **c)));
                make(&mut last[0], code, None, &mut pool);
            }
        }
    }
    let card = cards.pop()?;
    note(Kind::Card, card.code(), seen);
    Some(card)
}

/// A card turned up where it lies (played from `owner`'s hand, uncovered under a tower): a
/// told device that may see it learns which it is; the server notes it.
pub fn show<T: Code>(
    card: &mut T,
    owner: Owner,
    seen: Seen,
    told_rng: bool,
    unknown: &mut [(Owner, &mut T)],
) {
    if told_rng {
        if let Some(Some(code)) = told_card(true) {
            make(card, code, owner, unknown);
        }
    }
    note(Kind::Show, card.code(), seen);
}

/// A card a move names from a hand this device cannot see (`owner`'s): the hand is made to
/// hold it, one of its unknown cards swapped for it (from `unknown`, else made from its code).
/// A hand this device can see is left as it is: the rules refuse a card it does not hold.
pub fn name<T: Code + PartialEq>(
    owner: usize,
    hand: &mut [T],
    card: T,
    told_rng: bool,
    unknown: &mut [(Owner, &mut T)],
) {
    if !told_rng || !telling() || told_seats().contains(&owner) || hand.contains(&card) {
        return;
    }
    if let Some(slot) = hand.first_mut() {
        make(slot, card.code(), Some(owner), unknown);
    }
}

/// A public number a game's setup takes straight from its seed (not through a generator): the
/// server notes it, a device being told takes it from the tape.
pub fn public_num(v: u32) -> u32 {
    if telling() {
        return told_num(u32::MAX).unwrap_or(v);
    }
    note_num(v);
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Deck, Rng};

    #[test]
    fn a_panic_inside_a_tape_leaves_no_tape_behind() {
        let caught = std::panic::catch_unwind(|| {
            told(vec![Told::Num(1)], &[0], || {
                quietly(|| panic!("a rule broke"))
            })
        });
        assert!(caught.is_err());
        assert!(!telling(), "the tape is gone with the panic");
        assert!(!quiet(), "and so is the quiet");
    }

    #[test]
    fn a_tape_reads_back_as_written_and_a_bad_word_is_refused() {
        let tape = vec![
            Told::Num(5),
            Told::Card(Some(12)),
            Told::Card(None),
            Told::Show(Some(3)),
            Told::Show(None),
        ];
        assert_eq!(tape_text(&tape), "n5 c12 c s3 s");
        assert_eq!(parse_tape(&tape_text(&tape)), Ok(tape));
        assert_eq!(parse_tape(""), Ok(Vec::new()));
        for bad in ["n", "x1", "c1x", "n99999999999", "c-1", "s 3 q"] {
            assert!(parse_tape(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_device_told_a_draw_draws_that_card_and_a_hidden_shuffle_is_never_noted() {
        // The server: a deck shuffled face down, two cards drawn, one for seat 1 only.
        let ((a, b), notes) = record(|| {
            let mut rng = Rng::new(99);
            let mut deck = Deck::new((0..8u32).collect(), &mut rng);
            let a = deck.draw(Seen::All, &mut rng, &mut []).map(|c| c.0);
            let b = deck.draw(Seen::Seat(1), &mut rng, &mut []).map(|c| c.0);
            (a, b)
        });
        assert_eq!(notes.len(), 2, "the shuffle is not noted: {notes:?}");
        // Seat 0, from a decoy seed, is told the first card and not the second.
        let tape: Vec<Told> = notes.iter().map(|n| n.for_seats(&[0])).collect();
        assert_eq!(tape, vec![Told::Card(a), Told::Card(None)]);
        let ((x, y), fit) = told(tape, &[0], || {
            let mut rng = Rng::new(0);
            let mut deck = Deck::new((0..8u32).collect(), &mut rng);
            let x = deck.draw(Seen::All, &mut rng, &mut []).map(|c| c.0);
            let y = deck.draw(Seen::All, &mut rng, &mut []).map(|c| c.0);
            (x, y)
        });
        assert_eq!(fit, Ok(()));
        assert_eq!(x, a, "the card everyone saw");
        assert_ne!(y, x, "the other is some card still in the deck");
        let _ = b;
        // A tape that does not fit the move is said so.
        let (_, fit) = told(vec![Told::Num(1)], &[0], || {
            let mut rng = Rng::new(0);
            Deck::new(vec![1u32, 2], &mut rng).draw(Seen::All, &mut rng, &mut [])
        });
        assert!(fit.is_err());
    }
}
