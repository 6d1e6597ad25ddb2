//! The command line: parses arguments with clap, loads the rule file, runs the
//! command and maps the result to an exit code (0 success, 1 a rule-file or input
//! error, 2 a usage error).

use crate::perft::perft;
use crate::playout;
use crate::rules::Overrides;
use crate::state::{describe_outcome, State};
use crate::{load_file, Loaded};
use clap::{Args, Parser, Subcommand};
use std::ffi::OsString;
use std::io::Write;
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
    /// Play uniformly random games and report results
    Check {
        #[command(flatten)]
        game: GameArgs,
        /// How many games
        #[arg(long, default_value_t = 1000)]
        playouts: u64,
        /// Seed of the random games (the same seed gives the same report)
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Worker threads (default: all cores)
        #[arg(long)]
        threads: Option<usize>,
        /// Leave the swap move out
        #[arg(long)]
        no_swap: bool,
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
    match execute(cli, &mut out) {
        Ok(()) => 0,
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
    let mut loaded = load_file(&game.file, &overrides)?;
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
    let io = |e: std::io::Error| e.to_string();
    match cli.command {
        Command::Rules { game } => {
            let (loaded, state) = start(&game, false)?;
            write!(out, "{}", loaded.rules.summary()).map_err(io)?;
            if game.moves.is_some() {
                write!(out, "\nposition after --moves:\n{}", state.render()).map_err(io)?;
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
        } => {
            let (loaded, state) = start(&game, no_swap)?;
            let threads = threads
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
            let r = playout::report(&state, playouts, seed, threads);
            let rules = &loaded.rules;
            let b = rules.board();
            let pct = |k: u64| 100.0 * k as f64 / r.games.max(1) as f64;
            let p = rules.players();
            writeln!(
                out,
                "{}, {}x{}, {} random games (seed {seed}, {threads} thread{})",
                rules.name(),
                b.width,
                b.height,
                r.games,
                if threads == 1 { "" } else { "s" }
            )
            .map_err(io)?;
            writeln!(
                out,
                "wins by colour: {} {} ({:.1}%), {} {} ({:.1}%)",
                p[0],
                r.wins_by_colour[0],
                pct(r.wins_by_colour[0]),
                p[1],
                r.wins_by_colour[1],
                pct(r.wins_by_colour[1])
            )
            .map_err(io)?;
            writeln!(
                out,
                "wins by seat: first {} ({:.1}%), second {} ({:.1}%)",
                r.wins_by_seat[0],
                pct(r.wins_by_seat[0]),
                r.wins_by_seat[1],
                pct(r.wins_by_seat[1])
            )
            .map_err(io)?;
            if rules.has_swap() {
                writeln!(out, "swap used: {} games ({:.1}%)", r.swaps, pct(r.swaps)).map_err(io)?;
            }
            writeln!(
                out,
                "draws: {} (deadlock: neither player can move)",
                r.draws_deadlock
            )
            .map_err(io)?;
            writeln!(out, "mean length: {:.1} moves", r.mean_length()).map_err(io)?;
            writeln!(
                out,
                "skipped turns: {} in {} games",
                r.passes, r.games_with_pass
            )
            .map_err(io)?;
            writeln!(out, "broken claims: {} games", r.stopped).map_err(io)?;
            for (i, moves) in &r.broken {
                let text: Vec<String> = moves.iter().map(|m| m.to_text(rules)).collect();
                let end = state
                    .clone()
                    .replay(&text.join(" "))
                    .map_err(|e| e.to_string())?;
                let why = end
                    .outcome()
                    .map(|o| describe_outcome(o, rules))
                    .unwrap_or_default();
                writeln!(out, "  game {i} ({why}) after {} moves:", moves.len()).map_err(io)?;
                writeln!(out, "    --moves \"{}\"", text.join(" ")).map_err(io)?;
            }
            writeln!(
                out,
                "time: {:.2} s, {:.0} playouts/s",
                r.seconds,
                r.playouts_per_second()
            )
            .map_err(io)?;
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
            let options = crate::solve::Options {
                threads: threads as usize,
                memory_bytes: memory.saturating_mul(1 << 20),
                all_first_moves,
                max_nodes,
                symmetry: !no_symmetry,
                method: if method == "ab" {
                    crate::solve::Method::AlphaBeta
                } else {
                    crate::solve::Method::Dfpn
                },
                ..Default::default()
            };
            let progress = |p: &crate::solve::Progress| {
                eprintln!("{}", crate::solve::report::progress_line(p));
            };
            let s = crate::solve::solve(&state, &options, Some(&progress))?;
            if json {
                writeln!(out, "{}", crate::solve::report::json(&s, &loaded.rules)).map_err(io)?;
            } else {
                write!(out, "{}", crate::solve::report::text(&s, &loaded.rules)).map_err(io)?;
            }
        }
    }
    Ok(())
}
