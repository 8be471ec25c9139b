//! What the shell lends every screen and panel: storage, sounds, settings, the widgets and the
//! pointer, the message of the moment, today's challenge, and the screen changes asked for
//! this frame. Nothing of a game in play is here: that is the play screen's and its table's.

use super::audio::Sounds;
use super::online::Net;
use super::play::Play;
use super::pointer::Tracker;
use super::ui::Ui;
use super::{board, save, sound, store::Store, Command};
use engine::core::Event;

pub(crate) struct Ctx {
    pub(crate) store: Box<dyn Store>,
    /// Loaded beside the first frames (none until then, and none without a sound device).
    pub(crate) sounds: Option<Sounds>,
    /// Sound, motion, and playing upright.
    pub(crate) settings: save::Settings,
    pub(crate) ui: Ui,
    pub(crate) tracker: Tracker,
    /// The message shown now (its words, until when, whether it is a refusal), and the one
    /// the title shows once (a save that could not be read).
    pub(crate) toast: Option<(String, f64, bool)>,
    pub(crate) notice: Option<String>,
    /// The game saved on this device that the title offers to resume, and its line.
    pub(crate) saved: Option<(Box<Play>, String)>,
    /// The online room followed (the web build only), and the room link last opened or shown.
    pub(crate) net: Net,
    /// Frames drawn since the start.
    pub(crate) frames: u32,
    /// Today's challenge on this device: the diary of results and the board's courier.
    pub(crate) daily: board::Daily,
    /// Screen changes asked for by the shared methods (a game started, the viewer opened),
    /// applied after the frame, in order.
    next: Vec<Command>,
}

impl Ctx {
    pub(crate) fn new(
        store: Box<dyn Store>,
        settings: save::Settings,
        notice: Option<String>,
        daily: board::Daily,
        saved: Option<(Box<Play>, String)>,
    ) -> Ctx {
        Ctx {
            store,
            sounds: None,
            settings,
            ui: Ui::new(),
            tracker: Tracker::default(),
            toast: None,
            notice,
            daily,
            saved,
            net: Net::default(),
            frames: 0,
            next: Vec::new(),
        }
    }

    /// Asks for a screen change, applied after this frame.
    pub(crate) fn command(&mut self, c: Command) {
        self.next.push(c);
    }

    pub(crate) fn has_commands(&self) -> bool {
        !self.next.is_empty()
    }

    /// The screen changes asked for this frame, in order.
    pub(crate) fn take_commands(&mut self) -> Vec<Command> {
        std::mem::take(&mut self.next)
    }

    /// Plays a sound effect unless the sound is off.
    pub(crate) fn sfx(&self, e: sound::Effect) {
        if let (false, Some(s)) = (self.settings.muted, &self.sounds) {
            s.effect(e);
        }
    }

    /// The aim's tone (`sound::aim_tone`) unless the sound is off.
    pub(crate) fn aim_tone(&self, step: usize, short: bool) {
        if let (false, Some(s)) = (self.settings.muted, &self.sounds) {
            s.tone(step, short);
        }
    }

    /// Plays the sound of the events' weightiest cue (`sound::for_events`).
    pub(crate) fn sfx_for_events(&self, events: &[Event]) {
        if let Some(fx) = sound::for_events(events) {
            self.sfx(fx);
        }
    }
}
