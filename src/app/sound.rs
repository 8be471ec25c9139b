//! Sound effects generated in code (no audio files): short mono 16-bit WAVs built from
//! oscillators, noise and envelopes. Pure: the app hands the bytes to macroquad's audio.

use engine::core::event::{Cue, Event};

pub const RATE: u32 = 22_050;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    Launch,
    Impact,
    Capture,
    Fall,
    Win,
    Card,
    Place,
    Hit,
    Miss,
    Score,
    Turn,
}

pub const ALL: [Effect; 11] = [
    Effect::Launch,
    Effect::Impact,
    Effect::Capture,
    Effect::Fall,
    Effect::Win,
    Effect::Card,
    Effect::Place,
    Effect::Hit,
    Effect::Miss,
    Effect::Score,
    Effect::Turn,
];

/// The effect of a cue (None only for `Quiet`, an untyped event's).
pub fn for_cue(cue: Cue) -> Option<Effect> {
    match cue {
        Cue::Quiet => None,
        Cue::Turn => Some(Effect::Turn),
        Cue::Place => Some(Effect::Place),
        Cue::Card => Some(Effect::Card),
        Cue::Miss => Some(Effect::Miss),
        Cue::Hit => Some(Effect::Hit),
        Cue::Fall => Some(Effect::Fall),
        Cue::Score => Some(Effect::Score),
        Cue::Capture => Some(Effect::Capture),
        Cue::Win => Some(Effect::Win),
    }
}

/// The effect an event calls for, if any (its game's kind says which cue it is).
pub fn for_event(event: &Event) -> Option<Effect> {
    for_cue(event.cue)
}

/// The one effect for the events of a move: the cue that matters most (a tower taken over the
/// turn that ends with it), the first of equals.
pub fn for_events(events: &[Event]) -> Option<Effect> {
    let mut best: Option<&Event> = None;
    for e in events {
        if best.is_none_or(|b| e.cue.weight() > b.cue.weight()) {
            best = Some(e);
        }
    }
    best.and_then(for_event)
}

/// How loud an effect plays (0..1): the frequent small ones quieter than the rare big ones.
pub fn volume(effect: Effect) -> f32 {
    match effect {
        Effect::Turn | Effect::Card | Effect::Place => 0.45,
        Effect::Impact | Effect::Miss => 0.55,
        _ => 0.7,
    }
}

struct Noise(u32);

impl Noise {
    fn next(&mut self) -> f32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        (self.0 as f32 / u32::MAX as f32) * 2.0 - 1.0
    }
}

fn tone(freq: f32, t: f32) -> f32 {
    (core::f32::consts::TAU * freq * t).sin()
}

/// The samples of an effect, -1..1.
pub fn samples(effect: Effect) -> Vec<f32> {
    let secs = match effect {
        Effect::Launch => 0.28,
        Effect::Impact => 0.16,
        Effect::Capture => 0.4,
        Effect::Fall => 0.65,
        Effect::Win => 0.95,
        Effect::Card => 0.14,
        Effect::Place => 0.12,
        Effect::Hit => 0.3,
        Effect::Miss => 0.36,
        Effect::Score => 0.32,
        Effect::Turn => 0.2,
    };
    let n = (secs * RATE as f32) as usize;
    let mut noise = Noise(0x9E37_79B9);
    let mut lp = 0.0f32;
    let mut phase = 0.0f32;
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let t = i as f32 / RATE as f32;
        let u = t / secs;
        let v = match effect {
            Effect::Launch => {
                // A thunk, then a whoosh whose brightness rises and falls.
                let thunk = tone(110.0, t) * (-t * 30.0).exp();
                let k = 0.05 + 0.4 * (u * core::f32::consts::PI).sin();
                lp += k * (noise.next() - lp);
                thunk * 0.6 + lp * (u * core::f32::consts::PI).sin() * 0.9
            }
            Effect::Impact => {
                lp += 0.3 * (noise.next() - lp);
                tone(85.0, t) * (-t * 25.0).exp() * 0.9 + lp * (-t * 60.0).exp() * 0.8
            }
            Effect::Capture => {
                let f = if u < 0.4 { 660.0 } else { 990.0 };
                let local = if u < 0.4 { t } else { t - 0.4 * secs };
                (tone(f, t) * 0.7 + tone(f * 2.0, t) * 0.2) * (-local * 9.0).exp()
            }
            Effect::Fall => {
                // A rumble sliding down.
                let f = 200.0 - 140.0 * u;
                phase += core::f32::consts::TAU * f / RATE as f32;
                lp += 0.08 * (noise.next() - lp);
                (phase.sin() * 0.5 + lp * 2.5) * (1.0 - u)
            }
            Effect::Win => {
                let notes = [523.25, 659.25, 783.99, 1046.5];
                let idx = ((u * 5.0) as usize).min(3);
                let start = idx as f32 * secs / 5.0;
                let local = t - start;
                (tone(notes[idx], t) * 0.6 + tone(notes[idx] * 1.5, t) * 0.15)
                    * (-local * 4.0).exp()
            }
            Effect::Card => {
                // A paper swish: bright noise (the noise less its low part), rising and falling.
                lp += 0.2 * (noise.next() - lp);
                let bright = noise.next() - lp;
                bright * (u * core::f32::consts::PI).sin() * 0.6
            }
            Effect::Place => {
                // A wooden tok: two short partials and a click.
                let env = (-t * 45.0).exp();
                (tone(420.0, t) * 0.6 + tone(1130.0, t) * 0.25) * env
                    + noise.next() * (-t * 300.0).exp() * 0.3
            }
            Effect::Hit => {
                // A clack with a ring: inharmonic partials over a noise burst.
                let ring = tone(520.0, t) * 0.4 + tone(1310.0, t) * 0.25 + tone(2030.0, t) * 0.12;
                ring * (-t * 14.0).exp() + noise.next() * (-t * 80.0).exp() * 0.5
            }
            Effect::Miss => {
                // Two notes going down, soft.
                let (f, local) = two_notes(u, t, secs, 0.45, 392.0, 311.1);
                (tone(f, t) * 0.45 + tone(f * 2.0, t) * 0.1) * (-local * 7.0).exp()
            }
            Effect::Score => {
                // A coin: a short high note and a higher one.
                let (f, local) = two_notes(u, t, secs, 0.25, 987.8, 1318.5);
                (tone(f, t) * 0.5 + tone(f * 3.0, t) * 0.08) * (-local * 10.0).exp()
            }
            Effect::Turn => {
                // A soft blip gliding up a little.
                let f = 620.0 + 160.0 * u;
                phase += core::f32::consts::TAU * f / RATE as f32;
                phase.sin() * 0.4 * (u * core::f32::consts::PI).sin()
            }
        };
        // Short fades at both ends against clicks.
        let edge = (t * 400.0).min(1.0) * ((secs - t) * 200.0).clamp(0.0, 1.0);
        out.push((v * edge).clamp(-1.0, 1.0));
    }
    out
}

/// How many pitches the aim's tone has (aiming without sight: the nearer the predicted landing
/// comes to the place picked, the higher).
pub const AIM_STEPS: usize = 8;

/// The aim's tone at nearness `step` (0 far .. `AIM_STEPS - 1` on the place): a soft blip two
/// octaves wide from low to high, gliding up when the shot would fall short and down when it
/// would go past, so a player hears both how near and which way to correct.
pub fn aim_tone(step: usize, short: bool) -> Vec<f32> {
    let secs = 0.14;
    let n = (secs * RATE as f32) as usize;
    let base = 220.0 * 2f32.powf(2.0 * step.min(AIM_STEPS - 1) as f32 / (AIM_STEPS - 1) as f32);
    let mut phase = 0.0f32;
    (0..n)
        .map(|i| {
            let u = i as f32 / n as f32;
            let glide = if short { 1.0 + 0.12 * u } else { 1.0 - 0.1 * u };
            phase += core::f32::consts::TAU * base * glide / RATE as f32;
            let env = (u * 12.0).min(1.0) * (1.0 - u).powi(2);
            phase.sin() * env * 0.8
        })
        .collect()
}

/// A RIFF/WAVE file: PCM, mono, 16-bit, `RATE` Hz.
pub fn wav(samples: &[f32]) -> Vec<u8> {
    let data_len = (samples.len() * 2) as u32;
    let mut b = Vec::with_capacity(44 + data_len as usize);
    b.extend_from_slice(b"RIFF");
    b.extend_from_slice(&(36 + data_len).to_le_bytes());
    b.extend_from_slice(b"WAVEfmt ");
    b.extend_from_slice(&16u32.to_le_bytes());
    b.extend_from_slice(&1u16.to_le_bytes()); // PCM
    b.extend_from_slice(&1u16.to_le_bytes()); // mono
    b.extend_from_slice(&RATE.to_le_bytes());
    b.extend_from_slice(&(RATE * 2).to_le_bytes());
    b.extend_from_slice(&2u16.to_le_bytes());
    b.extend_from_slice(&16u16.to_le_bytes());
    b.extend_from_slice(b"data");
    b.extend_from_slice(&data_len.to_le_bytes());
    for s in samples {
        let v = (s.clamp(-1.0, 1.0) * 30_000.0) as i16;
        b.extend_from_slice(&v.to_le_bytes());
    }
    b
}

/// A sound of two notes: `first` until the share `split` of its length, then `second`; the
/// note now and the time since it began (seconds).
fn two_notes(u: f32, t: f32, secs: f32, split: f32, first: f32, second: f32) -> (f32, f32) {
    if u < split {
        (first, t)
    } else {
        (second, t - split * secs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_effect_is_a_short_audible_wav_without_clicks() {
        for e in ALL {
            let s = samples(e);
            assert!(
                s.len() > RATE as usize / 10 && s.len() < RATE as usize,
                "{e:?}"
            );
            let peak = s.iter().fold(0.0f32, |m, v| m.max(v.abs()));
            assert!(peak > 0.2, "{e:?} is audible: {peak}");
            assert!(
                s[0].abs() < 0.05 && s[s.len() - 1].abs() < 0.05,
                "{e:?} fades"
            );
            let w = wav(&s);
            assert_eq!(&w[0..4], b"RIFF");
            assert_eq!(&w[8..16], b"WAVEfmt ");
            assert_eq!(w.len(), 44 + s.len() * 2);
            let riff = u32::from_le_bytes([w[4], w[5], w[6], w[7]]) as usize;
            assert_eq!(riff + 8, w.len());
        }
    }

    #[test]
    fn events_map_to_effects_by_their_games_typed_kind() {
        // Each game's event kinds live in its rules (`games/<id>/rules/events.rs`).
        use engine::games::{
            assault::rules as assault, castle::rules as castle, catapults::rules as catapults,
        };
        let of = |e: Event| for_event(&e);
        assert_eq!(
            of(Event::of(castle::events::Ev::TowerTaken, None, &[], "")),
            Some(Effect::Capture)
        );
        assert_eq!(
            of(Event::of(assault::events::Ev::CastleHit, None, &[], "")),
            Some(Effect::Hit)
        );
        assert_eq!(
            of(Event::of(catapults::events::Ev::RoundScored, None, &[], "")),
            Some(Effect::Capture)
        );
        assert_eq!(
            of(Event::of(catapults::events::Ev::GameOver, None, &[], "")),
            Some(Effect::Win)
        );
        assert_eq!(
            of(Event::of(castle::events::Ev::CardDrawn, None, &[], "")),
            Some(Effect::Card)
        );
        // A kind's name no longer decides its sound: only its cue does.
        assert_eq!(of(Event::new("castle_collapsed", None, &[], "")), None);
    }

    #[test]
    fn every_event_kind_of_every_game_has_a_sound() {
        let kinds: Vec<(&str, Cue)> = engine::games::GAMES
            .iter()
            .flat_map(|g| (g.event_cues)())
            .collect();
        assert!(kinds.len() > 100, "{}", kinds.len());
        for (name, cue) in kinds {
            assert!(for_cue(cue).is_some(), "{name} makes no sound");
        }
    }

    #[test]
    fn the_sounds_are_distinct_short_and_moderate() {
        let all: Vec<(Effect, Vec<f32>)> = ALL.iter().map(|&e| (e, samples(e))).collect();
        for (e, s) in &all {
            assert!(s.len() < RATE as usize, "{e:?} is under a second");
            let peak = s.iter().fold(0.0f32, |m, v| m.max(v.abs()));
            assert!(peak * volume(*e) <= 0.75, "{e:?} is moderate: {peak}");
        }
        // No two alike: their samples, as vectors, point in clearly different directions.
        for (i, (a, sa)) in all.iter().enumerate() {
            for (b, sb) in all.iter().skip(i + 1) {
                let n = sa.len().min(sb.len());
                let dot: f32 = (0..n).map(|k| sa[k] * sb[k]).sum();
                let na: f32 = sa[..n].iter().map(|v| v * v).sum::<f32>().sqrt();
                let nb: f32 = sb[..n].iter().map(|v| v * v).sum::<f32>().sqrt();
                let cos = dot / (na * nb).max(1e-9);
                assert!(cos.abs() < 0.5, "{a:?} and {b:?} sound alike ({cos})");
                assert_ne!(sa, sb, "{a:?} and {b:?}");
            }
        }
    }

    #[test]
    fn a_move_plays_the_sound_of_its_weightiest_event() {
        use engine::games::castle::rules::events::Ev;
        let ev = |k: Ev| Event::of(k, None, &[], "");
        let hit = [
            ev(Ev::Shot),
            ev(Ev::Hit),
            ev(Ev::TowerTaken),
            ev(Ev::TurnEnd),
        ];
        assert_eq!(for_events(&hit), Some(Effect::Capture));
        let miss = [
            ev(Ev::Shot),
            ev(Ev::Miss),
            ev(Ev::AmmoReturned),
            ev(Ev::TurnStart),
        ];
        assert_eq!(for_events(&miss), Some(Effect::Miss));
        assert_eq!(for_events(&[ev(Ev::TurnStart)]), Some(Effect::Turn));
        assert_eq!(for_events(&[]), None);
    }
}
