//! What Carcassonne shows: the table to draw (`Draw`) and the status text (`StatusText`).

use super::*;
use crate::core::game::prelude::*;
use crate::core::game::RulesState;

impl Draw for Carcassonne {
    fn view(&self) -> TableView {
        table::rest_table(&self.state, &self.seats)
    }

    /// The map, but the side view while a token is hurled or a hand held out.
    fn scene(&self) -> Scene {
        match self.state.round().map(|r| r.step) {
            Some(Step::Hurl | Step::Hand) => Scene::Side(self.view()),
            _ => Scene::Map(self.map()),
        }
    }

    /// While a token is hurled: the other players' followers the side view shows, nearest the
    /// catapult first ("Ben's follower 2"), and in a Catch the measuring board; none on the map.
    fn aim_places(&self) -> Vec<crate::core::AimPlace> {
        use crate::core::aim_place::owned_pieces;
        use crate::core::{BodyShape, Look};
        let (Some(prompt), Scene::Side(view)) = (self.launch_prompt(), self.scene()) else {
            return Vec::new();
        };
        let from = prompt.origin[0];
        let mut places = owned_pieces(
            &view,
            &self.seats,
            self.turn(),
            Look::Figure,
            "follower",
            from,
        );
        if self.state.round().and_then(|r| r.token) == Some(Token::Catch) {
            for b in view.bodies.iter().filter(|b| b.look == Look::Mat) {
                if let BodyShape::Rect { hw, hh } = b.shape {
                    places.push(crate::core::AimPlace {
                        x: b.x,
                        y: b.y + hh,
                        half_width: hw,
                        words: "the measuring board".to_string(),
                    });
                }
            }
        }
        places
    }

    /// While a token is hurled over the map (not a Catch): the map from above and the hurl's
    /// line across it, with the round's earlier rests and, for Target hurling, the fair tile.
    fn line_on_map(&self) -> Option<crate::core::scene::LineOnMap> {
        let s = &self.state;
        let r = s.round()?;
        if r.step != Step::Hurl || r.token == Some(Token::Catch) {
            return None;
        }
        let line = table::line_of(s)?;
        let unit = rules::catapult::TILE_MM as f32;
        let map_pt = |p: [i64; 2]| [p[0] as f32 / unit, p[1] as f32 / unit];
        let mut map = self.map();
        map.spots.clear();
        map.legal.clear();
        map.in_hand = None;
        let from = [line.from[0] / unit, line.from[1] / unit];
        // The catapult stands off the map: frame it with the tiles.
        let [x0, y0, x1, y1] = map.bounds;
        map.bounds = [
            x0.min(from[0] - 0.5),
            y0.min(from[1] - 0.5),
            x1.max(from[0] + 0.5),
            y1.max(from[1] + 0.5),
        ];
        let target = (r.token == Some(Token::Target))
            .then(|| s.tile_centre_mm(r.fair_tile).map(map_pt))
            .flatten();
        Some(crate::core::scene::LineOnMap {
            map,
            from,
            dir: line.dir,
            per_metre: 1000.0 / unit,
            aim: r.aim.map(map_pt).unwrap_or(from),
            rests: r.rests.iter().flatten().map(|p| map_pt(*p)).collect(),
            target,
            flier_tag: table::TAG_TOKEN,
        })
    }

    /// A follower knocked out goes back to its owner (the event names its tile and spot).
    fn taken_off(&self, event: &crate::core::Event) -> Option<u32> {
        let knocked = rules::events::EventKind::KnockedOut {
            tile: 0,
            spot: 0,
            chained: false,
        };
        if event.kind != rules::events::Event::new(None, knocked).name() {
            return None;
        }
        let tile = u16::try_from(*event.args.first()?).ok()?;
        let spot = u8::try_from(*event.args.get(1)?).ok()?;
        Some(table::follower_piece(tile, spot))
    }

    /// The scores after each completed round (every player laid a tile), and the final scores.
    fn score_history(&self) -> Vec<Vec<i64>> {
        let s = &self.state;
        let mut rows: Vec<Vec<i64>> = s
            .history
            .iter()
            .enumerate()
            .skip(1)
            .filter(|(i, _)| i % s.seats == 0)
            .map(|(_, r)| r.clone())
            .collect();
        if s.is_over() {
            if let Some(last) = s.history.last() {
                if rows.last() != Some(last) {
                    rows.push(last.clone());
                }
            }
        }
        rows
    }
}

impl StatusText for Carcassonne {
    fn hud(&self) -> Vec<String> {
        let s = &self.state;
        let mut lines = vec![format!("Tiles left: {}", s.pile_len())];
        if let Some(seat) = s.turn() {
            let n = s.supply.get(seat).copied().unwrap_or(0);
            lines.push(format!(
                "{}: {} point{}, {} follower{} in hand",
                self.name(seat),
                s.scores.get(seat).copied().unwrap_or(0),
                if s.scores.get(seat) == Some(&1) {
                    ""
                } else {
                    "s"
                },
                n,
                if n == 1 { "" } else { "s" }
            ));
            if let Some(r) = s.round() {
                let hurler = self.name(r.hurler());
                lines.push(match (r.token, r.step) {
                    (None, _) => format!("Catapult round: {hurler} chooses the token"),
                    (Some(Token::Catch), _) => {
                        format!("Catch: {hurler} hurls, {} catches", self.name(r.catcher()))
                    }
                    (Some(t), _) => format!(
                        "{}: {hurler} hurls ({} of {})",
                        t.word(),
                        r.next + 1,
                        r.order.len()
                    ),
                });
            }
        } else {
            for seat in 0..s.seats {
                let b = s.breakdown.get(seat).copied().unwrap_or([0; 4]);
                let mut line = format!(
                    "{}: roads {}, cities {}, cloisters {}, fields {}",
                    self.name(seat),
                    b[0],
                    b[1],
                    b[2],
                    b[3]
                );
                if s.options.catapult {
                    let c = s.catapult_points.get(seat).copied().unwrap_or(0);
                    line.push_str(&format!(", catapult {c}"));
                }
                lines.push(line);
            }
        }
        lines
    }

    fn status(&self) -> Vec<StatusItem> {
        let s = &self.state;
        let Some(seat) = s.turn() else {
            return status::game_over(&self.ranking(), &self.names());
        };
        let mut out = vec![StatusItem::next(self.phase())];
        if let Some(r) = s.round() {
            if r.token.is_some() && r.token != Some(Token::Catch) {
                out.push(StatusItem::new(
                    Icon::Round,
                    format!("Hurl {} of {}", r.next + 1, r.order.len()),
                ));
            }
        }
        out.push(StatusItem::count(Icon::Tile, s.pile_len()));
        out.push(StatusItem::count(
            Icon::Follower,
            s.supply.get(seat).copied().unwrap_or(0),
        ));
        out.push(StatusItem::count(
            Icon::Points,
            s.scores.get(seat).copied().unwrap_or(0),
        ));
        out
    }
}

/// Sides of a tile as a player reads them, top, left, right, bottom ("at the top", "at the left
/// and right", "all round"), from a 4-bit set of edges (north 1, east 2, south 4, west 8).
pub fn sides_words(edges: u8) -> String {
    const READ: [(u8, &str); 4] = [(0, "top"), (3, "left"), (1, "right"), (2, "bottom")];
    let names: Vec<&str> = READ
        .iter()
        .filter(|(e, _)| edges & (1 << e) != 0)
        .map(|(_, w)| *w)
        .collect();
    match names.len() {
        0 => String::new(),
        4 => "all round".to_string(),
        1 => format!("at the {}", names[0]),
        n => format!("at the {} and {}", names[..n - 1].join(", "), names[n - 1]),
    }
}

impl Carcassonne {
    /// Follower spot `spot` of placed tile `p` in words: its feature, the sides of the tile it
    /// reaches and how the feature stands ("the city at the top (2 tiles, open)", "the
    /// cloister (5 of the 8 tiles round it)", "the field at the bottom (3 tiles, next to 1
    /// city)").
    pub(crate) fn spot_words(&self, p: &rules::Placed, spot: u8) -> String {
        use rules::tiles::{rotate_edges, rotate_halves};
        let s = &self.state;
        let Some(seg) = s.catalog().kind(p.kind).segments.get(spot as usize) else {
            return "a spot".to_string();
        };
        let sides = match seg.kind {
            FeatureKind::City | FeatureKind::Road => rotate_edges(seg.edges, p.rot),
            FeatureKind::Field => {
                let halves = rotate_halves(seg.edges, p.rot);
                (0..4u8)
                    .filter(|e| halves & (0b11 << (2 * e)) != 0)
                    .fold(0, |m, e| m | (1 << e))
            }
            FeatureKind::Cloister => 0,
        };
        let g = rules::Features::seg_of(p, spot);
        let f = s.features.feature(g);
        let tiles = f.tiles.len();
        let count = format!("{tiles} tile{}", if tiles == 1 { "" } else { "s" });
        let how = match seg.kind {
            FeatureKind::City | FeatureKind::Road => {
                let state = if s.features.is_complete(&s.map, g) {
                    "finished"
                } else {
                    "open"
                };
                format!("{count}, {state}")
            }
            FeatureKind::Cloister => format!(
                "{} of the 8 tiles round it",
                s.features.cloister_neighbours(&s.map, g)
            ),
            FeatureKind::Field => {
                let mut cities: Vec<u32> = f.cities.iter().map(|c| s.features.find(*c)).collect();
                crate::core::order::sort(&mut cities);
                cities.dedup();
                let cities = match cities.len() {
                    0 => "no city".to_string(),
                    1 => "1 city".to_string(),
                    n => format!("{n} cities"),
                };
                format!("{count}, next to {cities}")
            }
        };
        let at = sides_words(sides);
        let at = if at.is_empty() {
            String::new()
        } else {
            format!(" {at}")
        };
        format!("the {}{at} ({how})", seg.kind.word())
    }
}

#[cfg(test)]
mod words_tests {
    use super::*;

    #[test]
    fn every_tile_and_follower_spot_of_a_whole_game_is_said_in_words() {
        use crate::core::seat::{default_seats, SeatKind};
        let mut g = Carcassonne::new(&["no_catapult".into()], default_seats(2, SeatKind::Bot), 8)
            .unwrap_or_else(|e| panic!("{e}"));
        let mut heard: Vec<String> = Vec::new();
        while g.turn().is_some() {
            let Scene::Map(map) = g.scene() else {
                panic!("Carcassonne is always a map");
            };
            for art in &map.arts {
                assert_eq!(art.edges.len(), 4, "every tile says its four sides");
                assert!(art
                    .edges
                    .iter()
                    .all(|e| ["city", "road", "field"].contains(&e.as_str())));
            }
            for s in &map.spots {
                assert!(s.words.starts_with("Follower on the "), "{}", s.words);
                assert!(s.words.ends_with(')'), "{}", s.words);
                heard.push(s.words.clone());
            }
            let mv = g
                .bot_move(super::super::bot::Level::Normal, 1)
                .unwrap_or_else(|| panic!("no bot move"));
            g.apply(&mv).unwrap_or_else(|e| panic!("{mv:?}: {e}"));
        }
        let any = |pat: &str| heard.iter().any(|w| w.contains(pat));
        assert!(
            any("tiles, open)") && any("of the 8 tiles round it)"),
            "{heard:?}"
        );
        assert!(any("Follower on the road at the ") && any("Follower on the city at the "));
        assert!(
            any("Follower on the field ") && any(", next to no city)"),
            "{heard:?}"
        );
        assert!(!any("next to 0"), "no figure where a word reads better");
        assert!(
            g.map().arts.iter().any(|a| a.middle == "a cloister"),
            "cloisters are said in the middle"
        );
    }

    #[test]
    fn sides_are_read_top_left_right_bottom() {
        assert_eq!(sides_words(0b0001), "at the top");
        assert_eq!(sides_words(0b1010), "at the left and right");
        assert_eq!(sides_words(0b0111), "at the top, right and bottom");
        assert_eq!(sides_words(0b1111), "all round");
        assert_eq!(sides_words(0), "");
    }
}
