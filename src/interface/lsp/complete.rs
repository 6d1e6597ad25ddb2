//! Completion: what may be typed at the cursor, each with a one-line description.
//!
//! The words come from the grammar itself (`lang::expect`: what it accepts after the
//! text before the cursor), extended to the whole phrase when the grammar allows only
//! one way on (`at` becomes `at turn start:`, `connect` becomes `connect own edges`).
//! Where the grammar takes a name, the kind of name (a player, a piece, an edge or
//! region, a parameter) is read from the words before it; where it takes a number, the
//! parameters are offered. On the indented rows of a picture, the picture symbols.

use super::document::Document;
use super::names::{declarations, NameKind};
use super::words;
use crate::lang::ast::Statement;
use crate::lang::expect::{expected_after, Expected};
use crate::lang::tokens::{self, TokenKind};
use crate::rules::board::{builtin_regions, corners, edge_names};
use lsp_types::CompletionItemKind as Kind;

/// One completion: the text to insert in place of the word being typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Completion {
    pub label: String,
    pub insert: String,
    pub detail: String,
    pub kind: Kind,
}

/// The completions at a byte offset, and the byte offset where the word being typed
/// starts (the insertion replaces the text from there to the cursor).
pub fn complete(doc: &Document, offset: usize) -> (Vec<Completion>, usize) {
    let text = &doc.text;
    let offset = offset.min(text.len());
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let before = &text[line_start..offset];
    let partial_len = before
        .chars()
        .rev()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
        .count();
    let word_start = offset - partial_len;
    let partial = &text[word_start..offset];
    let mut out = if before.starts_with([' ', '\t']) {
        picture_symbols(doc, line_start)
    } else {
        statement_words(doc, &text[line_start..word_start])
    };
    out.retain(|c| c.label.starts_with(partial));
    (out, word_start)
}

/// On an indented line under a picture: the symbols.
fn picture_symbols(doc: &Document, line_start: usize) -> Vec<Completion> {
    let owner = doc
        .statements
        .iter()
        .rev()
        .find(|s| s.span.start < line_start);
    let is_picture = owner.is_some_and(|s| {
        s.tokens.iter().any(|t| t.kind == TokenKind::Symbol)
            || s.tokens
                .first()
                .is_some_and(|t| t.text(&doc.text) == "forbid")
    });
    if !is_picture {
        return Vec::new();
    }
    words::SYMBOLS
        .iter()
        .map(|&c| Completion {
            label: c.to_string(),
            insert: c.to_string(),
            detail: words::symbol_meaning(c).unwrap_or("").to_string(),
            kind: Kind::CONSTANT,
        })
        .collect()
}

/// After the beginning of a statement: the words and names the grammar takes next.
fn statement_words(doc: &Document, prefix: &str) -> Vec<Completion> {
    let Some(expected) = expected_after(prefix) else {
        return Vec::new();
    };
    let glue = match prefix.chars().last() {
        None => "",
        Some(c) if c.is_whitespace() || c == '(' => "",
        Some(_) => " ",
    };
    let mut out = Vec::new();
    for w in &expected.words {
        if !w.chars().all(|c| c.is_ascii_alphabetic()) {
            continue;
        }
        let phrase = phrase(prefix, glue, w);
        let insert = if phrase.ends_with(':') {
            format!("{glue}{phrase} ")
        } else {
            format!("{glue}{phrase}")
        };
        out.push(Completion {
            label: phrase,
            insert,
            detail: words::meaning(w).unwrap_or("").to_string(),
            kind: Kind::KEYWORD,
        });
    }
    if expected.name && !prefix.trim().is_empty() {
        for (name, detail, kind) in names(doc, prefix, &expected) {
            out.push(Completion {
                insert: format!("{glue}{name}"),
                label: name,
                detail,
                kind,
            });
        }
    }
    out
}

/// A word and the words that must follow it, as long as the grammar allows only one.
fn phrase(prefix: &str, glue: &str, first: &str) -> String {
    let mut phrase = first.to_string();
    for _ in 0..6 {
        let Some(e) = expected_after(&format!("{prefix}{glue}{phrase} ")) else {
            break;
        };
        if e.name || e.number || e.string || e.words.len() != 1 {
            break;
        }
        let w = &e.words[0];
        if w == ":" {
            phrase.push(':');
            break;
        }
        if !w.chars().all(|c| c.is_ascii_alphabetic()) {
            break;
        }
        phrase.push(' ');
        phrase.push_str(w);
    }
    phrase
}

/// The kinds of name that fit where the grammar takes one, read from the statement's
/// first word and the word or mark before the cursor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Wanted {
    Players,
    Neutral,
    Pieces,
    Regions,
    Parameters,
}

fn wanted(prefix: &str, expected: &Expected) -> Vec<Wanted> {
    if expected.number {
        // A name where a number may stand is a parameter.
        return vec![Wanted::Parameters];
    }
    let words: Vec<String> = tokens::statements(prefix)
        .iter()
        .flat_map(|s| s.tokens.iter())
        .filter(|t| t.kind != TokenKind::Comment)
        .map(|t| t.text(prefix).to_string())
        .collect();
    let first = words.first().map_or("", String::as_str);
    let last = words.last().map_or("", String::as_str);
    match (first, last) {
        ("edges", ":") => vec![Wanted::Players],
        ("edges", _) => vec![Wanted::Regions],
        ("setup", "setup") => vec![Wanted::Players, Wanted::Neutral],
        // New names, or cells.
        ("players" | "param" | "piece" | "region" | "blocked" | "neutral", _) => vec![],
        ("setup", "on") => vec![],
        (_, "region") => vec![Wanted::Regions],
        // A connection goal's regions, and a cell condition's `in REGION`.
        ("win" | "lose", _) if words.iter().any(|w| w == "connect") => vec![Wanted::Regions],
        (_, "in") => vec![Wanted::Regions],
        _ => vec![Wanted::Pieces],
    }
}

/// The names of the wanted kinds, with what each is.
fn names(doc: &Document, prefix: &str, expected: &Expected) -> Vec<(String, String, Kind)> {
    let declared = declarations(doc);
    let mut out = Vec::new();
    for want in wanted(prefix, expected) {
        match want {
            Wanted::Neutral => out.push((
                "neutral".to_string(),
                "nobody's: for a neutral piece".to_string(),
                Kind::KEYWORD,
            )),
            Wanted::Regions => {
                let board_regions: Vec<String> = match &doc.rules {
                    Some(r) => r.board().region_names().to_vec(),
                    None => doc
                        .ast
                        .statements
                        .iter()
                        .find_map(|s| match &s.node {
                            Statement::Board { shape, .. } => Some(builtin_regions(shape.node)),
                            _ => None,
                        })
                        .unwrap_or_default(),
                };
                let shape = doc.ast.statements.iter().find_map(|s| match &s.node {
                    Statement::Board { shape, .. } => Some(shape.node),
                    _ => None,
                });
                let corner_names: Vec<&str> = shape
                    .map(|sh| corners(sh).iter().map(|c| c.0).collect())
                    .unwrap_or_default();
                let edges = shape.map_or(0, |sh| edge_names(sh).len());
                for (i, r) in board_regions.into_iter().enumerate() {
                    if declared.iter().any(|d| d.name == r) {
                        continue;
                    }
                    // The board's regions in bit order: edges, corners, sides.
                    let what = if i < edges {
                        "an edge of the board"
                    } else if r.ends_with("-side") {
                        "a side of the board: an edge without its corners"
                    } else if corner_names.contains(&r.as_str()) {
                        "a corner of the board: one cell where two edges meet"
                    } else {
                        "a region of the board"
                    };
                    out.push((r, what.to_string(), Kind::FIELD));
                }
                if shape.is_some() {
                    for (all, what) in [
                        ("edges", "every edge of the board"),
                        ("corners", "every corner of the board"),
                        ("sides", "every side of the board (edges without corners)"),
                    ] {
                        out.push((all.to_string(), what.to_string(), Kind::FIELD));
                    }
                }
                for d in declared.iter().filter(|d| d.kind == NameKind::Region) {
                    out.push((d.name.clone(), "a region".to_string(), Kind::FIELD));
                }
            }
            Wanted::Players | Wanted::Pieces | Wanted::Parameters => {
                let kind = match want {
                    Wanted::Players => NameKind::Player,
                    Wanted::Pieces => NameKind::Piece,
                    _ => NameKind::Parameter,
                };
                for (i, d) in declared.iter().filter(|d| d.kind == kind).enumerate() {
                    out.push((
                        d.name.clone(),
                        describe(doc, kind, i, &d.name),
                        match kind {
                            NameKind::Player => Kind::ENUM_MEMBER,
                            NameKind::Piece => Kind::CLASS,
                            _ => Kind::VARIABLE,
                        },
                    ));
                }
            }
        }
    }
    out
}

/// A declared name in one line.
fn describe(doc: &Document, kind: NameKind, index: usize, name: &str) -> String {
    match kind {
        NameKind::Player => match index {
            0 => "player, moves first".to_string(),
            1 => "player, moves second".to_string(),
            _ => "player".to_string(),
        },
        NameKind::Piece => doc
            .ast
            .statements
            .iter()
            .find_map(|s| match &s.node {
                Statement::Piece { name: n, neutral } if n.node == name => Some(if *neutral {
                    "neutral piece".to_string()
                } else {
                    "piece".to_string()
                }),
                _ => None,
            })
            .unwrap_or_else(|| "piece".to_string()),
        NameKind::Parameter => doc
            .ast
            .statements
            .iter()
            .find_map(|s| match &s.node {
                Statement::Param {
                    name: n,
                    default,
                    range,
                    ..
                } if n.node == name => Some(match range {
                    Some((lo, hi)) => format!(
                        "parameter, default {}, {} to {}",
                        default.node, lo.node, hi.node
                    ),
                    None => format!("parameter, default {}", default.node),
                }),
                _ => None,
            })
            .unwrap_or_else(|| "parameter".to_string()),
        NameKind::Region => "region".to_string(),
    }
}
