//! The computer player: Monte Carlo tree search (UCT) over the interpreter's own
//! uniformly random playouts, so it plays any game a rule file describes without
//! knowing anything about it.
//!
//! Each node keeps how often it was visited and how much the player who chose it won
//! from there (a win 1, a game with no winner ½). Players are *seats*, not colours:
//! after a swap the first player plays the other colour, and a node's result is
//! counted for the seat that chose it. The budget is a number of playouts (the same
//! seed then gives the same move on any machine and at any thread count: a search is
//! one thread) or a time.
//!
//! **Turns of two steps are two decisions.** A turn such as "slide a pawn, then place
//! a disk" can have thousands of legal moves (about 3,900 on a Windborne hexagon of
//! side 7). Treated as one flat choice, each gets one or two playouts from a budget of a
//! few thousand, and the "best" is noise. Here the tree first chooses the first step
//! and then, under it, the second step given the first: the mover makes two choices in
//! a row, which is the same game, so UCT keeps its guarantees, and the playouts of
//! every completion of a first step teach the search about that step (a side-7 turn
//! becomes about 60 first steps, then about 60 second steps). This "move groups"
//! approach (Childs, Brodeur and Kocsis, 2008) was chosen over progressive widening
//! because it uses the structure the rules already give, needs no widening schedule
//! to tune, and is exact: every legal move remains reachable with the right
//! probability. Turns of one step are unchanged.
//!
//! **Memory is bounded.** Nodes live in fixed-size chunks and the tree stops growing
//! at [`Options::memory`] (default [`DEFAULT_MEMORY_MIB`] MiB, counted in whole
//! chunks of nodes; the search's other buffers are a few move lists); the search then
//! goes on with playouts from its leaves, so no budget can exhaust memory.
//! [`Analysis::tree_full`] says when that happened.
//!
//! **A win rate comes with its playouts.** [`Estimate`] carries the number of playouts
//! behind a rate and its 95% interval, so that one playout is never shown as a
//! certainty.

use crate::engine::moves::Step;
use crate::engine::rng::Rng;
use crate::engine::state::{Move, Outcome, State};
use crate::tools::report::wilson_rate;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How long the computer may think.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Budget {
    /// This many playouts (deterministic for a given seed).
    Playouts(u64),
    /// Until this much time has passed (at least one playout).
    Time(Duration),
}

impl Budget {
    /// Reads `2000` (playouts), `2s`, `1.5s` or `500ms` (time).
    ///
    /// ```
    /// use weft::tools::ai::Budget;
    /// use std::time::Duration;
    /// assert_eq!(Budget::parse("2000"), Ok(Budget::Playouts(2000)));
    /// assert_eq!(Budget::parse("1.5s"), Ok(Budget::Time(Duration::from_millis(1500))));
    /// assert!(Budget::parse("0").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Budget, String> {
        let t = text.trim().to_ascii_lowercase();
        let bad = || {
            format!("`{text}` is not a budget: write a number of playouts (`2000`) or a time (`2s`, `0.5s`, `300ms`)")
        };
        let seconds = if let Some(ms) = t.strip_suffix("ms") {
            ms.trim().parse::<f64>().map_err(|_| bad())? / 1000.0
        } else if let Some(s) = t.strip_suffix('s') {
            s.trim().parse::<f64>().map_err(|_| bad())?
        } else {
            let n: u64 = t.parse().map_err(|_| bad())?;
            if n == 0 || n > 100_000_000 {
                return Err(format!(
                    "`{text}`: the number of playouts goes from 1 to 100000000"
                ));
            }
            return Ok(Budget::Playouts(n));
        };
        if !seconds.is_finite() || seconds <= 0.0 || seconds > 3600.0 {
            return Err(format!(
                "`{text}`: the time goes from a millisecond to an hour"
            ));
        }
        Ok(Budget::Time(Duration::from_secs_f64(seconds)))
    }

    /// The budget as [`Budget::parse`] reads it back: `2000`, `2s`, `0.5s`.
    pub fn short(&self) -> String {
        match self {
            Budget::Playouts(n) => n.to_string(),
            Budget::Time(d) => format!("{}s", d.as_secs_f64()),
        }
    }
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::Playouts(n) => write!(f, "{n} playouts"),
            Budget::Time(d) => write!(f, "{}s", d.as_secs_f64()),
        }
    }
}

/// The tree's default memory budget, in MiB.
pub const DEFAULT_MEMORY_MIB: u64 = 256;

/// What a search may spend.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Options {
    pub budget: Budget,
    /// The most memory the tree may take, in MiB (at least one chunk of nodes, and the
    /// root's children, are always allowed).
    pub memory: u64,
}

impl Options {
    /// A budget with the default memory.
    pub fn new(budget: Budget) -> Options {
        Options {
            budget,
            memory: DEFAULT_MEMORY_MIB,
        }
    }
}

impl From<Budget> for Options {
    fn from(budget: Budget) -> Options {
        Options::new(budget)
    }
}

/// A mean result with the number of playouts behind it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Estimate {
    /// The mover's mean result, 0 to 1 (a game with no winner counts a half).
    pub mean: f64,
    pub playouts: u32,
}

impl Estimate {
    /// The 95% interval of the mean (Wilson's), `[0, 1]` without playouts.
    ///
    /// ```
    /// use weft::tools::ai::Estimate;
    /// let [lo, hi] = Estimate { mean: 1.0, playouts: 1 }.ci95();
    /// assert!(lo < 0.25 && hi == 1.0); // one won playout proves little
    /// ```
    pub fn ci95(&self) -> [f64; 2] {
        wilson_rate(self.mean, f64::from(self.playouts))
    }
}

impl fmt::Display for Estimate {
    /// `62% (95% interval 54-70%, 140 playouts)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [lo, hi] = self.ci95();
        write!(
            f,
            "{:.0}% (95% interval {:.0}-{:.0}%, {} playout{})",
            100.0 * self.mean,
            100.0 * lo,
            100.0 * hi,
            self.playouts,
            if self.playouts == 1 { "" } else { "s" }
        )
    }
}

/// What the search found about one move of the root.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveStat {
    pub mv: Move,
    /// Playouts that began with this move.
    pub visits: u32,
    /// The mover's mean result over those visits, 0 to 1.
    pub value: f64,
}

impl MoveStat {
    /// The value with the playouts behind it.
    pub fn estimate(&self) -> Estimate {
        Estimate {
            mean: self.value,
            playouts: self.visits,
        }
    }
}

/// The result of a search.
#[derive(Debug, Clone)]
pub struct Analysis {
    /// The move to play: the most visited first choice (a whole move, or the first
    /// step of a two-step turn), then in a two-step turn its most visited second step.
    pub best: Move,
    /// The root's searched moves: `best` first, then the others by their visits.
    pub moves: Vec<MoveStat>,
    pub playouts: u64,
    pub seconds: f64,
    /// Whether the search was stopped before its budget was spent (by `stop`).
    pub stopped: bool,
    /// Nodes in the tree at the end.
    pub nodes: usize,
    /// Whether the tree reached its memory budget (playouts then went on from its
    /// leaves).
    pub tree_full: bool,
}

impl Analysis {
    /// The mover's expected result after the best move with the playouts behind it, if
    /// it was searched.
    pub fn value(&self) -> Option<Estimate> {
        self.moves
            .first()
            .filter(|m| m.visits > 0)
            .map(MoveStat::estimate)
    }
}

/// The exploration constant of UCB1, for results between 0 and 1.
const EXPLORATION: f64 = 0.7;

/// Nodes per chunk of the tree (a chunk is 40 bytes a node: 640 KiB).
const CHUNK: usize = 1 << 14;

/// No node: the end of a sibling list.
const NONE: u32 = u32::MAX;

/// The most playouts one search makes (visits are counted in 32 bits, results in
/// half points).
const MAX_PLAYOUTS: u64 = (1 << 31) - 1;

/// A playout still going this many moves after the searched position counts as a game with no winner (a rule
/// file whose games need not end cannot hang the search).
const MAX_PLAYOUT_PLIES: u32 = 10_000;

/// A node: one choice of its parent's mover. Children form a list through `sibling`,
/// in a random order fixed when the parent is expanded; those from `untried` on have
/// never been chosen.
#[derive(Clone)]
struct Node {
    /// The move, or for a first step (`partial`) `Move::One(step)`.
    mv: Move,
    /// The first step of a two-step turn: choosing it changes nothing yet; its
    /// children choose the second step.
    partial: bool,
    expanded: bool,
    visits: u32,
    /// Results for the mover in half points (a win 2, a game with no winner 1), so
    /// that sums are exact.
    score: u32,
    child: u32,
    sibling: u32,
    untried: u32,
}

impl Node {
    fn new(mv: Move, partial: bool) -> Node {
        Node {
            mv,
            partial,
            expanded: false,
            visits: 0,
            score: 0,
            child: NONE,
            sibling: NONE,
            untried: NONE,
        }
    }

    fn mean(&self) -> f64 {
        f64::from(self.score) / (2.0 * f64::from(self.visits.max(1)))
    }
}

/// The nodes, in chunks that are kept from one search to the next.
struct Tree {
    chunks: Vec<Vec<Node>>,
    /// Nodes in use.
    len: usize,
    /// The most chunks the memory budget allows.
    max_chunks: usize,
}

impl Tree {
    fn new() -> Tree {
        Tree {
            chunks: Vec::new(),
            len: 0,
            max_chunks: 1,
        }
    }

    /// Empties the tree for a search with `memory` MiB.
    fn reset(&mut self, memory: u64) {
        let bytes = memory.saturating_mul(1 << 20);
        let chunk_bytes = (CHUNK * std::mem::size_of::<Node>()) as u64;
        self.max_chunks = usize::try_from(bytes / chunk_bytes)
            .unwrap_or(usize::MAX)
            .max(1);
        self.chunks.truncate(self.max_chunks);
        for c in &mut self.chunks {
            c.clear();
        }
        self.len = 0;
    }

    /// Whether `n` more nodes fit in the budget.
    fn has_room(&self, n: usize) -> bool {
        self.len + n <= self.max_chunks * CHUNK
    }

    fn push(&mut self, node: Node) -> u32 {
        let id = self.len;
        let (k, i) = (id / CHUNK, id % CHUNK);
        if i == 0 && self.chunks.len() == k {
            self.chunks.push(Vec::with_capacity(CHUNK));
        }
        self.chunks[k].push(node);
        self.len += 1;
        id as u32
    }

    fn get(&self, id: u32) -> &Node {
        let id = id as usize;
        &self.chunks[id / CHUNK][id % CHUNK]
    }

    fn get_mut(&mut self, id: u32) -> &mut Node {
        let id = id as usize;
        &mut self.chunks[id / CHUNK][id % CHUNK]
    }

    /// The children of `id`, in list order.
    fn children(&self, id: u32) -> Children<'_> {
        Children {
            tree: self,
            next: self.get(id).child,
        }
    }
}

struct Children<'a> {
    tree: &'a Tree,
    next: u32,
}

impl Iterator for Children<'_> {
    type Item = u32;
    fn next(&mut self) -> Option<u32> {
        (self.next != NONE).then(|| {
            let id = self.next;
            self.next = self.tree.get(id).sibling;
            id
        })
    }
}

/// The choices of a position: each move of one step, and each distinct first step of
/// the two-step moves (as `Move::One(step)`, partial). With `first`, only the moves of
/// that first step, as whole moves. Sorted, so the list depends on the moves alone.
fn choices(legal: &[Move], first: Option<Step>, out: &mut Vec<(Move, bool)>) {
    out.clear();
    for &m in legal {
        match (m, first) {
            (Move::Two(a, _), None) => out.push((Move::One(a), true)),
            (m, None) => out.push((m, false)),
            (Move::Two(a, _), Some(f)) if a == f => out.push((m, false)),
            _ => {}
        }
    }
    out.sort_unstable();
    out.dedup();
}

/// A search's reusable memory: the tree and its scratch lists. A player that searches
/// again and again (a match) keeps one, so that chunks are not allocated anew each move.
pub struct Searcher {
    tree: Tree,
    legal: Vec<Move>,
    choices: Vec<(Move, bool)>,
    path: Vec<(u32, usize)>,
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher::new()
    }
}

impl Searcher {
    pub fn new() -> Searcher {
        Searcher {
            tree: Tree::new(),
            legal: Vec::new(),
            choices: Vec::new(),
            path: Vec::new(),
        }
    }

    /// Gives `id` its children (all choices at `s`, or the completions of its first
    /// step), in a random order. False when the memory budget leaves no room.
    fn expand(&mut self, id: u32, s: &State, rng: &mut Rng) -> bool {
        let node = self.tree.get(id);
        let first = if node.partial {
            match node.mv {
                Move::One(step) => Some(step),
                _ => None,
            }
        } else {
            None
        };
        s.legal_moves_into(&mut self.legal);
        choices(&self.legal, first, &mut self.choices);
        let is_root = id == 0;
        if self.choices.is_empty() || (!is_root && !self.tree.has_room(self.choices.len())) {
            return false;
        }
        // Fisher-Yates: the order in which untried children are taken.
        for i in (1..self.choices.len()).rev() {
            let j = rng.below(i as u32 + 1) as usize;
            self.choices.swap(i, j);
        }
        let mut prev = NONE;
        for k in 0..self.choices.len() {
            let (mv, partial) = self.choices[k];
            let c = self.tree.push(Node::new(mv, partial));
            if prev == NONE {
                let n = self.tree.get_mut(id);
                n.child = c;
                n.untried = c;
            } else {
                self.tree.get_mut(prev).sibling = c;
            }
            prev = c;
        }
        self.tree.get_mut(id).expanded = true;
        true
    }

    /// The child of `id` to follow: the next untried one, else the best by UCB1. The
    /// second value says whether it was untried.
    fn select(&mut self, id: u32) -> Option<(u32, bool)> {
        let node = self.tree.get(id);
        if node.untried != NONE {
            let c = node.untried;
            let next = self.tree.get(c).sibling;
            self.tree.get_mut(id).untried = next;
            return Some((c, true));
        }
        let log_n = f64::from(node.visits.max(1)).ln();
        let mut best = None;
        let mut best_ucb = f64::NEG_INFINITY;
        for c in self.tree.children(id) {
            let n = self.tree.get(c);
            let v = f64::from(n.visits.max(1));
            let ucb = n.mean() + EXPLORATION * (log_n / v).sqrt();
            if ucb > best_ucb {
                best_ucb = ucb;
                best = Some(c);
            }
        }
        best.map(|c| (c, false))
    }

    /// A uniformly random completion of the first step `mv` (`Move::One(step)`) at `s`.
    fn random_completion(&mut self, s: &State, mv: Move, rng: &mut Rng) -> Option<Move> {
        let Move::One(step) = mv else { return None };
        s.legal_moves_into(&mut self.legal);
        choices(&self.legal, Some(step), &mut self.choices);
        if self.choices.is_empty() {
            return None;
        }
        let i = rng.below(self.choices.len() as u32) as usize;
        Some(self.choices[i].0)
    }

    /// Searches from `state` within `options` and returns the move to play, or `None`
    /// when the game is over. With a single legal move, that move is returned without
    /// searching. Stops early (after at least one playout) once `stop` is set, as the
    /// REPL's Ctrl-C handler does; the analysis then covers the playouts made so far.
    pub fn search(
        &mut self,
        state: &State,
        options: &Options,
        rng: &mut Rng,
        stop: &AtomicBool,
    ) -> Option<Analysis> {
        let start = Instant::now();
        let root_moves = state.legal_moves();
        if root_moves.is_empty() {
            return None;
        }
        if root_moves.len() == 1 {
            return Some(Analysis {
                best: root_moves[0],
                moves: vec![MoveStat {
                    mv: root_moves[0],
                    visits: 0,
                    value: 0.0,
                }],
                playouts: 0,
                seconds: start.elapsed().as_secs_f64(),
                stopped: false,
                nodes: 0,
                tree_full: false,
            });
        }
        self.tree.reset(options.memory);
        self.tree.push(Node::new(Move::Pass, false));
        let mut tree_full = false;
        let mut playouts = 0u64;
        // One state for every playout: `clone_from` reuses its buffers.
        let mut s = state.clone();
        let mut stopped = false;
        let ply_limit = state.ply().saturating_add(MAX_PLAYOUT_PLIES);
        loop {
            match options.budget {
                Budget::Playouts(n) if playouts >= n => break,
                Budget::Time(d) if playouts > 0 && start.elapsed() >= d => break,
                _ => {}
            }
            if playouts >= MAX_PLAYOUTS {
                break;
            }
            if playouts > 0 && stop.load(Ordering::Relaxed) {
                stopped = true;
                break;
            }
            s.clone_from(state);
            tree_full |= self.descend(&mut s, rng);
            // Simulation.
            s.play_out(rng, ply_limit);
            playouts += 1;
            self.backpropagate(winner_seat(&s));
        }
        let (best, moves) = self.root_stats(state, rng);
        Some(Analysis {
            best,
            moves,
            playouts,
            seconds: start.elapsed().as_secs_f64(),
            stopped,
            nodes: self.tree.len,
            tree_full,
        })
    }

    /// Selection and expansion: walks from the root to a leaf, playing the chosen moves
    /// on `s` and recording the path. A node is expanded when it is passed through
    /// after its first visit; a first step is expanded (or, with no room, completed at
    /// random) at once, so that the position always matches the path. Returns whether
    /// the memory budget refused an expansion.
    fn descend(&mut self, s: &mut State, rng: &mut Rng) -> bool {
        self.path.clear();
        let mut at = 0u32;
        let mut refused = false;
        loop {
            let node = self.tree.get(at);
            if s.is_over() {
                break;
            }
            // A fresh leaf (not a first step, which must be completed) ends the walk.
            if !node.expanded && !node.partial && node.visits == 0 && at != 0 {
                break;
            }
            if !node.expanded && !self.expand(at, s, rng) {
                refused = true;
                if self.tree.get(at).partial {
                    let mv = self.tree.get(at).mv;
                    if let Some(m) = self.random_completion(s, mv, rng) {
                        s.play_unchecked(m);
                    }
                }
                break;
            }
            let Some((c, fresh)) = self.select(at) else {
                break;
            };
            let mover = s.seat_of(s.to_move());
            self.path.push((c, mover));
            let child = self.tree.get(c);
            let (mv, partial) = (child.mv, child.partial);
            if !partial {
                s.play_unchecked(mv);
            }
            at = c;
            if fresh && !partial {
                break;
            }
        }
        refused
    }

    /// Counts one playout's result along the path.
    fn backpropagate(&mut self, winner: Option<usize>) {
        self.tree.get_mut(0).visits += 1;
        for &(id, mover) in &self.path {
            let n = self.tree.get_mut(id);
            n.visits += 1;
            n.score += match winner {
                Some(w) if w == mover => 2,
                Some(_) => 0,
                None => 1,
            };
        }
    }

    /// The best move and the searched moves of the root, best first.
    fn root_stats(&self, state: &State, rng: &mut Rng) -> (Move, Vec<MoveStat>) {
        let mut moves: Vec<MoveStat> = Vec::new();
        let mut best: Option<(u32, f64, Move)> = None;
        let better = |n: &Node, b: &Option<(u32, f64, Move)>| {
            b.is_none_or(|(v, m, _)| (n.visits, n.mean()) > (v, m))
        };
        for c in self.tree.children(0) {
            let n = self.tree.get(c);
            if n.visits == 0 {
                continue;
            }
            if !n.partial {
                moves.push(stat(n));
                if better(n, &best) {
                    best = Some((n.visits, n.mean(), n.mv));
                }
                continue;
            }
            // A first step: its most visited completion stands for it.
            let mut top: Option<(u32, f64, Move)> = None;
            for g in self.tree.children(c) {
                let m = self.tree.get(g);
                if m.visits > 0 {
                    moves.push(stat(m));
                    if better(m, &top) {
                        top = Some((m.visits, m.mean(), m.mv));
                    }
                }
            }
            if let Some((_, _, mv)) = top {
                if better(n, &best) {
                    best = Some((n.visits, n.mean(), mv));
                }
            }
        }
        moves.sort_by(|a, b| {
            b.visits
                .cmp(&a.visits)
                .then(b.value.total_cmp(&a.value))
                .then(a.mv.cmp(&b.mv))
        });
        let best = match best {
            Some((_, _, mv)) => mv,
            // Only when the memory budget left no room under the root's first steps.
            None => {
                let legal = state.legal_moves();
                legal[rng.below(legal.len() as u32) as usize]
            }
        };
        if let Some(i) = moves.iter().position(|m| m.mv == best) {
            let b = moves.remove(i);
            moves.insert(0, b);
        }
        (best, moves)
    }
}

fn stat(n: &Node) -> MoveStat {
    MoveStat {
        mv: n.mv,
        visits: n.visits,
        value: n.mean(),
    }
}

/// The seat that won a finished game, if anyone did.
fn winner_seat(end: &State) -> Option<usize> {
    match end.outcome() {
        Some(Outcome::Win(c)) => Some(end.seat_of(c)),
        _ => None,
    }
}

/// Searches from `state` and returns the move to play, or `None` when the game is over.
/// With a single legal move, that move is returned without searching.
pub fn search(state: &State, options: impl Into<Options>, rng: &mut Rng) -> Option<Analysis> {
    Searcher::new().search(state, &options.into(), rng, &AtomicBool::new(false))
}

/// [`search`], stopping early (after at least one playout) once `stop` is set, as the
/// REPL's Ctrl-C handler does; the analysis then covers the playouts made so far.
pub fn search_until(
    state: &State,
    options: impl Into<Options>,
    rng: &mut Rng,
    stop: &AtomicBool,
) -> Option<Analysis> {
    Searcher::new().search(state, &options.into(), rng, stop)
}

/// The tally of [`versus_random`].
#[derive(Debug, Clone, Default)]
pub struct VersusTally {
    pub games: u32,
    pub ai_wins: u32,
    pub random_wins: u32,
    /// Games with no winner.
    pub other: u32,
    pub ai_moves: u64,
    pub ai_seconds: f64,
}

impl VersusTally {
    pub fn win_rate(&self) -> f64 {
        f64::from(self.ai_wins) / f64::from(self.games.max(1))
    }
    pub fn seconds_per_move(&self) -> f64 {
        self.ai_seconds / self.ai_moves.max(1) as f64
    }
}

/// Plays `games` games from `start`, the computer against a uniformly random player,
/// the computer taking the first seat in even-numbered games and the second in odd
/// ones. Game `i` uses generators derived from `seed` and `i` only.
pub fn versus_random(
    start: &State,
    games: u32,
    options: impl Into<Options>,
    seed: u64,
) -> VersusTally {
    let options = options.into();
    let mut t = VersusTally {
        games,
        ..VersusTally::default()
    };
    let mut searcher = Searcher::new();
    let never = AtomicBool::new(false);
    for g in 0..games {
        let ai_seat = (g % 2) as usize;
        let mut ai_rng = Rng::for_game(seed, 2 * u64::from(g));
        let mut random_rng = Rng::for_game(seed, 2 * u64::from(g) + 1);
        let mut s = start.clone();
        while !s.is_over() {
            let mv = if s.seat_of(s.to_move()) == ai_seat {
                let a = searcher
                    .search(&s, &options, &mut ai_rng, &never)
                    .expect("the game is not over");
                t.ai_moves += 1;
                t.ai_seconds += a.seconds;
                a.best
            } else {
                s.random_move(&mut random_rng)
                    .expect("the game is not over")
            };
            s.play_unchecked(mv);
        }
        match winner_seat(&s) {
            Some(w) if w == ai_seat => t.ai_wins += 1,
            Some(_) => t.random_wins += 1,
            None => t.other += 1,
        }
    }
    t
}
