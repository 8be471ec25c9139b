//! Colour maths shared by the table's drawing (`draw`) and the scene behind it (`backdrop`),
//! kept apart so neither imports the other.

use macroquad::color::Color;

/// Lighter towards white (`k` > 0) or darker towards black (`k` < 0), alpha kept.
pub fn shade(c: Color, k: f32) -> Color {
    if k >= 0.0 {
        Color::new(
            c.r + (1.0 - c.r) * k,
            c.g + (1.0 - c.g) * k,
            c.b + (1.0 - c.b) * k,
            c.a,
        )
    } else {
        Color::new(c.r * (1.0 + k), c.g * (1.0 + k), c.b * (1.0 + k), c.a)
    }
}

/// The same colour at alpha `a`.
pub fn with_alpha(c: Color, a: f32) -> Color {
    Color::new(c.r, c.g, c.b, a)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shade_moves_towards_white_or_black_and_keeps_alpha() {
        let c = Color::new(0.5, 0.2, 0.8, 0.4);
        let light = shade(c, 0.5);
        assert_eq!((light.r, light.g, light.b, light.a), (0.75, 0.6, 0.9, 0.4));
        let dark = shade(c, -0.5);
        assert_eq!((dark.r, dark.g, dark.b, dark.a), (0.25, 0.1, 0.4, 0.4));
        assert_eq!(shade(c, 0.0), c);
    }
}
