//! Drawing a uniformly random move of a turn without listing every move.
//!
//! Listing is what a turn of "place a disk, then place a pawn" costs most: every first
//! step times every second step. Sampling avoids it, exactly uniformly:
//!
//! * a placement step is drawn by rejection: a uniform grid position, kept if the piece
//!   may go there;
//! * a two-step turn whose second step is a placement draws a pair by rejection: a
//!   uniform first step (or none, where a slide may be skipped) and a uniform grid
//!   position, kept if that pair is legal (after playing the first step, when the
//!   second depends on it). Every legal pair has the same chance per try, so the pair
//!   kept is uniform over the turn's moves;
//! * the swap, when available, is one more element of the space drawn from;
//! * other independent turns list each step's options and draw from their product.
//!
//! After a bounded number of misses the caller lists the moves and picks one, so a
//! nearly full board costs little more than listing; a mixture of uniform draws over
//! the same set is uniform. Buffers live in a per-thread scratch, so the playout loop
//! does not allocate.

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

/// A uniformly random move of `turn` for the mover of `v`, or the swap (when `swap`:
/// one more move, as likely as each of the others); `None` when none was drawn (then
/// list the moves: there may be none, or a turn's draws all missed).
pub fn draw(v: &View, turn: &Turn, swap: bool, rng: &mut Rng) -> Option<Move> {
    SCRATCH.with(|s| {
        let s = &mut *s.borrow_mut();
        let extra = usize::from(swap);
        let len = v.rules.board.len();
        let [r0, r1] = turn.steps.as_slice() else {
            let [r] = turn.steps.as_slice() else {
                return None;
            };
            if let StepRule::Place { piece, target } = r {
                for _ in 0..tries(len) {
                    let x = rng.below((len + extra) as u32) as usize;
                    if x == len {
                        return Some(Move::Swap);
                    }
                    if v.place_ok(*piece, target, x as Cell) {
                        return Some(Move::Place(x as Cell));
                    }
                }
            }
            s.first.clear();
            movegen::step_options(v, r, &mut s.first);
            let total = s.first.len() + extra;
            if total == 0 {
                return None;
            }
            let x = rng.below(total as u32) as usize;
            return Some(match s.first.get(x) {
                Some(a) => Move::from_steps(&[*a]),
                None => Move::Swap,
            });
        };
        s.first.clear();
        movegen::step_options(v, r0, &mut s.first);
        // A slide may be skipped: "no first step" is one more choice.
        let zero = usize::from(matches!(r0, StepRule::Slide { .. }));
        let choices = s.first.len() + zero;
        if choices == 0 {
            return swap.then_some(Move::Swap);
        }
        let join = |first: &[Step], i: usize, b: Step| {
            if i < zero {
                Move::from_steps(&[b])
            } else {
                Move::Two(first[i - zero], b)
            }
        };
        if let StepRule::Place { piece, target } = r1 {
            // Pairs (first choice, grid position), plus the swap, drawn uniformly and kept
            // when legal.
            let pairs = choices * len;
            if pairs + extra > u32::MAX as usize {
                return None;
            }
            s.cells.clear();
            s.cells.extend_from_slice(v.cells);
            for _ in 0..tries(len) {
                let x = rng.below((pairs + extra) as u32) as usize;
                if x == pairs {
                    return Some(Move::Swap);
                }
                let (i, c) = (x / len, (x % len) as Cell);
                let ok = if turn.independent || i < zero {
                    v.place_ok(*piece, target, c)
                } else {
                    movegen::apply_step(v.rules, &mut s.cells, r0, s.first[i - zero], v.mover);
                    let after = View {
                        cells: &s.cells,
                        ..*v
                    };
                    let ok = after.place_ok(*piece, target, c);
                    s.cells.copy_from_slice(v.cells);
                    ok
                };
                if ok {
                    return Some(join(&s.first, i, Step::Place(c)));
                }
            }
            return None;
        }
        if !turn.independent {
            return None;
        }
        s.second.clear();
        movegen::step_options(v, r1, &mut s.second);
        let pairs = choices * s.second.len();
        if pairs + extra == 0 {
            return None;
        }
        let x = rng.below((pairs + extra) as u32) as usize;
        if x == pairs {
            return Some(Move::Swap);
        }
        let k = s.second.len();
        Some(join(&s.first, x / k, s.second[x % k]))
    })
}

/// How many rejected draws over a grid of `len` positions before listing instead.
fn tries(len: usize) -> usize {
    len / 4 + 8
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
    fn a_placement_or_the_swap_is_drawn_uniformly() {
        // Placement games draw by rejection from the empty cells, the swap one more
        // candidate; late in a game many candidates are illegal.
        let text = include_str!("../games/crosswind.game");
        let o = Overrides::from_sets(&["size=5".to_string()], None).unwrap();
        let s = State::new(crate::load_str("crosswind.game", text, &o).unwrap().rules);
        let s = s.replay("c3").unwrap();
        assert!(s.legal_moves().contains(&Move::Swap));
        assert_uniform(&s, 300);
        let mut s = s;
        let mut rng = Rng::new(9);
        while s.legal_moves().len() > 8 {
            let m = s.random_move(&mut rng).unwrap();
            s.play_unchecked(m);
        }
        assert!(!s.is_over() && s.legal_moves().len() > 1);
        assert_uniform(&s, 1000);
    }

    #[test]
    fn a_dependent_turn_is_drawn_uniformly() {
        // Place a disk, then a pawn on an empty cell or the own disk just placed.
        let s = windborne(3);
        assert_uniform(&s, 200);
        // The second player's first turn: the swap is one more move.
        let s1 = s.clone().replay("b2,b2").unwrap();
        assert!(s1.legal_moves().contains(&Move::Swap));
        assert_uniform(&s1, 200);
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
