//! How a solution is shown: plain text for people, JSON for programs. Both name the
//! winner by seat (first or second mover) and, when no swap lies ahead, by colour.

use super::{FirstMove, Solution, Value};
use crate::rules::Rules;

fn seat_word(seat: usize) -> &'static str {
    if seat == 0 {
        "first"
    } else {
        "second"
    }
}

/// `12345678` as `12,345,678`.
pub(super) fn grouped(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

fn move_list(f: &FirstMove, rules: &Rules) -> String {
    let first = f.mv.to_text(rules);
    if f.images.len() == 1 {
        first
    } else {
        let rest: Vec<String> = f.images[1..].iter().map(|m| m.to_text(rules)).collect();
        format!("{first} (= {})", rest.join(" "))
    }
}

/// The winner in words: colour and seat, or the seat alone when a swap lies ahead.
fn winner_words(s: &Solution, rules: &Rules) -> String {
    match (s.winner_seat(), s.winner_colour()) {
        (None, _) => "neither player wins (a draw)".into(),
        (Some(seat), Some(c)) => format!("{} ({} seat) wins", rules.players()[c], seat_word(seat)),
        (Some(seat), None) => format!(
            "the {} seat wins (with either colour: the swap is still ahead)",
            seat_word(seat)
        ),
    }
}

fn method_words(m: super::Method) -> &'static str {
    match m {
        super::Method::Dfpn => "proof-number search",
        super::Method::AlphaBeta => "alpha-beta search",
    }
}

/// The report as text.
pub fn text(s: &Solution, rules: &Rules) -> String {
    let b = rules.board();
    let mut out = String::new();
    out.push_str(&format!(
        "{}, {}, {}\n",
        rules.name(),
        b.describe(),
        if rules.has_swap() {
            "with the swap rule"
        } else {
            "no swap rule"
        }
    ));
    out.push_str(&format!(
        "value: {} for the player to move ({}, {} seat)\n",
        s.value.word(),
        rules.players()[s.to_move],
        seat_word(s.seat)
    ));
    out.push_str(&format!("with best play: {}\n", winner_words(s, rules)));
    if !s.first_moves.is_empty() {
        let word = match s.value {
            Value::Win => "winning",
            Value::Draw => "drawing",
            Value::Loss => "",
        };
        if s.value == Value::Loss {
            out.push_str("first moves: every one loses\n");
        } else if s.all_first_moves {
            let good: Vec<String> = s
                .first_moves
                .iter()
                .filter(|f| f.value() == Some(s.value))
                .map(|f| move_list(f, rules))
                .collect();
            out.push_str(&format!(
                "{word} first moves, up to symmetry ({}): {}\n",
                good.len(),
                good.join(", ")
            ));
        } else if let Some(i) = s.best {
            out.push_str(&format!(
                "a {word} first move: {} (--all-first-moves lists them all)\n",
                move_list(&s.first_moves[i], rules)
            ));
        }
        if s.all_first_moves {
            let all: Vec<String> = s
                .first_moves
                .iter()
                .map(|f| {
                    format!(
                        "{} {}",
                        f.mv.to_text(rules),
                        f.value().map_or("?", |v| v.word())
                    )
                })
                .collect();
            out.push_str(&format!(
                "every first move, up to symmetry: {}\n",
                all.join(", ")
            ));
        }
    }
    out.push_str(&format!(
        "symmetry: {} of the board's {} used; the start position has {}\n",
        s.symmetries_used, s.board_symmetries, s.start_symmetries
    ));
    for n in &s.symmetry_notes {
        out.push_str(&format!("  ({n})\n"));
    }
    let c = &s.counts;
    out.push_str(&format!(
        "search: {} positions in {:.2} s ({} per second), {} thread{}, {}\n",
        grouped(c.nodes),
        s.seconds,
        grouped((c.nodes as f64 / s.seconds.max(1e-9)) as u64),
        s.threads,
        if s.threads == 1 { "" } else { "s" },
        method_words(s.method)
    ));
    let mut leaves = format!(
        "finished games met: {} won, {} drawn",
        grouped(c.wins),
        grouped(c.draws)
    );
    leaves.push_str(&format!(
        ", {} stopped by a broken claim",
        grouped(c.stopped)
    ));
    if c.other > 0 {
        leaves.push_str(&format!(", {} ended otherwise", grouped(c.other)));
    }
    out.push_str(&leaves);
    out.push('\n');
    if c.stopped > 0 {
        out.push_str(
            "  (a stopped game: the mover had no legal move although the file claims one \
             always exists; the game ends there with no winner and counts as a draw)\n",
        );
    }
    if (c.stopped > 0 || c.draws > 0 || c.other > 0)
        && s.value != Value::Draw
        && s.method == super::Method::Dfpn
    {
        out.push_str(
            "  (the proof of this value never relies on a game without a winner: it holds \
             however such games are scored)\n",
        );
    }
    out.push_str(&format!(
        "table: {} MiB, {} entries, {} filled ({:.1}%), {} overwritten",
        s.table_bytes >> 20,
        grouped(s.table_entries as u64),
        grouped(c.filled),
        100.0 * c.filled as f64 / s.table_entries.max(1) as f64,
        grouped(c.replaced)
    ));
    if c.replaced > 0 {
        out.push_str(&format!(
            " (results worth about {} positions forgotten)",
            grouped(c.lost)
        ));
    }
    out.push('\n');
    out
}

/// The report as a JSON value.
pub fn json(s: &Solution, rules: &Rules) -> serde_json::Value {
    let b = rules.board();
    let moves: Vec<serde_json::Value> = s
        .first_moves
        .iter()
        .map(|f| {
            serde_json::json!({
                "move": f.mv.to_text(rules),
                "same_as": f.images[1..].iter().map(|m| m.to_text(rules)).collect::<Vec<_>>(),
                "value": f.value().map(|v| v.word()),
                "bounds": f.bounds.map(|(lo, hi)| [lo, hi]),
            })
        })
        .collect();
    let c = &s.counts;
    serde_json::json!({
        "game": rules.name(),
        "width": b.width,
        "height": b.height,
        "swap_rule": rules.has_swap(),
        "value": s.value.word(),
        "to_move": { "colour": rules.players()[s.to_move], "seat": s.seat },
        "winner": {
            "seat": s.winner_seat(),
            "colour": s.winner_colour().map(|c| rules.players()[c].clone()),
        },
        "best_first_move": s.best.map(|i| s.first_moves[i].mv.to_text(rules)),
        "all_first_moves": s.all_first_moves,
        "first_moves": moves,
        "method": match s.method {
            super::Method::Dfpn => "pns",
            super::Method::AlphaBeta => "ab",
        },
        "nodes": c.nodes,
        "seconds": s.seconds,
        "threads": s.threads,
        "leaves": {
            "won": c.wins,
            "drawn": c.draws,
            "stopped_by_broken_claim": c.stopped,
            "other": c.other,
        },
        "table": {
            "bytes": s.table_bytes,
            "entries": s.table_entries,
            "filled": c.filled,
            "overwritten": c.replaced,
            "forgotten_positions": c.lost,
            "hits": c.hits,
        },
        "symmetry": {
            "used": s.symmetries_used,
            "board": s.board_symmetries,
            "start_position": s.start_symmetries,
            "notes": s.symmetry_notes,
        },
    })
}

/// A progress line for stderr.
pub fn progress_line(p: &super::Progress) -> String {
    let mut line = format!(
        "solve: {:.0} s, {} positions ({}/s), table {:.1}% filled",
        p.seconds,
        grouped(p.nodes),
        grouped((p.nodes as f64 / p.seconds.max(1e-9)) as u64),
        100.0 * p.table_used as f64 / p.table_entries.max(1) as f64,
    );
    if p.lost > 0 {
        line.push_str(&format!(" ({} positions' work forgotten)", grouped(p.lost)));
    }
    match p.root {
        Some((pn, dn)) => line.push_str(&format!(
            ", start position: proof number {}, disproof number {}",
            grouped(pn as u64),
            grouped(dn as u64)
        )),
        None => line.push_str(&format!(
            ", first moves {}/{} done",
            p.first_moves_done, p.first_moves
        )),
    }
    line
}
