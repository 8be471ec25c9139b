//! Camera framing without a window: fits a table's bounds (metres, y up) into a screen area
//! (logical pixels, y down) for any aspect ratio, and maps points both ways.

/// A screen rectangle in logical pixels (y down).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Area {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
}

impl Area {
    pub fn new(x: f32, y: f32, w: f32, h: f32) -> Self {
        Area { x, y, w, h }
    }

    pub fn contains(&self, px: f32, py: f32) -> bool {
        px >= self.x && py >= self.y && px <= self.x + self.w && py <= self.y + self.h
    }

    pub fn centre(&self) -> (f32, f32) {
        (self.x + self.w * 0.5, self.y + self.h * 0.5)
    }

    /// The area shrunk by `m` on every side (never below zero size).
    pub fn inset(&self, m: f32) -> Area {
        let m = m.min(self.w * 0.5).min(self.h * 0.5).max(0.0);
        Area::new(self.x + m, self.y + m, self.w - 2.0 * m, self.h - 2.0 * m)
    }
}

/// World (metres, y up) to screen (pixels, y down): `sx = ox + x * scale`, `sy = oy - y * scale`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    /// Pixels per metre.
    pub scale: f32,
    pub ox: f32,
    pub oy: f32,
}

/// Smallest world extent framed, metres (a degenerate view still gets a sane zoom).
const MIN_EXTENT: f32 = 0.05;

impl Frame {
    /// Fits `bounds` = [min x, min y, max x, max y] into `area`, centred, aspect kept.
    pub fn fit(bounds: [f32; 4], area: Area) -> Frame {
        let ok = bounds.iter().all(|v| v.is_finite());
        let [x0, y0, x1, y1] = if ok { bounds } else { [-1.0, -1.0, 1.0, 1.0] };
        let (x0, x1) = if x1 >= x0 { (x0, x1) } else { (x1, x0) };
        let (y0, y1) = if y1 >= y0 { (y0, y1) } else { (y1, y0) };
        let w = (x1 - x0).max(MIN_EXTENT);
        let h = (y1 - y0).max(MIN_EXTENT);
        let aw = area.w.max(1.0);
        let ah = area.h.max(1.0);
        let scale = (aw / w).min(ah / h);
        let (cx, cy) = ((x0 + x1) * 0.5, (y0 + y1) * 0.5);
        let (acx, acy) = (area.x + aw * 0.5, area.y + ah * 0.5);
        Frame {
            scale,
            ox: acx - cx * scale,
            oy: acy + cy * scale,
        }
    }

    pub fn to_screen(&self, x: f32, y: f32) -> (f32, f32) {
        (self.ox + x * self.scale, self.oy - y * self.scale)
    }

    pub fn to_world(&self, sx: f32, sy: f32) -> (f32, f32) {
        ((sx - self.ox) / self.scale, (self.oy - sy) / self.scale)
    }

    /// A screen length in metres.
    pub fn metres(&self, pixels: f32) -> f32 {
        pixels / self.scale
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f32, b: f32) -> bool {
        (a - b).abs() < 1e-3
    }

    #[test]
    fn fits_wide_bounds_into_a_portrait_phone_and_a_4k_screen() {
        let bounds = [-2.0, -0.5, 2.0, 1.5];
        for area in [
            Area::new(0.0, 100.0, 390.0, 600.0),
            Area::new(0.0, 0.0, 3840.0, 2160.0),
        ] {
            let f = Frame::fit(bounds, area);
            let (ax, ay) = f.to_screen(bounds[0], bounds[3]);
            let (bx, by) = f.to_screen(bounds[2], bounds[1]);
            assert!(
                ax >= area.x - 0.01 && bx <= area.x + area.w + 0.01,
                "{ax} {bx}"
            );
            assert!(
                ay >= area.y - 0.01 && by <= area.y + area.h + 0.01,
                "{ay} {by}"
            );
            // One of the two extents fills the area exactly.
            let fills_w = close(bx - ax, area.w);
            let fills_h = close(by - ay, area.h);
            assert!(fills_w || fills_h, "fills {fills_w} {fills_h}");
            // Centred.
            let (cx, cy) = f.to_screen(0.0, 0.5);
            assert!(close(cx, area.x + area.w / 2.0) && close(cy, area.y + area.h / 2.0));
        }
    }

    #[test]
    fn screen_and_world_round_trip_with_y_up() {
        let f = Frame::fit([0.0, 0.0, 1.0, 1.0], Area::new(10.0, 20.0, 200.0, 100.0));
        let (sx, sy) = f.to_screen(0.25, 0.75);
        let (x, y) = f.to_world(sx, sy);
        assert!(close(x, 0.25) && close(y, 0.75));
        let (_, low) = f.to_screen(0.0, 0.0);
        let (_, high) = f.to_screen(0.0, 1.0);
        assert!(high < low, "y up in the world is up on the screen");
    }

    #[test]
    fn degenerate_or_broken_bounds_still_frame_something() {
        let f = Frame::fit([1.0, 1.0, 1.0, 1.0], Area::new(0.0, 0.0, 100.0, 100.0));
        assert!(f.scale.is_finite() && f.scale > 0.0);
        let f = Frame::fit([f32::NAN, 0.0, 1.0, 1.0], Area::new(0.0, 0.0, 0.0, 0.0));
        assert!(f.scale.is_finite() && f.scale > 0.0);
        let f = Frame::fit([2.0, 2.0, -2.0, -2.0], Area::new(0.0, 0.0, 400.0, 400.0));
        assert!(close(f.scale, 100.0));
    }
}
