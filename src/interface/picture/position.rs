//! A position as an SVG picture: the board in its true geometry with its coordinates
//! and the regions along its border, every layer of pieces (a small piece stands on a
//! larger one), the last move ringed, and on request highlighted cells, move numbers,
//! the cells the mover's legal moves reach and the winning chain or group; a legend
//! under the board ([`super::legend`]) names the players, their regions, the piece kinds
//! and where play stands.

use super::board::draw_board;
use super::changes::{arrivals_and_departures, occupied};
use super::geometry::{Geometry, Look};
use super::legend::Legend;
use super::style;
use super::svg::Svg;
use crate::engine::state::{Slot, State};
use crate::rules::board::Cell;

pub use super::legend::{caption, status};

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

/// What every layer of a position's drawing needs: the layout, the position and each
/// player's colour index.
struct Scene<'a> {
    g: Geometry<'a>,
    state: &'a State,
    tones: Vec<usize>,
}

impl Scene<'_> {
    fn tone(&self, p: usize) -> usize {
        self.tones.get(p).copied().unwrap_or(p)
    }

    fn name(&self, c: Cell) -> String {
        self.g.board.cell_name(c)
    }

    /// The radius of a stone of the first piece kind.
    fn stone_r(&self) -> f64 {
        (if self.g.look == Look::Points {
            0.46
        } else {
            0.41
        }) * UNIT
    }
}

/// Draws `state` with `marks` as a standalone SVG document.
pub fn svg(state: &State, marks: &Marks) -> String {
    let rules = state.rules();
    let scene = Scene {
        g: Geometry::new(rules.board(), UNIT),
        state,
        tones: style::tones(rules.players()),
    };
    let g = &scene.g;
    let legend = Legend::new(state, marks.caption.as_deref(), UNIT);
    let width = g.width.max(legend.width() + 0.8 * UNIT);
    let height = g.height + legend.height();
    let title = format!("{}: {}", rules.name(), status(state));
    let mut s = Svg::new(width, height, &title);
    s.rect(
        (0.0, 0.0),
        (width, height),
        &format!("fill=\"{}\"", style::PAPER),
    );
    s.open(&format!(
        "class=\"board\" transform=\"translate({:.1} 0)\"",
        (width - g.width) / 2.0
    ));
    draw_board(&mut s, g, rules);
    highlights(&mut s, &scene, &marks.highlight);
    legal_targets(&mut s, &scene, &marks.legal);
    pieces(&mut s, &scene);
    // The winning outline under the last move's ring, which it would hide.
    winning(&mut s, &scene, &marks.winning);
    if let Some(prev) = marks.previous {
        last_move(&mut s, &scene, prev);
    }
    numbers(&mut s, &scene, &marks.numbers);
    s.close();
    let neutral: Vec<bool> = rules.pieces().iter().map(|k| k.neutral).collect();
    legend.draw(&mut s, g.height, &|p| scene.tone(p), &neutral);
    s.finish()
}

/// Highlighted cells, under the pieces: filled, with a dashed outline.
fn highlights(s: &mut Svg, scene: &Scene, cells: &[Cell]) {
    let b = scene.g.board;
    s.open("class=\"highlights\"");
    for &c in cells.iter().filter(|&&c| b.contains(c)) {
        s.polygon(
            &scene.g.outline(c, 0.92),
            &format!(
                "class=\"highlight\" data-cell=\"{}\" fill=\"{}\" fill-opacity=\"0.85\" stroke=\"{}\" stroke-width=\"3\" stroke-dasharray=\"6 3\"",
                scene.name(c),
                style::HIGHLIGHT,
                style::HIGHLIGHT_LINE
            ),
            "",
        );
    }
    s.close();
}

/// A small dot in the mover's colour on each cell a legal move brings a piece to.
fn legal_targets(s: &mut Svg, scene: &Scene, cells: &[Cell]) {
    if cells.is_empty() {
        return;
    }
    let b = scene.g.board;
    let p = scene.tone(scene.state.to_move());
    s.open("class=\"legal-moves\"");
    for &c in cells.iter().filter(|&&c| b.contains(c)) {
        s.circle(
            scene.g.centre(c),
            0.1 * UNIT,
            &format!(
                "class=\"legal\" data-cell=\"{}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"1.5\" fill-opacity=\"0.7\"",
                scene.name(c),
                style::of(&style::STONE, p),
                style::of(&style::STONE_LINE, p)
            ),
        );
    }
    s.close();
}

/// The pieces, layer by layer: the first kind full size, the others smaller on top;
/// neutral pieces are grey diamonds.
fn pieces(s: &mut Svg, scene: &Scene) {
    let rules = scene.state.rules();
    let stone_r = scene.stone_r();
    s.open("class=\"pieces\"");
    for (k, kind) in rules.pieces().iter().enumerate() {
        let r = if k == 0 { stone_r } else { 0.5 * stone_r };
        for c in rules.board().cells() {
            let slot = scene.state.slot(k, c);
            let (class, fill, line) = match slot {
                Slot::Empty => continue,
                Slot::Player(p) => (
                    format!("piece p{p}"),
                    style::of(&style::STONE, scene.tone(p)),
                    if k == 0 {
                        style::of(&style::STONE_LINE, scene.tone(p))
                    } else {
                        // A small piece is outlined in the other colour, so that it shows
                        // on a piece of either colour.
                        style::of(&style::STONE, 1 - scene.tone(p).min(1))
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
                scene.name(c),
                super::svg::escape(&kind.name),
                if k == 0 { 1.5 } else { 2.0 }
            );
            let (x, y) = scene.g.centre(c);
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
}

/// The last move: a ring where a piece arrived, a dashed ring where one left.
fn last_move(s: &mut Svg, scene: &Scene, previous: &State) {
    let (came, went) = arrivals_and_departures(previous, scene.state);
    s.open("class=\"last-move\"");
    for c in came {
        s.circle(
            scene.g.centre(c),
            scene.stone_r() + 3.5,
            &format!(
                "class=\"last\" data-cell=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"3.5\"",
                scene.name(c),
                style::LAST
            ),
        );
    }
    for c in went {
        s.circle(
            scene.g.centre(c),
            0.3 * UNIT,
            &format!(
                "class=\"left\" data-cell=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"2.5\" stroke-dasharray=\"4 3\"",
                scene.name(c),
                style::LAST
            ),
        );
    }
    s.close();
}

/// The winning chain or group: each cell outlined.
fn winning(s: &mut Svg, scene: &Scene, cells: &[Cell]) {
    if cells.is_empty() {
        return;
    }
    let b = scene.g.board;
    s.open("class=\"winning\"");
    for &c in cells.iter().filter(|&&c| b.contains(c)) {
        s.polygon(
            &scene.g.outline(c, 0.97),
            &format!(
                "class=\"win\" data-cell=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"4\"",
                scene.name(c),
                style::WIN
            ),
            "",
        );
    }
    s.close();
}

/// Move numbers on the pieces that still stand where they arrived.
fn numbers(s: &mut Svg, scene: &Scene, numbers: &[Option<u32>]) {
    if numbers.is_empty() {
        return;
    }
    let state = scene.state;
    s.open("class=\"numbers\"");
    for c in state.rules().board().cells() {
        let Some(n) = numbers.get(c as usize).copied().flatten() else {
            continue;
        };
        if !occupied(state, c) {
            continue;
        }
        let ink = match state.slot(0, c) {
            Slot::Player(p) => style::of(&style::ON_STONE, scene.tone(p)),
            _ => "#000000",
        };
        let size = if n >= 100 { 0.3 } else { 0.38 } * UNIT;
        s.text(
            scene.g.centre(c),
            size,
            &n.to_string(),
            &format!(
                "class=\"number\" data-cell=\"{}\" fill=\"{ink}\" font-weight=\"bold\"",
                scene.name(c)
            ),
        );
    }
    s.close();
}
