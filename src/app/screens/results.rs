//! The results screen: the winner, the ranking with its reasons, the running-totals chart.

use crate::app::chart;
use crate::app::frame::Area;
use crate::app::screen::{Screen, ScreenId};
use crate::app::ui::*;
use crate::app::{App, Command};
use macroquad::prelude::*;

/// The results of the game in play (the shell's, kept for Play again and Watch replay).
pub(crate) struct ResultsScreen;

impl Screen<App> for ResultsScreen {
    fn id(&self) -> ScreenId {
        ScreenId::Results
    }
    fn back(&mut self, _app: &mut App) -> Command {
        Command::Home
    }
    fn frame(&mut self, app: &mut App, _active: bool) -> Command {
        app.results()
    }
}

/// The results screen's buttons, left to right (their probe keys are what the browser tests
/// press).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ResultsButton {
    Again,
    Watch,
    Share,
    Title,
}

impl ResultsButton {
    const ALL: [ResultsButton; 4] = [
        ResultsButton::Again,
        ResultsButton::Watch,
        ResultsButton::Share,
        ResultsButton::Title,
    ];

    fn key(self) -> &'static str {
        match self {
            ResultsButton::Again => "again",
            ResultsButton::Watch => "watch",
            ResultsButton::Share => "share",
            ResultsButton::Title => "title",
        }
    }

    fn label(self) -> &'static str {
        match self {
            ResultsButton::Again => "Play again",
            ResultsButton::Watch => "Watch replay",
            ResultsButton::Share => "Share",
            ResultsButton::Title => "Title",
        }
    }
}

impl App {
    fn results(&mut self) -> Command {
        let Some(p) = self.play.as_ref() else {
            return Command::Home;
        };
        let (w, h, u) = (self.ui.w, self.ui.h, self.ui.u);
        let ts = self.ui.size(3.8);
        let ranking = p.game().ranking();
        let names = p.names();
        let headline = match ranking.winner() {
            Some(s) => format!("{} wins!", names.get(s).cloned().unwrap_or_default()),
            None => "A shared victory!".to_string(),
        };
        let big = self.ui.size_at_most(7.0, (w - 8.0 * u) / 10.0);
        let headline = self.ui.fit(&headline, big, w - 4.0 * u);
        self.ui
            .text_centred(&headline, Area::new(0.0, 4.0 * u, w, big), big, ACCENT);
        let col_w = (w - 8.0 * u).min(140.0 * u);
        let x0 = (w - col_w) * 0.5;
        let mut y = 8.0 * u + big;
        let intro = format!(
            "{} - final ranking (the reason each place is above the next):",
            p.info.name
        );
        y += self
            .ui
            .paragraph(&intro, x0, y, col_w, self.ui.size(3.0), DIM);
        y += 2.0 * u;
        // The ranking stops above the buttons (the last lines give way on a small screen).
        let floor = h - 13.0 * u;
        for line in ranking.explain(&names) {
            let lines = self.ui.wrap(&line, ts, col_w - 3.0 * u);
            if y + lines.len() as f32 * ts * 1.3 > floor {
                break;
            }
            let colour = ranking
                .standings
                .iter()
                .find(|s| line.contains(&names.get(s.seat).cloned().unwrap_or_default()))
                .and_then(|s| p.driver.session.replay.seats.get(s.seat))
                .map(|s| rgb(s.rgb()))
                .unwrap_or(TEXT);
            draw_rectangle(x0, y + 0.4 * ts, 1.5 * u, ts * 0.8, colour);
            y += self
                .ui
                .paragraph(&line, x0 + 3.0 * u, y, col_w - 3.0 * u, ts, TEXT);
            y += u;
        }
        // Running totals round by round, for the games that keep them.
        let history = p.game().score_history();
        let chart_top = y + 2.0 * u;
        let chart_bottom = h - 14.0 * u;
        if !history.is_empty() && chart_bottom - chart_top > 24.0 * u {
            let colours: Vec<Color> = p
                .driver
                .session
                .replay
                .seats
                .iter()
                .map(|s| rgb(s.rgb()))
                .collect();
            let goal = p.game().score_goal();
            self.draw_chart(
                &history,
                goal,
                &colours,
                Area::new(x0, chart_top, col_w, chart_bottom - chart_top),
            );
        }
        let bw = (col_w - 6.0 * u) / 4.0;
        let at = |i: f32| Area::new(x0 + i * (bw + 2.0 * u), h - 12.0 * u, bw, 10.0 * u);
        let mut tapped = None;
        for (i, button) in ResultsButton::ALL.iter().enumerate() {
            if self
                .ui
                .button(button.key(), at(i as f32), button.label(), true)
                && tapped.is_none()
            {
                tapped = Some(*button);
            }
        }
        match tapped {
            None => {}
            Some(ResultsButton::Watch) => self.watch(),
            Some(ResultsButton::Share) => self.share(),
            Some(ResultsButton::Again) => self.restart(),
            Some(ResultsButton::Title) => {
                self.play = None;
                return Command::Home;
            }
        }
        Command::Stay
    }

    /// The running totals as a line chart in `area`: axes with round numbers and points, the
    /// goal line, one line per seat in its colour.
    fn draw_chart(&self, history: &[Vec<i64>], goal: Option<i64>, colours: &[Color], area: Area) {
        let u = self.ui.u;
        let small = self.ui.size(2.6);
        let label_w = self.ui.measure("000", small) + 2.0 * u;
        let title_h = small * 1.6;
        let plot = Area::new(
            area.x + label_w,
            area.y + title_h + u,
            (area.w - label_w - 2.0 * u).max(1.0),
            (area.h - title_h - small * 3.2 - 2.0 * u).max(1.0),
        );
        let c = chart::Chart::new(history, goal, plot);
        self.ui
            .text("Points after each round", area.x, area.y, small, DIM);
        let axis = Color::new(0.62, 0.64, 0.68, 0.9);
        let grid = Color::new(1.0, 1.0, 1.0, 0.07);
        let bottom = plot.y + plot.h;
        for (ty, v) in &c.y_ticks {
            draw_line(plot.x, *ty, plot.x + plot.w, *ty, 1.0, grid);
            let t = v.to_string();
            let tw = self.ui.measure(&t, small);
            self.ui
                .text(&t, plot.x - tw - u, ty - small * 0.6, small, DIM);
        }
        for (tx, r) in &c.x_ticks {
            draw_line(*tx, bottom, *tx, bottom + 0.8 * u, 1.0, axis);
            let t = r.to_string();
            let tw = self.ui.measure(&t, small);
            self.ui.text(&t, tx - tw * 0.5, bottom + u, small, DIM);
        }
        let rw = self.ui.measure("round", small);
        self.ui.text(
            "round",
            plot.x + (plot.w - rw) * 0.5,
            bottom + u + small * 1.4,
            small,
            DIM,
        );
        draw_line(plot.x, plot.y, plot.x, bottom, 1.5, axis);
        draw_line(plot.x, bottom, plot.x + plot.w, bottom, 1.5, axis);
        if let Some((gy, g)) = c.goal {
            // A dashed goal line.
            let dash = 2.0 * u;
            let mut x = plot.x;
            while x < plot.x + plot.w {
                let x2 = (x + dash).min(plot.x + plot.w);
                draw_line(x, gy, x2, gy, 2.0, ACCENT);
                x += 2.0 * dash;
            }
            let t = format!("goal {g}");
            let tw = self.ui.measure(&t, small);
            self.ui
                .text(&t, plot.x + plot.w - tw, gy - small * 1.3, small, ACCENT);
        }
        let thick = (0.6 * u).max(2.0);
        for (s, line) in c.lines.iter().enumerate() {
            let col = colours.get(s).copied().unwrap_or(TEXT);
            for pair in line.windows(2) {
                draw_line(pair[0].0, pair[0].1, pair[1].0, pair[1].1, thick, col);
            }
            for &(px, py) in line.iter().skip(1) {
                draw_circle(px, py, thick * 1.2, col);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_buttons_keep_the_keys_the_browser_tests_press() {
        let keys: Vec<&str> = ResultsButton::ALL.iter().map(|b| b.key()).collect();
        assert_eq!(keys, ["again", "watch", "share", "title"]);
    }
}
