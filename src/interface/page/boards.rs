//! The report's figures drawn on the board itself: the first move's win rate and the
//! coverage as heatmaps, and each broken claim's counterexample position.

use crate::engine::state::{Move, State};
use crate::interface::picture::heatmap::{self, Heat};
use crate::interface::picture::{changes, position_svg, winning, Marks};
use crate::tools::report::{CheckReport, GameExample};

/// The win rate of the seat that made the first random move, by the cells that move
/// brought a piece to (moves that share a cell are pooled: a compound move counts for
/// each of its cells; the swap and a pass have none).
pub fn first_moves(report: &CheckReport, start: &State) -> Option<String> {
    let rules = start.rules();
    let n = rules.board().len();
    let mut games = vec![0u64; n];
    let mut wins = vec![0u64; n];
    for f in &report.first_moves {
        let Ok(mv) = Move::parse(&f.mv, rules) else {
            continue;
        };
        let Ok(next) = start.clone().play(mv) else {
            continue;
        };
        for c in changes::arrivals_and_departures(start, &next).0 {
            games[c as usize] += f.games;
            wins[c as usize] += f.mover_wins;
        }
    }
    if games.iter().all(|&g| g == 0) {
        return None;
    }
    let rates: Vec<Option<f64>> = (0..n)
        .map(|c| (games[c] > 0).then(|| wins[c] as f64 / games[c] as f64))
        .collect();
    Some(heatmap::svg(
        rules,
        &Heat::of_rates(
            "First move: win % of the seat that made it, by cell",
            &rates,
            "won",
        ),
    ))
}

/// The share of detailed games in which each cell was ever occupied.
pub fn coverage(report: &CheckReport, start: &State) -> Option<String> {
    let c = &report.coverage;
    if c.games == 0 {
        return None;
    }
    let rules = start.rules();
    let b = rules.board();
    let mut rates = vec![None; b.len()];
    for (name, k) in &c.by_cell {
        if let Some(cell) = b.parse_cell(name) {
            rates[cell as usize] = Some(*k as f64 / c.games as f64);
        }
    }
    Some(heatmap::svg(
        rules,
        &Heat::of_rates(
            "Coverage: % of detailed games that used each cell",
            &rates,
            "of games",
        ),
    ))
}

/// The position where a counterexample broke its claim (after `broken_at` moves), with
/// the last move marked and any winning cells outlined.
pub fn counterexample(e: &GameExample, start: &State) -> Option<String> {
    let first = State::new(start.rules().clone());
    let words: Vec<&str> = e.moves.split_whitespace().collect();
    let upto = (e.broken_at as usize).min(words.len());
    let replayed = first.clone().replay_each(&words[..upto]).ok()?;
    let mut states = vec![first];
    states.extend(replayed.into_iter().map(|(_, s)| s));
    let n = states.len();
    let state = &states[n - 1];
    Some(position_svg(
        state,
        &Marks {
            previous: (n >= 2).then(|| &states[n - 2]),
            winning: winning::winning_cells(state),
            caption: Some(crate::interface::picture::caption(n - 1)),
            ..Marks::default()
        },
    ))
}
