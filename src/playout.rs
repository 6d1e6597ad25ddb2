//! Uniformly random games and the basic report built from many of them.
//!
//! Game `i` of a run uses a generator derived from the run's seed and `i` alone,
//! and results are gathered in game order, so a report depends on the seed and not
//! on the number of threads.

use crate::rng::Rng;
use crate::state::{DrawKind, Move, Outcome, State};
use std::time::Instant;

/// What one random game did.
#[derive(Debug, Clone)]
pub struct GameSummary {
    pub outcome: Outcome,
    /// The seat (0 = first mover) of the winner, if any.
    pub winner_seat: Option<usize>,
    pub plies: u32,
    pub passes: u32,
    pub swapped: bool,
    /// The full move list, kept only for games that broke a claim.
    pub moves: Option<Vec<Move>>,
}

/// Plays one uniformly random game from `start`, recording its moves in `moves`
/// (cleared first). Returns the final state.
pub fn random_game(start: &State, rng: &mut Rng, moves: &mut Vec<Move>) -> State {
    let mut s = start.clone();
    moves.clear();
    while let Some(mv) = s.random_move(rng) {
        s.play_unchecked(mv);
        moves.push(mv);
    }
    s
}

/// Plays game number `index` of a run and summarises it.
pub fn summarize_game(start: &State, seed: u64, index: u64, moves: &mut Vec<Move>) -> GameSummary {
    let mut rng = Rng::for_game(seed, index);
    let end = random_game(start, &mut rng, moves);
    let outcome = end.outcome().expect("a random game runs to its end");
    let passes = moves.iter().filter(|m| **m == Move::Pass).count() as u32;
    GameSummary {
        outcome,
        winner_seat: match outcome {
            Outcome::Win(c) => Some(end.seat_of(c)),
            _ => None,
        },
        plies: end.ply() - start.ply(),
        passes,
        swapped: end.swapped(),
        moves: matches!(outcome, Outcome::Stopped(_)).then(|| moves.clone()),
    }
}

/// Plays games `0..count` on `threads` threads and returns their summaries in order.
pub fn run_games(start: &State, count: u64, seed: u64, threads: usize) -> Vec<GameSummary> {
    let threads = threads.max(1).min(count.max(1) as usize);
    let mut chunks: Vec<Vec<GameSummary>> = Vec::new();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let lo = count * t as u64 / threads as u64;
                    let hi = count * (t as u64 + 1) / threads as u64;
                    let mut moves = Vec::with_capacity(start.empty_count() + 8);
                    (lo..hi)
                        .map(|i| summarize_game(start, seed, i, &mut moves))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for h in handles {
            chunks.push(h.join().expect("a playout thread panicked"));
        }
    });
    chunks.into_iter().flatten().collect()
}

/// The basic random-play report.
#[derive(Debug, Clone, Default)]
pub struct Report {
    pub games: u64,
    pub wins_by_colour: [u64; 2],
    pub wins_by_seat: [u64; 2],
    pub draws_deadlock: u64,
    pub draws_ply_limit: u64,
    pub draws_other: u64,
    pub stopped: u64,
    pub swaps: u64,
    pub total_plies: u64,
    pub passes: u64,
    pub games_with_pass: u64,
    /// (game index, moves) of the games that broke a claim, the first few.
    pub broken: Vec<(u64, Vec<Move>)>,
    pub seconds: f64,
}

impl Report {
    pub fn playouts_per_second(&self) -> f64 {
        self.games as f64 / self.seconds.max(1e-9)
    }
    pub fn mean_length(&self) -> f64 {
        self.total_plies as f64 / self.games.max(1) as f64
    }
}

/// Runs `count` random games and tallies them.
pub fn report(start: &State, count: u64, seed: u64, threads: usize) -> Report {
    let t0 = Instant::now();
    let games = run_games(start, count, seed, threads);
    let mut r = Report {
        games: count,
        seconds: t0.elapsed().as_secs_f64(),
        ..Report::default()
    };
    for (i, g) in games.into_iter().enumerate() {
        match g.outcome {
            Outcome::Win(c) => {
                r.wins_by_colour[c] += 1;
                r.wins_by_seat[g.winner_seat.expect("a win has a seat")] += 1;
            }
            Outcome::Draw(DrawKind::Deadlock) => r.draws_deadlock += 1,
            Outcome::Draw(DrawKind::PlyLimit) => r.draws_ply_limit += 1,
            Outcome::Draw(_) => r.draws_other += 1,
            Outcome::Stopped(_) => {
                r.stopped += 1;
                if r.broken.len() < 3 {
                    r.broken.push((i as u64, g.moves.unwrap_or_default()));
                }
            }
        }
        r.swaps += u64::from(g.swapped);
        r.total_plies += u64::from(g.plies);
        r.passes += u64::from(g.passes);
        r.games_with_pass += u64::from(g.passes > 0);
    }
    r
}
