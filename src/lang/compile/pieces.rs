//! Piece kinds (each a layer of the board) and the pieces on the board at the start.

use super::board::cell_named;
use super::Ctx;
use crate::lang::ast::SetupCells;
use crate::lang::diagnostic::{Diagnostic, Span};
use crate::rules::board::{Board, Cell};
use crate::rules::{Piece, SetupPiece};

/// The piece kinds and the setup.
pub(super) fn build(cx: &mut Ctx, board: &Board) -> (Vec<Piece>, Vec<SetupPiece>) {
    let def = cx.def;
    let pieces: Vec<Piece> = def
        .pieces
        .iter()
        .enumerate()
        .map(|(i, p)| Piece {
            name: p.name.clone(),
            neutral: p.neutral,
            frozen_on_own_edges: def.frozen.contains(&i),
        })
        .collect();
    let mut setup: Vec<SetupPiece> = Vec::new();
    for s in &def.setups {
        let cells: Vec<Cell> = match &s.at {
            SetupCells::Rows(a, b) => {
                let (lo, hi) = (cx.value(&a.node), cx.value(&b.node));
                if lo < 1 || hi > board.height as i64 || lo > hi {
                    cx.errors.push(
                        Diagnostic::error(
                            Span::new(a.span.start, b.span.end),
                            format!("rows {lo} to {hi} are not rows of this board"),
                        )
                        .with_hint(format!("its rows go from 1 to {}", board.height)),
                    );
                    continue;
                }
                board
                    .cells()
                    .filter(|&c| {
                        let y = board.xy(c).1 as i64 + 1;
                        (lo..=hi).contains(&y)
                    })
                    .collect()
            }
            SetupCells::Cells(list) => list
                .iter()
                .filter_map(|c| cell_named(&mut cx.errors, c, board))
                .collect(),
        };
        for c in cells {
            if setup.iter().any(|p| p.cell == c && p.kind == s.piece) {
                cx.errors.push(
                    Diagnostic::error(
                        s.span,
                        format!("{} gets two {}s", board.cell_name(c), pieces[s.piece].name),
                    )
                    .with_hint("a cell holds one piece of each kind"),
                );
                break;
            }
            setup.push(SetupPiece {
                cell: c,
                kind: s.piece,
                owner: s.owner,
            });
        }
    }
    (pieces, setup)
}
