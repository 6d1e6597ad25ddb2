//! Hand-written, single-game reference implementations of **Crossway** and
//! **Crosswind** in plain std-only Rust (and, in the submodules `windborne` and
//! `crossings`, of **Windborne** and **Crossings**, described there).
//!
//! Why this exists:
//! * as a speed baseline: the general game interpreter is benchmarked against
//!   these playout loops, which are written the way one would write a fast
//!   dedicated engine (flat bordered `u8` board, glyph tests written out by
//!   hand around the new stone, union-find with per-root edge bits, an
//!   empty-point list with rejection sampling, no heap allocation per move);
//! * as an independent implementation: its perft counts cross-check the
//!   interpreter's move generation and end-of-game logic.
//!
//! Rules implemented (both games): N x N points (2 <= N <= 25), a1 bottom-left,
//! Black moves first and owns rows 1 and N, White owns columns a and the last
//! one (corners belong to both of their edges). A move places a stone on an
//! empty point unless the resulting position contains a forbidden glyph (in any
//! rotation / reflection / colour exchange, wholly on the board) through the new
//! stone. Optional swap (pie) rule: at ply 1 only, the second player may swap
//! instead of placing; the board is unchanged and White is still to place, so
//! in colour terms the swap keeps the colour to move.
//! * Crossway: glyph = crosscut `X O / O X`; 8-connectivity; a player with no
//!   legal placement (and no swap) must pass; if neither side can place the
//!   game is a draw (no pass is played in that case).
//! * Crosswind: glyphs = naked diagonal `X x / x X`, knight bend
//!   `X . O / . . X`, long switch `X . . O / O . . X`, loose crosscut
//!   `X . O / . . . / O . X`; 4-connectivity; no passing: a player with no
//!   legal placement ends the game "stuck" (no winner).
//!
//! A player wins when one of their groups touches both of their edges (only
//! the mover can win). Perft counts every move: placements, the swap where
//! legal, and Crossway's forced pass; won / finished games are not extended.

#![allow(dead_code)]

pub mod crossings;
pub mod windborne;

use std::fmt;
use std::marker::PhantomData;

/// Largest supported board side.
pub const MAX_N: usize = 25;
/// Off-board border width: the widest glyph reaches 3 points from the new stone.
const BORDER: usize = 3;
/// Array capacity: (MAX_N + 2 * BORDER)^2 = 961 <= 1024. Indices are masked
/// with `CAP - 1`, which lets the compiler drop every bounds check.
pub const CAP: usize = 1024;
const IDX: usize = CAP - 1;

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
/// Off-board marker: never equal to a colour or to EMPTY, so any glyph test
/// touching it fails, which is exactly "the glyph must lie on the board".
const OFF: u8 = 3;

/// Edge bits: bottom/top rows for Black, left/right columns for White.
const E_BOTTOM: u8 = 1;
const E_TOP: u8 = 2;
const E_LEFT: u8 = 4;
const E_RIGHT: u8 = 8;

#[inline(always)]
fn edge_target(c: u8) -> u8 {
    if c == BLACK {
        E_BOTTOM | E_TOP
    } else {
        E_LEFT | E_RIGHT
    }
}

/// Board value at `p + d` (masked index, no bounds check, no panic).
#[inline(always)]
fn at(b: &[u8; CAP], p: usize, d: isize) -> u8 {
    b[p.wrapping_add(d as usize) & IDX]
}

// ---------------------------------------------------------------------------
// RNG
// ---------------------------------------------------------------------------

/// xoshiro256** seeded through splitmix64.
#[derive(Clone, Debug)]
pub struct Rng {
    s: [u64; 4],
}

impl Rng {
    pub fn new(seed: u64) -> Self {
        let mut z = seed;
        let mut s = [0u64; 4];
        for x in s.iter_mut() {
            z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut r = z;
            r = (r ^ (r >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            r = (r ^ (r >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            *x = r ^ (r >> 31);
        }
        Rng { s }
    }

    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        let result = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }

    /// Uniform integer in `0..n` (Lemire's nearly-divisionless method, unbiased).
    /// `n` must be > 0.
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0);
        let mut m = self.next_u32() as u64 * n as u64;
        let mut l = m as u32;
        if l < n {
            let t = n.wrapping_neg() % n;
            while l < t {
                m = self.next_u32() as u64 * n as u64;
                l = m as u32;
            }
        }
        (m >> 32) as u32
    }
}

// ---------------------------------------------------------------------------
// Public value types
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Colour {
    Black = 1,
    White = 2,
}

impl Colour {
    pub fn other(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }
    fn from_u8(v: u8) -> Colour {
        if v == BLACK {
            Colour::Black
        } else {
            Colour::White
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The given colour connected its two edges.
    Win(Colour),
    /// Crossway: neither player can place.
    Draw,
    /// Crosswind: the player to move has no legal placement.
    Stuck,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayoutResult {
    pub outcome: Outcome,
    /// Moves played, counting placements, the swap and passes.
    pub plies: u32,
    /// Whether the swap was taken (seat-to-colour mapping changed).
    pub swapped: bool,
}

/// A move. `col` 0 = column a, `row` 0 = row 1 (bottom).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Place { col: usize, row: usize },
    Swap,
    Pass,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Place { col, row } => write!(f, "{}{}", (b'a' + col as u8) as char, row + 1),
            Move::Swap => f.write_str("swap"),
            Move::Pass => f.write_str("pass"),
        }
    }
}

// ---------------------------------------------------------------------------
// Rules (static dispatch: everything below is monomorphised per game)
// ---------------------------------------------------------------------------

pub trait Rules {
    const NAME: &'static str;
    /// 8-neighbour connectivity (Crossway) instead of 4 (Crosswind).
    const EIGHT: bool;
    /// A blocked player passes (Crossway) instead of ending the game (Crosswind).
    const PASS: bool;
    /// Outcome when the mover cannot move at all.
    const BLOCKED: Outcome;
    /// True if placing colour `c` on the empty point `p` creates no glyph.
    /// `w` is the row stride of the bordered board.
    fn legal(b: &[u8; CAP], w: isize, p: usize, c: u8) -> bool;
}

pub struct CrosswayRules;
pub struct CrosswindRules;

impl Rules for CrosswayRules {
    const NAME: &'static str = "Crossway";
    const EIGHT: bool = true;
    const PASS: bool = true;
    const BLOCKED: Outcome = Outcome::Draw;

    #[inline(always)]
    fn legal(b: &[u8; CAP], w: isize, p: usize, c: u8) -> bool {
        let o = c ^ 3;
        // Crosscut X O / O X with the new stone at an X: the diagonal
        // neighbour is ours and both shared orthogonal neighbours are theirs.
        let mut bad = false;
        for (a, v) in [(1, w), (-1, w), (1, -w), (-1, -w)] {
            bad |= (at(b, p, a + v) == c) & (at(b, p, a) == o) & (at(b, p, v) == o);
        }
        !bad
    }
}

impl Rules for CrosswindRules {
    const NAME: &'static str = "Crosswind";
    const EIGHT: bool = false;
    const PASS: bool = false;
    const BLOCKED: Outcome = Outcome::Stuck;

    #[inline(always)]
    fn legal(b: &[u8; CAP], w: isize, p: usize, c: u8) -> bool {
        let o = c ^ 3;
        // The new stone can only be an X or O cell of a glyph: on an `x` cell
        // the glyph would already have matched before the move. Every glyph has
        // stones at its bounding-box corners, so "wholly on the board" holds
        // whenever those match (OFF never equals a colour or EMPTY).
        // Each stage is written branch-free (`&`, `|` on bools): late in a game
        // the outcome of each test is unpredictable, and this measured ~25%
        // faster than testing glyph by glyph. Two early exits between stages
        // (a naked diagonal rejects; no unlike stone near accepts) measured
        // another ~30% faster at 9x9 and 13x13.
        let e = |d: isize| at(b, p, d);
        let mut bad = false;
        // Naked diagonal X x / x X, new stone = an X: the commonest reason a point is
        // illegal, so it is tested first and alone.
        for (a, v) in [(1, w), (-1, w), (1, -w), (-1, -w)] {
            bad |= (e(a + v) == c) & (e(a) != c) & (e(v) != c);
        }
        if bad {
            return false;
        }
        // Every other glyph needs an unlike stone one or two points away orthogonally.
        let unlike = (e(1) == o)
            | (e(-1) == o)
            | (e(w) == o)
            | (e(-w) == o)
            | (e(2) == o)
            | (e(-2) == o)
            | (e(2 * w) == o)
            | (e(-2 * w) == o);
        if !unlike {
            return true;
        }
        // Diagonal frames (a horizontal, v vertical).
        for (a, v) in [(1, w), (-1, w), (1, -w), (-1, -w)] {
            // Loose crosscut X . O / . . . / O . X, new stone = a corner.
            bad |= (e(2 * a + 2 * v) == c)
                & (e(2 * a) == o)
                & (e(2 * v) == o)
                & (e(a) == EMPTY)
                & (e(v) == EMPTY)
                & (e(a + v) == EMPTY)
                & (e(2 * a + v) == EMPTY)
                & (e(a + 2 * v) == EMPTY);
        }
        // All 8 frames (a = long axis, s = short axis) of the 2x3 and 2x4
        // glyphs with the new stone at a corner; each needs p+a, p+a+s empty.
        for a in [1, -1, w, -w] {
            let ea = e(a) == EMPTY;
            let perp = if a == 1 || a == -1 { w } else { 1 };
            for s in [perp, -perp] {
                let eas = e(a + s) == EMPTY;
                let far = e(2 * a + s);
                let c2 = e(2 * a);
                let cs = e(s);
                // Knight bend X . O / . . X, new stone = an X: the other X at
                // p+2a+s, one remaining corner O and the other empty.
                let kx = (far == c) & (((c2 == o) & (cs == EMPTY)) | ((c2 == EMPTY) & (cs == o)));
                // Knight bend, new stone = the O: the X's at p+s and p+2a.
                let ko = (far == EMPTY) & (cs == o) & (c2 == o);
                // Long switch X . . O / O . . X, new stone = a corner.
                let ls = (far == EMPTY)
                    & (cs == o)
                    & (c2 == EMPTY)
                    & (e(3 * a) == o)
                    & (e(3 * a + s) == c);
                bad |= ea & eas & (kx | ko | ls);
            }
        }
        !bad
    }
}

pub type Crossway = Game<CrosswayRules>;
pub type Crosswind = Game<CrosswindRules>;

// ---------------------------------------------------------------------------
// Position: board + union-find, fixed arrays, copyable for perft
// ---------------------------------------------------------------------------

#[derive(Clone)]
struct Pos {
    board: [u8; CAP],
    parent: [u16; CAP],
    /// Edge bits of the group, valid at roots.
    gmask: [u8; CAP],
    to_move: u8,
    ply: u32,
    swapped: bool,
    outcome: Option<Outcome>,
}

impl Pos {
    fn new() -> Self {
        Pos {
            board: [OFF; CAP],
            parent: [0; CAP],
            gmask: [0; CAP],
            to_move: BLACK,
            ply: 0,
            swapped: false,
            outcome: None,
        }
    }

    /// Copies the first `len` cells (the whole bordered board) and the scalars.
    #[inline]
    fn copy_from(&mut self, o: &Pos, len: usize) {
        self.board[..len].copy_from_slice(&o.board[..len]);
        self.parent[..len].copy_from_slice(&o.parent[..len]);
        self.gmask[..len].copy_from_slice(&o.gmask[..len]);
        self.to_move = o.to_move;
        self.ply = o.ply;
        self.swapped = o.swapped;
        self.outcome = o.outcome;
    }

    #[inline(always)]
    fn find(&mut self, mut x: usize) -> usize {
        loop {
            let p = self.parent[x & IDX] as usize;
            if p == x {
                return x;
            }
            let gp = self.parent[p & IDX];
            self.parent[x & IDX] = gp; // path halving
            x = gp as usize;
        }
    }

    /// Puts a stone of colour `c` on `p` and merges groups. Returns true if
    /// the stone's group now touches both of `c`'s edges. Does not touch
    /// `to_move` / `ply`.
    #[inline(always)]
    fn place<R: Rules>(&mut self, ebits: &[u8; CAP], w: isize, p: usize, c: u8) -> bool {
        self.board[p & IDX] = c;
        let dirs = [1, -1, w, -w, w + 1, w - 1, -w + 1, -w - 1];
        let k = if R::EIGHT { 8 } else { 4 };
        let mut root = usize::MAX;
        let mut m = ebits[p & IDX];
        for &d in &dirs[..k] {
            let q = p.wrapping_add(d as usize);
            if self.board[q & IDX] == c {
                let r = self.find(q);
                if root == usize::MAX {
                    root = r;
                } else if r != root {
                    self.parent[r & IDX] = root as u16;
                    m |= self.gmask[r & IDX];
                }
            }
        }
        if root == usize::MAX {
            root = p;
        } else {
            m |= self.gmask[root & IDX];
        }
        self.parent[p & IDX] = root as u16;
        self.gmask[root & IDX] = m;
        let t = edge_target(c);
        m & t == t
    }
}

// ---------------------------------------------------------------------------
// Game
// ---------------------------------------------------------------------------

/// One game (Crossway or Crosswind via `R`) on an N x N board.
pub struct Game<R: Rules> {
    n: usize,
    /// Row stride of the bordered board (N + 2 * BORDER).
    w: usize,
    swap: bool,
    /// Bordered indices of the N*N points, a1, b1, ..., row by row.
    cells: Vec<u16>,
    /// Edge bits of every point.
    ebits: [u8; CAP],
    pos: Pos,
    /// Playout scratch: the empty points (only meaningful inside `playout`).
    empties: Vec<u16>,
    _rules: PhantomData<R>,
}

impl<R: Rules> Clone for Game<R> {
    fn clone(&self) -> Self {
        Game {
            n: self.n,
            w: self.w,
            swap: self.swap,
            cells: self.cells.clone(),
            ebits: self.ebits,
            pos: self.pos.clone(),
            empties: self.empties.clone(),
            _rules: PhantomData,
        }
    }
}

impl<R: Rules> Game<R> {
    /// New game on an `n` x `n` board (2 <= n <= 25), with or without swap.
    pub fn new(n: usize, swap: bool) -> Self {
        assert!((2..=MAX_N).contains(&n), "board size must be 2..=25");
        let w = n + 2 * BORDER;
        let mut cells = Vec::with_capacity(n * n);
        let mut ebits = [0u8; CAP];
        for row in 0..n {
            for col in 0..n {
                let p = (row + BORDER) * w + col + BORDER;
                cells.push(p as u16);
                let mut e = 0;
                if row == 0 {
                    e |= E_BOTTOM;
                }
                if row == n - 1 {
                    e |= E_TOP;
                }
                if col == 0 {
                    e |= E_LEFT;
                }
                if col == n - 1 {
                    e |= E_RIGHT;
                }
                ebits[p] = e;
            }
        }
        let mut g = Game {
            n,
            w,
            swap,
            cells,
            ebits,
            pos: Pos::new(),
            empties: Vec::with_capacity(n * n),
            _rules: PhantomData,
        };
        g.reset();
        g
    }

    pub fn name(&self) -> &'static str {
        R::NAME
    }
    pub fn size(&self) -> usize {
        self.n
    }
    pub fn swap_enabled(&self) -> bool {
        self.swap
    }

    /// Back to the empty board, Black to move.
    pub fn reset(&mut self) {
        let pos = &mut self.pos;
        pos.board.fill(OFF);
        for &p in &self.cells {
            pos.board[p as usize] = EMPTY;
        }
        pos.to_move = BLACK;
        pos.ply = 0;
        pos.swapped = false;
        pos.outcome = None;
        self.empties.clear();
        self.empties.extend_from_slice(&self.cells);
    }

    #[inline]
    fn idx(&self, col: usize, row: usize) -> usize {
        assert!(col < self.n && row < self.n, "point off the board");
        (row + BORDER) * self.w + col + BORDER
    }

    pub fn to_move(&self) -> Colour {
        Colour::from_u8(self.pos.to_move)
    }
    pub fn ply(&self) -> u32 {
        self.pos.ply
    }
    pub fn swapped(&self) -> bool {
        self.pos.swapped
    }
    /// `None` while the game is in progress.
    pub fn outcome(&self) -> Option<Outcome> {
        self.pos.outcome
    }
    pub fn stone(&self, col: usize, row: usize) -> Option<Colour> {
        match self.pos.board[self.idx(col, row)] {
            EMPTY => None,
            v => Some(Colour::from_u8(v)),
        }
    }

    /// Test/setup helper: puts a stone without any legality check and without
    /// changing the side to move or the ply. Returns true if it connects.
    pub fn set_stone(&mut self, col: usize, row: usize, c: Colour) -> bool {
        let p = self.idx(col, row);
        assert_eq!(self.pos.board[p], EMPTY, "point occupied");
        self.pos
            .place::<R>(&self.ebits, self.w as isize, p, c as u8)
    }

    /// Test/setup helper: sets the colour to move.
    pub fn set_to_move(&mut self, c: Colour) {
        self.pos.to_move = c as u8;
    }

    /// Whether colour `c` may place on (col, row) in the current position
    /// (point empty and no glyph created); ignores whose turn it is.
    pub fn is_legal_placement(&self, col: usize, row: usize, c: Colour) -> bool {
        let p = self.idx(col, row);
        self.pos.board[p] == EMPTY && R::legal(&self.pos.board, self.w as isize, p, c as u8)
    }

    fn has_placement(&self, pos: &Pos, c: u8) -> bool {
        let w = self.w as isize;
        self.cells
            .iter()
            .any(|&q| pos.board[q as usize] == EMPTY && R::legal(&pos.board, w, q as usize, c))
    }

    fn swap_available(&self, pos: &Pos) -> bool {
        self.swap && pos.ply == 1
    }

    /// All legal moves in the current position (placements in a1, b1, ...
    /// order, then swap, or a lone pass). Empty when the game is over.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut v = Vec::new();
        let pos = &self.pos;
        if pos.outcome.is_some() {
            return v;
        }
        let w = self.w as isize;
        let c = pos.to_move;
        for (i, &q) in self.cells.iter().enumerate() {
            let p = q as usize;
            if pos.board[p] == EMPTY && R::legal(&pos.board, w, p, c) {
                v.push(Move::Place {
                    col: i % self.n,
                    row: i / self.n,
                });
            }
        }
        if self.swap_available(pos) {
            v.push(Move::Swap);
        }
        if v.is_empty() && R::PASS && self.has_placement(pos, c ^ 3) {
            v.push(Move::Pass);
        }
        v
    }

    /// Plays `m` if legal (returns false otherwise) and updates `outcome()`:
    /// a win, or Draw / Stuck when the new mover has no move at all.
    pub fn play(&mut self, m: Move) -> bool {
        if !self.legal_moves().contains(&m) {
            return false;
        }
        let c = self.pos.to_move;
        self.pos.ply += 1;
        match m {
            Move::Place { col, row } => {
                let p = self.idx(col, row);
                if self.pos.place::<R>(&self.ebits, self.w as isize, p, c) {
                    self.pos.outcome = Some(Outcome::Win(Colour::from_u8(c)));
                    return true;
                }
                self.pos.to_move = c ^ 3;
            }
            Move::Swap => self.pos.swapped = true,
            Move::Pass => self.pos.to_move = c ^ 3,
        }
        if self.legal_moves().is_empty() {
            self.pos.outcome = Some(R::BLOCKED);
        }
        true
    }

    /// Plays one game from the empty board with uniformly random legal moves.
    /// No allocation: the empty-point list is reused across playouts.
    pub fn playout(&mut self, rng: &mut Rng) -> PlayoutResult {
        self.reset();
        let w = self.w as isize;
        let swap = self.swap;
        let ebits = &self.ebits;
        let pos = &mut self.pos;
        let em = &mut self.empties[..];
        let mut ne = em.len();
        let outcome = loop {
            let c = pos.to_move;
            // Rejection sampling without replacement over the untested
            // candidates em[..kc] (+ the swap as a virtual last candidate).
            let s = (swap && pos.ply == 1) as usize;
            let mut kc = ne;
            let mut pick = usize::MAX;
            while kc + s > 0 {
                let i = rng.below((kc + s) as u32) as usize;
                if i == kc {
                    pick = ne; // swap
                    break;
                }
                if R::legal(&pos.board, w, em[i] as usize, c) {
                    pick = i;
                    break;
                }
                kc -= 1;
                em.swap(i, kc);
            }
            pos.ply += 1;
            if pick < ne {
                let p = em[pick] as usize;
                ne -= 1;
                em[pick] = em[ne];
                if pos.place::<R>(ebits, w, p, c) {
                    break Outcome::Win(Colour::from_u8(c));
                }
                pos.to_move = c ^ 3;
            } else if pick == ne {
                pos.swapped = true;
            } else if R::PASS
                && em[..ne]
                    .iter()
                    .any(|&q| R::legal(&pos.board, w, q as usize, c ^ 3))
            {
                pos.to_move = c ^ 3; // forced pass
            } else {
                pos.ply -= 1; // no move was played
                break R::BLOCKED;
            }
        };
        pos.outcome = Some(outcome);
        PlayoutResult {
            outcome,
            plies: pos.ply,
            swapped: pos.swapped,
        }
    }

    /// Perft from the empty board: element d-1 is the number of move sequences
    /// of exactly d moves (d = 1..=depth). Leaves the game reset.
    pub fn perft(&mut self, depth: u32) -> Vec<u64> {
        self.reset();
        self.perft_here(depth)
    }

    /// Perft from the current position (all zeros if the game is over).
    /// Copy-make on a preallocated stack of positions.
    pub fn perft_here(&self, depth: u32) -> Vec<u64> {
        let d = depth as usize;
        let mut counts = vec![0u64; d];
        if d > 0 && self.pos.outcome.is_none() {
            let mut stack: Vec<Pos> = (0..=d).map(|_| self.pos.clone()).collect();
            self.perft_rec(&mut stack, 0, &mut counts);
        }
        counts
    }

    fn perft_rec(&self, stack: &mut [Pos], level: usize, counts: &mut [u64]) {
        let w = self.w as isize;
        let len = self.w * self.w;
        let deeper = level + 1 < counts.len();
        let c = stack[level].to_move;
        let mut moved = false;
        for &q in &self.cells {
            let p = q as usize;
            {
                let cur = &stack[level];
                if cur.board[p] != EMPTY || !R::legal(&cur.board, w, p, c) {
                    continue;
                }
            }
            moved = true;
            counts[level] += 1;
            if deeper {
                let (a, b) = stack.split_at_mut(level + 1);
                let child = &mut b[0];
                child.copy_from(&a[level], len);
                child.ply += 1;
                if !child.place::<R>(&self.ebits, w, p, c) {
                    child.to_move = c ^ 3;
                    self.perft_rec(stack, level + 1, counts);
                }
            }
        }
        let swap = self.swap_available(&stack[level]);
        let pass = !swap && !moved && R::PASS && self.has_placement(&stack[level], c ^ 3);
        if swap || pass {
            counts[level] += 1;
            if deeper {
                let (a, b) = stack.split_at_mut(level + 1);
                let child = &mut b[0];
                child.copy_from(&a[level], len);
                child.ply += 1;
                if pass {
                    child.to_move = c ^ 3;
                } else {
                    child.swapped = true;
                }
                self.perft_rec(stack, level + 1, counts);
            }
        }
    }
}

impl<R: Rules> fmt::Display for Game<R> {
    /// Row N at the top; `X` Black, `O` White, `.` empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..self.n).rev() {
            for col in 0..self.n {
                let ch = match self.pos.board[self.idx(col, row)] {
                    BLACK => 'X',
                    WHITE => 'O',
                    _ => '.',
                };
                write!(f, "{}", ch)?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------

#[cfg(test)]
mod tests {
    use super::*;

    /// Builds a position from rows (top row first): X black, O white, . empty.
    fn diagram<R: Rules>(rows: &[&str]) -> Game<R> {
        let n = rows.len();
        let mut g = Game::<R>::new(n, false);
        for (i, r) in rows.iter().enumerate() {
            let row = n - 1 - i;
            for (col, ch) in r.chars().enumerate() {
                match ch {
                    'X' => {
                        g.set_stone(col, row, Colour::Black);
                    }
                    'O' => {
                        g.set_stone(col, row, Colour::White);
                    }
                    _ => {}
                }
            }
        }
        g
    }

    /// Finds the point marked `?` (top row first) and returns (col, row).
    fn marked(rows: &[&str]) -> (usize, usize) {
        let n = rows.len();
        for (i, r) in rows.iter().enumerate() {
            if let Some(col) = r.find('?') {
                return (col, n - 1 - i);
            }
        }
        panic!("no ? in diagram");
    }

    /// Applies one of the 8 square symmetries and optionally exchanges colours.
    fn transform(rows: &[&str], sym: usize, swap_colours: bool) -> Vec<String> {
        let n = rows.len();
        let g: Vec<Vec<char>> = rows.iter().map(|r| r.chars().collect()).collect();
        let mut out = vec![vec!['.'; n]; n];
        for (r, line) in g.iter().enumerate() {
            for (c, &ch) in line.iter().enumerate() {
                let (mut rr, mut cc) = (r, c);
                if sym & 1 != 0 {
                    cc = n - 1 - cc;
                }
                if sym & 2 != 0 {
                    rr = n - 1 - rr;
                }
                if sym & 4 != 0 {
                    std::mem::swap(&mut rr, &mut cc);
                }
                let ch = match (ch, swap_colours) {
                    ('X', true) => 'O',
                    ('O', true) => 'X',
                    (x, _) => x,
                };
                out[rr][cc] = ch;
            }
        }
        out.into_iter().map(|v| v.into_iter().collect()).collect()
    }

    /// Asserts legality of the `?` point for colour `who` ('X' or 'O') in all
    /// 8 orientations, and with colours exchanged.
    fn check<R: Rules>(rows: &[&str], who: char, expect_legal: bool) {
        for sym in 0..8 {
            for sc in [false, true] {
                let t = transform(rows, sym, sc);
                let tr: Vec<&str> = t.iter().map(|s| s.as_str()).collect();
                let g = diagram::<R>(&tr);
                let (col, row) = marked(&tr);
                let mut c = if who == 'X' {
                    Colour::Black
                } else {
                    Colour::White
                };
                if sc {
                    c = c.other();
                }
                assert_eq!(
                    g.is_legal_placement(col, row, c),
                    expect_legal,
                    "{} sym {} swap {}:\n{}",
                    R::NAME,
                    sym,
                    sc,
                    t.join("\n")
                );
            }
        }
    }

    #[test]
    fn perft_crosswind_3x3() {
        let v = Crosswind::new(3, false).perft(9);
        assert_eq!(v, [9, 72, 360, 1464, 5400, 15408, 32944, 40464, 23944]);
    }

    #[test]
    fn perft_crossway_3x3() {
        let v = Crossway::new(3, false).perft(9);
        assert_eq!(v, [9, 72, 504, 2992, 14640, 45504, 101736, 108000, 46080]);
    }

    #[test]
    fn perft_crosswind_4x4() {
        let v = Crosswind::new(4, false).perft(5);
        assert_eq!(v, [16, 240, 2760, 28136, 239024]);
    }

    #[test]
    fn perft_crossway_4x4() {
        let v = Crossway::new(4, false).perft(5);
        assert_eq!(v, [16, 240, 3360, 43608, 521568]);
    }

    #[test]
    fn swap_adds_moves_at_depth_2() {
        assert_eq!(Crossway::new(3, true).perft(2), [9, 81]);
        assert_eq!(Crosswind::new(3, true).perft(2), [9, 81]);
        // Depth 3: the no-swap count plus 9 swaps x 8 White placements (two
        // stones of different colours can form no glyph and no win).
        assert_eq!(Crossway::new(3, true).perft(3), [9, 81, 504 + 72]);
        assert_eq!(Crosswind::new(3, true).perft(3), [9, 81, 360 + 72]);
        // 2x2: wins end some lines at depth 3 but are still counted there.
        assert_eq!(
            Crossway::new(2, true).perft(3),
            [4, 4 * 3 + 4, 4 * 3 * 2 + 4 * 3]
        );
        assert_eq!(Crossway::new(2, false).perft(3), [4, 12, 24]);
    }

    fn check_perft_split<R: Rules>(n: usize, swap: bool, depth: u32) {
        let mut root = Game::<R>::new(n, swap);
        let full = root.perft(depth);
        // After one move (via play) the subtree counts add up to perft.
        for ply2 in [false, true] {
            let mut sum = vec![0u64; depth as usize - 1 - ply2 as usize];
            let mut firsts = vec![root.clone()];
            if ply2 {
                firsts = root
                    .legal_moves()
                    .into_iter()
                    .map(|m| {
                        let mut g = root.clone();
                        assert!(g.play(m));
                        g
                    })
                    .collect();
            }
            for g0 in &firsts {
                for m in g0.legal_moves() {
                    let mut g = g0.clone();
                    assert!(g.play(m));
                    for (s, v) in sum.iter_mut().zip(g.perft_here(depth - 1 - ply2 as u32)) {
                        *s += v;
                    }
                }
            }
            assert_eq!(
                sum[..],
                full[1 + ply2 as usize..],
                "{} {} {}",
                R::NAME,
                n,
                swap
            );
        }
        root.reset();
        assert_eq!(root.perft_here(depth), full);
    }

    #[test]
    fn perft_splits_agree_with_play() {
        for swap in [false, true] {
            check_perft_split::<CrosswayRules>(4, swap, 4);
            check_perft_split::<CrosswindRules>(4, swap, 4);
            check_perft_split::<CrosswindRules>(3, swap, 6);
        }
    }

    #[test]
    fn crossway_crosscut() {
        let illegal = ["....", ".XO.", ".O?.", "...."];
        check::<CrosswayRules>(&illegal, 'X', false);
        check::<CrosswayRules>(&illegal, 'O', true);
        // Same colours on a diagonal is fine when the other pair is mixed/empty.
        check::<CrosswayRules>(&["....", ".XO.", ".X?.", "...."], 'X', true);
        check::<CrosswayRules>(&["....", ".XO.", "..?.", "...."], 'X', true);
        // In Crossway, a bare diagonal is legal.
        check::<CrosswayRules>(&["....", ".X..", "..?.", "...."], 'X', true);
    }

    #[test]
    fn crosswind_naked_diagonal() {
        check::<CrosswindRules>(&["....", ".X..", "..?.", "...."], 'X', false);
        check::<CrosswindRules>(&["....", ".XO.", "..?.", "...."], 'X', false);
        check::<CrosswindRules>(&["....", ".XO.", ".O?.", "...."], 'X', false);
        // Completed by the other colour: not a glyph through the new stone.
        check::<CrosswindRules>(&["....", ".X..", "..?.", "...."], 'O', true);
        // A shared orthogonal stone of the same colour makes it solid.
        check::<CrosswindRules>(&["....", ".XX.", "..?.", "...."], 'X', true);
    }

    #[test]
    fn crosswind_knight_bend() {
        // X . O / . . X  -- new stone as either X.
        check::<CrosswindRules>(&[".....", ".X.O.", "...?.", ".....", "....."], 'X', false);
        check::<CrosswindRules>(&[".....", ".?.O.", "...X.", ".....", "....."], 'X', false);
        // New stone as the O.
        check::<CrosswindRules>(&[".....", ".X.?.", "...X.", ".....", "....."], 'O', false);
        // Without the O it is fine; with an extra stone in the box it is fine.
        check::<CrosswindRules>(&[".....", ".X...", "...?.", ".....", "....."], 'X', true);
        check::<CrosswindRules>(&[".....", ".X.O.", ".O.?.", ".....", "....."], 'X', true);
        check::<CrosswindRules>(&[".....", ".X.O.", "..X?.", ".....", "....."], 'X', true);
        check::<CrosswindRules>(&[".....", ".XOO.", "...?.", ".....", "....."], 'X', true);
        // Same colour at the O corner: not a bend.
        check::<CrosswindRules>(&[".....", ".X.X.", "...?.", ".....", "....."], 'X', true);
        // The other colour on that point just extends its own stone.
        check::<CrosswindRules>(&[".....", ".X.O.", "...?.", ".....", "....."], 'O', true);
    }

    #[test]
    fn crosswind_long_switch() {
        let base = ["......", "......", ".X..O.", ".O..?.", "......", "......"];
        check::<CrosswindRules>(&base, 'X', false);
        check::<CrosswindRules>(&base, 'O', true);
        check::<CrosswindRules>(
            &["......", "......", ".?..O.", ".O..X.", "......", "......"],
            'X',
            false,
        );
        check::<CrosswindRules>(
            &["......", "......", ".X..?.", ".O..X.", "......", "......"],
            'O',
            false,
        );
        // A stone in the middle breaks it.
        check::<CrosswindRules>(
            &["......", "......", ".X.OO.", ".O..?.", "......", "......"],
            'X',
            true,
        );
        check::<CrosswindRules>(
            &["......", "......", ".X..O.", ".O.O?.", "......", "......"],
            'X',
            true,
        );
        // Compressed to 2x3 it is no glyph (both corners O: no knight bend).
        check::<CrosswindRules>(&["X.O", "O.?", "..."], 'X', true);
    }

    #[test]
    fn crosswind_loose_crosscut() {
        let base = [".....", ".X.O.", ".....", ".O.?.", "....."];
        check::<CrosswindRules>(&base, 'X', false);
        check::<CrosswindRules>(&base, 'O', true);
        check::<CrosswindRules>(&[".....", ".X.?.", ".....", ".O.X.", "....."], 'O', false);
        // Anything in the middle breaks it.
        check::<CrosswindRules>(&[".....", ".X.O.", "..O..", ".O.?.", "....."], 'X', true);
        check::<CrosswindRules>(&[".....", ".X.O.", ".O...", ".O.?.", "....."], 'X', true);
        // Missing one O.
        check::<CrosswindRules>(&[".....", ".X...", ".....", ".O.?.", "....."], 'X', true);
    }

    #[test]
    fn crossway_win_diagonal_and_corner() {
        // Black connects bottom to top through diagonals (8-connectivity).
        let mut g = diagram::<CrosswayRules>(&["...", ".X.", "..."]);
        g.set_to_move(Colour::Black);
        assert!(g.play(Move::Place { col: 0, row: 0 }));
        assert_eq!(g.outcome(), None);
        g.set_to_move(Colour::Black);
        assert!(g.play(Move::Place { col: 2, row: 2 }));
        assert_eq!(g.outcome(), Some(Outcome::Win(Colour::Black)));
        // Corner on both edges: White along row 1 touches left and right
        // columns through the corners a1 and c1.
        let mut g = diagram::<CrosswayRules>(&["...", "...", "OO."]);
        g.set_to_move(Colour::White);
        assert!(g.play(Move::Place { col: 2, row: 0 }));
        assert_eq!(g.outcome(), Some(Outcome::Win(Colour::White)));
        // And the same corner counts for Black: column a.
        let mut g = diagram::<CrosswayRules>(&["X..", "X..", "..."]);
        g.set_to_move(Colour::Black);
        assert!(g.play(Move::Place { col: 0, row: 0 }));
        assert_eq!(g.outcome(), Some(Outcome::Win(Colour::Black)));
    }

    #[test]
    fn crosswind_win_is_orthogonal() {
        let mut g = diagram::<CrosswindRules>(&["...", ".X.", "..."]);
        g.set_to_move(Colour::Black);
        assert!(!g.play(Move::Place { col: 0, row: 0 })); // naked diagonal
        assert!(g.play(Move::Place { col: 1, row: 0 }));
        assert_eq!(g.outcome(), None);
        g.set_to_move(Colour::Black);
        assert!(g.play(Move::Place { col: 1, row: 2 }));
        assert_eq!(g.outcome(), Some(Outcome::Win(Colour::Black)));
        // Diagonal chain does not connect in Crosswind (set without checks).
        let mut g = diagram::<CrosswindRules>(&["..X", ".X.", "..."]);
        assert!(!g.set_stone(0, 0, Colour::Black));
    }

    #[test]
    fn crossway_forced_pass() {
        // Black to move; b1 is the only empty point and would be a crosscut
        // (a2-b1 Black, a1 and b2 White), so Black must pass.
        let mut g = diagram::<CrosswayRules>(&["XO", "O."]);
        g.set_to_move(Colour::Black);
        assert!(!g.is_legal_placement(1, 0, Colour::Black));
        assert!(g.is_legal_placement(1, 0, Colour::White));
        assert_eq!(g.legal_moves(), vec![Move::Pass]);
        assert!(!g.play(Move::Place { col: 1, row: 0 }));
        assert_eq!(g.perft_here(3), [1, 1, 0]); // pass, then White wins
        assert!(g.play(Move::Pass));
        assert_eq!(g.to_move(), Colour::White);
        assert!(g.play(Move::Place { col: 1, row: 0 }));
        // a1-b1 joins White's left and right columns (corners a1, b1).
        assert_eq!(g.outcome(), Some(Outcome::Win(Colour::White)));
    }

    #[test]
    fn crossway_no_pass_when_both_blocked() {
        // b2 is a crosscut for Black (c3 / b3, c2) and for White (a1 / a2, b1):
        // nobody can place, so no pass is offered (the game is drawn).
        let mut g = diagram::<CrosswayRules>(&["OOX", "X.O", "OXX"]);
        g.set_to_move(Colour::Black);
        assert!(!g.is_legal_placement(1, 1, Colour::Black));
        assert!(!g.is_legal_placement(1, 1, Colour::White));
        assert!(g.legal_moves().is_empty());
    }

    #[test]
    fn crosswind_stuck_position() {
        // Found by random playouts on 4x4 (9 plies, Black to move): every
        // empty point makes a glyph for Black, and nobody has won. So "stuck"
        // does occur (rarely: ~0.05% of random 4x4 playouts, ~0.3% of 19x19).
        let g = diagram::<CrosswindRules>(&["XXOX", "O..X", "...O", ".O.."]);
        assert!(!slow_has_glyph(&g, false));
        for row in 0..4 {
            for col in 0..4 {
                if g.stone(col, row).is_none() {
                    assert!(!g.is_legal_placement(col, row, Colour::Black));
                    let mut h = g.clone();
                    h.set_stone(col, row, Colour::Black);
                    assert!(slow_has_glyph(&h, false));
                }
            }
        }
        assert!(g.legal_moves().is_empty());
        // Playouts report it as Stuck.
        let mut rng = Rng::new(3);
        let mut g = Crosswind::new(4, false);
        let stuck = (0..20_000)
            .filter(|_| g.playout(&mut rng).outcome == Outcome::Stuck)
            .count();
        assert!(stuck > 0);
    }

    /// Slow, table-free glyph matcher used to cross-check the hand-written
    /// tests: every glyph, every symmetry, every placement on the board.
    fn slow_has_glyph(g: &Game<impl Rules>, crossway: bool) -> bool {
        // Cell codes: 'X', 'O', '.', 'x' (not X), '-' (don't care).
        let glyphs: Vec<Vec<&str>> = if crossway {
            vec![vec!["XO", "OX"]]
        } else {
            vec![
                vec!["Xx", "xX"],
                vec!["X.O", "..X"],
                vec!["X..O", "O..X"],
                vec!["X.O", "...", "O.X"],
            ]
        };
        let n = g.size() as i32;
        let cell = |c: i32, r: i32| -> u8 {
            match g.stone(c as usize, r as usize) {
                None => EMPTY,
                Some(col) => col as u8,
            }
        };
        for gl in &glyphs {
            let h = gl.len() as i32;
            let wd = gl[0].len() as i32;
            let pts: Vec<(i32, i32, u8)> = gl
                .iter()
                .enumerate()
                .flat_map(|(r, s)| {
                    s.bytes()
                        .enumerate()
                        .map(move |(c, ch)| (r as i32, c as i32, ch))
                })
                .collect();
            for sym in 0..8 {
                for xcol in [BLACK, WHITE] {
                    let ocol = xcol ^ 3;
                    for dr in -4..n + 4 {
                        for dc in -4..n + 4 {
                            let mut ok = true;
                            for &(r, c, ch) in &pts {
                                let (mut rr, mut cc) = (r, c);
                                if sym & 1 != 0 {
                                    cc = wd - 1 - cc;
                                }
                                if sym & 2 != 0 {
                                    rr = h - 1 - rr;
                                }
                                if sym & 4 != 0 {
                                    std::mem::swap(&mut rr, &mut cc);
                                }
                                let (br, bc) = (rr + dr, cc + dc);
                                if br < 0 || bc < 0 || br >= n || bc >= n {
                                    ok = false;
                                    break;
                                }
                                let v = cell(bc, br);
                                let good = match ch {
                                    b'X' => v == xcol,
                                    b'O' => v == ocol,
                                    b'.' => v == EMPTY,
                                    b'x' => v != xcol,
                                    _ => true,
                                };
                                if !good {
                                    ok = false;
                                    break;
                                }
                            }
                            if ok {
                                return true;
                            }
                        }
                    }
                }
            }
        }
        false
    }

    fn cross_check_random<R: Rules>(crossway: bool, n: usize, games: u64) {
        let mut rng = Rng::new(12345 + n as u64);
        for _ in 0..games {
            let mut g = Game::<R>::new(n, false);
            let stop = rng.below((n * n) as u32);
            for _ in 0..stop {
                let mv = g.legal_moves();
                if mv.is_empty() {
                    break;
                }
                let m = mv[rng.below(mv.len() as u32) as usize];
                assert!(g.play(m));
            }
            assert!(!slow_has_glyph(&g, crossway));
            for row in 0..n {
                for col in 0..n {
                    if g.stone(col, row).is_some() {
                        continue;
                    }
                    for c in [Colour::Black, Colour::White] {
                        let mut h = g.clone();
                        h.set_stone(col, row, c);
                        assert_eq!(
                            g.is_legal_placement(col, row, c),
                            !slow_has_glyph(&h, crossway),
                            "{} {:?} at {}{}\n{}",
                            R::NAME,
                            c,
                            (b'a' + col as u8) as char,
                            row + 1,
                            g
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn glyph_tests_match_slow_matcher() {
        cross_check_random::<CrosswindRules>(false, 5, 60);
        cross_check_random::<CrosswindRules>(false, 7, 30);
        cross_check_random::<CrosswayRules>(true, 5, 60);
    }

    #[test]
    fn playouts_terminate_sanely() {
        let mut rng = Rng::new(7);
        for n in [2, 3, 5, 9] {
            for swap in [false, true] {
                let mut a = Crossway::new(n, swap);
                let mut b = Crosswind::new(n, swap);
                for _ in 0..200 {
                    let r = a.playout(&mut rng);
                    assert!(r.plies >= 1);
                    assert_eq!(a.outcome(), Some(r.outcome));
                    let r = b.playout(&mut rng);
                    assert!(r.plies as usize <= n * n + 1);
                    assert_eq!(b.outcome(), Some(r.outcome));
                }
            }
        }
    }

    #[test]
    fn rng_below_is_in_range_and_roughly_uniform() {
        let mut r = Rng::new(1);
        let mut hist = [0u32; 7];
        for _ in 0..70_000 {
            hist[r.below(7) as usize] += 1;
        }
        for h in hist {
            assert!((9_000..11_000).contains(&h));
        }
    }

    /// Speed report: `cargo test --release -- --ignored --nocapture speed`.
    #[test]
    #[ignore]
    fn speed() {
        fn run<R: Rules>(n: usize) {
            let mut g = Game::<R>::new(n, false);
            let mut rng = Rng::new(42);
            let t = std::time::Instant::now();
            let (mut k, mut plies) = (0u64, 0u64);
            while t.elapsed().as_secs_f64() < 2.5 {
                for _ in 0..64 {
                    plies += g.playout(&mut rng).plies as u64;
                }
                k += 64;
            }
            let s = t.elapsed().as_secs_f64();
            println!(
                "{:9} {:2}x{:<2} {:>10.0} playouts/s  ({:.1} plies avg)",
                R::NAME,
                n,
                n,
                k as f64 / s,
                plies as f64 / k as f64
            );
        }
        for n in [9, 13, 19] {
            run::<CrosswayRules>(n);
            run::<CrosswindRules>(n);
        }
    }
}
