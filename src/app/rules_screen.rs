//! The rules screen: a game's rules text, scrolled by drag or wheel.

use super::frame::Area;
use super::pointer::PointerEvent;
use super::ui::*;
use super::{App, Screen};
use engine::games::GameInfo;
use macroquad::prelude::*;

impl App {
    pub(super) fn show_rules(&mut self, g: &'static GameInfo, back: Screen) {
        self.rules_for = Some(g);
        self.rules_back = back;
        self.rules_scroll = 0.0;
        self.go(Screen::Rules);
    }

    pub(super) fn rules(&mut self) {
        let Some(g) = self.rules_for else {
            self.go(Screen::Title);
            return;
        };
        let (w, h, u) = (self.ui.w, self.ui.h, self.ui.u);
        let big = self.ui.size(6.0);
        let ts = self.ui.size(3.6);
        let col_w = (w - 8.0 * u).min(140.0 * u);
        let x0 = (w - col_w) * 0.5;
        let top = 4.0 * u + big;
        let bottom = h - 13.0 * u;
        // Drag to scroll.
        for e in self.ui.events.clone() {
            match e {
                PointerEvent::Down { y, .. } if y > top && y < bottom => {
                    self.scroll_from = Some((y, self.rules_scroll))
                }
                PointerEvent::Move { y, .. } => {
                    if let Some((y0, s0)) = self.scroll_from {
                        self.rules_scroll = (s0 + y0 - y).max(0.0);
                    }
                }
                PointerEvent::Up { .. } | PointerEvent::Cancel => self.scroll_from = None,
                _ => {}
            }
        }
        let (_, wheel) = mouse_wheel();
        self.rules_scroll = (self.rules_scroll - wheel * 0.5).max(0.0);
        let lines = self.ui.wrap(g.rules, ts, col_w);
        let lh = ts * 1.35;
        let total = lines.len() as f32 * lh;
        self.rules_scroll = self.rules_scroll.min((total - (bottom - top)).max(0.0));
        for (i, l) in lines.iter().enumerate() {
            let ly = top + i as f32 * lh - self.rules_scroll;
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
            let b = self.rules_back;
            self.go(b);
        }
    }
}
