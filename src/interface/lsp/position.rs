//! Places in a document as weft counts them (byte offsets, the spans of diagnostics
//! and tokens) and as the protocol counts them (a line and a character offset in UTF-16
//! code units, which is what every client supports). A rule file may hold any text in
//! its strings and comments (`Bolaños`), so the two differ.

use crate::lang::diagnostic::Span;
use lsp_types::{Position, Range};

/// The line starts of a text, to convert offsets both ways.
#[derive(Debug, Clone)]
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    pub fn new(text: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        LineIndex { starts }
    }

    /// The protocol position of a byte offset (clamped to the text, and to a character
    /// boundary).
    ///
    /// ```
    /// use weft::interface::lsp::position::LineIndex;
    /// let text = "designer \"Bolaños\" 2023\nswap\n";
    /// let index = LineIndex::new(text);
    /// let p = index.position(text, text.find("2023").unwrap());
    /// assert_eq!((p.line, p.character), (0, 19));
    /// ```
    pub fn position(&self, text: &str, offset: usize) -> Position {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let start = self.starts[line];
        let character: usize = text[start..offset].chars().map(char::len_utf16).sum();
        Position::new(line as u32, character as u32)
    }

    /// The protocol range of a span.
    pub fn range(&self, text: &str, span: Span) -> Range {
        Range::new(
            self.position(text, span.start),
            self.position(text, span.end),
        )
    }

    /// The byte offset of a protocol position: past the end of a line is its end, past
    /// the last line is the end of the text.
    pub fn offset(&self, text: &str, position: Position) -> usize {
        let Some(&start) = self.starts.get(position.line as usize) else {
            return text.len();
        };
        let end = self
            .starts
            .get(position.line as usize + 1)
            .map_or(text.len(), |&next| next - 1);
        let mut units = 0;
        for (i, c) in text[start..end].char_indices() {
            if units >= position.character as usize || c == '\r' && start + i + 1 >= end {
                return start + i;
            }
            units += c.len_utf16();
        }
        end
    }

    /// The byte span of a protocol range.
    pub fn span(&self, text: &str, range: Range) -> Span {
        let start = self.offset(text, range.start);
        Span::new(start, self.offset(text, range.end).max(start))
    }
}
