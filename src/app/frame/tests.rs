//! Framing's tests: fit, side views, a turn's framing, close-ups, the player's zoom.

use super::*;

fn block(x: f32, y: f32, hw: f32, hh: f32) -> engine::core::BodyView {
    engine::core::BodyView {
        shape: engine::core::BodyShape::Rect { hw, hh },
        x,
        y,
        angle: 0.0,
        rgb: [0, 0, 0],
        tag: 0,
        look: engine::core::Look::Wood,
        owner: None,
        piece: 0,
    }
}

#[test]
fn a_turn_is_framed_launcher_to_target_with_the_table_low_and_room_to_pull() {
    // A launcher at x 0 shooting right at a castle 1.5-1.9 m away, on a 6 m table.
    let view = engine::core::TableView {
        bodies: vec![block(1.7, 0.1, 0.2, 0.1), block(1.7, 0.25, 0.05, 0.05)],
        bounds: [-3.0, -0.3, 3.0, 2.0],
        labels: Vec::new(),
    };
    let area = Area::new(0.0, 100.0, 1200.0, 560.0);
    let shot = TurnShot {
        launcher: [0.0, 0.05],
        facing: 1,
        pull: 0.3,
    };
    let b = turn_bounds(&view, view.bounds, shot, area);
    let f = Frame::fit(b, area);
    // The bounds have the area's aspect: they fill it exactly.
    let (x0, y0) = f.to_screen(b[0], b[3]);
    let (x1, y1) = f.to_screen(b[2], b[1]);
    assert!(
        (x0 - area.x).abs() < 0.5 && (x1 - area.x - area.w).abs() < 0.5,
        "{b:?}"
    );
    assert!(
        (y0 - area.y).abs() < 0.5 && (y1 - area.y - area.h).abs() < 0.5,
        "{b:?}"
    );
    // The table's top edge low, the sky over the castle at most `MAX_SKY`.
    table_low(&f, area, 0.3);
    // Launcher to the castle's far side across most of the width, a full pull behind it.
    let (lx, _) = f.to_screen(0.0, 0.0);
    let (cx, _) = f.to_screen(1.9, 0.0);
    assert!((cx - lx) / area.w > 0.6, "{lx} {cx}");
    assert!(lx - area.x >= 0.3 * area.h * 0.85 - 0.5, "{lx}");
    // A tall tower is kept under the headroom, at the cost of width.
    let tall = engine::core::TableView {
        bodies: vec![block(1.7, 1.0, 0.05, 1.0)],
        ..view.clone()
    };
    let f = Frame::fit(turn_bounds(&tall, tall.bounds, shot, area), area);
    let (_, top_of_tower) = f.to_screen(1.7, 2.0);
    assert!(
        top_of_tower >= area.y + area.h * TURN_HEADROOM - 0.5,
        "{top_of_tower}"
    );
    // Broken input leaves the bounds alone.
    let broken = TurnShot {
        launcher: [f32::NAN, 0.0],
        ..shot
    };
    assert_eq!(turn_bounds(&view, view.bounds, broken, area), view.bounds);
}

#[test]
fn upright_a_flat_full_pull_stays_on_the_screen() {
    // Castle-like: a launcher shooting right at a castle 2.5 m away, on a phone held upright.
    let view = engine::core::TableView {
        bodies: vec![block(2.5, 0.1, 0.2, 0.1)],
        bounds: [-3.0, -0.3, 3.0, 2.0],
        labels: Vec::new(),
    };
    let area = Area::new(8.0, 150.0, 374.0, 560.0);
    for facing in [1i8, -1] {
        let launcher = [f32::from(-facing) * 0.3, 0.05];
        let mut v = view.clone();
        v.bodies[0].x *= f32::from(facing);
        let shot = TurnShot {
            launcher,
            facing,
            pull: 0.3,
        };
        let f = Frame::fit(turn_bounds(&v, v.bounds, shot, area), area);
        let (lx, _) = f.to_screen(launcher[0], launcher[1]);
        let room = if facing > 0 {
            lx - area.x
        } else {
            area.x + area.w - lx
        };
        let full = 0.3 * area.w;
        assert!(
            room >= full + PORTRAIT_SLACK * area.w - 0.5,
            "{facing}: {room} {full}"
        );
        // The castle is on screen, not squeezed to nothing.
        let (cx, _) = f.to_screen(v.bodies[0].x, 0.0);
        assert!(cx > area.x && cx < area.x + area.w, "{cx}");
        assert!((cx - lx).abs() > 0.3 * area.w, "{lx} {cx}");
    }
}

/// The table's top edge `TURN_BELOW` to `MAX_BELOW` of the height over the area's bottom,
/// with at most `MAX_SKY` of it empty over the pieces' `top` (metres) unless the edge is as
/// low or as high as it goes.
fn table_low(f: &Frame, area: Area, top: f32) {
    let (_, edge) = f.to_screen(0.0, 0.0);
    let below = (area.y + area.h - edge) / area.h;
    assert!(
        (TURN_BELOW - 0.01..=MAX_BELOW + 0.01).contains(&below),
        "{below}"
    );
    let (_, pieces) = f.to_screen(0.0, top);
    let sky = (pieces - area.y) / area.h;
    let at_a_limit = (below - TURN_BELOW).abs() < 0.01 || (below - MAX_BELOW).abs() < 0.01;
    assert!(
        sky <= MAX_SKY + 0.01 || at_a_limit,
        "sky {sky}, below {below}"
    );
}

#[test]
fn a_turn_aims_first_at_the_nearest_group_of_places_beyond_the_launcher() {
    let place = |x: f32| engine::core::AimPlace {
        x,
        y: 0.08,
        half_width: 0.03,
        words: String::new(),
    };
    let bounds = [-1.2, -0.2, 1.2, 1.0];
    // Castle-like: the next mat's towers nearest first, then farther mats, the shooter's
    // own last (behind the launcher's other side here, at -1.1 .. -0.9).
    let places: Vec<_> = [-0.4, -0.3, -0.2, -0.1, 0.5, 0.6, -1.1, -0.9]
        .into_iter()
        .map(place)
        .collect();
    let f = aim_focus(bounds, &places, -1.0);
    assert!(
        (f[0] + 1.0).abs() < 1e-6 && (f[2] + 0.07).abs() < 1e-6,
        "{f:?}"
    );
    assert_eq!((f[1], f[3]), (bounds[1], bounds[3]));
    // Shooting left: the group on the left, never past the bounds.
    let left: Vec<_> = [-1.19, -0.9].into_iter().map(place).collect();
    let f = aim_focus(bounds, &left, 0.0);
    assert!((f[0] + 1.2).abs() < 1e-6 && f[2].abs() < 1e-6, "{f:?}");
    // Nothing to aim at, or a broken place: the bounds as they are.
    assert_eq!(aim_focus(bounds, &[], 0.0), bounds);
    assert_eq!(aim_focus(bounds, &[place(f32::NAN)], 0.0), bounds);
}

#[test]
fn a_close_up_is_framed_with_the_table_low_across_the_width() {
    // Catapults' close-up: 0.57 m wide, 0.18 m high with the table's edge at 0.
    let b = [-0.461, -0.02, 0.106, 0.16];
    for area in [
        Area::new(0.0, 120.0, 1280.0, 560.0),
        Area::new(0.0, 130.0, 1180.0, 560.0),
        Area::new(0.0, 140.0, 390.0, 560.0),
    ] {
        let c = close_up_bounds(b, 0.1, area);
        let f = Frame::fit(c, area);
        table_low(&f, area, 0.1);
        let (left, top) = f.to_screen(b[0], b[3]);
        let (right, _) = f.to_screen(b[2], 0.0);
        assert!(left >= area.x - 0.5 && right <= area.x + area.w + 0.5);
        // It fills one of the two: the width, or the height above the edge.
        assert!(right - left >= area.w - 1.0 || top <= area.y + 0.5);
    }
    // Bounds with no table edge, or broken ones, are the side view's.
    let high = [0.0, 0.2, 1.0, 0.6];
    let area = Area::new(0.0, 0.0, 800.0, 400.0);
    assert_eq!(close_up_bounds(high, 0.5, area), side_bounds(high, area));
    let broken = [f32::NAN, 0.0, 1.0, 1.0];
    assert!(close_up_bounds(broken, 0.5, area)[0].is_nan());
}

#[test]
fn regress_a_pan_by_a_distance_that_is_not_a_number_leaves_the_view_where_it_was() {
    let bounds = [0.0, 0.0, 2.0, 1.0];
    let area = Area::new(0.0, 0.0, 800.0, 400.0);
    let mut c = Camera::default();
    c.zoom_at(2.0, 400.0, 200.0, bounds, area);
    let before = c.centre;
    c.pan_by(f32::NAN, 3.0, bounds, area);
    c.pan_by(1.0, f32::INFINITY, bounds, area);
    assert_eq!(c.centre, before);
}

fn close(a: f32, b: f32) -> bool {
    (a - b).abs() < 1e-3
}

#[test]
fn fits_wide_bounds_into_a_portrait_phone_and_a_4k_screen() {
    let bounds = [-2.0, -0.5, 2.0, 1.5];
    for area in [
        Area::new(0.0, 100.0, 390.0, 600.0),
        Area::new(0.0, 0.0, 3840.0, 2160.0),
    ] {
        let f = Frame::fit(bounds, area);
        let (ax, ay) = f.to_screen(bounds[0], bounds[3]);
        let (bx, by) = f.to_screen(bounds[2], bounds[1]);
        assert!(
            ax >= area.x - 0.01 && bx <= area.x + area.w + 0.01,
            "{ax} {bx}"
        );
        assert!(
            ay >= area.y - 0.01 && by <= area.y + area.h + 0.01,
            "{ay} {by}"
        );
        // One of the two extents fills the area exactly.
        let fills_w = close(bx - ax, area.w);
        let fills_h = close(by - ay, area.h);
        assert!(fills_w || fills_h, "fills {fills_w} {fills_h}");
        // Centred.
        let (cx, cy) = f.to_screen(0.0, 0.5);
        assert!(close(cx, area.x + area.w / 2.0) && close(cy, area.y + area.h / 2.0));
    }
}

#[test]
fn screen_and_world_round_trip_with_y_up() {
    let f = Frame::fit([0.0, 0.0, 1.0, 1.0], Area::new(10.0, 20.0, 200.0, 100.0));
    let (sx, sy) = f.to_screen(0.25, 0.75);
    let (x, y) = f.to_world(sx, sy);
    assert!(close(x, 0.25) && close(y, 0.75));
    let (_, low) = f.to_screen(0.0, 0.0);
    let (_, high) = f.to_screen(0.0, 1.0);
    assert!(high < low, "y up in the world is up on the screen");
}

#[test]
fn degenerate_or_broken_bounds_still_frame_something() {
    let f = Frame::fit([1.0, 1.0, 1.0, 1.0], Area::new(0.0, 0.0, 100.0, 100.0));
    assert!(f.scale.is_finite() && f.scale > 0.0);
    let f = Frame::fit([f32::NAN, 0.0, 1.0, 1.0], Area::new(0.0, 0.0, 0.0, 0.0));
    assert!(f.scale.is_finite() && f.scale > 0.0);
    let f = Frame::fit([2.0, 2.0, -2.0, -2.0], Area::new(0.0, 0.0, 400.0, 400.0));
    assert!(close(f.scale, 100.0));
}

#[test]
fn a_wide_table_sits_low_with_tabletop_in_front_and_little_sky() {
    let b = [-2.0, -0.05, 2.0, 0.45];
    for area in [
        Area::new(0.0, 100.0, 390.0, 600.0),
        Area::new(0.0, 0.0, 1280.0, 540.0),
        Area::new(0.0, 0.0, 3840.0, 1800.0),
    ] {
        let s = side_bounds(b, area);
        assert_eq!(
            (s[0], s[2], s[3]),
            (b[0], b[2], b[3]),
            "only the bottom moves"
        );
        let f = Frame::fit(s, area);
        let (left, top) = f.to_screen(b[0], b[3]);
        let (right, bottom) = f.to_screen(b[2], b[1]);
        assert!(
            close(left, area.x) && close(right, area.x + area.w),
            "fills the width"
        );
        let sky = top - area.y;
        let front = area.y + area.h - bottom;
        assert!(sky >= -0.01 && front >= -0.01, "{sky} {front}");
        assert!(
            close(front, sky * SPARE_BELOW / (1.0 - SPARE_BELOW)),
            "{sky} {front}"
        );
    }
    // A tall view already fills the height: unchanged; broken bounds are left alone.
    let tall = [-0.2, 0.0, 0.2, 1.0];
    assert_eq!(side_bounds(tall, Area::new(0.0, 0.0, 800.0, 400.0)), tall);
    let broken = [f32::NAN, 0.0, 1.0, 1.0];
    let out = side_bounds(broken, Area::new(0.0, 0.0, 800.0, 400.0));
    assert!(out[0].is_nan() && out[1..] == broken[1..]);
    assert_eq!(side_bounds(b, Area::new(0.0, 0.0, 0.0, 0.0)), b);
}

#[test]
fn a_fitted_camera_is_the_plain_fit() {
    let b = [-0.6, -0.05, 0.6, 0.35];
    let a = Area::new(0.0, 50.0, 1280.0, 600.0);
    assert_eq!(Camera::default().frame(b, a), Frame::fit(b, a));
}

#[test]
fn zooming_at_a_point_keeps_that_point_under_the_finger() {
    let b = [-0.6, -0.05, 0.6, 0.35];
    let a = Area::new(0.0, 50.0, 1280.0, 600.0);
    let mut cam = Camera::default();
    let (sx, sy) = (400.0, 380.0);
    let before = cam.frame(b, a).to_world(sx, sy);
    cam.zoom_at(2.0, sx, sy, b, a);
    let f = cam.frame(b, a);
    assert!(close(f.scale, Frame::fit(b, a).scale * 2.0), "{}", f.scale);
    let after = f.to_world(sx, sy);
    assert!(
        close(before.0, after.0) && close(before.1, after.1),
        "{before:?} {after:?}"
    );
    // Zooming back out returns to the fit exactly.
    cam.zoom_at(0.25, sx, sy, b, a);
    assert!(cam.is_fit());
    assert_eq!(cam.frame(b, a), Frame::fit(b, a));
}

#[test]
fn a_growing_map_keeps_a_zoomed_view_and_refits_a_fitted_one() {
    let a = Area::new(0.0, 0.0, 800.0, 600.0);
    let old = [-1.0, -1.0, 2.0, 2.0];
    let new = [-2.0, -1.0, 2.0, 2.0];
    let mut fitted = Camera::default();
    fitted.refit(old, new, a);
    assert!(fitted.is_fit());
    let mut cam = Camera::default();
    cam.zoom_at(3.0, 500.0, 300.0, old, a);
    let before = cam.frame(old, a);
    let centre = before.to_world(400.0, 300.0);
    cam.refit(old, new, a);
    let after = cam.frame(new, a);
    assert!(
        close(after.scale, before.scale),
        "{} {}",
        after.scale,
        before.scale
    );
    let c = after.to_world(400.0, 300.0);
    assert!(
        close(c.0, centre.0) && close(c.1, centre.1),
        "{c:?} {centre:?}"
    );
    // Zoomed in a little, then the bounds shrink below that view: the new fit is the view.
    let big = [-5.0, -5.0, 6.0, 6.0];
    let mut cam = Camera::default();
    cam.zoom_at(1.25, 400.0, 300.0, big, a);
    cam.refit(big, old, a);
    assert!(cam.is_fit());
}

#[test]
fn the_zoom_is_bounded_and_never_shows_past_the_bounds() {
    let b = [-0.6, -0.05, 0.6, 0.35];
    let a = Area::new(0.0, 0.0, 1000.0, 400.0);
    let mut cam = Camera::default();
    for _ in 0..40 {
        cam.zoom_at(1.5, 0.0, 0.0, b, a);
    }
    assert!(close(cam.zoom, MAX_ZOOM), "{}", cam.zoom);
    let f = cam.frame(b, a);
    // Zoomed at the top-left corner: the view's corner stays on the bounds' corner region.
    let (x0, y1) = f.to_world(a.x, a.y);
    let (x1, y0) = f.to_world(a.x + a.w, a.y + a.h);
    let fit = Frame::fit(b, a);
    let (fx0, fy1) = fit.to_world(a.x, a.y);
    let (fx1, fy0) = fit.to_world(a.x + a.w, a.y + a.h);
    assert!(x0 >= fx0 - 1e-3 && x1 <= fx1 + 1e-3, "{x0} {x1}");
    assert!(y0 >= fy0 - 1e-3 && y1 <= fy1 + 1e-3, "{y0} {y1}");
    // A pan far to the right stops at the right edge.
    cam.pan_by(-1.0e6, 0.0, b, a);
    let f = cam.frame(b, a);
    let (x1, _) = f.to_world(a.x + a.w, a.y);
    assert!(close(x1, fx1), "{x1} {fx1}");
    // Broken factors change nothing.
    let before = cam;
    cam.zoom_at(f32::NAN, 10.0, 10.0, b, a);
    cam.zoom_at(-2.0, 10.0, 10.0, b, a);
    assert_eq!(cam, before);
}
