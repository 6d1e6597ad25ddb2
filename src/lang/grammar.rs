//! What the grammar file says about itself, read from its text: the words of the
//! language (every quoted word of `grammar/weft.pest`) and the `///` documentation of
//! each rule.
//!
//! The editor support describes keywords and completes them from here, so a statement
//! added to the grammar (with the `///` line every rule has) is known to it without
//! another list to keep.

use super::syntax::Rule;
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The grammar's text, as compiled into the parser.
const GRAMMAR: &str = include_str!("../../grammar/weft.pest");

/// Every word of the language: the quoted literals of the grammar made of letters
/// (`turn`, `place`, `empty`, ...), sorted, each once.
///
/// ```
/// let words = weft::lang::grammar::keywords();
/// assert!(words.iter().any(|w| w == "forbid"));
/// assert!(!words.iter().any(|w| w == ":"));
/// ```
pub fn keywords() -> &'static [String] {
    static WORDS: OnceLock<Vec<String>> = OnceLock::new();
    WORDS.get_or_init(|| {
        let mut words: Vec<String> = literals()
            .into_iter()
            .filter(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase()))
            .collect();
        words.sort();
        words.dedup();
        words
    })
}

/// Whether a word is one of the language's words.
pub fn is_keyword(word: &str) -> bool {
    keywords().iter().any(|w| w == word)
}

/// The quoted literals of the grammar, outside comments.
fn literals() -> Vec<String> {
    let mut out = Vec::new();
    for line in GRAMMAR.lines() {
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(open) = rest.find('"') {
            let after = &rest[open + 1..];
            let Some(close) = after.find('"') else { break };
            out.push(after[..close].to_string());
            rest = &after[close + 1..];
        }
    }
    out
}

/// The `///` documentation of a grammar rule, its lines joined by spaces; `None` for a
/// rule without one.
///
/// ```
/// use weft::lang::syntax::Rule;
/// let doc = weft::lang::grammar::rule_doc(Rule::swap_stmt).unwrap();
/// assert!(doc.starts_with("The swap (pie) rule"));
/// ```
pub fn rule_doc(rule: Rule) -> Option<&'static str> {
    static DOCS: OnceLock<BTreeMap<String, String>> = OnceLock::new();
    let docs = DOCS.get_or_init(|| {
        let mut docs = BTreeMap::new();
        let mut pending: Vec<&str> = Vec::new();
        for line in GRAMMAR.lines() {
            let trimmed = line.trim();
            if let Some(doc) = trimmed.strip_prefix("///") {
                pending.push(doc.trim());
                continue;
            }
            if let Some((name, _)) = trimmed.split_once('=') {
                let name = name.trim();
                if !pending.is_empty()
                    && !name.is_empty()
                    && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                {
                    docs.insert(name.to_string(), pending.join(" "));
                }
            }
            pending.clear();
        }
        docs
    });
    docs.get(&format!("{rule:?}")).map(String::as_str)
}

/// The first sentence of a rule's documentation (up to the first `. ` or the end).
pub fn rule_summary(rule: Rule) -> Option<&'static str> {
    let doc = rule_doc(rule)?;
    Some(match doc.find(". ") {
        Some(i) => &doc[..=i],
        None => doc,
    })
}
