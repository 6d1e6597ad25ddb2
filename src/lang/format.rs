//! The canonical layout of a rule file (`weft fmt`, and the editor's "format
//! document").
//!
//! It is computed from the tokens the grammar reads ([`super::tokens`]), with a few
//! rules and no printer per statement, so that a new statement is laid out without
//! changes here:
//!
//! - a statement's line starts at column 0, its words one space apart, no space
//!   before `,`, `:`, `;` or `)` nor after `(`; strings are kept as written;
//! - the rows of a picture are indented by two spaces. On a square board a picture's
//!   columns carry no meaning, so its symbols are put one space apart; on a hex board
//!   (or when the board is not known) a symbol's text column places it on the lattice,
//!   so the rows keep their relative columns and the picture only moves as a whole;
//! - any other indented line that continues a statement is indented by two spaces;
//! - a comment line is kept as written; comments after code line up: on consecutive
//!   lines that each end with one, two spaces after the longest code of the run (so
//!   where the author left them does not matter, and aligned comments stay aligned);
//! - trailing spaces go, at most one blank line in a row, none at the start or end, and
//!   the file ends with one line break.
//!
//! Statement order is kept. A file with syntax errors is not formatted, and the result
//! is checked before it is returned: the same statements, the same tokens in the same
//! order, each picture symbol at the same place on its lattice, the same comments. A
//! layout that failed this check would be a bug, reported instead of returned.

use super::ast::Statement;
use super::diagnostic::Diagnostic;
use super::syntax;
use super::tokens::{self, StatementTokens, Token, TokenKind};
use crate::rules::board::Board;

/// Why a file was not formatted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FormatError {
    /// The grammar cannot read the file: these are its syntax errors.
    Syntax(Vec<Diagnostic>),
    /// The layout would have changed what the file says (a bug of the formatter); the
    /// text names the first difference.
    Changed(String),
}

/// The file in its canonical layout.
///
/// ```
/// let text = "game \"G\"\nboard square 5\nedges top bottom :black   # mine\nforbid \"x\"\n    XO\n    OX\n";
/// let out = weft::lang::format::format(text).unwrap();
/// assert_eq!(
///     out,
///     "game \"G\"\nboard square 5\nedges top bottom: black  # mine\nforbid \"x\"\n  X O\n  O X\n"
/// );
/// ```
pub fn format(text: &str) -> Result<String, FormatError> {
    let (ast, diagnostics) = syntax::parse(text);
    if !diagnostics.is_empty() {
        return Err(FormatError::Syntax(diagnostics));
    }
    let hex = board_is_hex(&ast.statements);
    let statements = tokens::statements(text);
    if let Some(s) = statements.iter().find(|s| !s.parsed()) {
        return Err(FormatError::Changed(format!(
            "the statement at byte {} is not read the same way by the formatter",
            s.span.start
        )));
    }
    let lines = Lines::new(text);
    let mut out: Vec<Option<String>> = Vec::new();
    let mut next = statements.iter().peekable();
    let mut line = 0;
    while line < lines.count() {
        let start = lines.start(line);
        if let Some(s) = next.next_if(|s| s.span.start == start) {
            let last = lines.of(s.span.end);
            lay_out_statement(text, &lines, s, hex, &mut out);
            line = last + 1;
            continue;
        }
        let content = lines.text(text, line).trim_end();
        out.push((!content.is_empty()).then(|| content.to_string()));
        line += 1;
    }
    align_comments(&mut out);
    let result = join(out);
    check_same(text, &result, hex)?;
    Ok(result)
}

/// Whether the file's board is a hex board; `None` when there is no single `board`
/// statement (then pictures keep their columns, which is right on any board).
pub fn board_is_hex(statements: &[super::diagnostic::Spanned<Statement>]) -> Option<bool> {
    let shapes: Vec<_> = statements
        .iter()
        .filter_map(|s| match &s.node {
            Statement::Board { shape, .. } => Some(shape.node),
            _ => None,
        })
        .collect();
    match shapes.as_slice() {
        // The smallest board of the shape says whether its cells are hexagons.
        [shape] => Some(Board::new(*shape, &[2, 2, 2, 2], &[]).is_hex()),
        _ => None,
    }
}

/// The lines of a text: where each starts.
struct Lines {
    starts: Vec<usize>,
    len: usize,
}

impl Lines {
    fn new(text: &str) -> Lines {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        if starts.last() == Some(&text.len()) && !text.is_empty() {
            starts.pop();
        }
        Lines {
            starts,
            len: text.len(),
        }
    }

    fn count(&self) -> usize {
        if self.len == 0 {
            0
        } else {
            self.starts.len()
        }
    }

    fn start(&self, line: usize) -> usize {
        self.starts[line]
    }

    /// The line holding a byte offset.
    fn of(&self, offset: usize) -> usize {
        self.starts
            .partition_point(|&s| s <= offset)
            .saturating_sub(1)
    }

    /// A line's text without its line break.
    fn text<'a>(&self, text: &'a str, line: usize) -> &'a str {
        let end = self.starts.get(line + 1).copied().unwrap_or(self.len);
        text[self.starts[line]..end].trim_end_matches(['\n', '\r'])
    }
}

/// The output lines of one statement (`None` for a blank line).
fn lay_out_statement(
    text: &str,
    lines: &Lines,
    s: &StatementTokens,
    hex: Option<bool>,
    out: &mut Vec<Option<String>>,
) {
    let first = lines.of(s.span.start);
    let last = lines.of(s.span.end);
    let column = |t: &Token| t.span.start - lines.start(lines.of(t.span.start));
    let min_symbol_column = s
        .tokens
        .iter()
        .filter(|t| t.kind == TokenKind::Symbol)
        .map(column)
        .min()
        .unwrap_or(0);
    for line in first..=last {
        let on_line: Vec<&Token> = s
            .tokens
            .iter()
            .filter(|t| lines.of(t.span.start) == line)
            .collect();
        let (code, comment): (Vec<&Token>, Vec<&Token>) =
            on_line.iter().partition(|t| t.kind != TokenKind::Comment);
        let original = lines.text(text, line);
        let symbols = code.iter().filter(|t| t.kind == TokenKind::Symbol).count();
        let laid = if code.is_empty() {
            // A blank or comment line inside the statement: as written.
            let kept = original.trim_end();
            out.push((!kept.is_empty()).then(|| kept.to_string()));
            continue;
        } else if line == first {
            words(text, &code)
        } else if symbols == code.len() {
            match hex {
                Some(false) => {
                    let row: Vec<&str> = code.iter().map(|t| t.text(text)).collect();
                    format!("  {}", row.join(" "))
                }
                _ => {
                    let mut row = String::new();
                    for t in &code {
                        let target = 2 + column(t) - min_symbol_column;
                        while row.len() < target {
                            row.push(' ');
                        }
                        row.push_str(t.text(text));
                    }
                    row
                }
            }
        } else if symbols > 0 {
            // Symbols mixed with other tokens: no rule for that yet, so as written.
            out.push(Some(original.trim_end().to_string()));
            continue;
        } else {
            format!("  {}", words(text, &code))
        };
        out.push(Some(match comment.first() {
            Some(c) => format!("{laid}{COMMENT}{}", c.text(text).trim_end()),
            None => laid,
        }));
    }
}

/// A statement's first line in the canonical layout, without its comment (for an
/// outline of the file).
pub fn statement_line(text: &str, statement: &StatementTokens) -> String {
    let first_line_end = text[statement.span.start..statement.span.end]
        .find('\n')
        .map_or(statement.span.end, |i| statement.span.start + i);
    let code: Vec<&Token> = statement
        .tokens
        .iter()
        .filter(|t| t.kind != TokenKind::Comment && t.span.start < first_line_end)
        .collect();
    words(text, &code)
}

/// Tokens one space apart, none before `,`, `:`, `;`, `)` nor after `(`.
fn words(text: &str, tokens: &[&Token]) -> String {
    let mut out = String::new();
    let mut prev: Option<&str> = None;
    for t in tokens {
        let word = t.text(text);
        let tight =
            t.kind == TokenKind::Punct && [",", ":", ";", ")"].contains(&word) || prev == Some("(");
        if prev.is_some() && !tight {
            out.push(' ');
        }
        out.push_str(word);
        prev = Some(if t.kind == TokenKind::Punct { word } else { "" });
    }
    out
}

/// Marks where a line's code ends and its comment begins, until the comments are
/// aligned (a character no single line of a rule file holds).
const COMMENT: char = '\n';

/// Lines up the comments after code: each run of consecutive lines ending with one
/// puts them two spaces after the run's longest code.
fn align_comments(lines: &mut [Option<String>]) {
    let has = |l: &Option<String>| l.as_ref().is_some_and(|t| t.contains(COMMENT));
    let mut i = 0;
    while i < lines.len() {
        if !has(&lines[i]) {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < lines.len() && has(&lines[j]) {
            j += 1;
        }
        let width = lines[i..j]
            .iter()
            .flatten()
            .map(|l| l.split(COMMENT).next().unwrap_or("").chars().count())
            .max()
            .unwrap_or(0);
        for l in lines[i..j].iter_mut().flatten() {
            let (code, comment) = l.split_once(COMMENT).expect("marked");
            let pad = width + 2 - code.chars().count();
            *l = format!("{code}{}{comment}", " ".repeat(pad));
        }
        i = j;
    }
}

/// The lines joined: at most one blank line in a row, none at the start or the end,
/// a line break after the last.
fn join(lines: Vec<Option<String>>) -> String {
    let mut out = String::new();
    let mut blank = false;
    for line in lines {
        match line {
            None => blank = !out.is_empty(),
            Some(l) => {
                if blank {
                    out.push('\n');
                    blank = false;
                }
                out.push_str(&l);
                out.push('\n');
            }
        }
    }
    out
}

/// A token as compared: its kind, its text, and for a picture symbol its place (row,
/// and index in the row or relative column).
type Said = (TokenKind, String, (usize, usize));

/// What a file says, for comparing two layouts: each statement's tokens (kind and
/// text), picture symbols with their place, and every comment.
#[derive(Debug, PartialEq, Eq)]
struct Meaning {
    statements: Vec<(Option<syntax::Rule>, Vec<Said>)>,
    comments: Vec<String>,
}

fn meaning(text: &str, hex: Option<bool>) -> Meaning {
    let lines = Lines::new(text);
    let all = tokens::statements(text);
    let mut comments = Vec::new();
    let inside = |offset: usize| {
        all.iter()
            .any(|s| s.span.start <= offset && offset <= s.span.end)
    };
    for line in 0..lines.count() {
        let t = lines.text(text, line).trim();
        if t.starts_with('#') && !inside(lines.start(line)) {
            comments.push(t.to_string());
        }
    }
    let statements = all
        .iter()
        .map(|s| {
            let min_column = s
                .tokens
                .iter()
                .filter(|t| t.kind == TokenKind::Symbol)
                .map(|t| t.span.start - lines.start(lines.of(t.span.start)))
                .min()
                .unwrap_or(0);
            let symbol_lines: Vec<usize> = {
                let mut v: Vec<usize> = s
                    .tokens
                    .iter()
                    .filter(|t| t.kind == TokenKind::Symbol)
                    .map(|t| lines.of(t.span.start))
                    .collect();
                v.dedup();
                v
            };
            let mut index_in_row = 0;
            let mut row_line = usize::MAX;
            let mut toks = Vec::new();
            for t in &s.tokens {
                let word = t.text(text).trim_end().to_string();
                match t.kind {
                    TokenKind::Comment => comments.push(word),
                    TokenKind::Symbol => {
                        let line = lines.of(t.span.start);
                        if line != row_line {
                            row_line = line;
                            index_in_row = 0;
                        }
                        let row = symbol_lines.iter().position(|&l| l == line).unwrap_or(0);
                        let place = match hex {
                            Some(false) => index_in_row,
                            _ => t.span.start - lines.start(line) - min_column,
                        };
                        index_in_row += 1;
                        toks.push((t.kind, word, (row, place)));
                    }
                    _ => toks.push((t.kind, word, (0, 0))),
                }
            }
            (s.rule, toks)
        })
        .collect();
    Meaning {
        statements,
        comments,
    }
}

/// Fails unless the formatted text says what the original says.
fn check_same(before: &str, after: &str, hex: Option<bool>) -> Result<(), FormatError> {
    let (_, diagnostics) = syntax::parse(after);
    if let Some(d) = diagnostics.first() {
        return Err(FormatError::Changed(format!(
            "the layout does not parse: {}",
            d.message
        )));
    }
    let (a, b) = (meaning(before, hex), meaning(after, hex));
    if a.comments != b.comments {
        return Err(FormatError::Changed("a comment changed".to_string()));
    }
    if a.statements.len() != b.statements.len() {
        return Err(FormatError::Changed(format!(
            "{} statements became {}",
            a.statements.len(),
            b.statements.len()
        )));
    }
    for (i, (x, y)) in a.statements.iter().zip(&b.statements).enumerate() {
        if x != y {
            return Err(FormatError::Changed(format!(
                "statement {} changed: {:?} became {:?}",
                i + 1,
                x.1.iter().map(|t| &t.1).collect::<Vec<_>>(),
                y.1.iter().map(|t| &t.1).collect::<Vec<_>>()
            )));
        }
    }
    Ok(())
}
