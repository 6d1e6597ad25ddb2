//! Drawing a uniformly random move of a two-step turn without listing every move.
//!
//! Listing is what a turn of "place a disk, then place a pawn" costs most: every first
//! step times every second step. Sampling avoids it in two ways, both exactly uniform:
//!
//! * a placement step is drawn by rejection: a uniform grid position, kept if the piece
//!   may go there. After a bounded number of misses the options are listed and one is
//!   picked, so a nearly full board costs no more than listing; a mixture of uniform
//!   draws over the same set is uniform.
//! * a turn whose second step depends on the first draws the pair by rejection: a
//!   uniform first step (or none, where a slide may be skipped) and a uniform grid
//!   position for the second placement, kept if that pair is legal. Every legal pair
//!   has the same chance per try, so the pair kept is uniform over the turn's moves.
//!
//! Buffers live in a per-thread scratch, so the playout loop does not allocate.

use crate::board::Cell;
use crate::movegen::{self, View};
use crate::moves::{Move, Step};
use crate::rng::Rng;
use crate::rules::{StepRule, Turn};
use std::cell::RefCell;

#[derive(Default)]
struct Scratch {
    first: Vec<Step>,
    second: Vec<Step>,
    cells: Vec<u8>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// A uniformly random move of `turn` for the mover of `v`; `None` when none was found
/// (then list the moves: there may be none, or a dependent turn's draws all missed).
pub fn draw(v: &View, turn: &Turn, rng: &mut Rng) -> Option<Move> {
    SCRATCH.with(|s| {
        let s = &mut *s.borrow_mut();
        let [r0, r1] = turn.steps.as_slice() else {
            let [r] = turn.steps.as_slice() else {
                return None;
            };
            return option(v, r, rng, &mut s.first).map(|a| Move::from_steps(&[a]));
        };
        s.first.clear();
        movegen::step_options(v, r0, &mut s.first);
        // A slide may be skipped: "no first step" is one more choice.
        let zero = usize::from(matches!(r0, StepRule::Slide { .. }));
        let choices = s.first.len() + zero;
        if choices == 0 {
            return None;
        }
        let join = |first: &[Step], i: usize, b: Step| {
            if i < zero {
                Move::from_steps(&[b])
            } else {
                Move::Two(first[i - zero], b)
            }
        };
        if turn.independent {
            let b = option(v, r1, rng, &mut s.second)?;
            let i = rng.below(choices as u32) as usize;
            return Some(join(&s.first, i, b));
        }
        let StepRule::Place { piece, target } = r1 else {
            return None;
        };
        let len = v.rules.board.len();
        s.cells.clear();
        s.cells.extend_from_slice(v.cells);
        for _ in 0..tries(len) {
            let i = rng.below(choices as u32) as usize;
            let c = rng.below(len as u32) as Cell;
            if i >= zero {
                movegen::apply_step(v.rules, &mut s.cells, r0, s.first[i - zero], v.mover);
            }
            let after = View {
                cells: &s.cells,
                ..*v
            };
            let ok = after.place_ok(*piece, target, c);
            if i >= zero {
                s.cells.copy_from_slice(v.cells);
            }
            if ok {
                return Some(join(&s.first, i, Step::Place(c)));
            }
        }
        None
    })
}

/// How many rejected draws over a grid of `len` positions before listing instead.
fn tries(len: usize) -> usize {
    len / 4 + 8
}

/// A uniformly random option of one step (`buf` is scratch), `None` if there is none.
fn option(v: &View, rule: &StepRule, rng: &mut Rng, buf: &mut Vec<Step>) -> Option<Step> {
    if let StepRule::Place { piece, target } = rule {
        let len = v.rules.board.len();
        for _ in 0..tries(len) {
            let c = rng.below(len as u32) as Cell;
            if v.place_ok(*piece, target, c) {
                return Some(Step::Place(c));
            }
        }
    }
    buf.clear();
    movegen::step_options(v, rule, buf);
    (!buf.is_empty()).then(|| buf[rng.below(buf.len() as u32) as usize])
}

#[cfg(test)]
mod tests {
    use crate::rng::Rng;
    use crate::rules::Overrides;
    use crate::state::{Move, State};
    use std::collections::HashMap;

    /// Draws many random moves in `s` and checks that each is legal and that their
    /// frequencies fit the uniform distribution over `legal_moves` (a chi-square test
    /// with a wide margin; the seed is fixed, so the test is deterministic).
    fn assert_uniform(s: &State, per_move: usize) {
        let legal = s.legal_moves();
        let k = legal.len();
        assert!(k > 1, "a position with a choice");
        let mut rng = Rng::new(5);
        let mut seen: HashMap<Move, usize> = HashMap::new();
        for _ in 0..k * per_move {
            let m = s.clone().random_move(&mut rng).expect("a move");
            *seen.entry(m).or_default() += 1;
        }
        for m in seen.keys() {
            assert!(legal.contains(m), "{m:?} is not legal");
        }
        let expected = per_move as f64;
        let chi2: f64 = legal
            .iter()
            .map(|m| {
                let o = *seen.get(m).unwrap_or(&0) as f64;
                (o - expected) * (o - expected) / expected
            })
            .sum();
        let dof = (k - 1) as f64;
        assert!(
            chi2 < dof + 6.0 * (2.0 * dof).sqrt(),
            "chi-square {chi2:.0} for {dof} degrees of freedom"
        );
    }

    fn windborne(side: i64) -> State {
        let text = include_str!("../games/windborne.game");
        let o = Overrides::from_sets(&[format!("side={side}")], None).unwrap();
        State::new(crate::load_str("windborne.game", text, &o).unwrap().rules)
    }

    #[test]
    fn a_dependent_turn_is_drawn_uniformly() {
        // Place a disk, then a pawn on an empty cell or the own disk just placed.
        let s = windborne(3);
        assert_uniform(&s, 200);
        // With pieces about, the second step's choices depend more on the first.
        let s = s.replay("b2,b2 c3,d3").unwrap();
        assert_uniform(&s, 200);
    }

    #[test]
    fn a_pair_is_uniform_when_the_first_step_changes_the_seconds_choices() {
        // A capture frees a cell, so after it the placement has one choice more: drawing
        // the first step, then the second among its choices, would favour the others.
        let text = "game \"t\"\nplayers white black\nboard rectangle 4 by 5\n\
                    edges top: white\nedges bottom: black\npiece man\n\
                    setup white: man on c1 c2 a1\nsetup black: man on c5 a5 d5\n\
                    turn: move line of man, exactly its length, capture if longer, \
                    then place man on empty\nwin: crossing race into own edges\n";
        let rules = crate::load_str("t.game", text, &Overrides::default())
            .unwrap_or_else(|r| panic!("{r}"))
            .rules;
        let s = State::new(rules);
        let mut seconds: HashMap<_, usize> = HashMap::new();
        for m in s.legal_moves() {
            if let Move::Two(a, _) = m {
                *seconds.entry(a).or_default() += 1;
            }
        }
        let sizes: std::collections::BTreeSet<usize> = seconds.values().copied().collect();
        assert!(
            sizes.len() > 1,
            "first steps with different numbers of seconds"
        );
        // Many draws: the bias this guards against is a few percent.
        assert_uniform(&s, 4000);
    }

    #[test]
    fn an_independent_turn_with_a_skippable_slide_is_drawn_uniformly() {
        // Three pawns placed (no swap taken): now slide a pawn (or not), then place.
        let mut s = windborne(3);
        for i in 0..3 {
            let moves: Vec<Move> = s
                .legal_moves()
                .into_iter()
                .filter(|m| *m != Move::Swap)
                .collect();
            s.play_unchecked(moves[(i * 37 + 11) % moves.len()]);
        }
        assert!(s.legal_moves().iter().any(|m| matches!(m, Move::Place(_))));
        assert!(s.legal_moves().iter().any(|m| matches!(m, Move::Two(..))));
        assert_uniform(&s, 200);
    }
}
