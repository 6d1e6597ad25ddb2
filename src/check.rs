//! Semantic checks: from the spanned syntax tree to a `GameDef` whose names all
//! resolve, or the full list of what is wrong, each problem anchored to its text.
//!
//! Checks that depend on parameter values (a board too small, a glyph that cannot
//! fit, a setup row off the board) happen in `compile`, once the values are known.

use crate::ast::*;
use crate::diagnostic::{Diagnostic, Span, Spanned};
use crate::glyph::Sym;

/// A parameter as declared.
#[derive(Debug, Clone)]
pub struct ParamDef {
    pub name: String,
    pub default: i64,
    pub min: i64,
    pub max: i64,
    pub doc: Option<String>,
    pub span: Span,
}

/// An edge (a named region of the board) and the player who owns it.
#[derive(Debug, Clone)]
pub struct EdgeDef {
    pub name: String,
    pub owner: usize,
    pub span: Span,
}

/// A checked glyph: a rectangular picture of known symbols with at least one stone.
#[derive(Debug, Clone)]
pub struct GlyphDef {
    pub name: String,
    pub symmetry: Symmetry,
    pub colours: Colours,
    /// Rows top first.
    pub rows: Vec<Vec<Sym>>,
    /// Per row, the text column of each symbol (hex pictures are placed by column).
    pub columns: Vec<Vec<usize>>,
    pub span: Span,
}

/// A kind of piece.
#[derive(Debug, Clone)]
pub struct PieceDef {
    pub name: String,
    /// Belongs to nobody; either player may move it.
    pub neutral: bool,
}

/// A cell condition with piece names resolved to piece indices.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CellPred {
    Empty,
    No(usize),
    Own(usize),
    Enemy(usize),
    Any(usize),
    Not(Box<CellPred>),
    And(Vec<CellPred>),
    Or(Vec<CellPred>),
}

impl CellPred {
    /// The piece kinds the condition reads (`None` in the list means "every kind").
    pub fn reads(&self, out: &mut Vec<Option<usize>>) {
        match self {
            CellPred::Empty => out.push(None),
            CellPred::No(k) | CellPred::Own(k) | CellPred::Enemy(k) | CellPred::Any(k) => {
                out.push(Some(*k))
            }
            CellPred::Not(c) => c.reads(out),
            CellPred::And(v) | CellPred::Or(v) => v.iter().for_each(|c| c.reads(out)),
        }
    }
}

/// What a separation counts: pieces of a kind or the cells of a region (by name).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CountedDef {
    Pieces(usize),
    Region(String),
}

/// A position condition with names resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PosPred {
    Count {
        whose: Whose,
        piece: usize,
        cmp: Cmp,
        value: Expr,
    },
    Separates {
        whose: Whose,
        piece: usize,
        counted: CountedDef,
    },
    NoMove,
    Not(Box<PosPred>),
    And(Vec<PosPred>),
    Or(Vec<PosPred>),
}

/// A checked step of a turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StepDef {
    Place {
        piece: usize,
        target: CellPred,
    },
    Slide {
        piece: usize,
        through: CellPred,
    },
    Line {
        piece: usize,
        up_to: bool,
        capture: bool,
    },
}

/// A checked turn: its guard and its steps.
#[derive(Debug, Clone)]
pub struct TurnDef {
    pub guard: Option<PosPred>,
    pub steps: Vec<StepDef>,
    pub span: Span,
}

/// A checked setup line.
#[derive(Debug, Clone)]
pub struct SetupDef {
    /// `None` for neutral pieces.
    pub owner: Option<usize>,
    pub piece: usize,
    pub at: SetupCells,
    pub span: Span,
}

/// A checked turn-start check.
#[derive(Debug, Clone)]
pub struct CheckDef {
    pub result: CheckResult,
    pub cond: PosPred,
}

/// A checked rule file, before parameter values are known.
#[derive(Debug, Clone)]
pub struct GameDef {
    pub name: String,
    pub designer: Option<String>,
    pub year: Option<i64>,
    pub about: Vec<String>,
    pub params: Vec<ParamDef>,
    pub players: Vec<String>,
    pub board_shape: BoardShape,
    pub board_dims: Vec<Spanned<Expr>>,
    pub board_span: Span,
    pub blocked: Vec<Ident>,
    pub regions: Vec<(Ident, Vec<Ident>)>,
    pub edges: Vec<EdgeDef>,
    pub pieces: Vec<PieceDef>,
    pub setups: Vec<SetupDef>,
    pub turns: Vec<TurnDef>,
    pub checks: Vec<CheckDef>,
    pub frozen: Vec<usize>,
    pub ply_limit: Option<Spanned<Expr>>,
    pub glyphs: Vec<GlyphDef>,
    pub goals: Vec<Spanned<Goal>>,
    pub swap: bool,
    pub no_move: NoMove,
    pub claims: Vec<Spanned<ClaimDecl>>,
}

pub use crate::board::edge_names;

/// The statements a file must have, with what to write when one is missing.
const REQUIRED: &[(&str, &str)] = &[
    ("game", "game \"Name\""),
    ("players", "players black white"),
    ("board", "board square 9"),
    ("turn", "turn: place stone on empty"),
    ("win", "win: connect own edges"),
];

struct Checker {
    diagnostics: Vec<Diagnostic>,
}

impl Checker {
    fn error(&mut self, span: Span, message: impl Into<String>, hint: impl Into<String>) {
        self.diagnostics
            .push(Diagnostic::error(span, message).with_hint(hint));
    }
}

/// Names in scope while checking conditions and steps.
struct Names<'a> {
    pieces: &'a [PieceDef],
    params: &'a [ParamDef],
}

impl Names<'_> {
    fn piece(&self, c: &mut Checker, id: &Ident) -> Option<usize> {
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
    fn owned_piece(&self, c: &mut Checker, id: &Ident, what: &str) -> Option<usize> {
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

    fn expr(&self, c: &mut Checker, e: &Spanned<Expr>) {
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

    fn cell(&self, c: &mut Checker, cond: &CellCond) -> Option<CellPred> {
        Some(match cond {
            CellCond::Empty => CellPred::Empty,
            CellCond::No(k) => CellPred::No(self.piece(c, k)?),
            CellCond::Any(k) => CellPred::Any(self.piece(c, k)?),
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

    fn pos(
        &self,
        c: &mut Checker,
        cond: &Cond,
        span: Span,
        allow_no_move: bool,
    ) -> Option<PosPred> {
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
                PosPred::NoMove
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
                PosPred::Count {
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
                    Counted::Pieces(p) => CountedDef::Pieces(self.piece(c, p)?),
                    Counted::Region(r) => CountedDef::Region(r.node.clone()),
                };
                PosPred::Separates {
                    whose: *whose,
                    piece: k,
                    counted,
                }
            }
            Cond::Not(x) => PosPred::Not(Box::new(self.pos(c, x, span, allow_no_move)?)),
            Cond::And(v) | Cond::Or(v) => {
                let parts: Vec<Option<PosPred>> = v
                    .iter()
                    .map(|x| self.pos(c, x, span, allow_no_move))
                    .collect();
                let parts: Option<Vec<PosPred>> = parts.into_iter().collect();
                match cond {
                    Cond::And(_) => PosPred::And(parts?),
                    _ => PosPred::Or(parts?),
                }
            }
        })
    }
}

/// Checks a parsed file. Returns the game, or every problem found.
pub fn check(ast: &Ast) -> Result<GameDef, Vec<Diagnostic>> {
    let mut c = Checker {
        diagnostics: Vec::new(),
    };
    let mut seen: Vec<(&'static str, Span)> = Vec::new();
    let mut once = |c: &mut Checker, kind: &'static str, span: Span| {
        if seen.iter().any(|(k, _)| *k == kind) {
            c.error(
                span,
                format!("a second `{kind}` statement"),
                format!("a file has one `{kind}` statement; remove this one or the first"),
            );
            false
        } else {
            seen.push((kind, span));
            true
        }
    };

    let mut name = None;
    let mut designer = None;
    let mut year = None;
    let mut about = Vec::new();
    let mut params: Vec<ParamDef> = Vec::new();
    let mut players: Option<Vec<Ident>> = None;
    let mut board: Option<(Spanned<BoardShape>, Vec<Spanned<Expr>>, Span)> = None;
    let mut blocked: Vec<Ident> = Vec::new();
    let mut regions: Vec<(Ident, Vec<Ident>)> = Vec::new();
    let mut pieces: Vec<PieceDef> = Vec::new();
    let mut swap = false;
    let mut no_move = NoMove::Skip;
    let mut goals: Vec<Spanned<Goal>> = Vec::new();
    let mut claims: Vec<Spanned<ClaimDecl>> = Vec::new();
    let mut ply_limit = None;
    let mut has_check = false;

    // First pass: declarations, so that later references resolve whatever the order.
    for st in &ast.statements {
        let span = st.span;
        match &st.node {
            Statement::Game(s) => {
                if once(&mut c, "game", span) {
                    name = Some(s.node.clone());
                }
            }
            Statement::Designer { name: n, year: y } => {
                if once(&mut c, "designer", span) {
                    designer = Some(n.node.clone());
                    if let Some(y) = y {
                        year = Some(y.node);
                    }
                }
            }
            Statement::Year(y) => {
                if once(&mut c, "year", span) {
                    year = Some(y.node);
                }
            }
            Statement::About(s) => about.push(s.node.clone()),
            Statement::Param {
                name: n,
                default,
                range,
                doc,
            } => {
                if params.iter().any(|p| p.name == n.node) {
                    c.error(
                        n.span,
                        format!("parameter `{}` is declared twice", n.node),
                        "give each parameter its own name",
                    );
                    continue;
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
                if default.node < min || default.node > max {
                    c.error(
                        default.span,
                        format!(
                            "the default {} of `{}` is out of its range {} to {}",
                            default.node, n.node, min, max
                        ),
                        "pick a default inside the range",
                    );
                }
                params.push(ParamDef {
                    name: n.node.clone(),
                    default: default.node,
                    min,
                    max,
                    doc: doc.as_ref().map(|d| d.node.clone()),
                    span: n.span,
                });
            }
            Statement::Players(list) => {
                if once(&mut c, "players", span) {
                    players = Some(list.clone());
                }
            }
            Statement::Board { shape, dims } => {
                if once(&mut c, "board", span) {
                    board = Some((shape.clone(), dims.clone(), span));
                }
            }
            Statement::Blocked(cells) => blocked.extend(cells.iter().cloned()),
            Statement::Region { name: n, cells } => {
                if regions.iter().any(|(r, _)| r.node == n.node) {
                    c.error(
                        n.span,
                        format!("region `{}` is declared twice", n.node),
                        "give each region its own name",
                    );
                } else {
                    regions.push((n.clone(), cells.clone()));
                }
            }
            Statement::Piece { name: p, neutral } => {
                if pieces.iter().any(|q| q.name == p.node) {
                    c.error(
                        p.span,
                        format!("piece `{}` is declared twice", p.node),
                        "declare each piece once",
                    );
                } else {
                    pieces.push(PieceDef {
                        name: p.node.clone(),
                        neutral: *neutral,
                    });
                }
            }
            Statement::Swap => {
                if once(&mut c, "swap", span) {
                    swap = true;
                }
            }
            Statement::NoMove(p) => {
                if once(&mut c, "no move", span) {
                    no_move = p.node;
                }
            }
            Statement::PlyLimit(e) => {
                if once(&mut c, "ply limit", span) {
                    ply_limit = Some(e.clone());
                }
            }
            Statement::Check { .. } => has_check = true,
            Statement::Win(g) => {
                if goals
                    .iter()
                    .any(|h| std::mem::discriminant(&h.node) == std::mem::discriminant(&g.node))
                {
                    c.error(
                        g.span,
                        "a second `win` goal of this kind",
                        "a game has one goal of each kind; remove this one or the first",
                    );
                } else {
                    goals.push(g.clone());
                }
            }
            Statement::Claim(claim) => {
                if claims.iter().any(|d| d.node == claim.node) {
                    c.error(claim.span, "the same claim twice", "state each claim once");
                } else {
                    claims.push(claim.clone());
                }
            }
            Statement::Unknown(word) => {
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
            Statement::Edges { .. }
            | Statement::Turn { .. }
            | Statement::Forbid(_)
            | Statement::Setup { .. }
            | Statement::Frozen(_) => {}
        }
    }

    for (kind, example) in REQUIRED {
        let present = match *kind {
            "win" => !goals.is_empty() || has_check,
            "turn" => ast
                .statements
                .iter()
                .any(|s| matches!(s.node, Statement::Turn { .. })),
            _ => seen.iter().any(|(k, _)| k == kind),
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

    // Players.
    let mut player_names: Vec<String> = Vec::new();
    if let Some(list) = &players {
        for p in list {
            if player_names.contains(&p.node) {
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
                player_names.push(p.node.clone());
            }
        }
        if list.len() != 2 && player_names.len() == list.len() {
            let span = Span::new(list[0].span.start, list[list.len() - 1].span.end);
            c.error(
                span,
                format!("{} players named; weft plays two-player games", list.len()),
                "name exactly two players, the first to move first: `players black white`",
            );
        }
    }
    let player_list = if player_names.is_empty() {
        "no players are declared".to_string()
    } else {
        format!("the players are {}", quoted_list(&player_names))
    };
    let player_of = |c: &mut Checker, id: &Ident| -> Option<usize> {
        let i = player_names.iter().position(|p| *p == id.node);
        if i.is_none() && players.is_some() {
            let hint = match closest(&id.node, &as_strs(&player_names)) {
                Some(p) => format!("did you mean `{p}`? {player_list}"),
                None => player_list.clone(),
            };
            c.error(id.span, format!("unknown player `{}`", id.node), hint);
        }
        i
    };

    let names = Names {
        pieces: &pieces,
        params: &params,
    };
    let shape = board.as_ref().map_or(BoardShape::Square, |b| b.0.node);
    if let Some((_, dims, _)) = &board {
        for d in dims {
            names.expr(&mut c, d);
        }
    }
    if let Some(e) = &ply_limit {
        names.expr(&mut c, e);
    }
    for claim in &claims {
        if let ClaimDecl::LengthAtMost(e) = &claim.node {
            names.expr(&mut c, e);
        }
    }

    let mut edges: Vec<EdgeDef> = Vec::new();
    let mut glyphs: Vec<GlyphDef> = Vec::new();
    let mut turns: Vec<TurnDef> = Vec::new();
    let mut setups: Vec<SetupDef> = Vec::new();
    let mut checks: Vec<CheckDef> = Vec::new();
    let mut frozen: Vec<usize> = Vec::new();
    let mut glyph_names: Vec<&str> = Vec::new();
    let mut unknown_owner = false;
    let shape_words = match shape {
        BoardShape::Square => "a square board's",
        BoardShape::Rectangle => "a rectangle's",
        BoardShape::Hexagon => "a hexagon's",
        BoardShape::Rhombus => "a rhombus's",
    };
    for st in &ast.statements {
        match &st.node {
            Statement::Edges { edges: list, owner } => {
                let owner_idx = player_of(&mut c, owner);
                unknown_owner |= owner_idx.is_none();
                for e in list {
                    let known = edge_names(shape);
                    if !known.contains(&e.node.as_str()) {
                        let hint = match closest(&e.node, known) {
                            Some(k) => format!(
                                "did you mean `{k}`? {shape_words} edges are {}",
                                quoted_list(known)
                            ),
                            None => format!("{shape_words} edges are {}", quoted_list(known)),
                        };
                        c.error(e.span, format!("unknown edge `{}`", e.node), hint);
                        continue;
                    }
                    if let Some(prev) = edges.iter().find(|d| d.name == e.node) {
                        let who = player_names.get(prev.owner).cloned().unwrap_or_default();
                        c.error(
                            e.span,
                            format!("edge `{}` is given twice", e.node),
                            format!("it already belongs to `{who}`; an edge has one owner"),
                        );
                        continue;
                    }
                    if let Some(o) = owner_idx {
                        edges.push(EdgeDef {
                            name: e.node.clone(),
                            owner: o,
                            span: e.span,
                        });
                    }
                }
            }
            Statement::Setup { owner, piece, at } => {
                let owner_idx = if owner.node == "neutral" {
                    None
                } else {
                    match player_of(&mut c, owner) {
                        Some(i) => Some(i),
                        None => continue,
                    }
                };
                let Some(k) = names.piece(&mut c, piece) else {
                    continue;
                };
                if pieces[k].neutral != owner_idx.is_none() {
                    let msg = if pieces[k].neutral {
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
                    continue;
                }
                if let SetupCells::Rows(a, b) = at {
                    names.expr(&mut c, a);
                    names.expr(&mut c, b);
                }
                setups.push(SetupDef {
                    owner: owner_idx,
                    piece: k,
                    at: at.clone(),
                    span: st.span,
                });
            }
            Statement::Turn { guard, steps } => {
                if let Some(prev) = turns.last() {
                    if prev.guard.is_none() {
                        c.error(
                            st.span,
                            "this turn is never played",
                            "the turn above has no `while` condition, so it always applies; put turns with conditions first",
                        );
                        continue;
                    }
                }
                let guard = match guard {
                    Some(g) => match names.pos(&mut c, &g.node, g.span, false) {
                        Some(p) => Some(p),
                        None => continue,
                    },
                    None => None,
                };
                if steps.len() > 2 {
                    c.error(
                        steps[2].span,
                        "a turn has at most two steps",
                        "split the turn, or ask for longer compound turns",
                    );
                    continue;
                }
                let mut defs = Vec::new();
                let mut ok = true;
                for step in steps {
                    let def = match &step.node {
                        Step::Place { piece, target } => names.piece(&mut c, piece).and_then(|k| {
                            names.cell(&mut c, &target.node).map(|t| StepDef::Place {
                                piece: k,
                                target: t,
                            })
                        }),
                        Step::Slide { piece, through } => {
                            names.piece(&mut c, piece).and_then(|k| {
                                names.cell(&mut c, &through.node).map(|t| StepDef::Slide {
                                    piece: k,
                                    through: t,
                                })
                            })
                        }
                        Step::Line {
                            piece,
                            up_to,
                            capture,
                        } => names
                            .owned_piece(&mut c, piece, "it cannot move as a player's line")
                            .map(|k| StepDef::Line {
                                piece: k,
                                up_to: *up_to,
                                capture: *capture,
                            }),
                    };
                    match def {
                        Some(d) => defs.push(d),
                        None => ok = false,
                    }
                }
                if ok {
                    turns.push(TurnDef {
                        guard,
                        steps: defs,
                        span: st.span,
                    });
                }
            }
            Statement::Check { result, cond } => {
                if let Some(p) = names.pos(&mut c, &cond.node, cond.span, true) {
                    checks.push(CheckDef {
                        result: result.node,
                        cond: p,
                    });
                }
            }
            Statement::Frozen(p) => {
                if let Some(k) =
                    names.owned_piece(&mut c, p, "it cannot be frozen on its owner's edges")
                {
                    frozen.push(k);
                }
            }
            Statement::Forbid(g) => {
                if glyph_names.contains(&g.name.node.as_str()) {
                    c.error(
                        g.name.span,
                        format!("glyph \"{}\" is declared twice", g.name.node),
                        "give each glyph its own name",
                    );
                    continue;
                }
                glyph_names.push(&g.name.node);
                if let Some(def) = check_glyph(&mut c, g) {
                    glyphs.push(def);
                }
            }
            _ => {}
        }
    }
    if !glyphs.is_empty() && pieces.first().is_some_and(|p| p.neutral) {
        c.error(
            Span::new(0, 0),
            "glyphs need a piece the players own",
            "glyph pictures show the first declared piece; declare a player's piece first",
        );
    }

    // Goals that need every player to own edges.
    for g in &goals {
        let what = match g.node {
            Goal::ConnectOwnEdges { .. } => "it cannot connect them",
            Goal::CrossingRace => "it cannot make a crossing",
        };
        for (i, p) in player_names.iter().enumerate() {
            if !edges.iter().any(|e| e.owner == i) && player_names.len() == 2 && !unknown_owner {
                c.error(
                    g.span,
                    format!("player `{p}` owns no edges, so {what}"),
                    format!("give `{p}` its edges, e.g. `edges left right: {p}`"),
                );
            }
        }
    }

    // A statement that did not parse may be missing here without an error of its own
    // (its syntax error was reported): never hand on a game without it.
    let (Some((shape, dims, board_span)), false, false) = (
        board,
        goals.is_empty() && checks.is_empty(),
        turns.is_empty(),
    ) else {
        return Err(c.diagnostics);
    };
    if !c.diagnostics.is_empty() || !ast.unparsed.is_empty() {
        return Err(c.diagnostics);
    }
    Ok(GameDef {
        name: name.unwrap_or_default(),
        designer,
        year,
        about,
        params,
        players: player_names,
        board_shape: shape.node,
        board_dims: dims,
        board_span,
        blocked,
        regions,
        edges,
        pieces,
        setups,
        turns,
        checks,
        frozen,
        ply_limit,
        glyphs,
        goals,
        swap,
        no_move,
        claims,
    })
}

fn check_glyph(c: &mut Checker, g: &Glyph) -> Option<GlyphDef> {
    let mut ok = true;
    if g.rows.is_empty() {
        c.error(
            g.name.span,
            format!("glyph \"{}\" has no picture", g.name.node),
            "draw it on the indented lines below, e.g. `  X O` and `  O X`",
        );
        return None;
    }
    let width = g.rows[0].node.len();
    let mut rows = Vec::new();
    let mut stones = 0;
    for row in &g.rows {
        if row.node.len() != width {
            c.error(
                row.span,
                format!(
                    "ragged picture: this row of glyph \"{}\" has {} symbols, the first row has {}",
                    g.name.node,
                    row.node.len(),
                    width
                ),
                "every row of a picture has the same number of symbols; use `?` for \"anything\"",
            );
            ok = false;
        }
        let mut out = Vec::new();
        for s in &row.node {
            match Sym::from_char(s.node) {
                Some(sym) => {
                    if sym.is_stone() {
                        stones += 1;
                    }
                    out.push(sym)
                }
                None => {
                    c.error(
                        s.span,
                        format!("unknown symbol `{}` in glyph \"{}\"", s.node, g.name.node),
                        "the symbols are X and O (stones of the two colours), . (empty), x (not X), o (not O), ? (anything)",
                    );
                    ok = false;
                }
            }
        }
        rows.push(out);
    }
    if ok && stones == 0 {
        c.error(
            g.picture_span,
            format!("glyph \"{}\" has no stone", g.name.node),
            "a glyph needs at least one X or O: it is tested where a stone is placed",
        );
        ok = false;
    }
    let columns = g
        .rows
        .iter()
        .zip(&g.line_starts)
        .map(|(row, start)| row.node.iter().map(|s| s.span.start - start).collect())
        .collect();
    ok.then(|| GlyphDef {
        name: g.name.node.clone(),
        symmetry: g.symmetry.as_ref().map_or(Symmetry::All, |s| s.node),
        colours: g.colours.as_ref().map_or(Colours::Swap, |s| s.node),
        rows,
        columns,
        span: g.name.span,
    })
}

const KEYWORDS: &[&str] = &[
    "game", "designer", "year", "about", "param", "players", "board", "blocked", "region", "edges",
    "piece", "neutral", "setup", "turn", "at", "frozen", "ply", "forbid", "win", "swap", "no",
    "claim",
];

fn as_strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

fn quoted_list<S: AsRef<str>>(items: &[S]) -> String {
    let q: Vec<String> = items.iter().map(|s| format!("`{}`", s.as_ref())).collect();
    match q.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {}", init.join(", "), last),
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

/// The candidate nearest to `word` by edit distance, if it is near enough to be a typo.
pub fn closest<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    candidates
        .iter()
        .map(|c| (edit_distance(word, c), *c))
        .filter(|(d, c)| *d <= 2.max(c.len() / 3) && *d < c.len())
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != *cb);
            cur.push((prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}
