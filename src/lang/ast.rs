//! The spanned syntax tree of a rule file: what was written, where, before any
//! meaning is checked. `syntax` builds it; `validate` checks it into a `GameDef`.
//!
//! Small closed sets of words (board shapes, comparisons, verdicts, ...) are the rules
//! layer's own enums: the tree names them, it does not redefine them.

use super::diagnostic::{Span, Spanned};
pub use crate::rules::glyph::{Colours, Symmetry};
pub use crate::rules::vocab::{Adjacency, BoardShape, BothWin, Cmp, Ko, NoMove, Verdict, Whose};

/// A name as written, with its span. Example: `black`.
pub type Ident = Spanned<String>;

/// A parsed rule file: its statements in order.
#[derive(Debug, Clone, Default)]
pub struct Ast {
    pub statements: Vec<Spanned<Statement>>,
    /// The opening words of statements that did not parse (their errors are reported
    /// already; the checker must not also call them missing).
    pub unparsed: Vec<String>,
}

/// A number where a number is wanted. Examples: `9`, `size`, `height - 1`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expr {
    /// `9`
    Int(i64),
    /// `size`: the value of a parameter.
    Param(String),
    /// `height - 1`, `side + 2`
    Sum(Box<Expr>, Vec<(i64, Expr)>),
}

impl Expr {
    /// The parameter names the expression uses.
    pub fn params(&self) -> Vec<&str> {
        match self {
            Expr::Int(_) => vec![],
            Expr::Param(p) => vec![p.as_str()],
            Expr::Sum(first, rest) => {
                let mut v = first.params();
                for (_, e) in rest {
                    v.extend(e.params());
                }
                v
            }
        }
    }

    /// The value, given a parameter lookup.
    pub fn eval(&self, param: &dyn Fn(&str) -> i64) -> i64 {
        match self {
            Expr::Int(v) => *v,
            Expr::Param(p) => param(p),
            Expr::Sum(first, rest) => rest.iter().fold(first.eval(param), |acc, (sign, e)| {
                acc.saturating_add(sign.saturating_mul(e.eval(param)))
            }),
        }
    }
}

/// One statement of a rule file.
#[derive(Debug, Clone)]
pub enum Statement {
    /// `game "Crosswind"`
    Game(Spanned<String>),
    /// `designer "Luis Bolaños Mures" 2024`
    Designer {
        name: Spanned<String>,
        year: Option<Spanned<i64>>,
    },
    /// `year 2024`
    Year(Spanned<i64>),
    /// `about "free text"`
    About(Spanned<String>),
    /// `param size = 9 in 2 to 26 "board side"`
    Param {
        name: Ident,
        default: Spanned<i64>,
        range: Option<(Spanned<i64>, Spanned<i64>)>,
        /// `by 2`: the values run from the range's low end by this step.
        step: Option<Spanned<i64>>,
        doc: Option<Spanned<String>>,
    },
    /// `players black white`
    Players(Vec<Ident>),
    /// `board square size`, `board hexagon side`, `board rectangle width by height`
    Board {
        shape: Spanned<BoardShape>,
        dims: Vec<Spanned<Expr>>,
    },
    /// `blocked d4 e5`: cells taken off the board
    Blocked(Spanned<CellSet>),
    /// `region stars: d4 g7`, `region stars: all cells`: a named set of cells
    Region {
        name: Ident,
        cells: Spanned<CellSet>,
    },
    /// `edges top bottom: black`, `edges left right bottom: black white`
    Edges {
        edges: Vec<Ident>,
        owners: Vec<Ident>,
    },
    /// `piece stone`, `neutral piece pawn`
    Piece { name: Ident, neutral: bool },
    /// `setup white: man on rows 1 to 2`, `setup neutral: pawn on d4`
    Setup {
        owner: Ident,
        piece: Ident,
        at: Spanned<CellSet>,
    },
    /// `turn: place stone on empty`;
    /// `turn while count pawn < pawns: place disk on empty, then place pawn on empty`
    Turn {
        guard: Option<Spanned<Cond>>,
        /// `optionally`: the first step may be left out (its span).
        optional: Option<Span>,
        steps: Vec<Spanned<Step>>,
        /// `, or pass` (and `to play PLAYER`): the player may pass instead.
        pass: Option<Spanned<PassDecl>>,
    },
    /// `at turn start: win if own disk separates pawn`
    TurnStart {
        verdict: Spanned<Verdict>,
        cond: Spanned<Cond>,
    },
    /// `after move: win if own stone separates region stars`
    AfterMove {
        verdict: Spanned<Verdict>,
        cond: Spanned<Cond>,
    },
    /// `capture: surrounded stone orthogonally, suicide allowed`
    Capture {
        piece: Ident,
        adjacency: Option<Adjacency>,
        suicide: bool,
    },
    /// `ko: simple`, `ko: superko`
    Ko(Spanned<Ko>),
    /// `both win: draw`
    BothWin(Spanned<BothWin>),
    /// `frozen: man on own edges`
    Frozen(Ident),
    /// `ply limit: 400`
    PlyLimit(Spanned<Expr>),
    /// `forbid "naked diagonal"` and its picture
    Forbid(Glyph),
    /// `win: connect own edges orthogonally`, `lose for white: connect top bottom`
    Goal {
        verdict: Spanned<Verdict>,
        player: Option<Ident>,
        goal: Spanned<Goal>,
    },
    /// `swap`
    Swap,
    /// `no move: skip`
    NoMove(Spanned<NoMove>),
    /// `claim: no draws`
    Claim(Spanned<ClaimDecl>),
    /// A statement opening with a word that is not a keyword.
    Unknown(Ident),
}

/// A turn's `or pass [to play PLAYER]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PassDecl {
    /// The colour the passer takes (and that moves next).
    pub takes: Option<Ident>,
}

/// A designer's claim, checked in random games. Example: `claim: length at most 400`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClaimDecl {
    /// `no draws`
    NoDraws,
    /// `no passes`: the mover always has a move other than a forced pass.
    NoPasses,
    /// `length at most N`
    LengthAtMost(Spanned<Expr>),
}

/// A set of cells. Examples: `d4 e5`, `rows 1 to 2`, `even rows and odd columns`,
/// `all cells except corners`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CellSet {
    /// `all cells`
    All,
    /// `rows 1 to 2`, `row 5` (from, to; the span of both)
    Rows(Spanned<Expr>, Spanned<Expr>),
    /// `columns a to c`, `column e`
    Columns(Ident, Ident),
    /// `even rows`, `odd columns`
    Parity { even: bool, rows: bool },
    /// `d4`, `top`, `corners`, `stars`: a cell or a region by name
    Name(Ident),
    /// Sets side by side, or joined by `,` or `or`
    Union(Vec<Spanned<CellSet>>),
    /// `A and B`
    And(Vec<Spanned<CellSet>>),
    /// `not A`
    Not(Box<Spanned<CellSet>>),
    /// `A except B`
    Except(Box<Spanned<CellSet>>, Vec<Spanned<CellSet>>),
}

impl CellSet {
    /// The names the set uses (cells and regions).
    pub fn names(&self) -> Vec<&Ident> {
        match self {
            CellSet::Name(n) => vec![n],
            CellSet::Union(v) | CellSet::And(v) => v.iter().flat_map(|c| c.node.names()).collect(),
            CellSet::Not(x) => x.node.names(),
            CellSet::Except(a, v) => a
                .node
                .names()
                .into_iter()
                .chain(v.iter().flat_map(|c| c.node.names()))
                .collect(),
            _ => vec![],
        }
    }

    /// The expressions the set uses (row numbers).
    pub fn exprs(&self) -> Vec<&Spanned<Expr>> {
        match self {
            CellSet::Rows(a, b) => vec![a, b],
            CellSet::Union(v) | CellSet::And(v) => v.iter().flat_map(|c| c.node.exprs()).collect(),
            CellSet::Not(x) => x.node.exprs(),
            CellSet::Except(a, v) => a
                .node
                .exprs()
                .into_iter()
                .chain(v.iter().flat_map(|c| c.node.exprs()))
                .collect(),
            _ => vec![],
        }
    }
}

/// One step of a turn. Example: `place stone on empty`.
#[derive(Debug, Clone)]
pub enum Step {
    /// `place disk on no disk`: put a piece of the mover's colour (or a neutral piece) on
    /// a cell that meets the condition.
    Place {
        /// `place black stone`: the player whose piece it is, whoever moves.
        owner: Option<Ident>,
        piece: Ident,
        target: Spanned<CellCond>,
    },
    /// `slide pawn through no pawn and not enemy disk`,
    /// `slide stone exactly count stone on its line through empty or own stone onto
    /// empty or enemy stone`: move one piece (own, or neutral) one or more cells in one
    /// straight line; the cells it passes meet `through` (`empty` when absent), the cell
    /// it ends on meets `onto` (`through` when absent).
    Slide {
        piece: Ident,
        distance: Option<Spanned<Distance>>,
        through: Option<Spanned<CellCond>>,
        onto: Option<Spanned<CellCond>>,
    },
    /// `move line of man, exactly its length, capture if longer`: a run of k own
    /// movable pieces moves along its own axis across k (or up to k) empty cells.
    Line {
        piece: Ident,
        up_to: bool,
        capture: bool,
    },
}

/// How far a slide goes. Examples: `up to 2`, `exactly 1`,
/// `exactly count stone on its line`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Distance {
    UpTo(Spanned<Expr>),
    Exactly(Spanned<Expr>),
    /// Exactly as many cells as pieces of the kind (whose) on the move's whole line.
    LineCount {
        whose: Whose,
        piece: Ident,
    },
}

/// A condition on one cell, from the mover's point of view. Example:
/// `empty or own disk and no pawn`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CellCond {
    /// `empty`: no piece at all.
    Empty,
    /// `no pawn`: no piece of that kind.
    No(Ident),
    /// `own disk`
    Own(Ident),
    /// `enemy disk`
    Enemy(Ident),
    /// `pawn`: a piece of that kind, whoever owns it.
    Any(Ident),
    /// `in edges`: a cell of the region(s).
    In(Ident),
    Not(Box<CellCond>),
    And(Vec<CellCond>),
    Or(Vec<CellCond>),
}

/// A condition on the whole position, from the mover's point of view. Example:
/// `count pawn >= pawns and own disk separates pawn`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cond {
    /// `count pawn < pawns`, `count own disk >= 3`
    Count {
        whose: Whose,
        piece: Ident,
        cmp: Cmp,
        value: Spanned<Expr>,
    },
    /// `own disk separates pawn`: a connected group of the mover's disks such that every
    /// region left when its cells are removed holds at most half of the pawns.
    Separates {
        whose: Whose,
        piece: Ident,
        counted: CountedNames,
    },
    /// `no move`: the player to move has no legal move.
    NoMove,
    /// `passes = 0`: the passes that turns allowed so far, compared.
    Passes {
        cmp: Cmp,
        value: Spanned<Expr>,
    },
    Not(Box<Cond>),
    And(Vec<Cond>),
    Or(Vec<Cond>),
}

/// What a separation counts. Examples: `pawn` (pieces of a kind), `region stars`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CountedNames {
    Pieces(Ident),
    Region(Ident),
    /// `all cells`
    AllCells,
}

/// A forbidden pattern as drawn.
#[derive(Debug, Clone)]
pub struct Glyph {
    pub name: Spanned<String>,
    pub symmetry: Option<Spanned<Symmetry>>,
    pub colours: Option<Spanned<Colours>>,
    /// The rows, top first; each symbol with its own span.
    pub rows: Vec<Spanned<Vec<Spanned<char>>>>,
    /// Where each row's line starts (a symbol's column is its offset from it: hex
    /// pictures use columns to place rows half a cell apart).
    pub line_starts: Vec<usize>,
    /// Where the picture starts (for problems of the picture as a whole).
    pub picture_span: Span,
}

/// A shape that ends the game. Examples: `connect own edges orthogonally`, `ring`,
/// `connect 3 of sides`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Goal {
    /// A group of the mover's pieces touching regions.
    Connect {
        target: ConnectTarget,
        adjacency: Option<Adjacency>,
    },
    /// `ring`: a closed chain of the mover's pieces around at least one cell.
    Ring { adjacency: Option<Adjacency> },
    /// `one group of stone in all directions`: all of the player's pieces of a kind
    /// (the first kind when `None`) in one group.
    OneGroup {
        piece: Option<Ident>,
        adjacency: Option<Adjacency>,
    },
    /// `crossing race into own edges`: a piece entering one of its owner's edges is a
    /// crossing; the opponent must answer with a crossing on their very next move or lose.
    CrossingRace,
}

impl Goal {
    /// The goal in the words a rule file writes it with, e.g. `connect 3 of sides`.
    pub fn words(&self) -> String {
        let adjacency =
            |a: &Option<Adjacency>| a.map_or(String::new(), |a| format!(" {}", a.words()));
        match self {
            Goal::Connect {
                target,
                adjacency: a,
            } => {
                let what = match target {
                    ConnectTarget::OwnEdges => "own edges".to_string(),
                    ConnectTarget::OppositeEdges => "opposite edges".to_string(),
                    ConnectTarget::Some { need, names } => {
                        let names: Vec<&str> = names.iter().map(|n| n.node.as_str()).collect();
                        match need {
                            Some(n) => format!("{} of {}", n.node, names.join(" ")),
                            None => names.join(" "),
                        }
                    }
                };
                format!("connect {what}{}", adjacency(a))
            }
            Goal::Ring { adjacency: a } => format!("ring{}", adjacency(a)),
            Goal::OneGroup {
                piece,
                adjacency: a,
            } => format!(
                "one group{}{}",
                piece
                    .as_ref()
                    .map_or(String::new(), |p| format!(" of {}", p.node)),
                adjacency(a)
            ),
            Goal::CrossingRace => "crossing race into own edges".to_string(),
        }
    }
}

/// What a connection touches. Examples: `own edges`, `top bottom`, `3 of sides`,
/// `opposite edges`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConnectTarget {
    /// Every edge the mover owns.
    OwnEdges,
    /// Either edge of a pair of opposite edges, any pair.
    OppositeEdges,
    /// At least `need` of the named regions (all of them without a number).
    Some {
        need: Option<Spanned<i64>>,
        names: Vec<Ident>,
    },
}
