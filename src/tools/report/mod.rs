//! The designer's report of `weft check`: turns a [`PlayoutTally`] of random games into
//! figures a person reads to decide whether a variant works (balance, draws,
//! lengths, skips, branching, glyph rejections, coverage, openings, claims with
//! replayable counterexamples), as plain text, as JSON with stable keys, and as a
//! side-by-side comparison of several variants.
//!
//! Every figure here is computed from the tally; nothing in the report depends on
//! the number of threads except the header line and the timing line.

mod build;
mod compare;
mod text;

pub(crate) use build::length_report;
pub use compare::compare;

use crate::engine::state::State;
use crate::tools::playout::{self, Plan};
use serde::Serialize;
use std::collections::BTreeMap;
use std::time::Instant;

/// A proportion with its 95% confidence interval (Wilson score interval).
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Share {
    /// Who: a colour's name, or `first` / `second` for seats.
    pub name: String,
    pub wins: u64,
    /// Of `games`.
    pub games: u64,
    pub rate: f64,
    pub ci95: [f64; 2],
}

/// The 95% Wilson score interval of `k` successes in `n` trials.
///
/// ```
/// let [lo, hi] = weft::tools::report::wilson(50, 100);
/// assert!((lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3);
/// assert_eq!(weft::tools::report::wilson(0, 0), [0.0, 1.0]);
/// ```
pub fn wilson(k: u64, n: u64) -> [f64; 2] {
    if n == 0 {
        return [0.0, 1.0];
    }
    wilson_rate(k as f64 / n as f64, n as f64)
}

/// The 95% Wilson score interval of an observed rate `p` over `n` trials, for rates
/// that are not a whole count (a game with no winner scored as a half).
///
/// ```
/// let [lo, hi] = weft::tools::report::wilson_rate(0.5, 100.0);
/// assert!((lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3);
/// ```
pub fn wilson_rate(p: f64, n: f64) -> [f64; 2] {
    if n <= 0.0 {
        return [0.0, 1.0];
    }
    let z = 1.959_963_985_f64;
    let d = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / d;
    let half = z / d * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}

pub(crate) fn ratio(k: u64, n: u64) -> f64 {
    if n == 0 {
        0.0
    } else {
        k as f64 / n as f64
    }
}

impl Share {
    pub(crate) fn new(name: &str, wins: u64, games: u64) -> Share {
        Share {
            name: name.to_string(),
            wins,
            games,
            rate: ratio(wins, games),
            ci95: wilson(wins, games),
        }
    }
}

const SEATS: [&str; 2] = ["first", "second"];

pub(crate) fn seat_name(i: usize) -> String {
    SEATS
        .get(i)
        .map_or_else(|| format!("seat {}", i + 1), |s| s.to_string())
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct BoardInfo {
    /// In words: `9x9`, `hexagon of side 7`, `11x11 rhombus`.
    pub shape: String,
    pub width: usize,
    pub height: usize,
    pub cells: usize,
}

/// Wins by seat split by whether the swap was used.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct SwapReport {
    /// Games in which the second player swapped.
    pub used: u64,
    pub rate: f64,
    pub with_swap: Vec<Share>,
    pub without_swap: Vec<Share>,
}

/// How the first seat fares in decisive games.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Balance {
    /// Games with a winner.
    pub decisive: u64,
    /// The first seat's share of them, with its interval.
    pub first_seat: Share,
    /// `first_seat.rate - 0.5`: positive favours the first seat.
    pub advantage: f64,
    /// Whether the interval leaves out one half.
    pub significant: bool,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Draws {
    pub total: u64,
    pub rate: f64,
    /// By kind, in words (`deadlock`, `ply limit`, and any kind the core adds).
    pub by_kind: BTreeMap<String, u64>,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Bin {
    /// Lengths `from..=to`.
    pub from: u32,
    pub to: u32,
    pub games: u64,
}

/// Game length in moves (start moves, passes and the swap included).
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Length {
    pub mean: f64,
    pub median: u32,
    pub min: u32,
    pub max: u32,
    pub histogram: Vec<Bin>,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Turns {
    /// Random moves played in the run.
    pub moves: u64,
    /// `pass` moves among them.
    pub passes: u64,
    /// Turns at which the player to move had no legal move and passed (skipped).
    pub forced_passes: u64,
    pub forced_pass_rate: f64,
    pub games_with_forced_pass: u64,
    /// Games that ended because the player to move had no legal move.
    pub stuck_endings: u64,
    /// Turns at which the player to move had no legal move, skipped or final.
    pub no_legal_move: u64,
}

/// Mean legal moves per turn, over the detailed games.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Branching {
    pub games: u64,
    pub turns: u64,
    pub mean: f64,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct GlyphRejections {
    pub glyph: String,
    pub rejected: u64,
    /// Of the candidates.
    pub rate: f64,
    pub per_turn: f64,
}

/// Candidate placements rejected, over every empty point at every turn of the
/// detailed games, for the player to move.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Rejections {
    pub games: u64,
    pub turns: u64,
    pub candidates: u64,
    pub by_glyph: Vec<GlyphRejections>,
    pub other: u64,
}

/// Points ever occupied in the detailed games.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Coverage {
    pub games: u64,
    /// Mean share of the board's points occupied at some time in a game.
    pub mean: f64,
    pub cells: usize,
    /// Points no detailed game ever occupied.
    pub never_used: Vec<String>,
    /// Every cell with the number of detailed games that occupied it (for pictures; not
    /// in the JSON).
    #[serde(skip)]
    pub by_cell: Vec<(String, u64)>,
}

/// The first random move of a game and how the player who made it fared.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct FirstMove {
    #[serde(rename = "move")]
    pub mv: String,
    pub games: u64,
    /// Games won by the seat that made this move.
    pub mover_wins: u64,
    pub rate: f64,
}

/// A game kept as an example, with its moves from the initial position in the
/// notation `weft play --moves` and `weft replay --moves` accept.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct GameExample {
    /// The game's index in the run.
    pub game: u64,
    /// The run's seed (the game's generator is derived from seed and index).
    pub seed: u64,
    pub length: u32,
    /// The move (1-based) at which the claim broke.
    pub broken_at: u32,
    pub outcome: String,
    pub moves: String,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct ClaimReport {
    pub claim: String,
    /// Games checked.
    pub games: u64,
    pub broken: u64,
    /// The shortest games that broke it.
    pub examples: Vec<GameExample>,
}

/// Everything `weft check` reports. The JSON form (`--json`) is this struct.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct CheckReport {
    pub game: String,
    pub file: String,
    pub params: BTreeMap<String, i64>,
    pub board: BoardInfo,
    /// Moves played before the random games start (`--moves`).
    pub start_moves: String,
    pub swap_rule: bool,
    pub seed: u64,
    /// Worker threads (absent with `--no-timing`: nothing else depends on them).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub threads: Option<usize>,
    pub games: u64,
    pub wins_by_colour: Vec<Share>,
    pub wins_by_seat: Vec<Share>,
    /// Wins by what decided them (the goal as written, `crossing race`, ...), most
    /// frequent first; of all games.
    pub wins_by_ending: Vec<Share>,
    /// Present when the rules have the swap.
    pub swap: Option<SwapReport>,
    pub balance: Balance,
    pub draws: Draws,
    /// Games stopped by a broken rule-claim (`no move: impossible`), by claim.
    pub stopped: BTreeMap<String, u64>,
    /// Games cut at `--max-plies` (still going).
    pub cut: u64,
    pub max_plies: u32,
    /// Share of games that ended by the rules: not cut, not stopped by a broken
    /// claim, not drawn by a ply limit.
    pub completion: f64,
    pub length: Length,
    pub turns: Turns,
    pub branching: Branching,
    pub rejections: Rejections,
    pub coverage: Coverage,
    pub first_moves: Vec<FirstMove>,
    pub claims: Vec<ClaimReport>,
    /// Games that broke at least one claim.
    pub broken_games: u64,
    pub shortest: Option<GameExample>,
    /// The run's time (absent with `--no-timing`; in a merged report, the parts' times
    /// added up).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seconds: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub playouts_per_second: Option<f64>,
}

/// Where a report comes from, besides the tally.
#[derive(Debug, Clone)]
pub struct Meta {
    pub file: String,
    pub start_moves: String,
    /// The run's time in seconds; `None` leaves the time, the speed and the thread
    /// count out of the report (`--no-timing`), so that it depends on the rules, the
    /// settings and the seed alone.
    pub seconds: Option<f64>,
}

/// A progress bar on stderr for `games` games, with the time left (hidden unless
/// `shown`).
pub fn progress_bar(games: u64, message: &str, shown: bool) -> indicatif::ProgressBar {
    let bar = if shown {
        indicatif::ProgressBar::new(games)
    } else {
        indicatif::ProgressBar::hidden()
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} games, {eta} left")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    bar.set_message(message.to_string());
    bar
}

/// Runs a check: plays the games of `plan` from `start` (with a progress bar on
/// stderr when it is a terminal and `progress` is set) and builds the report.
pub fn check(
    start: &State,
    plan: &Plan,
    file: &str,
    start_moves: &str,
    progress: bool,
    timing: bool,
) -> std::io::Result<CheckReport> {
    let bar = progress_bar(plan.games, start.rules().name(), progress);
    let t0 = Instant::now();
    let tally = playout::run(start, plan, &|n| bar.inc(n))?;
    let seconds = t0.elapsed().as_secs_f64();
    bar.finish_and_clear();
    Ok(CheckReport::build(
        start,
        plan,
        &tally,
        &Meta {
            file: file.to_string(),
            start_moves: start_moves.to_string(),
            seconds: timing.then_some(seconds),
        },
    ))
}
