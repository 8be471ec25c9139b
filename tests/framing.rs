//! The framing of a turn (`frame::turn_bounds`) on each side-view game's real start-of-turn
//! table: in landscape at 1180x820 and 1280x800 the pieces that matter (the launcher to the
//! farthest target) span at least 60% of the play area's width and at most 25% of the play area
//! lies below the table's top edge; in phone portrait (390x844) the launcher stands at least a
//! full pull from the edge behind it. Prints the numbers per game and asserts them (Catapults is
//! framed by its own close-up with the table low, `frame::close_up_bounds`; its flick pulls
//! nothing back).

use catapult_table::app::frame::{close_up_bounds, pieces_box, turn_bounds, Area, Frame, TurnShot};
use catapult_table::app::gesture::mid_angle;
use engine::core::{Game, LaunchKind};
use engine::headless::bot_game;

/// The play area of a screen: the width, less the top bar, status line and bottom bar (about
/// 30% of the shorter side together), inset as the camera insets it (2% of the shorter side).
fn play_area(w: f32, h: f32) -> Area {
    let u = w.min(h) / 100.0;
    Area::new(0.0, 16.0 * u, w, h - 30.0 * u).inset(2.0 * u)
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
    /// The launcher's distance from the edge behind it over a full pull (≥ 1 keeps it on screen).
    pull_room: f32,
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
        Some(close) => close_up_bounds(close, area),
        None => turn_bounds(&view, bounds, shot, area),
    };
    let f = Frame::fit(b, area);
    let pb = pieces_box(&view, bounds, p.origin);
    let (sx0, _) = f.to_screen(pb[0], 0.0);
    let (sx1, top) = f.to_screen(pb[2], 0.0);
    let visible = |x: f32| x.clamp(area.x, area.x + area.w);
    let pieces_share = (visible(sx1) - visible(sx0)) / area.w;
    let below_share = ((area.y + area.h - top) / area.h).clamp(0.0, 1.0);
    let (lx, _) = f.to_screen(p.origin[0], p.origin[1]);
    // The pull goes mostly sideways (cos 35°) and a full one reaches `reach` of the shorter side.
    let full = reach * area.w.min(area.h) * 0.82;
    let room = match facing {
        1 => lx - area.x,
        -1 => area.x + area.w - lx,
        _ => (lx - area.x).min(area.x + area.w - lx),
    };
    Measured {
        pieces_share,
        below_share,
        pull_room: room / full,
    }
}

#[test]
fn a_turn_frames_the_pieces_across_the_screen_with_the_table_low() {
    let mut failed = Vec::new();
    for game in ["castle", "feud", "assault", "catapults"] {
        let g = first_aim(game);
        for (w, h) in [(1180.0, 820.0), (1280.0, 800.0), (390.0, 844.0)] {
            let m = measure(g.as_ref(), play_area(w, h));
            println!(
                "framing {game} {w}x{h}: pieces {:.0}% of the width, {:.0}% below the table's \
                 edge, launcher {:.2} full pulls from the edge behind it",
                m.pieces_share * 100.0,
                m.below_share * 100.0,
                m.pull_room
            );
            let landscape = w > h;
            if landscape && (m.pieces_share < 0.6 || m.below_share > 0.25) {
                failed.push(format!("{game} {w}x{h}"));
            }
            // A flick swipes across its lever, it pulls nothing back: no pull's room to keep.
            if m.pull_room < 1.0 && g.aim_bounds().is_none() {
                failed.push(format!("{game} {w}x{h}: the pull leaves the screen"));
            }
        }
    }
    assert!(failed.is_empty(), "{failed:?}");
}
