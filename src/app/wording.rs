//! The table's event lines as players read them: the rules write seats as "seat N" (from 0) or
//! "Player N" (from 1) and may leave the subject out ("draws 2 card(s)"); here they get the
//! players' names, a subject, a capital letter and plain plurals.

/// `text` of an event by `seat` (if any), for players called `names`.
pub fn for_players(text: &str, seat: Option<usize>, names: &[String]) -> String {
    // "Seat N" (capital) counts from 1, as "Player N" does.
    let named = replace_seats(&replace_seats(text, "Player ", 1, names), "Seat ", 1, names);
    let named = replace_seats(&named, "seat ", 0, names);
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

/// What a player must never read: millimetres and other units after a number, backticks,
/// raw seat numbers. The first offence found in `text`, if any.
pub fn unplayerly(text: &str) -> Option<&'static str> {
    if text.contains('`') {
        return Some("a backtick");
    }
    let lower = text.to_lowercase();
    let b = lower.as_bytes();
    for (i, w) in lower.match_indices("seat ") {
        let before_ok = i == 0 || !b[i - 1].is_ascii_alphabetic();
        if before_ok
            && lower[i + w.len()..]
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_digit())
        {
            return Some("a raw seat number");
        }
    }
    // A number followed by a unit ("35 mm", "12cm", "0.3 m/s", "31 deg").
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            let mut j = i;
            while j < b.len() && (b[j].is_ascii_digit() || b[j] == b'.') {
                j += 1;
            }
            let rest = lower[j..].trim_start_matches(' ');
            let unit: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphabetic() || *c == '/')
                .collect();
            if matches!(
                unit.as_str(),
                "mm" | "cm" | "m" | "m/s" | "deg" | "rad" | "px" | "ms"
            ) || rest.starts_with('°')
            {
                return Some("a number with a unit");
            }
            i = j;
        } else {
            i += 1;
        }
    }
    None
}

#[cfg(test)]
mod player_text {
    use super::*;
    use engine::core::replay::Replay;
    use engine::core::Recorded;

    /// Every choice label, HUD line, status item, table label and event line a player of each game reads through a
    /// recorded game (the golden replays, applied as recorded) is plain words.
    #[test]
    fn no_units_markup_or_seat_numbers_in_player_text() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/");
        let files = [
            "castle/castle-2p-s2.json",
            "castle/castle-1p-s1.json",
            "feud/feud-2p-s1.json",
            "assault/assault-2p-s1.json",
            "catapults/catapults-2p-s1.json",
            "carcassonne/carcassonne-2p-s1.json",
        ];
        let mut bad: Vec<String> = Vec::new();
        for f in files {
            let text = std::fs::read_to_string(format!("{dir}{f}")).unwrap_or_default();
            let header = Replay::parse(&text).unwrap_or_else(|e| panic!("{f}: {e:?}"));
            let names: Vec<String> = header.seats.iter().map(|s| s.name.clone()).collect();
            let mut d = engine::headless::driver_for(&Replay {
                moves: Vec::new(),
                ..header.clone()
            })
            .unwrap_or_else(|e| panic!("{f}: {e:?}"));
            let check = |what: &str, t: &str, bad: &mut Vec<String>| {
                if let Some(why) = unplayerly(t) {
                    if bad.len() < 40 {
                        bad.push(format!("{f}: {what} has {why}: {t:?}"));
                    }
                }
            };
            for (i, mv) in header.moves.iter().enumerate() {
                for c in d.game().choices() {
                    check("a choice", &c.label, &mut bad);
                }
                for l in d.game().hud() {
                    check("the status", &l, &mut bad);
                }
                // Every fourth position: drawing the table is the slow part of this test.
                let labels = if i % 4 == 0 {
                    d.game().view().labels
                } else {
                    Vec::new()
                };
                for (_, _, label) in labels {
                    check("a table label", &label, &mut bad);
                    let debug = [
                        "rulebook gap",
                        "box lid",
                        "unassigned",
                        "Supply",
                        "(s)",
                        "|",
                    ];
                    if let (Some(d), true) =
                        (debug.iter().find(|d| label.contains(*d)), bad.len() < 40)
                    {
                        bad.push(format!("{f}: a table label is a caption ({d}): {label:?}"));
                    }
                    if label.eq_ignore_ascii_case("catapult") && bad.len() < 40 {
                        bad.push(format!("{f}: a table label names the catapult"));
                    }
                }
                for item in d.game().status() {
                    let why =
                        engine::core::status::unplayerly(&item.text).or(unplayerly(&item.text));
                    if let (Some(why), true) = (why, bad.len() < 40) {
                        bad.push(format!("{f}: a status item has {why}: {:?}", item.text));
                    }
                }
                check("the phase", &d.game().phase(), &mut bad);
                if let Some(pp) = d.game().placement_prompt() {
                    check("a placement prompt", &pp.label, &mut bad);
                }
                let events = d
                    .apply_recorded(i, mv, Recorded::Check)
                    .unwrap_or_else(|e| panic!("{f} move {i}: {e:?}"));
                for e in events {
                    let line = for_players(&e.text, usize::try_from(e.seat).ok(), &names);
                    check("an event line", &line, &mut bad);
                }
            }
            for l in d.game().ranking().explain(&names) {
                check("the ranking", &l, &mut bad);
            }
        }
        assert!(bad.is_empty(), "{}", bad.join("\n"));
    }

    #[test]
    fn units_markup_and_seat_numbers_are_caught() {
        assert_eq!(
            unplayerly("Lay a floor at 35 mm"),
            Some("a number with a unit")
        );
        assert_eq!(unplayerly("lands at -231mm"), Some("a number with a unit"));
        assert_eq!(unplayerly("Build `Four Gates`"), Some("a backtick"));
        assert_eq!(
            unplayerly("seat 0's cube 1 lands"),
            Some("a raw seat number")
        );
        assert_eq!(
            unplayerly("Ada's cube lands in the outer ring: 1 point"),
            None
        );
        assert_eq!(unplayerly("Tiles left: 30 * 2 followers in hand"), None);
    }
}
