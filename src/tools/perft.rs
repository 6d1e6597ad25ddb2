//! Move-path enumeration: the number of move sequences of each length from a
//! position, for verifying a rule file and the engine against independent counts.
//! A finished game is not extended; a forced pass counts as a move.

use crate::engine::state::{Move, State};

/// `counts[d - 1]` = the number of move sequences of exactly `d` moves, for `d` in `1..=depth`.
pub fn perft(state: &State, depth: usize) -> Vec<u64> {
    let mut counts = vec![0u64; depth];
    if depth > 0 {
        let mut bufs: Vec<Vec<Move>> = vec![Vec::new(); depth];
        walk(state, 0, &mut counts, &mut bufs);
    }
    counts
}

fn walk(state: &State, level: usize, counts: &mut [u64], bufs: &mut [Vec<Move>]) {
    let (mine, deeper) = bufs.split_first_mut().expect("a buffer per level");
    state.legal_moves_into(mine);
    counts[level] += mine.len() as u64;
    if level + 1 == counts.len() {
        return;
    }
    for &mv in mine.iter() {
        let mut child = state.clone();
        child.play_unchecked(mv);
        if !child.is_over() {
            walk(&child, level + 1, counts, deeper);
        }
    }
}
