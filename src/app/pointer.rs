//! Mouse and touch unified into one pointer, without a window: the app feeds each frame's raw
//! touches (already in logical pixels) and the mouse state; the tracker emits gesture events for
//! one primary pointer and at most one secondary (for two-finger twists). Further touches are
//! ignored; a primary that is cancelled or leaves the canvas cancels the gesture cleanly.

/// Raw touch phases as macroquad reports them once per frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RawPhase {
    Started,
    Moved,
    Stationary,
    Ended,
    Cancelled,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RawTouch {
    pub id: u64,
    pub phase: RawPhase,
    pub x: f32,
    pub y: f32,
}

/// The mouse this frame (left button only).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MouseState {
    pub down: bool,
    pub pressed: bool,
    pub released: bool,
    pub x: f32,
    pub y: f32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    Mouse,
    Touch(u64),
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PointerEvent {
    Down {
        x: f32,
        y: f32,
    },
    Move {
        x: f32,
        y: f32,
    },
    Up {
        x: f32,
        y: f32,
    },
    /// The gesture ended without a release (left the canvas, touch cancelled, a window change).
    Cancel,
    SecondDown {
        x: f32,
        y: f32,
    },
    SecondMove {
        x: f32,
        y: f32,
    },
    SecondUp,
}

#[derive(Clone, Copy, Debug, PartialEq)]
struct Active {
    src: Source,
    x: f32,
    y: f32,
}

#[derive(Clone, Debug, Default)]
pub struct Tracker {
    primary: Option<Active>,
    secondary: Option<Active>,
    /// Touch ids that are down but ignored (a third finger, or a finger left from a cancel).
    ignored: Vec<u64>,
}

impl Tracker {
    pub fn primary_pos(&self) -> Option<(f32, f32)> {
        self.primary.map(|a| (a.x, a.y))
    }

    pub fn secondary_pos(&self) -> Option<(f32, f32)> {
        self.secondary.map(|a| (a.x, a.y))
    }

    pub fn active(&self) -> bool {
        self.primary.is_some()
    }

    /// Drops the current gesture (the window changed, a screen closed): a `Cancel` if one was on.
    pub fn cancel(&mut self) -> Option<PointerEvent> {
        let was = self.primary.take();
        if let Some(Active {
            src: Source::Touch(id),
            ..
        }) = was
        {
            self.ignored.push(id);
        }
        if let Some(Active {
            src: Source::Touch(id),
            ..
        }) = self.secondary.take()
        {
            self.ignored.push(id);
        }
        was.map(|_| PointerEvent::Cancel)
    }

    /// One frame of input. `w`, `h`: the canvas size in the same logical pixels.
    pub fn update(
        &mut self,
        touches: &[RawTouch],
        mouse: MouseState,
        w: f32,
        h: f32,
    ) -> Vec<PointerEvent> {
        let mut out = Vec::new();
        let inside = |x: f32, y: f32| x >= 0.0 && y >= 0.0 && x <= w && y <= h;
        let mut sorted: Vec<RawTouch> = touches.to_vec();
        engine::core::order::sort_by_key(&mut sorted, |t| t.id);
        for t in &sorted {
            let ended = matches!(t.phase, RawPhase::Ended | RawPhase::Cancelled);
            if self.ignored.contains(&t.id) {
                if ended {
                    self.ignored.retain(|&i| i != t.id);
                }
                continue;
            }
            let src = Source::Touch(t.id);
            if self.primary.map(|a| a.src) == Some(src) {
                match t.phase {
                    RawPhase::Cancelled => {
                        self.primary = None;
                        out.push(PointerEvent::Cancel);
                        self.drop_secondary(&mut out);
                    }
                    RawPhase::Ended => {
                        self.primary = None;
                        if inside(t.x, t.y) {
                            out.push(PointerEvent::Up { x: t.x, y: t.y });
                        } else {
                            out.push(PointerEvent::Cancel);
                        }
                        self.drop_secondary(&mut out);
                    }
                    _ => {
                        if !inside(t.x, t.y) {
                            self.primary = None;
                            self.ignored.push(t.id);
                            out.push(PointerEvent::Cancel);
                            self.drop_secondary(&mut out);
                        } else if let Some(a) = self.primary.as_mut() {
                            if (a.x, a.y) != (t.x, t.y) {
                                a.x = t.x;
                                a.y = t.y;
                                out.push(PointerEvent::Move { x: t.x, y: t.y });
                            }
                        }
                    }
                }
                continue;
            }
            if self.secondary.map(|a| a.src) == Some(src) {
                if ended || !inside(t.x, t.y) {
                    self.secondary = None;
                    if !ended {
                        self.ignored.push(t.id);
                    }
                    out.push(PointerEvent::SecondUp);
                } else if let Some(a) = self.secondary.as_mut() {
                    if (a.x, a.y) != (t.x, t.y) {
                        a.x = t.x;
                        a.y = t.y;
                        out.push(PointerEvent::SecondMove { x: t.x, y: t.y });
                    }
                }
                continue;
            }
            // A touch we have not seen: it began this frame (perhaps moved already, or even
            // ended: a quick tap within one frame is only reported as Ended).
            if self.primary.is_none() {
                if !inside(t.x, t.y) || t.phase == RawPhase::Cancelled {
                    continue;
                }
                out.push(PointerEvent::Down { x: t.x, y: t.y });
                if t.phase == RawPhase::Ended {
                    out.push(PointerEvent::Up { x: t.x, y: t.y });
                } else {
                    self.primary = Some(Active {
                        src,
                        x: t.x,
                        y: t.y,
                    });
                }
            } else if self.secondary.is_none() && !ended && inside(t.x, t.y) {
                self.secondary = Some(Active {
                    src,
                    x: t.x,
                    y: t.y,
                });
                out.push(PointerEvent::SecondDown { x: t.x, y: t.y });
            } else if !ended {
                self.ignored.push(t.id);
            }
        }
        // Touches that vanished without an end (lost events) cancel too.
        if let Some(Active {
            src: Source::Touch(id),
            ..
        }) = self.primary
        {
            if !sorted.iter().any(|t| t.id == id) {
                self.primary = None;
                out.push(PointerEvent::Cancel);
                self.drop_secondary(&mut out);
            }
        }
        if let Some(Active {
            src: Source::Touch(id),
            ..
        }) = self.secondary
        {
            if !sorted.iter().any(|t| t.id == id) {
                self.secondary = None;
                out.push(PointerEvent::SecondUp);
            }
        }
        self.ignored.retain(|id| sorted.iter().any(|t| t.id == *id));
        self.mouse(mouse, inside(mouse.x, mouse.y), &mut out);
        out
    }

    fn drop_secondary(&mut self, out: &mut Vec<PointerEvent>) {
        if let Some(s) = self.secondary.take() {
            if let Source::Touch(id) = s.src {
                self.ignored.push(id);
            }
            out.push(PointerEvent::SecondUp);
        }
    }

    fn mouse(&mut self, m: MouseState, inside: bool, out: &mut Vec<PointerEvent>) {
        let mine = self.primary.map(|a| a.src) == Some(Source::Mouse);
        if mine {
            if !inside {
                self.primary = None;
                out.push(PointerEvent::Cancel);
                return;
            }
            if let Some(a) = self.primary.as_mut() {
                if (a.x, a.y) != (m.x, m.y) {
                    a.x = m.x;
                    a.y = m.y;
                    out.push(PointerEvent::Move { x: m.x, y: m.y });
                }
            }
            if m.released || !m.down {
                self.primary = None;
                out.push(PointerEvent::Up { x: m.x, y: m.y });
            }
            return;
        }
        if m.pressed && inside && self.primary.is_none() {
            out.push(PointerEvent::Down { x: m.x, y: m.y });
            if m.released && !m.down {
                out.push(PointerEvent::Up { x: m.x, y: m.y });
            } else {
                self.primary = Some(Active {
                    src: Source::Mouse,
                    x: m.x,
                    y: m.y,
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use PointerEvent::*;

    fn t(id: u64, phase: RawPhase, x: f32, y: f32) -> RawTouch {
        RawTouch { id, phase, x, y }
    }

    const W: f32 = 400.0;
    const H: f32 = 800.0;

    #[test]
    fn a_touch_drag_is_down_moves_up() {
        let mut tr = Tracker::default();
        let m = MouseState::default();
        assert_eq!(
            tr.update(&[t(1, RawPhase::Started, 10.0, 10.0)], m, W, H),
            vec![Down { x: 10.0, y: 10.0 }]
        );
        assert_eq!(
            tr.update(&[t(1, RawPhase::Moved, 20.0, 30.0)], m, W, H),
            vec![Move { x: 20.0, y: 30.0 }]
        );
        assert!(tr
            .update(&[t(1, RawPhase::Stationary, 20.0, 30.0)], m, W, H)
            .is_empty());
        assert_eq!(
            tr.update(&[t(1, RawPhase::Ended, 25.0, 30.0)], m, W, H),
            vec![Up { x: 25.0, y: 30.0 }]
        );
        assert!(!tr.active());
    }

    #[test]
    fn a_tap_within_one_frame_is_down_and_up() {
        let mut tr = Tracker::default();
        let ev = tr.update(
            &[t(4, RawPhase::Ended, 5.0, 6.0)],
            MouseState::default(),
            W,
            H,
        );
        assert_eq!(ev, vec![Down { x: 5.0, y: 6.0 }, Up { x: 5.0, y: 6.0 }]);
    }

    #[test]
    fn a_second_finger_never_breaks_the_first_and_a_third_is_ignored() {
        let mut tr = Tracker::default();
        let m = MouseState::default();
        tr.update(&[t(1, RawPhase::Started, 10.0, 10.0)], m, W, H);
        let ev = tr.update(
            &[
                t(2, RawPhase::Started, 100.0, 100.0),
                t(1, RawPhase::Moved, 12.0, 10.0),
            ],
            m,
            W,
            H,
        );
        assert_eq!(
            ev,
            vec![Move { x: 12.0, y: 10.0 }, SecondDown { x: 100.0, y: 100.0 }]
        );
        let ev = tr.update(
            &[
                t(1, RawPhase::Stationary, 12.0, 10.0),
                t(2, RawPhase::Moved, 90.0, 100.0),
                t(3, RawPhase::Started, 50.0, 50.0),
            ],
            m,
            W,
            H,
        );
        assert_eq!(ev, vec![SecondMove { x: 90.0, y: 100.0 }]);
        // The second finger lifts: the first goes on.
        let ev = tr.update(
            &[
                t(1, RawPhase::Moved, 14.0, 10.0),
                t(2, RawPhase::Ended, 90.0, 100.0),
                t(3, RawPhase::Stationary, 50.0, 50.0),
            ],
            m,
            W,
            H,
        );
        assert_eq!(ev, vec![Move { x: 14.0, y: 10.0 }, SecondUp]);
        assert!(tr.active());
        // The first lifts while the third is still down: the third never becomes a gesture.
        let ev = tr.update(
            &[
                t(1, RawPhase::Ended, 14.0, 10.0),
                t(3, RawPhase::Moved, 60.0, 50.0),
            ],
            m,
            W,
            H,
        );
        assert_eq!(ev, vec![Up { x: 14.0, y: 10.0 }]);
        let ev = tr.update(&[t(3, RawPhase::Ended, 60.0, 50.0)], m, W, H);
        assert!(ev.is_empty(), "{ev:?}");
    }

    #[test]
    fn leaving_the_canvas_cancels_and_the_rest_of_that_touch_is_ignored() {
        let mut tr = Tracker::default();
        let m = MouseState::default();
        tr.update(&[t(1, RawPhase::Started, 10.0, 10.0)], m, W, H);
        assert_eq!(
            tr.update(&[t(1, RawPhase::Moved, -5.0, 10.0)], m, W, H),
            vec![Cancel]
        );
        assert!(tr
            .update(&[t(1, RawPhase::Moved, 10.0, 10.0)], m, W, H)
            .is_empty());
        assert!(tr
            .update(&[t(1, RawPhase::Ended, 10.0, 10.0)], m, W, H)
            .is_empty());
        // A cancelled touch cancels; a touch that vanishes cancels.
        tr.update(&[t(5, RawPhase::Started, 10.0, 10.0)], m, W, H);
        assert_eq!(
            tr.update(&[t(5, RawPhase::Cancelled, 10.0, 10.0)], m, W, H),
            vec![Cancel]
        );
        tr.update(&[t(6, RawPhase::Started, 10.0, 10.0)], m, W, H);
        assert_eq!(tr.update(&[], m, W, H), vec![Cancel]);
    }

    #[test]
    fn mouse_drag_and_mouse_leaving_the_canvas() {
        let mut tr = Tracker::default();
        let press = MouseState {
            down: true,
            pressed: true,
            released: false,
            x: 50.0,
            y: 50.0,
        };
        assert_eq!(tr.update(&[], press, W, H), vec![Down { x: 50.0, y: 50.0 }]);
        let drag = MouseState {
            pressed: false,
            x: 60.0,
            ..press
        };
        assert_eq!(tr.update(&[], drag, W, H), vec![Move { x: 60.0, y: 50.0 }]);
        let out = MouseState { x: 500.0, ..drag };
        assert_eq!(tr.update(&[], out, W, H), vec![Cancel]);
        // Coming back with the button still down starts nothing.
        assert!(tr.update(&[], drag, W, H).is_empty());
        let click = MouseState {
            down: false,
            pressed: true,
            released: true,
            x: 5.0,
            y: 5.0,
        };
        assert_eq!(
            tr.update(&[], click, W, H),
            vec![Down { x: 5.0, y: 5.0 }, Up { x: 5.0, y: 5.0 }]
        );
        assert_eq!(tr.cancel(), None);
        tr.update(&[], press, W, H);
        assert_eq!(tr.cancel(), Some(Cancel));
    }
}
