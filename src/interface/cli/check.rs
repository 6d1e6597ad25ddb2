//! `weft check FILE`: random games and the designer's report (text, JSON, or several
//! variants side by side), and with `--html` the same as a web page with plots. With
//! `--slice`/`--shard`, a slice of the games, printed as a part for `weft merge`.

use super::args::{self, GameArgs};
use super::error::CliError;
use super::part::{self, PartOf, SliceArgs};
use crate::interface::{output, page};
use crate::tools::merge::{PartTime, Slice, SliceArg, TallyData};
use crate::tools::{playout, report};
use clap::Args;
use serde_json::Value;
use std::io::{IsTerminal, Write};
use std::time::Instant;

#[derive(Args, Debug)]
pub struct CheckArgs {
    #[command(flatten)]
    game: GameArgs,
    /// How many games
    #[arg(long, default_value_t = 1000, value_parser = args::count)]
    playouts: u64,
    /// Seed of the random games (the same seed gives the same report)
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads, 1 to 256 (default: all cores; the report does not depend on it)
    #[arg(long, value_parser = args::threads, allow_negative_numbers = true)]
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
    #[arg(long, default_value_t = 10_000, value_name = "MOVES", value_parser = args::plies, allow_negative_numbers = true)]
    max_plies: u32,
    /// Also check these rule files (same options) and print the main figures side
    /// by side
    #[arg(long, value_name = "FILE", num_args = 1..)]
    compare: Vec<String>,
    /// Also write the report as one self-contained web page with charts and boards
    #[arg(long, value_name = "FILE")]
    html: Option<String>,
    /// Replace the --html file if it exists
    #[arg(long, requires = "html")]
    force: bool,
    #[command(flatten)]
    slice: SliceArgs,
    /// The same as --slice A..B
    #[arg(long = "games", value_name = "A..B", value_parser = SliceArg::parse_range, conflicts_with_all = ["slice", "shard"])]
    games_slice: Option<SliceArg>,
}

pub fn run(mut a: CheckArgs, out: &mut impl Write) -> Result<(), CliError> {
    if a.games_slice.is_some() {
        a.slice.slice = a.games_slice.take();
    }
    let threads = a
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let plan = playout::Plan {
        games: a.playouts,
        seed: a.seed,
        threads,
        detailed: a.detailed,
        max_plies: a.max_plies,
    };
    let progress = std::io::stderr().is_terminal();
    let refused = [
        ("--html", a.html.is_some()),
        ("--compare", !a.compare.is_empty()),
    ];
    if let Some(slice) = a.slice.slice(a.playouts, "--playouts", a.json, &refused)? {
        return run_slice(&a, &plan, slice, progress, out);
    }
    if let Some(path) = &a.html {
        // Refuse before the games are played, not after.
        if std::path::Path::new(path).exists() && !a.force {
            return Err(CliError::Input(format!(
                "{path} already exists: add --force to replace it"
            )));
        }
    }
    let mut reports = Vec::new();
    let mut starts = Vec::new();
    for file in std::iter::once(&a.game.file).chain(&a.compare) {
        let game = GameArgs {
            file: file.clone(),
            ..a.game.clone()
        };
        let (_, state) = game.start(a.no_swap)?;
        let moves = a.game.moves.as_deref().unwrap_or("");
        reports.push(report::check(
            &state,
            &plan,
            file,
            moves,
            progress,
            !a.slice.no_timing,
        )?);
        starts.push(state);
    }
    if let Some(path) = &a.html {
        let variants: Vec<page::Variant> = reports
            .iter()
            .zip(&starts)
            .map(|(report, start)| page::Variant { report, start })
            .collect();
        output::write_new(path, &page::page(&variants), a.force).map_err(CliError::Input)?;
        crate::interface::notice::note_line(&format!("wrote {path}"));
    }
    let text = match (a.json, reports.as_slice()) {
        (true, [one]) => serde_json::to_string_pretty(one).map_err(std::io::Error::other)?,
        (true, many) => serde_json::to_string_pretty(many).map_err(std::io::Error::other)?,
        (false, [one]) => one.text(),
        (false, many) => report::compare(many),
    };
    writeln!(out, "{}", text.trim_end())?;
    Ok(())
}

/// Plays a slice of the run and prints its tally as a part.
fn run_slice(
    a: &CheckArgs,
    plan: &playout::Plan,
    slice: Slice,
    progress: bool,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let (loaded, state) = a.game.start(a.no_swap)?;
    let rules = loaded.rules.clone();
    let bar = report::progress_bar(slice.to - slice.from, rules.name(), progress);
    let t0 = Instant::now();
    let tally = playout::run_slice(&state, plan, slice.from..slice.to, &|n| bar.inc(n))?;
    let seconds = t0.elapsed().as_secs_f64();
    bar.finish_and_clear();
    let mut settings =
        part::common_settings(&rules, a.game.moves.as_deref().unwrap_or(""), a.no_swap);
    for (k, v) in [
        ("--playouts", a.playouts),
        ("--seed", a.seed),
        ("--detailed", a.detailed),
        ("--max-plies", u64::from(a.max_plies)),
    ] {
        settings.insert(k.into(), Value::from(v));
    }
    let result = serde_json::to_value(TallyData::of(&tally, state.rules()))
        .map_err(std::io::Error::other)?;
    part::write_part(
        PartOf {
            command: "check",
            file: &a.game.file,
            rules: &rules,
            settings,
            games: a.playouts,
            slice,
            time: (!a.slice.no_timing).then_some(PartTime {
                seconds,
                threads: plan.threads,
            }),
        },
        result,
        out,
    )
}
