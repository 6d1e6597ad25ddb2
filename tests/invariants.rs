//! The generic invariant walk (after OpenSpiel's RandomSimTest): for every rule file
//! in games/ and several sizes, random games in which every state is checked —
//! legal moves non-empty unless over, `legal_moves` agreeing with `is_legal` on every
//! candidate move, clone equality, the record round trip through notation, a length
//! bound, and an outcome confirmed by an independent search of the board.

use crate::common::*;
use std::collections::VecDeque;
use weft::rng::Rng;
use weft::rules::Overrides;
use weft::state::{Move, Outcome, State};

/// Whether `colour` has a chain touching every one of its edges, by breadth-first search
/// over the board's public neighbour tables (independent of the engine's union-find).
fn connected(s: &State, colour: usize) -> bool {
    let r = s.rules();
    let b = r.board();
    let own = r.connect().own[colour];
    let nbrs = b.neighbours(r.connect().adjacency);
    let mut seen = vec![false; b.len()];
    for start in b.cells() {
        if seen[start as usize] || s.piece_at(start) != Some(colour) {
            continue;
        }
        let mut touched = 0;
        let mut queue = VecDeque::from([start]);
        seen[start as usize] = true;
        while let Some(c) = queue.pop_front() {
            touched |= b.regions_of(c);
            for &n in nbrs.of(c) {
                if !seen[n as usize] && s.piece_at(n) == Some(colour) {
                    seen[n as usize] = true;
                    queue.push_back(n);
                }
            }
        }
        if touched & own == own {
            return true;
        }
    }
    false
}

fn can_place(s: &State, colour: usize) -> bool {
    s.rules()
        .board()
        .cells()
        .any(|c| s.placement_problem(c, colour).is_none())
}

fn check_state(s: &State, start: &State, history: &[Move]) {
    let r = s.rules().clone();
    let legal = s.legal_moves();
    assert_eq!(s.clone(), *s, "clone equality");
    match s.outcome() {
        None => {
            assert!(!legal.is_empty(), "a game in progress has a move");
            assert!(!connected(s, 0) && !connected(s, 1), "nobody has won yet");
            if s.must_pass() {
                assert_eq!(legal, vec![Move::Pass]);
                assert!(!can_place(s, s.to_move()) && can_place(s, 1 - s.to_move()));
            }
        }
        Some(Outcome::Win(p)) => {
            assert!(legal.is_empty());
            assert!(connected(s, p), "the winner's chain exists");
            assert!(
                !connected(s, 1 - p),
                "only the mover can have completed a chain"
            );
        }
        Some(Outcome::Draw(_)) => {
            assert!(legal.is_empty());
            assert!(
                !can_place(s, 0) && !can_place(s, 1),
                "a deadlock: nobody can place"
            );
        }
        Some(Outcome::Stopped(_)) => {
            assert!(legal.is_empty());
            assert!(!can_place(s, s.to_move()), "the claim really broke");
        }
    }
    let candidates = r
        .board()
        .cells()
        .map(Move::Place)
        .chain([Move::Swap, Move::Pass]);
    for m in candidates {
        assert_eq!(
            s.is_legal(m).is_ok(),
            legal.contains(&m),
            "legal_moves and is_legal agree on {}",
            m.to_text(&r)
        );
    }
    // The record round trip: the history in notation, replayed through the checked path.
    let text: Vec<String> = history.iter().map(|m| m.to_text(&r)).collect();
    let replayed = start.clone().replay(&text.join(" ")).unwrap();
    assert_eq!(replayed, *s, "record round trip");
    assert!(
        (s.ply() as usize) <= 2 * r.board().len() + 2,
        "length bound: every placement fills a point"
    );
}

#[test]
fn invariant_walk_over_every_game_and_size() {
    let files = game_files();
    assert!(files.len() >= 3);
    for file in files {
        for size in [2, 3, 4, 5, 7, 9] {
            let o = Overrides {
                sets: vec![],
                size: Some(size),
            };
            let rules = weft::load_file(file.to_str().unwrap(), &o).unwrap().rules;
            let start = State::new(rules);
            for game in 0..12 {
                let mut rng = Rng::for_game(size as u64, game);
                let mut s = start.clone();
                let mut history = Vec::new();
                check_state(&s, &start, &history);
                while let Some(m) = s.random_move(&mut rng) {
                    assert!(s.is_legal(m).is_ok(), "random moves are legal");
                    s = s.play(m).unwrap();
                    history.push(m);
                    check_state(&s, &start, &history);
                }
                assert!(
                    s.is_over(),
                    "{} size {size}: the game ended",
                    file.display()
                );
            }
        }
    }
}
