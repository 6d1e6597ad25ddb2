//! The computer player's search: two-step turns searched as two decisions, a tree that
//! stays within its memory budget, estimates that carry their playouts, and the same
//! move for the same seed.

use crate::common::*;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use weft::engine::rng::Rng;
use weft::engine::state::{Move, State};
use weft::tools::ai::{self, Budget, Options};

/// A Windborne position after the setup (the pawns placed), reached by random moves.
fn windborne_after_setup(side: i64, seed: u64) -> State {
    let mut s = State::new(rules("windborne", side));
    let mut rng = Rng::new(seed);
    while s
        .legal_moves()
        .iter()
        .all(|m| !matches!(m, Move::Two(weft::engine::moves::Step::Move { .. }, _)))
    {
        let mv = s
            .random_move(&mut rng)
            .expect("the setup does not end the game");
        s.play_unchecked(mv);
    }
    s
}

/// Issue 17, item 8: at Windborne side 7 a turn has thousands of legal moves. A flat
/// search of 3,000 playouts gave every move one playout at most and reported "100% of
/// 1 playouts"; searching the first step, then the second, gives the chosen move real
/// evidence.
#[test]
fn a_two_step_turn_with_thousands_of_moves_is_searched_step_by_step() {
    let s = windborne_after_setup(7, 3);
    let legal = s.legal_moves().len();
    assert!(legal > 3000, "{legal} legal moves");
    // The answer depends on the playouts' random stream: over positions 3 to 6 and
    // seeds 1 to 6, 7 searches of 24 ended on a first step whose most visited
    // completion has one playout with the draws of 2026-11-25; with the slides and
    // placements drawn from bit sets (2026-11-28), seeds 2 and 5 of 1 to 6 do here. A
    // flat search gives the chosen move one playout at every seed: most seeds must
    // give it twenty or more.
    let mut evidenced = Vec::new();
    for seed in 1..=6 {
        let a = ai::search(&s, Budget::Playouts(3000), &mut Rng::new(seed)).unwrap();
        let v = a.value().expect("the best move was searched");
        if v.playouts >= 20 {
            evidenced.push(seed);
        }
    }
    assert!(
        evidenced.len() >= 3,
        "the best move had 20 playouts or more only with seeds {evidenced:?} of 1 to 6"
    );
}

/// Positions of Hex with two stones a turn (`tests/data/double.game`, 2,352 moves at the
/// start) where few two-step moves win at once: the search plays one of them.
#[test]
fn the_search_finds_an_immediate_win_in_a_two_step_turn() {
    use weft::engine::state::Outcome;
    let rules = load("tests/data/double.game", None, &[]);
    let mut found = 0;
    for seed in 0..200 {
        let mut s = State::new(rules.clone());
        let mut rng = Rng::new(seed);
        while !s.is_over() {
            let legal = s.legal_moves();
            let mover = s.to_move();
            let wins: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|&m| {
                    let mut t = s.clone();
                    t.play_unchecked(m);
                    t.outcome() == Some(Outcome::Win(mover))
                })
                .collect();
            if !wins.is_empty() && wins.len() * 20 < legal.len() {
                let a = ai::search(&s, Budget::Playouts(3000), &mut Rng::new(6)).unwrap();
                assert!(
                    wins.contains(&a.best),
                    "seed {seed}: played {} where {} of {} moves win: {}",
                    a.best.to_text(s.rules()),
                    wins.len(),
                    legal.len(),
                    wins.iter()
                        .map(|m| m.to_text(s.rules()))
                        .collect::<Vec<_>>()
                        .join(" ")
                );
                found += 1;
                break;
            }
            let mv = s.random_move(&mut rng).unwrap();
            s.play_unchecked(mv);
        }
        if found == 5 {
            return;
        }
    }
    panic!("only {found} positions with a rare immediate win were found");
}

#[test]
fn the_same_seed_gives_the_same_move_and_figures() {
    let s = windborne_after_setup(5, 1);
    let run = || {
        let a = ai::search(&s, Budget::Playouts(400), &mut Rng::new(9)).unwrap();
        (a.best, a.moves, a.playouts, a.nodes)
    };
    assert_eq!(run(), run());
}

#[test]
fn a_win_rate_comes_with_its_playouts_and_interval() {
    let e = ai::Estimate {
        mean: 1.0,
        playouts: 1,
    };
    assert_eq!(e.to_string(), "100% (95% interval 21-100%, 1 playout)");
    let e = ai::Estimate {
        mean: 0.62,
        playouts: 400,
    };
    assert_eq!(e.to_string(), "62% (95% interval 57-67%, 400 playouts)");
}

/// Issue 18, item 10: the tree stops growing at its memory budget, and the search goes
/// on from its leaves.
#[test]
fn the_tree_stays_within_its_memory_budget() {
    let s = State::new(rules("crossway", 13));
    let small = Options {
        budget: Budget::Playouts(20_000),
        memory: 1,
    };
    let a = ai::search(&s, small, &mut Rng::new(1)).unwrap();
    assert_eq!(a.playouts, 20_000);
    assert!(a.tree_full, "{} nodes", a.nodes);
    // 1 MiB holds one chunk of 16,384 nodes of 40 bytes.
    assert!(a.nodes <= 16_384, "{} nodes", a.nodes);
    let big = ai::search(&s, Budget::Playouts(20_000), &mut Rng::new(1)).unwrap();
    assert!(!big.tree_full && big.nodes > 16_384, "{} nodes", big.nodes);
}

/// The peak resident memory of `weft play` after a hint of `playouts`, in KiB.
fn peak_after_hint(memory: &str, playouts: u32) -> u64 {
    let mut child = Command::new(env!("CARGO_BIN_EXE_weft"))
        .args([
            "play",
            "games/crossway.game",
            "--size",
            "13",
            "--seed",
            "1",
            "--memory",
            memory,
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("weft starts");
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "hint {playouts}").unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    for line in lines.by_ref() {
        if line.unwrap().starts_with("hint for") {
            break;
        }
    }
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
    writeln!(stdin, "quit").unwrap();
    drop(stdin);
    child.wait().unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmHWM in /proc")
}

/// The budget holds for the whole process, measured from outside: 30,000 playouts on
/// 13x13 grow a tree of about 30 MB, and `--memory 4` keeps it within 4 MiB.
#[test]
fn play_memory_bounds_the_process() {
    let base = peak_after_hint("4", 10);
    let bounded = peak_after_hint("4", 30_000);
    let free = peak_after_hint("1024", 30_000);
    assert!(
        bounded <= base + 4 * 1024 + 1024,
        "--memory 4: {bounded} KiB peak, {base} KiB at rest"
    );
    assert!(
        free > base + 8 * 1024,
        "without a tight budget the same search takes more: {free} KiB"
    );
}
