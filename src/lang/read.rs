//! Reading the files a user names (rule files, records): only regular files (a FIFO
//! with no writer would hang, a device would never end), at most [`MAX_FILE_BYTES`]
//! (said in the refusal), and as text: a UTF-8 byte order mark is dropped, lone
//! carriage returns end lines like line feeds, and a byte that is not UTF-8 is an error
//! at its line and column instead of "stream did not contain valid UTF-8".

use super::diagnostic::{Diagnostic, Diagnostics, Source, Span};
use super::LoadError;
use std::io::{self, Read};

/// The largest file weft reads: far above any rule file or record (a record of the
/// longest game on the largest board is a few hundred kilobytes).
pub const MAX_FILE_BYTES: u64 = 16 << 20;

/// Why a file's bytes could not be read: the io error, or a refusal in the same type
/// (so that every caller words it as "cannot read PATH: ...").
fn refusal(message: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, message)
}

/// What a path is, when it is not a regular file.
fn kind_of(meta: &std::fs::Metadata) -> &'static str {
    if meta.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_fifo() {
            return "a named pipe";
        } else if t.is_char_device() {
            return "a character device";
        } else if t.is_block_device() {
            return "a block device";
        } else if t.is_socket() {
            return "a socket";
        }
    }
    "not a regular file"
}

/// The bytes of the regular file at `path`, at most [`MAX_FILE_BYTES`] of them.
pub fn read_bytes(path: &str) -> io::Result<Vec<u8>> {
    // Looked at before opening: opening a FIFO for reading waits for a writer.
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        return Err(refusal(match kind_of(&meta) {
            "not a regular file" => "it is not a regular file".to_string(),
            kind => format!("it is {kind}, not a regular file"),
        }));
    }
    let file = std::fs::File::open(path)?;
    let mut bytes = Vec::new();
    // The length read, not the length stat gave: the file may grow meanwhile.
    file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(refusal(too_large()));
    }
    Ok(bytes)
}

/// The refusal of a file over the limit.
pub fn too_large() -> String {
    format!(
        "it is larger than {} MiB, the most weft reads",
        MAX_FILE_BYTES >> 20
    )
}

/// Reads all of `input` (standard input, say), at most [`MAX_FILE_BYTES`].
pub fn read_stream(input: impl Read) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    input.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(refusal(too_large()));
    }
    Ok(bytes)
}

/// Where the first byte that is not UTF-8 is: its 1-based line and column (in
/// characters), and the byte.
pub fn utf8_error_place(bytes: &[u8], error: &std::str::Utf8Error) -> (usize, usize, u8) {
    let at = error.valid_up_to();
    let before = std::str::from_utf8(&bytes[..at]).unwrap_or_default();
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[line_start..].chars().count() + 1, bytes[at])
}

/// A rule file's text, as [`text_of`] reads its bytes.
pub fn read_rule_file(path: &str) -> Result<String, LoadError> {
    let bytes = read_bytes(path).map_err(|source| LoadError::Read {
        path: path.to_string(),
        source,
    })?;
    text_of(path, bytes)
}

/// The bytes of a rule file as text: a leading byte order mark dropped, lone carriage
/// returns turned into line feeds (Windows' `\r\n` is read as it is), and a byte that is
/// not UTF-8 refused with a diagnostic that points at it.
pub fn text_of(path: &str, bytes: Vec<u8>) -> Result<String, LoadError> {
    let bytes = match bytes.strip_prefix(b"\xEF\xBB\xBF") {
        Some(rest) => rest.to_vec(),
        None => bytes,
    };
    match String::from_utf8(bytes) {
        Ok(text) => Ok(line_feeds(text)),
        Err(e) => {
            let bytes = e.into_bytes();
            let error = std::str::from_utf8(&bytes).expect_err("not UTF-8");
            Err(LoadError::Rules(not_utf8(path, &bytes, &error)))
        }
    }
}

/// Lone carriage returns (old Mac line endings) as line feeds; `\r\n` stays. Every byte
/// keeps its offset.
pub fn line_feeds(text: String) -> String {
    if !text.contains('\r') {
        return text;
    }
    let bytes = text.as_bytes();
    let mut out = bytes.to_vec();
    for (i, b) in out.iter_mut().enumerate() {
        if *b == b'\r' && bytes.get(i + 1) != Some(&b'\n') {
            *b = b'\n';
        }
    }
    String::from_utf8(out).expect("one ASCII byte replaced by another")
}

/// The report for a file that is not UTF-8: the text shown with each byte that is not
/// UTF-8 written as `\xNN`, and an error at the first.
fn not_utf8(path: &str, bytes: &[u8], error: &std::str::Utf8Error) -> Diagnostics {
    let at = error.valid_up_to();
    let byte = bytes[at];
    let mut shown = String::from_utf8_lossy(&bytes[..at]).into_owned();
    let start = shown.len();
    shown.push_str(&format!("\\x{byte:02X}"));
    let end = shown.len();
    for chunk in bytes[at + 1..].utf8_chunks() {
        shown.push_str(chunk.valid());
        for b in chunk.invalid() {
            shown.push_str(&format!("\\x{b:02X}"));
        }
    }
    let hint = if byte >= 0xA0 {
        format!(
            "weft reads rule files as UTF-8: save the file as UTF-8 (in Latin-1 this byte is `{}`)",
            char::from(byte)
        )
    } else {
        "weft reads rule files as UTF-8: save the file as UTF-8".to_string()
    };
    Diagnostics {
        source: Source::new(path, line_feeds(shown)),
        diagnostics: vec![Diagnostic::error(
            Span::new(start, end),
            format!("the file is not UTF-8 text: the byte 0x{byte:02X} cannot stand here"),
        )
        .with_hint(hint)],
    }
}
