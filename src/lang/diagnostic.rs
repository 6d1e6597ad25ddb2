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

/// A rule file's name and text, for rendering diagnostics. The offsets where lines
/// start are found once, so each diagnostic finds its line by a binary search (a file
/// with forty thousand bad lines renders in linear time).
#[derive(Debug, Clone)]
pub struct Source {
    pub path: String,
    pub text: String,
    /// The byte offset at which each line starts.
    line_starts: Vec<usize>,
}

/// The most diagnostics rendered; the rest are counted ("... and 39,950 more errors").
pub const MAX_SHOWN: usize = 50;

/// The most characters of a source line shown: a longer line is cut around the caret.
pub const MAX_LINE_SHOWN: usize = 120;

/// The most characters of one quoted piece of a message (`` `...` ``) shown.
const MAX_QUOTE_SHOWN: usize = 100;

impl Source {
    pub fn new(path: impl Into<String>, text: impl Into<String>) -> Self {
        let text = text.into();
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Source {
            path: path.into(),
            text,
            line_starts,
        }
    }

    /// The 1-based line and column (in characters) of a byte offset. A byte order mark
    /// at the start is no column.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = floor_char_boundary(&self.text, offset);
        let line = self.line_starts.partition_point(|&s| s <= offset);
        let start = self.line_starts[line - 1];
        let bom = usize::from(line == 1 && self.text.starts_with('\u{feff}') && offset > 0);
        let col = self.text[start..offset].chars().count() + 1 - bom;
        (line, col)
    }

    /// The text of the 1-based line `line`, without its line break (and without a byte
    /// order mark).
    pub fn line_text(&self, line: usize) -> &str {
        let Some(&start) = self.line_starts.get(line.wrapping_sub(1)) else {
            return "";
        };
        let end = self
            .line_starts
            .get(line)
            .map_or(self.text.len(), |&next| next - 1);
        let text = self.text[start..end].trim_end_matches('\r');
        if line == 1 {
            text.trim_start_matches('\u{feff}')
        } else {
            text
        }
    }

    /// Renders a list of diagnostics, sorted by position, errors before warnings on a
    /// tie; after [`MAX_SHOWN`] of them, the rest are counted, not shown.
    pub fn render_all(&self, diagnostics: &[Diagnostic]) -> String {
        let mut sorted: Vec<&Diagnostic> = diagnostics.iter().collect();
        sorted.sort_by_key(|d| (d.span.map(|s| (s.start, s.end)), d.severity));
        let mut out = String::new();
        for d in sorted.iter().take(MAX_SHOWN) {
            out.push_str(&self.render(d));
        }
        let errors = diagnostics.iter().filter(|d| d.is_error()).count();
        if let Some(rest) = sorted.get(MAX_SHOWN..).filter(|r| !r.is_empty()) {
            let more_errors = rest.iter().filter(|d| d.is_error()).count();
            let more_warnings = rest.len() - more_errors;
            let mut parts = Vec::new();
            if more_errors > 0 {
                parts.push(counted(more_errors, "more error"));
            }
            if more_warnings > 0 {
                parts.push(counted(more_warnings, "more warning"));
            }
            out.push_str(&format!("... and {} not shown\n", parts.join(" and ")));
        }
        if errors > 0 {
            out.push_str(&format!(
                "{}: {} in the rule file\n",
                self.path,
                counted(errors, "error")
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
    ///
    /// Control characters (and invisible ones that reorder text) are shown escaped, a
    /// line longer than [`MAX_LINE_SHOWN`] characters is cut around the caret, and so
    /// is a long quotation in the message.
    pub fn render(&self, d: &Diagnostic) -> String {
        let kind = match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let mut out = format!("{kind}: {}\n", clip_quotes(&escape(&d.message, false)));
        let hint = d.hint.as_ref().map(|h| clip_quotes(&escape(h, false)));
        match d.span {
            Some(span) => {
                let (line, col) = self.line_col(span.start);
                let text = self.line_text(line);
                let gutter = line.to_string().len();
                let pad = " ".repeat(gutter);
                let width = caret_width(&self.text, span, text, col);
                let (shown, lead, carets) = excerpt(text, col - 1, width);
                out.push_str(&format!("{pad}--> {}:{line}:{col}\n", self.path));
                out.push_str(&format!("{pad} |\n"));
                out.push_str(&format!("{line} | {shown}\n"));
                out.push_str(&format!("{pad} | {lead}{}\n", "^".repeat(carets)));
                if let Some(h) = &hint {
                    out.push_str(&format!("{pad} = hint: {h}\n"));
                }
            }
            None => {
                out.push_str(&format!(" --> {}\n", self.path));
                if let Some(h) = &hint {
                    out.push_str(&format!("  = hint: {h}\n"));
                }
            }
        }
        out
    }
}

/// `n` and a noun, with thousands separated: `1 error`, `39,950 more errors`.
fn counted(n: usize, noun: &str) -> String {
    let digits = n.to_string();
    let mut grouped = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(c);
    }
    format!("{grouped} {noun}{}", if n == 1 { "" } else { "s" })
}

/// Whether a character is shown escaped: control characters (a tab only when asked),
/// the byte order mark, and the invisible marks that change the order text is shown in
/// (which could make a line look like something it is not).
fn hidden(c: char, tabs: bool) -> bool {
    (c.is_control() && (tabs || c != '\t') && c != '\n')
        || matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{feff}')
}

/// How a character is shown: itself, or escaped (`\x1b`, `\u{202e}`).
fn shown_char(c: char, tabs: bool) -> String {
    if !hidden(c, tabs) {
        c.to_string()
    } else if (c as u32) < 0x80 {
        format!("\\x{:02x}", c as u32)
    } else {
        format!("\\u{{{:x}}}", c as u32)
    }
}

/// A message or hint with its hidden characters escaped (line breaks and tabs kept).
fn escape(text: &str, tabs: bool) -> String {
    if !text.chars().any(|c| hidden(c, tabs)) {
        return text.to_string();
    }
    text.chars().map(|c| shown_char(c, tabs)).collect()
}

/// A message with each quotation (between backticks) longer than [`MAX_QUOTE_SHOWN`]
/// characters cut short, saying how much was left out.
fn clip_quotes(text: &str) -> String {
    if text.len() <= MAX_QUOTE_SHOWN {
        return text.to_string();
    }
    let mut out = String::new();
    for (i, part) in text.split('`').enumerate() {
        if i > 0 {
            out.push('`');
        }
        let n = part.chars().count();
        if i % 2 == 1 && n > MAX_QUOTE_SHOWN {
            out.extend(part.chars().take(MAX_QUOTE_SHOWN));
            out.push_str(&format!(
                "... ({})",
                counted(n - MAX_QUOTE_SHOWN, "more character")
            ));
        } else {
            out.push_str(part);
        }
    }
    out
}

/// The part of a source line to show and where the caret goes: the line with hidden
/// characters escaped, cut to about [`MAX_LINE_SHOWN`] characters around the caret
/// when longer (`...` marks each cut); the white space before the caret (tabs kept, so
/// that it lines up); and the caret's width.
fn excerpt(line: &str, col: usize, width: usize) -> (String, String, usize) {
    let chars: Vec<char> = line.chars().collect();
    let (mut from, mut to) = (0, chars.len());
    if chars.len() > MAX_LINE_SHOWN {
        // Some context before the caret, the rest after it.
        from = col
            .saturating_sub(MAX_LINE_SHOWN / 3)
            .min(chars.len().saturating_sub(MAX_LINE_SHOWN));
        to = (from + MAX_LINE_SHOWN).min(chars.len());
    }
    let mut shown = String::new();
    let mut lead = String::new();
    if from > 0 {
        shown.push_str("...");
        lead.push_str("   ");
    }
    let mut carets = 0;
    for (i, &c) in chars.iter().enumerate().take(to).skip(from) {
        let s = shown_char(c, false);
        if i < col {
            if c == '\t' {
                lead.push('\t');
            } else {
                lead.extend(std::iter::repeat_n(' ', s.chars().count()));
            }
        } else if i < col + width {
            carets += s.chars().count();
        }
        shown.push_str(&s);
    }
    if to < chars.len() {
        shown.push_str("...");
    }
    if col >= chars.len() {
        // A caret past the end of the line (at a missing word).
        lead.extend(std::iter::repeat_n(' ', col - chars.len().max(from)));
    }
    (shown, lead, carets.max(1))
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

    /// Whether every error comes from the command line (`--set`, `--size`) rather than
    /// from the file: the parameters' checks name the flag first.
    pub fn from_command_line(&self) -> bool {
        self.has_errors()
            && self
                .diagnostics
                .iter()
                .filter(|d| d.is_error())
                .all(|d| d.message.starts_with("--"))
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
