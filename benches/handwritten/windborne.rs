//! A hand-written, single-game implementation of **Windborne** (RULES.md), in plain
//! std-only Rust, sharing no code with weft: a speed baseline for weft's interpreter
//! and an independent implementation to play in lockstep with it.
//!
//! # Board
//!
//! A hexagon of side S (2 <= S <= 7) on an axial `(2S-1) x (2S-1)` grid, stored with a
//! row stride of 16: cell `(x, y)` is index `16 y + x` in 0..256. One byte per index
//! holds the pieces (a black disk, a white disk, a pawn) or "off the board"; every
//! index outside the hexagon (including column 15 and row 15, which no hexagon of side
//! <= 8 reaches) is off, so walking a line needs no bounds test: the six neighbour
//! offsets are +-1, +-16, +15 and -15, taken modulo 256. The same indices are the bits
//! of 256-bit bitboards (`Bits`), used for flood fills, with the six neighbours as
//! shifts by 1, 15 and 16. For the pawns' rays, every row, column and diagonal also
//! has an occupancy word (a `u16` per layer: black disks, white disks, pawns), so a
//! pawn's free run in a direction is one bit scan.
//!
//! # Separation, incrementally
//!
//! "A group of colour c separates the pawns" only depends on c's disks and on where
//! the pawns stand. For each colour c the position keeps a small graph H_c, updated
//! when c places a disk (the opponent's disks and every pawn move leave it alone):
//!
//! * its nodes are c's *groups* and the *regions*: the connected components of the
//!   cells without a c disk. Every cell carries the id of its node, and every node
//!   keeps its cells as a bitboard; when a disk joins groups, the smaller ones are
//!   relabelled (no union-find: a cell's node is one array read);
//! * its edges join a group and a region that touch (an adjacency bitset per node).
//!
//! All node ids of one colour are < 128 (the nodes are disjoint non-empty sets of at
//! most 127 cells), so node sets are `u128`s.
//!
//! A new c disk on cell d merges the groups around d (their adjacency sets are OR-ed)
//! and removes d from its region R. R can only split if the cells of R around d form
//! two or more arcs of the six-cell ring; then flood fills (bitboards), run in lock
//! step from one cell of each arc, find the pieces: a fill that stops growing is a
//! piece, fills that meet are one piece, and the work ends when one fill is left, so
//! it costs in proportion to the *smaller* pieces. The split-off pieces get new ids;
//! the adjacency of every piece is read from the c disks along its border.
//!
//! Removing one group G from the board leaves the regions glued together through
//! the other groups: the components of the board without G are the components of
//! H_c without G. So at the start of a turn, "does the mover have a separating
//! group" reads, for each pawn, the node it stands on (a region, or a group if the
//! pawn is on a c disk) and then:
//!
//! 1. if one region holds more than half of the pawns, no group separates (removing
//!    fewer disks only merges regions): false, in O(pawns) — the usual answer (in
//!    random games at side 7, 19 calls in 20 end here or at step 2);
//! 2. if one group holds all but at most half of the pawns, it separates: true;
//! 3. otherwise, for each group with two or more neighbouring regions (any other
//!    group leaves H_c connected), a breadth-first search of H_c without it, one
//!    `u128` OR per node reached, from each pawn node, stopping as soon as one
//!    component holds more than half of the pawns.
//!
//! # Uniform random moves without listing
//!
//! * Placement turns (fewer than `pawns` pawns on the board): the disk goes on one
//!   of the E empty cells, and the pawn on one of the P cells that hold no pawn and
//!   no enemy disk — the same P cells whichever disk cell was chosen, since that cell
//!   was empty and now holds a friendly disk. So the moves are exactly the E x P pairs
//!   (+ the swap): one uniform draw in `0..E*P (+1)` picks a move, each with the same
//!   chance.
//! * Slide-then-place turns: the slide is "none" or one of Z (pawn, direction,
//!   distance) slides, and the disk goes on any of the F cells without a disk; the
//!   slide never changes which cells hold a disk, so the moves are exactly the
//!   (Z + 1) x F pairs (+ the swap), all distinct (a slide is named by its start and
//!   end cells, and the zero-step move is listed once). One uniform draw in
//!   `0..(Z+1)*F (+1)` picks a move — or, when the swap is not available, two
//!   independent uniform draws in `0..Z+1` and `0..F`, the same uniform distribution
//!   over the pairs. Z comes from the pawns' rays (each one bit scan of a row,
//!   column or diagonal occupancy word), F from the list of disk-free cells kept up
//!   to date. No move is listed, nothing is rejected.
//!
//! `Rng::below` is exact (Lemire's method), so each legal move has probability
//! exactly 1 / (number of legal moves), the distribution of weft's `random_move`.
//! `tests::sampling_is_uniform` checks it with a chi-square test.
//!
//! # Turn start
//!
//! Once all pawns are on the board: the mover wins with a separating group; else, if
//! the mover has no move, the opponent wins with a separating group. A mover with no
//! move (no empty cell in the placement phase, no disk-free cell later; the swap is a
//! move) otherwise draws.

#![allow(dead_code)]

use super::{Colour, Rng};
use std::fmt;

/// Largest supported side: 127 cells, so a colour's regions and groups fit `u128` sets.
pub const MAX_SIDE: usize = 7;
/// Largest supported number of pawns (as in `games/windborne.game`).
pub const MAX_PAWNS: usize = 15;

const NIDX: usize = 256;
const B_DISK: u8 = 1;
const W_DISK: u8 = 2;
const PAWN: u8 = 4;
const OFF: u8 = 8;
const NONE: u8 = u8::MAX;

/// The six neighbour offsets in cyclic order around a cell: (1,0), (0,1), (-1,1),
/// (-1,0), (0,-1), (1,-1). Consecutive ones are neighbours of each other.
const RING: [usize; 6] = [1, 16, 15, 255, 240, 241];

#[inline(always)]
fn step(i: usize, d: usize) -> usize {
    (i + d) & (NIDX - 1)
}

#[inline(always)]
fn disk_flag(c: usize) -> u8 {
    1 << c
}

// ---------------------------------------------------------------------------
// 256-bit bitboards
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
struct Bits([u64; 4]);

impl Bits {
    #[inline(always)]
    fn one(i: usize) -> Bits {
        let mut b = Bits::default();
        b.set(i);
        b
    }
    #[inline(always)]
    fn has(&self, i: usize) -> bool {
        self.0[i >> 6] >> (i & 63) & 1 != 0
    }
    #[inline(always)]
    fn set(&mut self, i: usize) {
        self.0[i >> 6] |= 1 << (i & 63);
    }
    #[inline(always)]
    fn clear(&mut self, i: usize) {
        self.0[i >> 6] &= !(1 << (i & 63));
    }
    #[inline(always)]
    fn is_empty(&self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }
    #[inline(always)]
    fn and(self, o: Bits) -> Bits {
        let (a, b) = (self.0, o.0);
        Bits([a[0] & b[0], a[1] & b[1], a[2] & b[2], a[3] & b[3]])
    }
    #[inline(always)]
    fn or(self, o: Bits) -> Bits {
        let (a, b) = (self.0, o.0);
        Bits([a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3]])
    }
    #[inline(always)]
    fn andnot(self, o: Bits) -> Bits {
        let (a, b) = (self.0, o.0);
        Bits([a[0] & !b[0], a[1] & !b[1], a[2] & !b[2], a[3] & !b[3]])
    }
    /// Equality, as one OR of word differences (no vector loads of just-stored words).
    #[inline(always)]
    fn same(self, o: Bits) -> bool {
        let (a, b) = (self.0, o.0);
        ((a[0] ^ b[0]) | (a[1] ^ b[1]) | (a[2] ^ b[2]) | (a[3] ^ b[3])) == 0
    }
    #[inline(always)]
    fn intersects(self, o: Bits) -> bool {
        !self.and(o).is_empty()
    }
    #[inline(always)]
    fn shl(self, k: u32) -> Bits {
        let a = self.0;
        Bits([
            a[0] << k,
            a[1] << k | a[0] >> (64 - k),
            a[2] << k | a[1] >> (64 - k),
            a[3] << k | a[2] >> (64 - k),
        ])
    }
    #[inline(always)]
    fn shr(self, k: u32) -> Bits {
        let a = self.0;
        Bits([
            a[0] >> k | a[1] << (64 - k),
            a[1] >> k | a[2] << (64 - k),
            a[2] >> k | a[3] << (64 - k),
            a[3] >> k,
        ])
    }
    /// The cells and their six neighbours (unmasked: may include off-board indices).
    #[inline(always)]
    fn dilate(self) -> Bits {
        let l = self.shl(1); // (x+1, y)
        let r = self.shr(1); // (x-1, y)
                             // (x, y+1) and (x-1, y+1) = +16 and +15; (x, y-1) and (x+1, y-1) = -16 and -15.
        self.or(l)
            .or(r)
            .or(self.or(r).shl(16))
            .or(self.or(l).shr(16))
    }
    fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    /// Calls `f` with each set index, in increasing order.
    #[inline(always)]
    fn each(&self, mut f: impl FnMut(usize)) {
        for (k, &w) in self.0.iter().enumerate() {
            let mut w = w;
            while w != 0 {
                f(k * 64 + w.trailing_zeros() as usize);
                w &= w - 1;
            }
        }
    }
}

#[inline(always)]
fn bit(n: u8) -> u128 {
    1u128 << n
}

/// Calls `f` with each node id in `set`.
#[inline(always)]
fn each_node(mut set: u128, mut f: impl FnMut(u8)) {
    while set != 0 {
        f(set.trailing_zeros() as u8);
        set &= set - 1;
    }
}

// ---------------------------------------------------------------------------
// One colour's graph of groups and regions
// ---------------------------------------------------------------------------

#[derive(Clone)]
struct Graph {
    /// Every cell's node: its group if it holds a disk of this colour, else its region.
    lab: [u8; NIDX],
    /// The colour's disks.
    disks: Bits,
    /// The cells of each node.
    cells: [Bits; 128],
    /// The number of cells of each group node (to relabel the smaller of two).
    size: [u8; 128],
    /// Adjacency: a group's regions, a region's groups.
    adj: [u128; 128],
    /// Group node ids in use.
    groups: u128,
    /// Node ids in use (groups and regions).
    used: u128,
}

impl Graph {
    fn new(on: Bits) -> Graph {
        let mut g = Graph {
            lab: [0; NIDX],
            disks: Bits::default(),
            cells: [Bits::default(); 128],
            size: [0; 128],
            adj: [0; 128],
            groups: 0,
            used: 1,
        };
        // One region, node 0: the whole board.
        g.cells[0] = on;
        g
    }

    /// Back to `start` (a graph with no disk), copying only what a game reads: node
    /// data is written when a node id is allocated.
    fn reset_from(&mut self, start: &Graph) {
        self.lab = start.lab;
        self.disks = start.disks;
        self.cells[0] = start.cells[0];
        self.adj[0] = start.adj[0];
        self.groups = start.groups;
        self.used = start.used;
    }

    #[inline(always)]
    fn alloc(&mut self) -> u8 {
        let id = (!self.used).trailing_zeros() as u8;
        debug_assert!(id < 128);
        self.used |= bit(id);
        self.adj[id as usize] = 0;
        id
    }

    #[inline(always)]
    fn release(&mut self, id: u8) {
        self.used &= !bit(id);
        self.groups &= !bit(id);
    }

    /// The node a cell belongs to: its group (a disk of this colour) or its region.
    #[inline(always)]
    fn node(&self, i: usize) -> u8 {
        self.lab[i]
    }

    /// The group nodes touching the cells `piece`.
    fn groups_around(&self, piece: Bits) -> u128 {
        let border = piece.dilate().and(self.disks);
        let mut set = 0;
        border.each(|i| set |= bit(self.lab[i]));
        set
    }

    /// Groups `a` and `b` (both touching a new disk) become one: the smaller one's
    /// cells are relabelled. Returns the group that stays.
    #[inline]
    fn merge(&mut self, a: u8, b: u8) -> u8 {
        let (big, small) = if self.size[a as usize] >= self.size[b as usize] {
            (a, b)
        } else {
            (b, a)
        };
        let cells = self.cells[small as usize];
        cells.each(|i| self.lab[i] = big);
        self.cells[big as usize] = self.cells[big as usize].or(cells);
        self.size[big as usize] += self.size[small as usize];
        let a2 = self.adj[small as usize];
        self.adj[big as usize] |= a2;
        each_node(a2, |v| {
            self.adj[v as usize] = (self.adj[v as usize] & !bit(small)) | bit(big);
        });
        self.release(small);
        big
    }

    /// A disk of this colour on cell `d` (which had none): groups merge, its region
    /// loses the cell and may split. `cell` is the position's cell array (for the ring
    /// around `d`), `flag` this colour's disk flag.
    fn add_disk(&mut self, d: usize, cell: &[u8; NIDX], flag: u8) {
        let region = self.lab[d];
        self.disks.set(d);
        // The ring around d, in cyclic order, as 6-bit masks (bit k: the cell at
        // RING[k]): own disks, and cells of the region (on the board, no own disk).
        let (mut own, mut inr) = (0u32, 0u32);
        for (k, &o) in RING.iter().enumerate() {
            let v = cell[step(d, o)];
            own |= u32::from(v & flag != 0) << k;
            inr |= u32::from(v & (flag | OFF) == 0) << k;
        }
        // Groups: merge those around d.
        let mut g = NONE;
        let mut m = own;
        while m != 0 {
            let gn = self.lab[step(d, RING[m.trailing_zeros() as usize])];
            m &= m - 1;
            if g == NONE {
                g = gn;
            } else if gn != g {
                g = self.merge(g, gn);
            }
        }
        if g == NONE {
            g = self.alloc();
            self.groups |= bit(g);
            self.cells[g as usize] = Bits::default();
            self.size[g as usize] = 0;
        }
        self.lab[d] = g;
        self.cells[g as usize].set(d);
        self.size[g as usize] += 1;

        // The region: d leaves it. Its cells around d form arcs; an arc starts at k
        // when the cell before it (k - 1, cyclically) is not in the region.
        self.cells[region as usize].clear(d);
        let starts = inr & !(((inr << 1) | (inr >> 5)) & 63);
        if inr == 0 {
            // d was the whole region.
            each_node(self.adj[region as usize], |v| {
                self.adj[v as usize] &= !bit(region);
            });
            self.release(region);
        } else if starts & starts.wrapping_sub(1) == 0 {
            // One arc (or the whole ring): the region stays connected.
            self.adj[region as usize] |= bit(g);
            self.adj[g as usize] |= bit(region);
        } else {
            self.split(region, g, d, starts);
        }
    }

    /// Region `region` lost the cell `d` next to group `g`, and its cells around `d`
    /// form two or three arcs (starting at the ring positions `starts`): find its
    /// pieces, by fills from one cell of each arc, grown in turn, so that the work
    /// ends once all fills but one have closed or met.
    fn split(&mut self, region: u8, g: u8, d: usize, starts: u32) {
        let mask = self.cells[region as usize];
        let mut reps = [0usize; 3];
        let mut n = 0;
        let mut m = starts;
        while m != 0 {
            reps[n] = step(d, RING[m.trailing_zeros() as usize]);
            m &= m - 1;
            n += 1;
        }
        let mut done = [Bits::default(); 2];
        let mut ndone = 0;
        if n == 2 {
            // The usual case, with the two fills in locals.
            let (mut a, mut b) = (Bits::one(reps[0]), Bits::one(reps[1]));
            loop {
                let ga = a.dilate().and(mask);
                if ga.intersects(b) {
                    break;
                }
                if ga.same(a) {
                    done[0] = a;
                    ndone = 1;
                    break;
                }
                a = ga;
                let gb = b.dilate().and(mask);
                if gb.intersects(a) {
                    break;
                }
                if gb.same(b) {
                    done[0] = b;
                    ndone = 1;
                    break;
                }
                b = gb;
            }
        } else {
            let mut fill = [Bits::default(); 3];
            let mut active = [false; 3];
            for k in 0..n {
                fill[k] = Bits::one(reps[k]);
                active[k] = true;
            }
            let mut live = n;
            while live > 1 {
                for k in 0..n {
                    if !active[k] {
                        continue;
                    }
                    let grown = fill[k].dilate().and(mask);
                    // Fills that meet are one piece.
                    let mut merged = false;
                    for j in 0..n {
                        if j != k && active[j] && grown.intersects(fill[j]) {
                            fill[k] = fill[k].or(fill[j]);
                            active[j] = false;
                            live -= 1;
                            merged = true;
                        }
                    }
                    if !merged && grown.same(fill[k]) {
                        // Closed: a piece of its own.
                        active[k] = false;
                        live -= 1;
                        done[ndone] = grown;
                        ndone += 1;
                    } else {
                        fill[k] = grown.or(fill[k]);
                    }
                    if live <= 1 {
                        break;
                    }
                }
            }
        }
        if ndone == 0 {
            // No split after all.
            self.adj[region as usize] |= bit(g);
            self.adj[g as usize] |= bit(region);
            return;
        }
        // The region keeps the rest; each closed fill becomes a new region.
        let old = self.adj[region as usize] | bit(g);
        each_node(old, |v| self.adj[v as usize] &= !bit(region));
        let mut rest = mask;
        for p in &done[..ndone] {
            rest = rest.andnot(*p);
        }
        let mut pieces = [(region, rest), (0, Bits::default()), (0, Bits::default())];
        for (k, p) in done[..ndone].iter().enumerate() {
            let id = self.alloc();
            p.each(|i| self.lab[i] = id);
            pieces[k + 1] = (id, *p);
        }
        for &(id, p) in &pieces[..ndone + 1] {
            self.cells[id as usize] = p;
            let around = self.groups_around(p);
            self.adj[id as usize] = around;
            each_node(around, |v| self.adj[v as usize] |= bit(id));
        }
    }

    /// Whether some group of this colour separates the pawns `pawns` (cell indices):
    /// every component of the board without the group holds at most `half` of them.
    fn separates(&mut self, pawns: &[u8], half: u32) -> bool {
        // The nodes the pawns stand on, with their pawn counts.
        let mut nodes = [(0u8, 0u32); MAX_PAWNS];
        let mut nn = 0;
        let mut at = 0u128;
        for &p in pawns {
            let v = self.node(p as usize);
            if at & bit(v) != 0 {
                for e in nodes[..nn].iter_mut() {
                    if e.0 == v {
                        e.1 += 1;
                    }
                }
            } else {
                at |= bit(v);
                nodes[nn] = (v, 1);
                nn += 1;
            }
        }
        let total = pawns.len() as u32;
        let mut regions_only = true;
        for &(v, k) in &nodes[..nn] {
            if self.groups & bit(v) == 0 {
                if k > half {
                    return false;
                }
            } else {
                regions_only = false;
                if total - k <= half {
                    return true;
                }
            }
        }
        let weight = |set: u128| -> u32 {
            if regions_only && half == 1 {
                // Only single pawns on regions (the commonest case with 3 pawns).
                (set & at).count_ones()
            } else {
                nodes[..nn]
                    .iter()
                    .filter(|e| set & bit(e.0) != 0)
                    .map(|e| e.1)
                    .sum()
            }
        };
        let mut cands = self.groups;
        'group: while cands != 0 {
            let gid = cands.trailing_zeros() as u8;
            cands &= cands - 1;
            if self.adj[gid as usize].count_ones() < 2 {
                continue;
            }
            let mut seen = bit(gid);
            let mut left = total - weight(bit(gid));
            let mut todo = at & !seen;
            // Components of H without the group, from each pawn node in turn; the last
            // pawns left need no search when they are at most half.
            while left > half {
                let s = todo.trailing_zeros() as u8;
                let mut comp = bit(s);
                let mut front = comp;
                seen |= comp;
                loop {
                    if weight(comp) > half {
                        continue 'group;
                    }
                    let mut next = 0;
                    each_node(front, |v| next |= self.adj[v as usize]);
                    next &= !seen;
                    if next == 0 {
                        break;
                    }
                    seen |= next;
                    comp |= next;
                    front = next;
                }
                left -= weight(comp);
                todo &= !comp;
            }
            return true;
        }
        false
    }
}

// ---------------------------------------------------------------------------
// Moves and outcomes
// ---------------------------------------------------------------------------

/// A cell by grid coordinates: `x` the column (a = 0), `y` the row (1 = 0).
pub type Cell = (usize, usize);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Placement phase: a disk, then a pawn (possibly on that disk).
    Setup {
        disk: Cell,
        pawn: Cell,
    },
    /// Play phase: a pawn slides (or not), then a disk.
    Play {
        slide: Option<(Cell, Cell)>,
        disk: Cell,
    },
    Swap,
}

fn cell_name(f: &mut fmt::Formatter<'_>, c: Cell) -> fmt::Result {
    write!(f, "{}{}", (b'a' + c.0 as u8) as char, c.1 + 1)
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Setup { disk, pawn } => {
                cell_name(f, disk)?;
                f.write_str(",")?;
                cell_name(f, pawn)
            }
            Move::Play { slide, disk } => {
                if let Some((a, b)) = slide {
                    cell_name(f, a)?;
                    f.write_str("-")?;
                    cell_name(f, b)?;
                    f.write_str(",")?;
                }
                cell_name(f, disk)
            }
            Move::Swap => f.write_str("swap"),
        }
    }
}

#[inline]
fn idx(c: Cell) -> usize {
    c.1 * 16 + c.0
}

#[inline]
fn xy(i: usize) -> Cell {
    (i & 15, i >> 4)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win(Colour),
    /// The mover has no move and nobody separates.
    Draw,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayoutResult {
    pub outcome: Outcome,
    /// Moves played (the swap included).
    pub plies: u32,
    pub swapped: bool,
}

/// A move in index form: `Setup(disk, pawn)`, `Play(pawn index or NONE, to, disk)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mv {
    Setup(u8, u8),
    Play(u8, u8, u8),
    Swap,
}

// ---------------------------------------------------------------------------
// Position
// ---------------------------------------------------------------------------

#[derive(Clone)]
struct Pos {
    cell: [u8; NIDX],
    graph: [Graph; 2],
    /// The cells of the pawns on the board.
    pawn: [u8; MAX_PAWNS],
    npawns: usize,
    /// The cells without a disk, and each one's place in that list.
    free: [u8; 128],
    free_at: [u8; NIDX],
    nfree: usize,
    /// Line occupancy, for the pawns' rays: `lines[layer][line]` has a bit per cell of
    /// the line, for the layers black disks, white disks, pawns (see `line_of`).
    lines: [[u16; 64]; 3],
    to_move: usize,
    ply: u32,
    swapped: bool,
}

impl Pos {
    /// Back to `start`, copying only what a game reads (not the ~14 KB of node data).
    fn reset_from(&mut self, start: &Pos) {
        self.cell = start.cell;
        self.graph[0].reset_from(&start.graph[0]);
        self.graph[1].reset_from(&start.graph[1]);
        self.npawns = 0;
        self.free = start.free;
        self.free_at = start.free_at;
        self.nfree = start.nfree;
        self.lines = start.lines;
        self.to_move = start.to_move;
        self.ply = start.ply;
        self.swapped = start.swapped;
    }
}

/// The layer of `lines` that holds the pawns (the disks of colour c are layer c).
const PAWN_LAYER: usize = 2;

/// The three lines through cell `i` — its row, column and diagonal (the cells
/// (x+t, y-t)) — as indices into `lines`, and the cell's bit in each: its x in the
/// row, its y in the column and in the diagonal.
#[inline(always)]
fn line_of(i: usize) -> ([usize; 3], [u16; 3]) {
    let (x, y) = (i & 15, i >> 4);
    ([y, 16 + x, 32 + x + y], [1 << x, 1 << y, 1 << y])
}

/// The free run from position `at` of a line whose blocked positions are `blocked`
/// (positions 0..16), upwards and downwards.
#[inline(always)]
fn runs(blocked: u16, at: usize) -> (u32, u32) {
    // Position q at bit q + 1, with blocked sentinels at bit 0 and from bit 17.
    let u = (u64::from(blocked) << 1) | 1 | (!0u64 << 17);
    (
        (u >> (at + 2)).trailing_zeros(),
        (u << (63 - at)).leading_zeros(),
    )
}

/// The constants of a game (board, pawns, swap) and the scratch of move drawing.
#[derive(Clone)]
struct Board {
    side: usize,
    pawns: usize,
    half: u32,
    swap: bool,
    /// The board's cells, in increasing index order (a1, b1, ..., then row 2, ...).
    cells: Vec<u8>,
    /// Scratch: the ray lengths of every pawn in the six directions (`RING` order).
    rays: [u8; MAX_PAWNS * 6],
    /// Per line of `Pos::lines`: the positions off the board.
    off: [u16; 64],
}

/// One game of Windborne: the board's constants and the position.
#[derive(Clone)]
pub struct Windborne {
    b: Board,
    start: Pos,
    pos: Pos,
    outcome: Option<Outcome>,
}

impl Board {
    fn swap_available(&self, pos: &Pos) -> bool {
        self.swap && pos.ply == 1
    }

    // -- changing the position ----------------------------------------------------

    #[inline]
    fn put_disk(pos: &mut Pos, d: usize) {
        let c = pos.to_move;
        let flag = disk_flag(c);
        pos.cell[d] |= flag;
        Self::mark(pos, c, d, true);
        pos.graph[c].add_disk(d, &pos.cell, flag);
        // Off the list of disk-free cells.
        let k = pos.free_at[d] as usize;
        pos.nfree -= 1;
        let last = pos.free[pos.nfree];
        pos.free[k] = last;
        pos.free_at[last as usize] = k as u8;
        pos.free_at[d] = NONE;
    }

    /// Sets or clears cell `i` in the line occupancy of `layer`.
    #[inline(always)]
    fn mark(pos: &mut Pos, layer: usize, i: usize, on: bool) {
        let (l, b) = line_of(i);
        for n in 0..3 {
            if on {
                pos.lines[layer][l[n]] |= b[n];
            } else {
                pos.lines[layer][l[n]] &= !b[n];
            }
        }
    }

    #[inline]
    fn apply(pos: &mut Pos, m: Mv) {
        match m {
            Mv::Setup(d, p) => {
                Self::put_disk(pos, d as usize);
                pos.cell[p as usize] |= PAWN;
                Self::mark(pos, PAWN_LAYER, p as usize, true);
                pos.pawn[pos.npawns] = p;
                pos.npawns += 1;
            }
            Mv::Play(k, to, d) => {
                if k != NONE {
                    let from = pos.pawn[k as usize] as usize;
                    pos.cell[from] &= !PAWN;
                    pos.cell[to as usize] |= PAWN;
                    Self::mark(pos, PAWN_LAYER, from, false);
                    Self::mark(pos, PAWN_LAYER, to as usize, true);
                    pos.pawn[k as usize] = to;
                }
                Self::put_disk(pos, d as usize);
            }
            Mv::Swap => {
                pos.swapped = !pos.swapped;
                pos.ply += 1;
                return;
            }
        }
        pos.to_move ^= 1;
        pos.ply += 1;
    }

    // -- turn start ----------------------------------------------------------------

    /// Whether there is a cell with no disk and no pawn.
    fn has_empty_cell(&self, pos: &Pos) -> bool {
        pos.free[..pos.nfree]
            .iter()
            .any(|&c| pos.cell[c as usize] & PAWN == 0)
    }

    fn can_move(&self, pos: &Pos) -> bool {
        self.swap_available(pos)
            || if pos.npawns < self.pawns {
                self.has_empty_cell(pos)
            } else {
                pos.nfree > 0
            }
    }

    /// The outcome at the start of the mover's turn, if the game is over.
    #[inline]
    fn settle(&self, pos: &mut Pos) -> Option<Outcome> {
        let c = pos.to_move;
        let all = pos.npawns >= self.pawns;
        let pawns = &pos.pawn[..pos.npawns];
        if all && pos.graph[c].separates(pawns, self.half) {
            return Some(Outcome::Win(colour(c)));
        }
        if self.can_move(pos) {
            return None;
        }
        if all && pos.graph[c ^ 1].separates(pawns, self.half) {
            return Some(Outcome::Win(colour(c ^ 1)));
        }
        Some(Outcome::Draw)
    }

    // -- counting and drawing moves --------------------------------------------------

    /// Placement phase: (empty cells E, pawn cells P) — the moves are the E x P pairs.
    fn setup_factors(&self, pos: &Pos) -> (u32, u32) {
        let enemy = disk_flag(pos.to_move ^ 1);
        let (mut e, mut p) = (0, 0);
        for &c in &self.cells {
            let v = pos.cell[c as usize];
            e += u32::from(v & (B_DISK | W_DISK | PAWN) == 0);
            p += u32::from(v & (PAWN | enemy) == 0);
        }
        (e, p)
    }

    /// Play phase: fills `rays` with each pawn's free run in each direction; returns
    /// the number of slides Z (the moves are the (Z + 1) x F pairs). A run is read
    /// from the occupancy of the pawn's row, column and diagonal (pawns, enemy disks,
    /// off the board) with one bit scan: no walk, no branch.
    #[inline]
    fn count_slides(&mut self, pos: &Pos) -> u32 {
        let enemy = pos.to_move ^ 1;
        let mut z = 0;
        for (k, &p) in pos.pawn[..pos.npawns].iter().enumerate() {
            let p = p as usize;
            let (x, y) = (p & 15, p >> 4);
            let (l, _) = line_of(p);
            let blocked =
                |n: usize| pos.lines[PAWN_LAYER][l[n]] | pos.lines[enemy][l[n]] | self.off[l[n]];
            let (east, west) = runs(blocked(0), x);
            let (north, south) = runs(blocked(1), y);
            // Along the diagonal, y up is (x-1, y+1): offset +15.
            let (up, down) = runs(blocked(2), y);
            let r = &mut self.rays[k * 6..k * 6 + 6];
            // RING order: +1, +16, +15, -1, -16, -15.
            r[0] = east as u8;
            r[1] = north as u8;
            r[2] = up as u8;
            r[3] = west as u8;
            r[4] = south as u8;
            r[5] = down as u8;
            z += east + north + up + west + south + down;
        }
        z
    }

    /// The number of legal moves of the mover (not looking at the outcome).
    fn count_moves(&mut self, pos: &Pos) -> u64 {
        let s = u64::from(self.swap_available(pos));
        if pos.npawns < self.pawns {
            let (e, p) = self.setup_factors(pos);
            e as u64 * p as u64 + s
        } else {
            let z = self.count_slides(pos);
            (z as u64 + 1) * pos.nfree as u64 + s
        }
    }

    /// A uniformly random legal move (see the module notes); the game must not be over.
    #[inline]
    fn draw(&mut self, pos: &Pos, rng: &mut Rng) -> Mv {
        let s = u32::from(self.swap_available(pos));
        if pos.npawns < self.pawns {
            let (e, p) = self.setup_factors(pos);
            let r = rng.below(e * p + s);
            if r == e * p {
                return Mv::Swap;
            }
            let enemy = disk_flag(pos.to_move ^ 1);
            let (mut de, mut dp) = (r / p, r % p);
            let (mut disk, mut pawn) = (NONE, NONE);
            for &c in &self.cells {
                let v = pos.cell[c as usize];
                if v & (B_DISK | W_DISK | PAWN) == 0 {
                    if de == 0 {
                        disk = c;
                    }
                    de = de.wrapping_sub(1);
                }
                if v & (PAWN | enemy) == 0 {
                    if dp == 0 {
                        pawn = c;
                    }
                    dp = dp.wrapping_sub(1);
                }
            }
            return Mv::Setup(disk, pawn);
        }
        let z = self.count_slides(pos);
        let f = pos.nfree as u32;
        let (mut slide, disk) = if s == 0 {
            // Two independent uniform draws: a uniform pair.
            (rng.below(z + 1), pos.free[rng.below(f) as usize])
        } else {
            let pairs = (z + 1) * f;
            let r = rng.below(pairs + s);
            if r == pairs {
                return Mv::Swap;
            }
            (r / f, pos.free[(r % f) as usize])
        };
        if slide == 0 {
            return Mv::Play(NONE, NONE, disk);
        }
        slide -= 1;
        for k in 0..pos.npawns {
            for (j, &o) in RING.iter().enumerate() {
                let len = self.rays[k * 6 + j] as u32;
                if slide < len {
                    let t = (pos.pawn[k] as usize).wrapping_add((slide as usize + 1) * o);
                    return Mv::Play(k as u8, (t & (NIDX - 1)) as u8, disk);
                }
                slide -= len;
            }
        }
        unreachable!("the slide index is below Z")
    }

    /// Every legal move in index form (not looking at the outcome).
    fn list(&self, pos: &Pos, out: &mut Vec<Mv>) {
        out.clear();
        if pos.npawns < self.pawns {
            let enemy = disk_flag(pos.to_move ^ 1);
            for &d in &self.cells {
                if pos.cell[d as usize] & (B_DISK | W_DISK | PAWN) != 0 {
                    continue;
                }
                for &p in &self.cells {
                    if pos.cell[p as usize] & (PAWN | enemy) == 0 {
                        out.push(Mv::Setup(d, p));
                    }
                }
            }
        } else {
            let block = PAWN | OFF | disk_flag(pos.to_move ^ 1);
            let free = &pos.free[..pos.nfree];
            out.extend(free.iter().map(|&d| Mv::Play(NONE, NONE, d)));
            for k in 0..pos.npawns {
                for &o in &RING {
                    let mut t = step(pos.pawn[k] as usize, o);
                    while pos.cell[t] & block == 0 {
                        out.extend(free.iter().map(|&d| Mv::Play(k as u8, t as u8, d)));
                        t = step(t, o);
                    }
                }
            }
        }
        if self.swap_available(pos) {
            out.push(Mv::Swap);
        }
    }

    fn public(pos: &Pos, m: Mv) -> Move {
        match m {
            Mv::Setup(d, p) => Move::Setup {
                disk: xy(d as usize),
                pawn: xy(p as usize),
            },
            Mv::Play(k, to, d) => Move::Play {
                slide: (k != NONE).then(|| (xy(pos.pawn[k as usize] as usize), xy(to as usize))),
                disk: xy(d as usize),
            },
            Mv::Swap => Move::Swap,
        }
    }

    fn perft_rec(&mut self, pos: &mut Pos, level: usize, counts: &mut [u64]) {
        if self.settle(pos).is_some() {
            return;
        }
        if level + 1 == counts.len() {
            counts[level] += self.count_moves(pos);
            return;
        }
        let mut moves = Vec::new();
        self.list(pos, &mut moves);
        counts[level] += moves.len() as u64;
        for m in moves {
            let mut child = pos.clone();
            Self::apply(&mut child, m);
            self.perft_rec(&mut child, level + 1, counts);
        }
    }
}

impl Windborne {
    /// A new game on a hexagon of side `side` (2..=7) with `pawns` pawns (1..=15).
    pub fn new(side: usize, pawns: usize, swap: bool) -> Windborne {
        assert!((2..=MAX_SIDE).contains(&side), "side 2..=7");
        assert!((1..=MAX_PAWNS).contains(&pawns), "pawns 1..=15");
        let n = 2 * side - 1;
        let s = side as i32;
        let mut cell = [OFF; NIDX];
        let mut on = Bits::default();
        let mut cells = Vec::new();
        for y in 0..n {
            for x in 0..n {
                let (q, r) = (x as i32 - (s - 1), y as i32 - (s - 1));
                if q.abs() < s && r.abs() < s && (q + r).abs() < s {
                    let i = y * 16 + x;
                    cell[i] = 0;
                    on.set(i);
                    cells.push(i as u8);
                }
            }
        }
        let mut free = [0u8; 128];
        let mut free_at = [NONE; NIDX];
        for (k, &c) in cells.iter().enumerate() {
            free[k] = c;
            free_at[c as usize] = k as u8;
        }
        let mut off = [!0u16; 64];
        for &c in &cells {
            let (l, b) = line_of(c as usize);
            for n in 0..3 {
                off[l[n]] &= !b[n];
            }
        }
        let g = Graph::new(on);
        let start = Pos {
            cell,
            graph: [g.clone(), g],
            pawn: [0; MAX_PAWNS],
            npawns: 0,
            free,
            free_at,
            nfree: cells.len(),
            lines: [[0; 64]; 3],
            to_move: 0,
            ply: 0,
            swapped: false,
        };
        Windborne {
            b: Board {
                side,
                pawns,
                half: (pawns / 2) as u32,
                swap,
                cells,
                rays: [0; MAX_PAWNS * 6],
                off,
            },
            pos: start.clone(),
            start,
            outcome: None,
        }
    }

    pub fn side(&self) -> usize {
        self.b.side
    }
    pub fn pawns(&self) -> usize {
        self.b.pawns
    }

    /// Back to the empty board, Black to move.
    pub fn reset(&mut self) {
        self.pos.reset_from(&self.start);
        self.outcome = None;
    }

    pub fn to_move(&self) -> Colour {
        colour(self.pos.to_move)
    }
    pub fn ply(&self) -> u32 {
        self.pos.ply
    }
    pub fn swapped(&self) -> bool {
        self.pos.swapped
    }
    /// `None` while the game goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Every legal move (empty once the game is over).
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let mut v = Vec::new();
        self.b.list(&self.pos, &mut v);
        v.into_iter().map(|m| Board::public(&self.pos, m)).collect()
    }

    /// Plays `m` if it is legal (false otherwise) and settles the outcome.
    pub fn play(&mut self, m: Move) -> bool {
        if self.outcome.is_some() {
            return false;
        }
        let mut v = Vec::new();
        self.b.list(&self.pos, &mut v);
        let Some(&mv) = v.iter().find(|&&x| Board::public(&self.pos, x) == m) else {
            return false;
        };
        Board::apply(&mut self.pos, mv);
        self.outcome = self.b.settle(&mut self.pos);
        true
    }

    /// A uniformly random legal move, drawn as the playouts draw them; `None` once the
    /// game is over.
    pub fn random_move(&mut self, rng: &mut Rng) -> Option<Move> {
        if self.outcome.is_some() {
            return None;
        }
        let m = self.b.draw(&self.pos, rng);
        Some(Board::public(&self.pos, m))
    }

    /// Plays one game from the empty board with uniformly random moves. No allocation.
    pub fn playout(&mut self, rng: &mut Rng) -> PlayoutResult {
        self.pos.reset_from(&self.start);
        let (b, pos) = (&mut self.b, &mut self.pos);
        let outcome = loop {
            if let Some(o) = b.settle(pos) {
                break o;
            }
            let m = b.draw(pos, rng);
            Board::apply(pos, m);
        };
        self.outcome = Some(outcome);
        PlayoutResult {
            outcome,
            plies: pos.ply,
            swapped: pos.swapped,
        }
    }

    /// Perft from the empty board: element d-1 counts the move sequences of d moves.
    /// The last level is counted without playing its moves.
    pub fn perft(&mut self, depth: usize) -> Vec<u64> {
        self.reset();
        let mut counts = vec![0; depth];
        if depth > 0 {
            let mut pos = self.start.clone();
            self.b.perft_rec(&mut pos, 0, &mut counts);
        }
        counts
    }
}

fn colour(c: usize) -> Colour {
    if c == 0 {
        Colour::Black
    } else {
        Colour::White
    }
}

impl fmt::Display for Windborne {
    /// Rows from the top, shifted like the hexagon; `X`/`O` disks, `*` a pawn (`x`/`o`
    /// on a disk), `.` empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = 2 * self.b.side - 1;
        for y in (0..n).rev() {
            write!(f, "{:>2} {}", y + 1, " ".repeat(y))?;
            for x in 0..n {
                let v = self.pos.cell[y * 16 + x];
                let ch = match (v & OFF != 0, v & 3, v & PAWN != 0) {
                    (true, ..) => ' ',
                    (_, 1, false) => 'X',
                    (_, 2, false) => 'O',
                    (_, 1, true) => 'x',
                    (_, 2, true) => 'o',
                    (_, _, true) => '*',
                    _ => '.',
                };
                write!(f, "{ch} ")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------
// Tests of the implementation itself (the lockstep with weft is in tests/)
// ---------------------------------------------------------------------------

#[cfg(test)]
mod tests {
    use super::*;

    /// Separation by definition: for each group, flood the board without it.
    fn separates_slowly(w: &Windborne, c: usize) -> bool {
        let pos = &w.pos;
        let flag = disk_flag(c);
        let on = |i: usize| pos.cell[i] & OFF == 0;
        let mine = |i: usize| on(i) && pos.cell[i] & flag != 0;
        let pawns = &pos.pawn[..pos.npawns];
        let mut seen_group = [false; NIDX];
        for &s in &w.b.cells {
            let s = s as usize;
            if !mine(s) || seen_group[s] {
                continue;
            }
            let mut group = [false; NIDX];
            let mut stack = vec![s];
            group[s] = true;
            while let Some(i) = stack.pop() {
                seen_group[i] = true;
                for &o in &RING {
                    let n = step(i, o);
                    if mine(n) && !group[n] {
                        group[n] = true;
                        stack.push(n);
                    }
                }
            }
            let mut seen = group;
            let mut ok = true;
            for &p in pawns {
                let p = p as usize;
                if seen[p] {
                    continue;
                }
                let mut count = 0;
                let mut stack = vec![p];
                seen[p] = true;
                while let Some(i) = stack.pop() {
                    count += pawns.iter().filter(|&&q| q as usize == i).count() as u32;
                    for &o in &RING {
                        let n = step(i, o);
                        if on(n) && !seen[n] {
                            seen[n] = true;
                            stack.push(n);
                        }
                    }
                }
                if count > w.b.half {
                    ok = false;
                }
            }
            if ok {
                return true;
            }
        }
        false
    }

    /// The graph agrees with flood fills of the cells after every move.
    fn check_graph(w: &Windborne) {
        for c in 0..2 {
            let g = &w.pos.graph[c];
            let flag = disk_flag(c);
            for &i in &w.b.cells {
                let i = i as usize;
                let mine = w.pos.cell[i] & flag != 0;
                assert_eq!(g.disks.has(i), mine);
                if !mine {
                    let r = g.lab[i];
                    assert!(g.used & bit(r) != 0 && g.groups & bit(r) == 0);
                    assert!(g.cells[r as usize].has(i));
                    for &o in &RING {
                        let n = step(i, o);
                        if w.pos.cell[n] & OFF != 0 {
                            continue;
                        }
                        let m = g.node(n);
                        if w.pos.cell[n] & flag == 0 {
                            assert_eq!(m, r, "neighbouring free cells share a region");
                        } else {
                            assert!(g.adj[r as usize] & bit(m) != 0);
                            assert!(g.adj[m as usize] & bit(r) != 0);
                        }
                    }
                } else {
                    let gi = g.lab[i];
                    assert!(g.groups & bit(gi) != 0 && g.cells[gi as usize].has(i));
                    for &o in &RING {
                        let n = step(i, o);
                        if w.pos.cell[n] & flag != 0 {
                            assert_eq!(g.lab[n], gi, "neighbouring disks share a group");
                        }
                    }
                }
            }
            // Regions are connected: every region's cells are one flood fill.
            let on = {
                let mut b = Bits::default();
                for &i in &w.b.cells {
                    b.set(i as usize);
                }
                b
            };
            each_node(g.used & !g.groups, |r| {
                let cells = g.cells[r as usize];
                assert!(!cells.is_empty());
                let mut first = 0;
                cells.each(|i| {
                    if first == 0 {
                        first = i;
                    }
                });
                let mut fill = Bits::one(first);
                loop {
                    let grown = fill.dilate().and(on).and(cells);
                    if grown == fill {
                        break;
                    }
                    fill = grown;
                }
                assert_eq!(fill, cells, "region {r} is connected");
                cells.each(|i| assert_eq!(g.lab[i], r));
            });
            // Groups: their cells and sizes.
            each_node(g.groups, |v| {
                let cells = g.cells[v as usize];
                assert_eq!(cells.count(), u32::from(g.size[v as usize]));
                cells.each(|i| assert_eq!(g.lab[i], v));
            });
            // No edge to a node not in use, and edges only between groups and regions.
            each_node(g.used, |v| {
                assert_eq!(g.adj[v as usize] & !g.used, 0);
                let is_group = g.groups & bit(v) != 0;
                each_node(g.adj[v as usize], |u| {
                    assert_ne!(is_group, g.groups & bit(u) != 0);
                });
            });
        }
    }

    #[test]
    fn graph_and_separation_agree_with_flood_fills() {
        let mut rng = Rng::new(5);
        let mut wins = 0;
        for (side, pawns) in [(3, 3), (4, 3), (5, 3), (4, 5), (3, 1), (4, 2), (5, 7)] {
            let mut w = Windborne::new(side, pawns, true);
            for _ in 0..40 {
                w.reset();
                while w.outcome().is_none() {
                    let m = w.random_move(&mut rng).unwrap();
                    assert!(w.play(m));
                    check_graph(&w);
                    if w.pos.npawns == pawns {
                        for c in 0..2 {
                            let slow = separates_slowly(&w, c);
                            let mut pos = w.pos.clone();
                            let fast = pos.graph[c].separates(&pos.pawn[..pos.npawns], w.b.half);
                            assert_eq!(fast, slow, "colour {c}\n{w}");
                            wins += usize::from(fast);
                        }
                    }
                }
            }
        }
        assert!(wins > 100);
    }

    #[test]
    fn random_moves_are_legal_and_playouts_finish() {
        let mut rng = Rng::new(9);
        for (side, pawns) in [(3, 3), (5, 3), (7, 3), (4, 1), (3, 15)] {
            let mut w = Windborne::new(side, pawns, true);
            for _ in 0..30 {
                w.reset();
                while w.outcome().is_none() {
                    let m = w.random_move(&mut rng).unwrap();
                    assert!(w.legal_moves().contains(&m), "{m}");
                    assert!(w.play(m));
                }
                assert!(w.random_move(&mut rng).is_none());
            }
            for _ in 0..200 {
                let r = w.playout(&mut rng);
                assert!(r.plies as usize <= w.b.cells.len() + 1);
            }
        }
    }

    /// Chi-square test of `draw` against the list of legal moves, in positions of
    /// both phases with a few hundred moves each.
    #[test]
    fn sampling_is_uniform() {
        let mut rng = Rng::new(21);
        let mut tested = 0;
        for (side, pawns, plies) in [(3, 3, 1), (3, 3, 4), (3, 3, 7), (4, 1, 1), (3, 5, 6)] {
            let mut w = Windborne::new(side, pawns, true);
            for _ in 0..plies {
                if w.outcome().is_some() {
                    break;
                }
                let m = w.random_move(&mut rng).unwrap();
                w.play(m);
            }
            if w.outcome().is_some() {
                continue;
            }
            let moves = w.legal_moves();
            let n = moves.len();
            let draws = 200 * n;
            let mut hist = std::collections::HashMap::new();
            for _ in 0..draws {
                *hist.entry(w.random_move(&mut rng).unwrap()).or_insert(0u32) += 1;
            }
            assert_eq!(hist.len(), n, "every legal move is drawn");
            let e = 200.0;
            let chi2: f64 = hist.values().map(|&o| (o as f64 - e).powi(2) / e).sum();
            // n - 1 degrees of freedom: mean n - 1, sd sqrt(2 (n - 1)); allow 5 sd.
            let df = (n - 1) as f64;
            assert!(
                chi2 < df + 5.0 * (2.0 * df).sqrt(),
                "chi2 {chi2} for {n} moves"
            );
            tested += 1;
        }
        assert!(tested >= 4);
    }

    #[test]
    fn perft_placement_counts_by_hand() {
        // 19 cells: black has 19 x 19 first moves (ref_windborne.rs counts the rest).
        assert_eq!(Windborne::new(3, 3, false).perft(2), [361, 104994]);
        assert_eq!(Windborne::new(3, 3, true).perft(2), [361, 104994 + 361]);
    }
}
