//! Moving the view with fingers, without a window: two fingers pan by their midpoint and zoom by
//! their spread (the tile map and the side view share `pinch_step`), and in the side view one
//! finger dragged from where no gesture can start pans the table.

use super::pointer::PointerEvent;

/// What the view should do after a pointer event.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum NavAction {
    /// Move the view by a screen distance.
    Pan(f32, f32),
    /// Zoom by a factor about a screen point.
    Zoom(f32, f32, f32),
}

/// Two fingers moved from (a, b) to (a1, b1): the pan of their midpoint and the zoom of their
/// spread about the new midpoint (none when a finger pair is too close to measure).
pub fn pinch_step(a: (f32, f32), b: (f32, f32), a1: (f32, f32), b1: (f32, f32)) -> Vec<NavAction> {
    let mut out = Vec::new();
    let mid0 = ((a.0 + b.0) * 0.5, (a.1 + b.1) * 0.5);
    let mid1 = ((a1.0 + b1.0) * 0.5, (a1.1 + b1.1) * 0.5);
    if mid1 != mid0 {
        out.push(NavAction::Pan(mid1.0 - mid0.0, mid1.1 - mid0.1));
    }
    let d0 = (a.0 - b.0).hypot(a.1 - b.1);
    let d1 = (a1.0 - b1.0).hypot(a1.1 - b1.1);
    if d0 > 1.0 && d1 > 1.0 && (d1 - d0).abs() > 1e-3 {
        out.push(NavAction::Zoom(d1 / d0, mid1.0, mid1.1));
    }
    out
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Press {
    /// Down, not moved past the slop; `free`: no gesture can start where it went down.
    Tap {
        at: (f32, f32),
        free: bool,
    },
    Pan {
        last: (f32, f32),
    },
    Pinch {
        a: (f32, f32),
        b: (f32, f32),
    },
    /// A second finger rests beside a throw (`b0` where it landed): the throw goes on unless
    /// that finger moves past the slop, which makes it a pinch.
    Rest {
        a: (f32, f32),
        b0: (f32, f32),
    },
    /// The second finger lifted: the rest of this press does nothing.
    Spent,
}

/// The side view's pan and pinch for one press at a time.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TableNav {
    press: Option<Press>,
    /// The press under way (or the last one) became a pan or a pinch: it is not a tap, a
    /// throw or a placement.
    pub claimed: bool,
    /// That press had two fingers down at some point.
    pub pinched: bool,
}

impl TableNav {
    /// One pointer event. `on_table`: a `Down` is on the table (not on a button); `free`: a
    /// one-finger drag from there may pan (no launch or placement starts there); `slop`: how
    /// far a tap may move, pixels. Two fingers pan and zoom, except that a second finger resting
    /// beside a throw (a press that was not `free`) leaves the throw alone until it moves.
    pub fn event(
        &mut self,
        e: PointerEvent,
        on_table: bool,
        free: bool,
        slop: f32,
    ) -> Vec<NavAction> {
        let mut out = Vec::new();
        match e {
            PointerEvent::Down { x, y } => {
                self.claimed = false;
                self.pinched = false;
                self.press = on_table.then_some(Press::Tap { at: (x, y), free });
            }
            PointerEvent::Move { x, y } => match self.press {
                Some(Press::Rest { b0, .. }) => self.press = Some(Press::Rest { a: (x, y), b0 }),
                Some(Press::Tap { at, free: true }) if (x - at.0).hypot(y - at.1) > slop => {
                    self.press = Some(Press::Pan { last: (x, y) });
                    self.claimed = true;
                    out.push(NavAction::Pan(x - at.0, y - at.1));
                }
                Some(Press::Tap { free: false, .. }) => {}
                Some(Press::Pan { last }) => {
                    self.press = Some(Press::Pan { last: (x, y) });
                    out.push(NavAction::Pan(x - last.0, y - last.1));
                }
                Some(Press::Pinch { a, b }) => {
                    out = pinch_step(a, b, (x, y), b);
                    self.press = Some(Press::Pinch { a: (x, y), b });
                }
                _ => {}
            },
            PointerEvent::SecondDown { x, y } => match self.press {
                Some(Press::Tap { at, free: false }) => {
                    self.press = Some(Press::Rest { a: at, b0: (x, y) });
                }
                Some(Press::Tap { at: a, .. }) | Some(Press::Pan { last: a }) => {
                    self.press = Some(Press::Pinch { a, b: (x, y) });
                    self.claimed = true;
                    self.pinched = true;
                }
                _ => {}
            },
            PointerEvent::SecondMove { x, y } => match self.press {
                Some(Press::Pinch { a, b }) => {
                    out = pinch_step(a, b, a, (x, y));
                    self.press = Some(Press::Pinch { a, b: (x, y) });
                }
                Some(Press::Rest { a, b0 }) if (x - b0.0).hypot(y - b0.1) > slop => {
                    out = pinch_step(a, b0, a, (x, y));
                    self.press = Some(Press::Pinch { a, b: (x, y) });
                    self.claimed = true;
                    self.pinched = true;
                }
                _ => {}
            },
            PointerEvent::SecondUp => match self.press {
                Some(Press::Pinch { .. }) => self.press = Some(Press::Spent),
                Some(Press::Rest { a, .. }) => self.press = Some(Press::Tap { at: a, free: false }),
                _ => {}
            },
            PointerEvent::Up { .. } | PointerEvent::Cancel => self.press = None,
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use PointerEvent::*;

    fn run(nav: &mut TableNav, events: &[PointerEvent], free: bool) -> Vec<NavAction> {
        events
            .iter()
            .flat_map(|e| nav.event(*e, true, free, 8.0))
            .collect()
    }

    #[test]
    fn a_pinch_zooms_about_its_middle_and_two_fingers_pan() {
        let mut nav = TableNav::default();
        let out = run(
            &mut nav,
            &[
                Down { x: 100.0, y: 100.0 },
                SecondDown { x: 200.0, y: 100.0 },
                SecondMove { x: 300.0, y: 100.0 },
            ],
            false,
        );
        assert!(nav.claimed && nav.pinched, "two fingers are never a throw");
        assert_eq!(
            out,
            [
                NavAction::Pan(50.0, 0.0),
                NavAction::Zoom(2.0, 200.0, 100.0)
            ]
        );
        // Both fingers move down together: a pan, no zoom.
        let out = run(
            &mut nav,
            &[
                Move { x: 100.0, y: 140.0 },
                SecondMove { x: 300.0, y: 140.0 },
            ],
            false,
        );
        let (mut pan, mut zoom) = ((0.0, 0.0), 1.0);
        for a in out {
            match a {
                NavAction::Pan(dx, dy) => pan = (pan.0 + dx, pan.1 + dy),
                NavAction::Zoom(k, _, _) => zoom *= k,
            }
        }
        assert_eq!(pan, (0.0, 40.0));
        assert!(
            (zoom - 1.0f32).abs() < 1e-4,
            "same spread at the end: {zoom}"
        );
        // The second finger lifts: the first one does nothing more in this press.
        let out = run(&mut nav, &[SecondUp, Move { x: 10.0, y: 10.0 }], true);
        assert!(out.is_empty(), "{out:?}");
        run(&mut nav, &[Up { x: 10.0, y: 10.0 }], true);
        assert!(
            nav.claimed,
            "the press that pinched stays claimed after it ends"
        );
        run(&mut nav, &[Down { x: 1.0, y: 1.0 }], true);
        assert!(!nav.claimed, "a new press starts unclaimed");
    }

    /// A second finger landing and lifting during a drag-to-fire leaves the throw alone; one
    /// that moves pinches (and so the throw is cancelled).
    #[test]
    fn a_resting_second_finger_beside_a_throw_is_no_pinch_a_moving_one_is() {
        let mut nav = TableNav::default();
        let out = run(
            &mut nav,
            &[
                Down { x: 100.0, y: 100.0 },
                SecondDown { x: 400.0, y: 300.0 },
                Move { x: 60.0, y: 130.0 },
                SecondMove { x: 402.0, y: 301.0 },
                Move { x: 20.0, y: 160.0 },
                SecondUp,
                Move { x: 0.0, y: 180.0 },
            ],
            false,
        );
        assert!(out.is_empty() && !nav.claimed && !nav.pinched, "{out:?}");
        let out = run(
            &mut nav,
            &[
                SecondDown { x: 400.0, y: 300.0 },
                SecondMove { x: 440.0, y: 300.0 },
            ],
            false,
        );
        assert!(nav.pinched && !out.is_empty(), "{out:?}");
    }

    #[test]
    fn one_finger_pans_only_from_where_no_gesture_starts_and_past_the_slop() {
        let mut nav = TableNav::default();
        let out = run(
            &mut nav,
            &[Down { x: 0.0, y: 0.0 }, Move { x: 5.0, y: 0.0 }],
            true,
        );
        assert!(
            out.is_empty() && !nav.claimed,
            "within the slop it is still a tap"
        );
        let out = run(
            &mut nav,
            &[Move { x: 20.0, y: 0.0 }, Move { x: 30.0, y: 5.0 }],
            true,
        );
        assert_eq!(out, [NavAction::Pan(20.0, 0.0), NavAction::Pan(10.0, 5.0)]);
        assert!(nav.claimed && !nav.pinched);
        // On the launcher a drag is a throw, not a pan.
        let mut nav = TableNav::default();
        let out = run(
            &mut nav,
            &[Down { x: 0.0, y: 0.0 }, Move { x: 50.0, y: 0.0 }],
            false,
        );
        assert!(out.is_empty() && !nav.claimed);
        // A press off the table (a button) is not the view's.
        let mut nav = TableNav::default();
        nav.event(Down { x: 0.0, y: 0.0 }, false, true, 8.0);
        assert!(nav
            .event(Move { x: 90.0, y: 0.0 }, true, true, 8.0)
            .is_empty());
        assert!(nav
            .event(SecondDown { x: 9.0, y: 0.0 }, true, true, 8.0)
            .is_empty());
        assert!(!nav.claimed);
    }
}
