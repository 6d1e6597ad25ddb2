//! All integration tests, built as one binary (see `mod` lines).

mod ai;
mod architecture;
mod browser;
mod check;
mod cli;
mod common;
mod crosscheck;
mod crosscheck_movement;
mod diagnostics;
mod family;
mod family_moves;
mod fmt;
mod games;
mod goals;
mod golden;
mod hardening;
mod invariants;
mod lockstep;
mod lsp;
mod matches;
mod movement;
mod perft;
mod pictures;
mod ref_crossings;
mod ref_windborne;
mod repl;
mod repl_screens;
mod repl_terminal;
mod sample;
mod serve;
mod serve_browser;
mod serve_firefox;
mod solve;

#[path = "../benches/handwritten/mod.rs"]
mod handwritten;
