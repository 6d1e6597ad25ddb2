//! Negamax with alpha-beta over the three values loss (-1), draw (0) and win (1), for
//! the player to move, through the interpreter's own move generator (copy-make: clone,
//! then play). It is the simpler of the two searches and checks the other in the tests.
//!
//! The table holds bounds on each position's value (values are exact facts, not
//! depth-limited estimates, so bounds from different searches intersect) and the best
//! move found, stored in the orientation that gave the canonical key. Moves are tried
//! in this order: the table's move, then by a history score (moves that refuted
//! before), then central cells first. Positions with many empty cells first play every
//! move once, to find a move that wins at once or a child whose table entry settles
//! the position (enhanced transposition cutoffs).

use super::search::{work, Halt, Meter, Shared};
use crate::engine::state::{Move, Outcome, State};

/// No best move is known.
const NO_MOVE: u16 = u16::MAX;

/// Positions with at least this many empty cells expand all children first.
const EXPAND_MIN: usize = 14;

fn pack(lo: i8, hi: i8, best: u16) -> u64 {
    ((lo + 1) as u64) | (((hi + 1) as u64) << 2) | ((best as u64) << 4)
}

fn unpack(p: u64) -> (i8, i8, u16) {
    (
        (p & 3) as i8 - 1,
        ((p >> 2) & 3) as i8 - 1,
        ((p >> 4) & 0xFFFF) as u16,
    )
}

/// Bounds from two searches of one position intersect; the newer move wins unless
/// it has none. Contradictory bounds can only come from a key collision: trust the new.
fn merge(old: u64, new: u64) -> u64 {
    let (olo, ohi, obest) = unpack(old);
    let (nlo, nhi, nbest) = unpack(new);
    let (lo, hi) = (olo.max(nlo), ohi.min(nhi));
    let best = if nbest == NO_MOVE { obest } else { nbest };
    if lo <= hi {
        pack(lo, hi, best)
    } else {
        pack(nlo, nhi, best)
    }
}

/// One thread's alpha-beta search.
pub struct AlphaBeta<'a> {
    sh: &'a Shared,
    pub meter: Meter<'a>,
    /// `history[colour * codes + code]`: how often the move refuted a position.
    history: Vec<u32>,
    moves: Vec<Vec<Move>>,
    order: Vec<Vec<(u32, Move, u16)>>,
    kids: Vec<Vec<(u32, State, u16)>>,
}

impl<'a> AlphaBeta<'a> {
    pub fn new(sh: &'a Shared) -> AlphaBeta<'a> {
        AlphaBeta {
            sh,
            meter: Meter::new(sh),
            history: vec![0; 2 * sh.codec.len()],
            moves: Vec::new(),
            order: Vec::new(),
            kids: Vec::new(),
        }
    }

    /// The value of a finished game for the player to move there, counting the leaf.
    fn terminal(&mut self, s: &State) -> Option<i8> {
        let winner = self.meter.ending(s)?;
        Some(match winner {
            Some(c) if c == s.to_move() => 1,
            Some(_) => -1,
            None => 0,
        })
    }

    /// The value of `s` for the player to move, exact when it lies strictly between
    /// `alpha` and `beta`, else a bound on the failing side (fail-soft). Returns 0 when
    /// the search was halted; the caller then must not trust or store it.
    pub fn search(&mut self, s: &State, mut alpha: i8, mut beta: i8, depth: usize) -> i8 {
        if !self.meter.tick() {
            return 0;
        }
        if let Some(v) = self.terminal(s) {
            return v;
        }
        if depth > self.sh.max_depth {
            self.sh.stop(Halt::TooLong);
            return 0;
        }
        let before = self.meter.counts.nodes;
        let (key, sym, empties) = self.sh.keys.key(s);
        let mut tt_move = NO_MOVE;
        if let Some(p) = self.sh.table.probe(key) {
            let (lo, hi, best) = unpack(p);
            self.meter.counts.hits += 1;
            if lo >= beta || lo == hi {
                return lo;
            }
            if hi <= alpha {
                return hi;
            }
            alpha = alpha.max(lo);
            beta = beta.min(hi);
            if best != NO_MOVE {
                tt_move = self.sh.codec.map_code(best, &self.sh.keys.inverses[sym]);
            }
        }
        let (a0, b0) = (alpha, beta);
        if self.moves.len() <= depth {
            self.moves.resize_with(depth + 1, Vec::new);
            self.order.resize_with(depth + 1, Vec::new);
            self.kids.resize_with(depth + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.moves[depth]);
        let mut order = std::mem::take(&mut self.order[depth]);
        s.legal_moves_into(&mut moves);
        order.clear();
        let colour = s.to_move() & 1;
        let codes = self.sh.codec.len();
        for &m in &moves {
            let Some(code) = self.sh.codec.code(m) else {
                self.sh.stop(Halt::Unnamed);
                self.moves[depth] = moves;
                self.order[depth] = order;
                return 0;
            };
            let score = if code == tt_move {
                u32::MAX
            } else {
                self.history[colour * codes + code as usize]
                    .saturating_mul(64)
                    .saturating_add(self.sh.centrality[code as usize])
            };
            order.push((score, m, code));
        }
        if order.is_empty() {
            // Not over, yet no move: the rules promise this never happens. Score it as
            // a game without a winner rather than guess.
            self.meter.counts.other += 1;
            self.moves[depth] = moves;
            self.order[depth] = order;
            return 0;
        }
        order.sort_unstable_by_key(|o| std::cmp::Reverse(o.0));
        let mut best = -2i8;
        let mut best_code = NO_MOVE;
        // With many empty cells, play every move first (then `kids` holds the children
        // left to search, in order); otherwise play each when its turn comes.
        let expand = empties >= EXPAND_MIN;
        let mut kids = std::mem::take(&mut self.kids[depth]);
        kids.clear();
        let settled = if expand {
            self.expand(s, &order, alpha, beta, &mut kids, &mut best, &mut best_code)
        } else {
            None
        };
        let mut halted = false;
        if let Some((v, code)) = settled {
            best = v;
            best_code = code;
        } else {
            let n = if expand { kids.len() } else { order.len() };
            for i in 0..n {
                let fresh;
                let (child, code) = if expand {
                    (&kids[i].1, kids[i].2)
                } else {
                    let (_, m, code) = order[i];
                    let mut c = s.clone();
                    c.play_unchecked(m);
                    fresh = c;
                    (&fresh, code)
                };
                let v = -self.search(child, -beta, -alpha, depth + 1);
                if !self.meter.running() {
                    halted = true;
                    break;
                }
                if v > best {
                    best = v;
                    best_code = code;
                    if v > alpha {
                        alpha = v;
                        if alpha >= beta {
                            let n = moves.len() as u32;
                            let h = &mut self.history[colour * codes + code as usize];
                            *h = h.saturating_add(n * n);
                            break;
                        }
                    }
                }
            }
        }
        kids.clear();
        self.kids[depth] = kids;
        self.moves[depth] = moves;
        self.order[depth] = order;
        if halted {
            return 0;
        }
        let (lo, hi) = if best <= a0 {
            (-1, best)
        } else if best >= b0 {
            (best, 1)
        } else {
            (best, best)
        };
        let stored_move = if best_code == NO_MOVE {
            NO_MOVE
        } else {
            self.sh.codec.map_code(best_code, &self.sh.keys.maps[sym])
        };
        let w = work(self.meter.counts.nodes - before);
        let r = self
            .sh
            .table
            .store(key, pack(lo, hi, stored_move), w, merge);
        self.meter.stored(r);
        best
    }

    /// Plays every ordered move of `s` first: a win for the mover, or a child whose
    /// stored bound already decides, settles the node (its value and move code);
    /// children whose bound cannot raise `alpha` update `best` without a search; the
    /// rest go to `kids`, in order, to be searched.
    #[allow(clippy::too_many_arguments)]
    fn expand(
        &mut self,
        s: &State,
        order: &[(u32, Move, u16)],
        alpha: i8,
        beta: i8,
        kids: &mut Vec<(u32, State, u16)>,
        best: &mut i8,
        best_code: &mut u16,
    ) -> Option<(i8, u16)> {
        for &(score, m, code) in order {
            let mut child = s.clone();
            child.play_unchecked(m);
            if let Some(Outcome::Win(c)) = child.outcome() {
                if c == s.to_move() {
                    self.meter.counts.wins += 1;
                    return Some((1, code));
                }
            }
            if !child.is_over() {
                if let Some(p) = self.sh.table.probe(self.sh.keys.key(&child).0) {
                    let (lo, hi, _) = unpack(p);
                    self.meter.counts.hits += 1;
                    if -hi >= beta {
                        return Some((-hi, code));
                    }
                    if -lo <= alpha {
                        // It cannot raise alpha: its bound is all a search would say.
                        if -lo > *best {
                            *best = -lo;
                            *best_code = code;
                        }
                        continue;
                    }
                }
            }
            kids.push((score, child, code));
        }
        None
    }
}
