//! The results of today's challenge, on the results screen: the day's number and the result, the
//! shots as marks (a hit, a miss), the best of the day and the streak kept on the device, and the
//! board: where the result stands and the day's best players. Also what the app does once a
//! challenge game ends: the diary counts it and the board is sent it (`board`).

use crate::app::board::{Done, Request, Status};
use crate::app::context::Ctx;
use crate::app::daily::{self, Finished};
use crate::app::frame::Area;
use crate::app::online::NAME_KEY;
use crate::app::play::Play;
use crate::app::screens::room::checked_name;
use crate::app::share::{send_text, Shared};
use crate::app::ui::*;
use crate::app::{diary, log};
use engine::challenge::line::TITLE;
use engine::challenge::verify::Mark;
use engine::core::replay::fnv1a;
use macroquad::prelude::*;

/// A replay's hash, as the diary keeps it.
fn replay_hash(json: &str) -> String {
    format!("{:016x}", fnv1a(0xcbf2_9ce4_8422_2325, json.as_bytes()))
}

/// The game just finished, if it was a challenge: counted in the diary once, and queued for
/// the board.
pub(crate) fn challenge_finished(cx: &mut Ctx, p: &Play) -> Option<Finished> {
    let today = daily::day_at(miniquad::date::now());
    let replay = &p.driver.session.replay;
    let f = daily::finished(replay, today)?;
    let text = replay.to_json();
    let hash = replay_hash(&text);
    let c = &f.challenge;
    if !cx.daily.diary.was_started(c.game, c.day) {
        log(&format!("challenge-not-mine {} {}", c.game, c.day));
        return None;
    }
    let counted = cx
        .daily
        .diary
        .record(c.game, c.day, f.verified.score, &f.line, &hash, &text);
    log(&format!(
        "challenge-finished {} {} score={} counted={counted} queued={}",
        c.game,
        c.day,
        f.verified.score,
        cx.daily.diary.outbox.len()
    ));
    if counted {
        if let Err(e) = cx.daily.diary.save(cx.store.as_mut()) {
            cx.say(format!("Your result could not be kept: {e}"), true);
        }
    }
    cx.daily.courier.hurry();
    Some(f)
}

/// A finished game opened from a link is someone else's: it never counts as this device's.
pub(crate) fn link_not_mine(cx: &mut Ctx, replay_json: &str) {
    cx.daily.diary.not_mine(&replay_hash(replay_json));
    let _ = cx.daily.diary.save(cx.store.as_mut());
}

/// The name the board shows: the one this device plays rooms with, else "Player" and a few
/// letters of its token.
pub(crate) fn board_name(cx: &mut Ctx) -> String {
    cx.store
        .get(NAME_KEY)
        .and_then(|n| checked_name(&n).ok())
        .unwrap_or_else(|| diary::default_name(&cx.daily.diary.token))
}

/// Each frame: the board's courier sends what waits and fetches the board.
pub(crate) fn board_frame(cx: &mut Ctx) {
    // The name is read from storage only when a result is about to go.
    let name = if cx.daily.courier.will_send(get_time(), &cx.daily.diary) {
        board_name(cx)
    } else {
        String::new()
    };
    if let Done::Changed(line) = cx
        .daily
        .courier
        .tick(get_time(), &mut cx.daily.diary, &name)
    {
        log(&line);
        if let Err(e) = cx.daily.diary.save(cx.store.as_mut()) {
            log(&format!("diary-unsaved {e}"));
        }
    }
}

/// The Share button of a challenge: the spoiler-free line.
pub(crate) fn share_result(cx: &mut Ctx, f: &Finished) {
    log(&format!("share-result {}", f.line.replace('\n', " / ")));
    match send_text(&f.line, TITLE) {
        Ok(Shared::Sheet) => cx.say("Your result is ready to send.", false),
        Ok(Shared::Clipboard) => cx.say("Your result is copied: paste it to a friend.", false),
        Ok(Shared::Shown) => cx.say("Copy your result from the box and send it.", false),
        Ok(Shared::File(path)) => cx.say(format!("Your result was written to {path}."), false),
        Err(e) => cx.say(format!("Your result could not be shared: {e}."), true),
    }
}

/// The challenge's panel in `a`: each part drawn while it fits.
pub(crate) fn daily_panel(cx: &mut Ctx, f: &Finished, a: Area) {
    let u = cx.ui.u;
    let c = &f.challenge;
    let big = cx.ui.size(scale::TITLE);
    let body = cx.ui.size(scale::BODY);
    if a.h < big * 1.6 + 2.0 * u {
        return;
    }
    cx.ui.panel(a, PANEL);
    let (x, w) = (a.x + 2.0 * u, a.w - 4.0 * u);
    let bottom = a.y + a.h - u;
    let mut y = a.y + 1.5 * u;
    let head = format!(
        "{} · {}",
        daily::number_words(c.day),
        daily::result_words(f)
    );
    let head = cx.ui.fit(&head, big, w);
    cx.ui.text(&head, x, y, big, ACCENT);
    y += big * 1.4;
    // The shots: a filled target for a hit, a ring for a miss, one row while they fit.
    let r = (1.6 * u).max(6.0);
    if y + 2.0 * r <= bottom && !f.verified.marks.is_empty() {
        let per_row = ((w / (2.6 * r)).floor() as usize).max(1);
        for (i, m) in f.verified.marks.iter().take(per_row).enumerate() {
            let cx = x + r + i as f32 * 2.6 * r;
            let cy = y + r;
            match m {
                Mark::Hit => {
                    draw_circle(cx, cy, r, ACCENT);
                    draw_circle(cx, cy, r * 0.62, TEXT);
                    draw_circle(cx, cy, r * 0.3, ACCENT);
                }
                Mark::Miss => draw_circle_lines(cx, cy, r * 0.85, (0.3 * u).max(1.5), DIM),
                Mark::Shot => draw_circle(cx, cy, r * 0.6, TEXT),
            }
        }
        y += 2.0 * r + u;
    }
    // The day's best and the streak, from the diary.
    let today = daily::day_at(miniquad::date::now());
    let mut facts = vec![daily::marks_words(&f.verified.marks)];
    if let Some(k) = cx.daily.diary.best(c.game, c.day) {
        if k.score > f.verified.score {
            facts.push(format!("your best today: {}", k.score));
        }
    }
    if let Some(s) = daily::streak_words(cx.daily.diary.streak(today)) {
        facts.push(s);
    }
    let facts = facts.join(" · ");
    if y + body * 1.3 <= bottom {
        y += cx.ui.paragraph(&facts, x, y, w, body, TEXT) + u;
    }
    // The board: where this result stands, then the day's best players.
    let day = c.day.to_string();
    let status = cx
        .daily
        .courier
        .status_of(c.game, &day)
        .cloned()
        .or_else(|| {
            cx.daily
                .diary
                .best(c.game, c.day)
                .filter(|k| k.rank > 0)
                .map(|k| Status::Ranked {
                    rank: k.rank,
                    players: k.players,
                })
        })
        .or_else(|| {
            let queued = cx
                .daily
                .diary
                .outbox
                .iter()
                .any(|o| o.game == c.game && o.day == day);
            match (queued, Request::can_send()) {
                (_, false) => Some(Status::OfflineBuild),
                (true, true) => Some(Status::Sending),
                (false, true) => None,
            }
        });
    let Some(status) = status else {
        return;
    };
    let words = daily::status_words(&status);
    let lines = cx.ui.wrap(&words, body, w);
    if y + lines.len() as f32 * body * 1.3 <= bottom {
        let colour = if matches!(status, Status::Ranked { .. }) {
            GOOD
        } else {
            TEXT
        };
        y += cx.ui.paragraph(&words, x, y, w, body, colour) + u;
    }
    let Some(board) = cx
        .daily
        .courier
        .board
        .as_ref()
        .filter(|b| b.game == c.game && b.day == day)
    else {
        return;
    };
    let rows: Vec<(String, String, bool)> = board
        .entries
        .iter()
        .map(|e| {
            (
                format!("{}. {}", e.rank, e.name),
                e.score.to_string(),
                e.you,
            )
        })
        .collect();
    let score_w = rows
        .iter()
        .map(|(_, s, _)| cx.ui.measure(s, body))
        .fold(0.0, f32::max);
    for (name, score, you) in rows {
        if y + body * 1.3 > bottom {
            break;
        }
        let colour = if you { ACCENT } else { TEXT };
        let shown = cx.ui.fit(&name, body, w - score_w - 3.0 * u);
        cx.ui.text(&shown, x, y, body, colour);
        let sw = cx.ui.measure(&score, body);
        cx.ui.text(&score, x + w - sw, y, body, colour);
        y += body * 1.3;
    }
}
