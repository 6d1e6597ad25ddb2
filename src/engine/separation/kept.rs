//! What a position keeps, per separated piece kind and colour, for its separation
//! tests, brought along with each member cell added or removed: the graph of groups
//! and regions (`graph`) on boards small enough that its rows, each a set of the
//! board, cost little to keep and to copy; the regions' labels alone (`labels`) on
//! larger boards. Both answer the same questions.

use super::graph::SideGraph;
use super::labels::RegionLabels;
use crate::rules::board::{Board, Cell};
use crate::rules::Adjacency;

/// The most grid positions a board may have for its positions to keep the graph (four
/// words a set: each side's graph is then at most ~16 KB).
pub const GRAPH_POSITIONS: usize = 256;

/// One side's kept structure (see the module notes).
#[derive(Debug)]
pub enum KeptSide {
    Graph(SideGraph),
    Labels(RegionLabels),
}

impl Clone for KeptSide {
    fn clone(&self) -> Self {
        match self {
            KeptSide::Graph(g) => KeptSide::Graph(g.clone()),
            KeptSide::Labels(l) => KeptSide::Labels(l.clone()),
        }
    }

    /// Copies `source` into `self`, reusing `self`'s buffers (a playout's start
    /// copied into the position it plays on).
    fn clone_from(&mut self, source: &Self) {
        match (self, source) {
            (KeptSide::Graph(a), KeptSide::Graph(b)) => a.clone_from(b),
            (KeptSide::Labels(a), KeptSide::Labels(b)) => a.clone_from(b),
            (me, _) => *me = source.clone(),
        }
    }
}

impl KeptSide {
    /// The structure of `board` without the `member` cells (bit words like
    /// `Board::on_words`), under `adjacency`: the graph where the board has at most
    /// `GRAPH_POSITIONS` grid positions.
    pub fn new(board: &Board, adjacency: Adjacency, member: &[u64]) -> KeptSide {
        if board.len() <= GRAPH_POSITIONS {
            KeptSide::Graph(SideGraph::new(board, adjacency, member))
        } else {
            KeptSide::Labels(RegionLabels::new(board, adjacency, member))
        }
    }

    /// `cell` has become a member cell (`member` holds it now, and `also` if given,
    /// a member cell that is to leave next).
    #[inline]
    pub fn joined(
        &mut self,
        board: &Board,
        adjacency: Adjacency,
        member: (&[u64], Option<Cell>),
        cell: Cell,
    ) {
        match self {
            KeptSide::Graph(g) => g.joined(board, adjacency, member, cell),
            KeptSide::Labels(l) => l.joined(board, adjacency, member, cell),
        }
    }

    /// `cell` is a member cell no longer (`member` is without it now).
    pub fn left(&mut self, board: &Board, adjacency: Adjacency, member: &[u64], cell: Cell) {
        match self {
            KeptSide::Graph(g) => g.left(board, adjacency, member, cell),
            KeptSide::Labels(l) => l.left(board, adjacency, member, cell),
        }
    }

    /// Whether one region holds more than half of the `counted` cells (bit words; those
    /// on `member` cells lie in no region); `None` when more than 16 cells are counted.
    #[inline]
    pub fn one_holds_most(&self, member: &[u64], counted: &[u64]) -> Option<bool> {
        let regions = match self {
            KeptSide::Graph(g) => g.nodes(),
            KeptSide::Labels(l) => l.labels(),
        };
        one_holds_most(regions, member, counted)
    }

    /// Whether some group of the `member` cells (those the structure was kept for)
    /// separates the `counted` cells (bit words).
    pub fn separates(
        &self,
        board: &Board,
        adjacency: Adjacency,
        (member, counted): (&[u64], &[u64]),
    ) -> bool {
        match self {
            KeptSide::Graph(g) => g.separates(board, counted),
            KeptSide::Labels(l) => {
                super::separates_labelled(board, adjacency, (member, counted), l)
            }
        }
    }

    /// The region of the cell `cell` (not a member cell), as a number: cells with
    /// the same number lie in the same region.
    pub fn label(&self, cell: Cell) -> u16 {
        match self {
            KeptSide::Graph(g) => g.label(cell),
            KeptSide::Labels(l) => l.label(cell),
        }
    }

    /// The bytes the structure takes.
    pub fn memory_bytes(&self) -> usize {
        match self {
            KeptSide::Graph(g) => g.memory_bytes(),
            KeptSide::Labels(l) => l.memory_bytes(),
        }
    }
}

/// `KeptSide::one_holds_most` with each grid position's region in `regions` (a number
/// per region).
#[inline(never)]
fn one_holds_most(regions: &[u16], member: &[u64], counted: &[u64]) -> Option<bool> {
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
        let l = regions[usize::from(c)];
        cells
            .iter()
            .filter(|&&d| regions[usize::from(d)] == l)
            .count() as u32
            > half
    }))
}

#[cfg(test)]
mod tests {
    use super::super::has;
    use super::*;
    use crate::engine::rng::Rng;
    use crate::rules::BoardShape;

    /// A board of up to `GRAPH_POSITIONS` grid positions keeps the graph, a larger one
    /// the labels; kept one cell at a time, each answers the separation test as the
    /// definition does, and its regions are those made afresh.
    #[test]
    fn each_board_keeps_what_its_size_allows_and_both_answer_alike() {
        let mut rng = Rng::new(29);
        let small = Board::new(BoardShape::Hexagon, &[8], &[]);
        let large = Board::new(BoardShape::Hexagon, &[9], &[]);
        assert!(small.len() <= GRAPH_POSITIONS && large.len() > GRAPH_POSITIONS);
        for (b, graph) in [(small, true), (large, false)] {
            let adj = b.natural_adjacency();
            let cells: Vec<Cell> = b.cells().collect();
            let words = b.len().div_ceil(64);
            let mut member = vec![0u64; words];
            let mut kept = KeptSide::new(&b, adj, &member);
            assert_eq!(matches!(kept, KeptSide::Graph(_)), graph);
            let (mut yes, mut no, mut refuted) = (0, 0, 0);
            for step in 0..cells.len() {
                let c = cells[rng.below(cells.len() as u32) as usize];
                if has(&member, c) {
                    continue;
                }
                member[c as usize / 64] |= 1 << (c % 64);
                kept.joined(&b, adj, (&member, None), c);
                let mut counted = vec![0u64; words];
                for _ in 0..3 {
                    let x = cells[rng.below(cells.len() as u32) as usize];
                    counted[x as usize / 64] |= 1 << (x % 64);
                }
                let slow = super::super::separates_slowly(&b, adj, &|x| has(&member, x), &|x| {
                    has(&counted, x)
                });
                assert_eq!(kept.separates(&b, adj, (&member, &counted)), slow, "{step}");
                // One region holding more than half of the counted cells, by the
                // regions made afresh: the refutation the kept structure answers.
                let fresh_regions = RegionLabels::new(&b, adj, &member);
                let free_counted: Vec<Cell> = (cells.iter().copied())
                    .filter(|&x| has(&counted, x) && !has(&member, x))
                    .collect();
                let all = cells.iter().filter(|&&x| has(&counted, x)).count();
                let most = free_counted.iter().any(|&x| {
                    let same = |y: &&Cell| fresh_regions.label(**y) == fresh_regions.label(x);
                    free_counted.iter().filter(same).count() > all / 2
                });
                assert_eq!(kept.one_holds_most(&member, &counted), Some(most), "{step}");
                refuted += usize::from(most);
                (yes, no) = if slow { (yes + 1, no) } else { (yes, no + 1) };
                let fresh = KeptSide::new(&b, adj, &member);
                let free: Vec<Cell> = cells
                    .iter()
                    .copied()
                    .filter(|&x| !has(&member, x))
                    .collect();
                for (&x, &y) in free.iter().zip(free.iter().skip(1)) {
                    assert_eq!(
                        kept.label(x) == kept.label(y),
                        fresh.label(x) == fresh.label(y),
                        "{step}: {x} {y}"
                    );
                }
            }
            assert!(yes > 10 && no > 10 && refuted > 10, "{yes} {no} {refuted}");
        }
    }
}
