//! First-game hints: the first time a player meets a gesture, a ghost finger shows it over the
//! table with a caption. A hint goes for good once the player has made that move; it takes no
//! taps (nothing under it is blocked). Which hints are done is kept in storage like the other
//! settings. The page's
//! `?hints=off` (or `CATAPULT_TABLE_HINTS=off` on the desktop) shows none (the browser tests'
//! layout check and screenshots use it).

use super::frame::Area;
use super::store::Store;
use macroquad::prelude::*;

/// Which hints were dismissed: a comma-separated list of their keys.
pub const HINTS_KEY: &str = "catapult-table.hints";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hint {
    /// Drag back from a catapult (or a hand) and let go.
    Fire,
    /// Swipe across a lever.
    Flick,
    /// A quick flick out from the wrist.
    Wrist,
    /// Drag a piece into place and twist it.
    Place,
}

impl Hint {
    pub fn key(self) -> &'static str {
        match self {
            Hint::Fire => "fire",
            Hint::Flick => "flick",
            Hint::Wrist => "wrist",
            Hint::Place => "place",
        }
    }

    pub fn caption(self) -> &'static str {
        match self {
            Hint::Fire => "Drag back from the ring and let go to fire",
            Hint::Flick => "Swipe quickly across the lever to flick",
            Hint::Wrist => {
                "The post with the ball in your colour is your throwing hand: flick quickly out from the ring round it to throw"
            }
            Hint::Place => "Drag the piece into place; twist with a second finger to turn it",
        }
    }

    /// Where the ghost finger is at phase `t` (0..1) of its loop, as an offset from the
    /// launcher in units of `u`; `towards` is +1 when the target lies to the right.
    pub fn finger(self, t: f32, towards: f32) -> (f32, f32) {
        let e = t.clamp(0.0, 1.0);
        match self {
            Hint::Fire => (-12.0 * towards * e, 10.0 * e),
            Hint::Flick => (0.0, 14.0 * (e * 2.0).min(1.0)),
            Hint::Wrist => (14.0 * towards * e, -12.0 * e),
            Hint::Place => (10.0 * e, -4.0 * e),
        }
    }
}

/// Whether the player has followed `hint` (it then goes for good): a shot of theirs flying
/// (`flying`, seen the frame after the hint was drawn) ends the aiming hints; a move made with no
/// shot (a piece put down) the placing one. A choice made while aiming (a card, the catapult
/// turned) is not the gesture the hint shows, so it stays. (Before issue #55 the aiming hints
/// waited for a move that came only once the shot was at rest, when no hint was up any more:
/// the drag hint stayed for shots 2 and 3.)
pub fn followed(hint: Hint, flying: bool, moved: bool) -> bool {
    match hint {
        Hint::Fire | Hint::Flick | Hint::Wrist => flying,
        Hint::Place => moved && !flying,
    }
}

/// Where the caption goes in the table area `ta`: never over the aim area `aim` (the launcher,
/// a full pull round it and the sky above it, where the predicted path goes). Tried in turn:
/// the top of the table on the far side from the launcher (the sky over the target: the pieces
/// stand low), its bottom there, then the top and the bottom across the whole width, else the
/// top. `w` x `h` is the caption's size (its width shrinks to the room beside the aim area when that is at
/// least half of it).
pub fn caption_place(ta: Area, aim: Area, w: f32, h: f32, margin: f32) -> Area {
    let clear = |a: &Area| !super::ui::overlap(*a, aim);
    // The room beside the aim area, on its wider side.
    let left = (aim.x - ta.x - 2.0 * margin).max(0.0);
    let right = (ta.x + ta.w - (aim.x + aim.w) - 2.0 * margin).max(0.0);
    let (room, x) = if right >= left {
        (right, aim.x + aim.w + margin)
    } else {
        (left, ta.x + margin)
    };
    let bw = w.min(room);
    let mut tries = Vec::new();
    if bw >= w * 0.5 {
        let x = if right >= left {
            x + (room - bw) * 0.5
        } else {
            x
        };
        tries.push(Area::new(x, ta.y + margin, bw, h));
        tries.push(Area::new(x, ta.y + ta.h - h - margin, bw, h));
    }
    // Across the whole width: the sky first (the pieces and their labels stand low).
    let cx = ta.x + (ta.w - w) * 0.5;
    tries.push(Area::new(cx, ta.y + margin, w, h));
    tries.push(Area::new(cx, ta.y + ta.h - h - margin, w, h));
    // Nowhere clear (a phone held upright: the aim spans the width): the top of the sky, over
    // the far end of the predicted path rather than over the launcher.
    let top = Area::new(cx, ta.y + margin, w, h);
    tries.iter().copied().find(clear).unwrap_or(top)
}

/// Where the placing hint's first line goes: low on the table (`lines` lines of `line_h`, in
/// `width` from `x`), below any table label it would meet there (a mat's caption), yet inside
/// the table; where there is no room below them, at the table's bottom.
pub fn placing_hint_top(
    table: Area,
    x: f32,
    width: f32,
    lines: usize,
    line_h: f32,
    labels: &[Area],
) -> f32 {
    let h = lines as f32 * line_h;
    let lowest = table.y + table.h - h - 0.5 * line_h;
    let mut top = table.y + table.h - h - 2.5 * line_h;
    // Room above the words for their plate and the label's plate (each a fifth of a line or
    // less), so that the plates do not touch either.
    let pad = 0.4 * line_h;
    // Labels are met one after another going down; a few passes settle it.
    for _ in 0..labels.len() {
        let hint = Area::new(x, top - pad, width, h + pad);
        match labels
            .iter()
            .filter(|l| super::ui::overlap(hint, **l))
            .map(|l| l.y + l.h)
            .reduce(f32::max)
        {
            Some(bottom) => top = bottom + pad,
            None => break,
        }
    }
    top.min(lowest)
}

/// What a hint's caption must keep clear of, around the screen point `anchor`: for a shot, the
/// launcher, a full pull (`reach`) round it and the sky above it, where the predicted path goes;
/// for a piece being placed, only the piece's own neighbourhood (the sky over it is free).
pub fn keep_clear(hint: Hint, anchor: (f32, f32), reach: f32, top: f32) -> Area {
    if hint == Hint::Place {
        return Area::new(anchor.0 - reach, anchor.1 - reach, 2.0 * reach, 2.0 * reach);
    }
    Area::new(
        anchor.0 - reach,
        top,
        2.0 * reach,
        (anchor.1 + reach - top).max(0.0),
    )
}

/// A one-line explanation of an unfamiliar button, shown beside it the first time it is seen on
/// this device (kept done like the hints, as `tip-<key>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tip {
    pub key: &'static str,
    /// The button's words start with this.
    pub label: &'static str,
    pub line: &'static str,
}

/// The buttons a new player cannot guess.
pub const TIPS: [Tip; 6] = [
    Tip {
        key: "knock-out",
        label: "Knock out",
        line: "Knock out: every follower the token touches goes home",
    },
    Tip {
        key: "seduction",
        label: "Seduction",
        line: "Seduction: swap the follower nearest the token for one of yours",
    },
    Tip {
        key: "target",
        label: "Target hurling",
        line: "Target hurling: land nearest the fair's tile for 5 points",
    },
    Tip {
        key: "catch",
        label: "Catch",
        line: "Catch: hurl past the board while your neighbour tries to catch",
    },
    Tip {
        key: "traitor",
        label: "Shoot from here",
        line: "Fire the catapult from where it stands now",
    },
    Tip {
        key: "stand",
        label: "Shoot from higher up",
        line: "The catapult stands on the game box: its shots clear the walls",
    },
];

/// The tip for a button that says `label`, if it has one.
pub fn tip_for(label: &str) -> Option<&'static Tip> {
    TIPS.iter().find(|t| label.starts_with(t.label))
}

/// The key a tip is kept done under.
pub fn tip_key(tip: &Tip) -> String {
    format!("tip-{}", tip.key)
}

/// A plate of `w` x `h` just above the buttons spanning `over` (their union), kept on a screen
/// `screen_w` wide.
pub fn tip_box(over: Area, w: f32, h: f32, screen_w: f32, margin: f32) -> Area {
    let cx = over.x + over.w * 0.5;
    let x = (cx - w * 0.5).clamp(margin, (screen_w - w - margin).max(margin));
    Area::new(x, over.y - h - margin, w, h)
}

/// The hints already done.
pub fn done(store: &dyn Store) -> Vec<String> {
    store
        .get(HINTS_KEY)
        .map(|v| {
            v.split(',')
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default()
}

/// Remembers that a hint is done.
pub fn mark_done(store: &mut dyn Store, hint: Hint) -> Result<(), String> {
    mark_key(store, hint.key())
}

/// Remembers that the hint or tip kept as `key` is done.
pub fn mark_key(store: &mut dyn Store, key: &str) -> Result<(), String> {
    let mut all = done(store);
    if !all.iter().any(|k| k == key) {
        all.push(key.to_string());
    }
    store.set(HINTS_KEY, &all.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// regress: the placing hint ("Drop the tower you took…") was drawn over the bottom of the
    /// mats' captions in Castle (the README picture look-castle-hit.png).
    #[test]
    fn regress_the_placing_hint_goes_below_the_mats_captions_and_stays_on_the_table() {
        let table = Area::new(0.0, 160.0, 1180.0, 520.0);
        let line_h = 23.0;
        let default = placing_hint_top(table, 24.0, 800.0, 1, line_h, &[]);
        assert_eq!(default, 160.0 + 520.0 - 3.5 * line_h);
        // A caption where the hint would go: the hint goes under it.
        let caption = Area::new(180.0, default - 10.0, 190.0, 20.0);
        let top = placing_hint_top(table, 24.0, 800.0, 1, line_h, &[caption]);
        assert!(top >= caption.y + caption.h, "{top}");
        assert!(top + line_h <= table.y + table.h);
        // A caption ending just above the words: their plates would touch, so it moves too.
        let just_above = Area::new(180.0, default - 20.0, 190.0, 19.0);
        let top = placing_hint_top(table, 24.0, 800.0, 1, line_h, &[just_above]);
        assert!(top >= default - 1.0 + 0.4 * line_h - 1e-3, "{top}");
        // A caption beside the hint's words (not over them) moves nothing.
        let beside = Area::new(900.0, default, 150.0, 20.0);
        assert_eq!(
            placing_hint_top(table, 24.0, 800.0, 1, line_h, &[beside]),
            default
        );
        // No room below a caption low on the table: the hint keeps to the table's bottom.
        let low = Area::new(100.0, default, 300.0, 2.5 * line_h);
        let top = placing_hint_top(table, 24.0, 800.0, 1, line_h, &[low]);
        assert_eq!(top, table.y + table.h - 1.5 * line_h);
    }
    use crate::app::store::MemStore;

    #[test]
    fn a_dismissed_hint_stays_dismissed() {
        let mut store = MemStore::default();
        assert!(done(&store).is_empty());
        assert!(mark_done(&mut store, Hint::Fire).is_ok());
        assert!(mark_done(&mut store, Hint::Flick).is_ok());
        assert!(mark_done(&mut store, Hint::Fire).is_ok());
        assert_eq!(done(&store), vec!["fire".to_string(), "flick".to_string()]);
        assert_eq!(store.get(HINTS_KEY).as_deref(), Some("fire,flick"));
    }

    #[test]
    fn regress_a_choice_made_while_aiming_does_not_end_the_aiming_hint() {
        assert!(
            !followed(Hint::Fire, false, true),
            "a card played is not a shot"
        );
        assert!(followed(Hint::Flick, true, false) && followed(Hint::Wrist, true, false));
        assert!(followed(Hint::Place, false, true) && !followed(Hint::Place, true, false));
        assert!(!followed(Hint::Place, false, false));
    }

    #[test]
    fn regress_the_drag_hint_goes_once_the_first_shot_flies() {
        // The frame after the release the shot flies and no move is made yet (that comes at
        // rest, when the hint is no longer drawn): the hint is followed then.
        assert!(followed(Hint::Fire, true, false));
    }

    #[test]
    fn the_caption_never_covers_the_aim_area() {
        // A tablet with the launcher on the left, a phone held upright with it in the middle,
        // and a launcher on the right.
        for (ta, anchor, reach) in [
            (Area::new(0.0, 120.0, 1180.0, 560.0), (260.0, 560.0), 250.0),
            (Area::new(0.0, 150.0, 390.0, 600.0), (150.0, 640.0), 120.0),
            (Area::new(0.0, 100.0, 1280.0, 560.0), (1000.0, 540.0), 245.0),
        ] {
            let aim = Area::new(anchor.0 - reach, ta.y, 2.0 * reach, anchor.1 + reach - ta.y);
            let a = caption_place(ta, aim, 300.0, 60.0, 4.0);
            let inside = a.x >= ta.x && a.y >= ta.y && a.x + a.w <= ta.x + ta.w + 0.01;
            assert!(inside && a.y + a.h <= ta.y + ta.h + 0.01, "{ta:?}: {a:?}");
            if ta.w > 1000.0 {
                assert!(!crate::app::ui::overlap(a, aim), "{a:?} over {aim:?}");
            }
        }
    }

    #[test]
    fn regress_the_placing_hint_sits_in_the_sky_not_over_the_mats_labels() {
        // Castle at 1180x820: the tower to place on the left, the mats' labels along the bottom.
        let ta = Area::new(0.0, 158.0, 1180.0, 522.0);
        let anchor = (330.0, 500.0);
        let clear = keep_clear(Hint::Place, anchor, 250.0, ta.y);
        let a = caption_place(ta, clear, 1000.0, 40.0, 8.0);
        assert!(a.y < ta.y + 20.0, "at the top of the table area: {a:?}");
        assert!(
            !crate::app::ui::overlap(a, clear),
            "{a:?} over the piece {clear:?}"
        );
        // A shot's caption still keeps off the sky over the launcher.
        let sky = keep_clear(Hint::Fire, anchor, 250.0, ta.y);
        assert_eq!((sky.y, sky.h), (ta.y, anchor.1 + 250.0 - ta.y));
        let b = caption_place(ta, sky, 1000.0, 40.0, 8.0);
        assert!(
            !crate::app::ui::overlap(b, sky),
            "{b:?} over the aim {sky:?}"
        );
    }

    #[test]
    fn tips_name_the_buttons_a_new_player_cannot_guess_once() {
        assert_eq!(tip_for("Knock out").map(|t| t.key), Some("knock-out"));
        assert_eq!(tip_for("Shoot from here").map(|t| t.key), Some("traitor"));
        assert_eq!(
            tip_for("Shoot from higher up").map(|t| t.key),
            Some("stand")
        );
        assert!(tip_for("Menu").is_none() && tip_for("Place").is_none());
        for t in TIPS {
            assert!(t.line.len() <= 70, "one short line: {}", t.line);
            assert!(!t.line.contains('_'), "plain words: {}", t.line);
        }
        let mut store = MemStore::default();
        let knock = tip_for("Knock out").map(tip_key).unwrap_or_default();
        assert!(mark_key(&mut store, &knock).is_ok());
        assert!(done(&store).contains(&knock));
        // The plate sits above the buttons and on the screen.
        let b = tip_box(
            Area::new(300.0, 700.0, 400.0, 50.0),
            500.0,
            40.0,
            800.0,
            4.0,
        );
        assert!(
            b.y + b.h <= 700.0 && b.x >= 4.0 && b.x + b.w <= 796.0,
            "{b:?}"
        );
        let edge = tip_box(Area::new(700.0, 700.0, 90.0, 50.0), 500.0, 40.0, 800.0, 4.0);
        assert!(edge.x + edge.w <= 796.01, "{edge:?}");
    }

    #[test]
    fn the_ghost_finger_pulls_away_from_the_target() {
        let (x, y) = Hint::Fire.finger(1.0, 1.0);
        assert!(
            x < 0.0 && y > 0.0,
            "pull back and down from a target on the right"
        );
        let (x, _) = Hint::Fire.finger(1.0, -1.0);
        assert!(x > 0.0);
        assert_eq!(Hint::Flick.finger(0.0, 1.0), (0.0, 0.0));
    }
}
