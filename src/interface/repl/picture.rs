//! `picture FILE [--why MOVE] [--force]`: the current position as an SVG picture (the
//! same drawing as `weft render`), with the last move marked, the winning chain or group
//! outlined once the game is won, and with `--why` the cells that `why MOVE` names
//! highlighted (a forbidden glyph's cells, or the move's own cells).

use super::session::{same_file, Res};
use super::*;
use crate::engine::state::Illegal;
use crate::interface::output;
use crate::interface::picture::{caption, position_svg, winning, Marks};

impl Session {
    pub(super) fn cmd_picture(&self, rest: &str) -> Res<String> {
        let usage = "`picture` takes one file name, e.g. `picture board.svg` (add `--why MOVE` \
                     to highlight why a move is illegal, --force to replace a file)";
        let mut words = rest.split_whitespace();
        let (mut force, mut why, mut names) = (false, None, Vec::new());
        while let Some(w) = words.next() {
            match w {
                "--force" | "-f" => force = true,
                "--why" => why = Some(words.next().ok_or(usage)?),
                _ => names.push(w),
            }
        }
        let [path] = names[..] else {
            return Err(usage.into());
        };
        if same_file(path, &self.path) {
            return Err(format!(
                "{path} is the rule file itself: write the picture under another name"
            ));
        }
        let state = self.state();
        let mut note = String::new();
        let mut highlight = Vec::new();
        if let Some(text) = why {
            let mv = self.parse_move(text)?;
            let shown = mv.to_text(&self.rules);
            let own_cells = || output::cells(self.rules.board(), &shown.replace(['-', ':'], " "));
            match state.is_legal(mv) {
                Ok(()) => {
                    highlight = own_cells().unwrap_or_default();
                    note = format!("{shown} is legal");
                }
                Err(e) => {
                    highlight = match &e {
                        Illegal::Glyph { points, .. } => points.clone(),
                        _ => own_cells().unwrap_or_default(),
                    };
                    note = format!("{shown} is illegal: {}", e.describe(&self.rules));
                }
            }
        }
        let n = self.states.len();
        let winning = winning::winning_cells(state);
        let marks = Marks {
            previous: (n >= 2).then(|| &self.states[n - 2]),
            highlight: highlight.clone(),
            winning: winning.clone(),
            caption: Some(caption(n - 1)),
            ..Marks::default()
        };
        output::write_new(path, &position_svg(state, &marks), force)
            .map_err(|e| e.replace("add --force", &format!("`picture {path} --force`")))?;
        let b = self.rules.board();
        let names = |cells: &[crate::rules::board::Cell]| {
            cells
                .iter()
                .map(|&c| b.cell_name(c))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mut out = format!("wrote {path}");
        if !note.is_empty() {
            out.push_str(&format!(" ({note}; highlighted: {})", names(&highlight)));
        }
        if !winning.is_empty() {
            out.push_str(&format!(" (winning cells outlined: {})", names(&winning)));
        }
        Ok(out)
    }
}
