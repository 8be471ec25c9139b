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

use crate::core::seat::check_seats;
use crate::core::{Game, Refusal, RuleResult, Seat};

pub use crate::core::registry::{
    not_built, DailyFormat, DesignInfo, GameInfo, NewGame, RulesPicture, RulesSection,
};

/// Every game, in the order the title screen lists them.
pub static GAMES: &[GameInfo] = &[
    castle::INFO,
    feud::INFO,
    carcassonne::INFO,
    assault::INFO,
    catapults::INFO,
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
        if !info.options.iter().any(|(id, _, _)| id == o)
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
                assert!(g.options.iter().all(|(o, _, _)| o != v), "{}: {v}", g.id);
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

    /// Every game ends (docs/rules/<id>.md, "Every game ends"): each game, its count brought to
    /// two moves short of its cap, plays on with its bots; the move before the cap leaves it in
    /// play, the move that reaches the cap ends it, with nobody to move, every seat ranked as
    /// the table stands and any further move refused.
    #[test]
    fn every_game_ends_at_its_move_cap_ranked_as_the_table_stands() {
        use crate::core::driver::Driver;
        use crate::core::replay::Replay;
        use crate::core::session::Session;
        for g in GAMES.iter().filter(|g| g.available) {
            assert!(
                g.max_moves >= 5_000,
                "{}: a cap far above any real game",
                g.id
            );
            let header = Replay::new(
                g.id,
                &new_game_options(g.id, &[]),
                default_seats(g.bench_seats(), SeatKind::Bot),
                5,
            );
            let mut game = game_for(&header).unwrap_or_else(|e| panic!("{}: {e}", g.id));
            for _ in 0..g.max_moves - 2 {
                game.count_played();
            }
            assert!(!game.is_over() && game.turn().is_some(), "{}", g.id);
            let mut d = Driver::of(Session::new(game, header));
            let first = d.bot_turn().unwrap_or_else(|e| panic!("{}: {e}", g.id));
            assert!(!d.game().is_over(), "{}: one move short of the cap", g.id);
            d.bot_turn().unwrap_or_else(|e| panic!("{}: {e}", g.id));
            let game = d.game();
            assert!(game.is_over() && game.capped(), "{}", g.id);
            assert_eq!(game.turn(), None, "{}", g.id);
            assert_eq!(game.phase(), "Move limit reached", "{}", g.id);
            let r = game.ranking();
            assert_eq!(r.standings.len(), g.bench_seats(), "{}", g.id);
            assert!(r.standings.iter().any(|s| s.place == 1), "{}", g.id);
            let refused = d.play(first).err().map(|e| e.0).unwrap_or_default();
            assert_eq!(refused, "the game is over", "{}", g.id);
        }
    }
}
