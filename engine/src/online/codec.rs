//! The one codec of the online frames. A direction's frames (`Frames`) and the objects inside
//! them (`Record`) each list their keys once, as `Field`s borrowed from the value; writing walks
//! that list, and reading fills it through the strict reader (`core::strict_json`), which refuses
//! unknown keys, duplicates and out-of-range numbers with the line and the column.

use super::values::{
    Phase, RatingEntry, SeatInfo, SeatPlan, SeatRequest, MAX_PLAYER_NAME, MAX_RATING_ENTRIES,
    TOKEN_LEN,
};
use crate::core::replay::{read_move, MAX_NAME, MAX_OPTIONS};
use crate::core::seat::MAX_SEATS;
use crate::core::strict_json::{shown, ReadResult, Reader};
use crate::core::{Level, Move};
use nanoserde::SerJson;

/// One key's value, borrowed from a frame or a record, with how it is read and written.
pub enum Field<'a> {
    /// Text of at most `max` characters; `what` names it in a refusal.
    Text(&'a mut String, &'static str, usize),
    /// A seat token that may be absent (then not written, and not required).
    Token(&'a mut Option<String>),
    /// Text that may be absent (then not written, and not required), at most `max` characters.
    MaybeText(&'a mut Option<String>, &'static str, usize),
    /// A number that may be absent (then not written, and not required).
    MaybeU64(&'a mut Option<u64>, &'static str),
    U64(&'a mut u64, &'static str),
    Bool(&'a mut bool, &'static str),
    /// A mark written only when true (`"clock":true`); absent, it is false.
    Flag(&'a mut bool, &'static str),
    /// A game's ratings table.
    Ratings(&'a mut Vec<RatingEntry>),
    /// A move in the replay codec.
    Move(&'a mut Move),
    /// A whole log of moves.
    Moves(&'a mut Vec<Move>),
    /// A game's options.
    Options(&'a mut Vec<String>),
    /// Seat numbers (a welcomed client's own seats).
    SeatNumbers(&'a mut Vec<usize>),
    /// Seats as the host asks for them.
    SeatRequests(&'a mut Vec<SeatRequest>),
    /// Seats as every client sees them.
    Seats(&'a mut Vec<SeatInfo>),
    Phase(&'a mut Phase),
    /// The draws of one move told to a device (`core::hidden::tape_text`); may be absent.
    Tape(&'a mut Option<String>),
    /// The draws of a game's setup and of each move so far; may be absent.
    Tapes(&'a mut Option<Vec<String>>),
    /// An object inside the frame, with its own keys.
    Record(&'a mut dyn Record, &'static str),
}

/// A key and its value: the unit every key list is made of.
pub type Keyed<'a> = (&'static str, Field<'a>);

/// An object with a fixed set of keys (all required but the optional ones: `Field::optional`).
pub trait Record {
    fn fields(&mut self) -> Vec<Keyed<'_>>;
}

/// One direction's frames: one enum, each variant with its `"type"` and its keys.
pub trait Frames: Sized + Clone {
    /// How a refusal names the whole frame.
    const WHAT: &'static str;
    /// One empty frame of each variant, in the order their types are listed in a refusal.
    fn blanks() -> Vec<Self>;
    /// The variant's `"type"` and its keys in the order they are written.
    fn fields(&mut self) -> (&'static str, Vec<Keyed<'_>>);
    /// The refusal of a frame whose type is missing (`kind` empty and unseen) or unknown.
    fn unknown(kind: &str, had_type: bool, types: &[&str]) -> String;
}

fn quote(out: &mut String, s: &str) {
    out.push_str(&s.to_string().serialize_json());
}

fn list<T>(out: &mut String, items: &[T], mut item: impl FnMut(&mut String, &T)) {
    out.push('[');
    for (i, x) in items.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        item(out, x);
    }
    out.push(']');
}

/// Writes `{` (the `"type"` first, when given), each present key in order, `}`.
fn write_object(out: &mut String, kind: Option<&str>, fields: &mut [Keyed<'_>]) {
    out.push('{');
    let mut first = true;
    if let Some(kind) = kind {
        out.push_str("\"type\":");
        quote(out, kind);
        first = false;
    }
    for (key, field) in fields {
        if field.absent() {
            continue;
        }
        if !first {
            out.push(',');
        }
        first = false;
        quote(out, key);
        out.push(':');
        field.write(out);
    }
    out.push('}');
}

fn write_seat(out: &mut String, plan: SeatPlan, name: &str, seen: Option<(bool, bool)>) {
    out.push_str("{\"kind\":");
    quote(out, plan.name());
    out.push_str(",\"name\":");
    quote(out, name);
    if let SeatPlan::Bot(level) = plan {
        out.push_str(",\"level\":");
        quote(out, level.name());
    }
    if let Some((taken, online)) = seen {
        out.push_str(&format!(",\"taken\":{taken},\"online\":{online}"));
    }
    out.push('}');
}

impl Field<'_> {
    /// A key a frame may leave out.
    fn optional(&self) -> bool {
        matches!(
            self,
            Field::Token(_)
                | Field::MaybeText(..)
                | Field::MaybeU64(..)
                | Field::Tape(_)
                | Field::Tapes(_)
                | Field::Flag(..)
        )
    }

    /// An optional key without a value: not written.
    fn absent(&self) -> bool {
        match self {
            Field::Flag(b, _) => !**b,
            _ => matches!(
                self,
                Field::Token(None)
                    | Field::MaybeText(None, ..)
                    | Field::MaybeU64(None, _)
                    | Field::Tape(None)
                    | Field::Tapes(None)
            ),
        }
    }

    fn write(&mut self, out: &mut String) {
        match self {
            Field::Text(s, ..) => quote(out, s),
            Field::Token(t) => quote(out, t.as_deref().unwrap_or("")),
            Field::MaybeText(t, ..) => quote(out, t.as_deref().unwrap_or("")),
            Field::MaybeU64(v, _) => out.push_str(&v.unwrap_or(0).to_string()),
            Field::U64(v, _) => out.push_str(&v.to_string()),
            Field::Bool(b, _) | Field::Flag(b, _) => {
                out.push_str(if **b { "true" } else { "false" })
            }
            Field::Ratings(rs) => list(out, rs, write_rating),
            Field::Move(m) => out.push_str(&m.serialize_json()),
            Field::Moves(ms) => list(out, ms, |out, m| out.push_str(&m.serialize_json())),
            Field::Options(os) => list(out, os, |out, o| quote(out, o)),
            Field::SeatNumbers(ns) => list(out, ns, |out, n| out.push_str(&n.to_string())),
            Field::SeatRequests(ss) => {
                list(out, ss, |out, s| write_seat(out, s.plan, &s.name, None))
            }
            Field::Seats(ss) => list(out, ss, |out, s| {
                write_seat(out, s.plan, &s.name, Some((s.taken, s.online)))
            }),
            Field::Phase(p) => quote(out, p.name()),
            Field::Tape(t) => quote(out, t.as_deref().unwrap_or("")),
            Field::Tapes(ts) => list(out, ts.as_deref().unwrap_or(&[]), |out, t| quote(out, t)),
            Field::Record(rec, _) => write_object(out, None, &mut rec.fields()),
        }
    }

    fn read(&mut self, r: &mut Reader) -> ReadResult<()> {
        match self {
            Field::Text(s, what, max) => **s = r.string(what, *max)?,
            Field::Token(t) => **t = Some(r.string("a seat token", TOKEN_LEN)?),
            Field::MaybeText(t, what, max) => **t = Some(r.string(what, *max)?),
            Field::MaybeU64(v, what) => **v = Some(r.u64(what)?),
            Field::U64(v, what) => **v = r.u64(what)?,
            Field::Bool(b, what) => **b = r.bool(what)?,
            Field::Flag(b, what) => {
                if !r.bool(what)? {
                    return Err(r.error(format!("`{what}` is written only when true")));
                }
                **b = true;
            }
            Field::Ratings(rs) => r.array("entries", MAX_RATING_ENTRIES, |r, i| {
                rs.push(read_rating(r, i)?);
                Ok(())
            })?,
            Field::Move(m) => **m = read_move(r, 0)?,
            Field::Moves(ms) => r.array("moves", usize::MAX, |r, i| {
                ms.push(read_move(r, i)?);
                Ok(())
            })?,
            Field::Options(os) => r.array("options", MAX_OPTIONS, |r, _| {
                os.push(r.string("an option", MAX_NAME)?);
                Ok(())
            })?,
            Field::SeatNumbers(ns) => r.array("your seats", MAX_SEATS, |r, _| {
                ns.push(r.int("a seat", 0, 9)? as usize);
                Ok(())
            })?,
            Field::SeatRequests(ss) => r.array("seats", MAX_SEATS, |r, i| {
                ss.push(read_seat_request(r, i)?);
                Ok(())
            })?,
            Field::Seats(ss) => r.array("seats", MAX_SEATS, |r, i| {
                ss.push(read_seat_info(r, i)?);
                Ok(())
            })?,
            Field::Phase(p) => {
                **p = match r.string("the phase", MAX_NAME)?.as_str() {
                    "waiting" => Phase::Waiting,
                    "playing" => Phase::Playing,
                    "over" => Phase::Over,
                    other => return Err(r.error(format!("unknown phase {}", shown(other)))),
                }
            }
            Field::Tape(t) => **t = Some(read_tape(r)?),
            Field::Tapes(ts) => {
                let mut all = Vec::new();
                r.array("tapes", usize::MAX, |r, _| {
                    all.push(read_tape(r)?);
                    Ok(())
                })?;
                **ts = Some(all);
            }
            Field::Record(rec, what) => read_record(r, what, &mut **rec)?,
        }
        Ok(())
    }
}

/// The longest tape of one move (a setup dealing every hand is the longest).
pub const MAX_TAPE: usize = 64 * 1024;

fn read_tape(r: &mut Reader) -> ReadResult<String> {
    let t = r.string("a tape", MAX_TAPE)?;
    crate::core::hidden::parse_tape(&t).map_err(|e| r.error(e))?;
    Ok(t)
}

fn read_record(r: &mut Reader, what: &str, rec: &mut dyn Record) -> ReadResult<()> {
    let mut fields = rec.fields();
    let keys: Vec<&str> = fields.iter().map(|(k, _)| *k).collect();
    let seen = r.object(what, &keys, |r, k| fields[k].1.read(r))?;
    let required: Vec<usize> = (0..keys.len())
        .filter(|&k| !fields[k].1.optional())
        .collect();
    r.require(what, &keys, &seen, &required)
}

fn read_seat_request(r: &mut Reader, i: usize) -> ReadResult<SeatRequest> {
    let what = format!("seat {i}");
    const KEYS: [&str; 3] = ["kind", "name", "level"];
    let (mut kind, mut name, mut level) = (String::new(), String::new(), None);
    let seen = r.object(&what, &KEYS, |r, k| {
        match k {
            0 => kind = r.string("a seat's kind", MAX_NAME)?,
            1 => name = r.string("a seat's name", MAX_PLAYER_NAME)?,
            _ => level = Some(read_level(r)?),
        }
        Ok(())
    })?;
    r.require(&what, &KEYS, &seen, &[0, 1])?;
    let plan = match kind.as_str() {
        "here" if level.is_none() => SeatPlan::Here,
        "invited" if level.is_none() => SeatPlan::Invited,
        "bot" => SeatPlan::Bot(level.unwrap_or_default()),
        "here" | "invited" => {
            return Err(r.error(format!("{what}: only a bot seat has a level")));
        }
        other => {
            return Err(r.error(format!(
                "{what}: a seat is `here`, `invited` or `bot`, not {}",
                shown(other)
            )))
        }
    };
    Ok(SeatRequest { plan, name })
}

fn read_seat_info(r: &mut Reader, i: usize) -> ReadResult<SeatInfo> {
    let what = format!("seat {i}");
    const KEYS: [&str; 5] = ["kind", "name", "level", "taken", "online"];
    let mut s = SeatInfo {
        plan: SeatPlan::Here,
        name: String::new(),
        taken: false,
        online: false,
    };
    let (mut kind, mut level) = (String::new(), None);
    let seen = r.object(&what, &KEYS, |r, k| {
        match k {
            0 => kind = r.string("a seat's kind", MAX_NAME)?,
            1 => s.name = r.string("a seat's name", MAX_PLAYER_NAME)?,
            2 => level = Some(read_level(r)?),
            3 => s.taken = r.bool("taken")?,
            _ => s.online = r.bool("online")?,
        }
        Ok(())
    })?;
    r.require(&what, &KEYS, &seen, &[0, 1, 3, 4])?;
    s.plan = match kind.as_str() {
        "here" => SeatPlan::Here,
        "invited" => SeatPlan::Invited,
        "bot" => SeatPlan::Bot(level.unwrap_or_default()),
        other => return Err(r.error(format!("{what}: unknown kind {}", shown(other)))),
    };
    Ok(s)
}

fn write_rating(out: &mut String, e: &RatingEntry) {
    out.push_str(&format!("{{\"rank\":{},\"name\":", e.rank));
    quote(out, &e.name);
    out.push_str(&format!(
        ",\"rating\":{},\"games\":{},\"provisional\":{},\"you\":{}}}",
        e.rating, e.games, e.provisional, e.you
    ));
}

fn read_rating(r: &mut Reader, i: usize) -> ReadResult<RatingEntry> {
    let what = format!("entry {i}");
    const KEYS: [&str; 6] = ["rank", "name", "rating", "games", "provisional", "you"];
    let mut e = RatingEntry {
        rank: 0,
        name: String::new(),
        rating: 0,
        games: 0,
        provisional: false,
        you: false,
    };
    let seen = r.object(&what, &KEYS, |r, k| {
        match k {
            0 => e.rank = r.u64("a rank")?,
            1 => e.name = r.string("a player's name", MAX_PLAYER_NAME)?,
            2 => e.rating = r.int("a rating", -100_000, 100_000)? as i64,
            3 => e.games = r.u64("games")?,
            4 => e.provisional = r.bool("provisional")?,
            _ => e.you = r.bool("you")?,
        }
        Ok(())
    })?;
    r.require(&what, &KEYS, &seen, &[0, 1, 2, 3, 4, 5])?;
    Ok(e)
}

fn read_level(r: &mut Reader) -> ReadResult<Level> {
    let name = r.string("a bot's level", MAX_NAME)?;
    Level::from_name(&name).ok_or_else(|| {
        r.error(format!(
            "a bot's level is `easy`, `normal` or `hard`, not {}",
            shown(&name)
        ))
    })
}

/// Writes a frame: its `"type"`, then its keys in their order.
pub fn encode<F: Frames>(frame: &F) -> String {
    let mut frame = frame.clone();
    let (kind, mut fields) = frame.fields();
    let mut out = String::new();
    write_object(&mut out, Some(kind), &mut fields);
    out
}

/// The keys a direction takes: `"type"`, then every variant's keys in order of first use.
fn all_keys<F: Frames>(blanks: &mut [F]) -> Vec<&'static str> {
    let mut keys = vec!["type"];
    for b in blanks.iter_mut() {
        for (k, _) in b.fields().1 {
            if !keys.contains(&k) {
                keys.push(k);
            }
        }
    }
    keys
}

/// Reads one key's value into the frame's field of that name; false when it has none.
fn read_into<F: Frames>(frame: &mut F, key: &str, r: &mut Reader) -> ReadResult<bool> {
    match frame.fields().1.iter_mut().find(|(k, _)| *k == key) {
        Some((_, field)) => field.read(r).map(|()| true),
        None => Ok(false),
    }
}

/// What one pass over a frame's text found.
struct Pass<F> {
    kind: String,
    seen: Vec<bool>,
    /// The variant named by `"type"`, and whether it came before every other key (then the
    /// frame was read straight into it).
    chosen: Option<(usize, bool)>,
    blanks: Vec<F>,
}

/// Reads every key: into the variant the type names once it is known, otherwise into a spare
/// blank (a frame whose type comes later is read again: ours always write it first).
fn pass<'t, F: Frames>(
    text: &'t str,
    keys: &[&str],
    types: &[&str],
    known: Option<usize>,
) -> ReadResult<(Pass<F>, Reader<'t>)> {
    let mut r = Reader::new(text);
    let mut blanks = F::blanks();
    let mut spare = F::blanks();
    let mut kind = String::new();
    let mut chosen = known.map(|c| (c, true));
    let mut first = true;
    let seen = r.object(F::WHAT, keys, |r, k| {
        let was_first = std::mem::replace(&mut first, false);
        if k == 0 {
            kind = r.string("the message's type", MAX_NAME)?;
            if known.is_none() {
                chosen = types
                    .iter()
                    .position(|t| *t == kind)
                    .map(|c| (c, was_first));
            }
            return Ok(());
        }
        if let Some((c, _)) = chosen {
            if read_into(&mut blanks[c], keys[k], r)? {
                return Ok(());
            }
        }
        for b in spare.iter_mut() {
            if read_into(b, keys[k], r)? {
                return Ok(());
            }
        }
        Err(r.error(format!("unknown key {}", shown(keys[k]))))
    })?;
    r.end()?;
    Ok((
        Pass {
            kind,
            seen,
            chosen,
            blanks,
        },
        r,
    ))
}

/// Reads a frame of one direction with the strict reader.
pub fn decode<F: Frames>(text: &str) -> ReadResult<F> {
    let mut blanks = F::blanks();
    let types: Vec<&str> = blanks.iter_mut().map(|b| b.fields().0).collect();
    let keys = all_keys(&mut blanks);
    let (mut found, mut r) = pass::<F>(text, &keys, &types, None)?;
    let Some((c, straight)) = found.chosen else {
        return Err(r.error(F::unknown(&found.kind, found.seen[0], &types)));
    };
    if !straight {
        (found, r) = pass::<F>(text, &keys, &types, Some(c))?;
    }
    let Pass {
        kind,
        seen,
        mut blanks,
        ..
    } = found;
    let fields = blanks[c].fields().1;
    let own: Vec<&str> = fields.iter().map(|(k, _)| *k).collect();
    let required: Vec<usize> = fields
        .iter()
        .filter(|(_, f)| !f.optional())
        .filter_map(|(k, _)| keys.iter().position(|key| key == k))
        .collect();
    drop(fields);
    let what = format!("a `{kind}` message");
    r.require(&what, &keys, &seen, &required)?;
    if let Some(extra) = (1..keys.len()).find(|&k| seen[k] && !own.contains(&keys[k])) {
        return Err(r.error(format!("{what} takes no key `{}`", keys[extra])));
    }
    Ok(blanks.swap_remove(c))
}
