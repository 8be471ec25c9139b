//! First-game hints: the first time a player meets a gesture, a ghost finger shows it over the
//! table with a caption. A hint goes for good once the player has made that move; it takes no
//! taps (nothing under it is blocked). Which hints are done is kept in storage like the other
//! settings. The page's
//! `?hints=off` (or `CATAPULT_TABLE_HINTS=off` on the desktop) shows none (the browser tests'
//! layout check and screenshots use it).

use super::frame::Area;
use super::store::Store;
use super::ui::*;
use super::{platform, App};
use macroquad::prelude::*;

/// Which hints were dismissed: a comma-separated list of their keys.
pub const HINTS_KEY: &str = "catapult-table.hints";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hint {
    /// Drag back from a catapult (or a hand) and let go.
    Fire,
    /// Swipe across a lever.
    Flick,
    /// A quick flick out from the wrist.
    Wrist,
    /// Drag a piece into place and twist it.
    Place,
}

impl Hint {
    pub fn key(self) -> &'static str {
        match self {
            Hint::Fire => "fire",
            Hint::Flick => "flick",
            Hint::Wrist => "wrist",
            Hint::Place => "place",
        }
    }

    pub fn caption(self) -> &'static str {
        match self {
            Hint::Fire => "Drag back from the launcher and let go to fire",
            Hint::Flick => "Swipe quickly across the lever to flick",
            Hint::Wrist => "Flick from the wrist: a quick swipe out from the hand",
            Hint::Place => "Drag the piece into place; twist with a second finger to turn it",
        }
    }

    /// Where the ghost finger is at phase `t` (0..1) of its loop, as an offset from the
    /// launcher in units of `u`; `towards` is +1 when the target lies to the right.
    pub fn finger(self, t: f32, towards: f32) -> (f32, f32) {
        let e = t.clamp(0.0, 1.0);
        match self {
            Hint::Fire => (-12.0 * towards * e, 10.0 * e),
            Hint::Flick => (0.0, 14.0 * (e * 2.0).min(1.0)),
            Hint::Wrist => (14.0 * towards * e, -12.0 * e),
            Hint::Place => (10.0 * e, -4.0 * e),
        }
    }
}

/// The hints already done.
pub fn done(store: &dyn Store) -> Vec<String> {
    store
        .get(HINTS_KEY)
        .map(|v| {
            v.split(',')
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default()
}

/// Remembers that a hint is done.
pub fn mark_done(store: &mut dyn Store, hint: Hint) -> Result<(), String> {
    let mut all = done(store);
    if !all.iter().any(|k| k == hint.key()) {
        all.push(hint.key().to_string());
    }
    store.set(HINTS_KEY, &all.join(","))
}

impl App {
    /// Shows `hint` at the launcher (screen point `anchor`) unless it is done. `towards`: +1
    /// when the target is to the right.
    pub(super) fn show_hint(&mut self, hint: Hint, anchor: (f32, f32), towards: f32) {
        if platform::hints_off() || done(self.store.as_ref()).iter().any(|k| k == hint.key()) {
            return;
        }
        self.hint_up = Some(hint);
        let (u, ta) = (self.ui.u, self.table_area);
        // The ghost finger, looping once a second and a half.
        let t = ((get_time() % 1.5) / 1.2) as f32;
        let (dx, dy) = hint.finger(t, towards);
        let (fx, fy) = (anchor.0 + dx * u, anchor.1 + dy * u);
        let fade = if t > 1.0 { 0.0 } else { 0.55 };
        draw_circle(fx, fy, 2.2 * u, Color::new(1.0, 1.0, 1.0, fade));
        draw_circle_lines(fx, fy, 2.2 * u, 2.0, Color::new(1.0, 1.0, 1.0, fade + 0.2));
        // The caption, at the top of the table (or its bottom when the launcher is up there),
        // never over the launcher.
        let size = self.ui.size(3.0);
        let width = (ta.w - 4.0 * u).min(110.0 * u);
        let lines = self
            .ui
            .wrap_at_most(hint.caption(), size, width - 4.0 * u, 3);
        let ph = (lines.len() as f32 * size * 1.3 + 2.0 * u).max(9.0 * u);
        let mut a = Area::new(ta.x + (ta.w - width) * 0.5, ta.y + u, width, ph);
        if anchor.1 < a.y + a.h + 6.0 * u {
            a.y = ta.y + ta.h - ph - u;
        }
        self.ui.panel(a, Color::new(0.05, 0.06, 0.08, 0.9));
        self.ui.cover(a);
        for (i, l) in lines.iter().enumerate() {
            self.ui.text(
                l,
                a.x + 2.0 * u,
                a.y + u + i as f32 * size * 1.3,
                size,
                ACCENT,
            );
        }
    }

    /// The player has made the move: the hint goes for good.
    pub(super) fn hint_done(&mut self, hint: Hint) {
        self.hint_up = None;
        if let Err(e) = mark_done(self.store.as_mut(), hint) {
            self.say(format!("Could not remember the hint: {e}"), true);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::store::MemStore;

    #[test]
    fn a_dismissed_hint_stays_dismissed() {
        let mut store = MemStore::default();
        assert!(done(&store).is_empty());
        assert!(mark_done(&mut store, Hint::Fire).is_ok());
        assert!(mark_done(&mut store, Hint::Flick).is_ok());
        assert!(mark_done(&mut store, Hint::Fire).is_ok());
        assert_eq!(done(&store), vec!["fire".to_string(), "flick".to_string()]);
        assert_eq!(store.get(HINTS_KEY).as_deref(), Some("fire,flick"));
    }

    #[test]
    fn the_ghost_finger_pulls_away_from_the_target() {
        let (x, y) = Hint::Fire.finger(1.0, 1.0);
        assert!(
            x < 0.0 && y > 0.0,
            "pull back and down from a target on the right"
        );
        let (x, _) = Hint::Fire.finger(1.0, -1.0);
        assert!(x > 0.0);
        assert_eq!(Hint::Flick.finger(0.0, 1.0), (0.0, 0.0));
    }
}
