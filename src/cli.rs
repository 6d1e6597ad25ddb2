//! The command line: parses arguments with clap, loads the rule file, runs the
//! command and maps the result to an exit code (0 success, 1 a rule-file or input
//! error, 2 a usage error).

use crate::bench;
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
