//! The board without one side's member cells kept with a position as a graph, brought
//! along with each member cell added: its nodes are the groups of member cells and the
//! regions of the other cells, its edges join each group to the regions next to it.
//! A separation test is then a search of that small graph, with no part of the board
//! grown (see `SideGraph::separates`).
//!
//! A member cell added joins the groups around it (the smaller group's cells take the
//! larger one's node) and leaves its region, which splits only where the region's
//! cells around it fall into two classes or more and, on a hex board, two of the walls
//! around it (runs of member cells and off-board positions) belong to one group or
//! both to the outside: then parts grow in step from each class until one alone is
//! still growing (`split`). A member cell removed (a capture, a member moving away)
//! joins the regions around it into one and regrows its group, which may fall into
//! parts.

use super::geometry::{by_board_words, hex_grid, Bits, Geometry};
use super::split::{loop_closes, open_slots, pieces_split_off, RING};
use crate::engine::grid_bits::each_bit;
use crate::rules::board::{Board, Cell};
use crate::rules::Adjacency;
use std::cell::RefCell;

/// One side's graph of groups and regions (see the module notes). Node ids are at
/// most the board's number of grid positions (there are never more nodes than cells,
/// and one more for a moment while a cell's group is made before its region of that
/// cell alone is let go); a set of nodes is a bit set over the ids, `words` words like
/// a set of cells.
#[derive(Debug, Default)]
pub struct SideGraph {
    /// Words per set of cells or of nodes: the board's (`Board::on_words`).
    words: usize,
    /// Per grid position, its node: its group if it is a member cell, else its region
    /// (off-board positions keep a stale one: they are never read).
    node: Vec<u16>,
    /// Per node id, its cells (`words` words).
    cells: Vec<u64>,
    /// Per node id, its neighbours (`words` words): a group's regions, a region's
    /// groups.
    adj: Vec<u64>,
    /// Per node id, its number of cells (groups join the smaller into the larger).
    size: Vec<u16>,
    /// The node ids in use; those that are groups; the groups that touch the board's
    /// outside (an edge or a hole; kept on hex boards, see `closes_loop`).
    used: Vec<u64>,
    groups: Vec<u64>,
    outer: Vec<u64>,
}

/// "No node".
const NONE: u16 = u16::MAX;

impl Clone for SideGraph {
    fn clone(&self) -> Self {
        let mut g = SideGraph::default();
        g.clone_from(self);
        g
    }

    /// Copies `source` into `self`, reusing `self`'s buffers, and of the nodes' rows
    /// only those of the nodes in use (a node's rows are cleared when it is made, so
    /// the others are never read): a playout's start has a node or two, where the
    /// rows of every id took most of the position's copy.
    fn clone_from(&mut self, source: &Self) {
        let w = source.words;
        self.words = w;
        self.node.clone_from(&source.node);
        self.size.clone_from(&source.size);
        self.used.clone_from(&source.used);
        self.groups.clone_from(&source.groups);
        self.outer.clone_from(&source.outer);
        for (to, from) in [
            (&mut self.cells, &source.cells),
            (&mut self.adj, &source.adj),
        ] {
            to.resize(from.len(), 0);
            each_bit(&source.used, |id| {
                to[id * w..id * w + w].copy_from_slice(&from[id * w..id * w + w]);
            });
        }
    }
}

impl SideGraph {
    /// The graph of `board` without the `member` cells (bit words like
    /// `Board::on_words`), under `adjacency`.
    pub fn new(board: &Board, adjacency: Adjacency, member: &[u64]) -> SideGraph {
        let mut g = SideGraph::default();
        by_board_words!(board, make_graph(&mut g, board, adjacency, member));
        g
    }

    /// `cell` has become a member cell (`member` holds it now, and `also` if given,
    /// a member cell that is to leave next).
    pub fn joined(
        &mut self,
        board: &Board,
        adjacency: Adjacency,
        member: (&[u64], Option<Cell>),
        cell: Cell,
    ) {
        by_board_words!(board, join_cell(self, board, adjacency, member, cell));
    }

    /// `cell` is a member cell no longer (`member` is without it now): the regions
    /// around it and the cell become one, and its group may fall into parts.
    pub fn left(&mut self, board: &Board, adjacency: Adjacency, member: &[u64], cell: Cell) {
        by_board_words!(board, leave_cell(self, board, adjacency, member, cell));
    }

    /// The node of `cell`: cells with the same node lie in the same region (or, for
    /// member cells, the same group).
    pub fn label(&self, cell: Cell) -> u16 {
        self.node[usize::from(cell)]
    }

    /// Per grid position, its node (see `label`).
    pub(super) fn nodes(&self) -> &[u16] {
        &self.node
    }

    /// Whether some group separates the `counted` cells (bit words): every component
    /// of the graph without the group holds at most half of them (those on the
    /// group's own cells lie in none). A search of the graph from the counted cells'
    /// nodes, for each group that can matter.
    pub fn separates(&self, board: &Board, counted: &[u64]) -> bool {
        by_board_words!(board, separates_on(self, board, counted))
    }

    /// The bytes the graph takes.
    pub fn memory_bytes(&self) -> usize {
        std::mem::size_of::<SideGraph>()
            + self.node.capacity() * 2
            + self.size.capacity() * 2
            + (self.cells.capacity()
                + self.adj.capacity()
                + self.used.capacity()
                + self.groups.capacity()
                + self.outer.capacity())
                * 8
    }

    fn row<const W: usize>(v: &[u64], id: usize) -> Bits<W> {
        Bits::load(&v[id * W..id * W + W])
    }

    fn set_row<const W: usize>(v: &mut [u64], id: usize, b: Bits<W>) {
        v[id * W..id * W + W].copy_from_slice(&b.0);
    }

    fn has(v: &[u64], id: usize) -> bool {
        v[id / 64] >> (id % 64) & 1 == 1
    }

    fn put(v: &mut [u64], id: usize) {
        v[id / 64] |= 1 << (id % 64);
    }

    fn take(v: &mut [u64], id: usize) {
        v[id / 64] &= !(1 << (id % 64));
    }

    /// A node id not in use, now in use, with no cells and no neighbours.
    fn alloc<const W: usize>(&mut self) -> usize {
        let w = self
            .used
            .iter()
            .position(|&x| x != u64::MAX)
            .expect("a free node id");
        let id = w * 64 + (!self.used[w]).trailing_zeros() as usize;
        Self::put(&mut self.used, id);
        Self::set_row::<W>(&mut self.cells, id, Bits::EMPTY);
        Self::set_row::<W>(&mut self.adj, id, Bits::EMPTY);
        self.size[id] = 0;
        id
    }

    fn release(&mut self, id: usize) {
        Self::take(&mut self.used, id);
        Self::take(&mut self.groups, id);
        Self::take(&mut self.outer, id);
    }

    /// Marks the group `id`, of the cells `part`, as touching the board's outside
    /// where one of its cells has fewer neighbours than a hex cell inside (hex boards;
    /// elsewhere no group is marked).
    fn mark_outer<const W: usize>(&mut self, geometry: &Geometry<'_, W>, id: usize, part: Bits<W>) {
        Self::take(&mut self.outer, id);
        if !geometry.hex {
            return;
        }
        let mut outer = false;
        part.each(|x| outer |= geometry.neighbours.of(x as Cell).len() < RING.len());
        if outer {
            Self::put(&mut self.outer, id);
        }
    }

    /// Joins the edges of `a` and `b`.
    fn link(&mut self, a: usize, b: usize) {
        let w = self.words;
        self.adj[a * w + b / 64] |= 1 << (b % 64);
        self.adj[b * w + a / 64] |= 1 << (a % 64);
    }

    /// Groups `a` and `b` become one: the smaller one's cells take the larger one's
    /// node. Returns the node that stays.
    fn merge<const W: usize>(&mut self, a: usize, b: usize) -> usize {
        let (big, small) = if self.size[a] >= self.size[b] {
            (a, b)
        } else {
            (b, a)
        };
        self.size[big] += self.size[small];
        if Self::has(&self.outer, small) {
            Self::put(&mut self.outer, big);
        }
        self.absorb::<W>(big, small);
        big
    }

    /// Node `other`'s cells and edges become node `keep`'s (two groups, or two
    /// regions, joining), and `other` is let go.
    fn absorb<const W: usize>(&mut self, keep: usize, other: usize) {
        let cells = Self::row::<W>(&self.cells, other);
        cells.each(|c| self.node[c] = keep as u16);
        let joined = Self::row::<W>(&self.cells, keep) | cells;
        Self::set_row(&mut self.cells, keep, joined);
        let around = Self::row::<W>(&self.adj, other);
        let joined = Self::row::<W>(&self.adj, keep) | around;
        Self::set_row(&mut self.adj, keep, joined);
        around.each(|v| {
            Self::take(&mut self.adj[v * W..v * W + W], other);
            Self::put(&mut self.adj[v * W..v * W + W], keep);
        });
        self.release(other);
    }

    /// The groups next to the cells `part` (a region or a piece of one): the nodes
    /// of the `member` cells next to it.
    fn groups_around<const W: usize>(
        &self,
        geometry: &Geometry<'_, W>,
        part: Bits<W>,
        member: Bits<W>,
    ) -> Bits<W> {
        let mut out = Bits::<W>::EMPTY;
        geometry
            .spread_in(part, member)
            .each(|c| Self::put(&mut out.0, usize::from(self.node[c])));
        out
    }

    /// Whether the member cell `cell` (the cells for which `is_member` holds, the
    /// others around it free) joins two walls of one group, or two walls on the
    /// outside, around it (hex boards): the walls are the runs of member cells and
    /// off-board positions around it, each one group (consecutive cells are
    /// neighbours); a group touching the outside is on it.
    fn closes_loop(&self, board: &Board, cell: Cell, is_member: &impl Fn(Cell) -> bool) -> bool {
        const OUTSIDE: usize = usize::MAX - 1;
        loop_closes(board, cell, |at| match at {
            None => Some(OUTSIDE),
            Some(m) if is_member(m) => {
                let g = usize::from(self.node[usize::from(m)]);
                Some(if Self::has(&self.outer, g) {
                    OUTSIDE
                } else {
                    g
                })
            }
            Some(_) => None,
        })
    }
}

/// `SideGraph::new` (and the graph afresh) on sets of `W` words.
fn make_graph<const W: usize>(
    g: &mut SideGraph,
    board: &Board,
    adjacency: Adjacency,
    member: &[u64],
) {
    let geometry = Geometry::<W>::new(board, adjacency);
    let member = Bits::<W>::load(member) & geometry.cells;
    let free = geometry.cells.without(member);
    let n = board.len();
    g.words = W;
    g.node.clear();
    g.node.resize(n, NONE);
    // One node id more than the grid positions: a group may be made before its
    // cell's region of one cell is let go.
    let n = n + 1;
    g.cells.clear();
    g.cells.resize(n * W, 0);
    g.adj.clear();
    g.adj.resize(n * W, 0);
    g.size.clear();
    g.size.resize(n, 0);
    for v in [&mut g.used, &mut g.groups, &mut g.outer] {
        v.clear();
        v.resize(W, 0);
    }
    for (within, group) in [(free, false), (member, true)] {
        let mut rest = within;
        while let Some(c) = rest.first() {
            let part = geometry.grow_from(c, within);
            let id = g.alloc::<W>();
            part.each(|x| g.node[x] = id as u16);
            SideGraph::set_row(&mut g.cells, id, part);
            g.size[id] = part.count() as u16;
            if group {
                SideGraph::put(&mut g.groups, id);
                g.mark_outer(&geometry, id, part);
            }
            rest = rest.without(part);
        }
    }
    let groups = Bits::<W>::load(&g.groups);
    groups.each(|id| {
        let border = geometry.spread_in(SideGraph::row::<W>(&g.cells, id), free);
        border.each(|c| g.link(id, usize::from(g.node[c])));
    });
}

/// `SideGraph::joined` on sets of `W` words.
fn join_cell<const W: usize>(
    g: &mut SideGraph,
    board: &Board,
    adjacency: Adjacency,
    (member, also): (&[u64], Option<Cell>),
    cell: Cell,
) {
    let nbrs = board.neighbours(adjacency);
    let around = nbrs.of(cell);
    // `also` as a cell id no cell has when there is none: one compare a neighbour.
    let also = also.unwrap_or(Cell::MAX);
    let is_member = |m: Cell| member[usize::from(m) / 64] >> (m % 64) & 1 == 1 || m == also;
    let open = open_slots(around, |m| !is_member(m));
    let hex = hex_grid(board, adjacency);
    // Whether the region may split, asked before the groups join: the region's
    // cells around fall into two classes or more, and (hex) a loop closes.
    let may_split = open & open.wrapping_sub(1) != 0
        && nbrs.first_class(cell, open) != open
        && (!hex || g.closes_loop(board, cell, &is_member));
    let c = usize::from(cell);
    let region = usize::from(g.node[c]);
    // The groups around join; the cell is the group's.
    let mut group = usize::from(NONE);
    let mut members = !open & ((1 << around.len()) - 1);
    while members != 0 {
        let m = around[members.trailing_zeros() as usize];
        members &= members - 1;
        let other = usize::from(g.node[usize::from(m)]);
        if group == usize::from(NONE) {
            group = other;
        } else if other != group {
            group = g.merge::<W>(group, other);
        }
    }
    if group == usize::from(NONE) {
        group = g.alloc::<W>();
        SideGraph::put(&mut g.groups, group);
    }
    g.node[c] = group as u16;
    SideGraph::put(&mut g.cells[group * W..group * W + W], c);
    g.size[group] += 1;
    if hex && around.len() < RING.len() {
        SideGraph::put(&mut g.outer, group);
    }
    // The region loses the cell.
    SideGraph::take(&mut g.cells[region * W..region * W + W], c);
    if open == 0 {
        // The cell was the whole region.
        let was = SideGraph::row::<W>(&g.adj, region);
        was.each(|v| SideGraph::take(&mut g.adj[v * W..v * W + W], region));
        g.release(region);
    } else if !may_split || !split::<W>(g, board, adjacency, (member, also, cell), (region, group))
    {
        g.link(region, group);
    }
}

/// The region `region` has lost the cell `cell` (now a member cell, of `member`, with
/// `also` if not `Cell::MAX`), whose cells around it fall into two classes or more:
/// each piece split off (`split::pieces_split_off`) becomes a region of its own, the
/// rest keeps the node. Whether it split; if so, the pieces' edges are brought along,
/// the cell's group (`group`) joined to each.
fn split<const W: usize>(
    g: &mut SideGraph,
    board: &Board,
    adjacency: Adjacency,
    (member, also, cell): (&[u64], Cell, Cell),
    (region, group): (usize, usize),
) -> bool {
    let geometry = Geometry::<W>::new(board, adjacency);
    let within = SideGraph::row::<W>(&g.cells, region);
    let (parts, off) = pieces_split_off(&geometry, cell, within);
    let off = &parts[off];
    if off.is_empty() {
        return false;
    }
    // Each piece split off is a new region, with the groups next to it.
    let mut member = Bits::<W>::load(member) & geometry.cells;
    if also != Cell::MAX {
        member |= Bits::cell(usize::from(also));
    }
    let mut kept = within;
    let mut next_to_off = Bits::<W>::EMPTY;
    for &part in off {
        kept = kept.without(part);
        let id = g.alloc::<W>();
        part.each(|x| g.node[x] = id as u16);
        SideGraph::set_row(&mut g.cells, id, part);
        let around = g.groups_around(&geometry, part, member);
        SideGraph::set_row(&mut g.adj, id, around);
        around.each(|v| SideGraph::put(&mut g.adj[v * W..v * W + W], id));
        next_to_off |= around;
    }
    // The rest keeps the region's node, and its edges but to the groups next to a
    // piece split off that no longer touch it (a group that touched none of them
    // still touches the rest; the cell's group touches every piece, the rest too).
    SideGraph::set_row(&mut g.cells, region, kept);
    let old = SideGraph::row::<W>(&g.adj, region);
    (old & next_to_off).each(|v| {
        if v != group
            && geometry
                .spread_in(SideGraph::row::<W>(&g.cells, v), kept)
                .is_empty()
        {
            SideGraph::take(&mut g.adj[v * W..v * W + W], region);
            SideGraph::take(&mut g.adj[region * W..region * W + W], v);
        }
    });
    g.link(region, group);
    true
}

/// `SideGraph::left` on sets of `W` words.
fn leave_cell<const W: usize>(
    g: &mut SideGraph,
    board: &Board,
    adjacency: Adjacency,
    member: &[u64],
    cell: Cell,
) {
    let geometry = Geometry::<W>::new(board, adjacency);
    let member = Bits::<W>::load(member) & geometry.cells;
    let free = geometry.cells.without(member);
    let c = usize::from(cell);
    let group = usize::from(g.node[c]);
    // The group lets the cell go and loses its edges, made again for its parts below.
    SideGraph::take(&mut g.cells[group * W..group * W + W], c);
    g.size[group] -= 1;
    let was = SideGraph::row::<W>(&g.adj, group);
    was.each(|v| SideGraph::take(&mut g.adj[v * W..v * W + W], group));
    SideGraph::set_row(&mut g.adj, group, Bits::<W>::EMPTY);
    // The regions around the cell, and the cell, are one: the largest keeps its node.
    let mut around = Bits::<W>::EMPTY;
    for &m in geometry.neighbours.of(cell) {
        if !member.has(usize::from(m)) {
            SideGraph::put(&mut around.0, usize::from(g.node[usize::from(m)]));
        }
    }
    let keep = if around.is_empty() {
        g.alloc::<W>()
    } else {
        let (mut keep, mut most) = (usize::MAX, 0);
        around.each(|r| {
            let size = SideGraph::row::<W>(&g.cells, r).count();
            if keep == usize::MAX || size > most {
                (keep, most) = (r, size);
            }
        });
        around.each(|r| {
            if r != keep {
                g.absorb::<W>(keep, r);
            }
        });
        keep
    };
    g.node[c] = keep as u16;
    SideGraph::put(&mut g.cells[keep * W..keep * W + W], c);
    // The group's parts: the first keeps its node.
    let mut rest = SideGraph::row::<W>(&g.cells, group);
    if rest.is_empty() {
        g.release(group);
        return;
    }
    let mut id = group;
    while let Some(start) = rest.first() {
        let part = geometry.grow_from(start, rest);
        rest = rest.without(part);
        if id != group {
            part.each(|x| g.node[x] = id as u16);
        }
        SideGraph::set_row(&mut g.cells, id, part);
        g.size[id] = part.count() as u16;
        SideGraph::put(&mut g.groups, id);
        g.mark_outer(&geometry, id, part);
        geometry
            .spread_in(part, free)
            .each(|x| g.link(id, usize::from(g.node[x])));
        if !rest.is_empty() {
            id = g.alloc::<W>();
        }
    }
}

thread_local! {
    /// Per node id, the counted cells on it: scratch for `separates_on`, left zeroed.
    static WEIGHT: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
}

/// `SideGraph::separates` on sets of `W` words.
fn separates_on<const W: usize>(g: &SideGraph, board: &Board, counted: &[u64]) -> bool {
    let counted = Bits::<W>::load(counted) & Bits::load(board.on_words());
    let groups = Bits::<W>::load(&g.groups);
    if groups.is_empty() {
        return false;
    }
    WEIGHT.with(|weight| {
        let weight = &mut *weight.borrow_mut();
        if weight.len() < 64 * W {
            weight.resize(64 * W, 0);
        }
        // The counted cells' nodes, each with its count.
        let mut at = Bits::<W>::EMPTY;
        counted.each(|c| {
            let v = usize::from(g.node[c]);
            weight[v] += 1;
            SideGraph::put(&mut at.0, v);
        });
        let verdict = decide(g, weight, (at, counted.count()), groups);
        at.each(|v| weight[v] = 0);
        verdict
    })
}

/// The test of `separates_on`, with the counted cells' nodes `at` and their counts
/// `weight`, `total` of them.
fn decide<const W: usize>(
    g: &SideGraph,
    weight: &[u32],
    (at, total): (Bits<W>, u32),
    groups: Bits<W>,
) -> bool {
    let half = total / 2;
    let on_groups = at & groups;
    // A region holding more than half: no group separates (taking one away only
    // joins regions). A group holding all but half: it separates.
    let mut heavy_region = false;
    at.without(groups)
        .each(|v| heavy_region |= weight[v] > half);
    if heavy_region {
        return false;
    }
    let mut holds_most = false;
    on_groups.each(|v| holds_most |= total - weight[v] <= half);
    if holds_most {
        return true;
    }
    let sum = |set: Bits<W>| {
        let mut k = 0;
        (set & at).each(|v| k += weight[v]);
        k
    };
    // Whether every component of the graph without the nodes `gone` holds at most
    // half, searched from the counted nodes.
    let all_light = |gone: Bits<W>| {
        let mut seen = gone;
        let mut left = total - sum(gone);
        let mut todo = at.without(gone);
        while left > half {
            let Some(s) = todo.first() else {
                return true;
            };
            let mut comp = Bits::<W>::EMPTY;
            SideGraph::put(&mut comp.0, s);
            let mut front = comp;
            seen |= comp;
            let mut k = sum(comp);
            loop {
                if k > half {
                    return false;
                }
                let mut next = Bits::<W>::EMPTY;
                front.each(|v| next |= SideGraph::row::<W>(&g.adj, v));
                next = next.without(seen);
                if next.is_empty() {
                    break;
                }
                seen |= next;
                comp |= next;
                k += sum(next);
                front = next;
            }
            left -= k;
            todo = todo.without(comp);
        }
        true
    };
    // The whole graph already in parts of at most half: every group separates.
    if all_light(Bits::EMPTY) {
        return true;
    }
    // Else only a group next to two regions or more (whose removal may cut the
    // graph) or holding counted cells can separate: any other hangs from one region
    // or none, and taking it away leaves the heavy part as it was.
    let mut found = false;
    groups.each(|v| {
        if found {
            return;
        }
        let regions = SideGraph::row::<W>(&g.adj, v).count();
        if (regions >= 2 || weight[v] > 0) && all_light(Bits::cell(v)) {
            found = true;
        }
    });
    found
}

#[cfg(test)]
mod tests {
    use super::super::{has, Change};
    use super::*;
    use crate::engine::rng::Rng;

    /// The graph kept one change at a time is the graph made afresh, up to the
    /// nodes' names: the same cells share a node, the same nodes are groups (and on
    /// the outside), the same nodes are joined; every node's cells and size are its
    /// cells'.
    fn assert_same(b: &Board, kept: &SideGraph, fresh: &SideGraph, what: &str) {
        let cells: Vec<Cell> = b.cells().collect();
        for &x in &cells {
            let (kx, fx) = (usize::from(kept.label(x)), usize::from(fresh.label(x)));
            assert!(
                SideGraph::has(&kept.used, kx),
                "{what}: {x} on a node not in use"
            );
            assert!(
                SideGraph::has(&kept.cells[kx * kept.words..], x as usize),
                "{what}"
            );
            assert_eq!(
                SideGraph::has(&kept.groups, kx),
                SideGraph::has(&fresh.groups, fx),
                "{what}: {x}"
            );
            assert_eq!(
                SideGraph::has(&kept.outer, kx),
                SideGraph::has(&fresh.outer, fx),
                "{what}: {x} outside"
            );
            if SideGraph::has(&kept.groups, kx) {
                assert_eq!(kept.size[kx], fresh.size[fx], "{what}: {x} size");
            }
            for &y in &cells {
                let (ky, fy) = (usize::from(kept.label(y)), usize::from(fresh.label(y)));
                assert_eq!(kx == ky, fx == fy, "{what}: {x} and {y}");
                let w = kept.words;
                assert_eq!(
                    SideGraph::has(&kept.adj[kx * w..], ky),
                    SideGraph::has(&fresh.adj[fx * w..], fy),
                    "{what}: edge {x} {y}"
                );
            }
        }
        let live: u32 = kept.used.iter().map(|w| w.count_ones()).sum();
        let fresh_live: u32 = fresh.used.iter().map(|w| w.count_ones()).sum();
        assert_eq!(live, fresh_live, "{what}: nodes in use");
    }

    /// A graph kept one change at a time (a member cell joining, one leaving, a
    /// member moving) is the graph made afresh, on boards of every shape, with
    /// members filling the board and emptying it again; and its separation test
    /// answers as the definition does.
    #[test]
    fn the_kept_graph_follows_every_change_and_tests_separations() {
        let mut rng = Rng::new(17);
        // The counted cells' own numbers: the changes' are borrowed by the changes.
        let mut counting = Rng::new(19);
        let (mut yes, mut no) = (0, 0);
        // The boards of the separation tests that keep the graph in a position.
        let boards = super::super::tests::boards().into_iter();
        for (b, adj) in boards.filter(|(b, _)| b.len() <= super::super::GRAPH_POSITIONS) {
            let cells: Vec<Cell> = b.cells().collect();
            let words = b.len().div_ceil(64);
            let mut kept = SideGraph::new(&b, adj, &vec![0u64; words]);
            // Copied into at every step, over rows left from earlier steps.
            let mut copy = SideGraph::default();
            super::super::random_changes(&b, &mut rng, |member, change| {
                let step = match change {
                    Change::Joined(c, also) => return kept.joined(&b, adj, (member, also), c),
                    Change::Left(c) => return kept.left(&b, adj, member, c),
                    Change::Made(step) => step,
                };
                let what = format!("{} {adj:?} step {step}", b.describe());
                let fresh = SideGraph::new(&b, adj, member);
                assert_same(&b, &kept, &fresh, &what);
                copy.clone_from(&kept);
                assert_same(&b, &copy, &fresh, &format!("{what} (a copy)"));
                // One to seven counted cells.
                let mut counted = vec![0u64; words];
                for _ in 0..1 + counting.below(7) {
                    let x = cells[counting.below(cells.len() as u32) as usize];
                    counted[x as usize / 64] |= 1 << (x % 64);
                }
                let slow = super::super::separates_slowly(&b, adj, &|x| has(member, x), &|x| {
                    has(&counted, x)
                });
                assert_eq!(kept.separates(&b, &counted), slow, "{what}");
                (yes, no) = if slow { (yes + 1, no) } else { (yes, no + 1) };
            });
        }
        assert!(yes > 200 && no > 200, "{yes} {no}");
    }
}
