//! The registry's vocabulary: what the title screen, the referee, the tools and the app know
//! about a game without playing it (`GameInfo`), and the types its fields are made of. Each game
//! writes its own entry in its folder (`games/<id>/mod.rs`, `INFO`); `games::GAMES` lists them.
//! Every fact about one game that code elsewhere needs is a field here, so no file outside a
//! game's folder names a game (tests/it/game_ids.rs).

use super::event::Cue;
use super::{Game, Refusal, RuleResult, Seat};

/// How a game is created: options (already checked against `GameInfo::options`), seats (already
/// checked against the seat range) and the seed.
pub type NewGame = fn(&[String], Vec<Seat>, u64) -> RuleResult<Box<dyn Game>>;

/// What the title screen and the referee know about a game.
#[derive(Clone, Copy, Debug)]
pub struct GameInfo {
    pub id: &'static str,
    pub name: &'static str,
    pub min_seats: usize,
    pub max_seats: usize,
    /// False for a game not yet built: listed, says so, cannot be started.
    pub available: bool,
    pub blurb: &'static str,
    /// Options the game understands (variants): its id (in replays and links), its name for
    /// players and a one-line description.
    pub options: &'static [(&'static str, &'static str, &'static str)],
    /// The rules in our own words (shown on the rules screen).
    pub rules: &'static str,
    /// Every kind of event the game emits, with its cue (the app gives each cue a sound; a test
    /// checks that none is silent).
    pub event_cues: fn() -> Vec<(&'static str, Cue)>,
    /// Creates the game (`not_built` for a game that is only listed).
    pub new: NewGame,
    /// Whether a player holds cards the others must not see: the app covers the table between
    /// two humans' turns on one device.
    pub hidden_hands: bool,
    /// Options no player chooses, each naming a version of the game's table (see
    /// `table_versions`); empty for a game whose table never changed.
    pub table_versions: &'static [&'static str],
    /// The fact (a name from the game's codec) that marks a shot as a hit, where the game has one
    /// simple hit: the tools survey bots' aim with it (`headless::aim_survey`).
    pub hit_fact: Option<&'static str>,
    /// Whether builds of this game can be saved as designs, and how (`designs`).
    pub design: Option<DesignInfo>,
    /// The seats of the benchmark's and the determinism corpus' bot-only games (clamped to the
    /// seat range).
    pub bench_seats: usize,
    /// The seats of the whole game the bots' speed is judged by (`bench --bots`,
    /// docs/benchmarks.md); None: not timed.
    pub timed_seats: Option<usize>,
    /// A test fixture (the practice game): never shipped, so never recorded in `tests/golden/` or
    /// `tests/compat/`.
    pub fixture: bool,
    /// The rules in short sections, in players' words, before the whole `rules` (the rules
    /// screen); empty: only the shared sections.
    pub short_rules: &'static [RulesSection],
    /// How the game's daily challenge is played, if it has one (docs/challenge.md).
    pub daily: Option<DailyFormat>,
    /// Every game ends: after this many moves a game that has not ended by its own rules ends
    /// there and is ranked as the table stands by its own final ranking (the house rule in
    /// `docs/rules/<id>.md`, "Every game ends"). Far above any real game (`MAX_MOVES`).
    pub max_moves: u32,
}

/// The move cap of every game (`GameInfo::max_moves`): 5,000 moves. The longest games measured
/// are a few hundred moves (Assault with ten seats, 370 in the golden corpus), so no game played
/// to its own end reaches it; a game that never ends (two Catapults seats tying every round)
/// stops here.
pub const MAX_MOVES: u32 = 5_000;

/// The small picture the rules screen draws beside a section.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RulesPicture {
    /// A trophy: what you play for.
    Goal,
    /// A round arrow: a turn.
    Turn,
    /// A catapult and the dotted arc of a shot.
    Shoot,
    /// Stacked blocks: building.
    Build,
    /// A fan of cards.
    Cards,
    /// A star: points.
    Score,
    /// A crown: winning.
    Win,
    /// Square tiles: a map.
    Map,
    /// Lines of text: the whole rules.
    Text,
    /// A keyboard: playing without a pointer.
    Keys,
}

/// One short section of a game's rules: a heading, a few sentences, a picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RulesSection {
    pub heading: &'static str,
    pub picture: RulesPicture,
    pub words: &'static str,
}

/// How a game's daily challenge is played and scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DailyFormat {
    /// The game's own solo mode on the day's table; the score is the game's own solo score.
    Solo,
    /// One game against the day's bot at `Level::Normal`; a win scores `DUEL_BASE` less the
    /// shots it took (fewer shots, a higher score), a loss scores nothing.
    Duel,
}

/// A game whose builds can be saved as designs.
#[derive(Clone, Copy, Debug)]
pub struct DesignInfo {
    /// What a design is called in this game ("fortress").
    pub kind: &'static str,
    /// The designer plays alone (a solo arrangement) instead of against a bot.
    pub solo: bool,
    /// A check of a design by its rows alone, for a game whose designs are not all built from the
    /// designer's first position (Assault's last bastion has fewer cards than a first castle);
    /// None: the design is built in a fresh designer game.
    pub check_rows: Option<fn(&super::design::Design) -> RuleResult<()>>,
}

impl GameInfo {
    /// The fields a game usually leaves as they are: `GameInfo { id, name, …, ..GameInfo::BASE }`.
    pub const BASE: GameInfo = GameInfo {
        id: "",
        name: "",
        min_seats: 1,
        max_seats: 1,
        available: false,
        blurb: "",
        options: &[],
        rules: "",
        event_cues: Vec::new,
        new: not_built,
        hidden_hands: false,
        table_versions: &[],
        hit_fact: None,
        design: None,
        bench_seats: 4,
        timed_seats: None,
        fixture: false,
        short_rules: &[],
        daily: None,
        max_moves: MAX_MOVES,
    };

    /// The seats of this game's benchmark and corpus games.
    pub fn bench_seats(&self) -> usize {
        self.bench_seats.clamp(self.min_seats, self.max_seats)
    }
}

/// The constructor of a game that is listed but not built yet: always refuses.
pub fn not_built(_: &[String], _: Vec<Seat>, _: u64) -> RuleResult<Box<dyn Game>> {
    Err(Refusal::new("this game is not built yet"))
}
