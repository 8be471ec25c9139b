//! Designs across games: which games have them, the game a designer opens (the game's own
//! build phase, with the design built by the ordinary moves), and the check every design from
//! a link or a store goes through: it is built in a fresh game by the rules' own placement
//! moves, and what the rules built is what is kept.

use crate::core::design::{clean_name, Design};
use crate::core::seat::default_seats;
use crate::core::{Game, Refusal, RuleResult, Seat, SeatKind};

/// What a design of this game is called ("fortress"), or None for a game without designs (its
/// registry entry's `design`).
pub fn kind_of(game: &str) -> Option<&'static str> {
    design_info(game).map(|d| d.kind)
}

fn design_info(game: &str) -> Option<super::DesignInfo> {
    super::info(game).ok().and_then(|g| g.design)
}

/// The games whose builds can be saved as designs, in the registry's order.
pub fn design_games() -> impl Iterator<Item = &'static super::GameInfo> {
    super::GAMES.iter().filter(|g| g.design.is_some())
}

/// The seats of a designer's game: the player first (the seat that builds first), and a bot
/// opponent unless the game's designs are built alone (Castle's arrangement is the solo game's).
pub fn designer_seats(game: &str) -> Vec<Seat> {
    if design_info(game).is_some_and(|d| d.solo) {
        return default_seats(1, SeatKind::Human);
    }
    let mut seats = default_seats(2, SeatKind::Human);
    seats[1].kind = SeatKind::Bot;
    seats
}

/// A fresh game of the design's game for the designer (no options, the given seed).
pub fn designer_game(game: &str, seed: u64) -> RuleResult<Box<dyn Game>> {
    if kind_of(game).is_none() {
        return Err(Refusal::new(
            "This design is for a game that has no designs in this version.",
        ));
    }
    super::new_game(
        game,
        &super::new_game_options(game, &[]),
        designer_seats(game),
        seed,
    )
}

/// Builds `d` into `game` now, move by move; the first refusal stops it (the game may then be
/// part-built: callers build into a copy, or into a game they throw away).
pub fn build_into(game: &mut dyn Game, d: &Design) -> RuleResult<Vec<crate::core::Move>> {
    let moves = game.design_moves(d)?;
    for mv in &moves {
        game.apply(mv)?;
    }
    Ok(moves)
}

/// Checks a design by building it in a fresh game through the rules, and returns it as the
/// rules built it (its name made plain). Refuses, in words, one the rules would not build.
pub fn check(d: &Design) -> RuleResult<Design> {
    let why = |e: Refusal| Refusal(format!("This design cannot be built: {e}."));
    let name = clean_name(&d.name);
    if let Some(check_rows) = design_info(&d.game).and_then(|i| i.check_rows) {
        check_rows(d).map_err(why)?;
        return Ok(Design { name, ..d.clone() });
    }
    let mut game = designer_game(&d.game, 1)?;
    build_into(game.as_mut(), d).map_err(why)?;
    let Some(built) = game.design() else {
        return Err(why(Refusal::new("it leaves pieces unplaced")));
    };
    Ok(Design { name, ..built })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::design::{decode, encode};

    fn built(game: &str, moves: &[&str]) -> Design {
        let mut g = designer_game(game, 7).unwrap_or_else(|e| panic!("{e}"));
        for c in g.choices() {
            if moves.iter().any(|m| c.label.starts_with(m)) {
                g.apply(&c.mv).unwrap_or_else(|e| panic!("{e}"));
                break;
            }
        }
        g.design()
            .unwrap_or_else(|| panic!("{game}: nothing built"))
    }

    fn named(mut d: Design, name: &str) -> Design {
        d.name = name.into();
        d
    }

    /// Every game's build (a shipped design), through a link and back, builds the same poses.
    #[test]
    fn designs_round_trip_for_each_game() {
        let mut castle = designer_game("castle", 3).unwrap_or_else(|e| panic!("{e}"));
        for c in castle.choices() {
            if c.label.starts_with("Rearrange") {
                castle.apply(&c.mv).unwrap_or_else(|e| panic!("{e}"));
            }
        }
        let mut arrangement = castle.design().unwrap_or_else(|| panic!("no arrangement"));
        // Three stacks of three on the first mat's squares, the rest spread.
        let mut h = [1i32; 16];
        h[0] = 3;
        h[1] = 3;
        h[2] = 3;
        for hh in h.iter_mut().skip(10) {
            *hh = 0;
        }
        assert_eq!(h.iter().sum::<i32>(), 16);
        for (r, hh) in arrangement.rows.iter_mut().zip(h) {
            r[2] = hh;
        }
        for d in [
            named(built("assault", &["Build Four Gates"]), "Gates"),
            named(built("feud", &["Build the Barracks"]), "Barracks copy"),
            named(arrangement, "Tall left"),
        ] {
            let link = encode(&d).unwrap_or_else(|e| panic!("{e}"));
            eprintln!(
                "design link {} ({} rows): {} URL characters with #design=",
                d.game,
                d.rows.len(),
                link.len() + crate::core::design::FRAGMENT.len()
            );
            assert!(link.len() < 300, "{}: {} characters", d.game, link.len());
            let back = check(&decode(&link).unwrap_or_else(|e| panic!("{e}")))
                .unwrap_or_else(|e| panic!("{}: {e}", d.game));
            assert_eq!(back, d, "{}", d.game);
            // Built in a new designer game, the same poses come back.
            let mut g = designer_game(&d.game, 99).unwrap_or_else(|e| panic!("{e}"));
            build_into(g.as_mut(), &back).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(
                g.design().map(|x| x.rows),
                Some(d.rows.clone()),
                "{}",
                d.game
            );
        }
    }

    #[test]
    fn regress_a_fortress_with_its_gate_on_blocks_rebuilds_bottom_up() {
        // The Barracks' gate rests on blocks; the next-piece order would put it first.
        let d = built("feud", &["Build the Barracks"]);
        let gate_at = d.rows.iter().position(|r| r[0] == 1).unwrap_or(0);
        assert!(gate_at > 0, "the gate is not the first piece: {:?}", d.rows);
        assert_eq!(check(&d).map(|c| c.rows), Ok(d.rows));
    }

    #[test]
    fn illegal_designs_are_refused_in_words() {
        let msg = |d: &Design| check(d).err().map(|e| e.0).unwrap_or_default();
        let castle = |heights: &[i32]| Design {
            game: "castle".into(),
            name: "x".into(),
            rows: (0..16)
                .map(|i| {
                    [
                        i / 4,
                        i % 4,
                        heights.get(i as usize).copied().unwrap_or(1),
                        0,
                    ]
                })
                .collect(),
        };
        let mut four_high = vec![1; 16];
        four_high[0] = 4;
        four_high[1] = 0;
        four_high[2] = 0;
        four_high[3] = 0;
        four_high[4] = 3;
        assert!(
            msg(&castle(&four_high)).contains("at most 3 high"),
            "{}",
            msg(&castle(&four_high))
        );
        assert!(msg(&castle(&[2; 16])).contains("all 16 towers"));
        // Two cards in the same place; a card lying flat on the mat.
        let cards = |rows: Vec<[i32; 4]>| Design {
            game: "assault".into(),
            name: "x".into(),
            rows,
        };
        assert!(msg(&cards(vec![[1000, 417, 700, 0], [1000, 417, 700, 0]])).contains("overlap"));
        assert!(msg(&cards(vec![[1000, 417, 700, 0], [2000, 4, 0, 0]])).contains("flat"));
        // A fortress block inside another; one off the board; two gates.
        let mut f = built("feud", &["Build the Keep"]);
        let mut inside = f.clone();
        inside.rows[3] = inside.rows[2];
        inside.rows[3][2] = 0;
        let m = msg(&inside);
        assert!(m.starts_with("This design cannot be built: "), "{m}");
        f.rows[5][1] = 90_000;
        assert!(msg(&f).contains("off the board"));
        f.rows[5][0] = 1;
        assert!(msg(&f).contains("exactly one gate"));
        let mut foreign = f.clone();
        foreign.game = "carcassonne".into();
        assert!(msg(&foreign).contains("no designs"));
    }

    /// Random changes to the rows of each game's design: each is built or refused, none panics,
    /// and whatever is accepted is what the rules built.
    #[test]
    fn random_changes_to_designs_never_panic_and_what_passes_rebuilds() {
        let mut rng = crate::core::Rng::new(41);
        let bases = [
            built("assault", &["Build Keep and Tower"]),
            built("feud", &["Build the Twin Towers"]),
        ];
        let mut refused = 0;
        for i in 0..300 {
            let mut d = bases[i % 2].clone();
            let r = rng.below(d.rows.len() as u32) as usize;
            let c = rng.below(4) as usize;
            d.rows[r][c] = match rng.below(3) {
                0 => d.rows[r][c] + rng.below(400) as i32 - 200,
                1 => rng.below(2_000_001) as i32 - 1_000_000,
                _ => -d.rows[r][c],
            };
            match check(&d) {
                Ok(c) => {
                    let mut g = designer_game(&c.game, 5).unwrap_or_else(|e| panic!("{e}"));
                    if c.game == "feud" {
                        build_into(g.as_mut(), &c).unwrap_or_else(|e| panic!("{e}"));
                        assert_eq!(g.design().map(|x| x.rows), Some(c.rows));
                    }
                }
                Err(e) => {
                    assert!(e.0.starts_with("This design cannot be built: "), "{e}");
                    refused += 1;
                }
            }
        }
        assert!(refused > 50, "{refused}");
    }

    #[test]
    fn a_named_fortress_piece_already_on_the_board_is_refused() {
        let mut g = designer_game("feud", 2).unwrap_or_else(|e| panic!("{e}"));
        let d = built("feud", &["Build the Keep"]);
        let moves = g.design_moves(&d).unwrap_or_else(|e| panic!("{e}"));
        g.apply(&moves[0]).unwrap_or_else(|e| panic!("{e}"));
        let e = g.apply(&moves[0]).err().map(|e| e.0).unwrap_or_default();
        assert!(e.contains("already on the board"), "{e}");
        let mut far = moves[1].clone();
        far.args[0] = 17;
        let e = g.apply(&far).err().map(|e| e.0).unwrap_or_default();
        assert!(e.contains("no piece number 17"), "{e}");
    }
}
