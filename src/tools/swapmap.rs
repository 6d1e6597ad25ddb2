//! The swap map: for every first move up to the board's symmetries, how often the
//! first player wins after it under skilled play, and so which first moves a strong
//! second player should swap.
//!
//! Each class of first moves (a move and its images under the symmetries that keep the
//! rules, as the solver derives them) is played `games_per_move` times from the position
//! after its first member, with the swap left out (the question is what the first move
//! is worth if it is kept), by the given players: game `c * K + k` is the `k`-th game of
//! class `c`, played by the match runner ([`matches::play`]) with the first player in
//! the first seat. A first move is one to swap when the first player's score after it
//! (a win 1, no winner ½) is above one half with 95% confidence, one to keep when it
//! is below, and unclear otherwise.

use crate::engine::moves::Step;
use crate::engine::state::{Move, State};
use crate::rules::board::Cell;
use crate::tools::matches::{GameRecord, GameStart, MatchPlan};
use crate::tools::report::{wilson_rate, BoardInfo};
use crate::tools::solve::search::Codec;
use crate::tools::solve::symmetry;
use serde::Serialize;
use std::collections::BTreeMap;

/// The first moves to try, one class per move up to symmetry.
#[derive(Debug, Clone)]
pub struct Openings {
    /// Each class: its first member (the move played), then its other members.
    pub classes: Vec<Vec<Move>>,
    /// The symmetries used (the identity included).
    pub symmetries: usize,
    /// Why others were left out (as the solver says).
    pub notes: Vec<String>,
}

/// The image of a move under a cell map.
fn image(m: Move, map: &[Cell]) -> Move {
    let c = |x: Cell| map[x as usize];
    let step = |s: Step| match s {
        Step::Place(x) => Step::Place(c(x)),
        Step::Move { from, to } => Step::Move {
            from: c(from),
            to: c(to),
        },
        Step::Line { rear, front, to } => Step::Line {
            rear: c(rear),
            front: c(front),
            to: c(to),
        },
    };
    match m {
        Move::Place(x) => Move::Place(c(x)),
        Move::One(a) => Move::One(step(a)),
        Move::Two(a, b) => Move::Two(step(a), step(b)),
        other => other,
    }
}

/// The first moves at `start` grouped by the symmetries of the rules (only at the
/// initial position: after start moves the position need not be symmetric).
pub fn openings(start: &State) -> Openings {
    let rules = start.rules();
    let legal = start.legal_moves();
    let (maps, notes) = if start.ply() > 0 {
        (
            Vec::new(),
            vec!["the start moves break the symmetry: every move is its own class".to_string()],
        )
    } else {
        match Codec::new(rules) {
            Ok(codec) => {
                let s = symmetry::usable(rules, &codec);
                (s.maps, s.notes)
            }
            Err(e) => (Vec::new(), vec![format!("no symmetry used: {e}")]),
        }
    };
    let mut class_of: BTreeMap<Move, usize> = BTreeMap::new();
    let mut classes: Vec<Vec<Move>> = Vec::new();
    for &m in &legal {
        if m == Move::Swap || m == Move::Pass || class_of.contains_key(&m) {
            continue;
        }
        let k = classes.len();
        let mut members = vec![m];
        class_of.insert(m, k);
        for map in maps.iter().skip(1) {
            let i = image(m, map);
            if !class_of.contains_key(&i) && legal.contains(&i) {
                class_of.insert(i, k);
                members.push(i);
            }
        }
        classes.push(members);
    }
    Openings {
        classes,
        symmetries: maps.len().max(1),
        notes,
    }
}

/// Where game `i` of a swap map starts: after the first move of its class, the first
/// player in the first seat. `start` is the position before the first move, under
/// rules without the swap; `start_moves` the moves that led to it.
pub fn game_start(
    start: &State,
    start_moves: &str,
    openings: &Openings,
    games_per_move: u64,
    i: u64,
) -> GameStart {
    let mut s = start.clone();
    let m = openings.classes[(i / games_per_move) as usize][0];
    s.play_unchecked(m);
    let mut moves: Vec<String> = start_moves.split_whitespace().map(str::to_string).collect();
    moves.push(m.to_text(start.rules()));
    GameStart {
        state: s,
        moves: moves.join(" "),
        first_seat: 0,
    }
}

/// What a first move is worth to the player who made it.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct OpeningResult {
    /// The move played.
    #[serde(rename = "move")]
    pub mv: String,
    /// Its images under the symmetries (worth the same).
    pub same: Vec<String>,
    pub games: u64,
    /// Games the first player won, and games without a winner.
    pub first_wins: u64,
    pub no_winner: u64,
    /// The first player's score (a win 1, no winner ½) with its 95% interval.
    pub score: f64,
    pub ci95: [f64; 2],
    /// `swap` (the score is above one half with 95% confidence), `keep` (below), or
    /// `unclear`.
    pub verdict: String,
}

/// Time taken (absent with `--no-timing`).
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct SwapMapTime {
    pub seconds: f64,
    pub threads: usize,
    pub seconds_per_move: f64,
}

/// Everything `weft swapmap` reports. The JSON form (`--json`) is this struct.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct SwapMapReport {
    pub game: String,
    pub file: String,
    pub params: BTreeMap<String, i64>,
    pub board: BoardInfo,
    pub start_moves: String,
    /// The first seat's player and the second's.
    pub players: [String; 2],
    pub games_per_move: u64,
    pub seed: u64,
    pub memory_mib: u64,
    pub max_plies: u32,
    pub symmetries: usize,
    pub symmetry_notes: Vec<String>,
    /// Per class of first moves, in board order.
    pub openings: Vec<OpeningResult>,
    /// The first moves (every member of their classes) a strong second player swaps.
    pub swap: Vec<String>,
    pub keep: Vec<String>,
    pub unclear: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time: Option<SwapMapTime>,
    /// Every game, by number (game `c * games_per_move + k` is class `c`'s `k`-th).
    pub game_records: Vec<GameRecord>,
}

/// Where a swap map comes from, besides its games.
#[derive(Debug, Clone)]
pub struct SwapMapMeta {
    pub file: String,
    pub start_moves: String,
    pub games_per_move: u64,
    /// Seconds, threads and the moves chosen; `None` leaves time out.
    pub time: Option<(f64, usize, u64)>,
}

impl SwapMapReport {
    /// Builds the report from every game of the run (by number).
    pub fn build(
        start: &State,
        openings: &Openings,
        plan: &MatchPlan,
        records: &[GameRecord],
        meta: &SwapMapMeta,
    ) -> SwapMapReport {
        let rules = start.rules();
        let b = rules.board();
        let k = meta.games_per_move.max(1);
        let mut results = Vec::new();
        let (mut swap, mut keep, mut unclear) = (Vec::new(), Vec::new(), Vec::new());
        for (c, members) in openings.classes.iter().enumerate() {
            let games: Vec<&GameRecord> =
                records.iter().filter(|r| r.game / k == c as u64).collect();
            let n = games.len() as u64;
            let first_wins = games.iter().filter(|r| r.winner == Some(0)).count() as u64;
            let no_winner = games.iter().filter(|r| r.winner.is_none()).count() as u64;
            let score = (first_wins as f64 + no_winner as f64 / 2.0) / n.max(1) as f64;
            let ci95 = wilson_rate(score, n as f64);
            let names: Vec<String> = members.iter().map(|m| m.to_text(rules)).collect();
            let verdict = if ci95[0] > 0.5 {
                swap.extend(names.iter().cloned());
                "swap"
            } else if ci95[1] < 0.5 {
                keep.extend(names.iter().cloned());
                "keep"
            } else {
                unclear.extend(names.iter().cloned());
                "unclear"
            };
            results.push(OpeningResult {
                mv: names[0].clone(),
                same: names[1..].to_vec(),
                games: n,
                first_wins,
                no_winner,
                score,
                ci95,
                verdict: verdict.into(),
            });
        }
        SwapMapReport {
            game: rules.name().to_string(),
            file: meta.file.clone(),
            params: rules
                .params()
                .iter()
                .map(|p| (p.name.clone(), p.value))
                .collect(),
            board: BoardInfo {
                shape: b.describe(),
                width: b.width,
                height: b.height,
                cells: b.cell_count(),
            },
            start_moves: meta
                .start_moves
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" "),
            players: plan.players.map(|p| p.to_string()),
            games_per_move: meta.games_per_move,
            seed: plan.seed,
            memory_mib: plan.memory,
            max_plies: plan.max_plies,
            symmetries: openings.symmetries,
            symmetry_notes: openings.notes.clone(),
            openings: results,
            swap,
            keep,
            unclear,
            time: meta.time.map(|(seconds, threads, moves)| SwapMapTime {
                seconds,
                threads,
                seconds_per_move: seconds * threads as f64 / moves.max(1) as f64,
            }),
            game_records: records.to_vec(),
        }
    }

    /// The first player's score after each first move, by cell: `(cell name, score)`
    /// for every member of every class.
    pub fn by_cell(&self) -> Vec<(String, f64)> {
        let mut v = Vec::new();
        for o in &self.openings {
            for m in std::iter::once(&o.mv).chain(&o.same) {
                v.push((m.clone(), o.score));
            }
        }
        v
    }

    /// The report as plain text, with the map drawn on the board's grid.
    pub fn text(&self) -> String {
        use crate::rules::board::{column_name, parse_coordinates};
        use std::fmt::Write as _;
        let mut s = String::new();
        let params: Vec<String> = self
            .params
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        let _ = writeln!(
            s,
            "{}, {}{}: swap map, {} first moves up to symmetry ({} symmetr{}), {} games each, {} (first) against {} (second), no swap (seed {}{})",
            self.game,
            self.board.shape,
            if params.is_empty() { String::new() } else { format!(" ({})", params.join(", ")) },
            self.openings.len(),
            self.symmetries,
            if self.symmetries == 1 { "y" } else { "ies" },
            self.games_per_move,
            self.players[0],
            self.players[1],
            self.seed,
            self.time.as_ref().map_or(String::new(), |t| format!(", {} thread{}", t.threads, if t.threads == 1 { "" } else { "s" }))
        );
        for n in &self.symmetry_notes {
            let _ = writeln!(s, "  ({n})");
        }
        if !self.start_moves.is_empty() {
            let _ = writeln!(s, "start moves: {}", self.start_moves);
        }
        let _ = writeln!(
            s,
            "\nthe first player's score (%) after each first move; * swap it, - keep it, ? unclear (95% confidence)"
        );
        let mut grid: BTreeMap<(usize, usize), (f64, char)> = BTreeMap::new();
        let mut others = Vec::new();
        for o in &self.openings {
            let mark = match o.verdict.as_str() {
                "swap" => '*',
                "keep" => '-',
                _ => '?',
            };
            for m in std::iter::once(&o.mv).chain(&o.same) {
                match parse_coordinates(m).map(|(x, y)| (x as usize, y as usize)) {
                    Some((x, y)) if x < self.board.width && y < self.board.height => {
                        grid.insert((y, x), (o.score, mark));
                    }
                    _ => others.push((m.clone(), o.score, mark)),
                }
            }
        }
        if !grid.is_empty() {
            for y in (0..self.board.height).rev() {
                let mut line = format!("  {:>3} ", y + 1);
                for x in 0..self.board.width {
                    match grid.get(&(y, x)) {
                        Some((v, mark)) => {
                            let _ = write!(line, " {:>3}{mark}", (100.0 * v).round() as u32);
                        }
                        None => line.push_str("    ."),
                    }
                }
                let _ = writeln!(s, "{}", line.trim_end());
            }
            let mut cols = String::from("      ");
            for x in 0..self.board.width {
                let _ = write!(cols, " {:>3} ", column_name(x));
            }
            let _ = writeln!(s, "{}", cols.trim_end());
        }
        for (m, v, mark) in others {
            let _ = writeln!(s, "  {m}: {:.0}{mark}", 100.0 * v);
        }
        let list = |v: &[String]| {
            if v.is_empty() {
                "none".to_string()
            } else {
                v.join(" ")
            }
        };
        let _ = writeln!(s, "\nswap: {}", list(&self.swap));
        let _ = writeln!(s, "keep: {}", list(&self.keep));
        let _ = writeln!(s, "unclear: {}", list(&self.unclear));
        if let Some(t) = &self.time {
            let _ = writeln!(
                s,
                "\ntime: {:.1} s on {} thread{} ({:.4} s of one thread a move)",
                t.seconds,
                t.threads,
                if t.threads == 1 { "" } else { "s" },
                t.seconds_per_move
            );
        }
        s
    }
}
