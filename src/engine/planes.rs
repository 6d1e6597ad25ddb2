//! The position as bit sets, kept beside its bytes: for each piece kind (layer), the
//! grid positions holding each content (a player's piece, a neutral piece) and those
//! holding any piece. Every change the state makes to a cell goes to both, so the
//! generators and tests that work on whole sets (line moves, separation, the crossing
//! race's count) read a set as it stands instead of gathering a layer's bytes into bits
//! at every call.
//!
//! Bit `c % 64` of word `c / 64` of a plane stands for cell id `c`, as in
//! `grid_bits::Bits`, so a plane loads into a `Bits` as it is.

use crate::rules::board::Cell;

/// A layer's planes: codes 1, 2 and 3 (`content::of_player(0)`, `of_player(1)`,
/// `NEUTRAL`), then any piece.
const PER_LAYER: usize = 4;
const OCCUPIED: usize = 3;

/// A position's planes, or none (`Planes::default()`, where nothing reads them:
/// writes are then ignored).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Planes {
    /// Words per plane.
    words: usize,
    /// Per layer, its four planes of `words` words each.
    bits: Vec<u64>,
}

impl Planes {
    /// The planes of the layers of `cells` (`len` bytes each, one per grid position).
    pub fn read(cells: &[u8], len: usize) -> Planes {
        let words = len.div_ceil(64).max(1);
        let layers = cells.len().checked_div(len).unwrap_or(0);
        let mut p = Planes {
            words,
            bits: vec![0; layers * PER_LAYER * words],
        };
        for k in 0..layers {
            p.read_layer(k, &cells[k * len..(k + 1) * len]);
        }
        p
    }

    /// Whether the planes are kept (not `Planes::default()`).
    #[inline(always)]
    pub fn is_kept(&self) -> bool {
        !self.bits.is_empty()
    }

    /// The words of the cells of `layer` holding `code` (1, 2 or 3).
    #[inline(always)]
    pub fn holding(&self, layer: usize, code: u8) -> &[u64] {
        debug_assert!((1..=3).contains(&code));
        self.plane(layer, usize::from(code) - 1)
    }

    /// The words of the cells of `layer` holding any piece.
    #[inline(always)]
    pub fn occupied(&self, layer: usize) -> &[u64] {
        self.plane(layer, OCCUPIED)
    }

    /// The words of the cells of `layer` holding `content` (1, 2 or 3), or any piece
    /// (0), without a branch.
    #[inline(always)]
    pub fn of_content(&self, layer: usize, content: u8) -> &[u64] {
        self.plane(layer, (usize::from(content) + OCCUPIED) % PER_LAYER)
    }

    #[inline(always)]
    fn plane(&self, layer: usize, i: usize) -> &[u64] {
        let at = (layer * PER_LAYER + i) * self.words;
        &self.bits[at..at + self.words]
    }

    /// Where `cell`'s bit of `layer`'s first plane is (the other planes of the layer
    /// follow `words` words apart), and the bit.
    #[inline(always)]
    fn at(&self, layer: usize, cell: Cell) -> (usize, u64) {
        (
            layer * PER_LAYER * self.words + cell as usize / 64,
            1 << (cell % 64),
        )
    }

    /// Sets the bits of a piece `code` (1, 2 or 3) on `cell`.
    #[inline(always)]
    fn set(&mut self, layer: usize, cell: Cell, code: u8) {
        let (at, bit) = self.at(layer, cell);
        self.bits[at + (usize::from(code) - 1) * self.words] |= bit;
        self.bits[at + OCCUPIED * self.words] |= bit;
    }

    /// Copies `source` into `self`, reusing the buffer.
    pub fn copy_from(&mut self, source: &Planes) {
        self.words = source.words;
        self.bits.clone_from(&source.bits);
    }
}

/// What else a step's changes to a position's cells go to: its planes, or nothing
/// (`()`, for a copy of the cells, at no cost).
pub trait Upkeep {
    /// `cell` of `layer` held `was` and now holds `code` (0 for no piece).
    fn write(&mut self, layer: usize, cell: Cell, was: u8, code: u8);
    /// A piece `code` now stands on `cell`, which was empty or held the same.
    fn put(&mut self, layer: usize, cell: Cell, code: u8);
    /// The piece `code` on `cell` has gone.
    fn take(&mut self, layer: usize, cell: Cell, code: u8);
    /// Any cell of `layer` may have changed: it now holds `bytes`.
    fn read_layer(&mut self, layer: usize, bytes: &[u8]);
}

/// Each write is ignored where the planes are not kept (`Planes::default()`).
impl Upkeep for Planes {
    /// Only the planes of `was` and `code` change (two to four words, where clearing
    /// every plane of the layer took four and setting two more).
    #[inline(always)]
    fn write(&mut self, layer: usize, cell: Cell, was: u8, code: u8) {
        if !self.is_kept() {
            return;
        }
        let (at, bit) = self.at(layer, cell);
        let w = self.words;
        if was != 0 {
            self.bits[at + (usize::from(was) - 1) * w] &= !bit;
        }
        if code != 0 {
            self.bits[at + (usize::from(code) - 1) * w] |= bit;
        }
        if (was == 0) != (code == 0) {
            self.bits[at + OCCUPIED * w] ^= bit;
        }
    }

    #[inline(always)]
    fn put(&mut self, layer: usize, cell: Cell, code: u8) {
        if self.is_kept() {
            self.set(layer, cell, code);
        }
    }

    #[inline(always)]
    fn take(&mut self, layer: usize, cell: Cell, code: u8) {
        if self.is_kept() {
            let (at, bit) = self.at(layer, cell);
            self.bits[at + (usize::from(code) - 1) * self.words] &= !bit;
            self.bits[at + OCCUPIED * self.words] &= !bit;
        }
    }

    fn read_layer(&mut self, layer: usize, bytes: &[u8]) {
        if !self.is_kept() {
            return;
        }
        let at = layer * PER_LAYER * self.words;
        self.bits[at..at + PER_LAYER * self.words].fill(0);
        for (c, &v) in bytes.iter().enumerate() {
            if v != 0 {
                self.set(layer, c as Cell, v);
            }
        }
    }
}

impl Upkeep for () {
    #[inline(always)]
    fn write(&mut self, _: usize, _: Cell, _: u8, _: u8) {}
    #[inline(always)]
    fn put(&mut self, _: usize, _: Cell, _: u8) {}
    #[inline(always)]
    fn take(&mut self, _: usize, _: Cell, _: u8) {}
    #[inline(always)]
    fn read_layer(&mut self, _: usize, _: &[u8]) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_keep_every_plane_equal_to_the_bytes() {
        // Two layers of 70 cells (two words a plane): write codes over each other and
        // compare each plane with the bytes after every write.
        let len = 70;
        let mut cells = vec![0u8; 2 * len];
        let mut p = Planes::read(&cells, len);
        let mut x = 0x9E37_79B9_u32;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            let (k, c, v) = (
                (x % 2) as usize,
                (x / 2 % len as u32) as Cell,
                (x >> 20) as u8 % 4,
            );
            let was = std::mem::replace(&mut cells[k * len + c as usize], v);
            p.write(k, c, was, v);
            for k in 0..2 {
                let layer = &cells[k * len..(k + 1) * len];
                let of = |words: &[u64]| -> Vec<usize> {
                    (0..len)
                        .filter(|&c| words[c / 64] >> (c % 64) & 1 == 1)
                        .collect()
                };
                for code in 1..=3 {
                    let want: Vec<usize> = (0..len).filter(|&c| layer[c] == code).collect();
                    assert_eq!(of(p.holding(k, code)), want, "code {code}");
                }
                let want: Vec<usize> = (0..len).filter(|&c| layer[c] != 0).collect();
                assert_eq!(of(p.occupied(k)), want);
            }
            assert_eq!(p, Planes::read(&cells, len));
        }
    }
}
