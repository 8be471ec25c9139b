//! Sound effects (synthesized once the first frame is up) and the mute toggle.

use super::frame::Area;
use super::{log, save, sound, App};
use crate::core::Event;
use macroquad::audio::{load_sound_from_bytes, play_sound, PlaySoundParams, Sound};

pub(super) struct Sounds {
    list: Vec<(sound::Effect, Sound)>,
}

impl Sounds {
    pub(super) async fn load() -> Sounds {
        let mut list = Vec::new();
        for e in sound::ALL {
            if let Ok(s) = load_sound_from_bytes(&sound::wav(&sound::samples(e))).await {
                list.push((e, s));
            }
        }
        Sounds { list }
    }
}

impl App {
    pub(super) fn sfx(&self, e: sound::Effect) {
        if self.muted {
            return;
        }
        if let Some(s) = &self.sounds {
            if let Some((_, snd)) = s.list.iter().find(|(k, _)| *k == e) {
                play_sound(
                    snd,
                    PlaySoundParams {
                        looped: false,
                        volume: 0.7,
                    },
                );
            }
        }
    }

    /// Plays the sound of the last event that has one.
    pub(super) fn sfx_for_events(&self, events: &[Event]) {
        if let Some(fx) = events.iter().rev().find_map(sound::for_event) {
            self.sfx(fx);
        }
    }

    pub(super) fn mute_button(&mut self, a: Area) {
        let label = if self.muted { "Sound off" } else { "Sound on" };
        if self.ui.button("mute", a, label, true) {
            self.muted = !self.muted;
            if let Err(e) = save::set_muted(self.store.as_mut(), self.muted) {
                self.say(format!("Could not remember the sound setting: {e}"), true);
            }
            log(&format!("muted {}", self.muted as i32));
        }
    }
}
