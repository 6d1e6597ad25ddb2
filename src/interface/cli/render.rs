//! `weft render FILE [--moves "..."] [--record R] [-o out.svg]`: a position as a
//! standalone SVG picture (see `interface::picture`), written to a file (never replacing
//! one without `--force`) or to standard output.

use super::args::{self, GameArgs};
use super::error::CliError;
use crate::engine::state::State;
use crate::interface::output;
use crate::interface::picture::{caption, changes, position_svg, winning, Marks};
use clap::Args;
use std::io::Write;

#[derive(Args, Debug)]
pub struct RenderArgs {
    #[command(flatten)]
    game: GameArgs,
    /// A record saved by `weft play` (`save`): its parameters and moves are replayed
    #[arg(long, value_name = "FILE", conflicts_with_all = ["size", "set", "moves"])]
    record: Option<String>,
    /// Write the picture to this file (default: standard output)
    #[arg(short, long, value_name = "FILE")]
    output: Option<String>,
    /// Replace the output file if it exists
    #[arg(long)]
    force: bool,
    /// Highlight these cells, e.g. --highlight "c4 d5"
    #[arg(long, value_name = "CELLS")]
    highlight: Option<String>,
    /// Write each piece's move number on it
    #[arg(long)]
    numbers: bool,
    /// Mark the cells the player to move's legal moves reach
    #[arg(long)]
    legal: bool,
}

pub fn run(a: RenderArgs, out: &mut impl Write) -> Result<(), CliError> {
    let (start, words) = match &a.record {
        Some(path) => {
            let opened = args::open_record(path, &a.game.file)?;
            (opened.start, opened.record.moves)
        }
        None => {
            let game = GameArgs {
                moves: None,
                ..a.game.clone()
            };
            let (_, start) = game.start(false)?;
            let words = a
                .game
                .moves
                .as_deref()
                .unwrap_or("")
                .split_whitespace()
                .map(String::from)
                .collect();
            (start, words)
        }
    };
    let mut states: Vec<State> = vec![start.clone()];
    states.extend(start.replay_each(&words)?.into_iter().map(|(_, s)| s));
    let state = states.last().expect("the start is there");
    let highlight = match &a.highlight {
        Some(list) => output::cells(state.rules().board(), list)
            .map_err(|e| CliError::Input(format!("--highlight: {e}")))?,
        None => Vec::new(),
    };
    let n = states.len();
    let marks = Marks {
        previous: (n >= 2).then(|| &states[n - 2]),
        highlight,
        numbers: if a.numbers {
            changes::move_numbers(&states)
        } else {
            Vec::new()
        },
        legal: if a.legal && !state.is_over() {
            changes::legal_targets(state)
        } else {
            Vec::new()
        },
        winning: winning::winning_cells(state),
        caption: Some(caption(n - 1)),
    };
    let svg = position_svg(state, &marks);
    match &a.output {
        Some(path) => output::write_new(path, &svg, a.force).map_err(CliError::Input)?,
        None => out.write_all(svg.as_bytes())?,
    }
    Ok(())
}
