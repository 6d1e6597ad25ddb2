//! The board: its size within the supported range, blocked cells, then the declared
//! regions (after the shape's edges, corners and sides, in bit order, as the validator
//! numbered them).

use super::cells::{blocked_cells, cells_of};
use super::Ctx;
use crate::lang::diagnostic::Diagnostic;
use crate::rules::board::{Board, MAX_SIDE};
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
                Diagnostic::error(
                    e.span,
                    format!("{what} {} is not supported", super::shown(*d)),
                )
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
    for set in &def.blocked {
        if let Some(cells) = blocked_cells(cx, &grid, set) {
            blocked.extend(cells.iter().map(|&c| grid.xy(c)));
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
        let list = cells_of(cx, &board, cells).unwrap_or_default();
        if board.region_names().len() >= 32 {
            cx.errors
                .push(Diagnostic::error(name.span, "too many regions").with_hint(
                    "a board has at most 32 regions, its edges, corners and sides included",
                ));
            continue;
        }
        board.add_region(&name.node, &list);
    }
    Ok(board)
}
