//! What a move changed, read from the positions before and after it (so every kind of
//! move — placements, slides, line moves, captures, compound turns — is handled the
//! same way): the cells where a piece arrived and the cells a piece left. From them:
//! the last move's marks, move numbers on pieces, and the cells a player's legal moves
//! reach.

use crate::engine::state::{Slot, State};
use crate::rules::board::Cell;

/// The cells where some layer holds a piece that was not there before (a placement, the
/// end of a slide, a captured cell taken), and the cells where a layer lost its piece.
pub fn arrivals_and_departures(before: &State, after: &State) -> (Vec<Cell>, Vec<Cell>) {
    let mut came = Vec::new();
    let mut went = Vec::new();
    let (r0, r1) = (before.rules(), after.rules());
    if r0.board().len() != r1.board().len() || r0.pieces().len() != r1.pieces().len() {
        return (came, went);
    }
    let kinds = r1.pieces().len();
    for c in after.rules().board().cells() {
        let mut arrived = false;
        let mut left = false;
        for k in 0..kinds {
            let (x, y) = (before.slot(k, c), after.slot(k, c));
            arrived |= y != Slot::Empty && y != x;
            left |= x != Slot::Empty && y == Slot::Empty;
        }
        if arrived {
            came.push(c);
        } else if left {
            went.push(c);
        }
    }
    (came, went)
}

/// Whether any layer of a cell holds a piece.
pub fn occupied(state: &State, cell: Cell) -> bool {
    (0..state.rules().pieces().len()).any(|k| state.slot(k, cell) != Slot::Empty)
}

/// For each grid position, the number (1 for the first) of the last of `states`'s moves
/// that brought a piece there, if a piece still stands there. `states[0]` is the
/// position before the first move.
pub fn move_numbers(states: &[State]) -> Vec<Option<u32>> {
    let Some(last) = states.last() else {
        return Vec::new();
    };
    let board = last.rules().board();
    let mut numbers = vec![None; board.len()];
    for (i, pair) in states.windows(2).enumerate() {
        let (came, went) = arrivals_and_departures(&pair[0], &pair[1]);
        for c in went {
            numbers[c as usize] = None;
        }
        for c in came {
            numbers[c as usize] = Some(i as u32 + 1);
        }
    }
    for c in board.cells() {
        if !occupied(last, c) {
            numbers[c as usize] = None;
        }
    }
    numbers
}

/// The cells that the player to move's legal moves bring a piece to.
pub fn legal_targets(state: &State) -> Vec<Cell> {
    let mut hit = vec![false; state.rules().board().len()];
    for mv in state.legal_moves() {
        if let Ok(next) = state.clone().play(mv) {
            for c in arrivals_and_departures(state, &next).0 {
                hit[c as usize] = true;
            }
        }
    }
    (0..hit.len())
        .filter(|&c| hit[c])
        .map(|c| c as Cell)
        .collect()
}
