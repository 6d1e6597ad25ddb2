//! The board as the playtest REPL shows it: coordinates on all four sides, each
//! player's own edges drawn along the board in that player's symbol (or colour), and
//! the last move in parentheses. Colour is optional so that scripts and tests get
//! plain text.
//!
//! It asks the board only for its grid (`width`, `height`, `cell_at`), its cell names
//! and its regions, so it knows no game. Boards of squares that fill their grid and have
//! `top`/`bottom`/`left`/`right` regions get the framed drawing ([`board`]); hex boards,
//! boards with holes and several layers get the plain one ([`plain`]: hex rows offset
//! so that neighbours touch) and a line saying which edges each player owns.

use crate::engine::state::{Slot, State};
use crate::rules::board::{column_name, Cell};
use crate::rules::Rules;

/// ANSI styles, used only when colour is on.
const RESET: &str = "\x1b[0m";
const DIM: &str = "\x1b[2m";
const MARK: &str = "\x1b[1;33m";
const PLAYER: [&str; 2] = ["\x1b[1;31m", "\x1b[1;36m"];

/// The symbol of a player's pieces: `X` for the first, `O` for the second.
pub fn symbol(colour: usize) -> char {
    match colour {
        0 => 'X',
        1 => 'O',
        _ => '?',
    }
}

/// `text` in the player's colour, if colour is on.
pub fn paint(text: &str, colour: usize, on: bool) -> String {
    match PLAYER.get(colour) {
        Some(code) if on => format!("{code}{text}{RESET}"),
        _ => text.to_string(),
    }
}

/// The owner of what stands on a cell (the one place that reads a cell's content).
fn occupant(state: &State, cell: Cell) -> Option<usize> {
    state.piece_at(cell)
}

/// The players who own a named region, by colour.
fn owners(rules: &Rules, region: &str) -> Vec<usize> {
    let Some(bit) = rules.board().region_index(region) else {
        return Vec::new();
    };
    (0..rules.players().len().min(2))
        .filter(|&p| rules.connect().own[p] & (1 << bit) != 0)
        .collect()
}

/// One line naming each player's symbol and the edges they own, e.g.
/// `X black: top, bottom   O white: left, right`.
pub fn legend(rules: &Rules, colour: bool) -> String {
    let names = rules.board().region_names();
    let parts: Vec<String> = rules
        .players()
        .iter()
        .enumerate()
        .map(|(p, name)| {
            let own: Vec<&str> = names
                .iter()
                .enumerate()
                .filter(|(b, _)| p < 2 && rules.connect().own[p] & (1 << b) != 0)
                .map(|(_, n)| n.as_str())
                .collect();
            let edges = if own.is_empty() {
                String::new()
            } else {
                format!(": {}", own.join(", "))
            };
            format!("{} {name}{edges}", paint(&symbol(p).to_string(), p, colour))
        })
        .collect();
    parts.join("   ")
}

/// The text before a name's first digit (a column label) and from it on (a row label).
fn split_name(name: &str) -> (&str, &str) {
    let i = name
        .find(|c: char| c.is_ascii_digit())
        .unwrap_or(name.len());
    name.split_at(i)
}

/// The board with coordinates, marked edges and the last move, then the legend.
/// `prev` is the position before the last move, if known: what changed is marked.
pub fn board(state: &State, prev: Option<&State>, colour: bool) -> String {
    let rules = state.rules();
    let b = rules.board();
    let (w, h) = (b.width as i32, b.height as i32);
    let full_grid = (0..h).all(|y| (0..w).all(|x| b.cell_at(x, y).is_some()));
    let sides = ["top", "bottom", "left", "right"];
    if b.is_hex()
        || rules.pieces().len() > 1
        || !full_grid
        || w == 0
        || h == 0
        || sides.iter().any(|s| b.region_index(s).is_none())
    {
        return format!("{}{}\n", plain(state), legend(rules, colour));
    }
    let cell = |x: i32, y: i32| b.cell_at(x, y).expect("the grid is full");
    let cols: Vec<String> = (0..w)
        .map(|x| split_name(&b.cell_name(cell(x, 0))).0.to_string())
        .collect();
    let rows: Vec<String> = (0..h)
        .map(|y| split_name(&b.cell_name(cell(0, y))).1.to_string())
        .collect();
    let cw = cols
        .iter()
        .map(|c| c.chars().count())
        .max()
        .unwrap_or(1)
        .max(1);
    let rw = rows.iter().map(|r| r.chars().count()).max().unwrap_or(1);
    // The last move is whatever changed since the previous position: one cell for a
    // placement, several for a compound move or a capture, none for a pass or the swap.
    let changed = |x: i32, y: i32| match prev {
        Some(p) if p.cells().len() == state.cells().len() => {
            let c = cell(x, y) as usize;
            p.cells()[c] != state.cells()[c]
        }
        _ => false,
    };
    let side_owner = |side: &str| owners(rules, side).first().copied();
    let dim = |t: &str| {
        if colour {
            format!("{DIM}{t}{RESET}")
        } else {
            t.to_string()
        }
    };
    // A horizontal edge: the owner's symbol under every column, or a plain line.
    let edge_row = |side: &str| {
        let mut s = format!("{:rw$} ", "");
        let (l, r) = match (colour, side) {
            (false, _) => ("+", "+"),
            (true, "top") => ("┏", "┓"),
            (true, _) => ("┗", "┛"),
        };
        s.push_str(&dim(l));
        match side_owner(side) {
            Some(p) if colour => {
                let line: String = "━".repeat((cw + 1) * w as usize + 1);
                s.push_str(&paint(&line, p, true));
            }
            Some(p) => {
                for _ in 0..w {
                    s.push('-');
                    s.push_str(&format!("{:<cw$}", symbol(p)));
                }
                s.push('-');
            }
            None => s.push_str(&dim(&"-".repeat((cw + 1) * w as usize + 1))),
        }
        s.push_str(&dim(r));
        s.push('\n');
        s
    };
    let side_mark = |side: &str| match side_owner(side) {
        Some(p) if colour => paint("┃", p, true),
        Some(p) => symbol(p).to_string(),
        None => dim("|"),
    };
    let labels = {
        let mut s = format!("{:rw$}  ", "");
        for c in &cols {
            s.push(' ');
            s.push_str(&format!("{c:<cw$}"));
        }
        s.truncate(s.trim_end().len());
        s.push('\n');
        s
    };
    let (left, right) = (side_mark("left"), side_mark("right"));
    let mut out = String::new();
    out.push_str(&labels);
    out.push_str(&edge_row("top"));
    for y in (0..h).rev() {
        let label = &rows[y as usize];
        out.push_str(&format!("{label:>rw$} {left}"));
        for x in 0..=w {
            let before = x > 0 && changed(x - 1, y);
            let here = x < w && changed(x, y);
            let sep = match (before, here) {
                (false, false) => " ",
                (false, true) => "(",
                (true, false) => ")",
                (true, true) => "|",
            };
            out.push_str(&if colour && sep != " " {
                format!("{MARK}{sep}{RESET}")
            } else {
                sep.to_string()
            });
            if x == w {
                break;
            }
            match occupant(state, cell(x, y)) {
                Some(p) => out.push_str(&paint(&symbol(p).to_string(), p, colour)),
                None => out.push_str(&dim(".")),
            }
            out.push_str(&" ".repeat(cw - 1));
        }
        out.push_str(&format!("{right} {label}\n"));
    }
    out.push_str(&edge_row("bottom"));
    out.push_str(&labels);
    out.push_str(&legend(rules, colour));
    out.push('\n');
    out
}

/// The text of one cell: a character per piece kind (`X`/`O` for the players' pieces,
/// `*` for neutral ones, `.` or a space when absent), as wide for every cell.
pub fn cell_text(state: &State, cell: Cell) -> String {
    (0..state.rules().pieces().len())
        .map(|k| match state.slot(k, cell) {
            Slot::Empty if k == 0 => '.',
            Slot::Empty => ' ',
            Slot::Player(p) => symbol(p),
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
        for (i, ch) in cell_text(state, c).chars().enumerate() {
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
        // Two neighbouring changes (as a compound move would make) share a bar.
        let after = before.clone().replay("a2 c3").unwrap();
        let text = board(&after, Some(&before), false);
        assert!(text.contains("2 O(X). . O 2\n"), "{text}");
        assert!(text.contains("3 O . .(O)O 3\n"), "{text}");
        let b = before.clone().replay("b2").unwrap();
        let both = board(&b.clone().replay("c2").unwrap(), Some(&before), false);
        assert!(both.contains("2 O .(X|O)O 2\n"), "{both}");
        assert!(!both.contains('\x1b'));
        // Nothing is marked without a previous position.
        assert!(!board(&after, None, false).contains('('));
    }

    #[test]
    fn colour_paints_stones_and_edges_by_owner() {
        let s = start(3).replay("b2").unwrap();
        let text = board(&s, Some(&start(3)), true);
        assert!(text.contains(&format!("{}X{RESET}", PLAYER[0])), "{text}");
        assert!(text.contains(&format!("{}┃{RESET}", PLAYER[1])), "{text}");
        assert!(
            text.contains(&format!("{}━━━━━━━{RESET}", PLAYER[0])),
            "{text}"
        );
        assert!(text.contains(&format!("{MARK}({RESET}")), "{text}");
    }
}
