//! Sets of cells (`all cells`, `rows 1 to 2`, `even rows and odd columns`, `corners`,
//! `all cells except edges`, cell names) evaluated on a board: for `blocked`, regions
//! and setups.

use super::Ctx;
use crate::lang::ast::{CellSet, Ident};
use crate::lang::diagnostic::{Diagnostic, Span, Spanned};
use crate::rules::board::{collective, parse_coordinates, Board, Cell};

/// The cells of a set, in id order; `None` after reporting what is wrong with it.
pub(super) fn cells_of(cx: &mut Ctx, board: &Board, set: &Spanned<CellSet>) -> Option<Vec<Cell>> {
    let mask = mask(cx, board, set)?;
    Some(board.cells().filter(|&c| mask[c as usize]).collect())
}

/// The cells a `blocked` statement takes off a board that has none off yet.
pub(super) fn blocked_cells(
    cx: &mut Ctx,
    grid: &Board,
    set: &Spanned<CellSet>,
) -> Option<Vec<Cell>> {
    cx.reading_blocked = true;
    let mask = mask(cx, grid, set);
    cx.reading_blocked = false;
    let mask = mask?;
    Some(grid.cells().filter(|&c| mask[c as usize]).collect())
}

/// The set as a mask over the grid (off-board positions are never in it).
fn mask(cx: &mut Ctx, board: &Board, set: &Spanned<CellSet>) -> Option<Vec<bool>> {
    let n = board.len();
    let of = |f: &dyn Fn(Cell) -> bool| -> Vec<bool> {
        (0..n as Cell).map(|c| board.contains(c) && f(c)).collect()
    };
    Some(match &set.node {
        CellSet::All => of(&|_| true),
        CellSet::Rows(a, b) => {
            let (lo, hi) = (cx.value(&a.node), cx.value(&b.node));
            if lo < 1 || hi > board.height as i64 || lo > hi {
                cx.errors.push(
                    Diagnostic::error(
                        Span::new(a.span.start, b.span.end),
                        if lo == hi {
                            format!("row {} is not a row of this board", super::shown(lo))
                        } else {
                            format!(
                                "rows {} to {} are not rows of this board",
                                super::shown(lo),
                                super::shown(hi)
                            )
                        },
                    )
                    .with_hint(format!("its rows go from 1 to {}", board.height)),
                );
                return None;
            }
            of(&|c| (lo..=hi).contains(&(board.xy(c).1 as i64 + 1)))
        }
        CellSet::Columns(a, b) => {
            let lo = column(cx, board, a)?;
            let hi = column(cx, board, b)?;
            if lo > hi {
                cx.errors.push(
                    Diagnostic::error(
                        Span::new(a.span.start, b.span.end),
                        format!("columns {} to {} run backwards", a.node, b.node),
                    )
                    .with_hint("write the left column first"),
                );
                return None;
            }
            of(&|c| (lo..=hi).contains(&board.xy(c).0))
        }
        CellSet::Parity { even, rows } => of(&|c| {
            let (x, y) = board.xy(c);
            let k = if *rows { y } else { x } + 1;
            (k % 2 == 0) == *even
        }),
        CellSet::Name(id) => name(cx, board, id)?,
        CellSet::Union(parts) | CellSet::And(parts) => {
            let masks: Vec<Vec<bool>> = parts
                .iter()
                .map(|p| mask(cx, board, p))
                .collect::<Vec<_>>()
                .into_iter()
                .collect::<Option<_>>()?;
            let union = matches!(set.node, CellSet::Union(_));
            (0..n)
                .map(|c| {
                    if union {
                        masks.iter().any(|m| m[c])
                    } else {
                        masks.iter().all(|m| m[c])
                    }
                })
                .collect()
        }
        CellSet::Not(x) => {
            let m = mask(cx, board, x)?;
            of(&|c| !m[c as usize])
        }
        CellSet::Except(first, rest) => {
            let mut m = mask(cx, board, first)?;
            for r in rest {
                let out = mask(cx, board, r)?;
                for (a, b) in m.iter_mut().zip(out) {
                    *a &= !b;
                }
            }
            m
        }
    })
}

/// The cells a name gives: a cell, a region, or all regions of a kind.
fn name(cx: &mut Ctx, board: &Board, id: &Ident) -> Option<Vec<bool>> {
    let n = board.len();
    if let Some(list) = collective(board.shape, &id.node) {
        let bits = list
            .iter()
            .filter_map(|r| board.region_index(r))
            .fold(0u32, |m, b| m | 1 << b);
        return Some(
            (0..n as Cell)
                .map(|c| board.contains(c) && board.regions_of(c) & bits != 0)
                .collect(),
        );
    }
    if let Some(bit) = board.region_index(&id.node) {
        return Some(
            (0..n as Cell)
                .map(|c| board.contains(c) && board.regions_of(c) >> bit & 1 == 1)
                .collect(),
        );
    }
    if parse_coordinates(&id.node).is_some() {
        let cell = board.parse_cell(&id.node);
        if cell.is_none() {
            cx.errors.push(
                Diagnostic::error(id.span, format!("`{}` is not a cell of this board", id.node))
                    .with_hint(if cx.reading_blocked {
                        "name a cell such as `d4`: column letter, then row number from 1 at the bottom"
                    } else {
                        "name a cell such as `d4`: column letter, then row number from 1 at the bottom (blocked squares are off the board)"
                    }),
            );
        }
        let cell = cell?;
        return Some((0..n as Cell).map(|c| c == cell).collect());
    }
    // A region the file declares further down (the validator knows every name).
    cx.errors.push(
        Diagnostic::error(
            id.span,
            format!("region `{}` is used before it is declared", id.node),
        )
        .with_hint("a region may use the board's regions and those declared above it"),
    );
    None
}

/// A column's index from its letters, or an error.
fn column(cx: &mut Ctx, board: &Board, id: &Ident) -> Option<i32> {
    let x = parse_coordinates(&format!("{}1", id.node)).map(|(x, _)| x);
    match x {
        Some(x) if (0..board.width as i32).contains(&x) => Some(x),
        _ => {
            cx.errors.push(
                Diagnostic::error(
                    id.span,
                    format!("`{}` is not a column of this board", id.node),
                )
                .with_hint(format!(
                    "its columns go from a to {}",
                    crate::rules::board::column_name(board.width - 1)
                )),
            );
            None
        }
    }
}
