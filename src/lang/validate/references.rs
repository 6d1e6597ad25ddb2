//! The second pass: the statements that refer to declarations — edges (to players),
//! setups (to players and pieces), turns and turn-start rules (to pieces, parameters
//! and regions), frozen pieces, glyphs — each resolved into the rules vocabulary;
//! then the checks of the file as a whole.

use super::declarations::{Declared, Players};
use super::names::Names;
use super::pictures::check_picture;
use super::{Checker, ConditionDef, EdgeDef, GlyphDef, GoalDef, SetupDef, TurnDef};
use crate::lang::ast::*;
use crate::lang::diagnostic::{Span, Spanned};
use crate::lang::suggest::{closest, quoted_list};
use crate::rules::board::{collective, edge_names, is_hex_shape, opposite_edges};
use crate::rules::vocab::{self, CaptureRule, Distance as Dist, GoalRule, Pred, StepRule, Touch};
use crate::rules::PassRule;

/// What the statements with references say, resolved.
#[derive(Default)]
pub(super) struct Resolved {
    pub edges: Vec<EdgeDef>,
    pub glyphs: Vec<GlyphDef>,
    pub turns: Vec<TurnDef>,
    pub setups: Vec<SetupDef>,
    pub turn_start: Vec<ConditionDef>,
    pub after_move: Vec<ConditionDef>,
    pub goals: Vec<GoalDef>,
    pub frozen: Vec<usize>,
    /// `capture: surrounded ...`, and where it is written.
    pub capture: Option<(CaptureRule, Span)>,
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
        BoardShape::Triangle => "a triangle's",
    }
}

/// The first piece kind: the one goals and glyphs are about.
const GOAL_PIECE: usize = 0;

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
                Statement::Edges { edges, owners } => {
                    r.edges_statement(c, names, players, shape, edges, owners)
                }
                Statement::Setup { owner, piece, at } => {
                    r.setup(c, d, names, players, st.span, owner, piece, at)
                }
                Statement::Turn {
                    guard,
                    optional,
                    steps,
                    pass,
                } => r.turn(
                    c,
                    names,
                    players,
                    st.span,
                    guard.as_ref(),
                    *optional,
                    steps,
                    pass.as_ref(),
                ),
                Statement::Capture {
                    piece,
                    adjacency,
                    suicide,
                } => r.capture(c, names, shape, st.span, piece, *adjacency, *suicide),
                Statement::TurnStart { verdict, cond } => {
                    if let Some(p) = names.pos(c, &cond.node, cond.span, true) {
                        r.turn_start.push(ConditionDef {
                            verdict: verdict.node,
                            cond: p,
                        });
                    }
                }
                Statement::AfterMove { verdict, cond } => {
                    if let Some(p) = names.pos(c, &cond.node, cond.span, true) {
                        r.after_move.push(ConditionDef {
                            verdict: verdict.node,
                            cond: p,
                        });
                    }
                }
                Statement::Goal {
                    verdict,
                    player,
                    goal,
                } => r.goal(
                    c,
                    names,
                    players,
                    shape,
                    verdict.node,
                    player.as_ref(),
                    goal,
                ),
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
        names: &Names,
        players: &Players,
        shape: BoardShape,
        list: &[Ident],
        owners: &[Ident],
    ) {
        let mut owner_idx = Vec::new();
        for o in owners {
            match players.of(c, o) {
                Some(i) => owner_idx.push(i),
                None => self.unknown_owner = true,
            }
        }
        let known = edge_names(shape);
        for e in list {
            let expanded: Vec<String> = match collective(shape, &e.node) {
                Some(all) => all,
                None if names.regions.contains(&e.node) => vec![e.node.clone()],
                None => {
                    let words = shape_words(shape);
                    let all: Vec<&str> = names.regions.iter().map(String::as_str).collect();
                    let hint = match closest(&e.node, &all) {
                        Some(k) => format!(
                            "did you mean `{k}`? {words} edges are {}",
                            quoted_list(known)
                        ),
                        None => format!("{words} edges are {}", quoted_list(known)),
                    };
                    c.error(e.span, format!("unknown edge `{}`", e.node), hint);
                    continue;
                }
            };
            for name in expanded {
                for &o in &owner_idx {
                    if self.edges.iter().any(|d| d.name == name && d.owner == o) {
                        let who = players.names.get(o).cloned().unwrap_or_default();
                        c.error(
                            e.span,
                            format!("edge `{name}` is given to `{who}` twice"),
                            "give each edge to a player once; to share it, name both players",
                        );
                        continue;
                    }
                    self.edges.push(EdgeDef {
                        name: name.clone(),
                        owner: o,
                        span: e.span,
                    });
                }
            }
        }
    }

    /// A `win:` or `lose:` goal, with its regions resolved.
    #[allow(clippy::too_many_arguments)]
    fn goal(
        &mut self,
        c: &mut Checker,
        names: &Names,
        players: &Players,
        shape: BoardShape,
        verdict: Verdict,
        player: Option<&Ident>,
        goal: &Spanned<Goal>,
    ) {
        let player = match player {
            Some(p) => match players.of(c, p) {
                Some(i) => Some(i),
                None => return,
            },
            None => None,
        };
        let natural = if is_hex_shape(shape) {
            Adjacency::All
        } else {
            Adjacency::Orthogonal
        };
        let adjacency = |a: &Option<Adjacency>, c: &mut Checker| -> Option<Adjacency> {
            let a = a.unwrap_or(natural);
            if is_hex_shape(shape) && a == Adjacency::Diagonal {
                c.error(
                    goal.span,
                    "hex cells have no diagonal neighbours",
                    "leave the adjacency out: hex cells link through their six sides",
                );
                return None;
            }
            Some(a)
        };
        let text = goal.node.words();
        let rule = |g: vocab::Goal| GoalDef {
            rule: GoalRule {
                verdict,
                player,
                goal: g,
                text: text.clone(),
            },
            span: goal.span,
        };
        match &goal.node {
            Goal::CrossingRace => self.goals.push(rule(vocab::Goal::CrossingRace)),
            Goal::Ring { adjacency: a } => {
                if let Some(adjacency) = adjacency(a, c) {
                    self.goals.push(rule(vocab::Goal::Ring {
                        piece: GOAL_PIECE,
                        adjacency,
                    }));
                }
            }
            Goal::OneGroup {
                piece,
                adjacency: a,
            } => {
                let k = match piece {
                    Some(p) => names.owned_piece(c, p, "it forms no player's group"),
                    None => Some(GOAL_PIECE),
                };
                if let (Some(piece), Some(adjacency)) = (k, adjacency(a, c)) {
                    self.goals
                        .push(rule(vocab::Goal::OneGroup { piece, adjacency }));
                }
            }
            Goal::Connect {
                target,
                adjacency: a,
            } => {
                let Some(adjacency) = adjacency(a, c) else {
                    return;
                };
                let connect = |touch| vocab::Goal::Connect {
                    piece: GOAL_PIECE,
                    touch,
                    adjacency,
                };
                match target {
                    ConnectTarget::OwnEdges => self.goals.push(rule(connect(Touch::OwnEdges))),
                    ConnectTarget::OppositeEdges => {
                        let pairs = opposite_edges(shape);
                        if pairs.is_empty() {
                            c.error(
                                goal.span,
                                format!("{} edges have no opposite pairs", shape_words(shape)),
                                "name the edges to connect, e.g. `connect left right bottom`",
                            );
                        }
                        for (a, b) in pairs {
                            let bit = |n: &str| names.regions.iter().position(|r| r == n);
                            if let (Some(x), Some(y)) = (bit(a), bit(b)) {
                                self.goals.push(rule(connect(Touch::Some {
                                    regions: 1 << x | 1 << y,
                                    need: 2,
                                })));
                            }
                        }
                    }
                    ConnectTarget::Some { need, names: list } => {
                        let mut regions = 0;
                        let mut ok = true;
                        for n in list {
                            match names.regions_named(c, n) {
                                Some(m) => regions |= m,
                                None => ok = false,
                            }
                        }
                        let count = regions.count_ones() as i64;
                        let need_value = need.as_ref().map_or(count, |n| n.node);
                        if let Some(n) = need {
                            if ok && !(1..=count).contains(&n.node) {
                                c.error(
                                    n.span,
                                    format!(
                                        "`{} of` asks for more regions than the {count} named",
                                        n.node
                                    ),
                                    format!("the number goes from 1 to {count}"),
                                );
                                ok = false;
                            }
                        }
                        if ok {
                            self.goals.push(rule(connect(Touch::Some {
                                regions,
                                need: need_value as u32,
                            })));
                        }
                    }
                }
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
        at: &Spanned<CellSet>,
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
        names.cell_set(c, at);
        self.setups.push(SetupDef {
            owner: owner_idx,
            piece: k,
            at: at.clone(),
            span,
        });
    }

    #[allow(clippy::too_many_arguments)]
    fn capture(
        &mut self,
        c: &mut Checker,
        names: &Names,
        shape: BoardShape,
        span: Span,
        piece: &Ident,
        adjacency: Option<Adjacency>,
        suicide: bool,
    ) {
        if self.capture.is_some() {
            c.error(
                span,
                "a file has one `capture` statement",
                "remove this one or the first",
            );
            return;
        }
        let Some(k) = names.owned_piece(c, piece, "it forms no player's group to capture") else {
            return;
        };
        let hex = is_hex_shape(shape);
        if hex && adjacency == Some(Adjacency::Diagonal) {
            c.error(
                span,
                "hex cells have no diagonal neighbours",
                "leave the adjacency out: hex cells link through their six sides",
            );
            return;
        }
        let natural = if hex {
            Adjacency::All
        } else {
            Adjacency::Orthogonal
        };
        self.capture = Some((
            CaptureRule {
                piece: k,
                adjacency: adjacency.unwrap_or(natural),
                suicide,
            },
            span,
        ));
    }

    #[allow(clippy::too_many_arguments)]
    fn turn(
        &mut self,
        c: &mut Checker,
        names: &Names,
        players: &Players,
        span: Span,
        guard: Option<&Spanned<Cond>>,
        optional: Option<Span>,
        steps: &[Spanned<Step>],
        pass: Option<&Spanned<PassDecl>>,
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
        if let (Some(o), 1) = (optional, steps.len()) {
            c.error(
                o,
                "`optionally` needs a second step",
                "a turn's first step may be left out only when another step follows: `turn: optionally slide stone exactly 1, then place stone on empty`",
            );
            return;
        }
        let mut rules = Vec::new();
        let mut ok = true;
        for step in steps {
            match step_rule(c, names, players, &step.node) {
                Some(d) => rules.push(d),
                None => ok = false,
            }
        }
        let pass = match pass.map(|p| &p.node.takes) {
            None => None,
            Some(None) => Some(PassRule { takes: None }),
            Some(Some(player)) => match players.of(c, player) {
                Some(i) => Some(PassRule { takes: Some(i) }),
                None => {
                    ok = false;
                    None
                }
            },
        };
        if ok {
            self.turns.push(TurnDef {
                guard,
                optional: optional.is_some(),
                steps: rules,
                pass,
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
        for g in &self.goals {
            let what = match g.rule.goal {
                vocab::Goal::Connect {
                    touch: Touch::OwnEdges,
                    ..
                } => "it cannot connect them",
                vocab::Goal::CrossingRace => "it cannot make a crossing",
                _ => continue,
            };
            for (i, p) in players.names.iter().enumerate() {
                if g.rule.applies_to(i)
                    && !self.edges.iter().any(|e| e.owner == i)
                    && players.names.len() == 2
                    && !self.unknown_owner
                {
                    c.error(
                        g.span,
                        format!("player `{p}` owns no edges, so {what}"),
                        format!(
                            "give `{p}` its edges, e.g. `edges {}: {p}`",
                            edge_names(shape)[edge_names(shape).len() / 2..].join(" ")
                        ),
                    );
                }
            }
        }
    }
}

/// A step with its names resolved; its amounts (slide distances) stay expressions.
fn step_rule(
    c: &mut Checker,
    names: &Names,
    players: &Players,
    step: &Step,
) -> Option<StepRule<Expr>> {
    match step {
        Step::Place {
            owner,
            piece,
            target,
        } => {
            let (k, owner) = match owner {
                Some(o) => {
                    let k = names.owned_piece(c, piece, "it cannot be placed as a player's")?;
                    (k, Some(players.of(c, o)?))
                }
                None => (names.piece(c, piece)?, None),
            };
            let target = names.cell(c, &target.node)?;
            Some(StepRule::Place {
                piece: k,
                target,
                owner,
            })
        }
        Step::Slide {
            piece,
            distance,
            through,
            onto,
        } => {
            let k = names.piece(c, piece)?;
            let distance = match distance.as_ref().map(|d| &d.node) {
                None => Dist::Any,
                Some(Distance::UpTo(e)) => {
                    names.expr(c, e);
                    Dist::UpTo(e.node.clone())
                }
                Some(Distance::Exactly(e)) => {
                    names.expr(c, e);
                    Dist::Exactly(e.node.clone())
                }
                Some(Distance::LineCount { whose, piece }) => {
                    let counted = if *whose == Whose::Anyone {
                        names.piece(c, piece)?
                    } else {
                        names.owned_piece(c, piece, "count it without `own`/`enemy`")?
                    };
                    Dist::LineCount {
                        whose: *whose,
                        piece: counted,
                    }
                }
            };
            let through = match through {
                Some(t) => names.cell(c, &t.node)?,
                None => vocab::CellPred::Empty,
            };
            let onto = match onto {
                Some(o) => names.cell(c, &o.node)?,
                None => through.clone(),
            };
            Some(StepRule::Slide {
                piece: k,
                distance,
                through,
                onto,
            })
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
