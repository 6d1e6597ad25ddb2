//! Havannah (FAMILY.md): a hexagon of side S; place a stone on an empty cell; swap.
//! The mover wins after a move when the group of the stone just placed forms a
//! ring, a bridge (2 of the 6 corners) or a fork (3 of the 6 sides, a side being an
//! edge without its two corners). Board full with no winner: draw.
//!
//! Only the group of the stone just placed is examined: every other group of the
//! mover is unchanged since the mover's previous move, when it did not win.

use super::common::{board_listing, Board};
use super::{perft, random_game, random_games, tally, RefOutcome, Reference, Rng};
use std::sync::Arc;

/// The geometry: the board, its corners and each cell's side (if any).
#[derive(Debug)]
struct Geo {
    board: Board,
    corner: Vec<bool>,
    /// The side (0..6) of a non-corner edge cell; a corner belongs to no side.
    side_of: Vec<Option<usize>>,
}

#[derive(Clone, Debug)]
pub struct Havannah {
    geo: Arc<Geo>,
    cells: Vec<Option<usize>>,
    to_move: usize,
    ply: u32,
    swap_rule: bool,
    outcome: Option<RefOutcome>,
}

/// The ring test, the fast way. `s` marks a set of cells S (the group). S forms a
/// ring iff
/// (a) some cell not in S cannot be reached from outside the board through cells
///     not in S, or
/// (b) some cell (whatever it holds) has all six of its neighbours on the board
///     and in S.
///
/// Why this is the ring rule: a ring is a closed chain of S around some cells.
/// If it surrounds a cell not in S, that cell is cut off from the outside: (a).
/// Otherwise every surrounded cell is in S; take one: each of its six neighbours
/// is surrounded too or lies on the chain, so all six are in S: (b). Conversely,
/// in (a) the cells of S bordering the cut-off region form a closed chain around
/// it (on the hex grid the border of a 6-connected region is 6-connected), and in
/// (b) the six neighbours of a cell are a closed chain around it. Three mutually
/// adjacent stones cut nothing off and no cell has all six neighbours among them.
pub fn forms_ring(board: &Board, s: &[bool]) -> bool {
    // Cells on the rim touch the outside of the board.
    let rim = (0..board.len()).filter(|&c| board.off_board_neighbours[c] > 0);
    let reached = board.flood(rim, |c| !s[c]);
    let cut_off = (0..board.len()).any(|c| !s[c] && !reached[c]);
    let surrounded = (0..board.len())
        .any(|c| board.off_board_neighbours[c] == 0 && board.adj[c].iter().all(|&n| s[n]));
    cut_off || surrounded
}

/// The ring test, the slow way: for each cell c, flood from outside the board
/// through cells not in S \ {c}; if c is not reached, S \ {c} surrounds it.
pub fn forms_ring_slow(board: &Board, s: &[bool]) -> bool {
    (0..board.len()).any(|c| {
        let rim = (0..board.len()).filter(|&r| board.off_board_neighbours[r] > 0);
        let reached = board.flood(rim, |x| x == c || !s[x]);
        !reached[c]
    })
}

impl Havannah {
    pub fn new(side: i32, swap_rule: bool) -> Havannah {
        assert!(side >= 2);
        let board = Board::hexagon(side);
        let m = 2 * side - 2;
        let corner_xy = [
            (side - 1, 0),
            (m, 0),
            (m, side - 1),
            (side - 1, m),
            (0, m),
            (0, side - 1),
        ];
        let corner: Vec<bool> = board.xy.iter().map(|p| corner_xy.contains(p)).collect();
        // The six edges, each of `side` cells, corners included.
        let edges: [&dyn Fn(i32, i32) -> bool; 6] = [
            &|_, y| y == 0,
            &|_, y| y == m,
            &|x, _| x == 0,
            &|x, _| x == m,
            &|x, y| x + y == side - 1,
            &|x, y| x + y == 3 * (side - 1),
        ];
        let side_of = (0..board.len())
            .map(|c| {
                let (x, y) = board.xy[c];
                if corner[c] {
                    return None;
                }
                let on: Vec<usize> = (0..6).filter(|&e| edges[e](x, y)).collect();
                assert!(on.len() <= 1);
                on.first().copied()
            })
            .collect();
        let geo = Geo {
            board,
            corner,
            side_of,
        };
        let n = geo.board.len();
        Havannah {
            geo: Arc::new(geo),
            cells: vec![None; n],
            to_move: 0,
            ply: 0,
            swap_rule,
            outcome: None,
        }
    }

    /// Test set-up: puts a stone (or empties a cell) without playing a move.
    pub fn put(&mut self, name: &str, content: Option<usize>) {
        let c = self.geo.board.cell(name);
        self.cells[c] = content;
    }

    /// The goals reached by the group of `cell`, in the order ring, bridge, fork.
    pub fn goals(&self, cell: usize) -> Vec<&'static str> {
        let b = &self.geo.board;
        let colour = self.cells[cell].expect("a stone");
        let group = b.flood([cell], |c| self.cells[c] == Some(colour));
        let mut goals = Vec::new();
        if forms_ring(b, &group) {
            goals.push("ring");
        }
        let corners = (0..b.len())
            .filter(|&c| group[c] && self.geo.corner[c])
            .count();
        if corners >= 2 {
            goals.push("bridge");
        }
        let mut sides = [false; 6];
        for (&in_group, side) in group.iter().zip(&self.geo.side_of) {
            if let (true, Some(s)) = (in_group, side) {
                sides[*s] = true;
            }
        }
        if sides.iter().filter(|&&t| t).count() >= 3 {
            goals.push("fork");
        }
        goals
    }
}

impl Reference for Havannah {
    fn legal_moves(&self) -> Vec<String> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let b = &self.geo.board;
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
        let c = self.geo.board.cell(mv);
        assert!(self.cells[c].is_none(), "{mv} is not empty");
        self.cells[c] = Some(self.to_move);
        let goals = self.goals(c);
        if !goals.is_empty() {
            self.outcome = Some(RefOutcome::Win {
                colour: self.to_move,
                how: goals,
            });
        } else if self.cells.iter().all(|c| c.is_some()) {
            self.outcome = Some(RefOutcome::Draw);
        }
        self.to_move = 1 - self.to_move;
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
        board_listing(&self.geo.board, &self.cells)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Black stones on `black`, white on `white`, black to move; black then plays `last`.
    fn after(side: i32, black: &[&str], white: &[&str], last: &str) -> Havannah {
        let mut h = Havannah::new(side, false);
        for n in black {
            h.put(n, Some(0));
        }
        for n in white {
            h.put(n, Some(1));
        }
        h.ply = 10;
        h.play(last);
        h
    }

    fn won_by(h: &Havannah) -> Option<(usize, Vec<&'static str>)> {
        match h.outcome() {
            Some(RefOutcome::Win { colour, how }) => Some((colour, how)),
            _ => None,
        }
    }

    // On the side-5 hexagon the centre is e5 = (4,4); its neighbours are
    // f5 d5 e6 e4 f4 d6. The cells around d4 = (3,3) are e4 c4 d5 d3 e3 c5.

    #[test]
    fn havannah_ring_around_an_empty_cell() {
        let h = after(5, &["f5", "d5", "e6", "e4", "f4"], &[], "d6");
        assert_eq!(won_by(&h), Some((0, vec!["ring"])));
        // One stone short: no ring.
        let h = after(5, &["f5", "d5", "e6", "e4"], &[], "d6");
        assert_eq!(h.outcome(), None);
    }

    #[test]
    fn havannah_ring_around_an_enemy_stone() {
        let h = after(5, &["f5", "d5", "e6", "e4", "f4"], &["e5"], "d6");
        assert_eq!(won_by(&h), Some((0, vec!["ring"])));
    }

    #[test]
    fn havannah_filled_flower_is_a_ring_around_its_own_centre() {
        let h = after(5, &["f5", "d5", "e6", "e4", "f4", "d6"], &[], "e5");
        assert_eq!(won_by(&h), Some((0, vec!["ring"])));
        // Filling the centre last as the ring's own stone, or the rim last: both rings.
        let h = after(5, &["e5", "d5", "e6", "e4", "f4", "d6"], &[], "f5");
        assert_eq!(won_by(&h), Some((0, vec!["ring"])));
        // A ring of eight around the two cells d4 e4, both the mover's own: the
        // eighth ring stone closes it (d4 and e4 then have all six neighbours black).
        let ring = ["c4", "d5", "d3", "e3", "c5", "f4", "e5", "f3"];
        let mut black = ring[..7].to_vec();
        black.extend(["d4", "e4"]);
        let h = after(5, &black, &[], ring[7]);
        assert_eq!(won_by(&h), Some((0, vec!["ring"])));
        let h = after(5, &ring[..6], &[], "d4");
        assert_eq!(h.outcome(), None, "two ring stones missing");
    }

    #[test]
    fn havannah_three_adjacent_stones_are_not_a_ring() {
        let h = after(5, &["e5", "f5"], &[], "e6");
        assert_eq!(h.outcome(), None);
        // A 2x3 blob of six stones encloses nothing either.
        let h = after(5, &["d4", "e4", "d5", "e5", "c5"], &[], "c6");
        assert_eq!(h.outcome(), None);
    }

    #[test]
    fn havannah_the_board_edge_does_not_close_a_ring() {
        // Side 4: the corner a4 = (0,3) has three neighbours, b3 b4 a5; black on all
        // three surrounds it only together with the outside of the board.
        let h = after(4, &["b3", "b4"], &[], "a5");
        assert_eq!(h.outcome(), None);
        // But a ring may run along the edge: b4's six neighbours c4 a4 b5 b3 c3 a5
        // (a corner and two side cells among them) surround it.
        let h = after(4, &["c4", "a4", "b5", "b3", "c3"], &[], "a5");
        assert_eq!(won_by(&h), Some((0, vec!["ring"])));
    }

    #[test]
    fn havannah_bridge_between_two_corners() {
        // Side 3: corners c1 (2,0) and e1 (4,0); d1 (3,0) joins them.
        let h = after(3, &["c1", "e1"], &[], "d1");
        assert_eq!(won_by(&h), Some((0, vec!["bridge"])));
        // White's stone in between: black's two corners are separate groups.
        let h = after(3, &["c1"], &["d1"], "e1");
        assert_eq!(h.outcome(), None);
    }

    // Side 4: corners d1 g1 g4 d7 a7 a4; the sides used below are e1 f1 (y = 0),
    // a5 a6 (x = 0) and b3 c2 (x + y = 3).
    const FORK_CHAIN: [&str; 8] = ["b3", "c3", "d3", "e2", "e1", "d4", "c5", "b5"];

    #[test]
    fn havannah_fork_of_three_sides() {
        // b3 (x + y = 3) ... e1 (y = 0) ... a5 (x = 0).
        let h = after(4, &FORK_CHAIN, &[], "a5");
        assert_eq!(won_by(&h), Some((0, vec!["fork"])));
    }

    #[test]
    fn havannah_a_corner_is_on_no_side() {
        // The same chain reaching the edge x = 0 only at the corner a4 (a neighbour
        // of b3): sides x + y = 3 and y = 0 only, one corner: nothing.
        let h = after(4, &FORK_CHAIN, &[], "a4");
        assert_eq!(h.outcome(), None);
        // Sides reached only through corners do not count: a4 b3 c2 d1 touches the
        // side x + y = 3 (b3 c2) and two corners: a bridge, not a fork.
        let h = after(4, &["a4", "b3", "c2"], &[], "d1");
        assert_eq!(won_by(&h), Some((0, vec!["bridge"])));
    }

    #[test]
    fn havannah_several_goals_at_once() {
        // Side 3 (corners c1 e1 e3 c5 a5 a3). The ring around b3 is c3 c2 b2 a3
        // a4 b4: it holds the corner a3 and the sides x = 0 (a4) and x + y = 2
        // (b2). A second group d3 e3 d4 holds the corner e3 and the side
        // x + y = 6 (d4). c3 closes the ring and joins both: all three goals.
        let black = ["c2", "b2", "a3", "a4", "b4", "d3", "e3", "d4"];
        let h = after(3, &black, &[], "c3");
        assert_eq!(won_by(&h), Some((0, vec!["ring", "bridge", "fork"])));
        // The plain ring around the centre c3 touches no edge: a ring only.
        let h = after(3, &["d3", "b3", "c4", "c2", "d2"], &[], "b4");
        assert_eq!(won_by(&h), Some((0, vec!["ring"])));
    }

    #[test]
    fn havannah_ring_tests_agree_on_random_sets() {
        let mut rng = Rng::new(7);
        let mut rings = 0;
        for side in 2..7 {
            let b = Board::hexagon(side);
            for _ in 0..3000 {
                let p = 1 + rng.below(8);
                let s: Vec<bool> = (0..b.len()).map(|_| rng.below(10) < p).collect();
                let fast = forms_ring(&b, &s);
                assert_eq!(fast, forms_ring_slow(&b, &s), "side {side} set {s:?}");
                rings += fast as usize;
            }
        }
        assert!(rings > 1000 && rings < 14000, "{rings}");
    }

    #[test]
    fn havannah_ring_tests_agree_on_game_groups() {
        // Groups met in random games (each player's groups at every ply).
        let mut rng = Rng::new(11);
        for side in 3..6 {
            for _ in 0..60 {
                let (end, moves) = random_game(&Havannah::new(side, true), &mut rng, 1000);
                let mut h = Havannah::new(side, true);
                for m in &moves {
                    h.play(m);
                    let b = &h.geo.board;
                    for c in 0..b.len() {
                        if let Some(col) = h.cells[c] {
                            let g = b.flood([c], |x| h.cells[x] == Some(col));
                            assert_eq!(forms_ring(b, &g), forms_ring_slow(b, &g));
                        }
                    }
                }
                assert_eq!(h.outcome(), end.outcome());
            }
        }
    }

    #[test]
    fn havannah_perft_small() {
        // Side 2: 7 cells; with the swap, ply 1 has one move more.
        assert_eq!(perft(&Havannah::new(2, false), 2), [7, 42]);
        assert_eq!(perft(&Havannah::new(2, true), 2), [7, 49]);
        // Side 3 (19 cells): no goal can be reached in 3 moves of one colour
        // except a bridge of three (two corners two apart: c1 d1 e1), so the
        // first three plies count all placements.
        assert_eq!(perft(&Havannah::new(3, false), 3), [19, 342, 5814]);
    }

    #[test]
    fn havannah_random_games() {
        let t = std::time::Instant::now();
        let mut counts = Vec::new();
        for (side, games) in [(3, 1000), (4, 1500), (5, 1500)] {
            let out = random_games(&Havannah::new(side, true), games, 1000 * side as u64, 200);
            let mut goals = std::collections::BTreeMap::new();
            for o in &out {
                if let RefOutcome::Win { how, .. } = o {
                    for g in how {
                        *goals.entry(*g).or_insert(0) += 1;
                    }
                }
            }
            // Every goal kind occurs in random play on these sizes.
            for g in ["ring", "bridge", "fork"] {
                assert!(
                    goals.get(g).copied().unwrap_or(0) > 0,
                    "side {side}: {goals:?}"
                );
            }
            counts.push((side, tally(&out), goals));
        }
        eprintln!("havannah random games: {counts:?} in {:?}", t.elapsed());
    }
}
