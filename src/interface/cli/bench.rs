//! `weft bench FILE`: random playouts (and moves) per second, on one thread or several,
//! with the bytes a state takes.

use super::args::{self, GameArgs};
use super::error::CliError;
use crate::tools::bench;
use clap::Args;
use std::io::Write;

#[derive(Args, Debug)]
pub struct BenchArgs {
    #[command(flatten)]
    game: GameArgs,
    /// How long to measure, in seconds (0.01 to 86400)
    #[arg(long, default_value_t = 3.0, value_parser = args::seconds, allow_negative_numbers = true)]
    seconds: f64,
    /// Worker threads (1 to 256), each playing its own games
    #[arg(long, default_value_t = 1, value_parser = args::threads, allow_negative_numbers = true)]
    threads: usize,
    /// Play exactly this many games on one thread instead (repeatable work, for
    /// instruction-count profiles)
    #[arg(long, conflicts_with_all = ["seconds", "threads"], value_parser = args::count)]
    playouts: Option<u64>,
    /// Seed of the random games
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Leave the swap move out
    #[arg(long)]
    no_swap: bool,
}

pub fn run(a: BenchArgs, out: &mut impl Write) -> Result<(), CliError> {
    let (loaded, state) = a.game.start(a.no_swap)?;
    if state.is_over() {
        return Err(CliError::Input(
            "the game is over in the start position".into(),
        ));
    }
    let (sample, threads) = match a.playouts {
        Some(n) => (bench::run_count(&state, n, a.seed), 1),
        None => (bench::run(&state, a.seconds, a.threads, a.seed)?, a.threads),
    };
    let params: Vec<String> = loaded
        .rules
        .params()
        .iter()
        .map(|p| format!("{}={}", p.name, p.value))
        .collect();
    writeln!(
        out,
        "{}{}, {threads} thread{}: {:.0} playouts/s, {:.0} moves/s",
        loaded.rules.name(),
        if params.is_empty() {
            String::new()
        } else {
            format!(" ({})", params.join(", "))
        },
        if threads == 1 { "" } else { "s" },
        sample.playouts_per_second(),
        sample.moves_per_second()
    )?;
    writeln!(
        out,
        "{} playouts, mean length {:.1} moves, in {:.2} s ({:.2} CPU s: {:.0} playouts per CPU second)",
        sample.playouts,
        sample.moves as f64 / sample.playouts.max(1) as f64,
        sample.wall,
        sample.cpu,
        sample.playouts_per_cpu_second()
    )?;
    writeln!(out, "bytes per state: {}", state.memory_bytes())?;
    Ok(())
}
