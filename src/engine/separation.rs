//! The separation goal: does a connected group of one player's pieces split the
//! board so that no region left when the group's cells are removed holds more than
//! half of the counted things (pieces of a kind, or cells of a region)? Things on the
//! group's own cells lie in no region. Every group is tested.

use crate::rules::board::{Board, Cell};
use crate::rules::Adjacency;
use std::cell::RefCell;

/// Whether some group of cells where `member` holds, linked by `adjacency`, separates
/// the cells where `counted` holds.
///
/// The board without *all* member cells falls into regions; the board without one
/// group G is those regions glued together through the other groups. So the test
/// works on a small graph, regions on one side and groups on the other (an edge where
/// a region touches a group), after one pass over the cells: G separates when every
/// component of the graph without G holds at most half of the counted cells. A region
/// that already holds more than half with every member removed can only grow when
/// fewer are removed, so then no group separates, which usually ends the test after
/// one flood fill.
///
/// `total` is the number of counted cells (the caller knows it, e.g. from a piece
/// count); it lets the common case end early: a breadth-first search from a counted
/// cell outside every member cell that reaches more than half of them shows that no
/// group separates, without looking at the rest of the board.
pub fn separates(
    board: &Board,
    adjacency: Adjacency,
    member: impl Fn(Cell) -> bool,
    counted: impl Fn(Cell) -> bool,
    total: u32,
) -> bool {
    thread_local! {
        static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
    }
    SCRATCH.with(|s| {
        let mut s = s.borrow_mut();
        if s.some_region_holds_most(board, adjacency, &member, &counted, total) {
            return false;
        }

        s.separates(board, adjacency, member, counted)
    })
}

/// Reused buffers, so that a playout's turn-start checks do not allocate.
#[derive(Default)]
struct Scratch {
    /// Per cell: `NONE`, or the node (region or group) it belongs to.
    node: Vec<u32>,
    member: Vec<bool>,
    counted: Vec<bool>,
    /// Per node: the counted cells in it, and whether it is a group.
    count: Vec<u32>,
    is_group: Vec<bool>,
    stack: Vec<Cell>,
    /// The graph's adjacency matrix, a row of `words` bits per node.
    adjacent: Vec<u64>,
    /// Nodes reached, as bits.
    seen: Vec<u64>,
    queue: Vec<u32>,
    /// The quick test's marks: a cell is reached when its mark is `stamp`.
    mark: Vec<u32>,
    stamp: u32,
}

const NONE: u32 = u32::MAX;

impl Scratch {
    /// Whether some region of the board without every member cell holds more than
    /// half of the `total` counted cells (then no group separates): breadth-first
    /// searches through the cells that are not members, from each counted one not
    /// reached yet, each stopping as soon as it has seen more than half. Reads only
    /// the cells it reaches, and the board up to the first counted cells.
    fn some_region_holds_most(
        &mut self,
        board: &Board,
        adjacency: Adjacency,
        member: &impl Fn(Cell) -> bool,
        counted: &impl Fn(Cell) -> bool,
        total: u32,
    ) -> bool {
        let nbrs = board.neighbours(adjacency);
        let half = total / 2;
        let n = board.len();
        if self.mark.len() != n || self.stamp == u32::MAX {
            self.mark.clear();
            self.mark.resize(n, 0);
            self.stamp = 0;
        }
        self.stamp += 1;
        let stamp = self.stamp;
        // Counted cells left to meet, in the scan or in a search.
        let mut unseen = total;
        for from in board.cells() {
            // The rest cannot make a region of more than half.
            if unseen <= half {
                return false;
            }
            if self.mark[from as usize] == stamp || !counted(from) {
                continue;
            }
            if member(from) {
                unseen -= 1;
                continue;
            }
            self.mark[from as usize] = stamp;
            self.stack.clear();
            self.stack.push(from);
            let mut head = 0;
            let mut count = 0;
            while head < self.stack.len() {
                let c = self.stack[head];
                head += 1;
                if counted(c) {
                    count += 1;
                    if count > half {
                        return true;
                    }
                }
                for &m in nbrs.of(c) {
                    if self.mark[m as usize] != stamp && !member(m) {
                        self.mark[m as usize] = stamp;
                        self.stack.push(m);
                    }
                }
            }
            unseen -= count;
        }
        false
    }

    /// Labels the cells reachable from `from` through cells of the same kind (member or
    /// not) as node `id`; returns the number of counted cells among them. Stops (with
    /// the labelling unfinished) once the count passes `limit`.
    fn flood(
        &mut self,
        nbrs: &crate::rules::board::Neighbours,
        from: Cell,
        id: u32,
        limit: u32,
    ) -> u32 {
        let kind = self.member[from as usize];
        let mut count = 0;
        self.node[from as usize] = id;
        self.stack.clear();
        self.stack.push(from);
        // Breadth first: counted cells near the start are found before far ones.
        let mut head = 0;
        while head < self.stack.len() {
            let c = self.stack[head];
            head += 1;
            count += u32::from(self.counted[c as usize]);
            if count > limit {
                return count;
            }
            for &m in nbrs.of(c) {
                if self.node[m as usize] == NONE && self.member[m as usize] == kind {
                    self.node[m as usize] = id;
                    self.stack.push(m);
                }
            }
        }
        count
    }

    fn separates(
        &mut self,
        board: &Board,
        adjacency: Adjacency,
        member: impl Fn(Cell) -> bool,
        counted: impl Fn(Cell) -> bool,
    ) -> bool {
        let nbrs = board.neighbours(adjacency);
        let n = board.len();
        self.node.clear();
        self.node.resize(n, NONE);
        self.member.clear();
        self.member.resize(n, false);
        self.counted.clear();
        self.counted.resize(n, false);
        let mut total = 0;
        let mut any_member = false;
        for c in board.cells() {
            self.member[c as usize] = member(c);
            self.counted[c as usize] = counted(c);
            total += u32::from(self.counted[c as usize]);
            any_member |= self.member[c as usize];
        }
        if !any_member {
            return false;
        }
        let half = total / 2;
        self.count.clear();
        self.is_group.clear();
        // The regions without any member cell that hold counted cells, first: if one
        // holds more than half, no group separates.
        for c in board.cells() {
            if self.counted[c as usize] && !self.member[c as usize] && self.node[c as usize] == NONE
            {
                let id = self.count.len() as u32;
                let k = self.flood(nbrs, c, id, half);
                if k > half {
                    return false;
                }
                self.count.push(k);
                self.is_group.push(false);
            }
        }
        // The other regions and the groups.
        for c in board.cells() {
            if self.node[c as usize] == NONE {
                let id = self.count.len() as u32;
                let k = self.flood(nbrs, c, id, u32::MAX);
                self.count.push(k);
                self.is_group.push(self.member[c as usize]);
            }
        }
        // Edges between groups and the regions they touch.
        let nodes = self.count.len();
        let words = nodes.div_ceil(64);
        self.adjacent.clear();
        self.adjacent.resize(nodes * words, 0);
        for c in board.cells() {
            if !self.member[c as usize] {
                continue;
            }
            let g = self.node[c as usize] as usize;
            for &m in nbrs.of(c) {
                if !self.member[m as usize] {
                    let r = self.node[m as usize] as usize;
                    self.adjacent[g * words + r / 64] |= 1 << (r % 64);
                    self.adjacent[r * words + g / 64] |= 1 << (g % 64);
                }
            }
        }
        // Each group in turn: the components of the graph without it.
        for g in 0..nodes {
            if !self.is_group[g] {
                continue;
            }
            self.seen.clear();
            self.seen.resize(words, 0);
            self.seen[g / 64] |= 1 << (g % 64);
            let mut ok = true;
            for s in 0..nodes {
                if self.seen[s / 64] >> (s % 64) & 1 == 1 {
                    continue;
                }
                self.seen[s / 64] |= 1 << (s % 64);
                self.queue.clear();
                self.queue.push(s as u32);
                let mut sum = 0;
                while let Some(x) = self.queue.pop() {
                    sum += self.count[x as usize];
                    for w in 0..words {
                        let mut fresh = self.adjacent[x as usize * words + w] & !self.seen[w];
                        self.seen[w] |= fresh;
                        while fresh != 0 {
                            self.queue.push((w * 64) as u32 + fresh.trailing_zeros());
                            fresh &= fresh - 1;
                        }
                    }
                }
                if sum > half {
                    ok = false;
                    break;
                }
            }
            if ok {
                return true;
            }
        }
        false
    }
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

    #[test]
    fn a_wall_across_a_board_separates_and_a_stub_does_not() {
        // 5x5 square, orthogonal adjacency, three pawns: half is 1.
        let b = Board::square(5);
        let cell = |name: &str| b.parse_cell(name).unwrap();
        let wall = |c: Cell| b.xy(c).0 == 2;
        // a1 | e1 e5: the right region holds two pawns.
        let right_two = |c: Cell| [cell("a1"), cell("e1"), cell("e5")].contains(&c);
        assert!(!separates(&b, Adjacency::Orthogonal, wall, right_two, 3));
        // a1 | e5, and c3 on the wall lies in no region: one pawn each side.
        let split = |c: Cell| [cell("a1"), cell("e5"), cell("c3")].contains(&c);
        assert!(separates(&b, Adjacency::Orthogonal, wall, split, 3));
        // Without c5 the two sides join round the top.
        let stub = |c: Cell| b.xy(c).0 == 2 && b.xy(c).1 < 4;
        assert!(!separates(&b, Adjacency::Orthogonal, stub, split, 3));
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
        assert!(!separates(&b, Adjacency::All, member, pawns, 3));
    }

    /// The graph form agrees with the definition on random positions of square and hex
    /// boards, counting pieces or a region, sparse and dense.
    #[test]
    fn the_graph_test_agrees_with_the_definition() {
        let mut rng = crate::engine::rng::Rng::new(11);
        let boards = [
            (Board::square(6), Adjacency::Orthogonal),
            (Board::square(5), Adjacency::All),
            (Board::new(BoardShape::Hexagon, &[4], &[]), Adjacency::All),
            (
                Board::new(BoardShape::Square, &[7], &[(2, 2), (3, 4)]),
                Adjacency::Orthogonal,
            ),
        ];
        let mut yes = 0;
        for (b, adj) in &boards {
            for round in 0..3000 {
                let density = rng.below(90);
                let members: Vec<bool> = (0..b.len()).map(|_| rng.below(100) < density).collect();
                let things = 1 + rng.below(6);
                let counted: Vec<bool> = (0..b.len())
                    .map(|_| rng.below(b.len() as u32) < things)
                    .collect();
                let member = |c: Cell| members[c as usize];
                let count = |c: Cell| {
                    if round % 2 == 0 {
                        counted[c as usize]
                    } else {
                        b.regions_of(c) & 1 != 0
                    }
                };
                let total = b.cells().filter(|&c| count(c)).count() as u32;
                let fast = separates(b, *adj, member, count, total);
                assert_eq!(fast, separates_slowly(b, *adj, &member, &count));
                yes += usize::from(fast);
            }
        }
        assert!(yes > 500, "both answers are exercised ({yes} separations)");
    }
}
