//! Piece kinds (each a layer of the board) and the pieces on the board at the start.

use super::cells::cells_of;
use super::Ctx;
use crate::lang::diagnostic::Diagnostic;
use crate::rules::board::Board;
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
        let Some(cells) = cells_of(cx, board, &s.at) else {
            continue;
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
