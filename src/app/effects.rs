//! Feel on the table, view only: dust where a fast body strikes, chips in a piece's colour
//! when it is knocked, a small shake when several pieces go at once. A fixed pool (nothing is
//! allocated per frame; the oldest particle gives way), its own little random sequence (the
//! game's RNG is never touched), and nothing here is read by the physics or the rules.

use super::flight::Hit;
use super::frame::Frame;
use macroquad::prelude::*;

/// Particles alive at most.
pub const POOL: usize = 240;
/// How many pieces knocked within about half a second make a collapse (and a shake).
pub const COLLAPSE: f32 = 3.0;
/// A collapse's slow motion: this long (seconds of real time), at this share of the speed.
const SLOW_SECONDS: f32 = 0.6;
const SLOW_SPEED: f32 = 0.35;
/// How long a landing's words stay (seconds).
const POPUP_SECONDS: f32 = 1.4;

#[derive(Clone, Copy, Debug, Default, PartialEq)]
enum Kind {
    #[default]
    Dust,
    Chip,
    /// A gold spark of a hit that paid off.
    Spark,
}

#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Particle {
    /// World metres and metres a second (y up).
    x: f32,
    y: f32,
    vx: f32,
    vy: f32,
    age: f32,
    life: f32,
    /// Metres.
    size: f32,
    rgb: [u8; 3],
    kind: Kind,
}

impl Particle {
    fn alive(&self) -> bool {
        self.age < self.life
    }
}

pub struct Effects {
    parts: [Particle; POOL],
    next: usize,
    rng: u32,
    /// Knocks counted recently (decays by 6 a second): a collapse when it reaches `COLLAPSE`.
    knocks: f32,
    /// Seconds of shake left, and its strength in logical pixels.
    shake: f32,
    shake_px: f32,
    clock: f32,
    /// The words over a landing that paid off ("+2 points", "Hit!"): where (world metres), what,
    /// and for how long more (seconds).
    popup: Option<([f32; 2], String, f32)>,
    /// Seconds of slow motion left (a collapse or a capture plays at a third of the speed).
    slow: f32,
    /// Where the last shot landed (world metres) and for how long more the camera shows it
    /// (the payoff, `frame::shot::PAYOFF_SECONDS`).
    payoff: Option<([f32; 2], f32)>,
    /// The x-range (metres) of the pieces the shot now playing knocked over, if any: what the
    /// payoff shows rather than where the ball came to rest.
    struck: Option<[f32; 2]>,
}

impl Default for Effects {
    fn default() -> Self {
        Effects {
            parts: [Particle::default(); POOL],
            next: 0,
            rng: 0x9e37_79b9,
            knocks: 0.0,
            shake: 0.0,
            shake_px: 0.0,
            clock: 0.0,
            popup: None,
            slow: 0.0,
            payoff: None,
            struck: None,
        }
    }
}

impl Effects {
    /// A number in -1..1 from the effects' own sequence.
    fn rand(&mut self) -> f32 {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 17;
        self.rng ^= self.rng << 5;
        (self.rng as f32 / u32::MAX as f32) * 2.0 - 1.0
    }

    fn spawn(&mut self, p: Particle) {
        self.parts[self.next] = p;
        self.next = (self.next + 1) % POOL;
    }

    /// The effects of one hit; returns true when this hit made a collapse (a shake began).
    pub fn hit(&mut self, h: Hit) -> bool {
        if ![h.x, h.y, h.strength].iter().all(|v| v.is_finite()) {
            return false;
        }
        let s = h.strength.clamp(0.0, 8.0);
        if h.knocked {
            self.struck = Some(match self.struck {
                Some([a, b]) => [a.min(h.x), b.max(h.x)],
                None => [h.x, h.x],
            });
            for _ in 0..9 {
                let (a, b, c) = (self.rand(), self.rand(), self.rand());
                self.spawn(Particle {
                    x: h.x + a * 0.01,
                    y: h.y + b * 0.01,
                    vx: a * (0.4 + 0.15 * s),
                    vy: 0.5 + 0.4 * c.abs() + 0.1 * s,
                    age: 0.0,
                    life: 0.7 + 0.2 * c,
                    size: 0.004 + 0.002 * b.abs(),
                    rgb: h.rgb,
                    kind: Kind::Chip,
                });
            }
            self.knocks += 1.0;
            if self.knocks >= COLLAPSE && self.shake <= 0.0 {
                self.shake = 0.35;
                self.shake_px = 6.0;
                self.slow = self.slow.max(SLOW_SECONDS);
                return true;
            }
        } else {
            for _ in 0..8 {
                let (a, b) = (self.rand(), self.rand());
                self.spawn(Particle {
                    x: h.x + a * 0.01,
                    y: h.y,
                    vx: a * (0.15 + 0.05 * s),
                    vy: 0.05 + 0.08 * b.abs(),
                    age: 0.0,
                    life: 0.5 + 0.15 * b,
                    size: 0.008 + 0.003 * s.min(4.0),
                    rgb: [196, 180, 150],
                    kind: Kind::Dust,
                });
            }
        }
        false
    }

    /// A shot landed: when it hit, a ring of gold sparks where it came to rest and its words
    /// over it ("+2 points" when it scored, else "Hit!"), rising and fading for 1.4 s; a hit that
    /// scored or took something plays its last moment slowly (`time_scale`). `motion` false
    /// (Reduce motion): the words alone, no sparks.
    pub fn landed(&mut self, at: [f32; 2], hit: bool, gain: Option<(i64, &str)>, motion: bool) {
        if !at.iter().all(|v| v.is_finite()) {
            return;
        }
        self.payoff = Some((at, super::frame::shot::PAYOFF_SECONDS));
        let words = match gain {
            Some((n, key)) if n > 0 => format!("+{n} {}", counted(n, key)),
            _ if hit => "Hit!".to_string(),
            _ => return,
        };
        self.popup = Some((at, words, POPUP_SECONDS));
        if !motion {
            return;
        }
        for i in 0..18 {
            let a = i as f32 / 18.0 * std::f32::consts::TAU;
            let k = 0.8 + 0.4 * self.rand().abs();
            self.spawn(Particle {
                x: at[0],
                y: at[1] + 0.01,
                vx: a.cos() * 0.45 * k,
                vy: a.sin() * 0.45 * k + 0.2,
                age: 0.0,
                life: 0.8,
                size: 0.006,
                rgb: [247, 196, 48],
                kind: Kind::Spark,
            });
        }
    }

    /// How fast the shot on screen plays now: a third of real time during the slow motion of a
    /// collapse, else 1. View only: the flight's frames are the same, they are shown slower.
    pub fn time_scale(&self) -> f32 {
        if self.slow > 0.0 {
            SLOW_SPEED
        } else {
            1.0
        }
    }

    /// The landing's words, if any, on a plate over where it landed.
    pub fn draw_words(&self, ui: &super::ui::Ui, f: &Frame) {
        let Some((at, words, left)) = self.popup.as_ref() else {
            return;
        };
        let k = 1.0 - (left / POPUP_SECONDS).clamp(0.0, 1.0);
        // Large: the payoff of the shot, read at a glance.
        let size = ui.size(7.0);
        let (x, y) = f.to_screen(at[0], at[1]);
        let w = ui.measure(words, size);
        let rise = k * 6.0 * ui.u;
        let tx = (x - w * 0.5).clamp(ui.u, (ui.w - w - ui.u).max(ui.u));
        let ty = (y - 3.0 * ui.u - size - rise).max(ui.u);
        ui.text_on_plate(words, tx, ty, size, super::ui::ACCENT);
    }

    /// Advances every particle and the shake by `dt` seconds (a stalled frame counts as 0.1).
    pub fn update(&mut self, dt: f32) {
        let dt = if dt.is_finite() {
            dt.clamp(0.0, 0.1)
        } else {
            0.0
        };
        self.clock += dt;
        self.knocks = (self.knocks - 6.0 * dt).max(0.0);
        self.shake = (self.shake - dt).max(0.0);
        self.slow = (self.slow - dt).max(0.0);
        if let Some(p) = self.popup.as_mut() {
            p.2 -= dt;
        }
        if let Some(p) = self.payoff.as_mut() {
            p.1 -= dt;
        }
        if self.payoff.is_some_and(|p| p.1 <= 0.0) {
            self.payoff = None;
        }
        if self.popup.as_ref().is_some_and(|p| p.2 <= 0.0) {
            self.popup = None;
        }
        for p in self.parts.iter_mut().filter(|p| p.alive()) {
            p.age += dt;
            if p.kind == Kind::Spark {
                p.vy -= 1.0 * dt;
                p.vx *= 1.0 - (1.5 * dt).min(1.0);
            } else if p.kind == Kind::Chip {
                p.vy -= 3.0 * dt;
            } else {
                p.vx *= 1.0 - (2.0 * dt).min(1.0);
            }
            p.x += p.vx * dt;
            p.y += p.vy * dt;
        }
    }

    /// Puts everything out (reduce motion turned on, a new game).
    pub fn clear(&mut self) {
        for p in self.parts.iter_mut() {
            p.age = p.life;
        }
        self.shake = 0.0;
        self.knocks = 0.0;
        self.slow = 0.0;
        self.popup = None;
    }

    /// Where the shot landed while the camera stays on it (the payoff), if it does, and the
    /// x-range of what it knocked over.
    pub fn payoff(&self) -> Option<([f32; 2], Option<[f32; 2]>)> {
        self.payoff.map(|p| (p.0, self.struck))
    }

    /// A new shot flies: what the last one knocked over is forgotten.
    pub fn new_shot(&mut self) {
        self.struck = None;
    }

    /// The payoff is over early (the player took the view, or the next shot flies).
    pub fn end_payoff(&mut self) {
        self.payoff = None;
    }

    pub fn alive(&self) -> usize {
        self.parts.iter().filter(|p| p.alive()).count()
    }

    pub fn shaking(&self) -> bool {
        self.shake > 0.0
    }

    /// The view's offset this frame, logical pixels (zero when not shaking).
    pub fn shake_offset(&self, u: f32) -> (f32, f32) {
        if self.shake <= 0.0 {
            return (0.0, 0.0);
        }
        let fade = (self.shake / 0.35).min(1.0);
        let amp = self.shake_px * fade * (u / 6.0).clamp(0.5, 3.0);
        let t = self.clock * 55.0;
        (amp * t.sin(), amp * 0.6 * (t * 1.7).cos())
    }

    pub fn draw(&self, f: &Frame) {
        for p in self.parts.iter().filter(|p| p.alive()) {
            let k = (p.age / p.life.max(1e-3)).clamp(0.0, 1.0);
            let (x, y) = f.to_screen(p.x, p.y);
            let [r, g, b] = p.rgb;
            let c = |a: f32| Color::from_rgba(r, g, b, (a * 255.0) as u8);
            match p.kind {
                Kind::Dust => {
                    let s = (p.size * (1.0 + 1.5 * k) * f.scale).max(1.5);
                    draw_circle(x, y, s, c(0.45 * (1.0 - k)));
                }
                Kind::Chip => {
                    let s = (p.size * f.scale).max(1.5);
                    draw_rectangle(x - s * 0.5, y - s * 0.5, s, s * 0.6, c(1.0 - k * k));
                }
                Kind::Spark => {
                    let s = (p.size * f.scale * (1.0 - 0.6 * k)).max(1.5);
                    draw_circle(x, y, s, c(1.0 - k));
                }
            }
        }
    }
}

/// A count's name for `n` of it: "1 point", "1 tower", "2 points" (the ranking names its
/// counts in the plural; the first word is made singular for one).
pub(crate) fn counted(n: i64, key: &str) -> String {
    if n != 1 {
        return key.to_string();
    }
    let (first, rest) = key.split_once(' ').unwrap_or((key, ""));
    let one = first.strip_suffix('s').unwrap_or(first);
    if rest.is_empty() {
        one.to_string()
    } else {
        format!("{one} {rest}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hit(knocked: bool) -> Hit {
        Hit {
            x: 0.5,
            y: 0.1,
            strength: 3.0,
            rgb: [200, 40, 40],
            knocked,
        }
    }

    #[test]
    fn a_strike_raises_dust_that_fades_and_the_pool_never_grows() {
        let mut e = Effects::default();
        assert!(!e.hit(hit(false)));
        assert_eq!(e.alive(), 8);
        for _ in 0..1000 {
            e.hit(hit(false));
        }
        assert_eq!(e.alive(), POOL, "the oldest give way");
        for _ in 0..120 {
            e.update(1.0 / 60.0);
        }
        assert_eq!(e.alive(), 0, "dust settles within two seconds");
        assert!(!e.shaking(), "dust alone never shakes the view");
    }

    #[test]
    fn a_hit_that_scores_says_so_where_it_landed_and_a_miss_says_nothing() {
        let mut e = Effects::default();
        e.landed([0.3, 0.0], false, None, true);
        assert!(
            e.popup.is_none() && e.alive() == 0,
            "a miss: no words, no sparks"
        );
        e.landed([0.3, 0.0], true, Some((2, "points")), true);
        assert_eq!(e.popup.as_ref().map(|p| p.1.as_str()), Some("+2 points"));
        assert_eq!(e.alive(), 18, "a ring of sparks");
        e.landed([0.3, 0.0], true, Some((1, "towers")), true);
        assert_eq!(e.popup.as_ref().map(|p| p.1.as_str()), Some("+1 tower"));
        e.landed([0.3, 0.0], true, None, false);
        assert_eq!(e.popup.as_ref().map(|p| p.1.as_str()), Some("Hit!"));
        for _ in 0..90 {
            e.update(1.0 / 60.0);
        }
        assert!(e.popup.is_none(), "the words leave after 1.4 s");
        e.landed([f32::NAN, 0.0], true, None, true);
        assert!(e.popup.is_none(), "broken input is ignored");
    }

    #[test]
    fn a_collapse_plays_slowly_for_a_moment() {
        let mut e = Effects::default();
        assert_eq!(e.time_scale(), 1.0);
        for _ in 0..3 {
            e.hit(hit(true));
        }
        assert!(e.time_scale() < 0.5);
        for _ in 0..40 {
            e.update(1.0 / 60.0);
        }
        assert_eq!(e.time_scale(), 1.0, "back to full speed within 0.7 s");
    }

    #[test]
    fn several_pieces_knocked_at_once_shake_the_view_one_does_not() {
        let mut e = Effects::default();
        assert!(!e.hit(hit(true)));
        for _ in 0..60 {
            e.update(1.0 / 60.0);
        }
        assert!(!e.hit(hit(true)), "knocks a second apart are no collapse");
        assert!(!e.shaking());
        let mut e = Effects::default();
        let mut shook = false;
        for _ in 0..3 {
            shook |= e.hit(hit(true));
        }
        assert!(shook && e.shaking());
        e.update(1.0 / 60.0);
        assert_ne!(e.shake_offset(6.0), (0.0, 0.0));
        for _ in 0..30 {
            e.update(1.0 / 60.0);
        }
        assert!(!e.shaking(), "the shake is short");
        assert_eq!(e.shake_offset(6.0), (0.0, 0.0));
        e.hit(hit(true));
        e.clear();
        assert_eq!(e.alive(), 0);
        // Broken input is ignored.
        let mut bad = hit(false);
        bad.x = f32::NAN;
        assert!(!e.hit(bad));
        assert_eq!(e.alive(), 0);
    }
}
