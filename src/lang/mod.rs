//! The language: a rule file's text → [`syntax`] (the pest grammar's binding) → the
//! spanned [`ast`] → [`validate`] (every semantic problem, anchored) → [`compile`] (at
//! the parameters' values) → the rules layer's immutable `Rules`.
//!
//! Every problem is a [`diagnostic::Diagnostic`] with its span; they are collected, not
//! stopped at, and rendered once as `file:line:col`, the line, a caret and a hint. This
//! layer imports the rules layer (whose vocabulary it builds) and nothing else of weft.

pub mod ast;
pub mod compile;
pub mod diagnostic;
pub mod expect;
pub mod format;
pub mod grammar;
pub mod read;
pub mod suggest;
pub mod syntax;
pub mod tokens;
pub mod validate;

pub use compile::Overrides;

use crate::rules::Rules;
use diagnostic::{Diagnostic, Diagnostics, Source};
use std::sync::Arc;

/// Rules compiled from a file, with the warnings the compile gave.
#[derive(Debug, Clone)]
pub struct Loaded {
    pub rules: Arc<Rules>,
    /// Rendered warnings (empty when there are none).
    pub warnings: String,
}

/// Why a rule file could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file could not be read.
    #[error("cannot read {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    /// The file was read and has problems: every one of them, rendered.
    #[error("{0}")]
    Rules(Diagnostics),
}

impl LoadError {
    /// The error in one line (see [`Diagnostics::one_line`]).
    pub fn one_line(&self, label: &str) -> String {
        match self {
            LoadError::Read { .. } => self.to_string(),
            LoadError::Rules(d) => d.one_line(label),
        }
    }
}

/// Runs the whole pipeline on a rule file's text. `path` only names it in messages.
pub fn load_str(path: &str, text: &str, overrides: &Overrides) -> Result<Loaded, Diagnostics> {
    // Old Mac line endings read as line feeds (every offset stays; see `read`).
    let owned;
    let text = if text.contains('\r') {
        owned = read::line_feeds(text.to_string());
        owned.as_str()
    } else {
        text
    };
    let source = Source::new(path, text);
    let fail = |diagnostics: Vec<Diagnostic>| Diagnostics {
        source: source.clone(),
        diagnostics,
    };
    let (ast, mut diagnostics) = syntax::parse(text);
    let def = match validate::validate(&ast) {
        Ok(def) if diagnostics.is_empty() => def,
        Ok(_) => return Err(fail(diagnostics)),
        Err(more) => {
            diagnostics.extend(more);
            return Err(fail(diagnostics));
        }
    };
    let (rules, warnings) = compile::compile(&def, overrides).map_err(fail)?;
    Ok(Loaded {
        rules: Arc::new(rules),
        warnings: if warnings.is_empty() {
            String::new()
        } else {
            source.render_all(&warnings)
        },
    })
}

/// Reads and loads a rule file.
pub fn load_file(path: &str, overrides: &Overrides) -> Result<Loaded, LoadError> {
    let text = read::read_rule_file(path)?;
    load_str(path, &text, overrides).map_err(LoadError::Rules)
}
