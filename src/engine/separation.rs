//! The separation goal: does a connected group of one player's pieces split the
//! board so that no region left when the group's cells are removed holds more than
//! half of the counted things (pieces of a kind, or cells of a region)? Things on the
//! group's own cells lie in no region. Every group is tested.
//!
//! The work is done on bit sets of the board's grid positions, a bit per cell id in
//! `W` words of 64 bits (`W` fixed at compile time for a few sizes, from 1 word to
//! the largest boards): the member and counted cells are read from the piece layers
//! eight bytes at a time, and a connected part of the board grows by whole-set steps
//! (each adds every neighbour of the part at once: shifts by one column and by one
//! row, masked by the first and last columns and by the cells the part may take), so
//! growing a part costs a step per cell of its breadth rather than work per cell;
//! parts of a few cells are searched cell by cell instead. The masks of a board (its
//! cells, its columns' ends, its regions, the offsets of each adjacency) are the
//! board's own.
//!
//! A position whose rules test separations keeps, per player and piece kind, the
//! regions of the board without that player's pieces as labels (`RegionLabels`),
//! brought along with each piece placed, moved or removed: most tests end there,
//! when one region holds more than half of the counted pieces.

use crate::engine::grid_bits;
use crate::engine::planes::Planes;
use crate::rules::board::{Board, Cell, Neighbours};
use crate::rules::{Adjacency, Counted};
use std::cell::RefCell;
use std::ops::{BitAnd, BitOr, BitOrAssign};

/// A set of cells, as the test reads it from a position.
#[derive(Debug, Clone, Copy)]
pub enum Cells<'a> {
    /// The cells whose byte in a piece layer (one byte per grid position, as a
    /// position's piece layers are stored) is this code.
    Holding(&'a [u8], u8),
    /// The cells whose byte in a piece layer is not 0 (hold a piece of any owner).
    Occupied(&'a [u8]),
    /// The cells whose bit is set in these words (bit `c % 64` of word `c / 64` for
    /// cell `c`, as a position's bit planes hold them).
    Words(&'a [u64]),
    /// The cells of the board's region with this bit.
    Region(u32),
    /// Every cell of the board.
    All,
}

impl<'a> Cells<'a> {
    /// What a separation counts, read from a position's piece layers (`cells`, `n`
    /// bytes per piece kind).
    pub fn counted(counted: Counted, cells: &'a [u8], n: usize) -> Cells<'a> {
        match counted {
            Counted::Pieces(k) => Cells::Occupied(&cells[k * n..(k + 1) * n]),
            Counted::Region(bit) => Cells::Region(bit),
            Counted::AllCells => Cells::All,
        }
    }

    /// What a separation counts, read from a position's bit planes.
    pub fn counted_in(counted: Counted, planes: &'a Planes) -> Cells<'a> {
        match counted {
            Counted::Pieces(k) => Cells::Words(planes.occupied(k)),
            Counted::Region(bit) => Cells::Region(bit),
            Counted::AllCells => Cells::All,
        }
    }
}

/// Whether some group of `member` cells (a connected set of them, linked by
/// `adjacency`) separates the `counted` cells.
///
/// The board without *all* member cells falls into regions; the board without one
/// group G is those regions glued together through the other groups. So the test
/// works on a small graph, regions on one side and groups on the other (an edge where
/// a region touches a group): G separates when every component of the graph without G
/// holds at most half of the counted cells. A region that already holds more than
/// half with every member removed can only grow when fewer are removed, so then no
/// group separates. The regions that hold counted cells are grown first, from one
/// counted cell each, every growth stopping as soon as it holds more than half: that
/// usually ends the test after a growth or two, without the rest of the graph.
///
/// Otherwise the graph holds every region but only the groups that can matter: those
/// next to two regions or more, and those holding counted cells (a group hanging from
/// one region and holding nothing changes no component's count when removed). One
/// depth-first search of it, as for cut vertices, gives the components left without
/// each group at once.
pub fn separates(board: &Board, adjacency: Adjacency, member: Cells, counted: Cells) -> bool {
    thread_local! {
        static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
    }
    SCRATCH.with(|s| {
        let s = &mut *s.borrow_mut();
        let args = (board, adjacency, member, counted);
        match board.len().div_ceil(64) {
            0..=1 => s.run::<1>(args),
            2 => s.run::<2>(args),
            3 => s.run::<3>(args),
            4 => s.run::<4>(args),
            5..=6 => s.run::<6>(args),
            7..=8 => s.run::<8>(args),
            9..=11 => s.run::<11>(args),
            12..=16 => s.run::<16>(args),
            17..=32 => s.run::<32>(args),
            33..=64 => s.run::<64>(args),
            // Beyond 64 x 64 positions (more than any rule file gets); cell ids are
            // `u16`, so 1,024 words hold every board.
            _ => s.run::<1024>(args),
        }
    })
}

/// Calls `f::<W>(args...)` with `W` the words of the board's bit sets, as
/// `separates` picks them.
macro_rules! by_board_words {
    ($board:expr, $f:ident($($arg:expr),* $(,)?)) => {
        match $board.len().div_ceil(64) {
            0..=1 => $f::<1>($($arg),*),
            2 => $f::<2>($($arg),*),
            3 => $f::<3>($($arg),*),
            4 => $f::<4>($($arg),*),
            5..=6 => $f::<6>($($arg),*),
            7..=8 => $f::<8>($($arg),*),
            9..=11 => $f::<11>($($arg),*),
            12..=16 => $f::<16>($($arg),*),
            17..=32 => $f::<32>($($arg),*),
            33..=64 => $f::<64>($($arg),*),
            _ => $f::<1024>($($arg),*),
        }
    };
}

/// `separates` for a position whose region labels for `member` are kept: the
/// regions are read from `labels` (which must be those of `member`, as
/// `RegionLabels` keeps them) instead of being grown, and the test goes on with the
/// graph. For the case the labels leave open: no region holds more than half.
pub fn separates_labelled(
    board: &Board,
    adjacency: Adjacency,
    (member, counted): (&[u64], &[u64]),
    labels: &RegionLabels,
) -> bool {
    thread_local! {
        static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
    }
    SCRATCH.with(|s| {
        let s = &mut *s.borrow_mut();
        by_board_words!(
            board,
            run_labelled(s, board, adjacency, (member, counted), labels)
        )
    })
}

fn run_labelled<const W: usize>(
    s: &mut Scratch,
    board: &Board,
    adjacency: Adjacency,
    (member, counted): (&[u64], &[u64]),
    labels: &RegionLabels,
) -> bool {
    let (member, counted) = (
        read::<W>(board, Cells::Words(member)),
        read::<W>(board, Cells::Words(counted)),
    );
    s.decide_labelled(
        &Geometry::<W>::new(board, adjacency),
        member,
        counted,
        labels,
    )
}

/// A set of grid positions: bit `c % 64` of word `c / 64` for cell id `c`.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Bits<const W: usize>([u64; W]);

impl<const W: usize> Bits<W> {
    const EMPTY: Self = Bits([0; W]);

    /// The set of one cell.
    fn cell(c: usize) -> Self {
        let mut b = Self::EMPTY;
        b.0[c / 64] = 1 << (c % 64);
        b
    }

    /// The set whose first words are `words` (at most `W` of them; a word at a time,
    /// which the compiler unrolls, rather than a call to copy memory).
    #[inline(always)]
    fn load(words: &[u64]) -> Self {
        if let Ok(all) = <[u64; W]>::try_from(words) {
            return Bits(all);
        }
        assert!(words.len() <= W);
        let mut b = Self::EMPTY;
        for (to, &from) in b.0.iter_mut().zip(words) {
            *to = from;
        }
        b
    }

    /// Calls `f` with each cell of the set, in order.
    #[inline(always)]
    fn each(&self, f: impl FnMut(usize)) {
        grid_bits::each_bit(&self.0, f);
    }

    #[inline(always)]
    fn has(&self, c: usize) -> bool {
        self.0[c / 64] >> (c % 64) & 1 == 1
    }

    fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// The lowest cell id in the set.
    fn first(&self) -> Option<usize> {
        let i = self.0.iter().position(|&w| w != 0)?;
        Some(i * 64 + self.0[i].trailing_zeros() as usize)
    }

    /// The cells of `self` not in `other`.
    #[inline(always)]
    fn without(self, other: Self) -> Self {
        Bits(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    /// The set moved `k` ids up (towards higher ids); what passes the top is lost.
    #[inline(always)]
    fn up(self, k: usize) -> Self {
        let (q, r) = (k / 64, k % 64);
        let mut out = Self::EMPTY;
        if q == 0 {
            out.0[0] = self.0[0] << r;
            for i in 1..W {
                out.0[i] = funnel(self.0[i], self.0[i - 1], r);
            }
        } else {
            for i in q..W {
                let below = if i > q { self.0[i - q - 1] } else { 0 };
                out.0[i] = self.0[i - q] << r | below >> 1 >> (63 - r);
            }
        }
        out
    }

    /// The set moved `k` ids down; what passes id 0 is lost.
    #[inline(always)]
    fn down(self, k: usize) -> Self {
        let (q, r) = (k / 64, k % 64);
        let mut out = Self::EMPTY;
        if q == 0 {
            for i in 0..W - 1 {
                out.0[i] = funnel(self.0[i + 1], self.0[i], 64 - r);
            }
            out.0[W - 1] = self.0[W - 1] >> r;
        } else {
            for i in 0..W.saturating_sub(q) {
                let above = if i + q + 1 < W { self.0[i + q + 1] } else { 0 };
                out.0[i] = self.0[i + q] >> r | above << 1 << (63 - r);
            }
        }
        out
    }
}

/// The word `high` shifted left by `r` (0 to 64), with the top bits of `low` coming in.
#[inline(always)]
fn funnel(high: u64, low: u64, r: usize) -> u64 {
    ((u128::from(high) << 64 | u128::from(low)) << r >> 64) as u64
}

impl<const W: usize> BitAnd for Bits<W> {
    type Output = Self;
    #[inline(always)]
    fn bitand(self, o: Self) -> Self {
        Bits(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }
}

impl<const W: usize> BitOr for Bits<W> {
    type Output = Self;
    #[inline(always)]
    fn bitor(self, o: Self) -> Self {
        Bits(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }
}

impl<const W: usize> BitOrAssign for Bits<W> {
    #[inline(always)]
    fn bitor_assign(&mut self, o: Self) {
        *self = *self | o;
    }
}

/// The grid positions whose byte in `layer` is `code` or, without a code, is not 0
/// (`layer` has at most `64 W` bytes).
fn layer_bits<const W: usize>(layer: &[u8], code: Option<u8>) -> Bits<W> {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    match code {
        // The bytes equal to `code` are the zero bytes of the layer xor `code`s.
        Some(code) => bits_where(
            layer,
            |x| !nonzero(x ^ (0x0101_0101_0101_0101 * u64::from(code))) & HIGH,
            |b| b == code,
        ),
        None => bits_where(layer, nonzero, |b| b != 0),
    }
}

/// The high bit of each byte of `x` that is not 0 (no carry leaves a byte).
#[inline(always)]
fn nonzero(x: u64) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    (((x & LOW7) + LOW7) | x) & !LOW7
}

/// The grid positions whose byte in `layer` passes a test, read eight bytes at a
/// time: `high` takes eight bytes (little-endian) to the high bits of those that pass,
/// `test` tests the few bytes left at the end.
#[inline(always)]
fn bits_where<const W: usize>(
    layer: &[u8],
    high: impl Fn(u64) -> u64,
    test: impl Fn(u8) -> bool,
) -> Bits<W> {
    // Byte j's high bit (bit 8 j + 7) moved to bit 56 + j; the products' other bits
    // stay below bit 56 or pass bit 63.
    let gather = |eight: &[u8; 8]| {
        high(u64::from_le_bytes(*eight)).wrapping_mul(0x0002_0408_1020_4081) >> 56
    };
    // A word's eight bytes come in at the top, each moving the earlier ones down.
    let word = |eights: &[[u8; 8]]| {
        eights
            .iter()
            .fold(0, |bits, eight| bits >> 8 | gather(eight) << 56)
    };
    let mut out = Bits::EMPTY;
    let (sixty_fours, rest) = layer.as_chunks::<64>();
    for (bits, bytes) in out.0.iter_mut().zip(sixty_fours) {
        *bits = word(bytes.as_chunks::<8>().0);
    }
    if !rest.is_empty() {
        let (eights, bytes) = rest.as_chunks::<8>();
        let done = 8 * eights.len();
        let mut bits = if done == 0 {
            0
        } else {
            word(eights) >> (64 - done)
        };
        for (i, &b) in bytes.iter().enumerate() {
            bits |= u64::from(test(b)) << (done + i);
        }
        out.0[sixty_fours.len()] = bits;
    }
    out
}

/// The regions of the board without one side's member cells (one player's pieces of
/// a kind), kept with a position as a label per cell: a separation test then reads
/// the region of each counted cell instead of growing regions, and answers "no group
/// separates" at once when one region holds more than half of them (removing fewer
/// cells than all the members only joins regions). A member cell added splits the
/// region it was in, where it splits; one removed joins the regions around it. The
/// labels are a function of the member set: only which cells share one matters.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RegionLabels {
    /// Per grid position, its region's label (member cells and off-board positions
    /// keep a stale one: they are never read).
    label: Vec<u16>,
    /// The next label not yet given.
    next: u16,
    /// On a hex board (six neighbours join groups and regions alike): the member
    /// cells' groups as a union-find over the grid positions, with one more node, the
    /// board's outside (edges and holes), which the cells on them join. A member cell
    /// added between two walls that belong to one group (or both to the outside)
    /// closes a loop: only then may its region split. Empty on other boards.
    walls: Vec<u16>,
}

/// The six hex directions in circular order (consecutive ones are next to each
/// other), as `Board::around` has them for hex boards.
const RING: [(i32, i32); 6] = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)];

/// The root of `x` in the union-find `parent`, halving the paths on the way.
#[inline(always)]
fn find(parent: &mut [u16], mut x: usize) -> usize {
    while usize::from(parent[x]) != x {
        let up = usize::from(parent[usize::from(parent[x])]);
        parent[x] = up as u16;
        x = up;
    }
    x
}

/// The slots of `nbrs` (a cell's neighbours) whose cells are `free`, as bits.
#[inline(always)]
fn open_slots(nbrs: &[Cell], free: impl Fn(Cell) -> bool) -> u32 {
    let mut open = 0u32;
    for (i, &m) in nbrs.iter().enumerate().take(8) {
        open |= u32::from(free(m)) << i;
    }
    open
}

/// The class of the first of the `open` slots (the open slots reached from it through
/// slots next to each other, `near` as `Neighbours::near`), and how to find the
/// class of another.
#[inline(always)]
fn classes(open: u32, near: &[u8; 8]) -> (u32, impl Fn(u32) -> u32 + '_) {
    let class_of = move |seed: u32| {
        let mut class = seed;
        loop {
            let mut grown = class;
            let mut bits = class;
            while bits != 0 {
                grown |= u32::from(near[bits.trailing_zeros() as usize]);
                bits &= bits - 1;
            }
            grown &= open;
            if grown == class {
                return class;
            }
            class = grown;
        }
    };
    (class_of(open & open.wrapping_neg()), class_of)
}

/// Labels are made afresh before they run out.
const LAST_LABEL: u16 = u16::MAX - 64;

impl RegionLabels {
    /// The labels of the regions of `board` without the `member` cells (bit words like
    /// `Board::on_words`), under `adjacency`.
    pub fn new(board: &Board, adjacency: Adjacency, member: &[u64]) -> RegionLabels {
        let mut r = RegionLabels::default();
        by_board_words!(board, make_labels(&mut r, board, adjacency, member));
        r
    }

    /// `cell` has become a member cell (`member` holds it now, and `also` if given,
    /// a member cell that is to leave next): its region may split.
    pub fn joined(
        &mut self,
        board: &Board,
        adjacency: Adjacency,
        (member, also): (&[u64], Option<Cell>),
        cell: Cell,
    ) {
        // The region splits only if the cells around `cell` left in it fall into two
        // classes or more: looked at before any bit set is made.
        let nbrs = board.neighbours(adjacency);
        let around = nbrs.of(cell);
        let open = open_slots(around, |m| {
            member[usize::from(m) / 64] >> (m % 64) & 1 == 0 && also != Some(m)
        });
        let is_member =
            |m: Cell| member[usize::from(m) / 64] >> (m % 64) & 1 == 1 || also == Some(m);
        let splits = open & open.wrapping_sub(1) != 0
            && classes(open, nbrs.near(cell)).0 != open
            && (self.walls.is_empty() || self.closes_loop(board, cell, &is_member));
        if !self.walls.is_empty() {
            self.wall_up(around, open, cell);
        }
        if splits {
            by_board_words!(
                board,
                joined_labels(self, board, adjacency, (member, also), cell)
            );
        }
    }

    /// Whether the member cell `cell` (the cells for which `is_member` holds, the
    /// others around it free) joins two walls of one group, or two walls on the
    /// outside, around it (hex boards): the walls are the runs of member cells and
    /// off-board positions around it, each one group (consecutive cells are
    /// neighbours).
    fn closes_loop(
        &mut self,
        board: &Board,
        cell: Cell,
        is_member: &impl Fn(Cell) -> bool,
    ) -> bool {
        let outside = self.walls.len() - 1;
        // Each position around: `None` free, else its wall's root.
        let mut ring = [None; 6];
        for (r, &d) in ring.iter_mut().zip(&RING) {
            *r = match board.step(cell, d) {
                None => Some(find(&mut self.walls, outside)),
                Some(m) if is_member(m) => Some(find(&mut self.walls, usize::from(m))),
                Some(_) => None,
            };
        }
        // From a free position, the root of each run of walls.
        let start = ring
            .iter()
            .position(Option::is_none)
            .expect("two free cells around");
        let mut roots = [usize::MAX; 3];
        let mut runs = 0;
        let mut last_free = true;
        for i in 1..=6 {
            match ring[(start + i) % 6] {
                None => last_free = true,
                Some(root) => {
                    if last_free {
                        if roots[..runs].contains(&root) {
                            return true;
                        }
                        roots[runs] = root;
                        runs += 1;
                    }
                    last_free = false;
                }
            }
        }
        false
    }

    /// Joins the new member cell `cell` to the groups of the member cells around it
    /// (`around`, its neighbours, those in the `open` slots free) and, with fewer than
    /// six neighbours (on an edge or by a hole), to the outside (hex boards).
    fn wall_up(&mut self, around: &[Cell], open: u32, cell: Cell) {
        let outside = self.walls.len() - 1;
        let root = find(&mut self.walls, usize::from(cell));
        for (i, &m) in around.iter().enumerate() {
            if open >> i & 1 == 0 {
                let o = find(&mut self.walls, usize::from(m));
                if o != root {
                    self.walls[o] = root as u16;
                }
            }
        }
        if around.len() < RING.len() {
            let o = find(&mut self.walls, outside);
            if o != root {
                self.walls[o] = root as u16;
            }
        }
    }

    /// `cell` is a member cell no longer (`member` is without it now): the regions
    /// around it and the cell are one.
    pub fn left(&mut self, board: &Board, adjacency: Adjacency, member: &[u64], cell: Cell) {
        by_board_words!(board, left_labels(self, board, adjacency, member, cell));
    }

    /// Whether one region holds more than half of the `counted` cells (bit words; those
    /// on `member` cells lie in no region); `None` when more than 16 cells are counted.
    pub fn one_holds_most(&self, member: &[u64], counted: &[u64]) -> Option<bool> {
        let mut cells = [0u16; 16];
        let (mut all, mut out) = (0, 0);
        for (i, (&c, &m)) in counted.iter().zip(member).enumerate() {
            let mut bits = c;
            while bits != 0 {
                if all == 16 {
                    return None;
                }
                all += 1;
                let b = bits.trailing_zeros();
                if m >> b & 1 == 0 {
                    cells[out] = (i * 64) as u16 + b as u16;
                    out += 1;
                }
                bits &= bits - 1;
            }
        }
        let (cells, half) = (&cells[..out], all / 2);
        Some(cells.iter().any(|&c| {
            let l = self.label[usize::from(c)];
            cells
                .iter()
                .filter(|&&d| self.label[usize::from(d)] == l)
                .count() as u32
                > half
        }))
    }

    /// The label of the region of the cell `cell` (not a member cell): cells with the
    /// same label lie in the same region.
    pub fn label(&self, cell: Cell) -> u16 {
        self.label[usize::from(cell)]
    }

    /// The bytes the labels take.
    pub fn memory_bytes(&self) -> usize {
        std::mem::size_of::<RegionLabels>() + self.label.capacity() * 2
    }

    /// A label not given yet.
    fn fresh(&mut self) -> u16 {
        let l = self.next;
        self.next += 1;
        l
    }
}

fn make_labels<const W: usize>(
    r: &mut RegionLabels,
    board: &Board,
    adjacency: Adjacency,
    member: &[u64],
) {
    let geometry = Geometry::<W>::new(board, adjacency);
    r.make(&geometry, Bits::load(member));
}

fn joined_labels<const W: usize>(
    r: &mut RegionLabels,
    board: &Board,
    adjacency: Adjacency,
    (member, also): (&[u64], Option<Cell>),
    cell: Cell,
) {
    let geometry = Geometry::<W>::new(board, adjacency);
    let mut member = Bits::<W>::load(member);
    if let Some(a) = also {
        member |= Bits::cell(usize::from(a));
    }
    if r.next >= LAST_LABEL {
        r.make(&geometry, member);
    } else {
        r.split(&geometry, usize::from(cell), geometry.cells.without(member));
    }
}

fn left_labels<const W: usize>(
    r: &mut RegionLabels,
    board: &Board,
    adjacency: Adjacency,
    member: &[u64],
    cell: Cell,
) {
    let geometry = Geometry::<W>::new(board, adjacency);
    let member = Bits::<W>::load(member);
    if r.next >= LAST_LABEL {
        r.make(&geometry, member);
    } else {
        let part = geometry.grow_from(usize::from(cell), geometry.cells.without(member));
        let l = r.fresh();
        part.each(|c| r.label[c] = l);
        // A group may have split: the walls are made afresh.
        if !r.walls.is_empty() {
            r.walls.clear();
            r.walls.extend((0..=board.len()).map(|x| x as u16));
            r.walls_of(geometry.neighbours, member);
        }
    }
}

impl RegionLabels {
    /// Joins every member cell to its groups and the outside (`walls` made ready).
    fn walls_of<const W: usize>(&mut self, nbrs: &Neighbours, member: Bits<W>) {
        member.each(|c| {
            let around = nbrs.of(c as Cell);
            let open = open_slots(around, |m| !member.has(usize::from(m)));
            self.wall_up(around, open, c as Cell);
        });
    }

    /// Labels every region of the board without `member` afresh.
    fn make<const W: usize>(&mut self, geometry: &Geometry<'_, W>, member: Bits<W>) {
        self.label.clear();
        self.label.resize(64 * W, 0);
        self.next = 0;
        self.walls.clear();
        if geometry.hex {
            let n = geometry.board.len();
            self.walls.extend((0..=n).map(|x| x as u16));
            self.walls_of(geometry.neighbours, member);
        }
        let free = geometry.cells.without(member);
        let mut rest = free;
        while let Some(c) = rest.first() {
            let part = geometry.grow_from(c, free);
            let l = self.fresh();
            part.each(|c| self.label[c] = l);
            rest = rest.without(part);
        }
    }

    /// Takes the cell `d` out of its region (`free` is the board without the member
    /// cells, `d` now among them): the region's cells next to `d` fall into classes
    /// (those next to each other), and with two classes or more the region may split.
    /// Parts grow from each class in step, joining where they meet; a part that stops
    /// growing is a piece of its own, and the work ends when one part is still
    /// growing (the rest of the region, which keeps its label): it costs in
    /// proportion to the pieces split off, not to the region.
    fn split<const W: usize>(&mut self, geometry: &Geometry<'_, W>, d: usize, free: Bits<W>) {
        let nbrs = geometry.neighbours.of(d as Cell);
        let near = geometry.neighbours.near(d as Cell);
        let open = open_slots(nbrs, |m| free.has(m as usize));
        let (first, class_of) = classes(open, near);
        if first == open {
            return;
        }
        let mut parts = [Bits::<W>::EMPTY; 8];
        let mut n = 0;
        let mut class = first;
        let mut rest = open;
        loop {
            rest &= !class;
            let mut bits = class;
            while bits != 0 {
                let m = nbrs[bits.trailing_zeros() as usize] as usize;
                parts[n].0[m / 64] |= 1 << (m % 64);
                bits &= bits - 1;
            }
            n += 1;
            if rest == 0 {
                break;
            }
            class = class_of(rest & rest.wrapping_neg());
        }
        // Parts grown in step: `parts[..live]` are still growing, `parts[live..n]`
        // have stopped (each a whole region). The region keeps its label in the part
        // left growing.
        let mut live = n;
        while live > 1 {
            let mut p = 0;
            while p < live {
                let next = geometry.spread_in(parts[p], free);
                if next == parts[p] {
                    // Stopped: moved behind the growing ones.
                    live -= 1;
                    parts.swap(p, live);
                    continue;
                }
                parts[p] = next;
                p += 1;
            }
            // Growing parts that meet are one.
            let mut p = 0;
            while p < live {
                let mut q = p + 1;
                while q < live {
                    if (parts[p] & parts[q]).is_empty() {
                        q += 1;
                    } else {
                        parts[p] |= parts[q];
                        live -= 1;
                        parts.swap(q, live);
                        // The stopped part moved to `live` goes back behind.
                        parts.swap(live, n - 1);
                        n -= 1;
                    }
                }
                p += 1;
            }
        }
        // The stopped parts are regions split off (if none is growing any more, the
        // first keeps the label).
        for part in &parts[live.max(1)..n] {
            let l = self.next;
            self.next += 1;
            part.each(|c| self.label[c] = l);
        }
    }
}

/// The cells of `set`, on `board`.
fn read<const W: usize>(board: &Board, set: Cells) -> Bits<W> {
    let bits = match set {
        Cells::Holding(layer, code) => layer_bits(layer, Some(code)),
        Cells::Occupied(layer) => layer_bits(layer, None),
        Cells::Words(words) => Bits::load(words),
        Cells::Region(bit) => Bits::load(board.region_words(bit)),
        Cells::All => Bits::load(board.on_words()),
    };
    bits & Bits::load(board.on_words())
}

/// What growing a part of the board needs: the board's masks for one adjacency.
struct Geometry<'a, const W: usize> {
    cells: Bits<W>,
    not_first: Bits<W>,
    not_last: Bits<W>,
    width: usize,
    pattern: Pattern,
    /// The board's neighbour lists, for searching small parts cell by cell.
    neighbours: &'a Neighbours,
    board: &'a Board,
    /// Whether the board is a hex grid under its six neighbours (see
    /// `RegionLabels::walls`).
    hex: bool,
}

/// The neighbours' offsets of an adjacency (see `Board::offsets`): the usual four
/// by name, any other as it is.
#[derive(Clone, Copy)]
enum Pattern {
    /// Hex: dx 0 and 1 below, -1 and 1 beside, -1 and 0 above.
    Hex,
    /// Square: the four orthogonal neighbours; the eight around; the four diagonal.
    Orthogonal,
    Around,
    Diagonal,
    Other([u8; 3]),
}

impl Pattern {
    fn of(offsets: [u8; 3]) -> Pattern {
        match offsets {
            [0b110, 0b101, 0b011] => Pattern::Hex,
            [0b010, 0b101, 0b010] => Pattern::Orthogonal,
            [0b111, 0b101, 0b111] => Pattern::Around,
            [0b101, 0b000, 0b101] => Pattern::Diagonal,
            _ => Pattern::Other(offsets),
        }
    }
}

impl<'a, const W: usize> Geometry<'a, W> {
    fn new(board: &'a Board, adjacency: Adjacency) -> Self {
        let (not_first, not_last) = board.column_ends();
        Geometry {
            cells: Bits::load(board.on_words()),
            not_first: Bits::load(not_first),
            not_last: Bits::load(not_last),
            width: board.width,
            pattern: Pattern::of(board.offsets(adjacency)),
            neighbours: board.neighbours(adjacency),
            board,
            hex: board.is_hex() && adjacency == Adjacency::All,
        }
    }

    /// `set` and every cell next to one of its cells, within `within` (cells only).
    #[inline(always)]
    fn spread_in(&self, set: Bits<W>, within: Bits<W>) -> Bits<W> {
        // The set moved one column right (x + 1) and one column left, without the
        // cells that would wrap round to the next row; rows are `width` ids apart.
        let right = (set & self.not_last).up(1);
        let left = (set & self.not_first).down(1);
        let w = self.width;
        let out = match self.pattern {
            Pattern::Hex => set | left | right | (set | left).up(w) | (set | right).down(w),
            Pattern::Orthogonal => set | left | right | set.up(w) | set.down(w),
            Pattern::Around => {
                let row = set | left | right;
                row | row.up(w) | row.down(w)
            }
            Pattern::Diagonal => {
                let sides = left | right;
                set | sides.up(w) | sides.down(w)
            }
            Pattern::Other(offsets) => {
                let row = |bits: u8| {
                    let mut r = Bits::EMPTY;
                    if bits & 1 != 0 {
                        r |= left;
                    }
                    if bits & 2 != 0 {
                        r |= set;
                    }
                    if bits & 4 != 0 {
                        r |= right;
                    }
                    r
                };
                set | row(offsets[1]) | row(offsets[2]).up(w) | row(offsets[0]).down(w)
            }
        };
        out & within
    }

    /// The connected part of `within` that holds cell `start` (of `within`): searched
    /// cell by cell while it is small (most parts are a cell or a few), then grown.
    fn grow_from(&self, start: usize, within: Bits<W>) -> Bits<W> {
        const SMALL: usize = 8;
        let mut part = Bits::cell(start);
        let mut found = [0; SMALL];
        found[0] = start as Cell;
        let (mut head, mut len) = (0, 1);
        while head < len {
            for &m in self.neighbours.of(found[head]) {
                if within.has(m as usize) && !part.has(m as usize) {
                    part.0[m as usize / 64] |= 1 << (m % 64);
                    if len == SMALL {
                        return self.grow(part, within);
                    }
                    found[len] = m;
                    len += 1;
                }
            }
            head += 1;
        }
        part
    }

    /// The connected parts of `within` that hold the cells of `seed` (cells of
    /// `within`).
    fn grow(&self, seed: Bits<W>, within: Bits<W>) -> Bits<W> {
        let mut part = seed;
        loop {
            let next = self.spread_in(part, within);
            if next == part {
                return part;
            }
            part = next;
        }
    }

    /// As `grow`, but stopping once the part holds more than `limit` of the `counted`
    /// cells; with the number of counted cells in what it returns. (Out of line, as
    /// are the graph's steps: inlined into one function, their bit sets crowd the
    /// registers and every step is slower.)
    #[inline(never)]
    fn grow_until(
        &self,
        seed: Bits<W>,
        within: Bits<W>,
        counted: Bits<W>,
        limit: u32,
    ) -> (Bits<W>, u32) {
        let mut part = seed;
        let mut hits = part & counted;
        let mut k = hits.count();
        loop {
            if k > limit {
                return (part, k);
            }
            let next = self.spread_in(part, within);
            if next == part {
                return (part, k);
            }
            part = next;
            // Counted only when new counted cells come in (a count is costly).
            if part & counted != hits {
                hits = part & counted;
                k = hits.count();
            }
        }
    }
}

/// Reused buffers, so that a playout's turn-start checks do not allocate.
#[derive(Default)]
struct Scratch {
    /// The graph's nodes (regions, then groups): their cells, `W` words each; the
    /// counted cells in each; whether each is a group.
    sets: Vec<u64>,
    count: Vec<u32>,
    is_group: Vec<bool>,
    /// Per cell of a region, the region's node.
    label: Vec<u32>,
    /// The graph's adjacency matrix, a row of `words` bits per node.
    adjacent: Vec<u64>,
    /// The depth-first search's visits and path.
    visits: Vec<Visit>,
    queue: Vec<u32>,
}

impl Scratch {
    fn run<const W: usize>(
        &mut self,
        (board, adjacency, member, counted): (&Board, Adjacency, Cells, Cells),
    ) -> bool {
        let (member, counted) = (read::<W>(board, member), read::<W>(board, counted));
        self.decide(&Geometry::<W>::new(board, adjacency), member, counted)
    }

    /// The test on bit sets (see [`separates`]): the regions that hold counted cells,
    /// then, if none holds more than half, the graph.
    fn decide<const W: usize>(
        &mut self,
        geometry: &Geometry<'_, W>,
        member: Bits<W>,
        counted: Bits<W>,
    ) -> bool {
        if member.is_empty() {
            return false;
        }
        let half = counted.count() / 2;
        let free = geometry.cells.without(member);
        self.sets.clear();
        self.count.clear();
        self.is_group.clear();
        // The counted cells outside the regions grown so far: once at most half are
        // left, no region can hold more than half.
        let mut todo = counted & free;
        let mut unseen = todo.count();
        let mut grown = Bits::EMPTY;
        while unseen > half {
            let start = todo.first().expect("a counted cell left");
            let (region, k) = geometry.grow_until(Bits::cell(start), free, counted, half);
            if k > half {
                return false;
            }
            self.push(region, k, false);
            grown |= region;
            todo = todo.without(region);
            unseen -= k;
        }
        // The other regions.
        self.add_parts(geometry, free.without(grown), free, counted, false);
        self.decide_on_graph(geometry, member, counted, free)
    }

    /// `decide` with the regions read from kept labels (those of `member`), where no
    /// region holds more than half of the counted cells.
    fn decide_labelled<const W: usize>(
        &mut self,
        geometry: &Geometry<'_, W>,
        member: Bits<W>,
        counted: Bits<W>,
        labels: &RegionLabels,
    ) -> bool {
        if member.is_empty() {
            return false;
        }
        let free = geometry.cells.without(member);
        self.sets.clear();
        self.count.clear();
        self.is_group.clear();
        // A region at a time: its first cell's label, then the cells with it.
        let mut rest = free;
        while let Some(c) = rest.first() {
            let l = labels.label[c];
            let mut region = Bits::<W>::EMPTY;
            rest.each(|d| {
                if labels.label[d] == l {
                    region.0[d / 64] |= 1 << (d % 64);
                }
            });
            self.push(region, (region & counted).count(), false);
            rest = rest.without(region);
        }
        let half = counted.count() / 2;
        if self.count.iter().any(|&k| k > half) {
            return false;
        }
        self.decide_on_graph(geometry, member, counted, free)
    }

    /// The rest of `decide`, once the regions are the graph's first nodes.
    fn decide_on_graph<const W: usize>(
        &mut self,
        geometry: &Geometry<'_, W>,
        member: Bits<W>,
        counted: Bits<W>,
        free: Bits<W>,
    ) -> bool {
        let half = counted.count() / 2;
        let regions = self.count.len();
        // The member cells next to a region that are in a group next to a region
        // before it: the groups next to the regions so far are grown as regions
        // bring new ones (each group once), so a group next to two regions or more
        // has a cell next to the second in what was grown.
        let (mut reached, mut again) = (Bits::EMPTY, Bits::EMPTY);
        for r in 0..regions {
            let border = geometry.spread_in(self.set(r), member);
            again |= border & reached;
            let new = border.without(reached);
            if !new.is_empty() {
                reached |= geometry.grow(new, member);
            }
        }
        // The groups in the graph: those next to two regions or more, and those that
        // hold counted cells. Any other group hangs from one region (or none) and
        // holds nothing: removing it changes no component's count, and removing
        // another leaves it with its region; it separates only if no component of
        // the board holds more than half, and then every group does.
        self.add_parts(geometry, again | (counted & member), member, counted, true);
        self.link(geometry, regions, free);
        self.some_group_splits(half)
    }

    fn push<const W: usize>(&mut self, set: Bits<W>, count: u32, is_group: bool) {
        self.sets.extend_from_slice(&set.0);
        self.count.push(count);
        self.is_group.push(is_group);
    }

    fn set<const W: usize>(&self, node: usize) -> Bits<W> {
        Bits::load(&self.sets[node * W..(node + 1) * W])
    }

    /// Adds the connected parts of `within` that hold the cells of `rest` as nodes.
    #[inline(never)]
    fn add_parts<const W: usize>(
        &mut self,
        geometry: &Geometry<'_, W>,
        mut rest: Bits<W>,
        within: Bits<W>,
        counted: Bits<W>,
        is_group: bool,
    ) {
        while let Some(c) = rest.first() {
            let part = geometry.grow_from(c, within);
            self.push(part, (part & counted).count(), is_group);
            rest = rest.without(part);
        }
    }

    /// The graph's adjacency matrix: an edge between each group (the nodes from
    /// `regions` on) and the region of each free cell next to it (the regions'
    /// cells labelled with their nodes first).
    #[inline(never)]
    fn link<const W: usize>(&mut self, geometry: &Geometry<'_, W>, regions: usize, free: Bits<W>) {
        if self.label.len() < 64 * W {
            self.label.resize(64 * W, 0);
        }
        for r in 0..regions {
            let cells: Bits<W> = self.set(r);
            cells.each(|c| self.label[c] = r as u32);
        }
        let nodes = self.count.len();
        let words = nodes.div_ceil(64);
        self.adjacent.clear();
        self.adjacent.resize(nodes * words, 0);
        for g in regions..nodes {
            let border = geometry.spread_in(self.set(g), free);
            border.each(|c| {
                let r = self.label[c] as usize;
                self.adjacent[g * words + r / 64] |= 1 << (r % 64);
                self.adjacent[r * words + g / 64] |= 1 << (g % 64);
            });
        }
    }

    /// Whether removing some group leaves every component of the graph with at most
    /// `half` counted cells. One depth-first search of the graph (as for cut
    /// vertices) finds them all: without a node v, each subtree of a child of v that
    /// no edge joins to a node above v is a component of its own, and the rest of
    /// v's component (without v) is one more, if v is not the search's root.
    fn some_group_splits(&mut self, half: u32) -> bool {
        let nodes = self.count.len();
        let words = nodes.div_ceil(64);
        self.visits.clear();
        self.visits.resize(nodes, Visit::default());
        // A node holding nothing with one neighbour or none is left out: removing it
        // changes no component's count, removing its neighbour leaves it a component
        // holding nothing, and a group of them separates only if no component holds
        // more than half, when every group does.
        for v in 0..nodes {
            let row = &self.adjacent[v * words..(v + 1) * words];
            let mut edges = row.iter().filter(|&&bits| bits != 0);
            let one = match (edges.next(), edges.next()) {
                (None, _) => true,
                (Some(&bits), None) => bits & (bits - 1) == 0,
                _ => false,
            };
            if self.count[v] == 0 && one {
                self.visits[v].order = LEFT_OUT;
            }
        }
        // The components holding more than half.
        let mut heavy = 0;
        let mut time = 0;
        for root in 0..nodes {
            if self.visits[root].order != 0 {
                continue;
            }
            self.visit(root, root, &mut time);
            self.queue.push(root as u32);
            while let Some(&v) = self.queue.last() {
                let v = v as usize;
                match self.next_neighbour(v, words) {
                    Some(u) if self.visits[u].order == 0 => {
                        self.visit(u, root, &mut time);
                        self.queue.push(u as u32);
                    }
                    // An edge back up (to the parent too, which changes no test).
                    Some(u) => {
                        let up = self.visits[u].order;
                        let low = &mut self.visits[v].low;
                        *low = (*low).min(up);
                    }
                    None => {
                        self.queue.pop();
                        if let Some(&p) = self.queue.last() {
                            let (child, parent) = (self.visits[v], &mut self.visits[p as usize]);
                            parent.low = parent.low.min(child.low);
                            parent.below += child.below;
                            if child.low >= parent.order {
                                parent.cut_off += child.below;
                                parent.largest_cut = parent.largest_cut.max(child.below);
                            }
                        }
                    }
                }
            }
            heavy += usize::from(self.visits[root].below > half);
        }
        // Without a component of more than half, every group separates.
        heavy == 0
            || (0..nodes).any(|g| {
                let v = self.visits[g];
                let whole = self.visits[v.root as usize].below;
                self.is_group[g]
                    && v.order != LEFT_OUT
                    && heavy == usize::from(whole > half)
                    && v.largest_cut <= half
                    && whole - self.count[g] - v.cut_off <= half
            })
    }

    /// Starts the search's visit of `node`, in the component of `root`.
    fn visit(&mut self, node: usize, root: usize, time: &mut u32) {
        *time += 1;
        self.visits[node] = Visit {
            order: *time,
            low: *time,
            below: self.count[node],
            root: root as u32,
            ..Visit::default()
        };
    }

    /// The next neighbour of `v` in the search, if any is left.
    fn next_neighbour(&mut self, v: usize, words: usize) -> Option<usize> {
        let nodes = self.count.len();
        let mut i = self.visits[v].next as usize;
        while i < nodes {
            let bits = self.adjacent[v * words + i / 64] >> (i % 64);
            if bits != 0 {
                let u = i + bits.trailing_zeros() as usize;
                self.visits[v].next = u as u32 + 1;
                return Some(u);
            }
            i = (i / 64 + 1) * 64;
        }
        self.visits[v].next = nodes as u32;
        None
    }
}

/// The order of a node the search leaves out.
const LEFT_OUT: u32 = u32::MAX;

/// A node's visit in the depth-first search of the graph.
#[derive(Clone, Copy, Default)]
struct Visit {
    /// The visit's order from 1 (0: not visited), and the least order of a node that
    /// an edge joins to the node's subtree.
    order: u32,
    low: u32,
    /// The counted cells in the node's subtree; in the subtrees of its children cut
    /// off by its removal, together and the largest.
    below: u32,
    cut_off: u32,
    largest_cut: u32,
    /// The search's root in the node's component; the next neighbour to look at.
    root: u32,
    next: u32,
}

/// The definition, group by group and region by region (the reference for `separates`).
#[cfg(test)]
fn separates_slowly(
    board: &Board,
    adjacency: Adjacency,
    member: &dyn Fn(Cell) -> bool,
    counted: &dyn Fn(Cell) -> bool,
) -> bool {
    let nbrs = board.neighbours(adjacency);
    let n = board.len();
    let targets: Vec<Cell> = board.cells().filter(|&c| counted(c)).collect();
    let half = targets.len() / 2;
    // group[c]: the group id + 1 of a member cell.
    let mut group = vec![0u32; n];
    // seen[c] == stamp: visited in the current region search.
    let mut seen = vec![0u32; n];
    let mut stamp = 0u32;
    let mut stack: Vec<Cell> = Vec::new();
    let mut gid = 0u32;
    for start in board.cells() {
        if group[start as usize] != 0 || !member(start) {
            continue;
        }
        gid += 1;
        stack.push(start);
        group[start as usize] = gid;
        while let Some(c) = stack.pop() {
            for &m in nbrs.of(c) {
                if group[m as usize] == 0 && member(m) {
                    group[m as usize] = gid;
                    stack.push(m);
                }
            }
        }
        // The regions left without this group.
        stamp += 1;
        let mut ok = true;
        for &t in &targets {
            if group[t as usize] == gid || seen[t as usize] == stamp {
                continue;
            }
            let mut count = 0;
            seen[t as usize] = stamp;
            stack.push(t);
            while let Some(c) = stack.pop() {
                if counted(c) {
                    count += 1;
                }
                for &m in nbrs.of(c) {
                    if seen[m as usize] != stamp && group[m as usize] != gid {
                        seen[m as usize] = stamp;
                        stack.push(m);
                    }
                }
            }
            if count > half {
                ok = false;
                stack.clear();
                break;
            }
        }
        if ok {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::BoardShape;

    /// A piece layer of 1s where `member` holds.
    fn layer(b: &Board, member: impl Fn(Cell) -> bool) -> Vec<u8> {
        (0..b.len())
            .map(|c| u8::from(b.contains(c as Cell) && member(c as Cell)))
            .collect()
    }

    /// `separates` with sets given as predicates (as layers of 1s).
    fn separates_where(
        b: &Board,
        adjacency: Adjacency,
        member: impl Fn(Cell) -> bool,
        counted: impl Fn(Cell) -> bool,
    ) -> bool {
        let (m, k) = (layer(b, member), layer(b, counted));
        separates(b, adjacency, Cells::Holding(&m, 1), Cells::Occupied(&k))
    }

    #[test]
    fn a_wall_across_a_board_separates_and_a_stub_does_not() {
        // 5x5 square, orthogonal adjacency, three pawns: half is 1.
        let b = Board::square(5);
        let cell = |name: &str| b.parse_cell(name).unwrap();
        let wall = |c: Cell| b.xy(c).0 == 2;
        // a1 | e1 e5: the right region holds two pawns.
        let right_two = |c: Cell| [cell("a1"), cell("e1"), cell("e5")].contains(&c);
        assert!(!separates_where(&b, Adjacency::Orthogonal, wall, right_two));
        // a1 | e5, and c3 on the wall lies in no region: one pawn each side.
        let split = |c: Cell| [cell("a1"), cell("e5"), cell("c3")].contains(&c);
        assert!(separates_where(&b, Adjacency::Orthogonal, wall, split));
        // Without c5 the two sides join round the top.
        let stub = |c: Cell| b.xy(c).0 == 2 && b.xy(c).1 < 4;
        assert!(!separates_where(&b, Adjacency::Orthogonal, stub, split));
    }

    #[test]
    fn hex_corner_group_isolates_one_pawn() {
        let b = Board::new(BoardShape::Hexagon, &[3], &[]);
        // Surround the corner cell (2,0) (x=2,y=0): its neighbours on the board.
        let corner = b.cell_at(2, 0).unwrap();
        let ring: Vec<Cell> = b.neighbours(Adjacency::All).of(corner).to_vec();
        let member = |c: Cell| ring.contains(&c);
        let far1 = b.cell_at(0, 4).unwrap();
        let far2 = b.cell_at(4, 2).unwrap();
        let pawns = |c: Cell| c == corner || c == far1 || c == far2;
        // Regions: {corner} with 1 pawn, the rest with 2 > 1: not separated.
        assert!(!separates_where(&b, Adjacency::All, member, pawns));
    }

    /// Boards of every shape, one to many words, with holes and a width of 64.
    fn boards() -> Vec<(Board, Adjacency)> {
        vec![
            (Board::square(6), Adjacency::Orthogonal),
            (Board::square(5), Adjacency::All),
            (Board::new(BoardShape::Hexagon, &[4], &[]), Adjacency::All),
            (
                Board::new(BoardShape::Square, &[7], &[(2, 2), (3, 4)]),
                Adjacency::Orthogonal,
            ),
            (Board::new(BoardShape::Hexagon, &[8], &[]), Adjacency::All),
            (Board::square(26), Adjacency::Orthogonal),
            (Board::new(BoardShape::Triangle, &[12], &[]), Adjacency::All),
            (
                Board::new(BoardShape::Rhombus, &[9, 11], &[]),
                Adjacency::All,
            ),
            (
                Board::new(BoardShape::Rectangle, &[64, 5], &[(10, 2), (11, 2)]),
                Adjacency::All,
            ),
            (
                Board::new(BoardShape::Rectangle, &[13, 9], &[]),
                Adjacency::Diagonal,
            ),
        ]
    }

    /// One step of growth reaches exactly a cell's neighbours, on every board and for
    /// every adjacency; the layers are read as bits faithfully.
    #[test]
    fn the_masks_agree_with_the_board() {
        fn check<const W: usize>(b: &Board) {
            for adjacency in [Adjacency::Orthogonal, Adjacency::Diagonal, Adjacency::All] {
                let g = Geometry::<W>::new(b, adjacency);
                for c in b.cells() {
                    let mut expected = Bits::cell(c as usize);
                    for &m in b.neighbours(adjacency).of(c) {
                        expected |= Bits::cell(m as usize);
                    }
                    assert!(
                        g.spread_in(Bits::cell(c as usize), g.cells) == expected,
                        "{c}"
                    );
                }
            }
            let mut rng = crate::engine::rng::Rng::new(5);
            for _ in 0..50 {
                let bytes: Vec<u8> = (0..b.len()).map(|_| rng.below(4) as u8).collect();
                for code in [None, Some(0), Some(1), Some(3)] {
                    let bits: Bits<W> = layer_bits(&bytes, code);
                    for (c, &x) in bytes.iter().enumerate() {
                        let hit = code.map_or(x != 0, |code| x == code);
                        assert_eq!(bits.0[c / 64] >> (c % 64) & 1 == 1, hit);
                    }
                }
            }
        }
        // Layers of every length up to two words, one byte at a time at the end.
        let mut rng = crate::engine::rng::Rng::new(7);
        for len in 0..=128 {
            let bytes: Vec<u8> = (0..len).map(|_| rng.below(3) as u8).collect();
            for code in [None, Some(2)] {
                let bits: Bits<2> = layer_bits(&bytes, code);
                for c in 0..128 {
                    let hit = bytes
                        .get(c)
                        .is_some_and(|&x| code.map_or(x != 0, |k| x == k));
                    assert_eq!(bits.0[c / 64] >> (c % 64) & 1 == 1, hit, "{len} {c}");
                }
            }
        }
        for (b, _) in boards() {
            match b.len().div_ceil(64) {
                1 => check::<1>(&b),
                2 => check::<2>(&b),
                3 => check::<3>(&b),
                4 => check::<4>(&b),
                5..=8 => check::<8>(&b),
                9..=11 => check::<11>(&b),
                w => panic!("{w} words"),
            }
        }
    }

    /// The test on kept labels (`separates_labelled`) answers as the plain test does,
    /// on boards of every shape, with member sets of every density and a few counted
    /// cells, on and off the members.
    #[test]
    fn the_test_on_labels_agrees_with_the_plain_one() {
        let mut rng = crate::engine::rng::Rng::new(21);
        let (mut separating, mut not) = (0, 0);
        for (b, adj) in boards().into_iter().take(7) {
            let words = b.len().div_ceil(64);
            for round in 0..300 {
                let density = 1 + round % 7;
                let (mut member, mut counted) = (vec![0u64; words], vec![0u64; words]);
                for c in b.cells() {
                    if rng.below(10) < density {
                        member[c as usize / 64] |= 1 << (c % 64);
                    }
                }
                for _ in 0..1 + rng.below(7) {
                    let c = b.cells().nth(rng.below(b.cells().count() as u32) as usize);
                    let c = c.unwrap();
                    counted[c as usize / 64] |= 1 << (c % 64);
                }
                let labels = RegionLabels::new(&b, adj, &member);
                let has = |m: &[u64], c: Cell| m[c as usize / 64] >> (c % 64) & 1 == 1;
                let slow = separates_slowly(&b, adj, &|c| has(&member, c), &|c| has(&counted, c));
                let fast = separates_labelled(&b, adj, (&member, &counted), &labels);
                assert_eq!(fast, slow, "{round}");
                if slow {
                    separating += 1;
                } else {
                    not += 1;
                }
            }
        }
        assert!(separating > 100 && not > 100, "{separating} {not}");
    }

    /// Region labels brought along one change at a time (a member cell joining, one
    /// leaving, a member moving from one cell to another) share a label exactly where
    /// labels made afresh do, on boards of every shape under every adjacency, with
    /// members filling the board and emptying it again.
    #[test]
    fn kept_labels_follow_every_change() {
        let mut rng = crate::engine::rng::Rng::new(13);
        for (b, adj) in boards().into_iter().take(6) {
            let cells: Vec<Cell> = b.cells().collect();
            let words = b.len().div_ceil(64);
            let mut member = vec![0u64; words];
            let mut labels = RegionLabels::new(&b, adj, &member);
            let has = |m: &[u64], c: Cell| m[c as usize / 64] >> (c % 64) & 1 == 1;
            for step in 0..4 * cells.len() {
                let c = cells[rng.below(cells.len() as u32) as usize];
                let d = cells[rng.below(cells.len() as u32) as usize];
                let filling = step < 2 * cells.len();
                match (has(&member, c), has(&member, d)) {
                    // A member moves from c to d: d joins (c still counted), then c leaves.
                    (true, false) if rng.below(2) == 0 => {
                        member[d as usize / 64] |= 1 << (d % 64);
                        member[c as usize / 64] &= !(1 << (c % 64));
                        labels.joined(&b, adj, (&member, Some(c)), d);
                        labels.left(&b, adj, &member, c);
                    }
                    (false, _) if filling => {
                        member[c as usize / 64] |= 1 << (c % 64);
                        labels.joined(&b, adj, (&member, None), c);
                    }
                    (true, _) if !filling => {
                        member[c as usize / 64] &= !(1 << (c % 64));
                        labels.left(&b, adj, &member, c);
                    }
                    _ => continue,
                }
                let fresh = RegionLabels::new(&b, adj, &member);
                let free: Vec<Cell> = cells
                    .iter()
                    .copied()
                    .filter(|&c| !has(&member, c))
                    .collect();
                for &x in &free {
                    for &y in &free {
                        assert_eq!(
                            labels.label(x) == labels.label(y),
                            fresh.label(x) == fresh.label(y),
                            "{} {adj:?} step {step}: {x} and {y}",
                            b.describe()
                        );
                    }
                }
            }
        }
    }

    /// The graph form agrees with the definition on random positions of boards of
    /// every shape and size (one word to eleven), counting pieces, a region or every
    /// cell, sparse and dense.
    #[test]
    fn the_graph_test_agrees_with_the_definition() {
        let mut rng = crate::engine::rng::Rng::new(11);
        for (b, adj) in &boards() {
            let rounds = if b.len() > 200 { 600 } else { 3000 };
            let mut yes = 0;
            for round in 0..rounds {
                let density = rng.below(90);
                let members: Vec<bool> = (0..b.len()).map(|_| rng.below(100) < density).collect();
                let things = 1 + rng.below(6);
                let counted: Vec<bool> = (0..b.len())
                    .map(|_| rng.below(b.len() as u32) < things)
                    .collect();
                let member = |c: Cell| members[c as usize];
                let count = |c: Cell| match round % 3 {
                    0 => counted[c as usize],
                    1 => b.regions_of(c) & 1 != 0,
                    _ => true,
                };
                let members_layer = layer(b, member);
                let pieces = layer(b, |c| counted[c as usize]);
                let counting = match round % 3 {
                    0 => Cells::Occupied(&pieces),
                    1 => Cells::Region(0),
                    _ => Cells::All,
                };
                let fast = separates(b, *adj, Cells::Holding(&members_layer, 1), counting);
                assert_eq!(
                    fast,
                    separates_slowly(b, *adj, &member, &count),
                    "{} round {round}",
                    b.describe()
                );
                yes += usize::from(fast);
            }
            assert!(
                yes > rounds / 20,
                "both answers are exercised on {} ({yes} separations)",
                b.describe()
            );
        }
    }
}
