//! `weft replay`: prints a game position by position, so that a counterexample
//! from `weft check` (or a game saved by the REPL) can be inspected without
//! typing it in.

use crate::engine::state::{describe_outcome, Move, ReplayError, State};
use crate::interface::render;

/// Plays `moves` from `start` and writes every position: the start, then each
/// move with the position after it, then the outcome or who is to move. On an
/// unreadable or illegal move, returns what was written so far and the reason.
pub fn replay(start: State, moves: &str) -> (String, Result<State, ReplayError>) {
    let rules = start.rules().clone();
    let mut out = String::new();
    let b = rules.board();
    out.push_str(&format!(
        "{}, {}x{}, {} moves\n\nstart, {} to move\n{}",
        rules.name(),
        b.width,
        b.height,
        moves.split_whitespace().count(),
        rules.players()[start.to_move()],
        render::plain(&start)
    ));
    let mut state = start;
    for (i, word) in moves.split_whitespace().enumerate() {
        let mover = rules.players()[state.to_move()].clone();
        let forced = state.must_pass();
        state = match state.replay_each(&[word]) {
            Ok(mut v) => v.pop().expect("one move played").1,
            Err(e) => return (out, Err(e.renumbered(i + 1))),
        };
        let mv = state.last_move().expect("a move was just played");
        let note = if forced {
            " (no legal placement: the turn is skipped)"
        } else if mv == Move::Swap {
            " (the seats exchange colours)"
        } else {
            ""
        };
        out.push_str(&format!(
            "\n{}. {mover} {}{note}\n{}",
            i + 1,
            mv.to_text(&rules),
            render::plain(&state)
        ));
    }
    match state.outcome() {
        Some(o) => out.push_str(&format!("\n{}\n", describe_outcome(o, &rules))),
        None => out.push_str(&format!(
            "\n{} to move{}\n",
            rules.players()[state.to_move()],
            if state.must_pass() {
                " (no legal placement: the only move is `pass`)"
            } else {
                ""
            }
        )),
    }
    (out, Ok(state))
}
