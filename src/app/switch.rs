//! One-switch play, the setting (window-free): off, or on with a slow, normal or fast sweep.
//! With it on, one key (Space or Enter) does everything: the aim's angle sweeps and a press
//! keeps it, the strength sweeps and a press fires (`keyaim::SwitchAim`); the screen's buttons,
//! the offered spots of a placement and the lit cells, turns and spots of the tile map are lit
//! one at a time (`keyaim::Scanner`) and a press picks the lit one. Nothing is held and no press
//! must land in a short window: every sweep goes back and forth until the player presses.

/// The one-switch setting.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OneSwitch {
    #[default]
    Off,
    Slow,
    Normal,
    Fast,
}

impl OneSwitch {
    pub const ALL: [OneSwitch; 4] = [
        OneSwitch::Off,
        OneSwitch::Slow,
        OneSwitch::Normal,
        OneSwitch::Fast,
    ];

    pub fn on(self) -> bool {
        self != OneSwitch::Off
    }

    /// Seconds for a sweep from one end of the aim's range to the other.
    pub fn sweep_seconds(self) -> f32 {
        match self {
            OneSwitch::Off | OneSwitch::Normal => 4.0,
            OneSwitch::Slow => 7.0,
            OneSwitch::Fast => 2.5,
        }
    }

    /// Seconds each choice stays lit while choices are scanned.
    pub fn dwell(self) -> f32 {
        match self {
            OneSwitch::Off | OneSwitch::Normal => 1.5,
            OneSwitch::Slow => 2.5,
            OneSwitch::Fast => 1.0,
        }
    }

    /// The stored name.
    pub fn key(self) -> &'static str {
        match self {
            OneSwitch::Off => "off",
            OneSwitch::Slow => "slow",
            OneSwitch::Normal => "normal",
            OneSwitch::Fast => "fast",
        }
    }

    pub fn from_key(key: &str) -> Option<OneSwitch> {
        OneSwitch::ALL.into_iter().find(|s| s.key() == key)
    }

    /// The next setting (the pause menu's button goes round them).
    pub fn next(self) -> OneSwitch {
        let i = OneSwitch::ALL.iter().position(|s| *s == self).unwrap_or(0);
        OneSwitch::ALL[(i + 1) % OneSwitch::ALL.len()]
    }

    /// What the setting's button says.
    pub fn label(self) -> &'static str {
        match self {
            OneSwitch::Off => "One switch: off",
            OneSwitch::Slow => "One switch: slow",
            OneSwitch::Normal => "One switch: normal",
            OneSwitch::Fast => "One switch: fast",
        }
    }
}

/// Scanning a list of `count` items with a clock: which is lit after `t` seconds of `dwell`
/// each (None when there is nothing to scan).
pub fn lit_at(count: usize, t: f32, dwell: f32) -> Option<usize> {
    if count == 0 || !t.is_finite() || !dwell.is_finite() || dwell <= 0.0 {
        return (count > 0).then_some(0);
    }
    Some(((t.max(0.0) / dwell) as usize) % count)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_setting_goes_round_and_reads_back_by_its_stored_name() {
        let mut s = OneSwitch::default();
        assert!(!s.on());
        for _ in 0..4 {
            assert_eq!(OneSwitch::from_key(s.key()), Some(s));
            s = s.next();
        }
        assert_eq!(s, OneSwitch::Off);
        assert_eq!(OneSwitch::from_key("sideways"), None);
        assert!(OneSwitch::Slow.sweep_seconds() > OneSwitch::Fast.sweep_seconds());
        assert!(OneSwitch::Slow.dwell() > OneSwitch::Fast.dwell());
    }

    #[test]
    fn scanning_lights_each_item_in_turn_and_copes_with_odd_clocks() {
        assert_eq!(lit_at(3, 0.0, 1.0), Some(0));
        assert_eq!(lit_at(3, 1.2, 1.0), Some(1));
        assert_eq!(lit_at(3, 3.5, 1.0), Some(0));
        assert_eq!(lit_at(0, 3.5, 1.0), None);
        assert_eq!(lit_at(2, f32::NAN, 1.0), Some(0));
        assert_eq!(lit_at(2, 1.0, 0.0), Some(0));
    }
}
