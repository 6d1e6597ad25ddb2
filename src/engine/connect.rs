//! Incremental union-find over the stones of each colour, with the set of regions
//! each group touches kept at its root, so that "does this group connect my
//! edges?" is one mask test after each placement.
//!
//! Kept here rather than taken from a union-find crate: the groups carry the regions
//! they touch at their root and join only stones of equal content, read from the
//! position's own cell array, with no allocation per stone; a generic disjoint-set
//! would need a side table for the masks and a copy of the neighbour test.
//!
//! The stones are also kept as bit sets by content, so that where the board gives
//! each cell's neighbours as a window of 64 ids (`Neighbours::windows`) a new stone
//! finds its alike neighbours with one shift and a mask instead of a read per
//! neighbour (`add_window`, which `add` takes wherever the board has windows).

use crate::rules::board::{Cell, Neighbours, Window};

#[derive(Debug, PartialEq, Eq)]
pub struct UnionFind {
    parent: Vec<Cell>,
    /// At a root: the regions its group touches.
    regions: Vec<u32>,
    /// The stones added and not removed, by content: for each code 0-3 (0's unused),
    /// a bit set of `words` words (bit `c % 64` of word `c / 64` for cell `c`), then
    /// one word more, so that a `Window` two words wide can be read at any cell.
    /// `add_window` reads a stone's alike neighbours from them in one go.
    stones: Vec<u64>,
    words: usize,
}

impl Clone for UnionFind {
    fn clone(&self) -> UnionFind {
        UnionFind {
            parent: self.parent.clone(),
            regions: self.regions.clone(),
            stones: self.stones.clone(),
            words: self.words,
        }
    }

    /// Reuses the buffers (playout loops copy a start position into the same state).
    fn clone_from(&mut self, source: &UnionFind) {
        self.parent.clone_from(&source.parent);
        self.regions.clone_from(&source.regions);
        self.stones.clone_from(&source.stones);
        self.words = source.words;
    }
}

impl UnionFind {
    pub fn new(board: &crate::rules::board::Board) -> UnionFind {
        let n = board.len();
        let words = n.div_ceil(64);
        UnionFind {
            parent: (0..n as Cell).collect(),
            regions: vec![0; n],
            stones: vec![0; 4 * words + 1],
            words,
        }
    }

    /// The bytes of the buffers.
    pub fn memory_bytes(&self) -> usize {
        self.parent.capacity() * std::mem::size_of::<Cell>()
            + self.regions.capacity() * std::mem::size_of::<u32>()
            + self.stones.capacity() * std::mem::size_of::<u64>()
    }

    /// Where `cell`'s bit of the stones of content `v` is, and the bit.
    #[inline(always)]
    fn stone_bit(&self, cell: Cell, v: u8) -> (usize, u64) {
        let at = usize::from(v & 3) * self.words + usize::from(cell) / 64;
        (at, 1 << (cell % 64))
    }

    /// The stone on `cell` has left the board (captured): it no longer joins the
    /// stones placed next to it.
    pub fn remove_stone(&mut self, cell: Cell) {
        for v in 1..4 {
            let (at, bit) = self.stone_bit(cell, v);
            self.stones[at] &= !bit;
        }
    }

    /// The root of `c`'s group (with path halving).
    #[inline]
    pub fn find(&mut self, c: Cell) -> Cell {
        find_in(&mut self.parent, c)
    }

    /// The root of `c`'s group, without shortening the path (for read-only views).
    #[inline]
    pub fn root(&self, mut c: Cell) -> Cell {
        loop {
            let p = self.parent[c as usize];
            if p == c {
                return c;
            }
            c = p;
        }
    }

    /// Adds the stone just placed at `cell` (already written into `cells`), joins it to
    /// the neighbouring stones of the same content, and returns the regions its group
    /// now touches. Each cell is added at most once.
    ///
    /// Groups join under the first neighbouring root found, without ranks: path halving
    /// keeps random games' trees shallow, and a rank costs a data-dependent branch per
    /// join. The neighbours alike are read from the stones' bit sets through the cell's
    /// window where the board has windows, else from `cells` slot by slot.
    #[inline(always)]
    pub fn add(&mut self, cell: Cell, cells: &[u8], nbrs: &Neighbours, regions: u32) -> u32 {
        if let Some(windows) = nbrs.windows() {
            let c = usize::from(cell);
            return self.add_window(cell, cells[c], windows[c], regions);
        }
        self.add_slots(cell, cells, nbrs, regions)
    }

    /// `add` reading each neighbour's content from `cells` (boards without windows).
    #[inline(always)]
    fn add_slots(&mut self, cell: Cell, cells: &[u8], nbrs: &Neighbours, regions: u32) -> u32 {
        match nbrs.stride() {
            4 => self.add_near::<4>(cell, cells, nbrs.padded::<4>(cell), regions),
            6 => self.add_near::<6>(cell, cells, nbrs.padded::<6>(cell), regions),
            _ => self.add_near::<8>(cell, cells, nbrs.padded::<8>(cell), regions),
        }
    }

    /// `add_slots` with `cell`'s neighbours in `S` slots, as `Neighbours::padded` gives
    /// them.
    #[inline(always)]
    fn add_near<const S: usize>(
        &mut self,
        cell: Cell,
        cells: &[u8],
        near: &[Cell; S],
        regions: u32,
    ) -> u32 {
        let v = cells[cell as usize];
        let (at, bit) = self.stone_bit(cell, v);
        self.stones[at] |= bit;
        // The neighbours holding the same content, gathered without a branch per
        // neighbour as a bit per slot: in random positions whether a neighbour is
        // alike is a coin toss, and such a branch mispredicts often (measured: Crossway
        // 19x19 playouts ~10% faster per CPU second, with 6% more instructions; the
        // bits take fewer instructions than the list of cells they replaced). The
        // slots a cell lacks hold `cell` itself, which is alike: they come last, and
        // the loop below stops at the first.
        let mut alike = 0u32;
        for (i, &n) in near.iter().enumerate() {
            alike |= u32::from(cells[n as usize] == v) << i;
        }
        self.join::<true>(cell, regions, alike.into(), |i| near[i as usize])
    }

    /// `add` with `cell` (of content `v`) and its neighbours as the bits of `window`,
    /// read from the stones kept (every stone goes through `add`, and a captured one
    /// through `remove_stone`).
    #[inline(always)]
    fn add_window(&mut self, cell: Cell, v: u8, window: Window, regions: u32) -> u32 {
        let base = usize::from(window.base);
        let at = usize::from(v & 3) * self.words + base / 64;
        let pair = u128::from(self.stones[at]) | u128::from(self.stones[at + 1]) << 64;
        let alike = (pair >> (base % 64)) as u64 & window.mask;
        let (at, bit) = self.stone_bit(cell, v);
        self.stones[at] |= bit;
        self.join::<false>(cell, regions, alike, |i| window.base + i as Cell)
    }

    /// Joins `cell` (touching `regions`) to the groups of the alike neighbours: bit `i`
    /// of `alike` for the neighbour `at(i)`, lowest first. With `PADDED`, the first
    /// bit for `cell` itself ends the list (`add_near`'s padding slots).
    #[inline(always)]
    fn join<const PADDED: bool>(
        &mut self,
        cell: Cell,
        regions: u32,
        mut alike: u64,
        at: impl Fn(u32) -> Cell,
    ) -> u32 {
        // The buffers borrowed once: their addresses then stay in registers instead of
        // being read again after every write.
        let (parent, sets) = (&mut self.parent[..], &mut self.regions[..]);
        let mut root = cell;
        let mut mask = regions;
        while alike != 0 {
            let n = at(alike.trailing_zeros());
            alike &= alike - 1;
            if PADDED && n == cell {
                break;
            }
            // A stone already under the root found needs no search. Nothing points at
            // `cell` yet, so `r` is never `cell`.
            if parent[n as usize] == root {
                continue;
            }
            let r = find_in(parent, n);
            if r == root {
                continue;
            }
            mask |= sets[r as usize];
            if root == cell {
                root = r;
            } else {
                parent[r as usize] = root;
            }
        }
        parent[cell as usize] = root;
        sets[root as usize] = mask;
        mask
    }
}

/// The root of `c`'s group in the forest `parent`, with path halving.
#[inline(always)]
fn find_in(parent: &mut [Cell], mut c: Cell) -> Cell {
    loop {
        let p = parent[c as usize];
        if p == c {
            return c;
        }
        let g = parent[p as usize];
        parent[c as usize] = g;
        c = g;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rng::Rng;
    use crate::rules::board::Board;
    use crate::rules::{Adjacency, BoardShape};

    /// Stones joined through the windows over the kept bit sets (what `add` does on
    /// these boards) make the same groups, touching the same regions, as stones joined
    /// by reading the neighbours' cells (`add_slots`), with groups taken off the board
    /// now and then (as captures do) and the cells filled again.
    #[test]
    fn windows_join_as_the_cells_do() {
        let mut rng = Rng::new(41);
        let boards = [
            (
                Board::new(BoardShape::Square, &[9], &[(4, 4)]),
                Adjacency::All,
            ),
            (
                Board::new(BoardShape::Square, &[19], &[]),
                Adjacency::Orthogonal,
            ),
            (
                Board::new(BoardShape::Hexagon, &[7], &[]),
                Adjacency::Orthogonal,
            ),
        ];
        for (b, adj) in &boards {
            let nbrs = b.neighbours(*adj);
            let windows = nbrs.windows().expect("narrow boards have windows");
            let cells: Vec<Cell> = b.cells().collect();
            let mut bytes = vec![0u8; b.len()];
            let (mut by_cells, mut by_windows) = (UnionFind::new(b), UnionFind::new(b));
            let (mut joins, mut removed) = (0, 0);
            for step in 0..4 * cells.len() {
                let c = cells[rng.below(cells.len() as u32) as usize];
                if bytes[c as usize] != 0 {
                    if rng.below(8) != 0 {
                        continue;
                    }
                    // Take c's group off the board.
                    let v = bytes[c as usize];
                    let mut todo = vec![c];
                    while let Some(x) = todo.pop() {
                        if bytes[x as usize] == v {
                            bytes[x as usize] = 0;
                            by_windows.remove_stone(x);
                            removed += 1;
                            todo.extend_from_slice(nbrs.of(x));
                        }
                    }
                    continue;
                }
                let v = 1 + rng.below(2) as u8;
                bytes[c as usize] = v;
                let regions = b.regions_of(c);
                let want = by_cells.add_slots(c, &bytes, nbrs, regions);
                let got = by_windows.add_window(c, v, windows[c as usize], regions);
                assert_eq!(got, want, "{} step {step}", b.describe());
                joins += usize::from(nbrs.of(c).iter().any(|&n| bytes[n as usize] == v));
            }
            for &x in &cells {
                for &y in &cells {
                    if bytes[x as usize] != 0 && bytes[y as usize] != 0 {
                        assert_eq!(
                            by_windows.find(x) == by_windows.find(y),
                            by_cells.find(x) == by_cells.find(y),
                            "{} {x} {y}",
                            b.describe()
                        );
                    }
                }
            }
            assert!(joins > 50 && removed > 50, "{joins} {removed}");
        }
    }
}
