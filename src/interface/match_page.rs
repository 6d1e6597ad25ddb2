//! `weft match --html`: a match's report as one self-contained web page (inline style
//! and SVG, nothing fetched): the players' results with their intervals and the Elo
//! difference, wins by seat and by colour, the first moves drawn on the board (how
//! often the second player swapped after each, and how the first seat fared), lengths,
//! the text report, and every game with its `--moves` line.

use crate::engine::state::State;
use crate::interface::picture::heatmap::{self, Heat};
use crate::interface::picture::svg::escape;
use crate::tools::matches::MatchReport;
use crate::tools::report::Share;
use std::collections::BTreeMap;
use std::fmt::Write;

const STYLE: &str = "
body { font-family: system-ui, sans-serif; margin: 24px; color: #222; background: #fff; }
h1 { font-size: 1.6em; margin: 0 0 0.2em; }
h2 { font-size: 1.3em; border-bottom: 2px solid #0072b2; padding-bottom: 4px; }
table { border-collapse: collapse; margin: 8px 0 16px; }
th, td { text-align: left; padding: 3px 12px 3px 0; border-bottom: 1px solid #ddd; vertical-align: top; }
.boards { display: flex; flex-wrap: wrap; gap: 32px; }
figure { margin: 12px 0; max-width: 520px; }
figure svg { max-width: 100%; height: auto; }
figcaption { font-size: 0.9em; color: #444; }
code.moves { white-space: pre-wrap; word-break: break-all; user-select: all; }
pre { background: #f7f7f7; padding: 8px; overflow-x: auto; font-size: 0.85em; }
";

/// A share as `12 of 20 (60.0%, 95% CI 38.7-78.1)`.
fn share(s: &Share) -> String {
    format!(
        "{} of {} ({:.1}%, 95% CI {:.1}-{:.1})",
        s.wins,
        s.games,
        100.0 * s.rate,
        100.0 * s.ci95[0],
        100.0 * s.ci95[1]
    )
}

/// The page of a match played from `start`.
pub fn page(report: &MatchReport, start: &State) -> String {
    let mut s = String::new();
    let title = format!(
        "weft match: {} against {} at {}",
        report.players[0], report.players[1], report.game
    );
    let _ = write!(
        s,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{t}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{t}</h1>\n\
         <p>{} ({}), {} games, seats alternating, seed {}{}.</p>\n",
        escape(&report.board.shape),
        escape(&report.file),
        report.games,
        report.seed,
        if report.start_moves.is_empty() {
            String::new()
        } else {
            format!(", after {}", escape(&report.start_moves))
        },
        t = escape(&title),
    );
    s.push_str("<h2>Results</h2>\n<table class=\"results\">\n<tr><th>player</th><th>wins</th><th>in the first seat</th><th>in the second seat</th><th>score</th></tr>\n");
    for r in &report.results {
        let _ = writeln!(
            s,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{:.1}%</td></tr>",
            escape(&r.player),
            share(&r.wins),
            share(&r.as_first),
            share(&r.as_second),
            100.0 * r.score
        );
    }
    s.push_str("</table>\n");
    if let Some(st) = &report.strength {
        let elo = |e: Option<f64>, sc: f64| match e {
            Some(e) => format!("{e:+.0}"),
            None if sc >= 0.5 => "+∞".into(),
            None => "−∞".into(),
        };
        let _ = writeln!(
            s,
            "<p class=\"strength\">{} scores {:.1}% (95% CI {:.1}–{:.1}) against {}: an Elo difference of {} (95% CI {} to {}).</p>",
            escape(&report.players[0]),
            100.0 * st.score,
            100.0 * st.ci95[0],
            100.0 * st.ci95[1],
            escape(&report.players[1]),
            elo(st.elo, st.score),
            elo(st.elo_ci95[0], st.ci95[0]),
            elo(st.elo_ci95[1], st.ci95[1])
        );
    }
    s.push_str("<table class=\"seats\">\n");
    for sh in report.wins_by_seat.iter().chain(&report.wins_by_colour) {
        let _ = writeln!(
            s,
            "<tr><th>{}</th><td>{}</td></tr>",
            escape(&sh.name),
            share(sh)
        );
    }
    s.push_str("</table>\n");
    boards(&mut s, report, start);
    let _ = writeln!(
        s,
        "<h2>The whole report</h2>\n<pre>{}</pre>",
        escape(&report.text())
    );
    s.push_str("<h2>Every game</h2>\n<table class=\"games\">\n<tr><th>game</th><th>first seat</th><th>outcome</th><th>moves</th></tr>\n");
    for g in &report.game_records {
        let _ = writeln!(
            s,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td><code class=\"moves\">{}</code></td></tr>",
            g.game,
            escape(&report.players[g.first_seat.min(1)]),
            escape(&g.outcome),
            escape(&g.moves)
        );
    }
    s.push_str("</table>\n</body>\n</html>\n");
    s
}

/// The first moves on the board: the swap rate after each (with the swap) and the first
/// seat's win rate after each.
fn boards(s: &mut String, report: &MatchReport, start: &State) {
    let rules = start.rules();
    let b = rules.board();
    let skip = start.ply() as usize;
    // Per first move: games, first-seat wins, swaps.
    let mut after: BTreeMap<String, (u64, u64, u64)> = BTreeMap::new();
    for g in &report.game_records {
        let Some(first) = g.moves.split_whitespace().nth(skip) else {
            continue;
        };
        let e = after.entry(first.to_string()).or_default();
        e.0 += 1;
        e.1 += u64::from(g.winner.is_some() && g.winner == Some(g.first_seat));
        e.2 += u64::from(g.swapped);
    }
    let map = |f: &dyn Fn(&(u64, u64, u64)) -> f64, title: String| {
        let mut values = vec![None; b.len()];
        for (m, e) in &after {
            if let Some(c) = b.parse_cell(m) {
                let v = f(e);
                values[c as usize] = Some((v, format!("{:.0}", 100.0 * v)));
            }
        }
        heatmap::svg(
            rules,
            &Heat {
                title,
                values,
                low: "0%".into(),
                high: "100%".into(),
            },
        )
    };
    if after.keys().all(|m| b.parse_cell(m).is_none()) {
        return;
    }
    s.push_str("<h2>First moves</h2>\n<div class=\"boards\">\n");
    let figures = [
        (
            map(
                &|e| e.1 as f64 / e.0.max(1) as f64,
                "the first seat's wins after each first move".into(),
            ),
            "The first seat's win rate after each first move (blank: never played).",
        ),
        (
            map(
                &|e| e.2 as f64 / e.0.max(1) as f64,
                "swaps after each first move".into(),
            ),
            "How often the second player swapped after each first move.",
        ),
    ];
    let shown = if report.swap.is_some() { 2 } else { 1 };
    for (svg, caption) in figures.iter().take(shown) {
        let _ = writeln!(
            s,
            "<figure>\n{}\n<figcaption>{}</figcaption>\n</figure>",
            svg.trim(),
            escape(caption)
        );
    }
    s.push_str("</div>\n");
}
