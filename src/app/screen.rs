//! The screen stack, like Zemeroth's `src/screen.rs`: every screen is a type that owns its own
//! state; the top screen alone gets the frame's input and answers with a [`Command`] that
//! pushes, pops or replaces screens. A screen that is drawn over the one below it (the pause
//! menu over the frozen game) says so, and the stack draws the one below first, inactive.
//! Window-free: the app's context is a type parameter, so the tests drive a stack of fake
//! screens without a window.

use super::play::Play;
use super::pointer::PointerEvent;
use super::probe::TableFigures;

/// Which screen is up (the probe's number and the log's name for it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScreenId {
    Title,
    Setup,
    Play,
    Pause,
    Rules,
    Results,
    Viewer,
    /// An online room: joining it, or waiting for its players (`screens::room`).
    Room,
    /// Today's challenge (`screens::challenge`).
    Challenge,
    /// "Turn your phone" over a side-view game held upright (`screens::upright`).
    Upright,
}

impl ScreenId {
    /// The probe's number (browser tests wait on it).
    pub fn code(self) -> i32 {
        match self {
            ScreenId::Title => 1,
            ScreenId::Setup => 2,
            ScreenId::Play => 3,
            ScreenId::Pause => 4,
            ScreenId::Rules => 5,
            ScreenId::Results => 6,
            ScreenId::Viewer => 7,
            ScreenId::Room => 8,
            ScreenId::Challenge => 9,
            ScreenId::Upright => 10,
        }
    }

    /// What the screen is, in words, for the screen-reader layer.
    pub fn spoken(self) -> &'static str {
        match self {
            ScreenId::Title => "Catapult Table: choose a game",
            ScreenId::Setup => "Choose the players",
            ScreenId::Play => "Playing",
            ScreenId::Pause => "Paused: Escape goes back to the game",
            ScreenId::Rules => "The rules",
            ScreenId::Results => "The results",
            ScreenId::Viewer => "Watching a replay",
            ScreenId::Room => "An online game: waiting for the players",
            ScreenId::Challenge => "Today's challenge",
            ScreenId::Upright => "Turn your phone sideways for a bigger table",
        }
    }

    /// The log's name (`[ct] screen …`).
    pub fn name(self) -> &'static str {
        match self {
            ScreenId::Title => "title",
            ScreenId::Setup => "setup",
            ScreenId::Play => "play",
            ScreenId::Pause => "pause",
            ScreenId::Rules => "rules",
            ScreenId::Results => "results",
            ScreenId::Viewer => "viewer",
            ScreenId::Room => "room",
            ScreenId::Challenge => "challenge",
            ScreenId::Upright => "upright",
        }
    }
}

/// What a screen asks of the stack.
pub enum Command<S> {
    /// Nothing changes.
    Stay,
    /// `S` goes over this screen (it comes back when `S` pops).
    Push(S),
    /// This screen goes; the one below is up again. The bottom screen never pops.
    Pop,
    /// `S` takes this screen's place.
    Replace(S),
    /// Back to the bottom screen (the title), everything above it gone.
    Home,
    /// The bottom screen with `S` over it (a game started from anywhere).
    Fresh(S),
}

impl<S> Command<S> {
    pub fn is_stay(&self) -> bool {
        matches!(self, Command::Stay)
    }

    /// `self` unless it is `Stay`, else `other` (the first screen change of a frame wins).
    pub fn or(self, other: Command<S>) -> Command<S> {
        if self.is_stay() {
            other
        } else {
            self
        }
    }
}

/// One screen: input, update and drawing, each answering with a command. `C` is the app's
/// shared context (storage, sounds, the widgets, the game in play).
pub trait Screen<C> {
    fn id(&self) -> ScreenId;
    /// The frame's pointer events, given to the top screen only.
    fn input(&mut self, _ctx: &mut C, _events: &[PointerEvent]) -> Command<Box<dyn Screen<C>>> {
        Command::Stay
    }
    /// The Escape key (or the system's back): by default back to the screen below.
    fn back(&mut self, _ctx: &mut C) -> Command<Box<dyn Screen<C>>> {
        Command::Pop
    }
    /// Time passes and the screen draws itself; immediate-mode buttons answer while drawn.
    /// `active` is false when the screen is drawn under an overlay (nothing of it may act).
    fn frame(&mut self, ctx: &mut C, active: bool) -> Command<Box<dyn Screen<C>>>;
    /// Drawn over the screen below (which is drawn first, inactive).
    fn overlay(&self) -> bool {
        false
    }
    /// The game this screen holds (the play screen, the results), for the shell to read, save,
    /// restart or follow online; the screens over it reach it only by asking the shell.
    fn game(&self) -> Option<&Play> {
        None
    }
    fn game_mut(&mut self) -> Option<&mut Play> {
        None
    }
    /// The game handed over (quitting to the title keeps it as the save).
    fn take_game(&mut self) -> Option<Play> {
        None
    }
    /// What the table this screen draws showed (the play screen's, the viewer's), for the probe.
    fn table_figures(&self) -> Option<TableFigures> {
        None
    }
    /// A new frame begins (the table's probe figures are told anew).
    fn new_frame(&mut self) {}
    /// The pointer left this screen (another came over it, or it came back on top): a
    /// gesture under way is dropped.
    fn pointer_lost(&mut self) {}
}

/// The screens, bottom first. Never empty once made.
pub struct Stack<S> {
    screens: Vec<S>,
}

/// An empty stack: only while the app's frame has taken its stack out to run it.
impl<S> Default for Stack<S> {
    fn default() -> Self {
        Stack {
            screens: Vec::new(),
        }
    }
}

impl<S> Stack<S> {
    pub fn new(bottom: S) -> Self {
        Stack {
            screens: vec![bottom],
        }
    }

    pub fn len(&self) -> usize {
        self.screens.len()
    }

    pub fn is_empty(&self) -> bool {
        self.screens.is_empty()
    }

    pub fn top(&self) -> Option<&S> {
        self.screens.last()
    }

    pub fn top_mut(&mut self) -> Option<&mut S> {
        self.screens.last_mut()
    }

    /// Bottom first.
    pub fn iter(&self) -> impl Iterator<Item = &S> {
        self.screens.iter()
    }

    pub fn apply(&mut self, c: Command<S>) {
        match c {
            Command::Stay => {}
            Command::Push(s) => self.screens.push(s),
            Command::Pop => {
                if self.screens.len() > 1 {
                    self.screens.pop();
                }
            }
            Command::Replace(s) => {
                if self.screens.len() > 1 {
                    self.screens.pop();
                    self.screens.push(s);
                } else {
                    // The bottom is replaced only by a screen over it: it stays the way home.
                    self.screens.push(s);
                }
            }
            Command::Home => self.screens.truncate(1),
            Command::Fresh(s) => {
                self.screens.truncate(1);
                self.screens.push(s);
            }
        }
    }
}

impl<C> Stack<Box<dyn Screen<C>>> {
    pub fn top_id(&self) -> Option<ScreenId> {
        self.top().map(|s| s.id())
    }

    pub fn has(&self, id: ScreenId) -> bool {
        self.iter().any(|s| s.id() == id)
    }

    /// The game in play: the topmost screen's that holds one.
    pub fn game(&self) -> Option<&Play> {
        self.screens.iter().rev().find_map(|s| s.game())
    }

    pub fn game_mut(&mut self) -> Option<&mut Play> {
        self.screens.iter_mut().rev().find_map(|s| s.game_mut())
    }

    pub fn take_game(&mut self) -> Option<Play> {
        self.screens.iter_mut().rev().find_map(|s| s.take_game())
    }

    /// The table on screen: the topmost screen's that draws one.
    pub fn table_figures(&self) -> Option<TableFigures> {
        self.screens.iter().rev().find_map(|s| s.table_figures())
    }

    pub fn new_frame(&mut self) {
        for s in &mut self.screens {
            s.new_frame();
        }
    }

    /// Every screen drops the gesture under way (the top screen changed).
    pub fn pointer_lost(&mut self) {
        for s in &mut self.screens {
            s.pointer_lost();
        }
    }

    /// One frame: the screens under an overlay drawn inactive, then the top one gets the
    /// frame's input (and Escape), updates and draws. Its first command is applied after.
    pub fn frame(&mut self, ctx: &mut C, events: &[PointerEvent], escape: bool) {
        let n = self.screens.len();
        let mut first = n.saturating_sub(1);
        while first > 0 && self.screens[first].overlay() {
            first -= 1;
        }
        for s in &mut self.screens[first..n.saturating_sub(1)] {
            // Drawn only: whatever an inactive screen answers is ignored.
            let _ = s.frame(ctx, false);
        }
        let Some(top) = self.screens.last_mut() else {
            return;
        };
        let mut c = top.input(ctx, events);
        if escape {
            c = c.or(top.back(ctx));
        }
        if c.is_stay() {
            c = top.frame(ctx, true);
        } else {
            // The screen is going: it is drawn this frame but answers nothing more.
            let _ = top.frame(ctx, false);
        }
        self.apply(c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the fake screens saw, in order.
    #[derive(Default)]
    struct Log(Vec<String>);

    type FakeCommand = Command<Box<dyn Screen<Log>>>;

    struct Fake {
        id: ScreenId,
        overlay: bool,
        /// What it answers to its next frame.
        next: Option<fn() -> FakeCommand>,
    }

    fn fake(id: ScreenId) -> Box<dyn Screen<Log>> {
        Box::new(Fake {
            id,
            overlay: id == ScreenId::Pause,
            next: None,
        })
    }

    impl Screen<Log> for Fake {
        fn id(&self) -> ScreenId {
            self.id
        }
        fn input(
            &mut self,
            log: &mut Log,
            events: &[PointerEvent],
        ) -> Command<Box<dyn Screen<Log>>> {
            log.0
                .push(format!("{} input {}", self.id.name(), events.len()));
            Command::Stay
        }
        fn frame(&mut self, log: &mut Log, active: bool) -> Command<Box<dyn Screen<Log>>> {
            log.0.push(format!("{} frame {active}", self.id.name()));
            match self.next.take() {
                Some(f) => f(),
                None => Command::Stay,
            }
        }
        fn overlay(&self) -> bool {
            self.overlay
        }
    }

    fn ids(s: &Stack<Box<dyn Screen<Log>>>) -> Vec<ScreenId> {
        s.iter().map(|s| s.id()).collect()
    }

    #[test]
    fn commands_push_pop_replace_and_the_bottom_stays() {
        use ScreenId::*;
        let mut s = Stack::new(fake(Title));
        s.apply(Command::Push(fake(Setup)));
        s.apply(Command::Replace(fake(Play)));
        assert_eq!(ids(&s), vec![Title, Play]);
        s.apply(Command::Push(fake(Pause)));
        s.apply(Command::Push(fake(Rules)));
        s.apply(Command::Pop);
        assert_eq!(ids(&s), vec![Title, Play, Pause]);
        s.apply(Command::Fresh(fake(Play)));
        assert_eq!(ids(&s), vec![Title, Play]);
        s.apply(Command::Home);
        s.apply(Command::Pop);
        assert_eq!(ids(&s), vec![Title]);
        s.apply(Command::Replace(fake(Viewer)));
        assert_eq!(
            ids(&s),
            vec![Title, Viewer],
            "the title stays under a replacement"
        );
    }

    #[test]
    fn only_the_top_screen_gets_the_input_and_an_overlay_draws_the_one_below_inactive() {
        use ScreenId::*;
        let mut s = Stack::new(fake(Title));
        s.apply(Command::Push(fake(Play)));
        s.apply(Command::Push(fake(Pause)));
        let mut log = Log::default();
        let events = [PointerEvent::Down { x: 1.0, y: 2.0 }];
        s.frame(&mut log, &events, false);
        assert_eq!(
            log.0,
            vec!["play frame false", "pause input 1", "pause frame true"],
            "the title under the game is not drawn; the game under the pause is, inactive"
        );
    }

    #[test]
    fn escape_goes_back_and_a_returned_command_is_applied_after_the_frame() {
        use ScreenId::*;
        let mut s = Stack::new(fake(Title));
        s.apply(Command::Push(fake(Rules)));
        let mut log = Log::default();
        s.frame(&mut log, &[], true);
        assert_eq!(ids(&s), vec![Title]);
        assert_eq!(log.0, vec!["rules input 0", "rules frame false"]);
        let setup = Fake {
            id: Setup,
            overlay: false,
            next: Some(|| Command::Push(fake(Rules))),
        };
        s.apply(Command::Push(Box::new(setup)));
        s.frame(&mut log, &[], false);
        assert_eq!(ids(&s), vec![Title, Setup, Rules]);
    }
}
