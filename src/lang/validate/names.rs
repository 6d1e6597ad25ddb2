//! Names in scope while checking conditions and steps: pieces, parameters, and the
//! board's regions (its edges, then the declared regions, in bit order). Each lookup
//! either resolves a name into the rules layer's vocabulary (a piece index, a region
//! bit) or reports it with a suggestion.

use super::{Checker, ParamDef, PieceDef};
use crate::lang::ast::*;
use crate::lang::diagnostic::{Span, Spanned};
use crate::lang::suggest::{closest, quoted_list};
use crate::rules::board::{collective, edge_names, parse_coordinates};
use crate::rules::vocab::{CellPred, Counted, Pred, Regions};

pub(super) struct Names<'a> {
    pub pieces: &'a [PieceDef],
    pub params: &'a [ParamDef],
    /// The board's edges, corners and sides, then the declared regions, in the order of
    /// their bits.
    pub regions: Vec<String>,
    pub shape: BoardShape,
}

impl Names<'_> {
    pub fn piece(&self, c: &mut Checker, id: &Ident) -> Option<usize> {
        let names: Vec<&str> = self.pieces.iter().map(|p| p.name.as_str()).collect();
        match names.iter().position(|p| *p == id.node) {
            Some(i) => Some(i),
            None => {
                let hint = if names.is_empty() {
                    format!("declare it first: `piece {}`", id.node)
                } else {
                    match closest(&id.node, &names) {
                        Some(p) => format!("did you mean `{p}`?"),
                        None => format!("the pieces are {}", quoted_list(&names)),
                    }
                };
                c.error(id.span, format!("unknown piece `{}`", id.node), hint);
                None
            }
        }
    }

    /// A piece that must have an owner (for `own`/`enemy`, lines, frozen pieces).
    pub fn owned_piece(&self, c: &mut Checker, id: &Ident, what: &str) -> Option<usize> {
        let k = self.piece(c, id)?;
        if self.pieces[k].neutral {
            c.error(
                id.span,
                format!("`{}` is neutral: it has no owner, so {what}", id.node),
                "use a piece the players own, or drop `own`/`enemy`",
            );
            return None;
        }
        Some(k)
    }

    /// Reports the unknown parameters an expression names.
    pub fn expr(&self, c: &mut Checker, e: &Spanned<Expr>) {
        for p in e.node.params() {
            if !self.params.iter().any(|d| d.name == p) {
                let mut hint = param_hint(self.params, p);
                if p.contains('-') {
                    hint.push_str(" (to subtract, put spaces around `-`)");
                }
                c.error(e.span, format!("unknown parameter `{p}`"), hint);
            }
        }
    }

    /// A cell condition with its names resolved.
    pub fn cell(&self, c: &mut Checker, cond: &CellCond) -> Option<CellPred> {
        Some(match cond {
            CellCond::Empty => CellPred::Empty,
            CellCond::No(k) => CellPred::No(self.piece(c, k)?),
            CellCond::Any(k) => CellPred::Any(self.piece(c, k)?),
            CellCond::In(r) => CellPred::In(self.regions_named(c, r)?),
            CellCond::Own(k) => CellPred::Own(self.owned_piece(c, k, "it cannot be `own`")?),
            CellCond::Enemy(k) => {
                CellPred::Enemy(self.owned_piece(c, k, "it cannot be `enemy`")?)
            }
            CellCond::Not(x) => CellPred::Not(Box::new(self.cell(c, x)?)),
            CellCond::And(v) | CellCond::Or(v) => {
                let parts: Vec<Option<CellPred>> = v.iter().map(|x| self.cell(c, x)).collect();
                let parts: Option<Vec<CellPred>> = parts.into_iter().collect();
                match cond {
                    CellCond::And(_) => CellPred::And(parts?),
                    _ => CellPred::Or(parts?),
                }
            }
        })
    }

    /// The regions a name stands for: one region, or all of a kind (`corners`).
    pub fn regions_named(&self, c: &mut Checker, r: &Ident) -> Option<Regions> {
        if let Some(list) = collective(self.shape, &r.node) {
            return Some(list.iter().fold(0, |m, name| {
                m | self
                    .regions
                    .iter()
                    .position(|x| x == name)
                    .map_or(0, |bit| 1 << bit)
            }));
        }
        self.region(c, r).map(|bit| 1 << bit)
    }

    /// Reports the names of a cell set that are neither cells nor regions, and its
    /// row expressions' unknown parameters.
    pub fn cell_set(&self, c: &mut Checker, set: &Spanned<CellSet>) {
        for n in set.node.names() {
            let is_cell = parse_coordinates(&n.node).is_some();
            let is_region =
                self.regions.contains(&n.node) || collective(self.shape, &n.node).is_some();
            if !is_cell && !is_region {
                let mut names: Vec<&str> = self.regions.iter().map(String::as_str).collect();
                names.extend(["edges", "corners", "sides"]);
                let hint = match closest(&n.node, &names) {
                    Some(k) => format!("did you mean `{k}`?"),
                    None => {
                        format!(
                            "a cell is named like `d4`; the board's regions are {}",
                            quoted_list(edge_names(self.shape))
                        ) + ", its corners and sides, and the file's own regions"
                    }
                };
                c.error(
                    n.span,
                    format!("`{}` is neither a cell nor a region", n.node),
                    hint,
                );
            }
        }
        for e in set.node.exprs() {
            self.expr(c, e);
        }
    }

    /// A region's bit, or an error naming the regions there are (the edges and the
    /// file's regions; corners and sides are documented, and suggested when near).
    fn region(&self, c: &mut Checker, r: &Ident) -> Option<u32> {
        if let Some(bit) = self.regions.iter().position(|x| *x == r.node) {
            return Some(bit as u32);
        }
        let all: Vec<&str> = self.regions.iter().map(String::as_str).collect();
        let builtins = crate::rules::board::builtin_regions(self.shape).len();
        let listed: Vec<&str> = edge_names(self.shape)
            .iter()
            .copied()
            .chain(all[builtins..].iter().copied())
            .collect();
        let hint = match closest(&r.node, &all) {
            Some(k) => format!(
                "did you mean `{k}`? the regions are {}",
                quoted_list(&listed)
            ),
            None => format!(
                "the regions are {}; declare one with `region {}: d4 e5 ...`",
                quoted_list(&listed),
                r.node
            ),
        };
        c.error(r.span, format!("unknown region `{}`", r.node), hint);
        None
    }

    /// A position condition with its names resolved; its amounts stay expressions.
    /// `allow_no_move`: whether `no move` may appear (not in a turn's `while`).
    pub fn pos(
        &self,
        c: &mut Checker,
        cond: &Cond,
        span: Span,
        allow_no_move: bool,
    ) -> Option<Pred<Expr>> {
        Some(match cond {
            Cond::NoMove => {
                if !allow_no_move {
                    c.error(
                        span,
                        "`no move` cannot decide which turn is played",
                        "a turn's `while` condition may count pieces, not ask whether a move exists",
                    );
                    return None;
                }
                Pred::NoMove
            }
            Cond::Passes { cmp, value } => {
                self.expr(c, value);
                Pred::Passes {
                    cmp: *cmp,
                    value: value.node.clone(),
                }
            }
            Cond::Count {
                whose,
                piece,
                cmp,
                value,
            } => {
                self.expr(c, value);
                let k = if *whose == Whose::Anyone {
                    self.piece(c, piece)?
                } else {
                    self.owned_piece(c, piece, "count it without `own`/`enemy`")?
                };
                Pred::Count {
                    whose: *whose,
                    piece: k,
                    cmp: *cmp,
                    value: value.node.clone(),
                }
            }
            Cond::Separates {
                whose,
                piece,
                counted,
            } => {
                let k = self.owned_piece(c, piece, "it forms no player's group")?;
                let counted = match counted {
                    CountedNames::Pieces(p) => Counted::Pieces(self.piece(c, p)?),
                    CountedNames::Region(r) => Counted::Region(self.region(c, r)?),
                    CountedNames::AllCells => Counted::AllCells,
                };
                Pred::Separates {
                    whose: *whose,
                    piece: k,
                    counted,
                }
            }
            Cond::Not(x) => Pred::Not(Box::new(self.pos(c, x, span, allow_no_move)?)),
            Cond::And(v) | Cond::Or(v) => {
                let parts: Vec<Option<Pred<Expr>>> = v
                    .iter()
                    .map(|x| self.pos(c, x, span, allow_no_move))
                    .collect();
                let parts: Option<Vec<Pred<Expr>>> = parts.into_iter().collect();
                match cond {
                    Cond::And(_) => Pred::And(parts?),
                    _ => Pred::Or(parts?),
                }
            }
        })
    }
}

fn param_hint(params: &[ParamDef], name: &str) -> String {
    let names: Vec<&str> = params.iter().map(|p| p.name.as_str()).collect();
    match closest(name, &names) {
        Some(p) => format!("did you mean `{p}`?"),
        None if names.is_empty() => {
            format!("declare it first: `param {name} = 9 in 2 to 26`")
        }
        None => format!("the parameters are {}", quoted_list(&names)),
    }
}
