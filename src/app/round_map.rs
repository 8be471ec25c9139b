//! Carcassonne's catapult round seen over the map: while a token is hurled, the table area is
//! split, the map from above in a band on top and the side view under it. The map is turned so
//! the hurl runs left to right at the side view's own scale, each point of the line straight
//! over the same point of the side view: the tiles and followers the line crosses, the
//! catapult, the point aimed at, the token's shadow as it flies and, once it lies still, where
//! it landed. After the hurl the landing stays marked on the map for a few seconds. Drawing
//! only: the rules never read any of it (`Game::line_on_map` is view data).

use super::frame::{Area, Frame};
use engine::core::scene::LineOnMap;
use macroquad::prelude::*;

/// How long the landing stays marked on the map after the hurl, seconds.
pub(crate) const REST_SHOWN: f64 = 4.0;

/// The round's drawing state.
#[derive(Default)]
pub(crate) struct RoundMap {
    /// The hurl's line on the map, while one is shown (kept to place the landing after it).
    pub(crate) line: Option<LineOnMap>,
    /// The token's last positions along the line (metres) in this flight.
    pub(crate) trail: Vec<f32>,
    /// Where the last token came to rest (map units) and when (seconds).
    pub(crate) rest: Option<([f32; 2], f64)>,
    /// The band is up this frame: the side view under it shows the whole hurl (the catapult,
    /// the tiles along the line and the flight over them), not a turn's close framing.
    pub(crate) showing: bool,
}

impl RoundMap {
    pub(crate) fn showing(&self) -> bool {
        self.showing
    }
}

/// The band on top of the table area for the map and the rest for the side view.
pub(crate) fn split(ta: Area) -> (Area, Area) {
    let share = if ta.h > ta.w { 0.42 } else { 0.4 };
    let bh = (ta.h * share).floor();
    (
        Area::new(ta.x, ta.y, ta.w, bh),
        Area::new(ta.x, ta.y + bh, ta.w, ta.h - bh),
    )
}

/// A map point on the screen: along the line at the side view's x, across it up the band
/// (left of the hurl is up), at the side view's scale, the line through the band's middle.
pub(crate) fn aligned(line: &LineOnMap, f: &Frame, mid_y: f32, p: [f32; 2]) -> Vec2 {
    let (along, across) = along_across(line, p);
    vec2(f.ox + along * f.scale, mid_y - across * f.scale)
}

/// A map point's distance along the line and to its left, metres of the side view.
pub(crate) fn along_across(line: &LineOnMap, p: [f32; 2]) -> (f32, f32) {
    let (dx, dy) = (p[0] - line.from[0], p[1] - line.from[1]);
    let per = line.per_metre.max(1e-6);
    (
        (dx * line.dir[0] + dy * line.dir[1]) / per,
        (dy * line.dir[0] - dx * line.dir[1]) / per,
    )
}

/// The band's own frame (only `ox` and `scale` are used, along the line): the side view's when
/// the map is big enough at its scale, else the line from the catapult to the last tile along
/// it (at least a tile and a half past the point aimed at) fitted across the band (early in a
/// game, or on a phone held upright, the side view's scale left tiles a few pixels wide): the
/// map is then larger than the side view and no longer over it point for point.
pub(crate) fn band_frame(line: &LineOnMap, f: &Frame, band: Area) -> Frame {
    let tile = 1.0 / line.per_metre.max(1e-6);
    let (aim, _) = along_across(line, line.aim);
    // As far as the tiles along the line go (a token may land past the point aimed at).
    let tiles = line.map.tiles.iter().filter_map(|t| {
        let (a, c) = along_across(line, [t.cell[0] as f32 + 0.5, t.cell[1] as f32 + 0.5]);
        (c.abs() < 1.2 * tile).then_some(a + 0.8 * tile)
    });
    let far = tiles.fold(aim.max(0.0) + 1.5 * tile, f32::max);
    let behind = 2.0 * tile;
    let fit = band.w * 0.92 / (behind + far);
    if fit > f.scale * 1.3 {
        Frame {
            scale: fit,
            ox: band.x + band.w * 0.04 + behind * fit,
            oy: f.oy,
        }
    } else {
        *f
    }
}

/// The token lies still: its last positions along the line (metres) moved under 2 mm.
pub(crate) fn at_rest(trail: &[f32]) -> bool {
    trail.len() >= 6 && {
        let last = &trail[trail.len() - 6..];
        let (lo, hi) = last
            .iter()
            .fold((f32::MAX, f32::MIN), |(a, b), x| (a.min(*x), b.max(*x)));
        hi - lo < 0.002
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line() -> LineOnMap {
        LineOnMap {
            from: [2.0, -1.0],
            dir: [0.6, 0.8],
            per_metre: 1000.0 / 45.0,
            ..LineOnMap::default()
        }
    }

    #[test]
    fn the_map_lies_over_the_side_view_point_for_point() {
        let l = line();
        let f = Frame {
            scale: 500.0,
            ox: 100.0,
            oy: 600.0,
        };
        let mid = 150.0;
        // The catapult is over the side view's x = 0, a metre along over x = 1.
        let c = aligned(&l, &f, mid, l.from);
        assert!((c.x - 100.0).abs() < 1e-3 && (c.y - mid).abs() < 1e-3);
        let p = aligned(&l, &f, mid, l.at(1.0));
        assert!(
            (p.x - 600.0).abs() < 1e-2 && (p.y - mid).abs() < 1e-2,
            "{p}"
        );
        // Left of the hurl is up the band, at the same scale.
        let left = [
            l.from[0] - l.dir[1] * l.per_metre * 0.1,
            l.from[1] + l.dir[0] * l.per_metre * 0.1,
        ];
        let q = aligned(&l, &f, mid, left);
        assert!(
            (q.x - 100.0).abs() < 1e-2 && (q.y - (mid - 50.0)).abs() < 1e-2,
            "{q}"
        );
    }

    #[test]
    fn upright_the_band_zooms_on_the_line_and_keeps_it_in_the_band() {
        let mut l = line();
        l.aim = l.at(0.3);
        let band = Area::new(0.0, 100.0, 390.0, 250.0);
        // The side view's scale leaves a tile 14 px wide: the band fits the line instead.
        let side = Frame {
            scale: 320.0,
            ox: 120.0,
            oy: 700.0,
        };
        let b = band_frame(&l, &side, band);
        assert!(b.scale > side.scale * 1.3, "{}", b.scale);
        let (c, a) = (
            aligned(&l, &b, 225.0, l.from),
            aligned(&l, &b, 225.0, l.aim),
        );
        assert!(
            c.x > band.x && a.x < band.x + band.w && a.x > c.x,
            "{c} {a}"
        );
        // At a tablet's scale, aimed far, the band is the side view's, point for point.
        l.aim = l.at(1.2);
        let wide = Frame {
            scale: 1000.0,
            ox: 450.0,
            oy: 700.0,
        };
        assert_eq!(
            band_frame(&l, &wide, Area::new(0.0, 100.0, 1180.0, 220.0)),
            wide
        );
    }

    #[test]
    fn the_band_sits_on_top_and_the_side_view_keeps_the_rest() {
        for ta in [
            Area::new(0.0, 120.0, 1180.0, 560.0),
            Area::new(0.0, 150.0, 390.0, 600.0),
        ] {
            let (band, side) = split(ta);
            assert_eq!(band.y, ta.y);
            assert!((band.h + side.h - ta.h).abs() < 1e-3);
            assert_eq!(side.y, band.y + band.h);
            assert!(side.h > band.h, "the side view keeps the larger part");
        }
    }

    #[test]
    fn a_token_is_at_rest_once_it_stops_moving() {
        assert!(!at_rest(&[0.1, 0.2]));
        assert!(!at_rest(&[0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]));
        assert!(at_rest(&[0.1, 0.9, 1.0, 1.0, 1.001, 1.001, 1.001, 1.001]));
    }
}
