//! `weft play FILE`: the playtest REPL (or, hidden, the computer against a random
//! player for measuring it).

use super::args::{self, GameArgs};
use super::error::CliError;
use crate::interface::repl;
use crate::tools::ai::{self, Budget};
use clap::Args;
use std::io::Write;

#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The computer plays this player's seat (e.g. --computer white)
    #[arg(long, value_name = "PLAYER")]
    computer: Option<String>,
    /// How long the computer thinks: playouts (2000) or a time (2s, 500ms)
    #[arg(long, default_value = "1s", value_parser = Budget::parse)]
    budget: Budget,
    /// The most memory the computer's search tree may take, in MiB (1 to 1048576);
    /// when it is full the search goes on with playouts from the tree's leaves
    #[arg(long, value_name = "MIB", default_value_t = ai::DEFAULT_MEMORY_MIB, value_parser = args::memory)]
    memory: u64,
    /// Seed of the computer and of `random` (default: from the clock)
    #[arg(long)]
    seed: Option<u64>,
    /// Measure instead: the computer against a uniformly random player, this many games
    #[arg(long, value_name = "GAMES", hide = true, value_parser = super::args::games)]
    versus_random: Option<u32>,
}

pub fn run(a: PlayArgs, out: &mut impl Write) -> Result<(), CliError> {
    let start = repl::Start {
        overrides: a.game.overrides()?,
        file: a.game.file,
        moves: a.game.moves,
        computer: a.computer,
        budget: a.budget,
        memory: a.memory,
        seed: a.seed.unwrap_or_else(repl::clock_seed),
        colour: repl::colour_wanted(),
    };
    match a.versus_random {
        Some(games) => repl::measure(&start, games, out)?,
        None => repl::run(&start, out)?,
    }
    Ok(())
}
