//! Today's challenge: the day, each game's challenge with its goal, and Play. The challenges
//! come from the engine and the device's clock (UTC), so the screen works offline.

use crate::app::context::Ctx;
use crate::app::daily;
use crate::app::frame::Area;
use crate::app::log;
use crate::app::play::Play;
use crate::app::play::{self};
use crate::app::screen::{Screen, ScreenId};
use crate::app::ui::*;
use crate::app::Command;
use engine::challenge::{challenges_of, Challenge, Day};
use macroquad::miniquad;

/// The day shown and its challenges (worked out once, when the screen opens).
pub(crate) struct ChallengeScreen {
    day: Day,
    challenges: Vec<Challenge>,
}

impl ChallengeScreen {
    pub(crate) fn new() -> Self {
        let day = daily::day_at(miniquad::date::now());
        ChallengeScreen {
            day,
            challenges: challenges_of(day),
        }
    }
}

impl Screen<Ctx> for ChallengeScreen {
    fn id(&self) -> ScreenId {
        ScreenId::Challenge
    }
    fn frame(&mut self, cx: &mut Ctx, _active: bool) -> Command {
        self.draw(cx)
    }
}

impl ChallengeScreen {
    fn draw(&mut self, cx: &mut Ctx) -> Command {
        let (w, h, u) = (cx.ui.w, cx.ui.h, cx.ui.u);
        let col_w = (w - 6.0 * u).min(150.0 * u);
        let x0 = (w - col_w) * 0.5;
        let big = cx.ui.size_at_most(7.0, col_w / 10.0);
        let title = cx.ui.fit(daily::TITLE_BUTTON, big, col_w);
        cx.ui
            .text_centred(&title, Area::new(0.0, 2.0 * u, w, big), big, ACCENT);
        let mut y = 3.5 * u + big;
        // The date and the day's number: one line when it fits, else one under the other.
        let ds = cx.ui.size(3.6);
        let words = daily::day_words(self.day);
        let number = daily::number_words(self.day);
        let one = format!("{words} · {number}");
        let date_lines = if cx.ui.measure(&one, ds) <= col_w {
            vec![one]
        } else {
            vec![words, number]
        };
        for l in &date_lines {
            let l = cx.ui.fit(l, ds, col_w);
            cx.ui
                .text_centred(&l, Area::new(x0, y, col_w, ds), ds, TEXT);
            y += ds * 1.3;
        }
        if let Some(streak) = daily::streak_words(cx.daily.diary.streak(self.day)) {
            let l = cx.ui.fit(&streak, ds, col_w);
            cx.ui
                .text_centred(&l, Area::new(x0, y, col_w, ds), ds, ACCENT);
            y += ds * 1.3;
        }
        y += 2.0 * u;
        let bottom = h - 13.0 * u;
        let play_w = 22.0 * u;
        let gap = 2.0 * u;
        // The goals' size: the largest of a few that lets every row fit above the Back button.
        let name_s = cx.ui.size(3.8);
        let mut gs = cx.ui.size(3.0);
        let text_w = col_w - play_w - 5.0 * u;
        for k in [3.2, 3.0, 2.8, 2.6, 2.4, 2.2] {
            gs = cx.ui.size(k);
            let need: f32 = self
                .challenges
                .iter()
                .map(|c| {
                    row_height(&cx.ui, &row_words(&cx.daily.diary, c), name_s, gs, text_w) + gap
                })
                .sum::<f32>()
                + gs * 2.6;
            if y + need <= bottom {
                break;
            }
        }
        let mut pick = None;
        for c in &self.challenges {
            let name = play::find(c.game).map_or(c.game, |g| g.name);
            let goal = row_words(&cx.daily.diary, c);
            let rh = row_height(&cx.ui, &goal, name_s, gs, text_w);
            let a = Area::new(x0, y, col_w, rh);
            cx.ui.panel(a, PANEL);
            let shown = cx.ui.fit(name, name_s, text_w);
            cx.ui
                .text(&shown, a.x + 2.0 * u, a.y + 1.2 * u, name_s, TEXT);
            cx.ui.paragraph(
                &goal,
                a.x + 2.0 * u,
                a.y + 1.8 * u + name_s,
                text_w,
                gs,
                DIM,
            );
            let bh = cx.ui.tap(9.0);
            let b = Area::new(
                a.x + a.w - play_w - u,
                a.y + (rh - bh).max(0.0) * 0.5,
                play_w,
                bh,
            );
            if cx.ui.button(&daily::play_key(c), b, "Play", true) {
                pick = Some(c.clone());
            }
            cx.ui.speak_as(&format!("Play {name}"));
            y += rh + gap;
        }
        // The games without a challenge, in a line under them.
        for g in play::catalog() {
            if g.available && g.daily.is_none() {
                y += cx
                    .ui
                    .paragraph(&daily::none_for(g.name), x0, y, col_w, gs, DIM);
            }
        }
        if cx.ui.button(
            "back",
            Area::new(
                (w - 40.0 * u) * 0.5,
                h - cx.ui.tap(10.0) - 2.0 * u,
                40.0 * u,
                cx.ui.tap(10.0),
            ),
            "Back",
            true,
        ) {
            return Command::Pop;
        }
        if let Some(c) = pick {
            start_challenge(cx, &c);
        }
        Command::Stay
    }
}

/// A row's words: the goal, and what the device remembers of the game's last days.
pub(crate) fn row_words(diary: &crate::app::diary::Diary, c: &Challenge) -> String {
    let goal = daily::goal_words(c);
    match daily::past_words(diary, c) {
        Some(past) => format!("{goal} {past}."),
        None => goal,
    }
}

/// A challenge row's height: the name over the goal wrapped beside the Play button.
pub(crate) fn row_height(ui: &Ui, goal: &str, name_s: f32, gs: f32, width: f32) -> f32 {
    let u = ui.u;
    let lines = ui.wrap(goal, gs, width).len() as f32;
    (3.0 * u + name_s + lines * gs * 1.3).max(ui.tap(9.0) + 2.0 * u)
}

/// Starts a challenge's game: its seed, seats and options, so the finished game verifies.
pub(crate) fn start_challenge(cx: &mut Ctx, c: &Challenge) {
    let h = &c.header;
    let started =
        play::find(c.game).and_then(|info| Play::new(info, &h.options, h.seats.clone(), h.seed));
    match started {
        Ok(p) => {
            log(&format!(
                "start {} seats={} humans=1 seed={} challenge={}",
                c.game,
                h.seats.len(),
                h.seed,
                c.day
            ));
            cx.saved = None;
            cx.daily.diary.start(c.game, c.day);
            if let Err(e) = cx.daily.diary.save(cx.store.as_mut()) {
                log(&format!("diary-unsaved {e}"));
            }
            cx.save_play(&p);
            crate::app::screens::play::start(cx, p);
        }
        Err(e) => cx.say(format!("Cannot start today's challenge: {e}"), true),
    }
}
