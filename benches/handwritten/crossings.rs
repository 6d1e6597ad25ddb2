//! A hand-written, single-game implementation of **Crossings** (RULES.md), in plain
//! std-only Rust, sharing no code with weft: a speed baseline for weft's interpreter
//! and an independent implementation to play in lockstep with it.
//!
//! Supported: any board of at most 64 squares (8 x 8 by default), blocked squares,
//! and lines that move "exactly" or "up to" their length (`games/crossings.game` and
//! `games/crossings-open.game`).
//!
//! # Board
//!
//! One `u64` bitboard per player, square `(x, y)` at bit `y * width + x`. A step in
//! one of the eight directions is a shift by `dy * width + dx` followed by a mask
//! that drops the squares that left the board (the first or last column for the
//! moves with a horizontal part; bits beyond the board for the vertical ones).
//!
//! # Moves, all at once
//!
//! For a direction d and a line length k, the *fronts* f of the legal moves form a
//! bitboard, computed with a handful of shifts and ANDs:
//!
//! * `f - j d` is a movable own piece for j < k  (f heads a line of k; more own
//!   pieces may stand behind it): the movable pieces shifted by 0..k-1 steps, ANDed;
//! * `f + j d` is empty for 1 <= j <= t, where t = k ("exactly") or 1..=k ("up to");
//! * the square beyond, `f + (t+1) d`: not an enemy piece, or an enemy piece that is
//!   not frozen and heads a run of fewer than k enemy pieces (frozen ones count in
//!   the run). With k = 1 an enemy piece beyond always forbids the move.
//!
//! A turn's legal moves are the set bits of (at most a few dozen) such bitboards;
//! their number is a sum of popcounts.
//!
//! # Uniform random moves
//!
//! One exact draw (`Rng::below`, Lemire's method) of r in 0..N, N the number of legal
//! moves, then the r-th set bit in the bitboards in order: each legal move has
//! probability exactly 1/N, the distribution of weft's `random_move`. Distinct bits
//! are distinct moves (a move is named by its rear, front and destination, which
//! give the direction, the length and the distance). No move is listed and the
//! bitboards live in a buffer reused from turn to turn (no allocation per move).
//!
//! # Turn start (RULES.md, in this order)
//!
//! A race already lost (the loser's opponent wins); the ply limit (a draw); no legal
//! move while owing a crossing (a loss); no legal move for either player (a draw,
//! "deadlock"); no legal move for the mover only (a forced pass, counted as a move).

#![allow(dead_code)]

use super::Rng;
use std::fmt;

/// Players by colour index, as weft numbers them (`players white black`).
pub const WHITE: usize = 0;
pub const BLACK: usize = 1;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player (colour index: 0 white, 1 black) won.
    Win(usize),
    /// The ply limit was reached.
    PlyLimit,
    /// Neither player has a legal move.
    Deadlock,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayoutResult {
    pub outcome: Outcome,
    /// Moves played (forced passes included).
    pub plies: u32,
}

/// A square by coordinates: `x` the column (a = 0), `y` the row (1 = 0).
pub type Cell = (usize, usize);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// The line from `rear` to `front` (equal for one piece) moves until its front is
    /// on `to`.
    Line {
        rear: Cell,
        front: Cell,
        to: Cell,
    },
    Pass,
}

fn cell_name(f: &mut fmt::Formatter<'_>, c: Cell) -> fmt::Result {
    write!(f, "{}{}", (b'a' + c.0 as u8) as char, c.1 + 1)
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Line { rear, front, to } => {
                if rear != front {
                    cell_name(f, rear)?;
                    f.write_str(":")?;
                }
                cell_name(f, front)?;
                f.write_str("-")?;
                cell_name(f, to)
            }
            Move::Pass => f.write_str("pass"),
        }
    }
}

/// The eight directions (dx, dy), in opposite pairs: the reverse of `d` is `d ^ 1`.
const DIRS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (-1, 1),
    (1, -1),
];

/// More than the longest line of squares of a board of at most 64 squares with at
/// least 3 columns and 4 rows (21): a line of k with t empty squares ahead and an
/// enemy run beyond reads at most t + k < 21 squares ahead of its front.
const REACH: usize = 24;

/// Moves of one direction, line length and distance: the bitboard of their fronts.
#[derive(Clone, Copy, Debug)]
struct Set {
    fronts: u64,
    /// The number of fronts.
    n: u32,
    dir: u8,
    k: u8,
    t: u8,
}

/// A move in index form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mv {
    Line { front: u8, dir: u8, k: u8, t: u8 },
    Pass,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pos {
    men: [u64; 2],
    to_move: usize,
    ply: u32,
    /// The player who must make a crossing on this move, if any.
    owes: Option<usize>,
    /// The player who owed a crossing and did not make it.
    lost: Option<usize>,
}

/// What the turn start found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Status {
    Over(Outcome),
    /// The mover has no legal move: a forced pass.
    MustPass,
    /// `n` legal moves, in `Board::sets`.
    Moves(u32),
}

/// The board's constants and the move buffer.
#[derive(Clone)]
struct Board {
    w: usize,
    h: usize,
    limit: u32,
    up_to: bool,
    on: u64,
    /// Squares that hold nothing ever (`blocked` in a rule file).
    blocked: u64,
    /// Each player's far row (white: the top row; black: the bottom row).
    far: [u64; 2],
    /// Per direction: the squares with a neighbour that way, and the rotation (left)
    /// that moves a square to that neighbour.
    can: [u64; 8],
    rot: [u32; 8],
    /// The legal moves of the turn, as bitboards of fronts (reused: no allocation).
    sets: Vec<Set>,
}

impl Board {
    /// Every square moved one step in direction `d` (those leaving the board dropped):
    /// the squares that stay on the board, rotated — no bit wraps round.
    #[inline(always)]
    fn step(&self, b: u64, d: usize) -> u64 {
        (b & self.can[d]).rotate_left(self.rot[d])
    }

    #[inline(always)]
    fn delta(&self, d: usize) -> isize {
        DIRS[d].1 as isize * self.w as isize + DIRS[d].0 as isize
    }

    fn cell(&self, i: usize) -> Cell {
        (i % self.w, i / self.w)
    }

    /// Fills `sets` with the legal moves of `c` (or stops at the first one when
    /// `any`); returns their number.
    #[inline]
    fn generate(&mut self, pos: &Pos, c: usize, any: bool) -> u32 {
        self.sets.clear();
        let own = pos.men[c];
        let opp = pos.men[c ^ 1];
        let movable = own & !self.far[c];
        if movable == 0 {
            return 0;
        }
        let empty = self.on & !self.blocked & !own & !opp;
        let mut total = 0;
        for d in 0..8 {
            total += if self.up_to {
                self.lines_up_to(d, c, movable, empty, opp)
            } else {
                self.lines_exactly(d, c, movable, empty, opp)
            };
            if any && total > 0 {
                break;
            }
        }
        total
    }

    /// Records a set of moves; returns their number.
    #[inline(always)]
    fn push(&mut self, fronts: u64, d: usize, k: usize, t: usize) -> u32 {
        if fronts == 0 {
            return 0;
        }
        let n = fronts.count_ones();
        self.sets.push(Set {
            fronts,
            n,
            dir: d as u8,
            k: k as u8,
            t: t as u8,
        });
        n
    }

    /// Of the fronts `hit` (lines of `k` > 1 that move `t` squares in direction `d` and
    /// end against an enemy piece, whose squares `beyond` marks as seen from the front:
    /// the enemy pieces shifted t + 1 steps back), those that capture: the piece is not
    /// frozen and heads a run of fewer than `k` enemy pieces.
    #[inline(never)]
    fn captures(&self, hit: u64, beyond: u64, d: usize, c: usize, k: usize, t: usize) -> u64 {
        let back = d ^ 1;
        // A run of k: enemy pieces at t + 1 .. t + k squares ahead.
        let mut run = hit;
        let mut x = beyond;
        for _ in 1..k {
            x = self.step(x, back);
            run &= x;
        }
        // Frozen: the square t + 1 ahead is on the enemy's far row.
        let mut frozen = self.far[c ^ 1];
        for _ in 0..=t {
            frozen = self.step(frozen, back);
        }
        hit & !run & !frozen
    }

    /// Lines that move exactly their length in direction `d`: for k = 1, 2, ... the
    /// fronts of lines of k (`lines`) with k empty squares ahead (`ahead`) and what
    /// stands k + 1 squares ahead (`beyond`), each one step further than for k - 1.
    #[inline(always)]
    fn lines_exactly(&mut self, d: usize, c: usize, movable: u64, empty: u64, opp: u64) -> u32 {
        let back = d ^ 1;
        let mut lines = movable;
        let mut behind = movable;
        let mut next_empty = self.step(empty, back);
        let mut ahead = next_empty;
        let mut beyond = self.step(self.step(opp, back), back);
        let mut total = 0;
        let mut k = 1;
        loop {
            let cand = lines & ahead;
            if cand == 0 {
                // Longer lines have fewer fronts and need more empty squares.
                return total;
            }
            let hit = cand & beyond;
            let mut legal = cand & !hit;
            // A single piece never captures (the run beyond is at least 1).
            if hit != 0 && k > 1 {
                legal |= self.captures(hit, beyond, d, c, k, k);
            }
            total += self.push(legal, d, k, k);
            behind = self.step(behind, d);
            lines &= behind;
            next_empty = self.step(next_empty, back);
            ahead &= next_empty;
            beyond = self.step(beyond, back);
            k += 1;
        }
    }

    /// Lines that move up to their length in direction `d` (1 <= t <= k squares).
    fn lines_up_to(&mut self, d: usize, c: usize, movable: u64, empty: u64, opp: u64) -> u32 {
        let back = d ^ 1;
        // ahead[t]: fronts with t empty squares ahead; beyond[t]: with an enemy piece
        // t + 1 squares ahead. A line of k with t empty squares ahead spans k + t + 1
        // squares of a line of at most 21: t < REACH.
        let mut ahead = [0u64; REACH];
        let mut beyond = [0u64; REACH];
        let (mut e, mut o) = (empty, self.step(opp, back));
        let mut n = 0;
        while n + 1 < REACH {
            e = self.step(e, back);
            o = self.step(o, back);
            ahead[n + 1] = if n == 0 { e } else { ahead[n] & e };
            beyond[n + 1] = o;
            n += 1;
            if ahead[n] == 0 {
                break;
            }
        }
        let mut total = 0;
        let (mut lines, mut behind) = (movable, movable);
        let mut k = 1;
        while lines & ahead[1] != 0 {
            for t in 1..=k.min(n) {
                let cand = lines & ahead[t];
                if cand == 0 {
                    break;
                }
                let hit = cand & beyond[t];
                let mut legal = cand & !hit;
                if hit != 0 && k > 1 {
                    legal |= self.captures(hit, beyond[t], d, c, k, t);
                }
                total += self.push(legal, d, k, t);
            }
            behind = self.step(behind, d);
            lines &= behind;
            k += 1;
        }
        total
    }

    /// The turn start of `pos` (RULES.md's order), with the mover's moves in `sets`.
    #[inline]
    fn status(&mut self, pos: &Pos) -> Status {
        if let Some(l) = pos.lost {
            return Status::Over(Outcome::Win(l ^ 1));
        }
        if pos.ply >= self.limit {
            return Status::Over(Outcome::PlyLimit);
        }
        let n = self.generate(pos, pos.to_move, false);
        if n > 0 {
            return Status::Moves(n);
        }
        if pos.owes == Some(pos.to_move) {
            return Status::Over(Outcome::Win(pos.to_move ^ 1));
        }
        if self.generate(pos, pos.to_move ^ 1, true) == 0 {
            return Status::Over(Outcome::Deadlock);
        }
        self.sets.clear();
        Status::MustPass
    }

    /// The move with index `r` (below the number of moves) in `sets`.
    #[inline]
    fn pick(&self, mut r: u32) -> Mv {
        for s in &self.sets {
            let n = s.n;
            if r < n {
                let mut b = s.fronts;
                for _ in 0..r {
                    b &= b - 1;
                }
                return Mv::Line {
                    front: b.trailing_zeros() as u8,
                    dir: s.dir,
                    k: s.k,
                    t: s.t,
                };
            }
            r -= n;
        }
        unreachable!("r is below the number of moves")
    }

    #[inline]
    fn apply(&self, pos: &mut Pos, m: Mv) {
        let c = pos.to_move;
        let mut crossed = false;
        if let Mv::Line { front, dir, k, t } = m {
            let d = dir as usize;
            let delta = self.delta(d);
            let f = front as isize;
            let mut line = 0u64;
            for j in 0..k as isize {
                line |= 1 << (f - j * delta);
            }
            let moved = line_shift(line, delta * t as isize);
            pos.men[c] = (pos.men[c] & !line) | moved;
            let to = 1u64 << (f + t as isize * delta);
            crossed = to & self.far[c] != 0;
            // The square beyond: an enemy piece there is taken (the move is legal).
            pos.men[c ^ 1] &= !self.step(to, d);
        }
        if pos.owes == Some(c) && !crossed {
            pos.lost = Some(c);
        }
        pos.owes = crossed.then_some(c ^ 1);
        pos.to_move = c ^ 1;
        pos.ply += 1;
    }

    fn public(&self, m: Mv) -> Move {
        match m {
            Mv::Line { front, dir, k, t } => {
                let delta = self.delta(dir as usize);
                let f = front as isize;
                Move::Line {
                    rear: self.cell((f - (k as isize - 1) * delta) as usize),
                    front: self.cell(f as usize),
                    to: self.cell((f + t as isize * delta) as usize),
                }
            }
            Mv::Pass => Move::Pass,
        }
    }

    /// The moves in `sets`, in index form.
    fn list(&self, out: &mut Vec<Mv>) {
        out.clear();
        for s in &self.sets {
            let mut b = s.fronts;
            while b != 0 {
                out.push(Mv::Line {
                    front: b.trailing_zeros() as u8,
                    dir: s.dir,
                    k: s.k,
                    t: s.t,
                });
                b &= b - 1;
            }
        }
    }

    fn perft_rec(&mut self, pos: &Pos, level: usize, counts: &mut [u64]) {
        let moves = match self.status(pos) {
            Status::Over(_) => return,
            Status::MustPass => {
                counts[level] += 1;
                if level + 1 < counts.len() {
                    let mut child = *pos;
                    self.apply(&mut child, Mv::Pass);
                    self.perft_rec(&child, level + 1, counts);
                }
                return;
            }
            Status::Moves(n) => {
                counts[level] += n as u64;
                if level + 1 == counts.len() {
                    return;
                }
                let mut v = Vec::with_capacity(n as usize);
                self.list(&mut v);
                v
            }
        };
        for m in moves {
            let mut child = *pos;
            self.apply(&mut child, m);
            self.perft_rec(&child, level + 1, counts);
        }
    }
}

#[inline(always)]
fn line_shift(b: u64, s: isize) -> u64 {
    if s >= 0 {
        b << s
    } else {
        b >> -s
    }
}

/// One game of Crossings.
#[derive(Clone)]
pub struct Crossings {
    b: Board,
    start: Pos,
    pos: Pos,
    status: Status,
}

impl Crossings {
    /// `games/crossings.game`: `width` x `height` (at most 64 squares), lines move
    /// exactly their length, a draw after `limit` plies.
    pub fn new(width: usize, height: usize, limit: u32) -> Crossings {
        Crossings::variant(width, height, limit, false, &[])
    }

    /// Any board of at most 64 squares with `blocked` squares; lines move exactly
    /// their length, or up to it (`up_to`).
    pub fn variant(
        width: usize,
        height: usize,
        limit: u32,
        up_to: bool,
        blocked: &[Cell],
    ) -> Crossings {
        assert!(
            width >= 3 && height >= 4 && width * height <= 64,
            "at least 3 x 4, at most 64 squares"
        );
        let n = width * height;
        let on = if n == 64 { !0 } else { (1u64 << n) - 1 };
        let row = |y: usize| ((1u64 << width) - 1) << (y * width);
        let col = |x: usize| (0..height).fold(0u64, |m, y| m | 1 << (y * width + x));
        let mut can = [0; 8];
        let mut rot = [0; 8];
        for (d, &(dx, dy)) in DIRS.iter().enumerate() {
            rot[d] = (dy * width as i32 + dx).rem_euclid(64) as u32;
            can[d] =
                on & match dx {
                    1 => !col(width - 1),
                    -1 => !col(0),
                    _ => !0,
                } & match dy {
                    1 => !row(height - 1),
                    -1 => !row(0),
                    _ => !0,
                };
        }
        let blocked = blocked
            .iter()
            .fold(0u64, |m, &(x, y)| m | 1 << (y * width + x));
        let mut men = [row(0) | row(1), row(height - 2) | row(height - 1)];
        men[0] &= !blocked;
        men[1] &= !blocked;
        let start = Pos {
            men,
            to_move: WHITE,
            ply: 0,
            owes: None,
            lost: None,
        };
        let mut g = Crossings {
            b: Board {
                w: width,
                h: height,
                limit,
                up_to,
                on,
                blocked,
                far: [row(height - 1), row(0)],
                can,
                rot,
                sets: Vec::with_capacity(8 * REACH),
            },
            start,
            pos: start,
            status: Status::MustPass,
        };
        g.reset();
        g
    }

    /// Back to the starting position, White to move.
    pub fn reset(&mut self) {
        self.pos = self.start;
        self.status = self.b.status(&self.pos);
    }

    pub fn to_move(&self) -> usize {
        self.pos.to_move
    }
    pub fn ply(&self) -> u32 {
        self.pos.ply
    }
    /// The player who must make a crossing on this move, if any.
    pub fn owes(&self) -> Option<usize> {
        self.pos.owes
    }
    /// `None` while the game goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.status {
            Status::Over(o) => Some(o),
            _ => None,
        }
    }

    fn mvs(&mut self) -> Vec<Mv> {
        let mut v = Vec::new();
        match self.b.status(&self.pos) {
            Status::Over(_) => {}
            Status::MustPass => v.push(Mv::Pass),
            Status::Moves(_) => self.b.list(&mut v),
        }
        v
    }

    /// Every legal move (empty once the game is over).
    pub fn legal_moves(&mut self) -> Vec<Move> {
        let v = self.mvs();
        v.into_iter().map(|m| self.b.public(m)).collect()
    }

    /// Plays `m` if it is legal (false otherwise) and settles the turn start.
    pub fn play(&mut self, m: Move) -> bool {
        let v = self.mvs();
        let Some(&mv) = v.iter().find(|&&x| self.b.public(x) == m) else {
            return false;
        };
        self.b.apply(&mut self.pos, mv);
        self.status = self.b.status(&self.pos);
        true
    }

    /// A uniformly random legal move, drawn as the playouts draw them; `None` once the
    /// game is over.
    pub fn random_move(&mut self, rng: &mut Rng) -> Option<Move> {
        match self.b.status(&self.pos) {
            Status::Over(_) => None,
            Status::MustPass => Some(Move::Pass),
            Status::Moves(n) => Some(self.b.public(self.b.pick(rng.below(n)))),
        }
    }

    /// Plays one game from the starting position with uniformly random moves.
    pub fn playout(&mut self, rng: &mut Rng) -> PlayoutResult {
        let b = &mut self.b;
        let mut pos = self.start;
        let outcome = loop {
            let m = match b.status(&pos) {
                Status::Over(o) => break o,
                Status::MustPass => Mv::Pass,
                Status::Moves(n) => b.pick(rng.below(n)),
            };
            b.apply(&mut pos, m);
        };
        self.pos = pos;
        self.status = Status::Over(outcome);
        PlayoutResult {
            outcome,
            plies: pos.ply,
        }
    }

    /// Perft from the starting position: element d-1 counts the move sequences of d
    /// moves (a forced pass is a move; finished games are not extended). The last
    /// level is counted without playing its moves.
    pub fn perft(&mut self, depth: usize) -> Vec<u64> {
        self.reset();
        let mut counts = vec![0; depth];
        if depth > 0 {
            let start = self.start;
            self.b.perft_rec(&start, 0, &mut counts);
        }
        counts
    }
}

impl fmt::Display for Crossings {
    /// Rows from the top: `W` white, `B` black, `#` blocked, `.` empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in (0..self.b.h).rev() {
            for x in 0..self.b.w {
                let m = 1u64 << (y * self.b.w + x);
                let ch = if self.pos.men[WHITE] & m != 0 {
                    'W'
                } else if self.pos.men[BLACK] & m != 0 {
                    'B'
                } else if self.b.blocked & m != 0 {
                    '#'
                } else {
                    '.'
                };
                write!(f, "{ch}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_moves_by_hand() {
        // 8 single steps forward, 14 diagonal single steps, 8 columns of two, 10
        // diagonals of two.
        assert_eq!(Crossings::new(8, 8, 400).perft(1), [40]);
    }

    #[test]
    fn random_moves_are_legal_and_playouts_finish() {
        let mut rng = Rng::new(3);
        for (w, h, up_to) in [(8, 8, false), (6, 6, false), (7, 9, true), (3, 4, false)] {
            let mut g = Crossings::variant(w, h, 400, up_to, &[]);
            for _ in 0..20 {
                g.reset();
                while let Some(m) = g.random_move(&mut rng) {
                    assert!(g.legal_moves().contains(&m), "{m}\n{g}");
                    assert!(g.play(m));
                }
                assert!(g.outcome().is_some());
            }
            for _ in 0..200 {
                let r = g.playout(&mut rng);
                assert!(r.plies <= 400);
            }
        }
    }

    /// Plays up to `plies` random moves.
    fn play_randomly(g: &mut Crossings, plies: usize, rng: &mut Rng) {
        for _ in 0..plies {
            if let Some(m) = g.random_move(rng) {
                g.play(m);
            }
        }
    }

    /// Chi-square test of the sampler against the list of legal moves.
    #[test]
    fn sampling_is_uniform() {
        let mut rng = Rng::new(17);
        let mut g = Crossings::new(8, 8, 400);
        for plies in [0, 10, 30] {
            g.reset();
            play_randomly(&mut g, plies, &mut rng);
            let n = g.legal_moves().len();
            if n < 2 {
                continue;
            }
            let mut hist = std::collections::HashMap::new();
            for _ in 0..400 * n {
                *hist.entry(g.random_move(&mut rng).unwrap()).or_insert(0u32) += 1;
            }
            assert_eq!(hist.len(), n);
            let chi2: f64 = hist
                .values()
                .map(|&o| (o as f64 - 400.0).powi(2) / 400.0)
                .sum();
            let df = (n - 1) as f64;
            assert!(
                chi2 < df + 5.0 * (2.0 * df).sqrt(),
                "chi2 {chi2} for {n} moves"
            );
        }
    }
}
