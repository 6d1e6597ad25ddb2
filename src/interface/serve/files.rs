//! The only files a request may touch: records (`NAME.json`) directly in the rule
//! file's folder. A name is a plain file name — no folder, no `..`, no hidden file —
//! ending in `.json`; a record is never written over an existing file unless asked,
//! never through a symbolic link, and never read through one that leads out of the
//! folder.

use super::game::Refusal;
use std::path::{Path, PathBuf};

/// The longest record name.
const MAX_NAME: usize = 100;

/// The path of the record `name` in `folder`, or why the name is refused.
///
/// ```
/// use weft::interface::serve::files::record_path;
/// use std::path::Path;
/// let f = Path::new("/games");
/// assert_eq!(record_path(f, "game 1.json").unwrap(), Path::new("/games/game 1.json"));
/// for bad in ["../x.json", "/etc/x.json", "a/b.json", "x.game", ".json", ".hidden.json", "a\\b.json"] {
///     assert_eq!(record_path(f, bad).unwrap_err().status, 400, "{bad}");
/// }
/// ```
pub fn record_path(folder: &Path, name: &str) -> Result<PathBuf, Refusal> {
    let bad = |why: &str| {
        Refusal::new(
            400,
            format!("`{name}` is not a record name: {why} (write a plain file name ending in .json, e.g. game1.json)"),
        )
    };
    if name.len() > MAX_NAME {
        return Err(bad("it is too long"));
    }
    if name.contains(['/', '\\', '\0']) || name.contains("..") {
        return Err(bad("records are saved only in the rule file's folder"));
    }
    if name.starts_with('.') {
        return Err(bad("it would be a hidden file"));
    }
    if !name.ends_with(".json") || name.len() == ".json".len() {
        return Err(bad("a record's name ends in .json"));
    }
    if name.chars().any(|c| c.is_control()) {
        return Err(bad("it has a control character"));
    }
    Ok(folder.join(name))
}

/// Writes `text` to the record `name` in `folder`: a new file, or (with `force`) over
/// an existing regular file.
pub fn save(folder: &Path, name: &str, text: &str, force: bool) -> Result<PathBuf, Refusal> {
    let path = record_path(folder, name)?;
    if let Ok(meta) = std::fs::symlink_metadata(&path) {
        if meta.file_type().is_symlink() || !meta.is_file() {
            return Err(Refusal::new(
                409,
                format!("{name} exists and is not a plain file: choose another name"),
            ));
        }
        if !force {
            return Err(Refusal::new(
                409,
                format!("{name} already exists: save with `replace` to replace it"),
            ));
        }
    }
    let written = if force {
        std::fs::write(&path, text)
    } else {
        // create_new refuses atomically a file that appeared meanwhile (or a link).
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
            .and_then(|mut f| std::io::Write::write_all(&mut f, text.as_bytes()))
    };
    written.map_err(|e| Refusal::new(500, format!("cannot write {name}: {e}")))?;
    Ok(path)
}

/// Reads the record `name` in `folder`.
pub fn open(folder: &Path, name: &str) -> Result<String, Refusal> {
    let path = record_path(folder, name)?;
    let missing = || {
        Refusal::new(
            404,
            format!("there is no record {name} beside the rule file"),
        )
    };
    let real = path.canonicalize().map_err(|_| missing())?;
    if real.parent() != Some(folder) || !real.is_file() {
        return Err(Refusal::new(
            403,
            format!("{name} leads out of the rule file's folder: it is not opened"),
        ));
    }
    let meta = std::fs::metadata(&real).map_err(|_| missing())?;
    if meta.len() > super::http::MAX_BODY as u64 {
        return Err(Refusal::new(
            413,
            format!("{name} is too large to be a record"),
        ));
    }
    std::fs::read_to_string(&real)
        .map_err(|e| Refusal::new(422, format!("cannot read {name}: {e}")))
}

/// The records in `folder` (plain `.json` files), by name.
pub fn list(folder: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(folder)
        .map(|d| {
            d.filter_map(|e| e.ok())
                .filter(|e| e.file_type().map(|t| t.is_file()).unwrap_or(false))
                .filter_map(|e| e.file_name().into_string().ok())
                .filter(|n| record_path(folder, n).is_ok())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}
