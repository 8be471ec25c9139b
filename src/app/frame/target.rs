//! The target view (window-free): while a person aims in a game whose target is small on screen
//! (Castle's 7.8 cm cups a metre from the catapult, Catapults' 3 cm box walls), a framed inset
//! in the empty sky shows the target a second time, zoomed, with the predicted dots. The main
//! view keeps the shooter and the target together (`turn_bounds`); the inset gives the target
//! the size the width cannot.

use super::{Area, Frame};

/// Of the inset's height: the tabletop under the target, and the target itself (the rest is
/// headroom over it, where the dots come down).
const BELOW: f32 = 0.1;
const FILL: f32 = 0.74;
/// The inset's width, as multiples of its height, at least and at most.
const LEAST_ASPECT: f32 = 1.3;
const MOST_ASPECT: f32 = 1.7;
/// The inset takes at most this share of the table area's width and height.
const MOST_W: f32 = 0.42;
const MOST_H: f32 = 0.5;
/// It is drawn only when it shows the target at least this many times larger than the main
/// view does, and at least `LEAST_H` of the table area's height tall.
const LEAST_GAIN: f32 = 1.5;
const LEAST_H: f32 = 0.2;

/// Where the inset can go and what it shows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sky {
    /// The table's area on screen.
    pub table: Area,
    /// The screen height of the tallest piece in sight: the inset stays above it.
    pub floor: f32,
    /// The screen x-range kept clear: the launcher, a full pull round it and its words.
    pub clear: [f32; 2],
    /// A margin, pixels (one of the screen's units): one over the inset, two under it.
    pub margin: f32,
    /// The target is out of the main view (the camera close on the shooter, issue #55): the
    /// inset shows it whatever its gain, at the side it lies on.
    pub out_of_view: bool,
}

/// The inset: where it is on screen, the frame it draws the table with, and the target's
/// height in it (pixels).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TargetView {
    pub area: Area,
    pub frame: Frame,
    pub target_px: f32,
}

/// The inset for the `target` (world box: [x0, y0, x1, top], metres, y0 the table's top edge)
/// seen by the main view `main`, in the `sky` left free; None when there is no room for it to
/// show the target `LEAST_GAIN` times larger (a phone on its side, a screen held upright, a
/// target already large), or the input is broken.
#[inline(never)]
pub fn target_view(target: [f32; 4], main: &Frame, sky: Sky) -> Option<TargetView> {
    let ok = target.iter().all(|v| v.is_finite()) && main.scale.is_finite();
    let (t, m) = (sky.table, sky.margin.max(0.0));
    let th = target[3] - target[1];
    if !ok || th <= 0.0 || t.w < 1.0 || t.h < 1.0 || t.h > t.w {
        return None;
    }
    // A margin over it, two under it (room for its pointer down to the target).
    let h = (sky.floor - 2.0 * m - (t.y + m)).min(MOST_H * t.h);
    let target_px = FILL * h;
    let gain_ok = sky.out_of_view || target_px >= LEAST_GAIN * th * main.scale;
    if h < LEAST_H * t.h || !gain_ok {
        return None;
    }
    let scale = target_px / th;
    let tw = (target[2] - target[0]).max(0.0) * scale;
    let w = (tw + 2.0 * th * scale)
        .clamp(LEAST_ASPECT * h, MOST_ASPECT * h)
        .min(MOST_W * t.w);
    // Over the target, inside the table's area, off the launcher's room.
    let (tx, _) = main.to_screen((target[0] + target[2]) * 0.5, 0.0);
    let (lo, hi) = (t.x + m, t.x + t.w - m - w);
    if hi < lo {
        return None;
    }
    let mut x = (tx - w * 0.5).clamp(lo, hi);
    let [c0, c1] = sky.clear;
    if x < c1 + m && x + w > c0 - m {
        // Beside the launcher's room, on the target's side.
        x = if tx >= (c0 + c1) * 0.5 {
            c1 + m
        } else {
            c0 - m - w
        };
        if x < lo - 0.5 || x > hi + 0.5 {
            return None;
        }
    }
    let area = Area::new(x, t.y + m, w, h);
    let cx = (target[0] + target[2]) * 0.5;
    let (ww, wh) = (w / scale, h / scale);
    let bottom = target[1] - BELOW * wh;
    let frame = Frame::fit([cx - ww * 0.5, bottom, cx + ww * 0.5, bottom + wh], area);
    Some(TargetView {
        area,
        frame,
        target_px,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Castle at 1180x820: the next mat's nearest cup (7.8 cm) spans 13% of the play area's
    /// height in the main view; the inset in the sky shows it over a quarter of it.
    #[test]
    fn castle_s_cup_is_shown_large_in_the_sky_beside_the_launcher_s_room() {
        let table = Area::new(0.0, 158.0, 1180.0, 562.0);
        let main = Frame {
            scale: 960.0,
            ox: -200.0,
            oy: 466.0,
        };
        let sky = Sky {
            table,
            // The cups' tops, 7.8 cm over the edge.
            floor: 466.0 - 0.078 * 960.0,
            clear: [0.0, 470.0],
            margin: 8.2,
            out_of_view: false,
        };
        let cup = [1.06, 0.0, 1.128, 0.078];
        let v = target_view(cup, &main, sky).expect("room in the sky");
        assert!(v.target_px / table.h >= 0.25, "{v:?}");
        assert!(
            v.area.y >= table.y && v.area.y + v.area.h <= sky.floor,
            "{v:?}"
        );
        assert!(v.area.x >= 470.0 && v.area.x + v.area.w <= 1180.0, "{v:?}");
        // The cup's top and foot in the inset are `target_px` apart, inside it.
        let (_, foot) = v.frame.to_screen(1.09, 0.0);
        let (_, top) = v.frame.to_screen(1.09, 0.078);
        assert!((foot - top - v.target_px).abs() < 0.5);
        assert!(top > v.area.y && foot < v.area.y + v.area.h);
    }

    /// No room: a phone on its side (the sky a third of 270 px, the cup a quarter of it
    /// already), a phone held upright, a target the main view already shows large, broken input.
    #[test]
    fn no_inset_without_room_or_gain() {
        let main = Frame {
            scale: 500.0,
            ox: 0.0,
            oy: 300.0,
        };
        let sky = |table: Area, floor: f32| Sky {
            table,
            floor,
            clear: [0.0, 100.0],
            margin: 4.0,
            out_of_view: false,
        };
        let cup = [1.0, 0.0, 1.07, 0.078];
        let phone = Area::new(0.0, 60.0, 844.0, 270.0);
        let close = Frame {
            scale: 0.25 * 270.0 / 0.078,
            ..main
        };
        assert_eq!(target_view(cup, &close, sky(phone, 150.0)), None);
        let upright = Area::new(0.0, 100.0, 390.0, 600.0);
        assert_eq!(target_view(cup, &main, sky(upright, 500.0)), None);
        let big = [1.0, 0.0, 1.2, 0.3];
        let tablet = Area::new(0.0, 150.0, 1180.0, 560.0);
        assert_eq!(
            target_view(big, &main, sky(tablet, 150.0 + 0.33 * 560.0)),
            None
        );
        let broken = [f32::NAN, 0.0, 1.0, 0.1];
        assert_eq!(target_view(broken, &main, sky(tablet, 400.0)), None);
        // Out of the main view (the camera close on the shooter), a target it would show large
        // enough is shown in the inset all the same, at the side it lies on.
        let beyond = [3.0, 0.0, 3.07, 0.078];
        let out = Sky {
            out_of_view: true,
            ..sky(tablet, 150.0 + 0.6 * 560.0)
        };
        let v = target_view(beyond, &close, out).expect("shown out of view");
        assert!(v.area.x + v.area.w > 1100.0, "{v:?}");
    }
}
