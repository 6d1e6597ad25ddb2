//! Perft tables in `tests/data/*.perft` checked against the engine.
//!
//! Each file holds `file`, optional `size`, `set name=value` and `swap no` lines, then `depth count`
//! lines; `#` starts a comment. The counts come from outside weft (the issue's
//! independently computed reference values, and the hand-written implementation in
//! `benches/handwritten`).

use crate::common::*;
use weft::engine::state::State;
use weft::tools::perft::perft;
use weft::Overrides;

struct Table {
    file: String,
    size: Option<i64>,
    sets: Vec<(String, String)>,
    swap: bool,
    counts: Vec<u64>,
    /// The depths checked by default (`quick N`; all without it or with
    /// `WEFT_DEEP_PERFT` set).
    quick: Option<usize>,
}

fn read_table(text: &str) -> Table {
    let mut t = Table {
        file: String::new(),
        size: None,
        sets: Vec::new(),
        swap: true,
        counts: Vec::new(),
        quick: None,
    };
    for line in text.lines() {
        let line = line.split('#').next().unwrap().trim();
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [] => {}
            ["file", f] => t.file = f.to_string(),
            ["size", n] => t.size = Some(n.parse().unwrap()),
            ["set", kv] => {
                let (k, v) = kv.split_once('=').expect("set name=value");
                t.sets.push((k.to_string(), v.to_string()));
            }
            ["swap", "no"] => t.swap = false,
            ["swap", "yes"] => t.swap = true,
            ["quick", d] => t.quick = Some(d.parse().unwrap()),
            [d, n] => {
                let d: usize = d.parse().unwrap();
                assert_eq!(d, t.counts.len() + 1, "depths in order from 1");
                t.counts.push(n.parse().unwrap());
            }
            other => panic!("bad perft line {other:?}"),
        }
    }
    t
}

#[test]
fn perft_tables_match() {
    let mut dir: Vec<_> = std::fs::read_dir(project("tests/data"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "perft"))
        .collect();
    dir.sort();
    assert!(dir.len() >= 4, "the perft data files are present");
    for path in dir {
        let t = read_table(&std::fs::read_to_string(&path).unwrap());
        let o = Overrides {
            sets: t.sets.clone(),
            size: t.size,
        };
        let loaded = weft::load_file(project(&t.file).to_str().unwrap(), &o).unwrap();
        let rules = if t.swap {
            loaded.rules
        } else {
            std::sync::Arc::new(loaded.rules.without_swap())
        };
        let deep = std::env::var_os("WEFT_DEEP_PERFT").is_some();
        let depth = match t.quick {
            Some(q) if !deep => q.min(t.counts.len()),
            _ => t.counts.len(),
        };
        let got = perft(&State::new(rules), depth);
        assert_eq!(got, t.counts[..depth], "{}", path.display());
    }
}

#[test]
fn perft_of_a_finished_game_is_empty_and_a_forced_pass_counts() {
    // Black must pass on this 4x4 Crossway position; the pass is the one move at depth 1.
    let s = position(
        "crossway",
        "
        X O X X
        O . . O
        X X O X
        O X O O",
        0,
    );
    let counts = perft(&s, 2);
    assert_eq!(counts[0], 1);
    // White then has b3 and c3 (each legal for White here).
    assert_eq!(
        counts[1],
        s.clone()
            .play(weft::engine::state::Move::Pass)
            .unwrap()
            .legal_moves()
            .len() as u64
    );
    assert_eq!(counts[1], 2);
}
