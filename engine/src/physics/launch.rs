//! Integer launch parameters to velocities, with `libm` only (std trig differs between native and
//! wasm). Angles are tenths of a degree; power and spin are thousandths of a maximum.

/// Direction (unit vector) of an angle in tenths of a degree, counter-clockwise from +x.
pub fn direction(angle_tenths: i32) -> (f32, f32) {
    let rad = (angle_tenths.rem_euclid(3600) as f32) * (core::f32::consts::PI / 1800.0);
    (libm::cosf(rad), libm::sinf(rad))
}

/// Linear velocity for a launch: `power`/1000 of `max_speed` (m/s) along `angle`, with a floor of
/// `min_speed` so that power 0 still leaves the launcher.
pub fn velocity(angle_tenths: i32, power: i32, min_speed: f32, max_speed: f32) -> (f32, f32) {
    let p = power.clamp(0, 1000) as f32 / 1000.0;
    let speed = min_speed + (max_speed - min_speed) * p;
    let (dx, dy) = direction(angle_tenths);
    (dx * speed, dy * speed)
}

/// The power (0..=1000) whose launch at 45° lands `dx` metres away horizontally and `dy` metres
/// higher (negative: lower) under gravity `g` (m/s², positive), for speeds `min_speed..max_speed`:
/// the longest useful shot of a launcher whose farthest target is there. Free flight only (no
/// drag), so it is where a person's full pull should end, not an exact aim.
pub fn power_to_reach(dx: f32, dy: f32, min_speed: f32, max_speed: f32, g: f32) -> i32 {
    let dx = dx.abs();
    // At 45°: dy = dx - g dx² / v², so v² = g dx² / (dx - dy).
    let drop = dx - dy;
    if !(dx.is_finite() && drop.is_finite() && g.is_finite()) || drop <= 1e-4 || g <= 0.0 {
        return 1000;
    }
    let v = libm::sqrtf(g * dx * dx / drop);
    let span = max_speed - min_speed;
    if !span.is_finite() || span <= 0.0 {
        return 1000;
    }
    (libm::roundf((v - min_speed) / span * 1000.0) as i32).clamp(0, 1000)
}

/// Angular velocity (rad/s) for a spin in thousandths of `max_spin`.
pub fn spin(spin: i32, max_spin: f32) -> f32 {
    spin.clamp(-1000, 1000) as f32 / 1000.0 * max_spin
}

/// Angle of a rotation given by its cosine and sine, in radians (libm, deterministic).
pub fn angle_of(cos: f32, sin: f32) -> f32 {
    libm::atan2f(sin, cos)
}

/// Angle in whole tenths of a degree (0..3600) from radians: the integer form facts use.
pub fn to_tenths(rad: f32) -> i32 {
    let t = libm::roundf(rad * (1800.0 / core::f32::consts::PI)) as i32;
    t.rem_euclid(3600)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directions_and_speeds() {
        let (x, y) = direction(900);
        assert!(x.abs() < 1e-6 && (y - 1.0).abs() < 1e-6);
        let (vx, vy) = velocity(0, 1000, 1.0, 9.0);
        assert!((vx - 9.0).abs() < 1e-5 && vy.abs() < 1e-6);
        let (vx, _) = velocity(0, 0, 1.0, 9.0);
        assert!((vx - 1.0).abs() < 1e-6);
        assert_eq!(to_tenths(angle_of(0.0, 1.0)), 900);
        assert_eq!(to_tenths(-0.5 * core::f32::consts::PI), 2700);
    }

    #[test]
    fn power_to_reach_lands_where_asked() {
        // Free flight at 45° with the power found: the landing x at height dy is dx.
        for (dx, dy) in [(1.0f32, 0.0f32), (2.5, -0.1), (0.6, 0.05)] {
            let p = power_to_reach(dx, dy, 1.0, 9.0, 9.81);
            let (vx, vy) = velocity(450, p, 1.0, 9.0);
            // y(x) = x vy/vx - g x² / (2 vx²)
            let y = dx * vy / vx - 9.81 * dx * dx / (2.0 * vx * vx);
            assert!(
                (y - dy).abs() < 0.02,
                "dx {dx} dy {dy}: power {p} lands at {y}"
            );
        }
        // Out of reach: full power; a target above the 45° line cannot be reached at 45° either.
        assert_eq!(power_to_reach(50.0, 0.0, 1.0, 9.0, 9.81), 1000);
        assert_eq!(power_to_reach(1.0, 2.0, 1.0, 9.0, 9.81), 1000);
    }
}
