//! The bit sets the separation test and the region labels work on: a set of a board's
//! grid positions in `W` words (a bit per cell id, `W` fixed at compile time for a
//! few sizes), read from piece layers eight bytes at a time or from bit planes, and
//! the growth of a connected part of the board by whole-set steps (each adds every
//! neighbour of the part at once: shifts by one column and by one row, masked by the
//! first and last columns and by the cells the part may take), or cell by cell for
//! parts of a few cells. The masks (the board's cells, its columns' ends, each
//! adjacency's offsets) are the board's own.

use crate::engine::grid_bits;
use crate::rules::board::{Board, Cell, Neighbours};
use crate::rules::Adjacency;
use std::ops::{BitAnd, BitOr, BitOrAssign};

/// Calls `f::<W>(args...)` with `W` the words of the board's bit sets, as
/// `separates` picks them.
macro_rules! by_board_words {
    ($board:expr, $f:ident($($arg:expr),* $(,)?)) => {
        match $board.len().div_ceil(64) {
            0..=1 => $f::<1>($($arg),*),
            2 => $f::<2>($($arg),*),
            3 => $f::<3>($($arg),*),
            4 => $f::<4>($($arg),*),
            5..=6 => $f::<6>($($arg),*),
            7..=8 => $f::<8>($($arg),*),
            9..=11 => $f::<11>($($arg),*),
            12..=16 => $f::<16>($($arg),*),
            17..=32 => $f::<32>($($arg),*),
            33..=64 => $f::<64>($($arg),*),
            _ => $f::<1024>($($arg),*),
        }
    };
}
pub(super) use by_board_words;

/// A set of grid positions: bit `c % 64` of word `c / 64` for cell id `c`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Bits<const W: usize>(pub(super) [u64; W]);

impl<const W: usize> Bits<W> {
    pub(super) const EMPTY: Self = Bits([0; W]);

    /// The set of one cell.
    pub(super) fn cell(c: usize) -> Self {
        let mut b = Self::EMPTY;
        b.0[c / 64] = 1 << (c % 64);
        b
    }

    /// The set whose first words are `words` (at most `W` of them; a word at a time,
    /// which the compiler unrolls, rather than a call to copy memory).
    #[inline(always)]
    pub(super) fn load(words: &[u64]) -> Self {
        if let Ok(all) = <[u64; W]>::try_from(words) {
            return Bits(all);
        }
        assert!(words.len() <= W);
        let mut b = Self::EMPTY;
        for (to, &from) in b.0.iter_mut().zip(words) {
            *to = from;
        }
        b
    }

    /// Calls `f` with each cell of the set, in order.
    #[inline(always)]
    pub(super) fn each(&self, f: impl FnMut(usize)) {
        grid_bits::each_bit(&self.0, f);
    }

    #[inline(always)]
    pub(super) fn has(&self, c: usize) -> bool {
        self.0[c / 64] >> (c % 64) & 1 == 1
    }

    pub(super) fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    pub(super) fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// The lowest cell id in the set.
    pub(super) fn first(&self) -> Option<usize> {
        let i = self.0.iter().position(|&w| w != 0)?;
        Some(i * 64 + self.0[i].trailing_zeros() as usize)
    }

    /// The cells of `self` not in `other`.
    #[inline(always)]
    pub(super) fn without(self, other: Self) -> Self {
        Bits(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    /// The set moved `k` ids up (towards higher ids); what passes the top is lost.
    #[inline(always)]
    pub(super) fn up(self, k: usize) -> Self {
        let (q, r) = (k / 64, k % 64);
        let mut out = Self::EMPTY;
        if q == 0 {
            out.0[0] = self.0[0] << r;
            for i in 1..W {
                out.0[i] = funnel(self.0[i], self.0[i - 1], r);
            }
        } else {
            for i in q..W {
                let below = if i > q { self.0[i - q - 1] } else { 0 };
                out.0[i] = self.0[i - q] << r | below >> 1 >> (63 - r);
            }
        }
        out
    }

    /// The set moved `k` ids down; what passes id 0 is lost.
    #[inline(always)]
    pub(super) fn down(self, k: usize) -> Self {
        let (q, r) = (k / 64, k % 64);
        let mut out = Self::EMPTY;
        if q == 0 {
            for i in 0..W - 1 {
                out.0[i] = funnel(self.0[i + 1], self.0[i], 64 - r);
            }
            out.0[W - 1] = self.0[W - 1] >> r;
        } else {
            for i in 0..W.saturating_sub(q) {
                let above = if i + q + 1 < W { self.0[i + q + 1] } else { 0 };
                out.0[i] = self.0[i + q] >> r | above << 1 << (63 - r);
            }
        }
        out
    }
}

/// The word `high` shifted left by `r` (0 to 64), with the top bits of `low` coming in.
#[inline(always)]
pub(super) fn funnel(high: u64, low: u64, r: usize) -> u64 {
    ((u128::from(high) << 64 | u128::from(low)) << r >> 64) as u64
}

impl<const W: usize> BitAnd for Bits<W> {
    type Output = Self;
    #[inline(always)]
    fn bitand(self, o: Self) -> Self {
        Bits(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }
}

impl<const W: usize> BitOr for Bits<W> {
    type Output = Self;
    #[inline(always)]
    fn bitor(self, o: Self) -> Self {
        Bits(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }
}

impl<const W: usize> BitOrAssign for Bits<W> {
    #[inline(always)]
    fn bitor_assign(&mut self, o: Self) {
        *self = *self | o;
    }
}

/// The grid positions whose byte in `layer` is `code` or, without a code, is not 0
/// (`layer` has at most `64 W` bytes).
pub(super) fn layer_bits<const W: usize>(layer: &[u8], code: Option<u8>) -> Bits<W> {
    pub(super) const HIGH: u64 = 0x8080_8080_8080_8080;
    match code {
        // The bytes equal to `code` are the zero bytes of the layer xor `code`s.
        Some(code) => bits_where(
            layer,
            |x| !nonzero(x ^ (0x0101_0101_0101_0101 * u64::from(code))) & HIGH,
            |b| b == code,
        ),
        None => bits_where(layer, nonzero, |b| b != 0),
    }
}

/// The high bit of each byte of `x` that is not 0 (no carry leaves a byte).
#[inline(always)]
pub(super) fn nonzero(x: u64) -> u64 {
    pub(super) const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    (((x & LOW7) + LOW7) | x) & !LOW7
}

/// The grid positions whose byte in `layer` passes a test, read eight bytes at a
/// time: `high` takes eight bytes (little-endian) to the high bits of those that pass,
/// `test` tests the few bytes left at the end.
#[inline(always)]
pub(super) fn bits_where<const W: usize>(
    layer: &[u8],
    high: impl Fn(u64) -> u64,
    test: impl Fn(u8) -> bool,
) -> Bits<W> {
    // Byte j's high bit (bit 8 j + 7) moved to bit 56 + j; the products' other bits
    // stay below bit 56 or pass bit 63.
    let gather = |eight: &[u8; 8]| {
        high(u64::from_le_bytes(*eight)).wrapping_mul(0x0002_0408_1020_4081) >> 56
    };
    // A word's eight bytes come in at the top, each moving the earlier ones down.
    let word = |eights: &[[u8; 8]]| {
        eights
            .iter()
            .fold(0, |bits, eight| bits >> 8 | gather(eight) << 56)
    };
    let mut out = Bits::EMPTY;
    let (sixty_fours, rest) = layer.as_chunks::<64>();
    for (bits, bytes) in out.0.iter_mut().zip(sixty_fours) {
        *bits = word(bytes.as_chunks::<8>().0);
    }
    if !rest.is_empty() {
        let (eights, bytes) = rest.as_chunks::<8>();
        let done = 8 * eights.len();
        let mut bits = if done == 0 {
            0
        } else {
            word(eights) >> (64 - done)
        };
        for (i, &b) in bytes.iter().enumerate() {
            bits |= u64::from(test(b)) << (done + i);
        }
        out.0[sixty_fours.len()] = bits;
    }
    out
}

/// What growing a part of the board needs: the board's masks for one adjacency.
pub(super) struct Geometry<'a, const W: usize> {
    pub(super) cells: Bits<W>,
    pub(super) not_first: Bits<W>,
    pub(super) not_last: Bits<W>,
    pub(super) width: usize,
    pub(super) pattern: Pattern,
    /// The board's neighbour lists, for searching small parts cell by cell.
    pub(super) neighbours: &'a Neighbours,
    pub(super) board: &'a Board,
    /// Whether the board is a hex grid under its six neighbours (see
    /// `RegionLabels::walls`).
    pub(super) hex: bool,
}

/// Whether `board` under `adjacency` is a hex grid under its six neighbours, where
/// groups and regions are joined alike and a loop of walls shows a split (see
/// `split::loop_closes`).
pub(super) fn hex_grid(board: &Board, adjacency: Adjacency) -> bool {
    board.is_hex() && adjacency == Adjacency::All
}

/// The neighbours' offsets of an adjacency (see `Board::offsets`): the usual four
/// by name, any other as it is.
#[derive(Clone, Copy)]
pub(super) enum Pattern {
    /// Hex: dx 0 and 1 below, -1 and 1 beside, -1 and 0 above.
    Hex,
    /// Square: the four orthogonal neighbours; the eight around; the four diagonal.
    Orthogonal,
    Around,
    Diagonal,
    Other([u8; 3]),
}

impl Pattern {
    pub(super) fn of(offsets: [u8; 3]) -> Pattern {
        match offsets {
            [0b110, 0b101, 0b011] => Pattern::Hex,
            [0b010, 0b101, 0b010] => Pattern::Orthogonal,
            [0b111, 0b101, 0b111] => Pattern::Around,
            [0b101, 0b000, 0b101] => Pattern::Diagonal,
            _ => Pattern::Other(offsets),
        }
    }
}

impl<'a, const W: usize> Geometry<'a, W> {
    pub(super) fn new(board: &'a Board, adjacency: Adjacency) -> Self {
        let (not_first, not_last) = board.column_ends();
        Geometry {
            cells: Bits::load(board.on_words()),
            not_first: Bits::load(not_first),
            not_last: Bits::load(not_last),
            width: board.width,
            pattern: Pattern::of(board.offsets(adjacency)),
            neighbours: board.neighbours(adjacency),
            board,
            hex: hex_grid(board, adjacency),
        }
    }

    /// `set` and every cell next to one of its cells, within `within` (cells only).
    #[inline(always)]
    pub(super) fn spread_in(&self, set: Bits<W>, within: Bits<W>) -> Bits<W> {
        // The set moved one column right (x + 1) and one column left, without the
        // cells that would wrap round to the next row; rows are `width` ids apart.
        let right = (set & self.not_last).up(1);
        let left = (set & self.not_first).down(1);
        let w = self.width;
        let out = match self.pattern {
            Pattern::Hex => set | left | right | (set | left).up(w) | (set | right).down(w),
            Pattern::Orthogonal => set | left | right | set.up(w) | set.down(w),
            Pattern::Around => {
                let row = set | left | right;
                row | row.up(w) | row.down(w)
            }
            Pattern::Diagonal => {
                let sides = left | right;
                set | sides.up(w) | sides.down(w)
            }
            Pattern::Other(offsets) => {
                let row = |bits: u8| {
                    let mut r = Bits::EMPTY;
                    if bits & 1 != 0 {
                        r |= left;
                    }
                    if bits & 2 != 0 {
                        r |= set;
                    }
                    if bits & 4 != 0 {
                        r |= right;
                    }
                    r
                };
                set | row(offsets[1]) | row(offsets[2]).up(w) | row(offsets[0]).down(w)
            }
        };
        out & within
    }

    /// The connected part of `within` that holds cell `start` (of `within`): searched
    /// cell by cell while it is small (most parts are a cell or a few), then grown.
    pub(super) fn grow_from(&self, start: usize, within: Bits<W>) -> Bits<W> {
        const SMALL: usize = 8;
        let mut part = Bits::cell(start);
        let mut found = [0; SMALL];
        found[0] = start as Cell;
        let (mut head, mut len) = (0, 1);
        while head < len {
            for &m in self.neighbours.of(found[head]) {
                if within.has(m as usize) && !part.has(m as usize) {
                    part.0[m as usize / 64] |= 1 << (m % 64);
                    if len == SMALL {
                        return self.grow(part, within);
                    }
                    found[len] = m;
                    len += 1;
                }
            }
            head += 1;
        }
        part
    }

    /// The connected parts of `within` that hold the cells of `seed` (cells of
    /// `within`).
    pub(super) fn grow(&self, seed: Bits<W>, within: Bits<W>) -> Bits<W> {
        let mut part = seed;
        loop {
            let next = self.spread_in(part, within);
            if next == part {
                return part;
            }
            part = next;
        }
    }

    /// As `grow`, but stopping once the part holds more than `limit` of the `counted`
    /// cells; with the number of counted cells in what it returns. (Out of line, as
    /// are the graph's steps: inlined into one function, their bit sets crowd the
    /// registers and every step is slower.)
    #[inline(never)]
    pub(super) fn grow_until(
        &self,
        seed: Bits<W>,
        within: Bits<W>,
        counted: Bits<W>,
        limit: u32,
    ) -> (Bits<W>, u32) {
        let mut part = seed;
        let mut hits = part & counted;
        let mut k = hits.count();
        loop {
            if k > limit {
                return (part, k);
            }
            let next = self.spread_in(part, within);
            if next == part {
                return (part, k);
            }
            part = next;
            // Counted only when new counted cells come in (a count is costly).
            if part & counted != hits {
                hits = part & counted;
                k = hits.count();
            }
        }
    }
}
