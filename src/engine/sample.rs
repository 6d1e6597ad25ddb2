//! Drawing a uniformly random move of a turn without listing every move.
//!
//! Listing is what a turn of "place a disk, then place a pawn" costs most: every first
//! step times every second step. Sampling avoids it, exactly uniformly:
//!
//! * a placement whose cell alone decides it (no glyph or capture rule looks further)
//!   is drawn from the set of the cells that take it, made from the position's bit
//!   planes (`cell_sets`); other placements by rejection: a uniform grid position,
//!   kept if the piece may go there;
//! * a slide is drawn from the pieces' rays (`slides`): a uniform (piece, direction,
//!   distance) that stays on the board, kept if legal, or from the exact count of the
//!   legal ones;
//! * an independent turn "slide (or not), then place" with no extra move draws its
//!   slide and its placement apart: its moves are every first choice times every
//!   legal placement, so each is drawn uniformly on its own;
//! * another two-step turn whose second step is a placement draws a pair by
//!   rejection: a uniform first step (or none, where a slide may be skipped) and a
//!   uniform grid position, kept if that pair is legal (after playing the first step,
//!   when the second depends on it). Every legal pair has the same chance per try, so
//!   the pair kept is uniform over the turn's moves. Slides are proposed as (piece,
//!   direction, distance), each legal slide one proposal, and then listed if the tries
//!   all missed; other first steps are listed;
//! * a line move (`move line of P`) is drawn exactly from the sets of fronts of each
//!   direction, length and distance, found on bit sets of the board (`lines`);
//! * the swap, when available, and a turn's pass are more elements of the space drawn
//!   from;
//! * other independent turns list each step's options and draw from their product.
//!
//! After a bounded number of misses the caller lists the moves and picks one, so a
//! nearly full board costs little more than listing; a mixture of uniform draws over
//! the same set is uniform. Buffers live in a per-thread scratch, so the playout loop
//! does not allocate.

use crate::engine::cell_sets::cells_meeting;
use crate::engine::grid_bits::{by_words, Bits};
use crate::engine::lines;
use crate::engine::movegen::{self, View};
use crate::engine::moves::{Move, Step};
use crate::engine::rng::Rng;
use crate::engine::slides::{self, Drawn};
use crate::rules::board::Cell;
use crate::rules::{CellPred, Distance, StepRule, Turn};
use std::cell::RefCell;

#[derive(Default)]
struct Scratch {
    first: Vec<Step>,
    second: Vec<Step>,
    cells: Vec<u8>,
    /// The mover's pieces of a line rule's kind.
    own: Vec<Cell>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// A uniformly random move of `turn` for the mover of `v`, or one of `extras` (the
/// swap, the turn's pass: each one more move, as likely as each of the others); `None`
/// when none was drawn (then list the moves: there may be none, or a turn's draws all
/// missed).
pub fn draw(v: &View, turn: &Turn, extras: &[Move], rng: &mut Rng) -> Option<Move> {
    // An independent "slide, then place" with no extra move (a movement game's usual
    // turn) is drawn apart, outside the scratch: its move then comes back in
    // registers, where passed out of the scratch's closure it was copied through the
    // stack in pieces that the processor could not forward (a stall at every draw;
    // seen in a sampled profile, not in instruction counts).
    if extras.is_empty() && turn.drawn_apart(v.rules.glyphs_after_turn) {
        return draw_apart(v, turn, rng).map(|(first, cell)| joined(first, cell));
    }
    SCRATCH.with(|s| {
        let s = &mut *s.borrow_mut();
        let extra = extras.len();
        let len = v.rules.board.len();
        let [r0, r1] = turn.steps.as_slice() else {
            let [r] = turn.steps.as_slice() else {
                return None;
            };
            let others = extras.len() as u32;
            let choice = |drawn: Drawn| match drawn {
                Drawn::Nothing => None,
                Drawn::Other(i) => Some(extras[i as usize]),
                Drawn::Step(a) => Some(Move::from_steps(&[a])),
            };
            // The steps of the turn as sets, where the glyphs leave them so.
            if v.planes.is_some() && !v.rules.glyphs_after_turn {
                match *r {
                    StepRule::Place {
                        piece, ref target, ..
                    } if v.placed_by_cell_alone(piece) => {
                        return choice(by_words!(
                            len,
                            draw_from_set(v, piece, target, others, rng)
                        ));
                    }
                    StepRule::Slide {
                        piece,
                        ref distance,
                        ref through,
                        ref onto,
                    } => {
                        let rule = slides::SlideRule {
                            kind: piece,
                            distance,
                            through,
                            onto,
                        };
                        return choice(slides::draw(v, rule, others, rng));
                    }
                    _ => {}
                }
            }
            if let StepRule::Place {
                piece,
                target,
                owner,
            } = r
            {
                for _ in 0..tries(len) {
                    let x = rng.below((len + extra) as u32) as usize;
                    if x >= len {
                        return Some(extras[x - len]);
                    }
                    let step = Step::Place(x as Cell);
                    if v.place_ok(*piece, target, *owner, x as Cell)
                        && glyph_free(v, &mut s.cells, &[(r, step)])
                    {
                        return Some(Move::Place(x as Cell));
                    }
                }
            }
            if let StepRule::Line {
                piece,
                up_to,
                capture,
            } = *r
            {
                let line = lines::LineRule {
                    kind: piece,
                    up_to,
                    capture,
                };
                // Uniform over the line moves and extras; with glyphs tested after the
                // turn, drawn again while the move drawn forms one (uniform over the
                // rest).
                for _ in 0..tries(len) {
                    let m = lines::draw(v, line, extras, rng)?;
                    let ok = match m {
                        Move::One(step) => glyph_free(v, &mut s.cells, &[(r, step)]),
                        _ => true,
                    };
                    if ok {
                        return Some(m);
                    }
                }
            }
            s.first.clear();
            movegen::step_options(v, r, &mut s.first);
            if v.rules.glyphs_after_turn {
                let mut kept = std::mem::take(&mut s.first);
                kept.retain(|&a| glyph_free(v, &mut s.cells, &[(r, a)]));
                s.first = kept;
            }
            let total = s.first.len() + extra;
            if total == 0 {
                return None;
            }
            let x = rng.below(total as u32) as usize;
            return Some(match s.first.get(x) {
                Some(a) => Move::from_steps(&[*a]),
                None => extras[x - s.first.len()],
            });
        };
        // An optional first step may be left out: "no first step" is one more choice.
        let zero = usize::from(turn.optional);
        if let (
            StepRule::Slide {
                piece,
                distance,
                through,
                onto,
            },
            StepRule::Place { .. },
        ) = (r0, r1)
        {
            // Slides proposed, not listed: (piece, direction, distance) triples.
            let tests = (v.cell_test(through), v.cell_test(onto));
            let first = First::slides(v, *piece, distance, &tests, &mut s.own);
            let pair = Pair { turn, r0, r1, zero };
            if let Some(m) = pair.draw(v, &first, extras, rng, &mut s.cells) {
                return Some(m);
            }
        }
        if let (
            StepRule::Place {
                piece,
                target,
                owner,
            },
            StepRule::Place { .. },
        ) = (r0, r1)
        {
            // First placements proposed as grid positions, not listed.
            let first = First::Placements {
                kind: *piece,
                target,
                owner: *owner,
                len,
            };
            let pair = Pair { turn, r0, r1, zero };
            if let Some(m) = pair.draw(v, &first, extras, rng, &mut s.cells) {
                return Some(m);
            }
        }
        s.first.clear();
        movegen::step_options(v, r0, &mut s.first);
        let choices = s.first.len() + zero;
        if choices == 0 {
            // No first step and none to leave out: no move of the turn at all.
            return (!extras.is_empty()).then(|| extras[rng.below(extra as u32) as usize]);
        }
        let join = |first: &[Step], i: usize, b: Step| {
            if i < zero {
                Move::from_steps(&[b])
            } else {
                Move::Two(first[i - zero], b)
            }
        };
        if let StepRule::Place { .. } = r1 {
            let pair = Pair { turn, r0, r1, zero };
            return pair.draw(v, &First::Listed(&s.first), extras, rng, &mut s.cells);
        }
        if !turn.independent || v.rules.glyphs_after_turn {
            return None;
        }
        s.second.clear();
        movegen::step_options(v, r1, &mut s.second);
        let pairs = choices * s.second.len();
        if pairs + extra == 0 {
            return None;
        }
        let x = rng.below((pairs + extra) as u32) as usize;
        if x >= pairs {
            return Some(extras[x - pairs]);
        }
        let k = s.second.len();
        Some(join(&s.first, x / k, s.second[x % k]))
    })
}

/// The move of a turn drawn apart: the placement alone, or the slide then it.
#[inline(always)]
pub fn joined(first: Option<Step>, cell: Step) -> Move {
    match first {
        None => Move::from_steps(&[cell]),
        Some(a) => Move::Two(a, cell),
    }
}

/// A uniformly random move of a turn drawn apart (`Turn::drawn_apart`; the swap,
/// which would be one more move, the caller asks for apart), as its slide (`None`: the
/// optional slide left out) and its placement: a uniform first choice and,
/// independently, a uniform placement, each drawn on its own (`draw_slide`,
/// `draw_place`). `None` when the turn has no move.
#[inline(always)]
pub fn draw_apart(v: &View, turn: &Turn, rng: &mut Rng) -> Option<(Option<Step>, Step)> {
    let (
        [r0 @ StepRule::Slide {
            piece: kind,
            distance,
            through,
            onto,
        }, r1 @ StepRule::Place {
            piece,
            target,
            owner,
        }],
        zero,
    ) = (turn.steps.as_slice(), usize::from(turn.optional))
    else {
        return None;
    };
    let first = draw_slide(v, r0, (*kind, distance, through, onto), zero, rng)?;
    let cell = match (v.rules.free_listed, v.free) {
        // A placement on any cell free of its kind, which the game's own position
        // keeps as a list: one draw from it.
        (Some(k), Some(free)) if k == *piece && target.is_free_of(k) => match free.len() {
            0 => return None,
            n => Step::Place(free[rng.below(n as u32) as usize]),
        },
        _ => draw_place(v, r1, (*piece, target, *owner), rng)?,
    };
    Some((first, cell))
}

/// The first step of `draw_apart`: a uniform slide of the rule `r0` (of a piece of
/// `kind`, as far as `distance` allows, through and onto cells meeting the two
/// conditions), or none where `zero` is 1; `None` when there is neither.
///
/// Slides are proposed as (piece, direction, distance) and kept when legal, and
/// listed after the tries all missed. (Kept out of line: the playout loop it would
/// join is then laid out better, about 2% fewer instructions a Windborne playout.)
#[inline(never)]
fn draw_slide(
    v: &View,
    r0: &StepRule,
    (kind, distance, through, onto): (usize, &Distance, &CellPred, &CellPred),
    zero: usize,
    rng: &mut Rng,
) -> Option<Option<Step>> {
    if v.planes.is_some() {
        let rule = slides::SlideRule {
            kind,
            distance,
            through,
            onto,
        };
        return match slides::draw(v, rule, zero as u32, rng) {
            Drawn::Nothing => None,
            Drawn::Other(_) => Some(None),
            Drawn::Step(a) => Some(Some(a)),
        };
    }
    SCRATCH.with(|s| {
        let s = &mut *s.borrow_mut();
        let tests = (v.cell_test(through), v.cell_test(onto));
        let first = First::slides(v, kind, distance, &tests, &mut s.own);
        let space = zero + first.len();
        if 0 < space && space <= u32::MAX as usize {
            for _ in 0..tries(v.rules.board.len()) {
                let x = rng.below(space as u32) as usize;
                if x < zero {
                    return Some(None);
                }
                if let Some(a) = first.get(v, x - zero) {
                    return Some(Some(a));
                }
            }
        }
        s.first.clear();
        movegen::step_options(v, r0, &mut s.first);
        let choices = zero + s.first.len();
        if choices == 0 {
            return None;
        }
        let x = rng.below(choices as u32) as usize;
        Some((x >= zero).then(|| s.first[x - zero]))
    })
}

/// The placement of `draw_apart`: a uniform legal placement of the rule `r1` (of a
/// piece of `piece`, on a cell meeting `target`, for `owner`), proposed as grid
/// positions and listed after the tries all missed; `None` when there is none.
fn draw_place(
    v: &View,
    r1: &StepRule,
    (piece, target, owner): (usize, &CellPred, Option<usize>),
    rng: &mut Rng,
) -> Option<Step> {
    let len = v.rules.board.len();
    if v.planes.is_some() && v.placed_by_cell_alone(piece) {
        // A placement on any cell free of its kind (`place disk on no disk`): a few
        // uniform cells of the board, each kept when it has none, usually hit one at
        // the cost of a byte read each, before the set is made. (Cells, not grid
        // positions: a hexagon's corners would be refused tries, ~1 in 4 at side 7.)
        if target.is_free_of(piece) {
            let ids = v.rules.board.cell_ids();
            let free = |c| v.slot(piece, c) == 0;
            if let Some(c) = proposed((ids.len(), |i| ids[i]), FREE_TRIES, rng, free) {
                return Some(c);
            }
        }
        return match by_words!(len, draw_from_set(v, piece, target, 0, rng)) {
            Drawn::Step(c) => Some(c),
            _ => None,
        };
    }
    let legal = |c| v.place_ok(piece, target, owner, c);
    if let Some(c) = proposed((len, |i| i as Cell), tries(len), rng, legal) {
        return Some(c);
    }
    SCRATCH.with(|s| {
        let s = &mut *s.borrow_mut();
        s.second.clear();
        movegen::step_options(v, r1, &mut s.second);
        if s.second.is_empty() {
            return None;
        }
        Some(s.second[rng.below(s.second.len() as u32) as usize])
    })
}

/// A placement on one of `n` candidates (the `i`-th is `at(i)`: a grid position, or
/// a cell of the board) drawn uniformly and kept when `ok` keeps it, drawn again while
/// it refuses, at most `tries` times: each cell `ok` keeps as likely as any.
#[inline(always)]
fn proposed(
    (n, at): (usize, impl Fn(usize) -> Cell),
    tries: usize,
    rng: &mut Rng,
    ok: impl Fn(Cell) -> bool,
) -> Option<Step> {
    (0..tries)
        .map(|_| at(rng.below(n as u32) as usize))
        .find(|&c| ok(c))
        .map(Step::Place)
}

/// A uniform placement of `piece` on a cell meeting `target`, or one of `others`
/// more choices, each as likely as each placement: drawn from the set of the cells
/// that take it (`View::placed_by_cell_alone` must hold, and `v` have the planes).
fn draw_from_set<const W: usize>(
    v: &View,
    piece: usize,
    target: &CellPred,
    others: u32,
    rng: &mut Rng,
) -> Drawn {
    let planes = v.planes.expect("the position's planes");
    let free = cells_meeting::<W>(v.rules, planes, v.mover, target)
        .minus(Bits::load(planes.occupied(piece)));
    let n = free.count();
    if n + others == 0 {
        return Drawn::Nothing;
    }
    let x = rng.below(n + others);
    match free.nth(x) {
        Some(c) => Drawn::Step(Step::Place(c)),
        None => Drawn::Other(x - n),
    }
}

/// Where a two-step turn's first steps come from: a list, or proposals of slides
/// (piece, direction, distance) or of placements (grid positions), each legal first
/// step exactly one of them. (Proposals pay where most are refused at once, as slides
/// of `exactly 1`, or where listing costs more than the misses, as a placement on a
/// board still mostly empty; an independent turn draws its slide on its own instead,
/// see `draw_apart`.)
enum First<'a> {
    Listed(&'a [Step]),
    Placements {
        kind: usize,
        target: &'a crate::rules::CellPred,
        owner: Option<usize>,
        /// The grid positions proposed: the board's length.
        len: usize,
    },
    Slides {
        from: &'a [Cell],
        kind: usize,
        distance: &'a crate::rules::Distance,
        tests: &'a (movegen::CellTest<'a>, movegen::CellTest<'a>),
        dirs: &'a [(i32, i32)],
        dmax: usize,
        /// `dirs.len() * dmax` and `dmax`, to split a proposal's index.
        per_piece: Divisor,
        per_dir: Divisor,
    },
}

impl<'a> First<'a> {
    /// The slides of the mover's movable pieces of `kind` (listed into `own`), as far
    /// as `distance` allows, tested with the rule's `through` and `onto` made ready
    /// (`tests`), proposed as (piece, direction, distance).
    #[inline(always)]
    fn slides(
        v: &View<'a>,
        kind: usize,
        distance: &'a Distance,
        tests: &'a (movegen::CellTest<'a>, movegen::CellTest<'a>),
        own: &'a mut Vec<Cell>,
    ) -> First<'a> {
        own.clear();
        v.each_occupied(kind, |c| {
            if v.movable(kind, c) {
                own.push(c);
            }
        });
        let b = &v.rules.board;
        let (dirs, dmax) = (b.directions(), b.width.max(b.height));
        First::Slides {
            from: own,
            kind,
            distance,
            tests,
            dirs,
            dmax,
            per_piece: Divisor::new((dirs.len() * dmax) as u32),
            per_dir: Divisor::new(dmax as u32),
        }
    }

    /// How many first steps (or proposals) there are.
    fn len(&self) -> usize {
        match self {
            First::Listed(list) => list.len(),
            First::Placements { len, .. } => *len,
            First::Slides {
                from, dirs, dmax, ..
            } => from.len() * dirs.len() * dmax,
        }
    }

    /// The `i`-th first step, if it is legal.
    #[inline(always)]
    fn get(&self, v: &View, i: usize) -> Option<Step> {
        match self {
            First::Listed(list) => Some(list[i]),
            First::Placements {
                kind,
                target,
                owner,
                ..
            } => v
                .place_ok(*kind, target, *owner, i as Cell)
                .then_some(Step::Place(i as Cell)),
            First::Slides {
                from,
                kind,
                distance,
                tests,
                dirs,
                per_piece,
                per_dir,
                ..
            } => {
                // `i` < `from.len() * dirs.len() * dmax` (see `len`), below 2^32.
                let (p, rest) = per_piece.div_rem(i as u32);
                let (k, steps) = per_dir.div_rem(rest);
                let (piece, d) = (from[p as usize], dirs[k as usize]);
                let dist = steps + 1;
                v.slide_at(*kind, distance, (&tests.0, &tests.1), piece, d, dist)
            }
        }
    }
}

/// A two-step turn whose second step is a placement.
struct Pair<'a> {
    turn: &'a Turn,
    r0: &'a StepRule,
    r1: &'a StepRule,
    /// 1 when the first step may be left out.
    zero: usize,
}

impl Pair<'_> {
    /// Pairs (first choice, grid position), plus the extras, drawn uniformly and kept
    /// when legal; `None` after the tries all missed. `cells` is scratch space.
    fn draw(
        &self,
        v: &View,
        first: &First,
        extras: &[Move],
        rng: &mut Rng,
        cells: &mut Vec<u8>,
    ) -> Option<Move> {
        let StepRule::Place {
            piece,
            target,
            owner,
        } = self.r1
        else {
            return None;
        };
        let (r0, r1, zero) = (self.r0, self.r1, self.zero);
        let len = v.rules.board.len();
        let extra = extras.len();
        let pairs = (first.len() + zero) * len;
        if pairs + extra == 0 || pairs + extra > u32::MAX as usize {
            return None;
        }
        let per_first = Divisor::new(len as u32);
        cells.clear();
        cells.extend_from_slice(v.cells);
        // The placement after the first step `a`, on the position with it played.
        let after_first = |cells: &mut Vec<u8>, a: Step, c: Cell| {
            movegen::apply_step(v.rules, cells, r0, a, v.mover);
            let after = v.on(cells);
            let ok = after.place_ok(*piece, target, *owner, c);
            cells.copy_from_slice(v.cells);
            ok
        };
        for _ in 0..tries(len) {
            let x = rng.below((pairs + extra) as u32) as usize;
            if x >= pairs {
                return Some(extras[x - pairs]);
            }
            let (i, c) = per_first.div_rem(x as u32);
            let (i, c) = (i as usize, c as Cell);
            let step = if i < zero {
                None
            } else {
                match first.get(v, i - zero) {
                    Some(a) => Some(a),
                    None => continue,
                }
            };
            let ok = if v.rules.glyphs_after_turn {
                // The placement's legality, then the glyphs on the whole turn.
                let placed_ok = match step {
                    None => v.place_ok(*piece, target, *owner, c),
                    Some(a) => after_first(cells, a, c),
                };
                placed_ok
                    && match step {
                        None => glyph_free(v, cells, &[(r1, Step::Place(c))]),
                        Some(a) => glyph_free(v, cells, &[(r0, a), (r1, Step::Place(c))]),
                    }
            } else {
                match step {
                    Some(a) if !self.turn.independent => after_first(cells, a, c),
                    _ => v.place_ok(*piece, target, *owner, c),
                }
            };
            if ok {
                return Some(match step {
                    None => Move::from_steps(&[Step::Place(c)]),
                    Some(a) => Move::Two(a, Step::Place(c)),
                });
            }
        }
        None
    }
}

/// Whether playing `steps` from `v`'s position leaves no glyph around the cells they
/// change (always, unless the game tests glyphs after the whole turn). `scratch` is
/// left holding `v`'s position.
fn glyph_free(v: &View, scratch: &mut Vec<u8>, steps: &[(&StepRule, Step)]) -> bool {
    if !v.rules.glyphs_after_turn {
        return true;
    }
    scratch.clear();
    scratch.extend_from_slice(v.cells);
    for &(rule, step) in steps {
        movegen::apply_step(v.rules, scratch, rule, step, v.mover);
    }
    let ok = movegen::glyph_free_after(v.rules, v.cells, scratch);
    scratch.copy_from_slice(v.cells);
    ok
}

/// A divisor fixed for many divisions (a proposal's index split into its parts, for
/// every try), each done as a multiplication: a division instruction takes tens of
/// cycles, and a sampler's tries made two each.
#[derive(Clone, Copy)]
struct Divisor {
    d: u32,
    /// `ceil(2^64 / d)` (0 for `d` = 1): for `n` < 2^32, `n * magic / 2^64` is `n / d`
    /// rounded down, as `n / d + n * e / 2^64` with `0 <= e < 1` adds less than
    /// `2^-32 < 1 / d` to `n / d`, whose fraction is at most `1 - 1 / d`.
    magic: u64,
}

impl Divisor {
    fn new(d: u32) -> Divisor {
        assert!(d > 0, "a divisor");
        let magic = if d == 1 {
            0
        } else {
            u64::MAX / u64::from(d) + 1
        };
        Divisor { d, magic }
    }

    /// `(n / d, n % d)`.
    #[inline(always)]
    fn div_rem(self, n: u32) -> (u32, u32) {
        let q = if self.d == 1 {
            n
        } else {
            ((u128::from(n) * u128::from(self.magic)) >> 64) as u32
        };
        (q, n - q * self.d)
    }
}

/// How many cells of the board `draw_place` tries for a cell free of a kind.
const FREE_TRIES: usize = 8;

/// How many rejected draws over a grid of `len` positions before listing instead.
fn tries(len: usize) -> usize {
    len / 4 + 8
}

#[cfg(test)]
mod tests {
    use super::Divisor;

    /// The multiplication gives the quotient and remainder of the division for
    /// every divisor of the samplers' sizes and dividends across the whole `u32`
    /// range, at its ends and around multiples of the divisor.
    #[test]
    fn a_divisor_divides_exactly() {
        let mut rng = crate::engine::rng::Rng::new(9);
        let divisors = (1..=2000).chain([4095, 4096, 65_535, 65_536, 1 << 31, u32::MAX]);
        for d in divisors {
            let by = Divisor::new(d);
            let edges = [0, 1, d - 1, d, d.wrapping_add(1), u32::MAX - 1, u32::MAX];
            let multiples = (1..50).flat_map(|k| {
                let m = d.saturating_mul(k);
                [m.saturating_sub(1), m, m.saturating_add(1)]
            });
            let random = (0..200).map(|_| rng.below(u32::MAX));
            for n in edges.into_iter().chain(multiples).chain(random) {
                assert_eq!(by.div_rem(n), (n / d, n % d), "{n} / {d}");
            }
        }
    }
}
