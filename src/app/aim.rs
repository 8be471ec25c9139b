//! Aiming a launch: the ring on the launcher, the finger's gesture, the preview, firing.

use super::frame::Frame;
use super::gesture::{self, Feel, Sample};
use super::play::Play;
use super::pointer::PointerEvent;
use super::ui::*;
use super::{log, sound, App};
use engine::core::{LaunchKind, LaunchPrompt};
use macroquad::prelude::*;

/// A throw being drawn by the finger.
pub(super) struct Aim {
    samples: Vec<Sample>,
    t0: f64,
}

impl App {
    pub(super) fn launch_input(
        &mut self,
        p: &mut Play,
        lp: &LaunchPrompt,
        kind: LaunchKind,
        f: &Frame,
        feel: &Feel,
    ) {
        let u = self.ui.u;
        let (ox, oy) = f.to_screen(lp.origin[0], lp.origin[1]);
        self.probe_anchor = (ox, oy);
        self.probe_input = match kind {
            LaunchKind::Catapult => 1,
            LaunchKind::Toss => 2,
            LaunchKind::Flick => 3,
            LaunchKind::Wrist => 4,
            LaunchKind::Release => 6,
        };
        if kind == LaunchKind::Release {
            // Nothing to aim: the bottom bar's Let go button fires.
            self.aim = None;
            return;
        }
        // The ring where a gesture starts.
        let pulse = 0.5 + 0.5 * (get_time() as f32 * 4.0).sin();
        let ring = feel.grab * f.scale;
        draw_circle_lines(
            ox,
            oy,
            ring,
            (u * 0.5).max(1.5),
            Color::new(0.95, 0.68, 0.22, 0.35 + 0.4 * pulse),
        );
        let hint = match kind {
            LaunchKind::Catapult | LaunchKind::Toss => "Drag back from the ring and let go to fire",
            LaunchKind::Flick => "Flick: swipe fast across the ring",
            LaunchKind::Wrist => "Throw: flick out from the ring; curve it for spin",
            LaunchKind::Release => "",
        };
        if self.aim.is_none() {
            let small = self.ui.size(2.8);
            let hw = self.ui.measure(hint, small);
            let hx = (ox - hw * 0.5).clamp(u, (self.ui.w - hw - u).max(u));
            self.ui.text(hint, hx, oy + ring + u, small, DIM);
        }
        let now = self.ui.clock;
        if self.nav.pinched && self.aim.take().is_some() {
            // Two fingers moving pinch the view: never a shot.
            log("gesture cancelled: pinch");
        }
        for e in self.ui.events.clone() {
            match e {
                PointerEvent::Down { x, y } => {
                    self.off_ring = false;
                    if !self.on_table(x, y) {
                        continue;
                    }
                    let (wx, wy) = f.to_world(x, y);
                    if gesture::near_launcher(lp, wx, wy, feel) {
                        self.aim = Some(Aim {
                            samples: vec![Sample::new(0.0, wx, wy)],
                            t0: now,
                        });
                    } else {
                        // Told on release, unless the drag moved the view instead.
                        self.aim = None;
                        self.off_ring = true;
                    }
                }

                PointerEvent::Move { x, y } => {
                    if let Some(a) = self.aim.as_mut() {
                        let (wx, wy) = f.to_world(x, y);
                        if a.samples.len() < 4000 {
                            a.samples.push(Sample::new((now - a.t0) as f32, wx, wy));
                        }
                    }
                }
                PointerEvent::Up { x, y } => {
                    // A drag on the fitted table moved nothing: the player missed the ring.
                    let moved_view =
                        self.nav.pinched || (self.nav.claimed && !self.camera.is_fit());
                    if std::mem::take(&mut self.off_ring) && !moved_view {
                        self.say("Start on the launcher: the glowing ring.", true);
                    }
                    if let Some(mut a) = self.aim.take().filter(|_| !self.nav.pinched) {
                        let (wx, wy) = f.to_world(x, y);
                        a.samples.push(Sample::new((now - a.t0) as f32, wx, wy));
                        match gesture::launch_for(lp, kind, &a.samples, feel) {
                            Ok(launch) => {
                                let text = format!(
                                    "{} angle {} power {} spin {} x {} y {}",
                                    launch.kind,
                                    launch.angle,
                                    launch.power,
                                    launch.spin,
                                    launch.x,
                                    launch.y
                                );
                                match p.fire(launch) {
                                    Ok(()) => {
                                        log(&format!("fire {text}"));
                                        self.sfx(sound::Effect::Launch);
                                    }
                                    Err(e) => self.say(format!("Refused: {e}"), true),
                                }
                            }
                            Err(r) => self.say(r.message, !r.quiet),
                        }
                    }
                }
                PointerEvent::Cancel if self.aim.is_some() => {
                    self.aim = None;
                    log("gesture cancelled");
                    self.say("Gesture cancelled.", false);
                }
                _ => {}
            }
        }
        // Aim feedback.
        if let (Some(a), Some((px, py))) = (self.aim.as_ref(), self.ui.pointer) {
            let (wx, wy) = f.to_world(px, py);
            let mut preview = a.samples.clone();
            preview.push(Sample::new((now - a.t0) as f32, wx, wy));
            let trail: Vec<(f32, f32)> = preview.iter().map(|s| f.to_screen(s.x, s.y)).collect();
            for w2 in trail.windows(2) {
                draw_line(
                    w2[0].0,
                    w2[0].1,
                    w2[1].0,
                    w2[1].1,
                    u * 0.5,
                    Color::new(1.0, 1.0, 1.0, 0.3),
                );
            }
            let drag = matches!(kind, LaunchKind::Catapult | LaunchKind::Toss);
            if drag {
                let small = self.ui.size(3.0);
                match gesture::launch_for(lp, kind, &preview, feel) {
                    Ok(l) => {
                        let len = (l.power as f32 / 1000.0) * feel.reach * 1.4 * f.scale + 4.0 * u;
                        let (dx, dy) = engine::physics::launch::direction(l.angle);
                        let (ex, ey) = (ox + dx * len, oy - dy * len);
                        draw_line(ox, oy, ex, ey, u * 0.8, ACCENT);
                        draw_circle(ex, ey, u * 1.2, ACCENT);
                        draw_line(ox, oy, px, py, u * 0.4, Color::new(0.9, 0.9, 0.9, 0.6));
                        self.ui.text(
                            &format!("{} deg  {}%", l.angle / 10, l.power / 10),
                            ex + 2.0 * u,
                            ey - small,
                            small,
                            TEXT,
                        );
                    }
                    Err(r) => {
                        draw_line(ox, oy, px, py, u * 0.4, BAD);
                        self.ui.text(
                            &r.message,
                            px + 2.0 * u,
                            py,
                            small,
                            if r.quiet { DIM } else { BAD },
                        );
                    }
                }
            }
        }
    }
}
