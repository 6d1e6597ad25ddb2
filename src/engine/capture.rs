//! Capture by surrounding (Go's rule) and the repetition rules that go with it.
//!
//! After a placement, every enemy group (of the capture rule's piece kind, linked by
//! its adjacency) with no empty neighbour leaves the board; then the mover's own group,
//! if it has none, makes the move illegal (no suicide) or leaves too (suicide allowed).
//! Ko forbids a move that recreates the position before the opponent's last move
//! (simple ko) or any earlier position (positional superko); positions are compared by
//! a Zobrist hash of every layer ([`position_hash`]).
//!
//! Two ways to know a group's liberties, one answer:
//! - [`Liberties`] keeps them incrementally at the union-find's roots as *pseudo-
//!   liberties* (one per stone–empty-neighbour pair) with their sum and sum of squares,
//!   so "no liberty" is `count == 0` and "exactly one liberty, at `c`" is
//!   `sum == count × c` and `squares == count × c²` (all the pairs name the same cell).
//!   A group that leaves the board leaves the union-find correct without a rebuild:
//!   every cell of it is re-initialised when a stone is placed there again, and no
//!   standing stone's parent chain passes through it.
//! - [`outcome_by_flood`] floods the groups around a cell: what positions that are not
//!   the game's own (a turn's first step played on a copy) use, and the reference the
//!   tests compare the incremental path with.

use crate::rules::board::{Board, Cell};
use crate::rules::content;
use crate::rules::Adjacency;

/// The Zobrist key of `value` (a layer value, not empty) at index `at` (layer × cells
/// + cell): a fixed mix of the two, so keys need no table and never change.
#[inline]
pub fn key(at: usize, value: u8) -> u64 {
    let mut z = (at as u64) << 2 | u64::from(value & 3);
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The hash of a whole position (every layer; who is to move does not count).
pub fn position_hash(cells: &[u8]) -> u64 {
    cells
        .iter()
        .enumerate()
        .filter(|(_, &v)| v != content::EMPTY)
        .fold(0, |h, (i, &v)| h ^ key(i, v))
}

/// What placing a stone does under the capture rule.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Outcome {
    /// The enemy stones captured.
    pub captured: Vec<Cell>,
    /// Whether the mover's own group (the new stone's) is left without a liberty after
    /// the captures.
    pub suicide: bool,
    /// The mover's stones that leave with it, when suicide is allowed and happens.
    pub own_lost: Vec<Cell>,
}

/// The group of the stone on `start` in `layer` (cells of equal value linked by
/// `adjacency`), appended to `out` and marked in `seen`; returns whether it has an
/// empty neighbour.
pub fn group_of(
    board: &Board,
    adjacency: Adjacency,
    layer: &[u8],
    start: Cell,
    seen: &mut [bool],
    out: &mut Vec<Cell>,
) -> bool {
    let nbrs = board.neighbours(adjacency);
    let v = layer[start as usize];
    let first = out.len();
    seen[start as usize] = true;
    out.push(start);
    let mut free = false;
    let mut i = first;
    while i < out.len() {
        let c = out[i];
        i += 1;
        for &m in nbrs.of(c) {
            let w = layer[m as usize];
            if w == content::EMPTY {
                free = true;
            } else if w == v && !seen[m as usize] {
                seen[m as usize] = true;
                out.push(m);
            }
        }
    }
    free
}

/// What placing a stone of `mover` on the empty `cell` of `layer` does, by flooding the
/// groups around it (the layer is left as it was).
pub fn outcome_by_flood(
    board: &Board,
    adjacency: Adjacency,
    layer: &mut [u8],
    cell: Cell,
    mover: u8,
) -> Outcome {
    let me = content::of_player(mover);
    let foe = content::opponent_of(mover);
    layer[cell as usize] = me;
    let mut seen = vec![false; layer.len()];
    let mut out = Outcome::default();
    let mut group = Vec::new();
    for &m in board.neighbours(adjacency).of(cell) {
        if layer[m as usize] == foe && !seen[m as usize] {
            group.clear();
            if !group_of(board, adjacency, layer, m, &mut seen, &mut group) {
                out.captured.extend_from_slice(&group);
            }
        }
    }
    for &c in &out.captured {
        layer[c as usize] = content::EMPTY;
    }
    group.clear();
    let mut seen = vec![false; layer.len()];
    if !group_of(board, adjacency, layer, cell, &mut seen, &mut group) {
        out.suicide = true;
        out.own_lost = group;
    }
    for &c in &out.captured {
        layer[c as usize] = foe;
    }
    layer[cell as usize] = content::EMPTY;
    out.captured.sort_unstable();
    out
}

/// Applies an outcome to a layer: the stone placed, the captured stones removed, and
/// the mover's own group removed when `suicide_allowed` and it has no liberty.
pub fn apply_outcome(layer: &mut [u8], cell: Cell, mover: u8, o: &Outcome, suicide_allowed: bool) {
    layer[cell as usize] = content::of_player(mover);
    for &c in &o.captured {
        layer[c as usize] = content::EMPTY;
    }
    if o.suicide && suicide_allowed {
        for &c in &o.own_lost {
            layer[c as usize] = content::EMPTY;
        }
    }
}

/// Pseudo-liberties at the union-find's roots (see the module's notes). Indexed by
/// cell; only a root's entry means anything.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Liberties {
    count: Vec<u32>,
    sum: Vec<u64>,
    squares: Vec<u64>,
}

impl Liberties {
    pub fn new(cells: usize) -> Liberties {
        Liberties {
            count: vec![0; cells],
            sum: vec![0; cells],
            squares: vec![0; cells],
        }
    }

    /// Whether the structure is kept (games with the capture rule).
    pub fn is_kept(&self) -> bool {
        !self.count.is_empty()
    }

    /// The bytes of the buffers.
    pub fn memory_bytes(&self) -> usize {
        self.count.capacity() * 4 + (self.sum.capacity() + self.squares.capacity()) * 8
    }

    /// Reuses the buffers.
    pub fn copy_from(&mut self, other: &Liberties) {
        self.count.clone_from(&other.count);
        self.sum.clone_from(&other.sum);
        self.squares.clone_from(&other.squares);
    }

    /// Root `r`'s group gains the pseudo-liberty `cell`.
    #[inline]
    pub fn gain(&mut self, r: Cell, cell: Cell) {
        let (i, c) = (r as usize, u64::from(cell));
        self.count[i] += 1;
        self.sum[i] += c;
        self.squares[i] += c * c;
    }

    /// Root `r`'s group loses the pseudo-liberty `cell`.
    #[inline]
    pub fn lose(&mut self, r: Cell, cell: Cell) {
        let (i, c) = (r as usize, u64::from(cell));
        self.count[i] -= 1;
        self.sum[i] -= c;
        self.squares[i] -= c * c;
    }

    /// Sets a root's liberties to the sum of others' and `own` (a new stone's): what a
    /// union does.
    pub fn merge_into(&mut self, root: Cell, parts: &[Cell], own: (u32, u64, u64)) {
        let (mut n, mut s, mut q) = own;
        for &p in parts {
            n += self.count[p as usize];
            s += self.sum[p as usize];
            q += self.squares[p as usize];
        }
        let i = root as usize;
        self.count[i] = n;
        self.sum[i] = s;
        self.squares[i] = q;
    }

    /// Whether root `r`'s group has no liberty.
    #[inline]
    pub fn none(&self, r: Cell) -> bool {
        self.count[r as usize] == 0
    }

    /// Whether root `r`'s group has exactly one liberty, `cell`.
    #[inline]
    pub fn only(&self, r: Cell, cell: Cell) -> bool {
        let (i, c) = (r as usize, u64::from(cell));
        let n = u64::from(self.count[i]);
        n > 0 && self.sum[i] == n * c && self.squares[i] == n * c * c
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_differ_by_place_and_value() {
        assert_ne!(key(3, 1), key(3, 2));
        assert_ne!(key(3, 1), key(4, 1));
        assert_eq!(position_hash(&[0, 1, 0, 2]), key(1, 1) ^ key(3, 2));
    }

    #[test]
    fn one_liberty_is_told_from_two() {
        let mut l = Liberties::new(10);
        l.gain(0, 5);
        l.gain(0, 5);
        assert!(l.only(0, 5));
        l.gain(0, 7);
        assert!(!l.only(0, 5) && !l.none(0));
        l.lose(0, 7);
        l.lose(0, 5);
        l.lose(0, 5);
        assert!(l.none(0));
    }
}
