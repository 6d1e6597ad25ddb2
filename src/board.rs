//! The board's geometry, computed once: cell ids, coordinates and their names,
//! neighbour tables for each adjacency, named regions (edges) as per-cell bit
//! masks, and the board's symmetries.
//!
//! Every board is laid on a rectangular grid of `width x height` positions; a cell's
//! id is `y * width + x` with `y = 0` the bottom row, so a glyph's shape becomes a
//! fixed id offset and matching needs no lookups.

use crate::ast::{Adjacency, BoardShape};

/// A cell's id: `y * width + x`.
pub type Cell = u16;

/// The largest side a square board may have.
pub const MAX_SIDE: i64 = 64;

/// Neighbour lists of every cell for one adjacency, stored flat.
#[derive(Debug, Clone)]
pub struct Neighbours {
    start: Vec<u32>,
    list: Vec<Cell>,
}

impl Neighbours {
    /// The neighbours of `cell`.
    #[inline]
    pub fn of(&self, cell: Cell) -> &[Cell] {
        let c = cell as usize;
        &self.list[self.start[c] as usize..self.start[c + 1] as usize]
    }
}

/// A board: its cells, names, adjacencies and regions.
#[derive(Debug, Clone)]
pub struct Board {
    pub shape: BoardShape,
    pub width: usize,
    pub height: usize,
    /// Per adjacency (`Adjacency as usize`): the neighbour lists.
    neighbours: [Neighbours; 3],
    /// Region names, indexed by bit position in `regions_of`.
    region_names: Vec<String>,
    /// For each cell, the bit set of regions it belongs to.
    regions_of: Vec<u32>,
}

const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

impl Board {
    /// A square board of `n x n` points with its four edges (`top`, `bottom`, `left`,
    /// `right`); a corner is on two edges.
    pub fn square(n: usize) -> Board {
        let (w, h) = (n, n);
        let dirs_all: Vec<(i32, i32)> = ORTHOGONAL.iter().chain(DIAGONAL.iter()).copied().collect();
        let neighbours = [
            Self::table(w, h, &ORTHOGONAL),
            Self::table(w, h, &DIAGONAL),
            Self::table(w, h, &dirs_all),
        ];
        let region_names: Vec<String> = ["top", "bottom", "left", "right"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let mut regions_of = vec![0u32; w * h];
        for y in 0..h {
            for x in 0..w {
                let mut m = 0;
                if y == h - 1 {
                    m |= 1;
                }
                if y == 0 {
                    m |= 2;
                }
                if x == 0 {
                    m |= 4;
                }
                if x == w - 1 {
                    m |= 8;
                }
                regions_of[y * w + x] = m;
            }
        }
        Board {
            shape: BoardShape::Square,
            width: w,
            height: h,
            neighbours,
            region_names,
            regions_of,
        }
    }

    fn table(w: usize, h: usize, dirs: &[(i32, i32)]) -> Neighbours {
        let mut start = vec![0u32];
        let mut list = Vec::new();
        for y in 0..h as i32 {
            for x in 0..w as i32 {
                for (dx, dy) in dirs {
                    let (nx, ny) = (x + dx, y + dy);
                    if nx >= 0 && ny >= 0 && nx < w as i32 && ny < h as i32 {
                        list.push((ny as usize * w + nx as usize) as Cell);
                    }
                }
                start.push(list.len() as u32);
            }
        }
        Neighbours { start, list }
    }

    /// The number of grid positions (cell ids run below this).
    pub fn len(&self) -> usize {
        self.width * self.height
    }

    /// Whether the board has no cells (never true for a compiled board).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every cell id, bottom row first.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.len()).map(|c| c as Cell)
    }

    /// Whether grid position `(x, y)` is a cell of the board.
    pub fn on_board(&self, x: i32, y: i32) -> bool {
        x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height
    }

    /// The cell at `(x, y)`, if on the board.
    pub fn cell_at(&self, x: i32, y: i32) -> Option<Cell> {
        self.on_board(x, y)
            .then(|| (y as usize * self.width + x as usize) as Cell)
    }

    /// The `(x, y)` of a cell.
    pub fn xy(&self, cell: Cell) -> (i32, i32) {
        let c = cell as usize;
        ((c % self.width) as i32, (c / self.width) as i32)
    }

    /// The neighbour lists of an adjacency.
    pub fn neighbours(&self, adjacency: Adjacency) -> &Neighbours {
        &self.neighbours[adjacency as usize]
    }

    /// The names of the regions, by bit position.
    pub fn region_names(&self) -> &[String] {
        &self.region_names
    }

    /// The bit index of a named region.
    pub fn region_index(&self, name: &str) -> Option<usize> {
        self.region_names.iter().position(|r| r == name)
    }

    /// The set of regions (a bit per region) that `cell` lies in.
    #[inline]
    pub fn regions_of(&self, cell: Cell) -> u32 {
        self.regions_of[cell as usize]
    }

    /// A cell's name: column letters from `a`, then the row number from 1 at the bottom.
    ///
    /// ```
    /// let b = weft::board::Board::square(9);
    /// assert_eq!(b.cell_name(0), "a1");
    /// assert_eq!(b.cell_name(8 * 9 + 4), "e9");
    /// ```
    pub fn cell_name(&self, cell: Cell) -> String {
        let (x, y) = self.xy(cell);
        format!("{}{}", column_name(x as usize), y + 1)
    }

    /// Reads a cell name such as `c4` (letters are case-insensitive).
    ///
    /// ```
    /// let b = weft::board::Board::square(9);
    /// assert_eq!(b.parse_cell("c2"), Some(11));
    /// assert_eq!(b.parse_cell("j1"), None); // off a 9x9 board
    /// ```
    pub fn parse_cell(&self, text: &str) -> Option<Cell> {
        let split = text.find(|c: char| c.is_ascii_digit())?;
        let (letters, digits) = text.split_at(split);
        if letters.is_empty() || !letters.chars().all(|c| c.is_ascii_alphabetic()) {
            return None;
        }
        if !digits.chars().all(|c| c.is_ascii_digit()) || digits.starts_with('0') {
            return None;
        }
        let mut x: usize = 0;
        for c in letters.chars() {
            let v = (c.to_ascii_lowercase() as u8 - b'a') as usize + 1;
            x = x.checked_mul(26)?.checked_add(v)?;
        }
        let y: usize = digits.parse().ok()?;
        self.cell_at(x as i32 - 1, y as i32 - 1)
    }

    /// The board's symmetries as maps from `(x, y)` to `(x, y)`: the identity first.
    /// A square board has eight (rotations and reflections).
    pub fn symmetries(&self) -> Vec<Vec<Cell>> {
        let n = self.width as i32 - 1;
        let maps: [SquareMap; 8] = [
            |x, y, _| (x, y),
            |x, y, n| (n - y, x),
            |x, y, n| (n - x, n - y),
            |x, y, n| (y, n - x),
            |x, y, n| (n - x, y),
            |x, y, n| (x, n - y),
            |x, y, _| (y, x),
            |x, y, n| (n - y, n - x),
        ];
        maps.iter()
            .map(|f| {
                self.cells()
                    .map(|c| {
                        let (x, y) = self.xy(c);
                        let (a, b) = f(x, y, n);
                        self.cell_at(a, b).expect("a square maps onto itself")
                    })
                    .collect()
            })
            .collect()
    }
}

/// A symmetry of an `n x n` square as a map of `(x, y)`, given `n - 1`.
type SquareMap = fn(i32, i32, i32) -> (i32, i32);

/// Column letters: `a`..`z`, then `aa`, `ab`, ...
///
/// ```
/// assert_eq!(weft::board::column_name(0), "a");
/// assert_eq!(weft::board::column_name(25), "z");
/// assert_eq!(weft::board::column_name(26), "aa");
/// ```
pub fn column_name(mut x: usize) -> String {
    let mut out = Vec::new();
    x += 1;
    while x > 0 {
        x -= 1;
        out.push(b'a' + (x % 26) as u8);
        x /= 26;
    }
    out.reverse();
    String::from_utf8(out).expect("ascii")
}
