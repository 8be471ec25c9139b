//! The five games. Each lives in its own folder: `rules.rs` (pure), `table.rs` (physics),
//! `bot.rs` where it needs more than the generic bot. The app and the referee reach them only
//! through `GAMES`, `new_game` and the `core::Game` trait. Adding a game is a folder and one
//! entry in `GAMES`.

pub mod assault;
pub mod carcassonne;
pub mod castle;
pub mod catapults;
pub mod designs;
pub mod feud;
#[cfg(any(test, feature = "fixture-game"))]
pub mod practice;

use crate::core::event::{cues_of, Cue};
use crate::core::seat::check_seats;
use crate::core::{Game, Refusal, RuleResult, Seat};

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
    /// Options the game understands (variants), with a one-line description each.
    pub options: &'static [(&'static str, &'static str)],
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
    pub check_rows: Option<fn(&crate::core::design::Design) -> RuleResult<()>>,
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

/// Every game, in the order the title screen lists them.
pub static GAMES: &[GameInfo] = &[
    GameInfo {
        id: "castle",
        name: "Catapult Castle",
        min_seats: 1,
        max_seats: 4,
        available: true,
        blurb: "Shoot ammo into your rivals' tower cups and take the towers home.",
        options: &[
            ("beginners", "Cards are only used to stack towers: no card effects."),
            (
                "experts",
                "Mats with 3 squares: the extra tower is stacked at setup and everyone draws a card.",
            ),
        ],
        rules: "Each player has a mat of towers (cups). On your turn, stand the catapult at the outside corner of your mat (on the game box if you like), play cards, then shoot one ammo. If it comes to rest inside another player's tower (or an unassigned one), take that tower: put it on an empty square of your mat, or, with no square free, stack it on a face-down card from your deck. Only the top tower of a stack is taken; the player you took it from may draw a card. A miss returns the ammo to the supply; ammo that hit stays in its tower. Cards: Extra Shot (one more shot), Magic Toss (throw from your hand, low, from the same corner), Strong Ammo (take a whole stack), Reinforced Roof (put on a tower: the next shot at it does not count and the roof comes off; nothing may be stacked on it). The game ends after a turn in which all ammo is inside towers or a player has no towers. Most towers wins; ties: most ammo in your towers, then most cards in hand, then later in turn order. Solo: 18 ammo, 1 Magic Toss and 2 Strong Ammo, shoot from any corner, two rearrangements (stacks up to 3 high); a tower hit on another mat than the one you fired from leaves play; score towers removed + ammo left.",
        event_cues: cues_of::<castle::rules::events::Ev>,
        new: castle::new,
        hidden_hands: true,
        hit_fact: Some(castle::rules::FACT_IN_TOWER),
        design: Some(DesignInfo {
            kind: "solo arrangement",
            solo: true,
            check_rows: None,
        }),
        ..GameInfo::BASE
    },
    GameInfo {
        id: "feud",
        name: "Catapult Feud",
        min_seats: 2,
        max_seats: 2,
        available: true,
        blurb: "Two kingdoms, two catapults, one fortress of blocks each.",
        options: &[],
        rules: "Each player builds a fortress on their own board from 16 blocks and a gate: every piece lies flat or stands upright, none reaches beyond the board, and the fortress must stand on its own when you let go (or you build again). Put your catapult beside the inner or outer end of your board, its front axle no farther from the edge than Distance 2 (as far as the gate is wide: the rings show where it may stand). Shuffle your six action cards and draw three. Post your five soldiers entirely on your board, on blocks or on the board itself, but a soldier on the board keeps Distance 1 (a soldier's height) from every block. On your turn: Tactics - play at most one card; Aiming - move your catapult (within Distance 2 of the edge) or turn it round; Shot - drag back and let go to throw a boulder; Update - blocks and soldiers knocked completely off their board go to the box, and so does every soldier no longer standing upright; a player draws a card for each soldier they lost (while their deck lasts). Cards: Repair - move up to three of your blocks or take them back from the box, without moving anything else; Volley - a second shot from the same place; Thief - take a random card from your enemy's hand, to play on a later turn; Traitor - fire your enemy's catapult at their own fortress (turn it, but do not move it); March - move up to three of your soldiers; Double Maneuver - the effect of any card already in the box. When a player has no soldier left standing after an Update, the other player wins.",
        event_cues: cues_of::<feud::rules::events::Ev>,
        new: feud::new,
        hidden_hands: true,
        table_versions: &[feud::TABLE_V2, feud::RULES_V2],
        design: Some(DesignInfo {
            kind: "fortress",
            solo: false,
            check_rows: None,
        }),
        ..GameInfo::BASE
    },
    carcassonne::INFO,
    GameInfo {
        id: "assault",
        name: "Assault on the Castle",
        min_seats: 2,
        max_seats: 10,
        available: true,
        blurb: "Build a card castle, then knock down the others with thrown siege cards.",
        options: &[(
            "as_high_as_gods",
            "Stand a two-storey castle and the gods reward you: move the Great Tower, or every Catapult becomes a Trebuchet while the upper floor stands.",
        )],
        rules: "Every player builds a castle of 8 building cards on their bedrock mat: lean cards into A-frames, \
lay floors across them, even build two storeys or two castles; no card may leave the mat or lie flat on it. \
When every castle stands, the quickest builder starts and play goes clockwise. On your turn draw a siege card: \
Catapult - throw it with a flick of the wrist from beside your mat; Trebuchet - draw another and throw both at once; \
Crusade - every opponent gives you a card from their castle to build with; God's Favour - put the Great Tower \
anywhere off the mats to shield a castle; Black Plague - lose the turn; Restoration - draw 2 building cards and \
repair; Taxes - take 2 cards out of your castle; Peace Treaty - everyone draws 2 and reinforces. \
A castle whose cards all lie flat has fallen: its owner keeps 2 cards, flips the mat and builds a last bastion; \
every opponent, from the one who caused the fall, draws 2 cards and reinforces; then the defeated player takes two \
turns in a row. Knock your own castle down while attacking and it is your defeat. A second fall eliminates. \
The last castle standing wins.",
        event_cues: cues_of::<assault::rules::events::Ev>,
        new: assault::new,
        table_versions: &[assault::rules::TABLE_V2],
        design: Some(DesignInfo {
            kind: "card castle",
            solo: false,
            check_rows: Some(assault::design::check_design),
        }),
        timed_seats: Some(10),
        ..GameInfo::BASE
    },
    GameInfo {
        id: "catapults",
        name: "Catapults",
        min_seats: 2,
        max_seats: 4,
        available: true,
        blurb: "Flick cubes off a tile lever into the scoring zones of the box.",
        options: &[],
        rules: "The open box lid lies in the middle: a yellow start tile (5 points) inside a ring of \
eight tiles (1 point). Each side has a row of tiles against the box (2 points for the players of \
that side), a rulebook's length of empty table, a second row of tiles, and behind it the catapult: \
a meeple lying on its side with a tile across it. Put a cube on the near end of the tile and flick \
the far end with your finger: the harder the strike, the farther the cube flies. In turn, everyone \
flicks one cube until all have flicked four. Cubes stay where they land and may be knocked by later \
cubes. A cube scores the best tile any part of it touches. At the end of a round every player \
scores the difference between their tile points and the worst player's; then the cubes come back. \
From round two the leader flicks first and the last-placed player last. The first to 21 points \
with a lead of at least 2 wins. The side view has two ends: with three or four players, players \
share them and who shares changes every round. The view turns so the shooter's catapult is always \
on the left.",
        event_cues: cues_of::<catapults::rules::events::Ev>,
        new: catapults::new,
        timed_seats: Some(4),
        ..GameInfo::BASE
    },
    #[cfg(any(test, feature = "fixture-game"))]
    practice::INFO,
];

pub fn info(id: &str) -> RuleResult<&'static GameInfo> {
    GAMES.iter().find(|g| g.id == id).ok_or_else(|| {
        let ids: Vec<&str> = GAMES.iter().map(|g| g.id).collect();
        Refusal(format!(
            "unknown game {} (known: {})",
            crate::core::strict_json::shown(id),
            ids.join(", ")
        ))
    })
}

/// Options no player chooses: each says which version of a game's table (or rules) a recording
/// was made with. A new game is recorded with them (`new_game_options`); a recording without one
/// replays on the table and by the rules it was made with (docs/replay-format.md, "Table
/// versions").
pub fn table_versions(id: &str) -> &'static [&'static str] {
    info(id).map(|g| g.table_versions).unwrap_or(&[])
}

/// The options a new game is started and recorded with: those chosen, and the game's current
/// table version.
pub fn new_game_options(id: &str, chosen: &[String]) -> Vec<String> {
    let mut out = chosen.to_vec();
    for v in table_versions(id) {
        if !out.iter().any(|o| o == v) {
            out.push(v.to_string());
        }
    }
    out
}

/// Creates a game. Refuses unknown ids, games not built yet, bad seat counts and unknown options.
pub fn new_game(
    id: &str,
    options: &[String],
    seats: Vec<Seat>,
    seed: u64,
) -> RuleResult<Box<dyn Game>> {
    let info = info(id)?;
    if !info.available {
        return Err(Refusal(format!("{} is not built yet", info.name)));
    }
    check_seats(&seats, info.min_seats, info.max_seats)?;
    for o in options {
        if !info.options.iter().any(|(name, _)| name == o)
            && !table_versions(id).contains(&o.as_str())
        {
            return Err(Refusal(format!(
                "{} has no option {}",
                info.name,
                crate::core::strict_json::shown(o)
            )));
        }
    }
    (info.new)(options, seats, seed)
}

/// The game a replay header (a replay, a save, a link) names: its id, options, seats and seed.
/// The one place a recording becomes a game; its moves are not played here (`core::driver`).
pub fn game_for(header: &crate::core::replay::Replay) -> RuleResult<Box<dyn Game>> {
    new_game(
        &header.game,
        &header.options,
        header.seats.clone(),
        header.seed,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::seat::{default_seats, SeatKind};
    use crate::core::Scene;

    #[test]
    fn every_listed_game_has_one_entry_and_a_constructor_that_matches_its_availability() {
        for (i, g) in GAMES.iter().enumerate() {
            assert!(
                GAMES[..i].iter().all(|o| o.id != g.id),
                "{} listed twice",
                g.id
            );
            let seats = default_seats(g.min_seats.max(2).min(g.max_seats), SeatKind::Human);
            let made = new_game(g.id, &[], seats.clone(), 1);
            assert_eq!(made.is_ok(), g.available, "{}: {:?}", g.id, made.err());
            // The constructor itself refuses too when the game is not built.
            assert_eq!((g.new)(&[], seats, 1).is_ok(), g.available, "{}", g.id);
            if let Ok(game) = made {
                assert_eq!(game.id(), g.id, "the entry builds its own game");
            }
        }
        for id in ["castle", "feud", "carcassonne", "assault", "catapults"] {
            assert!(info(id).is_ok(), "{id} listed");
        }
        // A game's table versions are its own options, never a player's choice too.
        for g in GAMES {
            for v in g.table_versions {
                assert!(g.options.iter().all(|(o, _)| o != v), "{}: {v}", g.id);
                assert!(
                    new_game_options(g.id, &[]).iter().any(|o| o == v),
                    "{}",
                    g.id
                );
            }
        }
        // A game listed but not built says so by name (none may be left: then only the
        // constructor for such entries is checked).
        for g in GAMES.iter().filter(|g| !g.available) {
            let e = new_game(g.id, &[], default_seats(2, SeatKind::Human), 1);
            let e = e.err().map(|e| e.0).unwrap_or_default();
            assert_eq!(e, format!("{} is not built yet", g.name));
        }
        assert!(not_built(&[], default_seats(2, SeatKind::Human), 1).is_err());
    }

    #[test]
    fn the_built_games_keep_the_side_view_scene_and_ask_nothing_on_a_grid() {
        // Every game but the two with a tile map (Carcassonne, the practice game's tile round).
        for g in GAMES.iter().filter(|g| g.available) {
            let id = g.id;
            let seats = default_seats(g.min_seats.max(2).min(g.max_seats), SeatKind::Human);
            let g = new_game(id, &[], seats, 4).unwrap_or_else(|e| panic!("{id}: {e}"));
            if matches!(g.scene(), Scene::Map(_)) {
                assert!(g.grid_prompt().is_some(), "{id}: a map asks on its grid");
                continue;
            }
            assert_eq!(g.scene(), Scene::Side(g.view()), "{id}");
            assert!(g.grid_prompt().is_none(), "{id}");
        }
    }

    #[test]
    fn unknown_games_and_options_are_refused_by_name() {
        let seats = default_seats(2, SeatKind::Human);
        let e = new_game("nosuch", &[], seats.clone(), 1).err().map(|e| e.0);
        assert!(e.unwrap_or_default().contains("unknown game `nosuch`"));
        let e = new_game("castle", &["turbo".into()], seats, 1)
            .err()
            .map(|e| e.0);
        assert!(e.unwrap_or_default().contains("no option `turbo`"));
    }
}
