//! The predicted path of a launch: a short run of the very shot the launch would fire (the game's
//! own table, stepped frame by frame), following the body that strays farthest from its start. Deterministic and
//! window-free; the app draws it as dots while a person aims. Bots never read it.

use super::Table;
use crate::core::{Game, Launch};

/// Where the launched body is at each frame of the first `frames` frames of `launch` (frame 0 is
/// the moment it is fired), or empty if the game refuses the launch or has no physics table.
pub fn flight(game: &dyn Game, launch: &Launch, frames: u32) -> Vec<[f32; 2]> {
    let Ok(mut shot) = game.start_shot(launch) else {
        return Vec::new();
    };
    let poses = |shot: &dyn crate::core::Shot| -> Option<Vec<Option<[f32; 2]>>> {
        let table = shot.physics_table()?.downcast_ref::<Table>()?;
        Some(
            (0..table.len())
                .map(|id| {
                    table
                        .pose(id)
                        .filter(|_| !table.is_removed(id))
                        .map(|(x, y, _)| [x, y])
                })
                .collect(),
        )
    };
    let Some(first) = poses(shot.as_ref()) else {
        return Vec::new();
    };
    let mut track = vec![first];
    for _ in 0..frames {
        if shot.step_frame() {
            break;
        }
        match poses(shot.as_ref()) {
            Some(p) => track.push(p),
            None => break,
        }
    }
    // The launched body: the one that strays farthest from where it began.
    let start = &track[0];
    let mut best: Option<(usize, f32)> = None;
    for (id, a) in start.iter().enumerate() {
        let Some(a) = *a else {
            continue;
        };
        let d = track
            .iter()
            .filter_map(|p| p.get(id).copied().flatten())
            .map(|b| libm::hypotf(b[0] - a[0], b[1] - a[1]))
            .fold(0.0f32, f32::max);
        if d.is_finite() && best.is_none_or(|(_, bd)| d > bd) {
            best = Some((id, d));
        }
    }
    let Some((id, _)) = best else {
        return Vec::new();
    };
    track
        .iter()
        .filter_map(|p| p.get(id).copied().flatten())
        .collect()
}
