//! `weft replay`: prints a game position by position, so that a counterexample
//! from `weft check` (or a game saved by the REPL) can be inspected without
//! typing it in. Moves come from `--moves` or from a record file: a JSON object
//! whose `moves` field is an array of moves or one space-separated string.

use crate::engine::state::{describe_outcome, Move, State};
use crate::interface::render;
use serde_json::Value;

/// Reads the move list of a record file's text. `path` only names it in messages.
///
/// ```
/// let m = weft::interface::replay::record_moves("r.json", r#"{"moves": ["c3", "d4"]}"#);
/// assert_eq!(m, Ok("c3 d4".to_string()));
/// assert!(weft::interface::replay::record_moves("r.json", "[1]").is_err());
/// ```
pub fn record_moves(path: &str, text: &str) -> Result<String, String> {
    let value: Value =
        serde_json::from_str(text).map_err(|e| format!("{path}: not a JSON record ({e})"))?;
    let Value::Object(map) = value else {
        return Err(format!(
            "{path}: a record is a JSON object with a `moves` field, not {}",
            kind(&value)
        ));
    };
    match map.get("moves") {
        None => Err(format!("{path}: the record has no `moves` field")),
        Some(Value::String(s)) => Ok(s.split_whitespace().collect::<Vec<_>>().join(" ")),
        Some(Value::Array(items)) => {
            let mut words = Vec::with_capacity(items.len());
            for (i, item) in items.iter().enumerate() {
                match item {
                    Value::String(s)
                        if !s.trim().is_empty() && !s.contains(char::is_whitespace) =>
                    {
                        words.push(s.as_str())
                    }
                    Value::String(s) => {
                        return Err(format!(
                            "{path}: moves[{i}] is `{s}`: each entry is one move such as \"c3\""
                        ))
                    }
                    other => {
                        return Err(format!(
                            "{path}: moves[{i}] is {}, not a move in quotes such as \"c3\"",
                            kind(other)
                        ))
                    }
                }
            }
            Ok(words.join(" "))
        }
        Some(other) => Err(format!(
            "{path}: `moves` is {}; write an array of moves or one string of moves",
            kind(other)
        )),
    }
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Plays `moves` from `start` and writes every position: the start, then each
/// move with the position after it, then the outcome or who is to move. On an
/// unreadable or illegal move, returns what was written so far and the reason.
pub fn replay(start: State, moves: &str) -> (String, Result<State, String>) {
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
        let mv = match Move::parse(word, &rules) {
            Ok(m) => m,
            Err(e) => return (out, Err(format!("move {} `{word}`: {e}", i + 1))),
        };
        let forced = state.must_pass();
        state = match state.play(mv) {
            Ok(s) => s,
            Err(e) => {
                return (
                    out,
                    Err(format!(
                        "move {} `{word}` is illegal: {}",
                        i + 1,
                        e.reason.describe(&rules)
                    )),
                )
            }
        };
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
