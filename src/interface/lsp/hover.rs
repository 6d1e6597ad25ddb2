//! What the editor shows when the pointer rests on a token: what a word of the
//! language means (its one-line meaning and the grammar's documentation of the
//! statement), a glyph's number of distinct forms with a drawing of each, a parameter's
//! default and range, a player's or piece's role, and where a cell, an edge or a region
//! lies on the board (a small map).

use super::document::Document;
use super::names::{declarations, NameKind};
use super::words;
use crate::lang::ast::{Glyph, Statement};
use crate::lang::format;
use crate::lang::grammar;
use crate::lang::tokens::{Token, TokenKind};
use crate::rules::board::{edge_names, parse_coordinates, Board, Cell};
use crate::rules::glyph::{self, Colours, Pattern, Picture, Sym, Symmetry};

/// The hover text (Markdown) for the token under a byte offset, and the token.
pub fn hover(doc: &Document, offset: usize) -> Option<(String, &Token)> {
    let token = doc.token_at(offset)?;
    let word = token.text(&doc.text);
    let text = match token.kind {
        TokenKind::Keyword => keyword(token, word),
        TokenKind::Name => name(doc, word),
        TokenKind::Text | TokenKind::Symbol => {
            let glyph = glyph_of(doc, token)?;
            let mut text = String::new();
            if token.kind == TokenKind::Symbol {
                let c = word.chars().next()?;
                text.push_str(&format!(
                    "`{c}`: {}\n\n",
                    words::symbol_meaning(c).unwrap_or("not a picture symbol")
                ));
            }
            text.push_str(&glyph_text(doc, glyph));
            Some(text)
        }
        _ => None,
    }?;
    Some((text, token))
}

/// A word of the language: its meaning, and the grammar's words for what it is part of.
fn keyword(token: &Token, word: &str) -> Option<String> {
    let mut text = format!("**`{word}`**");
    if let Some(m) = words::meaning(word) {
        text.push_str(&format!(": {m}"));
    }
    let statement = token.rules.first().and_then(|r| grammar::rule_doc(*r));
    let inner = token
        .rules
        .iter()
        .rev()
        .filter_map(|r| grammar::rule_doc(*r))
        .find(|d| !d.starts_with("The word") && !d.starts_with("Words that"));
    for doc in [inner, statement].into_iter().flatten() {
        if !text.contains(doc) {
            text.push_str(&format!("\n\n{doc}"));
        }
    }
    Some(text)
}

/// A name: a declared parameter, player, piece or region, or a cell or edge of the
/// board.
fn name(doc: &Document, word: &str) -> Option<String> {
    let declared = declarations(doc);
    if let Some(d) = declared.iter().find(|d| d.name == word) {
        return Some(match d.kind {
            NameKind::Parameter => parameter(doc, word),
            NameKind::Player => player(doc, word),
            NameKind::Piece => piece(doc, word),
            NameKind::Region => region(doc, word),
        });
    }
    let edges_of_shape = doc.ast.statements.iter().find_map(|s| match &s.node {
        Statement::Board { shape, .. } => Some(edge_names(shape.node)),
        _ => None,
    });
    let stale = if doc.fresh {
        ""
    } else {
        "\n\n(the map is of the last version of the file that loaded)"
    };
    let is_region = edges_of_shape.is_some_and(|e| e.contains(&word))
        || doc
            .rules
            .as_ref()
            .is_some_and(|r| r.board().region_names().iter().any(|n| n == word));
    if is_region {
        let text = region(doc, word);
        return Some(if text.contains("```") {
            format!("{text}{stale}")
        } else {
            text
        });
    }
    let Some(rules) = doc.rules.as_ref() else {
        return parse_coordinates(word)
            .map(|_| format!("cell **{word}** (its place is shown once the file loads)"));
    };
    let board = rules.board();
    let Some(cell) = board.parse_cell(word) else {
        let (x, y) = parse_coordinates(word)?;
        let inside = (x as usize) < board.width && (y as usize) < board.height;
        return Some(format!(
            "cell **{word}**: {}{stale}",
            if inside {
                "not on the board (blocked, or outside its shape)"
            } else {
                "beyond the board at the parameters' defaults"
            }
        ));
    };
    let (x, y) = board.xy(cell);
    let on: Vec<&str> = board
        .region_names()
        .iter()
        .enumerate()
        .filter(|(i, _)| board.regions_of(cell) & (1 << i) != 0)
        .map(|(_, n)| n.as_str())
        .collect();
    let mut text = format!(
        "cell **{word}**: column {} of {}, row {} of {}",
        crate::rules::board::column_name(x as usize),
        board.width,
        y + 1,
        board.height
    );
    if !on.is_empty() {
        text.push_str(&format!(", on {}", on.join(", ")));
    }
    text.push_str(&format!(
        "\n\n```text\n{}```{stale}",
        map(board, |c| c == cell)
    ));
    Some(text)
}

fn parameter(doc: &Document, word: &str) -> String {
    for s in &doc.ast.statements {
        if let Statement::Param {
            name,
            default,
            range,
            step,
            doc: what,
        } = &s.node
        {
            if name.node == word {
                let mut text = format!("parameter **{word}** = {} (default)", default.node);
                match (range, step) {
                    (Some((lo, hi)), Some(st)) => {
                        text.push_str(&format!(", from {} to {} by {}", lo.node, hi.node, st.node))
                    }
                    (Some((lo, hi)), None) => {
                        text.push_str(&format!(", from {} to {}", lo.node, hi.node))
                    }
                    (None, _) => text.push_str(", any whole number"),
                }
                if let Some(w) = what {
                    text.push_str(&format!(": {}", w.node));
                }
                text.push_str(&format!("\n\nset it with `--set {word}=N`"));
                return text;
            }
        }
    }
    format!("parameter **{word}**")
}

fn player(doc: &Document, word: &str) -> String {
    let mut seat = None;
    let mut edges = Vec::new();
    for s in &doc.ast.statements {
        match &s.node {
            Statement::Players(p) => seat = p.iter().position(|p| p.node == word),
            Statement::Edges { edges: e, owners } if owners.iter().any(|o| o.node == word) => {
                edges.extend(e.iter().map(|e| e.node.clone()))
            }
            _ => {}
        }
    }
    let mut text = format!("player **{word}**");
    match seat {
        Some(0) => text.push_str(": moves first; `X` in a picture with `colours fixed`"),
        Some(1) => text.push_str(": moves second; `O` in a picture with `colours fixed`"),
        _ => {}
    }
    if !edges.is_empty() {
        text.push_str(&format!("; owns {}", edges.join(", ")));
    }
    text
}

fn piece(doc: &Document, word: &str) -> String {
    let pieces: Vec<(&str, bool)> = doc
        .ast
        .statements
        .iter()
        .filter_map(|s| match &s.node {
            Statement::Piece { name, neutral } => Some((name.node.as_str(), *neutral)),
            _ => None,
        })
        .collect();
    let Some(i) = pieces.iter().position(|(n, _)| *n == word) else {
        return format!("piece **{word}**");
    };
    let mut text = format!(
        "{} **{word}**: a layer of the board (a cell holds at most one {word})",
        if pieces[i].1 {
            "neutral piece, either player's,"
        } else {
            "piece"
        }
    );
    if i == 0 {
        text.push_str("; the first kind: glyphs see it and connections link it");
    }
    text
}

/// A region or an edge: its cells and owner, and a map when the board is known.
fn region(doc: &Document, word: &str) -> String {
    let mut text = String::new();
    let mut owners: Vec<String> = Vec::new();
    for s in &doc.ast.statements {
        match &s.node {
            Statement::Region { name, cells } if name.node == word => {
                let written = doc
                    .text
                    .get(cells.span.start..cells.span.end)
                    .unwrap_or_default()
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ");
                text = format!("region **{word}**: {written}");
            }
            Statement::Edges { edges, owners: o } if edges.iter().any(|e| e.node == word) => {
                owners.extend(o.iter().map(|o| o.node.clone()))
            }
            _ => {}
        }
    }
    let owner = (!owners.is_empty()).then(|| owners.join(" and "));
    if text.is_empty() {
        text = format!("edge **{word}** of the board");
    }
    if let Some(o) = owner {
        text.push_str(&format!(", owned by {o}"));
    }
    if let Some(rules) = &doc.rules {
        let board = rules.board();
        if let Some(i) = board.region_names().iter().position(|r| r == word) {
            let count = board
                .cells()
                .filter(|&c| board.regions_of(c) & (1 << i) != 0)
                .count();
            text.push_str(&format!(
                " ({count} cells at the defaults)\n\n```text\n{}```",
                map(board, |c| board.regions_of(c) & (1 << i) != 0)
            ));
        }
    }
    text
}

/// The board as text, `@` on the marked cells and `.` on the others, as weft draws
/// positions (hex rows offset).
fn map(board: &Board, marked: impl Fn(Cell) -> bool) -> String {
    let mut grid: Vec<Vec<char>> = Vec::new();
    for c in board.cells() {
        let (col, row) = board.screen(c);
        if grid.len() <= row {
            grid.resize(row + 1, Vec::new());
        }
        let line = &mut grid[row];
        if line.len() <= col {
            line.resize(col + 1, ' ');
        }
        line[col] = if marked(c) { '@' } else { '.' };
    }
    let mut out = String::new();
    for line in grid {
        out.push_str(line.iter().collect::<String>().trim_end());
        out.push('\n');
    }
    out
}

/// The glyph of the `forbid` statement holding a token.
fn glyph_of<'a>(doc: &'a Document, token: &Token) -> Option<&'a Glyph> {
    doc.ast.statements.iter().find_map(|s| match &s.node {
        Statement::Forbid(g)
            if s.span.start <= token.span.start
                && token.span.end <= s.span.end.max(g.picture_span.end) =>
        {
            Some(g)
        }
        _ => None,
    })
}

/// A glyph's distinct forms, counted and drawn.
fn glyph_text(doc: &Document, g: &Glyph) -> String {
    let hex = format::board_is_hex(&doc.ast.statements)
        .or_else(|| doc.rules.as_ref().map(|r| r.board().is_hex()))
        .unwrap_or(false);
    let title = format!("glyph **\"{}\"**", g.name.node);
    let picture = match picture(g) {
        Ok(p) => p,
        Err(why) => return format!("{title}: {why}"),
    };
    let forms = match glyph::orbit(&picture, hex) {
        Ok(f) => f,
        Err(why) => return format!("{title}: {why}"),
    };
    let mut text = format!(
        "{title}: **{} distinct form{}** on a {} board ({}, {})",
        forms.len(),
        if forms.len() == 1 { "" } else { "s" },
        if hex { "hex" } else { "square" },
        match picture.symmetry {
            Symmetry::All => "rotations and reflections",
            Symmetry::Rotations => "rotations",
            Symmetry::Mirror => "the picture and its mirror image",
            Symmetry::None => "as drawn",
        },
        match picture.colours {
            Colours::Swap => "colours swapped too",
            Colours::Fixed => "colours fixed",
        }
    );
    if let Some(info) = doc
        .rules
        .as_ref()
        .filter(|_| doc.fresh)
        .and_then(|r| r.glyphs().iter().find(|i| i.name == g.name.node))
    {
        if !info.fits {
            text.push_str("; it fits nowhere on the board at the parameters' defaults");
        }
    }
    text.push_str(&format!("\n\n```text\n{}```", draw_all(&forms, hex)));
    text
}

/// The picture of a glyph as drawn, or why it has none.
fn picture(g: &Glyph) -> Result<Picture, String> {
    if g.rows.is_empty() {
        return Err("no picture yet: draw it on the indented lines below".to_string());
    }
    let mut rows = Vec::new();
    let mut columns = Vec::new();
    for (row, start) in g.rows.iter().zip(&g.line_starts) {
        let syms: Option<Vec<Sym>> = row.node.iter().map(|s| Sym::from_char(s.node)).collect();
        rows.push(syms.ok_or("the picture has an unknown symbol")?);
        columns.push(row.node.iter().map(|s| s.span.start - start).collect());
    }
    if rows.iter().any(|r: &Vec<Sym>| r.len() != rows[0].len()) {
        return Err("the picture's rows have different numbers of symbols".to_string());
    }
    if !rows.iter().flatten().any(|s| s.is_stone()) {
        return Err("the picture has no stone".to_string());
    }
    Ok(Picture {
        name: g.name.node.clone(),
        symmetry: g.symmetry.as_ref().map_or(Symmetry::All, |s| s.node),
        colours: g.colours.as_ref().map_or(Colours::Swap, |c| c.node),
        rows,
        columns,
    })
}

/// The forms side by side, eight to a band.
pub fn draw_all(forms: &[Pattern], hex: bool) -> String {
    let mut out = String::new();
    for (band, chunk) in forms.chunks(8).enumerate() {
        if band > 0 {
            out.push('\n');
        }
        let drawn: Vec<Vec<String>> = chunk.iter().map(|p| draw(p, hex)).collect();
        let height = drawn.iter().map(Vec::len).max().unwrap_or(0);
        for r in 0..height {
            let line: Vec<String> = drawn
                .iter()
                .map(|d| {
                    let width = d.iter().map(String::len).max().unwrap_or(0);
                    format!("{:width$}", d.get(r).map_or("", String::as_str))
                })
                .collect();
            out.push_str(line.join("   ").trim_end());
            out.push('\n');
        }
    }
    out
}

/// One form as text lines, top row first (hex rows offset like a hex board).
fn draw(p: &Pattern, hex: bool) -> Vec<String> {
    let column = |x: i32, y: i32| if hex { 2 * x + y } else { 2 * x };
    let min = p.iter().map(|&(x, y, _)| column(x, y)).min().unwrap_or(0);
    let height = p.iter().map(|&(_, y, _)| y).max().unwrap_or(0) + 1;
    let mut lines = vec![Vec::new(); height as usize];
    for &(x, y, s) in p {
        let line = &mut lines[(height - 1 - y) as usize];
        let c = (column(x, y) - min) as usize;
        if line.len() <= c {
            line.resize(c + 1, ' ');
        }
        line[c] = s.to_char();
    }
    lines
        .into_iter()
        .map(|l| l.into_iter().collect::<String>().trim_end().to_string())
        .collect()
}
