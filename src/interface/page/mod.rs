//! `weft check --html`: the designer's report as one self-contained web page — no
//! network, no external script, style sheet or font: the style is inline and every
//! chart and board is an inline SVG. It holds the main figures, the charts (wins by seat
//! and by colour with their 95% intervals, with and without the swap; the histogram of
//! lengths; the glyphs' rejections), the first move's win rate and the coverage drawn on
//! the board, each broken claim's counterexample drawn with its `--moves` line, and the
//! whole text report. With several reports (`--compare`) the variants stand side by
//! side under a table of their main figures.

mod boards;
mod charts;

use crate::engine::state::State;
use crate::interface::picture::svg::escape;
use crate::tools::report::CheckReport;
use std::fmt::Write;

/// The page's style: system fonts only (nothing is fetched).
const STYLE: &str = "
body { font-family: system-ui, sans-serif; margin: 24px; color: #222; background: #fff; }
h1 { font-size: 1.6em; margin: 0 0 0.2em; }
h2 { font-size: 1.3em; border-bottom: 2px solid #0072b2; padding-bottom: 4px; }
h3 { font-size: 1.05em; margin: 1.2em 0 0.4em; }
table { border-collapse: collapse; margin: 8px 0 16px; }
th, td { text-align: left; padding: 3px 12px 3px 0; border-bottom: 1px solid #ddd; vertical-align: top; }
th { font-weight: 600; }
.variants { display: grid; grid-template-columns: repeat(var(--columns), minmax(420px, 1fr)); gap: 32px; }
figure { margin: 12px 0; }
figure svg { max-width: 100%; height: auto; }
figcaption { font-size: 0.9em; color: #444; }
code.moves { display: block; white-space: pre-wrap; word-break: break-all; background: #f4f4f4; padding: 6px; user-select: all; }
pre { background: #f7f7f7; padding: 8px; overflow-x: auto; font-size: 0.85em; }
.held { color: #0072b2; font-weight: 600; }
.broken { color: #d55e00; font-weight: 600; }
";

/// One variant: its report and the position its random games started from.
pub struct Variant<'a> {
    pub report: &'a CheckReport,
    pub start: &'a State,
}

/// The whole page for one report, or several side by side.
pub fn page(variants: &[Variant]) -> String {
    let mut s = String::new();
    let names: Vec<&str> = variants.iter().map(|v| v.report.game.as_str()).collect();
    let title = format!("weft check: {}", names.join(" vs "));
    let _ = write!(
        s,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{}</h1>\n",
        escape(&title),
        escape(&title)
    );
    let first = variants.first().map(|v| v.report);
    if let Some(r) = first {
        let _ = writeln!(
            s,
            "<p>{} uniformly random games per rule file, seed {}, swap {}.</p>",
            r.games,
            r.seed,
            if r.swap_rule {
                "as the rules say"
            } else {
                "left out"
            }
        );
    }
    if variants.len() > 1 {
        s.push_str("<section class=\"comparison\">\n<h2>The variants side by side</h2>\n");
        figures_table(&mut s, variants);
        s.push_str("</section>\n");
    }
    let _ = writeln!(
        s,
        "<div class=\"variants\" style=\"--columns: {}\">",
        variants.len().clamp(1, 4)
    );
    for v in variants {
        variant(&mut s, v, variants.len() == 1);
    }
    s.push_str("</div>\n</body>\n</html>\n");
    s
}

/// A table of the main figures, one column per variant.
fn figures_table(s: &mut String, variants: &[Variant]) {
    let columns: Vec<Vec<(&str, String)>> =
        variants.iter().map(|v| v.report.main_figures()).collect();
    let Some(rows) = columns.first() else {
        return;
    };
    s.push_str("<table class=\"figures\">\n");
    for (i, (name, _)) in rows.iter().enumerate() {
        let _ = write!(s, "<tr><th>{}</th>", escape(name));
        for c in &columns {
            let v = c.get(i).map_or("", |(_, v)| v.as_str());
            let _ = write!(s, "<td>{}</td>", escape(v));
        }
        s.push_str("</tr>\n");
    }
    s.push_str("</table>\n");
}

/// A chart or board in a figure with its caption.
fn figure(s: &mut String, kind: &str, svg: &str, caption: &str) {
    let _ = writeln!(
        s,
        "<figure class=\"plot\" data-plot=\"{kind}\">\n{}\n<figcaption>{}</figcaption>\n</figure>",
        svg.trim(),
        escape(caption)
    );
}

/// One variant's section.
fn variant(s: &mut String, v: &Variant, alone: bool) {
    let r = v.report;
    let rules = v.start.rules();
    let _ = writeln!(
        s,
        "<article class=\"variant\">\n<h2>{} <small>({})</small></h2>",
        escape(&r.game),
        escape(&r.file)
    );
    if alone {
        figures_table(s, std::slice::from_ref(v));
    }
    // Wins with their intervals.
    let colours = charts::colour_colour(rules.players());
    let mut bars = charts::share_bars(&r.wins_by_colour, &colours, "");
    bars.extend(charts::share_bars(
        &r.wins_by_seat,
        &charts::seat_colour,
        "",
    ));
    figure(
        s,
        "wins",
        &charts::percent_bars("Wins by colour and by seat", &bars),
        &format!(
            "Share of all {} games won by each colour and each seat, with 95% intervals; the line is 50%.",
            r.games
        ),
    );
    if let Some(sw) = &r.swap {
        let mut bars = charts::share_bars(&sw.without_swap, &charts::seat_colour, "no swap: ");
        bars.extend(charts::share_bars(
            &sw.with_swap,
            &charts::seat_colour,
            "swap: ",
        ));
        figure(
            s,
            "swap",
            &charts::percent_bars("Wins by seat, without and with the swap", &bars),
            &format!(
                "Seats' wins in the {} games without the swap and the {} with it ({:.1}%), with 95% intervals.",
                r.games - sw.used,
                sw.used,
                100.0 * sw.rate
            ),
        );
    }
    if !r.length.histogram.is_empty() {
        figure(
            s,
            "lengths",
            &charts::lengths(&r.length.histogram),
            &format!(
                "Game lengths: mean {:.1}, median {}, from {} to {} moves.",
                r.length.mean, r.length.median, r.length.min, r.length.max
            ),
        );
    }
    if !r.rejections.by_glyph.is_empty() && r.rejections.candidates > 0 {
        figure(
            s,
            "rejections",
            &charts::rejections(
                &r.rejections.by_glyph,
                r.rejections.other,
                r.rejections.candidates,
            ),
            &format!(
                "Of {} candidate placements (every empty cell at every turn of {} detailed games), the share each glyph rejects (a placement two glyphs reject counts for the first in the file), and the share rejected for other reasons.",
                r.rejections.candidates, r.rejections.games
            ),
        );
    }
    if let Some(svg) = boards::first_moves(r, v.start) {
        figure(
            s,
            "first-moves",
            &svg,
            "Win % of the seat that made the first random move, on the cells that move reached (moves sharing a cell pooled); the colours run from the lowest rate to the highest.",
        );
    }
    if let Some(svg) = boards::coverage(r, v.start) {
        figure(
            s,
            "coverage",
            &svg,
            &format!(
                "Coverage: {:.1}% of the {} cells occupied at some time in a game, on average over {} detailed games; each cell's share of those games, the colours running from the lowest share to the highest.",
                100.0 * r.coverage.mean,
                r.coverage.cells,
                r.coverage.games
            ),
        );
    }
    claims(s, v);
    let _ = writeln!(
        s,
        "<details>\n<summary>The text report</summary>\n<pre>{}</pre>\n</details>\n</article>",
        escape(r.text().trim_end())
    );
}

/// The claims: held or broken, each broken one with its shortest counterexamples drawn.
fn claims(s: &mut String, v: &Variant) {
    let r = v.report;
    if r.claims.is_empty() {
        return;
    }
    s.push_str("<section class=\"claims\">\n<h3>Claims</h3>\n<ul>\n");
    for c in &r.claims {
        if c.broken == 0 {
            let _ = writeln!(
                s,
                "<li><span class=\"held\">held</span> in {} games: {}</li>",
                c.games,
                escape(&c.claim)
            );
        } else {
            let _ = writeln!(
                s,
                "<li><span class=\"broken\">broken</span> in {} of {} games: {}</li>",
                c.broken,
                c.games,
                escape(&c.claim)
            );
        }
    }
    s.push_str("</ul>\n");
    let sets: String = r
        .params
        .iter()
        .map(|(k, v)| format!(" --set {k}={v}"))
        .collect();
    for c in r.claims.iter().filter(|c| c.broken > 0) {
        for e in &c.examples {
            let Some(svg) = boards::counterexample(e, v.start) else {
                continue;
            };
            let _ = writeln!(
                s,
                "<figure class=\"plot counterexample\" data-plot=\"counterexample\">\n{}\n\
                 <figcaption>\"{}\" broken at move {} of game {} ({}). Replay it with:\
                 <code class=\"moves\">weft replay {}{} --moves \"{}\"</code></figcaption>\n</figure>",
                svg.trim(),
                escape(&c.claim),
                e.broken_at,
                e.game,
                escape(&e.outcome),
                escape(&r.file),
                escape(&sets),
                escape(&e.moves)
            );
        }
    }
    s.push_str("</section>\n");
}
