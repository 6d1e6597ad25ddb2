//! Y (FAMILY.md): a triangle of hex cells with N cells a side; place a stone on an
//! empty cell; swap. The mover wins with a group touching all three sides
//! (`x = 0`, `y = 0`, `x + y = N - 1`; a corner lies on both of its sides).
//! Claim: no draws (a full board without a winner would be reported as a draw,
//! and the tests check that it never happens).

use super::common::{board_listing, Board};
use super::{perft, random_games, tally, RefOutcome, Reference};
use std::sync::Arc;

#[derive(Clone, Debug)]
pub struct Y {
    board: Arc<Board>,
    /// Bit 0: side x = 0; bit 1: side y = 0; bit 2: side x + y = N - 1.
    sides: Arc<Vec<u8>>,
    cells: Vec<Option<usize>>,
    to_move: usize,
    ply: u32,
    swap_rule: bool,
    outcome: Option<RefOutcome>,
}

impl Y {
    pub fn new(n: i32, swap_rule: bool) -> Y {
        assert!(n >= 2);
        let board = Board::triangle(n);
        let sides = board
            .xy
            .iter()
            .map(|&(x, y)| (x == 0) as u8 | ((y == 0) as u8) << 1 | ((x + y == n - 1) as u8) << 2)
            .collect();
        Y {
            cells: vec![None; board.len()],
            board: Arc::new(board),
            sides: Arc::new(sides),
            to_move: 0,
            ply: 0,
            swap_rule,
            outcome: None,
        }
    }

    /// Test set-up: puts a stone (or empties a cell) without playing a move.
    pub fn put(&mut self, name: &str, content: Option<usize>) {
        let c = self.board.cell(name);
        self.cells[c] = content;
    }
}

impl Reference for Y {
    fn legal_moves(&self) -> Vec<String> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let b = &self.board;
        let mut v: Vec<String> = (0..b.len())
            .filter(|&c| self.cells[c].is_none())
            .map(|c| b.names[c].clone())
            .collect();
        if self.swap_rule && self.ply == 1 {
            v.push("swap".to_string());
        }
        v
    }

    fn play(&mut self, mv: &str) {
        assert!(self.outcome.is_none(), "the game is over");
        if mv == "swap" {
            assert!(self.swap_rule && self.ply == 1, "swap only at ply 1");
            self.ply += 1;
            return;
        }
        let c = self.board.cell(mv);
        assert!(self.cells[c].is_none(), "{mv} is not empty");
        let me = self.to_move;
        self.cells[c] = Some(me);
        let group = self.board.group(c, |x| self.cells[x] == Some(me));
        let touched = group.iter().fold(0, |acc, &g| acc | self.sides[g]);
        if touched == 7 {
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
    use super::*;

    #[test]
    fn y_perft_size3_matches_the_public_numbers() {
        assert_eq!(perft(&Y::new(3, false), 7), [6, 30, 120, 360, 720, 360, 0]);
    }

    #[test]
    fn y_perft_with_the_swap_adds_one_move_at_ply_one() {
        let plain = perft(&Y::new(4, false), 3);
        let swap = perft(&Y::new(4, true), 3);
        assert_eq!(plain, [10, 90, 720]);
        // After the swap the same 9 placements remain for white: 10 more at depth 3.
        assert_eq!(swap, [10, 100, 720 + 10 * 9]);
    }

    #[test]
    fn y_won_on_the_last_empty_cell() {
        // Size 3: rows a1 b1 c1 / a2 b2 / a3. Black holds a1 b1 a2, white b2 a3,
        // white to move; the last empty cell c1 joins white's a3-b2 to y = 0.
        let mut y = Y::new(3, false);
        for n in ["a1", "b1", "a2"] {
            y.put(n, Some(0));
        }
        y.put("b2", Some(1));
        y.put("a3", Some(1));
        y.ply = 5;
        y.to_move = 1;
        assert_eq!(y.legal_moves(), ["c1"]);
        y.play("c1");
        assert_eq!(
            y.outcome(),
            Some(RefOutcome::Win {
                colour: 1,
                how: vec!["connection"]
            })
        );
        assert!(y.legal_moves().is_empty());
        // The two corner sides count: b2 a3 touch x = 0 (a3) and x + y = 2 (both);
        // without c1 they miss y = 0.
        let mut y = Y::new(3, false);
        y.put("b2", Some(0));
        y.play("a3");
        assert_eq!(y.outcome(), None);
    }

    #[test]
    fn y_a_corner_lies_on_both_of_its_sides() {
        // Size 2: a1 (sides x = 0, y = 0), b1 (y = 0, x + y = 1), a2 (x = 0, x + y = 1).
        let mut y = Y::new(2, false);
        y.play("b1");
        y.play("a1");
        y.play("a2");
        assert_eq!(
            y.outcome(),
            Some(RefOutcome::Win {
                colour: 0,
                how: vec!["connection"]
            })
        );
    }

    #[test]
    fn y_random_games_never_draw() {
        let t = std::time::Instant::now();
        let mut seen = Vec::new();
        for n in 2..=6 {
            for swap in [false, true] {
                let out = random_games(&Y::new(n, swap), 400, 77 * n as u64, 100);
                let t3 = tally(&out);
                assert_eq!(t3[2], 0, "Y has no draws: size {n}");
                seen.push((n, swap, t3));
            }
        }
        eprintln!("y random games: {seen:?} in {:?}", t.elapsed());
    }
}
