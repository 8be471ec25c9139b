//! The screen-reader layer: a hidden, live-updated part of the page (`web/ct_a11y.js`) that
//! mirrors what the canvas shows — the status line, each event as it happens (the same plain
//! words as the log players read) and the current screen's buttons as real buttons. A mirrored
//! button pressed by a screen reader comes back here as the index of the canvas button it
//! mirrors, and the screen handles it exactly as a tap on that button.
//!
//! `Mirror` decides what to send (only what changed, events once each, long texts cut) and is
//! window-free; `publish` hands it to the page. The desktop build has no page: there the layer
//! sends nothing (the desktop's screen readers have no view into a GL window; docs/ui.md).

use std::collections::VecDeque;
use std::sync::Mutex;

/// The longest text sent for one line (a status or an event); longer ones are cut at a word.
pub const MAX_LINE: usize = 400;
/// How many events the page keeps in its log region.
pub const KEPT_EVENTS: usize = 20;
/// How many buttons are mirrored at most (a screen never shows more).
pub const MAX_BUTTONS: usize = 64;

/// One message for the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Update {
    /// The status line changed (whose turn it is, what to do now).
    Status(String),
    /// Something happened: read it out once.
    Event(String),
    /// The screen's buttons changed: their labels, in the canvas order (Tab order).
    Buttons(Vec<String>),
    /// The words the screen shows to be read (the rules, the Details panel) changed: shown
    /// under their headings, or none (the region is emptied).
    Page(Option<Page>),
}

/// Words a screen shows to be read at leisure (the rules screen, the Details panel): a title
/// and sections, each a heading and its paragraphs. The page holds them as headings and
/// paragraphs, not a live region and nothing focusable: a screen reader's reading keys go
/// through them and Tab passes by (the focus stays with the game).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Page {
    pub title: String,
    pub sections: Vec<(String, Vec<String>)>,
}

/// The most bytes of a page sent (the rules of the longest game are a few thousand).
pub const MAX_PAGE: usize = 64_000;

impl Page {
    /// A page titled `title`.
    pub fn new(title: impl Into<String>) -> Page {
        Page {
            title: title.into(),
            sections: Vec::new(),
        }
    }

    /// Adds a section: `words` is split into paragraphs at its line breaks.
    pub fn section(mut self, heading: impl Into<String>, words: &[String]) -> Page {
        let paragraphs: Vec<String> = words
            .iter()
            .flat_map(|w| w.split('\n'))
            .map(|p| p.trim().to_string())
            .filter(|p| !p.is_empty())
            .collect();
        self.sections.push((heading.into(), paragraphs));
        self
    }

    /// The page as the web side reads it: one line each, "t" the title, "h" a heading, "p" a
    /// paragraph, the kind and the text parted by a unit separator; cut at `MAX_PAGE` bytes at
    /// a line's end.
    pub fn encode(&self) -> String {
        let clean = |s: &str| s.replace(['\n', '\u{1f}'], " ");
        let mut lines = vec![format!("t\u{1f}{}", clean(&self.title))];
        for (h, ps) in &self.sections {
            lines.push(format!("h\u{1f}{}", clean(h)));
            lines.extend(ps.iter().map(|p| format!("p\u{1f}{}", clean(p))));
        }
        let mut out = String::new();
        for l in lines {
            if out.len() + l.len() + 1 > MAX_PAGE {
                break;
            }
            if !out.is_empty() {
                out.push('\n');
            }
            out.push_str(&l);
        }
        out
    }

    /// What is said as the page opens: where to read it.
    pub fn opened_words(&self) -> String {
        let n = self.sections.len();
        format!(
            "{}: {n} section{} to read under the heading {}",
            self.title,
            if n == 1 { "" } else { "s" },
            self.title
        )
    }
}

/// What the page was last told, so only changes are sent.
#[derive(Debug, Default)]
pub struct Mirror {
    status: String,
    buttons: Vec<String>,
    /// The last lines of the log as it was last seen (the app keeps only its recent lines, so the
    /// log's length says nothing: where this run of lines stands in the new log says what is new).
    tail: Vec<String>,
    page: Option<Page>,
}

/// How many of the last seen log lines locate the new ones.
const TAIL: usize = 8;

/// The index in `log` just after the last place where `tail` stands as a run, if it does.
fn after_tail(log: &[String], tail: &[String]) -> Option<usize> {
    if tail.is_empty() {
        return Some(0);
    }
    (tail.len()..=log.len())
        .rev()
        .find(|&end| log[end - tail.len()..end] == *tail)
}

/// Cuts `text` to `MAX_LINE` bytes at a word boundary, on a character boundary, trimmed.
pub fn fit_line(text: &str) -> String {
    let t = text.trim();
    if t.len() <= MAX_LINE {
        return t.to_string();
    }
    let mut end = MAX_LINE;
    while !t.is_char_boundary(end) {
        end -= 1;
    }
    let cut = &t[..end];
    let cut = cut.rfind(' ').map(|i| &cut[..i]).unwrap_or(cut);
    format!("{}…", cut.trim_end())
}

impl Mirror {
    /// The frame's state: the status line, the recent event log (the mirror sends only the
    /// entries it has not sent) and the current buttons' labels. A log that no longer holds the
    /// lines seen last (a new game) is read out as new.
    pub fn frame(&mut self, status: &str, log: &[String], buttons: &[String]) -> Vec<Update> {
        let mut out = Vec::new();
        let status = fit_line(status);
        if status != self.status {
            self.status = status.clone();
            out.push(Update::Status(status));
        }
        let start = after_tail(log, &self.tail).unwrap_or(0);
        let fresh = &log[start..];
        // A flood (a replay opened at its end) is not read out line by line: the last few only.
        let skip = fresh.len().saturating_sub(KEPT_EVENTS);
        for e in &fresh[skip..] {
            out.push(Update::Event(fit_line(e)));
        }
        self.tail = log[log.len().saturating_sub(TAIL)..].to_vec();
        let buttons: Vec<String> = buttons
            .iter()
            .take(MAX_BUTTONS)
            .map(|b| fit_line(b))
            .collect();
        if buttons != self.buttons {
            self.buttons = buttons.clone();
            out.push(Update::Buttons(buttons));
        }
        out
    }
}

impl Mirror {
    /// The page the screen shows this frame (`show`), sent when it changed; a page newly opened
    /// (or another title) is also said, with where to read it.
    pub fn page(&mut self, page: Option<Page>) -> Vec<Update> {
        if page == self.page {
            return Vec::new();
        }
        let mut out = Vec::new();
        if let Some(p) = page.as_ref() {
            if self.page.as_ref().map(|q| &q.title) != Some(&p.title) {
                out.push(Update::Event(fit_line(&p.opened_words())));
            }
        }
        self.page = page.clone();
        out.push(Update::Page(page));
        out
    }
}

/// The page a screen shows this frame, taken by the shell after the screens drew.
static SHOWN: Mutex<Option<Page>> = Mutex::new(None);

/// The screen shows `page` this frame (the rules, the Details panel): the layer holds its words.
pub fn show(page: Page) {
    if let Ok(mut s) = SHOWN.lock() {
        *s = Some(page);
    }
}

/// The page shown this frame, if any (and none until a screen shows one again).
pub fn take_shown() -> Option<Page> {
    SHOWN.lock().ok().and_then(|mut s| s.take())
}

/// Short items read as one status line: joined by full stops, except after an item that already
/// ends a sentence ("Now: Draw a card?" is not followed by a stray full stop).
pub fn sentences(items: &[String]) -> String {
    let mut out = String::new();
    for item in items.iter().map(|i| i.trim()).filter(|i| !i.is_empty()) {
        if !out.is_empty() {
            let ended = out.ends_with(['.', '?', '!', ':']);
            out.push_str(if ended { " " } else { ". " });
        }
        out.push_str(item);
    }
    out
}

/// Words for the screen reader that are no event of the game (the aim as it changes, where a
/// shot would come down), waiting for the next `publish`.
static SPOKEN: Mutex<VecDeque<String>> = Mutex::new(VecDeque::new());

/// How many spoken lines wait at most: an older one is dropped for a newer (a held arrow key
/// says only where the aim ended up).
const SPOKEN_KEPT: usize = 3;

/// Reads `text` out through the layer's log (read once by screen readers; the canvas shows
/// nothing of it). A line the same as the last waiting one is not queued twice.
pub fn say(text: impl Into<String>) {
    let text = fit_line(&text.into());
    if let Ok(mut q) = SPOKEN.lock() {
        if q.back() != Some(&text) {
            q.push_back(text);
        }
        while q.len() > SPOKEN_KEPT {
            q.pop_front();
        }
    }
}

/// Reads out several lines that belong together (a list split to fit `MAX_LINE`), all of them:
/// they replace what was waiting, which they answer.
pub fn say_lines(lines: &[String]) {
    if let Ok(mut q) = SPOKEN.lock() {
        q.clear();
        q.extend(lines.iter().map(|l| fit_line(l)));
    }
}

/// The lines waiting to be read out, oldest first (and the queue emptied).
pub fn take_spoken() -> Vec<String> {
    SPOKEN
        .lock()
        .map(|mut q| q.drain(..).collect())
        .unwrap_or_default()
}

/// Presses of mirrored buttons waiting for the next frame (filled from the page, read by the
/// screen on top).
static PRESSES: Mutex<VecDeque<usize>> = Mutex::new(VecDeque::new());

/// The page pressed mirrored button `index` (its place in the last `Buttons` update).
pub fn pressed(index: usize) {
    if let Ok(mut q) = PRESSES.lock() {
        if q.len() < 16 {
            q.push_back(index);
        }
    }
}

/// The next waiting press of a mirrored button, if any.
pub fn take_press() -> Option<usize> {
    PRESSES.lock().ok()?.pop_front()
}

#[cfg(target_arch = "wasm32")]
mod web {
    extern "C" {
        pub fn ct_a11y_status(p: *const u8, n: usize);
        pub fn ct_a11y_event(p: *const u8, n: usize);
        pub fn ct_a11y_buttons(p: *const u8, n: usize);
        pub fn ct_a11y_page(p: *const u8, n: usize);
    }
}

/// A mirrored button was pressed on the page (called by `web/ct_a11y.js`).
#[no_mangle]
pub extern "C" fn ct_a11y_press(index: u32) {
    pressed(index as usize);
}

/// Sends the updates to the page, and then the lines `say` queued (nothing on the desktop).
pub fn publish(updates: &[Update]) {
    let spoken: Vec<Update> = take_spoken().into_iter().map(Update::Event).collect();
    let updates = [updates, &spoken].concat();
    #[cfg(target_arch = "wasm32")]
    for u in updates {
        // SAFETY: each pointer and length describe a live UTF-8 string for the call's duration;
        // the plugin copies the bytes before returning.
        unsafe {
            match u {
                Update::Status(s) => web::ct_a11y_status(s.as_ptr(), s.len()),
                Update::Event(s) => web::ct_a11y_event(s.as_ptr(), s.len()),
                Update::Buttons(b) => {
                    // Labels never hold a line break (fit_line keeps one line of the label).
                    let joined: Vec<String> = b.iter().map(|l| l.replace('\n', " ")).collect();
                    let text = joined.join("\n");
                    web::ct_a11y_buttons(text.as_ptr(), text.len())
                }
                Update::Page(page) => {
                    let text = page.map(|p| p.encode()).unwrap_or_default();
                    web::ct_a11y_page(text.as_ptr(), text.len())
                }
            }
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = updates;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The spoken queue is one for the process: its tests take turns.
    static SPOKEN_TESTS: Mutex<()> = Mutex::new(());

    fn s(v: &[&str]) -> Vec<String> {
        v.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn status_items_are_sentences_without_a_stray_full_stop() {
        let items = s(&["Ada's turn", "Now: Draw a card?", "Ammo: 35", ""]);
        assert_eq!(sentences(&items), "Ada's turn. Now: Draw a card? Ammo: 35");
        assert_eq!(sentences(&[]), "");
    }

    #[test]
    fn spoken_lines_are_read_once_in_order_and_a_held_key_says_only_the_latest() {
        let _turn = SPOKEN_TESTS.lock();
        let _ = take_spoken();
        say("45 degrees up, strength 50 percent");
        say("45 degrees up, strength 50 percent");
        say("It lands on Ben's fortress");
        assert_eq!(
            take_spoken(),
            s(&[
                "45 degrees up, strength 50 percent",
                "It lands on Ben's fortress"
            ])
        );
        assert!(take_spoken().is_empty());
        for n in 0..10 {
            say(format!("strength {n}0 percent"));
        }
        let kept = take_spoken();
        assert_eq!(kept.len(), SPOKEN_KEPT);
        assert_eq!(kept.last().map(String::as_str), Some("strength 90 percent"));
    }

    #[test]
    fn the_rules_and_details_are_sent_as_a_page_once_and_said_as_they_open() {
        let mut m = Mirror::default();
        assert!(m.page(None).is_empty());
        let rules = Page::new("Rules: Catapult Castle")
            .section("Goal", &s(&["Take the towers.\nAll of them."]))
            .section("Keys: aiming", &s(&["Up and Down turn the aim."]));
        let out = m.page(Some(rules.clone()));
        assert_eq!(
            out,
            vec![
                Update::Event(
                    "Rules: Catapult Castle: 2 sections to read under the heading Rules: \
                     Catapult Castle"
                        .into()
                ),
                Update::Page(Some(rules.clone())),
            ]
        );
        assert!(
            m.page(Some(rules.clone())).is_empty(),
            "unchanged: nothing sent"
        );
        assert_eq!(
            rules.encode(),
            "t\u{1f}Rules: Catapult Castle\nh\u{1f}Goal\np\u{1f}Take the towers.\np\u{1f}All \
             of them.\nh\u{1f}Keys: aiming\np\u{1f}Up and Down turn the aim."
        );
        // The same page with new words is sent again, without saying it opened.
        let more = rules.clone().section("Recent", &s(&["Ada took a tower"]));
        assert_eq!(m.page(Some(more.clone())), vec![Update::Page(Some(more))]);
        assert_eq!(m.page(None), vec![Update::Page(None)]);
        // A huge page is cut at a line's end.
        let big = Page::new("Details").section("All", &vec!["word ".repeat(100); 2000]);
        let text = big.encode();
        assert!(
            text.len() <= MAX_PAGE && text.ends_with("word"),
            "{}",
            text.len()
        );
    }

    #[test]
    fn a_page_shown_is_taken_once() {
        show(Page::new("Details"));
        assert_eq!(take_shown().map(|p| p.title), Some("Details".to_string()));
        assert_eq!(take_shown(), None);
    }

    #[test]
    fn a_list_split_into_lines_is_read_out_whole() {
        let _turn = SPOKEN_TESTS.lock();
        let _ = take_spoken();
        say("45 degrees up, strength 50 percent");
        let lines: Vec<String> = (0..6).map(|i| format!("part {i}")).collect();
        say_lines(&lines);
        assert_eq!(take_spoken(), lines);
    }

    #[test]
    fn only_what_changed_is_sent_and_each_event_once() {
        let mut m = Mirror::default();
        let first = m.frame(
            "Ada's turn",
            &s(&["Ada drew a card"]),
            &s(&["Fire", "Menu"]),
        );
        assert_eq!(
            first,
            vec![
                Update::Status("Ada's turn".into()),
                Update::Event("Ada drew a card".into()),
                Update::Buttons(s(&["Fire", "Menu"])),
            ]
        );
        assert!(m
            .frame(
                "Ada's turn",
                &s(&["Ada drew a card"]),
                &s(&["Fire", "Menu"])
            )
            .is_empty());
        let next = m.frame(
            "Bo's turn",
            &s(&["Ada drew a card", "Ada took Bo's tower"]),
            &s(&["Fire", "Menu"]),
        );
        assert_eq!(
            next,
            vec![
                Update::Status("Bo's turn".into()),
                Update::Event("Ada took Bo's tower".into()),
            ]
        );
    }

    #[test]
    fn a_log_that_keeps_only_its_recent_lines_still_reads_each_new_line_once() {
        let mut m = Mirror::default();
        let mut log: Vec<String> = (0..40).map(|i| format!("shot {i}")).collect();
        m.frame("", &log, &[]);
        log.remove(0);
        log.push("Ada missed".into());
        assert_eq!(
            m.frame("", &log, &[]),
            vec![Update::Event("Ada missed".into())]
        );
        log.remove(0);
        log.push("Ada missed".into());
        assert_eq!(
            m.frame("", &log, &[]),
            vec![Update::Event("Ada missed".into())],
            "the same words again are a new event"
        );
        assert!(m.frame("", &log, &[]).is_empty());
    }

    #[test]
    fn a_new_games_log_is_read_as_new() {
        let mut m = Mirror::default();
        m.frame("", &s(&["a", "b", "c"]), &[]);
        assert_eq!(
            m.frame("", &s(&["x"]), &[]),
            vec![Update::Event("x".into())]
        );
        assert_eq!(
            m.frame("", &s(&["x", "y"]), &[]),
            vec![Update::Event("y".into())]
        );
    }

    #[test]
    fn a_flood_of_events_reads_only_the_last_few() {
        let mut m = Mirror::default();
        let log: Vec<String> = (0..500).map(|i| format!("event {i}")).collect();
        let out = m.frame("", &log, &[]);
        assert_eq!(out.len(), KEPT_EVENTS);
        assert_eq!(out.last(), Some(&Update::Event("event 499".into())));
    }

    #[test]
    fn long_lines_are_cut_at_a_word_and_never_inside_a_character() {
        let long = "é ".repeat(400);
        let cut = fit_line(&long);
        assert!(cut.len() <= MAX_LINE + '…'.len_utf8(), "{}", cut.len());
        assert!(cut.ends_with('…'));
        assert_eq!(fit_line("  Fire  "), "Fire");
    }

    #[test]
    fn presses_from_the_page_wait_for_the_frame_and_cannot_pile_up() {
        while take_press().is_some() {}
        ct_a11y_press(2);
        assert_eq!(take_press(), Some(2));
        assert_eq!(take_press(), None);
        for i in 0..100 {
            pressed(i);
        }
        let mut n = 0;
        while take_press().is_some() {
            n += 1;
        }
        assert_eq!(n, 16);
    }
}
