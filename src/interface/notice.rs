//! Notes for the person at the terminal, on standard error (progress, warnings, "wrote
//! FILE"). Unlike `eprintln!`, a note never panics: when standard error is a closed
//! pipe (`weft solve ... 2>&1 | head -1`) the note is dropped and the command goes on,
//! to end as a closed standard output ends it (quietly, exit 0).

use std::io::Write;

/// Writes `text` to standard error as it is, ignoring a failure.
pub fn note(text: &str) {
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(text.as_bytes());
    let _ = err.flush();
}

/// Writes `text` and a line break to standard error, ignoring a failure.
pub fn note_line(text: &str) {
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(text.as_bytes());
    let _ = err.write_all(b"\n");
    let _ = err.flush();
}
