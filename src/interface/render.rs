//! The board as text. [`board`] is what the playtest REPL shows: every board shape
//! (squares, rectangles with holes, hexagons, rhombi, triangles) inside a frame drawn
//! along its edges, each edge in its owner's colour (or, without colour, in a character
//! of its own that is no stone's letter), row numbers at both ends of every row, column
//! letters outside the frame, blocked cells as `#`, the last move in parentheses and a
//! finished game's winning cells marked. [`plain`] is the bare drawing `replay` and
//! `rules` print.
//!
//! It asks the board only for its grid (`width`, `height`, `cell_at`, `screen`), its
//! blocked positions, its cell names and its regions, so it knows no game. Hex boards
//! shift each row half a cell from the next, so that a cell's six neighbours sit around
//! it; their columns run up and to the right, and each column's letter stands where its
//! line meets the row of letters above or below the board.

use crate::engine::state::{Slot, State};
use crate::interface::picture::style;
use crate::rules::board::{self as grid, column_name, Board, Cell};
use crate::rules::Rules;

/// ANSI styles, used only when colour is on.
const RESET: &str = "\x1b[0m";
const DIM: &str = "\x1b[2m";
/// The last move's brackets: bold magenta, apart from both players' colours.
const MARK: &str = "\x1b[1;35m";
/// Winning cells: reverse video, so the piece keeps its colour as the background.
const REVERSE: &str = "\x1b[7m";
/// The players' colours by tone (see `picture::style::tones`): the dark player blue and
/// the light player orange, the pictures' edge colours (told apart by colour-blind
/// readers too).
const TONE: [&str; 2] = ["\x1b[1;38;5;33m", "\x1b[1;38;5;208m"];
/// Without colour, a player's edges are drawn with these (never a stone's letter).
const EDGE_PLAIN: [char; 2] = ['=', ':'];

/// A player's tone: 0 dark, 1 light (players named `black`/`white` get theirs whatever
/// the order of the `players` line).
fn tone(rules: &Rules, colour: usize) -> usize {
    style::tones(rules.players())
        .get(colour)
        .copied()
        .unwrap_or(colour)
}

/// The letter of a player's pieces: `X` for the dark player, `O` for the light one.
pub fn symbol(rules: &Rules, colour: usize) -> char {
    match tone(rules, colour) {
        0 => 'X',
        1 => 'O',
        _ => '?',
    }
}

/// `text` in the player's colour, if colour is on.
pub fn paint(rules: &Rules, text: &str, colour: usize, on: bool) -> String {
    match TONE.get(tone(rules, colour)) {
        Some(code) if on => format!("{code}{text}{RESET}"),
        _ => text.to_string(),
    }
}

/// How one character is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ink {
    Plain,
    Dim,
    /// A player's colour, by colour index.
    Player(usize),
    Mark,
}

/// One character of the drawing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Dot {
    ch: char,
    ink: Ink,
    reverse: bool,
}

const BLANK: Dot = Dot {
    ch: ' ',
    ink: Ink::Plain,
    reverse: false,
};

/// A grid of characters addressed by signed coordinates, grown as it is written.
#[derive(Default)]
struct Canvas {
    dots: std::collections::BTreeMap<(i32, i32), Dot>,
}

impl Canvas {
    fn put(&mut self, row: i32, col: i32, ch: char, ink: Ink) {
        self.dots.insert(
            (row, col),
            Dot {
                ch,
                ink,
                reverse: false,
            },
        );
    }

    fn text(&mut self, row: i32, col: i32, text: &str, ink: Ink) {
        for (i, ch) in text.chars().enumerate() {
            self.put(row, col + i as i32, ch, ink);
        }
    }

    fn get(&self, row: i32, col: i32) -> Option<Dot> {
        self.dots.get(&(row, col)).copied()
    }

    /// The lines, left-aligned to the leftmost character, trailing blanks dropped.
    fn render(&self, rules: &Rules, colour: bool) -> String {
        let Some(left) = self.dots.keys().map(|k| k.1).min() else {
            return String::new();
        };
        let rows: std::collections::BTreeSet<i32> = self.dots.keys().map(|k| k.0).collect();
        let (top, bottom) = (*rows.first().unwrap_or(&0), *rows.last().unwrap_or(&0));
        let mut out = String::new();
        for row in top..=bottom {
            let right = self
                .dots
                .range((row, i32::MIN)..=(row, i32::MAX))
                .filter(|(_, d)| d.ch != ' ' || d.reverse)
                .map(|(k, _)| k.1)
                .max();
            if let Some(right) = right {
                for col in left..=right {
                    let d = self.get(row, col).unwrap_or(BLANK);
                    out.push_str(&styled(rules, d, colour));
                }
            }
            out.push('\n');
        }
        out
    }
}

/// A character with its style's escape codes around it (none without colour).
fn styled(rules: &Rules, d: Dot, colour: bool) -> String {
    if !colour || (d.ink == Ink::Plain && !d.reverse) {
        return d.ch.to_string();
    }
    let mut s = String::new();
    match d.ink {
        Ink::Plain => {}
        Ink::Dim => s.push_str(DIM),
        Ink::Player(p) => s.push_str(TONE.get(tone(rules, p)).copied().unwrap_or("")),
        Ink::Mark => s.push_str(MARK),
    }
    if d.reverse {
        s.push_str(REVERSE);
    }
    s.push(d.ch);
    s.push_str(RESET);
    s
}

/// What to mark on the board besides the pieces.
#[derive(Debug, Clone, Copy, Default)]
pub struct Marks<'a> {
    /// The position before the last move: every cell that changed is marked.
    pub previous: Option<&'a State>,
    /// The winning chain or group of a finished game.
    pub winning: &'a [Cell],
    pub colour: bool,
}

/// The board with its frame, coordinates and the last move marked, then the legend.
/// `prev` is the position before the last move, if known.
pub fn board(state: &State, prev: Option<&State>, colour: bool) -> String {
    board_marked(
        state,
        &Marks {
            previous: prev,
            winning: &[],
            colour,
        },
    )
}

/// [`board`] with the winning cells marked too: in reverse video with colour, else in
/// square brackets (which then take the place of the last move's parentheses).
pub fn board_marked(state: &State, marks: &Marks) -> String {
    let rules = state.rules();
    let layout = Layout::new(rules);
    let mut canvas = Canvas::default();
    layout.draw_frame(&mut canvas, rules, marks.colour);
    layout.draw_labels(&mut canvas);
    layout.draw_cells(&mut canvas, state, marks);
    let mut out = canvas.render(rules, marks.colour);
    out.push_str(&legend(rules, marks.colour));
    out.push('\n');
    out
}

/// Where everything goes: each grid position's column (rows are the screen rows of
/// the board, 0 at the top) and each row's extent.
struct Layout<'a> {
    board: &'a Board,
    /// Characters per cell: one per piece kind.
    width: i32,
    /// Positions drawn (cells and blocked cells), by screen row: (column, x, y).
    rows: Vec<Vec<(i32, i32, i32)>>,
    /// The outward directions of each built-in edge (by region bit), for owners.
    edges: Vec<(usize, Vec<(i32, i32)>)>,
    /// The smallest `2x + y` of a drawn position on a hex board (the leftmost column).
    hex_min: i32,
}

impl<'a> Layout<'a> {
    fn new(rules: &'a Rules) -> Layout<'a> {
        let b = rules.board();
        let width = rules.pieces().len().max(1) as i32;
        let mut rows = vec![Vec::new(); b.height];
        let blocked: Vec<Cell> = b.blocked().to_vec();
        let positions = b.cells().chain(blocked);
        let hex_min = b
            .cells()
            .chain(b.blocked().iter().copied())
            .map(|c| {
                let (x, y) = b.xy(c);
                2 * x + y
            })
            .min()
            .unwrap_or(0);
        for c in positions {
            let (x, y) = b.xy(c);
            let col = column_at(b, width, hex_min, x, y);
            rows[b.height - 1 - y as usize].push((col, x, y));
        }
        for r in &mut rows {
            r.sort_unstable();
        }
        let dirs: &[(i32, i32)] = if b.is_hex() {
            &[(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)]
        } else {
            &[(1, 0), (0, 1), (-1, 0), (0, -1)]
        };
        let edges = grid::edge_names(b.shape)
            .iter()
            .filter_map(|name| {
                let bit = b.region_index(name)?;
                let mut cells = b.cells().filter(|&c| b.regions_of(c) >> bit & 1 == 1);
                let first = cells.next()?;
                let out = |c: Cell| -> Vec<(i32, i32)> {
                    dirs.iter().copied().filter(|&d| b.outside(c, d)).collect()
                };
                let mut common = out(first);
                for c in cells {
                    let o = out(c);
                    common.retain(|d| o.contains(d));
                }
                Some((bit, common))
            })
            .collect();
        Layout {
            board: b,
            width,
            rows,
            edges,
            hex_min,
        }
    }

    /// The column of grid position `(x, y)`, on the board or beyond it.
    fn col(&self, x: i32, y: i32) -> i32 {
        column_at(self.board, self.width, self.hex_min, x, y)
    }

    /// The screen row of grid row `y`.
    fn row(&self, y: i32) -> i32 {
        self.board.height as i32 - 1 - y
    }

    fn extent(&self, r: usize) -> Option<(i32, i32)> {
        let row = self.rows.get(r)?;
        Some((row.first()?.0, row.last()?.0))
    }

    /// The first and last screen rows that hold a position.
    fn span(&self) -> (usize, usize) {
        let filled: Vec<usize> = (0..self.rows.len())
            .filter(|&r| !self.rows[r].is_empty())
            .collect();
        (
            filled.first().copied().unwrap_or(0),
            filled.last().copied().unwrap_or(0),
        )
    }

    /// Who owns the edge beyond `(x, y)` in direction `d`: the player owning every
    /// built-in edge of the cell that faces that way, if there is exactly one.
    fn owner(&self, rules: &Rules, x: i32, y: i32, d: (i32, i32)) -> Option<usize> {
        let c = self.board.cell_at(x, y)?;
        let regions = self.board.regions_of(c);
        let mut owners = Vec::new();
        for (bit, dirs) in &self.edges {
            if regions >> bit & 1 == 1 && dirs.contains(&d) {
                for p in 0..rules.players().len().min(2) {
                    if rules.connect().own[p] >> bit & 1 == 1 && !owners.contains(&p) {
                        owners.push(p);
                    }
                }
                if !(0..2).any(|p| rules.connect().own[p] >> bit & 1 == 1) {
                    owners.push(usize::MAX);
                }
            }
        }
        match owners[..] {
            [p] if p != usize::MAX => Some(p),
            _ => None,
        }
    }

    /// The frame: a line above and below, and a character at both ends of every row,
    /// slanted on hex boards as the side runs.
    fn draw_frame(&self, canvas: &mut Canvas, rules: &Rules, colour: bool) {
        let b = self.board;
        let w = self.width;
        let (first, last) = self.span();
        let ink = |owner: Option<usize>| owner.map_or(Ink::Dim, Ink::Player);
        let horizontal = |owner: Option<usize>| match (owner, colour) {
            (Some(_), true) => '━',
            (None, true) => '─',
            (Some(p), false) => EDGE_PLAIN[tone(rules, p).min(1)],
            (None, false) => '-',
        };
        // The lines above and below.
        for (r, up) in [(first, true), (last, false)] {
            let line = if up { r as i32 - 1 } else { r as i32 + 1 };
            let d = if up { (0, 1) } else { (0, -1) };
            let Some((lo, hi)) = self.extent(r) else {
                continue;
            };
            let (from, to) = if b.is_hex() {
                (lo - 1, hi + w)
            } else {
                (lo - 1 - w, hi + w + 1)
            };
            let mut last_owner = None;
            for col in from..=to {
                let here = self.rows[r]
                    .iter()
                    .find(|p| col >= p.0 - 1 && col <= p.0 + w);
                let owner = here.map_or(last_owner, |&(_, x, y)| self.owner(rules, x, y, d));
                last_owner = owner;
                canvas.put(line, col, horizontal(owner), ink(owner));
            }
            if !b.is_hex() {
                let (l, rt) = match (colour, up) {
                    (false, _) => ('+', '+'),
                    (true, true) => ('┏', '┓'),
                    (true, false) => ('┗', '┛'),
                };
                canvas.put(line, from, l, Ink::Dim);
                canvas.put(line, to, rt, Ink::Dim);
            }
        }
        // Both ends of every row.
        for r in first..=last {
            let Some((lo, hi)) = self.extent(r) else {
                continue;
            };
            let row = &self.rows[r];
            for (left, col, &(_, x, y)) in [
                (true, lo - 1 - w, row.first().expect("a row with an extent")),
                (false, hi + w + 1, row.last().expect("a row with an extent")),
            ] {
                let d = if left { (-1, 0) } else { (1, 0) };
                let owner = self.owner(rules, x, y, d);
                let slant = self.slant(r, left);
                let ch = match (owner, colour, slant) {
                    (Some(p), false, _) => EDGE_PLAIN[tone(rules, p).min(1)],
                    (_, _, '/') if colour => '╱',
                    (_, _, '\\') if colour => '╲',
                    (Some(_), true, '|') => '┃',
                    (None, true, '|') => '│',
                    (_, _, s) => s,
                };
                canvas.put(r as i32, col, ch, ink(owner));
            }
        }
    }

    /// How the side at one end of row `r` runs: `|` straight up, `/` or `\` slanted,
    /// `<` or `>` at a hexagon's corner.
    fn slant(&self, r: usize, left: bool) -> char {
        let end = |r: usize| self.extent(r).map(|(lo, hi)| if left { lo } else { hi });
        let Some(here) = end(r) else {
            return '|';
        };
        let up = r.checked_sub(1).and_then(end).map(|c| c - here);
        let down = end(r + 1).map(|c| c - here);
        let (up, down) = match (up, down) {
            (Some(u), Some(d)) => (u, d),
            (Some(u), None) => (u, -u),
            (None, Some(d)) => (-d, d),
            (None, None) => (0, 0),
        };
        match (up.signum(), down.signum()) {
            (1, -1) => '/',
            (-1, 1) => '\\',
            // The row sticks out beyond both its neighbours, or falls short of both.
            (1, 1) => '<',
            (-1, -1) => '>',
            _ => '|',
        }
    }

    /// Row numbers at both ends of every row; column letters in a row above the top
    /// frame (for the columns that reach the top row) and below the bottom one (for
    /// those that reach the bottom row), where each column's line meets that row.
    fn draw_labels(&self, canvas: &mut Canvas) {
        let b = self.board;
        let w = self.width;
        let (first, last) = self.span();
        for r in first..=last {
            let Some((lo, hi)) = self.extent(r) else {
                continue;
            };
            let label = (b.height - r).to_string();
            let n = label.chars().count() as i32;
            canvas.text(r as i32, lo - 2 - w - n, &label, Ink::Plain);
            canvas.text(r as i32, hi + w + 3, &label, Ink::Plain);
        }
        let (top_y, bottom_y) = ((b.height - 1 - first) as i32, (b.height - 1 - last) as i32);
        let reaches = |x: i32, y: i32| self.rows.iter().flatten().any(|p| p.1 == x && p.2 == y);
        let mut top = Vec::new();
        let mut bottom = Vec::new();
        for x in 0..b.width as i32 {
            if !self.rows.iter().flatten().any(|p| p.1 == x) {
                continue;
            }
            let (t, bt) = (reaches(x, top_y), reaches(x, bottom_y));
            if t || !bt {
                top.push(x);
            }
            if bt || !t {
                bottom.push(x);
            }
        }
        // A lone letter above (a triangle's apex) says nothing the row below does not.
        if top.len() < 2 && top.iter().all(|x| bottom.contains(x)) {
            top.clear();
        }
        for (xs, y, row) in [
            (&top, top_y + 2, first as i32 - 2),
            (&bottom, bottom_y - 2, last as i32 + 2),
        ] {
            for &x in xs {
                canvas.text(row, self.col(x, y), &column_name(x as usize), Ink::Plain);
            }
        }
    }

    /// The pieces, blocked cells, the last move's brackets and the winning cells.
    fn draw_cells(&self, canvas: &mut Canvas, state: &State, marks: &Marks) {
        let b = self.board;
        let w = self.width;
        let n = b.len();
        let kinds = state.rules().pieces().len();
        let changed = |c: Cell| match marks.previous {
            Some(p) if p.cells().len() == state.cells().len() => (0..kinds)
                .any(|k| p.cells()[k * n + c as usize] != state.cells()[k * n + c as usize]),
            _ => false,
        };
        // Brackets go between cells; two marked neighbours share a bar.
        let mut brackets: Vec<(i32, i32, char, Ink)> = Vec::new();
        for &(col, x, y) in self.rows.iter().flatten() {
            let row = self.row(y);
            let Some(c) = b.cell_at(x, y) else {
                canvas.text(row, col, &"#".repeat(w as usize), Ink::Dim);
                continue;
            };
            for (k, ch) in cell_text(state, c).chars().enumerate() {
                let ink = match state.slot(k, c) {
                    Slot::Player(p) => Ink::Player(p),
                    Slot::Neutral => Ink::Plain,
                    Slot::Empty => Ink::Dim,
                };
                canvas.put(row, col + k as i32, ch, ink);
            }
            let won = marks.winning.contains(&c);
            if won && marks.colour {
                for i in 0..w {
                    if let Some(d) = canvas.dots.get_mut(&(row, col + i)) {
                        d.reverse = true;
                    }
                }
            }
            let pair = if won && !marks.colour {
                Some(('[', ']'))
            } else if changed(c) {
                Some(('(', ')'))
            } else {
                None
            };
            if let Some((open, close)) = pair {
                brackets.push((row, col - 1, open, Ink::Mark));
                brackets.push((row, col + w, close, Ink::Mark));
            }
        }
        brackets.sort_by_key(|&(r, c, ch, _)| (r, c, ch != ')' && ch != ']'));
        for (i, &(row, col, ch, ink)) in brackets.iter().enumerate() {
            let shared = i > 0 && brackets[i - 1].0 == row && brackets[i - 1].1 == col;
            canvas.put(row, col, if shared { '|' } else { ch }, ink);
        }
    }
}

/// The column of grid position `(x, y)` before the board is shifted to start at 0.
fn column_at(b: &Board, width: i32, hex_min: i32, x: i32, y: i32) -> i32 {
    if b.is_hex() {
        (2 * x + y - hex_min) * width
    } else {
        x * (width + 1)
    }
}

/// One line naming each player's letter and the edges they own with the character
/// they are drawn in, then the neutral pieces and blocked cells if any, e.g.
/// `X black: top, bottom (=)   O white: left, right (:)`.
pub fn legend(rules: &Rules, colour: bool) -> String {
    let names = rules.board().region_names();
    let mut parts: Vec<String> = rules
        .players()
        .iter()
        .enumerate()
        .map(|(p, name)| {
            let own: Vec<&str> = names
                .iter()
                .enumerate()
                .filter(|(b, _)| p < 2 && rules.connect().own[p] >> b & 1 == 1)
                .map(|(_, n)| n.as_str())
                .collect();
            let edges = if own.is_empty() {
                String::new()
            } else {
                let line = if colour {
                    '━'
                } else {
                    EDGE_PLAIN[tone(rules, p).min(1)]
                };
                format!(
                    ": {} ({})",
                    own.join(", "),
                    paint(rules, &line.to_string(), p, colour)
                )
            };
            format!(
                "{} {name}{edges}",
                paint(rules, &symbol(rules, p).to_string(), p, colour)
            )
        })
        .collect();
    for piece in rules.pieces().iter().filter(|p| p.neutral) {
        parts.push(format!("* {} (neutral)", piece.name));
    }
    if !rules.board().blocked().is_empty() {
        parts.push("# blocked".into());
    }
    parts.join("   ")
}

/// The text of one cell: a character per piece kind (`X`/`O` for the players' pieces,
/// `*` for neutral ones, `.` or a space when absent), as wide for every cell.
pub fn cell_text(state: &State, cell: Cell) -> String {
    let rules = state.rules();
    (0..rules.pieces().len())
        .map(|k| match state.slot(k, cell) {
            Slot::Empty if k == 0 => '.',
            Slot::Empty => ' ',
            Slot::Player(p) => symbol(rules, p),
            Slot::Neutral => '*',
        })
        .collect()
}

/// The board as text, top row first, with row numbers on the left and column
/// letters below (on hex boards, below each column's lowest cell, down and to the
/// left, where the column's diagonal would continue).
pub fn plain(state: &State) -> String {
    let b = state.rules().board();
    let width = state.rules().pieces().len();
    let unit = if b.is_hex() { width } else { width + 1 };
    let label_w = b.height.to_string().len() + 1;
    let cols = b.cells().map(|c| b.screen(c).0).max().unwrap_or(0) * unit + width + 4 + unit;
    let mut grid = vec![vec![' '; label_w + 1 + cols]; b.height + 1];
    for (row, line) in grid.iter_mut().enumerate().take(b.height) {
        let label = format!("{:>w$}", b.height - row, w = label_w);
        for (i, ch) in label.chars().enumerate() {
            line[i] = ch;
        }
    }
    // Hex boards keep a column free on the left for the letters of the columns that
    // end on the lower-left side.
    let margin = if b.is_hex() { unit.max(1) } else { 0 };
    let at = |sx: usize| label_w + 1 + margin + sx * unit;
    for c in b.cells() {
        let (sx, sy) = b.screen(c);
        for (i, ch) in plain_cell_text(state, c).chars().enumerate() {
            grid[sy][at(sx) + i] = ch;
        }
    }
    for x in 0..b.width as i32 {
        let Some(low) = (0..b.height as i32).find_map(|y| b.cell_at(x, y)) else {
            continue;
        };
        let (sx, sy) = b.screen(low);
        let col = if b.is_hex() {
            at(sx).saturating_sub(unit.max(1))
        } else {
            at(sx)
        };
        let row = (sy + 1).min(b.height);
        for (i, ch) in column_name(x as usize).chars().enumerate() {
            if let Some(slot) = grid[row].get_mut(col + i) {
                *slot = ch;
            }
        }
    }
    let mut s = String::new();
    for line in grid {
        let text: String = line.into_iter().collect();
        s.push_str(text.trim_end());
        s.push('\n');
    }
    s
}

/// A cell as [`plain`] draws it: `X` for the first player's pieces, `O` for the
/// second's, whatever their names (what `replay` and `rules` have always printed).
fn plain_cell_text(state: &State, cell: Cell) -> String {
    (0..state.rules().pieces().len())
        .map(|k| match state.slot(k, cell) {
            Slot::Empty if k == 0 => '.',
            Slot::Empty => ' ',
            Slot::Player(0) => 'X',
            Slot::Player(1) => 'O',
            Slot::Player(_) => '?',
            Slot::Neutral => '*',
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Overrides;

    fn start(size: i64) -> State {
        let o = Overrides {
            sets: vec![],
            size: Some(size),
        };
        State::new(
            crate::load_file("tests/data/square.game", &o)
                .unwrap()
                .rules,
        )
    }

    #[test]
    fn plain_text_marks_every_changed_cell_and_no_colour() {
        let before = start(3).replay("a1 b1").unwrap();
        let after = before.clone().replay("a2 c3").unwrap();
        assert_eq!(
            board(&after, Some(&before), false),
            "    a b c
  +=======+
3 : . .(O): 3
2 :(X). . : 2
1 : X O . : 1
  +=======+
    a b c
X black: top, bottom (=)   O white: left, right (:)
"
        );
        // Two neighbouring changes (as a compound move would make) share a bar.
        let both = before.clone().replay("b2 c2").unwrap();
        let text = board(&both, Some(&before), false);
        assert!(text.contains("2 : .(X|O): 2\n"), "{text}");
        assert!(!text.contains('\x1b'));
        // Nothing is marked without a previous position.
        let unmarked = board(&after, None, false);
        assert!(
            !unmarked.lines().take(7).any(|l| l.contains('(')),
            "{unmarked}"
        );
    }

    #[test]
    fn winning_cells_are_bracketed_without_colour_and_reversed_with_it() {
        let s = start(3).replay("b1 a1 b2 a2 b3").unwrap();
        let won = s.winning_cells();
        let text = board_marked(
            &s,
            &Marks {
                previous: None,
                winning: &won,
                colour: false,
            },
        );
        assert!(
            text.contains("3 : .[X]. : 3\n2 : O[X]. : 2\n1 : O[X]. : 1\n"),
            "{text}"
        );
        let text = board_marked(
            &s,
            &Marks {
                previous: None,
                winning: &won,
                colour: true,
            },
        );
        assert_eq!(text.matches(REVERSE).count(), 3, "{text}");
    }

    #[test]
    fn colour_paints_stones_and_edges_by_owner() {
        let s = start(3).replay("b2").unwrap();
        let text = board(&s, Some(&start(3)), true);
        assert!(text.contains(&format!("{}X{RESET}", TONE[0])), "{text}");
        assert!(text.contains(&format!("{}┃{RESET}", TONE[1])), "{text}");
        assert!(text.contains(&format!("{}━{RESET}", TONE[0])), "{text}");
        assert!(text.contains(&format!("{MARK}({RESET}")), "{text}");
    }
}
