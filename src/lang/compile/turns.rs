//! Turns (their guards fixed to the parameter values, and whether a two-step turn's
//! second step is independent of its first), the rules checked at the start of each
//! turn, the claims and the ply limit.

use super::Ctx;
use crate::lang::ast::{ClaimDecl, Expr};
use crate::lang::diagnostic::{Diagnostic, Span};
use crate::rules::{
    CellPred, ClaimRule, ConditionRule, Distance, Piece, Pred, SetupPiece, StepRule, Turn,
};

/// The compiled turns and what goes with them.
pub(super) struct Turns {
    pub turns: Vec<Turn>,
    /// Whether the fast path of single-step placement games applies (see `Rules`).
    pub simple: bool,
    pub turn_start: Vec<ConditionRule>,
    pub after_move: Vec<ConditionRule>,
    pub claims: Vec<ClaimRule>,
    pub ply_limit: Option<u32>,
}

pub(super) fn build(cx: &mut Ctx, pieces: &[Piece], setup: &[SetupPiece]) -> Turns {
    let def = cx.def;
    let pred = |cx: &Ctx, p: &Pred<Expr>| p.map_amounts(&|e| cx.value(e));
    let has_glyphs = !def.glyphs.is_empty();
    let mut turns: Vec<Turn> = Vec::new();
    for t in &def.turns {
        let steps: Vec<StepRule> = t
            .steps
            .iter()
            .map(|s| {
                s.map_amounts(&|e: &Expr| {
                    let v = cx.value(e);
                    if v < 1 {
                        // Reported below, once per step, with the span of the turn.
                        0
                    } else {
                        u32::try_from(v).unwrap_or(u32::MAX)
                    }
                })
            })
            .collect();
        if steps.iter().any(zero_distance) {
            cx.errors.push(
                Diagnostic::error(t.span, "a slide's distance must be at least 1")
                    .with_hint("a slide moves one cell or more; to let a step be left out, write `optionally` before it"),
            );
        }
        let guard = t.guard.as_ref().map(|g| pred(cx, g));
        turns.push(Turn {
            guard_plan: guard.as_ref().map(Pred::cheapest_first),
            guard,
            optional: t.optional,
            pass: t.pass,
            independent: independent(&steps, has_glyphs, def.capture.is_some()),
            steps,
        });
    }
    let simple = turns.len() == 1
        && turns[0].guard.is_none()
        && pieces.len() == 1
        && setup.is_empty()
        && def.capture.is_none()
        && matches!(
            turns[0].steps.as_slice(),
            [StepRule::Place {
                piece: 0,
                target: CellPred::Empty,
                owner: None,
            }]
        )
        && turns[0].pass.is_none();
    let rules = |list: &[crate::lang::validate::ConditionDef]| {
        list.iter()
            .map(|c| {
                let cond = pred(cx, &c.cond);
                ConditionRule {
                    verdict: c.verdict,
                    plan: cond.cheapest_first(),
                    cond,
                }
            })
            .collect::<Vec<_>>()
    };
    let turn_start = rules(&def.turn_start);
    let after_move = rules(&def.after_move);
    let mut claims = Vec::new();
    for c in &def.claims {
        claims.push(match &c.node {
            ClaimDecl::NoDraws => ClaimRule::NoDraws,
            ClaimDecl::NoPasses => ClaimRule::NoPasses,
            ClaimDecl::LengthAtMost(e) => {
                ClaimRule::LengthAtMost(in_range(cx, e.span, cx.value(&e.node), 0, "a length"))
            }
        });
    }
    let ply_limit = def
        .ply_limit
        .as_ref()
        .map(|e| in_range(cx, e.span, cx.value(&e.node), 1, "a ply limit"));
    Turns {
        turns,
        simple,
        turn_start,
        after_move,
        claims,
        ply_limit,
    }
}

/// Whether a slide is asked to move a distance of 0 (its amount was below 1).
fn zero_distance(step: &StepRule) -> bool {
    matches!(
        step,
        StepRule::Slide {
            distance: Distance::UpTo(0) | Distance::Exactly(0),
            ..
        }
    )
}

/// `value` as a count of moves from `min` up, or an error that gives the range.
fn in_range(cx: &mut Ctx, span: Span, value: i64, min: u32, what: &str) -> u32 {
    match u32::try_from(value) {
        Ok(v) if v >= min => v,
        _ => {
            cx.errors.push(
                Diagnostic::error(
                    span,
                    format!("{what} of {} is not supported", super::shown(value)),
                )
                .with_hint(format!("{what} goes from {min} to {}", u32::MAX)),
            );
            min
        }
    }
}

/// Whether the second step's choices do not depend on the first step: it reads no piece
/// kind the first step changes (glyphs read the first piece kind), and the first step
/// is not a line move (which may capture).
fn independent(steps: &[StepRule], has_glyphs: bool, capture: bool) -> bool {
    let [first, second] = steps else {
        return true;
    };
    let changed = first.piece();
    let mut reads = Vec::new();
    match second {
        StepRule::Place { target, .. } => target.reads(&mut reads),
        StepRule::Slide {
            through,
            onto,
            piece,
            distance,
        } => {
            through.reads(&mut reads);
            onto.reads(&mut reads);
            reads.push(Some(*piece));
            if let Distance::LineCount { piece, .. } = distance {
                reads.push(Some(*piece));
            }
        }
        StepRule::Line { piece, .. } => reads.push(Some(*piece)),
    }
    if has_glyphs {
        reads.push(Some(0));
    }
    // A slide's capture by landing changes only its own kind's layer, which `changed`
    // covers; a line move's capture by comparison and captures by surrounding are
    // left out to be safe.
    !capture
        && !matches!(first, StepRule::Line { .. })
        && reads.iter().all(|r| *r != Some(changed) && r.is_some())
}
