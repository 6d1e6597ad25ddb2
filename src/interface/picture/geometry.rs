//! Where each cell of a board is drawn, computed from the board alone (its grid, its
//! cells, its blocked positions and whether it is a hex board), so that a new board
//! shape is drawn without a change here.
//!
//! Hex boards put cell `(x, y)` at `(x + y/2, y·√3/2)` (each row half a cell to the
//! right of the row below, as the text drawing does) and draw pointy-topped hexagons;
//! other boards put it at `(x, y)` and draw squares. A cell's sides face the grid steps
//! that lead to a neighbour one unit away: six on hex boards, four on square grids. A
//! square board of points (`board square`) draws its cells as points joined by lines;
//! the square around each point is still its area (for fills and heatmaps).

use super::svg::Pt;
use crate::rules::board::{Board, Cell};
use crate::rules::BoardShape;
use std::f64::consts::PI;

/// How the cells of a board look.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Look {
    /// Hexagons (every hex board).
    Hexagons,
    /// Points on the crossings of lines (a square board of points).
    Points,
    /// Squares (rectangles of squares).
    Squares,
}

/// A coordinate label beside the board.
#[derive(Debug, Clone)]
pub struct Label {
    pub at: Pt,
    pub text: String,
}

/// One side of a cell: the grid step it faces, its outward direction (radians, `y` up)
/// and its two ends in pixels.
#[derive(Debug, Clone, Copy)]
pub struct Side {
    pub step: (i32, i32),
    pub angle: f64,
    pub ends: [Pt; 2],
}

/// A board laid out in pixels.
pub struct Geometry<'a> {
    pub board: &'a Board,
    pub look: Look,
    /// Pixels between the centres of two neighbouring cells.
    pub unit: f64,
    /// The picture's size in pixels (the board, its edges and its coordinates).
    pub width: f64,
    pub height: f64,
    /// The grid steps to a cell's sides, by increasing angle, with their angles.
    steps: Vec<((i32, i32), f64)>,
    /// Board coordinates (in units, `y` up) of the top-left corner of the picture.
    min_x: f64,
    max_y: f64,
    pad: f64,
    labels: Vec<Label>,
}

/// Grid steps that may lead to a neighbour, in the order tried.
const STEPS: [(i32, i32); 8] = [
    (1, 0),
    (0, 1),
    (-1, 0),
    (0, -1),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
];

impl<'a> Geometry<'a> {
    /// The layout of `board` with `unit` pixels between neighbouring cells.
    pub fn new(board: &'a Board, unit: f64) -> Geometry<'a> {
        let look = if board.is_hex() {
            Look::Hexagons
        } else if board.shape == BoardShape::Square {
            Look::Points
        } else {
            Look::Squares
        };
        let mut g = Geometry {
            board,
            look,
            unit,
            width: 0.0,
            height: 0.0,
            steps: Vec::new(),
            min_x: 0.0,
            max_y: 0.0,
            pad: 0.25,
            labels: Vec::new(),
        };
        let mut steps: Vec<((i32, i32), f64)> = STEPS
            .iter()
            .filter_map(|&(dx, dy)| {
                let (a, b) = (g.at_grid(0.0, 0.0), g.at_grid(dx as f64, dy as f64));
                let (vx, vy) = (b.0 - a.0, b.1 - a.1);
                ((vx * vx + vy * vy - 1.0).abs() < 1e-9).then(|| ((dx, dy), vy.atan2(vx)))
            })
            .collect();
        steps.sort_by(|a, b| a.1.total_cmp(&b.1));
        g.steps = steps;
        let texts = g.find_labels();
        // The extent: every drawn position's corners and every label.
        let r = g.corner_radius();
        let (mut lo_x, mut hi_x, mut lo_y, mut hi_y) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
        let mut grow = |(x, y): (f64, f64), by: f64| {
            lo_x = lo_x.min(x - by);
            hi_x = hi_x.max(x + by);
            lo_y = lo_y.min(y - by);
            hi_y = hi_y.max(y + by);
        };
        for id in g.drawn() {
            grow(g.board_xy(id), r);
        }
        for (at, _) in &texts {
            grow(*at, 0.45);
        }
        if lo_x > hi_x {
            (lo_x, hi_x, lo_y, hi_y) = (0.0, 1.0, 0.0, 1.0);
        }
        g.min_x = lo_x;
        g.max_y = hi_y;
        g.width = (hi_x - lo_x + 2.0 * g.pad) * unit;
        g.height = (hi_y - lo_y + 2.0 * g.pad) * unit;
        g.labels = texts
            .into_iter()
            .map(|(at, text)| Label {
                at: g.to_px(at),
                text,
            })
            .collect();
        g
    }

    /// Board coordinates (units, `y` up) of grid position `(x, y)`, which may be off
    /// the grid.
    fn at_grid(&self, x: f64, y: f64) -> (f64, f64) {
        if self.board.is_hex() {
            (x + y / 2.0, y * 3f64.sqrt() / 2.0)
        } else {
            (x, y)
        }
    }

    fn board_xy(&self, id: Cell) -> (f64, f64) {
        let (x, y) = self.board.xy(id);
        self.at_grid(x as f64, y as f64)
    }

    /// Board coordinates to pixels.
    fn to_px(&self, (x, y): (f64, f64)) -> Pt {
        (
            (x - self.min_x + self.pad) * self.unit,
            (self.max_y - y + self.pad) * self.unit,
        )
    }

    /// The grid positions drawn: the cells and the blocked positions.
    pub fn drawn(&self) -> impl Iterator<Item = Cell> + '_ {
        let blocked = self.board.blocked();
        (0..self.board.len() as Cell)
            .filter(move |&id| self.board.contains(id) || blocked.contains(&id))
    }

    /// The centre of a grid position, in pixels.
    pub fn centre(&self, id: Cell) -> Pt {
        self.to_px(self.board_xy(id))
    }

    /// The distance from a cell's centre to its corners, in units.
    fn corner_radius(&self) -> f64 {
        0.5 / (PI / self.steps.len().max(3) as f64).cos()
    }

    /// The sides of a grid position's cell, by increasing angle.
    pub fn sides(&self, id: Cell) -> Vec<Side> {
        let half = PI / self.steps.len().max(3) as f64;
        let r = self.corner_radius();
        let (cx, cy) = self.board_xy(id);
        let corner = |a: f64| self.to_px((cx + r * a.cos(), cy + r * a.sin()));
        self.steps
            .iter()
            .map(|&(step, angle)| Side {
                step,
                angle,
                ends: [corner(angle - half), corner(angle + half)],
            })
            .collect()
    }

    /// The outline of a grid position's cell, in pixels, scaled about its centre.
    pub fn outline(&self, id: Cell, scale: f64) -> Vec<Pt> {
        let c = self.centre(id);
        self.sides(id)
            .iter()
            .map(|s| {
                let (x, y) = s.ends[1];
                (c.0 + (x - c.0) * scale, c.1 + (y - c.1) * scale)
            })
            .collect()
    }

    /// The coordinate labels.
    pub fn labels(&self) -> &[Label] {
        &self.labels
    }

    /// The cell next to `id` across a side, if it is on the board.
    pub fn across(&self, id: Cell, step: (i32, i32)) -> Option<Cell> {
        let (x, y) = self.board.xy(id);
        self.board.cell_at(x + step.0, y + step.1)
    }

    /// Whether the grid position across a side is blocked.
    pub fn blocked_across(&self, id: Cell, step: (i32, i32)) -> bool {
        let (x, y) = self.board.xy(id);
        let (nx, ny) = (x + step.0, y + step.1);
        nx >= 0
            && ny >= 0
            && (nx as usize) < self.board.width
            && (ny as usize) < self.board.height
            && self
                .board
                .blocked()
                .contains(&((ny as usize * self.board.width + nx as usize) as Cell))
    }

    /// Column letters below and above each column and row numbers left and right of
    /// each row, one unit beyond the last drawn position. A side whose labels would
    /// fall on a cell or on a label already placed is left out whole (on a hexagon the
    /// lower-left labels of rows would meet the columns' letters), so every board keeps
    /// at least its column letters and its row numbers on one side each.
    fn find_labels(&self) -> Vec<((f64, f64), String)> {
        let b = self.board;
        let drawn: Vec<Cell> = self.drawn().collect();
        let split = |id: Cell| {
            let name = b.cell_name(id);
            let i = name
                .find(|c: char| c.is_ascii_digit())
                .unwrap_or(name.len());
            (name[..i].to_string(), name[i..].to_string())
        };
        let mut columns: Vec<(i32, i32, i32)> = Vec::new(); // x, lowest y, highest y
        let mut rows: Vec<(i32, i32, i32)> = Vec::new(); // y, leftmost x, rightmost x
        for &id in &drawn {
            let (x, y) = b.xy(id);
            match columns.iter_mut().find(|c| c.0 == x) {
                Some(c) => {
                    c.1 = c.1.min(y);
                    c.2 = c.2.max(y);
                }
                None => columns.push((x, y, y)),
            }
            match rows.iter_mut().find(|r| r.0 == y) {
                Some(r) => {
                    r.1 = r.1.min(x);
                    r.2 = r.2.max(x);
                }
                None => rows.push((y, x, x)),
            }
        }
        let id_of = |x: i32, y: i32| (y as usize * b.width + x as usize) as Cell;
        let sides: [Vec<((i32, i32), String)>; 4] = [
            columns
                .iter()
                .map(|&(x, lo, _)| ((x, lo - 1), split(id_of(x, lo)).0))
                .collect(),
            rows.iter()
                .map(|&(y, lo, _)| ((lo - 1, y), split(id_of(lo, y)).1))
                .collect(),
            rows.iter()
                .map(|&(y, _, hi)| ((hi + 1, y), split(id_of(hi, y)).1))
                .collect(),
            columns
                .iter()
                .map(|&(x, _, hi)| ((x, hi + 1), split(id_of(x, hi)).0))
                .collect(),
        ];
        let occupied: Vec<(f64, f64)> = drawn.iter().map(|&id| self.board_xy(id)).collect();
        let mut placed: Vec<((f64, f64), String)> = Vec::new();
        for side in sides {
            let at: Vec<(f64, f64)> = side
                .iter()
                .map(|((x, y), _)| self.at_grid(*x as f64, *y as f64))
                .collect();
            let near = |p: &(f64, f64), q: &(f64, f64)| (p.0 - q.0).hypot(p.1 - q.1) < 0.6;
            let clash = at.iter().any(|p| {
                occupied.iter().any(|q| near(p, q)) || placed.iter().any(|(q, _)| near(p, q))
            });
            if !clash {
                placed.extend(at.into_iter().zip(side.into_iter().map(|(_, t)| t)));
            }
        }
        placed
    }
}

/// A stretch of the board's border drawn in the style of one group of regions.
#[derive(Debug, Clone, Copy)]
pub struct EdgeMark {
    /// The index of the group (in the list given to [`edge_marks`]).
    pub group: usize,
    /// The region (its bit) the stretch belongs to.
    pub region: usize,
    pub ends: [Pt; 2],
}

/// The parts of the board's border that groups of regions colour: `groups[i]` is a set
/// of regions (a bit per region, as `Board::regions_of`) drawn in one style, e.g. a
/// player's own edges, or the regions of a goal either player may reach. A region in
/// several groups belongs to the first.
///
/// A region's border is the sides of its cells that face off the board (not a blocked
/// position). Each region faces one way on the whole — the mean of those sides'
/// directions — and a side is the region's when it faces within 60° of that: so a
/// corner cell of two edges gives each edge its own side, and a side that faces both
/// (the obtuse corner of a rhombus, a hexagon's corners) is split in half between them.
/// Where two regions of one group meet, each stretch stops short by `gap` pixels, so
/// that regions drawn alike are still told apart (a triangle's three sides).
pub fn edge_marks(g: &Geometry, groups: &[u32], gap: f64) -> Vec<EdgeMark> {
    let b = g.board;
    let regions = b.region_names().len();
    let group_of = |r: usize| groups.iter().position(|m| m & (1 << r) != 0);
    // Per region: its group and the mean direction of its border sides.
    let mut facing: Vec<Option<(usize, f64)>> = vec![None; regions];
    let border = |id: Cell| -> Vec<Side> {
        g.sides(id)
            .into_iter()
            .filter(|s| g.across(id, s.step).is_none() && !g.blocked_across(id, s.step))
            .collect()
    };
    for (r, slot) in facing.iter_mut().enumerate() {
        let Some(group) = group_of(r) else {
            continue;
        };
        let (mut sx, mut sy, mut n) = (0.0, 0.0, 0);
        for c in b.cells().filter(|&c| b.regions_of(c) & (1 << r) != 0) {
            for s in border(c) {
                sx += s.angle.cos();
                sy += s.angle.sin();
                n += 1;
            }
        }
        if n > 0 {
            // A region all round the board has no one direction: all its sides count.
            let mean = if sx.hypot(sy) < 1e-9 {
                f64::NAN
            } else {
                sy.atan2(sx)
            };
            *slot = Some((group, mean));
        }
    }
    let diff = |a: f64, b: f64| {
        let d = (a - b).rem_euclid(2.0 * PI);
        if d > PI {
            d - 2.0 * PI
        } else {
            d
        }
    };
    let mut marks = Vec::new();
    for c in b.cells() {
        let mine = b.regions_of(c);
        if mine == 0 {
            continue;
        }
        for s in border(c) {
            // The regions this side belongs to, with the signed angle from the side to
            // the region's direction.
            let mut takers: Vec<(usize, usize, f64)> = (0..regions)
                .filter(|r| mine & (1 << r) != 0)
                .filter_map(|r| facing[r].map(|(group, mean)| (r, group, mean)))
                .filter_map(|(r, group, mean)| {
                    if mean.is_nan() {
                        return Some((r, group, 0.0));
                    }
                    let d = diff(mean, s.angle);
                    (d.abs() < PI / 3.0 - 1e-6).then_some((r, group, d))
                })
                .collect();
            takers.sort_by(|a, b| a.2.total_cmp(&b.2));
            let [a, e] = s.ends;
            let mark = |(region, group, _): (usize, usize, f64), ends| EdgeMark {
                group,
                region,
                ends,
            };
            match (takers.first(), takers.last()) {
                (Some(&first), Some(&last)) if first.0 != last.0 => {
                    // The end at the smaller angle goes to the region turned that way.
                    let mid = ((a.0 + e.0) / 2.0, (a.1 + e.1) / 2.0);
                    marks.push(mark(first, [a, mid]));
                    marks.push(mark(last, [mid, e]));
                }
                (Some(&only), _) => marks.push(mark(only, [a, e])),
                _ => {}
            }
        }
    }
    separate(&mut marks, gap);
    marks
}

/// Shortens each stretch by `gap` pixels at an end where a stretch of another region of
/// the same group begins.
fn separate(marks: &mut [EdgeMark], gap: f64) {
    if gap <= 0.0 {
        return;
    }
    let same = |p: Pt, q: Pt| (p.0 - q.0).hypot(p.1 - q.1) < 0.5;
    let meets_other = |m: &EdgeMark, end: Pt, all: &[EdgeMark]| {
        all.iter().any(|o| {
            o.group == m.group && o.region != m.region && o.ends.iter().any(|&p| same(p, end))
        })
    };
    let ends: Vec<[bool; 2]> = marks
        .iter()
        .map(|m| [0, 1].map(|i| meets_other(m, m.ends[i], marks)))
        .collect();
    for (m, cut) in marks.iter_mut().zip(ends) {
        let [a, e] = m.ends;
        let len = (e.0 - a.0).hypot(e.1 - a.1);
        if len < 1e-9 {
            continue;
        }
        let by = gap.min(0.45 * len) / len;
        let (dx, dy) = ((e.0 - a.0) * by, (e.1 - a.1) * by);
        if cut[0] {
            m.ends[0] = (a.0 + dx, a.1 + dy);
        }
        if cut[1] {
            m.ends[1] = (e.0 - dx, e.1 - dy);
        }
    }
}
