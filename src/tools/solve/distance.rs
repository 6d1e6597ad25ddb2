//! A cheap estimate for the proof-number search: how many more stones each player
//! needs to connect its regions, counting its own stones as free, empty cells as one
//! and the opponent's stones as walls, and as walls too the empty cells where a
//! forbidden glyph keeps the player from placing now (the glyph may later go away; the
//! estimate ignores that). A new position's proof and
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
use crate::rules::glyph::CellBits;
use crate::rules::{content, Rules};

/// The distance of a player who cannot connect at all any more.
pub const BLOCKED: u32 = 1000;

/// The bit-set words the search uses: `u64` for boards of up to 64 cells, else `u128`.
trait Word:
    Copy
    + Eq
    + std::ops::BitAnd<Output = Self>
    + std::ops::BitOr<Output = Self>
    + std::ops::BitOrAssign
    + std::ops::BitAndAssign
    + std::ops::Not<Output = Self>
    + std::ops::Shl<u32, Output = Self>
    + std::ops::Shr<u32, Output = Self>
{
    const ZERO: Self;
    const BITS: usize;
    fn bit(c: Cell) -> Self;
    fn first(self) -> u32;
}

impl Word for u64 {
    const ZERO: u64 = 0;
    const BITS: usize = 64;
    #[inline]
    fn bit(c: Cell) -> u64 {
        1 << c
    }
    #[inline]
    fn first(self) -> u32 {
        self.trailing_zeros()
    }
}

impl Word for u128 {
    const ZERO: u128 = 0;
    const BITS: usize = 128;
    #[inline]
    fn bit(c: Cell) -> u128 {
        1 << c
    }
    #[inline]
    fn first(self) -> u32 {
        self.trailing_zeros()
    }
}

/// The most shifts each way a bit-set plan holds.
const SHIFTS: usize = 4;

/// Everything the bit-set search needs for one board: the neighbourhood as shifts (for
/// each distinct difference `d` between a neighbour's id and a cell's, the cells that
/// have that neighbour, shifted left by `d` or right by `-d`), and per colour the cells
/// of its first region and of its other regions.
struct Plan<W> {
    /// At most `SHIFTS` each way (unused ones shift nothing), so the loops unroll.
    left: [(u32, W); SHIFTS],
    right: [(u32, W); SHIFTS],
    /// How many of them are used, the larger count of the two ways.
    used: usize,
    start: [W; 2],
    goal: [W; 2],
}

impl<W: Word> Plan<W> {
    /// The plan for a board of `len` cells, if it fits in `W` and has at most `SHIFTS`
    /// shifts each way (4 on square boards, 3 on hexagonal ones).
    fn new(
        len: usize,
        nb: &Neighbours,
        start: [&[Cell]; 2],
        goal: [&[bool]; 2],
    ) -> Option<Plan<W>> {
        if len > W::BITS {
            return None;
        }
        let mut shifts: Vec<(i32, W)> = Vec::new();
        for c in 0..len as Cell {
            for &n in nb.of(c) {
                let d = n as i32 - c as i32;
                match shifts.iter_mut().find(|o| o.0 == d) {
                    Some(o) => o.1 |= W::bit(c),
                    None => shifts.push((d, W::bit(c))),
                }
            }
        }
        let mut left = [(0, W::ZERO); SHIFTS];
        let mut right = [(0, W::ZERO); SHIFTS];
        let (mut l, mut r) = (0, 0);
        for &(d, m) in &shifts {
            if d > 0 && l < SHIFTS {
                left[l] = (d as u32, m);
                l += 1;
            } else if d < 0 && r < SHIFTS {
                right[r] = ((-d) as u32, m);
                r += 1;
            } else {
                return None;
            }
        }
        let used = l.max(r);
        let set = |v: &mut dyn Iterator<Item = Cell>| v.fold(W::ZERO, |m, c| m | W::bit(c));
        let goal_set = |g: &[bool]| set(&mut (0..len as Cell).filter(|&c| g[c as usize]));
        Some(Plan {
            left,
            right,
            used,
            start: [
                set(&mut start[0].iter().copied()),
                set(&mut start[1].iter().copied()),
            ],
            goal: [goal_set(goal[0]), goal_set(goal[1])],
        })
    }

    /// The cells next to some cell of `x`, with the first `N` shifts each way (at
    /// least `used`).
    #[inline]
    fn around<const N: usize>(&self, x: W) -> W {
        let mut out = W::ZERO;
        for &(d, has) in &self.left[..N] {
            out |= (x & has) << d;
        }
        for &(d, has) in &self.right[..N] {
            out |= (x & has) >> d;
        }
        out
    }

    /// `distance` with no more shifts than the board uses (2 each way on a square
    /// board's orthogonal adjacency, 3 on a hexagonal one), so the loops unroll short.
    fn distance(
        &self,
        colour: usize,
        empty: W,
        own: W,
        walls: W,
        open: impl Fn(Cell) -> bool,
    ) -> u32 {
        match self.used {
            0..=2 => self.distance_by::<2>(colour, empty, own, walls, open),
            3 => self.distance_by::<3>(colour, empty, own, walls, open),
            _ => self.distance_by::<SHIFTS>(colour, empty, own, walls, open),
        }
    }

    /// The distance of `colour` given the empty cells it may use and its stones: the
    /// cells within reach at cost `d` are those at cost `d - 1`, their empty neighbours
    /// (and the empty start cells), and every own stone joined to these.
    /// `open(c)` says whether `colour` may place on the empty cell `c`; it is asked
    /// only of the cells the search reaches, and not of `walls` (known not open).
    fn distance_by<const N: usize>(
        &self,
        colour: usize,
        empty: W,
        own: W,
        mut walls: W,
        open: impl Fn(Cell) -> bool,
    ) -> u32 {
        let (starts, goal) = (self.start[colour], self.goal[colour]);
        // `reach` and the cells around it, grown by `frontier` and the own stones
        // joined to it: each cell's neighbourhood is taken once.
        let mut reach = W::ZERO;
        let mut near = W::ZERO;
        let mut add = |mut frontier: W, reach: &mut W| {
            while frontier != W::ZERO {
                *reach |= frontier;
                let a = self.around::<N>(frontier);
                near |= a;
                frontier = a & own & !*reach;
            }
            near
        };
        let mut near_now = add(starts & own, &mut reach);
        let mut d = 0;
        loop {
            if reach & goal != W::ZERO {
                return d;
            }
            let mut more = (near_now | starts) & empty & !reach & !walls;
            let mut ask = more;
            while ask != W::ZERO {
                let c = ask.first() as Cell;
                ask &= !W::bit(c);
                if !open(c) {
                    walls |= W::bit(c);
                    more &= !W::bit(c);
                }
            }
            if more == W::ZERO {
                return BLOCKED;
            }
            near_now = add(more, &mut reach);
            d += 1;
        }
    }

    /// Both colours' distances in `s` (`regions`: how many regions each must touch).
    fn both(&self, s: &State, regions: [u32; 2], len: usize) -> [u32; 2] {
        let mut empty = W::ZERO;
        let mut stones = [W::ZERO; 2];
        for (c, &v) in s.cells()[..len].iter().enumerate() {
            match v {
                content::EMPTY => empty |= W::bit(c as Cell),
                v => match content::owner(v) {
                    Some(p) if p < 2 => stones[p as usize] |= W::bit(c as Cell),
                    _ => {}
                },
            }
        }
        let mut out = [1; 2];
        for (colour, d) in out.iter_mut().enumerate() {
            if regions[colour] >= 2 {
                let open = |c: Cell| s.placement_ok(c, colour as u8);
                *d = self.distance(colour, empty, stones[colour], W::ZERO, open);
            }
        }
        out
    }
}

impl Plan<u64> {
    /// `both` on a board of up to 64 cells: the position's bit sets, and the cells
    /// where glyphs forbid each colour to place, are found for all cells at once.
    fn both_small(&self, s: &State, regions: [u32; 2], len: usize, mirrored: bool) -> [u32; 2] {
        let bits = CellBits::of(s.cells(), len);
        let empty = bits.by_value[content::EMPTY as usize];
        let m = [0, 1].map(|colour| s.rules().matchers(colour));
        // Both colours' forbidden cells in one pass when their glyphs mirror each other.
        let both = if mirrored && regions.iter().all(|&r| r >= 2) {
            m[0].forbidden_cells_both(&bits, empty)
        } else {
            None
        };
        let mut out = [1; 2];
        for (colour, d) in out.iter_mut().enumerate() {
            if regions[colour] >= 2 {
                let open = |c: Cell| s.placement_ok(c, colour as u8);
                let own = bits.by_value[content::of_player(colour as u8) as usize];
                let forbidden = match both {
                    Some(f) => Some(f[colour]),
                    None => m[colour].forbidden_cells_among(&bits, empty),
                };
                *d = match forbidden {
                    Some(f) => self.distance(colour, empty, own, f, |_| true),
                    None => self.distance(colour, empty, own, 0, open),
                };
            }
        }
        out
    }
}

pub struct Distance {
    /// The bit-set search for boards of up to 64 cells, or else up to 128.
    small: Option<Plan<u64>>,
    large: Option<Plan<u128>>,
    /// Per colour: the cells of its first region.
    starts: [Vec<Cell>; 2],
    /// Per colour and cell: whether the cell lies in one of its other regions.
    goal: [Vec<bool>; 2],
    /// Per colour: how many regions it must touch.
    regions: [u32; 2],
    /// Whether the second colour's glyphs are the first's with the stones swapped
    /// (`Matchers::mirror_colours`).
    mirrored: bool,
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
        let (s0, s1): (Vec<Cell>, Vec<Cell>) = (starts(0), starts(1));
        let (g0, g1): (Vec<bool>, Vec<bool>) = (goal(0), goal(1));
        let small = Plan::new(b.len(), nb, [&s0, &s1], [&g0, &g1]);
        let large = match small {
            Some(_) => None,
            None => Plan::new(b.len(), nb, [&s0, &s1], [&g0, &g1]),
        };
        Distance {
            small,
            large,
            starts: [s0, s1],
            goal: [g0, g1],
            regions: [own[0].count_ones(), own[1].count_ones()],
            mirrored: rules.matchers(0).mirror_colours(rules.matchers(1)),
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
        if let Some(p) = &self.small {
            p.both_small(s, self.regions, self.dist.len(), self.mirrored)
        } else if let Some(p) = &self.large {
            p.both(s, self.regions, self.dist.len())
        } else {
            self.by_lists(s)
        }
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
        // The cost of entering a cell: 0 own stone, 1 empty, none for the opponent's
        // or for an empty cell where a glyph forbids the player to place.
        let cost = |c: Cell| -> Option<u32> {
            match cells[c as usize] {
                content::EMPTY if s.placement_ok(c, colour as u8) => Some(1),
                content::EMPTY => None,
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
