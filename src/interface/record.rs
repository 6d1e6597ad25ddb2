//! A saved game as a small JSON file that a person can read and edit: which rule file
//! (its name and a hash of its text), the parameter values, and the moves in notation.
//!
//! A record is only data. Whoever loads one replays every move through the checked
//! path ([`State::play`](crate::engine::state::State::play)), so an edited or damaged record can
//! never produce a position the rules do not allow. The hash is FNV-1a over the rule
//! file's bytes, written out here because std's hasher is randomised per process.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;

/// The value of `format` in every record this version writes and reads.
pub const FORMAT: &str = "weft record 1";

/// A saved game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// Always [`FORMAT`].
    pub format: String,
    /// The game's name as the rule file gives it (informative).
    pub game: String,
    /// The rule file, as it was named on the command line.
    pub rule_file: String,
    /// [`text_hash`] of the rule file's text when the game was saved.
    pub rule_hash: String,
    /// Every parameter's value.
    pub params: BTreeMap<String, i64>,
    /// The moves, in the notation `legal_moves` prints.
    pub moves: Vec<String>,
    /// How the game ended, if it had (informative: loading recomputes it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
}

/// FNV-1a, 64 bits.
///
/// ```
/// assert_eq!(weft::interface::record::fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
/// assert_eq!(weft::interface::record::fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
/// ```
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// The hash a record stores for a rule file's text, e.g. `fnv1a64:af63dc4c8601ec8c`.
pub fn text_hash(text: &str) -> String {
    format!("fnv1a64:{:016x}", fnv1a64(text.as_bytes()))
}

impl Record {
    /// The record as pretty-printed JSON, ending with a newline.
    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).expect("a record always serialises");
        s.push('\n');
        s
    }

    /// Reads a record from JSON text; the error is one line.
    pub fn from_json(text: &str) -> Result<Record, String> {
        let r: Record =
            serde_json::from_str(text).map_err(|e| format!("not a weft record: {e}"))?;
        if r.format != FORMAT {
            return Err(format!(
                "not a weft record this version reads: format is \"{}\", expected \"{FORMAT}\"",
                r.format
            ));
        }
        Ok(r)
    }

    /// Reads a record file.
    pub fn read(path: &str) -> Result<Record, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
        Record::from_json(&text).map_err(|e| format!("{path}: {e}"))
    }

    /// Writes the record to `path`. An existing file is left alone unless `overwrite`.
    pub fn write(&self, path: &str, overwrite: bool) -> Result<(), String> {
        let fail = |e: std::io::Error| format!("cannot write {path}: {e}");
        if Path::new(path).is_dir() {
            return Err(format!("cannot write {path}: it is a directory"));
        }
        let mut file = if overwrite {
            std::fs::File::create(path).map_err(fail)?
        } else {
            // create_new refuses atomically if the file exists, even if it appeared
            // just now.
            match std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(path)
            {
                Ok(f) => f,
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                    return Err(format!(
                        "{path} already exists: `save {path} --force` replaces it"
                    ))
                }
                Err(e) => return Err(fail(e)),
            }
        };
        file.write_all(self.to_json().as_bytes()).map_err(fail)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Record {
        Record {
            format: FORMAT.into(),
            game: "A game".into(),
            rule_file: "games/a.game".into(),
            rule_hash: text_hash("game \"x\""),
            params: BTreeMap::from([("size".to_string(), 9)]),
            moves: vec!["e5".into(), "swap".into(), "d4".into()],
            result: None,
        }
    }

    #[test]
    fn json_round_trip() {
        let r = sample();
        assert_eq!(Record::from_json(&r.to_json()).unwrap(), r);
    }

    #[test]
    fn foreign_or_broken_json_is_refused_in_one_line() {
        let wrong = sample().to_json().replace(FORMAT, "weft record 9");
        let e = Record::from_json(&wrong).unwrap_err();
        assert!(e.contains("format is \"weft record 9\""), "{e}");
        let e = Record::from_json("{\"format\": \"weft record 1\"}").unwrap_err();
        assert!(e.starts_with("not a weft record: missing field"), "{e}");
        assert!(!e.contains('\n'));
        let e = Record::from_json("[1, 2").unwrap_err();
        assert!(e.starts_with("not a weft record:"), "{e}");
    }

    #[test]
    fn the_hash_depends_on_every_byte() {
        assert_ne!(text_hash("size = 9"), text_hash("size = 8"));
        assert_eq!(text_hash("abc"), text_hash("abc"));
        assert_eq!(text_hash("").len(), "fnv1a64:".len() + 16);
    }
}
