//! The framing of a turn (`frame::turn_bounds`, `frame::close_up_bounds`) on each side-view
//! game's real start-of-turn table, at the sizes the browser tests use: what the turn aims at
//! first (`frame::aim_focus`) as a share of the play area's height, the empty sky over the
//! tallest piece, the pieces across the width and the tabletop under the table's edge. Prints
//! the table kept in docs/look-and-feel.md and asserts, at tablet and desktop sizes, the
//! target's height, the sky and the width (`reached`), and at every size that the launcher
//! stands at least a full pull from the edge behind it (Catapults' flick pulls nothing back).

use catapult_table::app::frame::target::{target_view, Sky};
use catapult_table::app::frame::{
    aim_focus, aim_group, close_up_bounds, pieces_box, pieces_top, turn_bounds, Area, Frame,
    TurnShot,
};
use catapult_table::app::gesture::mid_angle;
use engine::core::{Game, LaunchKind};
use engine::headless::bot_game;

/// The play area of a screen: the width, less the top bar, status line and bottom bar (about
/// 30% of the shorter side together). A turn is framed into all of it (`camera::draw_table`).
fn play_area(w: f32, h: f32) -> Area {
    let u = w.min(h) / 100.0;
    Area::new(0.0, 16.0 * u, w, h - 30.0 * u)
}

/// The first turn of seat 0 that aims a real launch (bots play up to it).
fn first_aim(game: &str) -> Box<dyn Game> {
    let mut d = bot_game(game, 2, 1, &[]).unwrap_or_else(|e| panic!("{game}: {e}"));
    for _ in 0..400 {
        let g = d.game();
        let aims = g
            .launch_prompt()
            .is_some_and(|p| p.kinds.iter().any(|k| *k != LaunchKind::Release));
        if g.turn() == Some(0) && aims {
            return g.clone_game();
        }
        if let Err(e) = d.bot_turn() {
            panic!("{game}: {e:?}");
        }
    }
    panic!("{game}: no shot to aim");
}

struct Measured {
    pieces_share: f32,
    below_share: f32,
    /// The empty sky over the tallest piece on screen, as a share of the play area's height.
    sky_share: f32,
    /// The height of what the turn aims at first (`aim_focus`'s group), as a share of it.
    target_share: f32,
    /// The launcher's distance from the edge behind it over a full pull (≥ 1 keeps it on screen).
    pull_room: f32,
    /// In the target view (the inset in the sky, `frame::target`), the height of the nearest
    /// place aimed at, as a share of the play area's height; None when no inset is drawn.
    inset_share: Option<f32>,
    /// The sky left empty: the sky's area less the target view's, as a share of the play area.
    empty_sky: f32,
}

fn measure(g: &dyn Game, area: Area) -> Measured {
    let Some(p) = g.launch_prompt() else {
        panic!("{}: no launch prompt", g.id());
    };
    let view = g.view();
    let bounds = g.aim_bounds().unwrap_or(view.bounds);
    let cos = engine::physics::launch::direction(mid_angle(p.angle)).0;
    let facing = if cos > 0.2 {
        1
    } else if cos < -0.2 {
        -1
    } else {
        0
    };
    let reach = catapult_table::app::gesture::FULL_PULL_SHARE;
    let shot = TurnShot {
        launcher: p.origin,
        facing,
        pull: reach,
    };
    // A game with its own close-up (Catapults) is framed by it, the table low, as the app does.
    let b = match g.aim_bounds() {
        Some(close) => close_up_bounds(close, pieces_top(&view, close), area),
        None => {
            let focus = aim_focus(bounds, &g.aim_places(), p.origin[0]);
            turn_bounds(&view, focus, shot, area)
        }
    };
    let f = Frame::fit(b, area);
    let pb = pieces_box(&view, bounds, p.origin);
    let (sx0, _) = f.to_screen(pb[0], 0.0);
    let (sx1, top) = f.to_screen(pb[2], 0.0);
    let visible = |x: f32| x.clamp(area.x, area.x + area.w);
    let pieces_share = (visible(sx1) - visible(sx0)) / area.w;
    let below_share = ((area.y + area.h - top) / area.h).clamp(0.0, 1.0);
    // The sky: from the area's top down to the tallest piece on screen.
    let (wx0, _) = f.to_world(area.x, 0.0);
    let (wx1, _) = f.to_world(area.x + area.w, 0.0);
    let on_screen = [wx0.max(bounds[0]), bounds[1], wx1.min(bounds[2]), bounds[3]];
    let (_, tallest) = f.to_screen(0.0, pieces_top(&view, on_screen));
    let sky_share = ((tallest - area.y) / area.h).clamp(0.0, 1.0);
    // What the turn aims at: its pieces' top over the table's edge.
    let target_top = aim_group(&g.aim_places(), p.origin[0])
        .map(|[x0, x1]| pieces_top(&view, [x0, bounds[1], x1, bounds[3]]))
        .unwrap_or(0.0);
    let (_, target_y) = f.to_screen(0.0, target_top);
    let target_share = ((top - target_y) / area.h).clamp(0.0, 1.0);
    let (lx, _) = f.to_screen(p.origin[0], p.origin[1]);
    // The pull goes mostly sideways (cos 35°) and a full one reaches `reach` of the shorter side.
    let full = reach * area.w.min(area.h) * 0.82;
    let room = match facing {
        1 => lx - area.x,
        -1 => area.x + area.w - lx,
        _ => (lx - area.x).min(area.x + area.w - lx),
    };
    // The target view, placed as the app places it (`screens/play/target_view.rs`).
    let u = area.w.min(area.h) / 100.0;
    let inset = g.aim_places().first().and_then(|pl| {
        let (x0, x1) = (pl.x - pl.half_width, pl.x + pl.half_width);
        let top = pieces_top(&view, [x0, bounds[1], x1, bounds[3]]);
        let reach = catapult_table::app::gesture::FULL_PULL_SHARE * area.w.min(area.h) + 2.0 * u;
        let sky = Sky {
            table: area,
            floor: tallest,
            clear: [lx - reach, lx + reach],
            margin: u,
        };
        target_view([x0, 0.0, x1, top], &f, sky)
    });
    let inset_area = inset.as_ref().map_or(0.0, |v| v.area.w * v.area.h);
    let empty_sky = (sky_share - inset_area / (area.w * area.h)).max(0.0);
    let inset_share = inset.map(|v| v.target_px / area.h);
    Measured {
        pieces_share,
        below_share,
        sky_share,
        target_share,
        pull_room: room / full,
        inset_share,
        empty_sky,
    }
}

/// What a turn's framing reaches at tablet and desktop sizes (1180x820, 1280x800): the least
/// share of the play area's height that what the turn aims at spans, and the most left as empty
/// sky. The issue asks for 25% and 35%. Assault meets both; Feud meets them at 1280x800 and
/// misses by a point at 1180x820; Castle and Catapults cannot with the shooter, the target and a
/// full pull's room all on the screen (docs/look-and-feel.md, "Camera"): Castle's nearest target
/// (the next mat's cups, 7.8 cm tall) stands about a metre from the catapult, the shooter's own
/// mat between them; Catapults' box (3 cm walls) is 57 cm from the far end of the lever. There
/// the width is the limit, and the height left over goes mostly to the tabletop in front (at
/// most 45% of the height), the rest to the sky. The figures here are what each game reaches,
/// less a point, so that a change that shrinks them fails. These are the main view's figures;
/// the target view (`inset`) is what shows those two games' targets large.
fn reached(game: &str) -> (f32, f32) {
    match game {
        "castle" => (0.13, 0.42),
        "feud" => (0.23, 0.34),
        "assault" => (0.25, 0.34),
        "catapults" => (0.08, 0.47),
        _ => (0.25, 0.35),
    }
}

/// The least share of the play area's height the nearest target spans in the target view (the
/// inset in the sky) at tablet and desktop sizes, in the games whose main view shows it small;
/// None: no inset is needed there (the main view meets the 25%, or no sky is left).
fn inset_reached(game: &str) -> Option<f32> {
    match game {
        "castle" | "catapults" => Some(0.25),
        _ => None,
    }
}

#[test]
fn a_turn_frames_the_shooter_and_its_target_large_with_little_sky() {
    let mut failed = Vec::new();
    println!(
        "| game | size | target height | sky | pieces across | under the edge | target in the inset | \
         empty sky |"
    );
    for game in ["castle", "feud", "assault", "catapults"] {
        let g = first_aim(game);
        for (w, h) in [
            (1180.0, 820.0),
            (1280.0, 800.0),
            (844.0, 390.0),
            (390.0, 844.0),
        ] {
            let m = measure(g.as_ref(), play_area(w, h));
            let pc = |v: f32| format!("{:.0}%", v * 100.0);
            println!(
                "| {game} | {w}x{h} | {} | {} | {} | {} | {} | {} |",
                pc(m.target_share),
                pc(m.sky_share),
                pc(m.pieces_share),
                pc(m.below_share),
                m.inset_share.map_or("none".to_string(), pc),
                pc(m.empty_sky),
            );
            // Tablet and desktop: the target large, little sky, the pieces across the width.
            let big = w > h && h > 700.0;
            let (least_target, most_sky) = reached(game);
            if big
                && (m.target_share < least_target || m.sky_share > most_sky || m.pieces_share < 0.6)
            {
                failed.push(format!("{game} {w}x{h}"));
            }
            if let Some(least) = inset_reached(game).filter(|_| big) {
                if m.inset_share.is_none_or(|s| s < least) {
                    failed.push(format!(
                        "{game} {w}x{h}: the target view {:?}",
                        m.inset_share
                    ));
                }
            }
            // The figures with both views: what the turn aims at spans at least 25% of
            // the height in one of them, and the sky left empty (less the inset) is at most 35%.
            let largest = m.target_share.max(m.inset_share.unwrap_or(0.0));
            if big && (largest < 0.25 || m.empty_sky > 0.35) {
                failed.push(format!(
                    "{game} {w}x{h}: the target {largest:.2} of the height at best, {:.2} empty sky",
                    m.empty_sky
                ));
            }
            // A flick swipes across its lever, it pulls nothing back: no pull's room to keep.
            if m.pull_room < 1.0 && g.aim_bounds().is_none() {
                failed.push(format!("{game} {w}x{h}: the pull leaves the screen"));
            }
        }
    }
    assert!(failed.is_empty(), "{failed:?}");
}
