//! The seeded RNG that lives inside each game state. It wraps `quad_rand::RandGenerator` (a PCG),
//! and remembers seed and draw count so the state can be cloned (bots simulate on copies) and
//! saved without any global RNG.

use quad_rand::RandGenerator;

pub struct Rng {
    seed: u64,
    draws: u64,
    gen: RandGenerator,
    /// Made while a device was being told a room's draws (`core::hidden`): its own numbers
    /// are a decoy's, and a public number comes from the tape.
    told: bool,
}

impl Rng {
    pub fn new(seed: u64) -> Self {
        let gen = RandGenerator::new();
        gen.srand(seed);
        Rng {
            seed,
            draws: 0,
            gen,
            told: super::hidden::telling(),
        }
    }

    /// Whether this generator plays a decoy for a device told the room's draws.
    pub fn is_told(&self) -> bool {
        self.told
    }

    /// The generator for `seed` after `draws` numbers were taken.
    pub fn resume(seed: u64, draws: u64) -> Self {
        let mut rng = Rng::new(seed);
        for _ in 0..draws {
            rng.next_u32();
        }
        rng
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn draws(&self) -> u64 {
        self.draws
    }

    pub fn next_u32(&mut self) -> u32 {
        self.draws += 1;
        self.gen.rand()
    }

    /// Uniform in `0..n` (n > 0), by integer arithmetic only (no floats: identical everywhere).
    pub fn below(&mut self, n: u32) -> u32 {
        if n <= 1 {
            return 0;
        }
        if self.told {
            if let Some(v) = super::hidden::told_num(n) {
                return v;
            }
        }
        let v = self.below_own(n);
        super::hidden::note_num(v);
        v
    }

    fn below_own(&mut self, n: u32) -> u32 {
        // Rejection sampling removes modulo bias.
        let zone = u32::MAX - (u32::MAX % n);
        loop {
            let r = self.next_u32();
            if r < zone {
                return r % n;
            }
        }
    }

    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: i32, hi: i32) -> i32 {
        if hi <= lo {
            return lo;
        }
        let span = (hi as i64 - lo as i64 + 1) as u64;
        (lo as i64 + self.below(span.min(u32::MAX as u64) as u32) as i64) as i32
    }

    /// A shuffle nobody may follow (a deck face down): never noted for a room's devices, and
    /// a told device shuffles its decoy.
    pub fn shuffle_hidden<T>(&mut self, items: &mut [T]) {
        super::hidden::quietly(|| self.shuffle(items));
    }

    /// Fisher–Yates shuffle.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            items.swap(i, j);
        }
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            None
        } else {
            items.get(self.below(items.len() as u32) as usize)
        }
    }
}

impl Clone for Rng {
    fn clone(&self) -> Self {
        let mut rng = Rng::resume(self.seed, self.draws);
        rng.told = self.told;
        rng
    }
}

impl std::fmt::Debug for Rng {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Rng(seed={}, draws={})", self.seed, self.draws)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_sequence_and_clone_continues_it() {
        let mut a = Rng::new(42);
        let mut b = Rng::new(42);
        let xs: Vec<u32> = (0..10).map(|_| a.next_u32()).collect();
        let ys: Vec<u32> = (0..10).map(|_| b.next_u32()).collect();
        assert_eq!(xs, ys);
        let mut c = a.clone();
        assert_eq!(a.next_u32(), c.next_u32());
        assert_ne!(Rng::new(1).next_u32(), Rng::new(2).next_u32());
    }

    #[test]
    fn below_stays_in_range_and_shuffle_permutes() {
        let mut r = Rng::new(7);
        for n in 1..50 {
            assert!(r.below(n) < n);
        }
        let mut v: Vec<u32> = (0..20).collect();
        r.shuffle(&mut v);
        let mut s = v.clone();
        s.sort();
        assert_eq!(s, (0..20).collect::<Vec<_>>());
        assert_ne!(v, s);
    }
}
