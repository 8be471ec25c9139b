//! The rules in short sections, per game (window-free): a heading, a few sentences in plain words
//! and the small picture drawn beside them (`screens::rules`). Each game's own sections come
//! first, then the keys (`keys_help::KEYS`), then the ones every game shares (`SHARED`: one more
//! section is one line there). The whole rules text stays the last section, so nothing of it is
//! lost.

use engine::games::GameInfo;

/// The small picture beside a section (each game's own sections name theirs in its registry
/// entry).
pub use engine::core::registry::RulesPicture as Picture;

/// One section of a game's rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    pub heading: String,
    pub words: String,
    pub picture: Picture,
}

fn s(heading: &str, picture: Picture, words: &str) -> Section {
    Section {
        heading: heading.to_string(),
        words: words.to_string(),
        picture,
    }
}

/// The sections every game's rules end with, in order.
const SHARED: &[fn(&GameInfo) -> Section] = &[all_rules];

/// The whole rules text, for a player who wants every detail.
fn all_rules(g: &GameInfo) -> Section {
    s("All the rules", Picture::Text, g.rules)
}

/// The sections of `g`'s rules, in order.
pub fn sections(g: &GameInfo) -> Vec<Section> {
    let mut out = own(g);
    // How to play without a pointer (`keys_help`), just before the whole rules text.
    out.extend(
        super::keys_help::KEYS
            .iter()
            .map(|(heading, words)| s(heading, Picture::Keys, words)),
    );
    out.extend(SHARED.iter().map(|f| f(g)));
    out
}

/// A game's own sections, from its registry entry (none: it shows the shared ones).
fn own(g: &GameInfo) -> Vec<Section> {
    g.short_rules
        .iter()
        .map(|r| s(r.heading, r.picture, r.words))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_has_short_sections_in_plain_words_and_keeps_its_whole_rules() {
        for g in engine::games::GAMES
            .iter()
            .filter(|g| g.available && !g.fixture)
        {
            let all = sections(g);
            assert!(all.len() >= 5, "{}: {} sections", g.id, all.len());
            assert_eq!(all.last().map(|s| s.words.as_str()), Some(g.rules));
            for sec in &all[..all.len() - 1] {
                assert!(sec.words.len() <= 260, "{}: {} is long", g.id, sec.heading);
                assert!(!sec.words.contains('_'), "{}: {}", g.id, sec.heading);
            }
            let mut headings: Vec<&str> = all.iter().map(|s| s.heading.as_str()).collect();
            headings.sort_unstable();
            headings.dedup();
            assert_eq!(headings.len(), all.len(), "{}: headings repeat", g.id);
        }
        let shipped = engine::games::GAMES
            .iter()
            .filter(|g| g.available && !g.fixture)
            .count();
        assert!(shipped >= 5, "{shipped} games shipped");
    }

    #[test]
    fn the_keys_sections_are_on_every_games_rules_screen_before_the_whole_text() {
        let keys = super::super::keys_help::KEYS;
        for g in engine::games::GAMES.iter() {
            let all = sections(g);
            let n = all.len();
            let shown: Vec<&str> = all[n - 1 - keys.len()..n - 1]
                .iter()
                .map(|s| s.heading.as_str())
                .collect();
            let want: Vec<&str> = keys.iter().map(|k| k.0).collect();
            assert_eq!(shown, want, "{}", g.id);
            assert!(all[n - 2].words.contains("a tile's turns are lit"));
        }
    }
}
