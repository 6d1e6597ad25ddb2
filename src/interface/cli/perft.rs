//! `weft perft FILE --depth D`: the number of move sequences of each length.

use super::args::{self, GameArgs};
use super::error::CliError;
use crate::tools::perft::perft;
use clap::Args;
use std::io::Write;

#[derive(Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The deepest length to count (1 to 200)
    #[arg(long, value_parser = args::depth, allow_negative_numbers = true)]
    depth: usize,
    /// Leave the swap move out
    #[arg(long)]
    no_swap: bool,
}

pub fn run(a: PerftArgs, out: &mut impl Write) -> Result<(), CliError> {
    let (_, state) = a.game.start(a.no_swap)?;
    for (d, n) in perft(&state, a.depth).iter().enumerate() {
        writeln!(out, "{} {}", d + 1, n)?;
    }
    Ok(())
}
