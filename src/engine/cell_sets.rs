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
        if let Some((kinds, regions, allowed)) = t.product(mover) {
            // The usual condition: each kind read allows some contents, each region
            // set read the cells inside it, outside it or both.
            let mut set = on;
            for (&k, &a) in kinds.iter().zip(&allowed.kinds) {
                set = set.and(holding_one_of(planes, usize::from(k), a, on));
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

/// Whether two conditions are the same (for tables, the same values of the same
/// reads: cheaper than comparing the trees they were made from).
pub fn same_condition(a: &CellPred, b: &CellPred) -> bool {
    match (a, b) {
        _ if std::ptr::eq(a, b) => true,
        (CellPred::Table(x), CellPred::Table(y)) => x.same_values(y),
        _ => a == b,
    }
}

/// The cells of the board whose content in layer `k` is one of `allowed` (bit `v`
/// for content `v`): a plane or two for the usual ones.
#[inline(always)]
fn holding_one_of<const W: usize>(planes: &Planes, k: usize, allowed: u8, on: Bits<W>) -> Bits<W> {
    let plane = |code: u8| Bits::<W>::load(planes.holding(k, code));
    let occupied = || Bits::<W>::load(planes.occupied(k));
    const EMPTY: u8 = 1 << content::EMPTY;
    match allowed {
        0 => Bits::EMPTY,
        EMPTY => on.minus(occupied()),
        0b1110 => occupied(),
        0b1111 => on,
        // One content, a piece: its plane.
        a if a & EMPTY == 0 && a.count_ones() == 1 => plane(a.trailing_zeros() as u8),
        // All but one content, a piece: the board without its plane.
        a if a & EMPTY != 0 && a.count_ones() == 3 => {
            on.minus(plane((!a & 0b1110).trailing_zeros() as u8))
        }
        a if a & EMPTY != 0 => [1u8, 2, 3]
            .into_iter()
            .filter(|&c| a >> c & 1 == 0)
            .fold(on, |set, c| set.minus(plane(c))),
        a => [1u8, 2, 3]
            .into_iter()
            .filter(|&c| a >> c & 1 == 1)
            .fold(Bits::EMPTY, |set, c| set.or(plane(c))),
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
