//! What the practice game shows: the table to draw (`Draw`) and the status text (`StatusText`).

use super::*;
use crate::core::game::prelude::*;

impl Draw for Practice {
    fn scene(&self) -> Scene {
        match self.tiling() {
            Some(t) => Scene::Map(self.map(t)),
            None => Scene::Side(self.view()),
        }
    }

    fn view(&self) -> TableView {
        let (t, _) = self.build();
        let mut v = self.frame();
        v.bodies = t.views();
        for m in &self.markers {
            v.bodies.push(BodyView {
                shape: BodyShape::Rect { hw: 0.03, hh: 0.01 },
                x: m[0] as f32 / 1000.0,
                y: m[1] as f32 / 1000.0,
                angle: m[2] as f32 * core::f32::consts::PI / 1800.0,
                rgb: [60, 160, 60],
                tag: 4,
                look: crate::core::Look::Plain,
                owner: None,
                piece: 0,
            });
        }
        v
    }
}

impl StatusText for Practice {
    fn hud(&self) -> Vec<String> {
        if let Some(t) = self.tiling() {
            let line = if t.marking.is_some() {
                "Put a marker on the road (1 point) or the field, or keep it".to_string()
            } else {
                format!(
                    "Lay your {}: every edge it touches must match",
                    tiles::KINDS[t.hand()].name
                )
            };
            return vec![line];
        }
        vec![format!(
            "Shots left: {}",
            self.left.get(self.turn).copied().unwrap_or(0)
        )]
    }
}
