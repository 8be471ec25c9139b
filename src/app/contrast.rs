//! Reading contrast, window-free: WCAG 2.x relative luminance and contrast ratio, and the colour
//! behind a text worked out from the fills drawn before it (rectangles of one colour or a
//! vertical gradient, possibly translucent, over the screen's clear colour).

use super::frame::Area;

/// A colour as red, green, blue and alpha, each 0..1 (sRGB, like macroquad's `Color`).
pub type Rgba = [f32; 4];

/// The least contrast a text may have with what is behind it (WCAG 2.2, 1.4.3, normal text).
pub const LEAST: f32 = 4.5;

/// WCAG relative luminance of an sRGB colour (its alpha ignored).
pub fn luminance(c: Rgba) -> f32 {
    let lin = |v: f32| {
        let v = v.clamp(0.0, 1.0);
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])
}

/// WCAG contrast ratio of two colours, 1 (none) to 21 (black on white).
pub fn ratio(a: Rgba, b: Rgba) -> f32 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// `top` blended over the opaque `under`, as the renderer's alpha blending does it.
pub fn over(top: Rgba, under: Rgba) -> Rgba {
    let k = top[3].clamp(0.0, 1.0);
    [
        top[0] * k + under[0] * (1.0 - k),
        top[1] * k + under[1] * (1.0 - k),
        top[2] * k + under[2] * (1.0 - k),
        1.0,
    ]
}

/// A filled rectangle: one colour, or a vertical gradient from `top` to `bottom`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fill {
    pub area: Area,
    pub top: Rgba,
    pub bottom: Rgba,
}

impl Fill {
    pub fn solid(area: Area, c: Rgba) -> Self {
        Fill {
            area,
            top: c,
            bottom: c,
        }
    }

    /// Its colour at a point inside it, or `None` outside.
    fn at(&self, x: f32, y: f32) -> Option<Rgba> {
        let a = self.area;
        if a.w <= 0.0 || a.h <= 0.0 || !a.contains(x, y) {
            return None;
        }
        let t = ((y - a.y) / a.h).clamp(0.0, 1.0);
        let mut c = [0.0; 4];
        for (i, v) in c.iter_mut().enumerate() {
            *v = self.top[i] + (self.bottom[i] - self.top[i]) * t;
        }
        Some(c)
    }
}

/// The opaque colour at a point: every fill holding it, in drawing order, over `clear`.
pub fn behind_at(fills: &[Fill], clear: Rgba, x: f32, y: f32) -> Rgba {
    let mut c = over(clear, [0.0, 0.0, 0.0, 1.0]);
    for f in fills {
        if let Some(top) = f.at(x, y) {
            c = over(top, c);
        }
    }
    c
}

/// What is behind a text's box with the least contrast against its `ink` (judged at nine points
/// spread over the box, so a plate that covers only part of a text does not pass it; a
/// translucent ink blended over it), and that contrast.
pub fn behind_text(fills: &[Fill], clear: Rgba, b: Area, ink: Rgba) -> (Rgba, f32) {
    let near: Vec<Fill> = fills
        .iter()
        .filter(|f| {
            let a = f.area;
            a.x <= b.x + b.w && a.x + a.w >= b.x && a.y <= b.y + b.h && a.y + a.h >= b.y
        })
        .copied()
        .collect();
    let mut worst: Option<(Rgba, f32)> = None;
    for fx in [0.1, 0.5, 0.9] {
        for fy in [0.2, 0.5, 0.8] {
            let bg = behind_at(&near, clear, b.x + b.w * fx, b.y + b.h * fy);
            let r = ratio(over(ink, bg), bg);
            if worst.is_none_or(|(_, w)| r < w) {
                worst = Some((bg, r));
            }
        }
    }
    worst.unwrap_or((clear, ratio(ink, clear)))
}

/// A colour as `#rrggbb`.
pub fn hex(c: Rgba) -> String {
    let b = |v: f32| (v.clamp(0.0, 1.0) * 255.0).round() as u8;
    format!("#{:02x}{:02x}{:02x}", b(c[0]), b(c[1]), b(c[2]))
}

#[cfg(test)]
mod tests {
    use super::*;

    const WHITE: Rgba = [1.0, 1.0, 1.0, 1.0];
    const BLACK: Rgba = [0.0, 0.0, 0.0, 1.0];

    fn from_hex(s: &str) -> Rgba {
        let v = |i: usize| u8::from_str_radix(&s[i..i + 2], 16).unwrap_or(0) as f32 / 255.0;
        [v(1), v(3), v(5), 1.0]
    }

    #[test]
    fn contrast_is_wcag_s_ratio_of_relative_luminances() {
        assert!((ratio(WHITE, BLACK) - 21.0).abs() < 1e-3);
        assert!((ratio(BLACK, WHITE) - 21.0).abs() < 1e-3);
        assert!((ratio(WHITE, WHITE) - 1.0).abs() < 1e-6);
        // Known pairs: #767676 on white is the lightest grey that passes 4.5:1 (4.54).
        assert!((ratio(from_hex("#767676"), WHITE) - 4.54).abs() < 0.01);
        assert!((ratio(from_hex("#777777"), WHITE) - 4.48).abs() < 0.01);
        // Pure red on white, 4.0; the luminance of sRGB mid grey #808080 is 0.216.
        assert!((ratio(from_hex("#ff0000"), WHITE) - 4.0).abs() < 0.01);
        assert!((luminance(from_hex("#808080")) - 0.2159).abs() < 1e-3);
    }

    #[test]
    fn the_colour_behind_is_the_fills_under_it_blended_in_drawing_order() {
        let clear = from_hex("#1c2129");
        let whole = Area::new(0.0, 0.0, 100.0, 100.0);
        // Nothing drawn: the clear colour.
        assert_eq!(behind_at(&[], clear, 5.0, 5.0), clear);
        // A half-black veil over white.
        let fills = [
            Fill::solid(whole, WHITE),
            Fill::solid(Area::new(0.0, 0.0, 50.0, 100.0), [0.0, 0.0, 0.0, 0.5]),
        ];
        assert_eq!(behind_at(&fills, clear, 10.0, 10.0), [0.5, 0.5, 0.5, 1.0]);
        assert_eq!(behind_at(&fills, clear, 80.0, 10.0), WHITE);
        // A gradient from black at its top to white at its bottom.
        let g = [Fill {
            area: whole,
            top: BLACK,
            bottom: WHITE,
        }];
        let mid = behind_at(&g, clear, 50.0, 50.0);
        assert!((mid[0] - 0.5).abs() < 1e-6, "{mid:?}");
    }

    #[test]
    fn a_text_half_off_its_plate_is_judged_by_the_worse_part() {
        let sky = from_hex("#e6e0c7");
        let plate = Fill::solid(Area::new(0.0, 0.0, 60.0, 20.0), [0.0, 0.0, 0.0, 0.9]);
        let fills = [Fill::solid(Area::new(0.0, 0.0, 200.0, 200.0), sky), plate];
        let white = from_hex("#f0f0eb");
        let (_, on) = behind_text(&fills, BLACK, Area::new(5.0, 5.0, 50.0, 10.0), white);
        assert!(on > 10.0, "{on}");
        let (bg, off) = behind_text(&fills, BLACK, Area::new(5.0, 5.0, 120.0, 10.0), white);
        assert_eq!(hex(bg), "#e6e0c7");
        assert!(off < 1.5, "{off}");
    }
}
