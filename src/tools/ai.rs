//! The computer player: Monte Carlo tree search (UCT) over the interpreter's own
//! uniformly random playouts, so it plays any game a rule file describes without
//! knowing anything about it.
//!
//! Each node keeps how often it was visited and how much the player who made its move
//! won from there (1 a win, ½ a game with no winner). Players are *seats*, not colours:
//! after a swap the first player plays the other colour, and a node's result is
//! counted for the seat that chose it. The budget is a number of playouts (the same
//! seed then gives the same move on any machine) or a time.

use crate::engine::rng::Rng;
use crate::engine::state::{Move, Outcome, State};
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
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::Playouts(n) => write!(f, "{n} playouts"),
            Budget::Time(d) => write!(f, "{}s", d.as_secs_f64()),
        }
    }
}

/// What the search found about one move of the root.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveStat {
    pub mv: Move,
    pub visits: u32,
    /// The mover's mean result over those visits, 0 to 1.
    pub value: f64,
}

/// The result of a search.
#[derive(Debug, Clone)]
pub struct Analysis {
    /// The move to play: the most visited.
    pub best: Move,
    /// The root's moves, most visited first.
    pub moves: Vec<MoveStat>,
    pub playouts: u64,
    pub seconds: f64,
    /// Whether the search was stopped before its budget was spent (by `stop`).
    pub stopped: bool,
}

impl Analysis {
    /// The mover's expected result after the best move (0 to 1), if it was searched.
    pub fn value(&self) -> Option<f64> {
        self.moves.first().filter(|m| m.visits > 0).map(|m| m.value)
    }
}

/// The exploration constant of UCB1, for results between 0 and 1.
const EXPLORATION: f64 = 0.7;

/// The tree stops growing at this many nodes (a few hundred megabytes at most); the
/// search goes on with playouts from its leaves, so a huge budget cannot exhaust memory.
const MAX_NODES: usize = 500_000;

struct Node {
    mv: Option<Move>,
    /// The seat that made `mv`.
    mover: u8,
    children: Vec<u32>,
    /// Legal moves not yet expanded; `None` until the node is first passed through.
    untried: Option<Vec<Move>>,
    visits: u32,
    wins: f64,
}

impl Node {
    fn new(mv: Option<Move>, mover: u8) -> Node {
        Node {
            mv,
            mover,
            children: Vec::new(),
            untried: None,
            visits: 0,
            wins: 0.0,
        }
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
pub fn search(state: &State, budget: Budget, rng: &mut Rng) -> Option<Analysis> {
    search_until(state, budget, rng, &AtomicBool::new(false))
}

/// [`search`], stopping early (after at least one playout) once `stop` is set, as the
/// REPL's Ctrl-C handler does; the analysis then covers the playouts made so far.
pub fn search_until(
    state: &State,
    budget: Budget,
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
        });
    }
    let mut nodes = vec![Node::new(None, 0)];
    nodes[0].untried = Some(root_moves);
    let mut path: Vec<u32> = Vec::new();
    let mut playouts = 0u64;
    // One state for every playout: `clone_from` reuses its buffers.
    let mut s = state.clone();
    let mut stopped = false;
    loop {
        match budget {
            Budget::Playouts(n) if playouts >= n => break,
            Budget::Time(d) if playouts > 0 && start.elapsed() >= d => break,
            _ => {}
        }
        if playouts > 0 && stop.load(Ordering::Relaxed) {
            stopped = true;
            break;
        }
        s.clone_from(state);
        let mut at = 0usize;
        path.clear();
        // Selection and expansion.
        while !s.is_over() {
            if nodes[at].untried.is_none() {
                nodes[at].untried = Some(s.legal_moves());
            }
            let full = nodes.len() >= MAX_NODES;
            let untried = nodes[at].untried.as_mut().expect("filled above");
            if !untried.is_empty() {
                if full {
                    break;
                }
                let i = rng.below(untried.len() as u32) as usize;
                let mv = untried.swap_remove(i);
                let mover = s.seat_of(s.to_move()) as u8;
                s.play_unchecked(mv);
                let id = nodes.len() as u32;
                nodes.push(Node::new(Some(mv), mover));
                nodes[at].children.push(id);
                path.push(id);
                break;
            }
            let log_n = f64::from(nodes[at].visits.max(1)).ln();
            // No untried move and no child would mean a game that is not over has no
            // legal move, which the state never allows; stop descending if it happens.
            let Some(best) = nodes[at].children.iter().copied().max_by(|&a, &b| {
                let ucb = |k: u32| {
                    let n = &nodes[k as usize];
                    let v = f64::from(n.visits.max(1));
                    n.wins / v + EXPLORATION * (log_n / v).sqrt()
                };
                ucb(a).total_cmp(&ucb(b))
            }) else {
                break;
            };
            at = best as usize;
            s.play_unchecked(nodes[at].mv.expect("only the root has no move"));
            path.push(best);
        }
        // Simulation.
        while let Some(mv) = s.random_move(rng) {
            s.play_unchecked(mv);
        }
        playouts += 1;
        // Backpropagation.
        let winner = winner_seat(&s);
        nodes[0].visits += 1;
        for &k in &path {
            let n = &mut nodes[k as usize];
            n.visits += 1;
            n.wins += match winner {
                Some(w) if w == n.mover as usize => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
        }
    }
    let mut moves: Vec<MoveStat> = nodes[0]
        .children
        .iter()
        .map(|&k| {
            let n = &nodes[k as usize];
            MoveStat {
                mv: n.mv.expect("a child has a move"),
                visits: n.visits,
                value: n.wins / f64::from(n.visits.max(1)),
            }
        })
        .collect();
    moves.sort_by(|a, b| b.visits.cmp(&a.visits).then(b.value.total_cmp(&a.value)));
    Some(Analysis {
        best: moves[0].mv,
        moves,
        playouts,
        seconds: start.elapsed().as_secs_f64(),
        stopped,
    })
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
pub fn versus_random(start: &State, games: u32, budget: Budget, seed: u64) -> VersusTally {
    let mut t = VersusTally {
        games,
        ..VersusTally::default()
    };
    for g in 0..games {
        let ai_seat = (g % 2) as usize;
        let mut ai_rng = Rng::for_game(seed, 2 * u64::from(g));
        let mut random_rng = Rng::for_game(seed, 2 * u64::from(g) + 1);
        let mut s = start.clone();
        while !s.is_over() {
            let mv = if s.seat_of(s.to_move()) == ai_seat {
                let a = search(&s, budget, &mut ai_rng).expect("the game is not over");
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
