//! `weft serve FILE`: the playtest page on a local web server (see `interface::serve`).

use super::args::GameArgs;
use super::error::CliError;
use crate::interface::serve::{self, ServeError};
use crate::tools::ai::Budget;
use clap::Args;
use std::io::Write;
use std::net::IpAddr;

#[derive(Args, Debug)]
pub struct ServeArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The port to listen on (0: any free port)
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on (default: this machine only)
    #[arg(long, default_value = "127.0.0.1")]
    bind: IpAddr,
    /// Open the page in the desktop's browser
    #[arg(long)]
    open: bool,
    /// How long the computer thinks: playouts (2000) or a time (2s, 500ms)
    #[arg(long, default_value = "1s", value_parser = Budget::parse)]
    budget: Budget,
    /// Seed of the computer (default: from the clock)
    #[arg(long)]
    seed: Option<u64>,
}

pub fn run(a: ServeArgs, out: &mut impl Write) -> Result<(), CliError> {
    if a.game.moves.is_some() {
        return Err(CliError::Usage(
            "serve does not take --moves: play them on the page, or load a record there".into(),
        ));
    }
    let options = serve::Options {
        overrides: a.game.overrides()?,
        file: a.game.file,
        address: a.bind,
        port: a.port,
        budget: a.budget,
        seed: a.seed.unwrap_or_else(crate::interface::repl::clock_seed),
    };
    serve::run(&options, a.open, out).map_err(|e| match e {
        ServeError::Read { path, source } => {
            CliError::Load(crate::lang::LoadError::Read { path, source })
        }
        other => CliError::Input(other.to_string()),
    })
}
