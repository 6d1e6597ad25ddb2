//! Slides (`slide P through ... onto ...`) counted and drawn exactly, without
//! proposing (piece, direction, distance) triples that are mostly refused.
//!
//! The cells a slide may pass and those it may stop on are two bit sets made once
//! from the position's planes (`cell_sets`): passed cells meet `through`; a stop
//! meets `onto` and holds no piece of the sliding kind but an enemy one (the rule
//! of `View::slides_by`). Each movable piece's ray in each direction is then walked
//! with a bit test or two per cell, counting its stops within the distance the rule
//! allows, up to the first cell that may not be passed. The number of slides is the
//! sum of the counts, so one uniform draw over them (and "no slide", where the slide
//! is optional) is a uniform slide; its ray is walked again to its stop.
//!
//! This needs the position's planes (`View::planes`); the callers fall back on the
//! generic generator without them.

use crate::engine::cell_sets::{cells_meeting, same_condition};
use crate::engine::grid_bits::{by_words, each_bit, Bits};
use crate::engine::movegen::View;
use crate::engine::moves::Step;
use crate::engine::rng::Rng;
use crate::rules::board::{Cell, Rays};
use crate::rules::content;
use crate::rules::{CellPred, Distance};
use std::cell::RefCell;

/// A slide step's rule: the piece kind, how far, and the two cell conditions.
#[derive(Clone, Copy)]
pub struct SlideRule<'a> {
    pub kind: usize,
    pub distance: &'a Distance,
    pub through: &'a CellPred,
    pub onto: &'a CellPred,
}

/// The slides of one piece along one direction: how many stops the ray has.
#[derive(Clone, Copy)]
struct Ray {
    from: Cell,
    dir: u8,
    count: u16,
}

thread_local! {
    static RAYS: RefCell<Vec<Ray>> = const { RefCell::new(Vec::new()) };
}

/// What a uniform draw over a step's choices and `others` more found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drawn {
    /// There was no choice at all.
    Nothing,
    /// The `i`-th of the other choices (a slide left out, the swap, a pass).
    Other(u32),
    /// A step of the rule.
    Step(Step),
}

/// A uniformly random slide of `rule` for the mover of `v`, or one of `others` more
/// choices, each as likely as each slide. `v` must have the position's planes.
pub fn draw(v: &View, rule: SlideRule, others: u32, rng: &mut Rng) -> Drawn {
    by_words!(v.rules.board.len(), draw_in(v, rule, others, rng))
}

/// Every slide of `rule` for the mover of `v`, appended to `out` (the slides
/// `View::slide_options` lists, in the same order). `v` must have the planes.
pub fn list(v: &View, rule: SlideRule, out: &mut Vec<Step>) {
    by_words!(v.rules.board.len(), list_in(v, rule, out))
}

/// The sets a slide reads: the movable pieces, the cells it may pass, and those it
/// may stop on; and whether those two are the same set (the usual rule: then a
/// piece's slides in a direction are the cells it passes, counted by one run).
struct Sets<const W: usize> {
    movable: Bits<W>,
    pass: Bits<W>,
    stop: Bits<W>,
    same: bool,
}

/// A direction as a walk reads it: `(dx, dy)`, how a cell's id changes along it, and
/// its column of the board's reach table.
#[derive(Clone, Copy)]
struct Way {
    d: (i32, i32),
    by: i32,
    column: usize,
}

/// The board's directions as walks read them (at most 8).
fn ways(v: &View) -> ([Way; 8], usize) {
    let b = &v.rules.board;
    let mut out = [Way {
        d: (0, 0),
        by: 0,
        column: 4,
    }; 8];
    for (w, &(dx, dy)) in out.iter_mut().zip(b.directions()) {
        *w = Way {
            d: (dx, dy),
            by: dy * b.width as i32 + dx,
            column: ((dx + 1) * 3 + dy + 1) as usize,
        };
    }
    (out, b.directions().len().min(8))
}

#[inline(always)]
fn has<const W: usize>(s: &Bits<W>, c: usize) -> bool {
    s.0[c / 64] >> (c % 64) & 1 == 1
}

impl<const W: usize> Sets<W> {
    #[inline(always)]
    fn of(v: &View, rule: &SlideRule) -> Sets<W> {
        let planes = v.planes.expect("slides counted on the position's planes");
        let rules = v.rules;
        let kind = rule.kind;
        let own = Bits::<W>::load(planes.holding(kind, content::of_player(v.mover)));
        let neutral = Bits::<W>::load(planes.holding(kind, content::NEUTRAL));
        let mut movable = own.or(neutral);
        if rules.pieces[kind].frozen_on_own_edges {
            let edges = Bits::<W>::load(&rules.connect.own_words[v.mover as usize]);
            movable = movable.minus(own.and(edges));
        }
        let pass = cells_meeting::<W>(rules, planes, v.mover, rule.through);
        let onto = if same_condition(rule.through, rule.onto) {
            pass
        } else {
            cells_meeting::<W>(rules, planes, v.mover, rule.onto)
        };
        // A stop holds no piece of the kind, or an enemy one.
        let taken = Bits::<W>::load(planes.occupied(kind));
        let enemy = Bits::<W>::load(planes.holding(kind, content::opponent_of(v.mover)));
        let stop = onto.minus(taken.minus(enemy));
        Sets {
            movable,
            pass,
            stop,
            same: stop == pass,
        }
    }

    /// The distances a slide from `from` along `way` may go (at least 1), within
    /// the board.
    #[inline(always)]
    fn range(v: &View, rule: &SlideRule, from: Cell, way: &Way) -> (u32, u32) {
        let reach = v.rules.board.reach_in_column(from, way.column);
        match rule.distance {
            Distance::Any => (1, reach),
            _ => {
                let (lo, hi) = v.slide_range(rule.distance, from, way.d);
                (lo.max(1), hi.min(reach))
            }
        }
    }

    /// How many cells from `from` along `way` (the `dir`-th direction) may be
    /// passed, one after another, up to `last`: from the first cell of the ray that
    /// may not be passed, where the board keeps its rays, else cell by cell.
    #[inline(always)]
    fn run(&self, v: &View, from: Cell, (dir, way): (usize, &Way), last: u32) -> u32 {
        if let Some(rays) = v.rules.board.rays() {
            return run_on_ray(rays, &self.pass, from, dir).min(last);
        }
        let mut c = usize::from(from);
        let mut n = 0;
        while n < last {
            c = c.wrapping_add(way.by as usize);
            if !has(&self.pass, c) {
                break;
            }
            n += 1;
        }
        n
    }

    /// The number of slides from `from` along `way` (the `dir`-th direction).
    #[inline(always)]
    fn count(&self, v: &View, rule: &SlideRule, from: Cell, (dir, way): (usize, &Way)) -> u32 {
        let (lo, hi) = Self::range(v, rule, from, way);
        if lo > hi {
            return 0;
        }
        if self.same {
            // Every cell passed is a stop, and the first that may not be passed is not.
            return (self.run(v, from, (dir, way), hi) + 1).saturating_sub(lo);
        }
        let mut n = 0;
        self.each_stop(from, way, (lo, hi), |_| {
            n += 1;
            false
        });
        n
    }

    /// Calls `f` with each stop from `from` along `way` at a distance in `lo..=hi`,
    /// in order, until `f` says to stop.
    #[inline(always)]
    fn each_stop(
        &self,
        from: Cell,
        way: &Way,
        (lo, hi): (u32, u32),
        mut f: impl FnMut(Cell) -> bool,
    ) {
        let mut c = usize::from(from);
        for dist in 1..=hi {
            c = c.wrapping_add(way.by as usize);
            if dist >= lo && has(&self.stop, c) && f(c as Cell) {
                return;
            }
            if !has(&self.pass, c) {
                return;
            }
        }
    }

    /// The `i`-th slide from `from` along `way` (`i` below its count).
    fn nth(&self, v: &View, rule: &SlideRule, from: Cell, way: &Way, i: u32) -> Cell {
        let (lo, hi) = Self::range(v, rule, from, way);
        if self.same {
            let c = i32::from(from) + (lo + i) as i32 * way.by;
            return c as Cell;
        }
        let mut k = 0;
        let mut to = None;
        self.each_stop(from, way, (lo, hi), |c| {
            if k == i {
                to = Some(c);
                return true;
            }
            k += 1;
            false
        });
        to.expect("a stop per count")
    }
}

/// `draw` on sets of `W` words. Out of line, one copy a width: inlined into `draw`,
/// the copies' sets (up to 64 words each) shared one frame of more than a page,
/// probed and set up on every call.
#[inline(never)]
fn draw_in<const W: usize>(v: &View, rule: SlideRule, zero: u32, rng: &mut Rng) -> Drawn {
    let sets = Sets::<W>::of(v, &rule);
    let range = match *rule.distance {
        Distance::Any => Some((1, u32::MAX)),
        Distance::UpTo(n) => Some((1, n)),
        Distance::Exactly(n) => Some((n.max(1), n)),
        Distance::LineCount { .. } => None,
    };
    if let (Some(range), Some(rays)) = (range, v.rules.board.rays()) {
        if let Some(drawn) = draw_by_reach(rays, &sets, range, zero, rng) {
            return drawn;
        }
    }
    draw_exact(v, rule, &sets, zero, rng)
}

/// `draw_in` from the exact count of every ray's slides (distances that differ by
/// ray, boards without rays, or the rejection's tries all missed). Out of line: its
/// list of rays would otherwise widen the frame of the rejection's loop.
#[inline(never)]
fn draw_exact<const W: usize>(
    v: &View,
    rule: SlideRule,
    sets: &Sets<W>,
    zero: u32,
    rng: &mut Rng,
) -> Drawn {
    let (ways, nways) = ways(v);
    let ways = &ways[..nways];
    RAYS.with(|rays| {
        let rays = &mut *rays.borrow_mut();
        rays.clear();
        let mut total = 0u32;
        each_bit(&sets.movable.0, |from| {
            let from = from as Cell;
            for (i, way) in ways.iter().enumerate() {
                let count = sets.count(v, &rule, from, (i, way));
                if count > 0 {
                    rays.push(Ray {
                        from,
                        dir: i as u8,
                        count: count as u16,
                    });
                    total += count;
                }
            }
        });
        if total + zero == 0 {
            return Drawn::Nothing;
        }
        let mut x = rng.below(total + zero);
        if x < zero {
            return Drawn::Other(x);
        }
        x -= zero;
        for ray in rays.iter() {
            let count = u32::from(ray.count);
            if x < count {
                let to = sets.nth(v, &rule, ray.from, &ways[ray.dir as usize], x);
                return Drawn::Step(Step::Move { from: ray.from, to });
            }
            x -= count;
        }
        unreachable!("the draw is below the total")
    })
}

/// The tries of a rejection draw before the exact count draws instead.
const TRIES: usize = 16;

/// The most movable pieces a rejection draw takes (more: the exact count).
const PIECES: usize = 16;

/// `draw_in` by rejection, where the distances allowed are the same for every ray
/// (`lo..=hi`) and the board keeps its rays: the candidates are every (piece,
/// direction, distance) that stays on the board, drawn uniformly and kept when the
/// slide is legal, so each legal slide has the same chance per try. Most candidates
/// of a piece in the open are legal, and a try reads the few cells of one slide,
/// where counting the legal ones reads every ray to its first blocked cell. `None`
/// after `TRIES` misses (or with more than `PIECES` pieces), for the exact count to
/// draw instead: a mixture of uniform draws over the same moves is uniform.
#[inline(always)]
fn draw_by_reach<const W: usize>(
    rays: &Rays,
    sets: &Sets<W>,
    (lo, hi): (u32, u32),
    zero: u32,
    rng: &mut Rng,
) -> Option<Drawn> {
    let dirs = rays.dirs();
    // The candidates of a ray: its distances from `lo` to its length or `hi`; of a
    // piece: those of its rays, all distances counted by the board.
    let of_ray = |from: Cell, dir: usize| (rays.reach(from, dir).min(hi) + 1).saturating_sub(lo);
    let every = lo == 1 && hi == u32::MAX;
    let of_piece = |from: Cell| {
        if every {
            rays.all(from)
        } else {
            (0..dirs).map(|dir| of_ray(from, dir)).sum()
        }
    };
    // Per piece: its cell and candidates (at most `PIECES` pieces).
    let mut froms = [0 as Cell; PIECES];
    let mut counts = [0u32; PIECES];
    let (mut n, mut total) = (0, 0u32);
    for w in 0..W {
        let mut bits = sets.movable.0[w];
        while bits != 0 {
            if n == PIECES {
                return None;
            }
            let from = (w * 64) as Cell + bits.trailing_zeros() as Cell;
            bits &= bits - 1;
            let k = of_piece(from);
            froms[n] = from;
            counts[n] = k;
            total += k;
            n += 1;
        }
    }
    if total + zero == 0 {
        return None;
    }
    if every {
        let pieces = (&froms[..n], &counts[..n], total);
        return if sets.same {
            tries_every::<W, true>(rays, sets, pieces, zero, rng)
        } else {
            tries_every::<W, false>(rays, sets, pieces, zero, rng)
        };
    }
    for _ in 0..TRIES {
        let (p, mut x) = match candidate(&counts, total, zero, rng) {
            Ok(c) => c,
            Err(i) => return Some(Drawn::Other(i)),
        };
        let from = froms[p];
        let mut dir = 0;
        loop {
            let k = of_ray(from, dir);
            if x < k {
                break;
            }
            x -= k;
            dir += 1;
        }
        let by = rays.by(dir) as isize;
        let dist = lo + x;
        let mut c = usize::from(from);
        let passed = (1..dist).all(|_| {
            c = c.wrapping_add_signed(by);
            has(&sets.pass, c)
        });
        c = c.wrapping_add_signed(by);
        if passed && has(&sets.stop, c) {
            return Some(Drawn::Step(Step::Move {
                from,
                to: c as Cell,
            }));
        }
    }
    None
}

/// A try's candidate among `total` (per piece: `counts`) and `zero` other choices
/// drawn first: `Err(i)` for the `i`-th other choice, else the piece's index and the
/// candidate's among the piece's.
#[inline(always)]
fn candidate(counts: &[u32], total: u32, zero: u32, rng: &mut Rng) -> Result<(usize, u32), u32> {
    let x = rng.below(total + zero);
    if x < zero {
        return Err(x);
    }
    let mut x = x - zero;
    let mut p = 0;
    while x >= counts[p] {
        x -= counts[p];
        p += 1;
    }
    Ok((p, x))
}

/// `draw_by_reach`'s tries where every distance is allowed (`pieces`: the movable
/// pieces' cells, their candidates, and the candidates' total; `SAME`: whether the
/// stops are the cells passed). A try's move is read from the board's table; the
/// cells from the first after `from` to `to` are the ray of `from` less that of `to`:
/// all may be passed, `to` a stop (where the stops are the cells passed, one more
/// cell passed). No branch per direction or cell on where the draw fell (a sampled
/// profile showed those mispredicting).
#[inline(always)]
fn tries_every<const W: usize, const SAME: bool>(
    rays: &Rays,
    sets: &Sets<W>,
    (froms, counts, total): (&[Cell], &[u32], u32),
    zero: u32,
    rng: &mut Rng,
) -> Option<Drawn> {
    let table = rays.words::<W>();
    let dirs = rays.dirs();
    for _ in 0..TRIES {
        let (p, x) = match candidate(counts, total, zero, rng) {
            Ok(c) => c,
            Err(i) => return Some(Drawn::Other(i)),
        };
        let from = froms[p];
        let (dir, to) = rays.nth_move(from, x);
        let (a, b) = (
            &table[usize::from(from) * dirs + dir],
            &table[usize::from(to) * dirs + dir],
        );
        let t = usize::from(to);
        let mut bad = 0;
        for w in 0..W {
            let out = a[w] & !b[w] & !sets.pass.0[w];
            bad |= if !SAME && w == t / 64 {
                out & !(1 << (t % 64))
            } else {
                out
            };
        }
        if bad == 0 && (SAME || has(&sets.stop, t)) {
            return Some(Drawn::Step(Step::Move { from, to }));
        }
    }
    None
}

/// How many cells of the ray of `from` along the `dir`-th direction are in `pass`,
/// one after another from the first: the ray's cells before its first cell not in
/// `pass` (the ray's cells beyond that one are as many as its own ray's).
#[inline(always)]
fn run_on_ray<const W: usize>(rays: &Rays, pass: &Bits<W>, from: Cell, dir: usize) -> u32 {
    let (ray, reach) = rays.of(from, dir);
    let blocked = Bits::<W>::load(ray).minus(*pass);
    let first = if rays.by(dir) > 0 {
        blocked.first()
    } else {
        blocked.last()
    };
    match first {
        Some(c) => reach - rays.reach(c as Cell, dir) - 1,
        None => reach,
    }
}

fn list_in<const W: usize>(v: &View, rule: SlideRule, out: &mut Vec<Step>) {
    let sets = Sets::<W>::of(v, &rule);
    let (ways, nways) = ways(v);
    each_bit(&sets.movable.0, |from| {
        let from = from as Cell;
        for way in &ways[..nways] {
            let range = Sets::<W>::range(v, &rule, from, way);
            sets.each_stop(from, way, range, |to| {
                out.push(Step::Move { from, to });
                false
            });
        }
    });
}
