//! Aiming on the table: the pointer's drag, the keys and the one switch, and the shot they fire.

use super::Table;
use crate::app::aim::AidLevel;
use crate::app::aim::*;
use crate::app::context::Ctx;
use crate::app::frame::Frame;
use crate::app::gesture::{self, Feel, Sample};
use crate::app::keyaim::{AimKey, KeyAim, KeyAimStep, SwitchAim, SwitchStage};
use crate::app::keyqueue;
use crate::app::play::Play;
use crate::app::pointer::PointerEvent;
use crate::app::route::Owner;
use crate::app::ui::*;
use crate::app::{a11y, aim_words, log, sound};
use engine::core::{Launch, LaunchKind, LaunchPrompt};
use macroquad::prelude::*;

impl Table {
    pub(crate) fn launch_input(
        &mut self,
        cx: &mut Ctx,
        p: &mut Play,
        lp: &LaunchPrompt,
        kind: LaunchKind,
        f: &Frame,
        feel: &Feel,
    ) {
        let u = cx.ui.u;
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
        // The keys' words once they aimed. A finger's are the first-game hint's (its ghost
        // finger and caption, `first_game_hint`), once: one hint at a time, in one place.
        let hint = match kind {
            LaunchKind::Release => "",
            _ if self.keys.used => "Arrows aim, Space fires; T aims at a place, W says where",
            _ => "",
        };
        // Not while the keys or the one switch aim (their own words are shown instead).
        let idle = self.aim.is_none() && self.keys.aim.is_none() && self.keys.switch.is_none();
        if idle && !hint.is_empty() {
            let small = cx.ui.size(2.8);
            let hw = cx.ui.measure(hint, small);
            let hx = (ox - hw * 0.5).clamp(u, (cx.ui.w - hw - u).max(u));
            // Above the ring, in the sky: the table's labels sit below the launcher.
            let hy = (oy - ring - u - small).max(self.area.y + u);
            cx.ui.text_on_plate(hint, hx, hy, small, TEXT);
        }
        let now = cx.ui.clock;
        if self.nav.pinched && self.aim.take().is_some() {
            // Two fingers moving pinch the view: never a shot.
            log("gesture cancelled: pinch");
        }
        for (owner, e) in self.press.routed().to_vec() {
            // The aim's own presses, and the ends of a press beside the ring (`off_ring`).
            if owner != Owner::Aim
                && !matches!(e, PointerEvent::Down { .. } | PointerEvent::Up { .. })
            {
                continue;
            }
            match e {
                PointerEvent::Down { x, y } => {
                    self.off_ring = false;
                    match owner {
                        Owner::Aim => {
                            let (wx, wy) = f.to_world(x, y);
                            self.keys.used = false;
                            self.aim = Some(Aim {
                                samples: vec![Sample::new(0.0, wx, wy)],
                                t0: now,
                                aid: self.aid_now(cx, p),
                                predicted: None,
                                predicted_at: now,
                            });
                        }
                        Owner::View => {
                            // Told on release, unless the drag moved the view instead.
                            self.aim = None;
                            self.off_ring = true;
                        }
                        _ => {}
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
                        cx.say("Start on the launcher: the glowing ring.", true);
                    }
                    if let Some(mut a) = self.aim.take().filter(|_| !self.nav.pinched) {
                        let (wx, wy) = f.to_world(x, y);
                        a.samples.push(Sample::new((now - a.t0) as f32, wx, wy));
                        match gesture::launch_for(lp, kind, &a.samples, feel) {
                            Ok(launch) => self.fire_launch(cx, p, launch, "pointer"),
                            Err(r) => cx.say(r.message, !r.quiet),
                        }
                    }
                }
                PointerEvent::Cancel if self.aim.is_some() => {
                    self.aim = None;
                    log("gesture cancelled");
                    cx.say("Gesture cancelled.", false);
                }
                _ => {}
            }
        }
        if self.keyboard_aim(cx, p, lp, kind, f, (ox, oy)) {
            return;
        }
        // Aim feedback: the finger's trail, the predicted path as dots, and strength and angle
        // beside the finger (above it, where the hand does not cover them).
        let pointer = cx.ui.pointer();
        if let (Some(a), Some((px, py))) = (self.aim.as_mut(), pointer) {
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
            let small = cx.ui.size(3.0);
            match gesture::launch_for(lp, kind, &preview, feel) {
                Ok(l) => {
                    if drag {
                        draw_line(ox, oy, px, py, u * 0.4, Color::new(0.9, 0.9, 0.9, 0.6));
                    }
                    let dots = a.predicted(p.game(), &l, now);
                    crate::app::probe::aim_path(dots);
                    draw_dots(dots, f, u);
                    self.dots = dots.to_vec();
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
                    let tw = cx.ui.measure(&text, small);
                    let tx = (px + 3.0 * u).min(cx.ui.w - tw - u).max(u);
                    let ty = (py - 4.0 * u - small).max(u);
                    cx.ui.text_on_plate(&text, tx, ty, small, TEXT);
                }
                Err(r) if drag => {
                    draw_line(ox, oy, px, py, u * 0.4, BAD);
                    let tw = cx.ui.measure(&r.message, small);
                    let tx = (px + 3.0 * u).min(cx.ui.w - tw - u).max(u);
                    let ty = (py - 4.0 * u - small).max(u);
                    let colour = if r.quiet { TEXT } else { BAD };
                    cx.ui.text_on_plate(&r.message, tx, ty, small, colour);
                }
                Err(_) => {}
            }
        }
    }
}

impl Table {
    /// The aim aid in force now (docs/ui.md, "Aid levels"): the room's when an online room set
    /// one for this device's seats, else the player's setting (Learning in practice and for a
    /// first game's first shots). Kept in the settings for the pause menu.
    pub(crate) fn aid_now(&self, cx: &mut Ctx, p: &Play) -> AidLevel {
        let room = p
            .online
            .then(|| crate::app::online::room_aid(cx.net.client.as_ref()))
            .flatten();
        let aid = room.unwrap_or_else(|| crate::app::save::aid_level(cx.store.as_ref()));
        cx.settings.aid = aid;
        cx.settings.aid_fixed = room.is_some();
        aid
    }

    /// Aiming in words (docs/ui.md, "Playing without sight"): T picks the next place to aim at
    /// (Shift-T the one before) and starts the keyboard aim at it, said with the aim; W says
    /// where the aim as it stands would come down; P reads out every place (the aim unchanged).
    fn aim_in_words(&mut self, cx: &mut Ctx, p: &Play, lp: &LaunchPrompt) {
        let shift = keyqueue::shift();
        if keyqueue::pressed_any(&[KeyCode::T, KeyCode::W, KeyCode::P]) {
            self.keys.used = true;
        }
        if keyqueue::pressed(KeyCode::P) {
            // Every place, read out; the aim stays as it is.
            let places = p.game().aim_places();
            let picked = self.keys.place;
            let said = aim_words::places_words(&places, lp.origin[0], picked, a11y::MAX_LINE);
            log("key-aim places");
            a11y::say_lines(&said);
        } else if keyqueue::pressed(KeyCode::T) {
            let aid = self.aid_now(cx, p);
            let game = p.game();
            let places = game.aim_places();
            if places.is_empty() {
                a11y::say("Nothing to aim at from here: aim with the arrow keys, Space fires");
                return;
            }
            let n = places.len();
            let last = self.keys.last.clone();
            let fall_of = |l: &Launch| {
                aim_words::fall(&engine::physics::preview::flight(game, l, LANDING_FRAMES))
            };
            // The next place (Shift: the one before) that an aim reaches: a place no aim
            // brings a shot down near is skipped, said once.
            let mut found = None;
            let mut skipped = 0;
            for k in 1..=n {
                let i = match (self.keys.place, shift) {
                    (None, false) => k - 1,
                    (None, true) => n - k,
                    (Some(i), false) => (i + k) % n,
                    (Some(i), true) => (i + n * 2 - k) % n,
                };
                let Some(a) = aim_words::aim_at(lp, &places[i], last.as_ref(), fall_of) else {
                    continue;
                };
                if aim_words::reaches(&a, lp, &places[i], fall_of) {
                    found = Some((i, a));
                    break;
                }
                skipped += 1;
            }
            let Some((i, found)) = found else {
                a11y::say("No place is in reach from here: aim with the arrow keys, Space fires");
                return;
            };
            self.keys.place = Some(i);
            // Learning starts on the place; Standard about a Normal bot's hand off it; Expert
            // only towards it, at a middling strength: the arrows and the tone do the rest.
            let a = match aid {
                AidLevel::Learning => found,
                AidLevel::Standard => {
                    aim_words::shaken(&found, lp, || macroquad::rand::gen_range(-1.0f32, 1.0))
                }
                AidLevel::Expert => {
                    let mut a = KeyAim::start(lp, None).unwrap_or(found.clone());
                    a.angle = found.angle;
                    a
                }
            };
            let start = match aid {
                AidLevel::Learning => "Aiming at",
                AidLevel::Standard => "Aiming near",
                AidLevel::Expert => "Aiming towards",
            };
            let skipped = match skipped {
                0 => String::new(),
                1 => " (one place out of reach skipped)".to_string(),
                k => format!(" ({k} places out of reach skipped)"),
            };
            let said = format!(
                "{start} {} ({} of {n}){skipped}: {}. Arrows correct it, W says where it goes, Space fires",
                places[i].words,
                i + 1,
                aim_words::aim_words(&a, lp)
            );
            cx.ui.drop_focus();
            self.keys.toned_at = 0.0;
            self.aim_tone_for(cx, p, &a, lp);
            self.keys.aim = Some((a, lp.clone(), Aim::for_keys(cx.ui.clock, aid)));
            log("key-aim place");
            a11y::say(said);
        } else if keyqueue::pressed(KeyCode::W) {
            let aid = self.aid_now(cx, p);
            let game = p.game();
            let from = lp.origin;
            let places = game.aim_places();
            let trail = p
                .ghost_now()
                .and_then(|g| aim_words::trail_words(g, &places, from[0]));
            let now = match (&self.keys.aim, aid) {
                (None, _) => "No aim yet: press T for a place, or an arrow key".to_string(),
                (Some((a, q, _)), AidLevel::Learning) => {
                    let words = landing_said(game, &a.launch(q))
                        .unwrap_or_else(|| "does not fly: aim again".to_string());
                    format!("It {words}")
                }
                (Some((a, q, _)), AidLevel::Standard) => {
                    let dots = aid.dots(game, &a.launch(q));
                    let rise = aim_words::rise_words(&dots, from)
                        .unwrap_or_else(|| "it does not fly: aim again".to_string());
                    format!("{}: {rise}", aim_words::aim_words(a, q))
                }
                (Some((a, q, _)), AidLevel::Expert) => {
                    format!("{}: no path at Expert", aim_words::aim_words(a, q))
                }
            };
            let said = match (aid, trail) {
                (AidLevel::Learning, _) | (_, None) => now,
                (_, Some(t)) => format!("{now}. {t}"),
            };
            a11y::say(said);
        }
    }

    /// Sounds how near the keyboard aim `a` comes down to the place picked with T (or the
    /// nearest place the game names), at most every `TONE_EVERY` seconds (a held key).
    fn aim_tone_for(&mut self, cx: &mut Ctx, p: &Play, a: &KeyAim, lp: &LaunchPrompt) {
        let now = cx.ui.clock;
        if now - self.keys.toned_at < TONE_EVERY {
            return;
        }
        self.keys.toned_at = now;
        let game = p.game();
        let places = game.aim_places();
        let from = lp.origin[0];
        // The tone follows what the level shows: where the shot comes down at Learning, the
        // arc's top at Standard, nothing at Expert.
        let aid = self.aid_now(cx, p);
        let land = match aid {
            AidLevel::Learning => aim_words::landing(&engine::physics::preview::flight(
                game,
                &a.launch(lp),
                LANDING_FRAMES,
            )),
            AidLevel::Standard => aid.dots(game, &a.launch(lp)).last().copied(),
            AidLevel::Expert => None,
        };
        let Some(land) = land else {
            return;
        };
        let place = match self.keys.place.and_then(|i| places.get(i)) {
            Some(pl) => Some(pl),
            None => places
                .iter()
                .min_by(|x, y| (x.x - land[0]).abs().total_cmp(&(y.x - land[0]).abs())),
        };
        if let Some(place) = place {
            // At Standard the top is measured against the point half way to the place: where
            // the top of an arc that comes down on it lies (what a sighted player reads).
            let mut at = place.clone();
            if aid == AidLevel::Standard {
                at.x = from + (place.x - from) * 0.5;
                at.half_width = place.half_width * 0.5;
            }
            let (step, short) = aim_words::nearness(land, &at, from, sound::AIM_STEPS);
            cx.aim_tone(step, short);
        }
    }

    /// Fires `launch` through the game's own checks (the same for every way of aiming).
    fn fire_launch(&mut self, cx: &mut Ctx, p: &mut Play, launch: Launch, by: &str) {
        // Without a pointer, where the shot comes down is said as it is fired (the flight is
        // the same simulation, so the words are what happens).
        let landing = (by != "pointer").then(|| landing_said(p.game(), &launch));
        let text = format!(
            "{} angle {} power {} spin {} x {} y {}",
            launch.kind, launch.angle, launch.power, launch.spin, launch.x, launch.y
        );
        match p.fire(launch) {
            Ok(()) => {
                if let Err(e) = crate::app::save::count_shot(cx.store.as_mut()) {
                    log(&format!("could not count the shot: {e}"));
                }
                log(&format!("fire {text}"));
                log(&format!("fired-by {by}"));
                cx.sfx(sound::Effect::Launch);
                if let Some(Some(words)) = landing {
                    a11y::say(format!("Fired: it {words}"));
                }
            }
            Err(e) => cx.say(format!("Refused: {e}"), true),
        }
    }

    /// Aiming from the keyboard: an aiming key starts (or adjusts) the keyboard aim, drawn with
    /// the pointer's preview; Space (or Enter while no button has the focus ring) fires it. An
    /// arrow key takes the focus ring off the buttons (Tab brings it back), so arrows always aim.
    /// True when the keyboard aim is drawn this frame (the pointer's preview is then not).
    fn keyboard_aim(
        &mut self,
        cx: &mut Ctx,
        p: &mut Play,
        lp: &LaunchPrompt,
        kind: LaunchKind,
        f: &Frame,
        (ox, oy): (f32, f32),
    ) -> bool {
        let setting = crate::app::save::one_switch(cx.store.as_ref());
        if setting.on() {
            self.keys.aim = None;
            return self.switch_aim(cx, p, lp, kind, f, (ox, oy));
        }
        self.keys.switch = None;
        if self.aim.is_some() {
            // A finger is aiming: it wins.
            self.keys.aim = None;
            return false;
        }
        self.keys.forget_other_prompts(lp);
        self.aim_in_words(cx, p, lp);
        let key = aim_key(!cx.ui.focused());
        if key.is_some() {
            self.keys.used = true;
        }
        if let Some(key) = key {
            if key != AimKey::Fire {
                cx.ui.drop_focus();
            }
            if self.keys.aim.is_none() {
                let now = cx.ui.clock;
                let last = self.keys.last.clone();
                if let Some(mut a) = KeyAim::start(lp, last.as_ref()) {
                    if lp.kinds.contains(&kind) && kind != LaunchKind::Release {
                        a.kind = kind;
                    }
                    let cache = Aim::for_keys(now, self.aid_now(cx, p));
                    self.keys.aim = Some((a, lp.clone(), cache));
                    log("key-aim start");
                }
            }
            let fine = keyqueue::shift();
            let step = self
                .keys
                .aim
                .as_mut()
                .map(|(a, q, _)| (a.key(q, key, fine), a.clone()));
            match step {
                Some((KeyAimStep::Fire(launch), a)) => {
                    self.keys.aim = None;
                    self.keys.last = Some(a);
                    self.fire_launch(cx, p, launch, "keys");
                    return false;
                }
                Some((KeyAimStep::Adjusted, a)) => {
                    if key == AimKey::NextLauncher {
                        self.kind_pick = Some(a.kind);
                    }
                    a11y::say(aim_words::aim_words(&a, lp));
                    self.aim_tone_for(cx, p, &a, lp);
                    let l = a.launch(lp);
                    log(&format!(
                        "key-aim {} angle {} power {} spin {}",
                        l.kind, l.angle, l.power, l.spin
                    ));
                }
                None => {}
            }
        }
        let Some((a, q, mut cache)) = self.keys.aim.take() else {
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
        self.draw_key_aim(cx, p, &launch, pct, &mut cache, f, (ox, oy), &text);
        self.keys.aim = Some((a, q, cache));
        true
    }

    /// The aim made without a pointer, drawn as a drag's: the predicted path, a line out of the
    /// launcher as long as the strength, and `text` (angle, strength, what to press) above it.
    #[allow(clippy::too_many_arguments)]
    fn draw_key_aim(
        &mut self,
        cx: &mut Ctx,
        p: &Play,
        launch: &Launch,
        pct: i32,
        cache: &mut Aim,
        f: &Frame,
        (ox, oy): (f32, f32),
        text: &str,
    ) {
        let u = cx.ui.u;
        let now = cx.ui.clock;
        // The level may change under an aim (the pause menu): the dots follow at once.
        let aid = self.aid_now(cx, p);
        if cache.aid != aid {
            cache.aid = aid;
            cache.predicted = None;
        }
        let dots = cache.predicted(p.game(), launch, now).to_vec();
        crate::app::probe::aim_path(&dots);
        draw_dots(&dots, f, u);
        self.dots = dots;
        let len = 6.0 * u + 8.0 * u * pct as f32 / 100.0;
        let (dx, dy) = engine::physics::launch::direction(launch.angle);
        draw_line(ox, oy, ox + dx * len, oy - dy * len, u * 0.8, ACCENT);
        let small = cx.ui.size(3.0);
        let tw = cx.ui.measure(text, small);
        let tx = (ox - tw * 0.5).clamp(u, (cx.ui.w - tw - u).max(u));
        let ty = (oy - 8.0 * u - small).max(self.area.y + u);
        cx.ui.text_on_plate(text, tx, ty, small, TEXT);
    }

    /// One-switch aim (the setting on): the angle sweeps back and forth, a press of the switch
    /// (Space, or Enter while no button has the focus ring) keeps it; then the strength sweeps
    /// and a press fires. Backspace goes back to the angle. Nothing is held.
    fn switch_aim(
        &mut self,
        cx: &mut Ctx,
        p: &mut Play,
        lp: &LaunchPrompt,
        kind: LaunchKind,
        f: &Frame,
        at: (f32, f32),
    ) -> bool {
        let setting = crate::app::save::one_switch(cx.store.as_ref());
        if self.aim.is_some() {
            self.keys.switch = None;
            return false;
        }
        self.keys.forget_other_prompts(lp);
        if self.keys.switch.is_none() {
            let Some(mut s) = SwitchAim::start(lp, setting.sweep_seconds()) else {
                return false;
            };
            s.set_kind(lp, kind);
            let now = cx.ui.clock;
            let cache = Aim::for_keys(now, self.aid_now(cx, p));
            self.keys.switch = Some((s, lp.clone(), cache));
            log("switch-aim start");
        }
        let pressed = keyqueue::pressed(KeyCode::Space)
            || (!cx.ui.focused() && keyqueue::pressed_any(&[KeyCode::Enter, KeyCode::KpEnter]));
        let back = keyqueue::pressed(KeyCode::Backspace);
        // The switch aims now: no button keeps the ring the menu's scan left on one.
        cx.ui.drop_focus();
        let Some((mut s, q, mut cache)) = self.keys.switch.take() else {
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
                    self.fire_launch(cx, p, launch, "switch");
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
        self.draw_key_aim(cx, p, &launch, pct, &mut cache, f, at, &text);
        self.keys.switch = Some((s, q, cache));
        true
    }
}
