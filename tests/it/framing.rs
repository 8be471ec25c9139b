//! The side view's camera through a shot (`frame::shot`, issue #55) on each side-view game's
//! real tables, at the sizes the browser tests use, on a person's turn and a bot's: while aiming
//! the shooter's height as a share of the play area's height and the launcher a full pull from
//! the edge behind it; at the landing on the place aimed at first, that place's height; in
//! every view the bare table under the pieces. Prints the table kept in docs/look-and-feel.md
//! ("Camera through a shot") and asserts the figures: the shooter at least 15% of the
//! height and the target at least 25% at tablet and desktop sizes, the bare table at most 15%
//! at every size.

use catapult_table::app::frame::shot::{aim_view, arc_view, grounded, landing_view, shooter_top};
use catapult_table::app::frame::{aim_group, pieces_top, Area, TurnShot};
use catapult_table::app::gesture::mid_angle;
use engine::core::{Game, LaunchKind};
use engine::headless::bot_game;

/// The play area of a screen: the width, less the top bar, status line and bottom bar (about
/// 30% of the shorter side together). A side view is framed into all of it (`camera::draw_table`).
fn play_area(w: f32, h: f32) -> Area {
    let u = w.min(h) / 100.0;
    Area::new(0.0, 16.0 * u, w, h - 30.0 * u)
}

/// The first turn of `seat` that aims a real launch (bots play up to it).
fn first_aim(game: &str, seat: usize) -> Box<dyn Game> {
    let mut d = bot_game(game, 2, 1, &[]).unwrap_or_else(|e| panic!("{game}: {e}"));
    for _ in 0..400 {
        let g = d.game();
        let aims = g
            .launch_prompt()
            .is_some_and(|p| p.kinds.iter().any(|k| *k != LaunchKind::Release));
        if g.turn() == Some(seat) && aims {
            return g.clone_game();
        }
        if let Err(e) = d.bot_turn() {
            panic!("{game}: {e:?}");
        }
    }
    panic!("{game}: no shot to aim for seat {seat}");
}

struct Measured {
    /// While aiming: the shooter's height, the bare table, the launcher's room over a full pull.
    shooter: f32,
    aim_bare: f32,
    pull_room: f32,
    /// At the landing on the place aimed at first: its height and the bare table.
    target: f32,
    landing_bare: f32,
    /// In flight (an arc from the launcher to that place, half a metre high) and on the whole
    /// table: the bare table.
    flight_bare: f32,
    whole_bare: f32,
}

/// The bare table under the pieces in `v` (bounds fitted exactly to the area): the share of its
/// height under the table's edge.
fn bare(v: [f32; 4]) -> f32 {
    (-v[1] / (v[3] - v[1])).clamp(0.0, 1.0)
}

fn measure(g: &dyn Game, area: Area) -> Measured {
    let Some(p) = g.launch_prompt() else {
        panic!("{}: no launch prompt", g.id());
    };
    let view = g.view();
    let b = view.bounds;
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
    let places = g.aim_places();
    // As the app does (`camera::shot_bounds`): a game's own close-up names the way to the target.
    let target = match g.aim_bounds() {
        Some(c) => Some([c[0], c[2]]),
        None => aim_group(&places, p.origin[0]),
    };
    let v = aim_view(&view, shot, target, area);
    let h = v[3] - v[1];
    let shooter = shooter_top(&view, p.origin) / h;
    let scale = area.h / h;
    let lx = area.x + (p.origin[0] - v[0]) * scale;
    // The pull goes mostly sideways (cos 35°) and a full one reaches `reach` of the shorter side.
    let full = reach * area.w.min(area.h) * 0.82;
    let room = match facing {
        1 => lx - area.x,
        -1 => area.x + area.w - lx,
        _ => (lx - area.x).min(area.x + area.w - lx),
    };
    // The landing on the place aimed at first: that place's pieces' height.
    let first = places
        .first()
        .map_or([p.origin[0] + 0.5, 0.0], |pl| [pl.x, 0.0]);
    let l = landing_view(&view, first, None, &places, h, area);
    let [x0, x1] = catapult_table::app::frame::shot::landing_range(first, None, &places);
    let top = pieces_top(&view, [x0, b[1], x1, b[3]]);
    let arc = [
        p.origin[0].min(first[0]),
        0.0,
        p.origin[0].max(first[0]),
        0.5,
    ];
    Measured {
        shooter,
        aim_bare: bare(v),
        pull_room: room / full,
        target: top / (l[3] - l[1]),
        landing_bare: bare(l),
        flight_bare: bare(arc_view(arc, b, h, area)),
        whole_bare: bare(grounded(b[0], b[2], pieces_top(&view, b), 0.0, area)),
    }
}

#[test]
fn the_camera_frames_the_shooter_close_the_target_large_and_the_table_low() {
    let mut failed = Vec::new();
    println!(
        "| game | turn | size | shooter aiming | bare aiming | target at the landing | bare at the landing | \
         bare in flight | bare, whole table |"
    );
    for game in ["castle", "feud", "assault", "catapults"] {
        for (seat, who) in [(0, "player"), (1, "bot")] {
            let g = first_aim(game, seat);
            for (w, h) in [
                (1180.0, 820.0),
                (1280.0, 800.0),
                (844.0, 390.0),
                (390.0, 844.0),
            ] {
                let m = measure(g.as_ref(), play_area(w, h));
                let pc = |v: f32| format!("{:.0}%", v * 100.0);
                println!(
                    "| {game} | {who} | {w}x{h} | {} | {} | {} | {} | {} | {} |",
                    pc(m.shooter),
                    pc(m.aim_bare),
                    pc(m.target),
                    pc(m.landing_bare),
                    pc(m.flight_bare),
                    pc(m.whole_bare),
                );
                let big = w > h && h > 700.0;
                if big && m.shooter < 0.15 {
                    failed.push(format!("{game} {who} {w}x{h}: shooter {:.2}", m.shooter));
                }
                if big && m.target < 0.25 {
                    failed.push(format!("{game} {who} {w}x{h}: target {:.2}", m.target));
                }
                let most_bare = [m.aim_bare, m.landing_bare, m.flight_bare, m.whole_bare]
                    .into_iter()
                    .fold(0.0f32, f32::max);
                if most_bare > 0.15 {
                    failed.push(format!("{game} {who} {w}x{h}: bare table {most_bare:.2}"));
                }
                // A flick swipes across its lever, it pulls nothing back: no pull's room to keep.
                if m.pull_room < 1.0 && g.aim_bounds().is_none() {
                    failed.push(format!("{game} {who} {w}x{h}: the pull leaves the screen"));
                }
            }
        }
    }
    assert!(failed.is_empty(), "{failed:?}");
}
