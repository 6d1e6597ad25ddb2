//! Gonnect (FAMILY.md): a square of N x N points; black first; swap. A turn places
//! a stone on an empty point; no passing. Capture as in Go: after the placement,
//! every enemy group (orthogonal) without an empty orthogonal neighbour is removed;
//! then a placement whose own group has no liberty is illegal (no suicide).
//! Positional superko: a placement may not recreate any earlier board position of
//! the game (the initial empty board included; the swap leaves the board as it is,
//! so it adds no new position). The mover wins with a group joining either pair of
//! opposite sides (top-bottom or left-right, for either colour). A player with no
//! legal move loses (outcome "no-move").
//!
//! A position is the board alone (who is to move does not matter): "positional"
//! superko as published for Go.

use super::common::{board_listing, cell_name, Board, ORTHO_DIRS};
use super::{checked_depth, games, perft, random_game, read_perft, RefOutcome, Reference, Rng};
use std::collections::HashSet;
use std::sync::Arc;

type Cells = Vec<Option<usize>>;

#[derive(Clone, Debug)]
pub struct Gonnect {
    board: Arc<Board>,
    n: i32,
    cells: Cells,
    to_move: usize,
    ply: u32,
    swap_rule: bool,
    /// Every board position the game has had so far (the current one included).
    history: HashSet<Cells>,
    outcome: Option<RefOutcome>,
    last_captures: Vec<String>,
}

impl Gonnect {
    pub fn new(n: i32, swap_rule: bool) -> Gonnect {
        assert!(n >= 2);
        let board = Board::square(n, &ORTHO_DIRS);
        let cells = vec![None; board.len()];
        Gonnect {
            board: Arc::new(board),
            n,
            history: HashSet::from([cells.clone()]),
            cells,
            to_move: 0,
            ply: 0,
            swap_rule,
            outcome: None,
            last_captures: Vec::new(),
        }
    }

    fn has_liberty(&self, cells: &Cells, group: &[bool]) -> bool {
        (0..self.board.len())
            .any(|c| group[c] && self.board.adj[c].iter().any(|&n| cells[n].is_none()))
    }

    /// The board after `colour` places on `c`, with the captured points, or `None`
    /// when the placement is illegal (occupied, suicide or a repeated position).
    fn try_place(&self, c: usize, colour: usize) -> Option<(Cells, Vec<usize>)> {
        if self.cells[c].is_some() {
            return None;
        }
        let b = &self.board;
        let mut next = self.cells.clone();
        next[c] = Some(colour);
        // Every enemy group without a liberty (judged on the board with the new
        // stone and before any removal) is removed.
        let mut dead = vec![false; b.len()];
        let mut seen = vec![false; b.len()];
        for s in 0..b.len() {
            if next[s] == Some(1 - colour) && !seen[s] {
                let group = b.flood([s], |x| next[x] == Some(1 - colour));
                let lives = self.has_liberty(&next, &group);
                for x in 0..b.len() {
                    seen[x] |= group[x];
                    dead[x] |= group[x] && !lives;
                }
            }
        }
        let captured: Vec<usize> = (0..b.len()).filter(|&x| dead[x]).collect();
        for &x in &captured {
            next[x] = None;
        }
        let own = b.flood([c], |x| next[x] == Some(colour));
        if !self.has_liberty(&next, &own) || self.history.contains(&next) {
            return None;
        }
        Some((next, captured))
    }

    fn placements(&self, colour: usize) -> Vec<usize> {
        (0..self.board.len())
            .filter(|&c| self.try_place(c, colour).is_some())
            .collect()
    }

    /// Whether `colour` has a group joining top and bottom or left and right.
    pub fn connected(&self, colour: usize) -> bool {
        let b = &self.board;
        let n = self.n;
        [|c: (i32, i32)| c.1, |c: (i32, i32)| c.0]
            .iter()
            .any(|coord| {
                let start = (0..b.len()).filter(|&c| coord(b.xy[c]) == 0);
                let reached = b.flood(start, |c| self.cells[c] == Some(colour));
                (0..b.len()).any(|c| reached[c] && coord(b.xy[c]) == n - 1)
            })
    }
}

impl Reference for Gonnect {
    fn legal_moves(&self) -> Vec<String> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let mut v: Vec<String> = self
            .placements(self.to_move)
            .into_iter()
            .map(|c| self.board.names[c].clone())
            .collect();
        if self.swap_rule && self.ply == 1 {
            v.push("swap".to_string());
        }
        v
    }

    fn play(&mut self, mv: &str) {
        assert!(self.outcome.is_none(), "the game is over");
        self.last_captures.clear();
        let me = self.to_move;
        if mv == "swap" {
            assert!(self.swap_rule && self.ply == 1, "swap only at ply 1");
            self.ply += 1;
        } else {
            let c = self.board.cell(mv);
            let (next, captured) = self
                .try_place(c, me)
                .unwrap_or_else(|| panic!("illegal move {mv}"));
            self.last_captures = captured
                .iter()
                .map(|&x| {
                    let (x, y) = self.board.xy[x];
                    cell_name(x, y)
                })
                .collect();
            self.history.insert(next.clone());
            self.cells = next;
            self.to_move = 1 - me;
            self.ply += 1;
            if self.connected(me) {
                self.outcome = Some(RefOutcome::Win {
                    colour: me,
                    how: vec!["connection"],
                });
            }
        }
        if self.outcome.is_none() && self.legal_moves().is_empty() {
            self.outcome = Some(RefOutcome::Win {
                colour: 1 - self.to_move,
                how: vec!["no-move"],
            });
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

    /// A position from a picture (top row first; X black, O white, . empty), with
    /// every earlier position forgotten except the empty board.
    fn picture(rows: &str, to_move: usize) -> Gonnect {
        let lines: Vec<&str> = rows.trim().lines().map(str::trim).collect();
        let n = lines.len() as i32;
        let mut g = Gonnect::new(n, false);
        for (i, line) in lines.iter().enumerate() {
            let y = n - 1 - i as i32;
            for (x, ch) in line.split_whitespace().enumerate() {
                let c = g.board.at(x as i32, y).unwrap();
                g.cells[c] = match ch {
                    "X" => Some(0),
                    "O" => Some(1),
                    _ => None,
                };
            }
        }
        g.history.insert(g.cells.clone());
        g.to_move = to_move;
        g.ply = 10;
        g
    }

    #[test]
    fn gonnect_captures_a_large_group() {
        // White's 3x3 block b2-d4 has one liberty left, c1; black fills it.
        let mut g = picture(
            "
            X X X X .
            X O O O X
            X O O O X
            X O O O X
            . X . X X",
            0,
        );
        g.play("c1");
        let mut caps = g.last_captures();
        caps.sort();
        assert_eq!(caps, ["b2", "b3", "b4", "c2", "c3", "c4", "d2", "d3", "d4"]);
        assert!(g.board().iter().all(|(_, c)| *c != Some(1)));
        // Black's two rim groups (a2..d5 and b1..e4) join neither pair of sides.
        assert_eq!(g.outcome(), None);
        assert!(g.legal_moves().contains(&"c3".to_string()));
    }

    #[test]
    fn gonnect_suicide_is_refused_but_a_capturing_fill_is_not() {
        // White to move; c3 is surrounded by black: playing there is suicide.
        let g = picture(
            "
            . . . . .
            . . X . .
            . X . X .
            . . X . .
            . . . . .",
            1,
        );
        assert!(!g.legal_moves().contains(&"c3".to_string()));
        assert_eq!(g.legal_moves().len(), 20);
        // The same, but black's c2 has c3 as its last liberty: white's c3 captures
        // c2 first and then has a liberty, so it is legal.
        let g = picture(
            "
            . . . . .
            . . X . .
            . X . X .
            . O X O .
            . . O . .",
            1,
        );
        let mut g2 = g.clone();
        g2.play("c3");
        assert_eq!(g2.last_captures(), ["c2"]);
    }

    #[test]
    fn gonnect_a_ko_retake_is_refused() {
        // Black's d3 captures white's c3; white's immediate retake at c3 would
        // recreate the position before black's move.
        let mut g = picture(
            "
            . . . . .
            . . X O .
            . X O . O
            . . X O .
            . . . . .",
            0,
        );
        g.play("d3");
        assert_eq!(g.last_captures(), ["c3"]);
        assert!(
            !g.legal_moves().contains(&"c3".to_string()),
            "the ko retake is refused"
        );
        // After a move elsewhere each, the retake makes a new position: legal.
        g.play("a5");
        g.play("e1");
        g.play("c3");
        assert_eq!(g.last_captures(), ["d3"]);
        assert!(!g.legal_moves().contains(&"d3".to_string()));
    }

    /// Sets one ko shape at column `c`, row `r` of a picture-less board: black
    /// (c+1,r+1) (c,r) (c+1,r-1), white (c+2,r+1) (c+3,r) (c+2,r-1), and in the ko
    /// either white's stone at (c+1,r) (`black_in = false`) or black's at (c+2,r).
    fn ko(g: &mut Gonnect, c: i32, r: i32, black_in: bool) {
        let mut set = |x: i32, y: i32, v: usize| {
            let cell = g.board.at(x, y).unwrap();
            g.cells[cell] = Some(v);
        };
        set(c + 1, r + 1, 0);
        set(c, r, 0);
        set(c + 1, r - 1, 0);
        set(c + 2, r + 1, 1);
        set(c + 3, r, 1);
        set(c + 2, r - 1, 1);
        if black_in {
            set(c + 2, r, 0);
        } else {
            set(c + 1, r, 1);
        }
    }

    #[test]
    fn gonnect_superko_refuses_a_triple_ko_cycle() {
        // 9x9 with three kos: K1 at (0,1) holding black's stone, K2 at (0,5) and
        // K3 at (5,1) holding white's. Black captures in a ko at c+2 (K1 c2, K2 c6,
        // K3 h2), white at c+1 (K1 b2, K2 b6, K3 g2). Six captures later the
        // starting position would recur: that sixth move is refused, although
        // every position two plies back differs (a plain ko rule would allow it).
        let mut g = Gonnect::new(9, false);
        ko(&mut g, 0, 1, true);
        ko(&mut g, 0, 5, false);
        ko(&mut g, 5, 1, false);
        g.history.insert(g.cells.clone());
        g.ply = 10;
        for (m, cap) in [
            ("c6", "b6"),
            ("b2", "c2"),
            ("h2", "g2"),
            ("b6", "c6"),
            ("c2", "b2"),
        ] {
            g.play(m);
            assert_eq!(g.last_captures(), [cap], "{m}");
        }
        assert_eq!(g.to_move(), 1);
        assert!(!g.legal_moves().contains(&"g2".to_string()), "superko");
        assert!(g.legal_moves().contains(&"e5".to_string()));
        // The same capture without that history is legal.
        let mut fresh = g.clone();
        fresh.history = HashSet::from([fresh.cells.clone()]);
        fresh.play("g2");
        assert_eq!(fresh.last_captures(), ["h2"]);
    }

    #[test]
    fn gonnect_swap_keeps_the_board_and_white_to_move() {
        let mut g = Gonnect::new(5, true);
        g.play("c3");
        assert!(g.legal_moves().contains(&"swap".to_string()));
        let before = g.board();
        g.play("swap");
        assert_eq!((g.board(), g.to_move(), g.ply()), (before, 1, 2));
        assert_eq!(g.history.len(), 2, "the swap adds no position");
        assert!(!g.legal_moves().contains(&"swap".to_string()));
    }

    #[test]
    fn gonnect_a_player_with_no_legal_move_loses() {
        // 2x2: black a1, white b1, black b2 captures b1. White's a2 and b1 would
        // each touch only black stones that keep a liberty: suicide. White has no
        // legal move and loses.
        let mut g = Gonnect::new(2, false);
        g.play("a1");
        g.play("b1");
        g.play("b2");
        assert_eq!(g.last_captures(), ["b1"]);
        assert_eq!(
            g.outcome(),
            Some(RefOutcome::Win {
                colour: 0,
                how: vec!["no-move"]
            })
        );
        assert!(g.legal_moves().is_empty());
    }

    #[test]
    fn gonnect_perft_file() {
        let t = read_perft("tests/data/gonnect-5.perft");
        assert_eq!((t.size, t.swap), (Some(5), true));
        let depth = checked_depth(&t);
        assert_eq!(perft(&Gonnect::new(5, t.swap), depth), t.counts[..depth]);
        // No capture, suicide or win is possible in the first three plies: every
        // placement counts, and the swap after each first move.
        assert_eq!(t.counts[..3], [25, 25 * 25, 25 * 24 * 23 + 25 * 24]);
    }

    #[test]
    fn gonnect_perft_depth4_counts_the_corner_suicides() {
        // Without the swap, ply 4 is white's second stone. It is suicide exactly
        // when it fills a corner whose two neighbours are black's two stones (it
        // cannot capture: a black edge stone has two more liberties): 4 corners,
        // 2 orders of black's stones, 22 places for white's first stone.
        let all = 25 * 24 * 23 * 22;
        assert_eq!(
            perft(&Gonnect::new(5, false), 4),
            [25, 600, 13800, all - 4 * 2 * 22]
        );
    }

    #[test]
    fn gonnect_random_games() {
        let t = std::time::Instant::now();
        let mut seen = Vec::new();
        let mut captures = 0;
        let mut no_move = 0;
        for n in [5, 6, 7] {
            for swap in [false, true] {
                let start = Gonnect::new(n, swap);
                let mut rng = Rng::new(13 * n as u64 + swap as u64);
                let mut wins = [0; 2];
                for i in 0..games(200) {
                    let (end, moves) = random_game(&start, &mut rng, 5000);
                    match end.outcome() {
                        Some(RefOutcome::Win { colour, how }) => {
                            wins[colour] += 1;
                            no_move += (how == ["no-move"]) as usize;
                        }
                        other => panic!("{other:?}"),
                    }
                    // Replay every fourth game, counting the captured stones.
                    if i % 4 != 0 {
                        continue;
                    }
                    let mut g = start.clone();
                    for m in &moves {
                        g.play(m);
                        captures += g.last_captures().len();
                    }
                    assert_eq!(g.board(), end.board());
                }
                assert!(wins[0] > 0 && wins[1] > 0, "{wins:?}");
                seen.push((n, swap, wins));
            }
        }
        // Captures happen in random play.
        assert!(captures > 0);
        eprintln!(
            "gonnect random games (n, swap, [black, white]): {seen:?}, {captures} captured stones, \
             {no_move} wins by no-move, in {:?}",
            t.elapsed()
        );
    }
}
