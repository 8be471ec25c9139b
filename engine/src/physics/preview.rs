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

/// Frames followed to find the top of a flight for [`rising`] (two seconds: the highest lob of
/// any game tops out well before).
pub const RISING_FRAMES: u32 = 120;

/// The Standard aid's part of a flight `track` (one point a frame, as [`flight`] gives): from
/// the launcher up to the top of the arc, or to the first contact after the piece is free if
/// that comes sooner. Never the way down, a bounce or where the piece stops: what the player
/// sees is the way the shot leaves, not where it lands.
///
/// The piece is free once it moves under gravity alone (each frame's change of velocity is
/// gravity's, within half of it); a contact is the first frame after that where it is not. The
/// part before the piece is free (the arm or the finger carrying it) is kept.
pub fn rising(track: &[[f32; 2]]) -> &[[f32; 2]] {
    let dt = 1.0 / 60.0;
    let g = super::GRAVITY * dt * dt;
    let tol = 0.5 * g;
    // Whether the three frames from `i` move under gravity alone.
    let ballistic = |i: usize| -> bool {
        let (Some(a), Some(b), Some(c)) = (track.get(i), track.get(i + 1), track.get(i + 2)) else {
            return false;
        };
        let ax = c[0] - 2.0 * b[0] + a[0];
        let ay = c[1] - 2.0 * b[1] + a[1];
        ax.abs() < tol && (ay + g).abs() < tol
    };
    let Some(free) = (0..track.len()).find(|&i| ballistic(i)) else {
        // Never free within the frames followed (a slide, a push): the first tenth of a second.
        return &track[..track.len().min(6)];
    };
    let mut end = free + 1;
    while end + 1 < track.len() {
        let rises = track[end + 1][1] >= track[end][1];
        if !rises || !ballistic(end - 1) {
            break;
        }
        end += 1;
    }
    &track[..=end.min(track.len() - 1)]
}

/// The rising part of `launch`'s flight (`rising` of `flight`), followed only as far as needed:
/// half a second first, then longer while the piece still climbs (up to `RISING_FRAMES`).
pub fn rising_flight(game: &dyn Game, launch: &Launch) -> Vec<[f32; 2]> {
    let mut frames = 30;
    loop {
        let track = flight(game, launch, frames);
        let cut = rising(&track);
        // Cut before the last frame followed (or the flight ended early): the top is in.
        if cut.len() + 2 < track.len() || track.len() <= frames as usize || frames >= RISING_FRAMES
        {
            return cut.to_vec();
        }
        frames = (frames * 2).min(RISING_FRAMES);
    }
}

#[cfg(test)]
mod tests {
    use super::rising;

    /// A body carried for `carried` frames, then thrown at (vx, vy) m/s; it hits a wall at
    /// frame `wall` (stops dead).
    fn throw(carried: usize, vx: f32, vy: f32, wall: usize) -> Vec<[f32; 2]> {
        let dt = 1.0 / 60.0;
        let mut out = Vec::new();
        for i in 0..carried {
            out.push([0.0, i as f32 * 0.001]);
        }
        let (mut x, mut y, mut v) = (0.0, carried as f32 * 0.001, vy);
        for i in 0..200 {
            out.push([x, y]);
            if carried + i >= wall {
                continue;
            }
            v -= super::super::GRAVITY * dt;
            x += vx * dt;
            y += v * dt;
        }
        out
    }

    #[test]
    fn the_rising_part_ends_at_the_top_of_the_arc() {
        let t = throw(5, 2.0, 3.0, usize::MAX);
        let r = rising(&t);
        let top = t
            .iter()
            .enumerate()
            .max_by(|a, b| a.1[1].total_cmp(&b.1[1]))
            .map(|(i, _)| i)
            .unwrap_or(0);
        assert!(
            r.len() >= top && r.len() <= top + 2,
            "{} vs top {top}",
            r.len()
        );
        // Never a point of the way down.
        for w in r[5..].windows(2) {
            assert!(w[1][1] >= w[0][1] - 1e-6);
        }
    }

    #[test]
    fn the_rising_part_ends_at_a_contact_before_the_top() {
        let t = throw(5, 2.0, 3.0, 15);
        let r = rising(&t);
        assert!(r.len() <= 17 && r.len() >= 14, "{}", r.len());
    }

    #[test]
    fn a_piece_that_is_never_free_shows_a_few_frames_only() {
        let t: Vec<[f32; 2]> = (0..60).map(|i| [i as f32 * 0.01, 0.0]).collect();
        assert_eq!(rising(&t).len(), 6);
        assert!(rising(&[]).is_empty());
    }
}
