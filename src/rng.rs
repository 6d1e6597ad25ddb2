//! A small, fast, reproducible random number generator (xoshiro256**, seeded by
//! splitmix64). weft's reports promise that the same seed gives the same result on
//! every machine, version and thread count, so the algorithm is fixed here rather
//! than borrowed from a crate whose default generator may change.

/// xoshiro256** by Blackman and Vigna.
#[derive(Debug, Clone)]
pub struct Rng {
    s: [u64; 4],
}

fn splitmix64(x: &mut u64) -> u64 {
    *x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Rng {
    pub fn new(seed: u64) -> Rng {
        let mut x = seed;
        Rng {
            s: [
                splitmix64(&mut x),
                splitmix64(&mut x),
                splitmix64(&mut x),
                splitmix64(&mut x),
            ],
        }
    }

    /// The generator of game number `index` of a run seeded with `seed`: independent of
    /// how games are spread over threads.
    pub fn for_game(seed: u64, index: u64) -> Rng {
        let mut x = seed ^ index.wrapping_mul(0xD134_2543_DE82_EF95);
        Rng::new(splitmix64(&mut x))
    }

    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let result = self.s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = self.s[1] << 17;
        self.s[2] ^= self.s[0];
        self.s[3] ^= self.s[1];
        self.s[1] ^= self.s[2];
        self.s[0] ^= self.s[3];
        self.s[2] ^= t;
        self.s[3] = self.s[3].rotate_left(45);
        result
    }

    /// A uniform number in `0..n` (Lemire's method, unbiased). `n` must be positive.
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        let n64 = n as u64;
        let mut m = (self.next_u64() >> 32) * n64;
        if (m as u32) < n {
            let t = n.wrapping_neg() % n;
            while (m as u32) < t {
                m = (self.next_u64() >> 32) * n64;
            }
        }
        (m >> 32) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut r = Rng::new(7);
        let mut seen = [0u32; 5];
        for _ in 0..5000 {
            seen[r.below(5) as usize] += 1;
        }
        assert!(seen.iter().all(|&k| k > 800), "{seen:?}");
    }

    #[test]
    fn same_seed_same_stream() {
        let a: Vec<u64> = (0..4).map(|i| Rng::for_game(1, i).next_u64()).collect();
        let b: Vec<u64> = (0..4).map(|i| Rng::for_game(1, i).next_u64()).collect();
        assert_eq!(a, b);
        assert_ne!(a[0], a[1]);
    }
}
