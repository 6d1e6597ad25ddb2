//! From a checked game to its compiled [`Rules`] at fixed parameter values: the only way
//! to obtain `Rules`, so nothing downstream re-validates.
//!
//! The work goes in phases, one module each: the parameters' values ([`params`]), the
//! board with its blocked cells and regions ([`board`]), pieces and setup
//! ([`pieces`]), the goals with each player's edges ([`goals`]), turns, turn-start
//! rules and claims ([`turns`]), and the glyphs' orbits and matchers ([`glyphs`]).
//! Problems that depend on the values (a board too large, a setup row off the board)
//! are reported as diagnostics like the validator's; a glyph that cannot fit the board
//! is a warning.

mod board;
mod cells;
mod glyphs;
mod goals;
mod params;
mod pieces;
mod turns;

pub use params::Overrides;

use super::ast::Expr;
use super::diagnostic::Diagnostic;
use super::validate::GameDef;
use crate::rules::{Goal, Ko, Param, Pred, Rules, StepRule};

/// What every phase shares: the game, the parameter values, and the problems found.
struct Ctx<'a> {
    def: &'a GameDef,
    params: Vec<Param>,
    errors: Vec<Diagnostic>,
    warnings: Vec<Diagnostic>,
    /// Whether the cells of a `blocked` statement are being read.
    reading_blocked: bool,
}

impl Ctx<'_> {
    /// The value of an expression at the parameters in force.
    fn value(&self, e: &Expr) -> i64 {
        e.eval(&|p: &str| {
            self.params
                .iter()
                .find(|q| q.name == p)
                .map_or(0, |q| q.value)
        })
    }
}

/// A value computed by [`Ctx::value`], for a message: sums saturate at the ends of
/// 64 bits, so a value there is shown as the bound it is (`9223372036854775807 or
/// more`), never as a changed number.
pub(super) fn shown(v: i64) -> String {
    match v {
        i64::MAX => format!("{v} or more"),
        i64::MIN => format!("{v} or less"),
        _ => v.to_string(),
    }
}

/// Compiles a checked game at the given parameter values. On success, returns the
/// rules and any warnings (glyphs that fit nowhere on this board, say).
pub fn compile(
    def: &GameDef,
    overrides: &Overrides,
) -> Result<(Rules, Vec<Diagnostic>), Vec<Diagnostic>> {
    let mut cx = Ctx {
        def,
        params: params::resolve(def, overrides)?,
        errors: Vec::new(),
        warnings: Vec::new(),
        reading_blocked: false,
    };
    let board = board::build(&mut cx)?;
    let (pieces, setup) = pieces::build(&mut cx, &board);
    let goals = goals::build(&mut cx, &board);
    let turns = turns::build(&mut cx, &pieces, &setup);
    let glyphs = glyphs::build(&mut cx, &board);
    if !cx.errors.is_empty() {
        return Err(cx.errors);
    }
    let track_groups = goals.track_groups(&turns.turns);
    let ring_around_stone = goals.ring_around_stone(&turns.turns);
    let goal_plan = goals.plan(&turns.turns);
    let capture = def.capture.as_ref().map(|(c, _)| *c);
    let glyphs_after_turn = !glyphs.info.is_empty()
        && (capture.is_some()
            || turns
                .turns
                .iter()
                .any(|t| t.steps.iter().any(|s| !matches!(s, StepRule::Place { .. }))));
    let conditions = || {
        turns
            .turns
            .iter()
            .filter_map(|t| t.guard.as_ref())
            .chain(turns.turn_start.iter().map(|r| &r.cond))
            .chain(turns.after_move.iter().map(|r| &r.cond))
    };
    // Whether some condition reads piece counts: the position then keeps them.
    let keep_counts = conditions().any(Pred::reads_counts);
    // Whether something reads the position as bit sets: line moves and slides,
    // placements of the general path (drawn from the set of cells that take them),
    // separations and the crossing race. The position then keeps them. (Not for the
    // simple placement path, or where captures read layers afresh at every move.)
    let race = goals.goals.iter().any(|g| g.goal == Goal::CrossingRace);
    let moves_by_sets = turns.turns.iter().any(|t| {
        t.steps.iter().any(|s| match s {
            StepRule::Line { .. } | StepRule::Slide { .. } => true,
            StepRule::Place { .. } => !turns.simple && capture.is_none(),
        })
    });
    let keep_planes = race || moves_by_sets || conditions().any(Pred::reads_separation);
    let mut separated = Vec::new();
    conditions().for_each(|c| c.separated_kinds(&mut separated));
    let mut rules = Rules {
        name: def.name.clone(),
        designer: def.designer.clone(),
        year: def.year,
        about: def.about.clone(),
        params: cx.params,
        players: def.players.clone(),
        board,
        pieces,
        setup,
        turns: turns.turns,
        simple: turns.simple,
        glyphs: glyphs.info,
        matchers: glyphs.matchers,
        glyphs_after_turn,
        covering: glyphs.covering,
        track_groups,
        ring_around_stone,
        race,
        keep_counts,
        keep_planes,
        free_listed: None,
        some_drawn_apart: false,
        separated,
        connect: goals.connect,
        goals: goals.goals,
        goal_plan,
        plain_goal: None,
        turn_start: turns.turn_start,
        asked_at_turn_start: 0,
        after_move: turns.after_move,
        capture,
        ko: def.ko.as_ref().map_or(Ko::None, |k| k.node),
        both_win: def.both_win.as_ref().map(|b| b.node),
        ply_limit: turns.ply_limit,
        swap: def.swap,
        no_move: def.no_move,
        claims: turns.claims,
    };
    rules.plain_goal = rules.derive_plain_goal();
    rules.asked_at_turn_start = rules.derive_asked_at_turn_start();
    rules.table_cell_conditions();
    rules.free_listed = rules.derive_free_listed();
    rules.some_drawn_apart = (rules.turns.iter()).any(|t| t.drawn_apart(rules.glyphs_after_turn));
    Ok((rules, cx.warnings))
}

#[cfg(test)]
mod tests {
    use super::Overrides;

    /// A small rule file on a hexagon of side 3 with a neutral pawn in the middle:
    /// `pieces` declared before it, then `turns`.
    fn rules_with(pieces: &str, turns: &str) -> String {
        format!(
            "game \"T\"\nplayers black white\nboard hexagon 3\n{pieces}\nneutral piece pawn\n\
             setup neutral: pawn on c3\n{turns}\n\
             at turn start: win if count own disk >= 6\nno move: draw\n"
        )
    }

    /// The kind a position lists: the first placed on any cell without one of its kind
    /// by a turn drawn apart, in rules that are not simple placement rules.
    #[test]
    fn the_kind_listed_is_the_first_placed_on_cells_free_of_it_by_a_turn_drawn_apart() {
        let listed = |text: &str| {
            let loaded = crate::lang::load_str("t.game", text, &Overrides::default());
            loaded
                .unwrap_or_else(|e| panic!("{e}\n{text}"))
                .rules
                .free_listed
        };
        let apart = "turn: optionally slide pawn through no pawn, then place disk on no disk";
        assert_eq!(listed(&rules_with("piece disk", apart)), Some(0));
        // Two kinds placed so: the first in the file's turns.
        let two = "turn while count own disk < 2: optionally slide pawn through no pawn, \
                   then place disk on no disk\n\
                   turn: optionally slide pawn through no pawn, then place stone on no stone";
        assert_eq!(listed(&rules_with("piece disk\npiece stone", two)), Some(0));
        for turns in [
            // A placement alone is not a turn drawn apart.
            "turn: place disk on no disk",
            // A slide that changes where the placement may go is not independent.
            "turn: optionally slide disk exactly 1, then place disk on no disk",
            // A placement on empty cells reads the pawns too: not "free of its kind".
            "turn: optionally slide pawn through no pawn, then place disk on empty",
            // A slide alone places nothing.
            "turn: slide pawn through no pawn",
        ] {
            assert_eq!(listed(&rules_with("piece disk", turns)), None, "{turns}");
        }
        // Simple placement rules keep their empty cells otherwise.
        let simple = "game \"S\"\nplayers black white\nboard hexagon 3\npiece disk\n\
                      turn: place disk on no disk\n\
                      at turn start: win if count own disk >= 6\nno move: draw\n";
        assert_eq!(listed(simple), None);
    }
}
