//! The second pass: the statements that refer to declarations — edges (to players),
//! setups (to players and pieces), turns and turn-start rules (to pieces, parameters
//! and regions), frozen pieces, glyphs — each resolved into the rules vocabulary;
//! then the checks of the file as a whole.

use super::declarations::{Declared, Players};
use super::names::Names;
use super::pictures::check_picture;
use super::{Checker, EdgeDef, GlyphDef, SetupDef, TurnDef, TurnStartDef};
use crate::lang::ast::*;
use crate::lang::diagnostic::{Span, Spanned};
use crate::lang::suggest::{closest, quoted_list};
use crate::rules::board::edge_names;
use crate::rules::vocab::{Pred, StepRule};

/// What the statements with references say, resolved.
#[derive(Default)]
pub(super) struct Resolved {
    pub edges: Vec<EdgeDef>,
    pub glyphs: Vec<GlyphDef>,
    pub turns: Vec<TurnDef>,
    pub setups: Vec<SetupDef>,
    pub turn_start: Vec<TurnStartDef>,
    pub frozen: Vec<usize>,
    /// The names of the glyphs, broken pictures included (for "declared twice").
    glyph_names: Vec<String>,
    /// Whether an `edges` line named an unknown owner (then "owns no edges" is not said).
    unknown_owner: bool,
}

/// What a board shape's edges are called in hints.
fn shape_words(shape: BoardShape) -> &'static str {
    match shape {
        BoardShape::Square => "a square board's",
        BoardShape::Rectangle => "a rectangle's",
        BoardShape::Hexagon => "a hexagon's",
        BoardShape::Rhombus => "a rhombus's",
    }
}

impl Resolved {
    /// The second pass over the file.
    pub fn collect(
        ast: &Ast,
        c: &mut Checker,
        d: &Declared,
        names: &Names,
        players: &Players,
        shape: BoardShape,
    ) -> Resolved {
        let mut r = Resolved::default();
        for st in &ast.statements {
            match &st.node {
                Statement::Edges { edges, owner } => {
                    r.edges_statement(c, players, shape, edges, owner)
                }
                Statement::Setup { owner, piece, at } => {
                    r.setup(c, d, names, players, st.span, owner, piece, at)
                }
                Statement::Turn { guard, steps } => {
                    r.turn(c, names, st.span, guard.as_ref(), steps)
                }
                Statement::TurnStart { verdict, cond } => {
                    if let Some(p) = names.pos(c, &cond.node, cond.span, true) {
                        r.turn_start.push(TurnStartDef {
                            verdict: verdict.node,
                            cond: p,
                        });
                    }
                }
                Statement::Frozen(p) => {
                    if let Some(k) =
                        names.owned_piece(c, p, "it cannot be frozen on its owner's edges")
                    {
                        r.frozen.push(k);
                    }
                }
                Statement::Forbid(g) => r.forbid(c, g),
                _ => {}
            }
        }
        r
    }

    fn edges_statement(
        &mut self,
        c: &mut Checker,
        players: &Players,
        shape: BoardShape,
        list: &[Ident],
        owner: &Ident,
    ) {
        let owner_idx = players.of(c, owner);
        self.unknown_owner |= owner_idx.is_none();
        let known = edge_names(shape);
        for e in list {
            if !known.contains(&e.node.as_str()) {
                let words = shape_words(shape);
                let hint = match closest(&e.node, known) {
                    Some(k) => format!(
                        "did you mean `{k}`? {words} edges are {}",
                        quoted_list(known)
                    ),
                    None => format!("{words} edges are {}", quoted_list(known)),
                };
                c.error(e.span, format!("unknown edge `{}`", e.node), hint);
                continue;
            }
            if let Some(prev) = self.edges.iter().find(|d| d.name == e.node) {
                let who = players.names.get(prev.owner).cloned().unwrap_or_default();
                c.error(
                    e.span,
                    format!("edge `{}` is given twice", e.node),
                    format!("it already belongs to `{who}`; an edge has one owner"),
                );
                continue;
            }
            if let Some(o) = owner_idx {
                self.edges.push(EdgeDef {
                    name: e.node.clone(),
                    owner: o,
                    span: e.span,
                });
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn setup(
        &mut self,
        c: &mut Checker,
        d: &Declared,
        names: &Names,
        players: &Players,
        span: Span,
        owner: &Ident,
        piece: &Ident,
        at: &SetupCells,
    ) {
        let owner_idx = if owner.node == "neutral" {
            None
        } else {
            match players.of(c, owner) {
                Some(i) => Some(i),
                None => return,
            }
        };
        let Some(k) = names.piece(c, piece) else {
            return;
        };
        if d.pieces[k].neutral != owner_idx.is_none() {
            let msg = if d.pieces[k].neutral {
                format!(
                    "`{}` is neutral: set it up as `setup neutral: {} on ...`",
                    piece.node, piece.node
                )
            } else {
                format!(
                    "`{}` belongs to a player: name the player, not `neutral`",
                    piece.node
                )
            };
            c.error(
                piece.span,
                msg,
                "neutral pieces belong to nobody; other pieces to a player",
            );
            return;
        }
        if let SetupCells::Rows(a, b) = at {
            names.expr(c, a);
            names.expr(c, b);
        }
        self.setups.push(SetupDef {
            owner: owner_idx,
            piece: k,
            at: at.clone(),
            span,
        });
    }

    fn turn(
        &mut self,
        c: &mut Checker,
        names: &Names,
        span: Span,
        guard: Option<&Spanned<Cond>>,
        steps: &[Spanned<Step>],
    ) {
        if let Some(prev) = self.turns.last() {
            if prev.guard.is_none() {
                c.error(
                    span,
                    "this turn is never played",
                    "the turn above has no `while` condition, so it always applies; put turns with conditions first",
                );
                return;
            }
        }
        let guard: Option<Pred<Expr>> = match guard {
            Some(g) => match names.pos(c, &g.node, g.span, false) {
                Some(p) => Some(p),
                None => return,
            },
            None => None,
        };
        if steps.len() > 2 {
            c.error(
                steps[2].span,
                "a turn has at most two steps",
                "split the turn, or ask for longer compound turns",
            );
            return;
        }
        let mut rules = Vec::new();
        let mut ok = true;
        for step in steps {
            match step_rule(c, names, &step.node) {
                Some(d) => rules.push(d),
                None => ok = false,
            }
        }
        if ok {
            self.turns.push(TurnDef {
                guard,
                steps: rules,
                span,
            });
        }
    }

    fn forbid(&mut self, c: &mut Checker, g: &Glyph) {
        if self.glyph_names.contains(&g.name.node) {
            c.error(
                g.name.span,
                format!("glyph \"{}\" is declared twice", g.name.node),
                "give each glyph its own name",
            );
            return;
        }
        self.glyph_names.push(g.name.node.clone());
        if let Some(picture) = check_picture(c, g) {
            self.glyphs.push(GlyphDef {
                picture,
                span: g.name.span,
            });
        }
    }

    /// Checks that need the whole file: glyphs need a player's piece, and goals on edges
    /// need every player to own some.
    pub fn check_whole_file(
        &self,
        c: &mut Checker,
        d: &Declared,
        players: &Players,
        shape: BoardShape,
    ) {
        if !self.glyphs.is_empty() && d.pieces.first().is_some_and(|p| p.neutral) {
            c.error(
                Span::new(0, 0),
                "glyphs need a piece the players own",
                "glyph pictures show the first declared piece; declare a player's piece first",
            );
        }
        for g in &d.goals {
            let what = match g.node {
                Goal::ConnectOwnEdges { .. } => "it cannot connect them",
                Goal::CrossingRace => "it cannot make a crossing",
            };
            for (i, p) in players.names.iter().enumerate() {
                if !self.edges.iter().any(|e| e.owner == i)
                    && players.names.len() == 2
                    && !self.unknown_owner
                {
                    c.error(
                        g.span,
                        format!("player `{p}` owns no edges, so {what}"),
                        format!(
                            "give `{p}` its edges, e.g. `edges {} {}: {p}`",
                            edge_names(shape)[2],
                            edge_names(shape)[3]
                        ),
                    );
                }
            }
        }
    }
}

/// A step with its names resolved.
fn step_rule(c: &mut Checker, names: &Names, step: &Step) -> Option<StepRule> {
    match step {
        Step::Place { piece, target } => {
            let k = names.piece(c, piece)?;
            let target = names.cell(c, &target.node)?;
            Some(StepRule::Place { piece: k, target })
        }
        Step::Slide { piece, through } => {
            let k = names.piece(c, piece)?;
            let through = names.cell(c, &through.node)?;
            Some(StepRule::Slide { piece: k, through })
        }
        Step::Line {
            piece,
            up_to,
            capture,
        } => names
            .owned_piece(c, piece, "it cannot move as a player's line")
            .map(|k| StepRule::Line {
                piece: k,
                up_to: *up_to,
                capture: *capture,
            }),
    }
}
