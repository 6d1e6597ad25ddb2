//! Problems found in a rule file, anchored to the text that causes them.
//!
//! Every stage (syntax, check, compile) collects its problems as `Diagnostic`s
//! instead of stopping at the first; they are sorted and rendered once, as
//! `path:line:col`, the source line, a caret under the culprit and a hint.

use std::fmt;

/// A byte range of a source text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }
}

/// A value with the span of the text it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spanned<T> {
    pub node: T,
    pub span: Span,
}

impl<T> Spanned<T> {
    pub fn new(node: T, span: Span) -> Self {
        Spanned { node, span }
    }
}

/// How bad a problem is: errors stop the pipeline, warnings are only shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    Error,
    Warning,
}

/// One problem, with where it is and what to do about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    /// Where in the source; `None` for problems that come from the command line alone.
    pub span: Option<Span>,
    pub message: String,
    pub hint: Option<String>,
}

impl Diagnostic {
    pub fn error(span: Span, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            span: Some(span),
            message: message.into(),
            hint: None,
        }
    }

    pub fn warning(span: Span, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(span, message)
        }
    }

    /// A problem with no place in the file (a bad command-line override, say).
    pub fn global(message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            span: None,
            message: message.into(),
            hint: None,
        }
    }

    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// A rule file's name and text, for rendering diagnostics.
#[derive(Debug, Clone)]
pub struct Source {
    pub path: String,
    pub text: String,
}

impl Source {
    pub fn new(path: impl Into<String>, text: impl Into<String>) -> Self {
        Source {
            path: path.into(),
            text: text.into(),
        }
    }

    /// The 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let before = &self.text[..floor_char_boundary(&self.text, offset)];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let col = before[line_start..].chars().count() + 1;
        (line, col)
    }

    /// The text of the 1-based line `line`, without its line break.
    pub fn line_text(&self, line: usize) -> &str {
        self.text
            .split('\n')
            .nth(line - 1)
            .unwrap_or("")
            .trim_end_matches('\r')
    }

    /// Renders a list of diagnostics, sorted by position, errors before warnings on a tie.
    pub fn render_all(&self, diagnostics: &[Diagnostic]) -> String {
        let mut sorted: Vec<&Diagnostic> = diagnostics.iter().collect();
        sorted.sort_by_key(|d| (d.span.map(|s| (s.start, s.end)), d.severity));
        let mut out = String::new();
        for d in sorted {
            out.push_str(&self.render(d));
        }
        let errors = diagnostics.iter().filter(|d| d.is_error()).count();
        if errors > 0 {
            out.push_str(&format!(
                "{}: {} error{} in the rule file\n",
                self.path,
                errors,
                if errors == 1 { "" } else { "s" }
            ));
        }
        out
    }

    /// Renders one diagnostic:
    ///
    /// ```text
    /// error: unknown player `red`
    ///  --> games/x.game:7:19
    ///   |
    /// 7 | edges top bottom: red
    ///   |                   ^^^
    ///   = hint: the players are `black` and `white`
    /// ```
    pub fn render(&self, d: &Diagnostic) -> String {
        let kind = match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let mut out = format!("{kind}: {}\n", d.message);
        match d.span {
            Some(span) => {
                let (line, col) = self.line_col(span.start);
                let text = self.line_text(line);
                let gutter = line.to_string().len();
                let pad = " ".repeat(gutter);
                let width = caret_width(&self.text, span, text, col);
                out.push_str(&format!("{pad}--> {}:{line}:{col}\n", self.path));
                out.push_str(&format!("{pad} |\n"));
                out.push_str(&format!("{line} | {text}\n"));
                let lead: String = text
                    .chars()
                    .take(col - 1)
                    .map(|c| if c == '\t' { '\t' } else { ' ' })
                    .collect();
                out.push_str(&format!("{pad} | {lead}{}\n", "^".repeat(width)));
                if let Some(h) = &d.hint {
                    out.push_str(&format!("{pad} = hint: {h}\n"));
                }
            }
            None => {
                out.push_str(&format!(" --> {}\n", self.path));
                if let Some(h) = &d.hint {
                    out.push_str(&format!("  = hint: {h}\n"));
                }
            }
        }
        out
    }
}

/// How many carets to draw: the span's length in characters, clipped to its first line, at least 1.
fn caret_width(full: &str, span: Span, line_text: &str, col: usize) -> usize {
    let start = floor_char_boundary(full, span.start);
    let end = floor_char_boundary(full, span.end.max(span.start));
    let inside = &full[start..end];
    let first_line = inside.split('\n').next().unwrap_or("");
    let rest_of_line = line_text.chars().count().saturating_sub(col - 1);
    first_line.chars().count().min(rest_of_line).max(1)
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// All the problems of one attempt to load a rule file, with the source to render them.
#[derive(Debug, Clone)]
pub struct Diagnostics {
    pub source: Source,
    pub diagnostics: Vec<Diagnostic>,
}

impl Diagnostics {
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }

    /// The first error (in rendering order) in one line, for places with room for one:
    /// its message, with a command-line flag that opens it (`--set size=99: ...`)
    /// replaced by `label`, and its hint in brackets (`--set ` there shortened to
    /// `set `).
    pub fn one_line(&self, label: &str) -> String {
        let mut errors: Vec<&Diagnostic> =
            self.diagnostics.iter().filter(|d| d.is_error()).collect();
        errors.sort_by_key(|d| d.span.map(|s| (s.start, s.end)));
        let Some(d) = errors.first() else {
            return self.to_string().trim_end().to_string();
        };
        let message = match d.message.split_once(": ") {
            Some((flag, rest)) if flag.starts_with("--") => format!("{label}: {rest}"),
            _ => d.message.clone(),
        };
        match &d.hint {
            Some(h) => format!("{message} ({})", h.replace("--set ", "set ")),
            None => message,
        }
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.source.render_all(&self.diagnostics))
    }
}

impl std::error::Error for Diagnostics {}
