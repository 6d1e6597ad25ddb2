//! A cell condition compiled to a truth table over what it reads, so that move
//! generation tests a cell with a few loads and one bit lookup instead of walking the
//! condition's tree (`no pawn and not enemy disk` is an `and` of a `no` and a `not`).
//!
//! What a condition reads on a cell is the content of some piece kinds (each 2 bits,
//! see [`content`](super::content)) and whether the cell lies in some regions (a bit
//! per distinct region set the condition names). Up to three kinds and two region sets
//! make an index of at most 8 bits; the table holds the condition's value at every
//! index, for each player as the mover. Larger conditions keep their tree.

use super::content;
use super::vocab::{CellPred, CellTable, PlaneOp, Product};

use super::vocab::{KINDS, REGION_SETS};

impl CellTable {
    /// The table of `tree` in a game of `kinds` piece kinds, or `None` when it reads
    /// more than a table holds.
    pub fn build(tree: &CellPred, kinds: usize) -> Option<CellTable> {
        let mut read = Vec::new();
        tree.reads(&mut read);
        let mut ks: Vec<u8> = Vec::new();
        for r in read {
            match r {
                None => ks.extend((0..kinds).map(|k| k as u8)),
                Some(k) => ks.push(k as u8),
            }
        }
        ks.sort_unstable();
        ks.dedup();
        let mut sets = Vec::new();
        region_sets(tree, &mut sets);
        if ks.len() > KINDS || sets.len() > REGION_SETS || kinds > 255 {
            return None;
        }
        let mut t = CellTable {
            tree: tree.clone(),
            kinds: [0; KINDS],
            nkinds: ks.len() as u8,
            regions: [0; REGION_SETS],
            nregions: sets.len() as u8,
            bits: [[0; 4]; 2],
            product: [None; 2],
            free_of: None,
            inside: Vec::new(),
        };
        t.kinds[..ks.len()].copy_from_slice(&ks);
        t.regions[..sets.len()].copy_from_slice(&sets);
        let width = 2 * ks.len() + sets.len();
        for mover in 0..2u8 {
            for i in 0..1usize << width {
                let slot = |k: usize| {
                    ks.iter()
                        .position(|&x| usize::from(x) == k)
                        .map_or(0, |j| (i >> (2 * j) & 3) as u8)
                };
                let inside = |mask: u32| {
                    let r = sets.iter().position(|&m| m == mask).expect("a set read");
                    i >> (2 * ks.len() + r) & 1 == 1
                };
                if eval(tree, kinds, mover, &slot, &inside) {
                    t.bits[mover as usize][i >> 6] |= 1 << (i & 63);
                }
            }
            t.product[mover as usize] = t.as_product(mover);
        }
        // Reads one kind and no region, and allows only its empty content, for both.
        let empty_only = |p: &Option<Product>| p.is_some_and(|p| p.kinds[0] == 1 << content::EMPTY);
        if t.nkinds == 1 && t.nregions == 0 && t.product.iter().all(empty_only) {
            t.free_of = Some(t.kinds[0]);
        }
        Some(t)
    }

    /// What each kind and region set read allows, if the table (of `mover`) holds
    /// exactly where each of them allows what the cell has.
    fn as_product(&self, mover: u8) -> Option<Product> {
        let (nk, nr) = (self.nkinds as usize, self.nregions as usize);
        let width = 2 * nk + nr;
        let value = |i: usize| self.bits[mover as usize][i >> 6] >> (i & 63) & 1 == 1;
        let kind = |i: usize, j: usize| i >> (2 * j) & 3;
        let region = |i: usize, r: usize| i >> (2 * nk + r) & 1;
        let mut p = Product {
            kinds: [0; KINDS],
            regions: [0; REGION_SETS],
            ops: [PlaneOp::default(); 2 * KINDS],
            nops: 0,
        };
        for i in (0..1usize << width).filter(|&i| value(i)) {
            for (j, a) in p.kinds.iter_mut().enumerate().take(nk) {
                *a |= 1 << kind(i, j);
            }
            for (r, a) in p.regions.iter_mut().enumerate().take(nr) {
                *a |= 1 << region(i, r);
            }
        }
        let holds = |i: usize| {
            (0..nk).all(|j| p.kinds[j] >> kind(i, j) & 1 == 1)
                && (0..nr).all(|r| p.regions[r] >> region(i, r) & 1 == 1)
        };
        if !(0..1usize << width).all(|i| value(i) == holds(i)) {
            return None;
        }
        for j in 0..nk {
            for (content, keep) in plane_ops(p.kinds[j]) {
                p.ops[usize::from(p.nops)] = PlaneOp {
                    kind: self.kinds[j],
                    content,
                    keep,
                };
                p.nops += 1;
            }
        }
        Some(p)
    }

    /// Notes the cells inside each region set the table reads on `board`.
    pub fn place_on(&mut self, board: &super::board::Board) {
        self.inside = self.regions[..self.nregions as usize]
            .iter()
            .map(|&mask| {
                let mut words = vec![0; board.on_words().len()];
                board.add_regions_to(mask, &mut words);
                words
            })
            .collect();
    }

    /// The cells inside the `r`-th region set the table reads, as bit words (once
    /// `place_on` has run).
    #[inline]
    pub fn inside(&self, r: usize) -> Option<&[u64]> {
        self.inside.get(r).map(Vec::as_slice)
    }

    /// Whether two tables are the same condition: the same reads and the same values
    /// (a cheaper test than comparing the trees they were made from).
    pub fn same_values(&self, other: &CellTable) -> bool {
        self.nkinds == other.nkinds
            && self.kinds == other.kinds
            && self.nregions == other.nregions
            && self.regions == other.regions
            && self.bits == other.bits
    }

    /// The piece kinds and region sets the table reads and, for `mover`, what each
    /// allows, where the table is such a product (see `product`).
    #[inline]
    pub fn product(&self, mover: u8) -> Option<(&[u8], &[u32], &Product)> {
        self.product[mover as usize & 1].as_ref().map(|p| {
            (
                &self.kinds[..self.nkinds as usize],
                &self.regions[..self.nregions as usize],
                p,
            )
        })
    }

    /// The condition's value on the cell with id `cell` of the position `cells` (one
    /// layer of `n` cells per piece kind) for `mover`, the cell lying in the regions
    /// `regions`.
    #[inline]
    pub fn holds(&self, cells: &[u8], n: usize, cell: usize, regions: u32, mover: u8) -> bool {
        let mut i = 0;
        for j in 0..self.nkinds as usize {
            i |= usize::from(cells[usize::from(self.kinds[j]) * n + cell] & 3) << (2 * j);
        }
        let base = 2 * self.nkinds as usize;
        for r in 0..self.nregions as usize {
            i |= usize::from(regions & self.regions[r] != 0) << (base + r);
        }
        self.bits[mover as usize & 1][i >> 6] >> (i & 63) & 1 == 1
    }
}

/// A table read on one position for one mover, with what it reads worked out once:
/// where each piece kind's layer starts and the mover's half of the table. Testing a
/// run of cells (a slide's way) then costs a few loads per cell.
#[derive(Clone, Copy)]
pub struct Probe<'a> {
    /// The layer of each kind read, and the mask of the bits its value takes (for the
    /// places of kinds the table does not read: the first layer and 0, so that every
    /// place is read without a branch and those add nothing).
    layers: [&'a [u8]; KINDS],
    masks: [u8; KINDS],
    nkinds: usize,
    regions: [u32; REGION_SETS],
    nregions: usize,
    bits: &'a [u64; 4],
}

impl CellTable {
    /// The table read on `cells` (one layer of `n` cells per piece kind) for `mover`.
    #[inline]
    pub fn probe<'a>(&'a self, cells: &'a [u8], n: usize, mover: u8) -> Probe<'a> {
        let used = |j: usize| j < self.nkinds as usize;
        let layer = |j: usize| {
            let k = if used(j) {
                usize::from(self.kinds[j])
            } else {
                0
            };
            &cells[k * n..(k + 1) * n]
        };
        Probe {
            layers: std::array::from_fn(layer),
            masks: std::array::from_fn(|j| if used(j) { 3 } else { 0 }),
            nkinds: self.nkinds as usize,
            regions: self.regions,
            nregions: self.nregions as usize,
            bits: &self.bits[mover as usize & 1],
        }
    }
}

impl Probe<'_> {
    /// The condition's value on the cell with id `cell`, lying in the regions `regions`
    /// (as [`CellTable::holds`]).
    #[inline(always)]
    pub fn holds(&self, cell: usize, regions: u32) -> bool {
        let mut i = self.kinds_index(cell);
        let base = 2 * self.nkinds;
        for r in 0..self.nregions {
            i |= usize::from(regions & self.regions[r] != 0) << (base + r);
        }
        self.bits[i >> 6] >> (i & 63) & 1 == 1
    }

    /// The condition's value on the cell with id `cell`, for a table that reads no
    /// region set (see `reads_regions`).
    #[inline(always)]
    pub fn holds_here(&self, cell: usize) -> bool {
        let i = self.kinds_index(cell);
        self.bits[i >> 6] >> (i & 63) & 1 == 1
    }

    /// The part of the table's index that the piece kinds make.
    #[inline(always)]
    fn kinds_index(&self, cell: usize) -> usize {
        let [a, b, c] = self.layers;
        let [ma, mb, mc] = self.masks;
        usize::from(a[cell] & ma) | usize::from(b[cell] & mb) << 2 | usize::from(c[cell] & mc) << 4
    }

    /// Whether the table reads any region set (else `holds` ignores its `regions`).
    #[inline(always)]
    pub fn reads_regions(&self) -> bool {
        self.nregions > 0
    }
}

/// The planes that make the cells of a layer whose content is one of `allowed` (bit
/// `v` for content `v`) from the whole board, as (content, keep) steps (content 0: any
/// piece): at most two.
fn plane_ops(allowed: u8) -> Vec<(u8, bool)> {
    const EMPTY: u8 = 1 << content::EMPTY;
    let pieces = [1u8, 2, 3];
    let missing = || pieces.into_iter().filter(|&c| allowed >> c & 1 == 0);
    match allowed & 0b1111 {
        // Nothing allowed: the pieces and the cells without one.
        0 => vec![(0, true), (0, false)],
        0b1111 => vec![],
        EMPTY => vec![(0, false)],
        a if a & EMPTY != 0 => missing().map(|c| (c, false)).collect(),
        a if a.count_ones() == 1 => vec![(a.trailing_zeros() as u8, true)],
        _ => std::iter::once((0, true))
            .chain(missing().map(|c| (c, false)))
            .collect(),
    }
}

impl CellPred {
    /// Whether the condition holds exactly on the cells without a piece of `kind`
    /// (`no disk`), whoever moves: nothing else is read.
    pub fn is_free_of(&self, kind: usize) -> bool {
        match self {
            CellPred::No(k) => *k == kind,
            CellPred::Table(t) => t.free_of.is_some_and(|k| usize::from(k) == kind),
            _ => false,
        }
    }

    /// The condition as written (a table's tree).
    pub fn tree(&self) -> &CellPred {
        match self {
            CellPred::Table(t) => &t.tree,
            other => other,
        }
    }

    /// The condition compiled to a table where one holds it (else itself), for a game
    /// of `kinds` piece kinds.
    pub fn tabled(&self, kinds: usize) -> CellPred {
        match CellTable::build(self.tree(), kinds) {
            Some(t) => CellPred::Table(std::sync::Arc::new(t)),
            None => self.clone(),
        }
    }
}

/// The distinct region sets `p` names, in order.
fn region_sets(p: &CellPred, out: &mut Vec<u32>) {
    match p {
        CellPred::In(mask) if !out.contains(mask) => out.push(*mask),
        CellPred::Not(x) => region_sets(x, out),
        CellPred::And(v) | CellPred::Or(v) => v.iter().for_each(|x| region_sets(x, out)),
        CellPred::Table(t) => region_sets(&t.tree, out),
        _ => {}
    }
}

/// The definition: `p` on a cell whose kind `k` holds `slot(k)` and that lies in a
/// region set `mask` when `inside(mask)`, for `mover`.
pub fn eval(
    p: &CellPred,
    kinds: usize,
    mover: u8,
    slot: &dyn Fn(usize) -> u8,
    inside: &dyn Fn(u32) -> bool,
) -> bool {
    match p {
        CellPred::Empty => (0..kinds).all(|k| slot(k) == content::EMPTY),
        CellPred::No(k) => slot(*k) == content::EMPTY,
        CellPred::Own(k) => slot(*k) == content::of_player(mover),
        CellPred::Enemy(k) => slot(*k) == content::opponent_of(mover),
        CellPred::Any(k) => slot(*k) != content::EMPTY,
        CellPred::In(mask) => inside(*mask),
        CellPred::Not(x) => !eval(x, kinds, mover, slot, inside),
        CellPred::And(v) => v.iter().all(|x| eval(x, kinds, mover, slot, inside)),
        CellPred::Or(v) => v.iter().any(|x| eval(x, kinds, mover, slot, inside)),
        CellPred::Table(t) => eval(&t.tree, kinds, mover, slot, inside),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A SplitMix64 stream (the rules layer does not use the engine's generator).
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: u32) -> u32 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            ((z ^ (z >> 31)) % u64::from(n)) as u32
        }
    }

    /// A random condition over `kinds` piece kinds and region sets from bits 0-2.
    fn random_tree(rng: &mut Rng, kinds: usize, depth: u32) -> CellPred {
        let k = rng.below(kinds as u32) as usize;
        match rng.below(if depth == 0 { 6 } else { 9 }) {
            0 => CellPred::Empty,
            1 => CellPred::No(k),
            2 => CellPred::Own(k),
            3 => CellPred::Enemy(k),
            4 => CellPred::Any(k),
            5 => CellPred::In(1 + rng.below(7)),
            6 => CellPred::Not(Box::new(random_tree(rng, kinds, depth - 1))),
            7 => CellPred::And((0..2).map(|_| random_tree(rng, kinds, depth - 1)).collect()),
            _ => CellPred::Or((0..3).map(|_| random_tree(rng, kinds, depth - 1)).collect()),
        }
    }

    /// Every table agrees with its condition's tree on random cells, for both movers.
    #[test]
    fn a_table_means_its_condition() {
        let mut rng = Rng(3);
        let n = 10;
        let mut tabled = 0;
        for round in 0..3000 {
            let kinds = 1 + round % 4;
            let tree = random_tree(&mut rng, kinds, 3);
            let Some(t) = CellTable::build(&tree, kinds) else {
                continue;
            };
            tabled += 1;
            let cells: Vec<u8> = (0..kinds * n).map(|_| rng.below(4) as u8).collect();
            for cell in 0..n {
                let regions = rng.below(8);
                let slot = |k: usize| cells[k * n + cell];
                let inside = |mask: u32| regions & mask != 0;
                for mover in 0..2 {
                    assert_eq!(
                        t.holds(&cells, n, cell, regions, mover),
                        eval(&tree, kinds, mover, &slot, &inside),
                        "{tree:?} on {:?}, regions {regions:#b}, mover {mover}",
                        (0..kinds).map(slot).collect::<Vec<_>>()
                    );
                }
            }
        }
        assert!(tabled > 1000, "{tabled} conditions fit a table");
    }

    /// `is_free_of` (worked out when the table is built) holds only for conditions
    /// that mean "no piece of the kind" whatever else a cell holds, in whatever
    /// regions, for both movers, and does for `no K` itself (a condition that means
    /// it while reading other kinds, `not any K or empty`, is not recognised).
    #[test]
    fn free_of_a_kind_is_exactly_no_piece_of_it() {
        let mut rng = Rng(5);
        let (mut yes, mut no) = (0, 0);
        for round in 0..2000 {
            let kinds = 1 + round % 3;
            let tree = match round % 4 {
                0 => CellPred::No(rng.below(kinds as u32) as usize),
                _ => random_tree(&mut rng, kinds, 2),
            };
            let table = tree.tabled(kinds);
            if !matches!(table, CellPred::Table(_)) {
                continue;
            }
            for k in 0..kinds {
                let means_free = (0..4usize.pow(kinds as u32)).all(|i| {
                    let slot = |j: usize| (i >> (2 * j) & 3) as u8;
                    (0..8u32).all(|regions| {
                        let inside = |mask: u32| regions & mask != 0;
                        (0..2).all(|mover| {
                            eval(&tree, kinds, mover, &slot, &inside) == (slot(k) == 0)
                        })
                    })
                });
                let free = table.is_free_of(k);
                assert!(!free || means_free, "{tree:?}, kind {k}");
                assert!(free || tree != CellPred::No(k), "{tree:?}");
                if free {
                    yes += 1;
                } else {
                    no += 1;
                }
            }
        }
        assert!(yes > 100 && no > 100, "{yes} {no}");
    }
}
