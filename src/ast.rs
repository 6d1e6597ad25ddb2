//! The spanned syntax tree of a rule file: what was written, where, before any
//! meaning is checked. `syntax` builds it; `check` turns it into a `GameDef`.

use crate::diagnostic::{Span, Spanned};

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

/// A number where a number is wanted. Examples: `9`, `size`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expr {
    /// `9`
    Int(i64),
    /// `size`: the value of a parameter.
    Param(String),
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
        doc: Option<Spanned<String>>,
    },
    /// `players black white`
    Players(Vec<Ident>),
    /// `board square size`
    Board {
        shape: Spanned<BoardShape>,
        size: Spanned<Expr>,
    },
    /// `edges top bottom: black`
    Edges { edges: Vec<Ident>, owner: Ident },
    /// `piece stone`
    Piece(Ident),
    /// `turn: place stone on empty`
    Turn(Vec<Spanned<Step>>),
    /// `forbid "naked diagonal"` and its picture
    Forbid(Glyph),
    /// `win: connect own edges orthogonally`
    Win(Spanned<Goal>),
    /// `swap`
    Swap,
    /// `no move: skip`
    NoMove(Spanned<NoMove>),
    /// `claim: no draws`
    Claim(Spanned<ClaimDecl>),
    /// A statement opening with a word that is not a keyword.
    Unknown(Ident),
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

/// The board shapes. Example: `square`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardShape {
    /// N x N points.
    Square,
}

/// One step of a turn. Example: `place stone on empty`.
#[derive(Debug, Clone)]
pub enum Step {
    Place {
        piece: Ident,
        target: Spanned<Target>,
    },
}

/// Which cells a placement may use. Example: `empty`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// A cell with no piece.
    Empty,
}

/// A forbidden pattern as drawn.
#[derive(Debug, Clone)]
pub struct Glyph {
    pub name: Spanned<String>,
    pub symmetry: Option<Spanned<Symmetry>>,
    pub colours: Option<Spanned<Colours>>,
    /// The rows, top first; each symbol with its own span.
    pub rows: Vec<Spanned<Vec<Spanned<char>>>>,
    /// Where the picture starts (for problems of the picture as a whole).
    pub picture_span: Span,
}

/// Which transformations of a picture also count. Example: `symmetry rotations`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Symmetry {
    /// Every rotation and reflection (the default).
    All,
    /// The four rotations.
    Rotations,
    /// The picture and its left-right mirror image.
    Mirror,
    /// The picture exactly as drawn.
    None,
}

/// Whether a picture's colours may be exchanged. Example: `colours fixed`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Colours {
    /// X may be either player (the default).
    Swap,
    /// X is the first player, O the second.
    Fixed,
}

/// A way to win. Example: `connect own edges orthogonally`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Goal {
    /// A chain of the mover's pieces touching every edge the mover owns.
    ConnectOwnEdges { adjacency: Option<Adjacency> },
}

/// Which neighbours count as adjacent. Example: `orthogonally`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Adjacency {
    Orthogonal,
    Diagonal,
    All,
}

/// What happens to a player with no legal move. Example: `no move: skip`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoMove {
    /// The turn passes (a forced pass move); a draw when neither player can move.
    Skip,
    /// The player loses.
    Lose,
    /// A designer's claim that it never happens: if it does, the game stops, the claim broken.
    Impossible,
}
