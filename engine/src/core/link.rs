//! Game links: a whole game (game, options, seats, seed, every move) in a URL fragment
//! (`#g=…`), so it can be sent to someone who continues it. Pure: bytes in, bytes out.
//!
//! A link stores launches, never outcomes: whoever opens it re-simulates every shot from its
//! launch. Each shot carries a 16-bit check of the outcome the sender got ([`shot_check`]); a
//! shot that comes out otherwise means the link was changed or made by an incompatible build.
//!
//! Layout (docs/replay-format.md, "Links"): base64url (no padding) of one version byte and a raw
//! deflate stream. Decompressed: varints (LEB128) and zigzag varints; a string table (game id,
//! options, seat names, action and launcher names) that later fields index; the moves; the shot
//! checks; and a 32-bit FNV-1a of everything before it (a damaged link is refused whole).

use super::replay::{fnv1a, Replay, FNV_OFFSET, MAX_ARGS, MAX_OPTIONS, REPLAY_FORMAT};
use super::seat::MAX_SEATS;
use super::{Launch, LaunchKind, Move, Outcome, Refusal, RuleResult, Seat, SeatKind, Session};

/// The link layout this build writes and reads.
pub const LINK_VERSION: u8 = 1;
/// What precedes the payload in a URL.
pub const FRAGMENT: &str = "#g=";
/// Longest payload accepted (base64 characters), checked before anything is decoded.
pub const MAX_LINK_CHARS: usize = 32_000;
/// Largest decompressed payload accepted (bytes): inflating stops there.
pub const MAX_DECODED_BYTES: usize = 256 << 10;
/// Most moves a link may hold (the referee's selfplay cap).
pub const MAX_MOVES: usize = 5_000;
/// Longest string in a link (bytes).
const MAX_STRING: usize = 64;
/// Most strings in a link's table.
const MAX_STRINGS: usize = 256;

/// A decoded link: the game as a replay whose shots have launches and no outcomes, and the
/// sender's check of each shot's outcome, in order.
#[derive(Clone, Debug, PartialEq)]
pub struct LinkGame {
    pub replay: Replay,
    pub checks: Vec<u16>,
}

/// The 16-bit check of a shot's outcome: FNV-1a over its table hash and its facts.
pub fn shot_check(o: &Outcome) -> u16 {
    let mut h = fnv1a(FNV_OFFSET, o.hash.as_bytes());
    for f in &o.facts {
        h = fnv1a(h, f.what.as_bytes());
        for a in &f.args {
            h = fnv1a(h, &a.to_le_bytes());
        }
        h = fnv1a(h, b";");
    }
    (h ^ (h >> 16) ^ (h >> 32) ^ (h >> 48)) as u16
}

// ------------------------------------------------------------------ writing

pub(crate) fn put_uv(out: &mut Vec<u8>, mut v: u64) {
    loop {
        let b = (v & 0x7f) as u8;
        v >>= 7;
        if v == 0 {
            out.push(b);
            return;
        }
        out.push(b | 0x80);
    }
}

pub(crate) fn put_iv(out: &mut Vec<u8>, v: i64) {
    put_uv(out, ((v << 1) ^ (v >> 63)) as u64);
}

struct Strings(Vec<String>);

impl Strings {
    fn index(&mut self, s: &str) -> u64 {
        match self.0.iter().position(|t| t == s) {
            Some(i) => i as u64,
            None => {
                self.0.push(s.to_string());
                (self.0.len() - 1) as u64
            }
        }
    }
}

/// The link payload for a game (without the `#g=` in front). Every shot must have its launch
/// and the outcome it produced.
pub fn encode(r: &Replay) -> RuleResult<String> {
    if r.moves.len() > MAX_MOVES {
        return Err(Refusal(format!(
            "this game has {} moves, more than a link can hold ({MAX_MOVES})",
            r.moves.len()
        )));
    }
    let mut strings = Strings(Vec::new());
    let mut body = Vec::new();
    put_uv(&mut body, strings.index(&r.game));
    put_uv(&mut body, r.options.len() as u64);
    for o in &r.options {
        put_uv(&mut body, strings.index(o));
    }
    put_uv(&mut body, r.seed);
    put_uv(&mut body, r.seats.len() as u64);
    for s in &r.seats {
        put_uv(&mut body, strings.index(&s.name));
        let bot = u64::from(s.kind == SeatKind::Bot);
        put_uv(
            &mut body,
            ((s.colour as u64) << 1 | bot) + SEAT_LEVEL_STEP * level_code(s.level),
        );
    }
    put_uv(&mut body, r.moves.len() as u64);
    let mut checks = Vec::new();
    for (i, m) in r.moves.iter().enumerate() {
        put_uv(&mut body, m.seat as u64);
        put_uv(&mut body, strings.index(&m.action));
        if m.is_shot() {
            let (Some(l), Some(o)) = (&m.launch, &m.outcome) else {
                return Err(Refusal(format!(
                    "move {i}: only a shot with its launch and its outcome can be sent by link"
                )));
            };
            put_uv(&mut body, strings.index(l.kind.name()));
            for v in [l.angle, l.power, l.spin, l.x, l.y] {
                put_iv(&mut body, v as i64);
            }
            checks.push(shot_check(o));
        } else {
            put_uv(&mut body, m.args.len() as u64);
            for a in &m.args {
                put_iv(&mut body, *a);
            }
        }
    }
    for c in checks {
        body.extend_from_slice(&c.to_le_bytes());
    }
    if strings.0.len() > MAX_STRINGS || strings.0.iter().any(|s| s.len() > MAX_STRING) {
        return Err(Refusal::new("this game has names too long for a link"));
    }
    let mut plain = Vec::with_capacity(body.len() + 64);
    put_uv(&mut plain, strings.0.len() as u64);
    for s in &strings.0 {
        put_uv(&mut plain, s.len() as u64);
        plain.extend_from_slice(s.as_bytes());
    }
    plain.extend_from_slice(&body);
    GAME_LINK
        .seal(plain)
        .ok_or_else(|| Refusal::new("this game is too long to be sent by link"))
}

/// The wrapping every kind of link shares: a version byte, then the deflated body with its
/// checksum, in base64url after a fragment key, each with its own limits and name in messages.
pub(crate) struct Envelope {
    /// `#g=`, `#design=`.
    pub fragment: &'static str,
    pub version: u8,
    pub max_chars: usize,
    pub max_decoded: usize,
    /// What it holds, in messages: "game", "design".
    pub what: &'static str,
}

pub(crate) const GAME_LINK: Envelope = Envelope {
    fragment: FRAGMENT,
    version: LINK_VERSION,
    max_chars: MAX_LINK_CHARS,
    max_decoded: MAX_DECODED_BYTES,
    what: "game",
};

impl Envelope {
    /// Why a link cannot be opened, in words for the player.
    pub fn refused(&self, why: &str) -> Refusal {
        Refusal(format!("This {} link cannot be opened: {why}.", self.what))
    }

    /// The payload for `body` (checksummed, deflated, versioned), or None when it is over the
    /// limits.
    pub fn seal(&self, mut body: Vec<u8>) -> Option<String> {
        let sum = checksum(&body);
        body.extend_from_slice(&sum.to_le_bytes());
        if body.len() > self.max_decoded {
            return None;
        }
        let mut bytes = vec![self.version];
        bytes.extend(miniz_oxide::deflate::compress_to_vec(&body, 10));
        let text = base64url(&bytes);
        (text.len() <= self.max_chars).then_some(text)
    }

    /// The payload out of whatever was pasted: a whole URL, the fragment, `key=…` or the payload
    /// alone; anything after it (another fragment field) is not part of it.
    pub fn payload<'a>(&self, text: &'a str) -> &'a str {
        let t = text.trim();
        let key = &self.fragment[1..];
        let t = match t.find(self.fragment) {
            Some(i) => &t[i + self.fragment.len()..],
            None => t.strip_prefix(key).unwrap_or(t),
        };
        t.split('&').next().unwrap_or(t)
    }

    /// The body a link holds, checked against its limits, version and checksum before anything
    /// else reads it; a truncated, damaged, oversized or foreign one is refused in words.
    pub fn open(&self, text: &str) -> RuleResult<Vec<u8>> {
        let what = self.what;
        let p = self.payload(text);
        if p.is_empty() {
            return Err(self.refused(&format!("it holds no {what}")));
        }
        if p.len() > self.max_chars {
            return Err(self.refused(&format!("it is far longer than any {what} link")));
        }
        let bytes = unbase64url(p).map_err(|e| self.refused(e))?;
        let Some((&version, deflated)) = bytes.split_first() else {
            return Err(self.refused(CUT));
        };
        if version != self.version {
            return Err(self.refused(&if version > self.version {
                "it was made by a newer version of Catapult Table".to_string()
            } else {
                format!("it is not a {what} link of this version of Catapult Table")
            }));
        }
        let mut plain =
            miniz_oxide::inflate::decompress_to_vec_with_limit(deflated, self.max_decoded)
                .map_err(|e| match e.status {
                    miniz_oxide::inflate::TINFLStatus::HasMoreOutput => {
                        self.refused(&format!("it holds more than a {what} link may"))
                    }
                    miniz_oxide::inflate::TINFLStatus::FailedCannotMakeProgress => {
                        self.refused(CUT)
                    }
                    _ => self.refused(DAMAGED),
                })?;
        if plain.len() < 4 {
            return Err(self.refused(CUT));
        }
        let sum = plain.split_off(plain.len() - 4);
        if checksum(&plain) != u32::from_le_bytes([sum[0], sum[1], sum[2], sum[3]]) {
            return Err(self.refused(DAMAGED));
        }
        Ok(plain)
    }
}

/// `base + "#g=" + payload`.
pub fn url(base: &str, r: &Replay) -> RuleResult<String> {
    let base = base.split('#').next().unwrap_or(base);
    Ok(format!("{base}{FRAGMENT}{}", encode(r)?))
}

pub(crate) fn checksum(bytes: &[u8]) -> u32 {
    let h = fnv1a(FNV_OFFSET, bytes);
    (h ^ (h >> 32)) as u32
}

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

pub(crate) fn base64url(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, b)| n | (*b as u32) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(B64[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

pub(crate) fn unbase64url(text: &str) -> Result<Vec<u8>, &'static str> {
    if text.len() % 4 == 1 {
        return Err(CUT);
    }
    let mut out = Vec::with_capacity(text.len() / 4 * 3 + 2);
    let mut acc = 0u32;
    let mut bits = 0;
    for c in text.bytes() {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'-' | b'+' => 62,
            b'_' | b'/' => 63,
            _ => return Err("it contains characters a link never has"),
        };
        acc = acc << 6 | v as u32;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Ok(out)
}

// ------------------------------------------------------------------ reading

pub(crate) const CUT: &str =
    "it is incomplete or damaged (it may have been cut short when it was copied)";
pub(crate) const DAMAGED: &str =
    "it is damaged (some of it was changed or lost when it was copied)";

/// Why a game link cannot be opened, in words for the player.
fn refused(why: &str) -> Refusal {
    GAME_LINK.refused(why)
}

/// The payload out of whatever was pasted: a whole URL, `#g=…`, `g=…` or the payload alone.
pub fn payload(text: &str) -> &str {
    GAME_LINK.payload(text)
}

/// Decodes a link (or its payload) into the game it holds, refusing a truncated, damaged,
/// oversized or foreign link with a plain message. Limits are checked before allocating.
pub fn decode(text: &str) -> RuleResult<LinkGame> {
    let body = GAME_LINK.open(text)?;
    read_body(&body).map_err(refused)
}

pub(crate) struct Bytes<'a> {
    pub(crate) b: &'a [u8],
    pub(crate) at: usize,
}

impl<'a> Bytes<'a> {
    pub(crate) fn left(&self) -> usize {
        self.b.len() - self.at
    }

    pub(crate) fn uv(&mut self) -> Result<u64, &'static str> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let b = *self.b.get(self.at).ok_or(CUT)?;
            self.at += 1;
            if shift == 63 && b > 1 {
                return Err(DAMAGED);
            }
            v |= ((b & 0x7f) as u64) << shift;
            if b & 0x80 == 0 {
                return Ok(v);
            }
        }
        Err(DAMAGED)
    }

    pub(crate) fn count(&mut self, max: usize) -> Result<usize, &'static str> {
        let n = self.uv()?;
        // Every counted item takes at least one byte: a count beyond what is left is a lie.
        if n > max as u64 || n > self.left() as u64 {
            return Err(DAMAGED);
        }
        Ok(n as usize)
    }

    pub(crate) fn iv(&mut self) -> Result<i64, &'static str> {
        let u = self.uv()?;
        Ok((u >> 1) as i64 ^ -((u & 1) as i64))
    }

    pub(crate) fn i32(&mut self) -> Result<i32, &'static str> {
        i32::try_from(self.iv()?).map_err(|_| DAMAGED)
    }

    pub(crate) fn take(&mut self, n: usize) -> Result<&'a [u8], &'static str> {
        if n > self.left() {
            return Err(CUT);
        }
        let s = &self.b[self.at..self.at + n];
        self.at += n;
        Ok(s)
    }

    fn string<'s>(&mut self, table: &'s [String]) -> Result<&'s str, &'static str> {
        let i = self.uv()?;
        table
            .get(usize::try_from(i).map_err(|_| DAMAGED)?)
            .map(|s| s.as_str())
            .ok_or(DAMAGED)
    }
}

fn read_body(b: &[u8]) -> Result<LinkGame, &'static str> {
    let mut r = Bytes { b, at: 0 };
    let n = r.count(MAX_STRINGS)?;
    let mut table = Vec::with_capacity(n);
    for _ in 0..n {
        let len = r.count(MAX_STRING)?;
        let s = std::str::from_utf8(r.take(len)?).map_err(|_| DAMAGED)?;
        table.push(s.to_string());
    }
    let game = r.string(&table)?.to_string();
    let n_opts = r.count(MAX_OPTIONS)?;
    let mut options = Vec::with_capacity(n_opts);
    for _ in 0..n_opts {
        options.push(r.string(&table)?.to_string());
    }
    let seed = r.uv()?;
    let n_seats = r.count(MAX_SEATS)?;
    if n_seats == 0 {
        return Err(DAMAGED);
    }
    let mut seats = Vec::with_capacity(n_seats);
    for _ in 0..n_seats {
        let name = r.string(&table)?.to_string();
        let coded = r.uv()?;
        let level = level_of_code(coded / SEAT_LEVEL_STEP).ok_or(DAMAGED)?;
        let v = coded % SEAT_LEVEL_STEP;
        let colour = u32::try_from(v >> 1).map_err(|_| DAMAGED)?;
        if colour as usize >= MAX_SEATS {
            return Err(DAMAGED);
        }
        let kind = if v & 1 == 1 {
            SeatKind::Bot
        } else {
            SeatKind::Human
        };
        seats.push(Seat {
            name,
            kind,
            colour,
            level,
        });
    }
    let n_moves = r.count(MAX_MOVES)?;
    let mut moves = Vec::with_capacity(n_moves);
    let mut shots = 0;
    for _ in 0..n_moves {
        let seat = r.uv()?;
        if seat >= n_seats as u64 {
            return Err(DAMAGED);
        }
        let action = r.string(&table)?;
        let mut mv = Move::decide(seat as usize, action, &[]);
        if mv.is_shot() {
            let kind = LaunchKind::from_name(r.string(&table)?).ok_or(DAMAGED)?;
            mv.launch = Some(Launch {
                kind,
                angle: r.i32()?,
                power: r.i32()?,
                spin: r.i32()?,
                x: r.i32()?,
                y: r.i32()?,
            });
            shots += 1;
        } else {
            let n_args = r.count(MAX_ARGS)?;
            for _ in 0..n_args {
                mv.args.push(r.iv()?);
            }
        }
        moves.push(mv);
    }
    if r.left() != shots * 2 {
        return Err(DAMAGED);
    }
    let checks = r
        .take(shots * 2)?
        .chunks(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect();
    Ok(LinkGame {
        replay: Replay {
            format: REPLAY_FORMAT,
            game,
            options,
            seats,
            seed,
            commitment: None,
            salt: None,
            moves,
        },
        checks,
    })
}

// ------------------------------------------------------------------ opening

/// A link being opened move by move (the app spreads it over frames and shows the progress).
pub struct Opening {
    pub link: LinkGame,
    next: usize,
    shot: usize,
}

impl Opening {
    pub fn new(link: LinkGame) -> Self {
        Opening {
            link,
            next: 0,
            shot: 0,
        }
    }

    /// Moves played so far and in all.
    pub fn progress(&self) -> (usize, usize) {
        (self.next, self.link.replay.moves.len())
    }

    pub fn done(&self) -> bool {
        self.next >= self.link.replay.moves.len()
    }

    /// Plays the next move into `session`: a decision as written, a shot re-simulated from its
    /// launch and its outcome checked against the sender's.
    pub fn step(&mut self, session: &mut Session) -> RuleResult<()> {
        let i = self.next;
        let Some(mv) = self.link.replay.moves.get(i) else {
            return Ok(());
        };
        let mut mv = mv.clone();
        mv.outcome = None;
        session.play(mv.clone()).map_err(|e| {
            Refusal(format!(
                "This game link cannot be opened: move {} is not a legal move ({e}).",
                i + 1
            ))
        })?;
        if mv.is_shot() {
            let got = session
                .replay
                .moves
                .last()
                .and_then(|m| m.outcome.as_ref())
                .map(shot_check);
            if got != self.link.checks.get(self.shot).copied() {
                return Err(changed(i));
            }
            self.shot += 1;
        }
        self.next += 1;
        Ok(())
    }
}

/// Plays a decoded link into a fresh session of its game (made by the caller from
/// `link.replay`'s header): every decision as written, every shot re-simulated from its launch
/// and its outcome checked against the sender's. Refuses at the first move that does not hold.
pub fn play_into(session: &mut Session, link: &LinkGame) -> RuleResult<()> {
    let mut o = Opening::new(link.clone());
    while !o.done() {
        o.step(session)?;
    }
    Ok(())
}

/// The refusal for a shot that does not come out as it did for the sender.
pub fn changed(move_index: usize) -> Refusal {
    Refusal(format!(
        "This game link was changed or is from an incompatible version of Catapult Table: \
         the shot at move {} does not land as it did for the sender.",
        move_index + 1
    ))
}

/// A seat's varint is `colour·2 + bot + 20·level` with Normal = 0, Easy = 1, Hard = 2: a link
/// made before levels existed (every value below 20) reads as Normal seats.
const SEAT_LEVEL_STEP: u64 = 2 * MAX_SEATS as u64;

fn level_code(level: crate::core::Level) -> u64 {
    match level {
        crate::core::Level::Normal => 0,
        crate::core::Level::Easy => 1,
        crate::core::Level::Hard => 2,
    }
}

fn level_of_code(code: u64) -> Option<crate::core::Level> {
    [
        crate::core::Level::Normal,
        crate::core::Level::Easy,
        crate::core::Level::Hard,
    ]
    .into_iter()
    .find(|&l| level_code(l) == code)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::seat::default_seats;
    use crate::core::Fact;

    fn sample() -> Replay {
        let mut r = Replay::new(
            "castle",
            &["experts".into()],
            default_seats(3, SeatKind::Bot),
            u64::MAX - 3,
        );
        r.seats[0].name = "Ådá ✓".into();
        r.seats[0].kind = SeatKind::Human;
        r.seats[2].colour = 9;
        r.moves
            .push(Move::decide(0, "place", &[-5, i64::MIN, i64::MAX]));
        let mut shot = Move::shot(
            1,
            Launch {
                kind: LaunchKind::Catapult,
                angle: 3599,
                power: 1000,
                spin: -1000,
                x: i32::MIN,
                y: i32::MAX,
            },
        );
        shot.outcome = Some(Outcome {
            facts: vec![Fact::new("ammo_in_tower", &[7, 3])],
            steps: 214,
            hash: "9f0c2a7d11e0b3c4".into(),
        });
        r.moves.push(shot);
        r.moves.push(Move::decide(2, "pass", &[]));
        r
    }

    #[test]
    fn a_link_round_trips_everything_but_the_outcomes() {
        let r = sample();
        let text = encode(&r).unwrap_or_else(|e| panic!("{e}"));
        assert!(text.bytes().all(|c| B64.contains(&c)), "{text}");
        let back = decode(&url("https://x.example/play?seed=1#old", &r).unwrap_or_default())
            .unwrap_or_else(|e| panic!("{e}"));
        let mut want = r.clone();
        let o = want.moves[1].outcome.take().unwrap_or_default();
        assert_eq!(back.replay, want);
        assert_eq!(back.checks, vec![shot_check(&o)]);
        assert_eq!(decode(&text), Ok(back));
    }

    #[test]
    fn a_link_keeps_each_bot_seats_level() {
        let mut r = sample();
        r.seats[1].level = crate::core::Level::Hard;
        r.seats[2].level = crate::core::Level::Easy;
        r.moves.truncate(1);
        let back =
            decode(&encode(&r).unwrap_or_else(|e| panic!("{e}"))).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(back.replay.seats, r.seats);
    }

    #[test]
    fn base64url_round_trips_every_length() {
        for n in 0..40u8 {
            let bytes: Vec<u8> = (0..n).map(|i| i.wrapping_mul(97)).collect();
            assert_eq!(unbase64url(&base64url(&bytes)), Ok(bytes));
        }
    }

    #[test]
    fn a_shot_without_its_outcome_cannot_be_linked() {
        let mut r = sample();
        r.moves[1].outcome = None;
        let e = encode(&r).err().map(|e| e.0).unwrap_or_default();
        assert!(e.contains("move 1"), "{e}");
        r.moves[1] = Move::outcome_only(1, vec![]);
        assert!(encode(&r).is_err());
    }

    #[test]
    fn the_check_sees_the_hash_and_every_fact() {
        let o = Outcome {
            facts: vec![Fact::new("a", &[1, 2])],
            steps: 1,
            hash: "0000000000000001".into(),
        };
        let mut p = o.clone();
        p.hash = "0000000000000002".into();
        let mut q = o.clone();
        q.facts[0].args[1] = 3;
        let mut s = o.clone();
        s.steps = 9;
        assert_ne!(shot_check(&o), shot_check(&p));
        assert_ne!(shot_check(&o), shot_check(&q));
        assert_eq!(shot_check(&o), shot_check(&s), "steps are not an outcome");
    }

    #[test]
    fn refusals_say_what_is_wrong_in_plain_words() {
        let text = encode(&sample()).unwrap_or_default();
        let msg = |t: &str| decode(t).err().map(|e| e.0).unwrap_or_default();
        assert!(msg("").contains("holds no game"));
        assert!(msg(&text[..text.len() / 2]).contains("cut short"));
        assert!(msg(&format!("{text}%")).contains("characters"));
        assert!(msg(&"A".repeat(MAX_LINK_CHARS + 4)).contains("longer"));
        let newer = format!("Ag{}", &text[2..]);
        assert!(msg(&newer).contains("newer version"), "{}", msg(&newer));
        // A zip bomb: a tiny link that inflates past the limit.
        let mut bomb = vec![LINK_VERSION];
        bomb.extend(miniz_oxide::deflate::compress_to_vec(
            &vec![0u8; MAX_DECODED_BYTES + 1],
            10,
        ));
        let bomb = base64url(&bomb);
        assert!(bomb.len() < 2000);
        assert!(
            msg(&bomb).contains("more than a game link may"),
            "{}",
            msg(&bomb)
        );
    }

    #[test]
    fn thousands_of_damaged_links_are_refused_and_none_panics() {
        let text = encode(&sample()).unwrap_or_default();
        let mut rng = crate::core::Rng::new(77);
        let chars: Vec<char> = text.chars().collect();
        let mut accepted_changed = 0;
        for i in 0..5000 {
            let mut c = chars.clone();
            match i % 4 {
                0 => c.truncate(rng.below(c.len() as u32) as usize),
                1 => {
                    let at = rng.below(c.len() as u32) as usize;
                    c[at] = B64[rng.below(64) as usize] as char;
                }
                2 => {
                    let at = rng.below(c.len() as u32) as usize;
                    c.remove(at);
                }
                _ => {
                    for _ in 0..3 {
                        let at = rng.below(c.len() as u32) as usize;
                        c[at] = B64[rng.below(64) as usize] as char;
                    }
                }
            }
            let t: String = c.into_iter().collect();
            if t == text {
                continue;
            }
            if let Ok(g) = decode(&t) {
                // Only a change in the last character's unused bits can decode to the same game.
                assert_eq!(Ok(&g), decode(&text).as_ref(), "{t}");
                accepted_changed += 1;
            }
        }
        assert!(accepted_changed < 50, "{accepted_changed}");
    }

    #[test]
    fn random_bytes_after_a_valid_version_never_panic() {
        let mut rng = crate::core::Rng::new(5);
        for n in 0..2000 {
            let len = (n % 200) as usize;
            let mut bytes = vec![LINK_VERSION];
            bytes.extend((0..len).map(|_| rng.below(256) as u8));
            assert!(decode(&base64url(&bytes)).is_err());
            // And random but well-formed deflate of random bodies (checksum then fixed up).
            let mut body: Vec<u8> = (0..len).map(|_| rng.below(256) as u8).collect();
            let sum = checksum(&body);
            body.extend_from_slice(&sum.to_le_bytes());
            let mut b = vec![LINK_VERSION];
            b.extend(miniz_oxide::deflate::compress_to_vec(&body, 1));
            let _ = decode(&base64url(&b));
        }
    }

    #[test]
    fn counts_beyond_the_limits_are_refused_before_allocating() {
        // A body that claims u64::MAX strings, then one that claims too many moves.
        for body in [
            vec![0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01],
            vec![1, 1, b'g', 0, 0, 0, 1, 0, 0, 0x89, 0x27],
        ] {
            let mut b = body.clone();
            b.extend_from_slice(&checksum(&body).to_le_bytes());
            let mut link = vec![LINK_VERSION];
            link.extend(miniz_oxide::deflate::compress_to_vec(&b, 6));
            let e = decode(&base64url(&link)).err().map(|e| e.0);
            assert!(e.unwrap_or_default().contains("damaged"));
        }
        let mut r = sample();
        let m = r.moves[2].clone();
        r.moves = vec![m; MAX_MOVES + 1];
        assert!(encode(&r).is_err());
    }
}
