//! What the grammar accepts next after the beginning of a statement: the words and
//! marks it would take, and whether a name, a number or a string may come. Editor
//! completion asks this, so it offers exactly what the grammar allows at the cursor,
//! and a new statement is completed without changes here.
//!
//! It parses the beginning followed by a character no rule accepts, and reads pest's
//! record of what it tried at the furthest position it reached.

use super::syntax::{Rule, WeftParser};
use pest::Parser;

/// What may come next.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Expected {
    /// Literal words and marks, sorted: `["empty", "enemy", "no", "not", "own", "("]`.
    pub words: Vec<String>,
    /// A name (a player, piece, parameter, edge, cell...).
    pub name: bool,
    /// A number.
    pub number: bool,
    /// A quoted string.
    pub string: bool,
}

/// A character that no rule of the grammar accepts where a word may stand.
const STOP: char = '\u{1}';

/// What the grammar accepts after `prefix`, the beginning of one statement (from its
/// first column); `None` when the prefix itself does not read.
///
/// ```
/// let e = weft::lang::expect::expected_after("edges top bottom: ").unwrap();
/// assert!(e.name);
/// let e = weft::lang::expect::expected_after("win: ").unwrap();
/// assert!(e.words.contains(&"connect".to_string()));
/// assert!(weft::lang::expect::expected_after("edges : :").is_none());
/// ```
pub fn expected_after(prefix: &str) -> Option<Expected> {
    pest::set_error_detail(true);
    if super::syntax::too_deep(prefix).is_some() {
        return None;
    }
    let input = format!("{prefix}{STOP}");
    let error = WeftParser::parse(Rule::statement_chunk, &input).err()?;
    let attempts = error.parse_attempts()?;
    if attempts.max_position < prefix.trim_end().len() {
        return None;
    }
    let mut e = Expected::default();
    // pest does not export the token type; its text is the literal itself, or
    // `a..z` for a range of characters, or `BUILTIN_RULE`.
    for token in attempts.expected_tokens() {
        let token = token.to_string();
        let chars: Vec<char> = token.chars().collect();
        if let [start, '.', '.', _] = chars[..] {
            if start.is_ascii_alphabetic() {
                e.name = true;
            } else if start.is_ascii_digit() {
                e.number = true;
            }
        } else if token == "\"" {
            e.string = true;
        } else if token != "BUILTIN_RULE"
            && token != "#" // a comment may always follow
            && !token.is_empty()
            && token.chars().all(|c| !c.is_whitespace() && c != STOP)
        {
            e.words.push(token);
        }
    }
    if e.words.iter().any(|w| w == "-") && e.number {
        // A sign before a number is not worth offering.
        e.words.retain(|w| w != "-");
    }
    e.words.sort();
    e.words.dedup();
    Some(e)
}
