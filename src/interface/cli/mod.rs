//! The command line: clap parses the arguments (validating every value where it enters,
//! see [`args`]), one function per command runs it (a module each), and [`run`] maps
//! the result to an exit code ([`error::CliError::exit_code`]: 0 success, 1 a rule-file
//! or input error, 2 a usage error, 130 interrupted).

pub mod args;
mod bench;
mod check;
pub mod error;
mod fmt;
mod lsp;
mod matches;
mod merge;
mod part;
mod perft;
mod play;
mod render;
mod replay;
mod rules;
mod serve;
mod solve;
mod swapmap;

use clap::{Parser, Subcommand};
use error::CliError;
use std::ffi::OsString;
use std::io::Write;

#[derive(Parser, Debug)]
#[command(
    name = "weft",
    version,
    about = "Play, check and measure abstract games written as rule files"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Print a readable summary of the compiled rules
    Rules(rules::RulesArgs),
    /// Count move sequences of each length up to --depth
    Perft(perft::PerftArgs),
    /// Play uniformly random games and report results, claims and counterexamples
    Check(check::CheckArgs),
    /// Print a game position by position
    Replay(replay::ReplayArgs),
    /// Draw a position as an SVG picture
    Render(render::RenderArgs),
    /// Play in the terminal: moves, why, undo/redo, the computer, save/load, reload
    Play(play::PlayArgs),
    /// Find the exact value of the position by exhaustive search (small boards)
    Solve(solve::SolveArgs),
    /// Measure random playouts (and moves) per second
    Bench(bench::BenchArgs),
    /// Play games between two players (e.g. mcts:1000,mcts:100), seats alternating
    Match(matches::MatchArgs),
    /// The first player's score after each first move under skilled play: which to swap
    Swapmap(swapmap::SwapMapArgs),
    /// Combine the parts printed by slices of a run (--slice/--shard) into its report
    Merge(merge::MergeArgs),
    /// Lay rule files out canonically: print, --check or --write
    Fmt(fmt::FmtArgs),
    /// Serve editors over standard input and output (the Language Server Protocol)
    Lsp(lsp::LspArgs),
    /// Serve a playtest page: click to play, the rule file edited live beside it
    Serve(serve::ServeArgs),
}

/// Runs weft with the given arguments (the first is the program name) and returns the
/// exit code.
pub fn run<I, T>(args: I) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    let mut out = std::io::stdout().lock();
    let result = execute(cli.command, &mut out);
    let flushed = out.flush();
    match result.and(flushed.map_err(CliError::from)) {
        Ok(()) => 0,
        Err(e) => {
            if !e.is_quiet() {
                let msg = e.to_string();
                if msg.ends_with('\n') {
                    crate::interface::notice::note(&msg);
                } else {
                    crate::interface::notice::note_line(&msg);
                }
            }
            e.exit_code()
        }
    }
}

/// Runs one command.
fn execute(command: Command, out: &mut impl Write) -> Result<(), CliError> {
    match command {
        Command::Rules(a) => rules::run(a, out),
        Command::Perft(a) => perft::run(a, out),
        Command::Check(a) => check::run(a, out),
        Command::Replay(a) => replay::run(a, out),
        Command::Render(a) => render::run(a, out),
        Command::Play(a) => play::run(a, out),
        Command::Solve(a) => solve::run(a, out),
        Command::Bench(a) => bench::run(a, out),
        Command::Match(a) => matches::run(a, out),
        Command::Swapmap(a) => swapmap::run(a, out),
        Command::Merge(a) => merge::run(a, out),
        Command::Fmt(a) => fmt::run(a, out),
        Command::Lsp(a) => lsp::run(a, out),
        Command::Serve(a) => serve::run(a, out),
    }
}
