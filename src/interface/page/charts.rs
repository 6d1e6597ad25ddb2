//! The report's charts, drawn by plotters' SVG backend: bars with their 95% intervals
//! (wins by colour and by seat, with and without the swap), the histogram of game
//! lengths and the glyphs' rejections. Each chart is an SVG document as a string, to be
//! inlined in the page. The colours are those of the board pictures: blue and orange for
//! the two colours (as their edges), greys for seats, so the bars read in a grey print.

use crate::interface::picture::style;
use crate::tools::report::{Bin, GlyphRejections, Share};
use plotters::prelude::*;

/// Chart size in pixels.
const SIZE: (u32, u32) = (560, 300);

/// A bar of a bar chart: its label, its value and interval in percent, and its colour.
pub struct Bar {
    pub label: String,
    pub value: f64,
    pub interval: Option<[f64; 2]>,
    pub colour: RGBColor,
}

/// An `#rrggbb` colour as plotters' colour.
pub fn rgb(hex: &str) -> RGBColor {
    let v = u32::from_str_radix(hex.trim_start_matches('#'), 16).unwrap_or(0x7f7f7f);
    RGBColor((v >> 16) as u8, (v >> 8) as u8, v as u8)
}

/// The bars of a list of shares (in percent, with their intervals).
pub fn share_bars(shares: &[Share], colour: &dyn Fn(usize) -> RGBColor, prefix: &str) -> Vec<Bar> {
    shares
        .iter()
        .enumerate()
        .map(|(i, s)| Bar {
            label: format!("{prefix}{}", s.name),
            value: 100.0 * s.rate,
            interval: (s.games > 0).then(|| [100.0 * s.ci95[0], 100.0 * s.ci95[1]]),
            colour: colour(i),
        })
        .collect()
}

/// The colour of seat `i`'s bars.
pub fn seat_colour(i: usize) -> RGBColor {
    rgb(["#4d4d4d", "#a6a6a6"].get(i).copied().unwrap_or("#7f7f7f"))
}

/// The colour of colour `i`'s bars: the colour of its edges.
pub fn colour_colour(players: &[String]) -> impl Fn(usize) -> RGBColor + '_ {
    let tones = style::tones(players);
    move |i| rgb(style::of(&style::EDGE, tones.get(i).copied().unwrap_or(i)))
}

/// A bar chart in percent (0 to 100) with a line at 50% and each bar's interval.
pub fn percent_bars(title: &str, bars: &[Bar]) -> String {
    let mut out = String::new();
    let drawn = draw_bars(&mut out, title, bars);
    finish(out, drawn)
}

fn draw_bars(out: &mut String, title: &str, bars: &[Bar]) -> Result<(), String> {
    let root = SVGBackend::with_string(out, SIZE).into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 17))
        .margin(12)
        .x_label_area_size(34)
        .y_label_area_size(48)
        .build_cartesian_2d(segments(bars.len()), 0f64..100f64)
        .map_err(|e| e.to_string())?;
    let labels: Vec<String> = bars.iter().map(|b| b.label.clone()).collect();
    chart
        .configure_mesh()
        .disable_x_mesh()
        .y_desc("% of games")
        .x_labels(bars.len().max(1))
        .x_label_formatter(&|v| match v {
            SegmentValue::CenterOf(i) => labels.get(*i as usize).cloned().unwrap_or_default(),
            _ => String::new(),
        })
        .label_style(("sans-serif", 13))
        .draw()
        .map_err(|e| e.to_string())?;
    chart
        .draw_series(bars.iter().enumerate().map(|(i, b)| {
            let i = i as u32;
            let mut r = Rectangle::new(
                [
                    (SegmentValue::Exact(i), 0.0),
                    (SegmentValue::Exact(i + 1), b.value),
                ],
                b.colour.filled(),
            );
            r.set_margin(0, 0, 14, 14);
            r
        }))
        .map_err(|e| e.to_string())?;
    chart
        .draw_series(bars.iter().enumerate().filter_map(|(i, b)| {
            b.interval.map(|[lo, hi]| {
                ErrorBar::new_vertical(
                    SegmentValue::CenterOf(i as u32),
                    lo,
                    b.value,
                    hi,
                    BLACK.stroke_width(2),
                    12,
                )
            })
        }))
        .map_err(|e| e.to_string())?;
    chart
        .draw_series(std::iter::once(PathElement::new(
            vec![(SegmentValue::Exact(0), 50.0), (SegmentValue::Last, 50.0)],
            BLACK.mix(0.5).stroke_width(1),
        )))
        .map_err(|e| e.to_string())?;
    root.present().map_err(|e| e.to_string())?;
    Ok(())
}

/// A category axis of `n` bars: plotters' segmented axis over `0..=n-1` has one segment
/// per value (a single value would have no width, so one bar gets a second, empty slot).
fn segments(
    n: usize,
) -> plotters::coord::ranged1d::SegmentedCoord<plotters::coord::types::RangedCoordu32> {
    (0u32..(n.max(2) - 1) as u32).into_segmented()
}

/// The histogram of game lengths, one bar per bin of the report.
pub fn lengths(bins: &[Bin]) -> String {
    let mut out = String::new();
    let drawn = draw_lengths(&mut out, bins);
    finish(out, drawn)
}

fn draw_lengths(out: &mut String, bins: &[Bin]) -> Result<(), String> {
    let root = SVGBackend::with_string(out, SIZE).into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let lo = bins.first().map_or(0, |b| b.from);
    let hi = bins.last().map_or(1, |b| b.to + 1).max(lo + 1);
    let top = bins.iter().map(|b| b.games).max().unwrap_or(1).max(1);
    let mut chart = ChartBuilder::on(&root)
        .caption("Game length (moves)", ("sans-serif", 17))
        .margin(12)
        .x_label_area_size(34)
        .y_label_area_size(56)
        .build_cartesian_2d(lo..hi, 0u64..top + top / 10 + 1)
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .y_desc("games")
        .x_desc("moves")
        .label_style(("sans-serif", 13))
        .draw()
        .map_err(|e| e.to_string())?;
    let fill = rgb(style::EDGE[0]);
    chart
        .draw_series(bins.iter().map(|b| {
            let mut r = Rectangle::new([(b.from, 0), (b.to + 1, b.games)], fill.filled());
            r.set_margin(0, 0, 1, 1);
            r
        }))
        .map_err(|e| e.to_string())?;
    root.present().map_err(|e| e.to_string())?;
    Ok(())
}

/// Each glyph's rejections as a share of the candidate placements, one bar a glyph, and
/// a last bar for the placements rejected for another reason (`other` of `candidates`).
pub fn rejections(glyphs: &[GlyphRejections], other: u64, candidates: u64) -> String {
    let mut bars: Vec<Bar> = glyphs
        .iter()
        .map(|g| Bar {
            label: g.glyph.clone(),
            value: 100.0 * g.rate,
            interval: None,
            colour: rgb("#009e73"),
        })
        .collect();
    bars.push(Bar {
        label: "other reasons".into(),
        value: 100.0 * other as f64 / candidates.max(1) as f64,
        interval: None,
        colour: rgb("#7f7f7f"),
    });
    let top = bars.iter().map(|b| b.value).fold(0.0, f64::max);
    let mut out = String::new();
    let drawn = draw_rejections(&mut out, &bars, (top * 1.15).clamp(1.0, 100.0));
    finish(out, drawn)
}

fn draw_rejections(out: &mut String, bars: &[Bar], top: f64) -> Result<(), String> {
    let root = SVGBackend::with_string(out, SIZE).into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            "Candidate placements each glyph rejects",
            ("sans-serif", 17),
        )
        .margin(12)
        .x_label_area_size(34)
        .y_label_area_size(48)
        .build_cartesian_2d(segments(bars.len()), 0f64..top)
        .map_err(|e| e.to_string())?;
    let labels: Vec<String> = bars.iter().map(|b| b.label.clone()).collect();
    chart
        .configure_mesh()
        .disable_x_mesh()
        .y_desc("% of candidates")
        .x_labels(bars.len().max(1))
        .x_label_formatter(&|v| match v {
            SegmentValue::CenterOf(i) => labels.get(*i as usize).cloned().unwrap_or_default(),
            _ => String::new(),
        })
        .label_style(("sans-serif", 13))
        .draw()
        .map_err(|e| e.to_string())?;
    chart
        .draw_series(bars.iter().enumerate().map(|(i, b)| {
            let i = i as u32;
            let mut r = Rectangle::new(
                [
                    (SegmentValue::Exact(i), 0.0),
                    (SegmentValue::Exact(i + 1), b.value),
                ],
                b.colour.filled(),
            );
            r.set_margin(0, 0, 14, 14);
            r
        }))
        .map_err(|e| e.to_string())?;
    root.present().map_err(|e| e.to_string())?;
    Ok(())
}

/// The chart, or a note in its place if plotters failed.
fn finish(svg: String, drawn: Result<(), String>) -> String {
    match drawn {
        Ok(()) => svg,
        Err(e) => format!(
            "<p class=\"note\">the chart could not be drawn: {}</p>",
            crate::interface::picture::svg::escape(&e)
        ),
    }
}
