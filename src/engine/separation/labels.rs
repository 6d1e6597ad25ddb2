//! The regions of the board without one side's member cells, kept with a position
//! as a label per cell and brought along with each piece placed, moved or removed, so
//! that most separation tests read a few counted pieces' labels instead of growing
//! regions (see `RegionLabels`).

use super::geometry::{by_board_words, Bits, Geometry};
use super::split::{loop_closes, open_slots, pieces_split_off, RING};
use crate::rules::board::{Board, Cell, Neighbours};
use crate::rules::Adjacency;

/// The regions of the board without one side's member cells (one player's pieces of
/// a kind), kept with a position as a label per cell: a separation test then reads
/// the region of each counted cell instead of growing regions, and answers "no group
/// separates" at once when one region holds more than half of them (removing fewer
/// cells than all the members only joins regions). A member cell added splits the
/// region it was in, where it splits; one removed joins the regions around it. The
/// labels are a function of the member set: only which cells share one matters.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct RegionLabels {
    /// Per grid position, its region's label (member cells and off-board positions
    /// keep a stale one: they are never read).
    pub(super) label: Vec<u16>,
    /// The next label not yet given.
    pub(super) next: u16,
    /// On a hex board (six neighbours join groups and regions alike): the member
    /// cells' groups as a union-find over the grid positions, with one more node, the
    /// board's outside (edges and holes), which the cells on them join. A member cell
    /// added between two walls that belong to one group (or both to the outside)
    /// closes a loop: only then may its region split. Empty on other boards.
    walls: Vec<u16>,
}

impl Clone for RegionLabels {
    fn clone(&self) -> Self {
        let mut r = RegionLabels::default();
        r.clone_from(self);
        r
    }

    /// Copies `source` into `self`, reusing `self`'s buffers.
    fn clone_from(&mut self, source: &Self) {
        self.label.clone_from(&source.label);
        self.next = source.next;
        self.walls.clone_from(&source.walls);
    }
}

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
        // `also` as a cell id no cell has when there is none: one compare a neighbour.
        let also_id = also.unwrap_or(Cell::MAX);
        let open = open_slots(around, |m| {
            member[usize::from(m) / 64] >> (m % 64) & 1 == 0 && m != also_id
        });
        let is_member = |m: Cell| member[usize::from(m) / 64] >> (m % 64) & 1 == 1 || m == also_id;
        let splits = open & open.wrapping_sub(1) != 0
            && nbrs.first_class(cell, open) != open
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
        let walls = &mut self.walls;
        loop_closes(board, cell, |at| match at {
            None => Some(find(walls, outside)),
            Some(m) if is_member(m) => Some(find(walls, usize::from(m))),
            Some(_) => None,
        })
    }

    /// Joins the new member cell `cell` to the groups of the member cells around it
    /// (`around`, its neighbours, those in the `open` slots free) and, with fewer than
    /// six neighbours (on an edge or by a hole), to the outside (hex boards).
    fn wall_up(&mut self, around: &[Cell], open: u32, cell: Cell) {
        let outside = self.walls.len() - 1;
        let root = find(&mut self.walls, usize::from(cell));
        // The member slots one after another, not a test of each slot: whether a
        // slot holds a member is a coin toss that a branch would often mispredict.
        // A root's parent is itself, so the joins are written unconditionally.
        let mut members = !open & ((1 << around.len()) - 1);
        while members != 0 {
            let m = around[members.trailing_zeros() as usize];
            members &= members - 1;
            let o = find(&mut self.walls, usize::from(m));
            self.walls[o] = root as u16;
        }
        if around.len() < RING.len() {
            let o = find(&mut self.walls, outside);
            self.walls[o] = root as u16;
        }
    }

    /// `cell` is a member cell no longer (`member` is without it now): the regions
    /// around it and the cell are one.
    pub fn left(&mut self, board: &Board, adjacency: Adjacency, member: &[u64], cell: Cell) {
        by_board_words!(board, left_labels(self, board, adjacency, member, cell));
    }

    /// Per grid position, its region's label (see `label`).
    pub(super) fn labels(&self) -> &[u16] {
        &self.label
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
    /// cells, `d` now among them): each piece split off (`split::pieces_split_off`)
    /// takes a new label; the rest keeps its own.
    fn split<const W: usize>(&mut self, geometry: &Geometry<'_, W>, d: usize, free: Bits<W>) {
        let (parts, off) = pieces_split_off(geometry, d as Cell, free);
        for part in &parts[off] {
            let l = self.next;
            self.next += 1;
            part.each(|c| self.label[c] = l);
        }
    }
}
