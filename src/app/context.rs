//! What the shell lends every screen and panel: storage, sounds, settings, the widgets and the
//! pointer, the message of the moment, today's challenge, and the screen changes asked for
//! this frame. Nothing of a game in play is here: that is the play screen's and its table's.

use super::audio::Sounds;
use super::online::Net;
use super::play::Play;
use super::pointer::Tracker;
use super::ui::Ui;
use super::{board, log, save, sound, store::Store, warm, Command};
use engine::challenge::Challenge;
use engine::core::Event;

/// What a screen showing the game (the pause menu over it, the results) asks the shell to do
/// with it, or instead of it.
pub(crate) enum Request {
    Restart,
    Share,
    Watch,
    Rules,
    /// Back to the title; an unfinished game stays as the save.
    Quit,
    /// Today's challenge again (the results of one).
    Challenge(Box<Challenge>),
}

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
    /// The physics warm-up's progress (`warm`).
    pub(crate) warm: warm::Progress,
    /// What the screens asked of the shell about the game in play, in order.
    requests: Vec<Request>,
    /// Screen changes asked for by the shared methods (a game started, the viewer opened),
    /// applied after the frame, in order.
    next: Vec<Command>,
    /// Where this frame's screen wants messages: the top of its table (`toast_at`).
    pub(super) toast_top: Option<f32>,
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
            toast_top: None,
            notice,
            daily,
            saved,
            net: Net::default(),
            frames: 0,
            warm: warm::Progress::default(),
            requests: Vec::new(),
            next: Vec::new(),
        }
    }

    /// Asks for a screen change, applied after this frame.
    pub(crate) fn command(&mut self, c: Command) {
        self.next.push(c);
    }

    /// Asks the shell for something done to the game in play, after this frame.
    pub(crate) fn ask(&mut self, r: Request) {
        self.requests.push(r);
    }

    pub(crate) fn take_requests(&mut self) -> Vec<Request> {
        std::mem::take(&mut self.requests)
    }

    /// One piece of the physics warm-up (`warm`), between frames after the first; false once
    /// it is all done.
    pub(crate) fn warm_step(&mut self) -> bool {
        if self.warm.done >= warm::PIECES {
            return false;
        }
        let t0 = macroquad::time::get_time();
        warm::piece(self.warm.done);
        self.warm.done += 1;
        self.warm.ms += (macroquad::time::get_time() - t0) * 1000.0;
        if self.warm.done == warm::PIECES {
            log(&format!("warm ms={:.0}", self.warm.ms));
        }
        true
    }

    /// The rest of the warm-up at once: a game opens, and its bots must not pay for it.
    pub(crate) fn warm_all(&mut self) {
        while self.warm_step() {}
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
