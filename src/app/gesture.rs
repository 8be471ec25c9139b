//! Gestures to integer launch parameters, without a window: pure functions from pointer samples in
//! world metres (y up) to a `Launch` quantized to integers and clamped to the `LaunchPrompt`, or a
//! refusal the app shows. Only `libm` on this path (a launch must read the same on every platform).
//! Over 800 lines because of its tests (about 320 of them): every gesture's mapping is pinned
//! here beside the code, on purpose.

use engine::core::{Launch, LaunchKind, LaunchPrompt, PlacementPrompt};

/// One pointer sample: seconds since the gesture began, world metres.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Sample {
    pub t: f32,
    pub x: f32,
    pub y: f32,
}

impl Sample {
    pub fn new(t: f32, x: f32, y: f32) -> Self {
        Sample { t, x, y }
    }
}

/// How a gesture maps to strength, in world units for the current zoom.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Feel {
    /// Pull length (metres) that gives full power.
    pub reach: f32,
    /// How close to the launcher (metres) a drag or a throw must start.
    pub grab: f32,
    /// Swipe speed (m/s) that gives full power for a flick or a wrist throw.
    pub full_speed: f32,
}

impl Feel {
    /// The feel for a screen whose shorter side is `min_side_m` metres at the current zoom:
    /// a full pull is 30% of it, the launcher grab radius 12%, a full-power swipe crosses 2.4
    /// shorter sides per second.
    pub fn for_screen(min_side_m: f32) -> Feel {
        let m = if min_side_m.is_finite() && min_side_m > 0.0 {
            min_side_m
        } else {
            1.0
        };
        Feel {
            reach: FULL_PULL_SHARE * m,
            grab: 0.12 * m,
            full_speed: 2.4 * m,
        }
    }
}

/// Strength as a person reads it: the share (0..=100) of the gesture's full range a launch
/// used, whatever power span the game maps that range onto.
pub fn strength_percent(prompt: &LaunchPrompt, power: i32) -> i32 {
    let (lo, hi) = prompt.gesture_power();
    if hi <= lo {
        return 100;
    }
    let f = (power - lo) as f32 / (hi - lo) as f32;
    libm::roundf(f.clamp(0.0, 1.0) * 100.0) as i32
}

/// A full pull, as a share of the screen's shorter side (`Feel::for_screen`).
pub const FULL_PULL_SHARE: f32 = 0.3;

/// Why a gesture did not fire.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    pub message: String,
    /// True for a gesture the player abandoned (too short): a hint, not an error.
    pub quiet: bool,
}

impl Refused {
    fn loud(message: impl Into<String>) -> Self {
        Refused {
            message: message.into(),
            quiet: false,
        }
    }

    fn quiet(message: impl Into<String>) -> Self {
        Refused {
            message: message.into(),
            quiet: true,
        }
    }
}

/// How far (tenths of a degree) outside the allowed angle a gesture is pulled back in; beyond
/// that it is refused.
pub const ANGLE_SLACK: i32 = 250;
/// Slowest flick that still counts: the whole swipe within this many seconds.
pub const FLICK_MAX_TIME: f32 = 0.6;

/// The most one frame adds to the gesture clock.
pub const MAX_FRAME_STEP: f64 = 1.0 / 20.0;

/// How far one frame moves the gesture clock: the frame's duration, but never more than
/// [`MAX_FRAME_STEP`], so a frame the machine stalls on is not counted against a swipe.
pub fn clock_step(frame_seconds: f64) -> f64 {
    if frame_seconds.is_finite() {
        frame_seconds.clamp(0.0, MAX_FRAME_STEP)
    } else {
        0.0
    }
}

/// Direction of (dx, dy) in tenths of a degree, 0..3600, counter-clockwise from +x.
pub fn angle_tenths(dx: f32, dy: f32) -> i32 {
    let rad = libm::atan2f(dy, dx);
    let t = libm::roundf(rad * (1800.0 / core::f32::consts::PI)) as i32;
    t.rem_euclid(3600)
}

/// Circular distance between two angles in tenths of a degree (0..=1800).
pub fn angle_gap(a: i32, b: i32) -> i32 {
    let d = (a - b).rem_euclid(3600);
    d.min(3600 - d)
}

/// Whether `a` lies in the range (lo may exceed hi when the range wraps through 0).
pub fn angle_in(a: i32, (lo, hi): (i32, i32)) -> bool {
    let a = a.rem_euclid(3600);
    if lo <= hi {
        a >= lo && a <= hi
    } else {
        a >= lo || a <= hi
    }
}

/// `a` if it is in the range, else the nearer end.
pub fn clamp_angle(a: i32, range: (i32, i32)) -> i32 {
    let a = a.rem_euclid(3600);
    if angle_in(a, range) {
        return a;
    }
    if angle_gap(a, range.0) <= angle_gap(a, range.1) {
        range.0
    } else {
        range.1
    }
}

/// The middle of an angle range (wrapping ranges included).
pub fn mid_angle((lo, hi): (i32, i32)) -> i32 {
    let span = (hi - lo).rem_euclid(3600);
    (lo + span / 2).rem_euclid(3600)
}

/// Clamps into the range if within `ANGLE_SLACK`, otherwise refuses naming the allowed range.
pub fn fit_angle(a: i32, range: (i32, i32), what: &str) -> Result<i32, Refused> {
    let c = clamp_angle(a, range);
    if angle_gap(a, c) > ANGLE_SLACK {
        return Err(Refused::loud(format!(
            "{what} between {}° and {}° (you aimed at {}°)",
            range.0 / 10,
            range.1 / 10,
            a.rem_euclid(3600) / 10
        )));
    }
    Ok(c)
}

/// A fraction 0..=1 of full strength as an integer in the range `lo..=hi`.
pub fn scale_into(frac: f32, (lo, hi): (i32, i32)) -> i32 {
    let f = if frac.is_finite() {
        frac.clamp(0.0, 1.0)
    } else {
        0.0
    };
    let (lo, hi) = if lo <= hi { (lo, hi) } else { (hi, lo) };
    (lo + libm::roundf(f * (hi - lo) as f32) as i32).clamp(lo, hi)
}

fn mm(v: f32) -> i32 {
    if v.is_finite() {
        libm::roundf(v * 1000.0).clamp(-1.0e6, 1.0e6) as i32
    } else {
        0
    }
}

/// A positional parameter (mm from the launcher): the gesture's offset clamped into the range
/// when the range includes the launcher itself (0); otherwise the range is not measured from the
/// launcher (a fulcrum position…) and the gesture cannot express it: its middle is used.
fn offset_param(v_mm: i32, (lo, hi): (i32, i32)) -> i32 {
    let (lo, hi) = if lo <= hi { (lo, hi) } else { (hi, lo) };
    if lo <= 0 && hi >= 0 {
        v_mm.clamp(lo, hi)
    } else {
        lo + (hi - lo) / 2
    }
}

fn clamp_range(v: i32, (lo, hi): (i32, i32)) -> i32 {
    let (lo, hi) = if lo <= hi { (lo, hi) } else { (hi, lo) };
    v.clamp(lo, hi)
}

fn dist(ax: f32, ay: f32, bx: f32, by: f32) -> f32 {
    libm::sqrtf((ax - bx) * (ax - bx) + (ay - by) * (ay - by))
}

/// Whether a press at (x, y) starts on the launcher.
pub fn near_launcher(prompt: &LaunchPrompt, x: f32, y: f32, feel: &Feel) -> bool {
    near_origin(prompt.origin, x, y, feel)
}

/// Whether (x, y), world metres, is within the launcher's ring about `origin`.
pub fn near_origin(origin: [f32; 2], x: f32, y: f32, feel: &Feel) -> bool {
    dist(x, y, origin[0], origin[1]) <= feel.grab
}

fn kind_allowed(prompt: &LaunchPrompt, kind: LaunchKind) -> Result<(), Refused> {
    if prompt.kinds.contains(&kind) {
        Ok(())
    } else {
        Err(Refused::loud(format!(
            "the {} launcher is not in play now",
            kind.name()
        )))
    }
}

/// Drag-to-fire (`catapult`, `toss`): pressed at `press`, released at `release`. The launch goes
/// opposite the pull; the pull's length against `feel.reach` is the share of the prompt's useful
/// power span.
pub fn drag_launch(
    kind: LaunchKind,
    prompt: &LaunchPrompt,
    press: Sample,
    release: Sample,
    feel: &Feel,
) -> Result<Launch, Refused> {
    kind_allowed(prompt, kind)?;
    if !near_launcher(prompt, press.x, press.y, feel) {
        return Err(Refused::loud("start the drag on the launcher (the ring)"));
    }
    let (px, py) = (release.x - press.x, release.y - press.y);
    let pull = libm::sqrtf(px * px + py * py);
    if !pull.is_finite() || pull < 0.06 * feel.reach {
        return Err(Refused::quiet("pull back further, then let go to fire"));
    }
    let angle = fit_angle(angle_tenths(-px, -py), prompt.angle, "aim")?;
    // A full pull is the longest useful shot (the prompt's `useful_power`), not the most power.
    let power = scale_into(pull / feel.reach, prompt.gesture_power());
    // Where the drag started, relative to the launcher, is the release point when the launcher
    // allows one (a hand toss); elsewhere the ranges are 0..0 and this clamps to 0.
    Ok(Launch {
        kind,
        angle,
        power,
        spin: clamp_range(0, prompt.spin),
        x: offset_param(mm(press.x - prompt.origin[0]), prompt.x),
        y: offset_param(mm(press.y - prompt.origin[1]), prompt.y),
    })
}

/// A let-go (`release`): nothing to aim, every parameter at its neutral value.
pub fn release_launch(prompt: &LaunchPrompt) -> Result<Launch, Refused> {
    kind_allowed(prompt, LaunchKind::Release)?;
    Ok(Launch {
        kind: LaunchKind::Release,
        angle: clamp_angle(0, prompt.angle),
        power: clamp_range(0, prompt.power),
        spin: clamp_range(0, prompt.spin),
        x: clamp_range(0, prompt.x),
        y: clamp_range(0, prompt.y),
    })
}

/// Chord, duration and speed of a swipe.
fn swipe(samples: &[Sample]) -> Option<(Sample, Sample, f32, f32)> {
    let (first, last) = (*samples.first()?, *samples.last()?);
    let d = dist(first.x, first.y, last.x, last.y);
    let dt = (last.t - first.t).max(1.0 / 60.0);
    if !d.is_finite() || !dt.is_finite() {
        return None;
    }
    Some((first, last, d, d / dt))
}

/// A flick (`flick`): a quick swipe. Its speed is the power, where it started (relative to the
/// launcher) is the contact offset `x`/`y` in millimetres; its direction is the angle when the
/// prompt allows it, else the middle of the allowed angles.
pub fn flick_launch(
    prompt: &LaunchPrompt,
    samples: &[Sample],
    feel: &Feel,
) -> Result<Launch, Refused> {
    kind_allowed(prompt, LaunchKind::Flick)?;
    let Some((first, last, d, speed)) = swipe(samples) else {
        return Err(Refused::quiet("swipe quickly across the lever to flick"));
    };
    if !near_launcher(prompt, first.x, first.y, feel) {
        return Err(Refused::loud("start the flick on the lever (the ring)"));
    }
    if d < 0.05 * feel.reach {
        return Err(Refused::quiet("swipe quickly across the lever to flick"));
    }
    if last.t - first.t > FLICK_MAX_TIME {
        return Err(Refused::loud(format!(
            "too slow ({:.1} s): a flick is a quick swipe",
            last.t - first.t
        )));
    }
    let dir = angle_tenths(last.x - first.x, last.y - first.y);
    let angle = if angle_in(dir, prompt.angle) {
        dir
    } else {
        mid_angle(prompt.angle)
    };
    Ok(Launch {
        kind: LaunchKind::Flick,
        angle,
        power: scale_into(speed / feel.full_speed, prompt.gesture_power()),
        spin: clamp_range(0, prompt.spin),
        x: offset_param(mm(first.x - prompt.origin[0]), prompt.x),
        y: offset_param(mm(first.y - prompt.origin[1]), prompt.y),
    })
}

/// Signed curvature of a path: twice the signed area between the path and its chord over the
/// chord length squared (positive when the path bends counter-clockwise, i.e. to the left).
pub fn curvature(samples: &[Sample]) -> f32 {
    let Some(first) = samples.first() else {
        return 0.0;
    };
    let mut area2 = 0.0;
    for w in samples.windows(2) {
        let (ax, ay) = (w[0].x - first.x, w[0].y - first.y);
        let (bx, by) = (w[1].x - first.x, w[1].y - first.y);
        area2 += ax * by - ay * bx;
    }
    let Some(last) = samples.last() else {
        return 0.0;
    };
    let l2 = (last.x - first.x) * (last.x - first.x) + (last.y - first.y) * (last.y - first.y);
    if l2 <= 1e-12 || !area2.is_finite() {
        return 0.0;
    }
    // The closing chord adds nothing: it passes through the first point. A path bending left
    // of its chord encloses a negative area in this orientation, so flip the sign.
    -area2 / l2
}

/// A wrist throw (`wrist`): a flick that starts at the pivot. Speed is the power, the direction
/// is the angle, the path's bend is the spin (bending left = counter-clockwise = positive).
pub fn wrist_launch(
    prompt: &LaunchPrompt,
    samples: &[Sample],
    feel: &Feel,
) -> Result<Launch, Refused> {
    kind_allowed(prompt, LaunchKind::Wrist)?;
    let Some((first, last, d, speed)) = swipe(samples) else {
        return Err(Refused::quiet("flick from the hand to throw"));
    };
    if !near_launcher(prompt, first.x, first.y, feel) {
        return Err(Refused::loud("start the throw at the hand (the ring)"));
    }
    if d < 0.05 * feel.reach {
        return Err(Refused::quiet("flick from the hand to throw"));
    }
    if last.t - first.t > FLICK_MAX_TIME {
        return Err(Refused::loud(format!(
            "too slow ({:.1} s): throw with a quick flick",
            last.t - first.t
        )));
    }
    let angle = fit_angle(
        angle_tenths(last.x - first.x, last.y - first.y),
        prompt.angle,
        "throw",
    )?;
    let bend = (curvature(samples) * 4.0).clamp(-1.0, 1.0);
    let spin = clamp_range(libm::roundf(bend * 1000.0) as i32, prompt.spin);
    Ok(Launch {
        kind: LaunchKind::Wrist,
        angle,
        power: scale_into(speed / feel.full_speed, prompt.gesture_power()),
        spin,
        x: clamp_range(0, prompt.x),
        y: clamp_range(0, prompt.y),
    })
}

/// The launch a gesture makes with launcher `kind` (the player picks one when the prompt offers
/// several).
pub fn launch_for(
    prompt: &LaunchPrompt,
    kind: LaunchKind,
    samples: &[Sample],
    feel: &Feel,
) -> Result<Launch, Refused> {
    let (Some(first), Some(last)) = (samples.first(), samples.last()) else {
        return Err(Refused::quiet("no gesture"));
    };
    match kind {
        LaunchKind::Catapult | LaunchKind::Toss => drag_launch(kind, prompt, *first, *last, feel),
        LaunchKind::Flick => flick_launch(prompt, samples, feel),
        LaunchKind::Wrist => wrist_launch(prompt, samples, feel),
        LaunchKind::Release => Err(Refused::quiet("nothing to aim: tap Let go")),
    }
}

/// What a player calls a launcher.
pub fn kind_label(kind: LaunchKind) -> &'static str {
    match kind {
        LaunchKind::Catapult => "Catapult",
        LaunchKind::Toss => "Hand toss",
        LaunchKind::Flick => "Flick",
        LaunchKind::Wrist => "Wrist throw",
        LaunchKind::Release => "Let go",
    }
}

/// Placement arguments `[x_mm, y_mm, angle_tenths]`: the nearest snap if the prompt has snaps,
/// else the point clamped into the region; the angle clamped into the allowed range.
pub fn placement_args(p: &PlacementPrompt, x: f32, y: f32, angle: i32) -> [i64; 3] {
    let (x, y) = if p.snaps.is_empty() {
        let (x0, x1) = (p.region[0].min(p.region[2]), p.region[0].max(p.region[2]));
        let (y0, y1) = (p.region[1].min(p.region[3]), p.region[1].max(p.region[3]));
        let cx = if x.is_finite() { x.clamp(x0, x1) } else { x0 };
        let cy = if y.is_finite() { y.clamp(y0, y1) } else { y0 };
        (cx, cy)
    } else {
        let mut best = p.snaps[0];
        let mut best_d = f32::INFINITY;
        for s in &p.snaps {
            let d = dist(x, y, s[0], s[1]);
            if d < best_d {
                best_d = d;
                best = *s;
            }
        }
        (best[0], best[1])
    };
    let a = if p.angle == (0, 0) {
        0
    } else {
        clamp_angle(angle, p.angle)
    };
    [mm(x) as i64, mm(y) as i64, a as i64]
}

/// Which of `centres` (metres) a piece of half extents `half` covers the point (x, y), the
/// rectangle grown by `slop` metres on every side (room for a finger); the nearest centre wins
/// when several do. Picking up a source and finding the snap under a carried ghost both use it.
pub fn hit_piece(centres: &[[f32; 2]], half: [f32; 2], x: f32, y: f32, slop: f32) -> Option<usize> {
    if !(x.is_finite() && y.is_finite()) {
        return None;
    }
    let (hx, hy) = (half[0].abs() + slop.max(0.0), half[1].abs() + slop.max(0.0));
    let mut best: Option<(usize, f32)> = None;
    for (i, c) in centres.iter().enumerate() {
        if (x - c[0]).abs() > hx || (y - c[1]).abs() > hy {
            continue;
        }
        let d = dist(x, y, c[0], c[1]);
        if best.map(|b| d < b.1).unwrap_or(true) {
            best = Some((i, d));
        }
    }
    best.map(|b| b.0)
}

/// A piece picked up from a source and carried: where the ghost's centre is and what happens
/// when the finger lets go (pure, so it can be tested without a window).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Carry {
    pub source: usize,
    /// The ghost's centre minus the finger (metres): the piece stays where it was grabbed.
    pub dx: f32,
    pub dy: f32,
}

impl Carry {
    /// A press at (x, y) picks up the source under it, if any.
    pub fn pick(p: &PlacementPrompt, x: f32, y: f32, slop: f32) -> Option<Carry> {
        let i = hit_piece(&p.sources, p.half_extents, x, y, slop)?;
        let c = p.sources[i];
        Some(Carry {
            source: i,
            dx: c[0] - x,
            dy: c[1] - y,
        })
    }

    /// The ghost's centre with the finger at (x, y).
    pub fn ghost(&self, x: f32, y: f32) -> (f32, f32) {
        (x + self.dx, y + self.dy)
    }

    /// The snap the ghost would drop on with the finger at (x, y), if any.
    pub fn snap_at(&self, p: &PlacementPrompt, x: f32, y: f32, slop: f32) -> Option<usize> {
        let (gx, gy) = self.ghost(x, y);
        hit_piece(&p.snaps, p.half_extents, gx, gy, slop)
    }

    /// The move's arguments for a release with the finger at (x, y): `[source, x_mm, y_mm,
    /// angle]` at the snap under the ghost, or None (the drop is cancelled) off every snap.
    pub fn release(&self, p: &PlacementPrompt, x: f32, y: f32, slop: f32) -> Option<[i64; 4]> {
        let s = p.snaps.get(self.snap_at(p, x, y, slop)?)?;
        let a = if p.angle == (0, 0) {
            0
        } else {
            clamp_angle(0, p.angle)
        };
        Some([
            self.source as i64,
            mm(s[0]) as i64,
            mm(s[1]) as i64,
            a as i64,
        ])
    }
}

/// Rotation (tenths of a degree, -1800..1800) of a two-finger twist from fingers (a0, b0) to
/// (a1, b1).
pub fn twist_tenths(a0: (f32, f32), b0: (f32, f32), a1: (f32, f32), b1: (f32, f32)) -> i32 {
    let before = angle_tenths(b0.0 - a0.0, b0.1 - a0.1);
    let after = angle_tenths(b1.0 - a1.0, b1.1 - a1.1);
    let d = (after - before).rem_euclid(3600);
    if d > 1800 {
        d - 3600
    } else {
        d
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prompt(kind: LaunchKind) -> LaunchPrompt {
        LaunchPrompt {
            angle: (100, 800),
            power: (100, 1000),
            ..LaunchPrompt::new(kind, [0.0, 0.0])
        }
    }

    fn feel() -> Feel {
        Feel {
            reach: 1.0,
            grab: 0.2,
            full_speed: 5.0,
        }
    }

    fn s(t: f32, x: f32, y: f32) -> Sample {
        Sample::new(t, x, y)
    }

    #[test]
    fn drag_fires_opposite_the_pull_with_power_from_its_length() {
        let p = prompt(LaunchKind::Catapult);
        // Pull down-left by 0.5 m at 45°: fire up-right at 45°, half of the range above 100.
        let l = drag_launch(
            LaunchKind::Catapult,
            &p,
            s(0.0, 0.0, 0.0),
            s(1.0, -0.353_553, -0.353_553),
            &feel(),
        );
        let l = l.map_err(|e| e.message).unwrap_or_default();
        assert_eq!(l.kind, LaunchKind::Catapult);
        assert_eq!(l.angle, 450);
        assert_eq!(l.power, 550);
        assert!(p.check(&l).is_ok());
        // Longer pulls are capped at full power.
        let far = drag_launch(
            LaunchKind::Catapult,
            &p,
            s(0.0, 0.0, 0.0),
            s(1.0, -3.0, -3.0),
            &feel(),
        );
        assert_eq!(far.map(|l| l.power), Ok(1000));
    }

    #[test]
    fn a_full_pull_or_swipe_is_the_longest_useful_shot_not_full_power() {
        // The game says shots above 600 fly off the table: a full pull gives 600, half a pull
        // half-way from 100 to 600, and pulling further changes nothing.
        let mut p = prompt(LaunchKind::Catapult);
        p.useful_power = (100, 600);
        let pull = |p: &LaunchPrompt, len: f32| {
            let d = len * core::f32::consts::FRAC_1_SQRT_2;
            drag_launch(
                LaunchKind::Catapult,
                p,
                s(0.0, 0.0, 0.0),
                s(1.0, -d, -d),
                &feel(),
            )
            .map(|l| l.power)
        };
        assert_eq!(pull(&p, 1.0), Ok(600));
        assert_eq!(pull(&p, 0.5), Ok(350));
        assert_eq!(pull(&p, 2.0), Ok(600));
        // A flick at full speed and a wrist throw at half speed map the same way (the prompt's
        // legal powers start at 100).
        let mut f = prompt(LaunchKind::Flick);
        f.useful_power = (300, 800);
        let swipe = [s(0.0, 0.0, 0.0), s(0.1, 0.0, -0.5)];
        assert_eq!(flick_launch(&f, &swipe, &feel()).map(|l| l.power), Ok(800));
        let mut w = prompt(LaunchKind::Wrist);
        w.useful_power = (0, 700);
        let throw = [s(0.0, 0.0, 0.0), s(0.05, 0.088_388, 0.088_388)];
        let l = wrist_launch(&w, &throw, &feel()).map(|l| l.power);
        assert!(matches!(l, Ok(q) if (390..=410).contains(&q)), "{l:?}");
        // A useful span reaching outside the legal powers is kept inside them.
        p.useful_power = (0, 5000);
        assert_eq!(pull(&p, 1.0), Ok(1000));
        assert_eq!(pull(&p, 0.5), Ok(550));
    }

    #[test]
    fn drag_refuses_outside_the_zone_and_cancels_a_tiny_pull() {
        let p = prompt(LaunchKind::Catapult);
        let f = feel();
        let away = drag_launch(
            LaunchKind::Catapult,
            &p,
            s(0.0, 1.0, 1.0),
            s(1.0, 0.0, 0.0),
            &f,
        );
        assert!(
            matches!(away, Err(Refused { quiet: false, .. })),
            "{away:?}"
        );
        let tiny = drag_launch(
            LaunchKind::Catapult,
            &p,
            s(0.0, 0.0, 0.0),
            s(1.0, -0.01, -0.01),
            &f,
        );
        assert!(matches!(tiny, Err(Refused { quiet: true, .. })), "{tiny:?}");
        // Pulling up fires down (270°): far outside 10°..80°, refused with the range named.
        let down = drag_launch(
            LaunchKind::Catapult,
            &p,
            s(0.0, 0.0, 0.0),
            s(1.0, 0.0, 0.5),
            &f,
        );
        let msg = down.err().map(|e| e.message).unwrap_or_default();
        assert!(msg.contains("10°") && msg.contains("80°"), "{msg}");
        // Slightly outside: pulled back into the range.
        let near = drag_launch(
            LaunchKind::Catapult,
            &p,
            s(0.0, 0.0, 0.0),
            s(1.0, -0.5, 0.0),
            &f,
        );
        assert_eq!(near.map(|l| l.angle), Ok(100));
        // The wrong launcher kind is refused, never fired.
        assert!(drag_launch(
            LaunchKind::Toss,
            &p,
            s(0.0, 0.0, 0.0),
            s(1.0, -0.5, -0.5),
            &f
        )
        .is_err());
    }

    #[test]
    fn a_toss_releases_where_the_drag_started_and_let_go_is_neutral() {
        let mut p = prompt(LaunchKind::Catapult);
        p.kinds.push(LaunchKind::Toss);
        p.x = (-50, 50);
        p.y = (0, 15);
        let f = feel();
        let l = launch_for(
            &p,
            LaunchKind::Toss,
            &[s(0.0, 0.03, 0.01), s(0.5, -0.3, -0.3)],
            &f,
        );
        assert_eq!(
            l.map(|l| (l.kind, l.x, l.y)),
            Ok((LaunchKind::Toss, 30, 10))
        );
        // The catapult from the same prompt ignores the offset only if its range says so: here
        // the prompt's ranges apply to both kinds, so the offsets are clamped the same way.
        let far = launch_for(
            &p,
            LaunchKind::Toss,
            &[s(0.0, 0.19, -0.05), s(0.5, -0.3, -0.3)],
            &f,
        );
        assert_eq!(far.map(|l| (l.x, l.y)), Ok((50, 0)));
        let mut r = LaunchPrompt::new(LaunchKind::Release, [0.2, 0.0]);
        r.angle = (0, 0);
        r.power = (0, 0);
        let l = release_launch(&r);
        assert_eq!(
            l.clone().map(|l| (l.kind, l.angle, l.power, l.spin)),
            Ok((LaunchKind::Release, 0, 0, 0))
        );
        assert!(l.map(|l| r.check(&l).is_ok()).unwrap_or(false));
        assert!(
            release_launch(&p).is_err(),
            "no let-go on a catapult prompt"
        );
        assert!(launch_for(&r, LaunchKind::Release, &[s(0.0, 0.2, 0.0)], &f).is_err());
    }

    #[test]
    fn angles_wrap_and_clamp_to_the_nearer_end() {
        assert_eq!(angle_tenths(1.0, 0.0), 0);
        assert_eq!(angle_tenths(0.0, -1.0), 2700);
        assert_eq!(angle_tenths(-1.0, 0.0), 1800);
        assert_eq!(angle_gap(3590, 10), 20);
        assert!(angle_in(3550, (3300, 300)) && angle_in(100, (3300, 300)));
        assert!(!angle_in(1800, (3300, 300)));
        assert_eq!(clamp_angle(400, (3300, 300)), 300);
        assert_eq!(clamp_angle(3200, (3300, 300)), 3300);
        assert_eq!(mid_angle((3300, 300)), 0);
        assert_eq!(mid_angle((100, 800)), 450);
        assert_eq!(scale_into(0.5, (0, 1000)), 500);
        assert_eq!(scale_into(f32::NAN, (200, 900)), 200);
        assert_eq!(scale_into(2.0, (200, 900)), 900);
    }

    #[test]
    fn regression_a_stalled_frame_does_not_make_a_flick_too_slow() {
        // CI saw a scripted 0.2 s flick refused as "too slow (0.8 s)": the machine stalled
        // two frames in the middle of it. A stall counts as one short frame.
        let p = prompt(LaunchKind::Flick);
        let mut clock = 0.0;
        let mut samples = vec![s(0.0, 0.0, 0.0)];
        for (i, frame) in [0.016, 0.4, 0.4, 0.016].iter().enumerate() {
            clock += clock_step(*frame);
            samples.push(s(clock as f32, 0.0, -0.1 * (i + 1) as f32));
        }
        assert!(flick_launch(&p, &samples, &feel()).is_ok(), "{samples:?}");
        assert_eq!(clock_step(f64::NAN), 0.0);
        assert_eq!(clock_step(-1.0), 0.0);
        assert_eq!(clock_step(0.01), 0.01);
    }

    #[test]
    fn flick_speed_is_power_and_start_point_is_the_contact_offset() {
        let mut p = prompt(LaunchKind::Flick);
        p.angle = (450, 450);
        p.x = (-30, 30);
        let f = feel();
        // 0.5 m in 0.2 s = 2.5 m/s = half of full speed.
        let samples = [s(0.0, 0.02, 0.0), s(0.1, 0.02, -0.25), s(0.2, 0.02, -0.5)];
        let l = flick_launch(&p, &samples, &f);
        assert_eq!(
            l.clone().map(|l| (l.angle, l.power, l.x)),
            Ok((450, 550, 20)),
            "{l:?}"
        );
        let faster = [s(0.0, 0.1, 0.0), s(0.1, 0.1, -0.5)];
        let l2 = flick_launch(&p, &faster, &f);
        assert_eq!(l2.map(|l| (l.power, l.x)), Ok((1000, 30)));
        // A range that does not include the launcher (a fulcrum 38..48 mm along the lever) is
        // not measured from it: the gesture gets its middle.
        p.y = (38, 48);
        let l3 = flick_launch(&p, &faster, &f);
        assert_eq!(l3.map(|l| l.y), Ok(43));
        let slow = [s(0.0, 0.0, 0.0), s(2.0, 0.0, -0.5)];
        assert!(matches!(
            flick_launch(&p, &slow, &f),
            Err(Refused { quiet: false, .. })
        ));
        assert!(flick_launch(&p, &[], &f).is_err());
    }

    #[test]
    fn wrist_direction_is_angle_speed_is_power_and_bend_is_spin() {
        let mut p = prompt(LaunchKind::Wrist);
        p.spin = (-1000, 1000);
        let f = feel();
        let straight = [s(0.0, 0.0, 0.0), s(0.1, 0.1, 0.1), s(0.2, 0.2, 0.2)];
        let l = wrist_launch(&p, &straight, &f).map_err(|e| e.message);
        assert_eq!(l.clone().map(|l| (l.angle, l.spin)), Ok((450, 0)), "{l:?}");
        // Bending left (counter-clockwise) while heading up-right: positive spin.
        let left = [s(0.0, 0.0, 0.0), s(0.1, 0.05, 0.15), s(0.2, 0.2, 0.2)];
        let right = [s(0.0, 0.0, 0.0), s(0.1, 0.15, 0.05), s(0.2, 0.2, 0.2)];
        let sl = wrist_launch(&p, &left, &f).map(|l| l.spin).unwrap_or(0);
        let sr = wrist_launch(&p, &right, &f).map(|l| l.spin).unwrap_or(0);
        assert!(sl > 0 && sr < 0 && sl == -sr, "{sl} {sr}");
        // Spin is clamped to what the prompt allows.
        p.spin = (0, 0);
        assert_eq!(wrist_launch(&p, &left, &f).map(|l| l.spin), Ok(0));
        // Throwing backwards is refused.
        let back = [s(0.0, 0.0, 0.0), s(0.1, -0.3, 0.0)];
        assert!(wrist_launch(&p, &back, &f).is_err());
    }

    #[test]
    fn every_gesture_output_passes_the_prompt_check() {
        let f = feel();
        for kind in [
            LaunchKind::Catapult,
            LaunchKind::Toss,
            LaunchKind::Flick,
            LaunchKind::Wrist,
        ] {
            let mut p = prompt(kind);
            p.spin = (-500, 500);
            p.x = (-10, 10);
            p.y = (0, 5);
            for i in 0..40 {
                let a = i as f32 * 0.7;
                let r = 0.05 + 0.1 * (i % 7) as f32;
                let path = [
                    s(0.0, 0.01, 0.0),
                    s(
                        0.05,
                        0.01 + r * libm::cosf(a) * 0.5,
                        r * libm::sinf(a) * 0.6,
                    ),
                    s(0.1, 0.01 + r * libm::cosf(a), r * libm::sinf(a)),
                ];
                if let Ok(l) = launch_for(&p, kind, &path, &f) {
                    assert!(p.check(&l).is_ok(), "{kind:?} {l:?}");
                }
            }
        }
    }

    #[test]
    fn carrying_picks_up_a_source_and_drops_only_on_a_snap() {
        let p = PlacementPrompt {
            action: "drag".into(),
            label: "tower".into(),
            half_extents: [0.03, 0.04],
            region: [-1.0, 0.0, 1.0, 0.5],
            angle: (0, 0),
            snaps: vec![[0.0, 0.04], [0.1, 0.04], [0.1, 0.12]],
            sources: vec![[0.0, 0.04], [0.2, 0.04]],
        };
        let slop = 0.005;
        // A press beside every source picks nothing up; on one, that one (nearest wins).
        assert_eq!(Carry::pick(&p, 0.1, 0.04, slop), None);
        assert_eq!(Carry::pick(&p, 0.0, 0.2, slop), None);
        assert_eq!(
            hit_piece(&p.sources, p.half_extents, f32::NAN, 0.0, slop),
            None
        );
        let Some(c) = Carry::pick(&p, 0.21, 0.05, slop) else {
            panic!("a press on the second source picks it up");
        };
        assert_eq!(c.source, 1);
        // The ghost keeps the grab offset: the finger at the snap's centre + offset drops there.
        let (gx, gy) = c.ghost(0.21, 0.05);
        assert!((gx - 0.2).abs() < 1e-6 && (gy - 0.04).abs() < 1e-6);
        assert_eq!(c.release(&p, 0.11, 0.05, slop), Some([1, 100, 40, 0]));
        // Higher up, the snap on top of the stack; nearer the lower one, the lower one.
        assert_eq!(c.snap_at(&p, 0.11, 0.12, slop), Some(2));
        assert_eq!(c.snap_at(&p, 0.11, 0.085, slop), Some(1));
        // Between the squares, or far above: no snap, the drop is cancelled.
        assert_eq!(c.release(&p, 0.06, 0.05, slop), None);
        assert_eq!(c.release(&p, 0.11, 0.4, slop), None);
        // A bigger slop reaches the square from the gap.
        assert_eq!(c.snap_at(&p, 0.072, 0.05, 0.04), Some(1));
    }

    #[test]
    fn placement_snaps_clamps_and_twists() {
        let mut p = PlacementPrompt {
            action: "place".into(),
            label: "tower".into(),
            half_extents: [0.02, 0.05],
            region: [-1.0, 0.0, 1.0, 0.5],
            angle: (0, 0),
            snaps: vec![],
            sources: vec![],
        };
        assert_eq!(placement_args(&p, 2.0, -1.0, 450), [1000, 0, 0]);
        p.angle = (3300, 300);
        assert_eq!(placement_args(&p, 0.25, 0.1, 450), [250, 100, 300]);
        p.snaps = vec![[0.0, 0.0], [0.5, 0.0]];
        assert_eq!(placement_args(&p, 0.4, 0.3, 0), [500, 0, 0]);
        assert_eq!(
            twist_tenths((0.0, 0.0), (1.0, 0.0), (0.0, 0.0), (0.0, 1.0)),
            900
        );
        assert_eq!(
            twist_tenths((0.0, 0.0), (0.0, 1.0), (0.0, 0.0), (1.0, 0.0)),
            -900
        );
    }
}
