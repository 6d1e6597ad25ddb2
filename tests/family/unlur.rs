//! Unlur (FAMILY.md): a hexagon of side S (default 6); no swap rule. Colour 0
//! (black) is the first player and moves first.
//!
//! - Opening (contract) phase, while nobody has passed: the colour to move places a
//!   **black** stone (whoever moves) on an empty cell on none of the six edges, or
//!   plays `pass`; each placement hands the turn to the other colour.
//! - The first `pass` ends the opening, for good. The player who passed plays white
//!   from then on and white moves next: if colour 0 passed, the seats change (kept in
//!   `seats_changed`, like a swap; the turn goes to colour 1 as after any move); if
//!   colour 1 passed, colour 1 moves again (the one move after which the turn does
//!   not pass to the other colour).
//! - Main phase: the colour to move places a stone of its own colour on any empty
//!   cell (edge cells included); colours alternate; `pass` is never legal again.
//! - After each main-phase placement, the mover's stones are examined (only the
//!   mover's: the opponent's stones have not changed). A group (6-adjacency) of them
//!   makes white's shape when it touches two opposite edges (top–bottom,
//!   upper-right–lower-left, lower-right–upper-left), and black's shape when it
//!   touches three alternate edges (top, lower-right, lower-left, or upper-right,
//!   bottom, upper-left). A corner cell lies on both of its edges. The mover wins if
//!   it made its own shape (even if it also made the opponent's), with `how` naming
//!   that shape; if it made only the opponent's shape, the opponent wins, `how`
//!   naming the opponent's shape. `how` is `["white-shape"]` or `["black-shape"]`.
//! - A decision of this reference (FAMILY.md is silent): if the player to move has
//!   no legal move, the game is a draw. That happens only in the main phase with the
//!   board full (in the opening `pass` is always legal), and the draw is declared
//!   right after the placement that filled the board, when that placement decided
//!   nothing. It never applies in play on sides 2 and 3 (every full board holds a
//!   shape: checked exhaustively below) nor in the random games on sides 3, 4 and 6
//!   (the tests assert it), but it is kept for any size where it might.
//!
//! Opening stones are never on an edge, so no shape can be made in the opening and
//! it is not examined there. The edges, going round, carry weft's names: `top`,
//! `upper-right`, `lower-right`, `bottom`, `lower-left`, `upper-left`; in the
//! axial coordinates of `Board::hexagon` (y = 0 the bottom row, m = 2S - 2) they are
//! y = m, x + y = 3(S - 1), x = m, y = 0, x + y = S - 1 and x = 0 (the same six
//! lines as `havannah.rs`).

use super::common::{board_listing, Board};
use super::{checked_depth, perft, read_perft, RefOutcome, Reference, Rng};
use std::collections::HashSet;
use std::sync::Arc;

/// The side-3 perft table, which weft's perft test checks too.
pub const PERFT_FILE: &str = "tests/data/unlur-3.perft";

/// Perft of side 2 (7 cells: the centre b2, the only one off the edge, and six
/// corners, each on two edges) to the depth where every game has ended; the longest
/// games are b2, pass and six placements, or pass and seven placements. Games end
/// here (the first after ply 6: b2, white's pass, then two black corners), so the
/// shapes and the losing rule are exercised, unlike side 3's first eight depths.
/// Counted by this reference and by a separate throwaway brute force in Python (not
/// committed); they agree at every depth. `games/unlur.game` allows sides 3 to 12,
/// so this table is the reference's alone and is not under `tests/data/`.
pub const PERFT_2: [u64; 9] = [2, 8, 48, 240, 960, 2880, 3168, 1512, 0];

/// weft's names of the hexagon's edges, going round from the top: edge `i` and
/// edge `(i + 3) % 6` are opposite, edges 0 2 4 and edges 1 3 5 are alternate.
pub const EDGE_NAMES: [&str; 6] = [
    "top",
    "upper-right",
    "lower-right",
    "bottom",
    "lower-left",
    "upper-left",
];

/// The geometry: the board and the edges each cell lies on.
#[derive(Debug)]
struct Geo {
    board: Board,
    /// `on_edge[c][e]`: cell `c` lies on edge `e` (in `EDGE_NAMES` order).
    on_edge: Vec<[bool; 6]>,
}

#[derive(Clone, Debug)]
pub struct Unlur {
    geo: Arc<Geo>,
    cells: Vec<Option<usize>>,
    /// Still in the opening (nobody has passed yet).
    opening: bool,
    to_move: usize,
    ply: u32,
    /// Colour 0's player passed first and plays white: the players changed seats.
    seats_changed: bool,
    outcome: Option<RefOutcome>,
}

/// Which shapes a set of edges makes: (two opposite edges, three alternate edges).
pub fn shapes_of(touched: &[bool; 6]) -> (bool, bool) {
    let opposite = (0..3).any(|e| touched[e] && touched[e + 3]);
    let alternate =
        (touched[0] && touched[2] && touched[4]) || (touched[1] && touched[3] && touched[5]);
    (opposite, alternate)
}

impl Unlur {
    pub fn new(size: i32) -> Unlur {
        assert!(size >= 2);
        let board = Board::hexagon(size);
        let s1 = size - 1;
        let m = 2 * s1;
        let on_edge = board
            .xy
            .iter()
            .map(|&(x, y)| [y == m, x + y == 3 * s1, x == m, y == 0, x + y == s1, x == 0])
            .collect();
        let n = board.len();
        Unlur {
            geo: Arc::new(Geo { board, on_edge }),
            cells: vec![None; n],
            opening: true,
            to_move: 0,
            ply: 0,
            seats_changed: false,
            outcome: None,
        }
    }

    /// Whether the game is still in its opening (nobody has passed yet).
    pub fn in_opening(&self) -> bool {
        self.opening
    }

    /// Whether the players changed seats (colour 0's player passed first).
    pub fn seats_changed(&self) -> bool {
        self.seats_changed
    }

    /// The edges a cell lies on, by name.
    pub fn edges_of(&self, name: &str) -> Vec<&'static str> {
        let c = self.geo.board.cell(name);
        (0..6)
            .filter(|&e| self.geo.on_edge[c][e])
            .map(|e| EDGE_NAMES[e])
            .collect()
    }

    fn is_edge_cell(&self, c: usize) -> bool {
        self.geo.on_edge[c].iter().any(|&on| on)
    }

    /// Test set-up: puts a stone (or empties a cell) without playing a move.
    pub fn put(&mut self, name: &str, content: Option<usize>) {
        let c = self.geo.board.cell(name);
        self.cells[c] = content;
    }

    /// Which shapes the stones of `colour` make, over all their groups:
    /// (white's shape, black's shape).
    pub fn shapes(&self, colour: usize) -> (bool, bool) {
        let b = &self.geo.board;
        let mut seen = vec![false; b.len()];
        let (mut white_shape, mut black_shape) = (false, false);
        for start in 0..b.len() {
            if self.cells[start] != Some(colour) || seen[start] {
                continue;
            }
            let group = b.flood([start], |c| self.cells[c] == Some(colour));
            let mut touched = [false; 6];
            for c in 0..b.len() {
                if group[c] {
                    seen[c] = true;
                    for (t, &on) in touched.iter_mut().zip(&self.geo.on_edge[c]) {
                        *t |= on;
                    }
                }
            }
            let (opposite, alternate) = shapes_of(&touched);
            white_shape |= opposite;
            black_shape |= alternate;
        }
        (white_shape, black_shape)
    }
}

/// The name of colour `c`'s shape.
fn shape_name(c: usize) -> &'static str {
    ["black-shape", "white-shape"][c]
}

impl Reference for Unlur {
    fn legal_moves(&self) -> Vec<String> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let b = &self.geo.board;
        let mut v: Vec<String> = (0..b.len())
            .filter(|&c| self.cells[c].is_none() && !(self.opening && self.is_edge_cell(c)))
            .map(|c| b.names[c].clone())
            .collect();
        if self.opening {
            v.push("pass".to_string());
        }
        v
    }

    fn play(&mut self, mv: &str) {
        assert!(self.outcome.is_none(), "the game is over");
        let me = self.to_move;
        self.ply += 1;
        if mv == "pass" {
            assert!(self.opening, "pass only in the opening");
            self.opening = false;
            if me == 0 {
                self.seats_changed = true;
            }
            // The passer plays white, and white moves next.
            self.to_move = 1;
            return;
        }
        let c = self.geo.board.cell(mv);
        assert!(self.cells[c].is_none(), "{mv} is not empty");
        self.to_move = 1 - me;
        if self.opening {
            assert!(
                !self.is_edge_cell(c),
                "{mv} is on the edge: not in the opening"
            );
            self.cells[c] = Some(0);
            return;
        }
        self.cells[c] = Some(me);
        let (white_shape, black_shape) = self.shapes(me);
        let made = [black_shape, white_shape];
        if made[me] {
            self.outcome = Some(RefOutcome::Win {
                colour: me,
                how: vec![shape_name(me)],
            });
        } else if made[1 - me] {
            self.outcome = Some(RefOutcome::Win {
                colour: 1 - me,
                how: vec![shape_name(1 - me)],
            });
        } else if self.legal_moves().is_empty() {
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
        board_listing(&self.geo.board, &self.cells)
    }
    fn changed_seats(&self) -> Option<bool> {
        Some(self.seats_changed)
    }
}

/// Plays uniformly random legal moves from `start` until the game ends (a game
/// still going after `max_plies` moves fails), checking Unlur's invariants at every
/// ply (the family's `random_game` expects a pass only when forced and the turn to
/// change after every move but a swap, neither of which holds here). Returns the
/// final state and the moves.
pub fn unlur_random_game(start: &Unlur, rng: &mut Rng, max_plies: u32) -> (Unlur, Vec<String>) {
    let mut r = start.clone();
    let mut played: Vec<String> = Vec::new();
    loop {
        let moves = r.legal_moves();
        let distinct: HashSet<&String> = moves.iter().collect();
        assert_eq!(
            distinct.len(),
            moves.len(),
            "a move listed twice: {moves:?}"
        );
        if r.outcome().is_some() {
            assert!(moves.is_empty(), "moves after the end: {moves:?}");
            return (r, played);
        }
        assert!(!moves.is_empty(), "no move and no outcome after {played:?}");
        assert_eq!(
            moves.iter().any(|m| m == "pass"),
            r.in_opening(),
            "pass is legal exactly in the opening"
        );
        assert!(
            played.len() < max_plies as usize,
            "no end after {max_plies} plies: {played:?}"
        );
        let m = moves[rng.below(moves.len())].clone();
        let (ply, mover, opening) = (r.ply(), r.to_move(), r.in_opening());
        let stones = r.board().iter().filter(|(_, c)| c.is_some()).count();
        r.play(&m);
        assert_eq!(r.ply(), ply + 1);
        let after = r.board().iter().filter(|(_, c)| c.is_some()).count();
        if m == "pass" {
            assert!(!r.in_opening());
            assert_eq!((r.to_move(), r.seats_changed()), (1, mover == 0));
            assert_eq!(after, stones);
        } else {
            assert_eq!(r.to_move(), 1 - mover);
            assert_eq!(after, stones + 1);
            let placed = r.board().into_iter().find(|(n, _)| *n == m).unwrap().1;
            assert_eq!(placed, Some(if opening { 0 } else { mover }));
            if opening {
                assert!(r.edges_of(&m).is_empty() && r.outcome().is_none());
            }
        }
        played.push(m);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A main-phase position (the opening over, no seat change): black stones on
    /// `black`, white on `white`, `to_move` to play.
    fn main_phase(size: i32, black: &[&str], white: &[&str], to_move: usize) -> Unlur {
        let mut u = Unlur::new(size);
        for n in black {
            u.put(n, Some(0));
        }
        for n in white {
            u.put(n, Some(1));
        }
        u.opening = false;
        u.to_move = to_move;
        u.ply = 10;
        u
    }

    fn win(colour: usize, shape: &'static str) -> Option<RefOutcome> {
        Some(RefOutcome::Win {
            colour,
            how: vec![shape],
        })
    }

    /// `stones` of colour `mover` with the last one played as a move by `mover`.
    fn after(size: i32, stones: &[&str], mover: usize) -> Unlur {
        let (last, rest) = stones.split_last().unwrap();
        let (black, white) = if mover == 0 {
            (rest, &[][..])
        } else {
            (&[][..], rest)
        };
        let mut u = main_phase(size, black, white, mover);
        u.play(last);
        u
    }

    #[test]
    fn unlur_edges_carry_weft_names() {
        // docs/LANGUAGE.md, side 3: top a5 b5 c5, bottom c1 d1 e1, upper-left a3 a4
        // a5, lower-left a3 b2 c1, upper-right c5 d4 e3, lower-right e1 e2 e3.
        let u = Unlur::new(3);
        let want = [
            ("top", ["a5", "b5", "c5"]),
            ("bottom", ["c1", "d1", "e1"]),
            ("upper-left", ["a3", "a4", "a5"]),
            ("lower-left", ["a3", "b2", "c1"]),
            ("upper-right", ["c5", "d4", "e3"]),
            ("lower-right", ["e1", "e2", "e3"]),
        ];
        for (edge, cells) in want {
            let on: Vec<String> = u
                .board()
                .into_iter()
                .map(|(n, _)| n)
                .filter(|n| u.edges_of(n).contains(&edge))
                .collect();
            let mut on = on;
            on.sort();
            assert_eq!(on, cells, "{edge}");
        }
        // Corners lie on two edges, the other rim cells on one, the rest on none.
        assert_eq!(u.edges_of("a3"), ["lower-left", "upper-left"]);
        assert_eq!(u.edges_of("e1"), ["lower-right", "bottom"]);
        assert_eq!(u.edges_of("b5"), ["top"]);
        assert!(u.edges_of("c3").is_empty());
        let rim = u
            .board()
            .iter()
            .filter(|(n, _)| !u.edges_of(n).is_empty())
            .count();
        assert_eq!(rim, 12);
    }

    #[test]
    fn unlur_shapes_of_edge_sets() {
        let set = |es: &[usize]| {
            let mut t = [false; 6];
            for &e in es {
                t[e] = true;
            }
            shapes_of(&t)
        };
        assert_eq!(set(&[0, 3]), (true, false));
        assert_eq!(set(&[1, 4]), (true, false));
        assert_eq!(set(&[2, 5]), (true, false));
        assert_eq!(set(&[0, 2, 4]), (false, true));
        assert_eq!(set(&[1, 3, 5]), (false, true));
        // Adjacent edges make nothing, however many short of a shape.
        assert_eq!(set(&[0, 1]), (false, false));
        assert_eq!(set(&[0, 1, 2]), (false, false));
        assert_eq!(set(&[0, 2]), (false, false));
        // Four edges always hold an opposite pair.
        assert_eq!(set(&[0, 1, 2, 4]), (true, true));
    }

    // Side 3, a white chain from the top (b5) to the bottom (d1) through the
    // interior c4 c3 c2: two opposite edges and nothing else.
    const TOP_BOTTOM: [&str; 5] = ["b5", "c4", "c2", "d1", "c3"];
    // Side 3, a chain touching the upper-left (a4), upper-right (d4) and bottom
    // (d1): three alternate edges, no opposite pair.
    const THREE_ALTERNATE: [&str; 7] = ["a4", "b3", "c4", "d4", "c2", "d1", "c3"];

    #[test]
    fn unlur_white_wins_by_two_opposite_edges() {
        let u = after(3, &TOP_BOTTOM, 1);
        assert_eq!(u.outcome(), win(1, "white-shape"));
        assert!(u.legal_moves().is_empty());
        // One stone short: nothing yet.
        let u = after(3, &TOP_BOTTOM[..4], 1);
        assert_eq!(u.outcome(), None);
        // White's other pairs of opposite edges: upper-left a4 to lower-right e2
        // (a4 b3 c3 d2 e2), lower-left b2 to upper-right d4 (b2 c2 c3 d3 d4).
        let u = after(3, &["a4", "b3", "c3", "e2", "d2"], 1);
        assert_eq!(u.outcome(), win(1, "white-shape"));
        let u = after(3, &["b2", "c2", "c3", "d4", "d3"], 1);
        assert_eq!(u.outcome(), win(1, "white-shape"));
    }

    #[test]
    fn unlur_black_wins_by_three_alternate_edges() {
        let u = after(3, &THREE_ALTERNATE, 0);
        assert_eq!(u.outcome(), win(0, "black-shape"));
        let u = after(3, &THREE_ALTERNATE[..6], 0);
        assert_eq!(u.outcome(), None, "two groups: a4 b3 c4 d4 and c2 d1");
        // The other alternate triple: top b5, lower-right e2, lower-left b2
        // (b5 b4 b3 b2, b3 c3 d2 e2).
        let u = after(3, &["b5", "b4", "b2", "c3", "d2", "e2", "b3"], 0);
        assert_eq!(u.outcome(), win(0, "black-shape"));
        // Two alternate edges are not enough (a4 ... d4: upper-left and upper-right).
        let u = after(3, &["a4", "b3", "c4", "d4"], 0);
        assert_eq!(u.outcome(), None);
    }

    #[test]
    fn unlur_a_corner_counts_for_both_its_edges() {
        // White a3 b3 c3 d3 d4: the corner a3 is on the upper-left and the
        // lower-left edges, and the lower-left is opposite d4's upper-right.
        let u = after(3, &["a3", "b3", "c3", "d4", "d3"], 1);
        assert_eq!(u.outcome(), win(1, "white-shape"));
        // From a4 (upper-left only) instead: upper-left and upper-right, nothing.
        let u = after(3, &["a4", "b3", "c3", "d4", "d3"], 1);
        assert_eq!(u.outcome(), None);
        // Black b5 b4 b3 b2 c2 d2 e1: top (b5), lower-left (b2) and, through the
        // corner e1, bottom and lower-right. Top, lower-right and lower-left are
        // black's shape (top-bottom, white's, is made too: the mover's own shape wins).
        let chain = ["b5", "b4", "b3", "b2", "c2", "e1", "d2"];
        let u = after(3, &chain, 0);
        assert_eq!(u.outcome(), win(0, "black-shape"));
        // Ending on d1 (bottom only) instead of the corner e1: top, bottom and
        // lower-left make only white's shape, with black stones: black loses.
        let chain = ["b5", "b4", "b3", "b2", "c2", "d1", "d2"];
        let u = after(3, &chain, 0);
        assert_eq!(u.outcome(), win(1, "white-shape"));
    }

    #[test]
    fn unlur_making_only_the_opponents_shape_loses() {
        // Black's stones from the top to the bottom: white's shape, so white wins.
        let u = after(3, &TOP_BOTTOM, 0);
        assert_eq!(u.outcome(), win(1, "white-shape"));
        // White's stones on three alternate edges: black's shape, so black wins.
        let u = after(3, &THREE_ALTERNATE, 1);
        assert_eq!(u.outcome(), win(0, "black-shape"));
        // Making both shapes wins for the mover, whoever's stones.
        let chain = ["b5", "b4", "b3", "b2", "c2", "e1", "d2"];
        let u = after(3, &chain, 1);
        assert_eq!(u.outcome(), win(1, "white-shape"));
    }

    #[test]
    fn unlur_only_the_movers_stones_are_examined() {
        // Positions no game reaches, set up to see whose stones are examined.
        // White already has a top-bottom chain; black's move elsewhere does not
        // end the game, white's next move (anywhere) does.
        let mut u = main_phase(3, &[], &TOP_BOTTOM, 0);
        u.play("a3");
        assert_eq!(u.outcome(), None);
        u.play("e1");
        assert_eq!(u.outcome(), win(1, "white-shape"));
        // The same chain in black stones: white's move does not end the game;
        // black's next move makes black lose.
        let mut u = main_phase(3, &TOP_BOTTOM, &[], 1);
        u.play("a3");
        assert_eq!(u.outcome(), None);
        u.play("e1");
        assert_eq!(u.outcome(), win(1, "white-shape"));
    }

    #[test]
    fn unlur_opening_places_black_stones_off_the_edge() {
        let mut u = Unlur::new(3);
        // The side-2 hexagon inside, then pass.
        let mut moves = u.legal_moves();
        moves.sort();
        assert_eq!(moves, ["b3", "b4", "c2", "c3", "c4", "d2", "d3", "pass"]);
        u.play("c3");
        assert_eq!((u.to_move(), u.ply(), u.in_opening()), (1, 1, true));
        u.play("b4");
        assert_eq!(u.to_move(), 0);
        let black: Vec<String> = u
            .board()
            .into_iter()
            .filter(|(_, c)| *c == Some(0))
            .map(|(n, _)| n)
            .collect();
        assert_eq!(black, ["c3", "b4"]);
        assert!(u.board().iter().all(|(_, c)| *c != Some(1)));
        assert_eq!(u.legal_moves().len(), 6);
        // Side 6: 91 cells, 30 on the edge; 61 interior cells and the pass.
        assert_eq!(Unlur::new(6).legal_moves().len(), 62);
    }

    #[test]
    #[should_panic(expected = "a3 is on the edge")]
    fn unlur_opening_refuses_an_edge_cell() {
        let mut u = Unlur::new(3);
        u.play("c3");
        u.play("a3");
    }

    #[test]
    fn unlur_a_full_interior_leaves_only_the_pass() {
        let mut u = Unlur::new(3);
        for m in ["b3", "b4", "c2", "c3", "c4", "d2", "d3"] {
            u.play(m);
        }
        assert_eq!(
            (u.legal_moves(), u.to_move()),
            (vec!["pass".to_string()], 1)
        );
        assert_eq!(u.outcome(), None);
    }

    #[test]
    fn unlur_black_passing_changes_seats() {
        let mut u = Unlur::new(3);
        u.play("c3");
        u.play("b4");
        u.play("pass");
        assert_eq!(
            (u.to_move(), u.seats_changed(), u.in_opening()),
            (1, true, false)
        );
        // Every empty cell, edges included; no pass.
        let moves = u.legal_moves();
        assert_eq!(moves.len(), 17);
        assert!(moves.contains(&"a3".to_string()) && !moves.contains(&"pass".to_string()));
        u.play("a3");
        assert_eq!(u.to_move(), 0);
        u.play("e1");
        let stone = |u: &Unlur, n: &str| u.board().into_iter().find(|(c, _)| c == n).unwrap().1;
        assert_eq!((stone(&u, "a3"), stone(&u, "e1")), (Some(1), Some(0)));
        // A pass straight away, on the empty board, changes the seats too.
        let mut u = Unlur::new(3);
        u.play("pass");
        assert_eq!(
            (u.to_move(), u.seats_changed(), u.legal_moves().len()),
            (1, true, 19)
        );
    }

    #[test]
    fn unlur_white_passing_moves_again() {
        let mut u = Unlur::new(3);
        u.play("c3");
        u.play("pass");
        assert_eq!((u.to_move(), u.seats_changed(), u.ply()), (1, false, 2));
        assert!(!u.in_opening());
        u.play("c4");
        assert_eq!(u.to_move(), 0);
        u.play("a3");
        let white: Vec<String> = u
            .board()
            .into_iter()
            .filter(|(_, c)| *c == Some(1))
            .map(|(n, _)| n)
            .collect();
        assert_eq!(white, ["c4"]);
    }

    #[test]
    #[should_panic(expected = "pass only in the opening")]
    fn unlur_no_pass_after_the_opening() {
        let mut u = Unlur::new(3);
        u.play("pass");
        assert!(!u.legal_moves().contains(&"pass".to_string()));
        u.play("c3");
        assert!(!u.legal_moves().contains(&"pass".to_string()));
        u.play("pass");
    }

    #[test]
    fn unlur_perft_small() {
        // Side 2: the centre b2 is the only interior cell. Ply 1: b2 or pass.
        // After b2, white can only pass (then moves again on 6 cells); after
        // black's pass, white has all 7 cells.
        assert_eq!(perft(&Unlur::new(2), 2), [2, 1 + 7]);
        // Side 3: the opening's plies offer every empty interior cell and the pass;
        // no shape can be made before ply 3 of the main phase. Depth 2: 7 x 7 after
        // a placement, 19 after a pass.
        assert_eq!(perft(&Unlur::new(3), 2), [8, 7 * 7 + 19]);
    }

    #[test]
    fn unlur_perft_files() {
        let t = read_perft(PERFT_FILE);
        assert_eq!((t.size, t.swap), (Some(3), false));
        let depth = checked_depth(&t);
        assert_eq!(perft(&Unlur::new(3), depth), t.counts[..depth]);
        // Side 2: every depth, down to the one where every game has ended.
        assert_eq!(perft(&Unlur::new(2), PERFT_2.len()), PERFT_2);
    }

    #[test]
    fn unlur_filling_the_board_without_making_a_shape_is_a_draw() {
        // A position no game reaches (see the next test): side 2, white's b1 b2 c1
        // c2 a2 already join opposite edges; black's a3, with b3 as the last empty
        // cell. Black's b3 joins a3: top, upper-left and upper-right, no shape; the
        // board is full and white, to move, has no move.
        let mut u = main_phase(2, &["a3"], &["b1", "b2", "c1", "c2", "a2"], 0);
        u.play("b3");
        assert_eq!(u.outcome(), Some(RefOutcome::Draw));
        assert!(u.legal_moves().is_empty());
        // With b3 white's instead (white to move), white's stones win.
        let mut u = main_phase(2, &["a3"], &["b1", "b2", "c1", "c2", "a2"], 1);
        u.play("b3");
        assert_eq!(u.outcome(), win(1, "white-shape"));
    }

    #[test]
    fn unlur_every_full_board_holds_a_shape() {
        // Why the draw rule never applies in play (sides 2 and 3, every way of
        // filling the board; side 3 in release builds only): on a full board one
        // colour's stones make one of the shapes, so the game has ended before.
        let sides: &[i32] = if cfg!(debug_assertions) {
            &[2]
        } else {
            &[2, 3]
        };
        for &s in sides {
            let mut u = Unlur::new(s);
            let names: Vec<String> = u.board().into_iter().map(|(n, _)| n).collect();
            for mask in 0..1u32 << names.len() {
                for (i, name) in names.iter().enumerate() {
                    u.put(name, Some((mask >> i & 1) as usize));
                }
                let (b, w) = (u.shapes(0), u.shapes(1));
                assert!(b.0 || b.1 || w.0 || w.1, "side {s}: {:?}", u.board());
            }
        }
    }

    #[test]
    fn unlur_random_games() {
        let t = std::time::Instant::now();
        let mut report = Vec::new();
        // Wins for black and for white made by the opponent's stones.
        let mut by_opponent = [0; 2];
        for (size, games) in [(3, 1500), (4, 1000), (6, 500)] {
            let start = Unlur::new(size);
            let cells = start.board().len() as u32;
            // At most one opening stone per interior cell, one pass, one stone per cell.
            let max = 2 * cells + 1;
            let (mut wins, mut draws, mut seats) = ([[0; 2]; 2], 0, 0);
            let (mut shortest, mut longest, mut total) = (u32::MAX, 0, 0);
            for g in 0..super::super::games(games) {
                let mut rng = Rng::new(1000 * size as u64 + g);
                let (end, moves) = unlur_random_game(&start, &mut rng, max);
                let len = moves.len() as u32;
                shortest = shortest.min(len);
                longest = longest.max(len);
                total += len as u64;
                seats += end.seats_changed() as usize;
                // The last mover is the colour not to move at the end.
                let last_mover = 1 - end.to_move();
                match end.outcome() {
                    Some(RefOutcome::Win { colour, how }) => {
                        assert_eq!(how, [shape_name(colour)]);
                        wins[colour][(colour != last_mover) as usize] += 1;
                    }
                    Some(RefOutcome::Draw) => draws += 1,
                    None => unreachable!(),
                }
                // Replaying the moves gives the same end.
                let mut r = start.clone();
                for m in &moves {
                    r.play(m);
                }
                assert_eq!((r.board(), r.outcome()), (end.board(), end.outcome()));
            }
            // Both colours win by their own stones on every size; no game fills
            // the board without a shape.
            assert!(wins[0][0] > 0 && wins[1][0] > 0, "size {size}: {wins:?}");
            for (total, w) in by_opponent.iter_mut().zip(wins) {
                *total += w[1];
            }
            assert_eq!(draws, 0, "size {size}");
            report.push(format!(
                "size {size}: {} games, plies {shortest}..{longest} (mean {:.1}), \
                 black wins {:?} (made by black, by white), white wins {:?} (by white, by black), \
                 draws {draws}, seats changed {seats}",
                super::super::games(games),
                total as f64 / super::super::games(games) as f64,
                wins[0],
                wins[1],
            ));
        }
        eprintln!("unlur random games: {report:#?} in {:?}", t.elapsed());
        // Both colours also win by the opponent making their shape.
        assert!(by_opponent[0] > 0 && by_opponent[1] > 0, "{by_opponent:?}");
    }
}
