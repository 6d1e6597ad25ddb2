//! The board's geometry, computed once: cell ids, coordinates and their names,
//! neighbour tables for each adjacency, straight-line directions, named regions
//! (edges) as per-cell bit masks, the board's symmetries, and where each cell is
//! drawn when the board is printed.
//!
//! Every board is laid on a rectangular grid of `width x height` positions; a cell's
//! id is `y * width + x` with `y = 0` the bottom row, so a glyph's shape becomes a
//! fixed id offset and matching needs no lookups. Square and rectangular boards fill
//! their grid; a hexagon and a triangle leave some of the grid off the board, and
//! listed squares can be blocked (taken off the board). Hex boards use axial
//! coordinates: the six neighbours of `(x, y)` are `(x±1, y)`, `(x, y±1)`, `(x+1, y-1)`
//! and `(x-1, y+1)`; a triangle of side N is the cells with `x + y <= N - 1`.
//!
//! Every shape names its **edges** (each with its end cells), its **corners** (the
//! cells where two edges meet) and its **sides** (each edge without its corners), in
//! that order as the first region bits; the file's own regions follow. The collective
//! names `edges`, `corners` and `sides` stand for all of a kind.

use super::vocab::{Adjacency, BoardShape};

/// A cell's id: `y * width + x`.
pub type Cell = u16;

/// The largest side a board may have (grid positions per side).
pub const MAX_SIDE: i64 = 64;

/// The most neighbours a cell has under any adjacency (the eight of a square point;
/// a hex cell has six). Code that gathers a cell's neighbours into a fixed array
/// relies on it; `Board::table` checks it.
pub const MAX_NEIGHBOURS: usize = 8;

/// Neighbour lists of every cell for one adjacency, in slots of a fixed stride.
#[derive(Debug, Clone, Default)]
pub struct Neighbours {
    /// Per cell, `stride` slots (4, 6 or 8: the most neighbours any cell has, rounded
    /// up): its neighbours, then the cell itself in the slots it lacks.
    slots: Vec<Cell>,
    /// Per cell, how many of its slots hold neighbours.
    count: Vec<u8>,
    stride: usize,
    /// Per cell, `MAX_NEIGHBOURS` masks: for its neighbour in slot `i`, bit `j` set
    /// where the neighbour in slot `j` is next to it.
    near: Vec<u8>,
    /// Per cell, which of the distinct `near` rows it has (cells alike in shape share
    /// one: the inner cells, each kind of edge and corner).
    shape: Vec<u16>,
    /// Per distinct `near` row, `1 << stride` entries: for a set of slots (bit `j`
    /// for slot `j`), those reached from its lowest one through slots of the set
    /// next to each other (see `first_class`).
    classes: Vec<u8>,
    /// Per cell, its neighbours as bits of a 64-cell window of the board's bit sets;
    /// empty where some cell's neighbours lie 64 ids apart or more (grids wider than
    /// about 30).
    windows: Vec<Window>,
}

/// A cell's neighbours as bits of the 64 cell ids from `base`: bit `i` of `mask` for
/// the neighbour `base + i`. One shift of a bit set's two words then gives the
/// neighbours it holds, where reading each neighbour's byte takes a load apiece.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Window {
    pub mask: u64,
    pub base: Cell,
}

impl Neighbours {
    /// The neighbours of `cell`.
    #[inline]
    pub fn of(&self, cell: Cell) -> &[Cell] {
        let c = cell as usize;
        let at = c * self.stride;
        &self.slots[at..at + usize::from(self.count[c])]
    }

    /// For each neighbour of `cell` (by slot), which of the others are next to it
    /// (bit `j` for the neighbour in slot `j`): what tells whether removing `cell`
    /// can cut its neighbours apart. Kept for the board's natural adjacency only (the
    /// masks of the others are empty).
    #[inline(always)]
    pub fn near(&self, cell: Cell) -> &[u8; MAX_NEIGHBOURS] {
        let at = cell as usize * MAX_NEIGHBOURS;
        self.near[at..at + MAX_NEIGHBOURS]
            .try_into()
            .expect("MAX_NEIGHBOURS masks a cell")
    }

    /// The slots of `open` (bit `j` for slot `j` of `cell`) reached from the lowest
    /// one through slots of `open` whose neighbours are next to each other: `open`
    /// itself when they all hang together around `cell`. A table look-up, worked out
    /// when the board is built, where walking the slots took a loop of dependent
    /// reads and a branch a sampled profile showed mispredicting. For adjacencies
    /// other than the board's natural one (whose `near` masks are empty) it is the
    /// lowest slot of `open` alone.
    #[inline(always)]
    pub fn first_class(&self, cell: Cell, open: u32) -> u32 {
        let row = usize::from(self.shape[cell as usize]);
        let slots = open as usize & ((1 << self.stride) - 1);
        u32::from(self.classes[row << self.stride | slots])
    }

    /// The slots per cell: 4, 6 or 8.
    #[inline(always)]
    pub fn stride(&self) -> usize {
        self.stride
    }

    /// Every cell's neighbours as a `Window`, by cell id, where each cell's fit in one
    /// (see `Window`); `None` on boards too wide for that.
    #[inline(always)]
    pub fn windows(&self) -> Option<&[Window]> {
        (!self.windows.is_empty()).then_some(&self.windows[..])
    }

    /// `cell`'s neighbours in `S` slots (`S` is `stride()`), then `cell` itself in the
    /// slots left: a loop of fixed length, for code that gathers neighbours without a
    /// branch per neighbour.
    #[inline(always)]
    pub fn padded<const S: usize>(&self, cell: Cell) -> &[Cell; S] {
        debug_assert_eq!(S, self.stride);
        let at = cell as usize * S;
        self.slots[at..at + S].try_into().expect("S is the stride")
    }

    /// Every cell's `padded` slots, by cell id (`S` is `stride()`): for loops that
    /// look the table up once and then index it per cell.
    #[inline(always)]
    pub fn padded_rows<const S: usize>(&self) -> &[[Cell; S]] {
        debug_assert_eq!(S, self.stride);
        self.slots.as_chunks::<S>().0
    }
}

/// A board: its cells, names, adjacencies and regions.
#[derive(Debug, Clone)]
pub struct Board {
    pub shape: BoardShape,
    pub width: usize,
    pub height: usize,
    /// Whether each grid position is a cell of the board.
    on: Vec<bool>,
    /// The cells of the board (ids, increasing).
    cell_ids: Vec<Cell>,
    /// Whether every grid position is on the board (no hexagon corners, no blocked squares).
    full: bool,
    /// The grid positions taken off the board by `blocked` (not those outside the shape).
    blocked: Vec<Cell>,
    /// Per adjacency (`Adjacency as usize`): the neighbour lists.
    neighbours: [Neighbours; 3],
    /// Straight-line directions, as `(dx, dy)`: 8 on square grids, 6 on hex grids.
    directions: Vec<(i32, i32)>,
    /// The surrounding positions' directions in circular order (6 hex, 8 square).
    around: Vec<(i32, i32)>,
    /// Per grid position: off the board and outside it (not a hole); see `outside`.
    exterior: Vec<bool>,
    /// Region names, indexed by bit position in `regions_of`.
    region_names: Vec<String>,
    /// For each cell, the bit set of regions it belongs to.
    regions_of: Vec<u32>,
    /// The cells of the board as bit words (bit `c % 64` of word `c / 64` for cell `c`).
    on_words: Vec<u64>,
    /// Per region bit (as `region_names`), the region's cells as bit words like
    /// `on_words`, one region after another.
    region_words: Vec<u64>,
    /// The grid positions not in the grid's first column, then those not in its last,
    /// as bit words like `on_words` (what a set shifted one column must drop).
    column_ends: Vec<u64>,
    /// Per adjacency (`Adjacency as usize`), the offsets `(dx, dy)` from a cell to its
    /// neighbours (each -1 to 1): bit `dx + 1` of entry `dy + 1`.
    offsets: [[u8; 3]; 3],
    /// Per straight-line direction (as `directions`): how a cell's id changes along it,
    /// `dy * width + dx` (bit sets move a step by a shift of this much).
    line_by: Vec<i32>,
    /// Per straight-line direction, `2 * words` words (`words` as many as `on_words`):
    /// the cells whose step along the direction lands on a cell of the board, then those
    /// whose step back does (bit sets move a step by a shift). Laid out so that bit-set
    /// code walking the directions reads each direction's both ways in order.
    line_sources: Vec<u64>,
    /// The rays of every cell as bit sets, for boards of at most `RAY_WORDS` words.
    rays: Option<Rays>,
    /// `steps[cell * 9 + (dx + 1) * 3 + (dy + 1)]`: the cell one unit step away, or
    /// `NO_CELL` (what `step` answers for unit steps, without dividing by the width).
    steps: Vec<Cell>,
    /// `reach[cell * 9 + (dx + 1) * 3 + (dy + 1)]`: how many cells `ray` goes through
    /// from `cell` along the unit step `(dx, dy)` (at most 63 on the largest grid).
    reach: Vec<u8>,
    /// Per grid position, its `(x, y)` (what `xy` answers, without dividing by the
    /// width: a division takes tens of cycles, and line moves ask for a few a move).
    coords: Vec<(u8, u8)>,
}

/// The most words of a board's bit sets for which it keeps its rays as bit sets
/// (`Board::rays`): 256 grid positions, a table of 64 KB at most.
pub const RAY_WORDS: usize = 4;

/// Every cell's rays, one per straight-line direction (in the order of
/// `Board::directions`): the cells from the cell (not included) along the direction
/// to the board's end, as bit words like `Board::on_words`, with their number. For
/// bit-set code that finds the first cell of a ray in a set with a bit scan instead of
/// walking the ray.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rays {
    words: usize,
    dirs: usize,
    /// Per cell and direction (`cell * dirs + dir`), `words` words.
    cells: Vec<u64>,
    /// Per cell and direction, the ray's number of cells (`Board::reach`).
    reach: Vec<u8>,
    /// Per direction, how a cell's id changes along it.
    by: Vec<i32>,
    /// Per cell, the cells of all its rays together.
    all: Vec<u16>,
    /// Per cell, the moves along its rays (`all` of them, from `first`): each its
    /// direction (the high byte) and the cell it reaches (the low byte: a board with
    /// rays has at most 256 positions), by direction and then distance. Two bytes a
    /// move, so that the table (~7.5 KB at Windborne's side 7) leaves room in the
    /// first-level cache for the rest of a playout.
    moves: Vec<u16>,
    first: Vec<u16>,
}

impl Rays {
    /// The ray of `cell` along the `dir`-th direction: its cells' words and number.
    #[inline(always)]
    pub fn of(&self, cell: Cell, dir: usize) -> (&[u64], u32) {
        let at = cell as usize * self.dirs + dir;
        (
            &self.cells[at * self.words..(at + 1) * self.words],
            u32::from(self.reach[at]),
        )
    }

    /// The number of cells of the ray of `cell` along the `dir`-th direction.
    #[inline(always)]
    pub fn reach(&self, cell: Cell, dir: usize) -> u32 {
        u32::from(self.reach[cell as usize * self.dirs + dir])
    }

    /// How a cell's id changes along the `dir`-th direction (a ray's first cell is
    /// its lowest where this is positive).
    #[inline(always)]
    pub fn by(&self, dir: usize) -> i32 {
        self.by[dir]
    }

    /// The number of directions.
    #[inline(always)]
    pub fn dirs(&self) -> usize {
        self.dirs
    }

    /// The number of cells of all the rays of `cell` together: the (direction,
    /// distance) pairs of a move from it that stays on the board.
    #[inline(always)]
    pub fn all(&self, cell: Cell) -> u32 {
        u32::from(self.all[cell as usize])
    }

    /// The rays' words, `W` to a ray, indexed `cell * dirs + dir` (`W` must be the
    /// board's number of words): one bounds test a ray where slicing by a run-time
    /// width took two and a multiplication.
    #[inline(always)]
    pub fn words<const W: usize>(&self) -> &[[u64; W]] {
        assert_eq!(W, self.words, "the board's words");
        self.cells.as_chunks::<W>().0
    }

    /// The `x`-th of those pairs (below `all(cell)`), by direction and then distance:
    /// its direction and the cell it reaches. One read, where counting along the
    /// directions took a branch per direction on where a random `x` falls.
    #[inline(always)]
    pub fn nth_move(&self, cell: Cell, x: u32) -> (usize, Cell) {
        let m = self.moves[usize::from(self.first[cell as usize]) + x as usize];
        (usize::from(m >> 8), m & 0xff)
    }
}

/// The cells along a direction from a cell: see [`Board::ray`].
#[derive(Clone)]
pub struct Ray<'a> {
    steps: &'a [Cell],
    at: Cell,
    /// The direction's column of the step table.
    column: usize,
}

impl Iterator for Ray<'_> {
    type Item = Cell;

    #[inline(always)]
    fn next(&mut self) -> Option<Cell> {
        let to = self.steps[self.at as usize * 9 + self.column];
        if to == NO_CELL {
            return None;
        }
        self.at = to;
        Some(to)
    }
}

/// Marks "no cell" in the step table.
const NO_CELL: Cell = Cell::MAX;

const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];
/// The six hex directions, in circular order.
const HEX: [(i32, i32); 6] = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)];
/// The eight directions around a square point, in circular order.
const AROUND_SQUARE: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// Whether a shape's cells are hexagons (six neighbours each).
pub fn is_hex_shape(shape: BoardShape) -> bool {
    matches!(
        shape,
        BoardShape::Hexagon | BoardShape::Rhombus | BoardShape::Triangle
    )
}

/// The grid's dimensions for a shape with the given size numbers.
pub fn grid_size(shape: BoardShape, dims: &[i64]) -> (i64, i64) {
    match shape {
        BoardShape::Square | BoardShape::Triangle => (dims[0], dims[0]),
        BoardShape::Rectangle | BoardShape::Rhombus => (dims[0], dims[1]),
        BoardShape::Hexagon => (2 * dims[0] - 1, 2 * dims[0] - 1),
    }
}

/// The names of a shape's edges, in region-bit order.
pub fn edge_names(shape: BoardShape) -> &'static [&'static str] {
    match shape {
        BoardShape::Square | BoardShape::Rectangle | BoardShape::Rhombus => {
            &["top", "bottom", "left", "right"]
        }
        BoardShape::Hexagon => &[
            "top",
            "bottom",
            "upper-left",
            "lower-left",
            "upper-right",
            "lower-right",
        ],
        BoardShape::Triangle => &["left", "right", "bottom"],
    }
}

/// A shape's corners: each name with the two edges that meet there, in region-bit order
/// (after the edges).
pub fn corners(shape: BoardShape) -> &'static [(&'static str, &'static str, &'static str)] {
    match shape {
        BoardShape::Square | BoardShape::Rectangle | BoardShape::Rhombus => &[
            ("top-left", "top", "left"),
            ("top-right", "top", "right"),
            ("bottom-left", "bottom", "left"),
            ("bottom-right", "bottom", "right"),
        ],
        BoardShape::Hexagon => &[
            ("top-left", "top", "upper-left"),
            ("top-right", "top", "upper-right"),
            ("left", "upper-left", "lower-left"),
            ("right", "upper-right", "lower-right"),
            ("bottom-left", "bottom", "lower-left"),
            ("bottom-right", "bottom", "lower-right"),
        ],
        BoardShape::Triangle => &[
            ("top", "left", "right"),
            ("bottom-left", "left", "bottom"),
            ("bottom-right", "right", "bottom"),
        ],
    }
}

/// The name of the side of an edge: the edge without its corners.
///
/// ```
/// assert_eq!(weft::rules::board::side_name("upper-left"), "upper-left-side");
/// ```
pub fn side_name(edge: &str) -> String {
    format!("{edge}-side")
}

/// The pairs of opposite edges of a shape (none on a triangle).
pub fn opposite_edges(shape: BoardShape) -> &'static [(&'static str, &'static str)] {
    match shape {
        BoardShape::Square | BoardShape::Rectangle | BoardShape::Rhombus => {
            &[("top", "bottom"), ("left", "right")]
        }
        BoardShape::Hexagon => &[
            ("top", "bottom"),
            ("upper-left", "lower-right"),
            ("lower-left", "upper-right"),
        ],
        BoardShape::Triangle => &[],
    }
}

/// The names of a shape's built-in regions in bit order: its edges, its corners, its
/// sides.
pub fn builtin_regions(shape: BoardShape) -> Vec<String> {
    edge_names(shape)
        .iter()
        .map(|s| s.to_string())
        .chain(corners(shape).iter().map(|c| c.0.to_string()))
        .chain(edge_names(shape).iter().map(|e| side_name(e)))
        .collect()
}

/// The regions a collective name stands for (`edges`, `corners`, `sides`), if it is one.
pub fn collective(shape: BoardShape, name: &str) -> Option<Vec<String>> {
    match name {
        "edges" => Some(edge_names(shape).iter().map(|s| s.to_string()).collect()),
        "corners" => Some(corners(shape).iter().map(|c| c.0.to_string()).collect()),
        "sides" => Some(edge_names(shape).iter().map(|e| side_name(e)).collect()),
        _ => None,
    }
}

impl Board {
    /// A square board of `n x n` points with its four edges (`top`, `bottom`, `left`,
    /// `right`); a corner is on two edges.
    pub fn square(n: usize) -> Board {
        Board::build(BoardShape::Square, n, n, &[])
    }

    /// A board of the given shape. `dims` are the shape's numbers (side, or width and
    /// height); `blocked` lists grid positions taken off the board.
    pub fn new(shape: BoardShape, dims: &[usize], blocked: &[(i32, i32)]) -> Board {
        let (w, h) = grid_size(shape, &dims.iter().map(|&d| d as i64).collect::<Vec<_>>());
        Board::build(shape, w as usize, h as usize, blocked)
    }

    fn build(shape: BoardShape, w: usize, h: usize, blocked: &[(i32, i32)]) -> Board {
        let hex = is_hex_shape(shape);
        let s = (w as i32 + 1) / 2; // the hexagon's side
        let mut on = vec![true; w * h];
        for y in 0..h as i32 {
            for x in 0..w as i32 {
                let inside = match shape {
                    BoardShape::Hexagon => {
                        let (q, r) = (x - (s - 1), y - (s - 1));
                        q.abs().max(r.abs()).max((q + r).abs()) < s
                    }
                    BoardShape::Triangle => x + y < w as i32,
                    _ => true,
                };
                on[y as usize * w + x as usize] = inside && !blocked.contains(&(x, y));
            }
        }
        let full = on.iter().all(|&b| b);
        let (orth, diag, all): (Vec<_>, Vec<_>, Vec<_>) = if hex {
            (HEX.to_vec(), Vec::new(), HEX.to_vec())
        } else {
            (
                ORTHOGONAL.to_vec(),
                DIAGONAL.to_vec(),
                ORTHOGONAL.iter().chain(DIAGONAL.iter()).copied().collect(),
            )
        };
        let mut b = Board {
            shape,
            width: w,
            height: h,
            cell_ids: (0..w * h).filter(|&c| on[c]).map(|c| c as Cell).collect(),
            on,
            full,
            blocked: blocked
                .iter()
                .filter(|&&(x, y)| x >= 0 && y >= 0 && (x as usize) < w && (y as usize) < h)
                .map(|&(x, y)| (y as usize * w + x as usize) as Cell)
                .collect(),
            neighbours: Default::default(),
            directions: all.clone(),
            around: if hex {
                HEX.to_vec()
            } else {
                AROUND_SQUARE.to_vec()
            },
            region_names: builtin_regions(shape),
            regions_of: vec![0; w * h],
            steps: Vec::new(),
            reach: Vec::new(),
            coords: (0..w * h)
                .map(|c| {
                    let at = |v: usize| u8::try_from(v).expect("a grid of at most MAX_SIDE");
                    (at(c % w), at(c / w))
                })
                .collect(),
            exterior: Vec::new(),
            on_words: Vec::new(),
            region_words: Vec::new(),
            column_ends: Vec::new(),
            offsets: [[0; 3]; 3],
            line_by: all.iter().map(|&(dx, dy)| dy * w as i32 + dx).collect(),
            line_sources: Vec::new(),
            rays: None,
        };
        b.steps = (0..w * h)
            .flat_map(|c| {
                let (x, y) = b.xy(c as Cell);
                let b = &b;
                (-1..=1).flat_map(move |dx| {
                    (-1..=1).map(move |dy| b.cell_at(x + dx, y + dy).unwrap_or(NO_CELL))
                })
            })
            .collect();
        // A ray's length is one more than its next cell's: each direction's cells are
        // taken so that the next cell (further along, so a larger or smaller id) comes
        // first.
        b.reach = vec![0; w * h * 9];
        for column in (0..9).filter(|&k| k != 4) {
            let (dx, dy) = (column as i64 / 3 - 1, column as i64 % 3 - 1);
            let up = dy * w as i64 + dx > 0;
            for i in 0..w * h {
                let c = if up { w * h - 1 - i } else { i };
                let next = b.steps[c * 9 + column];
                if next != NO_CELL {
                    b.reach[c * 9 + column] = b.reach[usize::from(next) * 9 + column] + 1;
                }
            }
        }
        // Which neighbours are next to each other: for the natural adjacency, the one
        // separations (and their kept regions) use.
        let natural = b.natural_adjacency();
        b.neighbours = [
            b.table(&orth, natural == Adjacency::Orthogonal),
            b.table(&diag, natural == Adjacency::Diagonal),
            b.table(&all, natural == Adjacency::All),
        ];
        for adjacency in [Adjacency::Orthogonal, Adjacency::Diagonal, Adjacency::All] {
            let mut offsets = [0u8; 3];
            for c in b.cells() {
                let (x, y) = b.xy(c);
                for &m in b.neighbours(adjacency).of(c) {
                    let (a, z) = b.xy(m);
                    offsets[(z - y + 1) as usize] |= 1 << (a - x + 1);
                }
            }
            b.offsets[adjacency as usize] = offsets;
        }
        let words = |keep: &dyn Fn(usize) -> bool| {
            let mut v = vec![0u64; (w * h).div_ceil(64)];
            for c in (0..w * h).filter(|&c| keep(c)) {
                v[c / 64] |= 1 << (c % 64);
            }
            v
        };
        b.on_words = words(&|c| b.on[c]);
        b.column_ends = [words(&|c| c % w != 0), words(&|c| c % w != w - 1)].concat();
        b.line_sources = (0..b.directions.len())
            .flat_map(|dir| {
                let (dx, dy) = b.directions[dir];
                [(dx, dy), (-dx, -dy)].map(|(dx, dy)| {
                    let column = ((dx + 1) * 3 + dy + 1) as usize;
                    words(&|c| b.on[c] && b.steps[c * 9 + column] != NO_CELL)
                })
            })
            .flatten()
            .collect();
        b.mark_regions();
        b.mark_exterior();
        b.make_region_words();
        b.make_rays();
        b
    }

    /// Makes `rays` (for boards of at most `RAY_WORDS` words).
    fn make_rays(&mut self) {
        let words = self.on_words.len();
        if words > RAY_WORDS {
            return;
        }
        let dirs = self.directions.len();
        let mut rays = Rays {
            words,
            dirs,
            cells: vec![0; self.len() * dirs * words],
            reach: vec![0; self.len() * dirs],
            by: self.line_by.clone(),
            all: vec![0; self.len()],
            moves: Vec::new(),
            first: vec![0; self.len()],
        };
        for c in self.cells() {
            rays.first[c as usize] =
                u16::try_from(rays.moves.len()).expect("at most 256 cells of 8 rays of 15");
            for (i, &d) in self.directions.iter().enumerate() {
                let at = c as usize * dirs + i;
                let reach = self.reach(c, d);
                rays.reach[at] = reach as u8;
                rays.all[c as usize] += reach as u16;
                for m in self.ray(c, d) {
                    rays.cells[at * words + m as usize / 64] |= 1 << (m % 64);
                    debug_assert!(m < 256 && i < 256, "a cell and a direction a byte each");
                    rays.moves.push((i as u16) << 8 | m);
                }
            }
        }
        self.rays = Some(rays);
    }

    /// The rays of every cell as bit sets (see [`Rays`]), on boards of at most
    /// `RAY_WORDS` words.
    #[inline(always)]
    pub fn rays(&self) -> Option<&Rays> {
        self.rays.as_ref()
    }

    /// Makes `region_words` from each cell's region bits.
    fn make_region_words(&mut self) {
        let words = self.on_words.len();
        self.region_words = vec![0; self.region_names.len() * words];
        for (c, &bits) in self.regions_of.iter().enumerate() {
            for r in (0..self.region_names.len()).filter(|&r| bits >> r & 1 == 1) {
                self.region_words[r * words + c / 64] |= 1 << (c % 64);
            }
        }
    }

    /// Sets each cell's region bits: the edges by the shape's geometry, then the corners
    /// (where their two edges meet), then the sides (edges less corners).
    fn mark_regions(&mut self) {
        let (w, h) = (self.width, self.height);
        let (wi, hi) = (w as i32 - 1, h as i32 - 1);
        let s = (w as i32 + 1) / 2;
        let shape = self.shape;
        let edges = edge_names(shape).len();
        let corner_list = corners(shape);
        let edge_bit = |name: &str| {
            edge_names(shape)
                .iter()
                .position(|e| *e == name)
                .expect("an edge")
        };
        for c in 0..w * h {
            if !self.on[c] {
                continue;
            }
            let (x, y) = ((c % w) as i32, (c / w) as i32);
            let on_edge: &[bool] = match shape {
                BoardShape::Hexagon => &[
                    y == hi,
                    y == 0,
                    x == 0,
                    x + y == s - 1,
                    x + y == 3 * (s - 1),
                    x == wi,
                ],
                BoardShape::Triangle => &[x == 0, x + y == wi, y == 0],
                _ => &[y == hi, y == 0, x == 0, x == wi],
            };
            let mut bits = on_edge
                .iter()
                .enumerate()
                .filter(|(_, &on)| on)
                .fold(0u32, |m, (i, _)| m | 1 << i);
            let mut corner = false;
            for (k, (_, e1, e2)) in corner_list.iter().enumerate() {
                if bits >> edge_bit(e1) & 1 == 1 && bits >> edge_bit(e2) & 1 == 1 {
                    bits |= 1 << (edges + k);
                    corner = true;
                }
            }
            if !corner {
                let sides = edges + corner_list.len();
                for e in 0..edges {
                    if bits >> e & 1 == 1 {
                        bits |= 1 << (sides + e);
                    }
                }
            }
            self.regions_of[c] = bits;
        }
    }

    /// Marks the grid positions off the board that are outside it (reached from beyond
    /// the grid through positions that are not cells), as opposed to holes: blocked
    /// cells that the board surrounds.
    fn mark_exterior(&mut self) {
        let n = self.len();
        let mut ext = vec![false; n];
        let mut stack: Vec<usize> = (0..n)
            .filter(|&c| {
                let (x, y) = self.xy(c as Cell);
                !self.on[c]
                    && self
                        .around
                        .iter()
                        .any(|(dx, dy)| !self.in_grid(x + dx, y + dy))
            })
            .collect();
        for &c in &stack {
            ext[c] = true;
        }
        while let Some(c) = stack.pop() {
            let (x, y) = self.xy(c as Cell);
            for (dx, dy) in &self.around {
                let (a, b) = (x + dx, y + dy);
                if self.in_grid(a, b) {
                    let m = b as usize * self.width + a as usize;
                    if !self.on[m] && !ext[m] {
                        ext[m] = true;
                        stack.push(m);
                    }
                }
            }
        }
        self.exterior = ext;
    }

    /// Whether `(x, y)` lies inside the grid (on the board or not).
    #[inline]
    fn in_grid(&self, x: i32, y: i32) -> bool {
        x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height
    }

    /// Whether a position one step from `cell` in direction `d` is outside the board:
    /// beyond the grid, or off the board and joined to beyond it (not a hole).
    #[inline]
    pub fn outside(&self, cell: Cell, (dx, dy): (i32, i32)) -> bool {
        let (x, y) = self.xy(cell);
        let (a, b) = (x + dx, y + dy);
        !self.in_grid(a, b) || self.exterior[b as usize * self.width + a as usize]
    }

    /// The directions to a cell's surrounding positions, in circular order: the six of a
    /// hex cell, the eight of a square point.
    pub fn around(&self) -> &[(i32, i32)] {
        &self.around
    }

    fn table(&self, dirs: &[(i32, i32)], with_near: bool) -> Neighbours {
        assert!(dirs.len() <= MAX_NEIGHBOURS, "a grid's directions");
        let around = |c: usize| {
            let (x, y) = self.xy(c as Cell);
            dirs.iter()
                .filter(move |_| self.on[c])
                .filter_map(move |(dx, dy)| self.cell_at(x + dx, y + dy))
        };
        let count: Vec<u8> = (0..self.len()).map(|c| around(c).count() as u8).collect();
        let stride = match count.iter().max().copied().unwrap_or(0) {
            0..=4 => 4,
            5..=6 => 6,
            _ => 8,
        };
        let mut slots = Vec::with_capacity(self.len() * stride);
        for (c, &k) in count.iter().enumerate() {
            slots.extend(around(c));
            slots.extend(std::iter::repeat_n(c as Cell, stride - usize::from(k)));
        }
        let mut t = Neighbours {
            slots,
            count,
            stride,
            near: vec![0; self.len() * MAX_NEIGHBOURS],
            shape: Vec::new(),
            classes: Vec::new(),
            windows: Vec::new(),
        };
        t.windows = (0..self.len())
            .map(|c| {
                let (lo, hi) = around(c).fold((Cell::MAX, 0), |(l, h), n| (l.min(n), h.max(n)));
                match hi.checked_sub(lo) {
                    None => Some(Window::default()),
                    Some(span) if span < 64 => Some(Window {
                        mask: around(c).fold(0, |m, n| m | 1 << (n - lo)),
                        base: lo,
                    }),
                    Some(_) => None,
                }
            })
            .collect::<Option<Vec<_>>>()
            .unwrap_or_default();
        // Two neighbours are next to each other when their offsets differ by one of
        // the directions (the grid is the same everywhere; both are cells).
        let mut unit = [0u8; 3];
        for &(dx, dy) in dirs {
            unit[(dy + 1) as usize] |= 1 << (dx + 1);
        }
        let is_dir = |dx: i32, dy: i32| {
            dx.abs() <= 1 && dy.abs() <= 1 && unit[(dy + 1) as usize] >> (dx + 1) & 1 == 1
        };
        let mut near = vec![0u8; self.len() * MAX_NEIGHBOURS];
        for c in (0..self.len()).filter(|_| with_near) {
            let (x, y) = self.xy(c as Cell);
            let mut offsets = [(0, 0); MAX_NEIGHBOURS];
            let mut k = 0;
            for &(dx, dy) in dirs.iter().filter(|_| self.on[c]) {
                if self.cell_at(x + dx, y + dy).is_some() {
                    offsets[k] = (dx, dy);
                    k += 1;
                }
            }
            for i in 0..k {
                near[c * MAX_NEIGHBOURS + i] = (0..k)
                    .filter(|&j| is_dir(offsets[j].0 - offsets[i].0, offsets[j].1 - offsets[i].1))
                    .fold(0u8, |m, j| m | 1 << j);
            }
        }
        // The distinct rows of masks, and each row's first class of every set of slots.
        let mut rows: Vec<&[u8]> = Vec::new();
        let mut shape = Vec::with_capacity(self.len());
        for row in near.chunks(MAX_NEIGHBOURS) {
            let i = rows.iter().position(|&r| r == row).unwrap_or_else(|| {
                rows.push(row);
                rows.len() - 1
            });
            shape.push(i as u16);
        }
        let mut classes = Vec::with_capacity(rows.len() << stride);
        for row in &rows {
            classes.extend((0..1u32 << stride).map(|open| {
                let mut class = open & open.wrapping_neg();
                loop {
                    let grown = (0..MAX_NEIGHBOURS)
                        .filter(|&j| class >> j & 1 == 1)
                        .fold(class, |g, j| g | u32::from(row[j]))
                        & open;
                    if grown == class {
                        return class as u8;
                    }
                    class = grown;
                }
            }));
        }
        t.near = near;
        t.shape = shape;
        t.classes = classes;
        t
    }

    /// The board in a few words: `9x9`, `8x8` (rectangles too), `hexagon of side 4`,
    /// `11x11 rhombus`; with `, N blocked` when squares are blocked.
    pub fn describe(&self) -> String {
        let mut s = match self.shape {
            BoardShape::Hexagon => format!("hexagon of side {}", self.width.div_ceil(2)),
            BoardShape::Rhombus => format!("{}x{} rhombus", self.width, self.height),
            BoardShape::Triangle => format!("triangle of side {}", self.width),
            _ => format!("{}x{}", self.width, self.height),
        };
        let natural = match self.shape {
            BoardShape::Hexagon => {
                let n = self.width.div_ceil(2);
                3 * n * n - 3 * n + 1
            }
            BoardShape::Triangle => self.width * (self.width + 1) / 2,
            _ => self.len(),
        };
        if self.cell_count() < natural {
            s.push_str(&format!(", {} blocked", natural - self.cell_count()));
        }
        s
    }

    /// Whether this is a hex board (six neighbours per cell).
    pub fn is_hex(&self) -> bool {
        is_hex_shape(self.shape)
    }

    /// The adjacency that links groups when a rule does not say: all six neighbours on
    /// hex boards, the four orthogonal ones on square grids.
    pub fn natural_adjacency(&self) -> Adjacency {
        if self.is_hex() {
            Adjacency::All
        } else {
            Adjacency::Orthogonal
        }
    }

    /// The number of grid positions (cell ids run below this; some may be off the board).
    pub fn len(&self) -> usize {
        self.width * self.height
    }

    /// Whether the board has no cells (never true for a compiled board).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether every grid position is a cell.
    pub fn is_full(&self) -> bool {
        self.full
    }

    /// The number of cells on the board.
    pub fn cell_count(&self) -> usize {
        self.cell_ids.len()
    }

    /// The grid positions (as ids) that a `blocked` statement took off the board; the
    /// positions outside the board's shape (a hexagon's corners) are not among them.
    pub fn blocked(&self) -> &[Cell] {
        &self.blocked
    }

    /// Every cell id on the board, bottom row first.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        self.cell_ids.iter().copied()
    }

    /// Every cell id on the board, as `cells` gives them, in a slice (for a uniform
    /// draw of a cell).
    pub fn cell_ids(&self) -> &[Cell] {
        &self.cell_ids
    }

    /// Whether a cell id is a cell of the board.
    #[inline]
    pub fn contains(&self, cell: Cell) -> bool {
        self.on.get(cell as usize).copied().unwrap_or(false)
    }

    /// Whether grid position `(x, y)` is a cell of the board.
    #[inline]
    pub fn on_board(&self, x: i32, y: i32) -> bool {
        x >= 0
            && y >= 0
            && (x as usize) < self.width
            && (y as usize) < self.height
            && self.on[y as usize * self.width + x as usize]
    }

    /// The cell at `(x, y)`, if on the board.
    #[inline]
    pub fn cell_at(&self, x: i32, y: i32) -> Option<Cell> {
        self.on_board(x, y)
            .then(|| (y as usize * self.width + x as usize) as Cell)
    }

    /// The `(x, y)` of a cell.
    #[inline]
    pub fn xy(&self, cell: Cell) -> (i32, i32) {
        let (x, y) = self.coords[cell as usize];
        (i32::from(x), i32::from(y))
    }

    /// The cell one step from `cell` in direction `(dx, dy)`, if on the board.
    #[inline]
    pub fn step(&self, cell: Cell, (dx, dy): (i32, i32)) -> Option<Cell> {
        if dx.abs() <= 1 && dy.abs() <= 1 {
            let to = self.steps[cell as usize * 9 + ((dx + 1) * 3 + dy + 1) as usize];
            return (to != NO_CELL).then_some(to);
        }
        let (x, y) = self.xy(cell);
        self.cell_at(x + dx, y + dy)
    }

    /// The cells of the board as bit words: bit `c % 64` of word `c / 64` for cell `c`.
    pub fn on_words(&self) -> &[u64] {
        &self.on_words
    }

    /// The cells from `cell` (not included) along the unit direction `(dx, dy)` (each
    /// of the straight-line directions is one) to the board's end, one table read per
    /// cell.
    #[inline]
    pub fn ray(&self, cell: Cell, (dx, dy): (i32, i32)) -> Ray<'_> {
        assert!(dx.abs() <= 1 && dy.abs() <= 1, "a unit direction");
        Ray {
            steps: &self.steps,
            at: cell,
            column: ((dx + 1) * 3 + dy + 1) as usize,
        }
    }

    /// How many cells [`ray`](Self::ray) goes through from `cell` along the unit
    /// direction `(dx, dy)`: the farthest a straight move may go, looked up.
    #[inline]
    pub fn reach(&self, cell: Cell, (dx, dy): (i32, i32)) -> u32 {
        u32::from(self.reach[cell as usize * 9 + ((dx + 1) * 3 + dy + 1) as usize])
    }

    /// [`reach`](Self::reach) along the unit direction whose column of the step
    /// table is `column` (`(dx + 1) * 3 + dy + 1`): for loops over many cells in one
    /// direction, which work the column out once.
    #[inline(always)]
    pub fn reach_in_column(&self, cell: Cell, column: usize) -> u32 {
        u32::from(self.reach[cell as usize * 9 + column])
    }

    /// The straight-line directions: 8 on square grids, 6 on hex grids.
    pub fn directions(&self) -> &[(i32, i32)] {
        &self.directions
    }

    /// Per straight-line direction, in the order of `directions`: how a cell's id
    /// changes along it (`dy * width + dx`), the cells whose step along it lands on the
    /// board and those whose step back does (each as bit words like `on_words`). For
    /// bit-set code that walks every direction at each move: no lookups per direction.
    #[inline]
    pub fn line_steps(&self) -> impl Iterator<Item = (i32, &[u64], &[u64])> + '_ {
        let words = self.on_words.len();
        self.line_by
            .iter()
            .zip(self.line_sources.chunks_exact(2 * words))
            .map(move |(&by, both)| {
                let (forth, back) = both.split_at(words);
                (by, forth, back)
            })
    }

    /// The neighbour lists of an adjacency.
    pub fn neighbours(&self, adjacency: Adjacency) -> &Neighbours {
        &self.neighbours[adjacency as usize]
    }

    /// The names of the regions, by bit position.
    pub fn region_names(&self) -> &[String] {
        &self.region_names
    }

    /// The names of the regions in a mask (bit `r` for region `r`), in bit order.
    pub fn names_of(&self, mask: u32) -> Vec<&str> {
        self.region_names
            .iter()
            .enumerate()
            .filter(|(r, _)| mask >> r & 1 == 1)
            .map(|(_, n)| n.as_str())
            .collect()
    }

    /// Adds a named region made of the given cells (its bit is the next free one).
    pub(crate) fn add_region(&mut self, name: &str, cells: &[Cell]) {
        let bit = self.region_names.len();
        self.region_names.push(name.to_string());
        for &c in cells {
            self.regions_of[c as usize] |= 1 << bit;
        }
        self.make_region_words();
    }

    /// The cells of the region with bit `bit`, as bit words like `on_words` (none for
    /// a bit no region has).
    pub fn region_words(&self, bit: u32) -> &[u64] {
        let words = self.on_words.len();
        self.region_words
            .get(bit as usize * words..(bit as usize + 1) * words)
            .unwrap_or(&[])
    }

    /// The grid positions not in the grid's first column and those not in its last,
    /// as bit words like `on_words`: what a set shifted a column left or right keeps.
    pub fn column_ends(&self) -> (&[u64], &[u64]) {
        self.column_ends.split_at(self.on_words.len())
    }

    /// The offsets `(dx, dy)` from a cell to its neighbours under `adjacency` (each
    /// -1 to 1), over the whole board: bit `dx + 1` of entry `dy + 1`.
    pub fn offsets(&self, adjacency: Adjacency) -> [u8; 3] {
        self.offsets[adjacency as usize]
    }

    /// The cells lying in some region of `mask` (a bit per region), as bit words like
    /// `on_words`, OR-ed into `out` (as many words).
    pub fn add_regions_to(&self, mask: u32, out: &mut [u64]) {
        let words = self.on_words.len();
        for (r, region) in self.region_words.chunks_exact(words).enumerate() {
            if mask >> r & 1 == 1 {
                for (o, &w) in out.iter_mut().zip(region) {
                    *o |= w;
                }
            }
        }
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

    /// Every cell's set of regions, by cell id (for scans of a whole layer).
    #[inline]
    pub fn region_sets(&self) -> &[u32] {
        &self.regions_of
    }

    /// A cell's name: column letters from `a`, then the row number from 1 at the bottom.
    /// On hex boards the columns are the grid's `x` (they run up and to the right).
    ///
    /// ```
    /// let b = weft::rules::board::Board::square(9);
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
    /// let b = weft::rules::board::Board::square(9);
    /// assert_eq!(b.parse_cell("c2"), Some(11));
    /// assert_eq!(b.parse_cell("j1"), None); // off a 9x9 board
    /// ```
    pub fn parse_cell(&self, text: &str) -> Option<Cell> {
        let (x, y) = parse_coordinates(text)?;
        self.cell_at(x, y)
    }

    /// Where a cell is drawn: `(column, row)` in character cells, row 0 at the top. Square
    /// grids put a cell every 2 columns; hex grids shift each row by one column, so the
    /// six neighbours of a cell sit around it.
    pub fn screen(&self, cell: Cell) -> (usize, usize) {
        let (x, y) = self.xy(cell);
        let row = self.height - 1 - y as usize;
        if self.is_hex() {
            let min = self.hex_min_screen();
            ((2 * x + y - min) as usize, row)
        } else {
            (2 * x as usize, row)
        }
    }

    fn hex_min_screen(&self) -> i32 {
        self.cells()
            .map(|c| {
                let (x, y) = self.xy(c);
                2 * x + y
            })
            .min()
            .unwrap_or(0)
    }

    /// The board's symmetries as maps of cells: the identity first. Every map sends
    /// each cell to a cell and neighbours to neighbours; blocked squares are respected
    /// (a map that sends a cell off the board is left out).
    pub fn symmetries(&self) -> Vec<Vec<Cell>> {
        let transforms: Vec<GridMap> = if self.is_hex() {
            // Cube coordinates around the centre of a hexagon: six rotations, each also
            // mirrored. A rhombus keeps only those that map it onto itself.
            let (cx, cy) = match self.shape {
                BoardShape::Hexagon => {
                    let s = (self.width as i32 - 1) / 2;
                    (s, s)
                }
                _ => (0, 0),
            };
            let (w, h) = (self.width as i32 - 1, self.height as i32 - 1);
            let rhombus = self.shape == BoardShape::Rhombus;
            let mut v: Vec<GridMap> = Vec::new();
            if self.shape == BoardShape::Triangle {
                // Barycentric coordinates (x, y, z = side - 1 - x - y): the six
                // permutations are the triangle's three turns and three reflections.
                let n = w;
                for perm in [
                    [0, 1, 2],
                    [1, 2, 0],
                    [2, 0, 1],
                    [1, 0, 2],
                    [0, 2, 1],
                    [2, 1, 0],
                ] {
                    v.push(Box::new(move |x, y| {
                        let c = [x, y, n - x - y];
                        (c[perm[0]], c[perm[1]])
                    }));
                }
                return self.maps_of(v);
            }
            for k in 0..6 {
                for mirror in [false, true] {
                    v.push(Box::new(move |x, y| {
                        if rhombus {
                            // The rhombus's own symmetries: identity, the half turn, and
                            // the two diagonal reflections (when square).
                            return match (k, mirror) {
                                (0, false) => (x, y),
                                (3, false) => (w - x, h - y),
                                (0, true) => (y, x),
                                (3, true) => (h - y, w - x),
                                _ => (-1, -1),
                            };
                        }
                        let (mut q, mut r) = (x - cx, y - cy);
                        if mirror {
                            std::mem::swap(&mut q, &mut r);
                        }
                        for _ in 0..k {
                            // A 60 degree turn: (q, r) -> (-r, q + r).
                            let t = q;
                            q = -r;
                            r += t;
                        }
                        (q + cx, r + cy)
                    }));
                }
            }
            v
        } else {
            let (w, h) = (self.width as i32 - 1, self.height as i32 - 1);
            let square = self.width == self.height;
            let mut v: Vec<GridMap> = vec![
                Box::new(|x, y| (x, y)),
                Box::new(move |x, y| (w - x, h - y)),
                Box::new(move |x, y| (w - x, y)),
                Box::new(move |x, y| (x, h - y)),
            ];
            if square {
                v.push(Box::new(move |x, y| (h - y, x)));
                v.push(Box::new(move |x, y| (y, w - x)));
                v.push(Box::new(|x, y| (y, x)));
                v.push(Box::new(move |x, y| (h - y, w - x)));
            }
            v
        };
        self.maps_of(transforms)
    }

    /// The candidate maps that send every cell to a cell, as cell maps, without
    /// duplicates (the identity first when it is first).
    fn maps_of(&self, transforms: Vec<GridMap>) -> Vec<Vec<Cell>> {
        let mut out: Vec<Vec<Cell>> = Vec::new();
        for f in transforms {
            let map: Option<Vec<Cell>> = (0..self.len())
                .map(|c| {
                    if !self.on[c] {
                        return Some(c as Cell);
                    }
                    let (x, y) = self.xy(c as Cell);
                    let (a, b) = f(x, y);
                    self.cell_at(a, b)
                })
                .collect();
            if let Some(m) = map {
                if !out.contains(&m) {
                    out.push(m);
                }
            }
        }
        out
    }

    /// The tables behind [`Board::contains`] and [`Board::regions_of`], one entry per
    /// grid position: whether it is a cell, and its region bits (0 off the board). For
    /// code that keeps its own bit sets of a board and must tell boards apart by what
    /// they hold (the separation test caches its masks per board).
    pub fn grid_tables(&self) -> (&[bool], &[u32]) {
        (&self.on, &self.regions_of)
    }
}

/// A map of grid positions (a candidate symmetry).
type GridMap = Box<dyn Fn(i32, i32) -> (i32, i32)>;

/// Reads `c4` as grid coordinates `(2, 3)`; no board check.
pub fn parse_coordinates(text: &str) -> Option<(i32, i32)> {
    let split = text.find(|c: char| c.is_ascii_digit())?;
    let (letters, digits) = text.split_at(split);
    if letters.is_empty() || !letters.chars().all(|c| c.is_ascii_alphabetic()) {
        return None;
    }
    if !digits.chars().all(|c| c.is_ascii_digit()) || digits.starts_with('0') || digits.len() > 4 {
        return None;
    }
    let mut x: usize = 0;
    for c in letters.chars() {
        let v = (c.to_ascii_lowercase() as u8 - b'a') as usize + 1;
        x = x.checked_mul(26)?.checked_add(v)?;
    }
    if x > 10_000 {
        return None;
    }
    let y: i32 = digits.parse().ok()?;
    Some((x as i32 - 1, y - 1))
}

/// Column letters: `a`..`z`, then `aa`, `ab`, ...
///
/// ```
/// assert_eq!(weft::rules::board::column_name(0), "a");
/// assert_eq!(weft::rules::board::column_name(25), "z");
/// assert_eq!(weft::rules::board::column_name(26), "aa");
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

#[cfg(test)]
mod tests {
    use super::*;

    /// `xy` (read from a table) is the grid position's column and row on boards of
    /// every shape up to the largest grid, and `cell_at` finds each cell again.
    #[test]
    fn xy_is_column_and_row() {
        let boards = [
            Board::new(BoardShape::Hexagon, &[(MAX_SIDE as usize).div_ceil(2)], &[]),
            Board::new(BoardShape::Square, &[MAX_SIDE as usize], &[(3, 4)]),
            Board::new(BoardShape::Rectangle, &[MAX_SIDE as usize, 3], &[]),
            Board::new(BoardShape::Triangle, &[9], &[]),
            Board::new(BoardShape::Rhombus, &[5, 7], &[]),
        ];
        for b in &boards {
            for c in 0..b.len() {
                let (x, y) = b.xy(c as Cell);
                assert_eq!((x as usize, y as usize), (c % b.width, c / b.width));
                if b.contains(c as Cell) {
                    assert_eq!(b.cell_at(x, y), Some(c as Cell));
                }
            }
        }
    }

    /// `first_class` is, for every cell and set of its neighbour slots, the slots
    /// reached from the lowest one through slots whose cells are neighbours (found
    /// here from `of`, not from the masks the table is made from), on boards of each
    /// shape, one with blocked squares.
    #[test]
    fn first_class_is_the_slots_joined_to_the_lowest() {
        let boards = [
            Board::new(BoardShape::Square, &[5], &[(2, 2), (0, 1)]),
            Board::new(BoardShape::Hexagon, &[4], &[]),
            Board::new(BoardShape::Triangle, &[5], &[]),
            Board::new(BoardShape::Rhombus, &[3, 4], &[]),
        ];
        for b in &boards {
            let nb = b.neighbours(b.natural_adjacency());
            for c in (0..b.len() as Cell).filter(|&c| b.contains(c)) {
                let around = nb.of(c);
                for open in 0..1u32 << around.len() {
                    let mut class = open & open.wrapping_neg();
                    loop {
                        let mut grown = class;
                        for (j, &m) in around.iter().enumerate() {
                            let joined = (0..around.len())
                                .any(|i| class >> i & 1 == 1 && nb.of(around[i]).contains(&m));
                            if open >> j & 1 == 1 && joined {
                                grown |= 1 << j;
                            }
                        }
                        if grown == class {
                            break;
                        }
                        class = grown;
                    }
                    assert_eq!(nb.first_class(c, open), class, "{} cell {c}", b.describe());
                }
            }
        }
    }

    /// Boards of each shape that keep their rays: a square with a blocked square, a
    /// square of four words, hexagons (positions off the board), a triangle, a
    /// rectangle.
    fn ray_boards() -> [Board; 6] {
        [
            Board::new(BoardShape::Square, &[6], &[(2, 2)]),
            Board::new(BoardShape::Square, &[16], &[]),
            Board::new(BoardShape::Hexagon, &[5], &[]),
            Board::new(BoardShape::Hexagon, &[7], &[]),
            Board::new(BoardShape::Triangle, &[6], &[]),
            Board::new(BoardShape::Rectangle, &[9, 4], &[]),
        ]
    }

    /// `Rays::nth_move` lists, for every cell, the cells of its rays direction by
    /// direction and nearest first (`Board::ray`), `all` of them, with the direction
    /// of each; on boards of each shape with rays.
    #[test]
    fn nth_move_is_the_rays_cells_in_order() {
        for b in &ray_boards() {
            let rays = b.rays().expect("a small board keeps its rays");
            for c in b.cells() {
                let want: Vec<(usize, Cell)> = (b.directions().iter().enumerate())
                    .flat_map(|(i, &d)| b.ray(c, d).map(move |m| (i, m)))
                    .collect();
                let got: Vec<(usize, Cell)> =
                    (0..rays.all(c)).map(|x| rays.nth_move(c, x)).collect();
                assert_eq!(got, want, "{} cell {c}", b.describe());
            }
        }
    }

    /// `Rays::of` gives each cell's ray in each direction as `Board::ray` walks it (its
    /// cells as bits, and their number), and `Rays::words` the same bits, on boards of
    /// each shape with rays (one to four words), one with positions off the board and
    /// one with a blocked square.
    #[test]
    fn of_is_the_ray_as_bits_and_its_length() {
        for b in &ray_boards() {
            let rays = b.rays().expect("a small board keeps its rays");
            for c in b.cells() {
                for (i, &d) in b.directions().iter().enumerate() {
                    let (bits, reach) = rays.of(c, i);
                    let at = c as usize * b.directions().len() + i;
                    let table: &[u64] = match bits.len() {
                        1 => &rays.words::<1>()[at],
                        2 => &rays.words::<2>()[at],
                        3 => &rays.words::<3>()[at],
                        _ => &rays.words::<4>()[at],
                    };
                    assert_eq!(table, bits, "{} cell {c} direction {i}", b.describe());
                    let got: Vec<Cell> = (0..bits.len() * 64)
                        .filter(|&m| bits[m / 64] >> (m % 64) & 1 == 1)
                        .map(|m| m as Cell)
                        .collect();
                    let mut want: Vec<Cell> = b.ray(c, d).collect();
                    assert_eq!(reach as usize, want.len(), "{} cell {c}", b.describe());
                    want.sort_unstable();
                    assert_eq!(got, want, "{} cell {c} direction {i}", b.describe());
                }
            }
        }
    }

    /// `padded` holds each cell's neighbours as `of` lists them, then the cell itself
    /// in the slots left; the stride is 4, 6 or 8, at least any cell's count (a hex
    /// board has no diagonal neighbours: stride 4, every slot the cell); `of` lists
    /// the cells one step away.
    #[test]
    fn padded_neighbours_are_the_list_then_the_cell() {
        let boards = [
            (Board::new(BoardShape::Square, &[5], &[(2, 2)]), [4, 4, 8]),
            (Board::new(BoardShape::Rectangle, &[7, 1], &[]), [4, 4, 4]),
            (Board::new(BoardShape::Hexagon, &[4], &[]), [6, 4, 6]),
            (Board::new(BoardShape::Triangle, &[5], &[]), [6, 4, 6]),
            (Board::new(BoardShape::Rhombus, &[3, 4], &[]), [6, 4, 6]),
        ];
        let adjacencies = [Adjacency::Orthogonal, Adjacency::Diagonal, Adjacency::All];
        for (b, strides) in &boards {
            for (adjacency, &want) in adjacencies.into_iter().zip(strides) {
                let nb = b.neighbours(adjacency);
                assert_eq!(nb.stride(), want, "{} {adjacency:?}", b.describe());
                for c in 0..b.len() as Cell {
                    let slots = match nb.stride() {
                        4 => nb.padded::<4>(c).to_vec(),
                        6 => nb.padded::<6>(c).to_vec(),
                        _ => nb.padded::<8>(c).to_vec(),
                    };
                    let own = nb.of(c);
                    assert_eq!(&slots[..own.len()], own);
                    assert!(slots[own.len()..].iter().all(|&s| s == c));
                }
            }
            // `of` for all directions: the cells a step away that are on the board,
            // none for a position off it.
            for c in 0..b.len() as Cell {
                let (x, y) = b.xy(c);
                let want: Vec<Cell> = b
                    .directions()
                    .iter()
                    .filter(|_| b.contains(c))
                    .filter_map(|(dx, dy)| b.cell_at(x + dx, y + dy))
                    .collect();
                assert_eq!(b.neighbours(Adjacency::All).of(c), want);
            }
        }
    }

    /// A cell's window holds exactly its neighbours (none for a position off the
    /// board); a board whose cells' neighbours lie 64 ids apart or more has none.
    #[test]
    fn windows_hold_the_neighbours_where_they_fit() {
        let boards = [
            Board::new(BoardShape::Square, &[9], &[(4, 4)]),
            Board::new(BoardShape::Square, &[19], &[]),
            Board::new(BoardShape::Rectangle, &[30, 3], &[]),
            Board::new(BoardShape::Hexagon, &[7], &[]),
            Board::new(BoardShape::Triangle, &[8], &[]),
            Board::new(BoardShape::Rhombus, &[11, 11], &[]),
        ];
        let adjacencies = [Adjacency::Orthogonal, Adjacency::Diagonal, Adjacency::All];
        for b in &boards {
            for adjacency in adjacencies {
                let nb = b.neighbours(adjacency);
                let windows = nb.windows().expect("narrow boards have windows");
                assert_eq!(windows.len(), b.len());
                for c in 0..b.len() as Cell {
                    let w = windows[c as usize];
                    let held: Vec<Cell> = (0..64)
                        .filter(|i| w.mask >> i & 1 == 1)
                        .map(|i| w.base + i)
                        .collect();
                    let mut want = nb.of(c).to_vec();
                    want.sort_unstable();
                    assert_eq!(held, want, "{} {adjacency:?} cell {c}", b.describe());
                }
            }
        }
        // Rows 31 wide: a point's diagonal neighbours are 64 ids apart, its
        // orthogonal ones 62.
        let wide = Board::new(BoardShape::Rectangle, &[31, 3], &[]);
        assert!(wide.neighbours(Adjacency::All).windows().is_none());
        assert!(wide.neighbours(Adjacency::Orthogonal).windows().is_some());
    }

    #[test]
    fn a_hexagon_of_side_s_has_3s2_minus_3s_plus_1_cells_and_six_neighbours_inside() {
        for s in 2..=8usize {
            let b = Board::new(BoardShape::Hexagon, &[s], &[]);
            assert_eq!(b.cell_count(), 3 * s * s - 3 * s + 1);
            let centre = b.cell_at(s as i32 - 1, s as i32 - 1).unwrap();
            assert_eq!(b.neighbours(Adjacency::All).of(centre).len(), 6);
            // Each edge has s cells; the six corners are on two edges each and are
            // one cell each; a side is its edge less the two corners.
            let count = |name: &str| {
                let bit = b.region_index(name).unwrap();
                b.cells()
                    .filter(|&c| b.regions_of(c) >> bit & 1 == 1)
                    .count()
            };
            for e in edge_names(BoardShape::Hexagon) {
                assert_eq!(count(e), s, "{e}");
                assert_eq!(count(&side_name(e)), s - 2, "{e}");
            }
            for (name, e1, e2) in corners(BoardShape::Hexagon) {
                assert_eq!(count(name), 1, "{name}");
                let c = b
                    .cells()
                    .find(|&c| b.regions_of(c) >> b.region_index(name).unwrap() & 1 == 1)
                    .unwrap();
                assert_eq!(b.neighbours(Adjacency::All).of(c).len(), 3, "{name}");
                let bits = b.regions_of(c);
                for e in [e1, e2] {
                    assert_eq!(bits >> b.region_index(e).unwrap() & 1, 1, "{name} on {e}");
                }
            }
            assert_eq!(b.symmetries().len(), 12);
        }
    }

    #[test]
    fn reach_counts_the_cells_of_each_ray() {
        for b in [
            Board::new(BoardShape::Hexagon, &[4], &[]),
            Board::new(BoardShape::Square, &[7], &[(2, 2), (3, 4)]),
            Board::new(BoardShape::Triangle, &[6], &[]),
        ] {
            for c in b.cells() {
                for &d in b.directions() {
                    assert_eq!(b.reach(c, d) as usize, b.ray(c, d).count(), "{c} {d:?}");
                }
            }
        }
    }

    #[test]
    fn each_direction_has_its_opposite() {
        for (shape, sizes) in [
            (BoardShape::Rectangle, vec![5, 4]),
            (BoardShape::Hexagon, vec![3]),
            (BoardShape::Rhombus, vec![4, 3]),
            (BoardShape::Triangle, vec![4]),
        ] {
            let b = Board::new(shape, &sizes, &[]);
            let dirs = b.directions();
            assert!(dirs.len() == 6 || dirs.len() == 8);
            for (i, &(dx, dy)) in dirs.iter().enumerate() {
                assert!(dirs.contains(&(-dx, -dy)), "{shape:?} direction {i}");
            }
        }
    }

    #[test]
    fn a_triangle_of_side_n_has_its_cells_sides_and_corners() {
        for n in 2..=9usize {
            let b = Board::new(BoardShape::Triangle, &[n], &[]);
            assert_eq!(b.cell_count(), n * (n + 1) / 2);
            assert_eq!(b.describe(), format!("triangle of side {n}"));
            let cells_of = |name: &str| -> Vec<String> {
                let bit = b.region_index(name).unwrap();
                b.cells()
                    .filter(|&c| b.regions_of(c) >> bit & 1 == 1)
                    .map(|c| b.cell_name(c))
                    .collect()
            };
            let last = column_name(n - 1);
            assert_eq!(cells_of("top"), [format!("a{n}")]);
            assert_eq!(cells_of("bottom-left"), ["a1"]);
            assert_eq!(cells_of("bottom-right"), [format!("{last}1")]);
            for e in edge_names(BoardShape::Triangle) {
                assert_eq!(cells_of(e).len(), n, "{e}");
                assert_eq!(cells_of(&side_name(e)).len(), n - 2, "{e}");
            }
            assert_eq!(b.symmetries().len(), 6);
            // Corner cells have 2 neighbours (for n > 1), inner cells 6.
            let corners: Vec<Cell> = b
                .cells()
                .filter(|&c| b.neighbours(Adjacency::All).of(c).len() == 2)
                .collect();
            assert_eq!(corners.len(), 3);
        }
        let b = Board::new(BoardShape::Triangle, &[3], &[]);
        let names: Vec<String> = b.cells().map(|c| b.cell_name(c)).collect();
        assert_eq!(names, ["a1", "b1", "c1", "a2", "b2", "a3"]);
    }

    #[test]
    fn the_exterior_is_outside_the_board_and_holes_are_not() {
        let b = Board::new(BoardShape::Square, &[5], &[(2, 2)]);
        let centre_left = b.parse_cell("b3").unwrap();
        assert!(
            !b.outside(centre_left, (1, 0)),
            "c3 is a hole, not the outside"
        );
        assert!(b.outside(b.parse_cell("a3").unwrap(), (-1, 0)));
        let h = Board::new(BoardShape::Hexagon, &[3], &[]);
        let corner = h.parse_cell("a3").unwrap();
        assert!(
            h.outside(corner, (0, -1)),
            "a hexagon's cut-off grid corner is outside"
        );
    }

    #[test]
    fn symmetries_map_neighbours_to_neighbours() {
        for b in [
            Board::square(5),
            Board::new(BoardShape::Rectangle, &[4, 6], &[]),
            Board::new(BoardShape::Hexagon, &[4], &[]),
            Board::new(BoardShape::Rhombus, &[5, 5], &[]),
            Board::new(BoardShape::Triangle, &[5], &[]),
        ] {
            for m in b.symmetries() {
                for c in b.cells() {
                    let mut a: Vec<Cell> = b
                        .neighbours(Adjacency::All)
                        .of(c)
                        .iter()
                        .map(|&n| m[n as usize])
                        .collect();
                    let mut e: Vec<Cell> = b.neighbours(Adjacency::All).of(m[c as usize]).to_vec();
                    a.sort();
                    e.sort();
                    assert_eq!(a, e, "{:?}", b.shape);
                }
            }
        }
        assert_eq!(
            Board::new(BoardShape::Rectangle, &[4, 6], &[])
                .symmetries()
                .len(),
            4
        );
        assert_eq!(
            Board::new(BoardShape::Rhombus, &[5, 5], &[])
                .symmetries()
                .len(),
            4
        );
    }

    #[test]
    fn blocked_squares_leave_the_board() {
        let b = Board::new(BoardShape::Rectangle, &[3, 3], &[(1, 1)]);
        assert_eq!(b.cell_count(), 8);
        assert_eq!(b.parse_cell("b2"), None);
        assert_eq!(b.blocked(), &[4]);
        assert!(Board::new(BoardShape::Hexagon, &[3], &[])
            .blocked()
            .is_empty());
        assert_eq!(
            b.neighbours(Adjacency::Orthogonal)
                .of(b.parse_cell("a2").unwrap())
                .len(),
            2
        );
    }
}
