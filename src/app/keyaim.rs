//! Aiming without a pointer, window-free: keyboard aim (arrow keys turn and pull, a modifier for
//! fine steps, Space or Enter fires) and one-switch aim (the angle sweeps, one press keeps it, the
//! strength sweeps, one press fires). Both end in the same integer `Launch` a drag, flick or
//! throw makes, checked by the same `LaunchPrompt`, so a replay cannot tell how a shot was aimed.
//! The app maps its keys to `AimKey` and draws the aim with the pointer's preview.

use engine::core::{Launch, LaunchKind, LaunchPrompt};

use super::gesture::{clamp_angle, mid_angle};

/// One step of the keyboard aim: 5° of angle, 5% of full strength, a twentieth of the spin
/// range. A fine step (the modifier held) is a fifth of it.
pub const ANGLE_STEP: i32 = 50;
pub const POWER_STEP: i32 = 50;
pub const SPIN_STEPS: i32 = 20;
pub const FINE_DIVISOR: i32 = 5;

/// What an aiming key asks for (the app maps its key codes to these).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AimKey {
    /// Turn the aim counter-clockwise (up, away from the table) / clockwise.
    TurnUp,
    TurnDown,
    /// More / less strength.
    Stronger,
    Weaker,
    /// Spin the throw one way or the other (wrist throws).
    SpinLeft,
    SpinRight,
    /// The next launcher the prompt allows (Magic Toss beside the catapult).
    NextLauncher,
    /// Fire with the aim as it stands.
    Fire,
}

/// The aim being adjusted from the keyboard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyAim {
    pub kind: LaunchKind,
    pub angle: i32,
    pub power: i32,
    pub spin: i32,
}

/// What one key did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KeyAimStep {
    /// The aim changed (or stayed at the end of its range): draw the preview again.
    Adjusted,
    /// Fire this launch.
    Fire(Launch),
}

fn clamp_range(v: i32, (lo, hi): (i32, i32)) -> i32 {
    let (lo, hi) = if lo <= hi { (lo, hi) } else { (hi, lo) };
    v.clamp(lo, hi)
}

fn mid((lo, hi): (i32, i32)) -> i32 {
    lo + (hi - lo) / 2
}

/// The launchers this way of aiming can fire: everything but a let-go (a button of its own).
fn aimable(prompt: &LaunchPrompt) -> Vec<LaunchKind> {
    prompt
        .kinds
        .iter()
        .copied()
        .filter(|k| *k != LaunchKind::Release)
        .collect()
}

impl KeyAim {
    /// A first aim for a prompt: the middle of its angles, two thirds of its strength (a middling
    /// shot the player then corrects), no spin; or the player's previous aim, kept inside the
    /// prompt, when there is one. None when nothing can be aimed (a let-go only).
    pub fn start(prompt: &LaunchPrompt, previous: Option<&KeyAim>) -> Option<KeyAim> {
        let kinds = aimable(prompt);
        let first = *kinds.first()?;
        let (lo, hi) = prompt.power;
        let mut aim = KeyAim {
            kind: first,
            angle: mid_angle(prompt.angle),
            power: clamp_range(lo + (hi - lo) * 2 / 3, prompt.power),
            spin: clamp_range(0, prompt.spin),
        };
        if let Some(p) = previous {
            if kinds.contains(&p.kind) {
                aim.kind = p.kind;
            }
            aim.angle = clamp_angle(p.angle, prompt.angle);
            aim.power = clamp_range(p.power, prompt.power);
            aim.spin = clamp_range(p.spin, prompt.spin);
        }
        Some(aim)
    }

    /// Applies one key; `fine` is the modifier (Shift) held.
    pub fn key(&mut self, prompt: &LaunchPrompt, key: AimKey, fine: bool) -> KeyAimStep {
        let div = if fine { FINE_DIVISOR } else { 1 };
        let spin_step = ((prompt.spin.1 - prompt.spin.0).abs() / SPIN_STEPS / div).max(1);
        match key {
            AimKey::TurnUp => self.turn(prompt, ANGLE_STEP / div),
            AimKey::TurnDown => self.turn(prompt, -ANGLE_STEP / div),
            AimKey::Stronger => {
                self.power = clamp_range(self.power + POWER_STEP / div, prompt.power)
            }
            AimKey::Weaker => self.power = clamp_range(self.power - POWER_STEP / div, prompt.power),
            AimKey::SpinLeft => self.spin = clamp_range(self.spin + spin_step, prompt.spin),
            AimKey::SpinRight => self.spin = clamp_range(self.spin - spin_step, prompt.spin),
            AimKey::NextLauncher => {
                let kinds = aimable(prompt);
                if let Some(i) = kinds.iter().position(|k| *k == self.kind) {
                    self.kind = kinds[(i + 1) % kinds.len()];
                } else if let Some(k) = kinds.first() {
                    self.kind = *k;
                }
            }
            AimKey::Fire => return KeyAimStep::Fire(self.launch(prompt)),
        }
        KeyAimStep::Adjusted
    }

    /// Turns within the prompt's angles: a turn that would leave the range stops at its end
    /// (never jumps round to the other end of a wrapping range).
    fn turn(&mut self, prompt: &LaunchPrompt, by: i32) {
        let next = (self.angle + by).rem_euclid(3600);
        let clamped = clamp_angle(next, prompt.angle);
        self.angle = if clamped == next {
            next
        } else if by > 0 {
            prompt.angle.1.rem_euclid(3600)
        } else {
            prompt.angle.0.rem_euclid(3600)
        };
    }

    /// The launch this aim fires: the prompt's own integers (offsets at the launcher's middle).
    pub fn launch(&self, prompt: &LaunchPrompt) -> Launch {
        Launch {
            kind: self.kind,
            angle: clamp_angle(self.angle, prompt.angle),
            power: clamp_range(self.power, prompt.power),
            spin: clamp_range(self.spin, prompt.spin),
            x: clamp_range(mid(prompt.x), prompt.x),
            y: clamp_range(mid(prompt.y), prompt.y),
        }
    }

    /// Strength as a whole percentage of the prompt's range and the angle in whole degrees above
    /// the horizontal, for the readout beside the launcher.
    pub fn readout(&self, prompt: &LaunchPrompt) -> (i32, i32) {
        let (lo, hi) = prompt.power;
        let pct = if hi > lo {
            (self.power - lo) * 100 / (hi - lo)
        } else {
            100
        };
        (self.angle.rem_euclid(3600) / 10, pct)
    }
}

/// One-switch aim: the game offers one thing at a time and one press picks it; nothing is held
/// and no press must land within a short window (the sweep goes on until the player presses).
#[derive(Clone, Debug, PartialEq)]
pub struct SwitchAim {
    aim: KeyAim,
    stage: SwitchStage,
    /// Seconds since the current sweep began.
    t: f32,
    /// Seconds for one sweep from one end of a range to the other (the speed setting).
    pub sweep_seconds: f32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SwitchStage {
    /// The angle sweeps between the ends of the prompt's range.
    Angle,
    /// The strength sweeps from weakest to strongest and back.
    Power,
}

/// The slowest and fastest sweeps the setting offers, in seconds from end to end.
pub const SWEEP_SECONDS: (f32, f32) = (1.0, 8.0);

/// A position 0..=1 along a back-and-forth sweep taking `period` seconds each way.
fn triangle(t: f32, period: f32) -> f32 {
    if !(t.is_finite() && period.is_finite()) || period <= 0.0 {
        return 0.0;
    }
    let phase = (t / period).rem_euclid(2.0);
    if phase <= 1.0 {
        phase
    } else {
        2.0 - phase
    }
}

fn along((lo, hi): (i32, i32), f: f32) -> i32 {
    lo + libm::roundf((hi - lo) as f32 * f) as i32
}

impl SwitchAim {
    pub fn start(prompt: &LaunchPrompt, sweep_seconds: f32) -> Option<SwitchAim> {
        let mut aim = KeyAim::start(prompt, None)?;
        let sweep_seconds = if sweep_seconds.is_finite() {
            sweep_seconds.clamp(SWEEP_SECONDS.0, SWEEP_SECONDS.1)
        } else {
            SWEEP_SECONDS.1
        };
        aim.angle = Self::angle_at(prompt, 0.0);
        Some(SwitchAim {
            aim,
            stage: SwitchStage::Angle,
            t: 0.0,
            sweep_seconds,
        })
    }

    fn angle_at(prompt: &LaunchPrompt, f: f32) -> i32 {
        let (lo, hi) = prompt.angle;
        let span = (hi - lo).rem_euclid(3600);
        (lo + libm::roundf(span as f32 * f) as i32).rem_euclid(3600)
    }

    pub fn stage(&self) -> SwitchStage {
        self.stage
    }

    /// The aim as it stands now (the preview draws it).
    pub fn aim(&self) -> &KeyAim {
        &self.aim
    }

    /// Moves the sweep on by one frame's seconds.
    pub fn tick(&mut self, prompt: &LaunchPrompt, dt: f32) {
        if dt.is_finite() && dt > 0.0 {
            self.t += dt.min(0.25);
        }
        let f = triangle(self.t, self.sweep_seconds);
        match self.stage {
            SwitchStage::Angle => self.aim.angle = Self::angle_at(prompt, f),
            SwitchStage::Power => self.aim.power = along(prompt.power, f),
        }
    }

    /// Aims with this launcher when the prompt offers it (the launcher picked on the bar).
    pub fn set_kind(&mut self, prompt: &LaunchPrompt, kind: LaunchKind) {
        if aimable(prompt).contains(&kind) {
            self.aim.kind = kind;
        }
    }

    /// A second switch (or a change of mind): back to sweeping the angle.
    pub fn back(&mut self, prompt: &LaunchPrompt) {
        if self.stage == SwitchStage::Power {
            self.stage = SwitchStage::Angle;
            self.t = 0.0;
            self.aim.angle = Self::angle_at(prompt, 0.0);
        }
    }

    /// The one switch was pressed: keep the angle and sweep the strength, or fire.
    pub fn press(&mut self, prompt: &LaunchPrompt) -> Option<Launch> {
        match self.stage {
            SwitchStage::Angle => {
                self.stage = SwitchStage::Power;
                self.t = 0.0;
                self.aim.power = along(prompt.power, 0.0);
                None
            }
            SwitchStage::Power => Some(self.aim.launch(prompt)),
        }
    }
}

/// One-switch choices: the offered items are lit one after another, `dwell` seconds each, round
/// and round; one press picks the lit one.
#[derive(Clone, Debug, PartialEq)]
pub struct Scanner {
    count: usize,
    t: f32,
    pub dwell: f32,
}

impl Scanner {
    pub fn new(count: usize, dwell: f32) -> Scanner {
        let dwell = if dwell.is_finite() {
            dwell.clamp(0.5, 5.0)
        } else {
            2.0
        };
        Scanner {
            count,
            t: 0.0,
            dwell,
        }
    }

    /// The item lit now (None when nothing is offered).
    pub fn lit(&self) -> Option<usize> {
        if self.count == 0 {
            return None;
        }
        Some(((self.t / self.dwell) as usize) % self.count)
    }

    pub fn tick(&mut self, dt: f32) {
        if dt.is_finite() && dt > 0.0 {
            self.t += dt.min(0.25);
        }
    }

    /// The list changed (a new screen, a new decision): start again from the first item.
    pub fn reset(&mut self, count: usize) {
        self.count = count;
        self.t = 0.0;
    }
}

/// Keyboard focus over a screen's buttons: Tab and Shift-Tab move it round, Enter presses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Focus {
    index: Option<usize>,
}

impl Focus {
    /// The focused button among `count` (a focus past the end, after the buttons changed, comes
    /// back to the last one).
    pub fn current(&self, count: usize) -> Option<usize> {
        match (self.index, count) {
            (_, 0) | (None, _) => None,
            (Some(i), n) => Some(i.min(n - 1)),
        }
    }

    pub fn next(&mut self, count: usize) {
        self.index = match (self.current(count), count) {
            (_, 0) => None,
            (None, _) => Some(0),
            (Some(i), n) => Some((i + 1) % n),
        };
    }

    pub fn previous(&mut self, count: usize) {
        self.index = match (self.current(count), count) {
            (_, 0) => None,
            (None, n) => Some(n - 1),
            (Some(i), n) => Some((i + n - 1) % n),
        };
    }

    pub fn clear(&mut self) {
        self.index = None;
    }

    /// The ring on the button at `i`.
    pub fn set(&mut self, i: usize) {
        self.index = Some(i);
    }
}

/// Where one-switch scanning starts among buttons with these probe keys: at the first one that
/// decides something, not at the menu, the sound or the details over the game (a switch user
/// would wait through them before every choice); the first button when all are those.
pub fn scan_start(keys: &[&str]) -> usize {
    const CHROME: [&str; 3] = ["pause", "mute", "details"];
    keys.iter().position(|k| !CHROME.contains(k)).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scanning_starts_at_the_choice_not_at_the_menu() {
        assert_eq!(
            scan_start(&["pause", "mute", "details", "choice:0", "choice:1"]),
            3
        );
        assert_eq!(scan_start(&["game:castle", "mute"]), 0);
        assert_eq!(scan_start(&["pause", "mute"]), 0);
        assert_eq!(scan_start(&[]), 0);
    }

    fn catapult() -> LaunchPrompt {
        let mut p = LaunchPrompt::new(LaunchKind::Catapult, [0.0, 0.0]);
        p.angle = (100, 800);
        p.power = (100, 1000);
        p
    }

    #[test]
    fn arrows_turn_and_pull_within_the_prompt_and_fire_the_same_integer_launch() {
        let p = catapult();
        let mut aim = KeyAim::start(&p, None).unwrap_or_else(|| panic!("aimable"));
        assert_eq!(aim.angle, 450);
        assert_eq!(aim.power, 700);
        aim.key(&p, AimKey::TurnUp, false);
        aim.key(&p, AimKey::Weaker, true);
        assert_eq!((aim.angle, aim.power), (500, 690));
        for _ in 0..100 {
            aim.key(&p, AimKey::TurnUp, false);
            aim.key(&p, AimKey::Stronger, false);
        }
        assert_eq!((aim.angle, aim.power), (800, 1000), "stops at the ends");
        let KeyAimStep::Fire(l) = aim.key(&p, AimKey::Fire, false) else {
            panic!("Fire fires");
        };
        assert!(p.check(&l).is_ok(), "{l:?}");
        assert_eq!(
            (l.kind, l.angle, l.power),
            (LaunchKind::Catapult, 800, 1000)
        );
    }

    #[test]
    fn a_wrapping_range_turns_through_zero_and_stops_at_its_ends() {
        let mut p = catapult();
        p.angle = (3400, 200);
        let mut aim = KeyAim::start(&p, None).unwrap_or_else(|| panic!("aimable"));
        assert_eq!(aim.angle, 0);
        for _ in 0..10 {
            aim.key(&p, AimKey::TurnDown, false);
        }
        assert_eq!(aim.angle, 3400);
        for _ in 0..3 {
            aim.key(&p, AimKey::TurnUp, false);
        }
        assert_eq!(aim.angle, 3550);
        for _ in 0..20 {
            aim.key(&p, AimKey::TurnUp, false);
        }
        assert_eq!(aim.angle, 200);
        assert!(p.check(&aim.launch(&p)).is_ok());
    }

    #[test]
    fn the_next_launcher_key_cycles_the_prompts_launchers_but_never_a_let_go() {
        let mut p = catapult();
        p.kinds = vec![LaunchKind::Catapult, LaunchKind::Toss, LaunchKind::Release];
        let mut aim = KeyAim::start(&p, None).unwrap_or_else(|| panic!("aimable"));
        aim.key(&p, AimKey::NextLauncher, false);
        assert_eq!(aim.kind, LaunchKind::Toss);
        aim.key(&p, AimKey::NextLauncher, false);
        assert_eq!(aim.kind, LaunchKind::Catapult);
        let only_release = LaunchPrompt::new(LaunchKind::Release, [0.0, 0.0]);
        assert!(KeyAim::start(&only_release, None).is_none());
    }

    #[test]
    fn the_previous_aim_is_kept_inside_a_new_prompt() {
        let p = catapult();
        let old = KeyAim {
            kind: LaunchKind::Wrist,
            angle: 3000,
            power: 5,
            spin: 900,
        };
        let aim = KeyAim::start(&p, Some(&old)).unwrap_or_else(|| panic!("aimable"));
        assert_eq!(aim.kind, LaunchKind::Catapult);
        assert_eq!((aim.angle, aim.power, aim.spin), (100, 100, 0));
    }

    #[test]
    fn spin_keys_stay_within_the_spin_range() {
        let mut p = catapult();
        p.kinds = vec![LaunchKind::Wrist];
        p.spin = (-1000, 1000);
        let mut aim = KeyAim::start(&p, None).unwrap_or_else(|| panic!("aimable"));
        aim.key(&p, AimKey::SpinLeft, false);
        assert_eq!(aim.spin, 100);
        aim.key(&p, AimKey::SpinRight, true);
        assert_eq!(aim.spin, 80);
        for _ in 0..30 {
            aim.key(&p, AimKey::SpinRight, false);
        }
        assert_eq!(aim.spin, -1000);
    }

    #[test]
    fn one_switch_sweeps_the_angle_then_the_strength_and_fires_on_the_second_press() {
        let p = catapult();
        let mut s = SwitchAim::start(&p, 2.0).unwrap_or_else(|| panic!("aimable"));
        assert_eq!(s.aim().angle, 100);
        for _ in 0..60 {
            s.tick(&p, 1.0 / 60.0);
        }
        assert_eq!(
            s.aim().angle,
            450,
            "half way after one second of a two-second sweep"
        );
        for _ in 0..90 {
            s.tick(&p, 1.0 / 60.0);
        }
        assert_eq!(s.aim().angle, 625, "on its way back");
        assert_eq!(s.press(&p), None);
        assert_eq!(s.stage(), SwitchStage::Power);
        for _ in 0..120 {
            s.tick(&p, 1.0 / 60.0);
        }
        let l = s
            .press(&p)
            .unwrap_or_else(|| panic!("the second press fires"));
        assert_eq!((l.angle, l.power), (625, 1000));
        assert!(p.check(&l).is_ok());
    }

    #[test]
    fn back_returns_to_the_angle_sweep_and_the_launcher_picked_is_kept() {
        let mut p = catapult();
        p.kinds = vec![LaunchKind::Catapult, LaunchKind::Toss];
        let mut s = SwitchAim::start(&p, 2.0).unwrap_or_else(|| panic!("aimable"));
        s.set_kind(&p, LaunchKind::Toss);
        s.set_kind(&p, LaunchKind::Wrist);
        assert_eq!(s.aim().kind, LaunchKind::Toss, "only a launcher offered");
        assert_eq!(s.press(&p), None);
        s.back(&p);
        assert_eq!(s.stage(), SwitchStage::Angle);
        assert_eq!(
            s.press(&p),
            None,
            "the first press again only keeps the angle"
        );
        let l = s.press(&p).unwrap_or_else(|| panic!("fires"));
        assert_eq!(l.kind, LaunchKind::Toss);
    }

    #[test]
    fn a_sweep_never_ends_by_itself_and_its_speed_is_bounded() {
        let p = catapult();
        let mut s = SwitchAim::start(&p, 0.01).unwrap_or_else(|| panic!("aimable"));
        assert_eq!(s.sweep_seconds, SWEEP_SECONDS.0);
        for _ in 0..100_000 {
            s.tick(&p, 1.0 / 60.0);
        }
        assert_eq!(s.stage(), SwitchStage::Angle);
        assert!(p.angle_ok(s.aim().angle));
        s.tick(&p, f32::NAN);
        assert!(p.angle_ok(s.aim().angle));
    }

    #[test]
    fn the_scanner_lights_each_choice_in_turn_and_a_reset_starts_again() {
        let mut s = Scanner::new(3, 1.0);
        assert_eq!(s.lit(), Some(0));
        for _ in 0..70 {
            s.tick(1.0 / 60.0);
        }
        assert_eq!(s.lit(), Some(1));
        for _ in 0..120 {
            s.tick(1.0 / 60.0);
        }
        assert_eq!(s.lit(), Some(0), "round again");
        s.reset(0);
        assert_eq!(s.lit(), None);
    }

    #[test]
    fn tab_and_shift_tab_go_round_the_buttons() {
        let mut f = Focus::default();
        assert_eq!(f.current(3), None);
        f.next(3);
        assert_eq!(f.current(3), Some(0));
        f.previous(3);
        assert_eq!(f.current(3), Some(2));
        f.next(3);
        assert_eq!(f.current(3), Some(0));
        assert_eq!(f.current(0), None);
        f.previous(3);
        assert_eq!(f.current(2), Some(1), "past the end comes back to the last");
    }
}
