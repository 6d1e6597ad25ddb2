//! Lines of Action (FAMILY.md): 8x8; black on b1-g1 and b8-g8, white on a2-a7 and
//! h2-h7; black first; no swap. A move takes one own piece in a straight line (8
//! directions) exactly as many squares as there are pieces (both colours) on the
//! whole line of the move (full row, column or diagonal through the piece, both
//! ways, itself included); it may pass over own pieces, not over enemy ones; it
//! ends on an empty square or an enemy piece (captured), never on an own piece.
//! Notation `FROM-TO`; a capture is implicit.
//!
//! After every move both players are checked: a player whose pieces form one group
//! (8-adjacency; one piece is one group) wins; both at once is a draw, or a win for
//! the mover with `simultaneous_mover_wins`. A player without a legal move passes
//! (`pass`); when neither player can move, the game is drawn. No repetition rule.

use super::common::{board_listing, cell_name, Board, KING_DIRS};
use super::{checked_depth, games, perft, random_games, read_perft, tally, RefOutcome, Reference};
use std::sync::Arc;

#[derive(Clone, Debug)]
pub struct Loa {
    board: Arc<Board>,
    cells: Vec<Option<usize>>,
    to_move: usize,
    ply: u32,
    simultaneous_mover_wins: bool,
    outcome: Option<RefOutcome>,
    last_captures: Vec<String>,
}

impl Loa {
    pub fn new(simultaneous_mover_wins: bool) -> Loa {
        let board = Board::square(8, &KING_DIRS);
        let cells = board
            .xy
            .iter()
            .map(|&(x, y)| {
                if (y == 0 || y == 7) && (1..=6).contains(&x) {
                    Some(0)
                } else if (x == 0 || x == 7) && (1..=6).contains(&y) {
                    Some(1)
                } else {
                    None
                }
            })
            .collect();
        Loa {
            board: Arc::new(board),
            cells,
            to_move: 0,
            ply: 0,
            simultaneous_mover_wins,
            outcome: None,
            last_captures: Vec::new(),
        }
    }

    /// Test set-up: an empty board with these pieces, `to_move` to move.
    pub fn with_pieces(
        black: &[&str],
        white: &[&str],
        to_move: usize,
        simultaneous_mover_wins: bool,
    ) -> Loa {
        let mut l = Loa::new(simultaneous_mover_wins);
        l.cells = vec![None; 64];
        for (colour, names) in [black, white].iter().enumerate() {
            for n in names.iter() {
                let c = l.board.cell(n);
                l.cells[c] = Some(colour);
            }
        }
        l.to_move = to_move;
        l
    }

    fn at(&self, x: i32, y: i32) -> Option<Option<usize>> {
        self.board.at(x, y).map(|c| self.cells[c])
    }

    /// Every (from, to) piece move of `colour`, in square order then direction order.
    fn piece_moves(&self, colour: usize) -> Vec<(usize, usize)> {
        let mut v = Vec::new();
        for from in 0..self.board.len() {
            if self.cells[from] != Some(colour) {
                continue;
            }
            let (x, y) = self.board.xy[from];
            for &(dx, dy) in &KING_DIRS {
                // Pieces on the whole line through the piece, both ways.
                let count = (-7..=7)
                    .filter(|&k| matches!(self.at(x + k * dx, y + k * dy), Some(Some(_))))
                    .count() as i32;
                let Some(to) = self.board.at(x + count * dx, y + count * dy) else {
                    continue;
                };
                let jumps_enemy =
                    (1..count).any(|k| self.at(x + k * dx, y + k * dy) == Some(Some(1 - colour)));
                if !jumps_enemy && self.cells[to] != Some(colour) {
                    v.push((from, to));
                }
            }
        }
        v
    }

    /// Whether all of `colour`'s pieces form one 8-connected group.
    fn connected(&self, colour: usize) -> bool {
        let pieces: Vec<usize> = (0..self.board.len())
            .filter(|&c| self.cells[c] == Some(colour))
            .collect();
        assert!(!pieces.is_empty(), "a player without pieces");
        let reached = self
            .board
            .flood([pieces[0]], |c| self.cells[c] == Some(colour));
        pieces.iter().all(|&p| reached[p])
    }

    fn win(colour: usize) -> Option<RefOutcome> {
        Some(RefOutcome::Win {
            colour,
            how: vec!["connection"],
        })
    }
}

impl Reference for Loa {
    fn legal_moves(&self) -> Vec<String> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let b = &self.board;
        let v: Vec<String> = self
            .piece_moves(self.to_move)
            .into_iter()
            .map(|(f, t)| format!("{}-{}", b.names[f], b.names[t]))
            .collect();
        if v.is_empty() {
            vec!["pass".to_string()]
        } else {
            v
        }
    }

    fn play(&mut self, mv: &str) {
        assert!(self.outcome.is_none(), "the game is over");
        let me = self.to_move;
        self.last_captures.clear();
        if mv == "pass" {
            assert!(self.piece_moves(me).is_empty(), "a pass only when forced");
        } else {
            let (f, t) = mv.split_once('-').expect("FROM-TO");
            let (from, to) = (self.board.cell(f), self.board.cell(t));
            assert!(
                self.piece_moves(me).contains(&(from, to)),
                "illegal move {mv}"
            );
            if self.cells[to] == Some(1 - me) {
                let (x, y) = self.board.xy[to];
                self.last_captures.push(cell_name(x, y));
            }
            self.cells[to] = Some(me);
            self.cells[from] = None;
            let (mine, theirs) = (self.connected(me), self.connected(1 - me));
            self.outcome = match (mine, theirs) {
                (true, true) if self.simultaneous_mover_wins => Loa::win(me),
                (true, true) => Some(RefOutcome::Draw),
                (true, false) => Loa::win(me),
                (false, true) => Loa::win(1 - me),
                (false, false) => None,
            };
        }
        self.to_move = 1 - me;
        self.ply += 1;
        if self.outcome.is_none()
            && self.piece_moves(1 - me).is_empty()
            && self.piece_moves(me).is_empty()
        {
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
    fn last_captures(&self) -> Vec<String> {
        self.last_captures.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves_from(l: &Loa, from: &str) -> Vec<String> {
        let mut v: Vec<String> = l
            .legal_moves()
            .into_iter()
            .filter(|m| m.starts_with(&format!("{from}-")))
            .collect();
        v.sort();
        v
    }

    #[test]
    fn loa_perft_matches_the_public_numbers() {
        assert_eq!(perft(&Loa::new(false), 3), [36, 1244, 44952]);
    }

    #[test]
    fn loa_perft_file() {
        let t = read_perft("tests/data/loa-8.perft");
        assert_eq!((t.size, t.swap), (None, false));
        assert_eq!(t.counts[..3], [36, 1244, 44952]);
        let depth = checked_depth(&t);
        assert_eq!(perft(&Loa::new(false), depth), t.counts[..depth]);
    }

    #[test]
    fn loa_opening_moves() {
        let l = Loa::new(false);
        // b1: column b holds b1 and b8 (2 pieces): b1-b3; row 1 holds 6: b1-h1,
        // over c1..g1 (own). The diagonal b1-h7 holds b1 and h7: 2 squares, d3.
        // The diagonal a2-b1 holds 2: off the board either way.
        assert_eq!(moves_from(&l, "b1"), ["b1-b3", "b1-d3", "b1-h1"]);
    }

    #[test]
    fn loa_a_move_passes_over_own_pieces_but_not_enemy_ones() {
        // Row 1 holds a1 b1 c1 (black) and e1 (white): 4 pieces on the row.
        let l = Loa::with_pieces(&["a1", "b1", "c1", "h8"], &["e1", "h5"], 0, false);
        // a1 moves 4 along row 1: over b1 c1 (own) but e1 (enemy) lies at distance 4:
        // it lands on e1 and captures.
        assert!(moves_from(&l, "a1").contains(&"a1-e1".to_string()));
        // b1 moves 4 along row 1 towards h: over c1 (own) and e1 (enemy): refused.
        assert!(!moves_from(&l, "b1").contains(&"b1-f1".to_string()));
        // c1 moves 4 towards a: off the board; towards h: over e1: refused.
        assert!(!moves_from(&l, "c1").iter().any(|m| m.ends_with('1')));
        // Never onto an own piece: column a holds a1 only (1 piece): a1-a2 is fine;
        // diagonal a1-h8 holds a1 and h8: a1-c3.
        assert_eq!(moves_from(&l, "a1"), ["a1-a2", "a1-c3", "a1-e1"]);
    }

    #[test]
    fn loa_a_landing_on_an_enemy_captures_it() {
        let mut l = Loa::with_pieces(&["a1", "b1", "c1", "h8"], &["e1", "h5", "h4"], 0, false);
        l.play("a1-e1");
        assert_eq!(l.last_captures(), ["e1"]);
        let at = |l: &Loa, n: &str| l.board().into_iter().find(|(m, _)| m == n).unwrap().1;
        assert_eq!(at(&l, "e1"), Some(0));
        assert_eq!(at(&l, "a1"), None);
        // White's h5 h4 are one group: white wins at once (the capture left it whole).
        assert_eq!(l.outcome(), Loa::win(1));
        let mut l = Loa::with_pieces(&["b1", "c1", "h8"], &["e3", "h5"], 0, false);
        l.play("b1-b2");
        assert!(l.last_captures().is_empty());
    }

    #[test]
    fn loa_a_move_blocked_by_an_own_piece_at_the_end() {
        // Row 1: a1 c1 (black): 2 pieces; a1-c1 would land on its own piece.
        let l = Loa::with_pieces(&["a1", "c1", "h8"], &["e5", "h5"], 0, false);
        assert!(!moves_from(&l, "a1").contains(&"a1-c1".to_string()));
    }

    #[test]
    fn loa_simultaneous_connection_is_a_draw_or_a_mover_win() {
        // Black captures white's one separated piece, joining its own two pieces,
        // and leaves white's rest one group. Black: a1, b3; white: a3, g7, g8.
        // a1-a3: column a holds a1 a3: 2 squares; lands on a3, captures it; black
        // a3 b3 joined; white g7 g8 joined: both connected.
        for (flag, want) in [(false, Some(RefOutcome::Draw)), (true, Loa::win(0))] {
            let mut l = Loa::with_pieces(&["a1", "b3"], &["a3", "g7", "g8"], 0, flag);
            l.play("a1-a3");
            assert_eq!(l.last_captures(), ["a3"]);
            assert_eq!(l.outcome(), want);
            assert!(l.legal_moves().is_empty());
        }
        // Only the mover connected: the mover wins (the opponent alone: see the
        // capture test above, where white wins on black's move).
        let mut l = Loa::with_pieces(&["a1", "b3"], &["a3", "g7", "e5"], 0, false);
        l.play("a1-a3");
        assert_eq!(l.outcome(), Loa::win(0));
        let mut l = Loa::with_pieces(&["a1", "h1", "b3"], &["g7", "g8", "e5"], 0, false);
        // Neither side one group after the move: the game goes on.
        l.play("a1-a2");
        assert_eq!(l.outcome(), None);
    }

    #[test]
    fn loa_a_player_without_moves_passes() {
        // Black a1 and h8, each hemmed in by white pieces that stand in the way:
        // a1: row a1 b1 c1 (3 pieces, over b1), column a1 a2 a3 (3, over a2),
        // diagonal a1 b2 c3 h8 (4, over b2). h8: row g8 h8 (2, over g8), column
        // h8 h7 h6 (3, over h7), diagonal (4, over g7). Neither side is one group.
        let black = ["a1", "h8"];
        let white = ["b1", "c1", "a2", "a3", "b2", "c3", "g8", "h7", "h6", "g7"];
        let mut l = Loa::with_pieces(&black, &white, 0, false);
        assert_eq!(l.legal_moves(), ["pass"]);
        l.play("pass");
        assert_eq!((l.to_move(), l.ply(), l.outcome()), (1, 1, None));
        assert!(l.legal_moves().len() > 1);
    }

    #[test]
    fn loa_random_games() {
        let t = std::time::Instant::now();
        let mut seen = Vec::new();
        for flag in [false, true] {
            let out = random_games(&Loa::new(flag), games(300), 99 + flag as u64, 5000);
            let t3 = tally(&out);
            assert!(t3[0] > 0 && t3[1] > 0, "{t3:?}");
            if flag {
                assert_eq!(
                    t3[2], 0,
                    "no draws by simultaneous connection with the flag: {t3:?}"
                );
            }
            seen.push((flag, t3));
        }
        eprintln!(
            "loa random games (black, white, draws): {seen:?} in {:?}",
            t.elapsed()
        );
    }
}
