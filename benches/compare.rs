//! weft against hand-written code, side by side: random playouts per second of the
//! hand-written games in `handwritten/` and of weft interpreting the same rule files
//! (`games/NAME.game`), on one core, with the ratio. The games and their default
//! sizes: Crossway and Crosswind at 9, 13 and 19; Windborne at sides 5 and 7 (3
//! pawns); Crossings at 8 x 8.
//!
//! Both play the same game: the rules of the files (swap on where the game has it),
//! uniformly random moves, from the start position. The two alternate in rounds of
//! `--seconds` each (default 5 rounds of 1 s), so both see the same machine load; the
//! table gives medians over rounds, of wall-clock rates and of rates per CPU second
//! (the CPU time the thread got, which a busy machine disturbs less). Mean game
//! lengths are printed as a check that both play the same game.
//!
//! ```text
//! cargo bench --bench compare                        # the table
//! cargo bench --bench compare -- --rounds 9 --seconds 2 --sizes 19 --games crosswind
//! cargo bench --bench compare -- --games windborne,crossings
//! ```
//!
//! For instruction counts (callgrind) and profiles, `--count N` plays exactly N
//! playouts of each side of each row instead of the timed rounds (both from fixed
//! seeds), and `--only hand` or `--only weft` leaves the other side out (weft's rule
//! file is then not even loaded):
//!
//! ```text
//! valgrind --tool=callgrind target/release/deps/compare-* --games windborne --sizes 7 \
//!     --count 200 --only hand
//! ```

#[path = "handwritten/mod.rs"]
mod handwritten;

use handwritten as hw;
use hw::crossings::Crossings;
use hw::windborne::Windborne;
use std::sync::Arc;
use weft::engine::rng::Rng;
use weft::engine::state::State;
use weft::rules::Rules;
use weft::tools::bench::{self, Sample};
use weft::Overrides;

struct Options {
    rounds: usize,
    seconds: f64,
    /// `None`: each game's default sizes.
    sizes: Option<Vec<usize>>,
    games: Vec<String>,
    /// Exactly this many playouts per side instead of timed rounds.
    count: Option<u64>,
    /// "hand" or "weft": only that side.
    only: Option<String>,
}

/// The games, with their default sizes.
const GAMES: [(&str, &[usize]); 4] = [
    ("crossway", &[9, 13, 19]),
    ("crosswind", &[9, 13, 19]),
    ("windborne", &[5, 7]),
    ("crossings", &[8]),
];

fn options() -> Options {
    let mut o = Options {
        rounds: 5,
        seconds: 1.0,
        sizes: None,
        games: GAMES.iter().map(|g| g.0.to_string()).collect(),
        count: None,
        only: None,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1).cloned().unwrap_or_default();
        match args[i].as_str() {
            "--rounds" => o.rounds = value.parse().expect("--rounds N"),
            "--seconds" => o.seconds = value.parse().expect("--seconds S"),
            "--sizes" => {
                o.sizes = Some(
                    value
                        .split(',')
                        .map(|s| s.parse().expect("--sizes 9,13,19"))
                        .collect(),
                )
            }
            "--games" => o.games = value.split(',').map(String::from).collect(),
            "--count" => o.count = Some(value.parse().expect("--count N")),
            "--only" => {
                assert!(value == "hand" || value == "weft", "--only hand|weft");
                o.only = Some(value)
            }
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

/// A hand-written game.
enum Hand {
    Crossway(hw::Crossway),
    Crosswind(hw::Crosswind),
    Windborne(Box<Windborne>),
    Crossings(Crossings),
}

impl Hand {
    /// The game as `games/NAME.game` plays it at `size` (Windborne: 3 pawns; Crossings:
    /// size x size, the ply limit of the file).
    fn new(game: &str, size: usize) -> Hand {
        match game {
            "crossway" => Hand::Crossway(hw::Crossway::new(size, true)),
            "crosswind" => Hand::Crosswind(hw::Crosswind::new(size, true)),
            "windborne" => Hand::Windborne(Box::new(Windborne::new(size, 3, true))),
            "crossings" => Hand::Crossings(Crossings::new(size, size, 400)),
            other => panic!("no hand-written {other}: crossway, crosswind, windborne, crossings"),
        }
    }

    /// One playout from the start; its number of moves.
    #[inline]
    fn playout(&mut self, rng: &mut hw::Rng) -> u32 {
        match self {
            Hand::Crossway(g) => g.playout(rng).plies,
            Hand::Crosswind(g) => g.playout(rng).plies,
            Hand::Windborne(g) => g.playout(rng).plies,
            Hand::Crossings(g) => g.playout(rng).plies,
        }
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

/// `--count N`: exactly N playouts of each side (or of one), with their moves.
fn count(o: &Options, n: u64) {
    for game in &o.games {
        let defaults = GAMES.iter().find(|g| g.0 == game).map_or(&[][..], |g| g.1);
        for &size in o.sizes.as_deref().unwrap_or(defaults) {
            if o.only.as_deref() != Some("weft") {
                let mut hand = Hand::new(game, size);
                let mut rng = hw::Rng::new(size as u64);
                let t = std::time::Instant::now();
                let moves: u64 = (0..n).map(|_| u64::from(hand.playout(&mut rng))).sum();
                println!(
                    "{game} {size} hand-written: {n} playouts, {moves} moves, {:.3} s",
                    t.elapsed().as_secs_f64()
                );
            }
            if o.only.as_deref() != Some("hand") {
                let start = State::new(load(game, size));
                let s = bench::run_count(&start, n, size as u64);
                println!(
                    "{game} {size} weft: {} playouts, {} moves, {:.3} s",
                    s.playouts, s.moves, s.wall
                );
            }
        }
    }
}

fn main() {
    let o = options();
    if let Some(n) = o.count {
        count(&o, n);
        return;
    }
    println!(
        "weft vs hand-written, random playouts per second on one thread \
         ({} alternating rounds of {} s each; medians)",
        o.rounds, o.seconds
    );
    let mut rows = Vec::new();
    for game in &o.games {
        let defaults = GAMES.iter().find(|g| g.0 == game).map_or(&[][..], |g| g.1);
        for &size in o.sizes.as_deref().unwrap_or(defaults) {
            let start = State::new(load(game, size));
            let mut scratch = start.clone();
            let mut wrng = Rng::new(size as u64);
            let mut hrng = hw::Rng::new(size as u64);
            let mut hand = Hand::new(game, size);
            let mut row = Row {
                game: game.clone(),
                size,
                hand: Vec::new(),
                weft: Vec::new(),
            };
            // A short warm-up of both, then the rounds.
            bench::measure(0.1, || hand.playout(&mut hrng));
            bench::measure(0.1, || bench::playout(&start, &mut scratch, &mut wrng));
            for _ in 0..o.rounds {
                row.hand
                    .push(bench::measure(o.seconds, || hand.playout(&mut hrng)));
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
            "| {} | {} | {:.0} | {:.0} | {:.3} | {:.0} | {:.0} | {:.3} | {:.1} / {:.1} |",
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
