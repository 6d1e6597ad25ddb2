//! The command line: parses arguments with clap, loads the rule file, runs the
//! command and maps the result to an exit code (0 success, 1 a rule-file or input
//! error, 2 a usage error).

use crate::engine::state::State;
use crate::interface::replay;
use crate::lang::Overrides;
use crate::lang::{load_file, Loaded};
use crate::tools::bench;
use crate::tools::perft::perft;
use crate::tools::{playout, report};
use clap::{Args, Parser, Subcommand};
use std::ffi::OsString;
use std::io::{IsTerminal, Write};
use std::sync::Arc;

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

/// Options shared by every command that starts from a position.
#[derive(Args, Debug, Clone)]
struct GameArgs {
    /// The rule file (e.g. games/crossway.game)
    file: String,
    /// Board size: sets the parameter the board's size is written with
    #[arg(long)]
    size: Option<i64>,
    /// Set a parameter: --set name=value (repeatable)
    #[arg(long = "set", value_name = "NAME=VALUE")]
    set: Vec<String>,
    /// Start after these moves, e.g. --moves "e5 d4 swap"
    #[arg(long, value_name = "MOVES", allow_hyphen_values = true)]
    moves: Option<String>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Print a readable summary of the compiled rules
    Rules {
        #[command(flatten)]
        game: GameArgs,
    },
    /// Count move sequences of each length up to --depth
    Perft {
        #[command(flatten)]
        game: GameArgs,
        /// The deepest length to count
        #[arg(long)]
        depth: usize,
        /// Leave the swap move out
        #[arg(long)]
        no_swap: bool,
    },
    /// Play uniformly random games and report results, claims and counterexamples
    Check {
        #[command(flatten)]
        game: GameArgs,
        /// How many games
        #[arg(long, default_value_t = 1000)]
        playouts: u64,
        /// Seed of the random games (the same seed gives the same report)
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Worker threads (default: all cores; the report does not depend on it)
        #[arg(long)]
        threads: Option<usize>,
        /// Leave the swap move out
        #[arg(long)]
        no_swap: bool,
        /// Print the report as JSON
        #[arg(long)]
        json: bool,
        /// Games, spread evenly over the run, looked at turn by turn for the branching
        /// factor, the glyphs' rejections and board coverage (0: none). Each costs a
        /// scan of every legal move at every turn, tens of times a plain game.
        #[arg(long, default_value_t = 200, value_name = "GAMES")]
        detailed: u64,
        /// Cut a game still going after this many moves (counted as cut)
        #[arg(long, default_value_t = 10_000, value_name = "MOVES")]
        max_plies: u32,
        /// Also check these rule files (same options) and print the main figures side
        /// by side
        #[arg(long, value_name = "FILE", num_args = 1..)]
        compare: Vec<String>,
    },
    /// Print a game position by position
    Replay {
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
        /// A record file: a JSON object whose `moves` is an array of moves or one string
        #[arg(long, value_name = "FILE")]
        record: Option<String>,
    },
    /// Play in the terminal: moves, why, undo/redo, the computer, save/load, reload
    Play {
        #[command(flatten)]
        game: GameArgs,
        /// The computer plays this player's seat (e.g. --computer white)
        #[arg(long, value_name = "PLAYER")]
        computer: Option<String>,
        /// How long the computer thinks: playouts (2000) or a time (2s, 500ms)
        #[arg(long, default_value = "1s", value_parser = crate::tools::ai::Budget::parse)]
        budget: crate::tools::ai::Budget,
        /// Seed of the computer and of `random` (default: from the clock)
        #[arg(long)]
        seed: Option<u64>,
        /// Measure instead: the computer against a uniformly random player, this many games
        #[arg(long, value_name = "GAMES", hide = true)]
        versus_random: Option<u32>,
    },
    /// Find the exact value of the position by exhaustive search (small boards)
    Solve {
        #[command(flatten)]
        game: GameArgs,
        /// Leave the swap move out
        #[arg(long)]
        no_swap: bool,
        /// Worker threads
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
        threads: u32,
        /// Memory for the transposition table, in MiB
        #[arg(long, default_value_t = 512, value_parser = clap::value_parser!(u64).range(1..))]
        memory: u64,
        /// Solve every first move (up to symmetry), not just one that achieves the value
        #[arg(long)]
        all_first_moves: bool,
        /// Stop with an error after searching this many positions
        #[arg(long)]
        max_nodes: Option<u64>,
        /// Use no symmetry (slower; for checking the symmetry reduction)
        #[arg(long)]
        no_symmetry: bool,
        /// The search: proof-number (pns) or alpha-beta (ab, a cross-check)
        #[arg(long, default_value = "pns", value_parser = ["pns", "ab"])]
        method: String,
        /// Print the result as JSON
        #[arg(long)]
        json: bool,
    },
    /// Measure random playouts (and moves) per second
    Bench {
        #[command(flatten)]
        game: GameArgs,
        /// How long to measure, in seconds
        #[arg(long, default_value_t = 3.0)]
        seconds: f64,
        /// Worker threads, each playing its own games
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Play exactly this many games on one thread instead (repeatable work, for
        /// instruction-count profiles)
        #[arg(long, conflicts_with_all = ["seconds", "threads"])]
        playouts: Option<u64>,
        /// Seed of the random games
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Leave the swap move out
        #[arg(long)]
        no_swap: bool,
    },
}

/// The error text of a write to a closed pipe, which ends a command quietly.
const PIPE_CLOSED: &str = "\u{0}output closed";

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
    match execute(cli, &mut out) {
        Ok(()) => 0,
        // The reader went away (`weft check ... | head`): not an error.
        Err(msg) if msg == PIPE_CLOSED => 0,
        Err(msg) => {
            let _ = out.flush();
            eprint!("{msg}");
            if !msg.ends_with('\n') {
                eprintln!();
            }
            1
        }
    }
}

/// Loads the rules and the starting position a command asks for.
fn start(game: &GameArgs, no_swap: bool) -> Result<(Loaded, State), String> {
    let overrides = Overrides::from_sets(&game.set, game.size)?;
    let mut loaded = load_file(&game.file, &overrides).map_err(|e| e.to_string())?;
    if !loaded.warnings.is_empty() {
        eprint!("{}", loaded.warnings);
    }
    if no_swap {
        loaded.rules = Arc::new(loaded.rules.without_swap());
    }
    let state = State::new(loaded.rules.clone());
    let state = match &game.moves {
        Some(m) => state.replay(m).map_err(|e| format!("--moves: {e}"))?,
        None => state,
    };
    Ok((loaded, state))
}

fn execute(cli: Cli, out: &mut impl Write) -> Result<(), String> {
    let io = |e: std::io::Error| {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            PIPE_CLOSED.to_string()
        } else {
            e.to_string()
        }
    };
    match cli.command {
        Command::Rules { game } => {
            let (loaded, state) = start(&game, false)?;
            write!(out, "{}", loaded.rules.summary()).map_err(io)?;
            if game.moves.is_some() {
                write!(
                    out,
                    "\nposition after --moves:\n{}",
                    crate::interface::render::plain(&state)
                )
                .map_err(io)?;
            }
        }
        Command::Perft {
            game,
            depth,
            no_swap,
        } => {
            let (_, state) = start(&game, no_swap)?;
            for (d, n) in perft(&state, depth).iter().enumerate() {
                writeln!(out, "{} {}", d + 1, n).map_err(io)?;
            }
        }
        Command::Check {
            game,
            playouts,
            seed,
            threads,
            no_swap,
            json,
            detailed,
            max_plies,
            compare,
        } => {
            let threads = threads
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
                .max(1);
            let plan = playout::Plan {
                games: playouts,
                seed,
                threads,
                detailed,
                max_plies,
            };
            let progress = std::io::stderr().is_terminal();
            let mut reports = Vec::new();
            for file in std::iter::once(&game.file).chain(&compare) {
                let args = GameArgs {
                    file: file.clone(),
                    ..game.clone()
                };
                let (_, state) = start(&args, no_swap)?;
                let moves = game.moves.as_deref().unwrap_or("");
                reports.push(report::check(&state, &plan, file, moves, progress));
            }
            let text = match (json, reports.as_slice()) {
                (true, [one]) => serde_json::to_string_pretty(one),
                (true, many) => serde_json::to_string_pretty(many),
                (false, [one]) => Ok(one.text()),
                (false, many) => Ok(report::compare(many)),
            }
            .map_err(|e| e.to_string())?;
            writeln!(out, "{}", text.trim_end()).map_err(io)?;
        }
        Command::Replay {
            file,
            size,
            set,
            moves,
            record,
        } => {
            let game = GameArgs {
                file,
                size,
                set,
                moves: None,
            };
            let (_, state) = start(&game, false)?;
            let moves = match (moves, record) {
                (Some(m), _) => m,
                (None, Some(path)) => {
                    let text = std::fs::read_to_string(&path)
                        .map_err(|e| format!("cannot read {path}: {e}"))?;
                    replay::record_moves(&path, &text)?
                }
                (None, None) => return Err("give --moves or --record".into()),
            };
            let (text, result) = replay::replay(state, &moves);
            write!(out, "{text}").map_err(io)?;
            result?;
        }
        Command::Play {
            game,
            computer,
            budget,
            seed,
            versus_random,
        } => {
            let start = crate::interface::repl::Start {
                overrides: Overrides::from_sets(&game.set, game.size)?,
                file: game.file,
                moves: game.moves,
                computer,
                budget,
                seed: seed.unwrap_or_else(crate::interface::repl::clock_seed),
                colour: crate::interface::repl::colour_wanted(),
            };
            match versus_random {
                Some(games) => crate::interface::repl::measure(&start, games, out)?,
                None => crate::interface::repl::run(&start, out)?,
            }
        }
        Command::Solve {
            game,
            no_swap,
            threads,
            memory,
            all_first_moves,
            max_nodes,
            no_symmetry,
            method,
            json,
        } => {
            let (loaded, state) = start(&game, no_swap)?;
            let options = crate::tools::solve::Options {
                threads: threads as usize,
                memory_bytes: memory.saturating_mul(1 << 20),
                all_first_moves,
                max_nodes,
                symmetry: !no_symmetry,
                method: if method == "ab" {
                    crate::tools::solve::Method::AlphaBeta
                } else {
                    crate::tools::solve::Method::Dfpn
                },
                ..Default::default()
            };
            let progress = |p: &crate::tools::solve::Progress| {
                eprintln!("{}", crate::tools::solve::report::progress_line(p));
            };
            let s = crate::tools::solve::solve(&state, &options, Some(&progress))?;
            if json {
                writeln!(
                    out,
                    "{}",
                    crate::tools::solve::report::json(&s, &loaded.rules)
                )
                .map_err(io)?;
            } else {
                write!(
                    out,
                    "{}",
                    crate::tools::solve::report::text(&s, &loaded.rules)
                )
                .map_err(io)?;
            }
        }
        Command::Bench {
            game,
            seconds,
            threads,
            playouts,
            seed,
            no_swap,
        } => {
            let (loaded, state) = start(&game, no_swap)?;
            if state.is_over() {
                return Err("the game is over in the start position".into());
            }
            let (sample, threads) = match playouts {
                Some(n) => (bench::run_count(&state, n, seed), 1),
                None => (bench::run(&state, seconds, threads, seed), threads.max(1)),
            };
            let params: Vec<String> = loaded
                .rules
                .params()
                .iter()
                .map(|p| format!("{}={}", p.name, p.value))
                .collect();
            writeln!(
                out,
                "{} ({}), {threads} thread{}: {:.0} playouts/s, {:.0} moves/s",
                loaded.rules.name(),
                params.join(", "),
                if threads == 1 { "" } else { "s" },
                sample.playouts_per_second(),
                sample.moves_per_second()
            )
            .map_err(io)?;
            writeln!(
                out,
                "{} playouts, mean length {:.1} moves, in {:.2} s ({:.2} CPU s: {:.0} playouts per CPU second)",
                sample.playouts,
                sample.moves as f64 / sample.playouts.max(1) as f64,
                sample.wall,
                sample.cpu,
                sample.playouts_per_cpu_second()
            )
            .map_err(io)?;
            writeln!(out, "bytes per state: {}", state.memory_bytes()).map_err(io)?;
        }
    }
    Ok(())
}
