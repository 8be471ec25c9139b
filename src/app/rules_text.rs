//! The rules in short sections, per game (window-free): a heading, a few sentences in plain words
//! and the small picture drawn beside them (`screens::rules`). Each game's own sections come
//! first, then the keys (`keys_help::KEYS`), then the ones every game shares (`SHARED`: one more
//! section is one line there). The whole rules text stays the last section, so nothing of it is
//! lost.

use engine::games::GameInfo;

/// The small picture beside a section.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Picture {
    /// A trophy: what you play for.
    Goal,
    /// A round arrow: a turn.
    Turn,
    /// A catapult and the dotted arc of a shot.
    Shoot,
    /// Stacked blocks: building.
    Build,
    /// A fan of cards.
    Cards,
    /// A star: points.
    Score,
    /// A crown: winning.
    Win,
    /// Square tiles: a map.
    Map,
    /// Lines of text: the whole rules.
    Text,
    /// A keyboard: playing without a pointer.
    Keys,
}

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
    let mut out = own(g.id);
    // How to play without a pointer (`keys_help`), just before the whole rules text.
    out.extend(
        super::keys_help::KEYS
            .iter()
            .map(|(heading, words)| s(heading, Picture::Keys, words)),
    );
    out.extend(SHARED.iter().map(|f| f(g)));
    out
}

/// A game's own sections (none for a game without them: it shows the shared ones).
fn own(id: &str) -> Vec<Section> {
    use Picture::*;
    match id {
        "castle" => vec![
            s("Goal", Goal, "Shoot ammo into the other players' towers to take them. Whoever holds the most towers at the end wins."),
            s("Your turn", Turn, "Stand the catapult at the outside corner of your mat (on the game box if you like), play cards, then shoot one ammo."),
            s("Shooting", Shoot, "Drag back from the catapult and let go. Ammo that comes to rest inside another player's tower takes it: put it on an empty square of your mat, or stack it. A miss gives the ammo back to the supply."),
            s("Cards", Cards, "Extra Shot: one more shot. Magic Toss: throw from your hand. Strong Ammo: take a whole stack. Reinforced Roof: the next shot at that tower does not count."),
            s("Winning", Win, "The game ends when all the ammo lies in towers or a player has no towers. Most towers wins; on a tie, most ammo in your towers, then most cards in hand."),
        ],
        "feud" => vec![
            s("Goal", Goal, "Knock down your enemy's soldiers. When a player has no soldier left standing, the other player wins."),
            s("Building", Build, "Build a fortress of 16 blocks and a gate on your board: it must stand on its own when you let go. Put your catapult beside your board and post your five soldiers."),
            s("Your turn", Turn, "Play at most one card, move or turn your catapult, then shoot. Blocks and soldiers knocked off their board, and soldiers no longer upright, are lost; you draw a card for each soldier you lost."),
            s("Shooting", Shoot, "Drag back from the catapult and let go to throw a boulder."),
            s("Cards", Cards, "Repair: move or bring back three blocks. Volley: a second shot. Thief: take a card. Traitor: fire your enemy's catapult at their own fortress. March: move three soldiers. Double Maneuver: copy a played card."),
        ],
        "assault" => vec![
            s("Goal", Goal, "Build a castle of cards and knock down the others. The last castle standing wins."),
            s("Building", Build, "Lean cards into A-frames and lay floors across them on your mat. No card may leave the mat or lie flat on it."),
            s("Your turn", Turn, "Draw a siege card. Catapult: throw it with a flick of the wrist from beside your mat. Trebuchet: throw two at once. Other cards let you build, repair or shield a castle with the Great Tower."),
            s("A castle falls", Score, "A castle whose cards all lie flat has fallen: its owner builds a last bastion and then takes two turns in a row. A second fall puts a player out. Knock your own castle down and you lose it."),
            s("Winning", Win, "The last castle standing wins."),
        ],
        "catapults" => vec![
            s("Goal", Goal, "Flick cubes into the scoring tiles of the box. The first to 21 points with a lead of at least 2 wins."),
            s("The table", Map, "The yellow tile in the middle of the box is worth 5, the ring of tiles round it 1, and the row against the box on your side 2."),
            s("Your turn", Shoot, "Put a cube on the near end of the lever and flick the far end: the harder the strike, the farther it flies. Everyone flicks one cube in turn until all have flicked four."),
            s("Scoring", Score, "A cube scores the best tile any part of it touches. At the end of a round each player scores the difference between their points and the lowest player's."),
            s("Winning", Win, "The first to 21 points with a lead of at least 2 wins."),
        ],
        "carcassonne" => vec![
            s("Goal", Goal, "Lay tiles to build roads, cities, cloisters and fields, and score them with your followers. Most points wins."),
            s("Your turn", Map, "Lay the tile you draw so that every side it touches matches. Then you may stand one of your 7 followers on a road, city, cloister or field of that tile, if nobody stands on it yet."),
            s("Scoring", Score, "A closed road scores 1 a tile, a closed city 2 a tile and 2 a pennant, a cloister with all 8 neighbours 9; the followers come back. When the last tile is laid, open ones and fields score too."),
            s("The catapult", Shoot, "12 tiles show a fair. Whoever lays one chooses a catapult token, and everyone hurls it once: aim at a tile, then pull back and let go."),
            s("The tokens", Cards, "Knock out: followers the token touches go home. Seduction: swap the nearest follower for one of yours. Target hurling: closest to the fair scores 5. Catch: your neighbour tries to catch it."),
        ],
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_has_short_sections_in_plain_words_and_keeps_its_whole_rules() {
        let five = ["castle", "feud", "assault", "catapults", "carcassonne"];
        for g in engine::games::GAMES.iter().filter(|g| five.contains(&g.id)) {
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
        let found = engine::games::GAMES
            .iter()
            .filter(|g| five.contains(&g.id))
            .count();
        assert_eq!(found, 5);
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
