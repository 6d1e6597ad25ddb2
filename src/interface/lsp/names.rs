//! The names a rule file declares (parameters, players, pieces, regions), where, and
//! where each is used; and the outline of the file. Declarations come from the
//! spanned syntax tree, uses from the tokens (every `ident` the grammar read with the
//! same text), so both work in a file with errors elsewhere and in statements added to
//! the grammar later.

use super::document::Document;
use crate::lang::ast::Statement;
use crate::lang::diagnostic::Span;
use crate::lang::format;
use crate::lang::tokens::{Token, TokenKind};

/// What kind of thing a name declares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameKind {
    Parameter,
    Player,
    Piece,
    Region,
}

impl NameKind {
    /// The kind in words.
    pub fn word(self) -> &'static str {
        match self {
            NameKind::Parameter => "parameter",
            NameKind::Player => "player",
            NameKind::Piece => "piece",
            NameKind::Region => "region",
        }
    }
}

/// A declared name.
#[derive(Debug, Clone)]
pub struct Declaration {
    pub kind: NameKind,
    pub name: String,
    /// The name where it is declared.
    pub span: Span,
}

/// Every declaration of the file, in order.
pub fn declarations(doc: &Document) -> Vec<Declaration> {
    let mut out = Vec::new();
    for s in &doc.ast.statements {
        let mut add = |kind, id: &crate::lang::ast::Ident| {
            out.push(Declaration {
                kind,
                name: id.node.clone(),
                span: id.span,
            })
        };
        match &s.node {
            Statement::Param { name, .. } => add(NameKind::Parameter, name),
            Statement::Players(players) => players.iter().for_each(|p| add(NameKind::Player, p)),
            Statement::Piece { name, .. } => add(NameKind::Piece, name),
            Statement::Region { name, .. } => add(NameKind::Region, name),
            _ => {}
        }
    }
    out
}

/// The name token under a byte offset.
pub fn name_at(doc: &Document, offset: usize) -> Option<&Token> {
    doc.token_at(offset).filter(|t| t.kind == TokenKind::Name)
}

/// Where the name under the offset is declared (several places if it is declared
/// more than once, which is an error of its own).
pub fn definition(doc: &Document, offset: usize) -> Vec<Span> {
    let Some(token) = name_at(doc, offset) else {
        return Vec::new();
    };
    let name = token.text(&doc.text);
    declarations(doc)
        .into_iter()
        .filter(|d| d.name == name)
        .map(|d| d.span)
        .collect()
}

/// Every use of the name under the offset (its declarations included if asked).
pub fn references(doc: &Document, offset: usize, with_declaration: bool) -> Vec<Span> {
    let Some(token) = name_at(doc, offset) else {
        return Vec::new();
    };
    let name = token.text(&doc.text);
    let declared: Vec<Span> = declarations(doc)
        .into_iter()
        .filter(|d| d.name == name)
        .map(|d| d.span)
        .collect();
    doc.tokens()
        .filter(|t| t.kind == TokenKind::Name && t.text(&doc.text) == name)
        .map(|t| t.span)
        .filter(|s| with_declaration || !declared.contains(s))
        .collect()
}

/// One entry of the outline.
#[derive(Debug, Clone)]
pub struct Symbol {
    pub name: String,
    /// What it is: `parameter`, `turn`, `glyph`, `goal`...
    pub detail: String,
    pub kind: lsp_types::SymbolKind,
    /// The whole statement.
    pub span: Span,
    /// The part to select (a name, or the statement's first word).
    pub selection: Span,
}

/// The outline: each declared name, and every other statement by its first line.
pub fn symbols(doc: &Document) -> Vec<Symbol> {
    use lsp_types::SymbolKind as K;
    let declared = declarations(doc);
    let mut out = Vec::new();
    for s in &doc.statements {
        let here: Vec<&Declaration> = declared
            .iter()
            .filter(|d| s.span.start <= d.span.start && d.span.end <= s.span.end)
            .collect();
        if !here.is_empty() {
            for d in here {
                out.push(Symbol {
                    name: d.name.clone(),
                    detail: d.kind.word().to_string(),
                    kind: match d.kind {
                        NameKind::Parameter => K::CONSTANT,
                        NameKind::Player => K::OBJECT,
                        NameKind::Piece => K::CLASS,
                        NameKind::Region => K::ENUM,
                    },
                    span: s.span,
                    selection: d.span,
                });
            }
            continue;
        }
        let Some(first) = s.tokens.iter().find(|t| t.kind != TokenKind::Comment) else {
            continue;
        };
        let keyword = first.text(&doc.text);
        let line = format::statement_line(&doc.text, s);
        let glyph_name = s
            .tokens
            .iter()
            .find(|t| t.kind == TokenKind::Text)
            .map(|t| t.text(&doc.text).trim_matches('"').to_string());
        let (name, detail, kind) = match keyword {
            "forbid" => (
                glyph_name.unwrap_or_else(|| line.clone()),
                "glyph".to_string(),
                K::ARRAY,
            ),
            "turn" => (line, "turn".to_string(), K::FUNCTION),
            "win" | "at" => (line, "goal".to_string(), K::EVENT),
            "board" | "blocked" | "edges" => (line, "board".to_string(), K::STRUCT),
            "setup" => (line, "setup".to_string(), K::FIELD),
            "game" | "designer" | "year" | "about" => (line, "about".to_string(), K::STRING),
            _ => (line, keyword.to_string(), K::PROPERTY),
        };
        out.push(Symbol {
            name,
            detail,
            kind,
            span: s.span,
            selection: first.span,
        });
    }
    out
}
