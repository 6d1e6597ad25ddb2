//! `legals_are_legal`: in random positions of every shipped game (any file in games/,
//! at small sizes), every move `legal_moves` lists is accepted by the checked path
//! (`is_legal` and `play`), and every move the checked path accepts is listed. The
//! moves tried against the list: every placement, the swap and a pass, every one-piece
//! move on boards of up to 64 cells, every listed first step followed by every
//! placement, and moves the fuzzer builds from cell numbers.

#![no_main]

#[path = "common.rs"]
mod common;

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use std::collections::HashSet;
use weft::engine::moves::{Move, Step};
use weft::engine::state::State;
use weft::rules::board::Cell;

#[derive(Arbitrary, Debug)]
struct Input {
    game: u16,
    seed: u64,
    plies: u16,
    /// Moves built from cell numbers: (kind, cells).
    built: Vec<(u8, [u16; 5])>,
}

fn check(s: &State, listed: &HashSet<Move>, m: Move) {
    let accepted = s.is_legal(m).is_ok();
    let plays = s.clone().play(m).is_ok();
    assert_eq!(
        accepted,
        plays,
        "is_legal and play disagree on {}",
        m.to_text(s.rules())
    );
    assert_eq!(
        accepted,
        listed.contains(&m),
        "{} is {} but {} (position after {} plies)",
        m.to_text(s.rules()),
        if accepted { "accepted" } else { "refused" },
        if listed.contains(&m) {
            "listed"
        } else {
            "not listed"
        },
        s.ply()
    );
}

fuzz_target!(|input: Input| {
    let rules = common::compiled();
    let (_, _, r) = &rules[input.game as usize % rules.len()];
    let s = common::position(r, input.seed, u32::from(input.plies % 200));
    let list = s.legal_moves();
    let listed: HashSet<Move> = list.iter().copied().collect();
    assert_eq!(listed.len(), list.len(), "a move listed twice");
    for &m in &list {
        check(&s, &listed, m);
    }
    if s.is_over() {
        assert!(list.is_empty(), "moves listed in a finished game");
    }
    let cells: Vec<Cell> = r.board().cells().collect();
    let n = r.board().len();
    check(&s, &listed, Move::Swap);
    check(&s, &listed, Move::Pass);
    for &c in &cells {
        check(&s, &listed, Move::Place(c));
    }
    if cells.len() <= 64 {
        for &a in &cells {
            for &b in &cells {
                if a != b {
                    check(&s, &listed, Move::One(Step::Move { from: a, to: b }));
                }
            }
        }
    }
    let firsts: HashSet<Step> = list
        .iter()
        .filter_map(|m| match m {
            Move::Two(a, _) => Some(*a),
            _ => None,
        })
        .collect();
    for &a in &firsts {
        for &c in &cells {
            check(&s, &listed, Move::from_steps(&[a, Step::Place(c)]));
        }
    }
    for (kind, c) in input.built.iter().take(32) {
        let cell = |i: usize| (c[i] as usize % n.max(1)) as Cell;
        let step = |k: u8, i: usize| match k % 3 {
            0 => Step::Place(cell(i)),
            1 => Step::Move {
                from: cell(i),
                to: cell(i + 1),
            },
            _ => Step::Line {
                rear: cell(i),
                front: cell(i + 1),
                to: cell(i + 2),
            },
        };
        let first = step(*kind, 0);
        let m = if kind & 0x80 == 0 {
            Move::from_steps(&[first])
        } else {
            Move::from_steps(&[first, step(kind >> 2, 2)])
        };
        // Only moves in canonical form (a line of one is a move; `Place` alone is a
        // placement) can be compared with the list.
        if Move::parse(&m.to_text(r), r).ok() == Some(m) {
            check(&s, &listed, m);
        }
    }
});
