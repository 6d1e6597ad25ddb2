//! Gale / Bridg-It (FAMILY.md): a square of N x N points, N odd. Rows and columns
//! numbered from 1 (a = column 1): black's fixed stones stand where the row is even
//! and the column odd, white's where the row is odd and the column even; the other
//! points (row + column even) start empty and are the only playable ones. Black
//! connects the top and bottom rows, white the left and right columns, through
//! orthogonally adjacent stones. Black first; no swap. Claim: no draws (a full
//! board without a winner would be a draw here, and the tests check it never is).

use super::common::{board_listing, Board, ORTHO_DIRS};
use super::{random_games, tally, RefOutcome, Reference};
use std::sync::Arc;

#[derive(Clone, Debug)]
pub struct Gale {
    board: Arc<Board>,
    n: i32,
    cells: Vec<Option<usize>>,
    to_move: usize,
    ply: u32,
    outcome: Option<RefOutcome>,
}

impl Gale {
    pub fn new(n: i32) -> Gale {
        assert!(n >= 3 && n % 2 == 1, "Gale needs an odd size");
        let board = Board::square(n, &ORTHO_DIRS);
        let cells = board
            .xy
            .iter()
            .map(|&(x, y)| {
                let (column, row) = (x + 1, y + 1);
                if row % 2 == 0 && column % 2 == 1 {
                    Some(0)
                } else if row % 2 == 1 && column % 2 == 0 {
                    Some(1)
                } else {
                    None
                }
            })
            .collect();
        Gale {
            board: Arc::new(board),
            n,
            cells,
            to_move: 0,
            ply: 0,
            outcome: None,
        }
    }

    /// Whether `colour` has a group joining its two edges (black: y = 0 and
    /// y = N - 1; white: x = 0 and x = N - 1).
    pub fn connected(&self, colour: usize) -> bool {
        let b = &self.board;
        let coord = |c: usize| if colour == 0 { b.xy[c].1 } else { b.xy[c].0 };
        let start = (0..b.len()).filter(|&c| coord(c) == 0);
        let reached = b.flood(start, |c| self.cells[c] == Some(colour));
        (0..b.len()).any(|c| reached[c] && coord(c) == self.n - 1)
    }
}

impl Reference for Gale {
    fn legal_moves(&self) -> Vec<String> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let b = &self.board;
        (0..b.len())
            .filter(|&c| self.cells[c].is_none())
            .map(|c| b.names[c].clone())
            .collect()
    }

    fn play(&mut self, mv: &str) {
        assert!(self.outcome.is_none(), "the game is over");
        let c = self.board.cell(mv);
        assert!(self.cells[c].is_none(), "{mv} is not empty");
        let me = self.to_move;
        self.cells[c] = Some(me);
        if self.connected(me) {
            self.outcome = Some(RefOutcome::Win {
                colour: me,
                how: vec!["connection"],
            });
        } else if self.cells.iter().all(|c| c.is_some()) {
            self.outcome = Some(RefOutcome::Draw);
        }
        self.to_move = 1 - me;
        self.ply += 1;
    }

    fn outcome(&self) -> Option<RefOutcome> {
        self.outcome.clone()
    }
    fn to_move(&self) -> usize {
        self.to_move
    }
    fn ply(&self) -> u32 {
        self.ply
    }
    fn board(&self) -> Vec<(String, Option<usize>)> {
        board_listing(&self.board, &self.cells)
    }
}

#[cfg(test)]
mod tests {
    use super::super::perft;
    use super::*;

    #[test]
    fn gale_start_position() {
        let g = Gale::new(5);
        let at = |n: &str| g.board().into_iter().find(|(m, _)| m == n).unwrap().1;
        // Row 1 (odd): white on the even columns b, d; a1 c1 e1 empty.
        assert_eq!(
            [at("a1"), at("b1"), at("c1"), at("d1"), at("e1")],
            [None, Some(1), None, Some(1), None]
        );
        // Row 2 (even): black on the odd columns a, c, e.
        assert_eq!(
            [at("a2"), at("b2"), at("c2"), at("d2"), at("e2")],
            [Some(0), None, Some(0), None, Some(0)]
        );
        // 13 playable points on 5x5: (25 + 1) / 2.
        assert_eq!(g.legal_moves().len(), 13);
        assert!(!g.connected(0) && !g.connected(1));
        // 3x3: the five points a1 c1 b2 a3 c3.
        assert_eq!(perft(&Gale::new(3), 1), [5]);
    }

    #[test]
    fn gale_black_joins_top_and_bottom() {
        let mut g = Gale::new(3);
        g.play("a1");
        g.play("c3");
        g.play("a3");
        assert_eq!(
            g.outcome(),
            Some(RefOutcome::Win {
                colour: 0,
                how: vec!["connection"]
            })
        );
        // White joins left and right along the bottom row: a1, the fixed b1, c1.
        let mut g = Gale::new(3);
        g.play("b2");
        g.play("a1");
        g.play("a3");
        g.play("c1");
        assert_eq!(
            g.outcome(),
            Some(RefOutcome::Win {
                colour: 1,
                how: vec!["connection"]
            })
        );
    }

    #[test]
    fn gale_random_games_never_draw() {
        let t = std::time::Instant::now();
        let mut seen = Vec::new();
        for n in [3, 5, 7, 9, 11] {
            let out = random_games(&Gale::new(n), 500, 3 * n as u64, 200);
            let t3 = tally(&out);
            assert_eq!(t3[2], 0, "Gale has no draws: size {n}");
            assert!(t3[0] > 0 && t3[1] > 0, "size {n}: {t3:?}");
            seen.push((n, t3));
        }
        eprintln!(
            "gale random games (black, white, draws): {seen:?} in {:?}",
            t.elapsed()
        );
    }
}
