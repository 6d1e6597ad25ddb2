//! Move notation and `--moves` against every shipped game: any text reads as a move
//! or a one-line error, a move reads back from its own notation, and a list of moves
//! replays through the checked path or stops at the first that does not, with its
//! index, never a panic.

#![no_main]

#[path = "common.rs"]
mod common;

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use weft::engine::state::{Move, State};

#[derive(Arbitrary, Debug)]
struct Input {
    game: u16,
    seed: u64,
    plies: u8,
    /// Text read as one move, and as a `--moves` list.
    text: String,
    /// Moves picked from the position's legal ones (by index), to reach deep games.
    picks: Vec<u16>,
}

fuzz_target!(|input: Input| {
    let rules = common::compiled();
    let (_, _, r) = &rules[input.game as usize % rules.len()];
    let start = common::position(r, input.seed, u32::from(input.plies % 40));
    // One move.
    if let Ok(m) = Move::parse(&input.text, r) {
        let text = m.to_text(r);
        assert_eq!(Move::parse(&text, r).ok(), Some(m), "{text} reads back");
        if let Ok(next) = start.clone().play(m) {
            assert!(start.is_legal(m).is_ok());
            assert_eq!(next.ply(), start.ply() + 1);
        }
    } else {
        let e = Move::parse(&input.text, r).unwrap_err().to_string();
        assert!(!e.contains('\n') || input.text.contains('\n'), "{e}");
    }
    // A `--moves` list: the fuzzer's text, then legal moves picked by index.
    let _ = start.clone().replay(&input.text);
    let mut words = Vec::new();
    let mut s = start.clone();
    for &p in input.picks.iter().take(64) {
        let legal = s.legal_moves();
        if legal.is_empty() || s.is_over() {
            break;
        }
        let m = legal[p as usize % legal.len()];
        words.push(m.to_text(r));
        s = s.play(m).expect("a listed move plays");
    }
    let replayed: State = start
        .clone()
        .replay(&words.join(" "))
        .expect("legal moves replay");
    assert_eq!(replayed.cells(), s.cells());
    assert_eq!(replayed.ply(), s.ply());
});
