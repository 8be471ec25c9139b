//! The pause menu drawn over the frozen game: resume, restart (online: leave the room, or the
//! rematch once over), share by link, watch the replay,
//! rules, reduce motion (camera follow, shake and particles off), the aim aid (Learning, Standard,
//! Expert: docs/ui.md, "Aid levels"; fixed by a rated room), one-switch play (off, slow, normal, fast), quit to title.

use crate::app::aim::AidLevel;
use crate::app::context::{Ctx, Request};
use crate::app::frame::Area;
use crate::app::screen::{Screen, ScreenId};
use crate::app::switch::OneSwitch;
use crate::app::ui::*;
use crate::app::{log, save, Command};
use macroquad::prelude::*;

/// The pause menu, drawn over the game (the play screen under it in the stack).
pub(crate) struct PauseScreen;

impl Screen<Ctx> for PauseScreen {
    fn id(&self) -> ScreenId {
        ScreenId::Pause
    }
    fn overlay(&self) -> bool {
        true
    }
    fn frame(&mut self, cx: &mut Ctx, _active: bool) -> Command {
        self.draw(cx)
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
    Aid,
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
        PauseButton::Aid,
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
            PauseButton::Aid => "aid",
            PauseButton::OneSwitch => "one-switch",
            PauseButton::Quit => "quit",
        }
    }

    fn label(self, reduced_motion: bool, aid: AidLevel, switch: OneSwitch) -> &'static str {
        match self {
            PauseButton::Resume => "Resume",
            PauseButton::Restart => "Restart",
            PauseButton::Share => "Share game link",
            PauseButton::Watch => "Watch replay",
            PauseButton::Rules => "Rules",
            PauseButton::Motion => motion_label(reduced_motion),
            PauseButton::Aid => aid.label(),
            PauseButton::OneSwitch => switch.label(),
            PauseButton::Quit => "Quit to title",
        }
    }
}

impl PauseScreen {
    fn draw(&mut self, cx: &mut Ctx) -> Command {
        let (w, h, u) = (cx.ui.w, cx.ui.h, cx.ui.u);
        // A veil dark enough that the game's text under it does not compete with the menu's.
        cx.ui
            .panel(Area::new(0.0, 0.0, w, h), Color::new(0.0, 0.0, 0.0, 0.82));
        cx.ui.cover(Area::new(0.0, 0.0, w, h));
        let bw = (w - 8.0 * u).min(60.0 * u);
        let x = (w - bw) * 0.5;
        let big = cx.ui.size(6.0);
        // Nine rows and the title fit any height: the buttons shrink a little on short screens.
        let rows = 9.0;
        let bh = ((h - big - 7.0 * u) / rows - 2.0 * u)
            .clamp(6.0 * u, 11.0 * u)
            .max(MIN_TAP);
        let block = big + 3.0 * u + rows * (bh + 2.0 * u);
        let y0 = ((h - block) * 0.5).max(u) + big + 3.0 * u;
        cx.ui.text_centred(
            "Paused",
            Area::new(0.0, y0 - big - 3.0 * u, w, big),
            big,
            ACCENT,
        );
        let b = |i: usize| Area::new(x, y0 + i as f32 * (bh + 2.0 * u), bw, bh);
        let mut tapped = None;
        // Online, Restart never starts a local game: it leaves the room, or asks for the
        // rematch once the game is over (`session`'s answer to it).
        let online = cx.net.client.as_ref().map(|c| c.phase());
        for (i, button) in PauseButton::ALL.iter().enumerate() {
            let label = match (button, online) {
                (PauseButton::Restart, Some(engine::online::protocol::Phase::Over)) => "Rematch",
                (PauseButton::Restart, Some(_)) => "Leave the room",
                _ => button.label(
                    cx.settings.reduce_motion,
                    cx.settings.aid,
                    save::one_switch(cx.store.as_ref()),
                ),
            };
            if cx.ui.button(button.key(), b(i), label, true) && tapped.is_none() {
                tapped = Some(*button);
            }
        }
        match tapped {
            None => Command::Stay,
            Some(PauseButton::Resume) => Command::Pop,
            Some(PauseButton::Restart) => {
                cx.ask(Request::Restart);
                Command::Stay
            }
            Some(PauseButton::Share) => {
                cx.ask(Request::Share);
                Command::Stay
            }
            Some(PauseButton::Watch) => {
                cx.ask(Request::Watch);
                Command::Stay
            }
            Some(PauseButton::Rules) => {
                cx.ask(Request::Rules);
                Command::Stay
            }
            Some(PauseButton::Motion) => {
                cx.settings.reduce_motion = !cx.settings.reduce_motion;
                if let Err(e) =
                    save::set_reduce_motion(cx.store.as_mut(), cx.settings.reduce_motion)
                {
                    cx.say(format!("Could not remember the motion setting: {e}"), true);
                }
                log(&format!(
                    "reduce-motion {}",
                    cx.settings.reduce_motion as i32
                ));
                Command::Stay
            }
            Some(PauseButton::Aid) => {
                if cx.settings.aid_fixed {
                    // A rated room set every seat's level: it is the room's, not the player's.
                    cx.say(
                        format!(
                            "This room plays at {} for every seat: the aim aid cannot change here.",
                            cx.settings.aid.name()
                        ),
                        true,
                    );
                    return Command::Stay;
                }
                let next = cx.settings.aid.next();
                if let Err(e) = save::set_aid_level(cx.store.as_mut(), next) {
                    cx.say(format!("Could not remember the aim aid: {e}"), true);
                }
                cx.settings.aid = next;
                log(&format!("aid {}", next.key()));
                cx.say(format!("Aim aid: {}. {}", next.name(), next.about()), false);
                Command::Stay
            }
            Some(PauseButton::OneSwitch) => {
                let next = save::one_switch(cx.store.as_ref()).next();
                if let Err(e) = save::set_one_switch(cx.store.as_mut(), next) {
                    cx.say(
                        format!("Could not remember the one-switch setting: {e}"),
                        true,
                    );
                }
                log(&format!("one-switch {}", next.key()));
                Command::Stay
            }
            Some(PauseButton::Quit) => {
                // The game stays saved: the title screen offers to resume it.
                cx.ask(Request::Quit);
                Command::Stay
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
                "aid",
                "one-switch",
                "quit"
            ]
        );
        assert_eq!(
            PauseButton::Motion.label(true, AidLevel::Standard, OneSwitch::Off),
            "Reduce motion: on"
        );
    }
}
