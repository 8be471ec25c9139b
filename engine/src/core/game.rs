//! The one trait every game implements. The app, the referee, replays and bots use nothing else.

use super::bot::Level;
use super::design::Design;
use super::{
    Event, GridPrompt, Launch, Move, Outcome, Ranking, Refusal, Rng, RuleResult, Scene, Seat,
};

/// A decision the acting seat may take now (a button in the app, a candidate for a bot).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub label: String,
    pub mv: Move,
}

/// The three ways to throw (plus the Castle's hand toss, a catapult-like gesture from the hand).
/// In a replay it is written as its name (`"catapult"`, `"toss"`…).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LaunchKind {
    /// Drag back from the cup and release: pull = power, direction = angle.
    #[default]
    Catapult,
    /// Magic Toss: the same drag, but released from the hand below mat height.
    Toss,
    /// A finger strike on the far end of a lever tile: swipe speed = power.
    Flick,
    /// A wrist throw from a fixed pivot: flick speed = power, direction = angle, twist = spin.
    Wrist,
    /// Nothing to aim: the player lets go and the table settles (a freshly built card castle must
    /// stand on its own). The app shows a button; every parameter is 0.
    Release,
}

impl LaunchKind {
    pub const ALL: [LaunchKind; 5] = [
        LaunchKind::Catapult,
        LaunchKind::Toss,
        LaunchKind::Flick,
        LaunchKind::Wrist,
        LaunchKind::Release,
    ];

    /// The launcher of this name, as a replay writes it.
    pub fn from_name(name: &str) -> Option<LaunchKind> {
        LaunchKind::ALL.into_iter().find(|k| k.name() == name)
    }

    pub fn name(self) -> &'static str {
        match self {
            LaunchKind::Catapult => "catapult",
            LaunchKind::Toss => "toss",
            LaunchKind::Flick => "flick",
            LaunchKind::Wrist => "wrist",
            LaunchKind::Release => "release",
        }
    }
}

/// What a shot expects now: which launcher, from where, and which integer ranges are legal.
#[derive(Clone, Debug, PartialEq)]
pub struct LaunchPrompt {
    pub kinds: Vec<LaunchKind>,
    /// Where the launcher sits on the table, metres (side view, y up).
    pub origin: [f32; 2],
    /// Allowed angle range in tenths of a degree (lo may exceed hi when the range wraps 0).
    pub angle: (i32, i32),
    pub power: (i32, i32),
    /// The powers a person's gesture spans, from the gentlest to the longest useful shot (one that
    /// lands at the far end of the table, not off it): the app maps a pull or a swipe from nothing
    /// to full onto this span. A subset of `power`; bots and replays ignore it.
    pub useful_power: (i32, i32),
    pub spin: (i32, i32),
    pub x: (i32, i32),
    pub y: (i32, i32),
}

impl LaunchPrompt {
    pub fn new(kind: LaunchKind, origin: [f32; 2]) -> Self {
        LaunchPrompt {
            kinds: vec![kind],
            origin,
            angle: (0, 3599),
            power: (0, 1000),
            useful_power: (0, 1000),
            spin: (0, 0),
            x: (0, 0),
            y: (0, 0),
        }
    }

    /// The span a gesture covers: `useful_power` kept inside `power` (lo <= hi).
    pub fn gesture_power(&self) -> (i32, i32) {
        let (lo, hi) = (
            self.power.0.min(self.power.1),
            self.power.0.max(self.power.1),
        );
        let a = self.useful_power.0.clamp(lo, hi);
        let b = self.useful_power.1.clamp(lo, hi);
        (a.min(b), a.max(b))
    }

    /// This prompt with a gesture's full range ending at `hi` (clamped into `power`).
    pub fn useful_up_to(mut self, hi: i32) -> Self {
        let (lo, top) = self.power;
        self.useful_power = (self.useful_power.0.clamp(lo, top), hi.clamp(lo, top));
        self
    }

    pub fn angle_ok(&self, a: i32) -> bool {
        let (lo, hi) = self.angle;
        if lo <= hi {
            a >= lo && a <= hi
        } else {
            (a >= lo && a < 3600) || (a >= 0 && a <= hi)
        }
    }

    /// Refuses a launch outside this prompt, naming the parameter.
    pub fn check(&self, l: &Launch) -> RuleResult<()> {
        if !self.kinds.contains(&l.kind) {
            let names: Vec<&str> = self.kinds.iter().map(|k| k.name()).collect();
            crate::refuse!(
                "launcher `{}` cannot be used now (allowed: {})",
                l.kind.name(),
                names.join(", ")
            );
        }
        if !self.angle_ok(l.angle) {
            crate::refuse!(
                "launch angle {} is outside {}..{}",
                l.angle,
                self.angle.0,
                self.angle.1
            );
        }
        for (name, v, (lo, hi)) in [
            ("power", l.power, self.power),
            ("spin", l.spin, self.spin),
            ("x", l.x, self.x),
            ("y", l.y, self.y),
        ] {
            if v < lo || v > hi {
                crate::refuse!("launch {name} {v} is outside {lo}..={hi}");
            }
        }
        Ok(())
    }
}

/// A piece the acting seat may put down by dragging (and rotating) it on the table: a card on a
/// mat, a tower on a square, or a piece already on the table picked up and moved elsewhere.
///
/// - `sources` empty (a fresh piece): the player drags a ghost and confirms; the app sends
///   `Move::decide(seat, action, [x_mm, y_mm, angle_tenths])`.
/// - `sources` non-empty (move a piece that is on the table): the player presses on one of the
///   sources, drags a ghost and releases it on one of the `snaps` (a release elsewhere is
///   cancelled by the app); the app sends `Move::decide(seat, action, [source_index, x_mm, y_mm,
///   angle_tenths])` with `source_index` into `sources` and the snap's position in mm.
///
/// Either way the rules still validate the move (and refuse an illegal spot with the reason).
#[derive(Clone, Debug, PartialEq)]
pub struct PlacementPrompt {
    pub action: String,
    pub label: String,
    /// The piece's half extents in metres (drawn as a ghost under the finger).
    pub half_extents: [f32; 2],
    /// Where it may go: min x, min y, max x, max y in metres.
    pub region: [f32; 4],
    /// Allowed angle range in tenths of a degree (0, 0 = no rotation).
    pub angle: (i32, i32),
    /// Snap positions (metres), if the piece goes to fixed spots (squares) rather than anywhere.
    pub snaps: Vec<[f32; 2]>,
    /// Where pieces may be picked up from (metres, the pieces' centres); empty = a fresh piece.
    pub sources: Vec<[f32; 2]>,
}

/// Shape of a body for drawing (metres, centred on the body's pose).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BodyShape {
    Rect { hw: f32, hh: f32 },
    Circle { r: f32 },
}

/// What a body is, so the app draws it as that thing (shaded wood, a stone cup, a card, a
/// soldier's silhouette…); `Plain` is a flat shape in its colour. Never seen by the physics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Look {
    #[default]
    Plain,
    /// The table top (and the ground under the mats).
    Table,
    /// A wooden block, beam or gate.
    Wood,
    /// A stone tower wall or cup.
    Stone,
    /// A playing card seen edge-on or leaning.
    Card,
    /// A soldier or meeple standing (its box is the figure's height and width).
    Figure,
    /// A thrown ball, boulder or token.
    Ammo,
    /// A catapult's frame, arm or lever.
    Catapult,
    /// A small cube or square marker.
    Cube,
    /// A mat or board lying flat on the table.
    Mat,
}

/// One body as the view draws it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BodyView {
    pub shape: BodyShape,
    pub x: f32,
    pub y: f32,
    pub angle: f32,
    pub rgb: [u8; 3],
    /// Game-defined tag (what this body is), for highlighting.
    pub tag: u32,
    pub look: Look,
    /// The seat that owns it, if any: drawn with that seat's mark so colour is not the only cue.
    pub owner: Option<u8>,
    /// Which rules piece it is, in its game's own numbering (0: none): what
    /// `Draw::taken_off` names when a rule takes the piece off the table.
    pub piece: u32,
}

/// Everything the view needs to draw a table: bodies plus the extent to frame.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TableView {
    pub bodies: Vec<BodyView>,
    /// min x, min y, max x, max y in metres: what the camera should frame.
    pub bounds: [f32; 4],
    /// Labelled markers (zones, mats, squares) drawn under the bodies: x, y, text.
    pub labels: Vec<(f32, f32, String)>,
}

/// A shot in flight on a physics table, stepped one fixed frame at a time by the app or run to rest
/// headless. Implemented by the physics layer; the rules core only knows this interface.
pub trait Shot: Send {
    /// Advances one 1/60 s frame; returns true once everything has settled.
    fn step_frame(&mut self) -> bool;
    fn settled(&self) -> bool;
    /// Physics steps taken so far.
    fn steps(&self) -> u64;
    fn view(&self) -> TableView;
    /// The facts, the step count and the state hash; meaningful once settled.
    fn outcome(&self) -> Outcome;

    /// The physics table behind this shot, for tools (the benchmark downcasts it to
    /// `physics::Table`); None when a shot has no such table.
    fn physics_table(&self) -> Option<&dyn std::any::Any> {
        None
    }

    /// What simulating this shot has cost so far, in a measure that does not depend on the
    /// machine (a physics table counts steps × moving bodies); by default its steps.
    fn work(&self) -> u64 {
        self.steps()
    }

    /// Turns this shot into a bot's preview: it may stop as soon as its outcome is plain (the
    /// table calm for `frames` frames) rather than by the game's own settle rule. The outcome
    /// of a hurried shot is only ever rated, never played. By default a shot is not hurried.
    fn hurry(&mut self, _frames: u32) {}

    /// Steps to rest (the hard cap inside the table guarantees an end).
    fn run_to_rest(&mut self) -> Outcome {
        while !self.step_frame() {}
        self.outcome()
    }
}

/// A game of the collection, split by concern: this trait is its rules and prompts; what to draw
/// (`Draw`), its status text (`StatusText`), what its bots weigh (`BotAdvice`) and its designs
/// (`Designs`) are supertraits, each with defaults where a game has nothing to say (a game with
/// nothing to add writes `impl Designs for MyGame {}`). Rules are pure; physics appears only
/// behind `fire`. Callers use `start_shot` and `apply`, which check the seat and the launch
/// prompt here, once, so a game's `fire` and `play` never repeat those checks.
/// `use crate::core::game::prelude::*` (`engine::core::game::prelude::*`) brings every part.
/// What the shared `Game` methods read from a game's rules state: the seat to act, the phase in
/// words, the end, the scores and the ranking. Each game implements it once for its state
/// (`Game::header` hands it over), instead of forwarding each of these methods by hand.
pub trait RulesState {
    /// The seat expected to move now, or None once the game is over.
    fn acting(&self) -> Option<usize>;
    /// Short phase label for the HUD (`Aim`, `Place tower`, `Building`…); `seats` names them.
    fn phase_label(&self, seats: &[Seat]) -> String;
    fn is_over(&self) -> bool;
    /// Each seat's primary measure (towers held, points…), as printed by the referee.
    fn scores(&self) -> Vec<i64>;
    fn ranking(&self) -> Ranking;
}

/// What every game has in one place: its registry entry, its seats, its rules state and the
/// moves played so far (counted by `Game::apply` through `Game::count_played`, for the move cap).
pub struct Header<'a> {
    pub info: &'static super::registry::GameInfo,
    pub seats: &'a [Seat],
    pub state: &'a dyn RulesState,
    pub played: u32,
}

/// A boxed copy of a game (bots simulate on copies): given to every game that is `Clone`.
pub trait CloneGame {
    fn clone_game(&self) -> Box<dyn Game>;
}

impl<T: Game + Clone + 'static> CloneGame for T {
    fn clone_game(&self) -> Box<dyn Game> {
        Box::new(self.clone())
    }
}

pub trait Game: Draw + StatusText + BotAdvice + Designs + CloneGame + Send {
    /// The game's registry entry, seats and rules state, which the methods below read.
    fn header(&self) -> Header<'_>;
    fn id(&self) -> &'static str {
        self.header().info.id
    }
    fn seats(&self) -> &[Seat] {
        self.header().seats
    }
    /// Counts one move played: `apply` (and `Session`, which checks and plays a move itself) calls
    /// it once the game's `play` has taken the move, and
    /// the game hands the count back in `header().played`. Games only keep the number.
    fn count_played(&mut self);
    /// The game has reached its move cap (`GameInfo::max_moves`) before ending by its own rules:
    /// it is over, ranked as the table stands (docs/rules/<id>.md, "Every game ends").
    fn capped(&self) -> bool {
        let h = self.header();
        h.played >= h.info.max_moves && !h.state.is_over()
    }
    /// The seat expected to move now, or None once the game is over (by its rules or its cap).
    fn turn(&self) -> Option<usize> {
        if self.capped() {
            return None;
        }
        self.header().state.acting()
    }
    /// Short phase label for the HUD (`Aim`, `Place tower`, `Building`…).
    fn phase(&self) -> String {
        if self.capped() {
            return "Move limit reached".into();
        }
        let h = self.header();
        h.state.phase_label(h.seats)
    }
    /// Non-shot decisions the acting seat may take now.
    fn choices(&self) -> Vec<Choice>;
    /// If a shot is expected now: the launcher and the legal parameter ranges.
    fn launch_prompt(&self) -> Option<LaunchPrompt>;
    /// If a piece may be placed by dragging now (building a castle…): what and where.
    fn placement_prompt(&self) -> Option<PlacementPrompt> {
        None
    }
    /// If a decision is made on the tile map now (lay a tile, put a follower on it): which step
    /// and the move's action; the cells and spots are in the `Scene::Map` of `scene()`.
    fn grid_prompt(&self) -> Option<GridPrompt> {
        None
    }
    /// The refusal of a launch when no shot is expected now (in the game's own words).
    fn no_shot_now(&self) -> Refusal {
        Refusal::new("no shot is expected now")
    }
    /// Builds the table for this launch and fires it. Only called through `start_shot`: the
    /// launch is already within `launch_prompt()`.
    fn fire(&self, launch: &Launch) -> RuleResult<Box<dyn Shot>>;
    /// Applies a move by the game's own rules. Only called through `apply`: the move is the
    /// acting seat's, and a shot's launch is within `launch_prompt()`. A shot move carries its
    /// outcome (the session fills it in).
    fn play(&mut self, mv: &Move) -> RuleResult<Vec<Event>>;
    /// Checks the launch against the prompt (`check_launch`), then fires it. Not overridden.
    fn start_shot(&self, launch: &Launch) -> RuleResult<Box<dyn Shot>> {
        check_launch(self, launch)?;
        self.fire(launch)
    }
    /// Checks the seat and any launch (`check_move`), then plays the move and counts it (a
    /// refused move is not counted). Not overridden.
    fn apply(&mut self, mv: &Move) -> RuleResult<Vec<Event>> {
        check_move(self, mv)?;
        let events = self.play(mv)?;
        self.count_played();
        Ok(events)
    }
    /// Over by the game's own rules or by its move cap (`capped`).
    fn is_over(&self) -> bool {
        let h = self.header();
        h.state.is_over() || h.played >= h.info.max_moves
    }
    /// Each seat's primary measure (towers held, points…), as printed by the referee.
    fn scores(&self) -> Vec<i64> {
        self.header().state.scores()
    }
    fn ranking(&self) -> Ranking {
        self.header().state.ranking()
    }
    /// The decisions a bot weighs now besides the grid's moves (`core::bot` adds those): the
    /// legal decisions, by default every choice.
    fn candidates(&self) -> Vec<Move> {
        self.choices().into_iter().map(|c| c.mv).collect()
    }
    /// Conservation checks the fuzzers run after every move: pieces are neither made nor lost
    /// (cards, towers, ammo, cubes…). Each line names a broken invariant; empty = all hold.
    fn invariant_violations(&self) -> Vec<String> {
        Vec::new()
    }
    /// An outcome the shot expected now could plausibly have, drawn from `rng` without
    /// simulating it (where the pieces could come to rest, which could fall): the rules fuzzer
    /// plays many whole games with these. None (the default) lets the fuzzer use recorded ones.
    fn sample_outcome(&self, _rng: &mut Rng) -> Option<Outcome> {
        None
    }
    /// Lets go of what the game keeps only to fire its next shots faster and can build again
    /// (Catapults' struck tables): a server's room calls it after each move, so a room waiting
    /// for its next move holds its rules and no table. Never changes what a shot does.
    fn drop_caches(&mut self) {}
}

/// Refuses a launch when no shot is expected now (`Game::no_shot_now`) or when it is outside
/// the launch prompt (naming the parameter).
pub fn check_launch<G: Game + ?Sized>(game: &G, launch: &Launch) -> RuleResult<()> {
    match game.launch_prompt() {
        Some(prompt) => prompt.check(launch),
        None => Err(game.no_shot_now()),
    }
}

/// Refuses a move once the game is over, a move by a seat whose turn it is not, and a shot whose
/// launch `check_launch` refuses. The one check of seat and prompt: games do not repeat it.
pub fn check_move<G: Game + ?Sized>(game: &G, mv: &Move) -> RuleResult<()> {
    let Some(turn) = game.turn() else {
        return Err(Refusal::new("the game is over"));
    };
    if mv.seat as usize != turn {
        return Err(Refusal(format!(
            "it is seat {}'s turn, not seat {}'s",
            turn, mv.seat
        )));
    }
    match &mv.launch {
        Some(l) if mv.is_shot() => check_launch(game, l),
        _ => Ok(()),
    }
}

/// What to draw: the table at rest, the scene, the camera's frame while aiming, the results chart.
pub trait Draw {
    /// The table at rest as it stands now.
    fn view(&self) -> TableView;
    /// What the app shows now: the side view of the table (the default) or a tile map. A game
    /// switches scene from one phase to the next by returning the other variant.
    fn scene(&self) -> Scene {
        Scene::Side(self.view())
    }
    /// What the camera should frame while the acting seat aims (min x, min y, max x, max y in
    /// metres), if the launcher is small against the table; None frames `view().bounds`.
    fn aim_bounds(&self) -> Option<[f32; 4]> {
        None
    }
    /// A side view laid along a line across a tile map (a hurl over the map), for the app to
    /// draw the map from above beside it. View data only; most games have none.
    fn line_on_map(&self) -> Option<super::scene::LineOnMap> {
        None
    }
    /// Running totals after each completed round: one row per round, one column per seat (the
    /// results screen charts them). Games without rounds keep the default: no rows, no chart.
    fn score_history(&self) -> Vec<Vec<i64>> {
        Vec::new()
    }
    /// The score that ends the game, if there is one (drawn as the goal line of the chart).
    fn score_goal(&self) -> Option<i64> {
        None
    }
    /// The piece (a `BodyView::piece`) that this event of the game's rules takes off the table
    /// (a soldier lost, a block boxed, a cube back to the supply), if any: the app carries that
    /// body off where it was last drawn. Games whose rules take nothing off keep the default.
    fn taken_off(&self, _event: &Event) -> Option<u32> {
        None
    }
    /// The piece (a `BodyView::piece`) that this event moves elsewhere on the table (a captured
    /// tower to its taker's mat), if any: the app moves that body there from where it was last
    /// drawn instead of letting it jump.
    fn moved(&self, _event: &Event) -> Option<u32> {
        None
    }
    /// The places the acting seat may aim at, in the players' words, nearest the launcher
    /// first (`core::aim_place`): what a player who cannot see the table lists and picks. Games
    /// without a side-view shot keep the default: none.
    fn aim_places(&self) -> Vec<super::AimPlace> {
        Vec::new()
    }
}

/// The status text: the Details panel and the status line.
pub trait StatusText {
    /// Everything about the turn in plain lines (hand, supply, round…): the Details panel.
    fn hud(&self) -> Vec<String>;
    /// The status line: what the acting seat does now and the few numbers that matter, each a
    /// short item with an icon. By default every `hud` line, without an icon.
    fn status(&self) -> Vec<super::StatusItem> {
        self.hud()
            .into_iter()
            .map(|l| super::StatusItem::new(super::Icon::None, l))
            .collect()
    }
}

/// What the bots weigh: how good an outcome or a decision is, a game's own bot, its hand's
/// spread and budget, first guesses for the aim, and what counts as a hit.
pub trait BotAdvice {
    /// How good an outcome is for the acting seat (higher is better): the bots' aim.
    fn rate_outcome(&self, outcome: &Outcome) -> i64;
    /// `Game::candidates` worked out a short step at a time, where they take long to find (the
    /// app spreads the steps over frames); None: `candidates` is quick.
    fn candidate_steps(&self) -> Option<Box<dyn super::bot::Steps<Vec<Move>>>> {
        None
    }
    /// How good a decision is for the acting seat (higher is better), judged by a heuristic or a
    /// short rollout (`core::bot::rollout` plays it on a copy); None leaves it to chance. The
    /// bot (`core::bot`) keeps the best-rated candidate.
    fn rate_decision(&self, _mv: &Move) -> Option<i64> {
        None
    }
    /// `rate_decision` for a bot at `level` (only Normal and Hard ask; Easy asks as Normal when it
    /// does not choose at random). By default every level rates as `rate_decision`; a game may
    /// look further ahead at Hard (short rollouts that never read hidden information).
    fn rate_decision_at(&self, mv: &Move, _level: Level) -> Option<i64> {
        self.rate_decision(mv)
    }
    /// A game that has its own bot: its move for the acting seat at `level`, drawing any chance
    /// from `rng` (the bots' seeded generator). None (the default) lets `core::bot` search.
    fn bot_move(&self, _level: Level, _rng: &mut Rng) -> Option<Move> {
        None
    }
    /// The game's own bot as a plan the shared bot can run in slices: its move, or the shared
    /// search with a generator of its own (`BotPlan::Search`). By default `bot_move`'s answer;
    /// a game whose own bot hands some turns to the shared search says so here.
    fn bot_plan(&self, level: Level, rng: &mut Rng) -> Option<super::bot::BotPlan> {
        self.bot_move(level, rng).map(super::bot::BotPlan::Move)
    }
    /// Whether a shot's outcome is a hit, where the game has one simple meaning of it (Castle: a
    /// ball inside a tower worth taking; Assault: a throw that topples another player's card);
    /// None when it has not. Tools measure bots' aim with it.
    fn shot_hit(&self, _outcome: &Outcome) -> Option<bool> {
        None
    }
    /// How much a bot at `level` misses by in this game (its hand's spread on angle and
    /// power); by default the level's own.
    fn aim_noise(&self, level: Level) -> super::bot::AimNoise {
        level.aim_noise()
    }
    /// How many times Normal's work cap (`BotBudget::work`) a Hard bot's aim search may spend
    /// here (`BotBudget::at_factor`): by default `bot::HARD_WORK_FACTOR`. A game whose
    /// candidates cost more time per unit of work, or gain Hard little past a few, lowers it to
    /// keep a Hard decision within its time (docs/benchmarks.md).
    fn hard_work_factor(&self) -> u64 {
        super::bot::HARD_WORK_FACTOR
    }
    /// Good first guesses for the bot's aim (the game knows where its targets are).
    fn aim_hints(&self) -> Vec<Launch> {
        Vec::new()
    }
}

/// Designs: a build the acting seat can save, and the moves that build a saved one. Which games
/// have designs, and what one is called, is their registry entry's (`games::GameInfo::design`).
pub trait Designs {
    /// The acting seat's build as a design (rows without a name), while it is building one that
    /// can be saved: a card castle, a fortress, a solo arrangement. None for other games and
    /// phases.
    fn design(&self) -> Option<Design> {
        None
    }
    /// The ordinary moves that build `design` for the acting seat now (clearing what is there
    /// first), so the rules check every piece; refused when nothing is being built or the design
    /// cannot be built here (wrong game, wrong number of cards).
    fn design_moves(&self, _design: &Design) -> RuleResult<Vec<Move>> {
        Err(super::Refusal::new("nothing is being built now"))
    }
}

/// Every part of the game contract, for `use …::game::prelude::*`.
pub mod prelude {
    pub use super::{BotAdvice, CloneGame, Designs, Draw, Game, Header, StatusText};
}

impl Clone for Box<dyn Game> {
    fn clone(&self) -> Self {
        self.clone_game()
    }
}

impl std::fmt::Display for LaunchKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl nanoserde::SerJson for LaunchKind {
    fn ser_json(&self, d: usize, s: &mut nanoserde::SerJsonState) {
        self.name().to_string().ser_json(d, s)
    }
}

impl nanoserde::DeJson for LaunchKind {
    fn de_json(
        s: &mut nanoserde::DeJsonState,
        i: &mut core::str::Chars,
    ) -> Result<Self, nanoserde::DeJsonErr> {
        let name = String::de_json(s, i)?;
        LaunchKind::from_name(&name).ok_or_else(|| s.err_parse("launcher name"))
    }
}
