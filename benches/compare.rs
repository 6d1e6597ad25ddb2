//! weft against hand-written code, side by side: random playouts per second of the
//! hand-written Crossway and Crosswind in `handwritten/` and of weft interpreting
//! `games/crossway.game` and `games/crosswind.game`, at sizes 9, 13 and 19, on one
//! core, with the ratio.
//!
//! Both play the same game: the rules of the files (swap on), uniformly random
//! moves, from the empty board. The two alternate in rounds of `--seconds` each
//! (default 5 rounds of 1 s), so both see the same machine load; the table gives
//! medians over rounds, of wall-clock rates and of rates per CPU second (the CPU
//! time the thread got, which a busy machine disturbs less). Mean game lengths are
//! printed as a check that both play the same game.
//!
//! ```text
//! cargo bench --bench compare                        # the table
//! cargo bench --bench compare -- --rounds 9 --seconds 2 --sizes 19 --games crosswind
//! ```

#[path = "handwritten/mod.rs"]
mod handwritten;

use handwritten as hw;
use std::sync::Arc;
use weft::engine::rng::Rng;
use weft::engine::state::State;
use weft::rules::Rules;
use weft::tools::bench::{self, Sample};
use weft::Overrides;

struct Options {
    rounds: usize,
    seconds: f64,
    sizes: Vec<usize>,
    games: Vec<String>,
}

fn options() -> Options {
    let mut o = Options {
        rounds: 5,
        seconds: 1.0,
        sizes: vec![9, 13, 19],
        games: vec!["crossway".into(), "crosswind".into()],
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1).cloned().unwrap_or_default();
        match args[i].as_str() {
            "--rounds" => o.rounds = value.parse().expect("--rounds N"),
            "--seconds" => o.seconds = value.parse().expect("--seconds S"),
            "--sizes" => {
                o.sizes = value
                    .split(',')
                    .map(|s| s.parse().expect("--sizes 9,13,19"))
                    .collect()
            }
            "--games" => o.games = value.split(',').map(String::from).collect(),
            // `cargo bench` passes `--bench`; ignore it and anything unknown.
            _ => {
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    o
}

fn load(game: &str, size: usize) -> Arc<Rules> {
    let path = format!("{}/games/{game}.game", env!("CARGO_MANIFEST_DIR"));
    let o = Overrides {
        sets: vec![],
        size: Some(size as i64),
    };
    weft::load_file(&path, &o)
        .unwrap_or_else(|e| panic!("{e}"))
        .rules
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).expect("no NaN"));
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// One hand-written playout from the empty board; its number of moves.
fn hand_playout(
    game: &str,
    cw: &mut hw::Crossway,
    cd: &mut hw::Crosswind,
    rng: &mut hw::Rng,
) -> u32 {
    if game == "crossway" {
        cw.playout(rng).plies
    } else {
        cd.playout(rng).plies
    }
}

struct Row {
    game: String,
    size: usize,
    hand: Vec<Sample>,
    weft: Vec<Sample>,
}

impl Row {
    fn rate(v: &[Sample], per_cpu: bool) -> f64 {
        median(
            v.iter()
                .map(|s| {
                    if per_cpu {
                        s.playouts_per_cpu_second()
                    } else {
                        s.playouts_per_second()
                    }
                })
                .collect(),
        )
    }

    /// The median over rounds of weft's rate over the hand-written rate of the same round.
    fn ratio(&self, per_cpu: bool) -> f64 {
        median(
            self.hand
                .iter()
                .zip(&self.weft)
                .map(|(h, w)| {
                    if per_cpu {
                        w.playouts_per_cpu_second() / h.playouts_per_cpu_second()
                    } else {
                        w.playouts_per_second() / h.playouts_per_second()
                    }
                })
                .collect(),
        )
    }

    fn mean_length(v: &[Sample]) -> f64 {
        let moves: u64 = v.iter().map(|s| s.moves).sum();
        let games: u64 = v.iter().map(|s| s.playouts).sum();
        moves as f64 / games.max(1) as f64
    }
}

fn main() {
    let o = options();
    println!(
        "weft vs hand-written, random playouts per second on one thread \
         ({} alternating rounds of {} s each; medians)",
        o.rounds, o.seconds
    );
    let mut rows = Vec::new();
    for game in &o.games {
        for &size in &o.sizes {
            let start = State::new(load(game, size));
            let mut scratch = start.clone();
            let mut wrng = Rng::new(size as u64);
            let mut hrng = hw::Rng::new(size as u64);
            let mut cw = hw::Crossway::new(size, true);
            let mut cd = hw::Crosswind::new(size, true);
            let mut row = Row {
                game: game.clone(),
                size,
                hand: Vec::new(),
                weft: Vec::new(),
            };
            // A short warm-up of both, then the rounds.
            bench::measure(0.1, || hand_playout(game, &mut cw, &mut cd, &mut hrng));
            bench::measure(0.1, || bench::playout(&start, &mut scratch, &mut wrng));
            for _ in 0..o.rounds {
                row.hand.push(bench::measure(o.seconds, || {
                    hand_playout(game, &mut cw, &mut cd, &mut hrng)
                }));
                row.weft.push(bench::measure(o.seconds, || {
                    bench::playout(&start, &mut scratch, &mut wrng)
                }));
            }
            eprintln!(
                "{game} {size}: hand-written {:.0}/s, weft {:.0}/s",
                Row::rate(&row.hand, false),
                Row::rate(&row.weft, false)
            );
            rows.push(row);
        }
    }
    println!();
    println!(
        "| game | size | hand-written playouts/s | weft playouts/s | weft / hand | \
         hand per CPU s | weft per CPU s | weft / hand (CPU) | mean length hand / weft |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for r in &rows {
        println!(
            "| {} | {} | {:.0} | {:.0} | {:.2} | {:.0} | {:.0} | {:.2} | {:.1} / {:.1} |",
            r.game,
            r.size,
            Row::rate(&r.hand, false),
            Row::rate(&r.weft, false),
            r.ratio(false),
            Row::rate(&r.hand, true),
            Row::rate(&r.weft, true),
            r.ratio(true),
            Row::mean_length(&r.hand),
            Row::mean_length(&r.weft),
        );
    }
}
