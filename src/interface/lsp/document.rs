//! One open rule file, analysed once per change: its syntax tree and tokens (which
//! exist even when the file has errors), every problem the language layer finds, and
//! the rules at the parameters' defaults when the file loads. When it does not, the
//! rules of the last version that did are kept (marked stale) for what only they can
//! answer, such as where a cell is on the board.

use super::position::LineIndex;
use crate::lang::ast::Ast;
use crate::lang::diagnostic::Diagnostic;
use crate::lang::tokens::{self, StatementTokens, Token};
use crate::lang::validate::{self, ParamDef};
use crate::lang::{compile, syntax, Overrides};
use crate::rules::Rules;
use std::sync::Arc;

/// An analysed document.
#[derive(Debug, Clone)]
pub struct Document {
    pub text: String,
    pub version: i32,
    pub lines: LineIndex,
    pub ast: Ast,
    pub statements: Vec<StatementTokens>,
    /// Syntax errors, validation errors, then the compile's errors or warnings at the
    /// parameters' defaults.
    pub problems: Vec<Diagnostic>,
    /// The compiled rules at the parameters' defaults.
    pub rules: Option<Arc<Rules>>,
    /// Whether `rules` are this text's (false: the last version that loaded).
    pub fresh: bool,
}

impl Document {
    /// Analyses a text; `previous` is the document it replaces, whose rules are kept if
    /// this text does not load.
    pub fn new(text: String, version: i32, previous: Option<&Document>) -> Document {
        let (ast, mut problems) = syntax::parse(&text);
        let mut rules = None;
        match validate::validate(&ast) {
            Ok(def) if problems.is_empty() => match compile::compile(&def, &Overrides::default()) {
                Ok((r, warnings)) => {
                    problems.extend(warnings.into_iter().map(|w| at_defaults(w, &def.params)));
                    rules = Some(Arc::new(r));
                }
                Err(errors) => {
                    problems.extend(errors.into_iter().map(|e| at_defaults(e, &def.params)))
                }
            },
            Ok(_) => {}
            Err(more) => problems.extend(more),
        }
        let fresh = rules.is_some();
        let rules = rules.or_else(|| previous.and_then(|p| p.rules.clone()));
        Document {
            lines: LineIndex::new(&text),
            statements: tokens::statements(&text),
            text,
            version,
            ast,
            problems,
            rules,
            fresh,
        }
    }

    /// The statement whose lines hold a byte offset.
    pub fn statement_at(&self, offset: usize) -> Option<&StatementTokens> {
        self.statements
            .iter()
            .find(|s| s.span.start <= offset && offset <= s.span.end)
    }

    /// The token under a byte offset (or just before it).
    pub fn token_at(&self, offset: usize) -> Option<&Token> {
        self.statement_at(offset)?.token_at(offset)
    }

    /// Every token of the file, in order.
    pub fn tokens(&self) -> impl Iterator<Item = &Token> {
        self.statements.iter().flat_map(|s| s.tokens.iter())
    }
}

/// A problem found at the parameters' defaults says so, naming them: a glyph that fits
/// nowhere on the default board may fit on a larger one.
fn at_defaults(mut d: Diagnostic, params: &[ParamDef]) -> Diagnostic {
    if !params.is_empty() {
        let values: Vec<String> = params
            .iter()
            .map(|p| format!("{} = {}", p.name, p.default))
            .collect();
        d.message = format!(
            "{} (at the parameters' defaults: {})",
            d.message,
            values.join(", ")
        );
    }
    d
}
