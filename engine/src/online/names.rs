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
//! The shipped build carries only the refused ranges (`name_chars.rs`, about a sixth of the
//! crate's whole table, which the web build paid for in bytes); a test checks every code point
//! against the crate and writes the file again when asked.

use super::name_chars::{Refused, REFUSED};
use super::values::MAX_PLAYER_NAME;
use crate::core::{Refusal, RuleResult};

/// The refused group a character falls in, by its general category; None when it may be in a name.
fn refused(c: char) -> Option<Refused> {
    let c = c as u32;
    let i = REFUSED.partition_point(|&(_, last, _)| last < c);
    REFUSED
        .get(i)
        .filter(|&&(first, _, _)| first <= c)
        .map(|&(_, _, why)| why)
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

    /// `name_chars.rs` as the crate's table makes it: the refused code points in ranges.
    fn name_chars_source() -> String {
        let mut ranges: Vec<(u32, u32, Refused)> = Vec::new();
        for c in (0..=0x10ffffu32).filter_map(char::from_u32) {
            let Some(why) = by_the_crate(c) else { continue };
            let c = c as u32;
            match ranges.last_mut() {
                Some(last) if last.2 == why && last.1 + 1 == c => last.1 = c,
                _ => ranges.push((c, c, why)),
            }
        }
        let mut out = String::from(NAME_CHARS_HEAD);
        for (first, last, why) in ranges {
            out.push_str(&format!("    (0x{first:x}, 0x{last:x}, {why:?}),\n"));
        }
        out.push_str("];\n");
        out
    }

    const NAME_CHARS_HEAD: &str = "\
//! The code points a name may not hold, in ranges by why (see names.rs). Written by the test
//! `online::names::tests::name_chars_is_the_crates_table` from `unicode-general-category` (Unicode
//! 16): `CT_WRITE_NAME_CHARS=1 cargo test -p engine name_chars` writes it again. Do not edit.

/// Why a code point is refused, by its Unicode general category.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Refused {
    /// Cc.
    Control,
    /// Cf.
    Format,
    /// Zl, Zp.
    LineBreak,
    /// Co.
    PrivateUse,
    /// Cn (and Cs, which a char never is).
    Unassigned,
}

use Refused::*;

/// (first, last, why), sorted and not overlapping.
#[rustfmt::skip]
pub(super) const REFUSED: &[(u32, u32, Refused)] = &[
";

    #[test]
    fn name_chars_is_the_crates_table() {
        let source = name_chars_source();
        if std::env::var_os("CT_WRITE_NAME_CHARS").is_some() {
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/online/name_chars.rs");
            std::fs::write(path, &source).unwrap_or_else(|e| panic!("writing {path}: {e}"));
        }
        assert_eq!(
            include_str!("name_chars.rs"),
            source,
            "name_chars.rs is not the crate's table: run CT_WRITE_NAME_CHARS=1 cargo test -p engine name_chars"
        );
        for c in (0..=0x10ffffu32).filter_map(char::from_u32) {
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
