//! Aiming a launch: the ring on the launcher, the finger's gesture, the preview, firing.

use super::frame::Frame;
use super::gesture::{self, Feel, PathLength, Sample};
use super::keyaim::{AimKey, KeyAim, KeyAimStep, SwitchAim, SwitchStage};
use super::play::Play;
use super::pointer::PointerEvent;
use super::route::Owner;
use super::switch::OneSwitch;
use super::ui::*;
use super::{aim_words, log, sound, App};
use engine::core::{Launch, LaunchKind, LaunchPrompt};
use macroquad::prelude::*;

/// A throw being drawn by the finger.
pub(super) struct Aim {
    samples: Vec<Sample>,
    t0: f64,
    /// How much predicted path to show (the setting, read when the gesture starts).
    path: PathLength,
    /// The predicted path of the launch a release would fire now (kept while it does not change)
    /// and when it was worked out.
    predicted: Option<(Launch, Vec<[f32; 2]>)>,
    predicted_at: f64,
}

/// The aim adjusted from the keyboard (arrow keys turn and pull, Space or Enter fires), the
/// prompt it was started for, and the player's last keyboard aim (the next shot starts there).
#[derive(Default)]
pub(super) struct Keys {
    aim: Option<(KeyAim, LaunchPrompt, Aim)>,
    last: Option<KeyAim>,
    /// The one-switch aim (the setting on).
    switch: Option<(SwitchAim, LaunchPrompt, Aim)>,
    /// The place picked last with T (`Draw::aim_places`, an index into them).
    place: Option<usize>,
    /// When the aim's tone last sounded (`aim_tone_for`).
    toned_at: f64,
    /// The keys aimed last (not a finger): the ring's words are the keys' then.
    used: bool,
}

impl Keys {
    /// Forgets the aim being adjusted (no shot is asked for now).
    pub(super) fn drop_aim(&mut self) {
        self.aim = None;
        self.switch = None;
    }

    /// Forgets a keyboard or one-switch aim started for another prompt than `lp`.
    fn forget_other_prompts(&mut self, lp: &LaunchPrompt) {
        if self.aim.as_ref().is_some_and(|(_, q, _)| q != lp) {
            self.aim = None;
            self.place = None;
        }
        if self.switch.as_ref().is_some_and(|(_, q, _)| q != lp) {
            self.switch = None;
        }
    }
}

/// The aiming key pressed this frame, if any: Up/Down turn the aim, Right/Left give more or less
/// strength, Q/E spin a throw, L the next launcher, Space or Enter fire.
fn aim_key(enter_free: bool) -> Option<AimKey> {
    let pairs = [
        (KeyCode::Up, AimKey::TurnUp),
        (KeyCode::Down, AimKey::TurnDown),
        (KeyCode::Right, AimKey::Stronger),
        (KeyCode::Left, AimKey::Weaker),
        (KeyCode::Q, AimKey::SpinLeft),
        (KeyCode::E, AimKey::SpinRight),
        (KeyCode::L, AimKey::NextLauncher),
        (KeyCode::Space, AimKey::Fire),
    ];
    for (code, key) in pairs {
        if is_key_pressed(code) {
            return Some(key);
        }
    }
    if enter_free && (is_key_pressed(KeyCode::Enter) || is_key_pressed(KeyCode::KpEnter)) {
        return Some(AimKey::Fire);
    }
    None
}

/// The aim's tone sounds at most this often (seconds): a held key plays a few, not thirty.
const TONE_EVERY: f64 = 0.2;

/// Frames of flight followed to find where a shot comes down (six seconds).
const LANDING_FRAMES: u32 = 360;

/// Where `launch` comes down, in table words against the game's places, if it flies.
fn landing_said(game: &dyn engine::core::Game, launch: &Launch) -> Option<String> {
    let from = game.launch_prompt()?.origin[0];
    let land = aim_words::landing(&engine::physics::preview::flight(
        game,
        launch,
        LANDING_FRAMES,
    ))?;
    Some(aim_words::landing_words(land, &game.aim_places(), from))
}

/// The predicted path is worked out again at most this often (seconds): a short run of a big
/// table costs a few milliseconds, too much for every frame of a drag.
const PREDICT_EVERY: f64 = 0.1;

impl Aim {
    /// The predicted path's cache of an aim by keys or by one switch (no pointer samples), its
    /// first prediction due at once.
    fn for_keys(now: f64, path: PathLength) -> Aim {
        Aim {
            samples: Vec::new(),
            t0: now,
            path,
            predicted: None,
            predicted_at: now - PREDICT_EVERY,
        }
    }

    /// The predicted dots of `launch` (recomputed only when the launch changes).
    fn predicted(
        &mut self,
        game: &dyn engine::core::Game,
        launch: &Launch,
        now: f64,
    ) -> &[[f32; 2]] {
        let frames = self.path.frames();
        if frames == 0 {
            return &[];
        }
        let stale = self.predicted.as_ref().is_none_or(|(l, _)| l != launch);
        if stale && (self.predicted.is_none() || now - self.predicted_at >= PREDICT_EVERY) {
            let dots = engine::physics::preview::flight(game, launch, frames);
            self.predicted = Some((launch.clone(), dots));
            self.predicted_at = now;
        }
        self.predicted.as_ref().map_or(&[], |(_, d)| d.as_slice())
    }
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
        self.probe.anchor = (ox, oy);
        self.probe.input = match kind {
            LaunchKind::Catapult => 1,
            LaunchKind::Toss => 2,
            LaunchKind::Flick => 3,
            LaunchKind::Wrist => 4,
            LaunchKind::Release => 6,
        };
        if kind == LaunchKind::Release {
            // Nothing to aim: the bottom bar's Let go button fires.
            self.table.aim = None;
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
        // The words of the input in use: the keys' once they aimed, else the finger's.
        let hint = match kind {
            LaunchKind::Release => "",
            _ if self.table.keys.used => "Arrows aim, Space fires; T aims at a place, W says where",
            LaunchKind::Catapult | LaunchKind::Toss => "Drag back from the ring and let go to fire",
            LaunchKind::Flick => "Flick: swipe fast across the ring",
            LaunchKind::Wrist => "Throw: flick out from the ring; curve it for spin",
        };
        // Not while the keys or the one switch aim (their own words are shown instead).
        if self.table.aim.is_none()
            && self.table.keys.aim.is_none()
            && self.table.keys.switch.is_none()
        {
            let small = self.ui.size(2.8);
            let hw = self.ui.measure(hint, small);
            let hx = (ox - hw * 0.5).clamp(u, (self.ui.w - hw - u).max(u));
            // Above the ring, in the sky: the table's labels sit below the launcher.
            let hy = (oy - ring - u - small).max(self.table.area.y + u);
            self.ui.text_on_plate(hint, hx, hy, small, TEXT);
        }
        let now = self.ui.clock;
        if self.table.nav.pinched && self.table.aim.take().is_some() {
            // Two fingers moving pinch the view: never a shot.
            log("gesture cancelled: pinch");
        }
        for (owner, e) in self.table.press.routed().to_vec() {
            // The aim's own presses, and the ends of a press beside the ring (`off_ring`).
            if owner != Owner::Aim
                && !matches!(e, PointerEvent::Down { .. } | PointerEvent::Up { .. })
            {
                continue;
            }
            match e {
                PointerEvent::Down { x, y } => {
                    self.table.off_ring = false;
                    match owner {
                        Owner::Aim => {
                            let (wx, wy) = f.to_world(x, y);
                            self.table.keys.used = false;
                            self.table.aim = Some(Aim {
                                samples: vec![Sample::new(0.0, wx, wy)],
                                t0: now,
                                path: super::save::aim_path(self.store.as_ref()),
                                predicted: None,
                                predicted_at: now,
                            });
                        }
                        Owner::View => {
                            // Told on release, unless the drag moved the view instead.
                            self.table.aim = None;
                            self.table.off_ring = true;
                        }
                        _ => {}
                    }
                }

                PointerEvent::Move { x, y } => {
                    if let Some(a) = self.table.aim.as_mut() {
                        let (wx, wy) = f.to_world(x, y);
                        if a.samples.len() < 4000 {
                            a.samples.push(Sample::new((now - a.t0) as f32, wx, wy));
                        }
                    }
                }
                PointerEvent::Up { x, y } => {
                    // A drag on the fitted table moved nothing: the player missed the ring.
                    let moved_view = self.table.nav.pinched
                        || (self.table.nav.claimed && !self.table.camera.is_fit());
                    if std::mem::take(&mut self.table.off_ring) && !moved_view {
                        self.say("Start on the launcher: the glowing ring.", true);
                    }
                    if let Some(mut a) = self.table.aim.take().filter(|_| !self.table.nav.pinched) {
                        let (wx, wy) = f.to_world(x, y);
                        a.samples.push(Sample::new((now - a.t0) as f32, wx, wy));
                        match gesture::launch_for(lp, kind, &a.samples, feel) {
                            Ok(launch) => self.fire_launch(p, launch, "pointer"),
                            Err(r) => self.say(r.message, !r.quiet),
                        }
                    }
                }
                PointerEvent::Cancel if self.table.aim.is_some() => {
                    self.table.aim = None;
                    log("gesture cancelled");
                    self.say("Gesture cancelled.", false);
                }
                _ => {}
            }
        }
        if self.keyboard_aim(p, lp, kind, f, (ox, oy)) {
            return;
        }
        // Aim feedback: the finger's trail, the predicted path as dots, and strength and angle
        // beside the finger (above it, where the hand does not cover them).
        let pointer = self.ui.pointer;
        if let (Some(a), Some((px, py))) = (self.table.aim.as_mut(), pointer) {
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
            let small = self.ui.size(3.0);
            match gesture::launch_for(lp, kind, &preview, feel) {
                Ok(l) => {
                    if drag {
                        draw_line(ox, oy, px, py, u * 0.4, Color::new(0.9, 0.9, 0.9, 0.6));
                    }
                    let dots = a.predicted(p.game(), &l, now);
                    super::probe::aim_path(dots);
                    draw_dots(dots, f, u);
                    if dots.is_empty() && drag {
                        // No path (the table expert's setting): the launch direction alone.
                        let len = 10.0 * u;
                        let (dx, dy) = engine::physics::launch::direction(l.angle);
                        draw_line(ox, oy, ox + dx * len, oy - dy * len, u * 0.8, ACCENT);
                    }
                    let text = format!(
                        "{}°  {}%",
                        l.angle.rem_euclid(3600) / 10,
                        gesture::strength_percent(lp, l.power)
                    );
                    let tw = self.ui.measure(&text, small);
                    let tx = (px + 3.0 * u).min(self.ui.w - tw - u).max(u);
                    let ty = (py - 4.0 * u - small).max(u);
                    self.ui.text_on_plate(&text, tx, ty, small, TEXT);
                }
                Err(r) if drag => {
                    draw_line(ox, oy, px, py, u * 0.4, BAD);
                    let tw = self.ui.measure(&r.message, small);
                    let tx = (px + 3.0 * u).min(self.ui.w - tw - u).max(u);
                    let ty = (py - 4.0 * u - small).max(u);
                    let colour = if r.quiet { TEXT } else { BAD };
                    self.ui.text_on_plate(&r.message, tx, ty, small, colour);
                }
                Err(_) => {}
            }
        }
    }
}

impl App {
    /// Fires `launch` through the game's own checks (the same for every way of aiming).
    /// Aiming in words (docs/ui.md, "Playing without sight"): T picks the next place to aim at
    /// (Shift-T the one before) and starts the keyboard aim at it, said with the aim; W says
    /// where the aim as it stands would come down.
    fn aim_in_words(&mut self, p: &Play, lp: &LaunchPrompt) {
        let shift = is_key_down(KeyCode::LeftShift) || is_key_down(KeyCode::RightShift);
        if is_key_pressed(KeyCode::T) || is_key_pressed(KeyCode::W) {
            self.table.keys.used = true;
        }
        if is_key_pressed(KeyCode::T) {
            let game = p.game();
            let places = game.aim_places();
            if places.is_empty() {
                super::a11y::say("Nothing to aim at from here: aim with the arrow keys");
                return;
            }
            let n = places.len();
            let i = match (self.table.keys.place, shift) {
                (None, false) => 0,
                (None, true) => n - 1,
                (Some(i), false) => (i + 1) % n,
                (Some(i), true) => (i + n - 1) % n,
            };
            self.table.keys.place = Some(i);
            let last = self.table.keys.last.clone();
            let land_of = |l: &Launch| {
                aim_words::landing(&engine::physics::preview::flight(game, l, LANDING_FRAMES))
            };
            if let Some(a) = aim_words::aim_at(lp, &places[i], last.as_ref(), land_of) {
                let path = super::save::aim_path(self.store.as_ref());
                let said = format!(
                    "Aiming at {} ({} of {n}): {}",
                    places[i].words,
                    i + 1,
                    aim_words::aim_words(&a, lp)
                );
                self.ui.drop_focus();
                self.aim_tone_for(p, &a, lp);
                self.table.keys.aim = Some((a, lp.clone(), Aim::for_keys(self.ui.clock, path)));
                log("key-aim place");
                super::a11y::say(said);
            }
        } else if is_key_pressed(KeyCode::W) {
            match &self.table.keys.aim {
                Some((a, q, _)) => {
                    let words = landing_said(p.game(), &a.launch(q))
                        .unwrap_or_else(|| "does not fly: aim again".to_string());
                    super::a11y::say(format!("It {words}"));
                }
                None => super::a11y::say("No aim yet: press T for a place, or an arrow key"),
            }
        }
    }

    /// Sounds how near the keyboard aim `a` comes down to the place picked with T (or the
    /// nearest place the game names), at most every `TONE_EVERY` seconds (a held key).
    fn aim_tone_for(&mut self, p: &Play, a: &KeyAim, lp: &LaunchPrompt) {
        let now = self.ui.clock;
        if now - self.table.keys.toned_at < TONE_EVERY {
            return;
        }
        self.table.keys.toned_at = now;
        let game = p.game();
        let places = game.aim_places();
        let from = lp.origin[0];
        let Some(land) = aim_words::landing(&engine::physics::preview::flight(
            game,
            &a.launch(lp),
            LANDING_FRAMES,
        )) else {
            return;
        };
        let place = match self.table.keys.place.and_then(|i| places.get(i)) {
            Some(pl) => Some(pl),
            None => places
                .iter()
                .min_by(|x, y| (x.x - land[0]).abs().total_cmp(&(y.x - land[0]).abs())),
        };
        if let Some(place) = place {
            let (step, short) = aim_words::nearness(land, place, from, sound::AIM_STEPS);
            self.aim_tone(step, short);
        }
    }

    fn fire_launch(&mut self, p: &mut Play, launch: Launch, by: &str) {
        // Without a pointer, where the shot comes down is said as it is fired (the flight is
        // the same simulation, so the words are what happens).
        let landing = (by != "pointer").then(|| landing_said(p.game(), &launch));
        let text = format!(
            "{} angle {} power {} spin {} x {} y {}",
            launch.kind, launch.angle, launch.power, launch.spin, launch.x, launch.y
        );
        match p.fire(launch) {
            Ok(()) => {
                log(&format!("fire {text}"));
                log(&format!("fired-by {by}"));
                self.sfx(sound::Effect::Launch);
                if let Some(Some(words)) = landing {
                    super::a11y::say(format!("Fired: it {words}"));
                }
            }
            Err(e) => self.say(format!("Refused: {e}"), true),
        }
    }

    /// Aiming from the keyboard: an aiming key starts (or adjusts) the keyboard aim, drawn with
    /// the pointer's preview; Space (or Enter while no button has the focus ring) fires it. An
    /// arrow key takes the focus ring off the buttons (Tab brings it back), so arrows always aim.
    /// True when the keyboard aim is drawn this frame (the pointer's preview is then not).
    fn keyboard_aim(
        &mut self,
        p: &mut Play,
        lp: &LaunchPrompt,
        kind: LaunchKind,
        f: &Frame,
        (ox, oy): (f32, f32),
    ) -> bool {
        let setting = super::save::one_switch(self.store.as_ref());
        if setting.on() {
            self.table.keys.aim = None;
            return self.switch_aim(p, lp, kind, f, (ox, oy), setting);
        }
        self.table.keys.switch = None;
        if self.table.aim.is_some() {
            // A finger is aiming: it wins.
            self.table.keys.aim = None;
            return false;
        }
        self.table.keys.forget_other_prompts(lp);
        self.aim_in_words(p, lp);
        let key = aim_key(!self.ui.focused());
        if key.is_some() {
            self.table.keys.used = true;
        }
        if let Some(key) = key {
            if key != AimKey::Fire {
                self.ui.drop_focus();
            }
            if self.table.keys.aim.is_none() {
                let now = self.ui.clock;
                let last = self.table.keys.last.clone();
                if let Some(mut a) = KeyAim::start(lp, last.as_ref()) {
                    if lp.kinds.contains(&kind) && kind != LaunchKind::Release {
                        a.kind = kind;
                    }
                    let cache = Aim::for_keys(now, super::save::aim_path(self.store.as_ref()));
                    self.table.keys.aim = Some((a, lp.clone(), cache));
                    log("key-aim start");
                }
            }
            let fine = is_key_down(KeyCode::LeftShift) || is_key_down(KeyCode::RightShift);
            let step = self
                .table
                .keys
                .aim
                .as_mut()
                .map(|(a, q, _)| (a.key(q, key, fine), a.clone()));
            match step {
                Some((KeyAimStep::Fire(launch), a)) => {
                    self.table.keys.aim = None;
                    self.table.keys.last = Some(a);
                    self.fire_launch(p, launch, "keys");
                    return false;
                }
                Some((KeyAimStep::Adjusted, a)) => {
                    if key == AimKey::NextLauncher {
                        self.table.kind_pick = Some(a.kind);
                    }
                    super::a11y::say(aim_words::aim_words(&a, lp));
                    self.aim_tone_for(p, &a, lp);
                    let l = a.launch(lp);
                    log(&format!(
                        "key-aim {} angle {} power {} spin {}",
                        l.kind, l.angle, l.power, l.spin
                    ));
                }
                None => {}
            }
        }
        let Some((a, q, mut cache)) = self.table.keys.aim.take() else {
            return false;
        };
        let launch = a.launch(&q);
        let (deg, pct) = a.readout(&q);
        let spin = if q.spin.0 != q.spin.1 {
            format!("  spin {}", launch.spin)
        } else {
            String::new()
        };
        let text = format!("{deg}°  {pct}%{spin}   Space fires");
        self.draw_key_aim(p, &launch, pct, &mut cache, f, (ox, oy), &text);
        self.table.keys.aim = Some((a, q, cache));
        true
    }

    /// The aim made without a pointer, drawn as a drag's: the predicted path, a line out of the
    /// launcher as long as the strength, and `text` (angle, strength, what to press) above it.
    #[allow(clippy::too_many_arguments)]
    fn draw_key_aim(
        &mut self,
        p: &Play,
        launch: &Launch,
        pct: i32,
        cache: &mut Aim,
        f: &Frame,
        (ox, oy): (f32, f32),
        text: &str,
    ) {
        let u = self.ui.u;
        let now = self.ui.clock;
        let dots = cache.predicted(p.game(), launch, now).to_vec();
        super::probe::aim_path(&dots);
        draw_dots(&dots, f, u);
        let len = 6.0 * u + 8.0 * u * pct as f32 / 100.0;
        let (dx, dy) = engine::physics::launch::direction(launch.angle);
        draw_line(ox, oy, ox + dx * len, oy - dy * len, u * 0.8, ACCENT);
        let small = self.ui.size(3.0);
        let tw = self.ui.measure(text, small);
        let tx = (ox - tw * 0.5).clamp(u, (self.ui.w - tw - u).max(u));
        let ty = (oy - 8.0 * u - small).max(self.table.area.y + u);
        self.ui.text_on_plate(text, tx, ty, small, TEXT);
    }

    /// One-switch aim (the setting on): the angle sweeps back and forth, a press of the switch
    /// (Space, or Enter while no button has the focus ring) keeps it; then the strength sweeps
    /// and a press fires. Backspace goes back to the angle. Nothing is held.
    fn switch_aim(
        &mut self,
        p: &mut Play,
        lp: &LaunchPrompt,
        kind: LaunchKind,
        f: &Frame,
        at: (f32, f32),
        setting: OneSwitch,
    ) -> bool {
        if self.table.aim.is_some() {
            self.table.keys.switch = None;
            return false;
        }
        self.table.keys.forget_other_prompts(lp);
        if self.table.keys.switch.is_none() {
            let Some(mut s) = SwitchAim::start(lp, setting.sweep_seconds()) else {
                return false;
            };
            s.set_kind(lp, kind);
            let now = self.ui.clock;
            let cache = Aim::for_keys(now, super::save::aim_path(self.store.as_ref()));
            self.table.keys.switch = Some((s, lp.clone(), cache));
            log("switch-aim start");
        }
        let pressed = is_key_pressed(KeyCode::Space)
            || (!self.ui.focused()
                && (is_key_pressed(KeyCode::Enter) || is_key_pressed(KeyCode::KpEnter)));
        let back = is_key_pressed(KeyCode::Backspace);
        // The switch aims now: no button keeps the ring the menu's scan left on one.
        self.ui.drop_focus();
        let Some((mut s, q, mut cache)) = self.table.keys.switch.take() else {
            return false;
        };
        s.tick(&q, get_frame_time());
        if back {
            s.back(&q);
            log("switch-aim back");
        }
        if pressed {
            match s.press(&q) {
                Some(launch) => {
                    self.fire_launch(p, launch, "switch");
                    return false;
                }
                None => log(&format!("switch-aim angle {}", s.aim().angle)),
            }
        }
        let launch = s.aim().launch(&q);
        let (deg, pct) = s.aim().readout(&q);
        let text = match s.stage() {
            SwitchStage::Angle => format!("Angle {deg}°: press Space to keep it"),
            SwitchStage::Power => format!("{deg}°  strength {pct}%: press Space to fire"),
        };
        self.draw_key_aim(p, &launch, pct, &mut cache, f, at, &text);
        self.table.keys.switch = Some((s, q, cache));
        true
    }
}

/// The predicted path: dots every few frames, large and bright near the launcher and fading out
/// where the prediction ends (the rest of the flight is the player's to judge).
fn draw_dots(dots: &[[f32; 2]], f: &Frame, u: f32) {
    let n = dots.len().max(1) as f32;
    for (i, d) in dots.iter().enumerate().step_by(3).skip(1) {
        let k = 1.0 - i as f32 / n;
        let (x, y) = f.to_screen(d[0], d[1]);
        let r = (u * (0.45 + 0.45 * k)).max(1.5);
        draw_circle(
            x,
            y,
            r + (u * 0.2).max(1.0),
            Color::new(0.1, 0.1, 0.12, 0.45 * k + 0.15),
        );
        draw_circle(x, y, r, Color::new(1.0, 1.0, 1.0, 0.55 + 0.45 * k));
    }
}
