//! From a tally to the report, section by section: results (wins, swap, balance,
//! draws), lengths, turns, the detailed games' figures (branching, glyph rejections,
//! coverage), openings, claims and the shortest game.

use super::*;
use crate::engine::state::{Move, State};
use crate::rules::Rules;
use crate::tools::playout::{claim_names, Example, Plan, PlayoutTally};

impl CheckReport {
    /// Builds the report of a run.
    pub fn build(start: &State, plan: &Plan, t: &PlayoutTally, meta: &Meta) -> CheckReport {
        let rules = start.rules();
        let b = rules.board();
        let games = t.games;
        let draws_total: u64 = t.draws.values().sum();
        let stopped_total: u64 = t.stopped.values().sum();
        let ply_limit = t.draws.get("ply limit").copied().unwrap_or(0);
        let d = &t.detail;
        CheckReport {
            game: rules.name().to_string(),
            file: meta.file.clone(),
            params: rules
                .params()
                .iter()
                .map(|p| (p.name.clone(), p.value))
                .collect(),
            board: BoardInfo {
                shape: b.describe(),
                width: b.width,
                height: b.height,
                cells: b.cell_count(),
            },
            start_moves: meta
                .start_moves
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" "),
            swap_rule: rules.has_swap(),
            seed: plan.seed,
            threads: meta.seconds.map(|_| plan.threads),
            games,
            wins_by_colour: rules
                .players()
                .iter()
                .enumerate()
                .map(|(i, p)| Share::new(p, t.wins_by_colour[i], games))
                .collect(),
            wins_by_seat: (0..rules.players().len())
                .map(|i| Share::new(&seat_name(i), t.wins_by_seat[i], games))
                .collect(),
            wins_by_ending: {
                let mut v: Vec<Share> = t
                    .wins_by_ending
                    .iter()
                    .map(|(k, &n)| Share::new(k, n, games))
                    .collect();
                v.sort_by(|a, b| b.wins.cmp(&a.wins).then_with(|| a.name.cmp(&b.name)));
                v
            },
            swap: rules.has_swap().then(|| swap_report(rules, t)),
            balance: balance(t),
            draws: Draws {
                total: draws_total,
                rate: ratio(draws_total, games),
                by_kind: t.draws.clone(),
            },
            stopped: t.stopped.clone(),
            cut: t.cut,
            max_plies: plan.max_plies,
            completion: ratio(games - t.cut - stopped_total - ply_limit, games),
            length: length_report(&t.lengths),
            turns: Turns {
                moves: t.turns,
                passes: t.passes,
                forced_passes: t.forced_passes,
                forced_pass_rate: ratio(t.forced_passes, t.turns),
                games_with_forced_pass: t.games_with_forced_pass,
                stuck_endings: t.stuck_endings,
                no_legal_move: t.forced_passes + t.stuck_endings,
            },
            branching: Branching {
                games: d.games,
                turns: d.turns,
                mean: ratio(d.legal_moves, d.turns),
            },
            rejections: rejections(rules, t),
            coverage: coverage(rules, t),
            first_moves: t
                .first_moves
                .iter()
                .map(|(m, &(n, w))| FirstMove {
                    mv: m.to_text(rules),
                    games: n,
                    mover_wins: w,
                    rate: ratio(w, n),
                })
                .collect(),
            claims: claims(rules, plan, t, meta),
            broken_games: t.broken_games,
            shortest: t
                .shortest
                .as_ref()
                .map(|e| game_example(e, plan.seed, &meta.start_moves, rules)),
            seconds: meta.seconds,
            playouts_per_second: meta.seconds.map(|t| ratio(games, 1) / t.max(1e-9)),
        }
    }
}

/// Wins by seat with and without the swap.
fn swap_report(rules: &Rules, t: &PlayoutTally) -> SwapReport {
    let seats = rules.players().len();
    SwapReport {
        used: t.swapped_games,
        rate: ratio(t.swapped_games, t.games),
        with_swap: (0..seats)
            .map(|i| Share::new(&seat_name(i), t.wins_by_seat_swapped[i], t.swapped_games))
            .collect(),
        without_swap: (0..seats)
            .map(|i| {
                Share::new(
                    &seat_name(i),
                    t.wins_by_seat[i] - t.wins_by_seat_swapped[i],
                    t.games - t.swapped_games,
                )
            })
            .collect(),
    }
}

/// The first seat's share of the decisive games, and whether it differs from a half.
fn balance(t: &PlayoutTally) -> Balance {
    let decisive: u64 = t.wins_by_seat.iter().sum();
    let first_seat = Share::new("first", t.wins_by_seat[0], decisive);
    Balance {
        decisive,
        advantage: if decisive == 0 {
            0.0
        } else {
            first_seat.rate - 0.5
        },
        significant: decisive > 0 && (first_seat.ci95[0] > 0.5 || first_seat.ci95[1] < 0.5),
        first_seat,
    }
}

/// Each glyph's rejections in the detailed games.
fn rejections(rules: &Rules, t: &PlayoutTally) -> Rejections {
    let d = &t.detail;
    Rejections {
        games: d.games,
        turns: d.turns,
        candidates: d.candidates,
        by_glyph: rules
            .glyphs()
            .iter()
            .zip(&d.rejected_by_glyph)
            .map(|(g, &k)| GlyphRejections {
                glyph: g.name.clone(),
                rejected: k,
                rate: ratio(k, d.candidates),
                per_turn: ratio(k, d.turns),
            })
            .collect(),
        other: d.rejected_other,
    }
}

/// How much of the board the detailed games used.
fn coverage(rules: &Rules, t: &PlayoutTally) -> Coverage {
    let b = rules.board();
    let d = &t.detail;
    let never_used = if d.games == 0 {
        Vec::new()
    } else {
        // `covered_by_cell` is indexed by cell id (off-board positions included).
        b.cells()
            .filter(|&c| d.covered_by_cell[c as usize] == 0)
            .map(|c| b.cell_name(c))
            .collect()
    };
    let by_cell = if d.games == 0 {
        Vec::new()
    } else {
        b.cells()
            .map(|c| (b.cell_name(c), d.covered_by_cell[c as usize]))
            .collect()
    };
    Coverage {
        games: d.games,
        by_cell,
        mean: ratio(d.covered, d.games * b.cell_count() as u64),
        cells: b.cell_count(),
        never_used,
    }
}

/// Every claim with its record and shortest counterexamples.
fn claims(rules: &Rules, plan: &Plan, t: &PlayoutTally, meta: &Meta) -> Vec<ClaimReport> {
    claim_order(rules, t)
        .into_iter()
        .map(|name| {
            let c = t.claims.get(&name).cloned().unwrap_or_default();
            ClaimReport {
                claim: name,
                games: t.games,
                broken: c.broken,
                examples: c
                    .examples
                    .iter()
                    .map(|e| game_example(e, plan.seed, &meta.start_moves, rules))
                    .collect(),
            }
        })
        .collect()
}

/// The claims in report order: the rule file's (see [`claim_names`]), then any
/// other claim a stopped game named.
fn claim_order(rules: &Rules, t: &PlayoutTally) -> Vec<String> {
    let mut v = claim_names(rules);
    for name in t.claims.keys() {
        if !v.contains(name) {
            v.push(name.clone());
        }
    }
    v
}

fn moves_text(start_moves: &str, moves: &[Move], rules: &Rules) -> String {
    let mut words: Vec<String> = start_moves.split_whitespace().map(String::from).collect();
    words.extend(moves.iter().map(|m| m.to_text(rules)));
    words.join(" ")
}

fn game_example(e: &Example, seed: u64, start_moves: &str, rules: &Rules) -> GameExample {
    GameExample {
        game: e.game,
        seed,
        length: e.length,
        broken_at: e.broken_at,
        outcome: e.end.describe(rules),
        moves: moves_text(start_moves, &e.moves, rules),
    }
}

pub(crate) fn length_report(lengths: &[u64]) -> Length {
    let games: u64 = lengths.iter().sum();
    let total: u64 = lengths.iter().enumerate().map(|(n, k)| n as u64 * k).sum();
    let min = lengths.iter().position(|&k| k > 0).unwrap_or(0) as u32;
    let max = lengths.iter().rposition(|&k| k > 0).unwrap_or(0) as u32;
    let mut seen = 0;
    let mut median = 0;
    for (n, k) in lengths.iter().enumerate() {
        seen += k;
        if games > 0 && 2 * seen >= games {
            median = n as u32;
            break;
        }
    }
    let mut histogram = Vec::new();
    if games > 0 {
        let width = (max - min + 1).div_ceil(10).max(1);
        let mut from = min;
        while from <= max {
            let to = (from + width - 1).min(max);
            let k = lengths[from as usize..=to as usize].iter().sum();
            histogram.push(Bin { from, to, games: k });
            from = to + 1;
        }
    }
    Length {
        mean: ratio(total, games),
        median,
        min,
        max,
        histogram,
    }
}
