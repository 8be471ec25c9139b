//! Carcassonne rules scenarios: tile data, placement, features, followers, scoring, turn flow.
//! Layouts are built by stacking the pile (`State::with_pile`) and playing real actions.

use catapult_table::games::carcassonne::rules::{
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
