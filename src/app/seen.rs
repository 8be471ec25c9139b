//! What a frame drew, as the browser tests read it (window-free): each text's box, words and
//! colours with what is behind it, and the filled rectangles that tell what is behind (noted by
//! the widgets, the plates and the backdrop as they draw). Kept per thread and started over by
//! `Ui::begin` each frame; `probe` publishes it.

use super::contrast::{behind_text, Fill, Rgba};
use super::frame::Area;
use std::cell::RefCell;

/// One drawn text.
#[derive(Clone, Debug, PartialEq)]
pub struct Text {
    /// Its box on screen, logical (CSS) pixels; cut to the table's area for a label on the table.
    pub area: Area,
    pub words: String,
    pub ink: Rgba,
    /// What is behind it with the least contrast, and that contrast.
    pub behind: Rgba,
    pub contrast: f32,
    /// Drawn inside the table or the map (a label in the world), not on the screen's bars.
    pub world: bool,
    /// Part of it is cut off by the table's edge.
    pub cut: bool,
    /// A label's marker on screen: the point on its piece it names (a tower's foot, a mat).
    marker: Option<(f32, f32)>,
}

impl Text {
    /// A label's marker on screen (`marker_of_last`), None for other texts.
    pub fn marker(&self) -> Option<(f32, f32)> {
        self.marker
    }
}

#[derive(Default)]
struct Seen {
    clear: Rgba,
    fills: Vec<Fill>,
    texts: Vec<Text>,
}

thread_local! {
    static SEEN: RefCell<Seen> = RefCell::new(Seen::default());
}

/// A new frame, cleared in `clear`.
pub fn start(clear: Rgba) {
    SEEN.with(|s| {
        let mut s = s.borrow_mut();
        s.clear = clear;
        s.fills.clear();
        s.texts.clear();
    });
}

/// The screen was cleared in `clear` (after `start`: a screen that changes its clear colour).
pub fn cleared(clear: Rgba) {
    SEEN.with(|s| {
        let mut s = s.borrow_mut();
        s.clear = clear;
        s.fills.clear();
    });
}

/// A rectangle was filled (one colour, or a vertical gradient from `top` to `bottom`).
pub fn fill(area: Area, top: Rgba, bottom: Rgba) {
    if area.w <= 0.0 || area.h <= 0.0 || top[3] <= 0.0 && bottom[3] <= 0.0 {
        return;
    }
    SEEN.with(|s| s.borrow_mut().fills.push(Fill { area, top, bottom }));
}

/// A text was drawn in `ink` over what was filled so far.
pub fn text(area: Area, words: &str, ink: Rgba, world: bool, cut: bool) {
    SEEN.with(|s| {
        let mut s = s.borrow_mut();
        let (behind, contrast) = behind_text(&s.fills, s.clear, area, ink);
        s.texts.push(Text {
            area,
            words: words.to_string(),
            ink,
            behind,
            contrast,
            world,
            cut,
            marker: None,
        });
    });
}

/// The text just drawn with `words` is a label naming the piece at screen point `at`.
pub fn marker_of_last(words: &str, at: (f32, f32)) {
    SEEN.with(|s| {
        if let Some(t) = s.borrow_mut().texts.last_mut().filter(|t| t.words == words) {
            t.marker = Some(at);
        }
    });
}

/// An opaque panel or veil now covers `a`: the texts under it so far are hidden.
pub fn cover(a: Area) {
    SEEN.with(|s| s.borrow_mut().texts.retain(|t| !overlap(t.area, a)));
}

/// Whether two boxes share more than a hairline (half a pixel each way).
pub fn overlap(a: Area, b: Area) -> bool {
    let dx = (a.x + a.w).min(b.x + b.w) - a.x.max(b.x);
    let dy = (a.y + a.h).min(b.y + b.h) - a.y.max(b.y);
    dx > 0.5 && dy > 0.5
}

/// The least side of a button or tap target, logical (CSS) pixels: WCAG 2.2's 2.5.5 and the
/// platforms' guides (the layout test checks it at every size it visits).
pub const MIN_TAP: f32 = 44.0;

/// A button's box grown about its centre to `MIN_TAP` where a layout gave it less (a layout
/// should not: the layout test fails on targets that would then overlap).
pub fn at_least_a_tap(a: Area) -> Area {
    let (w, h) = (a.w.max(MIN_TAP), a.h.max(MIN_TAP));
    Area::new(a.x - (w - a.w) * 0.5, a.y - (h - a.h) * 0.5, w, h)
}

/// Box `a` moved inside `c`, `m` from its edges, along each side where it fits (a label kept
/// inside the table's area rather than cut by its edge).
pub fn inside(a: Area, c: Area, m: f32) -> Area {
    let x = if a.w + 2.0 * m <= c.w {
        a.x.clamp(c.x + m, c.x + c.w - a.w - m)
    } else {
        a.x
    };
    let y = if a.h + 2.0 * m <= c.h {
        a.y.clamp(c.y + m, c.y + c.h - a.h - m)
    } else {
        a.y
    };
    Area::new(x, y, a.w, a.h)
}

/// This frame's texts so far.
pub fn texts() -> Vec<Text> {
    SEEN.with(|s| s.borrow().texts.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Buttons 31 px tall on a phone (8% of 390 px) were under a finger's 44 px.
    #[test]
    fn regression_a_button_smaller_than_a_finger_grows_to_44_px_about_its_centre() {
        let a = at_least_a_tap(Area::new(100.0, 200.0, 30.0, 31.2));
        assert_eq!((a.w, a.h), (44.0, 44.0));
        assert_eq!(a.centre(), (115.0, 215.6));
        let big = Area::new(0.0, 0.0, 80.0, 50.0);
        assert_eq!(at_least_a_tap(big), big);
    }

    /// "2 (Bot 2)" in Catapults and "Mat 4: Bot 2 (Princess)" in Castle were cut by the right
    /// edge of the table.
    #[test]
    fn regression_a_label_at_the_table_s_edge_moves_inside_it() {
        let table = Area::new(0.0, 100.0, 400.0, 300.0);
        let cut = Area::new(370.0, 390.0, 60.0, 14.0);
        let a = inside(cut, table, 4.0);
        assert_eq!((a.x, a.y, a.w, a.h), (336.0, 382.0, 60.0, 14.0));
        let wide = Area::new(-10.0, 200.0, 500.0, 14.0);
        assert_eq!(
            inside(wide, table, 4.0).x,
            -10.0,
            "too wide to fit: left where it was"
        );
    }

    #[test]
    fn a_text_is_judged_against_what_was_filled_before_it() {
        let dark = [0.1, 0.1, 0.1, 1.0];
        let white = [1.0, 1.0, 1.0, 1.0];
        start(dark);
        text(
            Area::new(0.0, 0.0, 10.0, 10.0),
            "on the ground",
            white,
            false,
            false,
        );
        fill(Area::new(0.0, 20.0, 100.0, 20.0), white, white);
        text(
            Area::new(0.0, 25.0, 10.0, 10.0),
            "on white",
            white,
            true,
            false,
        );
        let t = texts();
        assert_eq!(t.len(), 2);
        assert!(t[0].contrast > 15.0, "{:?}", t[0]);
        assert_eq!(t[1].behind, white);
        assert!((t[1].contrast - 1.0).abs() < 1e-6);
        assert!(t[1].world);
        cover(Area::new(0.0, 0.0, 50.0, 15.0));
        assert_eq!(texts().len(), 1);
        start(dark);
        assert!(texts().is_empty());
    }
}
