//! Today's challenge: the day, each game's challenge with its goal, and Play. The challenges
//! come from the engine and the device's clock (UTC), so the screen works offline.

use crate::app::daily;
use crate::app::frame::Area;
use crate::app::play::{self};
use crate::app::screen::{Screen, ScreenId};
use crate::app::ui::*;
use crate::app::{App, Command};
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

impl Screen<App> for ChallengeScreen {
    fn id(&self) -> ScreenId {
        ScreenId::Challenge
    }
    fn frame(&mut self, app: &mut App, _active: bool) -> Command {
        self.draw(app)
    }
}

impl ChallengeScreen {
    fn draw(&mut self, app: &mut App) -> Command {
        let (w, h, u) = (app.cx.ui.w, app.cx.ui.h, app.cx.ui.u);
        let col_w = (w - 6.0 * u).min(150.0 * u);
        let x0 = (w - col_w) * 0.5;
        let big = app.cx.ui.size_at_most(7.0, col_w / 10.0);
        let title = app.cx.ui.fit(daily::TITLE_BUTTON, big, col_w);
        app.cx
            .ui
            .text_centred(&title, Area::new(0.0, 2.0 * u, w, big), big, ACCENT);
        let mut y = 3.5 * u + big;
        // The date and the day's number: one line when it fits, else one under the other.
        let ds = app.cx.ui.size(3.6);
        let words = daily::day_words(self.day);
        let number = daily::number_words(self.day);
        let one = format!("{words} · {number}");
        let date_lines = if app.cx.ui.measure(&one, ds) <= col_w {
            vec![one]
        } else {
            vec![words, number]
        };
        for l in &date_lines {
            let l = app.cx.ui.fit(l, ds, col_w);
            app.cx
                .ui
                .text_centred(&l, Area::new(x0, y, col_w, ds), ds, TEXT);
            y += ds * 1.3;
        }
        if let Some(streak) = daily::streak_words(app.cx.daily.diary.streak(self.day)) {
            let l = app.cx.ui.fit(&streak, ds, col_w);
            app.cx
                .ui
                .text_centred(&l, Area::new(x0, y, col_w, ds), ds, ACCENT);
            y += ds * 1.3;
        }
        y += 2.0 * u;
        let bottom = h - 13.0 * u;
        let play_w = 22.0 * u;
        let gap = 2.0 * u;
        // The goals' size: the largest of a few that lets every row fit above the Back button.
        let name_s = app.cx.ui.size(3.8);
        let mut gs = app.cx.ui.size(3.0);
        let text_w = col_w - play_w - 5.0 * u;
        for k in [3.2, 3.0, 2.8, 2.6, 2.4, 2.2] {
            gs = app.cx.ui.size(k);
            let need: f32 = self
                .challenges
                .iter()
                .map(|c| {
                    row_height(
                        &app.cx.ui,
                        &row_words(&app.cx.daily.diary, c),
                        name_s,
                        gs,
                        text_w,
                    ) + gap
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
            let goal = row_words(&app.cx.daily.diary, c);
            let rh = row_height(&app.cx.ui, &goal, name_s, gs, text_w);
            let a = Area::new(x0, y, col_w, rh);
            app.cx.ui.panel(a, PANEL);
            let shown = app.cx.ui.fit(name, name_s, text_w);
            app.cx
                .ui
                .text(&shown, a.x + 2.0 * u, a.y + 1.2 * u, name_s, TEXT);
            app.cx.ui.paragraph(
                &goal,
                a.x + 2.0 * u,
                a.y + 1.8 * u + name_s,
                text_w,
                gs,
                DIM,
            );
            let bh = app.cx.ui.tap(9.0);
            let b = Area::new(
                a.x + a.w - play_w - u,
                a.y + (rh - bh).max(0.0) * 0.5,
                play_w,
                bh,
            );
            if app.cx.ui.button(&daily::play_key(c), b, "Play", true) {
                pick = Some(c.clone());
            }
            app.cx.ui.speak_as(&format!("Play {name}"));
            y += rh + gap;
        }
        // The games without a challenge, in a line under them.
        for g in play::catalog() {
            if g.available && g.daily.is_none() {
                y += app
                    .cx
                    .ui
                    .paragraph(&daily::none_for(g.name), x0, y, col_w, gs, DIM);
            }
        }
        if app.cx.ui.button(
            "back",
            Area::new(
                (w - 40.0 * u) * 0.5,
                h - app.cx.ui.tap(10.0) - 2.0 * u,
                40.0 * u,
                app.cx.ui.tap(10.0),
            ),
            "Back",
            true,
        ) {
            return Command::Pop;
        }
        if let Some(c) = pick {
            app.start_challenge(&c);
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
