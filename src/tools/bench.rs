//! Measuring random-playout speed: how many uniformly random games (and moves) per
//! second a rule file plays, on one thread or several.
//!
//! Wall-clock rates on a shared machine say as much about the neighbours as about
//! weft, so every measurement also records the CPU time the measuring threads got
//! (Linux's `/proc/thread-self/schedstat`, nanoseconds on a CPU): playouts per CPU
//! second are what compare runs taken under different loads. `benches/compare.rs`
//! uses [`measure`] to time weft and the hand-written reference in one process.

use crate::engine::rng::Rng;
use crate::engine::state::State;
use std::time::{Duration, Instant};

/// Work done and time spent by one measurement.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Sample {
    pub playouts: u64,
    /// Moves played in those playouts (passes and the swap included).
    pub moves: u64,
    /// Elapsed wall-clock seconds.
    pub wall: f64,
    /// CPU seconds the measuring threads got (equal to `wall` where the platform
    /// does not say).
    pub cpu: f64,
}

impl Sample {
    /// Playouts per wall-clock second.
    pub fn playouts_per_second(&self) -> f64 {
        self.playouts as f64 / self.wall.max(1e-9)
    }

    /// Moves per wall-clock second.
    pub fn moves_per_second(&self) -> f64 {
        self.moves as f64 / self.wall.max(1e-9)
    }

    /// Playouts per CPU second (summed over threads).
    pub fn playouts_per_cpu_second(&self) -> f64 {
        self.playouts as f64 / self.cpu.max(1e-9)
    }

    /// Adds another sample's work and CPU time; the wall time is the longer one (the
    /// samples ran side by side).
    pub fn merge(&mut self, o: &Sample) {
        self.playouts += o.playouts;
        self.moves += o.moves;
        self.wall = self.wall.max(o.wall);
        self.cpu += o.cpu;
    }
}

/// The CPU time the calling thread has used, in seconds, if the platform says.
pub fn thread_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns as f64 * 1e-9)
}

/// Calls `playout` (which plays one game and returns its number of moves) for about
/// `seconds` of wall-clock time on the calling thread.
pub fn measure(seconds: f64, mut playout: impl FnMut() -> u32) -> Sample {
    let cpu0 = thread_cpu_seconds();
    let t0 = Instant::now();
    let limit = Duration::from_secs_f64(seconds.max(0.0));
    let mut s = Sample::default();
    // Read the clock about every millisecond, not after every game.
    let mut batch = 1u64;
    loop {
        let b0 = Instant::now();
        for _ in 0..batch {
            s.moves += u64::from(playout());
        }
        s.playouts += batch;
        let now = Instant::now();
        if now - t0 >= limit {
            break;
        }
        if (now - b0).as_micros() < 500 {
            batch *= 2;
        }
    }
    s.wall = t0.elapsed().as_secs_f64();
    s.cpu = match (cpu0, thread_cpu_seconds()) {
        (Some(a), Some(b)) => b - a,
        _ => s.wall,
    };
    s
}

/// Plays one uniformly random game from `start` in `scratch` (overwritten) and
/// returns its number of moves. Reusing `scratch` keeps the loop free of allocation.
#[inline]
pub fn playout(start: &State, scratch: &mut State, rng: &mut Rng) -> u32 {
    scratch.clone_from(start);
    scratch.play_out(rng, u32::MAX)
}

/// Plays random games from `start` on `threads` threads for about `seconds`. Thread
/// `t` draws from `Rng::for_game(seed, t)`. A thread that cannot be started is an
/// error (a measurement on fewer threads than asked would mislead).
pub fn run(start: &State, seconds: f64, threads: usize, seed: u64) -> std::io::Result<Sample> {
    let threads = threads.max(1);
    let mut total = Sample::default();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                std::thread::Builder::new().spawn_scoped(scope, move || {
                    let mut rng = Rng::for_game(seed, t as u64);
                    let mut scratch = start.clone();
                    measure(seconds, || playout(start, &mut scratch, &mut rng))
                })
            })
            .collect();
        let mut spawn_error = None;
        for h in handles {
            match h {
                Ok(h) => total.merge(&h.join().expect("a bench thread panicked")),
                Err(e) => {
                    spawn_error.get_or_insert(e);
                }
            }
        }
        match spawn_error {
            Some(e) => Err(std::io::Error::new(
                e.kind(),
                format!("cannot start a bench thread ({threads} asked for): {e}"),
            )),
            None => Ok(total),
        }
    })
}

/// Plays exactly `count` random games from `start` on the calling thread (for
/// instruction-count profiles, which want the same work every run).
pub fn run_count(start: &State, count: u64, seed: u64) -> Sample {
    let mut rng = Rng::for_game(seed, 0);
    let mut scratch = start.clone();
    let t0 = Instant::now();
    let cpu0 = thread_cpu_seconds();
    let mut s = Sample::default();
    for _ in 0..count {
        s.moves += u64::from(playout(start, &mut scratch, &mut rng));
        s.playouts += 1;
    }
    s.wall = t0.elapsed().as_secs_f64();
    s.cpu = match (cpu0, thread_cpu_seconds()) {
        (Some(a), Some(b)) => b - a,
        _ => s.wall,
    };
    s
}
