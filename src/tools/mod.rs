//! What is computed from games: [`perft`] counts, random playouts ([`playout`]) and the
//! designer's report built from them ([`report`]), the speed measure ([`bench`]), exact
//! values of small boards ([`solve`]), the computer player ([`ai`]), players as values
//! ([`players`]), matches between them ([`matches`]) and the swap map ([`swapmap`]), and
//! the parts that slices of a run write and [`merge`] combines.
//!
//! Tools import the engine and the rules layer; never the language or the interfaces.

pub mod ai;
pub mod bench;
pub mod matches;
pub mod merge;
pub mod perft;
pub mod players;
pub mod playout;
pub mod report;
pub mod solve;
pub mod swapmap;
