//! What is computed from games: [`perft`] counts, random playouts ([`playout`]) and the
//! designer's report built from them ([`report`]), the speed measure ([`bench`]), exact
//! values of small boards ([`solve`]), and the computer player ([`ai`]).
//!
//! Tools import the engine and the rules layer; never the language or the interfaces.

pub mod ai;
pub mod bench;
pub mod perft;
pub mod playout;
pub mod report;
pub mod solve;
