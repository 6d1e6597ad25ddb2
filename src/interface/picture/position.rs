//! A position as an SVG picture: the board in its true geometry with its coordinates
//! and each player's edges, every layer of pieces (a small piece stands on a larger
//! one), the last move ringed, and on request highlighted cells, move numbers, the
//! cells the mover's legal moves reach and the winning chain or group; a legend under
//! the board names the players, their edges and where play stands.

use super::changes::{arrivals_and_departures, occupied};
use super::geometry::{edge_marks, Geometry, Look};
use super::style;
use super::svg::Svg;
use crate::engine::state::{describe_outcome, Slot, State};
use crate::rules::board::Cell;
use crate::rules::Rules;

/// Pixels between neighbouring cells.
pub const UNIT: f64 = 40.0;

/// What to draw besides the position.
#[derive(Default)]
pub struct Marks<'a> {
    /// The position before the last move: what changed is marked.
    pub previous: Option<&'a State>,
    /// Cells to highlight.
    pub highlight: Vec<Cell>,
    /// Per grid position, a move number to write on its piece (empty: none).
    pub numbers: Vec<Option<u32>>,
    /// Cells to mark as reached by a legal move of the player to move.
    pub legal: Vec<Cell>,
    /// Cells to outline as the winning chain or group.
    pub winning: Vec<Cell>,
    /// A line above the legend (e.g. `after 12 moves`); the status line follows it.
    pub caption: Option<String>,
}

/// Draws `state` with `marks` as a standalone SVG document.
pub fn svg(state: &State, marks: &Marks) -> String {
    let rules = state.rules();
    let b = rules.board();
    let g = Geometry::new(b, UNIT);
    let legend = legend_lines(state, marks);
    let line_h = 0.5 * UNIT;
    let legend_h = line_h * legend.len() as f64 + 0.3 * UNIT;
    let widest = legend.iter().map(|l| line_width(l)).fold(0.0, f64::max);
    let width = g.width.max(widest + 0.8 * UNIT);
    let dx = (width - g.width) / 2.0;
    let title = format!("{}: {}", rules.name(), status(state));
    let mut s = Svg::new(width, g.height + legend_h, &title);
    s.rect(
        (0.0, 0.0),
        (width, g.height + legend_h),
        &format!("fill=\"{}\"", style::PAPER),
    );
    s.open(&format!(
        "class=\"board\" transform=\"translate({dx:.1} 0)\""
    ));
    draw_board(&mut s, &g, rules);
    let tone = style::tones(rules.players());
    let tone = |p: usize| tone.get(p).copied().unwrap_or(p);
    let at = |c: Cell| g.centre(c);
    let u = UNIT;
    // Highlights under the pieces.
    s.open("class=\"highlights\"");
    for &c in marks.highlight.iter().filter(|&&c| b.contains(c)) {
        s.polygon(
            &g.outline(c, 0.92),
            &format!(
                "class=\"highlight\" data-cell=\"{}\" fill=\"{}\" fill-opacity=\"0.85\" stroke=\"{}\" stroke-width=\"3\" stroke-dasharray=\"6 3\"",
                b.cell_name(c),
                style::HIGHLIGHT,
                style::HIGHLIGHT_LINE
            ),
            "",
        );
    }
    s.close();
    // The mover's legal targets, on cells without a piece.
    if !marks.legal.is_empty() {
        let p = tone(state.to_move());
        s.open("class=\"legal-moves\"");
        for &c in marks.legal.iter().filter(|&&c| b.contains(c)) {
            s.circle(
                at(c),
                0.1 * u,
                &format!(
                    "class=\"legal\" data-cell=\"{}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"1.5\" fill-opacity=\"0.7\"",
                    b.cell_name(c),
                    style::of(&style::STONE, p),
                    style::of(&style::STONE_LINE, p)
                ),
            );
        }
        s.close();
    }
    // The pieces, layer by layer: the first kind full size, the others smaller on top.
    s.open("class=\"pieces\"");
    let stone_r = if g.look == Look::Points { 0.46 } else { 0.41 } * u;
    for (k, kind) in rules.pieces().iter().enumerate() {
        let r = if k == 0 { stone_r } else { 0.5 * stone_r };
        for c in b.cells() {
            let slot = state.slot(k, c);
            let (class, fill, line) = match slot {
                Slot::Empty => continue,
                Slot::Player(p) => (
                    format!("piece p{p}"),
                    style::of(&style::STONE, tone(p)),
                    if k == 0 {
                        style::of(&style::STONE_LINE, tone(p))
                    } else {
                        // A small piece is outlined in the other colour, so that it shows
                        // on a piece of either colour.
                        style::of(&style::STONE, 1 - tone(p).min(1))
                    },
                ),
                Slot::Neutral => (
                    "piece neutral".to_string(),
                    style::NEUTRAL,
                    style::NEUTRAL_LINE,
                ),
            };
            let attrs = format!(
                "class=\"{class}\" data-cell=\"{}\" data-kind=\"{}\" fill=\"{fill}\" stroke=\"{line}\" stroke-width=\"{:.1}\"",
                b.cell_name(c),
                super::svg::escape(&kind.name),
                if k == 0 { 1.5 } else { 2.0 }
            );
            let (x, y) = at(c);
            if slot == Slot::Neutral {
                let d = r * 1.1;
                s.polygon(
                    &[(x, y - d), (x + d, y), (x, y + d), (x - d, y)],
                    &attrs,
                    "",
                );
            } else {
                s.circle((x, y), r, &attrs);
            }
        }
    }
    s.close();
    // The last move: a ring where a piece arrived, a dashed ring where one left.
    if let Some(prev) = marks.previous {
        let (came, went) = arrivals_and_departures(prev, state);
        s.open("class=\"last-move\"");
        for c in came {
            s.circle(
                at(c),
                stone_r + 3.5,
                &format!(
                    "class=\"last\" data-cell=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"3.5\"",
                    b.cell_name(c),
                    style::LAST
                ),
            );
        }
        for c in went {
            s.circle(
                at(c),
                0.3 * u,
                &format!(
                    "class=\"left\" data-cell=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"2.5\" stroke-dasharray=\"4 3\"",
                    b.cell_name(c),
                    style::LAST
                ),
            );
        }
        s.close();
    }
    // The winning chain or group.
    if !marks.winning.is_empty() {
        s.open("class=\"winning\"");
        for &c in marks.winning.iter().filter(|&&c| b.contains(c)) {
            s.polygon(
                &g.outline(c, 0.97),
                &format!(
                    "class=\"win\" data-cell=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"4\"",
                    b.cell_name(c),
                    style::WIN
                ),
                "",
            );
        }
        s.close();
    }
    // Move numbers on the pieces.
    if !marks.numbers.is_empty() {
        s.open("class=\"numbers\"");
        for c in b.cells() {
            let Some(n) = marks.numbers.get(c as usize).copied().flatten() else {
                continue;
            };
            if !occupied(state, c) {
                continue;
            }
            let ink = match state.slot(0, c) {
                Slot::Player(p) => style::of(&style::ON_STONE, tone(p)),
                _ => "#000000",
            };
            let size = if n >= 100 { 0.3 } else { 0.38 } * u;
            s.text(
                at(c),
                size,
                &n.to_string(),
                &format!(
                    "class=\"number\" data-cell=\"{}\" fill=\"{ink}\" font-weight=\"bold\"",
                    b.cell_name(c)
                ),
            );
        }
        s.close();
    }
    s.close();
    // The legend.
    s.open("class=\"legend\"");
    let mut y = g.height + 0.5 * line_h;
    for line in &legend {
        let mut x = 0.4 * u;
        for part in line {
            match part {
                Part::Stone(p) => {
                    let p = tone(*p);
                    s.circle(
                        (x + 0.2 * u, y),
                        0.18 * u,
                        &format!(
                            "fill=\"{}\" stroke=\"{}\" stroke-width=\"1.5\"",
                            style::of(&style::STONE, p),
                            style::of(&style::STONE_LINE, p)
                        ),
                    );
                    x += 0.5 * u;
                }
                Part::Edge(p) => {
                    s.line(
                        (x, y),
                        (x + 0.6 * u, y),
                        &format!(
                            "stroke=\"{}\" stroke-width=\"{:.1}\" stroke-linecap=\"round\"",
                            style::of(&style::EDGE, tone(*p)),
                            0.16 * u
                        ),
                    );
                    x += 0.8 * u;
                }
                Part::Text(t) => {
                    s.text_left(
                        (x, y + 0.16 * u),
                        0.36 * u,
                        t,
                        &format!("fill=\"{}\"", style::INK),
                    );
                    x += 0.2 * u * t.chars().count() as f64 + 0.3 * u;
                }
            }
        }
        y += line_h;
    }
    s.close();
    s.finish()
}

/// Draws the board: cells (or points and lines), blocked positions, the players'
/// edges and the coordinates.
pub fn draw_board(s: &mut Svg, g: &Geometry, rules: &Rules) {
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
    draw_lines_and_blocked(s, g);
    draw_edges(s, g, rules);
    draw_labels(s, g);
}

/// The lines between points (on a board of points) and the blocked positions.
fn draw_lines_and_blocked(s: &mut Svg, g: &Geometry) {
    let b = g.board;
    if g.look == Look::Points {
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
    s.open("class=\"blocked-cells\"");
    for &id in b.blocked() {
        let name = b.cell_name(id);
        let (x, y) = g.centre(id);
        let d = 0.3 * g.unit;
        let cross = |s: &mut Svg| {
            let w = format!("stroke=\"{}\" stroke-width=\"3\"", style::PAPER);
            s.line((x - d, y - d), (x + d, y + d), &w);
            s.line((x - d, y + d), (x + d, y - d), &w);
        };
        match g.look {
            Look::Points => {
                s.circle(
                    (x, y),
                    0.3 * g.unit,
                    &format!("class=\"blocked\" data-cell=\"{name}\" fill=\"{}\"", style::BLOCKED),
                );
            }
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
        cross(s);
    }
    s.close();
}

/// Each player's edges as thick lines along the border in the player's colour.
fn draw_edges(s: &mut Svg, g: &Geometry, rules: &Rules) {
    let tone = style::tones(rules.players());
    s.open("class=\"edges\"");
    for m in edge_marks(g, &rules.connect().own) {
        s.line(
            m.ends[0],
            m.ends[1],
            &format!(
                "class=\"edge p{}\" stroke=\"{}\" stroke-width=\"{:.1}\" stroke-linecap=\"round\"",
                m.player,
                style::of(
                    &style::EDGE,
                    tone.get(m.player).copied().unwrap_or(m.player)
                ),
                0.16 * g.unit
            ),
        );
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

/// A piece of a legend line.
enum Part {
    Stone(usize),
    Edge(usize),
    Text(String),
}

/// The width of a legend line, with the steps [`svg`] draws it with.
fn line_width(line: &[Part]) -> f64 {
    line.iter()
        .map(|p| match p {
            Part::Stone(_) => 0.5 * UNIT,
            Part::Edge(_) => 0.8 * UNIT,
            Part::Text(t) => 0.2 * UNIT * t.chars().count() as f64 + 0.3 * UNIT,
        })
        .sum()
}

/// The caption of the position after `moves` moves: `start`, `after 1 move`, `after 12
/// moves`.
pub fn caption(moves: usize) -> String {
    match moves {
        0 => "start".into(),
        1 => "after 1 move".into(),
        n => format!("after {n} moves"),
    }
}

/// Where play stands: the outcome, or who is to move.
pub fn status(state: &State) -> String {
    let rules = state.rules();
    match state.outcome() {
        Some(o) => describe_outcome(o, rules),
        None if state.must_pass() => format!(
            "{} to move (no legal placement: the only move is pass)",
            rules.players()[state.to_move()]
        ),
        None => format!("{} to move", rules.players()[state.to_move()]),
    }
}

/// The legend: a line per player (its stone, its edges), then the caption and status.
fn legend_lines(state: &State, marks: &Marks) -> Vec<Vec<Part>> {
    let rules = state.rules();
    let b = rules.board();
    let mut lines = Vec::new();
    for (p, name) in rules.players().iter().enumerate() {
        let own = rules.connect().own.get(p).copied().unwrap_or(0);
        let edges: Vec<&str> = b
            .region_names()
            .iter()
            .enumerate()
            .filter(|(r, _)| own & (1 << r) != 0)
            .map(|(_, n)| n.as_str())
            .collect();
        let mut line = vec![Part::Stone(p), Part::Text(name.clone())];
        if !edges.is_empty() {
            line.push(Part::Edge(p));
            line.push(Part::Text(edges.join(", ")));
        }
        lines.push(line);
    }
    let mut last = Vec::new();
    if let Some(c) = &marks.caption {
        last.push(c.clone());
    }
    last.push(status(state));
    lines.push(vec![Part::Text(last.join(": "))]);
    lines
}
