//! A cheap estimate for the proof-number search: how many more stones each player
//! needs to connect its regions, counting its own stones as free, empty cells as one
//! and the opponent's stones as walls (glyphs are ignored). A new position's proof and
//! disproof numbers start from these distances instead of 1 each, so the search tries
//! first the lines where the player it must prove a win for is closest to connecting.
//! It only steers the search: every value is still proved to the end.
//!
//! Boards of up to 128 cells work on bit sets: a neighbourhood is a handful of shifts
//! (one per distinct difference between a cell's id and a neighbour's, each with the
//! mask of the cells that have that neighbour, which makes it exact on any board), and
//! the search grows the set of cells within reach one cost at a time. Larger boards
//! use a breadth-first search over the neighbour lists.

use crate::engine::state::State;
use crate::rules::board::{Cell, Neighbours};
use crate::rules::{content, Rules};

/// The distance of a player who cannot connect at all any more.
pub const BLOCKED: u32 = 1000;

/// A board's neighbourhood as shifts of a bit set: `(difference, cells that have it)`.
#[derive(Debug, Clone)]
struct Shifts(Vec<(i32, u128)>);

impl Shifts {
    /// The shifts of `nb`, if the board fits in 128 bits and has at most 16 of them.
    fn of(len: usize, nb: &Neighbours) -> Option<Shifts> {
        if len > 128 {
            return None;
        }
        let mut out: Vec<(i32, u128)> = Vec::new();
        for c in 0..len as Cell {
            for &n in nb.of(c) {
                let d = n as i32 - c as i32;
                match out.iter_mut().find(|o| o.0 == d) {
                    Some(o) => o.1 |= 1 << c,
                    None => out.push((d, 1 << c)),
                }
            }
        }
        (out.len() <= 16).then_some(Shifts(out))
    }

    /// The cells next to some cell of `x`.
    #[inline]
    fn around(&self, x: u128) -> u128 {
        let mut out = 0;
        for &(d, has) in &self.0 {
            let y = x & has;
            out |= if d >= 0 { y << d } else { y >> -d };
        }
        out
    }
}

/// The bit set of the cells `keep` says yes to.
fn mask(len: usize, keep: impl Fn(Cell) -> bool) -> u128 {
    (0..len as Cell)
        .filter(|&c| keep(c))
        .fold(0, |m, c| m | 1 << c)
}

pub struct Distance {
    /// For boards of up to 128 cells: the neighbourhood as shifts, and per colour the
    /// cells of its first region and of its other regions.
    shifts: Option<Shifts>,
    start_bits: [u128; 2],
    goal_bits: [u128; 2],
    /// Per colour: the cells of its first region.
    starts: [Vec<Cell>; 2],
    /// Per colour and cell: whether the cell lies in one of its other regions.
    goal: [Vec<bool>; 2],
    /// Per colour: how many regions it must touch.
    regions: [u32; 2],
    nb: Neighbours,
    dist: Vec<u32>,
    /// The cells at the distance being worked on, and at the next one (a 0-1
    /// breadth-first search in layers: own stones cost nothing, empty cells one).
    now: Vec<Cell>,
    next: Vec<Cell>,
}

impl Distance {
    pub fn new(rules: &Rules) -> Distance {
        let b = rules.board();
        let own = rules.connect().own;
        let first = |p: usize| own[p] & own[p].wrapping_neg();
        let starts = |p: usize| {
            b.cells()
                .filter(|&c| b.regions_of(c) & first(p) != 0)
                .collect()
        };
        let goal = |p: usize| {
            let rest = own[p] & !first(p);
            (0..b.len() as Cell)
                .map(|c| b.contains(c) && b.regions_of(c) & rest != 0)
                .collect()
        };
        let nb = b.neighbours(rules.connect().adjacency);
        let shifts = Shifts::of(b.len(), nb);
        let (s0, s1): (Vec<Cell>, Vec<Cell>) = (starts(0), starts(1));
        let (g0, g1): (Vec<bool>, Vec<bool>) = (goal(0), goal(1));
        let bits = |v: &[Cell]| {
            v.iter()
                .fold(0u128, |m, &c| m | 1u128.checked_shl(c as u32).unwrap_or(0))
        };
        let (gb0, gb1) = if shifts.is_some() {
            (
                mask(b.len(), |c| g0[c as usize]),
                mask(b.len(), |c| g1[c as usize]),
            )
        } else {
            (0, 0)
        };
        Distance {
            start_bits: [bits(&s0), bits(&s1)],
            goal_bits: [gb0, gb1],
            shifts,
            starts: [s0, s1],
            goal: [g0, g1],
            regions: [own[0].count_ones(), own[1].count_ones()],
            nb: nb.clone(),
            dist: vec![0; b.len()],
            now: Vec::with_capacity(b.len()),
            next: Vec::with_capacity(b.len()),
        }
    }

    /// For each colour, the fewest empty cells it must fill to join its first region
    /// to another one through its own stones (`BLOCKED` if the opponent has cut every
    /// path).
    pub fn both(&mut self, s: &State) -> [u32; 2] {
        let Some(shifts) = &self.shifts else {
            return self.by_lists(s);
        };
        let mut empty = 0u128;
        let mut stones = [0u128; 2];
        for (c, &v) in s.cells()[..self.dist.len()].iter().enumerate() {
            match v {
                content::EMPTY => empty |= 1 << c,
                v => match content::owner(v) {
                    Some(p) if p < 2 => stones[p as usize] |= 1 << c,
                    _ => {}
                },
            }
        }
        let mut out = [1; 2];
        for (colour, d) in out.iter_mut().enumerate() {
            if self.regions[colour] >= 2 {
                *d = grow(
                    shifts,
                    empty,
                    stones[colour],
                    self.start_bits[colour],
                    self.goal_bits[colour],
                );
            }
        }
        out
    }

    /// `both` by breadth-first searches over the neighbour lists: what boards of more
    /// than 128 cells use (the tests compare the two).
    pub fn by_lists(&mut self, s: &State) -> [u32; 2] {
        [self.listed(s, 0), self.listed(s, 1)]
    }

    /// The distance of one colour by a breadth-first search over the neighbour lists.
    fn listed(&mut self, s: &State, colour: usize) -> u32 {
        if self.regions[colour] < 2 {
            return 1;
        }
        let cells = s.cells();
        let own = content::of_player(colour as u8);
        // The cost of entering a cell: 0 own stone, 1 empty, none for the opponent's.
        let cost = |c: Cell| -> Option<u32> {
            match cells[c as usize] {
                content::EMPTY => Some(1),
                v if v == own => Some(0),
                _ => None,
            }
        };
        let goal = &self.goal[colour];
        self.dist.fill(u32::MAX);
        self.now.clear();
        self.next.clear();
        for &c in &self.starts[colour] {
            match cost(c) {
                Some(0) => {
                    self.dist[c as usize] = 0;
                    self.now.push(c);
                }
                Some(_) => {
                    self.dist[c as usize] = 1;
                    self.next.push(c);
                }
                None => {}
            }
        }
        let mut d = 0;
        loop {
            while let Some(c) = self.now.pop() {
                if self.dist[c as usize] < d {
                    continue; // reached more cheaply after it was queued
                }
                if goal[c as usize] {
                    return d;
                }
                for &n in self.nb.of(c) {
                    let Some(k) = cost(n) else { continue };
                    if d + k < self.dist[n as usize] {
                        self.dist[n as usize] = d + k;
                        if k == 0 {
                            self.now.push(n);
                        } else {
                            self.next.push(n);
                        }
                    }
                }
            }
            if self.next.is_empty() {
                return BLOCKED;
            }
            std::mem::swap(&mut self.now, &mut self.next);
            d += 1;
        }
    }
}

/// The distance on bit sets: the cells within reach at cost `d` are those at cost
/// `d - 1`, their empty neighbours (and the empty start cells), and every own stone
/// joined to these.
fn grow(shifts: &Shifts, empty: u128, own: u128, starts: u128, goal: u128) -> u32 {
    let close = |mut x: u128| loop {
        let y = x | (shifts.around(x) & own);
        if y == x {
            return x;
        }
        x = y;
    };
    let mut reach = close(starts & own);
    let mut d = 0;
    loop {
        if reach & goal != 0 {
            return d;
        }
        let more = (shifts.around(reach) | starts) & empty & !reach;
        if more == 0 {
            return BLOCKED;
        }
        reach = close(reach | more);
        d += 1;
    }
}
