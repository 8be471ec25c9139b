//! What the shell and the screens read of the frame's presses and buttons, beyond drawing them:
//! the events handed to the top screen, a press forgotten when the screen changes, the
//! one-switch scan, the keyboard's focus ring, a drag and a release over a target that is not a
//! button.

use super::Ui;
use crate::app::frame::Area;
use crate::app::pointer::PointerEvent;

impl Ui {
    /// This frame's pointer events, handed to the top screen.
    pub fn take_events(&mut self) -> Vec<PointerEvent> {
        std::mem::take(&mut self.events)
    }

    /// The screen changed: the press under way and the focus ring start afresh.
    pub fn forget_press(&mut self) {
        self.down_at = None;
        self.released = None;
        self.reset_focus();
    }

    /// One-switch scanning, this many seconds on each button (None: off), for this frame.
    pub fn set_scan(&mut self, dwell: Option<f32>) {
        self.scan = dwell;
    }

    /// Where the pointer is, if it is over the window.
    pub fn pointer(&self) -> Option<(f32, f32)> {
        self.pointer
    }

    /// The press under way: where it went down and where the pointer is now.
    pub fn drag(&self) -> Option<((f32, f32), (f32, f32))> {
        Some((self.down_at?, self.pointer?))
    }

    /// A release this frame of a press that went down in `a`: where it came up. Taken, so
    /// nothing else acts on it.
    pub fn take_release_in(&mut self, a: Area) -> Option<(f32, f32)> {
        let (down, up) = self.released?;
        a.contains(down.0, down.1).then(|| {
            self.released = None;
            up
        })
    }

    /// A press target that is not a button (a slider): it takes presses, the probe finds it.
    pub fn target(&mut self, key: &str, a: Area) {
        self.buttons.push((key.to_string(), a));
    }

    /// This frame's buttons and their words, in order.
    pub fn buttons(&self) -> &[(String, Area)] {
        &self.buttons
    }

    pub fn labels(&self) -> &[String] {
        &self.labels
    }

    /// True while a button shows the keyboard's focus ring (Enter presses it).
    pub fn focused(&self) -> bool {
        self.focus_shown
    }

    /// A new screen: its first Tab goes to its first button (not to the place the ring had on
    /// the screen before).
    pub fn reset_focus(&mut self) {
        self.focus.clear();
    }

    /// The place of the button with the focus ring in the Tab order, or -1 (the probe's).
    pub fn focus_index(&self) -> i32 {
        match self.focus.current(self.buttons.len()) {
            Some(i) if self.focus_shown => i as i32,
            _ => -1,
        }
    }

    /// Takes the focus ring off the buttons (an arrow key aims instead; Tab brings it back).
    pub fn drop_focus(&mut self) {
        self.focus_shown = false;
    }
}
