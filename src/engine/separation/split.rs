//! A region losing a cell to a member cell, as the kept labels and the kept graph both
//! follow it: the region's cells around that cell (its open slots) fall into classes
//! of cells next to each other; with two classes or more, and on a hex board only
//! where a loop of walls closes around the cell, the region may split; its pieces are
//! then grown in step, one from each class, until one alone is still growing.

use super::geometry::{Bits, Geometry};
use crate::rules::board::{Board, Cell};
use std::ops::Range;

/// The six hex directions in circular order (consecutive ones are next to each
/// other), as `Board::around` has them for hex boards.
pub(super) const RING: [(i32, i32); 6] = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)];

/// The slots of `nbrs` (a cell's neighbours) whose cells are `free`, as bits.
#[inline(always)]
pub(super) fn open_slots(nbrs: &[Cell], free: impl Fn(Cell) -> bool) -> u32 {
    let mut open = 0u32;
    for (i, &m) in nbrs.iter().enumerate().take(8) {
        open |= u32::from(free(m)) << i;
    }
    open
}

/// The class of the first of the `open` slots (the open slots reached from it through
/// slots next to each other, `near` as `Neighbours::near`), and how to find the class
/// of another.
#[inline(always)]
fn classes(open: u32, near: &[u8; 8]) -> (u32, impl Fn(u32) -> u32 + '_) {
    let class_of = move |seed: u32| {
        let mut class = seed;
        loop {
            let mut grown = class;
            let mut bits = class;
            while bits != 0 {
                grown |= u32::from(near[bits.trailing_zeros() as usize]);
                bits &= bits - 1;
            }
            grown &= open;
            if grown == class {
                return class;
            }
            class = grown;
        }
    };
    (class_of(open & open.wrapping_neg()), class_of)
}

/// Whether a member cell `cell` of a hex board joins two walls of one group around it:
/// the walls are the runs of member cells and off-board positions around it (each run
/// one group, as consecutive positions are neighbours), and `wall` names each
/// position's (`None` for an off-board one), or gives `None` for a free cell. Two runs
/// with one name close a loop through the cell, which alone lets its region split.
pub(super) fn loop_closes(
    board: &Board,
    cell: Cell,
    mut wall: impl FnMut(Option<Cell>) -> Option<usize>,
) -> bool {
    let mut ring = [None; 6];
    for (r, &d) in ring.iter_mut().zip(&RING) {
        *r = wall(board.step(cell, d));
    }
    // From a free position, the name of each run of walls.
    let Some(start) = ring.iter().position(Option::is_none) else {
        return false;
    };
    let mut names = [usize::MAX; 3];
    let mut runs = 0;
    let mut last_free = true;
    for i in 1..=6 {
        match ring[(start + i) % 6] {
            None => last_free = true,
            Some(name) => {
                if last_free {
                    if names[..runs].contains(&name) {
                        return true;
                    }
                    names[runs] = name;
                    runs += 1;
                }
                last_free = false;
            }
        }
    }
    false
}

/// The pieces a region falls into without the cell `d` (`within`: the region's cells
/// left, or any set holding them and no other cell next to them): parts grow in step
/// from each class of `d`'s neighbours in `within`, joining where they meet; a part
/// that stops growing is a piece of its own, and the work ends when one part alone is
/// still growing (the rest of the region): it costs in proportion to the pieces split
/// off, not to the region. The parts, and the range of those split off (empty when
/// the region stays whole; if no part is growing any more, all but the first).
pub(super) fn pieces_split_off<const W: usize>(
    geometry: &Geometry<'_, W>,
    d: Cell,
    within: Bits<W>,
) -> ([Bits<W>; 8], Range<usize>) {
    let nbrs = geometry.neighbours.of(d);
    let near = geometry.neighbours.near(d);
    let open = open_slots(nbrs, |m| within.has(m as usize));
    let mut parts = [Bits::<W>::EMPTY; 8];
    let (first, class_of) = classes(open, near);
    if first == open {
        return (parts, 0..0);
    }
    let mut n = 0;
    let mut class = first;
    let mut rest = open;
    loop {
        rest &= !class;
        let mut bits = class;
        while bits != 0 {
            let m = nbrs[bits.trailing_zeros() as usize] as usize;
            parts[n].0[m / 64] |= 1 << (m % 64);
            bits &= bits - 1;
        }
        n += 1;
        if rest == 0 {
            break;
        }
        class = class_of(rest & rest.wrapping_neg());
    }
    // `parts[..live]` are still growing, `parts[live..n]` have stopped.
    let mut live = n;
    while live > 1 {
        let mut p = 0;
        while p < live {
            let next = geometry.spread_in(parts[p], within);
            if next == parts[p] {
                // Stopped: moved behind the growing ones.
                live -= 1;
                parts.swap(p, live);
                continue;
            }
            parts[p] = next;
            p += 1;
        }
        // Growing parts that meet are one.
        let mut p = 0;
        while p < live {
            let mut q = p + 1;
            while q < live {
                if (parts[p] & parts[q]).is_empty() {
                    q += 1;
                } else {
                    parts[p] |= parts[q];
                    live -= 1;
                    parts.swap(q, live);
                    // The stopped part moved to `live` goes back behind.
                    parts.swap(live, n - 1);
                    n -= 1;
                }
            }
            p += 1;
        }
    }
    (parts, live.max(1)..n)
}
