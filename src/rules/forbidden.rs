//! The cells of a small board (up to 64 cells) where glyphs forbid the mover to place,
//! found for all cells at once on bit sets of the board.
//!
//! An anchored glyph (one orientation, anchored at one of its cells that holds the
//! mover's stone) is a conjunction of tests "the cell at this offset from the new
//! stone holds one of these values". On bit sets, a test is the set of cells holding
//! those values rotated by the offset, so an anchor forbids the cells where it fits
//! ANDed with its tests' rotated sets, and most anchors give up after a test or two.
//!
//! An orientation with two cells of the mover's stone gives two anchors that test the
//! same cells: one anchored at each stone, each asking for the mover's stone at the
//! other. They are tested together as a pair, in the first one's frame: a cell `c`
//! passes when it is asked about and the mover has a stone at `c + o`, or when the
//! mover has a stone at `c` and `c + o` is asked about; the other tests are made once
//! for both, and the second anchor's cells are moved back by `o` at the end.
//!
//! When the other colour's anchors are these with the players' stones swapped (glyphs
//! whose colours swap), both colours' cells come from one walk over the anchors, the
//! position's sets and their colour-swapped copies side by side.

use crate::rules::content;

/// A test of one cell as `Forbidden::new` takes it: the cell at `offset` from the
/// anchor holds `value` (or, when `negate`, does not).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Test {
    pub offset: i32,
    pub value: u8,
    pub negate: bool,
}

/// A test packed in a `u16`: bits 0-3 index the set of cells that pass (0-3 the cells
/// holding that content value, 4-7 their complement, 8 every cell), bits 4-9 give the
/// rotation that moves bit `c + offset` to bit `c`.
type Packed = u16;

/// The packed test every cell passes.
const PASS: Packed = 8;

fn pack(t: &Test) -> Packed {
    let set = u16::from(t.value & 3) + if t.negate { 4 } else { 0 };
    set | (t.offset.rem_euclid(64) as u16) << 4
}

/// An anchor tested alone: the cells where it fits and its tests. Most anchors fail at
/// their first or second test, so those two sit here (`PASS` fills in for a missing
/// one) and the others in `Forbidden::rest`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Single {
    fit: u64,
    head: [Packed; 2],
    /// The other tests: `rest[rest.0..rest.1]`.
    rest: (u16, u16),
}

/// Two anchors of one orientation tested together (see the module's doc): the first
/// one's fit and its tests but the one of the mover's stone at `o`, and the rotation
/// that moves bit `c + o` to bit `c`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Pair {
    fit: u64,
    head: Packed,
    rest: (u16, u16),
    turn: u16,
}

/// One anchored glyph, as `Forbidden::new` takes it.
#[derive(Debug, Clone)]
pub struct Anchored {
    /// The glyph (anchors of different glyphs are never paired).
    pub glyph: u16,
    /// The cells where the whole picture lies on the board when anchored there (bit
    /// `c` for cell id `c`); `c + offset` lies in `0..64` for every test.
    pub fit: u64,
    /// The tests of the cells other than the anchor's, the rarest to pass first.
    pub tests: Vec<Test>,
}

/// The anchors of one colour's glyphs, packed for finding the cells they forbid.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Forbidden {
    singles: Vec<Single>,
    pairs: Vec<Pair>,
    rest: Vec<Packed>,
    /// The content value of the mover's stone (pairs look for it).
    stone: u8,
}

impl Forbidden {
    /// The packed form of `anchors`, all anchored at a cell that holds the mover's
    /// stone `stone` (`None`: anchored anywhere, so never paired), or `None` if the
    /// tests overflow the 16-bit indices.
    pub fn new(anchors: &[Anchored], stone: Option<u8>) -> Option<Forbidden> {
        let mut f = Forbidden {
            stone: stone.unwrap_or(0),
            ..Forbidden::default()
        };
        let mut paired = vec![false; anchors.len()];
        for (i, a) in anchors.iter().enumerate() {
            if paired[i] {
                continue;
            }
            let partner = stone.and_then(|s| {
                a.tests.iter().enumerate().find_map(|(k, t)| {
                    if t.value != s || t.negate {
                        return None;
                    }
                    let j = (i + 1..anchors.len())
                        .find(|&j| !paired[j] && mirrors(a, &anchors[j], t.offset, s))?;
                    Some((j, k, t.offset))
                })
            });
            match partner {
                Some((j, k, o)) => {
                    paired[j] = true;
                    let mut tests: Vec<Packed> = a.tests.iter().map(pack).collect();
                    tests.remove(k);
                    let head = tests.first().copied().unwrap_or(PASS);
                    let rest = f.add_rest(tests.get(1..).unwrap_or(&[]))?;
                    f.pairs.push(Pair {
                        fit: a.fit,
                        head,
                        rest,
                        turn: o.rem_euclid(64) as u16,
                    });
                }
                None => {
                    let tests: Vec<Packed> = a.tests.iter().map(pack).collect();
                    let head = [0, 1].map(|i| tests.get(i).copied().unwrap_or(PASS));
                    let rest = f.add_rest(tests.get(2..).unwrap_or(&[]))?;
                    f.singles.push(Single {
                        fit: a.fit,
                        head,
                        rest,
                    });
                }
            }
        }
        Some(f)
    }

    fn add_rest(&mut self, tests: &[Packed]) -> Option<(u16, u16)> {
        let from = u16::try_from(self.rest.len()).ok()?;
        self.rest.extend_from_slice(tests);
        Some((from, u16::try_from(self.rest.len()).ok()?))
    }

    /// These anchors with the two players' stones (content values 1 and 2) swapped:
    /// when it equals the other colour's `Forbidden`, `cells_and_swapped` finds both
    /// colours' cells in one pass.
    pub fn colours_swapped(&self) -> Forbidden {
        // A test's set is a content value, or 4 + one for its complement (8: every
        // cell, whose low bits are 0).
        let swap = |t: Packed| t & !3 | u16::from(content::swap_players((t & 3) as u8));
        Forbidden {
            singles: self
                .singles
                .iter()
                .map(|a| Single {
                    head: a.head.map(swap),
                    ..*a
                })
                .collect(),
            pairs: self
                .pairs
                .iter()
                .map(|p| Pair {
                    head: swap(p.head),
                    ..*p
                })
                .collect(),
            rest: self.rest.iter().map(|&t| swap(t)).collect(),
            stone: content::swap_players(self.stone),
        }
    }

    /// `[self.cells(by_value, among), self.colours_swapped().cells(by_value, among)]`,
    /// found together: both colours' anchors read the same tests and rotations, so
    /// each is loaded once and the two colours' sets travel side by side (the search's
    /// estimate asks for both colours' cells of every new position).
    pub fn cells_and_swapped(&self, by_value: &[u64; 4], among: u64) -> [u64; 2] {
        let swapped =
            std::array::from_fn(|v| by_value[usize::from(content::swap_players(v as u8))]);
        self.scan([by_value, &swapped], among)
    }

    /// The cells of `among` where placing the mover's stone forms a glyph, given the
    /// cells holding each content value (`by_value[v]`, bit `c` for cell id `c`).
    pub fn cells(&self, by_value: &[u64; 4], among: u64) -> u64 {
        self.scan([by_value], among)[0]
    }

    /// `cells` for `L` positions at once, each given by its cells holding each value:
    /// the anchors' tests are read once for all, and an anchor gives up when it fails
    /// in every position.
    #[inline(always)]
    fn scan<const L: usize>(&self, by_value: [&[u64; 4]; L], among: u64) -> [u64; L] {
        type Lanes<const L: usize> = [u64; L];
        // The cells holding each value, their complements (for negated tests), and
        // every cell (for `PASS`), per position.
        let mut sets = [[0u64; L]; 16];
        for (k, v) in by_value.iter().enumerate() {
            for i in 0..4 {
                sets[i][k] = v[i];
                sets[i + 4][k] = !v[i];
            }
            sets[8][k] = !0;
        }
        let and = |a: Lanes<L>, b: Lanes<L>| std::array::from_fn(|k| a[k] & b[k]);
        let none = |a: Lanes<L>| a.iter().fold(0, |m, x| m | x) == 0;
        // Cell c passes when cell c + offset holds an accepted value. A rotation is
        // exact here: `fit` keeps c + offset within 0..64 for every c it holds.
        let pass = |t: Packed| sets[usize::from(t & 15)].map(|x| x.rotate_right(u32::from(t >> 4)));
        let rest = |r: (u16, u16), mut at: Lanes<L>| {
            for &t in &self.rest[usize::from(r.0)..usize::from(r.1)] {
                at = and(at, pass(t));
                if none(at) {
                    break;
                }
            }
            at
        };
        let mut out = [0; L];
        for a in &self.singles {
            let mut at = and([a.fit & among; L], pass(a.head[0]));
            if none(at) {
                continue;
            }
            at = and(at, pass(a.head[1]));
            if none(at) {
                continue;
            }
            let at = rest(a.rest, at);
            for k in 0..L {
                out[k] |= at[k];
            }
        }
        let stones = sets[usize::from(self.stone & 3)];
        for p in &self.pairs {
            let turn = u32::from(p.turn);
            // Asked about at c with the stone at c + o; the stone at c, asked at c + o.
            let first = stones.map(|x| among & x.rotate_right(turn));
            let among_turned = among.rotate_right(turn);
            let second = stones.map(|x| x & among_turned);
            let fs = std::array::from_fn(|k| p.fit & (first[k] | second[k]));
            let mut at = and(fs, pass(p.head));
            if none(at) {
                continue;
            }
            at = rest(p.rest, at);
            for k in 0..L {
                out[k] |= at[k] & first[k] | (at[k] & second[k]).rotate_left(turn);
            }
        }
        out
    }
}

/// Whether `b` is the anchor of `a`'s orientation at `a`'s mover's stone at `o`: the
/// same glyph, the same tests seen from there (with `a`'s own cell as the stone at
/// `-o`), and the same fit moved by `o`.
fn mirrors(a: &Anchored, b: &Anchored, o: i32, stone: u8) -> bool {
    let seen_from = |tests: &[Test], shift: i32, own: i32| {
        let mut v: Vec<(i32, u8, bool)> = tests
            .iter()
            .map(|t| (t.offset - shift, t.value, t.negate))
            .chain([(own, stone, false)])
            .collect();
        v.sort_unstable();
        v
    };
    let moved = match o {
        1..=63 if a.fit >> (64 - o) == 0 => a.fit << o,
        -63..=-1 if a.fit << (64 + o) == 0 => a.fit >> -o,
        _ => return false,
    };
    a.glyph == b.glyph && moved == b.fit && seen_from(&a.tests, o, -o) == seen_from(&b.tests, 0, 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A SplitMix64 stream.
    fn stream(mut x: u64) -> impl FnMut() -> u64 {
        move || {
            x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        }
    }

    /// The cells one anchor forbids, test by test and cell by cell.
    fn one_by_one(a: &Anchored, by_value: &[u64; 4], among: u64) -> u64 {
        (0..64)
            .filter(|&c| a.fit >> c & 1 == 1 && among >> c & 1 == 1)
            .filter(|&c| {
                a.tests.iter().all(|t| {
                    let at = c + t.offset;
                    let holds = (0..64).contains(&at) && by_value[t.value as usize] >> at & 1 == 1;
                    holds != t.negate
                })
            })
            .fold(0, |out, c| out | 1 << c)
    }

    /// Random orientations on an 8x8 board, each anchored at both of its mover's
    /// stones: the packed form pairs them and finds the same cells as testing every
    /// anchor alone, cell by cell.
    #[test]
    fn pairs_find_what_their_anchors_find_alone() {
        let mut next = stream(11);
        let width = 8;
        for round in 0..40 {
            let mut anchors = Vec::new();
            for glyph in 0..6u16 {
                // A picture in a 3x3 box: two mover's stones and some other tests.
                let mut cells: Vec<(i32, i32, u8, bool)> = Vec::new();
                while cells.len() < 2 + (next() % 4) as usize {
                    let (x, y) = ((next() % 3) as i32, (next() % 3) as i32);
                    if cells.iter().all(|c| (c.0, c.1) != (x, y)) {
                        let stone = cells.len() < 2;
                        let value = if stone { 1 } else { (next() % 3) as u8 };
                        cells.push((x, y, value, !stone && next().is_multiple_of(4)));
                    }
                }
                let fit_at = |ax: i32, ay: i32| {
                    let mut fit = 0u64;
                    for y in 0..width {
                        for x in 0..width {
                            let inside = cells.iter().all(|c| {
                                (0..width).contains(&(x + c.0 - ax))
                                    && (0..width).contains(&(y + c.1 - ay))
                            });
                            if inside {
                                fit |= 1 << (y * width + x);
                            }
                        }
                    }
                    fit
                };
                for &(ax, ay, ..) in &cells[..2] {
                    let tests = cells
                        .iter()
                        .filter(|c| (c.0, c.1) != (ax, ay))
                        .map(|&(x, y, value, negate)| Test {
                            offset: (y - ay) * width + (x - ax),
                            value,
                            negate,
                        })
                        .collect();
                    anchors.push(Anchored {
                        glyph,
                        fit: fit_at(ax, ay),
                        tests,
                    });
                }
            }
            let f = Forbidden::new(&anchors, Some(1)).unwrap();
            assert_eq!(f.pairs.len(), 6, "round {round}: every orientation paired");
            assert!(f.singles.is_empty());
            let alone = Forbidden::new(&anchors, None).unwrap();
            assert_eq!(alone.singles.len(), 12);
            for _ in 0..50 {
                let a = next() & next();
                let b = next() & next() & !a;
                let by_value = [!(a | b), a, b, 0];
                let among = next() | next();
                let want = anchors
                    .iter()
                    .fold(0, |out, x| out | one_by_one(x, &by_value, among));
                assert_eq!(f.cells(&by_value, among), want, "round {round}");
                assert_eq!(alone.cells(&by_value, among), want, "round {round}");
            }
        }
    }
}
