//! Which regions a picture draws along the board's border, and in which colour: each
//! player's own edges (and the regions of goals only that player pursues) in the
//! player's colour, and the regions of each goal either player pursues (a triangle's
//! three sides, a hexagon's corners and sides) in a colour of their own per goal, so
//! that a designer sees what each goal asks for. The legend names each group.

use super::geometry::{edge_marks, Geometry};
use super::style;
use super::svg::{Pt, Svg};
use crate::rules::{Goal, Rules, Touch};

/// Regions drawn alike along the border.
#[derive(Debug, Clone)]
pub struct EdgeGroup {
    /// The regions (a bit per region, as `Board::regions_of`).
    pub regions: u32,
    /// The player whose regions these are, or `None` for a goal's regions that either
    /// player may reach.
    pub owner: Option<usize>,
    /// The line's colour.
    pub colour: &'static str,
    /// What the legend says: the regions' names, or the goal's words.
    pub label: String,
}

/// Where two regions of one group meet on the border, the gap between their lines, in
/// units (cells).
const GAP: f64 = 0.22;

/// The groups of `rules`: first one per player (always, even without regions, so that
/// group `p` is player `p`'s), then one per distinct goal of either player that names
/// regions no player owns.
pub fn edge_groups(rules: &Rules) -> Vec<EdgeGroup> {
    let b = rules.board();
    let players = rules.players();
    let tones = style::tones(players);
    let mut own: Vec<u32> = (0..players.len())
        .map(|p| rules.connect().own.get(p).copied().unwrap_or(0))
        .collect();
    for g in rules.goals() {
        if let (Some(p), Goal::Connect { touch, .. }) = (g.player, &g.goal) {
            if let (Some(mine), Touch::Some { regions, .. }) = (own.get_mut(p), touch) {
                *mine |= regions;
            }
        }
    }
    let names = |mask: u32| -> String { b.names_of(mask).join(", ") };
    let mut groups: Vec<EdgeGroup> = own
        .iter()
        .enumerate()
        .map(|(p, &regions)| EdgeGroup {
            regions,
            owner: Some(p),
            colour: style::of(&style::EDGE, tones.get(p).copied().unwrap_or(p)),
            label: names(regions),
        })
        .collect();
    let owned = own.iter().fold(0, |m, r| m | r);
    for g in rules.goals().iter().filter(|g| g.player.is_none()) {
        let Goal::Connect {
            touch: Touch::Some { regions, .. },
            ..
        } = g.goal
        else {
            continue;
        };
        let regions = regions & !owned;
        if regions == 0 {
            continue;
        }
        let label = format!("{}: {} (either player)", g.verdict.word(), g.text);
        // `connect opposite edges` is one goal per pair, written once: one group.
        match groups
            .iter_mut()
            .find(|x| x.owner.is_none() && x.label == label)
        {
            Some(x) => x.regions |= regions,
            None => {
                let shared = groups.iter().filter(|x| x.owner.is_none()).count();
                groups.push(EdgeGroup {
                    regions,
                    owner: None,
                    colour: style::SHARED[shared % style::SHARED.len()],
                    label,
                });
            }
        }
    }
    groups
}

/// Draws each group's stretches of the border as thick lines in its colour (class
/// `edge p0` for player 0's, `edge shared` for a goal's of either player).
pub fn draw_edges(s: &mut Svg, g: &Geometry, rules: &Rules) {
    let groups = edge_groups(rules);
    let masks: Vec<u32> = groups.iter().map(|x| x.regions).collect();
    let names = g.board.region_names();
    s.open("class=\"edges\"");
    // A region both players own or pursue (Gonnect's sides, Unlur's edges) is drawn in
    // both colours: each stretch half and half.
    let shared = match &groups[..] {
        [a, b, ..] if a.owner == Some(0) && b.owner == Some(1) => a.regions & b.regions,
        _ => 0,
    };
    for m in edge_marks(g, &masks, GAP * g.unit) {
        let parts: Vec<(usize, [Pt; 2])> = if shared >> m.region & 1 == 1 {
            let [a, e] = m.ends;
            let mid = ((a.0 + e.0) / 2.0, (a.1 + e.1) / 2.0);
            vec![(0, [a, mid]), (1, [mid, e])]
        } else {
            vec![(m.group, m.ends)]
        };
        for (k, ends) in parts {
            let group = &groups[k];
            let class = match group.owner {
                Some(p) => format!("edge p{p}"),
                None => "edge shared".to_string(),
            };
            s.line(
                ends[0],
                ends[1],
                &format!(
                    "class=\"{class}\" data-region=\"{}\" stroke=\"{}\" stroke-width=\"{:.1}\" stroke-linecap=\"round\"",
                    super::svg::escape(&names[m.region]),
                    group.colour,
                    0.16 * g.unit
                ),
            );
        }
    }
    s.close();
}
