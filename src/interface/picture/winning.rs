//! The cells that won a finished game, for a picture to outline: the engine's own
//! witness of the deciding goal (`State::winning_cells`).

use crate::engine::state::State;
use crate::rules::board::Cell;

/// The winner's cells that made the win, if the game is won (empty otherwise).
pub fn winning_cells(state: &State) -> Vec<Cell> {
    state.winning_cells()
}
