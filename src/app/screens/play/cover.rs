//! Pass-and-play done right: when the turn passes to another human in a game with hidden
//! hands, a cover screen ("Pass to Ben - tap when ready") hides the table and the hand until
//! that player taps it. A bot's hand is never shown (the games' HUDs show a hand only to its
//! human owner).

use super::Table;
use crate::app::context::Ctx;
use crate::app::frame::Area;
use crate::app::play::Play;
use crate::app::screens::pause::PauseScreen;
use crate::app::screens::play::hud::GameButton;
use crate::app::ui::*;
use crate::app::{log, Command};
use engine::core::seat::SeatKind;

/// Games where a player holds cards the others must not see (their registry entry says so).
pub(super) fn hides_hands(game: &str) -> bool {
    engine::games::info(game).is_ok_and(|g| g.hidden_hands)
}

/// The human seat the device must be handed to before the table is shown, if any: the acting
/// seat, when it is human, the game hides hands, two or more humans share the device and it
/// was last handed to someone else.
pub(super) fn pass_to(
    game: &str,
    kinds: &[SeatKind],
    turn: Option<usize>,
    handed_to: Option<usize>,
) -> Option<usize> {
    let humans = kinds.iter().filter(|k| **k == SeatKind::Human).count();
    let t = turn?;
    (hides_hands(game)
        && humans >= 2
        && kinds.get(t) == Some(&SeatKind::Human)
        && handed_to != Some(t))
    .then_some(t)
}

impl Table {
    /// Draws the cover when the device must be passed on; true while it is up (nothing else of
    /// the game is drawn). A tap anywhere (while `active`) hands the device over.
    pub(super) fn cover_screen(&mut self, cx: &mut Ctx, p: &Play, active: bool) -> bool {
        let kinds: Vec<SeatKind> = p
            .driver
            .session
            .replay
            .seats
            .iter()
            .map(|s| s.kind)
            .collect();
        let Some(seat) = pass_to(p.info.id, &kinds, p.game().turn(), self.handed_to) else {
            return false;
        };
        let (w, h, u) = (cx.ui.w, cx.ui.h, cx.ui.u);
        let name = p.names().get(seat).cloned().unwrap_or_default();
        let all = Area::new(0.0, 0.0, w, h);
        cx.ui.panel(all, BG);
        let big = cx.ui.size_at_most(6.0, (w - 8.0 * u) / 12.0);
        let small = cx.ui.size(3.2);
        let title = cx.ui.fit(&format!("Pass to {name}"), big, w - 8.0 * u);
        cx.ui
            .text_centred(&title, Area::new(0.0, h * 0.32, w, big), big, ACCENT);
        let ready = format!("{name}, tap when ready: your hand is hidden until then");
        let lines = cx.ui.wrap_at_most(&ready, small, w - 8.0 * u, 3);
        let mut y = h * 0.32 + big * 1.6;
        for l in &lines {
            cx.ui
                .text_centred(l, Area::new(0.0, y, w, small), small, TEXT);
            y += small * 1.3;
        }
        // What just happened, so the last player's shot is not lost behind the cover.
        if let Some(last) = p.log.last() {
            y += small;
            for l in cx.ui.wrap_at_most(last, small, w - 8.0 * u, 2) {
                cx.ui
                    .text_centred(&l, Area::new(0.0, y, w, small), small, DIM);
                y += small * 1.3;
            }
        }
        // The menu stays at hand (share, rules, quit) without showing the table.
        let bw = 20.0 * u;
        let menu = Area::new(
            w - bw - 2.0 * u,
            (MIN_TAP * 0.5 - 3.0 * u).max(u),
            bw,
            8.0 * u,
        );
        if active && cx.ui.button(GameButton::Menu.key(), menu, "Menu", true) {
            cx.command(Command::Push(Box::new(PauseScreen)));
            return true;
        }
        // A tap anywhere under the menu's row: the two never share a spot.
        if active
            && cx
                .ui
                .button_invisible(GameButton::Ready.key(), ready_area(w, h, menu))
        {
            self.handed_to = Some(seat);
            log(&format!("handed-to seat={seat}"));
        }
        true
    }
}

/// Where a tap says "ready" on a `w` x `h` cover: all of it under the menu button (as big as a
/// tap makes it).
fn ready_area(w: f32, h: f32, menu: Area) -> Area {
    let tap = at_least_a_tap(menu);
    let top = (tap.y + tap.h).clamp(0.0, h);
    Area::new(0.0, top, w, h - top)
}

#[cfg(test)]
mod tests {
    use super::*;
    use SeatKind::{Bot, Human};

    #[test]
    fn regress_the_ready_tap_and_the_menu_never_share_a_spot() {
        for (w, h, u) in [
            (1280.0, 800.0, 8.0),
            (390.0, 844.0, 3.9),
            (3840.0, 2160.0, 21.6),
        ] {
            let menu = Area::new(
                w - 22.0 * u,
                (MIN_TAP * 0.5 - 3.0 * u).max(u),
                20.0 * u,
                8.0 * u,
            );
            let ready = ready_area(w, h, menu);
            let tap = at_least_a_tap(menu);
            assert!(!overlap(ready, tap), "{w}x{h}: {ready:?} {tap:?}");
            assert!(tap.y >= 0.0, "{w}x{h}: the menu is on screen: {tap:?}");
            assert!(
                ready.h > h * 0.8,
                "{w}x{h}: most of the cover is the ready tap"
            );
        }
    }

    #[test]
    fn the_cover_comes_up_between_two_humans_in_games_with_hands() {
        let two = [Human, Human];
        assert_eq!(pass_to("castle", &two, Some(1), Some(0)), Some(1));
        assert_eq!(pass_to("castle", &two, Some(0), None), Some(0));
        assert_eq!(pass_to("feud", &two, Some(1), Some(0)), Some(1));
        // Handed over already: the table shows.
        assert_eq!(pass_to("castle", &two, Some(1), Some(1)), None);
        // No hidden hands, or only one human at the device, or a bot to act: no cover.
        assert_eq!(pass_to("catapults", &two, Some(1), Some(0)), None);
        assert_eq!(pass_to("castle", &[Human, Bot], Some(0), None), None);
        assert_eq!(
            pass_to("castle", &[Human, Human, Bot], Some(2), Some(0)),
            None
        );
        assert_eq!(pass_to("castle", &two, None, Some(0)), None);
    }

    /// Castle's status showed the acting seat's hand even when that seat was a bot (issue 15).
    #[test]
    fn regression_a_bots_hand_is_never_shown() {
        use engine::core::seat::default_seats;
        for (kinds, shown) in [(Bot, false), (Human, true)] {
            let mut seats = default_seats(2, Human);
            seats[0].kind = kinds;
            let g = engine::games::new_game("castle", &[], seats, 3).expect("castle starts");
            assert_eq!(g.turn(), Some(0));
            let hud = g.hud().join(" | ");
            assert_eq!(hud.to_lowercase().contains("hand:"), shown, "{hud}");
        }
    }
}
