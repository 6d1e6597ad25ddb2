//! A figure per cell drawn on the board itself: each cell filled on a colour scale
//! (viridis: ordered for colour-blind readers, an even grey ramp in print) with its
//! value written in it, cells without a figure hatched, the players' edges and the
//! coordinates as in a position's picture, and the scale under the board.

use super::board::{draw_frame, draw_ground};
use super::geometry::Geometry;
use super::style;
use super::svg::Svg;
use crate::rules::board::Cell;
use crate::rules::Rules;

/// Pixels between neighbouring cells in a heatmap.
pub const UNIT: f64 = 34.0;

/// A heatmap: per grid position a value from 0 to 1 (or none) and the text to write.
pub struct Heat {
    /// The figure's title (the SVG's `<title>`).
    pub title: String,
    /// Per grid position (index = cell id): the value and its text.
    pub values: Vec<Option<(f64, String)>>,
    /// What the two ends of the scale mean, e.g. `0%` and `100%`.
    pub low: String,
    pub high: String,
}

impl Heat {
    /// A heatmap of rates from 0 to 1 per grid position (`None`: no figure), each
    /// written as a whole percentage. The colour scale runs from the lowest rate to the
    /// highest, so that the differences between cells show, and its ends say so
    /// (`38% won` … `65% won`, with `what` = `won`).
    ///
    /// ```
    /// use weft::interface::picture::heatmap::Heat;
    /// let h = Heat::of_rates("t", &[Some(0.4), None, Some(0.6), Some(0.5)], "won");
    /// assert_eq!((h.low.as_str(), h.high.as_str()), ("40% won", "60% won"));
    /// let v: Vec<Option<(f64, String)>> = h
    ///     .values
    ///     .iter()
    ///     .map(|v| v.clone().map(|(x, t)| ((x * 100.0).round(), t)))
    ///     .collect();
    /// let s = |t: &str| t.to_string();
    /// assert_eq!(v, [Some((0.0, s("40"))), None, Some((100.0, s("60"))), Some((50.0, s("50")))]);
    /// ```
    pub fn of_rates(title: &str, rates: &[Option<f64>], what: &str) -> Heat {
        let known = rates.iter().flatten().copied();
        let lo = known.clone().fold(f64::INFINITY, f64::min);
        let hi = known.fold(f64::NEG_INFINITY, f64::max);
        let place = |v: f64| {
            if hi > lo {
                (v - lo) / (hi - lo)
            } else {
                0.5
            }
        };
        let percent = |v: f64| format!("{:.0}", 100.0 * v);
        Heat {
            title: title.to_string(),
            values: rates
                .iter()
                .map(|r| r.map(|v| (place(v), percent(v))))
                .collect(),
            low: if lo.is_finite() {
                format!("{}% {what}", percent(lo))
            } else {
                String::new()
            },
            high: if hi.is_finite() {
                format!("{}% {what}", percent(hi))
            } else {
                String::new()
            },
        }
    }
}

/// Draws the heatmap on `rules`'s board.
pub fn svg(rules: &Rules, heat: &Heat) -> String {
    let b = rules.board();
    let g = Geometry::new(b, UNIT);
    let bar_h = 1.4 * UNIT;
    let width = g.width.max(7.0 * UNIT);
    let dx = (width - g.width) / 2.0;
    let mut s = Svg::new(width, g.height + bar_h, &heat.title);
    s.rect(
        (0.0, 0.0),
        (width, g.height + bar_h),
        &format!("fill=\"{}\"", style::PAPER),
    );
    s.open(&format!(
        "class=\"board\" transform=\"translate({dx:.1} 0)\""
    ));
    draw_ground(&mut s, &g);
    s.open("class=\"heat\"");
    for c in b.cells() {
        let name = b.cell_name(c);
        match heat.values.get(c as usize).cloned().flatten() {
            Some((v, text)) => {
                s.polygon(
                    &g.outline(c, 1.0),
                    &format!(
                        "class=\"heat-cell\" data-cell=\"{name}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"1.5\"",
                        style::scale(v),
                        style::PAPER
                    ),
                    &format!("<title>{name}: {}</title>", super::svg::escape(&text)),
                );
                s.text(
                    g.centre(c),
                    0.3 * UNIT,
                    &text,
                    &format!("fill=\"{}\"", style::on_scale(v)),
                );
            }
            None => no_value(&mut s, &g, c),
        }
    }
    s.close();
    draw_frame(&mut s, &g, rules);
    s.close();
    // The scale.
    let (x0, y0) = (0.8 * UNIT, g.height + 0.3 * UNIT);
    let w = width - 1.6 * UNIT;
    s.open("class=\"scale\"");
    let steps = 40;
    for i in 0..steps {
        let v = i as f64 / (steps - 1) as f64;
        s.rect(
            (x0 + w * i as f64 / steps as f64, y0),
            (w / steps as f64 + 0.5, 0.4 * UNIT),
            &format!("fill=\"{}\"", style::scale(v)),
        );
    }
    let ink = format!("fill=\"{}\"", style::INK);
    s.text_left((x0, y0 + 0.85 * UNIT), 0.32 * UNIT, &heat.low, &ink);
    s.text_left(
        (
            x0 + w - 0.2 * UNIT * heat.high.chars().count() as f64,
            y0 + 0.85 * UNIT,
        ),
        0.32 * UNIT,
        &heat.high,
        &ink,
    );
    s.close();
    s.finish()
}

/// A cell without a figure: light grey with a diagonal stroke.
fn no_value(s: &mut Svg, g: &Geometry, c: Cell) {
    let pts = g.outline(c, 1.0);
    s.polygon(
        &pts,
        &format!(
            "class=\"heat-cell none\" data-cell=\"{}\" fill=\"#e6e6e6\" stroke=\"#ffffff\" stroke-width=\"1.5\"",
            g.board.cell_name(c)
        ),
        &format!("<title>{}: no games</title>", g.board.cell_name(c)),
    );
    let (x, y) = g.centre(c);
    let d = 0.2 * g.unit;
    s.line(
        (x - d, y + d),
        (x + d, y - d),
        "stroke=\"#9a9a9a\" stroke-width=\"1.5\"",
    );
}
