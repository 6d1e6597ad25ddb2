//! `weft replay FILE --moves "..."` or `--record R`: a game printed position by
//! position. A record is read by the same reader as the REPL's `load` (format, fields,
//! the record's parameters); the rule file given here is the one replayed, with a note
//! when its text differs from the one the record was saved with.

use super::args::GameArgs;
use super::error::CliError;
use crate::engine::state::State;
use crate::interface::record::{self, Record};
use crate::interface::replay;
use clap::Args;
use std::io::Write;

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The rule file
    file: String,
    /// Board size: sets the parameter the board's size is written with
    #[arg(long)]
    size: Option<i64>,
    /// Set a parameter: --set name=value (repeatable)
    #[arg(long = "set", value_name = "NAME=VALUE")]
    set: Vec<String>,
    /// The moves, e.g. --moves "e5 d4 swap"
    #[arg(
        long,
        value_name = "MOVES",
        allow_hyphen_values = true,
        required_unless_present = "record",
        conflicts_with = "record"
    )]
    moves: Option<String>,
    /// A record saved by `weft play` (`save`): its parameters and moves are replayed
    #[arg(long, value_name = "FILE", conflicts_with_all = ["size", "set"])]
    record: Option<String>,
}

pub fn run(a: ReplayArgs, out: &mut impl Write) -> Result<(), CliError> {
    let (state, moves) = match &a.record {
        Some(path) => {
            let rec = Record::read(path).map_err(|e| CliError::Input(e.to_string()))?;
            let text = std::fs::read_to_string(&a.file).map_err(|source| {
                crate::lang::LoadError::Read {
                    path: a.file.clone(),
                    source,
                }
            })?;
            let moves = rec.moves.join(" ");
            let opened = record::open_with(path, rec, a.file.clone(), text)
                .map_err(|e| CliError::Input(e.to_string()))?;
            if opened.changed {
                eprintln!(
                    "note: {} has changed since {path} was saved; every move still replays",
                    a.file
                );
            }
            (opened.start, moves)
        }
        None => {
            let game = GameArgs {
                file: a.file.clone(),
                size: a.size,
                set: a.set.clone(),
                moves: None,
            };
            let (_, state): (_, State) = game.start(false)?;
            (state, a.moves.clone().unwrap_or_default())
        }
    };
    let (text, result) = replay::replay(state, &moves);
    write!(out, "{text}")?;
    result.map_err(|e| CliError::Input(e.to_string()))?;
    Ok(())
}
