//! All integration tests, built as one binary (see `mod` lines).

mod architecture;
mod browser;
mod check;
mod cli;
mod common;
mod crosscheck;
mod crosscheck_movement;
mod diagnostics;
mod family;
mod fmt;
mod games;
mod goals;
mod golden;
mod hardening;
mod invariants;
mod lockstep;
mod lsp;
mod movement;
mod perft;
mod pictures;
mod ref_crossings;
mod ref_windborne;
mod repl;
mod sample;
mod solve;

#[path = "../benches/handwritten/mod.rs"]
mod handwritten;
