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

/// Of the height a side view has to spare (bounds wider than the screen), the share shown
/// below the bounds (the near tabletop); the rest is sky above them.
pub const SPARE_BELOW: f32 = 0.7;

/// A side view's bounds grown downwards so that, fitted to `area`, the table's pieces sit low
/// with at most `1 - SPARE_BELOW` of the spare height as sky above them and the rest as
/// tabletop in front (a wide table on a tall screen is not a thin strip in the middle of an
/// empty sky). Bounds that already fill the height, or are broken, are returned as they are.
pub fn side_bounds(bounds: [f32; 4], area: Area) -> [f32; 4] {
    let [x0, y0, x1, y1] = bounds;
    let (w, h) = (x1 - x0, y1 - y0);
    let ok = bounds.iter().all(|v| v.is_finite()) && w > 0.0 && h > 0.0;
    if !ok || area.w < 1.0 || area.h < 1.0 {
        return bounds;
    }
    let shown = w * area.h / area.w;
    if shown <= h {
        return bounds;
    }
    // `fit` centres what is left over: grow the bottom so that what it shares out lands
    // `SPARE_BELOW` below and the rest above.
    let spare = shown - h;
    [x0, y0 - spare * (2.0 * SPARE_BELOW - 1.0), x1, y1]
}

/// Of a side view framed for a turn (`turn_bounds`), the share of the area's height below the
/// table's top edge (the near tabletop).
pub const TURN_BELOW: f32 = 0.18;
/// Of the area's width, the room left beyond the pieces on a side with no launcher (1%: at 3%
/// Feud's fortress stood a point short of a quarter of the height at 1180x820).
const TURN_MARGIN: f32 = 0.01;
/// Room above the tallest piece, as a share of the area's height (the start of a lob).
const TURN_HEADROOM: f32 = 0.05;
/// Held upright, the room behind the launcher beyond a full pull, as a share of the width.
pub const PORTRAIT_SLACK: f32 = 0.05;

/// What a turn's framing is built from: the pieces on the table (bodies other than the table
/// itself, within the game's bounds), the launcher and how far a full pull reaches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TurnShot {
    /// The launcher, metres.
    pub launcher: [f32; 2],
    /// The launcher shoots right (+1), left (-1) or either way (0): its pull goes the other way.
    pub facing: i8,
    /// A full pull (plus the grab ring), as a share of the area's shorter side.
    pub pull: f32,
}

/// The box (metres) around the pieces of `view` inside `bounds` and the launcher: what a turn
/// is about, from the launcher to its targets.
pub fn pieces_box(
    view: &engine::core::TableView,
    bounds: [f32; 4],
    launcher: [f32; 2],
) -> [f32; 4] {
    let [bx0, _, bx1, _] = bounds;
    let mut b = [launcher[0], launcher[1].max(0.0), launcher[0], launcher[1]];
    for body in &view.bodies {
        if body.look == engine::core::Look::Table || !body.x.is_finite() || !body.y.is_finite() {
            continue;
        }
        // Half its extent across and up, turned as it lies (a flat mat is not as tall as wide).
        let (rx, ry) = match body.shape {
            engine::core::BodyShape::Rect { hw, hh } => {
                let (s, c) = (body.angle.sin().abs(), body.angle.cos().abs());
                (hw * c + hh * s, hw * s + hh * c)
            }
            engine::core::BodyShape::Circle { r } => (r, r),
        };
        let sane = |r: f32| {
            if r.is_finite() {
                r.clamp(0.0, 1.0)
            } else {
                0.0
            }
        };
        let (rx, ry) = (sane(rx), sane(ry));
        if body.x + rx < bx0 || body.x - rx > bx1 {
            continue;
        }
        b = [
            b[0].min(body.x - rx),
            b[1].min((body.y - ry).max(0.0)),
            b[2].max(body.x + rx),
            b[3].max(body.y + ry),
        ];
    }
    b
}

/// The top (metres) of the pieces of `view` inside `bounds` across (the table's edge, 0, when
/// there are none).
pub fn pieces_top(view: &engine::core::TableView, bounds: [f32; 4]) -> f32 {
    pieces_box(view, bounds, [bounds[0], 0.0])[3]
}

/// Places within this distance (metres) of the nearest one are aimed at with it (a mat's towers,
/// a fortress and its soldiers).
const AIM_GROUP: f32 = 0.35;

/// The x-range (metres) of what a turn aims at first: the nearest of `places` (a game lists the
/// places to aim at nearest first, the shooter's own last: `Draw::aim_places`) and the places
/// within `AIM_GROUP` of it on its side of the launcher (at `launcher_x`). None without places.
pub fn aim_group(places: &[engine::core::AimPlace], launcher_x: f32) -> Option<[f32; 2]> {
    let first = places
        .first()
        .filter(|p| p.x.is_finite() && launcher_x.is_finite())?;
    let side = (first.x - launcher_x).signum();
    let near = places.iter().filter(|p| {
        (p.x - first.x).abs() <= AIM_GROUP
            && (p.x - launcher_x).signum() == side
            && p.half_width.is_finite()
    });
    Some(near.fold([first.x, first.x], |r, p| {
        [r[0].min(p.x - p.half_width), r[1].max(p.x + p.half_width)]
    }))
}

/// `bounds` narrowed across to what a turn aims at first: from the launcher (at `launcher_x`) to
/// the far side of `aim_group`. A turn framed by them shows the shooter and that target as
/// large as the width allows; the rest of the table is one tap away (Whole table) and the
/// flight is followed wherever it goes. No places: `bounds` as they are.
pub fn aim_focus(bounds: [f32; 4], places: &[engine::core::AimPlace], launcher_x: f32) -> [f32; 4] {
    match aim_group(places, launcher_x) {
        Some([g0, g1]) => [
            g0.min(launcher_x).max(bounds[0]),
            bounds[1],
            g1.max(launcher_x).min(bounds[2]),
            bounds[3],
        ],
        None => bounds,
    }
}

/// The bounds that frame a turn in `area` the way a family's tablet game does: the table's top
/// edge low (`TURN_BELOW` of the height under it), the pieces from the launcher to the farthest
/// target across the width, room behind the launcher for a full pull, and headroom above the
/// tallest piece. The result has the area's aspect, so `Frame::fit` maps it exactly onto it.
/// Broken input returns `bounds` unchanged.
pub fn turn_bounds(
    view: &engine::core::TableView,
    bounds: [f32; 4],
    shot: TurnShot,
    area: Area,
) -> [f32; 4] {
    let ok = bounds
        .iter()
        .chain(shot.launcher.iter())
        .all(|v| v.is_finite());
    if !ok || area.w < 1.0 || area.h < 1.0 {
        return bounds;
    }
    let (aw, ah) = (area.w, area.h);
    let [px0, _, px1, py1] = pieces_box(view, bounds, shot.launcher);
    let pw = (px1 - px0).max(MIN_EXTENT);
    // Room (pixels) behind the launcher: a full pull, mostly sideways; held upright, a flat
    // full pull and a fingertip more (a narrow screen has no slack beside the pull).
    let pull = if ah > aw {
        shot.pull * aw.min(ah) + PORTRAIT_SLACK * aw
    } else {
        shot.pull * aw.min(ah) * 0.85
    };
    let pull = pull.max(TURN_MARGIN * aw);
    let (lx, margin) = (shot.launcher[0], TURN_MARGIN * aw);
    let left_px = if shot.facing >= 0 { pull } else { margin };
    let right_px = if shot.facing <= 0 { pull } else { margin };
    // The launcher's own room counts from the launcher, not from the pieces' edge.
    let behind_l = (lx - px0).max(0.0);
    let behind_r = (px1 - lx).max(0.0);
    let mut scale = f32::MAX;
    // Widths: the pieces and the margins fit across.
    scale = scale.min((aw - margin * 2.0).max(1.0) / pw);
    for _ in 0..3 {
        let need_l = (left_px - behind_l * scale).max(margin);
        let need_r = (right_px - behind_r * scale).max(margin);
        let fits = ((aw - need_l - need_r).max(aw * 0.2)) / pw;
        scale = scale.min(fits);
    }
    // Heights: the tallest piece and the headroom over it above the table's top edge.
    let above = ah * (1.0 - TURN_BELOW - TURN_HEADROOM);
    if py1 > 0.0 {
        scale = scale.min(above / py1);
    }
    if !scale.is_finite() || scale <= 0.0 {
        return bounds;
    }
    let (ww, wh) = (aw / scale, ah / scale);
    // Across: the pieces centred between the room each side needs.
    let need_l = (left_px / scale - behind_l).max(margin / scale);
    let need_r = (right_px / scale - behind_r).max(margin / scale);
    let spare = (ww - pw - need_l - need_r).max(0.0);
    let x0 = px0 - need_l - spare * 0.5;
    let y0 = -below_for(py1.max(0.0) / wh) * wh;
    [x0, y0, x0 + ww, y0 + wh]
}

/// Of a side view's height, the share at most left as empty sky over the tallest piece.
pub const MAX_SKY: f32 = 0.33;
/// Of a side view's height, the share at most under the table's top edge.
const MAX_BELOW: f32 = 0.45;

/// The share of the height under the table's top edge when the pieces stand `pieces` of it
/// tall: `TURN_BELOW`, or more tabletop in front when a wide table leaves the pieces short
/// (a table seen from a chair, not a thin strip under an empty sky).
fn below_for(pieces: f32) -> f32 {
    (1.0 - MAX_SKY - pieces).clamp(TURN_BELOW, MAX_BELOW)
}

/// A game's own close-up (`Game::aim_bounds`: Catapults' lever to its box) framed the way a
/// turn is: the table's top edge (world height 0) low, the close-up's width across the area
/// when its height fits above the edge, else its height fitted and the width grown about its
/// middle; as for a turn, no more than `MAX_SKY` of the height is empty sky over the pieces'
/// `top` (metres) when the width leaves them short. The result has the area's aspect. Bounds
/// with no table edge inside them, or broken ones, get `side_bounds`.
pub fn close_up_bounds(bounds: [f32; 4], top: f32, area: Area) -> [f32; 4] {
    let [x0, y0, x1, y1] = bounds;
    let (w, h) = (x1 - x0, y1 - y0);
    let ok = bounds.iter().all(|v| v.is_finite()) && w > 0.0 && h > 0.0;
    if !ok || area.w < 1.0 || area.h < 1.0 || y0 > 0.0 || y1 <= 0.0 {
        return side_bounds(bounds, area);
    }
    let (aw, ah) = (area.w, area.h);
    // The height shown: the width's, or more when the close-up above the edge needs it (a
    // flick's lob over the pieces may leave the top: the flight is followed).
    let wh = (w * ah / aw).max(y1 / (1.0 - TURN_BELOW));
    let top = if top.is_finite() {
        top.clamp(0.0, y1)
    } else {
        0.0
    };
    let below = below_for(top / wh);
    let ww = wh * aw / ah;
    let cx = (x0 + x1) * 0.5;
    let bottom = -below * wh;
    [cx - ww * 0.5, bottom, cx + ww * 0.5, bottom + wh]
}

/// The player's zoom on top of the game's framing: `zoom` 1 shows the whole of the bounds, more
/// magnifies about `centre` (a world point, metres). The view never pans outside the bounds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    pub zoom: f32,
    pub centre: Option<(f32, f32)>,
}

impl Default for Camera {
    fn default() -> Self {
        Camera {
            zoom: 1.0,
            centre: None,
        }
    }
}

/// The strongest zoom the player can ask for (times the fitted scale).
pub const MAX_ZOOM: f32 = 6.0;

impl Camera {
    pub fn is_fit(&self) -> bool {
        self.zoom <= 1.0 + 1e-3
    }

    /// The frame for `bounds` in `area` through this camera.
    pub fn frame(&self, bounds: [f32; 4], area: Area) -> Frame {
        let base = Frame::fit(bounds, area);
        if self.is_fit() {
            return base;
        }
        let scale = base.scale * self.zoom.min(MAX_ZOOM);
        // The bounds as `fit` saw them (sane and ordered): the world rectangle on screen at zoom 1.
        let (wx0, wy1) = base.to_world(area.x, area.y);
        let (wx1, wy0) = base.to_world(area.x + area.w.max(1.0), area.y + area.h.max(1.0));
        let (mx, my) = ((wx0 + wx1) * 0.5, (wy0 + wy1) * 0.5);
        let (cx, cy) = self.centre.unwrap_or((mx, my));
        // Keep the visible rectangle inside the zoom-1 rectangle.
        let hw = area.w.max(1.0) * 0.5 / scale;
        let hh = area.h.max(1.0) * 0.5 / scale;
        let clamp = |c: f32, lo: f32, hi: f32, half: f32| {
            if hi - lo <= 2.0 * half {
                (lo + hi) * 0.5
            } else {
                c.clamp(lo + half, hi - half)
            }
        };
        let cx = clamp(cx, wx0, wx1, hw);
        let cy = clamp(cy, wy0, wy1, hh);
        let (acx, acy) = (
            area.x + area.w.max(1.0) * 0.5,
            area.y + area.h.max(1.0) * 0.5,
        );
        Frame {
            scale,
            ox: acx - cx * scale,
            oy: acy + cy * scale,
        }
    }

    /// Zooms by `factor` keeping the world point under the screen point (sx, sy) where it is
    /// (a mouse wheel over the table, the middle of a pinch). Zoom stays within 1..=MAX_ZOOM.
    pub fn zoom_at(&mut self, factor: f32, sx: f32, sy: f32, bounds: [f32; 4], area: Area) {
        if !factor.is_finite() || factor <= 0.0 {
            return;
        }
        let f = self.frame(bounds, area);
        let (wx, wy) = f.to_world(sx, sy);
        let zoom = (self.zoom * factor).clamp(1.0, MAX_ZOOM);
        let scale = Frame::fit(bounds, area).scale * zoom;
        let (acx, acy) = (
            area.x + area.w.max(1.0) * 0.5,
            area.y + area.h.max(1.0) * 0.5,
        );
        self.zoom = zoom;
        self.centre = Some((wx - (sx - acx) / scale, wy + (sy - acy) / scale));
        // Store the clamped centre, so zooming out later starts from what is on the screen.
        let g = self.frame(bounds, area);
        self.centre = Some(g.to_world(acx, acy));
    }

    /// The bounds changed from `old` to `new` (a map that grew): a fitted camera stays fitted
    /// (the view frames the new bounds); a zoomed one keeps its scale on screen and its centre,
    /// so the player's view does not jump.
    pub fn refit(&mut self, old: [f32; 4], new: [f32; 4], area: Area) {
        if self.is_fit() {
            *self = Camera::default();
            return;
        }
        let shown = Frame::fit(old, area).scale * self.zoom.min(MAX_ZOOM);
        let zoom = shown / Frame::fit(new, area).scale;
        if !zoom.is_finite() || zoom <= 1.0 + 1e-3 {
            *self = Camera::default();
            return;
        }
        let centre = self.centre;
        self.zoom = zoom.min(MAX_ZOOM);
        self.centre = centre;
        let (acx, acy) = area.centre();
        self.centre = Some(self.frame(new, area).to_world(acx, acy));
    }

    /// Moves the view by a screen distance (a drag with two fingers).
    pub fn pan_by(&mut self, dx: f32, dy: f32, bounds: [f32; 4], area: Area) {
        if self.is_fit() || !dx.is_finite() || !dy.is_finite() {
            return;
        }
        let f = self.frame(bounds, area);
        let (acx, acy) = area.centre();
        self.centre = Some(f.to_world(acx - dx, acy - dy));
        let g = self.frame(bounds, area);
        self.centre = Some(g.to_world(acx, acy));
    }
}

pub mod shot;
pub mod target;

#[cfg(test)]
mod tests;
