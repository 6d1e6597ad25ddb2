//! `weft match FILE --players A,B`: games between two players with the seats
//! alternating, and the report (text or JSON); with `--slice`/`--shard`, a slice of
//! the games, printed as a part for `weft merge`.

use super::args::{self, GameArgs};
use super::error::CliError;
use super::part::{self, PartOf, SliceArgs};
use crate::interface::{match_page, output};
use crate::tools::ai;
use crate::tools::matches::{self, GameStart, MatchMeta, MatchPlan, MatchReport, Thinking};
use crate::tools::merge::PartTime;
use crate::tools::players::Player;
use crate::tools::report;
use clap::Args;
use serde_json::Value;
use std::io::{IsTerminal, Write};
use std::time::Instant;

#[derive(Args, Debug)]
pub struct MatchArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The two players, e.g. mcts:1000,mcts:100 (`random`, `mcts:N` playouts a move,
    /// `mcts:2s` a time a move); the first takes the first seat in even-numbered games
    #[arg(long, value_name = "A,B", value_parser = parse_players)]
    players: [Player; 2],
    /// How many games
    #[arg(long, default_value_t = 100, value_parser = args::count)]
    games: u64,
    /// Seed of the players' random streams (with fixed-playout players the same seed
    /// gives the same games at any thread count)
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
    /// Leave the swap move out
    #[arg(long)]
    no_swap: bool,
    /// Print the report as JSON (with every game's moves)
    #[arg(long)]
    json: bool,
    /// Also write the report as one self-contained web page (the first moves drawn on
    /// the board, every game listed)
    #[arg(long, value_name = "FILE")]
    html: Option<String>,
    /// Replace the --html file if it exists
    #[arg(long, requires = "html")]
    force: bool,
    #[command(flatten)]
    slice: SliceArgs,
}

fn parse_players(text: &str) -> Result<[Player; 2], String> {
    let v = Player::parse_list(text, 2)?;
    Ok([v[0], v[1]])
}

pub fn run(a: MatchArgs, out: &mut impl Write) -> Result<(), CliError> {
    let threads = a
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let slice = a
        .slice
        .slice(a.games, "--games", a.json, &[("--html", a.html.is_some())])?;
    if let Some(path) = &a.html {
        // Refuse before the games are played, not after.
        if std::path::Path::new(path).exists() && !a.force {
            return Err(CliError::Input(format!(
                "{path} already exists: add --force to replace it"
            )));
        }
    }
    let (loaded, state) = a.game.start(a.no_swap)?;
    if state.is_over() {
        return Err(CliError::Input(
            "the game is already over after --moves: there is nothing to play".into(),
        ));
    }
    let plan = MatchPlan {
        players: a.players,
        games: a.games,
        seed: a.seed,
        threads,
        memory: a.memory,
        max_plies: a.max_plies,
    };
    let moves = a.game.moves.clone().unwrap_or_default();
    let setup = |i: u64| GameStart {
        state: state.clone(),
        moves: moves.clone(),
        first_seat: matches::alternating(i),
    };
    let range = slice.map_or(0..a.games, |s| s.from..s.to);
    let bar = report::progress_bar(
        range.end - range.start,
        &format!(
            "{} {} v {}",
            loaded.rules.name(),
            a.players[0],
            a.players[1]
        ),
        std::io::stderr().is_terminal(),
    );
    let t0 = Instant::now();
    let (records, thinking) = matches::play(&plan, range, &setup, &|n| bar.inc(n));
    let seconds = t0.elapsed().as_secs_f64();
    bar.finish_and_clear();
    let timing = !a.slice.no_timing;
    if let Some(slice) = slice {
        let mut settings = part::common_settings(&loaded.rules, &moves, a.no_swap);
        settings.insert("--games".into(), Value::from(a.games));
        settings.insert("--seed".into(), Value::from(a.seed));
        settings.insert("--memory".into(), Value::from(a.memory));
        settings.insert("--max-plies".into(), Value::from(a.max_plies));
        settings.insert(
            "--players".into(),
            Value::from(format!("{},{}", a.players[0], a.players[1])),
        );
        let result = serde_json::to_value(MatchPart {
            games: records,
            thinking: timing.then_some(thinking),
        })
        .map_err(std::io::Error::other)?;
        return part::write_part(
            PartOf {
                command: "match",
                file: &a.game.file,
                rules: &loaded.rules,
                settings,
                games: a.games,
                slice,
                time: timing.then_some(PartTime { seconds, threads }),
            },
            result,
            out,
        );
    }
    let report = MatchReport::build(
        &state,
        &plan,
        &records,
        &MatchMeta {
            file: a.game.file.clone(),
            start_moves: moves,
            time: timing.then_some((seconds, threads, thinking)),
        },
    );
    if let Some(path) = &a.html {
        output::write_new(path, &match_page::page(&report, &state), a.force)
            .map_err(CliError::Input)?;
        crate::interface::notice::note_line(&format!("wrote {path}"));
    }
    print(&report, a.json, out)
}

/// The result a match's part holds.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchPart {
    pub games: Vec<matches::GameRecord>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thinking: Option<Thinking>,
}

/// Prints a match report as text or JSON.
pub fn print(report: &MatchReport, json: bool, out: &mut impl Write) -> Result<(), CliError> {
    let text = if json {
        serde_json::to_string_pretty(report).map_err(std::io::Error::other)?
    } else {
        report.text()
    };
    writeln!(out, "{}", text.trim_end())?;
    Ok(())
}
