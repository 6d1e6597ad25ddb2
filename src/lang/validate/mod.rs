//! Semantic checks: from the spanned syntax tree to a [`GameDef`] whose names all
//! resolve, or the full list of what is wrong, each problem anchored to its text.
//!
//! Like pest_meta's validators, the work is split by statement kind: a first pass
//! collects the declarations ([`declarations`]: the game, parameters, players, board,
//! pieces, goals, ...), so that later references resolve whatever the order of the
//! file; a second pass checks the statements that refer to them ([`references`]:
//! edges, setups, turns, turn-start rules, frozen pieces, glyphs), with names resolved
//! into the rules layer's vocabulary ([`names`]); then a few checks of the file as a
//! whole. Every problem is collected; none stops the others.
//!
//! Checks that depend on parameter values (a board too small, a glyph that cannot
//! fit, a setup row off the board) happen in `compile`, once the values are known.

mod declarations;
mod names;
mod pictures;
mod references;

use super::ast::*;
use super::diagnostic::{Diagnostic, Span, Spanned};
use crate::rules::board::builtin_regions;
use crate::rules::glyph::Picture;
use crate::rules::vocab::{CaptureRule, GoalRule, Pred, StepRule};
use declarations::Declared;
use names::Names;
use references::Resolved;

/// A parameter as declared.
#[derive(Debug, Clone)]
pub struct ParamDef {
    pub name: String,
    pub default: i64,
    pub min: i64,
    pub max: i64,
    /// The values run from `min` by this step (1 when the file gives none).
    pub step: i64,
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

/// A kind of piece.
#[derive(Debug, Clone)]
pub struct PieceDef {
    pub name: String,
    /// Belongs to nobody; either player may move it.
    pub neutral: bool,
}

/// A checked glyph: its picture and where its name is written.
#[derive(Debug, Clone)]
pub struct GlyphDef {
    pub picture: Picture,
    pub span: Span,
}

/// A checked turn: its guard and its steps. Amounts in the guard are still expressions
/// over the parameters.
#[derive(Debug, Clone)]
pub struct TurnDef {
    pub guard: Option<Pred<Expr>>,
    /// Whether the first step may be left out.
    pub optional: bool,
    /// `, or pass [to play PLAYER]`.
    pub pass: Option<crate::rules::PassRule>,
    pub steps: Vec<StepRule<Expr>>,
    pub span: Span,
}

/// A checked setup line.
#[derive(Debug, Clone)]
pub struct SetupDef {
    /// `None` for neutral pieces.
    pub owner: Option<usize>,
    pub piece: usize,
    pub at: Spanned<CellSet>,
    pub span: Span,
}

/// A checked rule with a condition (`at turn start:` or `after move:`).
#[derive(Debug, Clone)]
pub struct ConditionDef {
    pub verdict: Verdict,
    pub cond: Pred<Expr>,
}

/// A checked goal: the rule, and where it is written.
#[derive(Debug, Clone)]
pub struct GoalDef {
    pub rule: GoalRule,
    pub span: Span,
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
    pub blocked: Vec<Spanned<CellSet>>,
    pub regions: Vec<(Ident, Spanned<CellSet>)>,
    pub edges: Vec<EdgeDef>,
    pub pieces: Vec<PieceDef>,
    pub setups: Vec<SetupDef>,
    pub turns: Vec<TurnDef>,
    pub turn_start: Vec<ConditionDef>,
    pub after_move: Vec<ConditionDef>,
    pub frozen: Vec<usize>,
    pub ply_limit: Option<Spanned<Expr>>,
    pub glyphs: Vec<GlyphDef>,
    pub goals: Vec<GoalDef>,
    pub swap: bool,
    pub no_move: NoMove,
    pub claims: Vec<Spanned<ClaimDecl>>,
    pub capture: Option<(CaptureRule, Span)>,
    pub ko: Option<Spanned<Ko>>,
    pub both_win: Option<Spanned<BothWin>>,
}

/// Where the validator's problems are collected.
#[derive(Default)]
struct Checker {
    diagnostics: Vec<Diagnostic>,
}

impl Checker {
    fn error(&mut self, span: Span, message: impl Into<String>, hint: impl Into<String>) {
        self.diagnostics
            .push(Diagnostic::error(span, message).with_hint(hint));
    }
}

/// Checks a parsed file. Returns the game, or every problem found.
pub fn validate(ast: &Ast) -> Result<GameDef, Vec<Diagnostic>> {
    let mut c = Checker::default();
    let declared = Declared::collect(ast, &mut c);
    declared.require_statements(ast, &mut c);
    let players = declared.players(&mut c);
    let shape = declared
        .board
        .as_ref()
        .map_or(BoardShape::Square, |b| b.0.node);
    let names = Names {
        pieces: &declared.pieces,
        params: &declared.params,
        regions: builtin_regions(shape)
            .into_iter()
            .chain(declared.regions.iter().map(|(r, _)| r.node.clone()))
            .collect(),
        shape,
    };
    declared.check_expressions(&names, &mut c);
    let resolved = Resolved::collect(ast, &mut c, &declared, &names, &players, shape);
    resolved.check_whole_file(&mut c, &declared, &players, shape);

    // A statement that did not parse may be missing here without an error of its own
    // (its syntax error was reported): never hand on a game without it.
    let Declared {
        name,
        designer,
        year,
        about,
        params,
        board,
        blocked,
        regions,
        pieces,
        swap,
        no_move,
        claims,
        ply_limit,
        ko,
        both_win,
        ..
    } = declared;
    let (Some((shape, dims, board_span)), false, false) = (
        board,
        resolved.goals.is_empty()
            && resolved.turn_start.is_empty()
            && resolved.after_move.is_empty(),
        resolved.turns.is_empty(),
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
        players: players.names,
        board_shape: shape.node,
        board_dims: dims,
        board_span,
        blocked,
        regions,
        edges: resolved.edges,
        pieces,
        setups: resolved.setups,
        turns: resolved.turns,
        turn_start: resolved.turn_start,
        after_move: resolved.after_move,
        frozen: resolved.frozen,
        ply_limit,
        glyphs: resolved.glyphs,
        goals: resolved.goals,
        swap,
        no_move,
        claims,
        capture: resolved.capture,
        ko,
        both_win,
    })
}
