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
