//! The first pass: the statements that declare something (the game's name and
//! metadata, parameters, players, board, blocked cells, regions, pieces, the swap, the
//! no-move policy, the ply limit, goals and claims), each checked on its own and for
//! being given twice; then the statements a file must have, and the players.

use super::names::Names;
use super::{Checker, ParamDef, PieceDef};
use crate::lang::ast::*;
use crate::lang::diagnostic::{Span, Spanned};
use crate::lang::suggest::{closest, quoted_list};
use crate::rules::board::{collective, parse_coordinates};

/// The statements a file must have, with what to write when one is missing.
const REQUIRED: &[(&str, &str)] = &[
    ("game", "game \"Name\""),
    ("players", "players black white"),
    ("board", "board square 9"),
    ("turn", "turn: place stone on empty"),
    ("win", "win: connect own edges"),
];

/// Every keyword that opens a statement.
const KEYWORDS: &[&str] = &[
    "game", "designer", "year", "about", "param", "players", "board", "blocked", "region", "edges",
    "piece", "neutral", "setup", "turn", "at", "after", "frozen", "ply", "forbid", "win", "lose",
    "swap", "no", "claim",
];

/// What the declarations of a file say.
#[derive(Default)]
pub(super) struct Declared {
    /// The statements that may appear once, with where they are.
    seen: Vec<(&'static str, Span)>,
    pub name: Option<String>,
    pub designer: Option<String>,
    pub year: Option<i64>,
    pub about: Vec<String>,
    pub params: Vec<ParamDef>,
    pub players: Option<Vec<Ident>>,
    pub board: Option<(Spanned<BoardShape>, Vec<Spanned<Expr>>, Span)>,
    pub blocked: Vec<Spanned<CellSet>>,
    pub regions: Vec<(Ident, Spanned<CellSet>)>,
    pub pieces: Vec<PieceDef>,
    pub swap: bool,
    pub no_move: NoMove,
    /// The goals as written: verdict, player, goal.
    pub goals: Vec<(Verdict, Option<Ident>, Spanned<Goal>)>,
    pub claims: Vec<Spanned<ClaimDecl>>,
    pub ply_limit: Option<Spanned<Expr>>,
    pub ko: Option<Spanned<Ko>>,
    pub both_win: Option<Spanned<BothWin>>,
    has_turn_start: bool,
}

/// The players, as named, and how to look one up.
pub(super) struct Players {
    pub names: Vec<String>,
    /// Whether a `players` statement was given (else unknown players are not reported:
    /// the missing statement is).
    declared: bool,
    /// The hint that lists them.
    list: String,
}

impl Players {
    /// The index of the player `id` names, or an error.
    pub fn of(&self, c: &mut Checker, id: &Ident) -> Option<usize> {
        let i = self.names.iter().position(|p| *p == id.node);
        if i.is_none() && self.declared {
            let names: Vec<&str> = self.names.iter().map(String::as_str).collect();
            let hint = match closest(&id.node, &names) {
                Some(p) => format!("did you mean `{p}`? {}", self.list),
                None => self.list.clone(),
            };
            c.error(id.span, format!("unknown player `{}`", id.node), hint);
        }
        i
    }
}

impl Declared {
    /// The first pass over the file.
    pub fn collect(ast: &Ast, c: &mut Checker) -> Declared {
        let mut d = Declared::default();
        for st in &ast.statements {
            d.statement(c, st);
        }
        d
    }

    /// Whether a statement that may appear once is new; reports it if not.
    fn once(&mut self, c: &mut Checker, kind: &'static str, span: Span) -> bool {
        if self.seen.iter().any(|(k, _)| *k == kind) {
            c.error(
                span,
                format!("a second `{kind}` statement"),
                format!("a file has one `{kind}` statement; remove this one or the first"),
            );
            false
        } else {
            self.seen.push((kind, span));
            true
        }
    }

    fn statement(&mut self, c: &mut Checker, st: &Spanned<Statement>) {
        let span = st.span;
        match &st.node {
            Statement::Game(s) => {
                if self.once(c, "game", span) {
                    self.name = Some(s.node.clone());
                }
            }
            Statement::Designer { name: n, year: y } => {
                if self.once(c, "designer", span) {
                    self.designer = Some(n.node.clone());
                    if let Some(y) = y {
                        self.year = Some(y.node);
                    }
                }
            }
            Statement::Year(y) => {
                if self.once(c, "year", span) {
                    self.year = Some(y.node);
                }
            }
            Statement::About(s) => self.about.push(s.node.clone()),
            Statement::Param {
                name,
                default,
                range,
                step,
                doc,
            } => self.param(
                c,
                name,
                default,
                range.as_ref(),
                step.as_ref(),
                doc.as_ref(),
            ),
            Statement::Players(list) => {
                if self.once(c, "players", span) {
                    self.players = Some(list.clone());
                }
            }
            Statement::Board { shape, dims } => {
                if self.once(c, "board", span) {
                    self.board = Some((shape.clone(), dims.clone(), span));
                }
            }
            Statement::Blocked(cells) => self.blocked.push(cells.clone()),
            Statement::Region { name, cells } => self.region(c, name, cells),
            Statement::Piece { name, neutral } => self.piece(c, name, *neutral),
            Statement::Swap => {
                if self.once(c, "swap", span) {
                    self.swap = true;
                }
            }
            Statement::NoMove(p) => {
                if self.once(c, "no move", span) {
                    self.no_move = p.node;
                }
            }
            Statement::Ko(k) => {
                if self.once(c, "ko", span) {
                    self.ko = Some(k.clone());
                }
            }
            Statement::BothWin(b) => {
                if self.once(c, "both win", span) {
                    self.both_win = Some(b.clone());
                }
            }
            Statement::PlyLimit(e) => {
                if self.once(c, "ply limit", span) {
                    self.ply_limit = Some(e.clone());
                }
            }
            Statement::TurnStart { .. } | Statement::AfterMove { .. } => self.has_turn_start = true,
            Statement::Goal {
                verdict,
                player,
                goal,
            } => self.goal(c, verdict.node, player.as_ref(), goal),
            Statement::Claim(claim) => {
                if self.claims.iter().any(|d| d.node == claim.node) {
                    c.error(claim.span, "the same claim twice", "state each claim once");
                } else {
                    self.claims.push(claim.clone());
                }
            }
            Statement::Unknown(word) => unknown_statement(c, word),
            Statement::Edges { .. }
            | Statement::Turn { .. }
            | Statement::Forbid(_)
            | Statement::Setup { .. }
            | Statement::Capture { .. }
            | Statement::Frozen(_) => {}
        }
    }

    fn param(
        &mut self,
        c: &mut Checker,
        name: &Ident,
        default: &Spanned<i64>,
        range: Option<&(Spanned<i64>, Spanned<i64>)>,
        step: Option<&Spanned<i64>>,
        doc: Option<&Spanned<String>>,
    ) {
        if self.params.iter().any(|p| p.name == name.node) {
            c.error(
                name.span,
                format!("parameter `{}` is declared twice", name.node),
                "give each parameter its own name",
            );
            return;
        }
        let (min, max) = match range {
            Some((lo, hi)) => {
                if lo.node > hi.node {
                    c.error(
                        Span::new(lo.span.start, hi.span.end),
                        format!("empty range {} to {}", lo.node, hi.node),
                        "write the smaller bound first",
                    );
                }
                (lo.node, hi.node)
            }
            None => (i64::MIN, i64::MAX),
        };
        let step_value = match step {
            Some(s) if s.node < 1 => {
                c.error(
                    s.span,
                    format!("a step of {}", s.node),
                    "a step is a whole number from 1 up",
                );
                1
            }
            Some(s) => s.node,
            None => 1,
        };
        // In 128 bits: `default - min` can pass the 64-bit range (found by fuzzing).
        let off_step = (i128::from(default.node) - i128::from(min)) % i128::from(step_value) != 0;
        if default.node >= min && default.node <= max && off_step {
            c.error(
                default.span,
                format!(
                    "the default {} of `{}` is not one of its values {} to {} by {}",
                    default.node, name.node, min, max, step_value
                ),
                "pick a default the step reaches from the low end",
            );
        }
        if default.node < min || default.node > max {
            c.error(
                default.span,
                format!(
                    "the default {} of `{}` is out of its range {} to {}",
                    default.node, name.node, min, max
                ),
                "pick a default inside the range",
            );
        }
        self.params.push(ParamDef {
            name: name.node.clone(),
            default: default.node,
            min,
            max,
            step: step_value,
            doc: doc.map(|d| d.node.clone()),
            span: name.span,
        });
    }

    fn region(&mut self, c: &mut Checker, name: &Ident, cells: &Spanned<CellSet>) {
        if self.regions.iter().any(|(r, _)| r.node == name.node) {
            c.error(
                name.span,
                format!("region `{}` is declared twice", name.node),
                "give each region its own name",
            );
        } else if parse_coordinates(&name.node).is_some() {
            c.error(
                name.span,
                format!("`{}` names a cell, not a region", name.node),
                "give the region a name that is not a cell's, e.g. `stars`",
            );
        } else if collective(BoardShape::Square, &name.node).is_some() || name.node == "cells" {
            c.error(
                name.span,
                format!("`{}` already names a set of every board", name.node),
                "`edges`, `corners`, `sides` and `cells` are taken; give the region another name",
            );
        } else {
            self.regions.push((name.clone(), cells.clone()));
        }
    }

    fn piece(&mut self, c: &mut Checker, name: &Ident, neutral: bool) {
        if self.pieces.iter().any(|q| q.name == name.node) {
            c.error(
                name.span,
                format!("piece `{}` is declared twice", name.node),
                "declare each piece once",
            );
        } else {
            self.pieces.push(PieceDef {
                name: name.node.clone(),
                neutral,
            });
        }
    }

    fn goal(
        &mut self,
        c: &mut Checker,
        verdict: Verdict,
        player: Option<&Ident>,
        g: &Spanned<Goal>,
    ) {
        let same = |(v, p, h): &(Verdict, Option<Ident>, Spanned<Goal>)| {
            *v == verdict
                && p.as_ref().map(|p| &p.node) == player.map(|p| &p.node)
                && h.node == g.node
        };
        if self.goals.iter().any(same) {
            c.error(
                g.span,
                format!("the goal `{}` twice", g.node.words()),
                "state each goal once; remove this one or the first",
            );
        } else if matches!(g.node, Goal::CrossingRace)
            && self
                .goals
                .iter()
                .any(|(_, _, h)| h.node == Goal::CrossingRace)
        {
            c.error(
                g.span,
                "a second crossing race",
                "a game has one crossing race; remove this one or the first",
            );
        } else {
            self.goals.push((verdict, player.cloned(), g.clone()));
        }
    }

    /// Reports each statement a file must have and does not.
    pub fn require_statements(&self, ast: &Ast, c: &mut Checker) {
        for (kind, example) in REQUIRED {
            let present = match *kind {
                "win" => !self.goals.is_empty() || self.has_turn_start,
                "turn" => ast
                    .statements
                    .iter()
                    .any(|s| matches!(s.node, Statement::Turn { .. })),
                _ => self.seen.iter().any(|(k, _)| k == kind),
            } || ast
                .unparsed
                .iter()
                .any(|w| w == kind || (*kind == "win" && w == "at"));
            if !present {
                c.error(
                    Span::new(0, 0),
                    format!("the file has no `{kind}` statement"),
                    format!("add a line such as `{example}`"),
                );
            }
        }
    }

    /// The players: each named once, never `neutral`, exactly two.
    pub fn players(&self, c: &mut Checker) -> Players {
        let mut names: Vec<String> = Vec::new();
        if let Some(list) = &self.players {
            for p in list {
                if names.contains(&p.node) {
                    c.error(
                        p.span,
                        format!("player `{}` is named twice", p.node),
                        "give each player its own name",
                    );
                } else if p.node == "neutral" {
                    c.error(
                        p.span,
                        "`neutral` cannot name a player",
                        "it stands for pieces that belong to nobody",
                    );
                } else {
                    names.push(p.node.clone());
                }
            }
            if list.len() != 2 && names.len() == list.len() {
                let span = Span::new(list[0].span.start, list[list.len() - 1].span.end);
                c.error(
                    span,
                    format!("{} players named; weft plays two-player games", list.len()),
                    "name exactly two players, the first to move first: `players black white`",
                );
            }
        }
        let list = if names.is_empty() {
            "no players are declared".to_string()
        } else {
            format!("the players are {}", quoted_list(&names))
        };
        Players {
            names,
            declared: self.players.is_some(),
            list,
        }
    }

    /// Checks the parameters named in the board's size, the ply limit and the claims.
    pub fn check_expressions(&self, names: &Names, c: &mut Checker) {
        if let Some((_, dims, _)) = &self.board {
            for d in dims {
                names.expr(c, d);
            }
        }
        if let Some(e) = &self.ply_limit {
            names.expr(c, e);
        }
        for set in self
            .blocked
            .iter()
            .chain(self.regions.iter().map(|(_, s)| s))
        {
            names.cell_set(c, set);
        }
        for claim in &self.claims {
            if let ClaimDecl::LengthAtMost(e) = &claim.node {
                names.expr(c, e);
            }
        }
    }
}

fn unknown_statement(c: &mut Checker, word: &Ident) {
    let hint = match closest(&word.node, KEYWORDS) {
        Some(k) => format!("did you mean `{k}`?"),
        None => format!("statements begin with one of: {}", KEYWORDS.join(", ")),
    };
    c.error(
        word.span,
        format!("unknown statement `{}`", word.node),
        hint,
    );
}
