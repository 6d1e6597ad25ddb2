//! Whether the player who just moved made a goal's shape: a connection touching regions
//! (every region the player owns, or at least N of a list), a ring, or a crossing.
//!
//! Placement games keep their groups in a union-find with the regions each group
//! touches at its root, so a connection is one mask test at the new stone's root and a
//! ring is decided around the new stone (`ring::closes`). Games whose pieces move or
//! are captured look at the whole position: a flood of the player's groups.

use super::ring;
use crate::rules::board::{Board, Cell};
use crate::rules::content;
use crate::rules::{Adjacency, Goal, Regions, Touch};
use std::cell::RefCell;

/// What the incremental path learnt from the stone just placed.
#[derive(Debug, Clone, Copy)]
pub struct Placed {
    /// The regions the stone's group touches now.
    pub regions: Regions,
    /// Whether the stone closed a ring (for ring goals of the union-find's adjacency).
    pub ring: bool,
}

/// Whether a group touching `regions` makes the connection, for a player owning `own`.
#[inline]
pub fn touches(touch: Touch, own: Regions, regions: Regions) -> bool {
    let (want, need) = match touch {
        Touch::OwnEdges => (own, own.count_ones()),
        Touch::Some { regions, need } => (regions, need),
    };
    need > 0 && (regions & want).count_ones() >= need
}

/// Reused buffers for the whole-position floods.
#[derive(Default)]
struct Scratch {
    seen: Vec<bool>,
    stack: Vec<Cell>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// Whether some group of the cells where `member` holds, linked by `adjacency`,
/// touches regions that make the connection (a whole-position flood).
pub fn connected(
    board: &Board,
    adjacency: Adjacency,
    member: &dyn Fn(Cell) -> bool,
    touch: Touch,
    own: Regions,
) -> bool {
    let nbrs = board.neighbours(adjacency);
    SCRATCH.with(|s| {
        let s = &mut *s.borrow_mut();
        s.seen.clear();
        s.seen.resize(board.len(), false);
        for start in board.cells() {
            if s.seen[start as usize] || !member(start) {
                continue;
            }
            let mut regions = 0;
            s.seen[start as usize] = true;
            s.stack.clear();
            s.stack.push(start);
            while let Some(c) = s.stack.pop() {
                regions |= board.regions_of(c);
                for &m in nbrs.of(c) {
                    if !s.seen[m as usize] && member(m) {
                        s.seen[m as usize] = true;
                        s.stack.push(m);
                    }
                }
            }
            if touches(touch, own, regions) {
                return true;
            }
        }
        false
    })
}

/// Whether player `colour`'s pieces in `layer` (one piece kind's cells) make `goal`'s
/// shape, looking at the whole position. The crossing race is not a shape: `false`.
pub fn made_anywhere(board: &Board, layer: &[u8], colour: u8, goal: &Goal, own: Regions) -> bool {
    let code = content::of_player(colour);
    let member = |c: Cell| layer[c as usize] == code;
    match *goal {
        Goal::Connect {
            touch, adjacency, ..
        } => connected(board, adjacency, &member, touch, own),
        Goal::Ring { adjacency, .. } => ring::anywhere(board, adjacency, &member),
        Goal::OneGroup { adjacency, .. } => one_group(board, adjacency, member),
        Goal::CrossingRace => false,
    }
}

/// Whether the cells where `member` holds are at least one and form one group linked
/// by `adjacency`: a flood from the first reaches them all. Generic in `member`, which
/// is asked of every cell (Lines of Action asks this after every move): a call through
/// a `dyn` per cell cost more than the test.
pub fn one_group(board: &Board, adjacency: Adjacency, member: impl Fn(Cell) -> bool) -> bool {
    let nbrs = board.neighbours(adjacency);
    SCRATCH.with(|s| {
        let s = &mut *s.borrow_mut();
        let mut total = 0usize;
        let mut first = None;
        for c in board.cells() {
            if member(c) {
                total += 1;
                first.get_or_insert(c);
            }
        }
        let Some(start) = first else {
            return false;
        };
        s.seen.clear();
        s.seen.resize(board.len(), false);
        s.stack.clear();
        s.seen[start as usize] = true;
        s.stack.push(start);
        let mut reached = 0usize;
        while let Some(c) = s.stack.pop() {
            reached += 1;
            for &m in nbrs.of(c) {
                if !s.seen[m as usize] && member(m) {
                    s.seen[m as usize] = true;
                    s.stack.push(m);
                }
            }
        }
        reached == total
    })
}

/// The groups of the cells where `member` holds, linked by `adjacency`.
pub fn groups(
    board: &Board,
    adjacency: Adjacency,
    member: &dyn Fn(Cell) -> bool,
) -> Vec<Vec<Cell>> {
    let nbrs = board.neighbours(adjacency);
    let mut seen = vec![false; board.len()];
    let mut out = Vec::new();
    for start in board.cells() {
        if seen[start as usize] || !member(start) {
            continue;
        }
        seen[start as usize] = true;
        let mut group = vec![start];
        let mut i = 0;
        while i < group.len() {
            let c = group[i];
            i += 1;
            for &m in nbrs.of(c) {
                if !seen[m as usize] && member(m) {
                    seen[m as usize] = true;
                    group.push(m);
                }
            }
        }
        out.push(group);
    }
    out
}

/// The cells of player `colour`'s groups in `layer` that make `goal`'s shape: the
/// groups that make the connection, the groups that alone form a ring.
pub fn witness(board: &Board, layer: &[u8], colour: u8, goal: &Goal, own: Regions) -> Vec<Cell> {
    let code = content::of_player(colour);
    let member = |c: Cell| layer[c as usize] == code;
    let mut out = Vec::new();
    match *goal {
        Goal::Connect {
            touch, adjacency, ..
        } => {
            for g in groups(board, adjacency, &member) {
                let regions = g.iter().fold(0, |m, &c| m | board.regions_of(c));
                if touches(touch, own, regions) {
                    out.extend(g);
                }
            }
        }
        Goal::Ring { adjacency, .. } => {
            for g in groups(board, adjacency, &member) {
                let mut mine = vec![false; board.len()];
                g.iter().for_each(|&c| mine[c as usize] = true);
                if ring::anywhere(board, adjacency, &|c| mine[c as usize]) {
                    out.extend(g);
                }
            }
        }
        Goal::OneGroup { adjacency, .. } => {
            if one_group(board, adjacency, member) {
                out.extend(board.cells().filter(|&c| member(c)));
            }
        }
        Goal::CrossingRace => {}
    }
    out
}
