//! The one check of a name a stranger will read: a player's name in a room, in quick match and on
//! a challenge board (the server calls it for every name it takes; the app calls it before it
//! sends one, so a refusal reads the same in both). docs/online.md, "Names".
//!
//! A name is trimmed and has 1 to `MAX_PLAYER_NAME` characters, none of which hides or disguises
//! the text around it. The characters are judged by their Unicode general category
//! (`unicode-general-category`, Unicode 16), not a hand list: control characters (Cc), format
//! characters (Cf: the bidirectional controls U+202A–202E, U+2066–2069, U+200E/F, U+061C, the
//! zero widths U+200B–200D, U+2060, U+FEFF and the rest), private-use characters (Co), code
//! points not assigned yet (Cn) and the line and paragraph separators (Zl, Zp).
//!
//! The shipped build carries only the refused ranges, packed (`name_chars.rs`: 1.9 KB where the
//! crate's table of every category cost the web build several kilobytes sent); a test writes
//! the file from the crate and checks it against the crate.

use super::name_chars::{Refused, REFUSED};
use super::values::MAX_PLAYER_NAME;
use crate::core::{Refusal, RuleResult};

/// The refused ranges (first, last, why), in order, from `name_chars::REFUSED`: each range is two
/// LEB128 numbers, (the gap after the range before it << 3 | why) and (its length - 1).
fn refused_ranges() -> impl Iterator<Item = (u32, u32, Refused)> {
    let mut bytes = REFUSED.iter();
    let mut number = move || -> Option<u32> {
        let mut value = 0u32;
        for shift in (0..32).step_by(7) {
            let b = *bytes.next()?;
            value |= u32::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Some(value);
            }
        }
        None
    };
    let mut from = 0u32;
    std::iter::from_fn(move || {
        let head = number()?;
        let first = from.checked_add(head >> 3)?;
        let last = first.checked_add(number()?)?;
        from = last.checked_add(1)?;
        Some((first, last, Refused::from_group(head & 7)?))
    })
}

/// The refused group a character falls in, by its general category; None when it may be in a name.
fn refused(c: char) -> Option<Refused> {
    let c = c as u32;
    refused_ranges()
        .take_while(|&(first, _, _)| first <= c)
        .find(|&(_, last, _)| c <= last)
        .map(|(_, _, why)| why)
}

/// Why a character may not be in a name, in words a player understands; None when it may.
fn why_not(c: char) -> Option<&'static str> {
    let bidi = matches!(c as u32, 0x202a..=0x202e | 0x2066..=0x2069 | 0x200e | 0x200f | 0x061c);
    if bidi {
        return Some("a character that turns the text around (it makes a name read backwards)");
    }
    refused(c).map(|why| match why {
        Refused::Control => "a control character",
        Refused::Format => "an invisible character",
        Refused::LineBreak => "a line break",
        Refused::PrivateUse => "a private character that each device shows differently",
        Refused::Unassigned => "a character that is not in Unicode yet",
    })
}

/// A player's name as a room, quick match and the boards take it: trimmed, 1 to
/// `MAX_PLAYER_NAME` characters, none of them invisible, turning the text around, private or
/// unassigned. The refusal says which character and where.
pub fn check_name(name: &str) -> RuleResult<String> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > MAX_PLAYER_NAME {
        return Err(Refusal(format!(
            "a name must have 1 to {MAX_PLAYER_NAME} characters"
        )));
    }
    if let Some((i, why)) = name
        .chars()
        .enumerate()
        .find_map(|(i, c)| why_not(c).map(|w| (i, w)))
    {
        return Err(Refusal(format!(
            "a name may not hold {why}: character {} of the name is one; type it again with \
             letters, digits, spaces and signs",
            i + 1
        )));
    }
    Ok(name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use unicode_general_category::{get_general_category, GeneralCategory as G};

    /// The refused group of a code point by the crate's own table (Unicode 16).
    fn by_the_crate(c: char) -> Option<Refused> {
        match get_general_category(c) {
            G::Control => Some(Refused::Control),
            G::Format => Some(Refused::Format),
            G::LineSeparator | G::ParagraphSeparator => Some(Refused::LineBreak),
            G::PrivateUse => Some(Refused::PrivateUse),
            G::Unassigned | G::Surrogate => Some(Refused::Unassigned),
            _ => None,
        }
    }

    /// The refused ranges by the crate's table: (first, last, why).
    fn crate_ranges() -> Vec<(u32, u32, Refused)> {
        let mut ranges: Vec<(u32, u32, Refused)> = Vec::new();
        for c in (0..=0x10ffffu32).filter_map(char::from_u32) {
            let Some(why) = by_the_crate(c) else { continue };
            let c = c as u32;
            match ranges.last_mut() {
                Some(last) if last.2 == why && last.1 + 1 == c => last.1 = c,
                _ => ranges.push((c, c, why)),
            }
        }
        ranges
    }

    fn leb128(mut n: u32, out: &mut Vec<u8>) {
        loop {
            let low = (n & 0x7f) as u8;
            n >>= 7;
            if n == 0 {
                out.push(low);
                return;
            }
            out.push(low | 0x80);
        }
    }

    /// `name_chars.rs` as the crate's table makes it.
    fn name_chars_source(ranges: &[(u32, u32, Refused)]) -> String {
        let mut bytes = Vec::new();
        let mut from = 0;
        for &(first, last, why) in ranges {
            leb128((first - from) << 3 | why as u32, &mut bytes);
            leb128(last - first, &mut bytes);
            from = last + 1;
        }
        let mut out = String::from(NAME_CHARS_HEAD);
        for line in bytes.chunks(16) {
            let line: Vec<String> = line.iter().map(|b| format!("0x{b:02x},")).collect();
            out.push_str(&format!("    {}\n", line.join(" ")));
        }
        out.push_str("];\n");
        out
    }

    const NAME_CHARS_HEAD: &str = "\
//! The code points a name may not hold, packed (see `names::refused_ranges`). Written by the test
//! `online::names::tests::name_chars_is_the_crates_table` from `unicode-general-category` (Unicode
//! 16): `CT_WRITE_NAME_CHARS=1 cargo test -p engine name_chars` writes it again. Do not edit.

/// Why a code point is refused, by its Unicode general category (the number is its `why` in
/// the table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Refused {
    /// Cc.
    Control = 1,
    /// Cf.
    Format = 2,
    /// Zl, Zp.
    LineBreak = 3,
    /// Co.
    PrivateUse = 4,
    /// Cn (and Cs, which a char never is).
    Unassigned = 5,
}

impl Refused {
    pub(super) fn from_group(why: u32) -> Option<Refused> {
        use Refused::*;
        [Control, Format, LineBreak, PrivateUse, Unassigned]
            .into_iter()
            .find(|r| *r as u32 == why)
    }
}

/// Per range, two LEB128 numbers: (the gap after the range before << 3 | why), (length - 1).
#[rustfmt::skip]
pub(super) const REFUSED: &[u8] = &[
";

    #[test]
    fn name_chars_is_the_crates_table() {
        let ranges = crate_ranges();
        let source = name_chars_source(&ranges);
        if std::env::var_os("CT_WRITE_NAME_CHARS").is_some() {
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/online/name_chars.rs");
            std::fs::write(path, &source).unwrap_or_else(|e| panic!("writing {path}: {e}"));
        }
        assert_eq!(
            include_str!("name_chars.rs"),
            source,
            "name_chars.rs is not the crate's table: run CT_WRITE_NAME_CHARS=1 cargo test -p engine name_chars"
        );
        assert_eq!(refused_ranges().collect::<Vec<_>>(), ranges);
        // Each range's ends and their neighbours, and a spread of code points between.
        let ends = ranges
            .iter()
            .flat_map(|r| [r.0.saturating_sub(1), r.0, r.1, r.1 + 1]);
        for c in ends
            .chain((0..=0x10ffff).step_by(61))
            .filter_map(char::from_u32)
        {
            assert_eq!(refused(c), by_the_crate(c), "U+{:04X}", c as u32);
        }
    }

    #[test]
    fn ordinary_names_in_any_script_are_taken_trimmed() {
        for name in [
            "Ada",
            "  Ben ",
            "Zoë",
            "Łukasz",
            "محمد",
            "שרה",
            "李小龙",
            "Ada & Ben",
            "🙂 Ann",
            "O'Neil",
            "नमस्ते",
            "Ｆｕｌｌ",
        ] {
            assert_eq!(check_name(name), Ok(name.trim().to_string()), "{name:?}");
        }
    }

    #[test]
    fn hostile_names_are_refused_in_words() {
        let hostile = [
            ("evil\u{202e}txt.exe", "turns the text around"),
            ("\u{202a}Ada", "turns the text around"),
            ("Ada\u{202b}", "turns the text around"),
            ("A\u{202c}da", "turns the text around"),
            ("A\u{202d}da", "turns the text around"),
            ("A\u{2066}da", "turns the text around"),
            ("A\u{2067}da", "turns the text around"),
            ("A\u{2068}da", "turns the text around"),
            ("A\u{2069}da", "turns the text around"),
            ("A\u{200e}da", "turns the text around"),
            ("A\u{200f}da", "turns the text around"),
            ("A\u{061c}da", "turns the text around"),
            ("A\u{200b}da", "invisible"),
            ("A\u{200c}da", "invisible"),
            ("A\u{200d}da", "invisible"),
            ("A\u{2060}da", "invisible"),
            ("A\u{feff}da", "invisible"),
            ("A\u{00ad}da", "invisible"),
            ("A\u{e0041}da", "invisible"),
            ("a\u{7}b", "control"),
            ("a\tb", "control"),
            ("a\u{85}b", "control"),
            ("a\u{2028}b", "line break"),
            ("a\u{2029}b", "line break"),
            ("a\u{e000}b", "private"),
            ("a\u{f8ff}b", "private"),
            ("a\u{10fffd}b", "private"),
            ("a\u{378}b", "not in Unicode"),
            ("a\u{e01f0}b", "not in Unicode"),
        ];
        for (name, why) in hostile {
            match check_name(name) {
                Ok(n) => panic!("{name:?} was taken as {n:?}"),
                Err(Refusal(r)) => {
                    assert!(r.contains(why), "{name:?}: {r}");
                    assert!(r.contains("character "), "{name:?}: {r}");
                    assert!(!r.contains("U+") && !r.contains("\\u"), "plain words: {r}");
                }
            }
        }
        // The place named is the offending character's.
        let r = check_name("Ada\u{202e}")
            .err()
            .map(|e| e.0)
            .unwrap_or_default();
        assert!(r.contains("character 4 "), "{r}");
    }

    #[test]
    fn lengths_are_counted_in_characters() {
        assert!(check_name("").is_err());
        assert!(check_name("   ").is_err());
        assert!(check_name(&"é".repeat(MAX_PLAYER_NAME)).is_ok());
        assert!(check_name(&"é".repeat(MAX_PLAYER_NAME + 1)).is_err());
    }
}
