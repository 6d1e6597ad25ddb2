//! The rule-file loader: every input gives rules or a report, never a panic, a hang
//! or an abort, and whatever loads also plays, lays out and tokenises.
//!
//! Inputs are structure-aware: a shipped game (any file in games/) with statements
//! removed, duplicated or added, each added statement grown token by token from what
//! the grammar accepts after what is already written (`lang::expect`), the fuzzer's
//! bytes choosing among the grammar's words, names, numbers and strings. So deep and
//! valid files are reached (new grammar rules need no change here). An input that
//! begins like a rule file (a letter or `#`) is read as raw text instead: the seed
//! corpus (the files of games/ and tests/data) and libFuzzer's byte mutations of it.

#![no_main]

#[path = "common.rs"]
mod common;

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use weft::engine::rng::Rng;
use weft::engine::state::State;
use weft::Overrides;

/// Names the grammar's `ident`s are drawn from: the usual players, pieces, edges,
/// parameters and regions of the shipped games, and a few that are nothing.
const NAMES: &[&str] = &[
    "black", "white", "stone", "disk", "pawn", "size", "side", "top", "bottom", "left", "right",
    "edges", "corners", "sides", "stars", "own", "a1", "b2", "c3", "x", "zz",
];
const NUMBERS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "5",
    "9",
    "19",
    "-1",
    "400",
    "99999999999999999999",
];
const STRINGS: &[&str] = &["\"x\"", "\"crosscut\"", "\"\"", "\"a \\\"b\\\"\""];

/// One edit of the base file.
#[derive(Arbitrary, Debug)]
enum Edit {
    /// Remove the statement on this line.
    Delete(u16),
    /// Repeat a line.
    Duplicate(u16),
    /// Add a statement grown from the grammar (the choices are read from the bytes).
    Grow(Vec<u8>),
    /// Add raw text.
    Raw(String),
}

#[derive(Arbitrary, Debug)]
struct Input {
    game: u8,
    size: Option<u8>,
    edits: Vec<Edit>,
    seed: u64,
}

/// A statement grown token by token from what the grammar accepts next.
fn grow(bytes: &[u8]) -> String {
    let mut u = Unstructured::new(bytes);
    let mut text = String::new();
    for _ in 0..40 {
        let Some(e) = weft::lang::expect::expected_after(&text) else {
            break;
        };
        let mut options: Vec<String> = e.words.clone();
        if e.name {
            options.extend(NAMES.iter().map(|s| s.to_string()));
        }
        if e.number {
            options.extend(NUMBERS.iter().map(|s| s.to_string()));
        }
        if e.string {
            options.extend(STRINGS.iter().map(|s| s.to_string()));
        }
        // Stopping is always an option once something is written.
        let stop = !text.is_empty();
        let n = options.len() + usize::from(stop);
        if n == 0 {
            break;
        }
        let Ok(k) = u.choose_index(n) else { break };
        if k == options.len() {
            break;
        }
        let word = &options[k];
        if !text.is_empty()
            && !text.ends_with(['(', ' '])
            && word != ")"
            && word != ","
            && word != ":"
        {
            text.push(' ');
        }
        text.push_str(word);
    }
    text
}

fuzz_target!(|data: &[u8]| {
    if data
        .first()
        .is_some_and(|b| b.is_ascii_alphabetic() || *b == b'#')
    {
        load(&String::from_utf8_lossy(data), None, 0);
        return;
    }
    if let Ok(input) = Input::arbitrary_take_rest(Unstructured::new(data)) {
        structured(input);
    }
});

fn structured(input: Input) {
    let games = common::games();
    let base = &games[input.game as usize % games.len()];
    let mut lines: Vec<String> = base.text.lines().map(String::from).collect();
    for edit in input.edits.iter().take(8) {
        let at = |i: u16| i as usize % (lines.len() + 1);
        match edit {
            Edit::Delete(i) if !lines.is_empty() => {
                let i = at(*i).min(lines.len() - 1);
                lines.remove(i);
            }
            Edit::Duplicate(i) if !lines.is_empty() => {
                let i = at(*i).min(lines.len() - 1);
                lines.insert(i, lines[i].clone());
            }
            Edit::Grow(bytes) => lines.push(grow(bytes)),
            Edit::Raw(s) => lines.push(s.chars().take(2000).collect()),
            _ => {}
        }
    }
    let text = lines.join("\n");
    load(&text, input.size.map(|s| i64::from(s % 9)), input.seed);
}

/// Loads a rule file's text; plays what loads.
fn load(text: &str, size: Option<i64>, seed: u64) {
    let overrides = Overrides { sets: vec![], size };
    match weft::load_str("fuzz.game", text, &overrides) {
        Ok(loaded) => {
            // Whatever loads plays to the end, with every move listed legal.
            let mut s = State::new(loaded.rules);
            let mut rng = Rng::new(seed);
            for _ in 0..2000 {
                let Some(m) = s.random_move(&mut rng) else {
                    break;
                };
                s.play_unchecked(m);
            }
            let _ = weft::lang::format::format(text);
        }
        Err(report) => {
            assert!(report.has_errors());
            let shown = report.to_string();
            assert!(!shown.is_empty());
        }
    }
    let _ = weft::lang::tokens::statements(text);
}
