//! Slither (FAMILY.md): a square of N x N points; black joins top and bottom, white
//! left and right, through orthogonally adjacent stones; black first; swap. A turn:
//! optionally move one own stone one point in any of the 8 directions to an empty
//! point, then (compulsory) place an own stone on an empty point (the point just
//! vacated is empty and may be used). Restriction, on the position after the whole
//! turn: no naked diagonal of either colour anywhere (two stones of one colour
//! diagonally adjacent with neither of the two points beside both holding a stone
//! of that colour); a stone moving away can leave one behind. No legal turn: the
//! forced `pass`; neither player able to move: draw. The mover wins when, after the
//! turn, a group of theirs touches both of their edges.
//!
//! Notation: `b2-b3,a5` (move, then place) or `a5` (placement only). Turns are told
//! apart by their notation: `b2-b3,b2` and `b3` are different moves even though
//! they give the same position, and both are listed.

use super::common::{board_listing, Board, KING_DIRS, ORTHO_DIRS};
use super::{checked_depth, games, perft, random_game, read_perft, RefOutcome, Reference, Rng};
use std::sync::Arc;

type Cells = Vec<Option<usize>>;

#[derive(Clone, Debug)]
pub struct Slither {
    /// Orthogonal adjacency (connection).
    board: Arc<Board>,
    n: i32,
    cells: Cells,
    to_move: usize,
    ply: u32,
    swap_rule: bool,
    outcome: Option<RefOutcome>,
}

impl Slither {
    pub fn new(n: i32, swap_rule: bool) -> Slither {
        assert!(n >= 2);
        let board = Board::square(n, &ORTHO_DIRS);
        Slither {
            cells: vec![None; board.len()],
            board: Arc::new(board),
            n,
            to_move: 0,
            ply: 0,
            swap_rule,
            outcome: None,
        }
    }

    /// Test set-up: a position from a picture (top row first; X black, O white).
    pub fn picture(rows: &str, to_move: usize, swap_rule: bool) -> Slither {
        let lines: Vec<&str> = rows.trim().lines().map(str::trim).collect();
        let n = lines.len() as i32;
        let mut s = Slither::new(n, swap_rule);
        for (i, line) in lines.iter().enumerate() {
            let y = n - 1 - i as i32;
            for (x, ch) in line.split_whitespace().enumerate() {
                let c = s.board.at(x as i32, y).unwrap();
                s.cells[c] = match ch {
                    "X" => Some(0),
                    "O" => Some(1),
                    _ => None,
                };
            }
        }
        s.to_move = to_move;
        s.ply = 10;
        s
    }

    fn get(&self, cells: &Cells, x: i32, y: i32) -> Option<usize> {
        cells[self.board.at(x, y).unwrap()]
    }

    /// Whether `cells` holds a naked diagonal of either colour anywhere.
    pub fn has_naked_diagonal(&self, cells: &Cells) -> bool {
        for x in 0..self.n - 1 {
            for y in 0..self.n - 1 {
                let (a, b) = (self.get(cells, x, y), self.get(cells, x + 1, y + 1));
                let (c, d) = (self.get(cells, x + 1, y), self.get(cells, x, y + 1));
                for colour in [0, 1] {
                    let col = Some(colour);
                    if a == col && b == col && c != col && d != col {
                        return true;
                    }
                    if c == col && d == col && a != col && b != col {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Every legal turn of `colour`: its notation and the position after it.
    fn turns(&self, colour: usize) -> Vec<(String, Cells)> {
        let b = &self.board;
        let names = &b.names;
        let mut out = Vec::new();
        let place_all = |prefix: &str, cells: &Cells, out: &mut Vec<(String, Cells)>| {
            for p in 0..b.len() {
                if cells[p].is_none() {
                    let mut next = cells.clone();
                    next[p] = Some(colour);
                    if !self.has_naked_diagonal(&next) {
                        out.push((format!("{prefix}{}", names[p]), next));
                    }
                }
            }
        };
        place_all("", &self.cells, &mut out);
        for s in 0..b.len() {
            if self.cells[s] != Some(colour) {
                continue;
            }
            let (x, y) = b.xy[s];
            for (dx, dy) in KING_DIRS {
                if let Some(t) = b.at(x + dx, y + dy) {
                    if self.cells[t].is_none() {
                        let mut moved = self.cells.clone();
                        moved[s] = None;
                        moved[t] = Some(colour);
                        place_all(&format!("{}-{},", names[s], names[t]), &moved, &mut out);
                    }
                }
            }
        }
        out
    }

    /// Whether `colour` has a legal turn (plain placements first, for speed).
    fn has_turn(&self, colour: usize) -> bool {
        let b = &self.board;
        (0..b.len()).any(|p| {
            self.cells[p].is_none() && {
                let mut next = self.cells.clone();
                next[p] = Some(colour);
                !self.has_naked_diagonal(&next)
            }
        }) || !self.turns(colour).is_empty()
    }

    /// Whether `colour` has a group touching both of its edges.
    pub fn connected(&self, colour: usize) -> bool {
        let b = &self.board;
        let coord = |c: usize| if colour == 0 { b.xy[c].1 } else { b.xy[c].0 };
        let start = (0..b.len()).filter(|&c| coord(c) == 0);
        let reached = b.flood(start, |c| self.cells[c] == Some(colour));
        (0..b.len()).any(|c| reached[c] && coord(c) == self.n - 1)
    }
}

impl Reference for Slither {
    fn legal_moves(&self) -> Vec<String> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let mut v: Vec<String> = self.turns(self.to_move).into_iter().map(|t| t.0).collect();
        if v.is_empty() {
            v.push("pass".to_string());
        }
        if self.swap_rule && self.ply == 1 {
            v.retain(|m| m != "pass");
            v.push("swap".to_string());
        }
        v
    }

    fn play(&mut self, mv: &str) {
        assert!(self.outcome.is_none(), "the game is over");
        let me = self.to_move;
        if mv == "swap" {
            assert!(self.swap_rule && self.ply == 1, "swap only at ply 1");
            self.ply += 1;
            return;
        }
        if mv == "pass" {
            assert!(self.turns(me).is_empty(), "a pass only when forced");
        } else {
            let (_, next) = self
                .turns(me)
                .into_iter()
                .find(|t| t.0 == mv)
                .unwrap_or_else(|| panic!("illegal move {mv}"));
            self.cells = next;
            if self.connected(me) {
                self.outcome = Some(RefOutcome::Win {
                    colour: me,
                    how: vec!["connection"],
                });
            }
        }
        self.to_move = 1 - me;
        self.ply += 1;
        if self.outcome.is_none() && !self.has_turn(1 - me) && !self.has_turn(me) {
            self.outcome = Some(RefOutcome::Draw);
        }
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

    fn has(s: &Slither, m: &str) -> bool {
        s.legal_moves().iter().any(|x| x == m)
    }

    #[test]
    fn slither_naked_diagonal_placement_refused() {
        // Black b2 alone: c3 would stand diagonally to it with b3 and c2 empty.
        let s = Slither::picture(
            "
            . . . .
            . . . .
            . X . .
            . . . .",
            0,
            false,
        );
        assert!(!has(&s, "c3"));
        assert!(has(&s, "c2") && has(&s, "b3") && has(&s, "d4"));
        // Moving b2 up first makes c3 its orthogonal neighbour: fine.
        assert!(has(&s, "b2-b3,c3"));
        // White's stone beside both does not support black's diagonal: with white on
        // c2, black's c3 is still naked (b3 empty); with black on c2 it is fine.
        let s = Slither::picture(
            "
            . . . .
            . . . .
            . X O .
            . . . .",
            0,
            false,
        );
        assert!(!has(&s, "c3"));
        let s = Slither::picture(
            "
            . . . .
            . . . .
            . X X .
            . . . .",
            0,
            false,
        );
        assert!(has(&s, "c3"));
    }

    #[test]
    fn slither_moving_away_the_only_support_is_refused() {
        // Black a1 and b2 stand diagonally, supported by b1 only. Moving b1 away
        // (to c2) leaves the diagonal naked unless the placement restores a support.
        let s = Slither::picture(
            "
            . . . .
            . . . .
            . X . .
            X X . .",
            0,
            false,
        );
        assert!(has(&s, "d4"));
        assert!(!has(&s, "b1-c2,d4"), "b1 was the diagonal's only support");
        assert!(has(&s, "b1-c2,a2"), "a2 supports the diagonal again");
        assert!(has(&s, "b1-c2,b1"), "the vacated point may be refilled");
        // Moving to a2 keeps a support (the moved stone itself).
        assert!(has(&s, "b1-a2,d4"));
    }

    #[test]
    fn slither_notation_keeps_equal_positions_apart() {
        let s = Slither::picture(
            "
            . . .
            . X .
            . . .",
            0,
            false,
        );
        let m = s.legal_moves();
        // b2-b3,b2 and b3 give the same position; both are listed.
        assert!(m.contains(&"b2-b3,b2".to_string()) && m.contains(&"b3".to_string()));
        let mut a = s.clone();
        a.play("b2-b3,b2");
        let mut b = s.clone();
        b.play("b3");
        assert_eq!(a.board(), b.board());
        // Placements alone: the 8 empty points minus the 4 naked diagonals.
        assert_eq!(m.iter().filter(|x| !x.contains('-')).count(), 4);
    }

    #[test]
    fn slither_win_after_a_move_and_a_placement() {
        // Black b1 b2 _ b4 on 4x4: moving a stone and placing completes the column.
        let mut s = Slither::picture(
            "
            . X . .
            . . . .
            . X . .
            . X . .",
            0,
            false,
        );
        s.play("b4-b3,b4");
        assert_eq!(
            s.outcome(),
            Some(RefOutcome::Win {
                colour: 0,
                how: vec!["connection"]
            })
        );
    }

    /// Every position of `n` x `n` (each point empty, black or white).
    fn all_positions(n: i32) -> impl Iterator<Item = Slither> {
        let cells = (n * n) as u32;
        (0..3u64.pow(cells)).map(move |code| {
            let mut s = Slither::new(n, false);
            let mut k = code;
            for c in 0..cells as usize {
                s.cells[c] = [None, Some(0), Some(1)][(k % 3) as usize];
                k /= 3;
            }
            s
        })
    }

    #[test]
    fn slither_every_unfinished_legal_position_has_a_turn_for_both() {
        // Exhaustively on 2x2 and 3x3: in every position without a naked diagonal
        // and without a connection, both players have a legal turn, so the forced
        // pass cannot occur there. (Also found once for all 43 million 4x4
        // positions, in 4 minutes; not repeated here.)
        let mut checked = 0;
        for n in [2, 3] {
            for s in all_positions(n) {
                if s.has_naked_diagonal(&s.cells) || s.connected(0) || s.connected(1) {
                    continue;
                }
                checked += 1;
                assert!(s.has_turn(0) && s.has_turn(1), "{:?}", s.board());
                assert_eq!(s.has_turn(0), !s.turns(0).is_empty());
            }
        }
        assert!(checked > 3000, "{checked}");
    }

    #[test]
    fn slither_forced_pass_then_draw_when_neither_can_move() {
        // Unreachable in play (see above), so set up with a crosscut already on the
        // board: a1 b2 black and a2 b1 white are naked diagonals of both colours
        // that no turn can mend (the supporting points hold the other colour).
        // Every turn of either player leaves them: black must pass, and after the
        // pass neither can move: a draw.
        let mut s = Slither::picture(
            "
            . . .
            O X .
            X O .",
            0,
            false,
        );
        assert_eq!(s.legal_moves(), ["pass"]);
        s.play("pass");
        assert_eq!((s.to_move(), s.outcome()), (1, Some(RefOutcome::Draw)));
        assert!(s.legal_moves().is_empty());
    }

    #[test]
    fn slither_perft_file() {
        let t = read_perft("tests/data/slither-4.perft");
        assert_eq!((t.size, t.swap), (Some(4), true));
        let depth = checked_depth(&t);
        assert_eq!(perft(&Slither::new(4, t.swap), depth), t.counts[..depth]);
    }

    #[test]
    fn slither_perft_by_hand() {
        // 3x3 without swap: black's 9 placements; white then places anywhere not
        // diagonal-naked: 8 empty points minus those... counted by the reference:
        // depth 1 is all nine points.
        assert_eq!(perft(&Slither::new(3, false), 1), [9]);
        // With the swap: ply 1 gains the swap.
        let plain = perft(&Slither::new(3, false), 2);
        let swap = perft(&Slither::new(3, true), 2);
        assert_eq!(swap[1], plain[1] + 9);
        // White's replies: every empty point (the only white stone makes no
        // diagonal of its own); no moves (white has no stone yet): 9 * 8.
        assert_eq!(plain[1], 72);
    }

    #[test]
    fn slither_random_games() {
        let t = std::time::Instant::now();
        let mut seen = Vec::new();
        for (n, count) in [(3, 500), (4, 500), (5, 300), (6, 200)] {
            for swap in [false, true] {
                let start = Slither::new(n, swap);
                let mut rng = Rng::new(17 * n as u64 + swap as u64);
                let mut t3 = [0; 3];
                for _ in 0..games(count) {
                    let (end, moves) = random_game(&start, &mut rng, 2000);
                    match end.outcome() {
                        // The winner made the last move, a turn (not a pass).
                        Some(RefOutcome::Win { colour, .. }) => {
                            assert_eq!(colour, 1 - end.to_move());
                            assert_ne!(moves.last().unwrap(), "pass");
                            t3[colour] += 1;
                        }
                        _ => t3[2] += 1,
                    }
                }
                assert!(t3[0] > 0 && t3[1] > 0, "{t3:?}");
                seen.push((n, swap, t3));
            }
        }
        eprintln!(
            "slither random games (n, swap, [black, white, draws]): {seen:?} in {:?}",
            t.elapsed()
        );
    }
}
