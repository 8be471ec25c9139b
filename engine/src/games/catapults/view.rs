//! What Catapults shows: the table to draw (`Draw`) and the status text (`StatusText`).

use super::*;
use crate::core::event::EventKind;
use crate::core::game::prelude::*;

impl Draw for Catapults {
    fn view(&self) -> TableView {
        let viewer = self.viewer();
        let setup = self.setup(viewer, self.state.cube_to_flick());
        let scene = table::scene(&setup, table::DEFAULT_FULCRUM);
        let mirror = scene.pieces.mirror;
        let mut v = table::frame(mirror, &self.names(), &setup.ends);
        v.bodies = crate::physics::rest_view(&scene.specs);
        // A marker over each cube in play showing what it scores now.
        for (s, _, x, y, a) in self.state.on_table() {
            let pts = layout::cube_points(self.state.end(s), x, y, a);
            v.labels.push((
                x as f32 * mirror / 1000.0,
                y as f32 / 1000.0 + 0.012,
                format!("{pts}"),
            ));
        }
        v
    }

    /// The scoring tiles the side view cuts, nearest the lever first: "the near 1-point tile",
    /// "the 5-point tile in the middle", "Ada's 2-point tile".
    fn aim_places(&self) -> Vec<crate::core::AimPlace> {
        let Some(from) = self.launch_prompt().map(|p| p.origin[0]) else {
            return Vec::new();
        };
        let viewer = self.viewer();
        let setup = self.setup(viewer, self.state.cube_to_flick());
        let mirror = table::scene(&setup, table::DEFAULT_FULCRUM).pieces.mirror;
        let names = self.names();
        let mut places: Vec<crate::core::AimPlace> = layout::ZONES
            .iter()
            .map(|z| {
                let x = (z.x0 + z.x1) as f32 / 2000.0 * mirror;
                let words = match z.kind {
                    layout::ZoneKind::Centre => "the 5-point tile in the middle".to_string(),
                    layout::ZoneKind::Ring => "1-point tile".to_string(),
                    layout::ZoneKind::Side(e) => {
                        let who: Vec<&str> = names
                            .iter()
                            .enumerate()
                            .filter(|(s, _)| setup.ends.get(*s) == Some(&e))
                            .map(|(_, n)| n.as_str())
                            .collect();
                        format!("{}'s 2-point tile", who.join(" and "))
                    }
                };
                crate::core::AimPlace {
                    x,
                    y: z.y1 as f32 / 1000.0,
                    half_width: (z.x1 - z.x0).abs() as f32 / 2000.0,
                    words,
                }
            })
            .collect();
        places = crate::core::aim_place::nearest_first(places, from);
        // The two ring tiles the view cuts: the near one and the far one.
        let mut ring = ["the near ", "the far "].iter();
        for p in places.iter_mut().filter(|p| p.words == "1-point tile") {
            p.words = format!("{}{}", ring.next().unwrap_or(&"a "), p.words);
        }
        places
    }

    fn score_history(&self) -> Vec<Vec<i64>> {
        self.state
            .history
            .iter()
            .map(|r| r.totals.clone())
            .collect()
    }

    fn score_goal(&self) -> Option<i64> {
        Some(rules::WIN_POINTS)
    }

    fn aim_bounds(&self) -> Option<[f32; 4]> {
        self.state.turn()?;
        Some(aim_bounds())
    }

    /// A cube out of play goes back to its owner's supply (the event names owner and index).
    fn taken_off(&self, event: &Event) -> Option<u32> {
        if event.kind != rules::events::Ev::CubeReturned.name() {
            return None;
        }
        let owner = usize::try_from(*event.args.first()?).ok()?;
        let index = usize::try_from(*event.args.get(1)?).ok()?;
        Some(table::cube_piece(owner, index))
    }
}

impl StatusText for Catapults {
    fn hud(&self) -> Vec<String> {
        let st = &self.state;
        let mut lines = Vec::new();
        match (st.turn(), st.cube_to_flick()) {
            (Some(s), Some(c)) => lines.push(format!(
                "Round {} · {} flicks cube {} of {} · the tiles next to your end score 2",
                st.round,
                self.name(s),
                c + 1,
                rules::CUBES,
            )),
            _ => lines.push(match rules::winner(&st.totals) {
                Some(w) => format!(
                    "Game over: {} wins with {} points",
                    self.name(w),
                    st.totals[w]
                ),
                None => "Game over".to_string(),
            }),
        }
        let order: Vec<String> = st.order.iter().map(|&s| self.name(s)).collect();
        lines.push(format!("Order this round: {}", order.join(" → ")));
        let at = |e: usize| -> String {
            let who: Vec<String> = (0..st.players)
                .filter(|&s| st.end(s) == e)
                .map(|s| self.name(s))
                .collect();
            who.join(", ")
        };
        let mine = self.viewer();
        let near = st.end(mine);
        lines.push(format!(
            "Near end (drawn on the left, the tiles there score 2 for them): {} · far end: {}",
            at(near),
            at(1 - near)
        ));
        let zone = st.zone_points();
        for (s, (total, on_tiles)) in st.totals.iter().zip(&zone).enumerate() {
            let (ready, on, back) = st.supply(s);
            lines.push(format!(
                "{}: {total} points · {on_tiles} on the tiles now · cubes: {ready} to flick, {on} on the table, {back} back in supply",
                self.name(s),
            ));
        }
        lines.push(format!(
            "First to {} with a lead of {} wins",
            rules::WIN_POINTS,
            rules::WIN_LEAD
        ));
        if !st.history.is_empty() {
            let rounds: Vec<String> = st
                .history
                .iter()
                .map(|r| {
                    let t: Vec<String> = r.totals.iter().map(|t| t.to_string()).collect();
                    format!("after round {}: {}", r.round, t.join(", "))
                })
                .collect();
            lines.push(format!("Totals {}", rounds.join(" · ")));
        }
        lines
    }

    fn status(&self) -> Vec<StatusItem> {
        let st = &self.state;
        let (Some(seat), Some(cube)) = (st.turn(), st.cube_to_flick()) else {
            return status::game_over(&self.ranking(), &self.names());
        };
        let mut out = vec![
            StatusItem::new(Icon::Round, format!("Round {}", st.round)),
            StatusItem::new(Icon::Cube, format!("{} of {}", cube + 1, rules::CUBES)),
            StatusItem::count(Icon::Points, st.totals.get(seat).copied().unwrap_or(0)),
        ];
        let on_tiles = st.zone_points().get(seat).copied().unwrap_or(0);
        if on_tiles > 0 {
            out.push(StatusItem::new(
                Icon::None,
                format!("{on_tiles} on the tiles now"),
            ));
        }
        out.push(StatusItem::new(
            Icon::None,
            format!("First to {}", rules::WIN_POINTS),
        ));
        out
    }
}
