//! The one codec of the online frames. A direction's frames (`Frames`) and the objects inside
//! them (`Record`) each list their keys once, as `Field`s borrowed from the value; writing walks
//! that list, and reading fills it through the strict reader (`core::strict_json`), which refuses
//! unknown keys, duplicates and out-of-range numbers with the line and the column.

use super::protocol::{Phase, SeatInfo, SeatPlan, SeatRequest, MAX_PLAYER_NAME, TOKEN_LEN};
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
    U64(&'a mut u64, &'static str),
    Bool(&'a mut bool, &'static str),
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
    /// An object inside the frame, with its own keys.
    Record(&'a mut dyn Record, &'static str),
}

/// A key and its value: the unit every key list is made of.
pub type Keyed<'a> = (&'static str, Field<'a>);

/// An object with a fixed set of keys (all required but an absent `Token`).
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
        if matches!(field, Field::Token(None)) {
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
    fn write(&mut self, out: &mut String) {
        match self {
            Field::Text(s, ..) => quote(out, s),
            Field::Token(t) => quote(out, t.as_deref().unwrap_or("")),
            Field::U64(v, _) => out.push_str(&v.to_string()),
            Field::Bool(b, _) => out.push_str(if **b { "true" } else { "false" }),
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
            Field::Record(rec, _) => write_object(out, None, &mut rec.fields()),
        }
    }

    fn read(&mut self, r: &mut Reader) -> ReadResult<()> {
        match self {
            Field::Text(s, what, max) => **s = r.string(what, *max)?,
            Field::Token(t) => **t = Some(r.string("a seat token", TOKEN_LEN)?),
            Field::U64(v, what) => **v = r.u64(what)?,
            Field::Bool(b, what) => **b = r.bool(what)?,
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
            Field::Record(rec, what) => read_record(r, what, &mut **rec)?,
        }
        Ok(())
    }
}

fn read_record(r: &mut Reader, what: &str, rec: &mut dyn Record) -> ReadResult<()> {
    let mut fields = rec.fields();
    let keys: Vec<&str> = fields.iter().map(|(k, _)| *k).collect();
    let seen = r.object(what, &keys, |r, k| fields[k].1.read(r))?;
    let required: Vec<usize> = (0..keys.len())
        .filter(|&k| !matches!(fields[k].1, Field::Token(_)))
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
        .filter(|(_, f)| !matches!(f, Field::Token(_)))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::online::protocol::{ClientFrame, RoomView, ServerFrame, You, MAX_SERVER_FRAME};

    fn refusal(text: &str) -> String {
        ClientFrame::parse(text)
            .err()
            .map(|e| e.0)
            .unwrap_or_default()
    }

    #[test]
    fn frames_are_written_byte_for_byte_as_the_browser_and_the_tests_read_them() {
        let pass = Move::decide(1, "pass", &[]).serialize_json();
        let create = ClientFrame::Create {
            game: "castle".into(),
            options: vec!["a".into(), "b".into()],
            seats: vec![
                SeatRequest {
                    plan: SeatPlan::Here,
                    name: "Ann".into(),
                },
                SeatRequest {
                    plan: SeatPlan::Bot(Level::Hard),
                    name: "Bot".into(),
                },
            ],
        };
        let seat = SeatInfo {
            plan: SeatPlan::Bot(Level::Easy),
            name: "B".into(),
            taken: true,
            online: false,
        };
        let room = RoomView {
            room: "0123456789abcdef".into(),
            game: "castle".into(),
            options: vec![],
            seed: 9,
            seats: vec![seat.clone()],
            phase: Phase::Over,
            moves: vec![Move::decide(1, "pass", &[])],
            hash: "h".into(),
        };
        let welcome = |token: Option<String>| ServerFrame::Welcome {
            you: You {
                seats: vec![0, 2],
                host: false,
                token,
            },
            room: room.clone(),
        };
        let seat_json = r#"{"kind":"bot","name":"B","level":"easy","taken":true,"online":false}"#;
        let room_json = format!(
            r#"{{"code":"0123456789abcdef","game":"castle","options":[],"seed":9,"seats":[{seat_json}],"phase":"over","moves":[{pass}],"hash":"h"}}"#
        );
        for (text, want) in [
            (
                create.to_json(),
                r#"{"type":"create","game":"castle","options":["a","b"],"seats":[{"kind":"here","name":"Ann"},{"kind":"bot","name":"Bot","level":"hard"}]}"#.to_string(),
            ),
            (
                ClientFrame::Join {
                    room: "r".into(),
                    name: "N \"q\"".into(),
                }
                .to_json(),
                r#"{"type":"join","room":"r","name":"N \"q\""}"#.into(),
            ),
            (
                ClientFrame::Resume {
                    room: "r".into(),
                    token: "t".into(),
                }
                .to_json(),
                r#"{"type":"resume","room":"r","token":"t"}"#.into(),
            ),
            (
                ClientFrame::Watch { room: "r".into() }.to_json(),
                r#"{"type":"watch","room":"r"}"#.into(),
            ),
            (ClientFrame::Start.to_json(), r#"{"type":"start"}"#.into()),
            (ClientFrame::Ping.to_json(), r#"{"type":"ping"}"#.into()),
            (
                ClientFrame::Move {
                    seq: 4,
                    mv: Move::decide(1, "pass", &[]),
                }
                .to_json(),
                format!(r#"{{"type":"move","seq":4,"move":{pass}}}"#),
            ),
            (
                welcome(Some("tok".into())).to_json(),
                format!(
                    r#"{{"type":"welcome","you":{{"seats":[0,2],"host":false,"token":"tok"}},"room":{room_json}}}"#
                ),
            ),
            (
                welcome(None).to_json(),
                format!(r#"{{"type":"welcome","you":{{"seats":[0,2],"host":false}},"room":{room_json}}}"#),
            ),
            (
                ServerFrame::Seats { seats: vec![seat] }.to_json(),
                format!(r#"{{"type":"seats","seats":[{seat_json}]}}"#),
            ),
            (
                ServerFrame::Started { hash: "h".into() }.to_json(),
                r#"{"type":"started","hash":"h"}"#.into(),
            ),
            (
                ServerFrame::Moved {
                    seq: 2,
                    mv: Move::decide(1, "pass", &[]),
                    hash: "h".into(),
                    over: true,
                }
                .to_json(),
                format!(r#"{{"type":"moved","seq":2,"move":{pass},"hash":"h","over":true}}"#),
            ),
            (
                ServerFrame::Refused { why: "no".into() }.to_json(),
                r#"{"type":"refused","why":"no"}"#.into(),
            ),
            (ServerFrame::Pong.to_json(), r#"{"type":"pong"}"#.into()),
        ] {
            assert_eq!(text, want);
        }
    }

    #[test]
    fn the_blanks_name_every_type_once_and_each_blank_round_trips() {
        for (types, round_trips) in [
            (
                ClientFrame::blanks()
                    .iter_mut()
                    .map(|b| b.fields().0)
                    .collect::<Vec<_>>(),
                ClientFrame::blanks()
                    .into_iter()
                    .all(|b| ClientFrame::parse(&b.to_json()) == Ok(b)),
            ),
            (
                ServerFrame::blanks()
                    .iter_mut()
                    .map(|b| b.fields().0)
                    .collect::<Vec<_>>(),
                ServerFrame::blanks()
                    .into_iter()
                    .all(|b| ServerFrame::parse(&b.to_json()) == Ok(b)),
            ),
        ] {
            let mut unique = types.clone();
            unique.sort();
            unique.dedup();
            assert_eq!(unique.len(), types.len(), "{types:?}");
            assert!(round_trips, "{types:?}");
        }
        assert_eq!(ClientFrame::blanks().len(), 7);
        assert_eq!(ServerFrame::blanks().len(), 6);
    }

    #[test]
    fn a_frame_whose_type_comes_last_is_read_the_same() {
        assert_eq!(
            ClientFrame::parse(r#"{"name":"Ben","room":"r","type":"join"}"#),
            Ok(ClientFrame::Join {
                room: "r".into(),
                name: "Ben".into(),
            })
        );
        assert_eq!(
            ServerFrame::parse(
                r#"{"over":false,"hash":"h","move":{"seat":0,"action":"pass"},"seq":1,"type":"moved"}"#
            ),
            Ok(ServerFrame::Moved {
                seq: 1,
                mv: Move::decide(0, "pass", &[]),
                hash: "h".into(),
                over: false,
            })
        );
        // Limits are the named type's, also when it comes last.
        assert!(refusal(&format!(
            r#"{{"name":"{}","room":"r","type":"join"}}"#,
            "n".repeat(25)
        ))
        .contains("longer than 24 characters"));
        assert!(refusal(r#"{"seq":1,"type":"join","room":"r","name":"n"}"#)
            .contains("a `join` message takes no key `seq`"));
    }

    #[test]
    fn refusals_name_the_line_the_column_and_the_reason() {
        for (text, says) in [
            ("{\n \"type\": \"ping\",\n \"x\": 1}", "line 3, column 2: unknown key `x` in the message (the keys are: type, game, options, seats, room, name, token, seq, move)"),
            ("{\"type\":\"ping\",\"type\":\"ping\"}", "line 1, column 16: key `type` is given twice in the message"),
            ("{\"type\":\"move\",\"seq\":18446744073709551616,\"move\":{\"seat\":0,\"action\":\"a\"}}", "line 1, column 22: seq"),
            ("{\"type\":\"move\",\"seq\":1.5,\"move\":{\"seat\":0,\"action\":\"a\"}}", "line 1, column"),
            ("{\"type\":\"move\",\"seq\":1,\"move\":{\"seat\":0,\"action\":\"a\"},\"move\":{}}", "given twice"),
            ("{\"type\":\"flyaway\"}", "unknown message type `flyaway` (the types are: create, join, resume, watch, start, move, ping)"),
            ("{\"room\":\"r\"}", "the message lacks the key `type`"),
            ("{\"type\":\"watch\",\"room\":\"0123456789abcdefg\"}", "text longer than 16 characters"),
            ("{\"type\":\"create\",\"game\":\"castle\",\"options\":[],\"seats\":[{\"kind\":\"bot\",\"name\":\"b\",\"level\":\"godlike\"}]}", "a bot's level is `easy`, `normal` or `hard`, not `godlike`"),
        ] {
            let got = refusal(text);
            assert!(got.starts_with("not a valid message: "), "{text}: {got}");
            assert!(got.contains(says), "{text}: {got}");
        }
    }

    #[test]
    fn malformed_server_frames_are_refused_with_the_reason() {
        let seat = r#"{"kind":"here","name":"A","taken":true,"online":true}"#;
        let room = format!(
            r#"{{"code":"0123456789abcdef","game":"castle","options":[],"seed":1,"seats":[{seat}],"phase":"waiting","moves":[],"hash":""}}"#
        );
        let good =
            format!(r#"{{"type":"welcome","you":{{"seats":[0],"host":true}},"room":{room}}}"#);
        assert!(ServerFrame::parse(&good).is_ok());
        for (text, says) in [
            (
                r#"{"type":"boom"}"#.to_string(),
                "unknown server message `boom`",
            ),
            (
                r#"{"type":"moved","seq":1}"#.into(),
                "a `moved` message lacks the key `move`",
            ),
            (
                r#"{"type":"pong","why":"x"}"#.into(),
                "a `pong` message takes no key `why`",
            ),
            (
                r#"{"type":"pong","code":"x"}"#.into(),
                "unknown key `code` in the server's message",
            ),
            (
                r#"{"type":"welcome","you":{"seats":[0],"host":true}}"#.into(),
                "lacks the key `room`",
            ),
            (
                good.replace("\"host\":true", "\"host\":1"),
                "host (true or false)",
            ),
            (
                good.replace("\"host\":true", "\"host\":true,\"extra\":1"),
                "unknown key `extra` in you",
            ),
            (good.replace("\"seats\":[0]", "\"seats\":[10]"), "a seat"),
            (
                good.replace("\"waiting\"", "\"paused\""),
                "unknown phase `paused`",
            ),
            (
                good.replace(",\"hash\":\"\"", ""),
                "the room lacks the key `hash`",
            ),
            (
                good.replace("\"here\"", "\"alien\""),
                "seat 0: unknown kind `alien`",
            ),
            (
                good.replace(",\"online\":true", ""),
                "seat 0 lacks the key `online`",
            ),
            (good.replace("\"seed\":1", "\"seed\":-1"), "seed"),
        ] {
            let got = ServerFrame::parse(&text)
                .err()
                .map(|e| e.0)
                .unwrap_or_default();
            assert!(
                got.starts_with("not a valid server message: line 1, column "),
                "{text}: {got}"
            );
            assert!(got.contains(says), "{text}: {got}");
        }
        let big = "x".repeat(MAX_SERVER_FRAME + 1);
        assert!(ServerFrame::parse(&big)
            .err()
            .is_some_and(|e| e.0.contains("at most 16777216 bytes")));
    }
}
