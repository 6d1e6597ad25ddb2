//! Line moves (`move line of P`) counted and drawn on bit sets of the board, without
//! walking each piece's lines: for a direction `d`, a line length `k` and a distance
//! `t`, the fronts of the legal moves are one set, made from a few shifted sets.
//!
//! * `back(k)`: the fronts with `k` of the mover's movable pieces from the front
//!   backwards: `back(1)` = the movable pieces, `back(k + 1)` = movable and
//!   `back(k)` moved one step along `d`;
//! * `ahead(t)`: the cells with `t` empty cells ahead: `ahead(1)` = the empty cells
//!   moved one step back, `ahead(t + 1)` = (empty and `ahead(t)`) moved one step back;
//! * with capture, the cell beyond the last empty one must not hold an enemy piece
//!   that is frozen or heads a run of `k` or more enemy pieces along `d`
//!   (`run(1)` = the enemy pieces, `run(k + 1)` = enemy and `run(k)` moved one step
//!   back); `beyond(t)` = those refusing cells moved `t + 1` steps back.
//!
//! `back(k)` and `ahead(t)` and not `beyond(t)` are the fronts of the legal moves of a
//! line of `k` over `t` cells, exactly what `View::line_result` allows (the tests
//! compare the two on random positions). The number of moves is a sum of counts, so
//! one uniform draw over them (and the extra moves) is a uniform legal move.

use crate::engine::grid_bits::{by_words, nth_bit, words_for, Bits, Shift};
use crate::engine::movegen::View;
use crate::engine::moves::{Move, Step};
use crate::engine::rng::Rng;
use crate::rules::board::Cell;
use crate::rules::content;
use std::cell::RefCell;

/// A line rule's parameters: the piece kind, whether a line may move fewer cells than
/// its length, whether it captures.
#[derive(Clone, Copy, Debug)]
pub struct LineRule {
    pub kind: usize,
    pub up_to: bool,
    pub capture: bool,
}

/// The fronts of the moves of one direction, length and distance, as words: the
/// first word here (a board of at most 64 grid positions needs no other), the rest in
/// the scratch's word buffer.
struct Group {
    first: u64,
    count: u32,
    /// Where its words after the first start in the word buffer.
    at: u32,
    dir: u8,
    k: u8,
    t: u8,
}

impl Group {
    /// The `i`-th front of the group (`i` below its count); `rest` is the word buffer.
    fn nth(&self, rest: &[u64], words: usize, i: u32) -> Cell {
        let here = self.first.count_ones();
        let cell = if i < here {
            nth_bit(&[self.first], i)
        } else {
            let rest = &rest[self.at as usize..self.at as usize + words - 1];
            nth_bit(rest, i - here).map(|c| c + 64)
        };
        cell.expect("a bit per count")
    }
}

#[derive(Default)]
struct Scratch {
    groups: Vec<Group>,
    /// The groups' words after their first.
    words: Vec<u64>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// A uniformly random line move of `line` for the mover of `v`, or one of `extras`,
/// each as likely as each legal line move; `None` when there is neither.
pub fn draw(v: &View, line: LineRule, extras: &[Move], rng: &mut Rng) -> Option<Move> {
    SCRATCH.with(|s| {
        let s = &mut *s.borrow_mut();
        let total = fill(v, line, s);
        let all = total as usize + extras.len();
        if all == 0 || all > u32::MAX as usize {
            return None;
        }
        let mut x = rng.below(all as u32);
        if x >= total {
            return Some(extras[(x - total) as usize]);
        }
        let words = words_for(v.rules.board.len());
        for g in &s.groups {
            if x < g.count {
                return Some(Move::from_steps(&[step(v, g, g.nth(&s.words, words, x))]));
            }
            x -= g.count;
        }
        unreachable!("the draw is below the total")
    })
}

/// Every line move of `line` for the mover of `v`, appended to `out` (the same moves
/// `View::line_options` lists, found on bit sets; in another order).
pub fn list(v: &View, line: LineRule, out: &mut Vec<Step>) {
    SCRATCH.with(|s| {
        let s = &mut *s.borrow_mut();
        fill(v, line, s);
        let words = words_for(v.rules.board.len());
        for g in &s.groups {
            out.extend((0..g.count).map(|i| step(v, g, g.nth(&s.words, words, i))));
        }
    })
}

/// Fills the scratch with the groups of legal moves; returns their number.
fn fill(v: &View, line: LineRule, s: &mut Scratch) -> u32 {
    by_words!(v.rules.board.len(), fronts(v, line, s))
}

/// The step of a group's move with this front.
fn step(v: &View, g: &Group, front: u16) -> Step {
    let b = &v.rules.board;
    let (dx, dy) = b.directions()[g.dir as usize];
    let (x, y) = b.xy(front);
    let (k, t) = (i32::from(g.k), i32::from(g.t));
    let to = b
        .cell_at(x + dx * t, y + dy * t)
        .expect("the way ahead is on the board");
    if k == 1 {
        return Step::Move { from: front, to };
    }
    let rear = b
        .cell_at(x - dx * (k - 1), y - dy * (k - 1))
        .expect("the line is on the board");
    Step::Line { rear, front, to }
}

/// Fills the scratch with the groups of legal moves (words of `W`) and returns their
/// number.
#[inline(never)]
fn fronts<const W: usize>(v: &View, line: LineRule, s: &mut Scratch) -> u32 {
    s.groups.clear();
    s.words.clear();
    let rules = v.rules;
    let b = &rules.board;
    let n = b.len();
    let (me, foe) = (content::of_player(v.mover), content::opponent_of(v.mover));
    let (own, enemy, mut taken) = match v.planes {
        Some(p) => (
            Bits::<W>::load(p.holding(line.kind, me)),
            Bits::load(p.holding(line.kind, foe)),
            Bits::load(p.occupied(line.kind)),
        ),
        None => Bits::holding_two(&v.cells[line.kind * n..(line.kind + 1) * n], me, foe),
    };
    for k in (0..rules.pieces.len()).filter(|&k| k != line.kind) {
        taken = taken.or(match v.planes {
            Some(p) => Bits::load(p.occupied(k)),
            None => Bits::occupied(&v.cells[k * n..(k + 1) * n]),
        });
    }
    let empty = Bits::<W>::load(b.on_words()).minus(taken);
    // Pieces on their owner's own regions, where the kind freezes there.
    let (mut movable, mut frozen) = (own, Bits::<W>::EMPTY);
    if rules.pieces[line.kind].frozen_on_own_edges {
        let edges = |p: u8| Bits::<W>::load(&rules.connect.own_words[p as usize]);
        movable = own.minus(edges(v.mover));
        frozen = enemy.and(edges(1 - v.mover));
    }
    if movable.is_empty() {
        return 0;
    }
    let sets = Sets {
        movable,
        empty,
        enemy,
        frozen,
        capture: line.capture,
    };
    let mut total = 0;
    for (dir, (by, forth, back)) in b.line_steps().enumerate() {
        let (forth, back) = Shift::both_ways(by, forth, back);
        let mut record = |moves: Bits<W>, k: usize, t: usize| {
            let count = moves.count();
            if count > 0 {
                s.groups.push(Group {
                    first: moves.0[0],
                    count,
                    at: s.words.len() as u32,
                    dir: dir as u8,
                    k: k as u8,
                    t: t as u8,
                });
                if W > 1 {
                    s.words.extend_from_slice(&moves.0[1..]);
                }
                total += count;
            }
        };
        if line.up_to {
            sets.up_to(forth, back, &mut record);
        } else {
            sets.exactly(forth, back, &mut record);
        }
    }
    total
}

/// The sets a turn's line moves are made from.
struct Sets<const W: usize> {
    /// The mover's pieces that may move.
    movable: Bits<W>,
    /// The empty cells of the board.
    empty: Bits<W>,
    /// The enemy pieces of the line's kind, and those of them that are frozen.
    enemy: Bits<W>,
    frozen: Bits<W>,
    capture: bool,
}

impl<const W: usize> Sets<W> {
    /// Of the fronts `hit` of lines of `k` moving `t` cells and ending against an enemy
    /// piece (`beyond`: the enemy pieces moved `t + 1` steps back), those that may not:
    /// the piece is frozen or heads a run of `k` or more.
    #[inline(never)]
    fn refused(
        &self,
        hit: Bits<W>,
        beyond: Bits<W>,
        back: Shift<W>,
        k: usize,
        t: usize,
    ) -> Bits<W> {
        // A run of k: enemy pieces t + 1 .. t + k cells ahead.
        let (mut run, mut x) = (hit, beyond);
        for _ in 1..k {
            x = back.apply(x);
            run = run.and(x);
        }
        let mut frozen = self.frozen;
        for _ in 0..=t {
            frozen = back.apply(frozen);
        }
        hit.and(run.or(frozen))
    }

    /// Lines moving exactly their length: for k = 1, 2, ... the fronts of lines of k
    /// with k empty cells ahead, and what stands k + 1 cells ahead, each one step
    /// further than for k - 1.
    #[inline(always)]
    fn exactly(
        &self,
        forth: Shift<W>,
        back: Shift<W>,
        record: &mut impl FnMut(Bits<W>, usize, usize),
    ) {
        let mut lines = self.movable;
        let mut next_empty = back.apply(self.empty);
        let mut ahead = next_empty;
        let mut beyond = back.apply(back.apply(self.enemy));
        let mut k = 1;
        loop {
            let cand = lines.and(ahead);
            if cand.is_empty() {
                // Longer lines have fewer fronts and need more empty cells.
                return;
            }
            let mut legal = cand;
            if self.capture {
                let hit = cand.and(beyond);
                // A single piece never captures: the enemy run beyond is at least 1.
                if k == 1 {
                    legal = cand.minus(hit);
                } else if !hit.is_empty() {
                    legal = cand.minus(self.refused(hit, beyond, back, k, k));
                }
            }
            record(legal, k, k);
            lines = self.movable.and(forth.apply(lines));
            next_empty = back.apply(next_empty);
            ahead = ahead.and(next_empty);
            beyond = back.apply(beyond);
            k += 1;
        }
    }

    /// Lines moving 1 to k cells (a line of k).
    fn up_to(
        &self,
        forth: Shift<W>,
        back: Shift<W>,
        record: &mut impl FnMut(Bits<W>, usize, usize),
    ) {
        // ahead[t]: fronts with t empty cells ahead; beyond[t]: with an enemy piece
        // t + 1 cells ahead (t is less than a line's cells, at most 64).
        let mut ahead = [Bits::<W>::EMPTY; 66];
        let mut beyond = [Bits::<W>::EMPTY; 66];
        let (mut e, mut o) = (self.empty, back.apply(self.enemy));
        let mut reach = 0;
        while reach + 1 < ahead.len() {
            e = back.apply(e);
            o = back.apply(o);
            ahead[reach + 1] = if reach == 0 { e } else { ahead[reach].and(e) };
            beyond[reach + 1] = o;
            reach += 1;
            if ahead[reach].is_empty() {
                break;
            }
        }
        let mut lines = self.movable;
        let mut k = 1;
        while !lines.and(ahead[1]).is_empty() {
            for t in 1..=k.min(reach) {
                let cand = lines.and(ahead[t]);
                if cand.is_empty() {
                    break;
                }
                let mut legal = cand;
                if self.capture {
                    let hit = cand.and(beyond[t]);
                    if k == 1 {
                        legal = cand.minus(hit);
                    } else if !hit.is_empty() {
                        legal = cand.minus(self.refused(hit, beyond[t], back, k, t));
                    }
                }
                record(legal, k, t);
            }
            lines = self.movable.and(forth.apply(lines));
            k += 1;
        }
    }
}
