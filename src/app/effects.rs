//! Feel on the table, view only: dust where a fast body strikes, chips in a piece's colour
//! when it is knocked, a small shake when several pieces go at once. A fixed pool (nothing is
//! allocated per frame; the oldest particle gives way), its own little random sequence (the
//! game's RNG is never touched), and nothing here is read by the physics or the rules.

use super::flight::Hit;
use super::frame::Frame;
use macroquad::prelude::*;

/// Particles alive at most.
pub const POOL: usize = 160;
/// How many pieces knocked within about half a second make a collapse (and a shake).
pub const COLLAPSE: f32 = 3.0;

#[derive(Clone, Copy, Debug, Default, PartialEq)]
enum Kind {
    #[default]
    Dust,
    Chip,
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
            for _ in 0..5 {
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
                return true;
            }
        } else {
            for _ in 0..6 {
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
        for p in self.parts.iter_mut().filter(|p| p.alive()) {
            p.age += dt;
            if p.kind == Kind::Chip {
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
            }
        }
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
        assert_eq!(e.alive(), 6);
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
