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

use super::values::MAX_PLAYER_NAME;
use crate::core::{Refusal, RuleResult};
use unicode_general_category::{get_general_category, GeneralCategory as G};

/// Why a character may not be in a name, in words a player understands; None when it may.
fn why_not(c: char) -> Option<&'static str> {
    let bidi = matches!(c as u32, 0x202a..=0x202e | 0x2066..=0x2069 | 0x200e | 0x200f | 0x061c);
    if bidi {
        return Some("a character that turns the text around (it makes a name read backwards)");
    }
    match get_general_category(c) {
        G::Control => Some("a control character"),
        G::Format => Some("an invisible character"),
        G::LineSeparator | G::ParagraphSeparator => Some("a line break"),
        G::PrivateUse => Some("a private character that each device shows differently"),
        G::Unassigned | G::Surrogate => Some("a character that is not in Unicode yet"),
        _ => None,
    }
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
