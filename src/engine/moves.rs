//! Moves and their notation. A move is a placement, the swap, a (forced) pass, or a
//! turn of one or two steps; each step places a piece, moves one piece, or moves a line.
//!
//! Notation, shared by `legal_moves`, records, `--moves` and the REPL:
//! `c4` (place), `d5-f5` (move a piece from d5 to f5), `c2:c3-c5` (move the line whose
//! rear is c2 and front c3 until its front reaches c5), steps joined by `,`
//! (`d5-f5,c4`), and `swap`, `pass`.

use crate::rules::board::{Board, Cell};
use crate::rules::Rules;

/// Text that is not a move in this game's notation, with what a move looks like.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a move: {expected}")]
pub struct NotationError {
    /// The text as given (trimmed).
    pub text: String,
    /// What to write instead, e.g. "write a point from a1 to c3, `swap` or `pass`".
    pub expected: String,
}

/// One step of a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Step {
    /// A piece placed on a cell.
    Place(Cell),
    /// One piece moved from a cell to another (a slide, or a line of one).
    Move { from: Cell, to: Cell },
    /// A line of two or more pieces, `rear` to `front`, moved until its front is on `to`.
    Line { rear: Cell, front: Cell, to: Cell },
}

/// A move: a placement, the swap, a (forced) pass, or a turn of steps.
///
/// A turn made of one placement is always `Move::Place`; other turns are `One` or `Two`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    Place(Cell),
    Swap,
    Pass,
    One(Step),
    Two(Step, Step),
}

impl Move {
    /// The move made of these steps, in canonical form.
    pub fn from_steps(steps: &[Step]) -> Move {
        match steps {
            [Step::Place(c)] => Move::Place(*c),
            [a] => Move::One(*a),
            [a, b] => Move::Two(*a, *b),
            _ => Move::Pass,
        }
    }

    /// The steps of the move (none for the swap and a pass).
    pub fn steps(&self) -> ([Step; 2], usize) {
        match *self {
            Move::Place(c) => ([Step::Place(c), Step::Place(c)], 1),
            Move::One(a) => ([a, a], 1),
            Move::Two(a, b) => ([a, b], 2),
            Move::Swap | Move::Pass => ([Step::Place(0), Step::Place(0)], 0),
        }
    }

    /// The move in notation: `c4`, `d5-f5,c4`, `c2:c3-c5`, `swap`, `pass`.
    pub fn to_text(self, rules: &Rules) -> String {
        let b = rules.board();
        match self {
            Move::Swap => "swap".into(),
            Move::Pass => "pass".into(),
            _ => {
                let (steps, n) = self.steps();
                steps[..n]
                    .iter()
                    .map(|s| step_text(*s, b))
                    .collect::<Vec<_>>()
                    .join(",")
            }
        }
    }

    /// Reads a move in notation. It is not checked against the position.
    pub fn parse(text: &str, rules: &Rules) -> Result<Move, NotationError> {
        let t = text.trim();
        match t.to_ascii_lowercase().as_str() {
            "swap" => return Ok(Move::Swap),
            "pass" => return Ok(Move::Pass),
            _ => {}
        }
        let b = rules.board();
        let bad = || {
            let first = b.cells().next().unwrap_or(0);
            let last = b.cells().last().unwrap_or(0);
            NotationError {
                text: t.to_string(),
                expected: format!(
                    "write a point from {} to {}, `swap` or `pass`",
                    b.cell_name(first),
                    b.cell_name(last)
                ),
            }
        };
        let parts: Vec<&str> = t.split(',').collect();
        if parts.is_empty() || parts.len() > 2 {
            return Err(bad());
        }
        let mut steps = Vec::new();
        for p in parts {
            steps.push(parse_step(p.trim(), b).ok_or_else(bad)?);
        }
        Ok(Move::from_steps(&steps))
    }
}

fn step_text(s: Step, b: &Board) -> String {
    match s {
        Step::Place(c) => b.cell_name(c),
        Step::Move { from, to } => format!("{}-{}", b.cell_name(from), b.cell_name(to)),
        Step::Line { rear, front, to } => format!(
            "{}:{}-{}",
            b.cell_name(rear),
            b.cell_name(front),
            b.cell_name(to)
        ),
    }
}

fn parse_step(t: &str, b: &Board) -> Option<Step> {
    if let Some((line, to)) = t.split_once('-') {
        let to = b.parse_cell(to.trim())?;
        if let Some((rear, front)) = line.split_once(':') {
            let (rear, front) = (b.parse_cell(rear.trim())?, b.parse_cell(front.trim())?);
            if rear == front {
                return Some(Step::Move { from: rear, to });
            }
            return Some(Step::Line { rear, front, to });
        }
        let from = b.parse_cell(line.trim())?;
        return Some(Step::Move { from, to });
    }
    b.parse_cell(t).map(Step::Place)
}
