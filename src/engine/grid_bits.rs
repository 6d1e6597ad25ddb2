//! Sets of a board's grid positions as bit words, for move generators that work on
//! every cell at once: a piece layer read into a set eight cells at a time, and a unit
//! step of every cell of a set as one masked shift.
//!
//! Bit `c % 64` of word `c / 64` stands for cell id `c` (`y * width + x`), so the step
//! `(dx, dy)` adds `dy * width + dx` to every id: a shift of the words, after masking
//! off the cells whose step would leave the board (`Board::line_steps`). `W`, the
//! number of words, is fixed at compile time; `words_for` picks it from a board's
//! size, and callers dispatch on it once per call.

use crate::rules::board::Cell;

/// A set of grid positions in `W` words.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Bits<const W: usize>(pub [u64; W]);

/// The number of words the dispatching callers instantiate for `len` grid positions:
/// one of 1, 2, 3, 4, 6, 8, 11, 16, 32 and 64 (the largest board is 64 x 64).
pub fn words_for(len: usize) -> usize {
    match len.div_ceil(64) {
        0..=1 => 1,
        2 => 2,
        3 => 3,
        4 => 4,
        5..=6 => 6,
        7..=8 => 8,
        9..=11 => 11,
        12..=16 => 16,
        17..=32 => 32,
        _ => 64,
    }
}

/// Calls `f::<W>(args...)` with `W` the number of words `words_for(len)` picks: the
/// dispatch of the bit-set code instantiated for each width.
macro_rules! by_words {
    ($len:expr, $f:ident($($arg:expr),* $(,)?)) => {
        match $crate::engine::grid_bits::words_for($len) {
            1 => $f::<1>($($arg),*),
            2 => $f::<2>($($arg),*),
            3 => $f::<3>($($arg),*),
            4 => $f::<4>($($arg),*),
            6 => $f::<6>($($arg),*),
            8 => $f::<8>($($arg),*),
            11 => $f::<11>($($arg),*),
            16 => $f::<16>($($arg),*),
            32 => $f::<32>($($arg),*),
            _ => $f::<64>($($arg),*),
        }
    };
}
pub(crate) use by_words;

/// The high bit of each byte of a word.
const HIGH: u64 = 0x8080_8080_8080_8080;

/// The bytes of `w` equal to `v`, one bit per byte (bit `i` for byte `i`).
#[inline(always)]
fn bytes_equal(w: u64, v: u64) -> u64 {
    let x = w ^ v;
    // High bit of each byte of x that is not zero, exactly (no carry between bytes).
    let nonzero = (((x & !HIGH) + !HIGH) | x) & HIGH;
    pack(!nonzero & HIGH)
}

/// The bytes of `w` that are not zero, one bit per byte.
#[inline(always)]
fn bytes_nonzero(w: u64) -> u64 {
    pack((((w & !HIGH) + !HIGH) | w) & HIGH)
}

/// The high bits of the eight bytes of `marks` (the other bits clear) gathered into
/// the low eight bits: each lands on its own bit, so the product carries nothing.
#[inline(always)]
fn pack(marks: u64) -> u64 {
    (marks >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56
}

/// Calls `f` with each set bit of `words` (bit `c % 64` of word `c / 64` for cell
/// `c`), as a cell id, in increasing order: a word at a time, the empty stretches of a
/// set skipped whole.
#[inline(always)]
pub fn each_bit(words: &[u64], mut f: impl FnMut(usize)) {
    for (i, &word) in words.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            f(i * 64 + bits.trailing_zeros() as usize);
            bits &= bits - 1;
        }
    }
}

/// The `i`-th set bit of `words` (bit `c % 64` of word `c / 64` for cell `c`), as a
/// cell; `None` if fewer bits are set.
pub fn nth_bit(words: &[u64], mut i: u32) -> Option<Cell> {
    for (k, &word) in words.iter().enumerate() {
        let n = word.count_ones();
        if i < n {
            return Some((k * 64 + select(word, i) as usize) as Cell);
        }
        i -= n;
    }
    None
}

/// The position of the `i`-th set bit of `w` (`i` below its number of set bits):
/// the byte that holds it found from the bytes' running counts (each byte's count
/// made by the usual halving sums, the running sums by one multiplication), then
/// the bit within the byte, cleared up to it: a few dozen instructions whatever `i`.
#[inline]
fn select(w: u64, i: u32) -> u32 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let pairs = w - (w >> 1 & 0x5555_5555_5555_5555);
    let fours = (pairs & 0x3333_3333_3333_3333) + (pairs >> 2 & 0x3333_3333_3333_3333);
    let bytes = (fours + (fours >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    // Byte j of `running`: the set bits of bytes 0 to j (at most 64, no carry).
    let running = bytes.wrapping_mul(ONES);
    // The bytes whose running count is at most i lie before the bit's byte: each
    // such byte's high bit set by (i + 0x80) - running, per byte without borrow.
    let below = (((u64::from(i) * ONES) | 0x8080_8080_8080_8080) - running) & 0x8080_8080_8080_8080;
    let byte = below.count_ones() * 8;
    let before = if byte == 0 {
        0
    } else {
        (running >> (byte - 8) & 0xFF) as u32
    };
    let mut b = (w >> byte) & 0xFF;
    for _ in 0..i - before {
        b &= b - 1;
    }
    byte + b.trailing_zeros()
}

/// The number of cells in both `a` and `b` (sets as words). A board of at most 64
/// grid positions is one word: counted without the loop, which the compiler
/// vectorizes with a setup that costs more than the word (kept out of line, so that
/// the setup is not hoisted into the caller either).
#[inline]
pub fn count_common(a: &[u64], b: &[u64]) -> u32 {
    match (a, b) {
        ([a], [b, ..]) => (a & b).count_ones(),
        _ => count_common_words(a, b),
    }
}

#[inline(never)]
fn count_common_words(a: &[u64], b: &[u64]) -> u32 {
    a.iter().zip(b).map(|(a, b)| (a & b).count_ones()).sum()
}

impl<const W: usize> Bits<W> {
    pub const EMPTY: Self = Bits([0; W]);

    /// The set whose words are `words` (at most `W` of them; the rest empty). `W`
    /// words are read as they are, a word at a time (a loop over fewer becomes a call
    /// to copy memory).
    #[inline(always)]
    pub fn load(words: &[u64]) -> Self {
        if let Ok(all) = <[u64; W]>::try_from(words) {
            return Bits(all);
        }
        let mut b = Self::EMPTY;
        for (to, &from) in b.0.iter_mut().zip(words) {
            *to = from;
        }
        b
    }

    /// The cells whose byte in `layer` (a byte per grid position) picks them: `word`
    /// takes eight bytes as a little-endian word to their eight bits, `byte` one byte.
    #[inline(always)]
    fn read(layer: &[u8], word: impl Fn(u64) -> u64, byte: impl Fn(u8) -> bool) -> Self {
        let mut b = Self::EMPTY;
        let (chunks, rest) = layer.as_chunks::<8>();
        for (i, chunk) in chunks.iter().enumerate() {
            b.0[i / 8] |= word(u64::from_le_bytes(*chunk)) << (i % 8 * 8);
        }
        let base = chunks.len() * 8;
        for (i, &v) in rest.iter().enumerate() {
            if byte(v) {
                let c = base + i;
                b.0[c / 64] |= 1 << (c % 64);
            }
        }
        b
    }

    /// The cells whose byte in `layer` is `value`.
    #[inline]
    pub fn holding(layer: &[u8], value: u8) -> Self {
        let spread = u64::from_ne_bytes([value; 8]);
        Self::read(layer, |w| bytes_equal(w, spread), |v| v == value)
    }

    /// The cells whose byte in `layer` is `a`, those whose byte is `b`, and those whose
    /// byte is not zero, in one pass over the layer.
    pub fn holding_two(layer: &[u8], a: u8, b: u8) -> (Self, Self, Self) {
        let (sa, sb) = (u64::from_ne_bytes([a; 8]), u64::from_ne_bytes([b; 8]));
        let (mut xa, mut xb, mut xn) = (Self::EMPTY, Self::EMPTY, Self::EMPTY);
        let (chunks, rest) = layer.as_chunks::<8>();
        for (i, chunk) in chunks.iter().enumerate() {
            let w = u64::from_le_bytes(*chunk);
            let shift = i % 8 * 8;
            xa.0[i / 8] |= bytes_equal(w, sa) << shift;
            xb.0[i / 8] |= bytes_equal(w, sb) << shift;
            xn.0[i / 8] |= bytes_nonzero(w) << shift;
        }
        let base = chunks.len() * 8;
        for (i, &v) in rest.iter().enumerate() {
            let (c, bit) = ((base + i) / 64, 1 << ((base + i) % 64));
            xa.0[c] |= if v == a { bit } else { 0 };
            xb.0[c] |= if v == b { bit } else { 0 };
            xn.0[c] |= if v != 0 { bit } else { 0 };
        }
        (xa, xb, xn)
    }

    /// The cells whose byte in `layer` is not zero.
    #[inline]
    pub fn occupied(layer: &[u8]) -> Self {
        Self::read(layer, bytes_nonzero, |v| v != 0)
    }

    #[inline(always)]
    pub fn and(self, o: Self) -> Self {
        let mut r = self;
        for (a, b) in r.0.iter_mut().zip(o.0) {
            *a &= b;
        }
        r
    }

    #[inline(always)]
    pub fn or(self, o: Self) -> Self {
        let mut r = self;
        for (a, b) in r.0.iter_mut().zip(o.0) {
            *a |= b;
        }
        r
    }

    /// The cells of `self` not in `o`.
    #[inline(always)]
    pub fn minus(self, o: Self) -> Self {
        let mut r = self;
        for (a, b) in r.0.iter_mut().zip(o.0) {
            *a &= !b;
        }
        r
    }

    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    #[inline(always)]
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// The set's first cell (the lowest id).
    #[inline(always)]
    pub fn first(&self) -> Option<usize> {
        let i = self.0.iter().position(|&w| w != 0)?;
        Some(i * 64 + self.0[i].trailing_zeros() as usize)
    }

    /// The set's last cell (the highest id).
    #[inline(always)]
    pub fn last(&self) -> Option<usize> {
        let i = self.0.iter().rposition(|&w| w != 0)?;
        Some(i * 64 + 63 - self.0[i].leading_zeros() as usize)
    }

    /// The `i`-th cell of the set in cell order (`None` if `i` is not below `count`).
    pub fn nth(&self, i: u32) -> Option<Cell> {
        nth_bit(&self.0, i)
    }

    /// Every cell id moved up by `s` positions (bits beyond `W` words drop out).
    #[inline(always)]
    fn up(self, s: usize) -> Self {
        let (q, r) = (s / 64, s % 64);
        let mut out = Self::EMPTY;
        for i in q..W {
            let lo = self.0[i - q];
            out.0[i] = if r == 0 {
                lo
            } else {
                let below = if i > q {
                    self.0[i - q - 1] >> (64 - r)
                } else {
                    0
                };
                lo << r | below
            };
        }
        out
    }

    /// Every cell id moved down by `s` positions (ids below 0 drop out).
    #[inline(always)]
    fn down(self, s: usize) -> Self {
        let (q, r) = (s / 64, s % 64);
        let mut out = Self::EMPTY;
        for i in 0..W.saturating_sub(q) {
            let hi = self.0[i + q];
            out.0[i] = if r == 0 {
                hi
            } else {
                let above = if i + q + 1 < W {
                    self.0[i + q + 1] << (64 - r)
                } else {
                    0
                };
                hi >> r | above
            };
        }
        out
    }
}

/// A unit step of a board (`(dx, dy)`, each -1, 0 or 1) for sets of `W` words: the
/// cells it may move, and by how much their ids change.
#[derive(Clone, Copy)]
pub struct Shift<const W: usize> {
    sources: Bits<W>,
    /// The ids grow by `up` or shrink by `down` (one of them is 0).
    up: u32,
    down: u32,
    /// `up - down` modulo 64: one word's step as a rotation.
    rot: u32,
}

impl<const W: usize> Shift<W> {
    /// The steps forth and back along a straight-line direction, from what
    /// `Board::line_steps` gives for it (a step no cell may take, on a board one cell
    /// wide or high, has no sources and moves nothing).
    #[inline(always)]
    pub fn both_ways(by: i32, forth: &[u64], back: &[u64]) -> (Self, Self) {
        let way = |by: i32, sources: &[u64]| Shift {
            sources: Bits::load(sources),
            up: by.max(0) as u32,
            down: (-by).max(0) as u32,
            rot: by.rem_euclid(64) as u32,
        };
        (way(by, forth), way(-by, back))
    }

    /// Each cell of `b` moved one step; cells whose step leaves the board drop out.
    #[inline(always)]
    pub fn apply(&self, b: Bits<W>) -> Bits<W> {
        let b = b.and(self.sources);
        if W == 1 {
            // The cells kept land on the board, so within the word: no bit wraps
            // round, and the shift is a rotation.
            return Bits::load(&[b.0[0].rotate_left(self.rot)]);
        }
        if self.down == 0 {
            b.up(self.up as usize)
        } else {
            b.down(self.down as usize)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::Board;
    use crate::rules::vocab::BoardShape;

    /// A fixed pseudo-random stream (the tests must not depend on the engine's RNG).
    struct Stream(u64);
    impl Stream {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
    }

    fn cells_of<const W: usize>(b: Bits<W>) -> Vec<Cell> {
        (0..b.count()).map(|i| b.nth(i).unwrap()).collect()
    }

    /// Steps and layer reads of `W` words on `board`, against cell-by-cell answers.
    fn check<const W: usize>(board: &Board, rng: &mut Stream) {
        let n = board.len();
        for _ in 0..20 {
            let layer: Vec<u8> = (0..n)
                .map(|c| {
                    let on = board.on_words()[c / 64] >> (c % 64) & 1 == 1;
                    if on {
                        [0, 0, 1, 2, 3][(rng.next() % 5) as usize]
                    } else {
                        0
                    }
                })
                .collect();
            for value in [1, 2, 3] {
                let want: Vec<Cell> = (0..n as Cell)
                    .filter(|&c| layer[c as usize] == value)
                    .collect();
                assert_eq!(cells_of(Bits::<W>::holding(&layer, value)), want);
            }
            let (one, two, any) = Bits::<W>::holding_two(&layer, 1, 3);
            assert_eq!(one, Bits::<W>::holding(&layer, 1));
            assert_eq!(two, Bits::<W>::holding(&layer, 3));
            assert_eq!(any, Bits::<W>::occupied(&layer));
            let set = Bits::<W>::occupied(&layer);
            let want: Vec<Cell> = (0..n as Cell).filter(|&c| layer[c as usize] != 0).collect();
            assert_eq!(cells_of(set), want);
            let dirs = board.directions();
            assert_eq!(board.line_steps().count(), dirs.len());
            for (&(dx, dy), (by, forth, back)) in dirs.iter().zip(board.line_steps()) {
                let shifts = Shift::<W>::both_ways(by, forth, back);
                for (shift, d) in [(shifts.0, (dx, dy)), (shifts.1, (-dx, -dy))] {
                    let mut want: Vec<Cell> =
                        want.iter().filter_map(|&c| board.step(c, d)).collect();
                    want.sort_unstable();
                    assert_eq!(cells_of(shift.apply(set)), want, "step {d:?}");
                }
            }
        }
    }

    /// `nth_bit` finds the i-th set bit of words of every density, against a count
    /// bit by bit.
    #[test]
    fn the_nth_bit_is_counted_bit_by_bit() {
        let mut rng = Stream(0x2545_F491_4F6C_DD1D);
        for round in 0..3000 {
            let words: Vec<u64> = (0..1 + round % 3)
                .map(|_| match rng.next() % 4 {
                    0 => rng.next() & rng.next() & rng.next(),
                    1 => rng.next(),
                    2 => rng.next() | rng.next() | rng.next(),
                    _ => [0, u64::MAX, 1 << 63, 1][(rng.next() % 4) as usize],
                })
                .collect();
            let set: Vec<Cell> = (0..64 * words.len())
                .filter(|&c| words[c / 64] >> (c % 64) & 1 == 1)
                .map(|c| c as Cell)
                .collect();
            for (i, &c) in set.iter().enumerate() {
                assert_eq!(nth_bit(&words, i as u32), Some(c), "{words:x?} {i}");
            }
            assert_eq!(nth_bit(&words, set.len() as u32), None);
        }
    }

    #[test]
    fn holding_finds_each_byte_equal_to_the_value() {
        // Layers of every length up to 40 (whole words and a remainder), bytes from a
        // fixed pseudo-random stream over all four contents and a few larger values
        // (a carry from one byte must not reach the next).
        let mut rng = Stream(0x9E37_79B9_7F4A_7C15);
        for len in 0..40 {
            for _ in 0..50 {
                let layer: Vec<u8> = (0..len)
                    .map(|_| [0, 1, 2, 3, 0x7F, 0x80, 0xFF, 0x81][(rng.next() % 8) as usize])
                    .collect();
                for value in [0, 1, 2, 3, 0x80, 0xFF] {
                    let got = cells_of(Bits::<1>::holding(&layer, value));
                    let want: Vec<Cell> = (0..len as Cell)
                        .filter(|&c| layer[c as usize] == value)
                        .collect();
                    assert_eq!(got, want, "{layer:?} {value}");
                }
            }
        }
    }

    #[test]
    fn steps_and_reads_agree_with_the_board_cell_by_cell() {
        let mut rng = Stream(0x9E37_79B9_7F4A_7C15);
        // One word, words with remainders, a row wider than a word, holes and hexagons.
        check::<1>(&Board::square(8), &mut rng);
        check::<1>(&Board::new(BoardShape::Hexagon, &[4], &[]), &mut rng);
        check::<2>(&Board::square(9), &mut rng);
        check::<3>(
            &Board::new(BoardShape::Rectangle, &[13, 11], &[(3, 4), (5, 5)]),
            &mut rng,
        );
        check::<6>(&Board::new(BoardShape::Hexagon, &[10], &[]), &mut rng);
        check::<11>(&Board::square(26), &mut rng);
        check::<64>(&Board::new(BoardShape::Rectangle, &[64, 64], &[]), &mut rng);
        check::<64>(&Board::new(BoardShape::Rectangle, &[64, 3], &[]), &mut rng);
        assert_eq!(words_for(Board::square(26).len()), 11);
    }
}
