//! The pieces a rule takes off the table or moves are the ones the view drew: for every golden
//! and compatibility replay, each event that `Draw::taken_off` names (a soldier lost, a block
//! boxed, a cube back to the supply, a card off its mat, a follower knocked out) names a body
//! drawn before its move and gone after it, and each that `Draw::moved` names (a tower taken) a
//! body drawn before and after, elsewhere. The app animates exactly those bodies
//! (`app::scene::Scene::take_off`, `app::follow::travel_view`): its animations follow the rules'
//! events, not a guess from two frames.

use std::fs;
use std::path::Path;

use engine::core::game::prelude::*;
use engine::core::replay::Replay;
use engine::core::seat::{default_seats, SeatKind};
use engine::core::{Fact, Move, Scene};
use engine::games::catapults::Catapults;
use engine::headless::driver_for;

fn pieces(scene: &Scene) -> Option<Vec<u32>> {
    poses(scene).map(|p| p.into_iter().map(|(id, _, _)| id).collect())
}

/// Each drawn body's piece and place.
fn poses(scene: &Scene) -> Option<Vec<(u32, f32, f32)>> {
    match scene {
        Scene::Side(v) => Some(v.bodies.iter().map(|b| (b.piece, b.x, b.y)).collect()),
        _ => None,
    }
}

/// Replays `game`'s golden and compatibility files by their recorded outcomes; returns how many
/// pieces their events took off or moved.
fn taken_off_in_goldens(game: &str) -> usize {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut files: Vec<_> = ["golden", "compat"]
        .iter()
        .flat_map(|corpus| {
            fs::read_dir(root.join(corpus).join(game))
                .into_iter()
                .flatten()
        })
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    let mut taken = 0;
    for file in files {
        let text = fs::read_to_string(&file).unwrap_or_else(|e| panic!("{e}"));
        let header = Replay::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let mut driver = driver_for(&header).unwrap_or_else(|e| panic!("{e}"));
        // Where each piece taken off was last drawn: a piece moved later may come from there.
        let mut gone: Vec<(u32, f32, f32)> = Vec::new();
        for (i, mv) in header.moves.iter().enumerate() {
            let before_poses = poses(&driver.game().scene());
            let before = pieces(&driver.game().scene());
            let events = driver
                .play(mv.clone())
                .unwrap_or_else(|e| panic!("{} move {i}: {e}", file.display()));
            let after = pieces(&driver.game().scene());
            let after_poses = poses(&driver.game().scene());
            for e in &events {
                if let Some(id) = driver.game().moved(e) {
                    let at = |p: &Option<Vec<(u32, f32, f32)>>| {
                        p.as_ref()
                            .and_then(|p| p.iter().find(|b| b.0 == id).map(|b| (b.1, b.2)))
                    };
                    let from = at(&before_poses)
                        .or_else(|| gone.iter().rev().find(|b| b.0 == id).map(|b| (b.1, b.2)));
                    let (Some(from), Some(to)) = (from, at(&after_poses)) else {
                        panic!(
                            "{} move {i}: {} moves piece {id}, not drawn before and after",
                            file.display(),
                            e.kind
                        );
                    };
                    assert!(
                        (from.0 - to.0).hypot(from.1 - to.1) > 0.01,
                        "{} move {i}: {} moves piece {id}, which stayed at {from:?}",
                        file.display(),
                        e.kind
                    );
                    taken += 1;
                }
                let Some(id) = driver.game().taken_off(e) else {
                    continue;
                };
                assert_ne!(
                    id,
                    0,
                    "{} move {i}: {} names no piece",
                    file.display(),
                    e.kind
                );
                if let Some(p) = before_poses.iter().flatten().find(|b| b.0 == id) {
                    gone.push(*p);
                }
                if let Some(before) = &before {
                    assert!(
                        before.contains(&id),
                        "{} move {i}: {} takes off piece {id}, not drawn before it",
                        file.display(),
                        e.kind
                    );
                }
                if let Some(after) = &after {
                    assert!(
                        !after.contains(&id),
                        "{} move {i}: {} took off piece {id}, still drawn after it",
                        file.display(),
                        e.kind
                    );
                }
                taken += 1;
            }
        }
    }
    taken
}

#[test]
fn a_soldier_lost_or_a_block_boxed_in_feud_is_a_body_the_table_drew() {
    let n = taken_off_in_goldens("feud");
    println!("feud: {n} pieces taken off");
    assert!(n > 0, "Feud's goldens lose soldiers: none was named");
}

#[test]
fn a_cube_out_of_play_in_catapults_is_a_body_the_table_drew() {
    // No recorded game loses a cube (the bots keep them on the table): the rules' own scenario.
    taken_off_in_goldens("catapults");
    let mut g = Catapults::new(default_seats(2, SeatKind::Bot)).unwrap_or_else(|e| panic!("{e}"));
    g.apply(&Move::outcome_only(
        0,
        vec![Fact::new("cube", &[0, 0, 0, 9, 0])],
    ))
    .unwrap_or_else(|e| panic!("{e}"));
    let before = pieces(&g.scene()).unwrap_or_default();
    // Seat 1's cube flies off the table and knocks seat 0's out of play.
    let events = g
        .apply(&Move::outcome_only(
            1,
            vec![
                Fact::new("fallen", &[1, 0]),
                Fact::new("out", &[0, 0, 420, 5]),
            ],
        ))
        .unwrap_or_else(|e| panic!("{e}"));
    let after = pieces(&g.scene()).unwrap_or_default();
    let off: Vec<u32> = events.iter().filter_map(|e| g.taken_off(e)).collect();
    assert_eq!(off.len(), 2, "both cubes go back to the supply: {off:?}");
    for id in off {
        assert!(before.contains(&id), "cube {id} was drawn before the shot");
        assert!(!after.contains(&id), "cube {id} is not drawn after it");
    }
}

#[test]
fn a_card_off_its_mat_in_assault_is_a_body_the_table_drew() {
    let n = taken_off_in_goldens("assault");
    println!("assault: {n} pieces taken off");
    assert!(
        n > 0,
        "Assault's goldens knock cards off mats: none was named"
    );
}

#[test]
fn a_follower_knocked_out_in_carcassonne_is_a_body_the_table_drew() {
    // Whether the goldens' catapult rounds knock anyone out depends on their shots: the
    // names are checked wherever one does.
    let n = taken_off_in_goldens("carcassonne");
    println!("carcassonne: {n} pieces taken off");
}

#[test]
fn a_tower_taken_in_castle_is_a_body_the_table_drew_that_moves_to_its_new_mat() {
    let n = taken_off_in_goldens("castle");
    println!("castle: {n} pieces taken off or moved");
    assert!(n > 0, "Castle's goldens take towers: none was named");
}
