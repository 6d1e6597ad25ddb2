//! From text to the spanned syntax tree.
//!
//! The file is cut into statements (a statement starts at column 0; the indented
//! lines after it continue it) and each is parsed on its own with the pest grammar
//! in `grammar/weft.pest`, so one bad line does not hide the problems of the next.
//! Syntax errors are reworded from pest's rule names into the user's words.

use crate::ast::*;
use crate::diagnostic::{Diagnostic, Span, Spanned};
use pest::iterators::Pair;
use pest::Parser;

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/weft.pest"]
struct WeftParser;

/// Parses a whole rule file. Returns the statements that parsed and a diagnostic for each
/// one that did not; `ast.unparsed` names the opening word of each statement that failed,
/// so that the checker does not also call it missing.
pub fn parse(text: &str) -> (Ast, Vec<Diagnostic>) {
    let mut ast = Ast::default();
    let mut diagnostics = Vec::new();
    for mut chunk in chunks(text, &mut diagnostics) {
        let first_line_end = text[chunk.start..chunk.end]
            .find('\n')
            .map_or(chunk.end, |i| chunk.start + i);
        let opening: String = text[chunk.start..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        if first_line_end < chunk.end && opening != "forbid" {
            // Only pictures continue on indented lines: report the indented text and
            // parse the statement's own line.
            let rest = &text[first_line_end..chunk.end];
            let lead = rest.len() - rest.trim_start().len();
            let at = first_line_end + lead;
            let len = text[at..chunk.end].find('\n').unwrap_or(chunk.end - at);
            diagnostics.push(
                Diagnostic::error(Span::new(at, at + len.max(1)), format!("indented line after a `{opening}` statement"))
                    .with_hint("only the rows of a picture (after `forbid`) are indented; start every statement at the beginning of a line"),
            );
            chunk.end = first_line_end;
        }
        let src = &text[chunk.start..chunk.end];
        match WeftParser::parse(Rule::statement_chunk, src) {
            Ok(mut pairs) => {
                if let Some(pair) = pairs.next() {
                    if pair.as_rule() != Rule::EOI {
                        let statement = build_statement(pair, chunk.start);
                        ast.statements.push(statement);
                    }
                }
            }
            Err(e) => {
                let word: String = src
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric())
                    .collect();
                ast.unparsed.push(word);
                diagnostics.push(syntax_error(e, src, chunk.start))
            }
        }
    }
    (ast, diagnostics)
}

/// Cuts the text into statements: each starts on a line that does not begin with
/// white space, and takes the indented lines that follow. Blank and comment-only lines
/// are skipped between statements.
fn chunks(text: &str, diagnostics: &mut Vec<Diagnostic>) -> Vec<Span> {
    let mut out: Vec<Span> = Vec::new();
    let mut current: Option<Span> = None;
    let mut offset = 0;
    for raw in text.split_inclusive('\n') {
        let line_start = offset;
        offset += raw.len();
        let line = raw.trim_end_matches(['\n', '\r']);
        let line_end = line_start + line.len();
        let trimmed = line.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if line.starts_with([' ', '\t']) {
            match current.as_mut() {
                Some(span) => span.end = line_end,
                None => {
                    let indent = line.len() - trimmed.len();
                    let at = line_start + indent;
                    diagnostics.push(
                        Diagnostic::error(Span::new(at, at + trimmed.len()), "indented line outside any statement")
                            .with_hint("statements start at the beginning of a line; only the rows of a picture are indented"),
                    );
                }
            }
        } else {
            out.extend(current.take());
            current = Some(Span::new(line_start, line_end));
        }
    }
    out.extend(current);
    out
}

fn span_of(pair: &Pair<Rule>, base: usize) -> Span {
    let s = pair.as_span();
    Span::new(base + s.start(), base + s.end())
}

fn ident(pair: Pair<Rule>, base: usize) -> Ident {
    Spanned::new(pair.as_str().to_string(), span_of(&pair, base))
}

fn int(pair: Pair<Rule>, base: usize) -> Spanned<i64> {
    // The grammar guarantees digits; a number too large for i64 saturates and is
    // then caught by the range checks.
    let text = pair.as_str();
    let value = text.parse::<i64>().unwrap_or(if text.starts_with('-') {
        i64::MIN
    } else {
        i64::MAX
    });
    Spanned::new(value, span_of(&pair, base))
}

fn string(pair: Pair<Rule>, base: usize) -> Spanned<String> {
    let span = span_of(&pair, base);
    let inner = pair.into_inner().next().map_or("", |p| p.as_str());
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('n') => out.push('\n'),
                Some(other) => out.push(other),
                None => {}
            }
        } else {
            out.push(c);
        }
    }
    Spanned::new(out, span)
}

fn expr(pair: Pair<Rule>, base: usize) -> Spanned<Expr> {
    let span = span_of(&pair, base);
    let inner = pair
        .into_inner()
        .next()
        .expect("grammar: expr has one child");
    let node = match inner.as_rule() {
        Rule::int => Expr::Int(int(inner, base).node),
        _ => Expr::Param(inner.as_str().to_string()),
    };
    Spanned::new(node, span)
}

fn build_statement(pair: Pair<Rule>, base: usize) -> Spanned<Statement> {
    let span = span_of(&pair, base);
    let rule = pair.as_rule();
    let mut inner = pair.into_inner();
    let mut next = || inner.next().expect("grammar guarantees this child");
    let node = match rule {
        Rule::game_stmt => Statement::Game(string(next(), base)),
        Rule::designer_stmt => {
            let name = string(next(), base);
            let year = inner.next().map(|p| int(p, base));
            Statement::Designer { name, year }
        }
        Rule::year_stmt => Statement::Year(int(next(), base)),
        Rule::about_stmt => Statement::About(string(next(), base)),
        Rule::param_stmt => {
            let name = ident(next(), base);
            let default = int(next(), base);
            let mut range = None;
            let mut doc = None;
            for p in inner {
                match p.as_rule() {
                    Rule::param_range => {
                        let mut r = p.into_inner();
                        let lo = int(r.next().expect("range low"), base);
                        let hi = int(r.next().expect("range high"), base);
                        range = Some((lo, hi));
                    }
                    _ => doc = Some(string(p, base)),
                }
            }
            Statement::Param {
                name,
                default,
                range,
                doc,
            }
        }
        Rule::players_stmt => Statement::Players(inner.map(|p| ident(p, base)).collect()),
        Rule::board_stmt => {
            let shape_pair = next();
            let shape = Spanned::new(BoardShape::Square, span_of(&shape_pair, base));
            let size = expr(next(), base);
            Statement::Board { shape, size }
        }
        Rule::edges_stmt => {
            let mut names: Vec<Ident> = inner.map(|p| ident(p, base)).collect();
            let owner = names.pop().expect("grammar: edges has an owner");
            Statement::Edges {
                edges: names,
                owner,
            }
        }
        Rule::piece_stmt => Statement::Piece(ident(next(), base)),
        Rule::turn_stmt => Statement::Turn(inner.map(|p| build_step(p, base)).collect()),
        Rule::forbid_stmt => Statement::Forbid(build_glyph(inner, base, span)),
        Rule::win_stmt => {
            let goal = next();
            let gspan = span_of(&goal, base);
            let adjacency = goal.into_inner().next().map(|a| {
                match a.into_inner().next().expect("adjacency kind").as_rule() {
                    Rule::adjacency_orthogonal => Adjacency::Orthogonal,
                    Rule::adjacency_diagonal => Adjacency::Diagonal,
                    _ => Adjacency::All,
                }
            });
            Statement::Win(Spanned::new(Goal::ConnectOwnEdges { adjacency }, gspan))
        }
        Rule::swap_stmt => Statement::Swap,
        Rule::no_move_stmt => {
            let p = next();
            let policy = match p.as_str() {
                "skip" => NoMove::Skip,
                "lose" => NoMove::Lose,
                _ => NoMove::Impossible,
            };
            Statement::NoMove(Spanned::new(policy, span_of(&p, base)))
        }
        Rule::claim_stmt => {
            let c = next();
            let cspan = span_of(&c, base);
            let claim = match c.as_rule() {
                Rule::claim_no_draws => ClaimDecl::NoDraws,
                Rule::claim_no_passes => ClaimDecl::NoPasses,
                _ => ClaimDecl::LengthAtMost(expr(
                    c.into_inner().next().expect("grammar: length has a number"),
                    base,
                )),
            };
            Statement::Claim(Spanned::new(claim, cspan))
        }
        _ => Statement::Unknown(ident(next(), base)),
    };
    Spanned::new(node, span)
}

fn build_step(pair: Pair<Rule>, base: usize) -> Spanned<Step> {
    let span = span_of(&pair, base);
    let mut inner = pair.into_inner();
    let piece = ident(inner.next().expect("place: piece"), base);
    let target_pair = inner.next().expect("place: target");
    let target = Spanned::new(Target::Empty, span_of(&target_pair, base));
    Spanned::new(Step::Place { piece, target }, span)
}

fn build_glyph(inner: pest::iterators::Pairs<Rule>, base: usize, stmt_span: Span) -> Glyph {
    let mut name = None;
    let mut symmetry = None;
    let mut colours = None;
    let mut rows = Vec::new();
    let mut picture_span = stmt_span;
    for p in inner {
        match p.as_rule() {
            Rule::string => name = Some(string(p, base)),
            Rule::glyph_option => {
                let opt = p.into_inner().next().expect("option kind");
                let kind = opt.into_inner().next().expect("option value");
                let kspan = span_of(&kind, base);
                match kind.as_rule() {
                    Rule::symmetry_kind => {
                        let s = match kind.as_str() {
                            "all" => Symmetry::All,
                            "rotations" => Symmetry::Rotations,
                            "mirror" => Symmetry::Mirror,
                            _ => Symmetry::None,
                        };
                        symmetry = Some(Spanned::new(s, kspan));
                    }
                    _ => {
                        let c = if kind.as_str() == "fixed" {
                            Colours::Fixed
                        } else {
                            Colours::Swap
                        };
                        colours = Some(Spanned::new(c, kspan));
                    }
                }
            }
            Rule::picture => {
                for line in p.into_inner() {
                    if let Some(row) = line.into_inner().next() {
                        let rspan = span_of(&row, base);
                        let symbols = row
                            .into_inner()
                            .map(|s| {
                                let c = s.as_str().chars().next().unwrap_or('?');
                                Spanned::new(c, span_of(&s, base))
                            })
                            .collect();
                        rows.push(Spanned::new(symbols, rspan));
                    }
                }
            }
            _ => {}
        }
    }
    if let (Some(first), Some(last)) = (rows.first(), rows.last()) {
        picture_span = Span::new(first.span.start, last.span.end);
    }
    Glyph {
        name: name.expect("grammar: forbid has a name"),
        symmetry,
        colours,
        rows,
        picture_span,
    }
}

/// Rewords a pest error into the user's words, anchored in the whole file.
fn syntax_error(e: pest::error::Error<Rule>, chunk: &str, base: usize) -> Diagnostic {
    use pest::error::{ErrorVariant, InputLocation};
    let pos = match e.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    // Point at the word that could not be read (or at the end of the line).
    let rest = &chunk[pos.min(chunk.len())..];
    let word_len = rest
        .char_indices()
        .find(|&(_, c)| c.is_whitespace())
        .map_or(rest.len(), |(i, _)| i);
    let span = Span::new(base + pos, base + pos + word_len);
    let found = if word_len == 0 {
        "the end of the line".to_string()
    } else {
        format!("`{}`", &rest[..word_len])
    };
    let expected = match &e.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            let mut words: Vec<&str> = positives.iter().filter_map(|r| describe(*r)).collect();
            words.sort();
            words.dedup();
            words
        }
        ErrorVariant::CustomError { .. } => Vec::new(),
    };
    let message = if expected.is_empty() {
        format!("unexpected {found}")
    } else {
        format!("expected {}, found {found}", one_of(&expected))
    };
    let mut d = Diagnostic::error(span, message);
    if let Some(h) = hint_for(chunk) {
        d = d.with_hint(h);
    }
    d
}

fn one_of(words: &[&str]) -> String {
    match words {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} or {}", init.join(", "), last),
    }
}

/// The user's word for a grammar rule; `None` for rules that never appear alone.
fn describe(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::ident => "a name",
        Rule::int => "a number",
        Rule::string => "a quoted string",
        Rule::expr => "a number or a parameter name",
        Rule::param_range => "`in LOW to HIGH`",
        Rule::board_shape => "a board shape (`square`)",
        Rule::place_step => "a step (`place PIECE on TARGET`)",
        Rule::target | Rule::target_empty => "a target (`empty`)",
        Rule::glyph_option => "an option (`symmetry ...` or `colours ...`)",
        Rule::symmetry_kind => "`all`, `rotations`, `mirror` or `none`",
        Rule::colours_kind => "`swap` or `fixed`",
        Rule::picture | Rule::picture_line => "the picture's rows on the indented lines below",
        Rule::picture_row | Rule::picture_symbol => "a picture symbol",
        Rule::connect_goal => "a goal (`connect own edges`)",
        Rule::adjacency
        | Rule::adjacency_orthogonal
        | Rule::adjacency_diagonal
        | Rule::adjacency_all => "an adjacency (`orthogonally`, `diagonally`, `in all directions`)",
        Rule::no_move_policy => "`skip`, `lose` or `impossible`",
        Rule::claim_no_draws | Rule::claim_no_passes | Rule::claim_length => {
            "a claim (`no draws`, `no passes`, `length at most N`)"
        }
        Rule::EOI => "the end of the statement",
        _ => return None,
    })
}

/// The shape of each statement, shown as a hint under its syntax errors.
fn hint_for(chunk: &str) -> Option<&'static str> {
    let word = chunk.split(|c: char| !c.is_ascii_alphanumeric()).next()?;
    Some(match word {
        "game" => "write `game \"Name\"`",
        "designer" => "write `designer \"Name\"` or `designer \"Name\" 2024`",
        "year" => "write `year 2024`",
        "about" => "write `about \"free text\"`",
        "param" => "write `param NAME = DEFAULT` or `param NAME = DEFAULT in LOW to HIGH \"what it is\"`",
        "players" => "write `players first second`, the first to move first",
        "board" => "write `board square SIZE`, SIZE a number or a parameter",
        "edges" => "write `edges top bottom: PLAYER`",
        "piece" => "write `piece NAME`",
        "turn" => "write `turn: place PIECE on empty`",
        "forbid" => "write `forbid \"name\"` and draw the picture on the indented lines below",
        "win" => "write `win: connect own edges` (optionally `orthogonally`, `diagonally` or `in all directions`)",
        "swap" => "write `swap` alone on its line",
        "no" => "write `no move: skip`, `no move: lose` or `no move: impossible`",
        "claim" => "write `claim: no draws`, `claim: no passes` or `claim: length at most 400`",
        _ => return None,
    })
}
