//! All integration tests, built as one binary (see `mod` lines).

mod cli;
mod common;
mod crosscheck;
mod diagnostics;
mod games;
mod invariants;
mod perft;
mod solve;

#[path = "../benches/handwritten/mod.rs"]
mod handwritten;
