//! The tokens of a rule file, statement by statement, as the grammar reads them: every
//! word, name, number, string, punctuation mark, picture symbol and comment, with its
//! span and the grammar rules around it.
//!
//! The formatter lays a file out from these tokens, and the editor support finds names,
//! references and what the cursor is on with them. Both work from the grammar alone:
//! a new statement needs nothing here (its literal words come out as keywords, its
//! `ident`s as names). The file is cut into statements as [`super::syntax`] cuts it (a
//! statement starts at column 0; the indented lines after it continue it), each is
//! parsed with the same rule, and the text between the grammar's pairs is split into
//! the literal words and marks the grammar matched there. A statement that does not
//! parse is still split into tokens, without rules, so that a file with errors can be
//! looked at.

use super::diagnostic::Span;
use super::grammar;
use super::syntax::{self, Rule, WeftParser};
use pest::iterators::Pair;
use pest::Parser;

/// What a token is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TokenKind {
    /// A word of the language: `turn`, `place`, `empty`.
    Keyword,
    /// A name the file declares or uses: a player, piece, parameter, region, edge, cell.
    Name,
    /// A whole number: `9`, `-1`.
    Number,
    /// A quoted string, quotes included.
    Text,
    /// Punctuation and operators: `:`, `,`, `(`, `<=`, `-`.
    Punct,
    /// One symbol of a picture: `X`, `.`.
    Symbol,
    /// A comment, from `#` to the end of its line.
    Comment,
}

/// One token of a statement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    pub kind: TokenKind,
    pub span: Span,
    /// The grammar rules around the token, the statement's rule first and the innermost
    /// last; empty for comments and in a statement that did not parse.
    pub rules: Vec<Rule>,
}

impl Token {
    /// The token's text.
    pub fn text<'a>(&self, source: &'a str) -> &'a str {
        &source[self.span.start..self.span.end]
    }

    /// Whether the rule is around the token.
    pub fn within(&self, rule: Rule) -> bool {
        self.rules.contains(&rule)
    }
}

/// The tokens of one statement.
#[derive(Debug, Clone)]
pub struct StatementTokens {
    /// From the start of its first line to the end of its last continued line (blank and
    /// comment lines between its lines included).
    pub span: Span,
    /// The statement's grammar rule (`turn_stmt`, ...) when it parsed.
    pub rule: Option<Rule>,
    /// In the order of the text.
    pub tokens: Vec<Token>,
}

impl StatementTokens {
    /// Whether the grammar read the whole statement.
    pub fn parsed(&self) -> bool {
        self.rule.is_some()
    }

    /// The token under a byte offset (or ending at it), if any.
    pub fn token_at(&self, offset: usize) -> Option<&Token> {
        self.tokens
            .iter()
            .find(|t| t.span.start <= offset && offset < t.span.end)
            .or_else(|| self.tokens.iter().find(|t| t.span.end == offset))
    }
}

/// Rules whose pairs are single tokens of their own kind, not split further.
const ATOMS: &[(Rule, TokenKind)] = &[
    (Rule::string, TokenKind::Text),
    (Rule::ident, TokenKind::Name),
    (Rule::int, TokenKind::Number),
    (Rule::picture_symbol, TokenKind::Symbol),
];

/// The statements of a rule file with their tokens, in order. Comment and blank lines
/// between statements belong to none.
pub fn statements(text: &str) -> Vec<StatementTokens> {
    chunks(text)
        .into_iter()
        .map(|span| statement(text, span))
        .collect()
}

/// Cuts the text into statements exactly as `syntax` does (its problems are the
/// parser's to report).
fn chunks(text: &str) -> Vec<Span> {
    syntax::chunks(text, &mut Vec::new())
}

/// One statement's tokens: parsed whole if it can be, else its first line (the
/// indented rest is then an error of its own), else split without the grammar.
fn statement(text: &str, span: Span) -> StatementTokens {
    let mut tokens = Vec::new();
    let first_line_end = text[span.start..span.end]
        .find('\n')
        .map_or(span.end, |i| span.start + i);
    let mut attempts = vec![span.end];
    if first_line_end < span.end {
        attempts.push(first_line_end);
    }
    for end in attempts {
        // Read as the parser reads it: a continued statement's lines joined, comments
        // and line breaks turned into spaces byte for byte (offsets stay the same).
        let src = &text[span.start..end];
        let joined = if src.contains('\n') && !src.starts_with("forbid") {
            syntax::join_lines(src)
        } else {
            src.to_string()
        };
        if syntax::too_deep(&joined).is_some() {
            continue;
        }
        let Ok(mut pairs) = WeftParser::parse(Rule::statement_chunk, &joined) else {
            continue;
        };
        let Some(pair) = pairs.next().filter(|p| p.as_rule() != Rule::EOI) else {
            break;
        };
        let rule = pair.as_rule();
        let pair_end = span.start + pair.as_span().end();
        walk(text, pair, span.start, &mut Vec::new(), &mut tokens);
        lex(text, pair_end, end, &[], true, &mut tokens);
        lex(text, end, span.end, &[], false, &mut tokens);
        return StatementTokens {
            span,
            rule: Some(rule),
            tokens,
        };
    }
    lex(text, span.start, span.end, &[], false, &mut tokens);
    StatementTokens {
        span,
        rule: None,
        tokens,
    }
}

/// The tokens of a pair: its atoms whole, the text between its children split into
/// literal words and marks.
fn walk(text: &str, pair: Pair<Rule>, base: usize, stack: &mut Vec<Rule>, out: &mut Vec<Token>) {
    let rule = pair.as_rule();
    let span = Span::new(base + pair.as_span().start(), base + pair.as_span().end());
    stack.push(rule);
    if let Some(&(_, kind)) = ATOMS.iter().find(|(r, _)| *r == rule) {
        out.push(Token {
            kind,
            span,
            rules: stack.clone(),
        });
    } else {
        let mut cursor = span.start;
        for child in pair.into_inner() {
            let start = base + child.as_span().start();
            let end = base + child.as_span().end();
            lex(text, cursor, start, stack, true, out);
            walk(text, child, base, stack, out);
            cursor = end;
        }
        lex(text, cursor, span.end, stack, true, out);
    }
    stack.pop();
}

/// Splits text the grammar matched without a pair of its own (or did not match at
/// all, when `parsed` is false) into tokens: comments, strings, words (keywords; in
/// unparsed text, names unless they are words of the language), numbers, and marks
/// (`(`, `)`, `,`, `:` and `;` alone, other runs of marks together: `<=`).
fn lex(text: &str, from: usize, to: usize, rules: &[Rule], parsed: bool, out: &mut Vec<Token>) {
    let bytes = text.as_bytes();
    let mut i = from;
    let push = |kind: TokenKind, start: usize, end: usize, out: &mut Vec<Token>| {
        out.push(Token {
            kind,
            span: Span::new(start, end),
            rules: if kind == TokenKind::Comment {
                Vec::new()
            } else {
                rules.to_vec()
            },
        })
    };
    while i < to {
        let c = text[i..].chars().next().expect("i is inside the text");
        let start = i;
        if c.is_whitespace() {
            i += c.len_utf8();
        } else if c == '#' {
            let end = text[i..to].find(['\n', '\r']).map_or(to, |n| i + n);
            push(TokenKind::Comment, start, end, out);
            i = end;
        } else if c == '"' {
            i += 1;
            while i < to && bytes[i] != b'"' && bytes[i] != b'\n' {
                i += if bytes[i] == b'\\' && i + 1 < to {
                    2
                } else {
                    1
                };
            }
            i = (i + 1).min(to);
            while !text.is_char_boundary(i) {
                i += 1;
            }
            push(TokenKind::Text, start, i, out);
        } else if c.is_ascii_alphanumeric() || c == '_' {
            while i < to
                && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_' || bytes[i] == b'-')
            {
                i += 1;
            }
            let word = &text[start..i];
            let kind = if c.is_ascii_digit() && word.bytes().all(|b| b.is_ascii_digit()) {
                TokenKind::Number
            } else if parsed || grammar::is_keyword(word) {
                TokenKind::Keyword
            } else {
                TokenKind::Name
            };
            push(kind, start, i, out);
        } else if "(),:;".contains(c) {
            i += 1;
            push(TokenKind::Punct, start, i, out);
        } else {
            i += c.len_utf8();
            while i < to {
                let d = text[i..].chars().next().expect("inside");
                if d.is_whitespace() || d.is_alphanumeric() || "(),:;#\"_".contains(d) {
                    break;
                }
                i += d.len_utf8();
            }
            push(TokenKind::Punct, start, i, out);
        }
    }
}
