//! The engine: plays a game under compiled rules. A [`state::State`] holds a position
//! and answers what may be played ([`movegen`], [`sample`]), plays it, and keeps what
//! the goals need incrementally ([`connect`], [`separation`]), and captures by
//! surrounding with the repetition rules ([`capture`]). Moves and their notation
//! are [`moves`]; per-game random streams are [`rng`]; how a cell's content is encoded
//! is `rules::content`, and the same cells as bit sets, for the generators that work on
//! whole sets, are [`planes`]: a step's cell condition as a set of cells is
//! [`cell_sets`], the cells free of a kind kept as a list [`free_cells`], slides drawn from the pieces' rays [`slides`], line moves [`lines`].
//!
//! The engine imports the rules layer and nothing else of weft: never the language.

pub mod capture;
pub mod cell_sets;
pub mod connect;
pub mod free_cells;
pub mod goals;
pub mod grid_bits;
pub mod lines;
pub mod movegen;
pub mod moves;
pub mod planes;
pub mod ring;
pub mod rng;
pub mod sample;
pub mod separation;
pub mod slides;
pub mod state;
