//! Files written for the user (pictures, pages): an existing file is never replaced
//! unless asked (`--force`), and a failure is one line naming the file.

use std::io::Write;
use std::path::Path;

/// Writes `text` to `path`. An existing file is left alone unless `force`; the check and
/// the creation are one step (`create_new`), so a file that appears meanwhile is safe too.
pub fn write_new(path: &str, text: &str, force: bool) -> Result<(), String> {
    if Path::new(path).is_dir() {
        return Err(format!("cannot write {path}: it is a directory"));
    }
    let opened = if force {
        std::fs::File::create(path)
    } else {
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
    };
    let mut file = match opened {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            return Err(format!("{path} already exists: add --force to replace it"))
        }
        Err(e) => return Err(format!("cannot write {path}: {e}")),
    };
    file.write_all(text.as_bytes())
        .map_err(|e| format!("cannot write {path}: {e}"))
}

/// The cells named in a list such as `c4 d5,e6` (spaces or commas between names), or
/// the first name that is not a cell of the board.
pub fn cells(
    board: &crate::rules::board::Board,
    list: &str,
) -> Result<Vec<crate::rules::board::Cell>, String> {
    list.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .map(|w| {
            board.parse_cell(w).ok_or_else(|| {
                let first = board.cells().next().unwrap_or(0);
                let last = board.cells().last().unwrap_or(0);
                format!(
                    "`{w}` is not a cell of this board (cells run from {} to {})",
                    board.cell_name(first),
                    board.cell_name(last)
                )
            })
        })
        .collect()
}
