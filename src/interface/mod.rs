//! What people touch: the command line ([`cli`]), editors ([`lsp`]), the playtest REPL
//! ([`repl`]), the board as text ([`render`]) and as SVG pictures ([`picture`]), the
//! report as a web page ([`page`]) and a match's ([`match_page`]), saved games ([`record`]),
//! printed replays ([`replay`]), the playtest page ([`serve`]), files written ([`output`])
//! and notes on standard error ([`notice`]).
//!
//! The top layer: it may import every other; nothing imports it.

pub mod cli;
pub mod lsp;
pub mod match_page;
pub mod notice;
pub mod output;
pub mod page;
pub mod picture;
pub mod record;
pub mod render;
pub mod repl;
pub mod replay;
pub mod serve;
