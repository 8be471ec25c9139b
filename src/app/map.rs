//! A tile map on the in-game screen (`Scene::Map`): framing it (it frames itself as it grows,
//! the player pans and zooms), running the map's input (`grid`), and drawing tiles from their
//! art, the open cells, the ghost of the piece in hand, pieces and spots.

use super::bottom_bar::BarButton;
use super::frame::{Area, Camera, Frame};
use super::grid::{self, GridAction, GridInput};
use super::keymap::{self, MapKey, MapStep};
use super::play::Play;
use super::route::Owner;
use super::ui::*;
use super::{log, App};
use engine::core::scene::{cell_point, rotate_local, Cell, GridStep, PieceKind};
use engine::core::{ArtShape, GridPrompt, TileArt, TileMapView};
use macroquad::prelude::*;

impl App {
    /// Frames, runs and draws the map; returns the frame used (pixels per cell).
    pub(super) fn draw_map(
        &mut self,
        p: &mut Play,
        map: &TileMapView,
        prompt: Option<&GridPrompt>,
        seat: Option<usize>,
        active: bool,
    ) -> Frame {
        let u = self.ui.u;
        let ta = self.table.area;
        self.ui.panel(ta, TABLE_BG);
        let placing = prompt.is_some_and(|g| g.step == GridStep::Place) && map.in_hand.is_some();
        let (hand, framed) = map_framing(ta, u, placing);
        let bounds = map.bounds;
        if !self.table.camera_map {
            self.table.camera = Camera::default();
            self.table.camera_map = true;
        } else if bounds != self.table.camera_bounds {
            self.table
                .camera
                .refit(self.table.camera_bounds, bounds, framed);
        }
        self.table.camera_bounds = bounds;
        let (_, wheel) = mouse_wheel();
        let (mx, my) = mouse_position();
        if active && wheel != 0.0 && ta.contains(mx, my) {
            let factor = if wheel > 0.0 { 1.25 } else { 0.8 };
            self.table.camera.zoom_at(factor, mx, my, bounds, framed);
        }
        // The input for this prompt (a new prompt, seat or tile starts afresh).
        let tag = format!(
            "{:?}:{:?}:{}:{}",
            seat,
            prompt.map(|g| (g.step, g.action.clone())),
            map.tiles.len(),
            map.pieces.len()
        );
        if starts_afresh(active, &tag, &self.table.grid_tag) {
            self.table.grid_tag = tag;
            self.table.grid = GridInput::default();
            if let (Some(g), Some(_)) = (prompt, seat) {
                let open: Vec<String> = map
                    .legal
                    .iter()
                    .map(|l| format!("{},{}:{:?}", l.cell[0], l.cell[1], l.rotations))
                    .collect();
                log(&format!(
                    "grid {} {} open={} spots={}",
                    if g.step == GridStep::Place {
                        "place"
                    } else {
                        "spot"
                    },
                    g.action,
                    open.join(";"),
                    map.spots.len()
                ));
            }
        }
        let f = self.table.camera.frame(bounds, framed);
        if active {
            self.map_input(p, map, prompt, seat, &f, hand, bounds, framed);
        }
        let f = self.table.camera.frame(bounds, framed);
        self.table.frame = Some(f);
        self.probe.map = Some((f.scale, f.ox, f.oy));
        self.probe.ghost = self.table.grid.ghost.map(|g| g.1 as i32).unwrap_or(-1);
        self.draw_map_clipped(map, &f, placing && seat.is_some());
        if let (Some(h), Some(art)) = (hand, map.in_hand.and_then(|a| map.arts.get(a))) {
            self.draw_hand(h, art, seat.is_some());
        }
        if let (Some(g), Some(_)) = (prompt, seat) {
            self.map_hint(map, g, &f);
        }
        self.draw_round_rest(&f);
        f
    }

    /// The map as the replay viewer shows it, in the table area: framed whole, without input,
    /// the tile about to be laid in the hand box. Returns the frame used.
    pub(super) fn draw_map_still(&mut self, map: &TileMapView) -> Frame {
        let u = self.ui.u;
        let ta = self.table.area;
        self.ui.panel(ta, TABLE_BG);
        let art = map.in_hand.and_then(|a| map.arts.get(a));
        let (hand, framed) = map_framing(ta, u, art.is_some());
        let f = Camera::default().frame(map.bounds, framed);
        self.table.frame = Some(f);
        // The game's own map input (a tile staged but not confirmed) is left as it is: the
        // player finds it where they left it. Only the camera starts fitted again.
        self.table.camera_map = false;
        self.draw_map_clipped(map, &f, false);
        if let (Some(h), Some(art)) = (hand, art) {
            self.draw_hand(h, art, false);
        }
        f
    }

    /// The map's layers, clipped to the table area (the laid tiles from their cached texture
    /// when the map stands still).
    fn draw_map_clipped(&mut self, map: &TileMapView, f: &Frame, placing: bool) {
        let ta = self.table.area;
        let dpi = screen_dpi_scale().max(0.01);
        let clip = (
            (ta.x * dpi) as i32,
            (ta.y * dpi) as i32,
            (ta.w * dpi).ceil() as i32,
            (ta.h * dpi).ceil() as i32,
        );
        let cached = self.table.tile_layer.update(map, f, ta, dpi);
        // SAFETY: macroquad's internal GL context is borrowed on the main thread for each call
        // and not kept across frames (the scissor rectangle is in physical pixels).
        unsafe { get_internal_gl() }.quad_gl.scissor(Some(clip));
        self.ui.set_clip(Some(ta));
        self.draw_map_layers(map, f, placing, cached);
        self.ui.set_clip(None);
        // SAFETY: as above.
        unsafe { get_internal_gl() }.quad_gl.scissor(None);
    }

    /// Runs this frame's pointer events through the map's input and acts on what it asks.
    #[allow(clippy::too_many_arguments)]
    fn map_input(
        &mut self,
        p: &mut Play,
        map: &TileMapView,
        prompt: Option<&GridPrompt>,
        seat: Option<usize>,
        f: &Frame,
        hand: Option<Area>,
        bounds: [f32; 4],
        framed: Area,
    ) {
        let u = self.ui.u;
        let slop = 1.5 * u;
        let spot_radius = (0.18 * f.scale).max(4.0 * u);
        let mut actions = Vec::new();
        // Only presses that begin on the map (not on a button) are the map's.
        for e in self.table.press.events_of(Owner::Map) {
            actions.extend(
                self.table
                    .grid
                    .event(e, map, prompt, seat, f, hand, slop, spot_radius),
            );
        }
        // The mouse hovering (no button down) carries the ghost until it is put down.
        let (mx, my) = mouse_position();
        let moved = Some((mx, my)) != self.table.mouse_last;
        self.table.mouse_last = Some((mx, my));
        if moved && self.table.grid.pointer.is_none() {
            self.table.grid.hover = self.table.area.contains(mx, my).then_some((mx, my));
        }
        for a in actions {
            match a {
                GridAction::Ghost(c, r) => log(&format!("grid ghost x={} y={} r={r}", c[0], c[1])),
                GridAction::Send(mv) => {
                    log(&format!("grid send {} {:?}", mv.action, mv.args));
                    self.decide(p, mv);
                }
                GridAction::Refused(cell, r) => {
                    if let Some(g) = prompt {
                        let why = grid::refusal(p.game(), g, cell, r);
                        self.say(why, true);
                    }
                }
                GridAction::Hint(h) => self.say(h, false),
                GridAction::Pan(dx, dy) => self.table.camera.pan_by(dx, dy, bounds, framed),
                GridAction::Zoom(k, x, y) => {
                    self.table.camera.zoom_at(k, x, y, bounds, framed);
                    log(&format!("map zoom={:.2}", self.table.camera.zoom));
                }
            }
        }
        if let (Some(g), Some(seat)) = (prompt, seat) {
            self.map_keys(p, map, g, seat, f, bounds, framed);
        }
    }

    /// The map by keys (`keymap`): arrows move the tile between lit cells or pick a spot, R or
    /// Q/E turn the tile, Space (or Enter while no button has the focus ring) lays it or puts
    /// the follower, N goes without a follower. The view follows the picked cell or spot.
    #[allow(clippy::too_many_arguments)]
    fn map_keys(
        &mut self,
        p: &mut Play,
        map: &TileMapView,
        g: &GridPrompt,
        seat: usize,
        f: &Frame,
        bounds: [f32; 4],
        framed: Area,
    ) {
        // Going without a follower: the step's one choice (the "No follower" button).
        let skip = g.step == GridStep::Spot && p.game().choices().len() == 1;
        let no_follower = skip && is_key_pressed(KeyCode::N);
        let enter = !self.ui.focused()
            && (is_key_pressed(KeyCode::Enter) || is_key_pressed(KeyCode::KpEnter));
        let setting = super::save::one_switch(self.store.as_ref());
        let step = if no_follower {
            Some(MapStep::Skip)
        } else if setting.on() {
            // One switch: the map lights its cells, turns and spots in turn (no button keeps
            // the ring a scan left on it).
            self.ui.drop_focus();
            let mut step = keymap::switch_tick(
                &mut self.table.grid,
                map,
                g,
                (get_frame_time(), setting.dwell()),
                skip,
            );
            if is_key_pressed(KeyCode::Backspace) {
                keymap::switch_back(&mut self.table.grid);
            }
            if enter || is_key_pressed(KeyCode::Space) {
                step = Some(keymap::switch_press(&mut self.table.grid, map, g, seat));
            }
            step
        } else {
            let pairs = [
                (KeyCode::Left, MapKey::Left),
                (KeyCode::Right, MapKey::Right),
                (KeyCode::Up, MapKey::Up),
                (KeyCode::Down, MapKey::Down),
                (KeyCode::R, MapKey::Turn),
                (KeyCode::E, MapKey::Turn),
                (KeyCode::Q, MapKey::TurnBack),
                (KeyCode::Space, MapKey::Place),
            ];
            let k = pairs
                .iter()
                .find(|(c, _)| is_key_pressed(*c))
                .map(|(_, k)| *k)
                .or(enter.then_some(MapKey::Place));
            if k.is_some_and(|k| k != MapKey::Place) {
                self.ui.drop_focus();
            }
            k.map(|k| keymap::key(&mut self.table.grid, map, g, seat, k))
        };
        let Some(step) = step else {
            return;
        };
        self.table.grid.by_keys = true;
        let shown = match step {
            MapStep::Ghost(c, r) => {
                log(&format!("grid ghost x={} y={} r={r}", c[0], c[1]));
                Some([c[0] as f32 + 0.5, c[1] as f32 + 0.5])
            }
            MapStep::Spot(i) => {
                log(&format!("key-map spot {i}"));
                map.spots.get(i).map(|s| map.on_map(s.cell, s.at))
            }
            MapStep::Send(_) if g.step == GridStep::Place => {
                log("key-map place");
                // The Place button's own path.
                self.bottom_action(p, BarButton::GridPlace, &[], None);
                None
            }
            MapStep::Send(mv) => {
                log(&format!("grid send {} {:?}", mv.action, mv.args));
                self.decide(p, mv);
                None
            }
            MapStep::Skip => {
                // The screen's own "No follower" button.
                let choices = p.game().choices();
                if choices.len() == 1 {
                    log("key-map no follower");
                    self.bottom_action(p, BarButton::Choice(0), &choices, None);
                }
                None
            }
            MapStep::Nothing => None,
        };
        if let Some(q) = shown {
            let at = f.to_screen(q[0], q[1]);
            let (dx, dy) =
                keymap::pan_to_show(at, (framed.x, framed.y, framed.w, framed.h), 0.7 * f.scale);
            if dx != 0.0 || dy != 0.0 {
                self.table.camera.pan_by(dx, dy, bounds, framed);
            }
        }
    }

    /// Tiles, the last one laid, the open cells, pieces, the ghost and the spots.
    fn draw_map_layers(&mut self, map: &TileMapView, f: &Frame, placing: bool, cached: bool) {
        let u = self.ui.u;
        let s = f.scale;
        let pulse = 0.55 + 0.35 * (get_time() as f32 * 4.0).sin();
        if cached {
            self.table.tile_layer.draw(self.table.area);
        } else {
            draw_tiles(map, f);
        }
        if let Some(c) = map.last {
            let (x, y) = f.to_screen(c[0] as f32, c[1] as f32 + 1.0);
            draw_rectangle_lines(
                x,
                y,
                s,
                s,
                (u * 0.5).max(2.0),
                Color::new(1.0, 1.0, 1.0, 0.8),
            );
        }
        if placing {
            for l in &map.legal {
                let (x, y) = f.to_screen(l.cell[0] as f32, l.cell[1] as f32 + 1.0);
                draw_rectangle(
                    x,
                    y,
                    s,
                    s,
                    Color::new(ACCENT.r, ACCENT.g, ACCENT.b, 0.12 + 0.12 * pulse),
                );
                draw_rectangle_lines(
                    x + 1.0,
                    y + 1.0,
                    s - 2.0,
                    s - 2.0,
                    (u * 0.3).max(1.0),
                    Color::new(ACCENT.r, ACCENT.g, ACCENT.b, 0.5 + 0.4 * pulse),
                );
            }
        }
        let small = self.ui.size(2.2);
        for piece in &map.pieces {
            let q = map.on_map(piece.cell, piece.at);
            let (x, y) = f.to_screen(q[0], q[1]);
            let size = (0.22 * s).max(2.5 * u);
            draw_piece(piece.kind, x, y, size, rgb(piece.rgb));
        }
        // Then the seat's number on a badge in its colour at each piece's foot (not over it),
        // over every piece; a badge (or label) that would meet one placed before it waits for
        // the map to be zoomed in.
        let mut placed: Vec<Area> = Vec::new();
        for piece in &map.pieces {
            let q = map.on_map(piece.cell, piece.at);
            let (x, y) = f.to_screen(q[0], q[1]);
            let size = (0.22 * s).max(2.5 * u);
            let n = (piece.seat + 1).to_string();
            let c = rgb(piece.rgb);
            let w = self.ui.measure(&n, small);
            let pad = small * 0.2;
            let (bx, by) = (x + size * 0.3, y + size * 0.2);
            let badge = Area::new(bx - pad, by - pad * 0.5, w + 2.0 * pad, small + pad);
            if placed.iter().any(|p| overlap(*p, badge)) {
                continue;
            }
            placed.push(badge);
            self.ui.panel(badge, c);
            self.ui.text(&n, bx, by, small, super::ui::ink_on(c));
            if let Some(l) = &piece.label {
                let l = plain(l);
                let lx = bx + w + 3.0 * pad;
                let plate = Area::new(
                    lx - pad,
                    by - pad,
                    self.ui.measure(&l, small) + 2.0 * pad,
                    small + 2.0 * pad,
                );
                if !placed.iter().any(|p| overlap(*p, plate)) {
                    placed.push(plate);
                    self.ui.text_on_plate(&l, lx, by, small, TEXT);
                }
            }
        }
        // The piece in hand: on its cell, under the finger while carried, or following the mouse.
        if let (true, Some(art)) = (placing, map.in_hand.and_then(|a| map.arts.get(a))) {
            let r = self.table.grid.ghost.map(|g| g.1).unwrap_or(0);
            let carried = if self.table.grid.dragging() {
                self.table.grid.pointer
            } else if self.table.grid.ghost.is_none() {
                self.table.grid.hover
            } else {
                None
            };
            if let Some((px, py)) = carried {
                let (wx, wy) = f.to_world(px, py);
                let cell = [wx.floor() as i32, wy.floor() as i32];
                let open = map.rotations_at(cell);
                let shown = if open.contains(&r) || open.is_empty() {
                    r
                } else {
                    open[0]
                };
                cell_outline(f, cell, if open.is_empty() { BAD } else { GOOD }, u);
                let (x0, y0) = (px - s * 0.5, py - s * 0.5);
                draw_art(
                    art,
                    |q| {
                        let t = rotate_local(q, shown);
                        vec2(x0 + t[0] * s, y0 + (1.0 - t[1]) * s)
                    },
                    s,
                    0.55,
                );
            } else if let Some((cell, r)) = self.table.grid.ghost {
                draw_art(art, |q| to_screen(f, cell, q, r), s, 0.85);
                cell_outline(f, cell, GOOD, u);
                // An arrow on the north edge shows which way the tile is turned.
                let tip = to_screen(f, cell, [0.5, 0.97], r);
                let base = to_screen(f, cell, [0.5, 0.8], r);
                draw_line(base.x, base.y, tip.x, tip.y, (u * 0.4).max(1.5), GOOD);
                draw_circle(tip.x, tip.y, (u * 0.6).max(2.0), GOOD);
            }
        }
        for (i, sp) in map.spots.iter().enumerate() {
            let q = map.on_map(sp.cell, sp.at);
            let (x, y) = f.to_screen(q[0], q[1]);
            let r = (0.09 * s).max(1.6 * u);
            if self.table.grid.spot == Some(i) {
                // Picked by keys: the focus ring's colour round it.
                draw_circle_lines(x, y, r + u, (u * 0.6).max(2.5), FOCUS);
            }
            draw_circle(
                x,
                y,
                r,
                Color::new(ACCENT.r, ACCENT.g, ACCENT.b, 0.25 * pulse),
            );
            draw_circle_lines(
                x,
                y,
                r,
                (u * 0.5).max(2.0),
                Color::new(ACCENT.r, ACCENT.g, ACCENT.b, 0.6 + 0.4 * pulse),
            );
            let l = plain(&sp.label);
            let w = self.ui.measure(&l, small);
            self.ui
                .text_on_plate(&l, x - w * 0.5, y + r + 0.6 * u, small, TEXT);
        }
    }

    /// The hand box: the piece in hand, turned as the ghost is, to drag onto the map.
    fn draw_hand(&mut self, h: Area, art: &TileArt, mine: bool) {
        let u = self.ui.u;
        self.ui.panel(h, Color::new(0.0, 0.0, 0.0, 0.35));
        let r = self.table.grid.ghost.map(|g| g.1).unwrap_or(0);
        let side = h.w.min(h.h) - 3.0 * u;
        let (x0, y0) = (h.x + (h.w - side) * 0.5, h.y + h.h - side - 1.5 * u);
        let alpha = if self.table.grid.ghost.is_some() {
            0.5
        } else {
            1.0
        };
        draw_art(
            art,
            |q| {
                let t = rotate_local(q, r);
                vec2(x0 + t[0] * side, y0 + (1.0 - t[1]) * side)
            },
            side,
            alpha,
        );
        let small = self.ui.size(2.2);
        let label = if mine { "Your tile" } else { "Next tile" };
        let w = self.ui.measure(label, small);
        self.ui
            .text(label, h.x + (h.w - w) * 0.5, h.y + 0.3 * u, small, TEXT);
    }

    /// The hint for the step, and the probe's anchor for browser tests.
    fn map_hint(&mut self, map: &TileMapView, g: &GridPrompt, f: &Frame) {
        let centre = |c: Cell| f.to_screen(c[0] as f32 + 0.5, c[1] as f32 + 0.5);
        match g.step {
            GridStep::Place => {
                self.probe.input = 8;
                self.probe.anchor = self
                    .table
                    .grid
                    .ghost
                    .map(|(c, _)| c)
                    .or_else(|| map.legal.first().map(|l| l.cell))
                    .map(centre)
                    .unwrap_or((-1.0, -1.0));
                let switch = super::save::one_switch(self.store.as_ref()).on();
                let hint = if switch && self.table.grid.cell_kept {
                    format!("Press Space to lay the {} turned this way", g.label)
                } else if switch {
                    format!("Press Space to keep the square your {} is on", g.label)
                } else if self.table.grid.by_keys {
                    format!(
                        "The arrows move the {} to a lit square, R turns it, Space lays it",
                        g.label
                    )
                } else if self.table.grid.ghost.is_some() {
                    format!(
                        "Tap the {} again or press Turn to turn it, then Place",
                        g.label
                    )
                } else {
                    format!("Tap a lit square to put your {} there", g.label)
                };
                self.placement_hint(&hint);
            }
            GridStep::Spot => {
                self.probe.input = 9;
                self.probe.anchor = map
                    .spots
                    .first()
                    .map(|s| {
                        let q = map.on_map(s.cell, s.at);
                        f.to_screen(q[0], q[1])
                    })
                    .unwrap_or((-1.0, -1.0));
                let switch = super::save::one_switch(self.store.as_ref()).on();
                let hint = if switch && self.table.grid.spot == Some(map.spots.len()) {
                    "Press Space to go without".to_string()
                } else if switch {
                    format!("Press Space to put your {} on the ringed spot", g.label)
                } else if self.table.grid.by_keys {
                    format!("The arrows pick a spot, Space puts your {} there", g.label)
                } else {
                    format!("Tap a lit spot to put your {} there", g.label)
                };
                self.placement_hint(&hint);
            }
        }
    }
}

/// The hand box (when a tile is in hand) and the area the map is framed in: beside the hand
/// box, not under it.
/// Whether the map input starts afresh: a new prompt, seat or tile does; the game seen paused
/// (under the pause menu, on the way to and from the viewer) shows no prompt and must not, or
/// a tile the player had staged would be lost.
fn starts_afresh(active: bool, tag: &str, current: &str) -> bool {
    active && tag != current
}

fn map_framing(ta: Area, u: f32, with_hand: bool) -> (Option<Area>, Area) {
    let hand = with_hand.then(|| hand_box(ta, u));
    let mut framed = ta.inset(2.0 * u);
    if let Some(h) = hand {
        if ta.w >= ta.h {
            framed.w = (h.x - u - framed.x).max(10.0);
        } else {
            framed.h = (h.y - u - framed.y).max(10.0);
        }
    }
    (hand, framed)
}

/// The hand box in the table area: bottom right (landscape or portrait alike).
fn hand_box(ta: Area, u: f32) -> Area {
    let side = (ta.w.min(ta.h) * 0.24).clamp(14.0 * u, 40.0 * u);
    Area::new(
        ta.x + ta.w - side - 2.0 * u,
        ta.y + ta.h - side - 5.0 * u,
        side,
        side + 3.0 * u,
    )
}

/// A tile-local point of a tile on `cell` turned by `rotation`, on the screen.
fn to_screen(f: &Frame, cell: Cell, q: [f32; 2], rotation: u8) -> Vec2 {
    let m = cell_point(cell, q, rotation);
    let (x, y) = f.to_screen(m[0], m[1]);
    vec2(x, y)
}

fn cell_outline(f: &Frame, cell: Cell, c: Color, u: f32) {
    let (x, y) = f.to_screen(cell[0] as f32, cell[1] as f32 + 1.0);
    draw_rectangle_lines(x, y, f.scale, f.scale, (u * 0.5).max(2.0), c);
}

/// The laid tiles and their seams.
fn draw_tiles(map: &TileMapView, f: &Frame) {
    let s = f.scale;
    for t in &map.tiles {
        if let Some(art) = map.arts.get(t.art) {
            draw_art(art, |q| to_screen(f, t.cell, q, t.rotation), s, 1.0);
        }
        // A thin seam between tiles.
        let (x, y) = f.to_screen(t.cell[0] as f32, t.cell[1] as f32 + 1.0);
        draw_rectangle_lines(x, y, s, s, 1.0, Color::new(0.0, 0.0, 0.0, 0.25));
    }
}

/// The laid tiles drawn once into a texture and drawn from it while nothing about them changes
/// (a late-game map is hundreds of shapes; a software-rendered browser drew it at half the
/// frame rate of an early one). While the map pans or zooms it is drawn directly.
#[derive(Default)]
pub(super) struct TileLayer {
    /// What the texture shows (tiles, arts, framing, size), and what the last frame asked for.
    drawn: Option<u64>,
    asked: Option<u64>,
    target: Option<(RenderTarget, u32, u32)>,
}

impl TileLayer {
    /// Brings the texture up to date when the same map was asked for two frames running;
    /// returns whether it holds this frame's tiles. Call before any scissor is set.
    fn update(&mut self, map: &TileMapView, f: &Frame, area: Area, dpi: f32) -> bool {
        let key = tile_layer_key(map, f, area, dpi);
        let steady = self.asked == Some(key);
        self.asked = Some(key);
        if !steady {
            return false;
        }
        if self.drawn == Some(key) {
            return true;
        }
        let (pw, ph) = (
            (area.w * dpi).ceil().max(1.0) as u32,
            (area.h * dpi).ceil().max(1.0) as u32,
        );
        if !matches!(self.target, Some((_, w, h)) if (w, h) == (pw, ph)) {
            let rt = render_target(pw, ph);
            rt.texture.set_filter(FilterMode::Linear);
            self.target = Some((rt, pw, ph));
        }
        let Some((rt, _, _)) = &self.target else {
            return false;
        };
        let mut cam = Camera2D::from_display_rect(Rect::new(area.x, area.y, area.w, area.h));
        cam.render_target = Some(rt.clone());
        set_camera(&cam);
        clear_background(Color::new(0.0, 0.0, 0.0, 0.0));
        draw_tiles(map, f);
        set_default_camera();
        self.drawn = Some(key);
        true
    }

    fn draw(&self, area: Area) {
        if let Some((rt, _, _)) = &self.target {
            draw_texture_ex(
                &rt.texture,
                area.x,
                area.y,
                WHITE,
                DrawTextureParams {
                    dest_size: Some(vec2(area.w, area.h)),
                    flip_y: true,
                    ..Default::default()
                },
            );
        }
    }
}

/// A digest of everything the tile layer's picture depends on.
fn tile_layer_key(map: &TileMapView, f: &Frame, area: Area, dpi: f32) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut mix = |v: u64| {
        h ^= v;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    };
    for v in [f.scale, f.ox, f.oy, area.x, area.y, area.w, area.h, dpi] {
        mix(v.to_bits() as u64);
    }
    for t in &map.tiles {
        mix(t.cell[0] as u64);
        mix(t.cell[1] as u64);
        mix(((t.art as u64) << 8) | t.rotation as u64);
    }
    for art in &map.arts {
        for shape in &art.shapes {
            match shape {
                ArtShape::Polygon { points, rgb } => {
                    mix(u64::from_le_bytes([rgb[0], rgb[1], rgb[2], 0, 0, 0, 0, 1]));
                    for q in points {
                        mix(((q[0].to_bits() as u64) << 32) | q[1].to_bits() as u64);
                    }
                }
                ArtShape::Polyline { points, width, rgb } => {
                    mix(u64::from_le_bytes([rgb[0], rgb[1], rgb[2], 0, 0, 0, 0, 3]));
                    mix(width.to_bits() as u64);
                    for q in points {
                        mix(((q[0].to_bits() as u64) << 32) | q[1].to_bits() as u64);
                    }
                }
                ArtShape::Circle { centre, r, rgb } => {
                    mix(u64::from_le_bytes([rgb[0], rgb[1], rgb[2], 0, 0, 0, 0, 2]));
                    mix(((centre[0].to_bits() as u64) << 32) | centre[1].to_bits() as u64);
                    mix(r.to_bits() as u64);
                }
            }
        }
    }
    h
}

/// Draws a tile's art through `place` (tile-local point to screen), `side` pixels per tile.
pub(super) fn draw_art(art: &TileArt, place: impl Fn([f32; 2]) -> Vec2, side: f32, alpha: f32) {
    let colour = |c: [u8; 3]| {
        let mut k = rgb(c);
        k.a = alpha;
        k
    };
    for shape in &art.shapes {
        match shape {
            ArtShape::Polygon { points, rgb } => {
                let c = colour(*rgb);
                for [a, b, d] in grid::triangulate(points) {
                    draw_triangle(place(a), place(b), place(d), c);
                }
            }
            ArtShape::Polyline { points, width, rgb } => {
                let c = colour(*rgb);
                let w = (width * side).max(1.0);
                for pair in points.windows(2) {
                    let (a, b) = (place(pair[0]), place(pair[1]));
                    draw_line(a.x, a.y, b.x, b.y, w, c);
                }
                // Round joints keep thick bends whole (the ends stay square: they meet tile
                // edges). A see-through ghost skips them: overlaps would show as beads.
                let joints = if alpha < 0.99 {
                    0
                } else {
                    points.len().saturating_sub(2)
                };
                for q in points.iter().skip(1).take(joints) {
                    let p = place(*q);
                    draw_circle(p.x, p.y, w * 0.5, c);
                }
            }
            ArtShape::Circle { centre, r, rgb } => {
                let p = place(*centre);
                draw_circle(p.x, p.y, (r * side).max(1.0), colour(*rgb));
            }
        }
    }
}

/// A piece standing on the map, `size` pixels tall, centred on (x, y).
pub(super) fn draw_piece(kind: PieceKind, x: f32, y: f32, size: f32, c: Color) {
    let edge = Color::new(0.0, 0.0, 0.0, 0.7);
    let line = (size * 0.08).max(1.0);
    match kind {
        PieceKind::Meeple => {
            let h = size * 0.5;
            let body = [
                vec2(x - h, y + h),
                vec2(x + h, y + h),
                vec2(x + h * 0.35, y - h * 0.2),
            ];
            draw_triangle(body[0], body[1], body[2], c);
            draw_triangle(body[0], body[2], vec2(x - h * 0.35, y - h * 0.2), c);
            draw_circle(x, y - h * 0.55, h * 0.42, c);
            draw_line(body[0].x, body[0].y, body[1].x, body[1].y, line, edge);
            draw_circle_lines(x, y - h * 0.55, h * 0.42, line, edge);
        }
        PieceKind::Lying => {
            let (w, h) = (size * 1.1, size * 0.45);
            draw_rectangle(x - w * 0.5, y - h * 0.5, w, h, c);
            draw_rectangle_lines(x - w * 0.5, y - h * 0.5, w, h, line, edge);
            draw_circle(x - w * 0.5, y, h * 0.5, c);
        }
        PieceKind::Marker => {
            draw_poly(x, y, 4, size * 0.5, 45.0, c);
            draw_poly_lines(x, y, 4, size * 0.5, 45.0, line, edge);
        }
    }
}

#[cfg(test)]
mod tests;
