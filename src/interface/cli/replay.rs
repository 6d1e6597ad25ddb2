//! `weft replay FILE --moves "..."` or `--record R`: a game printed position by
//! position, and with `--svg DIR` drawn as one numbered picture per position. A record
//! is read by the same reader as the REPL's `load` (format, fields, the record's
//! parameters); the rule file given here is the one replayed, with a note when its text
//! differs from the one the record was saved with.

use super::args::{self, GameArgs};
use super::error::CliError;
use crate::engine::state::State;
use crate::interface::output;
use crate::interface::picture::{caption, position_svg, winning, Marks};
use crate::interface::replay;
use clap::Args;
use std::io::Write;

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The rule file
    file: String,
    /// Board size: sets the parameter the board's size is written with
    #[arg(long, value_parser = args::size, allow_negative_numbers = true)]
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
    /// Also draw every position as an SVG picture in this folder: 000.svg (the
    /// start), 001.svg (after the first move), ...
    #[arg(long, value_name = "DIR")]
    svg: Option<String>,
    /// With --svg, replace pictures already in the folder
    #[arg(long, requires = "svg")]
    force: bool,
}

pub fn run(a: ReplayArgs, out: &mut impl Write) -> Result<(), CliError> {
    let (state, moves) = match &a.record {
        Some(path) => {
            let opened = args::open_record(path, &a.file)?;
            (opened.start, opened.record.moves.join(" "))
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
    if let Some(dir) = &a.svg {
        pictures(&state, &moves, dir, a.force)?;
    }
    let (text, result) = replay::replay(state, &moves);
    write!(out, "{text}")?;
    result.map_err(|e| CliError::Input(e.to_string()))?;
    Ok(())
}

/// Writes a picture of every position of the game into `dir` (made if missing), numbered
/// from 000 (the start), as far as the moves replay. No picture is written if one would
/// replace a file and `force` is not given.
fn pictures(start: &State, moves: &str, dir: &str, force: bool) -> Result<(), CliError> {
    let mut states = vec![start.clone()];
    for word in moves.split_whitespace() {
        let last = states.last().expect("the start is there").clone();
        match last.replay_each(&[word]) {
            Ok(mut v) => states.push(v.pop().expect("one move played").1),
            Err(_) => break, // the text replay below names the move and the reason
        }
    }
    std::fs::create_dir_all(dir)
        .map_err(|e| CliError::Input(format!("--svg: cannot make the folder {dir}: {e}")))?;
    let digits = (states.len() - 1).to_string().len().max(3);
    let path = |i: usize| {
        std::path::Path::new(dir)
            .join(format!("{i:0digits$}.svg"))
            .to_string_lossy()
            .into_owned()
    };
    if !force {
        if let Some(p) = (0..states.len())
            .map(path)
            .find(|p| std::path::Path::new(p).exists())
        {
            return Err(CliError::Input(format!(
                "--svg: {p} already exists: add --force to replace the pictures in {dir}"
            )));
        }
    }
    for (i, state) in states.iter().enumerate() {
        let marks = Marks {
            previous: i.checked_sub(1).map(|j| &states[j]),
            winning: winning::winning_cells(state),
            caption: Some(caption(i)),
            ..Marks::default()
        };
        output::write_new(&path(i), &position_svg(state, &marks), force)
            .map_err(|e| CliError::Input(format!("--svg: {e}")))?;
    }
    crate::interface::notice::note_line(&format!("wrote {} pictures to {dir}", states.len()));
    Ok(())
}
