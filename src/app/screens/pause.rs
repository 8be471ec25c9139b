//! The pause menu drawn over the frozen game: resume, restart, share by link, watch the replay,
//! rules, reduce motion (camera follow, shake and particles off), the aim path (long, short, or
//! off for table experts), one-switch play (off, slow, normal, fast), quit to title.

use super::rules::RulesScreen;
use crate::app::frame::Area;
use crate::app::gesture::PathLength;
use crate::app::screen::{Screen, ScreenId};
use crate::app::switch::OneSwitch;
use crate::app::ui::*;
use crate::app::{log, save, App, Command};
use macroquad::prelude::*;

/// The pause menu, drawn over the game (the play screen under it in the stack).
pub(crate) struct PauseScreen;

impl Screen<App> for PauseScreen {
    fn id(&self) -> ScreenId {
        ScreenId::Pause
    }
    fn overlay(&self) -> bool {
        true
    }
    fn frame(&mut self, app: &mut App, _active: bool) -> Command {
        self.draw(app)
    }
}

/// The pause menu's buttons, top to bottom (their probe keys are what the browser tests press).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PauseButton {
    Resume,
    Restart,
    Share,
    Watch,
    Rules,
    Motion,
    AimPath,
    OneSwitch,
    Quit,
}

impl PauseButton {
    const ALL: [PauseButton; 9] = [
        PauseButton::Resume,
        PauseButton::Restart,
        PauseButton::Share,
        PauseButton::Watch,
        PauseButton::Rules,
        PauseButton::Motion,
        PauseButton::AimPath,
        PauseButton::OneSwitch,
        PauseButton::Quit,
    ];

    fn key(self) -> &'static str {
        match self {
            PauseButton::Resume => "resume",
            PauseButton::Restart => "restart",
            PauseButton::Share => "share",
            PauseButton::Watch => "watch",
            PauseButton::Rules => "rules",
            PauseButton::Motion => "motion",
            PauseButton::AimPath => "aim-path",
            PauseButton::OneSwitch => "one-switch",
            PauseButton::Quit => "quit",
        }
    }

    fn label(self, reduced_motion: bool, path: PathLength, switch: OneSwitch) -> &'static str {
        match self {
            PauseButton::Resume => "Resume",
            PauseButton::Restart => "Restart",
            PauseButton::Share => "Share game link",
            PauseButton::Watch => "Watch replay",
            PauseButton::Rules => "Rules",
            PauseButton::Motion => motion_label(reduced_motion),
            PauseButton::AimPath => path.label(),
            PauseButton::OneSwitch => switch.label(),
            PauseButton::Quit => "Quit to title",
        }
    }
}

impl PauseScreen {
    fn draw(&mut self, app: &mut App) -> Command {
        let (w, h, u) = (app.cx.ui.w, app.cx.ui.h, app.cx.ui.u);
        // A veil dark enough that the game's text under it does not compete with the menu's.
        app.cx
            .ui
            .panel(Area::new(0.0, 0.0, w, h), Color::new(0.0, 0.0, 0.0, 0.82));
        app.cx.ui.cover(Area::new(0.0, 0.0, w, h));
        let bw = (w - 8.0 * u).min(60.0 * u);
        let x = (w - bw) * 0.5;
        let big = app.cx.ui.size(6.0);
        // Nine rows and the title fit any height: the buttons shrink a little on short screens.
        let rows = 9.0;
        let bh = ((h - big - 7.0 * u) / rows - 2.0 * u)
            .clamp(6.0 * u, 11.0 * u)
            .max(MIN_TAP);
        let block = big + 3.0 * u + rows * (bh + 2.0 * u);
        let y0 = ((h - block) * 0.5).max(u) + big + 3.0 * u;
        app.cx.ui.text_centred(
            "Paused",
            Area::new(0.0, y0 - big - 3.0 * u, w, big),
            big,
            ACCENT,
        );
        let b = |i: usize| Area::new(x, y0 + i as f32 * (bh + 2.0 * u), bw, bh);
        let mut tapped = None;
        for (i, button) in PauseButton::ALL.iter().enumerate() {
            let label = button.label(
                app.cx.settings.reduce_motion,
                save::aim_path(app.cx.store.as_ref()),
                save::one_switch(app.cx.store.as_ref()),
            );
            if app.cx.ui.button(button.key(), b(i), label, true) && tapped.is_none() {
                tapped = Some(*button);
            }
        }
        match tapped {
            None => Command::Stay,
            Some(PauseButton::Resume) => Command::Pop,
            Some(PauseButton::Restart) => {
                app.restart();
                Command::Stay
            }
            Some(PauseButton::Share) => {
                app.share();
                Command::Stay
            }
            Some(PauseButton::Watch) => {
                crate::app::screens::viewer::watch(&mut app.cx, app.play.as_ref());
                Command::Stay
            }
            Some(PauseButton::Rules) => match app.play.as_ref().map(|p| p.info) {
                Some(g) => Command::Push(Box::new(RulesScreen::new(g))),
                None => Command::Stay,
            },
            Some(PauseButton::Motion) => {
                app.cx.settings.reduce_motion = !app.cx.settings.reduce_motion;
                if app.cx.settings.reduce_motion {
                    app.table.effects.clear();
                }
                if let Err(e) =
                    save::set_reduce_motion(app.cx.store.as_mut(), app.cx.settings.reduce_motion)
                {
                    app.cx
                        .say(format!("Could not remember the motion setting: {e}"), true);
                }
                log(&format!(
                    "reduce-motion {}",
                    app.cx.settings.reduce_motion as i32
                ));
                Command::Stay
            }
            Some(PauseButton::AimPath) => {
                let next = save::aim_path(app.cx.store.as_ref()).next();
                if let Err(e) = save::set_aim_path(app.cx.store.as_mut(), next) {
                    app.cx.say(
                        format!("Could not remember the aim path setting: {e}"),
                        true,
                    );
                }
                log(&format!("aim-path {}", next.key()));
                Command::Stay
            }
            Some(PauseButton::OneSwitch) => {
                let next = save::one_switch(app.cx.store.as_ref()).next();
                if let Err(e) = save::set_one_switch(app.cx.store.as_mut(), next) {
                    app.cx.say(
                        format!("Could not remember the one-switch setting: {e}"),
                        true,
                    );
                }
                log(&format!("one-switch {}", next.key()));
                Command::Stay
            }
            Some(PauseButton::Quit) => {
                // The game stays saved: the title screen offers to resume it.
                if let Some(p) = app.play.take() {
                    if !p.is_over() {
                        let line = save::describe(&p);
                        app.cx.saved = Some((Box::new(p), line));
                    }
                }
                Command::Home
            }
        }
    }
}

/// The Reduce motion button says what it is now.
fn motion_label(reduced: bool) -> &'static str {
    if reduced {
        "Reduce motion: on"
    } else {
        "Reduce motion: off"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pause_buttons_keep_the_keys_the_browser_tests_press() {
        let keys: Vec<&str> = PauseButton::ALL.iter().map(|b| b.key()).collect();
        assert_eq!(
            keys,
            [
                "resume",
                "restart",
                "share",
                "watch",
                "rules",
                "motion",
                "aim-path",
                "one-switch",
                "quit"
            ]
        );
        assert_eq!(
            PauseButton::Motion.label(true, PathLength::Long, OneSwitch::Off),
            "Reduce motion: on"
        );
    }
}
