//! Immediate-mode widgets on macroquad: big touch-friendly buttons, wrapped text, panels. Sizes
//! come from one unit, `u` = 1% of the shorter screen side, so a phone in portrait and a 4K
//! monitor get the same layout at different scales.

use super::frame::Area;
use super::pointer::PointerEvent;
use super::probe::key_hash;
use super::{keyaim::Focus, keyqueue};
use macroquad::prelude::*;
use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, BTreeSet};

pub const BG: Color = Color::new(0.11, 0.13, 0.17, 1.0);
pub const TABLE_BG: Color = Color::new(0.16, 0.19, 0.25, 1.0);
pub const PANEL: Color = Color::new(0.08, 0.09, 0.12, 0.82);
/// A `PANEL` over `BG`, as one opaque colour: the in-game screen is cleared in it, so its top
/// and bottom bars need no drawing (a full-width translucent panel is a full-width pass over
/// the pixels, which a software renderer pays for on the CPU).
pub const BAR: Color = over(PANEL, BG);
pub const BUTTON: Color = Color::new(0.22, 0.35, 0.52, 1.0);
pub const BUTTON_HOT: Color = Color::new(0.27, 0.42, 0.60, 1.0);
pub const BUTTON_OFF: Color = Color::new(0.21, 0.22, 0.25, 1.0);
/// The chosen segment of a segmented control (its words in `INK`).
pub const CHOSEN: Color = Color::new(0.88, 0.91, 0.95, 1.0);
/// The one main action of a screen (Start, Play again, Resume): marigold with ink text.
pub const PRIMARY: Color = Color::new(0.90, 0.62, 0.0, 1.0);
pub const PRIMARY_HOT: Color = Color::new(0.97, 0.74, 0.22, 1.0);
pub const INK: Color = Color::new(0.10, 0.09, 0.08, 1.0);

/// The buttons (by key) that are their screen's main action, drawn as `PRIMARY`.
pub const PRIMARY_KEYS: [&str; 5] = ["start", "again", "resume", "resume-save", "release"];
pub const TEXT: Color = Color::new(0.94, 0.94, 0.92, 1.0);
pub const DIM: Color = Color::new(0.66, 0.68, 0.72, 1.0);
pub const ACCENT: Color = Color::new(0.95, 0.68, 0.22, 1.0);
pub const BAD: Color = Color::new(0.98, 0.48, 0.42, 1.0);
pub const GOOD: Color = Color::new(0.55, 0.92, 0.6, 1.0);
/// The keyboard focus ring (Okabe–Ito yellow: seen on every background the app draws).
pub const FOCUS: Color = Color::new(0.94, 0.89, 0.26, 1.0);

/// `top` blended over the opaque `under` (as the renderer's alpha blending does it).
pub const fn over(top: Color, under: Color) -> Color {
    let k = top.a;
    Color::new(
        top.r * k + under.r * (1.0 - k),
        top.g * k + under.g * (1.0 - k),
        top.b * k + under.b * (1.0 - k),
        1.0,
    )
}

/// A colour as the window-free checks take it (`contrast::Rgba`).
pub fn rgba(c: Color) -> super::contrast::Rgba {
    [c.r, c.g, c.b, c.a]
}

/// The plate under words drawn over the table (sky, wood or pieces under it): dark and nearly
/// opaque, so light text on it reads at 4.5:1 or better whatever is behind.
pub const PLATE: Color = Color::new(0.08, 0.09, 0.12, 0.88);

/// Ink for words on a fill of colour `c` (a seat's badge): dark `INK` or light `TEXT`,
/// whichever reads better on it (every seat colour gives 4.5:1 or more with one of them).
pub fn ink_on(c: Color) -> Color {
    use super::contrast::ratio;
    if ratio(rgba(INK), rgba(c)) >= ratio(rgba(TEXT), rgba(c)) {
        INK
    } else {
        TEXT
    }
}

pub fn rgb(c: [u8; 3]) -> Color {
    Color::from_rgba(c[0], c[1], c[2], 255)
}

/// The typeface (Noto Sans, a Latin-1 subset: assets/fonts/README.md): regular for body text,
/// bold for labels and headings.
const FONT_REGULAR: &[u8] = include_bytes!("../../assets/fonts/NotoSans-Regular-subset.ttf");
const FONT_BOLD: &[u8] = include_bytes!("../../assets/fonts/NotoSans-Bold-subset.ttf");

/// The type scale, in multiples of `u` (docs/look-and-feel.md): captions and small print,
/// body text, labels (buttons, the status line), titles (a bar's "whose turn"; bold from here
/// up), headings, display titles.
pub mod scale {
    pub const CAPTION: f32 = 2.6;
    pub const BODY: f32 = 3.2;
    pub const LABEL: f32 = 3.6;
    pub const TITLE: f32 = 4.2;
    pub const HEADING: f32 = 6.0;
    pub const DISPLAY: f32 = 8.0;
}

pub use super::subset::plain;

pub struct Ui {
    pub w: f32,
    pub h: f32,
    /// 1% of the shorter side, logical pixels.
    pub u: f32,
    /// This frame's pointer events.
    events: Vec<PointerEvent>,
    /// Where the pointer that is down (or was released this frame) went down.
    down_at: Option<(f32, f32)>,
    /// A release this frame: (down position, up position).
    released: Option<((f32, f32), (f32, f32))>,
    pointer: Option<(f32, f32)>,
    buttons: Vec<(String, Area)>,
    prev_buttons: Vec<(String, Area)>,
    /// Panels over the table that take the presses under them (this frame's and the last's):
    /// no button, no tap target, not in the focus order.
    blocks: Vec<Area>,
    prev_blocks: Vec<Area>,
    /// What each button of this frame (and of the last) says, in the same order as `buttons`:
    /// the screen-reader layer mirrors them and keyboard focus goes round them.
    labels: Vec<String>,
    prev_labels: Vec<String>,
    /// The keyboard focus over last frame's buttons (Tab / Shift-Tab; Enter presses it), shown
    /// as a ring until the pointer is used again.
    focus: Focus,
    focus_shown: bool,
    /// One-switch play: the ring goes round the buttons by itself, this many seconds on each,
    /// and Space presses the lit one (set by the app before each frame; None: off).
    scan: Option<f32>,
    scan_t: f32,
    /// Gesture time, seconds (see [`super::gesture::clock_step`]).
    pub clock: f64,
    glyphs: RefCell<Glyphs>,
    /// The clip rectangle text is drawn under (the table's area), if any.
    clip: Cell<Option<Area>>,
    /// Wrapped text by (text, size, width): the status line and panels are wrapped again every
    /// frame, and measuring a line word by word was most of the app's own time per frame.
    wrapped: RefCell<BTreeMap<(String, u32, u32), Vec<String>>>,
    /// The bold face, once loaded (the regular one becomes macroquad's default font); loaded at
    /// the first frame, when there is a window to make its glyph atlas in.
    bold: Option<Font>,
    fonts_loaded: bool,
}

/// How many wrapped texts are remembered before the memory starts over.
const WRAPPED_KEPT: usize = 256;

/// Which glyphs are rasterized. When macroquad's font atlas grows in the middle of a frame it
/// deletes the texture that text queued earlier in that frame still uses (a WebGL error and a
/// garbled frame). So text whose glyphs are not cached yet is not drawn (nor measured exactly)
/// in the frame that asks for it: its glyphs are rasterized at the start of the next frame,
/// before anything is drawn, and it appears one frame later.
#[derive(Default)]
struct Glyphs {
    dpi: f32,
    /// (size, bold, character)
    known: BTreeSet<(u16, bool, char)>,
    pending: BTreeSet<(u16, bool, char)>,
}

impl Glyphs {
    fn ready(&mut self, text: &str, size: f32, bold: bool) -> bool {
        let sz = size as u16;
        let mut ok = true;
        for c in text.chars() {
            if !self.known.contains(&(sz, bold, c)) {
                self.pending.insert((sz, bold, c));
                ok = false;
            }
        }
        ok
    }
}

/// Every text size the app uses, as multiples of `u`.
pub const SIZES: [f32; 13] = [
    2.2, 2.6, 2.8, 3.0, 3.2, 3.4, 3.6, 3.8, 4.0, 4.2, 6.0, 7.0, 8.0,
];

impl Ui {
    pub fn new() -> Self {
        Ui {
            w: 1.0,
            h: 1.0,
            u: 1.0,
            events: Vec::new(),
            down_at: None,
            released: None,
            pointer: None,
            buttons: Vec::new(),
            prev_buttons: Vec::new(),
            blocks: Vec::new(),
            prev_blocks: Vec::new(),
            labels: Vec::new(),
            prev_labels: Vec::new(),
            focus: Focus::default(),
            focus_shown: false,
            scan: None,
            scan_t: 0.0,
            clock: 0.0,
            glyphs: RefCell::new(Glyphs::default()),
            clip: Cell::new(None),
            wrapped: RefCell::new(BTreeMap::new()),
            bold: None,
            fonts_loaded: false,
        }
    }

    /// Loads the typeface once (the regular face as macroquad's default, the bold one kept).
    fn load_fonts(&mut self) {
        if std::mem::replace(&mut self.fonts_loaded, true) {
            return;
        }
        match load_ttf_font_from_bytes(FONT_REGULAR) {
            Ok(mut f) => {
                f.set_filter(FilterMode::Linear);
                set_default_font(f);
            }
            Err(e) => super::log(&format!("font not loaded: {e}")),
        }
        self.bold = match load_ttf_font_from_bytes(FONT_BOLD) {
            Ok(mut f) => {
                f.set_filter(FilterMode::Linear);
                Some(f)
            }
            Err(e) => {
                super::log(&format!("bold font not loaded: {e}"));
                None
            }
        };
        self.glyphs.borrow_mut().known.clear();
        self.wrapped.borrow_mut().clear();
    }

    /// Whether text of this size is set in bold (titles and headings: `scale::TITLE` and up;
    /// button labels stay regular, so they fit their buttons).
    fn is_bold(&self, size: f32) -> bool {
        self.bold.is_some() && size >= self.size(scale::TITLE)
    }

    /// Text on a dark plate, for words drawn over the table (sky or wood under them).
    pub fn text_on_plate(&self, text: &str, x: f32, y: f32, size: f32, color: Color) {
        let pad = size * 0.25;
        let w = self.measure(&plain(text), size);
        self.panel(
            Area::new(x - pad, y - pad * 0.6, w + 2.0 * pad, size + 1.2 * pad),
            PLATE,
        );
        self.text(text, x, y, size, color);
    }

    fn face(&self, bold: bool) -> Option<&Font> {
        if bold {
            self.bold.as_ref()
        } else {
            None
        }
    }

    /// Starts a frame: sizes and this frame's pointer events.
    pub fn begin(
        &mut self,
        w: f32,
        h: f32,
        events: Vec<PointerEvent>,
        pointer: Option<(f32, f32)>,
    ) {
        self.w = w.max(1.0);
        self.h = h.max(1.0);
        self.u = self.w.min(self.h) / 100.0;
        self.clock += super::gesture::clock_step(get_frame_time() as f64);
        self.released = None;
        for e in &events {
            match *e {
                PointerEvent::Down { x, y } => self.down_at = Some((x, y)),
                PointerEvent::Up { x, y } => {
                    if let Some(d) = self.down_at.take() {
                        self.released = Some((d, (x, y)));
                    }
                }
                PointerEvent::Cancel => self.down_at = None,
                _ => {}
            }
        }
        if self.events_use_the_pointer(&events) {
            self.focus_shown = false;
        }
        self.events = events;
        self.pointer = pointer;
        self.roll_frame();
        self.keys_and_mirrored_presses();
        super::seen::start(rgba(BG));
        self.clip.set(None);
        self.warm();
    }

    /// Clears the screen in `c` (what is behind texts drawn on nothing else).
    pub fn clear(&self, c: Color) {
        clear_background(c);
        super::seen::cleared(rgba(c));
    }

    fn events_use_the_pointer(&self, events: &[PointerEvent]) -> bool {
        events
            .iter()
            .any(|e| matches!(e, PointerEvent::Down { .. }))
    }

    /// Tab / Shift-Tab move the focus round last frame's buttons and Enter presses the focused
    /// one; a button pressed in the screen-reader layer is pressed too. A press is a tap at the
    /// button's centre, so every screen answers it exactly as it answers a finger.
    fn keys_and_mirrored_presses(&mut self) {
        let n = self.prev_buttons.len();
        if keyqueue::pressed(KeyCode::Tab) {
            if keyqueue::shift() {
                self.focus.previous(n);
            } else {
                self.focus.next(n);
            }
            self.focus_shown = true;
            self.say_focused();
        }
        let mut press = None;
        if let Some(dwell) = self.scan.filter(|_| n > 0) {
            self.scan_t += get_frame_time().clamp(0.0, 0.25);
            let lit = self.focus.current(n).is_some();
            if !lit {
                let keys: Vec<&str> = self.prev_buttons.iter().map(|(k, _)| k.as_str()).collect();
                self.focus.set(super::keyaim::scan_start(&keys));
                self.scan_t = 0.0;
                self.say_focused();
            } else if self.focus_shown && self.scan_t >= dwell {
                self.focus.next(n);
                self.scan_t = 0.0;
                self.say_focused();
            }
            self.focus_shown = true;
            if keyqueue::pressed(KeyCode::Space) {
                press = self.focus.current(n);
                self.scan_t = 0.0;
            }
        }
        if self.focus_shown && keyqueue::pressed_any(&[KeyCode::Enter, KeyCode::KpEnter]) {
            press = self.focus.current(n);
        }
        if let Some(i) = super::a11y::take_press() {
            press = Some(i);
        }
        if let Some((_, a)) = press.and_then(|i| self.prev_buttons.get(i)) {
            let c = a.centre();
            self.released = Some((c, c));
        }
    }

    /// The screen reader hears the button the ring moved to (its label as the layer mirrors it).
    fn say_focused(&self) {
        let n = self.prev_buttons.len();
        if let Some(label) = self.focus.current(n).and_then(|i| self.prev_labels.get(i)) {
            super::a11y::say(label.clone());
        }
    }

    /// Whether the button about to be drawn (the next in this frame's order) has the focus.
    fn has_focus(&self) -> bool {
        self.focus_shown && self.focus.current(self.prev_buttons.len()) == Some(self.buttons.len())
    }

    /// Rasterizes the glyphs last frame asked for, before anything is drawn this frame.
    fn warm(&mut self) {
        self.load_fonts();
        let mut g = self.glyphs.borrow_mut();
        let dpi = screen_dpi_scale();
        if dpi != g.dpi {
            g.dpi = dpi;
            g.known.clear();
            self.wrapped.borrow_mut().clear();
        }
        if g.pending.is_empty() {
            return;
        }
        let pending = std::mem::take(&mut g.pending);
        let mut by_size: Vec<(u16, bool, String)> = Vec::new();
        for (sz, bold, c) in pending {
            match by_size.last_mut() {
                Some((s, b, text)) if *s == sz && *b == bold => text.push(c),
                _ => by_size.push((sz, bold, c.to_string())),
            }
            g.known.insert((sz, bold, c));
        }
        for (sz, bold, text) in &by_size {
            measure_text(text, self.face(*bold), *sz, 1.0);
        }
        // Drawing once makes each atlas upload its (possibly new) texture now, first.
        for bold in [false, true] {
            if let Some((sz, _, text)) = by_size.iter().find(|(_, b, _)| *b == bold) {
                let c: String = text.chars().take(1).collect();
                self.draw_run(&c, -1000.0, -1000.0, *sz as f32, BG, bold);
            }
        }
    }

    /// True when every glyph asked for so far is rasterized (nothing waits for the next frame).
    pub fn glyphs_settled(&self) -> bool {
        self.glyphs.borrow().pending.is_empty()
    }

    /// The largest listed size not above `k` whose pixel size is at most `max_px`.
    pub fn size_at_most(&self, k: f32, max_px: f32) -> f32 {
        let mut best = self.size(SIZES[0]);
        for s in SIZES {
            if s <= k && self.size(s) <= max_px {
                best = self.size(s);
            }
        }
        best
    }

    /// A button's side from a multiple of `u`, never under `MIN_TAP` (a finger's target).
    pub fn tap(&self, k: f32) -> f32 {
        (k * self.u).max(MIN_TAP)
    }

    /// A font size from a multiple of `u`, in even pixel steps (the glyph cache stays small).
    pub fn size(&self, k: f32) -> f32 {
        let s = (k * self.u).max(13.0);
        (s / 2.0).round() * 2.0
    }

    /// This frame's buttons and panels become the last frame's (a press is judged against what
    /// was on screen when it went down).
    fn roll_frame(&mut self) {
        self.prev_buttons = std::mem::take(&mut self.buttons);
        self.prev_labels = std::mem::take(&mut self.labels);
        self.prev_blocks = std::mem::take(&mut self.blocks);
    }

    /// A panel over the table at `a`: the presses under it are nobody's on the table, and it is
    /// no button of its own (the buttons drawn on it answer).
    pub fn block(&mut self, a: Area) {
        self.blocks.push(a);
    }

    /// Whether a point is on a button or a panel drawn last frame (so a press there is not a
    /// table gesture).
    pub fn on_controls(&self, x: f32, y: f32) -> bool {
        self.prev_buttons.iter().any(|(_, a)| a.contains(x, y))
            || self.prev_blocks.iter().any(|a| a.contains(x, y))
    }

    /// Marks this frame's release as used (a tap on the table under a panel).
    pub fn consume(&mut self) {
        self.released = None;
    }

    pub fn measure(&self, text: &str, size: f32) -> f32 {
        let bold = self.is_bold(size);
        if self.glyphs.borrow_mut().ready(text, size, bold) {
            measure_text(text, self.face(bold), size as u16, 1.0).width
        } else {
            // A close guess for this one frame (Noto Sans averages about half an em a letter).
            text.chars().count() as f32 * size * if bold { 0.56 } else { 0.52 }
        }
    }

    fn draw_run(&self, t: &str, x: f32, y: f32, size: f32, color: Color, bold: bool) {
        draw_text_ex(
            t,
            x,
            y,
            TextParams {
                font: self.face(bold),
                font_size: size as u16,
                font_scale: 1.0,
                color,
                ..Default::default()
            },
        );
    }

    /// Text with its top-left corner at (x, y).
    pub fn text(&self, text: &str, x: f32, y: f32, size: f32, color: Color) {
        let t = plain(text);
        if t.trim().is_empty() {
            return;
        }
        self.record(&t, x, y, size, color);
        let bold = self.is_bold(size);
        if self.glyphs.borrow_mut().ready(&t, size, bold) {
            // The baseline: Noto Sans' capitals fill about 0.71 of the size above it.
            self.draw_run(&t, x, y + size * 0.8, size, color, bold);
        }
    }

    pub fn text_centred(&self, text: &str, area: Area, size: f32, color: Color) {
        let t = plain(text);
        let w = self.measure(&t, size);
        let x = area.x + (area.w - w) * 0.5;
        let y = area.y + (area.h - size) * 0.5;
        self.text(&t, x, y, size, color);
    }

    /// Notes a drawn text's box and colours (cut to the clip rectangle, and then a label in
    /// the table; not at all when wholly clipped).
    fn record(&self, t: &str, x: f32, y: f32, size: f32, ink: Color) {
        let mut a = Area::new(x, y, self.measure(t, size), size);
        let mut cut = false;
        if let Some(c) = self.clip.get() {
            let (x0, y0) = (a.x.max(c.x), a.y.max(c.y));
            let (x1, y1) = ((a.x + a.w).min(c.x + c.w), (a.y + a.h).min(c.y + c.h));
            if x1 <= x0 || y1 <= y0 {
                return;
            }
            let inside = Area::new(x0, y0, x1 - x0, y1 - y0);
            cut = inside.w < a.w - 0.5 || inside.h < a.h - 0.5;
            a = inside;
        }
        let world = self.clip.get().is_some();
        super::seen::text(a, t, rgba(ink), world, cut);
    }

    /// The rectangle text is cut to now (the table's area), if any.
    pub fn clip_area(&self) -> Option<Area> {
        self.clip.get()
    }

    /// Text drawn from now on is cut to `clip` (the table's area), or not cut.
    pub fn set_clip(&self, clip: Option<Area>) {
        self.clip.set(clip);
    }

    /// An opaque panel or veil now covers `a`: the texts drawn under it so far are hidden.
    pub fn cover(&self, a: Area) {
        super::seen::cover(a);
    }

    /// This frame's texts: boxes, words and colours, for the test probe.
    pub fn probe_texts(&self) -> Vec<super::seen::Text> {
        super::seen::texts()
    }

    /// Splits text into lines no wider than `width` (remembered once its glyphs are measured
    /// exactly).
    pub fn wrap(&self, text: &str, size: f32, width: f32) -> Vec<String> {
        let key = (text.to_string(), size.to_bits(), width.to_bits());
        if let Some(lines) = self.wrapped.borrow().get(&key) {
            return lines.clone();
        }
        let exact = self
            .glyphs
            .borrow_mut()
            .ready(&plain(text), size, self.is_bold(size));
        let lines = self.wrap_measured(text, size, width);
        if exact {
            let mut kept = self.wrapped.borrow_mut();
            if kept.len() >= WRAPPED_KEPT {
                kept.clear();
            }
            kept.insert(key, lines.clone());
        }
        lines
    }

    fn wrap_measured(&self, text: &str, size: f32, width: f32) -> Vec<String> {
        let mut lines = Vec::new();
        for para in plain(text).split('\n') {
            let mut line = String::new();
            for word in para.split(' ') {
                let candidate = if line.is_empty() {
                    word.to_string()
                } else {
                    format!("{line} {word}")
                };
                if self.measure(&candidate, size) <= width || line.is_empty() {
                    line = candidate;
                } else {
                    lines.push(std::mem::take(&mut line));
                    line = word.to_string();
                }
            }
            lines.push(line);
        }
        lines
    }

    /// The text cut (with "...") to fit `width` on one line.
    pub fn fit(&self, text: &str, size: f32, width: f32) -> String {
        let t = plain(text);
        if self.measure(&t, size) <= width {
            return t;
        }
        let mut chars: Vec<char> = t.chars().collect();
        while !chars.is_empty() {
            chars.pop();
            let cut: String = chars.iter().collect::<String>().trim_end().to_string() + "...";
            if self.measure(&cut, size) <= width {
                return cut;
            }
        }
        String::new()
    }

    /// Text wrapped to `width`, at most `max` lines (the last cut with "..." when more follow).
    pub fn wrap_at_most(&self, text: &str, size: f32, width: f32, max: usize) -> Vec<String> {
        let mut lines: Vec<String> = self
            .wrap(text, size, width)
            .into_iter()
            .map(|l| self.fit(&l, size, width))
            .collect();
        if lines.len() > max {
            lines.truncate(max);
            if let Some(last) = lines.last_mut() {
                *last = self.fit(&format!("{last} ..."), size, width);
            }
        }
        lines
    }

    /// Wrapped text from (x, y); returns the height used.
    pub fn paragraph(
        &self,
        text: &str,
        x: f32,
        y: f32,
        width: f32,
        size: f32,
        color: Color,
    ) -> f32 {
        let lines = self.wrap(text, size, width);
        let lh = size * 1.3;
        for (i, l) in lines.iter().enumerate() {
            self.text(l, x, y + i as f32 * lh, size, color);
        }
        lines.len() as f32 * lh
    }

    pub fn panel(&self, a: Area, color: Color) {
        draw_rectangle(a.x, a.y, a.w, a.h, color);
        fill_noted(a, color);
    }

    /// A button; returns true when tapped (pressed and released on it). `key` names it for tests.
    pub fn button(&mut self, key: &str, a: Area, label: &str, enabled: bool) -> bool {
        self.button_look(key, a, label, enabled, !enabled)
    }

    /// A button that may look switched off (`dim`) yet answer taps (a game not built yet).
    pub fn button_look(
        &mut self,
        key: &str,
        a: Area,
        label: &str,
        enabled: bool,
        dim: bool,
    ) -> bool {
        self.button_as(key, a, label, enabled, dim, false)
    }

    /// A segment of a segmented control (Easy bot…), the `chosen` one light; true when tapped.
    pub fn segment(&mut self, key: &str, a: Area, label: &str, chosen: bool) -> bool {
        self.button_as(key, a, label, true, false, chosen)
    }

    fn button_as(
        &mut self,
        key: &str,
        a: Area,
        label: &str,
        enabled: bool,
        dim: bool,
        chosen: bool,
    ) -> bool {
        let a = at_least_a_tap(a);
        if self.has_focus() {
            let t = (self.u * 0.6).max(2.0);
            draw_rectangle_lines(
                a.x - 2.0 * t,
                a.y - 2.0 * t,
                a.w + 4.0 * t,
                a.h + 4.0 * t,
                t,
                FOCUS,
            );
        }
        self.buttons.push((key.to_string(), a));
        self.labels.push(label.to_string());
        let held = self.down_at.map(|(x, y)| a.contains(x, y)).unwrap_or(false);
        let primary = PRIMARY_KEYS.contains(&key);
        let colour = match (dim, held, primary) {
            _ if chosen => CHOSEN,
            (true, _, _) => BUTTON_OFF,
            (false, true, true) => PRIMARY_HOT,
            (false, false, true) => PRIMARY,
            (false, true, false) => BUTTON_HOT,
            (false, false, false) => BUTTON,
        };
        let r = (a.h * 0.18).min(self.u * 2.0);
        // A rounded rectangle from three rectangles that do not overlap (each pixel drawn once)
        // and four corner circles.
        draw_rectangle(a.x + r, a.y, a.w - 2.0 * r, a.h, colour);
        draw_rectangle(a.x, a.y + r, r, a.h - 2.0 * r, colour);
        draw_rectangle(a.x + a.w - r, a.y + r, r, a.h - 2.0 * r, colour);
        for (cx, cy) in [
            (a.x + r, a.y + r),
            (a.x + a.w - r, a.y + r),
            (a.x + r, a.y + a.h - r),
            (a.x + a.w - r, a.y + a.h - r),
        ] {
            draw_circle(cx, cy, r, colour);
        }
        fill_noted(a, colour);
        let (size, room) = self.label_size(label, a);
        let label = self.fit(label, size, room);
        let ink = match (dim, primary || chosen) {
            (true, _) => DIM,
            (false, true) => INK,
            (false, false) => TEXT,
        };
        self.text_centred(&label, a, size, ink);
        match self.released {
            Some(((dx, dy), (ux, uy))) if enabled && a.contains(dx, dy) && a.contains(ux, uy) => {
                self.released = None;
                true
            }
            _ => false,
        }
    }

    /// The size a button's label is set in, and the width it has. A label too long for its
    /// button is set in a smaller listed size (down to about three quarters) before it would be
    /// cut short with "...".
    fn label_size(&self, label: &str, a: Area) -> (f32, f32) {
        let a = at_least_a_tap(a);
        let r = (a.h * 0.18).min(self.u * 2.0);
        let mut size = self.size_at_most(4.0, a.h * 0.5);
        let room = a.w - 2.0 * r;
        if self.measure(label, size) > room {
            let floor = size * 0.74;
            for k in SIZES.iter().rev() {
                let s = self.size(*k);
                if s < size && s >= floor {
                    size = s;
                    if self.measure(label, s) <= room {
                        break;
                    }
                }
            }
        }
        (size, room)
    }

    /// Whether a button of box `a` shows `label` whole (not cut with "...").
    pub fn label_fits(&self, label: &str, a: Area) -> bool {
        let (size, room) = self.label_size(label, a);
        self.measure(&plain(label), size) <= room
    }

    /// What the button just drawn is called in the screen-reader layer, where its drawn label
    /// is a picture or a sign ("+") rather than words.
    pub fn speak_as(&mut self, words: &str) {
        if let Some(l) = self.labels.last_mut() {
            *l = words.to_string();
        }
    }

    /// A tap target that draws nothing (a whole cover screen); returns true when tapped.
    pub fn button_invisible(&mut self, key: &str, a: Area) -> bool {
        self.buttons.push((key.to_string(), a));
        self.labels.push("Continue".to_string());
        match self.released {
            Some(((dx, dy), (ux, uy))) if a.contains(dx, dy) && a.contains(ux, uy) => {
                self.released = None;
                true
            }
            _ => false,
        }
    }

    /// Button centres for the test probe.
    pub fn probe_buttons(&self) -> Vec<(u32, f32, f32)> {
        self.buttons
            .iter()
            .map(|(k, a)| {
                let (x, y) = a.centre();
                (key_hash(k), x, y)
            })
            .collect()
    }
}

/// Notes a rectangle filled in `c` (drawn by the caller) as what is behind the texts over it.
pub fn fill_noted(a: Area, c: Color) {
    super::seen::fill(a, rgba(c), rgba(c));
}

pub use super::seen::{at_least_a_tap, overlap, MIN_TAP};

impl Default for Ui {
    fn default() -> Self {
        Self::new()
    }
}

mod press;

#[cfg(test)]
mod tests;
