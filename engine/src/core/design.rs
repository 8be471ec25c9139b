//! Designs: a built Assault card castle, a Feud fortress or a Castle solo arrangement, under a
//! name, as a link (`#design=…`) that opens in the designer. Pure: bytes in, bytes out.
//!
//! A design is a list of rows of four integers whose meaning belongs to its game (a card's pose,
//! a piece's drop point, a square's tower count); the game checks a design by building it
//! through its own placement rules (`games::designs::check`), so a link cannot smuggle in a
//! castle the rules would not let a player build.
//!
//! Layout (docs/replay-format.md, "Design links"): base64url (no padding) of one version byte
//! and a raw deflate stream. Decompressed: the game id and the name (each a varint length and
//! UTF-8 bytes), the number of rows, each row as four zigzag varints, and a 32-bit FNV-1a of
//! everything before it. The link machinery (varints, base64url, the checksum) is `core::link`'s.

use super::link::{checksum, put_iv, put_uv, Bytes, Envelope, DAMAGED};
use super::{Refusal, RuleResult};

/// The design link layout this build writes and reads.
pub const DESIGN_VERSION: u8 = 1;
/// What precedes the payload in a URL.
pub const FRAGMENT: &str = "#design=";
/// Longest payload accepted (base64 characters), checked before anything is decoded.
pub const MAX_DESIGN_CHARS: usize = 2_000;
/// Largest decompressed payload accepted (bytes).
const MAX_DECODED: usize = 4_096;
/// Most rows a design may have (a Feud fortress has 17, a Castle arrangement 16).
pub const MAX_ROWS: usize = 40;
/// Longest design name, in characters.
pub const MAX_NAME_CHARS: usize = 32;
/// Longest game id in a design link (bytes).
const MAX_GAME_ID: usize = 16;
/// Every number in a row stays within this (a table is a few metres of tenths of a mm).
pub const MAX_VALUE: i32 = 1_000_000;

/// A design: which game, its name, and its rows (meaning given by the game).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Design {
    pub game: String,
    pub name: String,
    pub rows: Vec<[i32; 4]>,
}

impl Design {
    /// A 32-bit digest of the rows (the poses), for tests to compare two designers' tables.
    pub fn digest(&self) -> u32 {
        let mut bytes = Vec::with_capacity(self.rows.len() * 16);
        for r in &self.rows {
            for v in r {
                bytes.extend_from_slice(&v.to_le_bytes());
            }
        }
        checksum(&bytes)
    }
}

/// A name as players may give it: plain text (control characters dropped, runs of spaces
/// squeezed), trimmed, at most `MAX_NAME_CHARS` characters. Empty when nothing is left.
pub fn clean_name(raw: &str) -> String {
    let mut out = String::new();
    let mut space = false;
    for c in raw.chars() {
        if c.is_control() || c.is_whitespace() {
            space = !out.is_empty();
            continue;
        }
        if out.chars().count() >= MAX_NAME_CHARS {
            break;
        }
        if space {
            out.push(' ');
            space = false;
        }
        out.push(c);
    }
    out.chars().take(MAX_NAME_CHARS).collect()
}

/// A design link's wrapping: the game link's, with its own key, version and limits.
const DESIGN_LINK: Envelope = Envelope {
    fragment: FRAGMENT,
    version: DESIGN_VERSION,
    max_chars: MAX_DESIGN_CHARS,
    max_decoded: MAX_DECODED,
    what: "design",
};

fn refused(why: &str) -> Refusal {
    DESIGN_LINK.refused(why)
}

/// The link payload for a design (without `#design=` in front).
pub fn encode(d: &Design) -> RuleResult<String> {
    if d.rows.is_empty() || d.rows.len() > MAX_ROWS {
        return Err(Refusal(format!(
            "a design has 1 to {MAX_ROWS} pieces, not {}",
            d.rows.len()
        )));
    }
    if d.game.is_empty() || d.game.len() > MAX_GAME_ID {
        return Err(Refusal::new("this design is for no known game"));
    }
    if d.rows.iter().flatten().any(|v| v.abs() > MAX_VALUE) {
        return Err(Refusal::new("a piece of this design is far off the table"));
    }
    let name = clean_name(&d.name);
    let mut plain = Vec::new();
    for s in [d.game.as_str(), name.as_str()] {
        put_uv(&mut plain, s.len() as u64);
        plain.extend_from_slice(s.as_bytes());
    }
    put_uv(&mut plain, d.rows.len() as u64);
    for r in &d.rows {
        for v in r {
            put_iv(&mut plain, *v as i64);
        }
    }
    DESIGN_LINK
        .seal(plain)
        .ok_or_else(|| Refusal::new("this design is too big for a link"))
}

/// `base + "#design=" + payload`.
pub fn url(base: &str, d: &Design) -> RuleResult<String> {
    let base = base.split('#').next().unwrap_or(base);
    Ok(format!("{base}{FRAGMENT}{}", encode(d)?))
}

/// Whether a pasted text or a page's fragment is a design link (not a game link).
pub fn is_design_link(text: &str) -> bool {
    let t = text.trim();
    t.contains(FRAGMENT) || t.starts_with("design=")
}

/// The payload out of whatever was pasted: a whole URL, `#design=…`, `design=…` or the payload.
pub fn payload(text: &str) -> &str {
    DESIGN_LINK.payload(text)
}

/// Decodes a design link (or its payload), refusing a truncated, damaged, oversized or foreign
/// one with a plain message. This only reads the bytes: whether the design can be built is for
/// its game to say (`games::designs::check`).
pub fn decode(text: &str) -> RuleResult<Design> {
    let body = DESIGN_LINK.open(text)?;
    read_body(&body).map_err(refused)
}

fn read_body(b: &[u8]) -> Result<Design, &'static str> {
    let mut r = Bytes { b, at: 0 };
    let mut text = |max: usize| -> Result<String, &'static str> {
        let n = r.count(max)?;
        let s = std::str::from_utf8(r.take(n)?).map_err(|_| DAMAGED)?;
        Ok(s.to_string())
    };
    let game = text(MAX_GAME_ID)?;
    let name = text(MAX_NAME_CHARS * 4)?;
    if game.is_empty() || clean_name(&name) != name {
        return Err(DAMAGED);
    }
    let n = r.count(MAX_ROWS)?;
    if n == 0 {
        return Err("it holds no pieces");
    }
    let mut rows = Vec::with_capacity(n);
    for _ in 0..n {
        let mut row = [0i32; 4];
        for v in &mut row {
            *v = r.i32()?;
            if v.abs() > MAX_VALUE {
                return Err("a piece in it is far off the table");
            }
        }
        rows.push(row);
    }
    if r.left() != 0 {
        return Err(DAMAGED);
    }
    Ok(Design { game, name, rows })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::link::base64url;

    fn sample() -> Design {
        Design {
            game: "feud".into(),
            name: "Ådá's keep ✓".into(),
            rows: vec![
                [1, 1500, 40, 0],
                [0, -130, 100, 900],
                [0, MAX_VALUE, -MAX_VALUE, 3599],
            ],
        }
    }

    #[test]
    fn a_design_round_trips() {
        let d = sample();
        let u = url("https://x.example/?seed=2#g=old", &d).unwrap_or_default();
        assert!(u.starts_with("https://x.example/?seed=2#design="), "{u}");
        assert!(is_design_link(&u) && !is_design_link("#g=abc"));
        assert_eq!(decode(&u), Ok(d.clone()));
        assert_eq!(decode(&format!("design={}&pace=quick", payload(&u))), Ok(d));
    }

    #[test]
    fn names_are_plain_capped_text() {
        assert_eq!(clean_name("  My\tcastle\n\u{7}  two  "), "My castle two");
        assert_eq!(clean_name(&"x".repeat(99)).chars().count(), MAX_NAME_CHARS);
        assert_eq!(clean_name("\n\t "), "");
        let mut d = sample();
        d.name = "a\u{1b}[31mb".into();
        let back = decode(&encode(&d).unwrap_or_default()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(back.name, "a [31mb");
    }

    #[test]
    fn impossible_sizes_are_refused_before_writing() {
        let mut d = sample();
        d.rows.clear();
        assert!(encode(&d).is_err());
        d.rows = vec![[0; 4]; MAX_ROWS + 1];
        assert!(encode(&d).is_err());
        d.rows = vec![[0, MAX_VALUE + 1, 0, 0]];
        assert!(encode(&d).is_err());
    }

    #[test]
    fn refusals_say_what_is_wrong_in_plain_words() {
        let text = encode(&sample()).unwrap_or_default();
        let msg = |t: &str| decode(t).err().map(|e| e.0).unwrap_or_default();
        assert!(msg("#design=").contains("holds no design"));
        assert!(msg(&text[..text.len() / 2]).contains("cut short"));
        assert!(msg(&format!("{}*{}", &text[..4], &text[5..])).contains("characters"));
        assert!(msg(&"A".repeat(MAX_DESIGN_CHARS + 1)).contains("longer"));
        assert!(msg(&format!("Ag{}", &text[2..])).contains("newer version"));
        let mut bomb = vec![DESIGN_VERSION];
        bomb.extend(miniz_oxide::deflate::compress_to_vec(&[0u8; 9000], 10));
        assert!(msg(&base64url(&bomb)).contains("more than a design link may"));
    }

    #[test]
    fn random_corruptions_are_refused_and_none_panics() {
        let text = encode(&sample()).unwrap_or_default();
        let want = decode(&text);
        let chars: Vec<char> = text.chars().collect();
        let mut rng = crate::core::Rng::new(17);
        let b64: Vec<char> = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
            .chars()
            .collect();
        let mut accepted = 0;
        for i in 0..4000 {
            let mut c = chars.clone();
            let at = rng.below(c.len() as u32) as usize;
            match i % 3 {
                0 => c.truncate(at),
                1 => c[at] = b64[rng.below(64) as usize],
                _ => {
                    c.remove(at);
                }
            }
            let t: String = c.into_iter().collect();
            if t != text && decode(&t).is_ok() {
                assert_eq!(decode(&t), want, "{t}");
                accepted += 1;
            }
        }
        assert!(accepted < 40, "{accepted}");
        for n in 0..1500u32 {
            let mut body: Vec<u8> = (0..n % 90).map(|_| rng.below(256) as u8).collect();
            let sum = checksum(&body);
            body.extend_from_slice(&sum.to_le_bytes());
            let mut b = vec![DESIGN_VERSION];
            b.extend(miniz_oxide::deflate::compress_to_vec(&body, 1));
            let _ = decode(&base64url(&b));
        }
    }
}
