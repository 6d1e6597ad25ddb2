//! Script input for the REPL, one bounded line at a time: `weft play < /dev/zero` (a
//! line with no end) must neither gather gigabytes nor stop the session, so a line
//! longer than any command is skipped to its end with a note.

use std::io::{self, BufRead, Read};

/// The longest input line a script may send (far above any command).
pub const MAX_LINE: usize = 1 << 20;

/// What [`read`] found.
pub enum Line {
    /// The input has ended.
    End,
    /// A line (with its line break, if any) is in the buffer.
    Text,
    /// A line longer than [`MAX_LINE`] was skipped.
    Skipped,
}

/// The note shown for a skipped line.
pub fn skipped_note() -> String {
    format!("a line of more than {MAX_LINE} bytes is no command; it was skipped\n")
}

/// Reads the next line into `buf` (cleared first), holding at most [`MAX_LINE`] bytes.
pub fn read(input: &mut impl BufRead, buf: &mut Vec<u8>) -> io::Result<Line> {
    buf.clear();
    if (&mut *input)
        .take(MAX_LINE as u64 + 1)
        .read_until(b'\n', buf)?
        == 0
    {
        return Ok(Line::End);
    }
    if buf.len() <= MAX_LINE || buf.last() == Some(&b'\n') {
        return Ok(Line::Text);
    }
    buf.clear();
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            break;
        }
        let (used, ended) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        input.consume(used);
        if ended {
            break;
        }
    }
    Ok(Line::Skipped)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_are_skipped_to_their_end() {
        let mut text = vec![b'x'; MAX_LINE + 10];
        text.extend_from_slice(b"\nc3\n");
        text.extend(vec![b'y'; MAX_LINE]);
        text.extend_from_slice(b"\n");
        text.extend(vec![b'z'; MAX_LINE + 1]);
        let mut input = io::Cursor::new(text);
        let mut buf = Vec::new();
        let mut seen = Vec::new();
        loop {
            match read(&mut input, &mut buf).unwrap() {
                Line::End => break,
                Line::Skipped => seen.push("skipped".to_string()),
                Line::Text => seen.push(format!("{} bytes", buf.len())),
            }
        }
        // A line of exactly MAX_LINE bytes (and its line break) is still read.
        assert_eq!(
            seen,
            [
                "skipped",
                "3 bytes",
                &format!("{} bytes", MAX_LINE + 1),
                "skipped"
            ]
        );
    }
}
