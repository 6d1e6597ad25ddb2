//! Options shared by several commands, and parsers that validate values where they
//! enter: a number out of its range, a time that is not finite or not positive, is a
//! usage error with its range in one line, never a panic or an enormous allocation.

use super::error::CliError;
use crate::engine::state::State;
use crate::interface::notice;
use crate::interface::record::{self, Record};
use crate::lang::{load_file, Loaded, Overrides};
use crate::rules::board::MAX_SIDE;
use clap::Args;
use std::sync::Arc;

/// The most worker threads a command takes.
pub const MAX_THREADS: usize = 256;

/// The deepest perft.
pub const MAX_DEPTH: usize = 200;

/// The longest bench, in seconds (a day).
pub const MAX_SECONDS: f64 = 86_400.0;

/// The longest game `check` plays before cutting it short.
pub const MAX_PLIES: u64 = 10_000_000;

/// The most games of a measurement between the computer and a random player.
pub const MAX_GAMES: u64 = 1_000_000;

/// The largest solver table, in MiB (1 TiB).
pub const MAX_MEMORY_MIB: u64 = 1 << 20;

/// Options shared by every command that starts from a position.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// The rule file (e.g. games/crossway.game)
    pub file: String,
    /// Board size: sets the parameter the board's size is written with
    #[arg(long, value_parser = size, allow_negative_numbers = true)]
    pub size: Option<i64>,
    /// Set a parameter: --set name=value (repeatable)
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub set: Vec<String>,
    /// Start after these moves, e.g. --moves "e5 d4 swap"
    #[arg(long, value_name = "MOVES", allow_hyphen_values = true)]
    pub moves: Option<String>,
}

impl GameArgs {
    /// The parameter overrides asked for.
    pub fn overrides(&self) -> Result<Overrides, CliError> {
        Overrides::from_sets(&self.set, self.size).map_err(CliError::Usage)
    }

    /// Loads the rules (printing their warnings on stderr) and plays `--moves`; with
    /// `no_swap`, the swap rule is left out.
    pub fn start(&self, no_swap: bool) -> Result<(Loaded, State), CliError> {
        let mut loaded = load_file(&self.file, &self.overrides()?)?;
        if !loaded.warnings.is_empty() {
            notice::note(&loaded.warnings);
        }
        if no_swap {
            loaded.rules = Arc::new(loaded.rules.without_swap());
        }
        let state = State::new(loaded.rules.clone());
        let state = match &self.moves {
            Some(m) => state.replay(m)?,
            None => state,
        };
        Ok((loaded, state))
    }
}

/// A record saved by `weft play`, replayed on the rule file `file` (the one named on
/// the command line, not the one the record names) with the record's parameters,
/// through the one record reader ([`record::open_with`]). A note goes to stderr when the
/// rule file has changed since the record was saved.
pub fn open_record(path: &str, file: &str) -> Result<record::Opened, CliError> {
    let rec = Record::read(path).map_err(|e| CliError::Input(e.to_string()))?;
    let text = crate::lang::read::read_rule_file(file)?;
    let opened = record::open_with(path, rec, file.to_string(), text)
        .map_err(|e| CliError::Input(e.to_string()))?;
    if opened.changed {
        notice::note_line(&format!(
            "note: {file} has changed since {path} was saved; every move still replays"
        ));
    }
    Ok(opened)
}

/// `--size`: 1 to the largest board side weft has ([`MAX_SIDE`]); the rule file's
/// parameter then gives its own range.
pub fn size(text: &str) -> Result<i64, String> {
    whole(text, 1, MAX_SIDE as u64, "a board size").map(|n| n as i64)
}

/// `--max-plies`: 1 to [`MAX_PLIES`].
pub fn plies(text: &str) -> Result<u32, String> {
    whole(text, 1, MAX_PLIES, "a number of moves").map(|n| n as u32)
}

/// `--versus-random`: 1 to [`MAX_GAMES`] games.
pub fn games(text: &str) -> Result<u32, String> {
    whole(text, 1, MAX_GAMES, "a number of games").map(|n| n as u32)
}

/// `--threads`: 1 to [`MAX_THREADS`].
pub fn threads(text: &str) -> Result<usize, String> {
    whole(text, 1, MAX_THREADS as u64, "the number of worker threads").map(|n| n as usize)
}

/// `--depth`: 1 to [`MAX_DEPTH`].
pub fn depth(text: &str) -> Result<usize, String> {
    whole(text, 1, MAX_DEPTH as u64, "a depth").map(|n| n as usize)
}

/// `--memory` in MiB: 1 to [`MAX_MEMORY_MIB`].
pub fn memory(text: &str) -> Result<u64, String> {
    whole(text, 1, MAX_MEMORY_MIB, "a memory budget in MiB")
}

/// A count of games or playouts: 1 or more.
pub fn count(text: &str) -> Result<u64, String> {
    whole(text, 1, u64::MAX, "a count")
}

/// `--seconds`: a finite time from 0.01 s to [`MAX_SECONDS`].
///
/// ```
/// use weft::interface::cli::args::seconds;
/// assert_eq!(seconds("2.5"), Ok(2.5));
/// assert!(seconds("inf").is_err());
/// assert!(seconds("-5").is_err());
/// assert!(seconds("NaN").is_err());
/// ```
pub fn seconds(text: &str) -> Result<f64, String> {
    let range = format!("a time in seconds from 0.01 to {MAX_SECONDS}");
    match text.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && (0.01..=MAX_SECONDS).contains(&v) => Ok(v),
        Ok(_) => Err(format!("`{text}` is out of range: give {range}")),
        Err(_) => Err(format!("`{text}` is not a number: give {range}")),
    }
}

/// A whole number from `lo` to `hi`, or a one-line reason.
fn whole(text: &str, lo: u64, hi: u64, what: &str) -> Result<u64, String> {
    let t = text.trim();
    let negative = t.starts_with('-');
    let digits = t.strip_prefix(['+', '-']).unwrap_or(t);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("`{text}` is not {what} from {lo} to {hi}"));
    }
    match digits.parse::<u64>() {
        Ok(v) if !negative && (lo..=hi).contains(&v) => Ok(v),
        _ => Err(format!(
            "`{text}` is out of range: {what} goes from {lo} to {hi}"
        )),
    }
}
