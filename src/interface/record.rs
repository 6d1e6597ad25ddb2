//! A saved game as a small JSON file that a person can read and edit: which rule file
//! (its name and a hash of its text), the parameter values, and the moves in notation.
//!
//! A record is only data. Whoever loads one replays every move through the checked
//! path ([`State::play`](crate::engine::state::State::play)), so an edited or damaged record can
//! never produce a position the rules do not allow. The hash is FNV-1a over the rule
//! file's bytes, written out here because std's hasher is randomised per process.

use crate::engine::state::{Move, ReplayError, State};
use crate::interface::output::{self, WriteError};
use crate::lang::{load_str, read, Loaded, Overrides};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
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
    #[serde(deserialize_with = "unique_keys")]
    pub params: BTreeMap<String, i64>,
    /// The moves, in the notation `legal_moves` prints.
    pub moves: Vec<String>,
    /// How the game ended, if it had (informative: loading recomputes it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
}

/// FNV-1a, 64 bits: eight lines that stay the same on every platform and version
/// (std's hasher is randomised per process; a hashing crate would be a dependency for
/// one fixed function).
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

/// The parameters of a record, refusing a name given twice (serde refuses a field
/// given twice, but a map would keep the last value silently).
fn unique_keys<'de, D: serde::Deserializer<'de>>(d: D) -> Result<BTreeMap<String, i64>, D::Error> {
    struct Unique;
    impl<'de> serde::de::Visitor<'de> for Unique {
        type Value = BTreeMap<String, i64>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("an object of parameter names and whole numbers")
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(
            self,
            mut map: A,
        ) -> Result<Self::Value, A::Error> {
            let mut out = BTreeMap::new();
            while let Some((k, v)) = map.next_entry::<String, i64>()? {
                if out.contains_key(&k) {
                    return Err(serde::de::Error::custom(format!(
                        "parameter `{k}` given twice"
                    )));
                }
                out.insert(k, v);
            }
            Ok(out)
        }
    }
    d.deserialize_map(Unique)
}

/// A string from a record, for a one-line message: in JSON quotes and escapes (no line
/// break or control character reaches the terminal), cut after 60 characters.
fn quoted(s: &str) -> String {
    let short: String = s.chars().take(60).collect();
    let mut q = serde_json::to_string(&short).unwrap_or_default();
    if short.len() < s.len() {
        q.push_str("...");
    }
    q
}

/// Why a record could not be read, written or replayed.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    /// Not JSON, not a record's fields, or another format version.
    #[error("{0}")]
    NotRecord(String),
    #[error("cannot write {path}: {reason}")]
    Write { path: String, reason: String },
    #[error("{path} already exists: `save {path} --force` replaces it")]
    Exists { path: String },
    /// The rule file the record names could be found nowhere.
    #[error("cannot load {path}: cannot read its rule file {rule_file}: {reason}")]
    RuleFile {
        path: String,
        rule_file: String,
        reason: String,
    },
    /// The rule file does not load with the record's parameters.
    #[error("refused {path}: {rule_file} does not load with the record's parameters:\n{report}")]
    Rules {
        path: String,
        rule_file: String,
        report: Box<crate::lang::diagnostic::Diagnostics>,
    },
    /// The record does not fit the rule file: another game, a parameter missing or
    /// not the file's, a result the moves do not give.
    #[error("refused {path}: {reason}")]
    Mismatch { path: String, reason: String },
    /// A move does not replay.
    #[error("refused {path}: {source}{}", if *changed { " (the rule file has changed since the record was saved)" } else { "" })]
    Moves {
        path: String,
        source: ReplayError,
        changed: bool,
    },
}

impl RecordError {
    /// For a rule file that does not load with the record's parameters: its first
    /// error in one line (see `Diagnostics::one_line`); otherwise the whole message.
    pub fn rules_one_line(&self, label: &str) -> String {
        match self {
            RecordError::Rules { report, .. } => report.one_line(label),
            other => other.to_string(),
        }
    }
}

impl Record {
    /// The record as pretty-printed JSON, ending with a newline.
    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).expect("a record always serialises");
        s.push('\n');
        s
    }

    /// Reads a record from JSON text; the error is one line. Unknown fields, a field
    /// given twice and another format version are refused.
    pub fn from_json(text: &str) -> Result<Record, RecordError> {
        // serde would also take the fields as an array, in order: a record is an object.
        if !text.trim_start().starts_with('{') {
            return Err(RecordError::NotRecord(
                "not a weft record: a record is a JSON object (`{\"format\": \"weft record 1\", ...}`)"
                    .into(),
            ));
        }
        let r: Record = serde_json::from_str(text)
            .map_err(|e| RecordError::NotRecord(format!("not a weft record: {e}")))?;
        if r.format != FORMAT {
            return Err(RecordError::NotRecord(format!(
                "not a weft record this version reads: format is {}, expected \"{FORMAT}\"",
                quoted(&r.format)
            )));
        }
        if let Some((i, m)) = r
            .moves
            .iter()
            .enumerate()
            .find(|(_, m)| m.chars().any(char::is_control))
        {
            return Err(RecordError::NotRecord(format!(
                "not a weft record: move {} is {}, with a control character",
                i + 1,
                quoted(m)
            )));
        }
        let hex = r.rule_hash.strip_prefix("fnv1a64:").unwrap_or("");
        if hex.len() != 16
            || !hex
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
        {
            return Err(RecordError::NotRecord(format!(
                "not a weft record: rule_hash is {}, expected \"fnv1a64:\" and 16 hexadecimal digits",
                quoted(&r.rule_hash)
            )));
        }
        Ok(r)
    }

    /// Reads a record file.
    pub fn read(path: &str) -> Result<Record, RecordError> {
        let bytes = read::read_bytes(path).map_err(|source| RecordError::Read {
            path: path.to_string(),
            source,
        })?;
        let text = String::from_utf8(bytes).map_err(|e| {
            let (line, col, byte) = read::utf8_error_place(e.as_bytes(), &e.utf8_error());
            RecordError::NotRecord(format!(
                "{path}: not a weft record: the byte 0x{byte:02X} at line {line} column {col} is not UTF-8"
            ))
        })?;
        Record::from_json(&text).map_err(|e| RecordError::NotRecord(format!("{path}: {e}")))
    }

    /// The record's parameters as overrides.
    pub fn overrides(&self) -> Overrides {
        Overrides {
            sets: self
                .params
                .iter()
                .map(|(k, v)| (k.clone(), v.to_string()))
                .collect(),
            size: None,
        }
    }

    /// Writes the record to `path`, atomically (a failure leaves an old file as it
    /// was). An existing file is left alone unless `overwrite`.
    pub fn write(&self, path: &str, overwrite: bool) -> Result<(), RecordError> {
        output::write_atomic(path, self.to_json().as_bytes(), overwrite).map_err(|e| match e {
            WriteError::Exists(_) => RecordError::Exists {
                path: path.to_string(),
            },
            WriteError::Directory(_) => RecordError::Write {
                path: path.to_string(),
                reason: "it is a directory".into(),
            },
            WriteError::Io { source, .. } => RecordError::Write {
                path: path.to_string(),
                reason: source.to_string(),
            },
        })
    }
}

/// A record opened for play: its rule file found and loaded with the record's
/// parameters, and every move replayed through the checked path.
pub struct Opened {
    pub record: Record,
    /// Where the rule file was found, and its text.
    pub rule_path: String,
    pub rule_text: String,
    /// Whether the rule file's text differs from the one the record was saved with.
    pub changed: bool,
    pub loaded: Loaded,
    /// The start position, and each move with the position after it.
    pub start: State,
    pub replayed: Vec<(Move, State)>,
}

/// Opens the record at `path`. Its rule file is looked for as the record names it, then
/// beside the record, then as `fallback` (the file already in use) if that has the same
/// text.
pub fn open(path: &str, fallback: Option<&str>) -> Result<Opened, RecordError> {
    let record = Record::read(path)?;
    let (rule_path, rule_text) = locate_rule_file(&record, path, fallback)?;
    open_with(path, record, rule_path, rule_text)
}

/// Opens a record already read, on the given rule file: the one reader behind `play`'s
/// `load`, `replay --record` and `render --record`. Everything is checked: the format
/// and fields (by [`Record::from_json`]), that the rule file is the record's game,
/// takes exactly the record's parameters (each in its range) and replays every move
/// through the checked path, and, when the rule file is the one the record was saved
/// with, that the moves give the result the record states.
pub fn open_with(
    path: &str,
    record: Record,
    rule_path: String,
    rule_text: String,
) -> Result<Opened, RecordError> {
    let changed = text_hash(&rule_text) != record.rule_hash;
    let mismatch = |reason: String| RecordError::Mismatch {
        path: path.to_string(),
        reason,
    };
    let loaded = load_str(&rule_path, &rule_text, &record.overrides()).map_err(|r| {
        if r.from_command_line() {
            mismatch(format!(
                "its parameters do not fit {rule_path}: {}",
                r.one_line("").trim_start_matches(": ")
            ))
        } else {
            RecordError::Rules {
                path: path.to_string(),
                rule_file: rule_path.clone(),
                report: Box::new(r),
            }
        }
    })?;
    let rules = &loaded.rules;
    if rules.name() != record.game {
        return Err(mismatch(format!(
            "it is a game of {}, and {rule_path} is \"{}\"",
            quoted(&record.game),
            rules.name()
        )));
    }
    if let Some(p) = rules
        .params()
        .iter()
        .find(|p| !record.params.contains_key(&p.name))
    {
        return Err(mismatch(format!(
            "it gives no value for the parameter `{}` of {rule_path}",
            p.name
        )));
    }
    let start = State::new(loaded.rules.clone());
    let replayed =
        start
            .clone()
            .replay_each(&record.moves)
            .map_err(|source| RecordError::Moves {
                path: path.to_string(),
                source,
                changed,
            })?;
    let last = replayed.last().map_or(&start, |(_, s)| s);
    let result = last
        .outcome()
        .map(|o| crate::engine::state::describe_outcome(o, rules));
    if !changed && record.result.is_some() && record.result != result {
        return Err(mismatch(format!(
            "it says the game ended {}, and its moves give {}",
            quoted(record.result.as_deref().unwrap_or_default()),
            match &result {
                Some(r) => format!("\"{r}\""),
                None => "a game still going".to_string(),
            }
        )));
    }
    Ok(Opened {
        record,
        rule_path,
        rule_text,
        changed,
        loaded,
        start,
        replayed,
    })
}

/// Finds the rule file a record names: as written, then beside the record, then
/// `fallback` if it is the same text.
fn locate_rule_file(
    rec: &Record,
    record_path: &str,
    fallback: Option<&str>,
) -> Result<(String, String), RecordError> {
    let mut tried = vec![rec.rule_file.clone()];
    if let Some(dir) = Path::new(record_path).parent() {
        let beside = dir.join(&rec.rule_file);
        tried.push(beside.to_string_lossy().into_owned());
    }
    let named = tried.len();
    tried.extend(fallback.map(String::from));
    let mut first_error = None;
    for (i, p) in tried.iter().enumerate() {
        let text = read::read_bytes(p)
            .map_err(|e| e.to_string())
            .and_then(|bytes| read::text_of(p, bytes).map_err(|e| e.one_line("")));
        match text {
            // The fallback stands in only if it is the same text.
            Ok(text) if i < named || text_hash(&text) == rec.rule_hash => {
                return Ok((p.clone(), text))
            }
            Ok(_) => {}
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    Err(RecordError::RuleFile {
        path: record_path.to_string(),
        rule_file: rec.rule_file.clone(),
        reason: first_error.unwrap_or_default(),
    })
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
        let e = Record::from_json(&wrong).unwrap_err().to_string();
        assert!(e.contains("format is \"weft record 9\""), "{e}");
        let e = Record::from_json("{\"format\": \"weft record 1\"}")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("not a weft record: missing field"), "{e}");
        assert!(!e.contains('\n'));
        let e = Record::from_json("[1, 2").unwrap_err().to_string();
        assert!(e.starts_with("not a weft record:"), "{e}");
    }

    #[test]
    fn the_hash_depends_on_every_byte() {
        assert_ne!(text_hash("size = 9"), text_hash("size = 8"));
        assert_eq!(text_hash("abc"), text_hash("abc"));
        assert_eq!(text_hash("").len(), "fnv1a64:".len() + 16);
    }
}
