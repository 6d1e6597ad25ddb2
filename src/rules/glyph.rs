//! Forbidden patterns ("glyphs"): from a picture to the set of its distinct
//! orientations and colourings (its orbit), and from the orbit to matchers anchored
//! at the stone just placed.
//!
//! A placement can only create occurrences that contain the new stone, and only at
//! a picture cell that demands a stone of the mover's colour (a cell that also
//! accepts "empty" matched before the move already). So each orientation is
//! compiled once per such cell (an *anchor*) into a list of (id offset, test) pairs,
//! with the range of anchor coordinates for which the whole picture lies on the board.
//!
//! Matching is bit-parallel over anchors: each anchor is a bit of a 64-bit word, and
//! for every id offset that some anchor tests and every value a cell can hold, a
//! precomputed mask keeps the anchors whose test there accepts that value. Reading
//! the cells around the new stone and and-ing their masks (most discriminating
//! offset first) leaves the anchors that match; a legal placement usually empties the
//! word after a few reads. A per-cell mask of the anchors that fit on the board there
//! starts the word, so the board's edges and holes cost nothing at match time.

use super::board::{Board, Cell};
use super::forbidden::{self, Anchored, Forbidden};
use std::collections::BTreeSet;

/// Which transformations of a picture also count. Example: `symmetry rotations`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Every rotation and reflection (the default).
    All,
    /// The four rotations (six on hex boards).
    Rotations,
    /// The picture and its left-right mirror image.
    Mirror,
    /// The picture exactly as drawn.
    None,
}

/// Whether a picture's colours may be exchanged. Example: `colours fixed`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Colours {
    /// X may be either player (the default).
    Swap,
    /// X is the first player, O the second.
    Fixed,
}

/// A forbidden pattern as the validator accepted it: a rectangular picture of known
/// symbols with at least one stone, and its options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picture {
    pub name: String,
    pub symmetry: Symmetry,
    pub colours: Colours,
    /// Rows top first.
    pub rows: Vec<Vec<Sym>>,
    /// Per row, the text column of each symbol (hex pictures are placed by column).
    pub columns: Vec<Vec<usize>>,
}

/// A picture symbol.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Sym {
    /// `X`: a stone of one colour.
    X,
    /// `O`: a stone of the other colour.
    O,
    /// `.`: an empty point.
    Empty,
    /// `x`: not X (empty or O).
    NotX,
    /// `o`: not O (empty or X).
    NotO,
    /// `?`: anything.
    Any,
}

impl Sym {
    pub fn from_char(c: char) -> Option<Sym> {
        Some(match c {
            'X' => Sym::X,
            'O' => Sym::O,
            '.' => Sym::Empty,
            'x' => Sym::NotX,
            'o' => Sym::NotO,
            '?' => Sym::Any,
            _ => return None,
        })
    }

    pub fn to_char(self) -> char {
        match self {
            Sym::X => 'X',
            Sym::O => 'O',
            Sym::Empty => '.',
            Sym::NotX => 'x',
            Sym::NotO => 'o',
            Sym::Any => '?',
        }
    }

    pub fn is_stone(self) -> bool {
        matches!(self, Sym::X | Sym::O)
    }

    /// The same symbol with the colours exchanged.
    pub fn swap_colours(self) -> Sym {
        match self {
            Sym::X => Sym::O,
            Sym::O => Sym::X,
            Sym::NotX => Sym::NotO,
            Sym::NotO => Sym::NotX,
            s => s,
        }
    }
}

/// A quarter turn counter-clockwise of an offset (x to the right, y up).
///
/// ```
/// use weft::rules::glyph::rotate90;
/// // X .        . .
/// // . .   ->   X .     (the top-left corner goes to the bottom-left)
/// assert_eq!(rotate90((0, 1)), (-1, 0));
/// assert_eq!(rotate90(rotate90(rotate90(rotate90((2, 1))))), (2, 1));
/// ```
pub fn rotate90((x, y): (i32, i32)) -> (i32, i32) {
    (-y, x)
}

/// The left-right mirror image of an offset.
///
/// ```
/// use weft::rules::glyph::mirror;
/// // X . O   ->   O . X
/// assert_eq!(mirror((0, 0)), (0, 0));
/// assert_eq!(mirror((2, 0)), (-2, 0));
/// ```
pub fn mirror((x, y): (i32, i32)) -> (i32, i32) {
    (-x, y)
}

/// A pattern: cells `(dx, dy, symbol)` shifted so the smallest dx and dy are 0, sorted.
pub type Pattern = Vec<(i32, i32, Sym)>;

fn normalize(mut cells: Pattern) -> Pattern {
    let mx = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let my = cells.iter().map(|c| c.1).min().unwrap_or(0);
    for c in &mut cells {
        c.0 -= mx;
        c.1 -= my;
    }
    cells.sort();
    cells
}

/// A hex picture as drawn: rows half a cell apart, each row one text column to the right
/// of the row below it, symbols two columns apart; a symbol at text column `c` in the
/// row at height `y` is at hex grid `x = (c - y) / 2` (up to a shift).
///
/// ```text
///    X .        the upper row sits half a cell to the right:
///   . X         (0,1) (1,1) over (0,0) (1,0)
/// ```
pub fn hex_pattern_of(rows: &[Vec<Sym>], columns: &[Vec<usize>]) -> Result<Pattern, String> {
    let h = rows.len() as i32;
    let mut cells = Vec::new();
    let mut parity = None;
    for (r, (row, cols)) in rows.iter().zip(columns).enumerate() {
        let y = h - 1 - r as i32;
        for (s, &c) in row.iter().zip(cols) {
            let v = c as i32 - y;
            let p = v.rem_euclid(2);
            if *parity.get_or_insert(p) != p {
                return Err("this hex picture's symbols do not sit on the hex lattice".to_string());
            }
            cells.push((v.div_euclid(2), y, *s));
        }
    }
    Ok(normalize(cells))
}

/// The picture as drawn, as a pattern (row 0 of the picture is the top).
pub fn pattern_of(rows: &[Vec<Sym>]) -> Pattern {
    let h = rows.len() as i32;
    let mut cells = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for (x, s) in row.iter().enumerate() {
            cells.push((x as i32, h - 1 - r as i32, *s));
        }
    }
    normalize(cells)
}

/// A boxed transformation of offsets.
type OffsetMap = Box<dyn Fn((i32, i32)) -> (i32, i32)>;

/// A transformation of offsets.
type Transform = fn((i32, i32)) -> (i32, i32);

/// A sixth of a turn of an axial hex offset: `(q, r) -> (-r, q + r)`.
///
/// ```
/// use weft::rules::glyph::rotate60;
/// let mut p = (2, -1);
/// for _ in 0..6 { p = rotate60(p); }
/// assert_eq!(p, (2, -1));
/// assert_eq!(rotate60((1, 0)), (0, 1));
/// ```
pub fn rotate60((q, r): (i32, i32)) -> (i32, i32) {
    (-r, q + r)
}

/// A reflection of an axial hex offset (it keeps the third cube coordinate).
pub fn hex_mirror((q, r): (i32, i32)) -> (i32, i32) {
    (r, q)
}

/// The hex transforms a symmetry option allows: up to six rotations, each mirrored.
fn hex_transforms(symmetry: Symmetry) -> Vec<(usize, bool)> {
    let (turns, mirrors): (usize, &[bool]) = match symmetry {
        Symmetry::All => (6, &[false, true]),
        Symmetry::Rotations => (6, &[false]),
        Symmetry::Mirror => (1, &[false, true]),
        Symmetry::None => (1, &[false]),
    };
    (0..turns)
        .flat_map(|k| mirrors.iter().map(move |&m| (k, m)))
        .collect()
}

/// The transforms a symmetry option allows, as functions on offsets.
fn transforms(symmetry: Symmetry) -> Vec<Transform> {
    let r0: Transform = |p| p;
    let r1: Transform = rotate90;
    let r2: Transform = |p| rotate90(rotate90(p));
    let r3: Transform = |p| rotate90(rotate90(rotate90(p)));
    let m0: Transform = mirror;
    let m1: Transform = |p| rotate90(mirror(p));
    let m2: Transform = |p| rotate90(rotate90(mirror(p)));
    let m3: Transform = |p| rotate90(rotate90(rotate90(mirror(p))));
    match symmetry {
        Symmetry::All => vec![r0, r1, r2, r3, m0, m1, m2, m3],
        Symmetry::Rotations => vec![r0, r1, r2, r3],
        Symmetry::Mirror => vec![r0, m0],
        Symmetry::None => vec![r0],
    }
}

/// The distinct patterns a glyph forbids: every allowed transform, and the colour
/// exchange unless the colours are fixed. Duplicates are removed.
///
/// The naked diagonal `X x / x X` has 4 distinct forms (2 orientations x 2 colourings);
/// the crosscut `X O / O X` has only 2 (its colour swap is its own quarter turn).
pub fn orbit(def: &Picture, hex: bool) -> Result<Vec<Pattern>, String> {
    let base = if hex {
        hex_pattern_of(&def.rows, &def.columns)?
    } else {
        pattern_of(&def.rows)
    };
    let maps: Vec<OffsetMap> = if hex {
        hex_transforms(def.symmetry)
            .into_iter()
            .map(|(k, m)| {
                Box::new(move |p: (i32, i32)| {
                    let mut p = if m { hex_mirror(p) } else { p };
                    for _ in 0..k {
                        p = rotate60(p);
                    }
                    p
                }) as OffsetMap
            })
            .collect()
    } else {
        transforms(def.symmetry)
            .into_iter()
            .map(|t| Box::new(t) as OffsetMap)
            .collect()
    };
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    let colourings: &[bool] = match def.colours {
        Colours::Swap => &[false, true],
        Colours::Fixed => &[false],
    };
    for &swap in colourings {
        for t in &maps {
            let p = normalize(
                base.iter()
                    .map(|&(x, y, s)| {
                        let (a, b) = t((x, y));
                        (a, b, if swap { s.swap_colours() } else { s })
                    })
                    .collect(),
            );
            if seen.insert(p.clone()) {
                out.push(p);
            }
        }
    }
    Ok(out)
}

/// The width and height of a pattern.
pub fn extent(p: &Pattern) -> (i32, i32) {
    let w = p.iter().map(|c| c.0).max().unwrap_or(0) + 1;
    let h = p.iter().map(|c| c.1).max().unwrap_or(0) + 1;
    (w, h)
}

/// One test of a cell's content: `content == value` (or `!=` when `negate`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Test {
    pub offset: i32,
    pub value: u8,
    pub negate: bool,
}

/// One orientation of one glyph, anchored at one of its cells that holds the mover's stone.
#[derive(Debug, Clone)]
struct Anchor {
    glyph: u16,
    xlo: i32,
    xhi: i32,
    ylo: i32,
    yhi: i32,
    tests: std::ops::Range<u32>,
    footprint: std::ops::Range<u32>,
}

/// One read of the bit-parallel matcher: the cell at `offset` from the new stone, and
/// for each value it may hold (0 empty, 1 and 2 the players, 3 neutral) the anchors
/// whose test there accepts it (anchors that do not test this offset accept anything).
#[derive(Debug, Clone, Copy)]
struct Read {
    offset: i32,
    keep: [u64; 4],
}

/// Up to 64 consecutive anchors, matched together.
#[derive(Debug, Clone, Default)]
struct Chunk {
    /// The index of the chunk's first anchor (bit 0).
    first: u32,
    /// Per cell id: the chunk's anchors whose whole picture lies on the board when
    /// anchored there.
    fits: Vec<u64>,
    /// The reads, most discriminating first.
    reads: Vec<Read>,
}

/// Chunks with at most this many reads make them all, without stopping early (a
/// chunk of five to eight reads, like the crosscut's eight around a stone, stops
/// after four when no anchor is left: measured, fewer instructions than the branch
/// mispredicts it adds).
const SHORT: usize = 4;

/// All the anchored matchers for stones of one colour.
#[derive(Debug, Clone, Default)]
pub struct Matchers {
    /// For boards with holes (hexagons, blocked squares): which grid positions are cells,
    /// since a glyph must lie wholly on the board. Empty for full boards.
    on: Vec<bool>,
    anchors: Vec<Anchor>,
    tests: Vec<Test>,
    /// Offsets of every cell of each occurrence (for explaining a rejection).
    footprints: Vec<i32>,
    /// The anchors in bit-parallel form.
    chunks: Vec<Chunk>,
    /// Boards of up to 64 cells: the anchors packed for
    /// [`Matchers::forbidden_cells`]; `None` on larger boards.
    forbidden: Option<Forbidden>,
}

/// A position's cells as bit sets by content value (0 empty, 1 and 2 the players, 3
/// neutral): bit `c` of `by_value[v]` is set when cell id `c` holds `v`. For boards of
/// up to 64 cells (see [`Matchers::forbidden_cells`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CellBits {
    pub by_value: [u64; 4],
}

impl CellBits {
    /// The bit sets of the first `len` cells of a layer (`len` at most 64).
    pub fn of(cells: &[u8], len: usize) -> CellBits {
        // The two low bits of each cell's value, as bit sets: eight cells at a time,
        // each byte's bit moved to its place by one multiplication.
        const LOW: u64 = 0x0101_0101_0101_0101;
        let gather = |m: u64| m.wrapping_mul(0x0102_0408_1020_4080) >> 56;
        let cells = &cells[..len.min(64)];
        let (eights, tail) = cells.as_chunks::<8>();
        let (mut one, mut two) = (0u64, 0u64);
        for (i, e) in eights.iter().enumerate() {
            let w = u64::from_le_bytes(*e);
            one |= gather(w & LOW) << (8 * i);
            two |= gather(w >> 1 & LOW) << (8 * i);
        }
        for (i, &v) in tail.iter().enumerate() {
            let at = 8 * eights.len() + i;
            one |= u64::from(v & 1) << at;
            two |= u64::from(v >> 1 & 1) << at;
        }
        let all = u64::MAX.checked_shr(64 - cells.len() as u32).unwrap_or(0);
        CellBits {
            by_value: [all & !one & !two, one & !two, two & !one, one & two],
        }
    }
}

impl Matchers {
    /// Builds the matchers that a stone of content value `stone` (1 + player index) can
    /// complete. Each glyph comes as its orbit and its colour option: when colours swap,
    /// the orbit holds both colourings and X is taken as the mover; when they are
    /// fixed, X is the first player and O the second.
    pub fn build(board: &Board, orbits: &[(Vec<Pattern>, Colours)], stone: u8) -> Matchers {
        Matchers::build_anchored(board, orbits, Some(stone))
    }

    /// Builds the matchers of every occurrence that covers a cell, whatever the cell
    /// holds: each form is anchored at each of its cells that a test reads, and the
    /// anchor's own cell is tested too. After any change to a position that held no
    /// glyph, a new occurrence reads some changed cell, so testing the changed cells
    /// finds it (`covers`). The orbit holds both colourings when colours swap, so X is
    /// taken as the first player throughout.
    pub fn build_covering(board: &Board, orbits: &[(Vec<Pattern>, Colours)]) -> Matchers {
        Matchers::build_anchored(board, orbits, None)
    }

    fn build_anchored(
        board: &Board,
        orbits: &[(Vec<Pattern>, Colours)],
        anchor_stone: Option<u8>,
    ) -> Matchers {
        let stone = anchor_stone.unwrap_or(1);
        let other = 3 - stone;
        let mut m = Matchers::default();
        if !board.is_full() {
            m.on = (0..board.len())
                .map(|c| board.contains(c as Cell))
                .collect();
        }
        let width = board.width as i32;
        for (g, (orbit, colours)) in orbits.iter().enumerate() {
            let (xv, ov) = match (colours, anchor_stone) {
                (Colours::Swap, Some(_)) => (stone, other),
                _ => (1, 2),
            };
            let concrete = |s: Sym| -> Option<(u8, bool)> {
                match s {
                    Sym::X => Some((xv, false)),
                    Sym::O => Some((ov, false)),
                    Sym::Empty => Some((0, false)),
                    Sym::NotX => Some((xv, true)),
                    Sym::NotO => Some((ov, true)),
                    Sym::Any => None,
                }
            };
            for pattern in orbit {
                let (w, h) = extent(pattern);
                for &(ax, ay, asym) in pattern {
                    let anchored_here = match anchor_stone {
                        Some(stone) => concrete(asym) == Some((stone, false)),
                        None => concrete(asym).is_some(),
                    };
                    if !anchored_here {
                        continue;
                    }
                    let xlo = ax;
                    let xhi = board.width as i32 - w + ax;
                    let ylo = ay;
                    let yhi = board.height as i32 - h + ay;
                    if xhi < xlo || yhi < ylo {
                        continue;
                    }
                    let start = m.tests.len() as u32;
                    let mut tests: Vec<Test> = pattern
                        .iter()
                        .filter(|&&(x, y, _)| anchor_stone.is_none() || (x, y) != (ax, ay))
                        .filter_map(|&(x, y, s)| {
                            concrete(s).map(|(value, negate)| Test {
                                offset: (y - ay) * width + (x - ax),
                                value,
                                negate,
                            })
                        })
                        .collect();
                    // Most selective first: a required stone rarely matches, an empty
                    // point often does, "not X" almost always.
                    tests.sort_by_key(|t| (t.negate, t.value == 0));
                    m.tests.extend(tests);
                    let fstart = m.footprints.len() as u32;
                    for &(x, y, _) in pattern {
                        m.footprints.push((y - ay) * width + (x - ax));
                    }
                    m.anchors.push(Anchor {
                        glyph: g as u16,
                        xlo,
                        xhi,
                        ylo,
                        yhi,
                        tests: start..m.tests.len() as u32,
                        footprint: fstart..m.footprints.len() as u32,
                    });
                }
            }
        }
        m.chunks = (0..m.anchors.len())
            .step_by(64)
            .map(|first| m.chunk(board, first, (first + 64).min(m.anchors.len())))
            .collect();
        if board.len() <= 64 {
            m.forbidden = m.packed(board, anchor_stone);
        }
        m
    }

    /// Boards of up to 64 cells: every cell where placing the mover's stone would form
    /// a glyph in the position `bits` (whatever the cell holds now; callers keep the
    /// empty ones), found for all cells at once: per anchor, the cells where it fits,
    /// narrowed by each of its tests as a shifted bit set. `None` on larger boards.
    pub fn forbidden_cells(&self, bits: &CellBits) -> Option<u64> {
        self.forbidden_cells_among(bits, !0)
    }

    /// `forbidden_cells`, worked out only for the cells of `among` (the others are 0):
    /// asking only about the empty cells lets the anchors stop sooner.
    pub fn forbidden_cells_among(&self, bits: &CellBits, among: u64) -> Option<u64> {
        Some(self.forbidden.as_ref()?.cells(&bits.by_value, among))
    }

    /// Whether `other` (the other colour's matchers) forbids what these do with the
    /// players' stones swapped, in the form of `forbidden_cells`: then
    /// `forbidden_cells_both` serves both colours at once.
    pub fn mirror_colours(&self, other: &Matchers) -> bool {
        match (&self.forbidden, &other.forbidden) {
            (Some(a), Some(b)) => a.colours_swapped() == *b,
            _ => false,
        }
    }

    /// `forbidden_cells_among` for these matchers' colour and, as the other colour's
    /// matchers would find them when they `mirror_colours`, for the other one, in one
    /// pass. `None` on larger boards.
    pub fn forbidden_cells_both(&self, bits: &CellBits, among: u64) -> Option<[u64; 2]> {
        Some(
            self.forbidden
                .as_ref()?
                .cells_and_swapped(&bits.by_value, among),
        )
    }

    /// The anchors in the form of `forbidden_cells` (boards of up to 64 cells).
    fn packed(&self, board: &Board, stone: Option<u8>) -> Option<Forbidden> {
        let anchors: Vec<Anchored> = self
            .anchors
            .iter()
            .map(|a| Anchored {
                glyph: a.glyph,
                fit: board
                    .cells()
                    .filter(|&c| self.fits(board, a, c))
                    .fold(0, |bits, c| bits | 1 << c),
                tests: self.tests[a.tests.start as usize..a.tests.end as usize]
                    .iter()
                    .map(|t| forbidden::Test {
                        offset: t.offset,
                        value: t.value,
                        negate: t.negate,
                    })
                    .collect(),
            })
            .collect();
        Forbidden::new(&anchors, stone)
    }

    /// Whether anchor `a`'s picture lies wholly on the board when anchored at `cell`.
    fn fits(&self, board: &Board, a: &Anchor, cell: Cell) -> bool {
        let (x, y) = board.xy(cell);
        board.contains(cell)
            && (a.xlo..=a.xhi).contains(&x)
            && (a.ylo..=a.yhi).contains(&y)
            && (self.on.is_empty()
                || self.footprints[a.footprint.start as usize..a.footprint.end as usize]
                    .iter()
                    .all(|o| self.on[(cell as i32 + o) as usize]))
    }

    /// The bit-parallel form of anchors `lo..hi` (at most 64).
    fn chunk(&self, board: &Board, lo: usize, hi: usize) -> Chunk {
        let fits = (0..board.len())
            .map(|c| {
                (lo..hi)
                    .filter(|&i| self.fits(board, &self.anchors[i], c as Cell))
                    .fold(0u64, |m, i| m | 1 << (i - lo))
            })
            .collect();
        let mut reads: Vec<Read> = Vec::new();
        for i in lo..hi {
            let a = &self.anchors[i];
            for t in &self.tests[a.tests.start as usize..a.tests.end as usize] {
                let k = match reads.iter().position(|r| r.offset == t.offset) {
                    Some(k) => k,
                    None => {
                        reads.push(Read {
                            offset: t.offset,
                            keep: [!0; 4],
                        });
                        reads.len() - 1
                    }
                };
                for v in 0..4u8 {
                    if (v == t.value) == t.negate {
                        reads[k].keep[v as usize] &= !(1 << (i - lo));
                    }
                }
            }
        }
        // Greedy order: next, the read that leaves the fewest anchors alive in
        // expectation, taking a cell as empty with probability 0.4 and holding a stone
        // of either player with 0.3 each.
        let p = [0.4, 0.3, 0.3, 0.0];
        let mut alive: Vec<f64> = vec![1.0; hi - lo];
        let mut order = Vec::with_capacity(reads.len());
        while !reads.is_empty() {
            let after = |r: &Read| -> Vec<f64> {
                alive
                    .iter()
                    .enumerate()
                    .map(|(b, w)| {
                        w * (0..4)
                            .filter(|&v| r.keep[v] >> b & 1 == 1)
                            .map(|v| p[v])
                            .sum::<f64>()
                    })
                    .collect()
            };
            let best = (0..reads.len())
                .min_by(|&i, &j| {
                    let (a, b): (f64, f64) =
                        (after(&reads[i]).iter().sum(), after(&reads[j]).iter().sum());
                    a.partial_cmp(&b).expect("no NaN").then(i.cmp(&j))
                })
                .expect("not empty");
            alive = after(&reads[best]);
            order.push(reads.remove(best));
        }
        Chunk {
            first: lo as u32,
            fits,
            reads: order,
        }
    }

    /// The index of an anchor whose glyph the position `cells` holds around `cell`,
    /// assuming `cells[cell]` holds the mover's stone (or is about to): the first, in
    /// anchor order.
    #[inline(always)]
    fn find(&self, cells: &[u8], cell: Cell) -> Option<usize> {
        let base = cell as usize;
        // Reads go to the last cell at most: the compiler then needs no bounds test
        // (and no branch) per read.
        let last = cells.len().checked_sub(1)?;
        // Positions off the board (or wrapped to another row) are read only by anchors
        // that do not fit here, which `fits` has already dropped: any value will do
        // (those past either end read the last cell).
        let keep = |r: &Read| {
            let v = cells[base.wrapping_add(r.offset as isize as usize).min(last)] & 3;
            r.keep[v as usize]
        };
        for ch in &self.chunks {
            let mut alive = ch.fits[base];
            if ch.reads.len() <= SHORT {
                // A few reads cost less than the branch that would stop early, which a
                // legal placement mispredicts once.
                for r in &ch.reads {
                    alive &= keep(r);
                }
            } else {
                // Longer lists stop early, looking once every four reads: a read
                // costs less than the loop's test and branch around it.
                let (quads, rest) = ch.reads.as_chunks::<4>();
                for q in quads {
                    if alive == 0 {
                        break;
                    }
                    alive &= keep(&q[0]) & keep(&q[1]) & keep(&q[2]) & keep(&q[3]);
                }
                for r in rest {
                    alive &= keep(r);
                }
            }
            if alive != 0 {
                return Some(ch.first as usize + alive.trailing_zeros() as usize);
            }
        }
        None
    }

    /// The first anchor that matches, test by test (the reference for `find`).
    #[cfg(test)]
    fn find_slowly(&self, cells: &[u8], cell: Cell, x: i32, y: i32) -> Option<usize> {
        let base = cell as i32;
        'anchors: for (i, a) in self.anchors.iter().enumerate() {
            if x < a.xlo || x > a.xhi || y < a.ylo || y > a.yhi {
                continue;
            }
            if !self.on.is_empty()
                && self.footprints[a.footprint.start as usize..a.footprint.end as usize]
                    .iter()
                    .any(|o| !self.on[(base + o) as usize])
            {
                continue;
            }
            for t in &self.tests[a.tests.start as usize..a.tests.end as usize] {
                // In range by construction: the anchor bounds keep the picture on the board.
                let v = cells[(base + t.offset) as usize];
                if (v == t.value) == t.negate {
                    continue 'anchors;
                }
            }
            return Some(i);
        }
        None
    }

    /// Whether placing the mover's stone at `cell` would form a glyph. `cells` is the
    /// position before the move (at least the first layer); the cell itself is not read.
    /// Inlined with the matching: for the placement games' playout loop.
    #[inline(always)]
    pub fn forbids(&self, cells: &[u8], cell: Cell) -> bool {
        self.find(cells, cell).is_some()
    }

    /// `forbids` out of line, for the general move generator: the matching inlined
    /// there changed how the code around it compiled (Lines of Action, which tests no
    /// glyph, +2.5% instructions).
    #[inline(never)]
    pub fn forbids_apart(&self, cells: &[u8], cell: Cell) -> bool {
        self.find(cells, cell).is_some()
    }

    /// Whether the position `cells` holds an occurrence that covers `cell` (matchers
    /// from `build_covering`). Out of line: its callers scan a position for the few
    /// changed cells, a loop that `find` inlined into it makes slower (Slither +10%).
    #[inline(never)]
    pub fn covers(&self, cells: &[u8], cell: Cell) -> bool {
        self.find(cells, cell).is_some()
    }

    /// The glyph index and the cells of the first occurrence that placing at `cell`
    /// forms (or, for matchers from `build_covering`, that covers `cell`).
    pub fn explain(&self, cells: &[u8], cell: Cell) -> Option<(usize, Vec<Cell>)> {
        let i = self.find(cells, cell)?;
        let a = &self.anchors[i];
        let base = cell as i32;
        let mut points: Vec<Cell> = self.footprints
            [a.footprint.start as usize..a.footprint.end as usize]
            .iter()
            .map(|o| (base + o) as Cell)
            .collect();
        points.sort_unstable();
        Some((a.glyph as usize, points))
    }

    /// The number of anchored matchers (a measure of matching work per placement).
    pub fn len(&self) -> usize {
        self.anchors.len()
    }

    pub fn is_empty(&self) -> bool {
        self.anchors.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::vocab::BoardShape;

    /// A picture drawn as text lines (top first), placed by text column like the
    /// validator places them.
    fn picture(name: &str, colours: Colours, lines: &[&str]) -> Picture {
        let rows = lines
            .iter()
            .map(|l| l.chars().filter_map(Sym::from_char).collect())
            .collect();
        let columns = lines
            .iter()
            .map(|l| {
                l.char_indices()
                    .filter(|(_, c)| Sym::from_char(*c).is_some())
                    .map(|(i, _)| i)
                    .collect()
            })
            .collect();
        Picture {
            name: name.into(),
            symmetry: Symmetry::All,
            colours,
            rows,
            columns,
        }
    }

    /// `CellBits::of` sets bit `c` of the set of cell `c`'s value (its two low bits),
    /// for every length up to 64 and a layer longer than the length.
    #[test]
    fn cell_bits_hold_each_cell_in_its_value_set() {
        let layer: Vec<u8> = (0..70u32).map(|i| (i * 7 % 11) as u8).collect();
        for len in 0..=64 {
            let bits = CellBits::of(&layer, len);
            for v in 0..4 {
                let want = (0..len)
                    .filter(|&c| layer[c] & 3 == v as u8)
                    .fold(0u64, |m, c| m | 1 << c);
                assert_eq!(bits.by_value[v], want, "length {len}, value {v}");
            }
        }
    }

    /// The bit-parallel matcher finds the same first anchor as the test-by-test one, on
    /// random positions of square, blocked and hex boards, with and without `?` and `x`.
    #[test]
    fn bit_parallel_matching_agrees_with_testing_one_by_one() {
        let square = [
            picture("naked diagonal", Colours::Swap, &["X x", "x X"]),
            picture("knight bend", Colours::Swap, &["X . O", ". . X"]),
            picture("long switch", Colours::Swap, &["X . . O", "O . . X"]),
            picture("loose", Colours::Swap, &["X ? O", ". o ."]),
        ];
        let hex = [
            picture("bridge", Colours::Swap, &[" X o", "o X"]),
            picture("line", Colours::Fixed, &["X . O"]),
        ];
        let boards = [
            (Board::new(BoardShape::Square, &[7], &[]), &square[..]),
            (
                Board::new(BoardShape::Square, &[7], &[(2, 2), (3, 3), (0, 6)]),
                &square[..],
            ),
            (Board::new(BoardShape::Rectangle, &[9, 5], &[]), &square[..]),
            (Board::new(BoardShape::Square, &[5], &[(1, 3)]), &square[..]),
            (Board::new(BoardShape::Hexagon, &[4], &[]), &hex[..]),
            (Board::new(BoardShape::Rhombus, &[6, 5], &[]), &hex[..]),
        ];
        // A SplitMix64 stream: the test needs varied positions, not the engine's RNG.
        let mut x = 3u64;
        let mut below = |n: u64| {
            x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            (z ^ (z >> 31)) % n
        };
        // Positions where the two colours' cells-at-once forms mirror each other.
        let mut mirrored = 0;
        for (b, pictures) in &boards {
            let orbits: Vec<(Vec<Pattern>, Colours)> = pictures
                .iter()
                .map(|p| (orbit(p, b.is_hex()).expect("on the lattice"), p.colours))
                .collect();
            let matchers = [
                Matchers::build(b, &orbits, 1),
                Matchers::build(b, &orbits, 2),
            ];
            let mirror = matchers[0].mirror_colours(&matchers[1]);
            let mut found = 0;
            for _ in 0..300 {
                let density = below(100);
                let cells: Vec<u8> = (0..b.len())
                    .map(|_| {
                        if below(100) < density {
                            1 + below(2) as u8
                        } else {
                            0
                        }
                    })
                    .collect();
                let bits = CellBits::of(&cells, b.len());
                if mirror {
                    mirrored += 1;
                    let empty = bits.by_value[0];
                    assert_eq!(
                        matchers[0].forbidden_cells_both(&bits, empty),
                        Some(
                            [0, 1].map(|k| {
                                matchers[k].forbidden_cells_among(&bits, empty).unwrap()
                            })
                        ),
                        "both colours at once"
                    );
                }
                for c in b.cells() {
                    let (x, y) = b.xy(c);
                    for m in &matchers {
                        let slow = m.find_slowly(&cells, c, x, y);
                        if let Some(all) = m.forbidden_cells(&bits) {
                            assert_eq!(all >> c & 1 == 1, slow.is_some(), "all cells at once");
                            let among = bits.by_value[0] | 1 << c;
                            assert_eq!(m.forbidden_cells_among(&bits, among), Some(all & among));
                        }
                        assert_eq!(
                            m.find(&cells, c),
                            slow,
                            "{} at {}",
                            b.describe(),
                            b.cell_name(c)
                        );
                        found += usize::from(slow.is_some());
                    }
                }
            }
            assert!(
                found > 100,
                "{}: the positions exercise the glyphs",
                b.describe()
            );
        }
        assert!(mirrored > 0, "some boards test both colours at once");
    }
}
