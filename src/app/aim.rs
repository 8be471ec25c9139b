//! Aiming a launch: the ring on the launcher, the finger's gesture, the preview, firing.

use super::aim_words;
use super::frame::Frame;
use super::gesture::Sample;
use super::keyaim::{AimKey, KeyAim, SwitchAim};
use engine::core::{Launch, LaunchPrompt};
use macroquad::prelude::*;

/// How much the aim shows of the shot to come (docs/ui.md, "Aid levels"): one setting for the
/// dots, the words and the tones. Bots never read it; it is a view, never part of a move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum AidLevel {
    /// The first part of the very shot, bounces included (`LEARNING_FRAMES` frames).
    Learning,
    /// The rising part of the arc only (`preview::rising`): up to its top or its first
    /// contact, never the way down; the last shot's trail shows the rest.
    #[default]
    Standard,
    /// No dots: the last shot's trail only.
    Expert,
}

/// Frames of flight the Learning dots show (about two thirds of a second).
pub const LEARNING_FRAMES: u32 = 40;

impl AidLevel {
    pub const ALL: [AidLevel; 3] = [AidLevel::Learning, AidLevel::Standard, AidLevel::Expert];

    /// The stored name (settings, the room's setup).
    pub fn key(self) -> &'static str {
        match self {
            AidLevel::Learning => "learning",
            AidLevel::Standard => "standard",
            AidLevel::Expert => "expert",
        }
    }

    pub fn from_key(key: &str) -> Option<AidLevel> {
        AidLevel::ALL.into_iter().find(|a| a.key() == key)
    }

    /// The level's name as a player reads it.
    pub fn name(self) -> &'static str {
        match self {
            AidLevel::Learning => "Learning",
            AidLevel::Standard => "Standard",
            AidLevel::Expert => "Expert",
        }
    }

    /// What the setting's button says.
    pub fn label(self) -> &'static str {
        match self {
            AidLevel::Learning => "Aim aid: Learning (the path)",
            AidLevel::Standard => "Aim aid: Standard (the rise)",
            AidLevel::Expert => "Aim aid: Expert (no path)",
        }
    }

    /// What the level shows, in a sentence (said when it is chosen).
    pub fn about(self) -> &'static str {
        match self {
            AidLevel::Learning => "The dots show the first part of the shot, bounces and all.",
            AidLevel::Standard => {
                "The dots show the shot rising, up to its top; the last shot stays on the table."
            }
            AidLevel::Expert => "No dots: the last shot stays on the table.",
        }
    }

    /// The next level when its button is tapped.
    pub fn next(self) -> AidLevel {
        match self {
            AidLevel::Learning => AidLevel::Standard,
            AidLevel::Standard => AidLevel::Expert,
            AidLevel::Expert => AidLevel::Learning,
        }
    }

    /// The dots this level shows for `launch` (world metres, one a frame from the launcher):
    /// Learning the first `LEARNING_FRAMES` of the flight, Standard its rising part, Expert none.
    pub fn dots(self, game: &dyn engine::core::Game, launch: &Launch) -> Vec<[f32; 2]> {
        use engine::physics::preview;
        match self {
            AidLevel::Learning => preview::flight(game, launch, LEARNING_FRAMES),
            AidLevel::Standard => preview::rising_flight(game, launch),
            AidLevel::Expert => Vec::new(),
        }
    }
}

/// A throw being drawn by the finger.
pub(crate) struct Aim {
    pub(crate) samples: Vec<Sample>,
    pub(crate) t0: f64,
    /// How much of the predicted path to show (the aid level, read when the gesture starts).
    pub(crate) aid: AidLevel,
    /// The predicted path of the launch a release would fire now (kept while it does not change)
    /// and when it was worked out.
    pub(crate) predicted: Option<(Launch, Vec<[f32; 2]>)>,
    pub(crate) predicted_at: f64,
}

/// The aim adjusted from the keyboard (arrow keys turn and pull, Space or Enter fires), the
/// prompt it was started for, and the player's last keyboard aim (the next shot starts there).
#[derive(Default)]
pub(crate) struct Keys {
    pub(crate) aim: Option<(KeyAim, LaunchPrompt, Aim)>,
    pub(crate) last: Option<KeyAim>,
    /// The one-switch aim (the setting on).
    pub(crate) switch: Option<(SwitchAim, LaunchPrompt, Aim)>,
    /// The place picked last with T (`Draw::aim_places`, an index into them).
    pub(crate) place: Option<usize>,
    /// When the aim's tone last sounded (`aim_tone_for`).
    pub(crate) toned_at: f64,
    /// The keys aimed last (not a finger): the ring's words are the keys' then.
    pub(crate) used: bool,
}

impl Keys {
    /// Forgets the aim being adjusted (no shot is asked for now).
    pub(crate) fn drop_aim(&mut self) {
        self.aim = None;
        self.switch = None;
    }

    /// Forgets a keyboard or one-switch aim started for another prompt than `lp`.
    pub(crate) fn forget_other_prompts(&mut self, lp: &LaunchPrompt) {
        if self.aim.as_ref().is_some_and(|(_, q, _)| q != lp) {
            self.aim = None;
            self.place = None;
        }
        if self.switch.as_ref().is_some_and(|(_, q, _)| q != lp) {
            self.switch = None;
        }
    }
}

/// The aiming key pressed this frame, if any: Up/Down turn the aim, Right/Left give more or less
/// strength, Q/E spin a throw, L the next launcher, Space or Enter fire.
pub(crate) fn aim_key(enter_free: bool) -> Option<AimKey> {
    let pairs = [
        (KeyCode::Up, AimKey::TurnUp),
        (KeyCode::Down, AimKey::TurnDown),
        (KeyCode::Right, AimKey::Stronger),
        (KeyCode::Left, AimKey::Weaker),
        (KeyCode::Q, AimKey::SpinLeft),
        (KeyCode::E, AimKey::SpinRight),
        (KeyCode::L, AimKey::NextLauncher),
        (KeyCode::Space, AimKey::Fire),
    ];
    for (code, key) in pairs {
        if super::keyqueue::pressed(code) {
            return Some(key);
        }
    }
    if enter_free && super::keyqueue::pressed_any(&[KeyCode::Enter, KeyCode::KpEnter]) {
        return Some(AimKey::Fire);
    }
    None
}

/// The aim's tone sounds at most this often (seconds): a held key plays a few, not thirty.
pub(crate) const TONE_EVERY: f64 = 0.2;

/// Frames of flight followed to find where a shot comes down (six seconds).
pub(crate) const LANDING_FRAMES: u32 = 360;

/// Where `launch` comes down and stops, in table words against the game's places, if it flies.
pub(crate) fn landing_said(game: &dyn engine::core::Game, launch: &Launch) -> Option<String> {
    let from = game.launch_prompt()?.origin[0];
    let fall = aim_words::fall(&engine::physics::preview::flight(
        game,
        launch,
        LANDING_FRAMES,
    ))?;
    Some(aim_words::landing_words(fall, &game.aim_places(), from))
}

/// The predicted path is worked out again at most this often (seconds): a short run of a big
/// table costs a few milliseconds, too much for every frame of a drag.
pub(crate) const PREDICT_EVERY: f64 = 0.1;

impl Aim {
    /// The predicted path's cache of an aim by keys or by one switch (no pointer samples), its
    /// first prediction due at once.
    pub(crate) fn for_keys(now: f64, aid: AidLevel) -> Aim {
        Aim {
            samples: Vec::new(),
            t0: now,
            aid,
            predicted: None,
            predicted_at: now - PREDICT_EVERY,
        }
    }

    /// The predicted dots of `launch` (recomputed only when the launch changes).
    pub(crate) fn predicted(
        &mut self,
        game: &dyn engine::core::Game,
        launch: &Launch,
        now: f64,
    ) -> &[[f32; 2]] {
        if self.aid == AidLevel::Expert {
            return &[];
        }
        let stale = self.predicted.as_ref().is_none_or(|(l, _)| l != launch);
        if stale && (self.predicted.is_none() || now - self.predicted_at >= PREDICT_EVERY) {
            let dots = self.aid.dots(game, launch);
            self.predicted = Some((launch.clone(), dots));
            self.predicted_at = now;
        }
        self.predicted.as_ref().map_or(&[], |(_, d)| d.as_slice())
    }
}

/// The predicted path: dots every few frames, large and bright near the launcher and fading out
/// where the prediction ends (the rest of the flight is the player's to judge).
pub(crate) fn draw_dots(dots: &[[f32; 2]], f: &Frame, u: f32) {
    let n = dots.len().max(1) as f32;
    for (i, d) in dots.iter().enumerate().step_by(3).skip(1) {
        let k = 1.0 - i as f32 / n;
        let (x, y) = f.to_screen(d[0], d[1]);
        let r = (u * (0.45 + 0.45 * k)).max(1.5);
        draw_circle(
            x,
            y,
            r + (u * 0.2).max(1.0),
            Color::new(0.1, 0.1, 0.12, 0.45 * k + 0.15),
        );
        draw_circle(x, y, r, Color::new(1.0, 1.0, 1.0, 0.55 + 0.45 * k));
    }
}
