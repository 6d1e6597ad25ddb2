//! The glyphs: each picture's orbit (its distinct orientations and colourings) on this
//! board's lattice, a warning when no form fits the board, and the matchers for a
//! stone of each player.

use super::Ctx;
use crate::lang::diagnostic::Diagnostic;
use crate::rules::board::Board;
use crate::rules::content;
use crate::rules::glyph::{self, Colours, Matchers, Pattern};
use crate::rules::GlyphInfo;

/// The compiled glyphs.
pub(super) struct Glyphs {
    pub info: Vec<GlyphInfo>,
    /// Matchers for a piece of the first kind of player 0 and of player 1.
    pub matchers: [Matchers; 2],
    /// Matchers of every occurrence covering a cell.
    pub covering: Matchers,
}

pub(super) fn build(cx: &mut Ctx, board: &Board) -> Glyphs {
    let mut info = Vec::new();
    let mut orbits: Vec<(Vec<Pattern>, Colours)> = Vec::new();
    for g in &cx.def.glyphs {
        let p = &g.picture;
        let orbit = match glyph::orbit(p, board.is_hex()) {
            Ok(o) => o,
            Err(msg) => {
                cx.errors.push(Diagnostic::error(g.span, msg).with_hint(
                    "on a hex board, draw each row half a cell (one column) to the right of the row below, symbols two columns apart",
                ));
                continue;
            }
        };
        let fits = orbit.iter().any(|p| {
            let (w, h) = glyph::extent(p);
            w as usize <= board.width && h as usize <= board.height
        });
        if !fits {
            let (w, h) = glyph::extent(&glyph::pattern_of(&p.rows));
            cx.warnings.push(
                Diagnostic::warning(
                    g.span,
                    format!(
                        "glyph \"{}\" ({}x{}) cannot fit on a {}x{} board, so it never applies",
                        p.name, w, h, board.width, board.height
                    ),
                )
                .with_hint("that is fine for a small board; otherwise enlarge the board"),
            );
        }
        info.push(GlyphInfo {
            name: p.name.clone(),
            picture: p
                .rows
                .iter()
                .map(|r| {
                    r.iter()
                        .map(|s| s.to_char().to_string())
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect(),
            forms: orbit.len(),
            fits,
        });
        orbits.push((orbit, p.colours));
    }
    Glyphs {
        info,
        matchers: [
            Matchers::build(board, &orbits, content::of_player(0)),
            Matchers::build(board, &orbits, content::of_player(1)),
        ],
        covering: Matchers::build_covering(board, &orbits),
    }
}
