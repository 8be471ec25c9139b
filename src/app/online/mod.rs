//! Online rooms in the app (the web build only; the desktop build stays offline): the client
//! that follows a room (`client`), the connection (`wire`, `web/ct_net.js`), room links
//! (`link`), and the shell's part here: the client pumped every frame, what it heard turned into
//! games started, sounds, log lines and messages, the seat token kept per room, the calm
//! "Reconnecting…" banner and the page title ("Your turn"). The waiting room is
//! `screens::room`. docs/online.md describes the protocol.

pub mod client;
pub mod link;
pub(crate) mod rating;
pub mod wire;

use engine::online::protocol::{SeatInfo, SeatPlan};
use macroquad::prelude::*;
use std::sync::Mutex;

/// The aim aid the room set for this device's seats (a quick-match room sets every player's:
/// docs/online.md, "Rated rooms"), if it set one.
pub(crate) fn room_aid(c: Option<&client::Client>) -> Option<crate::app::aim::AidLevel> {
    let c = c?;
    let aids = c.aids()?;
    let mine = c.mine.first()?;
    let aid = (*aids.get(*mine)?)?;
    crate::app::aim::AidLevel::from_key(aid.key())
}

/// Each seat's aim aid in words for everyone in the room ("Aim aid: Ann Standard, Ben
/// Learning"), with what it means for the rating; None when the room set no levels.
pub(crate) fn aids_said(c: &client::Client) -> Option<String> {
    let aids = c.aids()?;
    let mut parts = Vec::new();
    let mut learning = false;
    for (seat, aid) in c.seats.iter().zip(aids) {
        if let Some(a) = aid {
            learning |= *a == engine::online::protocol::Aid::Learning;
            let name = crate::app::aim::AidLevel::from_key(a.key()).map_or("", |l| l.name());
            parts.push(format!("{} {name}", seat.name));
        }
    }
    if parts.is_empty() {
        return None;
    }
    let rating = if learning {
        " A seat plays at Learning: this game is not rated."
    } else {
        ""
    };
    Some(format!("Aim aid: {}.{rating}", parts.join(", ")))
}

/// Where a room's seat token is kept on this device (browser storage), one key per room.
pub fn token_key(code: &str) -> String {
    format!("catapult-table.room.{code}")
}

/// The name this device last joined a room with.
pub const NAME_KEY: &str = "catapult-table.online.name";

/// The page's own title.
pub const TITLE: &str = "Catapult Table";

/// What the browser tests read: the connection (0 none, 1 connecting, 2 open, 3 reconnecting),
/// the room's phase (-1 none, 0 waiting, 1 playing, 2 over), times the game here went out of
/// step with the room, and whether the room has welcomed this device.
#[derive(Clone, Copy, Default)]
pub(crate) struct Probe {
    pub(crate) state: i32,
    pub(crate) phase: i32,
    pub(crate) resyncs: u32,
    pub(crate) welcomed: i32,
    pub(crate) mine: i32,
}

pub(crate) static PROBE: Mutex<Probe> = Mutex::new(Probe {
    state: 0,
    phase: -1,
    resyncs: 0,
    welcomed: 0,
    mine: 0,
});

pub(crate) fn probe() -> Probe {
    PROBE.lock().map(|p| *p).unwrap_or_default()
}

#[no_mangle]
pub extern "C" fn ct_online_state() -> i32 {
    probe().state
}
#[no_mangle]
pub extern "C" fn ct_online_phase() -> i32 {
    probe().phase
}
/// Times the game on this device went out of step with its room and was loaded again.
#[no_mangle]
pub extern "C" fn ct_online_resyncs() -> u32 {
    probe().resyncs
}
#[no_mangle]
pub extern "C" fn ct_online_welcomed() -> i32 {
    probe().welcomed
}
/// This device's seats in the room, one bit each.
#[no_mangle]
pub extern "C" fn ct_online_mine() -> i32 {
    probe().mine
}

/// The title last given to the page.
pub(crate) static SHOWN_TITLE: Mutex<String> = Mutex::new(String::new());

pub(crate) fn title(t: &str) {
    if let Ok(mut g) = SHOWN_TITLE.lock() {
        if *g != t {
            *g = t.to_string();
            wire::set_title(t);
        }
    }
}

/// A server's refusal as a message: its own words, starting with a capital.
pub fn plain(why: &str) -> String {
    let mut c = why.trim().chars();
    let mut out: String = match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => "The server refused that.".into(),
    };
    if !out.ends_with('.') && !out.ends_with('?') && !out.ends_with('!') {
        out.push('.');
    }
    out
}

/// The room followed (the web build only), and the room link last opened or shown.
#[derive(Default)]
pub(crate) struct Net {
    pub(crate) client: Option<client::Client>,
    pub(crate) link: String,
    /// Who was connected at the last seat list (for "Ada left" / "Ada is back"), and whether it
    /// was this device's turn (for "Your turn"), as last told.
    pub(crate) present: Vec<bool>,
    pub(crate) my_turn: bool,
    /// The quick match last asked for (its game and number of players): the results of its
    /// game offer *Find another game* in place of *Play again*.
    pub(crate) quick: Option<(&'static engine::games::GameInfo, usize)>,
    /// The seats that asked for a rematch, as last told (for "Ada wants a rematch").
    pub(crate) rematch: Vec<usize>,
    /// This device's rating around the quick-match game being played.
    pub(crate) rating: rating::RatingWatch,
}

/// Where this device keeps the quick match its room belongs to (`game players`), so a reload
/// mid-game still knows the game as one (*Find another game*, the rating).
pub fn quick_key(code: &str) -> String {
    format!("catapult-table.quick.{code}")
}

/// What `quick_key` keeps: the game's id and its number of players.
pub(crate) fn quick_value(game: &engine::games::GameInfo, players: usize) -> String {
    format!("{} {players}", game.id)
}

/// A quick match read back from `quick_value` (anything else: none).
pub(crate) fn quick_from(value: &str) -> Option<(&'static engine::games::GameInfo, usize)> {
    let (id, n) = value.split_once(' ')?;
    let info = engine::games::info(id).ok()?;
    let n: usize = n.parse().ok()?;
    (info.available && (2..=info.max_seats).contains(&n)).then_some((info, n))
}

/// What changed in who is here between two seat lists, in words to show and say: "Ada left",
/// "Ada is back". Only players on other devices are told of (this device's seats, bots and
/// seats nobody took are not), and nothing when the lists differ in length (a first list).
pub(crate) fn presence_news(before: &[bool], now: &[SeatInfo], mine: &[usize]) -> Vec<String> {
    if before.len() != now.len() {
        return Vec::new();
    }
    now.iter()
        .zip(before)
        .enumerate()
        .filter(|(i, (s, _))| s.taken && !mine.contains(i) && !matches!(s.plan, SeatPlan::Bot(_)))
        .filter_map(|(_, (s, was))| match (*was, s.online) {
            (true, false) => Some(format!("{} left", s.name)),
            (false, true) => Some(format!("{} is back", s.name)),
            _ => None,
        })
        .collect()
}

/// What the turn clock's move for `seat` is told as: "Ada ran out of time: the bot played for
/// them" (this device's own seat: "you"); nothing for a seat the bot plays anyway.
pub(crate) fn clock_news(seat: usize, seats: &[SeatInfo], mine: &[usize]) -> Option<String> {
    let s = seats.get(seat)?;
    if mine.contains(&seat) {
        let whose = if mine.len() > 1 {
            format!("{} ran out of time", s.name)
        } else {
            "You ran out of time".to_string()
        };
        return Some(format!("{whose}: the bot played for you."));
    }
    if matches!(s.plan, SeatPlan::Bot(_)) {
        return None;
    }
    Some(format!(
        "{} ran out of time: the bot played for them.",
        s.name
    ))
}

/// Who newly asked for a rematch, in words: "Ada wants a rematch" (not this device's seats).
pub(crate) fn rematch_news(
    before: &[usize],
    now: &[usize],
    seats: &[SeatInfo],
    mine: &[usize],
) -> Vec<String> {
    now.iter()
        .filter(|s| !before.contains(s) && !mine.contains(s))
        .filter_map(|&s| seats.get(s))
        .map(|s| format!("{} wants a rematch", s.name))
        .collect()
}

/// What the check of a finished room's deal says, in a sentence (`Client::deal`): whole when
/// said (`short` false), short enough for one line of the results when shown.
pub(crate) fn deal_line(check: &Result<&'static str, String>, short: bool) -> String {
    match check {
        Ok(said) => plain(said),
        Err(_) if short => {
            "Warning: the deal does not match what the server promised at the start.".into()
        }
        Err(why) => plain(&format!("warning: {why}")),
    }
}

/// A rating as the app writes it: 1,512.
pub(crate) fn rating_text(r: i64) -> String {
    let digits = r.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if r < 0 {
        out.insert(0, '-');
    }
    out
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod presence_tests {
    use super::*;

    fn seat(name: &str, plan: SeatPlan, online: bool) -> SeatInfo {
        SeatInfo {
            plan,
            name: name.to_string(),
            taken: true,
            online,
        }
    }

    #[test]
    fn a_quick_match_is_remembered_for_its_room_and_anything_else_is_not_read() {
        let castle = &engine::games::castle::INFO;
        let kept = quick_value(castle, 3);
        assert_eq!(
            kept,
            format!("{} 3", castle.id),
            "the game's id and the players"
        );
        assert_eq!(
            quick_from(&kept).map(|(g, n)| (g.id, n)),
            Some((castle.id, 3))
        );
        for bad in [
            "",
            "castle",
            "castle x",
            "castle 1",
            "castle 99",
            "chess 2",
            "castle 3 4",
        ] {
            assert!(quick_from(bad).is_none(), "{bad}");
        }
        assert_eq!(
            quick_key("0123456789abcdef"),
            "catapult-table.quick.0123456789abcdef"
        );
    }

    #[test]
    fn a_friend_who_leaves_and_comes_back_is_told_by_name() {
        let here = seat("Bo", SeatPlan::Here, true);
        let bot = seat("Bot 3", SeatPlan::Bot(Default::default()), true);
        let gone = vec![
            here.clone(),
            seat("Ada", SeatPlan::Invited, false),
            bot.clone(),
        ];
        assert_eq!(
            presence_news(&[true, true, true], &gone, &[0]),
            ["Ada left"]
        );
        let back = vec![here, seat("Ada", SeatPlan::Invited, true), bot];
        assert_eq!(
            presence_news(&[true, false, true], &back, &[0]),
            ["Ada is back"]
        );
        // A first list, this device's own seats and nothing changed: nothing to tell.
        assert!(presence_news(&[], &back, &[0]).is_empty());
        assert!(presence_news(&[false, true, true], &back, &[0]).is_empty());
        assert!(presence_news(&[true, true, true], &back, &[0]).is_empty());
    }
}
