//! The table's event lines as players read them: the rules write seats as "seat N" (from 0) or
//! "Player N" (from 1) and may leave the subject out ("draws 2 card(s)"); here they get the
//! players' names, a subject, a capital letter and plain plurals.

/// `text` of an event by `seat` (if any), for players called `names`.
pub fn for_players(text: &str, seat: Option<usize>, names: &[String]) -> String {
    let named = replace_seats(&replace_seats(text, "Player ", 1, names), "seat ", 0, names);
    let plural = plurals(&named);
    let starts_lower = plural.chars().next().is_some_and(|c| c.is_lowercase());
    let with_subject = match seat.and_then(|s| names.get(s)) {
        Some(name) if starts_lower => format!("{name} {plural}"),
        _ => plural,
    };
    let mut chars = with_subject.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Replaces `prefix` followed by a number (counted from `base`) by that seat's name.
fn replace_seats(text: &str, prefix: &str, base: usize, names: &[String]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find(prefix) {
        let after = &rest[i + prefix.len()..];
        let digits = after.chars().take_while(|c| c.is_ascii_digit()).count();
        let name = after[..digits]
            .parse::<usize>()
            .ok()
            .and_then(|n| n.checked_sub(base))
            .and_then(|n| names.get(n));
        match name {
            Some(name) if digits > 0 => {
                out.push_str(&rest[..i]);
                out.push_str(name);
                rest = &after[digits..];
            }
            _ => {
                out.push_str(&rest[..i + prefix.len()]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// "1 card(s)" → "1 card", "2 card(s)" → "2 cards", a bare "card(s)" → "cards".
fn plurals(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find("(s)") {
        let before = &rest[..i];
        let word_start = before
            .char_indices()
            .rfind(|&(_, c)| !c.is_alphabetic())
            .map(|(k, c)| k + c.len_utf8())
            .unwrap_or(0);
        // The count is the nearest number within the two words before ("1 unplaced card(s)").
        let count = before[..word_start]
            .split_whitespace()
            .rev()
            .take(2)
            .find_map(|w| {
                w.trim_matches(|c: char| !c.is_ascii_digit())
                    .parse::<i64>()
                    .ok()
            });
        out.push_str(before);
        if count != Some(1) {
            out.push('s');
        }
        rest = &rest[i + 3..];
    }
    out.push_str(rest);
    out.replace("(1 points)", "(1 point)")
        .replace(" 1 points", " 1 point")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Vec<String> {
        vec!["Ann".into(), "Bot 2".into()]
    }

    #[test]
    fn seats_become_names_and_a_missing_subject_is_the_actor() {
        assert_eq!(
            for_players("seat 0 draws Taxes", Some(0), &names()),
            "Ann draws Taxes"
        );
        assert_eq!(
            for_players("draws 2 building card(s)", Some(1), &names()),
            "Bot 2 draws 2 building cards"
        );
        assert_eq!(
            for_players(
                "finished reinforcing; 1 unplaced card(s) back",
                Some(0),
                &names()
            ),
            "Ann finished reinforcing; 1 unplaced card back"
        );
        assert_eq!(
            for_players("Player 2 scores 4 points", Some(1), &names()),
            "Bot 2 scores 4 points"
        );
        assert_eq!(
            for_players("seat 1's castle fell", None, &names()),
            "Bot 2's castle fell"
        );
        // Out of range or not a number: left as it is.
        assert_eq!(
            for_players("seat 7 and seat x", None, &names()),
            "Seat 7 and seat x"
        );
        assert_eq!(for_players("", Some(0), &names()), "");
        // A character wider than a byte just before the word (it used to split it: a panic).
        assert_eq!(for_players("2 —card(s)", None, &names()), "2 —cards");
        assert_eq!(
            for_players(
                "seat 0's cube lands on the table (1 points)",
                Some(0),
                &names()
            ),
            "Ann's cube lands on the table (1 point)"
        );
    }
}
