//! The separation goal: does a connected group of one player's pieces split the
//! board so that no region left when the group's cells are removed holds more than
//! half of the counted things (pieces of a kind, or cells of a region)? Things on the
//! group's own cells lie in no region. Every group is tested.
//!
//! The work is done on bit sets of the board's grid positions (`geometry`: a part of
//! the board grows by whole-set steps, a step per cell of its breadth rather than
//! work per cell): the regions that hold counted cells first, then, if none holds
//! more than half, a small graph of regions and groups searched once for its cut
//! vertices (see [`separates`]).
//!
//! A position whose rules test separations keeps, per player and piece kind, what the
//! tests read (`KeptSide`, in `kept`), brought along with each piece placed, moved or
//! removed: on boards of up to `GRAPH_POSITIONS` grid positions the graph of groups
//! and regions itself (`SideGraph`, in `graph`), on larger ones the regions as labels
//! (`RegionLabels`, in `labels`). Most tests end on the regions, when one holds more
//! than half of the counted pieces; the rest search the kept graph, or, from the
//! labels, end on the groups that hold counted pieces (one holding all but half of
//! them, or a region and the groups next to it that keep more than half together
//! whichever one group is taken away) or build the graph (`separates_labelled`).

mod geometry;
mod graph;
mod kept;
mod labels;
mod split;

pub use graph::SideGraph;
pub use kept::{KeptSide, GRAPH_POSITIONS};
pub use labels::RegionLabels;

use geometry::{by_board_words, layer_bits, Bits, Geometry};

use crate::engine::planes::Planes;
use crate::rules::board::Board;
#[cfg(test)]
use crate::rules::board::Cell;
use crate::rules::{Adjacency, Counted};
use std::cell::RefCell;

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

/// `separates` for a position whose region labels for `member` are kept: the
/// regions are read from `labels` (which must be those of `member`, as
/// `RegionLabels` keeps them) instead of being grown; the groups that hold counted
/// cells may settle it (`settled_by_stars`), else the test goes on with the graph.
/// For the case the labels leave open: no region holds more than half.
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

/// The labelled test settled without the graph where the counted cells on the
/// groups show it (`member` not empty, `free` the cells without it, `half` half of
/// the counted cells): `Some(true)` when one group holds all but at most half of the
/// counted cells (no region can hold more without it); `Some(false)` when a region
/// and the groups next to it keep more than half of them together whichever one
/// group is taken away (the region stays whole, as taking a group away only joins
/// regions, and the other groups next to it still touch it); `None` when neither
/// shows. Only the groups that hold counted cells are grown, once each.
fn settled_by_stars<const W: usize>(
    geometry: &Geometry<'_, W>,
    (member, counted, free): (Bits<W>, Bits<W>, Bits<W>),
    labels: &RegionLabels,
    half: u32,
) -> Option<bool> {
    /// Regions looked at, and labels read around a group, at most.
    const MOST: usize = 16;
    let all = counted.count();
    // Per region looked at (its label in `regions`): the counted cells in it
    // (`inside`), those on the groups next to it (`next`), and the most on one of
    // those groups (`most`).
    let mut regions = [0u16; MOST];
    let mut n = 0;
    // The index of the region with label `l`, added when it is new and there is room.
    let mut star = |l: u16| match regions[..n].iter().position(|&r| r == l) {
        Some(i) => Some(i),
        None if n < MOST => {
            regions[n] = l;
            n += 1;
            Some(n - 1)
        }
        None => None,
    };
    let mut inside = [0u32; MOST];
    let mut full = false;
    (counted & free).each(|c| match star(labels.label[c]) {
        Some(i) => inside[i] += 1,
        None => full = true,
    });
    if full {
        return None;
    }
    let (mut next, mut most) = ([0u32; MOST], [0u32; MOST]);
    let mut todo = counted & member;
    while let Some(c) = todo.first() {
        let group = geometry.grow_from(c, member);
        todo = todo.without(group);
        let k = (group & counted).count();
        if all - k <= half {
            return Some(true);
        }
        // The regions next to the group, each once (past `MOST` labels the rest are
        // left out: fewer stars, still each a true one).
        let mut seen = [0u16; MOST];
        let mut m = 0;
        geometry.spread_in(group, free).each(|d| {
            let l = labels.label[d];
            if m == MOST || seen[..m].contains(&l) {
                return;
            }
            seen[m] = l;
            m += 1;
            if let Some(i) = star(l) {
                next[i] += k;
                most[i] = most[i].max(k);
            }
        });
    }
    (0..n)
        .any(|i| inside[i] + next[i] - most[i] > half)
        .then_some(false)
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
        self.clear_graph();
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
        self.decide_on_graph(geometry, member, counted, (free, half))
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
        let half = counted.count() / 2;
        if let Some(known) = settled_by_stars(geometry, (member, counted, free), labels, half) {
            return known;
        }
        self.clear_graph();
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
        if self.count.iter().any(|&k| k > half) {
            return false;
        }
        self.decide_on_graph(geometry, member, counted, (free, half))
    }

    /// The rest of `decide`, once the regions (of `free`, the cells without
    /// `member`) are the graph's first nodes; `half` is half of the counted cells.
    fn decide_on_graph<const W: usize>(
        &mut self,
        geometry: &Geometry<'_, W>,
        member: Bits<W>,
        counted: Bits<W>,
        (free, half): (Bits<W>, u32),
    ) -> bool {
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

    /// Empties the graph's nodes for a new test.
    fn clear_graph(&mut self) {
        self.sets.clear();
        self.count.clear();
        self.is_group.clear();
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

/// Whether the bit words `m` (bit `c % 64` of word `c / 64`) hold the cell `c`.
#[cfg(test)]
fn has(m: &[u64], c: Cell) -> bool {
    m[c as usize / 64] >> (c % 64) & 1 == 1
}

/// A change to a set of member cells, as `random_changes` makes them.
#[cfg(test)]
enum Change {
    /// The cell joined (with a member cell that leaves next still counted, if given).
    Joined(Cell, Option<Cell>),
    /// The cell left.
    Left(Cell),
    /// The changes of a step are made (its number).
    Made(usize),
}

/// Random changes to a set of member cells of `b`, shown to `f` with the set after
/// each: for four steps a cell, cells join in the first half and leave in the second,
/// and now and then a member moves (its new cell joins with the old still counted,
/// then the old leaves), as a position's pieces come, go and slide.
#[cfg(test)]
fn random_changes(b: &Board, rng: &mut crate::engine::rng::Rng, mut f: impl FnMut(&[u64], Change)) {
    let cells: Vec<Cell> = b.cells().collect();
    let mut member = vec![0u64; b.len().div_ceil(64)];
    for step in 0..4 * cells.len() {
        let c = cells[rng.below(cells.len() as u32) as usize];
        let d = cells[rng.below(cells.len() as u32) as usize];
        let filling = step < 2 * cells.len();
        match (has(&member, c), has(&member, d)) {
            (true, false) if rng.below(2) == 0 => {
                member[d as usize / 64] |= 1 << (d % 64);
                member[c as usize / 64] &= !(1 << (c % 64));
                f(&member, Change::Joined(d, Some(c)));
                f(&member, Change::Left(c));
            }
            (false, _) if filling => {
                member[c as usize / 64] |= 1 << (c % 64);
                f(&member, Change::Joined(c, None));
            }
            (true, _) if !filling => {
                member[c as usize / 64] &= !(1 << (c % 64));
                f(&member, Change::Left(c));
            }
            _ => continue,
        }
        f(&member, Change::Made(step));
    }
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
    pub(super) fn boards() -> Vec<(Board, Adjacency)> {
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

    /// A random member set (each cell with chance `density` in 10) and one to seven
    /// counted cells, as `words` bit words each.
    fn random_sets(
        b: &Board,
        words: usize,
        density: u32,
        rng: &mut crate::engine::rng::Rng,
    ) -> (Vec<u64>, Vec<u64>) {
        let cells: Vec<Cell> = b.cells().collect();
        let (mut member, mut counted) = (vec![0u64; words], vec![0u64; words]);
        for &c in &cells {
            if rng.below(10) < density {
                member[c as usize / 64] |= 1 << (c % 64);
            }
        }
        for _ in 0..1 + rng.below(7) {
            let c = cells[rng.below(cells.len() as u32) as usize];
            counted[c as usize / 64] |= 1 << (c % 64);
        }
        (member, counted)
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
                let (member, counted) = random_sets(&b, words, 1 + round % 7, &mut rng);
                let labels = RegionLabels::new(&b, adj, &member);
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

    /// The shortcut of the labelled test (`settled_by_stars`) never contradicts the
    /// definition, and settles positions both ways: on boards of every shape, members
    /// of every density, a few counted cells on and off them.
    #[test]
    fn the_stars_settle_only_what_the_definition_says() {
        fn check<const W: usize>(
            b: &Board,
            adj: Adjacency,
            rng: &mut crate::engine::rng::Rng,
        ) -> [u32; 3] {
            let mut seen = [0; 3];
            for round in 0..400 {
                let (member, counted) = random_sets(b, W, 2 + round % 6, rng);
                if member.iter().all(|&w| w == 0) {
                    continue;
                }
                let labels = RegionLabels::new(b, adj, &member);
                let geometry = Geometry::<W>::new(b, adj);
                let (m, k) = (Bits::<W>::load(&member), Bits::<W>::load(&counted));
                let free = geometry.cells.without(m);
                let got = settled_by_stars(&geometry, (m, k, free), &labels, k.count() / 2);
                let slow = separates_slowly(b, adj, &|c| has(&member, c), &|c| has(&counted, c));
                match got {
                    Some(x) => {
                        assert_eq!(x, slow, "{} round {round}", b.describe());
                        seen[usize::from(x)] += 1;
                    }
                    None => seen[2] += 1,
                }
            }
            seen
        }
        let mut rng = crate::engine::rng::Rng::new(33);
        let mut total = [0; 3];
        for (b, adj) in boards().into_iter().take(7) {
            let seen = match b.len().div_ceil(64) {
                1 => check::<1>(&b, adj, &mut rng),
                2 => check::<2>(&b, adj, &mut rng),
                3 => check::<3>(&b, adj, &mut rng),
                4 => check::<4>(&b, adj, &mut rng),
                5..=8 => check::<8>(&b, adj, &mut rng),
                9..=11 => check::<11>(&b, adj, &mut rng),
                w => panic!("{w} words"),
            };
            for (t, s) in total.iter_mut().zip(seen) {
                *t += s;
            }
        }
        let [no, yes, open] = total;
        assert!(no > 100 && yes > 100 && open > 100, "{no} {yes} {open}");
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
            let mut labels = RegionLabels::new(&b, adj, &vec![0u64; words]);
            random_changes(&b, &mut rng, |member, change| {
                let step = match change {
                    Change::Joined(c, also) => return labels.joined(&b, adj, (member, also), c),
                    Change::Left(c) => return labels.left(&b, adj, member, c),
                    Change::Made(step) => step,
                };
                let fresh = RegionLabels::new(&b, adj, member);
                let free: Vec<Cell> = cells.iter().copied().filter(|&c| !has(member, c)).collect();
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
            });
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
