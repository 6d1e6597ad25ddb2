//! Incremental union-find over the stones of each colour, with the set of regions
//! each group touches kept at its root, so that "does this group connect my
//! edges?" is one mask test after each placement.

use crate::board::{Cell, Neighbours};

#[derive(Debug, PartialEq, Eq)]
pub struct UnionFind {
    parent: Vec<Cell>,
    size: Vec<u16>,
    regions: Vec<u32>,
}

impl Clone for UnionFind {
    fn clone(&self) -> UnionFind {
        UnionFind {
            parent: self.parent.clone(),
            size: self.size.clone(),
            regions: self.regions.clone(),
        }
    }

    /// Reuses the buffers (playout loops copy a start position into the same state).
    fn clone_from(&mut self, source: &UnionFind) {
        self.parent.clone_from(&source.parent);
        self.size.clone_from(&source.size);
        self.regions.clone_from(&source.regions);
    }
}

impl UnionFind {
    pub fn new(board: &crate::board::Board) -> UnionFind {
        let n = board.len();
        UnionFind {
            parent: (0..n as Cell).collect(),
            size: vec![1; n],
            regions: vec![0; n],
        }
    }

    #[inline]
    pub fn find(&mut self, mut c: Cell) -> Cell {
        while self.parent[c as usize] != c {
            let p = self.parent[c as usize];
            self.parent[c as usize] = self.parent[p as usize];
            c = p;
        }
        c
    }

    /// Adds the stone just placed at `cell` (already written into `cells`), joins it to
    /// the neighbouring stones of the same content, and returns the regions its group
    /// now touches.
    #[inline]
    pub fn add(&mut self, cell: Cell, cells: &[u8], nbrs: &Neighbours, regions: u32) -> u32 {
        let v = cells[cell as usize];
        self.parent[cell as usize] = cell;
        self.size[cell as usize] = 1;
        self.regions[cell as usize] = regions;
        let mut root = cell;
        for &n in nbrs.of(cell) {
            if cells[n as usize] != v {
                continue;
            }
            let r = self.find(n);
            if r == root {
                continue;
            }
            let (big, small) = if self.size[r as usize] >= self.size[root as usize] {
                (r, root)
            } else {
                (root, r)
            };
            self.parent[small as usize] = big;
            self.size[big as usize] += self.size[small as usize];
            self.regions[big as usize] |= self.regions[small as usize];
            root = big;
        }
        self.regions[root as usize]
    }
}
