//! Exact solving of small boards (`weft solve`): the game-theoretic value of a position
//! for the player to move, found by exhaustive search through the interpreter, so that a
//! designer can check claims such as "White wins on 4x4" from the rule file alone.
//!
//! The driver here groups the first moves into classes that a symmetry of the start
//! position makes equivalent, and either lets one proof-number search work on the whole
//! start position (one thread, one value wanted) or solves the classes one by one,
//! spread over threads that share one transposition table. [`dfpn`] is the main search
//! and [`alphabeta`] the simple one that checks it; [`search`] holds what they share
//! (keys, move codes, counters, the stop flag), [`symmetry`] derives which board
//! symmetries keep the rules, [`distance`] is the proof-number search's estimate,
//! [`table`] the table and [`report`] prints the result.

pub mod alphabeta;
pub mod dfpn;
pub mod distance;
pub mod report;
pub mod search;
pub mod symmetry;
pub mod table;

use crate::engine::state::{Move, State};
use crate::rules::board::Cell;
use crate::rules::Rules;
use alphabeta::AlphaBeta;
use dfpn::{Dfpn, Prop};
use search::{Codec, Counts, Halt, Keys, Shared};
use std::sync::atomic::{
    AtomicBool, AtomicI8, AtomicU64, AtomicU8, AtomicUsize, Ordering::Relaxed,
};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use table::Table;

/// Which search proves the value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// Depth-first proof-number search (the default).
    Dfpn,
    /// Negamax with alpha-beta (simpler; a cross-check).
    AlphaBeta,
}

/// How to solve.
#[derive(Debug, Clone)]
pub struct Options {
    pub method: Method,
    /// Worker threads (at least 1).
    pub threads: usize,
    /// The memory budget for the transposition table, in bytes (`--memory` is in MiB).
    pub memory_bytes: u64,
    /// Find the exact value of every first move, not just one that achieves the value.
    pub all_first_moves: bool,
    /// Stop (with an error) after this many positions.
    pub max_nodes: Option<u64>,
    /// Stop (with an error) after this long.
    pub time_limit: Option<Duration>,
    /// Use the symmetries that keep the rules (off: only the identity, for checking).
    pub symmetry: bool,
    /// How often to call the progress callback.
    pub progress_every: Duration,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            method: Method::Dfpn,
            threads: 1,
            memory_bytes: 256 << 20,
            all_first_moves: false,
            max_nodes: None,
            time_limit: None,
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
    pub method: Method,
    /// Positions searched (a proof-number search counts every visit), finished games
    /// met, table use.
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
    /// The positions it took to find the table entries overwritten so far (estimated).
    pub lost: u64,
    /// First moves solved so far, of how many (when they are solved one by one).
    pub first_moves_done: usize,
    pub first_moves: usize,
    /// The proof and disproof numbers of the start position, when one proof-number
    /// search works on it as a whole.
    pub root: Option<(u32, u32)>,
}

impl Progress {
    fn of(shared: &Shared, first_moves: usize) -> Progress {
        let root = shared.root_numbers.load(Relaxed);
        Progress {
            seconds: shared.started.elapsed().as_secs_f64(),
            nodes: shared.nodes.load(Relaxed),
            table_used: shared.filled.load(Relaxed),
            table_entries: shared.table.capacity(),
            first_moves_done: shared.first_moves_done.load(Relaxed),
            lost: shared.lost.load(Relaxed),
            first_moves,
            root: (root != 0).then_some(((root >> 32) as u32, root as u32)),
        }
    }
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

/// Why a position was not solved.
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    /// The options ask for what this machine cannot give (more memory than it has).
    #[error("{0}")]
    Options(String),
    /// The game is not one this solver handles, with the reason.
    #[error("{0}")]
    Unsupported(String),
    /// A budget ran out before the value was known, with what was solved so far.
    #[error("{0}")]
    Stopped(String),
    /// A bug: the search ended without a value.
    #[error("internal: {0}")]
    Internal(&'static str),
}

/// Solves `start` exhaustively. `progress` is called every `options.progress_every`
/// while the search runs.
pub fn solve(
    start: &State,
    options: &Options,
    progress: Option<&(dyn Fn(&Progress) + Sync)>,
) -> Result<Solution, SolveError> {
    let began = Instant::now();
    let rules = start.rules();
    check_options(options)?;
    let codec = supported(rules)?;
    let mut syms = symmetry::usable(rules, &codec);
    if !options.symmetry {
        syms.maps.truncate(1);
        syms.inverses.truncate(1);
        syms.notes = vec!["--no-symmetry: only the identity is used".into()];
    }
    let table = Table::with_bytes(options.memory_bytes).map_err(SolveError::Options)?;
    let centre = centrality(rules, codec.len());
    let start_symmetries: Vec<&Vec<Cell>> = syms.maps.iter().filter(|m| fixes(start, m)).collect();
    let mut first_moves = first_moves(start, &codec, &centre, &start_symmetries)?;
    let shared = Shared {
        rules: rules.clone(),
        table,
        keys: Keys::new(rules, syms.maps.clone(), syms.inverses.clone()),
        codec,
        halt: AtomicU8::new(Halt::Running as u8),
        nodes: AtomicU64::new(0),
        max_nodes: options.max_nodes.unwrap_or(u64::MAX),
        max_depth: 2 * rules.board().len() + 4,
        centrality: centre,
        started: began,
        filled: AtomicU64::new(0),
        lost: AtomicU64::new(0),
        biggest_loss: AtomicU64::new(0),
        first_moves_done: AtomicUsize::new(0),
        root_numbers: AtomicU64::new(0),
        full_at: AtomicU64::new(0),
        lost_at_full: AtomicU64::new(0),
        busy: search::Busy::new(),
        proof_done: AtomicBool::new(false),
    };

    let mut counts = Counts::default();
    let seat = start.seat_of(start.to_move());
    let (quit, quit_rx) = mpsc::channel::<()>();
    let total_first_moves = first_moves.len();
    let root_value = std::thread::scope(|scope| {
        if progress.is_some() || options.time_limit.is_some() {
            let shared = &shared;
            std::thread::Builder::new()
                .spawn_scoped(scope, move || {
                    watch(shared, options, progress, total_first_moves, quit_rx)
                })
                .map_err(|e| format!("cannot start the solver's watch thread: {e}"))?;
        }
        let r = search_start(start, seat, options, &shared, &mut first_moves, &mut counts);
        drop(quit);
        r
    })
    .map_err(SolveError::Unsupported)?;
    if let Some(e) = halt_error(&shared, options, &first_moves, began) {
        return Err(e);
    }
    let value = root_value.ok_or(SolveError::Internal("the start position was not solved"))?;
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
        method: options.method,
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

/// Watches a running search until `quit` closes: reports progress every
/// `options.progress_every`, and stops the search when its time limit runs out (the
/// searches look at the stop flag at every position).
fn watch(
    shared: &Shared,
    options: &Options,
    progress: Option<&(dyn Fn(&Progress) + Sync)>,
    first_moves: usize,
    quit: mpsc::Receiver<()>,
) {
    let deadline = options.time_limit.map(|t| shared.started + t);
    let mut next_report = shared.started + options.progress_every;
    loop {
        let now = Instant::now();
        let mut wake = next_report;
        if let Some(d) = deadline {
            if now >= d {
                shared.stop(Halt::Time);
                return;
            }
            wake = wake.min(d);
        }
        match quit.recv_timeout(wake.saturating_duration_since(now)) {
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            _ => return,
        }
        if Instant::now() >= next_report {
            if let Some(p) = progress {
                p(&Progress::of(shared, first_moves));
            }
            next_report += options.progress_every;
        }
    }
}

/// Refuses options the machine cannot meet.
fn check_options(options: &Options) -> Result<(), SolveError> {
    if options.threads == 0 {
        return Err(SolveError::Options("--threads must be at least 1".into()));
    }
    let mib = options.memory_bytes >> 20;
    if let Some(avail) = available_mb() {
        if mib > avail {
            return Err(SolveError::Options(format!(
                "--memory {mib} MiB is more than this machine has available now ({avail} MiB); \
                 ask for less so that the table fits in memory"
            )));
        }
    }
    Ok(())
}

/// The move codec of a game the solver handles: placements of one kind of piece, the
/// swap and passes.
fn supported(rules: &Rules) -> Result<Codec, SolveError> {
    if rules.pieces().len() != 1 || !rules.is_placement_only() {
        return Err(SolveError::Unsupported(format!(
            "weft solve handles games whose moves are placements of one kind of piece, the swap \
             and passes; {} has {} piece kind{} and {}",
            rules.name(),
            rules.pieces().len(),
            if rules.pieces().len() == 1 { "" } else { "s" },
            if rules.capture().is_some() {
                "captures"
            } else if rules.is_placement_only() {
                "placement turns"
            } else {
                "turns that move pieces"
            }
        )));
    }
    Codec::new(rules).map_err(|e| {
        SolveError::Unsupported(format!(
            "weft solve handles games whose moves are placements, the swap and passes: {e}"
        ))
    })
}

/// The first moves, most central first, each with its images under the symmetries
/// that fix the start position (one is solved for all).
fn first_moves(
    start: &State,
    codec: &Codec,
    centre: &[u32],
    start_symmetries: &[&Vec<Cell>],
) -> Result<Vec<FirstMove>, SolveError> {
    let rules = start.rules();
    let mut out: Vec<FirstMove> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut legal = start.legal_moves();
    legal.sort_by_key(|&m| std::cmp::Reverse(codec.code(m).map_or(0, |c| centre[c as usize])));
    for &m in &legal {
        if seen.contains(&m) {
            continue;
        }
        let mut images = vec![m];
        for map in start_symmetries {
            let i = codec.map(m, map).ok_or_else(|| {
                SolveError::Unsupported(format!(
                    "weft solve handles games whose moves are placements, the swap and passes; \
                     `{}` is none of these",
                    m.to_text(rules)
                ))
            })?;
            if !images.contains(&i) {
                images.push(i);
            }
        }
        seen.extend(images.iter().copied());
        out.push(FirstMove {
            mv: m,
            images,
            bounds: None,
        });
    }
    Ok(out)
}

/// Why the search halted before finishing, if it did.
fn halt_error(
    shared: &Shared,
    options: &Options,
    first_moves: &[FirstMove],
    began: Instant,
) -> Option<SolveError> {
    let rules = &shared.rules;
    let solved = || {
        let solved: Vec<String> = first_moves
            .iter()
            .filter_map(|f| {
                f.value()
                    .map(|v| format!("{} {}", f.mv.to_text(rules), v.word()))
            })
            .collect();
        if solved.is_empty() {
            "none".to_string()
        } else {
            solved.join(", ")
        }
    };
    let nodes = shared.nodes.load(Relaxed);
    Some(match shared.halted() {
        Halt::Running | Halt::Done => return None,
        Halt::Budget => SolveError::Stopped(format!(
            "stopped: the node budget (--max-nodes {}) ran out after {:.1} s; \
             first moves solved so far: {}",
            shared.max_nodes,
            began.elapsed().as_secs_f64(),
            solved()
        )),
        Halt::Time => SolveError::Stopped(format!(
            "stopped: the time limit (--time {}) ran out after {} positions; \
             first moves solved so far: {}",
            options.time_limit.map_or(0.0, |t| t.as_secs_f64()),
            report::grouped(nodes),
            solved()
        )),
        Halt::Memory
            if shared
                .biggest_loss
                .load(Relaxed)
                .saturating_mul(search::LOSS_SHARE)
                < nodes =>
        {
            let full_at = shared.full_at.load(Relaxed);
            SolveError::Stopped(format!(
                "stopped: the memory budget is exhausted: the table ({} MiB, {} entries) \
                 filled after {} positions, and in the {} searched since it forgot about \
                 {} positions' work, so the search would mostly redo its own work; give \
                 it more memory (--memory)",
                shared.table.bytes() >> 20,
                report::grouped(shared.table.capacity() as u64),
                report::grouped(full_at),
                report::grouped(nodes.saturating_sub(full_at)),
                report::grouped(
                    shared
                        .lost
                        .load(Relaxed)
                        .saturating_sub(shared.lost_at_full.load(Relaxed))
                ),
            ))
        }
        Halt::Memory => SolveError::Stopped(format!(
            "stopped: the memory budget is exhausted: the table ({} MiB, {} entries) \
             had to forget a result that took about {} positions to find, 1/{} or more \
             of the {} positions searched, so the search would keep redoing its own \
             work; give it more memory (--memory)",
            shared.table.bytes() >> 20,
            shared.table.capacity(),
            shared.biggest_loss.load(Relaxed),
            search::LOSS_SHARE,
            shared.nodes.load(Relaxed)
        )),
        Halt::TooLong => SolveError::Unsupported(format!(
            "refused: a line of play reached {} moves without the game ending; \
             weft solve needs games that always end (a game whose pieces move \
             needs a move limit)",
            shared.max_depth
        )),
        Halt::Unnamed => SolveError::Unsupported(
            "refused: weft solve handles games whose moves are placements, the swap \
             and passes, and met another kind of move"
                .into(),
        ),
    })
}

/// A thread's search, of either method.
enum Worker<'a> {
    // Both boxed: they differ in size by several hundred bytes, and there is one per
    // thread, made once.
    AlphaBeta(Box<AlphaBeta<'a>>),
    Dfpn(Box<Dfpn<'a>>),
}

impl<'a> Worker<'a> {
    fn new(method: Method, sh: &'a Shared) -> Worker<'a> {
        match method {
            Method::AlphaBeta => Worker::AlphaBeta(Box::new(AlphaBeta::new(sh))),
            Method::Dfpn => Worker::Dfpn(Box::new(Dfpn::new(sh))),
        }
    }

    fn meter(&mut self) -> &mut search::Meter<'a> {
        match self {
            Worker::AlphaBeta(w) => &mut w.meter,
            Worker::Dfpn(w) => &mut w.meter,
        }
    }

    /// Bounds on the value of `child` for `seat`, the seat that moved into it: exact
    /// unless it is at most `alpha` (then `(-1, v)` with the value at most `v`).
    /// `None` if the search was halted.
    fn bounds(&mut self, child: &State, seat: usize, alpha: i8) -> Option<(i8, i8)> {
        match self {
            Worker::AlphaBeta(w) => {
                let v = -w.search(child, -1, -alpha, 1);
                w.meter
                    .running()
                    .then_some(if v <= alpha && v < 1 { (-1, v) } else { (v, v) })
            }
            Worker::Dfpn(w) => {
                let v = w.value(child, seat, alpha >= 0)?;
                Some(if v == 0 && alpha >= 0 {
                    (-1, 0)
                } else {
                    (v, v)
                })
            }
        }
    }

    /// The exact value of `s` for `seat` (who need not be to move).
    fn exact(&mut self, s: &State, seat: usize, depth: usize) -> Option<i8> {
        match self {
            Worker::AlphaBeta(w) => {
                let v = w.search(s, -1, 1, depth);
                let v = if s.seat_of(s.to_move()) == seat {
                    v
                } else {
                    -v
                };
                w.meter.running().then_some(v)
            }
            Worker::Dfpn(w) => w.value(s, seat, false),
        }
    }
}

/// The first move (class) whose child the table shows proven for `prop`, else the
/// first one a search proves.
fn proven_first_move(
    w: &mut Dfpn,
    start: &State,
    prop: Prop,
    first_moves: &[FirstMove],
) -> Option<usize> {
    let child = |f: &FirstMove| {
        let mut c = start.clone();
        c.play_unchecked(f.mv);
        c
    };
    if let Some(i) = first_moves
        .iter()
        .position(|f| w.known(&child(f), prop).is_some_and(|p| p.proven()))
    {
        return Some(i);
    }
    // The entries were overwritten: search again (most of the proof is still there).
    first_moves
        .iter()
        .position(|f| w.prove(&child(f), prop).is_some_and(|p| p.proven()))
}

/// Solves the start position as one proof-number search (one value wanted): the search
/// itself picks which first moves to work on, on one thread or on `threads` that share
/// the table. Fills in what it learns of each first move.
fn root_dfpn(
    w: &mut Dfpn,
    threads: usize,
    start: &State,
    seat: usize,
    first_moves: &mut [FirstMove],
) -> Option<i8> {
    let prove = |w: &mut Dfpn, prop: Prop| {
        if threads == 1 {
            w.prove(start, prop)
        } else {
            let (r, counts) = Dfpn::prove_together(w.meter.sh, start, prop, threads);
            w.meter.counts.add(&counts);
            r
        }
    };
    let win = Prop {
        target: seat,
        draws_prove: false,
    };
    let a = prove(w, win)?;
    if a.proven() {
        let i = proven_first_move(w, start, win, first_moves)?;
        first_moves[i].bounds = Some((1, 1));
        return Some(1);
    }
    if a.pure {
        for f in first_moves.iter_mut() {
            f.bounds = Some((-1, -1));
        }
        return Some(-1);
    }
    let no_loss = Prop {
        target: seat,
        draws_prove: true,
    };
    let b = prove(w, no_loss)?;
    if b.proven() {
        for f in first_moves.iter_mut() {
            f.bounds = Some((-1, 0));
        }
        let i = proven_first_move(w, start, no_loss, first_moves)?;
        first_moves[i].bounds = Some((0, 0));
        Some(0)
    } else {
        for f in first_moves.iter_mut() {
            f.bounds = Some((-1, -1));
        }
        Some(-1)
    }
}

/// Solves each first move (class) in turn, spread over threads that share the table.
/// Unless every first move's exact value is wanted, stops at the first win, and learns
/// only as much of the others as the start position's value needs.
fn by_first_move(
    start: &State,
    seat: usize,
    options: &Options,
    shared: &Shared,
    first_moves: &mut [FirstMove],
    counts: &mut Counts,
) -> Result<(), String> {
    let next = AtomicUsize::new(0);
    // The best value found so far for the player to move (the root's alpha).
    let alpha = AtomicI8::new(-1);
    let results: Vec<std::sync::Mutex<Option<(i8, i8)>>> =
        first_moves.iter().map(|_| Default::default()).collect();
    let (tx, rx) = mpsc::channel::<Counts>();
    let threads = options.threads.min(first_moves.len()).max(1);
    let fm: &[FirstMove] = first_moves;
    std::thread::scope(|scope| -> Result<(), String> {
        for _ in 0..threads {
            let tx = tx.clone();
            let (next, alpha, results) = (&next, &alpha, &results);
            std::thread::Builder::new()
                .stack_size(64 << 20)
                .spawn_scoped(scope, move || {
                    let mut w = Worker::new(options.method, shared);
                    loop {
                        let i = next.fetch_add(1, Relaxed);
                        if i >= fm.len() || shared.halted() != Halt::Running {
                            break;
                        }
                        let a = if options.all_first_moves {
                            -1
                        } else {
                            alpha.load(Relaxed)
                        };
                        if a == 1 {
                            break;
                        }
                        let mut child = start.clone();
                        child.play_unchecked(fm[i].mv);
                        let Some(bounds) = w.bounds(&child, seat, a) else {
                            break;
                        };
                        *results[i].lock().expect("no thread panics holding it") = Some(bounds);
                        alpha.fetch_max(bounds.0, Relaxed);
                        shared.first_moves_done.fetch_add(1, Relaxed);
                        if bounds.0 == 1 && !options.all_first_moves {
                            shared.stop(Halt::Done);
                        }
                    }
                    w.meter().flush();
                    let _ = tx.send(w.meter().counts);
                })
                .map_err(|e| format!("cannot start a search thread: {e}"))?;
        }
        drop(tx);
        for _ in 0..threads {
            if let Ok(c) = rx.recv() {
                counts.add(&c);
            }
        }
        Ok(())
    })?;
    for (f, r) in first_moves.iter_mut().zip(results) {
        f.bounds = r.into_inner().expect("no thread panics holding it");
    }
    if shared.halted() != Halt::Running {
        return Ok(());
    }
    // A first move known only to be "not a win" may still be the draw that decides the
    // value: settle such moves until the value is certain.
    let mut w = Worker::new(options.method, shared);
    loop {
        let value = first_moves
            .iter()
            .filter_map(|f| f.bounds)
            .map(|b| b.0)
            .max()
            .unwrap_or(-1);
        let Some(f) = first_moves
            .iter_mut()
            .find(|f| f.bounds.is_some_and(|(lo, hi)| lo < hi && hi > value))
        else {
            break;
        };
        let mut child = start.clone();
        child.play_unchecked(f.mv);
        match w.bounds(&child, seat, -1) {
            Some(b) => f.bounds = Some(b),
            None => break,
        }
    }
    w.meter().flush();
    counts.add(&w.meter().counts);
    Ok(())
}

/// Solves the start position by the route the options ask for; `None` if halted.
fn search_start(
    start: &State,
    seat: usize,
    options: &Options,
    shared: &Shared,
    first_moves: &mut [FirstMove],
    counts: &mut Counts,
) -> Result<Option<i8>, String> {
    Ok(if start.is_over() || first_moves.is_empty() {
        let mut w = Worker::new(options.method, shared);
        let v = w.exact(start, seat, 0);
        w.meter().flush();
        counts.add(&w.meter().counts);
        v
    } else if options.method == Method::Dfpn && !options.all_first_moves {
        let mut w = Dfpn::new(shared);
        w.report_root = true;
        let r = root_dfpn(&mut w, options.threads, start, seat, first_moves);
        w.meter.flush();
        counts.add(&w.meter.counts);
        r
    } else {
        by_first_move(start, seat, options, shared, first_moves, counts)?;
        first_moves
            .iter()
            .filter_map(|f| f.bounds)
            .map(|b| b.0)
            .max()
    })
}
