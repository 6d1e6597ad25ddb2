//! Cell conditions evaluated on every cell at once: the board's cells that meet a
//! step's condition (`no pawn and not enemy disk`), as one bit set made from the
//! position's bit planes with a few word operations per term of the condition. The
//! samplers count and draw the placements and slides of a step from such sets
//! instead of testing proposed cells one at a time (`engine::slides`,
//! `engine::sample`).
//!
//! A set holds exactly the cells for which [`View::cell_ok`](crate::engine::movegen::View::cell_ok) holds (the tests compare
//! the two on random conditions and positions).

use crate::engine::grid_bits::{by_words, Bits};
use crate::engine::planes::Planes;
use crate::rules::content;
use crate::rules::{CellPred, Rules};

/// The cells of the board meeting `p` for `mover`, read from `planes` (the
/// position's, kept with it).
pub fn cells_meeting<const W: usize>(
    rules: &Rules,
    planes: &Planes,
    mover: u8,
    p: &CellPred,
) -> Bits<W> {
    let on = Bits::<W>::load(rules.board.on_words());
    if let CellPred::Table(t) = p {
        if let Some((_, regions, allowed)) = t.product(mover) {
            // The usual condition: each kind read allows some contents (a plane or two
            // kept or taken away), each region set read the cells inside it, outside it
            // or both.
            let mut set = on;
            for op in &allowed.ops[..usize::from(allowed.nops)] {
                let plane = Bits::<W>::load(planes.of_content(usize::from(op.kind), op.content));
                set = if op.keep {
                    set.and(plane)
                } else {
                    set.minus(plane)
                };
            }
            for (r, (&mask, &a)) in regions.iter().zip(&allowed.regions).enumerate() {
                let inside = || match t.inside(r) {
                    Some(words) => Bits::<W>::load(words),
                    None => {
                        let mut inside = Bits::<W>::EMPTY;
                        rules.board.add_regions_to(mask, &mut inside.0);
                        inside
                    }
                };
                set = match a {
                    0b11 => set,
                    0b10 => set.and(inside()),
                    0b01 => set.minus(inside()),
                    _ => Bits::EMPTY,
                };
            }
            return set;
        }
    }
    on.and(term(rules, planes, mover, p, on))
}

/// `cells_meeting` as words (as many as `Board::on_words`), for callers that do not
/// work on fixed-width sets.
pub fn cell_words(rules: &Rules, planes: &Planes, mover: u8, p: &CellPred) -> Vec<u64> {
    fn words<const W: usize>(rules: &Rules, planes: &Planes, mover: u8, p: &CellPred) -> Vec<u64> {
        let set = cells_meeting::<W>(rules, planes, mover, p);
        set.0[..rules.board.on_words().len()].to_vec()
    }
    by_words!(rules.board.len(), words(rules, planes, mover, p))
}

/// Whether two conditions are the same (for tables, one shared table, or the same
/// values of the same reads: cheaper than comparing the trees they were made from).
pub fn same_condition(a: &CellPred, b: &CellPred) -> bool {
    match (a, b) {
        _ if std::ptr::eq(a, b) => true,
        (CellPred::Table(x), CellPred::Table(y)) => {
            std::sync::Arc::ptr_eq(x, y) || x.same_values(y)
        }
        _ => a == b,
    }
}

/// `p`'s cells; those off the board may be among them (the caller masks them off).
fn term<const W: usize>(
    rules: &Rules,
    planes: &Planes,
    mover: u8,
    p: &CellPred,
    on: Bits<W>,
) -> Bits<W> {
    let plane = |k: usize, code: u8| Bits::<W>::load(planes.holding(k, code));
    match p {
        CellPred::Empty => {
            (0..rules.pieces.len()).fold(on, |free, k| free.minus(Bits::load(planes.occupied(k))))
        }
        CellPred::No(k) => on.minus(Bits::load(planes.occupied(*k))),
        CellPred::Own(k) => plane(*k, content::of_player(mover)),
        CellPred::Enemy(k) => plane(*k, content::opponent_of(mover)),
        CellPred::Any(k) => Bits::load(planes.occupied(*k)),
        CellPred::In(mask) => {
            let mut b = Bits::<W>::EMPTY;
            rules.board.add_regions_to(*mask, &mut b.0);
            b
        }
        CellPred::Not(x) => on.minus(term(rules, planes, mover, x, on)),
        CellPred::And(v) => v
            .iter()
            .fold(on, |all, x| all.and(term(rules, planes, mover, x, on))),
        CellPred::Or(v) => v.iter().fold(Bits::EMPTY, |any, x| {
            any.or(term(rules, planes, mover, x, on))
        }),
        CellPred::Table(t) => term(rules, planes, mover, &t.tree, on),
    }
}
