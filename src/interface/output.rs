//! Files written for the user (records, pictures, pages, formatted rule files): an
//! existing file is never replaced unless asked (`--force`), a failure is one line
//! naming the file, and a write is atomic: the text goes to a temporary file beside the
//! target, is flushed to the disk, and only then takes the target's name. A full disk
//! or a crash midway leaves the old file as it was, never half a new one.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Why a file was not written.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The file exists and replacing it was not asked for.
    #[error("{0} already exists")]
    Exists(String),
    /// The path names a folder.
    #[error("cannot write {0}: it is a directory")]
    Directory(String),
    /// Writing failed (the old file, if any, is unchanged).
    #[error("cannot write {path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
}

/// Writes `text` to `path`. An existing file is left alone unless `force`; the message
/// for one says to add `--force`.
pub fn write_new(path: &str, text: &str, force: bool) -> Result<(), String> {
    write_atomic(path, text.as_bytes(), force).map_err(|e| match e {
        WriteError::Exists(_) => format!("{path} already exists: add --force to replace it"),
        other => other.to_string(),
    })
}

/// Writes `bytes` to `path` atomically (see the module's notes). Without `replace`, an
/// existing file (or link) at `path` is refused, also one that appears meanwhile (the
/// new file takes its name by a hard link, which never replaces). With `replace`, a
/// symbolic link is followed (the file it names is replaced, the link kept) and the old
/// file's permissions are kept.
pub fn write_atomic(path: &str, bytes: &[u8], replace: bool) -> Result<(), WriteError> {
    let io = |source: std::io::Error| WriteError::Io {
        path: path.to_string(),
        source,
    };
    let mut target = PathBuf::from(path);
    match std::fs::symlink_metadata(&target) {
        Ok(_) if Path::new(path).is_dir() => return Err(WriteError::Directory(path.into())),
        Ok(_) if !replace => return Err(WriteError::Exists(path.into())),
        Ok(m) if m.file_type().is_symlink() => {
            target = std::fs::canonicalize(&target).map_err(io)?
        }
        _ => {}
    }
    let temp = temporary_beside(&target);
    let result = (|| {
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        if let Ok(old) = std::fs::metadata(&target) {
            file.set_permissions(old.permissions())?;
        }
        drop(file);
        if replace {
            return std::fs::rename(&temp, &target);
        }
        match std::fs::hard_link(&temp, &target) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Err(e),
            // A file system without hard links: check, then rename (a file that
            // appears between the two would be replaced; nothing better is portable).
            Err(_) if target.exists() => Err(std::io::ErrorKind::AlreadyExists.into()),
            Err(_) => std::fs::rename(&temp, &target),
        }
    })();
    let _ = std::fs::remove_file(&temp);
    match result {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            Err(WriteError::Exists(path.into()))
        }
        Err(e) => Err(io(e)),
    }
}

/// A name for a temporary file in the target's folder (a rename is atomic only within
/// one file system): hidden, with the process id and a counter, so that two writers
/// never share one.
fn temporary_beside(target: &Path) -> PathBuf {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let name = target
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    target.with_file_name(format!(".{name}.{}-{n}.weft-tmp", std::process::id()))
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
