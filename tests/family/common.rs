//! Board geometry shared by the family references (and only by them: nothing here
//! comes from weft). A board is a set of positions `(x, y)` of a rectangular grid,
//! `y = 0` the bottom row, with a fixed neighbour relation given by direction
//! offsets. Cells are numbered `0..len()` in the order of `(y, x)`.

use std::collections::HashMap;

/// The six hex directions in axial `(x, y)` offsets.
pub const HEX_DIRS: [(i32, i32); 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)];
/// The four orthogonal directions of a square grid.
pub const ORTHO_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// The eight directions of a square grid (orthogonal, then diagonal).
pub const KING_DIRS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
];

/// A column's letters: `a` = 0 … `z` = 25, then `aa`, `ab`, … (bijective base 26).
pub fn column_name(x: usize) -> String {
    let mut n = x + 1;
    let mut out = Vec::new();
    while n > 0 {
        n -= 1;
        out.push(b'a' + (n % 26) as u8);
        n /= 26;
    }
    out.reverse();
    String::from_utf8(out).unwrap()
}

/// A position's name: column letters, then the row number from 1 at the bottom.
pub fn cell_name(x: i32, y: i32) -> String {
    format!("{}{}", column_name(x as usize), y + 1)
}

#[derive(Clone, Debug)]
pub struct Board {
    pub width: i32,
    pub height: i32,
    /// The position of each cell.
    pub xy: Vec<(i32, i32)>,
    /// The name of each cell.
    pub names: Vec<String>,
    /// The on-board neighbours of each cell, in the order of the direction list.
    pub adj: Vec<Vec<usize>>,
    /// How many of the direction offsets of each cell fall off the board.
    pub off_board_neighbours: Vec<usize>,
    index: Vec<Option<usize>>,
    by_name: HashMap<String, usize>,
}

impl Board {
    fn build(
        width: i32,
        height: i32,
        is_cell: impl Fn(i32, i32) -> bool,
        dirs: &[(i32, i32)],
    ) -> Board {
        let mut xy = Vec::new();
        let mut index = vec![None; (width * height) as usize];
        for y in 0..height {
            for x in 0..width {
                if is_cell(x, y) {
                    index[(y * width + x) as usize] = Some(xy.len());
                    xy.push((x, y));
                }
            }
        }
        let mut b = Board {
            width,
            height,
            names: xy.iter().map(|&(x, y)| cell_name(x, y)).collect(),
            adj: Vec::new(),
            off_board_neighbours: Vec::new(),
            xy,
            index,
            by_name: HashMap::new(),
        };
        for c in 0..b.xy.len() {
            let (x, y) = b.xy[c];
            let ns: Vec<usize> = dirs
                .iter()
                .filter_map(|&(dx, dy)| b.at(x + dx, y + dy))
                .collect();
            b.off_board_neighbours.push(dirs.len() - ns.len());
            b.adj.push(ns);
        }
        b.by_name = b
            .names
            .iter()
            .enumerate()
            .map(|(i, n)| (n.clone(), i))
            .collect();
        b
    }

    /// A square board of `n` x `n` points with the given neighbour directions.
    pub fn square(n: i32, dirs: &[(i32, i32)]) -> Board {
        Board::build(n, n, |_, _| true, dirs)
    }

    /// A hexagon of side `s` (hex cells, axial coordinates on a `(2s-1)²` grid).
    pub fn hexagon(s: i32) -> Board {
        let w = 2 * s - 1;
        Board::build(
            w,
            w,
            |x, y| {
                let (q, r) = (x - (s - 1), y - (s - 1));
                q.abs() < s && r.abs() < s && (q + r).abs() < s
            },
            &HEX_DIRS,
        )
    }

    /// A triangle of hex cells with `n` cells a side: `x, y >= 0`, `x + y <= n - 1`.
    pub fn triangle(n: i32) -> Board {
        Board::build(n, n, |x, y| x + y < n, &HEX_DIRS)
    }

    pub fn len(&self) -> usize {
        self.xy.len()
    }

    /// The cell at `(x, y)`, if that position is on the board.
    pub fn at(&self, x: i32, y: i32) -> Option<usize> {
        if x < 0 || y < 0 || x >= self.width || y >= self.height {
            return None;
        }
        self.index[(y * self.width + x) as usize]
    }

    /// The cell of a name; panics on a name that is not a cell of this board.
    pub fn cell(&self, name: &str) -> usize {
        *self
            .by_name
            .get(name)
            .unwrap_or_else(|| panic!("{name:?} is not a cell of this board"))
    }

    /// The cell of a name, if it is one.
    pub fn try_cell(&self, name: &str) -> Option<usize> {
        self.by_name.get(name).copied()
    }

    /// Every cell reachable from `starts` through cells satisfying `pass`
    /// (a start that does not satisfy `pass` is not entered), as a mark per cell.
    pub fn flood(
        &self,
        starts: impl IntoIterator<Item = usize>,
        pass: impl Fn(usize) -> bool,
    ) -> Vec<bool> {
        let mut seen = vec![false; self.len()];
        let mut stack: Vec<usize> = Vec::new();
        for s in starts {
            if pass(s) && !seen[s] {
                seen[s] = true;
                stack.push(s);
            }
        }
        while let Some(c) = stack.pop() {
            for &n in &self.adj[c] {
                if !seen[n] && pass(n) {
                    seen[n] = true;
                    stack.push(n);
                }
            }
        }
        seen
    }

    /// The cells of the group of `start` through cells satisfying `same`, listed.
    pub fn group(&self, start: usize, same: impl Fn(usize) -> bool) -> Vec<usize> {
        let marks = self.flood([start], same);
        (0..self.len()).filter(|&c| marks[c]).collect()
    }
}

/// One board content per cell: `Some(colour)` or `None` (empty), listed with the names.
pub fn board_listing(board: &Board, cells: &[Option<usize>]) -> Vec<(String, Option<usize>)> {
    board
        .names
        .iter()
        .cloned()
        .zip(cells.iter().copied())
        .collect()
}

#[test]
fn family_common_geometry() {
    assert_eq!(column_name(0), "a");
    assert_eq!(column_name(25), "z");
    assert_eq!(column_name(26), "aa");
    assert_eq!(column_name(27), "ab");
    assert_eq!(column_name(52), "ba");
    assert_eq!(cell_name(0, 0), "a1");
    // A hexagon of side s has 3s(s-1)+1 cells, six of them with three neighbours.
    for s in 2..8 {
        let b = Board::hexagon(s);
        assert_eq!(b.len() as i32, 3 * s * (s - 1) + 1);
        let corners: Vec<(i32, i32)> = (0..b.len())
            .filter(|&c| b.adj[c].len() == 3)
            .map(|c| b.xy[c])
            .collect();
        let mut want = vec![
            (s - 1, 0),
            (2 * s - 2, 0),
            (2 * s - 2, s - 1),
            (s - 1, 2 * s - 2),
            (0, 2 * s - 2),
            (0, s - 1),
        ];
        want.sort_by_key(|&(x, y)| (y, x));
        assert_eq!(corners, want, "side {s}");
    }
    // A triangle of side n has n(n+1)/2 cells; its corners have two neighbours.
    let t = Board::triangle(4);
    assert_eq!(t.len(), 10);
    assert_eq!(t.adj[t.cell("a1")].len(), 2);
    assert_eq!(t.adj[t.cell("d1")].len(), 2);
    assert_eq!(t.adj[t.cell("a4")].len(), 2);
    assert!(t.try_cell("b4").is_none());
    let sq = Board::square(3, &ORTHO_DIRS);
    assert_eq!(sq.adj[sq.cell("b2")].len(), 4);
    assert_eq!(sq.names[sq.cell("c3")], "c3");
}
