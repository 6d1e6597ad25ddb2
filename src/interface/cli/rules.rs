//! `weft rules FILE`: the compiled rules in words, and the position after `--moves`.

use super::args::GameArgs;
use super::error::CliError;
use crate::interface::render;
use clap::Args;
use std::io::Write;

#[derive(Args, Debug)]
pub struct RulesArgs {
    #[command(flatten)]
    game: GameArgs,
}

pub fn run(a: RulesArgs, out: &mut impl Write) -> Result<(), CliError> {
    let (loaded, state) = a.game.start(false)?;
    write!(out, "{}", loaded.rules.summary())?;
    if a.game.moves.is_some() {
        write!(out, "\nposition after --moves:\n{}", render::plain(&state))?;
    }
    Ok(())
}
