//! The compiled rules in words: `weft rules`' summary, and every condition and step
//! described the way a rule file writes it, with one bracketing rule for all of them
//! (`and` binds tighter than `or`; an `and` inside an `or` and anything combined under
//! `not` are bracketed anyway, for the reader).

use super::board;
use super::{
    BoardShape, BothWin, CellPred, Counted, Distance, Goal, GoalRule, Ko, NoMove, PassRule, Pred,
    Regions, Rules, StepRule, Touch,
};

/// Whether a slide's end condition lets it end on an enemy piece of its own kind (then
/// it captures): a conservative reading of the condition's words.
fn onto_may_hold_enemy(onto: &CellPred, kind: usize) -> bool {
    match onto.tree() {
        CellPred::Enemy(k) | CellPred::Any(k) => *k == kind,
        CellPred::Or(v) => v.iter().any(|c| onto_may_hold_enemy(c, kind)),
        CellPred::And(v) => v.iter().all(|c| onto_may_hold_enemy(c, kind)),
        CellPred::Not(x) => matches!(**x, CellPred::Empty | CellPred::No(_)),
        _ => false,
    }
}

/// A tree of conditions joined by `not`, `and`, `or`, to be put in words.
enum Shape<'a, T> {
    Leaf,
    Not(&'a T),
    And(&'a [T]),
    Or(&'a [T]),
}

/// Describes a condition tree: leaves by `leaf`, the rest with `not`/`and`/`or` and
/// brackets by the module's rule.
fn describe_tree<'a, T>(
    node: &'a T,
    shape: &dyn Fn(&'a T) -> Shape<'a, T>,
    leaf: &dyn Fn(&'a T) -> String,
) -> String {
    let words = |x: &'a T| describe_tree(x, shape, leaf);
    let bracketed = |x: &'a T| match shape(x) {
        Shape::And(_) | Shape::Or(_) => format!("({})", words(x)),
        _ => words(x),
    };
    match shape(node) {
        Shape::Leaf => leaf(node),
        Shape::Not(x) => format!("not {}", bracketed(x)),
        Shape::And(v) => v
            .iter()
            .map(|x| match shape(x) {
                Shape::Or(_) => bracketed(x),
                _ => words(x),
            })
            .collect::<Vec<_>>()
            .join(" and "),
        Shape::Or(v) => v
            .iter()
            .map(|x| match shape(x) {
                Shape::And(_) => bracketed(x),
                _ => words(x),
            })
            .collect::<Vec<_>>()
            .join(" or "),
    }
}

impl Rules {
    /// A readable summary: board, pieces, turn, glyphs with their forms, goal, swap, no-move.
    pub fn summary(&self) -> String {
        let mut s = self.name.clone();
        if let Some(d) = &self.designer {
            s.push_str(&format!(" by {d}"));
        }
        if let Some(y) = self.year {
            s.push_str(&format!(" ({y})"));
        }
        s.push('\n');
        for a in &self.about {
            s.push_str(&format!("  {a}\n"));
        }
        if !self.params.is_empty() {
            let ps: Vec<String> = self
                .params
                .iter()
                .map(|p| format!("{}={}", p.name, p.value))
                .collect();
            s.push_str(&format!("parameters: {}\n", ps.join(", ")));
        }
        s.push_str(&format!(
            "players: {} (first to move: {})\n",
            self.players.join(", "),
            self.players[0]
        ));
        let b = &self.board;
        let kind = match b.shape {
            BoardShape::Square => "points",
            BoardShape::Rectangle => "squares",
            _ => "hex cells",
        };
        s.push_str(&format!(
            "board: {}, {} {kind}\n",
            b.describe(),
            b.cell_count()
        ));
        let corner_list: Vec<String> = board::corners(b.shape)
            .iter()
            .filter_map(|(name, _, _)| {
                let bit = b.region_index(name)?;
                let cell = b.cells().find(|&c| b.regions_of(c) >> bit & 1 == 1)?;
                Some(format!("{name} {}", b.cell_name(cell)))
            })
            .collect();
        s.push_str(&format!(
            "corners: {} (each edge without its corners is a side: `top-side`, ...; all of a kind: `edges`, `corners`, `sides`)\n",
            corner_list.join(", ")
        ));
        let builtins = board::builtin_regions(b.shape).len();
        for (i, r) in b.region_names().iter().enumerate().skip(builtins) {
            let cells: Vec<String> = b
                .cells()
                .filter(|&c| b.regions_of(c) & (1 << i) != 0)
                .map(|c| b.cell_name(c))
                .collect();
            let shown = if cells.len() == b.cell_count() {
                format!("every cell ({})", cells.len())
            } else if cells.len() > 24 {
                format!("{} cells: {} ...", cells.len(), cells[..16].join(" "))
            } else {
                cells.join(" ")
            };
            s.push_str(&format!("region {r}: {shown}\n"));
        }
        for (i, p) in self.players.iter().enumerate() {
            let names: Vec<&str> = self
                .board
                .region_names()
                .iter()
                .enumerate()
                .filter(|(b, _)| self.connect.own[i] & (1 << b) != 0)
                .map(|(_, n)| n.as_str())
                .collect();
            if !names.is_empty() {
                s.push_str(&format!("edges of {p}: {}\n", names.join(", ")));
            }
        }
        let kinds: Vec<String> = self
            .pieces
            .iter()
            .map(|p| {
                let mut t = p.name.clone();
                if p.neutral {
                    t.push_str(" (neutral)");
                }
                if p.frozen_on_own_edges {
                    t.push_str(" (frozen on its owner's edges)");
                }
                t
            })
            .collect();
        s.push_str(&format!("pieces: {}\n", kinds.join(", ")));
        if !self.setup.is_empty() {
            s.push_str(&format!(
                "setup: {} piece{}\n",
                self.setup.len(),
                if self.setup.len() == 1 { "" } else { "s" }
            ));
        }
        self.describe_turns(&mut s);
        for g in &self.glyphs {
            s.push_str(&format!(
                "forbidden: \"{}\" ({} distinct form{}{})\n",
                g.name,
                g.forms,
                if g.forms == 1 { "" } else { "s" },
                if g.fits { "" } else { ", none fits this board" }
            ));
            for row in &g.picture {
                s.push_str(&format!("    {row}\n"));
            }
        }
        if self.glyphs_after_turn {
            s.push_str(
                "forbidden shapes are tested on the position after the whole turn, however it was reached\n",
            );
        }
        self.describe_endings(&mut s);
        s
    }

    /// The goals, the rules checked around moves, the ply limit, the swap, the claims
    /// and what happens without a move, one line each.
    fn describe_endings(&self, s: &mut String) {
        for g in &self.goals {
            s.push_str(&self.describe_goal(g));
            s.push('\n');
        }
        match self.both_win {
            None => {}
            Some(b) => s.push_str(&format!(
                "goals are checked for both players after every move; when a move makes both winning shapes, {}\n",
                match b {
                    BothWin::Draw => "the game is a draw",
                    BothWin::Mover => "the player who moved wins",
                }
            )),
        }
        for c in &self.turn_start {
            s.push_str(&format!(
                "at turn start: the player to move {}s if {}\n",
                c.verdict.word(),
                self.describe_pred(&c.cond)
            ));
        }
        for c in &self.after_move {
            s.push_str(&format!(
                "after a move: the player who moved {}s if {}\n",
                c.verdict.word(),
                self.describe_pred(&c.cond)
            ));
        }
        if let Some(n) = self.ply_limit {
            s.push_str(&format!("ply limit: {n} (a draw, reported apart)\n"));
        }
        s.push_str(&format!(
            "swap rule: {}\n",
            if self.swap { "yes" } else { "no" }
        ));
        for c in &self.claims {
            s.push_str(&format!("claim: {c}\n"));
        }
        s.push_str(&format!(
            "no legal move: {}\n",
            match self.no_move {
                NoMove::Skip => "the turn is skipped (a draw if neither player can move)",
                NoMove::Lose => "the player to move loses",
                NoMove::Draw => "the game is drawn",
                NoMove::Impossible =>
                    "claimed impossible (the game stops and the claim is reported broken)",
            }
        ));
    }

    /// A goal in words, e.g. `win: a group linked in all directions touching 3 of: ...`.
    pub fn describe_goal(&self, g: &GoalRule) -> String {
        let head = match g.player {
            Some(p) => format!("{} ({} only)", g.verdict.word(), self.players[p]),
            None => g.verdict.word().to_string(),
        };
        let names = |regions: Regions| -> String { self.board.names_of(regions).join(", ") };
        let body = match g.goal {
            Goal::Connect {
                touch: Touch::OwnEdges,
                adjacency,
                ..
            } => format!(
                "connect all your own edges with a chain linked {}",
                adjacency.words()
            ),
            Goal::Connect {
                touch: Touch::Some { regions, need },
                adjacency,
                ..
            } => {
                let count = regions.count_ones();
                let how_many = if need == count {
                    if count == 2 { "both of".to_string() } else { format!("all {count} of") }
                } else {
                    format!("{need} of the {count}")
                };
                format!(
                    "a group linked {} touching {how_many}: {}",
                    adjacency.words(),
                    names(regions)
                )
            }
            Goal::Ring { adjacency, .. } => format!(
                "a ring: a closed chain linked {} around at least one cell, whatever the cells inside hold",
                adjacency.words()
            ),
            Goal::OneGroup { piece, adjacency } => format!(
                "all your {}s in one group linked {} (a single {} is a group)",
                self.piece_name(piece),
                adjacency.words(),
                self.piece_name(piece)
            ),
            Goal::CrossingRace => "crossing race: after a crossing into your own edges, the opponent must answer with one at once or lose".to_string(),
        };
        format!("{head}: {body} (`{}`)", g.text)
    }

    /// The turns in words, one line each.
    fn describe_turns(&self, s: &mut String) {
        for t in &self.turns {
            s.push_str("turn");
            if let Some(g) = &t.guard {
                s.push_str(&format!(" while {}", self.describe_pred(g)));
            }
            let steps: Vec<String> = t.steps.iter().map(|st| self.describe_step(st)).collect();
            let optional = if t.optional { "optionally " } else { "" };
            let pass = match t.pass {
                None => String::new(),
                Some(PassRule { takes: None }) => ", or pass".to_string(),
                Some(PassRule { takes: Some(c) }) => format!(
                    ", or pass: the passer then plays {} and moves next",
                    self.players[c]
                ),
            };
            s.push_str(&format!(": {optional}{}{pass}\n", steps.join(", then ")));
        }
        if let Some(c) = self.capture {
            let name = self.piece_name(c.piece);
            s.push_str(&format!(
                "capture: after a move, enemy groups of {name}s (linked {}) with no empty neighbour are removed; a move that leaves your own such group {}\n",
                c.adjacency.words(),
                if c.suicide { "removes it (suicide allowed)" } else { "is illegal (no suicide)" }
            ));
        }
        match self.ko {
            Ko::None => {}
            Ko::Simple => s.push_str(
                "ko: a move may not recreate the position before the opponent's last move\n",
            ),
            Ko::Superko => s.push_str(
                "ko: a move may not recreate any earlier position of the game (positional superko)\n",
            ),
        }
    }

    fn piece_name(&self, k: usize) -> &str {
        &self.pieces[k].name
    }

    /// A cell condition in words, as a rule file writes it.
    pub fn describe_cell(&self, c: &CellPred) -> String {
        describe_tree(
            c.tree(),
            &|c| match c {
                CellPred::Not(x) => Shape::Not(x),
                CellPred::And(v) => Shape::And(v),
                CellPred::Or(v) => Shape::Or(v),
                _ => Shape::Leaf,
            },
            &|c| match c {
                CellPred::Empty => "empty".into(),
                CellPred::No(k) => format!("no {}", self.piece_name(*k)),
                CellPred::Own(k) => format!("own {}", self.piece_name(*k)),
                CellPred::Enemy(k) => format!("enemy {}", self.piece_name(*k)),
                CellPred::Any(k) => self.piece_name(*k).to_string(),
                CellPred::In(regions) => {
                    format!("in {}", self.board.names_of(*regions).join(" or "))
                }
                _ => unreachable!("combinations are not leaves"),
            },
        )
    }

    /// A position condition in words, as a rule file writes it.
    pub fn describe_pred(&self, p: &Pred) -> String {
        describe_tree(
            p,
            &|p| match p {
                Pred::Not(x) => Shape::Not(x),
                Pred::And(v) => Shape::And(v),
                Pred::Or(v) => Shape::Or(v),
                _ => Shape::Leaf,
            },
            &|p| match p {
                Pred::Count {
                    whose,
                    piece,
                    cmp,
                    value,
                } => format!(
                    "count {}{} {} {value}",
                    whose.prefix(),
                    self.piece_name(*piece),
                    cmp.symbol()
                ),
                Pred::Separates {
                    whose,
                    piece,
                    counted,
                } => {
                    let what = match counted {
                        Counted::Pieces(k) => self.piece_name(*k).to_string(),
                        Counted::Region(bit) => {
                            format!("region {}", self.board.region_names()[*bit as usize])
                        }
                        Counted::AllCells => "all cells".to_string(),
                    };
                    format!(
                        "{}{} separates {what}",
                        whose.prefix(),
                        self.piece_name(*piece)
                    )
                }
                Pred::NoMove => "no move".into(),
                Pred::Passes { cmp, value } => format!("passes {} {value}", cmp.symbol()),
                _ => unreachable!("combinations are not leaves"),
            },
        )
    }

    /// A step in words.
    pub fn describe_step(&self, s: &StepRule) -> String {
        match s {
            StepRule::Place {
                piece,
                target,
                owner,
            } => format!(
                "place a {}{} on a cell that is {}",
                owner.map_or(String::new(), |o| format!("{} ", self.players[o])),
                self.piece_name(*piece),
                self.describe_cell(target)
            ),
            StepRule::Slide {
                piece,
                distance,
                through,
                onto,
            } => {
                let cells = |n: u32| if n == 1 { "cell" } else { "cells" };
                let how_far = match *distance {
                    Distance::Any => "one or more cells".to_string(),
                    Distance::UpTo(n) => format!("one to {n} {}", cells(n)),
                    Distance::Exactly(n) => format!("exactly {n} {}", cells(n)),
                    Distance::LineCount { whose, piece } => format!(
                        "exactly as many cells as there are {}{}s on the whole line of the move",
                        whose.prefix(),
                        self.piece_name(piece)
                    ),
                };
                let way = if through == onto {
                    format!(
                        "entering only cells that are {}",
                        self.describe_cell(through)
                    )
                } else {
                    format!(
                        "passing only cells that are {} and ending on a cell that is {}",
                        self.describe_cell(through),
                        self.describe_cell(onto)
                    )
                };
                let name = self.piece_name(*piece);
                let capture = if onto_may_hold_enemy(onto, *piece) {
                    format!(" (ending on an enemy {name} captures it)")
                } else {
                    String::new()
                };
                format!("slide a {name} {how_far} in a straight line, {way}{capture}")
            }
            StepRule::Line {
                piece,
                up_to,
                capture,
            } => format!(
                "move a line of k pieces ({}) along its axis across {} k empty cells{}",
                self.piece_name(*piece),
                if *up_to { "up to" } else { "exactly" },
                if *capture {
                    ", capturing the enemy piece beyond the front if the enemy run from it is shorter than k (else illegal)"
                } else {
                    ""
                }
            ),
        }
    }
}
