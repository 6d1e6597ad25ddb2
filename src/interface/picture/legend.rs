//! The legend under a position: a line per player (its stone and the regions it
//! owns), a line per goal's regions either player may reach, a line naming the piece
//! kinds when there are several or neutral ones (as each is drawn), then the caption
//! and where play stands.

use super::edges::edge_groups;
use super::style;
use super::svg::Svg;
use crate::engine::state::{describe_outcome, State};

/// A piece of a legend line.
pub enum Part {
    /// A player's stone (the player's index).
    Stone(usize),
    /// A stretch of border in a colour.
    Edge(&'static str),
    /// A piece kind as drawn (its index).
    Kind(usize),
    Text(String),
}

/// A legend: its lines, and the unit the picture is drawn with.
pub struct Legend {
    pub lines: Vec<Vec<Part>>,
    unit: f64,
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

/// Where play stands: the outcome with what decided it, or who is to move.
pub fn status(state: &State) -> String {
    let rules = state.rules();
    if let Some(end) = state.describe_end() {
        return end;
    }
    match state.outcome() {
        Some(o) => describe_outcome(o, rules),
        None if state.must_pass() => format!(
            "{} to move (no legal placement: the only move is pass)",
            rules.players()[state.to_move()]
        ),
        None => format!("{} to move", rules.players()[state.to_move()]),
    }
}

impl Legend {
    /// The legend of `state` with an optional caption before the status.
    pub fn new(state: &State, caption: Option<&str>, unit: f64) -> Legend {
        let rules = state.rules();
        let groups = edge_groups(rules);
        let mut lines = Vec::new();
        for (p, name) in rules.players().iter().enumerate() {
            let mut line = vec![Part::Stone(p), Part::Text(name.clone())];
            if let Some(g) = groups.get(p).filter(|g| g.regions != 0) {
                line.push(Part::Edge(g.colour));
                line.push(Part::Text(g.label.clone()));
            }
            lines.push(line);
        }
        for g in groups.iter().filter(|g| g.owner.is_none()) {
            lines.push(vec![Part::Edge(g.colour), Part::Text(g.label.clone())]);
        }
        let kinds = rules.pieces();
        if kinds.len() > 1 || kinds.iter().any(|k| k.neutral) {
            let mut line = Vec::new();
            for (k, kind) in kinds.iter().enumerate() {
                line.push(Part::Kind(k));
                let neutral = if kind.neutral { " (neutral)" } else { "" };
                line.push(Part::Text(format!("{}{neutral}", kind.name)));
            }
            lines.push(line);
        }
        let mut last = Vec::new();
        if let Some(c) = caption {
            last.push(c.to_string());
        }
        last.push(status(state));
        lines.push(vec![Part::Text(last.join(": "))]);
        Legend { lines, unit }
    }

    /// The height of one line.
    fn line_height(&self) -> f64 {
        0.5 * self.unit
    }

    /// The legend's height, with a margin.
    pub fn height(&self) -> f64 {
        self.line_height() * self.lines.len() as f64 + 0.3 * self.unit
    }

    /// The width of the widest line.
    pub fn width(&self) -> f64 {
        self.lines
            .iter()
            .map(|l| l.iter().map(|p| self.part_width(p)).sum())
            .fold(0.0, f64::max)
    }

    fn part_width(&self, part: &Part) -> f64 {
        let u = self.unit;
        match part {
            Part::Stone(_) | Part::Kind(_) => 0.5 * u,
            Part::Edge(_) => 0.8 * u,
            Part::Text(t) => 0.2 * u * t.chars().count() as f64 + 0.3 * u,
        }
    }

    /// Draws the legend from `top` down; `tone` gives a player's colour index and
    /// `neutral` tells the neutral piece kinds.
    pub fn draw(&self, s: &mut Svg, top: f64, tone: &dyn Fn(usize) -> usize, neutral: &[bool]) {
        let u = self.unit;
        s.open("class=\"legend\"");
        let mut y = top + 0.5 * self.line_height();
        for line in &self.lines {
            let mut x = 0.4 * u;
            for part in line {
                let centre = (x + 0.2 * u, y);
                match part {
                    Part::Stone(p) => {
                        let p = tone(*p);
                        s.circle(
                            centre,
                            0.18 * u,
                            &format!(
                                "fill=\"{}\" stroke=\"{}\" stroke-width=\"1.5\"",
                                style::of(&style::STONE, p),
                                style::of(&style::STONE_LINE, p)
                            ),
                        );
                    }
                    Part::Edge(colour) => s.line(
                        (x, y),
                        (x + 0.6 * u, y),
                        &format!(
                            "stroke=\"{colour}\" stroke-width=\"{:.1}\" stroke-linecap=\"round\"",
                            0.16 * u
                        ),
                    ),
                    Part::Kind(k) => kind_sample(s, centre, *k, neutral, u),
                    Part::Text(t) => s.text_left(
                        (x, y + 0.16 * u),
                        0.36 * u,
                        t,
                        &format!("fill=\"{}\"", style::INK),
                    ),
                }
                x += self.part_width(part);
            }
            y += self.line_height();
        }
        s.close();
    }
}

/// A piece kind drawn as on the board, without a player's colour: the first kind large,
/// the others small, neutral ones as grey diamonds.
fn kind_sample(s: &mut Svg, (x, y): (f64, f64), k: usize, neutral: &[bool], u: f64) {
    let r = if k == 0 { 0.18 } else { 0.13 } * u;
    if neutral.get(k).copied().unwrap_or(false) {
        let d = r * 1.1;
        s.polygon(
            &[(x, y - d), (x + d, y), (x, y + d), (x - d, y)],
            &format!(
                "fill=\"{}\" stroke=\"{}\" stroke-width=\"1.5\"",
                style::NEUTRAL,
                style::NEUTRAL_LINE
            ),
            "",
        );
    } else {
        s.circle(
            (x, y),
            r,
            &format!(
                "fill=\"{}\" stroke=\"{}\" stroke-width=\"1.5\"",
                style::CELL,
                style::LINE
            ),
        );
    }
}
