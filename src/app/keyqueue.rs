//! Keys in the order they were pressed, each with the modifiers held at its press (issue #43):
//! macroquad's `is_key_pressed` says only which keys went down since the last frame, so two keys
//! sent within one frame were handled in the code's order, and a Shift let go before the frame
//! (Shift-Tab sent within one frame) was not seen at all. The app records the window's key and
//! character events in order (macroquad's miniquad event subscription, `record`) and hands the
//! screens one a frame: every key handler asks `pressed(code)` / `shift()` about the frame's one
//! key, so keys are handled in the order pressed with their own modifiers. A held key's repeats
//! are not presses (as with `is_key_pressed`), and a modifier alone is no press.
//!
//! `KeyQueue` is window-free and unit-tested; `record` is the one window call.

use macroquad::input::KeyCode;
use std::collections::VecDeque;
use std::sync::Mutex;

/// One key pressed, with the modifiers held as it went down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Press {
    pub code: KeyCode,
    pub shift: bool,
    pub ctrl: bool,
    pub alt: bool,
}

/// One entry of the queue: a key, or a character typed (text entry reads these).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    Key(Press),
    Char(char),
}

/// How many entries wait at most (a stalled frame does not pile up keys for later).
pub const WAITING: usize = 48;

/// The entries waiting, and the one this frame handles.
#[derive(Debug, Default)]
pub struct KeyQueue {
    waiting: VecDeque<Entry>,
    now: Option<Entry>,
}

fn is_modifier(code: KeyCode) -> bool {
    matches!(
        code,
        KeyCode::LeftShift
            | KeyCode::RightShift
            | KeyCode::LeftControl
            | KeyCode::RightControl
            | KeyCode::LeftAlt
            | KeyCode::RightAlt
            | KeyCode::LeftSuper
            | KeyCode::RightSuper
    )
}

impl KeyQueue {
    fn push(&mut self, e: Entry) {
        if self.waiting.len() < WAITING {
            self.waiting.push_back(e);
        }
    }

    /// A key went down (`repeat`: the window's repeat of a held key, not a press).
    pub fn key_down(&mut self, press: Press, repeat: bool) {
        if !repeat && !is_modifier(press.code) {
            self.push(Entry::Key(press));
        }
    }

    /// A character was typed (held keys repeat characters, as text fields do).
    pub fn char_typed(&mut self, c: char) {
        if !c.is_control() {
            self.push(Entry::Char(c));
        }
    }

    /// A new frame: the next entry waiting is this frame's (none when nothing waits).
    pub fn next_frame(&mut self) {
        self.now = self.waiting.pop_front();
    }

    /// This frame's key, if it is a key.
    pub fn key(&self) -> Option<Press> {
        match self.now {
            Some(Entry::Key(p)) => Some(p),
            _ => None,
        }
    }

    /// Whether this frame's key is `code`.
    pub fn pressed(&self, code: KeyCode) -> bool {
        self.key().is_some_and(|p| p.code == code)
    }

    /// Whether Shift was held as this frame's key went down.
    pub fn shift(&self) -> bool {
        self.key().is_some_and(|p| p.shift)
    }

    /// This frame's typed character, if it is one.
    pub fn typed(&self) -> Option<char> {
        match self.now {
            Some(Entry::Char(c)) => Some(c),
            _ => None,
        }
    }

    /// How many entries wait after this frame's.
    pub fn waiting(&self) -> usize {
        self.waiting.len()
    }
}

/// The app's queue (filled by `record` at the start of each frame).
static QUEUE: Mutex<KeyQueue> = Mutex::new(KeyQueue {
    waiting: VecDeque::new(),
    now: None,
});

fn with<T>(f: impl FnOnce(&mut KeyQueue) -> T) -> Option<T> {
    QUEUE.lock().ok().map(|mut q| f(&mut q))
}

/// Whether this frame's key is `code` (in place of macroquad's `is_key_pressed`).
pub fn pressed(code: KeyCode) -> bool {
    with(|q| q.pressed(code)).unwrap_or(false)
}

/// Whether this frame's key is one of `codes`.
pub fn pressed_any(codes: &[KeyCode]) -> bool {
    codes.iter().any(|c| pressed(*c))
}

/// Whether Shift was held as this frame's key went down.
pub fn shift() -> bool {
    with(|q| q.shift()).unwrap_or(false)
}

/// This frame's typed character (in place of macroquad's `get_char_pressed`).
pub fn typed() -> Option<char> {
    with(|q| q.typed()).flatten()
}

/// Hands the window's key events to the queue through miniquad's event handler.
struct Recorder<'a>(&'a mut KeyQueue);

impl macroquad::miniquad::EventHandler for Recorder<'_> {
    fn update(&mut self) {}
    fn draw(&mut self) {}
    fn key_down_event(
        &mut self,
        keycode: KeyCode,
        mods: macroquad::miniquad::KeyMods,
        repeat: bool,
    ) {
        let press = Press {
            code: keycode,
            shift: mods.shift,
            ctrl: mods.ctrl,
            alt: mods.alt,
        };
        self.0.key_down(press, repeat);
    }
    fn char_event(&mut self, c: char, _mods: macroquad::miniquad::KeyMods, _repeat: bool) {
        self.0.char_typed(c);
    }
}

/// The app's subscription to the window's events (macroquad's `register_input_subscriber`).
pub struct Subscription(usize);

impl Subscription {
    pub fn register() -> Subscription {
        Subscription(macroquad::input::utils::register_input_subscriber())
    }

    /// The start of a frame: the events since the last one join the queue, and the next key
    /// waiting becomes this frame's.
    pub fn frame(&self) {
        with(|q| {
            macroquad::input::utils::repeat_all_miniquad_input(&mut Recorder(q), self.0);
            q.next_frame();
        });
        // macroquad's own queue of characters is read here only to keep it from growing (text
        // entry reads the typed characters in order from this queue).
        while macroquad::input::get_char_pressed().is_some() {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(code: KeyCode, shift: bool) -> Press {
        Press {
            code,
            shift,
            ctrl: false,
            alt: false,
        }
    }

    #[test]
    fn shift_tab_sent_within_one_frame_moves_backward() {
        // Shift down, Tab down, Tab up, Shift up: all before the next frame.
        let mut q = KeyQueue::default();
        q.key_down(press(KeyCode::LeftShift, true), false);
        q.key_down(press(KeyCode::Tab, true), false);
        q.next_frame();
        assert!(q.pressed(KeyCode::Tab));
        assert!(q.shift(), "the Shift held as Tab went down is kept");
        let mut focus = super::super::keyaim::Focus::default();
        focus.next(4);
        if q.pressed(KeyCode::Tab) {
            if q.shift() {
                focus.previous(4)
            } else {
                focus.next(4)
            }
        }
        assert_eq!(
            focus.current(4),
            Some(3),
            "backward from the first is the last"
        );
    }

    #[test]
    fn two_keys_in_one_frame_are_handled_in_the_order_pressed() {
        let mut q = KeyQueue::default();
        q.key_down(press(KeyCode::Enter, false), false);
        q.key_down(press(KeyCode::Tab, false), false);
        q.next_frame();
        assert!(q.pressed(KeyCode::Enter) && !q.pressed(KeyCode::Tab));
        q.next_frame();
        assert!(q.pressed(KeyCode::Tab) && !q.pressed(KeyCode::Enter));
        q.next_frame();
        assert_eq!(q.key(), None, "then nothing");
    }

    #[test]
    fn a_held_keys_repeats_and_a_modifier_alone_are_no_presses() {
        let mut q = KeyQueue::default();
        q.key_down(press(KeyCode::Right, false), false);
        q.key_down(press(KeyCode::Right, false), true);
        q.key_down(press(KeyCode::RightShift, true), false);
        q.next_frame();
        assert!(q.pressed(KeyCode::Right));
        assert_eq!(q.waiting(), 0);
    }

    #[test]
    fn typed_characters_keep_their_place_among_the_keys() {
        let mut q = KeyQueue::default();
        q.char_typed('a');
        q.key_down(press(KeyCode::Backspace, false), false);
        q.char_typed('\u{8}');
        q.char_typed('c');
        let mut text = String::new();
        for _ in 0..3 {
            q.next_frame();
            if let Some(c) = q.typed() {
                text.push(c);
            }
            if q.pressed(KeyCode::Backspace) {
                text.pop();
            }
        }
        assert_eq!(text, "c");
    }

    #[test]
    fn a_stalled_frame_does_not_pile_up_keys() {
        let mut q = KeyQueue::default();
        for _ in 0..500 {
            q.key_down(press(KeyCode::Up, false), false);
        }
        assert_eq!(q.waiting(), WAITING);
    }
}
