//! The empty board of a picture: its cells (or points and the lines between them), the
//! blocked positions, the regions along the border ([`super::edges`]) and the
//! coordinates around it. Positions and heatmaps draw on top of it.

use super::edges::draw_edges;
use super::geometry::{Geometry, Look};
use super::style;
use super::svg::Svg;
use crate::rules::Rules;

/// Draws the board: cells (or points and lines), blocked positions, the border's
/// regions and the coordinates.
pub fn draw_board(s: &mut Svg, g: &Geometry, rules: &Rules) {
    draw_ground(s, g);
    draw_frame(s, g, rules);
}

/// The regions along the border and the coordinates: what is drawn over the cells
/// (a heatmap draws its cells between the ground and the frame).
pub fn draw_frame(s: &mut Svg, g: &Geometry, rules: &Rules) {
    draw_edges(s, g, rules);
    draw_labels(s, g);
}

/// The cells (or points and the lines between them) and the blocked positions.
pub fn draw_ground(s: &mut Svg, g: &Geometry) {
    let b = g.board;
    s.open("class=\"cells\"");
    for c in b.cells() {
        let name = b.cell_name(c);
        let attrs = match g.look {
            // The area around a point is part of the board, not a drawn cell.
            Look::Points => format!("class=\"cell\" data-cell=\"{name}\" fill=\"{}\"", style::CELL),
            _ => format!(
                "class=\"cell\" data-cell=\"{name}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"1.2\"",
                style::CELL,
                style::LINE
            ),
        };
        s.polygon(
            &g.outline(c, 1.0),
            &attrs,
            &format!("<title>{name}</title>"),
        );
    }
    s.close();
    if g.look == Look::Points {
        draw_lines(s, g);
    }
    draw_blocked(s, g);
}

/// The lines between neighbouring points on a board of points.
pub fn draw_lines(s: &mut Svg, g: &Geometry) {
    let b = g.board;
    s.open(&format!(
        "class=\"lines\" stroke=\"{}\" stroke-width=\"1.5\"",
        style::LINE
    ));
    for c in b.cells() {
        for side in g.sides(c) {
            if let Some(n) = g.across(c, side.step) {
                if n > c {
                    s.line(g.centre(c), g.centre(n), "");
                }
            }
        }
    }
    s.close();
}

/// The blocked positions: dark cells (dark discs on a board of points) with a white
/// cross.
fn draw_blocked(s: &mut Svg, g: &Geometry) {
    let b = g.board;
    s.open("class=\"blocked-cells\"");
    for &id in b.blocked() {
        let name = b.cell_name(id);
        let (x, y) = g.centre(id);
        match g.look {
            Look::Points => s.circle(
                (x, y),
                0.3 * g.unit,
                &format!("class=\"blocked\" data-cell=\"{name}\" fill=\"{}\"", style::BLOCKED),
            ),
            _ => s.polygon(
                &g.outline(id, 1.0),
                &format!(
                    "class=\"blocked\" data-cell=\"{name}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"1.2\"",
                    style::BLOCKED,
                    style::LINE
                ),
                &format!("<title>{name} (blocked)</title>"),
            ),
        }
        let d = 0.3 * g.unit;
        let w = format!("stroke=\"{}\" stroke-width=\"3\"", style::PAPER);
        s.line((x - d, y - d), (x + d, y + d), &w);
        s.line((x - d, y + d), (x + d, y - d), &w);
    }
    s.close();
}

/// The coordinates around the board.
fn draw_labels(s: &mut Svg, g: &Geometry) {
    s.open(&format!("class=\"coordinates\" fill=\"{}\"", style::INK));
    for l in g.labels() {
        s.text(l.at, 0.36 * g.unit, &l.text, "class=\"label\"");
    }
    s.close();
}
