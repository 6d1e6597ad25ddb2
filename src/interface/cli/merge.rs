//! `weft merge PART...`: the report of a run from the parts its slices printed
//! (`weft check`, `weft match` or `weft swapmap` with `--slice`/`--shard` and
//! `--json`), exactly as one run would have given it; parts that do not make one run
//! are refused, naming them.

use super::error::CliError;
use super::matches::MatchPart;
use super::part::{number, start_of};
use super::swapmap;
use crate::interface::{output, page};
use crate::tools::matches::{MatchMeta, MatchPlan, MatchReport, Thinking};
use crate::tools::merge::{self, MergeError, Part};
use crate::tools::players::Player;
use crate::tools::playout::Plan;
use crate::tools::report::{CheckReport, Meta};
use clap::Args;
use std::io::{Read, Write};

/// The largest part file read, in bytes (a part of a million match games is far less).
const MAX_PART_BYTES: u64 = 1 << 30;

#[derive(Args, Debug)]
pub struct MergeArgs {
    /// The parts (each slice's --json output), in any order
    #[arg(required = true, value_name = "PART")]
    parts: Vec<String>,
    /// Print the report as JSON
    #[arg(long)]
    json: bool,
    /// Also write a check's report as a web page (as `weft check --html`)
    #[arg(long, value_name = "FILE")]
    html: Option<String>,
    /// Also draw a swap map as an SVG heatmap (as `weft swapmap --svg`)
    #[arg(long, value_name = "FILE")]
    svg: Option<String>,
    /// Replace the --html or --svg file if it exists
    #[arg(long)]
    force: bool,
}

/// Reads one part file: a regular file of at most [`MAX_PART_BYTES`].
fn read(path: &str) -> Result<Part, CliError> {
    let not = |reason: String| {
        CliError::Input(
            MergeError::NotPart {
                path: path.to_string(),
                reason,
            }
            .to_string(),
        )
    };
    let file = std::fs::File::open(path).map_err(|e| not(e.to_string()))?;
    let meta = file.metadata().map_err(|e| not(e.to_string()))?;
    if !meta.is_file() {
        return Err(not("it is not a regular file".into()));
    }
    if meta.len() > MAX_PART_BYTES {
        return Err(not(format!(
            "it is larger than {} MiB",
            MAX_PART_BYTES >> 20
        )));
    }
    let mut text = String::new();
    file.take(MAX_PART_BYTES)
        .read_to_string(&mut text)
        .map_err(|e| not(e.to_string()))?;
    merge::read_part(path, &text).map_err(|e| CliError::Input(e.to_string()))
}

pub fn run(a: MergeArgs, out: &mut impl Write) -> Result<(), CliError> {
    let parts = a
        .parts
        .iter()
        .map(|p| read(p).map(|part| (p.clone(), part)))
        .collect::<Result<Vec<_>, _>>()?;
    let parts = merge::check_parts(parts).map_err(|e| CliError::Input(e.to_string()))?;
    let first = parts[0].1.clone();
    for (option, path, command, what) in [
        ("--html", &a.html, "check", "a check's report"),
        ("--svg", &a.svg, "swapmap", "a swap map"),
    ] {
        let Some(path) = path else { continue };
        if first.command != command {
            return Err(CliError::Usage(format!(
                "{option} draws {what}; these are parts of `weft {}`",
                first.command
            )));
        }
        if std::path::Path::new(path).exists() && !a.force {
            return Err(CliError::Input(format!(
                "{path} already exists: add --force to replace it"
            )));
        }
    }
    let start = start_of(&first)?;
    let time = merge::total_time(&parts);
    let moves = first
        .settings
        .get("--moves")
        .and_then(|v| v.as_str())
        .unwrap_or("")
        .to_string();
    match first.command.as_str() {
        "check" => {
            let plan = Plan {
                games: first.games,
                seed: number(&first, "--seed")?,
                threads: time.map_or(1, |t| t.threads),
                detailed: number(&first, "--detailed")?,
                max_plies: number(&first, "--max-plies")? as u32,
            };
            let tally =
                merge::merge_check(&parts, &start).map_err(|e| CliError::Input(e.to_string()))?;
            let report = CheckReport::build(
                &start,
                &plan,
                &tally,
                &Meta {
                    file: first.rule_file.clone(),
                    start_moves: moves,
                    seconds: time.map(|t| t.seconds),
                },
            );
            if let Some(path) = &a.html {
                let variants = [page::Variant {
                    report: &report,
                    start: &start,
                }];
                output::write_new(path, &page::page(&variants), a.force)
                    .map_err(CliError::Input)?;
                crate::interface::notice::note_line(&format!("wrote {path}"));
            }
            let text = if a.json {
                serde_json::to_string_pretty(&report).map_err(std::io::Error::other)?
            } else {
                report.text()
            };
            writeln!(out, "{}", text.trim_end())?;
            Ok(())
        }
        "match" | "swapmap" => {
            let players = first
                .settings
                .get("--players")
                .and_then(|v| v.as_str())
                .ok_or_else(|| CliError::Input("the parts name no players".into()))?;
            let players = Player::parse_list(players, 2).map_err(CliError::Input)?;
            let plan = MatchPlan {
                players: [players[0], players[1]],
                games: first.games,
                seed: number(&first, "--seed")?,
                threads: time.map_or(1, |t| t.threads),
                memory: number(&first, "--memory")?,
                max_plies: number(&first, "--max-plies")? as u32,
            };
            let mut records = Vec::new();
            let mut thinking = Thinking::default();
            for (path, p) in &parts {
                let part: MatchPart = serde_json::from_value(p.result.clone()).map_err(|e| {
                    CliError::Input(
                        MergeError::NotPart {
                            path: path.clone(),
                            reason: e.to_string(),
                        }
                        .to_string(),
                    )
                })?;
                records.extend(part.games);
                if let Some(t) = &part.thinking {
                    thinking.add(t);
                }
            }
            records.sort_by_key(|r| r.game);
            let time = time.map(|t| (t.seconds, t.threads, thinking));
            if first.command == "swapmap" {
                let merged = swapmap::Merged {
                    first: &first,
                    start: &start,
                    plan: &plan,
                    records: &records,
                    time,
                };
                return swapmap::report_merged(merged, a.json, a.svg.as_deref(), a.force, out);
            }
            let report = MatchReport::build(
                &start,
                &plan,
                &records,
                &MatchMeta {
                    file: first.rule_file.clone(),
                    start_moves: moves,
                    time,
                },
            );
            super::matches::print(&report, a.json, out)
        }
        other => Err(CliError::Input(format!(
            "{} is a part of `weft {other}`, which this weft cannot merge",
            parts[0].0
        ))),
    }
}
