//! weft: a general game-description interpreter for abstract connection games.
//!
//! A game is a text file (see `docs/LANGUAGE.md`). The pipeline is
//! text → [`syntax::parse`] → spanned [`ast::Ast`] → [`check::check`] → [`check::GameDef`]
//! → [`rules::compile`] → immutable [`rules::Rules`] → [`state::State`].
//! [`load`] runs it all and collects every problem into one [`diagnostic::Report`].

pub mod ai;
pub mod ast;
pub mod bench;
pub mod board;
pub mod check;
pub mod cli;
pub mod connect;
pub mod diagnostic;
pub mod glyph;
pub mod movegen;
pub mod moves;
pub mod perft;
pub mod playout;
pub mod record;
pub mod render;
pub mod repl;
pub mod replay;
pub mod report;
pub mod rng;
pub mod rules;
pub mod sample;
pub mod separation;
pub mod solve;
pub mod state;
pub mod syntax;

use diagnostic::{Diagnostic, Report, Source};
use rules::{Overrides, Rules};
use std::sync::Arc;

/// Rules compiled from a file, with the warnings the compile gave.
#[derive(Debug, Clone)]
pub struct Loaded {
    pub rules: Arc<Rules>,
    /// Rendered warnings (empty when there are none).
    pub warnings: String,
}

/// Runs the whole pipeline on a rule file's text. `path` only names it in messages.
pub fn load_str(path: &str, text: &str, overrides: &Overrides) -> Result<Loaded, Report> {
    let source = Source::new(path, text);
    let fail = |diagnostics: Vec<Diagnostic>| Report {
        source: source.clone(),
        diagnostics,
    };
    let (ast, mut diagnostics) = syntax::parse(text);
    let def = match check::check(&ast) {
        Ok(def) if diagnostics.is_empty() => def,
        Ok(_) => return Err(fail(diagnostics)),
        Err(more) => {
            diagnostics.extend(more);
            return Err(fail(diagnostics));
        }
    };
    let (rules, warnings) = rules::compile(&def, overrides).map_err(fail)?;
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
pub fn load_file(path: &str, overrides: &Overrides) -> Result<Loaded, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    load_str(path, &text, overrides).map_err(|r| r.to_string())
}
