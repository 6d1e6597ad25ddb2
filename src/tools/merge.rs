//! Runs bigger than one machine: a run of `weft check` or `weft match` is cut into
//! slices of its games (`--slice A..B`, `--shard i/n`), each slice written as a
//! [`Part`], and [`check_parts`] decides whether a set of parts makes exactly one run:
//! the same command, rule file, settings and seed, slices that neither overlap nor
//! leave a game out. Game `i` of a run depends on the seed and `i` alone, and every
//! figure merges without regard to order, so the merged report is the one the whole run
//! gives.
//!
//! A part carries the rule file's text, so it can be merged where the file is not.
//! The check's tally is written here in a form with moves in notation
//! ([`TallyData`]); a match's games are written as they are.

use crate::engine::state::{Move, State};
use crate::rules::Rules;
use crate::tools::playout::{ClaimTally, Detail, End, Example, PlayoutTally};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

/// The value of `format` in every part this version writes and reads.
pub const FORMAT: &str = "weft part 1";

/// A slice of a run's games: `from..to`, `to` not included.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Slice {
    pub from: u64,
    pub to: u64,
}

/// A slice as asked for on the command line, before the run's size is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SliceArg {
    /// `A..B`: games A to B, B not included.
    Range(u64, u64),
    /// `i/n`: the `i`-th (from 0) of `n` slices of nearly equal size.
    Shard(u64, u64),
}

impl SliceArg {
    /// Reads `A..B`.
    ///
    /// ```
    /// use weft::tools::merge::SliceArg;
    /// assert_eq!(SliceArg::parse_range("0..250"), Ok(SliceArg::Range(0, 250)));
    /// assert!(SliceArg::parse_range("5..5").is_err());
    /// ```
    pub fn parse_range(text: &str) -> Result<SliceArg, String> {
        let bad = || {
            format!("`{text}` is not a slice of games: write `A..B` (games A to B, B not included), e.g. `0..250`")
        };
        let (a, b) = text.trim().split_once("..").ok_or_else(bad)?;
        let a: u64 = a.trim().parse().map_err(|_| bad())?;
        let b: u64 = b.trim().parse().map_err(|_| bad())?;
        if a >= b {
            return Err(format!(
                "`{text}`: a slice's first game comes before its end (A..B with A < B)"
            ));
        }
        Ok(SliceArg::Range(a, b))
    }

    /// Reads `i/n`.
    ///
    /// ```
    /// use weft::tools::merge::SliceArg;
    /// assert_eq!(SliceArg::parse_shard("3/8"), Ok(SliceArg::Shard(3, 8)));
    /// assert!(SliceArg::parse_shard("8/8").is_err());
    /// ```
    pub fn parse_shard(text: &str) -> Result<SliceArg, String> {
        let bad = || {
            format!("`{text}` is not a shard: write `i/n`, the i-th of n slices counted from 0 (e.g. `0/4` to `3/4`)")
        };
        let (i, n) = text.trim().split_once('/').ok_or_else(bad)?;
        let i: u64 = i.trim().parse().map_err(|_| bad())?;
        let n: u64 = n.trim().parse().map_err(|_| bad())?;
        if n == 0 || i >= n {
            return Err(format!(
                "`{text}`: shard i of n goes from 0 to n - 1 (e.g. `0/4` to `3/4`)"
            ));
        }
        Ok(SliceArg::Shard(i, n))
    }

    /// The games of this slice in a run of `games` games, or why there are none.
    ///
    /// ```
    /// use weft::tools::merge::{Slice, SliceArg};
    /// assert_eq!(SliceArg::Shard(1, 3).resolve(10, "--games"), Ok(Slice { from: 3, to: 6 }));
    /// assert!(SliceArg::Range(0, 11).resolve(10, "--games").is_err());
    /// ```
    pub fn resolve(&self, games: u64, option: &str) -> Result<Slice, String> {
        match *self {
            SliceArg::Range(a, b) if b > games => Err(format!(
                "the slice {a}..{b} goes past the run's {games} games ({option} {games})"
            )),
            SliceArg::Range(a, b) => Ok(Slice { from: a, to: b }),
            SliceArg::Shard(_, n) if n > games => Err(format!(
                "{n} shards of {games} games would leave some empty: give at most {games} shards or more games ({option})"
            )),
            SliceArg::Shard(i, n) => {
                let at = |k: u64| (u128::from(games) * u128::from(k) / u128::from(n)) as u64;
                Ok(Slice {
                    from: at(i),
                    to: at(i + 1),
                })
            }
        }
    }
}

/// How long a part took.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartTime {
    pub seconds: f64,
    pub threads: usize,
}

/// A slice's result, written by `--json` with a slice and read by `weft merge`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Part {
    /// Always [`FORMAT`].
    pub format: String,
    /// The command that ran: `check` or `match`.
    pub command: String,
    /// The game's name (informative).
    pub game: String,
    /// The rule file as named on the command line, its hash and its text.
    pub rule_file: String,
    pub rule_hash: String,
    pub rule_text: String,
    /// Every setting the result depends on, by its option's name (`--seed`, ...;
    /// `parameters` holds every parameter's value).
    pub settings: BTreeMap<String, Value>,
    /// The whole run's games.
    pub games: u64,
    /// The games of this part.
    pub slice: Slice,
    /// Absent with `--no-timing`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<PartTime>,
    /// The command's result for these games.
    pub result: Value,
}

/// Why parts cannot be merged, each naming the parts concerned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MergeError {
    #[error("{path} is not a part of a weft run: {reason}")]
    NotPart { path: String, reason: String },
    #[error(
        "cannot merge {path} with {first}: {path} is a part of `weft {b}`, {first} of `weft {a}`"
    )]
    Command {
        first: String,
        path: String,
        a: String,
        b: String,
    },
    #[error("cannot merge {path} with {first}: they are of different rule files ({b} and {a})")]
    File {
        first: String,
        path: String,
        a: String,
        b: String,
    },
    #[error(
        "cannot merge {path} with {first}: they were run with different {setting} ({b} and {a})"
    )]
    Setting {
        first: String,
        path: String,
        setting: String,
        a: String,
        b: String,
    },
    #[error("cannot merge {a} with {b}: they overlap in games {from}..{to} ({a} has {a_from}..{a_to}, {b} has {b_from}..{b_to})")]
    Overlap {
        a: String,
        b: String,
        a_from: u64,
        a_to: u64,
        b_from: u64,
        b_to: u64,
        from: u64,
        to: u64,
    },
    #[error("cannot merge: games {missing} of the run's {games} are in no part")]
    Missing { missing: String, games: u64 },
}

/// A setting's value in a message: text as it is, parameters as `name=value`.
fn show(v: &Value) -> String {
    match v {
        Value::String(s) if s.is_empty() => "none".into(),
        Value::String(s) => s.clone(),
        Value::Null => "none".into(),
        Value::Object(m) => m
            .iter()
            .map(|(k, v)| format!("{k}={}", show(v)))
            .collect::<Vec<_>>()
            .join(", "),
        other => other.to_string(),
    }
}

/// Reads a part from its JSON text; `path` names it in errors.
pub fn read_part(path: &str, text: &str) -> Result<Part, MergeError> {
    let not = |reason: String| MergeError::NotPart {
        path: path.to_string(),
        reason,
    };
    let value: Value = serde_json::from_str(text).map_err(|e| not(e.to_string()))?;
    match value.get("format").and_then(Value::as_str) {
        Some(FORMAT) => {}
        Some(f) => return Err(not(format!("its format is `{f}`, this weft reads `{FORMAT}`"))),
        None => {
            return Err(not(
                "it has no `format` (a part is what `weft check`, `weft match` or `weft swapmap` print with --json and a slice)".into(),
            ))
        }
    }
    let part: Part = serde_json::from_value(value).map_err(|e| not(e.to_string()))?;
    if part.slice.from >= part.slice.to || part.slice.to > part.games {
        return Err(not(format!(
            "its slice {}..{} is not within the run's {} games",
            part.slice.from, part.slice.to, part.games
        )));
    }
    Ok(part)
}

/// Checks that `parts` (with the paths they were read from) make exactly one run:
/// the same command, rule file and settings, and slices that cover the run's games
/// once. Returns the parts sorted by slice.
pub fn check_parts(mut parts: Vec<(String, Part)>) -> Result<Vec<(String, Part)>, MergeError> {
    let Some((first, p0)) = parts.first().cloned() else {
        return Err(MergeError::Missing {
            missing: "all".into(),
            games: 0,
        });
    };
    for (path, p) in &parts[1..] {
        let (first, path) = (first.clone(), path.clone());
        if p.command != p0.command {
            return Err(MergeError::Command {
                first,
                path,
                a: p0.command.clone(),
                b: p.command.clone(),
            });
        }
        if p.rule_file != p0.rule_file || p.rule_hash != p0.rule_hash {
            return Err(MergeError::File {
                first,
                path,
                a: format!("{} {}", p0.rule_file, p0.rule_hash),
                b: format!("{} {}", p.rule_file, p.rule_hash),
            });
        }
        let keys: std::collections::BTreeSet<&String> =
            p0.settings.keys().chain(p.settings.keys()).collect();
        for k in keys {
            let (a, b) = (p0.settings.get(k), p.settings.get(k));
            if a != b {
                return Err(MergeError::Setting {
                    first,
                    path,
                    setting: k.clone(),
                    a: a.map_or("none".into(), show),
                    b: b.map_or("none".into(), show),
                });
            }
        }
        if p.time.is_some() != p0.time.is_some() {
            return Err(MergeError::Setting {
                first,
                path,
                setting: "--no-timing".into(),
                a: p0.time.is_none().to_string(),
                b: p.time.is_none().to_string(),
            });
        }
    }
    parts.sort_by_key(|(_, p)| (p.slice.from, p.slice.to));
    for w in parts.windows(2) {
        let ((a, pa), (b, pb)) = (&w[0], &w[1]);
        if pb.slice.from < pa.slice.to {
            return Err(MergeError::Overlap {
                a: a.clone(),
                b: b.clone(),
                a_from: pa.slice.from,
                a_to: pa.slice.to,
                b_from: pb.slice.from,
                b_to: pb.slice.to,
                from: pb.slice.from,
                to: pa.slice.to.min(pb.slice.to),
            });
        }
    }
    let mut gaps = Vec::new();
    let mut at = 0;
    for (_, p) in &parts {
        if p.slice.from > at {
            gaps.push(format!("{at}..{}", p.slice.from));
        }
        at = p.slice.to;
    }
    if at < p0.games {
        gaps.push(format!("{at}..{}", p0.games));
    }
    if !gaps.is_empty() {
        return Err(MergeError::Missing {
            missing: gaps.join(", "),
            games: p0.games,
        });
    }
    Ok(parts)
}

/// The parts' time: their seconds added up and the most threads any used.
pub fn total_time(parts: &[(String, Part)]) -> Option<PartTime> {
    parts.iter().try_fold(
        PartTime {
            seconds: 0.0,
            threads: 0,
        },
        |acc, (_, p)| {
            p.time.map(|t| PartTime {
                seconds: acc.seconds + t.seconds,
                threads: acc.threads.max(t.threads),
            })
        },
    )
}

/// How a game ended, as written in a part.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum EndData {
    Win(usize),
    Draw(String),
    Stopped(String),
    Cut,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExampleData {
    game: u64,
    length: u32,
    broken_at: u32,
    end: EndData,
    moves: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ClaimData {
    broken: u64,
    examples: Vec<ExampleData>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct DetailData {
    games: u64,
    turns: u64,
    legal_moves: u64,
    candidates: u64,
    rejected_by_glyph: Vec<u64>,
    rejected_other: u64,
    covered: u64,
    covered_by_cell: Vec<u64>,
}

/// A check's tally as a part holds it: every count as it is, moves in notation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TallyData {
    games: u64,
    wins_by_colour: Vec<u64>,
    wins_by_seat: Vec<u64>,
    /// Absent from parts written before it was counted.
    #[serde(default)]
    wins_by_ending: BTreeMap<String, u64>,
    swapped_games: u64,
    wins_by_seat_swapped: Vec<u64>,
    draws: BTreeMap<String, u64>,
    stopped: BTreeMap<String, u64>,
    cut: u64,
    lengths: Vec<u64>,
    turns: u64,
    passes: u64,
    forced_passes: u64,
    games_with_forced_pass: u64,
    stuck_endings: u64,
    /// Per first move: the move, games, wins by the seat that made it.
    first_moves: Vec<(String, u64, u64)>,
    shortest: Option<ExampleData>,
    claims: BTreeMap<String, ClaimData>,
    broken_games: u64,
    detail: DetailData,
}

fn example_data(e: &Example, rules: &Rules) -> ExampleData {
    ExampleData {
        game: e.game,
        length: e.length,
        broken_at: e.broken_at,
        end: match &e.end {
            End::Win(c) => EndData::Win(*c),
            End::Draw(k) => EndData::Draw(k.clone()),
            End::Stopped(c) => EndData::Stopped(c.clone()),
            End::Cut => EndData::Cut,
        },
        moves: e
            .moves
            .iter()
            .map(|m| m.to_text(rules))
            .collect::<Vec<_>>()
            .join(" "),
    }
}

fn parse_moves(text: &str, rules: &Rules) -> Result<Vec<Move>, String> {
    text.split_whitespace()
        .map(|t| Move::parse(t, rules).map_err(|e| e.to_string()))
        .collect()
}

fn example_of(d: &ExampleData, rules: &Rules) -> Result<Example, String> {
    Ok(Example {
        game: d.game,
        length: d.length,
        broken_at: d.broken_at,
        end: match &d.end {
            EndData::Win(c) => End::Win(*c),
            EndData::Draw(k) => End::Draw(k.clone()),
            EndData::Stopped(c) => End::Stopped(c.clone()),
            EndData::Cut => End::Cut,
        },
        moves: parse_moves(&d.moves, rules)?,
    })
}

impl TallyData {
    /// The tally in part form.
    pub fn of(t: &PlayoutTally, rules: &Rules) -> TallyData {
        let d = &t.detail;
        TallyData {
            games: t.games,
            wins_by_colour: t.wins_by_colour.clone(),
            wins_by_seat: t.wins_by_seat.clone(),
            wins_by_ending: t.wins_by_ending.clone(),
            swapped_games: t.swapped_games,
            wins_by_seat_swapped: t.wins_by_seat_swapped.clone(),
            draws: t.draws.clone(),
            stopped: t.stopped.clone(),
            cut: t.cut,
            lengths: t.lengths.clone(),
            turns: t.turns,
            passes: t.passes,
            forced_passes: t.forced_passes,
            games_with_forced_pass: t.games_with_forced_pass,
            stuck_endings: t.stuck_endings,
            first_moves: t
                .first_moves
                .iter()
                .map(|(m, &(n, w))| (m.to_text(rules), n, w))
                .collect(),
            shortest: t.shortest.as_ref().map(|e| example_data(e, rules)),
            claims: t
                .claims
                .iter()
                .map(|(k, c)| {
                    (
                        k.clone(),
                        ClaimData {
                            broken: c.broken,
                            examples: c.examples.iter().map(|e| example_data(e, rules)).collect(),
                        },
                    )
                })
                .collect(),
            broken_games: t.broken_games,
            detail: DetailData {
                games: d.games,
                turns: d.turns,
                legal_moves: d.legal_moves,
                candidates: d.candidates,
                rejected_by_glyph: d.rejected_by_glyph.clone(),
                rejected_other: d.rejected_other,
                covered: d.covered,
                covered_by_cell: d.covered_by_cell.clone(),
            },
        }
    }

    /// The tally back, its moves read with `rules`; an error names a move that does not
    /// read.
    pub fn tally(&self, rules: &Rules) -> Result<PlayoutTally, String> {
        let d = &self.detail;
        let mut first_moves = BTreeMap::new();
        for (m, n, w) in &self.first_moves {
            let mv = Move::parse(m, rules).map_err(|e| e.to_string())?;
            first_moves.insert(mv, (*n, *w));
        }
        let mut claims = BTreeMap::new();
        for (k, c) in &self.claims {
            claims.insert(
                k.clone(),
                ClaimTally {
                    broken: c.broken,
                    examples: c
                        .examples
                        .iter()
                        .map(|e| example_of(e, rules))
                        .collect::<Result<_, _>>()?,
                },
            );
        }
        Ok(PlayoutTally {
            games: self.games,
            wins_by_colour: self.wins_by_colour.clone(),
            wins_by_seat: self.wins_by_seat.clone(),
            wins_by_ending: self.wins_by_ending.clone(),
            swapped_games: self.swapped_games,
            wins_by_seat_swapped: self.wins_by_seat_swapped.clone(),
            draws: self.draws.clone(),
            stopped: self.stopped.clone(),
            cut: self.cut,
            lengths: self.lengths.clone(),
            turns: self.turns,
            passes: self.passes,
            forced_passes: self.forced_passes,
            games_with_forced_pass: self.games_with_forced_pass,
            stuck_endings: self.stuck_endings,
            first_moves,
            shortest: self
                .shortest
                .as_ref()
                .map(|e| example_of(e, rules))
                .transpose()?,
            claims,
            broken_games: self.broken_games,
            detail: Detail {
                games: d.games,
                turns: d.turns,
                legal_moves: d.legal_moves,
                candidates: d.candidates,
                rejected_by_glyph: d.rejected_by_glyph.clone(),
                rejected_other: d.rejected_other,
                covered: d.covered,
                covered_by_cell: d.covered_by_cell.clone(),
            },
        })
    }
}

/// Merges the check tallies of `parts` (already checked) for `start`'s rules.
pub fn merge_check(parts: &[(String, Part)], start: &State) -> Result<PlayoutTally, MergeError> {
    let rules = start.rules();
    let mut total = PlayoutTally::new(rules);
    for (path, p) in parts {
        let not = |reason: String| MergeError::NotPart {
            path: path.clone(),
            reason,
        };
        let data: TallyData =
            serde_json::from_value(p.result.clone()).map_err(|e| not(e.to_string()))?;
        total.merge(data.tally(rules).map_err(not)?);
    }
    Ok(total)
}
