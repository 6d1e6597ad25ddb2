//! The cells without a piece of one kind, kept with a position as a list, so that a
//! placement on any such cell (`place disk on no disk`) is drawn with one random
//! number and one read, however full the board is.
//!
//! Proposing uniform cells of the board and keeping the first free one costs a
//! try per occupied cell hit, each a branch the processor cannot predict; the list
//! costs a few writes when a piece of the kind comes or goes. The list's order
//! depends only on the moves played, so a seeded game draws the same placements.

use crate::rules::board::Cell;

/// The board's cells that hold no piece of one kind (empty when the rules keep none;
/// see `Rules::free_listed`), each with its index in the list.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FreeCells {
    cells: Vec<Cell>,
    /// Per grid position, its index in `cells` (stale for the others).
    at: Vec<u16>,
}

impl FreeCells {
    /// The list afresh: the cells of `cells` (the board's) whose value in `layer` (the
    /// kind's layer, one byte per grid position) is 0.
    pub fn fill(&mut self, layer: &[u8], cells: impl Iterator<Item = Cell>) {
        self.cells.clear();
        self.at.clear();
        self.at.resize(layer.len(), 0);
        for c in cells {
            if layer[usize::from(c)] == 0 {
                self.at[usize::from(c)] = self.cells.len() as u16;
                self.cells.push(c);
            }
        }
    }

    /// `cell` has gained a piece of the kind (it was in the list).
    #[inline(always)]
    pub fn take(&mut self, cell: Cell) {
        let i = usize::from(self.at[usize::from(cell)]);
        self.cells.swap_remove(i);
        if let Some(&moved) = self.cells.get(i) {
            self.at[usize::from(moved)] = i as u16;
        }
    }

    /// `cell` has lost its piece of the kind (it was not in the list).
    #[inline(always)]
    pub fn put(&mut self, cell: Cell) {
        self.at[usize::from(cell)] = self.cells.len() as u16;
        self.cells.push(cell);
    }

    /// The cell's layer went from `old` to `now`: on or off the list where that
    /// changes whether it holds a piece.
    #[inline(always)]
    pub fn note(&mut self, cell: Cell, old: u8, now: u8) {
        match (old == 0, now == 0) {
            (true, false) => self.take(cell),
            (false, true) => self.put(cell),
            _ => {}
        }
    }

    /// The cells, in no particular order.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// Copies `source` into `self`, reusing `self`'s buffers.
    pub fn copy_from(&mut self, source: &FreeCells) {
        self.cells.clone_from(&source.cells);
        self.at.clone_from(&source.at);
    }

    /// The bytes the list takes.
    pub fn memory_bytes(&self) -> usize {
        self.cells.capacity() * 2 + self.at.capacity() * 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rng::Rng;

    /// After any sequence of pieces coming and going, the list holds exactly the cells
    /// without one, each once, and each cell's index points at it.
    #[test]
    fn the_list_follows_the_layer() {
        let mut rng = Rng::for_game(3, 0);
        let n = 40;
        let board: Vec<Cell> = (0..n as Cell).filter(|c| c % 7 != 3).collect();
        let mut layer = vec![0u8; n];
        let mut free = FreeCells::default();
        free.fill(&layer, board.iter().copied());
        for _ in 0..2000 {
            let c = board[rng.below(board.len() as u32) as usize];
            let now = rng.below(3) as u8;
            let old = layer[usize::from(c)];
            layer[usize::from(c)] = now;
            free.note(c, old, now);
            let mut want: Vec<Cell> = board
                .iter()
                .copied()
                .filter(|&c| layer[usize::from(c)] == 0)
                .collect();
            let mut got = free.cells().to_vec();
            for (i, &c) in got.iter().enumerate() {
                assert_eq!(usize::from(free.at[usize::from(c)]), i);
            }
            got.sort_unstable();
            want.sort_unstable();
            assert_eq!(got, want);
        }
    }
}
