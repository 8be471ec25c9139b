//! The rules screen's "Keys" section: how to play without a pointer, by keyboard or with one
//! switch, in plain words (every game's rules screen shows it: `rules_text::SHARED`), and the
//! keys that scroll that screen.

/// The sections: a heading and a few words each.
pub const KEYS: [(&str, &str); 9] = [
    ("Keys: buttons", "Tab and Shift-Tab move the yellow ring round the buttons, Enter presses the ringed one, Escape opens the menu. Here the arrows, Page Up, Page Down, Home and End scroll."),
    ("Keys: aiming", "Up and Down turn the aim, Right and Left give more or less strength (hold Shift for small steps), Q and E spin a throw, L picks the other launcher, Space fires."),
    ("Keys: aiming without sight", "T aims at the next place to hit (Shift-T the one before) and says it; W says where the shot would land; P reads out every place, nearest first, and leaves the aim as it is. The aim and where a shot lands are read out as they change."),
    ("Keys: looking around", "Plus and Minus zoom the table in and out, Comma and Full stop look left and right once zoomed in, 0 shows the whole view again."),
    ("Keys: placing", "The arrows move the piece (or go to the next spot), Q and E twist it, R turns it a quarter, Space places it."),
    ("Keys: moving a piece", "The arrows pick a lit piece, Space picks it up, the arrows pick a ringed spot, Space puts it there, Backspace puts it back."),
    ("Keys: the tile map", "The arrows move the tile to the next lit square, R (or Q and E) turns it, Space lays it; then the arrows or R pick a spot, Space puts your follower there, N goes without. The tile, each lit square and each spot are read out as the ring lands."),
    ("One switch", "Turn it on in the menu (slow, normal or fast), or hold Space for two seconds on the title. Space or Enter is the only key: the aim's angle sweeps and a press keeps it, then the strength sweeps and a press fires (Backspace goes back to the angle)."),
    ("One switch: choices", "Buttons, spots and lit squares are lit one at a time and a press picks the lit one; a tile's turns are lit after its square is kept."),
];

/// How far the keys pressed this frame scroll a text (pixels): the arrows a line, Page Up and
/// Page Down a page, Home and End to either end (the rules screen; its Keys section is last).
pub fn scroll_keys(line: f32, page: f32, total: f32) -> f32 {
    use macroquad::input::KeyCode;
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
    .filter(|(k, _)| super::keyqueue::pressed(*k))
    .map(|(_, by)| by)
    .sum()
}
