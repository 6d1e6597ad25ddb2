//! From text to the spanned syntax tree.
//!
//! The file is cut into statements (a statement starts at column 0; the indented
//! lines after it continue it) and each is parsed on its own with the pest grammar
//! in `grammar/weft.pest`, so one bad line does not hide the problems of the next.
//! Syntax errors are reworded from pest's rule names into the user's words.

use super::ast::*;
use super::diagnostic::{Diagnostic, Span, Spanned};
use pest::iterators::{Pair, Pairs};
use pest::Parser;

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/weft.pest"]
pub(crate) struct WeftParser;

/// Parses a whole rule file. Returns the statements that parsed and a diagnostic for each
/// one that did not; `ast.unparsed` names the opening word of each statement that failed,
/// so that the checker does not also call it missing.
pub fn parse(text: &str) -> (Ast, Vec<Diagnostic>) {
    let mut ast = Ast::default();
    let mut diagnostics = Vec::new();
    for chunk in chunks(text, &mut diagnostics) {
        let first_line_end = text[chunk.start..chunk.end]
            .find('\n')
            .map_or(chunk.end, |i| chunk.start + i);
        let opening: String = text[chunk.start..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        let continued = first_line_end < chunk.end && opening != "forbid";
        // Indented lines continue a statement: its lines are joined, comments and line
        // breaks turned into spaces byte for byte, so every span stays where it was.
        let joined;
        let src = if continued {
            joined = join_lines(&text[chunk.start..chunk.end]);
            joined.as_str()
        } else {
            &text[chunk.start..chunk.end]
        };
        if let Some(at) = too_deep(src) {
            ast.unparsed.push(opening);
            let len = if src[at..].starts_with('(') { 1 } else { 3 };
            diagnostics.push(nesting_error(Span::new(
                chunk.start + at,
                chunk.start + at + len,
            )));
            continue;
        }
        match WeftParser::parse(Rule::statement_chunk, src) {
            Ok(pairs) => match number_too_large(&pairs, chunk.start) {
                Some(d) => {
                    ast.unparsed.push(opening);
                    diagnostics.push(d);
                }
                None => push_statement(&mut ast, pairs, chunk.start),
            },
            Err(_) if continued && parses(&text[chunk.start..first_line_end]) => {
                // The first line is a whole statement: the indented lines do not belong.
                let rest = &text[first_line_end..chunk.end];
                let lead = rest.len() - rest.trim_start().len();
                let at = first_line_end + lead;
                let len = text[at..chunk.end].find('\n').unwrap_or(chunk.end - at);
                diagnostics.push(
                    Diagnostic::error(Span::new(at, at + len.max(1)), format!("indented line after a `{opening}` statement"))
                        .with_hint("an indented line continues the statement above, and this one does not fit it; start every statement at the beginning of a line"),
                );
                if let Ok(pairs) =
                    WeftParser::parse(Rule::statement_chunk, &text[chunk.start..first_line_end])
                {
                    push_statement(&mut ast, pairs, chunk.start);
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

/// The deepest nesting of parentheses and `not` a statement may have. The parser and
/// the stages after it recurse once per level, so a limit far above anything a person
/// writes keeps a hostile file from overflowing the stack (in every build and thread).
pub const MAX_NESTING: usize = 64;

/// The offset of the `(` or `not` that nests a statement's text deeper than
/// [`MAX_NESTING`], if one does. A `not` stays open until the condition after it
/// ends: at the next word that is not `not`, or at the `)` closing a `(` opened after
/// it. Quoted text and comments are skipped.
///
/// ```
/// use weft::lang::syntax::too_deep;
/// assert_eq!(too_deep("turn: place stone on not (not empty)"), None);
/// let deep = format!("win if {}empty", "not ".repeat(65));
/// assert_eq!(too_deep(&deep), Some(7 + 4 * 64));
/// ```
pub fn too_deep(text: &str) -> Option<usize> {
    fn close_nots(open: &mut Vec<u8>) {
        while open.last() == Some(&b'n') {
            open.pop();
        }
    }
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    // b'(' for a parenthesis, b'n' for a `not`.
    let mut open: Vec<u8> = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        match bytes[i] {
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' && bytes[i] != b'\n' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'#' => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'(' => open.push(b'('),
            b')' => {
                close_nots(&mut open);
                open.pop();
                close_nots(&mut open);
            }
            b if word(b) => {
                while i + 1 < bytes.len() && word(bytes[i + 1]) {
                    i += 1;
                }
                if &bytes[start..=i] == b"not" {
                    open.push(b'n');
                } else {
                    close_nots(&mut open);
                }
            }
            _ => {}
        }
        if open.len() > MAX_NESTING {
            return Some(start);
        }
        i += 1;
    }
    None
}

/// The error for a statement nested deeper than [`MAX_NESTING`], at the level too many.
fn nesting_error(span: Span) -> Diagnostic {
    Diagnostic::error(
        span,
        format!("nested too deeply: more than {MAX_NESTING} levels of parentheses and `not`"),
    )
    .with_hint("write the condition with fewer levels (`not not` cancels out)")
}

/// An error for the first number of a statement that does not fit in 64 bits (it
/// would otherwise have to be changed into one that does).
fn number_too_large(pairs: &Pairs<Rule>, base: usize) -> Option<Diagnostic> {
    let pair = pairs
        .clone()
        .flatten()
        .find(|p| p.as_rule() == Rule::int && p.as_str().parse::<i64>().is_err())?;
    Some(
        Diagnostic::error(
            span_of(&pair, base),
            format!("the number {} is too large", pair.as_str()),
        )
        .with_hint(format!(
            "a number in a rule file goes from {} to {}",
            i64::MIN,
            i64::MAX
        )),
    )
}

/// Adds the statement that parsed (if it is not empty).
fn push_statement(ast: &mut Ast, mut pairs: Pairs<Rule>, base: usize) {
    if let Some(pair) = pairs.next() {
        if pair.as_rule() != Rule::EOI {
            ast.statements.push(build_statement(pair, base));
        }
    }
}

/// Whether a text is one whole statement.
fn parses(text: &str) -> bool {
    WeftParser::parse(Rule::statement_chunk, text).is_ok()
}

/// A statement's lines as one: each comment (from a `#` outside quotes to the end of
/// its line) and each line break become spaces, so that the text keeps its length and
/// every byte its offset.
///
/// ```text
/// region stars: d4   # the centre       region stars: d4                  e5 f6
///   e5 f6                         ->
/// ```
pub(crate) fn join_lines(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut quoted = false;
    let mut escaped = false;
    let mut comment = false;
    for ch in text.chars() {
        let was_escaped = std::mem::take(&mut escaped);
        match ch {
            '\n' | '\r' => {
                comment = false;
                quoted = false;
                out.push(' ');
            }
            '\\' if quoted && !was_escaped => {
                escaped = true;
                out.push(ch);
            }
            '"' if was_escaped => out.push(ch),
            _ if comment => out.extend(std::iter::repeat_n(' ', ch.len_utf8())),
            '#' if !quoted => {
                comment = true;
                out.push(' ');
            }
            '"' => {
                quoted = !quoted;
                out.push(ch);
            }
            _ => out.push(ch),
        }
    }
    out
}

/// Cuts the text into statements: each starts on a line that does not begin with
/// white space, and takes the indented lines that follow. Blank and comment-only lines
/// are skipped between statements.
pub(crate) fn chunks(text: &str, diagnostics: &mut Vec<Diagnostic>) -> Vec<Span> {
    let mut out: Vec<Span> = Vec::new();
    let mut current: Option<Span> = None;
    // A byte order mark (of text that did not come through `read`) stands before the
    // first statement, not in it.
    let mut offset = if text.starts_with('\u{feff}') { 3 } else { 0 };
    for raw in text[offset..].split_inclusive('\n') {
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
    // The grammar guarantees digits, and `number_too_large` refused a statement with
    // a number too large for i64 before it was built.
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
    let term = |p: Pair<Rule>| match p.as_rule() {
        Rule::int => Expr::Int(int(p, base).node),
        _ => Expr::Param(p.as_str().to_string()),
    };
    let mut inner = pair.into_inner();
    let first = term(inner.next().expect("grammar: expr has a term"));
    let mut rest = Vec::new();
    while let (Some(op), Some(t)) = (inner.next(), inner.next()) {
        rest.push((if op.as_str() == "-" { -1 } else { 1 }, term(t)));
    }
    let node = if rest.is_empty() {
        first
    } else {
        Expr::Sum(Box::new(first), rest)
    };
    Spanned::new(node, span)
}

fn cell_cond(pair: Pair<Rule>, base: usize) -> CellCond {
    let rule = pair.as_rule();
    let mut parts: Vec<CellCond> = Vec::new();
    match rule {
        Rule::cell_cond | Rule::cell_and => {
            for p in pair.into_inner() {
                parts.push(cell_cond(p, base));
            }
            if parts.len() == 1 {
                parts.pop().expect("one part")
            } else if rule == Rule::cell_cond {
                CellCond::Or(parts)
            } else {
                CellCond::And(parts)
            }
        }
        Rule::cell_not => CellCond::Not(Box::new(cell_cond(
            pair.into_inner().next().expect("not has an operand"),
            base,
        ))),
        Rule::cell_empty => CellCond::Empty,
        Rule::cell_in => CellCond::In(ident(
            pair.into_inner()
                .find(|p| p.as_rule() == Rule::ident)
                .expect("a region name"),
            base,
        )),
        Rule::cell_no | Rule::cell_own | Rule::cell_enemy | Rule::cell_any => {
            let id = ident(
                pair.into_inner()
                    .find(|p| p.as_rule() == Rule::ident)
                    .expect("a piece name"),
                base,
            );
            match rule {
                Rule::cell_no => CellCond::No(id),
                Rule::cell_own => CellCond::Own(id),
                Rule::cell_enemy => CellCond::Enemy(id),
                _ => CellCond::Any(id),
            }
        }
        _ => unreachable!("grammar: cell condition rule {rule:?}"),
    }
}

fn comparison(text: &str) -> Cmp {
    match text {
        "<" => Cmp::Lt,
        "<=" => Cmp::Le,
        ">" => Cmp::Gt,
        ">=" => Cmp::Ge,
        "!=" => Cmp::Ne,
        _ => Cmp::Eq,
    }
}

fn whose(pair: &Pair<Rule>) -> Whose {
    if pair.as_str().starts_with("own") {
        Whose::Own
    } else {
        Whose::Enemy
    }
}

fn condition(pair: Pair<Rule>, base: usize) -> Cond {
    let rule = pair.as_rule();
    match rule {
        Rule::condition | Rule::cond_and => {
            let mut parts: Vec<Cond> = pair.into_inner().map(|p| condition(p, base)).collect();
            if parts.len() == 1 {
                parts.pop().expect("one part")
            } else if rule == Rule::condition {
                Cond::Or(parts)
            } else {
                Cond::And(parts)
            }
        }
        Rule::cond_not => Cond::Not(Box::new(condition(
            pair.into_inner().next().expect("not has an operand"),
            base,
        ))),
        Rule::cond_no_move => Cond::NoMove,
        Rule::cond_passes => {
            let mut inner = pair.into_inner();
            let cmp = comparison(inner.next().expect("a comparison").as_str());
            Cond::Passes {
                cmp,
                value: expr(inner.next().expect("a value"), base),
            }
        }
        Rule::cond_count => {
            let mut who = Whose::Anyone;
            let mut piece = None;
            let mut cmp = Cmp::Eq;
            let mut value = None;
            for p in pair.into_inner() {
                match p.as_rule() {
                    Rule::whose => who = whose(&p),
                    Rule::ident => piece = Some(ident(p, base)),
                    Rule::comparison => cmp = comparison(p.as_str()),
                    _ => value = Some(expr(p, base)),
                }
            }
            Cond::Count {
                whose: who,
                piece: piece.expect("grammar: count has a piece"),
                cmp,
                value: value.expect("grammar: count has a value"),
            }
        }
        Rule::cond_separates => {
            let mut inner = pair.into_inner();
            let who = whose(&inner.next().expect("whose"));
            let piece = ident(inner.next().expect("a piece"), base);
            let c = inner.next().expect("what is counted");
            let counted = match c.as_rule() {
                Rule::counted_all => CountedNames::AllCells,
                Rule::counted_region => {
                    CountedNames::Region(ident(c.into_inner().next().expect("a region"), base))
                }
                _ => CountedNames::Pieces(ident(c.into_inner().next().expect("a piece"), base)),
            };
            Cond::Separates {
                whose: who,
                piece,
                counted,
            }
        }
        _ => unreachable!("grammar: condition rule {rule:?}"),
    }
}

/// One statement of the tree, dispatched by its kind.
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
        Rule::param_stmt => param_statement(inner, base),
        Rule::players_stmt => Statement::Players(inner.map(|p| ident(p, base)).collect()),
        Rule::board_stmt => board_statement(next(), base),
        Rule::blocked_stmt => Statement::Blocked(cell_set(next(), base)),
        Rule::region_stmt => {
            let name = ident(next(), base);
            Statement::Region {
                name,
                cells: cell_set(next(), base),
            }
        }
        Rule::edges_stmt => {
            let edges = next().into_inner().map(|p| ident(p, base)).collect();
            let owners = next().into_inner().map(|p| ident(p, base)).collect();
            Statement::Edges { edges, owners }
        }
        Rule::piece_stmt => piece_statement(inner, base),
        Rule::setup_stmt => setup_statement(inner, base),
        Rule::turn_stmt => turn_statement(inner, base),
        Rule::turn_start_stmt => {
            let (verdict, cond) = verdict_if(inner, base);
            Statement::TurnStart { verdict, cond }
        }
        Rule::after_move_stmt => {
            let (verdict, cond) = verdict_if(inner, base);
            Statement::AfterMove { verdict, cond }
        }
        Rule::capture_stmt => {
            let piece = ident(next(), base);
            let mut adjacency_rule = None;
            let mut suicide = false;
            for p in inner {
                match p.as_rule() {
                    Rule::adjacency => adjacency_rule = Some(adjacency(p)),
                    _ => suicide = p.as_str().ends_with("allowed"),
                }
            }
            Statement::Capture {
                piece,
                adjacency: adjacency_rule,
                suicide,
            }
        }
        Rule::ko_stmt => {
            let p = next();
            let ko = if p.as_str() == "simple" {
                Ko::Simple
            } else {
                Ko::Superko
            };
            Statement::Ko(Spanned::new(ko, span_of(&p, base)))
        }
        Rule::both_win_stmt => {
            let p = next();
            let both = if p.as_str() == "draw" {
                BothWin::Draw
            } else {
                BothWin::Mover
            };
            Statement::BothWin(Spanned::new(both, span_of(&p, base)))
        }
        Rule::frozen_stmt => Statement::Frozen(ident(next(), base)),
        Rule::ply_limit_stmt => Statement::PlyLimit(expr(next(), base)),
        Rule::forbid_stmt => Statement::Forbid(build_glyph(inner, base, span)),
        Rule::win_stmt | Rule::lose_stmt => goal_statement(rule, span, inner, base),
        Rule::swap_stmt => Statement::Swap,
        Rule::no_move_stmt => {
            let p = next();
            let policy = match p.as_str() {
                "skip" => NoMove::Skip,
                "lose" => NoMove::Lose,
                "draw" => NoMove::Draw,
                _ => NoMove::Impossible,
            };
            Statement::NoMove(Spanned::new(policy, span_of(&p, base)))
        }
        Rule::claim_stmt => Statement::Claim(claim(next(), base)),
        _ => Statement::Unknown(ident(next(), base)),
    };
    Spanned::new(node, span)
}

/// `param size = 9 in 2 to 26 "board side"`
fn param_statement(mut inner: Pairs<Rule>, base: usize) -> Statement {
    let name = ident(inner.next().expect("a name"), base);
    let default = int(inner.next().expect("a default"), base);
    let mut range = None;
    let mut step = None;
    let mut doc = None;
    for p in inner {
        match p.as_rule() {
            Rule::param_range => {
                let mut r = p.into_inner();
                let lo = int(r.next().expect("range low"), base);
                let hi = int(r.next().expect("range high"), base);
                step = r.next().map(|s| int(s, base));
                range = Some((lo, hi));
            }
            _ => doc = Some(string(p, base)),
        }
    }
    Statement::Param {
        name,
        default,
        range,
        step,
        doc,
    }
}

/// `board square size`, `board rhombus 11 by 11`
fn board_statement(shape_pair: Pair<Rule>, base: usize) -> Statement {
    let sspan = span_of(&shape_pair, base);
    let shape = match shape_pair.as_rule() {
        Rule::square_shape => BoardShape::Square,
        Rule::rectangle_shape => BoardShape::Rectangle,
        Rule::hexagon_shape => BoardShape::Hexagon,
        Rule::triangle_shape => BoardShape::Triangle,
        _ => BoardShape::Rhombus,
    };
    let dims = shape_pair.into_inner().map(|p| expr(p, base)).collect();
    Statement::Board {
        shape: Spanned::new(shape, sspan),
        dims,
    }
}

/// `piece stone`, `neutral piece pawn`
fn piece_statement(inner: Pairs<Rule>, base: usize) -> Statement {
    let mut neutral = false;
    let mut name = None;
    for p in inner {
        match p.as_rule() {
            Rule::neutral_kw => neutral = true,
            _ => name = Some(ident(p, base)),
        }
    }
    Statement::Piece {
        name: name.expect("grammar: piece has a name"),
        neutral,
    }
}

/// `setup white: man on rows 1 to 2`, `setup neutral: pawn on d4`
fn setup_statement(mut inner: Pairs<Rule>, base: usize) -> Statement {
    let owner = ident(inner.next().expect("an owner"), base);
    let piece = ident(inner.next().expect("a piece"), base);
    let at = cell_set(inner.next().expect("cells"), base);
    Statement::Setup { owner, piece, at }
}

/// A set of cells: `d4 e5`, `rows 1 to 2`, `even rows and odd columns`, ...
fn cell_set(pair: Pair<Rule>, base: usize) -> Spanned<CellSet> {
    let span = span_of(&pair, base);
    let rule = pair.as_rule();
    let mut parts: Vec<Spanned<CellSet>> = Vec::new();
    let mut tail = Vec::new();
    let mut inner = pair.into_inner();
    let node = match rule {
        Rule::cell_set | Rule::set_union | Rule::set_and => {
            for p in inner {
                match p.as_rule() {
                    Rule::kw_except | Rule::kw_and | Rule::kw_or => {}
                    _ => parts.push(cell_set(p, base)),
                }
            }
            if parts.len() == 1 {
                return parts.pop().expect("one part");
            }
            match rule {
                Rule::cell_set => {
                    let first = parts.remove(0);
                    tail.append(&mut parts);
                    CellSet::Except(Box::new(first), tail)
                }
                Rule::set_union => CellSet::Union(parts),
                _ => CellSet::And(parts),
            }
        }
        Rule::set_not => {
            let x = inner.find(|p| p.as_rule() != Rule::kw_not).expect("a set");
            CellSet::Not(Box::new(cell_set(x, base)))
        }
        Rule::set_all => CellSet::All,
        Rule::set_rows => {
            let a = expr(inner.next().expect("a row"), base);
            let b = inner.next().map_or_else(|| a.clone(), |p| expr(p, base));
            CellSet::Rows(a, b)
        }
        Rule::set_columns => {
            let a = ident(inner.next().expect("a column"), base);
            let b = inner.next().map_or_else(|| a.clone(), |p| ident(p, base));
            CellSet::Columns(a, b)
        }
        Rule::set_parity => {
            let even = inner.next().expect("even or odd").as_str() == "even";
            let rows = inner.next().expect("rows or columns").as_str() == "rows";
            CellSet::Parity { even, rows }
        }
        _ => CellSet::Name(ident(inner.next().expect("a name"), base)),
    };
    Spanned::new(node, span)
}

/// `turn while COND: STEP, then STEP`
fn turn_statement(inner: Pairs<Rule>, base: usize) -> Statement {
    let mut guard = None;
    let mut optional = None;
    let mut pass = None;
    let mut steps = Vec::new();
    for p in inner {
        match p.as_rule() {
            Rule::turn_guard => {
                let c = p.into_inner().next().expect("a condition");
                let cspan = span_of(&c, base);
                guard = Some(Spanned::new(condition(c, base), cspan));
            }
            Rule::optional_step => optional = Some(span_of(&p, base)),
            Rule::turn_pass => {
                let pspan = span_of(&p, base);
                let takes = p.into_inner().next().map(|i| ident(i, base));
                pass = Some(Spanned::new(PassDecl { takes }, pspan));
            }
            _ => steps.push(build_step(p, base)),
        }
    }
    Statement::Turn {
        guard,
        optional,
        steps,
        pass,
    }
}

/// `VERDICT if COND`, of `at turn start:` and `after move:`.
fn verdict_if(mut inner: Pairs<Rule>, base: usize) -> (Spanned<Verdict>, Spanned<Cond>) {
    let r = inner.next().expect("a verdict");
    let v = match r.as_str() {
        "win" => Verdict::Win,
        "lose" => Verdict::Lose,
        _ => Verdict::Draw,
    };
    let verdict = Spanned::new(v, span_of(&r, base));
    let c = inner.next().expect("a condition");
    let cspan = span_of(&c, base);
    (verdict, Spanned::new(condition(c, base), cspan))
}

/// `win: GOAL`, `lose for white: GOAL`.
fn goal_statement(rule: Rule, span: Span, inner: Pairs<Rule>, base: usize) -> Statement {
    let verdict = if rule == Rule::win_stmt {
        Verdict::Win
    } else {
        Verdict::Lose
    };
    let keyword = Span::new(
        span.start,
        span.start + if rule == Rule::win_stmt { 3 } else { 4 },
    );
    let mut player = None;
    let mut goal_pair = None;
    for p in inner {
        match p.as_rule() {
            Rule::goal_player => {
                player = Some(ident(p.into_inner().next().expect("a player"), base))
            }
            _ => goal_pair = Some(p),
        }
    }
    Statement::Goal {
        verdict: Spanned::new(verdict, keyword),
        player,
        goal: goal(goal_pair.expect("grammar: a goal"), base),
    }
}

/// The goal of a `win:` or `lose:` statement.
fn goal(goal: Pair<Rule>, base: usize) -> Spanned<Goal> {
    let gspan = span_of(&goal, base);
    let rule = goal.as_rule();
    let mut adjacency_of = None;
    let mut piece = None;
    let mut target = None;
    for p in goal.into_inner() {
        match p.as_rule() {
            Rule::adjacency => adjacency_of = Some(adjacency(p)),
            Rule::ident => piece = Some(ident(p, base)),
            Rule::connect_own => target = Some(ConnectTarget::OwnEdges),
            Rule::connect_opposite => target = Some(ConnectTarget::OppositeEdges),
            Rule::connect_some => {
                let mut need = None;
                let mut names = Vec::new();
                for q in p.into_inner() {
                    match q.as_rule() {
                        Rule::int => need = Some(int(q, base)),
                        _ => names.push(ident(q.into_inner().next().expect("a name"), base)),
                    }
                }
                target = Some(ConnectTarget::Some { need, names })
            }
            _ => {}
        }
    }
    let node = match rule {
        Rule::race_goal => Goal::CrossingRace,
        Rule::ring_goal => Goal::Ring {
            adjacency: adjacency_of,
        },
        Rule::group_goal => Goal::OneGroup {
            piece,
            adjacency: adjacency_of,
        },
        _ => Goal::Connect {
            target: target.expect("grammar: a connection's target"),
            adjacency: adjacency_of,
        },
    };
    Spanned::new(node, gspan)
}

/// `orthogonally`, `diagonally` or `in all directions`.
fn adjacency(p: Pair<Rule>) -> Adjacency {
    match p.into_inner().next().expect("adjacency kind").as_rule() {
        Rule::adjacency_orthogonal => Adjacency::Orthogonal,
        Rule::adjacency_diagonal => Adjacency::Diagonal,
        _ => Adjacency::All,
    }
}

/// The claim of a `claim:` statement.
fn claim(c: Pair<Rule>, base: usize) -> Spanned<ClaimDecl> {
    let cspan = span_of(&c, base);
    let claim = match c.as_rule() {
        Rule::claim_no_draws => ClaimDecl::NoDraws,
        Rule::claim_no_passes => ClaimDecl::NoPasses,
        _ => ClaimDecl::LengthAtMost(expr(
            c.into_inner().next().expect("grammar: length has a number"),
            base,
        )),
    };
    Spanned::new(claim, cspan)
}

fn build_step(pair: Pair<Rule>, base: usize) -> Spanned<Step> {
    let span = span_of(&pair, base);
    let rule = pair.as_rule();
    let mut inner = pair.into_inner();
    let first = inner.next().expect("a step names a piece");
    let (owner, piece) = if first.as_rule() == Rule::place_owner {
        let owner = ident(first.into_inner().next().expect("a player"), base);
        (Some(owner), ident(inner.next().expect("a piece"), base))
    } else {
        (None, ident(first, base))
    };
    let step = match rule {
        Rule::place_step => {
            let t = inner.next().expect("place: target");
            let tspan = span_of(&t, base);
            Step::Place {
                owner,
                piece,
                target: Spanned::new(cell_cond(t, base), tspan),
            }
        }
        Rule::slide_step => {
            let mut distance = None;
            let mut through = None;
            let mut onto = None;
            for p in inner.by_ref() {
                let pspan = span_of(&p, base);
                let rule = p.as_rule();
                let c = p.into_inner().next().expect("a distance or a condition");
                match rule {
                    Rule::slide_distance => {
                        distance = Some(Spanned::new(slide_distance(c, base), pspan))
                    }
                    Rule::slide_through => through = Some(Spanned::new(cell_cond(c, base), pspan)),
                    _ => onto = Some(Spanned::new(cell_cond(c, base), pspan)),
                }
            }
            Step::Slide {
                piece,
                distance,
                through,
                onto,
            }
        }
        _ => {
            let mut up_to = false;
            let mut capture = false;
            for p in inner {
                match p.as_rule() {
                    Rule::line_distance => {
                        up_to = p.into_inner().next().map(|d| d.as_rule()) == Some(Rule::line_up_to)
                    }
                    _ => capture = true,
                }
            }
            Step::Line {
                piece,
                up_to,
                capture,
            }
        }
    };
    Spanned::new(step, span)
}

/// `up to N`, `exactly N`, `exactly count stone on its line`.
fn slide_distance(pair: Pair<Rule>, base: usize) -> Distance {
    let up_to = pair.as_rule() == Rule::slide_up_to;
    let value = pair.into_inner().next().expect("a distance's amount");
    if value.as_rule() == Rule::line_count {
        let mut whose_of = Whose::Anyone;
        let mut piece = None;
        for q in value.into_inner() {
            match q.as_rule() {
                Rule::whose => whose_of = whose(&q),
                _ => piece = Some(ident(q, base)),
            }
        }
        return Distance::LineCount {
            whose: whose_of,
            piece: piece.expect("grammar: a piece on the line"),
        };
    }
    let amount = expr(value, base);
    if up_to {
        Distance::UpTo(amount)
    } else {
        Distance::Exactly(amount)
    }
}

fn build_glyph(inner: Pairs<Rule>, base: usize, stmt_span: Span) -> Glyph {
    let mut name = None;
    let mut symmetry = None;
    let mut colours = None;
    let mut rows = Vec::new();
    let mut line_starts = Vec::new();
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
                    let line_start = span_of(&line, base).start;
                    if let Some(row) = line.into_inner().next() {
                        line_starts.push(line_start);
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
        line_starts,
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
        Rule::expr_op => "`+` or `-`",
        Rule::square_shape
        | Rule::rectangle_shape
        | Rule::hexagon_shape
        | Rule::rhombus_shape
        | Rule::triangle_shape => {
            "a board shape (`square N`, `rectangle W by H`, `hexagon S`, `rhombus W by H`, `triangle N`)"
        }
        Rule::cell_set
        | Rule::set_union
        | Rule::set_and
        | Rule::set_not
        | Rule::set_all
        | Rule::set_rows
        | Rule::set_columns
        | Rule::set_parity
        | Rule::set_name => {
            "cells (`d4 e5`, `all cells`, `rows 1 to 2`, `even rows and odd columns`, a region's name)"
        }
        Rule::set_parity_kind => "`even` or `odd`",
        Rule::set_lines => "`rows` or `columns`",
        Rule::edge_list => "edges, corners, sides or regions by name (`top bottom`)",
        Rule::owner_list => "the players who own them (`black`, or `black white`)",
        Rule::goal_player => "`for PLAYER`",
        Rule::turn_guard => "`while CONDITION`",
        Rule::slide_step | Rule::line_step => {
            "a step (`place PIECE on CELLS`, `slide PIECE through CELLS`, `slide PIECE exactly 1`, `move line of PIECE`)"
        }
        Rule::line_distance | Rule::line_exact | Rule::line_up_to => {
            "`exactly its length` or `up to its length`"
        }
        Rule::line_capture => "`capture if longer`",
        Rule::slide_distance | Rule::slide_up_to | Rule::slide_exactly | Rule::line_count => {
            "a distance (`up to N`, `exactly N`, `exactly count PIECE on its line`)"
        }
        Rule::slide_through => "`through CELLS`",
        Rule::slide_onto => "`onto CELLS`",
        Rule::optional_step => "`optionally`",
        Rule::suicide_rule | Rule::suicide_kind => "`suicide allowed` or `suicide forbidden`",
        Rule::ko_kind => "`simple` or `superko`",
        Rule::both_verdict => "`draw` or `mover`",
        Rule::cell_cond
        | Rule::cell_and
        | Rule::cell_not
        | Rule::cell_empty
        | Rule::cell_no
        | Rule::cell_own
        | Rule::cell_enemy
        | Rule::cell_any => {
            "a cell condition (`empty`, `no PIECE`, `own PIECE`, `enemy PIECE`, `in REGION`)"
        }
        Rule::condition
        | Rule::cond_and
        | Rule::cond_not
        | Rule::cond_count
        | Rule::cond_separates
        | Rule::cond_no_move
        | Rule::cond_passes => {
            "a condition (`count PIECE < N`, `own PIECE separates PIECE`, `no move`, `passes = 0`)"
        }
        Rule::turn_pass => "`, or pass` or `, or pass to play PLAYER`",
        Rule::place_owner => "a player or a piece",
        Rule::cell_in | Rule::kw_in => "`in REGION`",
        Rule::whose | Rule::kw_own | Rule::kw_enemy => "`own` or `enemy`",
        Rule::kw_empty | Rule::kw_no => {
            "a cell condition (`empty`, `no PIECE`, `own PIECE`, `enemy PIECE`)"
        }
        Rule::comparison => "a comparison (`<`, `<=`, `=`, `!=`, `>=`, `>`)",
        Rule::counted_pieces | Rule::counted_region | Rule::counted_all => {
            "a piece, `region NAME` or `all cells`"
        }
        Rule::verdict => "`win`, `lose` or `draw`",
        Rule::race_goal | Rule::ring_goal | Rule::connect_goal | Rule::group_goal => GOALS,
        Rule::connect_own | Rule::connect_opposite | Rule::connect_some | Rule::region_name => {
            "what to connect (`own edges`, `top bottom`, `2 of corners`, `opposite edges`)"
        }
        Rule::param_range => "`in LOW to HIGH` or `in LOW to HIGH by STEP`",
        Rule::place_step => {
            "a step (`place PIECE on CELLS`, `slide PIECE through CELLS`, `slide PIECE exactly 1`, `move line of PIECE`)"
        }
        Rule::glyph_option => "an option (`symmetry ...` or `colours ...`)",
        Rule::symmetry_kind => "`all`, `rotations`, `mirror` or `none`",
        Rule::colours_kind => "`swap` or `fixed`",
        Rule::picture | Rule::picture_line => "the picture's rows on the indented lines below",
        Rule::picture_row | Rule::picture_symbol => "a picture symbol",
        Rule::adjacency
        | Rule::adjacency_orthogonal
        | Rule::adjacency_diagonal
        | Rule::adjacency_all => "an adjacency (`orthogonally`, `diagonally`, `in all directions`)",
        Rule::no_move_policy => "`skip`, `lose`, `draw` or `impossible`",
        Rule::claim_no_draws | Rule::claim_no_passes | Rule::claim_length => {
            "a claim (`no draws`, `no passes`, `length at most N`)"
        }
        Rule::EOI => "the end of the statement",
        _ => return None,
    })
}

/// Every goal form, once each, with an example.
const GOALS: &str = "a goal: `connect own edges`, `connect top bottom`, `connect 3 of sides`, `connect opposite edges`, `ring`, `one group`, or `crossing race into own edges`";

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
        "board" => "write `board square N`, `board rectangle W by H`, `board hexagon S`, `board rhombus W by H` or `board triangle N`",
        "blocked" => "write `blocked d4 e5` (any set of cells)",
        "region" => "write `region NAME: d4 e5 f6`, or any set of cells: `all cells`, `rows 1 to 2`, `even rows and odd columns`, `all cells except edges`",
        "neutral" => "write `neutral piece NAME`",
        "setup" => "write `setup PLAYER: PIECE on rows 1 to 2` or `setup neutral: PIECE on d4 e5` (any set of cells)",
        "at" => "write `at turn start: win if CONDITION` (or `lose if`, `draw if`)",
        "after" => "write `after move: win if CONDITION` (or `lose if`, `draw if`)",
        "frozen" => "write `frozen: PIECE on own edges`",
        "ply" => "write `ply limit: 400`",
        "edges" => "write `edges top bottom: PLAYER`, or `edges left right bottom: black white` for edges both own",
        "piece" => "write `piece NAME`",
        "turn" => "write `turn: place PIECE on empty`, or steps joined by `, then` (the first maybe after `optionally`)",
        "forbid" => "write `forbid \"name\"` and draw the picture on the indented lines below",
        "win" | "lose" => "write `win: GOAL` or `win for PLAYER: GOAL`; the goals: `connect own edges`, `connect top bottom`, `connect 3 of sides`, `connect opposite edges`, `ring`, `one group` (each optionally `orthogonally`, `diagonally` or `in all directions`), `crossing race into own edges`",
        "capture" => "write `capture: surrounded PIECE`, maybe with an adjacency and `, suicide allowed`",
        "ko" => "write `ko: simple` or `ko: superko`",
        "both" => "write `both win: draw` or `both win: mover`",
        "swap" => "write `swap` alone on its line",
        "no" => "write `no move: skip`, `no move: lose`, `no move: draw` or `no move: impossible`",
        "claim" => "write `claim: no draws`, `claim: no passes` or `claim: length at most 400`",
        _ => return None,
    })
}
