//! The generic invariant walk (after OpenSpiel's RandomSimTest): for every rule file
//! in games/ and several sizes within its parameter ranges, random games in which
//! every state is checked — legal moves non-empty unless over, `legal_moves` agreeing
//! with `is_legal` (on every legal move and on many illegal candidates), clone
//! equality, the record round trip through notation, a length bound, and for
//! connection games an outcome confirmed by an independent search of the board.

use crate::common::*;
use std::collections::{HashMap, HashSet, VecDeque};
use weft::engine::rng::Rng;
use weft::engine::separation::KeptSide;
use weft::engine::state::{Decider, Move, Outcome, Slot, State, Step};
use weft::rules::{Adjacency, Goal, StepRule, Touch, Verdict};
use weft::Overrides;

/// Whether `colour` has a chain touching every one of its edges, by breadth-first search
/// over the board's public neighbour tables (independent of the engine's union-find).
fn connected(s: &State, colour: usize) -> bool {
    let r = s.rules();
    let b = r.board();
    let own = r.connect().own[colour];
    // The connection goals that count for this player (rings are checked in lockstep
    // with an independent implementation, tests/lockstep.rs).
    let goals: Vec<(Adjacency, u32, u32)> = r
        .goals()
        .iter()
        .filter(|g| g.verdict == Verdict::Win && g.applies_to(colour))
        .filter_map(|g| match g.goal {
            Goal::Connect {
                touch, adjacency, ..
            } => Some(match touch {
                Touch::OwnEdges => (adjacency, own, own.count_ones()),
                Touch::Some { regions, need } => (adjacency, regions, need),
            }),
            _ => None,
        })
        .collect();
    for (adjacency, want, need) in goals {
        let nbrs = b.neighbours(adjacency);
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
            if need > 0 && (touched & want).count_ones() >= need {
                return true;
            }
        }
    }
    false
}

/// Moves that are probably illegal: every single placement, and each legal move with
/// one cell of one step moved to a neighbouring cell.
fn candidates(s: &State, legal: &[Move]) -> Vec<Move> {
    let r = s.rules();
    let b = r.board();
    let mut out: Vec<Move> = b.cells().map(Move::Place).collect();
    out.extend([Move::Swap, Move::Pass]);
    let shift = |c: u16, k: usize| -> u16 {
        let n = b.neighbours(weft::rules::Adjacency::All).of(c);
        if n.is_empty() {
            c
        } else {
            n[k % n.len()]
        }
    };
    for (i, m) in legal.iter().enumerate().take(200) {
        let (steps, n) = m.steps();
        if n == 0 {
            continue;
        }
        let mut st: Vec<Step> = steps[..n].to_vec();
        let j = i % n;
        st[j] = match st[j] {
            Step::Place(c) => Step::Place(shift(c, i)),
            Step::Move { from, to } => Step::Move {
                from,
                to: shift(to, i),
            },
            Step::Line { rear, front, to } => Step::Line {
                rear,
                front,
                to: shift(to, i),
            },
        };
        out.push(Move::from_steps(&st));
        if n == 2 {
            out.push(Move::from_steps(&[steps[1], steps[0]]));
        }
    }
    out
}

fn check_state(s: &State, start: &State, history: &[Move]) {
    let r = s.rules().clone();
    let legal = s.legal_moves();
    assert_eq!(s.clone(), *s, "clone equality");
    let placement = r.has_connect_goal() && r.is_placement_only();
    match s.outcome() {
        None => {
            assert!(!legal.is_empty(), "a game in progress has a move");
            if placement {
                assert!(!connected(s, 0) && !connected(s, 1), "nobody has won yet");
            }
            if s.must_pass() {
                assert_eq!(legal, vec![Move::Pass]);
            }
        }
        Some(Outcome::Win(p)) => {
            assert!(legal.is_empty());
            let by_connection = matches!(
                s.decided_by(),
                Some(Decider::Goal(i)) if matches!(r.goals()[i as usize].goal, Goal::Connect { .. })
                    && r.goals()[i as usize].verdict == Verdict::Win
            );
            if placement && by_connection {
                assert!(connected(s, p), "the winner's chain exists");
                assert!(
                    !connected(s, 1 - p),
                    "only the mover can have completed a chain"
                );
            }
        }
        Some(_) => assert!(legal.is_empty()),
    }
    // The piece counts (kept move by move where conditions read them) agree with the
    // pieces on the board.
    for k in 0..r.pieces().len() {
        for (owner, slot) in [
            (Some(0), Slot::Player(0)),
            (Some(1), Slot::Player(1)),
            (None, Slot::Neutral),
        ] {
            let on_board = r.board().cells().filter(|&c| s.slot(k, c) == slot).count();
            assert_eq!(s.count(k, owner), on_board, "count of kind {k}, {slot:?}");
        }
        // So do the bit planes, where kept, cell by cell (every grid position).
        let Some(planes) = s.planes() else {
            continue;
        };
        let bit = |words: &[u64], c: usize| words[c / 64] >> (c % 64) & 1 == 1;
        for c in 0..r.board().len() {
            let slot = s.slot(k, c as u16);
            for (code, owner) in [
                (1, Slot::Player(0)),
                (2, Slot::Player(1)),
                (3, Slot::Neutral),
            ] {
                assert_eq!(
                    bit(planes.holding(k, code), c),
                    slot == owner,
                    "plane {code} of kind {k}"
                );
            }
            assert_eq!(
                bit(planes.occupied(k), c),
                slot != Slot::Empty,
                "kind {k} occupied"
            );
        }
    }
    // The region labels kept for separations describe the regions of the position:
    // cells share a kept label exactly when they share a label made afresh.
    if let Some(planes) = s.planes() {
        let b = r.board();
        for k in 0..r.pieces().len() {
            for colour in 0..2 {
                let Some(kept) = s.region_labels(k, colour) else {
                    continue;
                };
                let member = planes.holding(k, colour as u8 + 1);
                let fresh = KeptSide::new(b, b.natural_adjacency(), member);
                let (mut there, mut back) = (HashMap::new(), HashMap::new());
                for c in b.cells().filter(|&c| s.slot(k, c) != Slot::Player(colour)) {
                    let (a, z) = (kept.label(c), fresh.label(c));
                    assert_eq!(*there.entry(a).or_insert(z), z, "kept regions of kind {k}");
                    assert_eq!(*back.entry(z).or_insert(a), a, "kept regions of kind {k}");
                }
            }
        }
    }
    let set: HashSet<Move> = legal.iter().copied().collect();
    assert_eq!(set.len(), legal.len(), "no move is listed twice");
    for &m in &legal {
        assert_eq!(
            s.is_legal(m),
            Ok(()),
            "listed move {} is legal",
            m.to_text(&r)
        );
        // Notation round trip of every listed move.
        assert_eq!(Move::parse(&m.to_text(&r), &r), Ok(m));
    }
    for m in candidates(s, &legal) {
        assert_eq!(
            s.is_legal(m).is_ok(),
            set.contains(&m),
            "legal_moves and is_legal agree on {}",
            m.to_text(&r)
        );
    }
    // The record round trip: the history in notation, replayed through the checked path.
    let text: Vec<String> = history.iter().map(|m| m.to_text(&r)).collect();
    let replayed = start.clone().replay(&text.join(" ")).unwrap();
    assert_eq!(replayed, *s, "record round trip");
    // Every turn placing a piece that never leaves bounds a game by the board; games
    // whose pieces move without placing or are captured get a sanity bound only.
    let places = r.capture().is_none()
        && r.turns().iter().all(|t| {
            t.steps
                .iter()
                .any(|st| matches!(st, StepRule::Place { .. }))
        });
    let n = r.board().len();
    let bound = r
        .ply_limit()
        .map_or(if places { 2 * n + 2 } else { 200 * n }, |l| l as usize);
    assert!((s.ply() as usize) <= bound, "length bound");
}

#[test]
fn invariant_walk_over_every_game_and_size() {
    let files = game_files();
    assert!(files.len() >= 6);
    for file in files {
        let base = weft::load_file(file.to_str().unwrap(), &Overrides::default()).unwrap();
        let name = base.rules.name().to_string();
        // Small boards keep this quick; movement games get fewer, shorter games.
        let (sizes, games): (Vec<i64>, u64) = match () {
            _ if base.rules.is_placement_only() && base.rules.pieces().len() == 1 => {
                (vec![2, 3, 4, 5, 7, 9], 12)
            }
            _ if base.rules.has_race() => (vec![5, 6], 3),
            _ => (vec![3, 4], 4),
        };
        let mut ran = 0;
        // A game whose board has no size parameter is walked at its one size.
        for size in sizes.into_iter().map(Some).chain([None]) {
            if size.is_none() && ran > 0 {
                break;
            }
            let o = Overrides { sets: vec![], size };
            let Ok(loaded) = weft::load_file(file.to_str().unwrap(), &o) else {
                continue; // outside this file's parameter range
            };
            let start = State::new(loaded.rules);
            ran += 1;
            for game in 0..games {
                let mut rng = Rng::for_game(size.unwrap_or(0) as u64, game);
                let mut s = start.clone();
                let mut history = Vec::new();
                check_state(&s, &start, &history);
                while let Some(m) = s.random_move(&mut rng) {
                    assert!(s.is_legal(m).is_ok(), "random moves are legal");
                    s = s.play(m).unwrap();
                    history.push(m);
                    check_state(&s, &start, &history);
                }
                assert!(s.is_over(), "{name} size {size:?}: the game ended");
            }
        }
        assert!(ran > 0, "{name}: no size could be loaded");
    }
}

/// The same walk over the test rule files that the games in games/ do not cover:
/// separations whose walls slide or are captured, and slides of every kind.
#[test]
fn invariant_walk_over_the_test_games() {
    for name in ["walls-sliding", "walls-captured", "slides-mixed"] {
        let path = project(&format!("tests/data/{name}.game"));
        let loaded = weft::load_file(path.to_str().unwrap(), &Overrides::default()).unwrap();
        let start = State::new(loaded.rules);
        for game in 0..4 {
            let mut rng = Rng::for_game(17, game);
            let mut s = start.clone();
            let mut history = Vec::new();
            check_state(&s, &start, &history);
            while let Some(m) = s.random_move(&mut rng) {
                s = s.play(m).unwrap();
                history.push(m);
                check_state(&s, &start, &history);
            }
            assert!(s.is_over(), "{name}: the game ended");
        }
    }
}
