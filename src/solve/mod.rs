//! Exact solving of small boards (`weft solve`): the game-theoretic value of a position
//! for the player to move, found by exhaustive search through the interpreter, so that a
//! designer can check claims such as "White wins on 4x4" from the rule file alone.
//!
//! The driver here splits the first moves (one per class of moves that a symmetry of
//! the start position makes equivalent) among threads that share one transposition
//! table; [`search`] holds the negamax itself, [`symmetry`] derives which board
//! symmetries keep the rules, [`table`] is the table and [`report`] prints the result.

pub mod report;
pub mod search;
pub mod symmetry;
pub mod table;

use crate::board::Cell;
use crate::state::{Move, State};
use search::{Codec, Counts, Halt, Keys, Searcher, Shared};
use std::sync::atomic::{AtomicI8, AtomicU64, AtomicU8, AtomicUsize, Ordering::Relaxed};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use table::Table;

/// How to solve.
#[derive(Debug, Clone)]
pub struct Options {
    /// Worker threads (at least 1).
    pub threads: usize,
    /// The memory budget for the transposition table, in MiB.
    pub memory_mb: u64,
    /// Find the exact value of every first move, not just one that achieves the value.
    pub all_first_moves: bool,
    /// Stop (with an error) after this many positions.
    pub max_nodes: Option<u64>,
    /// Use the symmetries that keep the rules (off: only the identity, for checking).
    pub symmetry: bool,
    /// How often to call the progress callback.
    pub progress_every: Duration,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            threads: 1,
            memory_mb: 256,
            all_first_moves: false,
            max_nodes: None,
            symmetry: true,
            progress_every: Duration::from_secs(10),
        }
    }
}

/// A game value for the player to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Value {
    Loss,
    Draw,
    Win,
}

impl Value {
    fn from_i8(v: i8) -> Value {
        match v {
            i8::MIN..=-1 => Value::Loss,
            0 => Value::Draw,
            _ => Value::Win,
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            Value::Loss => "loss",
            Value::Draw => "draw",
            Value::Win => "win",
        }
    }
}

/// A first move and the moves a symmetry of the start position makes equivalent to it,
/// with what is known of its value for the player who makes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FirstMove {
    pub mv: Move,
    /// The equivalent moves, `mv` first.
    pub images: Vec<Move>,
    /// `lo <= value <= hi` (-1 loss, 0 draw, 1 win); `None` if it was not searched
    /// (another first move settled the value first).
    pub bounds: Option<(i8, i8)>,
}

impl FirstMove {
    /// The exact value, when known.
    pub fn value(&self) -> Option<Value> {
        match self.bounds {
            Some((lo, hi)) if lo == hi => Some(Value::from_i8(lo)),
            _ => None,
        }
    }
}

/// A solved position.
#[derive(Debug, Clone)]
pub struct Solution {
    /// The value for the player to move.
    pub value: Value,
    /// The colour and seat to move at the start.
    pub to_move: usize,
    pub seat: usize,
    /// Whether the swap can still happen from the start (then a winner's colour depends
    /// on play, and only the seat is certain).
    pub swap_ahead: bool,
    /// Whether the swap had been used before the start (seat = colour exchanged).
    pub swapped: bool,
    /// The first moves up to symmetry, in the order tried.
    pub first_moves: Vec<FirstMove>,
    /// The first move found that achieves the value (an index into `first_moves`).
    pub best: Option<usize>,
    pub all_first_moves: bool,
    pub counts: Counts,
    pub seconds: f64,
    pub threads: usize,
    pub table_entries: usize,
    pub table_bytes: usize,
    pub symmetries_used: usize,
    pub board_symmetries: usize,
    /// Symmetries of the start position itself (used to group first moves).
    pub start_symmetries: usize,
    pub symmetry_notes: Vec<String>,
}

impl Solution {
    /// The seat that wins with best play, if either does.
    pub fn winner_seat(&self) -> Option<usize> {
        match self.value {
            Value::Win => Some(self.seat),
            Value::Loss => Some(1 - self.seat),
            Value::Draw => None,
        }
    }

    /// The colour that wins with best play, when no swap lies ahead to change it.
    pub fn winner_colour(&self) -> Option<usize> {
        if self.swap_ahead {
            return None;
        }
        self.winner_seat().map(|s| s ^ usize::from(self.swapped))
    }
}

/// A snapshot for a progress line.
#[derive(Debug, Clone)]
pub struct Progress {
    pub seconds: f64,
    pub nodes: u64,
    pub table_used: u64,
    pub table_entries: usize,
    pub first_moves_done: usize,
    pub first_moves: usize,
}

/// Memory the machine has available now, in MiB (Linux; `None` elsewhere).
fn available_mb() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}

/// The static order of placements: central cells first (a generic opening heuristic).
fn centrality(rules: &crate::rules::Rules, codes: usize) -> Vec<u32> {
    let b = rules.board();
    let (w, h) = (b.width as i64, b.height as i64);
    let far = (w - 1) * (w - 1) + (h - 1) * (h - 1);
    let mut out = vec![0u32; codes];
    for c in b.cells() {
        let (x, y) = b.xy(c);
        let (dx, dy) = (2 * x as i64 - (w - 1), 2 * y as i64 - (h - 1));
        out[c as usize] = (far - (dx * dx + dy * dy) / 4).max(0) as u32 + 1;
    }
    out
}

/// Whether a cell map sends the position to itself.
fn fixes(s: &State, map: &[Cell]) -> bool {
    let cells = s.cells();
    cells
        .iter()
        .enumerate()
        .all(|(c, &v)| cells[map[c] as usize] == v)
}

/// Solves `start` exhaustively. `progress` is called every `options.progress_every`
/// while the search runs. Errors are messages for the user: a budget exhausted, a game
/// the solver cannot handle.
pub fn solve(
    start: &State,
    options: &Options,
    progress: Option<&(dyn Fn(&Progress) + Sync)>,
) -> Result<Solution, String> {
    let began = Instant::now();
    let rules = start.rules();
    if options.threads == 0 {
        return Err("--threads must be at least 1".into());
    }
    if options.memory_mb == 0 {
        return Err("--memory must be at least 1 (MiB)".into());
    }
    if let Some(avail) = available_mb() {
        if options.memory_mb > avail {
            return Err(format!(
                "--memory {} MiB is more than this machine has available now ({avail} MiB); \
                 ask for less so that the table fits in memory",
                options.memory_mb
            ));
        }
    }
    let codec = Codec::new(rules).map_err(|e| {
        format!("weft solve handles games whose moves are placements, the swap and passes: {e}")
    })?;
    let mut syms = symmetry::usable(rules, &codec);
    if !options.symmetry {
        syms.maps.truncate(1);
        syms.inverses.truncate(1);
        syms.notes = vec!["--no-symmetry: only the identity is used".into()];
    }
    let table = Table::with_bytes(options.memory_mb.saturating_mul(1 << 20))?;
    let centre = centrality(rules, codec.len());
    let cells = rules.board().len();
    let start_symmetries: Vec<&Vec<Cell>> =
        syms.maps.iter().filter(|m| fixes(start, m)).collect();

    // The first moves, grouped by the symmetries of the start position.
    let mut first_moves: Vec<FirstMove> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut legal = start.legal_moves();
    legal.sort_by_key(|&m| {
        std::cmp::Reverse(codec.code(m).map_or(0, |c| centre[c as usize]))
    });
    for &m in &legal {
        if seen.contains(&m) {
            continue;
        }
        let mut images = vec![m];
        for map in &start_symmetries {
            let i = codec.map(m, map).ok_or_else(|| {
                format!(
                    "weft solve handles games whose moves are placements, the swap and passes; \
                     `{}` is none of these",
                    m.to_text(rules)
                )
            })?;
            if !images.contains(&i) {
                images.push(i);
            }
        }
        seen.extend(images.iter().copied());
        first_moves.push(FirstMove {
            mv: m,
            images,
            bounds: None,
        });
    }

    let shared = Shared {
        table,
        keys: Keys::new(rules, syms.maps.clone(), syms.inverses.clone()),
        codec,
        halt: AtomicU8::new(Halt::Running as u8),
        nodes: AtomicU64::new(0),
        max_nodes: options.max_nodes.unwrap_or(u64::MAX),
        max_depth: 2 * cells + 4,
        centrality: centre,
        started: began,
        filled: AtomicU64::new(0),
    };

    let mut counts = Counts::default();
    let root_value: Option<i8>;
    if start.is_over() {
        let mut s = Searcher::new(&shared);
        root_value = Some(s.search(start, -1, 1, 0));
        counts.add(&s.counts);
    } else {
        let next = AtomicUsize::new(0);
        let done = AtomicUsize::new(0);
        // The best value found so far for the player to move (the root's alpha).
        let alpha = AtomicI8::new(-1);
        let results: Vec<std::sync::Mutex<Option<(i8, i8)>>> =
            first_moves.iter().map(|_| Default::default()).collect();
        let (tx, rx) = mpsc::channel::<Counts>();
        let threads = options.threads.min(first_moves.len()).max(1);
        std::thread::scope(|scope| -> Result<(), String> {
            for _ in 0..threads {
                let tx = tx.clone();
                let (shared, next, done, alpha, results, first_moves) =
                    (&shared, &next, &done, &alpha, &results, &first_moves);
                std::thread::Builder::new()
                    .stack_size(64 << 20)
                    .spawn_scoped(scope, move || {
                        let mut s = Searcher::new(shared);
                        loop {
                            let i = next.fetch_add(1, Relaxed);
                            if i >= first_moves.len() || shared.halted() != Halt::Running {
                                break;
                            }
                            let a = if options.all_first_moves {
                                -1
                            } else {
                                alpha.load(Relaxed)
                            };
                            let mut child = start.clone();
                            child.play_unchecked(first_moves[i].mv);
                            let v = -s.search(&child, -1, -a, 1);
                            if shared.halted() != Halt::Running {
                                break;
                            }
                            let bounds = if v <= a && v < 1 { (-1, v) } else { (v, v) };
                            *results[i].lock().expect("no thread panics holding it") =
                                Some(bounds);
                            alpha.fetch_max(bounds.0, Relaxed);
                            done.fetch_add(1, Relaxed);
                            if v == 1 && !options.all_first_moves {
                                shared.stop(Halt::Done);
                            }
                        }
                        s.flush();
                        let _ = tx.send(s.counts);
                    })
                    .map_err(|e| format!("cannot start a search thread: {e}"))?;
            }
            drop(tx);
            let mut finished = 0;
            while finished < threads {
                match rx.recv_timeout(options.progress_every) {
                    Ok(c) => {
                        counts.add(&c);
                        finished += 1;
                    }
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        if let Some(p) = progress {
                            p(&Progress {
                                seconds: began.elapsed().as_secs_f64(),
                                nodes: shared.nodes.load(Relaxed),
                                table_used: shared.filled.load(Relaxed),
                                table_entries: shared.table.capacity(),
                                first_moves_done: done.load(Relaxed),
                                first_moves: first_moves.len(),
                            });
                        }
                    }
                    Err(mpsc::RecvTimeoutError::Disconnected) => break,
                }
            }
            Ok(())
        })?;
        for (f, r) in first_moves.iter_mut().zip(results) {
            f.bounds = r.into_inner().expect("no thread panics holding it");
        }
        match shared.halted() {
            Halt::Running | Halt::Done => {}
            Halt::Budget => {
                let solved: Vec<String> = first_moves
                    .iter()
                    .filter_map(|f| {
                        f.value()
                            .map(|v| format!("{} {}", f.mv.to_text(rules), v.word()))
                    })
                    .collect();
                return Err(format!(
                    "stopped: the node budget (--max-nodes {}) ran out after {:.1} s; \
                     first moves solved so far: {}",
                    shared.max_nodes,
                    began.elapsed().as_secs_f64(),
                    if solved.is_empty() {
                        "none".to_string()
                    } else {
                        solved.join(", ")
                    }
                ));
            }
            Halt::TooLong => {
                return Err(format!(
                    "refused: a line of play reached {} moves without the game ending; \
                     weft solve needs games that always end (a game whose pieces move \
                     needs a move limit)",
                    shared.max_depth
                ))
            }
            Halt::Unnamed => {
                return Err(
                    "refused: weft solve handles games whose moves are placements, the swap \
                     and passes, and met another kind of move"
                        .into(),
                )
            }
        }
        root_value = first_moves.iter().filter_map(|f| f.bounds).map(|b| b.0).max();
    }
    let value = root_value.ok_or("internal: no first move was solved")?;
    let best = first_moves
        .iter()
        .position(|f| f.bounds.is_some_and(|b| b.0 == value));
    Ok(Solution {
        value: Value::from_i8(value),
        to_move: start.to_move(),
        seat: start.seat_of(start.to_move()),
        swap_ahead: rules.has_swap() && start.ply() <= 1 && !start.swapped(),
        swapped: start.swapped(),
        first_moves,
        best,
        all_first_moves: options.all_first_moves,
        counts,
        seconds: began.elapsed().as_secs_f64(),
        threads: options.threads,
        table_entries: shared.table.capacity(),
        table_bytes: shared.table.bytes(),
        symmetries_used: syms.maps.len(),
        board_symmetries: syms.board_total,
        start_symmetries: start_symmetries.len(),
        symmetry_notes: syms.notes,
    })
}
