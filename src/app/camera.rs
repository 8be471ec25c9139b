//! The table on the in-game screen: which bounds to frame (the game's close-up of the launcher
//! while aiming, or the whole table), the player's wheel zoom on them, and drawing the table
//! clipped to its area.

use super::draw;
use super::frame::{Camera, Frame};
use super::play::Play;
use super::App;
use crate::core::TableView;
use macroquad::prelude::*;

impl App {
    /// Whether a press at (x, y) is on the table and not on a button: only those start a
    /// gesture on it.
    pub(super) fn on_table(&self, x: f32, y: f32) -> bool {
        !self.ui.on_button(x, y) && self.table_area.contains(x, y)
    }

    /// Frames `view` in `self.table_area` (the close-up when one is asked for and the player has
    /// not chosen the whole table), applies a wheel notch over the table when `active`, draws
    /// the table and returns the frame used.
    pub(super) fn draw_table(
        &mut self,
        p: &Play,
        view: &TableView,
        close_up: Option<[f32; 4]>,
        active: bool,
    ) -> Frame {
        let u = self.ui.u;
        let table_area = self.table_area;
        draw::backdrop(table_area.x, table_area.y, table_area.w, table_area.h);
        let bounds = match close_up {
            Some(b) if !self.whole_table => b,
            _ => view.bounds,
        };
        if bounds != self.camera_bounds || self.camera_map {
            self.camera = Camera::default();
            self.camera_bounds = bounds;
            self.camera_map = false;
        }
        let framed = table_area.inset(2.0 * u);
        let (_, wheel) = mouse_wheel();
        let (mx, my) = mouse_position();
        if active && wheel != 0.0 && table_area.contains(mx, my) {
            // One notch zooms by 1.25 whatever the platform's wheel units.
            let factor = if wheel > 0.0 { 1.25 } else { 0.8 };
            self.camera.zoom_at(factor, mx, my, bounds, framed);
        }
        let f = self.camera.frame(bounds, framed);
        self.frame = Some(f);
        // Zoomed in, the table must not spill over the bars.
        let dpi = screen_dpi_scale().max(0.01);
        let clip = (
            (table_area.x * dpi) as i32,
            (table_area.y * dpi) as i32,
            (table_area.w * dpi).ceil() as i32,
            (table_area.h * dpi).ceil() as i32,
        );
        // SAFETY: macroquad's internal GL context is borrowed on the main thread for this one
        // call and not kept across frames (the scissor rectangle is in physical pixels).
        unsafe { get_internal_gl() }.quad_gl.scissor(Some(clip));
        draw::ghost(&p.ghost, &f, u);
        draw::table(&self.ui, view, &f);
        // SAFETY: as above.
        unsafe { get_internal_gl() }.quad_gl.scissor(None);
        f
    }
}
