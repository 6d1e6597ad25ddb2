//! Rings: a closed chain of one player's pieces around at least one cell, whatever the
//! cells inside hold (Havannah's definition). With `S` the player's pieces, a ring
//! exists when some cell not in `S` cannot reach the outside of the board through
//! cells not in `S`, or some cell has every surrounding position in `S` (a ring around
//! the player's own pieces).
//!
//! Free space is linked by the *dual* adjacency of the chain's: on hex boards both are
//! the six neighbours; on square boards an orthogonal chain lets the inside leak
//! diagonally, so free cells link in all eight directions, and a chain linked in all
//! directions is crossed only orthogonally. "Outside" is beyond the board (not a hole
//! the board surrounds: `Board::outside`).
//!
//! [`closes`] is the test after a placement, when no ring stood before: only the new
//! stone's neighbourhood is looked at, unless the stone joins one group at two places
//! not adjacent around it — only then does a flood decide. [`anywhere`] tests a whole
//! position (for games whose pieces move or are captured).

use super::connect::UnionFind;
use crate::rules::board::{Board, Cell};
use crate::rules::Adjacency;
use std::cell::RefCell;

/// The four orthogonal directions of a square grid.
const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];

/// The directions of the dual adjacency: how the free space around a chain links
/// (borrowed, not built: this runs after every placement in a game with rings).
fn dual(board: &Board, chain: Adjacency) -> &[(i32, i32)] {
    if board.is_hex() || chain == Adjacency::Orthogonal {
        board.around()
    } else {
        &ORTHOGONAL
    }
}

/// Reused buffers: a stamp per cell (visited in the current flood) and a stack.
#[derive(Default)]
struct Scratch {
    stamp: Vec<u32>,
    now: u32,
    stack: Vec<Cell>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// Whether placing a stone on `cell` (already written: `member(cell)` holds) closes a
/// ring of the stones where `member` holds, linked by `chain`, given that no ring
/// stood before. `uf` holds the groups of the stones *before* this one joined them.
pub fn closes(
    board: &Board,
    chain: Adjacency,
    member: &dyn Fn(Cell) -> bool,
    uf: &mut UnionFind,
    cell: Cell,
) -> bool {
    let dirs = dual(board, chain);
    // A ring around a cell next to the new stone, all of whose surroundings are now
    // the player's (its own stone, or a cell the new stone finished enclosing).
    for &d in dirs {
        let Some(x) = board.step(cell, d) else {
            continue;
        };
        if dirs
            .iter()
            .all(|&e| !board.outside(x, e) && board.step(x, e).is_some_and(member))
        {
            return true;
        }
    }
    // A new cycle through the stone: its neighbours of the chain form runs around it;
    // a cycle closes only if two runs already belong to one group.
    let around = board.around();
    let k = around.len();
    // Whether two positions next to each other around the stone are neighbours in the
    // chain's adjacency: on hex boards always; on squares, for a chain in all
    // directions (an orthogonal chain's side positions are two apart).
    let linked = board.is_hex() || chain == Adjacency::All;
    let at = |i: usize| -> Option<Cell> { board.step(cell, around[i % k]) };
    let in_chain = |i: usize| -> bool {
        let d = around[i % k];
        let diagonal = d.0 != 0 && d.1 != 0;
        let counts = board.is_hex()
            || match chain {
                Adjacency::Orthogonal => !diagonal,
                Adjacency::Diagonal => diagonal,
                Adjacency::All => true,
            };
        counts && at(i).is_some_and(member)
    };
    // The groups of the runs seen so far: at most one run per two positions around.
    let mut roots = [0 as Cell; 8];
    let mut runs = 0;
    let mut candidate = false;
    // Start after a position that is not in the chain, so that runs do not wrap.
    let Some(start) = (0..k).find(|&i| !in_chain(i)) else {
        return false; // every neighbour is the player's: the stone was enclosed before
    };
    let mut i = start + 1;
    while i <= start + k {
        if in_chain(i) {
            let n = at(i).expect("in the chain, so on the board");
            let r = uf.find(n);
            if roots[..runs].contains(&r) {
                candidate = true;
            } else if runs < roots.len() {
                roots[runs] = r;
                runs += 1;
            }
            // Skip the rest of this run.
            while i < start + k && linked && in_chain(i + 1) {
                i += 1;
            }
        }
        i += 1;
    }
    candidate && encloses_a_neighbour(board, dirs, member, cell)
}

/// Whether some free cell next to `cell` cannot reach the outside through free cells.
fn encloses_a_neighbour(
    board: &Board,
    dirs: &[(i32, i32)],
    member: &dyn Fn(Cell) -> bool,
    cell: Cell,
) -> bool {
    SCRATCH.with(|s| {
        let s = &mut *s.borrow_mut();
        s.stamp.resize(board.len(), 0);
        // One stamp for the whole test: a cell reached from one gap that got out needs
        // no second flood from another.
        s.now = s.now.wrapping_add(1);
        if s.now == 0 {
            s.stamp.iter_mut().for_each(|v| *v = 0);
            s.now = 1;
        }
        for &d in dirs {
            let Some(x) = board.step(cell, d) else {
                continue;
            };
            if member(x) || s.stamp[x as usize] == s.now {
                continue;
            }
            if !reaches_outside(board, dirs, member, x, s) {
                return true;
            }
        }
        false
    })
}

/// Floods the free cells from `from` (stamping them); whether it meets the outside.
fn reaches_outside(
    board: &Board,
    dirs: &[(i32, i32)],
    member: &dyn Fn(Cell) -> bool,
    from: Cell,
    s: &mut Scratch,
) -> bool {
    s.stack.clear();
    s.stack.push(from);
    s.stamp[from as usize] = s.now;
    let mut out = false;
    while let Some(c) = s.stack.pop() {
        for &d in dirs {
            if board.outside(c, d) {
                out = true;
                continue;
            }
            if let Some(m) = board.step(c, d) {
                if !member(m) && s.stamp[m as usize] != s.now {
                    s.stamp[m as usize] = s.now;
                    s.stack.push(m);
                }
            }
        }
    }
    out
}

/// Whether the stones where `member` holds form a ring anywhere (a whole-board test).
pub fn anywhere(board: &Board, chain: Adjacency, member: &dyn Fn(Cell) -> bool) -> bool {
    let dirs = dual(board, chain);
    if board.cells().any(|x| {
        dirs.iter()
            .all(|&e| !board.outside(x, e) && board.step(x, e).is_some_and(member))
    }) {
        return true;
    }
    SCRATCH.with(|s| {
        let s = &mut *s.borrow_mut();
        s.stamp.resize(board.len(), 0);
        s.now = s.now.wrapping_add(1);
        if s.now == 0 {
            s.stamp.iter_mut().for_each(|v| *v = 0);
            s.now = 1;
        }
        let free: Vec<Cell> = board.cells().filter(|&c| !member(c)).collect();
        for c in free {
            if s.stamp[c as usize] != s.now && !reaches_outside(board, dirs, member, c, s) {
                return true;
            }
        }
        false
    })
}
