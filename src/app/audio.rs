//! Sound effects and the aim's tones (synthesized once the first frame is up).

use super::{log, sound};
#[cfg(feature = "audio")]
use macroquad::audio::{load_sound_from_bytes, play_sound, PlaySoundParams, Sound};

/// Built without the `audio` feature (no ALSA headers on this Linux machine): silence.
#[cfg(not(feature = "audio"))]
type Sound = ();

pub(crate) struct Sounds {
    list: Vec<(sound::Effect, Sound)>,
    /// The aim's tones: (nearness step, short) (`sound::aim_tone`).
    tones: Vec<((usize, bool), Sound)>,
}

impl Sounds {
    pub(super) async fn load() -> Sounds {
        if !sound_device() {
            // Without a device the mixer's thread is gone and every sound would print
            // "Audio thread died": say it once and load none.
            log("no sound device: playing without sound");
            return Sounds {
                list: Vec::new(),
                tones: Vec::new(),
            };
        }
        Sounds {
            list: load_all().await,
            tones: load_tones().await,
        }
    }
}

#[cfg(feature = "audio")]
async fn load_all() -> Vec<(sound::Effect, Sound)> {
    let mut list = Vec::new();
    for e in sound::ALL {
        if let Ok(s) = load_sound_from_bytes(&sound::wav(&sound::samples(e))).await {
            list.push((e, s));
        }
    }
    list
}

#[cfg(not(feature = "audio"))]
async fn load_all() -> Vec<(sound::Effect, Sound)> {
    Vec::new()
}

#[cfg(feature = "audio")]
async fn load_tones() -> Vec<((usize, bool), Sound)> {
    let mut tones = Vec::new();
    for step in 0..sound::AIM_STEPS {
        for short in [true, false] {
            if let Ok(s) = load_sound_from_bytes(&sound::wav(&sound::aim_tone(step, short))).await {
                tones.push(((step, short), s));
            }
        }
    }
    tones
}

#[cfg(not(feature = "audio"))]
async fn load_tones() -> Vec<((usize, bool), Sound)> {
    Vec::new()
}

#[cfg(feature = "audio")]
fn play(snd: &Sound, volume: f32) {
    play_sound(
        snd,
        PlaySoundParams {
            looped: false,
            volume,
        },
    );
}

#[cfg(not(feature = "audio"))]
fn play(_: &Sound, _: f32) {}

/// Whether there is anything to play sound on. Linux desktops list their sound cards in
/// /proc/asound/cards; everywhere else (the browser, other systems) we assume yes.
fn sound_device() -> bool {
    if !cfg!(feature = "audio") {
        return false;
    }
    #[cfg(all(target_os = "linux", not(target_arch = "wasm32")))]
    {
        std::fs::read_to_string("/proc/asound/cards")
            .map(|t| !t.trim().is_empty() && !t.contains("no soundcards"))
            .unwrap_or(false)
    }
    #[cfg(not(all(target_os = "linux", not(target_arch = "wasm32"))))]
    {
        true
    }
}

impl Sounds {
    /// Plays the effect `e` at its own volume.
    pub(super) fn effect(&self, e: sound::Effect) {
        if let Some((_, snd)) = self.list.iter().find(|(k, _)| *k == e) {
            play(snd, sound::volume(e));
        }
    }

    /// The aim's tone: how near the predicted landing comes to the place aimed at (`step`) and
    /// which way it misses (`short`).
    pub(super) fn tone(&self, step: usize, short: bool) {
        if let Some((_, snd)) = self.tones.iter().find(|(k, _)| *k == (step, short)) {
            play(snd, 0.5);
        }
    }
}
