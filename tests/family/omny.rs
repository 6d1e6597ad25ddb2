//! Omny (FAMILY.md): a hexagon of side S, every cell a star; place a stone on an
//! empty cell; swap. The mover wins right after the move when the group containing
//! the stone just placed separates the stars: with the group's cells taken off the
//! board, every region of the remaining cells (6-adjacency, whatever they hold)
//! holds at most floor(stars / 2) stars, stars = all the cells of the board.
//! FAMILY.md does not say what a full board without a winner is: this reference
//! calls it a draw (the random-game test reports how often that happens).

use super::common::{board_listing, Board};
use super::{random_games, tally, RefOutcome, Reference};
use std::sync::Arc;

#[derive(Clone, Debug)]
pub struct Omny {
    board: Arc<Board>,
    cells: Vec<Option<usize>>,
    to_move: usize,
    ply: u32,
    swap_rule: bool,
    outcome: Option<RefOutcome>,
}

/// Whether the cells marked in `group` separate the stars (every cell a star).
pub fn separates(board: &Board, group: &[bool]) -> bool {
    let half = board.len() / 2;
    let mut done = group.to_vec();
    for start in 0..board.len() {
        if done[start] {
            continue;
        }
        let region = board.flood([start], |c| !group[c]);
        let stars = region.iter().filter(|&&r| r).count();
        if stars > half {
            return false;
        }
        for c in 0..board.len() {
            done[c] |= region[c];
        }
    }
    true
}

impl Omny {
    pub fn new(side: i32, swap_rule: bool) -> Omny {
        assert!(side >= 2);
        let board = Board::hexagon(side);
        Omny {
            cells: vec![None; board.len()],
            board: Arc::new(board),
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

impl Reference for Omny {
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
        let group = self.board.flood([c], |x| self.cells[x] == Some(me));
        if separates(&self.board, &group) {
            self.outcome = Some(RefOutcome::Win {
                colour: me,
                how: vec!["separation"],
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

    fn marks(b: &Board, names: &[&str]) -> Vec<bool> {
        let mut m = vec![false; b.len()];
        for n in names {
            m[b.cell(n)] = true;
        }
        m
    }

    #[test]
    fn omny_separation_by_hand() {
        // Side 3: 19 stars, half = 9. The middle row y = 2 (a3 b3 c3 d3 e3) cuts the
        // board into the rows below (3 + 4 = 7 cells) and above (7 cells).
        let b = Board::hexagon(3);
        assert!(separates(&b, &marks(&b, &["a3", "b3", "c3", "d3", "e3"])));
        // Without one of them the two halves join: 14 cells > 9.
        assert!(!separates(&b, &marks(&b, &["a3", "b3", "c3", "d3"])));
        // The corner a3 cut off alone: the rest (19 - 1 - 3 = 15) is too many.
        assert!(!separates(&b, &marks(&b, &["b3", "a4", "b2"])));
        // The ring around the centre cuts the centre (1 star) from the rim (12).
        assert!(!separates(
            &b,
            &marks(&b, &["d3", "b3", "c4", "c2", "d2", "b4"])
        ));
        // A chain from the corner c1 (2,0) to the corner c5 (2,4) through the
        // centre: c1 c2 c3 c4 c5 leaves a1..b-side 7 and the d-e side 7 cells.
        assert!(separates(&b, &marks(&b, &["c1", "c2", "c3", "c4", "c5"])));
    }

    #[test]
    fn omny_the_mover_wins_by_separation() {
        let mut o = Omny::new(3, false);
        for n in ["a3", "b3", "d3", "e3"] {
            o.put(n, Some(0));
        }
        o.put("c2", Some(1));
        o.ply = 6;
        o.play("c3");
        assert_eq!(
            o.outcome(),
            Some(RefOutcome::Win {
                colour: 0,
                how: vec!["separation"]
            })
        );
        // The same with an enemy stone in the line: no separation.
        let mut o = Omny::new(3, false);
        for n in ["a3", "b3", "e3"] {
            o.put(n, Some(0));
        }
        o.put("d3", Some(1));
        o.play("c3");
        assert_eq!(o.outcome(), None);
        // Only the group of the stone just placed counts: black's separating row
        // already on the board does not make white's unrelated move a black win,
        // nor a white one.
        let mut o = Omny::new(3, false);
        for n in ["a3", "b3", "c3", "d3", "e3"] {
            o.put(n, Some(0));
        }
        o.to_move = 1;
        o.play("e1");
        assert_eq!(o.outcome(), None);
    }

    #[test]
    fn omny_perft_side2() {
        // Side 2: 7 stars, half = 3. Black's first stone never wins; white's
        // one stone neither. The counts are all placements up to depth 2.
        assert_eq!(perft(&Omny::new(2, false), 2), [7, 42]);
        assert_eq!(perft(&Omny::new(2, true), 2), [7, 49]);
    }

    #[test]
    fn omny_random_games() {
        let t = std::time::Instant::now();
        let mut seen = Vec::new();
        for (side, games) in [(2, 300), (3, 500), (4, 500), (5, 300)] {
            let out = random_games(&Omny::new(side, true), games, 5 * side as u64, 200);
            let t3 = tally(&out);
            assert!(t3[0] > 0 && t3[1] > 0, "side {side}: {t3:?}");
            seen.push((side, t3));
        }
        eprintln!(
            "omny random games (black, white, draws): {seen:?} in {:?}",
            t.elapsed()
        );
    }
}
