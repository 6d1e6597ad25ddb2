//! weft: a general game-description interpreter for abstract connection games.
//!
//! A game is a text file (see `docs/LANGUAGE.md`). The code is five layers, each a
//! folder, with imports pointing one way only (see `ARCHITECTURE.md`):
//!
//! * [`rules`]: the compiled rules — their vocabulary, the board's geometry, the glyphs'
//!   matchers — immutable and shared; imports nothing else of weft;
//! * [`lang`]: the language — grammar binding, spanned AST, validation, diagnostics, and
//!   the compiler that is the only way to obtain `Rules` ([`lang::load_file`]);
//! * [`engine`]: plays a game — moves and their notation, move generation, sampling,
//!   connection, separation, the `State`; imports only `rules`;
//! * [`tools`]: what is computed from games — perft, random playouts and the check
//!   report, bench, solve, the computer player; imports `engine` and `rules`;
//! * [`interface`]: what people touch — the command line, the REPL, board drawings,
//!   records, replays; imports everything below it.

pub mod engine;
pub mod interface;
pub mod lang;
pub mod rules;
pub mod tools;

pub use lang::{load_file, load_str, LoadError, Loaded, Overrides};
