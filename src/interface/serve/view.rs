//! What the page is sent about a game, as JSON: the position drawn by the pictures'
//! code (the last move marked, the winning cells outlined), where play stands, the
//! line of moves, the parameters, the computer, and the legal moves as a tree of steps
//! that the page turns into clicks: a placement is one click, a slide or a line move
//! two (the piece, then where it goes), a two-step turn its first step's clicks and
//! then its second's.

use super::game::Game;
use super::watch::RuleSource;
use crate::engine::moves::Step;
use crate::engine::state::{Move, Slot, State};
use crate::interface::picture::{caption, position_svg, winning, Marks};
use crate::rules::board::{Board, Cell};
use serde_json::{json, Value};

/// The whole view of a game.
pub fn view(game: &Game, source: &RuleSource) -> Value {
    let rules = game.rules();
    let state = game.state();
    let b = rules.board();
    let names = |cells: &[Cell]| -> Vec<String> { cells.iter().map(|&c| b.cell_name(c)).collect() };
    let marks = Marks {
        previous: game.previous(),
        winning: winning::winning_cells(state),
        caption: Some(caption(game.cursor())),
        ..Marks::default()
    };
    let legal = if state.is_over() {
        Vec::new()
    } else {
        state.legal_moves()
    };
    let all: Vec<String> = game.moves().iter().map(|m| m.to_text(rules)).collect();
    let params: Vec<Value> = rules
        .params()
        .iter()
        .map(|p| {
            json!({
                "name": p.name, "value": p.value, "default": p.default,
                "min": p.min, "max": p.max, "step": p.step, "doc": p.doc,
            })
        })
        .collect();
    let sets: String = rules
        .params()
        .iter()
        .map(|p| format!(" --set {}={}", p.name, p.value))
        .collect();
    let thinking = game.thinking.as_ref().map(|t| {
        json!({
            "task": match t.task { super::game::Task::Move => "move", super::game::Task::Hint => "hint" },
            "budget": t.budget.to_string(),
            "seconds": t.started.elapsed().as_secs_f64(),
        })
    });
    let hint = game
        .hint
        .as_ref()
        .map(|h| json!({ "move": h.text, "cells": names(&h.cells), "summary": h.summary }));
    json!({
        "id": game.id,
        "version": game.version,
        "game": rules.name(),
        "file": source.path,
        "players": rules.players(),
        "params": params,
        "svg": position_svg(state, &marks),
        "status": crate::interface::picture::position::status(state),
        "over": state.is_over(),
        "to_move": rules.players()[state.to_move()],
        "seat": state.seat_of(state.to_move()),
        "moves": all,
        "cursor": game.cursor(),
        "steps": step_tree(state, &legal),
        "swap": legal.contains(&Move::Swap),
        "pass": legal.contains(&Move::Pass),
        "computer": {
            "seats": game.seats,
            "seat_colours": (0..2).map(|seat| {
                (0..rules.players().len()).find(|&c| state.seat_of(c) == seat)
                    .map(|c| rules.players()[c].clone())
            }).collect::<Vec<_>>(),
            "budget": game.budget.to_string(),
            "thinking": thinking,
        },
        "hint": hint,
        "notice": game.notice,
        "problem": game.problem,
        "can_undo": game.cursor() > 0,
        "can_redo": !game.at_end(),
        "moves_line": format!("weft replay {}{sets} --moves \"{}\"", source.path, game.texts().join(" ")),
    })
}

/// The legal moves grouped by their first step: each first step with its own clicks,
/// whether it is a whole move by itself, and the second steps that may follow it.
fn step_tree(state: &State, legal: &[Move]) -> Vec<Value> {
    let b = state.rules().board();
    let mut firsts: Vec<(Step, bool, Vec<Step>, Option<Move>)> = Vec::new();
    for &mv in legal {
        let (steps, n) = mv.steps();
        if n == 0 {
            continue;
        }
        let first = steps[0];
        let i = match firsts.iter().position(|f| f.0 == first) {
            Some(i) => i,
            None => {
                firsts.push((first, false, Vec::new(), None));
                firsts.len() - 1
            }
        };
        let entry = &mut firsts[i];
        entry.3.get_or_insert(mv);
        if n == 1 {
            entry.1 = true;
        } else {
            entry.2.push(steps[1]);
        }
    }
    firsts
        .into_iter()
        .map(|(first, whole, seconds, example)| {
            let rules = state.rules();
            let text = Move::One(first).to_text(rules);
            let after = example.and_then(|m| state.clone().play(m).ok());
            let then: Vec<Value> = seconds
                .iter()
                .map(|&s| {
                    json!({
                        "step": step_json(b, s, None),
                        "text": Move::Two(first, s).to_text(rules),
                    })
                })
                .collect();
            json!({
                "step": step_json(b, first, after.as_ref().map(|a| (state, a))),
                "text": text,
                "whole": whole,
                "then": then,
            })
        })
        .collect()
}

/// A step for the page: its kind and cells, and (when the positions before and after a
/// move that starts with it are given) the piece it puts down or moves, so the page can
/// show the step before the turn is complete.
fn step_json(b: &Board, step: Step, around: Option<(&State, &State)>) -> Value {
    let piece = |cell: Cell, arriving: bool| -> Value {
        let Some((before, after)) = around else {
            return Value::Null;
        };
        let kinds = before.rules().pieces().len();
        (0..kinds)
            .find_map(|k| {
                let (x, y) = (before.slot(k, cell), after.slot(k, cell));
                let hit = if arriving {
                    y != Slot::Empty && x != y
                } else {
                    x != Slot::Empty && x != y
                };
                hit.then(|| {
                    let slot = if arriving { y } else { x };
                    json!({
                        "kind": k,
                        "name": before.rules().pieces()[k].name,
                        "owner": match slot { Slot::Player(p) => Some(p), _ => None },
                    })
                })
            })
            .unwrap_or(Value::Null)
    };
    match step {
        Step::Place(c) => json!({
            "kind": "place", "cell": b.cell_name(c), "piece": piece(c, true),
        }),
        Step::Move { from, to } => json!({
            "kind": "move", "from": b.cell_name(from), "to": b.cell_name(to),
            "cells": [b.cell_name(from)], "piece": piece(from, false),
        }),
        Step::Line { rear, front, to } => {
            let cells: Vec<String> = line_cells(b, rear, front)
                .into_iter()
                .map(|c| b.cell_name(c))
                .collect();
            json!({
                "kind": "line", "from": b.cell_name(front), "to": b.cell_name(to),
                "rear": b.cell_name(rear), "front": b.cell_name(front),
                "cells": cells, "piece": piece(front, false),
            })
        }
    }
}

/// The cells of the straight line from `rear` to `front`, both included.
pub fn line_cells(b: &Board, rear: Cell, front: Cell) -> Vec<Cell> {
    let (rx, ry) = b.xy(rear);
    let (fx, fy) = b.xy(front);
    let (dx, dy) = (fx - rx, fy - ry);
    let g = gcd(dx.unsigned_abs(), dy.unsigned_abs()).max(1) as i32;
    let (sx, sy) = (dx / g, dy / g);
    (0..=g)
        .filter_map(|i| b.cell_at(rx + i * sx, ry + i * sy))
        .collect()
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}
