//! A glyph's picture: rectangular, of known symbols, with at least one stone. Whether
//! it sits on the hex lattice and fits the board is known only at compile time.

use super::Checker;
use crate::lang::ast::*;
use crate::rules::glyph::{Picture, Sym};

/// The checked picture of a `forbid` statement, or its problems reported.
pub(super) fn check_picture(c: &mut Checker, g: &Glyph) -> Option<Picture> {
    let mut ok = true;
    if g.rows.is_empty() {
        c.error(
            g.name.span,
            format!("glyph \"{}\" has no picture", g.name.node),
            "draw it on the indented lines below, e.g. `  X O` and `  O X`",
        );
        return None;
    }
    let width = g.rows[0].node.len();
    let mut rows = Vec::new();
    let mut stones = 0;
    for row in &g.rows {
        if row.node.len() != width {
            c.error(
                row.span,
                format!(
                    "ragged picture: this row of glyph \"{}\" has {} symbols, the first row has {}",
                    g.name.node,
                    row.node.len(),
                    width
                ),
                "every row of a picture has the same number of symbols; use `?` for \"anything\"",
            );
            ok = false;
        }
        let mut out = Vec::new();
        for s in &row.node {
            match Sym::from_char(s.node) {
                Some(sym) => {
                    if sym.is_stone() {
                        stones += 1;
                    }
                    out.push(sym)
                }
                None => {
                    c.error(
                        s.span,
                        format!("unknown symbol `{}` in glyph \"{}\"", s.node, g.name.node),
                        "the symbols are X and O (stones of the two colours), . (empty), x (not X), o (not O), ? (anything)",
                    );
                    ok = false;
                }
            }
        }
        rows.push(out);
    }
    if ok && stones == 0 {
        c.error(
            g.picture_span,
            format!("glyph \"{}\" has no stone", g.name.node),
            "a glyph needs at least one X or O: it is tested where a stone is placed",
        );
        ok = false;
    }
    let columns = g
        .rows
        .iter()
        .zip(&g.line_starts)
        .map(|(row, start)| row.node.iter().map(|s| s.span.start - start).collect())
        .collect();
    ok.then(|| Picture {
        name: g.name.node.clone(),
        symmetry: g.symmetry.as_ref().map_or(Symmetry::All, |s| s.node),
        colours: g.colours.as_ref().map_or(Colours::Swap, |s| s.node),
        rows,
        columns,
    })
}
