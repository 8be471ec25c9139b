//! Placing a piece (a ghost to drag and turn, then Place) and moving a piece already on the
//! table (press a highlighted piece, drop it on a ringed spot).

use super::frame::Frame;
use super::gesture;
use super::keyplace::{KeyCarry, PlaceKey};
use engine::core::PlacementPrompt;
use macroquad::prelude::*;

pub(crate) enum Grab {
    Move {
        dx: f32,
        dy: f32,
    },
    Rotate,
    Twist {
        base: i32,
        a0: (f32, f32),
        b0: (f32, f32),
    },
}

/// The ghost piece of a placement.
pub(crate) struct Place {
    pub(super) x: f32,
    pub(super) y: f32,
    pub(super) angle: i32,
    pub(crate) grab: Option<Grab>,
    /// A piece picked up from one of the prompt's sources (moving a piece already on the table),
    /// with where the finger pressed (metres).
    pub(crate) carry: Option<(gesture::Carry, (f32, f32))>,
    /// Moving a piece on the table by keys (the arrows' pick, the spot picked).
    pub(crate) keys: Option<KeyCarry>,
    /// One-switch scanning: seconds into the scan of the offered spots or pieces.
    pub(crate) scan_t: f32,
    /// A key moved or turned it (the hint then speaks of keys).
    pub(crate) by_keys: bool,
    /// Which prompt it belongs to (reset when the prompt changes).
    pub(super) tag: String,
}

/// The placement key pressed this frame, if any: arrows move, Q/E twist, R turns a quarter,
/// Space (or Enter while no button has the focus ring) places, Backspace puts a carried piece
/// back.
pub(crate) fn place_key(enter_free: bool) -> Option<PlaceKey> {
    let pairs = [
        (KeyCode::Left, PlaceKey::Left),
        (KeyCode::Right, PlaceKey::Right),
        (KeyCode::Up, PlaceKey::Up),
        (KeyCode::Down, PlaceKey::Down),
        (KeyCode::Q, PlaceKey::TwistLeft),
        (KeyCode::E, PlaceKey::TwistRight),
        (KeyCode::R, PlaceKey::Quarter),
        (KeyCode::Space, PlaceKey::Place),
        (KeyCode::Backspace, PlaceKey::Back),
    ];
    for (code, key) in pairs {
        if is_key_pressed(code) {
            return Some(key);
        }
    }
    if enter_free && (is_key_pressed(KeyCode::Enter) || is_key_pressed(KeyCode::KpEnter)) {
        return Some(PlaceKey::Place);
    }
    None
}

pub(crate) fn shift_held() -> bool {
    is_key_down(KeyCode::LeftShift) || is_key_down(KeyCode::RightShift)
}

/// Where the ghost would land, as the move would send it: x, y in metres, angle in radians.
pub(crate) fn ghost_pose(pp: &PlacementPrompt, pl: &Place) -> (f32, f32, f32) {
    let args = gesture::placement_args(pp, pl.x, pl.y, pl.angle);
    (
        args[0] as f32 / 1000.0,
        args[1] as f32 / 1000.0,
        args[2] as f32 * core::f32::consts::PI / 1800.0,
    )
}

/// The screen point of the rotate handle: out along the piece's angle `ga` from its centre.
pub(crate) fn rotate_handle(
    pp: &PlacementPrompt,
    f: &Frame,
    u: f32,
    centre: (f32, f32),
    ga: f32,
) -> (f32, f32) {
    let reach = pp.half_extents[0] * f.scale + 6.0 * u;
    (centre.0 + ga.cos() * reach, centre.1 - ga.sin() * reach)
}
