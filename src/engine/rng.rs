//! Per-game random streams: xoshiro256** (rand_xoshiro's `Xoshiro256StarStar`,
//! seeded through SplitMix64 as `SeedableRng::seed_from_u64` does), and weft's own
//! unbiased `below`.
//!
//! weft's reports promise that the same seed gives the same result on every machine,
//! version and thread count. The generator is a named, value-stable algorithm whose
//! version `Cargo.lock` pins, and game `i` of a run draws from a stream derived from the
//! run's seed and `i` alone ([`Rng::for_game`]). Ranges are drawn here (Lemire's method
//! on the high 32 bits) rather than with rand's `random_range`, whose algorithm may
//! change between rand versions; `tests/golden.rs` pins a whole report to catch any
//! change of stream.

use rand::{Rng as _, SeedableRng};
use rand_xoshiro::Xoshiro256StarStar;

/// A seeded random stream.
#[derive(Debug, Clone)]
pub struct Rng(Xoshiro256StarStar);

/// One step of SplitMix64 (to mix a game's index into the run's seed).
fn splitmix64(x: &mut u64) -> u64 {
    *x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Rng {
    /// The stream of a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(Xoshiro256StarStar::seed_from_u64(seed))
    }

    /// The generator of game number `index` of a run seeded with `seed`: independent of
    /// how games are spread over threads.
    pub fn for_game(seed: u64, index: u64) -> Rng {
        let mut x = seed ^ index.wrapping_mul(0xD134_2543_DE82_EF95);
        Rng::new(splitmix64(&mut x))
    }

    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
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

    /// The stream is xoshiro256** seeded by SplitMix64, value for value: the first
    /// outputs of seed 0, worked out by the algorithm's definition (state = four
    /// SplitMix64 outputs from 0; result = rotl(s1 * 5, 7) * 9).
    #[test]
    fn the_stream_is_xoshiro256starstar_seeded_by_splitmix64() {
        let mut x = 0u64;
        let mut s = [0u64; 4];
        for v in &mut s {
            *v = splitmix64(&mut x);
        }
        let mut expected = Vec::new();
        for _ in 0..3 {
            expected.push(s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9));
            let t = s[1] << 17;
            s[2] ^= s[0];
            s[3] ^= s[1];
            s[1] ^= s[2];
            s[0] ^= s[3];
            s[2] ^= t;
            s[3] = s[3].rotate_left(45);
        }
        let mut r = Rng::new(0);
        let got: Vec<u64> = (0..3).map(|_| r.next_u64()).collect();
        assert_eq!(got, expected);
    }
}
