//! The search itself: negamax with alpha-beta over the three values loss, draw and win,
//! through the interpreter's own move generator (copy-make: clone, then play).
//!
//! Positions are keyed by Zobrist hashing of `State::cells`, the colour to move, the
//! swap's availability and whether it was used; the key is the smallest over the usable
//! symmetries, so a position and its mirror images share one table entry, and the best
//! move is stored in the orientation that gave the smallest key. Moves are tried in
//! this order: the table's move, then by a history score (moves that refuted before).
//! Every terminal position is scored for the player to move: a win for that colour 1, a
//! loss -1, and anything without a winner (a deadlock, a game stopped by a broken
//! claim) 0, as the rule file says the game ends with no winner.

use super::table::{Entry, Stored, Table, NO_MOVE};
use crate::board::Cell;
use crate::rules::Rules;
use crate::state::{Move, Outcome, State};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};
use std::time::Instant;

/// A small fast hasher for `Move` keys (FxHash's multiply-rotate).
#[derive(Default, Clone, Copy)]
pub struct Fx(u64);

impl Hasher for Fx {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_u8(&mut self, v: u8) {
        self.write_u64(v as u64)
    }
    fn write_u16(&mut self, v: u16) {
        self.write_u64(v as u64)
    }
    fn write_u32(&mut self, v: u32) {
        self.write_u64(v as u64)
    }
    fn write_usize(&mut self, v: usize) {
        self.write_u64(v as u64)
    }
}

/// Small integer codes for moves: `0..cells` the placement on each cell (found through
/// the move notation, so `Move` stays opaque), then the swap, then the pass. Codes index
/// the history table, and a placement's code maps under a symmetry like its cell.
#[derive(Debug, Clone)]
pub struct Codec {
    cells: usize,
    moves: Vec<Move>,
    index: HashMap<Move, u16, BuildHasherDefault<Fx>>,
}

impl Codec {
    pub fn new(rules: &Rules) -> Result<Codec, String> {
        let b = rules.board();
        let mut moves = Vec::with_capacity(b.len() + 2);
        for c in b.cells() {
            let name = b.cell_name(c);
            let m = Move::parse(&name, rules)
                .map_err(|e| format!("cannot name the placement on {name}: {e}"))?;
            if m.to_text(rules) != name {
                return Err(format!("the placement on {name} does not read back"));
            }
            moves.push(m);
        }
        moves.push(Move::Swap);
        moves.push(Move::Pass);
        let index = moves
            .iter()
            .enumerate()
            .map(|(i, &m)| (m, i as u16))
            .collect();
        Ok(Codec {
            cells: b.len(),
            moves,
            index,
        })
    }

    /// The number of codes.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    #[inline]
    pub fn code(&self, m: Move) -> Option<u16> {
        self.index.get(&m).copied()
    }

    pub fn decode(&self, code: u16) -> Move {
        self.moves[code as usize]
    }

    /// The image of a move's code under a cell map.
    #[inline]
    pub fn map_code(&self, code: u16, map: &[Cell]) -> u16 {
        if (code as usize) < self.cells {
            map[code as usize]
        } else {
            code
        }
    }

    /// The image of a move under a cell map, if the move has a code.
    pub fn map(&self, m: Move, map: &[Cell]) -> Option<Move> {
        self.code(m).map(|c| self.decode(self.map_code(c, map)))
    }
}

/// Position keys: Zobrist numbers per (cell, content) and for the side facts.
pub struct Keys {
    /// `cell * 256 + content`.
    z: Vec<u64>,
    turn: [u64; 2],
    swapped: u64,
    swap_open: u64,
    /// The usable symmetries and their inverses.
    pub maps: Vec<Vec<Cell>>,
    pub inverses: Vec<Vec<Cell>>,
    has_swap: bool,
}

/// The most symmetries a board offers (a square's eight).
pub const MAX_SYMMETRIES: usize = 12;

impl Keys {
    pub fn new(rules: &Rules, maps: Vec<Vec<Cell>>, inverses: Vec<Vec<Cell>>) -> Keys {
        let mut rng = crate::rng::Rng::new(0x7EF7_5017_u64);
        let n = rules.board().len();
        let mut z: Vec<u64> = (0..n * 256).map(|_| rng.next_u64()).collect();
        for c in 0..n {
            z[c * 256] = 0; // empty cells add nothing
        }
        assert!(maps.len() <= MAX_SYMMETRIES);
        Keys {
            z,
            turn: [rng.next_u64(), rng.next_u64()],
            swapped: rng.next_u64(),
            swap_open: rng.next_u64(),
            maps,
            inverses,
            has_swap: rules.has_swap(),
        }
    }

    /// The canonical key of a position and the index of the symmetry that gives it.
    #[inline]
    pub fn key(&self, s: &State) -> (u64, usize) {
        let g = self.maps.len();
        let mut h = [0u64; MAX_SYMMETRIES];
        for (c, &v) in s.cells().iter().enumerate() {
            if v != 0 {
                for k in 0..g {
                    h[k] ^= self.z[(self.maps[k][c] as usize) << 8 | v as usize];
                }
            }
        }
        let mut side = self.turn[s.to_move() & 1];
        if s.swapped() {
            side ^= self.swapped;
        }
        if self.has_swap && s.ply() == 1 && !s.swapped() {
            side ^= self.swap_open;
        }
        let mut best = (h[0] ^ side, 0);
        for (k, &hk) in h.iter().enumerate().take(g).skip(1) {
            if hk ^ side < best.0 {
                best = (hk ^ side, k);
            }
        }
        best
    }
}

/// Why a search stopped before its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum Halt {
    Running = 0,
    /// The answer is known (another root move won).
    Done = 1,
    /// The node budget ran out.
    Budget = 2,
    /// A line grew longer than any game of a board this size can be.
    TooLong = 3,
    /// A legal move could not be given a code.
    Unnamed = 4,
}

/// What all threads share.
pub struct Shared {
    pub table: Table,
    pub keys: Keys,
    pub codec: Codec,
    /// A `Halt` as a byte.
    pub halt: AtomicU8,
    pub nodes: AtomicU64,
    pub max_nodes: u64,
    /// The longest line a search may follow before it is declared unbounded.
    pub max_depth: usize,
    /// Static order of placements: central cells first.
    pub centrality: Vec<u32>,
    pub started: Instant,
    /// Table entries filled so far, over all threads (updated every few thousand nodes).
    pub filled: AtomicU64,
}

impl Shared {
    pub fn halted(&self) -> Halt {
        match self.halt.load(Relaxed) {
            0 => Halt::Running,
            1 => Halt::Done,
            2 => Halt::Budget,
            3 => Halt::TooLong,
            _ => Halt::Unnamed,
        }
    }

    /// Asks every search to stop (the first reason wins).
    pub fn stop(&self, why: Halt) {
        let _ = self
            .halt
            .compare_exchange(Halt::Running as u8, why as u8, Relaxed, Relaxed);
    }
}

/// Counts one thread gathers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    /// Positions searched (interior and terminal).
    pub nodes: u64,
    /// Terminal positions met: won, drawn (no winner: deadlock), stopped by a broken claim,
    /// or ended some other way the solver does not know (scored as no winner).
    pub wins: u64,
    pub draws: u64,
    pub stopped: u64,
    pub other: u64,
    /// Table stores that filled an empty slot, and that replaced another position.
    pub filled: u64,
    pub replaced: u64,
    pub hits: u64,
}

impl Counts {
    pub fn add(&mut self, o: &Counts) {
        self.nodes += o.nodes;
        self.wins += o.wins;
        self.draws += o.draws;
        self.stopped += o.stopped;
        self.other += o.other;
        self.filled += o.filled;
        self.replaced += o.replaced;
        self.hits += o.hits;
    }
}

/// One thread's search.
pub struct Searcher<'a> {
    sh: &'a Shared,
    pub counts: Counts,
    unflushed: u64,
    unflushed_filled: u64,
    /// `history[colour * codes + code]`: how often the move refuted a position.
    history: Vec<u32>,
    moves: Vec<Vec<Move>>,
    order: Vec<Vec<(u32, Move, u16)>>,
}

/// Nodes between looks at the shared state (stop flag, budget, progress).
const CHECK_EVERY: u64 = 1 << 12;

impl<'a> Searcher<'a> {
    pub fn new(sh: &'a Shared) -> Searcher<'a> {
        Searcher {
            sh,
            counts: Counts::default(),
            unflushed: 0,
            unflushed_filled: 0,
            history: vec![0; 2 * sh.codec.len()],
            moves: Vec::new(),
            order: Vec::new(),
        }
    }

    /// Adds this thread's unreported nodes to the shared count.
    pub fn flush(&mut self) {
        self.sh.nodes.fetch_add(self.unflushed, Relaxed);
        self.sh.filled.fetch_add(self.unflushed_filled, Relaxed);
        self.unflushed = 0;
        self.unflushed_filled = 0;
    }

    fn tick(&mut self) -> bool {
        self.counts.nodes += 1;
        self.unflushed += 1;
        if self.unflushed >= CHECK_EVERY {
            let before = self.sh.nodes.load(Relaxed);
            self.flush();
            if before + CHECK_EVERY >= self.sh.max_nodes {
                self.sh.stop(Halt::Budget);
            }
        }
        self.sh.halted() == Halt::Running
    }

    /// The value of a finished game for the player to move there, counting the leaf.
    fn terminal(&mut self, s: &State) -> Option<i8> {
        let o = s.outcome()?;
        Some(match o {
            Outcome::Win(c) => {
                self.counts.wins += 1;
                if c == s.to_move() {
                    1
                } else {
                    -1
                }
            }
            Outcome::Draw(_) => {
                self.counts.draws += 1;
                0
            }
            Outcome::Stopped(_) => {
                self.counts.stopped += 1;
                0
            }
            #[allow(unreachable_patterns)]
            _ => {
                self.counts.other += 1;
                0
            }
        })
    }

    /// The value of `s` for the player to move, exact when it lies strictly between
    /// `alpha` and `beta`, else a bound on the failing side (fail-soft). Returns 0 when
    /// the search was halted; the caller then must not trust or store it.
    pub fn search(&mut self, s: &State, mut alpha: i8, mut beta: i8, depth: usize) -> i8 {
        if !self.tick() {
            return 0;
        }
        if let Some(v) = self.terminal(s) {
            return v;
        }
        if depth > self.sh.max_depth {
            self.sh.stop(Halt::TooLong);
            return 0;
        }
        let before = self.counts.nodes;
        let (key, sym) = self.sh.keys.key(s);
        let mut tt_move = NO_MOVE;
        if let Some(e) = self.sh.table.probe(key) {
            self.counts.hits += 1;
            if e.lo >= beta || e.lo == e.hi {
                return e.lo;
            }
            if e.hi <= alpha {
                return e.hi;
            }
            alpha = alpha.max(e.lo);
            beta = beta.min(e.hi);
            if e.best != NO_MOVE {
                tt_move = self
                    .sh
                    .codec
                    .map_code(e.best, &self.sh.keys.inverses[sym]);
            }
        }
        let (a0, b0) = (alpha, beta);
        if self.moves.len() <= depth {
            self.moves.resize_with(depth + 1, Vec::new);
            self.order.resize_with(depth + 1, Vec::new);
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
            self.counts.other += 1;
            self.moves[depth] = moves;
            self.order[depth] = order;
            return 0;
        }
        order.sort_unstable_by(|a, b| b.0.cmp(&a.0));
        let mut best = -2i8;
        let mut best_code = NO_MOVE;
        let mut halted = false;
        for &(_, m, code) in order.iter() {
            let mut child = s.clone();
            child.play_unchecked(m);
            let v = -self.search(&child, -beta, -alpha, depth + 1);
            if self.sh.halted() != Halt::Running {
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
        let work = 64 - (self.counts.nodes - before).leading_zeros();
        match self.sh.table.store(
            key,
            Entry {
                lo,
                hi,
                best: stored_move,
            },
            work as u8,
        ) {
            Stored::Filled => {
                self.counts.filled += 1;
                self.unflushed_filled += 1;
            }
            Stored::Replaced => self.counts.replaced += 1,
            Stored::Updated => {}
        }
        best
    }
}
