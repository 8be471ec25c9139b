//! The rules screen: a game's rules text, scrolled by drag or wheel.

use crate::app::frame::Area;
use crate::app::pointer::PointerEvent;
use crate::app::screen::{Screen, ScreenId};
use crate::app::ui::*;
use crate::app::{App, Command};
use engine::games::GameInfo;
use macroquad::prelude::*;

/// The rules of one game, and how far they are scrolled.
pub(crate) struct RulesScreen {
    game: &'static GameInfo,
    scroll: f32,
    /// A drag scrolling them: where it went down and the scroll then.
    scroll_from: Option<(f32, f32)>,
    /// The text's band on screen (drags start inside it), from the last frame.
    band: (f32, f32),
}

impl RulesScreen {
    pub(crate) fn new(game: &'static GameInfo) -> Self {
        RulesScreen {
            game,
            scroll: 0.0,
            scroll_from: None,
            band: (0.0, 0.0),
        }
    }
}

impl Screen<App> for RulesScreen {
    fn id(&self) -> ScreenId {
        ScreenId::Rules
    }

    /// Drag to scroll.
    fn input(&mut self, _app: &mut App, events: &[PointerEvent]) -> Command {
        let (top, bottom) = self.band;
        for e in events {
            match *e {
                PointerEvent::Down { y, .. } if y > top && y < bottom => {
                    self.scroll_from = Some((y, self.scroll))
                }
                PointerEvent::Move { y, .. } => {
                    if let Some((y0, s0)) = self.scroll_from {
                        self.scroll = (s0 + y0 - y).max(0.0);
                    }
                }
                PointerEvent::Up { .. } | PointerEvent::Cancel => self.scroll_from = None,
                _ => {}
            }
        }
        Command::Stay
    }

    fn frame(&mut self, app: &mut App, _active: bool) -> Command {
        app.rules(self)
    }
}

impl App {
    fn rules(&mut self, r: &mut RulesScreen) -> Command {
        let g = r.game;
        let (w, h, u) = (self.ui.w, self.ui.h, self.ui.u);
        let big = self.ui.size(6.0);
        let ts = self.ui.size(3.6);
        let col_w = (w - 8.0 * u).min(140.0 * u);
        let x0 = (w - col_w) * 0.5;
        let top = 4.0 * u + big;
        let bottom = h - 13.0 * u;
        r.band = (top, bottom);
        let (_, wheel) = mouse_wheel();
        r.scroll = (r.scroll - wheel * 0.5).max(0.0);
        let mut lines = self.ui.wrap(g.rules, ts, col_w);
        crate::app::keys_help::append(&mut lines, |p| self.ui.wrap(p, ts, col_w));
        let lh = ts * 1.35;
        let total = lines.len() as f32 * lh;
        r.scroll =
            (r.scroll + crate::app::keys_help::scroll_keys(lh, bottom - top, total)).max(0.0);
        r.scroll = r.scroll.min((total - (bottom - top)).max(0.0));
        for (i, l) in lines.iter().enumerate() {
            let ly = top + i as f32 * lh - r.scroll;
            if ly < top - lh * 0.2 || ly > bottom - lh {
                continue;
            }
            self.ui.text(l, x0, ly, ts, TEXT);
        }
        draw_rectangle(0.0, 0.0, w, top - u, BG);
        self.ui.text_centred(
            &format!("Rules: {}", g.name),
            Area::new(0.0, 2.0 * u, w, big),
            big,
            ACCENT,
        );
        if self.ui.button(
            "back",
            Area::new((w - 40.0 * u) * 0.5, h - 12.0 * u, 40.0 * u, 10.0 * u),
            "Back",
            true,
        ) {
            return Command::Pop;
        }
        Command::Stay
    }
}
