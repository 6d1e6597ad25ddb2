//! The board: its size within the supported range, blocked cells, then the declared
//! regions (after the shape's edges, in bit order, as the validator numbered them).

use super::Ctx;
use crate::lang::ast::Ident;
use crate::lang::diagnostic::Diagnostic;
use crate::rules::board::{self, Board, Cell, MAX_SIDE};
use crate::rules::BoardShape;

/// The compiled board, or the errors that stop compiling (a size out of range).
pub(super) fn build(cx: &mut Ctx) -> Result<Board, Vec<Diagnostic>> {
    let def = cx.def;
    let dims: Vec<i64> = def.board_dims.iter().map(|d| cx.value(&d.node)).collect();
    let (min, what, range) = match def.board_shape {
        BoardShape::Hexagon => (2, "a hexagon of side", "a hexagon's side"),
        BoardShape::Square => (2, "a square board of side", "the side"),
        _ => (1, "a board side of", "a side"),
    };
    let max = match def.board_shape {
        BoardShape::Hexagon => (MAX_SIDE + 1) / 2,
        _ => MAX_SIDE,
    };
    let mut errors = Vec::new();
    for (d, e) in dims.iter().zip(&def.board_dims) {
        if !(min..=max).contains(d) {
            errors.push(
                Diagnostic::error(e.span, format!("{what} {d} is not supported"))
                    .with_hint(format!("{range} goes from {min} to {max}")),
            );
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let dims: Vec<usize> = dims.iter().map(|&d| d as usize).collect();
    let grid = Board::new(def.board_shape, &dims, &[]);
    let mut blocked = Vec::new();
    for b in &def.blocked {
        match board::parse_coordinates(&b.node).filter(|&(x, y)| grid.on_board(x, y)) {
            Some(xy) => blocked.push(xy),
            None => cx.errors.push(
                Diagnostic::error(b.span, format!("`{}` is not a cell of this board", b.node))
                    .with_hint(
                    "name a cell such as `d4`: column letter, then row number from 1 at the bottom",
                ),
            ),
        }
    }
    let mut board = Board::new(def.board_shape, &dims, &blocked);
    for (name, cells) in &def.regions {
        if board.region_index(&name.node).is_some() {
            cx.errors.push(
                Diagnostic::error(
                    name.span,
                    format!("region `{}` is already an edge of this board", name.node),
                )
                .with_hint("give the region another name"),
            );
            continue;
        }
        let list: Vec<Cell> = cells
            .iter()
            .filter_map(|c| cell_named(&mut cx.errors, c, &board))
            .collect();
        if board.region_names().len() >= 32 {
            cx.errors.push(
                Diagnostic::error(name.span, "too many regions")
                    .with_hint("a board has at most 32 edges and regions"),
            );
            continue;
        }
        board.add_region(&name.node, &list);
    }
    Ok(board)
}

/// The cell a name gives, or an error.
pub(super) fn cell_named(errors: &mut Vec<Diagnostic>, id: &Ident, board: &Board) -> Option<Cell> {
    let c = board.parse_cell(&id.node);
    if c.is_none() {
        errors.push(
            Diagnostic::error(id.span, format!("`{}` is not a cell of this board", id.node))
                .with_hint("name a cell such as `d4`: column letter, then row number from 1 at the bottom (blocked squares are off the board)"),
        );
    }
    c
}
