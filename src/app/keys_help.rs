//! The rules screen's "Keys" section: how to play without a pointer, by keyboard or with one
//! switch, in plain words (every game's rules screen shows it: `rules_text::SHARED`), and the
//! keys that scroll that screen.

/// The section's heading and paragraphs.
pub const KEYS: [&str; 6] = [
    "Keys",
    "Buttons: Tab and Shift-Tab move the yellow ring round the buttons, Enter presses the ringed one, Escape opens the menu. Here the arrows, Page Up, Page Down, Home and End scroll.",
    "Aiming: Up and Down turn the aim, Right and Left give more or less strength (hold Shift for small steps), Q and E spin a throw, L picks the other launcher, Space fires.",
    "Placing a piece: the arrows move it (or go to the next spot), Q and E twist it, R turns it a quarter, Space places it. Moving a piece on the table: the arrows pick a lit piece, Space picks it up, the arrows pick a ringed spot, Space puts it there, Backspace puts it back.",
    "The tile map: the arrows move the tile to the next lit square, R (or Q and E) turns it, Space lays it; then the arrows or R pick a spot, Space puts your follower there, N goes without.",
    "One switch (in the menu: off, slow, normal or fast): Space or Enter is the only key. The aim's angle sweeps back and forth and a press keeps it; then the strength sweeps and a press fires (Backspace goes back to the angle). Buttons, spots and lit squares are lit one at a time and a press picks the lit one; a tile's turns are lit after its square is kept.",
];

/// How far the keys pressed this frame scroll a text (pixels): the arrows a line, Page Up and
/// Page Down a page, Home and End to either end (the rules screen; its Keys section is last).
pub fn scroll_keys(line: f32, page: f32, total: f32) -> f32 {
    use macroquad::input::{is_key_pressed, KeyCode};
    let page = (page - line).max(line);
    [
        (KeyCode::Down, line),
        (KeyCode::Up, -line),
        (KeyCode::PageDown, page),
        (KeyCode::PageUp, -page),
        (KeyCode::End, total),
        (KeyCode::Home, -total),
    ]
    .iter()
    .filter(|(k, _)| is_key_pressed(*k))
    .map(|(_, by)| by)
    .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_keys_section_is_on_every_games_rules_screen_before_the_whole_text() {
        for g in crate::app::play::catalog() {
            let sections = crate::app::rules_text::sections(g);
            let k = sections.iter().position(|s| s.heading == KEYS[0]);
            assert_eq!(k, Some(sections.len() - 2), "{}", g.id);
            let words = &sections[sections.len() - 2].words;
            assert!(KEYS[1..].iter().all(|p| words.contains(p)), "{}", g.id);
            assert!(words.contains("One switch"));
        }
    }
}
