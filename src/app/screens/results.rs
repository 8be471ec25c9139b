//! The results screen: the winner, the ranking with its reasons, the running-totals chart.

use crate::app::chart;
use crate::app::context::{Ctx, Request};
use crate::app::daily::Finished;
use crate::app::frame::Area;
use crate::app::play::Play;
use crate::app::screen::{Screen, ScreenId};
use crate::app::ui::*;
use crate::app::{log, Command};
use macroquad::prelude::*;

/// The results of the game just played (handed over by the play screen, kept for Play again,
/// Watch replay and Share), and, when it was today's challenge, its result (worked out on the
/// first frame).
pub(crate) struct ResultsScreen {
    play: Play,
    daily: Option<Option<Finished>>,
}

impl ResultsScreen {
    pub(crate) fn new(play: Play) -> ResultsScreen {
        ResultsScreen { play, daily: None }
    }
}

impl Screen<Ctx> for ResultsScreen {
    fn id(&self) -> ScreenId {
        ScreenId::Results
    }
    fn game(&self) -> Option<&Play> {
        Some(&self.play)
    }
    fn game_mut(&mut self) -> Option<&mut Play> {
        Some(&mut self.play)
    }
    fn back(&mut self, _cx: &mut Ctx) -> Command {
        Command::Home
    }
    fn frame(&mut self, cx: &mut Ctx, _active: bool) -> Command {
        if self.daily.is_none() {
            self.daily = Some(crate::app::screens::daily_result::challenge_finished(
                cx, &self.play,
            ));
        }
        self.draw(cx)
    }
}

/// The results screen's buttons, left to right (their probe keys are what the browser tests
/// press).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ResultsButton {
    Again,
    /// After an online game: a rematch in a new room with the same players.
    Rematch,
    Watch,
    Share,
    Title,
}

impl ResultsButton {
    #[cfg(test)]
    const ALL: [ResultsButton; 5] = [
        ResultsButton::Again,
        ResultsButton::Rematch,
        ResultsButton::Watch,
        ResultsButton::Share,
        ResultsButton::Title,
    ];

    fn key(self) -> &'static str {
        match self {
            ResultsButton::Again => "again",
            ResultsButton::Rematch => "rematch",
            ResultsButton::Watch => "watch",
            ResultsButton::Share => "share",
            ResultsButton::Title => "title",
        }
    }

    fn label(self) -> &'static str {
        match self {
            ResultsButton::Again => "Play again",
            ResultsButton::Rematch => "Rematch",
            ResultsButton::Watch => "Watch replay",
            ResultsButton::Share => "Share",
            ResultsButton::Title => "Title",
        }
    }
}

impl ResultsScreen {
    fn draw(&self, cx: &mut Ctx) -> Command {
        let daily = self.daily.as_ref().and_then(Option::as_ref);
        let p = &self.play;
        let (w, h, u) = (cx.ui.w, cx.ui.h, cx.ui.u);
        let ranking = p.game().ranking();
        let names = p.names();
        let seats = &p.driver.session.replay.seats;
        let colour_of = |seat: usize| seats.get(seat).map(|s| rgb(s.rgb())).unwrap_or(ACCENT);
        let winner = ranking.winner();
        // Confetti in the seats' colours (the winner's most), falling behind everything.
        let mut colours: Vec<Color> = seats.iter().map(|s| rgb(s.rgb())).collect();
        if let Some(win) = winner {
            colours.extend(std::iter::repeat_n(colour_of(win), 3));
        }
        confetti(&colours, w, h, u, cx.ui.clock, cx.settings.reduce_motion);
        // The trophy in the winner's colour, the headline beside it.
        let big = cx.ui.size_at_most(7.0, (w - 8.0 * u) / 11.0);
        let trophy_h = (big * 2.2).min(h * 0.16);
        let headline = match winner {
            Some(s) => wins(&names.get(s).cloned().unwrap_or_default()),
            None => "A shared victory!".to_string(),
        };
        let head_w = w - 8.0 * u - trophy_h;
        let headline = cx.ui.fit(&headline, big, head_w);
        let hw = cx.ui.measure(&headline, big);
        let x_head = (w - hw - trophy_h - 2.0 * u) * 0.5;
        let band = winner.map(colour_of).unwrap_or(ACCENT);
        trophy(x_head, 3.0 * u, trophy_h, band, winner);
        let ty = 3.0 * u + (trophy_h - big) * 0.5;
        cx.ui
            .text(&headline, x_head + trophy_h + 2.0 * u, ty, big, TEXT);
        let line_y = ty + big * 1.25;
        draw_rectangle(
            x_head + trophy_h + 2.0 * u,
            line_y,
            hw,
            (0.8 * u).max(3.0),
            band,
        );
        let col_w = (w - 8.0 * u).min(140.0 * u);
        let x0 = (w - col_w) * 0.5;
        let mut y = 5.0 * u + trophy_h;
        let sub = cx.ui.size(3.0);
        cx.ui.text_centred(
            &format!("{}: the final scores", p.info.name),
            Area::new(0.0, y, w, sub),
            sub,
            DIM,
        );
        y += sub * 1.6;
        // The scores as a picture: one bar a seat, in its colour, longest for the most.
        let (key, scores) = shown_score(&ranking);
        let best = scores.iter().copied().max().unwrap_or(0).max(1);
        let ts = cx.ui.size(3.6);
        let row_h = (ts * 1.9).max(8.0 * u);
        // After an online game: never a local game. A quick match's *Play again* finds another
        // game; the players (not watchers) are offered the rematch; lines say the rating and
        // who wants the rematch.
        let again = cx.net.quick.filter(|(g, _)| p.online && g.id == p.info.id);
        let buttons = results_buttons(cx, p.online, again.is_some());
        let notes = online_notes(cx, p.online, again.is_some());
        let notes_h = notes.len() as f32 * ts * 1.4;
        // The buttons: one row, or two on a narrow screen (their words whole).
        let two_rows = w < h;
        let pitch = cx.ui.tap(10.0) + 2.0 * u;
        let buttons_h = if two_rows { 2.0 * pitch } else { pitch };
        let floor = h - buttons_h - 2.0 * u - notes_h;
        let name_w = ranking
            .standings
            .iter()
            .map(|s| {
                cx.ui
                    .measure(&names.get(s.seat).cloned().unwrap_or_default(), ts)
            })
            .fold(0.0, f32::max)
            .min(col_w * 0.32);
        for (i, st) in ranking.standings.iter().enumerate() {
            if y + row_h > floor {
                break;
            }
            let c = colour_of(st.seat);
            let cy = y + row_h * 0.5;
            // The place as a medal: gold, silver, bronze, then plain.
            let r = row_h * 0.36;
            let medal = match st.place {
                1 => Color::new(0.96, 0.76, 0.18, 1.0),
                2 => Color::new(0.78, 0.80, 0.84, 1.0),
                3 => Color::new(0.80, 0.52, 0.30, 1.0),
                _ => Color::new(0.40, 0.42, 0.46, 1.0),
            };
            draw_circle(x0 + r, cy, r, medal);
            fill_noted(Area::new(x0, cy - r, 2.0 * r, 2.0 * r), medal);
            let place = st.place.to_string();
            let pw = cx.ui.measure(&place, ts * 0.9);
            cx.ui.text(
                &place,
                x0 + r - pw * 0.5,
                cy - ts * 0.48,
                ts * 0.9,
                ink_on(medal),
            );
            // The seat's mark in its colour, its name, its bar and its score.
            let mx = x0 + 2.0 * r + 2.0 * u + r * 0.7;
            crate::app::draw::seat_mark(st.seat, mx, cy, r * 0.7, c);
            let name = names.get(st.seat).cloned().unwrap_or_default();
            let nx = mx + r * 0.7 + 2.0 * u;
            let name = cx.ui.fit(&name, ts, name_w);
            cx.ui.text(&name, nx, cy - ts * 0.55, ts, TEXT);
            let bar_x = nx + name_w + 2.0 * u;
            let value = scores.get(i).copied().unwrap_or(0);
            // "1 tower", not "1 towers" (issue #55).
            let label = format!("{value} {}", crate::app::effects::counted(value, &key));
            let lw = cx.ui.measure(&label, ts);
            let room = (x0 + col_w - bar_x - lw - 2.0 * u).max(2.0 * u);
            let bw = (room * value.max(0) as f32 / best as f32).max(u);
            let bh = row_h * 0.5;
            draw_rectangle(bar_x, cy - bh * 0.5, bw, bh, c);
            draw_rectangle_lines(
                bar_x,
                cy - bh * 0.5,
                bw,
                bh,
                2.0,
                Color::new(0.0, 0.0, 0.0, 0.4),
            );
            cx.ui
                .text(&label, bar_x + bw + 1.5 * u, cy - ts * 0.55, ts, TEXT);
            y += row_h + u;
        }
        // Today's challenge: its result, the shots, the streak and the board; else the running
        // totals round by round, for the games that keep them.
        let history = p.game().score_history();
        let chart_top = y + 2.0 * u;
        let chart_bottom = h - buttons_h - 2.0 * u - notes_h;
        for (i, note) in notes.iter().enumerate() {
            let ny = chart_bottom + u + i as f32 * ts * 1.4;
            cx.ui
                .text_centred(note, Area::new(0.0, ny, w, ts), ts, TEXT);
        }
        if let Some(f) = daily {
            let area = Area::new(x0, chart_top, col_w, chart_bottom - chart_top);
            crate::app::screens::daily_result::daily_panel(cx, f, area);
        } else if !history.is_empty() && chart_bottom - chart_top > 24.0 * u {
            let colours: Vec<Color> = seats.iter().map(|s| rgb(s.rgb())).collect();
            let goal = p.game().score_goal();
            let area = Area::new(x0, chart_top, col_w, chart_bottom - chart_top);
            // On a plate: the confetti falls behind it, not through the lines.
            cx.ui.panel(
                Area::new(area.x - u, area.y - u, area.w + 2.0 * u, area.h + 2.0 * u),
                PANEL,
            );
            Self::chart(cx, &history, goal, &colours, area);
        }
        let per_row = if two_rows {
            buttons.len().div_ceil(2) as f32
        } else {
            buttons.len() as f32
        };
        let bw = (col_w - (per_row - 1.0) * 2.0 * u) / per_row;
        let at = |i: f32| {
            let (row, col) = ((i / per_row).floor(), i % per_row);
            Area::new(
                x0 + col * (bw + 2.0 * u),
                h - buttons_h + row * pitch,
                bw,
                pitch - 2.0 * u,
            )
        };
        let mut tapped = None;
        for (i, (button, label)) in buttons.iter().enumerate() {
            if cx.ui.button(button.key(), at(i as f32), label, true) && tapped.is_none() {
                tapped = Some(*button);
            }
        }
        match tapped {
            None => {}
            Some(ResultsButton::Rematch) => ask_rematch(cx),
            Some(ResultsButton::Watch) => cx.ask(Request::Watch),
            Some(ResultsButton::Share) => match daily {
                Some(f) => crate::app::screens::daily_result::share_result(cx, f),
                None => crate::app::share::share(cx, p),
            },
            Some(ResultsButton::Again) => match (again, daily) {
                (Some((g, n)), _) => return crate::app::screens::quick::find_game(cx, g, n),
                (None, Some(f)) => {
                    let c = f.challenge.clone();
                    cx.ask(Request::Challenge(Box::new(c)));
                }
                (None, None) if !p.online => cx.ask(Request::Restart),
                (None, None) => ask_rematch(cx),
            },
            Some(ResultsButton::Title) => return Command::Home,
        }
        Command::Stay
    }

    /// The running totals as a line chart in `area`: axes with round numbers and points, the
    /// goal line, one line per seat in its colour.
    fn chart(cx: &Ctx, history: &[Vec<i64>], goal: Option<i64>, colours: &[Color], area: Area) {
        let u = cx.ui.u;
        let small = cx.ui.size(2.6);
        let label_w = cx.ui.measure("000", small) + 2.0 * u;
        let title_h = small * 1.6;
        let plot = Area::new(
            area.x + label_w,
            area.y + title_h + u,
            (area.w - label_w - 2.0 * u).max(1.0),
            (area.h - title_h - small * 3.2 - 2.0 * u).max(1.0),
        );
        let c = chart::Chart::new(history, goal, plot);
        cx.ui
            .text("Points after each round", area.x, area.y, small, DIM);
        let axis = Color::new(0.62, 0.64, 0.68, 0.9);
        let grid = Color::new(1.0, 1.0, 1.0, 0.07);
        let bottom = plot.y + plot.h;
        for (ty, v) in &c.y_ticks {
            draw_line(plot.x, *ty, plot.x + plot.w, *ty, 1.0, grid);
            let t = v.to_string();
            let tw = cx.ui.measure(&t, small);
            cx.ui
                .text(&t, plot.x - tw - u, ty - small * 0.6, small, DIM);
        }
        for (tx, r) in &c.x_ticks {
            draw_line(*tx, bottom, *tx, bottom + 0.8 * u, 1.0, axis);
            let t = r.to_string();
            let tw = cx.ui.measure(&t, small);
            cx.ui.text(&t, tx - tw * 0.5, bottom + u, small, DIM);
        }
        let rw = cx.ui.measure("round", small);
        cx.ui.text(
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
            let tw = cx.ui.measure(&t, small);
            cx.ui
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

/// The headline: "Ada wins!", and "You win!" for the seat named You (a challenge's).
fn wins(name: &str) -> String {
    if name == "You" {
        "You win!".to_string()
    } else {
        format!("{name} wins!")
    }
}

/// The score the results draw as bars: the first of the ranking's keys that is a count a player
/// knows ("points", "soldiers standing"), not "winner" or "outlasted" (who won, already said by
/// the headline and the places), with each standing's value in ranking order.
fn shown_score(r: &engine::core::Ranking) -> (String, Vec<i64>) {
    let pick = r.shown_key();
    let name = r.key_names.get(pick).cloned().unwrap_or_default();
    let values = r
        .standings
        .iter()
        .map(|s| s.keys.get(pick).copied().unwrap_or(0))
        .collect();
    (name, values)
}

/// A cup on a stem and a base, gold, with a band in the winner's colour and their mark on it
/// (told by shape as well as colour); `h` tall from (x, y).
fn trophy(x: f32, y: f32, h: f32, band: Color, seat: Option<usize>) {
    let gold = Color::new(0.96, 0.76, 0.18, 1.0);
    let dark = Color::new(0.72, 0.52, 0.08, 1.0);
    let cx = x + h * 0.5;
    let cup_w = h * 0.62;
    let cup_h = h * 0.48;
    // Handles, then the cup (a wide top narrowing to the stem).
    draw_circle_lines(
        cx - cup_w * 0.5,
        y + cup_h * 0.35,
        h * 0.13,
        h * 0.045,
        dark,
    );
    draw_circle_lines(
        cx + cup_w * 0.5,
        y + cup_h * 0.35,
        h * 0.13,
        h * 0.045,
        dark,
    );
    draw_triangle(
        vec2(cx - cup_w * 0.5, y),
        vec2(cx + cup_w * 0.5, y),
        vec2(cx, y + cup_h * 1.25),
        gold,
    );
    draw_rectangle(cx - cup_w * 0.5, y, cup_w, cup_h * 0.55, gold);
    draw_rectangle(
        cx - cup_w * 0.5,
        y,
        cup_w,
        h * 0.05,
        Color::new(1.0, 0.92, 0.55, 1.0),
    );
    draw_rectangle(cx - h * 0.05, y + cup_h, h * 0.1, h * 0.25, dark);
    draw_rectangle(cx - h * 0.25, y + h * 0.78, h * 0.5, h * 0.1, gold);
    draw_rectangle(cx - h * 0.3, y + h * 0.88, h * 0.6, h * 0.12, dark);
    // The winner's band and mark.
    draw_rectangle(
        cx - cup_w * 0.42,
        y + cup_h * 0.2,
        cup_w * 0.84,
        cup_h * 0.32,
        band,
    );
    if let Some(s) = seat {
        let ink = if band.r * 0.3 + band.g * 0.59 + band.b * 0.11 > 0.55 {
            INK
        } else {
            TEXT
        };
        crate::app::draw::seat_mark(s, cx, y + cup_h * 0.36, cup_h * 0.12, ink);
    }
}

/// Confetti over the screen: small tumbling strips in `colours`, falling and swaying for a few
/// seconds after the screen opens, then lying still; still from the start under Reduce motion.
fn confetti(colours: &[Color], w: f32, h: f32, u: f32, clock: f64, still: bool) {
    if colours.is_empty() {
        return;
    }
    let t = if still { 0.0 } else { clock as f32 };
    for i in 0..90u32 {
        // A fixed scatter per piece (no random state).
        let k = i.wrapping_mul(2_654_435_761);
        let fx = (k % 1000) as f32 / 1000.0;
        let fy = ((k >> 10) % 1000) as f32 / 1000.0;
        let speed = 0.05 + ((k >> 20) % 100) as f32 / 1000.0;
        let c = colours[(i as usize) % colours.len()];
        let y = ((fy + t * speed) % 1.0) * h;
        let x = fx * w + (t * 1.7 + fx * 9.0).sin() * 2.0 * u;
        let a = t * 3.0 + fy * 6.0;
        let (sw, sh) = (1.6 * u * a.cos().abs().max(0.25), 0.9 * u);
        draw_rectangle(
            x - sw * 0.5,
            y - sh * 0.5,
            sw,
            sh,
            Color::new(c.r, c.g, c.b, 0.85),
        );
    }
}

/// The results' buttons and their words: after an online game no *Play again* of a local game
/// (a quick match's reads *Find another game*), and *Rematch* for the room's players (*Accept
/// rematch* once another asked, *Rematch asked* once this device did).
fn results_buttons(cx: &Ctx, online: bool, quick: bool) -> Vec<(ResultsButton, &'static str)> {
    let mut out = Vec::new();
    if !online || quick {
        let again = if quick {
            "Find another game"
        } else {
            ResultsButton::Again.label()
        };
        out.push((ResultsButton::Again, again));
    }
    let player = cx.net.client.as_ref().filter(|c| !c.watching());
    if let (true, Some(c)) = (online, player) {
        let label = if c.asked_rematch() {
            "Rematch asked"
        } else if !c.rematch().is_empty() {
            "Accept rematch"
        } else {
            ResultsButton::Rematch.label()
        };
        out.push((ResultsButton::Rematch, label));
    }
    for b in [
        ResultsButton::Watch,
        ResultsButton::Share,
        ResultsButton::Title,
    ] {
        out.push((b, b.label()));
    }
    out
}

/// The lines over the buttons after an online game: the rating (a quick match), the check of
/// the deal, and who wants the rematch.
fn online_notes(cx: &Ctx, online: bool, quick: bool) -> Vec<String> {
    let mut out = Vec::new();
    let Some(c) = cx.net.client.as_ref().filter(|_| online) else {
        return out;
    };
    if quick && !c.watching() && cx.net.rating.room == c.code {
        out.extend(cx.net.rating.line(cx.net.rating.rated));
    }
    if let Some(check) = c.deal() {
        out.push(crate::app::online::deal_line(&check.map_err(|e| e.0), true));
    }
    if c.asked_rematch() {
        out.push("Waiting for the others to accept the rematch.".into());
    } else if let Some(&s) = c.rematch().first() {
        let name = c
            .seats
            .get(s)
            .map(|s| s.name.as_str())
            .unwrap_or("A player");
        out.push(format!("{name} wants a rematch."));
    }
    out
}

/// Asks the room for a rematch of its finished game (the results' *Rematch*, the pause menu's).
pub(crate) fn ask_rematch(cx: &mut Ctx) {
    let Some(c) = cx.net.client.as_mut() else {
        cx.say(
            "This room is closed: open its link to come back to it.",
            true,
        );
        return;
    };
    if c.watching() {
        cx.say("Only the players can ask for a rematch.", true);
    } else if c.asked_rematch() {
        cx.say("Waiting for the others to accept the rematch.", false);
    } else if c.ask_rematch() {
        log("online-rematch-asked");
        let others = !c.rematch().is_empty();
        cx.say(
            if others {
                "Rematch accepted: the new game is starting."
            } else {
                "Rematch asked: waiting for the others to accept."
            },
            false,
        );
    } else {
        cx.say("Not connected to the room: try again in a moment.", true);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scores_drawn_are_a_count_players_know_not_who_outlasted_whom() {
        let r = engine::core::ranking::rank(
            &["winner", "outlasted", "standing cards"],
            &[vec![0, 3, 2], vec![1, 999, 5]],
        );
        let (key, values) = shown_score(&r);
        assert_eq!(key, "standing cards");
        assert_eq!(values, [5, 2], "in ranking order");
        let r = engine::core::ranking::rank(&["points", "best round"], &[vec![7, 3]]);
        assert_eq!(shown_score(&r), ("points".to_string(), vec![7]));
    }

    #[test]
    fn the_headline_agrees_with_you() {
        assert_eq!(wins("You"), "You win!");
        assert_eq!(wins("Ada"), "Ada wins!");
    }

    #[test]
    fn results_buttons_keep_the_keys_the_browser_tests_press() {
        let keys: Vec<&str> = ResultsButton::ALL.iter().map(|b| b.key()).collect();
        assert_eq!(keys, ["again", "rematch", "watch", "share", "title"]);
    }
}
