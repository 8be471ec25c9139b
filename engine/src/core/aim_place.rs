//! The places on a side-view table a player may aim at, in the players' own words ("Bot 2's
//! fortress", "Ada's tower on square 3", "the 5 tile"): what a player who cannot see the canvas
//! lists, picks and hears the predicted landing described by (docs/ui.md, "Playing without
//! sight"). Each game names its own places (`Draw::aim_places`); the helpers here name the pieces
//! a game draws with an owner.

use super::game::{BodyShape, BodyView, Look, TableView};
use super::Seat;

/// A place to aim at: its top middle (metres, side view, y up), its extent across, and its words.
#[derive(Clone, Debug, PartialEq)]
pub struct AimPlace {
    pub x: f32,
    pub y: f32,
    /// Half its width, metres (a landing within it is "on" it).
    pub half_width: f32,
    pub words: String,
}

fn extent(b: &BodyView) -> (f32, f32, f32) {
    let (hw, hh) = match b.shape {
        BodyShape::Rect { hw, hh } => {
            // A turned box reaches as far as its corners do.
            let (s, c) = (libm::sinf(b.angle).abs(), libm::cosf(b.angle).abs());
            (hw * c + hh * s, hw * s + hh * c)
        }
        BodyShape::Circle { r } => (r, r),
    };
    (b.x - hw, b.x + hw, b.y + hh)
}

/// One place per seat other than `shooter` that owns bodies of `looks`: "NAME's WHAT", spanning
/// those bodies.
pub fn owned_groups(
    view: &TableView,
    seats: &[Seat],
    shooter: Option<usize>,
    looks: &[Look],
    what: &str,
) -> Vec<AimPlace> {
    let mut out = Vec::new();
    for seat in 0..seats.len() {
        if Some(seat) == shooter {
            continue;
        }
        let mut span: Option<(f32, f32, f32)> = None;
        for b in view.bodies.iter().filter(|b| {
            b.owner.map(usize::from) == Some(seat) && looks.contains(&b.look) && b.x.is_finite()
        }) {
            let (x0, x1, top) = extent(b);
            span = Some(match span {
                None => (x0, x1, top),
                Some((a0, a1, at)) => (a0.min(x0), a1.max(x1), at.max(top)),
            });
        }
        if let Some((x0, x1, top)) = span {
            out.push(AimPlace {
                x: (x0 + x1) * 0.5,
                y: top,
                half_width: (x1 - x0) * 0.5,
                words: format!("{}'s {what}", super::seat::seat_name(seats, seat)),
            });
        }
    }
    out
}

/// One place per body of `look` owned by a seat other than `shooter`: "NAME's WHAT K", numbered
/// from 1 in the order they stand nearest `from` first (the shooter's side).
pub fn owned_pieces(
    view: &TableView,
    seats: &[Seat],
    shooter: Option<usize>,
    look: Look,
    what: &str,
    from: f32,
) -> Vec<AimPlace> {
    let mut out = Vec::new();
    for seat in 0..seats.len() {
        if Some(seat) == shooter {
            continue;
        }
        let mut mine: Vec<&BodyView> = view
            .bodies
            .iter()
            .filter(|b| b.owner.map(usize::from) == Some(seat) && b.look == look)
            .filter(|b| b.x.is_finite() && b.y.is_finite())
            .collect();
        by_distance(&mut mine, |b| b.x, from);
        for (k, b) in mine.iter().enumerate() {
            let (x0, x1, top) = extent(b);
            out.push(AimPlace {
                x: b.x,
                y: top,
                half_width: (x1 - x0) * 0.5,
                words: format!("{}'s {what} {}", super::seat::seat_name(seats, seat), k + 1),
            });
        }
    }
    out
}

/// The places in the order a list reads them: nearest the shooter (at `from`) first.
pub fn nearest_first(mut places: Vec<AimPlace>, from: f32) -> Vec<AimPlace> {
    by_distance(&mut places, |p| p.x, from);
    places
}

/// Orders `items` by how far `x` of each is from `from`, nearest first, keeping the order of
/// equals. An insertion sort: a table has a few dozen places at most, and the standard sorts
/// would each add kilobytes of code to the web build (docs/web.md, "Size").
fn by_distance<T>(items: &mut [T], x: impl Fn(&T) -> f32, from: f32) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && (x(&items[j - 1]) - from).abs() > (x(&items[j]) - from).abs() {
            items.swap(j - 1, j);
            j -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::SeatKind;

    fn body(x: f32, owner: Option<u8>, look: Look) -> BodyView {
        BodyView {
            shape: BodyShape::Rect { hw: 0.02, hh: 0.05 },
            x,
            y: 0.05,
            angle: 0.0,
            rgb: [0, 0, 0],
            tag: 0,
            look,
            owner,
            piece: 0,
        }
    }

    fn seats() -> Vec<Seat> {
        ["Ada", "Ben"]
            .iter()
            .map(|n| Seat {
                name: n.to_string(),
                kind: SeatKind::Human,
                colour: 0,
                level: crate::core::Level::Normal,
            })
            .collect()
    }

    #[test]
    fn an_owner_s_pieces_are_one_place_and_each_piece_is_numbered_from_the_shooter() {
        let view = TableView {
            bodies: vec![
                body(-1.0, Some(0), Look::Wood),
                body(1.0, Some(1), Look::Wood),
                body(1.3, Some(1), Look::Wood),
                body(1.2, Some(1), Look::Figure),
                body(1.1, Some(1), Look::Figure),
                body(0.0, None, Look::Wood),
            ],
            bounds: [-2.0, 0.0, 2.0, 1.0],
            labels: Vec::new(),
        };
        let forts = owned_groups(&view, &seats(), Some(0), &[Look::Wood], "fortress");
        assert_eq!(forts.len(), 1);
        assert_eq!(forts[0].words, "Ben's fortress");
        assert!((forts[0].x - 1.15).abs() < 1e-5 && (forts[0].half_width - 0.17).abs() < 1e-5);
        assert!((forts[0].y - 0.1).abs() < 1e-5);
        let men = owned_pieces(&view, &seats(), Some(0), Look::Figure, "soldier", -1.0);
        let words: Vec<(&str, f32)> = men.iter().map(|p| (p.words.as_str(), p.x)).collect();
        assert_eq!(words, [("Ben's soldier 1", 1.1), ("Ben's soldier 2", 1.2)]);
        let all = nearest_first([men, forts].concat(), 2.0);
        assert_eq!(all[0].words, "Ben's soldier 2");
    }
}
