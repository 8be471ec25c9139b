//! The tile map on the table: drawing it, laying a tile and a follower by pointer and keys.

use super::Table;
use crate::app::context::Ctx;
use crate::app::frame::{Area, Camera, Frame};
use crate::app::grid::{self, GridAction, GridInput};
use crate::app::keymap::{self, MapKey, MapStep};
use crate::app::keyqueue;
use crate::app::map::*;
use crate::app::play::Play;
use crate::app::route::Owner;
use crate::app::screens::play::bottom_bar::BarButton;
use crate::app::ui::*;
use crate::app::{a11y, log, map_words};
use engine::core::moves::list;
use engine::core::scene::{rotate_local, Cell, GridStep};
use engine::core::{GridPrompt, TileArt, TileMapView};
use macroquad::prelude::*;

impl Table {
    /// Frames, runs and draws the map; returns the frame used (pixels per cell).
    pub(crate) fn draw_map(
        &mut self,
        cx: &mut Ctx,
        p: &mut Play,
        map: &TileMapView,
        prompt: Option<&GridPrompt>,
        seat: Option<usize>,
        active: bool,
    ) -> Frame {
        let u = cx.ui.u;
        let ta = self.area;
        cx.ui.panel(ta, TABLE_BG);
        let placing = prompt.is_some_and(|g| g.step == GridStep::Place) && map.in_hand.is_some();
        let (hand, framed) = map_framing(ta, u, placing);
        let bounds = map.bounds;
        if !self.camera_map {
            self.camera = Camera::default();
            self.camera_map = true;
        } else if bounds != self.camera_bounds {
            self.camera.refit(self.camera_bounds, bounds, framed);
        }
        self.camera_bounds = bounds;
        let (_, wheel) = mouse_wheel();
        let (mx, my) = mouse_position();
        if active && wheel != 0.0 && ta.contains(mx, my) {
            let factor = if wheel > 0.0 { 1.25 } else { 0.8 };
            self.camera.zoom_at(factor, mx, my, bounds, framed);
        }
        // The input for this prompt (a new prompt, seat or tile starts afresh).
        let tag = format!(
            "{:?}:{:?}:{}:{}",
            seat,
            prompt.map(|g| (g.step, g.action.clone())),
            map.tiles.len(),
            map.pieces.len()
        );
        if starts_afresh(active, &tag, &self.grid_tag) {
            self.grid_tag = tag;
            self.grid = GridInput::default();
            if let (Some(g), Some(_)) = (prompt, seat) {
                let open: Vec<String> = map
                    .legal
                    .iter()
                    .map(|l| format!("{},{}:{}", l.cell[0], l.cell[1], list(&l.rotations)))
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
                // Said as the step begins: the tile in hand by its sides, or the spots offered.
                let said = match g.step {
                    GridStep::Place => map_words::hand_words(map),
                    GridStep::Spot if !map.spots.is_empty() => Some(format!(
                        "{} spot{} for your {}: the arrows go through them",
                        map.spots.len(),
                        if map.spots.len() == 1 { "" } else { "s" },
                        g.label
                    )),
                    GridStep::Spot => None,
                };
                if let Some(s) = said {
                    a11y::say(s);
                }
            }
        }
        let f = self.camera.frame(bounds, framed);
        if active {
            self.map_input(cx, p, map, prompt, seat, &f, hand, bounds, framed);
        }
        let f = self.camera.frame(bounds, framed);
        self.frame = Some(f);
        self.probe.map = Some((f.scale, f.ox, f.oy));
        self.probe.ghost = self.grid.ghost.map(|g| g.1 as i32).unwrap_or(-1);
        self.draw_map_clipped(cx, map, &f, placing && seat.is_some());
        if let (Some(h), Some(art)) = (hand, map.in_hand.and_then(|a| map.arts.get(a))) {
            self.draw_hand(cx, h, art, seat.is_some());
        }
        if let (Some(g), Some(_)) = (prompt, seat) {
            self.map_hint(cx, map, g, &f);
        }
        self.draw_round_rest(cx, &f);
        f
    }

    /// The map as the replay viewer shows it, in the table area: framed whole, without input,
    /// the tile about to be laid in the hand box. Returns the frame used.
    pub(crate) fn draw_map_still(&mut self, cx: &mut Ctx, map: &TileMapView) -> Frame {
        let u = cx.ui.u;
        let ta = self.area;
        cx.ui.panel(ta, TABLE_BG);
        let art = map.in_hand.and_then(|a| map.arts.get(a));
        let (hand, framed) = map_framing(ta, u, art.is_some());
        let f = Camera::default().frame(map.bounds, framed);
        self.frame = Some(f);
        // The game's own map input (a tile staged but not confirmed) is left as it is: the
        // player finds it where they left it. Only the camera starts fitted again.
        self.camera_map = false;
        self.draw_map_clipped(cx, map, &f, false);
        if let (Some(h), Some(art)) = (hand, art) {
            self.draw_hand(cx, h, art, false);
        }
        f
    }

    /// The map's layers, clipped to the table area (the laid tiles from their cached texture
    /// when the map stands still).
    fn draw_map_clipped(&mut self, cx: &mut Ctx, map: &TileMapView, f: &Frame, placing: bool) {
        let ta = self.area;
        let dpi = screen_dpi_scale().max(0.01);
        let clip = (
            (ta.x * dpi) as i32,
            (ta.y * dpi) as i32,
            (ta.w * dpi).ceil() as i32,
            (ta.h * dpi).ceil() as i32,
        );
        let cached = self.tile_layer.update(map, f, ta, dpi);
        // SAFETY: macroquad's internal GL context is borrowed on the main thread for each call
        // and not kept across frames (the scissor rectangle is in physical pixels).
        unsafe { get_internal_gl() }.quad_gl.scissor(Some(clip));
        cx.ui.set_clip(Some(ta));
        self.draw_map_layers(cx, map, f, placing, cached);
        cx.ui.set_clip(None);
        // SAFETY: as above.
        unsafe { get_internal_gl() }.quad_gl.scissor(None);
    }

    /// Runs this frame's pointer events through the map's input and acts on what it asks.
    #[allow(clippy::too_many_arguments)]
    fn map_input(
        &mut self,
        cx: &mut Ctx,
        p: &mut Play,
        map: &TileMapView,
        prompt: Option<&GridPrompt>,
        seat: Option<usize>,
        f: &Frame,
        hand: Option<Area>,
        bounds: [f32; 4],
        framed: Area,
    ) {
        let u = cx.ui.u;
        let slop = 1.5 * u;
        let spot_radius = (0.18 * f.scale).max(4.0 * u);
        let mut actions = Vec::new();
        // Only presses that begin on the map (not on a button) are the map's.
        for e in self.press.events_of(Owner::Map) {
            actions.extend(
                self.grid
                    .event(e, map, prompt, seat, f, hand, slop, spot_radius),
            );
        }
        // The mouse hovering (no button down) carries the ghost until it is put down.
        let (mx, my) = mouse_position();
        let moved = Some((mx, my)) != self.mouse_last;
        self.mouse_last = Some((mx, my));
        if moved && self.grid.pointer.is_none() {
            self.grid.hover = self.area.contains(mx, my).then_some((mx, my));
        }
        for a in actions {
            match a {
                GridAction::Ghost(c, r) => log(&format!("grid ghost x={} y={} r={r}", c[0], c[1])),
                GridAction::Send(mv) => {
                    log(&format!("grid send {} {}", mv.action, list(&mv.args)));
                    self.decide(cx, p, mv);
                }
                GridAction::Refused(cell, r) => {
                    if let Some(g) = prompt {
                        let why = grid::refusal(p.game(), g, cell, r);
                        cx.say(why, true);
                    }
                }
                GridAction::Hint(h) => cx.say(h, false),
                GridAction::Pan(dx, dy) => self.camera.pan_by(dx, dy, bounds, framed),
                GridAction::Zoom(k, x, y) => {
                    self.camera.zoom_at(k, x, y, bounds, framed);
                    log(&format!("map zoom={:.2}", self.camera.zoom));
                }
            }
        }
        if let (Some(g), Some(seat)) = (prompt, seat) {
            self.map_keys(cx, p, map, g, seat, f, bounds, framed);
        }
    }

    /// The map by keys (`keymap`): arrows move the tile between lit cells or pick a spot, R or
    /// Q/E turn the tile, Space (or Enter while no button has the focus ring) lays it or puts
    /// the follower, N goes without a follower. The view follows the picked cell or spot.
    #[allow(clippy::too_many_arguments)]
    fn map_keys(
        &mut self,
        cx: &mut Ctx,
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
        let no_follower = skip && keyqueue::pressed(KeyCode::N);
        let enter = !cx.ui.focused() && keyqueue::pressed_any(&[KeyCode::Enter, KeyCode::KpEnter]);
        let setting = crate::app::save::one_switch(cx.store.as_ref());
        let before = self.grid.ghost;
        let step = if no_follower {
            Some(MapStep::Skip)
        } else if setting.on() {
            // One switch: the map lights its cells, turns and spots in turn (no button keeps
            // the ring a scan left on it).
            cx.ui.drop_focus();
            let mut step = keymap::switch_tick(
                &mut self.grid,
                map,
                g,
                (get_frame_time(), setting.dwell()),
                skip,
            );
            if keyqueue::pressed(KeyCode::Backspace) {
                keymap::switch_back(&mut self.grid);
            }
            if enter || keyqueue::pressed(KeyCode::Space) {
                step = Some(keymap::switch_press(&mut self.grid, map, g, seat));
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
                .find(|(c, _)| keyqueue::pressed(*c))
                .map(|(_, k)| *k)
                .or(enter.then_some(MapKey::Place));
            if k.is_some_and(|k| k != MapKey::Place) {
                cx.ui.drop_focus();
            }
            k.map(|k| keymap::key(&mut self.grid, map, g, seat, k))
        };
        let Some(step) = step else {
            return;
        };
        self.grid.by_keys = true;
        let shown = match step {
            MapStep::Ghost(c, r) => {
                log(&format!("grid ghost x={} y={} r={r}", c[0], c[1]));
                let turned = before.is_some_and(|(b, _)| b == c);
                a11y::say(map_words::square_words(map, c, r, turned));
                Some([c[0] as f32 + 0.5, c[1] as f32 + 0.5])
            }
            MapStep::Spot(i) => {
                log(&format!("key-map spot {i}"));
                a11y::say(map_words::spot_words(map, i));
                map.spots.get(i).map(|s| map.on_map(s.cell, s.at))
            }
            MapStep::Send(_) if g.step == GridStep::Place => {
                log("key-map place");
                // The Place button's own path.
                self.bottom_action(cx, p, BarButton::GridPlace, &[], None);
                None
            }
            MapStep::Send(mv) => {
                log(&format!("grid send {} {}", mv.action, list(&mv.args)));
                self.decide(cx, p, mv);
                None
            }
            MapStep::Skip => {
                // The screen's own "No follower" button.
                let choices = p.game().choices();
                if choices.len() == 1 {
                    log("key-map no follower");
                    self.bottom_action(cx, p, BarButton::Choice(0), &choices, None);
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
                self.camera.pan_by(dx, dy, bounds, framed);
            }
        }
    }

    /// Tiles, the last one laid, the open cells, pieces, the ghost and the spots.
    fn draw_map_layers(
        &mut self,
        cx: &mut Ctx,
        map: &TileMapView,
        f: &Frame,
        placing: bool,
        cached: bool,
    ) {
        let u = cx.ui.u;
        let s = f.scale;
        let pulse = 0.55 + 0.35 * (get_time() as f32 * 4.0).sin();
        if cached {
            self.tile_layer.draw(self.area);
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
        let small = cx.ui.size(2.2);
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
            let w = cx.ui.measure(&n, small);
            let pad = small * 0.2;
            let (bx, by) = (x + size * 0.3, y + size * 0.2);
            let badge = Area::new(bx - pad, by - pad * 0.5, w + 2.0 * pad, small + pad);
            if placed.iter().any(|p| overlap(*p, badge)) {
                continue;
            }
            placed.push(badge);
            cx.ui.panel(badge, c);
            cx.ui.text(&n, bx, by, small, crate::app::ui::ink_on(c));
            if let Some(l) = &piece.label {
                let l = plain(l);
                let lx = bx + w + 3.0 * pad;
                let plate = Area::new(
                    lx - pad,
                    by - pad,
                    cx.ui.measure(&l, small) + 2.0 * pad,
                    small + 2.0 * pad,
                );
                if !placed.iter().any(|p| overlap(*p, plate)) {
                    placed.push(plate);
                    cx.ui.text_on_plate(&l, lx, by, small, TEXT);
                }
            }
        }
        // The piece in hand: on its cell, under the finger while carried, or following the mouse.
        if let (true, Some(art)) = (placing, map.in_hand.and_then(|a| map.arts.get(a))) {
            let r = self.grid.ghost.map(|g| g.1).unwrap_or(0);
            let carried = if self.grid.dragging() {
                self.grid.pointer
            } else if self.grid.ghost.is_none() {
                self.grid.hover
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
            } else if let Some((cell, r)) = self.grid.ghost {
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
            if self.grid.spot == Some(i) {
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
            let w = cx.ui.measure(&l, small);
            cx.ui
                .text_on_plate(&l, x - w * 0.5, y + r + 0.6 * u, small, TEXT);
        }
    }

    /// The hand box: the piece in hand, turned as the ghost is, to drag onto the map.
    fn draw_hand(&mut self, cx: &mut Ctx, h: Area, art: &TileArt, mine: bool) {
        let u = cx.ui.u;
        cx.ui.panel(h, Color::new(0.0, 0.0, 0.0, 0.35));
        let r = self.grid.ghost.map(|g| g.1).unwrap_or(0);
        let side = h.w.min(h.h) - 3.0 * u;
        let (x0, y0) = (h.x + (h.w - side) * 0.5, h.y + h.h - side - 1.5 * u);
        let alpha = if self.grid.ghost.is_some() { 0.5 } else { 1.0 };
        draw_art(
            art,
            |q| {
                let t = rotate_local(q, r);
                vec2(x0 + t[0] * side, y0 + (1.0 - t[1]) * side)
            },
            side,
            alpha,
        );
        let small = cx.ui.size(2.2);
        let label = if mine { "Your tile" } else { "Next tile" };
        let w = cx.ui.measure(label, small);
        cx.ui
            .text(label, h.x + (h.w - w) * 0.5, h.y + 0.3 * u, small, TEXT);
    }

    /// The hint for the step, and the probe's anchor for browser tests.
    fn map_hint(&mut self, cx: &mut Ctx, map: &TileMapView, g: &GridPrompt, f: &Frame) {
        let centre = |c: Cell| f.to_screen(c[0] as f32 + 0.5, c[1] as f32 + 0.5);
        match g.step {
            GridStep::Place => {
                self.probe.input = 8;
                self.probe.anchor = self
                    .grid
                    .ghost
                    .map(|(c, _)| c)
                    .or_else(|| map.legal.first().map(|l| l.cell))
                    .map(centre)
                    .unwrap_or((-1.0, -1.0));
                let switch = crate::app::save::one_switch(cx.store.as_ref()).on();
                let hint = if switch && self.grid.cell_kept {
                    format!("Press Space to lay the {} turned this way", g.label)
                } else if switch {
                    format!("Press Space to keep the square your {} is on", g.label)
                } else if self.grid.by_keys {
                    format!(
                        "The arrows move the {} to a lit square, R turns it, Space lays it",
                        g.label
                    )
                } else if self.grid.ghost.is_some() {
                    format!(
                        "Tap the {} again or press Turn to turn it, then Place",
                        g.label
                    )
                } else {
                    format!("Tap a lit square to put your {} there", g.label)
                };
                self.placement_hint(cx, &hint);
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
                let switch = crate::app::save::one_switch(cx.store.as_ref()).on();
                let hint = if switch && self.grid.spot == Some(map.spots.len()) {
                    "Press Space to go without".to_string()
                } else if switch {
                    format!("Press Space to put your {} on the ringed spot", g.label)
                } else if self.grid.by_keys {
                    format!("The arrows pick a spot, Space puts your {} there", g.label)
                } else {
                    format!("Tap a lit spot to put your {} there", g.label)
                };
                self.placement_hint(cx, &hint);
            }
        }
    }
}
