//! `weft solve FILE`: the exact value of a position by exhaustive search.

use super::args::{self, GameArgs};
use super::error::CliError;
use crate::tools::solve::{self, report, Method, Options, Progress};
use clap::Args;
use std::io::Write;

#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Leave the swap move out
    #[arg(long)]
    no_swap: bool,
    /// Worker threads (1 to 256)
    #[arg(long, default_value_t = 1, value_parser = args::threads, allow_negative_numbers = true)]
    threads: usize,
    /// Memory for the transposition table, in MiB (1 to 1048576)
    #[arg(long, default_value_t = 512, value_parser = args::memory, allow_negative_numbers = true)]
    memory: u64,
    /// Solve every first move (up to symmetry), not just one that achieves the value
    #[arg(long)]
    all_first_moves: bool,
    /// Stop with an error after searching this many positions
    #[arg(long, value_parser = args::count)]
    max_nodes: Option<u64>,
    /// Stop with an error after this many seconds (0.01 to 86400)
    #[arg(long, value_name = "SECONDS", value_parser = args::seconds, allow_negative_numbers = true)]
    time: Option<f64>,
    /// Use no symmetry (slower; for checking the symmetry reduction)
    #[arg(long)]
    no_symmetry: bool,
    /// The search: proof-number (pns) or alpha-beta (ab, a cross-check)
    #[arg(long, default_value = "pns", value_parser = ["pns", "ab"])]
    method: String,
    /// Print the result as JSON
    #[arg(long)]
    json: bool,
}

pub fn run(a: SolveArgs, out: &mut impl Write) -> Result<(), CliError> {
    let (loaded, state) = a.game.start(a.no_swap)?;
    let options = Options {
        threads: a.threads,
        memory_bytes: a.memory << 20,
        all_first_moves: a.all_first_moves,
        max_nodes: a.max_nodes,
        time_limit: a.time.map(std::time::Duration::from_secs_f64),
        symmetry: !a.no_symmetry,
        method: if a.method == "ab" {
            Method::AlphaBeta
        } else {
            Method::Dfpn
        },
        ..Default::default()
    };
    let progress = |p: &Progress| {
        crate::interface::notice::note_line(&report::progress_line(p));
    };
    let s = solve::solve(&state, &options, Some(&progress))?;
    if a.json {
        writeln!(out, "{}", report::json(&s, &loaded.rules))?;
    } else {
        write!(out, "{}", report::text(&s, &loaded.rules))?;
    }
    Ok(())
}
