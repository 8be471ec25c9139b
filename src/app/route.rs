//! Who a press on the play screen belongs to, decided once, where it goes down, and kept until
//! it ends: the launcher's aim, the piece being placed, the tile map, the view's pan and pinch,
//! or nothing on the table (a button, the bars). Each gesture then reads only its own presses'
//! events instead of every handler judging every event again. Window-free.

use super::frame::Frame;
use super::gesture::{self, Feel};
use super::pointer::PointerEvent;

/// The owner of a press.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owner {
    /// A button or a bar: no gesture on the table sees it.
    Elsewhere,
    /// The launcher's ring: an aim (the view still watches it for a second finger that
    /// moves, which makes it a pinch).
    Aim,
    /// A piece being placed or moved (a second finger twists it).
    Place,
    /// The tile map: a tile laid, a spot picked, the map panned or pinched.
    Map,
    /// Anywhere else on the side view: the view pans and pinches.
    View,
}

impl Owner {
    /// The side view's pan and pinch watch these presses (a throw, for a pinch).
    pub fn on_side_view(self) -> bool {
        matches!(self, Owner::Aim | Owner::View)
    }
}

/// What a press on the side view may start this frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TableTouch {
    /// A throw from the launcher's ring at this world point.
    Launcher([f32; 2]),
    /// A piece is placed or carried (its own two-finger twist).
    Placing,
    /// Nothing: any drag moves the view.
    Free,
}

/// The owner of a press going down at `at` (screen pixels): `on_table` when it is on the
/// table's area and not on a button; `shown`, the table's frame as the player last saw it (the
/// ring is judged there); `screen_min`, the screen's smaller side (the ring's size).
pub fn owner_at(
    at: (f32, f32),
    on_table: bool,
    on_map: bool,
    touch: TableTouch,
    shown: Option<&Frame>,
    screen_min: f32,
) -> Owner {
    if !on_table {
        return Owner::Elsewhere;
    }
    if on_map {
        return Owner::Map;
    }
    match (touch, shown) {
        (TableTouch::Placing, _) => Owner::Place,
        (TableTouch::Launcher(o), Some(f)) => {
            let feel = Feel::for_screen(f.metres(screen_min));
            let (wx, wy) = f.to_world(at.0, at.1);
            if gesture::near_origin(o, wx, wy, &feel) {
                Owner::Aim
            } else {
                Owner::View
            }
        }
        _ => Owner::View,
    }
}

/// The press under way and this frame's events, each with its owner.
#[derive(Clone, Debug, Default)]
pub struct Router {
    owner: Option<Owner>,
    routed: Vec<(Owner, PointerEvent)>,
}

impl Router {
    /// Routes this frame's events (and forgets last frame's). A `Down` asks `decide` who owns
    /// the press at that point; every later event of the press, a second finger's included,
    /// goes to the same owner, up to its `Up` or `Cancel`. Events of no press go nowhere.
    pub fn route(&mut self, events: &[PointerEvent], mut decide: impl FnMut(f32, f32) -> Owner) {
        self.routed.clear();
        for &e in events {
            let owner = match e {
                PointerEvent::Down { x, y } => {
                    let o = decide(x, y);
                    self.owner = Some(o);
                    Some(o)
                }
                PointerEvent::Up { .. } | PointerEvent::Cancel => self.owner.take(),
                _ => self.owner,
            };
            if let Some(o) = owner {
                self.routed.push((o, e));
            }
        }
    }

    /// This frame's events with their owners, in order.
    pub fn routed(&self) -> &[(Owner, PointerEvent)] {
        &self.routed
    }

    /// This frame's events of `owner`'s presses, in order.
    pub fn events_of(&self, owner: Owner) -> Vec<PointerEvent> {
        self.routed
            .iter()
            .filter(|(o, _)| *o == owner)
            .map(|(_, e)| *e)
            .collect()
    }

    /// The owner of the press under way.
    pub fn owner(&self) -> Option<Owner> {
        self.owner
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use PointerEvent::*;

    fn left_half(x: f32, _y: f32) -> Owner {
        if x < 50.0 {
            Owner::Aim
        } else {
            Owner::View
        }
    }

    #[test]
    fn a_press_keeps_the_owner_it_went_down_with_across_frames() {
        let mut r = Router::default();
        r.route(&[Down { x: 10.0, y: 0.0 }], left_half);
        assert_eq!(r.owner(), Some(Owner::Aim));
        // The finger crosses into the other half: still the aim's.
        r.route(&[Move { x: 90.0, y: 0.0 }], left_half);
        assert_eq!(r.events_of(Owner::Aim), vec![Move { x: 90.0, y: 0.0 }]);
        assert!(r.events_of(Owner::View).is_empty());
        r.route(&[Up { x: 90.0, y: 0.0 }], left_half);
        assert_eq!(r.events_of(Owner::Aim), vec![Up { x: 90.0, y: 0.0 }]);
        assert_eq!(r.owner(), None);
    }

    #[test]
    fn each_press_is_decided_where_it_goes_down_and_a_second_finger_follows_the_first() {
        let mut r = Router::default();
        r.route(
            &[
                Down { x: 10.0, y: 0.0 },
                Up { x: 10.0, y: 0.0 },
                Down { x: 80.0, y: 0.0 },
                SecondDown { x: 20.0, y: 0.0 },
                SecondMove { x: 25.0, y: 0.0 },
            ],
            left_half,
        );
        let owners: Vec<Owner> = r.routed().iter().map(|(o, _)| *o).collect();
        assert_eq!(
            owners,
            [
                Owner::Aim,
                Owner::Aim,
                Owner::View,
                Owner::View,
                Owner::View
            ]
        );
    }

    #[test]
    fn a_frame_forgets_the_last_frames_events_and_moves_of_no_press_go_nowhere() {
        let mut r = Router::default();
        r.route(&[Move { x: 1.0, y: 1.0 }, Cancel], left_half);
        assert!(r.routed().is_empty());
        r.route(&[Down { x: 60.0, y: 0.0 }], left_half);
        r.route(&[], left_half);
        assert!(r.routed().is_empty());
        assert_eq!(r.owner(), Some(Owner::View));
        r.route(&[Cancel], left_half);
        assert_eq!(r.events_of(Owner::View), vec![Cancel]);
        assert_eq!(r.owner(), None);
    }

    /// A 6 m x 4 m table fitted in 1200 x 800 pixels, the launcher at world (1, 1).
    fn table() -> (Frame, TableTouch) {
        let f = Frame::fit(
            [0.0, 0.0, 6.0, 4.0],
            super::super::frame::Area::new(0.0, 0.0, 1200.0, 800.0),
        );
        (f, TableTouch::Launcher([1.0, 1.0]))
    }

    #[test]
    fn a_press_on_the_ring_aims_and_one_beside_it_moves_the_view() {
        let (f, launcher) = table();
        let ring = f.to_screen(1.0, 1.0);
        assert_eq!(
            owner_at(ring, true, false, launcher, Some(&f), 800.0),
            Owner::Aim
        );
        let far = f.to_screen(5.0, 3.0);
        assert_eq!(
            owner_at(far, true, false, launcher, Some(&f), 800.0),
            Owner::View
        );
        // Before any frame was shown the ring is nowhere to be seen: the view's.
        assert_eq!(
            owner_at(ring, true, false, launcher, None, 800.0),
            Owner::View
        );
        assert_eq!(
            owner_at(ring, true, false, TableTouch::Free, Some(&f), 800.0),
            Owner::View
        );
    }

    #[test]
    fn a_button_or_the_bars_win_over_the_table_then_the_map_then_the_placing_piece() {
        let (f, launcher) = table();
        let ring = f.to_screen(1.0, 1.0);
        // On a button over the ring, or off the table: nobody on the table.
        assert_eq!(
            owner_at(ring, false, false, launcher, Some(&f), 800.0),
            Owner::Elsewhere
        );
        assert_eq!(
            owner_at(ring, false, true, launcher, Some(&f), 800.0),
            Owner::Elsewhere
        );
        assert_eq!(
            owner_at(ring, true, true, launcher, Some(&f), 800.0),
            Owner::Map
        );
        // A piece being placed takes every press on the side view, the ring's included.
        assert_eq!(
            owner_at(ring, true, false, TableTouch::Placing, Some(&f), 800.0),
            Owner::Place
        );
    }

    #[test]
    fn only_the_aim_and_the_view_are_watched_by_the_side_views_pan_and_pinch() {
        assert!(Owner::Aim.on_side_view() && Owner::View.on_side_view());
        assert!(![Owner::Place, Owner::Map, Owner::Elsewhere]
            .iter()
            .any(|o| o.on_side_view()));
    }
}
