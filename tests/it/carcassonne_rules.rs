//! Carcassonne rules scenarios: tile data, placement, features, followers, scoring, turn flow.
//! Layouts are built by stacking the pile (`State::with_pile`) and playing real actions.
//! Over 800 lines on purpose: one scenario per rule, each short and independent.

use engine::core::game::RulesState;
use engine::games::carcassonne::rules::{
    Action, Catalog, EdgeKind, EventKind, FarmRule, FeatureKind, MoveError, Options, Phase,
    PlaceError, State, TileSet, FOLLOWERS,
};

fn cat() -> Catalog {
    Catalog::embedded().expect("the embedded tiles parse")
}

fn kind(id: &str) -> u8 {
    cat().find(id).unwrap_or_else(|| panic!("no tile {id}"))
}

// ---------------------------------------------------------------- tile data

#[test]
fn tile_counts_72_base_12_fair_and_10_pennants() {
    let c = cat();
    let count = |set| -> u32 {
        c.kinds
            .iter()
            .filter(|k| k.set == set)
            .map(|k| k.count)
            .sum()
    };
    assert_eq!(count(TileSet::Base), 72);
    assert_eq!(count(TileSet::Catapult), 12);
    let pennants = |set| -> u32 {
        c.kinds
            .iter()
            .filter(|k| k.set == set)
            .map(|k| k.count * k.pennants())
            .sum()
    };
    assert_eq!(pennants(TileSet::Base), 10);
    assert_eq!(pennants(TileSet::Catapult), 1);
    assert_eq!(
        c.kinds.iter().filter(|k| k.set == TileSet::Base).count(),
        24
    );
    assert_eq!(c.kinds.iter().filter(|k| k.fair).count(), 12);
    // One start tile kind, B03; the pile holds the rest: 71, or 83 with the fair tiles.
    assert_eq!(c.kinds.iter().filter(|k| k.start).count(), 1);
    assert_eq!(c.start(), c.find("B03"));
    assert_eq!(c.pile(false).len(), 71);
    assert_eq!(c.pile(true).len(), 83);
    let b03 = c.find("B03").unwrap_or(0);
    assert_eq!(c.pile(false).iter().filter(|&&k| k == b03).count(), 3);
}

#[test]
fn every_tile_edge_is_consistent() {
    let c = cat();
    for k in &c.kinds {
        let mut city_edges = 0u8;
        let mut road_edges = 0u8;
        let mut halves = 0u8;
        let mut cities = 0usize;
        for s in &k.segments {
            match s.kind {
                FeatureKind::City => {
                    assert_eq!(city_edges & s.edges, 0, "{}: edge in two cities", k.id);
                    city_edges |= s.edges;
                    cities += 1;
                }
                FeatureKind::Road => {
                    assert_eq!(road_edges & s.edges, 0, "{}: edge in two roads", k.id);
                    road_edges |= s.edges;
                }
                FeatureKind::Field => {
                    assert_eq!(halves & s.edges, 0, "{}: half-edge in two fields", k.id);
                    halves |= s.edges;
                    for &ci in &s.cities {
                        assert!((ci as usize) < cities, "{}: field borders no city", k.id);
                    }
                }
                FeatureKind::Cloister => {}
            }
        }
        assert_eq!(
            city_edges & road_edges,
            0,
            "{}: edge both city and road",
            k.id
        );
        for e in 0..4u8 {
            let field_halves = (halves >> (2 * e)) & 0b11;
            if city_edges & (1 << e) != 0 {
                assert_eq!(field_halves, 0, "{}: city edge {e} has field halves", k.id);
                assert_eq!(k.edge_kind(e), EdgeKind::City);
            } else {
                assert_eq!(field_halves, 0b11, "{}: edge {e} half without field", k.id);
            }
            if road_edges & (1 << e) != 0 {
                assert_eq!(k.edge_kind(e), EdgeKind::Road);
            }
        }
        // Every rotation keeps the counts of each edge kind.
        for rot in 0..4u8 {
            let o = c.oriented(c.find(&k.id).unwrap_or(0), rot);
            for e in 0..4u8 {
                assert_eq!(
                    o.edges[((e + rot) % 4) as usize],
                    k.edge_kind(e),
                    "{}",
                    k.id
                );
            }
        }
    }
}

#[test]
fn a_bad_tile_file_is_refused_with_the_reason() {
    let bad = r#"{"tiles":[{"id":"X1","jcz":"","letter":"","count":1,"set":"base","start":true,
        "cities":[{"edges":"N Q","pennants":0}],"roads":[],"cloister":false,"fair":false,"fields":[]}]}"#;
    let e = Catalog::parse(bad).err().map(|e| e.0).unwrap_or_default();
    assert!(e.contains("X1") && e.contains("`Q`"), "{e}");
    assert!(Catalog::parse("{").is_err());
}

// ---------------------------------------------------------------- helpers

fn opts() -> Options {
    Options::default()
}

/// A position: layout tiles by id, followers, then the pile by id.
fn layout(
    seats: usize,
    options: Options,
    tiles: &[(&str, i32, i32, u8)],
    followers: &[(usize, u16, u8)],
    pile: &[&str],
) -> State {
    let tiles: Vec<(u8, i32, i32, u8)> = tiles
        .iter()
        .map(|&(id, x, y, r)| (kind(id), x, y, r))
        .collect();
    let pile: Vec<u8> = pile.iter().map(|id| kind(id)).collect();
    match State::with_layout(seats, options, &tiles, followers, &pile) {
        Ok((s, _)) => s,
        Err(e) => panic!("layout refused: {e}"),
    }
}

/// The current player lays the tile in hand and places a follower on `spot` (or none).
fn play(s: &mut State, x: i32, y: i32, rot: u8, spot: Option<u8>) -> Vec<EventKind> {
    let seat = s.current;
    let mut ev = match s.apply(seat, Action::Place { x, y, rot }) {
        Ok(e) => e,
        Err(e) => panic!("placing at ({x}, {y}) rot {rot} refused: {e}"),
    };
    let a = spot.map_or(Action::Skip, |spot| Action::Follower { spot });
    match s.apply(seat, a) {
        Ok(e) => ev.extend(e),
        Err(e) => panic!("{a:?} refused: {e}"),
    }
    ev.into_iter().map(|e| e.kind).collect()
}

fn scored(ev: &[EventKind]) -> Vec<(FeatureKind, i64, bool)> {
    ev.iter()
        .filter_map(|e| match e {
            EventKind::Scored {
                feature,
                points,
                end,
                ..
            } => Some((*feature, *points, *end)),
            _ => None,
        })
        .collect()
}

/// Debug text of the whole state: a refused action must leave it byte for byte the same.
fn snapshot(s: &State) -> String {
    format!("{s:?}")
}

fn conserved(s: &State) {
    for seat in 0..s.seats {
        assert_eq!(
            s.supply[seat] as usize + s.on_map(seat),
            FOLLOWERS as usize,
            "seat {seat}: followers lost or made"
        );
    }
}

// ---------------------------------------------------------------- placement

#[test]
fn the_start_tile_is_laid_and_the_first_tile_drawn() {
    let (s, ev) = State::new(2, 5, opts()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.map.len(), 1);
    let start = s.map.tiles[0];
    assert_eq!((start.x, start.y, start.rot), (0, 0, 0));
    assert_eq!(Some(start.kind), cat().start());
    assert!(matches!(ev[0].kind, EventKind::StartTile { .. }));
    assert!(matches!(ev[1].kind, EventKind::TileDrawn { .. }));
    assert_eq!(s.pile_len(), 70);
    assert!(s.in_hand().is_some());
    assert_eq!(s.turn(), Some(0));
    assert_eq!(s.supply, vec![FOLLOWERS; 2]);
}

#[test]
fn edges_must_match_and_the_tile_must_touch_the_map() {
    // A cloister (all field) against the start tile (city N, road E and W, field S).
    let mut s = layout(2, opts(), &[], &[], &["B01", "B01"]);
    let before = snapshot(&s);
    let try_at = |s: &mut State, x, y, rot| s.apply(0, Action::Place { x, y, rot });
    assert_eq!(
        try_at(&mut s, 0, 1, 0),
        Err(MoveError::Place(PlaceError::Mismatch {
            edge: 2,
            mine: EdgeKind::Field,
            theirs: EdgeKind::City
        }))
    );
    assert_eq!(
        try_at(&mut s, 1, 0, 0),
        Err(MoveError::Place(PlaceError::Mismatch {
            edge: 3,
            mine: EdgeKind::Field,
            theirs: EdgeKind::Road
        }))
    );
    assert_eq!(
        try_at(&mut s, 0, 0, 0),
        Err(MoveError::Place(PlaceError::Occupied { x: 0, y: 0 }))
    );
    assert_eq!(
        try_at(&mut s, 3, -3, 0),
        Err(MoveError::Place(PlaceError::NotAdjacent { x: 3, y: -3 }))
    );
    assert_eq!(
        snapshot(&s),
        before,
        "a refused placement changed the state"
    );
    // The only legal cell for it is below the start tile, in all four rotations.
    assert_eq!(
        s.legal_placements(),
        vec![(0, -1, 0), (0, -1, 1), (0, -1, 2), (0, -1, 3)]
    );
    play(&mut s, 0, -1, 0, None);
    assert_eq!(s.map.len(), 2);
}

#[test]
fn a_wrong_rotation_is_refused_with_the_edge_that_does_not_match() {
    // A city cap (B18) above the start tile must face down: rotation 2 only.
    let mut s = layout(2, opts(), &[], &[], &["B18", "B01"]);
    let legal_above: Vec<u8> = s
        .legal_placements()
        .into_iter()
        .filter(|&(x, y, _)| (x, y) == (0, 1))
        .map(|p| p.2)
        .collect();
    assert_eq!(legal_above, vec![2]);
    let before = snapshot(&s);
    let e = s.apply(0, Action::Place { x: 0, y: 1, rot: 0 });
    assert_eq!(
        e,
        Err(MoveError::Place(PlaceError::Mismatch {
            edge: 2,
            mine: EdgeKind::Field,
            theirs: EdgeKind::City
        }))
    );
    let text = e.err().map(|e| e.to_string()).unwrap_or_default();
    assert_eq!(
        text,
        "the bottom side is a field but the tile next to it has a city there"
    );
    assert_eq!(snapshot(&s), before);
    // Through the replay codec, a rotation out of 0..=3 is refused too.
    let mv = engine::core::Move::decide(0, "place", &[0, 1, 4]);
    assert!(s.apply_move(&mv).is_err());
    assert_eq!(snapshot(&s), before);
}

#[test]
fn a_tile_that_fits_nowhere_leaves_the_game_and_another_is_drawn() {
    // The start city is closed above, so a full-city tile has no city edge to join.
    let s = layout(2, opts(), &[("B18", 0, 1, 2)], &[], &["B04", "B01"]);
    assert_eq!(s.set_aside, vec![kind("B04")]);
    assert_eq!(s.in_hand(), Some(kind("B01")));
    assert_eq!(s.pile_len(), 0);
    assert_eq!(s.turn(), Some(0));
}

#[test]
fn a_move_out_of_turn_or_in_the_wrong_step_is_refused() {
    let mut s = layout(3, opts(), &[], &[], &["B01", "B01"]);
    let before = snapshot(&s);
    assert_eq!(
        s.apply(
            1,
            Action::Place {
                x: 0,
                y: -1,
                rot: 0
            }
        ),
        Err(MoveError::OutOfTurn { seat: 1, turn: 0 })
    );
    assert_eq!(s.apply(0, Action::Skip), Err(MoveError::LayTileFirst));
    assert_eq!(snapshot(&s), before);
    assert!(s
        .apply(
            0,
            Action::Place {
                x: 0,
                y: -1,
                rot: 0
            }
        )
        .is_ok());
    assert_eq!(
        s.apply(
            0,
            Action::Place {
                x: 0,
                y: -2,
                rot: 0
            }
        ),
        Err(MoveError::FollowerFirst)
    );
    assert_eq!(
        s.apply(2, Action::Skip),
        Err(MoveError::OutOfTurn { seat: 2, turn: 0 })
    );
    assert!(s.apply(0, Action::Skip).is_ok());
    assert_eq!(s.turn(), Some(1));
}

// ---------------------------------------------------------------- completion scoring

#[test]
fn a_two_tile_city_scores_4_and_the_knight_comes_home() {
    let mut s = layout(2, opts(), &[], &[], &["B18", "B01"]);
    let ev = play(&mut s, 0, 1, 2, Some(0));
    assert_eq!(scored(&ev), vec![(FeatureKind::City, 4, false)]);
    assert!(ev.contains(&EventKind::FollowerReturned { tile: 1, spot: 0 }));
    assert_eq!(s.scores, vec![4, 0]);
    assert_eq!(s.breakdown[0][FeatureKind::City.index()], 4);
    assert_eq!(s.supply[0], FOLLOWERS);
    assert_eq!(s.history.last(), Some(&vec![4, 0]));
}

#[test]
fn a_completed_city_scores_2_per_tile_and_2_per_pennant() {
    // B10 (diagonal city with a pennant) above the start, turned to open down and right;
    // player 1 closes it with a cap from the right: 3 tiles + 1 pennant = 8.
    let mut s = layout(2, opts(), &[], &[], &["B10", "B18", "B01"]);
    let ev = play(&mut s, 0, 1, 2, Some(0));
    assert!(scored(&ev).is_empty());
    let ev = play(&mut s, 1, 1, 3, None);
    assert_eq!(scored(&ev), vec![(FeatureKind::City, 8, false)]);
    assert_eq!(s.scores, vec![8, 0]);
}

#[test]
fn a_completed_city_without_followers_scores_nothing() {
    let mut s = layout(2, opts(), &[], &[], &["B18", "B01"]);
    let ev = play(&mut s, 0, 1, 2, None);
    assert!(scored(&ev).is_empty());
    assert_eq!(s.scores, vec![0, 0]);
}

#[test]
fn a_completed_road_scores_1_per_tile() {
    // Junctions close both ends of the start road: 3 tiles.
    let mut s = layout(2, opts(), &[], &[], &["B22", "B22", "B01"]);
    let ev = play(&mut s, 1, 0, 0, Some(2));
    assert!(scored(&ev).is_empty());
    let ev = play(&mut s, -1, 0, 0, None);
    assert_eq!(scored(&ev), vec![(FeatureKind::Road, 3, false)]);
    assert_eq!(s.scores, vec![3, 0]);
    assert_eq!(s.breakdown[0][FeatureKind::Road.index()], 3);
    assert_eq!(s.supply[0], FOLLOWERS);
}

#[test]
fn a_road_that_loops_back_counts_each_tile_once() {
    // A ring of four curves: four tiles, one road, no open end.
    let mut s = layout(
        2,
        opts(),
        &[("B01", 0, -1, 0)],
        &[],
        &["B23", "B23", "B23", "B23", "B01"],
    );
    // A ring at x 1..2, y -1..-2 below the start's east side: (1,-1) E+S, (2,-1) S+W,
    // (2,-2) W+N, (1,-2) N+E.
    play(&mut s, 1, -1, 3, Some(0)); // S W -> rot 3: E S
    play(&mut s, 2, -1, 0, None); // S W
    play(&mut s, 2, -2, 1, None); // W N
    let ev = play(&mut s, 1, -2, 2, None); // N E
    assert_eq!(scored(&ev), vec![(FeatureKind::Road, 4, false)]);
}

#[test]
fn a_cloister_scores_9_when_surrounded() {
    // A cloister below the start tile, with a monk; 7 neighbours laid, the 8th completes it.
    let tiles = [
        ("B01", 0, -1, 0),
        ("B24", 1, 0, 0),
        ("B24", -1, 0, 0),
        ("B01", 1, -1, 0),
        ("B01", -1, -1, 0),
        ("B01", -1, -2, 0),
        ("B01", 0, -2, 0),
    ];
    let mut s = layout(2, opts(), &tiles, &[(1, 1, 0)], &["B01", "B01"]);
    assert_eq!(s.map.neighbours8(0, -1), 7);
    let ev = play(&mut s, 1, -2, 0, None);
    assert_eq!(scored(&ev), vec![(FeatureKind::Cloister, 9, false)]);
    assert_eq!(s.scores, vec![0, 9]);
    assert_eq!(s.supply[1], FOLLOWERS);
    assert_eq!(s.breakdown[1][FeatureKind::Cloister.index()], 9);
}

/// Three city caps around (0,1) and the start tile's city below it; the cell (0,1) is open.
/// Knights: `owners` for the caps at (-1,1), (1,1), (0,2).
fn caps_around_a_hole(owners: [Option<usize>; 3]) -> State {
    let tiles = [
        ("B24", -1, 0, 0), // 1
        ("B18", -1, 1, 1), // 2: city E
        ("B24", 1, 0, 0),  // 3
        ("B18", 1, 1, 3),  // 4: city W
        ("B01", -1, 2, 0), // 5
        ("B18", 0, 2, 2),  // 6: city S
    ];
    let followers: Vec<(usize, u16, u8)> = [2u16, 4, 6]
        .iter()
        .zip(owners)
        .filter_map(|(&t, o)| o.map(|seat| (seat, t, 0)))
        .collect();
    layout(2, opts(), &tiles, &followers, &["B04", "B01"])
}

#[test]
fn cities_joined_by_a_later_tile_score_for_the_majority() {
    let mut s = caps_around_a_hole([Some(0), Some(0), Some(1)]);
    // The full city (1 pennant) joins four caps: 5 tiles + 1 pennant = 12, player 1 has 2 knights.
    let ev = play(&mut s, 0, 1, 0, None);
    assert_eq!(scored(&ev), vec![(FeatureKind::City, 12, false)]);
    assert_eq!(s.scores, vec![12, 0]);
    assert_eq!(s.supply, vec![FOLLOWERS, FOLLOWERS], "all knights return");
}

#[test]
fn cities_joined_with_tied_knights_score_for_every_tied_player() {
    let mut s = caps_around_a_hole([Some(0), Some(1), None]);
    let ev = play(&mut s, 0, 1, 0, None);
    assert_eq!(
        scored(&ev),
        vec![
            (FeatureKind::City, 12, false),
            (FeatureKind::City, 12, false)
        ]
    );
    assert_eq!(s.scores, vec![12, 12]);
}

#[test]
fn a_follower_may_not_join_a_feature_already_occupied_elsewhere() {
    // Player 1's knight is on the cap at (-1,1); the full city laid in the hole joins it.
    let mut s = caps_around_a_hole([Some(0), None, None]);
    let seat = s.current;
    assert!(s.apply(seat, Action::Place { x: 0, y: 1, rot: 0 }).is_ok());
    let spots = s.open_spots();
    assert_eq!(spots.len(), 1);
    assert!(!spots[0].free);
    let before = snapshot(&s);
    assert_eq!(
        s.apply(seat, Action::Follower { spot: 0 }),
        Err(MoveError::Occupied {
            feature: FeatureKind::City
        })
    );
    assert_eq!(
        s.apply(seat, Action::Follower { spot: 3 }),
        Err(MoveError::NoSuchSpot { spot: 3, spots: 1 })
    );
    assert_eq!(snapshot(&s), before);
    assert_eq!(s.actions(), vec![Action::Skip]);
}

#[test]
fn a_road_with_thieves_of_both_players_joined_later_scores_for_both() {
    // Player 1's thief on the start road (east), player 2's on a road below; a curve joins
    // them, junctions close both ends: 7 tiles, a tie of one thief each.
    let mut s = layout(
        2,
        opts(),
        &[],
        &[],
        &["B24", "B24", "B23", "B23", "B22", "B22", "B01"],
    );
    play(&mut s, 1, 0, 0, Some(0)); // P1: road (start)-(1,0)
    play(&mut s, 1, -1, 0, Some(0)); // P2: a separate road in the row below
    play(&mut s, 2, -1, 1, None); // P1: curve W-N at (2,-1)
                                  // P2 lays a curve S-W at (2,0): the two roads become one. A thief on it is refused.
    let seat = s.current;
    assert!(s.apply(seat, Action::Place { x: 2, y: 0, rot: 0 }).is_ok());
    assert_eq!(
        s.apply(seat, Action::Follower { spot: 0 }),
        Err(MoveError::Occupied {
            feature: FeatureKind::Road
        })
    );
    assert!(s.apply(seat, Action::Skip).is_ok());
    let ev = play(&mut s, -1, 0, 0, None); // P1 closes the west end
    assert!(scored(&ev).is_empty());
    let ev = play(&mut s, 0, -1, 0, None); // P2 closes the other end
    assert_eq!(
        scored(&ev),
        vec![(FeatureKind::Road, 7, false), (FeatureKind::Road, 7, false)]
    );
    assert_eq!(&s.scores[..], &[7, 7]);
    conserved(&s);
}

#[test]
fn a_follower_with_none_left_is_refused() {
    let tiles: Vec<(&str, i32, i32, u8)> = (0..7).map(|i| ("B01", i, -1, 0)).collect();
    let followers: Vec<(usize, u16, u8)> = (1..=7).map(|t| (0, t, 0)).collect();
    let mut s = layout(2, opts(), &tiles, &followers, &["B01", "B01"]);
    assert_eq!(s.supply[0], 0);
    assert!(s
        .apply(
            0,
            Action::Place {
                x: 0,
                y: -2,
                rot: 0
            }
        )
        .is_ok());
    let before = snapshot(&s);
    assert_eq!(
        s.apply(0, Action::Follower { spot: 0 }),
        Err(MoveError::NoFollowersLeft)
    );
    assert_eq!(snapshot(&s), before);
    assert_eq!(s.actions(), vec![Action::Skip]);
}

// ---------------------------------------------------------------- final scoring

#[test]
fn the_game_ends_when_the_pile_runs_out_and_open_features_score() {
    // Player 1: a thief on an open road of 2 tiles (2). Player 2: a knight in an open city of
    // 2 tiles with a pennant (3).
    let mut s = layout(2, opts(), &[], &[], &["B24", "B10"]);
    play(&mut s, 1, 0, 0, Some(0));
    let ev = play(&mut s, 0, 1, 2, Some(0));
    assert!(ev.contains(&EventKind::PileEmpty));
    assert!(ev.contains(&EventKind::GameOver));
    assert_eq!(
        scored(&ev),
        vec![(FeatureKind::Road, 2, true), (FeatureKind::City, 3, true)]
    );
    assert_eq!(s.scores, vec![2, 3]);
    assert_eq!(s.phase, Phase::Over);
    assert_eq!(s.turn(), None);
    assert_eq!(s.history.first(), Some(&vec![0, 0]));
    assert_eq!(s.history.last(), Some(&vec![2, 3]));
    assert_eq!(s.history.len(), 4, "start, two turns, final scoring");
    assert_eq!(s.apply(0, Action::Skip), Err(MoveError::GameOver));
    conserved(&s);
}

#[test]
fn an_open_cloister_scores_1_plus_1_per_neighbour_at_the_end() {
    // Monk below the start tile; neighbours: the start and two roads beside it = 3 → 4 points.
    let mut s = layout(2, opts(), &[("B24", 1, 0, 0)], &[], &["B01", "B24"]);
    play(&mut s, 0, -1, 0, Some(0));
    let ev = play(&mut s, -1, 0, 0, None);
    assert_eq!(scored(&ev), vec![(FeatureKind::Cloister, 4, true)]);
    assert_eq!(s.breakdown[0][FeatureKind::Cloister.index()], 4);
}

/// The start city closed by a cap above (a completed city of 2). Player 1 has two farmers
/// north of the start road (one field once the last tile joins them); player 2 one farmer on
/// the other side of the city.
fn two_fields_beside_one_city(farms: FarmRule) -> State {
    let tiles = [
        ("B18", 0, 1, 2),   // 1: the cap, city down; its field is north of the city
        ("B24", 1, 0, 0),   // 2
        ("B01", 0, -1, 0),  // 3
        ("B01", -1, -1, 0), // 4
        ("B01", -2, -1, 0), // 5
        ("B24", -2, 0, 0),  // 6: its north field is apart until (-1,0) is laid
    ];
    let followers = [(0, 2, 1), (0, 6, 1), (1, 1, 1)];
    let options = Options {
        farms,
        ..Options::default()
    };
    let mut s = layout(2, options, &tiles, &followers, &["B24"]);
    play(&mut s, -1, 0, 0, None);
    assert!(s.is_over());
    s
}

#[test]
fn fields_score_3_per_completed_city_field_by_field() {
    let s = two_fields_beside_one_city(FarmRule::FieldByField);
    // Each field scores the city on its own: both players score it.
    assert_eq!(s.scores, vec![3, 3]);
    assert_eq!(s.breakdown[0][FeatureKind::Field.index()], 3);
    assert_eq!(s.breakdown[1][FeatureKind::Field.index()], 3);
}

#[test]
fn fields_city_by_city_score_each_city_once_for_the_majority_of_all_its_farmers() {
    let s = two_fields_beside_one_city(FarmRule::CityByCity);
    // Player 1 has 2 farmers around the city, player 2 one: only player 1 scores it.
    assert_eq!(s.scores, vec![4, 0]);
}

#[test]
fn a_field_scores_every_completed_city_it_borders_and_no_open_one() {
    // B19 above the start: its south cap closes the start city, its north cap is closed by
    // another cap when `close_north`. Farmer on B19's field (spot 2).
    for (close_north, points) in [(true, 6), (false, 3)] {
        let mut tiles = vec![("B19", 0, 1, 0)];
        if close_north {
            tiles.push(("B18", 0, 2, 2));
        }
        let mut s = layout(2, opts(), &tiles, &[(1, 1, 2)], &["B01"]);
        play(&mut s, 0, -1, 0, None);
        assert!(s.is_over());
        assert_eq!(s.scores, vec![0, points], "north cap closed: {close_north}");
    }
}

#[test]
fn farmers_stay_on_the_map_when_cities_complete() {
    // A farmer beside the start city; completing the city returns the knight, not the farmer.
    let mut s = layout(
        2,
        opts(),
        &[("B24", 1, 0, 0)],
        &[(0, 1, 1)],
        &["B18", "B01"],
    );
    let ev = play(&mut s, 0, 1, 2, Some(0));
    assert_eq!(scored(&ev), vec![(FeatureKind::City, 4, false)]);
    assert_eq!(s.on_map(0), 1, "the farmer stays");
    assert_eq!(s.supply[0], FOLLOWERS - 1);
}

// ---------------------------------------------------------------- whole bot games

use engine::games::carcassonne::bot::{self, Level};

/// Plays a whole game with `level` for every seat; checks the followers after every action.
fn bot_game(seats: usize, seed: u64, level: Level) -> State {
    bot_game_with(seats, seed, level, bot::Budget::default())
}

fn bot_game_with(seats: usize, seed: u64, level: Level, budget: bot::Budget) -> State {
    let (mut s, _) = State::new(seats, seed, opts()).unwrap_or_else(|e| panic!("{e}"));
    let mut actions = 0;
    while let Some(seat) = s.turn() {
        let a = bot::choose_with(&s, level, budget, seed).unwrap_or_else(|| panic!("no action"));
        // Every move goes through the replay codec and back.
        let mv = s.encode(seat, a);
        assert_eq!(s.decode(&mv), Ok(a), "codec round trip of {a:?}");
        if let Err(e) = s.apply_move(&mv) {
            panic!("the bot chose {a:?}, refused: {e}");
        }
        conserved(&s);
        actions += 1;
        assert!(actions < 400, "the game does not end");
    }
    s
}

#[test]
fn whole_bot_games_end_when_the_tiles_run_out_and_keep_every_follower() {
    for seats in 2..=6 {
        let s = bot_game(seats, 11 + seats as u64, Level::Normal);
        assert!(s.is_over());
        assert_eq!(s.pile_len(), 0);
        assert_eq!(
            s.map.len() + s.set_aside.len(),
            72,
            "every tile laid or set aside"
        );
        assert_eq!(s.turns as usize, 71 - s.set_aside.len());
        assert_eq!(s.history.len(), s.turns as usize + 2);
        let total: i64 = s.scores.iter().sum();
        assert!(total > 0, "{seats} seats: nobody scored");
        for seat in 0..seats {
            let parts: i64 = s.breakdown[seat].iter().sum();
            assert_eq!(parts, s.scores[seat], "breakdown adds up");
        }
    }
}

#[test]
fn a_whole_game_with_the_fair_tiles_uses_all_84_tiles() {
    let options = Options {
        fair_tiles: true,
        ..Options::default()
    };
    let (mut s, _) = State::new(3, 21, options).unwrap_or_else(|e| panic!("{e}"));
    while let Some(seat) = s.turn() {
        let a = bot::choose(&s, Level::Normal, 21).unwrap_or_else(|| panic!("no action"));
        if let Err(e) = s.apply(seat, a) {
            panic!("{a:?}: {e}");
        }
        conserved(&s);
    }
    assert_eq!(s.map.len() + s.set_aside.len(), 84);
}

#[test]
fn easy_and_hard_bots_finish_games_too() {
    // A small search budget keeps the debug-build test quick; the default is timed below.
    let small = bot::Budget {
        candidates: 3,
        rollouts: 2,
        policy_sample: 4,
    };
    for (seed, level) in [(3, Level::Easy), (4, Level::Hard)] {
        let s = bot_game_with(2, seed, level, small);
        assert!(s.is_over());
    }
}

#[test]
fn the_same_seed_gives_the_same_game() {
    let a = bot_game(3, 99, Level::Normal);
    let b = bot_game(3, 99, Level::Normal);
    assert_eq!(a.scores, b.scores);
    assert_eq!(a.history, b.history);
}

/// Time whole 2-seat games (run in release to measure:
/// `CARC_LEVEL=normal cargo test --release --test it carcassonne_rules::timing -- --nocapture --ignored`;
/// CARC_LEVEL is easy, normal, hard or unset for all three).
#[test]
#[ignore]
fn timing_whole_two_seat_games() {
    let only = std::env::var("CARC_LEVEL").unwrap_or_default();
    let levels = [Level::Easy, Level::Normal, Level::Hard]
        .into_iter()
        .filter(|l| only.is_empty() || format!("{l:?}").eq_ignore_ascii_case(&only));
    for level in levels {
        let t = std::time::Instant::now();
        let runs = 5;
        for seed in 0..runs {
            bot_game(2, seed, level);
        }
        let per = t.elapsed().as_secs_f64() / runs as f64;
        println!("{level:?}: {per:.3} s per 2-seat game");
    }
}

#[test]
fn replay_moves_name_free_spots_and_bad_ones_are_refused_with_the_reason() {
    use engine::core::Move;
    let mut s = caps_around_a_hole([None, None, None]);
    let why = |s: &mut State, mv: Move| s.apply_move(&mv).err().map(|e| e.0).unwrap_or_default();
    assert_eq!(
        why(&mut s, Move::decide(0, "follower", &[0])),
        "lay the tile first"
    );
    assert!(why(&mut s, Move::decide(0, "place", &[0, 1])).contains("3 arguments"));
    assert!(why(&mut s, Move::decide(0, "place", &[0, 1, 7])).contains("rotation 7"));
    assert!(why(&mut s, Move::decide(0, "jump", &[])).contains("no move `jump`"));
    assert!(why(&mut s, Move::decide(1, "place", &[0, 1, 0])).contains("Player 1's turn"));
    assert!(s.apply_move(&Move::decide(0, "place", &[0, 1, 0])).is_ok());
    // The full city has one spot, free: follower 0 is it; follower 1 does not exist.
    assert_eq!(s.free_spots(), vec![0]);
    assert!(why(&mut s, Move::decide(0, "follower", &[1])).contains("no spot 1"));
    let ev = s
        .apply_move(&Move::decide(0, "follower", &[0]))
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(ev
        .iter()
        .any(|e| matches!(e.kind, EventKind::Scored { points: 12, .. })));
}

// ---------------------------------------------------------------- the Game face

mod game_face {
    use engine::core::game::prelude::*;
    use engine::core::scene::{grid_moves, GridStep};
    use engine::core::seat::{default_seats, SeatKind};
    use engine::core::{Move, Scene};
    use engine::games::carcassonne::{bot::Level, Carcassonne};

    /// The base game's face (the catapult rounds have their own tests).
    fn game(seats: usize, seed: u64) -> Carcassonne {
        Carcassonne::new(
            &["no_catapult".into()],
            default_seats(seats, SeatKind::Bot),
            seed,
        )
        .unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn the_map_scene_offers_exactly_the_legal_moves_and_the_free_spots() {
        let mut g = game(2, 8);
        let mut moves = 0;
        while let Some(seat) = g.turn() {
            let Scene::Map(map) = g.scene() else {
                panic!("Carcassonne is always a map");
            };
            let grid = grid_moves(&g);
            match g.grid_prompt().map(|p| p.step) {
                Some(GridStep::Place) => {
                    let n: usize = map.legal.iter().map(|l| l.rotations.len()).sum();
                    assert_eq!(grid.len(), n);
                    assert_eq!(n, g.state().legal_placements().len());
                    assert!(map.in_hand.is_some());
                    assert!(g.choices().is_empty(), "a tile must be laid");
                }
                Some(GridStep::Spot) => {
                    assert_eq!(map.spots.len(), g.state().free_spots().len());
                    assert_eq!(g.choices().len(), 1, "no follower is a choice");
                }
                None => assert!(map.spots.is_empty() && g.choices().len() == 1),
            }
            // Every offered move is accepted (on a copy); then the bot's move is played.
            for mv in grid.iter().take(6) {
                let mut c = g.clone();
                assert!(c.apply(mv).is_ok(), "{mv:?} was offered but refused");
            }
            let mv = g
                .bot_move(Level::Normal, 1)
                .unwrap_or_else(|| panic!("no bot move"));
            assert_eq!(mv.seat as usize, seat);
            if let Err(e) = g.apply(&mv) {
                panic!("{mv:?}: {e}");
            }
            moves += 1;
        }
        assert!(moves >= 142);
        let r = g.ranking();
        assert_eq!(r.standings.len(), 2);
        // The results lines carry the points by kind, which add up to the points.
        for (line, st) in r
            .explain(&["Ada".into(), "Bo".into()])
            .iter()
            .zip(&r.standings)
        {
            assert!(
                line.contains("roads ") && line.contains("fields "),
                "{line}"
            );
            assert_eq!(st.keys[0], st.keys[1..].iter().sum::<i64>(), "{line}");
            assert_eq!(st.keys[0], g.scores()[st.seat]);
        }
        let history = g.score_history();
        assert_eq!(history.last(), Some(&g.scores()));
        assert!(history.len() >= 35);
    }

    #[test]
    fn options_are_checked_and_no_catapult_is_the_72_base_tiles() {
        let seats = default_seats(2, SeatKind::Human);
        assert!(Carcassonne::new(&["dragons".into()], seats.clone(), 1).is_err());
        assert!(Carcassonne::new(&["fair_tiles".into()], seats.clone(), 1).is_err());
        assert!(Carcassonne::new(&[], default_seats(1, SeatKind::Human), 1).is_err());
        let g = Carcassonne::new(&["no_catapult".into()], seats.clone(), 1)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(g.state().pile_len(), 70, "71 in the pile, one drawn");
        // The default is The Catapult: 83 in the pile, one drawn, and catapult rounds.
        let d = Carcassonne::new(&[], seats, 1).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(d.state().pile_len(), 82);
        assert!(d.state().options.catapult && d.state().options.fair_tiles);
        assert!(!g.state().options.catapult && !g.state().options.fair_tiles);
    }

    #[test]
    fn the_generic_bot_plays_carcassonne_as_the_normal_bot_does() {
        use engine::core::bot::{choose, BotBudget};
        use engine::core::Rng;
        let mut g = game(2, 4);
        let mut rng = Rng::new(77);
        // Several steps: placements, follower spots and skips all rated the same way.
        for _ in 0..12 {
            let generic = choose(&g, &mut rng, BotBudget::default());
            let normal = g.bot_move(Level::Normal, 0);
            assert_eq!(generic, normal);
            let Some(mv) = generic else { break };
            if let Err(e) = g.apply(&mv) {
                panic!("{e}");
            }
        }
    }

    #[test]
    fn event_lines_name_the_players() {
        let mut g = game(2, 3);
        let mv = g
            .bot_move(Level::Normal, 1)
            .unwrap_or_else(|| panic!("no move"));
        let ev = g.apply(&mv).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(ev[0].kind, "tile_placed");
        assert_eq!(ev[0].text, "Bot 1 lays a tile");
        let bad = g.apply(&Move::decide(1, "skip", &[]));
        assert!(bad.is_err());
    }
}

/// Strength of each level against another, seats swapped every game (run in release:
/// `cargo test --release --test it carcassonne_rules::strength -- --nocapture --ignored`).
#[test]
#[ignore]
fn strength_of_the_levels_head_to_head() {
    let duel = |a: Level, b: Level, games: u64| {
        let (mut wins, mut ties, mut margin) = (0, 0, 0i64);
        for seed in 0..games {
            let levels = if seed % 2 == 0 { [a, b] } else { [b, a] };
            let me = (seed % 2) as usize;
            let (mut s, _) = State::new(2, 1000 + seed, opts()).unwrap_or_else(|e| panic!("{e}"));
            while let Some(seat) = s.turn() {
                let act = bot::choose(&s, levels[seat], seed).unwrap_or_else(|| panic!("none"));
                if s.apply(seat, act).is_err() {
                    panic!("refused");
                }
            }
            let d = s.scores[me] - s.scores[1 - me];
            margin += d;
            match d.cmp(&0) {
                std::cmp::Ordering::Greater => wins += 1,
                std::cmp::Ordering::Equal => ties += 1,
                _ => {}
            }
        }
        println!(
            "{a:?} vs {b:?}: {wins} wins, {ties} ties of {games}; mean margin {:.1}",
            margin as f64 / games as f64
        );
    };
    duel(Level::Normal, Level::Easy, 20);
    duel(Level::Hard, Level::Normal, 20);
}

#[test]
fn a_city_entering_one_tile_from_two_sides_counts_that_tile_once() {
    // Below the start: a tile with two separate caps (turned to S and E) and three diagonal
    // cities closing a ring through both caps: 4 tiles (5 pieces of city) = 8 points, not 10.
    let tiles = [("B20", 0, -1, 2), ("B09", 1, -1, 3), ("B09", 1, -2, 0)];
    let mut s = layout(2, opts(), &tiles, &[(0, 1, 0)], &["B09", "B01"]);
    let ev = play(&mut s, 0, -2, 1, None);
    assert_eq!(scored(&ev), vec![(FeatureKind::City, 8, false)]);
    assert_eq!(s.scores, vec![8, 0]);
}

#[test]
fn a_recorded_game_replays_to_the_same_result() {
    let (mut s, _) = State::new(4, 31, opts()).unwrap_or_else(|e| panic!("{e}"));
    let mut log = Vec::new();
    while let Some(seat) = s.turn() {
        let a = bot::choose(&s, Level::Easy, 31).unwrap_or_else(|| panic!("no action"));
        let mv = s.encode(seat, a);
        s.apply_move(&mv).unwrap_or_else(|e| panic!("{e}"));
        log.push(mv);
    }
    let (mut r, _) = State::new(4, 31, opts()).unwrap_or_else(|e| panic!("{e}"));
    for (i, mv) in log.iter().enumerate() {
        if let Err(e) = r.apply_move(mv) {
            panic!("move {i} refused on replay: {e}");
        }
    }
    assert!(r.is_over());
    assert_eq!(r.scores, s.scores);
    assert_eq!(r.history, s.history);
    assert_eq!(r.breakdown, s.breakdown);
    // The same moves on another seed's pile go wrong at some point, with a reason.
    let (mut other, _) = State::new(4, 32, opts()).unwrap_or_else(|e| panic!("{e}"));
    let refused = log.iter().find_map(|mv| other.apply_move(mv).err());
    assert!(refused.is_some(), "a different pile accepted every move");
}
