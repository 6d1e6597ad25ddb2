//! Pictures: positions and per-cell figures drawn as standalone SVG in each board's true
//! geometry (hexagons on hex boards, points on lines for boards of points, squares for
//! boards of squares, blocked cells marked), with the coordinates and each player's
//! edges in the player's colour. `weft render`, the REPL's `picture`, `weft replay
//! --svg` and the heatmaps of `weft check --html` all draw through here.
//!
//! The layout asks the board only for its grid, cells, blocked positions, names and
//! regions ([`geometry`]), and what a move did is read from the positions before and
//! after it ([`changes`]), so new board shapes and move kinds draw without changes.

pub mod board;
pub mod changes;
pub mod edges;
pub mod geometry;
pub mod heatmap;
pub mod legend;
pub mod position;
pub mod style;
pub mod svg;
pub mod winning;

pub use position::{caption, svg as position_svg, Marks};
