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
}
