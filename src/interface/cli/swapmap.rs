//! `weft swapmap FILE --players mcts:N --games-per-move K`: for every first move up to
//! symmetry, the first player's score after it under skilled play (the swap left out),
//! drawn on the board as text (and as an SVG heatmap with `--svg`), with the first moves
//! a strong second player should swap. With `--slice`/`--shard`, a slice of the games,
//! printed as a part for `weft merge`.

use super::args::{self, GameArgs};
use super::error::CliError;
use super::part::{self, PartOf, SliceArgs};
use crate::engine::state::State;
use crate::interface::output;
use crate::interface::picture::heatmap::{self, Heat};
use crate::tools::ai;
use crate::tools::matches::{self, GameRecord, MatchPlan, Thinking};
use crate::tools::merge::{Part, PartTime};
use crate::tools::players::Player;
use crate::tools::report;
use crate::tools::swapmap::{self, SwapMapMeta, SwapMapReport};
use clap::Args;
use serde_json::Value;
use std::io::{IsTerminal, Write};
use std::time::Instant;

#[derive(Args, Debug)]
pub struct SwapMapArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The player of both seats (e.g. mcts:1000), or the first seat's and the
    /// second's separated by a comma
    #[arg(long, value_name = "PLAYER")]
    players: String,
    /// Games played after each first move
    #[arg(long, value_name = "K", value_parser = args::count)]
    games_per_move: u64,
    /// Seed of the players' random streams
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads, 1 to 256 (default: all cores); games are spread over them
    #[arg(long, value_parser = args::threads, allow_negative_numbers = true)]
    threads: Option<usize>,
    /// Each search tree's memory budget in MiB (each thread keeps one per player)
    #[arg(long, value_name = "MIB", default_value_t = ai::DEFAULT_MEMORY_MIB, value_parser = args::memory)]
    memory: u64,
    /// Cut a game still going after this many moves (counted as cut)
    #[arg(long, default_value_t = 10_000, value_name = "MOVES")]
    max_plies: u32,
    /// Print the report as JSON (with every game's moves)
    #[arg(long)]
    json: bool,
    /// Also draw the map as an SVG heatmap on the board
    #[arg(long, value_name = "FILE")]
    svg: Option<String>,
    /// Replace the --svg file if it exists
    #[arg(long, requires = "svg")]
    force: bool,
    #[command(flatten)]
    slice: SliceArgs,
}

pub fn run(a: SwapMapArgs, out: &mut impl Write) -> Result<(), CliError> {
    let players = Player::parse_list(&a.players, 2).map_err(CliError::Usage)?;
    let threads = a
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    // The swap is left out: the map asks what a first move is worth when it is kept.
    let (loaded, start) = a.game.start(true)?;
    if start.is_over() {
        return Err(CliError::Input(
            "the game is already over after --moves: there is no first move to map".into(),
        ));
    }
    let openings = swapmap::openings(&start);
    let games = openings.classes.len() as u64 * a.games_per_move;
    let slice = a.slice.slice(
        games,
        "--games-per-move",
        a.json,
        &[("--svg", a.svg.is_some())],
    )?;
    if let Some(path) = &a.svg {
        if std::path::Path::new(path).exists() && !a.force {
            return Err(CliError::Input(format!(
                "{path} already exists: add --force to replace it"
            )));
        }
    }
    let plan = MatchPlan {
        players: [players[0], players[1]],
        games,
        seed: a.seed,
        threads,
        memory: a.memory,
        max_plies: a.max_plies,
    };
    let moves = a.game.moves.clone().unwrap_or_default();
    let setup = |i: u64| swapmap::game_start(&start, &moves, &openings, a.games_per_move, i);
    let range = slice.map_or(0..games, |s| s.from..s.to);
    let bar = report::progress_bar(
        range.end - range.start,
        &format!("{} swap map", loaded.rules.name()),
        std::io::stderr().is_terminal(),
    );
    let t0 = Instant::now();
    let (records, thinking) = matches::play(&plan, range, &setup, &|n| bar.inc(n));
    let seconds = t0.elapsed().as_secs_f64();
    bar.finish_and_clear();
    let timing = !a.slice.no_timing;
    if let Some(slice) = slice {
        let mut settings = part::common_settings(&loaded.rules, &moves, true);
        settings.insert("--games-per-move".into(), Value::from(a.games_per_move));
        settings.insert("--seed".into(), Value::from(a.seed));
        settings.insert("--memory".into(), Value::from(a.memory));
        settings.insert("--max-plies".into(), Value::from(a.max_plies));
        settings.insert(
            "--players".into(),
            Value::from(format!("{},{}", players[0], players[1])),
        );
        let result = serde_json::to_value(super::matches::MatchPart {
            games: records,
            thinking: timing.then_some(thinking),
        })
        .map_err(std::io::Error::other)?;
        return part::write_part(
            PartOf {
                command: "swapmap",
                file: &a.game.file,
                rules: &loaded.rules,
                settings,
                games,
                slice,
                time: timing.then_some(PartTime { seconds, threads }),
            },
            result,
            out,
        );
    }
    let report = SwapMapReport::build(
        &start,
        &openings,
        &plan,
        &records,
        &SwapMapMeta {
            file: a.game.file.clone(),
            start_moves: moves,
            games_per_move: a.games_per_move,
            time: timing.then(|| (seconds, threads, thinking.moves[0] + thinking.moves[1])),
        },
    );
    if let Some(path) = &a.svg {
        output::write_new(path, &svg(&start, &report), a.force).map_err(CliError::Input)?;
        crate::interface::notice::note_line(&format!("wrote {path}"));
    }
    print(&report, a.json, out)
}

/// The map as an SVG heatmap: each first move's cell filled by the first player's
/// score on a scale from 25% to 75% (scores near a half are what the map is about),
/// with the score and the verdict written in it.
fn svg(start: &State, report: &SwapMapReport) -> String {
    let rules = start.rules();
    let b = rules.board();
    let mut values = vec![None; b.len()];
    for o in &report.openings {
        let mark = match o.verdict.as_str() {
            "swap" => "*",
            "keep" => "",
            _ => "?",
        };
        for m in std::iter::once(&o.mv).chain(&o.same) {
            if let Some(c) = b.parse_cell(m) {
                let shade = ((o.score - 0.25) * 2.0).clamp(0.0, 1.0);
                let pct = (100.0 * o.score).round() as u32;
                values[c as usize] = Some((shade, format!("{pct}{mark}")));
            }
        }
    }
    heatmap::svg(
        rules,
        &Heat {
            title: format!(
                "{}: the first player's score after each first move ({} games each, {}; * swap, ? unclear)",
                report.game, report.games_per_move, report.players[0]
            ),
            values,
            low: "25% or less".into(),
            high: "75% or more".into(),
        },
    )
}

fn print(report: &SwapMapReport, json: bool, out: &mut impl Write) -> Result<(), CliError> {
    let text = if json {
        serde_json::to_string_pretty(report).map_err(std::io::Error::other)?
    } else {
        report.text()
    };
    writeln!(out, "{}", text.trim_end())?;
    Ok(())
}

/// A swap map's parts, read and checked by `weft merge`.
pub struct Merged<'a> {
    pub first: &'a Part,
    pub start: &'a State,
    pub plan: &'a MatchPlan,
    pub records: &'a [GameRecord],
    pub time: Option<(f64, usize, Thinking)>,
}

/// `weft merge` of a swap map's parts: the report from every game (and with `svg`, the
/// picture).
pub fn report_merged(
    m: Merged,
    json: bool,
    svg_path: Option<&str>,
    force: bool,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let Merged {
        first,
        start,
        plan,
        records,
        time,
    } = m;
    let games_per_move = part::number(first, "--games-per-move")?;
    let openings = swapmap::openings(start);
    let report = SwapMapReport::build(
        start,
        &openings,
        plan,
        records,
        &SwapMapMeta {
            file: first.rule_file.clone(),
            start_moves: first
                .settings
                .get("--moves")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string(),
            games_per_move,
            time: time.map(|(s, t, th)| (s, t, th.moves[0] + th.moves[1])),
        },
    );
    if let Some(path) = svg_path {
        output::write_new(path, &svg(start, &report), force).map_err(CliError::Input)?;
        crate::interface::notice::note_line(&format!("wrote {path}"));
    }
    print(&report, json, out)
}
