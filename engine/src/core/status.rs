//! The status line: a few short items (an icon and a number or a few words) that say what the
//! acting player does now and the numbers that matter to them. The app draws each item as a
//! chip; the full text stays in `Game::hud` (the Details panel).

use super::Ranking;

/// A small picture the app draws procedurally beside an item's text. `None` draws no picture.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Icon {
    #[default]
    None,
    /// What to do now (an arrow).
    Next,
    /// Round or turn count.
    Round,
    /// Ammunition: balls, boulders.
    Ammo,
    /// A tower (Castle's cups, Assault's Great Tower).
    Tower,
    /// Cards in hand.
    Card,
    /// A deck of cards to draw from.
    Deck,
    /// Soldiers standing.
    Soldier,
    /// Building blocks.
    Block,
    /// Tiles (Carcassonne's pile).
    Tile,
    /// Followers (meeples) in hand.
    Follower,
    /// Cubes to flick.
    Cube,
    /// Points.
    Points,
    /// A castle (cards standing).
    Castle,
}

impl Icon {
    pub const ALL: [Icon; 14] = [
        Icon::None,
        Icon::Next,
        Icon::Round,
        Icon::Ammo,
        Icon::Tower,
        Icon::Card,
        Icon::Deck,
        Icon::Soldier,
        Icon::Block,
        Icon::Tile,
        Icon::Follower,
        Icon::Cube,
        Icon::Points,
        Icon::Castle,
    ];

    /// What the picture stands for, in a word (for the Details panel's key and for tests).
    pub fn word(self) -> &'static str {
        match self {
            Icon::None => "",
            Icon::Next => "now",
            Icon::Round => "round",
            Icon::Ammo => "ammo",
            Icon::Tower => "towers",
            Icon::Card => "cards in hand",
            Icon::Deck => "deck",
            Icon::Soldier => "soldiers standing",
            Icon::Block => "blocks",
            Icon::Tile => "tiles left",
            Icon::Follower => "followers in hand",
            Icon::Cube => "cubes",
            Icon::Points => "points",
            Icon::Castle => "castle cards standing",
        }
    }
}

/// One chip of the status line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatusItem {
    pub icon: Icon,
    pub text: String,
}

impl StatusItem {
    pub fn new(icon: Icon, text: impl Into<String>) -> Self {
        StatusItem {
            icon,
            text: text.into(),
        }
    }

    /// An item that is a number beside its icon.
    pub fn count(icon: Icon, n: impl std::fmt::Display) -> Self {
        StatusItem::new(icon, n.to_string())
    }

    /// What to do now.
    pub fn next(text: impl Into<String>) -> Self {
        StatusItem::new(Icon::Next, text)
    }
}

/// A status line as (icon, text) pairs, for tests to compare.
#[cfg(test)]
pub fn pairs(items: Vec<StatusItem>) -> Vec<(Icon, String)> {
    items.into_iter().map(|i| (i.icon, i.text)).collect()
}

/// The status line once the game is over: who won (by `ranking`, seats called `names`).
pub fn game_over(ranking: &Ranking, names: &[String]) -> Vec<StatusItem> {
    let text = match ranking.winner().and_then(|w| names.get(w)) {
        Some(name) => format!("{name} wins"),
        None if ranking.standings.is_empty() => "Game over".to_string(),
        None => "Game over: a shared first place".to_string(),
    };
    vec![StatusItem::new(Icon::Points, text)]
}

/// "1 card" / "2 cards".
pub fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

/// What a status item must never show a player, if `text` shows it: a unit, a backtick, a
/// "(s)" plural, a "|" separator, a machine name (`tower_taken`) or a raw seat number.
pub fn unplayerly(text: &str) -> Option<&'static str> {
    if text.contains('`') {
        return Some("a backtick");
    }
    if text.contains('|') || text.contains('·') {
        return Some("a separator");
    }
    if text.contains("(s)") {
        return Some("a (s) plural");
    }
    if text.contains('_') {
        return Some("a machine name");
    }
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric() && c != '.')
        .filter(|w| !w.is_empty())
        .collect();
    for pair in words.windows(2) {
        if pair[0] == "seat" && pair[1].chars().all(|c| c.is_ascii_digit()) {
            return Some("a raw seat number");
        }
        let number = pair[0].chars().all(|c| c.is_ascii_digit() || c == '.');
        if number && matches!(pair[1], "mm" | "cm" | "m" | "deg" | "rad" | "px" | "ms") {
            return Some("a unit");
        }
    }
    for w in &words {
        let digits = w.trim_start_matches(|c: char| c.is_ascii_digit());
        if digits.len() < w.len() && matches!(digits, "mm" | "cm" | "deg" | "px" | "ms") {
            return Some("a unit");
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::rank;

    #[test]
    fn status_text_with_units_markup_or_ids_is_caught() {
        assert_eq!(unplayerly("36"), None);
        assert_eq!(unplayerly("Round 2 of 3"), None);
        assert_eq!(unplayerly("Ann wins"), None);
        assert_eq!(unplayerly("35 mm"), Some("a unit"));
        assert_eq!(unplayerly("35mm"), Some("a unit"));
        assert_eq!(unplayerly("4 card(s)"), Some("a (s) plural"));
        assert_eq!(unplayerly("Deck 3 | ammo 4"), Some("a separator"));
        assert_eq!(unplayerly("Deck 3 · ammo 4"), Some("a separator"));
        assert_eq!(unplayerly("`Four Gates`"), Some("a backtick"));
        assert_eq!(unplayerly("tower_taken"), Some("a machine name"));
        assert_eq!(unplayerly("seat 0 aims"), Some("a raw seat number"));
    }

    #[test]
    fn the_end_names_the_winner_or_says_the_first_place_is_shared() {
        let names = vec!["Ann".to_string(), "Bob".to_string()];
        let won = game_over(&rank(&["points"], &[vec![3], vec![5]]), &names);
        assert_eq!(won, vec![StatusItem::new(Icon::Points, "Bob wins")]);
        let tie = game_over(&rank(&["points"], &[vec![5], vec![5]]), &names);
        assert_eq!(tie[0].text, "Game over: a shared first place");
        assert_eq!(plural(1, "card", "cards"), "1 card");
        assert_eq!(plural(0, "card", "cards"), "0 cards");
    }
}
