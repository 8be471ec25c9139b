//! Aiming in words, window-free (docs/ui.md, "Playing without sight"): where a flight comes
//! down, said in table words against the places the game names (`Draw::aim_places`: "lands a
//! hand short of Ben's tower on square 3"), and a starting aim at a place the player picked from
//! the list (the power that brings the predicted flight down there, at a middling angle), which
//! the player then adjusts with the keys: a start, not an auto-aim.

use engine::core::{AimPlace, Launch, LaunchKind, LaunchPrompt};

use super::gesture::clamp_angle;
use super::keyaim::KeyAim;

/// A hand's width on the table, metres: the unit distances are said in.
pub const HAND: f32 = 0.09;
/// How many times the starting aim's power is halved towards the place.
const SEARCH_STEPS: usize = 12;

/// Where a flight (`physics::preview::flight`, the launched body frame by frame) comes down:
/// past its highest point, the first point where its course turns sharply (it met something)
/// or reaches the table top; else where the flight ends. None for an empty flight.
pub fn landing(path: &[[f32; 2]]) -> Option<[f32; 2]> {
    let top = path
        .iter()
        .enumerate()
        .max_by(|a, b| a.1[1].total_cmp(&b.1[1]))
        .map(|(i, _)| i)?;
    for i in top.max(1)..path.len() {
        let p = path[i];
        if p[1] <= 0.0 {
            return Some(p);
        }
        if i + 1 < path.len() {
            let (a, b) = (
                [p[0] - path[i - 1][0], p[1] - path[i - 1][1]],
                [path[i + 1][0] - p[0], path[i + 1][1] - p[1]],
            );
            let (la, lb) = (a[0].hypot(a[1]), b[0].hypot(b[1]));
            // A course that turns by more than 60 degrees from one frame to the next.
            if la > 1e-4 && lb > 1e-4 && (a[0] * b[0] + a[1] * b[1]) / (la * lb) < 0.5 {
                return Some(p);
            }
        }
    }
    path.last().copied()
}

/// Where a flight first comes down (`landing`) and where it stops: its last point, at rest or
/// where the followed frames end (a cube that lands on a tile may slide off it; a ball that
/// lands on a cup's rim may bounce out).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fall {
    pub land: [f32; 2],
    pub rest: [f32; 2],
}

/// The `Fall` of a flight; None for an empty one.
pub fn fall(path: &[[f32; 2]]) -> Option<Fall> {
    Some(Fall {
        land: landing(path)?,
        rest: *path.last()?,
    })
}

/// How far `x` is outside `place` (0 on it).
fn outside(x: f32, place: &AimPlace) -> f32 {
    ((x - place.x).abs() - place.half_width).max(0.0)
}

/// A distance in hands: "just", "a hand", "2 hands"…
fn hands(d: f32) -> String {
    let n = (d / HAND).round() as i64;
    match n {
        0 => "just".to_string(),
        1 => "a hand".to_string(),
        n => format!("{n} hands"),
    }
}

/// Where `fall` is in words, against `places` (nearest the launcher first), for a shot from
/// `from` (the launcher's x): where it comes down (on a place, or short of or past the nearest
/// one), then where it stops when that is more than a hand away and said differently.
pub fn landing_words(fall: Fall, places: &[AimPlace], from: f32) -> String {
    let first = where_words(fall.land, places, from);
    if (fall.rest[0] - fall.land[0]).abs() > HAND {
        let then = where_words(fall.rest, places, from);
        if then != first {
            return format!("lands {first} and stops {then}");
        }
    }
    format!("lands {first}")
}

/// The Standard aid's words for the rising part of a flight (`preview::rising`): how high and
/// how far out its top lies from the launcher at `from` ("it rises 6 hands up, its top 4 hands
/// to the right"), and nothing of where it comes down. None for an empty flight.
pub fn rise_words(rising: &[[f32; 2]], from: [f32; 2]) -> Option<String> {
    let top = rising.last()?;
    let up = top[1] - from[1];
    let out = top[0] - from[0];
    let high = match hands(up.abs()).as_str() {
        "just" => "barely rises".to_string(),
        h if up >= 0.0 => format!("rises {h} up"),
        h => format!("drops {h}"),
    };
    let side = if out >= 0.0 { "right" } else { "left" };
    let far = match hands(out.abs()).as_str() {
        "just" => "right over the launcher".to_string(),
        h => format!("{h} to the {side}"),
    };
    Some(format!("it {high}, its top {far}"))
}

/// The last shot's trail in words (what a sighted player sees of it on the table): where it
/// came down and stopped against `places`, for a shot from `from`.
pub fn trail_words(trail: &[[f32; 2]], places: &[AimPlace], from: f32) -> Option<String> {
    Some(format!(
        "Last shot {}",
        landing_words(fall(trail)?, places, from)
    ))
}

/// A point in words against the place nearest it: "on Ben's tower", "a hand short of it"…
fn where_words(at: [f32; 2], places: &[AimPlace], from: f32) -> String {
    let Some(near) = places
        .iter()
        .min_by(|a, b| (a.x - at[0]).abs().total_cmp(&(b.x - at[0]).abs()))
    else {
        return "on the table".to_string();
    };
    let off = (at[0] - near.x).abs();
    if off <= near.half_width.max(HAND / 4.0) {
        return format!("on {}", near.words);
    }
    let gap = off - near.half_width;
    let short = (at[0] - from).abs() < (near.x - from).abs();
    format!(
        "{} {} {}",
        hands(gap),
        if short { "short of" } else { "past" },
        near.words
    )
}

/// Every place the game names, read out without changing the aim (the P key): how many, then
/// each numbered, nearest the launcher at `from` first, with how far it is and which way ("3:
/// Ben's tower on square 3, 14 hands to the right"), and which one T picked last. Split into
/// lines of at most `max` bytes at an item's end (the layer reads each line once).
pub fn places_words(
    places: &[AimPlace],
    from: f32,
    picked: Option<usize>,
    max: usize,
) -> Vec<String> {
    if places.is_empty() {
        return vec!["Nothing to aim at from here: aim with the arrow keys".to_string()];
    }
    let n = places.len();
    let mut items: Vec<String> = places
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let d = p.x - from;
            let way = if d >= 0.0 {
                "to the right"
            } else {
                "to the left"
            };
            let far = match hands(d.abs()).as_str() {
                "just" => "right by you".to_string(),
                h => format!("{h} {way}"),
            };
            format!("{}: {}, {far}", i + 1, p.words)
        })
        .collect();
    let head = format!(
        "{n} place{} to aim at, nearest first: ",
        if n == 1 { "" } else { "s" }
    );
    if let Some(last) = items.last_mut() {
        last.push('.');
    }
    items.push(match picked.filter(|&i| i < n) {
        Some(i) => format!("You aim at number {}; T picks the next.", i + 1),
        None => "T aims at the first.".to_string(),
    });
    let mut lines = vec![head];
    for item in items {
        let Some(line) = lines.last_mut() else {
            break;
        };
        let fresh = line.ends_with(": ") || line.is_empty();
        if !fresh && line.len() + 2 + item.len() > max {
            lines.push(item);
        } else {
            if !fresh {
                line.push_str(if line.ends_with('.') { " " } else { "; " });
            }
            line.push_str(&item);
        }
    }
    lines
}

/// An aim shaken by about a Normal bot's hand (`core::bot::Level::Normal`'s `aim_noise`: a
/// standard deviation of 3 degrees and 3.8% of the strength range), kept in the prompt: T's
/// start at the Standard aid, for the player to correct. `draw` gives numbers in -1..=1.
pub fn shaken(aim: &KeyAim, prompt: &LaunchPrompt, mut draw: impl FnMut() -> f32) -> KeyAim {
    let noise = engine::core::Level::Normal.aim_noise();
    // The sum of three uniform draws, as the bots shake.
    let mut bell = |sd: i32| -> i32 { ((draw() + draw() + draw()) * sd as f32).round() as i32 };
    let mut out = aim.clone();
    if out.kind != LaunchKind::Flick {
        out.angle = clamp_angle(out.angle + bell(noise.angle), prompt.angle);
    }
    let (lo, hi) = prompt.power;
    let span = (hi - lo).max(0);
    out.power = (out.power + bell(noise.power) * span / 1000).clamp(lo.min(hi), hi.max(lo));
    out
}

/// How near `land` comes down to `place`, as the aim's tone says it: a step from 0 (eight hands
/// or more away) to `steps - 1` (on it), and whether it falls short (nearer the launcher at
/// `from`) or goes past.
pub fn nearness(land: [f32; 2], place: &AimPlace, from: f32, steps: usize) -> (usize, bool) {
    let off = ((land[0] - place.x).abs() - place.half_width).max(0.0);
    let top = steps.saturating_sub(1);
    let away = ((off / HAND).ceil() as usize).min(top);
    let short = (land[0] - from).abs() < (place.x - from).abs();
    (top - away, short)
}

/// Angle and strength as the player hears them while aiming: "45 degrees, strength 60 percent".
pub fn aim_words(aim: &KeyAim, prompt: &LaunchPrompt) -> String {
    let (lo, hi) = prompt.power;
    let share = if hi > lo {
        (aim.power - lo) * 100 / (hi - lo)
    } else {
        100
    };
    // Up from the table, the way the shot goes (a shot to the left at 135° is 45° up).
    let deg = aim.angle.rem_euclid(3600) / 10;
    let up = if deg > 90 && deg <= 270 {
        180 - deg
    } else {
        deg
    };
    match aim.kind {
        LaunchKind::Flick => format!("strength {share} percent"),
        _ => format!("{up} degrees up, strength {share} percent"),
    }
}

/// Whether `aim` (a start `aim_at` found for `place`) brings a shot down within two hands of it
/// (`fall_of`, the predicted flight): T skips a place no aim reaches.
pub fn reaches(
    aim: &KeyAim,
    prompt: &LaunchPrompt,
    place: &AimPlace,
    mut fall_of: impl FnMut(&Launch) -> Option<Fall>,
) -> bool {
    fall_of(&aim.launch(prompt)).is_some_and(|f| outside(f.land[0], place) <= 2.0 * HAND)
}

/// A starting aim at `place`: the prompt's first launcher, 45 degrees up towards the place where
/// the prompt allows it, and the strength whose predicted flight (`fall_of`) comes down nearest
/// it, found by halving within the prompt's useful strengths, then nudged (up to `SETTLE_STEPS`
/// either way) to where it both comes down and stops on it, or nearest it. None when nothing
/// can be aimed.
pub fn aim_at(
    prompt: &LaunchPrompt,
    place: &AimPlace,
    previous: Option<&KeyAim>,
    mut fall_of: impl FnMut(&Launch) -> Option<Fall>,
) -> Option<KeyAim> {
    let start = KeyAim::start(prompt, previous)?;
    let from = prompt.origin[0];
    let dir = if place.x >= from { 1.0 } else { -1.0 };
    // A catapult tries a middling, a high and a steep lob (a steep one drops into a cup); a
    // throw goes at the middling one, a flick its one way.
    let angles: &[i32] = match start.kind {
        LaunchKind::Catapult | LaunchKind::Toss => &[450, 550, 650],
        _ => &[450],
    };
    let mut best: Option<((f32, f32), KeyAim)> = None;
    for &up in angles {
        let mut aim = start.clone();
        if aim.kind != LaunchKind::Flick {
            let toward = if dir > 0.0 { up } else { 1800 - up };
            aim.angle = clamp_angle(toward, prompt.angle);
        }
        let found = strength_towards(prompt, &aim, place, dir, &mut fall_of);
        let (u0, u1) = prompt.useful_power;
        let step = ((u1 - u0) / SETTLE_SHARE).max(1);
        // The strength found first, then the nudges nearest it first, until one both comes
        // down and stops on the place (a flick's tumble is not smooth in its strength).
        let nudges = std::iter::once(0).chain((1..=SETTLE_STEPS).flat_map(|k| [k, -k]));
        for power in nudges.map(|k| found + k * step) {
            if power < prompt.power.0 || power > prompt.power.1 {
                continue;
            }
            aim.power = power;
            // Off the place where it comes down or where it stops, whichever is farther; then
            // how far from its middle it comes down.
            let off = fall_of(&aim.launch(prompt)).map_or((f32::MAX, f32::MAX), |f| {
                (
                    outside(f.land[0], place).max(outside(f.rest[0], place)),
                    (f.land[0] - place.x).abs(),
                )
            });
            if best.as_ref().is_none_or(|(b, _)| off < *b) {
                best = Some((off, aim.clone()));
            }
            if off.0 == 0.0 {
                break;
            }
        }
    }
    best.map(|(_, aim)| aim)
}

/// How many strength steps either way of the halving's answer `aim_at` tries, and a step as a
/// share of the useful strengths (1/`SETTLE_SHARE`).
const SETTLE_STEPS: i32 = 6;
const SETTLE_SHARE: i32 = 100;

/// The strength at `aim`'s angle whose flight comes down nearest `place`, found by halving
/// within the prompt's useful strengths.
fn strength_towards(
    prompt: &LaunchPrompt,
    aim: &KeyAim,
    place: &AimPlace,
    dir: f32,
    fall_of: &mut impl FnMut(&Launch) -> Option<Fall>,
) -> i32 {
    let (p0, p1) = prompt.power;
    let (u0, u1) = prompt.useful_power;
    let (mut lo, mut hi) = (u0.clamp(p0, p1), u1.clamp(p0, p1));
    // How far past the place (along the shot) the flight at `power` comes down.
    let mut beyond = |power: i32| -> Option<f32> {
        let mut a = aim.clone();
        a.power = power;
        fall_of(&a.launch(prompt)).map(|f| (f.land[0] - place.x) * dir)
    };
    if beyond(hi).is_some_and(|b| b <= 0.0) {
        return hi;
    }
    for _ in 0..SEARCH_STEPS {
        if hi - lo <= 1 {
            break;
        }
        let mid = lo + (hi - lo) / 2;
        match beyond(mid) {
            Some(b) if b < 0.0 => lo = mid,
            _ => hi = mid,
        }
    }
    match (beyond(lo), beyond(hi)) {
        (Some(a), Some(b)) if a.abs() < b.abs() => lo,
        _ => hi,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn place(x: f32, words: &str) -> AimPlace {
        AimPlace {
            x,
            y: 0.1,
            half_width: 0.03,
            words: words.into(),
        }
    }

    #[test]
    fn the_rise_is_said_by_its_top_never_by_where_it_comes_down() {
        let rise = [[0.0, 0.1], [0.1, 0.4], [0.36, 0.64]];
        assert_eq!(
            rise_words(&rise, [0.0, 0.1]).as_deref(),
            Some("it rises 6 hands up, its top 4 hands to the right")
        );
        assert_eq!(
            rise_words(&[[1.0, 0.1], [0.91, 0.1]], [1.0, 0.1]).as_deref(),
            Some("it barely rises, its top a hand to the left")
        );
        assert_eq!(rise_words(&[], [0.0, 0.0]), None);
        let trail = [[0.0, 0.0], [0.3, 0.2], [0.6, 0.2], [0.88, 0.0]];
        assert_eq!(
            trail_words(&trail, &[place(1.0, "Ben's tower")], 0.0).as_deref(),
            Some("Last shot lands a hand short of Ben's tower")
        );
    }

    #[test]
    fn t_at_standard_starts_about_a_normal_bots_hand_off_and_stays_in_the_prompt() {
        let mut p = LaunchPrompt::new(LaunchKind::Catapult, [0.0, 0.0]);
        p.angle = (100, 800);
        p.power = (100, 1000);
        let aim = KeyAim::start(&p, None).unwrap_or_else(|| panic!("aimable"));
        // The largest shake: every draw at its end (3 x 3 degrees, 3 x 3.8% of 900).
        let most = shaken(&aim, &p, || 1.0);
        assert_eq!((most.angle, most.power), (aim.angle + 90, aim.power + 102));
        let least = shaken(&aim, &p, || -1.0);
        assert_eq!(
            (least.angle, least.power),
            (aim.angle - 90, aim.power - 102)
        );
        assert_eq!(shaken(&aim, &p, || 0.0), aim);
        // Kept in the prompt at its ends.
        let mut high = aim.clone();
        high.power = 1000;
        high.angle = 800;
        let kept = shaken(&high, &p, || 1.0);
        assert_eq!((kept.angle, kept.power), (800, 1000));
    }

    #[test]
    fn a_flight_comes_down_where_it_turns_after_its_top_or_at_the_table() {
        // Up the arm's arc (a turn before the top does not count), over, and into a tower wall.
        let path = [
            [0.0, 0.0],
            [0.01, 0.05],
            [0.05, 0.08],
            [0.1, 0.1],
            [0.15, 0.09],
            [0.2, 0.06],
            [0.19, 0.05],
            [0.18, 0.0],
        ];
        assert_eq!(landing(&path), Some([0.2, 0.06]));
        let falls = [[0.0, 0.1], [0.1, 0.12], [0.2, 0.05], [0.3, -0.01]];
        assert_eq!(landing(&falls), Some([0.3, -0.01]));
        assert_eq!(landing(&[]), None);
    }

    /// A fall that stops where it comes down.
    fn still(at: [f32; 2]) -> Fall {
        Fall { land: at, rest: at }
    }

    #[test]
    fn a_landing_is_said_on_short_of_or_past_the_nearest_place() {
        let places = [
            place(1.0, "Ben's tower on square 1"),
            place(1.2, "Ben's tower on square 2"),
        ];
        assert_eq!(
            landing_words(still([1.01, 0.1]), &places, 0.0),
            "lands on Ben's tower on square 1"
        );
        assert_eq!(
            landing_words(still([0.88, 0.0]), &places, 0.0),
            "lands a hand short of Ben's tower on square 1"
        );
        assert_eq!(
            landing_words(still([1.5, 0.0]), &places, 0.0),
            "lands 3 hands past Ben's tower on square 2"
        );
        // Shooting leftwards: nearer the launcher is still short.
        assert_eq!(
            landing_words(still([1.26, 0.0]), &places, 2.0),
            "lands just short of Ben's tower on square 2"
        );
        assert_eq!(
            landing_words(still([0.5, 0.0]), &[], 0.0),
            "lands on the table"
        );
    }

    #[test]
    fn a_cube_that_slides_off_the_tile_is_said_to_stop_past_it() {
        // Catapults: the aim in words said "lands on the 5-point tile" of a cube that then slid
        // off it and scored nothing.
        let places = [place(1.0, "the 5-point tile")];
        // Down at one x, stopped at another.
        let said = |down: f32, stops: f32| {
            let f = Fall {
                land: [down, 0.02],
                rest: [stops, 0.0],
            };
            landing_words(f, &places, 0.0)
        };
        assert_eq!(
            said(1.01, 1.3),
            "lands on the 5-point tile and stops 3 hands past the 5-point tile"
        );
        assert_eq!(
            said(0.8, 1.0),
            "lands 2 hands short of the 5-point tile and stops on the 5-point tile"
        );
        // Within a hand it is one place: said once.
        assert_eq!(said(1.0, 1.02), "lands on the 5-point tile");
    }

    #[test]
    fn the_starting_aim_at_a_place_is_one_that_stays_on_it() {
        let mut p = LaunchPrompt::new(LaunchKind::Flick, [0.0, 0.0]);
        p.power = (0, 1000);
        p.useful_power = (0, 1000);
        // Comes down a metre per 250 of strength and slides on a tenth of a metre past it.
        let slides = |l: &Launch| {
            let land = l.power as f32 / 250.0;
            Some(Fall {
                land: [land, 0.0],
                rest: [land + 0.1, 0.0],
            })
        };
        let target = place(2.0, "the 5-point tile");
        let aim = aim_at(&p, &target, None, slides).unwrap_or_else(|| panic!("an aim"));
        let f = slides(&aim.launch(&p)).unwrap_or_else(|| panic!("a fall"));
        assert!(
            outside(f.rest[0], &target) < 0.05 && outside(f.land[0], &target) < 0.05,
            "comes down at {} and stops at {}",
            f.land[0],
            f.rest[0]
        );
        assert!(
            aim.power < 500,
            "less than the strength that lands on it: {}",
            aim.power
        );
    }

    #[test]
    fn the_places_are_read_out_numbered_nearest_first_with_how_far_and_which_way() {
        let places = [
            place(1.26, "Ben's tower on square 1"),
            place(1.8, "Ben's tower on square 2"),
            place(-0.9, "the tower on square 1 of mat 2"),
        ];
        assert_eq!(
            places_words(&places, 0.0, None, 400),
            vec![
                "3 places to aim at, nearest first: 1: Ben's tower on square 1, 14 hands to \
                 the right; 2: Ben's tower on square 2, 20 hands to the right; 3: the tower on \
                 square 1 of mat 2, 10 hands to the left. T aims at the first."
                    .to_string()
            ]
        );
        let said = places_words(&places[..1], 1.25, Some(0), 400);
        assert_eq!(
            said,
            vec![
                "1 place to aim at, nearest first: 1: Ben's tower on square 1, right by you. \
                 You aim at number 1; T picks the next."
                    .to_string()
            ]
        );
        // Long lists are split at an item's end, every line within the limit, nothing lost.
        let many: Vec<AimPlace> = (0..30)
            .map(|i| place(i as f32 * 0.1, "Ben's tower"))
            .collect();
        let lines = places_words(&many, 0.0, Some(40), 120);
        assert!(lines.len() > 3, "{lines:?}");
        assert!(lines.iter().all(|l| l.len() <= 120), "{lines:?}");
        assert_eq!(lines.join(" ").matches("Ben's tower").count(), 30);
        assert!(lines.iter().all(|l| !l.contains("number 41")));
        assert_eq!(
            places_words(&[], 0.0, None, 400),
            vec!["Nothing to aim at from here: aim with the arrow keys".to_string()]
        );
    }

    #[test]
    fn nearness_climbs_to_the_top_step_on_the_place_and_says_short_or_past() {
        let p = place(1.0, "Ben's fortress");
        assert_eq!(nearness([0.99, 0.0], &p, 0.0, 8), (7, true));
        assert_eq!(nearness([1.2, 0.0], &p, 0.0, 8), (5, false));
        assert_eq!(nearness([0.0, 0.0], &p, 0.0, 8), (0, true));
        assert_eq!(nearness([1.0, 0.0], &p, 2.0, 8), (7, false));
    }

    #[test]
    fn the_aim_is_said_as_degrees_up_and_a_share_of_the_strength() {
        let mut p = LaunchPrompt::new(LaunchKind::Catapult, [0.0, 0.0]);
        p.angle = (0, 1800);
        let mut aim = KeyAim::start(&p, None).unwrap_or_else(|| panic!("an aim"));
        aim.angle = 1350;
        aim.power = 600;
        assert_eq!(aim_words(&aim, &p), "45 degrees up, strength 60 percent");
        aim.kind = LaunchKind::Flick;
        assert_eq!(aim_words(&aim, &p), "strength 60 percent");
    }

    #[test]
    fn the_starting_aim_finds_the_strength_that_comes_down_at_the_place() {
        let mut p = LaunchPrompt::new(LaunchKind::Catapult, [0.0, 0.0]);
        p.angle = (0, 1800);
        // A flight that comes down a metre per 250 of strength, the way it is aimed.
        let land = |l: &Launch| {
            let dir = if l.angle <= 900 { 1.0 } else { -1.0 };
            Some(still([dir * l.power as f32 / 250.0, 0.0]))
        };
        let aim = aim_at(&p, &place(2.0, "Ben's fortress"), None, land)
            .unwrap_or_else(|| panic!("an aim"));
        assert_eq!((aim.angle, aim.power), (450, 500));
        let aim = aim_at(&p, &place(-1.0, "Ada's fortress"), None, land)
            .unwrap_or_else(|| panic!("an aim"));
        assert_eq!((aim.angle, aim.power), (1350, 250));
        // Out of reach: the strongest shot the prompt finds useful.
        let aim = aim_at(&p, &place(9.0, "far"), None, land).unwrap_or_else(|| panic!("an aim"));
        assert_eq!(aim.power, 1000);
    }
}
