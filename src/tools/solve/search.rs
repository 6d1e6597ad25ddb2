//! What both searches share: move codes, position keys, the stop flag and budget, and
//! the counters.
//!
//! Positions are keyed by Zobrist hashing of `State::cells`, the colour to move, the
//! swap's availability and whether it was used; the key is the smallest over the usable
//! symmetries, so a position and its mirror images share one table entry. A finished
//! game is scored as the rule file says: a win for the colour that won, and no winner
//! for a deadlock or a game stopped by a broken claim.

use super::table::{Stored, Table};
use crate::engine::state::{Move, Outcome, State};
use crate::rules::board::Cell;
use crate::rules::content;
use crate::rules::Rules;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering::Relaxed};
use std::time::Instant;

/// A small fast hasher for `Move` keys (FxHash's multiply-rotate).
#[derive(Default, Clone, Copy)]
pub struct Fx(u64);

impl Hasher for Fx {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_u8(&mut self, v: u8) {
        self.write_u64(v as u64)
    }
    fn write_u16(&mut self, v: u16) {
        self.write_u64(v as u64)
    }
    fn write_u32(&mut self, v: u32) {
        self.write_u64(v as u64)
    }
    fn write_usize(&mut self, v: usize) {
        self.write_u64(v as u64)
    }
}

/// Small integer codes for moves: `0..board.len()` the placement on each cell (a cell's
/// id is its code; the codes of holes in the grid are never given), then the swap, then
/// the pass. Placements are checked against the move notation once, so `Move` stays
/// opaque elsewhere. Codes index the history table, and a placement's code maps under a
/// symmetry like its cell.
#[derive(Debug, Clone)]
pub struct Codec {
    cells: usize,
    moves: Vec<Move>,
    index: HashMap<Move, u16, BuildHasherDefault<Fx>>,
}

impl Codec {
    pub fn new(rules: &Rules) -> Result<Codec, String> {
        let b = rules.board();
        // Holes hold a pass, which no placement equals (see `code`).
        let mut moves: Vec<Move> = vec![Move::Pass; b.len()];
        for c in b.cells() {
            let name = b.cell_name(c);
            let m = Move::parse(&name, rules)
                .map_err(|e| format!("cannot name the placement on {name}: {e}"))?;
            if m.to_text(rules) != name {
                return Err(format!("the placement on {name} does not read back"));
            }
            moves[c as usize] = m;
        }
        moves.push(Move::Swap);
        moves.push(Move::Pass);
        let index = b
            .cells()
            .map(|c| c as usize)
            .chain([b.len(), b.len() + 1])
            .map(|i| (moves[i], i as u16))
            .collect();
        Ok(Codec {
            cells: b.len(),
            moves,
            index,
        })
    }

    /// The number of codes.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    #[inline]
    pub fn code(&self, m: Move) -> Option<u16> {
        // A placement's code is its cell when the notation agreed (it always has so
        // far); the map is the general path.
        if let Move::Place(c) = m {
            if self.moves.get(c as usize) == Some(&m) {
                return Some(c);
            }
        }
        self.index.get(&m).copied()
    }

    pub fn decode(&self, code: u16) -> Move {
        self.moves[code as usize]
    }

    /// The image of a move's code under a cell map.
    #[inline]
    pub fn map_code(&self, code: u16, map: &[Cell]) -> u16 {
        if (code as usize) < self.cells {
            map[code as usize]
        } else {
            code
        }
    }

    /// The image of a move under a cell map, if the move has a code.
    pub fn map(&self, m: Move, map: &[Cell]) -> Option<Move> {
        self.code(m).map(|c| self.decode(self.map_code(c, map)))
    }
}

/// Position keys: Zobrist numbers per (cell, content) and for the side facts.
pub struct Keys {
    /// `cell * 256 + content`.
    z: Vec<u64>,
    turn: [u64; 2],
    swapped: u64,
    swap_open: u64,
    /// Added to a key to separate the propositions of the proof-number search:
    /// `prop[target seat][draws prove]`.
    pub prop: [[u64; 2]; 2],
    /// The usable symmetries and their inverses.
    pub maps: Vec<Vec<Cell>>,
    pub inverses: Vec<Vec<Cell>>,
    has_swap: bool,
}

/// The most symmetries a board offers (a square's eight).
pub const MAX_SYMMETRIES: usize = 12;

impl Keys {
    pub fn new(rules: &Rules, maps: Vec<Vec<Cell>>, inverses: Vec<Vec<Cell>>) -> Keys {
        let mut rng = crate::engine::rng::Rng::new(0x7EF7_5017_u64);
        let n = rules.board().len();
        let mut z: Vec<u64> = (0..n * 256).map(|_| rng.next_u64()).collect();
        for c in 0..n {
            z[c * 256] = 0; // empty cells add nothing
        }
        assert!(maps.len() <= MAX_SYMMETRIES);
        Keys {
            z,
            turn: [rng.next_u64(), rng.next_u64()],
            swapped: rng.next_u64(),
            swap_open: rng.next_u64(),
            prop: [
                [rng.next_u64(), rng.next_u64()],
                [rng.next_u64(), rng.next_u64()],
            ],
            maps,
            inverses,
            has_swap: rules.has_swap(),
        }
    }

    /// The canonical key of a position, the index of the symmetry that gives it, and
    /// the number of empty cells.
    #[inline]
    pub fn key(&self, s: &State) -> (u64, usize, usize) {
        let h = self.hashes(s.cells());
        let (key, sym) = self.canonical(&h, s);
        let empties = s.cells().iter().filter(|&&v| v == content::EMPTY).count();
        (key, sym, empties)
    }

    /// The hash of the cells under each symmetry.
    #[inline]
    pub fn hashes(&self, cells: &[u8]) -> Hashes {
        let mut h = [0u64; MAX_SYMMETRIES];
        for (c, &v) in cells.iter().enumerate() {
            if v != 0 {
                for (hk, map) in h.iter_mut().zip(&self.maps) {
                    *hk ^= self.z[(map[c] as usize) << 8 | v as usize];
                }
            }
        }
        h
    }

    /// The hashes of `child`'s cells, from those of `parent`'s: only the cells that
    /// differ are looked at (found eight at a time).
    #[inline]
    pub fn child_hashes(&self, parent: &Hashes, pcells: &[u8], child: &[u8]) -> Hashes {
        let mut h = *parent;
        let mut changed = |c: usize, a: u8, b: u8| {
            for (hk, map) in h.iter_mut().zip(&self.maps) {
                let at = (map[c] as usize) << 8;
                *hk ^= self.z[at | a as usize] ^ self.z[at | b as usize];
            }
        };
        let (pe, pt) = pcells.as_chunks::<8>();
        let (ce, ct) = child.as_chunks::<8>();
        for (i, (pa, ca)) in pe.iter().zip(ce).enumerate() {
            if pa != ca {
                for (k, (&a, &b)) in pa.iter().zip(ca).enumerate() {
                    if a != b {
                        changed(8 * i + k, a, b);
                    }
                }
            }
        }
        for (k, (&a, &b)) in pt.iter().zip(ct).enumerate() {
            if a != b {
                changed(8 * pe.len() + k, a, b);
            }
        }
        h
    }

    /// The canonical key of a position with cell hashes `h`, and the symmetry giving it.
    #[inline]
    pub fn canonical(&self, h: &Hashes, s: &State) -> (u64, usize) {
        let mut side = self.turn[s.to_move() & 1];
        if s.swapped() {
            side ^= self.swapped;
        }
        if self.has_swap && s.ply() == 1 && !s.swapped() {
            side ^= self.swap_open;
        }
        let mut best = (h[0] ^ side, 0);
        for (k, &hk) in h.iter().enumerate().take(self.maps.len()).skip(1) {
            if hk ^ side < best.0 {
                best = (hk ^ side, k);
            }
        }
        best
    }
}

/// A position's cell hashes, one per usable symmetry.
pub type Hashes = [u64; MAX_SYMMETRIES];

/// Why a search stopped before its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum Halt {
    Running = 0,
    /// The answer is known (another root move won).
    Done = 1,
    /// The node budget ran out.
    Budget = 2,
    /// A line grew longer than any game of a board this size can be.
    TooLong = 3,
    /// A legal move could not be given a code.
    Unnamed = 4,
    /// The table kept forgetting more work than the search did.
    Memory = 5,
    /// The time limit ran out.
    Time = 6,
}

/// What all threads share.
pub struct Shared {
    pub rules: std::sync::Arc<Rules>,
    pub table: Table,
    pub keys: Keys,
    pub codec: Codec,
    /// A `Halt` as a byte.
    pub halt: AtomicU8,
    pub nodes: AtomicU64,
    pub max_nodes: u64,
    /// The longest line a search may follow before it is declared unbounded.
    pub max_depth: usize,
    /// Static order of placements: central cells first.
    pub centrality: Vec<u32>,
    pub started: Instant,
    /// Table entries filled so far, over all threads (updated every few thousand nodes).
    pub filled: AtomicU64,
    /// The positions it took to find the table entries overwritten so far (estimated).
    pub lost: AtomicU64,
    /// The most positions any one overwritten entry took to find (estimated).
    pub biggest_loss: AtomicU64,
    /// First moves solved so far (when they are solved one by one).
    pub first_moves_done: std::sync::atomic::AtomicUsize,
    /// The start position's proof and disproof numbers (`pn << 32 | dn`), 0 if unknown.
    pub root_numbers: AtomicU64,
    /// The positions searched when the table became three quarters full (0: not yet),
    /// and the work forgotten by then (see [`Shared::exhausted`]).
    pub full_at: AtomicU64,
    pub lost_at_full: AtomicU64,
    /// Threads that share one proof-number search: how many are inside each position
    /// now, by a hash of its key (see `Busy`), and whether one of them has solved the
    /// position they all work on.
    pub busy: Busy,
    pub proof_done: AtomicBool,
}

/// How many threads are searching below each position right now, counted in a small
/// table indexed by bits of the position's key that the transposition table does not
/// use for its buckets. A collision only makes a thread avoid a position needlessly.
pub struct Busy(Vec<AtomicU8>);

const BUSY_BITS: u32 = 16;

impl Busy {
    pub fn new() -> Busy {
        Busy((0..1 << BUSY_BITS).map(|_| AtomicU8::new(0)).collect())
    }

    #[inline]
    fn slot(&self, key: u64) -> &AtomicU8 {
        &self.0[(key >> (64 - BUSY_BITS)) as usize]
    }

    #[inline]
    pub fn enter(&self, key: u64) {
        self.slot(key).fetch_add(1, Relaxed);
    }

    #[inline]
    pub fn leave(&self, key: u64) {
        self.slot(key).fetch_sub(1, Relaxed);
    }

    #[inline]
    pub fn is_busy(&self, key: u64) -> bool {
        self.slot(key).load(Relaxed) != 0
    }
}

impl Default for Busy {
    fn default() -> Busy {
        Busy::new()
    }
}

impl Shared {
    pub fn halted(&self) -> Halt {
        match self.halt.load(Relaxed) {
            0 => Halt::Running,
            1 => Halt::Done,
            2 => Halt::Budget,
            3 => Halt::TooLong,
            4 => Halt::Unnamed,
            5 => Halt::Memory,
            _ => Halt::Time,
        }
    }

    /// Whether the table is exhausted: once three quarters full (from then on nearly
    /// every new result replaces an old one), the search has gone on for as long again
    /// as it took to get there, and meanwhile the table forgot more work than the
    /// search did. The forgotten work is estimated from each entry's recorded subtree
    /// size as the next power of two, at most twice the truth, so forgetting counts
    /// only when its estimate is twice the positions searched.
    pub fn exhausted(&self, nodes: u64) -> bool {
        let full_at = self.full_at.load(Relaxed);
        if full_at == 0 {
            if self.filled.load(Relaxed).saturating_mul(4) >= self.table.capacity() as u64 * 3 {
                self.lost_at_full.store(self.lost.load(Relaxed), Relaxed);
                self.full_at.store(nodes, Relaxed);
            }
            return false;
        }
        let since = nodes.saturating_sub(full_at);
        let forgotten = self
            .lost
            .load(Relaxed)
            .saturating_sub(self.lost_at_full.load(Relaxed));
        since > full_at.max(LOSS_GRACE) && forgotten >= since.saturating_mul(2)
    }

    /// Asks every search to stop (the first reason wins).
    pub fn stop(&self, why: Halt) {
        let _ = self
            .halt
            .compare_exchange(Halt::Running as u8, why as u8, Relaxed, Relaxed);
    }
}

/// Counts one thread gathers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    /// Positions searched (interior and terminal).
    pub nodes: u64,
    /// Terminal positions met: won, drawn (no winner: deadlock), stopped by a broken claim,
    /// or ended some other way the solver does not know (scored as no winner).
    pub wins: u64,
    pub draws: u64,
    pub stopped: u64,
    pub other: u64,
    /// Table stores that filled an empty slot, and that replaced another position.
    pub filled: u64,
    pub replaced: u64,
    /// The positions it took to find the overwritten entries (estimated from their
    /// recorded subtree sizes).
    pub lost: u64,
    pub hits: u64,
}

impl Counts {
    pub fn add(&mut self, o: &Counts) {
        self.nodes += o.nodes;
        self.wins += o.wins;
        self.draws += o.draws;
        self.stopped += o.stopped;
        self.other += o.other;
        self.filled += o.filled;
        self.replaced += o.replaced;
        self.lost += o.lost;
        self.hits += o.hits;
    }
}

/// Nodes between looks at the shared state (budget, table use) and reports to the
/// shared counts; the stop flag itself is read at every node.
const CHECK_EVERY: u64 = 1 << 12;

/// A slow search (a large board through the interpreter: tens of positions a second)
/// also reports once this long has passed, looked at every [`CLOCK_EVERY`] nodes, so
/// that its progress never says "0 positions" for a minute.
const REPORT_AFTER: std::time::Duration = std::time::Duration::from_millis(500);
const CLOCK_EVERY: u64 = 16;

/// The table is exhausted when it has to forget a single result that took at least
/// `1 / LOSS_SHARE` of all the positions searched so far: a table big enough for the
/// search only ever forgets small results (the smallest of a bucket of four), while a
/// table far too small keeps dropping the large ones near the top of the tree and the
/// search would mostly redo its own work.
pub const LOSS_SHARE: u64 = 64;

/// Below this many positions the search never declares the table exhausted.
const LOSS_GRACE: u64 = 1 << 16;

/// A thread's counters, and its link to the shared node count and stop flag.
pub struct Meter<'a> {
    pub sh: &'a Shared,
    pub counts: Counts,
    unflushed: u64,
    unflushed_filled: u64,
    unflushed_lost: u64,
    biggest_loss: u64,
    /// When this thread last reported to the shared counts.
    reported: Instant,
}

impl<'a> Meter<'a> {
    pub fn new(sh: &'a Shared) -> Meter<'a> {
        Meter {
            sh,
            counts: Counts::default(),
            unflushed: 0,
            unflushed_filled: 0,
            unflushed_lost: 0,
            biggest_loss: 0,
            reported: Instant::now(),
        }
    }

    /// Adds this thread's unreported nodes and table entries to the shared counts.
    pub fn flush(&mut self) {
        self.sh.nodes.fetch_add(self.unflushed, Relaxed);
        self.sh.filled.fetch_add(self.unflushed_filled, Relaxed);
        self.sh.lost.fetch_add(self.unflushed_lost, Relaxed);
        self.unflushed = 0;
        self.unflushed_filled = 0;
        self.unflushed_lost = 0;
        self.reported = Instant::now();
    }

    /// Counts a node; false when the search must stop.
    #[inline]
    pub fn tick(&mut self) -> bool {
        self.counts.nodes += 1;
        self.unflushed += 1;
        if self.unflushed >= CHECK_EVERY
            || self.unflushed.is_multiple_of(CLOCK_EVERY) && self.reported.elapsed() >= REPORT_AFTER
        {
            let before = self.sh.nodes.load(Relaxed);
            let mine = self.unflushed;
            self.flush();
            let nodes = before + mine;
            if nodes >= self.sh.max_nodes {
                self.sh.stop(Halt::Budget);
            }
            let biggest = self.sh.biggest_loss.load(Relaxed);
            if nodes > LOSS_GRACE && biggest.saturating_mul(LOSS_SHARE) >= nodes
                || self.sh.exhausted(nodes)
            {
                self.sh.stop(Halt::Memory);
            }
        }
        self.running()
    }

    #[inline]
    pub fn running(&self) -> bool {
        self.sh.halted() == Halt::Running
    }

    /// Counts what a table store did.
    #[inline]
    pub fn stored(&mut self, s: Stored) {
        match s {
            Stored::Filled => {
                self.counts.filled += 1;
                self.unflushed_filled += 1;
            }
            Stored::Replaced(w) => {
                self.counts.replaced += 1;
                let lost = 1u64 << w.min(62);
                self.counts.lost += lost;
                self.unflushed_lost += lost;
                if lost > self.biggest_loss {
                    self.biggest_loss = lost;
                    self.sh.biggest_loss.fetch_max(lost, Relaxed);
                }
            }
            Stored::Updated => {}
        }
    }

    /// How a finished game ended, counting it: the winning colour, or `None` for no
    /// winner (a deadlock, a broken claim, or an ending the solver does not know).
    #[inline]
    pub fn ending(&mut self, s: &State) -> Option<Option<usize>> {
        let o = s.outcome()?;
        Some(match o {
            Outcome::Win(c) => {
                self.counts.wins += 1;
                Some(c)
            }
            Outcome::Draw(_) => {
                self.counts.draws += 1;
                None
            }
            Outcome::Stopped(_) => {
                self.counts.stopped += 1;
                None
            }
            #[allow(unreachable_patterns)]
            _ => {
                self.counts.other += 1;
                None
            }
        })
    }
}

/// `log2` of a node count, for the table's replacement policy.
#[inline]
pub fn work(nodes: u64) -> u8 {
    (64 - nodes.leading_zeros()) as u8
}
